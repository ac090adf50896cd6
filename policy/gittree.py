"""A git command that moves the working tree to a commit writes that commit's hook configs.

`git hash-object -w`, `mktree`, `commit-tree` and `branch` build a commit holding `.claude/settings.local.json`
without touching a file, and a routine `git checkout x` then writes it: the write happens inside git, where no
path rule sees it. So the commands that move the working tree to another commit (checkout, switch, reset --hard,
restore --source, merge, cherry-pick, rebase, read-tree -u, stash apply) are judged by what they would write
there: the target commit is read from git's own files (never by running git, provenance.ObjectStore), and every
entry under the project's protected places (the registry's hook, plugin and MCP locations, hookward's project
policy: protection.protected) that differs from HEAD's is a write of that file.

Routine checkouts stay routine: such a write is refused only when what it writes came into the repository during
this session (its object stored after the session's first call, or after no session at all), not when it is
the person's or the team's history (an object older than the session, or the file as it was at the session's
first call). A target hookward cannot read (a reflog spelling, a short id in a pack, a word known only at run
time) keeps today's answer.
"""

from __future__ import annotations

import os

from hookward.policy import protection, provenance

# subcommand -> options that take a value (so the next word is not a revision)
_VALUED: dict[str, frozenset[str]] = {
    "checkout": frozenset({"-b", "-B", "--orphan", "--conflict", "--pathspec-from-file"}),
    "switch": frozenset({"-c", "-C", "--create", "--force-create", "--orphan", "--conflict"}),
    "reset": frozenset({"--pathspec-from-file"}),
    "restore": frozenset({"-s", "--source", "--pathspec-from-file", "--conflict"}),
    "merge": frozenset({"-m", "-F", "--file", "-s", "--strategy", "-X", "--strategy-option", "--into-name"}),
    "cherry-pick": frozenset({"-m", "--mainline", "-s", "--strategy", "-X", "--strategy-option"}),
    "rebase": frozenset({"--onto", "-s", "--strategy", "-X", "--strategy-option", "-x", "--exec"}),
    "read-tree": frozenset({"--prefix", "--index-output", "--exclude-per-directory"}),
    "stash": frozenset({"-m", "--message"}),
}
MAX_CHANGED = 200  # protected entries compared in one command


def _git_words(argv: list[str]) -> tuple[str | None, list[str], dict[str, str]]:
    """(the directory `-C` names, the words from the subcommand on, --git-dir / --work-tree as given)."""
    i, directory, moved = 1, None, {}
    while i < len(argv):
        arg = argv[i]
        option, eq, value = arg.partition("=")
        if arg == "-C" and i + 1 < len(argv):
            directory = argv[i + 1] if directory is None else os.path.join(directory, argv[i + 1])
            i += 2
        elif arg == "-c" and i + 1 < len(argv):
            i += 2
        elif option in ("--git-dir", "--work-tree", "--namespace"):
            if not eq and i + 1 < len(argv):
                value = argv[i + 1]
                i += 1
            moved[option] = value
            i += 1
        elif arg.startswith("-"):
            i += 1
        else:
            return directory, argv[i:], moved
    return directory, [], moved


def _repository(start: str, moved: dict[str, str]) -> provenance.Repo | None:
    """The repository the command works in: found from its directory, or the one --git-dir / --work-tree name."""
    if "--namespace" in moved:
        return None  # refs under a namespace: not read here
    if "--git-dir" not in moved and "--work-tree" not in moved:
        return provenance.find_repo(start)
    found = provenance.find_repo(start)
    gitdir = (
        os.path.normpath(os.path.join(start, os.path.expanduser(moved["--git-dir"]))) if "--git-dir" in moved else None
    )
    if gitdir is None:
        if found is None:
            return None
        gitdir, common = found.gitdir, found.common
    else:
        common = gitdir
        commondir = os.path.join(gitdir, "commondir")
        if os.path.isfile(commondir):
            text = provenance._small(commondir, 4096).decode("utf-8", "replace").strip()
            common = os.path.normpath(os.path.join(gitdir, text))
    worktree = moved.get("--work-tree")
    tree = os.path.normpath(os.path.join(start, os.path.expanduser(worktree))) if worktree else start
    return provenance.Repo(tree, gitdir, common)


