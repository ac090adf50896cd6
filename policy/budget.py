"""Bounded work, then bounded time.

A hook that is slow is a hook that times out, and most hosts then run the tool.
So the shell analysis is metered: every token the parser reads, every tree node
walked, every simple command found, every nested parse and the characters it
re-reads are counted against fixed limits, and past any of them the analysis
stops with a `budget` finding, which the floors turn into a deny. The limits
are counts, not seconds, so the same command always gets the same answer and
tests of them are exact.

Behind the counts, a wall-clock deadline measured from the start of the hook
process is the backstop: the same meter looks at the clock every few hundred
units of work. The clock is injectable (tests use a fake one).

Nothing here imports beyond the standard library: it is on the hook path.
"""

from __future__ import annotations

import time

TYPE_CHECKING = False  # typing itself costs milliseconds on the hook path

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

MAX_TOKENS = 5_000  # parser tokens, all nested parses included (bashlex: ~65-100 us each)
MAX_NODES = 40_000  # tree nodes walked by the analysis
MAX_COMMANDS = 500  # simple commands found, wherever they hide
MAX_NESTING = 24  # nested substitutions ($(..), `..`, <(..)); separately, open compounds (( { if for while case)
MAX_WALK_DEPTH = 160  # depth of the tree walk (each substitution or compound is a few levels)
MAX_RESCAN_CHARS = 200_000  # characters re-read by nested parses (nesting makes bashlex re-read a word)
NESTED_PARSE_TOKENS = 10  # a nested parse costs bashlex a new parser: charged as this many tokens

# The deadline: well inside the timeout `hookward install` writes for every
# host (adapters/installers.py HOOK_TIMEOUT_SECONDS = 30 s) and inside the
# shortest default any host applies when no timeout is written, with room for
# the interpreter to start and the answer to be written. Settable only in the
# user's own policy (`[settings] deadline_seconds`), never by a project.
DEFAULT_DEADLINE_SECONDS = 2.5
MAX_DEADLINE_SECONDS = 20.0
CLOCK_EVERY = 256  # look at the clock once per this many units of work


class BudgetExceeded(Exception):
    """The analysis did more work than any command a person writes needs."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class DeadlineExceeded(BudgetExceeded):
    """The wall-clock backstop: the hook is running out of the host's time."""


