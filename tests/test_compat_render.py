"""COMPATIBILITY.md: generated, current, and never stronger than its evidence."""

from __future__ import annotations

import copy
import json
import os
import re

import pytest
from hookward.compat import document, registry, schema
from hookward.compat.answer import ASK, DENY, SILENT, choose
from hookward.verdicts.decision import Decision, Verdict
from typer.testing import CliRunner

from hookward.app import app

PAGE = os.path.join(schema.REPO_ROOT, "COMPATIBILITY.md")


@pytest.fixture(scope="module")
def hosts() -> dict[str, dict]:
    return schema.load_raw_registry()


@pytest.fixture(scope="module")
def page(hosts) -> str:
    return document.render_page(hosts)


def host_section(page: str, host: str) -> str:
    start = page.index(f'<a id="host-{host}"></a>')
    following = page.find('<a id="host-', start + 1)
    return page[start : following if following != -1 else len(page)]


def table_row(section: str, first_cell: str) -> list[str]:
    """The cells of the table row whose first cell is `first_cell` (pipes inside cells are escaped)."""
    for line in section.splitlines():
        if line.startswith("| " + first_cell + " |"):
            return [piece.strip() for piece in re.split(r"(?<!\\)\|", line)[1:-1]]
    raise AssertionError(f"no row {first_cell!r}")


def sends_table(section: str, event: str) -> str:
    """The "what hookward sends" table for one pre-tool event."""
    start = section.index(f"On `{event}`:")
    return section[start : section.index("\n\n", section.index("|", start))]


def summary_rows(page: str, host: str) -> list[list[str]]:
    summary = page[page.index("## Summary") : page.index('<a id="host-')]
    return [
        [piece.strip() for piece in re.split(r"(?<!\\)\|", line)[1:-1]]
        for line in summary.splitlines()
        if line.startswith("| [") and f"(#host-{host})" in line
    ]


def test_checked_in_compatibility_page_equals_a_fresh_render():
    with open(PAGE, encoding="utf-8", newline="") as handle:
        on_disk = handle.read()
    assert on_disk == document.render(), "COMPATIBILITY.md is stale: run `hookward compat render` and commit it"


def test_every_host_has_a_section_and_a_summary_row(hosts, page):
    for host, data in hosts.items():
        assert f"## {data['name']} (`{host}`)" in page
        assert len(summary_rows(page, host)) == max(1, len(document.pre_events(data)))


GRADE_HEADINGS = {
    "probed": "Observed in a probe:",
    "read": "Read in the shipped host:",
    "documented": "Vendor docs say:",
}
UNKNOWN_HEADING = "Unknown (nobody has established these; hookward never relies on them):"
ALL_HEADINGS = (*GRADE_HEADINGS.values(), "Unknown:")


def fact_line(section: str, row: document.FactRow) -> tuple[str, str]:
    """(the heading a fact row sits under, its line): a graded row is a table line, an unknown one a bullet."""
    lines = section.splitlines()
    wanted = (
        "- " + row.label
        if row.grade == "unknown"
        else "| " + " | ".join(document.cell(item) for item in row.cells[:2]) + " |"
    )
    for number, line in enumerate(lines):
        if line.startswith(wanted):
            # A heading may say a column all its rows share: "Vendor docs say (date read 2026-11-29, document S1):".
            headings = [h for h in lines[:number] if h.split(" (")[0].rstrip(":") + ":" in ALL_HEADINGS]
            heading = headings[-1]
            return (heading if heading == UNKNOWN_HEADING else heading.split(" (")[0].rstrip(":") + ":"), line
    raise AssertionError(f"no line for {row.label!r}")


def test_unknown_facts_render_as_unknown_never_as_supported(hosts, page):
    checked = 0
    for host, data in hosts.items():
        section = host_section(page, host)
        for row in document.fact_rows(data):
            if row.grade != "unknown":
                assert all(fact["grade"] != "unknown" for fact in row.facts), f"{host}: {row.label}"
                continue
            heading, line = fact_line(section, row)
            assert heading == UNKNOWN_HEADING and "S" not in line.split(":")[0][-3:], f"{host}: {row.label}"
            assert row.source == "" and all(document.is_unknown(fact) for fact in row.facts)
            checked += len(row.facts)
    assert checked > 0, "the registry has unknown facts; the search must find them"


