"""CLI commands: install, uninstall, doctor (wiring only; the work is in adapters.install/installers/doctor)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import typer

HOST_HELP = "Host id, e.g. claude-code, codex, cursor (see `hookward compat show`)."
PROJECT_HELP = "Write the project-level config of this directory instead of the user's."
MANAGED_HELP = (
    "Write the host's administrator-controlled settings (e.g. /etc/claude-code/managed-settings.json), where the "
    "registry has evidence for them; needs root. The hook calls the system-wide launcher."
)
ROOT_HELP = "With --managed: the system tree to write into instead of / (an image being built, a test)."


def register(app: typer.Typer) -> None:
    """Attach this module's commands to the main app."""

    @app.command("install")
    def install_command(
        host: str = typer.Argument(..., help=HOST_HELP),
        project: Path | None = typer.Option(None, "--project", help=PROJECT_HELP, exists=True, file_okay=False),
        dry_run: bool = typer.Option(False, "--dry-run", help="Print the diff; write nothing."),
        as_json: bool = typer.Option(False, "--json", help="Print what changed (or would) as JSON."),
        allow_repository_env: bool = typer.Option(
            False,
            "--allow-repository-env",
            help="Run hooks from this environment even though it is inside a repository or project "
            "(a source checkout under test); anything that can write there can replace the gate.",
        ),
        managed: bool = typer.Option(False, "--managed", help=MANAGED_HELP),
        root: Path | None = typer.Option(None, "--root", help=ROOT_HELP, exists=True, file_okay=False),
    ) -> None:
        """Register hookward's hook (or plugin, or MCP server) in HOST's config.

        Hosts run an isolated launcher (`python -I -S`, sys.path set to hookward's own install) that this
        writes under $XDG_DATA_HOME/hookward/bin; an environment inside a project or repository is refused.
        With --managed, the hook goes into the host's administrator settings and calls the system-wide
        launcher (/usr/local/lib/hookward/bin/hookward), written only from an environment root alone can change.
        """
        if managed or root is not None:
            raise typer.Exit(_managed(host, project, root, dry_run, True, allow_repository_env, as_json, managed))
        raise typer.Exit(
            _change(host, project, dry_run, install=True, allow_repository_env=allow_repository_env, as_json=as_json)
        )

    @app.command("uninstall")
    def uninstall_command(
        host: str = typer.Argument(..., help=HOST_HELP),
        project: Path | None = typer.Option(None, "--project", help=PROJECT_HELP, exists=True, file_okay=False),
        dry_run: bool = typer.Option(False, "--dry-run", help="Print the diff; write nothing."),
        as_json: bool = typer.Option(False, "--json", help="Print what changed (or would) as JSON."),
        managed: bool = typer.Option(False, "--managed", help="Remove what `install --managed` added."),
        root: Path | None = typer.Option(None, "--root", help=ROOT_HELP, exists=True, file_okay=False),
    ) -> None:
        """Remove exactly what `hookward install HOST` added."""
        if managed or root is not None:
            raise typer.Exit(_managed(host, project, root, dry_run, False, False, as_json, managed))
        raise typer.Exit(_change(host, project, dry_run, install=False, as_json=as_json))

    @app.command("doctor")
    def doctor_command(
        host: str | None = typer.Argument(None, help="Check only this host (default: every host with hookward)."),
        project: Path | None = typer.Option(None, "--project", help="Check this project's config instead."),
        as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
        managed: bool = typer.Option(
            False,
            "--managed",
            help="Check the managed installs instead, and say per host whether a user-level config can "
            "override or disable the managed hook (a registry fact).",
        ),
        root: Path | None = typer.Option(None, "--root", help=ROOT_HELP, exists=True, file_okay=False),
    ) -> None:
        """Check that hookward is installed, runs, and refuses what it must, per host."""
        if managed or root is not None:
            raise typer.Exit(_managed_doctor(host, project, root, as_json, managed))
        raise typer.Exit(_doctor(host, project, as_json))


