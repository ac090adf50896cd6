"""Redaction: what the ledger may keep of a tool call's text.

Everything the ledger stores about a call (its one-line summary, the reasons
that quote it, the fingerprint that correlates it) goes through `redact`
first, so a secret on a command line never reaches the disk. The rules err
toward over-redaction: an audit line that reads `[REDACTED]` where a git SHA
stood is a small loss; a live token in a file is not.

What is recognized:
- PEM private key blocks; heredoc bodies (file contents, elided whole);
- Authorization, Cookie and API-key headers;
- passwords in URLs (`https://user:pass@host`) and secret-named query parameters;
- `NAME=value`, `--name value`, `"name": "value"` where the name says secret
  (token, secret, password, api key, credential, auth, ...);
- `mysql -pPASSWORD`, `sshpass -p PASSWORD`, `curl -u user:PASSWORD`;
- by flag grammar (SECRET_ARGUMENTS): the value in a password position of a known program
  (`redis-cli -a`, `docker login -p`, `htpasswd -b FILE USER PW`, `smbclient -U user%PW`, `vault
  login TOKEN`, ...) whatever it looks like, what `echo` pipes into a program reading its secret from
  stdin (`--password-stdin`, `--with-token`, `chpasswd`, `sudo -S`), and here-strings (`<<< WORD`);
  also inside a quoted command line (`bash -c '...'`, a reason quoting the call);
- well-known token shapes (sk-..., ghp_..., AKIA..., xox?-..., JWTs, ...);
- any other long string that looks random (high entropy, letters and digits).

Standard library only: this runs in every hook process.
"""

from __future__ import annotations

import math
import os
import re

MARK = "[REDACTED]"

# Longest stretch of text examined; nothing past it is ever stored.
MAX_SCAN = 4096

# Patterns are kept as text and compiled on first use (re caches them): compiling
# all of them costs several milliseconds, paid by every hook process, while a
# typical command line triggers only two or three.
SECRET_WORDS = (
    r"(?i)token|secret|passw|passwd|pwd|pass$|^pass|apikey|api_key|api-key|access_key|access-key|private_key|"
    r"private-key|credential|creds?$|auth|cookie|session_key|signature|^sig$|key$|^key|_key_|-key-|salt"
)
# Names that contain a secret word but say nothing secret.
NOT_SECRET_NAMES = frozenset({"author", "authors", "oauth_callback", "keyboard", "keys", "passes", "bypass"})

PRIVATE_KEY_BLOCK = (
    r"(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
)
HEREDOC = r"(?sm)<<-?[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1[^\n]*\n(.*?)(?:^[ \t]*\2[ \t]*$|\Z)"
HEADER_NAMES = (
    "authorization",
    "api-key",
    "auth-token",
    "access-token",
    "private-token",
    "security-token",
    "cookie",
)
HEADER = (
    r"(?i)\b((?:proxy-)?authorization|x-api-key|api-key|x-auth-token|x-access-token|private-token|"
    r"x-amz-security-token|x-goog-api-key|cookie|set-cookie)(\s*:\s*)[^'\"\n\r]*"
)
URL_USERINFO = r"(?i)\b([a-z][a-z0-9+.\-]{1,20}://)([^\s/?#@'\"]+)@"
SECRET_PARAM = r"([?&;])([^=&\s'\"#?]+)=([^&\s'\"#]+)"
# NAME=value, --name=value, name: value, "name": "value"
ASSIGNMENT = (
    r"""(?<![\w$-])(["']?)(-{0,2}[A-Za-z_][\w.-]*)\1(\s*[=:]\s*|\s*=>\s*)("[^"\n]*"|'[^'\n]*'|[^\s'"&|;,)}]+)"""
)
# --name value (a flag that names a secret, then its value as the next word)
FLAG_VALUE = r"""(?<![\w-])(--?[A-Za-z][\w-]*)(\s+)("[^"\n]*"|'[^'\n]*'|[^\s'"&|;-][^\s'"&|;]*)"""
MYSQL_PASSWORD = r"(?i)(\b(?:mysql\w*|mariadb[\w-]*)\b[^\n;&|]*?\s-p)(?!\s)(\"[^\"]*\"|'[^']*'|\S+)"
SSHPASS = r"(\bsshpass\b[^\n;&|]*?\s-p\s*)(\S+)"
USER_FLAGS = ("-u", "-U", "--user", "--proxy-user", "--http-user")
USER_PASSWORD_FLAG = r"""(?<![\w-])(-u|-U|--user|--proxy-user|--http-user)(\s+|=)(["']?)([^\s:'"]+):([^\s'"]+)"""

