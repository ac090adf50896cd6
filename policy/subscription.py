"""Policy from a pinned source: one team policy, subscribed, never copied around by hand.

`hookward policy subscribe SOURCE` records where a policy comes from and pins
it; `hookward policy update` fetches it again and moves the pin only when the
new version passes everything. SOURCE is a git repository (any URL git
understands, a local path included; the policy is PATH in it, default
`policy.toml`), pinned by commit, or a `file://` URL, pinned by SHA-256.

What the hook reads (`pinned_sources`, standard library only, no process, no
network): the subscription record (`subscription.json`) and the pinned copy
of the policy (`subscribed.toml`), both in hookward's config directory (user
layer) or beside the managed policy (managed layer). The copy must hash to the
record's SHA-256; a copy that does not is refused, and then nothing loads (the
hook fails closed, saying why): a pinned policy is never half-loaded, and never
silently dropped.

What `update` does, in the CLI only (git runs here, never on the hook path):
fetch; take the new version's bytes; compile them with the loader (schema, and
every rule's `match` / `not_match` examples); for a git source, refuse a new
commit that does not descend from the pinned one (history rewritten); in the
managed layer, verify the administrator's signature (`git verify-commit`
against the record's allowed-signers file, or `ssh-keygen -Y verify` of
`<file>.sig` for a file), since passing its own examples proves nothing about
who wrote it; show the difference in effective rules; then write the copy and
the record, copy first, each atomically.
"""

from __future__ import annotations

import json
import os

from hookward.policy.lazy import sha256

RECORD_NAME = "subscription.json"
COPY_NAME = "subscribed.toml"
SIGNATURE_NAMESPACE = "hookward"
DEFAULT_PATH = "policy.toml"


