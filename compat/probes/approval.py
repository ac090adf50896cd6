"""Probes of the approval events: Codex `PermissionRequest`, Copilot CLI `permissionRequest`.

    python -m hookward.compat.probes.approval codex [SCENARIO-PREFIX ...]
    python -m hookward.compat.probes.approval copilot-cli [SCENARIO-PREFIX ...]

An approval event fires only where the host is about to route a call to its
own approval, so each host is driven into one, headless and offline, by the
same harness as the pre-tool probes (network namespace with only loopback,
fake model, throwaway HOME, hook timeout):

- Codex (`codex exec`): exec never asks a person, so the approval goes to
  Codex's automatic reviewer (`--approve-for-me`); the scripted shell call asks
  for unsandboxed execution (`sandbox_permissions: require_escalated`), which
  needs an approval. The reviewer is the fake model, whose reply is no valid
  assessment: without a hook decision the call is declined.
- Copilot CLI (`copilot -p`, no --allow-all-tools): a shell call needs a
  permission, and nobody is there to give it.

The hook is registered on the approval event only, so what the record shows is
what that event's answer did. Records go to
compat/probes/records/<host>/<version>/<event>/, apart from the pre-tool
records: their failures are the approval event's, not the host-wide
`failures` that `update_registry` derives from the pre-tool folder.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import sys
import tempfile
from pathlib import Path

from hookward.compat.probes import drivers, harness
from hookward.compat.probes.drivers import HostDriver, Posture, Tool

HEADLESS_NOTE = "Probed headless: nobody can answer a prompt there."


def _codex_config(event: str):  # type: ignore[no-untyped-def]
    def write(home: Path, work: Path, hook_command: str) -> Path:
        path = drivers._codex_config(home, work, hook_command)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["hooks"] = {event: data["hooks"][drivers.pre_event("codex")]}
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        return path

    return write


def _copilot_config(event: str):  # type: ignore[no-untyped-def]
    def write(home: Path, work: Path, hook_command: str) -> Path:
        return drivers._copilot_config(home, work, hook_command, event)

    return write


def _escalated(targets: drivers.Targets) -> dict:
    return {
        "cmd": targets.shell_command(),
        "sandbox_permissions": "require_escalated",
        "justification": "probe: write outside the sandbox",
    }


CODEX_APPROVAL = dataclasses.replace(
    drivers.CODEX,
    pre_event=drivers.approval_event("codex"),
    postures=(Posture("approve-for-me", ("--approve-for-me",), "default"),),
    failure_posture="approve-for-me",
    tools={"shell": Tool("exec_command", _escalated, note="asks for unsandboxed execution, which needs an approval")},
    write_config=_codex_config(drivers.approval_event("codex")),
    limitations=(
        "Probed with `codex exec --approve-for-me`: the approval goes to Codex's automatic reviewer (the fake model, "
        "which gives no valid assessment), not to a person.",
    ),
)

COPILOT_APPROVAL = dataclasses.replace(
    drivers.COPILOT_CLI,
    pre_event=drivers.approval_event("copilot-cli"),
    postures=(Posture("default", (), "*"),),
    failure_posture="default",
    tools={"shell": drivers.COPILOT_CLI.tools["shell"]},
    write_config=_copilot_config(drivers.approval_event("copilot-cli")),
    limitations=("Probed headless (`copilot -p` without --allow-all-tools): nobody can answer a permission there.",),
)

DRIVERS: dict[str, HostDriver] = {"codex": CODEX_APPROVAL, "copilot-cli": COPILOT_APPROVAL}


def scenarios(driver: HostDriver) -> list[harness.Scenario]:
    posture = driver.failure_posture
    out = [harness.Scenario(f"{v}-shell-{posture}", "verdict", v, "shell", posture) for v in ("allow", "deny")]
    for failure in harness.FAILURES:
        out.append(harness.Scenario(f"{failure}-shell-{posture}", "failure", failure, "shell", posture))
    return out


def folder(driver: HostDriver, records: Path = harness.RECORDS) -> Path:
    return records / driver.host / driver.version / driver.pre_event


def probe(host: str, names: list[str] | None = None, progress=print) -> list[dict]:  # type: ignore[no-untyped-def]
    driver = DRIVERS[host]
    binary = harness.install(driver)
    runs = harness.new_runs_dir()
    done = []
    for scenario in harness.select(scenarios(driver), names):
        with tempfile.TemporaryDirectory() as scratch:
            record = harness.probe_one(driver, scenario, binary, runs=runs, records=Path(scratch))
            record["command"] = f"python -m hookward.compat.probes.approval {host} {scenario.name}"
            record["limitations"] = list(driver.limitations)
            target = folder(driver) / f"{scenario.name}.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
            shutil.rmtree(scratch, ignore_errors=True)
        obs = record["observed"]
        progress(
            f"{host} {driver.pre_event} {scenario.name}: {obs['effect']} (ran={obs['tool_ran']} hook={obs['hook_fired']})"
        )
        done.append(record)
    return done


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[1] not in DRIVERS:
        sys.stderr.write(f"usage: python -m hookward.compat.probes.approval {{{'|'.join(DRIVERS)}}} [SCENARIO ...]\n")
        return 2
    probe(argv[1], argv[2:] or None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
