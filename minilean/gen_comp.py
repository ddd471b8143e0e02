"""Seeded generator of competition-style problems in the MiniF2F-lite fragment: dataset `minilean_comp`.

`python -m minilean.gen_comp` writes data/comp_theorems.jsonl (rows like theorems.jsonl, own
train/valid split) and data/comp_leantree_train.jsonl (train proofs in the LeanTree JSON format of
data/leantree_train.jsonl, so SFT reads them the same way). The original minilean set is untouched.

Families: linear systems (linarith), inequalities with a hint-able square (nlinarith [sq_nonneg …]),
digit/modular arithmetic (omega, norm_num, decide), functional hypotheses (∀-instantiation + linarith),
existentials with witnesses (`use`, with `norm_num` after it over ℤ), positivity. Every row carries a
reference proof that minilean checks (`engine.elaborate`), and statements equal to a MiniF2F statement
are dropped.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from pathlib import Path

from core.atomic import atomic_write_text
from minilean import minif2f
from minilean.engine import elaborate, initial_env
from minilean.gen_theorems import _prove, leantree_files

SEED = 20261123
_DATA = Path(__file__).resolve().parent / "data"
Family = Callable[[random.Random], tuple[str, str, list[str]]]  # (binders, goal, proof lines)


def comp_theorems_path() -> Path:
    return _DATA / "comp_theorems.jsonl"


def comp_leantree_path() -> Path:
    return _DATA / "comp_leantree_train.jsonl"


def _nz(rng: random.Random, lo: int, hi: int) -> int:
    while True:
        v = rng.randint(lo, hi)
        if v:
            return v


def linear_system(rng: random.Random) -> tuple[str, str, list[str]]:
    x, y = rng.randint(-9, 9), rng.randint(-9, 9)
    while True:
        a, b, c, d = (_nz(rng, -6, 6) for _ in range(4))
        if a * d - b * c:
            break
    ty = rng.choice(["ℝ", "ℚ", "ℤ"])
    h0 = f"(h₀ : {a} * x + {b} * y = {a * x + b * y})"
    h1 = f"(h₁ : {c} * x + {d} * y = {c * x + d * y})"
    binders = f"(x y : {ty}) {h0} {h1}".replace("+ -", "- ")
    goal = rng.choice([f"x = {x}", f"y = {y}", f"x + y = {x + y}"])
    return binders, goal.replace("+ -", "- "), ["linarith"]


def square_inequality(rng: random.Random) -> tuple[str, str, list[str]]:
    c = rng.randint(1, 9)
    k = rng.randint(1, 3)
    form = rng.randrange(3)
    if form == 0:  # x² + c² ≥ 2cx
        return "(x : ℝ)", f"x ^ 2 + {c * c} ≥ {2 * c} * x", [f"nlinarith [sq_nonneg (x - {c})]"]
    if form == 1:  # k(a² + b²) ≥ 2k·ab
        return "(a b : ℝ)", f"{k} * (a ^ 2 + b ^ 2) ≥ {2 * k} * (a * b)", ["nlinarith [sq_nonneg (a - b)]"]
    return f"(a b : ℝ) (h₀ : a + b = {2 * c})", f"a * b ≤ {c * c}", ["nlinarith [sq_nonneg (a - b)]"]


def modular(rng: random.Random) -> tuple[str, str, list[str]]:
    form = rng.randrange(4)
    m = rng.randint(3, 13)
    if form == 0:
        r, k, c = rng.randrange(m), rng.randint(2, 9), rng.randint(0, 20)
        return f"(n : ℕ) (h₀ : n % {m} = {r})", f"({k} * n + {c}) % {m} = {(k * r + c) % m}", ["omega"]
    if form == 1:  # last digit / remainder of a closed expression
        a, e, c = rng.randint(2, 99), rng.randint(2, 6), rng.randint(0, 50)
        return "", f"({a} ^ {e} + {c}) % {m} = {(a**e + c) % m}", ["norm_num"]
    if form == 2:  # digits: n = 10a + b
        a, b = rng.randint(1, 9), rng.randint(0, 9)
        return (
            f"(a b : ℕ) (h₀ : a = {a}) (h₁ : b = {b})",
            f"(10 * a + b) % 10 = {b}",
            ["norm_num [h₀, h₁]"],
        )
    d, q = rng.randint(2, 12), rng.randint(1, 30)
    return "", f"{d} ∣ {d * q}", ["decide"]


def functional(rng: random.Random) -> tuple[str, str, list[str]]:
    a, b, c = _nz(rng, -5, 5), rng.randint(-9, 9), rng.randint(-6, 6)
    ty = rng.choice(["ℝ", "ℤ"])
    binders = f"(f : {ty} → {ty}) (h₀ : ∀ x, f x = {a} * x + {b})"
    arg = f"({c})" if c < 0 else str(c)
    goal = f"f {arg} = {a * c + b}"
    return binders.replace("+ -", "- "), goal, [f"specialize h₀ {arg}", "linarith"]


def existential(rng: random.Random) -> tuple[str, str, list[str]]:
    form = rng.randrange(3)
    if form == 0:
        x, a, b = rng.randint(0, 20), rng.randint(1, 9), rng.randint(0, 30)
        # `use` closes a closed ℕ equation itself (its discharger's reducible `rfl`): nothing follows
        return "", f"∃ x : ℕ, {a} * x + {b} = {a * x + b}", [f"use {x}"]
    if form == 1:
        x = rng.randint(2, 12)
        return "", f"∃ x : ℤ, x ^ 2 = {x * x} ∧ x < 0", [f"use -{x}", "norm_num"]
    x, y = rng.randint(5, 30), rng.randint(0, 4)
    return "", f"∃ x y : ℕ, x + y = {x + y} ∧ x - y = {x - y}", [f"use {x}, {y}"]


def positivity_family(rng: random.Random) -> tuple[str, str, list[str]]:
    k, c = rng.randint(1, 9), rng.randint(1, 9)
    return "(x y : ℝ) (hx : 0 < x)", f"0 < {k} * x ^ 2 + y ^ 2 * {c} + x", ["positivity"]


FAMILIES: dict[str, tuple[Family, int]] = {
    "linsys": (linear_system, 60),
    "sqineq": (square_inequality, 40),
    "mod": (modular, 60),
    "fun": (functional, 40),
    "exists": (existential, 40),
    "pos": (positivity_family, 20),
}


def _canon(binders: str, goal: str) -> str | None:
    """The root goal without names, to compare statements up to renaming of the theorem."""
    res = elaborate(initial_env(), f"example {binders} : {goal} := by\n  sorry")
    if res.has_errors or len(res.sorries) != 1:
        return None
    g = res.sorries[0].goals[0]
    return " | ".join([*(h["type"] for h in g.to_json()["hypotheses"]), g.to_json()["type"]])


def _minif2f_canon() -> set[str]:
    out = set()
    for split in minif2f.SPLITS:
        for r in minif2f.statable_rows(split):
            res = elaborate(initial_env(), r["statement"])
            g = res.sorries[0].goals[0].to_json()
            out.add(" | ".join([*(h["type"] for h in g["hypotheses"]), g["type"]]))
    return out


def generate(seed: int = SEED) -> list[dict]:
    rng = random.Random(seed)
    banned = _minif2f_canon()
    seen: set[str] = set()
    rows: list[dict] = []
    for fam, (make, count) in FAMILIES.items():
        made, tries = 0, 0
        while made < count and tries < count * 20:
            tries += 1
            binders, goal, proof = make(rng)
            canon = _canon(binders, goal)
            if canon is None or canon in seen or canon in banned:
                continue
            seen.add(canon)
            ident = f"comp_{fam}_{made:04d}"
            proved = _prove(ident, binders, goal, proof)  # raises if the reference proof does not check
            assert proved is not None
            statement, lines, tree, tier = proved
            rows.append(
                {
                    "dataset": "minilean_comp",
                    "id": ident,
                    "split": "",
                    "tier": tier,
                    "family": fam,
                    "header": "",
                    "statement": statement,
                    "proof": "\n".join(lines),
                    "_tree": tree,
                }
            )
            made += 1
    split_rng = random.Random(seed + 1)
    for fam in FAMILIES:
        group = [r for r in rows if r["family"] == fam]
        split_rng.shuffle(group)
        n_train = round(0.7 * len(group))
        for i, r in enumerate(group):
            r["split"] = "train" if i < n_train else "valid"
    for r in rows:
        if r["split"] != "train":
            r["proof"] = None
    return rows


def write(rows: list[dict], theorems_file: Path, leantree_file: Path) -> None:
    lines = [
        json.dumps({k: v for k, v in r.items() if not k.startswith("_")}, ensure_ascii=False) for r in rows
    ]
    atomic_write_text(theorems_file, "\n".join(lines) + "\n")
    files = leantree_files(rows)  # train rows only
    for f in files:
        f["path"] = f["path"].replace("Minilean/Train", "MinileanComp/Train")
    atomic_write_text(leantree_file, "\n".join(json.dumps(f, ensure_ascii=False) for f in files) + "\n")
    for path in (theorems_file, leantree_file):
        path.chmod(0o644)


def load_comp(split: str | None = None) -> list[dict]:
    """Rows of the `minilean_comp` dataset (optionally one split: "train" or "valid")."""
    with open(comp_theorems_path(), encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [r for r in rows if split is None or r["split"] == split]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--out", type=Path, default=comp_theorems_path())
    ap.add_argument("--leantree-out", type=Path, default=comp_leantree_path())
    args = ap.parse_args(argv)
    rows = generate(args.seed)
    write(rows, args.out, args.leantree_out)
    counts: dict[tuple[str, str], int] = {}
    for r in rows:
        counts[(r["split"], r["family"])] = counts.get((r["split"], r["family"]), 0) + 1
    print(f"wrote {len(rows)} minilean_comp theorems to {args.out}")
    for (split, fam), c in sorted(counts.items()):
        print(f"  {split:5s} {fam:7s}: {c}")


if __name__ == "__main__":
    main()
