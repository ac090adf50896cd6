"""hookward: one policy gate for every coding agent's tool calls.

Installed, the pipeline's stages are subpackages of this one (`hookward.policy`,
`hookward.adapters`, `hookward.verdicts`, `hookward.compat`); pyproject.toml
maps the repository's top-level folders there. Run from a source checkout
(tests, `python -m hookward` in the tree), the folders sit beside this one, so
the package path gains the checkout root. Installed, the subpackages are inside
this folder and nothing is added.
"""

import os as _os

_here = _os.path.dirname(__file__)
if not _os.path.isdir(_os.path.join(_here, "policy")):
    _root = _os.path.dirname(_here)
    if _os.path.isfile(_os.path.join(_root, "policy", "engine.py")) and _os.path.isfile(
        _os.path.join(_root, "pyproject.toml")
    ):
        __path__.append(_root)  # noqa: F821  (a package's __path__)
