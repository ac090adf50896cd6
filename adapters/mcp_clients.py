"""Which host is on the other end of an MCP session, from the client's `clientInfo.name`.

The names are registry facts: each host's `mcp_client_names` in
compat/hosts/<host>.json (what the host's MCP client announces in the
`initialize` handshake, exact names and prefixes of names with a dynamic
suffix). This module only looks a name up.

`clientInfo` is self-reported: any client can claim any name. The host id is
used for the ledger and for explanations, never to grant anything.
"""

from __future__ import annotations

from hookward.compat import registry

_names: tuple[dict[str, str], tuple[tuple[str, str], ...]] | None = None


def client_names() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    """(exact name -> host id, (prefix, host id) pairs), read once from the registry."""
    global _names
    if _names is None:
        _names = registry.mcp_client_names()
    return _names


UNKNOWN_PREFIX = "mcp:"
MAX_NAME_CHARS = 64


def host_for_client(name: object) -> str:
    """The registry host id for a client name; `mcp:<name>` for a client nobody has mapped."""
    if not isinstance(name, str) or not name.strip():
        return UNKNOWN_PREFIX + "unknown"
    exact, prefixes = client_names()
    if name in exact:
        return exact[name]
    for prefix, host in prefixes:
        if name.startswith(prefix):
            return host
    # The name is peer-supplied text headed for the ledger and for messages: keep it short and printable.
    safe = "".join(ch if ch.isprintable() and not ch.isspace() else "_" for ch in name.strip())
    return UNKNOWN_PREFIX + safe[:MAX_NAME_CHARS]
