"""What a file tool's path text names on hosts that rewrite it before use (Pi and its fork OMP).

Pi (@mariozechner/pi-coding-agent dist/core/tools/path-utils.js) and OMP (src/tools/path-utils.ts) do
not open a file tool's `path` as written: expandPath drops a leading "@" and turns Unicode spaces into
spaces before "~" expansion, and resolveReadPath, when the resolved file is missing, also tries macOS
variants of it (a narrow no-break space before " AM." / " PM.", the NFD form, "'" as U+2019, NFD and
U+2019 together). A host adapter lists every
spelling its host may resolve the text to and `fan_out` hands them all to the policy: a superset only
adds parts, and the strictest part decides. Past MAX_TARGETS the call is not understood (kind "other").
"""

from __future__ import annotations

import re

from hookward.adapters import _plugin_wire as wire
from hookward.policy.toolcall import ToolCall

TYPE_CHECKING = False  # typing costs milliseconds per hook process; mypy reads this name as True
if TYPE_CHECKING:
    from collections.abc import Callable

MAX_TARGETS = 64
FILE_KINDS = ("read", "write", "edit", "delete")
# Patterns, not compiled at import (re caches them): a hook process pays only for what its call needs.
UNICODE_SPACES = "[\u00a0\u2000-\u200a\u202f\u205f\u3000]"
_AM_PM = r"(?i) (AM|PM)\."  # Pi's /gi; OMP's /g is a subset


class TooMany(Exception):
    """More targets than hookward judges one by one: the call is refused as not understood."""


def expand_path_forms(text: str) -> list[str]:
    """expandPath's steps: the text, without one leading "@", and with Unicode spaces as spaces."""
    bare = text[1:] if text.startswith("@") else text
    return [text, bare] if bare.isascii() else [text, bare, re.sub(UNICODE_SPACES, " ", bare)]


def read_fallbacks(path: str) -> list[str]:
    """The other files resolveReadPath opens when `path` does not exist (the path itself first)."""
    out = [path]
    if " " in path:
        out.append(re.sub(_AM_PM, "\u202f\\1.", path))
    if "'" in path:
        out.append(path.replace("'", "\u2019"))
    if not path.isascii():  # NFD leaves ASCII as it is
        import unicodedata

        nfd = unicodedata.normalize("NFD", path)
        out += [nfd, nfd.replace("'", "\u2019")]
    return out


def as_kind(call: ToolCall, kind: str, paths: list[str]) -> ToolCall:
    fields = {name: getattr(call, name) for name in ToolCall.__slots__ if name not in ("kind", "paths")}
    if kind in FILE_KINDS:
        fields["url"] = None
    return ToolCall(kind, **fields, paths=paths if kind in FILE_KINDS else ())


def fan_out(call: ToolCall, targets: Callable[[str], list[str]], *, url_is_not_a_file: bool = False) -> ToolCall:
    """`call` judged on every path `targets` says its path text may name; fails closed to "other"."""
    try:
        found = [form for path in call.paths for form in targets(path)]
    except TooMany:
        return as_kind(call, "other", [])
    if url_is_not_a_file and any(wire.url_scheme(form) is not None for form in found):
        return as_kind(call, "other", [])  # a URL or internal URI inside a list or behind a prefix: not a file
    unique = list(dict.fromkeys(form for form in found if form))
    if len(unique) > MAX_TARGETS:
        return as_kind(call, "other", [])
    return as_kind(call, call.kind, unique)
