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
- well-known token shapes (sk-..., ghp_..., AKIA..., xox?-..., JWTs, ...);
- any other long string that looks random (high entropy, letters and digits).

Standard library only: this runs in every hook process.
"""

from __future__ import annotations

import math
import re

MARK = "[REDACTED]"

# Longest stretch of text examined; nothing past it is ever stored.
MAX_SCAN = 4096

SECRET_WORDS = re.compile(
    r"token|secret|passw|passwd|pwd|pass$|^pass|apikey|api_key|api-key|access_key|access-key|private_key|"
    r"private-key|credential|creds?$|auth|cookie|session_key|signature|^sig$|key$|^key|_key_|-key-|salt",
    re.IGNORECASE,
)
# Names that contain a secret word but say nothing secret.
NOT_SECRET_NAMES = frozenset({"author", "authors", "oauth_callback", "keyboard", "keys", "passes", "bypass"})

PRIVATE_KEY_BLOCK = re.compile(
    r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
    re.DOTALL,
)
HEREDOC = re.compile(r"<<-?[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1[^\n]*\n(.*?)(?:^[ \t]*\2[ \t]*$|\Z)", re.DOTALL | re.M)
HEADER = re.compile(
    r"(?i)\b((?:proxy-)?authorization|x-api-key|api-key|x-auth-token|x-access-token|private-token|"
    r"x-amz-security-token|x-goog-api-key|cookie|set-cookie)(\s*:\s*)[^'\"\n\r]*"
)
URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]{1,20}://)([^\s/?#@'\"]+)@")
SECRET_PARAM = re.compile(r"([?&;])([^=&\s'\"#?]+)=([^&\s'\"#]+)")
# NAME=value, --name=value, name: value, "name": "value"
ASSIGNMENT = re.compile(
    r"""(?<![\w$-])(["']?)(-{0,2}[A-Za-z_][\w.-]*)\1(\s*[=:]\s*|\s*=>\s*)("[^"\n]*"|'[^'\n]*'|[^\s'"&|;,)}]+)"""
)
# --name value (a flag that names a secret, then its value as the next word)
FLAG_VALUE = re.compile(r"""(?<![\w-])(--?[A-Za-z][\w-]*)(\s+)("[^"\n]*"|'[^'\n]*'|[^\s'"&|;-][^\s'"&|;]*)""")
MYSQL_PASSWORD = re.compile(
    r"(?i)(\b(?:mysql\w*|mariadb[\w-]*)\b[^\n;&|]*?\s-p)(?!\s)(\"[^\"]*\"|'[^']*'|\S+)"
)
SSHPASS = re.compile(r"(\bsshpass\b[^\n;&|]*?\s-p\s*)(\S+)")
USER_PASSWORD_FLAG = re.compile(
    r"""(?<![\w-])(-u|-U|--user|--proxy-user|--http-user)(\s+|=)(["']?)([^\s:'"]+):([^\s'"]+)"""
)
KNOWN_TOKENS = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    r"sk-[A-Za-z0-9_\-]{16,}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}|"
    r"gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_\-]{16,}|"
    r"xox[abposre]-[A-Za-z0-9\-]{10,}|(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}|"
    r"AIza[0-9A-Za-z_\-]{30,}|ya29\.[0-9A-Za-z_\-]{20,}|"
    r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}|"
    r"npm_[A-Za-z0-9]{30,}|hf_[A-Za-z0-9]{30,}|pypi-[A-Za-z0-9_\-]{30,}|"
    r"SG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}|dop_v1_[a-f0-9]{40,}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}|"
    r"(?:AC|SK)[a-f0-9]{32}|sq0[a-z]{3}-[A-Za-z0-9_\-]{22,}|AGE-SECRET-KEY-1[0-9A-Z]{50,}"
    r")"
)
CANDIDATE = re.compile(r"[A-Za-z0-9+/_\-=]{16,}")
HEX = re.compile(r"[0-9a-fA-F]+")
WHITESPACE = re.compile(r"\s+")


def is_secret_name(name: str) -> bool:
    bare = name.lstrip("-").strip("'\"")
    if bare.lower() in NOT_SECRET_NAMES:
        return False
    return SECRET_WORDS.search(bare) is not None


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
        return f"{scheme}{MARK if looks_random(user) or KNOWN_TOKENS.search(user) else user}:{MARK}@"
    # A user-only userinfo is often a token (https://ghp_xxx@github.com); ssh://git@ is not.
    if len(userinfo) >= 16 or looks_random(userinfo) or KNOWN_TOKENS.search(userinfo):
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
        return f"{quote}{name}{quote}{sep}{ASSIGNMENT.sub(_assignment, value)}" if "=" in value else match.group(0)
    if value in (MARK, f'"{MARK}"', f"'{MARK}'"):
        return match.group(0)
    if value.startswith("$") and not value.startswith("$("):
        return match.group(0)  # a reference ($TOKEN), not the secret itself
    return f"{quote}{name}{quote}{sep}{_quoted_mark(value)}"


def _flag_value(match: re.Match[str]) -> str:
    flag, space, value = match.groups()
    if not is_secret_name(flag) or value.startswith("$") or MARK in value:
        return match.group(0)
    return f"{flag}{space}{_quoted_mark(value)}"


def _heredoc(match: re.Match[str]) -> str:
    body = match.group(3)
    lines = body.count("\n") + (0 if body.endswith("\n") or not body else 1)
    head = match.group(0)[: match.start(3) - match.start(0)]
    return f"{head}[heredoc body, {lines} lines elided]\n{match.group(2)}"


def redact(text: str) -> str:
    """The text with every recognizable secret replaced by [REDACTED]; multi-line kept."""
    if not text:
        return ""
    text = text[:MAX_SCAN]
    text = PRIVATE_KEY_BLOCK.sub("[REDACTED PRIVATE KEY]", text)
    if "<<" in text:
        text = HEREDOC.sub(_heredoc, text)
    text = HEADER.sub(lambda m: f"{m.group(1)}{m.group(2)}{MARK}", text)
    text = URL_USERINFO.sub(_userinfo, text)
    text = SECRET_PARAM.sub(_param, text)
    text = MYSQL_PASSWORD.sub(lambda m: m.group(1) + MARK, text)
    text = SSHPASS.sub(lambda m: m.group(1) + MARK, text)
    text = USER_PASSWORD_FLAG.sub(lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)}{m.group(4)}:{MARK}", text)
    text = ASSIGNMENT.sub(_assignment, text)
    text = FLAG_VALUE.sub(_flag_value, text)
    text = KNOWN_TOKENS.sub(MARK, text)
    text = CANDIDATE.sub(_random_run, text)
    return text


def flatten(redacted: str, limit: int) -> str:
    """Already-redacted text on one line, at most `limit` characters."""
    flat = WHITESPACE.sub(" ", redacted).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def one_line(text: str, limit: int = 240) -> str:
    """Redacted, on one line, at most `limit` characters (redaction first, truncation after)."""
    return flatten(redact(text), limit)