def targets(words: list[str]) -> list[str] | None:
    """The revisions a working-tree mover moves to, as written ([] when it moves to none); None: not a mover."""
    sub, args = words[0], words[1:]
    if sub == "stash":
        if not args or args[0] not in ("apply", "pop", "branch"):
            return None
        rest = [a for a in args[1:] if not a.startswith("-")]
        return [rest[-1] if rest else "refs/stash"]
    if sub in ("revert", "pull", "bisect"):
        return _reverted_or_pulled(sub, args)
    valued = _VALUED.get(sub)
    if valued is None:
        return None
    found: list[str] = []
    operands: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        option, eq, value = arg.partition("=")
        if sub == "restore" and option in ("-s", "--source"):
            found.append(value if eq else args[i + 1] if i + 1 < len(args) else "")
            i += 1 if eq else 2
            continue
        if sub == "restore" and arg.startswith("-s") and len(arg) > 2 and not arg.startswith("--"):
            found.append(arg[2:])
        elif sub == "rebase" and option == "--onto":
            found.append(value if eq else args[i + 1] if i + 1 < len(args) else "")
            i += 1 if eq else 2
            continue
        elif option in valued and not eq:
            i += 2
            continue
        elif not arg.startswith("-"):
            operands.append(arg)
        i += 1
    if sub == "reset":
        if "--soft" in args:
            return None  # moves HEAD only
        # --hard, --merge, --keep write the working tree; --mixed (the default) writes the index, which the next
        # routine `git checkout -- .` or `git restore .` writes out
        return operands[:1]
    if sub == "restore":
        return found  # without --source it restores from the index
    if sub in ("checkout", "switch"):
        return operands[:1]  # the branch or commit; with -b/-c, the start point (the new name was the option's value)
    if sub == "read-tree":
        return operands  # -u writes the working tree; without it the index, for the next checkout to write
    return operands + found


# --- revisions, read from git's own files ---------------------------------------------------------------


def _ref(repo: provenance.Repo, name: str) -> str | None:
    for base in (repo.gitdir, repo.common):
        path = os.path.join(base, name)
        if os.path.isfile(path):
            text = provenance._small(path, 4096).decode("ascii", "replace").strip()
            if text.startswith("ref:"):
                inner = text[4:].strip()
                return _ref(repo, inner) if provenance._valid_ref(inner) else None
            first = text.split()[0] if text.split() else ""
            return first.lower() if provenance._is_hex_id(first) else None
    return provenance._packed_ref(repo, name) if name.startswith("refs/") else None


def _peel(store: provenance.ObjectStore, oid: str) -> str:
    for _ in range(8):
        kind, data = store.read(oid)
        if kind == "commit":
            return oid
        if kind != "tag" or not data.startswith(b"object "):
            raise provenance._Unknown("not a commit")
        oid = data[7 : 7 + store.hex_len].decode("ascii")
    raise provenance._Unknown("tags nested too deep")


def _parents(store: provenance.ObjectStore, oid: str) -> list[str]:
    kind, data = store.read(oid)
    if kind != "commit":
        raise provenance._Unknown("not a commit")
    found = []
    for line in data.split(b"\n\n", 1)[0].split(b"\n"):
        if line.startswith(b"parent "):
            found.append(line[7:].decode("ascii"))
    return found


def _reverted_or_pulled(sub: str, args: list[str]) -> list[str] | None:
    """`git revert C` writes the files as C's parent has them (of a range A..B, as A has them); `git pull . B`
    merges (or rebases onto) B of this repository; `git bisect reset C` checks C out and `git bisect start BAD`
    commits between, judged as BAD. A pull from elsewhere is not read here (None)."""
    operands = [a for a in args if not a.startswith("-")]
    if sub == "bisect":
        starts = operands[:1] in (["start"], ["reset"]) and "--no-checkout" not in args
        return operands[1:2] if starts else None
    if sub == "pull":
        if not operands or operands[0] != ".":
            return None
        return [r.lstrip("+").split(":")[0] for r in operands[1:] if r.lstrip("+").split(":")[0]]
    return [(op.split("..")[0] or "HEAD") if ".." in op else f"{op}^" for op in operands]


