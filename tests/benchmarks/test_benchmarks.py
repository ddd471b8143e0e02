"""Smoke tests of the benchmarks: each runs for real with tiny sizes and returns well-formed numbers.
No assertion looks at how fast anything was (the machine is shared and noisy)."""

from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path

import dagster as dg
import pytest

from benchmarks import bench_fanout, bench_gpu, bench_pipeline, bench_sampler, bench_search, bench_training
from benchmarks import run as bench_run
from benchmarks.common import BenchResult, cpu_window, fmt, machine_info, proof_states, time_call
from core.profiles import StageSettings


def _well_formed(r: BenchResult, name: str) -> None:
    assert r.name == name
    assert r.rows and all(len(row) == len(r.columns) for row in r.rows)
    assert r.ratio is not None and math.isfinite(r.ratio)
    assert isinstance(r.met, bool)
    assert r.summary and r.target and r.seconds > 0
    json.dumps(r.to_dict(), default=str)  # serializable for results.json


def test_common_helpers() -> None:
    info = machine_info()
    assert info["cores"] >= 1 and info["torch"] and info["commit"] and info["date"]
    states = proof_states(5)
    assert len(states) == 5 and all("⊢" in s for s in states)
    calls: list[int] = []
    t = time_call(lambda: calls.append(1), warmup=2, repeats=3)
    assert len(calls) == 5 and len(t.runs) == 3 and t.min <= t.median
    with cpu_window([os.getpid()]) as w:
        time.sleep(0.1)  # /proc/stat counts in clock ticks (10 ms)
    assert w.wall >= 0.1 and w.machine_total > 0 and 0 <= w.machine_utilization <= 1
    assert w.by_pid[os.getpid()] >= 0
    assert fmt(1234.5) == "1,234" and fmt(0.5) == "0.5" and fmt(None) == "-" and fmt(float("nan")) == "n/a"


def test_sampler_bench() -> None:
    r = bench_sampler.run(batches=(1, 2), num_samples=2, max_new_tokens=3, naive_states=1, rounds=2)
    _well_formed(r, "sampler")
    assert len(r.rows) == 3  # naive + one row per batch size
    assert r.extra["naive"]["tokens"] > 0 and r.ratio > 0


def test_fanout_bench() -> None:
    cfg = bench_fanout.FanoutConfig("tiny", n_servers=2, max_processes=2, latency_ms=5.0)
    before = bench_fanout.FanoutConfig("tiny, before", n_servers=2, max_processes=2, latency_ms=5.0,
                                       keep_alive=True, session_request=True, switch_interval_ms=1.0)
    pipeline = bench_fanout.PIPELINE_SERVER
    r = bench_fanout.run(cfgs=[cfg, before], duration_s=0.5, profile_calls=10, variants=(pipeline,))
    _well_formed(r, "fanout")
    run, old = r.extra["runs"]
    assert run["slots"] == 4 and run["calls"] > 0 and run["ideal_per_s"] == pytest.approx(4 / 0.005)
    assert old["calls"] > 0 and old["session_request"] and old["switch_interval_ms"] == 1.0
    assert run["switch_interval_ms"] == pytest.approx(1000 * sys.getswitchinterval())  # restored
    single = r.extra["one_connection"]
    assert set(single) == {pipeline}
    routes = single[pipeline]
    assert set(routes) == {bench_fanout.SHIPPED, bench_fanout.SESSION_REQUEST}
    assert all(v["cpu_ms_per_call"] > 0 and v["wall_ms_per_call"] > 0 for v in routes.values())
    assert any("ncalls" in line for line in routes[bench_fanout.SHIPPED]["profile"])
    assert any("_send" in line for line in routes[bench_fanout.SHIPPED]["profile"])  # the shipped route


def test_search_bench() -> None:
    r = bench_search.run(n_theorems=2, simulations=2, concurrency=2)
    _well_formed(r, "search")
    for run in r.extra["runs"]:
        assert run["sims_done"] > 0
        assert run["model_share"] + run["lean_share"] + run["tree_share"] == pytest.approx(1.0)
        assert run["wrapper_vs_mcts_policy"] == pytest.approx(1.0, abs=0.2)  # two clocks, same interval


