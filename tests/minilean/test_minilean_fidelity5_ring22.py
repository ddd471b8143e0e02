"""Round 22c: `ring` / `ring_nf` on powers with a variable exponent, as Mathlib's `Mathlib/Tactic/Ring`.

Exponents are ℕ polynomials: `x ^ (a + b) = x ^ a * x ^ b`, `(x ^ a) ^ b = x ^ (a * b)`,
`(x * y) ^ n = x ^ n * y ^ n`; a numeral base is never evaluated under a symbolic exponent (`2 ^ n`
is its own factor, so ring does not prove `4 ^ n = 2 ^ (2 * n)`); a sum base is normalized
(`(x + 1) ^ n = (1 + x) ^ n`); `0 ^ e = 0` only when `e` is provably positive. `ring_nf` closes a goal
whose two sides get one normal form and prints the rest in ring's form (`x * x ^ n`, `2 ^ n * 2`,
`x ^ (n * 2)`). All theorems here are ours."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def _errors(src: str) -> list[str]:
    res = elaborate(initial_env(), f"theorem t {src}")
    return [str(m.data) for m in res.messages if m.severity == "error"]


RING_PROVES = [
    "(y : ℝ) (k : ℕ) : y ^ (k + 3) = y ^ k * y ^ 3",
    "(a b : ℤ) (k : ℕ) : (a * b) ^ (k + 1) = a ^ k * b ^ k * (a * b)",
    "(k : ℕ) : 3 ^ (k + 2) = 9 * 3 ^ k",
    "(k : ℕ) : (3 : ℝ) ^ k * 3 ^ k = 3 ^ (2 * k)",
    "(y : ℝ) (j k : ℕ) : (y ^ j) ^ k = y ^ (j * k)",
    "(y : ℝ) (k : ℕ) : (1 + y) ^ k = (y + 1) ^ k",
    "(y : ℝ) (k : ℕ) : (y + 1) ^ (2 * k) = ((y + 1) ^ k) ^ 2",
    "(j : ℕ) : 5 ^ (3 * 5 ^ j) = (5 ^ 5 ^ j) ^ 3",  # an exponent that is itself a power of an atom
    "(j : ℕ) : 5 ^ 5 ^ (j + 1) = (5 ^ 5 ^ j) ^ 5",
    "(y : ℝ) (k : ℕ) : (-y) ^ k = (-1) ^ k * y ^ k",
    "(y : ℚ) (k : ℕ) : (y / 2) ^ k = y ^ k * (1 / 2) ^ k",
    "(k : ℕ) : (0 : ℤ) ^ (k + 2) = 0",
    "(k : ℕ) : (0 : ℝ) ^ (3 ^ k) = 0",  # `ExProd.evalPos`: 3 ^ k is positive
    "(y : ℝ) (k : ℕ) : y ^ (k + 0 * k) = y ^ k",
]


@pytest.mark.parametrize("src", RING_PROVES)
def test_ring_proves_exponent_identities(src: str) -> None:
    assert _accepts(f"{src} := by ring")


RING_REFUSES = [
    "(k : ℕ) : (4 : ℝ) ^ k = 2 ^ (2 * k)",  # Mathlib's ring keeps numeral bases apart (Basic.lean notes)
    "(k : ℕ) : (2 : ℝ) ^ k * 3 ^ k = 6 ^ k",
    "(k : ℕ) : (-1 : ℤ) ^ (2 * k) = 1",
    "(y : ℝ) (k : ℕ) : y ^ (k - 1) * y = y ^ k",  # ℕ subtraction in the exponent is an atom
    "(k : ℕ) : (0 : ℝ) ^ k = 0",  # false at k = 0
    "(k : ℕ) : (0 : ℝ) ^ (2 * k) = 0",
    # false variants of the identities above
    "(y : ℝ) (k : ℕ) : y ^ (k + 1) = y ^ k + y",
    "(k : ℕ) : 3 ^ (k + 2) = 6 * 3 ^ k",
    "(y : ℝ) (j k : ℕ) : (y ^ j) ^ k = y ^ (j + k)",
    "(j : ℕ) : 5 ^ (3 * 5 ^ j) = (5 ^ 5 ^ j) ^ 2",
    "(y : ℝ) (k : ℕ) : (y + 1) ^ (2 * k) = (y ^ 2 + 1) ^ k",
    # knowingly weaker: Mathlib builds `y ^ k * y ^ (j * k)` unsorted here; minilean refuses outright
    "(y : ℝ) (j k : ℕ) : (y * y ^ j) ^ k = y ^ k * y ^ (j * k)",
]


@pytest.mark.parametrize("src", RING_REFUSES)
def test_ring_refuses(src: str) -> None:
    assert not _accepts(f"{src} := by ring")


RING_NF_CLOSES = [
    "(y : ℝ) (k : ℕ) : y ^ (k + 1) = y ^ k * y",
    "(j : ℕ) : 5 ^ (3 * 5 ^ j) = (5 ^ 5 ^ j) ^ 3",
    "(j k : ℕ) : 3 ^ (j * (k + 1)) = 3 ^ (j * k) * 3 ^ j",
    # both sides `f A` once the argument is normalized, whatever A's printed order: eq_self closes it
    "(f : ℕ → ℕ) (a b : ℕ) : f (3 ^ (a + (b + 2))) = f (3 ^ (a + b + 2))",
]


@pytest.mark.parametrize("src", RING_NF_CLOSES)
def test_ring_nf_closes_when_both_sides_agree(src: str) -> None:
    assert _accepts(f"{src} := by ring_nf")


def test_ring_nf_leaves_what_ring_does_not_prove() -> None:
    errs = _errors("(k : ℕ) : (4 : ℝ) ^ k = 2 ^ (2 * k) := by ring_nf")
    assert errs and "unsolved goals" in errs[0] and "(4 ^ k : ℝ) = 2 ^ (k * 2)" in errs[0]


def test_ring_nf_no_progress_on_a_normal_form() -> None:
    errs = _errors("(y : ℝ) (k : ℕ) (h : y ^ k = 1) : y ^ k = 1 := by ring_nf")
    assert errs == ["ring_nf made no progress"]


RING_NF_AT_H = [
    # (hypothesis, the printed form `exact` must match)
    ("(y : ℝ) (k : ℕ) (h : y ^ (k + 2) = 4)", "y ^ 2 * y ^ k = 4"),
    ("(k : ℕ) (h : 2 ^ (k + 1) = 16)", "2 ^ k * 2 = 16"),
    ("(y : ℝ) (k : ℕ) (h : (y * 3) ^ k = 1)", "y ^ k * 3 ^ k = 1"),
    ("(y : ℝ) (k : ℕ) (h : y ^ (2 * k) = 1)", "y ^ (k * 2) = 1"),
    ("(y : ℝ) (k : ℕ) (h : (y + 1) ^ k = 2)", "(1 + y) ^ k = 2"),
    ("(y : ℝ) (k : ℕ) (h : y ^ (k + 1) - y ^ k = 0)", "y * y ^ k - y ^ k = 0"),
]


@pytest.mark.parametrize(("hyp", "shape"), RING_NF_AT_H)
def test_ring_nf_at_h_prints_rings_form(hyp: str, shape: str) -> None:
    assert _accepts(f"{hyp} : {shape} := by\n  ring_nf at h\n  exact h")


@pytest.mark.parametrize(
    "src",
    [
        "(y : ℝ) (k : ℕ) (h : y ^ (k + 2) = 4) : y ^ k * y ^ 2 = 4",  # not the printed order
        "(k : ℕ) (h : 2 ^ (k + 1) = 16) : 2 ^ k = 16",  # false
        "(y : ℝ) (k : ℕ) (h : y ^ (2 * k) = 1) : y ^ (2 * k) = 1",  # ring_nf writes `k * 2`
    ],
)
def test_ring_nf_at_h_refusals(src: str) -> None:
    assert not _accepts(f"{src} := by\n  ring_nf at h\n  exact h")


def test_ring_nf_at_h_then_linarith() -> None:
    hyp = "(y : ℝ) (k : ℕ) (h : y ^ (k + 1) ≤ 2)"
    assert _accepts(f"{hyp} : y * y ^ k ≤ 2 := by\n  ring_nf at h\n  linarith")
    assert not _accepts(f"{hyp} : y * y ^ k ≤ 1 := by\n  ring_nf at h\n  linarith")


def test_ring_falls_back_to_ring_nf_with_symbolic_exponents() -> None:
    # `ring` is `first | ring1 | try_this ring_nf`: the proof goes on with ring_nf's goal
    assert _accepts("(y : ℝ) (k : ℕ) (h : y * y ^ k ≤ 3) : y ^ (k + 1) ≤ 3 := by\n  ring\n  exact h")


def test_linear_combination_uses_the_same_ring() -> None:
    assert _accepts("(y : ℝ) (k : ℕ) (h : y ^ k = 2) : y ^ (k + 1) = 2 * y := by\n  linear_combination y * h")
    assert not _accepts("(y : ℝ) (k : ℕ) (h : y ^ k = 2) : y ^ (k + 1) = 2 := by\n  linear_combination y * h")
