"""Approval events: the host is about to ask a person about a call, and a hook may settle it.

Claude Code and Codex `PermissionRequest` and Copilot CLI `permissionRequest`
fire when the host would show its own approval prompt. An answer there
settles that prompt, so the rules are those of the pre-tool event, asked of
the same function (`adapters.render.choose`) against the approval event's own
registry facts (`verdicts.<approval event>`):

- deny: refuse the call;
- allow: settle the prompt only where a spec understood every part of the call
  and the registry shows the host enforces an allow there (the rule for an
  explicit allow); otherwise no answer, and the person answers the prompt;
- ask, force_ask: the host's own prompt is the ask, so no answer, where the
  registry shows the prompt reaches a person when the hook stays silent
  (`prompts`); otherwise refuse.

The pre-tool event and the approval event of one call are one decision: the
approval event never opens a grant and never uses one (the pre-tool event did
both; a call it let through to the prompt is judged here the same way), so a
call has at most one grant.
"""

from __future__ import annotations

from hookward.adapters.render import ASK, FORCE_ASK, SILENT, Answer, choose
from hookward.compat.registry import Capabilities
from hookward.verdicts.decision import Decision


def choose_approval(decision: Decision, caps: Capabilities, event: str, mode: str | None, trusted_grade: str) -> Answer:
    answer = choose(decision, caps, event, mode, trusted_grade)
    if answer.kind in (ASK, FORCE_ASK):
        # The prompt the host is about to show is the ask: leave it to the person.
        return Answer(SILENT, answer.reason, answer.verdict)
    return answer
