"""Whole-proof generation (STP, DeepSeek-Prover): the model writes the complete tactic script from the
statement alone, k independent samples per theorem, each checked once by Lean; scored by pass@k.

Representation (no new token, so the vocabulary and every checkpoint stay as they are): the *tactic*
prompt of ``models.tokenizer`` with the statement as the "state": ``[BOS] tok(prompt + "\\n")
[<|tactic|>]`` where the prompt is the header and the statement as an ``example`` ending in ``:= by``
(``statement_prompt``), and the target is the whole script, its lines joined by "\\n" with their relative
indentation (bullets as written). A proof state never starts with ``example``, so the two modes do not
share prompts. SFT rows for it come from reference proofs (``whole_proof_rows``), mixed into the SFT
transitions so one model learns both modes.

Checking: a script is cleaned (blank lines dropped), refused by ``lean_io.sanitize`` when unsafe (as an
indented block: no line can reach column 0), put in place of the statement's ``sorry`` and sent once
per distinct script to ``is_valid_source`` on a leased process (a duplicate sample reuses the verdict).
Outcome rows (``WholeProofAttempt``) mirror the MCTS prover's: proof, generated tokens, Lean calls,
seconds; per-sample rows keep every script and its verdict.
"""

from __future__ import annotations

import dataclasses
import time
import zlib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from evals.passk import pass_at_k
from lean_io.errors import LeanBusinessError, LeanInfraError
from lean_io.sanitize import unsafe_reason
from search.proof import construct_proof_source, theorem_to_example, with_header
from search.prover import ERROR, PROVEN, UNPROVEN, theorem_key

# A sampler: (prompts, k, seeds) -> (B·k token rows state-major, their logprobs); models.sampler's
# Sampler.sample_iid. ``decode`` turns a row's token ids into text.
SampleFn = Callable[[Sequence[str], int, Sequence[int]], tuple[list[list[int]], list[float]]]


def statement_prompt(theorem: dict[str, Any]) -> str:
    """The whole-proof prompt of a statements row: header + the statement as an `example`, `sorry` cut."""
    statement = theorem_to_example(str(theorem["statement"])).rstrip()
    if not statement.endswith("sorry"):
        raise ValueError("statement does not end with `sorry`")
    return with_header(str(theorem.get("header") or ""), statement[: -len("sorry")].rstrip())


def is_whole_proof_state(state: str) -> bool:
    """Whether a training state is a whole-proof prompt (``statement_prompt``: its last line is an
    ``example …`` ending in ``:= by``), not a proof state (hypotheses and ``⊢ goal``) or a conjecture prompt
    (it ends with the seed's proof)."""
    text = state.rstrip()
    return text.endswith(":= by") and (text.startswith("example") or "\nexample" in text)


def clean_script(text: str) -> str:
    """A sampled script with trailing spaces and blank lines dropped (indentation kept)."""
    return "\n".join(line.rstrip() for line in text.splitlines() if line.strip())


def script_problem(script: str) -> str | None:
    """Why ``script`` must not reach Lean (sanitizer, checked as the indented block it becomes), or None."""
    if not script.strip():
        return "empty script"
    return unsafe_reason("\n".join("  " + line for line in script.splitlines()))


def proof_source(theorem: dict[str, Any], script: str) -> str:
    """Header + the statement as an `example` with the script in place of `sorry` (nothing declared)."""
    statement = theorem_to_example(str(theorem["statement"]))
    body = construct_proof_source(statement, script.splitlines())
    return with_header(str(theorem.get("header") or ""), body)


def whole_proof_row(theorem: dict[str, Any], script: str) -> tuple[str, str]:
    """(prompt, target) SFT pair of a theorem and its reference script."""
    return statement_prompt(theorem), clean_script(script)


def sample_seed(theorem: dict[str, Any], seed: int) -> int:
    """A theorem's sampling seed: stable across processes (crc32, not ``hash``) and batch compositions."""
    return zlib.crc32(f"{seed}/{theorem_key(theorem)}".encode()) & 0x7FFFFFFF


@dataclasses.dataclass
class WholeProofAttempt:
    """The outcome row of k whole-proof samples for one theorem."""

    dataset: str
    theorem_id: str
    outcome: str  # proven (some sample checked) | unproven | error (no sample could be checked)
    samples: int = 0  # n
    correct: int = 0  # c: samples whose script Lean accepted (duplicates counted, as sampled)
    distinct: int = 0  # distinct non-empty scripts
    proof: str | None = None  # the shortest accepted script
    tokens: int = 0  # generated tokens of all samples (EOS included)
    lean_calls: int = 0  # is_valid_source calls (one per distinct safe script)
    seconds: float = 0.0
    error: str | None = None
    model_version: str | None = None

    def pass_at(self, k: int) -> float:
        return pass_at_k(self.samples, self.correct, k)


@dataclasses.dataclass
class Sample:
    dataset: str
    theorem_id: str
    sample: int
    script: str
    tokens: int
    logprob: float
    valid: bool = False
    reason: str | None = None  # why not valid: unsafe / empty / rejected by Lean / lean error


