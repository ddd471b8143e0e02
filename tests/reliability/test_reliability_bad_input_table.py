"""Drives the bad-input table of docs/GUARANTEES.md: each row is refused in one line naming the bad thing,
none is accepted silently, and nothing on disk changes."""

from __future__ import annotations

import json
import os
import re
import shlex
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import torch

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "GUARANTEES.md"
ROW = re.compile(r"^\| (\d+) \| ([\w.-]+) \| `(.*)` \| `(.*)` \|$")


@dataclass(frozen=True)
class Case:
    number: int
    surface: str
    text: str
    phrase: str


def table() -> list[Case]:
    rows = (ROW.match(line) for line in DOC.read_text().splitlines())
    return [Case(int(m[1]), m[2], m[3], m[4]) for m in rows if m]


CASES = table()


def test_the_table_has_at_least_60_rows_numbered_in_order() -> None:
    assert len(CASES) >= 60
    assert [c.number for c in CASES] == list(range(1, len(CASES) + 1))


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A Dagster home, an artifact root and an MLflow store, all under tmp_path, used by every surface."""
    for sub in ("dagster_home", "home", "scratch"):
        (tmp_path / sub).mkdir()
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "dagster_home"))
    monkeypatch.setenv("PROOFMILL_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{tmp_path / 'mlflow.db'}")
    monkeypatch.delenv("PROOFMILL_PROFILE_FILE", raising=False)
    monkeypatch.delenv("PROOFMILL_LEAN_SERVERS", raising=False)
    yield tmp_path


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns) for p in root.rglob("*")}


def _cli(surface: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    if surface == "minilean":  # a server that accepted its arguments would serve for ever: a subprocess
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        try:
            proc = subprocess.run([sys.executable, "-m", "minilean", *argv], env=env, cwd=REPO,
                                  capture_output=True, text=True, timeout=30)
        except subprocess.TimeoutExpired:
            return 0, "accepted: the server started serving"
        return proc.returncode, proc.stderr
    if surface == "proofmill":
        from pipelines import cli as main_module
    elif surface == "search.cli":
        from search import cli as main_module  # type: ignore[no-redef]
    else:
        from pipelines import query as main_module  # type: ignore[no-redef]
    try:
        code = main_module.main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (1 if exc.code else 0)
    return int(code or 0), capsys.readouterr().err


def _checkpoint(kind: str, scratch: Path) -> tuple[int, str]:
    from models.gpt import GPT, GPTConfig
    from registry.checkpoint import CheckpointError, load_checkpoint, save_checkpoint

    good = scratch / "good.pt"
    torch.manual_seed(0)
    save_checkpoint(good, GPT(GPTConfig(vocab_size=64, sequence_len=16, n_layer=1, n_head=1, n_kv_head=1,
                                        n_embd=32, window_pattern="L")), "fp", {})
    data = good.read_bytes()
    path = scratch / f"{kind}.pt"
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif kind == "flipped":
        mid = len(data) // 2
        path.write_bytes(data[:mid] + bytes(b ^ 0xFF for b in data[mid : mid + 64]) + data[mid + 64 :])
    elif kind == "text":
        path.write_text("this is not a checkpoint\n")
    try:
        load_checkpoint(path)
    except CheckpointError as exc:
        return 1, str(exc)
    return 0, "accepted"


@pytest.mark.parametrize("case", CASES, ids=[f"{c.number}-{c.surface}" for c in CASES])
def test_bad_input_is_refused_in_one_line(
    case: Case, world: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from core.profiles import get_profile

    missing = world / "scratch" / "does" / "not" / "exist"
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    text = case.text.replace("{missing}", str(missing)).replace("{tmp}", str(world / "scratch"))
    text = text.replace("{busy}", str(busy.getsockname()[1]))
    if case.surface == "checkpoint":  # builds its inputs in scratch/, so watch the other folders only
        before = {k: v for k, v in snapshot(world).items() if not k.startswith("scratch")}
    else:
        before = snapshot(world)
    try:
        if case.surface == "profile":
            try:
                get_profile("smoke", json.loads(text))
                code, err = 0, "accepted"
            except ValueError as exc:
                code, err = 1, str(exc)
        elif case.surface == "profile-file":
            path = world / "scratch" / "profile.json"
            if text == "<binary>":
                path.write_bytes(bytes(range(256)))
            elif text != "<missing>":
                path.write_text(text)
            monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(path))
            try:
                get_profile("smoke")
                code, err = 0, "accepted"
            except ValueError as exc:
                code, err = 1, str(exc)
            before = snapshot(world)  # the profile file itself was the input
        elif case.surface == "checkpoint":
            code, err = _checkpoint(text, world / "scratch")
        else:
            code, err = _cli(case.surface, shlex.split(text), capsys)
    finally:
        busy.close()
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert code != 0, f"accepted silently: {case}"
    assert len(lines) == 1, f"not one line: {err!r}"
    assert case.phrase in lines[0], (case.phrase, lines[0])
    assert "Traceback" not in err
    after = snapshot(world)
    if case.surface == "checkpoint":
        after = {k: v for k, v in after.items() if not k.startswith("scratch")}
    assert after == before, "something on disk changed"
    assert not missing.exists() and not missing.parent.exists()
