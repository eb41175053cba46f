#!/usr/bin/env python3
"""Generate MLIR-style FileCheck lines for a round-trip test from upstream output.

Usage: generate-checks.py SRC OUT --run 'RUN line' [--run ...] [-- upstream flags...]

SRC is a plain .mlir input (no CHECK lines).  Each `// -----` chunk is run through
upstream mlir-opt (scripts/mlir-opt-ref) with the given flags; the printed top-level ops
("units") are paired in order with the input's top-level ops, and a block of checks is
inserted before each input unit:

  * CHECK-LABEL on the unit's first line up to its symbol name, CHECK-SAME for the rest;
  * CHECK-NEXT for every following line of the unit;
  * numbered SSA values and %argN are captured (%[[V0:.*]] / %[[ARG0]]); asm names
    such as %c0, %memref, %asyncToken are checked literally.

SRC may be an existing test: its RUN and CHECK lines are dropped first, so
  generate-checks.py lit_tests/Dialect/gpu/ops.mlir lit_tests/Dialect/gpu/ops.mlir \
      --run 'asyncgpu-opt %s | asyncgpu-opt | filecheck %s' \
      --run 'asyncgpu-opt %s --mlir-print-op-generic | asyncgpu-opt | filecheck %s'
regenerates it in place (pass upstream flags after `--`).  Review the diff: the
checks encode upstream's output, which is the spec.

This is a maintainer tool (not a test); lit does not collect it.
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REF = os.path.join(HERE, "..", "..", "scripts", "mlir-opt-ref")
SPLIT = "// -----"
SSA = re.compile(r"%[A-Za-z0-9_$.\-]+")


def escape_literal_safe(s):
    out, i = [], 0
    while i < len(s):
        if s.startswith("[[", i):
            out.append("{{\\[\\[}}")
            i += 2
        elif s.startswith("{{", i):
            out.append("{{\\{\\{}}")
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def var_name(tok):
    name = tok[1:]
    if name.isdigit():
        return "V" + name
    return re.sub(r"[^A-Za-z0-9_]", "_", name.replace("-", "N")).upper()


def is_captured(tok):
    name = tok[1:]
    return name.isdigit() or re.fullmatch(r"arg\d+", name) is not None


def convert(line, scopes):
    """Turn one output line into a check pattern (without the directive).

    `scopes` is a stack of sets of names already defined in the enclosing regions; a
    name is a definition when it is a result, a `%x: type` or `%x = ...` binding, or
    not visible yet.  Lines opening a region push a scope, lines starting with `}` pop.
    """
    text = line.strip()
    if text.startswith(("}", ")")):
        if len(scopes) > 1:
            scopes.pop()
        if text.endswith("{"):
            scopes.append(set())
    opens = text.endswith("{") and not text.startswith("}")
    inner = set()
    eq = text.find(" = ")
    result_end = eq if (eq > 0 and text.startswith("%")) else -1
    pieces, lit, i = [], [], 0
    in_str = False
    while i < len(text):
        ch = text[i]
        if in_str:
            lit.append(ch)
            if ch == "\\" and i + 1 < len(text):
                lit.append(text[i + 1])
                i += 2
                continue
            if ch == '"':
                in_str = False
            i += 1
            continue
        if ch == '"':
            in_str = True
            lit.append(ch)
            i += 1
            continue
        m = SSA.match(text, i) if ch == "%" else None
        if m and is_captured(m.group(0)):
            tok = m.group(0)
            v = var_name(tok)
            after = text[m.end():m.end() + 2]
            after3 = text[m.end():m.end() + 3]
            visible = any(tok in sc for sc in scopes) or tok in inner
            is_def = i < result_end or after == ": " or after3 == " = " or not visible
            pieces.append(escape_literal_safe("".join(lit)))
            lit = []
            pieces.append(f"%[[{v}:.*]]" if is_def else f"%[[{v}]]")
            if i < result_end or not opens:
                scopes[-1].add(tok)
            else:
                inner.add(tok)
            i = m.end()
            continue
        lit.append(ch)
        i += 1
    pieces.append(escape_literal_safe("".join(lit)))
    if opens:
        scopes.append(inner)
    res = "".join(pieces)
    if re.fullmatch(r"[a-z_]+\.[a-z_.]+", res):
        # A bare op name: pin the line end so e.g. `gpu.wait` does not match
        # `gpu.wait [%0]` (upstream prints `gpu.wait ` with a trailing space).
        res += "{{ *$}}"
    return res


def split_units(lines, level):
    """Group lines into top-level units at indentation `level`."""
    units, cur = [], None
    for idx, ln in enumerate(lines):
        ind = len(ln) - len(ln.lstrip(" "))
        s = ln.strip()
        if ind == level and s and not s.startswith(("}", ")", "//", "^")) and not re.match(r"[#!][\w.$-]+ = ", s):
            cur = [idx]
            units.append(cur)
        elif cur is not None and s:
            cur.append(idx)
    return units


def parse_output(out):
    lines = out.rstrip("\n").split("\n")
    header = []
    i = 0
    while i < len(lines) and re.match(r"[#!][\w.$-]+ = ", lines[i]):
        header.append(lines[i])
        i += 1
    body = lines[i:]
    if body and body[0].startswith("module") and body[-1] == "}" and \
            sum(1 for ln in body if ln and not ln.startswith((" ", "}"))) == 1:
        if body[0] != "module {":
            header.append(body[0])
        inner = body[1:-1]
        return header, [[inner[j] for j in u] for u in split_units(inner, 2)]
    return header, [[body[j] for j in u] for u in split_units(body, 0)]


def input_units(lines):
    tops = [ln for ln in lines if ln and not ln.startswith((" ", "}", ")", "//", "#", "!", "^"))]
    if len(tops) == 1 and tops[0].startswith("module"):
        return split_units(lines, 2)
    return split_units(lines, 0)


def checks_for_unit(ulines, seen):
    out = []
    first = ulines[0].strip()
    m = re.match(r'([^%]*?@[\w$.\-]+|[^%]*?"@[^"]*")', first) if "@" in first else None
    if m and "%" not in m.group(1) and "[[" not in m.group(1) and "{{" not in m.group(1):
        end = m.end() + (1 if first[m.end():m.end() + 1] == "(" else 0)
        out.append("// CHECK-LABEL: " + first[:end])
        rest = first[end:]
        if rest.strip():
            out.append("// CHECK-SAME: " + convert(rest, seen).lstrip())
    else:
        out.append("// CHECK: " + convert(first, seen))
    for ln in ulines[1:]:
        out.append("// CHECK-NEXT: " + convert(ln, seen))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--run", action="append", default=[])
    ap.add_argument("--preamble", default="")
    ap.add_argument("--checks-only", action="store_true",
                    help="write only the check lines (for a .test file whose input lives elsewhere)")
    argv = sys.argv[1:]
    flags = argv[argv.index("--") + 1:] if "--" in argv else []
    a = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    a.flags = flags
    src = open(a.src).read()
    # Regenerating an existing test in place: drop its RUN and CHECK lines first.
    src = "\n".join(ln for ln in src.split("\n")
                    if not re.match(r"\s*// (RUN|CHECK[A-Z-]*):", ln)).lstrip("\n")
    chunks = src.split(SPLIT + "\n") if SPLIT in src else [src]
    result = []
    for ci, chunk in enumerate(chunks):
        r = subprocess.run([REF, "-", *a.flags], input=chunk, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"upstream rejected chunk {ci}:\n{r.stderr}")
        header, ounits = parse_output(r.stdout)
        if a.checks_only:
            lines = ["// CHECK: " + escape_literal_safe(h) for h in header]
            for ou in ounits:
                lines.extend(checks_for_unit(ou, [set()]))
            result.append("\n".join(lines) + "\n")
            continue
        ilines = chunk.rstrip("\n").split("\n")
        iunits = input_units(ilines)
        if len(iunits) != len(ounits):
            sys.exit(f"chunk {ci}: {len(iunits)} input units vs {len(ounits)} output units\n" +
                     "\n".join(ilines[u[0]] for u in iunits) + "\n---\n" + "\n".join(u[0] for u in ounits))
        inserts = {}
        for iu, ou in zip(iunits, ounits):
            block = checks_for_unit(ou, [set()])
            inserts[iu[0]] = block
        new = []
        hdr_done = not header
        for idx, ln in enumerate(ilines):
            if idx in inserts:
                if not hdr_done:
                    new.extend("// CHECK: " + escape_literal_safe(h) for h in header)
                    new.append("")
                    hdr_done = True
                ind = " " * (len(ln) - len(ln.lstrip(" ")))
                new.extend(ind + c for c in inserts[idx])
            new.append(ln)
        result.append("\n".join(new).strip("\n") + "\n")
    body = ("\n" + SPLIT + "\n\n").join(r if i == 0 else r for i, r in enumerate(result))
    head = "".join(f"// RUN: {r}\n" for r in a.run) + (a.preamble + "\n" if a.preamble else "") + "\n"
    with open(a.out, "w") as f:
        f.write(head + body)


if __name__ == "__main__":
    main()
