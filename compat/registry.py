"""Read the registry on the hot path: plain JSON, no validation here.

The pydantic schema in `compat.schema` validates every host file in the tests
and in `hookward compat check`; the hook path only reads the one host it
serves. A fact is `{"value": ..., "grade": ..., "source": ..., ...}`.
"""

from __future__ import annotations

import json
import os
import re

from hookward.policy.lazy import LazyRegex

HOSTS_DIR = os.path.join(os.path.dirname(__file__), "hosts")

GRADES = ("unknown", "documented", "read", "probed")
GRADE_RANK = {grade: rank for rank, grade in enumerate(GRADES)}

# What a host does with one verdict answer on one event (the `value` of a
# verdict fact). Only "prompts" lets an ask through; only "enforced" lets an
# explicit allow through.
EFFECTS = ("enforced", "prompts", "refuses", "runs", "ends_session", "rejected", "unsupported", "unknown")

ANY_MODE = "*"
# A verdict fact under "<mode>@headless" is what the host does in that mode when
# it runs headless (no person at a prompt). Hooks cannot tell the two apart.
HEADLESS = "@headless"

_cache: dict[str, dict] = {}

# ---------------------------------------------------------------- facts know their version
#
# THE RULE (COMPATIBILITY.md states it in its header):
#
# 1. A fact was established on the host releases it names in `versions`, plus the
#    release its citation carries: a probe record's folder
#    (compat/probes/records/<host>/<version>/...) or the package@version of a read.
#    A documented fact with neither is dated, not versioned: the rule leaves it alone.
# 2. Two versions are the same release when their first N components agree, N being the
#    host's `release_components` (2, major.minor, by default; 3 for a host such as
#    Claude Code whose every release bumps the last number).
# 3. On a release the fact was established on, it counts at its grade. On any other
#    release a `probed` or `read` fact counts as `documented` at most: drift lowers
#    trust by itself, before anyone re-examines the host.
# 4. A fact with `since` holds from that version on; on an older release it counts as
#    `unknown` (the behaviour is not there yet), whatever its grade.
#
# A version hookward cannot read (None) leaves every grade as it is.

# Compiled on first use (policy/lazy.py): a hook call whose host names no version never reads them.
_RECORD_VERSION = LazyRegex(r"^compat/probes/records/[^/]+/([0-9][0-9A-Za-z.+-]*)/")
_PACKAGE_VERSION = LazyRegex(r"(?<![\w@])@?[\w.-]+(?:/[\w.-]+)?@v?(\d+(?:\.\d+)*)")


def version_tuple(text: object) -> tuple[int, ...] | None:
    """(2, 1, 332) for "2.1.332" (a leading v and a -suffix are dropped); None when it is not a version."""
    if not isinstance(text, str):
        return None
    match = re.match(r"^\s*v?(\d+(?:\.\d+)*)", text)
    return tuple(int(part) for part in match.group(1).split(".")) if match else None


def fact_versions(fact: dict) -> list[str]:
    """The host releases a fact was established on (rule 1)."""
    found = [v for v in fact.get("versions") or [] if isinstance(v, str)]
    source = fact.get("source") or ""
    if fact.get("grade") == "probed":
        match = _RECORD_VERSION.match(source)
        if match:
            found.append(match.group(1))
    elif fact.get("grade") == "read":
        found += _PACKAGE_VERSION.findall(source)
    return found


def same_release(a: tuple[int, ...], b: tuple[int, ...], components: int) -> bool:
    pad = (0,) * components
    return (a + pad)[:components] == (b + pad)[:components]


def grade_on(fact: dict, host_version: str | None, components: int = 2) -> str:
    """The grade `fact` counts at on `host_version` (the rule above)."""
    grade = fact.get("grade", "unknown")
    running = version_tuple(host_version)
    if running is None or grade == "unknown":
        return grade
    since = version_tuple(fact.get("since"))
    if since is not None and running < since:
        return "unknown"
    if grade not in ("probed", "read"):
        return grade
    established = [t for t in (version_tuple(v) for v in fact_versions(fact)) if t is not None]
    if not established or any(same_release(t, running, components) for t in established):
        return grade
    return "documented"


def on_version(fact: dict, host_version: str | None, components: int = 2) -> dict:
    """The fact as it counts on `host_version`: the same fact, its grade lowered where the rule says."""
    grade = grade_on(fact, host_version, components)
    if grade == fact.get("grade", "unknown"):
        return fact
    if grade == "unknown":
        return {"value": "unknown", "grade": "unknown", "note": f"holds from {fact.get('since')} on"}
    return dict(fact, grade=grade)


def newer_than_examined(data: dict, host_version: str | None) -> bool:
    """Whether `host_version` is a later release than the one the registry examined."""
    running, examined = version_tuple(host_version), version_tuple(data.get("version_examined"))
    if running is None or examined is None:
        return False
    components = int(data.get("release_components", 2))
    return running > examined and not same_release(running, examined, components)


class UnknownHost(KeyError):
    pass


def host_ids() -> list[str]:
    return sorted(name[:-5] for name in os.listdir(HOSTS_DIR) if name.endswith(".json"))


def load_host(host: str) -> dict:
    """The raw registry entry for one host."""
    if host in _cache:
        return _cache[host]
    if not host.replace("-", "").isalnum():
        raise UnknownHost(host)
    path = os.path.join(HOSTS_DIR, host + ".json")
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        raise UnknownHost(host) from None
    _cache[host] = data
    return data


def grade_at_least(fact: dict | None, minimum: str) -> bool:
    if not fact:
        return False
    return GRADE_RANK.get(fact.get("grade", "unknown"), 0) >= GRADE_RANK[minimum] and fact.get("grade") != "unknown"


