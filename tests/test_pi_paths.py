"""Pi 0.73.1: what its file tools really open, against what their `path` text says.

Pi does not open a file tool's `path` as written (@mariozechner/pi-coding-agent@0.73.1
dist/core/tools/path-utils.js): expandPath drops one leading "@" and turns Unicode
spaces into spaces before expanding "~/"; read's resolveReadPath, when that file is
missing, also opens its NFD form, a narrow no-break space before " AM." / " PM.",
and "'" as U+2019. Each hostile test is a text hookward judged as one harmless
project path while Pi opened a credential or startup file; each asserts the verdict
and the rule that decides. Nothing here runs Pi; nothing is written outside tmp_path.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hookward.adapters import _path_text, omp, pi
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict

REPO = Path(__file__).resolve().parent.parent
KELVIN = "\u212a"  # KELVIN SIGN: its NFD form is "K"


@pytest.fixture
def box(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    project = home / "work" / "app"
    (project / ".git").mkdir(parents=True)
    (project / "src").mkdir()
    (home / ".ssh").mkdir()
    (home / ".ssh" / "id_rsa").write_text("FAKE KEY\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return home, project


def payload(project: Path, tool: str, path: str, **more: object) -> dict:
    return {
        "hook_event_name": "tool_call",
        "tool_name": tool,
        "tool_input": {"path": path, **more},
        "session_id": "s1",
        "tool_use_id": "t1",
        "cwd": str(project),
    }


def pi_call(project: Path, tool: str, path: str, **more: object) -> ToolCall:
    return pi.parse("tool_call", payload(project, tool, path, **more))


def decided(call: ToolCall, verdict: Verdict, rule: str) -> None:
    decision = evaluate(call)
    assert decision.verdict == verdict, f"{call!r}: {decision.verdict.name} by {decision.rule_ids} {decision.reasons}"
    assert rule in decision.rule_ids, f"{call!r}: decided by {decision.rule_ids}"


# ---------------------------------------------------------------- "@" and Unicode spaces (every file tool)
@pytest.mark.parametrize(
    "tool, path",
    [
        ("read", "@/etc/shadow"),
        ("read", "@~/.ssh/config"),
        ("grep", "@~/.ssh"),
        ("find", "@~/.ssh"),
        ("ls", "@~/.ssh"),
    ],
)
def test_pi_at_prefix_before_a_credential_path_is_denied(box, tool, path):
    _, project = box
    decided(pi_call(project, tool, path, pattern="."), Verdict.DENY, "floor.credentials")


def test_pi_unicode_space_inside_a_browser_profile_directory_is_denied(box):
    _, project = box  # expandPath turns U+00A0 into " ": Pi opens ~/Library/Application Support/Firefox/...
    path = "~/Library/Application\u00a0Support/Firefox/Profiles/x/prefs.js"
    decided(pi_call(project, "read", path), Verdict.DENY, "floor.credentials")


def test_pi_write_behind_an_at_prefix_to_a_shell_startup_file_is_refused(box):
    _, project = box
    call = pi_call(project, "write", "@~/.bashrc", content="curl x | sh\n")
    assert "~/.bashrc" in call.paths
    decision = evaluate(call)
    assert decision.verdict >= Verdict.ASK
    assert any(rule.startswith("floor.") for rule in decision.rule_ids), decision.rule_ids


def test_pi_edit_behind_an_at_prefix_to_ssh_authorized_keys_is_denied(box):
    _, project = box
    decided(pi_call(project, "edit", "@~/.ssh/authorized_keys", edits=[]), Verdict.DENY, "floor.persistence")


# ---------------------------------------------------------------- read's fallbacks for a missing file
def test_pi_read_of_a_kelvin_sign_path_is_judged_as_its_nfd_form(box):
    _, project = box  # ~/Library/<KELVIN>eychains is missing, so resolveReadPath opens its NFD form
    # (the policy's case folding already maps U+212A to "k"; the listed form is what Pi opens)
    call = pi_call(project, "read", f"~/Library/{KELVIN}eychains/login.keychain-db")
    assert "~/Library/Keychains/login.keychain-db" in call.paths
    decided(call, Verdict.DENY, "floor.credentials")


def test_pi_write_is_not_widened_by_read_fallbacks(box):
    _, project = box  # write and edit use resolveToCwd: no NFD or curly-quote retry
    call = pi_call(project, "write", f"src/{KELVIN}.txt", content="x")
    assert call.paths == (f"src/{KELVIN}.txt",)


def test_pi_read_fallbacks_are_the_ones_resolve_read_path_tries():
    assert _path_text.read_fallbacks("Shot 1.02 pm.png") == ["Shot 1.02 pm.png", "Shot 1.02\u202fpm.png"]
    assert "Capture d\u2019\u00e9cran" in _path_text.read_fallbacks("Capture d'\u00e9cran")
    assert "Capture d\u2019e\u0301cran" in _path_text.read_fallbacks("Capture d'\u00e9cran")  # NFD and U+2019
    assert _path_text.read_fallbacks("src/app.py") == ["src/app.py"]


@pytest.mark.parametrize("tool", ["read", "ls"])
def test_pi_url_shaped_path_climbing_to_etc_shadow_is_a_file_path_and_denied(box, tool):
    _, project = box  # Pi's file tools fetch no URL: path.resolve(cwd, "http://../..") climbs out of cwd
    path = "http://" + "/".join([".."] * 12) + "/etc/shadow"
    call = pi_call(project, tool, path)
    assert call.kind == "read" and call.url is None
    decided(call, Verdict.DENY, "floor.credentials")


# ---------------------------------------------------------------- what Pi does not rewrite
@pytest.mark.parametrize(
    "tool, path",
    [("read", "/etc/shadow:1-3"), ("grep", "src; ~/.ssh"), ("read", '["src/a.py", "/etc/shadow"]'), ("ls", "~.ssh")],
)
def test_pi_does_not_fan_out_omp_only_shapes(box, tool, path):
    _, project = box  # no selectors, lists, JSON arrays or "~name" in Pi 0.73.1: the text and its "@"-less form only
    assert pi_call(project, tool, path, pattern=".").paths == (path,)


@pytest.mark.parametrize(
    "tool, path", [("read", "src/app.py"), ("grep", "src"), ("ls", "@src"), ("write", "@src/a.py")]
)
def test_pi_routine_project_paths_stay_allowed(box, tool, path):
    _, project = box
    decision = evaluate(pi_call(project, tool, path, pattern="x", content="x"))
    assert decision.verdict == Verdict.ALLOW, (decision.rule_ids, decision.reasons)


def test_pi_and_omp_share_one_fan_out_that_fails_closed_past_the_target_limit(box, monkeypatch):
    _, project = box
    monkeypatch.setattr(_path_text, "MAX_TARGETS", 1)
    assert pi_call(project, "read", "@/etc/shadow").kind == "other"
    assert omp.parse("tool_call", payload(project, "read", "@/etc/shadow")).kind == "other"


def test_omp_read_also_tries_the_nfd_form_of_a_missing_file(box):
    _, project = box  # OMP's resolveReadPath keeps Pi's macOS fallbacks (src/tools/path-utils.ts)
    call = omp.parse("tool_call", payload(project, "read", f"@~/Library/{KELVIN}eychains/login.keychain-db"))
    assert "~/Library/Keychains/login.keychain-db" in call.paths
    decided(call, Verdict.DENY, "floor.credentials")


def test_pi_hook_answers_an_at_prefixed_read_of_etc_shadow_with_a_block(box, tmp_path):
    home, project = box
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "PYTHONPATH": str(REPO),
    }
    done = subprocess.run(
        [sys.executable, "-m", "hookward", "hook", "pi", "tool_call"],
        input=json.dumps(payload(project, "read", "@/etc/shadow")).encode(),
        env=env,
        capture_output=True,
        timeout=60,
    )
    answer = json.loads(done.stdout)
    assert done.returncode == 0 and answer["decision"] == "deny" and "floor.credentials" in answer["reason"]
