"""Round 18a: lemmas named as terms (`minilean/lemma_table18.py`, the `lib_facts` instances of
`Nat.gcd_mul_left` / `Nat.lcm_mul_left`, `Iff.or`), and three small faithfulness fixes these rows needed:
a rewritten hypothesis moves after the later variables it mentions (Lean's `replaceLocalDecl`), `apply`
unfolds let variables its instantiated conclusion names, and linarith tries every other type's
hypotheses after the goal's type (Mathlib's `partitionByType`)."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_admitted, assert_row_refused

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)
from minilean.engine import elaborate, initial_env
from minilean.lemma_table18 import ROWS


def _messages(src: str) -> list[str]:
    return [m.data for m in elaborate(initial_env(), f"theorem t {src}").messages]


def _row(name: str) -> tuple[str, str, str, str]:
    return next(r for r in ROWS if r[0] == name)


# ---- gcd / lcm / divisibility


def test_gcd_mul_left_rewrites_at_hypothesis() -> None:
    assert accepts(
        "(a b : ℕ) (h : Nat.gcd (5 * a) (5 * b) = 5) : 5 * Nat.gcd a b = 5 := by\n"
        "  rw [Nat.gcd_mul_left] at h\n  exact h"
    )
    assert accepts("(m n k : ℕ) : Nat.gcd (m * n) (m * k) = m * Nat.gcd n k := Nat.gcd_mul_left m n k")
    # the common factor must be on the left of both products (no commuting), as in Lean's pattern
    assert not accepts(
        "(a b : ℕ) (h : Nat.gcd (a * 5) (5 * b) = 5) : 5 * Nat.gcd a b = 5 := by\n"
        "  rw [Nat.gcd_mul_left] at h\n  exact h"
    )
    # explicit arguments in Lean's order: `n` first gives another statement
    assert not accepts("(m n k : ℕ) : Nat.gcd (m * n) (m * k) = m * Nat.gcd n k := Nat.gcd_mul_left n m k")


def test_lcm_mul_left() -> None:
    assert accepts("(a b : ℕ) : Nat.lcm (4 * a) (4 * b) = 4 * Nat.lcm a b := by\n  apply Nat.lcm_mul_left")
    assert accepts("(a b : ℕ) : Nat.lcm (4 * a) (4 * b) = 4 * Nat.lcm a b := by\n  rw [Nat.lcm_mul_left]")
    assert not accepts(
        "(a b : ℕ) : Nat.lcm (4 * a) (b * 4) = 4 * Nat.lcm a b := by\n  apply Nat.lcm_mul_left"
    )


def test_gcd_lcm_false_variants_refused() -> None:
    assert_row_refused(("Nat.gcd_mul_left_bad", "N", "(m n k : α)", "Nat.gcd (m * n) (m * k) = Nat.gcd n k"))
    assert_row_refused(("Nat.lcm_mul_left_bad", "N", "(m n k : α)", "Nat.lcm (m * n) (m * k) = Nat.lcm n k"))
    assert_row_refused(
        ("Nat.gcd_mul_left_swap", "N", "(m n k : α)", "Nat.gcd (m * n) (k * m) = m * Nat.gcd k n")
    )


def test_mul_dvd_mul_iff_left() -> None:
    assert accepts(
        "(j : ℕ) (h : 3 * j ∣ 3 * 7) : j ∣ 7 := by\n  have h3 : 0 < 3 := by norm_num\n"
        "  exact (Nat.mul_dvd_mul_iff_left h3).mp h"
    )
    assert accepts("(a j : ℕ) (ha : 0 < a) (h : a * j ∣ a * 7) : j ∣ 7 := (Nat.mul_dvd_mul_iff_left ha).mp h")
    # the hypothesis is `0 < a`, not `0 ≤ a` (a = 0 makes the left side always true)
    assert not accepts(
        "(a j : ℕ) (ha : 0 ≤ a) (h : a * j ∣ a * 7) : j ∣ 7 := (Nat.mul_dvd_mul_iff_left ha).mp h"
    )
    assert_row_admitted(_row("Nat.mul_dvd_mul_iff_left"), {})
    assert_row_refused(
        ("Nat.mul_dvd_mul_iff_left_bad", "N", "{a b c : α} (h : 0 ≤ a)", "a * b ∣ a * c ↔ b ∣ c")
    )


def test_dvd_prime_per_numeral() -> None:
    assert accepts("(j : ℕ) (h7 : Nat.Prime 7) (h : j ∣ 7) : j = 1 ∨ j = 7 := (Nat.dvd_prime h7).mp h")
    assert accepts(
        "(j : ℕ) (h : j ∣ 13) : j = 1 ∨ j = 13 := by\n  have hp : Nat.Prime 13 := by norm_num\n"
        "  exact (Nat.dvd_prime hp).mp h"
    )
    # the conclusion is the disjunction, not one side of it
    assert not accepts("(j : ℕ) (h7 : Nat.Prime 7) (h : j ∣ 7) : j = 7 := (Nat.dvd_prime h7).mp h")
    # a variable prime is refused (weaker than Lean, written down in lemma_table18)
    assert not accepts("(j p : ℕ) (hp : Nat.Prime p) (h : j ∣ p) : j = 1 ∨ j = p := (Nat.dvd_prime hp).mp h")
    # `Nat.Prime 6` is false, so this instance is vacuous in Lean too; the proof refutes `pp`
    assert accepts("(j : ℕ) (h6 : Nat.Prime 6) (h : j ∣ 6) : j = 1 ∨ j = 6 := (Nat.dvd_prime h6).mp h")
    assert_row_refused(("Nat.dvd_prime_bad", "N", "{p m : α} (pp : Nat.Prime p)", "m ∣ p ↔ m = 1"), {"p": 7})


# ---- fields and ordered rings


def test_sqrt_eq_iff_mul_self_eq_current_form() -> None:
    src = (
        "(x y : ℝ) (hx : 0 ≤ x) (hy : 0 ≤ y) (h : {h}) : Real.sqrt x = y := by\n"
        "  apply (Real.sqrt_eq_iff_mul_self_eq hx hy).mpr\n  exact h"
    )
    assert accepts(src.replace("{h}", "x = y * y"))
    # the pre-2024-08 side order `y * y = x` is not what current Mathlib states
    assert not accepts(src.replace("{h}", "y * y = x"))
    assert accepts(
        "(a : ℝ) : Real.sqrt 9 = 3 := by\n"
        "  rw [Real.sqrt_eq_iff_mul_self_eq (by norm_num) (by norm_num)]\n  norm_num"
    )
    assert_row_refused(
        ("Real.sqrt_eq_iff_mul_self_eq_bad", "R", "{x y : α} (hx : 0 ≤ x)", "Real.sqrt x = y ↔ x = y * y")
    )


def test_field_rows() -> None:
    assert accepts(
        "(x : ℝ) (hx : x ≠ 0) (h : 1 / x * x = 3 * x) : 1 = 3 * x := by\n"
        "  rw [div_mul_cancel₀ (1 : ℝ) hx] at h\n  exact h"
    )
    assert accepts("(x y : ℝ) (hx : x ≠ 0) : y * x / x = y := by rw [mul_div_cancel_right₀ y hx]")
    assert accepts("(x y : ℕ) (hx : x ≠ 0) : y * x / x = y := mul_div_cancel_right₀ y hx")
    assert not accepts("(x y : ℝ) : y * x / x = y := mul_div_cancel_right₀ y (by norm_num)")
    assert accepts("(x y z : ℚ) : (x - y) / z = x / z - y / z := by rw [sub_div]")
    assert accepts("(x : ℝ) (h : -1 * x = 2) : -x = 2 := by\n  simp only [neg_one_mul] at h\n  exact h")
    assert accepts("(x y : ℤ) : x - -y = x + y := sub_neg_eq_add x y")
    assert accepts("(x y : ℝ) (h : x < y) : x - y < 0 := sub_neg_of_lt h")
    assert not accepts("(x y : ℝ) (h : x ≤ y) : x - y < 0 := sub_neg_of_lt h")
    assert accepts("(x y : ℝ) (hx : x < 0) (hy : 0 < y) : x / y < 0 := div_neg_of_neg_of_pos hx hy")
    assert not accepts("(x y : ℝ) (hx : x < 0) (hy : 0 ≤ y) : x / y < 0 := div_neg_of_neg_of_pos hx hy")


def test_field_rows_admitted_and_false_variants_refused() -> None:
    for name in (
        "div_mul_cancel₀",
        "mul_div_cancel_right₀",
        "sub_div",
        "neg_one_mul",
        "sub_neg_eq_add",
        "sub_neg_of_lt",
        "div_neg_of_neg_of_pos",
        "Real.sqrt_eq_iff_mul_self_eq",
        "Nat.gcd_mul_left",
        "Nat.lcm_mul_left",
    ):
        assert_row_admitted(_row(name), {})
    assert_row_refused(("div_mul_cancel₀_bad", "QR", "(a : α) {b : α}", "a / b * b = a"))
    assert_row_refused(("mul_div_cancel_right₀_bad", "NZQR", "(a : α) {b : α}", "a * b / b = a"))
    assert_row_refused(("sub_div_bad", "QR", "(a b c : α)", "(a - b) / c = a / c - b"))
    assert_row_refused(("neg_one_mul_bad", "ZQR", "(a : α)", "-1 * a = a"))
    assert_row_refused(("sub_neg_of_le_bad", "ZQR", "{a b : α} (h : a ≤ b)", "a - b < 0"))
    assert_row_refused(("div_neg_bad", "QR", "{a b : α} (ha : a < 0) (hb : 0 ≤ b)", "a / b < 0"))


def test_iff_or() -> None:
    assert accepts(
        "(x y : ℝ) (h1 : x = 1 ↔ y = 1) (h2 : x = 2 ↔ y = 2) : x = 1 ∨ x = 2 ↔ y = 1 ∨ y = 2 := Iff.or h1 h2"
    )
    assert not accepts(
        "(x y : ℝ) (h1 : x = 1 ↔ y = 1) (h2 : x = 2 ↔ y = 2) : x = 1 ∨ x = 2 ↔ y = 2 ∨ y = 1 := Iff.or h1 h2"
    )


# ---- the faithfulness fixes


def test_rewritten_hypothesis_moves_after_new_variable() -> None:
    # `rw [hj] at ha` makes `ha` mention `j`, declared after it: Lean re-inserts `ha` after `j`
    msgs = _messages(
        "(a : ℕ) (ha : a ∣ 21) (h3 : 3 ∣ a) : 0 < 1 := by\n  obtain ⟨j, hj⟩ := h3\n  rw [hj] at ha\n  done"
    )
    assert len(msgs) == 1 and "a : ℕ\nj : ℕ\nha : 3 * j ∣ 21\nhj : a = 3 * j" in msgs[0], msgs
    assert accepts(
        "(m : ℕ) (h : m / 6 ∣ 21) : 0 < 1 := by\n  let a := m / 6\n  have ha : a ∣ 21 := h\n"
        "  by_cases h3 : 3 ∣ a\n  · obtain ⟨j, hj⟩ := h3\n    rw [hj] at ha\n    norm_num\n  · norm_num"
    )


def test_apply_unfolds_lets_in_the_lemma_conclusion() -> None:
    head = "(a b : ℝ) (ha : 0 ≤ a) (hb : 0 ≤ b) (h : a = b * b) : Real.sqrt a = {rhs} := by\n"
    body = (
        "  let A := a\n  let B := b\n  have hA : A ≥ 0 := ha\n  have hB : B ≥ 0 := hb\n"
        "  apply (Real.sqrt_eq_iff_mul_self_eq hA hB).mpr\n  exact h"
    )
    assert accepts(head.replace("{rhs}", "b") + body)
    # unfolding gives `b`, not `b + 0`: no unification up to arithmetic
    assert not accepts(head.replace("{rhs}", "b + 0") + body)


def test_linarith_other_type_contradiction() -> None:
    # the contradiction is among the ℝ hypotheses, the goal is over ℕ / ℤ
    assert accepts("(x : ℝ) (h : 1 + x = -1 + x) : (2 : ℕ) ≤ 1 := by linarith")
    assert accepts("(x : ℝ) (n : ℕ) (h : x < 1) (h2 : 1 < x) : n = 5 := by linarith")
    # no contradiction anywhere: still refused
    assert not accepts("(x : ℝ) (h : 1 + x = 1 + x) : (2 : ℕ) ≤ 1 := by linarith")
    assert not accepts("(x : ℝ) (n : ℕ) (h : x < 1) : n = 5 := by linarith")
