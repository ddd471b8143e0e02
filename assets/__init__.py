"""Dagster assets, ops and checks: each reads its inputs through the ``proofmill`` resource, calls one
library function (``search``, ``models``, ``assets.sources``) and returns metadata.

Asset modules (``corpora``, ``tokenizer``, ``training``, ``export``, ``eval``, ``rl``) import no other
asset module; what they share lives in ``keys`` (asset keys, groups, RL partitions), ``resources`` (the
``proofmill`` resource: profile and paths) and ``io`` (parquet writes, metadata tables and images).
"""
