"""The policy language: TOML files validated by pydantic (slow path only).

A policy file has optional `[settings]` and a list of `[[rules]]`. A rule
names what it matches (tool kinds, programs, argv patterns, paths, scopes,
MCP tools, URLs, hosts), the verdict it yields and why, and may carry
`match` / `not_match` examples that are checked when the policy loads.
"""

from __future__ import annotations

import shlex
from typing import Literal

from hookward.policy.toolcall import KINDS
from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator

VerdictName = Literal["allow", "ask", "force_ask", "deny"]
Scope = Literal[
    "project", "project-root", "home", "home-root", "tmp", "device", "harmless-device", "system", "elsewhere", "root"
]
GRADE_NAMES = ("unknown", "documented", "read", "probed")


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    trusted_grade: Literal["documented", "read", "probed"] = Field(
        "documented", description="minimum evidence grade trusted before relying on a host's prompt"
    )
    unknown_command: VerdictName = Field("ask", description="verdict for a program no rule knows")
    unknown_mcp: VerdictName = Field("ask", description="verdict for an MCP tool no rule knows")
    grant_expiry_minutes: int = Field(60, ge=1, le=7 * 24 * 60)
    deadline_seconds: float = Field(
        2.5,
        gt=0,
        le=20,
        description="the hook's wall-clock deadline from process start (user policy only; capped below the host timeout)",
    )
    max_payload_bytes: int = Field(
        1 << 20,
        ge=1 << 16,
        le=16 << 20,
        description="the largest hook payload accepted (user policy only; a larger Write is refused unread)",
    )
    shadow: bool = Field(
        False,
        description="record what hookward would have done and answer no opinion (user policy only); "
        "self-protection and failing closed stay on",
    )


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    verdict: VerdictName
    reason: str = Field(min_length=1)
    kinds: list[str] | None = None
    programs: list[str] | None = None
    commands: list[str] | None = None
    args_any: list[str] | None = None
    paths: list[str] | None = None
    scopes: list[Scope] | None = None
    hosts: list[str] | None = None
    projects: list[str] | None = Field(None, description="only in these project roots (absolute paths)")
    tools: list[str] | None = None
    mcp: list[str] | None = None
    urls: list[str] | None = None
    loosens: list[str] = Field(default_factory=list)
    match: list[str] = Field(default_factory=list)
    not_match: list[str] = Field(default_factory=list)

    @field_validator("kinds")
    @classmethod
    def _kinds_known(cls, kinds: list[str] | None) -> list[str] | None:
        for kind in kinds or []:
            if kind not in KINDS:
                raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
        return kinds

    @field_validator("projects")
    @classmethod
    def _projects_absolute(cls, projects: list[str] | None) -> list[str] | None:
        for project in projects or []:
            if not project.startswith(("/", "~")):
                raise ValueError(f"project {project!r} is not an absolute path")
        return projects

    @field_validator("commands")
    @classmethod
    def _commands_split(cls, commands: list[str] | None) -> list[str] | None:
        for command in commands or []:
            try:
                if not shlex.split(command):
                    raise ValueError("an empty command pattern")
            except ValueError as error:
                raise ValueError(f"command pattern {command!r}: {error}") from None
        return commands

    @model_validator(mode="after")
    def _matches_something(self) -> Rule:
        if not any(
            [self.kinds, self.programs, self.commands, self.paths, self.scopes, self.mcp, self.urls, self.hosts]
        ):
            raise ValueError(
                "a rule must say what it matches (kinds, programs, commands, paths, scopes, mcp, urls or hosts)"
            )
        return self

    @field_validator("loosens")
    @classmethod
    def _loosens_floors(cls, loosens: list[str]) -> list[str]:
        # Checked against the one declaration of the floors (policy/floors/common.py `Floor`): a floor no
        # one declares, or one that can never be loosened, makes the policy fail to load.
        from hookward.policy.floors import Floor

        for name in loosens:
            try:
                floor = Floor(name.removeprefix("floor."))
            except ValueError:
                valid = ", ".join(known for known in Floor if known.loosenable)
                raise ValueError(f"loosens names no floor {name!r}; the floors a rule may loosen are {valid}") from None
            if not floor.loosenable:
                raise ValueError(f"the {floor} floor can never be loosened")
        return [name.removeprefix("floor.") for name in loosens]


