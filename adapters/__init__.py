"""Per-host adapters: parse a host payload, spell a decision in the host's wire format.

ADAPTERS is the one place that says which module answers for a host: the hook
path, doctor and the probe harness find an adapter here, never by turning a
host id into a module name. Adding a host is its registry file
(compat/hosts/<host>.json), its module, and one line here; a test checks that
this table and the registry name the same hosts and that every module
satisfies the adapter protocol (adapters/protocol.py).

The values are module names, imported on first use: the hook imports only the
adapter of the host it serves.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing costs ~2 ms per hook process; mypy reads this name as True
if TYPE_CHECKING:
    from types import ModuleType

# host id (as on the command line and in compat/hosts/) -> module under hookward.adapters
ADAPTERS: dict[str, str] = {
    "antigravity": "antigravity",
    "antigravity-cli": "antigravity_cli",
    "claude-code": "claude_code",
    "codex": "codex",
    "copilot-cli": "copilot_cli",
    "cursor": "cursor",
    "gemini-cli": "gemini_cli",
    "jetbrains-copilot": "jetbrains_copilot",
    "kilocode": "kilocode",
    "kimi": "kimi",
    "kiro": "kiro",
    "omp": "omp",
    "openclaw": "openclaw",
    "opencode": "opencode",
    "pi": "pi",
    "qwen-code": "qwen_code",
    "vscode-copilot": "vscode_copilot",
    "zed": "zed",
}


def adapter_for(host: object) -> ModuleType:
    """The adapter module of `host`; compat.registry.UnknownHost for a host not in ADAPTERS."""
    module = ADAPTERS.get(host) if isinstance(host, str) else None
    if module is None:
        from hookward.compat.registry import UnknownHost

        raise UnknownHost(host)
    name = __name__ + "." + module
    found = sys.modules.get(name)
    if found is None:
        __import__(name)  # importlib.import_module without importing importlib (and warnings) on every call
        found = sys.modules[name]
    return found
