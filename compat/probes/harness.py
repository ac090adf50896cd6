"""Drive real agent CLIs offline and record what they do with each hook answer.

One probe = one scenario on one host:

1. install the host CLI from the npm registry at a pinned version into
   compat/probes/cache/<host>/<version>/ (gitignored);
2. build a throwaway HOME and work folder with a marker path, a planted fake
   secret, and the host's hook config pointing at the probe's test hook
   (compat/probes/testhook.py), which answers with one fixed answer or fails
   in one fixed way;
3. run, inside a new network namespace that has only loopback
   (`unshare --net`, `ip link set lo up`), the scripted fake model on
   127.0.0.1 and the host under `env -i`-style emptied environment, with a
   timeout on every step;
4. observe: did the hook fire, did the tool run (marker file, printed token,
   the secret reaching the model), what the model was told, the exit status;
5. write compat/probes/records/<host>/<version>/<scenario>.json.

`update_registry()` then turns records into `probed` facts in
compat/hosts/<host>.json, citing the record.

Standard library only: the same module runs as the process inside the
namespace (`python -m compat.probes.harness inside <spec.json>`).
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import os
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from hookward.compat.probes import fakemodel, toolchain
from hookward.compat.probes.drivers import BASE_PATH, DRIVERS, HOOK_TIMEOUT_S, MODEL_PORT, PROMPT, HostDriver, Targets

REPO = Path(__file__).resolve().parents[2]
PROBES = REPO / "compat" / "probes"
CACHE = PROBES / "cache"
RECORDS = PROBES / "records"
HOSTS = REPO / "compat" / "hosts"


def new_runs_dir(base: Path | None = None) -> Path:
    """A scratch folder of this run's own under the scratch base: two probe runs at once never share one."""
    return toolchain.new_run_dir(base)


def hookward_command() -> list[str]:
    """hookward as this interpreter runs it: no repository-local .venv assumed."""
    return [sys.executable, "-m", "hookward"]


INSTALL_TIMEOUT_S = 900
HOST_TIMEOUT_S = 90  # the host's whole run inside the namespace
NAMESPACE_BUDGET_S = HOST_TIMEOUT_S + 30  # the namespace process, killed after this whatever happens

VERDICTS = ("allow", "ask", "force_ask", "deny")
# Failure scenario -> the test hook's behaviour. Names are the registry's `failures` keys.
FAILURES = {
    "crash": "crash",
    "timeout": "timeout",
    "empty_output": "empty",
    "malformed_output": "malformed",
    "exit_2": "exit2",
}
FAILURE_ANSWERS = {
    "crash": "exit 1, stderr 'probe hook crashed on purpose', empty stdout",
    "timeout": f"no answer: sleeps 20 s against a {HOOK_TIMEOUT_S} s hook timeout configured in the host",
    "empty_output": "exit 0, empty stdout",
    "malformed_output": "exit 0, stdout 'this is {not json'",
    "exit_2": "exit 2, stderr 'hookward probe: blocked by exit 2', empty stdout",
}
EFFECTS = ("enforced", "prompts", "refuses", "runs", "ends_session", "blocks", "unknown")
# Where several probes back one fact, the fact takes the effect hookward can rely on least.
_RELIANCE = {"runs": 0, "unknown": 1, "refuses": 2, "ends_session": 3, "blocks": 4, "prompts": 5, "enforced": 6}

# The network scenario: addresses a host's tool call tries to reach. No packet can leave: the harness
# refuses to run this unless the namespace has no interface but loopback.
OUTSIDE_ADDRESSES = (("1.1.1.1", 443), ("10.0.0.1", 80), ("192.168.0.1", 80))
NETCHECK_SCRIPT = """\
import json, socket, sys
results = {}
for host, port in %r:
    s = socket.socket()
    s.settimeout(3)
    try:
        s.connect((host, port))
        results[f"{host}:{port}"] = "connected"
    except OSError as e:
        results[f"{host}:{port}"] = f"failed: {e.__class__.__name__}: {e.strerror or e}"
    finally:
        s.close()
print("NETCHECK " + json.dumps(results, sort_keys=True))
"""