def test_every_fact_of_every_host_is_on_the_page_in_exactly_one_row(hosts):
    for host, data in hosts.items():
        in_rows = [json.dumps(fact, sort_keys=True) for row in document.fact_rows(data) for fact in row.facts]
        facts = [json.dumps(fact, sort_keys=True) for _, _, fact in document.iter_facts(data)]
        assert sorted(in_rows) == sorted(facts), host


def test_facts_share_a_row_only_when_value_grade_date_and_note_agree(hosts):
    merged = 0
    for host, data in hosts.items():
        for row in document.fact_rows(data):
            first = row.facts[0]
            for fact in row.facts[1:]:
                merged += 1
                assert fact.get("grade") == first.get("grade") and fact.get("date") == first.get("date"), host
                assert document.clean_note(fact.get("note")) == document.clean_note(first.get("note")), host
                assert document.fact_value(row.kind, fact) == document.fact_value(row.kind, first), host
    assert merged > 0, "identical per-mode facts must collapse into one row"


def test_a_row_backed_by_several_probes_names_each_record(hosts):
    for host, data in hosts.items():
        for row in document.fact_rows(data):
            for fact in row.facts:
                if fact.get("grade") == "probed":
                    name = os.path.basename(fact["source"]).removesuffix(".json")
                    assert f"`{name}`" in row.source, f"{host}: {row.label}"
                    assert os.path.isfile(os.path.join(schema.REPO_ROOT, fact["source"]))


def test_a_note_said_once_for_a_record_folder_opens_the_note_of_every_row_citing_it(hosts, page):
    hoisted = 0
    for host, data in hosts.items():
        rows = document.fact_rows(data)
        for folder, note in document.shared_notes(rows).items():
            citing = [row for row in rows if folder in row.artifacts]
            assert len(citing) >= 2 and all(row.note.startswith(note) for row in citing), host
            assert document.text(note) in host_section(page, host)
            hoisted += 1
    assert hoisted > 0


def test_a_yes_on_the_page_always_rests_on_evidence(hosts, page):
    for host, data in hosts.items():
        section = host_section(page, host)
        for row in document.fact_rows(data):
            if row.value in ("yes", "prompts a person", "enforced"):
                heading, _ = fact_line(section, row)
                assert heading in GRADE_HEADINGS.values(), f"{host}: {row.label}"
                assert all(fact["grade"] != "unknown" for fact in row.facts)


def test_no_word_on_the_page_claims_more_than_vendor_docs(page):
    lowered = page.lower()
    for overclaim in ("verified", "guaranteed", "proven"):
        assert not re.search(rf"\b{overclaim}\b", lowered), overclaim
    for tick in ("✓", "✔", "✅", ":white_check_mark:", ":heavy_check_mark:"):
        assert tick not in page, tick


def test_every_fact_sits_under_the_heading_of_its_grade(hosts, page):
    for host, data in hosts.items():
        section = host_section(page, host)
        for row in document.fact_rows(data):
            heading, _ = fact_line(section, row)
            for fact in row.facts:
                expected = UNKNOWN_HEADING if document.is_unknown(fact) else GRADE_HEADINGS[fact["grade"]]
                assert heading == expected, f"{host}: {row.label}"


def test_unknown_failure_behavior_reads_unknown_in_the_summary(hosts, page):
    for host, data in hosts.items():
        for row in summary_rows(page, host):
            crash, timeout = row[7], row[8]
            failures = document.installed_failures(data)  # the summary says what a failure does as installed
            for cell, fact in ((crash, failures["crash"]), (timeout, failures["timeout"])):
                if fact["grade"] == "unknown":
                    assert cell == "unknown", f"{host}: {cell}"
                else:
                    assert "unknown" not in cell and cell.endswith(f"({document.GRADE_SHORT[fact['grade']]})")


def test_ask_is_never_shown_as_sent_where_the_registry_does_not_show_a_trusted_prompt(hosts, page):
    for host, data in hosts.items():
        for event in document.pre_events(data):
            caps = registry.Capabilities(data)
            for mode in data["modes"]:
                fact = caps.effect(event, "ask", mode)
                trusted = fact["value"] == "prompts" and registry.grade_at_least(fact, document.DEFAULT_TRUSTED_GRADE)
                if len(data["modes"]) == 1:  # no table: the bottom line says it
                    said = bottom_line(host_section(page, host))
                    line = next(x for x in said.splitlines() if x.startswith(f"- **What you get on `{event}`**"))
                    assert ("; ask: a person is prompted (" in line) == trusted, f"{host} {event}"
                    refused = "; ask: refused (sent as deny)" in line or "; ask and force_ask: refused" in line
                    assert refused != trusted, f"{host} {event}"
                    continue
                section = sends_table(host_section(page, host), event)
                label = f"`{mode}`" + (" (default)" if mode == data["default_mode"] else "")
                ask_cell = mode_row(section, label)[2]
                assert ask_cell == ("ask" if trusted else "deny (instead of ask)"), f"{host} {event} {mode}"


