"""Security at the client boundary: a tactic the sanitizer refuses never reaches a Lean server.

The sanitizer's own table lives in test_sanitize.py; here every refusal is checked where it matters:
``Branch.try_apply_tactic`` on a real minilean lease, counting the server's calls (``/status``
``calls``, which counts every non-status request the server handled) before and after, and through the
whole search (``prove_many``), where a model that only proposes proof-escaping tactics must not produce
a proof. A control shows the danger is real: sent raw over HTTP, the server runs ``sorry`` as a tactic,
and ``is_valid_source`` accepts a ``sorry`` proof (as the real LeanTree server does).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
import requests

from lean_io.client import Branch, LeanClient, LeanProcess
from lean_io.errors import LeanBusinessError, UnsafeTacticError
from lean_io.pool import SlotPool
from search.config import SearchConfig
from search.policy import ScriptedPolicy
from search.runner import prove_many

STATEMENT = "theorem sec_target (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  sorry"

# Code-executing, trust-changing or proof-escaping inputs (class, tactic). Each must be refused
# before any byte goes to the server.
BLOCKED: list[tuple[str, str]] = [
    ("proof hole", "sorry"),
    ("proof hole", "exact sorry"),
    ("proof hole", "admit"),
    ("proof hole", "all_goals sorry"),
    ("proof hole", "first | rfl | sorry"),
    ("proof hole", "constructor <;> sorry"),
    ("proof hole", "exact sorryAx _ true"),
    ("proof hole", "exact @sorryAx (p ∧ q) false"),
    ("proof hole", "refine ⟨?_, sorry⟩"),
    ("proof hole", "stop"),
    ("proof hole in string", 'trace "sorry"'),
    ("native code", "native_decide"),
    ("native code", "decide +native"),
    ("native code", "decide (config := { native := true })"),
    ("native code", "exact Lean.ofReduceBool _ _ rfl"),
    ("native code", "exact ofReduceBool _ _ rfl"),
    ("code execution", "run_tac Lean.Elab.Tactic.evalTactic"),
    ("code execution", 'run_cmd IO.Process.run { cmd := "touch", args := #["/tmp/pwned"] }'),
    ("code execution", "run_elab pure ()"),
    ("code execution", "run_meta pure ()"),
    ("code execution", 'exact (IO.FS.writeFile "/tmp/pwned" "x")'),
    ("code execution", 'exact (System.FilePath.mk "/etc/passwd")'),
    ("code execution", "exact (unsafeCast () : p ∧ q)"),
    ("code execution", "exact unsafeBaseIO (pure ⟨hp, hq⟩)"),
    ("code execution", 'exact dbgTrace "x" fun _ => ⟨hp, hq⟩'),
    ("code execution", "#eval IO.println 1"),
    ("metaprogramming", 'macro "win" : tactic => `(tactic| sorry)'),
    ("metaprogramming", 'elab "win" : tactic => pure ()'),
    ("metaprogramming", "exact by_elab pure ()"),
    ("metaprogramming", "exact `(tactic| sorry)"),
    ("metaprogramming", 'syntax "win" : tactic'),
    ("trust base", "set_option debug.skipKernelTC true in exact ⟨hp, hq⟩"),
    ("trust base", "set_option maxHeartbeats 0 in simp"),
    ("trust base", "attribute [local simp] And.intro in simp"),
    ("trust base", "exact @[implemented_by foo] hp"),
    ("escape the proof", "exact ⟨hp, hq⟩\ntheorem evil : False := sorry"),
    ("escape the proof", "exact ⟨hp, hq⟩\naxiom evil : False"),
    ("escape the proof", "skip\n#exit"),
    ("escape the proof", "exact ⟨hp, hq⟩\nend"),
    ("escape the proof", "exact ⟨hp, hq⟩ -- trailing comment"),
    ("escape the proof", "exact ⟨hp, hq⟩ /- hidden -/"),
    ("escape the proof", "exact ⟨hp, hq⟩)\nexample : False := by"),
    ("escape the proof", "import Mathlib"),
    ("escape the proof", "open Lean"),
    ("escape the proof", "exact «sorry»"),
    ("encoding", "exact hp\x00"),
    ("encoding", "exact\thp"),
    ("encoding", "exact hp\r\nsorry"),
    ("encoding", "exact h\udc80p"),
    ("encoding", "\ufeffexact hp"),
    ("search tactic", "exact?"),
    ("search tactic", "apply?"),
    ("search tactic", "rw?"),
    ("size", "skip; " * 500 + "skip"),
    ("empty", "   "),
]

ALLOWED = [
    "constructor",
    "exact ⟨hp, hq⟩",
    "refine ⟨?_, ?_⟩",
    "exact And.intro hp hq",
    "simp only [hp, hq, and_self]",
    "constructor <;> assumption",
    "first | exact ⟨hp, hq⟩ | trivial",
    "open Classical in exact ⟨hp, hq⟩",
    "have h_sorry_free : p := hp\n  exact ⟨h_sorry_free, hq⟩",
    "obtain ⟨x, y⟩ := And.intro hp hq\n  exact ⟨x, y⟩",
]


def calls(client: LeanClient) -> int:
    return int(client.status()["calls"])


@pytest.fixture
def lease(minilean_url: str) -> Iterator[tuple[LeanClient, LeanProcess, Branch]]:
    client = LeanClient(minilean_url)
    process = client.get_process(timeout=30)
    assert process is not None
    try:
        yield client, process, process.proof_from_sorry(STATEMENT)
    finally:
        process.return_process()
        client.close()


def test_table_is_large_and_varied() -> None:
    assert len(BLOCKED) >= 30
    assert len({cls for cls, _ in BLOCKED}) >= 8


@pytest.mark.parametrize(("kind", "tactic"), BLOCKED, ids=[f"{c}:{t[:30]!r}" for c, t in BLOCKED])
def test_blocked_tactic_never_reaches_the_server(
    lease: tuple[LeanClient, LeanProcess, Branch], kind: str, tactic: str
) -> None:
    client, _, branch = lease
    before = calls(client)
    with pytest.raises(UnsafeTacticError) as info:
        branch.try_apply_tactic(tactic)
    assert info.value.reason  # says why (shown in rejected-tactic rows)
    assert calls(client) == before, f"{kind}: {tactic!r} reached the server"


def test_ordinary_tactics_pass_and_are_counted(lease: tuple[LeanClient, LeanProcess, Branch]) -> None:
    client, _, branch = lease
    before = calls(client)
    for tactic in ALLOWED:
        with contextlib.suppress(LeanBusinessError):  # may fail in Lean, but it must be sent
            branch.try_apply_tactic(tactic)
    assert calls(client) == before + len(ALLOWED)  # the counter sees every call: the test above can fail
    assert branch.try_apply_tactic("exact ⟨hp, hq⟩") == []


def test_raw_sorry_is_dangerous_without_the_sanitizer(lease: tuple[LeanClient, LeanProcess, Branch]) -> None:
    """The control: the server itself accepts `sorry` as a tactic, and a sorry proof as valid source."""
    client, process, branch = lease
    resp = requests.post(
        f"{client.url}/process/{process.id}/branch/{branch.id}/try_apply_tactic",
        json={"tactic": "sorry", "timeout": 1000},
        timeout=30,
    ).json()
    assert "error" not in resp and isinstance(resp["value"], list)  # the server runs it
    assert process.is_valid_source(STATEMENT.replace("sec_target", "sec_forged"))


def test_search_with_a_hostile_policy_proves_nothing(minilean_url: str) -> None:
    """A model proposing only escapes: no proof, every refusal recorded, only proof init hits Lean."""
    hostile = [t for _, t in BLOCKED]
    theorem = {"dataset": "sec", "id": "sec_target", "header": "", "statement": STATEMENT}
    client = LeanClient(minilean_url)
    with SlotPool([minilean_url], probe_interval=60) as pool:
        before = calls(client)
        (attempt,) = prove_many(
            [theorem], pool, ScriptedPolicy(hostile), SearchConfig(num_simulations=4, time_budget_s=None), 1
        )
        after = calls(client)
    client.close()
    assert attempt.outcome == "unproven" and attempt.proof is None
    assert attempt.stats["lean_calls"] == 0
    refused = {r.tactic for r in attempt.rejected}
    assert refused == set(hostile)
    assert all(r.error.startswith("unsafe tactic refused") for r in attempt.rejected)
    assert after - before == 3  # /process/get, proof_from_sorry, /return: no tactic call at all
