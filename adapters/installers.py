"""How hookward registers itself with each host, read off the host's registry file.

Everything host-specific comes from `compat/hosts/<host>.json`: *where* the
host reads its config (`config.user`, `config.project`), *which events* exist
and their role, whether exit 2 blocks (`failures.exit_2`), the fail-closed
switch (`fail_closed_switch`), *how to spell* one registration in that config
(`install`: nested or flat JSON, TOML tables, a plugin file, an MCP server
entry, the timeout field and its unit), the settings that silently switch
hooks off (`hook_off_switches` with `off`, for `hookward doctor`), the trust
record (`trust_state`) and the hosts that also run its hook files
(`also_runs_hooks_of`). This module only turns them into the
`adapters.install` data that plan and apply the edit; tests check that the
`install` spelling agrees with the registry's registration text.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from hookward.adapters import install
from hookward.adapters.install import (
    ConfigError,
    HookEntries,
    JsonArrayItem,
    JsonMember,
    MarkedText,
    OwnedFile,
    Registration,
    TomlHookTables,
)
from hookward.compat import registry

# One budget for every host: hookward answers in well under a second, so a hook
# still running after this is broken. On hosts where a timeout lets the tool
# run (registry `failures.timeout`), a shorter wait only fails open sooner.
HOOK_TIMEOUT_SECONDS = 30

PLUGINS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plugins")

# The placeholder a plugin shim (and a registry MCP server entry) carries for the absolute hookward path;
# the installed copy has the real path, so the host needs no PATH to find it.
EXECUTABLE_PLACEHOLDER = "__HOOKWARD_EXECUTABLE__"


# ---------------------------------------------------------------------------
# the shapes


@dataclass(frozen=True)
class HookStyle:
    """A stdio hook host: one command object per event in a JSON or TOML config."""

    format: str  # "json" | "jsonc" | "toml"
    nested: bool = True  # JSON only: Claude's matcher groups, or flat entries
    group: dict = field(default_factory=dict)  # nested: the group's fields besides `hooks`
    entry: dict = field(default_factory=dict)  # the command object's fixed fields (e.g. type)
    command_field: str = "command"
    timeout_field: str | None = "timeout"
    timeout_unit: str = "s"  # "s" | "ms": the registry's registration text says which
    events_at: tuple[str, ...] = ("hooks",)
    skeleton: dict = field(default_factory=dict)  # what a brand-new config file holds
    events: tuple[str, ...] | None = None  # a selection of registry events; None: every pre/post event that fires
    placeholders: dict = field(default_factory=dict)  # `<name>` in a registry path -> value


@dataclass(frozen=True)
class PluginStyle:
    """An in-process host: a shim file the host loads.

    Where the registry's config path is the shim's own place (a plugin
    directory the host scans), that is where it goes. Where the registry's
    path is the host's config file, the shim goes to `file` and the config
    lists it (`load_paths_at`) and switches it on (`entries_at`).
    """

    shim: str  # file name under adapters/plugins/
    file: str | None = None  # registry-style path of the shim when the config only points at it
    load_paths_at: tuple[str, ...] | None = None  # a JSON array in the host config that must name the file
    entries_at: tuple[str, ...] | None = None  # a JSON object in the host config: {"hookward": {"enabled": true}}
    allow_at: tuple[str, ...] | None = None  # an allowlist that must name hookward, when the user keeps one
    comments: bool = False


@dataclass(frozen=True)
class McpStyle:
    """An MCP-only host: hookward's MCP server in the host's config, and routing instructions."""

    servers_at: tuple[str, ...]  # the object that holds named servers
    server: dict  # the entry; EXECUTABLE_PLACEHOLDER stands for the hookward path
    comments: bool = False
    instructions_user: str | None = None  # a Markdown file the host loads into the model's context
    instructions_project: str | None = None


@dataclass(frozen=True)
class Switch:
    """A host setting that turns hookward off without a word (checked by doctor).

    `file` is "config" for the file hookward registered in, else a registry-style path.
    The hook is off when the value at `path` equals `off` (or, for a list, contains it).
    A `<project>/` file is read in the project doctor checks (or the working directory).
    """

    path: tuple[str, ...]
    off: object
    message: str
    file: str = "config"
    format: str = "json"
    list_lacks: bool = False  # off when the value is a list that does not contain `off` (an allowlist)

    def is_off(self, value: object) -> bool:
        if self.list_lacks:
            return isinstance(value, list) and self.off not in value
        return value == self.off or (isinstance(value, list) and self.off in value)


Style = HookStyle | PluginStyle | McpStyle

# ---------------------------------------------------------------------------
# per host: how to spell a registration, the registry's `install` section (compat/hosts/<host>.json;
# compat/schema.py HookInstall, PluginInstall, McpInstall), next to its `config.registration` text


def _tuple(value: object) -> tuple[str, ...] | None:
    return tuple(value) if isinstance(value, list) else None


def style_of(spelled: dict) -> Style:
    """A registry `install` section as the installer's style."""
    fields = {key: value for key, value in spelled.items() if key not in ("kind", "note")}
    kind = spelled["kind"]
    if kind == "hooks":
        for key in ("events_at", "events"):
            if key in fields:
                fields[key] = _tuple(fields[key])
        return HookStyle(**fields)
    for key in ("load_paths_at", "entries_at", "allow_at", "servers_at"):
        if key in fields:
            fields[key] = _tuple(fields[key])
    return PluginStyle(**fields) if kind == "plugin" else McpStyle(**fields)


