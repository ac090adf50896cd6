"""Render COMPATIBILITY.md from the registry: the page people publish and read.

Two rules make the page honest:

- What hookward *sends* for each verdict is not written here: it is asked of
  `adapters.render.choose`, the function the hook path calls, with a
  synthetic decision per verdict. The page cannot say one thing while the
  code does another.
- A fact is shown with the grade of its evidence, in words that do not
  overclaim: `unknown` reads "unknown" (never a yes or a tick), and a
  `documented` fact reads "vendor docs say", never "verified".

The output is a pure function of the host files: sorted, no render-time date.
"""

from __future__ import annotations

import os

from hookward.adapters.approval import choose_approval
from hookward.adapters.render import ALLOW, ASK, DEFAULT_TRUSTED_GRADE, DENY, FORCE_ASK, SILENT, choose
from hookward.compat import schema
from hookward.compat.registry import ANY_MODE, Capabilities
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
    """What a hook failure does as `hookward install` leaves the host (its switch on, where it has one)."""
    return data["failures_switched"] if switch_installed(data) else data["failures"]


def _mode_keys(table: dict, data: dict) -> list[str]:
    order = {mode: rank for rank, mode in enumerate(ordered_modes(data))}
    return sorted(table, key=lambda mode: (-1 if mode == ANY_MODE else order.get(mode, len(order)), mode))


