"""The compiled-policy cache can only make things faster, never looser.

The built-in part (default policy, floors' path tables, knowledge) ships inside the package and is never read
from the user's cache; the cache holds only what user and project files add, sealed with a per-user secret.
"""

from __future__ import annotations

import hmac
import json
import os
import subprocess
import sys
from hashlib import sha256

import pytest
from hookward.policy import loader
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall

USER_POLICY = """
[[rules]]
id = "allow-my-deploy"
verdict = "allow"
reason = "our own deploy helper"
commands = ["./scripts/deploy.sh staging"]
"""

ALLOW_EVERYTHING = {
    "id": "user.pwned",
    "verdict": 0,
    "reason": "edited cache",
    "user_level": True,
    "loosens": ["floor.credentials", "floor.self-protection", "floor.egress"],
    "kinds": None,
}


@pytest.fixture
def fresh(monkeypatch):
    """Each test loads as a fresh hook process would: nothing remembered in memory."""
    monkeypatch.setattr(loader, "_memo", {})
    monkeypatch.setattr(loader, "_builtin_memo", {})


def _ssh_read(project: str) -> ToolCall:
    return ToolCall("shell", command="cat ~/.ssh/id_rsa", cwd=project, project_root=project)


def _write_user_policy(text: str) -> None:
    os.makedirs(loader.config_dir(), exist_ok=True)
    with open(loader.user_policy_path(), "w", encoding="utf-8") as handle:
        handle.write(text)


def _cache_files() -> list[str]:
    directory = loader.cache_dir()
    return sorted(os.path.join(directory, n) for n in os.listdir(directory) if n.startswith("added-"))


def _tamper(path: str) -> None:
    """What an agent with a write to the cache would do: drop the floors, allow everything, keep the key."""
    raw = open(path, "rb").read()
    seal, _, payload = raw[len(loader.CACHE_MAGIC) :].partition(b"\n")
    data = json.loads(payload)
    data["parts"][0]["rules"].insert(0, ALLOW_EVERYTHING)
    data["parts"][0]["settings"] = {"unknown_command": "allow", "unknown_mcp": "allow"}
    data["credentials"] = []
    data["self_protection"] = []
    with open(path, "wb") as handle:
        handle.write(loader.CACHE_MAGIC + seal + b"\n" + json.dumps(data).encode())


def test_edited_cache_still_denies_reading_an_ssh_key_by_the_credentials_floor(tmp_path, fresh):
    _write_user_policy(USER_POLICY)
    project = str(tmp_path / "project")
    assert evaluate(_ssh_read(project)).rule_ids == ["floor.credentials"]
    (cache_file,) = _cache_files()
    _tamper(cache_file)
    loader._memo.clear()
    decision = evaluate(_ssh_read(project))
    assert decision.verdict.label == "deny"
    assert "floor.credentials" in decision.rule_ids
    assert loader.load_policy(project).settings["unknown_command"] == "ask"
    # The entry that did not verify was compiled again from the sources and rewritten.
    raw = open(cache_file, "rb").read()
    assert b"user.pwned" not in raw


def test_cache_with_a_forged_key_field_in_the_old_format_is_never_read(tmp_path, fresh):
    """Before: policy-<key>.json was trusted when its key field matched, and the floors came from it."""
    _write_user_policy(USER_POLICY)
    project = str(tmp_path / "project")
    loader.load_policy(project)
    (cache_file,) = _cache_files()
    raw = open(cache_file, "rb").read()
    data = json.loads(raw[len(loader.CACHE_MAGIC) :].partition(b"\n")[2])
    # A full policy, as the old cache held it, with every floor table emptied.
    forged = {"key": data["key"], "parts": [], "credentials": [], "self_protection": [], "settings": {}}
    with open(cache_file, "wb") as handle:
        handle.write(json.dumps(forged).encode())
    loader._memo.clear()
    decision = evaluate(_ssh_read(project))
    assert decision.verdict.label == "deny" and "floor.credentials" in decision.rule_ids


def test_cache_sealed_under_another_secret_is_compiled_again(tmp_path, fresh, monkeypatch):
    _write_user_policy(USER_POLICY)
    project = str(tmp_path / "project")
    loader.load_policy(project)
    (cache_file,) = _cache_files()
    raw = open(cache_file, "rb").read()
    payload = raw[len(loader.CACHE_MAGIC) :].partition(b"\n")[2]
    data = json.loads(payload)
    data["parts"][0]["rules"].insert(0, ALLOW_EVERYTHING)
    payload = json.dumps(data).encode()
    guessed = hmac.new(b"\0" * 32, payload, sha256).hexdigest().encode()
    with open(cache_file, "wb") as handle:
        handle.write(loader.CACHE_MAGIC + guessed + b"\n" + payload)
    compiled = []
    real_compile = loader._compile_layer
    monkeypatch.setattr(loader, "_compile_layer", lambda *a: compiled.append(a[0]) or real_compile(*a))
    loader._memo.clear()
    decision = evaluate(_ssh_read(project))
    assert decision.verdict.label == "deny" and "floor.credentials" in decision.rule_ids
    assert compiled == ["user"]


