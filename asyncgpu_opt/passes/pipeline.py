"""Textual pass pipelines and the pass manager.

    pipeline     ::= pipeline-elt (`,` pipeline-elt)*
    pipeline-elt ::= op-name `(` pipeline? `)` | pass-name (`{` option (` `|`,` option)* `}`)?
    option       ::= key (`=` value)?

Pass flags given one by one (``--async-region --gpu-to-runtime``) build the same structure with
implicit nesting: a ``func.func`` pass is nested in ``func.func(...)`` under the module.
"""

from __future__ import annotations

import re
import time
from typing import Any

from ..diagnostics import Diagnostic, MLIRError
from ..records import Record
from .registry import ALIASES, OptionError, Pass, is_registered, make_pass, pass_class


class PassEntry(Record):
    __slots__ = ("pass_", "argument")

    def __init__(self, pass_: Pass, argument: str) -> None:
        self.pass_ = pass_
        self.argument = argument  # the spelling the user used (for IR dump headers)


class Nest(Record):
    __slots__ = ("op_name", "items")

    def __init__(self, op_name: str, items: list[Any] | None = None) -> None:
        self.op_name = op_name
        self.items: list[Any] = [] if items is None else items  # PassEntry | Nest


class PipelineError(Exception):
    def __init__(self, message: str, text: str = "", col: int = 0, kind: str = "parse") -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.col = col
        self.kind = kind

    def diagnostic(self) -> Diagnostic:
        if self.kind == "parse":
            msg = f"MLIR Textual PassPipeline Parser:1:{self.col + 1}: error: {self.message}\n{self.text}\n" + \
                  " " * self.col + "^"
            return Diagnostic("error", msg, None)
        return Diagnostic("error", self.message, None)


_TOKEN = re.compile(r"\s*([A-Za-z0-9_.\-]+)")


def parse_pipeline(text: str) -> Nest:
    """Parse a textual pipeline; a top-level ``builtin.module(...)`` wrapper is optional."""
    pos = 0

    def items(until: str | None) -> tuple[list[Any], int]:
        nonlocal pos
        out: list[Any] = []
        while True:
            while pos < len(text) and text[pos] in " \t\n":
                pos += 1
            if until and text.startswith(until, pos):
                return out, pos
            if pos >= len(text):
                if until:
                    raise PipelineError("expected ')'", text, pos)
                return out, pos
            m = _TOKEN.match(text, pos)
            if not m:
                raise PipelineError("expected pass or pass pipeline name", text, pos)
            name = m.group(1)
            start = m.start(1)
            pos = m.end()
            if text.startswith("(", pos):
                pos += 1
                sub, _ = items(")")
                pos += 1
                out.append(Nest(name, sub))
            else:
                opts: dict[str, str] = {}
                opts_text = ""
                if text.startswith("{", pos):
                    e = text.find("}", pos)
                    if e < 0:
                        raise PipelineError("missing closing '}' while processing pass options", text, pos)
                    opts_text = text[pos + 1:e]
                    opts = parse_options(opts_text)
                    pos = e + 1
                if not is_registered(name):
                    raise PipelineError(f"'{name}' does not refer to a registered pass or pass pipeline",
                                        text, start)
                try:
                    out.append(PassEntry(make_pass(name, opts), name))
                except OptionError as ex:
                    raise PipelineError(f"<Pass-Options-Parser>: {ex}\nfailed to add `{name}` with options "
                                        f"`{opts_text}`", kind="option") from None
            while pos < len(text) and text[pos] in " \t\n":
                pos += 1
            if pos < len(text) and text[pos] == ",":
                pos += 1
                continue
            if until and text.startswith(until, pos):
                return out, pos
            if pos >= len(text):
                if until:
                    raise PipelineError("expected ')'", text, pos)
                return out, pos
            raise PipelineError("expected ',' after parsing pipeline", text, pos)

    stripped = text.strip()
    if stripped.startswith("builtin.module(") and stripped.endswith(")"):
        # as mlir-opt: errors are reported in the text inside the top-level wrapper
        inner = stripped[len("builtin.module("):-1]
        try:
            return Nest("builtin.module", parse_pipeline(inner).items) if inner.strip() else Nest("builtin.module")
        except PipelineError as ex:
            if ex.kind == "parse" and inner.strip() and ex.col == 0 and not any(c in inner for c in "(,"):
                ex.text, ex.col = text, 0
            raise
    lst, _ = items(None)
    if len(lst) == 1 and isinstance(lst[0], Nest) and lst[0].op_name == "builtin.module":
        return lst[0]
    return Nest("builtin.module", lst)


