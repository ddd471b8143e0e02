"""Per-instance table lemmas as simp arguments (`simp [h, Nat.add_mod]`, `simp [Real.log_pow]`).

z3 cannot prove `Nat.add_mod` / `Nat.mul_mod` (and the other `lemmas.PER_INSTANCE` rows) as schemas: with
a variable modulus they are nonlinear. `rw [Nat.add_mod]` already admits each ground instance its match
gives once z3 has checked it (`rewrite.Rule.check_instance`). Simp gets the same route here: the schema
is added to the simp set unchecked, as a rule marked `checked`, and the simplifier applies it only where
the instance it would rewrite with is ground and z3 proves that instance valid. An instance z3 cannot
prove (a symbolic modulus) is simply not used, so simp does less than Mathlib's there (weaker), never more.
Lemmas with an exponent binder (`Real.log_pow (x : ℝ) (n : ℕ)`) take the same route when named without
their exponent: minilean states them only at numeral exponents, which the match supplies.
"""

from __future__ import annotations

from functools import lru_cache

from minilean import smt
from minilean.syntax import Expr, PRel, Prop


def per_instance_statement(el: object, node: tuple, ty: str) -> Prop | None:
    """The unchecked statement of a per-instance table lemma named bare (`Nat.add_mod`), at `ty`, with
    its binders as pattern variables; None when `node` is not such a lemma (the caller keeps its error)."""
    from minilean.goals import instantiate
    from minilean.lemmas import BY_NAME, PER_INSTANCE, table_key, unchecked

    key = table_key(node[1]) if node[0] == "id" else None  # `_root_.X`, names through `open`
    if key is None or ty not in BY_NAME[key].types:
        return None
    if key not in PER_INSTANCE and not BY_NAME[key].exponents():
        return None  # a schema z3 proves whole goes the ordinary way (its refusal stands)
    decl = unchecked(key, ty)
    if any(not isinstance(b.ty, str) for b in decl.binders):
        return None  # a lemma with hypotheses: the instance alone is not all a use asserts
    st = el.start_app(decl, [], for_apply=True)  # type: ignore[attr-defined]
    el.finish_app(st)  # type: ignore[attr-defined]
    p = instantiate(st.pattern_result, st.subst)
    return p if isinstance(p, PRel) and p.op == "=" else None


def instance_valid(lhs: Expr, rhs: Expr, ty: str, sorts: dict[str, str]) -> bool:
    """Is the ground equation `lhs = rhs` at `ty` valid (z3)? Called only on ground instances."""
    return _valid(lhs, rhs, ty, tuple(sorted(sorts.items())))


@lru_cache(maxsize=4096)
def _valid(lhs: Expr, rhs: Expr, ty: str, sorts: tuple[tuple[str, str], ...]) -> bool:
    try:
        return smt.valid([], PRel("=", lhs, rhs, ty), dict(sorts), 4000) is True
    except smt.Untranslatable:
        return False


def hint_facts(elab: object, g: object, text: str) -> list[Prop]:
    """`simp [Nat.add_mod]`: the per-instance lemma's statement at each type it is stated at (Lean
    instantiates a simp lemma wherever it matches); empty when `text` is not such a lemma."""
    from minilean.lemmas import candidate_types
    from minilean.syntax import parse_term

    node = parse_term(text)
    if node[0] != "id" or g.lookup(node[1].split(".")[0]) is not None:  # type: ignore[attr-defined]
        return []
    out: list[Prop] = []
    for ty in candidate_types(node[1]):
        p = per_instance_statement(elab(g), node, ty)  # type: ignore[operator]
        if p is not None and p not in out:
            out.append(p)
    return out


def core_mod_simp(a: Expr, b: Expr, ty: str) -> Expr | None:
    """Lean core's @[simp] lemmas about `%` that `simp [Nat.add_mod]` ends on: `Nat.mod_mod`
    (`n % m % m = n % m`), `Nat.mul_mod_right` (`n * k % n = 0`), `Nat.mul_mod_left` (`m * n % n = 0`), and
    the ℤ ones (`Int.emod_emod`, `Int.mul_emod_right`, `Int.mul_emod_left`). Each is valid for every
    divisor (`x % 0 = x` in both types), so no side condition."""
    from minilean.syntax import INT, NAT, EBin, ENum

    if ty not in (NAT, INT) or not isinstance(a, EBin):
        return None
    if a.op == "%" and a.rhs == b:
        return a  # mod_mod / emod_emod
    if a.op == "*" and b in (a.lhs, a.rhs):
        return ENum(0)  # mul_mod_right / mul_mod_left
    return None
