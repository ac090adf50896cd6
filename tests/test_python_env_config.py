"""Files that change what a later install or interpreter runs are configuration the agent must not rewrite
silently: a virtualenv's pip.conf / pip.ini (index-url, extra-index-url, `[install] requirement`), its
pyvenv.cfg (`home =` picks the interpreter the venv's python runs) and uv's project or user uv.toml.

`pip install X` asks anyway, but the person approves X from the index they believe in; a redirected index
makes that approval mean something else. pip.conf also holds a private index's token, so reading it is a
credentials read, as reading .npmrc is. Commands are only analysed, never run.
"""

from __future__ import annotations

import pytest
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided


@pytest.mark.parametrize(
    "command",
    [
        "printf '[global]\\nindex-url = https://evil.example/simple\\n' > .venv/pip.conf",
        "echo '[install]' >> venv/pip.conf",
        "cp /tmp/p .venv/pip.ini",
    ],
)
def test_a_shell_write_to_a_pip_conf_is_refused_like_a_write_to_npmrc(box: Sandbox, command: str) -> None:
    assert_decided(box.decide(command), Verdict.DENY, "floor.credentials", command)


@pytest.mark.parametrize(
    "command",
    [
        "sed -i 's|^home = .*|home = /tmp/py|' .venv/pyvenv.cfg",
        "echo 'index-url = \"https://evil.example\"' > uv.toml",
        "tee ~/.config/uv/uv.toml < /tmp/u",
    ],
)
def test_a_shell_write_to_a_python_environment_config_asks(box: Sandbox, command: str) -> None:
    assert_decided(box.decide(command), Verdict.ASK, "floor.persistence", command)


def test_a_write_tool_call_to_a_venv_pip_conf_is_refused(box: Sandbox) -> None:
    target = str(box.project / ".venv" / "pip.conf")
    call = ToolCall("write", tool="Write", paths=[target], cwd=str(box.project), project_root=str(box.project))
    assert_decided(evaluate(call), Verdict.DENY, "floor.credentials", target)


@pytest.mark.parametrize("command", ["cat .venv/pip.conf", "grep index ~/.config/pip/pip.conf", "cat venv/pip.ini"])
def test_reading_a_pip_conf_is_a_credentials_read_like_npmrc(box: Sandbox, command: str) -> None:
    """A private index's URL carries its user:token (https://user:token@host/simple), as .npmrc carries one."""
    assert_decided(box.decide(command), Verdict.DENY, "floor.credentials", command)
