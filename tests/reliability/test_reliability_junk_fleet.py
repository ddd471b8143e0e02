"""A Lean fleet that answers only junk: the RL iteration fails loudly at the rollouts, before any shard,
policy update or registry version exists (infrastructure errors never train)."""

from __future__ import annotations

import json
from pathlib import Path

import dagster as dg
import pytest

from lean_io.local import minilean_servers
from pipelines.schedules import ensure_partition
from registry import registry
from rl import replay
from tests.rl.test_rl_iteration import OVERRIDES, TRAIN, VALID, rl_test_job, statement_rows


def build_home(home: Path) -> None:
    """Statements, a tokenizer and an untrained SFT checkpoint: against a fleet that answers nothing the
    policy never matters (test_rl_iteration trains one for 45 s; not needed here)."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    import torch

    from assets.resources import ProofmillResource
    from models.gpt import GPT, GPTConfig
    from models.tokenizer import ProofTokenizer
    from registry.checkpoint import save_checkpoint

    res = ProofmillResource(home=str(home))
    pq.write_table(pa.Table.from_pylist(statement_rows(TRAIN, "train")), res.corpus_path("rl_statements"))
    pq.write_table(
        pa.Table.from_pylist(statement_rows(VALID, "valid")), res.corpus_path("benchmark_statements")
    )
    tok = ProofTokenizer.train([s for s, _ in TRAIN.values()] * 20, vocab_size=512)
    tok.save(res.tokenizer_path())
    torch.manual_seed(0)
    config = GPTConfig(
        vocab_size=tok.vocab_size, sequence_len=128, n_layer=1, n_head=2, n_kv_head=2, n_embd=64
    )
    save_checkpoint(res.checkpoint_path("sft"), GPT(config), tok.fingerprint(), {"stage": "sft"})


@pytest.mark.slow
def test_junk_fleet_fails_the_iteration_and_registers_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    profile_file = tmp_path / "profile.json"
    # a short search budget: against a fleet that fails every call, retries stop when it is spent
    search = {**OVERRIDES["search"], "time_budget_s": 5.0}
    profile_file.write_text(json.dumps({**OVERRIDES, "search": search}))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile_file))
    monkeypatch.setenv("PROOFMILL_HOME", str(home))
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)
    build_home(home)
    (tmp_path / "dagster").mkdir()
    instance = dg.DagsterInstance.local_temp(str(tmp_path / "dagster"))
    ensure_partition(instance, "1")
    # every call but /status answers HTTP 500: the fleet looks healthy to probes and fails every proof
    with minilean_servers(1, max_processes=3, extra_args=["--error-rate", "1.0"]) as urls:
        monkeypatch.setenv("PROOFMILL_LEAN_SERVERS", ",".join(urls))
        result = dg.execute_job(dg.reconstructable(rl_test_job), instance, tags={"dagster/partition": "1"})
    assert not result.success
    failures = [e for e in result.all_events if e.event_type_value == "STEP_FAILURE"]
    assert [e.step_key for e in failures] == ["rollouts.rl_collect"]
    message = failures[0].step_failure_data.error.message if failures[0].step_failure_data.error else ""
    assert "failed on Lean infrastructure" in message and "nothing is registered" in message, message
    assert not replay.shard_path(home, "rollouts", 1).exists()
    assert not list(home.glob("rl/replay/**/*.parquet")) and not list(home.glob("rl/attempts/**/*.parquet"))
    c = registry.client(uri)
    assert registry.versions_of(c, "rl", 1) == []
