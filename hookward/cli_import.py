"""`hookward policy import HOST`: the permission rules a person already wrote for a host, as a hookward policy.

Claude Code's `permissions.allow` / `ask` / `deny` (settings.json), Gemini CLI's policy files
(`policies/*.toml`) and `tools.allowed` / `tools.exclude` (settings.json), and Codex's `prefix_rule`s
(`rules/*.rules`) become `[[rules]]` with `match` examples, each checked by the same loader a hook uses.
What cannot be said in hookward's rule language is listed with the reason, never guessed at.

Imported from a project's files (`--project`), the rules belong to the project layer, which may only
tighten: an allow found there is listed as not imported, never written into the user's policy.
"""

from __future__ import annotations

import ast
import itertools
import json
import os
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

import typer

HOSTS = ("claude-code", "gemini-cli", "codex")
VERDICTS = ("allow", "ask", "force_ask", "deny")


@dataclass
class Imported:
    """What one import found: rules in hookward's language, and what was left out and why."""

    layer: str  # "user" or "project"
    tag: str = "imported"  # the host, as the rule ids start
    sources: list[str] = field(default_factory=list)
    rules: list[dict] = field(default_factory=list)
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # (source, original, why)

    def skip(self, source: str, original: str, why: str) -> None:
        self.skipped.append((source, original, why))

    def add(self, source: str, original: str, verdict: str, rule: dict) -> None:
        if self.layer == "project" and verdict == "allow":
            self.skip(
                source,
                original,
                "an allow from the project's own files would loosen, and a project policy may only tighten; "
                "put it in your own policy if you trust it",
            )
            return
        slug = re.sub(r"[^a-z0-9]+", "-", original.lower()).strip("-")[:40] or "rule"
        base = f"{self.tag}-{verdict.replace('_', '-')}-{slug}"
        taken = {r["id"] for r in self.rules}
        rule_id, n = base, 2
        while rule_id in taken:
            rule_id, n = f"{base}-{n}", n + 1
        self.rules.append(
            {"id": rule_id, "verdict": verdict, "reason": f"imported from {_shown(source)}: {original}", **rule}
        )


def _shown(path: str) -> str:
    home = os.path.expanduser("~")
    return "~" + path[len(home) :] if home not in ("", "/") and path.startswith(home + os.sep) else path


# --- Claude Code ------------------------------------------------------------------------------------

CLAUDE_VERDICTS = {"allow": "allow", "ask": "ask", "deny": "deny"}
CLAUDE_UNSUPPORTED = {
    "Glob": "file-name searches are not a tool kind hookward judges on its own",
    "Grep": "content searches are not a tool kind hookward judges on its own",
    "LS": "directory listings are not a tool kind hookward judges on its own",
    "Task": "sub-agents are not tool calls hookward sees",
    "Agent": "sub-agents are not tool calls hookward sees",
    "WebSearch": "a search query has no URL to match",
    "TodoWrite": "the to-do list is not a tool call hookward judges",
    "ExitPlanMode": "a mode switch is not a tool call hookward judges",
    "SlashCommand": "slash commands are not tool calls hookward sees",
}


def claude_files(root: str, project: bool) -> list[str]:
    if project:
        return [os.path.join(root, ".claude", "settings.json"), os.path.join(root, ".claude", "settings.local.json")]
    return [os.path.join(os.path.expanduser("~"), ".claude", "settings.json")]


def import_claude(path: str, data: dict, out: Imported, root: str) -> None:
    permissions = data.get("permissions") if isinstance(data, dict) else None
    if not isinstance(permissions, dict):
        return
    for key, verdict in CLAUDE_VERDICTS.items():
        entries = permissions.get(key) or []
        if not isinstance(entries, list):
            out.skip(path, f"permissions.{key}", "not a list")
            continue
        for entry in entries:
            if isinstance(entry, str):
                _claude_rule(path, entry, verdict, out, root)
            else:
                out.skip(path, json.dumps(entry), "a permission rule is a string")
    for key in ("defaultMode", "additionalDirectories"):
        if key in permissions:
            out.skip(path, f"permissions.{key}", "a host mode or workspace setting, not a rule about a tool call")


