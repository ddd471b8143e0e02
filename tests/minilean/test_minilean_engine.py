"""minilean engine: parsing/printing, each tactic's valid and invalid uses, elaboration of sources."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minilean.engine import (
    ElabResult,
    ProofState,
    TacticError,
    apply_tactic,
    elaborate,
    initial_env,
)
from minilean.syntax import (
    FALSE,
    INT,
    NAT,
    TRUE,
    EBin,
    ENeg,
    ENum,
    EVar,
    PBin,
    PNot,
    PRel,
    PVar,
    parse_prop,
    show_prop,
)

CTX = {"p": "Prop", "q": "Prop", "r": "Prop", "a": NAT, "b": NAT, "x": INT, "y": INT}


def start(binders: str, goal: str) -> ProofState:
    res = elaborate(initial_env(), f"theorem t {binders} : {goal} := by\n  sorry")
    assert [m.severity for m in res.messages] == ["warning"], res.messages
    assert len(res.sorries) == 1
    return res.sorries[0]


def target(state: ProofState) -> str:
    return state.goals_json()[0]["type"]


def hyps(state: ProofState) -> list[str]:
    return [f"{h['user_name']} : {h['type']}" for h in state.goals_json()[0]["hypotheses"]]


def run(state: ProofState, *tactics: str) -> list[ProofState]:
    states = [state]
    for t in tactics:
        states = apply_tactic(states[0], t) + states[1:]
    return states


def fails(state: ProofState, tactic: str, match: str = "") -> str:
    with pytest.raises(TacticError, match=match) as info:
        apply_tactic(state, tactic)
    return str(info.value)


# ---------------------------------------------------------------------------------------------- syntax


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("p ∧ q → q ∧ p", "p ∧ q → q ∧ p"),
        ("p /\\ q -> q \\/ p", "p ∧ q → q ∨ p"),
        ("(p ∧ q) ∨ r", "p ∧ q ∨ r"),
        ("p → (q → r)", "p → q → r"),
        ("(p → q) → r", "(p → q) → r"),
        ("¬(p ∧ q)", "¬(p ∧ q)"),
        ("Not p ∨ ¬¬q", "¬p ∨ ¬¬q"),
        ("¬a = b", "¬a = b"),
        ("(p <-> q) <-> r", "(p ↔ q) ↔ r"),
        ("a + 2 * b <= a", "a + 2 * b ≤ a"),
        ("x - (y - 1) >= -x", "x - (y - 1) ≥ -x"),
        ("x ≠ y ∧ True", "x ≠ y ∧ True"),
        # MiniF2F-lite: ℕ truncated subtraction, ediv/emod, powers, coercions at the leaves, ∣, ∀/∃
        ("a - b < a", "a - b < a"),
        ("a * b = a / 2 % 3", "a * b = a / 2 % 3"),
        ("a = x", "↑a = x"),
        ("x + a ^ 2 ∣ 7", "x + ↑a ^ 2 ∣ 7"),
        ("∀ n ≥ 5, n + a = b", "∀ (n : ℕ), n ≥ 5 → n + a = b"),
        ("∃ k : ℤ, x = 2 * k + 1", "∃ (k : ℤ), x = 2 * k + 1"),
        ("Even a ∧ Odd x", "Even a ∧ Odd x"),
    ],
)
def test_parse_print(text: str, printed: str) -> None:
    p = parse_prop(text, CTX)
    assert show_prop(p) == printed
    assert parse_prop(printed, CTX) == p


@pytest.mark.parametrize(
    ("text", "err"),
    [
        # (ℕ subtraction, products of variables and ℕ → ℤ coercions are in the fragment since MiniF2F-lite)
        ("-a = b", "Neg ℕ"),
        ("(x : ℕ) = a", "type mismatch"),
        ("a ^ x = 1", "HPow ℕ ℤ"),  # no ℤ power on ℕ (zpow needs a division ring)
        ("p ↔ q ↔ r", "unexpected"),
        ("p + 1 = a", "mismatch"),
        ("z ∧ p", "unknown identifier"),
        ("a < b < a", "unexpected"),
    ],
)
def test_parse_rejects(text: str, err: str) -> None:
    from minilean.syntax import SyntaxErr

    with pytest.raises(SyntaxErr, match=err):
        parse_prop(text, CTX)


def _exprs(ty: str) -> st.SearchStrategy:
    names = ["a", "b"] if ty == NAT else ["x", "y"]
    leaf = st.one_of(st.builds(ENum, st.integers(0, 9)), st.sampled_from(names).map(EVar))
    ops = ["+", "*"] if ty == NAT else ["+", "-", "*"]

    def extend(children: st.SearchStrategy) -> st.SearchStrategy:
        binop = st.builds(
            lambda op, a, k: EBin(op, a, k) if op != "*" else EBin("*", ENum(2), a),
            st.sampled_from(ops),
            children,
            children,
        )
        return binop | (children.map(ENeg) if ty == INT else binop)

    return st.recursive(leaf, extend, max_leaves=5)


def _props() -> st.SearchStrategy:
    rel = st.sampled_from([NAT, INT]).flatmap(
        lambda ty: st.builds(
            lambda op, a, b: PRel(op, a, b, ty),
            st.sampled_from(["=", "≠", "<", "≤", ">", "≥"]),
            _exprs(ty),
            _exprs(ty),
        )
    )
    leaf = st.one_of(st.sampled_from([PVar("p"), PVar("q"), TRUE, FALSE]), rel)
    return st.recursive(
        leaf,
        lambda ch: st.one_of(ch.map(PNot), st.builds(PBin, st.sampled_from(["∧", "∨", "→", "↔"]), ch, ch)),
        max_leaves=6,
    )


@settings(max_examples=120, deadline=None)
@given(_props())
def test_print_parse_roundtrip(p) -> None:  # type: ignore[no-untyped-def]
    text = show_prop(p)
    assert parse_prop(text, CTX) == p, text


# ---------------------------------------------------------------------------------------------- tactics


def test_initial_state_rendering() -> None:
    s = start("(p q : Prop) (a b : ℕ) (h : a < b)", "p ∧ q → q ∧ p")
    assert s.goals_json() == [
        {
            "type": "p ∧ q → q ∧ p",
            "hypotheses": [
                {"type": "Prop", "user_name": "p"},
                {"type": "Prop", "user_name": "q"},
                {"type": "ℕ", "user_name": "a"},
                {"type": "ℕ", "user_name": "b"},
                {"type": "a < b", "user_name": "h"},
            ],
        }
    ]
    assert s.render().endswith("h : a < b\n⊢ p ∧ q → q ∧ p")


def test_intro_and_shadowing() -> None:
    s = start("(p q : Prop)", "p → q → ¬p → False")
    (s1,) = apply_tactic(s, "intro h h")
    assert hyps(s1)[-2:] == ["h✝ : p", "h : q"] and target(s1) == "¬p → False"
    (s2,) = apply_tactic(s1, "intro h")
    assert hyps(s2)[-3:] == ["h✝¹ : p", "h✝ : q", "h : ¬p"]
    (s3,) = apply_tactic(start("(p : Prop)", "¬p"), "intro hp")
    assert hyps(s3)[-1] == "hp : p" and target(s3) == "False"
    (s4,) = apply_tactic(start("(p : Prop)", "p → p"), "intro")
    assert hyps(s4)[-1] == "a✝ : p"
    fails(s, "intro h1 h2 h3 h4", "insufficient number of binders")
    fails(start("(p q : Prop)", "p ∧ q"), "intro h", "insufficient")
    (s5,) = apply_tactic(s, "intro p")  # Lean: the Prop variable p is shadowed (p✝), not refused
    assert hyps(s5)[-1] == "p : p✝" and target(s5) == "q → ¬p✝ → False"
    # the inaccessible hypothesis cannot be named
    fails(s2, "exact h✝", "unexpected token")


def test_exact_terms() -> None:
    s = start("(p q r : Prop) (hp : p) (hq : q) (hpq : p → q) (hn : ¬p)", "q ∧ p")
    assert apply_tactic(s, "exact ⟨hq, hp⟩") == []
    assert apply_tactic(s, "exact And.intro (hpq hp) hp") == []
    assert apply_tactic(s, "exact absurd hp hn") == []
    assert apply_tactic(s, "exact (hn hp).elim") == []
    assert apply_tactic(s, "exact False.elim (hn hp)") == []
    fails(s, "exact ⟨hp, hq⟩", "type mismatch")
    fails(s, "exact hq", "type mismatch")
    fails(s, "exact hz", "unknown identifier 'hz'")
    fails(s, "exact ⟨hq⟩", "insufficient")
    fails(s, "exact hpq hq", "type mismatch")
    fails(s, "exact ⟨?_, hp⟩", "placeholder")
    s2 = start("(p q : Prop) (h : p ∧ q) (e : p ↔ q)", "q")
    for t in ["exact h.2", "exact h.right", "exact e.mp h.1", "exact e.1 h.left"]:
        assert apply_tactic(s2, t) == [], t
    fails(s2, "exact (e.mpr h.2).elim", "invalid field")
    s3 = start("(p q : Prop) (hp : p)", "p ∨ q")
    assert apply_tactic(s3, "exact Or.inl hp") == []
    fails(s3, "exact Or.inr hp", "mismatch")
    s4 = start("(p q : Prop)", "p → q → p")
    assert apply_tactic(s4, "exact fun hp _ => hp") == []
    fails(s4, "exact fun _ hq => hq", "mismatch")
    s5 = start("(a b : ℕ)", "a + b = a + b")
    assert apply_tactic(s5, "exact rfl") == []
    assert apply_tactic(s5, "rfl") == []
    fails(start("(a b : ℕ)", "a + b = b + a"), "rfl", "rfl")


def test_apply_constructor_left_right_tags() -> None:
    s = start("(p q r : Prop) (h : p → q → r) (hp : p) (hq : q)", "r")
    goals = apply_tactic(s, "apply h")
    assert [target(g) for g in goals] == ["p", "q"]
    fails(s, "apply hp", "could not unify")
    c = apply_tactic(start("(p q : Prop)", "p ∧ q"), "constructor")
    assert [(target(g), g.goals_json()[0].get("tag")) for g in c] == [("p", "left"), ("q", "right")]
    c = apply_tactic(start("(p q : Prop)", "p ↔ q"), "constructor")
    assert [(target(g), g.goals_json()[0].get("tag")) for g in c] == [("p → q", "mp"), ("q → p", "mpr")]
    nested = apply_tactic(c[0], "intro hp")
    assert nested[0].goals_json()[0]["tag"] == "mp"
    assert apply_tactic(start("", "True"), "constructor") == []
    fails(start("(p : Prop)", "¬p"), "constructor", "not an inductive")
    o = start("(p q : Prop)", "p ∨ q")
    assert target(apply_tactic(o, "left")[0]) == "p"
    assert target(apply_tactic(o, "right")[0]) == "q"
    fails(start("(p q : Prop)", "p ∧ q"), "left", "two constructors")
    a = apply_tactic(start("(p q : Prop) (hp : p)", "p ∧ q"), "apply And.intro")
    assert [(target(g), g.goals_json()[0].get("tag")) for g in a] == [("p", "left"), ("q", "right")]
    assert target(apply_tactic(o, "apply Or.inr")[0]) == "q"


def test_cases_rcases_obtain() -> None:
    s = start("(p q r : Prop) (h : p ∨ q) (k : p ∧ r)", "r")
    inl, inr = apply_tactic(s, "cases h")
    assert inl.goals_json()[0]["tag"] == "inl" and hyps(inl)[-1] == "h✝ : p"
    assert "h : p ∨ q" not in hyps(inl)
    assert inr.goals_json()[0]["tag"] == "inr" and hyps(inr)[-1] == "h✝ : q"
    (c,) = apply_tactic(s, "cases k")
    assert hyps(c)[-2:] == ["left✝ : p", "right✝ : r"] and c.goals_json()[0]["tag"] == "intro"
    (o,) = apply_tactic(s, "obtain ⟨hp, hr⟩ := k")
    assert hyps(o)[-2:] == ["hp : p", "hr : r"]
    a, b = apply_tactic(s, "rcases h with hp | hq")
    assert hyps(a)[-1] == "hp : p" and hyps(b)[-1] == "hq : q"
    fails(s, "rcases k with hp | hq", "two constructors")
    fails(s, "cases h with | inl x => exact x", "not supported")
    fails(start("(p : Prop) (hp : p)", "p"), "cases hp", "not an inductive")
    assert apply_tactic(start("(p : Prop) (h : False)", "p"), "cases h") == []
    deep = apply_tactic(start("(p q r : Prop) (h : p ∧ q ∧ r)", "r"), "obtain ⟨a, b, c⟩ := h")
    assert hyps(deep[0])[-3:] == ["a : p", "b : q", "c : r"]


def test_closers() -> None:
    s = start("(p q : Prop) (hp : p) (hn : ¬p)", "q")
    assert apply_tactic(s, "contradiction") == []
    fails(start("(p q : Prop) (hp : p)", "q"), "contradiction", "contradiction")
    assert apply_tactic(start("(a : ℕ) (h : a ≠ a)", "False"), "contradiction") == []
    assert apply_tactic(start("(p : Prop) (hp : p)", "p"), "assumption") == []
    assert apply_tactic(start("(p : Prop) (hp : p → False)", "¬p"), "assumption") == []
    fails(start("(p q : Prop) (hp : p)", "q"), "assumption", "assumption")
    (f,) = apply_tactic(start("(p q : Prop)", "q"), "exfalso")
    assert target(f) == "False"
    assert apply_tactic(start("(p : Prop) (hp : p)", "True ∧ p"), "trivial") == []
    assert apply_tactic(start("", "2 + 2 = 4 ∧ ¬3 < 1"), "decide") == []
    fails(start("", "2 + 2 = 5"), "decide", "false")
    fails(start("(p : Prop)", "p ∨ ¬p"), "decide", "Decidable")


def test_by_cases_have_show_specialize() -> None:
    s = start("(p q : Prop)", "p ∨ ¬p")
    pos, neg = apply_tactic(s, "by_cases h : p")
    assert (pos.goals_json()[0]["tag"], hyps(pos)[-1]) == ("pos", "h : p")
    assert (neg.goals_json()[0]["tag"], hyps(neg)[-1]) == ("neg", "h : ¬p")
    t, main = apply_tactic(s, "have h : q")
    assert target(t) == "q" and hyps(main)[-1] == "h : q" and target(main) == "p ∨ ¬p"
    s2 = start("(p q : Prop) (hp : p) (hpq : p → q)", "q")
    (m,) = apply_tactic(s2, "have hq : q := hpq hp")
    assert hyps(m)[-1] == "hq : q"
    (m,) = apply_tactic(s2, "have := hpq hp")
    assert hyps(m)[-1] == "this : q"
    fails(s2, "have hq : p := hpq hp", "mismatch")
    fails(s2, "have h", "must specify")
    (m,) = apply_tactic(s2, "specialize hpq hp")
    assert hyps(m)[-1] == "hpq : q"
    (m,) = apply_tactic(start("(a b : ℕ)", "a > b"), "show b < a")
    assert target(m) == "b < a"
    fails(start("(a b : ℕ)", "a > b"), "show a < b", "not definitionally equal")
    main, extra = apply_tactic(s2, "have hq : q := sorry")
    assert hyps(main)[-1] == "hq : q" and target(extra) == "q"


def test_omega() -> None:
    assert apply_tactic(start("(a b : ℕ) (h : a < b)", "a + 1 ≤ b"), "omega") == []
    assert apply_tactic(start("(x y : ℤ) (h : 2 * x + 1 = 2 * y)", "False"), "omega") == []
    assert apply_tactic(start("(a : ℕ)", "a ≥ 0 ∧ (a = 0 ∨ a > 0)"), "omega") == []
    assert apply_tactic(start("(p : Prop) (a b : ℕ) (h : p ∧ a < b)", "a ≠ b"), "omega") == []
    fails(start("(x : ℤ)", "x ≥ 0"), "omega", "could not prove")
    fails(start("(a b : ℕ) (h : a ≤ b)", "a < b"), "omega", "could not prove")
    # a Prop-level implication is not arithmetic: omega must not use it
    fails(start("(p : Prop) (a b : ℕ) (h : p → a < b) (hp : p)", "a < b"), "omega", "could not prove")
    fails(start("(p q : Prop) (h : p)", "p ∨ q"), "omega", "No usable")


def test_omega_timeout_is_deterministic() -> None:
    hyp = " ∧ ".join(f"x ≠ {i}" for i in range(8))
    s = start(f"(x : ℤ) (h : {hyp})", "x < 0 ∨ x ≥ 8")
    for _ in range(2):
        with pytest.raises(TacticError, match="timed out"):
            apply_tactic(s, "omega", timeout_ms=1)
    assert apply_tactic(s, "omega", timeout_ms=5000) == []


def test_unknown_and_search_tactics() -> None:
    s = start("(p : Prop) (hp : p)", "p")
    fails(s, "simp", "simp made no progress")  # simp does not use hypotheses unless given
    # linarith / norm_num exist since MiniF2F-lite; on this goal they fail (nothing to compute)
    fails(s, "linarith", "linarith failed")
    fails(s, "norm_num", "norm_num failed to simplify")
    fails(s, "aesop", "unknown tactic")
    assert apply_tactic(s, "tauto") == []  # tauto exists since round 8 (propositional core)
    fails(s, "exact?", "Search tactics")
    fails(s, "frobnicate h", "unknown tactic")
    fails(s, "", "expected tactic")


def test_combinators() -> None:
    s = start("(p q : Prop) (hp : p) (hq : q)", "p ∧ q")
    assert apply_tactic(s, "constructor <;> assumption") == []
    assert apply_tactic(s, "constructor; exact hp; exact hq") == []
    assert len(apply_tactic(s, "try exact hq")) == 1
    fails(s, "constructor <;> exact hp", "mismatch")


def test_failed_tactic_leaves_state_and_determinism() -> None:
    s = start("(p q : Prop) (h : p ∧ q)", "q ∧ p")
    before = s.goals_json()
    for t in ["exact h", "cases q", "omega", "apply h", "intro x", "rcases h with a | b"]:
        with pytest.raises(TacticError):
            apply_tactic(s, t)
    assert s.goals_json() == before
    a = apply_tactic(s, "obtain ⟨x, y⟩ := h")
    b = apply_tactic(s, "obtain ⟨x, y⟩ := h")
    assert a == b and [x.goals_json() for x in a] == [y.goals_json() for y in b]
    assert s.goals_json() == before


# ---------------------------------------------------------------------------------------------- elaborate


def elab(src: str) -> ElabResult:
    return elaborate(initial_env(), src)


def errors(res: ElabResult) -> list[str]:
    return [m.data for m in res.messages if m.severity == "error"]


def test_elaborate_blocks_bullets_cases() -> None:
    src = """open Nat
