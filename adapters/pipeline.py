"""The one pipeline: parse -> evaluate -> render -> record, for every front end.

The hook (adapters/hook.py), the MCP server (adapters/mcp_server.py) and
`hookward check` (hookward/cli_policy.py) each parse a call in their own
format (a host payload, an MCP tool's arguments, the command line) and then
call `run`, which evaluates it, applies the grants, asks the front end's
`render` what to send (for a host: `compat.answer.choose`), spells it, and
records the decision in the ledger. Nothing else writes a decision, a post
event or a failure to the ledger (tests/test_architecture.py checks it), so
the three cannot drift apart.

What a call is for decides the grants and what is recorded as sent:

- PRE: a pre-tool event or an MCP action. An ask-level call uses a person's
  grant for exactly this call (atomically), else it opens a grant; sent is the
  answer's kind.
- APPROVAL: an approval event. It honours a grant the pre-tool event of the
  same call used, and never uses or opens one (a call has at most one grant);
  sent is `approval-<kind>`.
- CHECK: a question, nothing acts: no grant; sent is `check`.

Shadow mode and a pause (`quiet`) apply where the front end says so (the hook):
what would have been sent is recorded, and no opinion is answered, except for
self-protection, which stays on.

Every ledger write here is bounded and can never change an answer.
"""

from __future__ import annotations

import os
import sys

from hookward.compat.answer import SILENT, Answer
from hookward.verdicts.decision import Decision, Verdict

TYPE_CHECKING = False  # typing costs ~2 ms per hook process; mypy reads this name as True
if TYPE_CHECKING:
    from collections.abc import Callable

    from hookward.adapters.base import PostEvent, WireAnswer
    from hookward.policy.toolcall import ToolCall

    # (decision, settings, grant id) -> (what to send or None, the decision as recorded)
    Render = Callable[[Decision, object, str | None], tuple[Answer | None, Decision]]
    Spell = Callable[[Answer], WireAnswer]

PRE = "pre"
APPROVAL = "approval"
CHECK = "check"

ASK_LEVEL = (Verdict.ASK, Verdict.FORCE_ASK)

# How long after its pre-tool event used a grant the approval event of the same call may still come
# (hooks of other tools may run between the two, each up to its own timeout).
APPROVAL_AFTER_PRE_TOOL_S = 600


class Outcome:
    """What the pipeline decided, sent and recorded for one call."""

    __slots__ = ("call", "decision", "settings", "answer", "wire", "grant", "sent")

    def __init__(
        self,
        call: ToolCall,
        decision: Decision,
        settings: object,
        answer: Answer | None,
        wire: WireAnswer | None,
        grant: dict | None,
        sent: str,
    ) -> None:
        self.call = call
        self.decision = decision  # as recorded (a used grant's allow; what a person answered at a prompt)
        self.settings = settings
        self.answer = answer
        self.wire = wire
        self.grant = grant  # the grant this call opened, if any
        self.sent = sent


def evaluate(call: ToolCall) -> tuple[Decision, object]:
    """The evaluate stage: the engine's decision and the policy settings. Raises on failure (callers fail closed)."""
    from hookward.policy.engine import evaluate_call

    return evaluate_call(call)


def run(
    call: ToolCall,
    purpose: str,
    render: Render,
    spell: Spell | None = None,
    *,
    judged: tuple[Decision, object] | None = None,
    quiet: bool = False,
) -> Outcome:
    """Evaluate `call` (unless `judged` already holds its decision and settings), render, spell, record.

    `render(decision, settings, grant_id)` says what to send (None where nothing is sent) and the
    decision as recorded; `spell(answer)` writes it in the host's wire format (None: no wire).
    `quiet`: shadow mode and a pause apply. An exception in evaluate, render or spell propagates:
    the front end fails closed its own way (the hook with the host's block answer).
    """
    decision, settings = judged if judged is not None else evaluate(call)
    mode = quiet_mode(settings) if quiet else None
    grant = None
    if decision.verdict in ASK_LEVEL and mode is None:  # only ask-level calls touch the grants
        if purpose == PRE:
            decision, grant = grant_for(call, decision, settings)
        elif purpose == APPROVAL:
            decision = grant_of_pre_tool(call, decision)
    answer, recorded = render(decision, settings, grant["grant_id"] if grant is not None else None)
    if purpose == CHECK or answer is None:
        sent = CHECK
    else:
        sent = answer.kind if purpose == PRE else f"{purpose}-{answer.kind}"
        if mode is not None and not self_protection(decision):
            # Record what would have been sent, answer no opinion (failing closed stays on).
            sent, answer = f"{mode}-{sent}", Answer(SILENT, answer.reason, decision.verdict)
    wire = spell(answer) if spell is not None and answer is not None else None
    if grant is not None and answer is not None:
        grant["sent"] = answer.kind
    record_decision(call, recorded, sent, wire, grant)
    return Outcome(call, recorded, settings, answer, wire, grant, sent)