class _Styles(Mapping[str, Style]):
    """host id -> Style, for every registry host with an `install` section (read on first use)."""

    def __init__(self) -> None:
        self._found: dict[str, Style] | None = None

    def _all(self) -> dict[str, Style]:
        if self._found is None:
            found = {}
            for host in registry.host_ids():
                spelled = registry.load_host(host).get("install")
                if spelled:
                    found[host] = style_of(spelled)
            self._found = found
        return self._found

    def __getitem__(self, host: str) -> Style:
        return self._all()[host]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


STYLES: Mapping[str, Style] = _Styles()


# Host facts installers and doctor read, all from the registry (compat/hosts/<host>.json):
# `hook_off_switches` with an `off` value (settings that switch hooks off silently: doctor fails on them),
# `trust_state` (where a host that runs only trusted hooks records the trust), `also_runs_hooks_of` (hosts
# that also run another host's hook files: the same call is then answered twice, once in the wrong format).


def switches(host: str) -> tuple[Switch, ...]:
    """The host settings that switch hookward off without a word, as doctor reads them."""
    found = []
    for entry in registry.off_switches(host):
        where = entry["where"]
        found.append(
            Switch(
                tuple(entry["key"].split(".")),
                entry["off"],
                entry["message"],
                file="config" if where == registry.REGISTERED_CONFIG else where,
                format="toml" if where.endswith(".toml") else "json",
                list_lacks=bool(entry.get("list_lacks", False)),
            )
        )
    return tuple(found)


def also_reads(host: str) -> tuple[str, ...]:
    """The other hosts whose hook files `host` runs too (registry `also_runs_hooks_of`)."""
    try:
        return registry.also_runs_hooks_of(host)
    except registry.UnknownHost:
        return ()


def trust_state(host: str) -> dict | None:
    """{"file": registry-style path, "table": key path} of the host's trust record, or None."""
    found = registry.trust_state(host)
    return {"file": found["file"], "table": tuple(found["table"])} if found else None


# ---------------------------------------------------------------------------
# reading the registry


def host_facts(host: str) -> dict:
    try:
        return registry.load_host(host)
    except registry.UnknownHost:
        known = ", ".join(registry.host_ids())
        raise ConfigError(f"no registry entry for host {host!r} (known: {known})") from None


def style_for(host: str) -> Style:
    host_facts(host)
    style = STYLES.get(host)
    if style is None:
        raise ConfigError(f"hookward does not know how to install into {host} yet")
    return style


_PATH_TOKEN = re.compile(r"[^\s(),;]+")


