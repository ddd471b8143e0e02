"""Big-operator index types inferred through a type ascription (round 8).

`∏ k in Finset.Icc 2 2, (1 + 1 / (2 ^ k : ℚ))`: the bounds are bare numerals, so the index type comes from
the summand; inside `(2 ^ k : ℚ)` the index is only an exponent, which Lean's `Monoid.npow` default instance
makes ℕ (as an unascribed exponent already was). An index that is a leaf of a ℚ/ℝ tree stays refused."""

from __future__ import annotations

import pytest

import minilean  # noqa: F401  (registers the big-operator hooks)
from minilean.engine import elaborate, initial_env
from minilean.syntax import ESum, SyntaxErr, parse_prop


def test_index_under_an_ascribed_exponent_is_nat() -> None:
    p = parse_prop("∏ k in Finset.Icc 2 2, (1 + 1 / (2 ^ k : ℚ)) ≤ 2", {})
    assert isinstance(p.lhs, ESum) and p.lhs.ity == "ℕ" and p.lhs.ty == "ℚ"  # type: ignore[union-attr]
    q = parse_prop("∑ k in Finset.Icc 1 3, (x ^ k : ℚ) = 6", {"x": "ℚ"})
    assert q.lhs.ity == "ℕ"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "∑ k in Finset.Icc 1 3, (k : ℚ) = 6",  # k would be ℚ: Finset.Icc over ℚ does not exist
        "∑ k in Finset.Icc 1 3, (k ^ 2 : ℚ) = 14",
        "∑ k in Finset.Icc 1 3, ((k + 1) ^ 2 : ℚ) = 29",
    ],
)
def test_index_as_a_rational_leaf_is_refused(text: str) -> None:
    with pytest.raises(SyntaxErr):
        parse_prop(text, {})


def test_proofs_over_the_inferred_index() -> None:
    ok = ": ∑ k in Finset.range 3, (1 / (2 ^ k : ℚ)) = 7 / 4 := by\n  norm_num [Finset.sum_range_succ]"
    bad = ": ∑ k in Finset.range 3, (1 / (2 ^ k : ℚ)) = 2 := by\n  norm_num [Finset.sum_range_succ]"
    for src, want in ((ok, True), (bad, False)):
        res = elaborate(initial_env(), f"theorem t {src}")
        assert (not res.has_errors and not res.sorries) is want