-- a comment
theorem swap (p q : Prop) (h : p ∨ q) : q ∨ p := by
  rcases h with hp | hq
  · right
    exact hp
  · left; exact hq

theorem split (p q : Prop) (hp : p) (hq : q) : p ∧ q := by
  constructor
  case right => exact hq
  case left =>
    exact hp

example (p q : Prop) (h : p ∨ q) : q ∨ p := by
  cases h
  next hp => exact Or.inr hp
  next hq =>
    exact Or.inl hq

example (p q : Prop) (h : p ∨ q) : q ∨ p := swap p q h
example (p q : Prop) (h : q ∨ p) : p ∨ q := by
  apply swap
  exact h
"""
    res = elab(src)
    assert res.messages == () and res.sorries == ()
    assert [d.name for d in res.env.decls] == ["swap", "split"]
    # declarations accumulate across calls in the returned env
    res2 = elaborate(res.env, "example (p q : Prop) (hp : p) (hq : q) : q ∧ p := by\n  exact split q p hq hp")
    assert res2.messages == ()
    assert errors(
        elaborate(initial_env(), "example (p q : Prop) (hp : p) (hq : q) : q ∧ p := by exact split q p hq hp")
    )


def test_elaborate_errors() -> None:
    assert "invalid 'import' command" in errors(elab("import Mathlib\ntheorem t : True := by trivial"))[0]
    bad = elab("theorem t (p q : Prop) (hp : p) : p ∧ q := by\n  constructor\n  exact hp")
    (msg,) = bad.messages
    assert msg.severity == "error" and msg.data.startswith("unsolved goals") and "⊢ q" in msg.data
    assert bad.env.decls == ()
    err = elab("theorem t (p : Prop) : p := by\n  intro h\n  exact h")
    assert err.messages[0].line == 2 and err.messages[0].column == 2
    dup = elab("theorem t : True := by trivial\ntheorem t : True := by trivial")
    assert "already been declared" in errors(dup)[0]
    assert errors(elab("def f := 1"))
    assert errors(elab("theorem t (p : Prop) : p := by\n  · exact h"))
    bullet = elab("theorem t (p q : Prop) (hp : p) : p ∧ q := by\n  constructor\n  · exact hp\n  · skip")
    assert "unsolved goals" in errors(bullet)[0]


def test_elaborate_sorries() -> None:
    res = elab(
        "theorem a (p q : Prop) (hp : p) : p ∧ q := by\n  constructor\n  · exact hp\n  · sorry\n"
        "theorem b (p : Prop) : p → p := by\n  sorry\n"
    )
    assert not errors(res)
    assert [m.data for m in res.messages] == ["declaration uses 'sorry'"] * 2
    assert [s.goals_json()[0]["type"] for s in res.sorries] == ["q", "p → p"]
    assert [d.name for d in res.env.decls] == ["a", "b"]
    two = elab("theorem c (p : Prop) : p ∧ p := by\n  constructor\n  sorry\n  sorry")
    assert len(two.sorries) == 2 and not errors(two)
    term = elab("theorem d (p : Prop) : p := sorry")
    assert len(term.sorries) == 1 and not errors(term)


_TOKENS = [
    "exact",
    "apply",
    "intro",
    "cases",
    "rcases",
    "obtain",
    "have",
    "h",
    "hp",
    "p",
    "q",
    "a",
    "1",
    "⟨",
    "⟩",
    "(",
    ")",
    ",",
    ":=",
    ":",
    "|",
    "with",
    "fun",
    "=>",
    "∧",
    "∨",
    "→",
    "¬",
    "<",
    "+",
    "*",
    "-",
    ".1",
    ".elim",
    "?_",
    "_",
    "sorry",
    ";",
    "<;>",
    "·",
    "Or.inl",
    "absurd",
    "omega",
    "constructor",
    "rfl",
    "by",
    "✝",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=9))
def test_garbage_tactics_fail_cleanly(tokens: list[str]) -> None:
    s = start("(p q : Prop) (a : ℕ) (hp : p) (h : p ∧ q)", "q ∨ a < 1")
    try:
        out = apply_tactic(s, " ".join(tokens))
    except TacticError:
        return
    assert all(isinstance(x, ProofState) for x in out)
