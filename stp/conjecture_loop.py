"""One RL iteration of conjecturing (``stp.conjecture``): seeds → sampled conjectures → filters → the
``conjectures`` shard (accepted and rejected, with reasons and lineage), and the accepted ones as RL
statements for the next iterations' pool. Usable without Dagster.

Seeds of iteration k: the theorems its rollouts proved (with their proofs), at most ``max_seeds``, a
seeded sample. The same model writes the conjectures (``per_seed`` i.i.d. samples of the conjecture
prompt) and proves them (``prover_samples`` whole-proof samples each, ``stp.whole_proof``).
The shard is ``rl/conjectures/iteration=K/part-0.parquet`` (DuckDB view ``conjectures``).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pyarrow as pa

from core import data_files
from core.profiles import Profile
from stp.conjecture import (
    ACCEPTED,
    Conjecture,
    as_statement_row,
    band_decided,
    canonical_key,
    conjecture_prompt,
    judge,
    lean_screen,
    screen,
)
from stp.whole_proof import clean_script, prove_whole

KIND = "conjectures"
PART = "part-0.parquet"
SCHEMA = pa.schema([
    ("iteration", pa.int64()), ("seed_dataset", pa.string()), ("seed_id", pa.string()), ("text", pa.string()),
    ("id", pa.string()), ("statement", pa.string()), ("key", pa.string()), ("status", pa.string()),
    ("reason", pa.string()), ("detail", pa.string()), ("prover_samples", pa.int64()),
    ("prover_successes", pa.int64()), ("success_rate", pa.float64()), ("proof", pa.string()),
    ("prompt", pa.string()),
])


def shard_path(root: str | Path, iteration: int) -> Path:
    return Path(root) / "rl" / KIND / f"iteration={int(iteration)}" / PART


def write_shard(root: str | Path, iteration: int, conjectures: Sequence[Conjecture]) -> Path:
    from rl.replay import write_parquet_atomic

    rows = [dataclasses.asdict(c) for c in conjectures]
    return write_parquet_atomic(shard_path(root, iteration), pa.Table.from_pylist(rows, schema=SCHEMA))


def read_shards(root: str | Path, iterations: Iterable[int]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for k in sorted(set(iterations)):
        path = shard_path(root, k)
        if path.is_file():  # shards written before a column existed read it as null
            table = data_files.read_table(path)
            out += [{name: row.get(name) for name in SCHEMA.names} for row in table.to_pylist()]
    return out


def self_play_rows(root: str | Path, iteration: int) -> list[dict[str, Any]]:
    """STP's self-play rows for the policy update of ``iteration`` (replay-row shaped: state, tactic,
    value_target) from the conjectures accepted in iteration − 1: (conjecture prompt → the accepted
    conjecture), what makes the conjecturer write more of them, and (the conjecture → its checked proof), a
    whole-proof row for the prover. Shards without prompts (older runs) give only the second kind."""
    from stp.whole_proof import statement_prompt

    rows: list[dict[str, Any]] = []
    for r in read_shards(root, [iteration - 1]):
        if r["status"] != ACCEPTED:
            continue
        if r.get("prompt"):
            rows.append({"state": r["prompt"], "tactic": r["text"], "value_target": -1.0})
        if r.get("proof"):
            depth = len(str(r["proof"]).splitlines())
            rows.append({"state": statement_prompt(as_statement_row(Conjecture(**r))), "tactic": r["proof"],
                         "value_target": -float(depth)})
    return rows


def earlier_iterations(root: str | Path, before: int) -> list[int]:
    base = Path(root) / "rl" / KIND
    found = [int(p.name.split("=")[1]) for p in base.glob("iteration=*") if p.name.split("=")[1].isdigit()]
    return sorted(k for k in found if k < before)


def with_conjectures(root: str | Path, pool: Sequence[Mapping[str, Any]], iteration: int,
                     eval_statements: Iterable[str] = ()) -> tuple[list[dict[str, Any]], int]:
    """The RL pool of ``iteration`` plus the accepted conjectures of earlier iterations (never an
    alpha-variant of an eval statement or of a pool statement); returns it and how many were added."""
    taken = {canonical_key(str(r["statement"])) for r in pool} | {canonical_key(s) for s in eval_statements}
    out = [dict(r) for r in pool]
    added = 0
    for row in read_shards(root, earlier_iterations(root, iteration)):
        if row["status"] != ACCEPTED or row["key"] in taken:
            continue
        taken.add(row["key"])
        out.append(as_statement_row(Conjecture(**row)))
        added += 1
    return out, added


def seeds_of(attempts: Sequence[Mapping[str, Any]], statements: Sequence[Mapping[str, Any]],
             max_seeds: int, seed: int) -> list[dict[str, Any]]:
    """Proven attempts joined with their statement rows (+ ``proof``): a seeded sample of ``max_seeds``."""
    by_key = {(str(s["dataset"]), str(s["id"])): s for s in statements}
    rows = []
    for a in attempts:
        s = by_key.get((str(a["dataset"]), str(a["theorem_id"])))
        if a.get("outcome") == "proven" and a.get("proof") and s is not None:
            rows.append({**s, "proof": a["proof"]})
    rows.sort(key=lambda r: (r["dataset"], r["id"]))
    random.Random(f"conjecture-seeds/{seed}").shuffle(rows)
    return rows[:max_seeds]


def propose(seeds: Sequence[Mapping[str, Any]], sampler: Any, per_seed: int, iteration: int,
            seed: int = 0, batch_size: int = 16) -> list[Conjecture]:
    """``per_seed`` conjecture texts per seed (i.i.d. samples of the conjecture prompt), with lineage."""
    from stp.whole_proof import sample_seed

    tok = sampler.tokenizer
    out: list[Conjecture] = []
    for start in range(0, len(seeds), batch_size):
        batch = seeds[start:start + batch_size]
        prompts = [conjecture_prompt(str(s["statement"]), str(s["proof"]), str(s.get("header") or ""))
                   for s in batch]
        seeds_ = [sample_seed(dict(s), seed + iteration) for s in batch]
        rows, _ = sampler.sample_iid(prompts, per_seed, seeds_)
        for i, s in enumerate(batch):
            for j in range(per_seed):
                ids = rows[i * per_seed + j]
                ids = ids[:-1] if ids and ids[-1] == tok.eos_id else ids
                text = clean_script(tok.decode(ids))
                out.append(Conjecture(iteration, str(s["dataset"]), str(s["id"]), text, prompt=prompts[i]))
    return out


def lean_filter(candidates: Sequence[Conjecture], servers: Sequence[str],
                concurrency: int) -> list[Conjecture]:
    """Filters 4–5 over the servers' slots; the survivors in order."""
    from lean_io.errors import LeanInfraError
    from lean_io.pool import SlotPool

    def one(c: Conjecture) -> bool:
        try:
            return bool(pool.run(lambda process: lean_screen(c, process)))
        except LeanInfraError as exc:
            c.reject("ill_formed", f"not checked: lean infrastructure: {exc}")
            return False

    with SlotPool(list(servers)) as pool:
        width = max(1, min(concurrency, pool.total_slots or 1, len(candidates) or 1))
        with ThreadPoolExecutor(max_workers=width, thread_name_prefix="conjecture") as ex:
            keep = list(ex.map(one, candidates))
    return [c for c, ok in zip(candidates, keep, strict=True) if ok]


