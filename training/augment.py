"""SFT augmentations of LeanTree states (after leantree's goal/hypothesis shuffle and bound-variable
renaming), written so the augmented state is still a valid state for the recorded tactic.

- Goal order: the goals after the main one are shuffled (the tactic acts on the main goal, so it stays
  first). Skipped when the tactic depends on goal order (``swap``, ``rotate_left``, ``pick_goal``, ...).
- Hypothesis order: a random order that respects dependencies (a hypothesis stays after every hypothesis
  whose name occurs in its type or value). Skipped when the tactic addresses hypotheses by position
  (``rename_i``, ``next``, ``case``) .
- Bound-variable renaming: a variable bound in the goal target by ``∀ ∃ ∃! fun λ`` gets a fresh name
  (alpha-equivalence), unless its name is also a hypothesis or occurs in the tactic (the tactic may
  refer to it, e.g. ``use x``) or the state does not parse.

Applied once when the training list is built (as the reference does), so every epoch sees the same rows.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from lean_io.goals import Goal, Hypothesis, parse_state, render_state

ORDER_TACTICS = re.compile(
    r"\b(swap|rotate_left|rotate_right|pick_goal|on_goal|rename_i|next|case|iterate)\b")
POSITION_TACTICS = re.compile(r"\b(rename_i|next|case)\b")
_IDENT = r"[A-Za-z_α-ωΑ-Ω][\w'₀-₉!?]*"
# `∀ x y,` `∃ n : ℕ,` `fun x =>` and the bracketed `∀ (n : ℕ)` / `∀ {a b : α}` forms (first group only)
_BINDER = re.compile(rf"(?:∀|∃!|∃|fun|λ)\s*[({{⦃\[]?\s*((?:{_IDENT}\s*)+)(?=[,:)}}⦄\]]|=>|↦)")
FRESH = ["a", "b", "c", "k", "m", "n", "t", "u", "v", "w", "x", "y", "z", "i", "j", "r", "s"]


def _word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w'.₀-₉]){re.escape(name)}(?![\w'₀-₉])")


def _mentions(text: str, name: str) -> bool:
    return bool(_word(name).search(text))


def shuffle_hypotheses(goal: Goal, rng: random.Random) -> Goal:
    """A random dependency-respecting order of the hypotheses."""
    hyps = list(goal.hypotheses)
    names = [h.user_name.split() for h in hyps]
    deps = [
        {j for j in range(i) if any(_mentions(f"{h.type} {h.value or ''}", n) for n in names[j])}
        for i, h in enumerate(hyps)
    ]
    placed: list[int] = []
    left = set(range(len(hyps)))
    while left:
        ready = sorted(i for i in left if deps[i] <= set(placed))
        pick = rng.choice(ready)
        placed.append(pick)
        left.remove(pick)
    return Goal(type=goal.type, hypotheses=tuple(hyps[i] for i in placed), tag=goal.tag)


def rename_bound(goal: Goal, tactic: str, rng: random.Random, taken: set[str]) -> Goal:
    """Rename each eligible bound variable of the target to a fresh name (all its occurrences)."""
    hyp_names = {n for h in goal.hypotheses for n in h.user_name.split()}
    bound = {n for m in _BINDER.finditer(goal.type) for n in m.group(1).split()}
    target = goal.type
    taken |= bound  # never reuse an original binder name (keeps the renaming easy to read)
    for name in sorted(bound):
        if name in hyp_names or _mentions(tactic, name) or name.endswith("✝"):
            continue
        fresh = [f for f in [*FRESH, f"{name}'"] if f not in taken and not _mentions(target, f)
                 and not _mentions(tactic, f)]
        if not fresh:
            continue
        new = rng.choice(fresh)
        target = _word(name).sub(new, target)
        taken.add(new)
    return Goal(type=target, hypotheses=goal.hypotheses, tag=goal.tag)


def augment_state(state: str, tactic: str, rng: random.Random) -> str:
    """The augmented state, or ``state`` unchanged where no augmentation is safe."""
    try:
        goals = parse_state(state)
    except ValueError:
        return state
    if not goals:
        return state
    if len(goals) > 2 and not ORDER_TACTICS.search(tactic):
        rest = goals[1:]
        rng.shuffle(rest)
        goals = [goals[0], *rest]
    if not POSITION_TACTICS.search(tactic):
        goals = [shuffle_hypotheses(g, rng) for g in goals]
    taken = {n for g in goals for h in g.hypotheses for n in h.user_name.split()}
    goals = [rename_bound(g, tactic, rng, set(taken)) for g in goals]
    return render_state(goals)


def augment_rows(states: Sequence[str], tactics: Sequence[str], seed: int) -> list[str]:
    """Augmented states for a training list (deterministic in ``seed``)."""
    rng = random.Random(seed)
    return [augment_state(s, t, rng) for s, t in zip(states, tactics, strict=True)]


__all__ = ["Goal", "Hypothesis", "augment_rows", "augment_state", "rename_bound", "shuffle_hypotheses"]
