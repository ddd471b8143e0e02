"""A small goal-directed proof finder used to build reference proofs for the generated theorem sets.

It only proposes ordinary tactics and runs them through `engine.apply_tactic`, so every proof it returns
is checked by minilean itself. Depth-first with iterative deepening: closing tactics first, then the
invertible steps (intro, constructor, destructuring hypotheses, modus ponens), then the choices (left/right,
apply, exfalso, by_cases). It is a data-generation tool, not a tactic: the engine has no one-shot solver.
"""

from __future__ import annotations

from dataclasses import dataclass

from minilean.arith import is_arith
from minilean.engine import ProofState, TacticError, apply_tactic
from minilean.goals import Goal, as_imp, defeq
from minilean.syntax import FALSE, TRUE, PBin, PVar, show_prop


@dataclass(frozen=True)
class ProofTree:
    tactic: str
    state: ProofState
    children: tuple[ProofTree, ...]

    @property
    def size(self) -> int:
        return 1 + sum(c.size for c in self.children)

    @property
    def depth(self) -> int:
        return 1 + max((c.depth for c in self.children), default=0)

    def lines(self) -> list[str]:
        """The tactic script, `·`-bullets for goals that split."""
        out = [self.tactic]
        if len(self.children) == 1:
            out += self.children[0].lines()
        elif len(self.children) > 1:
            for c in self.children:
                sub = c.lines()
                out.append("· " + sub[0])
                out.extend("  " + ln for ln in sub[1:])
        return out


def _fresh(goal: Goal, base: str = "h") -> str:
    used = {h.name for h in goal.hyps}
    i = 1
    while f"{base}{i}" in used:
        i += 1
    return f"{base}{i}"


def _fresh2(goal: Goal) -> tuple[str, str]:
    a = _fresh(goal)
    used = {h.name for h in goal.hyps} | {a}
    i = 1
    while f"h{i}" in used:
        i += 1
    return a, f"h{i}"


def candidates(goal: Goal, modus_ponens: str = "have") -> tuple[list[str], list[str], list[str]]:
    """(closing, invertible, choice) tactics for `goal`. `modus_ponens` is how `h : a → b` and `h' : a`
    give `b`: a typed `have` (LeanTree refuses an untyped one) or `specialize h h'`, which names no type:
    a policy trained on it need not copy the conclusion token by token (SFT on minilean valid rose from
    75 to 83 % when the reference proofs switched to it)."""
    t = goal.target
    proofs = [(h.name, h.ty) for h in goal.hyps if not h.is_var and h.accessible]
    closing: list[str] = []
    for name, ty in reversed(proofs):
        if defeq(ty, t):  # type: ignore[arg-type]
            closing.append(f"exact {name}")
            break
    if t == TRUE:
        closing.append("trivial")
    closing.append("contradiction")
    arith = is_arith(t) or any(is_arith(ty) for _, ty in proofs)  # type: ignore[arg-type]
    if arith:
        closing.append("omega")
    inv: list[str] = []
    if as_imp(t) is not None:
        inv.append(f"intro {_fresh(goal)}")
    for name, ty in proofs:
        if isinstance(ty, PBin) and ty.op in ("∧", "↔"):
            a, b = _fresh2(goal)
            inv.append(f"obtain ⟨{a}, {b}⟩ := {name}")
    for name, ty in proofs:  # modus ponens with an available premise
        imp = as_imp(ty)  # type: ignore[arg-type]
        if imp is None or imp[1] == FALSE or any(defeq(oty, imp[1]) for _, oty in proofs):  # type: ignore
            continue
        for other, oty in proofs:
            if other != name and defeq(oty, imp[0]):  # type: ignore[arg-type]
                if modus_ponens == "specialize":
                    inv.append(f"specialize {name} {other}")
                else:
                    inv.append(f"have {_fresh(goal)} : {show_prop(imp[1])} := {name} {other}")
                break
    if isinstance(t, PBin) and t.op in ("∧", "↔"):
        inv.append("constructor")
    for name, ty in proofs:
        if isinstance(ty, PBin) and ty.op == "∨":
            a, b = _fresh2(goal)
            inv.append(f"rcases {name} with {a} | {b}")
    choice: list[str] = []
    if isinstance(t, PBin) and t.op == "∨":
        choice += ["left", "right"]
    for name, ty in reversed(proofs):
        chain, c = 0, ty
        while (imp := as_imp(c)) is not None:  # type: ignore[arg-type]
            chain += 1
            c = imp[1]
            if defeq(c, t) or (c == FALSE and t == FALSE):
                choice.append(f"apply {name}")
                break
    if t != FALSE and any(as_imp(ty) is not None and as_imp(ty)[1] == FALSE for _, ty in proofs):  # type: ignore
        choice.append("exfalso")
    for v in sorted({h.name for h in goal.hyps if h.ty == "Prop" and h.accessible}):
        if any(v in show_prop(ty) for _, ty in proofs) or v in show_prop(t):  # type: ignore[arg-type]
            if not any(isinstance(ty, PVar) and ty.name == v for _, ty in proofs):
                choice.append(f"by_cases {_fresh(goal)} : {v}")
    return closing, inv, choice


class Prover:
    def __init__(self, max_nodes: int = 4000, modus_ponens: str = "have") -> None:
        if modus_ponens not in ("have", "specialize"):
            raise ValueError(f"modus_ponens must be 'have' or 'specialize', got {modus_ponens!r}")
        self.max_nodes = max_nodes
        self.modus_ponens = modus_ponens
        self.nodes = 0

    def prove(self, state: ProofState, max_depth: int = 14) -> ProofTree | None:
        for depth in range(1, max_depth + 1):
            self.nodes = 0
            self._fail: dict[str, int] = {}
            try:
                tree = self._prove(state, depth, allow_cases=depth >= 6)
            except _OutOfBudget:
                return None
            if tree is not None:
                return tree
        return None

    def _step(self, state: ProofState, tactic: str) -> list[ProofState] | None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfBudget
        try:
            return apply_tactic(state, tactic)
        except TacticError:
            return None

    def _prove(self, state: ProofState, depth: int, allow_cases: bool) -> ProofTree | None:
        if depth <= 0:
            return None
        key = state.render()
        if self._fail.get(key, -1) >= depth:
            return None
        goal = state.goals[0]
        closing, inv, choice = candidates(goal, self.modus_ponens)
        for tac in closing:
            res = self._step(state, tac)
            if res == []:
                return ProofTree(tac, state, ())
        tactics = inv[:1] if inv else [c for c in choice if allow_cases or not c.startswith("by_cases")]
        for tac in tactics:
            res = self._step(state, tac)
            if res is None:
                continue
            kids = []
            for child in res:
                sub = self._prove(child, depth - 1, allow_cases)
                if sub is None:
                    break
                kids.append(sub)
            else:
                return ProofTree(tac, state, tuple(kids))
        self._fail[key] = depth
        return None


class _OutOfBudget(Exception):
    pass
