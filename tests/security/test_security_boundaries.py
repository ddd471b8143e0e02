"""Security boundaries: loopback-only listeners, no unpickling of network data or checkpoints, no
secrets in logs or metadata.

* minilean, ``proofmill ui`` and ``make mlflow`` bind 127.0.0.1 unless told otherwise (checked on the
  kernel's socket table for minilean, on the command line the CLI/Makefile actually runs otherwise).
* A server answering with a malicious base64 pickle in ``exception`` (the LeanTree error shape) is not
  unpickled: the payload would create a file, and it does not. An AST scan of the project's source
  keeps it that way (no pickle/marshal loads, every torch.load weights-only, no eval/exec).
* A checkpoint that carries a pickled object is refused by the weights-only loader without running it.
* With HF_TOKEN set, a smoke materialization of the corpora assets and an MLflow stage run leave the
  token nowhere: not in the Dagster event log, the asset metadata, the artifacts or the MLflow store.
"""

from __future__ import annotations

import ast
import base64
import contextlib
import http.server
import json
import os
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import torch

from lean_io.client import LeanClient
from lean_io.errors import LeanServerError
from lean_io.local import free_port
from lean_io.pool import SlotPool
from registry.checkpoint import FORMAT, CheckpointError, load_checkpoint
from search.config import SearchConfig
from search.policy import ScriptedPolicy
from search.runner import prove_many

REPO = Path(__file__).resolve().parents[2]
SOURCE_PACKAGES = ("lean_io", "search", "models", "assets", "pipelines", "benchmarks")


class Payload:
    """Unpickling this runs code: it writes ``marker``."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (exec, (f"open({str(self.marker)!r}, 'w').write('pwned')",))


def evil_pickle(marker: Path) -> bytes:
    return pickle.dumps(Payload(marker))


def test_payload_is_live(tmp_path: Path) -> None:
    """Control: the payload really executes when unpickled, so its absence below means something."""
    marker = tmp_path / "control"
    pickle.loads(evil_pickle(marker))
    assert marker.read_text() == "pwned"


# --------------------------------------------------------------------------------- loopback listeners
def listening_addresses(port: int) -> set[str]:
    """Local addresses (hex, as in /proc/net/tcp{,6}) with a LISTEN socket on ``port``."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                addr, hex_port = fields[1].rsplit(":", 1)
                if int(hex_port, 16) == port and fields[3] == "0A":
                    found.add(addr)
    return found


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="needs Linux /proc/net/tcp")
def test_minilean_binds_loopback_by_default() -> None:
    from minilean.__main__ import parse_args

    assert parse_args([]).host == "127.0.0.1"
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "minilean", "--port", str(port), "--max-processes", "1"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while not listening_addresses(port):
            assert proc.poll() is None and time.monotonic() < deadline, "minilean did not start"
            time.sleep(0.05)
        assert listening_addresses(port) == {"0100007F"}  # 127.0.0.1, and nothing else
    finally:
        proc.terminate()
        proc.wait(10)


def test_proofmill_ui_binds_loopback_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from pipelines import cli

    launched: list[list[str]] = []

    class Recorder:  # stands in for `dagster dev` itself: we check the command line it would get
        def __init__(self, cmd: list[str], **kwargs: Any) -> None:
            launched.append(cmd)
            self.pid = 0

        def wait(self, timeout: float | None = None) -> int:
            return 0

    monkeypatch.setattr(cli.subprocess, "Popen", Recorder)
    monkeypatch.setenv("DAGSTER_HOME", str(REPO / "dagster_home"))
    assert cli.main(["ui"]) == 0
    (cmd,) = launched
    assert cmd[cmd.index("-h") + 1] == "127.0.0.1"


def test_make_mlflow_binds_loopback() -> None:
    out = subprocess.run(
        ["make", "-n", "-C", str(REPO), "mlflow"], capture_output=True, text=True, check=True
    ).stdout
    [line] = [ln for ln in out.splitlines() if "mlflow ui" in ln]
    assert "--host 127.0.0.1" in line


