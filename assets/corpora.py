"""Corpora assets (group "corpora"): pretrain text, Lean code, SFT transitions, RL statements, benchmarks.

Each asset streams rows from a loader in :mod:`assets.sources` into ``proofmill.corpus_path(<asset
name>)`` (parquet, written atomically) and records row counts, size, a sample and a per-dataset
breakdown. With ``profile.corpora.offline`` every corpus comes from data shipped in the repo.
"""

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import dagster as dg
import duckdb

from assets import keys
from assets.io import required_columns_missing, table_metadata, write_parquet
from assets.resources import ProofmillResource
from assets.sources import benchmarks, leantree, midtrain, pretrain, smoke, statements
from assets.sources.schemas import MIDTRAIN_SCHEMA, PRETRAIN_SCHEMA, STATEMENT_SCHEMA, TRANSITION_SCHEMA

GROUP = keys.CORPORA_GROUP
# Valid share of the text corpora (split by content hash, so it is stable while streaming). The
# shipped corpora are small, hence a larger share there.
PRETRAIN_VALID_FRACTION = {True: 0.05, False: 0.005}
SMOKE_MIDTRAIN_VALID_FRACTION = 0.1


def _downloads(proofmill: ProofmillResource) -> Path:
    """Where Hub/HTTP downloads are cached: under the artifact root, next to what they produce."""
    return proofmill.root / "downloads"


class _TokenCounter:
    """Counts ≈tokens of the rows passing through (for metadata), without holding them."""

    def __init__(self, rows: Iterable[dict[str, Any]], column: str = "text"):
        self._rows, self._column, self.tokens = rows, column, 0

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for row in self._rows:
            self.tokens += pretrain.approx_tokens(row[self._column])
            yield row


def _result(path: Path, breakdown: Sequence[str], **extra: Any) -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={**table_metadata(path, breakdown=breakdown), **extra})


