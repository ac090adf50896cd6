"""Package managers and task runners: publishing and deploying, removals, fetch-and-run (npx, dlx, uvx, `go run
pkg@v`), scripts run through another program, installs and the project's own locked dependencies."""

from __future__ import annotations

import re

from hookward.policy.floors.common import ALLOW, ASK, DENY, FORCE_ASK, Command, Demand, Floor, ProjectFile
from hookward.policy.floors.names import PUBLISH
from hookward.policy.knowledge import programs as kp
from hookward.policy.lazy import LazyRegex


def local_package_binary(program: str, args: list[str]) -> str | None:
    """The binary an unversioned `npx` / `bunx` (`bun x`) / `pnpm exec` / `yarn exec` / `npm exec --no` names.

    Only these forms may run a binary the project already has in node_modules/.bin without
    fetching; `npx pkg@version`, `npx -p`, `pnpm dlx` and `yarn dlx` always fetch.
    """
    if program in ("npx", "pnpx", "bunx"):
        rest = args
    elif (program in ("pnpm", "yarn") and args[:1] == ["exec"]) or (program == "bun" and args[:1] == ["x"]):
        rest = args[1:]
    elif program == "npm" and args[:1] in (["exec"], ["x"]) and "--no" in args:
        rest = args[1:]
    else:
        return None
    for arg in rest:
        if arg in ("--no", "--no-install", "--offline", "-q", "--quiet", "--"):
            continue
        if arg.startswith("-"):
            return None  # -p/--package, -c/--call, --yes, a registry: fetches or runs something else
        name = arg
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name):
            return None  # a scope, a version, a path or a URL
        return name
    return None


_REMOTE_SPEC = LazyRegex(r"^(git\+|https?://|ssh://|file://|hg\+|svn\+|bzr\+|[\w.-]+@[\w.-]+:)")


