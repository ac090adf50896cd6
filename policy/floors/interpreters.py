"""Interpreters: inline code judged by its syntax tree, scripts, modules and stdin."""

from __future__ import annotations

import builtins
import re

from hookward.policy.floors.common import ALLOW, ASK, DENY, FORCE_ASK, Demand, Floor, is_version_query
from hookward.policy.lazy import LazyRegex

# --- inline code --------------------------------------------------------------

_DANGEROUS_CODE = LazyRegex(
    r"rmtree|os\.remove|os\.unlink|unlink\(|rmdir|rm_rf|rm -r|FileUtils\.rm|File\.delete|fs\.rm|rmSync|unlinkSync|"
    r"socket|/dev/tcp|urllib|urlopen|requests\.(post|put|get)|http\.client|httplib|fetch\(|XMLHttpRequest|"
    r"Net::HTTP|open-uri|IO::Socket|LWP|child_process|execSync|spawnSync|exec\(|system\(|popen|subprocess|"
    r"os\.exec|Runtime\.getRuntime|eval\(|__import__|compile\(|base64|b64decode|marshal\.loads|pickle\.loads|"
    r"`[^`]+`|%x\(|\bqx\b|chmod|setuid|/etc/(passwd|shadow|sudoers)|\.ssh|id_rsa|\.aws|credentials|\.env\b|"
    r"os\.environ|process\.env|ENV\[|getenv|keychain|shutil\.move|open\([^)]*['\"][wa]",
    re.IGNORECASE,
)
_SHELL_IN_CODE = LazyRegex(
    r"""(?:system|popen|exec(?:Sync)?|spawn(?:Sync)?|check_output|check_call|call|run|Popen)\(\s*(?:\[)?\s*(['"])(.+?)\1"""
)


def inline_code_demand(language: str, code: str) -> tuple[Demand, list[str]]:
    """Inline code is not understood; code that touches files, network or processes is worse.

    Returns the demand and any shell command strings found inside the code.
    """
    if language == "bun":
        language = "node"  # `bun -e` / `bun --eval` run JavaScript as `node -e` does: one judge for both
    if re.search(r"hookward", code, re.IGNORECASE):
        # hookward's modules, its ledger, its policy: inline code that names them reaches for the gate itself.
        return Demand(
            Floor.SELF_PROTECTION,
            DENY,
            f"inline {language} code names hookward (its modules, policy, ledger or grants): this is the gate itself",
        ), []
    embedded = [m.group(2) for m in _SHELL_IN_CODE.finditer(code)]
    embedded += re.findall(r"`([^`]+)`", code) if language in ("ruby", "perl", "php") else []
    trivial = _trivial_code(language, code)
    hit = _DANGEROUS_CODE.search(code)
    if hit and not trivial:
        # (Code whose syntax tree only prints literals is judged by that tree: `print('rm -rf /')` prints text.)
        return Demand(Floor.NOT_UNDERSTOOD, FORCE_ASK, f"inline {language} code uses {hit.group(0)!r}"), embedded
    if trivial:
        return Demand(Floor.NOT_UNDERSTOOD, ALLOW, f"inline {language} code only prints literals"), embedded
    return Demand(Floor.NOT_UNDERSTOOD, ASK, f"inline {language} code is not analyzed"), embedded


def python_imports(code: str) -> list[str]:
    """The top-level module names inline Python code imports (none if it does not parse)."""
    import ast

    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module.split(".")[0])
    return names


_TRIVIAL_PY = LazyRegex(r"""^\s*(print\((['"][^'"\\]*['"]|\d+(\s*[-+*/]\s*\d+)*)?\)\s*;?\s*)+$""")


