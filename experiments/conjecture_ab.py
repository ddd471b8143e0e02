"""A/B of conjecturing in RL (issue 16): the smoke RL recipe with and without conjectures in the pool.

    .venv/bin/python -m experiments.conjecture_ab --home H --out artifacts/experiments/C1 --arm conj

Per iteration k, as ``experiments.rl_loop`` (same library functions): the matchmaker over the pool
(minilean train + ``--frontier`` fresh generated statements per iteration [+ accepted conjectures of
iterations < k]), rollouts of policy[k-1], the replay FIFO, a policy update mixed with SFT rows (optimizer
carried), and every ``--eval-every`` iterations an eval on minilean valid with a bootstrap spread and the
paired difference to SFT. The ``conj`` arm then runs ``stp.conjecture_loop.run_iteration`` with
policy[k] on iteration k's proofs; its accepted conjectures join the pool of k+1, and (STP's self-play)
the next update also trains on (seed prompt → accepted conjecture) and (conjecture → its proof) rows.
One JSON line per iteration in ``<out>/log.jsonl``. No Dagster, no MLflow.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq


def _statements(path: Path, split: str | None) -> list[dict[str, Any]]:
    rows = pq.read_table(path, columns=["dataset", "id", "split", "header", "statement"]).to_pylist()
    rows = [r for r in rows if split is None or r["split"] == split]
    return sorted(rows, key=lambda r: (r["dataset"], r["id"]))


def _prove(theorems: list[dict], checkpoint: Path, tokenizer: Path, search: Any, servers: list[str],
           seed: int, concurrency: int) -> list[Any]:
    from search.batch import prove_batch
    from search.policy import SamplerPolicy

    policy = SamplerPolicy.from_checkpoint(checkpoint, tokenizer, num_samples=search.num_samples,
                                           max_new_tokens=24, device="cpu", seed=seed)
    return prove_batch(theorems, servers, policy, search, concurrency, model_version=str(checkpoint)).attempts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--home", type=Path, required=True, help="artifact root with the SFT checkpoint etc.")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--arm", choices=["base", "conj"], required=True)
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--theorems", type=int, default=48)
    ap.add_argument("--frontier", type=int, default=32)
    ap.add_argument("--eval-every", type=int, default=2)
    ap.add_argument("--eval-sims", type=int, default=64)
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--conjecture", default="{}", help="JSON overrides of the profile's conjecture section")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    import torch

    from core.profiles import get_profile
    from evals.spread import bootstrap_rate, paired_delta
    from lean_io.local import minilean_servers
    from models.tokenizer import ProofTokenizer
    from rl import frontier, replay
    from rl.matchmaker import Matchmaker, MatchmakerConfig
    from search.config import SearchConfig
    from stp import conjecture_loop
    from stp.conjecture import as_statement_row, conjecture_prompt
    from stp.whole_proof import statement_prompt
    from training.data import SFTDataset, Transition, mix_rl_rows, read_transitions, transitions_from_replay
    from training.optimizer_carry import OPTIMIZER_FILE, OptimizerStateCarry
    from training.train import run_stage

    torch.set_num_threads(1)
    out, home = args.out, args.home
    out.mkdir(parents=True, exist_ok=True)
    (out / "args.json").write_text(json.dumps({k: str(v) for k, v in vars(args).items()}, indent=2))
    profile = get_profile("smoke", {"conjecture": {"enabled": True, **json.loads(args.conjecture)}})
    rl = profile.rl
    sft_ckpt, tok_path = home / "checkpoints" / "sft" / "model.pt", home / "tokenizer" / "tokenizer.json"
    tokenizer = ProofTokenizer.load(tok_path)
    sft_train = read_transitions(home / "corpora" / "sft_transitions.parquet", "train")
    bench = home / "corpora" / "benchmark_statements.parquet"
    valid = [r for r in _statements(bench, "valid") if r["dataset"] == "minilean"]
    eval_texts = [r["statement"] for r in _statements(bench, None)]
    base = _statements(home / "corpora" / "rl_statements.parquet", "train")
    known, evals = conjecture_loop.reference_statements()
    eval_search = SearchConfig.from_profile(profile, num_simulations=args.eval_sims, time_budget_s=600.0)
    fcfg = frontier.FrontierConfig(per_iteration=args.frontier, seed=args.seed)
    mm_cfg = MatchmakerConfig(base_simulations=rl.base_simulations, max_simulations=rl.max_simulations)
    generated: list[dict] = []
    conjectured: list[dict] = []
    self_play: list[Transition] = []
    history: list[dict] = []
    replay_rows: list[dict] = []
    with minilean_servers(2, 4) as servers:
        sft_eval_path = out.parent / f"sft-eval-{args.eval_sims}.json"
        if sft_eval_path.is_file():
            sft_solved = json.loads(sft_eval_path.read_text())
        else:
            attempts = _prove(valid, sft_ckpt, tok_path, eval_search, servers, 0, args.concurrency)
            sft_solved = [a.outcome == "proven" for a in attempts]
            sft_eval_path.write_text(json.dumps(sft_solved))
        prev = sft_ckpt
        for k in range(1, args.iterations + 1):
            t0 = time.monotonic()
            generated += frontier.generate(k, fcfg, eval_texts)
            pool = frontier.merge_pool(base, generated + conjectured, eval_texts)
            mm = Matchmaker.from_history(pool, history, mm_cfg)
            matches = mm.sample(args.theorems, seed=args.seed * 1_000_003 + k)
            theorems = [{**m.theorem, "num_simulations": m.num_simulations} for m in matches]
            search = SearchConfig.from_profile(profile, seed=args.seed * 1_000_003 + k, time_budget_s=600.0)
            attempts = _prove(theorems, prev, tok_path, search, servers, 1000 * k + args.seed,
                              args.concurrency)
            t_roll = time.monotonic() - t0
            for a in attempts:
                history.append({"iteration": k, "dataset": a.dataset, "theorem_id": a.theorem_id,
                                "outcome": a.outcome, "proof": a.proof})
                replay_rows += [{"iteration": k, "state": t.state, "tactic": t.tactic,
                                 "value_target": t.value_target} for t in a.transitions]
            replay_t = transitions_from_replay(replay.fifo(replay_rows, rl.replay_capacity))
            mixed = mix_rl_rows(replay_t + self_play, sft_train, rl.fraction_sft, seed=args.seed + k)
            ckpt_dir = out / f"policy-{k}"
            carry = OptimizerStateCarry((out / f"policy-{k - 1}" / OPTIMIZER_FILE) if k > 1 else None,
                                        ckpt_dir / OPTIMIZER_FILE)
            t1 = time.monotonic()
            result = run_stage("rl", tokenizer=tokenizer, train_data=SFTDataset(mixed, tokenizer, 256),
                               val_data=None, settings=rl.update, compute=profile.compute, out_dir=ckpt_dir,
                               init_checkpoint=prev, seed=args.seed + k, greedy_eval=[],
                               enable_progress_bar=False, callbacks=[carry])
            prev, t_train = result.checkpoint_path, time.monotonic() - t1
            row: dict[str, Any] = {"arm": args.arm, "iteration": k, "pool": len(pool),
                                   "rollouts": len(attempts),
                                   "proven": sum(a.outcome == "proven" for a in attempts),
                                   "proven_conjectures": sum(a.outcome == "proven" for a in attempts
                                                             if a.dataset == "conjecture"),
                                   "sampled_conjectures": sum(a.dataset == "conjecture" for a in attempts),
                                   "self_play_rows": len(self_play), "train_rows": len(mixed),
                                   "rollout_s": round(t_roll, 1), "train_s": round(t_train, 1)}
            if args.arm == "conj":
                seeds = conjecture_loop.seeds_of([h for h in history if h["iteration"] == k], pool,
                                                 profile.conjecture.max_seeds, seed=k)
                res = conjecture_loop.run_iteration(
                    out, k, seeds, checkpoint=prev, tokenizer_path=tok_path, profile=profile, servers=servers,
                    known_statements=known + [r["statement"] for r in pool],
                    eval_statements=evals + eval_texts, seed=args.seed)
                by_id = {s["id"]: s for s in seeds}
                for c in res.accepted:
                    conjectured.append(as_statement_row(c))
                    seed_row = by_id[c.seed_id]
                    prompt = conjecture_prompt(seed_row["statement"], seed_row["proof"])
                    steps = len(c.proof.splitlines())
                    self_play += [Transition(prompt, c.text, 1),
                                  Transition(statement_prompt(as_statement_row(c)), c.proof, steps)]
                row["conjectures"] = {"seeds": res.seeds, "sampled": len(res.conjectures),
                                      "accepted": len(res.accepted), "reasons": res.reasons(),
                                      "seconds": round(res.seconds, 1)}
            if k % args.eval_every == 0 or k == args.iterations:
                t2 = time.monotonic()
                solved = [a.outcome == "proven"
                          for a in _prove(valid, prev, tok_path, eval_search, servers, 0, args.concurrency)]
                row["eval"] = bootstrap_rate(solved).to_dict()
                row["delta_vs_sft"] = paired_delta(solved, sft_solved).to_dict()
                row["eval_s"] = round(time.monotonic() - t2, 1)
            row["sft_eval"] = bootstrap_rate(sft_solved).to_dict()
            with (out / "log.jsonl").open("a") as fh:
                fh.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
