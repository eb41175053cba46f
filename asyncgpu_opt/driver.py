"""``run_opt(text, filename, config) -> Result``: the whole job of the tool, used by the CLI, the
tests and the API.  Split input, parse, verify, run the pass pipeline, then print (or ``--run``),
with ``--verify-diagnostics`` matching as mlir-opt does."""

from __future__ import annotations

import gc
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from .diagnostics import Diagnostic, FileLoc, MLIRError, Source


@dataclass
class Config:
    split_input_file: bool = False
    split_marker: str = "// -----"
    output_split_marker: str = "// -----"
    verify_diagnostics: bool = False
    allow_unregistered: bool = False
    generic: bool = False
    debuginfo: bool = False
    local_scope: bool = False  # --mlir-print-local-scope
    no_implicit_module: bool = False
    pipeline: Any = None  # passes.pipeline.Nest
    print_ir_before_all: bool = False
    print_ir_after_all: bool = False
    print_ir_after: tuple[str, ...] = ()  # pass arguments (--mlir-print-ir-after)
    print_ir_before: tuple[str, ...] = ()
    print_ir_after_change: bool = False
    print_ir_after_failure: bool = False
    print_module_scope: bool = False
    timing: bool = False
    verify_each: bool = True
    run: bool = False
    backend: str = "auto"
    entry: str = "main"
    trace: str | None = None
    run_stats: str | None = None
    run_cost_model: str | None = None  # JSON file of CostModel fields (run/runtime.py)
    run_leaks: str = "warning"  # device memory never freed at exit: "warning" or "error"
    entry_result: str | None = None  # mlir-runner's --entry-point-result (only "void")
    run_summary: bool = False  # a human summary of the run on stderr
    # hand the parsed IR back to the cyclic garbage collector after each chunk; the CLI, which ends
    # with os._exit, leaves it frozen (a full collection of 100k ops costs about 1 s)
    release_ir: bool = True


@dataclass
class Result:
    output: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    exit_code: int = 0
    stderr_text: str = ""  # IR dumps, timing, warnings (already rendered)
    timings: dict[str, float] = field(default_factory=dict)

    def rendered_diagnostics(self) -> str:
        return "".join(d.render() for d in self.diagnostics)


# ----- split input --------------------------------------------------------------------------------
def split_chunks(text: str, marker: str) -> tuple[list[tuple[str, int]], list[int]]:
    """Split on the raw marker substring.  Returns (chunk text, line offset) pairs and the offsets
    of near misses (a prefix of the marker that does not split)."""
    chunks: list[tuple[str, int]] = []
    near: list[int] = []
    pos = 0
    start = 0
    line = 0
    prefix = marker[: max(5, len(marker) - 2)] if marker.startswith("//") else marker
    while True:
        i = text.find(prefix, pos)
        if i < 0:
            break
        if text.startswith(marker, i):
            chunks.append((text[start:i], line))
            line += text.count("\n", start, i)
            start = i + len(marker)
            pos = start
        else:
            near.append(i + len(prefix))
            pos = i + len(prefix)
    chunks.append((text[start:], line))
    return chunks, near


# ----- expected diagnostics -----------------------------------------------------------------------
_EXPECT = re.compile(r"expected-(error|warning|note|remark)(-re)? *(?:@([+-]\d+|above|below|unknown))? *"
                     r"\{\{(.*)\}\}")


@dataclass
class Expected:
    severity: str
    text: str
    is_re: bool
    line: int  # 1-based line in the chunk source (file-relative), 0 = unknown
    loc: FileLoc
    matched: bool = False

    def matches(self, message: str) -> bool:
        if not self.is_re:
            return self.text in message
        return re.search(_regex_of(self.text), message) is not None


def _regex_of(text: str) -> str:
    out = []
    i = 0
    while i < len(text):
        j = text.find("{{", i)
        if j < 0:
            out.append(re.escape(text[i:]))
            break
        out.append(re.escape(text[i:j]))
        k = text.find("}}", j + 2)
        if k < 0:
            out.append(re.escape(text[j:]))
            break
        out.append("(?:" + text[j + 2:k] + ")")
        i = k + 2
    return "".join(out)


def collect_expected(src: Source) -> list[Expected]:
    lines = src.text.split("\n")
    out: list[Expected] = []
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln) + 1)
    annotated = [bool(_EXPECT.search(ln)) for ln in lines]
    for idx, ln in enumerate(lines):
        for m in _EXPECT.finditer(ln):
            sev, is_re, where, body = m.group(1), bool(m.group(2)), m.group(3), m.group(4)
            target = idx
            if where == "unknown":
                target = -1
            elif where == "above":
                target = idx - 1
                while target >= 0 and annotated[target] and not _code_on_line(lines[target]):
                    target -= 1
            elif where == "below":
                target = idx + 1
                while target < len(lines) and annotated[target] and not _code_on_line(lines[target]):
                    target += 1
            elif where:
                target = idx + int(where)
            loc = FileLoc(src, offsets[idx] + m.start())
            out.append(Expected(sev, body, is_re, target + 1 + src.line_offset if target >= 0 else 0, loc))
    return out