def iter_facts(data: dict) -> list[tuple[str, str, dict]]:
    """Every graded fact of a host as (kind, label, fact), in page order.

    The kind tells how to word the value: event, fields, gates, flag, effect, failure, switch, config.
    """
    facts: list[tuple[str, str, dict]] = []
    order = {"pre": 0, "approval": 1, "post": 2}
    events = sorted(data["events"].items(), key=lambda item: (order[item[1]["role"]], item[0]))
    for name, event in events:
        role = ROLE_WORDS[event["role"]]
        facts.append(("flag", f"`{name}` ({role} event) fires", event["fires"]))
        facts.append(("fields", f"`{name}` payload fields", event["payload_fields"]))
    facts.append(("gates", "tool kinds the pre-tool event covers", data["gates"]))
    for mode in ordered_modes(data):
        label = f"mode `{mode}`: an ask can be satisfied without a person seeing the call"
        facts.append(("flag", label, data["modes"][mode]["ask_satisfiable_silently"]))
    for event in pre_events(data) + approval_events(data):
        for verdict in VERDICT_ORDER:
            table = data["verdicts"][event][verdict.label]
            for mode in _mode_keys(table, data):
                where = "every mode" if mode == ANY_MODE else f"mode `{mode}`"
                facts.append(("effect", f"`{event}` answer **{verdict.label}**, {where}", table[mode]))
    for failure in schema.FAILURES:
        facts.append(("failure", f"when {FAILURE_LABELS[failure]}", data["failures"][failure]))
    if data.get("failures_switched"):
        for failure in schema.FAILURES:
            label = f"with the fail-closed switch on, when {FAILURE_LABELS[failure]}"
            facts.append(("failure", label, data["failures_switched"][failure]))
    facts.append(("switch", "a switch that makes hook failures block", data["fail_closed_switch"]))
    if data.get("hook_shell"):
        facts.append(("flag", "hook commands run through a shell", data["hook_shell"]))
    facts.append(("switch", "the hook can rewrite the tool's input", data["input_modification"]))
    config = data["config"]
    config_fact = {key: config.get(key) for key in ("grade", "source", "date", "note")}
    config_fact["value"] = config
    facts.append(("config", "where hooks are registered", config_fact))
    return facts


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
    """What the hook path sends for each verdict on `event` in `mode`: asked of adapters.render.choose."""
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
        "hook path calls (`adapters.render.choose`), with one example decision per verdict, in the",
        f"host's default permission mode, trusting facts graded `{DEFAULT_TRUSTED_GRADE}` or stronger",
        "(the default `trusted_grade`; a stricter policy setting turns more asks into refusals).",
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
        "| host | paradigm | event | tool kinds gated | allow → | ask → | force_ask → | deny → "
        "| hook crash | hook timeout | evidence (probed / read / docs / unknown) | version examined | examined on |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for host in sorted(hosts):
        data = hosts[host]
        mix = evidence_mix(data)
        mix_text = f"{mix['probed']} / {mix['read']} / {mix['documented']} / {mix['unknown']}"
        gates = fact_value("gates", data["gates"])
        if not pre_events(data):
            row = [
                f"[{data['name']}](#host-{host})",
                data["paradigm"],
                "none",
                gates,
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
                gates,
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


def render_host(data: dict) -> list[str]:
    """One host's section: what hookward sends, every fact, the limitations."""
    host = data["host"]
    name = data["name"]
    lines = [
        f'<a id="host-{host}"></a>',
        "",
        f"## {name} (`{host}`)",
        "",
        f"- Paradigm: {data['paradigm']}",
        f"- Version examined: {version(data)}, on {data['examined_on']}"
        + (f" (latest seen: `{data['latest_seen']}`)" if data.get("latest_seen") else ""),
        f"- Default permission mode: `{data['default_mode']}`",
        "",
        "### What hookward sends",
        "",
    ]
    table = sends_by_mode(data)
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
        lines += [
            f"On `{event}`:",
            "",
            "| permission mode | allow | ask | force_ask | deny |",
            "|---|---|---|---|---|",
        ]
        for mode, sent in by_mode.items():
            if mode in data["modes"]:
                label = f"`{mode}`" + (" (default)" if mode == data["default_mode"] else "")
            else:
                label = "a mode not listed here"
            row = [label, *(sent_words(verdict.label, sent[verdict.label]) for verdict in VERDICT_ORDER)]
            lines.append("| " + " | ".join(cell(item) for item in row) + " |")
            for verdict in VERDICT_ORDER:
                answer = sent[verdict.label]
                where = f"in mode `{mode}`" if mode in data["modes"] else "in a mode not listed here"
                if answer["downgraded"]:
                    explanations.append(
                        f"- `{event}` {where}, **{verdict.label}** is sent as "
                        f"{SENT_WORDS[answer['kind']]}: {answer['downgraded']}."
                    )
                elif (
                    answer["kind"] == SILENT
                    and data["events"][event]["role"] == "approval"
                    and verdict.label != "allow"
                ):
                    explanations.append(
                        f"- `{event}` {where}, **{verdict.label}** is sent as no answer: {name}'s own approval "
                        "prompt is the ask, and the person answers it."
                    )
                elif answer["kind"] == SILENT:
                    explanations.append(
                        f"- `{event}` {where}, **{verdict.label}** is sent as no answer: an explicit allow is not "
                        f"established as enforced here, so {name}'s own permission rules decide."
                    )
        lines.append("")
    if explanations:
        lines += ["Where hookward cannot send the verdict itself:", "", *explanations, ""]
    elif table:
        lines += ["Every verdict is sent as itself in every listed mode.", ""]

    lines += [
        "### Facts",
        "",
        "| fact | value | evidence | source | note |",
        "|---|---|---|---|---|",
    ]
    for kind, label, fact in iter_facts(data):
        row = [label, fact_value(kind, fact), evidence(fact), source_link(fact), text(fact.get("note") or "")]
        lines.append("| " + " | ".join(cell(item) for item in row) + " |")
    lines.append("")

    notes = [(mode, data["modes"][mode]) for mode in ordered_modes(data)]
    lines += ["Permission modes:", ""]
    for mode, entry in notes:
        note = f" ({text(entry['note'])})" if entry.get("note") else ""
        lines.append(f"- `{mode}`: {text(entry['description'])}{note}")
    event_notes = [(event, entry["note"]) for event, entry in sorted(data["events"].items()) if entry.get("note")]
    if event_notes:
        lines += ["", "Events:", ""]
        lines += [f"- `{event}`: {text(note)}" for event, note in event_notes]
    lines.append("")

    lines += ["### Limitations", ""]
    stated = data["limitations"]
    lines += [f"- {text(item)}" for item in stated] if stated else ["- None recorded in the host file."]
    derived = derived_limitations(data)
    if derived:
        lines += ["", "From the facts above:", "", *(f"- {item}" for item in derived)]
    lines.append("")
    return lines


def derived_limitations(data: dict) -> list[str]:
    """What hookward cannot close on this host, read off the failure facts."""
    name = data["name"]
    found = []
    failures = installed_failures(data)
    if failures is not data["failures"]:
        switch = data["fail_closed_switch"]
        since = f" (from {switch['since']} on)" if switch.get("since") else ""
        found.append(
            f"As installed: `hookward install` writes {text(str(switch['value']))}{since}, so these are the "
            "failures with the switch on; on an older release, or where install could not read the release, "
            "they are the bare facts above."
        )
    for failure in schema.FAILURES:
        fact = failures[failure]
        what = FAILURE_LABELS[failure]
        if is_unknown(fact):
            found.append(f"What {name} does when {what} is unknown.")
        elif fact["value"] == "runs":
            found.append(f"When {what}, {name} does not block the tool ({evidence_inline(fact)}).")
    switch = data["fail_closed_switch"]
    if is_unknown(switch):
        found.append(f"Whether {name} has a switch that makes hook failures block is unknown.")
    elif switch["value"] is False:
        found.append(f"{name} has no switch that makes hook failures block ({evidence_inline(switch)}).")
    return found


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
