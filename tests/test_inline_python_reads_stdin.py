"""Inline Python that reads piped JSON or text and prints parts of it passes, judged by its syntax tree.

What is allowed beyond literal prints: `json.load`, `sys.stdin` (read, readline, readlines, iteration),
`sys.stdout.write`, names the code binds itself (assignments, `for`, `if`), and a short list of pure methods
of builtin types. Each hostile case below is one way an attacker would reach past that list: a module held
in a name (its functions answer to the pure method names: `x.replace` on `os` renames a file), a module
function handed on as a value, a rebound builtin, a format string, a stream's other methods, loops and
functions that the judge does not model. Commands are only analysed, never run.
"""

from __future__ import annotations

import shlex

import pytest
from hookward.verdicts.decision import Verdict

from tests.spec_redteam_support import shell

ASK, FORCE_ASK, DENY = Verdict.ASK, Verdict.FORCE_ASK, Verdict.DENY


def python_c(code: str) -> str:
    return "python3 -c " + shlex.quote(code)


@pytest.mark.parametrize(
    "code",
    [
        "import sys,json; d=json.load(sys.stdin); print(d['name'])",
        'import json,sys; [print(x["id"]) for x in json.load(sys.stdin)]',
        "import sys; print(sys.stdin.read().count('\\n'))",
        "import sys,json\nd=json.load(sys.stdin)\nfor k, v in d.items(): print(k, v)",
        "import sys,json; print(json.dumps(json.load(sys.stdin), indent=2))",
        "import json, sys; d = json.load(sys.stdin); print(d.get('version', 'none'))",
        "import sys\nfor line in sys.stdin:\n    if line.startswith('#'):\n        continue\n    sys.stdout.write(line.upper())",
        "import sys\nn = 0\nfor line in sys.stdin.readlines():\n    n += len(line.split())\nprint(n)",
        "import sys; first, *rest = sys.stdin.readline().split(','); print(first.strip(), len(rest))",
        "import json,sys\nfor x in json.load(sys.stdin):\n    if x['ok']:\n        print(x['id'])\n        break",
        "import json,sys; d=json.load(sys.stdin); print(sorted(d, key=d.get)[:3])",
        "import json,sys; names=[]\nfor p in json.load(sys.stdin)['items']: names.append(p['name'])\nprint(', '.join(names))",
        "import sys; print('x', file=sys.stderr)",
    ],
)
def test_inline_python_printing_parts_of_piped_data_passes(project, code):
    assert shell(python_c(code), project).verdict == Verdict.ALLOW


def test_piped_json_into_such_code_passes(project):
    command = "cat package.json | python3 -c 'import json,sys; print(json.load(sys.stdin)[\"version\"])'"
    assert shell(command, project).verdict == Verdict.ALLOW


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        # The code is harmless; what it is fed or where its output goes is judged as always.
        ('python3 -c "import sys; print(sys.stdin.read())" < ~/.ssh/id_rsa', "floor.credentials"),
        ('cat ~/.aws/credentials | python3 -c "import sys; print(sys.stdin.read())"', "floor.credentials"),
        ("python3 -c \"import sys,json; print(json.load(sys.stdin)['a'])\" > ~/.bashrc", "floor.persistence"),
    ],
)
def test_what_harmless_code_reads_or_writes_is_still_judged(project, command, rule):
    decision = shell(command, project)
    assert decision.verdict == DENY
    assert rule in decision.rule_ids