class AuditExport(BaseModel):
    """`[audit_export]`: where `hookward audit export` ships the ledger (user or managed policy only)."""

    model_config = ConfigDict(extra="forbid", hide_input_in_errors=True)

    endpoint: str = Field(description="the OTLP/HTTP logs endpoint, e.g. https://collector.example:4318/v1/logs")
    headers: dict[str, SecretStr] = Field(default_factory=dict, description="sent with every request; secrets")
    timeout_seconds: float = Field(10.0, gt=0, le=120)
    batch_size: int = Field(256, ge=1, le=10_000)

    @field_validator("endpoint")
    @classmethod
    def _endpoint_safe(cls, endpoint: str) -> str:
        from hookward.policy.urls import export_endpoint_problem

        problem = export_endpoint_problem(endpoint)
        if problem:
            raise ValueError(problem)
        return endpoint


class Managed(BaseModel):
    """`[managed]`: what an administrator lets users do (the managed policy only)."""

    model_config = ConfigDict(extra="forbid")

    allow_shadow: bool = Field(True, description="may a user's policy turn shadow mode on")
    allow_grants: Literal["none", "once", "any"] = Field(
        "any", description="may a person grant a refused call: never, once per call, or in any scope"
    )
    loosenable_floors: list[str] | None = Field(
        None, description="the floors a user rule may loosen (unset: every floor that can be loosened)"
    )

    @field_validator("loosenable_floors")
    @classmethod
    def _floors_known(cls, floors: list[str] | None) -> list[str] | None:
        from hookward.policy.floors import Floor

        if floors is None:
            return None
        names = [floor.removeprefix("floor.") for floor in floors]
        for name in names:
            try:
                Floor(name)
            except ValueError:
                raise ValueError(f"loosenable_floors names no floor {name!r}") from None
        return names


class PolicyFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    settings: Settings | None = None
    rules: list[Rule] = Field(default_factory=list)
    audit_export: AuditExport | None = None
    managed: Managed | None = None


class PolicyError(ValueError):
    """A policy file is broken: the message names the file, the rule and what is wrong."""


def rule_line(text: str, index: int) -> int | None:
    """The line (1-based) of the `[[rules]]` header of rules[index] in a policy file's text, if it has one."""
    import re

    found = [n for n, line in enumerate(text.splitlines(), start=1) if re.match(r"\s*\[\[\s*rules\s*\]\]", line)]
    return found[index] if 0 <= index < len(found) else None


def parse_policy_text(text: str, origin: str) -> PolicyFile:
    import tomllib

    from pydantic import ValidationError

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PolicyError(f"{origin}: not valid TOML: {error}") from None
    try:
        return PolicyFile.model_validate(data)
    except ValidationError as error:
        problems = []
        for issue in error.errors():
            loc = issue["loc"]
            where = ".".join(str(x) for x in loc)
            if len(loc) >= 2 and loc[0] == "rules" and isinstance(loc[1], int):
                rules = data.get("rules", [])
                rule_id = (
                    rules[loc[1]].get("id", "?") if loc[1] < len(rules) and isinstance(rules[loc[1]], dict) else "?"
                )
                line = rule_line(text, loc[1])
                at = f"line {line}, " if line is not None else ""
                where = f"{at}rule {rule_id!r} (rules[{loc[1]}]) " + ".".join(str(x) for x in loc[2:])
            problems.append(f"{where}: {issue['msg']}")
        raise PolicyError(f"{origin}: " + "; ".join(problems)) from None
