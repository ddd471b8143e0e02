"""Round 10 surface syntax: `forall` (ASCII `∀`), named type arguments of table lemmas
(`(Nat.cast_le (α := ℤ)).mpr h`), `dsimp [x]` restating `≠` as `¬ =` (ne_eq) and leaving `√` alone,
and `let g := fun x => f x - k` with the parameter's type read off the local function."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _errors(src: str) -> list[str]:
    res = elaborate(initial_env(), src)
    return [str(m.data) for m in res.messages if m.severity == "error"]


# ------------------------------------------------------------------------------------------------ forall
def test_forall_keyword_is_forall_binder() -> None:
    src = (
        "theorem t : True := by\n"
        "  have h : forall (u v : ℝ), u + v = v + u := by\n"
        "    intro u v\n"
        "    ring\n"
        "  trivial\n"
    )
    assert _errors(src) == []


def test_forall_keyword_false_statement_refused() -> None:
    src = (
        "theorem t : True := by\n"
        "  have h : forall (u v : ℝ), u - v = v - u := by\n"
        "    intro u v\n"
        "    ring\n"
        "  trivial\n"
    )
    assert _errors(src)


def test_forall_prefix_identifier_untouched() -> None:
    # `forall_x` is an ordinary identifier, not the keyword
    src = "theorem t (forall_x : ℕ) (h : forall_x = 2) : forall_x + 1 = 3 := by\n  omega\n"
    assert _errors(src) == []


# ------------------------------------------------------------------------------------ named type args
HEAD = "theorem t (a b : ℕ) (h : a ≤ b) : (a : ℤ) ≤ (b : ℤ) := by\n"


def test_named_type_argument_of_cast_le() -> None:
    assert _errors(HEAD + "  exact (Nat.cast_le (α := ℤ)).mpr h\n") == []


def test_named_type_argument_wrong_type_refused() -> None:
    # at ℝ the lemma's left side is a real inequality, not the ℤ goal
    assert _errors(HEAD + "  exact (Nat.cast_le (α := ℝ)).mpr h\n")


def test_named_implicit_variable_inside_projection() -> None:
    assert _errors(HEAD + "  exact (Nat.cast_le (m := a)).mpr h\n") == []


def test_named_implicit_variable_wrong_value_refused() -> None:
    assert _errors(HEAD + "  exact (Nat.cast_le (m := b)).mpr h\n")


def test_named_argument_after_projection_still_refused() -> None:
    # `foo.mpr (α := ℤ)` names a binder of Iff.mpr: Lean rejects it
    assert _errors(HEAD + "  exact Nat.cast_le.mpr (α := ℤ) h\n")


def test_named_type_argument_unknown_name_refused() -> None:
    # Mathlib's Nat.cast_inj calls its type variable `R`; `α` is unknown here (refused, never guessed)
    src = "theorem t (a b : ℕ) (h : a = b) : (a : ℤ) = (b : ℤ) := by\n  exact (Nat.cast_inj (α := ℤ)).mpr h\n"
    assert _errors(src)


# ------------------------------------------------------------------------------------------------- dsimp
def test_dsimp_restates_ne_as_not_eq() -> None:
    src = (
        "theorem t (k t : ℕ) (h : (k : ℤ) - (t : ℤ) ≠ 0) : True := by\n"
        "  let kz : ℤ := k\n"
        "  have hz : kz - (t : ℤ) ≠ 0 := by\n"
        "    dsimp [kz]\n"
        "    show ¬((k : ℤ) - (t : ℤ) = 0)\n"
        "    exact h\n"
        "  trivial\n"
    )
    assert _errors(src) == []


def test_dsimp_ne_result_is_not_the_unfolded_ne() -> None:
    # after dsimp the goal is `¬… = 0`, so a `show` of a false variant fails
    src = (
        "theorem t (k t : ℕ) (h : (k : ℤ) - (t : ℤ) ≠ 0) : True := by\n"
        "  let kz : ℤ := k\n"
        "  have hz : kz - (t : ℤ) ≠ 0 := by\n"
        "    dsimp [kz]\n"
        "    show ¬((k : ℤ) - (t : ℤ) = 1)\n"
        "    exact h\n"
        "  trivial\n"
    )
    assert _errors(src)


def test_dsimp_only_keeps_ne_refusal_free() -> None:
    src = (
        "theorem t (k t : ℕ) (h : (k : ℤ) - (t : ℤ) ≠ 0) : True := by\n"
        "  let kz : ℤ := k\n"
        "  have hz : kz - (t : ℤ) ≠ 0 := by\n"
        "    dsimp only [kz]\n"
        "    exact h\n"
        "  trivial\n"
    )
    assert _errors(src) == []


def test_dsimp_leaves_sqrt_alone() -> None:
    src = (
        "theorem t : True := by\n"
        "  let r := (1 + Real.sqrt 5) / 2\n"
        "  have h : r - 1 / 2 = Real.sqrt 5 / 2 := by\n"
        "    dsimp [r]\n"
        "    ring\n"
        "  trivial\n"
    )
    assert _errors(src) == []


def test_dsimp_unfolds_log_quotients() -> None:
    # round 11: `Real.log_div_log` is an rfl lemma but not @[simp] in Mathlib 4, so dsimp leaves the
    # quotient (see test_minilean_fidelity4_dsimp_log.py)
    src = (
        "theorem t : True := by\n"
        "  let a := Real.log 6 / Real.log 2\n"
        "  have h : a = Real.log 6 / Real.log 2 := by\n"
        "    dsimp [a]\n"
        "  trivial\n"
    )
    assert _errors(src) == []


# --------------------------------------------------------------------------------------- let fun param
FHEAD = "theorem t (f : ℤ → ℤ) (k : ℤ) (h : ∀ a b, f (a + b) = f a + f b - k) : True := by\n"


def test_let_fun_untyped_param_from_local_function() -> None:
    src = FHEAD + (
        "  let g := fun x => f x - k\n"
        "  have hg : ∀ a b, g (a + b) = g a + g b := by\n"
        "    intro a b\n"
        "    simp only [g]\n"
        "    rw [h]\n"
        "    ring\n"
        "  trivial\n"
    )
    assert _errors(src) == []


def test_let_fun_untyped_param_false_claim_refused() -> None:
    src = FHEAD + (
        "  let g := fun x => f x - k\n"
        "  have hg : ∀ a b, g (a + b) = g a + g b + 1 := by\n"
        "    intro a b\n"
        "    simp only [g]\n"
        "    rw [h]\n"
        "    ring\n"
        "  trivial\n"
    )
    assert _errors(src)


def test_let_fun_untyped_param_with_ascription_refused() -> None:
    # `(x : ℝ)` would fix the parameter's type before `f x` is elaborated
    assert _errors(FHEAD + "  let g := fun x => (x : ℝ) + f x\n  trivial\n")


def test_let_fun_untyped_param_without_local_function_refused() -> None:
    assert _errors(FHEAD + "  let g := fun x => x + 1\n  trivial\n")
