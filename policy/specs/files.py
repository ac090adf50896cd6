"""Files: coreutils and friends that list, copy, move, link, remove and change files.

Reference: GNU coreutils 9.1 (Debian bookworm), `--help` of each program.
"""

from __future__ import annotations

from hookward.policy.spec import Spec

_COMMON = {"--help --version": "flag"}

SPECS = [
    Spec(
        "cat",
        version="GNU coreutils 9.1",
        options={
            **_COMMON,
            "-A --show-all -b --number-nonblank -e -E --show-ends -n --number -s --squeeze-blank": "flag",
            "-t -T --show-tabs -u -v --show-nonprinting": "flag",
        },
        operands="read*",
        examples={"cat README.md": "read:README.md", "cat -n a b": "read:a read:b"},
    ),
    Spec(
        "shuf",
        version="GNU coreutils 9.1",
        options={
            **_COMMON,
            "-e --echo": "flag>text*",
            "-i --input-range -n --head-count": "val",
            "-o --output": "val:write",
            "--random-source": "val:read",
            "-r --repeat -z --zero-terminated": "flag",
        },
        operands="read?",
        examples={"shuf -e X -o ~/.bashrc": "write:~/.bashrc", "shuf -n 3 list.txt": "read:list.txt"},
    ),
    Spec(
        "cp",
        version="GNU coreutils 9.1",
        options={
            **_COMMON,
            "-a --archive": "flag:recursive",
            "-r -R --recursive": "flag:recursive",
            "--attributes-only -b -d -f --force -i --interactive -H -L --dereference -n --no-clobber": "flag",
            "-P --no-dereference -p -s --symbolic-link -u -v --verbose -x --one-file-system": "flag",
            "--backup --preserve --no-preserve --reflink --sparse --update": "opt",
            "--copy-contents --debug --parents --remove-destination --strip-trailing-slashes -T --no-target-directory": "flag",
            "-S --suffix": "val",
            "-l --link": "flag:link",
            "-t --target-directory": "val>read+:dest",
            "-Z --context": "opt",
        },
        operands="read+ dest",
        examples={"cp a b": "read:a dest:b", "cp -r src ~/.config": "recursive read:src dest:~/.config"},
    ),
]
