"""Drive a host's real interactive TUI in tmux and record what a hook's `ask` does there.

A headless probe (harness.py) cannot show whether an `ask` reaches a person:
nobody is there. This module runs the same installed host, fake model, test
hook and network namespace as the harness, but starts the host's terminal UI
in a private tmux server inside the namespace, types the prompt, waits for the
permission dialog, reads it off the screen (`capture-pane`), answers it
(approve or reject) with `send-keys`, and observes whether the tool ran.

One interactive probe = one scenario on one host:

    interactive-ask-<tool>-<posture>-<answer>      approve | reject the dialog
    interactive-ask-<tool>-<posture>-remember      pick the dialog's "don't ask
        again" option, then ask for the same call again: does the second ask
        reach a person, or is it satisfied silently?

Records are written next to the headless ones with "interactive": true, and
back the plain "<mode>" registry key (the headless ones back "<mode>@headless").

What differs per host (argv without -p, the TUI's screens and keys) is data in
TUIS below, never an `if` in the runner. Standard library only: the same
module runs inside the namespace (`python -m compat.probes.interactive inside <spec.json>`).
"""

from __future__ import annotations

import json
import re
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hookward.compat.probes import drivers, fakemodel, harness, toolchain
from hookward.compat.probes.drivers import DRIVERS, PROMPT, HostDriver, Posture

TMUX_COLUMNS, TMUX_ROWS = 200, 50
POLL_S = 0.4
DIALOG_TIMEOUT_S = 60  # from the prompt typed to the permission dialog
SETTLE_TIMEOUT_S = 30  # from the dialog answered to the turn ended
HOST_TIMEOUT_S = 150  # the whole interactive run inside the namespace
NAMESPACE_BUDGET_S = HOST_TIMEOUT_S + 30
ANSWERS = ("approve", "reject", "remember", "allowrule")
SCREEN_LINES = 40
# The file whose existence shows the tool ran, per tool kind (a read leaves no file: not probed here).
RAN_MARKERS = {"shell": "marker", "write": "written"}  # at most this many lines of a captured dialog go into a record


@dataclass(frozen=True)
class Step:
    """A screen the TUI may show on the way, and the keys that get past it."""

    name: str
    pattern: str  # regex searched in the captured screen
    keys: tuple[str, ...]  # tmux send-keys arguments, sent one by one


@dataclass(frozen=True)
class Tui:
    """How to drive one host's terminal UI. Probe data, like drivers.HostDriver."""

    host: str
    argv: Callable[[Path, Posture], list[str]]  # (binary, posture): the interactive command, no prompt
    seed_home: Callable[[Path, Path, dict], None]  # (home, work, env): pre-answer first-run questions
    ready: str  # regex: the input box is ready for the prompt
    dialog: str  # regex: the permission dialog is on screen
    approve: tuple[str, ...]  # keys that pick "yes, once"
    reject: tuple[str, ...]  # keys that pick "no"
    remember: str  # regex: the dialog offers an approval the host remembers ("don't ask again")
    remember_keys: tuple[str, ...]  # keys that pick it
    numbered: bool = False  # answer by typing the number of the option found by its label (option lists vary)
    approve_label: str = r"^(Yes|Allow once|Yes, allow once)$"  # regex on an option's label
    reject_label: str = r"^No\b"
    done: str = ""  # regex: the turn is over (the fake model's final text, or the host's refusal shown)
    allow_rule: Callable[[Path, str], str] | None = None  # (home, tool name): pre-approve the tool; says how
    startup: tuple[Step, ...] = ()  # screens that may show before `ready` (trust, API key, ...)
    submit: tuple[str, ...] = ("Enter",)
    postures: tuple[str, ...] = ()  # the driver's postures this TUI is probed in
    env: dict[str, str] = field(default_factory=dict)  # added to the driver's environment (TERM etc.)
    notes: tuple[str, ...] = ()


# ---------------------------------------------------------------- hosts
def _claude_seed(home: Path, work: Path, env: dict) -> None:
    """~/.claude.json as after a first run: onboarding done, the fake API key approved, the folder trusted."""
    # The fake API key the host file's probe.env hands Claude Code (its one *_API_KEY variable).
    key = next((value for name, value in env.items() if name.endswith("_API_KEY")), "")
    data = {
        "hasCompletedOnboarding": True,
        "theme": "dark",
        "customApiKeyResponses": {"approved": [key[-20:]], "rejected": []},
        "bypassPermissionsModeAccepted": True,
        "projects": {str(work): {"hasTrustDialogAccepted": True, "hasCompletedProjectOnboarding": True}},
    }
    (home / ".claude.json").write_text(json.dumps(data, indent=2))


def _claude_allow_rule(home: Path, tool_name: str) -> str:
    """A user-settings allow rule for the whole tool, next to the probe's hook."""
    path = drivers.hook_file(home, "claude-code")
    data = json.loads(path.read_text())
    data["permissions"] = {"allow": [tool_name]}
    path.write_text(json.dumps(data, indent=2) + "\n")
    return f'{drivers.setup("claude-code")["hook_file"]} permissions.allow ["{tool_name}"]'


