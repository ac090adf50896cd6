"""The warm hook (hookward/warm.py): a worker of a pre-imported server answers exactly as the hook in process.

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
    for pid in warm.server_pids(launcher) + warm.worker_pids(launcher):
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
        pids = warm.server_pids(launcher)
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
    assert warm.server_pids(launcher) == [server]  # the same server answered every warm call


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
    while server in warm.server_pids(launcher) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server not in warm.server_pids(launcher)


def test_the_stamps_see_a_rewritten_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "module.py"
    path.write_text("x = 1\n")
    stamps = warm._stamps([str(path)])
    assert not warm._changed(stamps)
    path.unlink()
    path.write_text("x = 2\n")
    assert warm._changed(stamps)


FAKE_SERVER = """
import array, os, socket, sys
sys.path[:] = {roots!r} + sys.path
from hookward import warm
behaviour = os.environ["FAKE_BEHAVIOUR"]
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(warm.socket_name(sys.argv[0], os.getuid()))
listener.listen(4)
open({ready!r}, "w").close()
conn, _ = listener.accept()
with open({seen!r}, "w") as out:
    if behaviour == "stale":
        conn.sendall(warm.STALE)  # before the streams: the client keeps them
        out.write("refused")
    else:
        conn.sendall(warm.READY)
        fds = array.array("i")
        data, ancillary, _f, _a = conn.recvmsg(4096, socket.CMSG_SPACE(3 * fds.itemsize))
        for _level, _kind, payload in ancillary:
            fds.frombytes(payload[: len(payload) - len(payload) % fds.itemsize])
        for fd in fds:
            os.close(fd)
        out.write("took %d streams" % len(fds))
conn.close()  # no answer at all
"""


def fake_server(home: dict, behaviour: str, tmp_path) -> subprocess.Popen:  # type: ignore[no-untyped-def]
    """A misbehaving server started as this launcher's own (`python -I -S <launcher> warm-serve`), which is
    what the client checks: the launcher file runs the fake's code when asked to serve."""
    launcher = home["launcher"]
    fake = tmp_path / "fake_server.py"
    ready, seen = tmp_path / "fake.ready", tmp_path / "fake.seen"
    fake.write_text(FAKE_SERVER.format(roots=install.import_roots(), ready=str(ready), seen=str(seen)))
    with open(launcher, encoding="utf-8") as handle:
        text = handle.read()
    text = text.replace(
        "from hookward.cli import main\n",
        f"if sys.argv[1:2] == ['warm-serve']:\n    exec(open({str(fake)!r}).read())\n    raise SystemExit(0)\n"
        "from hookward.cli import main\n",
    )
    with open(launcher, "w", encoding="utf-8") as handle:
        handle.write(text)
    process = subprocess.Popen([sys.executable, "-I", "-S", launcher, "warm-serve"], env={"FAKE_BEHAVIOUR": behaviour})
    deadline = time.monotonic() + 30
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return process


def seen_by(tmp_path) -> str:  # type: ignore[no-untyped-def]
    path = tmp_path / "fake.seen"
    return path.read_text() if path.exists() else ""


def test_a_server_that_took_the_streams_and_vanished_blocks_the_call(home, tmp_path) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    fake = fake_server(home, "vanish", tmp_path)
    try:
        done = run(launcher, claude("Bash", {"command": "git status"}, cwd), cwd)
    finally:
        fake.kill()
        fake.wait()
    assert seen_by(tmp_path) == "took 3 streams"
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.startswith(b"hookward failed closed: the warm hook server")


