"""What a test runner or build tool loads: shared judges for the build, ruby and packages families.

A runner runs the project's code, which is routine; what its options or operands name can be code from
anywhere (`rspec -r /tmp/evil.rb`, `jest --setupFiles /tmp/x.js`, `mocha /tmp/evil.spec.js`, `rspec -I /tmp`).
A file named to be loaded is a `load` effect, which the engine judges by its provenance (the person's tracked
file, unchanged, runs as routine; anything else asks). A directory, glob or test file the runner collects and
runs as its tests is the project's when it resolves (symbolic links followed) under the directory the command
runs in, and a `load` when it resolves anywhere else.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from hookward.policy.spec import Effect, Walk

Judge = Callable[[Walk, list[str]], None]


def outside(walked: Walk, value: str) -> bool:
    """Does a path as written resolve outside the directory the command runs in? With no directory known (a
    spec's examples), an absolute, home or `..` path is outside."""
    if not value:
        return False
    if value.startswith("~"):
        return True
    if not walked.cwd:
        return value.startswith("/") or ".." in value.split("/")
    cwd = os.path.realpath(walked.cwd)
    real = os.path.realpath(os.path.join(cwd, value))
    return not (real == cwd or real.startswith(cwd.rstrip("/") + "/"))


# A module reference that is a file (`./r.js`, `r.ts`, `lib/r`), not a package or a built-in name (`dot`, `jsdom`).
_JS_FILE = re.compile(r"\.(?:[cm]?[jt]sx?|json|node)$")


def names_file(value: str) -> bool:
    """A JS module value naming a file: a path (`./x`, `/x`, `~/x`, `a/b` outside a scope), or a file name."""
    if value.startswith((".", "/", "~")) or _JS_FILE.search(value):
        return True
    if value.startswith("@"):
        return value.count("/") > 1 or ".." in value.split("/")  # `@scope/pkg` is a package
    return "/" in value or "\\" in value


def code_places(
    places: tuple[str, ...] = (),
    operands: bool = False,
    modules: dict[str, frozenset[str]] | None = None,
    then: Judge | None = None,
) -> Judge:
    """A judge for a runner's loads.

    places: options whose `load` value is a directory, glob or file the runner collects as its tests (`-I`,
      `--rootDir`): a directory or glob that stays under the command's directory is dropped, a file there is
      kept (judged by its provenance), and anything that leaves it is kept (asks);
    operands: the runner's read operands are test files it runs: one outside the command's directory is a load;
    modules: options declared `val:text` whose value is a built-in name (listed) or a module that is loaded
      (`--reporter dot` vs `--reporter ./r.js`): a name that is not listed, or that names a file, is a load;
    then: another judge to run afterwards.
    """
    modules = modules or {}

    def judge(walked: Walk, argv: list[str]) -> None:
        kept: list[Effect] = []
        for effect in walked.effects:
            if effect.kind == "load" and effect.origin in places and not outside(walked, effect.value):
                if not (walked.cwd and os.path.isfile(os.path.join(walked.cwd, effect.value))):
                    continue  # a directory or glob of the project's; a file is judged by its provenance
            if effect.kind == "text" and effect.origin in modules:
                value = effect.value
                if names_file(value) or value not in modules[effect.origin]:
                    kept.append(Effect("load", value, effect.origin))
                continue
            kept.append(effect)
            if (
                operands
                and effect.kind in ("read", "tree-read")
                and effect.origin.startswith("operand")
                and outside(walked, effect.value)
            ):
                kept.append(Effect("load", effect.value, f"{effect.origin} (a test file it runs)"))
        walked.effects[:] = kept
        if then is not None:
            then(walked, argv)

    return judge
