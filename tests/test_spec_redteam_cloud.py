"""Cloud CLIs and infrastructure tools: the verb decides, wherever the global options put it.

Also pins the spec mechanism's prefix subcommand keys (`"describe-*"`), which the cloud
specs use to model thousands of operations by their verb.
"""

from __future__ import annotations

import pytest
from hookward.policy.spec import Spec, walk
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import shell


def test_prefix_subcommand_keys_match_by_the_longest_prefix_and_exact_keys_win():
    exact, short, long = Spec("get"), Spec("get-*"), Spec("get-secret-*")
    root = Spec("x", subcommands={"get": exact, "get-*": short, "get-secret-*": long})
    assert walk(root, ["x", "get"]).spec is exact
    assert walk(root, ["x", "get-items"]).spec is short
    assert walk(root, ["x", "get-secret-value"]).spec is long
    assert walk(root, ["x", "put-item"]).unknown  # no key matches: not modelled


def test_star_key_matches_any_word_but_not_an_option():
    anything = Spec("<any>")
    root = Spec("x", options={"--flag": "flag"}, subcommands={"*": anything})
    assert walk(root, ["x", "--flag", "ec2"]).spec is anything


def test_aws_terminate_behind_global_options_is_force_ask(project):
    decision = shell(
        "aws --color off --output text --query info --region r ec2 terminate-instances --instance-ids i-1", project
    )
    assert decision.verdict == Verdict.FORCE_ASK
    assert "floor.destructive" in decision.rule_ids


def test_aws_secret_value_is_denied(project):
    decision = shell("aws --region r secretsmanager get-secret-value --secret-id prod/db", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


def test_aws_decrypted_parameter_and_login_password_are_denied(project):
    for command in (
        "aws ssm get-parameter --name /x --with-decryption",
        "aws ecr get-login-password --region us-east-1",
        "aws sts get-session-token",
        "aws configure export-credentials",
    ):
        decision = shell(command, project)
        assert decision.verdict == Verdict.DENY, command
        assert "floor.credentials" in decision.rule_ids, command


def test_aws_file_parameter_uploads_a_credential(project):
    decision = shell("aws ec2 run-instances --user-data file://$HOME/.ssh/id_rsa", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


def test_aws_s3_rm_is_force_ask(project):
    decision = shell("aws s3 rm s3://bucket/key", project)
    assert decision.verdict == Verdict.FORCE_ASK
    assert "floor.destructive" in decision.rule_ids


def test_terraform_destroy_behind_chdir_is_force_ask(project):
    decision = shell("terraform -chdir=infra destroy", project)
    assert decision.verdict == Verdict.FORCE_ASK
    assert "floor.destructive" in decision.rule_ids


def test_terraform_state_pull_prints_secrets(project):
    decision = shell("terraform state pull", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


def test_terraform_output_json_prints_sensitive_values(project):
    decision = shell("tofu output -json", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


def test_gcloud_print_access_token_and_az_get_access_token_are_denied(project):
    for command in ("gcloud auth print-access-token", "az account get-access-token --output tsv"):
        decision = shell(command, project)
        assert decision.verdict == Verdict.DENY, command
        assert "floor.credentials" in decision.rule_ids, command


def test_vault_kv_get_and_op_read_are_denied(project):
    for command in ("vault kv get secret/app", "op read op://vault/item/password"):
        decision = shell(command, project)
        assert decision.verdict == Verdict.DENY, command
        assert "floor.credentials" in decision.rule_ids, command


def test_gcloud_delete_hidden_after_a_list_word_is_force_ask(project):
    decision = shell("gcloud compute instances --filter list delete vm-1", project)
    assert decision.verdict == Verdict.FORCE_ASK
    assert "floor.destructive" in decision.rule_ids


# --- routine ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    ["aws s3 ls", "aws ec2 describe-instances --region us-east-1", "terraform plan", "gcloud compute instances list"],
)
def test_cloud_reads_are_allowed(project, command):
    assert shell(command, project).verdict == Verdict.ALLOW
