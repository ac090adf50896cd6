"""CLI commands: audit (the grant ledger). Wiring only: the ledger lives in verdicts/ledger.py."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import time

import typer

audit_app = typer.Typer(
    help="What agents asked to do, what hookward said, and what happened (the grant ledger).",
    no_args_is_help=True,
)

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
DURATION = re.compile(r"(\d+)\s*([smhdw])")


def register(app: typer.Typer) -> None:
    """Attach this module's commands to the main app."""
    app.add_typer(audit_app, name="audit")


# ---------------------------------------------------------------- shared options and helpers

HOST = typer.Option(None, "--host", help="only this host (e.g. claude-code)")
SESSION = typer.Option(None, "--session", help="only this session id")
PROJECT = typer.Option(None, "--project", help="only this project root (a path)")
JSON = typer.Option(False, "--json", help="machine-readable output (a JSON array)")
EXPIRE_AFTER = typer.Option(
    "1h",
    "--expire-after",
    envvar="HOOKWARD_GRANT_EXPIRY",
    help="a grant nothing resolved within this long is expired (e.g. 30m, 1h, 2d)",
)


def parse_duration(text: str, option: str) -> int:
    """'90s', '30m', '1h30m', '2d', '1w' -> seconds."""
    cleaned = text.strip().lower()
    pieces = DURATION.findall(cleaned)
    if not pieces or DURATION.sub("", cleaned).strip():
        raise typer.BadParameter(f"{text!r} is not a duration like 30m, 1h, 2d or 1w", param_hint=option)
    return sum(int(n) * UNITS[unit] for n, unit in pieces)


def parse_since(text: str | None) -> int | None:
    """A duration back from now ('1d') or an ISO date/time, as microseconds since the epoch."""
    if text is None:
        return None
    try:
        seconds = parse_duration(text, "--since")
        return int((time.time() - seconds) * 1_000_000)
    except typer.BadParameter:
        pass
    from datetime import UTC, datetime

    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise typer.BadParameter(f"{text!r} is neither a duration (1d) nor an ISO date", param_hint="--since") from None
    if moment.tzinfo is None:
        moment = moment.astimezone()  # local time, as a person typing a date means it
    return int(moment.astimezone(UTC).timestamp() * 1_000_000)


def project_filter(project: str | None) -> str | None:
    return os.path.abspath(os.path.expanduser(project)) if project else None


def fail(message: str, code: int = 1) -> typer.Exit:
    sys.stderr.write(f"hookward: {message}\n")
    return typer.Exit(code)


def open_ledger():  # type: ignore[no-untyped-def]
    """The ledger with the spool merged, or a clear error on stderr and exit 1."""
    from hookward.verdicts import ledger

    try:
        return ledger.open_ledger()
    except ledger.LedgerTrouble as error:
        raise fail(f"the ledger at {ledger.db_path()} {error}") from None
    except ledger.sqlite3.DatabaseError as error:
        problem = ledger.describe(error)
        raise fail(
            f"the ledger at {ledger.db_path()} {problem}. Hooks keep answering and spool what they "
            f"record ({ledger.spooled_count()} record(s) waiting)."
        ) from None


def emit_json(value: object) -> None:
    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")


