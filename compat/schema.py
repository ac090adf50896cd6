"""Validate the registry: every host file, every fact, every citation.

The hot path (`compat.registry`) reads host files as plain JSON and trusts
them; this module is what earns that trust. It runs in the tests and in
`hookward compat check`, never on the hook path (it imports pydantic).

The honesty rules (DESIGN.md, "The compatibility registry"):

- `unknown`: the value is null or "unknown" and nothing is cited;
- `documented`: cites the vendor document and the date it was read;
- `read`: cites the shipped artifact as package@version plus a file or symbol;
- `probed`: cites a probe record under compat/probes/records/ that exists,
  is about this host and observed exactly what the fact claims.

A fact graded above `unknown` must state a value: "we looked and it is
absent" is `false`, not null.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from typing import Any, Literal

from hookward.compat import registry
from hookward.policy.toolcall import KINDS as TOOL_KINDS
from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

GRADES = registry.GRADES
VERDICT_EFFECTS = registry.EFFECTS
FAILURE_EFFECTS = ("runs", "blocks", "ends_session", "unknown")
PARADIGMS = ("stdio-json", "plugin", "mcp-only")
VERDICTS = ("allow", "ask", "force_ask", "deny")
FAILURES = ("crash", "timeout", "empty_output", "malformed_output", "exit_2")
ANY_MODE = registry.ANY_MODE

# The repository root is the directory above the compat package.
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS_DIR = "compat/probes/records"

# package@version, e.g. "@anthropic-ai/claude-code@2.1.197" or "openai/codex@rust-v0.171.0":
# the version must contain a digit, so "user@host" style text does not pass for a version.
PACKAGE_AT_VERSION = re.compile(r"(?<![\w@])(@?[\w.-]+(?:/[\w.-]+)?)@([\w.+-]*\d[\w.+-]*)")
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")

# Passed as the claim when a record only has to exist and be about the host.
NO_CLAIM = object()

Grade = Literal["unknown", "documented", "read", "probed"]


class RegistryError(ValueError):
    """One or more host files break the schema; the message names each file and field."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def parse_date(text: object) -> datetime.date:
    if not isinstance(text, str) or not ISO_DATE.match(text):
        raise ValueError(f"date must be YYYY-MM-DD, not {text!r}")
    day = datetime.date.fromisoformat(text)
    # A day of slack for time zones; a date later than that was not read yet.
    if day > datetime.date.today() + datetime.timedelta(days=1):
        raise ValueError(f"date {text} is in the future")
    return day


def is_unknown_value(value: object) -> bool:
    return value is None or value == "unknown"


def _context(info: ValidationInfo) -> dict:
    return info.context if isinstance(info.context, dict) else {}


def _check_citation(
    grade: str, source: str | None, date: str | None, info: ValidationInfo, claim: object, claim_key: str | None
) -> None:
    """The rule each grade imposes on what is cited (raises ValueError)."""
    if grade == "unknown":
        if source:
            raise ValueError("an unknown fact cites nothing: drop the source or raise the grade")
        if date:
            raise ValueError("an unknown fact has no date: drop the date or raise the grade")
        return
    if not source or not source.strip():
        raise ValueError(f"a {grade} fact must cite a source")
    if date is not None:
        parse_date(date)
    if grade == "documented":
        if date is None:
            raise ValueError("a documented fact must give the date the document was read")
        if not (source.startswith(("https://", "http://")) or "/" in source):
            raise ValueError(f"a documented fact cites a URL or a document path, not {source!r}")
    elif grade == "read":
        match = PACKAGE_AT_VERSION.search(source)
        if not match:
            raise ValueError(f"a read fact cites the shipped artifact as package@version, not {source!r}")
        rest = (source[: match.start()] + source[match.end() :]).strip(" ,;:()")
        if not re.search(r"\w\w", rest):
            raise ValueError(f"a read fact names the file or symbol read after {match.group(0)!r}")
    elif grade == "probed":
        check_probe_record(source, _context(info), claim, claim_key)


def check_probe_record(source: str, context: dict, claim: object, claim_key: str | None) -> dict:
    """A probed fact's record must exist, be about this host and observe what the fact claims."""
    normalized = os.path.normpath(source)
    if os.path.isabs(source) or normalized != source or not source.startswith(RECORDS_DIR + "/"):
        raise ValueError(f"a probed fact cites a record path under {RECORDS_DIR}/, not {source!r}")
    root = context.get("repo_root", REPO_ROOT)
    path = os.path.join(root, source)
    try:
        with open(path, encoding="utf-8") as handle:
            record = json.load(handle)
    except FileNotFoundError:
        raise ValueError(f"probe record {source} does not exist") from None
    except (OSError, ValueError) as error:
        raise ValueError(f"probe record {source} is not readable JSON ({error})") from None
    if not isinstance(record, dict):
        raise ValueError(f"probe record {source} is not a JSON object")
    missing = [key for key in ("host", "version", "scenario", "answer", "observed", "date") if key not in record]
    if missing:
        raise ValueError(f"probe record {source} lacks {', '.join(missing)}")
    host = context.get("host")
    if host is not None and record["host"] != host:
        raise ValueError(f"probe record {source} is about {record['host']!r}, not {host!r}")
    observed = record["observed"]
    if not isinstance(observed, dict):
        raise ValueError(f"probe record {source}: observed must be an object")
    if claim is NO_CLAIM:
        return record
    # A record observes a verdict's or a failure's effect; a fact about something
    # else (an event firing, a mode) may be observed under the fact's own name.
    key = claim_key if claim_key is not None and claim_key in observed else "effect"
    if key not in observed:
        raise ValueError(f"probe record {source} has no observed.effect")
    if observed[key] != claim:
        raise ValueError(f"probe record {source} observed {key}={observed[key]!r}, but the fact claims {claim!r}")
    return record


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


