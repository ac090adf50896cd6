"""The README's commands stay true: every `hookward ...` invocation in its shell blocks runs and succeeds.

The pip / venv steps are not run here (tests/test_isolation.py installs a real wheel into a fresh venv);
each hookward invocation runs as `sys.executable -m hookward` in a throwaway HOME, from the checkout root
(the README's relative paths are relative to it).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hookward.adapters import install

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")

# Not run: a server that waits for a client on stdin.
LONG_RUNNING = {"mcp"}
OPERATORS = {"&&", "||", ";", "|", "&"}


def shell_blocks(text: str) -> list[str]:
    return re.findall(r"^```(?:sh|bash|shell)\n(.*?)^```", text, flags=re.S | re.M)


def hookward_invocations(text: str) -> list[list[str]]:
    """The argv (after `hookward`) of every simple command in the README's shell blocks that runs hookward."""
    found: list[list[str]] = []
    for block in shell_blocks(text):
        for line in block.splitlines():
            lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
            lexer.whitespace_split = True
            words: list[str] = []
            for token in [*lexer, ";"]:
                if token in OPERATORS:
                    if words and os.path.basename(words[0]) == "hookward":
                        found.append(words[1:])
                    words = []
                else:
                    words.append(token)
    return found


INVOCATIONS = hookward_invocations(README)


def test_the_readme_has_the_quick_start_and_use_it_invocations():
    subcommands = [argv[0] for argv in INVOCATIONS]
    assert subcommands[:2] == ["check", "eval"], "the quick start checks and evaluates first"
    assert {"install", "doctor", "check", "policy", "compat", "audit"} <= set(subcommands)


def test_the_quick_start_installs_outside_the_project():
    (first,) = shell_blocks(README)[:1]
    assert "python3 -m venv .venv" not in first and "~/.local/share/hookward/venv" in first


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("readme-home")


def _env(home: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("XDG_", "PYTHON"))}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
    )
    return env


@pytest.mark.parametrize("argv", INVOCATIONS, ids=[" ".join(argv)[:60] for argv in INVOCATIONS])
def test_readme_hookward_invocation_succeeds(argv: list[str], home: Path):
    if argv[0] in LONG_RUNNING:
        pytest.skip(f"`hookward {argv[0]}` is a server")
    argv = [str(home) + word[1:] if word == "~" or word.startswith("~/") else word for word in argv]
    for word in argv[1:]:
        if word.endswith(".jsonl") and not (REPO / word).exists():
            pytest.skip(f"{word} (a corpus beside the checkout) is not here")
    if argv[0] == "install":
        # The tests' interpreter may live inside this checkout; install refuses that (tests/test_isolation.py).
        problem = install.environment_problem([sys.prefix, *install.import_roots()], None, cwd=str(home))
        argv = argv + (["--allow-repository-env"] if problem else [])
    result = subprocess.run(
        [sys.executable, "-m", "hookward", *argv],
        cwd=REPO if argv[0] != "install" else home,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=120,
    )
    said = f"hookward {' '.join(argv)}: {result.stdout[-1500:]}{result.stderr[-1500:]}"
    if argv[0] == "check":
        # check's exit status is the verdict (non-zero when not allowed); the README shows refusals.
        assert result.stdout.startswith("verdict: ") and "Traceback" not in result.stderr, said
        if "curl" in argv[-1] or ".aws" in argv[-1]:
            assert result.stdout.startswith("verdict: deny"), said
        return
    assert result.returncode == 0, said
