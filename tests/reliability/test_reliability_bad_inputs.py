"""Bad inputs: each gets a clear, actionable error, and the run around it goes on.

Statements (malformed, imports, two sorries, no sorry, non-UTF-8), huge states, corrupted checkpoints,
a tokenizer that does not match, unreachable servers, a server answering garbage, bad configuration
values and empty corpora. Tests marked ``xfail(strict=True, reason="bug: ...")`` pin a known bug: they
flip to passing (and then fail as XPASS until the mark is removed) once the fix lands.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch

from core.profiles import PROFILE_FILE_ENV, get_profile
from lean_io.client import LeanClient
from lean_io.errors import LeanConnectionError, LeanProtocolError, UnsafeTacticError
from lean_io.local import free_port
from lean_io.pool import SlotPool
from lean_io.sanitize import sanitize_tactic
from minilean.theorems import leantree_export_path
from models.gpt import GPT, GPTConfig
from models.sampler import Sampler, SamplingSettings
from models.tokenizer import ProofTokenizer
from registry.checkpoint import CheckpointError, content_sha256, load_checkpoint, save_checkpoint
from search.config import SearchConfig
from search.policy import ScriptedPolicy, UniformRandomPolicy
from search.prover import Attempt
from search.runner import prove_many
from training.data import SFTDataset, Transition

URLS = Callable[..., list[str]]
CONFIG = SearchConfig(num_simulations=3, time_budget_s=None)
POLICY = ScriptedPolicy(["exact hp", "omega"])


def theorem(tid: str, statement: str, header: str = "") -> dict[str, Any]:
    return {"dataset": "bad", "id": tid, "header": header, "statement": statement}


def good(tid: str) -> dict[str, Any]:
    return theorem(tid, f"theorem {tid} (p : Prop) (hp : p) : p := by\n  sorry")


# ------------------------------------------------------------------------------------------ statements
# (row, a phrase its error must contain): business errors, decided by Lean, never retried
BAD_STATEMENTS: list[tuple[dict[str, Any], str]] = [
    (theorem("malformed", "theorem malformed (p : Prop : p := by\n  sorry"), "expected ':='"),
    (theorem("import_in_statement", "import Mathlib\ntheorem i (p : Prop) (hp : p) : p := by\n  sorry"),
     "invalid 'import' command"),
    (theorem("import_in_header", "theorem ih (p : Prop) (hp : p) : p := by\n  sorry", "import Mathlib"),
     "invalid 'import' command"),
    (theorem("two_sorries", "theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  · sorry\n  · sorry"
             ), "Expected 1 sorry, found 2"),
    (theorem("nul_byte", "theorem n (p : Prop) (hp : p) : p\x00 := by\n  sorry"), "unexpected token"),
    ({"dataset": "bad", "id": "no_statement_field", "header": ""}, "statement"),
]


def run_batch(url: str, rows: list[dict[str, Any]]) -> tuple[list[Attempt], dict[str, Any]]:
    with SlotPool([url], backoff=0.01, probe_interval=0.1) as pool:
        attempts = prove_many(rows, pool, POLICY, CONFIG, concurrency=2)
        return attempts, pool.metrics()


def test_bad_statements_are_error_rows_and_the_others_are_proven(minilean_urls: URLS) -> None:
    (url,) = minilean_urls(1, max_processes=2)
    rows = [good("first")] + [row for row, _ in BAD_STATEMENTS] + [good("last")]
    attempts, metrics = run_batch(url, rows)
    assert [a.theorem_id for a in attempts] == [r["id"] for r in rows]
    assert attempts[0].outcome == attempts[-1].outcome == "proven"
    for attempt, (_, phrase) in zip(attempts[1:-1], BAD_STATEMENTS, strict=True):
        assert attempt.outcome == "error", attempt
        assert attempt.error and phrase in attempt.error, (attempt.theorem_id, attempt.error)
    # the prover's fault: no retries, the server stays in rotation
    assert metrics["errors_by_kind"] == {} and metrics["retries"] == 0
    assert metrics["servers"][0]["downs"] == 0


# Inputs the client sends although they can never succeed: the server's answer is an HTTP 500, which the
# pool treats as an infrastructure failure (retried 3x, and 3 in a row take a healthy server out).
NEVER_VALID: list[tuple[dict[str, Any], str]] = [
    (theorem("no_sorry", "theorem ns (p : Prop) (hp : p) : p := by\n  exact hp"), "sorry"),
    (theorem("empty_statement", ""), "sorry"),
    (theorem("lone_surrogate", "theorem ls (p : Prop) (hp : p) : p \udc80 := by\n  sorry"), "UTF-8"),
]


@pytest.mark.parametrize(("row", "phrase"), NEVER_VALID, ids=[r["id"] for r, _ in NEVER_VALID])
def test_never_valid_statements_are_not_blamed_on_the_server(
    minilean_urls: URLS, row: dict[str, Any], phrase: str
) -> None:
    (url,) = minilean_urls(1, max_processes=2)
    attempts, metrics = run_batch(url, [row, good("after")])
    assert [a.outcome for a in attempts] == ["error", "proven"]
    assert phrase in (attempts[0].error or ""), attempts[0].error
    assert "lean infrastructure" not in (attempts[0].error or "")
    assert metrics["errors_by_kind"] == {} and metrics["servers"][0]["downs"] == 0


# ----------------------------------------------------------------------------------------- non-UTF-8
def test_leantree_file_with_a_non_utf8_line_skips_it(tmp_path: Path) -> None:
    """Baseline: a line that is not JSON is counted and skipped (the rest is read)."""
    from assets.sources.leantree import LeanTreeStats, leantree_transitions

    lines = leantree_export_path().read_bytes().splitlines()[:3]
    path = tmp_path / "bad_json.jsonl"
    path.write_bytes(b"\n".join([lines[0], b"{not json", lines[1], lines[2]]) + b"\n")
    stats = LeanTreeStats()
    rows = list(leantree_transitions(path, source="t", stats=stats))
    assert stats.bad_lines == 1 and stats.files == 3 and rows


def test_leantree_non_utf8_line_is_counted_not_fatal(tmp_path: Path) -> None:
    from assets.sources.leantree import LeanTreeStats, leantree_transitions

    lines = leantree_export_path().read_bytes().splitlines()[:3]
    path = tmp_path / "bad_utf8.jsonl"
    path.write_bytes(b"\n".join([lines[0], b'{"path": "bad \xff\xfe"}', lines[1], lines[2]]) + b"\n")
    stats = LeanTreeStats()
    rows = list(leantree_transitions(path, source="t", stats=stats))
    assert stats.bad_lines == 1 and stats.files == 3 and rows


# ---------------------------------------------------------------------------------- huge states, models
@pytest.fixture(scope="module")
def tok() -> ProofTokenizer:
    corpus = ["p q : Prop\nhp : p\n⊢ p ∧ q", "exact hp", "omega", "a b : ℕ\nh : a < b\n⊢ a ≤ b"] * 40
    return ProofTokenizer.train(corpus, vocab_size=600)


@pytest.fixture(scope="module")
def model(tok: ProofTokenizer) -> GPT:
    torch.manual_seed(0)
    return GPT(GPTConfig.preset("tiny", tok.vocab_size, sequence_len=128)).eval()


HUGE_STATE = "x : ℕ\n" + "h : x + " * 125_000 + "0 = x\n⊢ x = x"  # ~1 MB of state text


@pytest.mark.slow
def test_huge_state_is_truncated_not_a_crash(tok: ProofTokenizer, model: GPT) -> None:
    assert len(HUGE_STATE.encode()) > 1_000_000
    sampler = Sampler(model, tok, SamplingSettings(num_samples=2, max_new_tokens=4, max_prompt_len=64))
    out = sampler([HUGE_STATE, "p : Prop\nhp : p\n⊢ p"])
    assert len(out) == 2 and 1.0 <= out[0].value <= 64.0
    big = HUGE_STATE[-100_000:]  # the same shape at 100 kB (each 1 MB encode costs seconds)
    prompt = tok.tactic_prompt(big, max_prompt_len=64)
    assert len(prompt) == 64 and prompt[0] == tok.bos_id and prompt[-1] == tok.tactic_id
    assert tok.decode(prompt[1:-1]).endswith("⊢ x = x\n")  # the goal (the tail) survives
    # training data: a transition too long for the context is dropped and counted, not a crash
    data = SFTDataset([Transition(big, "rfl", 1), Transition("⊢ True", "trivial", 1)], tok, 128)
    assert data.dropped == 1 and len(data.transitions) == 1
    # the baseline policy and the sanitizer cope too
    assert UniformRandomPolicy(num_samples=3)([HUGE_STATE])[0].tactics
    with pytest.raises(UnsafeTacticError, match="too long"):
        sanitize_tactic("exact " + "h " * 500_000)


@pytest.fixture
def checkpoint(tmp_path: Path, tok: ProofTokenizer, model: GPT) -> Path:
    path = tmp_path / "model.pt"
    save_checkpoint(path, model, tok.fingerprint(), {"stage": "test"})
    return path


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


CORRUPTIONS: list[tuple[str, Callable[[Path, Path], Path], str]] = [
    ("truncated", lambda ck, d: _write(d / "t.pt", ck.read_bytes()[: ck.stat().st_size // 2]), "corrupted"),
    ("empty", lambda ck, d: _write(d / "e.pt", b""), "corrupted"),
    ("random bytes", lambda ck, d: _write(d / "r.pt", bytes(range(256)) * 64), "corrupted"),
    ("json", lambda ck, d: _write(d / "j.pt", b'{"format": "proofmill-gpt/1"}'), "corrupted"),
    ("missing", lambda ck, d: d / "nope.pt", "not found"),
]


@pytest.mark.parametrize(("kind", "make", "phrase"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupted_checkpoint_is_refused_clearly(
    checkpoint: Path, tmp_path: Path, tok: ProofTokenizer, kind: str, make: Callable[[Path, Path], Path],
    phrase: str,
) -> None:
    path = make(checkpoint, tmp_path)
    with pytest.raises(CheckpointError, match=phrase) as info:
        load_checkpoint(path, tok)
    assert str(path) in str(info.value)  # says which file


def test_foreign_and_mismatched_checkpoints_are_refused(
    checkpoint: Path, tmp_path: Path, tok: ProofTokenizer
) -> None:
    other = ProofTokenizer.train(["completely different text", "⊢ q"] * 50, vocab_size=600)
    with pytest.raises(CheckpointError, match="tokenizer mismatch") as info:
        load_checkpoint(checkpoint, other)
    assert other.fingerprint() in str(info.value) and tok.fingerprint() in str(info.value)
    foreign = tmp_path / "foreign.pt"
    torch.save({"weights": torch.zeros(3)}, foreign)
    with pytest.raises(CheckpointError, match="not a proofmill checkpoint"):
        load_checkpoint(foreign, tok)
    wrong = torch.load(checkpoint, weights_only=True)
    wrong["config"]["n_embd"] = 64  # config no longer matches the weights
    torch.save(wrong, tmp_path / "wrong.pt")
    with pytest.raises(CheckpointError, match="is corrupted: content sha256"):  # an edit without re-hashing
        load_checkpoint(tmp_path / "wrong.pt", tok)
    wrong["sha256"] = content_sha256(wrong)  # consistently written, but for another architecture
    torch.save(wrong, tmp_path / "wrong.pt")
    with pytest.raises(CheckpointError, match="does not match the GPT architecture"):
        load_checkpoint(tmp_path / "wrong.pt", tok)
    _, meta = load_checkpoint(checkpoint, tok)  # the original still loads
    assert meta["stage"] == "test"


# -------------------------------------------------------------------------------------------- servers
class _Garbage(http.server.BaseHTTPRequestHandler):
    status_ok = False  # answer /status properly, garbage elsewhere

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        if self.status_ok and self.path == "/status":
            body, ctype = json.dumps({"status": "ready", "max_processes": 2}).encode(), "application/json"
        else:
            body, ctype = b"<html><body>502 Bad Gateway (nginx)</body></html>", "text/html"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer


@contextlib.contextmanager
def garbage_server(status_ok: bool) -> Iterator[str]:
    handler = type("Handler", (_Garbage,), {"status_ok": status_ok})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_unreachable_server_is_a_clear_connection_error(minilean_urls: URLS) -> None:
    dead = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(LeanConnectionError, match=r"127\.0\.0\.1"):
        LeanClient(dead).status(timeout=2)
    with pytest.raises(LeanConnectionError, match="no Lean server is usable"):
        SlotPool([dead])
    (url,) = minilean_urls(1, max_processes=2)
    with SlotPool([dead, url], probe_interval=60) as pool:  # the live one carries the run
        attempts = prove_many([good("a"), good("b")], pool, POLICY, CONFIG, concurrency=2)
    assert [a.outcome for a in attempts] == ["proven", "proven"]


def test_server_answering_garbage(minilean_urls: URLS) -> None:
    with garbage_server(status_ok=False) as url:
        with pytest.raises(LeanProtocolError, match="non-JSON body"):
            LeanClient(url).status()
        with pytest.raises(LeanConnectionError, match="LeanProtocolError"):
            SlotPool([url])
    (good_url,) = minilean_urls(1, max_processes=2)
    with garbage_server(status_ok=True) as url, SlotPool(
        [url, good_url], attempts=3, backoff=0.01, probe_interval=60
    ) as pool:
        rows = [good(f"g{i}") for i in range(6)]
        attempts = prove_many(rows, pool, POLICY, CONFIG, concurrency=3)
        metrics = pool.metrics()
    assert [a.outcome for a in attempts] == ["proven"] * 6  # retried onto the real server
    assert metrics["errors_by_kind"].get("LeanProtocolError", 0) >= 1


# --------------------------------------------------------------------------------------------- config
def test_bad_profile_names_and_keys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"unknown profile 'nope'.*smoke"):
        get_profile("nope")
    with pytest.raises(ValueError, match=r"unknown profile field 'serch'.*search"):
        get_profile("smoke", {"serch": {"num_simulations": 8}})
    with pytest.raises(ValueError, match=r"unknown profile field 'num_sims'.*num_simulations"):
        get_profile("smoke", {"search": {"num_sims": 8}})
    bad = tmp_path / "overrides.json"
    bad.write_text("{not json")
    monkeypatch.setenv(PROFILE_FILE_ENV, str(bad))
    with pytest.raises(ValueError, match=PROFILE_FILE_ENV):
        get_profile("smoke")
    monkeypatch.delenv(PROFILE_FILE_ENV)
    assert get_profile("smoke", {"search": {"num_simulations": 8}}).search.num_simulations == 8


def test_bad_runtime_values_are_refused() -> None:
    with pytest.raises(ValueError, match="num_simulations must be >= 1"):
        SearchConfig(num_simulations=-1)
    with pytest.raises(ValueError, match="time_budget_s"):
        SearchConfig(time_budget_s=0)
    with pytest.raises(ValueError, match="concurrency"):
        prove_many([good("x")], None, POLICY, CONFIG, concurrency=0)
    with pytest.raises(ValueError, match="attempts"):
        SlotPool(["127.0.0.1:1"], attempts=0)
    with pytest.raises(ValueError, match="at least one server"):
        SlotPool([])


BAD_VALUES: list[dict[str, Any]] = [
    {"search": {"num_simulations": -1}},
    {"search": {"num_simulations": "many"}},
    {"search": {"concurrency": 0}},
    {"search": {"tactic_timeout_ms": -5}},
    {"rl": {"replay_window": 0}},
    {"search": 5},
]


@pytest.mark.parametrize("overrides", BAD_VALUES, ids=[json.dumps(v) for v in BAD_VALUES])
def test_bad_profile_values_are_refused_up_front(overrides: dict[str, Any]) -> None:
    section, value = next(iter(overrides.items()))
    key = next(iter(value)) if isinstance(value, dict) else section
    with pytest.raises(ValueError, match=key):
        get_profile("smoke", overrides)


# ---------------------------------------------------------------------------------------- empty input
def test_empty_corpora_give_clear_errors(tmp_path: Path) -> None:
    import dagster as dg

    from assets.resources import ProofmillResource
    from training.data import PackedTextDataset

    resource = ProofmillResource(home=str(tmp_path))
    with pytest.raises(dg.Failure, match="materialize rl_statements first"):
        resource.statements("rl_statements", "train")
    schema = pa.schema([(c, pa.string()) for c in ("dataset", "id", "split", "header", "statement")])
    pq.write_table(schema.empty_table(), resource.corpus_path("rl_statements"))
    with pytest.raises(dg.Failure, match="has no 'train' statements"):
        resource.statements("rl_statements", "train")
    text = tmp_path / "empty_text.parquet"
    pq.write_table(pa.table({"text": pa.array([], pa.string()), "split": pa.array([], pa.string())}), text)
    with pytest.raises(ValueError, match="no documents in split"):
        PackedTextDataset(text, ProofTokenizer.train(["a b"], vocab_size=500), 32)
    assert prove_many([], None, POLICY, CONFIG, concurrency=1) == []  # nothing to do is not an error
