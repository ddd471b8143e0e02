"""Soundness of minilean: no tactic step may lose a countermodel, so non-theorems are never closed.

For random statements that are falsified by some assignment in a small box (Prop variables as booleans,
ℕ/ℤ variables as small integers), random sequences of tactics from a realistic vocabulary are applied to
random open goals. Each successful step is checked semantically: every assignment that falsifies the
goal (all hypotheses true, target false) must falsify one of the resulting goals. In particular a step
that closes a goal (no results) must only happen on goals without countermodels in the box.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env
from minilean.goals import Goal
from minilean.syntax import eval_prop

ATOMS = [
    "p",
    "q",
    "r",
    "True",
    "False",
    "a < b",
    "a = b",
    "b ≤ a + 1",
    "a ≠ 0",
    "2 * a = b + 1",
    "x < 0",
    "x = a",
]
ATOMS_INT = ["p", "q", "r", "False", "x < 0", "x + y = 1", "y ≤ x", "x ≠ y", "2 * x = 1 + y"]


def _formula(atoms: list[str]) -> st.SearchStrategy[str]:
    leaf = st.sampled_from(atoms)
    return st.recursive(
        leaf,
        lambda ch: st.one_of(
            ch.map(lambda a: f"¬({a})"),
            st.builds(lambda op, a, b: f"({a}) {op} ({b})", st.sampled_from(["∧", "∨", "→", "↔"]), ch, ch),
        ),
        max_leaves=4,
    )


def _box(state: ProofState) -> list[dict[str, object]]:
    g = state.goals[0]
    names = [(h.name, h.ty) for h in g.hyps if h.is_var]
    ranges = [
        [False, True] if ty == "Prop" else range(0, 3) if ty == "ℕ" else range(-2, 3) for _, ty in names
    ]
    return [dict(zip([n for n, _ in names], vals, strict=True)) for vals in itertools.product(*ranges)]


def _falsifies(m: dict[str, object], g: Goal) -> bool:
    # variables are never shadowed, so evaluating by name is faithful to the goal's meaning
    return all(eval_prop(h.ty, m) for h in g.hyps if not h.is_var) and not eval_prop(g.target, m)  # type: ignore


GENERAL = [
    "intro h1",
    "intro",
    "intros",
    "constructor",
    "left",
    "right",
    "exfalso",
    "contradiction",
    "assumption",
    "omega",
    "trivial",
    "decide",
    "rfl",
    "by_contra hc",
    "apply Or.inl",
    "apply And.intro",
    "intro h1 h2",
    "exact Classical.em p",
    "by_cases hc : p",
    "by_cases hc : a < b",
    "have hq : q",
    "exact trivial",
    "constructor <;> assumption",
    "left; assumption",
    "refine ⟨?_, ?_⟩",
    "exact fun h9 => h9",
]
PER_HYP = [
    "exact {h}",
    "exact {h} {h2}",
    "apply {h}",
    "cases {h}",
    "rcases {h} with h3 | h4",
    "obtain ⟨h5, h6⟩ := {h}",
    "exact absurd {h} {h2}",
    "exact ({h} {h2}).elim",
    "have h7 := {h} {h2}",
    "exact ⟨{h}, {h2}⟩",
    "exact Or.inl {h}",
    "exact Or.inr {h}",
    "specialize {h} {h2}",
    "exact {h}.1",
    "exact {h}.2",
    "exact {h}.mp {h2}",
    "exact {h}.mpr {h2}",
    "exact False.elim {h}",
    "apply {h}.1",
    "exact fun h8 => {h} h8",
    "exact {h}.elim",
    "exact ⟨fun h8 => {h}, fun h8 => {h2}⟩",
    "exact Or.elim {h} (fun h8 => {h2}) (fun h8 => {h2})",
    "refine ⟨{h}, ?_⟩",
    "exact mt {h} {h2}",
    "rcases {h} with ⟨h3, h4⟩ | h5",
    "obtain h3 | ⟨h4, h5⟩ := {h}",
]


def _draw_tactic(g: Goal, data: st.DataObject) -> str:
    hs = [h.name for h in g.hyps if not h.is_var and h.accessible] or ["h"]
    template = data.draw(st.sampled_from(GENERAL + PER_HYP * 2))
    return template.format(h=data.draw(st.sampled_from(hs)), h2=data.draw(st.sampled_from(hs)))


def _check_sound(binders: str, hyps: list[str], goal: str, data: st.DataObject, steps: int) -> None:
    hyp_binders = "".join(f" (h{i} : {h})" for i, h in enumerate(hyps))
    res = elaborate(initial_env(), f"theorem t {binders}{hyp_binders} : {goal} := by\n  sorry")
    assume(not res.has_errors and len(res.sorries) == 1)
    root = res.sorries[0]
    box = _box(root)
    assume(any(_falsifies(m, root.goals[0]) for m in box))  # a non-theorem
    open_states = [root]
    for _ in range(steps):
        if not open_states:
            break
        i = data.draw(st.integers(0, len(open_states) - 1))
        state = open_states[i]
        tactic = _draw_tactic(state.goals[0], data)
        before = state.goals_json()
        try:
            children = apply_tactic(state, tactic)
        except TacticError:
            assert state.goals_json() == before
            continue
        assert apply_tactic(state, tactic) == children  # deterministic
        for m in box:
            if _falsifies(m, state.goals[0]):
                assert any(_falsifies(m, c.goals[0]) for c in children), (tactic, state.render(), m)
        open_states[i : i + 1] = children
    assert open_states, "a non-theorem was closed"


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow]
)
@given(st.lists(_formula(ATOMS), max_size=2), _formula(ATOMS), st.data())
def test_random_tactics_never_prove_nat_non_theorems(hyps: list[str], goal: str, data: st.DataObject) -> None:
    _check_sound("(p q r : Prop) (a b : ℕ) (x : ℤ)", hyps, goal, data, steps=12)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow]
)
@given(st.lists(_formula(ATOMS_INT), max_size=2), _formula(ATOMS_INT), st.data())
def test_random_tactics_never_prove_int_non_theorems(hyps: list[str], goal: str, data: st.DataObject) -> None:
    _check_sound("(p q r : Prop) (x y : ℤ)", hyps, goal, data, steps=12)


def test_classic_non_theorems_resist_known_tricks() -> None:
    """Hand-picked invalid statements and plausible-looking wrong proofs."""
    cases = [
        ("(p q : Prop) (h : p → q)", "q → p", ["intro hq", "apply h", "exact hq"]),
        ("(p q : Prop) (h : p ∨ q)", "p", ["cases h", "assumption"]),
        ("(p : Prop)", "p", ["by_cases h : p", "exact h", "contradiction"]),
        ("(a b : ℕ) (h : a ≤ b)", "a < b", ["omega"]),
        ("(x : ℤ) (h : x ≠ 0)", "x > 0", ["omega"]),
        ("(p : Prop) (a : ℕ) (h : p → a = 0)", "a = 0", ["omega"]),
        (
            "(p q : Prop) (h : ¬(p ∧ q))",
            "¬p",
            ["intro hp", "apply h", "constructor", "exact hp", "assumption"],
        ),
        ("(p q : Prop) (hp : p)", "p ∧ q", ["exact ⟨hp, hp⟩"]),
        ("(p q : Prop) (hp : p)", "q", ["exact hp.elim"]),
        ("(p q : Prop) (h : p ↔ q)", "p", ["exact h.mpr (h.mp _)"]),
        ("(a b : ℕ)", "a = b", ["rfl"]),
        ("(a b : ℕ)", "a = b", ["exact rfl"]),
        ("(a : ℕ)", "a + 1 = 1 + a + 1", ["decide"]),
    ]
    for binders, goal, script in cases:
        src = f"example {binders} : {goal} := by\n" + "\n".join("  " + t for t in script)
        res = elaborate(initial_env(), src)
        assert res.has_errors, (goal, script)


def test_shadowed_hypothesis_is_not_usable() -> None:
    res = elaborate(
        initial_env(),
        "example (p q : Prop) (h : p) : q → p ∧ q := by\n  intro h\n  exact ⟨h, h⟩",
    )
    assert res.has_errors
    ok = elaborate(initial_env(), "example (p q : Prop) (h : p) : q → p := by\n  intro h\n  assumption")
    assert not ok.has_errors  # assumption may still use the inaccessible h✝ : p, as in Lean
