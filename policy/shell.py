"""Shell analysis: turn a command line into the list of things it really does.

bashlex parses; this module walks the tree and accounts for every simple
command, wherever it hides (lists, pipelines, subshells, loops, substitutions,
here-documents fed to a shell, `sh -c` payloads, `find -exec`, `xargs`, `ssh`),
peels wrappers until something nameable remains, resolves quoting, and records
what it could not account for. A parse failure is a finding, never a crash.
"""

from __future__ import annotations

import os
import re

from hookward.policy import bashlex_fast, budget
from hookward.policy.knowledge import environment as kenv
from hookward.policy.knowledge import programs as kp
from hookward.policy.lazy import LazyRegex

MAX_COMMAND_CHARS = 100_000  # longer commands are refused unparsed (denied: the budget floor)
MAX_DEPTH = 8  # nested sh -c / eval / heredoc levels before we stop and ask
MAX_COMMANDS = budget.MAX_COMMANDS


class Finding:
    """Something the analyzer noticed about the command line as a whole."""

    __slots__ = ("kind", "detail", "text")

    def __init__(self, kind: str, detail: str, text: str = "") -> None:
        self.kind = kind  # not-understood, opaque, function, alias, pipe-to-interpreter, fetch-and-run,
        # decoded-payload, raw-socket, hijack, inline-code, remote
        self.detail = detail
        self.text = text

    def __repr__(self) -> str:
        return f"Finding({self.kind!r}, {self.detail!r})"


class Redirect:
    __slots__ = ("op", "target", "resolved")

    def __init__(self, op: str, target: str, resolved: bool) -> None:
        self.op = op
        self.target = target
        self.resolved = resolved

    @property
    def writes(self) -> bool:
        return self.op in (">", ">>", ">|", "&>", "&>>", "<>", ">&")

    @property
    def reads(self) -> bool:
        return self.op in ("<", "<>")


class SimpleCommand:
    """One program invocation after wrappers were peeled."""

    __slots__ = (
        "argv",
        "unresolved",
        "assigns",
        "wrappers",
        "redirects",
        "piped_from",
        "text",
        "remote",
        "unknown_args",
        "inline_code",
        "stdin_literal",
        "fed_by",
        "cwd",
        "fed_paths",
    )

    def __init__(self, argv: list[str], text: str) -> None:
        self.argv = argv
        self.unresolved: set[int] = set()  # indexes of argv words whose value is unknown
        self.assigns: list[tuple[str, str]] = []
        self.wrappers: list[str] = []
        self.redirects: list[Redirect] = []
        self.piped_from: list[SimpleCommand] = []
        self.text = text
        self.remote = ""  # the host, when this runs on another machine (ssh)
        self.unknown_args = False  # xargs / find -exec append arguments we cannot see
        self.inline_code: tuple[str, str] | None = None  # (language, code)
        self.stdin_literal: str | None = None  # a here-doc or here-string
        self.fed_by: set[str] = set()  # programs inside substitutions in its arguments
        self.cwd = ""  # the directory it runs in, after any earlier `cd` on the same line
        # (path, recursive): what find -exec hands it when no name filter says which files (every file of a tree)
        self.fed_paths: list[tuple[str, bool]] = []

    @property
    def program(self) -> str:
        return program_name(self.argv[0]) if self.argv else ""

    @property
    def args(self) -> list[str]:
        return self.argv[1:]

    def __repr__(self) -> str:
        return f"SimpleCommand({self.argv!r}, wrappers={self.wrappers!r})"


class Analysis:
    __slots__ = ("commands", "findings")

    def __init__(self) -> None:
        self.commands: list[SimpleCommand] = []
        self.findings: list[Finding] = []

    @property
    def understood(self) -> bool:
        return not any(f.kind in ("not-understood", "opaque", "function", "alias") for f in self.findings)


# program_name and interpreter_family are pure functions of one word, asked for by every rule a command is
# matched against: remembered, up to a bound (a long-lived process sees many words).
_MEMO_LIMIT = 4096
_PROGRAM_NAMES: dict[str, str] = {}
_FAMILIES: dict[str, str] = {}


def program_name(word: str) -> str:
    found = _PROGRAM_NAMES.get(word)
    if found is None:
        if len(_PROGRAM_NAMES) >= _MEMO_LIMIT:
            _PROGRAM_NAMES.clear()
        found = _PROGRAM_NAMES[word] = _program_name(word)
    return found


def _program_name(word: str) -> str:
    name = word.rsplit("/", 1)[-1]
    # Agents on Windows run `.venv/Scripts/python.exe` and `C:/.../node.exe` through Git Bash: the program
    # is python, node. (python3.11 -> python3 -> python: see interpreter_family.)
    if len(name) > 4 and name[-4:].lower() == ".exe":
        name = name[:-4]
    return name


def interpreter_family(name: str) -> str:
    """python3.11 -> python, nodejs -> node, etc."""
    found = _FAMILIES.get(name)
    if found is None:
        if len(_FAMILIES) >= _MEMO_LIMIT:
            _FAMILIES.clear()
        found = _FAMILIES[name] = _interpreter_family(name)
    return found


def _interpreter_family(name: str) -> str:
    base = re.sub(r"[\d.]+$", "", name) or name
    if base in ("python", "pypy", "py"):  # py: the Windows Python launcher (`py -3.12 x.py`)
        return "python"
    if base in ("nodejs",):
        return "node"
    if base in ("gawk", "mawk", "nawk"):
        return "awk"
    if base == "powershell":
        return "pwsh"
    return base


def is_shell(name: str) -> bool:
    return name in kp.SHELLS


# --- word resolution -------------------------------------------------------

_ANSI_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


def _ansi_c(body: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\" or i + 1 >= len(body):
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in _ANSI_ESCAPES:
            out.append(_ANSI_ESCAPES[nxt])
            i += 2
        elif nxt == "x":
            m = re.match(r"[0-9a-fA-F]{1,2}", body[i + 2 :])
            if m:
                out.append(chr(int(m.group(0), 16)))
                i += 2 + len(m.group(0))
            else:
                out.append("\\x")
                i += 2
        elif nxt in "uU":
            m = re.match(r"[0-9a-fA-F]{1,8}" if nxt == "U" else r"[0-9a-fA-F]{1,4}", body[i + 2 :])
            if m:
                out.append(chr(min(int(m.group(0), 16), 0x10FFFF)))
                i += 2 + len(m.group(0))
            else:
                out.append("\\" + nxt)
                i += 2
        elif nxt in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1 :])
            assert m is not None
            out.append(chr(int(m.group(0), 8) & 0xFF))
            i += 1 + len(m.group(0))
        elif nxt == "c" and i + 2 < len(body):
            out.append(chr(ord(body[i + 2]) & 0x1F))
            i += 3
        else:
            out.append(nxt)
            i += 2
    return "".join(out)


_KNOWN_PARAMETER = re.compile(r"\$(?:\{(HOME|PWD)\}|(HOME|PWD)(?![A-Za-z0-9_]))")


def unquote_raw(raw: str, known: dict[str, str] | None = None) -> str | None:
    """Resolve quoting of a raw word that uses $'..' or mixes quoted segments (which bashlex misreads:
    `'/home/u'/.ssh/'id_rsa'` keeps its inner quotes there). `known` expands $HOME / $PWD outside
    single quotes.

    Returns None when the word holds an expansion we cannot resolve.
    """
    out: list[str] = []
    i = 0
    n = len(raw)
    while i < n:
        ch = raw[i]
        if ch == "$" and known is not None and (m := _KNOWN_PARAMETER.match(raw, i)) is not None:
            out.append(known[m.group(1) or m.group(2)])
            i = m.end()
            continue
        if ch == "\\" and i + 1 < n:
            out.append(raw[i + 1])
            i += 2
        elif ch == "'":
            end = raw.find("'", i + 1)
            if end < 0:
                return None
            out.append(raw[i + 1 : end])
            i = end + 1
        elif ch == "$" and i + 1 < n and raw[i + 1] == "'":
            j = i + 2
            while j < n and raw[j] != "'":
                j += 2 if raw[j] == "\\" else 1
            if j >= n:
                return None
            out.append(_ansi_c(raw[i + 2 : j]))
            i = j + 1
        elif ch == '"':
            j = i + 1
            buf: list[str] = []
            while j < n and raw[j] != '"':
                if raw[j] == "\\" and j + 1 < n and raw[j + 1] in '"\\$`\n':
                    buf.append(raw[j + 1])
                    j += 2
                    continue
                if raw[j] == "$" and known is not None and (m := _KNOWN_PARAMETER.match(raw, j)) is not None:
                    buf.append(known[m.group(1) or m.group(2)])
                    j = m.end()
                    continue
                if raw[j] in "$`" and not (raw[j] == "$" and raw[j + 1 : j + 2] == '"'):
                    return None  # (a `$` just before the closing quote expands nothing: "^x$" is a regex)
                buf.append(raw[j])
                j += 1
            if j >= n:
                return None
            out.append("".join(buf))
            i = j + 1
        elif ch in "$`":
            return None
        else:
            out.append(ch)
            i += 1
    return "".join(out)


_BRACE = LazyRegex(r"\{([^{}]*)\}")


def brace_expand(word: str, limit: int = 64) -> list[str]:
    """Bash brace expansion of comma lists and simple ranges (bounded)."""
    m = _BRACE.search(word)
    if not m:
        return [word]
    inner = m.group(1)
    if "," in inner:
        choices = inner.split(",")
    else:
        r = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", inner) or re.fullmatch(r"([a-zA-Z])\.\.([a-zA-Z])", inner)
        if not r:
            return [word]
        a, b = r.group(1), r.group(2)
        if a.lstrip("-").isdigit():
            lo, hi = int(a), int(b)
            step = 1 if hi >= lo else -1
            choices = [str(x) for x in range(lo, hi + step, step)][:limit]
        else:
            step = 1 if ord(b) >= ord(a) else -1
            choices = [chr(x) for x in range(ord(a), ord(b) + step, step)]
    results: list[str] = []
    for choice in choices:
        for expanded in brace_expand(word[: m.start()] + choice + word[m.end() :], limit):
            results.append(expanded)
            if len(results) >= limit:
                return results
    return results


