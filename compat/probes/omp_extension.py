"""OMP's own handling of an extension that throws, hangs or fails to load: what hookward's shim stands on.

The harness probes hookward's shim: every way hookward itself can fail (crash,
timeout, garbage) is caught inside the shim, which then returns
`{block: true}`. What OMP does when the *extension* misbehaves is a different
fact, and it decides what happens when the shim itself breaks:

- extension-throws: the tool_call handler throws;
- extension-hangs: the handler never settles (OMP's own extensionHandlers.toolCallTimeoutMs,
  default 30 s, is left as it ships);
- extension-fails-to-load: the extension file does not parse;
- extension-factory-throws: the file loads but its default export throws.

Each runs OMP headless exactly as the harness does (its own network namespace
with only loopback, throwaway HOME, emptied environment, timeouts, the fake
model asking for one shell call), with the stand-in extension at
~/.omp/agent/extensions/probe.ts instead of hookward's shim. The stand-in
writes the event it got to the run folder before it misbehaves, so the record
shows whether it was called. Records go beside the harness's:
compat/probes/records/omp/<version>/<scenario>.json, kind "extension".

    python -m hookward.compat.probes.omp_extension [scenario ...]
    python -m hookward.compat.probes.omp_extension --all   # every OMP record and the registry, one command
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Callable
from pathlib import Path

from hookward.compat.probes import drivers, harness

# Writes the event it was called with where the harness looks for hook calls (run/hook-calls/).
_NOTE = """import { mkdirSync, writeFileSync } from "node:fs";
const CALLS = %s;
function note(event) {
  mkdirSync(CALLS, { recursive: true });
  const payload = { hook_event_name: "tool_call", tool_name: event?.toolName, tool_input: event?.input };
  writeFileSync(CALLS + "/1.json", JSON.stringify(payload));
}
"""

SOURCES: dict[str, str] = {
    "extension-throws": _NOTE
    + """export default function probe(pi) {
  pi.on("tool_call", async (event) => {
    note(event);
    throw new Error("probe extension threw on purpose");
  });
}
""",
    "extension-hangs": _NOTE
    + """export default function probe(pi) {
  pi.on("tool_call", (event) => {
    note(event);
    return new Promise(() => {});
  });
}
""",
    "extension-fails-to-load": _NOTE
    + """export default function probe(pi) {
  pi.on("tool_call", (event) => { note(event); return { block: true, reason: "probe" }; }
""",  # the closing ")" and "}" are missing: a syntax error
    "extension-factory-throws": _NOTE
    + """export default function probe(pi) {
  pi.on("tool_call", (event) => { note(event); return { block: true, reason: "probe" }; });
  throw new Error("probe extension factory threw on purpose");
}
""",
}

# What compat/hosts/omp.json `fail_closed_switch` says; a record that shows it carries it under that name.
FAIL_CLOSED = "tool_call fails closed by default: a loaded extension that throws or times out blocks the tool"
SHOWS_FAIL_CLOSED = ("extension-throws", "extension-hangs")

WHAT = {
    "extension-throws": "the stand-in extension's tool_call handler throws an Error",
    "extension-hangs": "the stand-in extension's tool_call handler returns a promise that never settles "
    "(OMP's extensionHandlers.toolCallTimeoutMs left at its default)",
    "extension-fails-to-load": "the stand-in extension file has a syntax error (it would block every call)",
    "extension-factory-throws": "the stand-in extension's default export registers a blocking handler, then throws",
}


def _config_writer(scenario: str) -> Callable[[Path, Path, str], Path]:
    def write(home: Path, work: Path, hook_command: str) -> Path:
        run_dir = home.parent
        extension = drivers.hook_file(home, "omp").parent / "probe.ts"  # next to the shim `hookward install` writes
        extension.parent.mkdir(parents=True, exist_ok=True)
        extension.write_text(SOURCES[scenario] % json.dumps(str(run_dir / "hook-calls")), encoding="utf-8")
        drivers.omp_models(home)
        return extension

    return write


def classify(scenario: str, observed: dict) -> tuple[str, str]:
    """(effect, why): blocks or runs, as the registry's failure effects; unknown when the run tested nothing."""
    if observed.get("error"):
        return "unknown", observed["error"]
    if not observed["model_asked_for_tool"]:
        return "unknown", "the host never offered the tool, so the model never asked for it"
    loads = scenario in ("extension-throws", "extension-hangs")
    if loads and not observed["hook_fired"]:
        return "unknown", "the stand-in extension was never called"
    if observed["tool_ran"]:
        return "runs", "the tool ran" + ("" if loads else " with no extension gating it")
    if observed["model_told"] is None:
        return "ends_session", "the tool did not run and the model was never told why"
    return "blocks", "the tool did not run and the model was told"


def probe_one(scenario: str, binary: Path, runs: Path) -> dict:
    driver = dataclasses.replace(drivers.OMP, write_config=_config_writer(scenario))
    # A shell call under a deny answer lays the run out; the answer is never read (no shim is installed).
    laid_out = harness.Scenario(scenario, "verdict", "deny", "shell", driver.failure_posture)
    run_dir = runs / driver.host / driver.version / scenario
    spec = harness.prepare(driver, laid_out, binary, run_dir)
    harness.run_in_namespace(run_dir / "spec.json")
    record = harness.make_record(driver, laid_out, spec, harness.observe(spec, run_dir, "shell"), harness._today())
    effect, why = classify(scenario, record["observed"])
    record.update(
        kind="extension",
        hook=scenario,
        answer=WHAT[scenario],
        answer_source="compat/probes/omp_extension.py (a stand-in extension, not hookward's shim)",
        command=f"python -m hookward.compat.probes.omp_extension {scenario}",
    )
    record["observed"].update(effect=effect, why=why)
    if scenario in SHOWS_FAIL_CLOSED and effect == "blocks":
        record["observed"]["fail_closed_switch"] = FAIL_CLOSED
    harness.write_record(record)
    return record


def main(argv: list[str]) -> int:
    """`--all`: the harness's whole OMP matrix, these scenarios, then the registry: every OMP record in one command."""
    if argv == ["--all"]:
        harness.probe_host(drivers.OMP.host)
        main([])
        print("\n".join(harness.update_registry(drivers.OMP.host)) or "compat/hosts/omp.json: no probed fact changed")
        return 0
    names = argv or list(SOURCES)
    unknown = [name for name in names if name not in SOURCES]
    if unknown:
        sys.stderr.write(f"no such scenario: {', '.join(unknown)}; scenarios: {', '.join(SOURCES)}\n")
        return 2
    harness.toolchain.ensure_for_probes()
    binary = harness.install(drivers.OMP)
    runs = harness.new_runs_dir()
    print(f"omp: run folders under {runs}")
    for name in names:
        obs = probe_one(name, binary, runs)["observed"]
        print(f"omp {name}: {obs['effect']} (ran={obs['tool_ran']} called={obs['hook_fired']} {obs['duration_s']}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
