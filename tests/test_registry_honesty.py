"""The registry may not claim more than its evidence.

Two halves: the host files in the repository obey the citation rules (checked
by a walker written independently of compat.schema, so a bug in the schema
cannot hide a dishonest fact), and the schema refuses every kind of dishonest
or malformed fact (so `hookward compat check` catches them before they ship).
"""

from __future__ import annotations

import copy
import json
import os
import re

import pytest
from hookward.compat import registry, schema

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = "compat/probes/records/"
DOCS = "https://docs.example.com/hooks"


def raw_hosts() -> dict[str, dict]:
    hosts = {}
    for host in registry.host_ids():
        with open(os.path.join(registry.HOSTS_DIR, host + ".json"), encoding="utf-8") as handle:
            hosts[host] = json.load(handle)
    return hosts


def graded_things(node: object, path: str = "") -> list[tuple[str, dict]]:
    """Every object in a host file that carries a grade: facts, and the config block."""
    found = []
    if isinstance(node, dict):
        if "grade" in node:
            found.append((path, node))
        for key, child in node.items():
            found += graded_things(child, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found += graded_things(child, f"{path}[{index}]")
    return found


def template() -> dict:
    """claude-code.json with its probed facts as documented ones, so tests can run against a tmp repo root."""
    with open(os.path.join(registry.HOSTS_DIR, "claude-code.json"), encoding="utf-8") as handle:
        data = json.load(handle)

    def unprobe(node: object) -> None:
        if isinstance(node, dict):
            for key, child in list(node.items()):
                if isinstance(child, dict) and child.get("grade") == "probed":
                    node[key] = {"value": child["value"], "grade": "documented", "source": DOCS, "date": "2026-11-29"}
                else:
                    unprobe(child)

    unprobe(data)
    return data


def refusal(data: dict, host: str = "claude-code", repo_root: str = REPO_ROOT) -> str:
    with pytest.raises(schema.RegistryError) as caught:
        schema.validate_host(data, host, repo_root=repo_root)
    return str(caught.value)


def write_record(root, name: str, **fields) -> str:
    record = {
        "host": "claude-code",
        "version": "2.1.197",
        "scenario": "shell tool, -p",
        "answer": "ask",
        "observed": {"tool_ran": False, "effect": "refuses"},
        "model_told": "the hook refused",
        "date": "2026-11-29",
    }
    record.update(fields)
    path = root / "compat" / "probes" / "records" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record), encoding="utf-8")
    return RECORDS + name


# ---------------------------------------------------------------- the files in the repository


def test_every_host_file_loads_and_validates():
    loaded = schema.load_registry()
    assert sorted(loaded) == registry.host_ids()
    assert "claude-code" in loaded


def test_every_fact_above_unknown_cites_its_evidence():
    checked = 0
    for host, data in raw_hosts().items():
        for path, fact in graded_things(data):
            where = f"{host}: {path}"
            grade = fact["grade"]
            assert grade in registry.GRADES, where
            checked += 1
            if grade == "unknown":
                assert not fact.get("source"), f"{where}: an unknown fact cites nothing"
                assert fact.get("value", None) in (None, "unknown") or path == "config", where
                continue
            source = fact.get("source") or ""
            assert source.strip(), f"{where}: {grade} without a source"
            if grade == "documented":
                assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", fact.get("date") or ""), f"{where}: no date read"
            elif grade == "read":
                assert re.search(r"@[\w.+-]*\d", source), f"{where}: no package@version in {source!r}"
            elif grade == "probed":
                assert source.startswith(RECORDS), f"{where}: probed cites {source!r}"
    assert checked > 10


