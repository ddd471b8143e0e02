import Mathlib

/-! Structures, instances and a little algebra. -/

namespace Smoke

/-- A point in the plane with integer coordinates. -/
structure Point where
  x : ℤ
  y : ℤ
  deriving DecidableEq, Repr

namespace Point

def add (a b : Point) : Point := ⟨a.x + b.x, a.y + b.y⟩

instance : Add Point := ⟨add⟩

@[simp] theorem add_x (a b : Point) : (a + b).x = a.x + b.x := rfl
@[simp] theorem add_y (a b : Point) : (a + b).y = a.y + b.y := rfl

theorem add_comm (a b : Point) : a + b = b + a := by
  cases a
  cases b
  simp only [HAdd.hAdd, Add.add, add, Point.mk.injEq]
  constructor <;> ring

/-- Squared Euclidean norm. -/
def normSq (p : Point) : ℤ := p.x ^ 2 + p.y ^ 2

theorem normSq_nonneg (p : Point) : 0 ≤ p.normSq := by
  unfold normSq
  positivity

end Point

/-- Sum of a list of naturals, by structural recursion. -/
def listSum : List ℕ → ℕ
  | [] => 0
  | x :: xs => x + listSum xs

theorem listSum_append (l₁ l₂ : List ℕ) : listSum (l₁ ++ l₂) = listSum l₁ + listSum l₂ := by
  induction l₁ with
  | nil => simp [listSum]
  | cons x xs ih =>
    simp only [List.cons_append, listSum, ih]
    omega

theorem sum_sq_ge (a b : ℝ) : 2 * a * b ≤ a ^ 2 + b ^ 2 := by
  nlinarith [sq_nonneg (a - b)]

theorem abs_add_le (a b : ℝ) : |a + b| ≤ |a| + |b| := abs_add a b

theorem finset_sum_range (n : ℕ) : ∑ i ∈ Finset.range (n + 1), (2 * i + 1) = (n + 1) ^ 2 := by
  induction n with
  | zero => simp
  | succ k ih =>
    rw [Finset.sum_range_succ, ih]
    ring

end Smoke