def _claude_rule(path: str, entry: str, verdict: str, out: Imported, root: str) -> None:
    found = re.fullmatch(r"\s*([A-Za-z_][\w-]*)\s*(?:\((.*)\))?\s*", entry, flags=re.S)
    if not found:
        out.skip(path, entry, "not a Claude Code permission rule (Tool or Tool(specifier))")
        return
    tool, spec = found.group(1), found.group(2)
    if tool.startswith("mcp__"):
        server, _, name = tool[len("mcp__") :].partition("__")
        name = name or "*"
        out.add(path, entry, verdict, {"mcp": [f"{server}/{name}"], "match": [f"mcp {server}/{_example(name)}"]})
        return
    if tool == "Bash":
        if spec is None or spec.strip() in ("", "*", ":*"):
            out.add(path, entry, verdict, {"kinds": ["shell"]})
            return
        command = _shell_pattern(spec.strip(), path, entry, out)
        if command is not None:
            out.add(path, entry, verdict, command)
        return
    kinds = {"Read": ["read"], "Edit": ["edit", "write"], "Write": ["write"], "MultiEdit": ["edit"]}
    kinds["NotebookEdit"] = ["edit"]
    if tool in kinds:
        if spec is None or spec.strip() in ("", "**", "*"):
            out.add(path, entry, verdict, {"kinds": kinds[tool]})
            return
        pattern = _claude_path(spec.strip(), path, root)
        if pattern is None:
            out.skip(path, entry, "a path relative to a settings file outside the project")
            return
        example = f"{kinds[tool][0]} {_example(pattern)}"
        out.add(path, entry, verdict, {"kinds": kinds[tool], "paths": [pattern], "match": [example]})
        return
    if tool == "WebFetch":
        if spec is None:
            out.add(path, entry, verdict, {"kinds": ["web"]})
            return
        domain = spec.strip().removeprefix("domain:")
        if not re.fullmatch(r"[A-Za-z0-9*.-]+", domain):
            out.skip(path, entry, "only domain:HOST specifiers can be said as a URL pattern")
            return
        urls = [f"https://{domain}/*", f"http://{domain}/*", f"https://{domain}", f"http://{domain}"]
        out.add(path, entry, verdict, {"urls": urls, "match": [f"web https://{_example(domain)}/"]})
        return
    out.skip(path, entry, CLAUDE_UNSUPPORTED.get(tool, f"hookward has no rule for Claude Code's {tool} tool"))


def _claude_path(spec: str, settings: str, root: str) -> str | None:
    """Claude Code's path specifiers: `//abs`, `~/x`, `/x` (relative to the settings file's project), `./x`, `x`."""
    if spec.startswith("//"):
        return spec[1:]
    if spec.startswith("~/"):
        return spec
    if spec.startswith("/"):
        base = os.path.dirname(os.path.dirname(settings))  # .../.claude/settings.json -> the project
        if os.path.normpath(base) != os.path.normpath(root):
            return os.path.join(base, spec.lstrip("/"))
        return spec.lstrip("/")
    return spec.removeprefix("./")


def _shell_pattern(spec: str, path: str, entry: str, out: Imported) -> dict | None:
    """`npm run test:*` (prefix), `git diff *` (prefix), `npm run build` (exactly): a `commands` pattern."""
    prefix = False
    if spec.endswith(":*"):
        spec, prefix = spec[:-2], True
    elif spec.endswith(" *"):
        spec, prefix = spec[:-2], True
    if any(op in spec for op in ("&&", "||", ";", "|", "`", "$(", ">", "<")):
        out.skip(path, entry, "a pattern over a whole shell line; hookward matches each simple command on its own")
        return None
    try:
        tokens = shlex.split(spec)
    except ValueError as error:
        out.skip(path, entry, f"cannot split the command pattern: {error}")
        return None
    if not tokens:
        out.skip(path, entry, "an empty command pattern")
        return None
    pattern = shlex.join(tokens) + ("" if prefix else " $")
    example = " ".join(_example(t) for t in tokens)
    return {"commands": [pattern], "match": [example]}


