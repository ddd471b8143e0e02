"""Goal/Hypothesis JSON and LeanTree state text (docs/PROTOCOL.md §3: Goal JSON, rendering)."""

from __future__ import annotations

import pytest

from lean_io.goals import Goal, Hypothesis, parse_state, render_state

SIMPLE = Goal(
    type="p ∧ q",
    hypotheses=(
        Hypothesis("Prop", "p"),
        Hypothesis("Prop", "q"),
        Hypothesis("p", "hp"),
        Hypothesis("q", "hq"),
    ),
)
TAGGED = Goal(type="q", hypotheses=(Hypothesis("p", "hp"),), tag="right")
WITH_VALUE = Goal(
    type="x + 1 = 6",
    hypotheses=(Hypothesis("ℕ", "x", value="5"), Hypothesis("{ a := 1, b := 2 } = s", "hs")),
)
MULTILINE = Goal(
    type="∀ (n : ℕ),\n    n + 0 = n ∧\n      0 + n = n",
    hypotheses=(
        Hypothesis("∀ (a b : ℕ),\n    a + b = b + a", "comm"),
        Hypothesis("ℕ", "y", value="Nat.succ\n    (Nat.succ 0)"),
    ),
    tag="h.succ",
)
NO_HYPS = Goal(type="True")


def test_render_matches_leantree_layout() -> None:
    assert str(SIMPLE) == "p : Prop\nq : Prop\nhp : p\nhq : q\n⊢ p ∧ q"
    assert str(TAGGED) == "case right\nhp : p\n⊢ q"
    assert str(WITH_VALUE) == "x : ℕ := 5\nhs : { a := 1, b := 2 } = s\n⊢ x + 1 = 6"
    assert str(NO_HYPS) == "⊢ True"
    assert render_state([SIMPLE, TAGGED]) == str(SIMPLE) + "\n\n" + str(TAGGED)
    assert render_state([]) == ""


def test_json_omits_empty_value_and_tag() -> None:
    assert SIMPLE.to_json() == {
        "type": "p ∧ q",
        "hypotheses": [
            {"type": "Prop", "user_name": "p"},
            {"type": "Prop", "user_name": "q"},
            {"type": "p", "user_name": "hp"},
            {"type": "q", "user_name": "hq"},
        ],
    }
    assert TAGGED.to_json()["tag"] == "right"
    assert WITH_VALUE.to_json()["hypotheses"][0] == {"type": "ℕ", "user_name": "x", "value": "5"}
    # empty strings from a server mean "absent"
    g = Goal.from_json({"type": "q", "hypotheses": [{"type": "p", "user_name": "h", "value": ""}], "tag": ""})
    assert g == Goal("q", (Hypothesis("p", "h"),))
    assert "tag" not in g.to_json() and "value" not in g.to_json()["hypotheses"][0]


@pytest.mark.parametrize("goal", [SIMPLE, TAGGED, WITH_VALUE, MULTILINE, NO_HYPS])
def test_json_round_trip(goal: Goal) -> None:
    assert Goal.from_json(goal.to_json()) == goal


@pytest.mark.parametrize(
    "goals",
    [[SIMPLE], [TAGGED], [WITH_VALUE], [MULTILINE], [NO_HYPS], [SIMPLE, MULTILINE, TAGGED, WITH_VALUE], []],
)
def test_text_round_trip(goals: list[Goal]) -> None:
    text = render_state(goals)
    assert parse_state(text) == goals
    assert render_state(parse_state(text)) == text


def test_multiline_continuations_are_kept_verbatim() -> None:
    (g,) = parse_state(str(MULTILINE))
    assert g.hypotheses[0].type == "∀ (a b : ℕ),\n    a + b = b + a"
    assert g.hypotheses[1].value == "Nat.succ\n    (Nat.succ 0)"
    assert g.type.endswith("0 + n = n")


def test_parse_surrounding_whitespace_and_empty() -> None:
    assert parse_state("\n" + str(TAGGED) + "\n") == [TAGGED]
    assert parse_state("") == [] and parse_state("  \n") == []


@pytest.mark.parametrize(
    "bad",
    [
        "h : p",  # no turnstile
        "⊢ p\n⊢ q",  # two turnstiles in one goal
        "⊢ p\nh : q",  # hypothesis after the goal line
        "just words\n⊢ p",  # not `name : type`
    ],
)
def test_parse_rejects_malformed(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_state(bad)


@pytest.mark.parametrize(
    "bad",
    [
        {"hypotheses": []},
        {"type": 3},
        {"type": "p", "hypotheses": "h"},
        {"type": "p", "hypotheses": [{"type": "p"}]},
        {"type": "p", "tag": 7},
        "p",
    ],
)
def test_from_json_rejects_malformed(bad: object) -> None:
    with pytest.raises(ValueError):
        Goal.from_json(bad)  # type: ignore[arg-type]
