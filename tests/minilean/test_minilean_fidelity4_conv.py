"""Lean's `conv` (`conv => …`, `conv at h => …`, `conv_lhs`/`conv_rhs`): `lhs`/`rhs`/`left`/`right`/
`arg i` focus, `rw` rewrites inside the focus only, `ring`/`ring_nf` normalize the focus; the target
is then closed only by `with_reducible rfl`."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_rw_inside_the_focus_only() -> None:
    head = "(a b : ℝ) (h : a = b) : a + a = b + a := by\n  "
    assert _accepts(head + "conv =>\n    lhs\n    arg 1\n    rw [h]")
    assert _accepts(head + "conv_lhs => arg 1; rw [h]")
    # rewriting the right side leaves `a + a = b + b`, which rfl does not close
    assert not _accepts(head + "conv_rhs => rw [h]")
    assert not _accepts(head + "conv => rhs; rw [h]")


def test_rw_fails_without_an_instance_in_the_focus() -> None:
    head = "(a b c : ℝ) (h : c = b) : a + c = a + b := by\n  "
    assert _accepts(head + "conv => lhs; rw [h]")
    assert not _accepts(head + "conv => lhs; arg 1; rw [h]")  # `a` has no `c`


def test_conv_at_hypothesis() -> None:
    body = "  conv at h₁ =>\n    rhs\n    rw [← mul_one (N : ℝ)]\n  exact h₁"
    src = "(y : ℝ) (h₁ : 11 * y = 11) : 11 * y = 11 * 1 := by\n" + body.replace("N", "11")
    assert _accepts(src)
    # without the conv, `exact h₁` does not match (`11` is not `11 * 1` syntactically)
    bad = "(y : ℝ) (h₁ : 11 * y = 12) : 11 * y = 11 * 1 := by\n" + body.replace("N", "12")
    assert not _accepts(bad)


def test_ring_on_a_focus() -> None:
    head = "(x : ℝ) (h₀ : -(x - 1) + -x + -(x + 1) = x + 2) : x = -1 / 2 := by\n"
    head += "  conv at h₀ =>\n    left\n    ring\n"
    assert _accepts(head + "  linarith")
    assert not _accepts(head.replace("x = -1 / 2", "x = -1 / 3") + "  linarith")
    # ring_nf on an already normal focus fails
    assert not _accepts("(x : ℝ) (h : x = 1) : x = 1 := by\n  conv at h => lhs; ring_nf\n  exact h")


def test_refused_forms() -> None:
    head = "(a b : ℝ) (h : a = b) : a + a = b + a := by\n  "
    assert not _accepts(head + "conv in a + a => rw [h]")
    assert not _accepts(head + "conv => lhs; arg 3; rw [h]")
    assert not _accepts(head + "conv => lhs; enter [1]; rw [h]")
    assert not _accepts(head + "conv => lhs; norm_num; rw [h]")


def test_norm_num_and_simp_on_a_focus() -> None:
    rhs = "  conv => rhs; norm_num\n  exact h"
    assert _accepts("(x : ℝ) (h : x = 6) : x = 2 * 3 := by\n" + rhs)
    assert not _accepts("(x : ℝ) (h : x = 6) : x = 6 := by\n" + rhs)  # no progress is an error
    assert _accepts("(x : ℝ) (h : x + 0 = 6) : x = 2 * 3 := by\n  conv at h => lhs; simp\n" + rhs)
    # simp only on the left side leaves `2 * 3` on the right: `exact h` does not match
    lhs = "  conv => lhs; simp only [add_zero]\n  exact h"
    assert not _accepts("(x : ℝ) (h : x = 6) : x + 0 = 2 * 3 := by\n" + lhs)
