"""Round 20a: `rw [...] at *` (Lean core `withLocation` with the wildcard: the target, then every
hypothesis, each attempt skipped when it has no instance; an error only when nothing was rewritten)."""

from __future__ import annotations

from lemma_batch_checks import accepts

from minilean import engine  # noqa: F401  (engine registers the proof checker)
from minilean.rw_wildcard import wildcard_items


def test_wildcard_syntax() -> None:
    assert wildcard_items("[add_zero a] at *") == "add_zero a"
    assert wildcard_items("[add_zero a] at h") is None
    assert wildcard_items("[add_zero a]") is None


def test_rewrites_target_and_every_hypothesis() -> None:
    # both hypotheses and the goal hold `a + 0`; after the rewrite `omega` is not even needed: exact works
    assert accepts("(a b : ℕ) (h₁ : a + 0 = b) (h₂ : b ≤ 3) : a + 0 ≤ 3 := by\n"
                   "  rw [add_zero a] at *\n  rw [h₁]\n  exact h₂")
    # a hypothesis without an instance is skipped, not an error
    assert accepts("(a b : ℕ) (h₁ : a + 0 = b) (h₂ : b ≤ 3) : a ≤ 3 := by\n"
                   "  rw [add_zero a] at *\n  rw [h₁]\n  exact h₂")
    # only a hypothesis has an instance: the goal is left as it is
    assert accepts("(a b : ℕ) (h₁ : a + 0 = b) (h₂ : b ≤ 3) : a ≤ 3 := by\n"
                   "  rw [add_zero a] at *\n  exact h₁ ▸ h₂")


def test_hypothesis_really_rewritten() -> None:
    # after the rewrite h₁ reads `a = b`, so `exact h₁` closes `a = b`
    assert accepts("(a b : ℕ) (h₁ : a + 0 = b) : a = b := by\n  rw [add_zero a] at *\n  exact h₁")
    # without `at *` only the goal (no instance) is tried: Lean's rw fails
    assert not accepts("(a b : ℕ) (h₁ : a + 0 = b) : a = b := by\n  rw [add_zero a]\n  exact h₁")


def test_refusals() -> None:
    # no location has an instance: Lean fails ("did not find instance ... in the current goal")
    assert not accepts("(a b : ℕ) (h₁ : a = b) : a = b := by\n  rw [add_zero a] at *\n  exact h₁")
    # a false conclusion stays unprovable
    assert not accepts("(a b : ℕ) (h₁ : a + 0 = b) : a = b + 1 := by\n  rw [add_zero a] at *\n  omega")
    # a rule naming a hypothesis: Lean rewrites that hypothesis with itself too; refused
    assert not accepts("(a b : ℕ) (h₁ : a = b) (h₂ : a ≤ 3) : b ≤ 3 := by\n  rw [h₁] at *\n  exact h₂")


def test_zmod_ascription_refused_precisely() -> None:
    from minilean.engine import elaborate, initial_env

    res = elaborate(initial_env(), "theorem t (x : ℤ) : (x : ZMod 7) = x := by\n  rfl")
    assert res.has_errors
    assert any("ZMod" in m.data for m in res.messages)
