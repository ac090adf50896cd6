"""The probe's test hook: answers a host's pre-tool hook with one fixed behaviour.

Usage (written into the host's hook config by the harness):
    python3 testhook.py <run dir> <behaviour>
    python3 testhook.py <run dir> relay <command...>

Behaviours:
    answer     print <run dir>/answer.txt exactly, exit 0 (forces a verdict)
    crash      exit 1 with a message on stderr
    timeout    sleep far longer than the host's configured hook timeout
    empty      exit 0 with nothing on stdout
    malformed  print text that is not JSON, exit 0
    exit2      exit 2 with a reason on stderr
    relay      run <command...> (hookward's real hook) on the same payload, keep
               its exact answer, and answer the host with it unchanged

It records each call's payload (never the environment: hosts pass their API
keys to hooks there) so the record can say that the hook fired. Standard
library only, so it starts fast under any host.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

TIMEOUT_SLEEP_S = 20.0


RELAY_TIMEOUT_S = 60


def relay(run_dir: Path, n: int, command: list[str], payload: bytes) -> int:
    """Pass the call to the real hook and keep its exact answer (never its environment)."""
    import json
    import subprocess

    try:
        done = subprocess.run(command, input=payload, capture_output=True, timeout=RELAY_TIMEOUT_S)
        stdout, stderr, code = done.stdout, done.stderr, done.returncode
    except subprocess.TimeoutExpired:
        stdout, stderr, code = b"", b"relay: the real hook timed out", 124
    answer = {"stdout": stdout.decode("utf-8", "replace"), "exit_code": code, "stderr": stderr.decode()[:2000]}
    (run_dir / "hook-calls" / f"{n:02d}.answer.json").write_text(json.dumps(answer))
    sys.stdout.buffer.write(stdout)
    sys.stderr.buffer.write(stderr)
    return code


def main(argv: list[str]) -> int:
    if len(argv) < 3 or (len(argv) > 3 and argv[2] != "relay"):
        sys.stderr.write("usage: testhook.py <run dir> <behaviour> | <run dir> relay <command...>\n")
        return 1
    run_dir, behaviour = Path(argv[1]), argv[2]
    payload = sys.stdin.buffer.read()
    calls = run_dir / "hook-calls"
    calls.mkdir(parents=True, exist_ok=True)
    n = len([p for p in calls.glob("*.json") if not p.name.endswith(".answer.json")])
    (calls / f"{n:02d}.json").write_bytes(payload)
    with (run_dir / "hook-fired.log").open("a") as log:
        log.write(f"{time.time():.3f} {behaviour}\n")

    if behaviour == "relay":
        return relay(run_dir, n, argv[3:], payload)
    if behaviour == "answer":
        sys.stdout.buffer.write((run_dir / "answer.txt").read_bytes())
        return 0
    if behaviour == "crash":
        sys.stderr.write("probe hook crashed on purpose\n")
        return 1
    if behaviour == "timeout":
        time.sleep(TIMEOUT_SLEEP_S)
        return 0
    if behaviour == "empty":
        return 0
    if behaviour == "malformed":
        sys.stdout.write("this is {not json\n")
        return 0
    if behaviour == "exit2":
        sys.stderr.write("hookward probe: blocked by exit 2\n")
        return 2
    sys.stderr.write(f"unknown behaviour {behaviour!r}\n")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
