"""`hookward install / uninstall / doctor`: exactly hookward's entries come and go, and they fail closed.

Every test runs in a temporary HOME with the XDG directories and the hosts'
own config-location variables pointed into it: the real ~ is never touched.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hookward.adapters import doctor, install, installers
from hookward.adapters.install import ConfigError
from hookward.compat import registry
from typer.testing import CliRunner

from hookward.app import app

HOSTS = [
    "claude-code",
    "qwen-code",
    "gemini-cli",
    "vscode-copilot",
    "jetbrains-copilot",
    "copilot-cli",
    "cursor",
    "opencode",
    "kilocode",
    "openclaw",
    "codex",
    "kimi",
    "antigravity",
    "antigravity-cli",
    "kiro",
    "zed",
    "pi",
    "omp",
]
FIXTURES = Path(__file__).parent / "fixtures" / "configs"
FAKE_EXE = "/opt/hookward/bin/hookward"
REAL_EXE = os.path.join(os.path.dirname(sys.executable), "hookward")

# Variables hosts read to relocate their configs: unset so the registry's defaults apply under the fake HOME.
HOST_LOCATION_VARS = (
    "CLAUDE_CONFIG_DIR",
    "CODEX_HOME",
    "KIMI_CODE_HOME",
    "COPILOT_HOME",
    "GEMINI_CLI_HOME",
    "QWEN_HOME",
    "OPENCODE_CONFIG_DIR",
    "OPENCODE_CONFIG",
    "KILO_CONFIG_DIR",
    "OPENCLAW_STATE_DIR",
    "OPENCLAW_CONFIG_PATH",
    "PI_CODING_AGENT_DIR",
    "PI_CONFIG_DIR",
    "KIRO_HOME",
)


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "project").mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    for name in HOST_LOCATION_VARS:
        monkeypatch.delenv(name, raising=False)
    # The host releases installed on this machine must not change what a test plans.
    monkeypatch.setattr("hookward.adapters.host_version.installed_version", lambda host, path_env=None: None)
    monkeypatch.chdir(tmp_path / "project")
    # Where the test interpreter lives is not what these tests are about (tests/test_isolation.py is).
    monkeypatch.setattr(install, "environment_problem", lambda *args, **kwargs: None)
    return tmp_path


def scopes(host: str) -> list[str]:
    config = registry.load_host(host).get("config", {})
    return [scope for scope in ("user", "project") if config.get(scope)]


HOST_SCOPES = [(host, scope) for host in HOSTS for scope in (["user", "project"])]


def primary_scope(host: str) -> str:
    """The user's config where hookward may write it, else the project's."""
    if "user" not in scopes(host):
        return "project"
    try:
        installers.plan_for(host, scope="user", executable=FAKE_EXE)
    except ConfigError as error:
        if "config too" in str(error):
            return "project"
    return "user"


def scope_args(host: str, sandbox: Path) -> list[str]:
    return [] if primary_scope(host) == "user" else ["--project", str(sandbox / "project")]


def plan_for(host: str, scope: str, sandbox: Path, exe: str = FAKE_EXE) -> installers.Plan:
    if scope not in scopes(host):
        pytest.skip(f"the registry names no {scope}-level config for {host}")
    try:
        plan = installers.plan_for(host, scope=scope, project_dir=str(sandbox / "project"), executable=exe)
    except ConfigError as error:
        if "config too" in str(error):
            pytest.skip(f"{host} refuses its {scope} config, another host's file (see the test for that)")
        raise
    for reg in plan.registrations:
        assert os.path.realpath(reg.file).startswith(str(sandbox)), f"{reg.file} is outside the sandbox"
    return plan


def fixture_text(host: str, reg: install.Registration) -> str | None:
    """The user's own content for the file a registration edits (from tests/fixtures/configs/<host>/)."""
    folder = FIXTURES / host
    if isinstance(reg, install.MarkedText):
        names = ["instructions.md"]
    elif isinstance(reg, install.OwnedFile):
        return None
    else:
        names = ["config.json", "config.jsonc", "config.toml"]
    for name in names:
        if (folder / name).exists():
            return (folder / name).read_bytes().decode("utf-8")
    raise AssertionError(f"no fixture for {host} in {folder} (one of {names})")


def seed(plan: installers.Plan) -> None:
    """Put the user's content where the host keeps it (and a foreign plugin beside hookward's)."""
    for reg in plan.registrations:
        path = Path(reg.file)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = fixture_text(plan.host, reg)
        if text is not None:
            path.write_bytes(text.encode("utf-8"))
        elif isinstance(reg, install.OwnedFile):
            (path.parent / "someone-elses-plugin.js").write_text("export default () => ({})\n")