def local_time(iso_text: str | None) -> str:
    if not iso_text:
        return ""
    from datetime import datetime

    return datetime.fromisoformat(iso_text.replace("Z", "+00:00")).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def table(rows: list[dict], empty: str) -> None:
    """A readable table; the summary takes the width that is left."""
    if not rows:
        sys.stdout.write(empty + "\n")
        return
    columns = [
        ("ID", lambda r: str(r["id"])),
        ("WHEN", lambda r: local_time(r["at"])),
        ("HOST", lambda r: r["host"]),
        ("SESSION", lambda r: r["session"][:8]),
        ("VERDICT", lambda r: r["verdict"] or ""),
        ("SENT", lambda r: r["sent"] or ""),
        ("STATUS", lambda r: r["status"] + ("*" if r["spooled"] else "")),
        ("RULES", lambda r: ",".join(r["rules"])[:28]),
        ("GRANT", lambda r: r.get("grant") or ""),
    ]
    cells = [[get(row) for _, get in columns] for row in rows]
    widths = [max(len(name), *(len(c[i]) for c in cells)) for i, (name, _) in enumerate(columns)]
    used = sum(widths) + 2 * len(widths)
    room = max(20, shutil.get_terminal_size((160, 24)).columns - used)

    def line(values: list[str], summary: str) -> str:
        fitted = summary if len(summary) <= room else summary[: room - 1] + "…"
        return "  ".join(v.ljust(w) for v, w in zip(values, widths, strict=True)) + "  " + fitted

    out = [line([name for name, _ in columns], "SUMMARY")]
    out += [line(c, row["summary"]) for c, row in zip(cells, rows, strict=True)]
    if any(row["spooled"] for row in rows):
        out.append("* recorded while the ledger was unavailable, merged from the spool later")
    sys.stdout.write("\n".join(out) + "\n")


def list_view(view: str, host, session, project, since, expire_after, as_json, empty, last=None) -> None:  # type: ignore[no-untyped-def]
    from hookward.verdicts import ledger

    expiry = parse_duration(expire_after, "--expire-after")
    since_us = parse_since(since)
    conn = open_ledger()
    try:
        rows = ledger.decisions(
            conn,
            view,
            host=host,
            session=session,
            project=project_filter(project),
            since_us=since_us,
            expiry_seconds=expiry,
            last=last,
        )
    finally:
        conn.close()
    if as_json:
        emit_json(rows)
    else:
        table(rows, empty)


# ---------------------------------------------------------------- commands


@audit_app.command("pending")
def pending(
    host: str = HOST,
    session: str = SESSION,
    project: str = PROJECT,
    since: str = typer.Option(None, "--since", help="only grants opened since (1d, 2h, or an ISO date)"),
    expire_after: str = EXPIRE_AFTER,
    as_json: bool = JSON,
) -> None:
    """Grants (ask / force_ask) still waiting: no post-tool event yet, not expired."""
    list_view("pending", host, session, project, since, expire_after, as_json, "no pending grants")


@audit_app.command("resolved")
def resolved(
    since: str = typer.Option(None, "--since", help="only grants resolved since (1d, 2h, or an ISO date)"),
    expired: bool = typer.Option(False, "--expired", help="include grants that expired unresolved"),
    host: str = HOST,
    session: str = SESSION,
    project: str = PROJECT,
    expire_after: str = EXPIRE_AFTER,
    as_json: bool = JSON,
) -> None:
    """Grants a post-tool event resolved: ran, or failed (and, with --expired, those that expired)."""
    view = "closed" if expired else "resolved"
    list_view(view, host, session, project, since, expire_after, as_json, "no resolved grants")


@audit_app.command("tail")
def tail(
    lines: int = typer.Option(20, "--lines", "-n", min=1, help="how many of the latest decisions"),
    follow: bool = typer.Option(False, "--follow", "-f", help="keep printing new decisions (Ctrl-C to stop)"),
    host: str = HOST,
    session: str = SESSION,
    project: str = PROJECT,
    expire_after: str = EXPIRE_AFTER,
    as_json: bool = JSON,
) -> None:
    """The latest decisions of every verdict, with their status."""
    if not follow:
        list_view("all", host, session, project, None, expire_after, as_json, "the ledger is empty", last=lines)
        return
    from hookward.verdicts import ledger

    expiry = parse_duration(expire_after, "--expire-after")
    last_id = None
    first = True
    try:
        while True:
            conn = open_ledger()
            try:
                rows = ledger.decisions(
                    conn,
                    "all",
                    host=host,
                    session=session,
                    project=project_filter(project),
                    after_id=last_id,
                    last=lines if first else None,
                    expiry_seconds=expiry,
                )
            finally:
                conn.close()
            for row in rows:
                if as_json:
                    sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
                else:
                    sys.stdout.write(
                        f"{row['id']:>6}  {local_time(row['at'])}  {row['host']}  {row['verdict']}"
                        f"→{row['sent']}  {row['status']}  {row['summary']}\n"
                    )
                last_id = row["id"]
            if last_id is None:
                last_id = 0
            sys.stdout.flush()
            first = False
            time.sleep(1.0)
    except KeyboardInterrupt:
        raise typer.Exit(0) from None


