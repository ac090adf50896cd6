"""What a file holds, judged from its first bytes: a private key or a token is a credential wherever it lies.

Bounded: one non-blocking open of a regular file (a FIFO or a device is never
read), at most `SNIFF_BYTES` read, no symlink followed at the last component.
"""

from __future__ import annotations

import os
import stat
from fnmatch import fnmatchcase

from hookward.policy.lazy import LazyRegex

SNIFF_BYTES = 4096
STORE_BYTES = 1 << 16  # a configuration file that is a store when it holds an auth line is read this far

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
    r"|ya29\.[0-9A-Za-z_-]{20,}"  # Google OAuth access tokens
    r"|npm_[A-Za-z0-9]{36}"  # npm
    r"|pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{20,}"  # PyPI
    r"|hf_[A-Za-z0-9]{30,}"  # Hugging Face
    r"|sk_live_[A-Za-z0-9]{20,}|rk_live_[A-Za-z0-9]{20,}"  # Stripe
    r"|SG\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"  # SendGrid
    r"|dop_v1_[a-f0-9]{64}"  # DigitalOcean
    r"|sntr[ysu]_[A-Za-z0-9_=+/-]{30,}"  # Sentry auth tokens
    r"|xai-[A-Za-z0-9]{40,}"  # xAI
    r")"
    # A PEM private key base64-encoded once more, as kubeconfig's client-key-data, a Kubernetes TLS secret or a
    # Helm value holds it: "-----BEGIN " then "PRIVATE KEY", "RSA PRIVATE KEY", "EC ...", "OPENSSH ...", "ENCRYPTED ...", "DSA ..."
    r"|LS0tLS1CRUdJTiB(?:QUklWQVRFIEtFW|SU0EgUFJJVkFURSBLRV|FQyBQUklWQVRFIEtFW|PUEVOU1NIIFBSSVZBVEUgS0VZ"
    r"|FTkNSWVBURUQgUFJJVkFURSBLRV|EU0EgUFJJVkFURSBLRV)"
)

# Configuration files that are a credential store only when they hold an auth line: a registry's or a forge's
# plain settings (a mirror URL, aliases) are routine to read, the same file with a token or password is not. Each
# entry: the file names it applies to (fnmatch patterns, case-insensitive, the name as written or the file a
# symlink leads to), what such a line is, and the line. A value that names an environment variable (`${NPM_TOKEN}`)
# holds no secret.
STORE_LINES: tuple[tuple[tuple[str, ...], str, LazyRegex], ...] = (
    (
        (".npmrc", "npmrc", ".yarnrc"),
        "an npm registry token or password",
        LazyRegex(r"(?im)^[ \t]*(?:\S*:)?_(?:authtoken|auth|password)[\"']?[ \t]*[= \t][ \t]*[\"']?(?!\$\{)[^\s\"']"),
    ),
    (
        (".yarnrc.yml", ".yarnrc.yaml"),
        "a Yarn registry token",
        LazyRegex(r"(?im)(?:^|[{,])[ \t]*[\"']?npmAuth(?:Token|Ident)[\"']?[ \t]*:[ \t]*[\"']?(?!\$\{)[^\s\"'}]"),
    ),
    (
        ("nuget.config",),
        "a NuGet feed password",
        # an attribute spelled with character references (`&#67;learTextPassword`) is what the XML reader decodes
        LazyRegex(r"(?i)key[ \t]*=[ \t]*[\"'](?:(?:cleartext)?password[\"']|[^\"']*&#)"),
    ),
    (
        ("settings.xml", "settings-security.xml"),
        "a Maven server password",
        LazyRegex(
            r"(?i)<(?:[\w.-]+:)?(?:password|passphrase|privatekey|master)(?:[ \t\r\n][^>]*)?>[ \t\r\n]*"
            r"(?:<!\[CDATA\[[ \t\r\n]*)?(?!\$\{)[^<\s]"
        ),
    ),
    (
        ("gradle.properties",),
        "a password, token or key property",
        LazyRegex(
            # Java properties: `=`, `:` or whitespace separates; a key may be spelled with \uXXXX escapes
            r"(?im)^[ \t]*[\w.-]*(?:password|passwd|secret|token|apikey|api[_.-]key|key)[ \t]*(?:[=:]|[ \t])[ \t]*(?!\$\{)\S"
            r"|^[ \t]*[^=:\s#!]*\\u[0-9a-f]{4}[^=:\s]*[ \t]*[=: \t]"
        ),
    ),
    (
        ("auth.json",),
        "Composer repository credentials",
        LazyRegex(r'"(?:http-basic|github-oauth|gitlab-oauth|gitlab-token|bitbucket-oauth|bearer)"[ \t\r\n]*:'),
    ),
    (
        (".condarc", "condarc"),
        "a conda channel token or password",
        LazyRegex(r"(?im)/t/[A-Za-z0-9_-]{8,}/|^[ \t]*(?:token|password)[ \t]*:[ \t]*\S|://[^/\s:@]+:[^/\s@]+@"),
    ),
    ((".sentryclirc",), "a Sentry token", LazyRegex(r"(?im)^[ \t]*token[ \t]*[=:][ \t]*\S")),
    (
        ("config.yml", "hosts.yml"),
        "a forge token",
        LazyRegex(r"(?im)(?:^|[{,])[ \t]*[\"']?(?:oauth_token|token)[\"']?[ \t]*:[ \t]*[\"']?[A-Za-z0-9_-]{20,}"),
    ),
    (
        ("config.json",),
        "container registry credentials",
        LazyRegex(
            r'(?i)"auths"[\s\S]*?"(?:auth|identitytoken|registrytoken|password)"[ \t\r\n]*:[ \t\r\n]*"(?!\$\{)[^"\s]{4,}"'
            # a key with an ASCII letter or digit escaped (`"\u0061uth"`): Go decodes it, no encoder writes it
            r'|"[^"\n]*\\u00(?:[46][1-9a-f]|[57][0-9a]|3[0-9])[^"\n]*"[ \t\r\n]*:'
        ),
    ),
    (
        ("settings.json",),
        "a password, token or key setting",
        LazyRegex(
            r'(?i)"[^"\n]*(?:password|passwd|secret|token|api[_.-]?key|authorization)"[ \t\r\n]*:[ \t\r\n]*'
            r'"(?!\$\{)[^"\s]{4,}"'
        ),
    ),
)


