"""`calc` chains in tactic mode and parenthesised tactic sequences."""

from __future__ import annotations

from minilean.engine import apply_tactic, elaborate, initial_env


def _run(head: str, *lines: str) -> tuple[list[str], int]:
    src = f"theorem {head} := by\n" + "".join(f"  {t}\n" for t in lines)
    r = elaborate(initial_env(), src)
    return [m.data for m in r.messages if m.severity == "error"], len(r.sorries)


H = "c1 (a b : ℝ) (h : a = 2 * b) (hb : b > 1) : a > 2"


def test_calc_chains_compose() -> None:
    assert _run(H, "calc a = 2 * b := h", "  _ > 2 * 1 := by linarith", "  _ = 2 := by norm_num") == ([], 0)
    # first step on its own line, a multi-line nested block in a step
    assert _run(H, "calc", "  a = 2 * b := by rw [h]", "  _ > 2 * 1 := by", "    have hb2 : b > 1 := hb",
                "    linarith", "  _ = 2 := by norm_num") == ([], 0)
    # `calc a` then steps
    assert _run(H, "calc a", "  _ = 2 * b := h", "  _ > 2 := by linarith") == ([], 0)


def test_calc_failures() -> None:
    # a false step
    errs, _ = _run(H, "calc a = 2 * b := h", "  _ > 2 * 1 := by linarith", "  _ = 3 := by norm_num")
    assert errs
    # the composed relation is not the goal (≥ where > is needed)
    errs, _ = _run(H, "calc a = 2 * b := h", "  _ ≥ 2 * 1 := by linarith", "  _ = 2 := by norm_num")
    assert errs and "does not match the goal" in errs[0]
    # < and > do not compose
    errs, _ = _run("c2 (a b c : ℝ) (h1 : a < b) (h2 : c < b) : a < c", "calc a < b := h1", "  _ > c := h2")
    assert errs and "Trans" in errs[0]
    # a step whose proof term has the wrong type
    errs, _ = _run(H, "calc a = 2 * b := hb", "  _ > 2 := by linarith")
    assert errs and "type mismatch" in errs[0]
    # a step left of the steps' column ends the calc; the stray line is an error
    assert _run(H, "calc a = 2 * b := h", "    _ > 2 * 1 := by linarith", "   _ = 2 := by norm_num")[0]


def test_calc_sorry_is_reported_and_one_line_calc() -> None:
    assert _run(H, "calc a = 2 * b := h", "  _ > 2 := by sorry") == ([], 1)
    state = elaborate(initial_env(), "theorem c3 (x : ℕ) (h : x = 2) : x + 1 = 3 := by\n  sorry\n").sorries[0]
    assert apply_tactic(state, "calc x + 1 = 2 + 1 := by rw [h]") == []


def test_parenthesised_sequence() -> None:
    head = "p1 (p q : Prop) (hp : p) (hq : q) : p ∧ q"
    assert _run(head, "(constructor; exact hp)", "exact hq") == ([], 0)
    assert _run(head, "constructor <;> (first | exact hp | exact hq)") == ([], 0)
    assert _run(head, "(constructor; exact hq)", "exact hq")[0]
