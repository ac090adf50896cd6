"""CLI command: `hookward grant ID`, a person resolving a grant from a terminal. Wiring only:
what a grant is, offers and records lives in verdicts/grants.py and verdicts/ledger.py.

The terminal check (stdin a terminal, typed-ahead input discarded, a confirmation
the command shows typed back) stops pipes and pre-fed input; it is not proof of a
person, since a program can drive a terminal. The barrier against an agent is the
gate, which denies tool calls that run this command or write hookward's state, and
the check that this process does not run under the host process the hook recorded.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import typer

LABELS = {
    "once": "approve once: the next identical call passes, once",
    "session": "approve for this session: identical calls in this session pass",
    "project": "approve always in this project: write a user rule (shown below)",
    "deny": "deny",
}
KEYS = {"once": "1", "session": "2", "project": "3", "deny": "d"}


def register(app: typer.Typer) -> None:
    app.command("grant")(grant)


def _fail(message: str, code: int = 1) -> typer.Exit:
    sys.stderr.write(f"hookward: {message}\n")
    return typer.Exit(code)


def _who() -> tuple[str, str]:
    """(user, terminal) of the person at this terminal, for the record."""
    import pwd

    try:
        user = pwd.getpwuid(os.getuid()).pw_name
    except KeyError:
        user = str(os.getuid())
    try:
        tty = os.ttyname(0)
    except OSError:
        tty = "no terminal"
    return user, tty


def _discard_typeahead() -> None:
    """Input typed (or fed) before the question was shown does not answer it."""
    try:
        import termios

        termios.tcflush(0, termios.TCIFLUSH)
    except (ImportError, OSError):
        pass


def _ask(prompt: str) -> str:
    _discard_typeahead()
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise _fail("no answer (end of input); nothing was changed")
    return line.strip()


def require_person(lineage: list, refused: Callable[[str], None], command: str) -> None:
    """The proof every person's control asks for, before it shows anything: not run under the host
    process the hook recorded (`lineage`: [[pid, start time], ...]), and a terminal on stdin and stdout.
    `refused(why)` records a failed attempt; then the command exits 1."""
    from hookward.verdicts import grants

    if grants.descends_from(lineage):
        refused("run from inside the agent's own process tree")
        raise _fail(
            "this command runs inside the agent host process tree the hook recorded; "
            f"run `{command}` from a terminal of your own"
        )
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        refused("no terminal (stdin or stdout is not a terminal)")
        raise _fail(f"`{command}` needs a terminal: a person answers it, a pipe cannot")


def require_confirmation(expected: str, prompt: str, refused: Callable[[str], None]) -> None:
    """The person types back what the command showed (input typed ahead is discarded first)."""
    typed = _ask(prompt)
    if typed.lower() != expected.lower():
        refused("the confirmation did not match")
        raise _fail("the confirmation did not match; nothing was changed")


def confirmation_code() -> str:
    """A fresh code to type back, for controls that have no id of their own to confirm."""
    from hookward.verdicts import grants

    return grants.new_id()[-grants.CONFIRM_CHARS :]


def show_grant(grant: dict, status: str) -> None:
    out = sys.stdout.write
    out(f"grant {grant['grant_id']}  ({grant['verdict']}, {status})\n")
    out(f"  call:    {grant.get('summary', '')}\n")
    out(f"  tool:    {grant.get('tool', '')} ({grant.get('tool_kind', '')}) on {grant['host']}")
    out(f", session {grant['session'][:12]}\n" if grant.get("session") else ", no session id\n")
    out(f"  project: {grant.get('project', '')}\n  cwd:     {grant.get('cwd', '')}\n")
    out("  parts:\n")
    for part in grant.get("parts", []):
        rules = ", ".join(part["rules"]) or "-"
        out(f"    [{part['verdict']:>9}] {part['what']}  ({part['action']}; {rules})\n")
        for reason in part.get("reasons", [])[:2]:
            out(f"                {reason}\n")


def grant(
    grant_id: str = typer.Argument(..., metavar="ID", help="the grant id a refusal or `hookward audit pending` names"),
) -> None:
    """Resolve a pending grant from your own terminal: approve once, for the session, always here, or deny."""
    from hookward.verdicts import grants, ledger

    grant_id = grant_id.strip().lower()
    user, tty = _who()
    how = f"hookward grant on {tty}"
    try:
        found = grants.find(grant_id)
    except (ledger.LedgerTrouble, ledger.sqlite3.DatabaseError) as error:
        raise _fail(f"the ledger at {ledger.db_path()} {ledger.describe(error)}") from None
    if found is None:
        grants.record_attempt(grant_id, "no such grant", by=user, how=how)
        raise _fail(f"no grant {grant_id!r} (`hookward audit pending` lists the open ones)")
    status = grants.status(found)
    require_person(
        found.get("lineage") or [], lambda why: grants.record_attempt(grant_id, why, by=user, how=how), "hookward grant"
    )
    show_grant(found, status)
    if status != "pending":
        raise _fail(f"grant {grant_id} is {status}; nothing to resolve")
    offered = grants.offers(found)
    rule = grants.proposed_rule(found) if "project" in offered else None
    sys.stdout.write("\n")
    if found["verdict"] == "force_ask":
        sys.stdout.write("  a force_ask is confirmed call by call: it can be approved once, never remembered\n")
    if found.get("locked"):
        sys.stdout.write("  a protection that nothing can switch off decided this: it can only be denied\n")
    for choice in offered:
        sys.stdout.write(f"  [{KEYS[choice]}] {LABELS[choice]}\n")
    if rule is not None:
        sys.stdout.write("\n  the rule for [3], added to " + _policy_path() + ":\n")
        for line in grants.rule_toml(rule).splitlines():
            sys.stdout.write(f"    {line}\n")
    answer = _ask("\nchoose: ").lower()
    choice = next((c for c in offered if KEYS[c] == answer or c == answer), None)
    if choice is None:
        grants.record_attempt(grant_id, f"no such choice {answer[:20]!r}", by=user, how=how)
        raise _fail(f"{answer!r} is not one of {', '.join(KEYS[c] for c in offered)}; nothing was changed")
    expected = grant_id[-grants.CONFIRM_CHARS :]
    require_confirmation(
        expected,
        f"to confirm, type the last {grants.CONFIRM_CHARS} characters of the id ({expected}): ",
        lambda why: grants.record_attempt(grant_id, why, by=user, how=how),
    )
    if choice == "project" and rule is not None:
        _add_user_rule(rule)
    try:
        resolved = grants.resolve(grant_id, choice, by=user, how=how)
    except grants.GrantError as error:
        raise _fail(str(error)) from None
    verb = "denied" if choice == "deny" else f"approved ({choice})"
    sys.stdout.write(f"grant {grant_id} {verb}; recorded in the ledger (row chain) by {user}\n")
    if resolved.get("scope") == "project":
        sys.stdout.write(f"the rule {rule['id'] if rule else ''} in {_policy_path()} now allows it in this project\n")


def _policy_path() -> str:
    from hookward.policy.loader import user_policy_path

    return user_policy_path()


def _add_user_rule(rule: dict) -> None:
    """Append the rule to the user's policy, after checking the policy still loads with it."""
    from hookward.policy.loader import _compile_layer
    from hookward.policy.schema import PolicyError
    from hookward.verdicts import grants

    path = _policy_path()
    try:
        with open(path, "rb") as handle:
            current = handle.read()
    except FileNotFoundError:
        current = b""
    addition = ("\n" if current and not current.endswith(b"\n\n") else "") + grants.rule_toml(rule)
    updated = current + addition.encode()
    try:
        _compile_layer("user", path, updated)  # the rule's `match` example is checked here too
    except PolicyError as error:
        raise _fail(f"the rule would not load ({error}); nothing was changed") from None
    os.makedirs(os.path.dirname(path), exist_ok=True)
    temporary = f"{path}.{os.getpid()}.tmp"
    with open(temporary, "wb") as handle:
        handle.write(updated)
    os.replace(temporary, path)
