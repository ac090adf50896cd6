"""Red team 4, session 7: credential stores judged by their lines or their encryption, and PowerShell readers fed
path objects. Each hostile case asserts the verdict and the floor that decides it; routine neighbours stay routine.

Nothing is run: calls are only evaluated. Files are planted in a throwaway HOME under tmp_path.
"""

from __future__ import annotations

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import Sandbox, assert_decided, assert_routine

CREDENTIALS = "floor.credentials"
SOPS_YAML = (
    "db_password: ENC[AES256_GCM,data:abc=,iv:x=,tag:y=,type:str]\n"
    "nested:\n    key: ENC[AES256_GCM,data:def=,iv:x=,tag:y=,type:str]\n"
    "sops:\n    kms: []\n    age:\n        - recipient: age1xyz\n          enc: |\n"
    "            -----BEGIN AGE ENCRYPTED FILE-----\n            YWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IFgy==\n"
    "            -----END AGE ENCRYPTED FILE-----\n"
    '    lastmodified: "2024-01-01T00:00:00Z"\n    mac: ENC[AES256_GCM,data:m=,iv:i=,tag:t=,type:str]\n'
    '    aws_profile: ""\n    unencrypted_suffix: _unencrypted\n    version: 3.8.1\n'
)
SOPS_INI = "[db]\npassword = ENC[AES256_GCM,data:x=,type:str]\n[sops]\nmac = ENC[AES256_GCM,data:y=]\nversion = 3.8.1\n"


def plant(box: Sandbox, rel: str, text: str) -> str:
    path = box.home / rel if not rel.startswith("P/") else box.project / rel[2:]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


# (file, text, verdict): home stores deny, project secrets need a person (force_ask)
STORE_SPELLINGS = [
    pytest.param(
        ".m2/settings.xml",
        "<settings><servers><server><id>x</id><password><![CDATA[hunter2]]></password></server></servers></settings>",
        Verdict.DENY,
        id="maven-password-in-cdata",
    ),
    pytest.param(
        "P/settings.xml",
        "<settings><servers><server><password >hunter2</password ></server></servers></settings>",
        Verdict.ASK,
        id="maven-password-tag-with-space",
    ),
    pytest.param(
        "P/config.json",
        '{"auths": {"reg.example": {"username": "u", "password": "hunter2hunter2"}}}',
        Verdict.ASK,
        id="docker-auths-username-password",
    ),
    pytest.param(
        "P/config.json",
        '{"auths": {' + ", ".join(f'"r{i}.example": {{}}' for i in range(400)) + ', "z": {"Auth": "dTpodW50ZXIy"}}}',
        Verdict.ASK,
        id="docker-auth-far-after-auths-and-capitalised",
    ),
    pytest.param(
        ".npmrc",
        "; padding\n" + "#" * 70000 + "\n//registry.example/:_authToken=abcdef123456\n",
        Verdict.DENY,
        id="npmrc-token-past-the-bytes-read",
    ),
    pytest.param(".npmrc", '"//registry.example/:_authToken"=abcdef123456\n', Verdict.DENY, id="npmrc-quoted-key"),
    pytest.param("P/.yarnrc.yml", '"npmAuthToken": "abcdef123456"\n', Verdict.ASK, id="yarnrc-quoted-key"),
    pytest.param(
        "P/.yarnrc.yml", 'npmRegistries: {"//r.example": {npmAuthToken: abcdef123456}}\n', Verdict.ASK, id="yarnrc-flow"
    ),
    pytest.param("P/gradle.properties", "sonatypePassword  hunter2\n", Verdict.ASK, id="gradle-space-separator"),
    pytest.param("P/gradle.properties", "pass\\u0077ord=hunter2\n", Verdict.ASK, id="gradle-unicode-escaped-key"),
    pytest.param("P/gradle.properties", "signingInMemoryKey=abcdefabcdef\n", Verdict.ASK, id="gradle-in-memory-key"),
    pytest.param(
        "P/config.json", '{"auths": {"r": {"\\u0061uth": "dTpodW50ZXIy"}}}', Verdict.ASK, id="docker-escaped-key"
    ),
    pytest.param(
        "P/NuGet.Config",
        '<packageSourceCredentials><x><add key="&#67;learTextPassword" value="p"/></x></packageSourceCredentials>',
        Verdict.ASK,
        id="nuget-character-reference",
    ),
    pytest.param(
        "P/hosts.yml", '"github.com": {"oauth_token": "abcdefabcdefabcdefabcdef"}\n', Verdict.ASK, id="gh-flow"
    ),
    pytest.param("P/.sentryclirc", "[auth]\ntoken: abcdef123456\n", Verdict.ASK, id="sentryclirc-colon-separator"),
    pytest.param(
        "AppData/Roaming/Code/User/settings.json",
        '{"mcp": {"servers": {"x": {"env": {"API_TOKEN": "abcd1234efgh5678"}}}}}',
        Verdict.DENY,
        id="windows-editor-settings-with-mcp-token",
    ),
    pytest.param(
        "Library/Application Support/Code/User/settings.json",
        '{"sqltools.connections": [{"name": "db", "password": "hunter2hunter2"}]}',
        Verdict.DENY,
        id="macos-editor-settings-with-db-password",
    ),
]