VERSION = re.compile(r"^\d+(\.\d+)*$")


def _check_versions(since: str | None, versions: list[str] | None) -> None:
    for text in ([since] if since is not None else []) + list(versions or []):
        if not isinstance(text, str) or not VERSION.match(text):
            raise ValueError(f"a host version is dotted numbers (2.1.332), not {text!r}")


class Fact(Strict):
    """One graded claim about a host.

    `versions`: the host releases the fact was established on (a probed or read
    fact also carries its release in its citation: the record's folder, the
    package@version). `since`: the first release the value holds on; before it
    the fact says nothing. compat/registry.py `grade_on` turns both into the
    grade a fact counts at on a given release.
    """

    value: Any
    grade: Grade
    source: str | None = None
    date: str | None = None
    note: str | None = None
    since: str | None = None
    versions: list[str] | None = None

    @model_validator(mode="after")
    def _honest(self, info: ValidationInfo) -> Fact:
        _check_versions(self.since, self.versions)
        if self.grade == "unknown":
            if not is_unknown_value(self.value):
                raise ValueError(f"an unknown fact has value null or 'unknown', not {self.value!r}")
        elif is_unknown_value(self.value):
            raise ValueError(
                f"a {self.grade} fact must state what was established (use false for 'absent'), not {self.value!r}"
            )
        self.check_value()
        _check_citation(self.grade, self.source, self.date, info, self.value, self.probe_key())
        return self

    def check_value(self) -> None:
        """Subclasses constrain the value's type and vocabulary."""

    def probe_key(self) -> str | None:
        """The key a probe record may observe this fact under, instead of observed.effect."""
        return None


class EffectFact(Fact):
    """What a host does with one verdict answer on one event in one mode."""

    def check_value(self) -> None:
        if self.value not in VERDICT_EFFECTS:
            raise ValueError(f"verdict effect must be one of {', '.join(VERDICT_EFFECTS)}, not {self.value!r}")


class FailureFact(Fact):
    """What a host does when the hook crashes, times out, prints nothing or garbage, or exits 2."""

    def check_value(self) -> None:
        if self.value not in FAILURE_EFFECTS:
            raise ValueError(f"failure effect must be one of {', '.join(FAILURE_EFFECTS)}, not {self.value!r}")


class FlagFact(Fact):
    """A yes/no fact: null while unknown."""

    def check_value(self) -> None:
        if self.value is not None and not isinstance(self.value, bool):
            raise ValueError(f"value must be true, false or null, not {self.value!r}")


class FiresFact(FlagFact):
    def probe_key(self) -> str | None:
        return "fires"


class SilentAskFact(FlagFact):
    def probe_key(self) -> str | None:
        return "ask_satisfiable_silently"


class FlagOrTextFact(Fact):
    """A yes/no fact that may instead name the mechanism (a config key, a field)."""

    def check_value(self) -> None:
        if self.value is not None and not isinstance(self.value, (bool, str)):
            raise ValueError(f"value must be true, false, a string or null, not {self.value!r}")


class SwitchFact(FlagOrTextFact):
    def probe_key(self) -> str | None:
        return "fail_closed_switch"


class InputModificationFact(FlagOrTextFact):
    def probe_key(self) -> str | None:
        return "input_modification"


class PayloadFieldsFact(Fact):
    def check_value(self) -> None:
        if self.value is None:
            return
        if not isinstance(self.value, list) or not all(isinstance(item, str) and item for item in self.value):
            raise ValueError("payload_fields must be a list of field names")

    def probe_key(self) -> str | None:
        return "payload_fields"


class GatesFact(Fact):
    def check_value(self) -> None:
        if self.value is None:
            return
        if not isinstance(self.value, list) or not self.value:
            raise ValueError("gates must be a non-empty list of tool kinds")
        strangers = [kind for kind in self.value if kind not in TOOL_KINDS]
        if strangers:
            raise ValueError(f"gates names unknown tool kinds {strangers}; kinds are {', '.join(TOOL_KINDS)}")
        if len(set(self.value)) != len(self.value):
            raise ValueError("gates lists a tool kind twice")

    def probe_key(self) -> str | None:
        return "gates"


class Event(Strict):
    # pre: before the tool runs; post: after it; approval: the host's own approval prompt for a call
    # (Claude Code and Codex PermissionRequest, Copilot CLI permissionRequest), which an answer can settle.
    role: Literal["pre", "post", "approval"]
    fires: FiresFact
    payload_fields: PayloadFieldsFact
    note: str | None = None


