"""The layers of DESIGN.md hold, and no hookward module imports itself back at import time.

Read with `ast` from the source files (nothing is imported). THE RULE, from DESIGN.md
("The pipeline" and its table):

1. `policy/` never imports `adapters/` (nothing in policy knows a host's payload or wire
   format) nor the CLI. From `verdicts/` it imports `verdicts.decision`, the Decision that
   `evaluate()` returns; from `compat/` nothing but `compat.registry`, the data self-protection
   is derived from ("every host's config locations from the registry").
2. `verdicts/` never imports `adapters/` or `compat/` (it decides no verdict and knows no wire
   format) nor the CLI. A type-only import (under `if TYPE_CHECKING:`) is not a dependency.
3. `compat/` and `adapters/` never import the CLI.
4. The CLI (`hookward/`: `cli*`, `app`, `__main__`) is wiring: it may import every stage, and
   nothing imports it. The root package `hookward` (its `__init__`) is the namespace and may be
   imported anywhere.
5. No cycle among hookward modules through imports that run when a module is imported
   (module level, including under try/if; not inside a function, where an import is deferred
   on purpose and cannot deadlock an import).

Known exceptions are listed below, each with the reason it exists; the test fails when one is
no longer needed, so the list only shrinks.

ONE PIPELINE (DESIGN.md, "The pipeline"): the hook, the MCP server and `hookward check` run
parse -> evaluate -> render -> record through one function, `adapters.pipeline.run`, so:

6. Nothing but `adapters/pipeline.py` records a call in the ledger: no other module calls
   `verdicts.ledger`'s record functions (record_decision, record_post, record_failure, or the
   row builders behind them), imports them by name, or reaches the ledger module by `getattr`.
7. In `adapters/` and `compat/`, nothing but `adapters/pipeline.py` imports the policy engine
   (`hookward.policy.engine`): a front end that evaluates by itself is a second pipeline.
8. The adapter of a host is found only through the explicit table `adapters.ADAPTERS`
   (`adapters.adapter_for`): nowhere else is a module name built from a host id, that is, no
   string is made by joining `adapters.` (or `hookward.adapters.`) with something that is not
   a lookup in ADAPTERS.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
STAGES = ("policy", "verdicts", "adapters", "compat", "hookward")
SKIP_DIRS = {"__pycache__", "cache", "node_modules", "records", "plugins"}

# (importer module prefix, imported module prefix) -> why it is allowed for now.
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("hookward.policy.protection", "hookward.verdicts.ledger"): "protects the ledger's directory (state_dir)",
    ("hookward.policy.protection", "hookward.verdicts.grants"): "protects the grant key's file (key_path)",
    ("hookward.policy.provenance", "hookward.verdicts.ledger"): "keeps the session baseline in the state directory",
    ("hookward.verdicts.export", "hookward.compat.registry"): "grades shadow-mode answers by the host's facts",
    ("hookward.compat.probes.harness", "hookward.adapters"): "spells the probe's hook answers with the adapter",
    ("hookward.compat.probes.kimi_extra", "hookward.adapters.install"): "probes the hook command install writes",
}


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    if parts[0] == "hookward":
        return ".".join(parts)
    return ".".join(["hookward", *parts])


def source_modules(root: Path) -> dict[str, Path]:
    found = {}
    for stage in STAGES:
        for directory, dirs, files in os.walk(root / stage):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for name in files:
                if name.endswith(".py"):
                    path = Path(directory) / name
                    found[module_name(root, path)] = path
    return found


class Import:
    __slots__ = ("target", "line", "at_import_time")

    def __init__(self, target: str, line: int, at_import_time: bool) -> None:
        self.target, self.line, self.at_import_time = target, line, at_import_time


def _is_type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports_of(path: Path, known: set[str], module: str) -> list[Import]:
    """Every hookward module `path` imports at run time (type-only imports left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []

    def resolve(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    def visit(nodes: list[ast.stmt], top: bool) -> None:
        for node in nodes:
            if _is_type_checking(node):
                visit(node.orelse, top)
                continue
            targets: list[str | None] = []
            if isinstance(node, ast.Import):
                targets = [resolve(alias.name) for alias in node.names if alias.name.startswith("hookward")]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                if base.startswith("hookward"):
                    # `from pkg import sub` imports the submodule; `from pkg import name`, the package itself
                    targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else resolve(base) for a in node.names]
            for target in dict.fromkeys(targets):
                if target is not None and target != module:
                    found.append(Import(target, node.lineno, top))
            for field in ("body", "orelse", "finalbody", "handlers"):
                children = getattr(node, field, None)
                if isinstance(children, list) and not isinstance(node, (ast.Import, ast.ImportFrom)):
                    inner = top and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                    visit([c for c in children if isinstance(c, ast.stmt)], inner)

    visit(tree.body, True)
    return found


def stage_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "root"
    return parts[1] if parts[1] in STAGES[:4] else "cli"


def layer_violations(root: Path) -> tuple[list[str], set[tuple[str, str]]]:
    """(violations, exceptions used) for the sources under `root`."""
    modules = source_modules(root)
    known = set(modules)
    problems: list[str] = []
    used: set[tuple[str, str]] = set()
    for module, path in sorted(modules.items()):
        here = stage_of(module)
        for found in imports_of(path, known, module):
            there = stage_of(found.target)
            if there in (here, "root"):
                continue
            forbidden = (
                there == "cli"
                or (here == "policy" and there == "adapters")
                or (here == "policy" and there == "verdicts" and found.target != "hookward.verdicts.decision")
                or (here == "policy" and there == "compat" and found.target != "hookward.compat.registry")
                or (here == "verdicts" and there in ("adapters", "compat"))
                or (here == "compat" and there == "adapters")
            )
            if here == "cli":
                forbidden = False  # the CLI is wiring: it imports every stage
            if not forbidden:
                continue
            exception = next(
                (key for key in EXCEPTIONS if module.startswith(key[0]) and found.target.startswith(key[1])), None
            )
            if exception is not None:
                used.add(exception)
                continue
            problems.append(f"{path.relative_to(root)}:{found.line}: {here} imports {found.target} ({there})")
    return problems, used


def import_cycles(root: Path) -> list[list[str]]:
    """Strongly connected groups of modules through imports that run at import time."""
    modules = source_modules(root)
    known = set(modules)
    graph = {
        module: sorted({i.target for i in imports_of(path, known, module) if i.at_import_time})
        for module, path in modules.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, []))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in graph.get(node, []):
                    cycles.append(sorted(group))
    return cycles


