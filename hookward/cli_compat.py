"""CLI commands: compat render / check / show (wiring only; the work is in compat.document)."""

from __future__ import annotations

import json
import sys

import typer

compat_app = typer.Typer(
    name="compat",
    help="The evidence-graded host compatibility registry and the COMPATIBILITY.md page built from it.",
    no_args_is_help=True,
)


def _fail(message: str, code: int = 1) -> typer.Exit:
    sys.stderr.write(message.rstrip("\n") + "\n")
    return typer.Exit(code)


@compat_app.command("render")
def render() -> None:
    """Validate every host file and write COMPATIBILITY.md at the repository root."""
    from hookward.compat import document, schema

    try:
        page = document.write()
    except schema.RegistryError as error:
        raise _fail(f"hookward compat render: the registry is invalid, nothing written:\n{error}") from None
    hosts = page.count('<a id="host-')
    typer.echo(f"wrote {document.PAGE_PATH} ({hosts} host{'s' if hosts != 1 else ''})")


@compat_app.command("check")
def check() -> None:
    """Fail when a host file is invalid or COMPATIBILITY.md differs from a fresh render."""
    from hookward.compat import document, schema

    try:
        diff = document.stale_diff()
    except schema.RegistryError as error:
        raise _fail(f"hookward compat check: the registry is invalid:\n{error}") from None
    if diff:
        shown = "\n".join(diff[:60]) + ("\n..." if len(diff) > 60 else "")
        raise _fail(
            f"hookward compat check: {document.PAGE_NAME} is stale; "
            f"run `hookward compat render` and commit it.\n{shown}"
        )
    typer.echo(f"registry valid; {document.PAGE_NAME} is up to date")


@compat_app.command("show")
def show(
    host: str = typer.Argument(..., help="host id, e.g. claude-code"),
    as_json: bool = typer.Option(False, "--json", help="the host file plus what hookward sends, as JSON"),
) -> None:
    """Print one host's facts and what hookward sends it for each verdict."""
    from hookward.compat import document, schema
    from hookward.compat.registry import host_ids

    if host not in host_ids():
        raise _fail(f"hookward compat show: no host {host!r}; known hosts: {', '.join(host_ids())}", 2)
    try:
        data = schema.load_raw_host(host)
    except schema.RegistryError as error:
        raise _fail(f"hookward compat show: the host file is invalid:\n{error}") from None
    if as_json:
        out = {
            "host": data,
            "evidence": document.evidence_mix(data),
            "trusted_grade": document.DEFAULT_TRUSTED_GRADE,
            "hookward_sends": document.sends_by_mode(data),
        }
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    typer.echo("\n".join(document.render_host(data)).rstrip("\n"))


def register(app: typer.Typer) -> None:
    """Attach `hookward compat ...` (and the probe commands under it) to the main app."""
    from hookward.cli_probe import register as register_probe

    register_probe(compat_app)
    app.add_typer(compat_app, name="compat")
