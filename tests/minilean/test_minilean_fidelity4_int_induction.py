"""`induction z using Int.induction_on with | hz => … | hp i ih => … | hn i ih => …`: Mathlib's
`Int.induction_on {p : ℤ → Prop} (i : ℤ) (hz : p 0) (hp : ∀ i : ℕ, p ↑i → p (↑i + 1))
(hn : ∀ i : ℕ, p (-↑i) → p (-↑i - 1)) : p i`, and what is refused."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _errors(src: str) -> list[str]:
    res = elaborate(initial_env(), src)
    return [str(m.data) for m in res.messages if m.severity == "error"]


HEAD = (
    "theorem t (f : ℤ → ℤ) (h : ∀ x, f (x + 1) = f x + 2) (h0 : f 0 = 1) (z : ℤ) : f z = 2 * z + 1 := by\n"
    "  induction z using Int.induction_on with\n"
)
PROOF = (
    "  | hz => simp [h0]\n"
    "  | hp i ih =>\n    rw [h, ih]\n    ring\n"
    "  | hn i ih =>\n    have := h (-↑i - 1)\n"
    "    have e : -(↑i : ℤ) - 1 + 1 = -↑i := by ring\n    rw [e] at this\n    linarith\n"
)


def test_int_induction_three_cases() -> None:
    assert _errors(HEAD + PROOF) == []


def test_int_induction_false_variant_refused() -> None:
    errs = _errors(HEAD.replace("2 * z + 1", "2 * z + 2") + PROOF)
    assert errs


def test_int_induction_case_goals() -> None:
    # hp: `i : ℕ`, the goal at `↑i + 1`; hn: the goal at `-↑i - 1` (show checks them up to syntax)
    src = HEAD + (
        "  | hz => exact h0\n"
        "  | hp i ih =>\n    show f (↑i + 1) = 2 * (↑i + 1) + 1\n    sorry\n"
        "  | hn i ih =>\n    show f (-↑i - 1) = 2 * (-↑i - 1) + 1\n    sorry\n"
    )
    assert _errors(src) == []


def test_int_induction_new_variable_is_nat() -> None:
    # `i` is a ℕ: `0 ≤ (i : ℤ)` by positivity, and `ih` is about `↑i`, not about `i + 1`
    src = HEAD + (
        "  | hz => exact h0\n"
        "  | hp i ih =>\n    have : (0 : ℤ) ≤ ↑i := by positivity\n    rw [h, ih]\n    ring\n"
        "  | hn i ih =>\n    exact ih\n"
    )
    errs = _errors(src)
    assert errs and len(errs) == 1  # only the hn case fails: ih is at -↑i, the goal at -↑i - 1


def test_int_induction_missing_alternative_refused() -> None:
    assert _errors(HEAD + "  | hz => sorry\n  | hp i ih => sorry\n")


def test_int_induction_other_case_names_refused() -> None:
    assert _errors(HEAD + "  | zero => sorry\n  | succ i ih => sorry\n  | pred i ih => sorry\n")


def test_int_induction_generalizes_hypotheses() -> None:
    src = (
        "theorem t (z : ℤ) (hz0 : 0 ≤ z) : 0 ≤ z * z := by\n"
        "  induction z using Int.induction_on with\n"
        "  | hz => simp\n"
        "  | hp i ih =>\n    exact mul_self_nonneg _\n"
        "  | hn i ih =>\n    have := ih (by linarith)\n    nlinarith\n"
    )
    assert _errors(src) == []


def test_int_induction_on_nat_variable_refused() -> None:
    src = "theorem t (n : ℕ) : 0 ≤ n := by\n  induction n using Int.induction_on with\n  | hz => sorry\n"
    assert _errors(src)


def test_other_eliminators_still_refused() -> None:
    src = (
        "theorem t (n : ℕ) : 0 ≤ n := by\n  induction n using Nat.twoStepInduction with\n"
        "  | H1 => omega\n  | H2 => omega\n  | H3 n ih1 ih2 => omega\n"
    )
    errs = _errors(src)
    assert errs and "using" in errs[0]


# ---------------------------------------------------------------- Nat.strong_induction_on (one case)

SHEAD = (
    "theorem t (f : ℕ → ℕ) (h0 : f 0 = 0) (h : ∀ n, f (n + 1) = f n) (n : ℕ) : f n = 0 := by\n"
    "  induction n using Nat.strong_induction_on with\n"
)
SPROOF = (
    "  | h n ih =>\n    cases n with\n    | zero => exact h0\n"
    "    | succ k =>\n      rw [h]\n      exact ih k (by omega)\n"
)


def test_strong_induction_accepts() -> None:
    # the case tag `h` is also a hypothesis name: the renaming re-check keeps the tag
    assert _errors(SHEAD + SPROOF) == []


def test_strong_induction_on_alias_case_ind() -> None:
    src = SHEAD.replace("strong_induction_on", "strongInductionOn") + SPROOF.replace("| h n ih", "| ind n ih")
    assert _errors(src) == []


def test_strong_induction_false_variant_refused() -> None:
    assert _errors(SHEAD.replace("= 0 :=", "= 1 :=") + SPROOF)


def test_strong_induction_ih_needs_smaller_argument() -> None:
    # ih only holds below n: using it at n itself is refused
    src = SHEAD + "  | h n ih =>\n    exact ih n (by omega)\n"
    assert _errors(src)


def test_strong_induction_wrong_case_name_refused() -> None:
    assert _errors(SHEAD + SPROOF.replace("| h n ih", "| ind n ih"))


def test_strong_induction_avoids_capture() -> None:
    # a variable called `m` in the motive: the bound variable of ih gets another name
    src = (
        "theorem t (m n : ℕ) (hm : m < n) : m < n + 1 := by\n"
        "  induction n using Nat.strong_induction_on with\n"
        "  | h n ih =>\n    exact ih m (by omega) (by omega)\n"
    )
    assert _errors(src)  # ih m needs m < n, i.e. m < m: omega fails
    ok = (
        "theorem t (m n : ℕ) (hm : m < n) : m < n + 1 := by\n"
        "  induction n using Nat.strong_induction_on with\n"
        "  | h n ih => omega\n"
    )
    assert _errors(ok) == []
