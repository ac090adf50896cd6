"""`hookward install HOST --managed`: the hook in the host's administrator-controlled settings.

Where a host has a settings file only an administrator writes (Claude Code's
managed-settings.json, Gemini CLI's system settings.json, Cursor's enterprise
hooks.json), a hook registered there survives whatever the user's own config
says, as far as the host honours it. Every location, the registration shape,
the switch that keeps other layers' hooks from running and whether a user can
still override the hook are registry facts (`managed` in
compat/hosts/<host>.json) with their evidence grade; this module only joins
them with the per-host spelling of `adapters.installers`.

- A host whose registry has no established managed location for this platform,
  or no established registration shape, is refused (`Refused`, exit 2).
- The hook calls the system-wide launcher (policy/managed.py SYSTEM_LAUNCHER),
  written only from an environment no user but root can change: a managed hook
  that runs code from a user's virtual environment is that user's to replace.
- Every file is written only where the running user may write (root, in
  practice); `root` (the CLI's `--root`) writes the whole tree under another
  directory, as a package or image build does, while the files name the paths
  as the host will see them.
- An existing managed file is merged into, never replaced: other keys stay, an
  administrator's own value of the exclusive switch is refused rather than
  flipped, and uninstall removes exactly what install added (a record and the
  backups live under <root>/etc/hookward, not in a user's state directory).

The managed files are self-protected through the registry's system-scope
`config_locations`, which cover every managed location (a test checks it).
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from dataclasses import dataclass, field

from hookward.adapters import install, installers
from hookward.adapters.install import ConfigError, HookEntries, JsonSetting, Registration
from hookward.policy import managed as managed_policy

PLATFORMS = {"linux": "linux", "darwin": "macos"}
RECORD = "etc/hookward/managed-installs.json"
BACKUPS = "etc/hookward/backups"
_SWITCH = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*[:=]\s*(.+?)\s*$")


class Refused(ConfigError):
    """The registry does not establish a managed install for this host: nothing is written (exit 2)."""


def current_platform() -> str:
    return PLATFORMS.get(sys.platform, sys.platform)


def rooted(root: str | None, path: str) -> str:
    """`path` (as the host sees it) inside the tree at `root`."""
    if not root or os.path.abspath(root) == os.sep:
        return path
    return os.path.join(os.path.abspath(root), path.lstrip(os.sep))


def facts(host: str) -> dict | None:
    return installers.host_facts(host).get("managed")


def hosts_with_evidence() -> list[str]:
    """Hosts whose registry establishes a managed install on some platform."""
    from hookward.compat import registry

    found = []
    for host in registry.host_ids():
        try:
            location_for(host, None)
        except ConfigError:
            continue
        found.append(host)
    return found


def _established(fact: dict | None) -> bool:
    return bool(fact) and fact.get("grade", "unknown") != "unknown" and fact.get("value") not in (None, "unknown")  # type: ignore[union-attr]


def location_for(host: str, platform: str | None = None) -> dict:
    """The registry's managed location for this host on `platform` (default: this machine's); Refused if none."""
    platform = platform or current_platform()
    data = facts(host)
    if not data:
        raise Refused(
            f"the registry has no evidence of administrator-controlled settings for {host} "
            f"(compat/hosts/{host}.json has no `managed` facts), so there is nowhere to install a managed hook"
        )
    registration = data.get("registration") or {}
    if not _established(registration):
        why = registration.get("note") or "how a hook is registered there is not established"
        raise Refused(f"{host}'s managed settings cannot be written: {why} (registry grade: unknown)")
    style = installers.STYLES.get(host)
    if not isinstance(style, installers.HookStyle) or style.format != "json":
        raise Refused(f"hookward has no JSON hook writer for {host}'s managed settings")
    for location in data.get("locations", []):
        if location.get("platform") == platform and location.get("grade", "unknown") != "unknown":
            return location
    graded = ", ".join(f"{loc['path']} ({loc['platform']})" for loc in data.get("locations", [])) or "none"
    raise Refused(f"the registry establishes no managed settings file of {host} on {platform} (known: {graded})")


def exclusive_setting(host: str) -> tuple[tuple[str, ...], object] | None:
    """The registry's exclusive switch as (JSON path, value), e.g. (("allowManagedHooksOnly",), True)."""
    fact = (facts(host) or {}).get("exclusive_switch") or {}
    if not _established(fact) or not isinstance(fact.get("value"), str):
        return None
    match = _SWITCH.match(fact["value"])
    if not match:
        raise ConfigError(f"cannot read the exclusive switch of {host} from {fact['value']!r}")
    try:
        value = json.loads(match.group(2))
    except ValueError:
        raise ConfigError(f"cannot read the exclusive switch of {host} from {fact['value']!r}") from None
    return tuple(match.group(1).split(".")), value


