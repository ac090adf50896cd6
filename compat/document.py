"""Render COMPATIBILITY.md from the registry: the page people publish and read.

Two rules make the page honest:

- What hookward *sends* for each verdict is not written here: it is asked of
  `compat.answer.choose`, the function the hook path calls, with a
  synthetic decision per verdict. The page cannot say one thing while the
  code does another.
- A fact is shown with the grade of its evidence, in words that do not
  overclaim: `unknown` reads "unknown" (never a yes or a tick), and a
  `documented` fact reads "vendor docs say", never "verified".

The output is a pure function of the host files: sorted, no render-time date.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from hookward.compat import schema
from hookward.compat.answer import ALLOW, ASK, DEFAULT_TRUSTED_GRADE, DENY, FORCE_ASK, SILENT, choose, choose_approval
from hookward.compat.registry import ANY_MODE, GRADE_RANK, Capabilities, grade_at_least
from hookward.verdicts.decision import Decision, Verdict

PAGE_NAME = "COMPATIBILITY.md"
PAGE_PATH = os.path.join(schema.REPO_ROOT, PAGE_NAME)

VERDICT_ORDER = (Verdict.ALLOW, Verdict.ASK, Verdict.FORCE_ASK, Verdict.DENY)

# How each grade reads on the page, weakest first.
GRADE_WORDS = {
    "unknown": "unknown",
    "documented": "vendor docs say",
    "read": "read in the shipped host",
    "probed": "observed in a probe",
}
GRADE_SHORT = {"unknown": "unknown", "documented": "docs", "read": "read", "probed": "probed"}

# What a host does with one answer (a verdict fact's value).
EFFECT_WORDS = {
    "enforced": "enforced",
    "prompts": "prompts a person",
    "refuses": "refuses the tool (no prompt)",
    "runs": "runs the tool anyway",
    "ends_session": "ends the session",
    "rejected": "rejects the answer",
    "unsupported": "has no such answer",
    "unknown": "unknown",
}

# What a host does when the hook fails (a failure fact's value).
# "runs" means the hook failure does not block: the host's own permission flow goes on.
FAILURE_WORDS = {"runs": "not blocked", "blocks": "blocked", "ends_session": "session ends", "unknown": "unknown"}

FAILURE_LABELS = {
    "crash": "the hook crashes (exits non-zero, not the block code)",
    "timeout": "the hook times out",
    "empty_output": "the hook prints nothing",
    "malformed_output": "the hook prints malformed output",
    "exit_2": "the hook exits 2",
}

# What hookward puts on the wire (an Answer's kind).
SENT_WORDS = {
    ALLOW: "allow",
    SILENT: "no answer (host decides)",
    ASK: "ask",
    FORCE_ASK: "force_ask",
    DENY: "deny",
}

UNLISTED_MODE = "any-other-mode"

# A host with no pre-tool hook: hookward sends its native tools nothing at all.
NO_HOOK = "nothing (no hook)"


# ---------------------------------------------------------------- facts


def ordered_modes(data: dict) -> list[str]:
    """The default mode first, then the others sorted."""
    default = data["default_mode"]
    return [default] + sorted(mode for mode in data["modes"] if mode != default)


def pre_events(data: dict) -> list[str]:
    return sorted(name for name, event in data["events"].items() if event["role"] == "pre")


def approval_events(data: dict) -> list[str]:
    return sorted(name for name, event in data["events"].items() if event["role"] == "approval")


ROLE_WORDS = {"pre": "pre-tool", "post": "post-tool", "approval": "approval"}


def switch_installed(data: dict) -> bool:
    """Whether `hookward install` writes the host's fail-closed switch on the release examined."""
    from hookward.compat.registry import version_tuple

    switch = data["fail_closed_switch"]
    if is_unknown(switch) or switch["value"] in (False, True) or data.get("failures_switched") is None:
        return False
    since = version_tuple(switch.get("since"))
    examined = version_tuple(data["version_examined"])
    return since is None or (examined is not None and examined >= since)


def installed_failures(data: dict) -> dict:
    """What a hook failure does as `hookward install` leaves the host (its switch on, where it has one).

    Without a switch, `hookward install` still ends the pre-tool command with `|| exit 2` on a host where
    exit 2 blocks: where the host runs that command through a shell, a crash (any non-zero exit) becomes
    the exit 2 that blocks. The grade is the weaker of the two facts it rests on; a timeout, empty or
    malformed output (exit 0) are the bare host's.
    """
    if switch_installed(data):
        return data["failures_switched"]
    failures = dict(data["failures"])
    exit_2, shell = failures.get("exit_2") or {}, data.get("hook_shell") or {}
    if exit_2.get("value") == "blocks" and shell.get("value") is True and not is_unknown(exit_2):
        if not is_unknown(shell) and failures.get("crash", {}).get("value") != "blocks":
            grade = min(exit_2["grade"], shell["grade"], key=GRADE_RANK.__getitem__)  # the weaker grade
            failures["crash"] = {"value": "blocks", "grade": grade, "source": "`|| exit 2` as installed"}
    return failures


def _mode_keys(table: dict, data: dict) -> list[str]:
    order = {mode: rank for rank, mode in enumerate(ordered_modes(data))}

    def rank(mode: str) -> tuple[int, int, str]:
        base, _, variant = mode.partition("@")  # "default@headless" sits with "default", after it
        return (-1 if base == ANY_MODE else order.get(base, len(order)), 1 if variant else 0, mode)

    return sorted(table, key=rank)


def evidence_mix(data: dict) -> dict[str, int]:
    counts = dict.fromkeys(schema.GRADES, 0)
    for _, _, fact in iter_facts(data):
        counts[fact["grade"]] += 1
    return counts


def is_unknown(fact: dict) -> bool:
    return fact.get("grade", "unknown") == "unknown" or schema.is_unknown_value(fact.get("value"))


def fact_value(kind: str, fact: dict) -> str:
    """The value in words; anything unknown reads "unknown", whatever else the file says."""
    if is_unknown(fact):
        return "unknown"
    value = fact["value"]
    if kind == "effect":
        return EFFECT_WORDS.get(value, str(value))
    if kind == "failure":
        return FAILURE_WORDS.get(value, str(value))
    if kind == "path":
        return code(str(value))
    if kind == "config":
        parts = []
        for key in ("user", "project"):
            parts.append(f"{key}: {code(value[key])}" if value.get(key) else f"{key}: none")
        if value.get("registration"):
            parts.append(f"registration: {code(value['registration'])}")
        return "; ".join(parts)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(code(str(item)) for item in value)
    return text(str(value))