def mode_row(sends: str, label: str) -> list[str]:
    """The cells of the sends-table row that lists `label` among its modes (modes with equal answers share a row)."""
    for line in sends.splitlines():
        cells = [piece.strip() for piece in re.split(r"(?<!\\)\|", line)[1:-1]]
        if cells and label in [part.strip() for part in cells[0].split(", ")]:
            return cells
    raise AssertionError(f"no row lists {label!r}")


def test_every_listed_mode_is_in_exactly_one_row_of_each_sends_table(hosts, page):
    for host, data in hosts.items():
        if len(data["modes"]) == 1:
            assert "| permission modes |" not in host_section(page, host), host  # the bottom line says it all
            continue
        for event in document.pre_events(data) + document.approval_events(data):
            section = sends_table(host_section(page, host), event)
            shown = [
                label.strip()
                for line in section.splitlines()[2:]
                for label in re.split(r"(?<!\\)\|", line)[1].split(", ")
                if line.startswith("| `")
            ]
            listed = [f"`{m}`" + (" (default)" if m == data["default_mode"] else "") for m in data["modes"]]
            assert sorted(shown) == sorted(listed), f"{host} {event}"


def test_a_mode_the_registry_never_saw_gets_what_the_page_header_says_on_every_host(hosts, page):
    header = page[: page.index("## Legend")]
    assert "**A permission mode the registry has never seen** gets the same answers on every host" in header
    for host, data in hosts.items():
        for event, by_mode in document.sends_by_mode(data).items():
            unlisted = by_mode[document.unlisted_mode(data)]
            words = [document.sent_words(v.label, unlisted[v.label]) for v in document.VERDICT_ORDER]
            assert tuple(words) == document.UNLISTED_SENDS, f"{host} {event}"
            assert "a mode not listed here" not in host_section(page, host)


def test_a_host_whose_unlisted_mode_differs_gets_its_own_row(hosts, monkeypatch):
    monkeypatch.setattr(document, "UNLISTED_SENDS", ("allow", "ask", "ask", "deny"))
    section = "\n".join(document.render_host(hosts["claude-code"]))
    assert "| a mode not listed here | no answer (host decides) | deny (instead of ask) |" in section


def test_summary_sends_what_choose_sends_in_the_default_mode(hosts, page):
    for host, data in hosts.items():
        if not document.pre_events(data):
            (row,) = summary_rows(page, host)
            assert row[2] == "none" and row[3:7] == [document.NO_HOOK] * 4
            continue
        for row, event in zip(summary_rows(page, host), document.pre_events(data), strict=True):
            for column, verdict in zip(row[3:7], document.VERDICT_ORDER, strict=True):
                answer = choose(
                    Decision(verdict, ["x"], ["r"], understood=True),
                    registry.Capabilities(data),
                    event,
                    data["default_mode"],
                )
                assert column.split(" ")[0] == {SILENT: "no"}.get(answer.kind, answer.kind), f"{host} {verdict}"


def test_host_without_a_hook_says_its_native_tools_are_not_gated(hosts):
    data = copy.deepcopy(hosts["claude-code"])
    data.update(paradigm="mcp-only", events={}, verdicts={})
    data.pop("sample_payload")  # a hook host's self-test payload and hook install spelling
    data["install"] = {"kind": "mcp", "servers_at": ["mcpServers"], "server": {"command": "__HOOKWARD_EXECUTABLE__"}}
    schema.validate_host(data, "claude-code")
    section = "\n".join(document.render_host(data))
    assert "hookward sends nothing for its native tools: they are not gated" in section
    assert "| permission mode |" not in section  # no table of answers it would send


def test_claude_code_summary_sends_ask_as_ask_and_force_ask_as_ask(page):
    # Interactive probes showed the prompt comes back after a remembered approval
    # (ask_satisfiable_silently: false, probed), so force_ask can travel as ask.
    row = summary_rows(page, "claude-code")[0]
    assert row[3:7] == ["allow", "ask", "ask", "deny"]


