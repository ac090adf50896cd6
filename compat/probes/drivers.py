"""How to drive each probed host: package, binary, config, environment, tools.

This is probe data, one entry per host, kept apart from the harness so the
harness never branches on a host. What a host *does* with an answer is not
here: that is what the probes find out and write to compat/hosts/<host>.json.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

PROMPT = "Run the one tool call you were scripted to make."
HOOK_TIMEOUT_S = 5  # the hook timeout configured in every host; the timeout hook sleeps far longer
BASE_PATH = "/usr/local/bin:/usr/bin:/bin"
MODEL_PORT = 8765  # the fake model's port; each probe has its own namespace, so it never clashes


@dataclass(frozen=True)
class Posture:
    """A permission posture the host can run in, and the registry mode it maps to.

    `mode` is used only when the host's hook payload does not report its own
    permission mode ("*": the hook cannot tell the modes apart).
    """

    name: str
    flags: tuple[str, ...]
    mode: str


@dataclass(frozen=True)
class Targets:
    """The paths a probe's tool call touches, all inside the run's throwaway folders."""

    work: Path
    marker: Path  # created by the shell call
    secret: Path  # a planted fake secret read by the read call
    written: Path  # created by the write call
    ran_token_seed: int  # the shell call prints 40000+seed: proof it ran even where a sandbox stops `touch`

    @property
    def ran_token(self) -> str:
        return f"PROBE-RAN-{40000 + self.ran_token_seed}"

    def shell_command(self) -> str:
        # The token is assembled by printf, so a host echoing the raw command back does not fake it. No `$(...)`:
        # Gemini CLI refuses any command with substitution syntax before its hook runs.
        return f"touch {self.marker}; printf 'PROBE-RAN-%s\\n' {40000 + self.ran_token_seed}"


@dataclass(frozen=True)
class Tool:
    name: str  # the tool name the host offers the model
    arguments: Callable[[Targets], dict]
    note: str = ""


@dataclass(frozen=True)
class HostDriver:
    host: str  # registry host id
    package: str
    version: str
    binary: str  # relative to the install prefix
    pre_event: str  # the pre-tool event name as the host spells it (registry key)
    hook_timeout_note: str
    postures: tuple[Posture, ...]
    failure_posture: str  # the posture where a tool runs without a hook's allow, so failures are visible
    tools: dict[str, Tool]
    answers: dict[str, dict]  # fallback wire answer per verdict when hookward has no adapter for the host yet
    write_config: Callable[[Path, Path, str], Path]  # (home, work, hook command) -> config file written
    env: Callable[[Path, int], dict[str, str]]  # (home, port) -> the host's whole environment
    argv: Callable[[Path, Posture, str], list[str]]  # (binary, posture, prompt)
    force_tool: bool = False  # host lists tools in a shape the fake model does not read: ask anyway
    limitations: tuple[str, ...] = field(default_factory=tuple)

    def posture(self, name: str) -> Posture:
        for posture in self.postures:
            if posture.name == name:
                return posture
        raise KeyError(f"{self.host} has no posture {name!r}")


def _write_json(path: Path, data: dict) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path


def _claude_shape(event: str, hook_command: str, timeout: int, matcher: str = "*") -> dict:
    return {event: [{"matcher": matcher, "hooks": [{"type": "command", "command": hook_command, "timeout": timeout}]}]}


def _wrapped(event: str) -> dict[str, dict]:
    """Claude-style `hookSpecificOutput` answers, as Claude Code, Codex and Qwen Code read them."""

    def one(decision: str) -> dict:
        return {
            "hookSpecificOutput": {
                "hookEventName": event,
                "permissionDecision": decision,
                "permissionDecisionReason": f"hookward probe: {decision}",
            }
        }

    return {"allow": one("allow"), "ask": one("ask"), "deny": one("deny")}


# ---------------------------------------------------------------- Claude Code
def _claude_config(home: Path, work: Path, hook_command: str) -> Path:
    return _write_json(
        home / ".claude" / "settings.json", {"hooks": _claude_shape("PreToolUse", hook_command, HOOK_TIMEOUT_S)}
    )


def _claude_env(home: Path, port: int) -> dict[str, str]:
    return {
        "PATH": BASE_PATH,
        "HOME": str(home),
        "TERM": "dumb",
        "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
        "ANTHROPIC_API_KEY": "sk-ant-probe-fake-key",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "DISABLE_BUG_COMMAND": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "CLAUDE_CODE_ENABLE_TELEMETRY": "0",
        "IS_SANDBOX": "1",  # the probe runs as root; bypassPermissions refuses root otherwise
    }


CLAUDE_CODE = HostDriver(
    host="claude-code",
    package="@anthropic-ai/claude-code",
    version="2.1.197",
    binary="node_modules/@anthropic-ai/claude-code/bin/claude.exe",
    pre_event="PreToolUse",
    hook_timeout_note="settings.json hook timeout in seconds",
    postures=tuple(
        Posture(m, ("--permission-mode", m), m) for m in ("default", "acceptEdits", "bypassPermissions", "dontAsk")
    ),
    failure_posture="bypassPermissions",
    tools={
        "shell": Tool("Bash", lambda t: {"command": t.shell_command(), "description": "probe"}),
        "read": Tool("Read", lambda t: {"file_path": str(t.secret)}),
        "write": Tool("Write", lambda t: {"file_path": str(t.written), "content": "probe wrote this\n"}),
    },
    answers=_wrapped("PreToolUse"),
    write_config=_claude_config,
    env=_claude_env,
    argv=lambda binary, p, prompt: [str(binary), "-p", prompt, "--output-format", "json", *p.flags],
    limitations=("Probed headless (-p): no person can answer a prompt there.",),
)


# ---------------------------------------------------------------- Gemini CLI
def _gemini_settings(home: Path, hook_command: str, event: str, auth: str, extra: dict) -> dict:
    return {
        "security": {"auth": {"selectedType": auth}, "folderTrust": {"enabled": False}},
        "privacy": {"usageStatisticsEnabled": False},
        "telemetry": {"enabled": False},
        "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
        "hooksConfig": {"enabled": True},
        "hooks": {
            event: [
                {
                    "matcher": ".*" if event == "BeforeTool" else "",
                    "hooks": [
                        {"name": "probe", "type": "command", "command": hook_command, "timeout": HOOK_TIMEOUT_S * 1000}
                    ],
                }
            ]
        },
        **extra,
    }


def _gemini_config(home: Path, work: Path, hook_command: str) -> Path:
    data = _gemini_settings(home, hook_command, "BeforeTool", "gemini-api-key", {})
    return _write_json(home / ".gemini" / "settings.json", data)


GEMINI_CLI = HostDriver(
    host="gemini-cli",
    package="@google/gemini-cli",
    version="0.61.0",
    binary="node_modules/.bin/gemini",
    pre_event="BeforeTool",
    hook_timeout_note="settings.json hook timeout in milliseconds",
    # The BeforeTool payload carries no permission mode, so one fact ("*") must hold in every posture.
    postures=tuple(Posture(m, ("--approval-mode", m), "*") for m in ("default", "auto_edit", "yolo")),
    failure_posture="yolo",
    tools={
        "shell": Tool("run_shell_command", lambda t: {"command": t.shell_command()}),
        "read": Tool("read_file", lambda t: {"file_path": str(t.secret)}),
        "write": Tool("write_file", lambda t: {"file_path": str(t.written), "content": "probe wrote this\n"}),
    },
    answers={
        verdict: {"decision": verdict, "reason": f"hookward probe: {verdict}"} for verdict in ("allow", "ask", "deny")
    },
    write_config=_gemini_config,
    env=lambda home, port: {
        "PATH": BASE_PATH,
        "HOME": str(home),
        "TERM": "dumb",
        "GOOGLE_GEMINI_BASE_URL": f"http://127.0.0.1:{port}",
        "GEMINI_API_KEY": "probe-fake-gemini-key",
        "GEMINI_TELEMETRY_ENABLED": "false",
        "GEMINI_CLI_TRUST_WORKSPACE": "true",
        "GEMINI_CLI_NO_RELAUNCH": "true",
        "NO_UPDATE_NOTIFIER": "1",
    },
    argv=lambda binary, p, prompt: [
        str(binary),
        "-m",
        "gemini-2.5-flash",
        "-p",
        prompt,
        "--output-format",
        "json",
        *p.flags,
    ],
    force_tool=True,
    limitations=("Probed headless (-p).",),
)


# ---------------------------------------------------------------- Codex
def _codex_config(home: Path, work: Path, hook_command: str) -> Path:
    codex_home = home / ".codex"
    codex_home.mkdir(parents=True, exist_ok=True)
    (codex_home / "config.toml").write_text(
        "\n".join(
            [
                'model = "probe-model"',
                'model_provider = "probe"',
                "check_for_update_on_startup = false",
                "",
                "[model_providers.probe]",
                'name = "probe"',
                f'base_url = "http://127.0.0.1:{MODEL_PORT}/v1"',
                'env_key = "PROBE_OPENAI_KEY"',
                'wire_api = "responses"',
                "request_max_retries = 0",
                "stream_max_retries = 0",
                "",
                "[features]",
                "hooks = true",
                "",
                "[analytics]",
                "enabled = false",
                "",
                "[feedback]",
                "enabled = false",
                "",
                "[otel]",
                'exporter = "none"',
                "",
            ]
        ),
        encoding="utf-8",
    )
    data = {
        "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": hook_command, "timeout": HOOK_TIMEOUT_S}]}]}
    }
    return _write_json(codex_home / "hooks.json", data)


CODEX = HostDriver(
    host="codex",
    package="@openai/codex",
    version="0.171.0",
    binary="node_modules/.bin/codex",
    pre_event="PreToolUse",
    hook_timeout_note="hooks.json hook timeout in seconds",
    postures=(
        Posture("read-only", ("-s", "read-only"), "default"),
        Posture("workspace-write", ("-s", "workspace-write"), "default"),
        Posture("full-access", ("--dangerously-bypass-approvals-and-sandbox",), "bypassPermissions"),
    ),
    failure_posture="full-access",
    tools={
        "shell": Tool("exec_command", lambda t: {"cmd": t.shell_command()}),
        # Codex has no file-read tool the model can call: a read is a shell command.
        "read": Tool(
            "exec_command", lambda t: {"cmd": f"cat {t.secret}"}, note="Codex reads files through its shell tool"
        ),
    },
    answers=_wrapped("PreToolUse"),
    write_config=_codex_config,
    env=lambda home, port: {
        "PATH": BASE_PATH,
        "HOME": str(home),
        "CODEX_HOME": str(home / ".codex"),
        "TERM": "dumb",
        "PROBE_OPENAI_KEY": "sk-probe-fake",
        "OPENAI_API_KEY": "sk-probe-fake",
        "NO_UPDATE_NOTIFIER": "1",
    },
    # Without --dangerously-bypass-hook-trust a newly written hook is untrusted and silently never runs.
    argv=lambda binary, p, prompt: [
        str(binary),
        "exec",
        "--skip-git-repo-check",
        "--json",
        "--dangerously-bypass-hook-trust",
        *p.flags,
        prompt,
    ],
    limitations=(
        "Probed with `codex exec` and --dangerously-bypass-hook-trust: an untrusted hook never runs.",
        "Codex tried `git ls-remote` to GitHub at start; the namespace stopped it.",
    ),
)


# ---------------------------------------------------------------- Qwen Code
def _qwen_config(home: Path, work: Path, hook_command: str) -> Path:
    data = {
        "security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": False}},
        "model": {"name": "probe-model"},
        "privacy": {"usageStatisticsEnabled": False},
        "telemetry": {"enabled": False},
        "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
        "hooks": {
            "PreToolUse": [
                {
                    "matcher": "",
                    "hooks": [
                        {"name": "probe", "type": "command", "command": hook_command, "timeout": HOOK_TIMEOUT_S * 1000}
                    ],
                }
            ]
        },
    }
    return _write_json(home / ".qwen" / "settings.json", data)


QWEN_CODE = HostDriver(
    host="qwen-code",
    package="@qwen-code/qwen-code",
    version="0.15.10",
    binary="node_modules/.bin/qwen",
    pre_event="PreToolUse",
    hook_timeout_note="settings.json hook timeout in milliseconds",
    postures=(
        Posture("default", ("--approval-mode", "default"), "default"),
        Posture("auto-edit", ("--approval-mode", "auto-edit"), "auto_edit"),
        Posture("yolo", ("--approval-mode", "yolo"), "yolo"),
    ),
    failure_posture="yolo",
    tools={
        "shell": Tool("run_shell_command", lambda t: {"command": t.shell_command()}),
        "read": Tool("read_file", lambda t: {"file_path": str(t.secret)}),
        "write": Tool("write_file", lambda t: {"file_path": str(t.written), "content": "probe wrote this\n"}),
    },
    answers=_wrapped("PreToolUse"),
    write_config=_qwen_config,
    env=lambda home, port: {
        "PATH": BASE_PATH,
        "HOME": str(home),
        "TERM": "dumb",
        "OPENAI_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "OPENAI_API_KEY": "sk-probe-fake",
        "OPENAI_MODEL": "probe-model",
        "QWEN_TELEMETRY_ENABLED": "false",
        "QWEN_CODE_DISABLE_PRECONNECT": "1",
        "NO_UPDATE_NOTIFIER": "1",
    },
    argv=lambda binary, p, prompt: [str(binary), "-p", prompt, "--output-format", "json", *p.flags],
    force_tool=True,
    limitations=("Probed headless (-p).",),
)


DRIVERS: dict[str, HostDriver] = {d.host: d for d in (CLAUDE_CODE, GEMINI_CLI, CODEX, QWEN_CODE)}
