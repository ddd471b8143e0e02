import Mathlib

/-! Propositional and first-order logic, in the style of minilean's theorem set. -/

namespace Smoke.Logic

variable (p q r : Prop)

theorem and_swap (h : p ∧ q) : q ∧ p := by
  obtain ⟨hp, hq⟩ := h
  exact ⟨hq, hp⟩

theorem or_swap (h : p ∨ q) : q ∨ p := by
  rcases h with hp | hq
  · right
    exact hp
  · left
    exact hq

theorem imp_trans (hpq : p → q) (hqr : q → r) : p → r := by
  intro hp
  apply hqr
  apply hpq
  exact hp

theorem not_not_intro (hp : p) : ¬¬p := by
  intro hnp
  exact hnp hp

theorem contrapositive (h : p → q) : ¬q → ¬p := fun hnq hp => hnq (h hp)

theorem and_or_distrib : p ∧ (q ∨ r) ↔ (p ∧ q) ∨ (p ∧ r) := by
  constructor
  · rintro ⟨hp, hq | hr⟩
    · exact Or.inl ⟨hp, hq⟩
    · exact Or.inr ⟨hp, hr⟩
  · rintro (⟨hp, hq⟩ | ⟨hp, hr⟩)
    · exact ⟨hp, Or.inl hq⟩
    · exact ⟨hp, Or.inr hr⟩

theorem demorgan_or : ¬(p ∨ q) ↔ ¬p ∧ ¬q := by
  constructor
  · intro h
    exact ⟨fun hp => h (Or.inl hp), fun hq => h (Or.inr hq)⟩
  · rintro ⟨hnp, hnq⟩ (hp | hq)
    · exact hnp hp
    · exact hnq hq

theorem forall_and {α : Type*} (P Q : α → Prop) :
    (∀ x, P x ∧ Q x) ↔ (∀ x, P x) ∧ (∀ x, Q x) := by
  constructor
  · intro h
    exact ⟨fun x => (h x).1, fun x => (h x).2⟩
  · rintro ⟨hP, hQ⟩ x
    exact ⟨hP x, hQ x⟩

theorem exists_of_forall {α : Type*} [Inhabited α] (P : α → Prop) (h : ∀ x, P x) : ∃ x, P x :=
  ⟨default, h default⟩

theorem not_exists_iff {α : Type*} (P : α → Prop) : (¬∃ x, P x) ↔ ∀ x, ¬P x := by
  push_neg
  rfl

end Smoke.Logic
