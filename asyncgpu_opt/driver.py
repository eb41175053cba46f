"""``run_opt(text, filename, config) -> Result``: the whole job of the tool, used by the CLI, the
tests and the API.  Split input, parse, verify, run the pass pipeline, then print (or ``--run``),
with ``--verify-diagnostics`` matching as mlir-opt does."""

from __future__ import annotations

import gc
import itertools
import re
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any

from .diagnostics import Diagnostic, FileLoc, MLIRError, Source
from .records import Record


class Config:
    """One run's options, each with its default: ``Config(split_input_file=True, pipeline=...)``.
    Not a dataclass (start-up cost): the class attributes are the defaults (all immutable) and
    ``__init__`` sets any of them by keyword."""

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
    backend: str = "sim"  # a GPU run is asked for (--backend cuda/auto); the simulator's checks are the product
    entry: str = "main"
    trace: str | None = None
    run_stats: str | None = None
    timeline: str | None = None  # --timeline: an SVG file, or "-" for text on stderr (run/timeline.py)
    run_cost_model: str | None = None  # JSON file of CostModel fields (run/runtime.py)
    run_leaks: str = "warning"  # device memory never freed at exit: "warning" or "error"
    run_kernel_steps: int = 1 << 16  # loop steps a kernel launch may take (run/kernels.py STEP_BUDGET)
    entry_result: str | None = None  # mlir-runner's --entry-point-result (void, i32, i64, f32)
    run_summary: bool = False  # a human summary of the run on stderr
    # hand the parsed IR back to the cyclic garbage collector after each chunk; the CLI, which ends
    # with os._exit, leaves it frozen (a full collection of 100k ops costs about 1 s)
    release_ir: bool = True
    print_op_on_diagnostic: bool = True  # the "see current operation" note on op diagnostics
    pass_statistics: str | None = None  # --mlir-pass-statistics: None, "pipeline" or "list"
    log_actions: bool = False  # --log-actions-to: record pass-execution actions in Result.action_log
    ir_tree_dir: str | None = None  # --mlir-print-ir-tree-dir: IR dumps go to files under it
    crash_reproducer: str | None = None  # --mlir-pass-pipeline-crash-reproducer=FILE
    elide_if_larger: int | None = None  # --mlir-elide-elementsattrs-if-larger=N
    hex_if_larger: int | None = 100  # --mlir-print-elementsattrs-with-hex-if-larger=N (None: never)
    pretty_debuginfo: bool = False  # --mlir-pretty-debuginfo
    value_users: bool = False  # --mlir-print-value-users
    verify_on_parse: bool = True  # --mlir-very-unsafe-disable-verifier-on-parsing: False
    verify_roundtrip: bool = False  # --verify-roundtrip: printed forms must parse back to the same IR
    timing_display: str = "list"  # --mlir-timing-display: "list" or "tree"
    timing_format: str = "text"  # --mlir-output-format: "text" or "json"
    skip_regions: bool = False  # --mlir-print-skip-regions
    unique_ids: bool = False  # --mlir-print-unique-ssa-ids
    nameloc_prefix: bool = False  # --mlir-use-nameloc-as-prefix
    debug_counters: tuple[str, ...] = ()  # --mlir-debug-counter arguments (actions.DebugCounters)
    print_debug_counters: bool = False  # --mlir-print-debug-counter
    log_filter: tuple[str, ...] = ()  # --log-mlir-actions-filter (actions.parse_location_filters)
    profile_actions: bool = False  # --profile-actions-to: Chrome trace in Result.profile
    generate_reproducer: str | None = None  # --mlir-generate-reproducer=FILE
    emit_bytecode: bool = False  # --emit-bytecode: Result.pieces hold one bytes object per chunk
    bytecode_version: int | None = None  # --emit-bytecode-version
    elide_resources: bool = False  # --elide-resource-data-from-bytecode
    # printed output past this many characters goes to a temporary file and Result.pieces is an
    # iterator reading it back (syntax/print_output.py): the CLI's setting; None keeps it in memory
    spill_output_after: int | None = None

    def __init__(self, **options: Any) -> None:
        for name, value in options.items():
            if name not in _CONFIG_FIELDS:
                raise TypeError(f"Config.__init__() got an unexpected keyword argument '{name}'")
            setattr(self, name, value)

    def __repr__(self) -> str:
        return f"Config({', '.join(f'{n}={getattr(self, n)!r}' for n in _CONFIG_FIELDS)})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _CONFIG_FIELDS)

    __hash__ = None  # type: ignore[assignment]