CLAUDE_TUI = Tui(
    host="claude-code",
    argv=lambda binary, p: [str(binary), *p.flags],
    seed_home=_claude_seed,
    ready=r"\? for shortcuts|\(shift\+tab to cycle\)",
    dialog=r"Do you want to (proceed|create|make this edit|allow)",
    approve=("1",),
    reject=("2",),
    # 2.1.197: "Yes, allow all edits during this session"; 2.1.332: "Yes, and switch to accept edits (...) for this session"
    remember=r"Yes, and (don't ask again|always allow|allow all|switch to accept edits)|Yes, allow all",
    numbered=True,
    remember_keys=("2",),
    allow_rule=_claude_allow_rule,
    # 2.1.332 ends a refused Write with "⎿  Rejected write to <file>" (no "User rejected")
    done=r"PROBE-DONE|PROBE-IDLE|Interrupted|What should Claude do instead|User rejected|⎿\s+Rejected ",
    startup=(
        Step("api-key", r"Do you want to use this API key", ("Up", "Enter")),
        Step("trust", r"Do you trust the files in this folder|trust this folder", ("Enter",)),
        Step("bypass-warning", r"Yes, I accept", ("Down", "Enter")),
        Step("theme", r"Choose the text style|Dark mode", ("Enter",)),
    ),
    postures=("default", "acceptEdits", "bypassPermissions", "dontAsk"),
    env={"TERM": "xterm-256color"},
)


def _gemini_allow_rule(home: Path, tool_name: str) -> str:
    """settings.json tools.allowed: "Tool names that bypass the confirmation dialog" (Gemini CLI 0.61.0 schema)."""
    path = drivers.hook_file(home, "gemini-cli")
    data = json.loads(path.read_text())
    data.setdefault("tools", {})["allowed"] = [tool_name]
    path.write_text(json.dumps(data, indent=2) + "\n")
    return f'{drivers.setup("gemini-cli")["hook_file"]} tools.allowed ["{tool_name}"]'


def _no_seed(home: Path, work: Path, env: dict) -> None:
    """Nothing to pre-answer: the driver's settings.json already picks the auth and turns folder trust off."""


def _gemini_family(
    host: str,
    approval_flags: Callable[[Posture], list[str]],
    postures: tuple[str, ...],
    allow_rule: Callable[[Path, str], str] | None = None,
) -> Tui:
    """Gemini CLI and its fork Qwen Code draw the same Ink dialogs."""
    return Tui(
        host=host,
        argv=lambda binary, p: [str(binary), *approval_flags(p)],
        seed_home=_no_seed,
        ready=r"Type your message",
        dialog=r"Allow execution|Do you want to proceed|Apply this change|Yes, allow once",
        approve=("Enter",),  # the highlighted first option: "Yes, allow once"
        reject=("Escape",),  # "No, suggest changes (esc)"
        remember=r"(?i)allow always|always allow|allow for this session",
        remember_keys=("Down", "Enter"),
        done=r"PROBE-DONE|PROBE-IDLE|[Cc]ancell?ed|Request cancelled",
        startup=(Step("trust", r"Do you trust (this|the files in this) folder", ("Enter",)),),
        postures=postures,
        allow_rule=allow_rule,
        env={"TERM": "xterm-256color"},
    )


QWEN_TUI = _gemini_family("qwen-code", lambda p: list(p.flags), ("default", "auto-edit", "yolo"))
GEMINI_TUI = _gemini_family(
    "gemini-cli", lambda p: ["-m", "gemini-2.5-flash", *p.flags], ("default", "auto_edit", "yolo"), _gemini_allow_rule
)

TUIS: dict[str, Tui] = {t.host: t for t in (CLAUDE_TUI, QWEN_TUI, GEMINI_TUI)}


# ---------------------------------------------------------------- scenarios
@dataclass(frozen=True)
class InteractiveScenario:
    name: str
    tool: str
    posture: str
    answer: str  # approve | reject | remember

    @property
    def as_harness(self) -> harness.Scenario:
        return harness.Scenario(self.name, "verdict", "ask", self.tool, self.posture)


def scenarios_for(tui: Tui, tools: tuple[str, ...] = tuple(RAN_MARKERS), answers: tuple[str, ...] = ANSWERS) -> list:
    return [
        InteractiveScenario(f"interactive-ask-{tool}-{posture}-{answer}", tool, posture, answer)
        for posture in tui.postures
        for tool in tools
        for answer in answers
    ]


# ---------------------------------------------------------------- screens (pure)
def screen_matches(pattern: str, screen: str) -> bool:
    return re.search(pattern, screen, re.MULTILINE) is not None


def startup_step(tui: Tui, screen: str) -> Step | None:
    """The first-run screen on display, if any."""
    for step in tui.startup:
        if screen_matches(step.pattern, screen):
            return step
    return None