def test_codex_summary_refuses_ask_and_force_ask(page):
    row = summary_rows(page, "codex")[0]
    assert row[4:6] == ["deny (instead of ask)", "deny (instead of force_ask)"]


def test_every_refusal_instead_of_a_prompt_is_explained(hosts, page):
    for host, data in hosts.items():
        section = host_section(page, host)
        for _event, by_mode in document.sends_by_mode(data).items():
            for mode, sent in by_mode.items():
                for verdict, answer in sent.items():
                    if answer["downgraded"] and (mode in data["modes"] or not document.unlisted_as_stated(data, sent)):
                        assert answer["kind"] == DENY
                        said = document.cell(answer["downgraded"])
                        # The same reason in several modes is said once, for "each of these modes".
                        shared = said.replace(f"mode {mode!r}", "each of these modes")
                        assert said in section or shared in section, f"{host} {mode} {verdict}"


def test_render_does_not_depend_on_key_order_in_host_files(hosts):
    def reversed_keys(node):
        if isinstance(node, dict):
            return {key: reversed_keys(node[key]) for key in reversed(list(node))}
        return node

    shuffled = {host: reversed_keys(copy.deepcopy(data)) for host, data in reversed(list(hosts.items()))}
    assert document.render_page(shuffled) == document.render_page(hosts)


def test_every_date_on_the_page_comes_from_the_registry_not_the_clock(hosts, page):
    known = set()
    for data in hosts.values():
        known |= set(re.findall(r"\d{4}-\d{2}-\d{2}", json.dumps(data)))
    assert set(re.findall(r"\d{4}-\d{2}-\d{2}", page)) <= known


def bottom_line(section: str) -> str:
    start = section.index(document.BOTTOM_LINE)
    return section[start : section.index("\n\n###", start)]


def test_every_host_section_starts_with_its_bottom_line(hosts, page):
    for host, data in hosts.items():
        section = host_section(page, host)
        after_heading = section.split(f"## {data['name']} (`{host}`)\n", 1)[1]
        assert after_heading.lstrip("\n").startswith(document.BOTTOM_LINE + "\n"), host
        said = bottom_line(section)
        order = ["**What you get", "- **Caveat:**", "- **Interactive vs headless:**", "- **If hookward crashes"]
        positions = [said.index(part) for part in [*order, "- **Version:**"]]
        assert positions == sorted(positions), host
        assert (
            section.index(document.BOTTOM_LINE) < section.index("### What hookward sends") < section.index("### Facts")
        )


# Chosen well under the 197 KB the page had before it was made readable (issue 14; 210,699 bytes at the
# start of that work, about 144 KB after it), with room for the hosts still to be probed. A page that
# outgrows it should collapse what it repeats, not raise the limit.
PAGE_SIZE_LIMIT = 160_000


def test_page_stays_under_its_size_limit(page):
    assert len(page.encode("utf-8")) < PAGE_SIZE_LIMIT


def test_bottom_line_states_each_verdict_with_the_grade_of_its_fact(hosts, page):
    for host, data in hosts.items():
        said = bottom_line(host_section(page, host))
        caps = registry.Capabilities(data)
        for event in document.pre_events(data):
            line = next(line for line in said.splitlines() if line.startswith(f"- **What you get on `{event}`**"))
            deny = caps.effect(event, "deny", data["default_mode"])
            if document.is_unknown(deny):
                assert "deny: sent as deny, what" in line and "does then is unknown" in line, host
            else:
                assert f"deny: blocks the tool ({document.GRADE_WORDS[deny['grade']]})" in line, host


def test_bottom_line_says_what_a_hookward_failure_does_as_installed_with_its_grade(hosts, page):
    for host, data in hosts.items():
        said = bottom_line(host_section(page, host))
        line = next(line for line in said.splitlines() if line.startswith("- **If hookward crashes"))
        for failure in document.BROKEN_HOOK:
            fact = document.installed_failures(data)[failure]
            expected = "unknown" if document.is_unknown(fact) else f"({document.GRADE_WORDS[fact['grade']]})"
            assert expected in line, f"{host} {failure}"


def test_a_switch_install_writes_without_failure_facts_leaves_the_bare_facts_and_says_so(page):
    said = bottom_line(host_section(page, "cursor"))
    assert "(as installed): a crash, a timeout and malformed output do not block the tool (vendor docs say)" in said
    assert "`hookward install` writes failClosed: true on each hook entry; no failure is established with it on" in said


