"""A host's own sign-in and the harmless files it keeps are facts of its registry file, not of a hand list.

compat/hosts/<host>.json `credential_files` and `harmless_files` are compiled into the built-in policy
(policy/loader.py) next to the generic lists of policy/knowledge/paths.py, which name no host's place.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hookward.compat import registry
from hookward.policy import loader, protection
from hookward.policy.engine import evaluate
from hookward.policy.knowledge import paths as kpaths
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict

CREDENTIALS = "floor.credentials"
SWEEP = "floor.credential-sweep"
HOSTS = registry.host_ids()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    home = tmp_path / "home"
    (home / "proj").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for name in protection.redirect_variables():
        monkeypatch.delenv(name, raising=False)
    return str(home)


def sample(pattern: str, home: str) -> str:
    rest = pattern[2:] if pattern.startswith("~/") else pattern[1:]
    rest = rest.replace("**", "deep/er").replace("*", "x").replace("?", "x")
    return os.path.join(home, rest) if pattern.startswith("~/") else "/" + rest


def read(path: str, home: str, host: str):
    project = os.path.join(home, "proj")
    return evaluate(ToolCall("read", paths=[path], cwd=project, project_root=project, host=host))


def shell(command: str, home: str, host: str):
    project = os.path.join(home, "proj")
    return evaluate(ToolCall("shell", command=command, cwd=project, project_root=project, host=host))


def entries(field: str) -> list[tuple[str, str]]:
    return [(host, entry["path"]) for host in HOSTS for entry in registry.load_host(host).get(field, [])]


@pytest.mark.parametrize(("host", "pattern"), entries("credential_files"))
def test_reading_a_hosts_stored_sign_in_is_denied_as_a_credential_read(host: str, pattern: str, home: str) -> None:
    decision = read(sample(pattern, home), home, host)
    assert decision.verdict == Verdict.DENY, decision.to_dict()
    assert CREDENTIALS in decision.rule_ids, decision.to_dict()
    name = registry.load_host(host)["name"]
    assert any(name in reason for reason in decision.reasons), decision.to_dict()


@pytest.mark.parametrize(
    ("host", "pattern"), [(h, p) for h, p in entries("credential_files") if p.startswith("~/") and "/" in p[2:]]
)
def test_copying_the_tree_that_holds_a_hosts_sign_in_is_a_credential_sweep(host: str, pattern: str, home: str) -> None:
    top = os.path.join(home, pattern[2:].split("/", 1)[0])
    decision = shell(f"tar czf /tmp/hookward-test-sweep.tgz {top}", home, host)
    assert decision.verdict == Verdict.DENY, decision.to_dict()
    assert SWEEP in decision.rule_ids, decision.to_dict()


@pytest.mark.parametrize(("host", "pattern"), entries("harmless_files"))
def test_reading_a_hosts_instruction_or_extension_file_does_not_ask(host: str, pattern: str, home: str) -> None:
    decision = read(sample(pattern, home), home, host)
    assert CREDENTIALS not in decision.rule_ids, decision.to_dict()
    assert decision.verdict == Verdict.ALLOW, decision.to_dict()


def test_an_unlisted_dot_file_next_to_a_hosts_harmless_file_still_asks(home: str) -> None:
    decision = read(os.path.join(home, ".claude", "secrets-of-mine.txt"), home, "claude-code")
    assert decision.verdict == Verdict.ASK and CREDENTIALS in decision.rule_ids, decision.to_dict()


def test_no_hand_list_of_paths_py_names_a_hosts_own_place(home: str) -> None:
    """A line of CREDENTIALS, PERSISTENCE or HOME_HARMLESS that a host's registry file covers (its config
    locations, its sign-in, its harmless files) belongs in that file: one host, one place."""
    lines = [line for _g, _l, group in kpaths.CREDENTIALS + kpaths.PERSISTENCE for line in group]
    lines = [line for line in lines + kpaths.HOME_HARMLESS if not line.startswith("!")]
    registry_labels = {label for label, *_ in protection.derive_registry()[0]}
    host_paths = {path for _host, path in entries("credential_files") + entries("harmless_files")}
    assert registry_labels and host_paths
    for line in lines:
        assert line not in host_paths, f"{line} is both a registry fact and listed by hand in paths.py"
        if line.startswith(("~/", "/")):
            covered = sorted({p.label for p in protection.protected(sample(line, home), home)} & registry_labels)
            assert not covered, f"{line} is listed by hand in policy/knowledge/paths.py but {covered} cover it"


def test_the_shipped_built_in_policy_goes_stale_when_a_host_file_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    default = open(loader.DEFAULT_POLICY, "rb").read()
    before = loader.builtin_key(default)
    sizes = registry.host_file_sizes()
    sizes[0][1] = int(sizes[0][1]) + 1
    monkeypatch.setattr(registry, "host_file_sizes", lambda: sizes)
    assert loader.builtin_key(default) != before
