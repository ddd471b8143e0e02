"""MiniF2F-lite: the shipped statements, what minilean can state, and that it states them as Lean does."""

from __future__ import annotations

from minilean import minif2f
from minilean.coverage import coverage
from minilean.engine import elaborate, initial_env


def test_shipped_data_with_license() -> None:
    assert len(minif2f.load("valid")) == 244 and len(minif2f.load("test")) == 244
    lic = (minif2f._DIR / "LICENSE").read_text()
    assert "MIT" in lic or "Permission is hereby granted" in lic


def test_at_least_120_valid_statements_are_statable() -> None:
    ok, total, reasons = coverage("valid")
    assert total == 244 and ok >= 120, (ok, reasons.most_common(5))
    assert sum(reasons.values()) == total - ok


def test_headers_are_accepted() -> None:
    row = minif2f.statable_rows("valid")[0]
    assert row["header"].startswith("set_option maxHeartbeats")
    assert minif2f.statable(row["statement"], row["header"]) == (True, "")
    assert not minif2f.statable(row["statement"], "set_option debug.skipKernelTC true")[0]


def test_statable_gives_reasons() -> None:
    good, why = minif2f.statable("theorem t (x : ℝ) (h : 0 < x) : 0 < x ^ 2 := by\n  sorry")
    assert good and why == ""
    bad, why = minif2f.statable("theorem t (x : ℝ) : Real.arctan x ≥ 0 := by\n  sorry")
    assert not bad and "Real.arctan" in why
    bad, why = minif2f.statable("theorem t (x : NNReal) : x = x := by\n  sorry")
    assert not bad and "NNReal" in why


def _goal(stmt: str) -> str:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, res.messages
    return res.sorries[0].render().split("⊢ ")[-1]


def test_statements_mean_what_lean_means() -> None:
    # coercions go to the leaves (binop%), never around a truncated ℕ subtraction
    assert _goal("(n : ℕ) (x : ℝ) : x = n - 1") == "x = ↑n - 1"
    assert _goal("(n : ℕ) : (n - 1 : ℝ) = 0") == "(↑n - 1 : ℝ) = 0"  # ascribed: reads back the same
    assert _goal("(f : ℕ → ℝ) (n : ℕ) : f (n - 1) = n") == "f (n - 1) = ↑n"
    # untyped bound variables get the type Lean's unifier gives them
    assert _goal("(f : ℝ → ℝ) : ∀ x, f x = 2 * x") == "∀ (x : ℝ), f x = 2 * x"
    assert _goal(": ∀ n ≥ 5, n ^ 2 > 20") == "∀ (n : ℕ), n ≥ 5 → n ^ 2 > 20"


def test_lean4_integer_division_semantics() -> None:
    # Int.ediv / Int.emod and x / 0 = 0, checked through `decide` (closed ℕ/ℤ evaluation)
    def decides(stmt: str) -> bool:
        res = elaborate(initial_env(), f"theorem t : {stmt} := by\n  decide")
        return not res.has_errors

    assert decides("(-7 : ℤ) / 2 = -4") and decides("(-7 : ℤ) % 2 = 1")
    assert decides("(7 : ℤ) / -2 = -3") and decides("(-7 : ℤ) % -2 = 1")
    assert decides("(5 : ℕ) / 0 = 0") and decides("(5 : ℕ) % 0 = 5")
    assert decides("(3 : ℕ) - 5 = 0") and not decides("(3 : ℤ) - 5 = 0")
    assert decides("Nat.gcd 12 18 = 6") and decides("Even (10 : ℤ)") and not decides("Odd (10 : ℕ)")
    # Mathlib marks `Nat.minFacAux` @[semireducible] so that `decide` settles small primes (decide_prime.py)
    assert decides("Nat.Prime 97") and not decides("Nat.Prime 91")
    assert not decides("(2 : ℝ) + 2 = 4")  # Real is not decidable / computable