# Environment variables that hold secrets in agent sessions (API keys, tokens).
SECRET_VARIABLE = LazyRegex(
    r"(KEY|TOKEN|SECRET|PASSW|PASSWD|PWD_|_PASS$|^PASS|CREDENTIAL|AUTH|COOKIE|SESSION|PRIVATE|CERT|DSN|"
    r"DATABASE_URL|DB_URL|DB_URI|(REDIS|MONGO|MONGODB|POSTGRES|PG|MYSQL|AMQP|RABBITMQ|KAFKA|ELASTIC|SENTRY)_(URL|URI)|"
    r"CONN(ECTION)?_STR|WEBHOOK)",
    re.IGNORECASE,
)


class _Context:
    """State shared while walking one command line."""

    def __init__(self, source: str, home: str, cwd: str, analysis: Analysis, depth: int, meter: budget.Budget) -> None:
        self.source = source
        self.home = home
        self.cwd = cwd
        self.analysis = analysis
        self.depth = depth
        self.meter = meter
        self.literal_heredocs: frozenset[str] = frozenset()  # delimiters that were quoted: bodies not expanded
        # name -> every value the line gives it (assignments, `for NAME in WORDS`): what arithmetic would evaluate
        self.values: dict[str, list[str]] = {}
        self.arithmetic: list[tuple[str, str]] = []  # (where, expression): ${a[EXPR]} subscripts met in the walk


PROCESS_SUBSTITUTION_PATH = "/dev/fd/63"  # what bash passes for a whole-word `<(...)` or `>(...)`


def _word_value(node, ctx: _Context) -> tuple[str, bool]:  # type: ignore[no-untyped-def]
    """(value, resolved) of a bashlex word node; walks substitutions inside it."""
    raw = ctx.source[node.pos[0] : node.pos[1]]
    parts = getattr(node, "parts", None) or []
    resolved = True
    literal: str | None = None
    for part in parts:
        kind = part.kind
        if kind in ("commandsubstitution", "processsubstitution"):
            before = len(ctx.analysis.commands)
            _walk(part.command, ctx, in_substitution=True)
            resolved = False
            made = ctx.analysis.commands[before:]
            if kind == "commandsubstitution" and len(parts) == 1:
                literal = literal_output(made) if len(made) == 1 else None
            elif kind == "processsubstitution" and len(parts) == 1 and raw[:2] in ("<(", ">(") and raw[-1:] == ")":
                # A whole word `<(cmd)` is a pipe the shell names /dev/fd/N: the program gets that path, and what
                # flows through it is the inner command's, walked above. A program that runs it as code (bash,
                # source, python) is judged on that path like any script it cannot read.
                literal = PROCESS_SUBSTITUTION_PATH
        elif kind == "parameter":
            if "$'" in raw or '$"' in raw:
                continue  # handled by unquote_raw below
            subscript = (part.value or "").partition("[")[2]
            if subscript and "]" in subscript:
                # ${a[EXPR]}: an indexed array's subscript is arithmetic (@ and * name every element)
                inside = subscript.rpartition("]")[0]
                if inside not in ("@", "*"):
                    ctx.arithmetic.append((raw[:48], inside))
            if part.value not in ("HOME", "PWD"):
                resolved = False
            if (part.value or "").startswith("!") or "@P" in raw or "@A" in raw:
                # ${!name} expands whatever variable `name` names; ${x@P} runs prompt expansion on data.
                ctx.analysis.findings.append(
                    Finding("secret-variable", f"expands {raw[:60]!r} indirectly: which variable is read is data", raw)
                )
            elif SECRET_VARIABLE.search(part.value or ""):
                ctx.analysis.findings.append(
                    Finding(
                        "secret-variable", f"uses ${part.value}, which looks like a secret from the environment", raw
                    )
                )
        elif kind == "tilde":
            if part.value != "~":
                resolved = False  # ~user: another user's home
    if "$'" in raw or '$"' in raw:
        value = unquote_raw(raw)
        if value is None:
            return raw, False
        return value, resolved
    word = node.word
    if literal is PROCESS_SUBSTITUTION_PATH:
        return literal, True
    if literal is not None and word.startswith(("$(", "`")) and word.endswith((")", "`")):
        # "$(cat <<'EOF' ... EOF)": the word is that literal text (trailing newlines dropped).
        return literal.rstrip("\n"), True
    if not resolved:
        return word, False
    if ("'" in raw or '"' in raw) and (
        raw.count("'") + raw.count('"') > 2 or not raw.startswith(("'", '"')) or ('"' in raw and "\\" in raw)
    ):
        # Quoted segments next to others or to bare text: bashlex keeps inner quotes, so remove them ourselves.
        # So for a backslash in double quotes: bash keeps it unless it escapes " \ $ ` or a newline, bashlex
        # drops it (`"C:\Users\me\.ssh\id_rsa"` is that path, `"a\.b"` the regex a\.b).
        unquoted = unquote_raw(raw, {"HOME": ctx.home, "PWD": ctx.cwd})
        if unquoted is not None:
            if raw == "~" or raw.startswith("~/"):
                unquoted = ctx.home + unquoted[1:]
            return unquoted, True
    if parts:
        if word == "~" or word.startswith("~/"):
            word = ctx.home + word[1:]
        word = re.sub(r"\$\{HOME\}|\$HOME(?![A-Za-z0-9_])", lambda _m: ctx.home, word)
        word = re.sub(r"\$\{PWD\}|\$PWD(?![A-Za-z0-9_])", lambda _m: ctx.cwd, word)
    return word, True


# --- the walk --------------------------------------------------------------


def analyze(command: str, cwd: str, home: str, depth: int = 0, meter: budget.Budget | None = None) -> Analysis:
    """Analyze a command line within a work budget; past it, the only finding is a `budget` one."""
    analysis = Analysis()
    if len(command) > MAX_COMMAND_CHARS:
        analysis.findings.append(
            Finding(
                "budget",
                f"the command is {len(command)} characters long, over hookward's {MAX_COMMAND_CHARS}-character limit",
                command[:200],
            )
        )
        return analysis
    with budget.metered(meter or budget.Budget(budget.current_deadline())) as active:
        try:
            _analyze_into(command, cwd, home, analysis, depth)
        except budget.BudgetExceeded as exceeded:
            analysis.commands = []  # a partial account is not an account; the refusal is the answer
            analysis.findings = [Finding("budget", exceeded.reason, command[:200])]
        except RecursionError:
            # The counted nesting limit should come first; this is the backstop, never its text.
            analysis.commands = []
            analysis.findings = [Finding("budget", "the command nests deeper than hookward can follow", command[:200])]
        finally:
            active.reset_depths()
    return analysis


def _analyze_into(command: str, cwd: str, home: str, analysis: Analysis, depth: int) -> list[SimpleCommand]:
    before = len(analysis.commands)
    if depth > MAX_DEPTH:
        analysis.findings.append(Finding("not-understood", "commands nested too deeply to follow", command[:200]))
        return []
    if len(command) > MAX_COMMAND_CHARS:
        raise budget.BudgetExceeded(
            f"a nested command of {len(command)} characters is over hookward's {MAX_COMMAND_CHARS}-character limit"
        )
    if "\x00" in command:
        analysis.findings.append(Finding("not-understood", "command contains a NUL byte"))
        return []
    if not command.strip():
        return []
    fast = _trivial_argv(command)
    if fast is not None:
        simple = SimpleCommand(fast, command.strip())
        simple.cwd = cwd
        _finish(simple, analysis, cwd, home, depth)  # _finish records it
        if simple.program in _EVALUATING:
            _check_evaluated_data([], analysis.commands[before:], {}, analysis, command)
        return analysis.commands[before:]
    tree = simple_list_tree(command)
    if tree is not None:
        # The tree bashlex would build, without importing or running it (tests/test_shell_fast_lists.py).
        ctx = _Context(command, home, cwd, analysis, depth, budget.active() or budget.Budget())
        for _ in range(_tokens_of(tree) + 1):  # the tokens bashlex would have read, its end of input included
            ctx.meter.token()
        _walk(tree, ctx)
        made = analysis.commands[before:]
        if any(cmd.program in _EVALUATING for cmd in made):
            _check_evaluated_data([], made, ctx.values, analysis, command)
        return made
    bashlex_fast.load()
    import bashlex

    # (what, expression): the arithmetic on the line, read before it is replaced
    arithmetic = [(m.group(0), m.group(0)[3:-2]) for m in _ARITHMETIC.finditer(command)] if "$((" in command else []
    command = _ARITHMETIC.sub(lambda m: "0" * len(m.group(0)), command)
    # A here-document whose delimiter is quoted is literal; any other one has its `$(...)`, backquotes and
    # `$x` expanded by the shell before the program reads it (walked in _redirect). Conservative: a word
    # used unquoted anywhere on the line is not literal.
    quoted = {m.group(3) for m in _QUOTED_HEREDOC.finditer(command)}
    literal_heredocs = frozenset(quoted - {m.group(2) for m in _PLAIN_HEREDOC.finditer(command)}) if quoted else _NONE
    command = _QUOTED_HEREDOC.sub(r"<<\1\3", command)
    if "[[" in command:
        # `[[ A -eq B ]]` evaluates A and B as arithmetic (`[ A -eq B ]`, what it is rewritten to, does not)
        for inside in _SIMPLE_CONDITIONAL.findall(command):
            words = inside.split()
            for at, word in enumerate(words):
                if word in _ARITHMETIC_TESTS:
                    operands = words[at - 1 : at] + words[at + 1 : at + 2]
                    arithmetic += [(f"[[ {' '.join(words)[:40]} ]]", _bare_operand(w)) for w in operands]
    command = _SIMPLE_CONDITIONAL.sub(lambda m: "[ " + m.group(1) + "] ", command)
    try:
        trees = bashlex.parse(command)
    except (budget.BudgetExceeded, RecursionError):
        raise
    except Exception as error:  # bashlex raises many types; all mean "not understood"
        analysis.findings.append(
            Finding(
                "not-understood",
                f"the shell parser could not read it ({type(error).__name__}: {str(error)[:120]})",
                command[:200],
            )
        )
        return []
    ctx = _Context(command, home, cwd, analysis, depth, budget.active() or budget.Budget())
    ctx.literal_heredocs = literal_heredocs
    for tree in trees:
        _walk(tree, ctx)
    _check_evaluated_data(arithmetic + ctx.arithmetic, analysis.commands[before:], ctx.values, analysis, command)
    return analysis.commands[before:]


