"""Measure how mlir-opt 22 lays out each op's native properties in bytecode and print
``asyncgpu_opt/syntax/bytecode_props.py``.

For every lit test input and example (each chunk), upstream writes bytecode version 4 (inherent
attributes in the attribute dictionary, by name) and version 6 (native properties): the two read
in step, op by op, tell for each property slot which attribute it holds and whether it is
required (an attribute index) or optional (0, or index << 1 | 1); segment sizes come last.
Slots never seen present keep no name (an input that sets them is refused, not misread).

    .venv/bin/python scripts/gen_bytecode_props.py [paths...] > asyncgpu_opt/syntax/bytecode_props.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
REF = [str(ROOT / "scripts" / "mlir-opt-ref"), "--allow-unregistered-dialect"]
SEGMENTS = ("operandSegmentSizes", "resultSegmentSizes")


def _bytecode(text: str, version: int) -> bytes | None:
    p = subprocess.run([*REF, "-", "--emit-bytecode", f"--emit-bytecode-version={version}"],
                       input=text.encode("utf-8", "surrogateescape"), capture_output=True, timeout=120)
    return p.stdout if p.returncode == 0 else None


def _preorder(ops: list) -> list:
    out = []
    for op in ops:
        out.append(op)
        for r in op.regions:
            for b in r.blocks:
                out.extend(_preorder(list(b.ops)))
    return out


def _text(pr: Any, reader: Any, j: int) -> str | None:
    """Attribute ``j`` of ``reader`` as printed, or None (no such attribute, or not readable)."""
    try:
        return pr.attr_text(reader.attr(j)) if j < len(reader.attr_entries) else None
    except Exception:  # noqa: BLE001 - a value that is no attribute index
        return None


def _measure(text: str, layouts: dict[str, Any]) -> None:
    from asyncgpu_opt.syntax.bytecode_reader import _Reader
    from asyncgpu_opt.syntax.printer import Printer

    v4, v6 = _bytecode(text, 4), _bytecode(text, 6)
    if v4 is None or v6 is None:
        return
    ops4 = _preorder(_Reader(v4, "v4", True).read())
    pr = Printer()
    pr.local_scope = True
    seen: list[tuple[int, str, Any]] = []
    r6 = _Reader(v6, "v6", True)
    r6.on_properties = lambda i, name, c: seen.append((i, name, bytes(c.data[c.pos:c.end])))
    ops6 = _preorder(r6.read())
    for i, name, blob in seen:
        try:
            _one(ops4[i], ops6[i], name, blob, pr, r6, layouts)
        except Exception as ex:  # noqa: BLE001 - this instance is not understood: the others decide
            print(f"# {name}: {type(ex).__name__}: {ex} ({blob.hex()})", file=sys.stderr)


def _one(op4: Any, op6: Any, name: str, blob: bytes, pr: Any, r6: Any, layouts: dict[str, Any]) -> None:  # noqa: C901
    """One op instance: its slots from the two encodings, merged into ``layouts[name]``."""
    if True:
        inherent = {k: pr.attr_text(v) for k, v in op4.attributes.items() if k not in op6.attributes}
        segs = tuple(s for s in SEGMENTS if s in inherent)
        names = sorted(k for k in inherent if k not in SEGMENTS)
        from asyncgpu_opt.syntax.bytecode_reader import _Cursor, _sparse_array

        c = _Cursor(blob)
        slots: list[tuple[str | None, bool | None]] = []
        k = 0
        while c.pos < c.end:
            start = c.pos
            v = c.varint()
            want = inherent[names[k]] if k < len(names) else None
            if want is not None and _text(pr, r6, v) == want:
                slots.append((names[k], True))
                k += 1
            elif want is not None and v & 1 and _text(pr, r6, v >> 1) == want:
                slots.append((names[k], False))
                k += 1
            elif v == 0:
                slots.append((None, False))
            else:  # the segment sizes follow
                c.pos = start
                break
        from asyncgpu_opt.ir.registry import lookup_opdef

        od = lookup_opdef(name)
        for seg in segs:
            _sparse_array(c, len((od.operands if seg == "operandSegmentSizes" else od.results) if od else ()))
        if c.pos != c.end or k != len(names):
            print(f"# {name}: layout not understood", file=sys.stderr)
            layouts.setdefault(name, None)
            return
        old = layouts.get(name, "new")
        if old is None:
            return
        if old == "new":
            layouts[name] = (slots, segs)
            return
        if len(old[0]) != len(slots) or old[1] != segs:
            print(f"# {name}: layouts differ between inputs", file=sys.stderr)
            layouts[name] = None
            return
        layouts[name] = ([(a[0] or b[0], a[1] if a[0] else b[1]) for a, b in zip(old[0], slots)], segs)


def main() -> None:
    paths = [Path(p) for p in sys.argv[1:]] or sorted([*ROOT.glob("lit_tests/**/*.mlir"),
                                                        *ROOT.glob("examples/*.mlir")])
    layouts: dict[str, Any] = {}
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        for chunk in text.split("// -----") if "// -----" in text else [text]:
            try:
                _measure(chunk, layouts)
            except Exception as ex:  # noqa: BLE001 - an input the reader cannot take: skipped
                print(f"# {path}: {type(ex).__name__}: {ex}", file=sys.stderr)
    from asyncgpu_opt.ir.registry import lookup_opdef

    for name, lay in layouts.items():  # slots never seen present: named from the op's definition
        od = lookup_opdef(name)
        if lay is None or od is None:
            continue
        props = sorted(od.props)
        if len(props) == len(lay[0]) and all(n is None or n == p for (n, _), p in zip(lay[0], props)):
            layouts[name] = ([(p, r) for (_, r), p in zip(lay[0], props)], lay[1])
    print(render(layouts), end="")


def render(layouts: dict[str, Any]) -> str:
    """The text of ``bytecode_props.py`` for ``layouts`` (ruff-clean: one slot a line when long)."""
    doc = Path(ROOT / "asyncgpu_opt/syntax/bytecode_props.py").read_text().split("LAYOUTS:")[0]
    out = [doc + "LAYOUTS: dict[str, tuple[tuple[tuple[str | None, bool], ...], tuple[str, ...]]] = {"]
    for name in sorted(layouts):
        lay = layouts[name]
        if lay is None:
            continue
        slots = [f'({"None" if n is None else chr(34) + n + chr(34)}, {bool(r)})' for n, r in lay[0]]
        segs = "(" + "".join(f'"{g}", ' for g in lay[1]).rstrip(" ") + ")"
        one = f'    "{name}": (({", ".join(slots)}{"," if len(slots) == 1 else ""}), {segs}),'
        if len(one) <= 120:
            out.append(one)
            continue
        out.append(f'    "{name}": ((')
        out += [f"        {sl}," for sl in slots]
        out.append(f"    ), {segs}),")
    out.append("}")
    return "\n".join(out) + "\n"

if __name__ == "__main__":
    main()