def resolve(repo: provenance.Repo, store: provenance.ObjectStore, text: str) -> list[str]:
    """Every commit a revision may name (a ref, a full or loose short id, HEAD, FETCH_HEAD, with ~N and ^N): a
    tag and a branch of one name are both judged (rev-parse reads the tag, checkout the branch, and a lone
    remote branch becomes a local one), so no spelling picks the harmless one. [] when none is readable."""
    if ".." in text:  # `A..B`, `A...B` (cherry-pick a range): the commits up to B, judged as B is
        text = text.rpartition("..")[2].lstrip(".") or "HEAD"
    base, steps = text, []
    while base and base[-1].isdigit() or base.endswith(("^", "~", "^0", "^{commit}")):
        if base.endswith("^{commit}"):
            base = base[: -len("^{commit}")]
            continue
        cut = len(base)
        while cut and base[cut - 1].isdigit():
            cut -= 1
        if cut and base[cut - 1] in "^~":
            steps.append((base[cut - 1], int(base[cut:] or "1")))
            base = base[: cut - 1]
        else:
            break
    if base in ("-", "@{-1}"):
        base = _previous_branch(repo) or ""
    found: list[str | None] = []
    name, at, entry = base.partition("@{")
    if at and entry.endswith("}") and entry[:-1].isdigit():
        # stash@{1}, HEAD@{2}, main@{0}: the reflog's entry, newest first
        ref = "HEAD" if name in ("", "@", "HEAD") else name if name.startswith("refs/") else _full_ref(repo, name)
        found.append(_reflog(repo, ref, int(entry[:-1])) if ref else None)
        base = ""
    if not base and not found or "@{" in base or base.startswith(":"):
        return []
    if base == "@":
        base = "HEAD"
    if not base:
        pass
    elif provenance._is_hex_id(base.lower()) and len(base) == store.hex_len:
        found.append(base.lower())
    elif 4 <= len(base) < store.hex_len and all(ch in "0123456789abcdef" for ch in base.lower()):
        found.append(_loose_prefix(store, base.lower()))  # a short id of an object made here (packs: not read)
    if not base:
        pass
    elif provenance._valid_ref(base) or base in ("HEAD", "FETCH_HEAD", "ORIG_HEAD", "MERGE_HEAD"):
        found.append(_ref(repo, base))
    else:
        names = [f"refs/{base}", f"refs/tags/{base}", f"refs/heads/{base}", f"refs/remotes/{base}"]
        names += [f"refs/remotes/{remote}/{base}" for remote in _remotes(repo)]
        found += [_ref(repo, name) for name in names if provenance._valid_ref(name)]
    out: list[str] = []
    for oid in dict.fromkeys(f for f in found if f):
        try:
            out.append(_walk(store, _peel(store, oid), steps))
        except provenance._Unknown:
            continue
    return out


def _walk(store: provenance.ObjectStore, oid: str, steps: list[tuple[str, int]]) -> str:
    for kind, count in reversed(steps):
        if kind == "~":
            for _ in range(count):
                parents = _parents(store, oid)
                if not parents:
                    raise provenance._Unknown("no such ancestor")
                oid = parents[0]
        elif count:
            parents = _parents(store, oid)
            if len(parents) < count:
                raise provenance._Unknown("no such parent")
            oid = parents[count - 1]
    return oid


def _remotes(repo: provenance.Repo) -> list[str]:
    names: set[str] = set()
    try:
        names.update(os.listdir(os.path.join(repo.common, "refs", "remotes"))[:64])
    except OSError:
        pass
    try:
        packed = provenance._small(os.path.join(repo.common, "packed-refs"), 16 << 20).decode("utf-8", "replace")
        for line in packed.splitlines():
            _oid, _sp, ref = line.partition(" ")
            if ref.startswith("refs/remotes/") and len(names) < 64:
                names.add(ref.split("/")[2])
    except OSError:
        pass
    return sorted(n for n in names if n and "." not in n[:1])


def _previous_branch(repo: provenance.Repo) -> str | None:
    """What `git checkout -` goes back to: the last "checkout: moving from X to Y" in HEAD's reflog."""
    try:
        path = os.path.join(repo.gitdir, "logs", "HEAD")
        size = os.path.getsize(path)
        with open(path, "rb") as handle:
            handle.seek(max(0, size - (1 << 16)))
            lines = handle.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        _head, _tab, message = line.partition("\t")
        if message.startswith("checkout: moving from "):
            return message[len("checkout: moving from ") :].split(" to ")[0].strip() or None
    return None


def _full_ref(repo: provenance.Repo, name: str) -> str | None:
    """refs/stash, refs/heads/<name>, refs/tags/<name>: the first one git has."""
    for ref in (f"refs/{name}", f"refs/heads/{name}", f"refs/tags/{name}", f"refs/remotes/{name}"):
        if provenance._valid_ref(ref) and _ref(repo, ref):
            return ref
    return None


def _reflog(repo: provenance.Repo, ref: str, back: int) -> str | None:
    """The id a ref had `back` moves ago, from its reflog (logs/<ref>: one "old new who\tmessage" line a move)."""
    for base in (repo.gitdir, repo.common):
        path = os.path.join(base, "logs", ref)
        try:
            lines = provenance._small(path, 16 << 20).decode("utf-8", "replace").splitlines()
        except OSError:
            continue
        if back < len(lines):
            words = lines[len(lines) - 1 - back].split()
            return words[1].lower() if len(words) > 1 and provenance._is_hex_id(words[1].lower()) else None
        return None
    return None