@dataclass
class ManagedPlan:
    host: str
    location: dict  # the registry entry
    shown: str  # the file as the host sees it
    file: str  # the file written (under root)
    registrations: list[Registration]
    notes: list[str] = field(default_factory=list)


def managed_path(host: str, location: dict, env: dict | None = None) -> tuple[str, list[str]]:
    """The managed file as the host sees it: the registry path, or the file its variable names when set."""
    env = os.environ if env is None else env
    notes: list[str] = []
    variable = location.get("variable")
    value = env.get(variable, "") if variable else ""
    if value and os.path.isabs(value):
        notes.append(
            f"{variable} is set here, so the managed file is {value}; a session without it reads {location['path']}"
        )
        return value, notes
    if variable:
        notes.append(
            f"{host} reads {variable} instead of {location['path']} when it is set: a user who sets it in their own "
            "environment points the host at another file"
        )
    return location["path"], notes


def plan_for(
    host: str,
    *,
    root: str | None = None,
    platform: str | None = None,
    host_version: str | None = None,
    env: dict | None = None,
) -> ManagedPlan:
    location = location_for(host, platform)
    style = installers.STYLES[host]
    assert isinstance(style, installers.HookStyle)
    shown, notes = managed_path(host, location, env)
    path = rooted(root, shown)
    if host_version is None:
        from hookward.adapters.host_version import installed_version

        found = installed_version(host)
        host_version = found[0] if found else None
    notes += installers.switch_notes(host, host_version)
    launcher = managed_policy.SYSTEM_LAUNCHER
    events = installers.hook_events(host, style)
    entries = {event: installers.hook_entry(host, style, event, role, launcher, host_version) for event, role in events}
    regs: list[Registration] = [
        HookEntries(
            path,
            host,
            entries,
            command_field=style.command_field,
            nested=style.nested,
            group=dict(style.group),
            events_at=style.events_at,
            skeleton=dict(style.skeleton),
        )
    ]
    switch = exclusive_setting(host)
    if switch is not None:
        regs.append(JsonSetting(path, host, switch[0], switch[1], skeleton=dict(style.skeleton)))
    if location.get("grade") == "documented":
        notes.append(f"{shown} is {host}'s managed location by its vendor's docs only (registry grade: documented)")
    return ManagedPlan(host, location, shown, path, regs, notes)


# ---------------------------------------------------------------------------
# the system-wide launcher


def ownership_problem(path: str) -> str | None:
    """Why a user other than root could change `path` (it, or a directory above it), or None."""
    current = os.path.realpath(path)
    while True:
        try:
            info = os.stat(current)
        except OSError as error:
            return f"{current} cannot be examined ({error.strerror})"
        is_dir = stat.S_ISDIR(info.st_mode)
        if info.st_uid not in (0, managed_policy.OWNER_UID):
            return f"{current} is owned by uid {info.st_uid}, not root"
        if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not (is_dir and info.st_mode & stat.S_ISVTX):
            return f"{current} is writable by its group or by others (mode {stat.S_IMODE(info.st_mode):o})"
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


SYSTEM_ENV_ADVICE = (
    "install hookward into an environment only root can change, e.g. "
    "`sudo python3 -m venv /usr/local/lib/hookward/venv && sudo /usr/local/lib/hookward/venv/bin/pip install hookward`, "
    "and run `sudo /usr/local/lib/hookward/venv/bin/hookward install HOST --managed`"
)


def prepare_launcher(*, root: str | None, allow_repository_env: bool = False) -> install.Launcher:
    """The system-wide launcher, once the running environment is checked to be root's alone."""
    python = sys.executable
    if not python or not os.path.isabs(python):
        raise ConfigError("cannot tell which Python runs hookward (sys.executable is empty)")
    roots = install.import_roots()
    paths = [os.path.abspath(sys.prefix), python, *roots]
    if not allow_repository_env:
        problem = install.environment_problem(paths, None)
        if problem is not None:
            raise ConfigError(f"refusing to run managed hooks from this environment: {problem}; {SYSTEM_ENV_ADVICE}")
    for path in paths:
        problem = ownership_problem(path)
        if problem is not None:
            raise ConfigError(
                f"refusing to run managed hooks from this environment: {problem}, so that user could change "
                f"what every managed hook runs; {SYSTEM_ENV_ADVICE}"
            )
    shown = managed_policy.SYSTEM_LAUNCHER
    return install.Launcher(rooted(root, shown), install.launcher_text(python, roots, shown))