class Mode(Strict):
    description: str
    ask_satisfiable_silently: SilentAskFact
    note: str | None = None


class VerdictEffects(Strict):
    """Per verdict, per permission mode (or "*" for every mode): what the host does with that answer."""

    allow: dict[str, EffectFact]
    ask: dict[str, EffectFact]
    force_ask: dict[str, EffectFact]
    deny: dict[str, EffectFact]


class Failures(Strict):
    crash: FailureFact
    timeout: FailureFact
    empty_output: FailureFact
    malformed_output: FailureFact
    exit_2: FailureFact


class Config(Strict):
    """Where the host reads hooks from and how one is registered: one graded fact about three values."""

    user: str | None
    project: str | None
    registration: str | None
    grade: Grade
    source: str | None = None
    date: str | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _honest(self, info: ValidationInfo) -> Config:
        if self.grade != "unknown" and not (self.user or self.project):
            raise ValueError(f"a {self.grade} config names where the user or the project config lives")
        if self.grade != "unknown" and not self.registration:
            raise ValueError(f"a {self.grade} config says how a hook is registered")
        # A probed config cites any probe of this host: the hook answered, so the
        # registration worked; there is no single effect to compare.
        _check_citation(self.grade, self.source, self.date, info, NO_CLAIM, None)
        return self


LOCATION_SCOPES = ("user", "project", "system")
LOCATION_PURPOSES = ("hooks", "plugins", "permissions", "mcp-servers")


class _Graded(Strict):
    """A graded entry that is not a verdict fact: the grade's citation rule, nothing to compare."""

    grade: Grade
    source: str | None = None
    date: str | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _cited(self, info: ValidationInfo) -> _Graded:
        _check_citation(self.grade, self.source, self.date, info, NO_CLAIM, None)
        return self


def _check_location_path(path: str, scope: str) -> None:
    if not path.strip() or path != path.strip():
        raise ValueError(f"a location path must not be blank or padded, not {path!r}")
    if scope == "user" and not path.startswith("~/") and path != "~":
        raise ValueError(f"a user location starts with ~/, not {path!r}")
    if scope == "system" and not path.startswith("/"):
        raise ValueError(f"a system location is an absolute path, not {path!r}")
    if scope == "project" and path.startswith(("/", "~")):
        raise ValueError(f"a project location is relative to the project root, not {path!r}")
    if "{" in path or "}" in path or "[" in path or "\\" in path:
        raise ValueError(
            f"a location glob uses only *, ** and ? (list alternatives as separate locations), not {path!r}"
        )
    if ".." in path.split("/"):
        raise ValueError(f"a location must not climb with .., not {path!r}")


class ConfigLocation(_Graded):
    """A place the host loads hook, plugin, permission or MCP-server configuration from.

    hookward's self-protection is derived from these: every location is
    protected, `unknown`-grade ones too. A file that also holds harmless
    settings (themes, models) lists the top-level keys (globs) that are
    harmless; a change that leaves every other key as it was is an ordinary
    edit. Without `harmless_keys` the whole file is protected.
    """

    path: str
    scope: Literal["user", "project", "system"]
    purpose: list[Literal["hooks", "plugins", "permissions", "mcp-servers"]]
    harmless_keys: list[str] | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> ConfigLocation:
        _check_location_path(self.path, self.scope)
        if not self.purpose or len(set(self.purpose)) != len(self.purpose):
            raise ValueError("purpose lists what the host loads from here, each once")
        if self.harmless_keys is not None and any(not key.strip() for key in self.harmless_keys):
            raise ValueError("a harmless key must not be blank")
        return self


class CredentialFile(_Graded):
    """A file or tree where the host keeps its own sign-in: OAuth credentials, tokens, API keys.

    policy/loader.py adds every host's to the credential stores of policy/knowledge/paths.py
    (CREDENTIALS): reading one is a credential read (floor `credentials`), copying a tree that
    holds one a credential sweep. A user path starts with ~/, a system one with /.
    """

    path: str

    @model_validator(mode="after")
    def _well_formed(self) -> CredentialFile:
        if not self.path.startswith(("~/", "/")):
            raise ValueError(f"a credential file is a user (~/) or system (/) path, not {self.path!r}")
        _check_location_path(self.path, "user" if self.path.startswith("~") else "system")
        return self


class HarmlessFile(_Graded):
    """A file or tree in the home directory the host keeps that holds no secret by design: its
    instruction files, agent and command definitions, the code of its extensions.

    policy/loader.py adds every host's to HOME_HARMLESS of policy/knowledge/paths.py: reading one
    does not ask the way an unknown dot-file in the home directory does (a credential file inside
    one is still a credential: those win).
    """

    path: str

    @model_validator(mode="after")
    def _well_formed(self) -> HarmlessFile:
        _check_location_path(self.path, "user")
        return self


class ConfigVariable(_Graded):
    """An environment variable that moves a host's configuration: `replaces` is the directory it stands for."""

    name: str
    replaces: str

    @model_validator(mode="after")
    def _well_formed(self) -> ConfigVariable:
        if not re.fullmatch(r"[A-Z][A-Z0-9_]*", self.name):
            raise ValueError(f"a variable name is upper-case letters, digits and _, not {self.name!r}")
        if not (self.replaces == "~" or self.replaces.startswith("~/")) or any(c in self.replaces for c in "*?"):
            raise ValueError(f"replaces names a home directory or one under it, without globs, not {self.replaces!r}")
        return self


