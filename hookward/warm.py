"""The warm hook: a hook call served by a fork of a process that has already imported hookward.

A hook process spends most of its time importing (about two thirds of a call on a regular install). The
launcher `hookward install` writes therefore first asks a warm server, a process of the same installation
and the same user that imported everything once and keeps WORKERS forks of itself serving calls. A worker
receives the hook's own standard streams (passed over the socket, so the payload and the answer never pass
through the server), its arguments, working directory, umask and environment, and runs exactly the code an
in-process hook runs; the client exits with the call's exit code. After the call the worker releases the
streams and drops the environment, directory and umask, and after CALLS_PER_WORKER calls (or any call that
did not end cleanly) a fresh fork replaces it. A worker serves many calls because a fork's first call pays
for copying every page it touches (10-20 ms on this machine's VM), which a call in a warm worker does not;
what the engine keeps between calls is what the MCP server and `hookward eval` keep too, caches keyed by
content (tests/test_warm.py checks that no call's environment, directory or input reaches the next).

What can go wrong, and what happens then:
- no server (none started yet, killed, another machine's namespace): the client starts one in the
  background, at most once every SPAWN_INTERVAL_S seconds, and this call runs in process as before;
- a server of another user on the name (abstract socket names are per network namespace, not per user):
  the kernel's peer credentials differ, and the call runs in process;
- a server whose code changed on disk since it imported it (an upgrade): a worker answers STALE, the server
  and its workers exit, and the call runs in process;
- every worker busy (a burst): the call waits in the backlog for one, up to CONNECT_TIMEOUT_S, then runs in
  process;
- a server or worker that dies after it took the streams, or no answer within REPLY_TIMEOUT_S: the client
  cannot run the call again (the payload is read), so it blocks, exit 2 with a reason on stderr;
- HOOKWARD_WARM=0 in the hook's environment: always in process.

The server is started with an empty environment (hosts pass API keys to hooks: the server never holds
one). A worker holds one call's environment while it serves that call, as the hook process itself would,
and clears it before it takes the next.

The client half (hookward/warm_client.py) runs before anything is imported, so it uses only built-in modules
(`posix`, `_socket`): importing `os` alone would cost a millisecond of every call.
"""

import sys

from hookward.warm_client import (  # noqa: F401  (the protocol, shared with the client; and old launchers)
    CONNECT_TIMEOUT_S,
    DONE,
    MAX_REQUEST,
    PROTOCOL,
    READY,
    REPLY_TIMEOUT_S,
    SPAWN_INTERVAL_S,
    STALE,
    _encode_request,
    _pack,
    hook_client,
    socket_name,
)

IDLE_EXIT_S = 900  # a server with no call for this long exits


def _unpack(data: bytes) -> list:
    items, index = [], 0
    while index < len(data):
        colon = data.index(b":", index)
        length = int(data[index:colon])
        items.append(data[colon + 1 : colon + 1 + length])
        index = colon + 1 + length
    return items


def _decode_request(body: bytes) -> tuple:
    fields = _unpack(body)
    if not fields or fields[0] != PROTOCOL:
        raise ValueError("not a hookward warm request")
    cwd, umask, count = fields[1], int(fields[2]), int(fields[3])
    args = [f.decode("utf-8", "surrogateescape") for f in fields[4 : 4 + count]]
    environ = {}
    for entry in fields[4 + count :]:
        key, _, value = entry.partition(b"=")
        environ[key] = value
    return args, cwd, umask, environ


# ---------------------------------------------------------------------------
# the server: `<launcher> warm-serve`

