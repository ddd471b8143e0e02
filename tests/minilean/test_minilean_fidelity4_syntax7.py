"""Surface syntax inside proofs (round 7): goal tags of `interval_cases`, `suffices … from`, shadowing in
`rcases`/`obtain`, local lemmas with binders before the colon."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


# `interval_cases` tags each case by its value (Mathlib: `appendTag tag (toString z)`), written `«z»`

_IC = "(k : ℕ) (h₀ : 0 < k) (h : k < 3) : k ≤ 2 := by\n  interval_cases k\n"


def test_interval_cases_case_tags_select_values() -> None:
    assert _accepts(_IC + "  case «2» => norm_num\n  case «1» => norm_num")


def test_interval_cases_case_tag_must_exist() -> None:
    assert not _accepts(_IC + "  case «3» => norm_num\n  all_goals norm_num")
    assert not _accepts(_IC + "  case «0» => norm_num\n  all_goals norm_num")


def test_interval_cases_case_tag_selects_the_right_goal() -> None:
    # goal «1» is `1 = 1`; goal «2» is `2 = 1`: closing «2» with rfl must fail
    src = "(k : ℕ) (h₀ : 0 < k) (h : k < 3) (h2 : k ≠ 2) : k = 1 := by\n  interval_cases k\n"
    assert _accepts(src + "  case «1» => rfl\n  case «2» => contradiction")
    assert not _accepts(src + "  case «2» => rfl\n  case «1» => rfl")


# `suffices h : T from e`: e proves the main goal with h; T is left (as `suffices h : T by exact e`)


def test_suffices_from_term() -> None:
    src = "(x : ℝ) (h : 2 * x ≥ 4) : x + 1 ≥ 3 := by\n  suffices hx : x ≥ 2 from {e}\n  linarith"
    assert _accepts(src.format(e="by linarith"))
    assert _accepts(src.format(e="le_trans (by norm_num) (add_le_add_right hx 1)"))
    # the term must prove the main goal, not something else
    assert not _accepts(src.format(e="hx"))


def test_suffices_from_leaves_its_statement() -> None:
    # T stays to prove: a false T cannot be proved afterwards
    src = "(x : ℝ) (h : x ≥ 1) : x ≥ 0 := by\n  suffices hx : x ≥ 5 from by linarith\n  {t}"
    assert not _accepts(src.format(t="linarith"))
    assert not _accepts(src.format(t="skip"))


# a new variable shadows an old one of the same name (Lean: the old one becomes inaccessible, `q✝`);
# minilean renames the old variable everywhere it occurs, so no fact changes what it is about

_OBT = "(q : ℕ) (hq : q = 1) (h : ∃ q : ℕ, q = 2) : q = 1 := by\n  obtain ⟨q, hq2⟩ := h\n  {t}"


def test_obtain_shadows_a_variable_and_keeps_old_facts() -> None:
    assert _accepts(_OBT.format(t="exact hq"))  # the goal and hq are both about the old q
    assert not _accepts(_OBT.format(t="have : q = 1 := hq\n  exact this"))  # not about the new q
    assert not _accepts(_OBT.format(t="exact hq2"))
    assert not _accepts(_OBT.format(t="skip"))


def test_shadowing_no_capture_in_the_destructed_type() -> None:
    # the witness's equation mentions the old q: it must read `q = q✝ + 1`, never `q = q + 1`
    src = "(q : ℕ) (h : ∃ r : ℕ, r = q + 1) : {c} := by\n  obtain ⟨q, hq⟩ := h\n  {t}"
    assert not _accepts(src.format(c="False", t="omega"))
    assert _accepts(src.format(c="∃ r : ℕ, r > q", t="exact ⟨q, by omega⟩"))
    assert not _accepts(src.format(c="∃ r : ℕ, r < q", t="exact ⟨q, by omega⟩"))


def test_rcases_shadow_then_linarith_sees_both() -> None:
    src = "(q : ℝ) (hq : q > 5) (h : ∃ q : ℝ, q < 1) : {c} := by\n  rcases h with ⟨q, hq'⟩\n  linarith"
    assert not _accepts(src.format(c="False"))  # q✝ > 5 and q < 1 are consistent
    assert _accepts(src.format(c="q > 4"))  # the goal names the old q


def test_shadowing_twice() -> None:
    src = ("(q : ℕ) (h0 : q = 0) (h : ∃ q : ℕ, q = 1) (h' : ∃ q : ℕ, q = 2) : {c} := by\n"
           "  obtain ⟨q, h1⟩ := h\n  obtain ⟨q, h2⟩ := h'\n  omega")
    assert not _accepts(src.format(c="False"))
    assert _accepts(src.format(c="q = 0"))
    assert not _accepts(src.format(c="q = 2"))


def test_intro_and_rintro_shadow() -> None:
    assert _accepts("(x : ℕ) (hx : x = 1) : ∀ x : ℕ, x = x := by\n  intro x\n  rfl")
    assert not _accepts("(x : ℕ) (hx : x = 1) : ∀ x : ℕ, x = 1 := by\n  intro x\n  exact hx")
    src = "(x : ℕ) (hx : x = 1) : (∃ x : ℕ, x = 2) → {c} := by\n  rintro ⟨x, h2⟩\n  omega"
    assert not _accepts(src.format(c="False"))
    assert _accepts(src.format(c="x = 1"))


def test_shadowing_a_proof_name_with_a_variable() -> None:
    src = "(a : ℕ) (q : a = 3) (h : ∃ q : ℕ, q = a) : a = 3 := by\n  obtain ⟨q, hq⟩ := h\n  {t}"
    assert _accepts(src.format(t="omega"))
    assert not _accepts(src.format(t="exact q"))  # `q` is now the number, not the proof


def test_shadowing_step_by_step_passes_the_renaming_recheck() -> None:
    # apply_tactic re-runs each step with every name renamed; shadowing twice must read back the same
    from minilean.engine import apply_tactic

    res = elaborate(initial_env(), "theorem t (q : ℕ) (h0 : q = 0) (h : ∃ q : ℕ, q = 1) "
                    "(h' : ∃ q : ℕ, q = 2) : q = 0 := by\n  sorry")
    (s,) = res.sorries
    (s,) = apply_tactic(s, "obtain ⟨q, h1⟩ := h")
    (s,) = apply_tactic(s, "obtain ⟨q, h2⟩ := h'")
    goal = s.goals_json()[0]
    assert goal["type"].startswith("q✝")  # the goal is about the first q, now inaccessible
    assert apply_tactic(s, "omega") == []
    (s2,) = apply_tactic(res.sorries[0], "obtain ⟨q, h1⟩ := h")
    import pytest

    from minilean.engine import TacticError

    with pytest.raises(TacticError):
        apply_tactic(s2, "exact h1")  # h1 : q = 1 is about the new q; the goal about the old one


# `have f {a b : ℕ} (h : …) : P := by …`: a local lemma whose implicit arguments are inferred

_KEY = ("(p q : ℕ) (hq : 2 ≤ q) (hp : q ≤ p) : {c} := by\n"
        "  have key {{a b : ℕ}} (hb : 1 ≤ b) (hle : b ≤ a) : a - (b - 1) = (a - b) + 1 := by\n"
        "    {proof}\n"
        "  {use}")


def _key(
    c: str = "p - (q - 1) = p - q + 1", proof: str = "omega", use: str = "exact key (by omega) hp"
) -> bool:
    return _accepts(_KEY.format(c=c, proof=proof, use=use))


def test_local_lemma_with_implicit_binders() -> None:
    assert _key()
    assert _key(use="have h := key (by omega) hp\n  exact h")
    assert _key(use="rw [key (by omega) hp]")


def test_local_lemma_implicit_arguments_cannot_be_given_explicitly() -> None:
    assert not _key(use="exact key p q (by omega) hp")  # Lean: `p` is not a proof of `1 ≤ ?b`


def test_local_lemma_refusals() -> None:
    assert not _key(proof="skip")  # the lemma itself must be proved
    assert not _key(c="p - (q - 1) = p - q + 2")  # and proves only what it says
    assert not _key(use="exact key (by omega) hq")  # hq : 2 ≤ q is not `q ≤ p`


def test_local_lemma_false_statement_is_not_provable() -> None:
    bad = ("(p : ℕ) : True := by\n  have key {a b : ℕ} (hle : b ≤ a) : a - b = a := by\n    omega\n"
           "  trivial")
    assert not _accepts(bad)


def test_implicit_binder_displayed_and_introduced() -> None:
    from minilean.syntax import parse_prop, show_prop

    p = parse_prop("∀ {a b : ℕ}, 1 ≤ b → a - (b - 1) = a - b + 1", {})
    assert show_prop(p) == "∀ {a : ℕ}, ∀ {b : ℕ}, 1 ≤ b → a - (b - 1) = a - b + 1"
    assert _accepts("(x : ℕ) : ∀ {a : ℕ}, a + 0 = a := by\n  intro a\n  omega")
    assert not _accepts("(x : ℕ) : ∀ {a : ℕ}, a + 1 = a := by\n  intro a\n  omega")


def test_local_lemma_with_implicit_real_binder_and_iff() -> None:
    src = ("(y : ℝ) (h : y ^ 2 = 1) (hy : y > 0) : y = 1 := by\n"
           "  have sq {{x : ℝ}} (hx : x > 0) : x ^ 2 = 1 ↔ x = 1 := by\n"
           "    constructor\n    · intro h1\n      nlinarith\n    · intro h1\n      rw [h1]\n      norm_num\n"
           "  {use}")
    assert _accepts(src.format(use="exact (sq hy).mp h"))
    assert not _accepts(src.format(use="exact (sq y hy).mp h"))


def test_lifted_binders_keep_an_iff_conclusion_whole() -> None:
    # `have f (x : ℝ) (hx : x > 0) : A ↔ B` is `∀ x, x > 0 → (A ↔ B)`, not `(x > 0 → A) ↔ B`
    src = ("(y : ℝ) (h : y ^ 2 = 1) (hy : y > 0) : y = 1 := by\n"
           "  have sq (x : ℝ) (hx : x > 0) : x ^ 2 = 1 ↔ x = 1 := by\n"
           "    constructor\n    · intro h1\n      nlinarith\n    · intro h1\n      rw [h1]\n      norm_num\n"
           "  {use}")
    assert _accepts(src.format(use="exact (sq y hy).mp h"))
    assert not _accepts(src.format(use="exact (sq hy).mp h"))  # x is explicit here


def test_trailing_semicolon_ends_a_tactic() -> None:
    # Lean's tactic sequences allow a trailing `;` (sepByIndentSemicolon, allowTrailingSep)
    assert _accepts("(p : Prop) : p → p := by\n  intro h;\n  exact h")
    assert _accepts("(p : Prop) : p → p := by\n  intro h; exact h;")
    assert not _accepts("(p : Prop) : p → p := by\n  intro h;")  # the goal is still open
    assert not _accepts("(p : Prop) : p → p := by\n  ;")


# `h ▸ e` (Lean core's elabSubst): rewrite the expected type with h, right to left, else left to right


def test_subst_rewrites_the_expected_type() -> None:
    assert _accepts("(m n : ℕ) (h : m * n = 10) : n * m = 10 := Nat.mul_comm m n ▸ h")
    assert _accepts("(m n : ℕ) (h : m * n = 10) : n * m = 10 := by\n  exact Nat.mul_comm m n ▸ h")
    # the expected type mentions only the left side: the equation is used the other way
    assert _accepts("(x : ℕ) (h : x = 2) (hp : 2 > 1) : x > 1 := h ▸ hp")


def test_subst_refusals() -> None:
    assert not _accepts("(x : ℕ) (h : x = 2) (hp : 3 > 1) : x > 1 := h ▸ hp")  # 3 > 1 is not 2 > 1
    assert not _accepts("(x y : ℕ) (h : x = 2) (hp : y > 1) : y > 1 := h ▸ hp")  # neither side occurs
    assert not _accepts("(x : ℕ) (h : x ≤ 2) (hp : 2 > 1) : x > 1 := h ▸ hp")  # not an equation
    assert not _accepts("(m n : ℕ) (h : m * n = 10) : n * m = 11 := Nat.mul_comm m n ▸ h")


def test_subst_without_expected_type_rewrites_left_to_right() -> None:
    src = "(x : ℕ) (h : x = 2) (hp : x > 1) : {c} := by\n  have h3 := h ▸ hp\n  exact h3"
    assert _accepts(src.format(c="2 > 1"))
    assert not _accepts(src.format(c="x > 2"))


def test_subst_second_chance_rewrites_the_argument_type() -> None:
    # expected `b + b = 4`: e must prove `a + a = 4`; `b + a = 4` does not, but it does once its own `b`
    # is rewritten to `a` (Lean's fallback), and the source in `h ▸ hp` is still only `a = b`
    assert _accepts("(a b : ℕ) (h : a = b) (hp : b + a = 4) : b + b = 4 := h ▸ hp")
    assert not _accepts("(a b : ℕ) (h : a = b) (hp : b + a = 5) : b + b = 4 := h ▸ hp")
    assert not _accepts("(a b : ℕ) (h : a ≤ b) (hp : b + a = 4) : b + b = 4 := h ▸ hp")


# `induction … with | zero => … | succ k ih => …` on one line (Lean's alternatives need no line breaks)


def test_one_line_induction_alternatives() -> None:
    assert _accepts("(n : ℕ) : n + 0 = n := by\n  induction n with | zero => rfl | succ k ih => omega")
    assert not _accepts("(n : ℕ) : n + 1 = n := by\n  induction n with | zero => rfl | succ k ih => omega")
    assert not _accepts("(n : ℕ) : n + 0 = n := by\n  induction n with | zero => rfl")  # succ is missing


def test_one_line_cases_alternatives_with_abs_bars() -> None:
    src = ("(x : ℝ) (h : x = 1 ∨ x = 2) : |x| ≥ 1 := by\n"
           "  cases h with | inl h => rw [h]; norm_num | inr h => {t}")
    assert _accepts(src.format(t="rw [h]; norm_num"))
    assert not _accepts(src.format(t="skip"))


def test_alternative_name_shadows_an_old_variable() -> None:
    src = ("(n k : ℕ) (h : k = 5) : n + k ≥ {c} := by\n"
           "  induction n with\n  | zero => omega\n  | succ k ih => omega")
    assert _accepts(src.format(c="5"))
    assert not _accepts(src.format(c="6"))  # h is still about the old k (k✝ = 5), not the new one


# untyped binders: the first constraining use (Lean elaborates `A → B` left to right), function codomains


def _goal(src: str) -> str:
    res = elaborate(initial_env(), f"theorem t {src} := by\n  sorry")
    assert not res.has_errors, res.messages
    return res.sorries[0].goals_json()[0]["type"]


def test_binder_type_from_nat_prime_first() -> None:
    assert _goal("(f : ℚ → ℝ) : ∀ p, Nat.Prime p → f p = p") == "∀ (p : ℕ), Nat.Prime p → f ↑p = ↑p"
    # used by `f` first: p : ℚ, and `Nat.Prime p` is then a type error, as in Lean
    res = elaborate(initial_env(), "theorem t (f : ℚ → ℝ) : ∀ p, f p = p → Nat.Prime p := by\n  sorry")
    assert res.has_errors


def test_binder_type_from_a_function_codomain() -> None:
    assert _goal("(f : ℤ → ℤ) : ∃ c, ∀ z, f z = 2 * z + c") == "∃ (c : ℤ), ∀ (z : ℤ), f z = 2 * z + c"
    assert _goal("(f : ℕ → ℝ) : ∃ c, f 1 = c") == "∃ (c : ℝ), f 1 = c"


# instantiating `∀ x, … ∀ y, …` with a term mentioning a free `y`: the inner binder is renamed (y✝)

_CAP = ("(f : ℚ → ℝ) (h₀ : ∀ x > 0, ∀ y > 0, f (x * y) = f x + f y) (x y : ℚ) (hx : x / y > 0) : {c} := by\n"
        "  have h := h₀ (x / y) hx\n  exact h 2 (by norm_num)")


def test_instantiation_avoids_capture() -> None:
    assert _accepts(_CAP.format(c="f (x / y * 2) = f (x / y) + f 2"))
    # a captured substitution would have made the free y the bound one
    assert not _accepts(_CAP.format(c="f (x / 2 * 2) = f (x / 2) + f 2"))
    assert not _accepts(_CAP.format(c="f (x / y * y) = f (x / y) + f y"))


# `rw [rules] at h₁ h₂ ⊢`: each rule at each location in turn, `rfl` once at the end

_RW = "(a x y : ℕ) (ha : a = 2) (h1 : x = a + 1) (h2 : y = {h2}) : {c} := by\n  rw [ha] at h1 h2{more}\n  {t}"


def test_rw_at_several_hypotheses() -> None:
    assert _accepts(_RW.format(h2="a * 3", c="x + y = 9", more="", t="omega"))
    assert not _accepts(_RW.format(h2="a * 3", c="x + y = 10", more="", t="omega"))
    # a location without an instance is an error, as in Lean
    assert not _accepts(_RW.format(h2="5", c="x + y = 8", more="", t="omega"))


def test_rw_at_hypothesis_and_goal() -> None:
    assert _accepts(_RW.format(h2="a", c="x = a + 1", more=" ⊢", t="exact h1"))
    assert not _accepts(_RW.format(h2="a", c="x = a + 1", more=" ⊢", t="exact h2"))
    # rfl closes the rewritten goal only after every rewrite succeeded
    src = "(a x : ℕ) (ha : a = 2) (h1 : x = {v}) : a + 1 = a + 1 := by\n  rw [ha] at h1 ⊢"
    assert _accepts(src.format(v="a"))
    assert not _accepts(src.format(v="5"))


def test_field_notation_on_a_local_lemma_consumes_implicit_arguments() -> None:
    head = ("(a : ℝ) (h₂ : |a - 1| = 1) : a = 2 ∨ a = 0 := by\n"
            "  have my {x : ℝ} : |x| = 1 ↔ x = 1 ∨ x = -1 := by\n    sorry\n  ")
    ok = "have := my.mp h₂\n  rcases this with h | h\n  · left; linarith\n  · right; linarith"
    res = elaborate(initial_env(), "theorem t " + head + ok)
    assert not res.has_errors and len(res.sorries) == 1  # only the lemma's own sorry
    for bad in ("have := my.mpr h₂\n  sorry", "have := my.mp\n  sorry", "exact my.foo h₂",
                "have := my.mp h₂\n  rcases this with h | h\n  · left; linarith\n  · left; linarith"):
        assert elaborate(initial_env(), "theorem t " + head + bad).has_errors


def test_shadowing_with_rfl_patterns() -> None:
    # the substituted equation mentions the old variable: it stays distinct from the new one
    assert not _accepts(
        "(x : ℕ) (hx : x = 1) (h : ∃ x : ℕ, 5 = x) : False := by\n  rcases h with ⟨x, rfl⟩\n  omega"
    )
    src = "(x : ℕ) (hx : x = 1) (h : ∃ y : ℕ, y = x + 1) : {c} := by\n  obtain ⟨x, hx2⟩ := h\n  {t}"
    assert _accepts(src.format(c="∃ z : ℕ, z = 2", t="exact ⟨x, by omega⟩"))
    assert not _accepts(src.format(c="∃ z : ℕ, z = 3", t="exact ⟨x, by omega⟩"))
    assert not _accepts(src.format(c="False", t="omega"))


# `fun x => e` against `∀ x, P x` (was: "the expected type is not a function type")


def test_fun_term_proves_a_forall() -> None:
    hyp = ("(f : ℤ → ℤ) (h : ∀ a b, f (2 * a) + 2 * f b = f (f (a + b))) : "
           "∀ b, f (2 * {k}) + 2 * f b = f (f (0 + b)) := ")
    assert _accepts(hyp.format(k=0) + "fun b => h 0 b")
    assert not _accepts(hyp.format(k=1) + "fun b => h 0 b")
    assert _accepts("(x : ℕ) : ∀ y : ℕ, y > 0 → y ≥ 1 := fun y hy => by omega")
    assert not _accepts("(x : ℕ) : ∀ y : ℕ, y > 0 → y ≥ 2 := fun y hy => by omega")
    assert _accepts("(x : ℕ) (hx : x = 1) : ∀ x : ℕ, x + 0 = x := fun x => by omega")  # shadows x
    assert not _accepts("(x : ℕ) (hx : x = 1) : ∀ x : ℕ, x = 1 := fun x => hx")  # hx is about x✝
    assert not _accepts("(x : ℕ) : ∀ y : ℤ, y + 0 = y := fun (y : ℕ) => by omega")  # wrong annotation