# `where` of an off switch that lives in the very file hookward registers in, at each layer (user and project).
REGISTERED_CONFIG = "config"


class OffSwitch(_Graded):
    """A configuration key that switches the host's hooks off, and the location it lives in.

    With `off`, `hookward doctor` reads it: `key` is then a dotted key path, `where` is
    REGISTERED_CONFIG or a registry-style file path (`${VAR:-~/...}`, `<project>/...`; a
    `.toml` file is read as TOML, any other as JSON with comments), and the hooks are off when
    the value there equals `off` or is a list containing it (`list_lacks`: a list that does
    not contain it, an allowlist). `message` is what doctor says.
    """

    key: str
    where: str
    off: Any = None
    message: str | None = None
    list_lacks: bool = False

    @model_validator(mode="after")
    def _well_formed(self) -> OffSwitch:
        if not self.key.strip() or not self.where.strip():
            raise ValueError("an off switch names its key and the location it lives in")
        checked = "off" in self.model_fields_set
        if checked and not (self.message and self.message.strip()):
            raise ValueError("an off switch doctor checks (with `off`) says what doctor reports (`message`)")
        if (self.message is not None or self.list_lacks) and not checked:
            raise ValueError("`message` and `list_lacks` belong to an off switch doctor checks: give `off`")
        if checked and any(not part for part in self.key.split(".")):
            raise ValueError(f"a checked off switch's key is a dotted key path, not {self.key!r}")
        return self


class TrustState(Strict):
    """Where a host that runs only trusted hooks records the trust (hooks_need_trust, project_needs_trust).

    `file`: a registry-style path (`${CODEX_HOME:-~/.codex}/config.toml`); `table`: the key path of the table
    holding one record per trusted hook.
    """

    file: str
    table: list[str]
    note: str | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> TrustState:
        if not self.file.strip() or not self.table or any(not key.strip() for key in self.table):
            raise ValueError("trust_state names the file and the key path of its table")
        return self


class AlsoRunsHooksOf(_Graded):
    """Another host whose hook configuration this host loads and runs too (a call is then answered twice)."""

    host: str

    @model_validator(mode="after")
    def _well_formed(self) -> AlsoRunsHooksOf:
        if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", self.host):
            raise ValueError(f"also_runs_hooks_of names a registry host id, not {self.host!r}")
        return self


class McpClientNames(_Graded):
    """What the host's MCP client announces as `clientInfo.name` (exact names, and prefixes of dynamic ones).

    Self-reported by the peer: used to name the host in the ledger and in explanations, never to grant.
    """

    names: list[str]
    prefixes: list[str] = []

    @model_validator(mode="after")
    def _well_formed(self) -> McpClientNames:
        found = self.names + self.prefixes
        if not found or any(not name.strip() or name != name.strip() for name in found):
            raise ValueError("mcp_client_names lists at least one name, none blank or padded")
        if len(set(found)) != len(found):
            raise ValueError("mcp_client_names lists a name twice")
        return self


class HookInstall(Strict):
    """How one hookward registration is spelled in a stdio hook host's config (adapters/installers.py).

    `format`: json, jsonc or toml. JSON: `nested` matcher groups (Claude's `{matcher, hooks: [...]}`, the
    group's other fields in `group`) or flat entries; `entry`: the command object's fixed fields;
    `command_field`, `timeout_field` (null: none) and `timeout_unit`: how the host names them (the
    registration text in `config.registration` says the same); `events_at`: the key path of the events
    object; `skeleton`: what a brand-new config file holds; `events`: the registry events registered
    (null: every pre, post and approval event that fires); `placeholders`: `<name>` in a config path -> value.
    """

    kind: Literal["hooks"]
    format: Literal["json", "jsonc", "toml"]
    nested: bool = True
    group: dict[str, Any] = {}
    entry: dict[str, Any] = {}
    command_field: str = "command"
    timeout_field: str | None = "timeout"
    timeout_unit: Literal["s", "ms"] = "s"
    events_at: list[str] = ["hooks"]
    skeleton: dict[str, Any] = {}
    events: list[str] | None = None
    placeholders: dict[str, str] = {}
    note: str | None = None


class PluginInstall(Strict):
    """An in-process host: the shim file under adapters/plugins/ the host loads.

    Where the config path is the shim's own place (a plugin directory the host scans), the shim goes there.
    Else it goes to `file` (a registry-style path), the config lists it in the array at `load_paths_at`,
    switches it on at `entries_at` ({"hookward": {"enabled": true}}) and names it in the allowlist at
    `allow_at` when the user keeps one; `comments`: the config allows comments (JSONC, JSON5).
    """

    kind: Literal["plugin"]
    shim: str
    file: str | None = None
    load_paths_at: list[str] | None = None
    entries_at: list[str] | None = None
    allow_at: list[str] | None = None
    comments: bool = False
    note: str | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> PluginInstall:
        if "/" in self.shim or not self.shim.strip():
            raise ValueError(f"shim is a file name under adapters/plugins/, not {self.shim!r}")
        return self