# What a worker may need and would otherwise import on its first call; imported once, before the first fork.
PRELOAD = (
    "hookward.cli",
    "hookward.adapters",
    "hookward.adapters.hook",
    "hookward.adapters.render",
    "hookward.adapters.pipeline",
    "hookward.compat.answer",
    "hookward.compat.registry",
    "hookward.policy.engine",
    "hookward.policy.loader",
    "hookward.policy.shell",
    "hookward.policy.specs",
    "hookward.verdicts.ledger",
    "hookward.verdicts.grants",
    "hookward.verdicts.spool",
    "hookward.verdicts.controls",
    "hookward.policy.specs._index",
    "hookward.policy.protection",
    "fcntl",
    "bashlex",
    "ast",
    "ipaddress",
    "shlex",
    "select",
    "sqlite3",
    "signal",
)


def _preload() -> None:
    import importlib

    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except Exception:  # a module that fails here fails in the worker as it would in process
            continue
    from hookward.adapters import ADAPTERS, adapter_for
    from hookward.policy import specs
    from hookward.policy.floors import commands

    names = [f"hookward.policy.specs.{family}" for family in specs.FAMILIES]
    names += sorted({f"hookward.policy.floors.{family.module}" for family in commands.FAMILIES})
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:
            continue
    for host in ADAPTERS:
        try:
            adapter_for(host)
        except Exception:
            continue


def _warm_data() -> list:
    """Read once what every call reads from the package (never the user's files), memoized where the
    modules memoize it by content: the built-in policy, the host registry, the protection registry.
    Returns the data files read, whose stamps the server watches like its modules'."""
    from hookward.compat import registry
    from hookward.policy import loader, protection

    read = []
    try:
        for host in registry.host_ids():
            registry.load_host(host)
            read.append(registry.HOSTS_DIR + "/" + host + ".json")
        with open(loader.DEFAULT_POLICY, "rb") as handle:
            loader._builtin(handle.read())
        read += [*loader.BUILTIN_INPUTS, loader.BUILTIN_POLICY]
        protection._registry()
        read.append(protection.PRECOMPUTED)
        from hookward.policy import specs

        for family in specs.FAMILIES:
            specs._load(family)  # each family's program table, built from its module's data
        _in_a_throwaway_home(_warm_calls, loader)
    except Exception:
        pass  # whatever was not warmed here is read in the worker, as in process
    return read


def _in_a_throwaway_home(work, loader) -> None:  # type: ignore[no-untyped-def]
    """Run `work(loader)` with HOME and the XDG directories in a new empty directory, removed after: the
    server's own environment is empty and stays so, and nothing of a person's is read or written."""
    import os
    import shutil
    import tempfile

    saved = dict(os.environ)
    home = tempfile.mkdtemp(prefix="hookward-warm-")
    try:
        os.environ.clear()
        os.environ["HOME"] = home
        for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
            os.environ[name] = os.path.join(home, name.lower())
        work(loader)
    finally:
        os.environ.clear()
        os.environ.update(saved)
        shutil.rmtree(home, ignore_errors=True)


# One ordinary command of each of the programs agents run most (tests/corpora/build.py --programs: git, npm,
# python, curl, npx, ls, gh, grep, uv, mkdir, cp, pip, echo, pnpm, find, cargo, node, docker, rm, ...), not the
# benchmark's commands: what a worker finds warm is a program's first-touch work (its rules' candidates, its
# floor family, the patterns it compiles), and a program not listed pays that in the first call of each worker.
WARM_COMMANDS = (
    "git log --oneline -5",
    "git diff --stat && git add -A && git commit -m wip",
    "npm run build",
    "npx tsc --noEmit",
    "pnpm install",
    "python3 -m pytest -q tests",
    "python script.py --help",
    "uv run pytest",
    "pip list",
    "curl -s http://localhost:8000/health",
    "ls -la src",
    "cat README.md | head -5",
    "grep -n main src/app.py | wc -l",
    "rg -n todo . | sort | uniq",
    "find . -name '*.py' -type f",
    "mkdir -p build && cp -r assets build/ && rm -rf dist",
    "echo done > /tmp/x.log 2>&1",
    "gh pr view 1 --json title",
    "cargo test",
    "go test ./...",
    "node index.js",
    "docker ps",
    "make test",
    "sed -n 1,20p file.txt",
    "cd src && ls",
    "kill 1234",
)