# ---------------------------------------------------------------- quiet modes


def quiet_mode(settings: object) -> str | None:
    """Shadow mode ("shadow", the user's policy says so), a pause ("paused", `hookward pause`), or None."""
    if getattr(settings, "shadow", False) is True:
        return "shadow"
    from hookward.verdicts.controls import paused

    return "paused" if paused() is not None else None


def self_protection(decision: Decision) -> bool:
    rule = "floor.self-protection"
    return rule in decision.rule_ids or any(rule in part.rule_ids for part in decision.parts)


# ---------------------------------------------------------------- grants


def grant_for(call: ToolCall, decision: Decision, settings: object) -> tuple[Decision, dict | None]:
    """An approval a person gave for exactly this call, used now (atomically); else the grant this call opens.

    A grant that cannot be keyed (no state directory) is no grant: the call is judged as it was.
    """
    from hookward.verdicts import grants

    try:
        key_hash = grants.identity(call, grants.install_key())
    except Exception as error:
        sys.stderr.write(f"hookward: no grant for this call ({type(error).__name__})\n")
        return decision, None
    used = grants.consume(key_hash, call.session_id or "")
    if used is not None:
        gid = used["grant_id"]
        why = f"a person approved this call ({used['scope']}) with `hookward grant {gid}`"
        return Decision(Verdict.ALLOW, [why], [f"grant.{gid}"], decision.parts, understood=True), None
    window = int(getattr(settings, "grant_expiry_minutes", 60)) * 60
    record = grants.grant_record(call, decision, grants.new_id(), key_hash, "", window, grants.host_lineage())
    return decision, record


def grant_of_pre_tool(call: ToolCall, decision: Decision) -> Decision:
    """The pre-tool event of this same call used a person's grant: the approval event is that decision.

    Read only: the approval event never uses a grant (nor opens one), so one call has at most one.
    Codex rejects a pre-tool allow, so a granted call reaches its approval, which must not ask again.
    """
    from hookward.verdicts import grants, ledger

    try:
        key_hash = grants.identity(call, grants.install_key())
        directory = ledger.state_dir()
        if not os.path.exists(ledger.db_path(directory)):
            return decision
        conn = ledger.connect(directory, ledger.BUSY_MS)
        try:
            since = ledger.now_us() - APPROVAL_AFTER_PRE_TOOL_S * 1_000_000
            used = ledger.grant_used_since(conn, key_hash, call.session_id or "", since)
        finally:
            conn.close()
    except Exception as error:
        sys.stderr.write(f"hookward: no grant for this approval ({type(error).__name__})\n")
        return decision
    if used is None:
        return decision
    gid = used["grant_id"]
    why = f"a person approved this call ({used['scope']}) with `hookward grant {gid}`; its pre-tool event used it"
    return Decision(Verdict.ALLOW, [why], [f"grant.{gid}"], decision.parts, understood=True)


# ---------------------------------------------------------------- record


def record_decision(
    call: ToolCall, decision: Decision, sent: str, wire: WireAnswer | None, grant: dict | None = None
) -> None:
    """The decision's ledger row (and the grant it opens); bounded and never able to change the answer."""
    try:
        from hookward.verdicts import ledger

        ledger.record_decision(call, decision, sent, wire, grant)
    except Exception as error:
        sys.stderr.write(f"hookward: ledger write failed: {type(error).__name__}\n")


def record_post(post: PostEvent) -> None:
    """A post-tool event (the call ran, or failed): it resolves the pending grant it answers."""
    try:
        from hookward.verdicts import ledger

        ledger.record_post(post)
    except Exception as error:
        sys.stderr.write(f"hookward: ledger write failed: {type(error).__name__}\n")


def record_failure(host: str, event: str, call: ToolCall | None, wire: WireAnswer, reason: str) -> WireAnswer:
    """A refusal that comes from a failure is a decision too: recorded with its reason; the answer is unchanged."""
    try:
        from hookward.verdicts import ledger

        ledger.record_failure(host, event, call, reason, wire)
    except Exception as error:
        sys.stderr.write(f"hookward: ledger write failed: {type(error).__name__}\n")
    return wire
