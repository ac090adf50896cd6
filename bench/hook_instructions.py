"""Instructions per hook call (valgrind), next to `python -S -c pass`: a cost that background load does not move.

    .venv/bin/python bench/hook_instructions.py [--ref REV] [--baseline-ref REV] [--kinds shell,read]

Wall time on a shared machine moves with everyone else's work (bench/hook_latency.py
interleaves contenders so that ratios stay fair, but a loaded machine still blurs them).
The number of instructions a process executes does not: this runs the same installed
hook as bench/hook_latency.py (a non-editable scratch install, the isolated launcher
`hookward install` writes, a throwaway HOME) under `valgrind --tool=callgrind` and
prints millions of instructions per payload kind and their ratio to the same
interpreter's `python -S -c pass`. Instructions are not time (a page fault or a slow
disk costs time and few instructions), so the wall-time benchmark stays the reference;
this one says whether a change made the work smaller. Each kind runs once after one
untimed call (the ledger exists, caches are warm), with the deadline raised (SLOW_POLICY).
Needs valgrind; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import hook_latency  # noqa: E402
import scratch_install  # noqa: E402


def instructions(argv: list[str], data: bytes, env: dict[str, str]) -> tuple[float, bytes]:
    """(millions of instructions, stdout) of one process under callgrind."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        input=data,
        capture_output=True,
        env=env,
        timeout=600,
    )
    found = re.search(rb"Collected : (\d+)", done.stderr)
    return (int(found.group(1)) / 1e6 if found else float("nan")), done.stdout


# valgrind runs a process about 50x slower, so the 2.5 s deadline would end the call early (a fail-closed
# deny, and fewer instructions): the throwaway user's policy raises it to the most a user may set. Both
# builds of a comparison pay the same for reading that policy (its compiled form comes from the cache).
SLOW_POLICY = "[settings]\ndeadline_seconds = 20\n"


def measure(scratch, env: dict[str, str], project: str, kinds: list[str]) -> dict[str, float]:  # type: ignore[no-untyped-def]
    config = os.path.join(env["XDG_CONFIG_HOME"], "hookward")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "policy.toml"), "w", encoding="utf-8") as handle:
        handle.write(SLOW_POLICY)
    launcher = hook_latency.make_launcher(scratch, env) or scratch.hookward
    data = hook_latency.payloads(project)
    argv = [launcher, "hook", hook_latency.HOST, hook_latency.EVENT]
    out = {"python -S -c pass": instructions([scratch.python, "-S", "-c", "pass"], b"", env)[0]}
    for kind in kinds:
        subprocess.run(argv, input=data[kind], capture_output=True, env=env, timeout=120)  # untimed
        out[kind], answer = instructions(argv, data[kind], env)
        if b"failed closed" in answer:
            print(f"  note: {kind} did not run to its answer under valgrind: {answer[:160]!r}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", help="build this git commit instead of the work tree")
    parser.add_argument("--baseline-ref", help="also build this commit and count its hook the same way")
    parser.add_argument("--kinds", default="shell,shell-pipe,read,write,mcp")
    options = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    kinds = [kind for kind in options.kinds.split(",") if kind]
    builds = [("hook", options.ref)] + ([("baseline", options.baseline_ref)] if options.baseline_ref else [])
    results: dict[str, dict[str, float]] = {}
    for label, ref in builds:
        print(f"building the {label} install ({ref or 'work tree'}) ...", flush=True)
        scratch = scratch_install.build(None, ref=ref, log=lambda _line: None)
        sandbox, project, env = hook_latency.make_sandbox()
        try:
            results[label] = measure(scratch, env, project, kinds)
        finally:
            shutil.rmtree(sandbox, ignore_errors=True)
            shutil.rmtree(scratch.root, ignore_errors=True)
    print()
    print(f"{'':20} " + " ".join(f"{label + ' M instr':>16} {'x python -S':>11}" for label in results))
    for name in ["python -S -c pass", *kinds]:
        cells = []
        for counts in results.values():
            base = counts["python -S -c pass"]
            cells.append(f"{counts[name]:16.1f} {counts[name] / base:11.2f}")
        print(f"{name:20} " + " ".join(cells))
    if "baseline" in results:
        ratios = [results["hook"][k] / results["baseline"][k] for k in kinds]
        print(f"\nhook / baseline, per kind: {', '.join(f'{k} {r:.2f}' for k, r in zip(kinds, ratios, strict=True))}")


if __name__ == "__main__":
    main()