# Python inline code passes only when its syntax tree holds nothing but these nodes and calls.
# Statements: expressions, assignments to plain names (and items), `for` and `if` (no `while`, no functions,
# no lambdas, no `try` / `with`, no `from` imports, no `global`: nothing that defines or hides code).
_PY_NODES = (
    "Module Expr Constant Name Load Store Call BinOp UnaryOp BoolOp Compare IfExp Tuple List Set Dict "
    "Add Sub Mult Div FloorDiv Mod Pow USub UAdd Not And Or Eq NotEq Lt LtE Gt GtE Is IsNot In NotIn "
    "keyword JoinedStr FormattedValue Subscript Slice Assign comprehension ListComp SetComp GeneratorExp "
    "DictComp Attribute For If Break Continue Pass AugAssign Starred"
).split()
# Builtin functions that may be called by name (and never rebound: `print = license` is refused).
_PY_CALLS = frozenset(
    "print len str int float bool sorted sum min max abs round range list tuple dict set repr chr ord "
    "hex oct bin divmod enumerate zip reversed any all format".split()
)
# Methods of builtin types that only compute a value (or change the list they are called on), callable on any
# object: none of them is a method of a stream, a module or a function reachable from the allowed code.
# Never `format` / `format_map` (a format string reaches attributes: '{0.x}'), never a name starting with `_`.
_PY_METHODS = frozenset(
    "get items keys values split rsplit strip lstrip rstrip join lower upper title startswith endswith "
    "replace count find rfind index splitlines isdigit isalpha append extend sort".split()
)
_PY_NAMES_FORBIDDEN = frozenset(
    "open eval exec compile getattr setattr delattr __import__ globals locals vars input breakpoint "
    "exit quit help memoryview type object super".split()
)
_LITERAL_PRINT = {
    "node": LazyRegex(r"""\s*(console\.log\((['"][^'"\\`]*['"]|[\d\s+*/().-]+)\);?\s*)+"""),
    # Double-quoted strings may hold the escapes \n and \t (nothing else: no interpolation, no `\N{..}`).
    "ruby": LazyRegex(r"""\s*((puts|p|print)[ (]('[^'\\#`]*'|"([^"\\#`]|\\[nt])*"|[\d\s+*/().-]+)\)?;?\s*)+"""),
    "perl": LazyRegex(r"""\s*((print|say)[ (]('[^'\\]*'|"([^"\\$@]|\\[nt])*"|[\d\s+*/().-]+)\)?;?\s*)+"""),
    "dc": LazyRegex(r"[\d\s.+*/%^pfkidrcvxz_-]+"),
}


# Module attributes that only describe the interpreter, the platform or the working directory
# (`import platform; print(platform.python_version())`), pure functions, and the standard streams.
# `sys.modules`, `sys.argv`, `os.environ`, `os.getenv` and everything else stay out; the modules may only be
# imported plainly (no `as`, no `from`, never rebound) and only named as `module.attribute`.
_PY_MODULE_READS = {
    "platform": frozenset(
        "python_version python_implementation python_version_tuple system machine release version platform "
        "architecture processor".split()
    ),
    "sys": frozenset("version version_info platform executable byteorder maxsize stdin stdout stderr".split()),
    "os": frozenset("getcwd name sep linesep cpu_count".split()),
    # Pure functions of their arguments: they read and write nothing (`json.load` reads the stream it is
    # handed, and the only streams the allowed code can name are sys.stdin, sys.stdout and sys.stderr).
    "json": frozenset("dumps loads load".split()),
    "math": frozenset(
        "sqrt pi e tau inf nan floor ceil trunc fabs log log2 log10 exp sin cos tan atan2 hypot gcd isclose "
        "isfinite isnan radians degrees".split()
    ),
}
# Of those, the ones that are values rather than functions: a function is only ever called where it is
# named (`sorted(['/etc/shadow'], key=platform.architecture)` would run `file` on the path).
_PY_MODULE_DATA = {
    "sys": frozenset("version version_info platform executable byteorder maxsize stdin stdout stderr".split()),
    "os": frozenset("name sep linesep".split()),
    "math": frozenset("pi e tau inf nan".split()),
}
# The standard streams' own methods, called where they are named (`sys.stdin.read()`), never through a name.
_PY_STREAM_CALLS = {
    "stdin": frozenset("read readline readlines".split()),
    "stdout": frozenset({"write"}),
    "stderr": frozenset({"write"}),
}
# Every builtin name, including the ones `site` adds: none may be rebound, and only _PY_CALLS may be named.
_PY_BUILTINS = frozenset(dir(builtins)) | frozenset("exit quit help license copyright credits".split())


def _trivial_python(code: str) -> bool:
    """Plainly harmless Python: only listed node types, calls and methods, no dunder, no `import` beyond a
    plain `import platform|sys|os|json|math` whose listed attributes are named as `module.attribute`."""
    if len(code) > 2000 or not code.strip():
        return False
    import ast

    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    nodes = list(ast.walk(tree))
    imported: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is not None or alias.name not in _PY_MODULE_READS:
                    return False
                imported.add(alias.name)
    called = {id(node.func) for node in nodes if isinstance(node, ast.Call)}
    # A module is only ever named as `module.attribute`: bound to a name or handed on (`x = os`, `[os]`), its
    # functions would answer to the method names below (`x.replace(a, b)` is `os.replace`, a rename).
    module_reads = {
        id(node.value) for node in nodes if isinstance(node, ast.Attribute) and _module_read(node, imported)
    }
    for node in nodes:
        if isinstance(node, (ast.Import, ast.alias)):
            continue
        if type(node).__name__ not in _PY_NODES:
            return False
        if isinstance(node, ast.Name) and not _python_name(node, imported, id(node) in module_reads):
            return False
        if isinstance(node, ast.Attribute) and not _python_attribute(node, imported, id(node) in called):
            return False
        if isinstance(node, ast.Call) and not _python_call(node, imported):
            return False
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)) and "__" in str(node.value):
            return False
    return True