@dataclass(frozen=True)
class Scenario:
    name: str
    kind: str  # verdict | failure | network | hookward (the real hook and policy decide)
    hook: str  # a verdict (allow, ask, force_ask, deny), a failure (FAILURES key), "allow" (network), "policy"
    tool: str  # shell | read | write
    posture: str
    switched: bool = False  # failure scenarios: the host's fail-closed switch is on (driver.switch_fields)


# ---------------------------------------------------------------- scenarios
def scenario_matrix(driver: HostDriver, tools: tuple[str, ...] | None = None) -> list[Scenario]:
    """Every verdict x tool kind x posture, every failure x tool kind in the failure posture, and the network check."""
    kinds = [t for t in (tools or tuple(driver.tools)) if t in driver.tools]
    out = []
    for posture in driver.postures:
        for verdict in driver.narrow_postures.get(posture.name, VERDICTS):
            for tool in kinds:
                out.append(Scenario(f"{verdict}-{tool}-{posture.name}", "verdict", verdict, tool, posture.name))
    for failure in FAILURES:
        for tool in kinds:
            if tool == "write":  # failures are about the hook, not the tool: shell and read are enough
                continue
            out.append(
                Scenario(f"{failure}-{tool}-{driver.failure_posture}", "failure", failure, tool, driver.failure_posture)
            )
            if driver.switch_fields:
                name = f"{failure}-{tool}-{driver.failure_posture}-switched"
                out.append(Scenario(name, "failure", failure, tool, driver.failure_posture, switched=True))
    out.append(Scenario("network-isolation", "network", "allow", "shell", driver.failure_posture))
    # hookward's real hook path, with its real policy: a read of a (planted, fake) SSH key and a plain shell call.
    out.append(Scenario("hookward-read-ssh-key", "hookward", "policy", "read", driver.failure_posture))
    out.append(Scenario("hookward-shell-touch", "hookward", "policy", "shell", driver.failure_posture))
    return out


def select(scenarios: list[Scenario], names: list[str] | None) -> list[Scenario]:
    """Scenarios whose name matches one of `names` exactly or as a prefix (e.g. "deny-", "timeout")."""
    if not names:
        return scenarios
    return [s for s in scenarios if any(s.name == n or s.name.startswith(n) for n in names)]


# ---------------------------------------------------------------- answers
def answer_for(driver: HostDriver, verdict: str) -> tuple[str | None, str]:
    """(exact bytes the test hook prints for a verdict, where that spelling came from).

    hookward's own adapter spells it when the host has one; else the driver's
    fallback spelling; None when the host has no wire form for the verdict.
    """
    try:
        from hookward.adapters import ADAPTERS, adapter_for, render

        adapter = adapter_for(driver.host)
        from hookward.verdicts.decision import Verdict

        kind = {"allow": render.ALLOW, "ask": render.ASK, "force_ask": render.FORCE_ASK, "deny": render.DENY}[verdict]
        answer = render.Answer(kind, f"hookward probe: {verdict}", Verdict[verdict.upper()])
        wire = adapter.spell(answer, driver.pre_event)
        if wire.exit_code == 0 and wire.stdout:
            return wire.stdout, f"adapters.{ADAPTERS[driver.host]}.spell"
    except Exception:  # no adapter yet, or it has no wire form for this verdict: use the driver's spelling
        pass
    fallback = driver.answers.get(verdict)
    if fallback is None:
        return None, f"{driver.host} has no wire form for {verdict}"
    return json.dumps(fallback), "compat/probes/drivers.py (no hookward adapter spelling for this host yet)"


# ---------------------------------------------------------------- install
def install(driver: HostDriver, cache: Path = CACHE) -> Path:
    """The host binary at the pinned version, installed from the npm registry if not cached."""
    if driver.install is not None:  # a host npm cannot install (OMP: bun)
        return driver.install(cache)
    return toolchain.npm_install(driver.package, driver.version, driver.binary, cache, name=driver.host)


# ---------------------------------------------------------------- one run
def namespace_command(spec_path: Path, python: str = sys.executable, budget_s: int = NAMESPACE_BUDGET_S) -> list[str]:
    """The command that runs one probe in a fresh network namespace with only loopback."""
    return [
        "timeout",
        "--kill-after=5",
        str(budget_s),
        "unshare",
        "--net",
        "--",
        python,
        "-m",
        "hookward.compat.probes.harness",
        "inside",
        str(spec_path),
    ]


