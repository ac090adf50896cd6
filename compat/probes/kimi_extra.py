"""Kimi Code scenarios beyond the common matrix, and the one command that reproduces every Kimi record.

`python -m hookward.compat.probes.kimi_extra --all` runs the common matrix
(`hookward compat probe kimi`), the scenarios below, and makes
compat/hosts/kimi.json follow the records. Without `--all` it runs only the
scenarios below. Each runs the real host as the main harness does
(compat/probes/harness.py: same install, throwaway HOME, `unshare --net` with
only loopback, timeouts).

- `subagent-deny-shell-print`: does a subagent's tool call reach the hook?
  Kimi's model can start a subagent with its `Agent` tool; if the subagent's
  own calls skipped the hook, one Agent call would take every later call out
  of hookward's sight. The hook is registered with `matcher = "^Bash$"` and
  answers deny, so the main agent's Agent call is not judged and the
  subagent's Bash call is; the fake model answers in sequence (Agent for the
  main agent's first request, the marker-touching Bash for the subagent's).
- `installed-crash-shell-print`, `installed-timeout-shell-print`: a failing
  hook behind the `|| exit 2` that `hookward install kimi` appends to the
  pre-tool command (adapters/install.py FAIL_CLOSED_SUFFIX): what a hookward
  crash or hang does as installed, not on the bare host.

Their records have kinds "subagent" and "installed": the registry's verdict
and failure facts are about the bare host's main agent and never read them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from hookward.adapters.install import FAIL_CLOSED_SUFFIX
from hookward.compat.probes import drivers, fakemodel, harness, toolchain
from hookward.compat.probes.drivers import KIMI, PROMPT

MATCHER = "^Bash$"
SUBAGENT = "subagent-deny-shell-print"


@dataclass(frozen=True)
class Extra:
    name: str
    kind: str  # the record's kind: subagent | installed
    hook: str  # a verdict or a harness.FAILURES key
    harness_kind: str  # how harness.prepare lays the hook out: verdict | failure


EXTRAS = (
    Extra(SUBAGENT, "subagent", "deny", "verdict"),
    Extra("installed-crash-shell-print", "installed", "crash", "failure"),
    Extra("installed-timeout-shell-print", "installed", "timeout", "failure"),
)


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


def _one_hook_table(config: Path) -> str:
    text = config.read_text(encoding="utf-8")
    if text.count("[[hooks]]") != 1:
        raise RuntimeError(f"expected one [[hooks]] table in {config}")
    return text


def add_matcher(config: Path, matcher: str = MATCHER) -> None:
    """Put `matcher` on the probe's one [[hooks]] table (a key 2.1.0's HookDefSchema accepts)."""
    text = _one_hook_table(config)
    config.write_text(text.replace("[[hooks]]\n", f"[[hooks]]\nmatcher = {json.dumps(matcher)}\n"), encoding="utf-8")


def add_install_suffix(config: Path, hook_command: str) -> str:
    """Append `hookward install`'s ` || exit 2` to the probe hook's command; return the new command."""
    text = _one_hook_table(config)
    old = f"command = {json.dumps(hook_command)}\n"
    if old not in text:
        raise RuntimeError(f"the probe hook's command is not in {config}")
    command = hook_command + FAIL_CLOSED_SUFFIX
    config.write_text(text.replace(old, f"command = {json.dumps(command)}\n"), encoding="utf-8")
    return command


def agent_call() -> tuple[str, dict]:
    return "Agent", {"description": "probe subagent", "prompt": PROMPT}


def classify_subagent(observed: dict, log: list[dict]) -> tuple[str, str]:
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


def probe_extra(extra: Extra, binary: Path, records: Path = harness.RECORDS, runs: Path | None = None) -> dict:
    scenario = harness.Scenario(extra.name, extra.harness_kind, extra.hook, "shell", KIMI.failure_posture)
    run_dir = (runs or harness.new_runs_dir()) / KIMI.host / KIMI.version / extra.name
    spec = harness.prepare(KIMI, scenario, binary, run_dir)
    config = drivers.hook_file(run_dir / "home", KIMI.host)
    if extra.kind == "subagent":
        add_matcher(config)
        spec["sequence"] = [list(agent_call()), [spec["tool_name"], spec["tool_input"]]]
        spec["installed_by"] += f', with matcher = "{MATCHER}" (the main agent\'s Agent call is not judged)'
    else:
        hook_command = hook_command_in(config)
        add_install_suffix(config, hook_command)
        spec["installed_by"] += f", with `hookward install kimi`'s `{FAIL_CLOSED_SUFFIX.strip()}` after the command"
    spec_path = run_dir / "spec.json"
    spec_path.write_text(json.dumps(spec, indent=2))
    command = harness.namespace_command(spec_path)
    command[command.index("hookward.compat.probes.harness")] = "hookward.compat.probes.kimi_extra"
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
    record["kind"] = extra.kind
    if extra.kind == "subagent":
        log = fakemodel.read_log(run_dir / "model.jsonl")
        effect, why = classify_subagent(observed, log)
        record["observed"].update(
            effect=effect,
            why=why,
            model_replies=[r.get("reply") for r in log if r.get("protocol")],
            tool_results=[r["tool_result"][:400] for r in log if r.get("tool_result") is not None],
        )
        record["tool_call"] = {"name": "Agent, then the subagent's Bash", "input": spec["sequence"]}
    else:
        record["switch"] = {"command_suffix": FAIL_CLOSED_SUFFIX}
    record["command"] = f"python -m hookward.compat.probes.kimi_extra --scenario {extra.name}"
    harness.write_record(record, records)
    return record


def hook_command_in(config: Path) -> str:
    import tomllib

    (table,) = tomllib.loads(config.read_text(encoding="utf-8"))["hooks"]
    return table["command"]


def probe(names: list[str] | None = None, records: Path = harness.RECORDS, progress=print) -> list[dict]:
    installed = toolchain.ensure_for_probes()
    if installed:
        progress(f"installed with apt-get: {', '.join(installed)}")
    binary = harness.install(KIMI)
    runs = harness.new_runs_dir()
    progress(f"kimi: run folders under {runs}")
    done = []
    for extra in EXTRAS:
        if names and extra.name not in names:
            continue
        record = probe_extra(extra, binary, records, runs)
        obs = record["observed"]
        progress(f"kimi {extra.name}: {obs['effect']} ({obs['why']}; hook={obs['hook_fired']} {obs['duration_s']}s)")
        done.append(record)
    return done


def inside(spec_path: Path) -> int:
    """The namespace process: the harness's own, with the fake model answering in sequence where asked."""
    spec = json.loads(spec_path.read_text())
    if "sequence" in spec:
        calls = [(name, arguments) for name, arguments in spec["sequence"]]
        fakemodel.Script = lambda *args, **kwargs: Sequence(calls)  # type: ignore[assignment,misc]
    return harness.inside(spec_path)


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "inside":
        return inside(Path(argv[2]))
    args = argv[1:]
    if args == ["--all"]:
        records = harness.probe_host("kimi", jobs=2)
        records += probe()
        for line in harness.update_registry("kimi"):
            print(line)
    elif len(args) == 2 and args[0] == "--scenario":
        records = probe([args[1]])
    elif not args:
        records = probe()
    else:
        sys.stderr.write("usage: python -m hookward.compat.probes.kimi_extra [--all | --scenario NAME]\n")
        return 2
    counts: dict[str, int] = {}
    for record in records:
        counts[record["observed"]["effect"]] = counts.get(record["observed"]["effect"], 0) + 1
    print(f"{len(records)} records: {counts}")
    return 0 if records else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
