"""Ground facts about library applications for the z3 encoding (`libsem.encode_lib`).

Each fact is an instance of a Mathlib theorem at the arguments of one application, so adding it can
never make a false statement provable: it only lets z3 check the lemmas that name these facts
(`Real.log_pow`, `Real.rpow_mul`, `Nat.gcd_mul_lcm`, …) before the lemma table admits them. z3 is used
by lemma admission, rewrite-instance checks and the test oracle; Mathlib's tactics (`linarith`,
`nlinarith`, `positivity`) do not go through this encoding, so they do not get stronger.

The theorems, by function:
- `Real.log x`: `Real.log_pos` (1 < x → 0 < log x), `Real.log_ne_zero_of_pos_of_ne_one`
  (0 < x → x ≠ 1 → log x ≠ 0), `Real.log_pow` (log (x ^ n) = n * log x, numeral n),
  `Real.log_mul` (x ≠ 0 → y ≠ 0 → log (x * y) = log x + log y), `Real.log_zero` (log 0 = 0),
  `Real.log_one` (log 1 = 0), `Real.log_neg` (0 < x → x < 1 → log x < 0), `Real.log_neg_eq_log`
  (log (-x) = log x), `Real.log_div` (x ≠ 0 → y ≠ 0 → log (x / y) = log x - log y), `Real.log_rpow`
  (0 < x → log (x ^ y) = y * log x, `x ^ y` the real power), `Real.log_injOn_pos` (0 < x → 0 < y →
  log x = log y → x = y, between the applications of one query);
- `x ^ y` (`Real.rpow`): `Real.rpow_pos_of_pos` (0 < x → 0 < x ^ y), `Real.log_rpow` again,
  `Real.one_rpow` (1 ^ y = 1), `Real.zero_rpow` (y ≠ 0 → 0 ^ y = 0),
  `Real.rpow_natCast` (x ^ (n : ℝ) = x ^ n, numeral n), `Real.rpow_mul` (0 ≤ x → x ^ (y * z) = (x ^ y) ^ z),
  `Real.mul_rpow` (0 ≤ x → 0 ≤ y → (x * y) ^ z = x ^ z * y ^ z), `Real.rpow_add`
  (0 < x → x ^ (y + z) = x ^ y * x ^ z);
- `Real.cos (x + y)` / `Real.sin (x + y)`: `Real.cos_add`, `Real.sin_add`; since round 22a also, for every
  `Real.sin t` / `Real.cos t`, `Real.sin_sq_add_cos_sq`, and at the shape of `t`: `Real.sin_sub` /
  `Real.cos_sub` (`x - y`), `Real.sin_neg` / `Real.cos_neg` (`-x`), `Real.sin_two_mul` / `Real.cos_two_mul`
  (`2 * x`), `Real.sin_pi` / `Real.cos_pi` (`π`), `Real.sin_pi_sub` / `Real.cos_pi_sub` (`π - x`);
- `Nat.gcd m n`: `Nat.gcd_dvd_left`, `Nat.gcd_dvd_right`, `Nat.gcd_eq_zero_iff`, `Nat.gcd_self`,
  `Nat.gcd_comm`, `Nat.gcd_add_mul_left_left`, `Nat.gcd_mul_left` (where the application has its shape),
  `Nat.gcd_eq_left`, `Nat.gcd_eq_right`, `Nat.gcd_le_left`, `Nat.gcd_le_right` (round 24),
  its value on numerals;
  `Nat.lcm m n = m * n / Nat.gcd m n` (Mathlib's definition, ℕ division, so `lcm 0 0 = 0`), encoded as
  `m / gcd m n * n` (the same value because `gcd m n ∣ m`); `Nat.lcm_mul_left` where the application has
  its shape.
"""

from __future__ import annotations

import math

import z3

from minilean.syntax import NAT, REAL, EApp, EBin, ECast, ENeg, ENum, Expr

MAX_POWER = 64  # `rpow_natCast` / `log_pow` instances are multiplied out: small numeral exponents only
_R = z3.RealSort
_I = z3.IntSort


def _numeral(e: Expr) -> int | None:
    """The value of a numeral exponent `3` or `((3 : ℕ) : ℝ)`."""
    if isinstance(e, ENum):
        return e.n
    if isinstance(e, ECast) and e.src == NAT and isinstance(e.arg, ENum):
        return e.arg.n
    return None


def _power(x: z3.ArithRef, n: int) -> z3.ArithRef:
    out: z3.ArithRef = z3.RealVal(1)
    for _ in range(n):
        out = out * x
    return out


