"""Import bashlex without rebuilding its LALR tables on every process start.

bashlex 0.18 rebuilds its parser tables at import (about 0.1 s), and every
hook call is a fresh process. We ship the tables it builds, keyed by a hash of
the bashlex sources that define the grammar, and hand them to bashlex in place
of the rebuild. A key mismatch (another bashlex version) falls back to the
normal, slow import: correct, just slower.
"""

from __future__ import annotations

import json
import os
import sys

TYPE_CHECKING = False  # typing itself costs milliseconds on the hook path

if TYPE_CHECKING:
    from typing import Any

TABLES_FILE = os.path.join(os.path.dirname(__file__), "data", "bashlex_tables.json")


def _bashlex_spec() -> Any:
    # PathFinder needs no import beyond what the interpreter already loaded;
    # importlib.util would pull in contextlib and more on every hook call.
    import importlib.machinery

    spec = importlib.machinery.PathFinder.find_spec("bashlex")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("bashlex is not installed")
    return spec


def _bashlex_dir() -> str:
    return str(list(_bashlex_spec().submodule_search_locations)[0])


def _module_from_spec(spec: Any) -> Any:
    try:
        from importlib._bootstrap import module_from_spec  # the frozen, already loaded implementation
    except ImportError:  # pragma: no cover
        from importlib.util import module_from_spec
    return module_from_spec(spec)


def grammar_key() -> str:
    """A hash of the bashlex files that determine the parse tables."""
    from hookward.policy.lazy import sha256

    digest = sha256()
    base = _bashlex_dir()
    for name in ("parser.py", "yacc.py", "tokenizer.py"):
        with open(os.path.join(base, name), "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


class _Production:
    """The few attributes of yacc.Production that LRParser.parse reads."""

    __slots__ = ("name", "len", "func", "callable", "str")

    def __init__(self, name: str, length: int, func: str | None, text: str) -> None:
        self.name = name
        self.len = length
        self.func = func
        self.callable: Any = None
        self.str = text

    def __str__(self) -> str:
        return self.str


def build_tables() -> dict[str, Any]:
    """Build the tables the slow way (used by the generator and the test)."""
    import types

    import bashlex.yacc as yacc

    captured: dict[str, Any] = {}
    real = yacc.yacc

    def capture(*args: Any, **kwargs: Any) -> Any:
        grammar = types.ModuleType("bashlex_grammar")
        grammar.__dict__.update(sys._getframe(1).f_globals)
        parser = real(*args, module=grammar, **kwargs)
        captured["action"] = {str(k): dict(v) for k, v in parser.action.items()}
        captured["goto"] = {str(k): dict(v) for k, v in parser.goto.items()}
        captured["productions"] = [[p.name, p.len, p.func, p.str] for p in parser.productions]
        return parser

    saved = sys.modules.pop("bashlex.parser", None)
    yacc.yacc = capture
    try:
        import bashlex.parser  # noqa: F401
    finally:
        yacc.yacc = real
        if saved is not None:
            sys.modules["bashlex.parser"] = saved
    return {"key": grammar_key(), **captured}


def load() -> None:
    """Import bashlex.parser, from the shipped tables when they fit, with the work meter installed."""
    if "bashlex.parser" not in sys.modules:
        _import_parser()
    _install_meter()


def _install_meter() -> None:
    """Make bashlex charge the active work budget (policy/budget.py) for every token and nested parse.

    bashlex has no limits of its own: a long list is tens of microseconds a token,
    and every `$(..)` re-reads the rest of its word in a new parser, recursively.
    Wrapping the tokenizer's `token` and `subst._recursiveparse` (through which every
    nested parse goes) lets the analysis stop at a counted limit instead of at the
    host's timeout or Python's recursion limit.
    """
    import bashlex.subst as subst
    import bashlex.tokenizer as tokenizer
    from hookward.policy import budget

    if not getattr(tokenizer.tokenizer.token, "_metered", False):
        read_token = tokenizer.tokenizer.token
        kinds = tokenizer.tokentype
        opens = frozenset(
            {kinds.IF, kinds.FOR, kinds.WHILE, kinds.UNTIL, kinds.CASE, kinds.SELECT, kinds.LEFT_CURLY}
            | {kinds.LEFT_PAREN, kinds.COND_START}
        )
        closes = frozenset({kinds.FI, kinds.DONE, kinds.ESAC, kinds.RIGHT_CURLY, kinds.RIGHT_PAREN, kinds.COND_END})

        def token(self: Any) -> Any:
            meter = budget._active
            if meter is None:
                return read_token(self)
            meter.token()
            read = read_token(self)
            kind = getattr(read, "ttype", None)
            if kind in opens:
                meter.open_compound()
            elif kind in closes:
                meter.close_compound()
            return read

        token._metered = True  # type: ignore[attr-defined]
        tokenizer.tokenizer.token = token
    if not getattr(subst._recursiveparse, "_metered", False):
        recursive_parse = subst._recursiveparse

        def _recursiveparse(parserobj: Any, base: str, sindex: int, tokenizerargs: Any = None) -> Any:
            meter = budget._active
            if meter is None:
                return recursive_parse(parserobj, base, sindex, tokenizerargs)
            meter.rescan(len(base) - sindex)
            meter.enter()
            try:
                return recursive_parse(parserobj, base, sindex, tokenizerargs)
            finally:
                meter.leave()

        _recursiveparse._metered = True  # type: ignore[attr-defined]
        subst._recursiveparse = _recursiveparse


def _import_parser() -> None:
    try:
        with open(TABLES_FILE, encoding="utf-8") as handle:
            tables = json.load(handle)
        fits = tables.get("key") == grammar_key()
    except (OSError, ValueError):
        fits = False
    if not fits:
        import bashlex.parser  # noqa: F401  (slow path: rebuild)

        return

    # bashlex/__init__ imports the parser (and so the rebuild) at once: create
    # the package without running it, patch yacc, then run it.
    spec = _bashlex_spec()
    package = _module_from_spec(spec)
    sys.modules["bashlex"] = package
    # yacc imports inspect (several ms) only to build tables, which we skip:
    # give it a placeholder for the import and take it away again at once.
    placeholder = None
    if "inspect" not in sys.modules:
        import types

        placeholder = sys.modules["inspect"] = types.ModuleType("inspect")
    try:
        import bashlex.yacc as yacc
    finally:
        if placeholder is not None and sys.modules.get("inspect") is placeholder:
            del sys.modules["inspect"]

    real = yacc.yacc

    def from_tables(*_args: Any, **_kwargs: Any) -> Any:
        pdict = sys._getframe(1).f_globals
        table = yacc.LRTable.__new__(yacc.LRTable)
        table.lr_action = {int(k): v for k, v in tables["action"].items()}
        table.lr_goto = {int(k): v for k, v in tables["goto"].items()}
        productions = []
        for name, length, func, text in tables["productions"]:
            production = _Production(name, length, func, text)
            if func:
                production.callable = pdict[func]
            productions.append(production)
        table.lr_productions = productions
        return yacc.LRParser(table, pdict.get("p_error"))

    yacc.yacc = from_tables
    try:
        import bashlex.parser  # noqa: F401
    finally:
        yacc.yacc = real
    spec.loader.exec_module(package)
