"""Credential stores missing from a list (session 7 audit): every store real CLIs, registries, forges, agents and
desktops keep on Linux, macOS and Windows (Git Bash paths) is a credential read, by any reader; settings files that
hold a secret only in an auth line are judged by what they hold, so the same file without one stays routine.

Nothing is run: calls are only evaluated. Files are planted in a throwaway HOME under tmp_path.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from hookward.policy.engine import evaluate
from hookward.policy.toolcall import ToolCall
from hookward.verdicts.decision import Verdict

CREDENTIALS = "floor.credentials"
KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----\n"


@pytest.fixture()
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    home = tmp_path / "home" / "u"
    project = home / "work" / "app"
    project.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "GIT_DIR"):
        monkeypatch.delenv(name, raising=False)
    return home, project


def shell(command: str, project: Path):
    return evaluate(ToolCall("shell", command=command, cwd=str(project), project_root=str(project)))


def read(path: str, project: Path):
    return evaluate(ToolCall("read", tool="Read", paths=[path], cwd=str(project), project_root=str(project)))


def place(spelling: str, home: Path, project: Path) -> str:
    if spelling.startswith("~/"):
        return str(home / spelling[2:])
    if spelling.startswith("P/"):
        return str(project / spelling[2:])
    return spelling


def readers(path: str) -> list[str]:
    quoted = shlex.quote(path)
    return [f"cat {quoted}", f"base64 {quoted}", f"cp {quoted} /tmp/x", f"grep -i token {quoted}"]


def assert_decided(decision, verdict: Verdict, what: str) -> None:
    assert decision.verdict == verdict, (what, decision.to_dict())
    assert CREDENTIALS in decision.rule_ids, (what, decision.to_dict())


# Stores that were allowed (or only asked as an unlisted dot-file) before this audit.
STORES = [
    # macOS and Windows application data, which no dot-directory default reached
    "~/Library/Application Support/doctl/config.yaml",
    "~/Library/Preferences/netlify/config.json",
    "~/Library/Application Support/ngrok/ngrok.yml",
    "~/AppData/Local/ngrok/ngrok.yml",
    "~/Library/Containers/io.tailscale.ipn.macos/Data/state",
    "~/Library/Application Support/pypoetry/auth.toml",
    "~/Library/Preferences/helm/registry/config.json",
    "~/Library/Application Support/dart/pub-credentials.json",
    "~/Library/Application Support/glab-cli/config.yml",
    "~/AppData/Roaming/glab-cli/config.yml",
    "~/Library/Application Support/tea/config.yml",
    "~/Library/Application Support/Windsurf/User/globalStorage/state.vscdb",
    "~/AppData/Roaming/VSCodium/User/globalStorage/state.vscdb",
    "~/Library/Application Support/JetBrains/IntelliJIdea2024.1/c.pwd",
    "~/AppData/Roaming/JetBrains/IntelliJIdea2024.1/c.pwd",
    "~/AppData/Local/github-copilot/hosts.json",
    "~/Library/Application Support/io.datasette.llm/keys.json",
    "~/Library/Application Support/Slack/Local Storage/leveldb/000003.ldb",
    "~/AppData/Roaming/Slack/Cookies",
    "~/AppData/Roaming/postgresql/pgpass.conf",
    "~/Library/Application Support/snowflake/connections.toml",
    # dot-directories that were only asked as unlisted
    "~/.config/.wrangler/config/default.toml",
    "~/.config/railway/config.json",
    "~/.snowflake/connections.toml",
    "~/.config/Windsurf/User/globalStorage/state.vscdb",
    "~/.cursor-server/data/User/globalStorage/state.vscdb",
    "~/.config/cursor/auth.json",
    "~/.gemini/mcp-oauth-tokens.json",
    "~/.local/share/opencode/mcp-auth.json",
    "~/.openclaw/credentials/whatsapp.json",
    "~/.openclaw/agents/main/agent/auth-profiles.json",
    "~/.pi/agent/auth.json",
    "~/.omp/agent/auth.json",
    "~/.local/share/gem/credentials",
    "~/.config/io.datasette.llm/keys.json",
    "~/.continuum/anaconda-client/tokens/https%3A%2F%2Fapi.anaconda.org.token",
    "~/.okta/okta.yaml",
    "~/.edgerc",
    "~/.config/Slack/Cookies",
    "~/_netrc",
    "~/.config/helm/repositories.yaml",
    "~/.rclone.conf",
    "~/.gcm/store/git/https/github.com/u.credential",
    # system places
    "/proc/1/task/1/environ",
    "/var/lib/cloud/instance/user-data.txt",
    "/var/lib/cloud/instances/i-0abc/user-data.txt.i",
    "/var/lib/waagent/ovf-env.xml",
    # stores whose whole content is a credential, wherever their tool is pointed
    "P/kaggle.json",
    "P/.databrickscfg",
    "P/.s3cfg",
    "P/.aws/credentials",
    "/tmp/scratch-home/.aws/credentials",
    "P/config/kubeconfig-prod.yaml",
    "P/deploy/.htpasswd",
    "P/nginx/htpasswd",
    "P/ci/.docker/config.json",
]


@pytest.mark.parametrize("store", STORES)
def test_reading_a_credential_store_the_lists_missed_is_denied(world, store: str) -> None:
    home, project = world
    path = place(store, home, project)
    for command in readers(path):
        assert_decided(shell(command, project), Verdict.DENY, command)
    assert_decided(read(path, project), Verdict.DENY, f"Read {path}")


@pytest.mark.parametrize(
    "store",
    [
        "/c/Users/x/AppData/Local/ngrok/ngrok.yml",
        "/c/Users/x/AppData/Roaming/glab-cli/config.yml",
        "/c/Users/x/AppData/Roaming/Slack/Local Storage/leveldb/000003.ldb",
        "/c/Users/x/AppData/Roaming/postgresql/pgpass.conf",
        "/c/Users/x/AppData/Local/github-copilot/hosts.json",
    ],
)
def test_a_windows_profile_reached_from_git_bash_holds_the_same_stores(world, store: str) -> None:
    _home, project = world
    assert_decided(shell(f"cat {shlex.quote(store)}", project), Verdict.DENY, store)


@pytest.mark.parametrize(
    "place_",
    [
        "~/Library/Application Support/SomeNewCli/token.json",
        "~/Library/Group Containers/group.com.example.app/auth.plist",
        "~/AppData/Roaming/some-new-cli/auth.json",
        "/c/Users/x/AppData/Local/SomeNewCli/credentials",
    ],
)
def test_unlisted_application_data_asks_as_an_unlisted_dot_directory_does(world, place_: str) -> None:
    home, project = world
    path = place(place_, home, project)
    assert_decided(shell(f"cat {shlex.quote(path)}", project), Verdict.ASK, path)


# (where, a body with an auth line): in the home a denial, in the project an ask (a person confirms), like any
# secret found by content.
SECRET_BODIES = [
    ("~/.npmrc", "//registry.npmjs.org/:_authToken=0123456789abcdef0123\n"),
    ("~/.npmrc", "_auth=dXNlcjpwYXNz\nalways-auth=true\n"),
    ("~/.config/gh/config.yml", "hosts:\n  github.com:\n    oauth_token: 0123456789abcdef0123456789abcdef01234567\n"),
    ("P/.npmrc", "//artifactory.corp/api/npm/:_password=c2VjcmV0\n"),
    ("P/.yarnrc.yml", "npmRegistries:\n  //npm.corp:\n    npmAuthToken: abcd1234efgh\n"),
    ("P/auth.json", '{"http-basic": {"repo.example.org": {"username": "u", "password": "p"}}}\n'),
    (
        "P/nuget.config",
        '<packageSourceCredentials><c><add key="ClearTextPassword" value="p" /></c></packageSourceCredentials>',
    ),
    ("P/.m2/settings.xml", "<settings><servers><server><password>hunter2</password></server></servers></settings>\n"),
    ("P/gradle.properties", "ossrhUsername=me\nossrhPassword=hunter2\n"),
    ("P/.condarc", "channels:\n  - https://conda.anaconda.org/t/ab-12345678-cdef/private\n"),
    ("P/.sentryclirc", "[auth]\ntoken=abcdef0123456789\n"),
    ("P/ci/docker/config.json", '{"auths": {"ghcr.io": {"auth": "dXNlcjp0b2tlbg=="}}}\n'),
    # a PEM key base64-encoded again (a Kubernetes TLS secret, kubeconfig's client-key-data)
    ("P/k8s/tls.yaml", "kind: Secret\ndata:\n  tls.key: LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tCk1JSUU=\n"),
    ("P/keys/deploy_key", KEY),
    # Google OAuth access tokens (the pattern had a doubled backslash and never matched)
    ("~/notes/token.txt", "ya29.a0AfH6SMBxxxxxxxxxxxxxxxxxxxxxxxxx\n"),
]


@pytest.mark.parametrize(("where", "body"), SECRET_BODIES)
def test_a_settings_file_with_an_auth_line_is_a_credential_read(world, where: str, body: str) -> None:
    home, project = world
    path = Path(place(where, home, project))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)
    verdict = Verdict.ASK if where.startswith("P/") else Verdict.DENY
    for command in [*readers(str(path)), f"tar czf - {shlex.quote(str(path))}"]:
        assert_decided(shell(command, project), verdict, command)
    assert_decided(read(str(path), project), verdict, f"Read {path}")


# The same files without an auth line (or naming a variable), and their neighbours: routine.
ROUTINE_BODIES = [
    ("~/.npmrc", "registry=https://registry.npmjs.org/\nsave-exact=true\n"),
    ("~/.npmrc", "//npm.pkg.github.com/:_authToken=${GITHUB_TOKEN}\n"),
    ("~/.config/gh/config.yml", "git_protocol: ssh\neditor: vim\naliases:\n  co: pr checkout\n"),
    ("P/.npmrc", "engine-strict=true\n"),
    ("P/.yarnrc.yml", "nodeLinker: node-modules\nnpmAuthToken: ${NPM_TOKEN}\n"),
    ("P/auth.json", '{"name": "x"}\n'),
    (
        "P/NuGet.Config",
        '<packageSources><add key="nuget.org" value="https://api.nuget.org/v3/index.json" /></packageSources>',
    ),
    (
        "P/.m2/settings.xml",
        "<settings><servers><server><password>${env.MAVEN_PASSWORD}</password></server></servers></settings>",
    ),
    ("P/gradle.properties", "org.gradle.jvmargs=-Xmx2g\nandroid.useAndroidX=true\nsigning.keyId=24875D73\n"),
    ("P/.condarc", "channels:\n  - conda-forge\n"),
    ("P/.sentryclirc", "[defaults]\norg=acme\nproject=web\n"),
    ("P/ci/docker/config.json", '{"auths": {"ghcr.io": {}}, "credsStore": "desktop"}\n'),
    ("P/src/config.json", '{"auth": {"enabled": true}, "port": 8080}\n'),
    ("P/README.md", "Put `//registry.npmjs.org/:_authToken=YOUR_TOKEN` in .npmrc\n"),
    ("P/.env.example", "API_KEY=\n"),
    ("P/src/app.py", "password = request.form['password']\n"),
    ("~/Library/Application Support/Code/User/settings.json", '{"editor.tabSize": 2}\n'),
    ("~/AppData/Roaming/Cursor/User/keybindings.json", "[]\n"),
]


@pytest.mark.parametrize(("where", "body"), ROUTINE_BODIES)
def test_the_same_files_without_an_auth_line_stay_readable(world, where: str, body: str) -> None:
    home, project = world
    path = Path(place(where, home, project))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)
    for decision in (shell(f"cat {shlex.quote(str(path))}", project), read(str(path), project)):
        assert decision.verdict == Verdict.ALLOW, (where, decision.to_dict())
        assert CREDENTIALS not in decision.rule_ids, (where, decision.to_dict())


def test_a_settings_file_reached_through_a_symlink_is_judged_by_the_name_it_was_read_by(world) -> None:
    """A dotfiles manager links ~/.npmrc to ~/dotfiles/npmrc: the content rules of `.npmrc` still apply."""
    home, project = world
    real = home / "dotfiles" / "npmrc"
    real.parent.mkdir(parents=True)
    real.write_text("//registry.npmjs.org/:_authToken=0123456789abcdef0123\n")
    (home / ".npmrc").symlink_to(real)
    assert_decided(shell("cat ~/.npmrc", project), Verdict.DENY, "cat ~/.npmrc")
    assert_decided(read(str(home / ".npmrc"), project), Verdict.DENY, "Read ~/.npmrc")


SOPS_YAML = (
    "db_password: ENC[AES256_GCM,data:Tr7o=,iv:1=,tag:2=,type:str]\n"
    "sops:\n    age:\n        - recipient: age1xyz\n"
    "    mac: ENC[AES256_GCM,data:abc=,iv:def=,tag:ghi=,type:str]\n    version: 3.9.0\n"
)


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("secrets.yaml", SOPS_YAML),
        ("secrets.json", '{"token": "ENC[AES256_GCM,data:x=]",\n  "sops": {\n    "mac": "ENC[AES256_GCM,data:y=]"}}\n'),
        (".env", "API_KEY=ENC[AES256_GCM,data:x=,type:str]\nsops_mac=ENC[AES256_GCM,data:y=,type:str]\n"),
        ("secrets.yml", "$ANSIBLE_VAULT;1.1;AES256\n6162636465\n"),
    ],
)
def test_a_project_secret_file_encrypted_at_rest_is_routine_to_read(world, name: str, body: str) -> None:
    _home, project = world
    (project / name).write_text(body)
    decision = shell(f"cat {name}", project)
    assert decision.verdict == Verdict.ALLOW, decision.to_dict()
    assert CREDENTIALS not in decision.rule_ids


@pytest.mark.parametrize(
    "body",
    [
        "db_password: hunter2\n",
        "db_password: hunter2\nsops:\n    version: 3.9.0\n",  # a sops block without its MAC is not sops output
    ],
)
def test_a_plaintext_project_secret_file_still_needs_a_person(world, body: str) -> None:
    _home, project = world
    (project / "secrets.yaml").write_text(body)
    assert_decided(shell("cat secrets.yaml", project), Verdict.FORCE_ASK, "cat secrets.yaml")


@pytest.mark.parametrize(
    "command",
    [
        "security find-generic-password -w -s github.com",
        "security find-internet-password -g -s github.com",
        "security dump-keychain -d",
        "security export -k login.keychain -t identities -f pkcs12 -o /tmp/k.p12",
    ],
)
def test_reading_a_keychains_secrets_is_denied(world, command: str) -> None:
    _home, project = world
    assert_decided(shell(command, project), Verdict.DENY, command)


@pytest.mark.parametrize("command", ["security find-identity -v -p codesigning", "security find-certificate -a -p"])
def test_listing_a_keychains_public_certificates_is_not_a_secret_read(world, command: str) -> None:
    """Identities and certificates are listed by hash and name (public); an iOS build lists them routinely."""
    _home, project = world
    decision = shell(command, project)
    assert CREDENTIALS not in decision.rule_ids, decision.to_dict()
    assert decision.verdict == Verdict.ASK, decision.to_dict()  # an unmodelled security subcommand