def _store_rules(names: tuple[str, ...]) -> list[tuple[str, LazyRegex]]:
    folded = [name.lower() for name in names]
    return [
        (label, line) for globs, label, line in STORE_LINES if any(fnmatchcase(n, g) for n in folded for g in globs)
    ]


# What a git config holds that is a credential: an `http.<url>.extraheader` (actions/checkout leaves
# `AUTHORIZATION: basic <token>` there in CI checkouts) or a remote URL with a password in it.
_GIT_EXTRAHEADER = LazyRegex(r"(?im)(?:^|\])[ \t]*extraheader[ \t]*=")
_GIT_URL_USERINFO = LazyRegex(r"(?im)^[ \t]*(?:url|pushurl)[ \t]*=[ \t]*\S+?://([^/\s@]+)@")
_GIT_INCLUDE_SECTION = LazyRegex(r"(?i)\[\s*include(?:if\b[^\]]*)?\s*\]")
GIT_CONFIG_BYTES = 1 << 16
_GIT_CONFIG_FILES = 16  # the configs git reads and the files they include, at most


def sniff_secret(path: str, names: tuple[str, ...] = ()) -> str | None:
    """'a private key' or 'an access token' if the file's first bytes hold one, or what auth line it holds if it
    is one of STORE_LINES' files (by its own name or one of `names`, the names it was reached by); None otherwise
    or if unreadable."""
    rules = _store_rules((os.path.basename(path), *names))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        head = os.read(fd, STORE_BYTES if rules else SNIFF_BYTES)
        longer = bool(rules) and os.fstat(fd).st_size > STORE_BYTES
    except OSError:
        return None
    finally:
        os.close(fd)
    if not head:
        return None
    text = head.decode("latin-1")
    match = _SECRET.search(text[:SNIFF_BYTES] if not rules else text)
    if match is not None:
        return "a private key" if match.group(0).startswith(("-----BEGIN", "LS0tLS1")) else "an access token"
    for label, line in rules:
        if line.search(text):
            return label
    if longer:
        return f"{rules[0][0]} past the first {STORE_BYTES} bytes hookward reads (the file is longer)"
    return _git_credential(text)