def _change(
    host: str,
    project: Path | None,
    dry_run: bool,
    *,
    install: bool,
    allow_repository_env: bool = False,
    as_json: bool = False,
) -> int:
    verb = "install" if install else "uninstall"
    report: dict = {"host": host, "action": verb, "scope": "project" if project is not None else "user"}
    report.update(dry_run=dry_run, ok=True, changes=[], notes=[], messages=[])
    if not as_json:
        return _apply_change(host, project, dry_run, install, allow_repository_env, typer.echo, report)
    lines: list[str] = []

    def collect(text: str, err: bool = False) -> None:
        lines.append(text)

    code = _apply_change(host, project, dry_run, install, allow_repository_env, collect, report)
    report["ok"] = code == 0
    report["messages"] = lines
    typer.echo(json.dumps(report, indent=2))
    return code


def _apply_change(  # type: ignore[no-untyped-def]
    host: str, project: Path | None, dry_run: bool, install: bool, allow_repository_env: bool, say, report: dict
) -> int:
    from hookward.adapters import install as mechanism
    from hookward.adapters import installers

    verb = "install" if install else "uninstall"
    scope = "project" if project is not None else "user"
    project_dir = str(project.resolve()) if project is not None else None
    json_out = say is not typer.echo
    try:
        launcher = (
            mechanism.prepare_launcher(project_dir=project_dir, allow_repository_env=allow_repository_env)
            if install
            else None
        )
        executable = launcher.path if launcher is not None else "/hookward"
        plan = installers.plan_for(host, scope=scope, project_dir=project_dir, executable=executable)
        changes = mechanism.plan(plan.registrations, install=install)
    except mechanism.ConfigError as error:
        say(f"hookward {verb} {host}: refused, nothing was changed: {error}", err=True)
        return 1
    if dry_run:
        for change in changes:
            report["changes"].append({"path": change.path, "action": "would change"})
            if not json_out:
                sys.stdout.write(change.diff())
        if launcher is not None and not launcher.current:
            say(f"would write the launcher {launcher.path}")
        say(f"dry run: {len(changes)} file(s) would change; nothing was written")
        return 0
    if launcher is not None:
        try:
            launcher.write()  # before any config names it
        except OSError as error:
            say(
                f"hookward {verb} {host}: refused, nothing was changed: cannot write {launcher.path}: {error}", err=True
            )
            return 1
    if not changes:
        state = "already installed" if install else "not installed"
        say(f"{host}: {state} in {plan.config_file}; nothing to do")
        return 0
    try:
        applied = mechanism.apply(changes, host, install=install)
    except OSError as error:
        say(f"hookward {verb} {host}: failed while writing: {error}", err=True)
        return 1
    for change in applied.changes:
        action = "created" if change.before is None else ("removed" if change.after is None else "updated")
        backup = applied.backups.get(change.path)
        report["changes"].append({"path": change.path, "action": action, "backup": backup})
        say(f"{action} {change.path}" + (f" (backup: {backup})" if backup else ""))
    for note in plan.notes:
        report["notes"].append(note)
        say(f"note: {note}")
    if install:
        say(f"run `hookward doctor {host}` to check that it works")
    return 0


def _managed(
    host: str,
    project: Path | None,
    root: Path | None,
    dry_run: bool,
    install: bool,
    allow_repository_env: bool,
    as_json: bool,
    managed: bool,
) -> int:
    from hookward.adapters import managed_install

    verb = "install" if install else "uninstall"
    if not managed:
        typer.echo(f"hookward {verb}: --root goes with --managed", err=True)
        return 2
    if project is not None:
        typer.echo(f"hookward {verb}: --managed and --project are two different places; give one", err=True)
        return 2
    outcome = managed_install.change(
        host,
        install_=install,
        root=str(root.resolve()) if root is not None else None,
        dry_run=dry_run,
        allow_repository_env=allow_repository_env,
    )
    if as_json:
        report = {"host": host, "action": verb, "scope": "managed", "dry_run": dry_run, "ok": outcome.code == 0}
        report.update(changes=outcome.changes, notes=outcome.notes, messages=outcome.messages)
        typer.echo(json.dumps(report, indent=2))
        return outcome.code
    for change in outcome.changes:
        if "diff" in change:
            sys.stdout.write(change["diff"])
    for message in outcome.messages:
        typer.echo(message, err=outcome.code != 0)
    return outcome.code


