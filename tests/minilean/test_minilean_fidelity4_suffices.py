"""Anonymous `suffices T by …` / `suffices T from by …` (the new hypothesis is `this`), with the `by` of a
`from by` block allowed alone on the next line."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _errors(src: str) -> list[str]:
    res = elaborate(initial_env(), src)
    return [str(m.data) for m in res.messages if m.severity == "error"]


HEAD = "theorem t (a : ℝ) (h : 0 ≤ a) : 0 ≤ a + 1 := by\n"


def test_anonymous_suffices_by() -> None:
    assert _errors(HEAD + "  suffices 0 ≤ a by linarith\n  exact h\n") == []


def test_anonymous_suffices_names_this() -> None:
    assert _errors(HEAD + "  suffices 0 ≤ a by linarith [this]\n  exact h\n") == []


def test_suffices_from_by_on_next_line() -> None:
    src = HEAD + "  suffices 0 ≤ a from\n    by\n    linarith\n  exact h\n"
    assert _errors(src) == []


def test_named_suffices_from_by_inline() -> None:
    assert _errors(HEAD + "  suffices h2 : 0 ≤ a from by linarith\n  exact h\n") == []


def test_anonymous_suffices_false_remainder_refused() -> None:
    # what remains to prove is `1 ≤ a`, which `h : 0 ≤ a` does not give
    errs = _errors(HEAD + "  suffices 1 ≤ a from by linarith\n  exact h\n")
    assert errs and "type mismatch" in errs[0]


def test_suffices_block_must_close_main_goal() -> None:
    # `0 ≤ a` does not give `0 ≤ a + 1 - 2`-style goals: the block's linarith fails
    src = "theorem t (a : ℝ) (h : 0 ≤ a) : 2 ≤ a + 1 := by\n  suffices 0 ≤ a by linarith\n  exact h\n"
    assert _errors(src)
