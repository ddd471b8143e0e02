"""Shared pieces of the benchmarks: machine facts, timing, CPU accounting, realistic prompts, results.

Every benchmark compares against a baseline measured in the same run (machines are noisy; this one is
shared), so results carry ratios and a met/missed verdict against a target, never absolute-time claims.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lean_io.goals import Goal, render_state
from minilean.theorems import leantree_export_path

REPO_ROOT = Path(__file__).resolve().parent.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------------------------------ machine
def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def git_commit() -> str:
    """HEAD's short hash, with ``+dirty`` when the work tree has uncommitted changes."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO_ROOT, capture_output=True,
                              text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO_ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def machine_info() -> dict[str, Any]:
    import torch

    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "cores_usable": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count(),
        "torch": torch.__version__,
        "torch_threads": torch.get_num_threads(),
        "cuda": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "commit": git_commit(),
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "loadavg_1m": round(load[0], 2),
    }


# ------------------------------------------------------------------------------------------- timing
@dataclass
class Timing:
    median: float
    min: float
    runs: list[float]


def time_call(fn: Callable[[], Any], *, warmup: int = 1, repeats: int = 3) -> Timing:
    """Median (and min) wall seconds of ``fn()`` over ``repeats`` runs after ``warmup`` untimed runs."""
    for _ in range(warmup):
        fn()
    runs = []
    for _ in range(max(1, repeats)):
        t0 = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t0)
    return Timing(statistics.median(runs), min(runs), runs)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


# ----------------------------------------------------------------------------------- CPU accounting
def process_cpu_seconds(pid: int) -> float:
    """user + system CPU seconds of a process (all its threads) from /proc; 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime (fields 14, 15 of stat)


def machine_cpu_seconds() -> tuple[float, float]:
    """(busy, total) CPU seconds summed over all cores since boot, from /proc/stat."""
    parts = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = parts[3] + (parts[4] if len(parts) > 4 else 0)  # idle + iowait
    total = sum(parts[:8])  # user nice system idle iowait irq softirq steal (guest is inside user)
    return (total - idle) / CLK_TCK, total / CLK_TCK


@dataclass
class CpuWindow:
    """CPU used by given processes and by the whole machine over a window of wall time."""

    wall: float = 0.0
    by_pid: dict[int, float] = field(default_factory=dict)
    machine_busy: float = 0.0
    machine_total: float = 0.0

    @property
    def machine_utilization(self) -> float:
        """Fraction of all cores busy (any process, ours or not)."""
        if not self.machine_total:
            return float("nan")
        return min(1.0, self.machine_busy / self.machine_total)  # tick counts: float sums may overshoot


@contextlib.contextmanager
def cpu_window(pids: list[int]) -> Iterator[CpuWindow]:
    """CPU seconds of ``pids`` and of the machine over the ``with`` block (filled in on exit)."""
    result = CpuWindow()
    t0 = time.perf_counter()
    cpu0 = {p: process_cpu_seconds(p) for p in pids}
    m0 = machine_cpu_seconds()
    try:
        yield result
    finally:
        m1 = machine_cpu_seconds()
        result.wall = time.perf_counter() - t0
        result.by_pid = {p: process_cpu_seconds(p) - c for p, c in cpu0.items()}
        result.machine_busy = m1[0] - m0[0]
        result.machine_total = m1[1] - m0[1]


# ------------------------------------------------------------------------------- realistic prompts
@cache
def _leantree_transitions() -> tuple[tuple[str, str], ...]:
    """(state text, tactic) of every node of minilean's LeanTree export (protocol doc §3)."""
    out: list[tuple[str, str]] = []
    with open(leantree_export_path(), encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            for theorem in json.loads(line).get("theorems", []):
                for block in theorem.get("by_blocks", []):
                    for node in (block.get("tree") or {}).get("nodes", []):
                        goals = [Goal.from_json(g) for g in node["state"]["goals"]]
                        tactic = (node.get("tactic") or {}).get("tactic_string")
                        if goals and tactic:
                            out.append((render_state(goals), tactic))
    if not out:
        raise RuntimeError(f"no proof states in {leantree_export_path()}")
    return tuple(out)


def proof_states(n: int) -> list[str]:
    """``n`` realistic proof-state prompts (minilean train proofs rendered like LeanTree), cycled."""
    states = [s for s, _ in _leantree_transitions()]
    return [states[i % len(states)] for i in range(n)]


def tactic_corpus() -> list[str]:
    """States and tactics, for training a tokenizer that fits the prompts."""
    return [text for pair in _leantree_transitions() for text in pair]


# ------------------------------------------------------------------------------------------ results
@dataclass
class BenchResult:
    """One benchmark's outcome: a table, the headline ratio against its target, and what explains it."""

    name: str
    title: str
    target: str  # e.g. "cached/naive tokens/s at batch 32 >= 10x"
    columns: list[str]
    rows: list[list[Any]]
    ratio: float | None = None  # the headline number compared with the target
    met: bool | None = None  # None: not measured
    summary: str = ""  # one line: "12.3x (target >= 10x)"
    notes: list[str] = field(default_factory=list)  # measured causes, caveats, setup
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> BenchResult:
        return cls(**d)


def fmt(x: Any, digits: int = 3) -> str:
    """Numbers with ``digits`` significant digits (no exponent for ordinary sizes), others as str."""
    if isinstance(x, bool) or x is None:
        return "-" if x is None else str(x)
    if isinstance(x, int):
        return f"{x:,}"
    if isinstance(x, float):
        if x != x:  # nan
            return "n/a"
        if x == 0:
            return "0"
        if abs(x) >= 10 ** digits:
            return f"{x:,.0f}"
        return f"{x:.{digits}g}" if abs(x) >= 1e-3 else f"{x:.2e}"
    return str(x)


def log(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)