class Deadline:
    """A point in time, measured on an injectable monotonic clock from the start of the hook."""

    __slots__ = ("clock", "start", "seconds", "on_change")

    def __init__(self, seconds: float = DEFAULT_DEADLINE_SECONDS, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock or time.monotonic
        self.start = self.clock()
        self.seconds = seconds
        self.on_change: Callable[[], None] | None = None  # the hook re-arms its alarm

    def remaining(self) -> float:
        return self.seconds - (self.clock() - self.start)

    def check(self) -> None:
        elapsed = self.clock() - self.start
        if elapsed > self.seconds:
            raise DeadlineExceeded(
                f"hookward ran out of time ({elapsed:.1f} s of its {self.seconds:g} s deadline) before it could "
                "judge this call"
            )


# The process-wide deadline: the hook sets it when it starts; None elsewhere (CLI, tests).
_deadline: Deadline | None = None


def start_deadline(seconds: float = DEFAULT_DEADLINE_SECONDS, clock: Callable[[], float] | None = None) -> Deadline:
    """Start the clock of this hook process (call as early as possible)."""
    global _deadline
    _deadline = Deadline(seconds, clock)
    return _deadline


def clear_deadline() -> None:
    global _deadline
    _deadline = None


def current_deadline() -> Deadline | None:
    return _deadline


def deadline_setting(settings: dict) -> float:
    """The deadline a compiled policy asks for, clamped to what is safe on every host."""
    value = settings.get("deadline_seconds", DEFAULT_DEADLINE_SECONDS)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        return DEFAULT_DEADLINE_SECONDS
    return float(min(value, MAX_DEADLINE_SECONDS))


def apply_settings(settings: dict) -> None:
    """Once the policy is known, the running deadline takes the user's setting."""
    if _deadline is not None:
        seconds = deadline_setting(settings)
        if seconds != _deadline.seconds:
            _deadline.seconds = seconds
            if _deadline.on_change is not None:
                _deadline.on_change()


def check_deadline() -> None:
    if _deadline is not None:
        _deadline.check()


class Budget:
    """The work one analysis may do; every count is exact and deterministic."""

    __slots__ = (
        "tokens",
        "nodes",
        "commands",
        "nesting",
        "deepest",
        "compounds",
        "walk_depth",
        "rescanned",
        "work",
        "deadline",
        "max_tokens",
        "max_nodes",
        "max_commands",
        "max_nesting",
        "max_rescan",
    )

    def __init__(
        self,
        deadline: Deadline | None = None,
        *,
        max_tokens: int = MAX_TOKENS,
        max_nodes: int = MAX_NODES,
        max_commands: int = MAX_COMMANDS,
        max_nesting: int = MAX_NESTING,
        max_rescan: int = MAX_RESCAN_CHARS,
    ) -> None:
        self.tokens = 0
        self.nodes = 0
        self.commands = 0
        self.nesting = 0
        self.deepest = 0
        self.compounds = 0
        self.walk_depth = 0
        self.rescanned = 0
        self.work = 0
        self.deadline = deadline
        self.max_tokens = max_tokens
        self.max_nodes = max_nodes
        self.max_commands = max_commands
        self.max_nesting = max_nesting
        self.max_rescan = max_rescan

    def _tick(self) -> None:
        self.work += 1
        if self.deadline is not None and self.work % CLOCK_EVERY == 0:
            self.deadline.check()

    def token(self) -> None:
        self.tokens += 1
        if self.tokens > self.max_tokens:
            raise BudgetExceeded(
                f"the command has more than {self.max_tokens} shell tokens, more than hookward analyzes"
            )
        self._tick()

    def node(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise BudgetExceeded(
                f"the command has more than {self.max_nodes} syntax nodes, more than hookward analyzes"
            )
        self._tick()

    def command(self) -> None:
        self.commands += 1
        if self.commands > self.max_commands:
            raise BudgetExceeded(
                f"the command runs more than {self.max_commands} simple commands, more than hookward analyzes"
            )
        self._tick()

    def rescan(self, chars: int) -> None:
        self.rescanned += chars
        if self.rescanned > self.max_rescan:
            raise BudgetExceeded("nested substitutions make the command too costly to analyze")

    def enter(self) -> None:
        """A nested parse begins (a substitution): it costs a parser, and it nests."""
        self.tokens += NESTED_PARSE_TOKENS - 1
        self.token()
        self.nesting += 1
        if self.nesting > self.deepest:
            self.deepest = self.nesting
        if self.nesting > self.max_nesting:
            raise BudgetExceeded(
                f"the command nests more than {self.max_nesting} levels deep, more than hookward follows"
            )

    def leave(self) -> None:
        self.nesting -= 1

    def open_compound(self) -> None:
        self.compounds += 1
        if self.compounds > self.max_nesting:
            raise BudgetExceeded(
                f"the command nests more than {self.max_nesting} compound commands, more than hookward follows"
            )

    def close_compound(self) -> None:
        if self.compounds > 0:
            self.compounds -= 1

    def descend(self) -> None:
        self.walk_depth += 1
        if self.walk_depth > MAX_WALK_DEPTH:
            raise BudgetExceeded("the command's syntax tree is deeper than hookward follows")

    def ascend(self) -> None:
        self.walk_depth -= 1

    def reset_depths(self) -> None:
        self.nesting = self.compounds = self.walk_depth = 0


# The budget of the analysis running now (the parser's hooks charge it); None when none runs.
_active: Budget | None = None


def active() -> Budget | None:
    return _active


class metered:
    """`with metered(budget):` makes `budget` the one the parser hooks charge (re-entrant: nested uses the outer)."""

    __slots__ = ("budget", "outer")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.outer: Budget | None = None

    def __enter__(self) -> Budget:
        global _active
        self.outer = _active
        if _active is None:
            _active = self.budget
        return _active

    def __exit__(self, *_exc: object) -> None:
        global _active
        _active = self.outer


def iter_limits() -> Iterator[tuple[str, int]]:
    yield from (
        ("tokens", MAX_TOKENS),
        ("nodes", MAX_NODES),
        ("commands", MAX_COMMANDS),
        ("nesting", MAX_NESTING),
        ("walk_depth", MAX_WALK_DEPTH),
        ("rescan_chars", MAX_RESCAN_CHARS),
    )