def _example(pattern: str) -> str:
    """A concrete word or path a glob pattern matches, for the rule's `match` example."""
    text = pattern.replace("**", "x").replace("*", "x").replace("?", "x")
    return re.sub(r"\[[^\]]*\]", "x", text).rstrip("/") or "x"


# --- Gemini CLI -------------------------------------------------------------------------------------

GEMINI_TOOLS = {
    "run_shell_command": ["shell"],
    "ShellTool": ["shell"],
    "read_file": ["read"],
    "ReadFileTool": ["read"],
    "read_many_files": ["read"],
    "ReadManyFilesTool": ["read"],
    "write_file": ["write"],
    "WriteFileTool": ["write"],
    "replace": ["edit"],
    "EditTool": ["edit"],
    "web_fetch": ["web"],
    "WebFetchTool": ["web"],
}
GEMINI_DECISIONS = {"allow": "allow", "ask_user": "ask", "ask": "ask", "deny": "deny"}


def gemini_files(root: str, project: bool) -> list[str]:
    base = os.path.join(root, ".gemini") if project else os.path.join(os.path.expanduser("~"), ".gemini")
    found = [os.path.join(base, "settings.json")]
    policies = os.path.join(base, "policies")
    if os.path.isdir(policies):
        found += sorted(os.path.join(policies, n) for n in os.listdir(policies) if n.endswith(".toml"))
    return found


def import_gemini_settings(path: str, data: dict, out: Imported) -> None:
    tools = data.get("tools") if isinstance(data.get("tools"), dict) else {}
    for key, verdict in (("allowed", "allow"), ("exclude", "deny")):
        entries = tools.get(key) or data.get({"allowed": "allowedTools", "exclude": "excludeTools"}[key]) or []
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, str):
                out.skip(path, json.dumps(entry), "a tool entry is a string")
                continue
            found = re.fullmatch(r"\s*(\w+)\s*(?:\((.*)\))?\s*", entry, flags=re.S)
            if not found:
                out.skip(path, entry, "not a Gemini CLI tool entry (tool or tool(command prefix))")
                continue
            _gemini_rule(path, entry, found.group(1), [found.group(2)] if found.group(2) else [], verdict, out)
    if "core" in tools or "coreTools" in data:
        out.skip(path, "tools.core", "which tools exist is the host's to decide; it is not a rule about a call")


def import_gemini_policy(path: str, text: str, out: Imported) -> None:
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        out.skip(path, os.path.basename(path), f"not valid TOML: {error}")
        return
    for index, rule in enumerate(data.get("rule", [])):
        original = f"rule[{index}]"
        if not isinstance(rule, dict):
            out.skip(path, original, "a [[rule]] is a table")
            continue
        decision = GEMINI_DECISIONS.get(str(rule.get("decision", "")))
        if decision is None:
            out.skip(path, original, f"decision {rule.get('decision')!r} is none of allow, ask_user, deny")
            continue
        for key in ("commandRegex", "argsPattern"):
            if key in rule:
                out.skip(path, original, f"{key} is a regular expression; hookward rules match words and globs")
                break
        else:
            if "modes" in rule:
                out.skip(path, original, "a rule for some approval modes only; hookward rules hold in every mode")
                continue
            prefixes = rule.get("commandPrefix", [])
            prefixes = [prefixes] if isinstance(prefixes, str) else list(prefixes)
            tool = str(rule.get("toolName", ""))
            if "mcpName" in rule:
                server = str(rule["mcpName"])
                name = tool.split("__", 1)[-1] if tool else "*"
                out.add(path, original, decision, {"mcp": [f"{server}/{name}"], "match": [f"mcp {server}/x"]})
                continue
            _gemini_rule(path, original, tool, prefixes, decision, out)


