"""`rw` and `apply` with universally quantified local hypotheses."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _run(head: str, *lines: str) -> tuple[list[str], list[str]]:
    src = f"theorem {head} := by\n" + "".join(f"  {t}\n" for t in lines)
    r = elaborate(initial_env(), src)
    return [m.data for m in r.messages if m.severity == "error"], [s.render() for s in r.sorries]


F = "(f : ℝ → ℝ) (h₀ : ∀ x, f x = 5 * x + 4)"


def test_rw_with_a_forall_equation() -> None:
    assert _run(f"a {F} : f 1 = 9", "rw [h₀]", "norm_num") == ([], [])
    assert _run(f"b {F} : f 1 = 10", "rw [h₀]", "norm_num")[0]  # false stays false
    _, sorries = _run(f"c {F} (h2 : f 3 = 7) : False", "rw [h₀] at h2", "sorry")
    assert sorries[0].endswith("h2 : (5 * 3 + 4 : ℝ) = 7\n⊢ False")
    head = "d (f g : ℝ → ℝ) (h₀ : ∀ x, f x = x + 1) (h₁ : ∀ x, g x = 2 * x) : f (g 2) = 5"
    assert _run(head, "rw [h₀, h₁]", "norm_num") == ([], [])


def test_rw_rewrites_every_occurrence_of_the_first_instance_only() -> None:
    _, sorries = _run(f"e {F} : f 1 + f 1 + f 2 = 0", "rw [h₀]", "sorry")
    assert sorries[0].endswith("⊢ 5 * 1 + 4 + (5 * 1 + 4) + f 2 = 0")


def test_rw_forall_refusals() -> None:
    errs, _ = _run(f"g {F} : (2 : ℝ) = 2", "rw [h₀]")
    assert errs and "did not find instance" in errs[0]
    errs, _ = _run("h (x : ℝ) (h : ∀ y : ℝ, y = 0) : x = 0", "rw [h]")
    assert errs and "motive is not type correct" in errs[0]


def test_apply_a_forall_hypothesis() -> None:
    assert _run("i (f : ℝ → ℝ) (h₀ : ∀ x, f x = 2 * x - 3) : f 5 = 2 * 5 - 3", "apply h₀") == ([], [])
    assert _run("j (f : ℝ → ℝ) (h₀ : ∀ x, f x = 2 * x - 3) : f 5 = 2 * 6 - 3", "apply h₀")[0]
    head = "k (f : ℤ → ℤ) (h₁ : ∀ n, Even n → f n = n ^ 2) (h4 : Even (4:ℤ)) : f 4 = 4 ^ 2"
    assert _run(head, "apply h₁", "exact h4") == ([], [])
    _, sorries = _run(head, "apply h₁", "sorry")
    assert sorries[0].endswith("⊢ Even (4 : ℤ)")


def test_rw_closes_reflexive_relations_with_refl_lemmas() -> None:
    assert _run("r1 (a b : ℕ) (h₃ : Nat.gcd a b = 6) : 6 ∣ Nat.gcd a b", "rw [h₃]") == ([], [])
    assert _run("r2 (x y : ℝ) (h : y = x) : x ≤ y", "rw [h]") == ([], [])
    # strict relations are irreflexive: the goal stays (and is false)
    errs, _ = _run("r3 (x y : ℝ) (h : y = x) : x < y", "rw [h]")
    assert errs and errs[0].startswith("unsolved goals")