def config_path(host: str, scope: str, project_dir: str | None, placeholders: dict | None = None) -> str:
    """The config file for `scope` ("user" or "project"), read off the registry's config fact.

    The fact is text: its first path is the default, and a `$VAR/...` path in
    it is used instead when VAR is set (e.g. `$KIMI_CODE_HOME/config.toml`).
    Among several default paths (`opencode.json or opencode.jsonc`), an
    existing file wins.
    """
    text = host_facts(host).get("config", {}).get(scope)
    if not text:
        raise ConfigError(f"the registry names no {scope}-level config for {host}")
    return registry_path(text, host, project_dir if scope == "project" else None, placeholders or {})


def registry_path(text: str, host: str, base: str | None, placeholders: dict) -> str:
    tokens = [t for t in _PATH_TOKEN.findall(text) if "/" in t and "://" not in t]
    if not tokens:
        raise ConfigError(f"cannot read a path for {host} from the registry text {text!r}")
    overrides = [t for t in tokens if t.startswith("$")]
    defaults = [t for t in tokens if not t.startswith("$")]
    for token in overrides:
        name = re.match(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)", token)
        if name and os.environ.get(name.group(1)):
            return _fill(token, host, base, placeholders)
    candidates = [_fill(t, host, base, placeholders) for t in defaults] or [
        _fill(t, host, base, placeholders) for t in overrides
    ]
    for candidate in candidates:
        if os.path.exists(candidate):
            return candidate
    return candidates[0]


def _fill(token: str, host: str, base: str | None, placeholders: dict) -> str:
    token = token.removeprefix("<project>/")
    for name, value in placeholders.items():
        token = token.replace(f"<{name}>", value)
    if "<" in token:
        raise ConfigError(f"the registry path {token!r} for {host} has a placeholder hookward cannot fill")
    return expand(token, base)


def expand(template: str, base: str | None) -> str:
    """A registry-style path; `~/.config/...` honours XDG_CONFIG_HOME, as hosts on Linux do."""
    if template.startswith("~/.config/"):
        template = "${XDG_CONFIG_HOME:-~/.config}/" + template[len("~/.config/") :]
    return install.expand_path(template, base)


def hook_events(
    host: str, style: HookStyle, host_version: str | None = None, notes: list[str] | None = None
) -> list[tuple[str, str]]:
    """(event, role) for every event hookward registers on this host, in registry order.

    An event whose `fires` fact has `since` exists from that release on (Codex's PermissionRequest):
    it is registered only when the installed release is known and at least that (an older host
    may refuse a hooks file naming an event it does not have); `notes` says why it was left out.
    """
    events = host_facts(host).get("events", {})
    chosen = []
    names = style.events if style.events is not None else tuple(events)
    for name in names:
        entry = events.get(name)
        if entry is None:
            raise ConfigError(f"the registry for {host} has no event {name!r}; the installer table is stale")
        role = entry.get("role")
        fires = entry.get("fires", {})
        if role in ("pre", "post", "approval") and fires.get("value") is not False:
            since = registry.version_tuple(fires.get("since"))
            running = registry.version_tuple(host_version)
            if since is not None and (running is None or running < since):
                if notes is not None:
                    release = f"{host} {host_version}" if host_version else f"the installed {host} release (unreadable)"
                    notes.append(
                        f"{name} exists from {host} {fires['since']} on; {release} is not known to have it, "
                        "so it was not registered"
                    )
                continue
            chosen.append((name, role))
    if not any(role == "pre" for _, role in chosen):
        raise ConfigError(f"the registry for {host} lists no pre-tool event to gate")
    return chosen


def exit_2_blocks(host: str) -> bool:
    fact = host_facts(host).get("failures", {}).get("exit_2", {})
    return fact.get("value") == "blocks" and fact.get("grade", "unknown") != "unknown"


_SWITCH = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*[:=]\s*(true|false|\"[^\"]*\"|[0-9]+)")


def switch_applies(host: str, host_version: str | None) -> bool:
    """Whether the registry's fail-closed switch exists on this release of the host.

    A switch with `since` exists from that release on (a registry fact, not a test in code):
    written only when the installed or targeted release is known and at least that.
    """
    fact = host_facts(host).get("fail_closed_switch", {})
    since = registry.version_tuple(fact.get("since"))
    if since is None:
        return True
    running = registry.version_tuple(host_version)
    return running is not None and running >= since


