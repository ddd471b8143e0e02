"""`python -m search.cli prove`: search for a proof of one theorem and print it with search statistics.

    python -m search.cli prove --id mini_and_comm --policy uniform --simulations 64
    python -m search.cli prove --statement "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q" \\
        --checkpoint models:/proofmill@sft --servers 10.0.0.5:8000

Without --servers (or $PROOFMILL_LEAN_SERVERS) a minilean server is started on loopback for the run.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core import data_files
from core.cli import OneLineParser, nonnegative_int, positive_float, positive_int, run_cli, server_address
from core.paths import default_home, servers_from_env
from core.profiles import LeanSettings
from lean_io.errors import STATEMENT, STATEMENT_PREFIXES, error_category
from models.sampler import SamplingSettings
from search.batch import lean_servers, prove_batch
from search.config import SearchConfig
from search.policy import Policy, SamplerPolicy, UniformRandomPolicy
from search.prover import ERROR, PROVEN

LOCAL_LEAN = LeanSettings(minilean_servers=1, minilean_max_processes=2)  # one theorem: one small server


def complete_statement(text: str) -> str:
    """Accept a statement with or without its `:= by sorry` tail."""
    body = text.strip()
    if body.endswith("sorry"):
        return body
    if body.endswith(":= by"):
        return body + "\n  sorry"
    return body + " := by\n  sorry"


def find_theorem(theorem_id: str, benchmarks: Path | None) -> dict[str, Any]:
    """A theorem row by id: the minilean sets first, then a statements parquet (benchmarks)."""
    from minilean.theorems import load_theorems

    for row in load_theorems():
        if row["id"] == theorem_id:
            return row
    if benchmarks is not None and benchmarks.is_file():

        for row in data_files.read_table(benchmarks).to_pylist():
            if row["id"] == theorem_id:
                return row
    raise LookupError(f"no theorem with id {theorem_id!r} in the minilean sets or {benchmarks}")


def _policy(args: argparse.Namespace) -> Policy:
    if args.policy == "uniform" or (args.policy is None and not args.checkpoint):
        return UniformRandomPolicy(num_samples=args.samples, seed=args.seed)
    checkpoint = args.checkpoint or "models:/proofmill@sft"
    tokenizer = args.tokenizer or default_home() / "tokenizer" / "tokenizer.json"
    return SamplerPolicy.from_checkpoint(checkpoint, tokenizer, SamplingSettings(num_samples=args.samples),
                                         seed=args.seed, device=args.device)


def cmd_prove(args: argparse.Namespace) -> int:
    if args.statement:
        theorem = {"dataset": "cli", "id": "cli", "header": args.header or "",
                   "statement": complete_statement(args.statement)}
    else:
        theorem = find_theorem(args.id, Path(args.benchmarks) if args.benchmarks else
                               default_home() / "corpora" / "benchmark_statements.parquet")
    config = SearchConfig(
        num_simulations=args.simulations, time_budget_s=args.time_budget, num_samples=args.samples,
        synthetic_candidates=tuple(args.synthetic), tactic_timeout_ms=args.tactic_timeout_ms, seed=args.seed,
    )
    with lean_servers(args.servers or servers_from_env(), LOCAL_LEAN) as urls:
        result = prove_batch([theorem], urls, _policy(args), config, concurrency=1)
    attempt, batch_stats, lean_metrics = result.attempts[0], result.stats["batching"], result.stats["lean"]
    if (why := refused_statement(attempt.outcome, attempt.error)) is not None:
        raise ValueError(f"Lean refused the statement of {theorem['id']!r}: {why}")
    stats = attempt.stats
    report = {
        "theorem": theorem["id"], "outcome": attempt.outcome, "error": attempt.error,
        "simulations": attempt.simulations, "solved_at_simulation": attempt.solved_at_simulation,
        "nodes": stats.get("nodes"), "expansions": stats.get("expansions"),
        "seconds": round(attempt.seconds, 3), "lean_calls": stats.get("lean_calls"),
        "tactic_errors": stats.get("tactic_errors"), "cycles": stats.get("cycles"),
        "policy_calls": stats.get("policy_calls"), "batching": batch_stats,
        "lean_latency_ms": lean_metrics.get("latency_ms"),
    }
    if args.json:
        print(json.dumps({**report, "proof": attempt.proof}, indent=2, default=str, ensure_ascii=False))
    else:
        print(theorem["statement"].rstrip().removesuffix("sorry").rstrip())
        print("\n".join("  " + line for line in (attempt.proof or "").split("\n")) if attempt.proof
              else f"  -- {attempt.outcome}: {attempt.error or 'no proof within the budget'}")
        print()
        for key, value in report.items():
            print(f"{key:>22}: {value}")
    return 0 if attempt.outcome == PROVEN else 2 if attempt.outcome == ERROR else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m search.cli", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    p = sub.add_parser("prove", help="search for a proof of one theorem")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--statement", help="theorem text (the `:= by sorry` tail is optional)")
    which.add_argument("--id", help="theorem id in the minilean sets or the benchmarks parquet")
    p.add_argument("--header", default="", help="lines before the statement (opens), with --statement")
    p.add_argument("--benchmarks", help="statements parquet to look --id up in "
                   "(default $PROOFMILL_HOME/corpora/benchmark_statements.parquet)")
    p.add_argument("--servers", nargs="*", type=server_address, default=[],
                   help="host:port of LeanTree servers")
    p.add_argument("--checkpoint", help="checkpoint file or models:/proofmill@sft")
    p.add_argument("--tokenizer", help="tokenizer.json (default $PROOFMILL_HOME/tokenizer/tokenizer.json)")
    p.add_argument("--policy", choices=["uniform", "model"],
                   help="default: model if --checkpoint else uniform")
    p.add_argument("--simulations", type=positive_int, default=64)
    p.add_argument("--time-budget", type=positive_float, default=60.0, help="seconds")
    p.add_argument("--samples", type=positive_int, default=6, help="tactics sampled per expansion")
    p.add_argument("--synthetic", nargs="*", default=[], help="tactics tried at every expansion (e.g. omega)")
    p.add_argument("--tactic-timeout-ms", type=positive_int, default=1000)
    p.add_argument("--device", default="cpu")
    p.add_argument("--seed", type=nonnegative_int, default=0)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    for name in ("benchmarks", "tokenizer"):  # named files must exist (checked before any server starts)
        value = getattr(args, name)
        if value and not Path(value).is_file():
            parser.error(f"--{name}: no such file: {value}")
    if args.checkpoint and not args.checkpoint.startswith("models:/") and not Path(args.checkpoint).is_file():
        parser.error(f"--checkpoint: no such file: {args.checkpoint}")
    if args.statement is not None and not args.statement.strip():
        parser.error("--statement is empty")
    if args.device != "cpu" and not re.fullmatch(r"cuda(:\d+)?|mps", args.device):
        parser.error(f"--device: {args.device!r} is not cpu, cuda, cuda:N or mps")
    return run_cli("search.cli", lambda: _checked_prove(args), args.verbose)


def _checked_prove(args: argparse.Namespace) -> int:
    from core.env_check import check_environment

    check_environment()  # $PROOFMILL_LEAN_SERVERS and friends, refused before any server starts
    return cmd_prove(args)


def refused_statement(outcome: str, error: str | None) -> str | None:
    """Lean's own words when it refused to start a proof of the statement (it does not parse, does not
    elaborate, or has no goal), else None: that is bad input, reported in one line, not a search outcome."""
    if error_category(outcome, error) != STATEMENT:
        return None
    detail = str(error)
    for prefix in STATEMENT_PREFIXES:
        detail = detail.removeprefix(prefix)
    detail = detail.strip() or str(error)
    start = detail.find("[")
    if start >= 0:
        try:
            messages = json.loads(detail[start:])
            detail = "; ".join(str(m.get("data", m)) for m in messages if isinstance(m, dict)) or detail
        except ValueError:
            pass
    return detail.splitlines()[0]


if __name__ == "__main__":
    sys.exit(main())
