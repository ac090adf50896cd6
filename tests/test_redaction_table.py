"""Redaction by flag grammar: the value in a password position is a secret whatever it looks like.

Each form puts a low-entropy secret (`hunter2`, `password1`) where a common tool takes a password,
token or key; none of them looks random, so only the program's grammar can tell. The readable forms
are the look-alikes that carry no secret (a port after `docker run -p`, a prompt from `mysql -p`, a
file that holds the vault password) and must stay as they are.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hookward.adapters.base import WireAnswer
from hookward.policy.toolcall import ToolCall
from hookward.verdicts import ledger
from hookward.verdicts.decision import Decision, Verdict
from hookward.verdicts.redact import MARK, redact

# command, the secret planted in it
FORMS = [
    ("docker login -p hunter2 registry.example.com", "hunter2"),
    ("docker login --password hunter2 -u bob", "hunter2"),
    ("docker login --password=hunter2", "hunter2"),
    ("podman login -u bob -p password1 quay.io", "password1"),
    ("helm registry login -u bob -p hunter2 ghcr.io", "hunter2"),
    ("redis-cli -h db -a hunter2 ping", "hunter2"),
    ("redis-cli --pass hunter2 ping", "hunter2"),
    ("htpasswd -b .htpasswd alice hunter2", "hunter2"),
    ("htpasswd -cbB /etc/nginx/htpasswd alice password1", "password1"),
    ("htpasswd -nb alice hunter2", "hunter2"),
    ("smbclient //srv/share -U alice%hunter2", "hunter2"),
    ("smbclient //srv/share --user=alice%hunter2", "hunter2"),
    ("ldapsearch -x -D cn=admin -w hunter2 -b dc=x", "hunter2"),
    ("ldapsearch -x -whunter2 -b dc=x", "hunter2"),
    ("zip -P hunter2 out.zip a.txt", "hunter2"),
    ("unzip -P hunter2 in.zip", "hunter2"),
    ("7z a -phunter2 out.7z dir", "hunter2"),
    ("7z x -p'pass word' in.7z", "pass word"),
    ("vault login s.hunter2token", "s.hunter2token"),
    ("vault login -method=userpass username=bob password=hunter2", "hunter2"),
    ("mysql -u root -phunter2 app", "hunter2"),
    ("mysql --password=hunter2 app", "hunter2"),
    ("mysqladmin -u root password hunter2", "hunter2"),
    ('psql "postgresql://bob:hunter2@db.example.com/app"', "hunter2"),
    ('pg_dump "host=db user=bob password=hunter2 dbname=app"', "hunter2"),
    ("curl -u bob:hunter2 https://x.example", "hunter2"),
    ("curl --user bob:hunter2 https://x.example", "hunter2"),
    ("curl --oauth2-bearer hunter2 https://x.example", "hunter2"),
    ("wget --password=hunter2 https://x.example/f", "hunter2"),
    ("wget --http-password hunter2 https://x.example/f", "hunter2"),
    ("sshpass -p hunter2 ssh bob@host", "hunter2"),
    ("sshpass -phunter2 ssh bob@host", "hunter2"),
    ("openssl rsa -in k.pem -passin pass:hunter2 -out k2.pem", "hunter2"),
    ("openssl pkcs12 -export -passout pass:hunter2 -out x.p12", "hunter2"),
    ("openssl enc -aes-256-cbc -k hunter2 -in a -out b", "hunter2"),
    ("gpg --batch --passphrase hunter2 -d secret.gpg", "hunter2"),
    ("git clone https://bob:hunter2@git.example.com/r.git", "hunter2"),
    ("export PASSWORD=hunter2", "hunter2"),
    ("PGPASSWORD=hunter2 psql -h db app", "hunter2"),
    ("mongo -u admin -p hunter2 --authenticationDatabase admin", "hunter2"),
    ("mongosh --username admin --password hunter2", "hunter2"),
    ("rabbitmqctl add_user bob hunter2", "hunter2"),
    ("rabbitmqctl change_password bob password1", "password1"),
    ("keytool -list -keystore ks.jks -storepass hunter2", "hunter2"),
    ("keytool -genkey -keystore ks.jks -keypass hunter2 -alias a", "hunter2"),
    ("keytool -storepasswd -new hunter2 -keystore ks.jks", "hunter2"),
    ("jarsigner -keystore ks.jks -storepass hunter2 app.jar alias", "hunter2"),
    ("gh auth login --with-token <<< hunter2tok", "hunter2tok"),
    ("echo hunter2tok | gh auth login --with-token", "hunter2tok"),
    ("echo hunter2 | docker login -u bob --password-stdin", "hunter2"),
    ("echo 'bob:hunter2' | chpasswd", "hunter2"),
    ("echo hunter2 | sudo -S apt update", "hunter2"),
    ("npm login --password hunter2", "hunter2"),
    ("npm config set //registry.npmjs.org/:_authToken hunter2tok", "hunter2tok"),
    ("az login -u bob@x.com -p hunter2", "hunter2"),
    ("az keyvault secret set --vault-name v --name n --value hunter2", "hunter2"),
    ("sqlcmd -S db -U sa -P hunter2 -Q 'select 1'", "hunter2"),
    ("java -Djavax.net.ssl.keyStorePassword=hunter2 -jar app.jar", "hunter2"),
    ("deploy --token=hunter2tok", "hunter2tok"),
    ("tool --api-key hunter2key", "hunter2key"),
    ("curl -H 'Authorization: Bearer hunter2tok' https://x.example", "hunter2tok"),
    ("curl 'https://x.example/api?access_token=hunter2tok&page=2'", "hunter2tok"),
    ("ssh-keygen -t ed25519 -N hunter2 -f key", "hunter2"),
    ("cqlsh -u cassandra -p hunter2 db", "hunter2"),
    ("clickhouse-client --password hunter2 -q 'select 1'", "hunter2"),
    ("twine upload -u __token__ -p hunter2tok dist/*", "hunter2tok"),
    ("svn checkout --username bob --password hunter2 https://svn.example/r", "hunter2"),
    ("lftp -u bob,hunter2 ftp.example.com", "hunter2"),
    ("xfreerdp /u:bob /p:hunter2 /v:host", "hunter2"),
    ("sqlplus bob/hunter2@orcl", "hunter2"),
    ("mc alias set myminio https://minio.example AKEYID hunter2secret", "hunter2secret"),
    ("aws configure set aws_secret_access_key hunter2", "hunter2"),
    ("fly secrets set DATABASE_URL=hunter2 API=password1", "password1"),
    ("nmcli dev wifi connect home password hunter2", "hunter2"),
    ("wpa_passphrase homenet hunter2", "hunter2"),
    ("gh secret set DEPLOY_KEY --body hunter2", "hunter2"),
    ("useradd -m -p hunter2 bob", "hunter2"),
    ("sudo -u postgres psql 'postgresql://u:hunter2@h/db'", "hunter2"),
    ("env FOO=1 redis-cli -a hunter2 info", "hunter2"),
    ("doctl auth init -t hunter2tok", "hunter2tok"),
]
READABLE = [
    "ansible-vault view --vault-password-file ~/.vault_pass secrets.yml",
    "docker run -p 8080:80 nginx",
    "mysql -u root -p app",
    "redis-cli -h localhost -p 6379 ping",
    "zip -r out.zip src",
    "curl -u bob https://x.example",
    "openssl rsa -in k.pem -passin env:KEY_PASS",
    "7z x archive.7z -o/tmp/out",
]


@pytest.mark.parametrize(
    ("command", "secret"), FORMS, ids=[f"{i:02d}-{c.split()[0]}" for i, (c, _) in enumerate(FORMS)]
)
def test_secret_in_a_password_position_is_redacted(command: str, secret: str) -> None:
    redacted = redact(command)
    assert secret not in redacted and MARK in redacted, redacted


@pytest.mark.parametrize("command", READABLE)
def test_look_alike_without_a_secret_stays_readable(command: str) -> None:
    assert redact(command) == command


def test_the_table_covers_at_least_40_forms_across_20_tools() -> None:
    assert len(FORMS) >= 40
    assert len({command.split("|")[-1].split()[0] for command, _ in FORMS}) >= 20


def test_quoted_secret_keeps_its_quotes_and_the_rest_of_the_line() -> None:
    assert redact("redis-cli -a 'hunter 2' --scan") == "redis-cli -a '[REDACTED]' --scan"
    assert redact("smbclient //srv/s -U 'alice%hunter2'") == "smbclient //srv/s -U 'alice%[REDACTED]'"


def test_a_reference_to_a_secret_is_not_the_secret() -> None:
    assert redact('redis-cli -a "$REDIS_PASSWORD" ping').count(MARK) <= 1
    assert redact('grep x <<< "$value"') == 'grep x <<< "$value"'


@pytest.fixture
def state(tmp_path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    base = tmp_path / "xdg-state"
    monkeypatch.setenv("XDG_STATE_HOME", str(base))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return base / "hookward"


def _call(command: str, tool_use_id: str) -> ToolCall:
    return ToolCall(
        "shell",
        tool="Bash",
        command=command,
        cwd="/work/proj",
        project_root="/work/proj",
        host="claude-code",
        event="PreToolUse",
        session_id="s1",
        tool_use_id=tool_use_id,
    )


def test_no_planted_secret_reaches_the_state_directory_stored_spooled_or_failed(state: Path) -> None:
    """Every form, through the database, through the spool (the ledger locked), and in a fail-closed reason."""
    decision = Decision(Verdict.ASK, ["asks about: " + FORMS[0][0]], ["program.unknown"])
    for index, (command, _secret) in enumerate(FORMS):
        ledger.record_decision(_call(command, f"d{index}"), decision, "ask", WireAnswer("{}", 0, ""))
        reason = f"hookward failed closed: ValueError: cannot read {command!r}"
        ledger.record_failure("claude-code", "PreToolUse", _call(command, f"f{index}"), reason, None)
    locker = sqlite3.connect(state / ledger.DB_NAME, isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        for index, (command, _secret) in enumerate(FORMS):
            assert ledger.write(ledger.decision_row(_call(command, f"s{index}"), decision, "ask", None)) == "spooled"
        everything = b"".join(p.read_bytes() for p in sorted(state.rglob("*")) if p.is_file())
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    conn = ledger.open_ledger(str(state))
    try:
        assert len(ledger.raw_rows(conn)) == 3 * len(FORMS)
    finally:
        conn.close()
    everything += b"".join(p.read_bytes() for p in sorted(state.rglob("*")) if p.is_file())
    leaked = [secret for _command, secret in FORMS if secret.encode() in everything]
    assert leaked == []