# Stands for the hookward executable in an MCP server entry.
EXECUTABLE_PLACEHOLDER = "__HOOKWARD_EXECUTABLE__"


class McpInstall(Strict):
    """An MCP-only host: hookward's MCP server entry `server` under the object at `servers_at`, and the
    Markdown files (registry-style paths, null: none) the routing instructions go to."""

    kind: Literal["mcp"]
    servers_at: list[str]
    server: dict[str, Any]
    comments: bool = False
    instructions_user: str | None = None
    instructions_project: str | None = None
    note: str | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> McpInstall:
        if EXECUTABLE_PLACEHOLDER not in self.server.values():
            raise ValueError(f"the MCP server entry names the hookward executable as {EXECUTABLE_PLACEHOLDER}")
        return self


INSTALL_KIND = {"stdio-json": "hooks", "plugin": "plugin", "mcp-only": "mcp"}


# What doctor and the conformance suite put in a sample payload: the shell command and the working directory.
SAMPLE_SLOTS = ("{command}", "{cwd}")


class SamplePayload(Strict):
    """A shell call of `{command}` in `{cwd}` as the host sends it on its pre-tool event `event`.

    `hookward doctor` sends it (filled in) to the installed hook as its self-test, and the conformance suite
    over every host sends it to the hook path; a test checks that the host's own adapter parses it into a
    shell call of exactly that command.
    """

    event: str
    payload: dict[str, Any]
    note: str | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> SamplePayload:
        strings = _strings(self.payload)
        if "{command}" not in strings:
            raise ValueError("a sample payload carries the shell command as the string {command}")
        return self


def _strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in _strings(value)]
    return []


PROBE_TOOL_KINDS = ("shell", "read", "write")
# What a probe fills in: the fake model's port and the throwaway HOME (env); the shell command, the planted secret
# and the file to write (a tool's arguments).
PROBE_ENV_SLOTS = ("{port}", "{home}")
PROBE_TOOL_SLOTS = ("{command}", "{secret}", "{written}")


class ProbeTool(Strict):
    """A tool the host offers the model, as a probe's scripted call names it: its name and its arguments."""

    name: str
    arguments: dict[str, str]
    note: str | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> ProbeTool:
        if not self.name.strip() or not self.arguments:
            raise ValueError("a probe tool names the tool and its arguments")
        if not any(slot in value for value in self.arguments.values() for slot in PROBE_TOOL_SLOTS):
            raise ValueError(f"a probe tool's arguments carry one of {', '.join(PROBE_TOOL_SLOTS)}")
        return self


# What a probe's command line fills in: the host's executable, the prompt and the posture's flags.
PROBE_ARGV_SLOTS = ("{binary}", "{prompt}", "{flags}")


def _check_probe_argv(argv: list[str], where: str) -> None:
    if not argv or argv[0] != "{binary}" or "{prompt}" not in argv:
        raise ValueError(f"{where}: a command line starts with {{binary}} and carries {{prompt}}, not {argv}")
    stray = [word for word in argv if word.startswith("{") and word.endswith("}") and word not in PROBE_ARGV_SLOTS]
    if stray:
        raise ValueError(f"{where}: unknown slots {stray}; slots are {', '.join(PROBE_ARGV_SLOTS)}")


class ProbePosture(Strict):
    """A permission posture the host runs in headless: the command-line flags that select it, and the registry
    mode it is (`*` when the hook payload does not say, so one fact must hold in every posture); `argv`: the
    posture's own command line where the host has another entry point for it."""

    name: str
    flags: list[str] = []
    mode: str
    argv: list[str] | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> ProbePosture:
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", self.name):
            raise ValueError(f"a posture name is a word (it names probe records), not {self.name!r}")
        if self.argv is not None:
            _check_probe_argv(self.argv, f"postures.{self.name}.argv")
        return self


