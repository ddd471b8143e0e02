"""parse_lean_file on MiniF2F-style Lean 4 files: statements, headers, proofs replaced by sorry."""

from __future__ import annotations

import pytest

from assets.sources.lean_parse import TheoremRecord, lex_spans, mask, parse_lean_file, strip_comments

MINIF2F_HEADER = "open scoped Real\nopen scoped Nat\nopen scoped Topology\nopen scoped Polynomial"

# A file shaped like google-deepmind/miniF2F's Valid.lean/Test.lean: imports, opens, docstrings,
# multi-line binders, one real multi-line proof, one term proof, and 20 theorems in all.
MINIF2F_FILE = """import MiniF2F.ProblemImports

open scoped Real
open scoped Nat
open scoped Topology
open scoped Polynomial

/-- The volume of a cone is given by the formula $V = \\frac{1}{3}Bh$. Show that it is 65.-/
theorem mathd_algebra_478 (b h v : ℝ) (h₀ : 0 < b ∧ 0 < h ∧ 0 < v) (h₁ : v = 1 / 3 * (b * h))
    (h₂ : b = 30) (h₃ : h = 13 / 2) : v = 65 := by
  sorry

/-- Let $z=\\frac{1+i}{\\sqrt{2}}.$ What is
theorem in a docstring at column 0 must not start a declaration -/
theorem amc12a_2019_p21 (z : ℂ) (h₀ : z = (1 + Complex.I) / Real.sqrt 2) :
    ((∑ k ∈ Finset.Icc 1 12, z ^ k ^ 2) * (∑ k ∈ Finset.Icc 1 12, 1 / z ^ k ^ 2)) = 36 := by
  sorry

theorem imo_1959_p1 (n : ℕ) (h₀ : 0 < n) : Nat.gcd (21 * n + 4) (14 * n + 3) = 1 := by
  sorry

-- A line comment between theorems: theorem fake_one : False := by sorry
theorem imo_2006_p6 (f : ℝ → ℝ) (h₀ : ∀ x y, f (x + y) = f x + f y) :
    ∀ x, f x = x * f 1 := by
  sorry

/- A block comment /- with a nested one -/ still inside
theorem fake_two : False := by sorry
-/
theorem mathd_numbertheory_3 : (∑ x ∈ Finset.range 10, (x + 1) ^ 2) % 10 = 5 := by
  sorry

theorem mathd_algebra_33 (x y z : ℝ) (h₀ : x ≠ 0) (h₁ : 2 * x = 5 * y) (h₂ : 7 * y = 10 * z) :
    z / x = 7 / 25 := by
  have h₃ : y = 2 * x / 5 := by
    linarith
  rw [h₃] at h₂
  field_simp
  nlinarith [sq_nonneg (x - z), sq_nonneg (x + z),
    mul_pos (show (0 : ℝ) < 2 by norm_num) (show (0 : ℝ) < 5 by norm_num)]

theorem mathd_numbertheory_66 : 194 % 11 = 7 :=
  rfl

theorem amc12b_2002_p19 (a b c : ℝ) (h₀ : 0 < a ∧ 0 < b ∧ 0 < c) (h₁ : a * (b + c) = 152)
    (h₂ : b * (c + a) = 162) (h₃ : c * (a + b) = 170) : a * b * c = 720 := by
  sorry

theorem mathd_numbertheory_12 :
    Finset.card (Finset.filter (fun x => 11 ∣ x) (Finset.Icc 20 150)) = 12 := by
  sorry

theorem aime_1983_p1 (x y z w : ℕ) (ht : 1 < x ∧ 1 < y ∧ 1 < z) (hw : 0 ≤ w)
    (h0 : Real.log w / Real.log x = 24) (h1 : Real.log w / Real.log y = 40)
    (h2 : Real.log w / Real.log (x * y * z) = 12) : Real.log w / Real.log z = 60 := by
  sorry

theorem mathd_numbertheory_127 : (∑ k ∈ Finset.range 101, 2 ^ k) % 7 = 3 := by
  sorry

theorem imo_1964_p1_2 (n : ℕ) : ¬7 ∣ 2 ^ n + 1 := by
  sorry

theorem mathd_algebra_302 : (Complex.I / 2) ^ 2 = -(1 / 4) := by
  norm_num [div_pow]

theorem amc12a_2020_p10 (n : ℕ) (h₀ : 0 < n)
    (h₁ : Real.logb 2 (Real.logb 16 n) = Real.logb 4 (Real.logb 4 n)) :
    (Nat.digits 10 n).sum = 13 := by
  sorry

theorem mathd_numbertheory_24 : (∑ k ∈ Finset.Icc 1 9, 11 ^ k) % 100 = 59 := by sorry

theorem induction_12dvd4expnp1p20 (n : ℕ) : 12 ∣ 4 ^ (n + 1) + 20 := by
  sorry

theorem mathd_algebra_24 (x : ℝ) (h₀ : x / 50 = 40) : x = 2000 := by
  sorry

theorem algebra_sqineq_at2malt1 (a : ℝ) : a * (2 - a) ≤ 1 := by
  sorry

theorem imo_1977_p6 (f : ℕ → ℕ) (h₀ : ∀ n, 0 < f n) (h₁ : ∀ n, 0 < n → f (f n) < f (n + 1)) :
    ∀ n, 0 < n → f n = n := by
  sorry

theorem mathd_numbertheory_299 : 1 * 3 * 5 * 7 * 9 * 11 * 13 % 10 = 5 := by
  sorry
"""