def _warm_calls(loader) -> None:  # type: ignore[no-untyped-def]
    """The compiled policy of a home with no policy file of its own, and a few calls judged with it.

    The loader memoizes a policy under the digest of its sources, so a worker whose sources are the same bytes
    gets it without compiling, and any other compiles its own. Judging a few calls compiles the regular
    expressions and indexes every call needs; the engine's caches are keyed by content or by the object they
    index (never by a person's home or project), so what a worker finds in them is what it would build.
    """
    import os

    from hookward.policy.engine import evaluate
    from hookward.policy.toolcall import ToolCall
    from hookward.verdicts import redact

    policy = loader.load_policy(None)
    project = os.path.join(os.environ["HOME"], "project")
    os.makedirs(project)
    calls = [ToolCall("shell", command=command, cwd=project, project_root=project) for command in WARM_COMMANDS]
    calls += [
        ToolCall("read", tool="Read", paths=[os.path.join(project, "notes.md")], cwd=project, project_root=project),
        ToolCall("write", tool="Write", paths=[os.path.join(project, "a.py")], cwd=project, project_root=project),
        ToolCall("edit", tool="Edit", paths=[os.path.join(project, "b.py")], cwd=project, project_root=project),
        ToolCall("mcp", tool="mcp__files__list", mcp_server="files", mcp_tool="list", cwd=project),
        ToolCall("web", tool="WebFetch", url="https://example.com/", cwd=project, project_root=project),
    ]
    for call in calls:
        try:
            evaluate(call, policy)
        except Exception:
            continue
    redact.redact("curl -H 'Authorization: Bearer x' https://example.com --token=y")


def _stamps(data_files: list) -> dict:
    """(inode, size, mtime) of every module and data file the server read: an upgrade changes some of them."""
    return _stamp_paths([getattr(module, "__file__", None) for module in list(sys.modules.values())] + data_files)


def _stamp_paths(paths: list) -> dict:
    import os

    stamps = {}
    for path in paths:
        if not path:
            continue
        try:
            st = os.stat(path)
        except OSError:
            stamps[path] = None
            continue
        stamps[path] = (st.st_ino, st.st_size, st.st_mtime_ns)
    return stamps


def _quick_stamps(stamps: dict, data_files: list) -> dict:
    """What each call checks: the data files, and the directories of the modules that are not the standard
    library's (site-packages itself among them: pip adds and removes a .dist-info there for every install,
    upgrade or uninstall, and an upgrade replaces the files of each package directory). A few dozen stats
    instead of one per module; the server itself checks every module file each WATCH_S (`serve`)."""
    import os
    import sysconfig

    stdlib = os.path.realpath(sysconfig.get_paths()["stdlib"]) + os.sep
    directories = set()
    for path in stamps:
        if path and path not in data_files and not os.path.realpath(path).startswith(stdlib):
            directories.add(os.path.dirname(path))
            directories.add(os.path.dirname(os.path.dirname(path)))  # site-packages, for a package's module
    return _stamp_paths(sorted(directories) + list(data_files))


def _changed(stamps: dict) -> bool:
    import os

    for path, stamp in stamps.items():
        try:
            st = os.stat(path)
        except OSError:
            if stamp is not None:
                return True
            continue
        if stamp != (st.st_ino, st.st_size, st.st_mtime_ns):
            return True
    return False


