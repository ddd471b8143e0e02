"""The per-tactic Mathlib agreement measurement: no tactic accepts an example Lean + Mathlib rejects, and
the data file is well-formed (each example names its tactic, the Mathlib test it mirrors, a verdict)."""

from __future__ import annotations

from minilean.mathlib_agreement import judge, load, summary


def test_data_is_well_formed() -> None:
    examples = load()
    assert len(examples) >= 100
    for ex in examples:
        assert ex.expect in ("accept", "reject")
        assert ex.mirrors.startswith(("MathlibTest/", "Mathlib "))
        assert ex.source.startswith("theorem ")
        assert ex.tactic.split("!")[0].replace("_", "").isalpha()
    per = {ex.tactic for ex in examples}
    # every tactic the brief names is measured, with at least one expected rejection each
    for tac in ("simp", "norm_num", "linarith", "nlinarith", "ring_nf", "field_simp", "push_neg", "rw"):
        assert tac in per
        assert any(ex.tactic == tac and ex.expect == "reject" for ex in examples), tac


def test_no_expected_rejection_is_accepted() -> None:
    verdicts = [judge(ex) for ex in load()]
    false_accepts = [v.example for v in verdicts if v.accepted and v.example.expect == "reject"]
    assert false_accepts == []
    table = summary(verdicts)
    assert all(row["false_accept"] == 0 for row in table.values())
    # the measurement is not vacuous: most expected acceptances are accepted
    accepts = [v for v in verdicts if v.example.expect == "accept"]
    assert sum(v.accepted for v in accepts) >= 0.9 * len(accepts)