def _loose_prefix(store: provenance.ObjectStore, prefix: str) -> str | None:
    """The one object whose id starts with `prefix`, loose or in a pack; None when none or several."""
    found: set[str] = set()
    try:
        found.update(
            prefix[:2] + n for n in os.listdir(os.path.join(store.objects, prefix[:2])) if n.startswith(prefix[2:])
        )
    except OSError:
        pass
    for idx, _pack in store._pack_list():
        found.update(_idx_prefix(idx, prefix, store.raw_len))
        if len(found) > 1:
            return None
    return found.pop() if len(found) == 1 else None


def _idx_prefix(idx_path: str, prefix: str, raw_len: int) -> list[str]:
    """Up to two ids in a version-2 pack index that start with the hex `prefix` (a binary search)."""
    fd = provenance._open(idx_path)
    try:
        header = provenance._pread(fd, 8 + 256 * 4, 0)
        if header[:4] != b"\377tOc" or int.from_bytes(header[4:8], "big") != 2:
            return []
        fan = header[8:]
        first = int(prefix[:2], 16)
        low = int.from_bytes(fan[(first - 1) * 4 : first * 4], "big") if first else 0
        high = int.from_bytes(fan[first * 4 : first * 4 + 4], "big")
        total = int.from_bytes(fan[255 * 4 :], "big")
        if not low <= high <= total:
            return []
        end, names_at = high, 8 + 256 * 4
        while low < high:
            mid = (low + high) // 2
            if provenance._pread(fd, raw_len, names_at + mid * raw_len).hex() < prefix:
                low = mid + 1
            else:
                high = mid
        out = []
        for at in (low, low + 1)[: max(0, end - low)]:
            name = provenance._pread(fd, raw_len, names_at + at * raw_len).hex()
            if name.startswith(prefix):
                out.append(name)
        return out
    finally:
        os.close(fd)


# --- trees -----------------------------------------------------------------------------------------------


def _entries(store: provenance.ObjectStore, tree: str) -> dict[str, tuple[bytes, str]]:
    kind, data = store.read(tree)
    if kind != "tree":
        raise provenance._Unknown("not a tree")
    out: dict[str, tuple[bytes, str]] = {}
    i, n, raw = 0, len(data), store.raw_len
    while i < n:
        space = data.find(b" ", i)
        nul = data.find(b"\0", space + 1)
        if space < 0 or nul < 0 or nul + 1 + raw > n:
            raise provenance._Unknown("bad tree")
        out[data[space + 1 : nul].decode("utf-8", "surrogateescape")] = (
            data[i:space],
            data[nul + 1 : nul + 1 + raw].hex(),
        )
        i = nul + 1 + raw
    return out


def _root(store: provenance.ObjectStore, commit: str) -> str:
    kind, data = store.read(commit)
    if kind != "commit" or not data.startswith(b"tree "):
        raise provenance._Unknown("not a commit")
    return data[5 : 5 + store.hex_len].decode("ascii")


def _anchors() -> frozenset[str]:
    """The names at a project's root under which a protected place can lie: the first part of every project-scoped
    location in the registry (`.claude`, `.github`, `.mcp.json`, `opencode.json`). Only those are compared, so the
    walk is bounded by the protected places, not by how much else a commit changes."""
    locations, _variables = protection._registry()
    names = set()
    for _label, scope, glob, _harmless, _host in locations:
        head = glob.split("/")[0]
        if scope == "project" and head and not any(ch in head for ch in "*?[{"):
            names.add(head)
    return frozenset(names)


def _changes(
    store: provenance.ObjectStore,
    target: str | None,
    head: str | None,
    prefix: str,
    out: list[tuple[str, str | None]],
    only: frozenset[str] | None = None,
) -> None:
    """(path, the target's object id, None when the target lacks it) of every file that differs between two trees,
    among the root names `only` at the top."""
    if target == head or len(out) >= MAX_CHANGED:
        return
    new = _entries(store, target) if target else {}
    old = _entries(store, head) if head else {}
    names = set(new) | set(old)
    for name in sorted(names if only is None else names & only):
        a, b = new.get(name), old.get(name)
        if a == b:
            continue
        path = f"{prefix}{name}"
        a_tree = a is not None and a[0] == b"40000"
        b_tree = b is not None and b[0] == b"40000"
        if a_tree or b_tree:
            _changes(
                store,
                a[1] if a is not None and a_tree else None,
                b[1] if b is not None and b_tree else None,
                path + "/",
                out,
            )
        if a is not None and not a_tree:
            out.append((path, a[1]))  # a file, a symlink or a submodule the target puts there
        elif a is None and b is not None and not b_tree:
            out.append((path, None))  # a file the target removes
        if len(out) >= MAX_CHANGED:
            return


