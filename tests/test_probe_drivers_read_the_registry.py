"""A probe driver reads the host's facts from its registry file; compat/probes keeps only how a host is driven.

The package and version installed, the executable, the pre-tool event, the file the hook is registered in,
the host's own variables and the tools it offers the model are compat/hosts/<host>.json facts
(`version_examined`, `package`, `events`, `probe`).
"""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import pytest
from hookward.compat import registry, schema
from hookward.compat.probes import approval, drivers
from hookward.compat.probes.drivers import DRIVERS, Targets

PROBES_DIR = Path(drivers.__file__).resolve().parent
PROBED = sorted(DRIVERS)


@pytest.mark.parametrize("host", PROBED)
def test_a_probe_installs_the_package_and_version_the_registry_examined(host: str) -> None:
    driver, facts = DRIVERS[host], registry.load_host(host)
    assert driver.version == facts["version_examined"]
    assert driver.package == (facts["probe"].get("package") or facts["package"])
    assert driver.binary == facts["probe"]["binary"]


@pytest.mark.parametrize("host", PROBED)
def test_a_probe_hooks_the_pre_tool_event_and_offers_the_tools_the_registry_names(host: str) -> None:
    driver, facts = DRIVERS[host], registry.load_host(host)
    assert facts["events"][driver.pre_event]["role"] == "pre"
    assert {kind: tool.name for kind, tool in driver.tools.items()} == {
        kind: entry["name"] for kind, entry in facts["probe"]["tools"].items()
    }


@pytest.mark.parametrize("host", sorted(approval.DRIVERS))
def test_an_approval_probe_hooks_the_registrys_approval_event(host: str) -> None:
    assert registry.load_host(host)["events"][approval.DRIVERS[host].pre_event]["role"] == "approval"


def test_a_probe_fills_the_hosts_variables_and_tool_arguments_with_its_own_targets(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = drivers.CODEX.env(home, 4321)
    assert env["PATH"] == drivers.BASE_PATH and env["HOME"] == str(home)
    assert env["CODEX_HOME"] == str(home / ".codex")
    assert drivers.CLAUDE_CODE.env(home, 4321)["ANTHROPIC_BASE_URL"] == "http://127.0.0.1:4321"
    targets = Targets(tmp_path, tmp_path / "m", tmp_path / "secret", tmp_path / "written", 7)
    assert drivers.CODEX.tools["read"].arguments(targets) == {"cmd": f"cat {tmp_path / 'secret'}"}
    assert drivers.CLAUDE_CODE.tools["shell"].arguments(targets)["command"] == targets.shell_command()
    assert drivers.CLAUDE_CODE.write_config(home, tmp_path, "hook") == home / ".claude" / "settings.json"


def _registry_facts() -> dict[str, str]:
    """Text that is a fact of one host's file: versions, packages, executables, hook files, variables, events."""
    found: dict[str, str] = {}
    for host in registry.host_ids():
        data = registry.load_host(host)
        probe = data.get("probe")
        if not probe:
            continue
        packages = (data.get("package"), probe.get("package"), probe.get("plugin_sdk"))
        for value in (data["version_examined"], *packages, probe["binary"]):
            if value:
                found[value] = host
        found[probe["hook_file"]] = host
        found.update(dict.fromkeys(probe.get("env", {}), host))
        found.update(dict.fromkeys(data["events"], host))
    # Words that are a host's id or event name and also the probe's own vocabulary: the host ids the drivers are
    # keyed by, and the OpenAI wire's tool_call / tool_result the fake model speaks (Pi's events share the names).
    for word in [*registry.host_ids(), "tool_call", "tool_result"]:
        found.pop(word, None)
    return found


def test_no_probe_module_spells_a_host_fact_its_registry_file_holds() -> None:
    facts = _registry_facts()
    assert len(facts) > 50
    spelled = []
    for path in sorted(PROBES_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in facts:
                spelled.append(f"{path.name}:{node.lineno} {node.value!r} ({facts[node.value]})")
    assert not spelled, (
        "host facts hard-coded in compat/probes (read them from compat/hosts/<host>.json):\n" + "\n".join(spelled)
    )


def _with_probe(**changes: object) -> dict:
    data = copy.deepcopy(registry.load_host("codex"))
    data["probe"].update(changes)
    return data


def test_a_probe_variable_with_an_unknown_slot_is_refused() -> None:
    data = _with_probe(env={"OPENAI_BASE_URL": "http://127.0.0.1:{prot}/v1"})
    with pytest.raises(schema.RegistryError, match=r"env\.OPENAI_BASE_URL: unknown slots"):
        schema.validate_host(data, "codex")


def test_a_probe_tool_whose_arguments_carry_no_target_is_refused() -> None:
    data = _with_probe(tools={"shell": {"name": "exec_command", "arguments": {"cmd": "true"}}})
    with pytest.raises(schema.RegistryError, match="probe.tools.shell"):
        schema.validate_host(data, "codex")


def test_a_probe_hook_file_outside_the_home_is_refused() -> None:
    with pytest.raises(schema.RegistryError, match="probe"):
        schema.validate_host(_with_probe(hook_file="/etc/codex/hooks.json"), "codex")


def test_a_probe_writes_the_hosts_settings_the_registry_lists(tmp_path: Path) -> None:
    import json
    import tomllib

    home, work = tmp_path / "home", tmp_path / "work"
    drivers.CODEX.write_config(home, work, "hook")
    config = tomllib.loads((home / ".codex" / "config.toml").read_text(encoding="utf-8"))
    assert config["features"]["hooks"] is True and config["check_for_update_on_startup"] is False
    assert config["model_providers"]["probe"]["base_url"] == f"http://127.0.0.1:{drivers.MODEL_PORT}/v1"
    drivers.GEMINI_CLI.write_config(home, work, "hook")
    settings = json.loads((home / ".gemini" / "settings.json").read_text(encoding="utf-8"))
    assert settings["hooksConfig"] == {"enabled": True}
    assert settings["security"]["folderTrust"] == {"enabled": False}
    assert list(settings["hooks"]) == ["BeforeTool"]


def test_a_probe_setting_that_is_not_a_dotted_key_path_is_refused() -> None:
    with pytest.raises(schema.RegistryError, match="dotted key path"):
        schema.validate_host(_with_probe(settings={"features..hooks": True}), "codex")


@pytest.mark.parametrize("host", PROBED)
def test_a_probe_runs_the_postures_and_command_line_the_registry_lists(host: str) -> None:
    driver, probe = DRIVERS[host], registry.load_host(host)["probe"]
    assert [(p.name, list(p.flags), p.mode) for p in driver.postures] == [
        (p["name"], p.get("flags", []), p["mode"]) for p in probe["postures"]
    ]
    posture = driver.postures[-1]
    argv = driver.argv(Path("/opt/host/bin/x"), posture, "PROMPT")
    assert "/opt/host/bin/x" in argv and "PROMPT" in argv
    assert all(flag in argv for flag in posture.flags)


def test_a_probe_posture_whose_mode_the_registry_does_not_list_is_refused() -> None:
    # Qwen Code's payload spells the mode auto-edit; a posture filed under auto_edit would back no fact.
    data = copy.deepcopy(registry.load_host("qwen-code"))
    data["probe"]["postures"][1]["mode"] = "auto_edit"
    with pytest.raises(schema.RegistryError, match=r"modes \['auto_edit'\] are not listed"):
        schema.validate_host(data, "qwen-code")
