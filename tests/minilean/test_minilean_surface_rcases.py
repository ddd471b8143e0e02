"""rcases/obtain/rintro patterns: `rfl`, and `∣`/`Even`/`Odd` seen as the `∃` they are defined as."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _run(head: str, *tactics: str) -> tuple[list[str], list[str]]:
    src = f"theorem {head} := by\n" + "".join(f"  {t}\n" for t in tactics)
    r = elaborate(initial_env(), src)
    return [m.data for m in r.messages if m.severity == "error"], [s.render() for s in r.sorries]


def test_rfl_pattern_substitutes() -> None:
    errs, sorries = _run("r1 (n : ℕ) (h : ∃ k, n = 3 * k) : 3 ∣ n", "obtain ⟨k, rfl⟩ := h", "sorry")
    assert errs == [] and sorries == ["k : ℕ\n⊢ 3 ∣ 3 * k"]
    assert _run("r3 (a b : ℕ) (h : a = b ∧ b = 2) : a = 2", "rcases h with ⟨rfl, rfl⟩", "rfl") == ([], [])
    assert _run("r6 (a : ℕ) : ∀ b, b = a + 1 → b > a", "rintro b rfl", "omega") == ([], [])


def test_rfl_pattern_failures() -> None:
    errs, _ = _run("r4 (a b : ℕ) (h : a + 1 = b + 1) : a = b", "rcases h with rfl", "rfl")
    assert errs and "cannot substitute" in errs[0]
    # after substituting, a false goal stays false
    assert _run("r7 (a b : ℕ) (h : a = b ∧ b = 2) : a = 3", "rcases h with ⟨rfl, rfl⟩", "rfl")[0]


def test_divisibility_even_odd_destructure() -> None:
    head = "d2 (n : ℕ) (h : 3 ∣ n) (h2 : n < 4) : n = 0 ∨ n = 3"
    assert _run(head, "rcases h with ⟨k, hk⟩", "omega") == ([], [])
    _, sorries = _run("d3 (c : ℕ) (h : c ∣ 6) : c ≤ 6", "rcases h with ⟨d, hd⟩", "sorry")
    assert sorries == ["c : ℕ\nd : ℕ\nhd : 6 = c * d\n⊢ c ≤ 6"]
    _, sorries = _run("d4 (a : ℤ) (h : Odd a) : True", "obtain ⟨k, hk⟩ := h", "sorry")
    assert sorries == ["a : ℤ\nk : ℤ\nhk : a = 2 * k + 1\n⊢ True"]
    _, sorries = _run("d5 (a : ℕ) (h : Even a) : True", "obtain ⟨r, hr⟩ := h", "sorry")
    assert sorries == ["a : ℕ\nr : ℕ\nhr : a = r + r\n⊢ True"]


def test_use_and_anonymous_constructor_on_divisibility() -> None:
    steps = ("rcases h with ⟨m, hm⟩", "use m", "rw [hm]", "ring")
    assert _run("u1 (n : ℕ) (h : 3 ∣ n) : 9 ∣ 3 * n", *steps) == ([], [])
    assert _run("u2 (a : ℕ) : 2 ∣ 4 * a", "exact ⟨2 * a, by ring⟩") == ([], [])
    # wrong witness / false divisibility: rejected
    assert _run("u3 (a : ℕ) : 3 ∣ 4 * a", "exact ⟨2 * a, by ring⟩")[0]
    assert _run("u4 (a : ℕ) : 3 ∣ 4 * a + 1", "use a", "ring")[0]
    # Even/Odd unfold too; a wrong witness leaves a false goal
    assert _run("u5 (a : ℕ) : Even (2 * a)", "use a", "ring") == ([], [])
    assert _run("u6 (a : ℕ) : Even (2 * a)", "use a + 1", "ring")[0]
    assert _run("u7 : Odd (7 : ℤ)", "exact ⟨3, by norm_num⟩") == ([], [])
    # `use x, h`: a proof fills the next field of the ∃'s body
    head = "u8 (n : ℕ) (h₀ : 0 < n) : ∃ m, (m > n ∧ ∃ p, m * p ≤ m + p)"
    assert _run(head, "use n + 1, by linarith", "exact ⟨1, by linarith⟩") == ([], [])
    assert _run(head, "use n, by linarith", "exact ⟨1, by linarith⟩")[0]


def test_divisibility_is_its_exists_for_exact_and_have() -> None:
    assert _run("e1 (n : ℕ) (h₂ : 1342 ∣ n) : True", "have hk : ∃ k : ℕ, n = 1342 * k := h₂", "trivial") == (
        [], [])
    assert _run("e2 (n c : ℕ) (h : ∃ k : ℕ, n = c * k) : c ∣ n", "exact h") == ([], [])
    # a different factor, or the factors swapped (not definitionally equal), is a type mismatch
    assert _run("e3 (n : ℕ) (h₂ : 1342 ∣ n) : True", "have hk : ∃ k : ℕ, n = 1341 * k := h₂", "trivial")[0]
    assert _run("e4 (n : ℕ) (h : ∃ k : ℕ, n = k * 2) : 2 ∣ n", "exact h")[0]
