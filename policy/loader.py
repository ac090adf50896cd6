"""Policy sources, layering, trust, and the compiled-policy cache.

Sources, weakest first: the embedded default, the user's policy
($XDG_CONFIG_HOME/hookward/policy.toml), the project's (`.hookward.toml` at
the project root). A project file arrives with a cloned repository, so it may
only tighten, unless the user trusted that exact file (its SHA-256 is listed
in the user's trusted.json by `hookward policy trust`).

Validation (pydantic, tomllib) and pattern compilation (pathspec) are slow to
import, and every tool call is a fresh process, so compiled forms (plain JSON)
are kept, and the cache can only ever make things faster, never looser:

- The built-in part (the default policy, the floors' path tables, the
  knowledge lists) is compiled into `data/builtin_policy.json`, which ships
  inside the package, never in a user-writable cache. Its `key` is the digest
  of the sources it was compiled from; a checkout whose sources moved on (the
  key differs) compiles them in memory instead.
- The user's cache ($XDG_CACHE_HOME/hookward) holds only what user and project
  files add, keyed by the digest of those files' bytes and of the built-in key,
  and sealed with an HMAC under a per-user secret kept in the state directory.
  An entry whose seal or key does not verify is compiled again from the
  sources just read; a cache that cannot be written is only slower.
"""

from __future__ import annotations

import json
import os

from hookward.policy import managed, subscription
from hookward.policy.lazy import sha256
from hookward.policy.safeio import read_regular

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
DEFAULT_POLICY = os.path.join(DATA_DIR, "default.toml")
BUILTIN_POLICY = os.path.join(DATA_DIR, "builtin_policy.json")
KNOWLEDGE_FILES = (
    os.path.join(os.path.dirname(__file__), "knowledge", "paths.py"),
    os.path.join(os.path.dirname(__file__), "knowledge", "programs.py"),
)
# Every file the built-in part is compiled from; the shipped builtin_policy.json is keyed by their bytes.
BUILTIN_INPUTS = (DEFAULT_POLICY, *KNOWLEDGE_FILES)
COMPILER_VERSION = "5"
CACHE_MAGIC = b"hookward-policy-cache 1\n"
PROJECT_POLICY_NAME = ".hookward.toml"


def config_dir() -> str:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "hookward")


def cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "hookward")


def state_dir() -> str:
    """As the ledger resolves it (verdicts.ledger.state_dir): a relative XDG path is invalid, ignored."""
    base = os.environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "hookward")


def cache_secret_path() -> str:
    """The per-user secret that seals cache entries: readable by nothing but hookward (self-protection)."""
    return os.path.join(state_dir(), "policy-cache.key")


def user_policy_path() -> str:
    return os.path.join(config_dir(), "policy.toml")


def trust_path() -> str:
    return os.path.join(config_dir(), "trusted.json")


class CompiledPolicy:
    """The policy as the engine reads it: plain data, no validation left to do."""

    __slots__ = (
        "settings",
        "override_layers",
        "tighten_only",
        "credentials",
        "persistence",
        "self_protection",
        "credential_trees",
        "protected_trees",
        "home_harmless",
        "sources",
    )

    def __init__(self, data: dict) -> None:
        self.settings: dict = data["settings"]
        self.override_layers: list[list[dict]] = data["override_layers"]
        self.tighten_only: list[dict] = data["tighten_only"]
        self.credentials = data["credentials"]
        self.persistence = data["persistence"]
        self.self_protection = data["self_protection"]
        self.credential_trees: list[list[str]] = data["credential_trees"]
        self.protected_trees: list[list[str]] = data["protected_trees"]
        self.home_harmless: list = data["home_harmless"]
        self.sources: list[dict] = data["sources"]


def _read(path: str) -> bytes | None:
    """A policy, trust or cache file; a FIFO, a device or an oversized file raises UnsafeFile (policy/safeio.py)."""
    try:
        return read_regular(path)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return None