LEDGER = "hookward.verdicts.ledger"
ENGINE = "hookward.policy.engine"
PIPELINE = "hookward.adapters.pipeline"
RECORDS = frozenset({"record_decision", "record_post", "record_failure", "decision_row", "post_row"})


def _dotted(node: ast.expr) -> str:
    """`a.b.c` for a Name / Attribute chain, else ""."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    return ".".join([node.id, *reversed(parts)])


def _absolute(node: ast.ImportFrom, module: str, path: Path) -> str:
    base = node.module or ""
    if not node.level:
        return base
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    anchor = package.split(".")
    return ".".join(anchor[: len(anchor) - node.level + 1] + ([base] if base else []))


def pipeline_violations(root: Path) -> list[str]:
    """Rules 6 and 7: who records a call in the ledger, and who evaluates one, besides the pipeline."""
    problems: list[str] = []
    for module, path in sorted(source_modules(root).items()):
        if module in (LEDGER, PIPELINE):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = path.relative_to(root)
        names = {LEDGER}  # how this module spells the ledger module
        front = stage_of(module) in ("adapters", "compat")
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == LEDGER and alias.asname:
                        names.add(alias.asname)
                    if front and (alias.name == ENGINE or alias.name.startswith(ENGINE + ".")):
                        problems.append(f"{where}:{node.lineno}: evaluates outside the pipeline ({alias.name})")
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(node, module, path)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    if full == LEDGER:
                        names.add(alias.asname or alias.name)
                    if base == LEDGER and (alias.name in RECORDS or alias.name == "*"):
                        problems.append(f"{where}:{node.lineno}: imports the ledger's {alias.name}")
                    if front and ENGINE in (base, full):
                        problems.append(f"{where}:{node.lineno}: evaluates outside the pipeline ({full})")
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in RECORDS and _dotted(node.value) in names:
                problems.append(f"{where}:{node.lineno}: records in the ledger outside the pipeline ({node.attr})")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "getattr"
                and node.args
                and _dotted(node.args[0]) in names
            ):
                problems.append(f"{where}:{node.lineno}: reaches the ledger by getattr")
    return problems


ADAPTER_PREFIXES = ("adapters.", "hookward.adapters.")


def _from_the_table(node: ast.expr) -> bool:
    return isinstance(node, ast.Subscript) and _dotted(node.value).endswith("ADAPTERS")


def built_adapter_names(root: Path) -> list[str]:
    """Rule 8: where a module name under adapters/ is built from a value instead of read from ADAPTERS."""
    problems: list[str] = []
    for module, path in sorted(source_modules(root).items()):
        if module == "hookward.adapters":
            continue  # the table itself
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            built = False
            if isinstance(node, ast.JoinedStr):
                for index, piece in enumerate(node.values[:-1]):
                    after = node.values[index + 1]
                    if (
                        isinstance(piece, ast.Constant)
                        and isinstance(piece.value, str)
                        and piece.value.endswith(ADAPTER_PREFIXES)
                        and isinstance(after, ast.FormattedValue)
                        and not _from_the_table(after.value)
                    ):
                        built = True
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                left = node.left
                while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Add):
                    left = left.right
                built = (
                    isinstance(left, ast.Constant)
                    and isinstance(left.value, str)
                    and left.value.endswith(ADAPTER_PREFIXES)
                    and not _from_the_table(node.right)
                )
            if built:
                problems.append(f"{path.relative_to(root)}:{node.lineno}: builds an adapter's module name")
    return problems


# --- the repository ---------------------------------------------------------------------------


def test_the_sources_are_all_read() -> None:
    modules = source_modules(REPO)
    assert {"hookward.policy.engine", "hookward.adapters.hook", "hookward.verdicts.ledger", "hookward.cli"} <= set(
        modules
    )
    assert len(modules) > 100


def test_layers_hold_as_design_md_states_them() -> None:
    problems, _used = layer_violations(REPO)
    assert not problems, "\n".join(problems)


def test_every_listed_exception_is_still_needed() -> None:
    _problems, used = layer_violations(REPO)
    stale = sorted(set(EXCEPTIONS) - used)
    assert not stale, f"no longer needed, remove from EXCEPTIONS: {stale}"


def test_no_import_cycle_among_hookward_modules() -> None:
    cycles = import_cycles(REPO)
    assert not cycles, cycles


def test_only_the_pipeline_records_a_call_in_the_ledger_or_evaluates_one() -> None:
    problems = pipeline_violations(REPO)
    assert not problems, "\n".join(problems)


def test_an_adapter_is_found_only_through_the_explicit_registry() -> None:
    problems = built_adapter_names(REPO)
    assert not problems, "\n".join(problems)


# --- the checks can fail: planted violations -------------------------------------------------


def plant(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for stage in STAGES:
        (root / stage).mkdir(exist_ok=True)
        (root / stage / "__init__.py").touch()
    return root


def test_policy_importing_an_adapter_is_a_violation(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "adapters/hook.py": "X = 1\n",
            "policy/engine.py": "def f():\n    from hookward.adapters.hook import X\n    return X\n",
        },
    )
    problems, _ = layer_violations(root)
    assert problems == ["policy/engine.py:2: policy imports hookward.adapters.hook (adapters)"]


def test_verdicts_importing_compat_and_a_stage_importing_the_cli_are_violations(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "compat/registry.py": "",
            "hookward/cli.py": "",
            "verdicts/ledger.py": "import hookward.compat.registry\n",
            "adapters/hook.py": "from hookward import cli\n",
        },
    )
    problems, _ = layer_violations(root)
    assert sorted(problems) == [
        "adapters/hook.py:1: adapters imports hookward.cli (cli)",
        "verdicts/ledger.py:1: verdicts imports hookward.compat.registry (compat)",
    ]


def test_type_only_imports_and_the_cli_wiring_are_not_violations(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "adapters/base.py": "",
            "verdicts/ledger.py": "TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from hookward.adapters.base import W\n",
            "hookward/cli.py": "from hookward.adapters import base\nimport hookward.verdicts.ledger\n",
        },
    )
    assert layer_violations(root) == ([], set())


def test_a_planted_import_cycle_is_found(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "policy/a.py": "from hookward.policy import b\n",
            "policy/b.py": "try:\n    from hookward.policy.c import X\nexcept ImportError:\n    X = 0\n",
            "policy/c.py": "import hookward.policy.a\nX = 1\n",
            "policy/d.py": "def late():\n    from hookward.policy import a\n",
        },
    )
    assert import_cycles(root) == [["hookward.policy.a", "hookward.policy.b", "hookward.policy.c"]]


def test_a_deferred_import_does_not_make_a_cycle(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "policy/a.py": "from hookward.policy import b\n",
            "policy/b.py": "def late():\n    from hookward.policy import a\n",
        },
    )
    assert import_cycles(root) == []


def test_a_front_end_writing_the_ledger_or_evaluating_by_itself_is_a_second_pipeline(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "verdicts/ledger.py": "def record_decision(*a):\n    pass\n",
            "policy/engine.py": "def evaluate_call(call):\n    pass\n",
            "adapters/pipeline.py": (
                "from hookward.verdicts import ledger\nfrom hookward.policy.engine import evaluate_call\n"
                "def run(call):\n    ledger.record_decision(call)\n"
            ),
            "adapters/mcp_server.py": (
                "from hookward.verdicts import ledger as book\n"
                "def write(method, *args):\n    getattr(book, method)(*args)\n"
                "def judge(call):\n    from hookward.policy.engine import evaluate_call\n    return evaluate_call(call)\n"
            ),
            "adapters/hook.py": "import hookward.verdicts.ledger\nhookward.verdicts.ledger.record_post(None)\n",
            "compat/document.py": "from hookward.verdicts.ledger import record_failure as note\n",
            "hookward/cli_policy.py": "from hookward.policy.engine import evaluate_call\n",  # wiring may evaluate
        },
    )
    assert sorted(pipeline_violations(root)) == [
        "adapters/hook.py:2: records in the ledger outside the pipeline (record_post)",
        "adapters/mcp_server.py:3: reaches the ledger by getattr",
        "adapters/mcp_server.py:5: evaluates outside the pipeline (hookward.policy.engine.evaluate_call)",
        "compat/document.py:1: imports the ledger's record_failure",
    ]


def test_a_module_name_built_from_a_host_id_is_found(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "adapters/__init__.py": 'ADAPTERS = {"a-b": "a_b"}\nNAME = __name__ + "." + ADAPTERS["a-b"]\n',
            "adapters/doctor.py": "def find(host):\n    return __import__(f\"hookward.adapters.{host.replace('-', '_')}\")\n",
            "hookward/cli_hosts.py": 'def find(host):\n    return "hookward.adapters." + host\n',
            "compat/probes/harness.py": (
                "from hookward.adapters import ADAPTERS\n"
                'def spelled(host):\n    return f"adapters.{ADAPTERS[host]}.spell", "adapters." + ADAPTERS[host]\n'
            ),
        },
    )
    assert sorted(built_adapter_names(root)) == [
        "adapters/doctor.py:2: builds an adapter's module name",
        "hookward/cli_hosts.py:2: builds an adapter's module name",
    ]
