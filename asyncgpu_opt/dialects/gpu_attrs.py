"""Canonical text of the gpu dialect's target and object attributes, as upstream prints them:
``#nvvm.target`` / ``#rocdl.target`` without parameters at their defaults (declaration order),
``#gpu.object<target, (properties = dict,)? (kernels = <[metadata...]>,)? (format =)? "...">``
with the default ``fatbin`` format elided, dictionaries in canonical form and the kernel table
sorted by kernel name.  The attributes stay ``OpaqueAttr`` text; ``reparse`` renders a builtin
attribute's text canonically (the caller's parser)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..ir import attributes as A

A.register_keyword_attr("gpu.address_space", A.KeywordSpec(("global", "workgroup", "private"),
                                                            "::mlir::gpu::AddressSpace"))


def _parse_select_object(p: Any, pos: int) -> A.Attribute:
    """``#gpu.select_object`` (`<` attribute `>`)?: the parameter is a generic attribute, so ``<0>``
    prints back as ``<0 : i64>``."""
    p.pos = p.last_end = pos
    if not p.text.startswith("<", pos):
        return A.SelectObjectAttr()
    p.pos = pos + 1
    target = p.parse_attribute()
    p.parse_punct(">")
    return A.SelectObjectAttr(target)


A.register_attr_parser("gpu.select_object", _parse_select_object)

# (parameter, default text) in declaration order (NVVMOps.td / ROCDLOps.td target attributes)
_TARGET_PARAMS = {
    "nvvm": (("O", "2"), ("triple", '"nvptx64-nvidia-cuda"'), ("chip", '"sm_50"'), ("features", None),
             ("flags", None), ("link", None)),
    "rocdl": (("O", "2"), ("triple", '"amdgcn-amd-amdhsa"'), ("chip", '"gfx900"'), ("features", '""'),
              ("abi", '"600"'), ("flags", None), ("link", None)),
}
_TARGET = re.compile(r"#(nvvm|rocdl)\.target(?:<(.*)>)?\Z", re.S)
_FORMATS = ("offload", "assembly", "bin", "fatbin")


def split_top(s: str) -> list[str]:
    """Split at commas outside brackets and strings (``->`` is not a bracket)."""
    out, depth, start, i, n = [], 0, 0, 0, len(s)
    while i < n:
        c = s[i]
        if c == '"':
            i += 1
            while i < n and s[i] != '"':
                i += 2 if s[i] == "\\" else 1
        elif c in "<{[(":
            depth += 1
        elif c in "}])" or (c == ">" and s[i - 1] != "-"):
            depth -= 1
        elif c == "," and depth == 0:
            out.append(s[start:i].strip())
            start = i + 1
        i += 1
    tail = s[start:].strip()
    if tail:
        out.append(tail)
    return out


def _key_value(part: str) -> tuple[str, str]:
    k, _, v = part.partition("=")
    return k.strip(), v.strip()


def canonical_target(text: str) -> str:
    m = _TARGET.match(text.strip())
    if not m:
        return text
    params = _TARGET_PARAMS[m.group(1)]
    given = dict(_key_value(p) for p in split_top(m.group(2) or ""))
    kept = [f"{k} = {given[k]}" for k, default in params if k in given and given[k] != default]
    return f"#{m.group(1)}.target" + (f"<{', '.join(kept)}>" if kept else "")


def _canonical_metadata(text: str, reparse: Callable[[str], str]) -> tuple[str, str]:
    parts = split_top(text[len("#gpu.kernel_metadata<"):-1])
    name, ftype = parts[0], parts[1]
    extra = dict(_key_value(p) for p in parts[2:])
    s = f"#gpu.kernel_metadata<{name}, {ftype}"
    for k in ("arg_attrs", "metadata"):
        if k in extra:
            s += f", {k} = {reparse(extra[k])}"
    return name, s + ">"


def _canonical_table(text: str, reparse: Callable[[str], str]) -> str:
    body = text[len("#gpu.kernel_table<"):-1] if text.startswith("#gpu.kernel_table<") else text[1:-1]
    body = body.strip()
    items = split_top(body[1:-1]) if body.startswith("[") else []
    mds = sorted(_canonical_metadata(t, reparse) for t in items)
    return "<[" + ", ".join(t for _, t in mds) + "]>"


def canonical_object(text: str, reparse: Callable[[str], str]) -> str:
    if not text.startswith("#gpu.object<"):
        return text
    parts = split_top(text[len("#gpu.object<"):-1])
    s = "#gpu.object<" + canonical_target(parts[0])
    for part in parts[1:]:
        k, v = _key_value(part) if not part.startswith('"') else ("", part)
        if k == "properties":
            s += f", properties = {reparse(v)}"
        elif k == "kernels":
            s += f", kernels = {_canonical_table(v, reparse)}"
        elif k in _FORMATS and k != "fatbin":
            s += f", {k} = {v}"
        else:
            s += f", {v}"
    return s + ">"


def canonical_array(a: A.Attribute, fn: Callable[[str], str]) -> A.Attribute:
    """An ArrayAttr whose opaque elements are rewritten by ``fn`` (others kept)."""
    if not isinstance(a, A.ArrayAttr):
        return a
    return A.ArrayAttr([A.OpaqueAttr(fn(e.text)) if isinstance(e, A.OpaqueAttr) else e for e in a.elements])
