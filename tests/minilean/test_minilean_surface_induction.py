"""`induction … with` / `cases … with` alternatives, `revert`, and `.` bullets."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _run(head: str, *lines: str) -> tuple[list[str], list[str]]:
    src = f"theorem {head} := by\n" + "".join(f"  {t}\n" for t in lines)
    r = elaborate(initial_env(), src)
    return [m.data for m in r.messages if m.severity == "error"], [s.render() for s in r.sorries]


def test_induction_goals_generalize_dependent_hypotheses() -> None:
    errs, sorries = _run("i1 (n : ℕ) (h : 0 < n) : n ≥ 1", "induction n with", "| zero => sorry",
                         "| succ k ih => sorry")
    assert errs == []
    assert sorries == ["h : 0 < 0\n⊢ 0 ≥ 1", "k : ℕ\nih : 0 < k → k ≥ 1\nh : 0 < k + 1\n⊢ k + 1 ≥ 1"]


def test_induction_alternatives_close_goals() -> None:
    assert _run("i2 (n : ℕ) (h : 0 < n) : n ≥ 1", "induction n with", "| zero => omega",
                "| succ k ih =>", "  omega") == ([], [])
    # alternatives indented under the tactic, bodies over several lines
    assert _run("i3 (n : ℕ) : n * 0 = 0", "induction n with", "  | zero => rfl", "  | succ k ih =>",
                "    have h : k * 0 = 0 := ih", "    omega") == ([], [])


def test_induction_alternative_errors() -> None:
    errs, _ = _run("i4 (n : ℕ) : n ≥ 0", "induction n with", "| zero => omega")
    assert errs == ["alternative 'succ' has not been provided"]
    errs, _ = _run("i5 (n : ℕ) : n ≥ 0", "induction n with", "| zero => omega", "| succ k ih => omega",
                   "| succ k ih => omega")
    assert errs and "invalid alternative name" in errs[0]
    # a false statement stays false: the zero case fails
    errs, _ = _run("i6 (n : ℕ) : n ≥ 1", "induction n with", "| zero => omega", "| succ k ih => omega")
    assert errs and "omega" in errs[0]
    errs, _ = _run("i7 (x : ℝ) : x ≥ 0", "induction x with", "| zero => sorry", "| succ k ih => sorry")
    assert errs and "ℕ variables only" in errs[0]


def test_cases_with_alternatives() -> None:
    head = "c1 (p q : Prop) (h : p ∨ q) : q ∨ p"
    alts = ("| inl hp => exact Or.inr hp", "| inr hq => exact Or.inl hq")
    assert _run(head, "cases h with", *alts) == ([], [])
    errs, _ = _run(head, "cases h with", "| inl hp => exact Or.inl hp", "| inr hq => exact Or.inl hq")
    assert errs and "type mismatch" in errs[0]


def test_revert() -> None:
    _, sorries = _run("rv (x : ℝ) (h : x > 1) (h2 : x < 3) : x > 0", "revert h", "sorry")
    assert sorries == ["x : ℝ\nh2 : x < 3\n⊢ x > 1 → x > 0"]
    # reverting a variable takes the hypotheses that mention it along
    _, sorries = _run("rv2 (x y : ℝ) (h : x > 1) (h2 : y < 3) : x > 0", "revert x", "sorry")
    assert sorries == ["y : ℝ\nh2 : y < 3\n⊢ ∀ (x : ℝ), x > 1 → x > 0"]
    assert _run("rv3 (x : ℝ) (h : x > 1) : x > 0", "revert h", "intro h'", "linarith") == ([], [])
    assert _run("rv4 (x : ℝ) (h : x > 1) : x > 0", "revert h", "linarith")[0]  # linarith needs the premise
    assert _run("rv5 (x : ℝ) : x = x", "revert nope", "sorry")[0]


def test_ascii_dot_bullets() -> None:
    head = "b1 (p q : Prop) (hp : p) (hq : q) : p ∧ q"
    assert _run(head, "constructor", ".", "  exact hp", ". exact hq") == ([], [])
    assert _run(head, "constructor", ".", "  exact hq", ". exact hq")[0]


def test_alternative_names_never_merge_two_variables() -> None:
    # `k` is already a variable that the goal mentions: naming the new variable `k` too shadows the old
    # one as in Lean (renamed `k✝` everywhere), so the two stay distinct
    head = "sh (n k : ℕ) (h : k = 5) : n + k ≥ 5"
    assert _run(head, "induction n with", "| zero => omega", "| succ k ih => omega") == ([], [])
    assert _run(head, "induction n with", "| zero => omega", "| succ m ih => omega") == ([], [])
    bad = "sh2 (n k : ℕ) (h : k = 5) : n + k ≥ 6"
    errs, _ = _run(bad, "induction n with", "| zero => omega", "| succ k ih => omega")
    assert errs
