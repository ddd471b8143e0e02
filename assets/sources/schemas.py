"""Arrow schemas of the corpus files: what every pipeline step reads and writes."""

from __future__ import annotations

import pyarrow as pa

PRETRAIN_SCHEMA = pa.schema(
    [("text", pa.string()), ("source", pa.string()), ("url", pa.string()), ("split", pa.string())]
)
MIDTRAIN_SCHEMA = pa.schema(
    [
        ("text", pa.string()),
        ("source", pa.string()),
        ("url", pa.string()),
        ("commit", pa.string()),
        ("split", pa.string()),
    ]
)
TRANSITION_SCHEMA = pa.schema(
    [
        ("state", pa.string()),
        ("tactic", pa.string()),
        ("proof_depth", pa.int32()),
        ("source", pa.string()),
        ("split", pa.string()),
        ("theorem", pa.string()),
    ]
)
STATEMENT_SCHEMA = pa.schema(
    [
        ("dataset", pa.string()),
        ("id", pa.string()),
        ("split", pa.string()),
        ("header", pa.string()),
        ("statement", pa.string()),
    ]
)