_RULE = re.compile(r"[╭╰├]?[─━═]{10,}[╮╯┤]?")  # the TUI's frame; dashed rules (╌) are inside a dialog


def dialog_text(tui: Tui, screen: str, limit: int = SCREEN_LINES) -> str:
    """The permission dialog cut out of a screen: from the block holding the tool call to the last option.

    Trailing blanks and box-drawing padding are trimmed; nothing outside the
    captured pane goes in (the pane never shows the environment).
    """
    lines = [line.rstrip() for line in screen.splitlines()]
    hit = next((i for i, line in enumerate(lines) if re.search(tui.dialog, line)), None)
    if hit is None:
        return ""
    # the dialog starts below the last horizontal rule above its question (the TUI's frame)
    rule = next((i for i in range(hit - 1, -1, -1) if _RULE.fullmatch(lines[i].strip())), None)
    start = max(rule + 1 if rule is not None else 0, hit - limit // 2)
    kept: list[str] = []
    for line in lines[start:]:
        if not line.strip(" │"):
            if kept and kept[-1]:
                kept.append("")  # one blank line where the TUI had several
            continue
        kept.append(line)
    while kept and not kept[-1]:
        kept.pop()
    return "\n".join(kept[:limit])


def remembered_option(tui: Tui, dialog: str) -> str | None:
    """The dialog's option that approves and remembers, e.g. "Yes, and don't ask again for ...", or None."""
    for line in dialog.splitlines():
        if re.search(tui.remember, line):
            return re.sub(r"^[\s│❯›>]*", "", line).strip(" │")
    return None


def reason_shown(reason: str, screen: str) -> bool:
    """Whether the hook's reason is on screen (whitespace-insensitive: the TUI may wrap it)."""
    squash = re.compile(r"[\s│]+")
    return squash.sub("", reason) in squash.sub("", screen)


# ---------------------------------------------------------------- outside: one run
def prepare(tui: Tui, driver: HostDriver, scenario: InteractiveScenario, binary: Path, run_dir: Path) -> dict:
    """The harness's run folder (hook config, answer, targets), plus the TUI's argv, keys and screens."""
    spec = harness.prepare(driver, scenario.as_harness, binary, run_dir)
    home, work = run_dir / "home", run_dir / "work"
    posture = driver.posture(scenario.posture)
    env = dict(spec["env"], **tui.env)
    tui.seed_home(home, work, env)
    allow_rule = None
    if scenario.answer == "allowrule":
        if tui.allow_rule is None:
            raise harness.NotApplicable(f"{tui.host}: no way to pre-approve a tool is known to the probe")
        allow_rule = tui.allow_rule(home, spec["tool_name"])
    spec.update(
        argv=tui.argv(binary, posture),
        env=env,
        timeout_s=HOST_TIMEOUT_S,
        prompt=PROMPT,
        answer_with=scenario.answer,
        tui=tui.host,
        allow_rule=allow_rule,
        ran_marker=RAN_MARKERS[scenario.tool],
        # A socket path in a short folder of its own: sun_path holds 108 bytes, and a run folder deep
        # under a temporary directory comes within a few bytes of that ("TUI never became ready").
        tmux_socket=toolchain.new_socket_path(),
        screens=str(run_dir / "screens"),
        reason=json.loads(spec["answer"])
        .get("hookSpecificOutput", {})
        .get("permissionDecisionReason", "hookward probe: ask")
        if spec["answer"]
        else "hookward probe: ask",
    )
    (run_dir / "spec.json").write_text(json.dumps(spec, indent=2))
    return spec


def namespace_command(spec_path: Path, python: str = sys.executable) -> list[str]:
    return [
        "timeout",
        "--kill-after=5",
        str(NAMESPACE_BUDGET_S),
        "unshare",
        "--net",
        "--",
        python,
        "-m",
        "hookward.compat.probes.interactive",
        "inside",
        str(spec_path),
    ]


def run_in_namespace(spec_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        namespace_command(spec_path),
        env=harness.namespace_env(),
        cwd=harness.REPO,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=NAMESPACE_BUDGET_S + 15,
    )


# ---------------------------------------------------------------- inside the namespace
class Pane:
    """One tmux session on a private socket: nothing shared with any other tmux server."""

    def __init__(self, socket_path: str, screens: Path) -> None:
        self.socket = socket_path
        self.screens = screens
        self.shots = 0
        screens.mkdir(parents=True, exist_ok=True)

    def tmux(self, *args: str, timeout: float = 10) -> str:
        done = subprocess.run(
            ["tmux", "-S", self.socket, "-f", "/dev/null", *args],
            capture_output=True,
            timeout=timeout,
            env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color"},
        )
        return done.stdout.decode("utf-8", "replace")

    def start(self, argv: list[str], env: dict[str, str], cwd: str) -> None:
        # `env -i`: the host sees exactly the driver's environment, not tmux's or ours.
        command = shlex.join(["env", "-i", *(f"{k}={v}" for k, v in env.items()), *argv])
        self.tmux("new-session", "-d", "-s", "probe", "-x", str(TMUX_COLUMNS), "-y", str(TMUX_ROWS), "-c", cwd, command)
        self.tmux("set-option", "-t", "probe", "remain-on-exit", "on")

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "probe")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "probe", key)
            time.sleep(0.15)

    def type_text(self, text: str) -> None:
        self.tmux("send-keys", "-t", "probe", "-l", text)

    def shoot(self, label: str, screen: str) -> None:
        self.shots += 1
        (self.screens / f"{self.shots:02d}-{label}.txt").write_text(screen)

    def dead(self) -> bool:
        return self.tmux("display-message", "-p", "-t", "probe", "#{pane_dead}").strip() == "1"

    def kill(self) -> None:
        try:
            pid = int(self.tmux("display-message", "-p", "-t", "probe", "#{pane_pid}").strip() or 0)
            if pid:
                import os

                os.killpg(pid, signal.SIGKILL)
        except (ValueError, ProcessLookupError, PermissionError):
            pass
        self.tmux("kill-server")