def test_a_stale_answer_runs_the_call_in_process(home, tmp_path) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    fake = fake_server(home, "stale", tmp_path)
    try:
        done = run(launcher, claude("Bash", {"command": "rm -rf ~"}, cwd), cwd)
    finally:
        fake.kill()
        fake.wait()
    assert seen_by(tmp_path) == "refused"
    answer = json.loads(done.stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny" and "floor.destructive" in answer["permissionDecisionReason"]


def test_another_process_on_the_servers_name_is_never_handed_the_call(home) -> None:  # type: ignore[no-untyped-def]
    """Abstract socket names are first come, first served: a squatter (here this test process, same user,
    not `<launcher> warm-serve`) must get nothing, and the call runs in process."""
    import threading

    launcher, cwd = home["launcher"], home["project"]
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(warm.socket_name(launcher, os.getuid()))
    listener.listen(4)
    got: list = []

    def serve() -> None:
        try:
            conn, _ = listener.accept()
            got.append(b"accepted")
            conn.sendall(warm.READY)
            got.append(conn.recv(4096))
            conn.close()
        except OSError:
            pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        done = run(launcher, claude("Bash", {"command": "rm -rf ~"}, cwd), cwd)
        thread.join(10)
    finally:
        listener.close()
    assert got[:1] == [b"accepted"] and not any(got[1:])  # it connected, then left without a byte of the request
    answer = json.loads(done.stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny" and "floor.destructive" in answer["permissionDecisionReason"]


def test_hookward_warm_0_never_connects(home, tmp_path) -> None:  # type: ignore[no-untyped-def]
    launcher, cwd = home["launcher"], home["project"]
    fake = fake_server(home, "vanish", tmp_path)
    try:
        done = run(launcher, claude("Bash", {"command": "git status"}, cwd), cwd, warm_on=False)
    finally:
        fake.kill()
        fake.wait()
    assert seen_by(tmp_path) == ""
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


def test_every_module_the_server_preloads_exists() -> None:
    """The server skips a preload that fails (the fork then imports it, as in process); a name that no longer
    exists would silently cost every warm call its import."""
    import importlib

    for name in warm.PRELOAD:
        importlib.import_module(name)


def test_a_worker_carries_nothing_of_one_call_into_the_next(home, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Workers serve call after call: one call's environment (which decides what a credential is), directory
    and input must not reach the next. Alternating calls reach every worker with both kinds."""
    launcher, cwd = home["launcher"], home["project"]
    start_server(launcher, cwd)
    moved = tmp_path / "codex-home"
    moved.mkdir()
    (moved / "auth.json").write_text("{}")
    other = tmp_path / "other-project"
    (other / ".git").mkdir(parents=True)
    read = claude("Read", {"file_path": str(moved / "auth.json")}, cwd)
    relative = claude("Bash", {"command": "cat notes.txt"}, str(other))
    with_codex_home = dict(os.environ, CODEX_HOME=str(moved))

    def answer(done: subprocess.CompletedProcess) -> tuple[int, bytes, bytes]:
        return done.returncode, done.stdout, done.stderr

    for _round in range(2 * warm.WORKERS):
        moved_read = subprocess.run(
            [launcher, "hook", HOST, EVENT], input=read, capture_output=True, cwd=cwd, env=with_codex_home, timeout=60
        )
        assert json.loads(moved_read.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"
        # The same read without CODEX_HOME is an ordinary file in a scratch place, as in process.
        plain = run(launcher, read, cwd)
        assert answer(plain) == answer(run(launcher, read, cwd, warm_on=False)), plain.stderr
        assert json.loads(plain.stdout)["hookSpecificOutput"]["permissionDecision"] != "deny"
        assert answer(run(launcher, relative, str(other))) == answer(run(launcher, relative, str(other), warm_on=False))
    assert len(warm.worker_pids(launcher)) >= 2  # a pool, so the alternation reached more than one worker


def test_a_worker_releases_the_hosts_streams_before_it_answers(home) -> None:  # type: ignore[no-untyped-def]
    """The host reads the hook's output to its end: a worker that kept a copy of the pipe would hang it."""
    launcher, cwd = home["launcher"], home["project"]
    start_server(launcher, cwd)
    process = subprocess.Popen(
        [launcher, "hook", HOST, EVENT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    out, _err = process.communicate(claude("Bash", {"command": "git status"}, cwd), timeout=60)
    assert json.loads(out)["hookSpecificOutput"]["permissionDecision"] == "allow"
    for worker in warm.worker_pids(launcher):
        for fd in ("0", "1", "2"):
            assert os.readlink(f"/proc/{worker}/fd/{fd}") == os.devnull, (worker, fd)


def test_workers_end_with_their_server(home) -> None:  # type: ignore[no-untyped-def]
    """A killed server leaves no worker serving on its own (each looks for its server once a second)."""
    launcher, cwd = home["launcher"], home["project"]
    server = start_server(launcher, cwd)
    deadline = time.monotonic() + 15
    while not warm.worker_pids(launcher) and time.monotonic() < deadline:
        time.sleep(0.05)  # the probe's worker is being replaced, the others are still being forked
    assert warm.worker_pids(launcher)
    os.kill(server, signal.SIGKILL)
    deadline = time.monotonic() + 15
    while warm.worker_pids(launcher) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert warm.worker_pids(launcher) == []


def test_each_call_sees_a_package_upgraded_or_a_file_added_beside_its_modules(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # What a worker checks per call: the directories of the modules it imported (and their parents, where pip
    # adds a new .dist-info), not every module file (the server checks those every WATCH_S).
    package = tmp_path / "site-packages" / "pkg"
    package.mkdir(parents=True)
    module = package / "mod.py"
    module.write_text("x = 1\n")
    data = tmp_path / "data.json"
    data.write_text("{}")
    quick = warm._quick_stamps(warm._stamp_paths([str(module)]), [str(data)])
    assert str(package) in quick and str(package.parent) in quick and str(module) not in quick
    assert not warm._changed(quick)
    (package.parent / "pkg-2.0.dist-info").mkdir()
    assert warm._changed(quick)
    quick = warm._quick_stamps(warm._stamp_paths([str(module)]), [str(data)])
    module.unlink()
    module.write_text("x = 2\n")  # an upgrade writes each file anew
    assert warm._changed(quick)
    quick = warm._quick_stamps(warm._stamp_paths([str(module)]), [str(data)])
    data.write_text('{"a": 1}')
    assert warm._changed(quick)
