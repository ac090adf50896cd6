"""CLI commands: mcp (wiring only)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    """Attach this module's commands to the main app."""

    @app.command("mcp")
    def mcp(
        project: Path | None = typer.Option(
            None,
            "--project",
            help="The project directory actions run in. Default: the client's MCP roots, else the working directory.",
        ),
    ) -> None:
        """Serve hookward's policy-gated tools over MCP (stdio). Register this in a host's MCP config."""
        # Imported here: the MCP SDK is heavy, and every other command would pay for it.
        from hookward.adapters.mcp_server import build_server

        try:
            server = build_server(str(project) if project is not None else None)
        except ValueError as error:
            sys.stderr.write(f"hookward mcp: {error}\n")
            raise typer.Exit(2) from None
        server.run("stdio")