def extra(enc, e: EApp, a: list, v: z3.ArithRef) -> list:  # type: ignore[no-untyped-def]
    """The facts about `v` = the value of `e` (its encoded arguments `a`)."""
    seen: set = enc.__dict__.setdefault("_lib_fact_seen", set())
    if e in seen:  # `rpow_mul` relates two applications: each expands the other once, not forever
        return []
    seen.add(e)
    if e.fn == "Real.log":
        return _log(enc, e, a[0], v)
    if e.fn == "Real.rpow":
        return _rpow(enc, e, a, v)
    if e.fn in ("Real.cos", "Real.sin"):
        return _trig(enc, e, v)
    return []


def _trig(enc, e: EApp, v: z3.ArithRef) -> list:  # type: ignore[no-untyped-def]
    """`Real.sin t` / `Real.cos t`: Mathlib's identities at the shape of `t` (round 22a added all but
    `cos_add` / `sin_add`); every fact is an instance of the theorem named beside it."""

    def sin(t: Expr) -> z3.ArithRef:
        return enc.expr(EApp("Real.sin", (t,)), REAL)

    def cos(t: Expr) -> z3.ArithRef:
        return enc.expr(EApp("Real.cos", (t,)), REAL)

    is_cos = e.fn == "Real.cos"
    arg = e.args[0]
    # `Real.sin_sq_add_cos_sq x : sin x ^ 2 + cos x ^ 2 = 1` (and `cos_sq_add_sin_sq`)
    partner = sin(arg) if is_cos else cos(arg)
    facts = [v * v + partner * partner == 1]
    if isinstance(arg, EBin) and arg.op in ("+", "-"):
        x, y = arg.lhs, arg.rhs
        cx, cy, sx, sy = cos(x), cos(y), sin(x), sin(y)
        if arg.op == "+":  # `Real.cos_add`, `Real.sin_add`
            facts.append(v == (cx * cy - sx * sy if is_cos else sx * cy + cx * sy))
        else:  # `Real.cos_sub : cos (x - y) = cos x * cos y + sin x * sin y`, `Real.sin_sub`
            facts.append(v == (cx * cy + sx * sy if is_cos else sx * cy - cx * sy))
    pi = EApp("Real.pi", ())
    if not is_cos:  # `Real.sin_eq_zero_iff {x : ℝ} : sin x = 0 ↔ ∃ n : ℤ, (n : ℝ) * π = x`
        n = z3.Int("#sin_zero_n")
        at = enc.expr(arg, REAL)
        facts.append((v == 0) == z3.Exists([n], z3.ToReal(n) * enc.expr(pi, REAL) == at))
    if arg == pi:  # `Real.sin_pi : sin π = 0`, `Real.cos_pi : cos π = -1`
        facts.append(v == (-1 if is_cos else 0))
    if isinstance(arg, EBin) and arg.op == "-" and arg.lhs == pi:
        # `Real.sin_pi_sub (x : ℝ) : sin (π - x) = sin x`, `Real.cos_pi_sub (x : ℝ) : cos (π - x) = -cos x`
        facts.append(v == (-cos(arg.rhs) if is_cos else sin(arg.rhs)))
    if isinstance(arg, ENeg):  # `Real.cos_neg : cos (-x) = cos x`, `Real.sin_neg : sin (-x) = -sin x`
        facts.append(v == (cos(arg.arg) if is_cos else -sin(arg.arg)))
    if isinstance(arg, EBin) and arg.op == "*" and arg.lhs == ENum(2):
        # `Real.cos_two_mul : cos (2 * x) = 2 * cos x ^ 2 - 1`, `Real.sin_two_mul : sin (2 * x) = 2 * sin x
        # * cos x`
        cx = cos(arg.rhs)
        facts.append(v == (2 * cx * cx - 1 if is_cos else 2 * sin(arg.rhs) * cx))
    return facts