def judge_in_rounds(survivors: Sequence[Conjecture], prover: Any, servers: Sequence[str], profile: Profile,
                    seed: int, on_progress: Callable[[str], None] | None = None) -> dict[str, int]:
    """Filter 6 with sequential sampling: rounds of ``prover_round`` whole-proof samples over the
    conjectures still undecided (``band_decided``), up to ``prover_samples`` each; judges every survivor in
    place. Returns the prover's counts: samples, rounds, lean_calls, tokens."""
    cfg, wp = profile.conjecture, profile.whole_proof
    band = (cfg.min_rate, cfg.max_rate)
    tally = {c.id: [0, 0, None] for c in survivors}  # samples, successes, shortest proof
    active, stats = list(survivors), {"samples": 0, "rounds": 0, "lean_calls": 0, "tokens": 0}
    while active:
        n = min(cfg.prover_round, min(cfg.prover_samples - tally[c.id][0] for c in active))
        rows = [{"dataset": "conjecture", "id": c.id, "header": "", "statement": c.statement} for c in active]
        attempts, _ = prove_whole(rows, prover, servers, n, seed=seed + 7919 * stats["rounds"],
                                  batch_size=wp.batch_size, concurrency=profile.search.concurrency)
        stats["rounds"] += 1
        still = []
        for c, a in zip(active, attempts, strict=True):
            t = tally[c.id]
            t[0], t[1] = t[0] + a.samples, t[1] + a.correct
            if a.proof is not None and (t[2] is None or len(a.proof) < len(t[2])):
                t[2] = a.proof
            stats["samples"] += a.samples
            stats["lean_calls"] += a.lean_calls
            stats["tokens"] += a.tokens
            if band_decided(t[1], t[0], cfg.prover_samples, band, cfg.too_hard_after):
                judge(c, t[0], t[1], t[2], band)
            else:
                still.append(c)
        active = still
        if on_progress is not None:
            done = len(survivors) - len(active)
            on_progress(f"prover round {stats['rounds']}: {done}/{len(survivors)} judged, "
                        f"{sum(c.status == ACCEPTED for c in survivors)} accepted")
    return stats


