"""The typer application: every command but the hook fast path."""

from __future__ import annotations

import typer

from hookward import (
    cli_audit,
    cli_compat,
    cli_grant,
    cli_hosts,
    cli_mcp,
    cli_pause,
    cli_policy,
    cli_replay,
    cli_subscribe,
)

app = typer.Typer(
    name="hookward",
    help="One security policy gate for every AI coding agent's tool calls.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"hookward {version('hookward')}")
        except PackageNotFoundError:
            typer.echo("hookward (not installed; a source checkout)")
        raise typer.Exit(0)


@app.callback()
def _main(
    show_version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print hookward's version and exit."
    ),
) -> None:
    """One security policy gate for every AI coding agent's tool calls."""


cli_policy.register(app)
cli_subscribe.register(app)
cli_hosts.register(app)
cli_compat.register(app)
cli_audit.register(app)
cli_mcp.register(app)
cli_grant.register(app)
cli_replay.register(app)
cli_pause.register(app)


@app.command("hook")
def hook(host: str, event: str) -> None:
    """Answer one hook call from HOST for EVENT (payload on stdin). Installed into hosts' configs."""
    from hookward.adapters.hook import main as hook_main

    raise typer.Exit(hook_main(host, event))