def after_prompt(screen: str, prompt: str) -> str:
    """The part of the screen below the last echo of the typed prompt: what this round showed.

    Earlier rounds' text stays on screen; matching it would mistake an old
    turn's end (or dialog) for this one's. Empty until the prompt is echoed.
    """
    at = screen.rfind(prompt)
    return "" if at < 0 else screen[at + len(prompt) :]


def round_prompt(prompt: str, round_no: int) -> str:
    """The prompt typed in a round (from 0): each round's differs, so its echo marks where the round starts."""
    return prompt if round_no == 0 else f"{prompt} (round {round_no + 1})"


def wait_for(pane: Pane, pattern: str, deadline: float, tui: Tui, events: list, since: str | None = None) -> str | None:
    """Poll the screen until `pattern` shows (answering first-run screens on the way); the screen or None.

    With `since`, only the screen below the last echo of that text counts.
    """
    answered: set[str] = set()
    screen = ""
    while time.monotonic() < deadline:
        screen = pane.screen()
        if screen_matches(pattern, after_prompt(screen, since) if since else screen):
            return screen
        step = startup_step(tui, screen)
        if step and step.name not in answered:
            answered.add(step.name)
            pane.shoot(f"startup-{step.name}", screen)
            events.append(f"startup screen {step.name}: sent {' '.join(step.keys)}")
            pane.keys(*step.keys)
            time.sleep(1.0)
            continue
        if pane.dead():
            events.append("the host exited")
            return None
        time.sleep(POLL_S)
    pane.shoot("timeout", screen)
    events.append(f"timed out waiting for /{pattern}/")
    return None


def _requests(model_log: Path) -> int:
    return len(model_log.read_text().splitlines()) if model_log.exists() else 0


def submit(pane: Pane, tui: Tui, prompt: str, model_log: Path, events: list, round_no: int) -> None:
    """Type the prompt and submit it; submit again if the model hears nothing (a TUI still starting drops keys)."""
    time.sleep(1.0)  # the input box can show before it takes keys
    before = _requests(model_log)
    pane.type_text(prompt)
    time.sleep(0.5)
    for attempt in range(3):
        pane.keys(*tui.submit)
        events.append(f"round {round_no + 1}: typed the prompt" + (f" (submit retried {attempt}x)" if attempt else ""))
        for _ in range(20):
            if _requests(model_log) > before:
                return
            # never press Enter again once a dialog is up: it would answer the dialog
            if screen_matches(f"(?:{tui.dialog})|(?:{tui.done})", after_prompt(pane.screen(), prompt)):
                return
            time.sleep(0.25)


_OPTION = re.compile(r"^[\s│]*[❯›●>]?\s*(\d+)\.\s+(.*?)[\s│]*$")


def dialog_options(dialog: str) -> dict[str, str]:
    """{number: label} of the numbered options in a dialog."""
    options = {}
    for line in dialog.splitlines():
        match = _OPTION.match(line)
        if match:
            options[match.group(1)] = match.group(2)
    return options


def option_key(options: dict[str, str], label: str) -> str | None:
    """The number of the first option whose label matches, or None."""
    return next((number for number, text in options.items() if re.search(label, text)), None)


def answer_keys(tui: Tui, answer: str, dialog: str) -> tuple[str, ...] | None:
    """The keys that pick `answer` (approve | reject | remember) in this dialog; None if it has no such option."""
    fixed = {"approve": tui.approve, "reject": tui.reject, "remember": tui.remember_keys}[answer]
    if not tui.numbered:
        return fixed
    label = {"approve": tui.approve_label, "reject": tui.reject_label, "remember": tui.remember}[answer]
    number = option_key(dialog_options(dialog), label)
    return (number,) if number else None


