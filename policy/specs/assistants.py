"""CLIs of agent tooling that agents run themselves: qmd (local search over markdown collections)
and the Claude Code CLI, hookward's own host.

qmd: searching, listing and reading its index (`search`, `vsearch`, `query`, `get`, `multi-get`,
`ls`, `status`, `collection list|show`, `context list`) only reads it; `query`, `vsearch`,
`embed` and `pull` may download the configured local models (`fetch`: a download of model files, which
sends nothing of this machine's). Changing which folders
are indexed, their context or their pre-update command is qmd's persistent configuration
(`config`), and the pre-update command is a shell command (`exec`). `qmd update` re-indexes and
runs the configured pre-update commands: those live in qmd's configuration in the home directory
(writing it, or `collection update-cmd`, is itself judged) or in a project-local `.qmd` that runs
nothing until `qmd trust` approves it, which is not modelled. `mcp`, `skill(s)` and `trust` ask.

claude: the version, help and read-only `mcp list|get` / `config list|get` pass; `mcp add`,
`add-json`, `remove` change which servers every session starts (`config`); a session (bare,
`-p`, `--continue`) runs tools and asks as not modelled.

Reference versions: qmd (tobi/qmd, src/cli/help.ts of 2026), Claude Code 2.1 (`claude --help`).
"""

from __future__ import annotations

from hookward.policy.spec import Spec, Walk

_QMD_VERSION = "qmd (tobi/qmd 2026)"
_INDEX = {"--index": "val", "-h --help": "flag"}
_OUTPUT = {
    "-n --min-score --format -c --collection": "val",
    "--all --full --full-path --line-numbers": "flag",
}
_MODEL = {"--chunk-strategy": "val", "--no-gpu": "flag"}


def _qmd(name: str, options: dict[str, str] | None = None, operands: str = "", **extra: object) -> Spec:
    return Spec(
        name, version=_QMD_VERSION, options={**_INDEX, **(options or {})}, operands=operands, long_prefix=False, **extra
    )  # type: ignore[arg-type]


_QMD = Spec(
    "qmd",
    version=_QMD_VERSION,
    options={**_INDEX, "--no-gpu": "flag", "-v --version": "flag"},
    long_prefix=False,
    globals_anywhere=True,
    subcommands={
        "search": _qmd("search", _OUTPUT, "text*"),
        "vsearch": _qmd("vsearch", {**_OUTPUT, **_MODEL}, "text*", effects="fetch"),
        "query": _qmd(
            "query",
            {**_OUTPUT, **_MODEL, "-C --candidate-limit --intent": "val", "--no-rerank --explain": "flag"},
            "text*",
            effects="fetch",
        ),
        # a path operand may be read from disk, not only from the index: judged as a read
        "get": _qmd("get", {"--from -l": "val", "--no-line-numbers --full-path": "flag"}, "read"),
        "multi-get": _qmd(
            "multi-get", {"-l --max-bytes --format": "val", "--no-line-numbers --full-path": "flag"}, "read"
        ),
        "ls": _qmd("ls", {}, "text?"),
        "status": _qmd("status"),
        "doctor": _qmd("doctor", {"--no-gpu": "flag"}),
        "update": _qmd("update", {"--pull": "flag"}),
        "embed": _qmd(
            "embed",
            {**_MODEL, "-f --force": "flag", "-c --collection --max-docs-per-batch --max-batch-mb --timeout": "val"},
            effects="fetch",
        ),
        "pull": _qmd("pull", {"--refresh --progress --no-gpu": "flag"}, effects="fetch"),
        "cleanup": _qmd("cleanup", {"--dry-run": "flag"}),
        "init": _qmd("init", {}, effects=""),
        "bench": _qmd("bench", {"--example --json": "flag", "-c --collection": "val"}, "read?"),
        "collection": _qmd(
            "collection",
            subcommands={
                "list show": _qmd("list", {}, "text?"),
                "add": _qmd("add", {"--name --mask --glob": "val"}, "stat", effects="config"),
                "remove rename include exclude": _qmd("remove", {}, "text*", effects="config"),
                "update-cmd": _qmd("update-cmd", {}, "text exec?", effects="config"),
            },
            subcommand_required=True,
        ),
        "context": _qmd(
            "context",
            subcommands={
                "list": _qmd("list"),
                "add rm": _qmd("add", {}, "text*", effects="config"),
            },
            subcommand_required=True,
        ),
        "mcp trust skill skills": _qmd("mcp", {}, "text*", effects="unknown"),
    },
    examples={
        "qmd --version": "",
        "qmd status": "",
        "qmd update": "",
        "qmd ls": "",
        "qmd search 'rate limiter' -c docs --format json": "",
        "qmd query 'how does auth work'": "fetch",
        "qmd embed": "fetch",
        "qmd get docs/api.md --from 50 -l 25": "read:docs/api.md",
        "qmd collection add . --name project": "config stat:.",
        "qmd collection update-cmd notes make": "config exec:make",
        "qmd context add qmd://notes 'Personal notes'": "config",
        "qmd mcp": "unknown",
        "qmd add": "unknown",
    },
)


def _claude_judge(walk: Walk, argv: list[str]) -> None:
    if len(argv) == 1:
        walk.unknown.append("a claude session runs tools on its own: not modelled")


def _claude_read() -> Spec:
    return Spec("list", version="Claude Code 2.1", options={"-h --help": "flag"}, operands="text?")


_CLAUDE = Spec(
    "claude",
    version="Claude Code 2.1",
    summary="claude --version / --help and read-only mcp and config listings; a session or a change asks",
    options={"-v --version -h --help": "flag"},
    long_prefix=False,
    judge=_claude_judge,
    subcommands={
        "mcp": Spec(
            "mcp",
            version="Claude Code 2.1",
            options={"-h --help": "flag"},
            subcommands={
                "list get": _claude_read(),
                "add add-json add-from-claude-desktop remove reset-project-choices": Spec(
                    "add", version="Claude Code 2.1", operands="text*", effects="config unknown"
                ),
            },
            subcommand_required=True,
        ),
        "config": Spec(
            "config",
            version="Claude Code 2.1",
            options={"-h --help -g --global": "flag"},
            subcommands={"list ls get": _claude_read()},
            subcommand_required=True,
        ),
    },
    examples={
        "claude --version": "",
        "claude": "unknown",
        "claude -p hello": "unknown unknown",
        "claude mcp list": "",
        "claude mcp get context7": "",
        "claude mcp add-json context7 '{}'": "config unknown",
        "claude config set -g theme dark": "unknown",
    },
)

SPECS = [_QMD, _CLAUDE]