_CONFIG_FIELDS = tuple(Config.__annotations__)


class Result(Record):
    __slots__ = ("pieces", "diagnostics", "exit_code", "stderr_text", "timings", "action_log", "profile")

    def __init__(self, pieces: Iterable[str], diagnostics: list[Diagnostic] | None = None, exit_code: int = 0,
                 stderr_text: str = "", timings: dict[str, float] | None = None, action_log: str = "",
                 profile: str = "") -> None:
        # the output in order (``output`` joins them; the CLI writes them one by one); an iterator,
        # to be read once, when the output went to a temporary file (Config.spill_output_after)
        self.pieces = pieces
        self.diagnostics: list[Diagnostic] = [] if diagnostics is None else diagnostics
        self.exit_code = exit_code
        self.stderr_text = stderr_text  # IR dumps, timing, warnings (already rendered)
        self.timings: dict[str, float] = {} if timings is None else timings
        self.action_log = action_log  # --log-actions-to (Config.log_actions)
        self.profile = profile  # --profile-actions-to (Config.profile_actions): Chrome trace JSON

    @property
    def output(self) -> str:
        """The output (printed IR, or what ``--run`` printed) as one string."""
        if not isinstance(self.pieces, list):
            self.pieces = ["".join(self.pieces)]
        return "".join(self.pieces)

    def rendered_diagnostics(self, color: bool = False) -> str:
        return "".join(d.render(color=color) for d in self.diagnostics)


# ----- split input --------------------------------------------------------------------------------
def split_spans(text: str, marker: str) -> tuple[list[tuple[int, int]], list[int]]:
    """``splitAndProcessBuffer``: (start, end) offsets of the chunks and the offsets of near misses.
    The text is cut at the marker less its last two characters; a cut counts when those two follow
    (and more text, not starting with ``0``), else it is a near miss and the pieces stay joined.  A
    piece following an empty chunk joins it as is (so a marker at the very start of the file is
    read as text), and a final empty chunk is dropped (an empty file has no chunks)."""
    prefix = marker[: max(5, len(marker) - 2)] if marker.startswith("//") else marker
    check = marker[len(prefix):]
    pieces: list[tuple[int, int]] = []
    pos = 0
    while True:
        i = text.find(prefix, pos)
        if i < 0:
            pieces.append((pos, len(text)))
            break
        pieces.append((pos, i))
        pos = i + len(prefix)
    spans: list[tuple[int, int]] = []
    near: list[int] = []
    prev: tuple[int, int] | None = None
    for s, e in pieces:
        if prev is None or prev[0] == prev[1]:
            prev = (s, e)
            continue
        n = len(check)
        if text.startswith(check, s) and (n == 0 or (e - s > n and text[s + n] != "0")):
            spans.append(prev)
            prev = (s + n, e)
        else:
            near.append(s)
            prev = (prev[0], e)
    if prev is not None and prev[0] != prev[1]:
        spans.append(prev)
    return spans, near


def split_chunks(text: str, marker: str) -> tuple[list[tuple[str, int]], list[int]]:
    """(chunk text, line offset) pairs of ``split_spans`` and the near-miss offsets."""
    spans, near = split_spans(text, marker)
    return [(text[s:e], text.count("\n", 0, s)) for s, e in spans], near


# ----- expected diagnostics -----------------------------------------------------------------------
_EXPECT = re.compile(r"expected-(error|warning|note|remark)(-re)? *(?:@([+-]\d+|above|below|unknown))? *"
                     r"\{\{(.*)\}\}")


