"""hookward: one policy gate for every coding agent's tool calls.

Installed, the pipeline's stages are subpackages of this one (`hookward.policy`,
`hookward.adapters`, `hookward.verdicts`, `hookward.compat`); pyproject.toml
maps the repository's top-level folders there. Run from a source checkout
(tests, `python -m hookward` in the tree), the folders sit beside this one, so
the package path gains the checkout root. Installed, the subpackages are inside
this folder and nothing is added.
"""

import posix as _posix  # built in: `os` would cost the launcher's warm client about a millisecond


def _kind(path: str) -> int:
    try:
        return _posix.stat(path).st_mode & 0o170000
    except OSError:
        return 0


_here = __file__.rpartition("/")[0] or "."
if _kind(_here + "/policy") != 0o040000:
    _root = _here.rpartition("/")[0]
    if _kind(_root + "/policy/engine.py") == 0o100000 and _kind(_root + "/pyproject.toml") == 0o100000:
        __path__.append(_root)  # noqa: F821  (a package's __path__)