# ---------------------------------------------------------------------------
# write access, the record


def write_problem(path: str) -> str | None:
    """Why this process cannot create or replace `path`, or None."""
    if os.path.lexists(path):
        if os.path.isdir(path):
            return f"{path} is a directory"
        directory = os.path.dirname(path)
        return None if os.access(directory, os.W_OK | os.X_OK) else f"cannot write in {directory}"
    directory = os.path.dirname(path)
    while not os.path.lexists(directory):
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    if not os.path.isdir(directory):
        return f"{directory} is not a directory"
    if not os.access(directory, os.W_OK | os.X_OK):
        return f"cannot write in {directory}"
    return None


def check_writable(host: str, paths: list[str]) -> None:
    for path in paths:
        problem = write_problem(path)
        if problem is not None:
            raise ConfigError(
                f"--managed writes {host}'s administrator settings and needs write access to {path} ({problem}): "
                "run it as root (e.g. with sudo)"
            )


def load_record(root: str | None) -> install.InstallRecord:
    path = rooted(root, os.sep + RECORD)
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        data = {}
    record = install.InstallRecord(data if isinstance(data, dict) else {})
    record.path = lambda: path  # type: ignore[method-assign]
    return record


# ---------------------------------------------------------------------------
# install / uninstall


@dataclass
class Outcome:
    code: int
    messages: list[str] = field(default_factory=list)
    changes: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def change(
    host: str,
    *,
    install_: bool,
    root: str | None = None,
    dry_run: bool = False,
    allow_repository_env: bool = False,
    platform: str | None = None,
    host_version: str | None = None,
    env: dict | None = None,
) -> Outcome:
    verb = "install" if install_ else "uninstall"
    out = Outcome(0)
    try:
        plan = plan_for(host, root=root, platform=platform, host_version=host_version, env=env)
        launcher = prepare_launcher(root=root, allow_repository_env=allow_repository_env) if install_ else None
        record = load_record(root)
        if not dry_run and (install_ or os.path.lexists(plan.file)):
            # before the file is read: a location this process cannot write is refused as that
            check_writable(host, [plan.file, record.path()] + ([launcher.path] if launcher is not None else []))
        changes = install.plan(plan.registrations, install=install_, record=record)
    except Refused as error:
        out.code = 2
        out.messages.append(f"hookward {verb} {host} --managed: refused, nothing was changed: {error}")
        return out
    except ConfigError as error:
        out.code = 1
        out.messages.append(f"hookward {verb} {host} --managed: refused, nothing was changed: {error}")
        return out
    if dry_run:
        for item in changes:
            out.changes.append({"path": item.path, "action": "would change", "diff": item.diff()})
        if launcher is not None and not launcher.current:
            out.messages.append(f"would write the system launcher {launcher.path}")
        out.messages.append(f"dry run: {len(changes)} file(s) would change; nothing was written")
        return out
    try:
        if launcher is not None:
            launcher.write()
        applied = (
            install.apply(changes, host, install=install_, record=record, backup_dir=rooted(root, os.sep + BACKUPS))
            if changes
            else None
        )
    except OSError as error:
        out.code = 1
        out.messages.append(f"hookward {verb} {host} --managed: failed while writing: {error}")
        return out
    if applied is None:
        state = "already installed" if install_ else "not installed"
        out.messages.append(f"{host}: {state} in {plan.file} (managed); nothing to do")
    else:
        for item in applied.changes:
            action = "created" if item.before is None else ("removed" if item.after is None else "updated")
            backup = applied.backups.get(item.path)
            out.changes.append({"path": item.path, "action": action, "backup": backup})
            out.messages.append(f"{action} {item.path}" + (f" (backup: {backup})" if backup else ""))
    if not install_ and not record.data:
        launcher_file = rooted(root, managed_policy.SYSTEM_LAUNCHER)
        if install.is_launcher(launcher_file):
            os.unlink(launcher_file)
            out.messages.append(f"removed the system launcher {launcher_file} (no managed install is left)")
    if install_:
        out.notes = plan.notes + [override_sentence(host)]
        out.messages += [f"note: {note}" for note in out.notes]
        out.messages.append(f"run `hookward doctor {host} --managed` to check it")
    return out


