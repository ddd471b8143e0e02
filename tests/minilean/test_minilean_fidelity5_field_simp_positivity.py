"""field_simp's discharger proves a denominator `e ≠ 0` by `positivity` too (Mathlib's `FieldSimp.discharge`,
strategy 3: `Positivity.solve` on the side goal), after assumptions and norm_num."""

from __future__ import annotations

import minilean.engine as engine
from minilean.decls import initial_env


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


def test_cast_sum_product_denominator() -> None:
    src = (
        "theorem t (n : ℕ) :\n"
        "    (1 : ℝ) / ((n + 1 : ℝ) * (n + 2 : ℝ) ^ 3) * ((n + 1 : ℝ) * (n + 2 : ℝ) ^ 3) = 1 := by\n"
        "  field_simp\n"
    )
    assert _errors(src) == []


def test_square_plus_one_denominator() -> None:
    assert _errors("theorem t (x : ℝ) : (1 : ℝ) / (x ^ 2 + 1) * (x ^ 2 + 1) = 1 := by\n  field_simp\n") == []


def test_possibly_zero_denominator_refused() -> None:
    errs = _errors("theorem t (x : ℝ) : (1 : ℝ) / (x - 1) * (x - 1) = 1 := by\n  field_simp\n")
    assert errs and "cannot prove the denominator" in errs[0]


def test_integer_cast_denominator_refused() -> None:
    # `(n : ℤ)` may be zero: positivity cannot prove `↑n ≠ 0`
    errs = _errors("theorem t (n : ℤ) : (1 : ℝ) / (n : ℝ) * (n : ℝ) = 1 := by\n  field_simp\n")
    assert errs and "cannot prove the denominator" in errs[0]


def test_nat_cast_alone_refused() -> None:
    # `(n : ℕ)` cast may be zero too
    errs = _errors("theorem t (n : ℕ) : (1 : ℝ) / (n : ℝ) * (n : ℝ) = 1 := by\n  field_simp\n")
    assert errs and "cannot prove the denominator" in errs[0]
