import Mathlib

/-!
# Natural number basics

Small lemmas about addition, multiplication and divisibility on `ℕ`, proved with term-mode proofs,
`induction`, `simp`, `omega` and `ring`.
-/

namespace Smoke

open Nat

/-- Our own addition, defined by recursion on the second argument. -/
def add : ℕ → ℕ → ℕ
  | n, 0 => n
  | n, m + 1 => (add n m) + 1

@[simp] theorem add_zero' (n : ℕ) : add n 0 = n := rfl

@[simp] theorem add_succ' (n m : ℕ) : add n (m + 1) = add n m + 1 := rfl

theorem zero_add' (n : ℕ) : add 0 n = n := by
  induction n with
  | zero => rfl
  | succ k ih => simp [ih]

theorem add_eq_add (n m : ℕ) : add n m = n + m := by
  induction m with
  | zero => simp
  | succ k ih =>
    rw [add_succ', ih]
    omega

theorem add_comm' (n m : ℕ) : add n m = add m n := by
  rw [add_eq_add, add_eq_add, Nat.add_comm]

/-- The sum `0 + 1 + ⋯ + (n - 1)`. -/
def triangle : ℕ → ℕ
  | 0 => 0
  | n + 1 => triangle n + n

theorem two_mul_triangle (n : ℕ) : 2 * triangle (n + 1) = n * (n + 1) := by
  induction n with
  | zero => rfl
  | succ k ih =>
    simp only [triangle] at *
    nlinarith [ih]

theorem dvd_sub_of_dvd {a b c : ℕ} (h₁ : a ∣ b) (h₂ : a ∣ c) (h : c ≤ b) : a ∣ b - c :=
  Nat.dvd_sub' h₁ h₂

theorem even_mul_succ (n : ℕ) : Even (n * (n + 1)) := by
  exact Nat.even_mul_succ_self n

lemma sq_le_cube (n : ℕ) (hn : 1 ≤ n) : n ^ 2 ≤ n ^ 3 := by
  calc n ^ 2 = n ^ 2 * 1 := by ring
    _ ≤ n ^ 2 * n := Nat.mul_le_mul_left _ hn
    _ = n ^ 3 := by ring

example : 2 ^ 10 % 11 = 1 := by norm_num

theorem exists_gt (n : ℕ) : ∃ m, n < m := ⟨n + 1, Nat.lt_succ_self n⟩

theorem lt_irrefl' (n : ℕ) : ¬ n < n := fun h => absurd h (Nat.lt_irrefl n)

end Smoke
