"""`Nat.Coprime a b` (round 8): its own proposition kind (`PCoprime`), Mathlib's `def` `Nat.gcd a b = 1`.

What Lean + Mathlib do with it, and so what minilean must do: `decide` evaluates ground instances (the
`Decidable` instance is the one of `gcd m n = 1`, and `Nat.gcd` is kernel-accelerated); `norm_num`
decides ground instances (MathlibTest/norm_num_ext: `Nat.Coprime 2 3 := by norm_num1`, `¬ Nat.Coprime 2 4`);
`exact`/`assumption`/`show` see through the def (defeq); `unfold Nat.Coprime` gives `Nat.gcd a b = 1`;
omega, linarith, nlinarith and plain `simp` do not unfold it (`Nat.coprime_iff_gcd_eq_one` is not @[simp])."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.names import rename_prop
from minilean.syntax import ENum, EVar, PCoprime, SyntaxErr, parse_prop, show_prop, subst_prop


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


_CTX = {"a": "ℕ", "b": "ℕ", "x": "ℝ"}


def test_parse_and_print() -> None:
    p = parse_prop("Nat.Coprime (a + 1) b", _CTX)
    assert p == PCoprime(parse_prop("a + 1 = b", _CTX).lhs, EVar("b"))  # type: ignore[union-attr]
    assert show_prop(p) == "Nat.Coprime (a + 1) b"
    assert parse_prop("a.Coprime b", _CTX) == PCoprime(EVar("a"), EVar("b"))
    with pytest.raises(SyntaxErr):
        parse_prop("Nat.Coprime a", _CTX)


def test_substitution_and_renaming_reach_the_arguments() -> None:
    p = parse_prop("Nat.Coprime a b", _CTX)
    assert subst_prop(p, "a", ENum(4)) == PCoprime(ENum(4), EVar("b"))
    assert rename_prop(p, "b", "c") == PCoprime(EVar("a"), EVar("c"))
    # a substitution under a binder: the bound variable is renamed, never captured
    q = parse_prop("∀ b : ℕ, Nat.Coprime a b", _CTX)
    out = subst_prop(q, "a", EVar("b"))
    assert "b✝" in show_prop(out) and "Nat.Coprime b b✝" in show_prop(out)


@pytest.mark.parametrize(
    "src",
    [
        ": Nat.Coprime 2 5 := by decide",
        ": Nat.Coprime 14 15 := by norm_num",
        ": ¬ Nat.Coprime 4 6 := by norm_num",
        ": ¬ Nat.Coprime 4 6 := by decide",
        "(h : Nat.Coprime 4 6) : False := by norm_num at h",
        ": Nat.Coprime 2 5 := rfl",
        "(a b : ℕ) (h : Nat.Coprime a b) : Nat.Coprime a b := by assumption",
        "(a b : ℕ) (h : Nat.gcd a b = 1) : Nat.Coprime a b := by exact h",
        "(a b : ℕ) (h : Nat.Coprime a b) : Nat.gcd a b = 1 := h",
        "(a b : ℕ) (h : Nat.gcd a b = 1) : Nat.Coprime a b := by\n"
        "  show Nat.gcd a b = 1\n  exact h",
        "(a b : ℕ) (h : Nat.Coprime a b) : Nat.gcd a b = 1 := by\n"
        "  unfold Nat.Coprime at h\n  exact h",
        "(a b : ℕ) (h : a.Coprime b) : Nat.Coprime a b := h",
        "(a b : ℕ) (h : Nat.Coprime a b) (hb : b = 5) : Nat.Coprime a 5 := by\n  subst hb\n  exact h",
        "(a b : ℕ) (h : Nat.Coprime a b) (hb : b = 5) : Nat.Coprime a 5 := by\n  rw [hb] at h\n  exact h",
        "(h : ∀ n : ℕ, Nat.Coprime n 7 → n ≠ 7) : Nat.Coprime 3 7 → (3 : ℕ) ≠ 7 := h 3",
        "(a : ℕ) (h1 : 2 ≤ a) (h2 : a ≤ 3) : Nat.Coprime a 5 := by\n  interval_cases a <;> norm_num",
        "(a : ℕ) (h : a = 4) : True := by\n"
        "  have hc : Nat.Coprime a 9 := by\n    rw [h]\n    norm_num\n  trivial",
        "(a b : ℕ) (h : Nat.Coprime a b ∧ a = 2) : Nat.Coprime 2 b := by\n"
        "  rcases h with ⟨h1, rfl⟩\n  exact h1",
    ],
)
def test_accepts_as_lean(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false statements
        ": Nat.Coprime 2 4 := by decide",
        ": Nat.Coprime 6 9 := by norm_num",
        ": Nat.Coprime 0 0 := by decide",
        "(a : ℕ) (h1 : 2 ≤ a) (h2 : a ≤ 5) : Nat.Coprime a 5 := by\n  interval_cases a <;> norm_num",
        "(a b : ℕ) (h : Nat.gcd a b = 2) : Nat.Coprime a b := by exact h",
        "(a b : ℕ) (h : Nat.Coprime a b) (hb : b = 5) : Nat.Coprime a 6 := by\n"
        "  subst hb\n  exact h",
        "(h : ∀ n : ℕ, Nat.Coprime n 7) : Nat.Coprime 3 6 := h 3",
        "(a b : ℕ) (h : Nat.Coprime a b ∧ a = 2) : Nat.Coprime 3 b := by\n"
        "  rcases h with ⟨h1, rfl⟩\n  exact h1",
        "(a : ℕ) (h : a = 3) : True := by\n"
        "  have hc : Nat.Coprime a 9 := by\n    rw [h]\n    norm_num\n  trivial",
        # a capture: the intro'd `a` is not the hypothesis's `a`
        "(a : ℕ) (h : ∀ b : ℕ, Nat.Coprime a b) : ∀ a : ℕ, Nat.Coprime a 3 := by\n  intro a\n  exact h a",
        # `Nat.Coprime a b` is not syntactically `Nat.Coprime b a`
        "(a b : ℕ) (h : Nat.Coprime a b) : Nat.Coprime b a := by assumption",
    ],
)
def test_refuses_false_variants(src: str) -> None:
    assert not _accepts(src)


@pytest.mark.parametrize(
    "tac",
    ["omega", "linarith", "nlinarith", "positivity", "simp", "norm_num", "simp [h]", "decide", "rw [h]",
     "linarith [h]"],
)
def test_automation_does_not_unfold_the_def(tac: str) -> None:
    # true (h unfolds to gcd a b = 1), but Mathlib's tactics do not see through `Nat.Coprime`
    assert not _accepts(f"(a b : ℕ) (h : Nat.Coprime a b) : Nat.gcd a b ≤ 1 := by {tac}")
    assert not _accepts(f"(a b : ℕ) (h : Nat.gcd a b = 1) : Nat.Coprime a b := by {tac}")


def test_plain_simp_does_not_decide_ground_instances() -> None:
    # `Nat.coprime_iff_gcd_eq_one` is not a simp lemma: only norm_num's gcd extension evaluates it
    assert not _accepts(": Nat.Coprime 2 5 := by simp only []")


# `a.gcd b` / `a.lcm b` (generalized field notation on a ℕ receiver) are `Nat.gcd a b` / `Nat.lcm a b`

_NAT_CTX = {"a": "ℕ", "b": "ℕ", "z": "ℤ", "x": "ℝ"}


def test_gcd_field_notation_parses_to_nat_gcd() -> None:
    assert show_prop(parse_prop("a.gcd b = 1", _NAT_CTX)) == "Nat.gcd a b = 1"
    assert show_prop(parse_prop("(a + 1).lcm b = 6", _NAT_CTX)) == "Nat.lcm (a + 1) b = 6"
    assert show_prop(parse_prop("∀ n : ℕ, n.gcd (n + 1) = 1", _NAT_CTX)) == "∀ (n : ℕ), Nat.gcd n (n + 1) = 1"


@pytest.mark.parametrize("text", ["z.gcd 3 = 1", "x.gcd 2 = 1", "(2).gcd 4 = 2", "a.gcd = 1"])
def test_gcd_field_notation_refusals(text: str) -> None:
    # Int.gcd (a ℕ-valued function of ℤ) is not represented; ℝ has no `gcd` field; a bare numeral receiver
    # has no known type when the field is resolved
    with pytest.raises(SyntaxErr):
        parse_prop(text, _NAT_CTX)


@pytest.mark.parametrize(
    ("src", "ok"),
    [
        ("(a b : ℕ) (h : Nat.gcd a b = 1) : a.gcd b = 1 := h", True),
        ("(a b : ℕ) (h : Nat.gcd a b = 1) : b.gcd a = 1 := h", False),
        ("(a b : ℕ) (h : a.Coprime b) : a.gcd b = 1 := h", True),
        (": (4 : ℕ).gcd 6 = 2 := by norm_num", True),
        (": (4 : ℕ).gcd 6 = 3 := by norm_num", False),
        ("(a : ℕ) (h : a = 4) : a.gcd 6 = 1 := by\n  subst h\n  norm_num", False),
    ],
)
def test_gcd_field_notation_in_proofs(src: str, ok: bool) -> None:
    assert _accepts(src) is ok
