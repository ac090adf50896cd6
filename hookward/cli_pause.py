"""CLI command: `hookward pause --for 15m` / `--off`, a person's way out that is not a policy edit.
Wiring only: the pause itself lives in verdicts/controls.py, the proof in hookward/cli_grant.py.

While paused the hook answers no opinion (self-protection and failing closed stay on) and records
`paused-<kind>`. Starting a pause takes the same proof as `hookward grant`; the gate denies the
command to every tool call, so an agent cannot start or extend one. Ending one only tightens.
"""

from __future__ import annotations

import sys

import typer

from hookward.cli_grant import _fail, _who, confirmation_code, require_confirmation, require_person


def register(app: typer.Typer) -> None:
    app.command("pause")(pause)


def _local(at_us: int) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(at_us / 1_000_000))


def _managed_allows_pause() -> bool:
    """An administrator who forbids shadow mode (the managed layer) forbids pausing too."""
    from hookward.policy.loader import load_policy

    try:
        managed = load_policy(None).settings.get("managed") or {}
    except Exception:
        return False  # a policy that does not load: no pause decided on a guess
    return managed.get("allow_shadow", True) is not False


def pause(
    duration: str = typer.Option(None, "--for", help="how long, e.g. 15m, 1h (at most 8h)"),
    off: bool = typer.Option(False, "--off", help="end the pause now"),
) -> None:
    """Pause hookward for a while from your own terminal: agents' calls get no opinion, protection stays on."""
    from hookward.cli_audit import parse_duration
    from hookward.verdicts import controls, grants, ledger

    user, tty = _who()
    how = f"hookward pause on {tty}"
    if off and duration is not None:
        raise _fail("give --for DURATION or --off, not both")
    try:
        if off:
            ended = controls.end_pause(by=user, how=how)
            sys.stdout.write("the pause is over; hookward enforces again\n" if ended else "hookward was not paused\n")
            return
        if duration is None:
            active = controls.paused()
            sys.stdout.write(
                f"paused until {_local(active['until'])} (by {active['by']})\n" if active else "not paused\n"
            )
            return
        seconds = parse_duration(duration, "--for")
        if not 0 < seconds <= controls.MAX_PAUSE_SECONDS:
            raise _fail(f"a pause lasts at most {controls.MAX_PAUSE_SECONDS // 3600}h (asked: {duration})")

        def refused(why: str) -> None:
            controls.record_refusal("pause", why, by=user, how=how)

        require_person(grants.recorded_lineages(), refused, "hookward pause")
        if not _managed_allows_pause():
            refused("the managed policy does not allow shadow mode, nor a pause")
            raise _fail("the administrator's managed policy does not allow pausing hookward (allow_shadow = false)")
        code = confirmation_code()
        sys.stdout.write(
            f"pause hookward for {duration} (until {_local(ledger.now_us() + seconds * 1_000_000)}):\n"
            "  every agent's tool calls get no opinion from hookward, so each host's own permission check decides;\n"
            "  hookward's self-protection and failing closed stay on; `hookward pause --off` ends it sooner.\n"
        )
        require_confirmation(code, f"\nto confirm, type {code}: ", refused)
        started = controls.start_pause(seconds, by=user, how=how)
    except (ledger.LedgerTrouble, ledger.sqlite3.DatabaseError) as error:
        raise _fail(f"the ledger at {ledger.db_path()} {ledger.describe(error)}; a pause must be recorded") from None
    sys.stdout.write(f"hookward is paused until {_local(started['until'])}; recorded in the ledger by {user}\n")
