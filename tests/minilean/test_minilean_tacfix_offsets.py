"""Round tacfix: Lean core's ℕ offset simprocs in `simp` (`Nat.reduceSubDiff`: `n + 9 - 5` is `n + 4`;
`Nat.reduceEqDiff` / `Nat.reduceLeDiff`: `n + 6 = 9` is `n = 3`), and `rw` inside `conv` seeing through let
values as the plain `rw` does (kabstract's isDefEq zeta-delta-reduces them)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.nat_sub_offset import reduce_rel_diff, reduce_sub_diff
from minilean.syntax import EBin, ENum, EVar


def _accepts(stmt: str, proof: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {proof}")
    return not res.has_errors and not res.sorries


n, m = EVar("n"), EVar("m")


def _sub(a: object, b: object) -> EBin:
    return EBin("∸", a, b)  # type: ignore[arg-type]


def _add(a: object, k: int) -> EBin:
    return EBin("+", a, ENum(k))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (_sub(_add(n, 9), ENum(5)), _add(n, 4)),  # Nat.add_sub_assoc
        (_sub(_add(_add(n, 2), 7), ENum(1)), _add(n, 8)),  # the offset sums nested literals
        (_sub(_add(n, 5), ENum(5)), n),
        (_sub(_add(n, 2), ENum(5)), _sub(n, ENum(3))),  # Nat.Simproc.add_sub_le
        (_sub(ENum(7), _add(n, 2)), _sub(ENum(5), n)),  # Nat.Simproc.sub_add_eq_comm
        (_sub(ENum(1), _add(n, 2)), _sub(ENum(0), n)),  # truncated, as Lean's `po - nn`
        (_sub(_add(n, 5), _add(m, 2)), _sub(_add(n, 3), m)),  # add_sub_add_ge
        (_sub(_add(n, 2), _add(m, 5)), _sub(n, _add(m, 3))),  # add_sub_add_le
        (_sub(_add(n, 2), _add(m, 2)), _sub(n, m)),
    ],
)
def test_reduce_sub_diff_shapes(before: EBin, after: object) -> None:
    assert reduce_sub_diff(before) == after


@pytest.mark.parametrize(
    "e",
    [
        _sub(ENum(9), ENum(5)),  # literals: Nat.reduceSub's business
        _sub(n, ENum(5)),  # no offset on either side
        _sub(EBin("+", ENum(2), n), ENum(1)),  # `2 + n` is no offset (the literal must be on the right)
        _sub(EBin("+", n, EBin("+", ENum(1), ENum(1))), ENum(1)),  # a closed expression is no literal
        _sub(_add(n, 4), m),
    ],
)
def test_reduce_sub_diff_steps_aside(e: EBin) -> None:
    assert reduce_sub_diff(e) is None


@pytest.mark.parametrize(
    ("stmt", "proof"),
    [
        ("(f : ℕ → ℕ) (k : ℕ) (h : f (k + 4) = 3) : f (k + 9 - 5) = 3", "simp\n  exact h"),
        ("(f : ℕ → ℕ) (k : ℕ) (h : f (k + 4) = 3) : f (k + 9 - 5) = 3", "simp [h]"),
        # after simp, `rw` finds `f (k + 1 + 3)` in `f (k + 4)` (isDefEq's Nat offsets)
        ("(f : ℕ → ℕ) (k : ℕ) (h : f (k + 1 + 3) = 7) : (f (k + 6 - 2) + f k) % 5 = (7 + f k) % 5",
         "simp\n  rw [h]"),
        ("(k : ℕ) (h : k - 3 = 1) : k + 2 - 5 = 1", "simp\n  exact h"),
        ("(a b : ℕ) (h : a + 3 - b = 4) : a + 5 - (b + 2) = 4", "simp\n  exact h"),
    ],
)
def test_simp_reduces_offset_subtraction(stmt: str, proof: str) -> None:
    assert _accepts(stmt, proof)


@pytest.mark.parametrize(
    ("stmt", "proof"),
    [
        ("(f : ℕ → ℕ) (k : ℕ) (h : f (k + 5) = 3) : f (k + 9 - 5) = 3", "simp\n  exact h"),  # false
        ("(k : ℕ) (h : k - 2 = 1) : k + 2 - 5 = 1", "simp\n  exact h"),  # false
        # `simp only` runs no simprocs
        ("(f : ℕ → ℕ) (k : ℕ) (h : f (k + 4) = 3) : f (k + 9 - 5) = 3", "simp only []\n  exact h"),
        ("(f : ℕ → ℕ) (k : ℕ) (h : f (k + 4) = 3) : f (k + 9 - 5) = 3", "rw [h]"),  # not defeq reducibly
    ],
)
def test_offset_subtraction_refusals(stmt: str, proof: str) -> None:
    assert not _accepts(stmt, proof)


@pytest.mark.parametrize(
    ("op", "a", "b", "out"),
    [
        ("=", _add(n, 6), ENum(9), ("=", n, ENum(3))),
        ("=", _add(n, 6), ENum(4), False),
        ("=", ENum(9), _add(n, 6), ("=", n, ENum(3))),
        ("=", _add(n, 6), _add(m, 2), ("=", _add(n, 4), m)),
        ("=", _add(n, 2), _add(m, 6), ("=", n, _add(m, 4))),
        ("≤", _add(n, 6), ENum(9), ("≤", n, ENum(3))),
        ("≤", _add(n, 6), ENum(2), False),
        ("≤", ENum(3), _add(n, 5), True),
        ("≤", ENum(7), _add(n, 5), ("≤", ENum(2), n)),
        ("≤", _add(n, 6), _add(m, 2), ("≤", _add(n, 4), m)),
        ("<", _add(n, 6), ENum(9), None),  # no `<` form in the version read
        ("=", n, ENum(9), None),
        ("=", ENum(2), ENum(9), None),  # literals: the literal comparison
    ],
)
def test_reduce_rel_diff_shapes(op: str, a: object, b: object, out: object) -> None:
    assert reduce_rel_diff(op, a, b) == out  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("stmt", "proof", "ok"),
    [
        ("(k : ℕ) (h : k + 6 = 4) : False", "simp at h", True),
        ("(k : ℕ) (h : k + 6 = 9) : k = 3", "simp at h\n  exact h", True),
        ("(k : ℕ) (h : k + 6 ≤ 9) : k ≤ 3", "simp at h\n  exact h", True),
        ("(k j : ℕ) (h : k + 6 ≤ j + 2) : k + 4 ≤ j", "simp at h\n  exact h", True),
        ("(k : ℕ) (h : 7 ≤ k + 5) : 2 ≤ k", "simp at h\n  exact h", True),
        ("(k : ℕ) : 3 ≤ k + 5", "simp", True),
        ("(k : ℕ) (h : k + 6 = 9) : k = 4", "simp at h\n  exact h", False),  # false
        ("(k : ℕ) (h : k + 6 = 9) : False", "simp at h", False),  # false
        ("(k : ℕ) : 6 ≤ k + 5", "simp", False),  # false; simp leaves `1 ≤ k`
        ("(k : ℕ) (h : k + 6 = 4) : False", "simp only [] at h", False),  # simp only: no simprocs
    ],
)
def test_simp_offset_relations(stmt: str, proof: str, ok: bool) -> None:
    assert _accepts(stmt, proof) is ok


_CONV_LET = """(y : ℕ) : 3 * 5 ^ y ≤ 7 ^ y + 3 * 5 ^ y + 2 ^ y"""


def _conv(lets: str, rule: str) -> tuple[list[str], str | None]:
    """Errors of `conv => rhs; arg 1; rw [rule]` after the lets, and the goal left for `sorry`."""
    body = "".join(f"let {x}\n  " for x in lets.split("; "))
    proof = f"{body}conv =>\n    rhs\n    arg 1\n    rw [{rule}]\n  sorry"
    res = elaborate(initial_env(), f"theorem t {_CONV_LET} := by\n  {proof}")
    errors = [m.data for m in res.messages if m.severity == "error"]
    goal = res.sorries[0].goals[0].render() if res.sorries else None
    return errors, goal


def test_conv_rw_sees_let_values() -> None:
    errors, goal = _conv("A := 3 * 5 ^ y; B := 7 ^ y", "Nat.add_comm B A")
    assert not errors
    # the instance `7 ^ y + 3 * 5 ^ y` was abstracted and replaced by the rule's right side
    assert goal is not None and goal.endswith("⊢ 3 * 5 ^ y ≤ A + B + 2 ^ y")


@pytest.mark.parametrize(
    ("lets", "rule"),
    [
        ("A := 3 * 5 ^ y; B := 7 ^ (y + 1)", "Nat.add_comm B A"),  # B's value is not the summand
        ("C := 2 ^ y; B := 7 ^ y", "Nat.add_comm B C"),  # `… + 2 ^ y` is outside the focus `arg 1`
    ],
)
def test_conv_rw_let_value_must_match(lets: str, rule: str) -> None:
    errors, _ = _conv(lets, rule)
    assert any("did not find instance" in e for e in errors)
