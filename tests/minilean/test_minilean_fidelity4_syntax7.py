"""Surface syntax inside proofs (round 7): goal tags of `interval_cases`, `suffices … from`, shadowing in
`rcases`/`obtain`, local lemmas with binders before the colon."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


# `interval_cases` tags each case by its value (Mathlib: `appendTag tag (toString z)`), written `«z»`

_IC = "(k : ℕ) (h₀ : 0 < k) (h : k < 3) : k ≤ 2 := by\n  interval_cases k\n"


def test_interval_cases_case_tags_select_values() -> None:
    assert _accepts(_IC + "  case «2» => norm_num\n  case «1» => norm_num")


def test_interval_cases_case_tag_must_exist() -> None:
    assert not _accepts(_IC + "  case «3» => norm_num\n  all_goals norm_num")
    assert not _accepts(_IC + "  case «0» => norm_num\n  all_goals norm_num")


def test_interval_cases_case_tag_selects_the_right_goal() -> None:
    # goal «1» is `1 = 1`; goal «2» is `2 = 1`: closing «2» with rfl must fail
    src = "(k : ℕ) (h₀ : 0 < k) (h : k < 3) (h2 : k ≠ 2) : k = 1 := by\n  interval_cases k\n"
    assert _accepts(src + "  case «1» => rfl\n  case «2» => contradiction")
    assert not _accepts(src + "  case «2» => rfl\n  case «1» => rfl")


# `suffices h : T from e`: e proves the main goal with h; T is left (as `suffices h : T by exact e`)


def test_suffices_from_term() -> None:
    src = "(x : ℝ) (h : 2 * x ≥ 4) : x + 1 ≥ 3 := by\n  suffices hx : x ≥ 2 from {e}\n  linarith"
    assert _accepts(src.format(e="by linarith"))
    assert _accepts(src.format(e="le_trans (by norm_num) (add_le_add_right hx 1)"))
    # the term must prove the main goal, not something else
    assert not _accepts(src.format(e="hx"))


def test_suffices_from_leaves_its_statement() -> None:
    # T stays to prove: a false T cannot be proved afterwards
    src = "(x : ℝ) (h : x ≥ 1) : x ≥ 0 := by\n  suffices hx : x ≥ 5 from by linarith\n  {t}"
    assert not _accepts(src.format(t="linarith"))
    assert not _accepts(src.format(t="skip"))
