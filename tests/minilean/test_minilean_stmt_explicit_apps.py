# ruff: noqa: E501
"""Round 24 (statable terms): functions that minilean read only as notation or not at all.

- `Finset.sum s (fun k => f k)` / `Finset.prod …`: the term behind `∑ k ∈ s, f k` (explicit_apps.py);
- `Nat.cast` / `Int.cast` / `Rat.cast x`: the coercion `↑x` (refused into the argument's own type);
- `succ n` under `open Nat` (`Nat.succ`; ambiguous under `open Int` too: `Int.succ` is not modelled);
- `a.natAbs` / `a.toNat` and `(a - b).natAbs` on ℤ (Lean's generalized field notation, namespace `Int`);
- `Nat.totient` (closed values by `decide`/`rfl` only; no norm_num extension), and the ground instances of
  `Nat.ModEq.pow_totient`;
- simp's `Rat.cast_inv` (`↑(q⁻¹) = (↑q)⁻¹`), which `Rat.cast (1 / 7)` meets after `one_div`.
"""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.explicit_apps import as_bigop, as_cast
from minilean.syntax import SyntaxErr, parse_term, to_prop


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


def test_explicit_bigop_is_the_notation() -> None:
    ctx = {"m": "ℕ"}
    a = to_prop(parse_term("Finset.sum (Finset.range m) (fun j => j * 2) = 6"), ctx)
    b = to_prop(parse_term("∑ j ∈ Finset.range m, j * 2 = 6"), ctx)
    assert a == b
    c = to_prop(parse_term("Finset.prod (Finset.Icc 2 m) (fun j : ℕ => (j : ℝ) + 1) ≤ 5"), ctx)
    d = to_prop(parse_term("∏ j ∈ Finset.Icc (2 : ℕ) m, ((j : ℝ) + 1) ≤ 5"), ctx)
    assert c == d
    # other shapes stay applications (not stated)
    assert as_bigop(("id", "Finset.sum"), (("id", "s"), ("id", "f"))) is None
    assert as_cast(("id", "Rat.cast"), (("id", "q"), ("id", "r"))) is None


def test_explicit_bigop_binder_type_must_fit_the_index_set() -> None:
    with pytest.raises(SyntaxErr):
        to_prop(parse_term("Finset.sum (Finset.range 4) (fun j : ℤ => j) = 6"), {})


def test_explicit_cast_is_the_coercion() -> None:
    ctx = {"q": "ℚ", "z": "ℤ", "r": "ℝ"}
    assert to_prop(parse_term("(Rat.cast q : ℝ) = r"), ctx) == to_prop(parse_term("(↑q : ℝ) = r"), ctx)
    assert to_prop(parse_term("Int.cast z + r = 0"), ctx) == to_prop(parse_term("↑z + r = 0"), ctx)
    with pytest.raises(SyntaxErr):  # no RatCast ℤ
        to_prop(parse_term("(Rat.cast q : ℤ) = z"), ctx)
    with pytest.raises(SyntaxErr):  # `Int.cast z : ℤ` is a real application, not `z`
        to_prop(parse_term("(Int.cast z : ℤ) = z"), ctx)


ACCEPTED = [
    "theorem x1 (m : ℕ) (h : m = 3) : Finset.sum (Finset.range m) (fun j => j * 2) = 6 := by\n  subst h\n  decide",
    "theorem x2 (f : ℕ → ℝ) (m : ℕ) (h : ∏ j ∈ Finset.Icc 1 m, f j = 2) : Finset.prod (Finset.Icc 1 m) (fun j : ℕ => f j) = 2 := by\n  exact h",
    "theorem x3 (p : ℚ) (h : p = 3) : (Rat.cast p : ℝ) = 3 := by\n  rw [h]\n  norm_num",
    "theorem x4 : (2 : ℝ) / 5 = Rat.cast (2 / 5 : ℚ) := by\n  push_cast\n  rfl",
    "theorem x5 : (1 : ℝ) / 9 = Rat.cast (1 / 9 : ℚ) := by\n  simp",
    "open Nat\ntheorem x6 (m : ℕ) (h : succ m = 5) : Nat.succ m = 5 := by\n  exact h",
    "open Nat Real\ntheorem x7 (m : ℕ) (h : m.succ = 5) : succ m = 5 := h",
    "theorem x8 (c : ℤ) (h : c = -7) : c.natAbs = 7 := by\n  subst h\n  decide",
    "theorem x9 (c d : ℤ) (h : c - d = 4) : (c - d).natAbs = 4 := by\n  rw [h]\n  rfl",
    "theorem x10 (c : ℤ) (h : c = -2) : c.toNat = 0 := by\n  subst h\n  rfl",
    "theorem x11 : Nat.totient 9 = 6 := by\n  decide",
    "theorem x12 : Nat.totient 7 = 6 := by\n  rfl",
    "theorem x13 (h : Nat.gcd 3 8 = 1) : 3 ^ Nat.totient 8 ≡ 1 [MOD 8] := Nat.ModEq.pow_totient h",
]

REFUSED = [
    # false variants (soundness)
    "theorem y1 (m : ℕ) (h : m = 3) : Finset.sum (Finset.range m) (fun j => j * 2) = 7 := by\n  subst h\n  decide",
    "theorem y2 : (1 : ℝ) / 9 = Rat.cast (1 / 8 : ℚ) := by\n  simp",
    "open Nat\ntheorem y3 (m : ℕ) (h : succ m = 5) : Nat.succ m = 6 := by\n  exact h",
    "theorem y4 (c : ℤ) (h : c = -7) : c.natAbs = 6 := by\n  subst h\n  decide",
    "theorem y5 : Nat.totient 9 = 5 := by\n  decide",
    "theorem y6 (h : Nat.gcd 3 8 = 1) : 3 ^ Nat.totient 8 ≡ 2 [MOD 8] := Nat.ModEq.pow_totient h",
    # Lean's refusals stay refusals: no norm_num extension and no simp lemma evaluates φ 9; omega and
    # linarith see `φ n` as an atom (minilean's z3 knows `φ n ≤ n`, they must not)
    "theorem y7 : Nat.totient 9 = 6 := by\n  norm_num",
    "theorem y8 : Nat.totient 9 = 6 := by\n  simp",
    "theorem y9 (m : ℕ) : Nat.totient m ≤ m := by\n  omega",
    "theorem y10 : Nat.totient 9 = 6 := by\n  omega",
    # past `nat_totient.MAX_DECIDE` minilean does not claim Lean's `decide` finishes (weaker, refused)
    "theorem y14 : Nat.totient 31 = 30 := by\n  decide",
    # `succ` without `open Nat` is unknown; with `open Int` too, `Int.succ` might apply (not modelled)
    "theorem y11 (m : ℕ) (h : succ m = 5) : Nat.succ m = 5 := by\n  exact h",
    "open Nat Int\ntheorem y12 (m : ℕ) (h : succ m = 5) : Nat.succ m = 5 := by\n  exact h",
    # natAbs is not a field of ℕ
    "theorem y13 (m : ℕ) : m.natAbs = m := by\n  rfl",
]


@pytest.mark.parametrize("src", ACCEPTED)
def test_explicit_apps_accepted(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSED)
def test_explicit_apps_refused(src: str) -> None:
    assert not _accepts(src), src
