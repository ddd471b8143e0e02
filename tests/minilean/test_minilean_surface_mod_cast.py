"""`exact_mod_cast` / `assumption_mod_cast`: equal up to the norm_cast normal form, and nothing more."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env
from minilean.mod_cast import norm_prop
from minilean.syntax import parse_prop


def _run(head: str, *lines: str) -> list[str]:
    src = f"theorem {head} := by\n" + "".join(f"  {t}\n" for t in lines)
    return [m.data for m in elaborate(initial_env(), src).messages if m.severity == "error"]


def test_normal_form_lowers_relations_between_casts() -> None:
    ctx = {"a": "ℕ", "b": "ℕ", "z": "ℤ"}
    assert norm_prop(parse_prop("(a : ℝ) + 1 < b", ctx)) == parse_prop("a + 1 < b", ctx)
    assert norm_prop(parse_prop("((a * b : ℕ) : ℝ) = 6", ctx)) == parse_prop("a * b = 6", ctx)
    # truncated ℕ subtraction is not pushed through the cast
    assert norm_prop(parse_prop("((a - b : ℕ) : ℤ) = 2", ctx)) != parse_prop("(a : ℤ) - b = 2", ctx)
    assert norm_prop(parse_prop("(z : ℝ) - 1 = 0", ctx)) == parse_prop("z - 1 = 0", ctx)


def test_exact_mod_cast_accepts_cast_variants() -> None:
    assert _run("a (k : ℕ) (h : k ≥ 2) : (k : ℝ) ≥ 2", "exact_mod_cast h") == []
    assert _run("c (a b : ℕ) (h : a + 1 < b) : (a : ℝ) + 1 < b", "exact_mod_cast h") == []
    assert _run("e (a b : ℤ) (h : a * b = 6) : ((a * b : ℤ) : ℝ) = 6", "exact_mod_cast h") == []
    assert _run("f (a b : ℕ) (h : (a : ℤ) ∣ b) : a ∣ b", "exact_mod_cast h") == []
    assert _run("g (k : ℕ) (hk : k > 0) : (k : ℝ) ≥ 0",
                "have hk2 : (k : ℝ) ≥ 0 := by exact_mod_cast show 0 ≤ k by linarith", "exact hk2") == []
    assert _run("i (k : ℕ) (h : k ≥ 2) : (k : ℝ) ≥ 2", "assumption_mod_cast") == []


def test_exact_mod_cast_rejects_what_is_not_the_same_statement() -> None:
    errs = _run("b (k : ℕ) (h : k ≥ 2) : (k : ℝ) ≥ 3", "exact_mod_cast h")
    assert errs and "does not match" in errs[0]
    assert _run("d (a b : ℕ) (h : (a : ℤ) - b = 2) : a - b = 2", "exact_mod_cast h")
    assert _run("j (k : ℕ) (h : k ≥ 2) : (k : ℝ) > 2", "assumption_mod_cast")
