"""Parsing a theorem header (`theorem name (binders) : statement`) into its declaration and goal: used
by the source elaborator (engine.py) and by the lemma table (lemmas.py), which engine.py's tactics use."""

from __future__ import annotations

from minilean.decls import Binder, Decl, Env
from minilean.goals import Goal, Hyp, TacticFail, add_hyp, check_name
from minilean.syntax import Parser, SyntaxErr, sort_of_node, to_prop


class _Fail(Exception):
    def __init__(self, msg: str, line: int, col: int) -> None:
        super().__init__(msg)
        self.msg, self.line, self.col = msg, line, col


def _statement(env: Env, header: str, line: int, col: int) -> tuple[Decl | None, Goal]:
    try:
        p = Parser(header)
        kw = p.next().text
        name = None
        if kw != "example":
            t = p.next()
            if t.kind != "id":
                raise SyntaxErr(f"unexpected token '{t.text}'; expected identifier")
            name = t.text
        binders: list[Binder] = []
        sorts: dict[str, str] = {}
        hyps: tuple[Hyp, ...] = ()
        while p.at("(") or p.at("{") or p.at("["):
            open_tok = p.next().text
            if open_tok == "[":
                raise SyntaxErr("minilean: instance binders are not supported")
            close = ")" if open_tok == "(" else "}"
            names = []
            while p.peek().kind == "id" and not p.at(":"):
                names.append(p.next().text)
            if not names:
                raise SyntaxErr("expected binder name")
            p.expect(":")
            ty_node = p.term(0)
            p.expect(close)
            sort = sort_of_node(ty_node)
            for nm in names:
                # a repeated hypothesis name shadows the earlier one (it becomes inaccessible, as in
                # Lean); variables are never shadowed (a term could otherwise change meaning)
                if nm in sorts or (sort is not None and any(h.name == nm for h in hyps)):
                    raise SyntaxErr(f"minilean: duplicate binder name '{nm}'")
                if nm != "_":
                    check_name(nm)
            if sort is not None:
                for nm in names:
                    sorts[nm] = sort
                    binders.append(Binder(nm, sort, implicit=open_tok == "{"))
                    hyps = (*hyps, Hyp(nm, sort))
            else:
                if open_tok == "{":
                    raise SyntaxErr("minilean: implicit hypothesis binders are not supported")
                prop = to_prop(ty_node, sorts)
                for nm in names:
                    binders.append(Binder(nm, prop))
                    hyps = add_hyp(hyps, None if nm == "_" else nm, prop, anon_base="x")
        p.expect(":")
        concl = to_prop(p.term(0), sorts)
        p.expect_eof()
    except (SyntaxErr, TacticFail) as e:
        raise _Fail(str(e), line, col) from None
    goal = Goal(hyps, concl, None)
    return (Decl(name, tuple(binders), concl) if name else None), goal
