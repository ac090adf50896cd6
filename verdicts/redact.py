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


def is_secret_name(name: str) -> bool:
    bare = name.lstrip("-").strip("'\"")
    if bare.lower() in NOT_SECRET_NAMES:
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


def known_token(text: str) -> bool:
    return any(
        any(p in text for p in prefixes) and re.search(TOKEN_START + shape, text) for prefixes, shape in TOKEN_SHAPES
    )


def escape_surrogates(text: str) -> str:
    """A lone surrogate (`\\ud800`, which JSON can carry) as the text `\\ud800`: such a string cannot be
    encoded, so it could be neither stored nor hashed; escaped, the call is still recorded."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def redact(text: str) -> str:
    """The text with every recognizable secret replaced by [REDACTED]; multi-line kept."""
    if not text:
        return ""
    text = text[:MAX_SCAN]
    if not text.isascii():
        text = escape_surrogates(text)
    if "PRIVATE KEY" in text:
        text = re.sub(PRIVATE_KEY_BLOCK, MARK + " (a private key)", text)
    if "<<" in text:
        text = re.sub(HEREDOC, _heredoc, text)
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