def keys_for(tui: Tui, answer_with: str, round_no: int, offered_remember: bool) -> tuple[tuple[str, ...], str]:
    """(keys, what they answer) for a dialog in a round of a scenario.

    remember: round 1 picks the remembered approval if the dialog offers one,
    else approves once; a dialog in round 2 (the same call again) is refused.
    allowrule: the dialog (if the allow rule did not answer it) is approved.
    """
    if answer_with == "reject" or (answer_with == "remember" and round_no > 0):
        return tui.reject, "reject"
    if answer_with == "remember" and offered_remember:
        return tui.remember_keys, "remember"
    return tui.approve, "approve"


def drive(pane: Pane, tui: Tui, spec: dict, marker: Path, result: dict) -> None:
    """Type the prompt, meet the dialog, answer it, and wait for the turn to end (twice for `remember`)."""
    events: list[str] = result.setdefault("events", [])
    end = time.monotonic() + HOST_TIMEOUT_S - 10
    screen = wait_for(pane, tui.ready, min(end, time.monotonic() + 60), tui, events)
    if screen is None:
        result["error"] = "the TUI never became ready for a prompt"
        return
    pane.shoot("ready", screen)
    rounds = 2 if spec["answer_with"] == "remember" else 1
    result["rounds"] = []
    for round_no in range(rounds):
        prompt = round_prompt(spec["prompt"], round_no)
        submit(pane, tui, prompt, Path(spec["model_log"]), events, round_no)
        either = f"(?:{tui.dialog})|(?:{tui.done})"
        seen = wait_for(pane, either, min(end, time.monotonic() + DIALOG_TIMEOUT_S), tui, events, since=prompt)
        if seen is None:
            result["error"] = f"round {round_no + 1}: neither a dialog nor the end of the turn showed"
            return
        this_round = after_prompt(seen, prompt)
        dialog = screen_matches(tui.dialog, this_round)
        pane.shoot(f"round{round_no + 1}-{'dialog' if dialog else 'no-dialog'}", seen)
        entry: dict = {"dialog": dialog, "tool_ran_before_answer": marker.exists(), "seen_at": round(time.time(), 3)}
        result["rounds"].append(entry)
        if dialog:
            text = dialog_text(tui, seen)
            entry["screen"] = text
            entry["remembered_option"] = remembered_option(tui, text)
            entry["reason_shown"] = reason_shown(spec["reason"], text)
            _, answered = keys_for(tui, spec["answer_with"], round_no, entry["remembered_option"] is not None)
            keys = answer_keys(tui, answered, text)
            if keys is None:
                result["error"] = f"round {round_no + 1}: the dialog has no option to {answered}"
                pane.shoot(f"round{round_no + 1}-no-option", seen)
                return
            events.append(f"round {round_no + 1}: dialog shown; answered {answered} ({' '.join(keys)})")
            pane.keys(*keys)
            entry["answered"] = answered
            after = wait_for(pane, tui.done, min(end, time.monotonic() + SETTLE_TIMEOUT_S), tui, events, since=prompt)
            if after is not None:
                pane.shoot(f"round{round_no + 1}-done", after)
        entry["turn_ended"] = True
        time.sleep(1.0)  # let the turn's last write land before reading the marker or typing again
        entry["tool_ran"] = marker.exists()
        if round_no + 1 < rounds:
            marker.unlink(missing_ok=True)  # the next round needs a fresh marker to show its own run


def inside(spec_path: Path) -> int:
    spec = json.loads(spec_path.read_text())
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True, timeout=10)
    result: dict = {"interfaces": harness.only_loopback()}
    if result["interfaces"] != ["lo"]:
        result["error"] = "not an isolated namespace: refusing to start the host"
        Path(spec["result"]).write_text(json.dumps(result))
        return 3
    tui = TUIS[spec["tui"]]
    max_calls = 2 if spec["answer_with"] == "remember" else 1
    script = fakemodel.Script(spec["tool_name"], spec["tool_input"], force=spec["force_tool"], max_calls=max_calls)
    server = fakemodel.serve_in_thread(spec["port"], script, Path(spec["model_log"]))
    harness._wait_listening(spec["port"])
    pane = Pane(spec["tmux_socket"], Path(spec["screens"]))
    started = time.monotonic()
    try:
        pane.start(spec["argv"], spec["env"], spec["cwd"])
        drive(pane, tui, spec, Path(spec["targets"][spec["ran_marker"]]), result)
        result["timed_out"] = "error" in result and "timed out" in " ".join(result.get("events", []))
        result["exit_code"] = None
    finally:
        pane.shoot("final", pane.screen())
        pane.kill()
        server.shutdown()
    result["duration_s"] = round(time.monotonic() - started, 1)
    Path(spec["result"]).write_text(json.dumps(result))
    return 0


