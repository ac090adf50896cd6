"""CLI commands: compat probe (wiring only; the work is in compat.probes.harness)."""

from __future__ import annotations

import sys

import typer


def register(compat_app: typer.Typer) -> None:
    """Attach `hookward compat probe` to the `compat` sub-app."""

    @compat_app.command("probe")
    def probe(
        host: str = typer.Argument(..., help="host id with a probe driver, e.g. claude-code"),
        scenario: list[str] = typer.Option(
            None, "--scenario", "-s", help="scenario name or name prefix (repeatable); default: the whole matrix"
        ),
        jobs: int = typer.Option(2, "--jobs", "-j", help="probes run at once, each in its own namespace"),
        list_only: bool = typer.Option(False, "--list", help="print the scenario matrix and exit"),
        update: bool = typer.Option(
            False, "--update-registry", help="afterwards, make compat/hosts/<host>.json follow this host's records"
        ),
        no_run: bool = typer.Option(False, "--no-run", help="run nothing: only --update-registry from the records"),
        interactive: bool = typer.Option(
            False, "--interactive", help="drive the host's terminal UI in tmux and answer its prompts (ask facts)"
        ),
    ) -> None:
        """Run HOST's real CLI offline against a fake model and record what it does with each hook answer.

        Every run is inside its own network namespace with only loopback, a throwaway HOME and timeouts.
        Records go to compat/probes/records/<host>/<version>/<scenario>.json.
        """
        from hookward.compat.probes import harness
        from hookward.compat.probes.drivers import DRIVERS

        if interactive:
            from hookward.compat.probes import interactive as tui

            if not no_run:
                tui.probe_host(host, scenario, progress=typer.echo)
            if update:
                for change in tui.update_registry(host):
                    typer.echo(change)
            return

        if host not in DRIVERS:
            sys.stderr.write(f"hookward compat probe: no probe driver for {host!r}; drivers: {', '.join(DRIVERS)}\n")
            raise typer.Exit(2)
        scenarios = harness.select(harness.scenario_matrix(DRIVERS[host]), scenario)
        if not scenarios:
            sys.stderr.write(f"hookward compat probe: no scenario of {host} matches {scenario}\n")
            raise typer.Exit(2)
        if list_only:
            for s in scenarios:
                typer.echo(s.name)
            return
        if not no_run:
            records = harness.probe_host(host, scenario, jobs=jobs, progress=typer.echo)
            effects: dict[str, int] = {}
            for record in records:
                effect = record["observed"]["effect"]
                effects[effect] = effects.get(effect, 0) + 1
            typer.echo(f"{len(records)} records in {harness.RECORDS / host / DRIVERS[host].version}: {effects}")
        if update:
            for change in harness.update_registry(host):
                typer.echo(change)
