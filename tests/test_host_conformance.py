"""One conformance suite over every host in the registry, driven by each host's registry facts.

Every host (compat/hosts/<host>.json) gets the same hostile inputs through the real hook
entry point (`adapters.hook.main`, stdin and stdout as the host wires them): a malformed
payload, an event the host does not have, a call the policy denies, a call that needs a
person on a host where no prompt reaches one, a crash inside hookward, a run past the
deadline and a stdin that never sends anything. Each must get a refusal in the host's own
format (its deny JSON, or exit 2 with the reason on stderr), and stdout must hold nothing but
that one answer. Hook payloads are the registry's `sample_payload`; nothing here lists a host
by hand, so host #19 is covered by adding its registry file and its adapter.

The last part checks self-protection from the same registry: every config location, every
config file `hookward install` writes, and every file an off switch or a trust record lives
in is refused to an agent under the floor `self-protection`.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from hookward.adapters import ADAPTERS, adapter_for, doctor, hook, installers
from hookward.adapters.install import ConfigError
from hookward.adapters.render import DENY, Answer
from hookward.compat import registry
from hookward.compat.answer import DEFAULT_TRUSTED_GRADE
from hookward.policy import protection
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict

HOSTS = registry.host_ids()
HOOK_HOSTS = [host for host in HOSTS if registry.sample_payload(host) is not None]
NO_HOOK_HOSTS = [host for host in HOSTS if registry.load_host(host)["paradigm"] == "mcp-only"]

CREDENTIAL_READ = "cat ~/.ssh/id_rsa"  # refused by floor.credentials
UNKNOWN_PROGRAM = "frobnicate-xyz --go"  # no spec knows it: an ask (default.unknown)
SELF = "floor.self-protection"


class FakeClock:
    """A monotonic clock that moves `step` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step

    def __call__(self) -> float:
        value = self.now
        self.now += self.step
        return value


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    (home / "proj" / ".git").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for name in protection.redirect_variables():
        if not name.startswith("XDG_"):
            monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def project(home: Path) -> str:
    return str(home / "proj")


class Wire:
    """What the host reads back: exit status, stdout, stderr, exactly as the hook wrote them."""

    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.code, self.stdout, self.stderr = code, stdout, stderr

    def text(self) -> str:
        return self.stdout + "\n" + self.stderr


def run_hook(host: str, event: str, stdin: object, capsys: pytest.CaptureFixture[str], clock=None) -> Wire:  # type: ignore[no-untyped-def]
    saved = sys.stdin
    sys.stdin = stdin  # type: ignore[assignment]
    try:
        code = hook.main(host, event, clock=clock)
    finally:
        sys.stdin = saved
    out = capsys.readouterr()
    return Wire(code, out.out, out.err)


def send(host: str, event: str, raw: bytes, capsys: pytest.CaptureFixture[str], clock=None) -> Wire:  # type: ignore[no-untyped-def]
    return run_hook(host, event, SimpleNamespace(buffer=io.BytesIO(raw)), capsys, clock)


def sample(host: str, command: str, cwd: str) -> tuple[str, bytes]:
    found = doctor.self_test_payload(host, command, cwd)
    assert found is not None, host
    event, payload = found
    return event, json.dumps(payload).encode()


def assert_refused(host: str, event: str, wire: Wire, *marks: str) -> None:
    """The host's block answer, nothing else on stdout, and the reason carries `marks`."""
    registry_failures = registry.load_host(host)["failures"]
    if wire.stdout == "":
        # exit 2 with the reason on stderr: the block of exit-2 hosts (Qwen Code reads the reason only there)
        assert wire.code == 2, (host, wire.code, wire.stderr)
        assert wire.stderr.strip(), host
        assert registry_failures["exit_2"]["value"] != "runs", f"{host}: exit 2 lets the tool run there"
    else:
        answer = json.loads(wire.stdout)  # one JSON value and nothing else: no stray line the host misreads
        assert isinstance(answer, dict), (host, wire.stdout)
        template = doctor.block_template(host, event)
        assert template is not None, host
        expected_stdout, expected_code = template
        assert expected_stdout is not None and doctor.matches_template(answer, expected_stdout), (host, answer)
        assert wire.code == expected_code, (host, wire.code)
    for mark in marks:
        assert mark in wire.text(), (host, mark, wire.text())