def by_name(records: list[TheoremRecord]) -> dict[str, TheoremRecord]:
    return {r.name: r for r in records}


def test_whole_file_finds_every_theorem_in_order() -> None:
    records = parse_lean_file(MINIF2F_FILE, dataset="minif2f", split="valid")
    assert len(records) == 20
    assert records[0].name == "mathd_algebra_478"
    assert records[-1].name == "mathd_numbertheory_299"
    assert "fake_one" not in by_name(records) and "fake_two" not in by_name(records)
    for r in records:
        assert r.kind == "theorem" and r.dataset == "minif2f" and r.split == "valid"
        assert r.header == MINIF2F_HEADER  # opens kept, import and comments dropped
        assert r.statement.endswith(":= by\n  sorry")
        assert r.statement.count("sorry") == 1
        assert "import" not in r.statement and "import" not in r.header


def test_docstring_and_multiline_binders_are_kept_verbatim() -> None:
    r = by_name(parse_lean_file(MINIF2F_FILE))["mathd_algebra_478"]
    assert r.statement == (
        "/-- The volume of a cone is given by the formula $V = \\frac{1}{3}Bh$. Show that it is 65.-/\n"
        "theorem mathd_algebra_478 (b h v : ℝ) (h₀ : 0 < b ∧ 0 < h ∧ 0 < v) (h₁ : v = 1 / 3 * (b * h))\n"
        "    (h₂ : b = 30) (h₃ : h = 13 / 2) : v = 65 := by\n  sorry"
    )
    assert not r.had_proof


def test_real_proofs_are_replaced_and_flagged() -> None:
    records = by_name(parse_lean_file(MINIF2F_FILE))
    proven = {name for name, r in records.items() if r.had_proof}
    assert proven == {"mathd_algebra_33", "mathd_numbertheory_66", "mathd_algebra_302"}
    assert records["mathd_algebra_33"].statement == (
        "theorem mathd_algebra_33 (x y z : ℝ) (h₀ : x ≠ 0) (h₁ : 2 * x = 5 * y) (h₂ : 7 * y = 10 * z) :\n"
        "    z / x = 7 / 25 := by\n  sorry"
    )
    assert (
        records["mathd_numbertheory_66"].statement
        == "theorem mathd_numbertheory_66 : 194 % 11 = 7 := by\n  sorry"
    )
    assert "nlinarith" not in records["mathd_algebra_33"].statement
    assert records["mathd_numbertheory_24"].statement.endswith("= 59 := by\n  sorry")


# Layouts of the openai-derived Lean 4 ports (e.g. yangky11/miniF2F-lean4): `by sorry` on the next
# line, `sorry` at column 0, a comment after `sorry`, a comment inside the binders, a Mathport
# warning block before the theorem. Hand-written; none of these may cost a theorem or leak a comment.
PORT_STYLE_FILE = """import MiniF2F.Minif2fImport
open BigOperators Real Nat Topology

theorem demo_next_line_by
  (a b : ℝ)
  (h₁ : (a * b)=180) :
  a * b = 180 :=
  by sorry

theorem demo_col0_proof (f : ℕ → ℕ) (h₀ : ∀ n, f n = n) :
  f 4 = 4 := by
sorry

theorem demo_trailing_note : (2 : ℕ) + 2 = 4 := by
  sorry  -- simp stucks

theorem demo_binder_note (S : Finset ℕ)
  -- note: (n^2 + 2 - 3 * n) because := nat subtraction truncates
  (h₀ : ∀ n : ℕ, n ∈ S ↔ 0 < n ∧ n ^ 2 + 2 - 3 * n = 1) :
  S.card = 1 := by
  sorry

/- ./Mathport/Syntax/Translate/Basic.lean: warning: expanding binder collection (y «expr ≠ » 0) -/
theorem demo_after_block (f : ℝ → ℝ) (h₀ : ∀ (y) (_ : y ≠ 0), f y = 1) : f 1 = 1 := by
  simp [h₀]
"""


