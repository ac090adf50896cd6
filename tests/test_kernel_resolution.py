"""Paths resolved by the kernel (one O_PATH open, named in /proc/self/fd) and globs matched while a directory
is listed must give exactly what os.path.realpath and glob.glob give: a difference is a way around the path
rules (a dangling symlink written through, a protected file reached by another name)."""

from __future__ import annotations

import glob
import os
import sys

import pytest
from hookward.policy import paths, shell

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="O_PATH and /proc/self/fd are Linux's")


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "t"
    (root / "dir" / "sub").mkdir(parents=True)
    (root / "dir" / "file.txt").write_text("x")
    (root / "dir" / ".hidden").write_text("x")
    (root / "dir" / "x[1].py").write_text("x")
    (root / "link-to-dir").symlink_to(root / "dir")
    (root / "link-to-file").symlink_to(root / "dir" / "file.txt")
    (root / "dangling").symlink_to(tmp_path / "nowhere" / "target")
    (root / "relative-link").symlink_to("dir/sub")
    (root / "loop-a").symlink_to(root / "loop-b")
    (root / "loop-b").symlink_to(root / "loop-a")
    os.mkfifo(root / "fifo")
    return root


CASES = [
    "",
    "dir",
    "dir/file.txt",
    "dir/sub",
    "link-to-dir",
    "link-to-dir/file.txt",
    "link-to-dir/missing/deeper",
    "link-to-file",
    "dangling",  # written through, this creates the link's target: realpath names the target
    "dangling/below",
    "relative-link",
    "relative-link/new.txt",
    "loop-a",
    "loop-a/x",
    "fifo",  # must not block: O_PATH opens nothing
    "dir/file.txt/below",  # a file with a path under it
    "missing",
    "missing/a/b/c",
]


@pytest.mark.parametrize("relative", CASES)
def test_canonical_is_realpath(tree, relative):
    path = os.path.normpath(os.path.join(str(tree), relative))
    assert paths.canonical(path, "/", "/nonexistent-home") == (path, os.path.realpath(path))


@pytest.mark.parametrize("path", ["/", "/proc/self/root", "/proc/self/cwd", "/dev/null", "/dev/stdin", "/etc"])
def test_canonical_is_realpath_for_system_and_magic_links(path):
    assert paths.canonical(path, "/", "/nonexistent-home")[1] == os.path.realpath(path)


def test_the_kernel_resolution_defers_to_realpath_for_a_dangling_symlink(tree):
    # The kernel cannot follow it, so the fast path must not append the rest as written.
    assert paths._resolve(str(tree / "dangling" / "below")) is None


def test_the_nearest_existing_directory_is_the_one_existing_dir_names(tree):
    for relative in ("dir", "dir/file.txt", "missing/a/b", "link-to-dir/missing"):
        path = os.path.normpath(os.path.join(str(tree), relative))
        found = paths._resolve(path)
        assert found is not None and found[0] == paths._existing_dir(path), relative


@pytest.mark.parametrize(
    "pattern",
    ["dir/*", "dir/.*", "dir/*.txt", "dir/?ile.txt", "dir/[fs]*", "dir/x[[]1]*", "dir/[!f]*", "*/file*", "nope/*"],
)
@pytest.mark.parametrize("hidden", [False, True])
def test_globs_expand_as_glob_does(tree, pattern, hidden):
    path = os.path.join(str(tree), pattern)
    expected = glob.glob(path, recursive=False, include_hidden=hidden)[:64] or [path]
    assert shell.expand_globs(path, hidden) == expected


def test_a_glob_stops_at_64_matches_in_listing_order(tmp_path):
    for n in range(200):
        (tmp_path / f"f{n}").write_text("")
    path = str(tmp_path / "f*")
    assert shell.expand_globs(path) == glob.glob(path)[:64]
    assert len(shell.expand_globs(path)) == 64
