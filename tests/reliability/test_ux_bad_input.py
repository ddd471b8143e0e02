"""Bad input at every user-facing entry point beyond the GUARANTEES table: environment variables, profile
files (a `name` inside one, unknown fields), malformed statements, checkpoint paths, asset run config and
the resource's config (through a real Dagster run), damaged data files. Each is refused with one clear
line (naming the bad thing) and a non-zero status or a failed step, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pipelines.launch import StepConsole


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for sub in ("dagster_home", "home", "scratch"):
        (tmp_path / sub).mkdir()
    (tmp_path / "scratch" / "a_file").write_text("not a folder\n")
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    monkeypatch.setenv("PROOFMILL_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{tmp_path / 'mlflow.db'}")
    for name in ("PROOFMILL_PROFILE_FILE", "PROOFMILL_LEAN_SERVERS", "PROOFMILL_PROFILE",
                 "PROOFMILL_EXECUTOR", "PROOFMILL_MAX_CONCURRENT", "PROOFMILL_MLFLOW_ARTIFACTS",
                 "PROOFMILL_MLFLOW_UI"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def one_line(code: int, err: str, phrase: str) -> None:
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert code != 0, "accepted"
    assert len(lines) == 1, f"not one line: {err!r}"
    assert phrase in lines[0], (phrase, lines[0])
    assert "Traceback" not in err


def run_main(module: object, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = module.main(argv)  # type: ignore[attr-defined]
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    return int(code or 0), capsys.readouterr().err


# ------------------------------------------------------------------------ environment variables
ENV_CASES = [
    ("PROOFMILL_PROFILE", "bogus", "$PROOFMILL_PROFILE='bogus': unknown profile"),
    ("PROOFMILL_PROFILE", "", "$PROOFMILL_PROFILE='': unknown profile"),
    ("PROOFMILL_EXECUTOR", "threads", "$PROOFMILL_EXECUTOR='threads': choose one of"),
    ("PROOFMILL_MAX_CONCURRENT", "0", "$PROOFMILL_MAX_CONCURRENT='0': must be an integer >= 1"),
    ("PROOFMILL_MAX_CONCURRENT", "two", "$PROOFMILL_MAX_CONCURRENT='two'"),
    ("PROOFMILL_MAX_CONCURRENT", "-3", "$PROOFMILL_MAX_CONCURRENT='-3'"),
    ("PROOFMILL_LEAN_SERVERS", "nohost", "PROOFMILL_LEAN_SERVERS: 'nohost' is not host:port"),
    ("PROOFMILL_LEAN_SERVERS", "127.0.0.1:0", "'127.0.0.1:0' is not host:port"),
    ("PROOFMILL_LEAN_SERVERS", "127.0.0.1:8000,bad one", "'bad one' is not host:port"),
    ("PROOFMILL_LEAN_SERVERS", "127.0.0.1:99999", "'127.0.0.1:99999' is not host:port"),
    ("PROOFMILL_HOME", "{file}", "$PROOFMILL_HOME={file}: is a file, not a folder"),
    ("PROOFMILL_HOME", "{file}/below", "cannot be created or written"),
    ("DAGSTER_HOME", "{file}", "$DAGSTER_HOME={file}: is a file"),
    ("PROOFMILL_MLFLOW_ARTIFACTS", "{file}", "$PROOFMILL_MLFLOW_ARTIFACTS={file}: is a file"),
    ("MLFLOW_TRACKING_URI", "mlflow.db", "$MLFLOW_TRACKING_URI='mlflow.db': not a tracking URI"),
    ("MLFLOW_TRACKING_URI", "bogus://host/x", "not a tracking URI"),
    ("MLFLOW_TRACKING_URI", "sqlite:///{scratch}", "is a folder, not an sqlite file"),
    ("PROOFMILL_MLFLOW_UI", "localhost:5000", "$PROOFMILL_MLFLOW_UI='localhost:5000': must be an http"),
    ("PROOFMILL_PROFILE_FILE", "{scratch}/missing.json", "cannot read profile overrides"),
]


def _env_value(text: str, world: Path) -> str:
    scratch = world / "scratch"
    return text.replace("{file}", str(scratch / "a_file")).replace("{scratch}", str(scratch))


@pytest.mark.parametrize(("name", "value", "phrase"), ENV_CASES, ids=[f"{n}={v}" for n, v, _ in ENV_CASES])
def test_proofmill_run_refuses_a_bad_environment_variable(
    name: str, value: str, phrase: str, world: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pipelines import cli

    monkeypatch.setenv(name, _env_value(value, world))
    code, err = run_main(cli, ["run", "--skip-foundation", "--iterations", "0"], capsys)
    one_line(code, err, _env_value(phrase, world))
    assert not (world / "dagster_home" / "proofmill-run.lock").exists()  # refused before anything


@pytest.mark.parametrize(("name", "value", "phrase"), [
    ("PROOFMILL_EXECUTOR", "gpu", "$PROOFMILL_EXECUTOR='gpu'"),
    ("PROOFMILL_PROFILE", "huge", "$PROOFMILL_PROFILE='huge'"),
])
def test_proofmill_ui_refuses_a_bad_environment_variable_before_starting(
    name: str, value: str, phrase: str, world: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pipelines import cli

    monkeypatch.setenv(name, value)
    code, err = run_main(cli, ["ui", "--port", "3999"], capsys)
    one_line(code, err, phrase)


@pytest.mark.parametrize(("name", "value", "phrase"), [
    ("PROOFMILL_LEAN_SERVERS", "not a server", "PROOFMILL_LEAN_SERVERS: 'not a server'"),
    ("PROOFMILL_LEAN_SERVERS", "host:70000", "'host:70000' is not host:port"),
    ("MLFLOW_TRACKING_URI", "./mlruns", "not a tracking URI"),
])
def test_search_cli_refuses_a_bad_environment_variable(
    name: str, value: str, phrase: str, world: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from search import cli

    monkeypatch.setenv(name, value)
    code, err = run_main(cli, ["prove", "--statement", "theorem t : True"], capsys)
    one_line(code, err, phrase)


# ------------------------------------------------------------------------------- profile files
PROFILE_FILES = [
    ('{"name": "full"}', "profile field 'name' cannot be overridden (got 'full')"),
    ('{"name": "smoke"}', "profile field 'name' cannot be overridden"),
    ('{"nmae": "full"}', "unknown profile field 'nmae'"),
    ('{"rl": {"iterations": "3"}}', "rl.iterations must be int"),
    ('{"rl": {"update": {"optimizer": "sgd"}}}', "rl.update.optimizer must be a JSON object"),
    ('{"rl": {"rollout_mode": "beam"}}', "RLSettings.rollout_mode must be"),
    ('{"conjecture": {"bogus": 1}}', "unknown profile field 'bogus' in ConjectureSettings"),
    ('{"lean": {"servers": ["localhost"]}}', "LeanSettings.servers must be host:port"),
    ("null", "profile overrides must be a JSON object"),
    ('"smoke"', "profile overrides must be a JSON object"),
    ('{"eval_benchmarks": "minilean"}', "eval_benchmarks must be a list"),
    ('{"rl": {"frontier_levels": [5]}}', "RLSettings.frontier_levels"),
    ('{"rl": {"negative_fraction": 9}}', "RLSettings.negative_fraction must be in [0, 4]"),
    ('{"whole_proof": {"k": 0}}', "WholeProofSettings.k"),
    ('{"conjecture": {"enabled": "yes"}}', "conjecture.enabled must be bool"),
]


@pytest.mark.parametrize(("text", "phrase"), PROFILE_FILES, ids=[t for t, _ in PROFILE_FILES])
def test_proofmill_run_refuses_a_bad_profile_file(
    text: str, phrase: str, world: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pipelines import cli

    path = world / "scratch" / "profile.json"
    path.write_text(text)
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(path))
    code, err = run_main(cli, ["run", "--skip-foundation", "--iterations", "0"], capsys)
    one_line(code, err, phrase)
    assert "PROOFMILL_PROFILE_FILE=" in err


# ----------------------------------------------------------------- statements and checkpoint paths
STATEMENTS = [
    ("theorem t : (1 +", "Lean refused the statement of 'cli'"),
    ("theorem t (x : Nat) : x = undefined_thing", "Lean refused the statement"),
    ("theorem t : 1 = 1 ∧", "Lean refused the statement"),
    ("theorem t : Tru", "Lean refused the statement"),
    ("lemma", "Lean refused the statement"),
    ("theorem t (p : Prop) : p →", "Lean refused the statement"),
]


@pytest.mark.parametrize(("statement", "phrase"), STATEMENTS, ids=[s for s, _ in STATEMENTS])
def test_prove_a_malformed_statement_is_one_line(
    statement: str, phrase: str, world: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from search import cli

    code, err = run_main(cli, ["prove", "--statement", statement, "--simulations", "2"], capsys)
    one_line(code, err, phrase)


def test_prove_checkpoint_and_device_paths(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from search import cli

    text = world / "scratch" / "notes.pt"
    text.write_text("not a checkpoint\n")
    tok = world / "scratch" / "tok.json"
    tok.write_text("{}")
    cases = [
        (["--checkpoint", str(world / "scratch")], "--checkpoint: no such file"),
        (["--checkpoint", str(text), "--tokenizer", str(tok)], "tok.json is not a tokenizer file"),
        (["--device", "tpu9"], "--device: 'tpu9' is not cpu, cuda, cuda:N or mps"),
        (["--benchmarks", str(world / "scratch")], "--benchmarks: no such file"),
    ]
    for extra, phrase in cases:
        code, err = run_main(cli, ["prove", "--statement", "theorem t : True", *extra], capsys)
        one_line(code, err, phrase)


def test_prove_by_id_in_a_damaged_benchmarks_file(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from search import cli

    bad = world / "scratch" / "bench.parquet"
    bad.write_bytes(b"PAR1 this is no parquet")
    code, err = run_main(cli, ["prove", "--id", "no_such_id_anywhere", "--benchmarks", str(bad)], capsys)
    one_line(code, err, f"{bad} is not a readable parquet file")


# ------------------------------------------------------- asset run config and resource config
def _failure(result: dg.ExecuteInProcessResult) -> str:
    """The one console line `proofmill run` prints for this failed run (pipelines.launch.StepConsole)."""
    lines: list[str] = []
    console = StepConsole(lines.append)
    for event in result.all_events:
        console.on_event(event)
    [line] = [ln for ln in lines if "✗" in ln]
    return line


RUN_CONFIG = [
    ("eval_report_sft", {"max_theorems": 0}, "EvalConfig.max_theorems must be an integer >= 1, or null"),
    ("eval_report_sft", {"max_theorems": -1}, "EvalConfig.max_theorems"),
    ("eval_report_sft", {"num_simulations": 0}, "EvalConfig.num_simulations must be an integer >= 1"),
    ("eval_report_sft", {"concurrency": 0}, "EvalConfig.concurrency"),
    ("eval_report_sft", {"seed": -1}, "EvalConfig.seed must be an integer >= 0"),
    ("eval_report_sft", {"checkpoint": " "}, "EvalConfig.checkpoint must be"),
    ("eval_sweep", {"repeats": 0}, "EvalSweepConfig.repeats must be an integer >= 1"),
    ("eval_sweep", {"checkpoints": []}, "EvalSweepConfig.checkpoints must be a non-empty list"),
    ("eval_sweep", {"checkpoints": ["sft", ""]}, "EvalSweepConfig.checkpoints"),
    ("whole_proof_eval", {"k": 0}, "WholeProofConfig.k must be an integer >= 1"),
    ("whole_proof_eval", {"max_theorems": 0}, "WholeProofConfig.max_theorems"),
]


@pytest.mark.parametrize(("asset", "config", "phrase"), RUN_CONFIG,
                         ids=[f"{a}-{json.dumps(c)}" for a, c, _ in RUN_CONFIG])
def test_asset_run_config_out_of_range_fails_the_step_in_one_line(
    asset: str, config: dict, phrase: str, world: Path
) -> None:
    from assets import eval as eval_assets
    from assets import whole_proof
    from assets.resources import ProofmillResource

    definition = {"eval_report_sft": eval_assets.eval_report_sft, "eval_sweep": eval_assets.eval_sweep,
                  "whole_proof_eval": whole_proof.whole_proof_eval}[asset]
    with dg.DagsterInstance.ephemeral() as instance:
        result = dg.materialize([definition], instance=instance, raise_on_error=False,
                                resources={"proofmill": ProofmillResource()},
                                run_config={"ops": {asset: {"config": config}}})
    assert not result.success
    line = _failure(result)
    assert phrase in line and "\n" not in line, line


def test_rl_eval_run_config_out_of_range(world: Path) -> None:
    from assets.resources import ProofmillResource
    from assets.rl import rl_eval
    from pipelines import schedules

    with dg.DagsterInstance.ephemeral() as instance:
        schedules.ensure_partition(instance, "1")
        result = dg.materialize([rl_eval], instance=instance, partition_key="1", raise_on_error=False,
                                resources={"proofmill": ProofmillResource()},
                                run_config={"ops": {"rl_eval": {"config": {"max_theorems": 0}}}})
    assert not result.success and "RLEvalConfig.max_theorems must be" in _failure(result)


@pytest.mark.parametrize(("resource", "phrase"), [
    ({"profile": "bogus"}, "unknown profile 'bogus'"),
    ({"lean_servers": ["no-port"]}, "lean_servers: 'no-port' is not host:port"),
    ({"lean_servers": ["127.0.0.1:0"]}, "lean_servers: '127.0.0.1:0'"),
])
def test_resource_run_config_is_refused_before_the_step_runs(
    resource: dict, phrase: str, world: Path
) -> None:
    from assets.eval import eval_report_sft
    from assets.resources import ProofmillResource

    with dg.DagsterInstance.ephemeral() as instance:
        result = dg.materialize([eval_report_sft], instance=instance, raise_on_error=False,
                                resources={"proofmill": ProofmillResource(**resource)})
    assert not result.success
    line = _failure(result)
    assert phrase in line and "\n" not in line, line


# ------------------------------------------------------------------------------ damaged data files
def _damaged(path: Path, kind: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    table = pa.table({"state": ["a", "b"], "tactic": ["x", "y"], "split": ["train", "valid"]})
    pq.write_table(table, path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2] if kind == "truncated" else b"")
    return path


@pytest.mark.parametrize("kind", ["truncated", "empty"])
def test_damaged_parquet_is_the_project_error_naming_the_file(kind: str, tmp_path: Path) -> None:
    from core.data_files import CorruptFileError
    from evals.learning_curve import solved_by_run
    from rl import replay
    from search.batch import read_statements
    from stp import conjecture_loop
    from training.data import parquet_texts, read_transitions

    shard = _damaged(replay.shard_path(tmp_path, "replay", 1), kind)
    readers = [
        (shard, lambda: replay.read_shards(tmp_path, "replay", [1])),
        (shard, lambda: read_transitions(shard)),
        (shard, lambda: list(parquet_texts(shard, "state"))),
        (shard, lambda: read_statements(shard, "valid", None, None)),
    ]
    report = _damaged(tmp_path / "eval" / "sft" / "theorems.parquet", kind)
    readers.append((report, lambda: solved_by_run(report.parent)))
    conj = _damaged(conjecture_loop.shard_path(tmp_path, 2), kind)
    readers.append((conj, lambda: conjecture_loop.read_shards(tmp_path, [2])))
    for path, read in readers:
        with pytest.raises(CorruptFileError) as exc:
            read()
        text = str(exc.value)
        assert str(path) in text and "re-materialize" in text and "\n" not in text


def test_a_damaged_carried_optimizer_state_is_a_checkpoint_error(tmp_path: Path) -> None:
    import torch

    from registry.checkpoint import CheckpointError
    from training.optimizer_carry import OptimizerStateCarry

    state = tmp_path / "optimizer.pt"
    state.write_bytes(b"PK\x03\x04 torn")
    carry = OptimizerStateCarry(state, tmp_path / "out.pt")

    class Trainer:  # what the callback reads of Lightning's trainer: its optimizers
        def __init__(self) -> None:
            self.optimizers = [torch.optim.AdamW([torch.nn.Parameter(torch.zeros(2))])]

    with pytest.raises(CheckpointError, match=r"optimizer\.pt: the carried optimizer state cannot be read"):
        carry.on_train_start(Trainer(), None)