class Expected(Record):
    __slots__ = ("severity", "text", "is_re", "line", "loc", "matched")

    def __init__(self, severity: str, text: str, is_re: bool, line: int, loc: FileLoc, matched: bool = False) -> None:
        self.severity = severity
        self.text = text
        self.is_re = is_re
        self.line = line  # 1-based line in the chunk source (file-relative), 0 = unknown
        self.loc = loc
        self.matched = matched

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
        flat.extend(n for n in d.notes if not n.current_op_note)
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
    def __init__(self, src: Source, config: Config, counters: Any = None, profile: Any = None) -> None:
        self.src = src
        self.config = config
        self.counters = counters  # actions.DebugCounters, shared by the chunks
        self.profile = profile  # actions.Profile, shared by the chunks
        self.diags: list[Diagnostic] = []
        self.stderr: list[str] = []
        self.timings: dict[str, float] = {}
        self.after_failure: list[Diagnostic] = []  # reported after a failing pass's own error
        self.actions: list[str] = []  # --log-actions-to lines
        self.tree_counters: dict[int, int] = {}  # --mlir-print-ir-tree-dir: id(op) -> dumps so far

    def run(self) -> Iterable[str] | None:
        """Returns the chunk output as pieces to concatenate (printed IR with a final newline, or
        what ``--run`` printed), or None on failure (diagnostics recorded)."""
        cfg = self.config
        t0 = time.perf_counter()
        frozen = False
        # no cyclic collections while the chunk is read, transformed and printed (not while
        # ``--run`` simulates it): the passes and the verifier allocate many small objects and
        # every collection scans the young part of the IR (8% of the whole run at 10k ops); IR
        # edits break their own cycles (Operation.forget_results), so reference counting frees
        # what they drop
        gc_was = gc.isenabled()
        gc.disable()
        try:
            module = self.parse()
            self.timings["Parser"] = time.perf_counter() - t0
            # the parsed IR is long-lived: keep the cyclic collector from re-scanning it (undone below)
            gc.freeze()
            frozen = True
            from .ir.verifier import verify

            if cfg.verify_on_parse:
                verify(module)
            if cfg.verify_roundtrip:
                from .roundtrip import verify_roundtrip

                verify_roundtrip(module, cfg.allow_unregistered)
            if cfg.generate_reproducer:
                self._generate_reproducer(module)
            if cfg.pipeline is not None and cfg.pipeline.items:
                self.run_passes(module)
            t1 = time.perf_counter()
            if cfg.emit_bytecode:
                from .syntax.bytecode_writer import write_bytecode

                if cfg.bytecode_version is not None and not 0 <= cfg.bytecode_version <= 6:
                    raise MLIRError(f"unsupported version requested {cfg.bytecode_version}, must be in range "
                                    "[0, 6]", module.loc, op=module)
                out = [write_bytecode(module, cfg.bytecode_version, cfg.elide_resources)]
            elif cfg.run:
                from .run.interpreter import run_module

                if gc_was:  # a simulation runs as long as the program does: collect its garbage
                    gc.enable()
                out = [run_module(module, cfg, self.stderr, self.diags if cfg.verify_diagnostics else None)]
            else:
                from .syntax.printer import print_module_pieces

                # pieces, never joined here: the output is held once (54 MB at 100k lowered ops)
                out = print_module_pieces(module, cfg.generic, cfg.debuginfo, cfg.local_scope, cfg.elide_if_larger,
                                          cfg.hex_if_larger, cfg.pretty_debuginfo, cfg.value_users,
                                          cfg.spill_output_after, **_print_flags(cfg))
                out = out + ["\n"] if isinstance(out, list) else itertools.chain(out, ("\n",))
            self.timings["Output"] = time.perf_counter() - t1
            return out
        except MLIRError as e:
            from .syntax.op_notes import complete

            self.diags.extend(e.preceding)
            self.diags.append(complete(e.diagnostic))
            self.diags.extend(self.after_failure)
            printed = getattr(e, "output", None)  # --run keeps what the program printed
            return [printed] if printed is not None else None
        except RecursionError:
            self.diags.append(Diagnostic("error", "exceeded the maximum nesting depth", None))
            return None
        finally:
            if frozen and cfg.release_ir:
                gc.unfreeze()
            if gc_was:
                gc.enable()

    def _generate_reproducer(self, module: Any) -> None:
        """``--mlir-generate-reproducer=FILE``: the IR the pipeline starts from and the pipeline,
        as a crash reproducer holds them, whether or not a pass fails."""
        from .passes.pipeline import Nest
        from .reproducer import reproducer_text
        from .syntax.printer import print_module

        path = self.config.generate_reproducer
        assert path is not None
        text = reproducer_text(print_module(module).rstrip("\n") + "\n", self.config.pipeline or Nest(module.name),
                               self.config.verify_each)
        try:
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as fh:
                fh.write(text)
        except OSError as ex:
            raise MLIRError(f"could not write the reproducer to '{path}': {ex.strerror}", None) from None

    def parse(self) -> Any:
        from .dialects.builtin import ModuleOp, new_module
        from .syntax.parser import parse_source

        cfg = self.config
        gc_was = gc.isenabled()
        gc.disable()
        try:
            if isinstance(self.src.text, bytes):
                from .syntax.bytecode_reader import read_bytecode

                ops = read_bytecode(self.src.text, self.src.filename, cfg.allow_unregistered)
            else:
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
                sym = op.attributes.get("sym_name")  # upstream names the op in every module-scope dump
                what = f"'{op.name}' operation"
                if sym is not None and hasattr(sym, "value"):
                    what += f": @{sym.value}"
                head = head[:-len(" //----- //")] + f" ({what}) //----- //"
            pr = Printer(cfg.generic, cfg.debuginfo)
            pr.local_scope = cfg.local_scope
            pr.elide_if_larger, pr.hex_if_larger = cfg.elide_if_larger, cfg.hex_if_larger
            pr.pretty_debuginfo = cfg.pretty_debuginfo
            pr.value_users = cfg.value_users
            for k, v in _print_flags(cfg).items():
                setattr(pr, k, v)
            extra = "\n" if target.name == "builtin.module" else ""  # a module prints its own trailing newline
            text = head + "\n" + pr.print_top(target) + "\n" + extra
            if cfg.ir_tree_dir is None:
                self.stderr.append(text)
            else:
                self._tree_dump(cfg.ir_tree_dir, entry.argument, op, text)

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
        if cfg.log_actions or self.profile is not None or self.counters is not None:
            from .actions import install, parse_location_filters

            install(hooks, self.counters, parse_location_filters(cfg.log_filter) if cfg.log_filter else None,
                    self.actions if cfg.log_actions else None, self.profile, _op_summary)
        failing: list[tuple[Any, Any]] = []
        if cfg.crash_reproducer:
            from .reproducer import reproducer_text
            from .syntax.printer import print_module

            repro = reproducer_text(print_module(module).rstrip("\n") + "\n", cfg.pipeline, cfg.verify_each)
            shown_failed = hooks.failed

            def record_failure(entry: Any, op: Any) -> None:
                failing.append((entry, op))
                if shown_failed:
                    shown_failed(entry, op)

            hooks.failed = record_failure
        if cfg.pass_statistics:
            from .passes.statistics import reset

            reset(cfg.pipeline)
        from .passes.registry import DIAGNOSTIC_SINKS

        DIAGNOSTIC_SINKS.append(self.diags.append if cfg.verify_diagnostics
                                else lambda d: self.stderr.append(d.render()))
        try:
            run_pipeline(cfg.pipeline, module, cfg.verify_each, hooks)
        except MLIRError:
            if cfg.crash_reproducer and failing:
                self._write_reproducer(cfg.crash_reproducer, repro, module, *failing[0])
            raise
        finally:
            DIAGNOSTIC_SINKS.pop()
            for name, t in hooks.timings:
                self.timings[name] = self.timings.get(name, 0.0) + t
            if cfg.pass_statistics:
                from .passes.statistics import statistics_report

                self.stderr.append(statistics_report(cfg.pipeline, cfg.pass_statistics))

    def _write_reproducer(self, path: str, text: str, module: Any, entry: Any, op: Any) -> None:
        from .reproducer import failure_diagnostic

        error = None
        try:
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as fh:
                fh.write(text)
        except OSError as ex:
            error = ex.strerror
        self.after_failure.append(failure_diagnostic(module, entry, op, path, error))

    def _tree_dump(self, root: str, argument: str, op: Any, text: str) -> None:
        """``--mlir-print-ir-tree-dir``: ``ROOT/<op>_<symbol>/.../<counts>_<pass>.mlir``, upstream's
        layout: a directory per op from the top; each op counts its dumps (before and after), and
        the file is named by the counts of the op and its ancestors, then the pass argument."""
        import os

        counters = self.tree_counters
        counters[id(op)] = counters.get(id(op), -1) + 1
        parts = []
        counts = []
        o = op
        while o is not None:
            counts.append(counters.setdefault(id(o), 0))
            sym = o.attributes.get("sym_name")
            parts.append(o.name.replace(".", "_") + "_" + (sym.value if sym is not None and hasattr(sym, "value")
                                                            else "no-symbol-name"))
            o = o.parent_op
        d = os.path.join(root, *reversed(parts))
        path = os.path.join(d, "_".join(str(c) for c in reversed(counts)) + f"_{argument}.mlir")
        try:
            os.makedirs(d, exist_ok=True)
            with open(path, "w", encoding="utf-8", errors="surrogateescape") as fh:
                fh.write(text)
        except OSError as ex:
            self.stderr.append(f"Error opening output file {path}: {ex.strerror}\n")