def _managed_doctor(host: str | None, project: Path | None, root: Path | None, as_json: bool, managed: bool) -> int:
    from hookward.adapters import managed_install

    if not managed or project is not None:
        typer.echo("hookward doctor: --root goes with --managed, and --managed checks no project", err=True)
        return 2
    where = str(root.resolve()) if root is not None else None
    hosts = [host] if host is not None else managed_install.hosts_with_evidence()
    reports = [managed_install.diagnose(h, root=where, listed=host is None) for h in hosts]
    installed = [r for r in reports if any(c.name == "installed" and c.status == "ok" for c in r.checks)]
    failed = any(r.failed for r in reports) or (host is None and not installed)
    if as_json:
        typer.echo(json.dumps({"ok": not failed, "hosts": [r.to_dict() for r in reports]}, indent=2))
        return 1 if failed else 0
    for report in reports:
        typer.echo(f"{report.host} (managed: {report.config_file or 'none'})")
        for check in report.checks:
            typer.echo(f"  {check.status.upper():<4}  {check.name}: {check.detail}")
    if host is None and not installed:
        typer.echo("hookward has no managed install on this machine (`sudo hookward install HOST --managed`)")
    typer.echo("FAILED" if failed else "all checks passed")
    return 1 if failed else 0


def _doctor(host: str | None, project: Path | None, as_json: bool) -> int:
    from hookward.adapters import doctor, install, installers

    scope = "project" if project is not None else "user"
    project_dir = str(project.resolve()) if project is not None else None
    if host is not None:
        hosts = [host]
    else:
        hosts = [h for h in installers.STYLES if _registry_has(h) and doctor.is_installed(h, scope, project_dir)]
    try:
        launcher = install.launcher_path()
        executable = launcher if install.is_launcher(launcher) else install.hookward_executable()
    except install.ConfigError:
        executable = "/hookward"
    reports = [doctor.diagnose(h, scope=scope, project_dir=project_dir, executable=executable) for h in hosts]
    from hookward.verdicts import ledger

    ledger_health = ledger.health()
    ledger_ok = ledger_health.get("state") in ("ok", "missing") and not ledger_health.get("spooled")
    failed = any(report.failed for report in reports) or not reports or ledger_health.get("state") == "tampered"
    if as_json:
        out = {"ok": not failed, "hosts": [report.to_dict() for report in reports], "ledger": ledger_health}
        typer.echo(json.dumps(out, indent=2))
        return 1 if failed else 0
    ledger_line = f"ledger: {ledger_health.get('state')} ({ledger_health.get('path')})"
    if ledger_health.get("spooled"):
        ledger_line += f"; {ledger_health['spooled']} record(s) waiting in the spool to be merged"
    if ledger_health.get("detail"):
        ledger_line += f"; {ledger_health['detail']}"
    typer.echo(("" if ledger_ok else "WARN  ") + ledger_line)
    if not reports:
        typer.echo("hookward is installed for no host (`hookward install <host>`)")
        return 1
    for report in reports:
        typer.echo(f"{report.host} ({report.scope}: {_home_relative(report.config_file)})")
        for check in report.checks:
            typer.echo(f"  {check.status.upper():<4}  {check.name}: {check.detail}")
    typer.echo("FAILED" if failed else "all checks passed")
    return 1 if failed else 0


def _registry_has(host: str) -> bool:
    from hookward.compat import registry

    return host in registry.host_ids()


def _home_relative(path: str) -> str:
    home = os.environ.get("HOME", "")
    return "~" + path[len(home) :] if home and path.startswith(home + os.sep) else path
