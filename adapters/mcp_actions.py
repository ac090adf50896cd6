"""What the MCP server does once the gate has let an action through.

Nothing here decides anything: `adapters.mcp_server` calls these only after
the policy (and, for an ask, a person) allowed the exact action. Each action
is bounded: a shell command by a timeout and an output cap, a read by a size
cap. A command never inherits the server's stdin or stdout, which carry the
MCP protocol.
"""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
from dataclasses import dataclass

import anyio

DEFAULT_TIMEOUT_SECONDS = 120
MAX_TIMEOUT_SECONDS = 600
OUTPUT_CAP_BYTES = 100_000  # of a command's combined stdout and stderr
READ_CAP_BYTES = 256 * 1024


class ActionError(Exception):
    """The action could not be done (missing file, ambiguous edit...): reported to the model as an error."""


@dataclass
class ShellResult:
    exit_code: int | None  # None when the command was killed at its timeout
    output: str
    output_bytes: int  # everything the command wrote, kept or not
    truncated: bool
    timed_out: bool

    def render(self, timeout: float) -> str:
        lines = []
        if self.timed_out:
            lines.append(f"[timed out after {timeout:g} s; the command's process group was killed]")
        else:
            lines.append(f"[exit code {self.exit_code}]")
        lines.append(self.output)
        if self.truncated:
            lines.append(f"[output truncated: kept {OUTPUT_CAP_BYTES} of {self.output_bytes} bytes]")
        return "\n".join(lines)


def shell_program() -> str:
    # The policy analyzes commands with a bash grammar, so bash runs them where it exists.
    return shutil.which("bash") or "/bin/sh"


def clamp_timeout(seconds: float | None) -> float:
    if seconds is None:
        return DEFAULT_TIMEOUT_SECONDS
    return float(min(max(seconds, 1), MAX_TIMEOUT_SECONDS))


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


async def run_shell(command: str, cwd: str, timeout: float, cap: int = OUTPUT_CAP_BYTES) -> ShellResult:
    """Run `command` with `bash -c` in `cwd`, stdout and stderr merged, bounded by `timeout` and `cap`."""
    process = await anyio.open_process(
        [shell_program(), "-c", command],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=cwd,
        start_new_session=True,  # its own process group, so a timeout kills its children too
    )
    kept: list[bytes] = []
    kept_bytes = 0
    total_bytes = 0
    finished = False
    try:
        with anyio.move_on_after(timeout):
            assert process.stdout is not None
            async for chunk in process.stdout:
                total_bytes += len(chunk)
                if kept_bytes < cap:
                    piece = chunk[: cap - kept_bytes]
                    kept.append(piece)
                    kept_bytes += len(piece)
            await process.wait()
            finished = True
    finally:
        if not finished:
            _kill_group(process.pid)
            with anyio.CancelScope(shield=True), anyio.move_on_after(5):
                await process.wait()
        await process.aclose()
    return ShellResult(
        exit_code=process.returncode if finished else None,
        output=b"".join(kept).decode("utf-8", errors="replace"),
        output_bytes=total_bytes,
        truncated=total_bytes > kept_bytes,
        timed_out=not finished,
    )


def _open_regular(path: str, flags: int) -> int:
    """Open a regular file only: a FIFO or a device would block the server or never end."""
    try:
        fd = os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0), 0o666)
    except FileNotFoundError:
        raise ActionError(f"{path} does not exist") from None
    except IsADirectoryError:
        raise ActionError(f"{path} is a directory") from None
    except OSError as error:
        raise ActionError(f"cannot open {path}: {error.strerror}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise ActionError(f"{path} is not a regular file")
    os.set_blocking(fd, True)
    return fd


def read_text(path: str, cap: int = READ_CAP_BYTES) -> tuple[str, int, bool]:
    """The file's text (at most `cap` bytes, decoded leniently), its size, and whether it was cut."""
    if os.path.isdir(path):
        raise ActionError(f"{path} is a directory")
    with os.fdopen(_open_regular(path, os.O_RDONLY), "rb") as handle:
        data = handle.read(cap + 1)
        size = os.fstat(handle.fileno()).st_size
    truncated = len(data) > cap
    return data[:cap].decode("utf-8", errors="replace"), size, truncated


def write_text(path: str, content: str) -> int:
    """Write `content` as UTF-8, creating missing parent directories; the number of bytes written."""
    data = content.encode("utf-8")
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    except OSError as error:
        raise ActionError(f"cannot create the directory of {path}: {error.strerror}") from None
    fd = _open_regular(path, os.O_WRONLY | os.O_CREAT)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.truncate(0)
            handle.write(data)
    except OSError as error:
        raise ActionError(f"cannot write {path}: {error.strerror}") from None
    return len(data)


def edit_text(path: str, old: str, new: str, replace_all: bool = False) -> int:
    """Replace `old` with `new` in a UTF-8 file; `old` must occur exactly once unless `replace_all`."""
    if not old:
        raise ActionError("old_string is empty; use write_file to create or overwrite a file")
    if old == new:
        raise ActionError("old_string and new_string are the same; nothing to change")
    with os.fdopen(_open_regular(path, os.O_RDONLY), "rb") as handle:
        raw = handle.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ActionError(f"{path} is not UTF-8 text; refusing to edit it") from None
    count = text.count(old)
    if count == 0:
        raise ActionError(f"old_string was not found in {path}")
    if count > 1 and not replace_all:
        raise ActionError(
            f"old_string occurs {count} times in {path}; add context to make it unique, or set replace_all"
        )
    updated = text.replace(old, new) if replace_all else text.replace(old, new, 1)
    write_text(path, updated)
    return count if replace_all else 1
