"""The warm hook's client: the half of hookward/warm.py that runs in every hook process.

The launcher `hookward install` writes calls hook_client() before it imports anything else of hookward. It
hands the call (its arguments, directory, umask, environment, and its standard streams) to a worker of this
installation's warm server, and exits with the worker's answer; when there is none it returns, and the call
runs in process (hookward/warm.py says what can go wrong, and what happens then). It is its own module, and
uses only built-in modules (`posix`, `_socket`), because every tool call of every agent pays for loading it:
the server's code is ten times its size.
"""

import sys

PROTOCOL = b"hookward-warm/1"
READY = b"R"  # the server checked itself: send the request and the streams
STALE = b"S"  # the server's code changed on disk: run in process, it exits
DONE = b"X"  # followed by one byte: the call's exit code
REPLY_TIMEOUT_S = 3.5  # the call's deadline (2.5 s) and alarm (+0.25 s) end it first; a host may time out soon after
CONNECT_TIMEOUT_S = 2.0  # a server still importing holds the call in its backlog for about 0.2 s
SPAWN_INTERVAL_S = 30  # how often a client may start a server when none answers
MAX_REQUEST = 64 << 20  # the header (arguments, directory, environment), never the payload


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


def _encode_request(args: list, cwd: bytes, umask: int, environ: dict) -> bytes:
    env = [key + b"=" + value for key, value in environ.items()]
    fields = [PROTOCOL, cwd, b"%d" % umask, b"%d" % len(args)] + [a.encode("utf-8", "surrogateescape") for a in args]
    body = _pack(fields + env)
    return b"%d\n" % len(body) + body


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
        import _socket  # (not `_struct`: one shared library fewer to load; ints pack themselves below)
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
        cred = conn.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, 12)  # struct ucred: three C ints
        peer_pid, peer_uid = (int.from_bytes(cred[i : i + 4], sys.byteorder, signed=True) for i in (0, 4))
        if peer_uid != uid or not _is_server(posix, peer_pid, launcher):
            return  # someone else's process holds the name: never hand it this call
        if conn.recv(1) != READY:
            return  # stale, or gone before it took anything: run in process
        umask = posix.umask(0o077)
        posix.umask(umask)
        request = _encode_request(argv[1:], posix.getcwdb(), umask, posix.environ)
        fds = b"".join(fd.to_bytes(4, sys.byteorder) for fd in (0, 1, 2))  # three C ints
        state["handed"] = True  # the server may take the streams from here: no second run
        sent = conn.sendmsg([request[:4096]], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)])
        if sent < len(request):  # nothing left is sent as nothing: a worker that already answered closed the socket
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