# Files encrypted at rest, whose readable text is ciphertext: sops (YAML, JSON, dotenv and INI spellings of its
# MAC), ansible-vault, git-crypt (a checkout without the key).
_ENCRYPTED = LazyRegex(
    r"(?m)^(?:sops:[ \t]*$|[ \t]*\"sops\"[ \t]*:[ \t]*\{|sops_mac=ENC\[|\[sops\][ \t]*$)"
    r"|\A\$ANSIBLE_VAULT;|\A\x00GITCRYPT\x00"
)
_SOPS_MAC = LazyRegex(r"(?m)^[ \t]*(?:\"?mac\"?[ \t]*[:=][ \t]*\"?|sops_mac=)ENC\[AES256_GCM,")


_VAULT_BODY = LazyRegex(r"\$ANSIBLE_VAULT;[^\n]*\r?\n(?:[0-9a-fA-F]+[ \t]*\r?\n?)*")
# A plain value in a sops file: a dotenv `KEY=value` or a YAML / JSON `key: "value"` that is not ENC[...] (sops's own
# metadata keys excepted: mac, version, lastmodified, the key groups' fields, unencrypted_* settings).
_SOPS_META = (
    r"(?![ \t]*-?[ \t]*\"?(?:sops_\w*|mac|version|lastmodified|created_at|enc|arn|role|aws_profile|vault_url|name"
    r"|vault_address|engine_path|key_name|recipient|fp|resource_id|unencrypted_\w*|encrypted_\w*|mac_only_encrypted"
    r"|shamir_threshold|[\w.-]*_unencrypted)\"?[ \t]*[:=])"
)
_SOPS_PLAIN = LazyRegex(
    r"(?im)^" + _SOPS_META + r"(?:[ \t]*[A-Za-z_][\w.-]*[ \t]*=[ \t]*(?!ENC\[)[^\s\\=]"
    r"|[ \t]*-?[ \t]*\"?[A-Za-z_][\w.-]*\"?[ \t]*:[ \t]+(?!ENC\[|\"ENC\[|\"\"|[|>{\[&*]|null\b|~|$)[^\s#])"
)


def encrypted_at_rest(path: str) -> bool:
    """Is the regular file at `path` (followed if a symlink) ciphertext by its format: sops with its MAC, an
    ansible-vault or a git-crypt file? Reading one shows nothing without the key (decrypting asks: sops -d)."""
    text = head_text(path, STORE_BYTES)
    if text is None:
        return False
    found = _ENCRYPTED.search(text)
    if found is None or _SECRET.search(text) is not None:
        return False
    if found.group(0).startswith("$ANSIBLE_VAULT;"):
        return _VAULT_BODY.fullmatch(text) is not None  # the header, then hex lines only
    if found.group(0).startswith("\x00GITCRYPT\x00"):
        # the header, a 12-byte nonce, then AES-CTR output: text that reads as text after it is not ciphertext
        body = text[22:]
        printable = sum(1 for c in body if " " <= c <= "~" or c in "\t\r\n")
        return not body or printable < 0.9 * len(body)
    if not found.group(0).lower().lstrip().startswith(("sops", '"sops"', "[sops]")):
        return True
    # sops: its MAC, and no value left in plain text (a line added after encryption: `KEY=value`, `key: value`)
    return bool(_SOPS_MAC.search(text)) and _SOPS_PLAIN.search(text) is None


def holds_secret(text: str) -> bool:
    """Does a word hold a private key or a vendor-format token (the formats `sniff_secret` knows)?"""
    return _SECRET.search(text) is not None


def _git_credential(text: str, urls_only: bool = False) -> str | None:
    """'git credentials (...)' if git config text holds an extraheader (unless `urls_only`) or a remote URL whose
    user part is a password (`user:token@`) or a vendor token (`ghp_...@`)."""
    for match in _GIT_URL_USERINFO.finditer(text):
        if ":" in match.group(1) or _SECRET.search(match.group(1)):
            return "git credentials (a remote URL with a password or token in it)"
    if not urls_only and _GIT_EXTRAHEADER.search(text):
        return "git credentials (an http extraheader, where actions/checkout leaves its token)"
    return None


