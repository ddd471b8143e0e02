"""`proofmill results`: write docs/RESULTS.md, and the headline block of README.md, from a run's records.

Every number comes from what the last `proofmill run` left behind, never from a hand-typed table:
- the Dagster instance: the runs that `proofmill run` launched (tags ``proofmill/launched_by=cli``,
  ``proofmill/profile``, ``proofmill/commit``), their wall times and statuses;
- the eval reports under ``<home>/eval/`` (``sft``: SFT vs uniform-random; ``rl/iteration=K``: policy[K]
  vs SFT, same search settings): success rates with 95 % bootstrap intervals over theorems and the
  paired difference to SFT (``evals.learning_curve``);
- the automation baseline on MiniF2F-lite (each automation tactic alone at the root), recomputed by
  minilean since it depends on minilean alone.
"""

from __future__ import annotations

import dataclasses
import os
import platform
import re
import subprocess
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from core.atomic import atomic_write_text
from core.paths import REPO_ROOT

BEGIN = "<!-- results:begin (written by `proofmill results`; do not edit by hand) -->"
END = "<!-- results:end -->"
DATASET_NAMES = {"minilean": "minilean valid", "minif2f_lite": "MiniF2F-lite valid"}
LITE = "minif2f_lite"


@dataclasses.dataclass(frozen=True)
class RunRecord:
    job: str
    partition: str | None
    status: str
    seconds: float


@dataclasses.dataclass(frozen=True)
class Session:
    """The runs of the last `proofmill run`: from its foundation run (or first RL run) to its last run."""
    profile: str
    commit: str
    started: datetime
    wall_seconds: float
    runs: list[RunRecord]


def commit_of_tree() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO_ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO_ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{head}+dirty" if dirty else head


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        names = re.findall(r"^model name\s*:\s*(.+)$", Path("/proc/cpuinfo").read_text(), re.M)
        cpu = names[0] if names else cpu
    except OSError:
        pass
    return f"{os.cpu_count()} CPU cores ({cpu}), {platform.system()} {platform.release()}"


def last_session(instance: Any) -> Session | None:
    """The runs of the newest `proofmill run` session in ``instance`` (``None`` if it has none)."""
    import dagster as dg

    records = instance.get_run_records(dg.RunsFilter(tags={"proofmill/launched_by": "cli"}), limit=200)
    records = [r for r in records if r.start_time is not None]
    if not records:
        return None
    records.sort(key=lambda r: r.start_time)
    # a session starts at its newest foundation run when it had one, else at the newest run
    foundations = [i for i, r in enumerate(records) if r.dagster_run.job_name == "foundation"]
    first = foundations[-1] if foundations else len(records) - 1
    session = records[first:]
    head = session[0].dagster_run.tags
    start = session[0].start_time
    ends = [r.end_time or r.start_time for r in session]
    runs = [RunRecord(r.dagster_run.job_name, r.dagster_run.tags.get("dagster/partition"),
                      r.dagster_run.status.value, end - r.start_time)
            for r, end in zip(session, ends, strict=True)]
    return Session(head.get("proofmill/profile", "unknown"), head.get("proofmill/commit", "unknown"),
                   datetime.fromtimestamp(start, UTC), max(ends) - start, runs)


@dataclasses.dataclass(frozen=True)
class Row:
    policy: str
    proven: int
    total: int
    rate: str
    delta: str
    multi_step: int | None = None  # proofs of two tactic steps or more


def multi_step_proofs(report_dir: Path, run: str, dataset: str) -> int | None:
    """How many of ``run``'s proofs on ``dataset`` in one report take two steps or more."""
    import pyarrow.parquet as pq

    path = report_dir / "theorems.parquet"
    if not path.is_file():
        return None
    rows = pq.read_table(path, columns=["run", "dataset", "outcome", "proof"]).to_pylist()
    return sum(1 for r in rows if r["run"] == run and r["dataset"] == dataset and r["outcome"] == "proven"
               and len([line for line in (r["proof"] or "").splitlines() if line.strip()]) >= 2)


def eval_rows(eval_root: Path, dataset: str) -> list[Row]:
    """Uniform-random, SFT and every evaluated RL policy on ``dataset``'s theorems."""
    from evals import learning_curve as lc

    rows: list[Row] = []

    def count(interval: Any) -> tuple[int, int]:
        return round(interval.mean * interval.n), interval.n

    refs = lc.reference_rates(eval_root, dataset=dataset)
    if lc.UNIFORM_RUN in refs:
        uniform = refs[lc.UNIFORM_RUN]
        rows.append(Row("uniform-random tactics", *count(uniform), str(uniform), "-",
                        multi_step_proofs(eval_root / "sft", lc.UNIFORM_RUN, dataset)))
    points = lc.rl_points(eval_root, dataset=dataset)
    sft = next((p.rate for p in points if p.iteration == 0), refs.get(lc.SFT_RUN))
    if sft is not None:
        sft_steps = multi_step_proofs(eval_root / "sft", lc.SFT_RUN, dataset)
        rows.append(Row("SFT", *count(sft), str(sft), "-", sft_steps))
    for p in points:
        if p.iteration == 0:
            continue
        d = p.delta_vs_sft
        delta = f"{100 * d.mean:+.1f} [{100 * d.low:+.1f}, {100 * d.high:+.1f}]" if d else "-"
        report = eval_root / "rl" / f"iteration={p.iteration}"
        rows.append(Row(f"RL policy after iteration {p.iteration}", *count(p.rate), str(p.rate), delta,
                        multi_step_proofs(report, p.run, dataset)))
    return rows


