"""LLVM ``cl::opt`` conventions on top of click's parser (what ``cli.py`` feeds click).

mlir-opt's options are LLVM command-line options:

    option     ::= (`-` | `--`) name (`=` value)?        single and double dash alike
    bool value ::= `` | true | TRUE | True | 1 | false | FALSE | False | 0   (empty: true)
    uint value ::= decimal digits

``normalize_argv`` rewrites an mlir-opt command line into click's form (double dash, booleans as
flags, value-optional options always ``=``-joined) and raises ``ArgvError`` with mlir-opt's
message (``Unknown command line argument ...``, ``Did you mean ...``, ``invalid value for boolean
argument``) for what click would reject differently.
"""

from __future__ import annotations

from collections.abc import Iterable

import click

_TRUE = ("", "true", "TRUE", "True", "1")
_FALSE = ("false", "FALSE", "False", "0")


class ArgvError(Exception):
    """A command-line error, already in mlir-opt's words (one or more lines, no program prefix)."""


def parse_bool(flag: str, value: str) -> bool:
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ArgvError(f"for the --{flag} option: '{value}' is invalid value for boolean argument! Try 0 or 1")


class UInt(click.ParamType):
    """``cl::opt<unsigned>``: a non-negative decimal number (mlir-opt's error text otherwise)."""

    name = "uint"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value)
        if not text.isdigit():
            raise ArgvError(f"for the --{param.opts[0].lstrip('-') if param else '?'} option: '{text}' value "
                            "invalid for uint argument!")
        return int(text)


class Long(click.ParamType):
    """``cl::opt<int64_t>``: a decimal number, possibly negative (mlir-opt's error text otherwise)."""

    name = "long"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value)
        if not text.lstrip("-").isdigit() or text.count("-") > 1 - (not text.startswith("-")):
            raise ArgvError(f"for the --{param.opts[0].lstrip('-') if param else '?'} option: '{text}' value "
                            "invalid for long argument!")
        return int(text)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, replacements), as LLVM's ``edit_distance``."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def nearest(name: str, candidates: Iterable[str]) -> str | None:
    """The option closest to ``name`` (ties: the alphabetically first), spelled as mlir-opt
    suggests it: ``-x`` for one letter, ``--name`` otherwise."""
    best: tuple[int, str] | None = None
    for c in sorted(candidates):
        d = edit_distance(name, c)
        if best is None or d < best[0]:
            best = (d, c)
    if best is None:
        return None
    return ("-" if len(best[1]) == 1 else "--") + best[1]


def unknown(arg: str, candidates: Iterable[str]) -> ArgvError:
    name = arg.lstrip("-").split("=", 1)[0]
    msg = f"Unknown command line argument '{arg}'.  Try: 'asyncgpu-opt --help'"
    hint = nearest(name, candidates)
    if hint:
        msg += f"\nasyncgpu-opt: Did you mean '{hint}'?"
    return ArgvError(msg)


def option_tables(params: Iterable[click.Parameter]) -> tuple[set[str], set[str], dict[str, str], set[str]]:
    """(long names, short letters, boolean flag -> its off spelling or '', names that take a value)
    of click's options, names without dashes."""
    longs: set[str] = set()
    shorts: set[str] = set()
    bools: dict[str, str] = {}
    valued: set[str] = set()
    for p in params:
        if not isinstance(p, click.Option):
            continue
        for o in p.opts + p.secondary_opts:
            (longs if o.startswith("--") else shorts).add(o.lstrip("-"))
        if p.is_flag and not p.count:
            off = p.secondary_opts[0].lstrip("-") if p.secondary_opts else ""
            for o in p.opts:
                if o.startswith("--"):
                    bools[o[2:]] = off
        elif not p.is_flag:
            valued.update(o.lstrip("-") for o in p.opts)
    return longs, shorts, bools, valued


def normalize_argv(argv: list[str], params: Iterable[click.Parameter], value_optional: set[str]) -> list[str]:
    """Rewrite mlir-opt spellings into click's (see the module docstring).  ``value_optional``
    names options whose value is only ever ``=``-joined (pass flags, ``--split-input-file``):
    they never take the next argument as their value."""
    longs, shorts, bools, valued = option_tables(params)
    out: list[str] = []
    takes_next = False
    for i, a in enumerate(argv):
        if takes_next or a == "-" or not a.startswith("-"):
            out.append(a)
            takes_next = False
            continue
        if a == "--":
            out.extend(argv[i:])
            break
        body = a[2:] if a.startswith("--") else a[1:]
        name, eq, value = body.partition("=")
        if name in longs:
            if name in bools and eq:
                if parse_bool(name, value):
                    out.append("--" + name)
                elif bools[name]:
                    out.append("--" + bools[name])
                else:  # the last occurrence wins, as in LLVM
                    out = [x for x in out if x != "--" + name]
                continue
            if name in value_optional and not eq:
                out.append(f"--{name}=")
                continue
            out.append("--" + body)
            takes_next = name in valued and not eq
            continue
        if not a.startswith("--") and name[:1] in shorts:  # -o FILE, -O3, -e main, -h
            out.append(a)
            takes_next = len(name) == 1 and name in shorts and name != "h"
            continue
        raise unknown(a, longs | shorts)
    return out
