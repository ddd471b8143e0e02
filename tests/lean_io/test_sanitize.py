"""Tactic sanitizer: table-driven refusals and passes."""

from __future__ import annotations

import pytest

from lean_io.errors import LeanBusinessError, UnsafeTacticError
from lean_io.sanitize import MAX_TACTIC_CHARS, identifiers, sanitize_tactic, unsafe_reason

REJECTED: list[tuple[str, str]] = [
    # (tactic, a word the reason must contain)
    ("#eval IO.println 1", "command"),
    ("#print axioms foo", "command"),
    ("#exit", "command"),
    ("exact (by #check Nat; trivial)", "command"),
    ("run_tac Lean.Elab.Tactic.evalTactic", "run_tac"),
    ("run_cmd pure ()", "run_cmd"),
    ("run_elab pure ()", "run_elab"),
    ("run_meta pure ()", "run_meta"),
    ("exact by_elab pure ()", "by_elab"),
    ('elab "foo" : tactic => pure ()', "elab"),
    ('macro "foo" : tactic => rfl', "macro"),
    ('syntax "foo" : tactic', "syntax"),
    ('notation "x" => 1', "notation"),
    ('exact (IO.Process.run {cmd := "ls"})', "IO"),
    ("exact unsafeIO (pure 1)", "unsafe"),
    ("exact unsafeCast h", "unsafe"),
    ("exact unsafe (h)", "unsafe"),
    ("import Mathlib", "import"),
    ("set_option maxHeartbeats 0 in simp", "set_option"),
    ("set_option debug.skipKernelTC true in exact h", "set_option"),
    ("theorem evil : False := sorry", "theorem"),
    ("def x := 1", "def"),
    ("instance : Inhabited False := ⟨sorry⟩", "instance"),
    ("axiom boom : False", "axiom"),
    ("attribute [simp] foo", "attribute"),
    ("namespace Foo", "namespace"),
    ("section", "section"),
    ("end", "end"),
    ("variable (x : ℕ)", "variable"),
    ("universe u", "universe"),
    ("export Nat (succ)", "export"),
    ("initialize pure ()", "initialize"),
    ("builtin_initialize pure ()", "initialize"),
    ("exact @[implemented_by foo] h", "attribute"),
    ('local notation "x" => 1', "local"),
    ('scoped infix:50 " ~ " => Eq', "scoped"),
    ("declare_syntax_cat foo", "declare_syntax_cat"),
    ("mutual", "mutual"),
    ("exact h deriving Repr", "deriving"),
    ("native_decide", "native_decide"),
    ("decide +native", "native"),
    ("exact Lean.ofReduceBool _ _ rfl", "Lean"),
    ("exact ofReduceBool _ _ rfl", "ofReduceBool"),
    ("exact lcProof", "lcProof"),
    ("sorry", "sorry"),
    ("exact sorry", "sorry"),
    ("all_goals sorry", "sorry"),
    ("exact Foo.sorry", "sorry"),
    ("exact sorryAx _ true", "sorryAx"),
    ("admit", "admit"),
    ("stop", "stop"),
    ("apply?", "search"),
    ("exact?", "search"),
    ("rw?", "search"),
    ("simp?", "search"),
    ("simp? says simp", "search"),
    ("aesop?", "search"),
    ("polyrith", "polyrith"),
    ('exact dbg_trace "x" fun _ => h', "dbg"),
    ('exact dbgTrace "x" fun _ => h', "dbg"),
    ('exact System.FilePath.mk "x"', "System"),
    ("exact Lean.Elab.Term.elabTerm", "Lean"),
    ("exact h\x00", "control"),
    ("exact h\x1b[0m", "control"),
    ("exact\th", "tab"),
    ("exact h\r\n", "carriage"),
    ("exact h\ud800", "UTF-8"),
    ("exact " + "a" * MAX_TACTIC_CHARS, "too long"),
    ("intro h\ntheorem evil : False := by simp", "column 0"),
    ("intro h\nexact h", "column 0"),
    ("", "empty"),
    ("   \n  ", "empty"),
    ("exact h -- sorry", "comment"),
    ("exact h /- note -/", "comment"),
    ("exact «sorry»", "quoted"),
    ("exact (h", "bracket"),
    ("exact h)", "bracket"),
    ("exact ⟨h, h]", "bracket"),
    ("open Lean", "Lean"),
    ("open Nat", "open"),
    ("exact `(tactic| rfl)", "quotation"),
    ("exact $x", "quotation"),
    ("opaque x : ℕ", "opaque"),
    ('exact IOError.userError "x"', "IO"),
]

ACCEPTED: list[str] = [
    "intro h",
    "intro a b c",
    "exact ⟨h.2, h.1⟩",
    "omega",
    "decide",
    "cases h with\n  | inl h => exact Or.inr h\n  | inr h => exact Or.inl h",
    "rcases h with ⟨a, b⟩",
    "obtain ⟨x, hx⟩ := h",
    "simp [foo] at h",
    "simp only [Nat.add_comm] at h ⊢",
    "norm_num",
    "linarith",
    "nlinarith [sq_nonneg (a - b), sq_nonneg (a + b)]",
    "simpa using h",
    "exact h_sorry_free",
    "exact my_admit_lemma h",
    "constructor <;> assumption",
    "refine ⟨?_, ?_⟩",
    "exact fun x => x",
    "rw [← Nat.add_assoc, h₁]",
    "have h2 : a < b := by omega",
    "open Nat in simp [succ_le_iff]",
    "simp [List.get?]",
    "exact (2.5 : ℝ) > 0",
    "norm_num [show (2 : ℝ) = 1 + 1 by norm_num]",
    "exact #[1, 2].size_pos",
    "  exact h  ",
    "induction n with\n  | zero => rfl\n  | succ k ih => simp [ih]",
    "exact @Nat.le_of_lt _ _ h",
    "calc a = b := h\n    _ = c := h'",
]


def test_tables_are_big_enough() -> None:
    assert len(REJECTED) >= 30 and len(ACCEPTED) >= 15


@pytest.mark.parametrize(("tactic", "why"), REJECTED)
def test_rejected(tactic: str, why: str) -> None:
    with pytest.raises(UnsafeTacticError) as info:
        sanitize_tactic(tactic)
    assert why.lower() in info.value.reason.lower(), info.value.reason
    assert isinstance(info.value, LeanBusinessError)  # a search treats it like a failed tactic
    assert unsafe_reason(tactic) == info.value.reason


@pytest.mark.parametrize("tactic", ACCEPTED)
def test_accepted(tactic: str) -> None:
    assert unsafe_reason(tactic) is None
    assert sanitize_tactic(tactic) == tactic.strip()


def test_non_string_is_refused() -> None:
    with pytest.raises(UnsafeTacticError):
        sanitize_tactic(None)  # type: ignore[arg-type]


def test_length_limit_is_inclusive() -> None:
    assert unsafe_reason("a" * MAX_TACTIC_CHARS) is None
    assert unsafe_reason("a" * (MAX_TACTIC_CHARS + 1)) is not None


def test_identifier_tokens() -> None:
    assert identifiers("exact h_sorry_free.1 (Foo.bar x') #eval apply? h₁") == [
        "exact",
        "h_sorry_free",
        "Foo.bar",
        "x'",
        "#eval",
        "apply?",
        "h₁",
    ]
