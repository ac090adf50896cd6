"""Open the files the hook path reads so that none of them can block or exhaust it.

A project's `.hookward.toml` arrives with a cloned repository, and the state,
cache and config directories can be planted too. A FIFO there blocks `open()`
until someone writes; a symlink to `/dev/tty` blocks whenever the hook has a
controlling terminal; `/dev/zero` reads until memory runs out. Every file the
hook reads is therefore checked before it is opened (stat: no device is even
opened), opened without blocking and without acquiring a terminal, checked
again on the descriptor (fstat: the same regular file), and read only up to a
bound. Whatever fails the check is refused with an UnsafeFile error naming the
path and what it really is; the hook turns that into its block answer.

Symlinks to regular files are followed (dotfile managers link policy files);
`nofollow=True` refuses any symlink, for files only hookward itself creates.
"""

from __future__ import annotations

import errno
import os
import stat

MAX_FILE_BYTES = 4 << 20  # a policy, trust or cache file larger than this is refused


class UnsafeFile(OSError):
    """A path the hook must read is not a regular file of bounded size."""

    def __str__(self) -> str:
        return str(self.strerror)


def kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISLNK(mode):
        return "a symlink"
    return "not a regular file"


def _refuse(path: str, mode: int) -> UnsafeFile:
    return UnsafeFile(0, f"{path} is {kind_of(mode)}, not a regular file; hookward does not read it")


def check_regular(fd: int, path: str, limit: int | None = None) -> os.stat_result:
    """fstat an open descriptor: a regular file (of at most `limit` bytes), or UnsafeFile."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise _refuse(path, info.st_mode)
    if limit is not None and info.st_size > limit:
        raise UnsafeFile(0, f"{path} is {info.st_size} bytes, over hookward's {limit}-byte limit for it")
    return info


def open_regular(path: str, flags: int = os.O_RDONLY, mode: int = 0o600, nofollow: bool = False) -> int:
    """os.open that never blocks on a FIFO or a device and returns only a regular file's descriptor.

    `flags` may add O_WRONLY / O_APPEND / O_CREAT; a FIFO opened for writing with no reader
    fails at once (ENXIO) instead of waiting.
    """
    if nofollow:
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            info = None
        if info is not None and not stat.S_ISREG(info.st_mode):
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(21, "Is a directory", path)
            raise _refuse(path, info.st_mode)
    else:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            info = None
        if info is not None and not stat.S_ISREG(info.st_mode):
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(21, "Is a directory", path)
            raise _refuse(path, info.st_mode)  # refused before any open: a device is never even opened
    extra = os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    if nofollow:
        extra |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags | extra, mode)
    except OSError as error:
        if nofollow and error.errno == errno.ELOOP:
            raise UnsafeFile(0, f"{path} is a symlink; hookward does not follow it here") from None
        raise
    try:
        check_regular(fd, path)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: str, limit: int = MAX_FILE_BYTES, nofollow: bool = False) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.

    Raises FileNotFoundError (missing), IsADirectoryError, or UnsafeFile (a FIFO, a
    device, a socket, a file over the limit, or one that grows past it while read).
    """
    fd = open_regular(path, os.O_RDONLY, nofollow=nofollow)
    try:
        check_regular(fd, path, limit)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UnsafeFile(0, f"{path} grew past hookward's {limit}-byte limit while it was read")
        return b"".join(chunks)
    finally:
        os.close(fd)


__all__ = ["MAX_FILE_BYTES", "UnsafeFile", "check_regular", "open_regular", "read_regular"]