def pre_event(host: str) -> str:
    found = registry.sample_payload(host)
    return found[0] if found else "PreToolUse"


# --- every host has one explicit adapter ----------------------------------------------------


def test_the_adapter_table_and_the_registry_name_the_same_hosts() -> None:
    assert sorted(ADAPTERS) == HOSTS
    assert len(HOSTS) == 18


@pytest.mark.parametrize("host", HOSTS)
def test_each_hosts_adapter_speaks_for_that_host(host: str) -> None:
    from hookward.adapters.protocol import HostAdapter

    adapter = adapter_for(host)
    assert adapter.HOST == host
    assert isinstance(adapter, HostAdapter), host
    for name in ("parse", "parse_post", "spell", "spell_post"):
        assert callable(getattr(adapter, name, None)), (host, name)


@pytest.mark.parametrize("host", HOSTS)
def test_an_adapters_own_event_list_is_the_registrys(host: str) -> None:
    declared = getattr(adapter_for(host), "EVENTS", None)
    if declared is not None:
        assert set(declared) == set(registry.load_host(host)["events"]), host


@pytest.mark.parametrize("host", HOSTS)
def test_each_host_says_how_install_registers_hookward(host: str) -> None:
    assert installers.style_for(host) is installers.STYLES[host]
    assert (
        registry.load_host(host)["install"]["kind"]
        == {"stdio-json": "hooks", "plugin": "plugin", "mcp-only": "mcp"}[registry.load_host(host)["paradigm"]]
    )


@pytest.mark.parametrize("name", ["../hook", "hook", "render", "claude_code", "", "CLAUDE-CODE"])
def test_a_name_outside_the_adapter_table_is_an_unknown_host(name: str) -> None:
    with pytest.raises(registry.UnknownHost):
        adapter_for(name)


def test_every_hook_host_has_a_sample_payload() -> None:
    missing = [host for host in HOSTS if host not in HOOK_HOSTS and host not in NO_HOOK_HOSTS]
    assert not missing
    assert NO_HOOK_HOSTS and len(HOOK_HOSTS) + len(NO_HOOK_HOSTS) == len(HOSTS)


@pytest.mark.parametrize("host", HOOK_HOSTS)
def test_sample_payload_is_a_shell_call_the_hosts_adapter_reads(host: str, project: str) -> None:
    event, raw = sample(host, CREDENTIAL_READ, project)
    call = adapter_for(host).parse(event, json.loads(raw))
    assert (call.kind, call.command) == ("shell", CREDENTIAL_READ)


