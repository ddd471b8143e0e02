"""The layout rules of the code base, checked: one-way package dependencies, thin assets, real `defs`.

- Packages import only the packages below them: core → lean_io → models → search → assets → pipelines
  (every import counts, also those inside functions and TYPE_CHECKING blocks).
- Asset and op bodies stay short (the work is in library functions), and an asset module imports no other
  asset module (shared names live in assets.keys / assets.io / assets.resources).
- The real code location (`pipelines.definitions.defs`) loads without a DeprecationWarning, and every job,
  schedule and sensor in it resolves; the schedule and sensor evaluate against a real instance.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = (  # bottom to top
    "core", "lean_io", "minilean", "models", "registry", "training", "search", "evals", "rl", "stp", "assets",
    "pipelines",
)
MAX_ASSET_BODY_LINES = 30
HELPER_MODULES = {"assets.keys", "assets.io", "assets.resources"}  # shared by asset modules
DAGSTER_DEFINERS = {"asset", "graph_asset", "multi_asset", "op", "asset_check", "multi_asset_check"}


def _modules(package: str) -> dict[str, ast.Module]:
    out = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        out[name] = ast.parse(path.read_text(), filename=str(path))
    return out


def _imported(module: str, tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the importing module's package
                base = module.split(".")[: -node.level]
                names.add(".".join([*base, node.module] if node.module else base))
            else:
                names.add(node.module or "")
                names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


def test_packages_import_only_the_layers_below_them() -> None:
    wrong = []
    for rank, package in enumerate(LAYERS):
        for module, tree in _modules(package).items():
            for name in _imported(module, tree):
                top = name.split(".")[0]
                if top in LAYERS and LAYERS.index(top) > rank:
                    wrong.append(f"{module} imports {name} ({package} is below {top})")
    assert wrong == []

def _import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (lazy imports inside functions included)."""
    modules = {name: tree for package in LAYERS for name, tree in _modules(package).items()}
    graph: dict[str, set[str]] = {}
    for module, tree in modules.items():
        graph[module] = {
            name for name in _imported(module, tree) if name in modules and name != module
        }
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_loop_between_files() -> None:
    assert _cycles(_import_graph()) == []


def test_the_cycle_finder_sees_a_loop() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


MAX_PARAMETERS = 8
LIBRARY = (*LAYERS, "benchmarks")  # every package but tests and experiments


