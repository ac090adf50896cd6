"""Hostile shapes found by running safe-chains' ask-labelled set through the engine (lead, round 2).

Each case asserts the verdict and the floor that decides it, next to the routine neighbour that passes.
Commands are analysed, never run.
"""

from __future__ import annotations

from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import shell


def test_tar_directory_options_chain_to_a_credential_file(project):
    # `-C / -C etc` is /etc: each -C is relative to the last, so `shadow` is /etc/shadow.
    decision = shell("tar cf out.tar -C / -C etc shadow", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


def test_an_operand_before_a_later_directory_option_is_still_judged_at_the_first(project):
    decision = shell("tar -C /etc -cf x.tar shadow -C /tmp other", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


def test_a_tar_of_the_project_from_a_subdirectory_is_routine(project):
    assert shell("tar cf out.tar -C src .", project).verdict == Verdict.ALLOW


def test_fd_exec_over_a_credential_tree_is_a_sweep(project):
    for command in ("fd . /etc -x cat", "fd --search-path /etc -X cat"):
        decision = shell(command, project)
        assert decision.verdict == Verdict.DENY, command
        assert "floor.credential-sweep" in decision.rule_ids, command
    decision = shell("fd . ~/.ssh -x cat", project)
    assert decision.verdict == Verdict.DENY
    assert "floor.credentials" in decision.rule_ids


def test_fd_exec_in_the_project_is_routine(project):
    assert shell("fd -e py -x wc -l", project).verdict == Verdict.ALLOW


def test_rails_database_tasks_that_drop_data_force_ask_through_rake_as_through_rails(project):
    # The database is outside the working tree: a person confirms this very call, whichever runner names the task.
    for command in ("rake db:drop", "bundle exec rake db:reset", "rake 'db:rollback[2]'", "rails db:drop"):
        decision = shell(command, project)
        assert decision.verdict == Verdict.FORCE_ASK, command
        assert "floor.destructive" in decision.rule_ids, command


def test_rake_migrate_and_test_are_routine(project):
    assert shell("rake db:migrate", project).verdict == Verdict.ALLOW
    assert shell("bundle exec rake test", project).verdict == Verdict.ALLOW


def test_textutil_convert_writes_next_to_its_input(project):
    # macOS textutil -convert writes x.html beside x.txt unless -output or -stdout says otherwise.
    decision = shell("textutil -convert html /etc/x.txt", project)
    assert decision.verdict == Verdict.DENY
    assert "default.write-system" in decision.rule_ids
    assert shell("textutil -convert html -stdout /etc/hosts", project).verdict == Verdict.ALLOW
