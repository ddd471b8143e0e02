"""Materialize the corpora + tokenizer graph (smoke profile) through Dagster with a sqlite instance."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dagster as dg
import duckdb
import pytest

from assets.corpora import CORPORA_ASSETS, CORPORA_CHECKS
from assets.resources import ProofmillResource
from assets.tokenizer import TOKENIZER_ASSETS, TOKENIZER_CHECKS
from models.tokenizer import ProofTokenizer

pytestmark = pytest.mark.slow  # a whole Dagster run of six assets and fourteen checks

CORPORA = ("pretrain_corpus", "midtrain_corpus", "sft_transitions", "rl_statements", "benchmark_statements")


def _count(path: Path, where: str = "true") -> int:
    return duckdb.sql(f"SELECT count(*) FROM '{path}' WHERE {where}").fetchall()[0][0]


@pytest.fixture(scope="module")
def materialized(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[dg.ExecuteInProcessResult, ProofmillResource, dg.DagsterInstance]]:
    root = tmp_path_factory.mktemp("corpora")
    proofmill = ProofmillResource(profile="smoke", home=str(root / "artifacts"))
    (root / "dagster_home").mkdir()
    instance = dg.DagsterInstance.local_temp(str(root / "dagster_home"))  # sqlite run/event storage
    result = dg.materialize(
        [*CORPORA_ASSETS, *CORPORA_CHECKS, *TOKENIZER_ASSETS, *TOKENIZER_CHECKS],
        resources={"proofmill": proofmill},
        instance=instance,
    )
    yield result, proofmill, instance
    instance.dispose()


def _metadata(result: dg.ExecuteInProcessResult, asset: str) -> dict[str, object]:
    [mat] = result.asset_materializations_for_node(asset)
    return {k: v.value for k, v in mat.metadata.items()}


def test_run_succeeds_and_every_check_passes(materialized) -> None:
    result, _, instance = materialized
    assert result.success
    evaluations = result.get_asset_check_evaluations()
    # every declared check ran: the check definitions and the checks an asset reports itself (check_specs)
    declared = {key for d in (*CORPORA_CHECKS, *TOKENIZER_CHECKS, *TOKENIZER_ASSETS) for key in d.check_keys}
    assert len(declared) == sum(len(list(d.check_keys)) for d in (*CORPORA_CHECKS, *TOKENIZER_CHECKS)) + 1
    assert {dg.AssetCheckKey(e.asset_key, e.check_name) for e in evaluations} == declared
    failed = [(e.asset_key.to_user_string(), e.check_name, e.metadata) for e in evaluations if not e.passed]
    assert failed == []
    # The sqlite-backed instance recorded the materializations.
    for name in (*CORPORA, "tokenizer"):
        assert instance.get_latest_materialization_event(dg.AssetKey(name)) is not None


def test_corpus_files_are_readable_with_duckdb_and_match_metadata(materialized) -> None:
    result, proofmill, _ = materialized
    for name in CORPORA:
        path = proofmill.corpus_path(name)
        meta = _metadata(result, name)
        assert path.exists() and meta["rows"] == _count(path) > 0
        assert meta["bytes"] == path.stat().st_size
        assert "|" in str(meta["sample"]) and "|" in str(meta["breakdown"])
        assert _count(path, "split NOT IN ('train', 'valid', 'test')") == 0


def test_smoke_corpora_contents(materialized) -> None:
    _, proofmill, _ = materialized
    pretrain = proofmill.corpus_path("pretrain_corpus")
    assert _count(pretrain, "source = 'smoke-math'") == _count(pretrain)
    assert _count(pretrain, "split = 'valid'") > 0
    midtrain = proofmill.corpus_path("midtrain_corpus")
    assert _count(midtrain, "source = 'minilean'") > 0 and _count(midtrain, "source = 'smoke-lean'") > 0
    sft = proofmill.corpus_path("sft_transitions")
    # proof-state transitions, plus (whole_proof.sft_mix) statement → whole-script rows (stp.whole_proof)
    # and (conjecture.sft_mix, on in smoke with conjecturing) seed + proof → statement rows
    whole, conj = "source LIKE '%-whole'", "source LIKE '%-conjecture'"
    assert _count(sft, "split = 'valid'") > 0
    assert _count(sft, "state LIKE '%⊢%'") == _count(sft, f"NOT {whole} AND NOT {conj}")
    assert _count(sft, f"{whole} AND state LIKE 'example %:= by'") == _count(sft, whole) > 400
    assert _count(sft, f"{conj} AND state LIKE 'conjecture:%' AND tactic LIKE 'example %'") == (
        _count(sft, conj)) > 200
    rl = proofmill.corpus_path("rl_statements")
    assert _count(rl, "dataset = 'minilean'") == _count(rl)
    bench = proofmill.corpus_path("benchmark_statements")
    splits = dict(duckdb.sql(f"SELECT split, count(*) FROM '{bench}' GROUP BY split").fetchall())
    assert set(splits) == {"valid", "test"}


def test_tokenizer_artifact_and_metadata(materialized) -> None:
    result, proofmill, _ = materialized
    meta = _metadata(result, "tokenizer")
    tok = ProofTokenizer.load(proofmill.tokenizer_path())
    assert meta["fingerprint"] == tok.fingerprint()
    assert meta["vocab_size"] == tok.vocab_size <= proofmill.settings.tokenizer.vocab_size
    assert float(meta["compression_ratio"]) > 1.0
    assert meta["training_texts"] > 300 and meta["held_out_lean_docs"] > 0
    state = "case h\nx y : ℝ\nh₀ : 0 < x ∧ 0 < y\n⊢ ∑ i ∈ Finset.range 3, x ^ i ≤ y"
    assert tok.decode(tok.encode(state)) == state


def test_rematerializing_replaces_the_file(materialized) -> None:
    _, proofmill, instance = materialized
    path = proofmill.corpus_path("rl_statements")
    before = _count(path)
    again = dg.materialize(
        [*CORPORA_ASSETS, *CORPORA_CHECKS],
        selection=["rl_statements"],
        resources={"proofmill": proofmill},
        instance=instance,
    )
    assert again.success and _count(path) == before
    assert not list(path.parent.glob(".*.tmp"))  # no temp files left behind
