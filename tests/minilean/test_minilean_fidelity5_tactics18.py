"""Round 18c: tactic near misses.

`↑x` as a lemma argument (`minilean/coe_postpone.py`, hook in `lemmas.resolve`): Lean's `elabCoe` postpones
while its expected type is the lemma's still unknown `?α`, so another argument (`(4 : ℝ)`) fixes `α` and the
coercion is then elaborated at that type. With no other argument fixing `α`, minilean keeps its earlier
reading (the coercion's own type), which never accepts more than that."""

from __future__ import annotations

from lemma_batch_checks import accepts

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)


def _rw(statement: str, rule: str) -> str:
    return f"{statement} := by\n  rw [{rule}]\n  exact h"


def test_coe_waits_for_a_later_typed_argument() -> None:
    # `mul_comm ↑m (4 : ℝ)` is `(↑m : ℝ) * 4 = 4 * ↑m`
    assert accepts(_rw("(m : ℕ) (h : (4 : ℝ) * ↑m = 1) : ↑m * (4 : ℝ) = 1", "mul_comm ↑m (4 : ℝ)"))
    assert accepts(_rw("(m : ℕ) (x : ℝ) (h : x * ↑m = 1) : (↑m : ℝ) * x = 1", "mul_comm ↑m x"))
    assert accepts(_rw("(m : ℕ) (x : ℝ) (h : x + ↑m = 1) : (↑m : ℝ) + x = 1", "add_comm ↑m x"))


def test_coe_alone_keeps_its_own_type() -> None:
    # nothing else fixes α: the instance is at ℕ (Lean: ℕ too, or a failure), so a ℝ goal has no instance
    assert not accepts(_rw("(m a : ℕ) (h : (↑a : ℝ) * ↑m = 1) : (↑m : ℝ) * ↑a = 1", "mul_comm ↑m ↑a"))
    # a numeral beside it does not fix α either (its default instance is ℕ)
    assert not accepts(_rw("(m : ℕ) (h : (4 : ℝ) * ↑m = 1) : ↑m * (4 : ℝ) = 1", "mul_comm ↑m 4"))
    # at ℕ both readings agree
    assert accepts(_rw("(m : ℕ) (h : 4 * m = 1) : m * 4 = 1", "mul_comm ↑m 4"))


def test_coe_rewrite_false_goal_refused() -> None:
    assert not accepts(_rw("(m : ℕ) (h : (4 : ℝ) * ↑m = 1) : ↑m * (4 : ℝ) = 2", "mul_comm ↑m (4 : ℝ)"))
    # the lemma's instance is `↑m * 4 = 4 * ↑m`: no `4 * ↑m` to rewrite in this goal
    assert not accepts(_rw("(m : ℕ) (h : ↑m * (4 : ℝ) = 1) : 4 * (↑m : ℝ) = 1", "mul_comm ↑m (4 : ℝ)"))


def test_coe_rewrite_at_hypothesis_needs_the_instance_there() -> None:
    # `at h ⊢` fails when `h` has no `↑m + x` (Lean's `rw ... at h` errors at the first location without it)
    assert not accepts(
        "(m : ℕ) (x : ℝ) (h : x + ↑m = 1) : (↑m : ℝ) + x = 1 := by\n  rw [add_comm ↑m x] at h ⊢\n  exact h"
    )


# `Eq.trans h.symm g` checks `h.symm` against `_ = ?b` (the middle term still a metavariable): Lean's
# elaborator unifies at default transparency, where `((2 : ℕ) : ℝ)` unfolds to `(2 : ℝ)` (`Nat.cast_ofNat`
# is `rfl`), as minilean's ground check (`goals.defeq`) already did


def test_numeral_cast_in_argument_with_metavariable() -> None:
    assert accepts(
        "(x y : ℝ) (c : ℕ) (h₃ : c = 2) (h : x = y / c) (g : x = 5) : y / 2 = 5 := by\n"
        "  rw [h₃] at h\n  exact Eq.trans h.symm g"
    )
    assert accepts("(x y : ℝ) (h : x = y / ((3 : ℕ) : ℝ)) (g : x = 5) : y / 3 = 5 := Eq.trans h.symm g")


def test_numeral_cast_argument_refusals() -> None:
    # a different literal is a different term
    assert not accepts("(x y : ℝ) (h : x = y / ((3 : ℕ) : ℝ)) (g : x = 5) : y / 2 = 5 := Eq.trans h.symm g")
    # the variable `c` is not a literal: nothing to unfold
    assert not accepts("(x y : ℝ) (c : ℕ) (h : x = y / c) (g : x = 5) : y / 2 = 5 := Eq.trans h.symm g")
    # a false conclusion stays refused
    assert not accepts("(x y : ℝ) (h : x = y / ((3 : ℕ) : ℝ)) (g : x = 5) : y / 3 = 6 := Eq.trans h.symm g")


# ring_nf over a field evaluates the inverse of a numeral (ring_nf_inv.py): `2⁻¹ ^ 2` is the constant
# `1 / 4` (ring_nf's cleanup prints rational constants as `n / d`)


def test_ring_nf_numeral_inverse() -> None:
    assert accepts("(x y : ℝ) (h : 2⁻¹ ^ 2 < x - y) : 1 / 4 < x - y := by\n  ring_nf at h\n  exact h")
    assert accepts("(x y : ℚ) (h : (2 ^ 2 : ℚ)⁻¹ < x) : 1 / 4 < x := by\n  ring_nf at h\n  exact h")
    assert accepts("(x : ℝ) : (2 : ℝ)⁻¹ * x * 2 = x := by\n  ring_nf")


def test_ring_nf_numeral_inverse_refusals() -> None:
    # the value is 1/4, not 1/2
    assert not accepts("(x y : ℝ) (h : 2⁻¹ ^ 2 < x - y) : 1 / 2 < x - y := by\n  ring_nf at h\n  exact h")
    assert not accepts("(x : ℝ) : (2 : ℝ)⁻¹ * x * 2 = 2 * x := by\n  ring_nf")
    # `0⁻¹` and an atom's inverse are left as they are (not evaluated)
    assert not accepts("(x y : ℝ) (h : (0 : ℝ)⁻¹ * x < y) : False := by\n  ring_nf at h\n  exact h")