class ProbeSetup(Strict):
    """How compat/probes installs the host at `version_examined` and runs it unattended (drivers.py reads it).

    package: the npm package installed, where it is not the host's `package` (a platform package when the host's
    own was not published); binary: its executable, relative to the install prefix; hook_file: the user config
    file (~/..., in the probe's throwaway HOME) the probe registers its test hook in; env: the host's own
    variables a probe sets, {port} standing for the fake model's port and {home} for the throwaway HOME (the
    model endpoint, a fake key, and what turns off update checks, telemetry and other network use at start);
    tools: per tool kind, the tool the host offers the model and its arguments, {command}, {secret} and
    {written} standing for the probe's shell command, its planted secret and the file it writes; settings: the
    host's settings a probe writes (a dotted key path -> value, in the order written) into `settings_file`
    (default: hook_file) so that the host runs unattended and offline and runs hooks: folder trust, telemetry,
    update checks, the switch that turns hooks on; postures: the permission postures it is probed in; argv: its
    headless command line, {binary}, {prompt} and {flags} standing for the executable, the prompt and the
    posture's flags (a runtime the host needs, Node 24 or bun, goes in front in compat/probes). How the harness
    drives the host (the fake model and its provider config, tmux keys) stays in compat/probes.
    """

    package: str | None = None
    binary: str
    hook_file: str | None = None
    env: dict[str, str] = {}
    settings_file: str | None = None
    settings: dict[str, Any] = {}
    # The npm package a plugin host installs into its config folder at start unless the folder's package-lock
    # lists it (OpenCode, Kilo Code): the probe lays the folder out as a first online run leaves it.
    plugin_sdk: str | None = None
    postures: list[ProbePosture]
    argv: list[str] | None = None
    tools: dict[Literal["shell", "read", "write"], ProbeTool]
    note: str | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> ProbeSetup:
        if not self.binary.strip() or self.binary.startswith("/") or ".." in self.binary.split("/"):
            raise ValueError(f"binary is a path relative to the install prefix, not {self.binary!r}")
        for path in (self.hook_file, self.settings_file):
            if path is not None:
                _check_location_path(path, "user")
        if self.settings and not (self.settings_file or self.hook_file):
            raise ValueError("probe.settings: no settings_file or hook_file to write them into")
        strange = [key for key in self.settings if not key.strip() or any(not part for part in key.split("."))]
        if strange:
            raise ValueError(f"probe.settings: a key is a dotted key path, not {strange}")
        for name, value in self.env.items():
            if not re.fullmatch(r"[A-Z][A-Z0-9_]*", name):
                raise ValueError(f"a variable name is upper-case letters, digits and _, not {name!r}")
            if name in ("PATH", "HOME"):
                raise ValueError(f"the probe sets {name} itself")
            stray = [slot for slot in re.findall(r"\{[a-z]+\}", value) if slot not in PROBE_ENV_SLOTS]
            if stray:
                raise ValueError(f"env.{name}: unknown slots {stray}; slots are {', '.join(PROBE_ENV_SLOTS)}")
        if "shell" not in self.tools:
            raise ValueError("a probed host offers a shell tool (every scenario matrix has shell calls)")
        if not self.postures or len({p.name for p in self.postures}) != len(self.postures):
            raise ValueError("probe.postures lists at least one posture, each name once")
        if self.argv is not None:
            _check_probe_argv(self.argv, "argv")
        elif any(posture.argv is None for posture in self.postures):
            raise ValueError("probe: no argv, and a posture has no command line of its own")
        return self


MANAGED_PLATFORMS = ("linux", "macos")


class ManagedLocation(_Graded):
    """An administrator-controlled file the host reads hooks from (`hookward install HOST --managed`).

    `variable`: an environment variable the host reads instead of `path` when it is set.
    """

    path: str
    platform: Literal["linux", "macos"]
    variable: str | None = None

    @model_validator(mode="after")
    def _well_formed(self) -> ManagedLocation:
        _check_location_path(self.path, "system")
        if any(c in self.path for c in "*?"):
            raise ValueError(f"a managed location names one file, not a glob: {self.path!r}")
        if self.variable is not None and not re.fullmatch(r"[A-Z][A-Z0-9_]*", self.variable):
            raise ValueError(f"a variable name is upper-case letters, digits and _, not {self.variable!r}")
        return self


class ManagedInstall(Strict):
    """Where and how an administrator installs a hook no user setting removes, as far as it is established.

    registration: how a hook is registered in the managed file ("the hooks shape of the user settings");
    exclusive_switch: a `key.path: value` the managed file may set so hooks of other layers do not run (or
    cannot switch the managed one off); user_override: whether a user-level config (or the user's
    environment) can still override or disable the managed hook as `hookward install --managed` writes it.
    """

    locations: list[ManagedLocation]
    registration: FlagOrTextFact
    exclusive_switch: FlagOrTextFact
    user_override: FlagFact
    note: str | None = None