def test_probed_facts_records_exist_and_observed_what_the_fact_claims():
    probed = [
        (host, path, fact)
        for host, data in raw_hosts().items()
        for path, fact in graded_things(data)
        if fact["grade"] == "probed"
    ]
    for host, path, fact in probed:
        record_path = os.path.join(REPO_ROOT, fact["source"])
        assert os.path.realpath(record_path).startswith(os.path.join(REPO_ROOT, RECORDS)), f"{host}: {path}"
        with open(record_path, encoding="utf-8") as handle:
            record = json.load(handle)
        assert record["host"] == host, f"{host}: {path} cites a record about {record['host']}"
        if path == "config":
            continue  # any probe of the host shows its registration works
        parts = path.split(".")
        if parts[0] == "verdicts":  # verdicts.<event>.<verdict>.<mode>: the record ran that scenario
            event, verdict, mode = ".".join(parts[1:-2]), parts[-2], parts[-1]  # event names may hold dots
            assert (record.get("event", event), record.get("hook", verdict)) == (event, verdict), f"{host}: {path}"
            base = mode.removesuffix("@headless")  # a headless variant cites a record of its mode
            assert base == "*" or record.get("mode", base) == base, f"{host}: {path}"
        if parts[0] == "failures":
            assert record.get("hook", parts[1]) == parts[1], f"{host}: {path}"
        key = parts[-1]
        observed = record["observed"]
        seen = observed[key] if key in observed else observed["effect"]
        assert seen == fact["value"], f"{host}: {path} claims {fact['value']!r}, its record observed {seen!r}"


def test_every_pre_event_has_an_effect_for_every_verdict_in_every_mode():
    for host, data in raw_hosts().items():
        caps = registry.Capabilities(data)
        for event, entry in data["events"].items():
            if entry["role"] != "pre":
                continue
            for mode in data["modes"]:
                for verdict in schema.VERDICTS:
                    table = data["verdicts"][event][verdict]
                    assert mode in table or "*" in table, f"{host}: {event} {verdict} in {mode}"
                    assert caps.effect(event, verdict, mode)["grade"] in registry.GRADES


# ---------------------------------------------------------------- the schema refuses dishonest facts


def test_template_validates():
    assert schema.validate_host(template(), "claude-code").host == "claude-code"


def test_documented_fact_without_the_date_read_is_refused():
    data = template()
    del data["failures"]["crash"]["date"]
    assert "failures.crash: a documented fact must give the date" in refusal(data)


def test_documented_fact_without_a_source_is_refused():
    data = template()
    data["gates"]["source"] = ""
    assert "gates: a documented fact must cite a source" in refusal(data)


def test_documented_fact_dated_in_the_future_is_refused():
    data = template()
    data["gates"]["date"] = "2999-01-01"
    assert "in the future" in refusal(data)


def test_read_fact_without_package_at_version_is_refused():
    data = template()
    data["gates"].update(grade="read", source="the claude code bundle, somewhere")
    assert "package@version" in refusal(data)


def test_read_fact_without_the_file_or_symbol_read_is_refused():
    data = template()
    data["gates"].update(grade="read", source="@anthropic-ai/claude-code@2.1.197")
    assert "file or symbol" in refusal(data)


def test_read_fact_citing_package_version_and_file_is_accepted():
    data = template()
    data["gates"].update(grade="read", source="@anthropic-ai/claude-code@2.1.197 cli.js: matchesHookTool")
    assert schema.validate_host(data, "claude-code").gates.grade == "read"


def test_unknown_fact_that_cites_a_source_is_refused():
    data = template()
    data["failures"]["timeout"] = {"value": "unknown", "grade": "unknown", "source": DOCS}
    assert "failures.timeout: an unknown fact cites nothing" in refusal(data)


def test_unknown_fact_with_a_guessed_value_is_refused():
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["plan"]["value"] = "prompts"
    assert "verdicts.PreToolUse.ask.plan: an unknown fact has value null or 'unknown'" in refusal(data)


def test_graded_fact_that_states_nothing_is_refused():
    data = template()
    data["fail_closed_switch"] = {"value": None, "grade": "documented", "source": DOCS, "date": "2026-11-29"}
    assert "fail_closed_switch: a documented fact must state what was established" in refusal(data)


def test_verdict_effect_outside_the_vocabulary_is_refused():
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["default"]["value"] = "sometimes"
    assert "verdicts.PreToolUse.ask.default: verdict effect must be one of" in refusal(data)


