"""The warm hook: a hook call served by a fork of a process that has already imported hookward.

A hook process spends most of its time importing (about two thirds of a call on a regular install). The
launcher `hookward install` writes therefore first asks a warm server, a process of the same installation
and the same user that imported everything once and forks a child per call. The child receives the hook's
own standard streams (passed over the socket, so the payload and the answer never pass through the
server), its arguments, working directory, umask and environment, and runs exactly the code an
in-process hook runs; the client exits with the child's exit code.

What can go wrong, and what happens then:
- no server (none started yet, killed, another machine's namespace): the client starts one in the
  background, at most once every SPAWN_INTERVAL_S seconds, and this call runs in process as before;
- a server of another user on the name (abstract socket names are per network namespace, not per user):
  the kernel's peer credentials differ, and the call runs in process;
- a server whose code changed on disk since it imported it (an upgrade): it answers STALE before it forks,
  exits, and the call runs in process;
- a server or child that dies after it took the streams, or no answer within REPLY_TIMEOUT_S: the client
  cannot run the call again (the payload is read), so it blocks, exit 2 with a reason on stderr;
- HOOKWARD_WARM=0 in the hook's environment: always in process.

The server is started with an empty environment (hosts pass API keys to hooks: the server never holds
one). A child holds one call's environment, as the hook process itself would, and exits with the call.

The client half runs before anything is imported, so it uses only built-in modules (`posix`, `_socket`,
`_struct`): importing `os` alone would cost a millisecond of every call.
"""

import sys

PROTOCOL = b"hookward-warm/1"
READY = b"R"  # the server checked itself: send the request and the streams
STALE = b"S"  # the server's code changed on disk: run in process, it exits
DONE = b"X"  # followed by one byte: the child's exit code
REPLY_TIMEOUT_S = 3.5  # the child's deadline (2.5 s) and alarm (+0.25 s) end it first; a host may time out soon after
CONNECT_TIMEOUT_S = 2.0  # a server still importing holds the call in its backlog for about 0.2 s
SPAWN_INTERVAL_S = 30  # how often a client may start a server when none answers
IDLE_EXIT_S = 900  # a server with no call for this long exits
MAX_REQUEST = 64 << 20  # the header (arguments, directory, environment), never the payload
MAX_FORKS = 16  # calls served at once; a burst beyond it waits in the backlog, then runs in process


def _fnv(data: bytes) -> str:
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def socket_name(launcher: str, uid: int) -> bytes:
    """The abstract socket name of one installation's server for one user (Linux abstract namespace)."""
    return f"\0hookward-warm-{uid}-{_fnv((sys.executable + chr(0) + launcher).encode())}".encode()


def _pack(items: list) -> bytes:
    out = bytearray()
    for item in items:
        out += b"%d:" % len(item) + item
    return bytes(out)


def _unpack(data: bytes) -> list:
    items, index = [], 0
    while index < len(data):
        colon = data.index(b":", index)
        length = int(data[index:colon])
        items.append(data[colon + 1 : colon + 1 + length])
        index = colon + 1 + length
    return items


def _encode_request(args: list, cwd: bytes, umask: int, environ: dict) -> bytes:
    env = [key + b"=" + value for key, value in environ.items()]
    fields = [PROTOCOL, cwd, b"%d" % umask, b"%d" % len(args)] + [a.encode("utf-8", "surrogateescape") for a in args]
    body = _pack(fields + env)
    return b"%d\n" % len(body) + body


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
# the client: the launcher calls hook_client() before it imports hookward's CLI


def hook_client() -> None:
    """Serve this hook call through the warm server and exit with its code; return to run it in process."""
    state = {"handed": False}
    try:
        _client(state)
    except Exception as error:  # never a traceback: before the hand-over the call runs in process
        if state["handed"]:
            _blocked(f"the warm hook client failed ({type(error).__name__})")


