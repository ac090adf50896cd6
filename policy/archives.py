"""What an archive would create, read from its listing before anything is unpacked.

Issue 10: "Where an archive's members cannot be known before the call, the
destination decides ... inside a project, read the listing where it is bounded (a
zip's central directory, `tar -t` of a regular file) or ask." `listing(path)` reads
only names and types, never member data it does not have to: a zip's central
directory, or a tar stream (plain, gzip, bzip2 or xz) read sequentially through a
decompressor that stops after `MAX_STREAM_BYTES`. The file is opened without
blocking and must be a regular file of bounded size; at most `MAX_MEMBERS` names.
Anything else (a FIFO, a device, 7z, zstd, a missing file, a corrupt archive, too
big, too many members) is `None`: not knowable, and the caller decides.

`escapes(member, absolute_ok)` says whether a member lands outside the destination.
"""

from __future__ import annotations

import os
import stat

MAX_ARCHIVE_BYTES = 64 << 20  # a zip's central directory is read from the end; a tar is streamed
MAX_STREAM_BYTES = 64 << 20  # decompressed bytes read from a compressed tar before giving up
MAX_MEMBERS = 5000


class Member:
    """One entry: its name as stored, and for links what it points at."""

    __slots__ = ("name", "link", "kind")

    def __init__(self, name: str, kind: str = "file", link: str = "") -> None:
        self.name = name
        self.kind = kind  # file, dir, symlink, hardlink, other
        self.link = link

    def __repr__(self) -> str:
        return f"Member({self.name!r}, {self.kind!r}, {self.link!r})"


class _TooMuch(Exception):
    pass


class _Bounded:
    """A read-only stream that refuses to give more than `limit` bytes."""

    def __init__(self, raw, limit: int) -> None:  # type: ignore[no-untyped-def]
        self.raw = raw
        self.left = limit

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            size = self.left + 1
        data = self.raw.read(min(size, self.left + 1))
        self.left -= len(data)
        if self.left < 0:
            raise _TooMuch
        return data


def _open_regular(path: str) -> int | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
    except OSError:
        os.close(fd)
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ARCHIVE_BYTES:
        os.close(fd)
        return None
    return fd


def listing(path: str) -> list[Member] | None:
    """The members of a zip or tar archive, or None when they cannot be known within the bounds."""
    fd = _open_regular(path)
    if fd is None:
        return None
    with os.fdopen(fd, "rb") as handle:
        magic = handle.read(6)
        handle.seek(0)
        try:
            if magic[:2] == b"PK":
                return _zip_members(handle)
            return _tar_members(handle, magic)
        except (_TooMuch, OSError, EOFError, ValueError, RuntimeError, NotImplementedError):
            return None
        except Exception as error:  # corrupt archives raise whatever their module raises
            if type(error).__name__ in ("BadZipFile", "ReadError", "CompressionError", "HeaderError", "LZMAError"):
                return None
            raise


def _zip_members(handle) -> list[Member] | None:  # type: ignore[no-untyped-def]
    import zipfile

    with zipfile.ZipFile(handle) as archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            return None
        members = []
        for info in infos:
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                # The link target is the entry's data: small, bounded, read only for links.
                if info.file_size > 4096:
                    return None
                target = archive.read(info).decode("utf-8", "replace")
                members.append(Member(info.filename, "symlink", target))
            else:
                members.append(Member(info.filename, "dir" if info.is_dir() else "file"))
        return members


def _tar_members(handle, magic: bytes) -> list[Member] | None:  # type: ignore[no-untyped-def]
    import tarfile

    if magic[:2] == b"\x1f\x8b":
        import gzip

        stream = _Bounded(gzip.GzipFile(fileobj=handle), MAX_STREAM_BYTES)
    elif magic[:3] == b"BZh":
        import bz2

        stream = _Bounded(bz2.BZ2File(handle), MAX_STREAM_BYTES)
    elif magic[:6] == b"\xfd7zXZ\x00":
        import lzma

        stream = _Bounded(lzma.LZMAFile(handle), MAX_STREAM_BYTES)
    else:
        stream = _Bounded(handle, MAX_STREAM_BYTES)
    members: list[Member] = []
    with tarfile.open(fileobj=stream, mode="r|") as archive:  # type: ignore[call-overload]
        for info in archive:
            if len(members) >= MAX_MEMBERS:
                return None
            if info.issym():
                members.append(Member(info.name, "symlink", info.linkname))
            elif info.islnk():
                members.append(Member(info.name, "hardlink", info.linkname))
            elif info.isdir():
                members.append(Member(info.name, "dir"))
            elif info.isreg():
                members.append(Member(info.name, "file"))
            else:
                members.append(Member(info.name, "other"))
    return members


def _escapes_name(name: str) -> bool:
    return name.startswith("/") or ".." in name.replace("\\", "/").split("/")


def escapes(member: Member) -> bool:
    """Does this member land outside the destination: an absolute or `..` name, or a link that points out?"""
    if _escapes_name(member.name):
        return True
    if member.kind == "symlink":
        if member.link.startswith("/"):
            return True
        # Relative to the link's own directory: `a/b -> ../../x` climbs out.
        depth = 0
        for part in (os.path.dirname(member.name) + "/" + member.link).split("/"):
            if part == "..":
                depth -= 1
                if depth < 0:
                    return True
            elif part not in ("", "."):
                depth += 1
        return False
    if member.kind == "hardlink":
        return _escapes_name(member.link)
    return False


def members_of(archives: list[str], cwd: str, home: str) -> list[Member] | None:
    """The members of the one archive a command unpacks, or None (several, standard input, unreadable)."""
    if len(archives) != 1 or archives[0] in ("", "-"):
        return None
    written = archives[0]
    if written == "~" or written.startswith("~/"):
        path = home + written[1:]
    else:
        path = os.path.join(cwd, written)
    return listing(path)
