"""DuckDB over the RL shards and eval reports: views, documented example queries, and a table-printing CLI.

    python -m pipelines.query "SELECT dataset, avg((outcome = 'proven')::INT) FROM attempts GROUP BY ALL"
    python -m pipelines.query --examples            # list the example queries (docs/QUERIES.md)
    python -m pipelines.query --example success_by_iteration

Views (re-created on every connection, so new shards show up without a migration):

- ``replay``     rl/replay/iteration=K/*.parquet      transitions of proven attempts (training data)
- ``attempts``   rl/attempts/iteration=K/*.parquet    one row per theorem attempted in iteration K
- ``rejected``   rl/rejected/iteration=K/*.parquet    tactics Lean refused
- ``matchmaker`` rl/matchmaker/iteration=K/*.parquet  weights/budgets before iteration K, who was sampled
- ``conjectures`` rl/conjectures/iteration=K/*.parquet conjectures of iteration K: accepted/rejected,
                                                       reason, seed theorem (stp/conjecture.py)
- ``evals``      eval/**/theorems.parquet              per-theorem rows of every eval report
                                                       (evals/report.py: run, id, dataset, outcome, ...)

A view whose glob matches no file yet is an empty table with the right columns, so queries written for a
fresh home run (and return nothing) instead of failing. A shard whose parquet footer cannot be read (a
truncated or corrupt file) is left out of its view and reported by name (``connect(skipped=...)``, a
warning on stderr from the CLI); every other view, and the rest of that view, stays queryable.

``attempts`` and ``evals`` carry a computed ``error_category`` column (``infrastructure``, ``statement``,
``search``; NULL unless the outcome is ``error``): the rule of ``lean_io.errors.error_category``.

The database file is `proofmill.duckdb` under the artifact root (``ProofmillResource.duckdb_path()``);
it only holds view definitions, the data stays in parquet. Pass ``--memory`` to leave the file alone
(e.g. while another process holds DuckDB's lock).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from core.cli import OneLineParser, positive_int, run_cli
from evals.report import THEOREM_SCHEMA
from lean_io.errors import error_category_sql
from rl.replay import SCHEMAS
from rl.statement_check import REFUSED_SCHEMA
from stp.conjecture_loop import SCHEMA as CONJECTURE_SCHEMA

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class View:
    name: str
    glob: str  # relative to the artifact root
    schema: pa.Schema
    hive: bool = True
    categorized: bool = False  # has outcome + error columns: add the computed error_category


VIEWS: tuple[View, ...] = (
    View("replay", "rl/replay/*/*.parquet", SCHEMAS["replay"]),
    View("attempts", "rl/attempts/*/*.parquet", SCHEMAS["attempts"], categorized=True),
    View("rejected", "rl/rejected/*/*.parquet", SCHEMAS["rejected"]),
    View("matchmaker", "rl/matchmaker/*/*.parquet", SCHEMAS["matchmaker"]),
    View("refused_statements", "rl/refused/statements.parquet", REFUSED_SCHEMA, hive=False),
    View("conjectures", "rl/conjectures/*/*.parquet", CONJECTURE_SCHEMA, hive=False),
    # eval reports live at different depths (eval/sft/..., eval/rl/iteration=K/...): no hive columns,
    # `filename` says which report a row comes from.
    View("evals", "eval/**/theorems.parquet", THEOREM_SCHEMA, hive=False, categorized=True),
)

_DUCK_TYPES = {
    pa.int64(): "BIGINT",
    pa.int32(): "INTEGER",
    pa.float64(): "DOUBLE",
    pa.string(): "VARCHAR",
    pa.bool_(): "BOOLEAN",
}


def _sql_str(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def _empty_select(schema: pa.Schema, extra: Sequence[str] = ()) -> str:
    cols = [f"CAST(NULL AS {_DUCK_TYPES[f.type]}) AS {f.name}" for f in schema]
    cols += [f"CAST(NULL AS VARCHAR) AS {name}" for name in extra]
    return f"SELECT {', '.join(cols)} WHERE false"


def readable_shards(view: View, root: Path) -> tuple[list[Path], list[tuple[Path, str]]]:
    """The view's files whose parquet footer reads, and the others with the reason (sorted by path)."""
    good: list[Path] = []
    bad: list[tuple[Path, str]] = []
    for path in sorted(root.glob(view.glob)):
        try:
            pq.read_metadata(path)
        except (OSError, pa.ArrowException) as exc:
            bad.append((path, str(exc).splitlines()[0] if str(exc) else type(exc).__name__))
        else:
            good.append(path)
    return good, bad


def view_sql(view: View, root: Path, files: Sequence[Path] | None = None) -> str:
    """CREATE OR REPLACE VIEW over ``files`` (default: every readable file of the glob), or over an empty
    typed relation when there is none."""
    if files is None:
        files, _ = readable_shards(view, root)
    extra = () if view.hive else ("filename",)
    category = f", {error_category_sql()} AS error_category" if view.categorized else ""
    if files:
        opts = "hive_partitioning=true" if view.hive else "hive_partitioning=false, filename=true"
        listing = "[" + ", ".join(_sql_str(str(f)) for f in files) + "]"
        body = f"SELECT *{category} FROM read_parquet({listing}, {opts}, union_by_name=true)"
    else:
        body = f"SELECT *{category} FROM ({_empty_select(view.schema, extra=extra)})"
    return f"CREATE OR REPLACE VIEW {view.name} AS {body}"


