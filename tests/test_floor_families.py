"""The floors' family dispatch (policy/floors/commands.py FAMILIES): a family's module is imported only when a
program it names appears, and that must never drop a demand the family would make.

Checked two ways: every program name a family's source compares `program` with is among the programs the
table gives it, and on generated commands (every name and word the floor modules spell, plus the shared
corpora's words) the dispatched demands equal every family run on every command, in the table's order.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hookward.policy import floors
from hookward.policy.floors import commands
from hookward.policy.floors.common import Command
from hookward.policy.knowledge import programs as kp

_FLOORS_DIR = Path(commands.__file__).parent
_FAMILY_MODULES = sorted({family.module for family in commands.FAMILIES})


def _module(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"hookward.policy.floors.{name}")


def _strings(node: ast.expr, namespace: dict) -> set[str] | None:
    """The program names a comparator spells: literals, or a module-level set it names (None: not a name set)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.Set, ast.List)):
        found: set[str] = set()
        for elt in node.elts:
            inner = _strings(elt, namespace)
            if inner is None:
                return None
            found |= inner
        return found
    if isinstance(node, (ast.Name, ast.Attribute)):
        value = eval(compile(ast.Expression(node), "<floor>", "eval"), namespace)  # a module-level set
        if isinstance(value, (set, frozenset, tuple, list, dict)):
            return {v[0] if isinstance(v, tuple) else v for v in value if isinstance(v, (str, tuple))}
    return None


def _named_programs(module_name: str) -> set[str]:
    """Every program name the module's source compares `program` with (`==`, `in`, `(program, sub) in`)."""
    module = _module(module_name)
    tree = ast.parse(inspect.getsource(module))
    names: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare) or len(node.ops) != 1 or not isinstance(node.ops[0], (ast.Eq, ast.In)):
            continue
        left = node.left
        if isinstance(left, ast.Tuple) and left.elts:
            left = left.elts[0]  # `(program, args[0]) in PUBLISH`
        if not (isinstance(left, ast.Name) and left.id == "program"):
            continue
        found = _strings(node.comparators[0], vars(module))
        assert found is not None, f"{module_name}: cannot read what `program` is compared with at line {node.lineno}"
        names |= found
    return names


@pytest.mark.parametrize("module_name", [m for m in _FAMILY_MODULES if m != "selfprotection"])
def test_every_program_a_family_names_is_dispatched_to_it(module_name):
    programs: set[str] = set()
    for family in commands.FAMILIES:
        if family.module == module_name:
            programs |= family.programs or set()
    missing = _named_programs(module_name) - programs
    assert not missing, f"{module_name} judges {sorted(missing)} but FAMILIES never sends them there"


def test_self_protection_judges_every_command():
    # hookward's controls hide in any program's words (`script -qc 'hookward uninstall'`, `alias x=hookward`).
    assert [f.programs for f in commands.FAMILIES if f.module == "selfprotection"] == [None]


def test_every_family_module_is_in_the_table():
    shared = {"__init__", "common", "commands", "names", "interpreters"}  # interpreters: the engine calls it
    modules = {path.stem for path in _FLOORS_DIR.glob("*.py")} - shared
    assert modules == set(_FAMILY_MODULES)


def _words() -> tuple[list[str], list[str]]:
    """Program names and argument words: every string the floor modules spell, the name sets, corpus words."""
    literals: set[str] = set()
    for path in _FLOORS_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and 0 < len(node.value) <= 40:
                literals.add(node.value)
    programs = set(literals) | kp.EGRESS | kp.PACKAGE_MANAGERS | kp.ENV_DUMPERS
    for family in commands.FAMILIES:
        programs |= family.programs or set()
    programs |= {"mkfs.ext4", "mkfs.btrfs", "fdisk.static", "HOOKWARD", "ls", "cat", "python3"}
    words = set(literals)
    corpora = Path(__file__).parent / "corpora" / "routine.jsonl"
    if corpora.exists():
        for line in corpora.read_text(encoding="utf-8").splitlines()[:2000]:
            if line.strip():
                words.update(json.loads(line)["command"].split())
    return sorted(programs), sorted(words)


def test_the_dispatch_drops_no_demand_of_any_family():
    programs, words = _words()
    literal_words = sorted(w for w in words if not w.startswith("$"))
    rng = random.Random(11)
    every = [commands.family_function(i) for i in range(len(commands.FAMILIES))]
    wrappers_cycle: list[list[str]] = [[], ["sudo"], ["xargs"], ["nice", "doas"]]
    checked = 0
    for n in range(30000):
        program = programs[n % len(programs)] if n < 4 * len(programs) else rng.choice(programs)
        args = [rng.choice(literal_words) for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 4, 6)))]
        argv = [program, *args]
        wrappers = wrappers_cycle[n % 4]
        has_bin = n % 2 == 0
        cmd = Command(argv, program, wrappers, lambda name, has_bin=has_bin: has_bin, None)
        expected = [(d.floor, d.verdict, d.reason) for judge in every for d in judge(cmd)]
        got = [(d.floor, d.verdict, d.reason) for d in commands.command_demands(argv, wrappers, program, cmd.local_bin)]
        assert got == expected, argv
        checked += bool(expected)
    assert checked > 1000  # the generated commands do reach the families' checks


def test_a_routine_command_imports_only_the_families_it_names():
    code = (
        "import sys\n"
        "from hookward.policy import floors\n"
        "floors.command_demands(['ls', '-la'], [], 'ls')\n"
        "print(sorted(m for m in sys.modules if m.startswith('hookward.policy.floors.')))\n"
        "floors.command_demands(['git', 'status'], [], 'git')\n"
        "print(sorted(m for m in sys.modules if m.startswith('hookward.policy.floors.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    loaded_ls, loaded_git = (set(eval(line)) for line in out)
    prefix = "hookward.policy.floors."
    assert loaded_ls == {prefix + m for m in ("commands", "common", "names", "selfprotection")}
    assert loaded_git == loaded_ls | {prefix + "vcs"}


def test_every_name_the_floors_package_exports_resolves():
    for name in floors.__all__:
        assert getattr(floors, name) is not None, name
    with pytest.raises(AttributeError):
        floors.no_such_floor_name  # noqa: B018