def test_claude_code_bottom_line_counts_the_onfailure_switch_install_writes(page):
    said = bottom_line(host_section(page, "claude-code"))
    assert 'with onFailure: "block", which `hookward install` writes on 2.1.295 and later' in said
    assert "a crash and a timeout block the tool (observed in a probe)" in said
    assert "empty output and malformed output do not block the tool (observed in a probe)" in said


def test_codex_bottom_line_says_why_an_ask_is_refused(page):
    said = bottom_line(host_section(page, "codex"))
    assert (
        "ask and force_ask: refused (sent as deny), since the host runs the tool anyway on an ask "
        "(read in the shipped host)" in said
    )


def test_bare_failures_that_let_the_tool_run_are_in_the_bottom_line_with_their_grade(hosts):
    data = copy.deepcopy(hosts["claude-code"])
    data.pop("failures_switched", None)  # the bare host: no switch written, so the bare facts are what happens
    data["failures"]["timeout"] = {
        "value": "runs",
        "grade": "documented",
        "source": "https://x.example/h",
        "date": "2026-11-29",
    }
    said = bottom_line("\n".join(document.render_host(data)))
    assert "- **If hookward crashes or times out** (as installed): " in said
    assert "no failure is established with it on, so these are the bare host's." in said
    assert "a timeout does not block the tool (vendor docs say)" in said
    data["failures"]["timeout"] = {"value": "unknown", "grade": "unknown"}
    said = bottom_line("\n".join(document.render_host(data)))
    assert "what a timeout does is unknown" in said


def test_bottom_line_says_when_the_latest_release_seen_is_newer_than_the_one_examined(hosts):
    data = copy.deepcopy(hosts["claude-code"])
    data["latest_seen"] = "2.1.400"
    said = bottom_line("\n".join(document.render_host(data)))
    assert "- **Version:** examined `2.1.332` on 2026-12-01; latest seen `2.1.400` (a later release" in said
    data.pop("latest_seen")
    assert "latest seen: not recorded." in bottom_line("\n".join(document.render_host(data)))


def test_the_caveat_is_the_first_limitation_and_is_not_repeated_below(hosts, page):
    for host, data in hosts.items():
        section = host_section(page, host)
        if data["limitations"]:
            first = document.text(data["limitations"][0])
            said, whole = document.caveat(data)
            assert f"- **Caveat:** {document.text(said)}" in bottom_line(section), host
            assert first.startswith(document.text(said)), host
            # Said once: whole in the bottom line, or its first sentence there and the whole under Limitations.
            assert section.count(first) == 1, host
            assert whole or f"- {first}" in section[section.index("### Limitations") :], host


def test_a_long_caveat_is_cut_at_its_first_sentence_outside_parentheses():
    assert document.first_sentence("A (see a.json. b.json). Then more.") == "A (see a.json. b.json)."
    assert document.first_sentence("No full stop here") == "No full stop here"
    assert document.first_sentence("Version 2.1.295 adds it. More.") == "Version 2.1.295 adds it."


def test_host_file_text_cannot_inject_markup_or_break_tables(hosts):
    data = copy.deepcopy(hosts["claude-code"])
    data["limitations"] = ["<script>alert(1)</script>"]
    data["gates"]["note"] = "a | b <img src=x>"
    section = "\n".join(document.render_host(data))
    assert "<script>" not in section and "<img" not in section
    assert "a \\| b &lt;img src=x&gt;" in section


# ---------------------------------------------------------------- the CLI


runner = CliRunner()


def test_compat_check_passes_on_the_checked_in_page():
    result = runner.invoke(app, ["compat", "check"])
    assert result.exit_code == 0, result.output


def test_compat_check_fails_on_a_stale_page(tmp_path, monkeypatch):
    stale = tmp_path / "COMPATIBILITY.md"
    stale.write_text(document.render().replace("vendor docs say", "verified", 1), encoding="utf-8")
    monkeypatch.setattr(document, "PAGE_PATH", str(stale))
    result = runner.invoke(app, ["compat", "check"])
    assert result.exit_code != 0
    assert "is stale" in result.stderr and "hookward compat render" in result.stderr


def test_compat_check_fails_on_a_page_differing_only_in_line_endings(tmp_path, monkeypatch):
    stale = tmp_path / "COMPATIBILITY.md"
    stale.write_bytes(document.render().replace("\n", "\r\n").encode())
    monkeypatch.setattr(document, "PAGE_PATH", str(stale))
    assert runner.invoke(app, ["compat", "check"]).exit_code != 0


