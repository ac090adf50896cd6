"""Every program the policy knows, one module per family.

A family module defines `SPECS: list[Spec]`. `lookup(program)` finds a spec by
the program's name or one of its aliases. The hook path imports only the one
family a program belongs to, found in `_index.py` (program -> family), which
`python -m hookward.policy.specs` writes and a test keeps fresh; the families'
data is compiled to bytecode when the package is installed, so no TOML or YAML
is parsed on the hook path. When the index does not match the family files
(a source checkout mid-edit), every family is imported instead: slower, and
never a different answer.
"""

from __future__ import annotations

import os
import sys

from hookward.policy.spec import Spec

FAMILIES = (
    "files",
    "text",
    "search",
    "vcs",
    "forges",
    "containers",
    "cloud",
    "packages",
    "build",
    "interpreters",
    "network",
    "archives",
    "services",
    "editors",
    "system",
    "devtools",
    "saas",
    "hostinfo",
    "windows",
    "assistants",
    "netdiag",
    "ruby",
    "perl",
    "media",
    "utilities",
    "gnu",
    "codegen",
    "crypto",
    "dbtools",
    "macos",
    "toolbox",
    "devcli",
    "appdev",
    "infra",
    "nerdctl",
    "langs",
    "docs",
    "webdev",
    "clitools",
    "pytools",
    "routine7",
)

_HERE = os.path.dirname(__file__)
_FULL: dict[str, Spec] | None = None
_FAMILY_OF: dict[str, str] | None = None
_LOADED: dict[str, dict[str, Spec]] = {}


def _family_files() -> list[tuple[str, int]]:
    """Each family file's name and size: what the index was written from."""
    found = []
    for family in FAMILIES:
        try:
            found.append((family, os.stat(os.path.join(_HERE, family + ".py")).st_size))
        except OSError:
            continue
    return found


def _load(family: str) -> dict[str, Spec]:
    specs = _LOADED.get(family)
    if specs is None:
        name = f"{__name__}.{family}"
        __import__(name)  # importlib.import_module without importing importlib (and warnings) on every call
        module = sys.modules[name]
        specs = {}
        for spec in module.SPECS:
            for name in (spec.name, *spec.aliases):
                specs[name] = spec
        _LOADED[family] = specs
    return specs


def full_index() -> tuple[dict[str, Spec], dict[str, str]]:
    """Every family imported: program -> spec and program -> family. Two specs for one name is an error."""
    global _FULL
    found: dict[str, Spec] = {}
    family_of_name: dict[str, str] = {}
    for family, _size in _family_files():
        for name, spec in _load(family).items():
            if name in found:
                raise ValueError(f"program {name!r} has two specs ({family_of_name[name]} and {family})")
            found[name] = spec
            family_of_name[name] = family
    _FULL = found
    return found, family_of_name


def _families() -> dict[str, str]:
    global _FAMILY_OF
    if _FAMILY_OF is None:
        try:
            from hookward.policy.specs import _index
        except ImportError:
            _index = None  # type: ignore[assignment]
        if _index is not None and [tuple(item) for item in _index.FILES] == _family_files():
            _FAMILY_OF = _index.FAMILY_OF
        else:
            _FAMILY_OF = full_index()[1]
    return _FAMILY_OF


def index() -> dict[str, Spec]:
    """Every spec by program name (imports every family: for tests and tools, not the hook path)."""
    return _FULL if _FULL is not None else full_index()[0]


def lookup(program: str) -> Spec | None:
    family = _families().get(program)
    if family is None:
        return None
    return _load(family).get(program)


def family_of(program: str) -> str | None:
    return _families().get(program)


def _quoted(text: str) -> str:
    """A string literal as ruff format spells it (double quotes unless the text holds one)."""
    return repr(text) if '"' in text else '"' + repr(text)[1:-1].replace("\\'", "'") + '"'


def write_index() -> str:
    _spec, family_of_name = full_index()
    path = os.path.join(_HERE, "_index.py")
    lines = [
        '"""Program -> spec family, written by `python -m hookward.policy.specs`; do not edit."""',
        "",
        "FILES = [",
        *(f'    ("{family}", {size}),' for family, size in _family_files()),
        "]",
        "",
        "FAMILY_OF = {",
        *(f"    {_quoted(name)}: {_quoted(family)}," for name, family in sorted(family_of_name.items())),
        "}",
        "",
    ]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    return path