def _client(state: dict) -> None:
    import posix

    argv = sys.argv[1:]
    if len(argv) < 3 or argv[0] != "hook" or argv[1] in ("--help", "-h"):
        return
    if posix.environ.get(b"HOOKWARD_WARM", b"") == b"0" or sys.platform != "linux":
        return  # switched off, or no abstract sockets and /proc to find and check a server by
    launcher = sys.argv[0]
    try:
        import _socket
        import _struct
    except ImportError:
        return
    uid = posix.getuid()
    conn = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        conn.settimeout(CONNECT_TIMEOUT_S)
        try:
            conn.connect(socket_name(launcher, uid))
        except OSError:
            _spawn_server(posix, launcher)
            return
        peer_pid, peer_uid, _gid = _struct.unpack("3i", conn.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, 12))
        if peer_uid != uid or not _is_server(posix, peer_pid, launcher):
            return  # someone else's process holds the name: never hand it this call
        if conn.recv(1) != READY:
            return  # stale, or gone before it took anything: run in process
        umask = posix.umask(0o077)
        posix.umask(umask)
        request = _encode_request(argv[1:], posix.getcwdb(), umask, posix.environ)
        fds = _struct.pack("3i", 0, 1, 2)
        state["handed"] = True  # the server may take the streams from here: no second run
        sent = conn.sendmsg([request[:4096]], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)])
        conn.sendall(request[sent:])
        conn.settimeout(REPLY_TIMEOUT_S)
        reply = b""
        while len(reply) < 2:
            chunk = conn.recv(2 - len(reply))
            if not chunk:
                break
            reply += chunk
    except OSError as error:
        if not state["handed"]:
            return  # nothing was handed over: run in process
        _blocked(f"the warm hook server did not answer ({error.strerror or type(error).__name__})")
    finally:
        conn.close()
    if len(reply) == 2 and reply[:1] == DONE:
        posix._exit(reply[1])
    _blocked("the warm hook server ended without an answer")