# Well-known token shapes: (substrings that must occur, pattern). Each is tried
# only where its prefix occurs. 32+ hex digits need no entry: looks_random takes them.
TOKEN_SHAPES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("sk-",), r"sk-[A-Za-z0-9_\-]{16,}"),
    (("_live_", "_test_"), r"(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}"),
    (("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), r"gh[pousr]_[A-Za-z0-9]{20,}"),
    (("github_pat_",), r"github_pat_[A-Za-z0-9_]{20,}"),
    (("glpat-",), r"glpat-[A-Za-z0-9_\-]{16,}"),
    (("xox",), r"xox[abposre]-[A-Za-z0-9\-]{10,}"),
    (
        ("AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA", "ANVA", "AIPA"),
        r"(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}",
    ),
    (("AIza",), r"AIza[0-9A-Za-z_\-]{30,}"),
    (("ya29.",), r"ya29\.[0-9A-Za-z_\-]{20,}"),
    (("eyJ",), r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
    (("npm_",), r"npm_[A-Za-z0-9]{30,}"),
    (("hf_",), r"hf_[A-Za-z0-9]{30,}"),
    (("pypi-",), r"pypi-[A-Za-z0-9_\-]{30,}"),
    (("SG.",), r"SG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}"),
    (("dop_v1_",), r"dop_v1_[a-f0-9]{40,}"),
    (("shpat_", "shpss_", "shpca_", "shppa_"), r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}"),
    (("sq0",), r"sq0[a-z]{3}-[A-Za-z0-9_\-]{22,}"),
    (("AGE-SECRET-KEY-",), r"AGE-SECRET-KEY-1[0-9A-Z]{50,}"),
)
TOKEN_START = r"(?<![A-Za-z0-9])"
CANDIDATE = re.compile(r"[A-Za-z0-9+/_\-=]{16,}")
HEX = re.compile(r"[0-9a-fA-F]+")
WHITESPACE = re.compile(r"\s+")


# A name for where a secret is kept, not for the secret: --vault-password-file PATH, PASSWORD_FILE=/run/...
NAMES_A_PLACE = r"(?i)(?:^|[-_.])(?:file|files|path|dir|fd|stdin)$"


def is_secret_name(name: str) -> bool:
    bare = name.lstrip("-").strip("'\"")
    if bare.lower() in NOT_SECRET_NAMES or re.search(NAMES_A_PLACE, bare):
        return False
    return re.search(SECRET_WORDS, bare) is not None


def entropy(text: str) -> float:
    """Shannon entropy in bits per character."""
    counts: dict[str, int] = {}
    for char in text:
        counts[char] = counts.get(char, 0) + 1
    length = len(text)
    return -sum(n / length * math.log2(n / length) for n in counts.values())


def looks_random(word: str) -> bool:
    """A key, token or hash rather than a word, a name or a path."""
    if MARK in word:
        return False
    has_digit = any(c.isdigit() for c in word)
    has_alpha = any(c.isalpha() for c in word)
    if not (has_digit and has_alpha):
        return False
    if len(word) >= 32 and HEX.fullmatch(word):
        return True
    if len(word) < 20:
        return False
    classes = any(c.islower() for c in word) + any(c.isupper() for c in word) + has_digit
    bits = entropy(word)
    return bits >= 3.5 if classes >= 3 else bits >= 4.0


def _random_run(match: re.Match[str]) -> str:
    word = match.group(0)
    if word.startswith("/") or word.startswith("~") or "//" in word:
        # A path: judge it one segment at a time, so directory names survive.
        return "/".join(MARK if looks_random(part) else part for part in word.split("/"))
    return MARK if looks_random(word) else word


def _userinfo(match: re.Match[str]) -> str:
    scheme, userinfo = match.group(1), match.group(2)
    if ":" in userinfo:
        user = userinfo.split(":", 1)[0]
        return f"{scheme}{MARK if looks_random(user) or known_token(user) else user}:{MARK}@"
    # A user-only userinfo is often a token (https://ghp_xxx@github.com); ssh://git@ is not.
    if len(userinfo) >= 16 or looks_random(userinfo) or known_token(userinfo):
        return f"{scheme}{MARK}@"
    return match.group(0)


def _param(match: re.Match[str]) -> str:
    sep, name, _value = match.groups()
    return f"{sep}{name}={MARK}" if is_secret_name(name) or name.lower() == "code" else match.group(0)


def _quoted_mark(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[0] + MARK + value[0]
    return MARK


def _assignment(match: re.Match[str]) -> str:
    quote, name, sep, value = match.groups()
    if not is_secret_name(name):
        # The value may hold its own assignment: --from-literal=password=x
        return f"{quote}{name}{quote}{sep}{re.sub(ASSIGNMENT, _assignment, value)}" if "=" in value else match.group(0)
    if value in (MARK, f'"{MARK}"', f"'{MARK}'"):
        return match.group(0)
    if value.startswith("$") and not value.startswith("$("):
        return match.group(0)  # a reference ($TOKEN), not the secret itself
    return f"{quote}{name}{quote}{sep}{_quoted_mark(value)}"


# openssl's and others' ways to name where a secret is, instead of the secret: env:VAR, file:PATH, fd:N, stdin
SECRET_REFERENCE = r"(?:env|file|fd):|stdin$"


def _flag_value(match: re.Match[str]) -> str:
    flag, space, value = match.groups()
    if not is_secret_name(flag) or value.startswith("$") or MARK in value or re.match(SECRET_REFERENCE, value):
        return match.group(0)
    return f"{flag}{space}{_quoted_mark(value)}"


def _heredoc(match: re.Match[str]) -> str:
    body = match.group(3)
    lines = body.count("\n") + (0 if body.endswith("\n") or not body else 1)
    head = match.group(0)[: match.start(3) - match.start(0)]
    return f"{head}[heredoc body, {lines} lines elided]\n{match.group(2)}"


def known_token(text: str) -> bool:
    return any(
        any(p in text for p in prefixes) and re.search(TOKEN_START + shape, text) for prefixes, shape in TOKEN_SHAPES
    )


# ---------------------------------------------------------------- by flag grammar
#
# Where a program takes a secret as an argument, the argument is a secret whatever it looks like
# (`hunter2` after `redis-cli -a` is as secret as a random token). Each entry names the programs, and
# what of their command line is secret:
#   opts      options whose value is secret: the next word, or `--opt=VALUE`, or `-oVALUE` for one letter
#   attached  one-letter options whose value is secret only when attached (`mysql -pPW`; `-p` alone prompts)
#   args      options that take a value that is not secret (so operands are counted right)
#   after     option -> separator: only what follows the separator in its value is secret (`-U user%PW`)
#   operands  1-based positions of secret operands (after the subcommand words)
#   keyvalue  `set KEY VALUE`: VALUE is secret when KEY names a secret
#   values    every KEY=VALUE operand's VALUE is secret (`fly secrets set`)
#   keywords  the word after one of these operand words is secret (`nmcli ... password PW`)
#   sub       subcommand word -> the entry that applies after it
LOGIN = {"opts": "-p --password", "args": "-u --username --authfile"}
SECRET_ARGUMENTS: dict[str, dict] = {
    "docker podman nerdctl buildah skopeo oras crane regctl": {"sub": {"login": LOGIN}},
    "helm": {"sub": {"registry": {"sub": {"login": LOGIN}}, "repo": {"sub": {"add": {"opts": "--password"}}}}},
    "redis-cli valkey-cli keydb-cli": {"opts": "-a --pass --password", "args": "-h -p -n -u --user"},
    "htpasswd": {"htpasswd": {}},
    "smbclient rpcclient smbcacls smbget smbcquotas smbtree": {
        "after": {"-U": "%", "--user": "%"},
        "opts": "--password",
    },
    "ldapsearch ldapmodify ldapadd ldapdelete ldapwhoami ldapcompare ldapexop ldapmodrdn": {"opts": "-w"},
    "ldappasswd": {"opts": "-w -a -s"},
    "zip zipcloak": {"opts": "-P --password"},
    "unzip funzip": {"opts": "-P"},
    "7z 7za 7zr 7zz": {"attached": "-p"},
    "rar unrar": {"attached": "-p -hp"},
    "vault": {"sub": {"login": {"operands": (1,), "args": "-method -path -address -namespace"}}},
    "mysql mysqldump mysqladmin mysqlimport mysqlshow mysqlcheck mysqlpump mysqlsh mariadb mariadb-dump mariadb-admin": {
        "attached": "-p",
        "opts": "--password",
        "args": "-u --user -h --host -P --port -D --database -e --execute",
        "keywords": "password",
    },
    "sshpass": {"opts": "-p"},
    "mongo mongosh mongodump mongorestore mongoexport mongoimport mongostat mongotop mongofiles": {
        "opts": "-p --password",
        "args": "-u --username --host -h --port",
    },
    "rabbitmqctl": {
        "args": "-n --node",
        "sub": {
            "add_user": {"operands": (2,)},
            "change_password": {"operands": (2,)},
            "authenticate_user": {"operands": (2,)},
        },
    },
    "keytool": {"opts": "-new -storepass -keypass -srcstorepass -deststorepass -srckeypass -destkeypass"},
    "jarsigner": {"opts": "-storepass -keypass"},
    "az": {
        "sub": {
            "login": {"opts": "-p --password", "args": "-u --username -t --tenant"},
            "keyvault": {"sub": {"secret": {"sub": {"set": {"opts": "--value"}}}}},
        }
    },
    "sqlcmd bcp osql": {"opts": "-P", "args": "-U -S -d -Q -i -o"},
    "ssh-keygen": {"opts": "-N -P"},
    "cqlsh": {"opts": "-p --password", "args": "-u --username"},
    "clickhouse-client clickhouse": {"opts": "--password"},
    "influx": {"opts": "-password --password -t --token"},
    "twine": {"opts": "-p --password", "args": "-u --username"},
    "svn": {"opts": "--password"},
    "p4": {"opts": "-P"},
    "lftp": {"after": {"-u": ","}},
    "rdesktop": {"opts": "-p"},
    "doctl": {"opts": "-t --access-token"},
    "gh": {"sub": {"secret": {"sub": {"set": {"opts": "-b --body"}}}}},
    "curl": {"after": {"-u": ":", "--user": ":", "-U": ":", "--proxy-user": ":"}, "opts": "--oauth2-bearer"},
    "wget": {"opts": "--password --http-password --ftp-password --proxy-password"},
    "openssl": {
        "after": {"-passin": "pass:", "-passout": "pass:", "-pass": "pass:", "-password": "pass:"},
        "opts": "-k",
    },
    "gpg gpg2": {"opts": "--passphrase"},
    "useradd usermod": {"opts": "-p --password"},
    "mc mcli": {"sub": {"alias": {"sub": {"set": {"operands": (3, 4)}}}}},
    "wpa_passphrase": {"operands": (2,)},
    "nmcli": {"keywords": "password wifi-sec.psk 802-11-wireless-security.psk"},
    "npm yarn pnpm": {"opts": "--password", "sub": {"config": {"sub": {"set": {"keyvalue": True}}}}},
    "aws": {"sub": {"configure": {"sub": {"set": {"keyvalue": True}}}}},
    "fly flyctl": {"sub": {"secrets": {"sub": {"set": {"values": True}}}}},
    "heroku": {"sub": {"config:set": {"values": True}}},
    "sqlplus": {"sqlplus": {}},
    "xfreerdp wlfreerdp sdl-freerdp": {"slash": "/p: /password:"},
}
WRAPPERS = frozenset({"sudo", "doas", "env", "command", "exec", "nohup", "time", "nice", "timeout", "stdbuf", "setsid"})
WRAPPER_ARGS = frozenset({"-u", "-g", "-C", "-D", "-h", "-r", "-t", "-U", "-n", "-s", "-k", "-S", "--user", "--group"})
# A secret a program reads from stdin: what the command before the pipe prints is the secret.
STDIN_SECRET_MARKS = frozenset({"--password-stdin", "--with-token", "--stdin", "--passphrase-fd"})
STDIN_SECRET_PROGRAMS = frozenset({"chpasswd", "chgpasswd"})
PRINTERS = frozenset({"echo", "printf"})
# Compiled on first use, like the patterns above.
TOKEN = r"""(?P<op>\|\||&&|<<<|[;&|\n()])|(?P<word>(?:[^\s;&|()<>'"\\]+|\\.|'[^']*'?|"(?:[^"\\]|\\.)*"?)+)|[<>]+"""
_TABLE: dict[str, dict] = {}


def _table() -> dict[str, dict]:
    if not _TABLE:
        for names, entry in SECRET_ARGUMENTS.items():
            for name in names.split():
                _TABLE[name] = entry
    return _TABLE


def _unquote(word: str) -> str:
    if "'" not in word and '"' not in word and "\\" not in word:
        return word
    return word.replace("'", "").replace('"', "").replace("\\", "")


def _worth_parsing(text: str) -> bool:
    """Whether anything in the text could be secret by grammar: the common case answers in a few microseconds."""
    if "<<<" in text:
        return True
    table = _table()
    for word in text.split():
        word = word.strip("'\"();&|`")
        if "/" in word:
            word = word.rsplit("/", 1)[-1]
        if word in table or word in STDIN_SECRET_PROGRAMS or word in STDIN_SECRET_MARKS or word == "-S":
            return True
    return False


def _words(entry: dict, key: str) -> set[str]:
    value = entry.get(key, "")
    return set(value.split()) if isinstance(value, str) else set()


def _merge(entry: dict, inner: dict) -> dict:
    merged = {key: value for key, value in entry.items() if key in ("args",)}
    merged.update(inner)
    if "args" in entry and "args" in inner:
        merged["args"] = f"{entry['args']} {inner['args']}"
    return merged


Span = tuple[int, int]


def _after(start: int, raw: str, separator: str) -> Span | None:
    at = raw.find(separator)
    if at < 0:
        return None
    end = len(raw) - (1 if raw[-1:] in "'\"" and raw[-1] != raw[at + len(separator) : at + len(separator) + 1] else 0)
    begin = at + len(separator)
    return (start + begin, start + max(begin, end)) if end > begin else None


def _whole(start: int, raw: str) -> Span:
    return (start, start + len(raw))


def _secret_spans(words: list[tuple[int, str]], pipe_from: list[tuple[int, str]] | None) -> list[Span]:
    """Spans of one simple command's words that are secret by its program's grammar."""
    spans: list[Span] = []
    index = 0
    while index < len(words) and re.match(ASSIGNMENT_NAME, _unquote(words[index][1])):
        index += 1  # NAME=value prefixes: the assignment pattern judges them
    while index < len(words) and os.path.basename(_unquote(words[index][1])) in WRAPPERS:
        wrapper = os.path.basename(_unquote(words[index][1]))
        index += 1
        while index < len(words):
            value = _unquote(words[index][1])
            if value in WRAPPER_ARGS:
                index += 2
            elif (
                value.startswith("-")
                or re.match(ASSIGNMENT_NAME, value)
                or (wrapper == "timeout" and value[:1].isdigit())
            ):
                index += 1
            else:
                break
    if index >= len(words):
        return spans
    program = os.path.basename(_unquote(words[index][1]))
    rest = words[index + 1 :]
    values = [_unquote(raw) for _start, raw in rest]
    everything = {_unquote(raw) for _start, raw in words}  # `sudo -S` is the wrapper's own option
    if pipe_from and (program in STDIN_SECRET_PROGRAMS or STDIN_SECRET_MARKS & everything or "-S" in everything):
        spans += _printed(pipe_from)
    entry = _table().get(program)
    if entry is None:
        return spans
    if "htpasswd" in entry:
        return spans + _htpasswd(rest)
    if "sqlplus" in entry:
        for start, raw in rest:
            if not raw.startswith("-") and "/" in raw:
                end = raw.find("@") if "@" in raw else len(raw)
                slash = raw.find("/")
                if end > slash + 1:
                    spans.append((start + slash + 1, start + end))
                break
        return spans
    operands: list[tuple[int, str]] = []
    position = 0
    while position < len(rest):
        start, raw = rest[position]
        value = values[position]
        position += 1
        for prefix in _words(entry, "slash"):
            if value.lower().startswith(prefix) and len(value) > len(prefix):
                spans.append((start + raw.lower().find(prefix) + len(prefix), start + len(raw)))
        if value == "--":
            operands += rest[position:]
            break
        if value.startswith("-") and len(value) > 1:
            name, equals, _attached = value.partition("=")
            separator = entry.get("after", {}).get(name)
            if separator is not None:
                if equals:
                    found = _after(start, raw, "=")
                    inner = raw[raw.find("=") + 1 :]
                    found = _after(start + raw.find("=") + 1, inner, separator) if found else None
                elif position < len(rest):
                    found = _after(rest[position][0], rest[position][1], separator)
                    position += 1
                else:
                    found = None
                spans += [found] if found else []
                continue
            if name in _words(entry, "opts"):
                if equals:
                    found = _after(start, raw, "=")
                    spans += [found] if found else []
                elif position < len(rest):
                    spans.append(_whole(*rest[position]))
                    position += 1
                continue
            short = value[:2]
            if (
                len(value) > 2
                and not value.startswith("--")
                and short in _words(entry, "opts") | _words(entry, "attached")
            ):
                spans.append((start + raw.find(short) + 2, start + len(raw)))
                continue
            if name in _words(entry, "args") and not equals:
                position += 1
            continue
        if not operands and value in entry.get("sub", {}):
            entry = _merge(entry, entry["sub"][value])
            continue
        operands.append((start, raw))
    for number in entry.get("operands", ()):
        if number <= len(operands):
            start, raw = operands[number - 1]
            if "=" not in raw and raw != "-":
                spans.append(_whole(start, raw))
    keywords = _words(entry, "keywords")
    for number, (start, raw) in enumerate(operands):
        value = _unquote(raw)
        if keywords and value in keywords and number + 1 < len(operands):
            spans.append(_whole(*operands[number + 1]))
        if entry.get("keyvalue") and number == 0 and is_secret_name(value.rsplit(":", 1)[-1].rsplit(".", 1)[-1]):
            spans += [_whole(*operands[1])] if len(operands) > 1 else []
        if entry.get("values") and "=" in raw:
            found = _after(start, raw, "=")
            spans += [found] if found else []
    return spans


def _htpasswd(rest: list[tuple[int, str]]) -> list[Span]:
    """htpasswd [-cimBdpsDv] [-C cost] [-r rounds] file user password: -b takes the password as an operand."""
    flags = ""
    operands: list[tuple[int, str]] = []
    position = 0
    while position < len(rest):
        start, raw = rest[position]
        value = _unquote(raw)
        position += 1
        if value.startswith("-") and not operands:
            flags += value[1:]
            if value in ("-C", "-r"):
                position += 1
            continue
        operands.append((start, raw))
    if "b" not in flags:
        return []
    wanted = 2 if "n" in flags else 3
    return [_whole(*operands[wanted - 1])] if len(operands) >= wanted else []


def _printed(words: list[tuple[int, str]]) -> list[Span]:
    """What `echo` / `printf` print into a program that reads a secret from stdin."""
    if not words or os.path.basename(_unquote(words[0][1])) not in PRINTERS:
        return []
    return [_whole(start, raw) for start, raw in words[1:] if not _unquote(raw).startswith("-")]


ASSIGNMENT_NAME = r"[A-Za-z_][A-Za-z0-9_]*="


def redact_arguments(text: str) -> str:
    """Secrets by flag grammar (SECRET_ARGUMENTS), pipes into programs that read one from stdin, and
    here-strings (`<<< WORD`, data for stdin like a heredoc body)."""
    if not _worth_parsing(text):
        return text
    spans: list[Span] = []
    inner: dict[int, tuple[int, str]] = {}  # a quoted word holding a command line: its own redaction
    command: list[tuple[int, str]] = []
    previous: list[tuple[int, str]] | None = None
    here_string = False
    table = _table()
    for match in re.finditer(TOKEN, text):
        word = match.group("word")
        if word is not None:
            if here_string:
                if not word.startswith(("$", '"$')):
                    spans.append(_whole(match.start(), word))
                here_string = False
                continue
            if word[:1] in "'\"" and word[-1:] == word[:1] and len(word) > 2 and " " in word:
                # `bash -c 'mysql -pPW'`, `ssh host "redis-cli -a PW"`, or a reason quoting a command
                redacted = redact_arguments(word[1:-1])
                if redacted != word[1:-1]:
                    inner[match.start()] = (match.end(), word[0] + redacted + word[0])
            if command and word in table:
                # A program of the table further on (after a wrapper's operands, or quoted in prose): its own command.
                spans += _secret_spans(command, previous)
                previous = None
                command = []
            command.append((match.start(), word))
            continue
        op = match.group("op")
        if op is None:
            continue
        if op == "<<<":
            here_string = True
            continue
        spans += _secret_spans(command, previous)
        previous = command if op == "|" else None
        command = []
    spans += _secret_spans(command, previous)
    if not spans and not inner:
        return text
    replacements = {span: None for span in spans} | {(start, end): text for start, (end, text) in inner.items()}
    out = []
    last = 0
    for (start, end), replacement in sorted(replacements.items(), key=lambda item: (item[0][0], -item[0][1])):
        if start < last or end <= start:
            continue
        piece = text[start:end]
        out.append(text[last:start])
        if replacement is not None:
            out.append(replacement)
        else:
            out.append(_quoted_mark(piece) if MARK not in piece else piece)
        last = end
    out.append(text[last:])
    return "".join(out)


def escape_surrogates(text: str) -> str:
    """A lone surrogate (`\\ud800`, which JSON can carry) as the text `\\ud800`: such a string cannot be
    encoded, so it could be neither stored nor hashed; escaped, the call is still recorded."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


# One call redacts the same few texts several times (its project and cwd, its summary and reasons go into the
# decision row and into the grant an ask opens), and a warm worker sees the same project on every call:
# the result is a pure function of the text, so the last ones are kept (a bounded dict, oldest dropped first).
_MEMO: dict[str, str] = {}
_MEMO_MAX = 256  # texts of at most MAX_SCAN characters: about 1 MB at worst


def redact(text: str) -> str:
    """The text with every recognizable secret replaced by [REDACTED]; multi-line kept."""
    if not text:
        return ""
    text = text[:MAX_SCAN]
    done = _MEMO.get(text)
    if done is None:
        done = _redact(text)
        if len(_MEMO) >= _MEMO_MAX:
            del _MEMO[next(iter(_MEMO))]
        _MEMO[text] = done
    return done


def _redact(text: str) -> str:
    text = text[:MAX_SCAN]
    if not text.isascii():
        text = escape_surrogates(text)
    if "PRIVATE KEY" in text:
        text = re.sub(PRIVATE_KEY_BLOCK, MARK + " (a private key)", text)
    if "<<" in text:
        text = re.sub(HEREDOC, _heredoc, text)
    text = redact_arguments(text)
    lower = text.lower()
    if ":" in text and any(name in lower for name in HEADER_NAMES):
        text = re.sub(HEADER, lambda m: f"{m.group(1)}{m.group(2)}{MARK}", text)
    if "://" in text and "@" in text:
        text = re.sub(URL_USERINFO, _userinfo, text)
    if "=" in text and ("?" in text or "&" in text or ";" in text):
        text = re.sub(SECRET_PARAM, _param, text)
    if "mysql" in lower or "mariadb" in lower:
        text = re.sub(MYSQL_PASSWORD, lambda m: m.group(1) + MARK, text)
    if "sshpass" in text:
        text = re.sub(SSHPASS, lambda m: m.group(1) + MARK, text)
    if any(flag in text for flag in USER_FLAGS):
        text = re.sub(USER_PASSWORD_FLAG, lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)}{m.group(4)}:{MARK}", text)
    if "=" in text or ":" in text:
        text = re.sub(ASSIGNMENT, _assignment, text)
    if "-" in text:
        text = re.sub(FLAG_VALUE, _flag_value, text)
    for prefixes, shape in TOKEN_SHAPES:
        if any(prefix in text for prefix in prefixes):
            text = re.sub(TOKEN_START + shape, MARK, text)
    return CANDIDATE.sub(_random_run, text)


def flatten(redacted: str, limit: int) -> str:
    """Already-redacted text on one line, at most `limit` characters."""
    flat = WHITESPACE.sub(" ", redacted).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def one_line(text: str, limit: int = 240) -> str:
    """Redacted, on one line, at most `limit` characters (redaction first, truncation after)."""
    return flatten(redact(text), limit)
