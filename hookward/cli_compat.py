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


def source_checkout() -> str | None:
    """The repository root when this hookward runs from a source checkout; None for an installed copy."""
    import os

    from hookward.compat import schema

    root = schema.REPO_ROOT
    inside_packages = any(part in ("site-packages", "dist-packages") for part in root.split(os.sep))
    if inside_packages or not os.path.isfile(os.path.join(root, "pyproject.toml")):
        return None
    return root


def _needs_checkout(command: str) -> None:
    if source_checkout() is None:
        raise _fail(
            f"hookward compat {command}: a maintainer command; it needs a source checkout of hookward "
            "(COMPATIBILITY.md lives in the repository, not in an installed copy), so nothing was checked or written"
        )


@compat_app.command("render")
def render() -> None:
    """Validate every host file and write COMPATIBILITY.md at the repository root (needs a source checkout)."""
    from hookward.compat import document, schema

    _needs_checkout("render")

    try:
        page = document.write()
    except schema.RegistryError as error:
        raise _fail(f"hookward compat render: the registry is invalid, nothing written:\n{error}") from None
    hosts = page.count('<a id="host-')
    typer.echo(f"wrote {document.PAGE_PATH} ({hosts} host{'s' if hosts != 1 else ''})")


@compat_app.command("check")
def check() -> None:
    """Fail when a host file is invalid or COMPATIBILITY.md differs from a fresh render (needs a source checkout)."""
    from hookward.compat import document, schema

    _needs_checkout("check")

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
    host: str = typer.Argument(None, help="host id, e.g. claude-code (default: list every host)"),
    as_json: bool = typer.Option(False, "--json", help="the host file plus what hookward sends, as JSON"),
) -> None:
    """Print one host's facts and what hookward sends it for each verdict; without a host, list the hosts."""
    from hookward.compat import document, schema
    from hookward.compat.registry import host_ids

    if host is None:
        if as_json:
            typer.echo(json.dumps({"hosts": host_ids()}, indent=2))
        else:
            typer.echo("hosts (`hookward compat show HOST` for one):")
            for name in host_ids():
                typer.echo(f"  {name}")
        return

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