# --- bash that evaluates data ---------------------------------------------------------------------
#
# Bash evaluates arithmetic recursively: in `$((x))`, `let y=x`, `[ -v 'a[x]' ]`, `unset 'a[x]'`, `read 'a[x]'`,
# `printf -v 'a[x]'` and `declare 'a[x]=1'`, the value of x is itself an expression, and a subscript in it is
# expanded, command substitutions included: `x='a[$(id)]'; echo $((x))` runs id. So such a name is harmless only
# when every value the line gives it is an integer literal (`i=0`, `for i in 1 2 3`, `i=$((i+1))`) or it is one of
# the numbers bash itself keeps; anything else (a string, a value from the environment or an earlier call of a
# shell that persists) asks.

_INTEGER = LazyRegex(r"\s*[-+]?\s*(?:0[xX][0-9a-fA-F]+|[0-9]+(?:#[0-9a-zA-Z@_]+)?)?\s*")
_NUMBER_TOKEN = LazyRegex(r"\b[0-9][0-9a-zA-Z@_#]*")
_NAME = LazyRegex(r"[A-Za-z_][A-Za-z0-9_]*")
_LET_TARGET = LazyRegex(r"\s*([A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?)\s*(\*\*|<<|>>|[-+*/%&|^])?=(?!=)(.*)", re.S)
_SUBSCRIPTED = LazyRegex(r"^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\](?:=.*)?$", re.S)
_BASH_NUMBERS = frozenset(
    {"RANDOM", "SRANDOM", "LINENO", "SECONDS", "BASHPID", "PPID", "UID", "EUID", "OPTIND", "SHLVL", "HISTCMD"}
    | {"EPOCHSECONDS"}
)
# builtin -> how its operands name variables that bash evaluates: "names" (every operand), "-v" (the operand of -v)
_NAMING_BUILTINS = {
    "unset": "names",
    "read": "names",
    "declare": "names",
    "typeset": "names",
    "local": "names",
    "export": "names",
    "readonly": "names",
    "printf": "-v",
    "test": "-v",
    "[": "-v",
}


_SHELL_NUMBER_REFERENCE = LazyRegex(r"\$[#?$!]|\$\{[#?$!]\}")
_VARIABLE_REFERENCE = LazyRegex(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)")
_ARITHMETIC_TESTS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge"})
_SHELL_NUMBERS = frozenset({"$#", "$?", "$$", "$!", "${#}", "${?}"})


def _bare_operand(word: str) -> str:
    """An operand of `[[ A -eq B ]]` as the expression bash evaluates: `"$x"` / `${x}` is x's value, read as x."""
    word = word.strip("\"'")
    if word in _SHELL_NUMBERS:
        return "0"
    if word.startswith("${") and word.endswith("}"):
        word = word[2:-1]
    elif word.startswith("$"):
        word = word[1:]
    return word


def _unsafe_expression(expression: str, values: dict[str, list[str]]) -> str | None:
    """What makes an arithmetic expression evaluate data: a substitution, or a name whose value is not known to
    be an integer literal; None when it is numbers, operators and such names only."""
    if "$(" in expression or "`" in expression:
        return "a command substitution"
    if "$" in expression:
        # `$i` / `${i}` put i's value in the text, which is then evaluated as `i` would be
        expression = _SHELL_NUMBER_REFERENCE.sub(" 0 ", expression)
        expression = _VARIABLE_REFERENCE.sub(lambda m: f" {m.group(1) or m.group(2)} ", expression)
        if "$" in expression:
            return "an expansion"
    for name in _NAME.findall(_NUMBER_TOKEN.sub(" ", expression)):
        given = values.get(name)
        if given is None:
            if name in _BASH_NUMBERS:
                continue
            return f"the value of {name} (not set on this line)"
        if not all(_INTEGER.fullmatch(value) for value in given):
            return f"the value of {name} (set on this line to something other than a number)"
    return None


def _check_evaluated_data(
    arithmetic: list[tuple[str, str]],
    commands: list[SimpleCommand],
    values: dict[str, list[str]],
    analysis: Analysis,
    source: str,
) -> None:
    found: list[tuple[str, str]] = []
    for what, expression in arithmetic:
        why = _unsafe_expression(expression, values)
        if why is not None:
            found.append((what[:48], why))
    for cmd in commands:
        program = cmd.program
        if program == "let":
            for arg in cmd.args:
                # `let NAME=EXPR` / `let "NAME = EXPR"` sets NAME without reading it; `NAME+=EXPR` reads it too
                target = _LET_TARGET.match(arg)
                expression = arg
                if target is not None:
                    expression = target.group(3) + (" " + target.group(1) if target.group(2) else "")
                    if "[" in target.group(1):
                        expression += " " + target.group(1).split("[", 1)[1][:-1]  # `a[EXPR]=`: EXPR is evaluated
                why = _unsafe_expression(expression, values)
                if why is not None:
                    found.append((f"let {arg[:40]}", why))
            continue
        how = _NAMING_BUILTINS.get(program)
        if how is None:
            continue
        args = cmd.args
        operands = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-v"] if how == "-v" else args
        for operand in operands:
            match = _SUBSCRIPTED.match(operand)
            if match is None:
                continue
            why = _unsafe_expression(match.group(2), values)
            if why is not None:
                found.append((f"{program} {operand[:40]}", why))
        if program in _DECLARING and any(a[:1] == "-" and "i" in a[1:] for a in args if not a.startswith("--")):
            # `declare -i n`: every value n is given (here, or anywhere on the line) is evaluated as arithmetic
            for operand in args:
                if operand.startswith(("-", "+")):
                    continue
                name, _eq, value = operand.partition("=")
                for given in ([value] if _eq else []) + values.get(name.split("[", 1)[0], []):
                    why = _unsafe_expression(given, values)
                    if why is not None:
                        found.append((f"{program} -i {name[:30]}", why))
                        break
    for what, why in found[:4]:
        analysis.findings.append(
            Finding(
                "not-understood",
                f"{what}: bash evaluates {why} as arithmetic, and runs any command a subscript in it holds",
                source[:200],
            )
        )


_EVALUATING = frozenset({"let", *_NAMING_BUILTINS})
_DECLARING = frozenset(
    {"declare", "typeset", "local", "export", "readonly"}
)  # programs whose operands _check_evaluated_data reads


# bashlex cannot parse $((...)). Arithmetic of plain numbers and variable
# names yields a number: replace it by digits of the same length (positions
# stay valid). Anything else in it (substitutions, quotes) is left for the
# parser to refuse.
_ARITHMETIC = LazyRegex(r"\$\(\((?:[\w\s+\-*/%<>=!&|^~?:,.\[\]#]|\((?:[\w\s+\-*/%<>=!&|^~?:,.\[\]#])*\))*\)\)")


# bashlex cannot parse a quoted here-document delimiter (<<'EOF', <<"EOF",
# <<\EOF), which only says the body is literal. The body is analyzed as text
# either way, so the quotes can go.
_QUOTED_HEREDOC = LazyRegex(r"(?<!<)<<(?!<)(-?)[ \t]*(['\"]|\\)([A-Za-z_][A-Za-z0-9_]*)\2?")
_PLAIN_HEREDOC = LazyRegex(r"(?<!<)<<(?!<)(-?)[ \t]*([A-Za-z_][A-Za-z0-9_]*)")
_NONE: frozenset[str] = frozenset()


# bashlex cannot parse [[ ... ]]. One with no operators bash treats specially
# inside it (&& || < > ( ) =~) means what [ ... ] means; same length, so
# positions stay valid.
_SIMPLE_CONDITIONAL = LazyRegex(r"\[\[([^\[\]&|<>()=~]*)\]\]")


# Characters for which splitting on spaces is exactly what bash does: no
# quoting, expansion, globbing, operators or comments can occur.
_TRIVIAL = re.compile(r"[A-Za-z0-9_./:=@%+,-]+(?: +[A-Za-z0-9_./:=@%+,-]+)*")


def _trivial_argv(command: str) -> list[str] | None:
    """Skip the parser for commands like `git status` or `ls -la src` (same result, much faster)."""
    text = command.strip()
    if not _TRIVIAL.fullmatch(text):
        return None
    words = text.split()
    if "=" in words[0]:
        return None  # an assignment prefix: let the parser classify it
    return words


class _Node:
    """A bashlex-shaped node (kind, pos, and parts / word / op / pipe, or a redirect's type / input / output)
    built by simple_list_tree."""

    __slots__ = ("kind", "pos", "parts", "word", "op", "pipe", "type", "input", "output", "value")

    def __init__(self, kind: str, pos: tuple[int, int], parts: list[_Node] | None = None, text: str = "") -> None:
        self.kind = kind
        self.pos = pos
        self.parts = parts if parts is not None else []
        self.word = self.op = self.pipe = self.type = self.value = text
        self.input: int | None = None
        self.output: _Node | int | None = None

    def __repr__(self) -> str:
        if self.kind == "redirect":
            return f"_Node('redirect', {self.pos!r}, {self.type!r}, {self.input!r}, {self.output!r})"
        return f"_Node({self.kind!r}, {self.pos!r}, {self.word!r}, {self.parts!r})"