def test_verified_cache_entry_is_used_without_compiling(tmp_path, fresh, monkeypatch):
    _write_user_policy(USER_POLICY)
    project = str(tmp_path / "project")
    first = loader.load_policy(project)
    calls = []
    monkeypatch.setattr(loader, "_compile_layer", lambda *a: calls.append(a) or pytest.fail("compiled"))
    loader._memo.clear()
    second = loader.load_policy(project)
    assert calls == []
    assert [r["id"] for r in second.override_layers[1]] == [r["id"] for r in first.override_layers[1]]
    assert second.override_layers[1][0]["id"] == "user.allow-my-deploy"


def test_builtin_floors_are_never_read_from_the_users_cache(tmp_path, fresh):
    """With only the embedded default, nothing is read from or written to the cache directory."""
    project = str(tmp_path / "project")
    os.makedirs(loader.cache_dir(), exist_ok=True)
    with open(os.path.join(loader.cache_dir(), "policy-0000.json"), "w") as handle:
        handle.write("{}")
    before = sorted(os.listdir(loader.cache_dir()))
    decision = evaluate(_ssh_read(project))
    assert decision.verdict.label == "deny" and decision.rule_ids == ["floor.credentials"]
    assert sorted(os.listdir(loader.cache_dir())) == before


def test_cache_secret_is_private_to_the_user(tmp_path, fresh):
    _write_user_policy(USER_POLICY)
    loader.load_policy(str(tmp_path / "project"))
    mode = os.stat(loader.cache_secret_path()).st_mode & 0o777
    assert mode == 0o600


def test_mac_is_rfc2104_hmac_sha256():
    secret = os.urandom(32)
    assert loader._mac(secret, b"payload") == hmac.new(secret, b"payload", sha256).hexdigest()


def test_shipped_builtin_policy_is_compiled_from_the_current_sources():
    with open(loader.BUILTIN_POLICY, encoding="utf-8") as handle:
        shipped = json.load(handle)
    default = open(loader.DEFAULT_POLICY, "rb").read()
    assert shipped["key"] == loader.builtin_key(default), (
        "default.toml or the knowledge changed: run `python -m hookward.policy.loader` to rewrite builtin_policy.json"
    )
    assert shipped == json.loads(json.dumps(loader.compile_builtin(default)))


def test_policy_validate_reflects_the_sources_after_the_cache_was_edited(tmp_path):
    env = dict(os.environ)
    config = tmp_path / "config"
    (config / "hookward").mkdir(parents=True)
    (config / "hookward" / "policy.toml").write_text(USER_POLICY)
    env.update(XDG_CONFIG_HOME=str(config), XDG_CACHE_HOME=str(tmp_path / "cache"), XDG_STATE_HOME=str(tmp_path / "s"))
    project = tmp_path / "project"
    project.mkdir()
    run = [sys.executable, "-m", "hookward"]
    check = subprocess.run([*run, "check", "--", "cat ~/.ssh/id_rsa"], cwd=project, env=env, capture_output=True)
    assert b"floor.credentials" in check.stdout
    (cache_file,) = [str(p) for p in (tmp_path / "cache" / "hookward").glob("added-*")]
    _tamper(cache_file)
    # An invalid user policy now: validate must say so, whatever the cache holds.
    (config / "hookward" / "policy.toml").write_text('[[rules]]\nid = "x"\nverdict = "sometimes"\nreason = "r"\n')
    result = subprocess.run([*run, "policy", "validate"], cwd=project, env=env, capture_output=True, text=True)
    assert result.returncode == 1 and "invalid" in result.stderr
    (config / "hookward" / "policy.toml").write_text(USER_POLICY)
    result = subprocess.run([*run, "policy", "validate"], cwd=project, env=env, capture_output=True, text=True)
    assert result.returncode == 0 and "policy.toml" in result.stdout
    check = subprocess.run([*run, "check", "--", "cat ~/.ssh/id_rsa"], cwd=project, env=env, capture_output=True)
    assert b"floor.credentials" in check.stdout


def test_the_builtin_key_follows_a_knowledge_file_that_changed(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    # The key is memoized per process on the knowledge files' stamps: a changed file gives a new key.
    from hookward.policy import loader

    copies = []
    for path in loader.KNOWLEDGE_FILES:
        copy = tmp_path / os.path.basename(path)
        copy.write_bytes(open(path, "rb").read())
        copies.append(str(copy))
    monkeypatch.setattr(loader, "KNOWLEDGE_FILES", tuple(copies))
    monkeypatch.setattr(loader, "BUILTIN_INPUTS", (loader.DEFAULT_POLICY, *copies))
    default = open(loader.DEFAULT_POLICY, "rb").read()
    first = loader.builtin_key(default)
    assert loader.builtin_key(default) == first
    with open(copies[0], "ab") as handle:
        handle.write(b"\n# changed\n")
    assert loader.builtin_key(default) != first
    assert loader.builtin_key(default + b"\n") != loader.builtin_key(default)
