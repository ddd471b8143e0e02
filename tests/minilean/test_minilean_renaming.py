"""Renaming: into big operators (bounds, summands, filters, never the index), and the source re-check
renames what the source binds while Lean's vocabulary keeps its meaning."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.goals import TacticFail
from minilean.names import rename_prop
from minilean.syntax import prop_vars


def _target(stmt: str):
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, [m.data for m in res.messages]
    return res.sorries[0].goals[0].target


def test_rename_reaches_bounds_and_summands() -> None:
    p = _target("(n m : ℕ) : (∑ k ∈ Finset.range n, (k + m)) = 6")
    out = rename_prop(p, "n", "a")
    assert "n" not in prop_vars(out) and "a" in prop_vars(out)
    out = rename_prop(out, "m", "b")
    assert prop_vars(out) == {"a", "b"}


def test_the_index_is_not_renamed_and_capture_is_refused() -> None:
    p = _target("(n m : ℕ) : (∑ k ∈ Finset.range n, (k + m)) = 6")
    assert rename_prop(p, "k", "z") == p  # `k` is bound: nothing free to rename
    with pytest.raises(TacticFail, match="captured"):
        rename_prop(p, "m", "k")


def test_a_case_rename_inside_a_sum_leaves_nothing_dangling() -> None:
    src = ("theorem t (f : ℕ → ℕ) (h : ∃ n, (∑ k ∈ Finset.range n, f k) = 3) : True := by\n"
           "  obtain ⟨x, hx⟩ := h\n  trivial")
    res = elaborate(initial_env(), src)
    assert not res.has_errors, [m.data for m in res.messages]


def test_the_source_recheck_renames_bound_names_and_keeps_lean_vocabulary() -> None:
    from minilean import recheck

    src = ("set_option linter.all false\n"
           "theorem t (n : ℕ) (x : ℝ) (h : 0 < x) : x = ∑ k in Finset.range n, (k : ℝ) := by\n"
           "  induction n with\n  | zero => simp\n"
           "  | succ m ih => nlinarith [sq_nonneg (x - 1), mul_pos h h]")
    out = recheck.renamed_source(src)
    for kept in ("linter.all", "Finset.range", "zero", "succ", "simp", "nlinarith", "sq_nonneg", "mul_pos",
                 " in "):
        assert kept in out, kept
    for bound in ("(n :", "(x :", "(h :", "∑ k ", "succ m ih", "theorem t "):
        assert bound not in out, bound
    assert recheck.bound_names(src) == {"t", "n", "x", "h", "k", "m", "ih"}


def test_a_type_ascription_of_a_dotted_term_binds_nothing() -> None:
    # `(Eq.symm h : b = a)` ascribes a term; reading it as a binder group renamed the lemma's namespace
    # (`r0_Eq.symm`), so the re-check refused a proof Lean accepts
    from minilean import recheck

    src = "theorem t (a b : ℝ) (h : a = b) : b = a := by\n  exact (Eq.symm h : b = a)"
    assert recheck.bound_names(src) == {"t", "a", "b", "h"}
    res = elaborate(initial_env(), src)
    assert not res.has_errors and not res.sorries
    wrong = "theorem t (a b : ℝ) (h : a = b) : a = b + 1 := by\n  exact (Eq.symm h : b = a)"
    assert elaborate(initial_env(), wrong).has_errors


def test_a_hypothesis_named_like_a_tactic_keeps_the_tactic() -> None:
    # Lean reads a leading identifier in tactic position as the tactic (the tactic category's leading-ident
    # behaviour), so `have contradiction : …` and a later `contradiction` line coexist; renaming the tactic
    # too made the re-check call a proof Lean accepts unsound
    from minilean import recheck

    src = ("theorem t (y : ℝ) (hy : 2 < y) (hy' : y < 1) : y = 7 := by\n"
           "  have contradiction : (1 : ℝ) < 1 := by linarith\n"
           "  have simp : ¬ ((1 : ℝ) < 1) := by norm_num\n"
           "  first | contradiction | exact absurd contradiction simp")
    out = recheck.renamed_source(src)
    assert "have contradiction" not in out and "have simp " not in out  # the hypotheses are renamed
    assert "first | contradiction |" in out  # the tactic stays
    assert "exact absurd contradiction simp" not in out  # as arguments they are the hypotheses
    res = elaborate(initial_env(), src)
    assert not res.has_errors and not res.sorries
    # the same shape with a hypothesis that does not contradict the other: still rejected
    weak = src.replace("(hy' : y < 1)", "(hy' : y < 3)")
    assert elaborate(initial_env(), weak).has_errors


def test_a_tactic_word_outside_tactic_position_is_still_renamed() -> None:
    from minilean import recheck

    src = "theorem t (p : Prop) (hp : p) : p := by\n  have rfl : p := hp\n  exact rfl"
    out = recheck.renamed_source(src)
    assert "exact rfl" not in out and "have rfl" not in out