# One token of a simple list: blanks, an operator (| || && ;), a redirect, a bare word of characters nothing
# in bash treats specially (as _TRIVIAL, and `~`: at a word's start it is a tilde prefix, up to the first
# slash, as bashlex marks it; elsewhere a plain character, `HEAD~1`; and the glob and brace characters
# `* ? [ ] { }`, which bashlex leaves in a plain word for the analysis to expand), or one quoted word whose inside has no expansion, escape or history character and
# not its own quote (a ' inside "..." and a " inside '...' are plain characters). A redirect is `>`, `>>` or
# `<`, after an optional one-digit descriptor, followed by one such word (`2> /dev/null`, `<in`), or a
# duplication `>&N` / `M>&N`. Anything else (a substitution, a glob, `&`, `<<`, `>|`, `&>`, `>(..)`, a
# newline, a tab, `''`, a word that is part bare and part quoted) is not a token, and the line goes to
# bashlex. The quoted insides are printable ASCII spelled as ranges: a negated class over all of Unicode took
# 17 ms to compile in every hook process.
_LIST_TOKEN = re.compile(
    r" +|(\|\||&&|\||;)"
    r"|([0-9]?)(?:>&([0-9])(?![^ |&;])|(>>|>|<)(?![<>&|(]) *(?=[^ |&;]))"
    r"|([A-Za-z0-9_./:=@%+,~*?\[\]{}-]+)(?![^ |&;])"
    r"""|'([\x20\x22\x23\x25\x26\x28-\x5b\x5d-\x5f\x61-\x7e]+)'(?![^ |&;])"""
    r"""|"([\x20\x23\x25-\x5b\x5d-\x5f\x61-\x7e]+)"(?![^ |&;])"""
)
_ASSIGNMENT_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
# Words that are bash syntax where a command starts (reserved words, and `time`, which times a pipeline).
_RESERVED = frozenset(
    {"!", "[[", "]]", "{", "}", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function"}
    | {"if", "in", "select", "then", "time", "until", "while"}
)


def _tokens_of(node: _Node) -> int:
    """The shell tokens a simple_list_tree node stands for: its words, pipes and operators, and a redirect's
    descriptor, operator and target."""
    if node.kind in ("word", "pipe", "operator", "assignment"):
        return 1
    if node.kind == "redirect":
        return 2 + (node.input is not None)
    return sum(_tokens_of(part) for part in node.parts)


def simple_list_tree(command: str) -> _Node | None:
    """The parse bashlex gives a line of simple commands joined by `|`, `||`, `&&` and `;` (an optional `;`
    at the end), whose words are bare (as _trivial_argv's) or wholly quoted without anything special inside,
    with redirects to such words or duplications between descriptors; None for any other line. A command's
    first word may not be an assignment or a reserved word, and a command is not redirects alone. A line
    that _analyze_into rewrites before bashlex reads it (`<<'EOF'`, `[[ .. ]]`, `$((..))`) is not taken."""
    if not command.strip(" ") or any(char in command for char in "$`\\!\n"):
        return None  # the characters most lines bashlex must read have (a shortcut: _LIST_TOKEN refuses them)
    if "<<" in command or "[[" in command:
        return None
    items: list[_Node] = []  # the list's parts: pipelines or commands, and operators
    stages: list[_Node] = []  # the commands of the pipeline being read
    words: list[_Node] = []  # the words and redirects of the command being read
    first: _Node | None = None  # the command's first word
    redirect: _Node | None = None  # a redirect waiting for its target word
    last_op = ""

    def end_command() -> bool:
        nonlocal first
        if first is None or redirect is not None:
            return False
        if "=" in command[first.pos[0] : first.pos[1]] or first.word in _RESERVED:
            return False
        stages.append(_Node("command", (words[0].pos[0], words[-1].pos[1]), list(words)))
        words.clear()
        first = None
        return True

    def end_pipeline() -> None:
        if len(stages) == 1:
            items.append(stages[0])
        else:
            parts: list[_Node] = []
            for stage in stages:
                if parts:
                    at = command.index("|", parts[-1].pos[1])
                    parts.append(_Node("pipe", (at, at + 1), None, "|"))
                parts.append(stage)
            items.append(_Node("pipeline", (stages[0].pos[0], stages[-1].pos[1]), parts))
        stages.clear()

    at = 0
    while at < len(command):
        match = _LIST_TOKEN.match(command, at)
        if match is None:
            return None
        at = match.end()
        op = match.group(1)
        if op is not None:
            if not end_command():
                return None  # an operator with no command before it
            if op != "|":
                end_pipeline()
                items.append(_Node("operator", match.span(), None, op))
            last_op = op
            continue
        duplicated, redirect_type = match.group(3), match.group(4)
        if duplicated is not None or redirect_type is not None:
            if redirect is not None:
                return None  # a redirect where its target should be
            node = _Node("redirect", match.span(), None, ">&" if duplicated is not None else redirect_type)
            if match.group(2):
                node.input = int(match.group(2))
            if duplicated is not None:
                node.output = int(duplicated)
                words.append(node)
            else:
                redirect = node
            last_op = ""
            continue
        word = match.group(5) or match.group(6) or match.group(7)
        if word in ("{", "}") and match.group(5) is not None:
            return None  # bashlex reads a NAME=value after a bare `{` or `}` as an assignment, wherever they stand
        if word is not None:
            node = _Node("word", match.span(), None, word)
            if word[0] == "~" and match.group(5) is not None:
                prefix = word.split("/", 1)[0]  # `~`, `~user`, `~+`: bash's tilde prefix, as bashlex marks it
                tilde = _Node("tilde", (node.pos[0], node.pos[0] + len(prefix)), None, prefix)
                node.parts = [tilde]
            if redirect is not None:
                redirect.output = node
                redirect.pos = (redirect.pos[0], node.pos[1])
                words.append(redirect)
                redirect = None
            else:
                if (
                    first is None
                    and match.group(5) is not None
                    and _ASSIGNMENT_WORD.match(word)
                    and all(part.kind == "assignment" for part in words)
                ):
                    # `A=1 B=x cmd`: a bare NAME=value before the command's name and before any redirect (after
                    # one, bashlex reads a word, and the line goes to it: the first word then holds a `=`)
                    node.kind = "assignment"
                    node.parts = []
                elif first is None:
                    first = node
                words.append(node)
            last_op = ""
    if words or redirect is not None:
        if not end_command():
            return None
        end_pipeline()
    elif last_op != ";":
        return None  # nothing at all, or a line ending in | || &&: bash reads on, bashlex refuses
    if not items:
        return None
    if len(items) == 1:
        return items[0]
    return _Node("list", (items[0].pos[0], items[-1].pos[1]), items)


def _walk(node, ctx: _Context, in_substitution: bool = False) -> None:  # type: ignore[no-untyped-def]
    meter = ctx.meter
    meter.node()
    meter.descend()
    try:
        _walk_node(node, ctx, in_substitution)
    finally:
        meter.ascend()


def _walk_node(node, ctx: _Context, in_substitution: bool) -> None:  # type: ignore[no-untyped-def]
    kind = node.kind
    if kind == "command":
        _command(node, ctx)
    elif kind == "pipeline":
        stages: list[list[SimpleCommand]] = []
        for part in node.parts:
            if part.kind == "pipe":
                continue
            before = len(ctx.analysis.commands)
            _walk(part, ctx)
            stages.append(ctx.analysis.commands[before:])
        upstream: list[SimpleCommand] = []
        for stage in stages:
            for cmd in stage:
                cmd.piped_from = list(upstream)
            upstream.extend(stage)
        for stage in stages[1:]:
            for cmd in stage:
                _check_stdin_interpreter(cmd, ctx)
    elif kind in ("list", "compound"):
        for part in getattr(node, "parts", None) or getattr(node, "list", None) or []:
            _walk(part, ctx)
        redirects = getattr(node, "redirects", None) or []
        if redirects:
            holder = SimpleCommand([":"], ctx.source[node.pos[0] : node.pos[1]])
            for redirect in redirects:
                _redirect(redirect, ctx, holder)
            ctx.analysis.commands.append(holder)
    elif kind in ("for", "while", "until", "if", "case"):
        if kind == "for" and len(node.parts) > 2 and node.parts[1].kind == "word":
            # `for NAME in WORDS`: NAME takes each word (no `in`: the positional parameters, unknown)
            words = node.parts[3:] if node.parts[2].kind == "reservedword" and node.parts[2].word == "in" else []
            values = ctx.values.setdefault(node.parts[1].word, [])
            values += [w.word for w in words if w.kind == "word"] if words else ["$@"]
            if any(w.kind == "word" and getattr(w, "parts", None) for w in words):
                values.append("$(...)")  # an expansion in the list: not a literal
        for part in node.parts:
            _walk(part, ctx)
    elif kind == "function":
        name = node.name.word if getattr(node, "name", None) is not None else "?"
        ctx.analysis.findings.append(
            Finding("function", f"defines a shell function {name!r}, which can shadow any command")
        )
        _walk(node.body, ctx)
    elif kind in ("operator", "reservedword", "pipe", "word", "parameter", "tilde", "heredoc"):
        if kind == "word":
            _word_value(node, ctx)
        return
    elif kind in ("commandsubstitution", "processsubstitution"):
        _walk(node.command, ctx, in_substitution=True)
    else:
        ctx.analysis.findings.append(Finding("not-understood", f"unsupported shell construct {kind!r}"))


def _redirect(node, ctx: _Context, cmd: SimpleCommand | None) -> Redirect | None:  # type: ignore[no-untyped-def]
    op = node.type
    output = node.output
    heredoc = getattr(node, "heredoc", None)
    if op in ("<<", "<<-"):
        if cmd is not None and heredoc is not None:
            body = heredoc.value
            delim = output.word if hasattr(output, "word") else ""
            if delim and body.rstrip("\n").endswith(delim):
                body = body.rstrip("\n")[: -len(delim)]
            cmd.stdin_literal = body
            if delim not in ctx.literal_heredocs and ("$" in body or "`" in body):
                # The shell expands this body first: its substitutions run here, whatever reads the text.
                quoted = '"' + body.replace('"', '\\"') + '"'
                _nested(f"echo {quoted}", cmd, ctx.analysis, ctx.cwd, ctx.home, ctx.depth)
        return None
    if isinstance(output, int):
        return None  # fd duplication: 2>&1
    if op == "<<<":
        value, resolved = _word_value(output, ctx)
        if cmd is not None:
            cmd.stdin_literal = value if resolved else None
            if not resolved:
                cmd.unknown_args = True
        return None
    value, resolved = _word_value(output, ctx)
    if op == ">&" and value.isdigit():
        return None
    redirect = Redirect(op, value, resolved)
    if re.match(r"/dev/(tcp|udp)/", value):
        ctx.analysis.findings.append(Finding("raw-socket", f"opens a raw network connection through {value}", value))
    if cmd is not None:
        cmd.redirects.append(redirect)
    elif not resolved:
        ctx.analysis.findings.append(Finding("not-understood", f"redirect target {value!r} is not known"))
    return redirect


def _command(node, ctx: _Context) -> None:  # type: ignore[no-untyped-def]
    text = ctx.source[node.pos[0] : node.pos[1]]
    argv: list[str] = []
    unresolved: set[int] = set()
    assigns: list[tuple[str, str]] = []
    redirect_nodes = []
    commands_before = len(ctx.analysis.commands)
    for part in node.parts:
        if part.kind == "assignment":
            value, _resolved = _word_value(part, ctx)
            name, _, rest = value.partition("=")
            if argv:
                argv.append(value)  # an argument that looks like an assignment (export A=1)
            else:
                assigns.append((name.rstrip("+"), rest))
        elif part.kind == "word":
            value, resolved = _word_value(part, ctx)
            if not resolved:
                unresolved.add(len(argv))
            argv.append(value)
        elif part.kind == "redirect":
            redirect_nodes.append(part)
        else:
            _walk(part, ctx)
    cmd = SimpleCommand(argv, text)
    cmd.fed_by = {c.program for c in ctx.analysis.commands[commands_before:]}
    cmd.unresolved = unresolved
    cmd.assigns = assigns
    for redirect in redirect_nodes:
        _redirect(redirect, ctx, cmd)
    if not argv:
        if assigns:
            for name, value in assigns:
                _check_assign(name, value, ctx, text)
                ctx.values.setdefault(name, []).append(value)
                if name in kenv.REDIRECTS and _ALLEXPORT.search(ctx.source):
                    # `set -a; PIP_REQUIREMENT=x; pip install`: with allexport on, an assignment is an export.
                    ctx.analysis.findings.append(
                        Finding(
                            "redirect",
                            f"{name} (exported by set -a): later commands run against {kenv.REDIRECTS[name]}",
                            text,
                        )
                    )
        # bare redirects (`> file`) still write
        if cmd.redirects:
            cmd.argv = [":"]
            ctx.analysis.commands.append(cmd)
        return
    cmd.cwd = ctx.cwd
    _finish(cmd, ctx.analysis, ctx.cwd, ctx.home, ctx.depth)
    if cmd.program in ("cd", "pushd", "popd", "chdir"):
        _change_directory(cmd, ctx)


def _change_directory(cmd: SimpleCommand, ctx: _Context) -> None:
    """Later commands on the line run where `cd` went: `cd ~/.aws && cat credentials`."""
    args = [a for i, a in enumerate(cmd.args, start=1) if not (a.startswith("-") and a != "-") or i in cmd.unresolved]
    if cmd.program == "popd" or (args and (args[0] == "-" or cmd.argv.index(args[0]) in cmd.unresolved)):
        ctx.analysis.findings.append(
            Finding("not-understood", "changes to a directory known only at run time", cmd.text)
        )
        return
    destination = args[0] if args else ctx.home
    if destination == "~" or destination.startswith("~/"):
        destination = ctx.home + destination[1:]
    ctx.cwd = os.path.normpath(os.path.join(ctx.cwd or "/", destination))


# --- peeling ---------------------------------------------------------------

# `set -a`, `set -ea`, `set -o allexport`: every later assignment of the line is exported.
_ALLEXPORT = LazyRegex(r"\bset\s+(?:[-+][A-Za-z]*\s+)*(?:-[A-Za-z]*a[A-Za-z]*\b|-o\s+allexport\b)")

HIJACK_VARS = LazyRegex(
    r"^(LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_[A-Z_]+|BASH_ENV|ENV|PROMPT_COMMAND|PS4|SHELLOPTS|BASHOPTS|"
    r"PYTHONSTARTUP|PYTHONPATH|PYTHONHOME|PYTHONINSPECT|PERL5OPT|PERL5LIB|PERLLIB|RUBYOPT|RUBYLIB|NODE_PATH|"
    r"[A-Z0-9_]*_OPTIONS|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|GIT_SSH|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|GIT_PAGER|"
    r"GIT_EDITOR|GIT_ASKPASS|SSH_ASKPASS|GIT_EXEC_PATH|GIT_TEMPLATE_DIR|GIT_CONFIG|GIT_CONFIG_GLOBAL|"
    r"GIT_CONFIG_SYSTEM|GIT_CONFIG_[A-Z_0-9]+|GIT_DIR|GIT_WORK_TREE|GIT_PROXY_COMMAND|"
    r"GIT_SEQUENCE_EDITOR|[A-Z0-9_]*PAGER|[A-Z0-9_]*EDITOR|VISUAL|[A-Z0-9_]*BROWSER|[A-Z0-9_]*ASKPASS|MANPAGER|"
    r"LESSOPEN|LESSCLOSE|IFS|CDPATH|HISTFILE|"
    r"npm_config_[a-z_]+|NPM_CONFIG_[A-Z_]+|PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|CC|CXX|LDFLAGS|MAKEFLAGS|"
    r"[A-Z0-9_]*_OPTS|CLASSPATH|RUSTC_WRAPPER|RUSTC|CARGO_BUILD_RUSTC_WRAPPER|CARGO_TARGET_[A-Z0-9_]+_RUNNER|"
    r"GOFLAGS|PYTHONWARNINGS|PYTHONBREAKPOINT|ZDOTDIR|HOME|XDG_CONFIG_HOME|XDG_DATA_HOME|ELECTRON_RUN_AS_NODE|"
    r"NODE_OPTIONS|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|HTTPS?_PROXY|https?_proxy|ALL_PROXY|"
    r"SHELL|INPUTRC|SUDO_ASKPASS|GCONV_PATH|LOCPATH|MALLOC_[A-Z_]+|GLIBC_TUNABLES|"
    r"RUBY_GC_[A-Z_]+|PERL_MB_OPT|PERL_MM_OPT|OPENSSL_CONF|OPENSSL_ENGINES|LUA_INIT|LUA_PATH|LUA_CPATH|R_PROFILE_USER|"
    r"JULIA_DEPOT_PATH|DOTNET_STARTUP_HOOKS|CORECLR_PROFILER[A-Z_]*|COR_PROFILER[A-Z_]*|"
    # Options spelled as variables that name code a program runs or loads (red team 2, session 7): terragrunt's
    # terraform binary and configuration, ansible's configuration, module and plugin directories and vault
    # password script, MSBuild's imported targets (every variable is an MSBuild property) and dotnet host.
    r"TERRAGRUNT_TFPATH|TG_TF_PATH|TERRAGRUNT_CONFIG|TG_CONFIG|ANSIBLE_CONFIG|ANSIBLE_LIBRARY|ANSIBLE_MODULE_UTILS|"
    r"ANSIBLE_[A-Z]+_PLUGINS|ANSIBLE_VAULT_PASSWORD_FILE|MSBuildExtensionsPath[A-Za-z0-9]*|"
    r"CustomBeforeMicrosoft[A-Za-z]+Targets|CustomAfterMicrosoft[A-Za-z]+Targets|DOTNET_HOST_PATH)$"
)


# Values that make these variables harmless: a pager or editor that runs
# nothing else, a compiler by its usual name, Node flags that load no code.
_SAFE_VALUES: dict[str, frozenset[str]] = {
    "PAGER": frozenset({"cat", "less", "less -R", "less -FRX", "more", "", "true"}),
    "EDITOR": frozenset({"true", ":", "cat", "vi", "vim", "nvim", "nano", "emacs", "code --wait", ""}),
    "CC": frozenset({"gcc", "clang", "cc", "tcc", "musl-gcc"}),
    "CXX": frozenset({"g++", "clang++", "c++"}),
    "SHELL": frozenset({"/bin/sh", "/bin/bash", "/bin/zsh", "/usr/bin/bash", "/usr/bin/zsh", "sh", "bash", "zsh"}),
}
_SAFE_VALUE_OF = {
    "GIT_PAGER": "PAGER",
    "MANPAGER": "PAGER",
    "PAGER": "PAGER",
    "GIT_EDITOR": "EDITOR",
    "VISUAL": "EDITOR",
    "EDITOR": "EDITOR",
    "GIT_SEQUENCE_EDITOR": "EDITOR",
    "CC": "CC",
    "CXX": "CXX",
    "SHELL": "SHELL",
}
# Search-path variables are safe when they point into the project (relative, no ..).
_PROJECT_PATH_VARS = frozenset({"PYTHONPATH", "NODE_PATH", "PERL5LIB", "RUBYLIB", "LD_LIBRARY_PATH", "PERLLIB"})
_SAFE_NODE_OPTIONS = LazyRegex(
    r"^(\s*--(max-old-space-size=\d+|max-semi-space-size=\d+|enable-source-maps|no-warnings|no-deprecation|trace-warnings|unhandled-rejections=\w+|stack-trace-limit=\d+|experimental-[a-z-]+|openssl-legacy-provider|use-openssl-ca|dns-result-order=\w+))+\s*$"
)


def _check_redirect(name: str, analysis: Analysis, text: str) -> None:
    """A host's own redirect variable (the registry's config_variables: CLAUDE_CONFIG_DIR, CODEX_HOME, ...) moves
    that host's hooks with its configuration: an agent started under it (by name or by any wrapper that starts
    one) runs without hookward, as under HOME=... ."""
    if not name.isupper() or not name.endswith(("_HOME", "_DIR")):
        # Every registry variable names a directory (tests/test_gate_integrity_session6.py checks each one), so
        # NODE_ENV=test or CI=1 never loads the registry.
        return
    from hookward.policy import protection

    hosts = protection.redirected_hosts(name)
    if hosts:
        analysis.findings.append(
            Finding("hijack", f"sets {name}, which moves {', '.join(hosts)}'s configuration and hooks elsewhere", text)
        )


# less's long options that neither run a command, read a key file nor write a log (less accepts abbreviations of
# long options, so only whole names from this list pass).
_LESS_LONG = frozenset(
    "RAW-CONTROL-CHARS raw-control-chars quit-if-one-screen no-init chop-long-lines ignore-case IGNORE-CASE "
    "LONG-PROMPT mouse use-color incsearch status-column quiet QUIET silent squeeze-blank-lines line-numbers "
    "LINE-NUMBERS HILITE-UNREAD hilite-search no-vbell search-skip-screen redraw-on-quit quit-at-eof "
    "QUIT-AT-EOF quit-on-intr no-keypad".split()
)


def _harmless_less(value: str) -> bool:
    """`LESS=-FRX`, `LESS=FRSX --mouse`: option letters that display only. `+cmd` runs a command at start-up (`+!id`
    a shell one), `-o`/`-O` write a log file, `-k` reads a key file (its commands): those are hijacks."""
    if "+" in value:
        return False
    for token in value.split():
        if token.startswith("--"):
            option = token[2:].split("=", 1)[0]
            if option not in _LESS_LONG:
                return False
        elif not re.fullmatch(r"-?[A-NP-Za-jl-np-z#]*\d*", token):
            return False  # o, O, k, K among the letters, or anything that is no plain option bundle
    return True


def _check_assign(name: str, value: str, ctx: _Context | Analysis, text: str) -> None:
    """An environment assignment that changes what programs load or run is a hijack, unless its value is harmless."""
    analysis = ctx.analysis if isinstance(ctx, _Context) else ctx
    if name == "LESS" and not _harmless_less(value):
        analysis.findings.append(Finding("hijack", "sets LESS to options that run a command or write a file", text))
        return
    if name == "PATH":
        analysis.findings.append(
            Finding("hijack", "changes PATH, which decides what every later command name runs", text)
        )
        return
    if not HIJACK_VARS.match(name):
        _check_redirect(name, analysis, text)
        return
    # Any tool's pager or editor variable (BAT_PAGER, SYSTEMD_PAGER, KUBE_EDITOR) names a program it runs, as PAGER does.
    kind = _SAFE_VALUE_OF.get(name) or (
        "PAGER" if name.endswith("PAGER") else "EDITOR" if name.endswith("EDITOR") else ""
    )
    safe_set = _SAFE_VALUES.get(kind)
    if safe_set is not None and value.strip() in safe_set:
        return
    if (
        name in _PROJECT_PATH_VARS
        and value
        and "$" not in value
        and "`" not in value
        and all(part and not part.startswith("~") and ".." not in part.split("/") for part in value.split(":"))
    ):
        if any(part.startswith("/") for part in value.split(":")):
            # `PYTHONPATH=/home/u/proj/src`: where an absolute entry points decides (the engine knows the project).
            analysis.findings.append(Finding("load-path", f"{name}={value}", text))
        return
    if name == "NODE_OPTIONS" and _SAFE_NODE_OPTIONS.match(value):
        return
    # JVM launchers (java, mvn, gradle, sbt, and the scripts of Kafka, Hadoop, Spark, Elasticsearch, Tomcat: KAFKA_OPTS,
    # KAFKA_HEAP_OPTS, HADOOP_OPTS, ES_JAVA_OPTS, CATALINA_OPTS) put *_OPTS on the java command line.
    if (name.endswith("_OPTS") or name in ("_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS")) and all(
        re.match(
            r"^-(X(ms|mx|ss)\d+[kKmMgG]?|XX:[+-]?[A-Za-z]+(=[\w.]+)?|D[\w.-]+=[\w.:/-]*|ea|da|server|client)$", token
        )
        for token in value.split()
    ):
        return  # heap sizes and properties only: no agents, no boot classpath
    analysis.findings.append(Finding("hijack", f"sets {name}, which makes programs load or run other code", text))


def _finish(cmd: SimpleCommand, analysis: Analysis, cwd: str, home: str, depth: int) -> SimpleCommand:
    """Peel wrappers, follow nested commands, and append the result."""
    meter = budget.active()
    if meter is not None:
        meter.command()
    for name, value in cmd.assigns:
        _check_assign(name, value, analysis, cmd.text)
    for _ in range(16):
        if not cmd.argv:
            break
        if 0 in cmd.unresolved:
            analysis.findings.append(
                Finding("not-understood", f"the program name {cmd.argv[0]!r} comes from an expansion", cmd.text)
            )
            break
        name = cmd.program
        if name in kp.WRAPPERS:
            if not _peel_wrapper(cmd, name):
                break
            continue
        if name == "env":
            if not _peel_env(cmd, analysis, cwd, home, depth):
                break
            continue
        if name == "su":
            _peel_su(cmd, analysis, cwd, home, depth)
            break
        if name == "busybox" and len(cmd.argv) > 1 and not cmd.argv[1].startswith("-"):
            cmd.wrappers.append("busybox")
            _shift(cmd, 1)
            continue
        if name == "xargs":
            if not _peel_xargs(cmd):
                break
            continue
        break
    name = cmd.program
    if cmd.fed_by & (kp.EGRESS | kp.DECODERS) and (
        interpreter_family(name) in kp.INTERPRETERS or name in ("eval", "source", ".")
    ):
        analysis.findings.append(
            Finding(
                "fetch-and-run",
                f"{name} runs code produced by {', '.join(sorted(cmd.fed_by & (kp.EGRESS | kp.DECODERS)))}",
                cmd.text,
            )
        )
    if name in ("eval",):
        analysis.findings.append(Finding("opaque", "eval runs a string built at run time", cmd.text))
        if cmd.args and not (cmd.unresolved - {0}):
            _nested(" ".join(cmd.args), cmd, analysis, cwd, home, depth)
    elif name in ("source", "."):
        analysis.findings.append(Finding("opaque", f"{name} runs a script file hookward cannot see", cmd.text))
    elif name == "trap" and cmd.args and not cmd.args[0].startswith("-"):
        if 1 in cmd.unresolved:
            analysis.findings.append(Finding("opaque", "trap runs a command built at run time", cmd.text))
        elif cmd.args[0]:
            _nested(cmd.args[0], cmd, analysis, cwd, home, depth)
    elif name == "alias" and any("=" in a for a in cmd.args):
        analysis.findings.append(Finding("alias", "defines an alias, which can make a name run anything", cmd.text))
    elif name in ("export", "declare", "typeset", "readonly", "local"):
        for index, arg in enumerate(cmd.args, start=1):
            if "=" in arg and not arg.startswith("-"):
                if index in cmd.unresolved and "$" in arg.split("=", 1)[0]:
                    # `a=LD_PRELOAD; export $a=/tmp/x.so`: which variable is set is data
                    analysis.findings.append(
                        Finding("hijack", f"{name} sets a variable whose name is only known at run time", cmd.text)
                    )
                    continue
                # `export {LD_PRELOAD,X}=/tmp/x.so`: brace expansion applies to the builtin's words
                for word in brace_expand(arg):
                    _check_assign(
                        word.split("=", 1)[0], word.split("=", 1)[1] if "=" in word else "", analysis, cmd.text
                    )
                    if name != "local" and word.split("=", 1)[0] in kenv.REDIRECTS:
                        # `export DOCKER_HOST=ssh://x; docker ps`: every later command runs against it, as
                        # `DOCKER_HOST=ssh://x docker ps` (judged by the engine) does.
                        analysis.findings.append(
                            Finding(
                                "redirect",
                                f"{name} {word.split('=', 1)[0]}: later commands run against "
                                f"{kenv.REDIRECTS[word.split('=', 1)[0]]}",
                                cmd.text,
                            )
                        )
    elif is_shell(name):
        _shell_invocation(cmd, analysis, cwd, home, depth)
    elif name == "find":
        _find_exec(cmd, analysis, cwd, home, depth)
    elif name == "ssh":
        _ssh(cmd, analysis, cwd, home, depth)
    elif name == "watch" or name == "script":
        pass
    family = interpreter_family(name)
    if family in kp.INLINE_CODE_FLAGS or family in ("python", "node", "perl", "ruby"):
        _inline_code(cmd, family)
    if cmd.stdin_literal is not None and family in kp.INTERPRETERS and not is_shell(name):
        if cmd.inline_code is None and not _script_arg(cmd):
            cmd.inline_code = (family, cmd.stdin_literal)
    elif cmd.stdin_literal is not None and is_shell(name) and _script_arg(cmd) in (None, "-"):
        _nested(cmd.stdin_literal, cmd, analysis, cwd, home, depth)
    analysis.commands.append(cmd)
    return cmd


def _peel_wrapper(cmd: SimpleCommand, name: str) -> bool:
    takes_arg = kp.WRAPPERS[name]
    skip = kp.WRAPPER_SKIP_POSITIONALS.get(name, 0)
    i = 1
    argv = cmd.argv
    if name == "command" and _command_only_describes(argv):
        return False  # `command -v rm` / `command -V rm` prints what the name is; nothing runs
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        if arg.startswith("-") and len(arg) > 1:
            if name in ("sudo",) and arg in ("-i", "-s", "--login", "--shell") and i == len(argv) - 1:
                cmd.wrappers.append(name)
                cmd.argv = ["sh"]  # an interactive root shell
                return False
            if arg in takes_arg or (arg.startswith("--") and "=" not in arg and arg in takes_arg):
                i += 2
            else:
                i += 1
            continue
        if skip:
            skip -= 1
            i += 1
            continue
        break
    if i >= len(argv):
        # `sudo -v`, `time` alone, `nohup` alone: nothing more runs
        cmd.wrappers.append(name)
        cmd.argv = [name] + argv[1:i]
        return False
    cmd.wrappers.append(name)
    _shift(cmd, i)
    if name == "watch":
        # watch joins its arguments into one shell command
        cmd.argv = ["sh", "-c", " ".join(cmd.argv)]
    return True


def _command_only_describes(argv: list[str]) -> bool:
    """`command [-p] -v|-V NAME...`: bash's `command` with -v or -V only describes the names.

    Every option word before the first name must be made of the letters p, v and V (any other letter is an
    invalid option), one of them must be v or V, and exactly one name follows; `command -p rm x` still runs rm.
    """
    describes = False
    names = 0
    for arg in argv[1:]:
        if names or not arg.startswith("-") or arg in ("-", "--"):
            names += 1  # `--` counts too: only `command -v NAME`, one plain name, is read as a look-up
            continue
        if set(arg[1:]) - {"p", "v", "V"}:
            return False
        describes = describes or bool(set(arg[1:]) & {"v", "V"})
    # `command -V git reset --hard` also only describes, but other guards list that shape as hostile: it asks
    return describes and names == 1


def _shift(cmd: SimpleCommand, count: int) -> None:
    cmd.argv = cmd.argv[count:]
    cmd.unresolved = {i - count for i in cmd.unresolved if i >= count}


def _peel_env(cmd: SimpleCommand, analysis: Analysis, cwd: str, home: str, depth: int) -> bool:
    argv = cmd.argv
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg in ("-i", "--ignore-environment", "-0", "--null", "-v", "--debug"):
            i += 1
        elif arg in ("-C", "--chdir") or (arg.startswith("--c") and "--chdir".startswith(arg.split("=", 1)[0])):
            # `env -C ~/.aws cat credentials`: the program runs there, so its relative paths resolve there.
            if "=" in arg:
                value, known = arg.split("=", 1)[1], i not in cmd.unresolved
                i += 1
            else:
                value, known = (argv[i + 1] if i + 1 < len(argv) else ""), i + 1 not in cmd.unresolved
                i += 2
            if not known or not value:
                analysis.findings.append(
                    Finding("not-understood", "env changes to a directory known only at run time", cmd.text)
                )
            else:
                if value == "~" or value.startswith("~/"):
                    value = home + value[1:]
                cmd.cwd = os.path.normpath(os.path.join(cmd.cwd or cwd or "/", value))
        elif arg.startswith("-C") and len(arg) > 2 and not arg.startswith("--"):
            value = arg[2:]
            if value == "~" or value.startswith("~/"):
                value = home + value[1:]
            cmd.cwd = os.path.normpath(os.path.join(cmd.cwd or cwd or "/", value))
            i += 1
        elif arg in ("-u", "--unset"):
            i += 2
        elif arg.startswith("--unset="):
            i += 1
        elif arg in ("-S", "--split-string") or arg.startswith("-S"):
            payload = argv[i + 1] if arg in ("-S", "--split-string") and i + 1 < len(argv) else arg[2:]
            rest = argv[i + 2 :] if arg in ("-S", "--split-string") else argv[i + 1 :]
            cmd.wrappers.append("env")
            cmd.argv = ["sh", "-c", payload + (" " + " ".join(rest) if rest else "")]
            cmd.unresolved = set()
            return True
        elif arg == "--":
            i += 1
            break
        elif "=" in arg and not arg.startswith("-") and re.match(r"[A-Za-z_][A-Za-z0-9_]*=", arg):
            name, _, value = arg.partition("=")
            cmd.assigns.append((name, value))
            _check_assign(name, value, analysis, cmd.text)
            i += 1
        else:
            break
    if i >= len(argv):
        cmd.argv = ["env"]
        return False
    cmd.wrappers.append("env")
    _shift(cmd, i)
    return True


def _peel_su(cmd: SimpleCommand, analysis: Analysis, cwd: str, home: str, depth: int) -> None:
    argv = cmd.argv
    payload = None
    for i, arg in enumerate(argv[1:], start=1):
        if arg in ("-c", "--command") and i + 1 < len(argv):
            payload = argv[i + 1]
            break
        if arg.startswith("--command="):
            payload = arg.split("=", 1)[1]
            break
    cmd.wrappers.append("su")
    if payload is None:
        cmd.argv = ["sh"]  # an interactive shell as another user
        return
    cmd.argv = ["sh", "-c", payload]
    cmd.unresolved = set()
    _shell_invocation(cmd, analysis, cwd, home, depth)


def _peel_xargs(cmd: SimpleCommand) -> bool:
    takes_arg = {
        "-I",
        "-n",
        "-P",
        "-d",
        "-a",
        "-E",
        "-L",
        "-s",
        "--max-args",
        "--max-procs",
        "--delimiter",
        "--arg-file",
        "--replace",
        "--max-lines",
        "--max-chars",
        "--eof",
    }
    argv = cmd.argv
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        if arg.startswith("-"):
            i += 2 if arg in takes_arg else 1
            continue
        break
    for index, option in enumerate(argv[1:i], start=1):
        if option in ("-a", "--arg-file") and index + 1 < len(argv):
            cmd.redirects.append(Redirect("<", argv[index + 1], index + 1 not in cmd.unresolved))
        elif option.startswith("--arg-file="):
            cmd.redirects.append(Redirect("<", option.split("=", 1)[1], True))
    cmd.wrappers.append("xargs")
    cmd.unknown_args = True
    if i >= len(argv):
        cmd.argv = ["echo"]
        return False
    _shift(cmd, i)
    return True


def _nested(text: str, parent: SimpleCommand, analysis: Analysis, cwd: str, home: str, depth: int) -> None:
    """Analyze a command string run by `parent` (sh -c, eval, heredoc to a shell, ssh)."""
    nested = _analyze_into(text, cwd, home, analysis, depth + 1)
    for cmd in nested:
        for wrapper in parent.wrappers:
            if wrapper not in cmd.wrappers:
                cmd.wrappers.append(wrapper)
        if parent.remote and not cmd.remote:
            cmd.remote = parent.remote


def script_arg(cmd: SimpleCommand) -> str | None:
    """The script file an interpreter was given, if any (`bash x.sh`, `python3 tool.py`); "-": standard input."""
    return _script_arg(cmd)


def _script_arg(cmd: SimpleCommand) -> str | None:
    """The script file an interpreter was given, if any (`bash x.sh`, `python3 tool.py`)."""
    args = cmd.args
    shell = is_shell(cmd.program)
    i = 0
    while i < len(args):
        arg = args[i]
        if shell and re.fullmatch(r"[-+][a-zA-Z]*s[a-zA-Z]*", arg):
            return "-"  # `sh -s ARGS`: the script is standard input; the words after it are its arguments
        if arg == "--":
            return args[i + 1] if i + 1 < len(args) else None
        if arg.startswith("-"):
            if arg in ("-m",):
                return None
            if arg in ("-o", "-O", "+o", "+O", "-W", "-X", "--rcfile", "--init-file", "-I", "-r", "--require"):
                i += 2
                continue
            i += 1
            continue
        return arg
    return None


def _shell_invocation(cmd: SimpleCommand, analysis: Analysis, cwd: str, home: str, depth: int) -> None:
    args = cmd.args
    for i, arg in enumerate(args):
        if arg.startswith("-") and not arg.startswith("--") and "c" in arg[1:]:
            if i + 1 >= len(args):
                analysis.findings.append(Finding("not-understood", "a shell -c with no command", cmd.text))
                return
            if (i + 2) in cmd.unresolved:
                analysis.findings.append(
                    Finding("not-understood", "a shell runs a command string built at run time", cmd.text)
                )
                return
            cmd.inline_code = ("shell", args[i + 1])
            _nested(args[i + 1], cmd, analysis, cwd, home, depth)
            return
        if not arg.startswith("-") and not arg.startswith("+"):
            break


_FIND_NAME_TESTS = frozenset({"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename"})


def _representatives(pattern: str) -> list[str]:
    """Names a find glob matches, shortest first: `*.pem` -> .pem, x.pem; `*/.ssh/*` -> /.ssh/x."""
    pattern = re.sub(r"\[!?\^?([^\]])[^\]]*\]", r"\1", pattern).replace("?", "x").replace("\\", "")
    trailing = pattern[:-1].replace("*", "") + "x" if pattern.endswith("*") else pattern.replace("*", "")
    return list(dict.fromkeys([pattern.replace("*", ""), pattern.replace("*", "x"), trailing]))


_REGEX_GROUP = LazyRegex(r"\\?\(((?:[^()|\\]|\\[.\-/_])+(?:\\?\|(?:[^()|\\]|\\[.\-/_])+)+)\\?\)")


def regex_globs(regex: str, anchored: bool = True) -> list[str] | None:
    """The globs a simple regex is (`.*\\.pyc$` -> `*.pyc`; `.*\\.(py|js)` -> `*.py`, `*.js`), or None when it
    uses anything else (classes, repetition of a character, backreferences) or matches every name (`.*`,
    `.*/.*`: no literal but `/` and `.`), so it narrows nothing. Only what means the same in every regex
    dialect find and fd accept is read: literals, `\\.`, `.`, `.*`, `[...]`, `^`, `$` and one group of
    literal alternatives. `anchored`: the regex must match the whole name (find -regex); else it is a search
    (fd), open at the ends that have no `^` / `$`."""
    found = _REGEX_GROUP.search(regex)
    if found is not None:
        if _REGEX_GROUP.search(regex[found.end() :]) is not None:
            return None
        variants = [
            regex[: found.start()] + alternative + regex[found.end() :]
            for alternative in re.split(r"\\?\|", found.group(1))
        ]
    else:
        variants = [regex]
    globs = []
    for variant in variants:
        glob = _regex_glob(variant, anchored)
        if glob is None:
            return None
        globs.append(glob)
    return globs


def _regex_glob(regex: str, anchored: bool) -> str | None:
    start = regex.startswith("^")
    end = regex.endswith("$") and not regex.endswith("\\$")
    body = regex[1 if start else 0 : -1 if end else None]
    out: list[str] = [] if start or anchored else ["*"]
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] in "./-_":
            out.append(body[i + 1])
            i += 2
        elif ch == "." and body[i + 1 : i + 2] == "*":
            out.append("*")
            i += 2
        elif ch == ".":
            out.append("?")
            i += 1
        elif ch == "[":
            close = body.find("]", i + 2)
            if close < 0 or "[" in body[i + 1 : close] or body[close + 1 : close + 2] in ("*", "+", "?", "{"):
                return None
            out.append(body[i : close + 1])
            i = close + 1
        elif ch.isalnum() or ch in "_-/,=@%~: ":
            if body[i + 1 : i + 2] in ("*", "+", "?", "{"):
                return None  # a repeated character
            out.append(ch)
            i += 1
        else:
            return None
    if not (end or anchored):
        out.append("*")
    glob = re.sub(r"\*+", "*", "".join(out))
    literal = re.sub(r"\[[^\]]*\]|[*?]", "", glob)
    return glob if literal.strip("/.") else None


