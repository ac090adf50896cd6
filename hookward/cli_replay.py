"""CLI command: `hookward replay PATH...`, judging recorded agent sessions without running anything.

Formats read (one JSON object per line):

- Claude Code, `~/.claude/projects/<project>/<session>.jsonl`: lines of `"type":
  "assistant"` whose `message.content` holds `tool_use` blocks (`name`, `input`),
  with the session's `cwd` on each line. The tool names and inputs are the ones
  the PreToolUse hook receives, so they go through the Claude Code adapter.
- Codex CLI, `~/.codex/sessions/**/rollout-*.jsonl`: `response_item` lines whose
  payload is a `function_call` (`shell` with an argv list, `exec_command` with
  `cmd`) and `session_meta` / `turn_context` lines carrying `cwd`. Read from
  sessions seen here, not from a published schema.

Every call is judged by the engine (the rules, floors and specs a hook would
use) and nothing is run. Nothing is written into the ledger: only the report
goes out, and every call text in it is redacted.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from collections.abc import Iterator

import typer

MAX_LINE_BYTES = 4 << 20
MAX_FILE_BYTES = 512 << 20


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)


def transcript_files(paths: list[str]) -> list[str]:
    found: list[str] = []
    for path in paths:
        path = os.path.expanduser(path)
        if os.path.isdir(path):
            for root, _dirs, names in os.walk(path):
                found.extend(os.path.join(root, n) for n in sorted(names) if n.endswith(".jsonl"))
        elif os.path.isfile(path):
            found.append(path)
        else:
            sys.stderr.write(f"hookward: replay: {path} is not a file or directory; skipped\n")
    return sorted(found)


def _lines(path: str) -> Iterator[dict]:
    from hookward.policy.safeio import read_regular

    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except OSError as error:
        sys.stderr.write(f"hookward: replay: cannot read {path}: {error}\n")
        return
    for line in raw.splitlines():
        if len(line) > MAX_LINE_BYTES or not line.strip():
            continue
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            yield value


def recorded_calls(path: str) -> Iterator[tuple[str, str, dict, str]]:
    """(host, tool name, tool input, cwd) of every tool call a transcript recorded."""
    cwd = ""
    for line in _lines(path):
        kind = line.get("type")
        if isinstance(line.get("cwd"), str):
            cwd = line["cwd"]
        payload = line.get("payload") if isinstance(line.get("payload"), dict) else {}
        if kind in ("session_meta", "turn_context") and isinstance(payload.get("cwd"), str):
            cwd = payload["cwd"]
        if kind == "assistant":
            message = line.get("message") if isinstance(line.get("message"), dict) else {}
            content = message.get("content")
            for block in content if isinstance(content, list) else []:
                if isinstance(block, dict) and block.get("type") == "tool_use" and isinstance(block.get("name"), str):
                    tool_input = block.get("input") if isinstance(block.get("input"), dict) else {}
                    yield "claude-code", block["name"], tool_input, cwd
        elif kind == "response_item" and payload.get("type") == "function_call":
            try:
                arguments = json.loads(payload.get("arguments") or "{}")
            except (TypeError, ValueError):
                arguments = {}
            if not isinstance(arguments, dict):
                continue
            command = arguments.get("command", arguments.get("cmd"))
            if isinstance(command, list) and all(isinstance(w, str) for w in command):
                import shlex

                shell_c = len(command) == 3 and os.path.basename(command[0]) in ("bash", "sh", "zsh")
                command = command[2] if shell_c and command[1] in ("-lc", "-c") else shlex.join(command)
            workdir = arguments.get("workdir") if isinstance(arguments.get("workdir"), str) else cwd
            if isinstance(command, str):
                yield "codex", "Bash", {"command": command}, workdir
            elif isinstance(payload.get("name"), str):
                yield "codex", payload["name"], arguments, workdir


def judge(host: str, tool: str, tool_input: dict, cwd: str):  # type: ignore[no-untyped-def]
    """The engine's decision for one recorded call, as the hook would reach it (nothing runs, nothing is recorded)."""
    from hookward.adapters.hook import adapter_for
    from hookward.policy.engine import evaluate

    payload = {
        "session_id": "",
        "cwd": cwd or os.getcwd(),
        "hook_event_name": "PreToolUse",
        "permission_mode": "default",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_use_id": "",
    }
    call = adapter_for(host).parse("PreToolUse", payload)
    return call, evaluate(call)


def replay_report(paths: list[str], top: int = 10) -> dict:
    from hookward.verdicts.decision import Verdict
    from hookward.verdicts.ledger import call_text
    from hookward.verdicts.redact import flatten, redact

    verdicts: Counter[str] = Counter()
    asking_rules: Counter[str] = Counter()
    asking_programs: Counter[str] = Counter()
    denied: list[dict] = []
    errors = 0
    files = transcript_files(paths)
    for path in files:
        for host, tool, tool_input, cwd in recorded_calls(path):
            try:
                call, decision = judge(host, tool, tool_input, cwd)
            except Exception as error:
                errors += 1
                verdicts["error"] += 1
                sys.stderr.write(f"hookward: replay: a {tool} call could not be judged ({type(error).__name__})\n")
                continue
            verdicts[decision.verdict.label] += 1
            if decision.verdict in (Verdict.ASK, Verdict.FORCE_ASK):
                for rule in decision.rule_ids:
                    asking_rules[rule] += 1
                for part in decision.parts:
                    if part.verdict == decision.verdict:
                        words = str(part.what).split()
                        if call.kind == "shell" and words:
                            asking_programs[os.path.basename(words[0])] += 1
                        else:
                            asking_programs[f"({call.kind})"] += 1
            elif decision.verdict == Verdict.DENY:
                denied.append(
                    {
                        "host": host,
                        "tool": tool,
                        "call": flatten(redact(call_text(call)), 300),
                        "rules": list(decision.rule_ids),
                        "reason": flatten(redact(decision.summary), 300),
                    }
                )
    return {
        "files": len(files),
        "calls": sum(verdicts.values()),
        "verdicts": {name: verdicts.get(name, 0) for name in ("allow", "ask", "force_ask", "deny", "error")},
        "asking_rules": asking_rules.most_common(top),
        "asking_programs": asking_programs.most_common(top),
        "denied": denied,
        "errors": errors,
    }


def replay(
    paths: list[str] = typer.Argument(..., metavar="PATH...", help="transcripts (.jsonl) or directories of them"),
    top: int = typer.Option(10, "--top", min=1, help="how many rules and programs to list"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
) -> None:
    """Judge every tool call recorded in agent transcripts, without running anything; print what hookward would do."""
    result = replay_report(paths, top)
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
        return
    out = sys.stdout.write
    counts = ", ".join(f"{name} {n}" for name, n in result["verdicts"].items() if n or name != "error")
    out(f"{result['calls']} tool calls in {result['files']} transcript(s): {counts}\n")
    if result["asking_rules"]:
        out("\nrules that would ask most:\n")
        for name, n in result["asking_rules"]:
            out(f"  {n:>6}  {name}\n")
    if result["asking_programs"]:
        out("\nprograms that would ask most:\n")
        for name, n in result["asking_programs"]:
            out(f"  {n:>6}  {name}\n")
    if result["denied"]:
        out(f"\nwould be denied ({len(result['denied'])}):\n")
        for item in result["denied"]:
            out(f"  [{', '.join(item['rules'])}] {item['call']}\n")
