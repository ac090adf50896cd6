"""The warm hook (hookward/warm.py): a fork of a pre-imported server answers exactly as the hook in process.

Each test writes its own launcher (as `hookward install` does) under tmp_path, so its server's name is its
own; the server is started by the first hook call, as on a user's machine, and killed at the end.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
from hookward.adapters import install
from hookward.verdicts import grants

from hookward import warm

HOST, EVENT = "claude-code", "PreToolUse"


def claude(tool: str, tool_input: dict, cwd: str) -> bytes:
    payload = {
        "session_id": "warm-test",
        "transcript_path": os.path.join(cwd, "transcript.jsonl"),
        "cwd": cwd,
        "hook_event_name": EVENT,
        "tool_name": tool,
        "tool_input": tool_input,
    }
    return json.dumps(payload).encode()


def server_pids(launcher: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                argv = handle.read().split(b"\0")
        except OSError:
            continue
        if launcher.encode() in argv and b"warm-serve" in argv:
            found.append(int(entry))
    return found


@pytest.fixture
def home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    home = tmp_path / "home"
    project = home / "project"
    project.mkdir(parents=True)
    (project / "README.md").write_text("hello\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("HOOKWARD_WARM", raising=False)
    launcher = str(tmp_path / "bin" / "hookward")
    os.makedirs(os.path.dirname(launcher))
    with open(launcher, "w", encoding="utf-8") as handle:
        handle.write(install.launcher_text(sys.executable, install.import_roots(), launcher))
    os.chmod(launcher, 0o755)
    yield {"home": str(home), "project": str(project), "launcher": launcher}
    for pid in server_pids(launcher):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def run(launcher: str, data: bytes, cwd: str, warm_on: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if not warm_on:
        env["HOOKWARD_WARM"] = "0"
    return subprocess.run(
        [launcher, "hook", HOST, EVENT], input=data, capture_output=True, cwd=cwd, env=env, timeout=60
    )


def start_server(launcher: str, cwd: str) -> int:
    """The first warm call starts the server; return its pid once it answers."""
    run(launcher, claude("Read", {"file_path": os.path.join(cwd, "README.md")}, cwd), cwd)
    name = warm.socket_name(launcher, os.getuid())
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        pids = server_pids(launcher)
        if pids:
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(name)
                if probe.recv(1) == warm.READY:  # it answers once it has imported everything
                    return pids[0]
            except OSError:
                pass
            finally:
                probe.close()
        time.sleep(0.05)
    raise AssertionError("the warm server never started")


def test_a_warm_call_answers_byte_for_byte_as_the_hook_in_process(home) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    server = start_server(launcher, cwd)
    payloads = [
        claude("Bash", {"command": "git status"}, cwd),  # allow
        claude("Bash", {"command": "rm -rf ~"}, cwd),  # deny, a floor
        claude("Bash", {"command": "pip install requests"}, cwd),  # ask: fetch-and-run
        claude("Read", {"file_path": os.path.join(home["home"], ".ssh", "id_rsa")}, cwd),  # credentials
        b'{"not": "a claude payload"',  # malformed JSON: the failure answer
        b"",  # empty stdin
    ]
    for data in payloads:
        cold = run(launcher, data, cwd, warm_on=False)
        hot = run(launcher, data, cwd)
        assert (hot.returncode, hot.stdout) == (cold.returncode, cold.stdout), data[:80]
    assert server_pids(launcher) == [server]  # the same server answered every warm call


def test_the_deny_a_warm_fork_answers_names_the_floor(home) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    start_server(launcher, cwd)
    done = run(launcher, claude("Bash", {"command": "rm -rf ~"}, cwd), cwd)
    answer = json.loads(done.stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny"
    assert "floor.destructive" in answer["permissionDecisionReason"]


def test_the_server_holds_no_environment(home) -> None:  # type: ignore[no-untyped-def]
    """Hosts pass API keys to hooks in the environment: the long-lived server must never hold one."""
    server = start_server(home["launcher"], home["project"])
    with open(f"/proc/{server}/environ", "rb") as handle:
        assert handle.read() == b""


def test_a_grant_records_the_lineage_of_the_hook_the_host_started_not_of_the_server(home) -> None:  # type: ignore[no-untyped-def]
    """Controls refuse to run under a host recorded with a grant: the lineage must be the client's."""
    launcher, cwd = home["launcher"], home["project"]
    server = start_server(launcher, cwd)
    done = run(launcher, claude("Bash", {"command": "pip install requests"}, cwd), cwd)
    assert json.loads(done.stdout)["hookSpecificOutput"]["permissionDecision"] == "ask"
    lineages = {pid for pid, _start in grants.recorded_lineages()}
    assert os.getpid() in lineages  # this test process started the hook: it is the "host"
    assert server not in lineages