def find_selection(argv: list[str]) -> tuple[list[str], list[str]]:
    """(roots, representative paths) of what a find command selects: the files its -name / -path / -regex tests
    can match under each root, or no paths when no positive name test narrows it (then every file of the roots).
    A -regex (-iregex) matches the whole path, as -path does, when it is a simple one (`regex_globs`)."""
    args = argv[1:]
    roots: list[str] = []
    for arg in args:
        if arg.startswith(("-", "(", "!", ")")):
            break
        roots.append(arg)
    roots = roots or ["."]
    paths: list[str] = []
    for i, arg in enumerate(args[:-1]):
        if arg not in _FIND_NAME_TESTS and arg not in ("-regex", "-iregex") or (i > 0 and args[i - 1] in ("!", "-not")):
            continue
        if arg in ("-regex", "-iregex"):
            globs = regex_globs(args[i + 1])
            if globs is None and ("-o" in args or "-or" in args):
                return roots, []  # `-name '*.pyc' -o -regex '.*'`: an alternative may select every file
            if globs is None:
                continue  # ANDed with the other tests: it selects fewer files, not others
            patterns = [rep for glob in globs for rep in _representatives(glob)]
            arg = "-path"
        else:
            patterns = _representatives(args[i + 1])
        for rep in patterns:
            for root in roots:
                if arg.endswith(("path", "wholename")):
                    # -path matches the whole path, which starts with the root
                    paths.append(rep if rep.startswith(root) else root.rstrip("/") + "/" + rep.lstrip("/"))
                elif rep:
                    paths.append(root.rstrip("/") + "/" + rep)
    return roots, list(dict.fromkeys(paths))[:12]