def automation_row(report_dir: Path, split: str = "valid") -> Row:
    """Each automation tactic alone at the root, on the MiniF2F-lite theorems the eval report holds."""
    import pyarrow.parquet as pq

    from minilean.baseline import TACTICS, root_state
    from minilean.engine import TacticError, apply_tactic
    from minilean.minif2f import load

    rows = pq.read_table(report_dir / "theorems.parquet", columns=["run", "dataset", "id"]).to_pylist()
    ids = {r["id"] for r in rows if r["dataset"] == LITE}
    proved = 0
    for r in (r for r in load(split) if r["id"] in ids):
        try:
            state = root_state(r["statement"])
        except ValueError:
            continue  # not statable by this minilean: not proved
        for tac in TACTICS:
            try:
                if apply_tactic(state, tac, timeout_ms=2000) == []:
                    proved += 1
                    break
            except TacticError:
                pass
    rate = f"{100 * proved / len(ids):.1f} %" if ids else "-"
    return Row("automation alone (" + " / ".join(TACTICS) + ")", proved, len(ids), rate, "-")


def _table(rows: Sequence[Row]) -> list[str]:
    out = ["| policy | proven / theorems | success (95 % CI) | Δ vs SFT, points (paired 95 % CI) "
           "| proofs of ≥ 2 steps |", "|---|---|---|---|---|"]
    out += [f"| {r.policy} | {r.proven} / {r.total} | {r.rate} | {r.delta} | "
            f"{'-' if r.multi_step is None else r.multi_step} |" for r in rows]
    return out


def _minutes(seconds: float) -> str:
    return f"{seconds:.0f} s ({seconds / 60:.1f} min)"


def render(session: Session | None, tables: dict[str, list[Row]], budget: str, generated_by: str) -> str:
    lines = ["# Results", "",
             f"Written by `{generated_by}` from the last run's Dagster records and eval reports; "
             "do not edit.",
             ""]
    if session is not None:
        lines += [f"- **Run**: profile `{session.profile}`, commit `{session.commit}`, started "
                  f"{session.started:%Y-%m-%d %H:%M} UTC, {_minutes(session.wall_seconds)} from its first "
                  "Dagster run's start to its last run's end",
                  f"- **Machine**: {machine()}",
                  f"- **Eval budget**: {budget}", ""]
        lines += ["| run | partition | status | seconds |", "|---|---|---|---|"]
        lines += [f"| {r.job} | {r.partition or '-'} | {r.status} | {r.seconds:.0f} |" for r in session.runs]
        lines.append("")
    for dataset, rows in tables.items():
        lines += [f"## {DATASET_NAMES.get(dataset, dataset)}", "", *_table(rows), ""]
    lines += ["Intervals: 95 % percentile bootstrap over the eval set's theorems; Δ is paired (the same "
              "theorems, the same search settings). MiniF2F-lite is the part of MiniF2F's valid split that "
              "minilean can state with Lean's meaning; numbers against minilean say nothing about MiniF2F "
              "under real Lean and Mathlib."]
    return "\n".join(lines) + "\n"


def headline(session: Session | None, tables: dict[str, list[Row]]) -> str:
    """The README block: one table, policies × eval sets, and the run it came from."""
    sets = list(tables)
    policies: list[str] = []
    for rows in tables.values():
        policies += [r.policy for r in rows if r.policy not in policies]
    by = {(d, r.policy): r for d, rows in tables.items() for r in rows}
    out = [BEGIN, ""]
    if session is not None:
        out += [f"Measured by `make run` (profile `{session.profile}`, commit `{session.commit}`, "
                f"{session.started:%Y-%m-%d}, {machine()}): {_minutes(session.wall_seconds)} of "
                "Dagster runs.",
                ""]
    out += ["| policy | " + " | ".join(DATASET_NAMES.get(d, d) for d in sets) + " |",
            "|---" * (len(sets) + 1) + "|"]
    for p in policies:
        cells = []
        for d in sets:
            r = by.get((d, p))
            cells.append("-" if r is None else f"{r.proven} / {r.total} ({r.rate.split(' [')[0]})"
                         + (f", Δ {r.delta.split(' [')[0]}" if r.delta != "-" else ""))
        out.append(f"| {p} | " + " | ".join(cells) + " |")
    out += ["", "Spreads, per-run times and every evaluated iteration: [docs/RESULTS.md](docs/RESULTS.md).",
            "", END]
    return "\n".join(out)


def replace_block(text: str, block: str) -> str:
    """``text`` with its results block replaced by ``block``; a text without markers is refused."""
    i, j = text.find(BEGIN), text.find(END)
    if i < 0 or j < i:
        raise ValueError(f"no results block ({BEGIN!r} … {END!r}) to replace")
    return text[:i] + block + text[j + len(END):]


def write(home: Path, out: Path, readme: Path | None, instance: Any, settings: Any) -> str:
    """Collect, render, write atomically. Returns a one-line summary."""
    session = last_session(instance)
    eval_root = home / "eval"
    if not (eval_root / "sft").is_dir():
        raise FileNotFoundError(f"no eval report under {eval_root}: run `make run` first")
    tables = {d: eval_rows(eval_root, d) for d in settings.eval_benchmarks}
    if LITE in tables:
        rows = tables[LITE]
        tables[LITE] = [*rows[:1], automation_row(eval_root / "sft", settings.eval_split), *rows[1:]]
    budget = f"{settings.search.num_simulations} simulations per theorem, {settings.eval_split} split"
    atomic_write_text(out, render(session, tables, budget, "proofmill results"))
    if readme is not None:
        atomic_write_text(readme, replace_block(readme.read_text(), headline(session, tables)))
    wall = f", run {session.wall_seconds:.0f} s" if session else ""
    return f"wrote {out}" + (f" and the results block of {readme}" if readme else "") + wall