def show_grant(grant_id: str, as_json: bool) -> None:
    """A grant's whole life: the call as opened, its state, and every chained step."""
    from hookward.verdicts import grants, ledger

    conn = open_ledger()
    try:
        found = ledger.grant_by_id(conn, grant_id)
        if found is None:
            raise fail(f"no grant {grant_id!r}")
        history = ledger.grant_history(conn, grant_id)
    finally:
        conn.close()
    found.pop("lineage", None)
    found["status"] = grants.status(found)
    for key in ("opened_at", "expires_at", "resolved_at", "used_at"):
        found[key] = ledger.iso(found.get(key))
    found["history"] = history
    if as_json:
        emit_json([found])
        return
    out = sys.stdout.write
    for key in ("grant_id", "status", "verdict", "sent", "host", "session", "project", "cwd", "summary"):
        out(f"{key:>12}: {found.get(key) or ''}\n")
    for key in ("opened_at", "expires_at", "scope", "resolved_at", "resolved_by", "uses", "used_at"):
        out(f"{key:>12}: {'' if found.get(key) is None else found[key]}\n")
    out(f"{'decision':>12}: row {found['decision_id']}\n")
    for part in found.get("parts", []):
        out(f"{'part':>12}: [{part['verdict']}] {part['what']} ({', '.join(part['rules'])})\n")
    for step in history:
        out(f"{'step':>12}: row {step['id']} {local_time(step['at'])} {step['verdict']} {'; '.join(step['reasons'])}\n")


@audit_app.command("show")
def show(
    row_id: str = typer.Argument(..., metavar="ID", help="a row id (pending, resolved, tail) or a grant id"),
    expire_after: str = EXPIRE_AFTER,
    as_json: bool = JSON,
) -> None:
    """Everything the ledger holds about one row or grant: the decision, what resolved it, its chain links."""
    from hookward.verdicts import ledger

    if not row_id.isdigit():
        show_grant(row_id.strip().lower(), as_json)
        return
    expiry = parse_duration(expire_after, "--expire-after")
    conn = open_ledger()
    try:
        raw = ledger.raw_rows(conn, row_id=int(row_id))
        if not raw:
            raise fail(f"no ledger row {row_id}")
        item = raw[0]
        if item["kind"] == "decision":
            item.update(ledger.decisions(conn, ids=[int(row_id)], expiry_seconds=expiry)[0])
            item["resolution"] = ledger.raw_rows(conn, row_id=item["resolved_by"])[0] if item["resolved_by"] else None
        elif item["kind"] == "post" and item["resolves"]:
            item["resolves_decision"] = ledger.decisions(conn, ids=[item["resolves"]], expiry_seconds=expiry)[0]
    finally:
        conn.close()
    if as_json:
        emit_json([item])
        return
    for key, value in item.items():
        if key in ("resolution", "resolves_decision"):
            continue
        shown = ", ".join(value) if isinstance(value, list) else ("" if value is None else value)
        sys.stdout.write(f"{key:>12}: {shown}\n")
    linked = item.get("resolution") or item.get("resolves_decision")
    if linked:
        label = "resolved by" if item.get("resolution") else "resolves"
        sys.stdout.write(f"{label:>12}: row {linked['id']} ({linked.get('kind', 'decision')}) at {linked['at']}\n")