@dg.asset(group_name=GROUP, kinds={"parquet"})
def pretrain_corpus(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    """Math web text for pretraining: Nemotron-CC-Math-v1 `4plus` up to the token budget (columns
    `text`, `source`, `url`, `split`). Offline: the shipped markdown notes and generated exposition."""
    cfg = proofmill.settings.corpora
    if cfg.offline:
        rows: Iterable[dict[str, Any]] = pretrain.budgeted_rows(
            smoke.math_documents(),
            token_budget=cfg.pretrain_token_budget,
            source=smoke.SMOKE_PRETRAIN_SOURCE,
            valid_fraction=PRETRAIN_VALID_FRACTION[True],
        )
    else:
        context.log.info(f"streaming {pretrain.NEMOTRON_REPO} up to ≈{cfg.pretrain_token_budget:,} tokens")
        rows = pretrain.nemotron_rows(
            cfg.pretrain_token_budget,
            valid_fraction=PRETRAIN_VALID_FRACTION[False],
            cache_dir=_downloads(proofmill),
        )
    counted = _TokenCounter(rows)
    path = proofmill.corpus_path(keys.PRETRAIN_CORPUS)
    write_parquet(path, counted, PRETRAIN_SCHEMA)
    return _result(
        path,
        ("source", "split"),
        approx_tokens=dg.MetadataValue.int(counted.tokens),
        token_budget=dg.MetadataValue.int(cfg.pretrain_token_budget),
    )


@dg.asset(group_name=GROUP, kinds={"parquet"})
def midtrain_corpus(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    """Lean source files for midtraining: Kripi/Lean-Github-Raw, last row groups = valid (columns
    `text`, `source`, `url`, `commit`, `split`). Offline: shipped Lean files + minilean's proofs."""
    cfg = proofmill.settings.corpora
    if cfg.offline:
        rows: Iterable[dict[str, Any]] = smoke.midtrain_rows(
            SMOKE_MIDTRAIN_VALID_FRACTION, cfg.midtrain_max_rows
        )
    else:
        local = midtrain.download_lean_github(cache_dir=_downloads(proofmill))
        context.log.info(f"read {midtrain.LEAN_GITHUB_REPO} from {local}")
        rows = midtrain.lean_github_rows(local, max_rows=cfg.midtrain_max_rows)
    counted = _TokenCounter(rows)
    path = proofmill.corpus_path(keys.MIDTRAIN_CORPUS)
    write_parquet(path, counted, MIDTRAIN_SCHEMA)
    return _result(path, ("source", "split"), approx_tokens=dg.MetadataValue.int(counted.tokens))


@dg.asset(group_name=GROUP, kinds={"parquet"})
def sft_transitions(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    """(state, tactic, proof_depth) transitions from LeanTree proof trees; the last 10 % of files are
    `valid`. Offline: minilean's export of its train proofs, read by the same loader, plus (profile
    `whole_proof.sft_mix`) whole-proof rows: statement prompt → the whole reference script."""
    cfg = proofmill.settings.corpora
    if cfg.offline:
        sources = smoke.minilean_leantree_sources(comp_sft=cfg.sft_comp_lean_style)
    else:
        sources = [(leantree.download_leantree(cache_dir=_downloads(proofmill)), "leantree-mathlib")]
    stats = leantree.LeanTreeStats()
    path = proofmill.corpus_path(keys.SFT_TRANSITIONS)
    rows = itertools.chain.from_iterable(
        leantree.leantree_transitions(local, source=source, max_files=cfg.sft_max_files, stats=stats)
        for local, source in sources
    )
    if cfg.offline and proofmill.settings.whole_proof.sft_mix:  # statement → script (stp.whole_proof)
        rows = itertools.chain(rows, smoke.whole_proof_rows(comp_sft=cfg.sft_comp_lean_style))
    if cfg.offline and proofmill.settings.conjecture.sft_mix:  # seed + proof → statement (stp.conjecture)
        rows = itertools.chain(rows, smoke.conjecture_rows(seed=cfg.seed))
    write_parquet(path, rows, TRANSITION_SCHEMA)
    context.log.info(f"LeanTree read: {stats}")
    return _result(
        path,
        ("source", "split"),
        files=dg.MetadataValue.int(stats.files),
        theorems=dg.MetadataValue.int(stats.theorems),
        theorem_errors=dg.MetadataValue.int(stats.theorem_errors),
        tree_errors=dg.MetadataValue.int(stats.tree_errors),
        skipped_tactics=dg.MetadataValue.int(stats.skipped_tactics),
        bad_lines=dg.MetadataValue.int(stats.bad_lines),
    )


@dg.asset(group_name=GROUP, kinds={"parquet"})
def rl_statements(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    """Theorems for RL (`dataset`, `id`, `split`, `header`, `statement` ending in sorry): the profile's
    `rl_datasets`, each split by a seeded shuffle with the last `valid_size` as valid."""
    cfg = proofmill.settings.corpora
    path = proofmill.corpus_path(keys.RL_STATEMENTS)
    rows = statements.rl_statement_rows(
        cfg.rl_datasets,
        offline=cfg.offline,
        valid_size=cfg.valid_size,
        seed=cfg.seed,
        cache_dir=_downloads(proofmill),
    )
    write_parquet(path, rows, STATEMENT_SCHEMA)
    return _result(path, ("dataset", "split"), datasets=dg.MetadataValue.text(", ".join(cfg.rl_datasets)))


@dg.asset(group_name=GROUP, kinds={"parquet"})
def benchmark_statements(
    context: dg.AssetExecutionContext, proofmill: ProofmillResource
) -> dg.MaterializeResult:
    """Evaluation theorems (same columns as `rl_statements`): MiniF2F valid/test, ProofNet valid/test;
    offline: minilean's valid and test splits."""
    cfg = proofmill.settings.corpora
    path = proofmill.corpus_path(keys.BENCHMARKS)
    write_parquet(path, benchmarks.benchmark_rows(cfg.benchmarks, offline=cfg.offline), STATEMENT_SCHEMA)
    return _result(path, ("dataset", "split"), benchmarks=dg.MetadataValue.text(", ".join(cfg.benchmarks)))


# ------------------------------------------------------------------------------------------- checks
def _query_one(sql: str, path: Path) -> Any:
    with duckdb.connect() as con:
        return con.execute(sql, [str(path)]).fetchone()[0]


def _rows_and_columns(path: Path, required: Sequence[str]) -> dg.AssetCheckResult:
    if not path.exists():
        return dg.AssetCheckResult(passed=False, description=f"{path} does not exist")
    missing = required_columns_missing(path, required)
    rows = _query_one("SELECT count(*) FROM read_parquet(?)", path)
    return dg.AssetCheckResult(
        passed=not missing and rows > 0,
        metadata={"rows": rows, "missing_columns": ", ".join(missing) or "none"},
    )


def _both_splits(path: Path) -> dg.AssetCheckResult:
    """Both a train and a valid split (a warning otherwise)."""
    with duckdb.connect() as con:
        splits = {
            r[0] for r in con.execute("SELECT DISTINCT split FROM read_parquet(?)", [str(path)]).fetchall()
        }
    return dg.AssetCheckResult(
        passed={"train", "valid"} <= splits,
        severity=dg.AssetCheckSeverity.WARN,
        metadata={"splits": ", ".join(sorted(splits))},
    )


def _usable_tactics(path: Path) -> dg.AssetCheckResult:
    """No sorry/admit/`bound` tactics, no empty tactic or state, proof depths ≥ 1."""
    bad = _query_one(
        "SELECT count(*) FROM read_parquet(?) WHERE tactic LIKE '%sorry%' OR tactic LIKE '%admit%' "
        "OR trim(tactic) = 'bound' OR trim(tactic) = '' OR trim(state) = '' OR proof_depth < 1",
        path,
    )
    return dg.AssetCheckResult(passed=bad == 0, metadata={"bad_rows": bad})


def _statement_checks(path: Path) -> dg.AssetCheckResult:
    """Every statement ends in `sorry`; no header or statement imports anything."""
    no_sorry = _query_one(
        "SELECT count(*) FROM read_parquet(?) WHERE NOT ends_with(rtrim(statement), 'sorry')", path
    )
    imports = _query_one(
        r"SELECT count(*) FROM read_parquet(?) "
        r"WHERE regexp_matches(header || chr(10) || statement, '(^|\n)\s*import\s')",
        path,
    )
    return dg.AssetCheckResult(
        passed=no_sorry == 0 and imports == 0,
        metadata={"not_ending_in_sorry": no_sorry, "with_import": imports},
    )


def _unique_ids(path: Path) -> dg.AssetCheckResult:
    """No (dataset, id) appears twice (a warning otherwise)."""
    dupes = _query_one(
        "SELECT count(*) FROM (SELECT dataset, id FROM read_parquet(?) GROUP BY ALL HAVING count(*) > 1)",
        path,
    )
    return dg.AssetCheckResult(
        passed=dupes == 0, severity=dg.AssetCheckSeverity.WARN, metadata={"duplicate_ids": dupes}
    )


_STATEMENT_COLUMNS = ("dataset", "id", "split", "header", "statement")
PathCheck = Callable[[Path], dg.AssetCheckResult]


def corpus_check(
    asset: dg.AssetsDefinition, name: str, check: PathCheck, *, blocking: bool = False
) -> dg.AssetChecksDefinition:
    """An asset check that runs ``check`` on the corpus file of ``asset`` (blocking: a failure stops
    downstream assets). Its description is ``check``'s docstring."""
    corpus = asset.key.to_user_string()

    @dg.asset_check(asset=asset, name=name, blocking=blocking, description=check.__doc__)
    def _check(proofmill: ProofmillResource) -> dg.AssetCheckResult:
        return check(proofmill.corpus_path(corpus))

    return _check


def _columns(*required: str) -> PathCheck:
    def check(path: Path) -> dg.AssetCheckResult:
        return _rows_and_columns(path, required)

    check.__doc__ = f"The file exists, has rows and the columns {', '.join(required)}."
    return check


def _blocking_checks(asset: dg.AssetsDefinition, checks: Mapping[str, PathCheck]) -> dg.AssetChecksDefinition:
    """Several blocking checks of one asset as one op. Dagster orders the blocking checks a downstream
    step waits on by output name; separate check ops all name theirs ``result``, so the job snapshot
    came out in a different order from process to process (a run created by `proofmill run` then did
    not match the snapshot the UI's code server loads). One op gives each check its own output name."""
    corpus = asset.key.to_user_string()
    specs = [dg.AssetCheckSpec(name, asset=asset, blocking=True, description=check.__doc__)
             for name, check in checks.items()]

    @dg.multi_asset_check(specs=specs, name=f"{asset.key.to_python_identifier()}_blocking_checks")
    def _check(proofmill: ProofmillResource) -> Iterator[dg.AssetCheckResult]:
        path = proofmill.corpus_path(corpus)
        for name, check in checks.items():
            result = check(path)
            yield dg.AssetCheckResult(asset_key=asset.key, check_name=name, passed=result.passed,
                                      severity=result.severity, metadata=result.metadata,
                                      description=result.description)

    return _check


def _statement_corpus_checks(asset: dg.AssetsDefinition) -> list[dg.AssetChecksDefinition]:
    return [
        _blocking_checks(asset, {"rows_and_columns": _columns(*_STATEMENT_COLUMNS),
                                 "sorry_and_no_imports": _statement_checks}),
        corpus_check(asset, "unique_ids", _unique_ids),
    ]


CORPORA_ASSETS = [pretrain_corpus, midtrain_corpus, sft_transitions, rl_statements, benchmark_statements]
CORPORA_CHECKS = [
    corpus_check(pretrain_corpus, "rows_and_columns", _columns("text", "source", "split"), blocking=True),
    corpus_check(pretrain_corpus, "train_and_valid", _both_splits),
    corpus_check(
        midtrain_corpus,
        "rows_and_columns",
        _columns("text", "source", "url", "commit", "split"),
        blocking=True,
    ),
    corpus_check(midtrain_corpus, "train_and_valid", _both_splits),
    corpus_check(
        sft_transitions,
        "rows_and_columns",
        _columns("state", "tactic", "proof_depth", "source", "split"),
        blocking=True,
    ),
    corpus_check(sft_transitions, "usable_tactics", _usable_tactics),
    *_statement_corpus_checks(rl_statements),
    *_statement_corpus_checks(benchmark_statements),
]
