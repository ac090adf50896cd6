"""What a file holds, judged from its first bytes: a private key or a token is a credential wherever it lies.

Bounded: one non-blocking open of a regular file (a FIFO or a device is never
read), at most `SNIFF_BYTES` read, no symlink followed at the last component.
"""

from __future__ import annotations

import os
import stat

from hookward.policy.lazy import LazyRegex

SNIFF_BYTES = 4096

# Formats whose shape alone says "secret": private-key armour and tokens with a vendor prefix.
_SECRET = LazyRegex(
    r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
    r"|(?<![A-Za-z0-9])(?:"
    r"gh[pousr]_[A-Za-z0-9]{30,}"  # GitHub tokens
    r"|github_pat_[A-Za-z0-9_]{40,}"
    r"|glpat-[A-Za-z0-9_-]{20,}"  # GitLab
    r"|AKIA[0-9A-Z]{16}|ASIA[0-9A-Z]{16}"  # AWS access key ids
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"  # Slack
    r"|sk-ant-[A-Za-z0-9_-]{20,}"  # Anthropic
    r"|sk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{40,}"  # OpenAI
    r"|AIza[0-9A-Za-z_-]{35}"  # Google API keys
    r"|ya29\\.[0-9A-Za-z_-]{20,}"  # Google OAuth access tokens
    r"|npm_[A-Za-z0-9]{36}"  # npm
    r"|pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{20,}"  # PyPI
    r"|hf_[A-Za-z0-9]{30,}"  # Hugging Face
    r"|sk_live_[A-Za-z0-9]{20,}|rk_live_[A-Za-z0-9]{20,}"  # Stripe
    r"|SG\\.[A-Za-z0-9_-]{20,}\\.[A-Za-z0-9_-]{20,}"  # SendGrid
    r"|dop_v1_[a-f0-9]{64}"  # DigitalOcean
    r")"
)


def sniff_secret(path: str) -> str | None:
    """'a private key' or 'an access token' if the file's first bytes hold one; None otherwise or if unreadable."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        head = os.read(fd, SNIFF_BYTES)
    except OSError:
        return None
    finally:
        os.close(fd)
    if not head:
        return None
    match = _SECRET.search(head.decode("latin-1"))
    if match is None:
        return None
    return "a private key" if match.group(0).startswith("-----BEGIN") else "an access token"


def holds_secret(text: str) -> bool:
    """Does a word hold a private key or a vendor-format token (the formats `sniff_secret` knows)?"""
    return _SECRET.search(text) is not None