def _arrived_after(store: provenance.ObjectStore, oid: str, since: float) -> bool:
    """Whether the object was stored after `since` (loose, or in a pack written after it)."""
    loose = os.path.join(store.objects, oid[:2], oid[2:])
    try:
        return os.lstat(loose).st_mtime >= since
    except OSError:
        pass
    for idx, pack in store._pack_list():
        if provenance._idx_lookup(idx, bytes.fromhex(oid), store.raw_len) is not None:
            return os.lstat(pack).st_mtime >= since
    return True  # not found: nothing says it is old


def _session_start(session_id: str) -> float | None:
    if not session_id:
        return None
    try:
        return os.lstat(provenance.baseline_path(session_id)).st_mtime
    except OSError:
        return None


def _index_entries(words: list[str]) -> list[str]:
    """The paths `git update-index --cacheinfo MODE,ID,PATH` (or MODE ID PATH) puts into the index."""
    if words[0] != "update-index":
        return []
    found, args = [], words[1:]
    for i, arg in enumerate(args):
        if arg == "--cacheinfo" and i + 1 < len(args):
            fields = args[i + 1].split(",", 2)
            if len(fields) == 3:
                found.append(fields[2])
            elif i + 3 < len(args):
                found.append(args[i + 3])
        elif arg.startswith("--cacheinfo="):
            fields = arg[len("--cacheinfo=") :].split(",", 2)
            if len(fields) == 3:
                found.append(fields[2])
    return found


def hook_config_writes(argv: list[str], cwd: str, home: str, session_id: str) -> list[tuple[str, str]]:
    """(path, what of the gate it is) of every protected file the git command would write from a commit that
    came into the repository during this session, or puts into the index by hand (update-index --cacheinfo)."""
    directory, words, moved = _git_words(argv)
    if not words:
        return []
    start = os.path.normpath(os.path.join(cwd, os.path.expanduser(directory))) if directory else cwd
    entries = _index_entries(words)
    if entries:
        try:
            repo = _repository(start, moved)
        except OSError:
            repo = None
        root = repo.worktree if repo is not None else start
        placed = []
        for path in entries:
            places = [
                p for p in protection.protected(os.path.join(root, path), home) if p.label != protection.INSTALL_LABEL
            ]
            if places:
                placed.append((path, places[0].label))
        return placed
    revisions = targets(words)
    if not revisions:
        return []
    try:
        repo = _repository(start, moved)
    except OSError:
        return []
    if repo is None:
        return []
    head = provenance.read_head(repo)
    since = _session_start(session_id)
    recorded = provenance.baseline(session_id) if session_id else None
    first = (recorded or {}).get(os.path.realpath(repo.worktree)) or None
    found: list[tuple[str, str]] = []
    for text in revisions:
        try:
            store = provenance.ObjectStore(repo, len(head) if head else 40)
            commits = [c for c in resolve(repo, store, text) if c != head]
        except (provenance._Unknown, OSError, ValueError, IndexError, UnicodeDecodeError):
            continue
        for target in commits:
            found += _writes(repo, target, head, first, since, home)
    return found


def _writes(
    repo: provenance.Repo, target: str, head: str | None, first: str | None, since: float | None, home: str
) -> list[tuple[str, str]]:
    """hook_config_writes() for one target commit."""
    found: list[tuple[str, str]] = []
    store = provenance.ObjectStore(repo, len(head) if head else 40)
    try:
        changed: list[tuple[str, str | None]] = []
        _changes(store, _root(store, target), _root(store, head) if head else None, "", changed, _anchors())
        for path, oid in changed:
            absolute = os.path.join(repo.worktree, path)
            places = [p for p in protection.protected(absolute, home) if p.label != protection.INSTALL_LABEL]
            if not places:
                continue
            if first and oid is not None and _blob_in(store, first, path) == oid:
                continue  # the file as it was at the session's first call
            arrived = target if oid is None else oid  # a file the target lacks: the commit that removes it
            if since is not None and not _arrived_after(store, arrived, since):
                continue  # the person's or the team's history
            found.append((path, places[0].label))
    except (provenance._Unknown, OSError, ValueError, IndexError, UnicodeDecodeError):
        return found
    return found


def _blob_in(store: provenance.ObjectStore, commit: str, path: str) -> str | None:
    try:
        return provenance.blob_at(store, commit, path)
    except provenance._Unknown:
        return None