def test_no_wildcard_bind_in_the_source() -> None:
    hits = [
        f"{path.relative_to(REPO)}:{n}"
        for package in SOURCE_PACKAGES
        for path in sorted((REPO / package).rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if "0.0.0.0" in line or '"::"' in line
    ]
    assert hits == []


# ------------------------------------------------------------------------------------ no unpickling
@contextlib.contextmanager
def pickling_server(marker: Path) -> Iterator[str]:
    """/status is fine; every other call answers like a LeanTree 500, with a malicious `exception`."""
    blob = base64.b64encode(evil_pickle(marker)).decode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _answer(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if self.path == "/status":
                status, body = 200, {"status": "ready", "max_processes": 2, "exception": blob}
            else:
                status, body = 500, {"error": "boom", "exception": blob, "traceback": "Traceback: boom"}
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = _answer

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_network_pickles_are_never_unpickled(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    with pickling_server(marker) as url:
        client = LeanClient(url)
        assert client.status()["max_processes"] == 2
        with pytest.raises(LeanServerError) as info:
            client.get_process()
        assert info.value.status == 500 and info.value.error == "boom"
        assert info.value.traceback == "Traceback: boom"
        with SlotPool([url], attempts=2, backoff=0.01, probe_interval=0.05) as pool:
            statement = "theorem t : True := by\n  sorry"
            theorem = {"dataset": "x", "id": "t", "header": "", "statement": statement}
            (attempt,) = prove_many([theorem], pool, ScriptedPolicy(["trivial"]), SearchConfig(), 1)
        client.close()
    assert attempt.outcome == "error" and "boom" in (attempt.error or "")
    assert "gASV" not in (attempt.error or "")  # the pickle is not echoed either
    assert not marker.exists()


_UNSAFE_LOADS = {
    ("pickle", "load"), ("pickle", "loads"), ("pickle", "Unpickler"), ("marshal", "load"),
    ("marshal", "loads"), ("dill", "load"), ("dill", "loads"), ("cloudpickle", "load"),
    ("cloudpickle", "loads"), ("joblib", "load"), ("yaml", "load"), ("yaml", "unsafe_load"),
    ("shelve", "open"), ("jsonpickle", "decode"),
}


def unsafe_calls(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        kw = {k.arg: k.value for k in node.keywords}
        if isinstance(func, ast.Name) and func.id in ("eval", "exec", "__import__"):
            found.append(f"{func.id}()")
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            pair = (func.value.id, func.attr)
            if pair in _UNSAFE_LOADS:
                found.append(".".join(pair))
            if pair == ("torch", "load"):
                wo = kw.get("weights_only")
                if not (isinstance(wo, ast.Constant) and wo.value is True):
                    found.append("torch.load without weights_only=True")
            if func.attr == "load" and "allow_pickle" in kw:
                ap = kw["allow_pickle"]
                if not (isinstance(ap, ast.Constant) and ap.value is False):
                    found.append("numpy load with allow_pickle")
    return found


def test_source_has_no_unsafe_deserialization() -> None:
    bad = {}
    for package in SOURCE_PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            calls = unsafe_calls(ast.parse(path.read_text(), filename=str(path)))
            if calls:
                bad[str(path.relative_to(REPO))] = calls
    assert bad == {}
    # the scan itself finds what it looks for
    assert unsafe_calls(ast.parse("import pickle, torch\npickle.loads(b'')\ntorch.load('x')\neval('1')")) == [
        "pickle.loads", "torch.load without weights_only=True", "eval()"
    ]


# ------------------------------------------------------------------------------- weights-only loads
def test_checkpoint_with_a_pickled_object_is_refused(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    whole = tmp_path / "object.pt"
    torch.save(Payload(marker), whole)
    nested = tmp_path / "nested.pt"
    torch.save(
        {"format": FORMAT, "config": {"vocab_size": 8}, "state_dict": {}, "tokenizer_fingerprint": "x",
         "meta": {"note": Payload(marker)}},
        nested,
    )
    for path in (whole, nested):
        with pytest.raises(CheckpointError, match="not a weights-only torch file"):
            load_checkpoint(path)
    assert not marker.exists()


# --------------------------------------------------------------------------------------------- secrets
def grep_tree(root: Path, needle: bytes) -> list[str]:
    return sorted(
        str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and needle in p.read_bytes()
    )


@pytest.mark.slow
def test_hf_token_never_lands_in_logs_metadata_or_mlflow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dagster as dg

    from assets.corpora import rl_statements, sft_transitions
    from assets.resources import ProofmillResource
    from assets.sources.hf import hf_token
    from core.profiles import get_profile
    from models.gpt import GPT, GPTConfig
    from registry import registry
    from registry.checkpoint import save_checkpoint

    secret = f"hf_secret-xyz-{os.getpid()}-{time.time_ns()}"
    monkeypatch.setenv("HF_TOKEN", secret)
    assert hf_token() == secret  # the loaders would send it (to the Hub, only)
    home, dagster_home = tmp_path / "artifacts", tmp_path / "dagster_home"
    dagster_home.mkdir()
    instance = dg.DagsterInstance.local_temp(str(dagster_home))
    try:
        result = dg.materialize(
            [rl_statements, sft_transitions],
            resources={"proofmill": ProofmillResource(profile="smoke", home=str(home))},
            instance=instance,
        )
        assert result.success
        events = [repr(e) for e in instance.all_logs(result.run_id)]
        metadata = [
            repr(m.metadata)
            for node in ("rl_statements", "sft_transitions")
            for m in result.asset_materializations_for_node(node)
        ]
    finally:
        instance.dispose()
    assert len(events) > 5 and len(metadata) == 2
    assert not [e for e in events + metadata if secret in e]

    # an MLflow stage run with the whole profile as params
    torch.manual_seed(0)
    checkpoint = tmp_path / "model.pt"
    save_checkpoint(checkpoint, GPT(GPTConfig.preset("tiny", 512, sequence_len=32)), "fp", {"stage": "sft"})
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)
    import dataclasses

    version = registry.log_stage_run(
        registry.StageRecord("sft", checkpoint, "fp", metrics={"val_loss": 1.0},
                             params={"profile": dataclasses.asdict(get_profile("smoke"))}),
        uri=uri, artifacts_root=str(tmp_path / "mlartifacts"),
    )
    run = registry.client(uri).get_run(version.run_id)
    assert run.data.params and secret not in json.dumps([run.data.params, run.data.tags])
    needle = secret.encode()
    assert grep_tree(tmp_path, needle) == []  # artifacts, Dagster storage, mlflow.db, mlartifacts
