"""Exploration for RL rollouts: closers instantiated from the state, mixed into the policy's samples.

Why: on competition statements, searching at 8x the budget, the SFT policy proves only 4 more of its 138
MiniF2F-lite failures; the rollouts find only proofs the policy can already say, so RL only sharpens. The
rollouts (never an eval) therefore also try a few closers of a fixed vocabulary, instantiated from each
state (`closers`), so they can find proofs of new shapes that the update then distils into the policy.

* `closer_vocabulary`: automation alone, with the hypotheses, and with square hints over variable pairs
  (shared with `experiments.short_scripts`, which builds it from minilean ProofState objects).
* `closers`: that vocabulary for the first goal of a LeanTree state text, plus `norm_num [..] at .. ⊢` and
  the instantiations of ∀ hypotheses at the numerals of the goal.
* `ExplorePolicy`: a `Policy` wrapper adding up to k of those closers to the base's samples.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import threading
from collections.abc import Sequence

from search.explore_shapes import shaped_proposals
from search.policy import Policy, SampleOutput, _check_seeds, _fresh_names, first_goal, named_hypotheses

__all__ = ["AUTOMATION", "ExplorePolicy", "closer_vocabulary", "closers", "forall_instances", "proposals"]

# one-tactic closers, no arguments (the first six are minilean.baseline.TACTICS, in its order)
AUTOMATION: tuple[str, ...] = (
    "norm_num", "linarith", "nlinarith", "omega", "decide", "positivity",
    "ring", "simp", "field_simp", "simp_all",
)
NUMERIC_SORTS = ("ℕ", "ℤ", "ℚ", "ℝ", "ℂ")
SQUARE_SORTS = ("ℝ", "ℚ", "ℤ")  # ordered rings: sq_nonneg hints mean something for nlinarith there
MAX_SQUARE_VARS = 4  # pairs over the first 4 variables at most (6 hints), so the vocabulary stays small


def closer_vocabulary(hyps: Sequence[str], nums: Sequence[tuple[str, str]]) -> list[str]:
    """One-line closers from hypothesis names (propositions) and numeric variables (name, sort): automation
    alone, with the hypotheses, and nlinarith with square hints over pairs of ℝ/ℚ/ℤ variables."""
    out = list(AUTOMATION)
    if hyps:
        names = ", ".join(hyps)
        out += [f"norm_num [{names}]", f"simp [{names}]", f"nlinarith [{names}]"]
    real = [v for v, s in nums if s in SQUARE_SORTS][:MAX_SQUARE_VARS]
    for a, b in itertools.combinations(real, 2):
        out.append(f"nlinarith [sq_nonneg ({a} - {b}), sq_nonneg ({a} + {b})]")
    if len(real) >= 3:
        sq = ", ".join(f"sq_nonneg ({a} - {b})" for a, b in itertools.combinations(real[:3], 2))
        out.append(f"nlinarith [{sq}]")
    return out


# `∀ (x y : ℝ), body` / `∀ x, body` (LeanTree prints the binder with its type); bounded binders
# (`∀ x > 0, …`, `∀ x ∈ s, …`) do not match: instantiating them needs a proof of the bound too
_FORALL = re.compile(
    r"∀\s*(?:\((?P<names>[^():]+?)\s*:\s*(?P<sort>[^()]+?)\)(?P<more>(?:\s*\([^()]*\))*)"
    r"|(?P<bare>[^,():]+?))\s*,\s*(?P<body>.*)\Z",
    re.S,
)
_IDENT = re.compile(r"[^\W\d][\w'₀-₉!?]*")
# a natural numeral standing alone (not part of a name like x1, nor of a decimal like 2.5)
_NUMERAL = re.compile(r"(?<![\w.'])\d+(?![\w.'])")
_IDENT_CHARS = r"\w'₀-₉!?"
_DATA_HEADS = ("Prop", "Type", "Sort", "Set", "Finset", "List", "Fin", "Multiset", "Polynomial")


def _is_data(typ: str) -> bool:
    """A variable's type (`ℝ`, `ℕ → ℝ`, `Finset ℕ`, `Prop`), not a proposition: such names are no facts to
    give norm_num or nlinarith."""
    parts = [p.strip() for p in typ.split("→")]
    return all(p in NUMERIC_SORTS or p.split(" ", 1)[0] in _DATA_HEADS for p in parts if p)


def _numerals(text: str) -> list[str]:
    return list(dict.fromkeys(_NUMERAL.findall(text)))  # first-occurrence order, deduplicated


def forall_instances(name: str, typ: str, numerals: Sequence[str], fresh: str) -> list[str]:
    """`have fresh : body[x := k] := name k` for each numeral k, when `typ` is `∀ x …, body` over a
    numeric sort (or an untyped binder). The type is written out because minilean's `have` needs it
    (`have h := h₀ 3` does not elaborate there); the numeral is ascribed the binder's sort so that a body
    with no other typed term (`x + 1 > 0`) means the same proposition as `name k`."""
    m = _FORALL.match(typ.strip())
    if not m or not numerals:
        return []
    if m["names"] is not None:
        binders, sort = m["names"].split(), m["sort"].strip()
        if sort not in NUMERIC_SORTS:
            return []
        more = (m["more"] or "").strip()
        left = f"({' '.join(binders[1:])} : {sort})" if len(binders) > 1 else ""
        rest = f"∀ {' '.join(x for x in (left, more) if x)}, " if left or more else ""
    else:
        binders, sort = m["bare"].split(), ""
        rest = f"∀ {' '.join(binders[1:])}, " if len(binders) > 1 else ""
    # `∀ x > 0, …`, `∀ x ∈ s, …` (bounded) and inaccessible names (x✝, also in the body) are skipped
    if not all(_IDENT.fullmatch(b) and b != "_" for b in binders) or "✝" in m["body"] + (m["more"] or ""):
        return []
    var = binders[0]
    pattern = re.compile(rf"(?<![{_IDENT_CHARS}.]){re.escape(var)}(?![{_IDENT_CHARS}])")
    out = []
    for k in numerals:
        term = f"({k} : {sort})" if sort else k
        body = pattern.sub(lambda _m, t=term: t, m["body"])
        out.append(f"have {fresh} : {rest}{body} := {name} {term}")
    return out


_ASCRIBED = re.compile(r"\((\d+) : [^()]+\)")


def _stated(have: str) -> str:
    """The type of a `have name : type := term` as the state would render it (numerals unascribed)."""
    return _ASCRIBED.sub(r"\1", have.split(" : ", 1)[1].rsplit(" := ", 1)[0])


def closers(state_text: str) -> list[str]:
    """The exploration vocabulary for the first goal of a state text, deterministic and deduplicated:
    `closer_vocabulary` over its hypotheses and numeric variables, `norm_num [hs] at hs ⊢`, and each ∀
    hypothesis instantiated at each numeral of the goal (only numerals that occur there: the statement
    names them, so they are the likely witnesses). Inaccessible names (✝) never appear."""
    goal = first_goal(state_text)
    hyps = named_hypotheses(goal)
    nums = [(n, t) for n, t in hyps if t in NUMERIC_SORTS]
    props = [n for n, t in hyps if not _is_data(t)]
    out = closer_vocabulary(props, nums)
    if props:
        out.append(f"norm_num [{', '.join(props)}] at {' '.join(props)} ⊢")
    fresh = _fresh_names(goal, 1)[0]
    numerals = _numerals(goal.type)
    known = {t for _, t in hyps}
    for n, t in hyps:
        # an instance the state already holds would only add a copy under a new name
        out += [h for h in forall_instances(n, t, numerals, fresh) if _stated(h) not in known]
    return list(dict.fromkeys(out))


def proposals(state_text: str) -> list[str]:
    """The state-specific steps of `search.explore_shapes` for the first goal of a state text."""
    goal = first_goal(state_text)
    if not goal.type:
        return []
    return shaped_proposals(goal.type, named_hypotheses(goal), _fresh_names(goal, 1)[0])


class ExplorePolicy:
    """The base policy's samples plus up to `k` closers it did not sample (rollouts only, never an eval).

    Per state, the added closers are drawn from `closers(state)` with `random.Random(seeds[i])`, so the
    output depends on that state's seed alone, as the `Policy` protocol requires. Priors: the added tactics
    share `mass` equally and the base's (normalized) priors are scaled to `1 - mass`; the logprobs are the
    logs of those, so exp(logprobs) sums to 1. `k = 0` returns the base's outputs unchanged. With `shaped`,
    every `proposals(state)` step the base did not sample is added too, before the k drawn closers.
    """

    def __init__(self, base: Policy, k: int, mass: float = 0.2, seed: int = 0, shaped: bool = False) -> None:
        if k < 0:
            raise ValueError(f"k must be >= 0, got {k}")
        if not 0 <= mass < 1:
            raise ValueError(f"mass must be in [0, 1), got {mass}")
        self.base = base
        self.k = k
        self.mass = mass
        self.shaped = shaped
        self._rng = random.Random(seed)  # unseeded calls only
        self._lock = threading.Lock()

    # callers (prove_batch, checkpoint_policy's users) read and set these on whatever policy they hold
    @property
    def workers(self) -> int:
        return int(getattr(self.base, "workers", 1))

    @workers.setter
    def workers(self, value: int) -> None:
        self.base.workers = value  # type: ignore[attr-defined]

    @property
    def model_version(self) -> str | None:
        return getattr(self.base, "model_version", None)

    @model_version.setter
    def model_version(self, value: str | None) -> None:
        self.base.model_version = value  # type: ignore[attr-defined]

    def _pick(self, pool: list[str], seed: int | None) -> list[str]:
        n = min(self.k, len(pool))
        if seed is not None:
            return random.Random(seed).sample(pool, n)
        with self._lock:
            return self._rng.sample(pool, n)

    def _mix(self, out: SampleOutput, added: list[str]) -> SampleOutput:
        mass = self.mass if out.tactics else 1.0  # nothing sampled: the closers are all there is
        if out.logprobs:
            top = max(out.logprobs)  # shift before exp: sequence logprobs can underflow
            weights = [math.exp(lp - top) for lp in out.logprobs]
            total = sum(weights)
            base_lps = [math.log((1 - mass) * w / total) if w > 0 and mass < 1 else -math.inf
                        for w in weights]
        else:
            base_lps = []
        share = mass / len(added)
        added_lp = math.log(share) if share > 0 else -math.inf  # mass 0: tried by Lean, never preferred
        return SampleOutput(tactics=[*out.tactics, *added], logprobs=[*base_lps, *[added_lp] * len(added)],
                            value=out.value)

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]:
        _check_seeds(states, seeds)
        outputs = self.base(states, seeds)
        if self.k == 0:
            return outputs
        mixed = []
        for i, (state, out) in enumerate(zip(states, outputs, strict=True)):
            sampled = set(out.tactics)
            fixed = [p for p in proposals(state) if p not in sampled] if self.shaped else []
            pool = [c for c in closers(state) if c not in sampled and c not in fixed]
            added = fixed + self._pick(pool, None if seeds is None else seeds[i])
            mixed.append(self._mix(out, added) if added else out)
        return mixed