def _find_exec(cmd: SimpleCommand, analysis: Analysis, cwd: str, home: str, depth: int) -> None:
    args = cmd.args
    roots, selected = find_selection(cmd.argv)
    i = 0
    while i < len(args):
        if args[i] in ("-exec", "-execdir", "-ok", "-okdir"):
            j = i + 1
            inner: list[str] = []
            while j < len(args) and args[j] not in (";", "+", "\\;"):
                inner.append(args[j])
                j += 1
            if inner:
                # `find ~/work -name .env -exec cat {} +`: {} stands for what the name tests select.
                fills = selected if "{}" in inner and selected else [None]
                for fill in fills:
                    argv = [a.replace("{}", fill) if fill is not None else a for a in inner]
                    sub = SimpleCommand(argv, " ".join(inner))
                    sub.unknown_args = True
                    if fill is None and "{}" in inner:
                        sub.fed_paths = [(root, True) for root in roots]
                    sub.wrappers = list(cmd.wrappers) + ["find -exec"]
                    _finish(sub, analysis, cwd, home, depth)
            i = j + 1
            continue
        i += 1


def _ssh(cmd: SimpleCommand, analysis: Analysis, cwd: str, home: str, depth: int) -> None:
    takes_arg = set("bcDEeFIiJLlmOopQRSWw")
    args = cmd.args
    i = 0
    host = ""
    while i < len(args):
        arg = args[i]
        if arg.startswith("-") and len(arg) > 1:
            if arg[-1] in takes_arg and len(arg) == 2:
                i += 2
            else:
                i += 1
            continue
        host = arg
        i += 1
        break
    remote_cmd = args[i:]
    if host and remote_cmd:
        cmd.remote = host
        analysis.findings.append(Finding("remote", f"runs a command on {host}", cmd.text))
        _nested(" ".join(remote_cmd), cmd, analysis, cwd, home, depth)


