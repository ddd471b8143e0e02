"""`norm_cast at h` (`norm_cast0 at h <;> try trivial`): `h` gets its cast normal form where Lean's exact
form is known (casts of variables from one type lowered to that type, plain terms); a cast-free `h`
is unchanged without error; a main goal `trivial` might close, or an unknown form, is refused."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_lowers_a_hypothesis_to_its_type() -> None:
    head = "(x y : ℕ) (h : (x : ℝ) + 1 = (y : ℝ)) : y ≠ 0 := by\n  norm_cast at h\n  "
    assert _accepts(head + "omega")
    # after norm_cast, h is the ℕ equation `x + 1 = y` (exact form): `rw [← h]` finds `y`
    assert _accepts("(x y : ℕ) (h : (x : ℝ) + 1 = (y : ℝ)) : y = x + 1 := by\n  norm_cast at h\n  rw [← h]")
    assert not _accepts("(x y : ℕ) (h : (x : ℝ) + 1 = (y : ℝ)) : y ≠ 1 := by\n  norm_cast at h\n  omega")


def test_cast_free_hypothesis_is_kept() -> None:
    src = "(k n m : ℕ) (h : k ^ 2 + n = m * k) : m * k = k ^ 2 + n := by\n  norm_cast at h\n  "
    assert _accepts(src + "exact h.symm")
    assert not _accepts(src + "exact h")


def test_refused_where_the_result_is_not_known() -> None:
    # numeral arithmetic under casts: whether norm_cast evaluates `2 * 3` was not settled
    assert not _accepts("(x : ℕ) (h : (x : ℝ) = 2 * 3) : x = 6 := by\n  norm_cast at h")
    # the normalized h is the goal: `try trivial` would close it (modelled as refused, not guessed)
    assert not _accepts("(x : ℕ) (h : (x : ℝ) + 1 = 5) : x + 1 = 5 := by\n  norm_cast at h")
    assert not _accepts("(x : ℕ) (h : (x : ℝ) = 5) : x = 5 := by\n  norm_cast at h2")