def _code_on_line(line: str) -> bool:
    return not line.strip().startswith("//")


def _diag_line(d: Diagnostic, src: Source) -> int:
    loc = d.loc
    from .diagnostics import TextLoc

    if isinstance(loc, TextLoc):
        loc = loc.fallback
    if isinstance(loc, FileLoc) and loc.source is src:
        return loc.line_col[0]
    return 0


def check_expected(diags: list[Diagnostic], expected: list[Expected], src: Source) -> list[Diagnostic]:
    """Match produced diagnostics against annotations; return the failure reports."""
    failures: list[Diagnostic] = []
    flat: list[Diagnostic] = []
    for d in diags:
        flat.append(d)
        flat.extend(n for n in d.notes if not n.message.startswith("see current operation"))
    for d in flat:
        line = _diag_line(d, src)
        hit = None
        for e in expected:
            if not e.matched and e.severity == d.severity and e.line == line and e.matches(d.message):
                hit = e
                break
        if hit is not None:
            hit.matched = True
            continue
        failures.append(Diagnostic("error", f"unexpected {d.severity}: {d.message}", d.loc))
    for e in expected:
        if not e.matched:
            failures.append(Diagnostic("error", f"expected {e.severity} \"{e.text}\" was not produced", e.loc,
                                       show_source=True, range_len=max(1, len(e.text))))
    return failures


# ----- one chunk -----------------------------------------------------------------------------------
class _ChunkRun:
    def __init__(self, src: Source, config: Config) -> None:
        self.src = src
        self.config = config
        self.diags: list[Diagnostic] = []
        self.stderr: list[str] = []
        self.timings: dict[str, float] = {}

    def run(self) -> str | None:
        """Returns the chunk output, or None on failure (diagnostics recorded)."""
        cfg = self.config
        t0 = time.perf_counter()
        frozen = False
        try:
            module = self.parse()
            self.timings["Parser"] = time.perf_counter() - t0
            # the parsed IR is long-lived: keep the cyclic collector from re-scanning it (undone below)
            gc.freeze()
            frozen = True
            from .ir.verifier import verify

            verify(module)
            if cfg.pipeline is not None and cfg.pipeline.items:
                self.run_passes(module)
            t1 = time.perf_counter()
            if cfg.run:
                from .run.interpreter import run_module

                out = run_module(module, cfg, self.stderr, self.diags if cfg.verify_diagnostics else None)
            else:
                from .syntax.printer import print_module

                gc_was = gc.isenabled()
                gc.disable()  # printing builds no cycles
                try:
                    out = print_module(module, cfg.generic, cfg.debuginfo, cfg.local_scope)
                finally:
                    if gc_was:
                        gc.enable()
            self.timings["Output"] = time.perf_counter() - t1
            return out
        except MLIRError as e:
            self.diags.append(e.diagnostic)
            return getattr(e, "output", None)  # --run keeps what the program printed
        except RecursionError:
            self.diags.append(Diagnostic("error", "exceeded the maximum nesting depth", None))
            return None
        finally:
            if frozen and cfg.release_ir:
                gc.unfreeze()

    def parse(self) -> Any:
        from .dialects.builtin import ModuleOp, new_module
        from .syntax.parser import parse_source

        cfg = self.config
        gc_was = gc.isenabled()
        gc.disable()
        try:
            ops, _ = parse_source(self.src, cfg.allow_unregistered)
        finally:
            if gc_was:
                gc.enable()
        if cfg.no_implicit_module:
            if len(ops) != 1:
                ln = self.src.line_offset + 0
                raise MLIRError(f"source must contain a single top-level operation, found: {len(ops)}",
                                _ZeroLoc(self.src.filename, ln))
            return ops[0]
        if len(ops) == 1 and ops[0].opdef is ModuleOp:
            return ops[0]
        m = new_module()
        m.loc = _ZeroLoc(self.src.filename, 0)
        for op in ops:
            m.regions[0].blocks[0].append(op)
        return m

    def run_passes(self, module: Any) -> None:
        from .passes.pipeline import PassHooks, canonical_name, run_pipeline
        from .syntax.printer import Printer

        cfg = self.config

        def dump(kind: str, entry: Any, op: Any, failed: bool = False) -> None:
            p = entry.pass_
            cpp = type(p).cpp_name or type(p).__name__
            head = f"// -----// IR Dump {kind} {cpp}{' Failed' if failed else ''} ({entry.argument}) //----- //"
            target = op
            if cfg.print_module_scope:
                while target.parent_op is not None:
                    target = target.parent_op
                if op is not target and op.attributes.get("sym_name") is not None:
                    head = head[:-len(" //----- //")] + \
                        f" ('{op.name}' operation: @{op.attributes['sym_name'].value}) //----- //"
            pr = Printer(cfg.generic, cfg.debuginfo)
            pr.local_scope = cfg.local_scope
            extra = "\n" if target.name == "builtin.module" else ""  # a module prints its own trailing newline
            self.stderr.append(head + "\n" + pr.print_top(target) + "\n" + extra)

        def chosen(every: bool, names: tuple[str, ...], entry: Any) -> bool:
            return every or canonical_name(entry.argument) in names

        def before(entry: Any, op: Any) -> None:
            if chosen(cfg.print_ir_before_all, cfg.print_ir_before, entry):
                dump("Before", entry, op)

        def after(entry: Any, op: Any, changed: bool) -> None:
            if chosen(cfg.print_ir_after_all, cfg.print_ir_after, entry) and (changed or not cfg.print_ir_after_change):
                dump("After", entry, op)

        def failed(entry: Any, op: Any) -> None:
            if cfg.print_ir_after_failure or chosen(cfg.print_ir_after_all, cfg.print_ir_after, entry):
                dump("After", entry, op, failed=True)

        hooks = PassHooks(before=before if cfg.print_ir_before_all or cfg.print_ir_before else None,
                          after=after if cfg.print_ir_after_all or cfg.print_ir_after else None,
                          failed=failed if cfg.print_ir_after_failure or cfg.print_ir_after_all or cfg.print_ir_after
                          else None)
        try:
            run_pipeline(cfg.pipeline, module, cfg.verify_each, hooks)
        finally:
            for name, t in hooks.timings:
                self.timings[name] = self.timings.get(name, 0.0) + t