def _parameter_count(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Parameters a caller can pass: self/cls not counted, *args and **kwargs one each."""
    a = fn.args
    names = [x.arg for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    if names and names[0] in ("self", "cls"):
        names = names[1:]
    return len(names) + (a.vararg is not None) + (a.kwarg is not None)


def _wide_functions(tree: ast.Module, module: str) -> list[str]:
    return [f"{module}.{node.name} ({_parameter_count(node)})" for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and _parameter_count(node) > MAX_PARAMETERS]


def test_no_library_function_takes_more_than_8_parameters() -> None:
    """A wider list is an object waiting to be named (settings, a request): group it."""
    wide = [name for package in LIBRARY for module, tree in _modules(package).items()
            for name in _wide_functions(tree, module)]
    assert wide == []


def test_the_parameter_scan_counts_what_a_caller_passes() -> None:
    tree = ast.parse("class C:\n    def m(self, a, b, c, d, e, f, g, *args, **kw): ...\n"
                     "def f(a, b, c, d, e, f, g, h, *, i): ...\n"
                     "def ok(a, b, c, d, e, f, g, h): ...\n")
    assert sorted(_wide_functions(tree, "x")) == ["x.f (9)", "x.m (9)"]


# A comment cites what the reader has: the code itself or docs/ in this repository. Issue numbers, dated
# log entries, working sessions, experiment arms and documents outside the repository mean nothing to a
# reader of the code alone.
CITATIONS = re.compile(
    r"(?i:issue #?\d|session \d|\.\./shared|leantree-protocol\.md|reference-nanoproof|architecture\.md)"
    r"|\b[Aa]rm [A-Z]{1,2}\b"  # an arm's name is capitals: "arm V", "arm AB"
)


def _citations(path: Path) -> list[str]:
    rel = path.relative_to(ROOT).as_posix()
    return [f"{rel}:{i}: {line.strip()[:90]}" for i, line in enumerate(path.read_text().splitlines(), 1)
            if CITATIONS.search(line)]


def test_no_source_comment_cites_an_issue_session_arm_or_outside_document() -> None:
    here = Path(__file__).resolve()  # this file spells the patterns out
    paths = [p for package in (*LIBRARY, "tests") for p in sorted((ROOT / package).rglob("*.py"))
             if p != here]
    assert len(paths) > 200
    assert [c for p in paths for c in _citations(p)] == []


def test_the_citation_scan_sees_each_kind(tmp_path: Path) -> None:
    bad = ["# see issue 12", "# (session 4)", "# arm V showed it", "# ../shared/docs/x.md",
           "# leantree-protocol.md §1", "# reference-nanoproof.md §3", "# architecture.md"]
    fine = ["# docs/PROTOCOL.md §1", "# a firearm V8 engine", "# the issue is the timeout", "# an arm is"]
    assert all(CITATIONS.search(b) for b in bad) and not any(CITATIONS.search(f) for f in fine)



def _dagster_functions(tree: ast.Module) -> list[ast.FunctionDef]:
    def defines(dec: ast.expr) -> bool:
        target = dec.func if isinstance(dec, ast.Call) else dec
        return isinstance(target, ast.Attribute) and target.attr in DAGSTER_DEFINERS

    return [
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and any(map(defines, n.decorator_list))
    ]


def _body_lines(fn: ast.FunctionDef) -> int:
    body = fn.body
    if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):  # the docstring
        body = body[1:]
    return body[-1].end_lineno - body[0].lineno + 1 if body else 0


def test_asset_and_op_bodies_are_short() -> None:
    sizes = {
        f"{module}.{fn.name}": _body_lines(fn)
        for module, tree in _modules("assets").items()
        for fn in _dagster_functions(tree)
    }
    assert len(sizes) >= 15  # the scan finds the assets (15 assets, ops and checks at least)
    assert {name: n for name, n in sizes.items() if n > MAX_ASSET_BODY_LINES} == {}


def test_asset_modules_import_no_other_asset_module() -> None:
    modules = _modules("assets")
    asset_modules = {m for m, tree in modules.items() if _dagster_functions(tree)}
    assert {"assets.rl", "assets.eval", "assets.training", "assets.corpora"} <= asset_modules
    wrong = [
        f"{m} imports {name}"
        for m in asset_modules
        for name in _imported(m, modules[m])
        if name.split(".")[:2] != m.split(".")[:2] and ".".join(name.split(".")[:2]) in asset_modules
    ]
    assert wrong == []
    assert HELPER_MODULES.isdisjoint(asset_modules)


@pytest.mark.slow
def test_the_real_definitions_load_without_deprecations_and_resolve(tmp_path: Path) -> None:
    """In a fresh interpreter with DeprecationWarning as an error, as the code server loads it."""
    code = """
import pipelines.definitions as d
repo = d.defs.get_repository_def()
jobs = sorted(j.name for j in repo.get_all_jobs() if not j.name.startswith("__"))
print(jobs, sorted(s.name for s in repo.schedule_defs), sorted(s.name for s in repo.sensor_defs))
"""
    env = {**os.environ, "DAGSTER_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip() == (
        # rl_report: the learning curve over every RL iteration (unpartitioned, run after the iterations)
        "['foundation', 'rl_iteration', 'rl_report'] ['rl_next_iteration_schedule'] "
        "['rl_back_to_back_sensor']"
    )


def test_every_job_schedule_and_sensor_of_defs_resolves_and_evaluates(tmp_path: Path) -> None:
    from pipelines.definitions import defs

    repo = defs.get_repository_def()
    jobs = {j.name: j for j in repo.get_all_jobs()}
    assert {"foundation", "rl_iteration"} <= set(jobs)
    assert {a.to_user_string() for a in jobs["rl_iteration"].asset_layer.executable_asset_keys} == {
        "rollouts",
        "replay_shard",
        "policy",
        "rl_eval",
        "conjectures",  # a no-op step unless the profile's conjecture.enabled
    }
    assert jobs["rl_iteration"].partitions_def is not None  # taken from the selected assets
    resources = {"proofmill": defs.resources["proofmill"]}
    with dg.instance_for_test(temp_dir=str(tmp_path)) as instance:
        for schedule in repo.schedule_defs:
            with dg.build_schedule_context(
                instance=instance, resources=resources, repository_def=repo
            ) as context:
                request = schedule(context)
            assert request.partition_key == "1"
        for sensor in repo.sensor_defs:
            with dg.build_sensor_context(
                instance=instance, resources=resources, repository_def=repo
            ) as context:
                result = sensor(context)
            assert [r.partition_key for r in result.run_requests] == ["1"]


def test_the_training_cli_defaults_are_the_profile() -> None:
    """`python -m training.train` trains with the profile settings unless a --settings file overrides them."""
    from core.profiles import get_profile
    from training.train import cli_settings

    smoke = get_profile("smoke")
    assert cli_settings("smoke", "sft", {}) == (smoke.sft, smoke.compute)
    assert cli_settings("smoke", "rl", {}) == (smoke.rl.update, smoke.compute)
    stage, compute = cli_settings(
        "smoke", "pretrain", {"stage": {"max_steps": 7}, "compute": {"model": "d2"}}
    )
    assert (stage.max_steps, stage.optimizer, compute.model) == (7, smoke.pretrain.optimizer, "d2")
    with pytest.raises(ValueError, match="nope"):
        cli_settings("smoke", "sft", {"stage": {"nope": 1}})