def evidence(fact: dict) -> str:
    grade = fact.get("grade", "unknown")
    words = GRADE_WORDS[grade]
    if grade != "unknown" and fact.get("date"):
        return f"{words} ({fact['date']})"
    return words


def short(fact: dict, words: dict[str, str]) -> str:
    """A compact value for the summary table: "tool runs (docs)", or "unknown"."""
    if is_unknown(fact):
        return "unknown"
    return f"{words.get(fact['value'], fact['value'])} ({GRADE_SHORT[fact['grade']]})"


def source_link(fact: dict) -> str:
    source = fact.get("source")
    if not source:
        return ""
    if source.startswith(("https://", "http://")) and " " not in source:
        return f"<{source}>"
    if source.startswith(schema.RECORDS_DIR + "/"):
        return f"[{source}]({source})"
    return source if "`" in source else f"`{source}`"


def evidence_inline(fact: dict) -> str:
    """ "vendor docs say, 2026-11-29" for use inside a sentence's parentheses."""
    if fact.get("grade", "unknown") != "unknown" and fact.get("date"):
        return f"{GRADE_WORDS[fact['grade']]}, {fact['date']}"
    return GRADE_WORDS[fact.get("grade", "unknown")]


def text(free_text: str) -> str:
    """Free text from a host file: angle brackets would vanish as HTML tags on the published page."""
    return free_text.replace("<", "&lt;").replace(">", "&gt;")


def code(literal: str) -> str:
    """A path or config literal as code; text with a backtick stays escaped prose."""
    return f"`{literal}`" if "`" not in literal else text(literal)


def version(data: dict) -> str:
    """A version number as code; a sentence ("docs only, ...") as prose."""
    examined = data["version_examined"]
    return code(examined) if " " not in examined.strip() else text(examined)


def cell(content: str) -> str:
    return content.replace("\n", " ").replace("|", "\\|")


# ---------------------------------------------------------------- what hookward sends


def synthetic_decision(verdict: Verdict) -> Decision:
    """A decision every spec understood: the page shows what a host gets for a call hookward fully read."""
    return Decision(verdict, [f"a {verdict.label} decision"], ["compat.example"], understood=True)


def unlisted_mode(data: dict) -> str:
    mode = UNLISTED_MODE
    while mode in data["modes"]:
        mode += "-"
    return mode


def sends(data: dict, event: str, mode: str, trusted_grade: str = DEFAULT_TRUSTED_GRADE) -> dict[str, dict]:
    """What the hook path sends for each verdict on `event` in `mode`: asked of compat.answer.choose."""
    caps = Capabilities(data)
    result = {}
    pick = choose_approval if data["events"][event]["role"] == "approval" else choose
    for verdict in VERDICT_ORDER:
        answer = pick(synthetic_decision(verdict), caps, event, mode, trusted_grade)
        result[verdict.label] = {"kind": answer.kind, "downgraded": answer.downgraded}
    return result


def sent_words(verdict: str, sent: dict) -> str:
    words = SENT_WORDS[sent["kind"]]
    if sent["downgraded"]:
        return f"{words} (instead of {verdict})"
    return words


def sends_by_mode(data: dict, trusted_grade: str = DEFAULT_TRUSTED_GRADE) -> dict[str, dict[str, dict]]:
    """{event: {mode: {verdict: {kind, downgraded}}}}, including a mode the registry never saw."""
    table: dict[str, dict[str, dict]] = {}
    for event in pre_events(data) + approval_events(data):
        table[event] = {mode: sends(data, event, mode, trusted_grade) for mode in ordered_modes(data)}
        table[event][unlisted_mode(data)] = sends(data, event, unlisted_mode(data), trusted_grade)
    return table


# ---------------------------------------------------------------- the page


def render_page(hosts: dict[str, dict]) -> str:
    """The whole COMPATIBILITY.md for these (validated) host files."""
    lines = [
        "<!-- Generated by `hookward compat render` from compat/hosts/*.json. Do not edit by hand:",
        "     `hookward compat check` and the tests fail when this page differs from a fresh render. -->",
        "",
        "# What each agent host enforces",
        "",
        "hookward evaluates one policy and then sends each host the answer that host will actually",
        "enforce. This page is generated from the evidence-graded registry in `compat/hosts/`. Every",
        "fact carries the grade of its evidence; nothing here is stronger than its evidence.",
        "",
        "The *hookward sends* columns are not written by hand: they are computed by the function the",
        "hook path calls (`compat.answer.choose`), with one example decision per verdict, in the",
        f"host's default permission mode, trusting facts graded `{DEFAULT_TRUSTED_GRADE}` or stronger",
        "(the default `trusted_grade`; a stricter policy setting turns more asks into refusals).",
        "",
        "Each host's section opens with its **bottom line**: what you get with hookward installed, the one",
        "caveat that matters, interactive against headless runs, what a hookward crash or timeout does as",
        "installed, and the version examined. The evidence follows: what hookward sends per permission mode,",
        "the graded facts (facts that agree share a row; probe-backed rows link their records), the limitations.",
        "",
        "**Interactive against headless.** A hook cannot tell an interactive session from a headless run of the",
        "same mode, so hookward sends an ask only where a headless run does not run the tool either (it refuses",
        "or ends the session); a host's bottom line says what each does where that was examined.",
        "",
        "**A permission mode the registry has never seen** gets the same answers on every host: allow is sent",
        "as no answer (the host's own permission check decides), ask and force_ask are refused (deny, since",
        "hookward has no evidence that a prompt reaches a person there), and deny is sent as deny. A host's",
        "tables list such a mode only where its answers differ.",
        "",
        "**Facts know their version.** A fact was established on the host releases it names in",
        "`versions` and the release its citation carries (a probe record's folder, the package@version",
        "of a read). Two versions are one release when their first N components agree (N is the host's",
        "`release_components`: 2, major.minor, unless the host bumps its last number every release).",
        "On another release a `probed` or `read` fact counts as `documented` at most, and a fact with",
        "`since` counts as `unknown` before that version (`compat/registry.py`, `grade_on`). The hook",
        "applies this where the payload names the release; `hookward doctor` says when the installed",
        "host is newer than the release examined.",
        "",
    ]
    lines += _legend()
    lines += _summary(hosts)
    for host in sorted(hosts):
        lines += render_host(hosts[host])
    return "\n".join(lines).rstrip("\n") + "\n"


