"""Which host is on the other end of an MCP session, from the client's `clientInfo.name`.

Data, not logic: each name below is what a host's MCP client announces in the
`initialize` handshake (or the 2026-era request envelope). Source for every
entry: context-mode's platform detection at upstream commit 589d8214, as
summarized in the shared host-contracts reference (grade: read, not probed).

`clientInfo` is self-reported: any client can claim any name. The host id is
used for the ledger and for explanations, never to grant anything.
"""

from __future__ import annotations

# Exact clientInfo.name -> host id.
CLIENT_NAMES: dict[str, str] = {
    "claude-code": "claude-code",
    "qwen-code": "qwen-code",
    "gemini-cli-mcp-client": "gemini-cli",
    "Visual-Studio-Code": "vscode-copilot",
    "JetBrains Client": "jetbrains-copilot",
    "IntelliJ IDEA": "jetbrains-copilot",
    "PyCharm": "jetbrains-copilot",
    "copilot-cli": "copilot-cli",
    "GitHub Copilot CLI": "copilot-cli",
    "github-copilot-cli": "copilot-cli",
    "cursor-vscode": "cursor",
    "Kilo Code": "kilocode",
    "Codex": "codex",
    "codex-mcp-client": "codex",
    "kimi-code": "kimi",
    "kimi": "kimi",
    "Kimi Code": "kimi",
    "antigravity-client": "antigravity",
    "agy": "antigravity-cli",
    "antigravity-cli": "antigravity-cli",
    "Kiro CLI": "kiro",
    "Zed": "zed",
    "zed": "zed",
}

# clientInfo.name prefixes for hosts that add a dynamic suffix.
CLIENT_NAME_PREFIXES: tuple[tuple[str, str], ...] = (("qwen-cli-mcp-client", "qwen-code"),)

UNKNOWN_PREFIX = "mcp:"
MAX_NAME_CHARS = 64


def host_for_client(name: object) -> str:
    """The registry host id for a client name; `mcp:<name>` for a client nobody has mapped."""
    if not isinstance(name, str) or not name.strip():
        return UNKNOWN_PREFIX + "unknown"
    if name in CLIENT_NAMES:
        return CLIENT_NAMES[name]
    for prefix, host in CLIENT_NAME_PREFIXES:
        if name.startswith(prefix):
            return host
    # The name is peer-supplied text headed for the ledger and for messages: keep it short and printable.
    safe = "".join(ch if ch.isprintable() and not ch.isspace() else "_" for ch in name.strip())
    return UNKNOWN_PREFIX + safe[:MAX_NAME_CHARS]