# ---------------------------------------------------------------- observing and records (pure)
def observe(spec: dict, run_dir: Path, tool: str) -> dict:
    """The harness's observations of a run, plus what the TUI showed round by round."""
    observed = harness.observe(spec, run_dir, tool)
    result_path = run_dir / "result.json"
    result = json.loads(result_path.read_text()) if result_path.exists() else {}
    rounds = result.get("rounds") or []
    first = rounds[0] if rounds else {}
    fired = run_dir / "hook-fired.log"
    fired_at = (
        [float(line.split()[0]) for line in fired.read_text().splitlines() if line.strip()] if fired.exists() else []
    )
    observed.update(
        # the first round decides; the marker is read per round (a later round removes it)
        tool_ran=bool(first.get("tool_ran")) if rounds else observed["tool_ran"],
        prompted=bool(first.get("dialog")),
        reason_shown=bool(first.get("reason_shown")),
        tool_ran_before_answer=bool(first.get("tool_ran_before_answer")),
        remembered_option=first.get("remembered_option"),
        hook_before_dialog=bool(rounds and hooks_before_dialogs(rounds, fired_at)[0]),
        rounds=[
            dict({k: v for k, v in r.items() if k != "screen"}, hook_before_dialog=before)
            for r, before in zip(rounds, hooks_before_dialogs(rounds, fired_at), strict=True)
        ],
        events=result.get("events") or [],
    )
    if result.get("error") and not observed.get("error"):
        observed["error"] = result["error"]
    return observed


def hooks_before_dialogs(rounds: list[dict], fired_at: list[float]) -> list[bool]:
    """Per round: did the hook run (anew) before its dialog was seen?

    A dialog drawn before the hook ran is the host's own permission check, not the hook's ask.
    """
    out, earlier = [], 0
    for r in rounds:
        seen = r.get("seen_at", 0)
        upto = sum(1 for t in fired_at if t <= seen)
        out.append(bool(r.get("dialog")) and upto > earlier)
        earlier = max(earlier, upto)
    return out


def classify(answer_with: str, observed: dict) -> tuple[str, str]:
    """(effect, why): "prompts" only when a person-facing dialog appeared and the tool ran only on approval."""
    if observed.get("error"):
        return "unknown", observed["error"]
    if not observed["model_asked_for_tool"]:
        return "unknown", "the host never offered the tool, so the model never asked for it"
    if not observed["hook_fired"]:
        return "unknown", "the hook never fired"
    ran = observed["tool_ran"]
    if not observed["prompted"]:
        if ran:
            return "runs", "no dialog appeared and the tool ran although the hook asked"
        return "refuses", "no dialog appeared and the tool did not run"
    if not observed.get("hook_before_dialog"):
        # the host asked the person before it ran the hook: that dialog is not the hook's ask
        if ran:
            return "runs", "the host's own dialog came before the hook, and the tool ran although the hook asked"
        return "refuses", "the host's own dialog came before the hook; after it the hook's ask refused the tool"
    if observed["tool_ran_before_answer"]:
        return "runs", "the tool ran before anyone answered the dialog"
    answered = (observed["rounds"][0] or {}).get("answered")
    if answered == "reject":
        if ran:
            return "runs", "the dialog appeared, the person said no, and the tool ran anyway"
        return "prompts", "the dialog appeared; the person said no and the tool did not run"
    if ran:
        return "prompts", "the dialog appeared; the tool ran only after the person approved"
    return "unknown", "the person approved but the tool did not run"


def satisfiable_silently(answer_with: str, observed: dict) -> bool | None:
    """Whether an ask was answered without a person: by a remembered approval or an allow rule; None: not shown."""
    rounds = observed.get("rounds") or []
    # Only a dialog the hook's ask brought up counts (the host's own check may come first, for other reasons).
    if answer_with == "remember" and len(rounds) >= 2 and rounds[0].get("hook_before_dialog"):
        second = rounds[1]
        if second.get("hook_before_dialog"):
            return False
        return True if second.get("tool_ran") and not second.get("dialog") else None
    if answer_with == "allowrule" and rounds:
        if rounds[0].get("hook_before_dialog"):
            return False
        return True if rounds[0].get("tool_ran") and not rounds[0].get("dialog") else None
    return None


def make_record(
    tui: Tui, driver: HostDriver, scenario: InteractiveScenario, spec: dict, observed: dict, today: str
) -> dict:
    effect, why = classify(scenario.answer, observed)
    observed = dict(observed, effect=effect, why=why)
    silently = satisfiable_silently(scenario.answer, observed)
    if silently is not None:
        observed["ask_satisfiable_silently"] = silently
    record = harness.make_record(driver, scenario.as_harness, spec, observed, today)
    rounds = observed.get("rounds") or []
    record.update(
        kind="interactive",  # never a headless verdict fact: harness.probed_facts skips this kind
        interactive=True,
        answered=(rounds[0].get("answered") if rounds else None) or scenario.answer,
        scenario_answer=scenario.answer,
        screen=spec.get("screen", ""),
        observed=dict(observed, effect=effect, why=why),
        command=f"python -m compat.probes.interactive run {driver.host} {scenario.name}",
        isolation="unshare --net (loopback only), throwaway HOME, emptied environment, the TUI in a private "
        f"tmux server ({TMUX_COLUMNS}x{TMUX_ROWS}) inside the namespace, whole run timeout {HOST_TIMEOUT_S} s",
    )
    if spec.get("allow_rule"):
        record["installed_by"] += f"; allow rule seeded: {spec['allow_rule']}"
    return record


