"""`dsimp [f]` (without `only`) restates `≥` / `>` as `≤` / `<` after unfolding (`ge_iff_le`, `gt_iff_lt`
are @[simp] rfl lemmas); with `only` they stay."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def _body(fact: str, tactics: str) -> str:
    return (
        f"(a : ℝ) (h : 0 ≤ a * a + 1) : True := by\n  let g (t : ℝ) := t * t + 1\n"
        f"  have hg : {fact} := by\n{tactics}\n  trivial"
    )


def test_ge_is_flipped() -> None:
    # after `dsimp [g]` the goal is `0 ≤ a * a + 1`
    assert _accepts(_body("g a ≥ 0", "    dsimp [g]\n    show 0 ≤ a * a + 1\n    exact h"))
    assert _accepts(_body("g a > -1", "    dsimp [g]\n    linarith"))


def test_no_ge_left_after_dsimp() -> None:
    # Lean's `rw [ge_iff_le]` then finds no `≥` to rewrite
    assert not _accepts(_body("g a ≥ 0", "    dsimp [g]\n    rw [ge_iff_le]\n    exact h"))


def test_false_variant_still_refused() -> None:
    assert not _accepts(_body("g a > 1", "    dsimp [g]\n    linarith"))