def _log(enc, e: EApp, x: z3.ArithRef, v: z3.ArithRef) -> list:  # type: ignore[no-untyped-def]
    facts = [z3.Implies(x > 1, v > 0), z3.Implies(z3.And(x > 0, x != 1), v != 0)]
    facts += [z3.Implies(x == 0, v == 0), z3.Implies(x == 1, v == 0)]  # `Real.log_zero`, `Real.log_one`
    facts.append(z3.Implies(z3.And(x > 0, x < 1), v < 0))  # `Real.log_neg`
    # `Real.log_injOn_pos`: log is injective on (0, ∞), stated between this application and each one
    # encoded before it (ground instances only; the list lives on the encoder, one per query)
    logs: list = enc.__dict__.setdefault("_lib_fact_logs", [])
    facts += [z3.Implies(z3.And(x > 0, u > 0, v == w), x == u) for u, w in logs]
    logs.append((x, v))
    arg = e.args[0]
    # `Real.log_neg_eq_log`: log (-x) = log x, stated once from each side (`- -x` is never built)
    other = arg.arg if isinstance(arg, ENeg) else ENeg(arg)
    facts.append(v == enc.expr(EApp("Real.log", (other,)), REAL))
    if isinstance(arg, EBin) and arg.op == "^" and (n := _numeral(arg.rhs)) is not None and n <= MAX_POWER:
        facts.append(v == n * enc.expr(EApp("Real.log", (arg.lhs,)), REAL))
    if isinstance(arg, EApp) and arg.fn == "Real.rpow":  # `Real.log_rpow`: 0 < x → log (x ^ y) = y * log x
        px, py = enc.expr(arg.args[0], REAL), enc.expr(arg.args[1], REAL)
        facts.append(z3.Implies(px > 0, v == py * enc.expr(EApp("Real.log", (arg.args[0],)), REAL)))
    if isinstance(arg, EBin) and arg.op == "*":
        lx, ly = (enc.expr(EApp("Real.log", (t,)), REAL) for t in (arg.lhs, arg.rhs))
        px, py = enc.expr(arg.lhs, REAL), enc.expr(arg.rhs, REAL)
        facts.append(z3.Implies(z3.And(px != 0, py != 0), v == lx + ly))
    if isinstance(arg, EBin) and arg.op == "/":  # `Real.log_div`: x ≠ 0 → y ≠ 0 → log (x / y) = log x - log y
        lx, ly = (enc.expr(EApp("Real.log", (t,)), REAL) for t in (arg.lhs, arg.rhs))
        px, py = enc.expr(arg.lhs, REAL), enc.expr(arg.rhs, REAL)
        facts.append(z3.Implies(z3.And(px != 0, py != 0), v == lx - ly))
    return facts


def _rpow(enc, e: EApp, a: list, v: z3.ArithRef) -> list:  # type: ignore[no-untyped-def]
    x, y = a
    facts = [z3.Implies(x == 1, v == 1), z3.Implies(z3.And(x == 0, y != 0), v == 0)]
    # `Real.rpow_pos_of_pos` (0 < x → 0 < x ^ y) and `Real.log_rpow` read from the power's side, so a
    # power and a logarithm can meet through `Real.log_injOn_pos` (`Real.logb_eq_iff_rpow_eq`)
    facts.append(z3.Implies(x > 0, v > 0))
    log_v, log_x = (enc.expr(EApp("Real.log", (t,)), REAL) for t in (e, e.args[0]))
    facts.append(z3.Implies(x > 0, log_v == y * log_x))
    n = _numeral(e.args[1])
    if n is not None and 0 <= n <= MAX_POWER:
        facts.append(v == _power(x, n))
    base, expo = e.args
    if isinstance(base, EBin) and base.op == "*":  # `Real.mul_rpow`: 0 ≤ a → 0 ≤ b → (a * b) ^ y = …
        pa, pb = enc.expr(base.lhs, REAL), enc.expr(base.rhs, REAL)
        ra, rb = (enc.expr(EApp("Real.rpow", (t, expo)), REAL) for t in (base.lhs, base.rhs))
        facts.append(z3.Implies(z3.And(pa >= 0, pb >= 0), v == ra * rb))
    if isinstance(expo, EBin) and expo.op == "+":  # `Real.rpow_add`: 0 < x → x ^ (y + z) = x ^ y * x ^ z
        ry, rz = (enc.expr(EApp("Real.rpow", (base, t)), REAL) for t in (expo.lhs, expo.rhs))
        facts.append(z3.Implies(x > 0, v == ry * rz))
    if isinstance(expo, EBin) and expo.op == "*":  # x ^ (y * z) = (x ^ y) ^ z when 0 ≤ x
        nested = EApp("Real.rpow", (EApp("Real.rpow", (base, expo.lhs)), expo.rhs))
        facts.append(z3.Implies(x >= 0, v == enc.expr(nested, REAL)))
    if isinstance(base, EApp) and base.fn == "Real.rpow":  # (x ^ y) ^ z = x ^ (y * z) when 0 ≤ x
        inner = enc.expr(base.args[0], REAL)
        flat = EApp("Real.rpow", (base.args[0], EBin("*", base.args[1], expo)))
        facts.append(z3.Implies(inner >= 0, v == enc.expr(flat, REAL)))
    return facts


def _divides(d: z3.ArithRef, x: z3.ArithRef) -> z3.BoolRef:
    return z3.If(d == 0, x == 0, x % d == 0)