class Capabilities:
    """The questions the renderer asks of one host's registry entry."""

    def __init__(self, data: dict, host_version: str | None = None) -> None:
        self.data = data
        self.host = data["host"]
        self.host_version = host_version  # the running host's release, where the payload says it
        self.components = int(data.get("release_components", 2))

    @classmethod
    def of(cls, host: str, host_version: str | None = None) -> Capabilities:
        return cls(load_host(host), host_version)

    def counted(self, fact: dict) -> dict:
        """A fact as it counts on the running release (grade_on)."""
        return on_version(fact, self.host_version, self.components) if self.host_version else fact

    def known_mode(self, mode: str | None) -> str | None:
        """The registry's name for a permission mode, or None when never seen."""
        modes = self.data.get("modes", {})
        if mode is None:
            return self.data.get("default_mode")
        return mode if mode in modes else None

    def effect(self, event: str, verdict: str, mode: str | None) -> dict:
        """The fact for what `verdict` does on `event` in `mode` (an unknown fact if none)."""
        table = self.data.get("verdicts", {}).get(event, {}).get(verdict, {})
        if mode is not None and mode in table:
            return self.counted(table[mode])
        if ANY_MODE in table:
            return self.counted(table[ANY_MODE])
        return {"value": "unknown", "grade": "unknown"}

    def headless_effect(self, event: str, verdict: str, mode: str | None) -> dict | None:
        """The fact for the same mode in a headless run, where one was established."""
        table = self.data.get("verdicts", {}).get(event, {}).get(verdict, {})
        if mode is not None and mode + HEADLESS in table:
            return self.counted(table[mode + HEADLESS])
        found = table.get(ANY_MODE + HEADLESS)
        return self.counted(found) if found else None

    def mode_fact(self, mode: str | None, name: str) -> dict:
        if mode is None:
            return {"value": None, "grade": "unknown"}
        entry = self.data.get("modes", {}).get(mode, {})
        found = entry.get(name)
        return self.counted(found) if found else {"value": None, "grade": "unknown"}

    def event_role(self, event: str) -> str | None:
        entry = self.data.get("events", {}).get(event)
        return entry.get("role") if entry else None


# ---------------------------------------------------------------- host facts the adapters read
#
# Installers, doctor, the MCP server and the conformance suite read a host's facts through these, never
# through a table of their own (compat/schema.py documents each section).

REGISTERED_CONFIG = "config"  # an off switch's `where`: the file hookward registers in, at each layer


def off_switches(host: str) -> list[dict]:
    """The host's `hook_off_switches` that doctor checks (those with an `off` value), in registry order."""
    return [entry for entry in load_host(host).get("hook_off_switches", []) if "off" in entry]


def trust_state(host: str) -> dict | None:
    """Where the host records the trust it requires before running a hook ({"file", "table"}), if it does."""
    return load_host(host).get("trust_state")


def also_runs_hooks_of(host: str) -> tuple[str, ...]:
    """The other hosts whose hook files this host loads and runs too."""
    return tuple(entry["host"] for entry in load_host(host).get("also_runs_hooks_of", []))


def sample_payload(host: str) -> tuple[str, dict] | None:
    """(pre-tool event, payload template) of a shell call as the host sends it; `{command}`, `{cwd}` are slots."""
    entry = load_host(host).get("sample_payload")
    return (entry["event"], entry["payload"]) if entry else None


def mcp_client_names() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    """(exact clientInfo.name -> host, (prefix, host) pairs) over every host's `mcp_client_names`."""
    exact: dict[str, str] = {}
    prefixes: list[tuple[str, str]] = []
    for host in host_ids():
        entry = load_host(host).get("mcp_client_names") or {}
        for name in entry.get("names", []):
            exact.setdefault(name, host)
        prefixes += [(prefix, host) for prefix in entry.get("prefixes", [])]
    return exact, tuple(prefixes)


def credential_groups() -> list[tuple[str, str, list[str]]]:
    """(group id, label, paths) of every host's `credential_files`, in the shape of knowledge/paths.py CREDENTIALS.

    policy/loader.py adds them to the credential stores of the built-in policy: a host's own sign-in is a
    registry fact, read from the host's file only.
    """
    found = []
    for host in host_ids():
        data = load_host(host)
        paths = [entry["path"] for entry in data.get("credential_files", [])]
        if paths:
            found.append((f"host-{host}", f"the credentials {data.get('name', host)} stores", paths))
    return found


def harmless_files() -> list[str]:
    """Every host's `harmless_files`: home files it keeps that hold no secret (knowledge/paths.py HOME_HARMLESS)."""
    return [entry["path"] for host in host_ids() for entry in load_host(host).get("harmless_files", [])]


_sizes: dict[str, list[list[str | int]]] = {}


def host_file_sizes() -> list[list[str | int]]:
    """[host, size in bytes] of every host file: what a table derived from the registry was written from.

    Read once a process (one directory scan and a stat per host file, ~0.2 ms measured on a loaded machine): the built-in policy's key and
    the self-protection table both ask, and a process reads the host files it serves only once too.
    """
    sizes = _sizes.get(HOSTS_DIR)
    if sizes is None:
        found: list[list[str | int]] = []
        with os.scandir(HOSTS_DIR) as entries:
            for entry in entries:
                if entry.name.endswith(".json"):
                    try:
                        found.append([entry.name[:-5], entry.stat().st_size])
                    except OSError:
                        continue
        sizes = _sizes[HOSTS_DIR] = sorted(found)
    return [list(item) for item in sizes]
