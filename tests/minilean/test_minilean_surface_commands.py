"""Commands that leave the environment unchanged: options, sections, `#print axioms`."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env

THM = "theorem cmd_t (a : ℕ) (h : a < 3) : a ≤ 2 := by\n  omega\n"


def _errors(src: str) -> list[str]:
    return [m.data for m in elaborate(initial_env(), src).messages if m.severity == "error"]


def test_options_and_sections_are_accepted() -> None:
    src = ("set_option linter.all false\nset_option maxRecDepth 1000\nset_option maxHeartbeats 0\n"
           "noncomputable section\nsection foo\n" + THM)
    assert _errors(src) == []
    assert elaborate(initial_env(), src).env.get("cmd_t") is not None


def test_print_axioms_needs_a_declared_constant() -> None:
    res = elaborate(initial_env(), THM + "#print axioms cmd_t\n")
    assert not res.has_errors and any(m.severity == "info" for m in res.messages)
    assert _errors(THM + "#print axioms cmd_nope\n") == ["unknown constant 'cmd_nope'"]


def test_other_options_and_malformed_commands_stay_rejected() -> None:
    assert _errors("set_option autoImplicit true\n" + THM)  # changes elaboration: not a no-op here
    assert _errors("set_option linter.all\n" + THM)  # no value
    assert _errors("noncomputable def f := 1\n" + THM)
    # a false theorem after the no-op commands is still rejected
    assert _errors("noncomputable section\ntheorem cmd_f (a : ℕ) (h : a < 3) : a ≤ 1 := by\n  omega\n")