def fail_closed_fields(host: str, host_version: str | None = None) -> dict:
    """The registry's fail-closed switch as entry fields (`failClosed: true` -> {"failClosed": True})."""
    fact = host_facts(host).get("fail_closed_switch", {})
    value = fact.get("value")
    if fact.get("grade", "unknown") == "unknown" or value in (None, False, True):
        return {}
    if not switch_applies(host, host_version):
        return {}
    if isinstance(value, dict):
        return dict(value)
    match = _SWITCH.match(str(value))
    if not match:
        raise ConfigError(f"cannot read the fail-closed switch of {host} from {value!r}")
    import json

    return {match.group(1): json.loads(match.group(2))}


def timeout_value(style: HookStyle) -> int:
    return HOOK_TIMEOUT_SECONDS * 1000 if style.timeout_unit == "ms" else HOOK_TIMEOUT_SECONDS


def config_grade(host: str) -> str:
    return host_facts(host).get("config", {}).get("grade", "unknown")


# ---------------------------------------------------------------------------
# registrations


@dataclass
class Plan:
    """Everything install or uninstall does for one host at one scope."""

    host: str
    scope: str
    registrations: list[Registration]
    config_file: str  # the file the host reads hookward's registration from
    notes: list[str] = field(default_factory=list)  # what a person should know (weak evidence, manual steps)


def plan_for(
    host: str,
    *,
    scope: str = "user",
    project_dir: str | None = None,
    executable: str,
    host_version: str | None = None,
) -> Plan:
    """`host_version`: the release the install targets (detected from the installed host when None)."""
    style = style_for(host)
    if scope not in ("user", "project"):
        raise ConfigError(f"unknown scope {scope!r}")
    if scope == "project" and not project_dir:
        raise ConfigError("a project install needs the project directory")
    notes: list[str] = []
    registry_note = host_facts(host).get("config", {}).get("note")
    if registry_note:
        notes.append(f"{host} registry: {registry_note}")
    if config_grade(host) == "unknown":
        notes.append(
            f"where {host} reads this config is not established (registry grade: unknown); "
            "hookward writes the best lead, but cannot promise the host reads it"
        )
    if isinstance(style, HookStyle):
        if host_version is None:
            from hookward.adapters.host_version import installed_version

            found = installed_version(host)
            host_version = found[0] if found else None
        notes += switch_notes(host, host_version)
        if scope == "project":
            executable = project_executable(host, executable, notes)
        return _hook_plan(host, style, scope, project_dir, executable, notes, host_version)
    if isinstance(style, PluginStyle):
        return _plugin_plan(host, style, scope, project_dir, executable, notes)
    return _mcp_plan(host, style, scope, project_dir, executable, notes)


def runs_hooks_through_shell(host: str) -> bool:
    """The registry's `hook_shell` fact: true and established (a `$HOME` in the command then expands)."""
    fact = host_facts(host).get("hook_shell") or {}
    return fact.get("value") is True and fact.get("grade", "unknown") != "unknown"


def project_executable(host: str, executable: str, notes: list[str]) -> str:
    """What a committed project config calls: the launcher named from `$HOME` where the host runs hook
    commands through a shell, else this machine's path (with a note saying a clone elsewhere is blocked)."""
    if not os.path.isabs(executable):
        return executable
    anchored = install.home_anchored(executable) if runs_hooks_through_shell(host) else None
    if anchored is not None:
        return anchored
    why = (
        f"{executable} is not under your home directory"
        if runs_hooks_through_shell(host)
        else f"the registry does not establish that {host} runs hook commands through a shell (hook_shell), "
        "so $HOME would not expand"
    )
    notes.append(
        f"the project config names {executable}, this machine's path ({why}): on a machine where it does not "
        "exist every tool call is blocked; each person installs hookward and runs `hookward install "
        f"{host} --project .` after cloning"
    )
    return executable