def _read_policy(path: str) -> bytes | None:
    """A policy file, or None when nothing is there. Something there that is not a regular file is an error,
    never silence: a user policy that quietly vanished would take its deny rules with it."""
    try:
        return read_regular(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            from hookward.policy.schema import PolicyError

            raise PolicyError(f"{path}: a symlink to nothing ({os.readlink(path)!r}), not a policy file") from None
        return None
    except IsADirectoryError:
        from hookward.policy.schema import PolicyError

        raise PolicyError(f"{path}: a directory, not a policy file") from None


def _trusted_hashes() -> set[str]:
    raw = _read(trust_path())
    if not raw:
        return set()
    try:
        data = json.loads(raw)
        return {str(entry["sha256"]) for entry in data.get("trusted", []) if isinstance(entry, dict)}
    except (ValueError, KeyError, TypeError, AttributeError):
        return set()  # a broken trust file trusts nothing


def _sources(project: str | None) -> list[tuple[str, str, bytes]]:
    """(layer, path, bytes) of every policy source that exists."""
    sources: list[tuple[str, str, bytes]] = []
    default = _read(DEFAULT_POLICY)
    if default is None:
        raise RuntimeError(f"the embedded default policy is missing ({DEFAULT_POLICY})")
    sources.append(("builtin", DEFAULT_POLICY, default))
    pinned = subscription.pinned_source("managed")  # policy/subscription.py: refused whole unless it matches its pin
    if pinned is not None:
        sources.append(pinned)
    managed_path = managed.managed_policy_path()
    managed_bytes = managed.read_managed(managed_path)  # refused (PolicyError) unless root's and only root's
    if managed_bytes is not None:
        sources.append(("managed", managed_path, managed_bytes))
    pinned = subscription.pinned_source("user")
    if pinned is not None:
        sources.append(pinned)
    user_path = user_policy_path()
    user = _read_policy(user_path)
    if user is not None:
        sources.append(("user", user_path, user))
    if project:
        project_path = os.path.join(project, PROJECT_POLICY_NAME)
        project_bytes = _read_policy(project_path)
        if project_bytes is not None:
            trusted = sha256(project_bytes).hexdigest() in _trusted_hashes()
            sources.append(("project-trusted" if trusted else "project", project_path, project_bytes))
    return sources


_key_memo: dict[tuple, str] = {}


def builtin_key(default: bytes | None = None) -> str:
    """The digest of every built-in input: what the shipped builtin_policy.json must have been compiled from.

    A process that judges many calls (the warm hook's workers, `hookward eval`, the MCP server) hashes the
    knowledge files again only when one of them changed (inode, size, modification time) or the host files
    did (their sizes, as the digest itself keys them)."""
    from hookward.compat import registry

    try:
        stamps = tuple((st.st_ino, st.st_size, st.st_mtime_ns) for st in map(os.stat, KNOWLEDGE_FILES))
    except OSError:
        stamps = None
    memo_key = (default, stamps, str(registry.host_file_sizes()))
    if stamps is not None and default is not None and memo_key in _key_memo:
        return _key_memo[memo_key]
    key = _builtin_key(default)
    if stamps is not None and default is not None:
        if len(_key_memo) > 8:
            _key_memo.clear()
        _key_memo[memo_key] = key
    return key


def _builtin_key(default: bytes | None) -> str:
    digest = sha256(f"hookward-builtin\0{COMPILER_VERSION}".encode())
    for path in BUILTIN_INPUTS:
        data = default if path == DEFAULT_POLICY and default is not None else _read(path)
        if data is None:
            raise RuntimeError(f"a built-in policy source is missing ({path})")
        digest.update(f"\0{os.path.basename(path)}\0{len(data)}\0".encode())
        digest.update(data)
    # The host files' credential and harmless files are compiled in too: keyed by each file's size (a stat, not a
    # read of 18 files per call), as policy/protection.py keys the table it derives from the same files.
    from hookward.compat import registry

    digest.update(f"\0hosts\0{registry.host_file_sizes()}".encode())
    return digest.hexdigest()


def _key(builtin: str, added: list[tuple[str, str, bytes]]) -> str:
    """The cache key of what user and project files add: their layers, paths and bytes, and the built-in under them."""
    digest = sha256(f"hookward-added\0{COMPILER_VERSION}\0{builtin}".encode())
    for layer, path, data in added:
        digest.update(f"\0{layer}\0{path}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


_memo: dict[str, CompiledPolicy] = {}
_builtin_memo: dict[str, dict] = {}


def load_policy(project: str | None = None) -> CompiledPolicy:
    sources = _sources(project)
    builtin = _builtin(sources[0][2])
    added = sources[1:]
    key = _key(builtin["key"], added)
    if key in _memo:
        return _memo[key]
    parts = _cached_parts(key, added) if added else []
    if parts is None:
        parts = [_compile_layer(layer, path, raw) for layer, path, raw in added]
        _write_cache(key, parts)
    policy = _memo[key] = CompiledPolicy(_assemble(builtin, parts))
    return policy


def _builtin(default: bytes) -> dict:
    """The built-in part, from the package (never from the user's cache)."""
    key = builtin_key(default)
    found = _builtin_memo.get(key)
    if found is not None:
        return found
    data = None
    raw = _read(BUILTIN_POLICY)
    if raw is not None:
        try:
            shipped = json.loads(raw)
            if isinstance(shipped, dict) and shipped.get("key") == key:
                data = shipped
        except ValueError:
            pass
    if data is None:
        # A source checkout whose defaults or knowledge moved on since builtin_policy.json was written: compile
        # here, in memory only (slow). `python -m hookward.policy.loader` rewrites the shipped file.
        data = compile_builtin(default)
    _builtin_memo[key] = data
    return data


def _cache_file(key: str) -> str:
    return os.path.join(cache_dir(), f"added-{key[:32]}.json")


def _cached_parts(key: str, added: list[tuple[str, str, bytes]]) -> list[dict] | None:
    """The compiled user / project layers, if a cache entry for exactly these sources verifies; else None."""
    raw = _read(_cache_file(key))
    if raw is None or not raw.startswith(CACHE_MAGIC):
        return None
    secret = _cache_secret(create=False)
    if secret is None:
        return None
    seal, newline, payload = raw[len(CACHE_MAGIC) :].partition(b"\n")
    if not newline or not _same(seal, _mac(secret, payload).encode()):
        return None  # edited, or sealed under another secret: compile again
    try:
        data = json.loads(payload)
        parts = data["parts"]
        if data["key"] != key or not isinstance(parts, list):
            return None
        expected = [(layer, path, sha256(raw_source).hexdigest()) for layer, path, raw_source in added]
        if [(part["layer"], part["path"], part["sha256"]) for part in parts] != expected:
            return None
        for part in parts:
            if not isinstance(part["settings"], dict) or not isinstance(part["rules"], list):
                return None
    except (ValueError, KeyError, TypeError):
        return None
    return parts


def _write_cache(key: str, parts: list[dict]) -> None:
    import tempfile

    secret = _cache_secret(create=True)
    if secret is None:
        return
    path = _cache_file(key)
    payload = json.dumps({"key": key, "parts": parts}, separators=(",", ":")).encode()
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".added-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(CACHE_MAGIC + _mac(secret, payload).encode() + b"\n" + payload)
        os.replace(tmp, path)
    except OSError:
        pass  # an unwritable cache only costs speed


def _cache_secret(create: bool) -> bytes | None:
    """The per-user sealing secret; created on first write. Without one there is no cache, only slower calls."""
    path = cache_secret_path()
    raw = _read(path)
    if raw is not None:
        try:
            secret = bytes.fromhex(raw.decode("ascii").strip())
            if len(secret) == 32:
                return secret
        except ValueError:
            pass
    if not create:
        return None
    import tempfile

    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".policy-cache-key-")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(os.urandom(32).hex().encode())
            if raw is None:
                try:
                    os.link(tmp, path)  # never replaces the secret another hook process just made
                except FileExistsError:
                    pass
            else:
                os.replace(tmp, path)  # an unreadable secret seals nothing: start a new one
        finally:
            if os.path.lexists(tmp):
                os.unlink(tmp)
    except OSError:
        return None
    return _cache_secret(create=False)


def _mac(secret: bytes, data: bytes) -> str:
    """HMAC-SHA256 (RFC 2104) on the builtin sha256: the hmac module would import OpenSSL on every hook call."""
    key = secret.ljust(64, b"\0")
    inner = sha256(bytes(b ^ 0x36 for b in key) + data).digest()
    return sha256(bytes(b ^ 0x5C for b in key) + inner).hexdigest()


def _same(left: bytes, right: bytes) -> bool:
    from _operator import _compare_digest

    return bool(_compare_digest(left, right))


# Settings only the user's own policy may set: a project (trusted or not) cannot stretch the hook's deadline.
USER_ONLY_SETTINGS = frozenset({"deadline_seconds", "shadow", "max_payload_bytes"})


def _assemble(builtin: dict, parts: list[dict]) -> dict:
    """The policy the engine reads: the built-in part, then what each user / project layer adds (cheap, no pydantic).

    The managed layer (policy/managed.py) sits between the built-in and the user's: its rules override the
    built-in ones and are also a minimum for every later layer (they join `tighten_only`); the settings it
    sets may only be tightened; its `[managed]` table is `settings["managed"]`."""
    settings = dict(builtin["settings"])
    layers: dict[str, list[dict]] = {"managed": [], "user": [], "project-trusted": [], "project": []}
    admins = [part for part in parts if part["layer"] == "managed"]  # a pinned managed policy, the managed file
    fixed = {name for part in admins for name in part["settings"]}
    limits = dict(managed.MANAGED_DEFAULTS)
    for part in admins:
        limits.update(part.get("managed") or {})
    for part in parts:
        if part["layer"] == "project":
            _tighten(settings, part["settings"])  # an untrusted project may only tighten settings
        elif part["layer"] == "managed":
            settings.update(part["settings"])
        else:
            allowed = {
                k: v for k, v in part["settings"].items() if part["layer"] == "user" or k not in USER_ONLY_SETTINGS
            }
            _tighten(settings, {k: v for k, v in allowed.items() if k in fixed})  # the administrator's, tightened only
            if "grant_expiry_minutes" in fixed and "grant_expiry_minutes" in allowed:
                settings["grant_expiry_minutes"] = min(
                    settings["grant_expiry_minutes"], allowed["grant_expiry_minutes"]
                )
            settings.update({k: v for k, v in allowed.items() if k not in fixed})
        rules = part["rules"]
        if part["layer"] == "user" and limits["loosenable_floors"] is not None:
            rules = [_limit_loosens(rule, limits["loosenable_floors"]) for rule in rules]
        layers[part["layer"]].extend(rules)
    if not limits["allow_shadow"] and "shadow" not in fixed:
        settings["shadow"] = False
    settings["managed"] = dict(limits, fixed=sorted(fixed))
    return {
        "settings": settings,
        "override_layers": [layers["project-trusted"], layers["user"], layers["managed"], builtin["rules"]],
        "tighten_only": layers["project"] + layers["managed"],
        "credentials": builtin["credentials"],
        "persistence": builtin["persistence"],
        "self_protection": builtin["self_protection"],
        "credential_trees": builtin["credential_trees"],
        "protected_trees": builtin["protected_trees"],
        "home_harmless": builtin["home_harmless"],
        "sources": [{"layer": "builtin", "path": DEFAULT_POLICY, "sha256": builtin["sha256"]}]
        + [{"layer": part["layer"], "path": part["path"], "sha256": part["sha256"]} for part in parts],
    }


def _limit_loosens(rule: dict, loosenable: list[str]) -> dict:
    """A user rule loosens only the floors the managed policy lets users loosen; the rest is recorded, not used."""
    kept = [floor for floor in rule.get("loosens", []) if floor in loosenable]
    if kept == rule.get("loosens", []):
        return rule
    refused = [floor for floor in rule["loosens"] if floor not in loosenable]
    return dict(rule, loosens=kept, loosens_refused=refused)


def _tighten(settings: dict, tightened: dict) -> None:
    for name in ("unknown_command", "unknown_mcp"):
        if name in tightened and _rank(tightened[name]) > _rank(settings[name]):
            settings[name] = tightened[name]
    if "trusted_grade" in tightened and _grade_rank(tightened["trusted_grade"]) > _grade_rank(
        settings["trusted_grade"]
    ):
        settings["trusted_grade"] = tightened["trusted_grade"]


# --- compiling (slow path) ------------------------------------------------------


def _expand(values: list[str]) -> list[str]:
    """`@NAME` expands to a knowledge list from policy.knowledge.programs."""
    from hookward.policy.knowledge import programs as kp

    out: list[str] = []
    for value in values:
        if "@" in value and value.split("@", 1)[1].isupper() or value.startswith("@"):
            prefix, _, name = value.partition("@")
            table = getattr(kp, name, None)
            if table is None:
                raise ValueError(f"unknown knowledge list @{name}")
            if isinstance(table, dict):
                for program, subs in sorted(table.items()):
                    if subs is None:
                        out.append((prefix + program).strip())
                    else:
                        out.extend((prefix + f"{program} {sub}").strip() for sub in sorted(subs))
            else:
                out.extend((prefix + item).strip() for item in sorted(table))
        else:
            out.append(value)
    return out


def compile_sources(sources: list[tuple[str, str, bytes]]) -> dict:
    """Every source compiled from its bytes, the built-in one included (what `policy validate` checks)."""
    default = next((raw for layer, _path, raw in sources if layer == "builtin"), None)
    if default is None:
        raise RuntimeError("no built-in policy among the sources")
    builtin = compile_builtin(default)
    parts = [_compile_layer(layer, path, raw) for layer, path, raw in sources if layer != "builtin"]
    return _assemble(builtin, parts)


def compile_builtin(default: bytes) -> dict:
    """The built-in part: the default policy, the floors' path tables and what is derived from them."""
    from hookward.compat import registry
    from hookward.policy.knowledge import paths as kpaths
    from hookward.policy.patterns import compile_patterns
    from hookward.policy.schema import Settings

    # A host's own sign-in and the harmless files it keeps are facts of its registry file.
    credentials = kpaths.CREDENTIALS + registry.credential_groups()
    home_harmless = kpaths.HOME_HARMLESS + registry.harmless_files()

    part = _compile_layer("builtin", DEFAULT_POLICY, default)
    settings = Settings().model_dump(exclude=set(USER_ONLY_SETTINGS))  # their defaults live in their modules
    settings.update({k: v for k, v in part["settings"].items() if k not in USER_ONLY_SETTINGS})

    def groups(table: list[tuple[str, str, list[str]]]) -> list:
        # Case-insensitive: macOS homes are, and ~/.AWS/credentials is the same file there.
        return [
            [
                gid,
                label,
                [[base, "(?i)" + regex, include, fast] for base, regex, include, fast in compile_patterns(lines)],
            ]
            for gid, label, lines in table
        ]

    def trees(*tables: list[tuple[str, str, list[str]]]) -> list[list[str]]:
        """The literal directory prefix of every home- or root-anchored pattern: what a tree copy would sweep."""
        found = set()
        for table in tables:
            for _gid, _label, lines in table:
                for line in lines:
                    if line.startswith(("~/", "/")):
                        base = "home" if line.startswith("~/") else "root"
                        literal = line[2:] if base == "home" else line[1:]
                        literal = literal.split("*", 1)[0].split("?", 1)[0].split("[", 1)[0]
                        found.add((base, literal))
        return [list(item) for item in sorted(found)]

    return {
        "key": builtin_key(default),
        "sha256": part["sha256"],
        "settings": settings,
        "rules": part["rules"],
        "credentials": groups(credentials),
        "persistence": groups(kpaths.PERSISTENCE),
        "self_protection": groups(kpaths.SELF_PROTECTION),
        "credential_trees": trees(credentials),
        "protected_trees": trees(kpaths.SELF_PROTECTION, kpaths.PERSISTENCE),
        "home_harmless": [
            [base, "(?i)" + regex, include, fast] for base, regex, include, fast in compile_patterns(home_harmless)
        ],
    }


def _compile_layer(layer: str, path: str, raw: bytes) -> dict:
    """One source's settings and rules, its examples checked; what the user's cache may hold for it."""
    import shlex

    from hookward.policy.patterns import compile_patterns
    from hookward.policy.schema import PolicyError, parse_policy_text, rule_line

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PolicyError(f"{path}: not UTF-8 text") from None
    parsed = parse_policy_text(text, path)
    settings = parsed.settings.model_dump(exclude_unset=True) if parsed.settings is not None else {}
    if parsed.managed is not None and layer != "managed":
        raise PolicyError(f"{path}: a [managed] table is the administrator's, valid only in {managed.MANAGED_POLICY}")
    rules: list[dict] = []
    for index, rule in enumerate(parsed.rules):
        line = rule_line(text, index)
        at = f"{path}: line {line}" if line is not None else path
        if rule.loosens and layer not in ("user",):
            raise PolicyError(f"{at}: rule {rule.id!r}: only the user's own policy may loosen floors")
        try:
            compiled = {
                "id": f"{'default' if layer == 'builtin' else layer.split('-')[0]}.{rule.id}",
                "verdict": _rank(rule.verdict),
                "reason": rule.reason,
                "user_level": layer == "user",
                "loosens": list(rule.loosens),
            }
            kinds = rule.kinds
            if kinds is None and (rule.programs or rule.commands or rule.args_any):
                kinds = ["shell"]
            if kinds is None and (rule.paths or rule.scopes):
                kinds = ["read", "write", "edit", "delete"]
            if kinds is None and rule.mcp:
                kinds = ["mcp"]
            if kinds is None and rule.urls:
                kinds = ["web"]
            compiled["kinds"] = kinds
            if rule.programs is not None:
                compiled["programs"] = _expand(rule.programs)
            if rule.commands is not None:
                compiled["commands"] = [shlex.split(c) for c in _expand(rule.commands)]
            if rule.args_any is not None:
                compiled["args_any"] = rule.args_any
            if rule.paths is not None:
                compiled["paths"] = compile_patterns(rule.paths)
            if rule.projects is not None:
                compiled["projects"] = [os.path.normpath(os.path.expanduser(p)) for p in rule.projects]
            for name in ("scopes", "hosts", "tools", "mcp", "urls"):
                value = getattr(rule, name)
                if value is not None:
                    compiled[name] = value
        except ValueError as error:
            raise PolicyError(f"{at}: rule {rule.id!r}: {error}") from None
        # Examples run in a stand-in project (/project): a rule's own `projects` scope is not what they test.
        _check_examples({k: v for k, v in compiled.items() if k != "projects"}, rule.match, rule.not_match, at)
        rules.append(compiled)
    part = {"layer": layer, "path": path, "sha256": sha256(raw).hexdigest(), "settings": settings, "rules": rules}
    if parsed.managed is not None:
        part["managed"] = parsed.managed.model_dump()
    return part


def _rank(verdict: str) -> int:
    return ("allow", "ask", "force_ask", "deny").index(verdict)


def _grade_rank(grade: str) -> int:
    return ("unknown", "documented", "read", "probed").index(grade)


def _check_examples(rule: dict, match: list[str], not_match: list[str], origin: str) -> None:
    """A rule's `match` / `not_match` examples are its unit tests, run when it is compiled."""
    if not match and not not_match:
        return
    from hookward.policy.engine import EXAMPLE_PATH, Env
    from hookward.policy.toolcall import ToolCall

    project = "/project"
    call = ToolCall("shell", command="", cwd=project, project_root=project)
    env = Env(call)
    clean_path = EXAMPLE_PATH.set(True)  # examples mean the same on every machine, whatever its PATH
    try:
        _check_each_example(rule, match, not_match, origin, call, env, project)
    finally:
        EXAMPLE_PATH.reset(clean_path)


def _check_each_example(  # type: ignore[no-untyped-def]
    rule: dict, match: list[str], not_match: list[str], origin: str, call, env, project: str
) -> None:
    from hookward.policy.engine import Action, _rule_matches
    from hookward.policy.paths import target
    from hookward.policy.schema import PolicyError
    from hookward.policy.shell import analyze
    from hookward.policy.toolcall import ToolCall

    for example, expected in [(m, True) for m in match] + [(m, False) for m in not_match]:
        kind, _, rest = example.partition(" ")
        if kind in ("read", "write", "edit", "delete", "mcp", "web"):
            if kind == "mcp":
                server, _, tool = rest.partition("/")
                action = Action("mcp", rest, ToolCall("mcp", mcp_server=server, mcp_tool=tool))
            elif kind == "web":
                action = Action("web", rest, ToolCall("web", url=rest))
            else:
                action = Action(kind, rest, call, target=target(rest, project, env.home, project))
            got = _rule_matches(rule, action, env)
        else:
            analysis = analyze(example, project, env.home)
            got = any(_rule_matches(rule, Action("shell", example, call, cmd=cmd), env) for cmd in analysis.commands)
        if got != expected:
            word = "match" if expected else "not_match"
            raise PolicyError(
                f"{origin}: rule {rule['id']!r}: example in {word} {example!r} {'does not match' if expected else 'matches'}"
            )


def write_builtin() -> str:
    """Compile the built-in part into the package (run after editing default.toml or the knowledge files)."""
    default = _read(DEFAULT_POLICY)
    if default is None:
        raise RuntimeError(f"the embedded default policy is missing ({DEFAULT_POLICY})")
    data = compile_builtin(default)
    with open(BUILTIN_POLICY, "w", encoding="utf-8") as handle:
        json.dump(data, handle, separators=(",", ":"), sort_keys=True)
        handle.write("\n")
    return BUILTIN_POLICY


if __name__ == "__main__":
    print(write_builtin())
