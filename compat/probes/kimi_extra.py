"""Kimi Code: does a subagent's tool call reach the PreToolUse hook?

Kimi's model can start a subagent with its `Agent` tool; the subagent then
makes tool calls of its own. If those skipped the hook, one Agent call would
take every later call out of hookward's sight. This probe runs the real host
as the main harness does (compat/probes/harness.py: same install, throwaway
HOME, `unshare --net` with only loopback, timeouts), with two differences:

- the hook is registered with `matcher = "^Bash$"` and answers deny, so the
  main agent's Agent call is not judged and the subagent's Bash call is;
- the fake model answers in sequence: the main agent's first request gets an
  Agent call, the subagent's first request gets the Bash call that touches
  the marker; every tool result ends that agent's turn.

Run it with `python -m hookward.compat.probes.kimi_subagent` (writes
compat/probes/records/kimi/<version>/subagent-deny-shell-print.json). Its
record has kind "subagent": the registry's verdict facts are about the main
agent and never read it.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

from hookward.compat.probes import fakemodel, harness, toolchain
from hookward.compat.probes.drivers import KIMI, PROMPT

SCENARIO = "subagent-deny-shell-print"
MATCHER = "^Bash$"


class Sequence:
    """A fake-model script that asks for each call in turn, one per request that carries no tool result."""

    def __init__(self, calls: list[tuple[str, dict]]) -> None:
        self.pending = list(calls)
        self.lock = threading.Lock()
        self.tool_name: str | None = None
        self.tool_input: dict | None = None

    def take_call(self, offered: list[str]) -> bool:
        with self.lock:
            if not self.pending:
                return False
            self.tool_name, self.tool_input = self.pending.pop(0)
            return True


def add_matcher(config: Path, matcher: str = MATCHER) -> None:
    """Put `matcher` on the probe's one [[hooks]] table (a key 2.1.0's HookDefSchema accepts)."""
    text = config.read_text(encoding="utf-8")
    if text.count("[[hooks]]") != 1:
        raise RuntimeError(f"expected one [[hooks]] table in {config}")
    config.write_text(text.replace("[[hooks]]\n", f"[[hooks]]\nmatcher = {json.dumps(matcher)}\n"), encoding="utf-8")


def agent_call() -> tuple[str, dict]:
    return "Agent", {"description": "probe subagent", "prompt": PROMPT}


def classify(observed: dict, log: list[dict]) -> tuple[str, str]:
    """(effect, why) for the subagent's Bash call."""
    calls = [r for r in log if r.get("reply") == "tool_call"]
    if len(calls) < 2:
        return "unknown", "the subagent never asked for its Bash call (did the Agent call start one?)"
    if observed["tool_ran"] and not observed["hook_fired"]:
        return "runs", "the subagent's Bash call ran and the hook never fired for it"
    if observed["tool_ran"]:
        return "runs", "the subagent's Bash call ran although the hook answered deny"
    if observed["hook_fired"]:
        return "enforced", "the hook fired for the subagent's Bash call and its deny kept it from running"
    return "unknown", "the Bash call did not run and the hook never fired"


def probe(records: Path = harness.RECORDS, progress=print) -> dict:
    installed = toolchain.ensure_for_probes()
    if installed:
        progress(f"installed with apt-get: {', '.join(installed)}")
    binary = harness.install(KIMI)
    scenario = harness.Scenario(SCENARIO, "verdict", "deny", "shell", KIMI.failure_posture)
    run_dir = harness.new_runs_dir() / KIMI.host / KIMI.version / SCENARIO
    spec = harness.prepare(KIMI, scenario, binary, run_dir)
    add_matcher(run_dir / "home" / ".kimi-code" / "config.toml")
    spec["sequence"] = [list(agent_call()), [spec["tool_name"], spec["tool_input"]]]
    spec["installed_by"] += f', with matcher = "{MATCHER}" (the main agent\'s Agent call is not judged)'
    spec_path = run_dir / "spec.json"
    spec_path.write_text(json.dumps(spec, indent=2))
    command = harness.namespace_command(spec_path)
    command[command.index("hookward.compat.probes.harness")] = "hookward.compat.probes.kimi_subagent"
    import subprocess

    subprocess.run(
        command,
        env=harness.namespace_env(),
        cwd=harness.REPO,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=harness.NAMESPACE_BUDGET_S + 15,
    )
    observed = harness.observe(spec, run_dir, "shell")
    record = harness.make_record(KIMI, scenario, spec, observed, harness._today())
    log = fakemodel.read_log(run_dir / "model.jsonl")
    effect, why = classify(observed, log)
    record["kind"] = "subagent"
    record["observed"].update(
        effect=effect,
        why=why,
        model_replies=[r.get("reply") for r in log if r.get("protocol")],
        tool_results=[r["tool_result"][:400] for r in log if r.get("tool_result") is not None],
    )
    record["tool_call"] = {"name": "Agent, then the subagent's Bash", "input": spec["sequence"]}
    record["command"] = "python -m hookward.compat.probes.kimi_subagent"
    path = harness.write_record(record, records)
    progress(f"kimi {SCENARIO}: {effect} ({why}); record {path}")
    return record


def inside(spec_path: Path) -> int:
    """The namespace process: the harness's own, with the fake model answering in sequence."""
    spec = json.loads(spec_path.read_text())
    calls = [(name, arguments) for name, arguments in spec["sequence"]]
    fakemodel.Script = lambda *args, **kwargs: Sequence(calls)  # type: ignore[assignment,misc]
    return harness.inside(spec_path)


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "inside":
        return inside(Path(argv[2]))
    if len(argv) == 1:
        record = probe()
        return 0 if record["observed"]["effect"] != "unknown" else 1
    sys.stderr.write("usage: python -m hookward.compat.probes.kimi_subagent\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