def first_screen(run_dir: Path) -> str:
    """The first round's dialog as the runner cut it out (empty when none appeared)."""
    result_path = run_dir / "result.json"
    if not result_path.exists():
        return ""
    rounds = json.loads(result_path.read_text()).get("rounds") or []
    return (rounds[0].get("screen") or "") if rounds else ""


def record_path(host: str, version: str, scenario: str, records: Path = harness.RECORDS) -> Path:
    return harness.record_path(host, version, scenario, records)


def probe_one(
    tui: Tui, driver: HostDriver, scenario: InteractiveScenario, binary: Path, records: Path = harness.RECORDS
) -> dict:
    run_dir = harness.new_runs_dir() / driver.host / driver.version / scenario.name
    spec = prepare(tui, driver, scenario, binary, run_dir)
    try:
        run_in_namespace(run_dir / "spec.json")
    finally:
        toolchain.remove_socket_dir(spec["tmux_socket"])
    spec["screen"] = first_screen(run_dir)
    observed = observe(spec, run_dir, scenario.tool)
    record = make_record(tui, driver, scenario, spec, observed, harness._today())
    harness.write_record(record, records)
    return record


def probe_host(host: str, names: list[str] | None = None, progress=print, records: Path = harness.RECORDS) -> list:
    """Run the selected interactive scenarios of one host, one at a time; write and return their records."""
    tui, driver = TUIS[host], DRIVERS[host]
    installed = toolchain.ensure_for_probes(interactive=True)
    if installed:
        progress(f"installed with apt-get: {', '.join(installed)}")
    binary = harness.install(driver)
    done = []
    for scenario in scenarios_for(tui):
        if names and not any(scenario.name == n or scenario.name.startswith(n) for n in names):
            continue
        try:
            record = probe_one(tui, driver, scenario, binary, records)
        except harness.NotApplicable as e:
            progress(f"{host} {scenario.name}: not applicable: {e}")
            continue
        obs = record["observed"]
        progress(
            f"{host} {scenario.name}: {obs['effect']} (prompted={obs['prompted']} ran={obs['tool_ran']} "
            f"silently={obs.get('ask_satisfiable_silently')} {obs['duration_s']}s) {obs['why']}"
        )
        done.append(record)
    return done


# ---------------------------------------------------------------- registry
def interactive_records(host: str, version: str | None = None, records: Path = harness.RECORDS) -> list:
    return [(p, r) for p, r in harness.load_records(host, version, records) if r.get("interactive") is True]


def interactive_facts(loaded: list[tuple[Path, dict]]) -> dict[tuple[str, ...], dict]:
    """The facts interactive records establish, keyed like harness.probed_facts.

    ("verdicts", event, "ask", mode): the plain mode (an interactive session),
    the least reliable effect of the mode's records; "prompts" only if every
    record of the mode saw the dialog and the tool ran only on approval.
    ("modes", mode, "ask_satisfiable_silently"): true if any record saw an ask
    answered without a person; false only when both a remembered approval and
    an allow rule were tried and each still brought the dialog back.
    """
    by_mode: dict[tuple[str, str], list[tuple[Path, dict]]] = {}
    for path, record in loaded:
        by_mode.setdefault((record["event"], record["mode"]), []).append((path, record))
    facts: dict[tuple[str, ...], dict] = {}
    for (event, mode), backing in by_mode.items():
        known = [(p, r) for p, r in backing if r["observed"]["effect"] != "unknown"]
        if known:
            # the weakest effect decides; among equals, cite the most direct evidence (a person saying no)
            known.sort(
                key=lambda pr: (
                    harness._RELIANCE[pr[1]["observed"]["effect"]],
                    ANSWERS.index(pr[1].get("scenario_answer", "allowrule")),
                    pr[1]["scenario"],
                )
            )
            path, weakest = known[0]
            shown = ", ".join(f"{r['scenario']}: {r['observed']['effect']}" for _, r in known)
            facts[("verdicts", event, "ask", mode)] = {
                "value": weakest["observed"]["effect"],
                "grade": "probed",
                "source": harness._repo_relative(path),
                "date": weakest["date"],
                "note": f"{weakest['host']} {weakest['version']} probed interactively in tmux ({shown}); "
                + _dialog_note(known),
            }
    # A mode flag belongs to the mode the session ran in: where the hook payload names none ("*"), the posture's.
    by_flag_mode: dict[str, list[tuple[Path, dict]]] = {}
    for path, record in loaded:
        mode = record["mode"] if record["mode"] != "*" else record["posture"]["name"]
        by_flag_mode.setdefault(mode, []).append((path, record))
    for mode, backing in by_flag_mode.items():
        silent = [(p, r) for p, r in backing if "ask_satisfiable_silently" in r["observed"]]
        tried = {r["scenario_answer"] for _, r in silent}
        yes = [(p, r) for p, r in silent if r["observed"]["ask_satisfiable_silently"] is True]
        chosen = yes[0] if yes else (silent[0] if tried >= {"remember", "allowrule"} else None)
        if chosen:
            path, record = chosen
            shown = ", ".join(f"{r['scenario']}: {r['observed']['ask_satisfiable_silently']}" for _, r in silent)
            offered = sorted(
                {r["observed"]["remembered_option"] for _, r in backing if r["observed"].get("remembered_option")}
            )
            facts[("modes", mode, "ask_satisfiable_silently")] = {
                "value": record["observed"]["ask_satisfiable_silently"],
                "grade": "probed",
                "source": harness._repo_relative(path),
                "date": record["date"],
                "note": f"{record['host']} {record['version']} probed interactively ({shown}). "
                + (
                    f"The dialog offered a remembered approval: {'; '.join(offered)}. "
                    if offered
                    else "The dialog offered no remembered approval (only yes once / no). "
                )
                + "Tried: the dialog's remembered approval where it offered one (else yes once), then the same "
                "call again; and a settings allow rule for the tool (see each record's installed_by). Not tried: "
                "PermissionRequest hooks, other hooks answering first, classifier modes.",
            }
    return facts


