"""Read the registry on the hot path: plain JSON, no validation here.

The pydantic schema in `compat.schema` validates every host file in the tests
and in `hookward compat check`; the hook path only reads the one host it
serves. A fact is `{"value": ..., "grade": ..., "source": ..., ...}`.
"""

from __future__ import annotations

import json
import os

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

    def __init__(self, data: dict) -> None:
        self.data = data
        self.host = data["host"]

    @classmethod
    def of(cls, host: str) -> Capabilities:
        return cls(load_host(host))

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
            return table[mode]
        if ANY_MODE in table:
            return table[ANY_MODE]
        return {"value": "unknown", "grade": "unknown"}

    def headless_effect(self, event: str, verdict: str, mode: str | None) -> dict | None:
        """The fact for the same mode in a headless run, where one was established."""
        table = self.data.get("verdicts", {}).get(event, {}).get(verdict, {})
        if mode is not None and mode + HEADLESS in table:
            return table[mode + HEADLESS]
        return table.get(ANY_MODE + HEADLESS)

    def mode_fact(self, mode: str | None, name: str) -> dict:
        if mode is None:
            return {"value": None, "grade": "unknown"}
        entry = self.data.get("modes", {}).get(mode, {})
        return entry.get(name) or {"value": None, "grade": "unknown"}

    def event_role(self, event: str) -> str | None:
        entry = self.data.get("events", {}).get(event)
        return entry.get("role") if entry else None
