"""GPU: training MFU of the d12 model and Sampler tokens/s at large batch, on the CUDA device present.

Runs only where CUDA is available (``python -m benchmarks.bench_gpu`` prints one JSON object; ``run`` is
what ``benchmarks.run`` calls and reports "not measured" without a GPU). The same code runs on CPU with
tiny sizes for the smoke test (``measure("cpu", GPUBench(preset="tiny", ...))``).

* Training: bf16 autocast, fused AdamW, batch x 768 tokens of random ids (step cost does not depend on the
  text), eager and ``torch.compile``d. MFU = ``GPT.estimate_flops_per_token()`` x tokens/s / the
  device's dense bf16 peak.
* Sampler: ``models.sampler.Sampler`` on a d12 model over the benchmark tokenizer, 6 samples per state,
  24 new tokens, seeded as the search calls it, at growing batches of minilean proof states: the eager
  decode and the CUDA-graph decode side by side (speed-up = their ratio in the same run).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from benchmarks import models_fixture
from benchmarks.common import BenchResult, fmt, log, machine_info, proof_states

# Dense bf16 tensor-core peak FLOP/s (vendor datasheets, no sparsity), matched on the device name.
PEAK_BF16: tuple[tuple[str, float], ...] = (
    ("gh200", 989e12), ("h200", 989e12), ("h100 pcie", 756e12), ("h100", 989e12), ("h800", 989e12),
    ("b200", 2250e12), ("a100", 312e12), ("a800", 312e12), ("l40s", 362e12), ("l4", 121e12),
    ("a10g", 125e12), ("a10", 125e12), ("rtx 4090", 165e12), ("rtx 3090", 71e12),
)
VOCAB_FULL = 50_304  # the full profile's tokenizer size (training); the sampler needs a real tokenizer


def peak_flops(device_name: str) -> float | None:
    name = device_name.lower()
    return next((peak for key, peak in PEAK_BF16 if key in name), None)


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def train_throughput(device: torch.device, *, preset: str = "d12", batch: int = 32, seq_len: int = 768,
                     steps: int = 10, warmup: int = 3, compile_model: bool = False,
                     vocab: int = VOCAB_FULL) -> dict[str, Any]:
    from models.gpt import GPT, GPTConfig

    torch.manual_seed(0)
    model = GPT(GPTConfig.preset(preset, vocab, sequence_len=seq_len)).to(device)  # reference init
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, betas=(0.9, 0.95), fused=device.type == "cuda")
    step_fn = torch.compile(model.loss) if compile_model else model.loss
    g = torch.Generator(device=device).manual_seed(0)
    data = torch.randint(0, vocab, (batch, seq_len + 1), generator=g, device=device)
    idx, targets = data[:, :-1], data[:, 1:]
    autocast = torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda")

    def step() -> None:
        with autocast:
            loss = step_fn(idx, targets)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    t_compile = time.perf_counter()
    for _ in range(warmup):
        step()
    _sync(device)
    warm_s = time.perf_counter() - t_compile
    t0 = time.perf_counter()
    for _ in range(steps):
        step()
    _sync(device)
    seconds = (time.perf_counter() - t0) / steps
    tokens_per_s = batch * seq_len / seconds
    flops_per_token = model.estimate_flops_per_token()
    achieved = flops_per_token * tokens_per_s
    peak = peak_flops(torch.cuda.get_device_name(device)) if device.type == "cuda" else None
    mem = torch.cuda.max_memory_allocated(device) / 2**30 if device.type == "cuda" else None
    return {"preset": preset, "params": model.num_params(), "batch": batch, "seq_len": seq_len,
            "compiled": compile_model, "step_ms": 1000 * seconds, "tokens_per_s": tokens_per_s,
            "tflops": achieved / 1e12, "mfu": achieved / peak if peak else None, "warmup_s": warm_s,
            "max_mem_gib": mem}


def sampler_throughput(device: torch.device, *, preset: str = "d12",
                       batches: tuple[int, ...] = (1, 64, 256), num_samples: int = 6,
                       max_new_tokens: int = 24, repeats: int = 3) -> list[dict[str, Any]]:
    """Per batch size, the eager decode (the ``KVCache`` path) and the static-cache decode (CUDA graphs
    on a GPU) in the same run, on seeded calls as the search makes them; ``agree`` is the share of rows
    the two paths decode to the same tokens at temperature 0 (bf16 kernels chosen per batch shape may
    flip a near-tie)."""
    from models.sampler import Sampler, SamplingSettings

    tok = models_fixture.tokenizer()
    model = models_fixture.model(preset, sequence_len=768, std=0.02).to(device)
    settings = SamplingSettings(num_samples=num_samples, max_new_tokens=max_new_tokens)
    greedy = SamplingSettings(num_samples=num_samples, max_new_tokens=max_new_tokens, temperature=0.0)
    out = []
    for b in batches:
        states = proof_states(b)
        seeds = list(range(b))
        row: dict[str, Any] = {"preset": preset, "batch": b, "rows": b * num_samples}
        decoded = {}
        for path, static in (("eager", False), ("graphs", True)):
            sampler = Sampler(model, tok, settings, seed=0, device=device, static_decode=static)
            sampler(states, seeds)  # warm-up (kernels, allocator, graph capture)
            _sync(device)
            before = sampler.stats["tokens"]
            t0 = time.perf_counter()
            for _ in range(repeats):
                sampler(states, seeds)
            _sync(device)
            seconds = (time.perf_counter() - t0) / repeats
            tokens = (sampler.stats["tokens"] - before) / repeats
            row[path] = {"call_ms": 1000 * seconds, "tokens_per_s": tokens / seconds,
                         "tactics_per_s": b * num_samples / seconds}
            plain = Sampler(model, tok, greedy, device=device, static_decode=static)
            decoded[path] = plain.sample_ids(states)[0]
        row["speedup"] = row["eager"]["call_ms"] / row["graphs"]["call_ms"]
        same = sum(a == g for a, g in zip(decoded["eager"], decoded["graphs"], strict=True))
        row["agree"] = same / (b * num_samples)
        out.append(row)
    return out


@dataclass(frozen=True)
class GPUBench:
    """What ``measure`` runs."""

    preset: str = "d12"  # the models.gpt preset
    train_batch: int = 32  # rows per training step
    seq_len: int = 768  # tokens per row
    steps: int = 10  # timed training steps
    warmup: int = 3  # untimed steps first
    compile_model: bool = True  # also time a torch.compile'd model
    sampler_batches: tuple[int, ...] = (1, 64, 256)  # states per Sampler call
    vocab: int = VOCAB_FULL  # the model's vocabulary


def measure(device: str | torch.device = "cuda", bench: GPUBench = GPUBench()) -> dict[str, Any]:
    preset, train_batch, seq_len, steps = bench.preset, bench.train_batch, bench.seq_len, bench.steps
    warmup, compile_model, vocab = bench.warmup, bench.compile_model, bench.vocab
    sampler_batches = bench.sampler_batches
    t0 = time.perf_counter()
    dev = torch.device(device)
    name = torch.cuda.get_device_name(dev) if dev.type == "cuda" else "cpu"
    runs = [train_throughput(dev, preset=preset, batch=train_batch, seq_len=seq_len, steps=steps,
                             warmup=warmup, vocab=vocab)]
    if compile_model:
        try:
            runs.append(train_throughput(dev, preset=preset, batch=train_batch, seq_len=seq_len, steps=steps,
                                         warmup=warmup, compile_model=True, vocab=vocab))
        except Exception as e:  # compile problems are a finding, not a crash of the benchmark
            runs.append({"preset": preset, "compiled": True, "error": f"{type(e).__name__}: {e}"[:500]})
    sampling = sampler_throughput(dev, preset=preset, batches=sampler_batches)
    return {"device": name, "peak_bf16_flops": peak_flops(name) if dev.type == "cuda" else None,
            "train": runs, "sampler": sampling, "machine": machine_info(),
            "seconds": time.perf_counter() - t0}


def run(quick: bool = False) -> BenchResult:
    t0 = time.perf_counter()
    title = "GPU: d12 training MFU and Sampler tokens/s at large batch"
    if not torch.cuda.is_available():
        return BenchResult(name="gpu", title=title, target="report (MFU, tokens/s)", columns=[], rows=[],
                           met=None, summary="not measured on this machine (no GPU)",
                           notes=["Run `python -m benchmarks.bench_gpu` on a CUDA machine: it prints the "
                                  "numbers as JSON (`--quick` for a shorter run)."],
                           seconds=time.perf_counter() - t0)
    log("gpu: d12 training (eager, compiled) and sampler")
    r = measure("cuda", GPUBench(steps=5 if quick else 10, compile_model=not quick,
                                 sampler_batches=(1, 64) if quick else (1, 64, 256)))
    return to_result(r, time.perf_counter() - t0)


def to_result(r: dict[str, Any], seconds: float) -> BenchResult:
    rows: list[list[Any]] = []
    for t in r["train"]:
        if "error" in t:
            rows.append([f"train {t['preset']} compiled", "-", "-", "-", f"failed: {t['error'][:80]}"])
            continue
        label = f"train {t['preset']} {'compiled' if t['compiled'] else 'eager'}, {t['batch']}x{t['seq_len']}"
        mfu = f"{100 * t['mfu']:.1f}%" if t["mfu"] is not None else "n/a"
        rows.append([label, fmt(t["step_ms"]), fmt(t["tokens_per_s"]), fmt(t["tflops"]), mfu])
    for s in r["sampler"]:
        for path in ("eager", "graphs"):
            m = s[path]
            extra = (f", {s['speedup']:.1f}x eager, {100 * s['agree']:.0f}% rows agree" if path == "graphs"
                     else "")
            rows.append([f"Sampler {s['preset']}, {s['batch']} states x 6 samples, {path}", fmt(m["call_ms"]),
                         fmt(m["tokens_per_s"]), "-", f"{fmt(m['tactics_per_s'])} tactics/s{extra}"])
    best = max((t["mfu"] for t in r["train"] if t.get("mfu") is not None), default=None)
    return BenchResult(
        name="gpu", title=f"GPU ({r['device']}): d12 training MFU and Sampler tokens/s",
        target="report (MFU vs dense bf16 peak, sampler tokens/s)",
        columns=["what", "ms per step / call", "tokens/s", "TFLOP/s", "MFU / tactics/s"], rows=rows,
        ratio=best, met=None,
        summary=f"{r['device']}: best training MFU {100 * best:.1f}%" if best is not None
        else f"{r['device']}: measured (no peak FLOP/s known for this device)",
        notes=["d12 uses SSSL sliding windows: at 768 tokens its short layers pass an explicit mask to "
               "scaled_dot_product_attention, which rules out the flash kernel for them."],
        seconds=seconds, extra=r)


def record(path: Path, commit: str | None, results_json: Path | None = None,
           seconds: float | None = None) -> int:
    """Put a measurement made elsewhere (``measure``'s JSON) into the results file as the ``gpu`` entry."""
    from benchmarks.run import DEFAULT_JSON
    from core.atomic import atomic_write_text

    target = results_json or DEFAULT_JSON
    r = json.loads(path.read_text())
    if not isinstance(r, dict) or not {"device", "train", "sampler", "machine"} <= set(r):
        print(f"{path}: not a bench_gpu measurement (needs device, train, sampler, machine)", file=sys.stderr)
        return 2
    result = to_result(r, seconds if seconds is not None else float(r.get("seconds", 0.0)))
    m = r["machine"]
    result.extra["measured"] = {"date": m.get("date"), "commit": commit or m.get("commit"),
                                "quick": not any(t.get("compiled") for t in r["train"]),
                                "loadavg_1m_before": m.get("loadavg_1m"), "other_processes_cores": 0.0,
                                "machine_busy": None}
    data = json.loads(target.read_text()) if target.exists() else {"machine": machine_info(), "results": []}
    data["results"] = [d for d in data["results"] if d.get("name") != "gpu"] + [result.to_dict()]
    atomic_write_text(target, json.dumps(data, indent=1, default=str) + "\n")
    print(f"recorded {path} as the gpu section of {target}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.bench_gpu", description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="fewer steps, no torch.compile, smaller batches")
    p.add_argument("--device", default="cuda")
    p.add_argument("--record", type=Path, metavar="JSON",
                   help="do not measure: store this file (printed by a run on a GPU machine) as the GPU "
                        "section of benchmarks/results.json; `python -m benchmarks.run --only NAME` then "
                        "re-renders BENCHMARKS.md with it")
    p.add_argument("--commit", default=None, help="with --record: the commit whose code was measured")
    p.add_argument("--seconds", type=float, default=None, help="with --record: how long the run took")
    args = p.parse_args(argv)
    if args.record is not None:
        return record(args.record, args.commit, seconds=args.seconds)
    if torch.device(args.device).type == "cuda" and not torch.cuda.is_available():
        print(json.dumps({"error": "no CUDA device available"}))
        return 1
    r = measure(args.device, GPUBench(steps=5 if args.quick else 10, compile_model=not args.quick,
                                      sampler_batches=(1, 64) if args.quick else (1, 64, 256)))
    print(json.dumps(r, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