def test_a_server_whose_installation_changed_hands_the_call_back_and_exits(home) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    server = start_server(launcher, cwd)
    with open(launcher, encoding="utf-8") as handle:
        text = handle.read()
    os.unlink(launcher)  # an uninstall or upgrade rewrites it: the server must not answer for it any more
    with open(launcher, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.chmod(launcher, 0o755)
    os.utime(launcher + ".warm-started", (0, 0))  # let this call start a new server
    done = run(launcher, claude("Bash", {"command": "git status"}, cwd), cwd)
    assert json.loads(done.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow"
    deadline = time.monotonic() + 10
    while server in server_pids(launcher) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server not in server_pids(launcher)


def test_the_stamps_see_a_rewritten_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "module.py"
    path.write_text("x = 1\n")
    stamps = warm._stamps([str(path)])
    assert not warm._changed(stamps)
    path.unlink()
    path.write_text("x = 2\n")
    assert warm._changed(stamps)


def fake_server(launcher: str, behaviour: str) -> tuple[socket.socket, list]:
    """A server on the launcher's name that takes the streams and then misbehaves."""
    import threading

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(warm.socket_name(launcher, os.getuid()))
    listener.listen(4)
    seen: list = []

    def serve() -> None:
        try:
            conn, _ = listener.accept()
        except OSError:
            return
        if behaviour == "stale":
            conn.sendall(warm.STALE)  # before the streams: the client keeps them
            conn.close()
            seen.append(0)
            return
        conn.sendall(warm.READY)
        data, ancillary, _flags, _addr = conn.recvmsg(4096, socket.CMSG_SPACE(12))
        seen.append(len(ancillary))
        for _level, _kind, fds in ancillary:
            for index in range(0, len(fds) - len(fds) % 4, 4):
                os.close(int.from_bytes(fds[index : index + 4], sys.byteorder))
        conn.close()  # "vanish": the streams taken, no answer at all

    threading.Thread(target=serve, daemon=True).start()
    return listener, seen


def test_a_server_that_took_the_streams_and_vanished_blocks_the_call(home) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    listener, seen = fake_server(launcher, "vanish")
    try:
        done = run(launcher, claude("Bash", {"command": "git status"}, cwd), cwd)
    finally:
        listener.close()
    assert seen == [1]  # the streams were handed over
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.startswith(b"hookward failed closed: the warm hook server")


def test_a_stale_answer_runs_the_call_in_process(home) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    listener, seen = fake_server(launcher, "stale")
    try:
        done = run(launcher, claude("Bash", {"command": "rm -rf ~"}, cwd), cwd)
    finally:
        listener.close()
    assert seen == [0]  # the server refused before it took anything
    answer = json.loads(done.stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny" and "floor.destructive" in answer["permissionDecisionReason"]


def test_hookward_warm_0_never_connects(home) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    listener, seen = fake_server(launcher, "vanish")
    try:
        done = run(launcher, claude("Bash", {"command": "git status"}, cwd), cwd, warm_on=False)
    finally:
        listener.close()
    assert seen == []
    assert json.loads(done.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow"


def test_the_request_round_trips_arguments_directory_umask_and_environment() -> None:
    environ = {b"HOME": b"/home/u", b"ODD": b"a=b\x00c:d", b"EMPTY": b""}
    encoded = warm._encode_request(["claude-code", "PreToolUse", "||", "exit", "2"], b"/work/x y", 0o027, environ)
    head, _, body = encoded.partition(b"\n")
    assert int(head) == len(body)
    assert warm._decode_request(body) == (
        ["claude-code", "PreToolUse", "||", "exit", "2"],
        b"/work/x y",
        0o027,
        environ,
    )
