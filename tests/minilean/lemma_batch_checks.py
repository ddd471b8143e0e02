"""Checks the lemma-batch test files (`test_minilean_fidelity4_lemma_batch*.py`) share: a theorem source
accepted as a whole, and a false variant of a table row that the admission check must refuse."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.lemmas import NotAdmitted, _s, admitted, check_schema


def accepts(src: str) -> bool:
    """`theorem t {src}` elaborates with no error and no `sorry`."""
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def assert_row_refused(row: tuple[str, str, str, str], numerals: dict[str, int] | None = None) -> None:
    """A (false) row in the table's format is refused by the admission check at its first type (with
    ``numerals`` for the arguments a per-instance row fixes)."""
    schema = _s(*row)
    with pytest.raises(NotAdmitted):
        check_schema(schema, schema.types[0], numerals or {})


def assert_row_admitted(row: tuple[str, str, str, str], numerals: dict[str, int]) -> None:
    """A table row is admitted (z3-checked) at every type it lists, with ``numerals`` for the arguments a
    per-instance row fixes and its exponents."""
    for ty in _s(*row).types:
        assert admitted(row[0], ty, tuple(sorted(numerals.items()))) is not None