def _legend() -> list[str]:
    lines = [
        "## Legend",
        "",
        "Evidence grades, weakest first:",
        "",
        "| grade | shown as | meaning |",
        "|---|---|---|",
        "| `unknown` | unknown | Nobody has established it. hookward never relies on it: an unknown prompt "
        "is treated as no prompt, and the call is refused instead. |",
        "| `documented` | vendor docs say (date read) | The vendor's documentation says so. hookward has "
        "not tested it. |",
        "| `read` | read in the shipped host | The shipped host artifact (package at a version, file or symbol) "
        "was read. |",
        "| `probed` | observed in a probe | The real host binary ran offline with hookward's hook and the effect "
        "was observed; the probe record is in the repository. |",
        "",
        "In the summary, the grade is abbreviated: docs, read, probed.",
        "",
        "What a host does with a hook's answer:",
        "",
        "| effect | meaning |",
        "|---|---|",
    ]
    meanings = {
        "enforced": "the host does what the answer says (an allow skips its prompt, a deny blocks the tool)",
        "prompts": "the host shows a person a prompt and waits for them",
        "refuses": "the host cannot prompt here and refuses the tool instead",
        "runs": "the host ignores the answer and runs the tool",
        "ends_session": "the host stops the session instead",
        "rejected": "the host rejects the answer as invalid",
        "unsupported": "the host's hook protocol has no such answer",
        "unknown": "nobody has established what happens",
    }
    for effect in schema.VERDICT_EFFECTS:
        lines.append(f"| {EFFECT_WORDS[effect]} (`{effect}`) | {meanings[effect]} |")
    lines += [
        "",
        "What hookward sends:",
        "",
        "| sends | meaning |",
        "|---|---|",
        "| allow | an explicit allow, which skips the host's own prompt |",
        "| no answer (host decides) | no opinion: the host's own permission rules decide, and may prompt |",
        "| ask | the host's ask: a person confirms |",
        "| force_ask | the host's native must-confirm answer |",
        "| deny | a refusal, with a reason naming the rule and how to permit the action on purpose |",
        "| deny (instead of ask) | the policy said ask, but the registry does not show a prompt that really "
        "reaches a person here, so hookward refuses rather than let the tool run unconfirmed |",
        f"| {NO_HOOK} | the host has no pre-tool hook that hookward knows of: its native tools are not gated |",
        "",
    ]
    return lines