def switch_notes(host: str, host_version: str | None) -> list[str]:
    fact = host_facts(host).get("fail_closed_switch", {})
    since = fact.get("since")
    if not since or fail_closed_fields(host, host_version) or fact.get("grade", "unknown") == "unknown":
        return []
    if host_version is None:
        return [
            f"{host}'s fail-closed switch ({fact.get('value')}) exists from {since} on, and the installed "
            f"release could not be read, so it was not written: a crash or timeout of the hook lets the tool "
            f"run. Put the host's command on PATH (hookward reads its release off the installed files) and install again"
        ]
    return [
        f"{host} {host_version} predates its fail-closed switch ({fact.get('value')}, from {since} on): "
        "a crash or timeout of the hook lets the tool run; upgrade and install again"
    ]


def hook_entry(
    host: str, style: HookStyle, event: str, role: str, executable: str, host_version: str | None = None
) -> dict:
    command = install.hook_command(
        executable, host, event, fail_closed_exit_2=role in ("pre", "approval") and exit_2_blocks(host)
    )
    entry = dict(style.entry)
    entry[style.command_field] = command
    if style.timeout_field:
        entry[style.timeout_field] = timeout_value(style)
    if role in ("pre", "approval"):
        entry.update(fail_closed_fields(host, host_version))
    return entry


def _hook_plan(
    host: str,
    style: HookStyle,
    scope: str,
    project_dir: str | None,
    exe: str,
    notes: list[str],
    host_version: str | None = None,
) -> Plan:
    path = config_path(host, scope, project_dir, style.placeholders)
    for other in sharing_hosts(host, scope, project_dir, path):
        other_style = STYLES[other]
        assert isinstance(other_style, HookStyle)
        same_shape = (other_style.format, other_style.nested, other_style.events_at) == (
            style.format,
            style.nested,
            style.events_at,
        )
        if host in also_reads(other):
            notes.append(f"{path} is also read by {other}, which runs {host}'s hooks as well")
        elif other in also_reads(host) or not same_shape:
            # the file is the other host's own (this host reads it as a guest), or the two disagree on its shape
            raise ConfigError(
                f"{path} is {other}'s config too, and {other} reads its hooks there in its own shape; "
                f"{host}'s entries would not belong there. Install {other} instead (`hookward install {other}`), "
                "or install into a project (--project)"
            )
        else:
            notes.append(f"{path} is also read by {other}: each host there may run the other's hook as well")
    events = hook_events(host, style, host_version, notes)
    if style.format == "toml":
        tables = []
        for event, role in events:
            table = {"event": event, **hook_entry(host, style, event, role, exe, host_version)}
            tables.append(table)
        reg: Registration = TomlHookTables(path, host, tables, command_field=style.command_field)
    else:
        entries = {event: hook_entry(host, style, event, role, exe, host_version) for event, role in events}
        reg = HookEntries(
            path,
            host,
            entries,
            command_field=style.command_field,
            nested=style.nested,
            group=dict(style.group),
            events_at=style.events_at,
            skeleton=dict(style.skeleton),
            comments=style.format == "jsonc",
        )
    if trust_state(host) is not None and scope == "user":
        notes.append(
            f"{host} runs a new hook only after you trust it: start {host} and approve hookward's hooks "
            "(`hookward doctor` reports whether the trust is recorded)"
        )
    if style.placeholders:
        filled = ", ".join(f"<{k}> = {v}" for k, v in style.placeholders.items())
        notes.append(f"{host}: the registry path has placeholders ({filled}); sessions must use that config")
    return Plan(host, scope, [reg], path, notes)


def sharing_hosts(host: str, scope: str, project_dir: str | None, path: str) -> list[str]:
    """Other hook hosts whose registry names the same config file for this scope."""
    real = os.path.realpath(path)
    found = []
    for other, style in STYLES.items():
        if other == host or not isinstance(style, HookStyle) or other not in registry.host_ids():
            continue
        try:
            other_path = config_path(other, scope, project_dir, style.placeholders)
        except ConfigError:
            continue
        if os.path.realpath(other_path) == real:
            found.append(other)
    return found