def refresh_views(con: duckdb.DuckDBPyConnection, root: str | Path) -> list[tuple[str, Path, str]]:
    """(Re)create every view; returns the skipped shards as (view, path, reason)."""
    root = Path(root).resolve()
    skipped: list[tuple[str, Path, str]] = []
    for view in VIEWS:
        files, bad = readable_shards(view, root)
        skipped += [(view.name, path, why) for path, why in bad]
        con.execute(view_sql(view, root, files))
    return skipped


def connect(
    root: str | Path | None = None,
    database: str | Path | None = ":memory:",
    skipped: list[tuple[str, Path, str]] | None = None,
) -> duckdb.DuckDBPyConnection:
    """A connection with fresh views over ``root`` (default: the resource's artifact root).

    ``database``: a DuckDB file to store the views in (None = the resource's `proofmill.duckdb`), or
    ``":memory:"`` (default for library use: no file lock shared with other processes).
    ``skipped``: a list that receives the unreadable shards left out of the views (each is also logged)."""
    from assets.resources import ProofmillResource

    res = ProofmillResource(home=str(root)) if root is not None else ProofmillResource()
    db = str(res.duckdb_path()) if database is None else str(database)
    con = duckdb.connect(db)
    bad = refresh_views(con, res.root)
    for view, path, why in bad:
        log.warning("view %s: skipped unreadable shard %s (%s)", view, path, why)
    if skipped is not None:
        skipped.extend(bad)
    return con


def query(
    sql: str,
    root: str | Path | None = None,
    database: str | Path | None = ":memory:",
    skipped: list[tuple[str, Path, str]] | None = None,
) -> pa.Table:
    con = connect(root, database, skipped)
    try:
        return con.sql(sql).to_arrow_table()
    finally:
        con.close()


# ------------------------------------------------------------------------------------------ examples
@dataclass(frozen=True)
class Example:
    name: str
    question: str
    sql: str


EXAMPLES: tuple[Example, ...] = (
    Example(
        "success_by_iteration",
        "Success rate per RL iteration and dataset (errors count as failures).",
        """SELECT iteration, dataset, count(*) AS attempts,
       count(*) FILTER (outcome = 'proven') AS proven,
       count(*) FILTER (outcome = 'error') AS errors,
       round(avg((outcome = 'proven')::INT), 3) AS success_rate,
       round(avg(simulations), 1) AS mean_simulations
FROM attempts GROUP BY ALL ORDER BY iteration, dataset""",
    ),
    Example(
        "replay_matches_attempts",
        "Does the replay buffer hold exactly what the attempts claim? Per iteration: proven attempts, "
        "theorems with replay rows, replay rows, and replay rows of theorems not proven (must be 0).",
        """SELECT a.iteration,
       count(*) FILTER (a.outcome = 'proven') AS proven_attempts,
       (SELECT count(DISTINCT theorem_id) FROM replay r WHERE r.iteration = a.iteration) AS replay_theorems,
       (SELECT count(*) FROM replay r WHERE r.iteration = a.iteration) AS replay_rows,
       (SELECT count(*) FROM replay r WHERE r.iteration = a.iteration AND NOT EXISTS (
            SELECT 1 FROM attempts p WHERE p.iteration = r.iteration AND p.dataset = r.dataset
              AND p.theorem_id = r.theorem_id AND p.outcome = 'proven')) AS orphan_replay_rows
FROM attempts a GROUP BY a.iteration ORDER BY a.iteration""",
    ),
    Example(
        "hardest_theorems",
        "Theorems attempted most often without ever being proven, with the largest budget they got.",
        """SELECT dataset, theorem_id, count(*) AS attempts, max(num_simulations) AS max_budget,
       count(*) FILTER (outcome = 'error') AS errors, list(outcome ORDER BY iteration) AS history
FROM attempts GROUP BY dataset, theorem_id
HAVING count(*) FILTER (outcome = 'proven') = 0
ORDER BY attempts DESC, max_budget DESC, theorem_id LIMIT 20""",
    ),
    Example(
        "failing_tactics",
        "The tactics Lean rejects most often, with one example error message.",
        """SELECT tactic, count(*) AS rejections, count(DISTINCT theorem_id) AS theorems,
       any_value(error) AS example_error
FROM rejected GROUP BY tactic ORDER BY rejections DESC, tactic LIMIT 20""",
    ),
    Example(
        "proof_length_trend",
        "How long proofs are per iteration (tactic lines of the linearized proof; replay rows per proof).",
        """SELECT a.iteration, count(*) AS proofs,
       round(avg(len(list_filter(string_split(a.proof, chr(10)), lambda l: trim(l) <> ''))), 2)
           AS mean_tactics,
       max(len(list_filter(string_split(a.proof, chr(10)), lambda l: trim(l) <> ''))) AS max_tactics,
       round((SELECT count(*) FROM replay r WHERE r.iteration = a.iteration) / count(*), 2)
           AS replay_rows_per_proof
FROM attempts a WHERE a.outcome = 'proven' GROUP BY a.iteration ORDER BY a.iteration""",
    ),
    Example(
        "newly_proven",
        "Theorems proven for the first time in each iteration (what RL learned).",
        """SELECT iteration, dataset, theorem_id, simulations, proof
FROM (SELECT *, min(iteration) FILTER (outcome = 'proven')
                    OVER (PARTITION BY dataset, theorem_id) AS first_proven FROM attempts)
WHERE outcome = 'proven' AND iteration = first_proven ORDER BY iteration, dataset, theorem_id""",
    ),
    Example(
        "eval_comparison",
        "Every eval report: success rate per run (model) and dataset, side by side.",
        """SELECT regexp_extract(filename, '.*/eval/(.*)/theorems\\.parquet$', 1) AS report, run, dataset,
       count(*) AS theorems, round(avg((outcome = 'proven')::INT), 3) AS success_rate
FROM evals GROUP BY ALL ORDER BY report, run, dataset""",
    ),
)


