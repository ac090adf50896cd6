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

import re

from hookward.policy.floors.common import Floor

TYPE_CHECKING = False  # typing itself costs milliseconds on the hook path
if TYPE_CHECKING:
    import ipaddress

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
    import ipaddress  # imported when a host is judged: about 3 ms a hook call that names none would pay

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


# --- what fetching a URL needs beyond an allow ------------------------------------------------------------

_METADATA_HOSTS = re.compile(
    r"^(169\.254\.169\.254|metadata\.google\.internal|metadata|100\.100\.100\.200|fd00:ec2::254|\[fd00:ec2::254\])$",
    re.IGNORECASE,
)
_HEAD = re.compile(r"^([a-z][a-z0-9+.-]*)://(?:([^@/]*)@)?(\[[^\]/]*\]|[^/:?#]+)", re.IGNORECASE)
_PUBLIC_NAME = re.compile(r"^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]\.?$", re.IGNORECASE)
_LOCAL_SUFFIXES = (".local", ".internal", ".localhost", ".localdomain", ".lan", ".home", ".corp", ".intranet")


def host_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address a URL host names, in any spelling (hex, octal, decimal, IPv4-mapped), or None."""
    import ipaddress
    import socket

    name = host.strip("[]").rstrip(".").lower()
    if ":" not in name and not any(char.isdigit() for char in name):
        return None  # no spelling of an IPv4 address lacks a digit, and no IPv6 one a colon: a host name
    try:
        address: ipaddress.IPv4Address | ipaddress.IPv6Address = ipaddress.ip_address(name)
    except ValueError:
        try:
            address = ipaddress.ip_address(socket.inet_aton(name))  # 0xa9fea9fe, 2852039166, 0251.0376.0251.0376
        except OSError:
            return None
    if address.version == 6 and address.ipv4_mapped is not None:  # type: ignore[union-attr]
        address = address.ipv4_mapped  # type: ignore[union-attr]
    return address


def _is_metadata(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    import ipaddress

    if address.version == 4:
        return address in ipaddress.ip_network("169.254.0.0/16") or str(address) == "100.100.100.200"
    return str(address) == "fd00:ec2::254"


def names_metadata_service(word: str) -> bool:
    """Whether a word a network client is handed names the cloud metadata service as its host, with or without
    a scheme (curl reads `169.254.169.254/latest` as http), in any spelling of the address. Without a scheme
    the single label `metadata` is a file name, not a host."""
    scheme, sep, rest = word.partition("://")
    if not sep:
        rest = word
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0].rpartition("@")[2]
    if authority.startswith("[") and "]" in authority:
        host = authority[1 : authority.index("]")]
    else:
        host = authority.split(":", 1)[0]
    bare = host.rstrip(".").lower()
    if not bare or (not sep and bare == "metadata"):
        return False
    address = host_address(bare)
    return bool(_METADATA_HOSTS.match(bare)) or (address is not None and _is_metadata(address))


def fetch_problems(url: str, *, shell: bool = False) -> list[tuple[str, str, str]]:
    """What a GET of `url` needs beyond an allow, as (floor, verdict, reason); empty: a plain public fetch.

    The web tool and a plain shell download (`curl URL`, `wget URL`, see specs.network.plain_get) are the same
    act, so they are judged by this one function. The cloud metadata service hands out credentials (deny, in
    any spelling of its address); this machine is fine (issue 11's loopback rule, parsed exactly); a private,
    link-local or single-label host, or an intranet suffix, is the local network (ask: control planes live
    there); credentials in the URL ask. In a shell command the scheme must be written out (curl guesses
    `ftp.x` to be FTP) and the host must be a plain name or address (no globs, escapes or look-alikes).
    """
    if loopback_url(url):
        return []
    match = _HEAD.match(url)
    if not match:
        return [("egress", "ask", "a URL hookward cannot read")]
    scheme, userinfo, host = match.group(1).lower(), match.group(2), match.group(3)
    problems: list[tuple[str, str, str]] = []
    if scheme not in ("http", "https"):
        problems.append(("egress", "ask", f"fetches a {scheme}: URL"))
    address = host_address(host)
    bare = host.strip("[]").rstrip(".").lower()
    if _METADATA_HOSTS.match(bare) or (address is not None and _is_metadata(address)):
        problems.append(
            (Floor.CLOUD_METADATA, "deny", "fetches the cloud metadata service, which hands out credentials")
        )
    elif address is not None:
        if not address.is_global:
            problems.append(("egress", "ask", "reaches a service on this machine or the local network"))
    elif bare in ("localhost", "localhost.localdomain") or bare.endswith(_LOCAL_SUFFIXES) or "." not in bare:
        problems.append(("egress", "ask", "reaches a service on this machine or the local network"))
    elif shell and not _PUBLIC_NAME.match(host):
        problems.append(("egress", "ask", f"a host name hookward cannot read exactly: {host[:80]!r}"))
    if userinfo is not None:
        problems.append(("credentials", "ask", "the URL carries credentials"))
    return problems


# --- where a program with a spec connects -------------------------------------------------------------------

# `[user@]host[:port-or-path]` as database, queue and remote-shell clients take it; a URL is read by _DEST_URL.
_DEST_URL = re.compile(
    r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://(?:(?P<userinfo>[^/?#]*)@)?"
    r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]*)(?::[0-9]{0,5})?(?:[/?#].*)?$",
    re.DOTALL,
)
_DEST_HOST = re.compile(r"^(?:[^@/]*@)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::[A-Za-z0-9._/~-]*)?$")


def destination_host(destination: str) -> str | None:
    """The host a destination word names, or None when it cannot be read exactly (a glob, an escape, a
    variable, several `@`): the strict reading, so `http://localhost@evil/` names `evil`."""
    if destination.count("@") > 1 or not destination.isprintable() or any(c.isspace() for c in destination):
        return None
    if destination.count(":") > 1 and "://" not in destination and "[" not in destination:
        import ipaddress

        try:  # a bare IPv6 address (`redis-cli -h ::1`)
            return f"[{ipaddress.IPv6Address(destination.rpartition('@')[2])}]"
        except ValueError:
            return None
    match = _DEST_URL.match(destination) if "://" in destination else _DEST_HOST.match(destination)
    return match.group("host") if match is not None else None


def destination_problems(destination: str, *, local_paths: bool = True) -> list[tuple[str, str, str]]:
    """What a spec's `network` effect needs beyond an allow, as (floor, verdict, reason); empty: this machine.

    A program with a spec that reaches the network (a database or queue client's `--host`, a `--registry`, a
    subcommand that calls a service) is judged here, not only the programs the egress floor names: what it
    sends is not known to be a plain GET, so any destination but this machine asks, and one not named or not
    readable asks too. This machine is `localhost` or a literal loopback address, parsed exactly (every host of
    a comma-separated list must be one); a Unix socket path or `unix://` URL is this machine as well. The cloud
    metadata service hands out credentials (deny, in any spelling of its address).
    """
    if not destination:
        return [("egress", "ask", "reaches the network (the destination is not named on the command line)")]
    if local_paths and (destination.startswith("/") or destination.lower().startswith("unix:/")):
        return []  # a Unix socket (`psql -h /var/run/postgresql`, `-H unix:///run/x.sock`): not the network
    problems: list[tuple[str, str, str]] = []
    for word in destination.split(",") if "://" not in destination else [destination]:
        host = destination_host(word)
        if host is None or not host:
            problems.append(("egress", "ask", f"reaches {word[:80]!r}, a destination hookward cannot read exactly"))
            continue
        if loopback_host(host):
            continue
        address = host_address(host)
        bare = host.strip("[]").rstrip(".").lower()
        if _METADATA_HOSTS.match(bare) or (address is not None and _is_metadata(address)):
            problems.append(
                (Floor.CLOUD_METADATA, "deny", "reaches the cloud metadata service, which hands out credentials")
            )
        else:
            problems.append(("egress", "ask", f"reaches {host[:80]}, another machine"))
    return problems


def fetch_destination_problems(destination: str) -> list[tuple[str, str, str]]:
    """What a spec's `fetch` effect needs: judged like a plain download (fetch_problems), since a GET or a name
    lookup sends no more than the names on the command line. No destination named: the program's own public
    default, which its spec names. A bare `host[:port]` is judged as that host; one not read exactly asks."""
    if not destination:
        return []
    if "://" in destination:
        return fetch_problems(destination, shell=True)
    host = destination_host(destination)
    if not host:
        return [("egress", "ask", f"fetches from {destination[:80]!r}, a destination hookward cannot read exactly")]
    return fetch_problems(f"https://{host}/", shell=True)