def gcd_lcm(enc, e: EApp, a: list) -> z3.ArithRef:  # type: ignore[no-untyped-def]
    """`Nat.gcd m n` / `Nat.lcm m n` as uninterpreted functions with the facts above."""
    m, n = a
    gcd = z3.Function("#Nat.gcd", _I(), _I(), _I())
    g = gcd(m, n)
    enc.side.extend([g >= 0, _divides(g, m), _divides(g, n), (g == 0) == z3.And(m == 0, n == 0)])
    if e.fn == "Nat.gcd":
        # round 24: Lean core's `Nat.gcd_eq_left {m n} (h : m ∣ n) : gcd m n = m`, `Nat.gcd_eq_right {m n}
        # (h : n ∣ m) : gcd m n = n` and `Nat.gcd_le_left (n) (h : 0 < m) : gcd m n ≤ m`, `Nat.gcd_le_right
        # (m) (h : 0 < n) : gcd m n ≤ n` at this application (z3 does not bound a divisor: nonlinear `%`)
        enc.side.extend([
            z3.Implies(_divides(m, n), g == m), z3.Implies(_divides(n, m), g == n),
            z3.Implies(m > 0, g <= m), z3.Implies(n > 0, g <= n),
        ])
    if e.args[0] == e.args[1]:  # `Nat.gcd_self` / `Nat.lcm_self`
        enc.side.append(g == m)
    if e.fn == "Nat.gcd":
        enc.side.extend(_gcd_instances(enc, e, g))
    if all(isinstance(t, ENum) for t in e.args):
        enc.side.append(g == math.gcd(e.args[0].n, e.args[1].n))  # type: ignore[union-attr]
    if e.fn == "Nat.gcd":
        return g
    lcm = z3.Function("#Nat.lcm", _I(), _I(), _I())
    v = lcm(m, n)
    # Mathlib's `m * n / gcd m n`, written `m / gcd m n * n` (equal since `gcd m n ∣ m`:
    # `Nat.mul_div_right_comm`), a form z3's nonlinear arithmetic handles
    enc.side.append(v == z3.If(g == 0, z3.IntVal(0), (m / g) * n))
    x, y = e.args
    if _is_mul(x) and _is_mul(y) and x.lhs == y.lhs:  # type: ignore[union-attr]
        # Lean core's `Nat.lcm_mul_left (m n k) : lcm (m * n) (m * k) = m * lcm n k` (z3 does not derive it
        # from the division above: nonlinear integer division)
        inner = enc.expr(EApp("Nat.lcm", (x.rhs, y.rhs)), NAT)  # type: ignore[union-attr]
        enc.side.append(v == enc.expr(x.lhs, NAT) * inner)  # type: ignore[union-attr]
    return v


def _gcd_instances(enc, e: EApp, g: z3.ArithRef) -> list:  # type: ignore[no-untyped-def]
    """Instances of Lean core's `Nat.gcd_comm` (gcd m n = gcd n m, stated from one side: the swapped
    application is encoded once and does not swap back, `seen` below), `Nat.gcd_add_mul_left_left`
    (gcd (m + n * k) n = gcd m n) and `Nat.gcd_mul_left` (gcd (m * n) (m * k) = m * gcd n k) where the
    application has that shape."""
    seen: set = enc.__dict__.setdefault("_gcd_comm_seen", set())
    m, n = e.args
    out = []
    swapped = EApp("Nat.gcd", (n, m))
    if e not in seen and swapped not in seen:
        seen.add(e)
        seen.add(swapped)
        out.append(g == enc.expr(swapped, NAT))
    if isinstance(m, EBin) and m.op == "+" and isinstance(m.rhs, EBin) and m.rhs.op == "*" and m.rhs.lhs == n:
        out.append(g == enc.expr(EApp("Nat.gcd", (m.lhs, n)), NAT))
    # Lean core's `Nat.gcd_mul_left (m n k) : gcd (m * n) (m * k) = m * gcd n k`, read off syntactically
    # equal left factors only (no commuting, so `gcd (n * m) (m * k)` gets no fact)
    if _is_mul(m) and _is_mul(n) and m.lhs == n.lhs:  # type: ignore[union-attr]
        inner = enc.expr(EApp("Nat.gcd", (m.rhs, n.rhs)), NAT)  # type: ignore[union-attr]
        out.append(g == enc.expr(m.lhs, NAT) * inner)  # type: ignore[union-attr]
    return out


def _is_mul(e: Expr) -> bool:
    return isinstance(e, EBin) and e.op == "*"


__all__ = ["MAX_POWER", "extra", "gcd_lcm"]
