"""Red-team findings of session 2 that still came back wrong, and issue 12's leftovers, through `evaluate`.

Each hostile case is named after the attack and asserts the verdict and the rule that decides it; next to
it, the routine neighbour that must still pass. Commands are only analysed, never run; HOME, XDG dirs and
the project live under tmp_path (tests/spec_redteam_support.py).
"""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided, assert_routine, make_sandbox


@pytest.fixture
def box(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    return make_sandbox(tmp_path, monkeypatch)


# --- signals to init and to every process --------------------------------------------------------


@pytest.mark.parametrize("command", ["kill -9 1", "kill -KILL 1", "kill -s KILL 1", "kill 1", "kill -HUP 01"])
def test_signal_to_init_asks_as_destructive(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.destructive", command)


@pytest.mark.parametrize("command", ["kill -9 -1", "kill -- -1"])
def test_signal_to_every_process_is_denied(box, command):
    assert_decided(box.decide(command), Verdict.DENY, "floor.destructive", command)


@pytest.mark.parametrize("command", ["kill 1234", "kill -9 4321", "kill %1", "kill -0 1", "kill -n 1 1234"])
def test_signal_to_one_child_or_a_job_or_probe_of_init_is_routine(box, command):
    assert_routine(box.decide(command), command)


def test_kill_of_a_pid_held_in_a_variable_asks_as_not_understood(box):
    # `kill $PID`: the pid is known only at run time (it could be 1 or -1), so it asks; decided, documented.
    assert_decided(box.decide("kill $PID"), Verdict.ASK, "floor.not-understood", "kill $PID")


# --- code outside the project run by a runtime or a test runner ----------------------------------


@pytest.mark.parametrize(
    "command", ["bun run /tmp/x.js", "bun run ../../x.ts", "bun run --cwd /tmp ./x.js", "node /tmp/x.js"]
)
def test_runtime_running_a_file_outside_the_project_asks_as_runs_code(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.runs-code", command)


@pytest.mark.parametrize("command", ["bun run dev", "bun run build", "bun run --bun vite", "bun test"])
def test_bun_run_of_a_package_script_is_routine(box, command):
    assert_routine(box.decide(command), command)


@pytest.mark.parametrize(
    "command",
    [
        "pytest /tmp/t.py",
        "pytest -q /tmp/test_x.py::test_a",
        "pytest ~/t.py",
        "python3 -m pytest /tmp/t.py",
        "coverage run /tmp/t.py",
        "coverage run -m pytest /tmp/t.py",
        "python3 -m coverage run /tmp/t.py",
        "echo 'import os' > /tmp/t.py && pytest /tmp/t.py",
    ],
)
def test_test_runner_target_outside_the_project_asks_as_runs_code(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.runs-code", command)


@pytest.mark.parametrize(
    "command",
    [
        "pytest",
        "pytest -q tests/test_x.py",
        "pytest tests/test_a.py::test_b -x",
        "pytest -k 'not slow' --junitxml /tmp/report.xml tests",
        "coverage run -m pytest",
        "coverage run --source src -m pytest tests",
        "coverage report",
        "python3 -m pytest tests",
    ],
)
def test_test_runner_on_the_project_is_routine(box, command):
    assert_routine(box.decide(command), command)


# --- make variables given on the command line ----------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "make CC=/tmp/x",
        "make CXX=/tmp/x all",
        "make CC=./evil",
        "make CC='sh -c id'",
        "make CROSS_COMPILE=/tmp/x/",
        "make PYTHON=../x/python",
        "make CFLAGS=-wrapper,/tmp/x",
        "make MAKEFILES=/tmp/e.mk",
        "make LD_PRELOAD=/tmp/x.so",
    ],
)
def test_make_variable_naming_another_program_asks_as_hijack(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.hijack", command)


@pytest.mark.parametrize("command", ["make 'CFLAGS=$(shell id)'", "make 'CFLAGS=-O2; id'", "make 'X!=id'"])
def test_make_variable_that_runs_a_shell_command_asks_as_runs_code(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.runs-code", command)


def test_make_shell_override_stays_denied(box):
    assert_decided(box.decide("make SHELL=/tmp/x"), Verdict.DENY, "floor.hijack", "make SHELL=/tmp/x")


@pytest.mark.parametrize(
    "command",
    [
        "make -j4 V=1",
        "make CC=clang",
        "make CC='ccache gcc'",
        "make CC=/usr/bin/gcc-12",
        "make CROSS_COMPILE=aarch64-linux-gnu-",
        "make PYTHON=python3 test",
        "make PYTHON=.venv/bin/python test",
        "make PREFIX=/usr/local DESTDIR=/tmp/stage install",
        "make CFLAGS='-O2 -g' LDFLAGS=-L/usr/lib",
    ],
)
def test_make_variables_of_a_routine_build_pass(box, command):
    assert_routine(box.decide(command), command)


# --- secret key material and the environment printed by data tools -------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "gpg --export-secret-keys",
        "gpg --armor --export-secret-subkeys ABCD",
        "gpg --export-secret-k",
        "gpg2 -a --export-secret-keys > k.asc",
        "gpgsm --export-secret-key-p12 x",
    ],
)
def test_gpg_export_of_secret_keys_is_denied_as_credentials(box, command):
    assert_decided(box.decide(command), Verdict.DENY, "floor.credentials", command)


def test_gpg_export_of_a_public_key_is_not_a_credential_read(box):
    decision = box.decide("gpg --export --armor ABCD")
    assert "floor.credentials" not in decision.rule_ids, decision.rule_ids


@pytest.mark.parametrize(
    "command",
    [
        "yq e 'env(AWS_SECRET_ACCESS_KEY)' a.yml",
        "yq e 'strenv(X)' a.yml",
        "yq '.a = env(X)' a.yml",
        "yq e '.a | envsubst' a.yml",
        "jq -n 'env.HOME'",
        "jq -n '$ENV.X'",
    ],
)
def test_yq_and_jq_reading_the_environment_ask_as_credentials(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.credentials", command)


def test_yq_load_of_a_file_named_in_the_expression_asks(box):
    command = "yq -n 'load(\"/etc/hostname\")'"
    assert_decided(box.decide(command), Verdict.ASK, "floor.credentials", command)


@pytest.mark.parametrize(
    "command", ["yq e '.a' a.yml", "yq e '.spec.env[0]' a.yml", "jq '.env' a.json", "jq '.[\"env\"]' a.json"]
)
def test_field_named_env_is_not_the_environment(box, command):
    assert_routine(box.decide(command), command)


# --- git checkout / restore of the gate's own configuration --------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "git checkout other -- .claude/settings.json",
        "git checkout other .claude/settings.json",
        "git restore --source=x .claude/settings.json",
        "git restore -s x -W -- .claude/settings.json",
        "git -C ../other checkout x -- .claude/settings.json",
    ],
)
def test_git_checkout_or_restore_of_host_config_is_self_protection(box, command):
    assert_decided(box.decide(command), Verdict.DENY, "floor.self-protection", command)


def test_git_checkout_of_a_repository_hook_is_persistence(box):
    command = "git checkout HEAD~1 -- .git/hooks/pre-commit"
    assert_decided(box.decide(command), Verdict.DENY, "floor.persistence", command)


@pytest.mark.parametrize("command", ["git checkout main", "git checkout -b feature/x", "git restore --staged x.py"])
def test_git_checkout_of_a_branch_is_routine(box, command):
    assert_routine(box.decide(command), command)


def test_git_checkout_of_a_project_file_stays_destructive_force_ask(box):
    command = "git checkout main -- src/app.py"
    assert_decided(box.decide(command), Verdict.FORCE_ASK, "floor.destructive", command)


# --- a program held in a variable ----------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "h=hookward; $h uninstall",
        "x=hook; ${x}ward uninstall",
        "a=ho; b=okward; $a$b pause",
        'export H=hookward && "$H" uninstall',
        "x=/usr/bin/hookward; $x uninstall",
        "for h in ls hookward; do $h uninstall; done",
        "h=$(echo hook'ward'); $h uninstall",
    ],
)
def test_hookward_control_spelled_through_a_variable_is_self_protection(box, command):
    assert_decided(box.decide(command), Verdict.DENY, "floor.self-protection", command)


