"""GNU tools under their Homebrew names on macOS: `gls`, `gcat`, `gsha256sum`, `gsed`, `ggrep`.

Reference: Homebrew's coreutils, gnu-sed and grep formulae install every GNU program with a `g`
prefix (the BSD program keeps the plain name). A `g` program is the GNU program, so its spec is
the GNU program's own spec (files, text, system, hostinfo, search families) under the second
name, not a copy of its options: a fix to `cat` is a fix to `gcat`. Its examples are the
original's with the program's name changed. Programs that hookward peels as wrappers (`env`,
`nice`, `timeout`, `nohup`, `stdbuf`, `chroot`) or that have no spec here get no `g` name.

`who` has no spec of its own in the other families; `gwho` is modelled here from
GNU coreutils 9.1 `who --help`.
"""

from __future__ import annotations

import copy

from hookward.policy.spec import Spec
from hookward.policy.specs import files, hostinfo, search, system, text

# GNU coreutils 9.1 programs (and GNU sed and grep) that Homebrew installs as g<name>.
_GNU = (
    "b2sum base32 base64 basename basenc cat chgrp chmod chown cksum comm cp csplit cut date dd df dir dirname"
    " du echo expand fmt fold head hostid id install join ln logname ls md5sum mkdir mkfifo mknod mktemp"
    " mv nl numfmt od paste pinky printf pwd readlink realpath rm rmdir seq sha1sum sha224sum sha256sum"
    " sha384sum sha512sum shuf sort split stat sum sync tac tail tee touch tr truncate tsort tty uname"
    " unexpand uniq users vdir wc whoami yes sed grep egrep fgrep"
).split()


def _renamed(spec: Spec, name: str) -> Spec:
    """The same grammar under a second program name (options, operands, judge: shared, never copied)."""
    twin = copy.copy(spec)
    twin.name = name
    twin.aliases = ()
    old = spec.name
    twin.examples = {
        (name + command[len(old) :] if command.split(" ", 1)[0] == old else command): effects
        for command, effects in spec.examples.items()
        if command.split(" ", 1)[0] == old
    }
    if not twin.examples:
        twin.examples = {f"{name} --version": ""}
    return twin


def _originals() -> dict[str, Spec]:
    found: dict[str, Spec] = {}
    for module in (files, text, system, hostinfo, search):
        for spec in module.SPECS:
            for name in (spec.name, *spec.aliases):
                found.setdefault(name, spec)
    return found


_ORIGINAL = _originals()

_WHO = Spec(
    "gwho",
    version="GNU coreutils 9.1",
    options={
        "--help --version": "flag",
        "-a --all -b --boot -d --dead -H --heading --ips -l --login -m -p --process -q --count": "flag",
        "-r --runlevel -s --short -t --time -T -w --mesg -u --users --message --writable": "flag",
        "--lookup": "flag:network",
    },
    # FILE (a utmp/wtmp file) is read; `who am i` takes two free words.
    operands="read text?",
    examples={"gwho": "", "gwho -a": "", "gwho am i": "read:am", "gwho /var/log/wtmp": "read:/var/log/wtmp"},
)

SPECS = [_renamed(_ORIGINAL[name], "g" + name) for name in _GNU if name in _ORIGINAL] + [_WHO]
