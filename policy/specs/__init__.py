"""Every program the policy knows, one module per family.

A family module defines `SPECS: list[Spec]`. `lookup(program)` finds a spec by
the program's name or one of its aliases; the first lookup imports the
families (their data is compiled to bytecode when the package is installed, so
no TOML or YAML is parsed on the hook path).
"""

from __future__ import annotations

import importlib

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
)

_INDEX: dict[str, Spec] | None = None


def index() -> dict[str, Spec]:
    global _INDEX
    if _INDEX is None:
        found: dict[str, Spec] = {}
        for family in FAMILIES:
            try:
                module = importlib.import_module(f"{__name__}.{family}")
            except ModuleNotFoundError as error:
                if error.name != f"{__name__}.{family}":
                    raise
                continue
            for spec in module.SPECS:
                for name in (spec.name, *spec.aliases):
                    if name in found:
                        raise ValueError(f"program {name!r} has two specs ({family} and another family)")
                    found[name] = spec
        _INDEX = found
    return _INDEX


def lookup(program: str) -> Spec | None:
    return index().get(program)


def family_of(program: str) -> str | None:
    spec = lookup(program)
    if spec is None:
        return None
    for family in FAMILIES:
        try:
            module = importlib.import_module(f"{__name__}.{family}")
        except ModuleNotFoundError:
            continue
        if spec in module.SPECS:
            return family
    return None