def test_failure_effect_outside_the_vocabulary_is_refused():
    data = template()
    data["failures"]["crash"]["value"] = "enforced"
    assert "failures.crash: failure effect must be one of" in refusal(data)


def test_grade_outside_the_order_is_refused():
    data = template()
    data["gates"]["grade"] = "verified"
    assert "gates.grade" in refusal(data)


def test_unknown_paradigm_is_refused():
    data = template()
    data["paradigm"] = "websocket"
    assert "paradigm" in refusal(data)


def test_misspelled_field_is_refused_not_ignored():
    data = template()
    data["failures"]["crash"]["valeu"] = "blocks"
    assert "failures.crash.valeu" in refusal(data)


def test_missing_failure_fact_is_refused():
    data = template()
    del data["failures"]["timeout"]
    assert "failures.timeout" in refusal(data)


def test_gates_naming_a_tool_kind_hookward_does_not_know_is_refused():
    data = template()
    data["gates"]["value"] = ["shell", "teleport"]
    assert "teleport" in refusal(data)


def test_verdict_effect_for_a_mode_not_listed_is_refused():
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["yolo"] = {
        "value": "runs",
        "grade": "documented",
        "source": DOCS,
        "date": "2026-11-29",
    }
    assert "verdicts.PreToolUse.ask: modes ['yolo'] are not listed" in refusal(data)


def test_mode_without_an_effect_for_a_verdict_is_refused():
    data = template()
    del data["verdicts"]["PreToolUse"]["ask"]["plan"]
    assert "no effect for modes ['plan']" in refusal(data)


def test_default_mode_not_listed_is_refused():
    data = template()
    data["default_mode"] = "neverSeenMode"
    assert "default_mode 'neverSeenMode' is not one of modes" in refusal(data)


def test_verdicts_for_a_post_event_are_refused():
    data = template()
    data["verdicts"]["PostToolUse"] = copy.deepcopy(data["verdicts"]["PreToolUse"])
    assert "verdicts.PostToolUse: not a pre-tool or approval event" in refusal(data)


def test_hook_host_without_a_pre_tool_event_is_refused():
    data = template()
    data.update(events={}, verdicts={})
    assert "events: no pre-tool event, but a stdio-json host is gated through one" in refusal(data)


def test_host_file_named_for_another_host_is_refused():
    assert "host is 'claude-code' but the file is named gemini-cli.json" in refusal(template(), host="gemini-cli")


def test_blank_limitation_is_refused():
    data = template()
    data["limitations"].append("  ")
    assert "limitations" in refusal(data)


# ---------------------------------------------------------------- probed facts and their records


def probed(fact_value: str, source: str) -> dict:
    return {"value": fact_value, "grade": "probed", "source": source}


def test_probed_fact_matching_its_record_is_accepted(tmp_path):
    source = write_record(tmp_path, "claude-code/ask-print-mode.json")
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["dontAsk"] = probed("refuses", source)
    host = schema.validate_host(data, "claude-code", repo_root=str(tmp_path))
    assert host.verdicts["PreToolUse"].ask["dontAsk"].grade == "probed"


def test_probed_fact_citing_a_missing_record_is_refused(tmp_path):
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["dontAsk"] = probed("refuses", RECORDS + "claude-code/never-ran.json")
    assert "does not exist" in refusal(data, repo_root=str(tmp_path))


def test_probed_fact_claiming_other_than_its_record_observed_is_refused(tmp_path):
    source = write_record(tmp_path, "claude-code/ask.json", observed={"tool_ran": True, "effect": "runs"})
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["dontAsk"] = probed("prompts", source)
    message = refusal(data, repo_root=str(tmp_path))
    assert "observed effect='runs', but the fact claims 'prompts'" in message


def test_probed_fact_citing_a_record_of_another_mode_is_refused(tmp_path):
    source = write_record(tmp_path, "claude-code/ask-plan.json", event="PreToolUse", hook="ask", mode="plan")
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["plan"] = probed("refuses", source)
    assert schema.validate_host(data, "claude-code", repo_root=str(tmp_path))
    data["verdicts"]["PreToolUse"]["ask"]["dontAsk"] = probed("refuses", source)
    message = refusal(data, repo_root=str(tmp_path))
    assert "verdicts.PreToolUse.ask.dontAsk: probe record" in message and "ran mode='plan', not 'dontAsk'" in message