def shim_signature(host: str) -> tuple[str, ...]:
    """What marks an installed file as hookward's shim for this host (every shim carries both)."""
    return ("---- hookward shim core: begin", f"hookward hook {host}")


SHIM_CORE = "shim_core.js"
SHIM_CORE_BEGIN = "// ---- hookward shim core: begin"
SHIM_CORE_INCLUDE = "// ---- hookward shim core: included here from adapters/plugins/shim_core.js at install ----"


def read_shim(style: PluginStyle) -> str:
    """The shim as installed: the host's file with the shared fail-closed core put in place of its include line."""
    try:
        with open(os.path.join(PLUGINS_DIR, style.shim), encoding="utf-8") as handle:
            text = handle.read()
        with open(os.path.join(PLUGINS_DIR, SHIM_CORE), encoding="utf-8") as handle:
            core = handle.read()
        core = core[core.index(SHIM_CORE_BEGIN) :]  # the core itself, without the file's own header
    except (FileNotFoundError, ValueError) as missing:
        raise ConfigError(
            f"the plugin shim {style.shim} or its core is missing from this hookward: {missing}"
        ) from None
    if text.count(SHIM_CORE_INCLUDE) != 1:
        raise ConfigError(f"adapters/plugins/{style.shim} does not include the shim core exactly once")
    return text.replace(SHIM_CORE_INCLUDE, core.rstrip("\n"))


def _plugin_plan(
    host: str, style: PluginStyle, scope: str, project_dir: str | None, exe: str, notes: list[str]
) -> Plan:
    config_file = config_path(host, scope, project_dir)
    dest = config_file if style.file is None else expand(style.file, project_dir)
    shim = read_shim(style)
    if EXECUTABLE_PLACEHOLDER not in shim:
        raise ConfigError(
            f"adapters/plugins/{style.shim} has no {EXECUTABLE_PLACEHOLDER} to carry the hookward path; "
            "refusing to install a shim that may not find hookward"
        )
    content = shim.replace(EXECUTABLE_PLACEHOLDER, exe.replace("\\", "\\\\").replace('"', '\\"'))
    regs: list[Registration] = [OwnedFile(dest, host, content, signature=shim_signature(host))]
    if style.load_paths_at is not None:
        regs.append(JsonArrayItem(config_file, host, style.load_paths_at, dest, comments=style.comments))
    if style.entries_at is not None:
        regs.append(
            JsonMember(
                config_file,
                host,
                style.entries_at,
                "hookward",
                {"enabled": True},
                comments=style.comments,
                owned_by_key=True,
            )
        )
    if style.allow_at is not None:
        regs.append(
            JsonArrayItem(config_file, host, style.allow_at, "hookward", comments=style.comments, only_if_present=True)
        )
    return Plan(host, scope, regs, config_file, notes)


def mcp_server_entry(style: McpStyle, exe: str) -> dict:
    return {key: (exe if value == EXECUTABLE_PLACEHOLDER else value) for key, value in style.server.items()}


INSTRUCTIONS = """\
## hookward: check before you act

Before you run a shell command or read, write or edit a file, use the tools of
the `hookward` MCP server (run_command, read_file, write_file, edit_file)
instead of your built-in tools, or call its `check` tool first. If hookward
answers deny, do not perform the action by other means; tell the user the
reason it gave.
"""


def _mcp_plan(host: str, style: McpStyle, scope: str, project_dir: str | None, exe: str, notes: list[str]) -> Plan:
    path = config_path(host, scope, project_dir)
    regs: list[Registration] = [
        JsonMember(path, host, style.servers_at, "hookward", mcp_server_entry(style, exe), comments=style.comments)
    ]
    instructions = style.instructions_user if scope == "user" else style.instructions_project
    if instructions:
        regs.append(MarkedText(expand(instructions, project_dir), host, INSTRUCTIONS))
    notes.append(
        f"{host} has no hooks: only calls the model makes through hookward's MCP tools are checked; "
        "its built-in tools stay ungated"
    )
    return Plan(host, scope, regs, path, notes)