def parse_options(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in re.split(r"[\s,]+", text.strip()):
        if not part:
            continue
        k, _, v = part.partition("=")
        out[k] = v.strip("'\"")
    return out


def add_flag_pass(root: Nest, name: str, options: dict[str, str]) -> None:
    """Append a pass given as a CLI flag, nesting it by its anchor (implicit nesting)."""
    p = make_pass(name, options)
    entry = PassEntry(p, name)
    if p.anchor == "builtin.module":
        root.items.append(entry)
        return
    last = root.items[-1] if root.items else None
    if isinstance(last, Nest) and last.op_name == p.anchor:
        last.items.append(entry)
    else:
        root.items.append(Nest(p.anchor, [entry]))


def check_nesting(nest: Nest, parent: str = "") -> None:
    for it in nest.items:
        if isinstance(it, Nest):
            check_nesting(it, nest.op_name)
        elif it.pass_.anchor not in (nest.op_name, "any"):
            cpp = type(it.pass_).cpp_name or type(it.pass_).__name__
            raise PipelineError(f"Can't add pass '{cpp}' restricted to '{it.pass_.anchor}' on a PassManager "
                                f"intended to run on '{nest.op_name}', did you intend to nest?", kind="nest")


def pipeline_text(nest: Nest, indent: int = 0) -> str:
    """The canonical nested form printed by ``--dump-pass-pipeline``."""
    pad = "  " * indent
    parts = []
    for it in nest.items:
        if isinstance(it, Nest):
            parts.append(pipeline_text(it, indent + 1))
        else:
            o = it.pass_.options_text()
            parts.append("  " * (indent + 1) + it.argument + ("{ " + o + "}" if o else ""))
    return f"{pad}{nest.op_name}(\n" + ",\n".join(parts) + f"\n{pad})"


class PassHooks(Record):
    __slots__ = ("before", "after", "failed", "nest_before", "nest_after", "timings", "should_run")

    def __init__(self, before: Any = None, after: Any = None, failed: Any = None, nest_before: Any = None,
                 nest_after: Any = None, timings: list[tuple[str, float]] | None = None,
                 should_run: Any = None) -> None:
        self.before = before  # callable(entry, op)
        self.after = after  # callable(entry, op, changed)
        self.failed = failed  # callable(entry, op): the pass raised
        self.nest_before = nest_before  # callable(nest, op): a nested pipeline starts on op (its parent)
        self.nest_after = nest_after  # callable(nest, op)
        self.timings: list[tuple[str, float]] = [] if timings is None else timings
        # callable(item, op) -> bool: False skips this pass (or nested pipeline) on op (--mlir-debug-counter)
        self.should_run = should_run


def run_pipeline(nest: Nest, module: Any, verify_each: bool, hooks: PassHooks) -> None:
    from ..ir.verifier import verify

    def run_on(n: Nest, op: Any, depth: int = 0) -> None:
        for it in n.items:
            if hooks.should_run is not None and not hooks.should_run(it, op):
                continue
            if isinstance(it, Nest):
                targets = [o for b in (op.regions[0].blocks if op.regions else []) for o in b.ops
                           if o.name == it.op_name]
                t_nest = time.perf_counter()
                slot = len(hooks.timings)
                hooks.timings.append(("", 0.0))
                if hooks.nest_before:
                    hooks.nest_before(it, op)
                for t in targets:
                    run_on(it, t, depth + 1)
                if hooks.nest_after:
                    hooks.nest_after(it, op)
                hooks.timings[slot] = ("  " * depth + f"'{it.op_name}' Pipeline", time.perf_counter() - t_nest)
            else:
                if hooks.before:
                    hooks.before(it, op)
                t0 = time.perf_counter()
                try:
                    changed = it.pass_.apply(op)
                except MLIRError:
                    if hooks.failed:
                        hooks.failed(it, op)
                    raise  # the failing op (e.op) is shown by the driver (syntax.op_notes)
                cpp = type(it.pass_).cpp_name or type(it.pass_).__name__
                hooks.timings.append(("  " * depth + cpp, time.perf_counter() - t0))
                if verify_each:
                    try:
                        verify(op)
                    except MLIRError:  # the pass left invalid IR: it failed (as upstream's pass manager)
                        if hooks.failed:
                            hooks.failed(it, op)
                        raise
                if hooks.after:
                    hooks.after(it, op, changed is not False)

    if nest.op_name != module.name:
        raise MLIRError(f"can't run '{nest.op_name}' pass manager on '{module.name}' op")
    run_on(nest, module)


def canonical_name(name: str) -> str:
    return ALIASES.get(name, name)


def describe(name: str) -> str:
    return pass_class(name).summary