def _gemini_rule(path: str, original: str, tool: str, prefixes: list[str], verdict: str, out: Imported) -> None:
    kinds = GEMINI_TOOLS.get(tool)
    if kinds is None:
        out.skip(path, original, f"hookward has no rule for Gemini CLI's {tool or 'unnamed'} tool")
        return
    if not prefixes:
        out.add(path, original, verdict, {"kinds": kinds})
        return
    if kinds != ["shell"]:
        out.skip(path, original, "a command prefix on a tool that runs no command")
        return
    commands, examples = [], []
    for prefix in prefixes:
        made = _shell_pattern(prefix.strip() + ":*", path, original, out)
        if made is None:
            return
        commands += made["commands"]
        examples += made["match"]
    out.add(path, original, verdict, {"commands": commands, "match": examples})


# --- Codex ------------------------------------------------------------------------------------------

CODEX_DECISIONS = {"allow": "allow", "prompt": "ask", "forbidden": "deny"}


def codex_files(root: str, project: bool) -> list[str]:
    base = os.path.join(root, ".codex") if project else os.environ.get("CODEX_HOME") or os.path.expanduser("~/.codex")
    rules = os.path.join(base, "rules")
    if not os.path.isdir(rules):
        return []
    return sorted(os.path.join(rules, n) for n in os.listdir(rules) if n.endswith(".rules"))


def import_codex(path: str, text: str, out: Imported) -> None:
    try:
        tree = ast.parse(text, filename=path)
    except SyntaxError as error:
        out.skip(path, os.path.basename(path), f"not a rules file hookward can read: {error.msg} (line {error.lineno})")
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        original = f"line {node.lineno}: {node.func.id}(...)"
        if node.func.id != "prefix_rule":
            out.skip(path, original, f"{node.func.id} is not a prefix_rule")
            continue
        try:
            args = {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords if kw.arg}
        except ValueError:
            out.skip(path, original, "its arguments are not plain literals")
            continue
        _codex_rule(path, original, args, out)


def _codex_rule(path: str, original: str, args: dict, out: Imported) -> None:
    pattern = args.get("pattern")
    verdict = CODEX_DECISIONS.get(str(args.get("decision", "allow")))
    if verdict is None:
        out.skip(path, original, f"decision {args.get('decision')!r} is none of allow, prompt, forbidden")
        return
    if not isinstance(pattern, list) or not pattern:
        out.skip(path, original, "pattern is not a non-empty list of words")
        return
    choices = [[w] if isinstance(w, str) else list(w) for w in pattern]
    if any(not c or not all(isinstance(w, str) for w in c) for c in choices):
        out.skip(path, original, "a pattern word is neither a string nor a list of strings")
        return
    count = 1
    for c in choices:
        count *= len(c)
    if count > 64:
        out.skip(path, original, f"its alternatives spell {count} commands (at most 64 are imported)")
        return
    spelled = [list(words) for words in itertools.product(*choices)]
    rule: dict = {"commands": [shlex.join(words) for words in spelled], "match": [shlex.join(spelled[0])]}
    for key in ("match", "not_match"):
        for example in args.get(key, []) or []:
            words = example if isinstance(example, list) else shlex.split(str(example))
            rule.setdefault(key, []).append(shlex.join(str(w) for w in words))
    rule["match"] = list(dict.fromkeys(rule["match"]))
    justification = args.get("justification")
    if isinstance(justification, str) and justification.strip():
        original = f"{original} {justification.strip()}"
    out.add(path, original, verdict, rule)


# --- assembling and checking ------------------------------------------------------------------------


def collect(host: str, root: str, project: bool) -> Imported:
    out = Imported("project" if project else "user", tag={"claude-code": "claude"}.get(host, host.split("-")[0]))
    files = {"claude-code": claude_files, "gemini-cli": gemini_files, "codex": codex_files}[host](root, project)
    for path in files:
        if not os.path.isfile(path):
            continue
        out.sources.append(path)
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        if path.endswith(".json"):
            try:
                data = json.loads(text)
            except ValueError as error:
                out.skip(path, os.path.basename(path), f"not valid JSON: {error}")
                continue
            if not isinstance(data, dict):
                out.skip(path, os.path.basename(path), "not a JSON object")
                continue
            if host == "claude-code":
                import_claude(path, data, out, root)
            else:
                import_gemini_settings(path, data, out)
        elif host == "gemini-cli":
            import_gemini_policy(path, text, out)
        else:
            import_codex(path, text, out)
    _check(out)
    return out