def _python_name(node: object, imported: set[str], module_read: bool) -> bool:
    """A name: never dunder or a forbidden builtin; a module only as `module.attribute`; a builtin only
    read, and only one of _PY_CALLS; names the code binds itself (`d = ...`, `for k, v in ...`) freely."""
    import ast

    assert isinstance(node, ast.Name)
    if node.id in _PY_NAMES_FORBIDDEN or node.id.startswith("__"):
        return False
    if not isinstance(node.ctx, ast.Load):
        return node.id not in imported and node.id not in _PY_BUILTINS  # `os = ...`, `print = license`
    if node.id in imported:
        return module_read
    return node.id not in _PY_BUILTINS or node.id in _PY_CALLS


def _python_attribute(node: object, imported: set[str], called: bool) -> bool:
    """`module.attribute` (a function only where it is called), `sys.stdin.read()` and the standard streams'
    own methods where they are called, or one of the pure methods of builtin types on any value."""
    import ast

    assert isinstance(node, ast.Attribute)
    if not isinstance(node.ctx, ast.Load) or node.attr.startswith("_"):
        return False  # `sys.stdout = ...`, `math.pi = 3`, `x._y`
    value = node.value
    if isinstance(value, ast.Name) and value.id in imported:
        return _module_read(node, imported) and (called or node.attr in _PY_MODULE_DATA.get(value.id, ()))
    if _stream_method(node, imported):
        return called
    return node.attr in _PY_METHODS


def _python_call(node: object, imported: set[str]) -> bool:
    """A call of a listed builtin by name, a listed module function, a standard stream's method or a pure
    method; nothing else (not a name the code bound, not the result of another call)."""
    import ast

    assert isinstance(node, ast.Call)
    func = node.func
    if isinstance(func, ast.Attribute) and _module_read(func, imported):
        # `platform.architecture('/etc/shadow')` runs `file` on the path it is given.
        return not (node.args or node.keywords) or func.value.id not in ("platform", "sys", "os")  # type: ignore[attr-defined]
    if isinstance(func, ast.Attribute):
        return _stream_method(func, imported) or func.attr in _PY_METHODS
    return isinstance(func, ast.Name) and func.id in _PY_CALLS


def _stream_method(node: object, imported: set[str]) -> bool:
    """`sys.stdin.read`, `sys.stdin.readline(s)`, `sys.stdout.write`, `sys.stderr.write`."""
    import ast

    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and _module_read(node.value, imported)
        and node.value.value.id == "sys"  # type: ignore[attr-defined]
        and node.attr in _PY_STREAM_CALLS.get(node.value.attr, ())
    )


def _module_read(node: object, imported: set[str]) -> bool:
    """`platform.python_version` / `sys.version` / `os.getcwd` on a plainly imported module."""
    import ast

    if not isinstance(node, ast.Attribute):
        return False
    value = node.value
    return (
        isinstance(value, ast.Name)
        and value.id in imported
        and node.attr in _PY_MODULE_READS.get(value.id, frozenset())
    )


def _trivial_code(language: str, code: str) -> bool:
    literal = _LITERAL_PRINT.get(language)
    if literal is not None and code.strip() and len(code) <= 2000 and literal.fullmatch(code):
        return True
    if language == "python" and _trivial_python(code):
        return True
    if language == "python":
        return bool(_TRIVIAL_PY.match(code)) or bool(
            re.fullmatch(
                r"\s*import (sys|json|os|platform)\s*;\s*print\((sys|platform)\.(version|version_info|platform|executable|python_version\(\))\)\s*",
                code,
            )
        )
    if language == "node":
        return bool(
            re.fullmatch(
                r"""\s*console\.log\((['"][^'"\\]*['"]|\d+|process\.version|process\.versions(\.\w+)?)\);?\s*""", code
            )
        )
    return False