# No hooks, no fsmonitor, no transport that runs a command (ext::), whatever the person's git config says.
SAFE_GIT = ("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "protocol.ext.allow=never")
UPSTREAM = "refs/hookward/upstream"


class SubscriptionError(Exception):
    """Subscribing or updating refused: the message says what failed; the pin did not move."""


def directory_for(layer: str) -> str:
    from hookward.policy import loader, managed

    return os.path.dirname(managed.managed_policy_path()) if layer == "managed" else loader.config_dir()


def record_path(layer: str) -> str:
    return os.path.join(directory_for(layer), RECORD_NAME)


def copy_path(layer: str) -> str:
    return os.path.join(directory_for(layer), COPY_NAME)


# ---------------------------------------------------------------- the hook path


def pinned_source(layer: str) -> tuple[str, str, bytes] | None:
    """(layer, path, bytes) of the layer's pinned policy, None without a subscription; PolicyError when the
    copy is missing or does not match its pin (refused whole)."""
    path = record_path(layer)
    if not os.path.lexists(path):
        return None  # every call without a subscription: nothing more imported (pydantic is ~0.25 s)
    from hookward.policy import managed
    from hookward.policy.safeio import read_regular
    from hookward.policy.schema import PolicyError

    copy = copy_path(layer)
    if layer == "managed":
        for checked in (path, copy):
            problem = managed.ownership_problem(checked) if os.path.lexists(checked) else None
            if problem:
                raise PolicyError(f"{checked}: the managed subscription is refused: {problem}")
    try:
        record = json.loads(read_regular(path))
        pinned = str(record["sha256"])
        source = str(record["source"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise PolicyError(f"{path}: a broken subscription record ({error}); run `hookward policy update`") from None
    try:
        data = read_regular(copy)
    except OSError as error:
        raise PolicyError(f"{copy}: the pinned copy of {source} is missing ({error.strerror})") from None
    if sha256(data).hexdigest() != pinned:
        raise PolicyError(
            f"{copy}: the policy subscribed from {source} no longer matches its pin (sha256 {pinned[:16]}…): "
            "refused whole; a person restores it with `hookward policy update`"
        )
    return (layer, copy, data)


# ---------------------------------------------------------------- the CLI (fetching, checking, moving the pin)


def read_record(layer: str) -> dict | None:
    try:
        with open(record_path(layer), encoding="utf-8") as handle:
            data = json.load(handle)
        return data if isinstance(data, dict) else None
    except (OSError, ValueError):
        return None


def kind_of(source: str) -> str:
    return "file" if source.startswith("file://") else "git"


def _git(*args: str, cwd: str | None = None) -> str:
    import subprocess

    command = ["git", *SAFE_GIT, *args]
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env["GIT_TERMINAL_PROMPT"] = "0"
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise SubscriptionError(f"git {args[0]} failed: {result.stderr.strip()[:500]}")
    return result.stdout


def _clone_dir(source: str) -> str:
    from hookward.policy import loader

    return os.path.join(loader.cache_dir(), "subscriptions", sha256(source.encode()).hexdigest()[:16] + ".git")


def fetch_git(source: str, ref: str, path: str, commit: str | None) -> tuple[str, bytes, str]:
    """(commit, the policy's bytes at it, the bare clone) of `ref` (or exactly `commit`) in `source`."""
    clone = _clone_dir(source)
    if not os.path.isdir(clone):
        os.makedirs(os.path.dirname(clone), mode=0o700, exist_ok=True)
        _git("init", "--bare", "--quiet", clone)
    _git(
        "--git-dir",
        clone,
        "fetch",
        "--quiet",
        "--prune",
        "--",
        source,
        "+refs/heads/*:refs/heads/*",
        f"+HEAD:{UPSTREAM}",
    )
    wanted = UPSTREAM if ref == "HEAD" else f"refs/heads/{ref}"
    target = (
        commit or _git("--git-dir", clone, "rev-parse", "--verify", "--end-of-options", f"{wanted}^{{commit}}").strip()
    )
    target = _git("--git-dir", clone, "rev-parse", "--verify", "--end-of-options", f"{target}^{{commit}}").strip()
    try:
        data = _git_bytes(clone, f"{target}:{path}")
    except SubscriptionError:
        raise SubscriptionError(f"{source} has no {path} at commit {target[:12]}") from None
    return target, data, clone


def _git_bytes(clone: str, spec: str) -> bytes:
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    result = subprocess.run(
        ["git", "--git-dir", clone, "cat-file", "blob", spec], env=env, capture_output=True, timeout=60
    )
    if result.returncode != 0:
        raise SubscriptionError(result.stderr.decode("utf-8", "replace").strip()[:300])
    return result.stdout


def descends(clone: str, old: str, new: str) -> bool:
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    result = subprocess.run(
        ["git", "--git-dir", clone, "merge-base", "--is-ancestor", old, new], env=env, capture_output=True, timeout=60
    )
    return result.returncode == 0


def fetch_file(source: str) -> bytes:
    from urllib.parse import unquote, urlsplit

    from hookward.policy.safeio import read_regular

    parts = urlsplit(source)
    if parts.netloc not in ("", "localhost"):
        raise SubscriptionError(f"{source}: only local file URLs (file:///path) are read")
    try:
        return read_regular(unquote(parts.path))
    except OSError as error:
        raise SubscriptionError(f"{source}: cannot be read ({error.strerror or error})") from None


def verify_signature(record: dict, commit: str | None, clone: str | None, data: bytes) -> str:
    """The administrator's signature over the new version, or SubscriptionError. Returns what was verified."""
    import subprocess

    signers = record.get("allowed_signers")
    if not signers or not os.path.isfile(signers):
        raise SubscriptionError(
            "a managed subscription moves only after a signature check: give --allowed-signers FILE "
            "(an ssh allowed-signers file naming the administrator's key)"
        )
    if record["kind"] == "git":
        assert clone is not None and commit is not None
        env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
        result = subprocess.run(
            ["git", "-c", f"gpg.ssh.allowedSignersFile={signers}", "--git-dir", clone, "verify-commit", commit],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        if result.returncode != 0:
            raise SubscriptionError(
                f"commit {commit[:12]} has no valid signature by an allowed signer: {result.stderr.strip()[:300]}"
            )
        return f"commit {commit[:12]} signed by an allowed signer"
    signature = fetch_file(record["source"] + ".sig")
    identity = record.get("signer") or "admin"
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".sig") as sig:
        sig.write(signature)
        sig.flush()
        checked = subprocess.run(
            ["ssh-keygen", "-Y", "verify", "-f", signers, "-I", identity, "-n", SIGNATURE_NAMESPACE, "-s", sig.name],
            input=data,
            capture_output=True,
            timeout=60,
        )
    if checked.returncode != 0:
        raise SubscriptionError(
            f"{record['source']}.sig is no valid signature by {identity!r}: "
            f"{checked.stderr.decode('utf-8', 'replace').strip()[:300]}"
        )
    return f"file signed by {identity!r}"


def rule_diff(old: dict | None, new: dict) -> list[str]:
    """The change in effective rules between two compiled layers: + added, - removed, ~ changed."""

    def table(part: dict | None) -> dict[str, dict]:
        return {rule["id"]: rule for rule in (part or {}).get("rules", [])}

    before, after = table(old), table(new)
    verdicts = ("allow", "ask", "force_ask", "deny")
    lines = []
    for rule_id in sorted(before.keys() | after.keys()):
        if rule_id not in before:
            lines.append(f"+ {rule_id} {verdicts[after[rule_id]['verdict']]}: {after[rule_id]['reason']}")
        elif rule_id not in after:
            lines.append(f"- {rule_id} {verdicts[before[rule_id]['verdict']]}: {before[rule_id]['reason']}")
        elif before[rule_id] != after[rule_id]:
            was, now = verdicts[before[rule_id]["verdict"]], verdicts[after[rule_id]["verdict"]]
            lines.append(f"~ {rule_id} {was + ' -> ' + now if was != now else now}: {after[rule_id]['reason']}")
    if (old or {}).get("settings", {}) != new.get("settings", {}):
        lines.append(f"~ settings: {json.dumps((old or {}).get('settings', {}))} -> {json.dumps(new['settings'])}")
    return lines


def _atomic_write(path: str, data: bytes) -> None:
    import tempfile

    os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".subscription-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


class Update:
    """What an update found: the new pin, the diff, what was verified; `moved` once written."""

    def __init__(self, record: dict, data: bytes, diff: list[str], verified: str) -> None:
        self.record = record
        self.data = data
        self.diff = diff
        self.verified = verified
        self.moved = False


def check_and_pin(record: dict, dry_run: bool = False, exact: str | None = None) -> Update:
    """Fetch the source, check everything, and (unless dry_run) move the pin. SubscriptionError otherwise;
    a PolicyError from the loader (a broken file, a failing example) is turned into one."""
    from hookward.policy import loader
    from hookward.policy.schema import PolicyError

    layer = record["layer"]
    old = read_record(layer)
    commit = clone = None
    if record["kind"] == "git":
        commit, data, clone = fetch_git(record["source"], record.get("ref") or "HEAD", record["path"], exact)
        if old and old.get("commit") and old.get("source") == record["source"] and old["commit"] != commit:
            if not descends(clone, old["commit"], commit):
                raise SubscriptionError(
                    f"{commit[:12]} does not descend from the pinned {old['commit'][:12]}: the history was rewritten"
                )
    else:
        data = fetch_file(record["source"])
        if exact is not None and sha256(data).hexdigest() != exact.removeprefix("sha256:"):
            raise SubscriptionError(f"{record['source']} does not have the SHA-256 it was pinned to ({exact})")
    try:
        new_part = loader._compile_layer(layer, copy_path(layer), data)  # schema and every rule's examples
    except PolicyError as error:
        raise SubscriptionError(f"the new version fails its checks: {error}") from None
    verified = "examples passed"
    if layer == "managed":
        verified += "; " + verify_signature(record, commit, clone, data)
    old_part = None
    if old is not None:
        try:
            old_source = pinned_source(layer)
            old_part = loader._compile_layer(layer, copy_path(layer), old_source[2]) if old_source else None
        except (PolicyError, OSError):
            old_part = None  # the old copy is broken: everything in the new one shows as added
    new_record = dict(record, sha256=sha256(data).hexdigest(), commit=commit)
    update = Update(new_record, data, rule_diff(old_part, new_part), verified)
    if not dry_run:
        _atomic_write(copy_path(layer), data)
        _atomic_write(record_path(layer), (json.dumps(new_record, indent=2) + "\n").encode())
        update.moved = True
    return update


def new_record(source: str, layer: str, path: str, ref: str, allowed_signers: str | None, signer: str | None) -> dict:
    kind = kind_of(source)
    if kind == "git" and "://" not in source and not source.startswith("git@"):
        source = os.path.abspath(os.path.expanduser(source))  # a local repository path
    record = {"source": source, "kind": kind, "layer": layer, "path": path, "ref": ref}
    if allowed_signers:
        record["allowed_signers"] = os.path.abspath(os.path.expanduser(allowed_signers))
    if signer:
        record["signer"] = signer
    return record