@audit_app.command("export")
def export(
    since: str = typer.Option(None, "--since", help="only rows recorded since (1d, or an ISO date)"),
    host: str = HOST,
    session: str = SESSION,
    project: str = PROJECT,
    as_json: bool = typer.Option(False, "--json", help="one JSON array instead of JSON lines"),
    otlp: bool = typer.Option(
        False, "--otlp", help="ship every event not yet shipped to the [audit_export] OTLP endpoint instead"
    ),
    max_batches: int = typer.Option(None, "--max-batches", min=1, help="with --otlp: stop after this many batches"),
    dry_run: bool = typer.Option(False, "--dry-run", help="with --otlp: say where and how many, send nothing"),
) -> None:
    """Every stored row (decisions, post events, maintenance), in chain order, as JSON lines.

    With --otlp (hookward/cli_export.py): each event not yet shipped goes, as an OpenTelemetry log record, to the
    endpoint in [audit_export] of the managed or your user policy (never a project's file).
    """
    from hookward.verdicts import ledger

    if otlp:
        from hookward.cli_export import ship

        ship(max_batches, dry_run)
        return
    conn = open_ledger()
    try:
        rows = ledger.raw_rows(
            conn, host=host, session=session, project=project_filter(project), since_us=parse_since(since)
        )
    finally:
        conn.close()
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")


@audit_app.command("verify")
def verify(as_json: bool = JSON) -> None:
    """Check the hash chain, its head record and the grants table; report what is broken (exit 1 if any).

    The head record (ledger.head, outside the database) shows what the chain alone cannot: an emptied
    table, rows cut off the end, a ledger re-chained or deleted. Each grant's state, uses, call identity,
    record and expiry must be what its chained steps say: a direct write to the grants table shows.
    """
    from hookward.verdicts import ledger

    conn = open_ledger()
    try:
        result = ledger.verify(conn, ledger.state_dir())
    finally:
        conn.close()
    result["spooled"] = ledger.spooled_count()
    result["quarantined"] = ledger.quarantined()
    if as_json:
        emit_json(result)
    elif result["ok"]:
        record = result["head_record"]
        where = "matches its head record" if record["state"] == "ok" else "has no head record yet"
        sys.stdout.write(f"ledger intact: {result['rows']} rows chained, head {result['head']}; {where}\n")
    else:
        broken = result["first_broken"]
        at = f" at row {broken['id']}" if broken["id"] is not None else ""
        sys.stdout.write(f"ledger BROKEN{at}: {broken['problem']}\n")
        for past in (result.get("head_record") or {}).get("breaks", [])[:-1]:
            sys.stdout.write(f"  earlier, {past.get('at')}: {past.get('problem')}\n")
        for problem in result.get("grant_problems", [])[1:]:
            sys.stdout.write(f"  also: {problem}\n")
    for path in [] if as_json else result["quarantined"]:
        sys.stdout.write(f"  spool bytes that could not be merged (a torn write, or not a record) are kept in {path}\n")
    if not result["ok"]:
        raise typer.Exit(1)


@audit_app.command("prune")
def prune(
    older_than: str = typer.Option(..., "--older-than", help="delete rows older than this (e.g. 90d)"),
    as_json: bool = JSON,
) -> None:
    """Delete the oldest rows; the cut is recorded so `verify` still passes."""
    from hookward.verdicts import ledger

    seconds = parse_duration(older_than, "--older-than")
    conn = open_ledger()
    try:
        result = ledger.prune(conn, int((time.time() - seconds) * 1_000_000), ledger.state_dir())
    finally:
        conn.close()
    if as_json:
        emit_json(result)
    elif result["deleted"]:
        sys.stdout.write(f"pruned {result['deleted']} rows (up to id {result['anchor']['id']})\n")
    else:
        sys.stdout.write("nothing older than that\n")


