"""Seeded generator of the minilean theorem sets: `python -m minilean.gen_theorems`.

Writes minilean/data/theorems.jsonl and data/leantree_train.jsonl. Sources:
- hand-written classics (commutativity, distributivity, De Morgan, contraposition, currying, …);
- random propositional tautologies (checked by truth tables);
- random linear-arithmetic facts (satisfiable hypotheses found by brute force; validity by omega, which is
  sound) and mixed Prop/arithmetic statements.
Every theorem gets a reference proof found by `autoprove` and replayed by `engine.elaborate`; tiers come
from proof size, splits (train ~60% / valid / test) are drawn per tier. Only train rows keep their proof.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
from pathlib import Path

from core.atomic import atomic_write_text
from minilean.autoprove import ProofTree, Prover
from minilean.engine import ProofState, apply_tactic, elaborate, initial_env
from minilean.syntax import (
    FALSE,
    INT,
    NAT,
    TRUE,
    EBin,
    ENum,
    EVar,
    Expr,
    PBin,
    PNot,
    PRel,
    Prop,
    PVar,
    eval_prop,
    show_prop,
)
from minilean.theorems import full_proof_source, leantree_export_path, theorems_path

SEED = 20240601

# (name, binders, goal, proof lines) — proofs are checked like generated ones
CLASSICS: list[tuple[str, str, str, list[str] | None]] = [
    ("and_comm'", "(p q : Prop)", "p ∧ q ↔ q ∧ p", None),
    ("or_comm'", "(p q : Prop)", "p ∨ q ↔ q ∨ p", None),
    ("and_assoc'", "(p q r : Prop)", "(p ∧ q) ∧ r ↔ p ∧ q ∧ r", None),
    ("or_assoc'", "(p q r : Prop)", "(p ∨ q) ∨ r ↔ p ∨ q ∨ r", None),
    ("and_or_distrib", "(p q r : Prop)", "p ∧ (q ∨ r) ↔ p ∧ q ∨ p ∧ r", None),
    ("or_and_distrib", "(p q r : Prop)", "p ∨ q ∧ r ↔ (p ∨ q) ∧ (p ∨ r)", None),
    ("not_or_iff", "(p q : Prop)", "¬(p ∨ q) ↔ ¬p ∧ ¬q", None),
    ("not_and_of_or_not", "(p q : Prop)", "¬p ∨ ¬q → ¬(p ∧ q)", None),
    ("contrapositive", "(p q : Prop)", "(p → q) → ¬q → ¬p", None),
    ("curry", "(p q r : Prop)", "(p ∧ q → r) ↔ (p → q → r)", None),
    ("imp_trans", "(p q r : Prop)", "(p → q) → (q → r) → p → r", None),
    ("iff_trans'", "(p q r : Prop) (h₁ : p ↔ q) (h₂ : q ↔ r)", "p ↔ r", None),
    ("iff_symm'", "(p q : Prop) (h : p ↔ q)", "q ↔ p", None),
    ("not_not_intro'", "(p : Prop)", "p → ¬¬p", None),
    ("absurd'", "(p q : Prop) (hp : p) (hnp : ¬p)", "q", ["exact absurd hp hnp"]),
    ("modus_ponens", "(p q : Prop) (hp : p) (hpq : p → q)", "q", ["exact hpq hp"]),
    ("modus_tollens", "(p q : Prop) (hpq : p → q) (hnq : ¬q)", "¬p", ["intro hp", "exact hnq (hpq hp)"]),
    (
        "excluded_middle",
        "(p : Prop)",
        "p ∨ ¬p",
        ["by_cases h : p", "· left", "  exact h", "· right", "  exact h"],
    ),
    ("dne", "(p : Prop) (h : ¬¬p)", "p", ["by_cases hp : p", "· exact hp", "· exact absurd hp h"]),
    ("peirce", "(p q : Prop)", "((p → q) → p) → p", None),
    ("not_and_iff_or_not", "(p q : Prop)", "¬(p ∧ q) ↔ ¬p ∨ ¬q", None),
    ("imp_iff_not_or", "(p q : Prop)", "(p → q) ↔ ¬p ∨ q", None),
    ("and_self_iff'", "(p : Prop)", "p ∧ p ↔ p", None),
    ("or_self_iff'", "(p : Prop)", "p ∨ p ↔ p", None),
    ("or_false_iff'", "(p : Prop)", "p ∨ False ↔ p", None),
    ("and_true_iff'", "(p : Prop)", "p ∧ True ↔ p", None),
    ("false_imp", "(p : Prop)", "False → p", None),
    ("imp_self'", "(p : Prop)", "p → p", None),
    ("and_imp_left", "(p q r : Prop) (h : p → q)", "p ∧ r → q ∧ r", None),
    ("or_imp_left", "(p q r : Prop) (h : p → q)", "p ∨ r → q ∨ r", None),
    ("le_trans'", "(a b c : ℕ) (h₁ : a ≤ b) (h₂ : b ≤ c)", "a ≤ c", None),
    ("lt_of_lt_of_le'", "(a b c : ℕ) (h₁ : a < b) (h₂ : b ≤ c)", "a < c", None),
    ("add_comm_le", "(a b : ℕ)", "a + b ≤ b + a", None),
    ("succ_le_of_lt'", "(a b : ℕ) (h : a < b)", "a + 1 ≤ b", None),
    ("lt_irrefl'", "(a : ℕ)", "¬a < a", None),
    ("le_antisymm'", "(x y : ℤ) (h₁ : x ≤ y) (h₂ : y ≤ x)", "x = y", None),
    ("two_mul_le", "(a b : ℕ) (h : a ≤ b)", "2 * a ≤ a + b", None),
    ("int_trichotomy", "(x y : ℤ)", "x < y ∨ x = y ∨ y < x", None),
    ("nat_zero_le", "(a : ℕ)", "0 ≤ a", None),
    ("lt_or_ge'", "(x y : ℤ)", "x < y ∨ x ≥ y", None),
    ("odd_ne_even", "(a b : ℕ)", "2 * a ≠ 2 * b + 1", None),
    ("mixed_mp", "(p : Prop) (a b : ℕ) (hp : p) (h : p → a < b)", "a + 1 ≤ b", None),
    ("mixed_and", "(p : Prop) (a b : ℕ) (h : p ∧ a < b)", "a ≤ b ∧ p", None),
    ("mixed_or", "(p : Prop) (x : ℤ) (h : x > 0 ∨ p) (hn : ¬p)", "x ≥ 1", None),
]

PROP_VARS = ["p", "q", "r", "s"]


def _rand_prop(rng: random.Random, vs: list[str], depth: int) -> Prop:
    if depth == 0 or rng.random() < 0.2:
        r = rng.random()
        if r < 0.04:
            return FALSE
        if r < 0.06:
            return TRUE
        v = PVar(rng.choice(vs))
        return PNot(v) if rng.random() < 0.15 else v
    op = rng.choices(["∧", "∨", "→", "↔", "¬"], weights=[4, 4, 5, 1.5, 1])[0]
    if op == "¬":
        return PNot(_rand_prop(rng, vs, depth - 1))
    return PBin(op, _rand_prop(rng, vs, depth - 1), _rand_prop(rng, vs, depth - 1))


def _tautology(p: Prop, vs: list[str]) -> bool:
    return all(
        eval_prop(p, dict(zip(vs, bits, strict=True)))
        for bits in itertools.product([False, True], repeat=len(vs))
    )


def _size(p: Prop) -> int:
    if isinstance(p, PBin):
        return 1 + _size(p.lhs) + _size(p.rhs)
    if isinstance(p, PNot):
        return 1 + _size(p.arg)
    return 1


def _used(p: Prop, acc: set[str]) -> set[str]:
    if isinstance(p, PVar):
        acc.add(p.name)
    elif isinstance(p, PNot):
        _used(p.arg, acc)
    elif isinstance(p, PBin):
        _used(p.lhs, acc)
        _used(p.rhs, acc)
    return acc



def _add_new(
    out: list[tuple[str, str]], seen: set[str], variables: str, hyps: list[Prop], goal: Prop
) -> None:
    """Append (binders, goal) unless an identical statement was generated before."""
    binders = variables + "".join(f" (h{i + 1} : {show_prop(h)})" for i, h in enumerate(hyps))
    key = binders + show_prop(goal)
    if key not in seen:
        seen.add(key)
        out.append((binders, show_prop(goal)))

def gen_prop(rng: random.Random, n: int) -> list[tuple[str, str]]:
    """(binders, goal) pairs of propositional tautologies; some premises become named hypotheses."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    while len(out) < n:
        nv = rng.choice([2, 2, 3, 3, 3, 4])
        vs = PROP_VARS[:nv]
        goal = _rand_prop(rng, vs, rng.choice([2, 3, 3, 4]))
        if not (isinstance(goal, PBin) and goal.op in ("→", "↔", "∧")) or _size(goal) < 5 or _size(goal) > 15:
            continue
        used = sorted(_used(goal, set()), key=vs.index)
        if len(used) < 2 or not _tautology(goal, used):
            continue
        hyps: list[Prop] = []
        while isinstance(goal, PBin) and goal.op == "→" and rng.random() < 0.5:
            hyps.append(goal.lhs)
            goal = goal.rhs
        if isinstance(goal, PBin) and goal.op == "→" and goal.lhs == goal.rhs:
            continue
        if any(h == goal for h in hyps) or goal == TRUE:
            continue
        _add_new(out, seen, f"({' '.join(used)} : Prop)", hyps, goal)
    return out


