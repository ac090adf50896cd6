"""The registry-derived part of the self-protection table ships precomputed (policy/data/protection_registry.json)."""

from __future__ import annotations

import json
import os

from hookward.policy import protection
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict


def test_shipped_protection_registry_is_computed_from_the_current_host_files():
    with open(protection.PRECOMPUTED, encoding="utf-8") as handle:
        shipped = json.load(handle)
    assert shipped == json.loads(json.dumps(protection.precompute())), (
        "a compat/hosts/*.json file changed: run `python -m hookward.policy.protection` to rewrite "
        "policy/data/protection_registry.json"
    )


def test_the_precomputed_part_is_what_the_host_files_say():
    assert protection._precomputed() == protection.derive_registry()


def test_a_precomputed_copy_whose_host_files_changed_size_is_not_used(tmp_path, monkeypatch):
    stale = json.loads(json.dumps(protection.precompute()))
    stale["inputs"][0][1] += 1  # one host file no longer has the size the copy was written from
    stale["locations"] = []  # what a copy from before a host gained its config locations would say
    path = tmp_path / "protection_registry.json"
    path.write_text(json.dumps(stale), encoding="utf-8")
    monkeypatch.setattr(protection, "PRECOMPUTED", str(path))
    assert protection._precomputed() is None


def test_a_host_config_written_while_the_precomputed_copy_is_stale_is_still_denied(tmp_path, monkeypatch):
    home = tmp_path / "home"
    project = home / "proj"
    project.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for name in protection.redirect_variables():
        monkeypatch.delenv(name, raising=False)
    stale = {"inputs": [["claude-code", -1]], "locations": [], "variables": []}
    path = tmp_path / "protection_registry.json"
    path.write_text(json.dumps(stale), encoding="utf-8")
    monkeypatch.setattr(protection, "PRECOMPUTED", str(path))
    monkeypatch.setattr(protection, "_static", None)
    monkeypatch.setattr(protection, "_variables", None)
    monkeypatch.setattr(protection, "_memo", {})
    settings = os.path.join(str(home), ".claude", "settings.json")
    decision = evaluate(
        ToolCall(
            "write",
            paths=[settings],
            content=json.dumps({"hooks": {}}),
            cwd=str(project),
            project_root=str(project),
            host="claude-code",
        )
    )
    assert decision.verdict == Verdict.DENY
    assert "floor.self-protection" in decision.rule_ids, decision.to_dict()


def test_a_glob_place_matches_a_path_whose_case_differs_only_outside_ascii():
    # The literal prefilter only skips a regex for ASCII paths: a path with a character that folds onto an
    # ASCII letter (the long s, U+017F, folds to s) still reaches the case-insensitive regex.
    table = protection.Table([protection.Place("test", "suffix", "**/.claude/settings*.json")], "/home/u")
    assert table.hits("/w/p/.claude/settings.local.json")
    assert table.hits("/w/p/.claude/\u017fettings.json") == [
        place for place in table.places if place.regex.fullmatch("w/p/.claude/\u017fettings.json")
    ]
    assert not table.hits("/w/p/.claude/other.json")
