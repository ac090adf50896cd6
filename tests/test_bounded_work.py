"""Bounded work, then bounded time: no input may outlast the host's hook timeout.

The work budget is counted (tokens, nodes, simple commands, nesting), so these
tests are exact; the deadline is tested with a fake clock; stdin and planted
files are tested with real pipes and FIFOs, and assert the refusal, not its speed.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hookward.adapters import hook
from hookward.policy import budget, loader, shell
from hookward.policy.engine import evaluate
from hookward.policy.safeio import UnsafeFile, read_regular
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

HOME = "/home/u"
CWD = "/home/u/work/app"
GUARD_SECONDS = 60  # a hang guard for subprocesses, never an assertion about speed


def analysis(command: str, meter: budget.Budget | None = None) -> shell.Analysis:
    return shell.analyze(command, CWD, HOME, meter=meter)


def budget_findings(result: shell.Analysis) -> list[shell.Finding]:
    return [f for f in result.findings if f.kind == "budget"]


def shell_decision(project: Path, command: str):  # type: ignore[no-untyped-def]
    return evaluate(ToolCall("shell", command=command, cwd=str(project), project_root=str(project)))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    work = home / "work" / "app"
    work.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    return work


class FakeClock:
    """A monotonic clock that moves `step` seconds every time it is read."""

    def __init__(self, step: float = 0.0, start: float = 1000.0) -> None:
        self.now = start
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        value = self.now
        self.now += self.step
        return value


# --- the work budget (counted) ---------------------------------------------------


def test_15000_listed_commands_then_a_key_read_is_denied_by_the_budget(project: Path) -> None:
    command = "ls;" * 15000 + "cat ~/.ssh/id_rsa"
    decision = shell_decision(project, command)
    assert decision.verdict == Verdict.DENY
    assert "floor.budget" in decision.rule_ids


def test_command_count_budget_is_exact() -> None:
    at_limit = analysis(";".join(["ls"] * budget.MAX_COMMANDS))
    assert not budget_findings(at_limit) and len(at_limit.commands) == budget.MAX_COMMANDS
    over = analysis(";".join(["ls"] * (budget.MAX_COMMANDS + 1)))
    assert [f.detail for f in budget_findings(over)] == [
        f"the command runs more than {budget.MAX_COMMANDS} simple commands, more than hookward analyzes"
    ]
    assert over.commands == []


def test_token_budget_counts_every_token_exactly() -> None:
    meter = budget.Budget(max_tokens=10**9)
    analysis("ls; cat x | wc -l && echo done", meter)
    # ls ; cat x | wc -l && echo done, then the end of input: the parser reads exactly these
    assert meter.tokens == 11
    small = budget.Budget(max_tokens=10)
    result = analysis("ls; cat x | wc -l && echo done", small)
    assert [f.kind for f in result.findings] == ["budget"]
    assert "more than 10 shell tokens" in result.findings[0].detail


def test_nested_substitution_charges_a_parser_each() -> None:
    meter = budget.Budget()
    analysis("echo $(ls) $(pwd)", meter)
    assert meter.deepest == 1
    assert meter.tokens >= 2 * budget.NESTED_PARSE_TOKENS


def test_500_deep_substitution_is_denied_by_the_budget_not_a_recursion_error(project: Path) -> None:
    command = "echo " + "$(" * 500 + "ls" + ")" * 500
    decision = shell_decision(project, command)
    assert decision.verdict == Verdict.DENY
    assert "floor.budget" in decision.rule_ids
    assert not any("Recursion" in reason for reason in decision.reasons)


@pytest.mark.parametrize(
    "make",
    [
        lambda d: "echo " + "$(" * d + "ls" + ")" * d,
        lambda d: "echo " + "`echo " * 1 + "$(echo " * (d - 1) + "x" + ")" * (d - 1) + "`",
        lambda d: "cat " + "<(cat " * d + "x" + ")" * d,
        lambda d: "(" * d + "ls" + ")" * d,
        lambda d: "{ " * d + "ls; " + "}; " * d,
        lambda d: "if true; then " * d + "ls; " + "fi; " * d,
    ],
    ids=["dollar-paren", "backticks", "process-substitution", "subshells", "groups", "ifs"],
)
def test_nesting_budget_is_exact(make) -> None:  # type: ignore[no-untyped-def]
    assert not budget_findings(analysis(make(budget.MAX_NESTING)))
    over = analysis(make(budget.MAX_NESTING + 1))
    assert [f.kind for f in over.findings] == ["budget"]
    assert f"more than {budget.MAX_NESTING}" in over.findings[0].detail


def test_deep_nesting_far_past_the_limit_never_reaches_python_recursion() -> None:
    for command in ("(" * 3000 + "ls" + ")" * 3000, "echo " + "$(" * 3000 + "ls" + ")" * 3000):
        result = analysis(command)
        assert [f.kind for f in result.findings] == ["budget"]
        assert "Recursion" not in result.findings[0].detail


def test_shell_command_has_its_own_length_cap_below_the_payload_limit(project: Path) -> None:
    assert shell.MAX_COMMAND_CHARS < hook.MAX_PAYLOAD_BYTES
    decision = shell_decision(project, "true " + "x" * shell.MAX_COMMAND_CHARS)
    assert decision.verdict == Verdict.DENY
    assert decision.rule_ids == ["floor.budget"]
    assert any("character limit" in reason for reason in decision.reasons)


def test_rescanned_characters_of_nested_words_are_bounded() -> None:
    meter = budget.Budget(max_rescan=1000)
    result = analysis('echo "$(echo "$(echo ' + "x" * 2000 + ')")"', meter)
    assert [f.detail for f in result.findings] == ["nested substitutions make the command too costly to analyze"]


def test_budget_floor_cannot_be_loosened() -> None:
    from hookward.policy import floors

    assert "budget" in floors.NEVER_LOOSENED
    assert floors.finding_demand("budget", "x").verdict == Verdict.DENY


def test_routine_commands_stay_far_inside_the_budget() -> None:
    meter = budget.Budget()
    analysis(
        "cd src && git status && python -m pytest -q tests/ 2>&1 | tail -20; "
        'for f in *.py; do echo "$f: $(wc -l < "$f")"; done; cat <<EOF > notes.txt\nhello\nEOF',
        meter,
    )
    assert meter.tokens < budget.MAX_TOKENS // 20 and meter.deepest <= 2


# --- the deadline (fake clock) ---------------------------------------------------


def test_analysis_past_the_deadline_is_denied_with_a_reason() -> None:
    clock = FakeClock(step=1.0)  # each look at the clock (every CLOCK_EVERY units of work) is 1 s later
    meter = budget.Budget(budget.Deadline(2.5, clock))
    result = analysis(";".join(["echo a b c"] * 400), meter)
    assert [f.kind for f in result.findings] == ["budget"]
    assert "ran out of time" in result.findings[0].detail
    assert result.commands == []


def test_analysis_inside_the_deadline_is_not_refused() -> None:
    meter = budget.Budget(budget.Deadline(2.5, FakeClock(step=0.0)))
    result = analysis(";".join(["echo a b c"] * 400), meter)
    assert not budget_findings(result)


def test_hook_past_its_deadline_answers_deny_with_the_reason(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    payload = json.dumps(
        {
            "session_id": "s",
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": ";".join(["echo a"] * 300)},
            "cwd": str(project),
        }
    ).encode()
    import io
    from types import SimpleNamespace

    monkeypatch.setattr(sys, "stdin", SimpleNamespace(buffer=io.BytesIO(payload)))
    code = hook.main("claude-code", "PreToolUse", clock=FakeClock(step=0.05))
    answer = json.loads(capsys.readouterr().out)["hookSpecificOutput"]
    assert code == 0 and answer["permissionDecision"] == "deny"
    assert "ran out of time" in answer["permissionDecisionReason"]
    assert budget.current_deadline() is None  # the hook cleared its clock


def test_deadline_setting_is_clamped_below_every_host_timeout() -> None:
    from hookward.adapters import installers

    assert budget.DEFAULT_DEADLINE_SECONDS < budget.MAX_DEADLINE_SECONDS < installers.HOOK_TIMEOUT_SECONDS
    assert budget.deadline_setting({"deadline_seconds": 999}) == budget.MAX_DEADLINE_SECONDS
    assert budget.deadline_setting({"deadline_seconds": -1}) == budget.DEFAULT_DEADLINE_SECONDS
    assert budget.deadline_setting({}) == budget.DEFAULT_DEADLINE_SECONDS


def test_deadline_is_settable_in_the_user_policy_but_not_by_a_trusted_project(project: Path) -> None:
    config = Path(loader.config_dir())
    config.mkdir(parents=True, exist_ok=True)
    (config / "policy.toml").write_text("[settings]\ndeadline_seconds = 4\n")
    assert loader.load_policy(str(project)).settings["deadline_seconds"] == 4
    project_policy = project / ".hookward.toml"
    project_policy.write_text("[settings]\ndeadline_seconds = 19\n")
    digest = hashlib.sha256(project_policy.read_bytes()).hexdigest()
    (config / "trusted.json").write_text(json.dumps({"trusted": [{"sha256": digest}]}))
    assert loader.load_policy(str(project)).settings["deadline_seconds"] == 4
    (config / "policy.toml").unlink()
    assert "deadline_seconds" not in loader.load_policy(str(project)).settings


# --- stdin: the first complete JSON value, under the deadline --------------------


def test_payload_is_read_up_to_the_first_complete_value_while_stdin_stays_open() -> None:
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b'  {"a": "}", "b": [1, 2]}\n{"second": 1}')
        got = hook.read_payload(read_end, budget.Deadline(2.5, FakeClock()))
        assert json.loads(got) == {"a": "}", "b": [1, 2]}
    finally:
        os.close(read_end)
        os.close(write_end)


def test_silent_stdin_is_refused_when_the_deadline_passes() -> None:
    read_end, write_end = os.pipe()
    try:
        clock = FakeClock(step=10.0)  # every look at the clock is 10 s later: past the deadline at once
        with pytest.raises(hook.StdinTimeout, match="no complete JSON payload"):
            hook.read_payload(read_end, budget.Deadline(2.5, clock))
    finally:
        os.close(read_end)
        os.close(write_end)


def test_oversized_stdin_stops_at_the_limit() -> None:
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b'{"a": "' + b"x" * 5000)
        got = hook.read_payload(read_end, budget.Deadline(2.5, FakeClock()), limit=1000)
        assert 1000 < len(got) <= 1000 + (1 << 16)
    finally:
        os.close(read_end)
        os.close(write_end)


def hook_process(env: dict, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "hookward.cli", "hook", "claude-code", "PreToolUse"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
    )


@pytest.fixture
def hook_env(project: Path) -> dict:
    home = project.parent.parent
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        env[name] = os.environ[name]
    return env


def payload_for(project: Path, command: str) -> bytes:
    return json.dumps(
        {
            "session_id": "s",
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command},
            "cwd": str(project),
        }
    ).encode()


def answer_with_stdin_open(env: dict, project: Path, data: bytes) -> tuple[dict, str]:
    process = hook_process(env, project)
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    try:
        process.stdin.write(data)
        process.stdin.flush()
        process.wait(timeout=GUARD_SECONDS)  # stdin is still open: the hook must not wait for its end
        out, err = process.stdout.read(), process.stderr.read()
    finally:
        process.stdin.close()
        if process.poll() is None:
            process.kill()
    return json.loads(out)["hookSpecificOutput"], err.decode()


def test_host_that_never_closes_stdin_still_gets_an_answer(hook_env: dict, project: Path) -> None:
    answer, _err = answer_with_stdin_open(hook_env, project, payload_for(project, "ls"))
    assert answer["permissionDecision"] == "allow"


def test_host_that_never_writes_stdin_gets_a_refusal(hook_env: dict, project: Path) -> None:
    answer, _err = answer_with_stdin_open(hook_env, project, b"")
    assert answer["permissionDecision"] == "deny"
    assert "no complete JSON payload" in answer["permissionDecisionReason"]


# --- files the hook reads: regular, bounded, never blocking ----------------------


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_project_policy_symlinked_to_a_device_or_fifo_is_denied(hook_env: dict, project: Path, target: str) -> None:
    if target == "fifo":
        fifo = project.parent / "planted.fifo"
        os.mkfifo(fifo)
        target = str(fifo)
    (project / ".hookward.toml").symlink_to(target)
    answer, _err = answer_with_stdin_open(hook_env, project, payload_for(project, "ls"))
    assert answer["permissionDecision"] == "deny"
    assert "not a regular file" in answer["permissionDecisionReason"]


def test_project_policy_that_is_a_fifo_is_denied(hook_env: dict, project: Path) -> None:
    os.mkfifo(project / ".hookward.toml")
    answer, _err = answer_with_stdin_open(hook_env, project, payload_for(project, "ls"))
    assert answer["permissionDecision"] == "deny"
    assert "is a FIFO" in answer["permissionDecisionReason"]


def test_fifo_at_the_ledger_spool_path_does_not_hang_the_hook(hook_env: dict, project: Path) -> None:
    state = Path(hook_env["XDG_STATE_HOME"]) / "hookward"
    state.mkdir(parents=True, exist_ok=True)
    from hookward.verdicts import ledger

    os.mkfifo(state / ledger.SPOOL_NAME)  # where a routine decision is appended
    answer, err = answer_with_stdin_open(hook_env, project, payload_for(project, "ls"))
    assert answer["permissionDecision"] == "allow"
    assert "FIFO" in err


def test_safe_read_refuses_devices_fifos_and_oversized_files(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "zero"
    link.symlink_to("/dev/zero")
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    for path, what in ((fifo, "a FIFO"), (link, "a character device"), (big, "over hookward's 100-byte limit")):
        with pytest.raises(UnsafeFile, match=what):
            read_regular(str(path), limit=100)
    regular = tmp_path / "ok"
    regular.write_bytes(b"fine")
    (tmp_path / "link").symlink_to(regular)
    assert read_regular(str(tmp_path / "link")) == b"fine"
    with pytest.raises(UnsafeFile, match="symlink"):
        read_regular(str(tmp_path / "link"), nofollow=True)


# --- property: random commands are bounded work ----------------------------------

_WORDS = st.sampled_from(["ls", "cat x", "echo hi", "grep -r a .", "wc -l", "true", "curl https://e.x", "rm -f t"])


def _combine(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.tuples(inner, inner).map(lambda p: f"{p[0]}; {p[1]}"),
        st.tuples(inner, inner).map(lambda p: f"{p[0]} | {p[1]}"),
        st.tuples(inner, inner).map(lambda p: f"{p[0]} && {p[1]}"),
        inner.map(lambda c: f"echo $({c})"),
        inner.map(lambda c: f"echo `{c.replace('`', '')}`"),
        inner.map(lambda c: "bash -c '" + c.replace("'", "") + "'"),
        inner.map(lambda c: f"echo a | xargs {c}"),
        inner.map(lambda c: f'echo "{c}"'),
        inner.map(lambda c: f"cat <<EOF\n{c}\nEOF"),
    )


_COMMANDS = st.recursive(_WORDS, _combine, max_leaves=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unit=_COMMANDS, repeat=st.sampled_from([1, 10, 200, 5000]), joiner=st.sampled_from(["; ", " | ", " && ", "\n"]))
def test_random_commands_stay_within_the_budget_or_are_denied_by_it(unit: str, repeat: int, joiner: str) -> None:
    command = joiner.join([unit] * repeat)[: hook.MAX_PAYLOAD_BYTES]
    meter = budget.Budget()
    result = shell.analyze(command, CWD, HOME, meter=meter)
    refused = budget_findings(result)
    if refused:
        assert result.commands == [] and len(result.findings) == 1
    else:
        assert len(command) <= shell.MAX_COMMAND_CHARS
    # Whatever happened, the counted work never passed the limits (+ the one unit that tripped them).
    assert meter.tokens <= meter.max_tokens + budget.NESTED_PARSE_TOKENS
    assert meter.commands <= meter.max_commands + 1
    assert meter.nodes <= meter.max_nodes + 1
    assert meter.deepest <= meter.max_nesting + 1
