"""Differential soundness of the simp family, normal forms, lemma uses and the new rw: random statements
z3 refutes are never proven by random sequences of these tactics, and every goal a step closes outright
is not refuted by z3 (bounded: a few seconds)."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env
from minilean.goals import Goal
from minilean.smt import Untranslatable, valid

BINDERS = "(p q : Prop) (a b : ℕ) (x y : ℤ) (u v : ℝ) (f : ℕ → ℤ)"
ATOMS = [
    "p",
    "q",
    "a < b",
    "a = b + 3",
    "a + 0 = 2 * b",
    "b ≠ 0",
    "x < 0",
    "x * y = 0",
    "x + 2 = y + 2",
    "¬ x ≤ y",
    "u < v",
    "u / v = 2",
    "u ≠ 0",
    "v * 2 = u + u",
    "(u - v) ^ 2 = 1",
    "((a + 1 : ℕ) : ℝ) = u",
    "|x| = 3",
    "f (1 + 1) = x",
    "f 2 = y",
    "∀ n, f n ≥ 0",
    "∃ k : ℕ, a = 2 * k",
    "(2 : ℝ) + 2 = u",
]
TACTICS = [
    "simp",
    "simp at *",
    "simp [*]",
    "simp [*] at *",
    "simp_all",
    "norm_num",
    "norm_num at *",
    "norm_num [*] at *",
    "ring_nf",
    "ring_nf at *",
    "push_neg",
    "push_neg at *",
    "push_cast at *",
    "field_simp",
    "field_simp at *",
    "contrapose!",
    "simpa using h0",
    "simpa [*] using h1",
    "rw [mul_comm]",
    "rw [add_comm] at *",
    "rw [two_mul]",
    "rw [abs_of_nonneg] at h0",
    "linarith",
    "nlinarith [sq_nonneg (u - v), abs_nonneg x]",
    "intro h5",
    "constructor",
    "exfalso",
]
PER_HYP = [
    "simp [{h}]",
    "simp [{h}] at {h2}",
    "simp only [{h}] at {h2} ⊢",
    "norm_num [{h}] at {h2}",
    "field_simp [{h}] at {h2}",
    "rw [{h}]",
    "rw [← {h}] at {h2}",
    "contrapose! {h}",
    "simpa [{h}] using {h2}",
    "linarith [{h}]",
]


def _formula() -> st.SearchStrategy[str]:
    return st.recursive(
        st.sampled_from(ATOMS),
        lambda ch: st.one_of(
            ch.map(lambda a: f"¬({a})"),
            st.builds(lambda op, a, b: f"({a}) {op} ({b})", st.sampled_from(["∧", "∨", "→", "↔"]), ch, ch),
        ),
        max_leaves=3,
    )


def _z3_valid(g: Goal) -> bool | None:
    sorts = {h.name: h.ty for h in g.hyps if h.is_var}
    try:
        return valid([h.ty for h in g.hyps if not h.is_var], g.target, sorts, 2000)  # type: ignore[misc]
    except Untranslatable:
        return None


def _root(hyps: list[str], goal: str) -> ProofState | None:
    hyp_binders = "".join(f" (h{i} : {h})" for i, h in enumerate(hyps))
    res = elaborate(initial_env(), f"theorem t {BINDERS}{hyp_binders} : {goal} := by\n  sorry")
    if res.has_errors or len(res.sorries) != 1:
        return None
    return res.sorries[0]


_DEADLINE = {"t": 0.0}


def _budget_left() -> bool:
    if not _DEADLINE["t"]:
        _DEADLINE["t"] = time.monotonic() + 25.0
    return time.monotonic() < _DEADLINE["t"]


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_formula(), min_size=1, max_size=2), _formula(), st.data())
def test_refuted_statements_are_never_proven(hyps: list[str], goal: str, data: st.DataObject) -> None:
    if not _budget_left():
        return
    root = _root(hyps, goal)
    assume(root is not None)
    assert root is not None
    assume(_z3_valid(root.goals[0]) is False)  # z3 has a countermodel: a non-theorem
    open_states = [root]
    for _ in range(10):
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
        if not children:  # a goal was closed outright: z3 must not refute it
            assert _z3_valid(state.goals[0]) is not False, (tactic, state.render())
        open_states[i : i + 1] = children
    assert open_states, "a statement z3 refutes was proven"