def _dialog_note(backing: list[tuple[Path, dict]]) -> str:
    """What the records saw, in their own words, and whether the person saw hookward's reason."""
    seen = "; ".join(dict.fromkeys(r["observed"]["why"] for _, r in backing))
    hooks = [r for _, r in backing if r["observed"].get("hook_before_dialog")]
    if not hooks:
        return seen + "."
    shown = sorted({r["tool_kind"] for r in hooks if r["observed"].get("reason_shown")})
    hidden = sorted({r["tool_kind"] for r in hooks if not r["observed"].get("reason_shown")})
    if not hidden:
        return seen + "; the dialog showed hookward's reason."
    if not shown:
        return seen + "; the dialog did not show hookward's reason."
    return seen + f"; the dialog showed hookward's reason for {', '.join(shown)}, not for {', '.join(hidden)}."


def apply_interactive_facts(host_data: dict, facts: dict[tuple[str, ...], dict]) -> list[str]:
    """Write interactive facts into a host's registry data: ask verdicts on the plain mode, and mode flags."""
    verdicts = {k: v for k, v in facts.items() if k[0] == "verdicts"}
    if any(k[3].endswith(harness.HEADLESS) for k in verdicts):
        raise ValueError("an interactive fact never lands on a @headless mode")
    changes = harness.apply_facts(host_data, verdicts)
    modes = host_data.get("modes") or {}
    for key, fact in sorted(facts.items()):
        if key[0] != "modes":
            continue
        _, mode, name = key
        if mode not in modes:
            changes.append(f"skipped {'.'.join(key)}: mode {mode!r} is not in the host file's modes")
            continue
        old = modes[mode].get(name) or {}
        if old == fact:
            continue
        modes[mode][name] = dict(fact)
        changes.append(
            f"{'.'.join(key)}: {old.get('value')} ({old.get('grade', 'absent')}) -> {fact['value']} (probed)"
        )
    return changes


def update_registry(host: str, hosts: Path = harness.HOSTS, records: Path = harness.RECORDS) -> list[str]:
    """Make the host file's interactive facts follow its interactive records, editing only those facts' text."""
    path = hosts / f"{host}.json"
    text = path.read_text(encoding="utf-8")
    data, before = json.loads(text), json.loads(text)
    changes = apply_interactive_facts(data, interactive_facts(interactive_records(host, records=records)))
    for key in harness._changed_paths(before, data):
        node = data
        for part in key:
            node = node[part]
        text = harness._set_in_text(text, key, node)
    if json.loads(text) != data:
        raise RuntimeError(f"in-place update of {path} went wrong; nothing written")
    if text != path.read_text(encoding="utf-8"):
        path.write_text(text, encoding="utf-8")
    return changes


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "inside":
        return inside(Path(argv[2]))
    if len(argv) >= 3 and argv[1] in ("run", "apply") and argv[2] in TUIS:
        if argv[1] == "run":
            probe_host(argv[2], argv[3:] or None)
        for change in update_registry(argv[2]) if argv[1] == "apply" else []:
            print(change)
        return 0
    sys.stderr.write(
        "usage: python -m compat.probes.interactive run <host> [scenario prefix...]\n"
        "       python -m compat.probes.interactive apply <host>   (registry follows the interactive records)\n"
        f"hosts: {', '.join(TUIS)}\n"
    )
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
