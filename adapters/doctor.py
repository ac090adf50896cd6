"""`hookward doctor`: prove that each installed host really runs hookward's gate.

For a host, the checks are, in order:

1. the config hookward registered in exists and parses;
2. hookward's entry is there for every event, and is what install would write now;
3. the command resolves to an executable file (a host with a reduced PATH
   finds it, because the path is absolute);
4. self-test: that executable, run as the host would run it, refuses a read
   of a private key sent in the host's own payload format, for a policy
   reason (a hookward that fails closed on everything would also refuse; that
   is reported as a failure, not as a pass), and does not refuse `ls`;
5. host states that switch hooks off without a word: a kill switch
   (`disableAllHooks`, `[features] hooks = false`), a hook Codex has not been
   told to trust, and double registration (the same hook twice, or another
   host that also reads this host's config).

A failed check makes the exit status non-zero. Warnings do not.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import tempfile
import tomllib
from dataclasses import dataclass, field

from hookward.adapters import hook as hook_path
from hookward.adapters import install, installers
from hookward.adapters.install import ConfigError

OK, WARN, FAIL = "ok", "warn", "fail"

CREDENTIAL_READ = "cat ~/.ssh/id_rsa"
HARMLESS = "ls"
SELF_TEST_TIMEOUT_SECONDS = 20

# Phrases hookward's hook path uses when it blocks because something broke
# (adapters/hook.py): a refusal carrying one proves nothing about the policy.
FAILED_CLOSED_MARKS = (
    hook_path.FAILED_CLOSED,
    hook_path.UNKNOWN_HOST.removeprefix("hookward: "),
    hook_path.UNKNOWN_EVENT.removeprefix("hookward: "),
)


@dataclass
class Check:
    status: str
    name: str
    detail: str = ""

    def to_dict(self) -> dict:
        return {"status": self.status, "check": self.name, "detail": self.detail}


@dataclass
class HostReport:
    host: str
    scope: str
    config_file: str
    checks: list[Check] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return any(check.status == FAIL for check in self.checks)

    def add(self, status: str, name: str, detail: str = "") -> None:
        self.checks.append(Check(status, name, detail))

    def to_dict(self) -> dict:
        return {
            "host": self.host,
            "scope": self.scope,
            "config_file": self.config_file,
            "ok": not self.failed,
            "checks": [check.to_dict() for check in self.checks],
        }


# ---------------------------------------------------------------------------
# self-test payloads: a pre-tool call in each host's own format, the registry's `sample_payload`
# (compat/hosts/<host>.json). `{command}` and `{cwd}` are filled in; tests check every one parses,
# with the host's own adapter, into a shell call of exactly that command.


def self_test_payload(host: str, command: str, cwd: str) -> tuple[str, dict] | None:
    """(pre event, payload) of a shell call of `command` in the host's format."""
    from hookward.compat import registry

    try:
        entry = registry.sample_payload(host)
    except registry.UnknownHost:
        return None
    if entry is None:
        return None
    event, template = entry
    return event, _fill(template, {"{command}": command, "{cwd}": cwd})  # type: ignore[return-value]


def _fill(node: object, values: dict[str, str]) -> object:
    if isinstance(node, str):
        return values.get(node, node)
    if isinstance(node, dict):
        return {key: _fill(value, values) for key, value in node.items()}
    if isinstance(node, list):
        return [_fill(value, values) for value in node]
    return node


# ---------------------------------------------------------------------------
# is this answer the host's block?


def block_template(host: str, event: str) -> tuple[object, int] | None:
    """(stdout JSON or None, exit code) of the host's deny answer, spelled by the host's own adapter."""
    from hookward.adapters import adapter_for
    from hookward.adapters.render import DENY, Answer
    from hookward.verdicts.decision import Verdict

    try:
        adapter = adapter_for(host)
        wire = adapter.spell(Answer(DENY, REASON_SLOT, Verdict.DENY), event)
    except Exception:
        return None
    stdout = json.loads(wire.stdout) if wire.stdout.strip() else None
    return stdout, wire.exit_code


