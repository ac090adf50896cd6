"""CLI commands: check, eval, policy (wiring only)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer

policy_app = typer.Typer(help="Validate, show and trust policy files.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.command("check")(check)
    app.command("eval")(eval_corpus)
    from hookward.cli_import import import_command

    policy_app.command("import")(import_command)
    app.add_typer(policy_app, name="policy")


# `hookward check` exit status: the verdict, so a script can branch on it (README and --help say the same).
EXIT_ALLOW, EXIT_ERROR, EXIT_DENY, EXIT_ASK = 0, 1, 2, 3
CHECK_EXITS = "Exit status: 0 allow, 3 ask or force_ask, 2 deny, 1 error (a broken policy, a bad argument)."


def _usage_error(message: str) -> typer.Exit:
    typer.echo(f"hookward check: {message}", err=True)
    return typer.Exit(EXIT_ERROR)


def _call_for(
    command: str | None, read: str | None, write: str | None, edit: str | None, delete: str | None, host: str, cwd: str
):  # type: ignore[no-untyped-def]
    from hookward.adapters.base import project_root_for
    from hookward.policy.toolcall import ToolCall

    project = project_root_for(cwd)
    files = [(kind, path) for kind, path in (("read", read), ("write", write), ("edit", edit), ("delete", delete))]
    given = [(kind, path) for kind, path in files if path is not None]
    if len(given) + (command is not None) > 1:
        named = [f"--{kind}" for kind, _path in given] + (["a command after --"] if command is not None else [])
        raise _usage_error(f"{' and '.join(named)} are different tool calls; check one at a time")
    for kind, path in given:
        return ToolCall(kind, paths=[path], cwd=cwd, project_root=project, host=host)
    if command is None:
        raise _usage_error("give a command after --, or one of --read/--write/--edit/--delete PATH")
    return ToolCall("shell", command=command, cwd=cwd, project_root=project, host=host)


def check(
    command: list[str] = typer.Argument(None, help="the shell command (quote it, after --)"),
    read: str = typer.Option(None, "--read", help="check reading PATH"),
    write: str = typer.Option(None, "--write", help="check writing PATH"),
    edit: str = typer.Option(None, "--edit", help="check editing PATH"),
    delete: str = typer.Option(None, "--delete", help="check deleting PATH"),
    host: str = typer.Option("", "--host", help="evaluate as this host would (and show what it would be sent)"),
    event: str = typer.Option("", "--event", help="with --host: the host's pre-tool event (default: its first)"),
    cwd: str = typer.Option(None, "--cwd", help="working directory (default: the current one)"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
) -> None:
    """Explain the verdict for a command or a file action, part by part.

    Exit status: 0 allow, 3 ask or force_ask, 2 deny, 1 error (a broken policy, a bad argument).
    """
    from hookward.adapters import pipeline
    from hookward.policy.schema import PolicyError

    text = " ".join(command) if command else None
    call = _call_for(text, read, write, edit, delete, host, os.path.abspath(cwd or os.getcwd()))
    caps = None
    if host:
        from hookward.compat.registry import Capabilities, UnknownHost

        try:
            caps = Capabilities.of(host)
        except UnknownHost:
            raise _usage_error(f"unknown host {host!r} (`hookward compat show` lists them)") from None
        pre_events = [name for name, ev in caps.data.get("events", {}).items() if ev.get("role") == "pre"]
        if event and event not in pre_events:
            raise _usage_error(f"{host} has no pre-tool event {event!r}; its pre-tool events: {', '.join(pre_events)}")
        if not pre_events:
            raise _usage_error(
                f"{host} has no pre-tool hook event: hookward gates it only through its MCP server (`hookward mcp`), "
                "so there is no hook answer to show; drop --host to see the verdict"
            )
        event = event or pre_events[0]

    def render(decision, settings, _grant_id):  # type: ignore[no-untyped-def]
        if caps is None:
            return None, decision
        from hookward.compat.answer import choose

        return choose(decision, caps, event, None, settings.trusted_grade), decision

    try:
        # The one pipeline (adapters/pipeline.py), as the hook and the MCP server's `check` run it:
        # recorded in the ledger as a `check` (nothing acts, no grant is opened or used).
        outcome = pipeline.run(call, pipeline.CHECK, render)
    except PolicyError as error:
        typer.echo(f"hookward: broken policy: {error}", err=True)
        raise typer.Exit(EXIT_ERROR) from None
    decision, answer = outcome.decision, outcome.answer
    sent = {"event": event, "answer": answer.kind, "reason": answer.reason} if answer is not None else None
    if as_json:
        out = decision.to_dict()
        out["call"] = {k: v for k, v in call.to_dict().items() if v not in (None, "", ())}
        if sent:
            out["sent"] = sent
        typer.echo(json.dumps(out, indent=2))
    else:
        typer.echo(f"verdict: {decision.verdict.label}")
        for reason in decision.reasons:
            typer.echo(f"  because: {reason}")
        typer.echo(f"  decided by: {', '.join(decision.rule_ids) or '-'}")
        typer.echo("parts:")
        for part in decision.parts:
            typer.echo(f"  [{part.verdict.label:9}] {part.action:8} {part.what}")
            for rule, reason in zip(part.rule_ids, part.reasons, strict=False):
                typer.echo(f"               {rule}: {reason}")
        if sent:
            typer.echo(f"{host} would be sent: {sent['answer']} on {sent['event']}")
    label = decision.verdict.label
    raise typer.Exit(EXIT_ALLOW if label == "allow" else EXIT_DENY if label == "deny" else EXIT_ASK)


def eval_corpus(
    corpus: Path = typer.Argument(..., exists=True, dir_okay=False, help="JSON lines: command, expected"),
    policy_file: Path = typer.Option(None, "--policy", help="a user policy file to evaluate with, instead of yours"),
    as_json: bool = typer.Option(False, "--json"),
    cwd: str = typer.Option("/tmp/hookward-eval-project", "--cwd", help="the project the commands run in"),
    fail_on_miss: bool = typer.Option(
        False, "--fail-on-miss", help="exit 3 when any deny-labelled command is allowed (for CI)"
    ),
) -> None:
    """Run the policy over a labelled corpus: missed (deny labels allowed) and friction (allow labels not allowed).

    The commands are only analyzed, never executed. Exit status: 0, or 3 with --fail-on-miss when something
    was missed; 1 for a broken policy; 2 for a line that is not a corpus line.
    """
    from hookward.policy.engine import evaluate
    from hookward.policy.loader import load_policy
    from hookward.policy.toolcall import ToolCall

    if policy_file is not None:
        os.environ["XDG_CONFIG_HOME"] = str(_policy_home(policy_file))
    from hookward.policy.schema import PolicyError

    try:
        policy = load_policy(cwd)
    except (PolicyError, OSError) as error:
        typer.echo(f"hookward: broken policy: {error}", err=True)
        raise typer.Exit(1) from None
    totals: dict[str, int] = {}
    missed: list[dict] = []
    friction: list[dict] = []
    for line_no, line in enumerate(corpus.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
            command, expected = case["command"], case["expected"]
        except (ValueError, KeyError, TypeError):
            typer.echo(f"{corpus}:{line_no}: not a corpus line", err=True)
            raise typer.Exit(2) from None
        call = ToolCall("shell", command=command, cwd=cwd, project_root=cwd)
        rule_ids: list[str] = []
        reasons: list[str] = []
        try:
            decision = evaluate(call, policy)
            verdict, rule_ids, reasons = decision.verdict.label, decision.rule_ids, decision.reasons
        except Exception as error:  # an engine failure is refused by the hook: count it as deny
            verdict = "deny"
            typer.echo(f"{corpus}:{line_no}: engine error {type(error).__name__}: {error}", err=True)
        totals[expected] = totals.get(expected, 0) + 1
        row = {"command": command, "expected": expected, "got": verdict, "source": case.get("source", "")}
        if verdict != "allow":  # what decided it, so friction can be counted by cause
            row["rules"], row["reasons"] = list(rule_ids), list(reasons)
        if expected in ("deny", "not-allow") and verdict == "allow":
            missed.append(row)
        if expected == "allow" and verdict != "allow":
            friction.append(row)
    hostile = sum(totals.get(k, 0) for k in ("deny", "not-allow"))
    benign = totals.get("allow", 0)
    summary = {
        "corpus": str(corpus),
        "cases": sum(totals.values()),
        "labels": totals,
        "missed": len(missed),
        "missed_rate": round(len(missed) / hostile, 4) if hostile else None,
        "friction": len(friction),
        "friction_rate": round(len(friction) / benign, 4) if benign else None,
    }
    failed = fail_on_miss and bool(missed)
    if as_json:
        typer.echo(json.dumps({"summary": summary, "missed": missed, "friction": friction}, indent=2))
        raise typer.Exit(3 if failed else 0)
    for row in missed:
        typer.echo(f"MISSED  {row['command']!r}  ({row['source']})")
    labels = ", ".join(f"{count} {label}" for label, count in sorted(totals.items())) or "none"
    typer.echo(f"cases: {summary['cases']}  labels: {labels}")
    if hostile:
        typer.echo(f"missed: {len(missed)}/{hostile} deny-labelled allowed ({100 * len(missed) / hostile:.2f}%)")
    if benign:
        typer.echo(
            f"friction: {len(friction)}/{benign} allow-labelled not allowed ({100 * len(friction) / benign:.2f}%)"
        )
    raise typer.Exit(3 if failed else 0)


def _policy_home(policy_file: Path) -> Path:
    import tempfile

    home = Path(tempfile.mkdtemp(prefix="hookward-eval-"))
    (home / "hookward").mkdir()
    (home / "hookward" / "policy.toml").write_bytes(policy_file.read_bytes())
    return home


@policy_app.command("validate")
def validate(
    file: Path = typer.Argument(None, help="a policy file (default: every active source)"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
) -> None:
    """Check a policy file: TOML, schema, and every rule's match / not_match examples.

    Also says where a floor overrides one of a user rule's own examples, and what would loosen it.
    """
    from hookward.policy.loader import _sources, compile_sources
    from hookward.policy.schema import PolicyError

    try:
        if file is not None:
            if not file.is_file():
                raise PolicyError(f"{file}: not a regular file")
            sources = _sources(None)[:1] + [("user", str(file), file.read_bytes())]
        else:
            sources = _sources(os.getcwd())
        compile_sources(sources)
        notes = _floor_notes(sources)
    except (PolicyError, OSError) as error:
        if as_json:
            typer.echo(json.dumps({"ok": False, "error": str(error)}, indent=2))
        else:
            typer.echo(f"invalid: {error}", err=True)
        raise typer.Exit(1) from None
    if as_json:
        sources_out = [{"layer": layer, "path": path} for layer, path, _data in sources]
        typer.echo(json.dumps({"ok": True, "sources": sources_out, "notes": notes}, indent=2))
        return
    for _layer, path, _data in sources:
        typer.echo(f"ok: {path}")
    for note in notes:
        typer.echo(f"note: {note}")


def _floor_notes(sources: list[tuple[str, str, bytes]]) -> list[str]:
    """Where a floor overrides a user rule on one of its own `match` examples, and what would loosen it."""
    from hookward.policy.engine import evaluate
    from hookward.policy.floors import loosen_hint
    from hookward.policy.loader import CompiledPolicy, compile_sources
    from hookward.policy.schema import parse_policy_text
    from hookward.policy.toolcall import ToolCall

    policy = CompiledPolicy(compile_sources(sources))
    project = "/tmp/hookward-validate-project"
    notes: list[str] = []
    for layer, path, data in sources:
        if layer != "user":
            continue
        for rule in parse_policy_text(data.decode("utf-8"), path).rules:
            for example in rule.match:
                kind, _, rest = example.partition(" ")
                if kind in ("read", "write", "edit", "delete"):
                    call = ToolCall(kind, paths=[rest], cwd=project, project_root=project)
                elif kind in ("mcp", "web"):
                    continue
                else:
                    call = ToolCall("shell", command=example, cwd=project, project_root=project)
                decision = evaluate(call, policy)
                floors = [r for r in decision.rule_ids if r.startswith("floor.")]
                if floors and decision.verdict.label != rule.verdict:
                    for floor in floors:
                        hint = loosen_hint(floor[len("floor.") :])
                        notes.append(
                            f"rule 'user.{rule.id}': its example {example!r} is decided by {floor} "
                            f"({decision.verdict.label}), which overrides the rule's {rule.verdict}; {hint}"
                        )
    return notes


def _layer_of(rule_id: str, sources: list[dict]) -> tuple[str, str]:
    """The layer a rule id comes from, and that layer's file (floors and hookward's own rules are built in)."""
    prefix = rule_id.split(".", 1)[0]
    layer = {"default": "builtin", "floor": "builtin", "hookward": "builtin", "program": "builtin"}.get(prefix, prefix)
    for source in sources:
        if source["layer"] == layer or (layer == "project" and source["layer"] == "project-trusted"):
            return source["layer"], source["path"]
    return layer, ""


@policy_app.command("show")
def show(
    command: list[str] = typer.Argument(None, help="also say which layer decides this shell command (after --)"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """The active sources, settings and rules, in the order they apply (weakest first: built-in, managed,
    user, project); given a command, which rule of which layer decides it."""
    from hookward.policy.loader import load_policy
    from hookward.policy.schema import PolicyError

    try:
        policy = load_policy(os.getcwd())
    except (PolicyError, OSError) as error:
        typer.echo(f"hookward: broken policy: {error}", err=True)
        raise typer.Exit(1) from None
    decided = None
    if command:
        from hookward.adapters.base import project_root_for
        from hookward.policy.engine import evaluate
        from hookward.policy.toolcall import ToolCall

        cwd = os.getcwd()
        call = ToolCall("shell", command=" ".join(command), cwd=cwd, project_root=project_root_for(cwd))
        decision = evaluate(call, policy)
        decided = {
            "command": call.command,
            "verdict": decision.verdict.label,
            "decided_by": [
                dict(zip(("rule", "layer", "path"), (rule, *_layer_of(rule, policy.sources)), strict=True))
                for rule in decision.rule_ids
            ],
        }
    # Managed rules are also a minimum for every later layer (tighten_only); listed once, with their layer.
    tighten = [rule for rule in policy.tighten_only if not rule["id"].startswith("managed.")]
    if as_json:
        rules = [
            {k: v for k, v in rule.items() if k != "paths"} for layer in policy.override_layers for rule in layer
        ] + [{k: v for k, v in rule.items() if k != "paths"} for rule in tighten]
        out = {"sources": policy.sources, "settings": policy.settings, "rules": rules}
        if decided is not None:
            out["decided"] = decided
        typer.echo(json.dumps(out, indent=2))
        return
    typer.echo("sources (weakest first):")
    for source in policy.sources:
        typer.echo(f"  {source['layer']:16} {source['path']}  sha256:{source['sha256'][:16]}")
    typer.echo("settings:")
    for name, value in policy.settings.items():
        typer.echo(f"  {name} = {value}")
    names = [
        "trusted project (overrides)",
        "user (overrides)",
        "managed (overrides built-in; later layers may only tighten it)",
        "built-in",
    ]
    for name, layer in zip(names, policy.override_layers, strict=True):
        if layer:
            typer.echo(f"{name} rules:")
            for rule in layer:
                typer.echo(
                    f"  {rule['id']:32} {('allow', 'ask', 'force_ask', 'deny')[rule['verdict']]:9} {rule['reason']}"
                )
                if rule.get("loosens_refused"):
                    typer.echo(f"  {'':32} loosens {', '.join(rule['loosens_refused'])}: refused by the managed policy")
    if tighten:
        typer.echo("project rules (may only tighten; not trusted):")
        for rule in tighten:
            typer.echo(f"  {rule['id']:32} {('allow', 'ask', 'force_ask', 'deny')[rule['verdict']]:9} {rule['reason']}")
    if decided is not None:
        typer.echo(f"{decided['command']!r}: {decided['verdict']}")
        for entry in decided["decided_by"]:
            where = f" ({entry['path']})" if entry["path"] else ""
            typer.echo(f"  decided by {entry['rule']} in the {entry['layer']} layer{where}")


@policy_app.command("trust")
def trust(file: Path = typer.Argument(Path(".hookward.toml"), exists=True, dir_okay=False)) -> None:
    """Trust this exact project policy file (by SHA-256): it may then loosen, not only tighten.

    The same proof as `hookward grant`: a terminal, a code the command shows typed back, and not run
    under a host process the hook recorded; the trust is chained in the ledger before it is written.
    """
    import hashlib

    from hookward.cli_grant import _fail, _who, confirmation_code, require_confirmation, require_person
    from hookward.policy.loader import trust_path
    from hookward.verdicts import controls, grants, ledger

    user, tty = _who()
    how = f"hookward policy trust on {tty}"
    resolved = file.resolve()
    content = file.read_bytes()
    digest = hashlib.sha256(content).hexdigest()

    def refused(why: str) -> None:
        controls.record_refusal("trust", f"{why} ({resolved})", by=user, how=how)

    try:
        require_person(grants.recorded_lineages(), refused, "hookward policy trust")
        typer.echo(f"trust {resolved}\n  sha256 {digest}")
        typer.echo("  its rules may then loosen this project's policy, not only tighten it; any change revokes it")
        code = confirmation_code()
        require_confirmation(code, f"\nto trust it, type {code}: ", refused)
        if hashlib.sha256(file.read_bytes()).hexdigest() != digest:
            refused("the file changed while it was shown")
            raise _fail("the file changed while it was shown; nothing was trusted")
        controls.record("trust", f"trusted {resolved}", [f"sha256 {digest}"], by=user, how=how)
    except (ledger.LedgerTrouble, ledger.sqlite3.DatabaseError) as error:
        raise _fail(f"the ledger at {ledger.db_path()} {ledger.describe(error)}; a trust must be recorded") from None
    path = Path(trust_path())
    data = {"trusted": []}
    if path.exists():
        try:
            data = json.loads(path.read_text())
        except ValueError:
            pass
    data.setdefault("trusted", []).append({"path": str(resolved), "sha256": digest})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2))
    typer.echo(f"trusted {resolved} (sha256 {digest[:16]}…); recorded in the ledger by {user}")
