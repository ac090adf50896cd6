"""What to send a host for a verdict, chosen from the host's registry facts (host-agnostic).

This is the one place where a verdict meets a host's capabilities; every
front end (the hook, the MCP server, `hookward check`, COMPATIBILITY.md) asks
it through adapters/pipeline.py or directly. The rules (DESIGN.md, "Verdicts"):

- deny: always the host's block answer;
- ask: an ask only where the registry says a prompt reaches a person on this
  event in this permission mode, at or above the trusted grade; else refuse;
- force_ask: the host's native force_ask where it has one; else an ask where
  the host's ask also cannot be satisfied silently in this mode; else refuse;
- allow: an explicit allow where the host enforces one and a spec understood every
  part of the call (an explicit allow skips the host's own prompt); else no opinion.

Unknown is never trusted: an `unknown` fact or a mode the registry has never
seen degrades toward refusal.

An `Answer` names what to send (`kind`), not how: each adapter spells it in its
host's wire format (adapters/render.py re-exports the kinds for them).

Approval events (`choose_approval`): Claude Code and Codex `PermissionRequest`
and Copilot CLI `permissionRequest` fire when the host would show its own
approval prompt. An answer there settles that prompt, so the rules are those of
the pre-tool event, asked of `choose` against the approval event's own registry
facts (`verdicts.<approval event>`):

- deny: refuse the call;
- allow: settle the prompt only where a spec understood every part of the call
  and the registry shows the host enforces an allow there (the rule for an
  explicit allow); otherwise no answer, and the person answers the prompt;
- ask, force_ask: the host's own prompt is the ask, so no answer, where the
  registry shows the prompt reaches a person when the hook stays silent
  (`prompts`); otherwise refuse.

The pre-tool event and the approval event of one call are one decision: the
approval event never opens a grant and never uses one (adapters/pipeline.py),
so a call has at most one grant.
"""

from __future__ import annotations

from hookward.compat.registry import Capabilities, grade_at_least
from hookward.verdicts.decision import Decision, Verdict

# What the adapter spells on the wire.
ALLOW = "allow"  # explicit allow: skips the host's own prompt
SILENT = "silent"  # no opinion: the host's own permission flow applies
ASK = "ask"
FORCE_ASK = "force_ask"
DENY = "deny"

DEFAULT_TRUSTED_GRADE = "documented"

# What a host may do with an ask in a headless run without the tool running.
SAFE_HEADLESS = ("prompts", "refuses", "ends_session")


class Answer:
    """What to send, and the reason the person or the model will read."""

    __slots__ = ("kind", "reason", "verdict", "downgraded")

    def __init__(self, kind: str, reason: str, verdict: Verdict, downgraded: str = "") -> None:
        self.kind = kind
        self.reason = reason
        self.verdict = verdict
        self.downgraded = downgraded  # why a weaker answer could not be sent, if so

    def __repr__(self) -> str:
        return f"Answer({self.kind!r}, verdict={self.verdict.label})"


def how_to_permit(decision: Decision, grant_id: str | None = None) -> str:
    """How a person permits this refused call on purpose: the one wording every front end uses."""
    from hookward.policy.floors import NEVER_LOOSENED  # already imported by the engine in this process

    rules = ", ".join(decision.rule_ids) or "the default policy"
    if any(rule.startswith("floor.") and rule[len("floor.") :] in NEVER_LOOSENED for rule in decision.rule_ids):
        return f"decided by {rules}; no rule and no grant can switch this protection off"
    if grant_id:
        return (
            f"decided by {rules}; a person can allow this once with `hookward grant {grant_id}` in their own "
            "terminal (the agent cannot), or run it themselves"
        )
    return (
        f"decided by {rules}; to permit this on purpose, run it yourself or add a user rule "
        "(~/.config/hookward/policy.toml) that allows it"
    )