def _is_server(posix, pid: int, launcher: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether `pid` runs this interpreter as `<launcher> warm-serve`, started isolated (-I -S): then the code
    it runs is the launcher's, which self-protection guards. Anything else on the name is not our server."""
    try:
        if posix.readlink(f"/proc/{pid}/exe") != posix.readlink("/proc/self/exe"):
            return False
        fd = posix.open(f"/proc/{pid}/cmdline", posix.O_RDONLY | posix.O_CLOEXEC)
        try:
            cmdline = posix.read(fd, 65536)
        finally:
            posix.close(fd)
    except OSError:
        return False
    return cmdline.split(b"\0")[1:] == [b"-I", b"-S", launcher.encode(), b"warm-serve", b""]


def _blocked(reason: str) -> None:
    import posix

    posix.write(2, f"hookward failed closed: {reason}\n".encode())
    posix._exit(2)


def _spawn_server(posix, launcher: str) -> None:  # type: ignore[no-untyped-def]
    """Start a server in the background (at most once every SPAWN_INTERVAL_S for this launcher)."""
    import time

    stamp = launcher + ".warm-started"
    try:
        if time.time() - posix.stat(stamp).st_mtime < SPAWN_INTERVAL_S:
            return
    except OSError:
        pass
    try:
        posix.close(posix.open(stamp, posix.O_WRONLY | posix.O_CREAT | posix.O_CLOEXEC, 0o600))
        posix.utime(stamp)
        posix.posix_spawn(
            sys.executable,
            [sys.executable, "-I", "-S", launcher, "warm-serve"],
            {},
            file_actions=[
                (posix.POSIX_SPAWN_OPEN, 0, "/dev/null", posix.O_RDONLY, 0),
                (posix.POSIX_SPAWN_OPEN, 1, "/dev/null", posix.O_WRONLY, 0),
                (posix.POSIX_SPAWN_DUP2, 1, 2),
            ],
            setsid=True,
        )
    except OSError:
        pass  # no server: every call runs in process, as without one


# ---------------------------------------------------------------------------
# the server: `<launcher> warm-serve`

# What a child may need and would otherwise import per call; imported once, before the first fork.
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
        except Exception:  # a module that fails here fails in the child as it would in process
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
        pass  # whatever was not warmed here is read in the child, as in process
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
# benchmark's commands: what a fork finds warm is a program's first-touch work (its rules' candidates, its
# floor family, the patterns it compiles), and a program not listed pays that in every fork that judges it.
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

    The loader memoizes a policy under the digest of its sources, so a child whose sources are the same bytes
    gets it without compiling, and any other child compiles its own. Judging a few calls compiles the regular
    expressions and indexes every call needs; the engine's caches are keyed by content or by the object they
    index (never by a person's home or project), so what a child finds in them is what it would build.
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
    import os

    stamps = {}
    paths = [getattr(module, "__file__", None) for module in list(sys.modules.values())] + data_files
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
    """Bind this installation's name, import everything, then fork a child per call until idle or stale."""
    import gc
    import os
    import socket
    import struct
    import time

    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(socket_name(launcher, os.getuid()))
    except OSError:
        return 0  # another server holds the name
    server.listen(64)
    started_ns = time.time_ns()
    _preload()
    stamps = _stamps([launcher, *_warm_data()])
    if any(stamp is not None and stamp[2] >= started_ns for stamp in stamps.values()):
        return 0  # a file changed while it was being imported (an upgrade under way): serve nothing
    gc.collect()
    gc.freeze()  # the children share these pages: no collection touches them
    gc.disable()
    # Forks are reaped by this loop, not by a SIGCHLD handler (which could reap one before it is counted), at
    # least ten times a second: their CPU then shows in the server's own (cutime), as the benchmark reads it.
    server.settimeout(0.1)
    last = time.monotonic()
    while True:
        _reap()
        while len(_FORKS) >= MAX_FORKS:  # a burst: each fork holds its own copy of the pages it writes
            time.sleep(0.002)
            _reap()
        try:
            conn, _ = server.accept()
        except TimeoutError:
            if time.monotonic() - last > idle_exit_s:
                return 0
            continue
        last = time.monotonic()
        conn.settimeout(None)
        try:
            peer_pid, peer_uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
            if peer_uid != os.getuid():
                conn.close()
                continue
            if _changed(stamps):
                conn.sendall(STALE)
                conn.close()
                return 0
            conn.sendall(READY)
            child = os.fork()
        except OSError:
            conn.close()
            continue
        if child == 0:
            server.close()
            _child(conn, peer_pid)  # never returns
        _FORKS.add(child)
        conn.close()


_FORKS: set = set()  # the server's forks still running


def _reap() -> None:
    import os

    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            _FORKS.clear()
            return
        if pid == 0:
            return
        _FORKS.discard(pid)


def server_pids(launcher: str) -> list[int]:
    """The running servers of this launcher (`<launcher> warm-serve`), found in /proc: for the benchmark and
    tests, never the client (which checks the one process its connection reaches)."""
    import os

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


def _child(conn, peer_pid: int) -> None:  # type: ignore[no-untyped-def]
    """One call, in a fork of the server: become the hook process the host started, run it, report."""
    import os
    import signal

    code = 2
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        conn.settimeout(CONNECT_TIMEOUT_S)  # a connection that never sends its request ends this fork
        fds, (args, cwd, umask, environ) = _receive(conn)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.umask(umask)
        os.environ.clear()
        for key, value in environ.items():
            os.environb[key] = value
        import time

        time.tzset()
        from hookward.verdicts import grants

        grants.HOOK_PID = peer_pid  # the host's lineage is the client's, not this fork's
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
    except BaseException:
        code = -1  # no answer: the client blocks
    try:
        if code >= 0:
            conn.sendall(DONE + bytes([code & 0xFF]))
    except BaseException:
        pass
    os._exit(0)
