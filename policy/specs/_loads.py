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


_JS_FILE = re.compile(r"\.(?:[cm]?[jt]sx?|json|node)$")


def module_file(walked: Walk, value: str) -> str | None:
    """The file a JS module reference names, or None for a package or a built-in name. A bare name (`dot`,
    `jsdom`, `jest-junit`, `@babel/register`) resolves in node_modules, the installed dependencies the runner
    itself comes from; a path (`./x`, `/x`, `~/x`), a file name (`setup.js`) or a subpath no installed package
    provides (`lib/setup`, where `ts-node/register` is ts-node's when node_modules/ts-node exists) is a file."""
    if not value or value.startswith((".", "/", "~")) or _JS_FILE.search(value) or ".." in value.split("/"):
        return value
    parts = value.split("/")
    package = "/".join(parts[:2]) if value.startswith("@") else parts[0]
    if package == value:
        return None
    if walked.cwd and os.path.isdir(os.path.join(walked.cwd, "node_modules", package)):
        if not any(os.path.exists(os.path.join(walked.cwd, value + ext)) for ext in ("", ".js", ".cjs", ".mjs")):
            return None
    return value


def code_places(
    places: tuple[str, ...] = (),
    operands: bool = False,
    modules: tuple[str, ...] = (),
    then: Judge | None = None,
) -> Judge:
    """A judge for a runner's loads.

    places: options whose `load` value is a directory, glob or file the runner collects as its tests (`-I`,
      `--rootDir`): a directory or glob that stays under the command's directory is dropped, a file there is
      kept (judged by its provenance), and anything that leaves it is kept (asks);
    operands: the runner's read operands are test files it runs: one outside the command's directory is a load;
    modules: options declared `val:text` whose value is a JS module the runner loads (`--reporter dot`,
      `--setupFiles ./x.js`): a file (`module_file`) is a load, a package or built-in name is not;
    then: another judge to run afterwards.
    """

    def judge(walked: Walk, argv: list[str]) -> None:
        kept: list[Effect] = []
        for effect in walked.effects:
            if effect.kind == "load" and effect.origin in places and not outside(walked, effect.value):
                if not (walked.cwd and os.path.isfile(os.path.join(walked.cwd, effect.value))):
                    continue  # a directory or glob of the project's; a file is judged by its provenance
            if effect.kind == "text" and effect.origin in modules:
                found = module_file(walked, effect.value)
                if found is not None:
                    kept.append(Effect("load", found, effect.origin))
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


def outside_loads(origins: tuple[str, ...], then: Judge | None = None) -> Judge:
    """A judge for settings files that name code: an env file (FLASK_APP, NODE_OPTIONS=--require X) or a
    tsconfig (its `paths` and `extends` redirect imports) named by one of `origins` is a load when it leaves
    the command's directory; the project's own stays a read (judged by the path rules)."""

    def judge(walked: Walk, argv: list[str]) -> None:
        for effect in list(walked.effects):
            if effect.kind == "read" and effect.origin in origins and outside(walked, effect.value):
                walked.effects.append(Effect("load", effect.value, f"{effect.origin} (the settings name code)"))
        if then is not None:
            then(walked, argv)

    return judge


# Options of node and of the JS runners a package script starts (`npm test -- --require /tmp/x.js`) that load
# the module or file they name; the words after `--` reach the script's program as its own arguments.
_FORWARDED_LOADS = frozenset(
    "-r --require --import --loader --experimental-loader -c --config --setupFiles --setupFilesAfterEnv "
    "--testRunner --reporter --reporters --globalSetup --globalTeardown --preload --file --ui "
    "--testEnvironment --env --environment --rootDir --roots --root --dir --spec --workspace --plugin "
    "--rulesdir --resolve-plugins-relative-to --transform --snapshotResolver --testSequencer --resolver".split()
)


def forwarded_loads(walked: Walk, argv: list[str]) -> None:
    """A judge for a package manager's script or test command: what `--` hands on to the script's program is
    judged as that program would judge it, when it names code to load (a file, not a package: module_file)."""
    if "--" not in argv:
        return
    words = argv[argv.index("--") + 1 :]
    for index, word in enumerate(words):
        name, equals, value = word.partition("=")
        if name not in _FORWARDED_LOADS:
            continue
        if not equals:
            value = words[index + 1] if index + 1 < len(words) else ""
        found = module_file(walked, value) if value else None
        if found is not None:
            walked.effects.append(Effect("load", found, f"{name} after -- (the script's program loads it)"))


def manifests(origins: dict[str, str], then: Judge | None = None) -> Judge:
    """A judge: a directory option (`swift build --package-path D`, `cmake -S D`) or operand runs D's manifest
    (Package.swift, CMakeLists.txt), which is code: when D leaves the command's directory the manifest is a
    load, judged by its provenance. `origins` maps each option (or "operand") to the manifest's name."""

    def judge(walked: Walk, argv: list[str]) -> None:
        for effect in list(walked.effects):
            key = "operand" if effect.origin.startswith("operand") else effect.origin
            name = origins.get(key)
            if name and effect.kind in ("cd", "stat") and effect.value and outside(walked, effect.value):
                place = os.path.join(effect.value, name)
                walked.effects.append(Effect("load", place, f"{effect.origin} (its {name} runs)"))
        if then is not None:
            then(walked, argv)

    return judge


_SOURCE_OPTIONS = frozenset({"--from", "--with", "--with-editable", "--spec", "--editable"})


def local_packages(walked: Walk, argv: list[str]) -> None:
    """A judge: the operands of an install or build that are paths (`pipx install /tmp/x`, `uv build ../x`) are
    source trees whose build backend (setup.py, a PEP 517 hook) runs: one outside the command's directory is a
    load. Words that are option values (by the spec's own option table) are skipped."""
    from hookward.policy.spec import _find_long, _find_short, _option_scopes

    scopes = _option_scopes(walked.spec)
    name = walked.spec.name
    words = argv[argv.index(name) + 1 :] if name in argv else argv[1:]
    skip = False
    source = False  # the value being skipped is a package source (`--from /tmp/x`, `--spec ../x`)
    for word in words:
        if skip:
            skip = False
            if source and word.startswith(("/", "./", "../", "~")) and outside(walked, word):
                walked.effects.append(Effect("load", word, "a source tree it builds (its build backend runs)"))
            continue
        if word == "--":
            break
        if word.startswith("-") and len(word) > 1:
            if word.startswith("--"):
                option, equals, value = word.partition("=")
                found = _find_long(scopes, option)
                skip = found is not None and found[1].takes and not equals
                source = found is not None and found[0] in _SOURCE_OPTIONS
                if equals and source and value.startswith(("/", "./", "../", "~")) and outside(walked, value):
                    walked.effects.append(Effect("load", value, f"{option} (a source tree it builds)"))
            else:
                opt = _find_short(scopes, word[1])
                skip = opt is not None and opt.takes and len(word) == 2
            continue
        if word.startswith(("/", "./", "../", "~")) and outside(walked, word):
            walked.effects.append(Effect("load", word, "a source tree it builds (its build backend runs)"))