def sample_scripts(
    theorems: Sequence[dict[str, Any]],
    sample_fn: SampleFn,
    decode: Callable[[list[int]], str],
    eos_id: int,
    k: int,
    *,
    seed: int = 0,
    batch_size: int = 16,
) -> tuple[list[list[Sample]], list[float]]:
    """k samples per theorem (batched ``batch_size`` theorems at a time): per theorem its Samples and the
    seconds of model time attributed to it (its batch's time over the batch's theorems)."""
    out: list[list[Sample]] = []
    seconds: list[float] = []
    for start in range(0, len(theorems), batch_size):
        batch = theorems[start : start + batch_size]
        t0 = time.monotonic()
        prompts, seeds = [statement_prompt(t) for t in batch], [sample_seed(t, seed) for t in batch]
        rows, logprobs = sample_fn(prompts, k, seeds)
        share = (time.monotonic() - t0) / len(batch)
        for i, theorem in enumerate(batch):
            samples = []
            for j in range(k):
                row = rows[i * k + j]
                ids = row[:-1] if row and row[-1] == eos_id else row
                samples.append(Sample(str(theorem.get("dataset", "")), str(theorem["id"]), j,
                                      clean_script(decode(ids)), len(row), float(logprobs[i * k + j])))
            out.append(samples)
            seconds.append(share)
    return out, seconds


def check_samples(theorem: dict[str, Any], samples: Sequence[Sample], process: Any) -> int:
    """Set each sample's verdict; one ``is_valid_source`` per distinct safe script. Returns the Lean calls.
    Lean infrastructure errors propagate (the pool retries the theorem on another slot)."""
    verdicts: dict[str, tuple[bool, str | None]] = {}
    calls = 0
    for s in samples:
        if s.script not in verdicts:
            problem = script_problem(s.script)
            if problem is not None:
                verdicts[s.script] = (False, f"unsafe: {problem}" if s.script.strip() else problem)
            else:
                calls += 1
                try:
                    ok = process.is_valid_source(proof_source(theorem, s.script))
                    verdicts[s.script] = (ok, None if ok else "rejected by Lean")
                except LeanBusinessError as exc:
                    verdicts[s.script] = (False, f"lean error: {exc}")
        s.valid, s.reason = verdicts[s.script]
    return calls


def attempt_of(theorem: dict[str, Any], samples: Sequence[Sample], lean_calls: int, seconds: float,
               model_version: str | None, error: str | None = None) -> WholeProofAttempt:
    valid = [s.script for s in samples if s.valid]
    outcome = ERROR if error else (PROVEN if valid else UNPROVEN)
    return WholeProofAttempt(
        dataset=str(theorem.get("dataset", "")), theorem_id=str(theorem["id"]), outcome=outcome,
        samples=len(samples), correct=len(valid), distinct=len({s.script for s in samples if s.script}),
        proof=min(valid, key=len) if valid else None, tokens=sum(s.tokens for s in samples),
        lean_calls=lean_calls, seconds=round(seconds, 4), error=error, model_version=model_version,
    )


def check_all(
    theorems: Sequence[dict[str, Any]],
    samples: Sequence[list[Sample]],
    pool: Any,
    concurrency: int,
    sample_seconds: Sequence[float] | None = None,
    model_version: str | None = None,
) -> list[WholeProofAttempt]:
    """Check every theorem's samples over ``pool`` (a ``lean_io.pool.SlotPool``) with up to
    ``concurrency`` theorems in flight; one attempt per theorem, in order."""

    def one(i: int) -> WholeProofAttempt:
        theorem, mine = theorems[i], samples[i]
        t0 = time.monotonic()
        model_s = sample_seconds[i] if sample_seconds is not None else 0.0
        try:
            calls = pool.run(lambda process: check_samples(theorem, mine, process))
        except LeanInfraError as exc:
            for s in mine:
                s.valid, s.reason = False, "not checked: lean infrastructure"
            return attempt_of(theorem, mine, 0, model_s + time.monotonic() - t0, model_version,
                              error=f"lean infrastructure: {type(exc).__name__}: {exc}")
        return attempt_of(theorem, mine, calls, model_s + time.monotonic() - t0, model_version)

    with ThreadPoolExecutor(max_workers=max(1, concurrency), thread_name_prefix="whole-proof") as ex:
        return list(ex.map(one, range(len(theorems))))


def prove_whole(
    theorems: Sequence[dict[str, Any]],
    sampler: Any,
    servers: Sequence[str],
    k: int,
    *,
    seed: int = 0,
    batch_size: int = 16,
    concurrency: int = 8,
    model_version: str | None = None,
) -> tuple[list[WholeProofAttempt], list[Sample]]:
    """Sample k whole proofs per theorem with ``sampler`` (a ``models.sampler.Sampler``) and check them on
    ``servers``. Returns the attempts and every sample (flat)."""
    from lean_io.pool import SlotPool

    tok = sampler.tokenizer
    samples, seconds = sample_scripts(theorems, sampler.sample_iid, tok.decode, tok.eos_id, k, seed=seed,
                                      batch_size=batch_size)
    pool = SlotPool(list(servers))
    try:
        width = max(1, min(concurrency, pool.total_slots or 1, len(theorems)))
        attempts = check_all(theorems, samples, pool, width, seconds, model_version)
    finally:
        pool.close()
    return attempts, [s for per in samples for s in per]