def override_sentence(host: str) -> str:
    """What the registry says about a user-level config overriding or disabling the managed hook."""
    data = facts(host) or {}
    fact = data.get("user_override") or {}
    grade = fact.get("grade", "unknown")
    note = f" ({fact['note']})" if fact.get("note") else ""
    if grade == "unknown" or fact.get("value") is None:
        return f"whether a user-level config can override or disable {host}'s managed hook is not established{note}"
    if fact["value"] is False:
        return f"a user-level config cannot override or disable {host}'s managed hook (registry: {grade}){note}"
    return f"a user-level config CAN override or disable {host}'s managed hook (registry: {grade}){note}"


def installed_here(host: str, root: str | None = None) -> str | None:
    """The managed file (as the host sees it) when it registers hookward's hook for `host`, else None."""
    try:
        location = location_for(host)
    except ConfigError:
        return None
    shown, _ = managed_path(host, location)
    text = install.read_text(rooted(root, shown)) if os.path.isfile(rooted(root, shown)) else None
    if not text:
        return None
    try:
        document = install.parse_json(text, where=shown).value
    except ConfigError:
        return None
    style = installers.STYLES[host]
    assert isinstance(style, installers.HookStyle)
    events: object = document
    for key in style.events_at:
        events = events.get(key) if isinstance(events, dict) else None
    for entries in events.values() if isinstance(events, dict) else ():
        for item in entries if isinstance(entries, list) else ():
            hooks = item.get("hooks") if style.nested and isinstance(item, dict) else [item]
            for hook in hooks if isinstance(hooks, list) else ():
                if isinstance(hook, dict) and install.is_hookward_command(hook.get(style.command_field), host):
                    return shown
    return None


# ---------------------------------------------------------------------------
# doctor --managed


def diagnose(host: str, *, root: str | None = None, platform: str | None = None, listed: bool = False):  # type: ignore[no-untyped-def]
    """A doctor report on the managed install of `host`. `listed`: part of an all-hosts report, where a host
    that is not installed is a warning, not a failure."""
    from hookward.adapters.doctor import FAIL, OK, WARN, HostReport

    try:
        plan = plan_for(host, root=root, platform=platform, host_version=None)
    except ConfigError as error:
        report = HostReport(host, "managed", "")
        report.add(FAIL if not listed else WARN, "managed location", str(error))
        return report
    report = HostReport(host, "managed", plan.file)
    location = plan.location
    report.add(OK, "managed location", f"{plan.shown} (registry: {location.get('grade')}, {location.get('source')})")
    fact = (facts(host) or {}).get("user_override") or {}
    override = override_sentence(host)
    report.add(OK if fact.get("value") is False and fact.get("grade") != "unknown" else WARN, "user override", override)
    if not os.path.exists(plan.file):
        report.add(
            WARN if listed else FAIL, "installed", f"no {plan.file} (run `sudo hookward install {host} --managed`)"
        )
        return report
    try:
        pending = install.plan(plan.registrations[:1], install=True, record=load_record(root))
        document = install.parse_json(install.read_text(plan.file) or "{}", where=plan.file).value
    except ConfigError as error:
        report.add(FAIL, "managed settings", str(error))
        return report
    if pending:
        report.add(
            WARN if listed else FAIL,
            "installed",
            f"hookward's managed hook is missing or differs in {plan.file} (run `sudo hookward install {host} --managed`)",
        )
    else:
        report.add(OK, "installed", f"{plan.file} calls {managed_policy.SYSTEM_LAUNCHER}")
    if len(plan.registrations) > 1:
        switch = plan.registrations[1]
        assert isinstance(switch, JsonSetting)
        where = ".".join(switch.at)
        found: object = document
        for key in switch.at:
            found = found.get(key) if isinstance(found, dict) else None
        if found != switch.value:
            report.add(WARN, "exclusive switch", f"{where} is not {json.dumps(switch.value)} in {plan.file}")
        else:
            report.add(OK, "exclusive switch", f"{where} is {json.dumps(switch.value)}")
    launcher = rooted(root, managed_policy.SYSTEM_LAUNCHER)
    if install.is_launcher(launcher):
        report.add(OK, "system launcher", launcher)
    else:
        report.add(FAIL, "system launcher", f"{launcher} is missing or not hookward's launcher")
    problem = ownership_problem(plan.file)
    if problem is not None:
        report.add(FAIL, "ownership", f"{problem}: a user could edit the managed settings")
    else:
        report.add(OK, "ownership", f"{plan.file} and the directories above it are root's alone")
    return report
