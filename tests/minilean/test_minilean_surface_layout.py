"""`<;>` in its line layouts, `cases'`/`induction'` names, and `have f (x : T) : P := by …` binders."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _run(head: str, *lines: str) -> tuple[list[str], list[str]]:
    src = f"theorem {head} := by\n" + "".join(f"  {t}\n" for t in lines)
    r = elaborate(initial_env(), src)
    return [m.data for m in r.messages if m.severity == "error"], [s.render() for s in r.sorries]


CONJ = "l1 (x : ℝ) (h : x > 1) : x > 0 ∧ x > -1"
BAD = "l2 (x : ℝ) (h : x > 1) : x > 0 ∧ x > 5"


def test_then_all_at_line_start_and_line_end() -> None:
    assert _run(CONJ, "constructor", "<;> linarith") == ([], [])
    assert _run(CONJ, "constructor <;>", "linarith") == ([], [])
    assert _run(CONJ, "constructor <;>", "  linarith") == ([], [])
    # `<;>` runs on every new goal: one false goal fails the whole combination
    errs, _ = _run(BAD, "constructor", "<;> linarith")
    assert errs and "linarith failed" in errs[0]
    assert _run(BAD, "constructor <;>", "linarith")[0]
    # after a closing tactic, `<;> t` has no goals to run on and succeeds
    assert _run("l3 (x : ℕ) (h : x = 1) : x < 2", "omega", "<;> omega", "<;> omega") == ([], [])


def test_then_all_does_not_apply_to_earlier_goals() -> None:
    # `constructor <;> skip` leaves two goals; `exact h'` on the line after is a new tactic for the first
    errs, _ = _run("l4 (p q : Prop) (hp : p) (hq : q) : p ∧ q", "constructor <;> skip", "exact hp")
    assert errs and errs[0].startswith("unsolved goals")


def test_cases_prime_and_induction_prime() -> None:
    head = "c1 (p q : Prop) (h : p ∨ q) : q ∨ p"
    assert _run(head, "cases' h with hp hq", "exact Or.inr hp", "exact Or.inl hq") == ([], [])
    assert _run(head, "cases' h with hp hq", "exact Or.inl hp", "exact Or.inl hq")[0]
    _, sorries = _run("c2 (p q : Prop) (h : p ∧ q) : q", "cases' h with a b", "sorry")
    assert sorries == ["p : Prop\nq : Prop\na : p\nb : q\n⊢ q"]
    assert _run("c3 (n : ℕ) : n * 0 = 0", "induction' n with k ih", "rfl", "omega") == ([], [])
    _, sorries = _run("c4 (n : ℕ) : n + 0 = n", "induction' n with k ih", "sorry", "sorry")
    assert sorries == ["⊢ 0 + 0 = 0", "k : ℕ\nih : k + 0 = k\n⊢ k + 1 + 0 = k + 1"]


def test_have_with_binders() -> None:
    head = "h1 (a : ℝ) (h0 : a > 0) : a + 1 > 1"
    good = "have key (x : ℝ) (hx : x > 0) : x + 1 > 1 := by linarith"
    assert _run(head, good, "exact key a h0") == ([], [])
    errs, _ = _run(head, "have key (x : ℝ) (hx : x > 0) : x + 1 > 2 := by linarith", "exact key a h0")
    assert errs and "linarith failed" in errs[0]
    lines = ("have key (y : ℕ) : y + 0 = y := by", "  induction y with", "  | zero => rfl",
             "  | succ k ih => omega", "exact key a")
    assert _run("h2 (a : ℕ) : a + 0 = a", *lines) == ([], [])


def test_fun_binders_with_one_type() -> None:
    from minilean.syntax import parse_term

    assert parse_term("fun x y : ℕ => x") == ("fun", (("x", ("id", "ℕ")), ("y", ("id", "ℕ"))), ("id", "x"))
    assert parse_term("fun (x : ℕ) => x") == ("fun", (("x", ("id", "ℕ")),), ("id", "x"))


def test_let_bound_proofs_are_haves_and_values_are_refused() -> None:
    head = "lt (a b : ℕ) (h₀ : 0 < a ∧ 0 < b) : 0 < a"
    assert _run(head, "letI h0a := h₀.1", "exact h0a") == ([], [])
    assert _run(head, "let h0a : 0 < a := h₀.1", "exact h0a") == ([], [])
    errs, _ = _run(head, "letI h0b := h₀.2", "exact h0b")
    assert errs and "type mismatch" in errs[0]
    # let-bound numbers are variables with a value (test_minilean_fidelity2_let.py), so are numeric
    # functions (test_minilean_fidelity4_let_functions.py); predicates are refused
    assert _run("lv (x : ℝ) : x = x", "let y := x ^ 2 - 10 * x", "rfl") == ([], [])
    assert _run("lw (x : ℝ) : x = x", "let y : ℝ := x ^ 2", "rfl") == ([], [])
    assert _run("lf (x : ℝ) : x = x", "let f := fun t : ℝ => t + 1", "rfl") == ([], [])
    errs, _ = _run("lp (x : ℝ) : x = x", "let p := fun t : ℝ => t < x", "rfl")
    assert errs and "outside the fragment" in errs[0]


def test_symm() -> None:
    assert _run("s1 (a b : ℝ) (h : b = a) : a = b", "symm", "exact h") == ([], [])
    assert _run("s2 (a b : ℝ) (h : b = a) : a = b", "symm", "symm", "exact h")[0]


def test_refine_prime_turns_underscores_into_goals() -> None:
    head = "rp (p q : Prop) (hp : p) (hq : q) : p ∧ q"
    assert _run(head, "refine' ⟨_, _⟩", "exact hp", "exact hq") == ([], [])
    assert _run(head, "refine' ⟨_, hp⟩", "exact hp")[0]  # hp is not a proof of q
    errs, _ = _run(head, "refine ⟨_, hq⟩", "exact hp")  # plain refine: `_` must be solved by unification
    assert errs and "don't know how to synthesize placeholder" in errs[0]


def test_set_with_equation() -> None:
    head = "st (x : ℝ) (h : x ^ 2 - 10 * x = -25) : x ^ 2 - 10 * x + 25 = 0"
    _, sorries = _run(head, "set y := x ^ 2 - 10 * x with hy", "sorry")
    assert sorries == ["x : ℝ\ny : ℝ\nhy : y = x ^ 2 - 10 * x\nh : y = -25\n⊢ y + 25 = 0"]
    assert _run(head, "set y := x ^ 2 - 10 * x with hy", "linarith") == ([], [])
    bad = "st2 (x : ℝ) (h : x ^ 2 - 10 * x = -25) : x ^ 2 - 10 * x + 25 = 1"
    assert _run(bad, "set y := x ^ 2 - 10 * x with hy", "linarith")[0]
    errs, _ = _run("st3 (x : ℝ) (h : x > 0) : x > 0", "set x := 2 with hx", "exact h")
    assert errs and "already used" in errs[0]