@audit_app.command("repair")
def repair(as_json: bool = JSON) -> None:
    """Move an unreadable ledger aside (kept), start a new one and merge the spool into it."""
    from hookward.verdicts import ledger

    try:
        result = ledger.repair()
    except ledger.sqlite3.OperationalError as error:
        raise fail(f"the ledger {ledger.describe(error)}; try again later") from None
    except ledger.LedgerTrouble as error:
        raise fail(f"the ledger {error}") from None
    if as_json:
        emit_json(result)
    elif result["repaired"]:
        sys.stdout.write(
            f"the ledger was unreadable ({result['problem']}); kept as {result['moved_to']}; "
            f"started a new one and merged {result['merged']} spooled record(s)\n"
        )
    else:
        sys.stdout.write(f"the ledger is readable; merged {result['merged']} spooled record(s)\n")
    if result["accepted_breaks"] and not as_json:
        sys.stdout.write(
            f"accepted {len(result['accepted_breaks'])} break(s) of the head record (kept in a repair row):\n"
        )
        for problem in result["accepted_breaks"]:
            sys.stdout.write(f"  {problem}\n")


@audit_app.command("report")
def report(
    since: str = typer.Option(None, "--since", help="only decisions since (1d, 2h, or an ISO date)"),
    enforced: bool = typer.Option(False, "--all", help="include decisions that were enforced, not only shadow ones"),
    top: int = typer.Option(10, "--top", min=1, help="how many rules, programs and hosts to list"),
    as_json: bool = JSON,
) -> None:
    """What shadow mode would have done: would-be asks and denies, by rule, program and host."""
    from hookward.verdicts import ledger

    conn = open_ledger()
    try:
        rows = ledger.decisions(conn, "all" if enforced else "shadow", since_us=parse_since(since))
    finally:
        conn.close()
    result = summarize(rows, top)
    if as_json:
        emit_json(result)
        return
    out = sys.stdout.write
    which = "decisions" if enforced else "shadow-mode decisions"
    out(f"{result['decisions']} {which}; would have sent: ")
    out(", ".join(f"{kind} {n}" for kind, n in result["would_send"].items()) or "nothing")
    out("\n")
    for title, key in (("rules", "by_rule"), ("programs", "by_program"), ("hosts", "by_host")):
        if result[key]:
            out(f"\nasks and denies by {title}:\n")
            for name, counts in result[key]:
                out(f"  {counts['ask']:>6} ask  {counts['deny']:>6} deny  {name}\n")


def summarize(rows: list[dict], top: int) -> dict:
    """Counts for `audit report`: what would have been sent, and the asks and denies grouped three ways."""
    from collections import Counter

    sent: Counter[str] = Counter()
    groups: dict[str, dict[str, Counter[str]]] = {"by_rule": {}, "by_program": {}, "by_host": {}}
    for row in rows:
        kind = (row["sent"] or "").removeprefix("shadow-")
        sent[kind] += 1
        if row["verdict"] not in ("ask", "force_ask", "deny"):
            continue
        level = "deny" if row["verdict"] == "deny" else "ask"  # a refused ask is still an ask
        words = (row["summary"] or "").split()
        program = os.path.basename(words[0]) if row["tool_kind"] == "shell" and words else row["tool_kind"]
        for key, names in (("by_rule", row["rules"] or ["-"]), ("by_program", [program]), ("by_host", [row["host"]])):
            for name in names:
                groups[key].setdefault(name, Counter())[level] += 1
    ranked = {
        key: [
            (name, {"ask": c["ask"], "deny": c["deny"]})
            for name, c in sorted(table.items(), key=lambda item: (-(item[1]["ask"] + item[1]["deny"]), item[0]))[:top]
        ]
        for key, table in groups.items()
    }
    return {"decisions": len(rows), "would_send": dict(sent.most_common()), **ranked}
