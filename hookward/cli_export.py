"""CLI: `hookward audit export --otlp` (wiring only: verdicts/export.py ships the ledger)."""

from __future__ import annotations

import sys


def ship(max_batches: int | None, dry_run: bool) -> None:
    """Ship every ledger event not yet exported as an OpenTelemetry log record to the configured endpoint.

    The endpoint comes from [audit_export] in the managed or your user policy (never a project's file).
    Delivery is at least once; each record's hookward.event.id is its row's hash, so duplicates share it.
    """
    from hookward.cli_audit import fail, open_ledger
    from hookward.policy.schema import PolicyError
    from hookward.verdicts import export as audit_export

    try:
        target = audit_export.configured_target()
    except (audit_export.ExportUnavailable, PolicyError) as error:
        raise fail(str(error)) from None
    conn = open_ledger()
    try:
        if dry_run:
            after = audit_export.start_after(conn, audit_export.read_cursor(audit_export.cursor_path(target)))
            waiting = conn.execute("SELECT COUNT(*) FROM events WHERE id > ?", (after,)).fetchone()[0]
            sys.stdout.write(f"{waiting} event(s) after row {after} would go to {target.described()}\n")
            return
        try:
            outcome = audit_export.export(conn, target, max_batches=max_batches)
        except audit_export.ExportUnavailable as error:
            raise fail(str(error)) from None
    finally:
        conn.close()
    sys.stdout.write(
        f"exported {outcome.sent} event(s) in {outcome.batches} batch(es) to {target.described()}; "
        f"up to row {outcome.last_id}, {outcome.remaining} waiting\n"
    )
    if outcome.error:
        raise fail(f"export stopped: {outcome.error}; nothing is lost, the next run resends from row {outcome.last_id}")