def snapshot(root: Path) -> dict[str, object]:
    """Every file (bytes, mode) and directory under root, except hookward's own state."""
    found: dict[str, object] = {}
    for dirpath, _dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        if rel.split(os.sep)[0] == "state":
            continue
        found[rel + "/"] = "dir"
        for name in filenames:
            path = os.path.join(dirpath, name)
            found[os.path.join(rel, name)] = (Path(path).read_bytes(), stat.S_IMODE(os.lstat(path).st_mode))
    return found


def do(plan: installers.Plan, *, install_it: bool) -> list[install.FileChange]:
    changes = install.plan(plan.registrations, install=install_it)
    install.apply(changes, plan.host, install=install_it)
    return changes


def hookward_entries(plan: installers.Plan) -> list[tuple[str, str, str]]:
    return doctor._installed_commands(plan)


# ---------------------------------------------------------------------------
# every host: the round trip, idempotence, dry run, refusal


@pytest.mark.parametrize(("host", "scope"), HOST_SCOPES)
def test_install_then_uninstall_leaves_the_users_config_byte_for_byte(host: str, scope: str, sandbox: Path) -> None:
    plan = plan_for(host, scope, sandbox)
    seed(plan)
    before = snapshot(sandbox)
    changes = do(plan, install_it=True)
    assert changes, "install changed nothing"
    assert hookward_entries(plan), "install wrote no entry hookward can find"
    assert snapshot(sandbox) != before
    do(plan, install_it=False)
    assert snapshot(sandbox) == before


@pytest.mark.parametrize(("host", "scope"), HOST_SCOPES)
def test_install_into_a_host_with_no_config_and_uninstall_leaves_nothing_behind(
    host: str, scope: str, sandbox: Path
) -> None:
    plan = plan_for(host, scope, sandbox)
    before = snapshot(sandbox)
    do(plan, install_it=True)
    assert hookward_entries(plan)
    do(plan, install_it=False)
    assert snapshot(sandbox) == before