def test_port_style_layouts() -> None:
    records = parse_lean_file(PORT_STYLE_FILE)
    assert [r.name for r in records] == [
        "demo_next_line_by",
        "demo_col0_proof",
        "demo_trailing_note",
        "demo_binder_note",
        "demo_after_block",
    ]
    assert {r.header for r in records} == {"open BigOperators Real Nat Topology"}
    assert [r.had_proof for r in records] == [False, False, False, False, True]
    assert records[0].statement == (
        "theorem demo_next_line_by\n  (a b : ℝ)\n  (h₁ : (a * b)=180) :\n  a * b = 180 := by\n  sorry"
    )
    assert records[1].statement.endswith("f 4 = 4 := by\n  sorry")
    assert "-- note: (n^2 + 2 - 3 * n) because := nat" in records[3].statement
    assert records[3].statement.endswith("S.card = 1 := by\n  sorry")
    assert records[4].statement.startswith("theorem demo_after_block (f")
    assert all(r.statement.count("sorry") == 1 and "stucks" not in r.statement for r in records)


def test_sums_filters_and_quantifiers_survive() -> None:
    records = by_name(parse_lean_file(MINIF2F_FILE))
    assert (
        "(∑ k ∈ Finset.Icc 1 12, 1 / z ^ k ^ 2)) = 36 := by\n  sorry" in records["amc12a_2019_p21"].statement
    )
    assert "(fun x => 11 ∣ x)" in records["mathd_numbertheory_12"].statement
    assert "∀ x y, f (x + y) = f x + f y" in records["imo_2006_p6"].statement
    assert records["amc12a_2019_p21"].statement.startswith("/-- Let $z=")


def test_single_theorem_file_without_header() -> None:
    text = (
        "theorem mathd_algebra_478 (b h v : ℝ) (h₀ : 0 < b ∧ 0 < h ∧ 0 < v) (h₁ : v = 1 / 3 * (b * h)) "
        "(h₂ : b = 30) (h₃ : h = 13 / 2) : v = 65 := by sorry"
    )
    [r] = parse_lean_file(text)
    assert r.header == ""
    assert r.statement == text.removesuffix(" by sorry") + " by\n  sorry"
    assert not r.had_proof


def test_single_theorem_file_with_open_statement_ending_in_by() -> None:
    [r] = parse_lean_file("import Mathlib\nopen Real\n\ntheorem t (x : ℝ) : x ^ 2 ≥ 0 := by")
    assert r.header == "open Real"
    assert r.statement == "theorem t (x : ℝ) : x ^ 2 ≥ 0 := by\n  sorry"
    assert not r.had_proof


def test_assignment_inside_binders_and_let_in_type() -> None:
    text = (
        "theorem t1 (f : ℕ → ℕ) (h : f = fun x => x) (n : ℕ := 3) : f n = n := by\n  subst h; rfl\n\n"
        "theorem t2 : let x := 1; let y := 2\n    x + y = 3 := by\n  intro x y\n  rfl\n\n"
        "theorem t3 (s : Set ℕ) (h : s = { x | x < 3 }) : (⟨1, by norm_num⟩ : { n : ℕ // n < 2 }).1 = 1 :=\n"
        "  rfl\n"
    )
    records = by_name(parse_lean_file(text))
    assert records["t1"].statement == (
        "theorem t1 (f : ℕ → ℕ) (h : f = fun x => x) (n : ℕ := 3) : f n = n := by\n  sorry"
    )
    assert records["t2"].statement == "theorem t2 : let x := 1; let y := 2\n    x + y = 3 := by\n  sorry"
    assert records["t3"].statement.endswith(").1 = 1 := by\n  sorry")
    assert all(r.had_proof for r in records.values())


