"""Build the routine-work corpus from the raw public files in raw/, by fixed rules.

    python tests/corpora/build.py             # writes routine.jsonl and routine-heldout.jsonl
    python tests/corpora/build.py --check     # exit 1 if the committed files differ from a fresh build
    python tests/corpora/build.py --programs  # top programs of the tuning set (never of the held-out set)

The rules (README.md says the same in prose):

1. Every raw/*.json file is one public file, fetched verbatim from a public GitHub repository
   and reduced to the entries the rules read (see README.md). Files are read in name order,
   entries in file order; every entry is one occurrence (duplicates are kept).
2. Claude Code `permissions.allow`: only `Bash(...)` entries contribute. An entry without a `*`
   contributes its text exactly. An entry with a `*` contributes only its literal part: the text
   before the first `*`, with trailing blanks and one trailing `:` (the old `:*` spelling)
   removed. A literal part that is empty or leaves a quote open is dropped.
3. Codex `prefix_rule(...)` with an explicit decision "allow": every pattern, its alternatives
   expanded, contributes the joined argv (a prefix), and every `match` example contributes
   itself exactly. Rules with another or no decision contribute nothing; so does a file that
   does not parse.
4. Gemini CLI `tools.allowed` / `tools.core` / `coreTools` lists: `run_shell_command(...)` and
   `ShellTool(...)` entries contribute their argument (Gemini matches it as a prefix); an argument
   with a `*` (written as a pattern, which Gemini does not expand) contributes its literal part.
5. Nothing is filtered by what hookward answers. Commands are never executed.
6. Split: sha256 of the command (UTF-8); the first 8 hex digits as an integer, modulo 100,
   below 30 goes to routine-heldout.jsonl, the rest to routine.jsonl. The same command always
   lands on the same side.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import itertools
import json
import re
import shlex
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
RAW = HERE / "raw"
TUNING = HERE / "routine.jsonl"
HELDOUT = HERE / "routine-heldout.jsonl"
HELDOUT_PERCENT = 30

_BASH_ENTRY = re.compile(r"\ABash\((.*)\)\Z", re.DOTALL)
_GEMINI_ENTRY = re.compile(r"\A(?:run_shell_command|ShellTool)\((.*)\)\Z", re.DOTALL)


def is_heldout(command: str) -> bool:
    """The split rule: a hash of the command, so a command never straddles the two files."""
    digest = hashlib.sha256(command.encode("utf-8")).hexdigest()
    return int(digest[:8], 16) % 100 < HELDOUT_PERCENT


def _quotes_closed(text: str) -> bool:
    try:
        shlex.split(text)
    except ValueError:
        return False
    return True


def literal_part(pattern: str) -> str | None:
    """The literal part of a wildcard permission pattern, or None when nothing usable is left."""
    literal = pattern[: pattern.index("*")].rstrip()
    if literal.endswith(":"):
        literal = literal[:-1].rstrip()
    if not literal or not _quotes_closed(literal):
        return None
    return literal


def unescape_rule_content(content: str) -> str:
    """The command a Claude Code rule's content stands for: Claude Code saves `(`, `)` and `\\` escaped.

    Read in Claude Code 2.1.332's binary: a rule's content is unescaped `\\(` -> `(`, `\\)` -> `)`, then
    `\\\\` -> `\\`, in that order, before it is matched against a command.
    """
    return content.replace("\\(", "(").replace("\\)", ")").replace("\\\\", "\\")


def claude_commands(entries: list[str]) -> list[tuple[str, str]]:
    found = []
    for entry in entries:
        match = _BASH_ENTRY.match(entry)
        if match is None:
            continue
        inner = unescape_rule_content(match.group(1))
        if "*" in inner:
            literal = literal_part(inner)
            if literal is not None:
                found.append((literal, "prefix"))
        elif inner.strip():
            found.append((inner, "exact"))
    return found


def gemini_commands(entries: list[str]) -> list[tuple[str, str]]:
    """Gemini CLI matches a shell entry's argument as a plain prefix: `*` means nothing to it.

    An argument with a `*` was written as a pattern (`run_shell_command(ls *)`), so it contributes its
    literal part as a Claude Code wildcard entry does; an argument without one contributes itself.
    """
    found = []
    for entry in entries:
        match = _GEMINI_ENTRY.match(entry.strip())
        if match is None or not match.group(1).strip():
            continue
        argument = match.group(1).strip()
        if "*" in argument:
            literal = literal_part(argument)
            if literal is not None:
                found.append((literal, "prefix"))
        else:
            found.append((argument, "prefix"))
    return found


def _argv_text(argv: list[str]) -> str:
    return shlex.join(argv)


def codex_commands(text: str) -> list[tuple[str, str]]:
    """prefix_rule(...) calls are Python call syntax; read them with ast, never exec them."""
    found: list[tuple[str, str]] = []
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return found
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "prefix_rule"
    ]
    calls.sort(key=lambda node: (node.lineno, node.col_offset))
    for call in calls:
        fields = {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords if kw.arg}
        if fields.get("decision") != "allow":
            continue
        pattern = fields.get("pattern", [])
        choices = [token if isinstance(token, list) else [token] for token in pattern]
        for argv in itertools.product(*choices):
            if argv:
                found.append((_argv_text(list(argv)), "prefix"))
        for example in fields.get("match", []):
            command = example if isinstance(example, str) else _argv_text(list(example))
            if command.strip():
                found.append((command, "match-example"))
    return found


def commands_of(raw: dict) -> list[tuple[str, str]]:
    kind = raw["format"]
    if kind == "claude-settings":
        return claude_commands(raw["permissions.allow"])
    if kind == "codex-rules":
        return codex_commands(raw["text"])
    if kind == "gemini-settings":
        return gemini_commands(raw["tools"])
    raise ValueError(f"unknown raw format {kind!r}")


def build(raw_dir: Path = RAW) -> tuple[str, str]:
    """Both corpus files as text, from the raw files alone."""
    tuning: list[str] = []
    heldout: list[str] = []
    for path in sorted(raw_dir.glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        source = f"{raw['repo']}:{raw['path']}"
        for command, kind in commands_of(raw):
            line = json.dumps(
                {
                    "command": command,
                    "label": "allow",
                    "expected": "allow",
                    "source": source,
                    "commit": raw["commit"],
                    "kind": kind,
                    "format": raw["format"],
                },
                ensure_ascii=False,
            )
            (heldout if is_heldout(command) else tuning).append(line)
    return "".join(f"{line}\n" for line in tuning), "".join(f"{line}\n" for line in heldout)


_WRAPPERS = {"env", "timeout", "nice", "nohup", "time", "command", "exec", "sudo", "stdbuf", "caffeinate"}
_ASSIGNMENT = re.compile(r"\A[A-Za-z_][A-Za-z0-9_]*=")


def program_of(command: str) -> str:
    """First word after leading assignments and wrappers (env, timeout N, nice, ...), basename."""
    try:
        words = shlex.split(command, posix=True)
    except ValueError:
        words = command.split()
    index = 0
    while index < len(words):
        word = words[index]
        if _ASSIGNMENT.match(word) or (word.startswith("-") and index > 0):
            index += 1
            continue
        name = word.replace("\\", "/").rsplit("/", 1)[-1]
        if name in _WRAPPERS:
            index += 1
            if name == "timeout" and index < len(words) and re.fullmatch(r"[0-9.]+[smhd]?", words[index]):
                index += 1
            continue
        return name.removesuffix(".exe") or word
    return command.split()[0] if command.split() else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    parser.add_argument("--programs", type=int, nargs="?", const=40, help="print the top N programs of the tuning set")
    args = parser.parse_args()
    tuning, heldout = build()
    if args.programs:
        lines = [json.loads(line) for line in tuning.splitlines()]
        counts = Counter(program_of(line["command"]) for line in lines)
        print(f"# top {args.programs} programs by occurrence, tuning set ({len(lines)} occurrences)")
        for program, count in counts.most_common(args.programs):
            print(f"{count:5d}  {program}")
        return 0
    if args.check:
        same = TUNING.read_text(encoding="utf-8") == tuning and HELDOUT.read_text(encoding="utf-8") == heldout
        print("up to date" if same else "out of date: run tests/corpora/build.py")
        return 0 if same else 1
    TUNING.write_text(tuning, encoding="utf-8")
    HELDOUT.write_text(heldout, encoding="utf-8")
    print(f"{TUNING.name}: {tuning.count(chr(10))} lines, {HELDOUT.name}: {heldout.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