REASON_SLOT = "\x00reason\x00"


def matches_template(answer: object, template: object) -> bool:
    """Same structure and values as the deny template; the reason slot matches any string."""
    if template == REASON_SLOT:
        return isinstance(answer, str)
    if isinstance(template, dict):
        return (
            isinstance(answer, dict)
            and set(answer) == set(template)
            and all(matches_template(answer[key], value) for key, value in template.items())
        )
    if isinstance(template, list):
        return (
            isinstance(answer, list)
            and len(answer) == len(template)
            and all(matches_template(a, t) for a, t in zip(answer, template, strict=True))
        )
    return answer == template


@dataclass
class Outcome:
    blocked: bool
    failed_closed: bool
    summary: str


def run_hook(executable: str, host: str, event: str, payload: dict, cwd: str, env: dict | None = None) -> Outcome:
    """Run `<executable> hook <host> <event>` as the host does (no shell) and read its answer."""
    try:
        done = subprocess.run(
            [executable, "hook", host, event],
            input=json.dumps(payload).encode(),
            capture_output=True,
            cwd=cwd,
            env=env,
            timeout=SELF_TEST_TIMEOUT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Outcome(False, False, f"no answer within {SELF_TEST_TIMEOUT_SECONDS} s")
    except OSError as error:
        return Outcome(False, False, f"cannot run {executable}: {error.strerror}")
    stdout = done.stdout.decode("utf-8", "replace")
    stderr = done.stderr.decode("utf-8", "replace")
    text = stdout + "\n" + stderr
    failed_closed = any(mark in text for mark in FAILED_CLOSED_MARKS)
    template = block_template(host, event)
    if template is None:
        return Outcome(False, failed_closed, f"cannot spell {host}'s deny answer to compare (no adapter)")
    expected_stdout, expected_exit = template
    try:
        answer = json.loads(stdout) if stdout.strip() else None
    except ValueError:
        return Outcome(False, failed_closed, f"answer is not JSON (exit {done.returncode}): {_short(stdout)}")
    blocked = done.returncode == expected_exit and (
        answer is None if expected_stdout is None else matches_template(answer, expected_stdout)
    )
    return Outcome(blocked, failed_closed, f"exit {done.returncode}, answer {_short(stdout or stderr)}")


def _short(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------------------
# the checks


def is_installed(host: str, scope: str = "user", project_dir: str | None = None) -> bool:
    """Whether the host's config holds any hookward registration (for `doctor` without a host)."""
    try:
        plan = installers.plan_for(host, scope=scope, project_dir=project_dir, executable="/hookward")
        changes = install.plan(plan.registrations, install=False)
    except ConfigError:
        return False
    return any(change.after != change.before for change in changes)


def diagnose(host: str, *, scope: str = "user", project_dir: str | None = None, executable: str) -> HostReport:
    try:
        plan = installers.plan_for(host, scope=scope, project_dir=project_dir, executable=executable)
    except ConfigError as error:
        report = HostReport(host, scope, "")
        report.add(FAIL, "installer", str(error))
        return report
    report = HostReport(host, scope, plan.config_file)
    if installers.config_grade(host) == "unknown":
        report.add(
            WARN,
            "evidence",
            f"where {host} reads this config is not established (registry grade: unknown); "
            "a passing self-test proves hookward answers, not that the host calls it",
        )
    if not _check_config(report, plan):
        return report
    commands = _check_registered(report, plan, executable)
    style = installers.STYLES[host]
    if isinstance(style, installers.McpStyle):
        report.add(
            WARN, "coverage", f"{host} has no hooks: its built-in tools are not gated, only hookward's MCP tools"
        )
        servers = [command for event, _, command in _installed_commands(plan) if event == "mcp"]
        if servers and _check_executable(report, "mcp", servers[0]):
            _mcp_self_test(report, install.command_executable(servers[0]) or "")
    payload = self_test_payload(host, CREDENTIAL_READ, "")
    if payload is not None:
        event = payload[0]
        installed = [command for pre_event, command in commands if pre_event == event]
        if not installed and commands:
            report.add(FAIL, "self-test", f"hookward is not registered on {event}, the event the self-test uses")
        elif installed and _check_executable(report, event, installed[0]):
            _self_test(report, host, event, installed[0])
    elif commands:
        if _check_executable(report, commands[0][0], commands[0][1]):
            report.add(WARN, "self-test", f"no self-test payload for {host}; hookward's answer was not checked")
    _check_switches(report, host, plan, project_dir)
    _check_trust(report, host, plan)
    _check_session_reads(report, host, plan)
    _check_double_registration(report, host, scope, project_dir)
    _check_release(report, host)
    _check_managed(report, host)
    return report


def _check_managed(report: HostReport, host: str) -> None:
    """A managed install of this host on this machine (`install --managed`), and whether a user can override it."""
    from hookward.adapters import managed_install

    shown = managed_install.installed_here(host)
    if shown is not None:
        report.add(OK, "managed install", f"{shown} registers hookward too; {managed_install.override_sentence(host)}")


def _check_release(report: HostReport, host: str) -> None:
    """Say when the installed host is a later release than the one the registry examined."""
    from hookward.adapters.host_version import installed_version
    from hookward.compat import registry

    found = installed_version(host)
    if found is None:
        return
    version, where = found
    data = registry.load_host(host)
    examined = data.get("version_examined")
    if registry.newer_than_examined(data, version):
        report.add(
            WARN,
            "release",
            f"{host} {version} ({where}) is newer than {examined}, the release hookward examined: its probed and "
            "read facts count as documented at most there (COMPATIBILITY.md, 'Facts know their version')",
        )
    else:
        report.add(OK, "release", f"{host} {version} ({where}); examined: {examined}")


def _check_config(report: HostReport, plan: installers.Plan) -> bool:
    missing = []
    for reg in plan.registrations:
        if not os.path.exists(reg.file):
            missing.append(reg.file)
    if missing:
        report.add(FAIL, "config present", "missing: " + ", ".join(missing) + f" (run `hookward install {plan.host}`)")
        return False
    try:
        install.plan(plan.registrations, install=True)
    except ConfigError as error:
        report.add(FAIL, "config parses", str(error))
        return False
    report.add(OK, "config parses", plan.config_file)
    return True


def _check_registered(report: HostReport, plan: installers.Plan, executable: str) -> list[tuple[str, str]]:
    """Check hookward's entries are present and current; return (pre event, installed command) pairs."""
    changes = install.plan(plan.registrations, install=True)
    found = _installed_commands(plan)
    pre = [(event, command) for event, role, command in found if role == "pre"]
    if not found:
        report.add(FAIL, "registered", f"no hookward entry in {plan.config_file} (run `hookward install {plan.host}`)")
        return []
    if changes:
        report.add(
            WARN,
            "registered",
            "hookward's entries differ from what this hookward would write "
            f"(another path or an old version); run `hookward install {plan.host}` again",
        )
    else:
        report.add(OK, "registered", ", ".join(sorted({event for event, _, _ in found})) or "MCP server")
    return pre


def _installed_commands(plan: installers.Plan) -> list[tuple[str, str, str]]:
    """(event, role, command) of every hookward entry found in the host's config files."""
    found: list[tuple[str, str, str]] = []
    style = installers.STYLES[plan.host]
    for reg in plan.registrations:
        text = install.read_text(reg.file)
        if text is None:
            continue
        if isinstance(reg, install.HookEntries):
            root = install.parse_json(text, comments=reg.comments, where=reg.file).value
            events = _dig(root, reg.events_at)
            for event, entries in (events or {}).items() if isinstance(events, dict) else ():
                role = _role(plan.host, event)
                for entry in _command_objects(entries, reg.nested):
                    command = entry.get(reg.command_field)
                    if install.is_hookward_command(command, plan.host):
                        found.append((event, role, command))
        elif isinstance(reg, install.TomlHookTables):
            for table in install.parse_toml(text, reg.file).get(reg.array, []) or []:
                command = table.get(reg.command_field) if isinstance(table, dict) else None
                if install.is_hookward_command(command, plan.host):
                    event = str(table.get("event"))
                    found.append((event, _role(plan.host, event), command))
        elif isinstance(reg, install.OwnedFile):
            if all(part in text for part in reg.signature) and isinstance(style, installers.PluginStyle):
                for event, role in _plugin_events(plan.host):
                    exe = _shim_executable(text)
                    if exe:
                        found.append((event, role, f"{shlex.quote(exe)} hook {plan.host} {shlex.quote(event)}"))
        elif isinstance(reg, install.JsonMember) and isinstance(style, installers.McpStyle):
            root = install.parse_json(text, comments=reg.comments, where=reg.file).value
            entry = _dig(root, reg.object_at + (reg.key,))
            if isinstance(entry, dict) and install._member_is_ours(entry, reg):
                found.append(("mcp", "mcp", shlex.quote(str(entry.get("command"))) + " mcp"))
    return found


def _plugin_events(host: str) -> list[tuple[str, str]]:
    events = installers.host_facts(host).get("events", {})
    return [(name, entry.get("role", "")) for name, entry in events.items() if entry.get("role") in ("pre", "post")]


def _shim_executable(text: str) -> str | None:
    """The hookward path baked into an installed shim (the first absolute path ending in /hookward)."""
    import re

    match = re.search(r"""["'](/[^"'\n]*/hookward(?:\.exe)?)["']""", text)
    return match.group(1) if match else None


def _role(host: str, event: str) -> str:
    entry = installers.host_facts(host).get("events", {}).get(event)
    return entry.get("role", "") if entry else ""


def _command_objects(entries: object, nested: bool) -> list[dict]:
    if not isinstance(entries, list):
        return []
    if not nested:
        return [entry for entry in entries if isinstance(entry, dict)]
    found = []
    for group in entries:
        hooks = group.get("hooks") if isinstance(group, dict) else None
        if isinstance(hooks, list):
            found += [hook for hook in hooks if isinstance(hook, dict)]
    return found


def _dig(node: object, path: tuple[str, ...]) -> object:
    for step in path:
        if not isinstance(node, dict):
            return None
        node = node.get(step)
    return node


def _check_executable(report: HostReport, event: str, command: str) -> str | None:
    program = install.command_executable(command)
    if program is None:
        report.add(FAIL, "executable", f"the hook command does not parse as shell words: {command!r}")
        return None
    program = install.expand_home_anchor(program)
    if not os.path.isabs(program):
        resolved = shutil.which(program)
        if resolved is None:
            report.add(FAIL, "executable", f"{program!r} is not on PATH")
            return None
        report.add(WARN, "executable", f"{program!r} is not an absolute path; a host with a reduced PATH may miss it")
        program = resolved
    if not (os.path.isfile(program) and os.access(program, os.X_OK)):
        report.add(FAIL, "executable", f"{program} does not exist or is not executable")
        return None
    report.add(OK, "executable", program)
    _check_isolation(report, program)
    return program


def _check_isolation(report: HostReport, program: str) -> None:
    """The host should run the launcher `hookward install` writes: -I -S, sys.path set to hookward's own."""
    if any(check.name == "isolation" for check in report.checks):
        return
    if install.is_launcher(program):
        first = (install.read_text(program) or "").partition("\n")[0]
        report.add(OK, "isolation", f"isolated launcher ({first[2:] if first.startswith('#!') else program})")
        return
    report.add(
        WARN,
        "isolation",
        f"{program} is not hookward's isolated launcher: PYTHONPATH, the working directory or a .pth file "
        "can change what runs; run `hookward install` again from hookward's own environment",
    )


def self_test_env(workdir: str) -> dict:
    """The environment a self-test hook runs in: the user's, but its own state directory, so the fake calls
    it makes (`cat ~/.ssh/id_rsa`) are recorded in a throwaway ledger, never in the user's."""
    return {**os.environ, "XDG_STATE_HOME": os.path.join(workdir, "state")}


def _self_test(report: HostReport, host: str, event: str, command: str) -> None:
    program = install.expand_home_anchor(install.command_executable(command) or "")
    program = program if os.path.isabs(program) else (shutil.which(program) or program)
    workdir = tempfile.mkdtemp(prefix="hookward-doctor-")
    try:
        credential = self_test_payload(host, CREDENTIAL_READ, workdir)
        harmless_call = self_test_payload(host, HARMLESS, workdir)
        if credential is None or harmless_call is None:
            return
        env = self_test_env(workdir)
        outcome = run_hook(program, host, event, credential[1], workdir, env)
        if outcome.blocked and not outcome.failed_closed:
            report.add(OK, "self-test", f"`{CREDENTIAL_READ}` refused ({outcome.summary})")
        elif outcome.failed_closed:
            report.add(FAIL, "self-test", f"hookward blocks because it is broken, not by policy: {outcome.summary}")
        else:
            report.add(FAIL, "self-test", f"`{CREDENTIAL_READ}` was not refused: {outcome.summary}")
        harmless = run_hook(program, host, event, harmless_call[1], workdir, env)
        if harmless.blocked:
            report.add(WARN, "self-test", f"`{HARMLESS}` is refused too: {harmless.summary}")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


MCP_PROTOCOL_VERSION = "2025-06-18"


def _mcp_self_test(report: HostReport, program: str) -> None:
    """Start `hookward mcp` as the host would, and ask its `check` tool about a credential read."""
    workdir = tempfile.mkdtemp(prefix="hookward-doctor-")
    try:
        answer = mcp_check(program, workdir, CREDENTIAL_READ, self_test_env(workdir))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if answer is None:
        report.add(FAIL, "self-test", "hookward's MCP server did not answer a `check` call")
    elif "verdict: deny" in answer:
        report.add(OK, "self-test", f"MCP `check` of `{CREDENTIAL_READ}`: {_short(answer, 120)}")
    else:
        report.add(FAIL, "self-test", f"MCP `check` of `{CREDENTIAL_READ}` is not a deny: {_short(answer)}")


def mcp_check(program: str, cwd: str, command: str, env: dict | None = None) -> str | None:
    """The text of hookward's MCP `check` answer for a shell command, or None if the server never answered."""
    import queue
    import threading

    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": MCP_PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "hookward-doctor", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "check", "arguments": {"action": "run_command", "command": command}},
        },
    ]
    try:
        server = subprocess.Popen(
            [program, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=cwd, env=env
        )
    except OSError:
        return None
    lines: queue.Queue[bytes] = queue.Queue()

    def read() -> None:
        for line in server.stdout:  # type: ignore[union-attr]
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    try:
        for message in messages:
            server.stdin.write(json.dumps(message).encode() + b"\n")  # type: ignore[union-attr]
            server.stdin.flush()  # type: ignore[union-attr]
        while True:
            try:
                line = lines.get(timeout=SELF_TEST_TIMEOUT_SECONDS)
            except queue.Empty:
                return None
            try:
                reply = json.loads(line)
            except ValueError:
                continue
            if isinstance(reply, dict) and reply.get("id") == 2:
                content = (reply.get("result") or {}).get("content") or []
                texts = [part.get("text", "") for part in content if isinstance(part, dict)]
                return "\n".join(texts) if texts else json.dumps(reply)[:500]
    except OSError:
        return None
    finally:
        server.kill()
        server.wait(timeout=5)


def _check_switches(report: HostReport, host: str, plan: installers.Plan, project_dir: str | None) -> None:
    """A kill switch in any config layer the host reads (user and project) turns hookward off."""
    for switch in installers.switches(host):
        if switch.file != "config":
            base = project_dir or os.getcwd()
            paths = [installers.expand(switch.file.removeprefix("<project>/"), base)]
        else:
            paths = [plan.config_file] + _other_layer(host, plan.scope, project_dir)
        for path in dict.fromkeys(paths):
            value = _read_setting(path, switch.format, switch.path)
            if switch.is_off(value):
                report.add(FAIL, "hooks switched off", f"{path}: {switch.message}")


def _other_layer(host: str, scope: str, project_dir: str | None) -> list[str]:
    other = "project" if scope == "user" else "user"
    try:
        style = installers.STYLES[host]
        placeholders = style.placeholders if isinstance(style, installers.HookStyle) else {}
        return [installers.config_path(host, other, project_dir or os.getcwd(), placeholders)]
    except ConfigError:
        return []


def _read_setting(path: str, fmt: str, keys: tuple[str, ...]) -> object:
    text = install.read_text(path) if os.path.exists(path) else None
    if text is None:
        return None
    try:
        root: object = tomllib.loads(text) if fmt == "toml" else install.parse_json(text, comments=True).value
    except (ConfigError, tomllib.TOMLDecodeError):
        return None
    return _dig(root, keys)


def _check_trust(report: HostReport, host: str, plan: installers.Plan) -> None:
    """A host that runs only hooks (and project layers) the person trusted: an untrusted one never runs (FAIL).

    Whether trust is needed is a registry fact (`hooks_need_trust`, `project_needs_trust`); how the host
    spells the record it keeps is the registry's `trust_state`.
    """
    facts = installers.host_facts(host)
    trust = installers.trust_state(host)
    if trust is None:
        return
    path = installers.expand(trust["file"], None)
    if plan.scope == "project" and (facts.get("project_needs_trust") or {}).get("value") is True:
        _check_project_trust(report, host, path, plan)
    if (facts.get("hooks_need_trust") or {}).get("value") is not True:
        return
    state = _read_setting(path, "toml", trust["table"])
    state = state if isinstance(state, dict) else {}
    hooks_file = os.path.realpath(plan.config_file)
    text = install.read_text(plan.config_file) or "{}"
    try:
        root = install.parse_json(text, where=plan.config_file).value
    except ConfigError:
        return
    grade = facts["hooks_need_trust"].get("grade", "unknown")
    for event, groups in (_dig(root, ("hooks",)) or {}).items():
        if not isinstance(groups, list):
            continue
        for i, group in enumerate(groups):
            for j, hook in enumerate(group.get("hooks", []) if isinstance(group, dict) else []):
                if not (isinstance(hook, dict) and install.is_hookward_command(hook.get("command"), host)):
                    continue
                key = f"{hooks_file}:{_snake(event)}:{i}:{j}"
                entry = state.get(key)
                if not isinstance(entry, dict) or not entry.get("trusted_hash"):
                    report.add(
                        FAIL,
                        "trusted",
                        f"{host} has no trust recorded for {event} ({key} in {path}): {host} does not run an "
                        f"untrusted hook and says nothing (registry: hooks_need_trust, {grade}); start {host}, "
                        "open /hooks and trust hookward's hooks",
                    )
                elif entry.get("enabled") is False:
                    report.add(FAIL, "hooks switched off", f"{path}: hook {key} is disabled (enabled = false)")
                else:
                    report.add(OK, "trusted", f"{event}: trust recorded (hash not verified by hookward)")


def _check_project_trust(report: HostReport, host: str, path: str, plan: installers.Plan) -> None:
    """The project (or a folder above it) must be trusted in the user config, or its layer is not loaded."""
    projects = _read_setting(path, "toml", ("projects",))
    projects = projects if isinstance(projects, dict) else {}
    config_dir = os.path.realpath(os.path.dirname(os.path.dirname(plan.config_file)))
    here = config_dir
    while True:
        entry = projects.get(here)
        if isinstance(entry, dict) and entry.get("trust_level") == "trusted":
            report.add(OK, "project trusted", f"{here} is trusted in {path}")
            return
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    grade = (installers.host_facts(host).get("project_needs_trust") or {}).get("grade", "unknown")
    report.add(
        FAIL,
        "project trusted",
        f"{host} loads {config_dir}/.codex only in a trusted project, and {path} records no trust for it "
        f"(registry: project_needs_trust, {grade}): trust the folder when {host} asks, or add "
        f'[projects."{config_dir}"] trust_level = "trusted" to {path}',
    )


def _check_session_reads(report: HostReport, host: str, plan: installers.Plan) -> None:
    """A config file that a plain session of the host never reads gates nothing (registry: session_reads_config)."""
    fact = installers.host_facts(host).get("session_reads_config") or {}
    if fact.get("value") is not False:
        return
    report.add(
        FAIL,
        "read by a session",
        f"a plain {host} session does not read {plan.config_file} (registry: session_reads_config, "
        f"{fact.get('grade', 'unknown')}): {fact.get('note') or 'only sessions started with that config use it'}",
    )


def _snake(name: str) -> str:
    import re

    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _runs(command: str) -> bool:
    """Whether a hook command's program resolves to an executable file on this machine."""
    program = install.expand_home_anchor(install.command_executable(command) or "")
    if program and not os.path.isabs(program):
        program = shutil.which(program) or ""
    return bool(program) and os.path.isfile(program) and os.access(program, os.X_OK)


def _check_double_registration(report: HostReport, host: str, scope: str, project_dir: str | None) -> None:
    seen: dict[str, list[tuple[str, str]]] = {}
    files_done: set[str] = set()
    for layer, directory in (("user", None), ("project", project_dir or os.getcwd())):
        try:
            plan = installers.plan_for(host, scope=layer, project_dir=directory, executable="/hookward")
            if os.path.realpath(plan.config_file) in files_done:
                continue
            files_done.add(os.path.realpath(plan.config_file))
            found = _installed_commands(plan)
        except ConfigError:
            continue
        for event, _, command in found:
            seen.setdefault(event, []).append((plan.config_file, command))
    for event, copies in seen.items():
        if len(copies) < 2:
            continue
        where = ", ".join(sorted({file for file, _ in copies}))
        # The same answer twice changes nothing; a copy whose program does not run answers differently
        # (it blocks every call, or lets it through where a failure runs the tool): that changes the outcome.
        broken = sorted({command for _, command in copies if not _runs(command)})
        if broken:
            report.add(
                FAIL,
                "double registration",
                f"hookward's {event} hook is registered {len(copies)} times ({where}) and a copy cannot run "
                f"({broken[0]!r}): that copy answers as a failed hook, not as the policy; remove the stale entry",
            )
        else:
            report.add(
                WARN,
                "double registration",
                f"hookward's {event} hook is registered {len(copies)} times ({where}); every call is answered "
                "twice, with the same answer",
            )
    here = installers.plan_for(host, scope=scope, project_dir=project_dir, executable="/hookward").config_file
    for other in installers.sharing_hosts(host, scope, project_dir, here):
        if is_installed(other, scope, project_dir):
            report.add(
                WARN,
                "double registration",
                f"{here} holds hookward's {other} hooks too, and both hosts read it: each may run the other's hook",
            )
    for other in installers.also_reads(host):
        for layer, directory in (("user", None), ("project", project_dir or os.getcwd())):
            if is_installed(other, layer, directory):
                report.add(
                    WARN,
                    "double registration",
                    f"{host} also runs {other}'s hooks, and hookward is installed for {other} ({layer} config): "
                    f"each call is also answered as if {host} were {other}",
                )