def _op_summary(op: Any) -> str:
    """The op as mlir-opt's action log shows it: its first printed line, regions as ``{...}``."""
    from .syntax.printer import Printer

    first = Printer().print_top(op).split("\n", 1)[0]
    return first[:-1] + "{...}" if first.endswith("{") else first


class _ZeroLoc:
    """``file:line:0``-style location used for whole-buffer errors."""

    def __init__(self, filename: str, line: int) -> None:
        self.filename = filename
        self.line = line

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:0"

    def mlir_text(self) -> str:
        from .diagnostics import quote_string

        return f"{quote_string(self.filename)}:{self.line}:0"


def _print_flags(cfg: Config) -> dict[str, bool]:
    """The printer's flags (``Printer`` attributes) that only some runs set."""
    return {k: v for k, v in (("skip_regions", cfg.skip_regions), ("unique_ids", cfg.unique_ids),
                              ("nameloc_prefix", cfg.nameloc_prefix)) if v}


def _timing_report(timings: dict[str, float], total: float, display: str = "list", fmt: str = "text") -> str:
    """``--mlir-timing``: the timers (names indented by nesting, in run order) as mlir-opt's
    report; ``list`` merges the timers of one name (nested ones too), ``tree`` keeps the nesting;
    ``json`` prints the same entries as mlir-opt's JSON output."""
    rest = total - sum(t for k, t in timings.items() if not k.startswith(" "))
    if display == "list" and any(k.startswith(" ") for k in timings):
        merged: dict[str, float] = {}
        for k, t in timings.items():
            merged[k.strip()] = merged.get(k.strip(), 0.0) + t
        timings = merged
    if fmt == "json":
        return _timing_json(timings, total, rest)
    lines = ["===" + "-" * 73 + "===", " " * 25 + "... Execution time report ...",
             "===" + "-" * 73 + "===", f"  Total Execution Time: {total:.4f} seconds", "",
             "  ----Wall Time----  ----Name----"]
    for name, t in list(timings.items()) + [("Rest", max(rest, 0.0)), ("Total", total)]:
        pct = 100.0 * t / total if total else 0.0
        lines.append(f"{t:10.4f} ({pct:5.1f}%)  {name}")
    return "\n".join(lines) + "\n"


