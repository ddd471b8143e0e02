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