# `node -p "require('./package.json').version"`: the one inline node code that reads a file, a literal `.json`
# path (no quote, backslash, `$` or space in it), printed whole or by plain property names.
_NODE_REQUIRE_JSON = LazyRegex(r"""require\(\s*(['"])([^'"\\`$\s]+\.json)\1\s*\)(?:\s*\.\s*[A-Za-z$][\w$]*)*""")
_NODE_PACKAGE_JSON = LazyRegex(r"(?:@[A-Za-z0-9_][\w.-]*/)?[A-Za-z0-9_][\w.-]*/package\.json")
_NODE_JSON_LIMIT = 1 << 20


def node_json_read(code: str, cwd: str) -> str | None:
    """The JSON file that inline node code only prints (`console.log(require('./package.json').version)`,
    `-p "require('react/package.json').version"`), resolved as node resolves it, or None.

    None unless node would surely parse it as JSON: a regular file whose real path ends in `.json` (node picks
    the loader by the real path's extension, and a missing `x.json` becomes `x.json.js` or `x.json/index.js`);
    a package's `package.json` only from a `node_modules` above `cwd` and only when that package (or the
    project, which node consults first under its own name) declares no `exports`, which may map the name to
    code. The caller judges the returned path as a read through the path rules.
    """
    text = code.strip()
    if len(text) > 500:
        return None
    text = text[:-1].rstrip() if text.endswith(";") else text
    if text.startswith("console.log(") and text.endswith(")"):
        text = text[len("console.log(") : -1].strip()
    match = _NODE_REQUIRE_JSON.fullmatch(text)
    if match is None or not cwd.startswith("/"):
        return None
    import os

    spec = match.group(2)
    if spec.startswith(("./", "../", "/")):
        # node resolves `..` by the text (path.resolve), then follows symlinks (realpath): so is it judged.
        return _json_file(os.path.realpath(os.path.normpath(os.path.join(cwd, spec))))
    if not _NODE_PACKAGE_JSON.fullmatch(spec) or ".." in spec.split("/"):
        return None
    name = spec[: -len("/package.json")]
    scope = _nearest_package_json(cwd)
    if scope is not None:
        own = _read_json(scope)
        if not isinstance(own, dict) or (own.get("name") == name and "exports" in own):
            return None  # node resolves its own package's name through its `exports` first
    directory = os.path.normpath(cwd)
    for _ in range(64):
        if os.path.basename(directory) != "node_modules":
            candidate = os.path.join(directory, "node_modules", spec)
            if os.path.isfile(candidate):
                manifest = _read_json(candidate)
                if not isinstance(manifest, dict) or "exports" in manifest:
                    return None
                return _json_file(os.path.realpath(candidate))
            if os.path.lexists(candidate):
                return None
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent
    return None


def _json_file(path: str) -> str | None:
    import os

    return path if path.endswith(".json") and os.path.isfile(path) else None


def _nearest_package_json(cwd: str) -> str | None:
    """The package.json node's package scope lookup finds from `cwd` (it stops at a node_modules folder)."""
    import os

    directory = os.path.normpath(cwd)
    for _ in range(64):
        if os.path.basename(directory) == "node_modules":
            return None
        candidate = os.path.join(directory, "package.json")
        if os.path.lexists(candidate):
            return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent
    return None


def _read_json(path: str) -> object:
    """A bounded, non-blocking read of a JSON file; None if it is not a readable regular file of JSON."""
    import json

    from hookward.policy.safeio import read_regular

    try:
        return json.loads(read_regular(path, _NODE_JSON_LIMIT))
    except (OSError, ValueError, RecursionError):
        return None


# Runtimes whose first word is a subcommand or an option, not a script (`dotnet build`, `java -version`,
# `bun test`, `deno task`): their specs (policy/specs) say which of their forms run code.
SPEC_JUDGED_RUNTIMES = frozenset({"dotnet", "java", "bun", "deno", "swift"})
# Their specs (policy/specs/langs.py) say what runs: a script (judged by provenance), inline code, `-S mix`, and
# an interactive session with nothing named, which asks.
SPEC_JUDGED_RUNTIMES |= frozenset({"elixir", "erl", "ghci", "runghc", "runhaskell", "kotlin", "R"})
# Modules that run a script or statements they are handed (`-m timeit -s CODE`, `-m pdb x.py`).
_PYTHON_CODE_RUNNERS = frozenset({"timeit", "pdb", "cProfile", "profile", "trace", "runpy", "doctest"})

