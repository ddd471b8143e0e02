"""Conjecturing (STP, Dong & Ma): the model writes a new statement from a solved one, and only conjectures
that are well formed, new, not trivial and "just hard enough" for the current prover join the RL pool.

Representation (no new token): the tactic prompt with a conjecture prompt as the "state" —
``conjecture:`` on the first line (a proof state or a whole-proof prompt never starts so), then the seed
as an ``example … := by`` and its proof indented — and the target is the new statement as one line
``example <binders> : <goal>``. SFT pairs (``conjecture_sft_rows``): a minilean train theorem and its
proof → a fresh statement of the same family (``rl.frontier``'s generators: propositional,
arithmetic, mixed) at the seed's difficulty level or one above, never a shipped or eval statement.

Filters, in order; the first that fails is the recorded reason (``REASONS``):
1. ``malformed``: not one line ``example … : …``, or refused by the tactic sanitizer (comments, commands,
   ``sorry``, unbalanced brackets, …);
2. ``eval_leak``: an alpha-variant of an eval statement (any split of the benchmarks);
3. ``duplicate``: an alpha-variant of a known statement (shipped sets, the RL pool, earlier conjectures,
   an earlier conjecture of the same batch). Alpha-variant: equal after renaming every binder and
   quantifier-bound name to v0, v1, … in order of first occurrence (``canonical_key``);
4. ``ill_formed``: ``proof_from_sorry`` fails on minilean (does not elaborate);
5. ``trivial``: one automation tactic minilean has (``TRIVIAL_TACTICS``) closes it;
6. ``too_hard`` / ``too_easy``: the prover's empirical success rate over ``prover_samples`` whole-proof
   samples (STP's prover is whole-proof too) is outside the band (min_rate, max_rate]. A conjecture is
   accepted only when some sample proved it, so every accepted conjecture is a true statement (the
   checker is sound), with that proof recorded.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from lean_io.errors import LeanBusinessError
from lean_io.sanitize import unsafe_reason
from rl.frontier import statement_key
from search.proof import init_source, theorem_to_example

MARKER = "conjecture:"
DATASET = "conjecture"
# minilean's automation: each closes a goal in one step or fails (no `simp`/`tauto`/`aesop` there)
TRIVIAL_TACTICS: tuple[str, ...] = ("omega", "decide", "linarith", "nlinarith", "norm_num", "positivity",
                                    "trivial", "assumption", "contradiction", "rfl", "ring")
REASONS = ("malformed", "eval_leak", "duplicate", "ill_formed", "trivial", "too_hard", "too_easy")
ACCEPTED, REJECTED = "accepted", "rejected"

_IDENT = re.compile(r"[^\W\d][\w'!?.]*")
_BINDER = re.compile(r"[({\[⦃]\s*([^:(){}\[\]⦃⦄]+?)\s*:")
_QUANT = re.compile(r"(?:[∀∃λ]|\bfun\b)\s*([^,:=]+?)\s*(?:,|:|=>|↦)")


# --------------------------------------------------------------------------------------- prompts
def seed_prompt(statement: str, header: str = "") -> str:
    """The seed as shown in a conjecture prompt: header + the statement as an `example`, `sorry` cut."""
    text = theorem_to_example(statement).rstrip()
    text = text[: -len("sorry")].rstrip() if text.endswith("sorry") else text
    return (header.strip() + "\n" + text).strip()


def conjecture_prompt(statement: str, proof: str, header: str = "") -> str:
    """``conjecture:`` / the seed statement / its proof, indented as in a source file."""
    body = "\n".join("  " + line for line in proof.splitlines() if line.strip())
    return f"{MARKER}\n{seed_prompt(statement, header)}\n{body}"


def target_text(binders: str, goal: str) -> str:
    return " ".join(f"example {binders} : {goal}".split())


# ------------------------------------------------------------------------------------ alpha keys
def bound_names(key: str) -> list[str]:
    """Names bound in a statement key: binder groups ``(a b : T)``, ``∀ x y,``, ``∃ x :``, ``fun x =>``."""
    names: list[str] = []
    for group in (*_BINDER.findall(key), *_QUANT.findall(key)):
        for token in group.replace("(", " ").replace(")", " ").split():
            if _IDENT.fullmatch(token) and token not in names:
                names.append(token)
    return names


def canonical_key(statement: str) -> str:
    """``statement_key`` (no name, no proof, whitespace normalized) with bound names renamed to v0, v1, …
    in order of first occurrence: alpha-variants get the same key."""
    key = statement_key(statement)
    bound = set(bound_names(key))
    order: dict[str, str] = {}

    def rename(m: re.Match[str]) -> str:
        name = m.group(0)
        if name not in bound:
            return name
        return order.setdefault(name, f"v{len(order)}")

    return _IDENT.sub(rename, key)


# --------------------------------------------------------------------------------------- parsing
def parse_conjecture(text: str) -> tuple[str | None, str | None]:
    """(statement ending in sorry, None) for a well-formed conjecture text, else (None, reason)."""
    text = text.strip()
    if not text or "\n" in text:
        return None, "malformed: not a single line"
    if not text.startswith("example ") or ":=" in text:
        return None, "malformed: not `example <binders> : <goal>`"
    rest = text[len("example "):].strip()
    problem = unsafe_reason(rest)
    if problem is not None:
        return None, f"malformed: {problem}"
    if ":" not in rest or not rest.split(":")[-1].strip():
        return None, "malformed: no goal"
    ident = "conj_" + hashlib.sha256(canonical_key(f"example {rest}").encode()).hexdigest()[:12]
    return f"theorem {ident} {rest} := by\n  sorry", None


# ------------------------------------------------------------------------------------- filtering
@dataclasses.dataclass
class Conjecture:
    """One sampled conjecture and what became of it (a row of the ``conjectures`` shard)."""

    iteration: int
    seed_dataset: str
    seed_id: str
    text: str  # as sampled
    id: str | None = None
    statement: str | None = None  # `theorem conj_<hash> … := by sorry` when well formed
    key: str | None = None  # canonical (alpha-normalized) key
    status: str = REJECTED
    reason: str | None = None  # one of REASONS (None when accepted)
    detail: str | None = None
    prover_samples: int = 0
    prover_successes: int = 0
    success_rate: float | None = None
    proof: str | None = None
    prompt: str | None = None  # the conjecture prompt it was sampled from (seed + proof): self-play rows

    def reject(self, reason: str, detail: str | None = None) -> Conjecture:
        self.status, self.reason, self.detail = REJECTED, reason, detail
        return self


def screen(
    candidates: Sequence[Conjecture], known_keys: Iterable[str], eval_keys: Iterable[str]
) -> list[Conjecture]:
    """Text filters (1–3) in place; returns the survivors, each with its id, statement and key."""
    known, evals = set(known_keys), set(eval_keys)
    survivors = []
    for c in candidates:
        statement, problem = parse_conjecture(c.text)
        if statement is None:
            c.reject("malformed", problem)
            continue
        c.statement, c.key = statement, canonical_key(statement)
        c.id = statement.split()[1]
        if c.key in evals:
            c.reject("eval_leak")
        elif c.key in known:
            c.reject("duplicate")
        else:
            known.add(c.key)
            survivors.append(c)
    return survivors


def lean_screen(c: Conjecture, process: Any, tactics: Sequence[str] = TRIVIAL_TACTICS,
                timeout_ms: int = 1000) -> bool:
    """Lean filters (4–5) on a leased process; True when ``c`` survives. Infrastructure errors propagate."""
    row = {"header": "", "statement": c.statement}
    try:
        root = process.proof_from_sorry(init_source(row))
    except LeanBusinessError as exc:
        c.reject("ill_formed", str(exc)[:300])
        return False
    if root.is_solved:
        c.reject("trivial", "no goals")
        return False
    for tactic in tactics:
        try:
            if not root.try_apply_tactic(tactic, timeout_ms=timeout_ms):
                c.reject("trivial", f"closed by {tactic}")
                return False
        except LeanBusinessError:
            continue
    return True


def judge(c: Conjecture, samples: int, successes: int, proof: str | None,
          band: tuple[float, float]) -> Conjecture:
    """Filter 6: accept when successes / samples is in (band[0], band[1]] (and > 0)."""
    rate = successes / samples if samples else 0.0
    c.prover_samples, c.prover_successes, c.success_rate = samples, successes, rate
    if successes == 0 or rate <= band[0]:
        return c.reject("too_hard", f"{successes}/{samples} samples proved it")
    if rate > band[1]:
        return c.reject("too_easy", f"{successes}/{samples} samples proved it")
    c.status, c.reason, c.proof = ACCEPTED, None, proof
    return c


def band_decided(successes: int, samples: int, total: int, band: tuple[float, float],
                 too_hard_after: int = 0) -> bool:
    """Whether more prover samples can still change the verdict of ``judge`` over ``total`` samples, given
    ``successes`` of the first ``samples``: False while they can. Exact for the band (the verdict is the
    one sampling all ``total`` would give); ``too_hard_after`` > 0 also stops once that many samples proved
    nothing (a too_hard verdict on fewer samples)."""
    left = total - samples
    lo, hi = band[0] * total, band[1] * total
    if left <= 0 or successes > hi:  # done, or too_easy whatever comes
        return True
    if successes + left <= lo or (successes == 0 and 0 < too_hard_after <= samples):
        return True  # too_hard whatever comes (or by the early rule)
    return successes > lo and successes + left <= hi  # accepted whatever comes


def as_statement_row(c: Conjecture) -> dict[str, Any]:
    """An accepted conjecture as an RL statements row (lineage stays in the conjectures shard)."""
    return {"dataset": DATASET, "id": c.id, "split": "train", "header": "", "statement": c.statement}


# ---------------------------------------------------------------------------------- SFT pairs
_FAMILY_OF_ID = {"prop": 0, "classic": 0, "arith": 1, "mixed": 2}


def seed_family(theorem_id: str) -> int | None:
    """0 (propositional), 1 (arithmetic), 2 (mixed) for a minilean theorem id, else None."""
    parts = theorem_id.split("_")
    return _FAMILY_OF_ID.get(parts[1]) if len(parts) > 1 and parts[0] == "minilean" else None


def conjecture_sft_rows(seeds: Sequence[Mapping[str, Any]], *, seed: int = 0,
                        pool_per_family: int = 96) -> list[dict[str, Any]]:
    """(conjecture prompt → fresh statement) SFT rows: each seed with a proof gets one target of its family
    at its level or one above, drawn from statements ``rl.frontier`` generates (never shipped, so never
    an eval statement). Rows: state, tactic, proof_depth (1), theorem (the seed id)."""
    from rl import frontier

    pools: dict[int, dict[int, list[str]]] = {}
    for fam in range(3):
        weights = tuple(1.0 if i == fam else 0.0 for i in range(3))
        cfg = frontier.FrontierConfig(per_iteration=pool_per_family, family_weights=weights,  # type: ignore[arg-type]
                                      seed=seed)
        by_level: dict[int, list[str]] = {}
        for r in frontier.generate(-1 - fam, cfg):
            by_level.setdefault(int(r["tier"]), []).append(target_text(*_binders_goal(r["statement"])))
        pools[fam] = by_level
    rng = random.Random(f"conjecture-sft/{seed}")
    rows = []
    for s in seeds:
        fam = seed_family(str(s["id"]))
        if fam is None or not s.get("proof"):
            continue
        tier = int(s.get("tier") or 1)
        choices = [t for lv in (tier, min(tier + 1, 4)) for t in pools[fam].get(lv, [])]
        if not choices:
            continue
        prompt = conjecture_prompt(str(s["statement"]), str(s["proof"]), str(s.get("header") or ""))
        rows.append({"state": prompt, "tactic": rng.choice(choices), "proof_depth": 1,
                     "theorem": str(s["id"])})
    return rows


def _binders_goal(statement: str) -> tuple[str, str]:
    """(binders, goal) of `theorem name binders : goal := by …` (the goal after the last top-level ':')."""
    key = statement_key(statement)
    depth, cut = 0, -1
    for i, ch in enumerate(key):
        if ch in "([{⦃":
            depth += 1
        elif ch in ")]}⦄":
            depth -= 1
        elif ch == ":" and depth == 0:
            cut = i
            break
    if cut < 0:
        raise ValueError(f"no top-level ':' in {statement!r}")
    return key[:cut].strip(), key[cut + 1:].strip()