def namespace_env() -> dict[str, str]:
    """The whole environment of the namespace process: nothing of the caller's leaks in."""
    return {"PATH": BASE_PATH, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}


def prepare(driver: HostDriver, scenario: Scenario, binary: Path, run_dir: Path) -> dict:
    """Lay out one run's throwaway folders and config; return the spec the namespace process reads."""
    if run_dir.exists():
        shutil.rmtree(run_dir)
    home, work = run_dir / "home", run_dir / "work"
    home.mkdir(parents=True)
    work.mkdir()
    ssh_key = scenario.kind == "hookward" and scenario.tool == "read"
    if ssh_key:
        (home / ".ssh").mkdir(mode=0o700)
    targets = Targets(
        work=work,
        marker=work / "probe-marker",
        secret=home / ".ssh" / "id_rsa" if ssh_key else work / "secret.txt",
        written=work / "probe-written.txt",
        ran_token_seed=secrets.randbelow(9000) + 1000,
    )
    secret_value = "PROBE-SECRET-" + secrets.token_hex(8)
    targets.secret.write_text(secret_value + "\n")

    installed_by = ""
    hook = [sys.executable, str(PROBES / "testhook.py"), str(run_dir)]
    if scenario.kind == "failure":
        hook.append(FAILURES[scenario.hook])
        answer, answer_source = FAILURE_ANSWERS[scenario.hook], "compat/probes/testhook.py"
    elif scenario.kind == "hookward":
        hook += ["relay", *hookward_command(), "hook", driver.host, driver.pre_event]
        answer, answer_source = (
            None,
            f"hookward hook {driver.host} {driver.pre_event} (the real policy), relayed unchanged",
        )
        installed_by = try_hookward_install(driver, home, work) + "; "
    else:
        hook.append("answer")
        answer, answer_source = answer_for(driver, scenario.hook)
        if answer is None:
            raise NotApplicable(answer_source)
        (run_dir / "answer.txt").write_text(answer)
    config_path = driver.write_config(home, work, shlex.join(hook))
    installed_by += (
        f"probe harness wrote ~/{config_path.relative_to(home)} ({driver.hook_timeout_note}: {HOOK_TIMEOUT_S} s)"
    )
    if scenario.switched:
        add_switch(config_path, shlex.join(hook), driver.switch_fields)
        installed_by += f", with the fail-closed switch {json.dumps(driver.switch_fields)} on the hook's entry"

    tool = driver.tools[scenario.tool]
    arguments = tool.arguments(targets)
    if scenario.kind == "network":
        (work / "netcheck.py").write_text(NETCHECK_SCRIPT % (OUTSIDE_ADDRESSES,))
        arguments = driver.tools["shell"].arguments(targets)
        key = next(iter(arguments))
        arguments[key] = f"python3 {work / 'netcheck.py'}; {arguments[key]}"

    posture = driver.posture(scenario.posture)
    spec = {
        "argv": driver.argv(binary, posture, PROMPT),
        "env": driver.env(home, MODEL_PORT),
        "cwd": str(work),
        "timeout_s": HOST_TIMEOUT_S,
        "port": MODEL_PORT,
        "model_log": str(run_dir / "model.jsonl"),
        "tool_name": tool.name,
        "tool_input": arguments,
        "force_tool": driver.force_tool,
        "result": str(run_dir / "result.json"),
        "stdout": str(run_dir / "host.stdout"),
        "stderr": str(run_dir / "host.stderr"),
        "netcheck": scenario.kind == "network",
        # for observe(), not for the namespace process
        "answer": answer,
        "answer_source": answer_source,
        "installed_by": installed_by,
        "targets": {
            "marker": str(targets.marker),
            "written": str(targets.written),
            "secret_value": secret_value,
            "ran_token": targets.ran_token,
        },
    }
    (run_dir / "spec.json").write_text(json.dumps(spec, indent=2))
    return spec


