"""Differential soundness fuzzing with z3 as the oracle (bounded: well under 60 s in CI).

* Random statements of the fragment that z3 refutes (it finds a countermodel, over all integers, not
  only a small box) are never proven by random tactic sequences, through `apply_tactic` as the search
  drives it.
* Every goal `omega` closes is valid according to z3 (soundness), and `omega` proves the z3-valid
  goals of the sample (agreement where z3 decides; minilean's omega may only ever be weaker).
* The same for `linarith` on linear ℝ statements (comparison hypotheses, where linarith is complete),
  and the MiniF2F-lite fragment (ℝ, ∸, %, ∣, ∀/∃, functions) in the random-tactic test.
"""

from __future__ import annotations

import time

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env
from minilean.goals import Goal
from minilean.smt import Untranslatable, valid

BINDERS = "(p q : Prop) (a b c : ℕ) (x y : ℤ) (u v : ℝ) (f : ℕ → ℤ)"
ATOMS = [
    "p",
    "q",
    "False",
    "a < b",
    "a = b + 3",
    "3 * a + 2 * b = 7",
    "a + b ≤ 10",
    "b ≠ 0",
    "c ≥ 2 * a",
    "x < 0",
    "x - y ≥ 5",
    "2 * x = 1 + 4 * y",
    "x + y = 0",
    "y ≤ x + 1",
    "x ≠ 7",
    # MiniF2F-lite
    "u < v",
    "u * v ≤ 1",
    "u ^ 2 = 2 * v",
    "u / 2 + v = a",
    "a - b = 2",
    "a % 3 = 2",
    "3 ∣ x + 1",
    "f a = x",
    "∀ n, f n ≥ 0",
    "∃ k : ℕ, a = 2 * k",
    "|x| ≤ 2",
]
TACTICS = [
    "intro h1",
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
    "by_cases hc : p",
    "by_cases hc : a < b",
    "refine ⟨?_, ?_⟩",
    "apply Or.inl",
    "exact Classical.em p",
    "have hq : q",
    "cases (?_ : False)",
    "exact (?_ : False).elim",
    "omega",
    "linarith",
    "nlinarith",
    "nlinarith [sq_nonneg (u - v)]",
    "positivity",
    "norm_num",
    "use 3",
    "exists 2",
    "intro n",
    "refine ⟨1, ?_⟩",
    "ring",
    "interval_cases a",
    "interval_cases x",
    "rintro h1",
    "rintro ⟨h1, h2⟩",
    "rintro (h1 | h2)",
    "rintro n ⟨k, hk⟩",
]
PER_HYP = [
    "exact {h}",
    "apply {h}",
    "cases {h}",
    "rcases {h} with h3 | h4",
    "obtain ⟨h5, h6⟩ := {h}",
    "exact absurd {h} {h2}",
    "specialize {h} {h2}",
    "specialize {h} ?_",
    "have h7 := {h} ?_",
    "exact {h}.elim",
    "rcases ({h} ?_) with h8",
    "obtain ⟨k, hk⟩ := {h}",
    "have h9 := {h} 2",
    "specialize {h} a",
    "norm_num [{h}]",
    "linarith [{h}]",
    "rw [{h}]",
    "rw [← {h}]",
    "rw [{h}] at {h2}",
    "subst {h}",
    "simp only [{h}]",
    "simp only [{h}] at {h2}",
]


OMEGA_ATOMS = [a for a in ATOMS if not any(t in a for t in ("p", "q", "u", "v", "f", "∀", "∃", "|"))]


def _formula(atoms: list[str] = ATOMS) -> st.SearchStrategy[str]:
    return st.recursive(
        st.sampled_from(atoms),
        lambda ch: st.one_of(
            ch.map(lambda a: f"¬({a})"),
            st.builds(lambda op, a, b: f"({a}) {op} ({b})", st.sampled_from(["∧", "∨", "→", "↔"]), ch, ch),
        ),
        max_leaves=4,
    )


def _z3_valid(g: Goal) -> bool | None:
    try:
        return valid([h.ty for h in g.hyps if not h.is_var], g.target, _all_sorts(g))  # type: ignore[misc]
    except Untranslatable:
        return None


def _all_sorts(g: Goal) -> dict[str, str]:
    return {h.name: h.ty for h in g.hyps if h.is_var}  # type: ignore[misc]


def _root(hyps: list[str], goal: str) -> ProofState | None:
    hyp_binders = "".join(f" (h{i} : {h})" for i, h in enumerate(hyps))
    res = elaborate(initial_env(), f"theorem t {BINDERS}{hyp_binders} : {goal} := by\n  sorry")
    if res.has_errors or len(res.sorries) != 1:
        return None
    return res.sorries[0]


_DEADLINE = {"t": 0.0}


def _budget_left() -> bool:
    if not _DEADLINE["t"]:
        _DEADLINE["t"] = time.monotonic() + 40.0  # the whole module stays well under 60 s
    return time.monotonic() < _DEADLINE["t"]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_formula(), max_size=2), _formula(), st.data())
def test_z3_refuted_statements_are_never_proven(hyps: list[str], goal: str, data: st.DataObject) -> None:
    if not _budget_left():
        return
    root = _root(hyps, goal)
    assume(root is not None)
    assert root is not None
    assume(_z3_valid(root.goals[0]) is False)  # z3 has a countermodel: a non-theorem
    open_states = [root]
    for _ in range(14):
        if not open_states:
            break
        i = data.draw(st.integers(0, len(open_states) - 1))
        state = open_states[i]
        names = [h.name for h in state.goals[0].hyps if not h.is_var and h.accessible] or ["h0"]
        tactic = data.draw(st.sampled_from(TACTICS + PER_HYP)).format(
            h=data.draw(st.sampled_from(names)), h2=data.draw(st.sampled_from(names))
        )
        try:
            children = apply_tactic(state, tactic)
        except TacticError:
            continue
        if not children:  # a goal was closed outright: z3 must agree it is valid
            assert _z3_valid(state.goals[0]) is not False, (tactic, state.render())
        open_states[i : i + 1] = children
    assert open_states, "a statement z3 refutes was proven"


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_formula(OMEGA_ATOMS), max_size=3), _formula(OMEGA_ATOMS))
def test_omega_agrees_with_z3(hyps: list[str], goal: str) -> None:
    if not _budget_left():
        return
    root = _root(hyps, goal)
    assume(root is not None)
    assert root is not None
    g = root.goals[0]
    truth = _z3_valid(g)
    assume(truth is not None)
    try:
        proved = apply_tactic(root, "omega") == []
    except TacticError:
        proved = False
    assert proved == truth, (g.render(), truth)


LINEAR_ATOMS = ["u < v", "u ≤ 2 * v + 1", "u + v = 3", "v ≥ 0", "2 * u - v > 1", "u / 3 ≤ v", "v < -1"]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(LINEAR_ATOMS), max_size=3), st.sampled_from([*LINEAR_ATOMS, "False"]))
def test_linarith_agrees_with_z3_on_linear_real_problems(hyps: list[str], goal: str) -> None:
    if not _budget_left():
        return
    root = _root(hyps, goal)
    assume(root is not None)
    assert root is not None
    truth = _z3_valid(root.goals[0])
    assume(truth is not None)
    try:
        proved = apply_tactic(root, "linarith") == []
    except TacticError:
        proved = False
    assert proved == truth, (root.render(), truth)
