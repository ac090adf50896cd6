"""Small helpers that keep the hook path's import cost down."""

from __future__ import annotations

import re

try:  # OpenSSL's hashlib costs milliseconds to import on every hook call; the builtin is the same sha256.
    from _sha256 import sha256
except ImportError:  # pragma: no cover - other Python builds
    from hashlib import sha256


class LazyRegex:
    """A regular expression compiled on first use: most hook calls never need most of them."""

    __slots__ = ("_pattern", "_flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def _get(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._pattern, self._flags)
        return self._compiled

    def search(self, text: str) -> re.Match[str] | None:
        return self._get().search(text)

    def match(self, text: str) -> re.Match[str] | None:
        return self._get().match(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self._get().fullmatch(text)

    def findall(self, text: str) -> list:  # type: ignore[type-arg]
        return self._get().findall(text)

    def finditer(self, text: str):  # type: ignore[no-untyped-def]
        return self._get().finditer(text)

    def sub(self, repl, text: str) -> str:  # type: ignore[no-untyped-def]
        return self._get().sub(repl, text)


__all__ = ["LazyRegex", "sha256"]
