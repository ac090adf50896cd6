"""CLI commands: policy subscribe, policy update (wiring only: policy/subscription.py does the work)."""

from __future__ import annotations

import sys

import typer

MANAGED = typer.Option(False, "--managed", help="the managed layer (beside /etc/hookward/policy.toml; run as root)")


def register(app: typer.Typer) -> None:
    from hookward.cli_policy import policy_app

    policy_app.command("subscribe")(subscribe)
    policy_app.command("update")(update)


def at_terminal() -> bool:
    return sys.stdin.isatty()


def _fail(message: str) -> typer.Exit:
    sys.stderr.write(f"hookward: {message}\n")
    return typer.Exit(1)


def _show(result, layer: str) -> None:  # type: ignore[no-untyped-def]
    from hookward.policy import subscription

    record = result.record
    pin = f"commit {record['commit']}" if record.get("commit") else f"sha256:{record['sha256']}"
    out = sys.stdout.write
    out(f"{record['source']} ({record['kind']}, {layer} layer): {pin}\n")
    out(f"checked: {result.verified}\n")
    out("effective rule changes:\n" if result.diff else "effective rules: no change\n")
    for line in result.diff:
        out(f"  {line}\n")
    out(f"pinned copy: {subscription.copy_path(layer)}\n" if result.moved else "dry run: the pin did not move\n")


def subscribe(
    source: str = typer.Argument(..., help="a git repository (URL or local path) or a file:// URL"),
    pin: str = typer.Option(None, "--pin", help="the commit (git) or sha256:HEX (file) to pin; default: the newest"),
    path: str = typer.Option("policy.toml", "--path", help="the policy file inside a git repository"),
    ref: str = typer.Option("HEAD", "--ref", help="the branch `update` follows (git)"),
    managed: bool = MANAGED,
    allowed_signers: str = typer.Option(
        None, "--allowed-signers", help="managed: an ssh allowed-signers file naming the administrator's key"
    ),
    signer: str = typer.Option(None, "--signer", help="managed file source: the signer identity in that file"),
) -> None:
    """Take the policy from a pinned source: checked (schema, examples, and a signature in the managed layer)."""
    from hookward.policy import subscription

    if not at_terminal():
        raise _fail("refusing: subscribing to a policy must be done by a person at a terminal")
    layer = "managed" if managed else "user"
    record = subscription.new_record(source, layer, path, ref, allowed_signers, signer)
    try:
        result = subscription.check_and_pin(record, exact=pin)
    except (subscription.SubscriptionError, OSError) as error:
        raise _fail(f"not subscribed: {error}") from None
    _show(result, layer)


def update(
    managed: bool = MANAGED,
    dry_run: bool = typer.Option(False, "--dry-run", help="fetch and check, show the changes, move nothing"),
) -> None:
    """Fetch the subscribed policy, run its examples, show the change in effective rules; move the pin only if
    everything passes (in the managed layer, only after the administrator's signature verifies)."""
    from hookward.policy import subscription

    layer = "managed" if managed else "user"
    record = subscription.read_record(layer)
    if record is None:
        raise _fail(f"no {layer} subscription ({subscription.record_path(layer)}); use `hookward policy subscribe`")
    try:
        result = subscription.check_and_pin(record, dry_run=dry_run)
    except (subscription.SubscriptionError, OSError) as error:
        raise _fail(f"the pin did not move: {error}") from None
    _show(result, layer)
