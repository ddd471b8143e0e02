"""Benchmark loaders over real HTTP (a loopback server standing in for raw.githubusercontent.com)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest
import requests

from assets.sources import benchmarks
from assets.sources.hf import fetch_text, http_session

VALID_LEAN = """import MiniF2F.ProblemImports

open scoped Real
open scoped Nat

/-- Show that it is 65. -/
theorem mathd_algebra_478 (b h v : ℝ) (h₀ : 0 < b ∧ 0 < h ∧ 0 < v) (h₁ : v = 1 / 3 * (b * h))
    (h₂ : b = 30) (h₃ : h = 13 / 2) : v = 65 := by
  sorry

theorem imo_1959_p1 (n : ℕ) (h₀ : 0 < n) : Nat.gcd (21 * n + 4) (14 * n + 3) = 1 := by
  sorry
"""

TEST_LEAN = """open scoped Real

theorem mathd_numbertheory_66 : 194 % 11 = 7 :=
  rfl

theorem mathd_algebra_302 : (Complex.I / 2) ^ 2 = -(1 / 4) := by
  norm_num [div_pow]
"""

PROOFNET = [
    {
        "name": "exercise_1_13a",
        "split": "valid",
        "header": "import Mathlib\n\nopen Complex Filter Function Metric Finset\n"
        "open scoped BigOperators Topology\n\n",
        "formal_statement": "theorem exercise_1_13a {f : ℂ → ℂ} (Ω : Set ℂ) (a b : Ω) (h : IsOpen Ω)\n"
        "  (hf : DifferentiableOn ℂ f Ω) (hc : ∃ (c : ℝ), ∀ z ∈ Ω, (f z).re = c) :\n"
        "  f a = f b :=",
    },
    {
        "name": "exercise_2_1",
        "split": "test",
        "header": "import Mathlib\n\ndef g (n : ℕ) : ℕ := n\n",
        "formal_statement": "theorem exercise_2_1 : g 1 = 1 := by",
    },
]


class _Handler(BaseHTTPRequestHandler):
    files: ClassVar[dict[str, bytes]] = {}
    failures_left: ClassVar[dict[str, int]] = {}

    def do_GET(self) -> None:
        if self.failures_left.get(self.path, 0) > 0:
            self.failures_left[self.path] -= 1
            self.send_response(503)
            self.end_headers()
            return
        body = self.files.get(self.path)
        self.send_response(200 if body is not None else 404)
        self.end_headers()
        self.wfile.write(body or b"not found")

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    _Handler.files = {
        "/MiniF2F/Valid.lean": VALID_LEAN.encode(),
        "/MiniF2F/Test.lean": TEST_LEAN.encode(),
        "/data/proofnet.jsonl": "\n".join(json.dumps(r) for r in PROOFNET).encode(),
    }
    _Handler.failures_left = {"/MiniF2F/Test.lean": 2}
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_minif2f_over_http_with_retries(server: str) -> None:
    with http_session(backoff_factor=0) as session:
        rows = benchmarks.minif2f_rows(
            f"{server}/MiniF2F/", expected={"valid": 2, "test": 2}, session=session
        )
    assert _Handler.failures_left["/MiniF2F/Test.lean"] == 0  # two 503s were retried
    assert [(r["id"], r["split"]) for r in rows] == [
        ("mathd_algebra_478", "valid"),
        ("imo_1959_p1", "valid"),
        ("mathd_numbertheory_66", "test"),
        ("mathd_algebra_302", "test"),
    ]
    assert rows[0]["header"] == "open scoped Real\nopen scoped Nat"
    assert rows[2]["statement"] == "theorem mathd_numbertheory_66 : 194 % 11 = 7 := by\n  sorry"
    assert rows[3]["statement"] == "theorem mathd_algebra_302 : (Complex.I / 2) ^ 2 = -(1 / 4) := by\n  sorry"
    assert all(r["dataset"] == "minif2f" and "import" not in r["header"] for r in rows)


def test_minif2f_count_mismatch_is_an_error(server: str) -> None:
    with http_session(backoff_factor=0) as session, pytest.raises(ValueError, match="expected 256"):
        benchmarks.minif2f_rows(f"{server}/MiniF2F", session=session)


def test_benchmark_rows_take_other_ports_counts(server: str) -> None:
    _Handler.failures_left = {}
    rows = list(
        benchmarks.benchmark_rows(
            ["minif2f"],
            offline=False,
            minif2f_base_url=f"{server}/MiniF2F/",
            minif2f_expected={"valid": 2, "test": 2},
        )
    )
    assert [r["id"] for r in rows] == [
        "mathd_algebra_478",
        "imo_1959_p1",
        "mathd_numbertheory_66",
        "mathd_algebra_302",
    ]
    with pytest.raises(ValueError, match="expected 256"):
        list(benchmarks.benchmark_rows(["minif2f"], offline=False, minif2f_base_url=f"{server}/MiniF2F/"))


def test_proofnet_over_http(server: str) -> None:
    rows = benchmarks.proofnet_rows(f"{server}/data/proofnet.jsonl")
    assert [(r["id"], r["split"]) for r in rows] == [("exercise_1_13a", "valid"), ("exercise_2_1", "test")]
    assert (
        rows[0]["header"] == "open Complex Filter Function Metric Finset\nopen scoped BigOperators Topology"
    )
    assert rows[0]["statement"].endswith("f a = f b := by\n  sorry")
    assert rows[1]["header"] == "def g (n : ℕ) : ℕ := n"
    assert rows[1]["statement"] == "theorem exercise_2_1 : g 1 = 1 := by\n  sorry"


def test_missing_file_raises_after_retries(server: str) -> None:
    with http_session(retries=1, backoff_factor=0) as session, pytest.raises(requests.HTTPError):
        fetch_text(f"{server}/nope.lean", session=session)


def test_offline_benchmarks_refuse_downloads() -> None:
    with pytest.raises(ValueError, match="offline"):
        list(benchmarks.benchmark_rows(["minif2f"], offline=True))


def test_minif2f_lite_is_the_statable_minif2f_subset_offline():
    from minilean import minif2f

    rows = list(benchmarks.benchmark_rows(["minif2f_lite"], offline=True))
    valid = [r for r in rows if r["split"] == "valid"]
    assert {r["dataset"] for r in rows} == {"minif2f_lite"}
    assert len(valid) >= 120  # at least 120 of the 244 valid statements are statable
    shipped = {r["id"]: r for r in minif2f.load("valid")}
    for r in valid:
        assert r["statement"] == shipped[r["id"]]["statement"]
        assert minif2f.statable(r["statement"], r["header"]) == (True, "")
    refused = [r for r in minif2f.load("valid") if r["id"] not in {v["id"] for v in valid}]
    assert refused and all(not minif2f.statable(r["statement"], r["header"])[0] for r in refused[:5])


def test_offline_sft_sources_include_the_competition_problems():
    from assets.sources import leantree, smoke

    sources = dict((source, path) for path, source in smoke.minilean_leantree_sources())
    assert set(sources) == {"minilean", "minilean_comp"}
    tactics = {r["tactic"] for r in leantree.leantree_transitions(sources["minilean_comp"], source="c")}
    assert any(t.startswith(("linarith", "nlinarith", "norm_num")) for t in tactics)