@pytest.mark.parametrize(
    ("code", "verdict"),
    [
        # A module held in a name or handed on: `os.replace` answers to the pure method name `replace`.
        ("import os; x = os; x.replace('a', 'b')", ASK),
        ("import os; [x.replace('a', 'b') for x in [os]]", ASK),
        ("import os\nfor m in (os,):\n    m.replace('a', 'b')", ASK),
        ("import sys; print(sys)", ASK),
        # A module name rebound: `sys.version` would be something else.
        ("import sys\nfor sys in [1]:\n    pass", ASK),
        ("import sys; sys = {'stdin': 1}; print(sys.stdin)", ASK),
        ("import json; [0 for json in [1]]", ASK),
        # A module function handed on as a value and called by the function it is handed to.
        ("import platform; sorted(['/etc/shadow'], key=platform.architecture)", FORCE_ASK),
        ("import platform; print(max(['/root/x'], key=platform.architecture))", ASK),
        ("import json; j = json.loads; print(j('1'))", ASK),
        ("import os; f = os.getcwd; print(f())", ASK),
        # A builtin rebound or called through a name.
        ("print = license; print()", ASK),
        ("len = dir\nprint(len())", ASK),
        ("x = input; x()", ASK),
        ("x = print; x('a')", ASK),
        ("license()", ASK),
        ("print(isinstance(1, int))", ASK),
        # Forbidden names, as ever.
        ("import json,sys; json.load(sys.stdin, object_hook=exec)", ASK),
        ("print(open('/etc/hostname').read())", ASK),
        ("print(vars())", ASK),
        ("print(globals())", ASK),
        ("print(type(1))", ASK),
        ("print(getattr(1, 'real'))", ASK),
        # Format strings reach attributes: never `format` / `format_map`, on a literal or through a name.
        ("print('{0.real}'.format(1))", ASK),
        ("x = '{0.real}'; print(x.format(1))", ASK),
        ("print('{x.real}'.format_map({'x': 1}))", ASK),
        ("x = str.format; print(x('{0.real}', 1))", ASK),
        # The standard streams: only their listed methods, only where they are called.
        ("import sys; sys.stdin.buffer.read()", ASK),
        ("import sys; print(sys.stdin.fileno())", ASK),
        ("import sys; f = sys.stdin; print(f.read())", ASK),
        ("import sys; w = sys.stdout.write; w('x')", ASK),
        ("import sys; sys.stdout.writelines(['x'])", ASK),
        ("import sys; print(sys.stdin.readline.__self__)", ASK),
        # Other module attributes, as ever.
        ("import sys; print(sys.argv)", ASK),
        ("import sys; print(sys.modules['os'].system('id'))", FORCE_ASK),
        ("import os; print(os.environ.get('AWS_SECRET_ACCESS_KEY'))", FORCE_ASK),
        ("import os; e = os.environ; print(e)", FORCE_ASK),
        ("import sys; print(sys.flags)", ASK),
        # Attributes of objects other than the pure methods, dunder or not.
        ("d = {}; print(d.__class__)", ASK),
        ("d = {}; print(d.pop('x'))", ASK),
        ("print((1).real)", ASK),
        ("x = 'a'; print(x._y)", ASK),
        ("d = {}; print(d.get('x')(1))", ASK),
        # Stores into attributes.
        ("import math; math.pi = 3", ASK),
        ("import sys\nfor sys.maxsize in [1]:\n    pass", ASK),
        ("import sys; sys.stdout = sys.stderr", ASK),
        # Statements the judge does not model.
        ("while True:\n    pass", ASK),
        ("f = lambda: 0", ASK),
        ("def f():\n    pass", ASK),
        ("try:\n    pass\nexcept Exception:\n    pass", ASK),
        ("from json import loads; print(loads('1'))", ASK),
        ("global x", ASK),
        ("import json as j; print(j.dumps(1))", ASK),
        ("import subprocess; subprocess.run(['id'])", FORCE_ASK),
        ("print(x := 1)", ASK),
        ("a = 'x'; del a", ASK),
    ],
)
def test_inline_python_reaching_past_the_judge_is_not_allowed(project, code, verdict):
    decision = shell(python_c(code), project)
    assert decision.verdict == verdict, (code, decision.verdict, decision.reasons)
    assert "floor.not-understood" in decision.rule_ids