def test_attributes_modifiers_lemma_and_open_in_prefix() -> None:
    text = (
        "namespace Demo\n\nvariable {α : Type*} [Fintype α]\n\n"
        "@[simp]\nlemma card_pos_demo [Nonempty α] : 0 < Fintype.card α := Fintype.card_pos\n\n"
        "open Finset in\n/-- Docstring after `open … in`. -/\n"
        "theorem sum_demo (n : ℕ) : ∑ i ∈ range n, (i : ℕ) = ∑ i ∈ range n, i := rfl\n\n"
        "@[simp] private theorem priv_demo ⦃a b : ℕ⦄ (h : a = b) : b = a := h.symm\n\n"
        "variable (k : ℕ) in\ntheorem var_demo : k + 0 = k := rfl\n\n"
        "set_option maxHeartbeats 400000 in\n"
        "theorem heavy_demo {n : ℕ} [Fact (1 < n)] : 1 < n := Fact.out\n\n"
        "end Demo\n"
    )
    records = parse_lean_file(text)
    assert [r.name for r in records] == ["card_pos_demo", "sum_demo", "priv_demo", "var_demo", "heavy_demo"]
    assert [r.kind for r in records] == ["lemma", "theorem", "theorem", "theorem", "theorem"]
    header = "namespace Demo\nvariable {α : Type*} [Fintype α]"
    assert all(r.header == header for r in records)  # the trailing `end Demo` is not context
    assert records[0].statement == (
        "@[simp]\nlemma card_pos_demo [Nonempty α] : 0 < Fintype.card α := by\n  sorry"
    )
    assert records[1].statement.startswith(
        "open Finset in\n/-- Docstring after `open … in`. -/\ntheorem sum_demo"
    )
    assert (
        records[2].statement
        == "@[simp] private theorem priv_demo ⦃a b : ℕ⦄ (h : a = b) : b = a := by\n  sorry"
    )
    assert records[3].statement == "variable (k : ℕ) in\ntheorem var_demo : k + 0 = k := by\n  sorry"
    assert records[4].statement.startswith("set_option maxHeartbeats 400000 in\ntheorem heavy_demo {n : ℕ}")


def test_strings_and_comments_containing_syntax_are_inert() -> None:
    text = (
        'def greeting : String := "hello -- not a comment /- nor this"\n\n'
        "theorem str_demo : greeting.length = 38 := by -- a comment with := inside\n"
        "  decide\n\n"
        "theorem char_demo (c : Char) (h : c = ':') : c.toNat = 58 := by\n  subst h; rfl\n\n"
        "theorem trailing_comment_demo (x : ℕ) : x = x -- why\n  := rfl\n"
    )
    records = by_name(parse_lean_file(text))
    assert records["str_demo"].header == 'def greeting : String := "hello -- not a comment /- nor this"'
    assert records["str_demo"].statement == "theorem str_demo : greeting.length = 38 := by\n  sorry"
    assert (
        records["char_demo"].statement
        == "theorem char_demo (c : Char) (h : c = ':') : c.toNat = 58 := by\n  sorry"
    )
    assert records["trailing_comment_demo"].statement == (
        "theorem trailing_comment_demo (x : ℕ) : x = x := by\n  sorry"
    )


def test_equation_style_and_absolute_value_lines() -> None:
    text = (
        "theorem eq_demo : ∀ n : ℕ, n + 0 = n\n  | 0 => rfl\n  | n + 1 => rfl\n\n"
        "theorem abs_demo (x : ℝ) :\n    |x| ≥ 0 := by\n  positivity\n"
    )
    records = by_name(parse_lean_file(text))
    assert records["eq_demo"].statement == "theorem eq_demo : ∀ n : ℕ, n + 0 = n := by\n  sorry"
    assert records["eq_demo"].had_proof
    assert records["abs_demo"].statement == "theorem abs_demo (x : ℝ) :\n    |x| ≥ 0 := by\n  sorry"


def test_header_grows_with_the_file_and_skips_hash_commands() -> None:
    text = (
        "import Mathlib\nopen Real\n\ntheorem a1 : (1 : ℝ) = 1 := by sorry\n#align a1 a1\n\n"
        "noncomputable def f (x : ℝ) : ℝ := x ^ 2\n\ntheorem a2 : f 1 = 1 := by sorry\n#check a2\n"
        "example : True := trivial\n"
    )
    a1, a2 = parse_lean_file(text)
    assert a1.header == "open Real"
    assert a2.header == "open Real\nnoncomputable def f (x : ℝ) : ℝ := x ^ 2"


def test_crlf_and_no_theorems() -> None:
    assert parse_lean_file("import Mathlib\r\nopen Real\r\n") == []
    [r] = parse_lean_file("theorem w : 1 = 1 := by\r\n  rfl\r\n")
    assert r.statement == "theorem w : 1 = 1 := by\n  sorry" and r.had_proof


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a -- b\nc", "a     \nc"),
        ("x /- a /- b -/ c -/ y", "x                   y"),
        ('s "q -- r" t', "s          t"),
        ("h' 'a' f''", "h'     f''"),
    ],
)
def test_mask(text: str, expected: str) -> None:
    assert mask(text, lex_spans(text)) == expected


def test_strip_comments_keeps_strings() -> None:
    assert strip_comments('open Real -- c\n/- block\n-/\ndef s := "-- x"\n\n') == 'open Real\ndef s := "-- x"'