# The project's own locked dependencies: (program, subcommand) -> the manifest and the lockfiles (any one).
LOCKED_INSTALLS: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {
    ("npm", "ci"): ("package.json", ("package-lock.json", "npm-shrinkwrap.json")),
    ("npm", "install"): ("package.json", ("package-lock.json", "npm-shrinkwrap.json")),
    ("npm", "i"): ("package.json", ("package-lock.json", "npm-shrinkwrap.json")),
    ("pnpm", "install"): ("package.json", ("pnpm-lock.yaml",)),
    ("pnpm", "i"): ("package.json", ("pnpm-lock.yaml",)),
    ("yarn", "install"): ("package.json", ("yarn.lock",)),
    ("bun", "install"): ("package.json", ("bun.lock", "bun.lockb")),
    ("uv", "sync"): ("pyproject.toml", ("uv.lock",)),
    ("poetry", "install"): ("pyproject.toml", ("poetry.lock",)),
    ("pipenv", "install"): ("Pipfile", ("Pipfile.lock",)),
    ("pipenv", "sync"): ("Pipfile", ("Pipfile.lock",)),
    ("bundle", "install"): ("Gemfile", ("Gemfile.lock",)),
    ("cargo", "build"): ("Cargo.toml", ("Cargo.lock",)),
    ("cargo", "fetch"): ("Cargo.toml", ("Cargo.lock",)),
}
_PINNED = LazyRegex(
    r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9,._-]+\])?==[A-Za-z0-9.+!_-]+(\s*;[^#]*)?(\s+--hash=\S+)*$"
)


def _locked_demand(program: str, sub: str, project_file: ProjectFile) -> Demand | None:
    """`npm ci`, `uv sync`, `cargo build`: routine while the manifest and the lockfile are the person's."""
    manifest, locks = LOCKED_INSTALLS[(program, sub)]
    state = project_file(manifest)[0]
    if state == "missing":
        return None  # no manifest here: nothing of the project's is installed (the tool will say so)
    lock_states = [(lock, project_file(lock)[0]) for lock in locks]
    present = [(lock, st) for lock, st in lock_states if st != "missing"]
    # Without a lockfile the manifest alone says what is installed (the registry resolves its ranges).
    for name, st in [(manifest, state), *present[:1]]:
        if st == "changed":
            return Demand(
                Floor.FETCH_AND_RUN,
                ASK,
                f"{program} {sub}: {name} changed since the session began, so what it installs is no longer the person's",
            )
    return None


def _requirements_demand(program: str, files: list[str], project_file: ProjectFile | None) -> Demand:
    """`pip install -r F`: routine when F is the person's and pins every requirement; otherwise it asks."""
    for name in files:
        state, text = project_file(name) if project_file is not None else ("unknown", None)
        if state != "persons":
            return Demand(
                Floor.FETCH_AND_RUN,
                ASK,
                f"{program} installs what {name} lists, which is not the person's unchanged file",
            )
        if text is None or not requirements_pinned(text):
            return Demand(
                Floor.FETCH_AND_RUN,
                ASK,
                f"{program} installs what {name} lists, and not every line pins a version (name==version)",
            )
    return Demand(Floor.FETCH_AND_RUN, ALLOW, f"{program} installs the project's own pinned requirements")


def requirements_pinned(text: str) -> bool:
    """Every requirement is `name==version` (hashes and markers allowed): no ranges, URLs, paths, -e, -r, indexes."""
    lines = text.replace("\\\n", " ").splitlines()
    found = False
    for line in lines:
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if not _PINNED.match(line):
            return False
        found = True
    return found


def _install_demands(program: str, args: list[str], project_file: ProjectFile | None = None) -> list[Demand]:
    if not args:
        if project_file is not None and (program, "install") in LOCKED_INSTALLS and program in ("yarn", "bundle"):
            locked = _locked_demand(program, "install", project_file)
            return [locked] if locked else []
        return []
    sub = args[0]
    flags_only = all(a.startswith("-") for a in args[1:])
    if project_file is not None and (program, sub) in LOCKED_INSTALLS and flags_only and not _index_override(args):
        locked = _locked_demand(program, sub, project_file)
        return [locked] if locked else []
    if program in ("uv", "poetry", "cargo", "pnpm", "yarn", "bun", "npm") and sub == "add":
        named = [a for a in args[1:] if not a.startswith("-")]
        if named and not _index_override(args) and not any(_REMOTE_SPEC.match(s) for s in named):
            return [Demand(Floor.FETCH_AND_RUN, ASK, f"{program} add {named[0]}: adds a package whose code runs here")]
    installs = {"install", "i", "add", "get", "global", "-S", "isntall", "update", "upgrade", "ci", "sync", "require"}
    if (
        sub not in installs
        and not (program == "uv" and sub == "pip" and args[1:2] == ["install"])
        and not (program == "go" and sub == "install")
        and not (program == "cargo" and sub == "install")
        # pip download / pip wheel build every source distribution they fetch: its setup.py runs here.
        and not (program.startswith("pip") and sub in ("download", "wheel"))
    ):
        return []
    specs = [a for a in args[1:] if not a.startswith("-")]
    if any(_REMOTE_SPEC.match(s) or s.endswith((".whl", ".tar.gz", ".tgz", ".zip")) for s in specs) or any(
        a.startswith(("--index-url", "-i", "--extra-index-url", "--trusted-host", "--registry", "-f", "--find-links"))
        for a in args
    ):
        return [
            Demand(
                Floor.FETCH_AND_RUN, FORCE_ASK, f"{program} installs code from an address outside the usual registry"
            )
        ]
    if program in kp.SYSTEM_PACKAGE_MANAGERS:
        return [Demand(Floor.FETCH_AND_RUN, ASK, f"{program} installs system software")]
    if (
        program in ("go", "cargo")
        and sub == "install"
        or "-g" in args
        or "--global" in args
        or (program == "npm" and sub == "global")
        or "--user" in args
        or "--break-system-packages" in args
    ):
        return [Demand(Floor.FETCH_AND_RUN, ASK, f"{program} installs a package outside the project")]
    pip_args = args[2:] if program == "uv" and sub == "pip" else args[1:]
    if program in ("pip", "pip3") or (program == "uv" and sub == "pip"):
        files = [v for i, a in enumerate(pip_args) for v in _requirement_files(pip_args, i, a)]
        named = [
            a
            for i, a in enumerate(pip_args)
            if not a.startswith("-") and not (i and pip_args[i - 1] in ("-r", "--requirement", "-c", "--constraint"))
        ]
        if files and not named and not any(a in ("-e", "--editable") for a in pip_args):
            demand = _requirements_demand(program, files, project_file)
            return [] if demand.verdict == ALLOW else [demand]
        if _bare_pip_install(program, args):
            return []  # judged in demands(): `_pip_config_in_reach`
        return [Demand(Floor.FETCH_AND_RUN, ASK, f"{program} {sub} downloads packages whose install scripts run here")]
    if specs and program not in ("uv", "poetry"):
        return [Demand(Floor.FETCH_AND_RUN, ASK, f"{program} {sub} downloads packages whose install scripts run here")]
    return []


# Flags of a bare `pip install` that name nothing to install (`pip install -U -q` still needs a requirement).
_BARE_PIP_FLAGS = frozenset(
    {"-q", "-qq", "-qqq", "--quiet", "-v", "-vv", "-vvv", "--verbose", "-U", "--upgrade", "--no-cache-dir"}
    | {"--disable-pip-version-check", "--no-input", "--no-color"}
)


def _bare_pip_install(program: str, args: list[str]) -> bool:
    """`pip install`, `pip3 install -U -q`: an install that names no requirement, no index and no place."""
    return program in ("pip", "pip3") and args[:1] == ["install"] and all(a in _BARE_PIP_FLAGS for a in args[1:])


def _pip_config_in_reach(cmd: Command) -> str | None:
    """A virtualenv pip.conf / pip.ini in the directory the command runs in (.venv, venv, env, any subdirectory
    holding pyvenv.cfg, and the venv the pip program's own path names), or None; with no directory known, the
    unknown virtualenv's."""
    import os

    if cmd.cwd is None:
        return "its virtualenv's pip.conf"
    venvs = [os.path.join(cmd.cwd, name) for name in (".venv", "venv", "env", ".env")]
    head = cmd.argv[0].replace("\\", "/").rsplit("/", 2)
    if len(head) == 3 and head[1] in ("bin", "Scripts"):
        venvs.append(os.path.join(cmd.cwd, head[0] or "/"))
    try:
        with os.scandir(cmd.cwd) as entries:
            for entry in entries:
                if entry.is_dir() and os.path.lexists(os.path.join(entry.path, "pyvenv.cfg")):
                    venvs.append(entry.path)
    except OSError:
        return "its virtualenv's pip.conf"
    if os.path.lexists(os.path.join(cmd.cwd, "pyvenv.cfg")):
        venvs.append(cmd.cwd)
    for venv in venvs:
        for name in ("pip.conf", "pip.ini"):
            if os.path.lexists(os.path.join(venv, name)):
                return os.path.join(venv, name)
    return None


def _requirement_files(args: list[str], i: int, arg: str) -> list[str]:
    if arg in ("-r", "--requirement") and i + 1 < len(args):
        return [args[i + 1]]
    if arg.startswith("--requirement="):
        return [arg.split("=", 1)[1]]
    if arg.startswith("-r") and len(arg) > 2:
        return [arg[2:]]
    return []


def _index_override(args: list[str]) -> bool:
    return any(
        a.startswith(("--index-url", "-i", "--extra-index-url", "--trusted-host", "--registry", "-f", "--find-links"))
        for a in args
    )


def _publishes(argv: list[str]) -> bool:
    from hookward.policy.specs.packages import publishes

    return publishes(argv)  # False only for a dry run the spec reads exactly (`cargo publish --dry-run`)


def _after_globals(program: str, args: list[str]) -> list[str]:
    """The words from the subcommand on: a package manager's own options before it are skipped, with the values
    its spec says they take (`pip -q install x`, `npm --prefix p i -g x`, `cargo +nightly -q install x`), so the
    floors below read the subcommand the program runs. An option the spec does not know asks there anyway."""
    if program not in kp.PACKAGE_MANAGERS or not args or args[0][:1] not in ("-", "+"):
        return args
    from hookward.policy import specs

    spec = specs.lookup(program)
    i = 0
    while i < len(args):
        word = args[i]
        if word.startswith("+") and i == 0:
            i += 1  # a toolchain (`cargo +nightly`)
            continue
        if not word.startswith("-") or word in ("-", "--"):
            break
        name, eq, _ = word.partition("=")
        opt = spec.longs.get(name) if spec is not None else None  # a long option, or a single-dash one (`go -C`)
        attached = bool(eq)
        if opt is None and spec is not None and not name.startswith("--"):
            opt, attached = spec.shorts.get(word[1:2]), len(word) > 2
        i += 1 + (opt.values if opt is not None and opt.takes and not opt.optional and not attached else 0)
    return args[i:] if i < len(args) else args


# Tool installers: a package from a registry, installed with its programs on the PATH (outside the project), as
# `npm install -g`, `cargo install` and `go install` are. (program, group) -> the subcommands that fetch.
TOOL_INSTALLS: dict[tuple[str, str], frozenset[str]] = {
    ("uv", "tool"): frozenset({"install", "upgrade"}),
    ("pipx", ""): frozenset(
        {"install", "install-all", "upgrade", "upgrade-all", "reinstall", "reinstall-all", "inject"}
    ),
    ("poetry", "self"): frozenset({"add", "install", "update", "lock"}),
    ("dotnet", "tool"): frozenset({"install", "update"}),
}


def _tool_install(program: str, args: list[str]) -> str:
    """`uv tool install ruff`, `pipx install black`, `poetry self add x`, `dotnet tool install -g x`: the words
    that say so ("" when it is not one)."""
    words = [a for a in args if not a.startswith("-")]
    for (name, group), subs in TOOL_INSTALLS.items():
        if program != name:
            continue
        rest = words[1:] if group else words
        if group and words[:1] != [group]:
            continue
        if rest[:1] and rest[0] in subs:
            return " ".join([program, group, rest[0]] if group else [program, rest[0]])
    return ""


def demands(cmd: Command) -> list[Demand]:
    program, args = cmd.program, _after_globals(cmd.program, cmd.args)
    found: list[Demand] = []
    if program in ("npm", "pnpm", "yarn") and any(
        a.startswith(("--script-shell", "--node-options", "--userconfig", "--globalconfig")) for a in args
    ):
        found.append(Demand(Floor.HIJACK, DENY, f"{program} is told to run scripts through another program or config"))
    if program == "uv" and args[:1] == ["run"] and any(a.startswith(("--with", "--from")) for a in args):
        found.append(Demand(Floor.FETCH_AND_RUN, ASK, "uv run pulls extra packages and runs them"))
    if program == "go" and args[:1] == ["run"] and any("@" in a for a in args[1:]):
        found.append(Demand(Floor.FETCH_AND_RUN, ASK, "go run downloads a module and runs it"))

    # --- publishing and removing ---
    if (
        args
        and args[0] in ("publish", "deploy", "unpublish", "release")
        and (program, args[0]) not in PUBLISH
        and program not in ("gh", "glab")
    ):
        found.append(
            Demand(
                Floor.DESTRUCTIVE, FORCE_ASK, f"{program} {args[0]} ships to the outside world, which cannot be undone"
            )
        )
    if args and args[0] in ("uninstall", "remove", "rm", "purge", "autoremove") and program in kp.PACKAGE_MANAGERS:
        found.append(Demand(Floor.DESTRUCTIVE, ASK, f"{program} {args[0]} removes installed packages"))
    if args and (program, args[0]) in PUBLISH and _publishes([program, *args]):
        found.append(
            Demand(Floor.DESTRUCTIVE, FORCE_ASK, f"{program} {args[0]} publishes to a registry, which cannot be undone")
        )
    if program in ("npm", "yarn", "pnpm") and args[:1] == ["unpublish"]:
        found.append(Demand(Floor.DESTRUCTIVE, FORCE_ASK, "removes a published package"))

    # --- fetch and run ---
    local = local_package_binary(program, args)
    if (
        (
            program in ("npx", "pnpx", "bunx")
            and args not in (["--version"], ["-v"], ["--help"], ["-h"])  # npm's own version or usage: no package
            or (program in ("pnpm", "yarn", "bun", "npm") and args[:1] in (["dlx"], ["x"], ["exec"]))
        )
        and not (local is not None and cmd.local_bin is not None and cmd.local_bin(local))
    ):
        found.append(Demand(Floor.FETCH_AND_RUN, ASK, f"{program} may download and run a package"))
    if program in ("npm", "pnpm", "yarn", "bun") and (
        args[:1] == ["create"]
        or (program == "npm" and args[:1] in (["init"], ["create"]) and any(not a.startswith("-") for a in args[1:]))
    ):
        found.append(Demand(Floor.FETCH_AND_RUN, ASK, f"{program} {args[0]} downloads a starter package and runs it"))
    if program in ("uvx", "pipx") and (program == "uvx" or args[:1] == ["run"]):
        found.append(Demand(Floor.FETCH_AND_RUN, ASK, f"{program} downloads and runs a package"))
    if program == "uv" and [a for a in args if not a.startswith("-")][:2] == ["tool", "run"]:
        found.append(Demand(Floor.FETCH_AND_RUN, ASK, "uv tool run (uvx) downloads and runs a package"))
    tool = _tool_install(program, args)
    if tool:
        found.append(
            Demand(Floor.FETCH_AND_RUN, ASK, f"{tool} installs a registry package's programs outside the project")
        )
    if program in kp.PACKAGE_MANAGERS:
        found.extend(_install_demands(program, args, cmd.project_file))
    if _bare_pip_install(program, args):
        # No requirement: pip prints "You must give at least one requirement" and installs nothing. What could
        # name one instead is the person's: their PIP_* environment (a line that sets PIP_REQUIREMENT,
        # PIP_EDITABLE or PIP_CONFIG_FILE asks as a hijack) and their pip config files (writing any pip.conf or
        # pip.ini, a venv's own included, is refused as a credential store). Still asked: names appended
        # unseen (`xargs pip install`) and a virtualenv config already in the project, however it got there.
        if {"xargs", "find -exec"} & set(cmd.wrappers):
            found.append(Demand(Floor.FETCH_AND_RUN, ASK, f"{program} gets requirements hookward cannot see"))
        else:
            config = _pip_config_in_reach(cmd)
            if config is not None:
                found.append(
                    Demand(
                        Floor.FETCH_AND_RUN, ASK, f"{program} install reads requirements from {config}, if it names any"
                    )
                )
    if program == "brew":
        found.extend(_brew_demands(args))
    return found


# Homebrew subcommands that fetch formulae or casks (Ruby that brew evaluates) and run their install steps; a
# Brewfile (`brew bundle`) is Ruby too. `brew tap` alone lists the taps.
_BREW_FETCHES = frozenset({"install", "reinstall", "upgrade", "update", "tap", "bundle"})


def _brew_demands(args: list[str]) -> list[Demand]:
    """`brew -v install x`, `brew reinstall x`, `brew tap u/r`, `brew bundle`: the subcommand is the first word
    that is no option (brew's global flags come first), not args[0]."""
    words = [a for a in args if not a.startswith("-")]
    sub = words[0] if words else ""
    if sub not in _BREW_FETCHES or (sub == "tap" and len(words) < 2):
        return []
    if sub in ("install", "upgrade", "update") and args[:1] == [sub]:
        return []  # judged by _install_demands
    return [Demand(Floor.FETCH_AND_RUN, ASK, f"brew {sub} fetches formulae (Ruby code brew runs) and installs them")]