class HostFile(Strict):
    """One `compat/hosts/<host>.json`, exactly in the shape of the claude-code template."""

    host: str
    name: str
    paradigm: Literal["stdio-json", "plugin", "mcp-only"]
    version_examined: str
    examined_on: str
    default_mode: str
    events: dict[str, Event]
    gates: GatesFact
    modes: dict[str, Mode]
    verdicts: dict[str, VerdictEffects]
    failures: Failures
    fail_closed_switch: SwitchFact
    input_modification: InputModificationFact
    config: Config
    config_locations: list[ConfigLocation]
    config_variables: list[ConfigVariable]
    hook_off_switches: list[OffSwitch]
    limitations: list[str]
    # Where the host keeps its own sign-in (a read is a credential read), and home files it keeps that hold no
    # secret (a read does not ask): policy/loader.py compiles both into the built-in policy.
    credential_files: list[CredentialFile] = []
    harmless_files: list[HarmlessFile] = []
    # What a hook failure does with the fail-closed switch on, as `hookward install` writes it
    # (where the installed release has the switch: fail_closed_switch.since).
    failures_switched: Failures | None = None
    # Whether the host runs a hook's command through a shell (so `$HOME` in a project config expands).
    hook_shell: FlagFact | None = None
    # Whether the host runs a new or changed non-managed hook only once the person trusted it (Codex), and
    # whether it loads a project's config layer only in a project the person trusted.
    hooks_need_trust: FlagFact | None = None
    project_needs_trust: FlagFact | None = None
    # Whether a plain session of the host (no flag, no setting) reads the config file hookward installs into
    # (false for an agent config that only sessions started with that agent read).
    session_reads_config: FlagFact | None = None
    # Where the host program is installed: its npm package and the command names on PATH.
    package: str | None = None
    binaries: list[str] = []
    # How the probe harness installs the host and runs it (compat/probes/drivers.py).
    probe: ProbeSetup | None = None
    latest_seen: str | None = None
    # How many leading version components make one release of this host (registry.grade_on).
    release_components: int = 2
    # Administrator-controlled settings a hook can be installed into (`hookward install HOST --managed`).
    managed: ManagedInstall | None = None
    # Where the trust a host requires (hooks_need_trust, project_needs_trust) is recorded (doctor reads it).
    trust_state: TrustState | None = None
    # Other hosts whose hook files this host loads and runs too (doctor warns; install refuses a shared file).
    also_runs_hooks_of: list[AlsoRunsHooksOf] = []
    # The names the host's MCP client announces (the MCP server names its peer by them).
    mcp_client_names: McpClientNames | None = None
    # A shell call as the host sends it on its pre-tool event (doctor's self-test, the conformance suite).
    sample_payload: SamplePayload | None = None
    # How `hookward install` spells its registration in the host's config (adapters/installers.py).
    install: HookInstall | PluginInstall | McpInstall | None = Field(default=None, discriminator="kind")

    @field_validator("examined_on")
    @classmethod
    def _examined_on_is_a_date(cls, value: str) -> str:
        parse_date(value)
        return value

    @field_validator("name", "version_examined")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value

    @field_validator("limitations")
    @classmethod
    def _limitations_are_sentences(cls, value: list[str]) -> list[str]:
        if any(not item.strip() for item in value):
            raise ValueError("a limitation must not be blank")
        return value

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> HostFile:
        expected = _context(info).get("host")
        if expected is not None and self.host != expected:
            raise ValueError(f"host is {self.host!r} but the file is named {expected}.json")
        if not self.modes:
            raise ValueError("modes: a host without permission modes lists a single mode, e.g. 'default'")
        if ANY_MODE in self.modes:
            raise ValueError(f"modes: {ANY_MODE!r} is reserved for 'every mode' in verdicts")
        if self.default_mode not in self.modes:
            raise ValueError(f"default_mode {self.default_mode!r} is not one of modes ({', '.join(self.modes)})")
        _check_versions(None, [self.latest_seen] if self.latest_seen else [])
        if self.release_components not in (1, 2, 3):
            raise ValueError("release_components is 1, 2 or 3")
        pre_events = sorted(name for name, event in self.events.items() if event.role == "pre")
        if self.trust_state is not None and self.hooks_need_trust is None and self.project_needs_trust is None:
            raise ValueError("trust_state without hooks_need_trust or project_needs_trust: what is it the record of?")
        if self.probe is not None and not (self.probe.package or self.package):
            raise ValueError("probe: the host has no package and the probe names none to install")
        if self.probe is not None:
            strangers = [p.mode for p in self.probe.postures if p.mode != ANY_MODE and p.mode not in self.modes]
            if strangers:
                raise ValueError(f"probe.postures: modes {strangers} are not listed in modes")
        if any(other.host == self.host for other in self.also_runs_hooks_of):
            raise ValueError("also_runs_hooks_of names the host itself")
        if self.install is not None:
            if self.install.kind != INSTALL_KIND[self.paradigm]:
                raise ValueError(f"install.kind {self.install.kind!r} does not fit a {self.paradigm} host")
            if isinstance(self.install, HookInstall):
                strangers = [name for name in self.install.events or [] if name not in self.events]
                if strangers:
                    raise ValueError(f"install.events names events the registry does not list: {strangers}")
        judged = sorted(name for name, event in self.events.items() if event.role in ("pre", "approval"))
        if not pre_events and self.paradigm != "mcp-only":
            # Only an MCP-only host may have no hook: hookward then gates just its own MCP tools.
            raise ValueError(f"events: no pre-tool event, but a {self.paradigm} host is gated through one")
        if self.sample_payload is not None and self.sample_payload.event not in pre_events:
            raise ValueError(f"sample_payload.event {self.sample_payload.event!r} is not a pre-tool event in events")
        for event in sorted(self.verdicts):
            if event not in judged:
                raise ValueError(f"verdicts.{event}: not a pre-tool or approval event listed in events")
        for event in judged:
            if event not in self.verdicts:
                raise ValueError(f"verdicts: pre-tool event {event!r} has no verdict effects")
            table = self.verdicts[event]
            for verdict in VERDICTS:
                by_mode: dict[str, EffectFact] = getattr(table, verdict)
                # "<mode>@headless" is the same mode in a headless run (no person to prompt).
                strangers = [
                    mode
                    for mode in by_mode
                    if mode.removesuffix(HEADLESS) != ANY_MODE and mode.removesuffix(HEADLESS) not in self.modes
                ]
                if strangers:
                    raise ValueError(f"verdicts.{event}.{verdict}: modes {strangers} are not listed in modes")
                if ANY_MODE not in by_mode:
                    uncovered = [mode for mode in self.modes if mode not in by_mode]
                    if uncovered:
                        raise ValueError(
                            f"verdicts.{event}.{verdict}: no effect for modes {uncovered} "
                            f"(give one per mode, an unknown fact, or a {ANY_MODE!r} entry)"
                        )
                for mode, fact in by_mode.items():
                    base = mode.removesuffix(HEADLESS)
                    where = {"event": event, "hook": verdict, "mode": None if base == ANY_MODE else base}
                    _check_record_scenario(fact, f"verdicts.{event}.{verdict}.{mode}", where, info)
        for section in ("failures", "failures_switched"):
            table = getattr(self, section)
            if table is None:
                continue
            for failure in FAILURES:
                fact = getattr(table, failure)
                _check_record_scenario(fact, f"{section}.{failure}", {"hook": failure}, info)
                if fact.grade == "probed":
                    _check_record_switch(fact, f"{section}.{failure}", section == "failures_switched", info)
        return self


