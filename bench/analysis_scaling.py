"""Analysis time against command length: is it linear?

Prints, for several shell constructs, the time `evaluate()` takes on a command
of about 1k, 10k and 100k characters built by repeating the construct, and the
ratio per 10x of length. Linear work shows a ratio near 10 (or below, once the
work budget stops the analysis early and the answer is a deny). Asserts nothing:
run it and read it.

    python bench/analysis_scaling.py
"""

from __future__ import annotations

import os
import tempfile
import time

from hookward.policy import bashlex_fast
from hookward.policy.engine import evaluate
from hookward.policy.shell import analyze
from hookward.policy.toolcall import ToolCall

CONSTRUCTS = {
    "list ;": "ls; ",
    "pipe |": "cat x | ",
    "and &&": "true && ",
    "$(..)": "echo $(ls) ",
    "backticks": "echo `ls` ",
    "bash -c": "bash -c 'ls'; ",
    "xargs": "echo a | xargs ls; ",
    "quotes": "echo \"a b\" 'c d'; ",
    "newlines": "ls\n",
}
LENGTHS = (1_000, 10_000, 100_000)


def best_of(runs: int, action) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    bashlex_fast.load()
    project = tempfile.mkdtemp(prefix="hookward-bench-")
    home = os.path.expanduser("~")
    print(f"{'construct':<11} {'chars':>7} {'analyze s':>10} {'evaluate s':>11} {'x per 10x':>10}  verdict")
    for name, unit in CONSTRUCTS.items():
        previous = None
        for length in LENGTHS:
            command = (unit * (length // len(unit) + 1))[:length]
            call = ToolCall("shell", command=command, cwd=project, project_root=project)
            analyzed = best_of(3, lambda c=command: analyze(c, project, home))
            evaluated = best_of(3, lambda c=call: evaluate(c))
            verdict = evaluate(call)
            ratio = f"{evaluated / previous:.1f}" if previous else "-"
            rules = ",".join(r for r in verdict.rule_ids if r.startswith("floor.budget")) or ""
            print(
                f"{name:<11} {len(command):>7} {analyzed:>10.4f} {evaluated:>11.4f} {ratio:>10}  "
                f"{verdict.verdict.name.lower()} {rules}"
            )
            previous = evaluated


if __name__ == "__main__":
    main()