def test_compat_check_fails_on_a_missing_page(tmp_path, monkeypatch):
    monkeypatch.setattr(document, "PAGE_PATH", str(tmp_path / "COMPATIBILITY.md"))
    assert runner.invoke(app, ["compat", "check"]).exit_code != 0


def invalid_registry(tmp_path, monkeypatch) -> None:
    data = registry.load_host("claude-code")
    broken = copy.deepcopy(data)
    broken["failures"]["crash"] = {"value": "blocks", "grade": "documented"}
    (tmp_path / "claude-code.json").write_text(json.dumps(broken), encoding="utf-8")
    monkeypatch.setattr(registry, "HOSTS_DIR", str(tmp_path))


def test_compat_check_fails_on_an_invalid_registry_naming_the_field(tmp_path, monkeypatch):
    invalid_registry(tmp_path, monkeypatch)
    result = runner.invoke(app, ["compat", "check"])
    assert result.exit_code != 0
    assert "registry is invalid" in result.stderr and "failures.crash" in result.stderr


def test_compat_render_refuses_to_write_from_an_invalid_registry(tmp_path, monkeypatch):
    page = tmp_path / "page.md"
    monkeypatch.setattr(document, "PAGE_PATH", str(page))
    invalid_registry(tmp_path, monkeypatch)
    result = runner.invoke(app, ["compat", "render"])
    assert result.exit_code != 0 and not page.exists()


def test_compat_render_writes_the_fresh_page(tmp_path, monkeypatch):
    page = tmp_path / "COMPATIBILITY.md"
    monkeypatch.setattr(document, "PAGE_PATH", str(page))
    result = runner.invoke(app, ["compat", "render"])
    assert result.exit_code == 0, result.output
    assert page.read_text(encoding="utf-8") == document.render()


def test_compat_show_json_reports_what_hookward_sends_per_mode():
    result = runner.invoke(app, ["compat", "show", "claude-code", "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["host"] == registry.load_host("claude-code")
    sends = shown["hookward_sends"]["PreToolUse"]
    assert sends["default"]["ask"] == {"kind": ASK, "downgraded": ""}
    assert sends["plan"]["ask"]["kind"] == DENY and "plan" in sends["plan"]["ask"]["downgraded"]
    assert sum(shown["evidence"].values()) == len(document.iter_facts(shown["host"]))


def test_compat_show_prints_the_host_section():
    result = runner.invoke(app, ["compat", "show", "claude-code"])
    assert result.exit_code == 0
    assert "## Claude Code (`claude-code`)" in result.stdout and "### Limitations" in result.stdout


def test_compat_show_of_an_unknown_host_fails():
    result = runner.invoke(app, ["compat", "show", "no-such-agent"])
    assert result.exit_code == 2 and "no host 'no-such-agent'" in result.stderr
    assert result.stdout == ""


def test_verdict_values_in_show_match_the_decision_order():
    assert [verdict.label for verdict in document.VERDICT_ORDER] == [v.label for v in sorted(Verdict)]


def test_a_crash_behind_the_installed_exit_2_blocks_only_where_the_host_runs_the_hook_through_a_shell():
    # `hookward install` ends the pre-tool command with `|| exit 2` on an exit-2 host: through a shell a crash
    # exits 2 and blocks; without a shell (or unknown) the bare host's answer stands. The grade is the weaker one.
    fact = {"value": "runs", "grade": "probed", "source": "r", "date": "2026-12-01"}
    base = {
        "fail_closed_switch": {"value": False, "grade": "read", "source": "s", "date": "2026-12-01"},
        "failures": {"crash": dict(fact), "timeout": dict(fact), "exit_2": {**fact, "value": "blocks"}},
        "version_examined": "1.0.0",
    }
    assert document.installed_failures(base)["crash"]["value"] == "runs"
    shell = {"value": True, "grade": "read", "source": "s", "date": "2026-12-01"}
    installed = document.installed_failures({**base, "hook_shell": shell})
    assert (installed["crash"]["value"], installed["crash"]["grade"]) == ("blocks", "read")
    assert installed["timeout"]["value"] == "runs"  # the host kills a hung hook: no exit status to turn into 2
    unknown_shell = {**shell, "grade": "unknown"}
    assert document.installed_failures({**base, "hook_shell": unknown_shell})["crash"]["value"] == "runs"
