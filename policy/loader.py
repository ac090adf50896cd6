"""Policy sources, layering, trust, and the compiled-policy cache.

Sources, weakest first: the embedded default, the user's policy
($XDG_CONFIG_HOME/hookward/policy.toml), the project's (`.hookward.toml` at
the project root). A project file arrives with a cloned repository, so it may
only tighten, unless the user trusted that exact file (its SHA-256 is listed
in the user's trusted.json by `hookward policy trust`).

Validation (pydantic, tomllib) and pattern compilation (pathspec) are slow to
import, and every tool call is a fresh process: so a compiled form (plain
JSON) is cached, keyed by the hash of every source's bytes. A cache miss
compiles; a cache that cannot be written is only slower.
"""

from __future__ import annotations

import json
import os

from hookward.policy.lazy import sha256

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
DEFAULT_POLICY = os.path.join(DATA_DIR, "default.toml")
KNOWLEDGE_FILES = (
    os.path.join(os.path.dirname(__file__), "knowledge", "paths.py"),
    os.path.join(os.path.dirname(__file__), "knowledge", "programs.py"),
)
COMPILER_VERSION = "3"
PROJECT_POLICY_NAME = ".hookward.toml"


def config_dir() -> str:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "hookward")


def cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "hookward")


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
        self.sources: list[dict] = data["sources"]


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return None


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
    user_path = user_policy_path()
    user = _read(user_path)
    if user is not None:
        sources.append(("user", user_path, user))
    if project:
        project_path = os.path.join(project, PROJECT_POLICY_NAME)
        project_bytes = _read(project_path)
        if project_bytes is not None:
            trusted = sha256(project_bytes).hexdigest() in _trusted_hashes()
            sources.append(("project-trusted" if trusted else "project", project_path, project_bytes))
    return sources


def _key(sources: list[tuple[str, str, bytes]]) -> str:
    digest = sha256(COMPILER_VERSION.encode())
    for path in KNOWLEDGE_FILES:
        digest.update(_read(path) or b"")
    for layer, path, data in sources:
        digest.update(f"\0{layer}\0{path}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


_memo: dict[str, CompiledPolicy] = {}


def load_policy(project: str | None = None) -> CompiledPolicy:
    sources = _sources(project)
    key = _key(sources)
    if key in _memo:
        return _memo[key]
    cache_file = os.path.join(cache_dir(), f"policy-{key[:32]}.json")
    raw = _read(cache_file)
    if raw is not None:
        try:
            data = json.loads(raw)
            if data.get("key") == key:
                policy = _memo[key] = CompiledPolicy(data)
                return policy
        except (ValueError, KeyError, TypeError):
            pass  # a broken cache is recompiled
    data = compile_sources(sources)
    data["key"] = key
    _write_cache(cache_file, data)
    policy = _memo[key] = CompiledPolicy(data)
    return policy


def _write_cache(path: str, data: dict) -> None:
    import tempfile

    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".policy-")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, separators=(",", ":"))
        os.replace(tmp, path)
    except OSError:
        pass  # an unwritable cache only costs speed


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
    import shlex

    from hookward.policy.knowledge import paths as kpaths
    from hookward.policy.patterns import compile_patterns
    from hookward.policy.schema import PolicyError, Settings, parse_policy_text

    settings = Settings().model_dump()
    layers: dict[str, list[dict]] = {"builtin": [], "user": [], "project-trusted": [], "project": []}
    for layer, path, raw in sources:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise PolicyError(f"{path}: not UTF-8 text") from None
        parsed = parse_policy_text(text, path)
        if parsed.settings is not None:
            if layer in ("project",):
                # An untrusted project may only tighten settings.
                tightened = parsed.settings.model_dump(exclude_unset=True)
                for name in ("unknown_command", "unknown_mcp"):
                    if name in tightened and _rank(tightened[name]) > _rank(settings[name]):
                        settings[name] = tightened[name]
                if "trusted_grade" in tightened and _grade_rank(tightened["trusted_grade"]) > _grade_rank(
                    settings["trusted_grade"]
                ):
                    settings["trusted_grade"] = tightened["trusted_grade"]
            else:
                settings.update(parsed.settings.model_dump(exclude_unset=True))
        for rule in parsed.rules:
            if rule.loosens and layer not in ("user",):
                raise PolicyError(f"{path}: rule {rule.id!r}: only the user's own policy may loosen floors")
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
                for name in ("scopes", "hosts", "tools", "mcp", "urls"):
                    value = getattr(rule, name)
                    if value is not None:
                        compiled[name] = value
            except ValueError as error:
                raise PolicyError(f"{path}: rule {rule.id!r}: {error}") from None
            compiled["_examples"] = (rule.match, rule.not_match)
            compiled["_origin"] = path
            layers[layer].append(compiled)

    def groups(table: list[tuple[str, str, list[str]]]) -> list:
        # Case-insensitive: macOS homes are, and ~/.AWS/credentials is the same file there.
        return [
            [gid, label, [[base, "(?i)" + regex, include] for base, regex, include in compile_patterns(lines)]]
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

    compiled_policy = {
        "settings": settings,
        "override_layers": [layers["project-trusted"], layers["user"], layers["builtin"]],
        "tighten_only": layers["project"],
        "credentials": groups(kpaths.CREDENTIALS),
        "persistence": groups(kpaths.PERSISTENCE),
        "self_protection": groups(kpaths.SELF_PROTECTION),
        "credential_trees": trees(kpaths.CREDENTIALS),
        "protected_trees": trees(kpaths.SELF_PROTECTION, kpaths.PERSISTENCE),
        "sources": [{"layer": layer, "path": path, "sha256": sha256(raw).hexdigest()} for layer, path, raw in sources],
    }
    _check_examples(compiled_policy)
    for layer_rules in layers.values():
        for compiled_rule in layer_rules:
            compiled_rule.pop("_examples", None)
            compiled_rule.pop("_origin", None)
    return compiled_policy


def _rank(verdict: str) -> int:
    return ("allow", "ask", "force_ask", "deny").index(verdict)


def _grade_rank(grade: str) -> int:
    return ("unknown", "documented", "read", "probed").index(grade)


def _check_examples(data: dict) -> None:
    """Each rule's `match` / `not_match` examples are its unit tests, run at load."""
    from hookward.policy.engine import Action, Env, _rule_matches
    from hookward.policy.paths import target
    from hookward.policy.schema import PolicyError
    from hookward.policy.shell import analyze
    from hookward.policy.toolcall import ToolCall

    rules = [r for layer in data["override_layers"] for r in layer] + data["tighten_only"]
    project = "/project"
    call = ToolCall("shell", command="", cwd=project, project_root=project)
    env = Env(call)
    for rule in rules:
        match, not_match = rule.get("_examples", ([], []))
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
                got = any(
                    _rule_matches(rule, Action("shell", example, call, cmd=cmd), env) for cmd in analysis.commands
                )
            if got != expected:
                word = "match" if expected else "not_match"
                raise PolicyError(
                    f"{rule.get('_origin', '?')}: rule {rule['id']!r}: example in {word} {example!r} {'does not match' if expected else 'matches'}"
                )