def _inline_code(cmd: SimpleCommand, family: str) -> None:
    flags = kp.INLINE_CODE_FLAGS.get(family, frozenset())
    args = cmd.args
    for i, arg in enumerate(args):
        if arg in flags and i + 1 < len(args):
            cmd.inline_code = (family, args[i + 1])
            return
        if family in ("python",) and arg.startswith("-c") and len(arg) > 2:
            cmd.inline_code = (family, arg[2:])
            return
        if family == "perl" and re.fullmatch(r"-[a-zA-Z]*[eE]", arg) and i + 1 < len(args):
            cmd.inline_code = (family, args[i + 1])
            return
        if not arg.startswith("-"):
            return


def _check_stdin_interpreter(cmd: SimpleCommand, ctx: _Context) -> None:
    """A pipeline stage that feeds program text to an interpreter."""
    name = cmd.program
    family = interpreter_family(name)
    if family not in kp.INTERPRETERS or family in ("awk", "jq"):
        return
    if _script_arg(cmd) not in (None, "-") or cmd.inline_code is not None:
        return
    sources = cmd.piped_from
    source_names = {s.program for s in sources}
    if source_names & kp.EGRESS:
        ctx.analysis.findings.append(Finding("fetch-and-run", f"pipes downloaded content into {name}", cmd.text))
        return
    if source_names & kp.DECODERS:
        ctx.analysis.findings.append(Finding("decoded-payload", f"pipes decoded data into {name}", cmd.text))
        return
    literal = literal_output(sources)
    if literal is not None and is_shell(name):
        _nested(literal, cmd, ctx.analysis, ctx.cwd, ctx.home, ctx.depth)
        ctx.analysis.findings.append(Finding("pipe-to-interpreter", f"pipes text into {name}", cmd.text))
        return
    if literal is not None:
        cmd.inline_code = (family, literal)
        return
    ctx.analysis.findings.append(
        Finding("pipe-to-interpreter", f"pipes program text of unknown origin into {name}", cmd.text)
    )


