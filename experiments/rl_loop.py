"""RL experiment driver: the RL loop of the `rl` assets in one process, for fast A/B experiments.

    .venv/bin/python -m experiments.rl_loop --out artifacts/experiments/E1 --iterations 6 [options]

It reads what the foundation job made (SFT checkpoint, tokenizer, SFT transitions, benchmark statements:
run `make run` or the `foundation` job first) and runs, per iteration k: the matchmaker over the RL pool
(minilean train + optionally fresh generated statements, `rl.frontier`), rollouts of policy[k-1] on
minilean servers, the replay (FIFO of transitions, `rl.update`), a policy update
(`training.train.run_stage("rl")`, optionally carrying the optimizer state), and every `--eval-every`
iterations an eval on the fixed minilean `valid` split at a fixed search budget with a bootstrap spread
and a paired difference against SFT (`evals.spread`). One JSON line per iteration goes to
`<out>/log.jsonl`; results of docs/RL_EXPERIMENTS.md come from these logs.

No Dagster, no MLflow: the pipeline assets use the same library functions; this only removes the
per-step orchestration overhead so a 2-core machine can afford several arms.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq


def _statements(path: Path, split: str) -> list[dict[str, Any]]:
    rows = pq.read_table(path, columns=["dataset", "id", "split", "header", "statement"]).to_pylist()
    return sorted((r for r in rows if r["split"] == split), key=lambda r: (r["dataset"], r["id"]))


def _prove(theorems: list[dict], checkpoint: Path, tokenizer: Path, search: Any, servers: list[str],
           seed: int, concurrency: int, temperature: float = 1.0) -> list[Any]:
    from lean_io.pool import SlotPool
    from search.batching import BatchingPolicy
    from search.policy import SamplerPolicy
    from search.runner import prove_many

    policy = SamplerPolicy.from_checkpoint(checkpoint, tokenizer, num_samples=search.num_samples,
                                           max_new_tokens=24, device="cpu", seed=seed,
                                           temperature=temperature)
    pool = SlotPool(servers)
    try:
        conc = max(1, min(concurrency, pool.total_slots or 1, len(theorems)))
        with BatchingPolicy(policy, max_batch=conc) as batched:
            return prove_many(theorems, pool, batched, search, conc, model_version=str(checkpoint))
    finally:
        pool.close()


def _family(statement: str) -> str:
    """prop / arith / mixed, read off the binders (the generator's three families)."""
    has_prop, has_num = ": Prop)" in statement, "ℕ" in statement or "ℤ" in statement
    return "mixed" if has_prop and has_num else "arith" if has_num else "prop"


def _eval(valid: list[dict], checkpoint: Path, tokenizer: Path, search: Any, servers: list[str],
          concurrency: int) -> list[bool]:
    attempts = _prove(valid, checkpoint, tokenizer, search, servers, seed=0, concurrency=concurrency)
    return [a.outcome == "proven" for a in attempts]


def _hard_value_rows(rows: list[dict], proven: list[Any], tokenizer: Any, depth: int, limit: int,
                     seed: int, seq_len: int) -> list[Any]:
    """Up to ``limit`` value-only rows (target ``depth``) for unproven states, sampled with ``seed``,
    minus any state a replayed proof passes through (a state proven somewhere keeps its depth target)."""
    import random

    from training.data import SFTRow

    solved = {t.state for t in proven}
    states = [s for s in dict.fromkeys(r["state"] for r in rows) if s not in solved]
    random.Random(seed).shuffle(states)
    out = []
    for state in states[:limit]:
        ids, mask = tokenizer.value_row(state, depth)
        if len(ids) <= seq_len + 1:  # as encode_transition: a row is seq_len inputs + 1 target
            out.append(SFTRow(list(ids), list(mask), True))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--home", type=Path, default=None, help="artifact root (default: PROOFMILL_HOME)")
    ap.add_argument("--iterations", type=int, default=6)
    ap.add_argument("--theorems", type=int, default=48, help="rollout theorems per iteration")
    ap.add_argument("--base-pool", choices=["train", "none"], default="train")
    ap.add_argument("--frontier", type=int, default=0, help="fresh generated statements per iteration")
    ap.add_argument("--levels", default="1,2,3,4")
    ap.add_argument("--families", default="0.7,0.15,0.15", help="weights of prop, arith, mixed")
    ap.add_argument("--classical", type=float, default=0.0,
                    help="least share of propositional frontier statements that need by_cases")
    ap.add_argument("--base-sims", type=int, default=32)
    ap.add_argument("--max-sims", type=int, default=256)
    ap.add_argument("--trust-proved", type=int, default=6,
                    help="proven outcomes after which a theorem is left alone (trust_count_proved)")
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--warmdown", type=float, default=0.5)
    ap.add_argument("--value-weight", type=float, default=0.1)
    ap.add_argument("--fraction-sft", type=float, default=0.3)
    ap.add_argument("--capacity", type=int, default=0, help="replay FIFO capacity (0: window of 3 iters)")
    ap.add_argument("--carry-optimizer", action="store_true")
    ap.add_argument("--negatives", type=float, default=0.0, help="rejected pairs per positive transition")
    ap.add_argument("--ul-weight", type=float, default=0.5, help="unlikelihood weight of rejected tactics")
    ap.add_argument("--hard-visits", type=int, default=0,
                    help="critic targets for unproven states visited this often (0: proof path only)")
    ap.add_argument("--hard-fraction", type=float, default=0.25,
                    help="critic rows for unproven states per mixed transition (at most)")
    ap.add_argument("--hard-depth", type=int, default=64, help="the depth bin an unproven state is taught")
    ap.add_argument("--hard-dead", action="store_true",
                    help="of those states, only dead ends (every proposed tactic failed or died)")
    ap.add_argument("--hard-proven-only", action="store_true",
                    help="take those states from proven searches only (in failed ones the unproven "
                         "states are mostly provable ones the policy did not finish)")
    ap.add_argument("--eval-every", type=int, default=3)
    ap.add_argument("--eval-sims", type=int, default=64)
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kl-weight", type=float, default=0.0, help="KL(SFT || policy) weight in the update")
    ap.add_argument("--eval-dataset", default="minilean", help="benchmark dataset of the fixed eval set")
    ap.add_argument("--init", choices=["previous", "sft"], default="previous",
                    help="each update starts from the previous policy, or from SFT (expert iteration)")
    ap.add_argument("--rollout-samples", type=int, default=None,
                    help="tactics sampled per expansion in rollouts (default: the eval's)")
    ap.add_argument("--rollout-temperature", type=float, default=1.0,
                    help="sampling temperature of rollouts (the eval samples at 1.0)")
    ap.add_argument("--rename", type=float, default=0.0,
                    help="fraction of update rows with renamed hypotheses (training.augment.rename_rows)")
    ap.add_argument("--detours", type=float, default=0.0,
                    help="ranking rows per positive transition: unlikelihood on the first differing token of "
                         "siblings tried before the proof's tactic (search.tree.detours)")
    ap.add_argument("--detour-limit", type=int, default=8, help="detour triples kept per proven search")
    ap.add_argument("--subproofs", type=int, default=0,
                    help="unproven rollouts: proofs of up to this many solved subgoals join the replay "
                         "(search.tree.solved_subtrees)")
    ap.add_argument("--rollout-penalty", type=float, default=None,
                    help="unvisited-child penalty of the rollout search (default: the eval's, 16)")
    args = ap.parse_args(argv)

    import torch

    from core.paths import default_home
    from core.profiles import StageSettings, get_profile
    from evals.spread import bootstrap_rate, paired_delta
    from lean_io.local import minilean_servers
    from models.tokenizer import ProofTokenizer
    from rl import frontier, replay
    from rl.matchmaker import Matchmaker, MatchmakerConfig
    from search.config import SearchConfig
    from training.data import (
        SFTDataset,
        detour_rows,
        mix_rl_rows,
        negative_rows,
        read_transitions,
        transitions_from_replay,
    )
    from training.optimizer_carry import OPTIMIZER_FILE, OptimizerStateCarry
    from training.train import run_stage

    torch.set_num_threads(1)
    home = args.home or default_home()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    (out / "args.json").write_text(json.dumps({k: str(v) for k, v in vars(args).items()}, indent=2))
    profile = get_profile("smoke")
    sft_ckpt = home / "checkpoints" / "sft" / "model.pt"
    tok_path = home / "tokenizer" / "tokenizer.json"
    tokenizer = ProofTokenizer.load(tok_path)
    sft_train = read_transitions(home / "corpora" / "sft_transitions.parquet", "train")
    bench = home / "corpora" / "benchmark_statements.parquet"
    valid_all, test = _statements(bench, "valid"), _statements(bench, "test")
    valid = [r for r in valid_all if r["dataset"] == args.eval_dataset]
    rl_path = home / "corpora" / "rl_statements.parquet"
    base = _statements(rl_path, "train") if args.base_pool == "train" else []
    # the wall clock must not decide an eval: budgets are simulations only (the machine is shared)
    eval_search = SearchConfig.from_profile(profile, num_simulations=args.eval_sims, time_budget_s=600.0)
    fcfg = frontier.FrontierConfig(per_iteration=args.frontier,
                                   levels=tuple(int(x) for x in args.levels.split(",")),
                                   family_weights=tuple(float(x) for x in args.families.split(",")),
                                   seed=args.seed, classical_share=args.classical)
    mm_cfg = MatchmakerConfig(base_simulations=args.base_sims, max_simulations=args.max_sims,
                              trust_count_proved=args.trust_proved)
    update = StageSettings(max_steps=args.steps, batch_size=args.batch_size, seq_len=256, lr=args.lr,
                           warmdown_frac=args.warmdown, value_weight=args.value_weight,
                           unlikelihood_weight=args.ul_weight if args.negatives or args.detours else 0.0,
                           kl_weight=args.kl_weight)
    log_path = out / "log.jsonl"
    generated: list[dict] = []
    history: list[dict] = []
    replay_rows: list[dict] = []
    rejected_rows: list[tuple[int, str, str]] = []
    hard_rows: list[dict] = []
    detour_triples: list[tuple[int, str, str, str]] = []

    with minilean_servers(2, 4) as servers:
        sft_eval_path = out.parent / f"sft-eval-{args.eval_dataset}-{args.eval_sims}.json"
        if sft_eval_path.is_file():
            sft_solved = json.loads(sft_eval_path.read_text())
        else:
            t0 = time.monotonic()
            sft_solved = _eval(valid, sft_ckpt, tok_path, eval_search, servers, args.concurrency)
            sft_eval_path.write_text(json.dumps(sft_solved))
            print(f"SFT eval {bootstrap_rate(sft_solved)} in {time.monotonic() - t0:.0f}s", flush=True)
        prev = sft_ckpt
        for k in range(1, args.iterations + 1):
            t0 = time.monotonic()
            fresh = frontier.generate(k, fcfg, [r["statement"] for r in valid_all + test])
            generated += fresh
            pool = frontier.merge_pool(base, generated, [r["statement"] for r in valid_all + test])
            mm = Matchmaker.from_history(pool, history, mm_cfg)
            matches = mm.sample(args.theorems, seed=args.seed * 1_000_003 + k)
            theorems = [{**m.theorem, "num_simulations": m.num_simulations} for m in matches]
            search = SearchConfig.from_profile(profile, seed=args.seed * 1_000_003 + k, time_budget_s=600.0)
            if args.rollout_samples:
                search = search.replace(num_samples=args.rollout_samples)
            if args.rollout_penalty is not None:
                search = search.replace(unvisited_value_penalty=args.rollout_penalty)
            if args.hard_visits:
                search = search.replace(hard_state_visits=args.hard_visits,
                                        hard_state_dead_only=args.hard_dead)
            if args.detours:
                search = search.replace(detour_limit=args.detour_limit)
            if args.subproofs:
                search = search.replace(subproof_limit=args.subproofs)
            attempts = _prove(theorems, prev, tok_path, search, servers, seed=1000 * k + args.seed,
                              concurrency=args.concurrency, temperature=args.rollout_temperature)
            t_roll = time.monotonic() - t0
            for a in attempts:
                history.append({"iteration": k, "dataset": a.dataset, "theorem_id": a.theorem_id,
                                "outcome": a.outcome, "proof": a.proof})
                rejected_rows += [(k, r.state, r.tactic) for r in a.rejected]
                if a.outcome == "proven" or not args.hard_proven_only:
                    hard_rows += [{"iteration": k, "state": st} for st in a.hard_states]
                detour_triples += [(k, *d) for d in a.detours]
                for t in [*a.transitions, *a.subproofs]:
                    replay_rows.append({"iteration": k, "state": t.state, "tactic": t.tactic,
                                        "value_target": t.value_target})
            if args.capacity:
                window = replay.fifo(replay_rows, args.capacity)
            else:
                window = [r for r in replay_rows if r["iteration"] > k - 3]
            replay_t = transitions_from_replay(window)
            mixed = mix_rl_rows(replay_t, sft_train, args.fraction_sft, seed=args.seed + k)
            if args.rename:
                from training.augment import rename_rows
                from training.data import Transition
                pairs = rename_rows([t.state for t in mixed], [t.tactic for t in mixed], args.rename,
                                    seed=args.seed * 7919 + k)
                mixed = [Transition(s, a, t.proof_depth) for (s, a), t in zip(pairs, mixed, strict=True)]
            first = min(r["iteration"] for r in window) if window else k
            negatives = negative_rows([(s, t) for i, s, t in rejected_rows if i >= first], tokenizer, 256,
                                      round(args.negatives * len(replay_t)), seed=args.seed + k)
            ranked = detour_rows([d[1:] for d in detour_triples if d[0] >= first], tokenizer, 256,
                                 round(args.detours * len(replay_t)), seed=args.seed + k)
            hard = _hard_value_rows(hard_rows[-(args.capacity or len(hard_rows)):], replay_t, tokenizer,
                                    args.hard_depth, round(args.hard_fraction * len(mixed)),
                                    seed=args.seed + k, seq_len=update.seq_len) if args.hard_visits else []
            ckpt_dir = out / f"policy-{k}"
            carry = OptimizerStateCarry(
                (out / f"policy-{k - 1}" / OPTIMIZER_FILE) if args.carry_optimizer and k > 1 else None,
                ckpt_dir / OPTIMIZER_FILE)
            t1 = time.monotonic()
            train = SFTDataset(mixed, tokenizer, 256, extra_rows=[*negatives, *ranked, *hard])
            result = run_stage("rl", tokenizer=tokenizer, train_data=train,
                               val_data=None, settings=update, compute=profile.compute, out_dir=ckpt_dir,
                               init_checkpoint=sft_ckpt if args.init == "sft" else prev,
                               seed=args.seed + k, greedy_eval=[],
                               enable_progress_bar=False, callbacks=[carry], reference_checkpoint=sft_ckpt)
            t_train = time.monotonic() - t1
            prev = result.checkpoint_path
            by_ds: dict[str, list[int]] = {}
            by_fam: dict[str, list[int]] = {}
            for a, th in zip(attempts, theorems, strict=True):
                by_ds.setdefault(str(th["dataset"]), []).append(a.outcome == "proven")
                by_fam.setdefault(_family(th["statement"]), []).append(a.outcome == "proven")
            proven = [a for a in attempts if a.outcome == "proven"]
            row: dict[str, Any] = {
                "iteration": k,
                "pool": len(pool),
                "rollouts": len(attempts),
                "proven": sum(a.outcome == "proven" for a in attempts),
                "proven_by_dataset": {d: f"{sum(v)}/{len(v)}" for d, v in by_ds.items()},
                "proven_by_family": {f: f"{sum(v)}/{len(v)}" for f, v in sorted(by_fam.items())},
                "proof_steps": sum(a.stats.get("proof_size", 0) for a in proven),
                "proof_steps_unsimplified": sum(
                    a.stats.get("proof_size_unsimplified", a.stats.get("proof_size", 0)) for a in proven),
                "replay_transitions": len(replay_t),
                "train_rows": len(mixed),
                "negatives": len(negatives),
                "detours_found": sum(len(a.detours) for a in attempts),
                "detour_rows": len(ranked),
                "subproof_transitions": sum(len(a.subproofs) for a in attempts),
                "hard_value_rows": len(hard),
                "final_train_loss": result.metrics.get("final_train_loss"),
                "optimizer": carry.loaded,
                "rollout_s": round(t_roll, 1),
                "train_s": round(t_train, 1),
            }
            if k % args.eval_every == 0 or k == args.iterations:
                t2 = time.monotonic()
                solved = _eval(valid, prev, tok_path, eval_search, servers, args.concurrency)
                (ckpt_dir / "eval.json").write_text(json.dumps(solved))
                row["eval"] = bootstrap_rate(solved).to_dict()
                fams = [_family(r["statement"]) for r in valid]
                row["eval_by_family"] = {
                    f: f"{sum(ok for ok, g in zip(solved, fams, strict=True) if g == f)}/{fams.count(f)}"
                    for f in ("prop", "arith", "mixed")}
                row["delta_vs_sft"] = paired_delta(solved, sft_solved).to_dict()
                row["eval_s"] = round(time.monotonic() - t2, 1)
            row["sft_eval"] = bootstrap_rate(sft_solved).to_dict()
            with log_path.open("a") as fh:
                fh.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
