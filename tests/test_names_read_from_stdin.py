"""Programs that read the NAMES of the files they read from standard input (`cpio -o` / `-p`, `tar -T -`,
`rsync --files-from=-`, `zip -@`): fed literal words (`echo`, `printf`, a here-string), those words are the
files read, from where the program works (`cpio -D`, `tar -C`); fed by `find DIR`, what the find selects.
Names from elsewhere (`ls | cpio -o`) are judged as before. Commands are only analysed, never run.
"""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided


@pytest.mark.parametrize(
    "command",
    [
        "echo ~/.ssh/id_rsa | cpio -o",
        "echo ~/.ssh/id_rsa | cpio -o > out.cpio",
        "echo ~/.ssh/id_rsa | cpio --create -H newc",
        "printf '%s\\n' ~/.aws/credentials | cpio -ov",
        "echo src/app.py ~/.ssh/id_rsa | cpio -o",
        "cpio -o <<< ~/.ssh/id_rsa",
        "echo ~/.ssh/id_rsa | cpio -pd ./out",
        "echo .aws/credentials | cpio -o -D ~",
        "echo ~/.ssh/id_rsa | tar -cf x.tar -T -",
        "echo ~/.ssh/id_rsa | tar -cf x.tar -T/dev/stdin",
        "echo ~/.ssh/id_rsa | tar -c -f x.tar --files-from=-",
        "echo ~/.ssh/id_rsa | tar -c -f x.tar --files-from -",
        "echo ~/.ssh/id_rsa | tar -czvT - -f x.tgz",
        "echo .aws/credentials | tar -C ~ -cf x.tar -T -",
        "echo ~/.ssh/id_rsa | zip x.zip -@",
        "find ~/.aws | cpio -o",
        "find ~/.ssh -name 'id_*' | cpio -o",
    ],
)
def test_credential_names_fed_to_an_archiver_are_credential_reads(box, command):
    (box.home / ".aws").mkdir()
    (box.home / ".aws" / "credentials").write_text("[default]\n")
    assert_decided(box.decide(command), Verdict.DENY, "floor.credentials", command)


@pytest.mark.parametrize(
    "command",
    [
        "find . | cpio -o > a.cpio",
        "find . -name '*.py' | cpio -o > a.cpio",
        "find src -type f | cpio -ov > a.cpio",
        "cpio -oO ./a.cpio",
        "echo src/app.py | cpio -o > a.cpio",
        "echo src/app.py | tar -cf x.tar -T -",
        "ls | cpio -o > a.cpio",
        "echo ~/.ssh/id_rsa | tar -tf x.tar",  # lists an archive: the names on stdin are not read
    ],
)
def test_archiving_project_files_by_name_stays_routine(box, command):
    assert box.decide(command).verdict == Verdict.ALLOW, box.decide(command).reasons


@pytest.mark.parametrize(
    "command",
    [
        "find src | zip -@ out.zip",
        "git ls-files | zip -@ out.zip",
        "ls | zip -@ out.zip",
        "git ls-files | cpio -o > x.cpio",
    ],
)
def test_names_of_project_files_fed_to_an_archiver_stay_routine(box: Sandbox, command: str) -> None:
    (box.project / "src").mkdir(exist_ok=True)
    decision = box.decide(command)
    assert decision.verdict == Verdict.ALLOW, (command, decision.rule_ids, decision.reasons)


@pytest.mark.parametrize(
    "command",
    ["cd ~ && git ls-files | zip -@ /tmp/x.zip", "cd ~ && git ls-files | cpio -o > /tmp/x.cpio"],
)
def test_the_tracked_files_of_a_repository_in_the_home_are_a_sweep_of_the_home(box: Sandbox, command: str) -> None:
    # a dotfiles repository in the home tracks whatever its owner put there
    assert_decided(box.decide(command), Verdict.DENY, "floor.credential-sweep", command)
