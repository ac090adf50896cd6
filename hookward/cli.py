"""The `hookward` command: wiring only.

`hookward hook <host> <event>` runs on every tool call of every agent, so it
is dispatched before typer (and everything it imports) is loaded.
"""

from __future__ import annotations

import sys

HOOK_USAGE = """Usage: hookward hook HOST EVENT

  Answer one hook call from HOST for EVENT, the payload on stdin. Hosts run this
  (`hookward install HOST` writes it into their config); a person runs `hookward check`.
  An unknown host, event or payload is refused (the host's block answer).
  Hosts and their events: `hookward compat show [HOST]`.
"""


def main() -> None:
    argv = sys.argv[1:]
    if len(argv) >= 2 and argv[0] == "hook" and argv[1] in ("--help", "-h"):
        sys.stdout.write(HOOK_USAGE)
        sys.exit(0)
    if len(argv) >= 1 and argv[0] == "hook":
        # One call, then the process ends: the cyclic garbage collector would only re-walk the objects
        # imports create (~10% of a hook's instructions), and reclaims nothing a process exit does not.
        import gc

        gc.disable()
        from hookward.adapters.hook import main as hook_main

        host = argv[1] if len(argv) > 1 else ""
        event = argv[2] if len(argv) > 2 else ""
        _exit_now(hook_main(host, event))
    if argv[:1] == ["warm-serve"]:  # started by a launcher's hook client (hookward/warm.py), never by a person
        from hookward.warm import serve

        _exit_now(serve(sys.argv[0]))
    from hookward.app import app

    app()


def _exit_now(code: int) -> None:
    """Flush the answer and end the process without interpreter finalization.

    Tearing down every module and object costs about a tenth of a hook call and does nothing a host
    can see: the answer is flushed here, and the ledger writes its rows with unbuffered writes and
    closes its database (the WAL checkpoint) before hook.main returns.
    """
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # a host that closed the pipe: the exit code still says what was decided
            pass
    os._exit(code)


if __name__ == "__main__":
    main()
