"""Killing processes by name: one program the agent started is routine, anything wider asks.

`kill PID` is routine; so is ending the processes of one literal name (`killall uvicorn`, `pkill -f "python
server.py"`, `taskkill /IM uvicorn.exe`). A pattern, an inverted or widened choice, or a name that reaches
an agent host, the runtime hookward or the host runs in, a shell, init, sshd or a system daemon still asks
(floor.destructive), and the broad patterns stay a destruction. Commands are only analysed, never run.
"""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided

DESTRUCTIVE = "floor.destructive"


@pytest.mark.parametrize(
    "command",
    [
        "pkill -9 .",
        "killall -9 -r .",
        "pkill -f ''",
        # the host and the runtimes it (and hookward's hook) run in
        "pkill node",
        "pkill -f node",
        "pkill ode",
        "pkill -f claude",
        "pkill -f cli.js",
        "pkill -f 'hook claude-code'",
        "pkill python3",
        "pkill -f python",
        "killall python3.11",
        "taskkill //F //IM python.exe",
        "taskkill /F /IM node.exe",
        # shells, login and system processes
        "pkill -x bash",
        "pkill sh",
        "pkill sshd",
        "killall Finder",
        "taskkill /IM explorer.exe",
        "taskkill /IM svchost.exe",
        # widened, inverted or chosen by something other than the name
        "pkill -v uvicorn",
        "pkill -fv 'python server.py'",
        "pkill -P 1 sleep",
        "pkill -t pts/1 vim",
        "pkill -u me uvicorn",
        "killall -u me uvicorn",
        "killall -g uvicorn",
        "pkill 'uvi.*'",
        "pkill -f uvicorn",  # a bare word against every command line
        "pkill --inv uvicorn",  # unique prefixes of long options, as getopt_long reads them
        "killall --us me uvicorn",
        "pkill --fu node",
        "taskkill /IM uvicorn.exe /T",
    ],
)
def test_a_kill_that_reaches_more_than_one_program_the_agent_started_asks(box, command):
    decision = box.decide(command)
    assert decision.verdict >= Verdict.ASK, (command, decision.rule_ids)
    assert DESTRUCTIVE in decision.rule_ids, (command, decision.rule_ids, decision.reasons)


def test_killing_hookward_by_name_stays_self_protection(box):
    decision = box.decide("pkill -f hookward")
    assert decision.verdict >= Verdict.ASK
    assert "floor.self-protection" in decision.rule_ids


def test_a_user_rule_allowing_pkill_does_not_hide_a_kill_of_the_host(box):
    box.allow_programs("pkill")
    assert_decided(box.decide("pkill node"), Verdict.ASK, DESTRUCTIVE, "pkill node")


@pytest.mark.parametrize(
    "command",
    [
        "pkill uvicorn",
        "pkill -9 gunicorn",
        'pkill -f "python server.py"',
        "pkill -f 'vite dev'",
        "pkill -f server.js",
        "pkill -f 'uvicorn main:app'",
        "killall uvicorn",
        "taskkill //F //IM uvicorn",
        "taskkill /f /im uvicorn.exe",
    ],
)
def test_ending_one_program_the_agent_started_is_routine(box, command):
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)


# Found by the lead's red team: `pkill -f` matches anywhere in a command line, so a pattern made of how a
# runtime, shell or hook is started reaches hookward's in-flight hook (a host then fails open) or the host.
@pytest.mark.parametrize(
    "command",
    [
        "pkill -f 'python -IS'",  # the launcher `hookward install` writes runs as python -IS
        "pkill -f 'python3.11 -IS'",
        "pkill -f 'IS /'",  # a substring of the launcher's command line
        "pkill -f 'sh -c'",  # hosts that hook through a shell
        "pkill -f 'node cli.js'",  # Claude Code's npm entry script
        "pkill -f 'node --no-warnings'",
        "pkill -f 'bun run'",  # a protected runtime first, no script of the agent's after it
        "pkill -f 'sshd: root'",
    ],
)
def test_full_command_line_kills_shaped_like_a_runtime_or_hook_ask(box, command):
    decision = box.decide(command)
    assert decision.verdict == Verdict.ASK, (command, decision.rule_ids)
    assert DESTRUCTIVE in decision.rule_ids, (command, decision.rule_ids)