def _summary(hosts: dict[str, dict]) -> list[str]:
    lines = [
        "## Summary",
        "",
        "| host | paradigm | event | allow → | ask → | force_ask → | deny → "
        "| hook crash | hook timeout | evidence (probed / read / docs / unknown) | version examined | examined on |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for host in sorted(hosts):
        data = hosts[host]
        mix = evidence_mix(data)
        mix_text = f"{mix['probed']} / {mix['read']} / {mix['documented']} / {mix['unknown']}"
        if not pre_events(data):
            row = [
                f"[{data['name']}](#host-{host})",
                data["paradigm"],
                "none",
                *(NO_HOOK for _ in VERDICT_ORDER),
                short(installed_failures(data)["crash"], FAILURE_WORDS),
                short(installed_failures(data)["timeout"], FAILURE_WORDS),
                mix_text,
                version(data),
                data["examined_on"],
            ]
            lines.append("| " + " | ".join(cell(item) for item in row) + " |")
        for event in pre_events(data):
            sent = sends(data, event, data["default_mode"])
            row = [
                f"[{data['name']}](#host-{host})",
                data["paradigm"],
                f"`{event}`",
                *(sent_words(verdict.label, sent[verdict.label]) for verdict in VERDICT_ORDER),
                short(installed_failures(data)["crash"], FAILURE_WORDS),
                short(installed_failures(data)["timeout"], FAILURE_WORDS),
                mix_text,
                version(data),
                data["examined_on"],
            ]
            lines.append("| " + " | ".join(cell(item) for item in row) + " |")
    lines += [
        "",
        "Permission mode used above: each host's default mode; per-mode detail is in each host's section.",
        "*Hook crash* and *hook timeout* are as `hookward install` leaves the host: with its fail-closed",
        "switch on where the release examined has one.",
        "",
    ]
    return lines


# ---------------------------------------------------------------- one host: the bottom line

# How a failure reads in the bottom line ("a crash ... blocks the tool").
FAILURE_SHORT = {
    "crash": "a crash",
    "timeout": "a timeout",
    "empty_output": "empty output",
    "malformed_output": "malformed output",
    "exit_2": "exit 2",
}
FAILURE_OUTCOME = {
    "blocks": "blocks the tool",
    "runs": "does not block the tool",
    "ends_session": "ends the session",
}
# The failures the bottom line states: a hookward that breaks. Exit 2 is hookward's own block on exit-2 hosts.
BROKEN_HOOK = ("crash", "timeout", "empty_output", "malformed_output")
BOTTOM_LINE = "**Bottom line.**"


def grade_words(fact: dict) -> str:
    """The grade in words, without the date: the bottom line's parenthesis."""
    return GRADE_WORDS["unknown" if is_unknown(fact) else fact["grade"]]


def modes_list(modes: list[str]) -> str:
    return ", ".join(f"`{mode}`" for mode in modes)


def joined(items: list[str]) -> str:
    """a, b and c."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _outcome(data: dict, event: str, verdict: str, mode: str, sent: dict) -> str:
    """One verdict on one event in one mode: what hookward sends and what the host then does, with the grade."""
    caps = Capabilities(data)
    approval = data["events"][event]["role"] == "approval"
    kind = sent["kind"]
    if kind == DENY and verdict != "deny":
        return f"{verdict}: refused (sent as deny), since {_refusal_reason(data, event, verdict, mode)}"
    if kind == SILENT:
        if approval and verdict != "allow":
            fact = caps.effect(event, verdict, mode)
            return f"{verdict}: no answer, the host's own dialog is the prompt ({grade_words(fact)})"
        return f"{verdict}: no answer, the host's own permission check decides"
    if kind == ASK and verdict == "force_ask":
        silent = caps.mode_fact(mode, "ask_satisfiable_silently")
        return f"force_ask: sent as ask, which a remembered approval does not silence ({grade_words(silent)})"
    answer = {ALLOW: "allow", ASK: "ask", FORCE_ASK: "force_ask", DENY: "deny"}[kind]
    fact = caps.effect(event, answer, mode)
    if is_unknown(fact):
        return f"{verdict}: sent as {answer}, what {data['name']} does then is unknown"
    words = {
        ("allow", "enforced"): "approves the call without the person" if approval else "skips the host's own prompt",
        ("deny", "enforced"): "refuses the call" if approval else "blocks the tool",
        ("ask", "prompts"): "a person is prompted",
        ("force_ask", "prompts"): "a person must confirm",
    }.get((answer, fact["value"]), f"the host {EFFECT_WORDS.get(fact['value'], fact['value'])}")
    return f"{verdict}: {words} ({grade_words(fact)})"


ASK_EFFECT_WORDS = {
    "runs": "the host runs the tool anyway on an ask",
    "unsupported": "the host has no ask answer",
    "refuses": "the host refuses an ask by itself",
    "ends_session": "an ask ends the session",
    "rejected": "the host rejects an ask",
    "enforced": "the host does not prompt",
}


def _refusal_reason(data: dict, event: str, verdict: str, mode: str) -> str:
    """Why an ask or force_ask is refused in this mode, read off the facts, with their grade."""
    from hookward.compat.answer import SAFE_HEADLESS

    caps = Capabilities(data)
    ask = caps.effect(event, "ask", mode)
    if is_unknown(ask):
        return "nobody has established that a prompt reaches a person here"
    if ask["value"] == "prompts":
        headless = caps.headless_effect(event, "ask", mode)
        if headless is not None and headless.get("value") not in SAFE_HEADLESS:
            return f"headless, {ASK_EFFECT_WORDS.get(headless['value'], headless['value'])} ({grade_words(headless)})"
        if not grade_at_least(ask, DEFAULT_TRUSTED_GRADE):
            return f"the evidence of a prompt is only {ask['grade']}"
        if verdict == "force_ask":
            silent = caps.mode_fact(mode, "ask_satisfiable_silently")
            if is_unknown(silent):
                return "nobody has established that a remembered approval cannot satisfy the prompt"
            return f"a remembered approval can satisfy the prompt ({grade_words(silent)})"
    return f"{ASK_EFFECT_WORDS.get(ask['value'], ask['value'])} ({grade_words(ask)})"


def _what_you_get(data: dict) -> list[str]:
    name = data["name"]
    events = pre_events(data) + approval_events(data)
    if not events:
        tail = (
            " Only tool calls made through hookward's MCP server are checked." if data["paradigm"] == "mcp-only" else ""
        )
        return [f"- **What you get:** no pre-tool hook of {name} is known, so its native tools are not gated.{tail}"]
    table = sends_by_mode(data)
    default = data["default_mode"]
    covers = "unknown" if is_unknown(data["gates"]) else ", ".join(data["gates"]["value"])
    graded = "" if is_unknown(data["gates"]) else f" ({grade_words(data['gates'])})"
    lines = [f"- **Tool kinds the pre-tool hook covers:** {covers}{graded}."]
    for event in events:
        by_mode = table[event]
        role = "approval prompt" if data["events"][event]["role"] == "approval" else "pre-tool"
        outcomes = [
            _outcome(data, event, verdict, default, by_mode[default][verdict])
            for verdict in ("deny", "ask", "force_ask", "allow")
        ]
        if outcomes[1].removeprefix("ask: ") == outcomes[2].removeprefix("force_ask: "):
            outcomes[1:3] = ["ask and force_ask: " + outcomes[1].removeprefix("ask: ")]
        said = "; ".join(outcomes)
        line = f"- **What you get on `{event}`** ({role}), in the default mode `{default}`: {said}."
        others: dict[str, list[str]] = {}
        for mode in ordered_modes(data)[1:]:
            changed = [
                f"{verdict} is sent as {SENT_WORDS[by_mode[mode][verdict]['kind']]}"
                for verdict in ("deny", "ask", "force_ask", "allow")
                if by_mode[mode][verdict]["kind"] != by_mode[default][verdict]["kind"]
            ]
            if changed:
                others.setdefault(joined(changed), []).append(mode)
        for change, modes in others.items():
            line += f" In {modes_list(modes)}: {change}."
        line = line.replace("ask is sent as deny and force_ask is sent as deny", "ask and force_ask are refused")
        lines.append(line)
    return lines


def _interactive_headless(data: dict) -> str:
    """What an ask does in an interactive session against a headless run, from the verdict facts."""
    interactive: dict[tuple[str, str], list[str]] = {}
    headless: dict[tuple[str, str], list[str]] = {}
    for event in pre_events(data):
        table = data["verdicts"][event]["ask"]
        for mode in _mode_keys(table, data):
            fact = table[mode]
            if is_unknown(fact):
                continue
            variant = "@headless" if mode.endswith("@headless") else ""
            # "*" is every mode only where no mode of the same variant has a fact of its own.
            alone = not any(other != mode and other.endswith("@headless") == bool(variant) for other in table)
            if mode.split("@")[0] == ANY_MODE:
                where = "every mode" if alone else "the other modes"
            else:
                where = f"`{mode.removesuffix('@headless')}`"
            if len(pre_events(data)) > 1:
                where = f"`{event}`" + ("" if where == "every mode" else f" in {where}")
            bucket = headless if mode.endswith("@headless") else interactive
            found = bucket.setdefault((fact["value"], fact["grade"]), [])
            if where not in found:
                found.append(where)

    def said(bucket: dict[tuple[str, str], list[str]]) -> str:
        return "; ".join(
            f"{EFFECT_WORDS[value]} {'on' if len(pre_events(data)) > 1 else 'in'} {', '.join(where)} "
            f"({GRADE_WORDS[grade]})"
            for (value, grade), where in sorted(bucket.items())
        )

    if not interactive and not headless:
        return "- **Interactive vs headless:** what an ask does is unknown in both; hookward refuses it."
    parts = []
    parts.append(
        f"interactive, an ask: {said(interactive)}" if interactive else "interactive sessions: not established"
    )
    parts.append(f"headless, an ask: {said(headless)}" if headless else "headless runs: not examined")
    line = "- **Interactive vs headless:** " + "; ".join(parts) + "."
    return line


def _failures_as_installed(data: dict) -> str:
    failures = installed_failures(data)
    groups: dict[tuple[str, str], list[str]] = {}
    for failure in BROKEN_HOOK:
        fact = failures[failure]
        key = ("unknown", "unknown") if is_unknown(fact) else (fact["value"], fact["grade"])
        groups.setdefault(key, []).append(FAILURE_SHORT[failure])
    said = []
    for (value, grade), which in groups.items():
        if value == "unknown":
            said.append(f"what {joined(which)} {'do' if len(which) > 1 else 'does'} is unknown")
        else:
            outcome = FAILURE_OUTCOME.get(value, value)
            if len(which) > 1:
                outcome = outcome.replace("does not", "do not").replace("blocks", "block").replace("ends", "end")
            said.append(f"{joined(which)} {outcome} ({GRADE_WORDS[grade]})")
    how, switch_said = _switch_as_installed(data)
    line = f"- **If hookward crashes or times out** ({how}): " + "; ".join(said) + "."
    return line + (f" {switch_said}" if switch_said else "")


# A switch spelled as an entry field ("failClosed: true", 'onFailure: "block"') is one `hookward install` writes.
SWITCH_FIELD = re.compile(r"^\s*[A-Za-z_][A-Za-z0-9_]*\s*[:=]")


def _switch_as_installed(data: dict) -> tuple[str, str]:
    """(how the failure line is qualified, what it adds about the switch) as `hookward install` leaves the host."""
    switch = data["fail_closed_switch"]
    since = f" on {switch['since']} and later" if switch.get("since") else ""
    if switch_installed(data):
        return f"with {text(str(switch['value']))}, which `hookward install` writes{since}", ""
    if is_unknown(switch):
        return "as installed", "Whether the host has a fail-closed switch is unknown."
    if switch["value"] is False:
        return "as installed", f"The host has no fail-closed switch ({grade_words(switch)})."
    if isinstance(switch["value"], str) and SWITCH_FIELD.match(switch["value"]):
        return "as installed", (
            f"`hookward install` writes {text(switch['value'])}{since}; no failure is established with it on, "
            "so these are the bare host's."
        )
    return "as installed", f"Fail-closed: {text(str(switch['value']))} ({grade_words(switch)})."


def first_sentence(free_text: str) -> str:
    """The text up to its first full stop outside parentheses (all of it when there is none)."""
    depth = 0
    for at, char in enumerate(free_text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "." and depth == 0 and free_text[at + 1 : at + 2] in (" ", ""):
            return free_text[: at + 1]
    return free_text


def caveat(data: dict) -> tuple[str, bool]:
    """(the one caveat that matters, whether it is the whole limitation): host files list it first."""
    stated = data["limitations"]
    if not stated:
        return "", True
    said = first_sentence(stated[0]) if len(stated[0]) > CAVEAT_LENGTH else stated[0]
    return said, said == stated[0]


CAVEAT_LENGTH = 240  # a longer first limitation is cut to its first sentence in the bottom line


def _caveat(data: dict) -> str:
    said, whole = caveat(data)
    if not said:
        return "- **Caveat:** none recorded in the host file."
    return f"- **Caveat:** {text(said)}" + ("" if whole else " (more under Limitations)")


def _versions(data: dict) -> str:
    from hookward.compat.registry import newer_than_examined

    latest = data.get("latest_seen")
    line = f"- **Version:** examined {version(data)} on {data['examined_on']}"
    if not latest:
        return line + "; latest seen: not recorded."
    line += f"; latest seen `{latest}`"
    if newer_than_examined(data, latest):
        line += " (a later release: there, probed and read facts count as vendor docs at most)"
    return line + "."


def bottom_line(data: dict) -> list[str]:
    """What a person gets with hookward installed on this host, first; every claim names its grade."""
    return [
        BOTTOM_LINE,
        "",
        *_what_you_get(data),
        _caveat(data),
        _interactive_headless(data) if pre_events(data) else "- **Interactive vs headless:** no pre-tool hook.",
        _failures_as_installed(data),
        _versions(data),
        "",
    ]


# ---------------------------------------------------------------- one host: the evidence

# A probe note lists every record behind a fact and what each showed ("allow-read-default: enforced, ...");
# the page links the records instead of repeating that list.
SCENARIO_LIST = re.compile(r" \((?:[\w.@+-]+: \w+)(?:, [\w.@+-]+: \w+)*\)")


# The opening a probe gives every note it writes ("claude-code 2.1.332 probed (...)."): the record folder says it.
PROBE_OPENING = re.compile(r"^[\w.-]+ [\w.+-]+ probed(?: interactively)?(?: in tmux)?(?: \([^()]*\))?(?:[.;] |[.;]?$)")


def clean_note(note: str | None) -> str:
    """A fact's note without the list of records behind it (the source cites them) or the probe's opening."""
    note = SCENARIO_LIST.sub("", note or "")
    rest = PROBE_OPENING.sub("", note, count=1)
    return (rest[:1].upper() + rest[1:]) if rest != note else note


@dataclass
class FactRow:
    """One line of a host's fact table: one or more facts with the same value, grade, date and note."""

    kind: str
    label: str
    facts: list[dict]
    value: str
    evidence: str
    source: str
    note: str
    grade: str = "unknown"
    when: str = ""  # the date read or probed, and the release a fact holds from
    artifacts: tuple[str, ...] = ()

    @property
    def cells(self) -> list[str]:
        """The row as its grade's table shows it: the grade is the table's heading."""
        return [self.label, self.value, self.when, self.source, self.note]


def _group_label(template: str, which: list[str], plural: str | None) -> str:
    if plural and len(which) > 1:
        return template.format(which=f"{plural} {', '.join(which)}")
    prefix = "mode " if plural == "modes" and which != ["every mode"] else ""
    return template.format(which=prefix + ", ".join(which))


def fact_groups(data: dict) -> list[tuple[str, str, str | None, list[tuple[str, dict]]]]:
    """Every graded fact of a host as (kind, label template, plural, [(which, fact)]), in page order.

    Members of one group may share a table row when their value, grade, date and note agree.
    """
    groups: list[tuple[str, str, str | None, list[tuple[str, dict]]]] = []
    order = {"pre": 0, "approval": 1, "post": 2}
    events = sorted(data["events"].items(), key=lambda item: (order[item[1]["role"]], item[0]))
    for name, event in events:
        role = ROLE_WORDS[event["role"]]
        groups.append(("flag", f"`{name}` ({role} event) fires", None, [("", event["fires"])]))
        groups.append(("fields", f"`{name}` payload fields", None, [("", event["payload_fields"])]))
    groups.append(("gates", "tool kinds the pre-tool event covers", None, [("", data["gates"])]))
    modes = [(f"`{mode}`", data["modes"][mode]["ask_satisfiable_silently"]) for mode in ordered_modes(data)]
    groups.append(("flag", "{which}: an ask can be satisfied without a person seeing the call", "modes", modes))
    for event in pre_events(data) + approval_events(data):
        for verdict in VERDICT_ORDER:
            table = data["verdicts"][event][verdict.label]
            members = [
                ("every mode" if mode == ANY_MODE else f"`{mode}`", table[mode]) for mode in _mode_keys(table, data)
            ]
            groups.append(("effect", f"`{event}` answer **{verdict.label}**, {{which}}", "modes", members))
    failures = [(FAILURE_LABELS[f].removeprefix("the hook "), data["failures"][f]) for f in schema.FAILURES]
    groups.append(("failure", "when the hook {which}", "", failures))
    if data.get("failures_switched"):
        switched = [
            (FAILURE_LABELS[f].removeprefix("the hook "), data["failures_switched"][f]) for f in schema.FAILURES
        ]
        groups.append(("failure", "with the fail-closed switch on, when the hook {which}", "", switched))
    groups.append(("switch", "a switch that makes hook failures block", None, [("", data["fail_closed_switch"])]))
    if data.get("hook_shell"):
        groups.append(("flag", "hook commands run through a shell", None, [("", data["hook_shell"])]))
    groups.append(("switch", "the hook can rewrite the tool's input", None, [("", data["input_modification"])]))
    config = data["config"]
    config_fact = {key: config.get(key) for key in ("grade", "source", "date", "note")}
    config_fact["value"] = config
    groups.append(("config", "where hooks are registered", None, [("", config_fact)]))
    managed = data.get("managed")
    if managed:  # `hookward install HOST --managed` reads these
        for location in managed.get("locations", []):
            place = {key: location.get(key) for key in ("grade", "source", "date", "note") if location.get(key)}
            value = location["path"] + (f" (or ${location['variable']})" if location.get("variable") else "")
            place["value"] = value
            groups.append(("path", f"managed settings file ({location['platform']})", None, [("", place)]))
        groups.append(("switch", "managed settings: how a hook is registered", None, [("", managed["registration"])]))
        groups.append(
            (
                "switch",
                "managed settings: the switch that leaves the managed hook in charge",
                None,
                [("", managed["exclusive_switch"])],
            )
        )
        groups.append(
            (
                "flag",
                "a user-level config can override or disable the managed hook",
                None,
                [("", managed["user_override"])],
            )
        )
    return groups


def iter_facts(data: dict) -> list[tuple[str, str, dict]]:
    """Every graded fact of a host as (kind, label, fact), one by one (the evidence mix counts these)."""
    facts = []
    for kind, template, plural, members in fact_groups(data):
        for which, fact in members:
            facts.append((kind, _group_label(template, [which], plural), fact))
    return facts


def _record_folder(fact: dict) -> str | None:
    source = fact.get("source") or ""
    if fact.get("grade") == "probed" and source.startswith(schema.RECORDS_DIR + "/"):
        return os.path.dirname(source)
    return None


def _row_key(kind: str, fact: dict) -> tuple:
    folder = _record_folder(fact)
    return (
        fact_value(kind, fact),
        fact.get("grade", "unknown"),
        fact.get("date"),
        clean_note(fact.get("note")),
        folder or fact.get("source"),
        fact.get("since"),
        tuple(fact.get("versions") or ()),
    )


def _cited(fact: dict) -> tuple[str, str]:
    """(the artifact a citation names, what in it): a record folder and the record, a package@version and the symbol."""
    source = fact.get("source") or ""
    folder = _record_folder(fact)
    if folder is not None:
        return folder, f"`{os.path.basename(source).removesuffix('.json')}`"
    if source.startswith(("https://", "http://")) and " " not in source:
        return source, ""
    if fact.get("grade") == "read":
        for cut in ("): ", ": "):
            at = source.find(cut)
            if at > 0 and schema.PACKAGE_AT_VERSION.search(source[: at + 1]):
                end = at + (1 if cut == "): " else 0)
                return source[:end], source[end + 2 :].strip()
    return source, ""


def source_list_entry(artifact: str) -> str:
    """How a cited artifact reads in a host's source list."""
    if artifact.startswith(schema.RECORDS_DIR + "/"):
        shown = artifact.removeprefix(schema.RECORDS_DIR + "/")
        return f"probe records [{shown}]({artifact}/)"
    return source_link({"source": artifact})


class SourceList:
    """A host's citations, each artifact named once (S1, S2, ...) and cited by its number in the table."""

    def __init__(self) -> None:
        self.ids: dict[str, str] = {}

    def cite(self, facts: list[dict]) -> str:
        if all(fact.get("grade", "unknown") == "unknown" and not fact.get("source") for fact in facts):
            return ""
        parts = self.artifacts(facts)
        cited = []
        for artifact, details in parts.items():
            number = self.ids.setdefault(artifact, f"S{len(self.ids) + 1}")
            shown = [detail if detail.startswith("`") else code(detail) for detail in details]
            cited.append(number + (": " + ", ".join(shown) if shown else ""))
        return "; ".join(cited)

    @staticmethod
    def artifacts(facts: list[dict]) -> dict[str, list[str]]:
        parts: dict[str, list[str]] = {}
        for fact in facts:
            if not fact.get("source"):
                continue
            artifact, detail = _cited(fact)
            details = parts.setdefault(artifact, [])
            if detail and detail not in details:
                details.append(detail)
        return parts

    def lines(self, shared: dict[str, str] | None = None) -> list[str]:
        """`shared`: per artifact, the note every row citing it opens with (said here once)."""
        shared = shared or {}
        out = []
        for artifact, number in self.ids.items():
            said = f". Every row citing them: {text(shared[artifact])}" if artifact in shared else ""
            out.append(f"- **{number}** {source_list_entry(artifact)}{said}")
        return out


def fact_rows(data: dict, sources: SourceList | None = None) -> list[FactRow]:
    """The host's fact table: facts that agree in everything but the mode or failure share one row."""
    sources = sources if sources is not None else SourceList()
    rows: list[FactRow] = []
    for kind, template, plural, members in fact_groups(data):
        buckets: dict[tuple, list[tuple[str, dict]]] = {}
        for which, fact in members:
            # "every mode" is the general statement: it never shares a row with a mode of its own.
            key = (which == "every mode", *_row_key(kind, fact))
            buckets.setdefault(key, []).append((which, fact))
        for bucket in buckets.values():
            facts = [fact for _, fact in bucket]
            first = facts[0]
            evidence_text = evidence(first)
            when = "" if is_unknown(first) else first.get("date") or ""
            if first.get("since") and not is_unknown(first):
                evidence_text += f"; holds from {first['since']} on"
                when += f"; holds from {first['since']} on"
            rows.append(
                FactRow(
                    kind=kind,
                    label=_group_label(template, [which for which, _ in bucket], plural),
                    facts=facts,
                    value=fact_value(kind, first),
                    evidence=evidence_text,
                    source=sources.cite(facts),
                    note=clean_note(first.get("note")),
                    grade="unknown" if is_unknown(first) else first["grade"],
                    when=when,
                    artifacts=tuple(SourceList.artifacts(facts)),
                )
            )
    return rows


def shared_notes(rows: list[FactRow]) -> dict[str, str]:
    """Per probe-record folder, the note that two or more rows citing only it open with (how the probes ran)."""
    shared: dict[str, str] = {}
    by_folder: dict[str, list[FactRow]] = {}
    for row in rows:
        if len(row.artifacts) == 1 and row.artifacts[0].startswith(schema.RECORDS_DIR + "/") and row.note:
            by_folder.setdefault(row.artifacts[0], []).append(row)
    for folder, citing in by_folder.items():
        # Said once only when it opens the note of every row that cites the folder, so nothing is lost.
        every = [row for row in rows if folder in row.artifacts]
        candidates = sorted({row.note for row in citing}, key=lambda note: (len(note), note))
        for candidate in candidates:
            if len(every) >= 2 and all(row.note.startswith(candidate) for row in every):
                shared[folder] = candidate
    return shared


GRADE_SECTIONS = (
    ("probed", "Observed in a probe", "probed on", "records"),
    ("read", "Read in the shipped host", "read on", "artifact"),
    ("documented", "Vendor docs say", "date read", "document"),
)


def render_facts(data: dict) -> list[str]:
    """A host's graded facts, strongest evidence first: one table per grade, the unknowns as a list."""
    sources = SourceList()
    rows = fact_rows(data, sources)
    shared = shared_notes(rows)
    for row in rows:
        hoisted = shared.get(row.artifacts[0]) if len(row.artifacts) == 1 else None
        if hoisted and row.note.startswith(hoisted):
            row.note = row.note[len(hoisted) :].strip()
    lines = ["### Facts", ""]
    for grade, heading, when, source in GRADE_SECTIONS:
        graded = [row for row in rows if row.grade == grade]
        if not graded:
            continue
        # A column every row of the table agrees on is said once, in the heading.
        same_when = len({row.when for row in graded}) == 1
        same_source = len({row.source for row in graded}) == 1
        said = [f"{when} {graded[0].when}"] if same_when and graded[0].when else []
        said += [f"{source} {graded[0].source}"] if same_source and graded[0].source else []
        columns = ["fact", "value", *([] if same_when else [when]), *([] if same_source else [source]), "note"]
        lines += [f"{heading}" + (f" ({', '.join(said)})" if said else "") + ":", ""]
        lines += ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
        for row in graded:
            cells = [row.label, row.value, *([] if same_when else [row.when])]
            cells += [*([] if same_source else [row.source]), text(row.note)]
            lines.append("| " + " | ".join(cell(item) for item in cells) + " |")
        lines.append("")
    unknown = [row for row in rows if row.grade == "unknown"]
    if unknown:
        lines += ["Unknown (nobody has established these; hookward never relies on them):", ""]
        lines += [f"- {row.label}" + (f": {text(row.note)}" if row.note else "") for row in unknown]
        lines.append("")
    if sources.ids:
        lines += ["Sources:", "", *sources.lines(shared), ""]
    return lines


# What every host gets in a permission mode its registry never saw; stated once in the page header, and a
# host's own row only where it differs.
UNLISTED_SENDS = ("no answer (host decides)", "deny (instead of ask)", "deny (instead of force_ask)", "deny")


def unlisted_as_stated(data: dict, sent: dict) -> bool:
    """Whether a host's answers in an unlisted mode are the ones the page header states for every host."""
    return tuple(sent_words(verdict.label, sent[verdict.label]) for verdict in VERDICT_ORDER) == UNLISTED_SENDS


def _shown_modes(data: dict, by_mode: dict[str, dict]) -> dict[str, dict]:
    """The modes a host's table shows: the listed ones, and an unlisted mode only where it differs from the header."""
    return {mode: sent for mode, sent in by_mode.items() if mode in data["modes"] or not unlisted_as_stated(data, sent)}


def _sends_rows(data: dict, event: str, by_mode: dict[str, dict]) -> list[tuple[str, dict]]:
    """Modes that get the same answers share a row."""
    grouped: dict[tuple, list[str]] = {}
    sent_by_key: dict[tuple, dict] = {}
    for mode, sent in by_mode.items():
        key = tuple(sent_words(verdict.label, sent[verdict.label]) for verdict in VERDICT_ORDER)
        if mode in data["modes"]:
            label = f"`{mode}`" + (" (default)" if mode == data["default_mode"] else "")
        else:
            key = ("unlisted", *key)
            label = "a mode not listed here"
        grouped.setdefault(key, []).append(label)
        sent_by_key[key] = sent
    return [(", ".join(labels), sent_by_key[key]) for key, labels in grouped.items()]


def _why_lines(data: dict, event: str, by_mode: dict[str, dict]) -> list[str]:
    """Why a verdict is not sent as itself, each reason once with the modes and verdicts it covers."""
    name = data["name"]
    reasons: dict[str, dict[str, list[str]]] = {}
    for mode, sent in by_mode.items():
        where = f"`{mode}`" if mode in data["modes"] else "a mode not listed here"
        for verdict in VERDICT_ORDER:
            answer = sent[verdict.label]
            if answer["downgraded"]:
                why = f"sent as {SENT_WORDS[answer['kind']]}: {answer['downgraded']}"
            elif answer["kind"] == SILENT and data["events"][event]["role"] == "approval" and verdict.label != "allow":
                why = f"sent as no answer: {name}'s own approval prompt is the ask, and the person answers it"
            elif answer["kind"] == SILENT:
                why = (
                    "sent as no answer: an explicit allow is not established as enforced here, "
                    f"so {name}'s own permission rules decide"
                )
            else:
                continue
            # The same reason in several modes differs only by the mode's name: say it once for all of them.
            why = why.replace(f"mode {mode!r}", MODE_SLOT)
            verdicts = reasons.setdefault(why, {})
            verdicts.setdefault(where, []).append(f"**{verdict.label}**")
    lines = []
    for why, by_where in reasons.items():
        shapes: dict[str, list[str]] = {}
        for where, verdicts in by_where.items():
            shapes.setdefault(" and ".join(verdicts), []).append(where)
        for verdicts, wheres in shapes.items():
            if len(wheres) == 1 and wheres[0].startswith("`"):
                said = why.replace(MODE_SLOT, f"mode {wheres[0].strip('`')!r}")
            else:
                said = why.replace(MODE_SLOT, "each of these modes")
            lines.append(f"- `{event}`, {verdicts} in {', '.join(wheres)}: {said}.")
    return lines


MODE_SLOT = "\x00mode\x00"


def render_host(data: dict) -> list[str]:
    """One host's section: the bottom line first, then the evidence behind it."""
    host = data["host"]
    name = data["name"]
    lines = [f'<a id="host-{host}"></a>', "", f"## {name} (`{host}`)", "", *bottom_line(data)]
    table = sends_by_mode(data)
    one_mode = len(data["modes"]) == 1
    modes_said = (
        f"One permission mode here, `{data['default_mode']}`: the bottom line says what each verdict gets."
        if table and one_mode
        else f"Default permission mode: `{data['default_mode']}`."
    )
    lines += ["### What hookward sends", "", f"Paradigm: {data['paradigm']}. {modes_said}", ""]
    if not table:
        lines += [
            f"No pre-tool hook event of {name} is known, so hookward sends nothing for its native tools: "
            "they are not gated.",
            "",
        ]
        if data["paradigm"] == "mcp-only":
            lines += ["Only tool calls made through hookward's MCP server (`hookward mcp`) are checked.", ""]
    explanations: list[str] = []
    for event, by_mode in table.items():
        explanations += _why_lines(data, event, _shown_modes(data, by_mode))
        if one_mode and len(_shown_modes(data, by_mode)) == 1:
            continue  # a one-row table would repeat the bottom line
        lines += [
            f"On `{event}`:",
            "",
            "| permission modes | allow | ask | force_ask | deny |",
            "|---|---|---|---|---|",
        ]
        for label, sent in _sends_rows(data, event, _shown_modes(data, by_mode)):
            row = [label, *(sent_words(verdict.label, sent[verdict.label]) for verdict in VERDICT_ORDER)]
            lines.append("| " + " | ".join(cell(item) for item in row) + " |")
        lines.append("")
    if explanations:
        lines += ["Where hookward cannot send the verdict itself:", "", *explanations, ""]
    elif table:
        lines += ["Every verdict is sent as itself in every listed mode.", ""]

    lines += render_facts(data)

    lines += ["Permission modes:", ""]
    for mode in ordered_modes(data):
        entry = data["modes"][mode]
        note = f" ({text(entry['note'])})" if entry.get("note") else ""
        lines.append(f"- `{mode}`: {text(entry['description'])}{note}")
    event_notes = [(event, entry["note"]) for event, entry in sorted(data["events"].items()) if entry.get("note")]
    if event_notes:
        lines += ["", "Events:", ""]
        lines += [f"- `{event}`: {text(note)}" for event, note in event_notes]
    lines.append("")

    lines += ["### Limitations", ""]
    said, whole = caveat(data)
    stated = data["limitations"][1:] if whole else data["limitations"]
    if data["limitations"] and whole:
        lines += ["The first limitation is the caveat in the bottom line; the others:", ""]
    lines += [f"- {text(item)}" for item in stated] if stated else ["- None besides the caveat above."]
    lines.append("")
    return lines


# ---------------------------------------------------------------- entry points


def render(hosts_dir: str | None = None) -> str:
    """A fresh page; raises schema.RegistryError when any host file is invalid."""
    return render_page(schema.load_raw_registry(hosts_dir))


def write(path: str | None = None, hosts_dir: str | None = None) -> str:
    """Render and write the page (COMPATIBILITY.md at the repository root unless told otherwise)."""
    page = render(hosts_dir)
    with open(path or PAGE_PATH, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(page)
    return page


def stale_diff(path: str | None = None, hosts_dir: str | None = None) -> list[str]:
    """Empty when the page on disk equals a fresh render; else a unified diff."""
    import difflib

    path = path or PAGE_PATH
    fresh = render(hosts_dir)
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            current = handle.read()
    except FileNotFoundError:
        return [f"{os.path.basename(path)} does not exist"]
    if current == fresh:
        return []
    diff = difflib.unified_diff(
        current.splitlines(), fresh.splitlines(), "COMPATIBILITY.md (on disk)", "fresh render", lineterm=""
    )
    # Lines equal but bytes not (line endings, a trailing newline): still stale.
    return list(diff) or [f"{os.path.basename(path)} differs from a fresh render in line endings or trailing newlines"]