def serve(launcher: str, idle_exit_s: float = IDLE_EXIT_S) -> int:
    """Bind this installation's name, import everything, then keep WORKERS forks serving calls until idle or
    stale: each accepts calls on the shared socket and serves them one after another, in process."""
    import gc
    import os
    import signal
    import socket
    import time

    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(socket_name(launcher, os.getuid()))
    except OSError:
        return 0  # another server holds the name
    server.listen(64)
    started_ns = time.time_ns()
    _preload()
    data_files = [launcher, *_warm_data()]
    stamps = _stamps(data_files)
    if any(stamp is not None and stamp[2] >= started_ns for stamp in stamps.values()):
        return 0  # a file changed while it was being imported (an upgrade under way): serve nothing
    quick = _quick_stamps(stamps, data_files)
    gc.collect()
    gc.freeze()  # the workers share these pages: no collection touches them
    gc.disable()
    workers: dict[int, float] = {}  # pid -> when it started
    crashes: list[float] = []
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})  # a worker's end is waited for, with a timeout
    try:
        while True:
            while len(workers) < WORKERS:
                pid = os.fork()
                if pid == 0:
                    code = WORKER_CRASHED
                    try:
                        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
                        code = _worker(server, quick, idle_exit_s)
                    finally:
                        os._exit(code)
                workers[pid] = time.monotonic()
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                signal.sigtimedwait({signal.SIGCHLD}, WATCH_S)
                if _changed(stamps):
                    return 0  # a module changed in place: the workers stop below, a new server binds the name
                continue
            workers.pop(pid, None)
            code = os.waitstatus_to_exitcode(status)
            if code == WORKER_STALE:
                return 0  # the installation changed: the others stop below, a new server binds the name
            if code == WORKER_IDLE:
                if not workers:
                    return 0
                continue  # not replaced: the pool shrinks while nothing comes
            if code != WORKER_DONE:
                now = time.monotonic()
                crashes[:] = [t for t in crashes if now - t < 60] + [now]
                if len(crashes) > WORKERS * 4:
                    return 0  # a worker that keeps dying: stop serving, calls run in process
    finally:
        server.close()
        for pid in workers:
            try:
                os.kill(pid, signal.SIGTERM)  # ends an idle worker at once, a busy one after its call
            except OSError:
                pass


WATCH_S = 1.0  # how often the server checks every module file it imported (each call checks directories)
WORKERS = 4  # calls served at once; a burst beyond it waits in the backlog, then runs in process
CALLS_PER_WORKER = 200  # a worker serves this many calls, then a fresh fork of the server replaces it
WORKER_DONE, WORKER_IDLE, WORKER_STALE, WORKER_CRASHED = 0, 3, 4, 5


def _worker(server, stamps: dict, idle_exit_s: float) -> int:  # type: ignore[no-untyped-def]
    """Serve calls from the shared socket one after another; the exit code says why it stopped."""
    import gc
    import os
    import signal
    import socket
    import struct

    state = {"busy": False, "stop": False}

    def terminate(_signum, _frame):  # type: ignore[no-untyped-def]
        if not state["busy"]:
            os._exit(WORKER_DONE)
        state["stop"] = True  # after this call

    signal.signal(signal.SIGTERM, terminate)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    from hookward.verdicts import ledger

    ledger.KEEP_CONNECTION = True  # one connection to the ledger for this worker's calls, not one per ask
    gc.enable()  # what a call leaves in cycles is collected; the frozen pages are not traversed
    server_pid = os.getppid()
    server.settimeout(1.0)  # once a second: is the server still there (a killed one leaves no orphans serving)
    for _ in range(CALLS_PER_WORKER):
        waited = 0.0
        while True:
            if state["stop"] or os.getppid() != server_pid:
                return WORKER_DONE
            try:
                conn, _ = server.accept()
                break
            except TimeoutError:
                waited += 1.0
                if waited >= idle_exit_s:
                    return WORKER_IDLE
            except OSError:
                return WORKER_CRASHED
        state["busy"] = True
        try:
            conn.settimeout(None)
            peer_pid, peer_uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
            if peer_uid != os.getuid():
                conn.close()
                continue
            if _changed(stamps):
                conn.sendall(STALE)
                conn.close()
                return WORKER_STALE
            conn.sendall(READY)
        except OSError:
            conn.close()
            continue
        served = _serve_one(conn, peer_pid)
        conn.close()
        state["busy"] = False
        if not served:
            return WORKER_CRASHED  # its state is not known to be clean: a fresh fork takes over
    return WORKER_DONE


