"""Offline corpora shipped in the repo (the `smoke` profile): math text, Lean code, minilean data."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from assets.sources.splits import hash_split

SMOKE_DIR = Path(__file__).resolve().parent.parent / "smoke_data"
PRETRAIN_DIR = SMOKE_DIR / "pretrain"
LEAN_DIR = SMOKE_DIR / "lean"
SMOKE_PRETRAIN_SOURCE = "smoke-math"
SMOKE_LEAN_SOURCE = "smoke-lean"
MINILEAN_SOURCE = "minilean"
MINILEAN_COMP_SOURCE = "minilean_comp"


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def math_documents() -> Iterator[dict[str, Any]]:
    """Hand-written markdown notes, then the generated exposition (``{"text", "url"}``)."""
    for path in sorted(PRETRAIN_DIR.glob("*.md")):
        yield {"text": path.read_text(encoding="utf-8"), "url": f"smoke://pretrain/{path.name}"}
    yield from _jsonl(PRETRAIN_DIR / "generated.jsonl")


def minilean_proof_source(theorem: dict[str, Any]) -> str:
    """Full Lean source of a proven minilean theorem: header, statement with `sorry` → the tactics."""
    statement: str = theorem["statement"]
    body = "\n".join("  " + line for line in str(theorem["proof"]).splitlines())
    cut = statement.rstrip().removesuffix("sorry").rstrip()
    return f"{theorem['header']}\n\n{cut}\n{body}\n".lstrip("\n")


def lean_documents() -> Iterator[dict[str, Any]]:
    """Hand-written Lean files, generated exercise files, and minilean's proven train theorems."""
    for path in sorted(LEAN_DIR.glob("*.lean")):
        yield {
            "text": path.read_text(encoding="utf-8"),
            "url": f"smoke://lean/{path.name}",
            "source": SMOKE_LEAN_SOURCE,
        }
    for doc in _jsonl(LEAN_DIR / "generated.jsonl"):
        yield {**doc, "source": SMOKE_LEAN_SOURCE}
    from minilean.theorems import load_theorems  # shipped theorem set (worker "logic")

    for thm in load_theorems("train"):
        if thm.get("proof"):
            yield {
                "text": minilean_proof_source(thm),
                "url": f"minilean://{thm['id']}",
                "source": MINILEAN_SOURCE,
            }


def midtrain_rows(valid_fraction: float, max_rows: int | None = None) -> Iterator[dict[str, Any]]:
    """Midtrain rows (`text`, `source`, `url`, `commit`, `split`) from the shipped Lean code."""
    for i, doc in enumerate(lean_documents()):
        if max_rows is not None and i >= max_rows:
            return
        yield {
            "text": doc["text"],
            "source": doc["source"],
            "url": doc["url"],
            "commit": "",
            "split": hash_split(doc["text"], valid_fraction),
        }


def minilean_leantree_path() -> Path:
    from minilean.theorems import leantree_export_path

    return Path(leantree_export_path())


def minilean_leantree_sources(comp_sft: bool = False) -> list[tuple[Path, str]]:
    """(LeanTree jsonl, source) pairs of the offline SFT data: minilean's train proofs, then the
    competition-style MiniF2F-lite problems (`minilean_comp`: linarith, nlinarith, norm_num, ...), and with
    `comp_sft` the Lean-style multi-step competition proofs (`minilean_comp_sft`, minilean.comp_pool)."""
    from minilean.gen_comp import comp_leantree_path

    sources = [(minilean_leantree_path(), MINILEAN_SOURCE),
               (Path(comp_leantree_path()), MINILEAN_COMP_SOURCE)]
    if comp_sft:
        from minilean.comp_pool import SFT_DATASET, sft_leantree_path

        sources.append((sft_leantree_path(), SFT_DATASET))
    return sources


WHOLE_PROOF_SUFFIX = "-whole"  # source tag of whole-proof rows (statement → script) in sft_transitions


def whole_proof_rows(valid_fraction: float = 0.1, comp_sft: bool = False) -> Iterator[dict[str, Any]]:
    """Whole-proof SFT rows (``stp.whole_proof``): state = the statement prompt, tactic = the whole
    reference script, proof_depth = its line count, from minilean's and minilean_comp's train proofs (the
    theorems the LeanTree transitions come from; never an eval theorem), and with `comp_sft` the
    Lean-style competition proofs. Split by theorem id hash."""
    from minilean.gen_comp import load_comp
    from minilean.theorems import load_theorems
    from stp.whole_proof import whole_proof_row

    sets = [(MINILEAN_SOURCE, load_theorems("train")), (MINILEAN_COMP_SOURCE, load_comp("train"))]
    if comp_sft:
        from minilean.comp_pool import SFT_DATASET, load_sft

        sets.append((SFT_DATASET, load_sft()))
    for source, theorems in sets:
        for thm in theorems:
            if not thm.get("proof"):
                continue
            prompt, script = whole_proof_row(thm, str(thm["proof"]))
            yield {
                "state": prompt,
                "tactic": script,
                "proof_depth": len(script.splitlines()),
                "source": source + WHOLE_PROOF_SUFFIX,
                "split": hash_split(str(thm["id"]), valid_fraction),
                "theorem": str(thm["id"]),
            }


CONJECTURE_SUFFIX = "-conjecture"  # source tag of conjecture rows (seed + proof → new statement)


def conjecture_rows(valid_fraction: float = 0.1, seed: int = 0) -> Iterator[dict[str, Any]]:
    """Conjecture SFT rows (``stp.conjecture.conjecture_sft_rows``) from minilean's train proofs."""
    from minilean.theorems import load_theorems
    from stp.conjecture import conjecture_sft_rows

    for row in conjecture_sft_rows(load_theorems("train"), seed=seed):
        yield {**row, "source": MINILEAN_SOURCE + CONJECTURE_SUFFIX,
               "split": hash_split(row["theorem"], valid_fraction)}
