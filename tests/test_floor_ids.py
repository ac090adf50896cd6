"""Floor ids are declared once (`Floor`), each knowing whether a user rule may loosen it; a policy's
`loosens` is checked against that declaration when it loads, and a floor that cannot be loosened
stands even against a compiled rule that names it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hookward.policy import engine, loader
from hookward.policy.floors import FLOOR_IDS, NEVER_LOOSENED, Demand, Floor
from hookward.policy.schema import PolicyError
from hookward.policy.toolcall import ToolCall
from hookward.verdicts import grants
from hookward.verdicts.decision import Verdict

REPO = Path(__file__).resolve().parent.parent
LOOSENABLE = [floor for floor in Floor if floor.loosenable]
NEVER = [floor for floor in Floor if not floor.loosenable]


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(loader, "_memo", {})
    monkeypatch.setattr(loader, "_builtin_memo", {})


def _user_policy(text: str) -> None:
    os.makedirs(loader.config_dir(), exist_ok=True)
    Path(loader.user_policy_path()).write_text(text, encoding="utf-8")


def _rule(loosens: str, programs: str = '["curl"]') -> str:
    return f'[[rules]]\nid = "r"\nverdict = "allow"\nreason = "x"\nprograms = {programs}\nloosens = [{loosens}]\n'


# --- the declaration -------------------------------------------------------------------------------


def test_self_protection_budget_and_cloud_metadata_are_the_floors_that_can_never_be_loosened():
    assert {floor.value for floor in NEVER} == {"self-protection", "budget", "cloud-metadata"}
    assert NEVER_LOOSENED == {"self-protection", "budget", "cloud-metadata"}
    assert FLOOR_IDS == tuple(floor.value for floor in Floor)


def test_a_floor_id_is_its_policy_spelling_and_its_rule_id_is_prefixed():
    assert Floor.CREDENTIAL_SWEEP == "credential-sweep"
    assert Floor("fetch-and-run") is Floor.FETCH_AND_RUN
    assert Floor.SELF_PROTECTION.rule_id == "floor.self-protection"


def test_a_demand_naming_an_undeclared_floor_raises_instead_of_judging():
    with pytest.raises(ValueError):
        Demand("egres", Verdict.ASK, "a typo in a floor id")


def test_a_demand_from_outside_the_floors_is_typed_by_its_id():
    demand = Demand("egress", Verdict.ASK, "a URL check's floor, spelled as a string")
    assert demand.floor is Floor.EGRESS


def test_the_ledger_grant_check_names_the_same_unloosenable_floors():
    # verdicts/ sits below policy/ and keeps its own copy as rule ids: it must say what `Floor` says.
    assert set(grants.NEVER_LOOSENED_RULES) == {floor.rule_id for floor in NEVER}


def test_no_demand_in_the_policy_code_names_its_floor_as_a_free_string():
    free: list[str] = []
    for path in (REPO / "policy").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        free += [f"{path.name}: {m}" for m in re.findall(r'Demand\(\s*"[a-z-]+"', text)]
        free += [f"{path.name}: {m}" for m in re.findall(r'"floor\.[a-z-]+"', text)]
    assert not free, free


# --- `loosens` checked when the policy loads (fail closed) --------------------------------------------


@pytest.mark.parametrize("floor", LOOSENABLE, ids=str)
def test_loosens_naming_a_loosenable_floor_loads(floor):
    _user_policy(_rule(f'"{floor}"'))
    (rule,) = [r for layer in loader.load_policy(None).override_layers for r in layer if r["id"] == "user.r"]
    assert rule["loosens"] == [floor.value]


def test_loosens_accepts_a_floor_spelled_as_its_rule_id():
    _user_policy(_rule('"floor.egress"'))
    (rule,) = [r for layer in loader.load_policy(None).override_layers for r in layer if r["id"] == "user.r"]
    assert rule["loosens"] == ["egress"]


@pytest.mark.parametrize("floor", NEVER, ids=str)
@pytest.mark.parametrize("spelling", ["{}", "floor.{}"])
def test_loosens_naming_a_floor_that_can_never_be_loosened_fails_the_load(floor, spelling):
    _user_policy(_rule(f'"{spelling.format(floor)}"'))
    with pytest.raises(PolicyError, match=f"the {floor} floor can never be loosened"):
        loader.load_policy(None)


@pytest.mark.parametrize("name", ["egres", "Egress", "floor.", "", "network", "floor.floor.egress"])
def test_loosens_naming_no_declared_floor_fails_the_load_and_lists_the_loosenable_ones(name):
    _user_policy(_rule(f'"{name}"'))
    with pytest.raises(PolicyError) as raised:
        loader.load_policy(None)
    message = str(raised.value)
    assert f"loosens names no floor {name!r}" in message
    assert all(floor.value in message for floor in LOOSENABLE)
    assert "self-protection" not in message.split("may loosen are", 1)[1]


def test_one_bad_floor_among_good_ones_still_fails_the_load():
    _user_policy(_rule('"egress", "budget"'))
    with pytest.raises(PolicyError, match="the budget floor can never be loosened"):
        loader.load_policy(None)


# --- and at run time, whatever a compiled rule says -----------------------------------------------------


def test_a_compiled_rule_that_loosens_self_protection_does_not_lift_it():
    result = engine.Verdicting()
    result.loosens = {"self-protection", "egress"}
    engine._apply_floor(result, Demand(Floor.EGRESS, Verdict.ASK, "loosened"))
    engine._apply_floor(result, Demand(Floor.SELF_PROTECTION, Verdict.DENY, "the gate itself"))
    assert result.verdict == Verdict.DENY and result.rule_ids == ["floor.self-protection"]


def test_a_user_rule_loosening_destructive_still_cannot_delete_hookwards_config(tmp_path):
    _user_policy(_rule('"destructive"', programs='["rm"]'))
    config = loader.config_dir()
    call = ToolCall("shell", command=f"rm -rf {config}", cwd=str(tmp_path), project_root=str(tmp_path))
    decision = engine.evaluate(call)
    assert decision.verdict == Verdict.DENY and "floor.self-protection" in decision.rule_ids


# --- the cloud metadata service: no rule that lets a client reach the network lets it reach this ----------

METADATA_LOOSENING = (
    '[[rules]]\nid = "net"\nverdict = "allow"\nreason = "x"\nprograms = ["curl", "wget", "whois"]\n'
    'loosens = ["credentials", "egress"]\n'
    '[[rules]]\nid = "web"\nverdict = "allow"\nreason = "x"\nkinds = ["web"]\nloosens = ["credentials", "egress"]\n'
)


@pytest.mark.parametrize(
    "command",
    [
        "curl http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        "curl -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/",
        "wget -qO- http://[fd00:ec2::254]/latest/meta-data/",
        "whois -h 169.254.169.254 x",
    ],
)
def test_a_user_rule_loosening_credentials_and_egress_still_cannot_reach_the_metadata_service(tmp_path, command):
    _user_policy(METADATA_LOOSENING)
    call = ToolCall("shell", command=command, cwd=str(tmp_path), project_root=str(tmp_path))
    decision = engine.evaluate(call)
    assert decision.verdict == Verdict.DENY and "floor.cloud-metadata" in decision.rule_ids


def test_a_web_rule_loosening_credentials_and_egress_still_cannot_fetch_the_metadata_service(tmp_path):
    _user_policy(METADATA_LOOSENING)
    url = "http://169.254.169.254/latest/meta-data/iam/security-credentials/"
    call = ToolCall("web", tool="WebFetch", url=url, cwd=str(tmp_path), project_root=str(tmp_path))
    decision = engine.evaluate(call)
    assert decision.verdict == Verdict.DENY and decision.rule_ids == ["floor.cloud-metadata"]


def test_the_same_rule_still_loosens_an_ordinary_upload(tmp_path):
    _user_policy(METADATA_LOOSENING)
    call = ToolCall(
        "shell", command="curl -d x=1 https://api.example.com/", cwd=str(tmp_path), project_root=str(tmp_path)
    )
    assert engine.evaluate(call).verdict == Verdict.ALLOW


@pytest.mark.parametrize(
    "command",
    [
        "curl -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/token",
        "curl 169.254.169.254/latest/meta-data/",
        "curl -s http://0xa9fea9fe/latest/meta-data/",
        "wget --header 'X: y' -qO- http://user@[::ffff:169.254.169.254]/",
        "curl -X PUT -H 'X-aws-ec2-metadata-token-ttl-seconds: 60' http://169.254.169.254/latest/api/token",
    ],
)
def test_the_metadata_service_is_denied_in_any_form_of_the_request(tmp_path, command):
    call = ToolCall("shell", command=command, cwd=str(tmp_path), project_root=str(tmp_path))
    decision = engine.evaluate(call)
    assert decision.verdict == Verdict.DENY and "floor.cloud-metadata" in decision.rule_ids


@pytest.mark.parametrize(
    "command", ["curl -o metadata https://example.com/metadata", "curl https://api.example.com/v1/metadata"]
)
def test_a_file_or_path_named_metadata_is_not_the_metadata_service(tmp_path, command):
    call = ToolCall("shell", command=command, cwd=str(tmp_path), project_root=str(tmp_path))
    assert "floor.cloud-metadata" not in engine.evaluate(call).rule_ids