def git_config_secret(cwd: str, chdirs: list[str], git_dir: str | None, urls_only: bool = False) -> str | None:
    """Why the configuration `git config --list` would print in `cwd` (after `git -C` `chdirs`, or of the
    repository `git_dir`) holds a credential, or None: the repository's config (found as git finds it: the
    nearest `.git` directory, or the gitdir a `.git` file names, and its common dir), the global, XDG and system
    ones, and the files their include and includeIf sections name.

    Bounded: at most _GIT_CONFIG_FILES files (the configs and what they include), the first GIT_CONFIG_BYTES of
    each, read without blocking (safeio).
    """
    directory = cwd
    for step in chdirs:
        directory = os.path.join(directory, os.path.expanduser(step))
    gitdir = git_dir if git_dir is not None else os.environ.get("GIT_DIR")
    if gitdir is not None:
        gitdir = os.path.join(directory, os.path.expanduser(gitdir))
    else:
        gitdir = _find_gitdir(directory)
    files = git_config_files(gitdir)
    read = 0
    while files and read < _GIT_CONFIG_FILES:
        name = files.pop(0)
        text = head_text(name, GIT_CONFIG_BYTES)
        read += 1
        if text is None:
            continue
        found = _git_credential(text, urls_only) if urls_only or not _SECRET.search(text) else "an access token"
        if found is not None:
            return f"{name} holds {found}"
        # `[include] path = ...` / `[includeIf "..."] path = ...` (actions/checkout v6 keeps its token in such a
        # file): git lists what they hold too. Whatever the condition, the file is read (the stricter reading).
        files += [
            os.path.join(os.path.dirname(name), os.path.expanduser(path))
            for path in _git_includes(text)
            if not path.startswith("~") or path.startswith("~/")
        ]
    return None


SYSTEM_GITCONFIG = "/etc/gitconfig"


def git_config_files(gitdir: str | None) -> list[str]:
    """The configuration files git reads for the repository `gitdir` (None: outside any): its config, its
    worktree config and its common dir's, then the global (GIT_CONFIG_GLOBAL, else ~/.gitconfig), XDG and
    system ones. The files their include sections name are not in it."""
    files: list[str] = []
    if gitdir is not None:
        files += [os.path.join(gitdir, "config"), os.path.join(gitdir, "config.worktree")]
        common = head_text(os.path.join(gitdir, "commondir"), 4096)
        if common and common.strip():
            files.append(os.path.join(gitdir, common.strip(), "config"))
    home = os.path.expanduser("~")
    xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    return files + [
        os.environ.get("GIT_CONFIG_GLOBAL") or os.path.join(home, ".gitconfig"),
        os.path.join(xdg, "git", "config"),
        SYSTEM_GITCONFIG,
    ]


def _git_includes(text: str) -> list[str]:
    """The `path` values of a git config's include and includeIf sections."""
    paths: list[str] = []
    including = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            including = bool(_GIT_INCLUDE_SECTION.match(stripped))
            stripped = stripped.split("]", 1)[1].strip() if "]" in stripped else ""
        if including and stripped[:4].lower() == "path":
            key, _, value = stripped.partition("=")
            if key.strip().lower() == "path" and value.strip():
                paths.append(value.strip().strip('"'))
    return paths


def _find_gitdir(directory: str) -> str | None:
    """The repository git would use from `directory`: the nearest `.git` directory or the gitdir a `.git` file names."""
    for _ in range(64):
        dotgit = os.path.join(directory, ".git")
        if os.path.isdir(dotgit):
            return dotgit
        if os.path.lexists(dotgit):
            text = head_text(dotgit, 4096)
            if text is None or not text.startswith("gitdir:"):
                return None
            return os.path.join(directory, text[len("gitdir:") :].strip())
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent
    return None


def head_text(path: str, limit: int) -> str | None:
    """The first `limit` bytes of a regular file, read without blocking; None if missing or not a regular file."""
    from hookward.policy.safeio import open_regular

    try:
        fd = open_regular(path)
    except OSError:
        return None
    try:
        return os.read(fd, limit).decode("latin-1")
    except OSError:
        return None
    finally:
        os.close(fd)