@pytest.mark.parametrize(("rel", "text", "verdict"), STORE_SPELLINGS)
def test_store_secret_in_a_spelling_the_auth_lines_missed_is_a_credential(
    box: Sandbox, rel: str, text: str, verdict: Verdict
) -> None:
    path = plant(box, rel, text)
    command = f"cat '{path}'"
    assert_decided(box.decide(command), verdict, CREDENTIALS, command)


FAKE_CIPHERTEXT = [
    pytest.param(
        ".env", "$ANSIBLE_VAULT;1.1;AES256\nAWS_SECRET_ACCESS_KEY=abcd1234abcd1234abcd\n", id="vault-header-plain-body"
    ),
    pytest.param(
        "secrets.env",
        "DB_PASSWORD=hunter2\nsops_mac=ENC[AES256_GCM,data:x,iv:y,tag:z,type:str]\nsops_version=3.8.1\n",
        id="sops-dotenv-line-added-in-plain",
    ),
    pytest.param(
        ".env.prod",
        SOPS_YAML.replace("nested:\n", "api_key: hunter2hunter2\nnested:\n"),
        id="sops-yaml-value-added-in-plain",
    ),
    pytest.param(".env", SOPS_INI.replace("[sops]", "token = hunter2\n[sops]"), id="sops-ini-value-added-in-plain"),
    pytest.param(
        ".env",
        "\x00GITCRYPT\x00" + "n" * 12 + "DB_PASSWORD=hunter2\nAPI_KEY=abcdef\n",
        id="git-crypt-header-plain-body",
    ),
]


@pytest.mark.parametrize(("name", "text"), FAKE_CIPHERTEXT)
def test_secrets_file_with_an_encryption_header_but_plain_values_needs_a_person(
    box: Sandbox, name: str, text: str
) -> None:
    plant(box, f"P/{name}", text)
    command = f"cat {name}"
    assert_decided(box.decide(command), Verdict.FORCE_ASK, CREDENTIALS, command)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        pytest.param(".env.prod", SOPS_YAML, id="sops-yaml"),
        pytest.param(".env", SOPS_INI, id="sops-ini"),
        pytest.param(".env", "$ANSIBLE_VAULT;1.1;AES256\n6162636465\n3031323334\n", id="ansible-vault"),
        pytest.param(".env", "\x00GITCRYPT\x00" + "".join(chr(b) for b in range(1, 256)) * 3, id="git-crypt"),
    ],
)
def test_real_ciphertext_stays_readable(box: Sandbox, name: str, text: str) -> None:
    plant(box, f"P/{name}", text)
    assert_routine(box.decide(f"cat {name}"), f"cat {name}")