def _timing_json(timings: dict[str, float], total: float, rest: float) -> str:
    """mlir-opt's ``--mlir-output-format=json`` timing report: one object per timer, nested
    timers in its ``passes`` list (each list ends with ``{}``)."""

    def entry(name: str, t: float, depth: int) -> str:
        pct = 100.0 * t / total if total else 0.0
        return (f'{"  " * depth}{{"wall": {{"duration": {t:8.4f}, "percentage": {pct:5.1f}}}, '
                f'"name": "{name}"')

    items = list(timings.items())
    lines: list[str] = []
    open_depth = 0  # timers whose "passes" list is still open
    for i, (k, t) in enumerate(items):
        depth = (len(k) - len(k.lstrip(" "))) // 2
        while open_depth > depth:
            open_depth -= 1
            lines.append("  " * open_depth + "{}]},")
        nxt = items[i + 1][0] if i + 1 < len(items) else ""
        lines.append(entry(k.strip(), t, depth) + ', "passes": [')
        open_depth = depth + 1
        if (len(nxt) - len(nxt.lstrip(" "))) // 2 <= depth:
            open_depth = depth
            lines.append("  " * depth + "{}]},")
    while open_depth > 0:
        open_depth -= 1
        lines.append("  " * open_depth + "{}]},")
    lines.append(entry("Rest", max(rest, 0.0), 0) + "},")
    lines.append(entry("Total", total, 0) + "}")
    return "[\n" + "\n".join(lines) + "\n]\n"