def choose(
    decision: Decision,
    caps: Capabilities,
    event: str,
    mode: str | None,
    trusted_grade: str = DEFAULT_TRUSTED_GRADE,
    grant_id: str | None = None,
) -> Answer:
    """`grant_id`: the grant this call opened, named in a refusal so a person can resolve it."""
    verdict = decision.verdict
    reason = "hookward: " + decision.summary
    known_mode = caps.known_mode(mode)

    if verdict == Verdict.DENY:
        return Answer(DENY, f"{reason} ({how_to_permit(decision)})", verdict)

    if verdict == Verdict.ALLOW:
        fact = caps.effect(event, "allow", known_mode)
        if (
            decision.understood
            and known_mode is not None
            and fact.get("value") == "enforced"
            and grade_at_least(fact, trusted_grade)
        ):
            return Answer(ALLOW, reason, verdict)
        return Answer(SILENT, reason, verdict)

    def prompts(answer: str) -> bool:
        fact = caps.effect(event, answer, known_mode)
        if not (known_mode is not None and fact.get("value") == "prompts" and grade_at_least(fact, trusted_grade)):
            return False
        # A hook cannot tell an interactive session from a headless run of the
        # same mode. An ask is safe to send only if, headless, the host does
        # not run the tool either (it refuses or ends the session).
        headless = caps.headless_effect(event, answer, known_mode)
        return headless is None or headless.get("value") in SAFE_HEADLESS

    if verdict == Verdict.FORCE_ASK:
        if prompts("force_ask"):
            return Answer(FORCE_ASK, reason, verdict)
        silent = caps.mode_fact(known_mode, "ask_satisfiable_silently")
        if prompts("ask") and silent.get("value") is False and grade_at_least(silent, trusted_grade):
            return Answer(ASK, reason, verdict)
        why = _why_no_prompt(caps, event, mode, known_mode, "force_ask")
    else:
        if prompts("ask"):
            return Answer(ASK, reason, verdict)
        why = _why_no_prompt(caps, event, mode, known_mode, "ask")

    refusal = (
        f"{reason}. A person must confirm this, but {why}, so hookward refuses it instead "
        f"({how_to_permit(decision, grant_id)})"
    )
    return Answer(DENY, refusal, verdict, downgraded=why)


def _why_no_prompt(caps: Capabilities, event: str, mode: str | None, known_mode: str | None, answer: str) -> str:
    name = caps.data.get("name", caps.host)
    if known_mode is None:
        return f"{name} is in permission mode {mode!r}, which hookward has no evidence about"
    fact = caps.effect(event, "ask", known_mode)
    value = fact.get("value", "unknown")
    if answer == "force_ask" and value == "prompts":
        silent = caps.mode_fact(known_mode, "ask_satisfiable_silently")
        if silent.get("value") is True:
            return f"{name}'s prompt in mode {known_mode!r} can be satisfied without a person seeing this call"
        return (
            f"nobody has established that {name}'s prompt in mode {known_mode!r} cannot be satisfied "
            "without a person seeing this call (a remembered approval, an auto-approve setting)"
        )
    if value == "unknown" or fact.get("grade") == "unknown":
        return f"nobody has established that {name} shows a prompt on {event} in mode {known_mode!r}"
    if value == "prompts":
        headless = caps.headless_effect(event, "ask", known_mode)
        if headless is not None and headless.get("value") not in SAFE_HEADLESS:
            return f"{name} runs the tool anyway when a hook asks in a headless run (mode {known_mode!r}), and a hook cannot tell a headless run from an interactive one"
        return f"the evidence that {name} prompts on {event} is only {fact.get('grade')}"
    meaning = {
        "runs": "runs the tool anyway when a hook asks",
        "refuses": "cannot prompt here and refuses instead",
        "ends_session": "ends the session instead of prompting",
        "unsupported": "has no ask answer",
        "rejected": "rejects an ask answer",
        "enforced": "does not prompt",
    }.get(value, value)
    return f"{name} {meaning} (event {event}, mode {known_mode!r})"


def choose_approval(decision: Decision, caps: Capabilities, event: str, mode: str | None, trusted_grade: str) -> Answer:
    """An approval event's answer: `choose`, except that an ask is the host's own prompt (no answer)."""
    answer = choose(decision, caps, event, mode, trusted_grade)
    if answer.kind in (ASK, FORCE_ASK):
        # The prompt the host is about to show is the ask: leave it to the person.
        return Answer(SILENT, answer.reason, answer.verdict)
    return answer