# --- hostile input through the hook, on every host -------------------------------------------


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("raw", [b"{not json", b"", b"[1, 2]", b"\xff\xfe{}", b'{"tool_name": 7}'])
def test_malformed_payload_is_refused_in_the_hosts_own_format(
    host: str, raw: bytes, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = pre_event(host)
    wire = send(host, event, raw, capsys)
    marks = ("hookward",) if host in NO_HOOK_HOSTS else (hook.FAILED_CLOSED,)
    assert_refused(host, event, wire, *marks)


@pytest.mark.parametrize("host", HOSTS)
def test_unknown_event_is_refused_in_the_hosts_own_format(
    host: str, project: str, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = sample(host, "ls", project)[1] if host in HOOK_HOSTS else b"{}"
    wire = send(host, "NoSuchEvent", raw, capsys)
    assert_refused(host, "NoSuchEvent", wire, hook.UNKNOWN_EVENT)


@pytest.mark.parametrize("host", HOOK_HOSTS)
def test_policy_deny_is_the_hosts_block_with_the_rule_id(
    host: str, project: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event, raw = sample(host, CREDENTIAL_READ, project)
    wire = send(host, event, raw, capsys)
    assert_refused(host, event, wire, "floor.credentials")
    assert hook.FAILED_CLOSED not in wire.text()  # refused by the policy, not by a failure


def ask_reaches_a_person(host: str, event: str, payload: dict) -> bool:
    """What the registry says an ask does on this host's pre event in the payload's mode."""
    caps = registry.Capabilities.of(host)
    mode = caps.known_mode(payload.get("permission_mode"))
    fact = caps.effect(event, "ask", mode)
    return fact.get("value") == "prompts" and registry.grade_at_least(fact, DEFAULT_TRUSTED_GRADE)


@pytest.mark.parametrize("host", HOOK_HOSTS)
def test_ask_where_no_prompt_reaches_a_person_is_refused(
    host: str, project: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event, raw = sample(host, UNKNOWN_PROGRAM, project)
    wire = send(host, event, raw, capsys)
    if ask_reaches_a_person(host, event, json.loads(raw)):
        # the host prompts: the ask (or a refusal) goes out, never an allow or silence
        assert wire.stdout.strip() or wire.code == 2, (host, wire.text())
        assert "default.unknown" in wire.text() or "no rule knows" in wire.text(), (host, wire.text())
        return
    assert_refused(host, event, wire, "default.unknown")


def test_some_hosts_prompt_on_ask_and_some_refuse_it() -> None:
    """The ask case above exercises both branches (a registry change that removed one would hide it)."""
    prompting = [h for h in HOOK_HOSTS if ask_reaches_a_person(h, pre_event(h), _sample_template(h))]
    assert 0 < len(prompting) < len(HOOK_HOSTS)


def _sample_template(host: str) -> dict:
    found = registry.sample_payload(host)
    return found[1] if found else {}


@pytest.mark.parametrize("host", HOOK_HOSTS)
def test_crash_inside_hookward_is_refused_in_the_hosts_own_format(
    host: str, project: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from hookward.policy import engine

    def crash(call):  # type: ignore[no-untyped-def]
        raise RuntimeError("planted crash")

    monkeypatch.setattr(engine, "evaluate_call", crash)
    event, raw = sample(host, "ls", project)
    wire = send(host, event, raw, capsys)
    assert_refused(host, event, wire, hook.FAILED_CLOSED, "planted crash")


@pytest.mark.parametrize("host", HOOK_HOSTS)
def test_run_past_the_deadline_is_refused_in_the_hosts_own_format(
    host: str, project: str, capsys: pytest.CaptureFixture[str]
) -> None:
    event, raw = sample(host, ";".join(["echo a"] * 300), project)
    wire = send(host, event, raw, capsys, clock=FakeClock(step=0.05))
    assert_refused(host, event, wire, hook.FAILED_CLOSED, "ran out of time")


@pytest.mark.parametrize("host", HOSTS)
def test_stdin_that_never_sends_is_refused_at_the_deadline(host: str, capsys: pytest.CaptureFixture[str]) -> None:
    read_end, write_end = os.pipe()
    try:
        with os.fdopen(read_end, "rb", closefd=False) as stream:
            wire = run_hook(host, pre_event(host), SimpleNamespace(buffer=stream), capsys, clock=FakeClock(step=10.0))
    finally:
        os.close(read_end)
        os.close(write_end)
    marks = ("hookward",) if host in NO_HOOK_HOSTS else ("no complete JSON payload",)
    assert_refused(host, pre_event(host), wire, *marks)


@pytest.mark.parametrize("host", HOOK_HOSTS)
def test_deny_spelling_states_the_reason_where_the_host_reads_it(host: str) -> None:
    wire = adapter_for(host).spell(Answer(DENY, "the reason", Verdict.DENY), pre_event(host))
    assert "the reason" in (wire.stdout or wire.stderr), host
    if not wire.stdout:
        assert wire.exit_code == 2, host


# --- self-protection, from the registry -----------------------------------------------------


def samples(pattern: str, home: str, project: str) -> list[str]:
    """Concrete paths a registry location glob names (~/ at home, / absolute, else in the project)."""
    if pattern.startswith("~/"):
        base, rest = home, pattern[2:]
    elif pattern.startswith("/"):
        base, rest = "", pattern[1:]
    else:
        base, rest = project, pattern
    rest = rest.replace("**", "deep/er").replace("*", "x").replace("?", "x")
    return [os.path.join(base, rest) if base else "/" + rest]


def assert_write_refused(path: str, project: str, host: str, what: str) -> None:
    decision = evaluate(ToolCall("write", paths=[path], cwd=project, project_root=project, host=host, content="x"))
    assert decision.verdict == Verdict.DENY and SELF in decision.rule_ids, (host, what, path, decision.to_dict())


@pytest.mark.parametrize("host", HOSTS)
def test_every_config_location_of_the_host_is_under_self_protection(host: str, home: Path, project: str) -> None:
    locations = registry.load_host(host)["config_locations"]
    assert locations, f"{host} lists no config location"
    for entry in locations:
        for path in samples(entry["path"], str(home), project):
            assert_write_refused(path, project, host, entry["path"])


@pytest.mark.parametrize("host", HOSTS)
def test_the_config_file_install_writes_is_under_self_protection(host: str, home: Path, project: str) -> None:
    checked = 0
    for scope in ("user", "project"):
        try:
            plan = installers.plan_for(host, scope=scope, project_dir=project, executable="/hookward", host_version="0")
        except ConfigError:
            continue  # the registry names no config for this scope
        for registration in plan.registrations:
            assert_write_refused(registration.file, project, host, f"install --{scope}")
            checked += 1
    assert checked, f"{host}: install writes no file at all"


@pytest.mark.parametrize("host", HOSTS)
def test_files_holding_an_off_switch_or_a_trust_record_are_under_self_protection(
    host: str, home: Path, project: str
) -> None:
    files = [entry["where"] for entry in registry.off_switches(host) if entry["where"] != registry.REGISTERED_CONFIG]
    trust = registry.trust_state(host)
    if trust:
        files.append(trust["file"])
    for template in files:
        path = installers.expand(template.removeprefix("<project>/"), project)
        assert_write_refused(path, project, host, template)


@pytest.mark.parametrize("host", HOSTS)
def test_a_variable_that_moves_the_hosts_config_moves_its_protection(
    host: str, home: Path, project: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = registry.load_host(host)
    for variable in data["config_variables"]:
        moved = tmp_path / "moved" / variable["name"].lower()
        monkeypatch.setenv(variable["name"], str(moved))
        replaced = variable["replaces"].rstrip("/")
        for entry in data["config_locations"]:
            glob = entry["path"]
            if entry["scope"] != "user" or not (glob == replaced or glob.startswith(replaced + "/")):
                continue
            rest = glob[len(replaced) :].lstrip("/")
            for path in samples("~/" + rest if rest else "~", str(moved), project):
                assert_write_refused(path, project, host, f"{variable['name']} moves {glob}")
        monkeypatch.delenv(variable["name"])


def test_no_host_config_location_is_listed_by_hand(home: Path, project: str) -> None:
    """The knowledge list of what else to protect (hookward's project files, other gates) holds no path a
    host's registry locations cover: a host's config is protected because the registry names it, only."""
    from hookward.policy.knowledge.paths import SELF_PROTECTION

    registry_labels = {label for label, *_ in protection.derive_registry()[0]}
    assert registry_labels
    listed = [line for _gid, _label, lines in SELF_PROTECTION for line in lines if not line.startswith("!")]
    assert listed
    for line in listed:
        for path in samples(line, str(home), project):
            covered = sorted({p.label for p in protection.protected(path, str(home)) if p.label in registry_labels})
            assert not covered, f"{line} is listed by hand in policy/knowledge/paths.py but {covered} cover it"


def test_mcp_client_names_name_one_host_each() -> None:
    owners: dict[str, str] = {}
    for host in HOSTS:
        entry = registry.load_host(host).get("mcp_client_names") or {}
        for name in entry.get("names", []) + entry.get("prefixes", []):
            assert name not in owners, f"{name!r} is claimed by {owners[name]} and {host}"
            owners[name] = host
    from hookward.adapters.mcp_clients import host_for_client

    assert all(host_for_client(name) == host for name, host in owners.items() if name in _exact_names())


def _exact_names() -> set[str]:
    return set(registry.mcp_client_names()[0])


def test_also_runs_hooks_of_names_hosts_the_registry_has() -> None:
    for host in HOSTS:
        for other in registry.also_runs_hooks_of(host):
            assert other in HOSTS and other != host, (host, other)
