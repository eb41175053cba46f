"""Crash reproducers (``--mlir-pass-pipeline-crash-reproducer``, ``--run-reproducer``).

When a pass fails, the IR the pipeline started from is written with the pipeline in mlir-opt's
file-metadata form, which upstream mlir-opt and asyncgpu-opt both read back::

    <the input IR, printed>

    {-#
      external_resources: {
        mlir_reproducer: {
          pipeline: "builtin.module(func.func(async-region{...}),gpu-to-runtime{...})",
          disable_threading: true,
          verify_each: true
        }
      }
    #-}
"""

from __future__ import annotations

import re
from typing import Any

from .diagnostics import Diagnostic


def pipeline_string(nest: Any) -> str:
    """One-line textual pipeline, every option spelled out (``printAsTextualPipeline``)."""
    from .passes.pipeline import Nest

    parts = []
    for it in nest.items:
        if isinstance(it, Nest):
            parts.append(pipeline_string(it))
        else:
            opts = it.pass_.options_text().strip()
            parts.append(it.argument + ("{" + opts + "}" if opts else ""))
    return f"{nest.op_name}({','.join(parts)})"


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def reproducer_text(ir: str, nest: Any, verify_each: bool) -> str:
    """``ir`` (the printed module, ending in a newline) followed by the reproducer metadata."""
    return (ir + "\n{-#\n  external_resources: {\n    mlir_reproducer: {\n"
            f"      pipeline: {_quote(pipeline_string(nest))},\n"
            "      disable_threading: true,\n"
            f"      verify_each: {'true' if verify_each else 'false'}\n"
            "    }\n  }\n#-}\n")


def failure_diagnostic(root: Any, entry: Any, op: Any, path: str, error: str | None) -> Diagnostic:
    """mlir-opt's report after a failed pass: an error on the top-level op and a note naming the
    pass, the op it ran on and where the reproducer is (or why it could not be written)."""
    cpp = type(entry.pass_).cpp_name or type(entry.pass_).__name__
    what = f"`{cpp}` on '{op.name}' operation"
    sym = op.attributes.get("sym_name") if op is not root or op.name != "builtin.module" else None
    if sym is not None and hasattr(sym, "value"):
        what += f": @{sym.value}"
    where = f"failed to create output stream: {error}" if error else f"reproducer generated at `{path}`"
    note = Diagnostic("note", f"Pipeline failed while executing [{what}]: {where}", root.loc)
    return Diagnostic("error", "Failures have been detected while processing an MLIR pass pipeline", root.loc,
                      [note])


_RESOURCE = re.compile(r"mlir_reproducer\s*:\s*\{(?P<body>(?:[^{}\"]|\"(?:[^\"\\]|\\.)*\")*)\}")
_PIPELINE = re.compile(r"\bpipeline\s*:\s*\"(?P<s>(?:[^\"\\]|\\.)*)\"")
_VERIFY = re.compile(r"\bverify_each\s*:\s*(?P<b>true|false)")


def _unquote(s: str) -> str:
    def esc(m: re.Match[str]) -> str:
        t = m.group(1)
        if t in ('"', "\\"):
            return t
        if t == "n":
            return "\n"
        if t == "t":
            return "\t"
        return chr(int(t, 16))

    return re.sub(r"\\([\"\\nt]|[0-9a-fA-F]{2})", esc, s)


def read_reproducer(text: str) -> tuple[str | None, bool | None]:
    """The ``pipeline`` and ``verify_each`` of the ``mlir_reproducer`` resource in the file
    metadata of ``text`` ((None, None) when there is none)."""
    start = text.find("{-#")
    while start >= 0:
        end = text.find("#-}", start)
        if end < 0:
            break
        m = _RESOURCE.search(text, start, end)
        if m:
            body = m.group("body")
            p = _PIPELINE.search(body)
            v = _VERIFY.search(body)
            return (_unquote(p.group("s")) if p else None), (v.group("b") == "true" if v else None)
        start = text.find("{-#", end)
    return None, None
