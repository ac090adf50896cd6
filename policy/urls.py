"""Is a URL this machine? Parsed exactly, so look-alikes do not pass.

Issue 11: "a GET or HEAD without a body to a loopback address or `localhost` (parsed
exactly, so look-alike hosts do not pass) is not egress". Exactly means a grammar,
not a search: scheme `http`/`https` (or none, as curl and httpie accept), no user
information at all (`http://[::1]@evil/` names the host `evil`), a host that is
`localhost` or a literal loopback address, an optional numeric port, then `/`, `?`,
`#` or the end. `localhost.evil.com`, `127.0.0.1.nip.io`, `localhost.` (a DNS name),
`127.1` and `0x7f000001` (spellings some resolvers accept and others do not), a
backslash, a percent sign, whitespace and curl's `{a,b}` / `[1-2]` globs in the host
all fail.
"""

from __future__ import annotations

import ipaddress
import re

_URL = re.compile(
    r"^(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://)?"
    r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.]+)"
    r"(?::(?P<port>[0-9]{1,5}))?"
    r"(?P<rest>[/?#].*)?$",
    re.DOTALL,
)
_DOTTED = re.compile(r"^[0-9]{1,3}(?:\.[0-9]{1,3}){3}$")


def loopback_host(host: str) -> bool:
    """`localhost`, `127.x.y.z` (four decimal parts), `[::1]` or `[::ffff:127.x.y.z]`; nothing else."""
    if host.lower() == "localhost":
        return True
    if host.startswith("[") and host.endswith("]"):
        try:
            address = ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return False
        mapped = address.ipv4_mapped
        return address.is_loopback or (mapped is not None and mapped.is_loopback)
    if not _DOTTED.match(host):
        return False
    try:
        return ipaddress.IPv4Address(host).is_loopback
    except ValueError:
        return False


def loopback_url(url: str) -> bool:
    """An http(s) URL (or a bare `host[:port]/path`, as curl reads it) whose host is this machine."""
    match = _URL.match(url)
    if match is None:
        return False
    scheme = (match.group("scheme") or "http").lower()
    if scheme not in ("http", "https"):
        return False
    port = match.group("port")
    if port is not None and not 0 < int(port) < 65536:
        return False
    return loopback_host(match.group("host"))


def export_endpoint_problem(endpoint: str) -> str | None:
    """Why an audit export endpoint is refused, or None: https, or plain http only to this machine (parsed
    exactly, as loopback_host does); no user information (a password in a URL is shown wherever it is)."""
    from urllib.parse import urlsplit

    shape = "the endpoint must be a URL like https://collector.example:4318/v1/logs"
    if not endpoint.isprintable() or any(c.isspace() or c == "\\" for c in endpoint):
        return shape
    try:
        parts = urlsplit(endpoint)
        port = parts.port
    except ValueError:
        return shape
    if "@" in parts.netloc:
        return f"{shape}, without user information (send credentials as headers)"
    if not parts.hostname or port == 0:
        return shape
    if parts.scheme == "https":
        return None
    if parts.scheme == "http":
        host = parts.netloc.rsplit(":", 1)[0] if port is not None else parts.netloc
        if loopback_host(host):
            return None
    return "the endpoint must use https (plain http only to this machine: localhost, 127.0.0.1 or [::1])"