def test_probed_fact_citing_a_record_of_another_answer_is_refused(tmp_path):
    source = write_record(
        tmp_path, "claude-code/deny.json", hook="deny", mode="default", observed={"effect": "enforced"}
    )
    data = template()
    data["verdicts"]["PreToolUse"]["allow"] = {"*": probed("enforced", source)}
    assert "ran hook='deny', not 'allow'" in refusal(data, repo_root=str(tmp_path))


def test_probed_failure_fact_citing_a_record_of_another_failure_is_refused(tmp_path):
    source = write_record(tmp_path, "claude-code/crash.json", hook="crash", observed={"effect": "runs"})
    data = template()
    data["failures"]["crash"] = probed("runs", source)
    assert schema.validate_host(data, "claude-code", repo_root=str(tmp_path))
    data["failures"]["timeout"] = probed("runs", source)
    assert "failures.timeout: probe record" in refusal(data, repo_root=str(tmp_path))


def test_probed_fact_citing_another_hosts_record_is_refused(tmp_path):
    source = write_record(tmp_path, "codex/ask.json", host="codex")
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["dontAsk"] = probed("refuses", source)
    assert "is about 'codex', not 'claude-code'" in refusal(data, repo_root=str(tmp_path))


@pytest.mark.parametrize(
    "source",
    [
        "/etc/passwd",
        "compat/probes/records/../../hosts/claude-code.json",
        "compat/hosts/claude-code.json",
        "https://example.com/record.json",
    ],
)
def test_probed_fact_citing_anything_but_a_record_in_the_repository_is_refused(tmp_path, source):
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["dontAsk"] = probed("refuses", source)
    assert "cites a record path under compat/probes/records/" in refusal(data, repo_root=str(tmp_path))


def test_probed_record_missing_its_observation_is_refused(tmp_path):
    source = write_record(tmp_path, "claude-code/ask.json", observed={"tool_ran": False})
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["dontAsk"] = probed("refuses", source)
    assert "has no observed.effect" in refusal(data, repo_root=str(tmp_path))


def test_probed_record_that_is_not_a_record_is_refused(tmp_path):
    path = tmp_path / "compat" / "probes" / "records" / "claude-code" / "junk.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"host": "claude-code"}', encoding="utf-8")
    data = template()
    data["verdicts"]["PreToolUse"]["ask"]["dontAsk"] = probed("refuses", RECORDS + "claude-code/junk.json")
    assert "lacks version, scenario, answer, observed, date" in refusal(data, repo_root=str(tmp_path))


def test_probed_flag_is_checked_against_the_record_key_of_the_same_name(tmp_path):
    source = write_record(
        tmp_path, "claude-code/fires.json", observed={"tool_ran": True, "effect": "enforced", "fires": True}
    )
    data = template()
    data["events"]["PreToolUse"]["fires"] = {"value": True, "grade": "probed", "source": source}
    assert schema.validate_host(data, "claude-code", repo_root=str(tmp_path)).events["PreToolUse"].fires.value is True
    data["events"]["PreToolUse"]["fires"] = {"value": False, "grade": "probed", "source": source}
    assert "observed fires=True, but the fact claims False" in refusal(data, repo_root=str(tmp_path))


# ---------------------------------------------------------------- errors name the file and the field


def test_broken_host_file_error_names_the_file_and_the_field(tmp_path):
    data = template()
    data["verdicts"]["PreToolUse"]["deny"]["*"]["grade"] = "read"
    (tmp_path / "claude-code.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "gemini-cli.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(schema.RegistryError) as caught:
        schema.load_registry(str(tmp_path))
    problems = caught.value.problems
    assert any(
        "claude-code.json: verdicts.PreToolUse.deny.*: a read fact cites the shipped artifact" in p for p in problems
    ), problems
    assert any("gemini-cli.json: not readable JSON" in p for p in problems), problems