def try_hookward_install(driver: HostDriver, home: Path, work: Path) -> str:
    """Run `hookward install <host>` against the throwaway HOME; say what happened.

    The probe then writes the hook config itself, with hookward's hook behind the
    relay that keeps its exact answer for the record.
    """
    try:
        done = subprocess.run(
            [*hookward_command(), "install", driver.host, "--allow-repository-env"],
            env={"PATH": BASE_PATH, "HOME": str(home)},
            cwd=work,
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"`hookward install {driver.host}` could not run ({type(error).__name__})"
    tail = (done.stderr or done.stdout).decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
    return f"`hookward install {driver.host}` exited {done.returncode} ({tail[0][:160]})"


def add_switch(config_path: Path, hook_command: str, fields: dict) -> None:
    """Put the switch's fields on every entry of a JSON config whose command is the probe's hook."""
    data = json.loads(config_path.read_text(encoding="utf-8"))
    found = 0

    def walk(node: object) -> None:
        nonlocal found
        if isinstance(node, dict):
            if hook_command in node.values():
                node.update(fields)
                found += 1
            for value in list(node.values()):
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(data)
    if not found:
        raise RuntimeError(f"no hook entry in {config_path} to put {fields} on")
    config_path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


class NotApplicable(Exception):
    """The scenario cannot be probed on this host (e.g. no wire form for force_ask)."""


def run_in_namespace(spec_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        namespace_command(spec_path),
        env=namespace_env(),
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=NAMESPACE_BUDGET_S + 15,
    )


# ---------------------------------------------------------------- inside the namespace
def only_loopback() -> list[str]:
    """The namespace's network interfaces; the harness proceeds only if this is ["lo"].

    Asked of the kernel for the current namespace (not /sys, which shows the namespace it was mounted in).
    """
    return sorted(name for _, name in socket.if_nameindex())


def outside_reachability() -> dict:
    """Try each outside address from inside the namespace; every attempt must fail."""
    interfaces = only_loopback()
    if interfaces != ["lo"]:
        return {"interfaces": interfaces, "refused": "an interface other than loopback exists: not trying"}
    attempts = {}
    for host, port in OUTSIDE_ADDRESSES:
        sock = socket.socket()
        sock.settimeout(3)
        try:
            sock.connect((host, port))
            attempts[f"{host}:{port}"] = "connected"
        except OSError as e:
            attempts[f"{host}:{port}"] = f"failed: {errno.errorcode.get(e.errno or 0, type(e).__name__)}"
        finally:
            sock.close()
    return {"interfaces": interfaces, "attempts": attempts}


def _wait_listening(port: int, deadline_s: float = 5.0) -> None:
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        try:
            socket.create_connection((fakemodel.LOOPBACK, port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("fake model did not start")


def inside(spec_path: Path) -> int:
    """Run one probe; must already be inside the fresh network namespace."""
    spec = json.loads(spec_path.read_text())
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True, timeout=10)
    result: dict = {"interfaces": only_loopback()}
    if result["interfaces"] != ["lo"]:
        result["error"] = "not an isolated namespace: refusing to start the host"
        Path(spec["result"]).write_text(json.dumps(result))
        return 3
    if spec["netcheck"]:
        result["netcheck"] = outside_reachability()

    script = fakemodel.Script(spec["tool_name"], spec["tool_input"], force=spec["force_tool"])
    server = fakemodel.serve_in_thread(spec["port"], script, Path(spec["model_log"]))
    _wait_listening(spec["port"])
    started = time.monotonic()
    with open(spec["stdout"], "wb") as out, open(spec["stderr"], "wb") as err:
        host = subprocess.Popen(
            spec["argv"],
            env=spec["env"],
            cwd=spec["cwd"],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            start_new_session=True,  # its own process group, so hooks it left behind die with it
        )
        try:
            result["exit_code"] = host.wait(timeout=spec["timeout_s"])
            result["timed_out"] = False
        except subprocess.TimeoutExpired:
            result["exit_code"] = None
            result["timed_out"] = True
        finally:
            try:
                os.killpg(host.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            host.wait()
    result["duration_s"] = round(time.monotonic() - started, 1)
    server.shutdown()
    Path(spec["result"]).write_text(json.dumps(result))
    return 0


# ---------------------------------------------------------------- observing
def observe(spec: dict, run_dir: Path, tool_kind: str) -> dict:
    """What happened in a finished run, read off the run folder."""
    result_path = run_dir / "result.json"
    result = (
        json.loads(result_path.read_text()) if result_path.exists() else {"error": "no result: namespace run failed"}
    )
    log = fakemodel.read_log(run_dir / "model.jsonl")
    tool_results = [r["tool_result"] for r in log if r.get("tool_result") is not None]
    told = "\n".join(tool_results)
    targets = spec["targets"]
    if tool_kind == "shell":
        ran = Path(targets["marker"]).exists() or targets["ran_token"] in told
    elif tool_kind == "read":
        ran = targets["secret_value"] in told
    else:
        ran = Path(targets["written"]).exists()
    folder = run_dir / "hook-calls"
    everything = sorted(folder.glob("*.json")) if folder.exists() else []
    calls = [p for p in everything if not p.name.endswith(".answer.json")]
    relayed = [json.loads(p.read_text()) for p in everything if p.name.endswith(".answer.json")]
    reported_mode, payload_fields = None, None
    if calls:
        try:
            payload = json.loads(calls[0].read_text())
            reported_mode, payload_fields = payload.get("permission_mode"), sorted(payload)
        except (ValueError, AttributeError):
            pass
    observed = {
        "tool_ran": ran,
        "exit_code": result.get("exit_code"),
        "timed_out": result.get("timed_out"),
        "model_told": tool_results[0][:800] if tool_results else None,
        "hook_fired": len(calls),
        "model_asked_for_tool": any(r.get("reply") == "tool_call" for r in log),
        "model_requests": sum(1 for r in log if r.get("protocol")),
        "permission_mode_reported": reported_mode,
        "fires": bool(calls),
        "payload_fields": payload_fields,
        "duration_s": result.get("duration_s"),
    }
    if relayed:
        observed["hookward_answered"] = relayed[0]
    if "error" in result:
        observed["error"] = result["error"]
    if "netcheck" in result:
        observed["netcheck"] = result["netcheck"]
        for line in told.splitlines():
            if "NETCHECK " in line:
                observed["netcheck_from_tool"] = line.split("NETCHECK ", 1)[1][:800]
    return observed


def classify(kind: str, hook: str, observed: dict) -> tuple[str, str]:
    """(effect, why) for one run. `unknown` whenever the run did not test what it meant to."""
    if kind == "network":
        net = observed.get("netcheck") or {}
        attempts = list((net.get("attempts") or {}).values())
        from_tool = observed.get("netcheck_from_tool") or ""
        if "connected" in from_tool or any(a == "connected" for a in attempts):
            return "runs", "an outside address was reachable from inside the namespace"
        if net.get("interfaces") == ["lo"] and attempts and all(a.startswith("failed") for a in attempts):
            return "blocks", "every outside address failed from inside the namespace"
        return "unknown", "the namespace check did not show every outside address failing"
    if observed.get("error"):
        return "unknown", observed["error"]
    if kind == "hookward":
        answered = observed.get("hookward_answered")
        if not answered:
            return "unknown", "hookward's hook never answered"
        hook = wire_verdict(answered)
        kind = "verdict"
        if hook == "silent":
            return (
                "runs" if observed["tool_ran"] else "refuses"
            ), "hookward had no opinion; the host's own flow decided"
    if not observed["model_asked_for_tool"]:
        return "unknown", "the host never offered the tool, so the model never asked for it"
    if not observed["hook_fired"]:
        if observed["tool_ran"]:
            return "unknown", "the tool ran but the hook never fired"
        return "unknown", "the hook never fired: the host decided before asking it"
    ran = observed["tool_ran"]
    session_ended = observed["model_told"] is None  # the host never reported back to the model
    if kind == "failure":
        if ran:
            return "runs", "the tool ran despite the failed hook"
        if session_ended:
            return "ends_session", "the tool did not run and the model was never told why"
        return "blocks", "the tool did not run and the model was told"
    if hook == "allow":
        return ("enforced", "the allowed tool ran") if ran else ("refuses", "the host did not run the allowed tool")
    if ran:
        return "runs", f"the tool ran although the hook answered {hook}"
    if hook == "deny":
        return "enforced", "the denied tool did not run"
    if observed["timed_out"]:
        return "unknown", "the host hung (waiting on a prompt nobody can answer?) and was killed"
    if session_ended:
        return "ends_session", "the tool did not run and the session ended without telling the model"
    return "refuses", "the tool did not run and the model was told it was refused"


def wire_verdict(answered: dict) -> str:
    """The verdict a relayed hookward answer expresses on the wire: allow, ask, deny or silent."""
    if answered.get("exit_code") == 2:
        return "deny"
    try:
        data = json.loads(answered.get("stdout") or "null")
    except ValueError:
        return "silent"
    if not isinstance(data, dict):
        return "silent"
    specific = data.get("hookSpecificOutput") if isinstance(data.get("hookSpecificOutput"), dict) else {}
    decision = specific.get("permissionDecision") or data.get("decision") or data.get("permissionDecision")
    return {"block": "deny", "approve": "allow"}.get(decision, decision) if decision else "silent"


# ---------------------------------------------------------------- records
def record_path(host: str, version: str, scenario: str, records: Path = RECORDS) -> Path:
    return records / host / version / f"{scenario}.json"


def make_record(driver: HostDriver, scenario: Scenario, spec: dict, observed: dict, today: str) -> dict:
    effect, why = classify(scenario.kind, scenario.hook, observed)
    observed = dict(observed, effect=effect, why=why)
    posture = driver.posture(scenario.posture)
    return {
        "host": driver.host,
        "version": driver.version,
        "scenario": scenario.name,
        "kind": scenario.kind,
        "hook": scenario.hook,
        "tool_kind": scenario.tool,
        "tool_call": {"name": spec["tool_name"], "input": spec["tool_input"]},
        "posture": {"name": posture.name, "flags": list(posture.flags)},
        "mode": observed.get("permission_mode_reported") or posture.mode,
        "event": driver.pre_event,
        **({"switch": driver.switch_fields} if scenario.switched else {}),
        "answer": spec["answer"]
        if spec["answer"] is not None
        else (observed.get("hookward_answered") or {}).get("stdout"),
        "answer_source": spec["answer_source"],
        "installed_by": spec["installed_by"],
        "observed": observed,
        "date": today,
        "command": f"hookward compat probe {driver.host} --scenario {scenario.name}",
        "isolation": "unshare --net (loopback only), throwaway HOME, emptied environment, "
        f"host timeout {HOST_TIMEOUT_S} s",
    }


def write_record(record: dict, records: Path = RECORDS) -> Path:
    path = record_path(record["host"], record["version"], record["scenario"], records)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    return path


def probe_one(
    driver: HostDriver, scenario: Scenario, binary: Path, runs: Path | None = None, records: Path = RECORDS
) -> dict:
    run_dir = (runs or new_runs_dir()) / driver.host / driver.version / scenario.name
    spec = prepare(driver, scenario, binary, run_dir)
    run_in_namespace(run_dir / "spec.json")
    record = make_record(driver, scenario, spec, observe(spec, run_dir, scenario.tool), _today())
    write_record(record, records)
    return record


def probe_host(
    host: str,
    names: list[str] | None = None,
    jobs: int = 2,
    progress=print,
    records: Path = RECORDS,
) -> list[dict]:
    """Run the selected scenarios of one host; write and return their records."""
    driver = DRIVERS[host]
    installed = toolchain.ensure_for_probes()
    if installed:
        progress(f"installed with apt-get: {', '.join(installed)}")
    binary = install(driver)
    scenarios = []
    for scenario in select(scenario_matrix(driver), names):
        if scenario.kind == "verdict" and answer_for(driver, scenario.hook)[0] is None:
            continue
        scenarios.append(scenario)
    for verdict in VERDICTS:
        answer, why = answer_for(driver, verdict)
        if answer is None:
            progress(f"{host}: {verdict} scenarios skipped: {why}")
    done: list[dict] = []
    runs = new_runs_dir()
    progress(f"{host}: run folders under {runs}")

    def one(scenario: Scenario) -> dict | None:
        try:
            record = probe_one(driver, scenario, binary, runs=runs, records=records)
        except NotApplicable as e:
            progress(f"{host} {scenario.name}: not applicable: {e}")
            return None
        obs = record["observed"]
        progress(
            f"{host} {scenario.name}: {obs['effect']} (ran={obs['tool_ran']} hook={obs['hook_fired']} "
            f"exit={obs['exit_code']} {obs['duration_s']}s)"
        )
        return record

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for record in pool.map(one, scenarios):
            if record is not None:
                done.append(record)
    return done


def _today() -> str:
    return _dt.date.today().isoformat()


def load_records(host: str, version: str | None = None, records: Path = RECORDS) -> list[tuple[Path, dict]]:
    version = version or DRIVERS[host].version
    folder = records / host / version
    return [(p, json.loads(p.read_text())) for p in sorted(folder.glob("*.json"))] if folder.exists() else []


# ---------------------------------------------------------------- registry update
HEADLESS = "@headless"
# A probe sees the tool run after an allow; in a posture that approves tools by
# itself, that cannot show the host honoured the allow rather than ignored it.
ALLOW_CAVEAT = " The tool ran after the allow; where the posture approves tools by itself, this does not show the allow itself skipped a prompt."


def probed_facts(loaded: list[tuple[Path, dict]]) -> dict[tuple[str, ...], dict]:
    """The facts a host's records establish: {(section, ...keys): fact}.

    Several records can back one fact (shell, read, write; postures that share
    a mode): the fact takes the effect hookward can rely on least, and its note
    lists what each record showed.
    """
    grouped: dict[tuple[str, ...], list[tuple[Path, dict]]] = {}
    for path, record in loaded:
        effect = record["observed"]["effect"]
        if effect == "unknown" or record["kind"] not in ("verdict", "failure"):
            continue  # network and hookward-policy probes prove other things; they back no registry fact
        if record["kind"] == "verdict":
            # Every probe runs the host headless: its verdict facts describe the
            # "<mode>@headless" variant and never overwrite what an interactive
            # session does (nobody is there to answer a prompt in a probe).
            mode = record["mode"] + HEADLESS
            key = ("verdicts", record["event"], record["hook"], mode)
        else:
            # With the host's fail-closed switch on, a failure is what hookward's install leaves.
            key = ("failures_switched" if record.get("switch") else "failures", record["hook"])
        grouped.setdefault(key, []).append((path, record))
    facts = {}
    for key, backing in grouped.items():
        backing.sort(key=lambda pr: (_RELIANCE[pr[1]["observed"]["effect"]], pr[1]["scenario"]))
        weakest_path, weakest = backing[0]
        shown = ", ".join(f"{r['scenario']}: {r['observed']['effect']}" for _, r in backing)
        facts[key] = {
            "value": weakest["observed"]["effect"],
            "grade": "probed",
            "source": _repo_relative(weakest_path),
            "date": weakest["date"],
            "note": f"{weakest['host']} {weakest['version']} probed ({shown})"
            + _caveat(weakest["host"])
            + (ALLOW_CAVEAT if key[0] == "verdicts" and key[2] == "allow" else ""),
        }
    return facts


def _caveat(host: str) -> str:
    """How the host was driven, where that limits what a probe shows (e.g. headless: nobody to prompt)."""
    driver = DRIVERS.get(host)
    return (". " + " ".join(driver.limitations)) if driver and driver.limitations else ""


def _repo_relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def apply_facts(host_data: dict, facts: dict[tuple[str, ...], dict]) -> list[str]:
    """Write probed facts into a host's registry data; return a line per change.

    A verdict fact is written only for a mode the host file knows (or "*").
    Where the probe contradicts a documented or read fact, the probe wins and
    the note says what it replaced.
    """
    changes = []
    modes = host_data.get("modes") or {}
    for key, fact in sorted(facts.items()):
        if key[0] == "verdicts":
            _, event, verdict, mode = key
            if mode.removesuffix(HEADLESS) not in modes and mode.removesuffix(HEADLESS) != "*":
                changes.append(f"skipped {'.'.join(key)}: mode {mode!r} is not in the host file's modes")
                continue
            slot = host_data.setdefault("verdicts", {}).setdefault(event, {}).setdefault(verdict, {})
            name = mode
        else:
            slot, name = host_data.setdefault(key[0], {}), key[1]
        old = slot.get(name) or {}
        new = dict(fact)
        if old.get("grade") in ("documented", "read") and old.get("value") != new["value"]:
            new["note"] = f"was {old['grade']}: {old.get('value')}; probe shows {new['value']}. " + new["note"]
        if old == new:
            continue
        slot[name] = new
        changes.append(f"{'.'.join(key)}: {old.get('value')} ({old.get('grade', 'absent')}) -> {new['value']} (probed)")
    return changes


def _json_spans(text: str) -> dict[tuple, tuple[int, int]]:
    """Offsets of every value in a JSON text, by path: lets an update rewrite one fact in place."""
    decoder = json.JSONDecoder()
    spans: dict[tuple, tuple[int, int]] = {}

    def skip(i: int) -> int:
        while text[i] in " \t\r\n":
            i += 1
        return i

    def value(i: int, path: tuple) -> int:
        i = skip(i)
        start = i
        if text[i] in "{[":
            closing, index = ("}" if text[i] == "{" else "]"), 0
            i = skip(i + 1)
            while text[i] != closing:
                if closing == "}":
                    key, i = json.decoder.scanstring(text, i + 1)
                    i = skip(i) + 1  # the colon
                    i = value(i, path + (key,))
                else:
                    i = value(i, path + (index,))
                    index += 1
                i = skip(i)
                if text[i] == ",":
                    i = skip(i + 1)
            i += 1
        else:
            _, i = decoder.raw_decode(text, i)
        spans[path] = (start, i)
        return i

    value(0, ())
    return spans


def _set_in_text(text: str, path: tuple, new: object) -> str:
    """Set one value in a JSON text, keeping every other byte: the host files belong to their authors."""
    spans = _json_spans(text)
    if path in spans:
        start, end = spans[path]
        old = text[start:end]
        if "\n" in old:
            line_start = text.rfind("\n", 0, start) + 1
            indent = len(text[line_start:start]) - len(text[line_start:start].lstrip())
            rendered = json.dumps(new, indent=2, ensure_ascii=False).replace("\n", "\n" + " " * indent)
        else:
            rendered = json.dumps(new, ensure_ascii=False)
        return text[:start] + rendered + text[end:]
    # A new member: add it at the end of the nearest existing object, in that object's style.
    parent = path[:-1]
    if parent not in spans:
        return _set_in_text(text, parent, {path[-1]: new})
    start, end = spans[parent]
    body = text[start:end]
    member = f"{json.dumps(path[-1])}: {json.dumps(new, ensure_ascii=False)}"
    close = end - 1
    has_members = body[1:-1].strip() != ""
    if "\n" in body:
        last = max((e for p, (_, e) in spans.items() if p[:-1] == parent and len(p) == len(path)), default=start + 1)
        line_start = text.rfind("\n", 0, close) + 1
        indent = " " * (len(text[line_start:close]) - len(text[line_start:close].lstrip()) + 2)
        glue = "," if has_members else ""
        return text[:last] + f"{glue}\n{indent}{member}" + text[last:]
    return text[:close] + (", " if has_members else "") + member + text[close:]


def update_registry(host: str, hosts: Path = HOSTS, records: Path = RECORDS) -> list[str]:
    """Make the host's registry facts follow its probe records. Touches only the probed facts' text."""
    path = hosts / f"{host}.json"
    if not path.exists():
        return [f"skipped: no {path.name} in the registry yet"]
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    before = json.loads(text)
    changes = apply_facts(data, probed_facts(load_records(host, records=records)))
    for key in _changed_paths(before, data):
        node = data
        for part in key:
            node = node[part]
        text = _set_in_text(text, key, node)
    if json.loads(text) != data:  # the in-place edit must say exactly what apply_facts decided
        raise RuntimeError(f"in-place update of {path} went wrong; nothing written")
    if text != path.read_text(encoding="utf-8"):
        path.write_text(text, encoding="utf-8")
    return changes


def _changed_paths(before: object, after: object, path: tuple = ()) -> list[tuple]:
    """The paths of facts (or whole new subtrees) that differ between two registry datas."""
    if isinstance(before, dict) and isinstance(after, dict) and not ("grade" in after and "value" in after):
        out = []
        for key, value in after.items():
            if key not in before:
                out.append(path + (key,))
            elif before[key] != value:
                out.extend(_changed_paths(before[key], value, path + (key,)))
        return out
    return [path] if before != after else []


# ---------------------------------------------------------------- entry point
def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "inside":
        return inside(Path(argv[2]))
    sys.stderr.write("usage: python -m compat.probes.harness inside <spec.json>  (use `hookward compat probe`)\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

__all__ = ["Scenario", "asdict", "probe_host", "update_registry", "scenario_matrix"]