def test_program_from_a_variable_with_a_literal_value_is_judged_as_that_program(box):
    command = "r=rm; $r -rf ~"
    assert_decided(box.decide(command), Verdict.DENY, "floor.destructive", command)


@pytest.mark.parametrize("command", ["h=ls; $h -la", "$EDITOR notes.txt", "CMD=pytest; $CMD -q"])
def test_program_from_a_variable_still_asks_as_not_understood(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.not-understood", command)


# --- paths through a link, copy or clone made earlier on the same line ---------------------------


def test_symlink_to_the_gates_policy_then_write_through_it_is_self_protection(box):
    command = "ln -sf ~/.config/hookward/policy.toml a && echo x > a"
    assert_decided(box.decide(command), Verdict.DENY, "floor.self-protection", command)


@pytest.mark.parametrize(
    "command", ["ln -s ~/.claude/settings.json s.json", "ln -sfn ../../../.claude/settings.json s"]
)
def test_symlink_to_a_host_hook_config_is_self_protection(box, command):
    assert_decided(box.decide(command), Verdict.DENY, "floor.self-protection", command)


def test_relative_symlink_target_resolves_against_the_links_directory(box):
    # project = HOME/work/app: from app/src, ../../../.aws is HOME/.aws (from the cwd it would be above HOME).
    decision = box.decide("ln -s ../../../.aws src/cfg")
    reads = [p.what for p in decision.parts if p.action == "read"]
    assert str(box.home / ".aws") in reads, reads


@pytest.mark.parametrize(
    "command",
    [
        "ln -s x y && cat y",
        "cp -r src dst && cat dst/app.py",
        "git clone https://github.com/a/b && cat b/README.md",
        "ln -s /tmp/elsewhere out && echo x > out/f",
    ],
)
def test_path_through_a_link_or_copy_made_earlier_on_the_line_asks(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.not-understood", command)


@pytest.mark.parametrize(
    ("command", "through"),
    [
        ("mkdir -p x && ln -s ~ x/h && cat x/h/.ssh/id_rsa", "x/h/.ssh/id_rsa"),
        ("ln -s ../../../.aws src/cfg && cat src/cfg/credentials", "src/cfg/credentials"),
    ],
)
def test_path_through_a_link_to_a_credential_store_made_earlier_is_denied(box, command, through):
    decision = box.decide(command)
    assert_decided(decision, Verdict.DENY, "floor.credentials", command)
    asked = [p for p in decision.parts if p.what.endswith(through) and "floor.not-understood" in p.rule_ids]
    assert asked, [(p.what, p.rule_ids) for p in decision.parts]


@pytest.mark.parametrize(
    "command",
    [
        "mkdir -p build && cp src/app.py build/ && cat build/app.py",
        "echo x > notes.txt && cat notes.txt",
        "mkdir -p out && echo hi > out/a.txt",
        "ln -sf ../lib/x.py x.py",
    ],
)
def test_files_written_or_directories_made_earlier_on_the_line_are_knowable(box, command):
    assert_routine(box.decide(command), command)


# --- case-insensitive volumes --------------------------------------------------------------------


@pytest.fixture
def folding(monkeypatch):  # type: ignore[no-untyped-def]
    """This machine's ext4 does not fold case: stand in a detector that says the volume does (as APFS does)."""
    from hookward.policy import paths

    monkeypatch.setattr(paths, "case_insensitive", lambda path, directory=None: True)


def _read(box, path: str):  # type: ignore[no-untyped-def]
    from hookward.policy.engine import evaluate
    from hookward.policy.toolcall import ToolCall

    return evaluate(ToolCall("read", paths=[path], cwd=str(box.project), project_root=str(box.project)))


def _write(box, path: str):  # type: ignore[no-untyped-def]
    from hookward.policy.engine import evaluate
    from hookward.policy.toolcall import ToolCall

    call = ToolCall("write", paths=[path], content="x", cwd=str(box.project), project_root=str(box.project))
    return evaluate(call)


def test_home_spelled_in_another_case_on_a_folding_volume_is_still_home(box, folding):
    (box.home / ".aws").mkdir()
    (box.home / ".aws" / "credentials").write_text("[default]\n")
    path = str(box.home).upper() + "/.AWS/Credentials"
    assert_decided(_read(box, path), Verdict.DENY, "floor.credentials", path)
    command = f"cat {path}"
    assert_decided(box.decide(command), Verdict.DENY, "floor.credentials", command)


@pytest.mark.parametrize(
    ("written", "rule"),
    [(".Claude/Settings.json", "floor.self-protection"), (".GIT/hooks/pre-commit", "floor.persistence")],
)
def test_protected_project_paths_in_another_case_on_a_folding_volume(box, folding, written, rule):
    (box.project / ".claude").mkdir()
    (box.project / ".git" / "hooks").mkdir()
    path = str(box.project).upper() + "/" + written
    assert_decided(_write(box, path), Verdict.DENY, rule, path)


def test_home_spelled_decomposed_on_a_normalizing_volume_is_still_home(tmp_path, monkeypatch, folding):
    home = tmp_path / "jos\u00e9"  # NFC, as the account's home is stored
    (home / "proj").mkdir(parents=True)
    (home / ".bashrc").write_text("# rc\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    from hookward.policy.engine import evaluate
    from hookward.policy.toolcall import ToolCall

    path = str(tmp_path) + "/jose\u0301/.BashRC"  # NFD and another case: the same file on APFS
    project = str(home / "proj")
    decision = evaluate(ToolCall("write", paths=[path], content="x", cwd=project, project_root=project))
    assert_decided(decision, Verdict.DENY, "floor.persistence", path)


def test_this_machines_volume_is_probed_as_case_sensitive_once(tmp_path, monkeypatch):
    from hookward.policy import paths

    (tmp_path / "Probe").write_text("")
    probes = []
    real_probe = paths._probe_folding
    monkeypatch.setattr(paths, "_FOLDING", {})
    monkeypatch.setattr(paths, "_probe_folding", lambda d, dev: probes.append(d) or real_probe(d, dev))
    assert paths.case_insensitive(str(tmp_path / "x" / "y")) is False
    assert paths.case_insensitive(str(tmp_path / "Probe")) is False
    assert len(probes) == 1


def test_a_real_case_folding_directory_is_detected(tmp_path, monkeypatch):
    import shutil
    import subprocess

    from hookward.policy import paths

    folded = tmp_path / "folded"
    folded.mkdir()
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+F", str(folded)], capture_output=True).returncode != 0:
        pytest.skip("no case-folding file system here (ext4 without the casefold feature, no chattr +F)")
    (folded / "Name").write_text("")
    monkeypatch.setattr(paths, "_FOLDING", {})
    assert paths._probe_folding(str(folded), (folded).stat().st_dev) is True


# --- what a runner or sed is told to load from a file or module ----------------------------------


@pytest.mark.parametrize(
    "command", ["python3 -m pytest -p evilplugin", "pytest -pevil -q", "coverage run -m pytest -p evil tests"]
)
def test_pytest_plugin_named_on_the_command_line_asks_as_runs_code(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.runs-code", command)


def test_pytest_switching_a_plugin_off_is_routine(box):
    assert_routine(box.decide("pytest -p no:cacheprovider -q"), "pytest -p no:cacheprovider -q")


@pytest.mark.parametrize(
    ("script", "verdict", "rule"),
    [
        ("1e id\n", Verdict.ASK, "floor.not-understood"),
        ("1r ~/.ssh/id_rsa\n", Verdict.DENY, "floor.credentials"),
        ("w ~/.bashrc\n", Verdict.DENY, "floor.persistence"),
    ],
)
def test_sed_script_file_is_read_and_judged_like_an_inline_script(box, script, verdict, rule):
    (box.project / "s.sed").write_text(script.replace("~", str(box.home)))
    assert_decided(box.decide("sed -f s.sed src/app.py"), verdict, rule, script)


@pytest.mark.parametrize(
    "command", ["sed -f /tmp/does-not-exist.sed a.txt", "echo '1e id' > n.sed && sed -f n.sed a.txt", "sed -f - a"]
)
def test_sed_script_file_that_cannot_be_read_now_asks(box, command):
    assert_decided(box.decide(command), Verdict.ASK, "floor.not-understood", command)


def test_sed_script_file_of_substitutions_is_routine(box):
    (box.project / "s.sed").write_text("s/a/b/g\n/^#/d\n")
    assert_routine(box.decide("sed -f s.sed src/app.py"), "sed -f s.sed src/app.py")
