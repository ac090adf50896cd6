"""The `hookward` command: wiring only.

`hookward hook <host> <event>` runs on every tool call of every agent, so it
is dispatched before typer (and everything it imports) is loaded.
"""

from __future__ import annotations

import sys


def main() -> None:
    argv = sys.argv[1:]
    if len(argv) >= 1 and argv[0] == "hook":
        from hookward.adapters.hook import main as hook_main

        host = argv[1] if len(argv) > 1 else ""
        event = argv[2] if len(argv) > 2 else ""
        sys.exit(hook_main(host, event))
    from hookward.app import app

    app()


if __name__ == "__main__":
    main()