def _serve_one(conn, peer_pid: int) -> bool:  # type: ignore[no-untyped-def]
    """One call in this worker: become the hook process the host started, run it, report, and undo it all
    (streams, environment, directory, umask), so that nothing of the call stays for the next one."""
    import os
    import time

    from hookward.verdicts import grants

    code = -1
    clean = False
    saved_argv = list(sys.argv)
    try:
        conn.settimeout(CONNECT_TIMEOUT_S)  # a connection that never sends its request ends this call
        fds, (args, cwd, umask, environ) = _receive(conn)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.umask(umask)
        os.environ.clear()
        for key, value in environ.items():
            os.environb[key] = value
        time.tzset()
        grants.HOOK_PID = peer_pid  # the host's lineage is the client's, not this worker's
        conn.settimeout(None)
        os.chdir(cwd)
        sys.argv = [sys.argv[0], "hook", *args]
        from hookward.adapters.hook import main as hook_main

        code = hook_main(args[0] if args else "", args[1] if len(args) > 1 else "")
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        clean = True
    except BaseException:
        code = -1  # no answer: the client blocks
    finally:
        clean = _forget_the_call(saved_argv) and clean
    try:
        if code >= 0:
            conn.sendall(DONE + bytes([code & 0xFF]))
    except BaseException:
        return False
    return clean


def _forget_the_call(saved_argv: list) -> bool:
    """The worker as it was before the call: the host's streams released (the host waits for their end of
    file), no environment, the root directory, the server's umask, no hook lineage."""
    import os
    import time

    from hookward.verdicts import grants

    try:
        null = os.open(os.devnull, os.O_RDWR)
        for target in (0, 1, 2):
            os.dup2(null, target)
        os.close(null)
        os.environ.clear()
        time.tzset()
        os.chdir("/")
        os.umask(0o077)
        grants.HOOK_PID = None
        sys.argv = saved_argv
        return True
    except BaseException:
        return False


def _warm_processes(launcher: str) -> list[tuple[int, int]]:
    """(pid, parent pid) of every `<launcher> warm-serve` process, found in /proc."""
    import os

    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                argv = handle.read().split(b"\0")
            if launcher.encode() not in argv or b"warm-serve" not in argv:
                continue
            with open(f"/proc/{entry}/stat", "rb") as handle:
                parent = int(handle.read().rpartition(b")")[2].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        found.append((int(entry), parent))
    return found


def server_pids(launcher: str) -> list[int]:
    """The running servers of this launcher (`<launcher> warm-serve` not started by another), found in /proc:
    for the benchmark and tests, never the client (which checks the one process its connection reaches)."""
    processes = _warm_processes(launcher)
    pids = {pid for pid, _parent in processes}
    return [pid for pid, parent in processes if parent not in pids]


def worker_pids(launcher: str) -> list[int]:
    """The workers of this launcher's servers (their forks that serve the calls)."""
    processes = _warm_processes(launcher)
    pids = {pid for pid, _parent in processes}
    return [pid for pid, parent in processes if parent in pids]


def _receive(conn) -> tuple:  # type: ignore[no-untyped-def]
    import array
    import socket

    fds = array.array("i")
    data, ancillary, _flags, _addr = conn.recvmsg(4096, socket.CMSG_SPACE(3 * fds.itemsize))
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[: len(payload) - (len(payload) % fds.itemsize)])
    head, newline, body = data.partition(b"\n")
    if not newline or len(fds) != 3:
        raise ValueError("malformed warm request")
    length = int(head)
    if length > MAX_REQUEST:
        raise ValueError("warm request too large")
    while len(body) < length:
        chunk = conn.recv(min(1 << 20, length - len(body)))
        if not chunk:
            raise ValueError("warm request cut short")
        body += chunk
    return list(fds), _decode_request(body)
