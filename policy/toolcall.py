"""The normalized tool call: what an agent wants to do, whatever host it runs in.

Adapters build it from a host payload; the engine consumes it. It is a plain
slotted class rather than a pydantic model because it is built on the hot path
of every hook process, where importing pydantic alone costs several times the
whole latency budget. `policy.schema.ToolCallModel` is the pydantic form used
where calls arrive as JSON from outside a host (the CLI, the MCP server, tests).
"""

from __future__ import annotations

KINDS = ("shell", "read", "write", "edit", "delete", "mcp", "web", "other")


class ToolCall:
    __slots__ = (
        "kind",
        "tool",
        "command",
        "paths",
        "url",
        "mcp_server",
        "mcp_tool",
        "cwd",
        "project_root",
        "host",
        "event",
        "session_id",
        "tool_use_id",
        "permission_mode",
        "content",
        "arguments",
    )

    def __init__(
        self,
        kind: str,
        *,
        tool: str = "",
        command: str | None = None,
        paths: tuple[str, ...] | list[str] = (),
        url: str | None = None,
        mcp_server: str | None = None,
        mcp_tool: str | None = None,
        cwd: str | None = None,
        project_root: str | None = None,
        host: str = "",
        event: str = "",
        session_id: str = "",
        tool_use_id: str = "",
        permission_mode: str | None = None,
        content: str | None = None,
        arguments: dict[str, object] | None = None,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown tool kind {kind!r}")
        if kind == "shell" and not isinstance(command, str):
            raise ValueError("a shell call needs a command string")
        for path in paths:
            if not isinstance(path, str):
                raise ValueError("paths must be strings")
        self.kind = kind
        self.tool = tool
        self.command = command
        self.paths = tuple(paths)
        self.url = url
        self.mcp_server = mcp_server
        self.mcp_tool = mcp_tool
        self.cwd = cwd
        self.project_root = project_root
        self.host = host
        self.event = event
        self.session_id = session_id
        self.tool_use_id = tool_use_id
        self.permission_mode = permission_mode
        # The new text of a write (the whole file), where the payload carries it; None when unknown.
        self.content = content if isinstance(content, str) else None
        # An MCP call's arguments, where the payload carries them: a well-known file tool's path arguments are
        # judged as the file actions they are (policy/knowledge/mcp.py). Judged, never recorded or echoed.
        self.arguments = arguments if isinstance(arguments, dict) else None

    def to_dict(self) -> dict[str, object]:
        # The new content of a write and an MCP call's arguments are judged, never recorded or echoed.
        return {name: getattr(self, name) for name in self.__slots__ if name not in ("content", "arguments")}

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_dict().items() if v not in (None, "", ()))
        return f"ToolCall({fields})"