class _ZeroLoc:
    """``file:line:0``-style location used for whole-buffer errors."""

    def __init__(self, filename: str, line: int) -> None:
        self.filename = filename
        self.line = line

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:0"

    def mlir_text(self) -> str:
        from .ir.attributes import quote_string

        return f"{quote_string(self.filename)}:{self.line}:0"


def _timing_report(timings: dict[str, float], total: float) -> str:
    lines = ["===" + "-" * 73 + "===", " " * 25 + "... Execution time report ...",
             "===" + "-" * 73 + "===", f"  Total Execution Time: {total:.4f} seconds", "",
             "  ----Wall Time----  ----Name----"]
    rest = total - sum(t for k, t in timings.items() if not k.startswith(" "))
    for name, t in list(timings.items()) + [("Rest", max(rest, 0.0)), ("Total", total)]:
        pct = 100.0 * t / total if total else 0.0
        lines.append(f"{t:10.4f} ({pct:5.1f}%)  {name}")
    return "\n".join(lines) + "\n"


def run_opt(text: str, filename: str, config: Config) -> Result:
    """Process a whole input buffer (all ``--split-input-file`` chunks)."""
    t_start = time.perf_counter()
    res = Result("")
    if config.split_input_file:
        chunks, near = split_chunks(text, config.split_marker)
    else:
        chunks, near = [(text, 0)], []
    full = Source(text, filename)
    for off in near:
        res.stderr_text += Diagnostic("warning", "near miss with file split marker", FileLoc(full, off)).render()
    outputs: list[str] = []
    failed = False
    timings: dict[str, float] = {}
    for chunk_text, line_off in chunks:
        src = Source(chunk_text, filename, line_off)
        run = _ChunkRun(src, config)
        out = _run_with_big_stack(run)
        for k, v in run.timings.items():
            timings[k] = timings.get(k, 0.0) + v
        res.stderr_text += "".join(run.stderr)
        if config.verify_diagnostics:
            fails = check_expected(run.diags, collect_expected(src), src)
            if fails:
                failed = True
                res.diagnostics.extend(fails)
        else:
            if run.diags:
                failed = True
                res.diagnostics.extend(run.diags)
        outputs.append((out + ("" if config.run else "\n")) if out is not None else "")
    res.output = (config.output_split_marker + "\n").join(outputs)
    res.exit_code = 1 if failed else 0
    if config.timing:
        res.stderr_text += _timing_report(timings, time.perf_counter() - t_start)
    res.timings = timings
    return res


def _run_with_big_stack(run: _ChunkRun) -> str | None:
    """Deeply nested input recurses; run the chunk on a thread with a large stack."""
    box: dict[str, Any] = {}

    def target() -> None:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 60000))
        try:
            box["out"] = run.run()
        except BaseException as e:  # noqa: BLE001 - reported as an internal error, never a traceback
            box["exc"] = e
        finally:
            sys.setrecursionlimit(old)

    if len(run.src.text) < 200_000 and run.src.text.count("{") < 200:
        target()
    else:
        old_size = threading.stack_size()
        threading.stack_size(512 * 1024 * 1024)
        try:
            th = threading.Thread(target=target)
            th.start()
            th.join()
        finally:
            threading.stack_size(old_size)
    if "exc" in box:
        e = box["exc"]
        run.diags.append(Diagnostic("error", f"internal error: {type(e).__name__}: {e}", None))
        return None
    return box.get("out")