@dataclasses.dataclass
class IterationResult:
    conjectures: list[Conjecture]
    seeds: int
    seconds: float
    path: Path
    phases: dict[str, float] = dataclasses.field(default_factory=dict)  # seconds per phase
    prover: dict[str, int] = dataclasses.field(default_factory=dict)  # judge_in_rounds' counts

    @property
    def accepted(self) -> list[Conjecture]:
        return [c for c in self.conjectures if c.status == ACCEPTED]

    def reasons(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for c in self.conjectures:
            name = c.reason or ACCEPTED
            counts[name] = counts.get(name, 0) + 1
        return counts


@dataclasses.dataclass(frozen=True)
class ConjectureRound:
    """One iteration's conjecturing: its seeds, what a conjecture must not repeat, where the shard goes."""

    root: str | Path  # the artifact root the shard is written under
    iteration: int  # the RL iteration k
    seeds: Sequence[Mapping[str, Any]]  # proven theorems with their proofs
    known_statements: Iterable[str]  # shipped statements and the RL pool: a repeat is a duplicate
    eval_statements: Iterable[str]  # benchmark statements: a repeat is an eval leak


def run_iteration(
    work: ConjectureRound,
    *,
    checkpoint: str | Path,
    tokenizer_path: str | Path,
    profile: Profile,
    servers: Sequence[str],
    seed: int = 0,
    on_progress: Callable[[str], None] | None = None,
) -> IterationResult:
    """Propose, filter and judge conjectures from ``work.seeds`` with the model at ``checkpoint``; writes
    the iteration's shard (replacing it) and returns every conjecture with its fate."""
    from models.runtime import device_for, set_cpu_threads
    from models.sampler import Sampler, SamplingSettings
    from models.tokenizer import ProofTokenizer
    from registry.checkpoint import load_checkpoint
    from search.batch import lean_servers

    root, iteration, seeds = work.root, work.iteration, work.seeds
    cfg, t0 = profile.conjecture, time.monotonic()
    phases: dict[str, float] = {}
    set_cpu_threads(profile.compute)
    tok = ProofTokenizer.load(tokenizer_path)
    model, _ = load_checkpoint(str(checkpoint), tok, map_location=device_for(profile.compute.accelerator))
    writer = Sampler(model, tok, SamplingSettings(max_new_tokens=cfg.max_new_tokens,
                                                  temperature=cfg.temperature), seed=seed)
    conjectures = propose(seeds, writer, cfg.per_seed, iteration, seed)
    phases["propose_s"] = time.monotonic() - t0
    known = {canonical_key(s) for s in work.known_statements}
    known |= {r["key"] for r in read_shards(root, earlier_iterations(root, iteration)) if r["key"]}
    survivors = screen(conjectures, known, {canonical_key(s) for s in work.eval_statements})
    say = on_progress or (lambda _: None)
    say(f"{len(conjectures)} sampled from {len(seeds)} seeds, {len(survivors)} parse and are new")
    prover_stats: dict[str, int] = {}
    with lean_servers(servers, profile.lean) as urls:
        t1 = time.monotonic()
        survivors = lean_filter(survivors, urls, profile.search.concurrency)
        phases["lean_filter_s"] = time.monotonic() - t1
        say(f"{len(survivors)} elaborate and are not trivial: to the prover")
        if survivors:
            t2 = time.monotonic()
            sampling = SamplingSettings(max_new_tokens=cfg.prover_max_new_tokens,
                                        temperature=profile.whole_proof.temperature)
            prover = Sampler(model, tok, sampling, seed=seed)
            prover_stats = judge_in_rounds(survivors, prover, urls, profile, seed + iteration, on_progress)
            phases["prove_s"] = time.monotonic() - t2
    path = write_shard(root, iteration, conjectures)
    phases = {k: round(v, 1) for k, v in phases.items()}
    return IterationResult(conjectures, len(seeds), time.monotonic() - t0, path, phases, prover_stats)


def metrics(result: IterationResult) -> dict[str, float]:
    """Per-iteration numbers of a conjecturing run (MLflow metrics, step = iteration): counts of sampled,
    accepted and each rejection reason (0 when none), seconds per phase, prover samples."""
    from stp.conjecture import REASONS

    reasons = result.reasons()
    out: dict[str, float] = {"conjectures_seeds": result.seeds,
                             "conjectures_sampled": len(result.conjectures),
                             "conjectures_accepted": len(result.accepted),
                             "conjectures_seconds": round(result.seconds, 1)}
    out |= {f"conjectures_rejected_{r}": reasons.get(r, 0) for r in REASONS}
    out |= {f"conjectures_{k}": v for k, v in result.phases.items()}
    out |= {f"conjectures_prover_{k}": v for k, v in result.prover.items()}
    return out


def log_to_mlflow(checkpoint: str | Path, iteration: int, result: IterationResult, tracking_uri: str) -> str:
    """``metrics(result)`` (step = iteration) and the shard on the MLflow run that registered
    ``checkpoint`` (policy[k]); returns what happened. Never raises: a tracking outage must not fail it."""
    from registry import registry
    from registry.registration import read_registered, registered_file

    record = read_registered(checkpoint)
    if record is None:
        return f"not logged: {registered_file(checkpoint)} is missing (the checkpoint is not registered)"
    try:
        client = registry.client(tracking_uri)
        run_id = str(record["run_id"])
        for name, value in metrics(result).items():
            client.log_metric(run_id, name, float(value), step=int(iteration))
        client.log_artifact(run_id, str(result.path), artifact_path="conjectures")
    except Exception as exc:  # a tracking outage must not fail the asset
        return f"not logged: {type(exc).__name__}: {exc}"
    return f"logged to run {run_id}"


def reference_statements() -> tuple[list[str], list[str]]:
    """(known, eval) statements offline: minilean's shipped sets, minilean_comp and MiniF2F (every split)
    are known; minilean valid/test, minilean_comp valid and MiniF2F valid/test are eval statements."""
    from minilean import minif2f
    from minilean.gen_comp import load_comp
    from minilean.theorems import load_theorems

    shipped = load_theorems() + load_comp()
    f2f = [r for split in ("valid", "test") for r in minif2f.load(split)]
    evals = [r["statement"] for r in shipped if r["split"] != "train"] + [r["statement"] for r in f2f]
    return [r["statement"] for r in shipped + f2f], evals