def _check(out: Imported) -> None:
    """Each rule compiled alone by the loader a hook uses (schema, examples); one that fails is listed, not kept."""
    from hookward.policy.loader import _compile_layer
    from hookward.policy.schema import PolicyError

    kept = []
    for rule in out.rules:
        try:
            _compile_layer(out.layer, "(imported)", render([rule]).encode("utf-8"))
        except PolicyError as error:
            source, _, original = rule["reason"].removeprefix("imported from ").partition(": ")
            out.skip(source, original, f"the translation does not load: {error}")
            continue
        kept.append(rule)
    out.rules = kept


def _toml_value(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def render(rules: list[dict], header: list[str] | None = None) -> str:
    lines = [f"# {line}" if line else "#" for line in header or []]
    order = ("id", "verdict", "reason", "kinds", "commands", "paths", "mcp", "urls", "match", "not_match")
    for rule in rules:
        lines += ["", "[[rules]]"]
        lines += [f"{key} = {_toml_value(rule[key])}" for key in order if key in rule]
    return "\n".join(lines).lstrip("\n") + "\n"


def import_command(
    host: str = typer.Argument(..., help=f"the host whose rules to import: {', '.join(HOSTS)}"),
    project: bool = typer.Option(
        False, "--project", help="import the project's own files (into the project layer, which may only tighten)"
    ),
    cwd: Path = typer.Option(None, "--cwd", help="the project (default: the current directory's)"),
    write: bool = typer.Option(
        False, "--write", help="append to the layer's file (~/.config/hookward/policy.toml, or .hookward.toml)"
    ),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
) -> None:
    """Turn a host's own permission rules into a hookward policy, listing what could not be translated and why.

    Prints the policy (TOML) unless --write; what was left out goes to stderr (or into the JSON).
    """
    from hookward.adapters.base import project_root_for
    from hookward.policy.loader import PROJECT_POLICY_NAME, user_policy_path

    if host not in HOSTS:
        typer.echo(f"hookward policy import: no importer for {host!r}; hosts: {', '.join(HOSTS)}", err=True)
        raise typer.Exit(1)
    here = os.path.abspath(str(cwd) if cwd else os.getcwd())
    root = project_root_for(here) or here
    out = collect(host, root, project)
    target = os.path.join(root, PROJECT_POLICY_NAME) if project else user_policy_path()
    header = [
        f"hookward policy imported from {host} ({out.layer} layer: {target})",
        *[f"  source: {source}" for source in out.sources],
    ]
    if project:
        header.append("a project policy may only tighten: its allows were not imported")
    text = render(out.rules, header)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "host": host,
                    "layer": out.layer,
                    "target": target,
                    "sources": out.sources,
                    "rules": out.rules,
                    "not_translated": [{"source": s, "rule": o, "why": w} for s, o, w in out.skipped],
                    "policy": text,
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    elif not write:
        typer.echo(text, nl=False)
    for source, original, why in out.skipped if not as_json else []:
        typer.echo(f"not translated: {original} ({source}): {why}", err=True)
    if not out.sources and not as_json:
        typer.echo(f"hookward policy import: no {host} settings found for the {out.layer} layer", err=True)
    if write and out.rules:
        _append(target, text, out.layer)
        if not as_json:
            typer.echo(f"wrote {len(out.rules)} rule(s) to {target}")


def _append(target: str, text: str, layer: str) -> None:
    from hookward.policy.loader import _compile_layer
    from hookward.policy.schema import PolicyError

    before = Path(target).read_text(encoding="utf-8") if os.path.isfile(target) else ""
    after = before + ("\n" if before and not before.endswith("\n") else "") + ("\n" if before else "") + text
    try:
        _compile_layer(layer, target, after.encode("utf-8"))
    except PolicyError as error:
        typer.echo(f"hookward policy import: refused, {target} would not load: {error}", err=True)
        raise typer.Exit(1) from None
    os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
    Path(target).write_text(after, encoding="utf-8")