def run_opt(text: str | bytes, filename: str, config: Config) -> Result:
    """Process a whole input buffer (all ``--split-input-file`` chunks; MLIR bytecode as bytes)."""
    t_start = time.perf_counter()
    res = Result([])
    if isinstance(text, bytes):  # MLIR bytecode: one buffer
        spans, near = [(0, len(text))], []
    elif config.split_input_file:
        spans, near = split_spans(text, config.split_marker)
    else:
        spans, near = [(0, len(text))], []
    full = Source(text, filename)
    for off in near:
        res.stderr_text += Diagnostic("warning", "near miss with file split marker", FileLoc(full, off)).render()
    parts: list[Iterable[str]] = []  # each chunk's pieces, the split markers between them
    failed = False
    timings: dict[str, float] = {}
    counters = profile = None
    if config.debug_counters or config.print_debug_counters:
        from .actions import CounterError, DebugCounters

        try:
            counters = DebugCounters(config.debug_counters)
        except CounterError as ex:
            return Result([], exit_code=1, stderr_text=f"error: {ex}\nLLVM ERROR: Invalid DebugCounter command-line "
                                                       "configuration\n")
        initial = counters.report()
    if config.profile_actions:
        from .actions import Profile

        profile = Profile()
    for chunk, (start, end) in enumerate(spans):
        if isinstance(text, bytes):
            src = Source(text, filename)  # type: ignore[arg-type] # read by syntax/bytecode_reader.py
        else:
            line_start = text.rfind("\n", 0, start) + 1
            src = Source(text[start:end], filename, text.count("\n", 0, start), first_prefix=text[line_start:start])
        run = _ChunkRun(src, config, counters, profile)
        out = _run_with_big_stack(run)
        for k, v in run.timings.items():
            timings[k] = timings.get(k, 0.0) + v
        res.stderr_text += "".join(run.stderr)
        res.action_log += "".join(ln + "\n" for ln in run.actions)
        if not config.print_op_on_diagnostic and not config.verify_diagnostics:
            for d in run.diags:
                d.notes = [n for n in d.notes if not n.current_op_note]
        if config.verify_diagnostics:
            fails = check_expected(run.diags, [] if isinstance(text, bytes) else collect_expected(src), src)
            if fails:
                failed = True
                res.diagnostics.extend(fails)
        else:
            if run.diags:
                failed = True
                res.diagnostics.extend(run.diags)
        if chunk:
            parts.append((config.output_split_marker + "\n",))
        parts.append(out or ())  # a printed chunk ends with its newline (run())
    if all(isinstance(p, list | tuple) for p in parts):
        res.pieces = [p for part in parts for p in part]
    else:  # read the spilled pieces only when written out
        res.pieces = itertools.chain.from_iterable(parts)
    res.exit_code = 1 if failed else 0
    if config.timing:
        res.stderr_text += _timing_report(timings, time.perf_counter() - t_start, config.timing_display,
                                          config.timing_format)
    if counters is not None and config.print_debug_counters:  # as mlir-opt: before and after the run
        res.stderr_text += initial + counters.report()
    if profile is not None:
        res.profile = profile.text()
    res.timings = timings
    return res


def _run_with_big_stack(run: _ChunkRun) -> Any:
    """Deeply nested input recurses; run the chunk on a thread with a large stack."""
    box: dict[str, Any] = {}

    def target() -> None:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 60000))
        try:
            box["out"] = run.run()
        except Exception as e:  # noqa: BLE001 - reported as an internal error, never a traceback
            box["exc"] = e
        finally:
            sys.setrecursionlimit(old)

    text = run.src.text
    if len(text) < 200_000 and (isinstance(text, bytes) or text.count("{") < 200):
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