@pytest.mark.parametrize("host", HOSTS)
def test_installing_twice_adds_nothing_twice(host: str, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    seed(plan)
    do(plan, install_it=True)
    once = snapshot(sandbox)
    entries = hookward_entries(plan)
    assert install.plan(plan.registrations, install=True) == []
    do(plan, install_it=True)
    assert snapshot(sandbox) == once
    assert hookward_entries(plan) == entries
    events = [event for event, _, _ in entries]
    assert len(events) == len(set(events)), f"an event is registered twice: {events}"


@pytest.mark.parametrize("host", HOSTS)
def test_reinstall_after_hookward_moved_replaces_the_entry_in_place(host: str, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    seed(plan)
    do(plan, install_it=True)
    count = len(hookward_entries(plan))
    moved = plan_for(host, primary_scope(host), sandbox, exe="/usr/local/other place/hookward")
    do(moved, install_it=True)
    entries = hookward_entries(moved)
    assert len(entries) == count
    assert all("other place" in command for _, _, command in entries)
    do(moved, install_it=False)
    assert hookward_entries(moved) == []


@pytest.mark.parametrize("host", HOSTS)
def test_dry_run_prints_the_diff_and_writes_nothing(host: str, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    seed(plan)
    before = snapshot(sandbox)
    result = CliRunner().invoke(app, ["install", host, "--dry-run", *scope_args(host, sandbox)])
    assert result.exit_code == 0, result.output
    assert snapshot(sandbox) == before
    assert not (sandbox / "state" / "hookward" / "backups").exists()
    added = [line for line in result.output.splitlines() if line.startswith("+") and not line.startswith("+++")]
    assert any("hookward" in line for line in added), result.output
    do(plan, install_it=True)
    installed = snapshot(sandbox)
    result = CliRunner().invoke(app, ["uninstall", host, "--dry-run", *scope_args(host, sandbox)])
    assert result.exit_code == 0, result.output
    assert snapshot(sandbox) == installed
    assert any(line.startswith("-") and "hookward" in line for line in result.output.splitlines())


BROKEN = {".json": '{"hooks": {"PreToolUse": [\n', ".jsonc": "{ /* never closed\n", ".toml": "[[hooks]\nevent =\n"}


@pytest.mark.parametrize("host", HOSTS)
def test_a_config_that_does_not_parse_is_refused_and_left_untouched(host: str, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    target = next(reg for reg in plan.registrations if not isinstance(reg, install.MarkedText))
    Path(target.file).parent.mkdir(parents=True, exist_ok=True)
    if isinstance(target, install.OwnedFile):
        # a plugin host's "config" is the plugin slot: a file hookward did not write is in the way
        Path(target.file).write_text("// the user's own plugin\nexport default () => ({})\n")
    else:
        suffix = ".toml" if isinstance(target, install.TomlHookTables) else ".json"
        Path(target.file).write_text(BROKEN[suffix])
    before = snapshot(sandbox)
    result = CliRunner().invoke(app, ["install", host, *scope_args(host, sandbox)])
    assert result.exit_code == 1
    assert "refused" in result.output and "nothing was changed" in result.output
    assert snapshot(sandbox) == before
    assert not (sandbox / "state" / "hookward" / "backups").exists()


@pytest.mark.parametrize("host", HOSTS)
def test_every_changed_file_is_backed_up_first(host: str, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    seed(plan)
    originals = {reg.file: Path(reg.file).read_bytes() for reg in plan.registrations if Path(reg.file).exists()}
    applied = install.apply(install.plan(plan.registrations, install=True), host, install=True)
    for path, backup in applied.backups.items():
        assert Path(backup).read_bytes() == originals[path]
        assert backup.startswith(str(sandbox / "state"))
    assert set(applied.backups) == {os.path.realpath(path) for path in originals if path in originals}


# ---------------------------------------------------------------------------
# the command written: absolute, fail closed, registry-driven


def hook_hosts() -> list[str]:
    return [host for host in HOSTS if isinstance(installers.STYLES.get(host), installers.HookStyle)]


def exit_2_hosts() -> list[str]:
    return [host for host in hook_hosts() if _exit_2_blocks(host)]


def _exit_2_blocks(host: str) -> bool:
    try:
        return installers.exit_2_blocks(host)
    except ConfigError:
        return False


def pre_commands(plan: installers.Plan) -> list[str]:
    return [command for _, role, command in hookward_entries(plan) if role == "pre"]


@pytest.mark.parametrize("host", exit_2_hosts())
def test_pre_hook_blocks_with_exit_2_when_hookward_cannot_start(host: str, sandbox: Path) -> None:
    missing = str(sandbox / "gone" / "hookward")
    plan = plan_for(host, primary_scope(host), sandbox, exe=missing)
    do(plan, install_it=True)
    commands = pre_commands(plan)
    assert commands
    for command in commands:
        ran = subprocess.run(["/bin/sh", "-c", command], input=b"{}", capture_output=True, timeout=10, check=False)
        assert ran.returncode == 2, (command, ran.returncode, ran.stderr)


@pytest.mark.parametrize("host", exit_2_hosts())
def test_pre_hook_passes_hookwards_own_answer_through(host: str, sandbox: Path) -> None:
    fake = sandbox / "bin" / "hookward"
    fake.parent.mkdir()
    plan = plan_for(host, primary_scope(host), sandbox, exe=str(fake))
    do(plan, install_it=True)
    command = pre_commands(plan)[0]
    answers = [
        ('printf \'{"deny": "yes"}\'; exit 0', 0, b'{"deny": "yes"}'),  # a JSON deny on stdout stays exit 0
        ("echo blocked >&2; exit 2", 2, b""),
        ("exit 0", 0, b""),
    ]
    for body, code, stdout in answers:
        fake.write_text(f"#!/bin/sh\ncat >/dev/null\n{body}\n")
        fake.chmod(0o755)
        ran = subprocess.run(["/bin/sh", "-c", command], input=b"{}", capture_output=True, timeout=10, check=False)
        assert (ran.returncode, ran.stdout) == (code, stdout), body


@pytest.mark.parametrize("host", exit_2_hosts())
def test_a_crashing_hookward_becomes_a_block(host: str, sandbox: Path) -> None:
    fake = sandbox / "bin" / "hookward"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'Traceback (most recent call last)' >&2\nexit 1\n")
    fake.chmod(0o755)
    plan = plan_for(host, primary_scope(host), sandbox, exe=str(fake))
    do(plan, install_it=True)
    for command in pre_commands(plan):
        ran = subprocess.run(["/bin/sh", "-c", command], input=b"{}", capture_output=True, timeout=10, check=False)
        assert ran.returncode == 2


@pytest.mark.parametrize("host", hook_hosts())
def test_hook_command_is_absolute_and_wrapped_only_where_exit_2_blocks(host: str, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    do(plan, install_it=True)
    wrapped = installers.exit_2_blocks(host)
    for _event, role, command in hookward_entries(plan):
        assert install.command_executable(command) == FAKE_EXE
        assert command.endswith(install.FAIL_CLOSED_SUFFIX) == (wrapped and role in ("pre", "approval")), command


@pytest.mark.parametrize("host", hook_hosts())
def test_fail_closed_switch_comes_from_the_registry(host: str, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    switch = installers.fail_closed_fields(host)
    for reg in plan.registrations:
        entries = reg.tables if isinstance(reg, install.TomlHookTables) else list(reg.entries.items())
        for item in entries:
            event, entry = (item["event"], item) if isinstance(item, dict) else item
            role = installers.host_facts(host)["events"][event]["role"]
            for key, value in switch.items():
                assert entry.get(key) == (value if role in ("pre", "approval") else None), (event, entry)
    if host == "cursor":
        assert switch == {"failClosed": True}


def test_kimi_gets_no_fail_mode_because_its_build_drops_every_hook_with_one(sandbox: Path) -> None:
    plan = plan_for("kimi", "user", sandbox)
    do(plan, install_it=True)
    config = tomllib.loads(Path(plan.config_file).read_text())
    ours = [table for table in config["hooks"] if install.is_hookward_command(table["command"], "kimi")]
    assert ours
    assert all(set(table) <= {"event", "matcher", "command", "timeout"} for table in ours), ours


@pytest.mark.parametrize("host", hook_hosts())
def test_installed_events_are_the_registrys(host: str, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    do(plan, install_it=True)
    style = installers.STYLES[host]
    events = registry.load_host(host)["events"]
    installed = {event for event, _, _ in hookward_entries(plan)}
    assert installed == {event for event, _ in installers.hook_events(host, style)}
    for event in installed:
        assert events[event]["role"] in ("pre", "post", "approval")


@pytest.mark.parametrize("host", hook_hosts())
def test_timeout_field_and_unit_agree_with_the_registry_text(host: str) -> None:
    style = installers.STYLES[host]
    text = registry.load_host(host)["config"]["registration"] or ""
    if style.timeout_field is None:
        return
    assert style.timeout_field in text, f"the registry's registration for {host} does not name {style.timeout_field}"
    says_ms = "millisecond" in text
    says_seconds = "second" in text.replace("millisecond", "")
    if says_ms or says_seconds:
        assert (style.timeout_unit == "ms") == says_ms, text


# ---------------------------------------------------------------------------
# doctor


def real_exe() -> str:
    if not (os.path.isfile(REAL_EXE) and os.access(REAL_EXE, os.X_OK)):
        pytest.skip("no installed hookward executable next to this Python")
    return REAL_EXE


def statuses(report: doctor.HostReport, name: str) -> list[str]:
    return [check.status for check in report.checks if check.name == name]


def trust_as_the_person_would(host: str, plan: installers.Plan) -> None:
    """Record, in the host's own config, the trust a person gives a new hook (Codex's /hooks review)."""
    if not (registry.load_host(host).get("hooks_need_trust") or {}).get("value"):
        return
    root = json.loads(Path(plan.config_file).read_text())
    lines = []
    for event, groups in root.get("hooks", {}).items():
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", event).lower()
        for i, group in enumerate(groups):
            for j, _ in enumerate(group.get("hooks", [])):
                key = f"{os.path.realpath(plan.config_file)}:{snake}:{i}:{j}"
                lines.append(f'[hooks.state."{key}"]\ntrusted_hash = "sha256:00"\n')
    state = Path(installers.expand(installers.trust_state(host)["file"], None))
    state.parent.mkdir(parents=True, exist_ok=True)
    with state.open("a") as handle:
        handle.write("\n".join(lines))


@pytest.mark.parametrize("host", HOSTS)
def test_doctor_reports_ok_after_install(host: str, sandbox: Path) -> None:
    exe = real_exe()
    plan = plan_for(host, primary_scope(host), sandbox, exe=exe)
    seed(plan)
    do(plan, install_it=True)
    trust_as_the_person_would(host, plan)
    report = doctor.diagnose(host, scope=plan.scope, project_dir=str(sandbox / "project"), executable=exe)
    if host == "kiro":  # an agent config no plain session reads: a failure whatever else passes
        assert [c.name for c in report.checks if c.status == doctor.FAIL] == ["read by a session"]
    else:
        assert not report.failed, [check.to_dict() for check in report.checks if check.status == doctor.FAIL]
    assert doctor.OK in statuses(report, "registered")
    # every host gets a self-test: a hook call in its own format, or a `check` through the MCP server
    assert statuses(report, "self-test")[:1] == [doctor.OK], report.to_dict()


@pytest.mark.parametrize("host", HOSTS)
def test_doctor_fails_when_the_config_is_missing(host: str, sandbox: Path) -> None:
    scope = primary_scope(host)
    report = doctor.diagnose(host, scope=scope, project_dir=str(sandbox / "project"), executable=FAKE_EXE)
    assert report.failed
    assert statuses(report, "config present") == [doctor.FAIL]
    result = CliRunner().invoke(app, ["doctor", host, *scope_args(host, sandbox)])
    assert result.exit_code == 1


def test_doctor_fails_when_the_hookward_binary_is_gone(sandbox: Path) -> None:
    gone = sandbox / "old-venv" / "bin" / "hookward"
    plan = plan_for("claude-code", "user", sandbox, exe=str(gone))
    do(plan, install_it=True)
    report = doctor.diagnose("claude-code", executable=FAKE_EXE)
    assert statuses(report, "executable") == [doctor.FAIL]


def test_doctor_does_not_pass_a_gate_that_blocks_only_because_it_is_broken(sandbox: Path) -> None:
    broken = sandbox / "bin" / "hookward"
    broken.parent.mkdir()
    broken.write_text("#!/bin/sh\ncat >/dev/null\necho 'hookward failed closed: ImportError: x' >&2\nexit 2\n")
    broken.chmod(0o755)
    plan = plan_for("claude-code", "user", sandbox, exe=str(broken))
    do(plan, install_it=True)
    report = doctor.diagnose("claude-code", executable=str(broken))
    assert report.failed
    assert doctor.FAIL in statuses(report, "self-test")


def test_doctor_fails_when_the_gate_lets_a_credential_read_through(sandbox: Path) -> None:
    lax = sandbox / "bin" / "hookward"
    lax.parent.mkdir()
    lax.write_text("#!/bin/sh\ncat >/dev/null\nexit 0\n")
    lax.chmod(0o755)
    plan = plan_for("claude-code", "user", sandbox, exe=str(lax))
    do(plan, install_it=True)
    report = doctor.diagnose("claude-code", executable=str(lax))
    assert statuses(report, "self-test")[:1] == [doctor.FAIL]


@pytest.mark.parametrize(
    ("host", "setting"),
    [
        ("claude-code", {"disableAllHooks": True}),
        ("qwen-code", {"disableAllHooks": True}),
        ("gemini-cli", {"hooksConfig": {"enabled": False}}),
        ("gemini-cli", {"hooksConfig": {"disabled": ["hookward"]}}),
    ],
)
def test_doctor_fails_on_a_setting_that_silently_switches_hooks_off(host: str, setting: dict, sandbox: Path) -> None:
    plan = plan_for(host, primary_scope(host), sandbox)
    path = Path(plan.config_file)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(setting, indent=2) + "\n")
    do(plan, install_it=True)
    report = doctor.diagnose(host, executable=FAKE_EXE)
    assert doctor.FAIL in statuses(report, "hooks switched off"), report.to_dict()


@pytest.mark.parametrize("layer", ["settings.json", "settings.local.json"])
def test_doctor_sees_a_kill_switch_in_the_project_layer_too(layer: str, sandbox: Path) -> None:
    plan = plan_for("claude-code", "user", sandbox)
    do(plan, install_it=True)
    project_settings = sandbox / "project" / ".claude" / layer
    project_settings.parent.mkdir(parents=True)
    project_settings.write_text('{"disableAllHooks": true}\n')
    report = doctor.diagnose("claude-code", executable=FAKE_EXE, project_dir=str(sandbox / "project"))
    assert doctor.FAIL in statuses(report, "hooks switched off")


@pytest.mark.parametrize("flag", ["hooks", "codex_hooks"])
def test_doctor_fails_when_codex_hooks_are_turned_off(flag: str, sandbox: Path) -> None:
    plan = plan_for("codex", "user", sandbox)
    do(plan, install_it=True)
    config = Path(installers.expand(installers.switches("codex")[0].file, None))
    config.write_text(f'model = "o4"\n\n[features]\n{flag} = false\n')
    report = doctor.diagnose("codex", executable=FAKE_EXE)
    assert doctor.FAIL in statuses(report, "hooks switched off")


def test_doctor_fails_while_codex_has_not_trusted_the_hook(sandbox: Path) -> None:
    plan = plan_for("codex", "user", sandbox)
    do(plan, install_it=True)
    report = doctor.diagnose("codex", executable=FAKE_EXE)
    assert statuses(report, "trusted") == [doctor.FAIL, doctor.FAIL]
    hooks_file = os.path.realpath(plan.config_file)
    config = Path(installers.expand(installers.trust_state("codex")["file"], None))
    config.write_text(
        f'[hooks.state."{hooks_file}:pre_tool_use:0:0"]\ntrusted_hash = "sha256:00"\n'
        f'[hooks.state."{hooks_file}:post_tool_use:0:0"]\ntrusted_hash = "sha256:00"\nenabled = false\n'
    )
    report = doctor.diagnose("codex", executable=FAKE_EXE)
    assert doctor.OK in statuses(report, "trusted")
    assert doctor.FAIL in statuses(report, "hooks switched off")


def test_doctor_warns_when_the_same_runnable_hook_is_registered_in_user_and_project(sandbox: Path) -> None:
    exe = sandbox / "home" / "bin" / "hookward"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    for scope in ("user", "project"):
        do(plan_for("claude-code", scope, sandbox, exe=str(exe)), install_it=True)
    report = doctor.diagnose("claude-code", executable=str(exe), project_dir=str(sandbox / "project"))
    assert set(statuses(report, "double registration")) == {doctor.WARN}


def test_doctor_fails_when_a_duplicate_hook_cannot_run(sandbox: Path) -> None:
    for scope in ("user", "project"):
        do(plan_for("claude-code", scope, sandbox), install_it=True)
    report = doctor.diagnose("claude-code", executable=FAKE_EXE, project_dir=str(sandbox / "project"))
    assert doctor.FAIL in statuses(report, "double registration")


def test_doctor_warns_that_cursor_also_runs_claude_codes_hooks(sandbox: Path) -> None:
    do(plan_for("claude-code", "user", sandbox), install_it=True)
    do(plan_for("cursor", "user", sandbox), install_it=True)
    report = doctor.diagnose("cursor", executable=FAKE_EXE)
    assert any("also runs claude-code" in c.detail for c in report.checks if c.name == "double registration")


def test_doctor_json_lists_every_check(sandbox: Path) -> None:
    do(plan_for("claude-code", "user", sandbox), install_it=True)
    result = CliRunner().invoke(app, ["doctor", "claude-code", "--json"])
    report = json.loads(result.output)
    assert report["hosts"][0]["host"] == "claude-code"
    assert {check["check"] for check in report["hosts"][0]["checks"]} >= {"config parses", "registered", "executable"}
    assert result.exit_code == (0 if report["ok"] else 1)


def test_doctor_without_a_host_checks_the_installed_ones(sandbox: Path) -> None:
    result = CliRunner().invoke(app, ["doctor"])
    assert result.exit_code == 1 and "no host" in result.output
    do(plan_for("claude-code", "user", sandbox), install_it=True)
    result = CliRunner().invoke(app, ["doctor", "--json"])
    assert [host["host"] for host in json.loads(result.output)["hosts"]] == ["claude-code"]


@pytest.mark.parametrize("host", [h for h in registry.host_ids() if registry.sample_payload(h)])
def test_self_test_payload_is_a_shell_call_in_the_hosts_own_format(host: str, tmp_path: Path) -> None:
    from hookward.adapters import adapter_for

    event, payload = doctor.self_test_payload(host, doctor.CREDENTIAL_READ, str(tmp_path)) or ("", {})
    assert registry.load_host(host)["events"][event]["role"] == "pre"
    adapter = adapter_for(host)
    call = adapter.parse(event, payload)
    assert (call.kind, call.command) == ("shell", doctor.CREDENTIAL_READ)


# ---------------------------------------------------------------------------
# the editing mechanism


ENTRY = {
    "matcher": "*",
    "hooks": [{"type": "command", "command": "/x/hookward hook claude-code PreToolUse || exit 2", "timeout": 30}],
}


def hook_reg(path: Path, *, comments: bool = False) -> install.HookEntries:
    entry = ENTRY["hooks"][0]
    return install.HookEntries(
        str(path), "claude-code", {"PreToolUse": dict(entry)}, group={"matcher": "*"}, comments=comments
    )


@pytest.mark.parametrize(
    "text",
    [
        '{\n\t"a": 1,\n\t"hooks": {}\n}\n',
        '{"a": 1, "b": [1,2]}',
        '{\r\n  "a": 1,\r\n  "hooks": {\r\n    "Stop": []\r\n  }\r\n}\r\n',
        '{\n    "hooks": {\n        "PreToolUse": [\n            {"hooks": [{"command": "mine"}]}\n        ]\n    }\n}',
        "{}",
        "  {  }  \n\n",
    ],
    ids=["tabs", "one-line", "crlf", "four-spaces-no-final-newline", "bare-empty", "padded-empty"],
)
def test_the_users_formatting_survives_the_round_trip(text: str, sandbox: Path) -> None:
    path = sandbox / "settings.json"
    path.write_bytes(text.encode())
    reg = hook_reg(path)
    do_reg([reg], True)
    installed = path.read_bytes().decode()
    assert json.loads(installed)["hooks"]["PreToolUse"][-1] == ENTRY
    if "\r\n" in text:
        assert "\n" not in installed.replace("\r\n", "")
    do_reg([reg], False)
    assert path.read_bytes().decode() == text


def do_reg(regs: list, install_it: bool) -> None:
    install.apply(install.plan(regs, install=install_it), "claude-code", install=install_it)


def test_jsonc_comments_and_trailing_commas_survive(sandbox: Path) -> None:
    text = (FIXTURES / "zed" / "config.jsonc").read_text()
    path = sandbox / "settings.json"
    path.write_text(text)
    reg = install.JsonMember(str(path), "zed", ("context_servers",), "hookward", {"command": FAKE_EXE}, comments=True)
    do_reg([reg], True)
    assert "// my favourite" in path.read_text()
    assert install.parse_json(path.read_text(), comments=True).value["context_servers"]["hookward"]
    do_reg([reg], False)
    assert path.read_text() == text


def test_comments_in_a_strict_json_config_are_refused(sandbox: Path) -> None:
    path = sandbox / "settings.json"
    path.write_text('{\n  // hi\n  "a": 1\n}\n')
    with pytest.raises(ConfigError, match="not valid JSON"):
        install.plan([hook_reg(path)], install=True)


def test_our_entry_is_found_by_its_command_not_its_position(sandbox: Path) -> None:
    user = {"matcher": "Bash", "hooks": [{"type": "command", "command": "audit.sh"}]}
    path = sandbox / "settings.json"
    path.write_text(json.dumps({"hooks": {"PreToolUse": [ENTRY, user]}}, indent=2))
    do_reg([hook_reg(path)], False)
    assert json.loads(path.read_text()) == {"hooks": {"PreToolUse": [user]}}


def test_our_command_inside_a_users_group_is_removed_alone(sandbox: Path) -> None:
    mixed = {"matcher": "*", "hooks": [{"type": "command", "command": "audit.sh"}, dict(ENTRY["hooks"][0])]}
    path = sandbox / "settings.json"
    path.write_text(json.dumps({"hooks": {"PreToolUse": [mixed]}}, indent=2))
    do_reg([hook_reg(path)], False)
    remaining = json.loads(path.read_text())["hooks"]["PreToolUse"]
    assert remaining == [{"matcher": "*", "hooks": [{"type": "command", "command": "audit.sh"}]}]


@pytest.mark.parametrize(
    "command",
    [
        "echo hookward hook claude-code PreToolUse",
        "/usr/bin/myhookward hook claude-code PreToolUse",
        "hookward hook claude-codex PreToolUse",
        "hookward check claude-code PreToolUse",
        "hookward-wrapper hook claude-code PreToolUse",
    ],
)
def test_lookalike_commands_are_not_taken_for_hookwards(command: str, sandbox: Path) -> None:
    assert not install.is_hookward_command(command, "claude-code")
    user = {"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": command}]}]}}
    path = sandbox / "settings.json"
    path.write_text(json.dumps(user))
    do_reg([hook_reg(path)], False)
    assert json.loads(path.read_text()) == user


def test_quoted_paths_with_spaces_are_recognized() -> None:
    command = install.hook_command("/Users/a b/bin/hookward", "codex", "PreToolUse", fail_closed_exit_2=True)
    assert command == "'/Users/a b/bin/hookward' hook codex PreToolUse || exit 2"
    assert install.is_hookward_command(command, "codex", "PreToolUse")
    assert install.command_executable(command) == "/Users/a b/bin/hookward"


def test_an_mcp_server_named_hookward_that_is_not_hookward_is_refused(sandbox: Path) -> None:
    path = sandbox / "mcp.json"
    path.write_text('{"mcpServers": {"hookward": {"command": "npx", "args": ["evil"]}}}\n')
    reg = install.JsonMember(str(path), "antigravity", ("mcpServers",), "hookward", {"command": FAKE_EXE})
    with pytest.raises(ConfigError, match="not hookward's"):
        install.plan([reg], install=True)
    assert install.plan([reg], install=False) == []


def test_a_toml_hooks_table_instead_of_an_array_is_refused(sandbox: Path) -> None:
    path = sandbox / "config.toml"
    path.write_text('[hooks]\nfoo = "bar"\n')
    reg = install.TomlHookTables(str(path), "kimi", [{"event": "PreToolUse", "command": "/x/hookward hook kimi X"}])
    with pytest.raises(ConfigError, match="not an array"):
        install.plan([reg], install=True)


@pytest.mark.parametrize("text", ["", "a = 1", "a = 1\n", "a = 1\n\n", "a = 1\r\nb = 2\r\n"])
def test_toml_block_round_trip_is_byte_exact(text: str, sandbox: Path) -> None:
    path = sandbox / "config.toml"
    path.write_bytes(text.encode())
    table = {"event": "PreToolUse", "command": "/x/hookward hook kimi PreToolUse || exit 2", "timeout": 30}
    reg = install.TomlHookTables(str(path), "kimi", [table])
    do_reg([reg], True)
    assert tomllib.loads(path.read_text())["hooks"] == [table]
    do_reg([reg], False)
    assert path.read_bytes() == text.encode()


def test_a_symlinked_config_is_edited_through_the_link(sandbox: Path) -> None:
    real = sandbox / "dotfiles" / "settings.json"
    real.parent.mkdir()
    real.write_text('{"a": 1}\n')
    link = sandbox / "settings.json"
    link.symlink_to(real)
    do_reg([hook_reg(link)], True)
    assert link.is_symlink()
    assert "hookward" in real.read_text()
    do_reg([hook_reg(link)], False)
    assert real.read_text() == '{"a": 1}\n' and link.is_symlink()


def test_the_files_permissions_are_kept(sandbox: Path) -> None:
    path = sandbox / "settings.json"
    path.write_text('{"token": "secret"}\n')
    path.chmod(0o600)
    do_reg([hook_reg(path)], True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_preexisting_empty_config_survives_uninstall(sandbox: Path) -> None:
    path = sandbox / "settings.json"
    path.write_text("{}\n")
    do_reg([hook_reg(path)], True)
    do_reg([hook_reg(path)], False)
    assert path.read_text() == "{}\n"


def test_a_users_empty_hooks_object_is_not_removed(sandbox: Path) -> None:
    path = sandbox / "settings.json"
    path.write_text('{\n  "hooks": {\n    "PreToolUse": []\n  }\n}\n')
    do_reg([hook_reg(path)], True)
    do_reg([hook_reg(path)], False)
    assert json.loads(path.read_text()) == {"hooks": {"PreToolUse": []}}


def test_without_hookward_home_nothing_is_guessed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HOME", raising=False)
    with pytest.raises(ConfigError, match="HOME"):
        installers.plan_for("claude-code", executable=FAKE_EXE)


def test_an_unknown_host_is_refused(sandbox: Path) -> None:
    result = CliRunner().invoke(app, ["install", "notepad"])
    assert result.exit_code == 1 and "no registry entry" in result.output


def test_registry_paths_honour_the_hosts_own_location_variable(sandbox: Path, monkeypatch) -> None:
    text = "~/.kimi-code/config.toml ($KIMI_CODE_HOME/config.toml when KIMI_CODE_HOME is set)"
    assert installers.registry_path(text, "kimi", None, {}) == str(sandbox / "home" / ".kimi-code" / "config.toml")
    monkeypatch.setenv("KIMI_CODE_HOME", str(sandbox / "kimi"))
    assert installers.registry_path(text, "kimi", None, {}) == str(sandbox / "kimi" / "config.toml")


def test_xdg_config_home_relocates_dot_config_paths(sandbox: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(sandbox / "xdg"))
    path = installers.registry_path("~/.config/zed/settings.json", "zed", None, {})
    assert path == str(sandbox / "xdg" / "zed" / "settings.json")


def test_vscode_user_install_refuses_to_write_flat_entries_into_claude_codes_settings(sandbox: Path) -> None:
    settings = sandbox / "home" / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"model": "opus"}\n')
    result = CliRunner().invoke(app, ["install", "vscode-copilot"])
    assert result.exit_code == 1
    assert "claude-code's config too" in result.output and "hookward install claude-code" in result.output
    assert settings.read_text() == '{"model": "opus"}\n'


def test_hosts_sharing_a_project_hooks_file_keep_each_others_entries(sandbox: Path) -> None:
    project = str(sandbox / "project")
    plans = {
        host: installers.plan_for(host, scope="project", project_dir=project, executable=FAKE_EXE)
        for host in ("vscode-copilot", "copilot-cli")
    }
    assert len({plan.config_file for plan in plans.values()}) == 1, "the registry no longer shares the file"
    for plan in plans.values():
        do(plan, install_it=True)
    shared = json.loads(Path(plans["copilot-cli"].config_file).read_text())
    assert shared["version"] == 1  # Copilot CLI rejects the whole file without it
    do(plans["vscode-copilot"], install_it=False)
    assert hookward_entries(plans["copilot-cli"]) and not hookward_entries(plans["vscode-copilot"])
    report = doctor.diagnose("copilot-cli", scope="project", project_dir=project, executable=FAKE_EXE)
    assert doctor.WARN not in statuses(report, "double registration")
    do(plans["vscode-copilot"], install_it=True)
    report = doctor.diagnose("copilot-cli", scope="project", project_dir=project, executable=FAKE_EXE)
    assert doctor.WARN in statuses(report, "double registration")


def test_a_users_plugin_that_mentions_hookward_is_not_taken_for_hookwards(sandbox: Path) -> None:
    plan = plan_for("opencode", "user", sandbox)
    shim = Path(plan.registrations[0].file)
    shim.parent.mkdir(parents=True)
    shim.write_text("// my wrapper around `hookward hook opencode tool.execute.before`\nexport default () => ({})\n")
    before = snapshot(sandbox)
    with pytest.raises(ConfigError, match="not written by hookward"):
        install.plan(plan.registrations, install=True)
    assert install.plan(plan.registrations, install=False) == []
    assert snapshot(sandbox) == before
