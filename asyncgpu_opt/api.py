"""The Python API: the tool's job as functions (docs/api.md).

    import asyncgpu_opt as a
    m = a.parse(text, "prog.mlir")                                  # raises a.MLIRError
    a.run_passes(m, "builtin.module(func.func(async-region),gpu-to-runtime)")
    a.run_passes(m, ["wait-insertion", "gpu-to-runtime"])            # pass names, in order
    print(a.print_ir(m))                                             # as mlir-opt prints it
    r = a.execute(m)                                                 # r.output, r.stats, r.hazards

Every failure is an ``MLIRError`` whose ``str()`` is the mlir-opt-style diagnostics (location,
source line, caret, notes) and whose ``.diagnostics`` lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .diagnostics import Diagnostic, MLIRError, Source

__all__ = ["RunResult", "execute", "parse", "print_ir", "register_pass", "run_passes"]


def _render(d: Diagnostic) -> str:
    """mlir-opt's form; a diagnostic without a location has none (``error: ...``)."""
    return d.render() if d.loc is not None else f"{d.severity}: {d.message}\n"


def _error(diags: list[Diagnostic]) -> MLIRError:
    """One ``MLIRError`` carrying all ``diags`` (``str()`` renders them all)."""
    first = diags[0]
    e = MLIRError(first.message, first.loc, first.notes)
    e.diagnostic = first
    e.diagnostics = list(diags)  # type: ignore[attr-defined]
    e.args = ("".join(_render(d) for d in diags).rstrip("\n"),)
    return e


def _raise(e: MLIRError) -> MLIRError:
    from .syntax.op_notes import complete

    complete(e.diagnostic)
    if not hasattr(e, "diagnostics"):
        e.diagnostics = [e.diagnostic]  # type: ignore[attr-defined]
    e.args = ("".join(_render(d) for d in e.diagnostics).rstrip("\n"),)  # type: ignore[attr-defined]
    return e


def parse(text: str, filename: str = "<string>", allow_unregistered: bool = False) -> Any:
    """Parse and verify ``text``; returns the ``builtin.module`` (an implicit one when the text
    holds several top-level ops, as mlir-opt does)."""
    from .driver import Config, _ChunkRun
    from .ir.verifier import verify

    if not isinstance(text, str):
        raise TypeError(f"parse() wants the program text as a str, not {type(text).__name__}")
    run = _ChunkRun(Source(text, filename), Config(allow_unregistered=allow_unregistered))
    try:
        module = run.parse()
        verify(module)
    except MLIRError as e:
        raise _raise(e) from None
    except RecursionError:
        raise _error([Diagnostic("error", "exceeded the maximum nesting depth", None)]) from None
    return module


def _pipeline(pipeline: Any) -> Any:
    from .passes.pipeline import Nest, PipelineError, add_flag_pass, check_nesting, parse_options, parse_pipeline
    from .passes.registry import OptionError

    try:
        if isinstance(pipeline, Nest):
            nest = pipeline
        elif isinstance(pipeline, str):
            nest = parse_pipeline(pipeline)
        elif isinstance(pipeline, Sequence):
            nest = Nest("builtin.module")
            for item in pipeline:
                if not isinstance(item, str):
                    raise TypeError(f"a pass is named by a str, not {type(item).__name__}")
                if "{" in item and item.endswith("}"):  # name{opt=v,...}, as in a textual pipeline
                    name, opts = item[:-1].split("{", 1)
                else:  # name=opt=v,... as the CLI flag --name=opt=v
                    name, _, opts = item.partition("=")
                add_flag_pass(nest, name, parse_options(opts))
        else:
            raise TypeError("a pipeline is a textual pipeline (str) or a list of pass names, not "
                            f"{type(pipeline).__name__}")
        check_nesting(nest)
    except PipelineError as e:
        raise _error([e.diagnostic()]) from None
    except OptionError as e:
        raise _error([Diagnostic("error", f"pass options: {e}", None)]) from None
    except KeyError as e:
        raise _error([Diagnostic("error", f"'{e.args[0]}' does not refer to a registered pass", None)]) from None
    return nest


def run_passes(module: Any, pipeline: Any, verify_each: bool = True) -> Any:
    """Run ``pipeline`` on ``module`` in place (and return it): a textual pipeline
    (``"builtin.module(func.func(async-region),gpu-to-runtime)"``, the wrapper optional) or a list
    of pass names with optional options (``["async-region", "gpu-to-runtime{stream-pool=false}"]``,
    nested by their anchors as CLI flags are)."""
    from .passes.pipeline import PassHooks, run_pipeline

    nest = _pipeline(pipeline)
    try:
        run_pipeline(nest, module, verify_each, PassHooks())
    except MLIRError as e:
        raise _raise(e) from None
    return module


def print_ir(module: Any, generic: bool = False, debuginfo: bool = False) -> str:
    """The module as mlir-opt 22 prints it (custom or generic form), with a trailing newline."""
    from .syntax.printer import print_module

    return print_module(module, generic, debuginfo) + "\n"


@dataclass
class RunResult:
    """What ``execute`` gives back: the program's stdout, the ``--run-stats`` object, and the
    hazards and leaks the checker reported (strings in mlir-opt's diagnostic form)."""

    output: str
    stats: dict[str, Any] = field(default_factory=dict)
    hazards: list[str] = field(default_factory=list)


def execute(module: Any, entry: str = "main", backend: str = "sim", cost_model: str | None = None,
            leaks: str = "warning") -> RunResult:
    """Run ``entry`` of ``module`` (as ``--run``).  Hazards do not raise: they are in
    ``.hazards`` (and ``.stats['hazards']``); a runtime error (an unsupported op, a bad entry
    point, an out-of-bounds access the program cannot go past) raises ``MLIRError``."""
    import json
    import os
    import tempfile

    from .driver import Config
    from .run.interpreter import RunError, run_module

    fd, stats_path = tempfile.mkstemp(prefix="asyncgpu-opt-stats-", suffix=".json")
    os.close(fd)
    lines: list[str] = []
    cfg = Config(run=True, backend=backend, entry=entry, run_stats=stats_path, run_cost_model=cost_model,
                 run_leaks=leaks)
    try:
        try:
            out = run_module(module, cfg, lines)
        except RunError as e:
            if not e.diagnostic.summary:  # a real runtime error, not the closing hazard count
                raise _raise(e) from None
            out = e.output or ""
        except MLIRError as e:
            raise _raise(e) from None
        with open(stats_path) as fh:
            text = fh.read()
        stats = json.loads(text) if text.strip() else {}
    finally:
        os.unlink(stats_path)
    return RunResult(out, stats, [ln.rstrip("\n") for ln in lines if ln.strip()])


def register_pass(cls: type) -> type:
    """Register a user pass class (a frozen dataclass subclassing ``asyncgpu_opt.Pass`` with
    ``name``, ``anchor``, ``summary`` and ``apply(op) -> bool``), usable by name in pipelines.
    Usable as a class decorator."""
    from .passes.registry import register_class

    register_class(cls)
    return cls
