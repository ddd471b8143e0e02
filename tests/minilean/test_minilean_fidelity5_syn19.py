"""Round 19b: surface syntax. Mathlib's `trans e` (Mathlib/Tactic/Relation/Trans.lean) and Lean core's
`{ tac; … }` tactic block (`evalTacticSeqBracketed`: `closeUsingOrAdmit`, i.e. focus on the main goal and
close it)."""

from __future__ import annotations

from lemma_batch_checks import accepts

from minilean import engine  # noqa: F401  (engine registers the proof checker)

# ---- trans e (minilean/trans_tac.py)

EQ3 = "(a b c : ℝ) (h1 : a = b) (h2 : b = c) : a = c := by\n  trans b\n"


def test_trans_splits_into_two_goals_in_order() -> None:
    assert accepts(EQ3 + "  · exact h1\n  · exact h2")
    assert accepts(EQ3 + "  exact h1\n  exact h2")
    # the first goal is `a = b`, the second `b = c`
    assert not accepts(EQ3 + "  exact h2\n  exact h1")
    # both goals must be closed
    assert not accepts(EQ3 + "  exact h1")


def test_trans_keeps_the_relation() -> None:
    tail = "  trans b\n  · exact h1\n  · exact h2"
    assert accepts("(a b c : ℕ) (h1 : a ≤ b) (h2 : b ≤ c) : a ≤ c := by\n" + tail)
    assert accepts("(a b c : ℤ) (h1 : a < b) (h2 : b < c) : a < c := by\n" + tail)
    # on `<` both new goals are `<` (lt_trans), so a `≤` fact does not close the second one
    assert not accepts(
        "(a b c : ℤ) (h1 : a < b) (h2 : b ≤ c) : a < c := by\n  trans b\n  · exact h1\n  · exact h2"
    )


def test_trans_elaborates_the_middle_at_the_goal_type() -> None:
    assert accepts("(x : ℝ) (h : x = 2) : x / 4 = 1 / 2 := by\n  trans 2 / 4\n  · rw [h]\n  · norm_num")
    assert accepts("(x : ℕ) (h : x = 2) : x + 1 = 3 := by\n  trans 2 + 1\n  · rw [h]\n  · rfl")
    # a false middle step is not provable
    assert not accepts("(x : ℝ) (h : x = 2) : x / 4 = 1 / 2 := by\n  trans 3 / 4\n  · rw [h]\n  · norm_num")


def test_trans_refusals() -> None:
    # no middle term (a metavariable shared by both goals) is not modelled
    assert not accepts("(a b c : ℝ) (h1 : a = b) (h2 : b = c) : a = c := by\n  trans\n  exact h1\n  exact h2")
    # `≠` is not transitive: Lean finds no lemma either
    assert not accepts("(a b : ℝ) (h : a ≠ b) : a ≠ b := by\n  trans b\n  all_goals exact h")
    # not a relation
    assert not accepts("(p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  trans p\n  all_goals exact ⟨hp, hq⟩")


# ---- { tac … } blocks (minilean/brace_blocks.py)

AND = "(a b : ℝ) (h1 : a = 1) (h2 : b = 2) : a + 1 = 2 ∧ b = 2 := by\n  constructor\n"


def test_brace_block_focuses_the_main_goal() -> None:
    assert accepts(AND + "  { rw [h1]; norm_num }\n  { exact h2 }")
    assert accepts(AND + "  { rw [h1]\n    norm_num }\n  exact h2")
    assert accepts(AND + "  {\n    rw [h1]\n    norm_num\n  }\n  {\n    exact h2\n  }")
    # the block runs on the first goal only: `exact h2` inside it meets `a + 1 = 2`
    assert not accepts(AND + "  { exact h2 }\n  { rw [h1]; norm_num }")


def test_brace_block_must_close_its_goal() -> None:
    # `1 + 1 = 2` is left open inside the braces (rw's rfl does not close it on ℝ): unsolved goals
    assert not accepts(AND + "  { rw [h1] }\n  { exact h2 }")
    assert not accepts(AND + "  { skip }\n  { exact h2 }\n  rw [h1]\n  norm_num")


def test_by_brace_is_a_by_block() -> None:
    head = "(a : ℝ) (h1 : a = 1) : a + 1 = 2 := by\n"
    have = head + "  have h : a = 1 := by {\n    {body}\n  }\n  rw [h]\n  norm_num"
    assert accepts(have.replace("{body}", "exact h1"))
    assert not accepts(have.replace("{body}", "skip"))
    assert accepts("(a : ℝ) (h1 : a = 1) : a + 1 = 2 := by {\n  rw [h1]\n  norm_num\n}")
    assert not accepts("(a : ℝ) (h1 : a = 1) : a + 1 = 2 := by {\n  rw [h1]\n}")
    assert accepts(head + "  have h : a = 1 := by { exact h1 }\n  rw [h]\n  norm_num")


def test_unbalanced_brace_is_refused() -> None:
    assert not accepts("(a : ℝ) (h1 : a = 1) : a = 1 := by\n  { exact h1")


# ---- precise refusals for terms outside the fragment (minilean/syntax.py)


def _errors(src: str) -> list[str]:
    from minilean.engine import elaborate, initial_env

    return [m.data for m in elaborate(initial_env(), f"theorem t {src}").messages if m.severity == "error"]


def test_outside_terms_are_refused_with_the_reason() -> None:
    head = "(k : ℕ) (h : k = 5) : k = 5 := by\n  have h2 : "
    cases = {
        "k ∈ [5, 7]": "list literals",
        "k ∈ ({5, 7} : Set ℕ)": "`{…}` terms",  # Finset literals are modelled since round 20b
        "Set.Icc 5 5 ⊆ Set.Icc 0 9": "`⊆`",
        "Set.Icc 5 5 ∪ Set.Icc 0 9 = Set.Icc 0 9": "`∪`",
    }
    for stmt, why in cases.items():
        errs = _errors(head + stmt + " := by sorry\n  exact h")
        assert errs and why in errs[0] and "outside the fragment" in errs[0], (stmt, errs)


def test_let_refusals_name_the_form() -> None:
    head = "(f : ℤ → ℤ) (h : f 0 = 1) : f 0 = 1 := by\n"
    errs = _errors(head + "  let P (g : ℤ → ℤ) (k : ℕ) : Prop := g k = 1\n  exact h")
    assert errs and "let-bound predicate" in errs[0], errs
    # a numeric let-bound value is modelled: `rfl` sees through it, as Lean's zeta-delta does
    assert accepts("(x : ℝ) : x + 1 = x + 1 := by\n  let y := x + 1\n  show y = x + 1\n  rfl")
    # `linarith` treats the let variable as an atom (no zeta-delta): it needs the value as a hypothesis
    base = "(x : ℝ) : x < x + 2 := by\n  let y := x + 1\n"
    assert not accepts(base + "  have h : x < y := by linarith\n  linarith")
    assert accepts(base + "  have hy : y = x + 1 := rfl\n  have h : x < y := by linarith\n  linarith")
