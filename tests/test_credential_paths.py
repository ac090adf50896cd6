"""Credential stores: completed, inverted where a list cannot be complete, and recognised by content."""

from __future__ import annotations

import os

import pytest
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict


@pytest.fixture()
def world(tmp_path, monkeypatch):
    home = tmp_path / "home" / "u"
    project = home / "work" / "app"
    project.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    return home, project


def shell(command: str, project) -> object:
    return evaluate(ToolCall("shell", command=command, cwd=str(project), project_root=str(project)))


def read(path: str, project) -> object:
    return evaluate(ToolCall("read", tool="Read", paths=[path], cwd=str(project), project_root=str(project)))


@pytest.mark.parametrize(
    "store",
    [
        "~/.my.cnf",
        "~/.pgpass",
        "~/.config/rclone/rclone.conf",
        "~/.config/sops/age/keys.txt",
        "~/.config/solana/id.json",
        "~/.ethereum/keystore/UTC--2024-01-01T00-00-00Z--abc",
        "~/.cache/huggingface/token",
        "~/.config/ngrok/ngrok.yml",
        "~/.config/google-chrome/Default/Login Data",
        "~/.config/chromium/Default/Cookies",
        "~/.mozilla/firefox/x.default/cookies.sqlite",
        "~/.boto",
        "~/.databrickscfg",
    ],
)
def test_credential_stores_missing_from_the_old_list_are_denied(world, store) -> None:
    home, project = world
    for decision in (shell(f"cat '{store}'", project), read(store.replace("~", str(home), 1), project)):
        assert decision.verdict == Verdict.DENY, (store, decision.to_dict())
        assert "floor.credentials" in decision.rule_ids


@pytest.mark.parametrize("secret", [".dev.vars", ".streamlit/secrets.toml"])
def test_project_secret_files_need_a_person_like_dotenv(world, secret) -> None:
    _home, project = world
    decision = shell(f"cat {secret}", project)
    assert decision.verdict == Verdict.FORCE_ASK
    assert "floor.credentials" in decision.rule_ids


@pytest.mark.parametrize("name", ["release.p8", "prod.tfvars", "terraform.tfstate"])
def test_key_and_infrastructure_secret_files_are_denied_anywhere(world, name) -> None:
    _home, project = world
    decision = shell(f"cat {name}", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


@pytest.mark.parametrize("path", ["/home/other/.aws/credentials", "/home/other/.ssh/id_ed25519", "/root/.netrc"])
def test_another_users_home_is_judged_like_ones_own(world, path) -> None:
    _home, project = world
    decision = shell(f"cat {path}", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


@pytest.mark.parametrize(
    "path", ["~/.someapp/config.json", "~/.config/newtool/settings.yml", "~/.zshrc", "~/.local/share/app/db"]
)
def test_an_unlisted_home_dotfile_asks(world, path) -> None:
    _home, project = world
    decision = shell(f"cat {path}", project)
    assert decision.verdict == Verdict.ASK
    assert "floor.credentials" in decision.rule_ids
    assert "not known to be harmless" in decision.summary


@pytest.mark.parametrize(
    "path", ["~/.cache/pip/log.txt", "~/.config/nvim/init.lua", "~/.gitignore_global", "~/notes.txt"]
)
def test_known_harmless_home_files_are_routine_reads(world, path) -> None:
    _home, project = world
    decision = shell(f"cat {path}", project)
    assert decision.verdict == Verdict.ALLOW, decision.to_dict()


def test_a_private_key_under_an_innocent_name_is_a_credential_outside_the_project(world) -> None:
    home, project = world
    elsewhere = home / "srv" / "deploy_material"
    elsewhere.parent.mkdir()
    elsewhere.write_text(
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n"
    )
    decision = shell(f"cat {elsewhere}", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids
    assert "private key" in decision.summary


def test_a_token_in_a_project_fixture_asks_instead_of_denying(world) -> None:
    _home, project = world
    (project / "fixture.txt").write_text("token = ghp_" + "a" * 36 + "\n")
    decision = shell("cat fixture.txt", project)
    assert decision.verdict == Verdict.ASK
    assert "floor.credentials" in decision.rule_ids


def test_a_fifo_where_a_file_is_read_is_not_opened_for_sniffing(world) -> None:
    _home, project = world
    os.mkfifo(project / "pipe")
    decision = shell("cat pipe", project)  # answers at once: the sniffer never blocks on a FIFO
    assert "private key" not in decision.summary


def test_names_xargs_reads_from_a_file_are_judged_like_names_it_is_fed(world) -> None:
    home, project = world
    (home / ".ssh").mkdir()
    (home / ".ssh" / "id_rsa").write_text("k")
    (project / "list").write_text(f"{home}/.ssh/id_rsa\n")
    (project / "ok").write_text("README.md\n")
    for command in ("xargs -a list cat", "xargs --arg-file=list cat", "xargs cat < list"):
        decision = shell(command, project)
        assert decision.verdict == Verdict.DENY, (command, decision.to_dict())
        assert "floor.credentials" in decision.rule_ids
    assert shell("xargs -a ok cat", project).verdict == Verdict.ALLOW
    unreadable = shell("xargs -a missing cat", project)
    assert unreadable.verdict == Verdict.ASK and "floor.not-understood" in unreadable.rule_ids
