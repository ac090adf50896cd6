"""A spec is complete or it says so: every option a program's `--help` lists is declared.

For each spec whose program is installed here, run `PROGRAM --help` (a clean environment,
no input, 5 s), read the option spellings the help text lists (`-x`, `--long`, bracketed
usage groups such as `[-abc]`), and fail on any the spec does not declare, as modelled or
as "unknown". A program that is not installed is skipped. This tier runs programs, so it is
deselected by default: run it with `pytest -m spec_help`.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from hookward.policy import specs
from hookward.policy.spec import Spec

pytestmark = pytest.mark.spec_help

# Programs whose help is asked for another way.
HELP_ARGS = {"mawk": ["-W", "usage"]}
# Never run, whatever they answer to --help.
NEVER_RUN = frozenset({"reboot", "shutdown", "poweroff", "halt", "init", "telinit", "kexec"})
# Words a help text shows that are placeholders or examples, not options.
PLACEHOLDERS = {
    "diff": {"--GTYPE-group-format", "--LTYPE-line-format"},
    "numfmt": {"-M"},
    "date": {"-"},
    "cut": {"-M"},
    "screen": {"-o"},  # `[-opts]`
    "exa": {"--colo"},  # `--colo[u]r=WHEN`
    "dot": {"-Gname", "-Nname", "-Ename", "-LC", "-LU", "-Lg", "-ofile"},  # `-Gname=val`, `-Lg`: values glued on
    "protoc": {"-IPATH", "-oFILE"},  # `-IPATH, --proto_path=PATH`: a value glued on
}

_NAME = r"-{1,2}[A-Za-z0-9?#~%_\"][\w.?+#~%-]*"
_TOKEN = re.compile(r"(" + _NAME + r")(\[=?[^\]\s]*\]|=\S*|\s<[^>]*>|\s\[[^\]]*\]|\s[A-Za-z_][\w,.\[\]]*)?")
_SEP = re.compile(r"(\s*\.{2,}\s*|\s+\.\s+|,\s*|\s+or\s+|\s+|/)")
_BRACKET = re.compile(r"\[(-{1,2}[A-Za-z0-9?][^\]\s|]*)")
_NO_PREFIX = re.compile(r"--\[no-?\]([\w-]+)")


def help_options(text: str) -> set[str]:
    """The option spellings a help text lists in its option column and its usage line."""
    found: set[str] = set()
    for line in text.splitlines():
        for match in _NO_PREFIX.finditer(line):
            found.update({"--" + match.group(1), "--no" + match.group(1)})
        line = _NO_PREFIX.sub(lambda m: "--" + m.group(1), line)
        stripped = line.lstrip()
        pos = 0
        while stripped[pos:].startswith("-"):
            token = _TOKEN.match(stripped, pos)
            if not token:
                break
            name = token.group(1).rstrip(".,;:")
            if name not in ("-", "--") and not name.startswith("---"):
                found.add(name)
            pos = token.end()
            sep = _SEP.match(stripped, pos)
            if not sep:
                break
            pos = sep.end()
        for match in _BRACKET.finditer(line):
            word = match.group(1).rstrip(".,;:")
            if word.startswith("--"):
                found.add(re.split(r"[=\[]", word, maxsplit=1)[0])
            elif all(c.isalnum() or c == "?" for c in word[1:]):
                found.update("-" + c for c in word[1:])
    return found


def _declared(spec: Spec) -> set[str]:
    words = set(spec.options)
    for sub in spec.subcommands.values():
        words |= _declared(sub)
    return words


def _is_declared(spec: Spec, word: str, declared: set[str]) -> bool:
    if word in declared:
        return True
    if spec.numeric and (word[1:].isdigit() or word[1:].isupper()):  # `-5`, `-NUM`, `-WIDTH`
        return True
    if not word.startswith("--") and len(word) > 2:
        # `-ps`: a bundle of declared letters.
        return all(f"-{c}" in declared for c in word[1:])
    return False


def _installed_specs() -> list[tuple[str, Spec]]:
    seen: dict[int, tuple[str, Spec]] = {}
    for spec in specs.index().values():
        if id(spec) in seen:
            continue
        program = next((n for n in (spec.name, *spec.aliases) if shutil.which(n)), None)
        seen[id(spec)] = (program or spec.name, spec)
    return sorted(seen.values(), key=lambda item: item[0])


CASES = _installed_specs()


@pytest.mark.parametrize(("program", "spec"), CASES, ids=[program for program, _ in CASES])
def test_every_option_the_help_lists_is_declared(program: str, spec: Spec, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = shutil.which(program)
    if path is None or program in NEVER_RUN:
        pytest.skip(f"{program} is not installed")
    try:
        run = subprocess.run(
            [path, *HELP_ARGS.get(program, ["--help"])],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=5,
            stdin=subprocess.DEVNULL,
            cwd=tmp_path,
            env={"PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C"},
        )
    except subprocess.TimeoutExpired:
        pytest.skip(f"{program} --help did not finish in 5 s")
    text = re.sub(r".\x08", "", run.stdout + "\n" + run.stderr)  # man-style overstrike
    declared = _declared(spec)
    missing = sorted(
        word
        for word in help_options(text) - PLACEHOLDERS.get(spec.name, set())
        if not _is_declared(spec, word, declared)
    )
    assert not missing, f"{program} ({spec.version}): --help lists options the spec does not declare: {missing}"


def test_the_help_reader_finds_option_columns_and_usage_groups() -> None:
    text = """usage: tmux [-2CD] [-c shell-command] [-f file]
  -a, --all                  do not ignore entries
      --block-size=SIZE      scale sizes
  -c  ........  --clear-screen
  -q, --quiet, --silent      never print headers
     --[no]color          Print color codes
"""
    assert help_options(text) == {
        "-2",
        "-C",
        "-D",
        "-c",
        "-f",
        "-a",
        "--all",
        "--block-size",
        "--clear-screen",
        "-q",
        "--quiet",
        "--silent",
        "--color",
        "--nocolor",
    }
