"""Tactics stay bounded when an evaluation has produced a numeral exponent larger than the parser admits.

A policy found this during an eval: `subst` then `norm_num` turns `2 ^ k` into `2 ^ N` with N a
600-digit numeral, and `omega` then unfolded N products in z3 while holding the server's z3 lock, so the
server stopped answering and grew to 17 GB.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
import z3

from minilean.smt import Encoder
from minilean.syntax import MAX_EXPONENT, NAT, EBin, ENum, EVar

HUGE = 2**2008 + 2008**2


def test_omega_reads_a_huge_numeral_exponent_as_an_atom() -> None:
    e = EBin("^", ENum(2), ENum(HUGE))
    enc = Encoder({}, omega=True)
    out = enc.expr(e, NAT)
    assert z3.is_const(out) and len(enc.atoms) == 1  # one opaque atom, no product chain


def test_z3_encoding_of_a_huge_numeral_exponent_is_a_symbolic_power() -> None:
    out = Encoder({"x": NAT}).expr(EBin("^", EVar("x"), ENum(MAX_EXPONENT + 1)), NAT)
    assert out.num_args() == 2 and out.decl().name() != "*"  # npow(x, N), not x * x * … * x


def test_exponents_the_parser_admits_still_unfold() -> None:
    out = Encoder({"x": NAT}).expr(EBin("^", EVar("x"), ENum(3)), NAT)
    assert out.decl().name() == "*"


def test_omega_after_norm_num_of_a_huge_power_fails_quickly_within_a_memory_limit() -> None:
    # In a child with 1.5 GB of address space: before the fix z3 ran out of memory (Z3Exception) here.
    code = textwrap.dedent(
        """
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
        from minilean.engine import TacticError, apply_tactic, elaborate, initial_env
        src = "theorem t (k : ℕ) (h₀ : k = 2008 ^ 2 + 2 ^ 2008) : (k ^ 2 + 2 ^ k) % 10 = 6 := by\\n  sorry"
        st = elaborate(initial_env(), src).sorries[0]
        st = apply_tactic(st, "subst h₀")[0]
        st = apply_tactic(st, "norm_num")[0]
        assert "2 ^ " in st.render()
        for tac in ("omega", "nlinarith", "linarith", "positivity", "decide"):
            try:
                apply_tactic(st, tac, timeout_ms=1000)
            except TacticError:
                continue
            raise SystemExit(f"{tac} closed a goal it cannot decide")
        print("bounded")
        """
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "bounded", r.stderr[-2000:]


def test_a_numeral_too_long_to_print_is_a_tactic_error_not_a_server_failure(minilean_url: str) -> None:
    """`ring_nf` evaluating 10 ^ 4000 * 10 ^ 1000 makes a 5001-digit numeral, which Python refuses to print
    (4300 digits): the step is a tactic error, the server keeps answering, and a statement with such a
    literal is an elaboration error, never an HTTP 500 that takes the server out of rotation."""
    from lean_io.client import LeanClient
    from lean_io.errors import LeanBusinessError

    client = LeanClient(minilean_url)
    try:
        with client.get_process(timeout=30) as process:
            root = process.proof_from_sorry("theorem t (x : ℕ) : (10 : ℕ) ^ 4000 * 10 ^ 1000 = x := by sorry")
            with pytest.raises(LeanBusinessError, match="4300 digits"):
                root.try_apply_tactic("ring_nf")
            assert root.try_apply_tactic("norm_num")  # the same branch still works
            assert not process.is_valid_source("theorem u : " + "1" * 4400 + " = 1 := by\n  norm_num\n")
    finally:
        client.close()