def test_training_bench() -> None:
    settings = StageSettings(batch_size=2, seq_len=16, grad_clip=1.0)
    r = bench_training.run(steps=4, rounds=1, warmup=1, settings=settings)
    _well_formed(r, "training")
    assert r.extra["raw_ms"] > 0 and r.extra["lightning_ms"] > 0


def test_pipeline_analyze_reads_a_real_run(tmp_path: Path) -> None:
    @dg.asset
    def first() -> int:
        return 1

    @dg.asset
    def second(first: int) -> int:
        return first + 1

    home = tmp_path / "dagster_home"
    home.mkdir()
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    with bench_pipeline._dagster_home(home):
        with dg.DagsterInstance.from_config(str(home)) as instance:
            result = dg.materialize([first, second], instance=instance)
            assert result.success
    a = bench_pipeline.analyze(home, job=result.job_def.name)
    assert [s["step"] for s in a["steps"]] == ["first", "second"]
    assert 0 <= a["dagster_share"] <= 1 and a["covered_s"] <= a["run_wall_s"]
    assert bench_pipeline._union([(0, 2), (1, 3), (5, 6)]) == pytest.approx(4.0)


def test_gpu_bench_on_cpu_and_report(tmp_path: Path) -> None:
    bench = bench_gpu.GPUBench(preset="tiny", train_batch=2, seq_len=16, steps=1, warmup=1,
                               compile_model=False, sampler_batches=(1,), vocab=512)
    r = bench_gpu.measure("cpu", bench)
    sampled = r["sampler"][0]
    assert r["train"][0]["tokens_per_s"] > 0 and sampled["eager"]["tokens_per_s"] > 0
    # on CPU the static path runs eagerly: both paths decode the same greedy rows
    assert sampled["graphs"]["tokens_per_s"] > 0 and sampled["agree"] == 1.0
    # a measurement made on another machine is recorded as the gpu section of a results file
    measured, results = tmp_path / "gpu.json", tmp_path / "results.json"
    measured.write_text(json.dumps(r, default=str))
    results.write_text(json.dumps({"machine": r["machine"], "results": [{"name": "gpu", "stale": 1}]}))
    assert bench_gpu.record(measured, "abc1234", results) == 0
    (entry,) = json.loads(results.read_text())["results"]
    assert entry["name"] == "gpu" and entry["extra"]["measured"]["commit"] == "abc1234"
    assert entry["rows"][1][0].startswith("Sampler tiny, 1 states")
    (tmp_path / "bad.json").write_text("{}")
    assert bench_gpu.record(tmp_path / "bad.json", None, results) == 2
    res = bench_gpu.to_result(r, 1.0)
    assert len(res.rows) == 3 and all(len(row) == len(res.columns) for row in res.rows)
    assert bench_gpu.peak_flops("NVIDIA H100 80GB HBM3") == 989e12
    assert bench_gpu.peak_flops("NVIDIA H100 PCIe") == 756e12

    # the runner writes both files atomically and keeps earlier results when run with --only
    md, js = tmp_path / "BENCHMARKS.md", tmp_path / "results.json"
    earlier = BenchResult(name="sampler", title="Sampler: x", target="t", columns=["a"], rows=[[1]],
                          ratio=12.0, met=True, summary="12.0x")
    js.write_text(json.dumps({"results": [earlier.to_dict()]}))
    assert bench_run.main(["--only", "gpu", "--out", str(md), "--json", str(js)]) == 0
    text = md.read_text()
    if not bench_gpu.torch.cuda.is_available():
        assert "not measured on this machine (no GPU)" in text
    assert "12.0x" in text and "## How to reproduce" in text
    assert [d["name"] for d in json.loads(js.read_text())["results"]] == ["sampler", "gpu"]
