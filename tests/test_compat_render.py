"""COMPATIBILITY.md: generated, current, and never stronger than its evidence."""

from __future__ import annotations

import copy
import json
import os
import re

import pytest
from hookward.adapters.render import ASK, DENY, SILENT, choose
from hookward.compat import document, registry, schema
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


def test_unknown_facts_render_as_unknown_never_as_supported(hosts, page):
    checked = 0
    for host, data in hosts.items():
        section = host_section(page, host)
        for _, label, fact in document.iter_facts(data):
            if fact["grade"] != "unknown":
                continue
            _, value, evidence, source, _ = table_row(section, document.cell(label))
            assert (value, evidence, source) == ("unknown", "unknown", ""), f"{host}: {label}"
            checked += 1
    assert checked > 0, "the template has unknown facts; the search must find them"


def test_unknown_failure_behavior_reads_unknown_in_the_summary(hosts, page):
    for host, data in hosts.items():
        for row in summary_rows(page, host):
            crash, timeout = row[8], row[9]
            for cell, fact in ((crash, data["failures"]["crash"]), (timeout, data["failures"]["timeout"])):
                if fact["grade"] == "unknown":
                    assert cell == "unknown", f"{host}: {cell}"
                else:
                    assert "unknown" not in cell and cell.endswith(f"({document.GRADE_SHORT[fact['grade']]})")


def test_a_yes_on_the_page_always_rests_on_evidence(hosts, page):
    for host, data in hosts.items():
        section = host_section(page, host)
        for _, label, fact in document.iter_facts(data):
            value, evidence = table_row(section, document.cell(label))[1:3]
            if value in ("yes", "prompts a person", "enforced"):
                assert fact["grade"] != "unknown" and evidence != "unknown", f"{host}: {label}"


def test_no_word_on_the_page_claims_more_than_vendor_docs(page):
    lowered = page.lower()
    for overclaim in ("verified", "guaranteed", "proven"):
        assert not re.search(rf"\b{overclaim}\b", lowered), overclaim
    for tick in ("✓", "✔", "✅", ":white_check_mark:", ":heavy_check_mark:"):
        assert tick not in page, tick


def test_documented_facts_read_as_what_vendor_docs_say(hosts, page):
    for host, data in hosts.items():
        section = host_section(page, host)
        for _, label, fact in document.iter_facts(data):
            evidence = table_row(section, document.cell(label))[2]
            expected = {"unknown": "unknown", "documented": "vendor docs say", "read": "read in the shipped host"}
            expected["probed"] = "observed in a probe"
            assert evidence.startswith(expected[fact["grade"]]), f"{host}: {label}: {evidence}"


def test_ask_is_never_shown_as_sent_where_the_registry_does_not_show_a_trusted_prompt(hosts, page):
    for host, data in hosts.items():
        for event in document.pre_events(data):
            section = sends_table(host_section(page, host), event)
            caps = registry.Capabilities(data)
            for mode in data["modes"]:
                fact = caps.effect(event, "ask", mode)
                trusted = fact["value"] == "prompts" and registry.grade_at_least(fact, document.DEFAULT_TRUSTED_GRADE)
                label = f"`{mode}`" + (" (default)" if mode == data["default_mode"] else "")
                ask_cell = table_row(section, label)[2]
                assert ask_cell == ("ask" if trusted else "deny (instead of ask)"), f"{host} {event} {mode}"
            unlisted = table_row(section, "a mode not listed here")
            assert unlisted[1:] == [
                "no answer (host decides)",
                "deny (instead of ask)",
                "deny (instead of force_ask)",
                "deny",
            ]


def test_summary_sends_what_choose_sends_in_the_default_mode(hosts, page):
    for host, data in hosts.items():
        if not document.pre_events(data):
            (row,) = summary_rows(page, host)
            assert row[2] == "none" and row[4:8] == [document.NO_HOOK] * 4
            continue
        for row, event in zip(summary_rows(page, host), document.pre_events(data), strict=True):
            for column, verdict in zip(row[4:8], document.VERDICT_ORDER, strict=True):
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
    schema.validate_host(data, "claude-code")
    section = "\n".join(document.render_host(data))
    assert "hookward sends nothing for its native tools: they are not gated" in section
    assert "| permission mode |" not in section  # no table of answers it would send


def test_claude_code_summary_sends_ask_as_ask_and_force_ask_as_ask(page):
    # Interactive probes showed the prompt comes back after a remembered approval
    # (ask_satisfiable_silently: false, probed), so force_ask can travel as ask.
    row = summary_rows(page, "claude-code")[0]
    assert row[4:8] == ["allow", "ask", "ask", "deny"]


def test_codex_summary_refuses_ask_and_force_ask(page):
    row = summary_rows(page, "codex")[0]
    assert row[5:7] == ["deny (instead of ask)", "deny (instead of force_ask)"]


def test_every_refusal_instead_of_a_prompt_is_explained(hosts, page):
    for host, data in hosts.items():
        section = host_section(page, host)
        for _event, by_mode in document.sends_by_mode(data).items():
            for mode, sent in by_mode.items():
                for verdict, answer in sent.items():
                    if answer["downgraded"]:
                        assert answer["kind"] == DENY
                        assert document.cell(answer["downgraded"]) in section, f"{host} {mode} {verdict}"


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


def test_failures_that_let_the_tool_run_are_stated_as_limitations(hosts, page):
    data = copy.deepcopy(hosts["claude-code"])
    data.pop("failures_switched", None)  # the bare host: no switch written, so the bare facts are what happens
    data["failures"]["timeout"] = {
        "value": "runs",
        "grade": "documented",
        "source": "https://x.example/h",
        "date": "2026-11-29",
    }
    section = "\n".join(document.render_host(data))
    limits = section[section.index("### Limitations") :]
    assert "When the hook times out, Claude Code does not block the tool (vendor docs say, 2026-11-29)." in limits
    data["failures"]["timeout"] = {"value": "unknown", "grade": "unknown"}
    section = "\n".join(document.render_host(data))
    assert "What Claude Code does when the hook times out is unknown." in section


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