SAFE_PYTHON_MODULES = frozenset(
    {
        "pytest",
        "unittest",
        "mypy",
        "black",
        "ruff",
        "isort",
        "flake8",
        "pylint",
        "coverage",
        "tox",
        "nox",
        "venv",
        "virtualenv",
        "json.tool",
        "compileall",
        "py_compile",
        "build",
        "doctest",
        "pydoc",
        "timeit",
        "site",
        "sysconfig",
        "platform",
        "tabnanny",
        "pyflakes",
        "pycodestyle",
        "bandit",
        "pyright",
        "pdb",
        "cProfile",
        "profile",
        "trace",
        "ensurepip",
        "zipapp",
        "tokenize",
        "dis",
        "ast",
        "calendar",
    }
)
# Tools with a spec of their own that judges the words after the module (policy/specs/interpreters.py
# _MODULE_PROGRAMS hands them on): `python -m twine upload` is `twine upload`. Only the exact name: a submodule
# (`python -m twine.__main__ upload`) is not handed on, so it is not read.
SPEC_JUDGED_PYTHON_MODULES = frozenset(
    "twine pdm hatch jupyter mkdocs sphinx uvicorn gunicorn flask celery alembic streamlit locust django IPython".split()
)


_AWK_EXEC = LazyRegex(r"system\s*\(|\|\s*getline|\|\s*\"|print[^;]*[>|]|printf[^;]*[>|]|getline\s*<|close\s*\(|ENVIRON")

_AWK_LOAD = LazyRegex(r"@\s*(load|include)\b")


# TypeScript runners: their specs (policy/specs/webdev.py) judge a script as `node FILE` is (provenance), inline
# code as node's, and a run with nothing named as reading its program from standard input.
SPEC_JUDGED_RUNTIMES |= frozenset({"tsx", "ts-node"})


def interpreter_demand(program: str, family: str, args: list[str]) -> Demand | None:
    """An interpreter with no inline code runs a script, a module or stdin."""
    if is_version_query(args) or family in SPEC_JUDGED_RUNTIMES:
        return None
    if family == "awk":
        code = next((a for a in args if not a.startswith("-")), "")
        if "-f" in args or any(a.startswith("--file") for a in args):
            return Demand(Floor.NOT_UNDERSTOOD, ASK, f"{program} runs a program file hookward does not read")
        if _AWK_LOAD.search(code):
            # gawk's `@load "x"` loads a shared library (x.so, from AWKLIBPATH or the path given) and
            # `@include "x"` a source file: code hookward does not read runs inside awk.
            return Demand(Floor.RUNS_CODE, ASK, f"{program} program loads an extension or includes a source file")
        if _AWK_EXEC.search(code):
            return Demand(
                Floor.NOT_UNDERSTOOD, ASK, f"{program} program runs commands, reads the environment or writes files"
            )
        return None
    if family == "jq":
        return None
    if family == "php":
        # php's spec says what runs (a script, inline code, `php artisan`): the floor keeps what it cannot show.
        from hookward.policy.specs.php_frameworks import interpreter_reason

        reason = interpreter_reason(args)
        return None if reason is None else Demand(Floor.NOT_UNDERSTOOD, ASK, reason)
    if family == "python" and "-m" in args:
        module = args[args.index("-m") + 1] if args.index("-m") + 1 < len(args) else ""
        if module == "timeit":
            rest = args[args.index("-m") + 2 :]
            statements = [
                a
                for i, a in enumerate(rest)
                if not a.startswith("-")
                and not (i and rest[i - 1] in ("-n", "-r", "-u", "--number", "--repeat", "--unit"))
            ]
            demand, _ = inline_code_demand("python", "\n".join(statements))
            return (
                None
                if demand.verdict == ALLOW
                else Demand(demand.floor, max(demand.verdict, ASK), f"python -m timeit: {demand.reason}")
            )
        if module in _PYTHON_CODE_RUNNERS:
            return Demand(
                Floor.NOT_UNDERSTOOD, ASK, f"{program} -m {module} runs code it is handed, which hookward does not read"
            )
        if module in SAFE_PYTHON_MODULES or module.split(".")[0] in SAFE_PYTHON_MODULES:
            return None
        if module in SPEC_JUDGED_PYTHON_MODULES:
            return None
        if module == "pip" and args[args.index("-m") + 2 : args.index("-m") + 3] in (
            ["list"],
            ["show"],
            ["freeze"],
            ["--version"],
            ["check"],
        ):
            return None
        return Demand(Floor.NOT_UNDERSTOOD, ASK, f"{program} -m {module} runs a module hookward does not read")
    script = next((a for a in args if not a.startswith("-")), None)
    if script is not None and script != "-":
        return Demand(Floor.NOT_UNDERSTOOD, ASK, f"{program} runs the script {script!r}, which hookward does not read")
    return Demand(Floor.NOT_UNDERSTOOD, ASK, f"{program} runs a program from standard input or interactively")
