"""Where one hook call spends its time, stage by stage, inside a fresh process of the installed package.

Run by bench/hook_latency.py with the scratch install's interpreter
(`python -I bench/hook_stages.py HOST EVENT PAYLOAD-FILE REPS`), once per fresh process: the
first call in a process is what every real hook call pays. It imports what the
hook imports (timed), then runs the real `hookward.adapters.hook.handle()`
once with timing wrappers around the functions each stage is made of, and
prints one JSON object: exclusive milliseconds per stage (a stage's time
excludes the stages it calls, so the rows add up to the whole call). With
`reps` > 0 it then repeats the call with the in-process caches cleared (the
policy memo, the registry cache, `re`'s and fnmatch's pattern caches) and
reports the median of each stage: steadier numbers for the same work, minus
first-touch costs.

Stages are found by name; a function that has moved or been renamed leaves its
stage at 0 and its time in the caller's stage, and is listed under "missing".
"""

from __future__ import annotations

import builtins
import sys
import time

perf = time.perf_counter

# stage -> [(module, attribute)] wrapped; hook.handle's own time is "hook glue".
STAGES: list[tuple[str, list[tuple[str, str]]]] = [
    ("payload decode", [("hookward.adapters.hook", "decode_payload")]),
    ("adapter parse", [("{adapter}", "parse")]),
    ("host capabilities", [("hookward.compat.registry", "Capabilities.of")]),
    ("policy load", [("hookward.policy.engine", "load_policy")]),
    ("shell parse", [("hookward.policy.engine", "analyze")]),
    ("spec lookup and effects", [("hookward.policy.engine", "evaluate_call"), ("hookward.policy.engine", "evaluate")]),
    ("path resolution", [("hookward.policy.engine", "target")]),
    ("path rules (pattern match)", [("hookward.policy.engine", "matches")]),
    ("render", [("hookward.adapters.hook", "choose"), ("{adapter}", "spell")]),
    ("ledger record", [("hookward.adapters.pipeline", "record_decision")]),
    ("lazy imports", [("hookward.policy.bashlex_fast", "load")]),
    ("hook glue", [("hookward.adapters.hook", "handle")]),
]
EAGER = ["hookward.cli", "hookward.adapters.hook", "{adapter}", "hookward.policy.engine", "hookward.verdicts.ledger"]


class Timer:
    def __init__(self) -> None:
        self.exclusive: dict[str, float] = {}
        self.stack: list[list[float]] = []

    def reset(self) -> None:
        self.exclusive = {name: 0.0 for name, _ in STAGES}

    def wrap(self, stage: str, fn):  # type: ignore[no-untyped-def]
        timer = self

        def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
            frame = [0.0]
            timer.stack.append(frame)
            start = perf()
            try:
                return fn(*args, **kwargs)
            finally:
                spent = perf() - start
                timer.stack.pop()
                timer.exclusive[stage] = timer.exclusive.get(stage, 0.0) + spent - frame[0]
                if timer.stack:
                    timer.stack[-1][0] += spent

        timed.__wrapped__ = fn  # type: ignore[attr-defined]
        return timed


def install(timer: Timer, adapter: str) -> list[str]:
    import importlib

    missing = []
    for stage, targets in STAGES:
        for module_name, attribute in targets:
            module_name = module_name.replace("{adapter}", adapter)
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                missing.append(f"{module_name}.{attribute}")
                continue
            owner = module
            *path, name = attribute.split(".")
            for part in path:
                owner = getattr(owner, part, None)
            raw = owner.__dict__.get(name) if owner is not None else None
            if raw is None:
                missing.append(f"{module_name}.{attribute}")
                continue
            if isinstance(raw, classmethod):
                setattr(owner, name, classmethod(timer.wrap(stage, raw.__func__)))
            elif isinstance(raw, staticmethod):
                setattr(owner, name, staticmethod(timer.wrap(stage, raw.__func__)))
            else:
                setattr(owner, name, timer.wrap(stage, raw))
    real_import = builtins.__import__
    real_import_module = importlib.import_module
    lazy = timer.wrap("lazy imports", real_import)
    lazy_module = timer.wrap("lazy imports", real_import_module)

    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):  # type: ignore[no-untyped-def]
        if level == 0 and name in sys.modules:
            return real_import(name, globals, locals, fromlist, level)
        return lazy(name, globals, locals, fromlist, level)

    def guarded_import_module(name, package=None):  # type: ignore[no-untyped-def]
        if name in sys.modules:
            return real_import_module(name, package)
        return lazy_module(name, package)

    builtins.__import__ = guarded_import
    importlib.import_module = guarded_import_module
    return missing


def clear_caches() -> None:
    """Forget what a fresh process would not know: `re` and fnmatch caches, hookward's module-level memos."""
    import fnmatch
    import re

    re.purge()
    compile_pattern = getattr(fnmatch, "_compile_pattern", None)
    if compile_pattern is not None and hasattr(compile_pattern, "cache_clear"):
        compile_pattern.cache_clear()
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("hookward.") or module is None:
            continue
        for attribute, value in list(vars(module).items()):
            lowered = attribute.lower()
            if isinstance(value, dict) and attribute.startswith("_") and ("cache" in lowered or "memo" in lowered):
                value.clear()
            elif callable(value) and hasattr(value, "cache_clear") and getattr(value, "__module__", "") == module_name:
                value.cache_clear()
            elif type(value).__name__ == "LazyRegex" and hasattr(value, "_compiled"):
                value._compiled = None


def main() -> None:
    # argv, not a JSON spec: json must not be imported before the hook's own imports are timed.
    host, event, payload_file, reps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    adapter = "{adapter}"  # its module, from the explicit registry (adapters.ADAPTERS), once that is imported
    with open(payload_file, "rb") as handle:
        raw = handle.read()
    import importlib

    start = perf()
    for name in EAGER:
        if name == "{adapter}":
            adapter = "hookward.adapters." + sys.modules["hookward.adapters"].ADAPTERS[host]
        importlib.import_module(name.replace("{adapter}", adapter))
    eager_ms = (perf() - start) * 1000
    hook = sys.modules["hookward.adapters.hook"]
    timer = Timer()
    missing = install(timer, adapter)
    timer.reset()
    start = perf()
    wire = hook.handle(host, event, raw)
    total = perf() - start
    cold = {stage: round(seconds * 1000, 4) for stage, seconds in timer.exclusive.items()}
    repeat: dict[str, float] = {}
    repeat_total = 0.0
    import json

    if reps > 0:
        samples: dict[str, list[float]] = {name: [] for name, _ in STAGES}
        totals = []
        for _ in range(reps):
            clear_caches()
            timer.reset()
            start = perf()
            hook.handle(host, event, raw)
            totals.append(perf() - start)
            for stage, seconds in timer.exclusive.items():
                samples.setdefault(stage, []).append(seconds)
        repeat = {stage: round(sorted(values)[len(values) // 2] * 1000, 4) for stage, values in samples.items()}
        repeat_total = sorted(totals)[len(totals) // 2] * 1000
    print(
        json.dumps(
            {
                "eager_imports_ms": round(eager_ms, 4),
                "cold": cold,
                "cold_total_ms": round(total * 1000, 4),
                "repeat": repeat,
                "repeat_total_ms": round(repeat_total, 4),
                "missing": missing,
                "answer": [wire.exit_code, wire.stdout[:300], wire.stderr[:300]],
            }
        )
    )


if __name__ == "__main__":
    main()