def _rand_lin(rng: random.Random, vs: list[str]) -> Expr:
    terms: list[Expr] = []
    for v in rng.sample(vs, rng.choice([1, 1, 2])):
        k = rng.choice([1, 1, 1, 2, 3])
        terms.append(EVar(v) if k == 1 else EBin("*", ENum(k), EVar(v)))
    if rng.random() < 0.5:
        terms.append(ENum(rng.randint(1, 5)))
    e = terms[0]
    for t in terms[1:]:
        e = EBin("+", e, t)
    return e


def _rand_rel(rng: random.Random, vs: list[str], ty: str, ops: str = "<≤=≠>≥") -> PRel:
    return PRel(rng.choice(ops), _rand_lin(rng, vs), _rand_lin(rng, vs), ty)


def _models(props: list[Prop], vs: list[str], ty: str) -> bool:
    lo = 0 if ty == NAT else -4
    return any(
        all(eval_prop(p, dict(zip(vs, vals, strict=True))) for p in props)
        for vals in itertools.product(range(lo, 7), repeat=len(vs))
    )


def _omega_proves(binders: str, goal: str) -> bool:
    src = f"example {binders} : {goal} := by\n  omega"
    return not elaborate(initial_env(), src).has_errors


def gen_arith(rng: random.Random, n: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    tries = 0
    while len(out) < n and tries < 200 * n:
        tries += 1
        ty = rng.choice([NAT, NAT, INT])
        vs = (["a", "b", "c"] if ty == NAT else ["x", "y", "z"])[: rng.choice([2, 2, 3])]
        hyps = [_rand_rel(rng, vs, ty, "<≤=<≤") for _ in range(rng.choice([1, 1, 2, 2, 3]))]
        goal: Prop = _rand_rel(rng, vs, ty, "<≤≠≥>")
        if rng.random() < 0.15:
            goal = PBin(rng.choice(["∧", "∨"]), goal, _rand_rel(rng, vs, ty, "<≤"))
        if not _models(hyps, vs, ty):
            continue
        if _models([PNot(goal)], vs, ty) is False:  # valid without hypotheses: too easy
            continue
        used = sorted({v for v in vs if any(v in show_prop(p) for p in [*hyps, goal])})
        sort = "ℕ" if ty == NAT else "ℤ"
        binders = f"({' '.join(used)} : {sort})" + "".join(
            f" (h{i + 1} : {show_prop(h)})" for i, h in enumerate(hyps)
        )
        key = binders + show_prop(goal)
        if key in seen or not _omega_proves(binders, show_prop(goal)):
            continue
        seen.add(key)
        out.append((binders, show_prop(goal)))
    return out


def gen_mixed(rng: random.Random, n: int) -> list[tuple[str, str]]:
    """Prop/arithmetic combinations that need structural steps before omega can finish."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    tries = 0
    while len(out) < n and tries < 200 * n:
        tries += 1
        ty = rng.choice([NAT, INT])
        vs = ["a", "b"] if ty == NAT else ["x", "y"]
        r1 = _rand_rel(rng, vs, ty, "<≤=")
        r2 = _rand_rel(rng, vs, ty, "<≤≠≥")
        sort = "ℕ" if ty == NAT else "ℤ"
        if not _omega_proves(f"({' '.join(vs)} : {sort}) (h : {show_prop(r1)})", show_prop(r2)):
            continue
        if not _models([PNot(r2)], vs, ty):
            continue
        p, q = PVar("p"), PVar("q")
        kind = rng.randrange(6)
        if kind == 0:
            hyps, goal = [PBin("→", p, r1), p], r2
        elif kind == 1:
            hyps, goal = [PBin("∨", r1, p), PNot(p)], r2
        elif kind == 2:
            hyps, goal = [], PBin("→", PBin("∧", p, r1), PBin("∧", r2, p))
        elif kind == 3:
            hyps, goal = [PBin("↔", p, r1), p], PBin("∨", q, r2)
        elif kind == 4:
            hyps, goal = [PBin("→", r2, q), r1], q
        else:
            hyps, goal = [PBin("∨", p, q), PBin("→", p, r1), PBin("→", q, r1)], r2
        props = sorted(_used(goal, set()).union(*[_used(h, set()) for h in hyps]))
        _add_new(out, seen, f"({' '.join(props)} : Prop) ({' '.join(vs)} : {sort})", hyps, goal)
    return out


def _tier(tree: ProofTree) -> int:
    size = tree.size
    return 1 if size <= 2 else 2 if size <= 4 else 3 if size <= 7 else 4


def _replay(state: ProofState, tactics: list[str]) -> ProofTree:
    """The proof tree of a hand-written script (tactics in focus order, bullets removed)."""

    def go(st: ProofState, i: int) -> tuple[ProofTree, int]:
        tac = tactics[i]
        kids = []
        i += 1
        for child in apply_tactic(st, tac):
            sub, i = go(child, i)
            kids.append(sub)
        return ProofTree(tac, st, tuple(kids)), i

    tree, used = go(state, 0)
    if used != len(tactics):
        raise ValueError(f"script has {len(tactics) - used} unused tactics")
    return tree


def _prove(
    name: str, binders: str, goal: str, given: list[str] | None
) -> tuple[str, list[str], ProofTree, int] | None:
    statement = f"theorem {name} {binders} : {goal} := by\n  sorry"
    res = elaborate(initial_env(), statement)
    if res.has_errors or len(res.sorries) != 1:
        raise ValueError(f"bad statement {statement!r}: {res.messages}")
    tree = _replay(res.sorries[0], [ln.strip().lstrip("·").strip() for ln in given]) if given else None
    tree = tree or Prover().prove(res.sorries[0])
    if tree is None:
        return None
    # which statements exist and their tiers come from the `have` prover (the benchmark splits stay
    # what every recorded result used); the proof shown to SFT uses `specialize`, which a LeanTree server
    # accepts and a small policy can write without copying the conclusion token by token
    tier = _tier(tree)
    if not given:
        tree = Prover(modus_ponens="specialize").prove(res.sorries[0]) or tree
    lines = given or tree.lines()
    row = {"header": "", "statement": statement, "proof": "\n".join(lines)}
    check = elaborate(initial_env(), full_proof_source(row))
    if check.messages:
        raise AssertionError(f"reference proof of {name} does not check: {check.messages}")
    return statement, lines, tree, tier


def generate(seed: int = SEED, n_prop: int = 300, n_arith: int = 110, n_mixed: int = 60) -> list[dict]:
    rng = random.Random(seed)
    raw: list[tuple[str, str, str, list[str] | None]] = [
        (f"classic_{nm}", b, g, pr) for nm, b, g, pr in CLASSICS
    ]
    raw += [(f"prop_{i:04d}", b, g, None) for i, (b, g) in enumerate(gen_prop(rng, n_prop))]
    raw += [(f"arith_{i:04d}", b, g, None) for i, (b, g) in enumerate(gen_arith(rng, n_arith))]
    raw += [(f"mixed_{i:04d}", b, g, None) for i, (b, g) in enumerate(gen_mixed(rng, n_mixed))]
    rows: list[dict] = []
    for name, binders, goal, given in raw:
        ident = f"minilean_{name}".replace("'", "_")
        proved = _prove(ident, binders, goal, given)
        if proved is None:
            continue
        statement, lines, tree, tier = proved
        rows.append(
            {
                "dataset": "minilean",
                "id": ident,
                "split": "",
                "tier": tier,
                "header": "",
                "statement": statement,
                "proof": "\n".join(lines),
                "_tree": tree,
            }
        )
    by_tier: dict[int, list[dict]] = {}
    for r in rows:
        by_tier.setdefault(r["tier"], []).append(r)
    split_rng = random.Random(seed + 1)
    for tier in sorted(by_tier):
        group = by_tier[tier]
        split_rng.shuffle(group)
        n_train = round(0.6 * len(group))
        n_valid = round(0.2 * len(group))
        for i, r in enumerate(group):
            r["split"] = "train" if i < n_train else "valid" if i < n_train + n_valid else "test"
    for r in rows:
        if r["split"] != "train":
            r["proof"] = None
    return rows


# ---------------------------------------------------------------------------------------------- LeanTree


def _tree_nodes(
    tree: ProofTree, source: str, cursor: list[int], counter: list[int]
) -> tuple[str, list[dict]]:
    counter[0] += 1
    node_id = f"node_{counter[0]:010d}"
    start = source.find(tree.tactic, cursor[0])
    start = cursor[0] if start < 0 else start
    cursor[0] = start + len(tree.tactic)
    nodes: list[dict] = []
    node = {
        "id": node_id,
        "state": {"goals": tree.state.goals_json()},
        "proof_size": tree.size,
        "proof_depth": tree.depth,
        "tactic": {
            "tactic_string": tree.tactic,
            "span": {"start": start, "finish": start + len(tree.tactic)},
            "parent": None,
            "children": [],
            "tactic_depends_on": None,
        },
    }
    nodes.append(node)
    for child in tree.children:
        child_id, child_nodes = _tree_nodes(child, source, cursor, counter)
        child_nodes[0]["tactic"]["parent"] = node_id
        node["tactic"]["children"].append(child_id)
        nodes.extend(child_nodes)
    return node_id, nodes


def leantree_files(rows: list[dict], per_file: int = 10) -> list[dict]:
    train = [r for r in rows if r["split"] == "train"]
    files = []
    for k in range(0, len(train), per_file):
        chunk = train[k : k + per_file]
        text, theorems = "", []
        for r in chunk:
            src = full_proof_source(r)
            start = len(text)
            text += src + "\n\n"
            by_at = start + src.index(":= by") + 3
            cursor, counter = [by_at], [0]
            root_id, nodes = _tree_nodes(r["_tree"], text, cursor, counter)
            theorems.append(
                {
                    "span": {"start": start, "finish": start + len(src)},
                    "context": [],
                    "name": r["id"],
                    "error": None,
                    "by_blocks": [
                        {
                            "span": {"start": by_at, "finish": start + len(src)},
                            "tree": {"root_id": root_id, "error": None, "nodes": nodes},
                        }
                    ],
                }
            )
        files.append({"path": f"Minilean/Train{k // per_file:03d}.lean", "imports": [], "theorems": theorems})
    return files


def write(rows: list[dict], theorems_file: Path, leantree_file: Path) -> None:
    trees_ok = [r for r in rows if r["split"] == "train"]
    lines = []
    for r in rows:
        lines.append(json.dumps({k: v for k, v in r.items() if not k.startswith("_")}, ensure_ascii=False))
    atomic_write_text(theorems_file, "\n".join(lines) + "\n")
    files = leantree_files(trees_ok if trees_ok else rows)
    atomic_write_text(leantree_file, "\n".join(json.dumps(f, ensure_ascii=False) for f in files) + "\n")
    for path in (theorems_file, leantree_file):  # shipped data: world-readable like the rest of the repo
        path.chmod(0o644)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", type=Path, default=theorems_path())
    ap.add_argument("--leantree-out", type=Path, default=leantree_export_path())
    args = ap.parse_args(argv)
    rows = generate(args.seed)
    write(rows, args.out, args.leantree_out)
    counts: dict[tuple[str, int], int] = {}
    for r in rows:
        counts[(r["split"], r["tier"])] = counts.get((r["split"], r["tier"]), 0) + 1
    print(f"wrote {len(rows)} theorems to {args.out}")
    for (split, tier), c in sorted(counts.items()):
        print(f"  {split:5s} tier {tier}: {c}")


if __name__ == "__main__":
    main()
