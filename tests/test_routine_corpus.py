"""The routine-work corpus (tests/corpora/) is reproducible from its raw public files and split by its rule."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

CORPORA = Path(__file__).resolve().parent / "corpora"


def _build_module():
    spec = importlib.util.spec_from_file_location("routine_corpus_build", CORPORA / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _lines(name: str) -> list[dict]:
    return [json.loads(line) for line in (CORPORA / name).read_text(encoding="utf-8").splitlines()]


def test_build_on_raw_reproduces_committed_corpus_byte_for_byte():
    tuning, heldout = _build_module().build(CORPORA / "raw")
    assert (CORPORA / "routine.jsonl").read_text(encoding="utf-8") == tuning
    assert (CORPORA / "routine-heldout.jsonl").read_text(encoding="utf-8") == heldout


def test_build_script_check_mode_agrees(tmp_path):
    result = subprocess.run(
        [sys.executable, str(CORPORA / "build.py"), "--check"], capture_output=True, text=True, cwd=tmp_path
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_line_names_its_public_source_and_is_labelled_allow():
    raw_sources = set()
    for path in (CORPORA / "raw").glob("*.json"):
        raw = json.loads(path.read_text(encoding="utf-8"))
        raw_sources.add(f"{raw['repo']}:{raw['path']}")
    for name in ("routine.jsonl", "routine-heldout.jsonl"):
        for row in _lines(name):
            repo, _, path = row["source"].partition(":")
            assert repo.count("/") == 1 and path, row
            assert row["source"] in raw_sources, row
            assert row["label"] == "allow" and row["expected"] == "allow", row
            assert row["command"].strip(), row


def test_split_is_thirty_percent_by_hash_of_the_command():
    def heldout(command: str) -> bool:
        return int(hashlib.sha256(command.encode("utf-8")).hexdigest()[:8], 16) % 100 < 30

    tuning, held = _lines("routine.jsonl"), _lines("routine-heldout.jsonl")
    assert tuning and held
    assert not any(heldout(row["command"]) for row in tuning)
    assert all(heldout(row["command"]) for row in held)
    assert not {row["command"] for row in tuning} & {row["command"] for row in held}
    distinct = {row["command"] for row in tuning} | {row["command"] for row in held}
    share = sum(heldout(command) for command in distinct) / len(distinct)
    assert 0.25 <= share <= 0.35, share


def test_wildcard_entries_contribute_only_their_literal_part():
    build = _build_module()
    found = build.claude_commands(
        ["Bash(npm run test:*)", "Bash(git status)", "Bash(ls *)", "Bash(python -c ' *)", "Bash(*)", "Read(**)"]
    )
    assert found == [("npm run test", "prefix"), ("git status", "exact"), ("ls", "prefix")]


def test_codex_rules_contribute_allowed_patterns_and_match_examples_only():
    build = _build_module()
    text = (
        'prefix_rule(pattern=["git", ["status", "diff"]], decision="allow", match=["git diff --staged"])\n'
        'prefix_rule(pattern=["sudo"])\n'
        'prefix_rule(pattern=["rm"], decision="forbidden", match=["rm -rf x"])\n'
    )
    assert build.codex_commands(text) == [
        ("git status", "prefix"),
        ("git diff", "prefix"),
        ("git diff --staged", "match-example"),
    ]


def test_gemini_shell_entries_contribute_their_argument_or_its_literal_part():
    build = _build_module()
    found = build.gemini_commands(
        [
            "run_shell_command(gh)",
            "ShellTool(git status)",
            "run_shell_command(ls *)",
            "run_shell_command(*)",
            "read_file(*)",
        ]
    )
    assert found == [("gh", "prefix"), ("git status", "prefix"), ("ls", "prefix")]


def test_program_of_skips_assignments_and_wrappers():
    build = _build_module()
    assert build.program_of("FOO=1 timeout 5 /usr/bin/python3 -V") == "python3"
    assert build.program_of("env -i node x.js") == "node"
