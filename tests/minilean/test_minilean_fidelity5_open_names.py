"""Unqualified library names under `open` (open_names.py): Lean's scoping and overload resolution."""

from __future__ import annotations

import minilean.engine as engine
from minilean.decls import initial_env


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


def test_real_log_on_a_real_argument_resolves() -> None:
    # Nat.log cannot take a real, so only Real.log elaborates
    src = (
        "open Nat Real\ntheorem t (y : ℝ) (hy : 0 < y) : log (y ^ 3) = 3 * log y := by\n"
        "  rw [Real.log_pow]\n  norm_num\n"
    )
    assert _errors(src) == []


def test_resolved_name_is_real_log() -> None:
    assert _errors("open Real\ntheorem t : log (7 : ℝ) = Real.log 7 := by rfl\n") == []
    assert _errors("open Real\ntheorem t : logb 3 9 = Real.logb 3 9 := by rfl\n") == []


def test_false_variant_refused() -> None:
    errs = _errors("open Real\ntheorem t : log (7 : ℝ) = Real.log 8 := by rfl\n")
    assert errs


def test_numeral_argument_is_ambiguous() -> None:
    # `log 7` also elaborates as `Nat.log 7 : ℕ → ℕ`: Lean reports an ambiguity
    errs = _errors("open Nat Real\ntheorem t : log 7 = log 7 := by rfl\n")
    assert errs and "ambiguous" in errs[0]


def test_nat_argument_is_ambiguous() -> None:
    errs = _errors("open Nat Real\ntheorem t (n : ℕ) : log n = Real.log n := by rfl\n")
    assert errs and "ambiguous" in errs[0]


def test_complex_open_makes_real_argument_ambiguous() -> None:
    # Complex.log takes ↑x too
    errs = _errors("open Complex Real\ntheorem t : log (5 : ℝ) = Real.log 5 := by rfl\n")
    assert errs and "ambiguous" in errs[0]


def test_not_opened_is_unknown() -> None:
    errs = _errors("theorem t : log (5 : ℝ) = Real.log 5 := by rfl\n")
    assert errs and "unsupported function 'log'" in errs[0]
    errs = _errors("open Nat\ntheorem t : log (5 : ℝ) = Real.log 5 := by rfl\n")
    assert errs


def test_open_in_scopes_one_command() -> None:
    src = (
        "open Real in\ntheorem t : log (5 : ℝ) = Real.log 5 := by rfl\n"
        "theorem u : log (5 : ℝ) = Real.log 5 := by rfl\n"
    )
    errs = engine._elaborate_source(initial_env(), src).messages
    assert [m.line for m in errs if m.severity == "error"] == [3]


def test_open_does_not_leak_between_sources() -> None:
    assert _errors("open Real\ntheorem t : log (5 : ℝ) = Real.log 5 := by rfl\n") == []
    assert _errors("theorem t : log (5 : ℝ) = Real.log 5 := by rfl\n")


def test_unknown_namespace_refused() -> None:
    errs = _errors("open Real Foo\ntheorem t : logb 2 8 = Real.logb 2 8 := by rfl\n")
    assert errs and "not one minilean knows" in errs[0]


def test_two_modelled_alternatives_ambiguous() -> None:
    # Real.sqrt ↑n and Nat.sqrt n both elaborate
    errs = _errors("open Nat Real\ntheorem t (n : ℕ) : sqrt n = sqrt n := by rfl\n")
    assert errs and "ambiguous" in errs[0]
    assert _errors("open Nat Real\ntheorem t (x : ℝ) : sqrt x = Real.sqrt x := by rfl\n") == []