@pytest.mark.parametrize(
    "command",
    [
        "Get-ChildItem ~/.ssh | Select-String KEY",
        "Resolve-Path ~/.ssh/* | Get-Content",
        "gci ~/.ssh | Format-Hex",
        "Get-Item ~/.ssh/id_rsa | Get-Content",
        "Resolve-Path src,~/.ssh/* | Get-Content",
        "Get-ChildItem ~/.ssh | Where-Object Name -Like 'id*' | Get-Content",
        "Get-ChildItem ~/.ssh | Sort-Object Name | Select-String KEY",
        "Resolve-Path ~/.ssh/id_rsa | Select-Object Path | Get-Content",
        "Get-ChildItem ~/.ssh | Copy-Item -Destination /tmp/x",
    ],
)
def test_powershell_reader_fed_path_objects_reads_those_files(box: Sandbox, command: str) -> None:
    command = command.replace("~", str(box.home))
    assert_decided(box.decide(command), Verdict.DENY, CREDENTIALS, command)


@pytest.mark.parametrize(
    "command",
    [
        "Get-ChildItem src | Select-String print",
        "Get-Content src/app.py | Select-String print",
        "Get-ChildItem src | Where-Object Name -Like '*.py' | Select-String print",
    ],
)
def test_powershell_reader_fed_project_paths_stays_routine(box: Sandbox, command: str) -> None:
    assert_routine(box.decide(command), command)


def test_editor_settings_without_secrets_stay_routine(box: Sandbox) -> None:
    path = plant(
        box, "AppData/Roaming/Code/User/settings.json", '{"editor.fontSize": 14, "editor.tokenColorCustomizations": {}}'
    )
    assert_routine(box.decide(f"cat '{path}'"), "cat settings.json")


@pytest.mark.parametrize("command", ["xsel -b", "xsel", "echo x | xsel --clipboard"])
def test_xsel_without_a_mode_prints_the_clipboard_when_its_output_is_not_a_terminal(box: Sandbox, command: str) -> None:
    assert_decided(box.decide(command), Verdict.ASK, CREDENTIALS, command)


def test_xsel_input_mode_stays_routine(box: Sandbox) -> None:
    assert_routine(box.decide("echo x | xsel -ib"), "echo x | xsel -ib")


def test_watchexec_workdir_outside_runs_another_projects_command(box: Sandbox) -> None:
    command = "watchexec --workdir /tmp/x make"
    assert_decided(box.decide(command), Verdict.ASK, "floor.runs-code", command)
    assert_routine(box.decide("watchexec --workdir src make"), "watchexec --workdir src make")


def test_ngrok_config_names_a_file_it_reads(box: Sandbox) -> None:
    command = f"ngrok config check --config {box.home}/.ssh/id_rsa"
    assert_decided(box.decide(command), Verdict.DENY, CREDENTIALS, command)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        pytest.param(
            "gradle.properties",
            "org.gradle.jvmargs=-Xmx2g\nandroid.useAndroidX=true\nkotlin.code.style=official\n# put apiKey in ~/.gradle\n",
            id="gradle",
        ),
        pytest.param(
            "config.json", '{"psFormat": "table {{.ID}}\\u003e", "auths": {"r": {}}}', id="docker-html-escape"
        ),
        pytest.param(".yarnrc.yml", "npmRegistryServer: https://r.example\nnpmAuthToken: ${NPM_TOKEN}\n", id="yarnrc"),
    ],
)
def test_store_settings_without_a_secret_stay_routine(box: Sandbox, name: str, text: str) -> None:
    plant(box, f"P/{name}", text)
    assert_routine(box.decide(f"cat {name}"), f"cat {name}")


def test_store_reached_by_a_symlink_with_another_name_is_judged_by_the_store(box: Sandbox) -> None:
    store = plant(box, ".npmrc", "//registry.example/:_authToken=abcdef123456\n")
    (box.project / "notes.txt").symlink_to(store)
    assert_decided(box.decide("cat notes.txt"), Verdict.DENY, CREDENTIALS, "cat notes.txt")


@pytest.mark.xfail(
    strict=True,
    reason="a hard link has no name to follow back: store rules apply by name, and applying every rule to each file "
    "with st_nlink > 1 would judge pnpm's hard-linked node_modules by them; left open",
)
def test_store_reached_by_a_hard_link_with_another_name_is_a_credential(box: Sandbox) -> None:
    import os

    store = plant(box, ".npmrc", "//registry.example/:_authToken=abcdef123456\n")
    os.link(store, box.project / "notes.txt")
    assert_decided(box.decide("cat notes.txt"), Verdict.ASK, CREDENTIALS, "cat notes.txt")
