"""Training signals read off the search tree, on real minilean: ranking pairs (search.tree.detours →
training.data.detour_rows) and the proved subgoals of a failed search (search.tree.solved_subtrees)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import torch

from core.profiles import StageSettings
from lean_io.client import LeanProcess
from search.config import SearchConfig
from search.policy import SampleOutput
from search.prover import PROVEN, prove
from tests.training.test_training import CPU, make_tokenizer, synthetic_transitions, tiny_config
from training.data import SFTDataset, Transition, detour_rows
from training.train import run_stage

OR_RIGHT = {
    "dataset": "unit", "id": "or_right", "header": "",
    "statement": "theorem or_right (p q : Prop) (hq : q) : p ∨ q := by\n  sorry",
}


class RankedPolicy:
    """Scripted tactics with decreasing log-probabilities: the first is the policy's first choice."""

    def __init__(self, script: dict[str, list[str]]) -> None:
        self.script = script

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]:
        out = []
        for state in states:
            goal = state.rstrip().rsplit("⊢", 1)[-1].strip()
            tactics = self.script.get(goal, [])
            out.append(SampleOutput(tactics=tactics, logprobs=[-float(i) for i in range(len(tactics))],
                                    value=4.0))
        return out


POLICY = RankedPolicy({"p ∨ q": ["left", "right"], "p": ["exact hq"], "q": ["exact hq"]})


def test_a_sibling_tried_first_that_failed_is_a_detour(process: LeanProcess) -> None:
    config = SearchConfig(num_simulations=16, time_budget_s=60, detour_limit=4)
    attempt = prove(OR_RIGHT, process, POLICY, config)
    assert attempt.outcome == PROVEN and attempt.proof == "right\nexact hq"
    root_state = attempt.transitions[0].state
    # `left` ranked first, was searched (⊢ p: `exact hq` refused, a dead end) and proved nothing
    assert attempt.detours == [(root_state, "right", "left")]
    assert prove(OR_RIGHT, process, POLICY, config.replace(detour_limit=0)).detours == []  # off


def test_no_detour_when_the_first_choice_proves_it(process: LeanProcess) -> None:
    policy = RankedPolicy({"p ∨ q": ["right", "left"], "p": ["exact hq"], "q": ["exact hq"]})
    attempt = prove(OR_RIGHT, process, policy, SearchConfig(num_simulations=16, detour_limit=4))
    assert attempt.outcome == PROVEN and attempt.detours == []


AND_HALF = {
    "dataset": "unit", "id": "and_half", "header": "",
    "statement": "theorem and_half (p q : Prop) (hp : p) : p ∧ q := by\n  sorry",
}


def test_a_failed_search_keeps_the_proofs_of_the_subgoals_it_closed(process: LeanProcess) -> None:
    policy = RankedPolicy({"p ∧ q": ["constructor"], "p": ["exact hp"], "q": ["exact hp"]})
    config = SearchConfig(num_simulations=16, time_budget_s=60, subproof_limit=4)
    attempt = prove(AND_HALF, process, policy, config)
    assert attempt.outcome != PROVEN and not attempt.transitions  # ⊢ q stays open
    [step] = attempt.subproofs  # ⊢ p was closed: its one step, a proof of depth 1
    assert step.state.rstrip().endswith("⊢ p") and step.tactic == "exact hp" and step.proof_depth == 1
    assert prove(AND_HALF, process, policy, config.replace(subproof_limit=0)).subproofs == []  # off
    proven = prove(OR_RIGHT, process, POLICY, config)  # a proven search has its proof, not subproofs
    assert proven.outcome == PROVEN and proven.subproofs == []


def test_detour_rows_supervise_only_the_first_differing_token() -> None:
    tok = make_tokenizer()
    state = "p q : Prop\nh1 : p\n⊢ p ∨ q"
    for good, bad in (("exact h1", "exact h2"), ("left", "right"), ("intro h", "intro h h2")):
        (row,) = detour_rows([(state, good, bad)], tok, 256, limit=1)
        ids, mask = tok.tactic_row(state, bad)
        good_ids, _ = tok.tactic_row(state, good)
        at = row.loss_mask.index(1)
        assert row.ids == ids and row.weight < 0 and not row.is_value and sum(row.loss_mask) == 1
        assert at >= mask.index(1) and row.ids[:at] == good_ids[:at] and row.ids[at] != good_ids[at]
    same = [(state, "left", "left")] * 2 + [(state, "exact h1", "exact h2")] * 3
    assert len(detour_rows(same, tok, 256, limit=10)) == 1  # distinct triples; nothing to rank in a self-pair
    assert detour_rows(same, tok, 256, limit=0) == []


def test_detour_rows_rank_the_proof_tactic_above_the_detour(tmp_path: Path) -> None:
    """Same data and seed, with and without the detour rows: only they differ, and they lower the
    detour's first differing token below the proof's tactic at that state."""
    tok = make_tokenizer()
    rows = [Transition(r["state"], r["tactic"], r["proof_depth"]) for r in synthetic_transitions(48)]
    state = next(r.state for r in rows if r.tactic == "omega")
    sft = StageSettings(max_steps=60, batch_size=16, seq_len=128, lr=3e-3)
    base = run_stage("sft", tokenizer=tok, train_data=SFTDataset(rows, tok, 128), val_data=None, settings=sft,
                     compute=CPU, out_dir=tmp_path / "base", model_config=tiny_config(tok), greedy_eval=[],
                     enable_progress_bar=False, seed=0).checkpoint_path
    extra = detour_rows([(state, "simp", "omega")], tok, 128, limit=1)

    def margin(ckpt: Path) -> float:
        from registry.checkpoint import load_checkpoint

        model, _ = load_checkpoint(str(ckpt), tokenizer=tok)
        lp = []
        for tactic in ("simp", "omega"):
            ids, mask = tok.tactic_row(state, tactic)
            with torch.no_grad():
                out = torch.log_softmax(model(torch.tensor([ids[:-1]])), -1)[0]
            lp.append(float(sum(out[i - 1, ids[i]] for i in range(1, len(ids)) if mask[i])))
        return lp[0] - lp[1]

    results = {}
    for name, negatives in (("plain", []), ("ranked", extra * 16)):
        settings = StageSettings(max_steps=6, batch_size=8, seq_len=128, lr=3e-3, warmdown_frac=0.0,
                                 unlikelihood_weight=5.0)
        data = SFTDataset(rows, tok, 128, extra_rows=negatives)
        results[name] = run_stage("rl", tokenizer=tok, train_data=data, val_data=None, settings=settings,
                                  compute=CPU, out_dir=tmp_path / name, init_checkpoint=base, greedy_eval=[],
                                  enable_progress_bar=False, seed=0).checkpoint_path
    assert margin(results["ranked"]) > margin(results["plain"]) + 0.3