def literal_output(sources: list[SimpleCommand]) -> str | None:
    """The text a pipeline source prints, when it is a literal (echo, printf, cat of a here-doc)."""
    if len(sources) != 1:
        return None
    src = sources[0]
    if src.program == "echo" and not (src.unresolved - {0}):
        return " ".join(a for a in src.args if not a.startswith("-"))
    if src.program == "printf" and not (src.unresolved - {0}) and src.args:
        return _printf(src.args[0], src.args[1:])
    if src.program == "cat" and not src.args and src.stdin_literal is not None:
        return src.stdin_literal
    return None


def _printf(fmt: str, values: list[str]) -> str | None:
    """printf's output for plain %s formats; None for anything it would compute differently."""
    directives = re.findall(r"%.", fmt.replace("%%", ""))
    if any(d != "%s" for d in directives):
        return None
    if not directives:
        return fmt.replace("%%", "%").replace("\\n", "\n")
    if len(values) % len(directives) != 0 and values:
        return None
    out = []
    for start in range(0, max(len(values), 1), len(directives)):
        chunk = values[start : start + len(directives)]
        text = fmt.replace("%%", "\0")
        for value in chunk + [""] * (len(directives) - len(chunk)):
            text = text.replace("%s", value, 1)
        out.append(text.replace("\0", "%").replace("\\n", "\n"))
    return "".join(out)


def expand_globs(path: str, hidden: bool = False) -> list[str]:
    """The existing files a glob names (bounded), or the literal when none exist.

    `hidden` for tools whose own patterns match dotfiles (zip -i '*.env*').
    """
    if not any(ch in path for ch in "*?["):
        return [path]
    directory, base = os.path.split(path)
    try:
        if directory and base and not any(ch in directory for ch in "*?["):
            found = _glob_in(directory, base, hidden)
        else:
            import glob as globmod  # only a command with a wildcard pays for glob (and fnmatch, contextlib)

            found = globmod.glob(path, recursive=False, include_hidden=hidden)[:MAX_GLOB_MATCHES]
    except (OSError, re.error):
        found = []
    return found or [path]


MAX_GLOB_MATCHES = 64


def _glob_in(directory: str, pattern: str, hidden: bool) -> list[str]:
    """glob.glob(directory/pattern)[:64] for a pattern in the last component only, without listing a directory
    of thousands to its end (`rm -rf /tmp/*`): the same entries, in the same (scandir) order, with glob's
    hidden-name rule (a leading dot is matched only by a pattern that has one, unless `hidden`)."""
    import fnmatch

    match = re.compile(fnmatch.translate(pattern)).match
    skip_hidden = not hidden and pattern[0] != "."
    found: list[str] = []
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                name = entry.name
                if (skip_hidden and name[0] == ".") or not match(name):
                    continue
                found.append(os.path.join(directory, name))
                if len(found) == MAX_GLOB_MATCHES:
                    break
    except OSError:
        pass  # as glob: what was listed before the error stands
    return found


def looks_like_path(arg: str) -> bool:
    return arg.startswith(("/", "~", "./", "../")) or "/" in arg or arg.startswith(".") or "." in arg


def is_abs_or_home(arg: str) -> bool:
    return arg.startswith(("/", "~"))


__all__ = ["Analysis", "Finding", "Redirect", "SimpleCommand", "analyze", "brace_expand", "expand_globs", "os"]
