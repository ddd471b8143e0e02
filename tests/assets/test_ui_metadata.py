"""What the Dagster UI shows: proofs as code blocks, images by reference, a description on every check."""

from __future__ import annotations

from pathlib import Path

import pytest

from assets.io import mlflow_image, proofs_markdown

PROOF = "theorem t (p q : Prop) (hp : p) : p ∨ q := by\n  apply Or.inl\n  exact hp"


def test_proof_table_renders_line_breaks_as_a_code_block() -> None:
    md = proofs_markdown(
        [{"theorem_id": "t", "simulations": 12, "proof": PROOF},
         {"theorem_id": "u", "simulations": 3, "proof": "theorem u : True := by\n  trivial"}],
        details=["simulations"],
    )
    assert "<br" not in md and "⏎" not in md
    # each proof's lines appear as lines, inside its own lean code block
    assert "**t** (simulations 12)\n\n```lean\n" + PROOF + "\n```" in md
    assert md.count("```lean\n") == 2
    assert "  apply Or.inl\n  exact hp" in md
    assert proofs_markdown([]) == "_(no proofs)_"


def test_a_proof_with_backticks_cannot_close_its_block() -> None:
    md = proofs_markdown([{"theorem_id": "x", "proof": "by\n  simp [```weird```]"}])
    assert md.splitlines()[2] == "````lean" and md.splitlines()[-1] == "````"


def test_images_by_reference_to_mlflow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROOFMILL_MLFLOW_UI", "http://127.0.0.1:5000")
    png = tmp_path / "loss_curve.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + b"x" * 50_000)
    by_ref = mlflow_image("abc123", "plots/loss_curve.png", "loss curve", png).value
    assert "http://127.0.0.1:5000/get-artifact?path=plots%2Floss_curve.png&run_uuid=abc123" in by_ref
    assert "base64" not in by_ref and len(by_ref) < 500
    inline = mlflow_image(None, "plots/loss_curve.png", "loss curve", png).value  # no run: fallback
    assert "data:image/png;base64," in inline


def test_every_asset_check_has_a_description() -> None:
    from pipelines.definitions import defs

    graph = defs.resolve_asset_graph()
    specs = [graph.get_check_spec(key) for key in graph.asset_check_keys]
    assert len(specs) >= 17
    missing = [spec.key.to_user_string() for spec in specs if not (spec.description or "").strip()]
    assert missing == []


def test_rl_shard_checks() -> None:
    from assets.rl import ONE_OUTCOME_PER_THEOREM, SHARD_ROWS, shard_checks

    rows = [{"dataset": "d", "theorem_id": "a", "outcome": "proven"},
            {"dataset": "d", "theorem_id": "b", "outcome": "unproven"}]
    ok = {r.check_name: r for r in shard_checks(rows, {"attempts": 2, "replay": 3, "rejected": 0})}
    assert ok[ONE_OUTCOME_PER_THEOREM].passed and ok[SHARD_ROWS].passed
    counts = {"attempts": 3, "replay": 3, "rejected": 0}
    twice = {r.check_name: r for r in shard_checks(rows + rows[:1], counts)}
    assert not twice[ONE_OUTCOME_PER_THEOREM].passed
    assert twice[ONE_OUTCOME_PER_THEOREM].metadata["repeated"].value == [["d", "a"]]
    odd = shard_checks([{**rows[0], "outcome": "maybe"}], {"attempts": 1, "replay": 1, "rejected": 0})
    assert not odd[0].passed
    no_replay = {r.check_name: r for r in shard_checks(rows, {"attempts": 2, "replay": 0, "rejected": 0})}
    assert not no_replay[SHARD_ROWS].passed
    empty = {r.check_name: r for r in shard_checks([], {"attempts": 0, "replay": 0, "rejected": 0})}
    assert not empty[ONE_OUTCOME_PER_THEOREM].passed and not empty[SHARD_ROWS].passed
    assert empty[SHARD_ROWS].severity.value == "ERROR"


class _Log:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def info(self, text: str) -> None:
        self.lines.append(text)


def test_attempt_progress_is_throttled_and_ends_with_the_total() -> None:
    from types import SimpleNamespace

    from assets.progress import AttemptProgress

    now = [0.0]
    log = _Log()
    progress = AttemptProgress(log, "eval sft", 5, every_s=10.0, clock=lambda: now[0])
    for i, outcome in enumerate(["proven", "unproven", "proven", "error", "proven"]):
        now[0] = 6.0 * (i + 1)  # 6 s apart: a line at most every 10 s, and always the last one
        progress(SimpleNamespace(outcome=outcome))
    assert log.lines == [
        "[progress] eval sft: 2/5 theorems, 1 proven (50%)",
        "[progress] eval sft: 4/5 theorems, 2 proven (50%)",
        "[progress] eval sft: 5/5 theorems, 3 proven (60%)",
    ]