HEADLESS = "@headless"


def _check_record_scenario(fact: Fact, location: str, where: dict[str, str | None], info: ValidationInfo) -> None:
    """A probed verdict or failure fact cites a record of that very scenario (event, answer, mode).

    The record's own fields say what was run; a record of `ask` in mode `plan`
    cannot back a claim about `ask` in mode `default`. A "*" fact may cite a
    record of any one mode.
    """
    if fact.grade != "probed" or not fact.source:
        return
    path = os.path.join(_context(info).get("repo_root", REPO_ROOT), fact.source)
    with open(path, encoding="utf-8") as handle:  # exists and parses: the fact's own validator checked
        record = json.load(handle)
    for key, expected in where.items():
        if expected is None or key not in record:
            continue
        if record[key] != expected:
            raise ValueError(f"{location}: probe record {fact.source} ran {key}={record[key]!r}, not {expected!r}")


def _check_record_switch(fact: Fact, location: str, switched: bool, info: ValidationInfo) -> None:
    """A failure with the switch on cites a record made with it on, and a bare failure one made without."""
    path = os.path.join(_context(info).get("repo_root", REPO_ROOT), fact.source or "")
    with open(path, encoding="utf-8") as handle:
        record = json.load(handle)
    if bool(record.get("switch")) != switched:
        state = "on" if record.get("switch") else "off"
        raise ValueError(f"{location}: probe record {fact.source} ran with the fail-closed switch {state}")


def _location(loc: tuple[int | str, ...]) -> str:
    # pydantic puts a function-validator name in the location of a model error; keep the data path.
    return ".".join(str(part) for part in loc if not str(part).startswith("function-")) or "(top level)"


def validate_host(data: object, host: str, *, repo_root: str = REPO_ROOT, file_label: str | None = None) -> HostFile:
    """Validate one host's data; a RegistryError names the file and each bad field."""
    label = file_label or f"compat/hosts/{host}.json"
    try:
        return HostFile.model_validate(data, context={"host": host, "repo_root": repo_root})
    except ValidationError as error:
        problems = []
        for item in error.errors(include_url=False):
            message = item["msg"].removeprefix("Value error, ")
            problems.append(f"{label}: {_location(item['loc'])}: {message}")
        raise RegistryError(problems) from None


def read_host_file(path: str, label: str | None = None) -> object:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        raise RegistryError([f"{label or path}: not readable JSON ({error})"]) from None


def load_registry(hosts_dir: str | None = None, *, repo_root: str = REPO_ROOT) -> dict[str, HostFile]:
    """Validate every host file; raise one RegistryError listing every problem in every file."""
    return {host: model for host, (model, _) in _load(hosts_dir, repo_root).items()}


def load_raw_registry(hosts_dir: str | None = None, *, repo_root: str = REPO_ROOT) -> dict[str, dict]:
    """The host files as the hook path reads them (plain JSON), once every one has validated."""
    return {host: raw for host, (_, raw) in _load(hosts_dir, repo_root).items()}


def load_raw_host(host: str, hosts_dir: str | None = None, *, repo_root: str = REPO_ROOT) -> dict:
    """One validated host file as plain JSON; RegistryError if it is absent or invalid."""
    directory = hosts_dir or registry.HOSTS_DIR
    if host not in {name[:-5] for name in os.listdir(directory) if name.endswith(".json")}:
        raise RegistryError([f"no host file for {host!r} in {directory}"])
    return _load(hosts_dir, repo_root, only=host)[host][1]


def _load(hosts_dir: str | None, repo_root: str, only: str | None = None) -> dict[str, tuple[HostFile, dict]]:
    directory = hosts_dir or registry.HOSTS_DIR
    hosts = sorted(name[:-5] for name in os.listdir(directory) if name.endswith(".json"))
    if only is not None:
        hosts = [host for host in hosts if host == only]
    loaded: dict[str, tuple[HostFile, dict]] = {}
    problems: list[str] = []
    for host in hosts:
        path = os.path.join(directory, host + ".json")
        label = os.path.relpath(path, repo_root) if path.startswith(repo_root + os.sep) else path
        try:
            raw = read_host_file(path, label)
            loaded[host] = (validate_host(raw, host, repo_root=repo_root, file_label=label), raw)  # type: ignore[assignment]
        except RegistryError as error:
            problems.extend(error.problems)
    if problems:
        raise RegistryError(problems)
    return loaded