def example(name: str) -> Example:
    for ex in EXAMPLES:
        if ex.name == name:
            return ex
    raise KeyError(f"no example query {name!r}; known: {[e.name for e in EXAMPLES]}")


# ------------------------------------------------------------------------------------------ printing
def _cell(value: object, width: int) -> str:
    text = "NULL" if value is None else str(value)
    text = text.replace("\n", "⏎")
    return text if len(text) <= width else text[: width - 1] + "…"


def format_table(table: pa.Table, max_rows: int = 100, max_width: int = 60) -> str:
    """A plain aligned text table (numbers right-aligned) of the first ``max_rows`` rows."""
    names = table.column_names
    rows = table.slice(0, max_rows).to_pylist()
    cells = [[_cell(r[n], max_width) for n in names] for r in rows]
    widths = [max([len(n)] + [len(c[i]) for c in cells]) for i, n in enumerate(names)]
    numeric = [pa.types.is_integer(f.type) or pa.types.is_floating(f.type) for f in table.schema]

    def line(values: Sequence[str]) -> str:
        parts = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=True)]
        return " | ".join(parts).rstrip()

    out = [line(names), "-+-".join("-" * w for w in widths)]
    out += [line(c) for c in cells]
    more = table.num_rows - len(rows)
    out.append(
        f"({table.num_rows} row{'s' if table.num_rows != 1 else ''}"
        + (f", {more} not shown)" if more else ")")
    )
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m pipelines.query", description=__doc__.splitlines()[0])
    parser.add_argument("sql", nargs="?", help="a SQL query over the views replay, attempts, rejected, evals")
    parser.add_argument("--examples", action="store_true", help="list the documented example queries")
    parser.add_argument("--example", metavar="NAME", help="run one example query by name")
    parser.add_argument("--home", help="artifact root (default: $PROOFMILL_HOME or <repo>/artifacts)")
    parser.add_argument("--memory", action="store_true", help="in-memory DuckDB instead of proofmill.duckdb")
    parser.add_argument("--max-rows", type=positive_int, default=100)
    parser.add_argument("-v", "--verbose", action="store_true", help="tracebacks on errors")
    args = parser.parse_args(argv)
    if args.home is not None and not Path(args.home).is_dir():
        parser.error(f"--home: no such directory: {args.home} (it is not created)")
    if args.example and args.example not in {e.name for e in EXAMPLES}:
        known = ", ".join(e.name for e in EXAMPLES)
        parser.error(f"--example: unknown example {args.example!r}; known: {known}")
    if args.sql is not None and not args.sql.strip():
        parser.error("the SQL query is empty")
    return run_cli("pipelines.query", lambda: _run(args, parser), args.verbose)


def _run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.examples:
        for ex in EXAMPLES:
            print(f"-- {ex.name}: {ex.question}\n{ex.sql};\n")
        return 0
    sql = example(args.example).sql if args.example else args.sql
    if not sql:
        parser.error("give a SQL query, --example NAME or --examples")
    skipped: list[tuple[str, Path, str]] = []
    try:
        # In memory first: a bad query changes nothing on disk (not even the views file).
        table = query(sql, args.home, ":memory:", skipped)
    except duckdb.Error as exc:
        print(f"pipelines.query: query failed: {str(exc).strip().splitlines()[0]}", file=sys.stderr)
        return 1
    finally:
        for view, path, why in skipped:
            print(f"warning: view {view} skipped unreadable shard {path}: {why}", file=sys.stderr)
    print(format_table(table, max_rows=args.max_rows))
    if not args.memory:  # keep proofmill.duckdb's views current for other clients (best effort)
        try:
            connect(args.home, None).close()
        except duckdb.Error as exc:
            print(f"warning: views file not updated: {str(exc).splitlines()[0]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
