"""The ``asyncgpu-opt`` command: a thin click shell over ``driver.run_opt``.

mlir-opt conventions: input file or ``-`` (stdin), ``-o`` (written atomically, untouched on
failure), pass flags run in command-line order, single-dash long options (``-async-region``),
exit code 0 on success and 1 on any error, stdout carries IR (or program output) only.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterable
from typing import IO

_GC_AT_IMPORT = gc.isenabled()
gc.disable()  # start-up: no collections while importing (click, the reader); see cli()

import click  # noqa: E402

from . import __version__  # noqa: E402
from .passes.registry import ALIASES, available_passes  # noqa: E402

_PASS_FLAGS = available_passes() + sorted(ALIASES)
if _GC_AT_IMPORT:
    gc.enable()  # importing this module (a library user, a test) leaves the collector as it found it


def _record_pass(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is None:
        return
    ctx.meta.setdefault("passes", []).append((param.name_flag, value))  # type: ignore[attr-defined]


class _PassOption(click.Option):
    def __init__(self, flag: str) -> None:
        super().__init__([f"--{flag}"], is_flag=False, flag_value="", default=None, expose_value=False,
                         callback=_record_pass, help=f"Run the '{flag}' pass")
        self.name_flag = flag

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        """``--pass`` and its summary, then its options (``--pass='opt=<kind> ...'``); the pass
        modules are imported only for ``--help``."""
        from .passes.registry import ALIAS_DEFAULTS, pass_class

        cls = pass_class(self.name_flag)
        opts = " ".join(f"{f.name.replace('_', '-')}={_kind(f.type)}" for f in cls.option_fields()
                        if f.name.replace("_", "-") not in ALIAS_DEFAULTS.get(self.name_flag, {}))
        text = cls.summary or f"Run the '{self.name_flag}' pass"
        if opts:
            text += f"; options: --{self.name_flag}='{opts}'"
        return f"--{self.name_flag}", text


def _kind(t: object) -> str:
    return {bool: "<bool>", int: "<int>", "bool": "<bool>", "int": "<int>"}.get(t, "<string>")  # type: ignore[call-overload]


def _pass_options(f):
    params = f.__dict__.setdefault("__click_params__", [])
    for flag in reversed(_PASS_FLAGS):
        params.append(_PassOption(flag))
    return f


def _remember(ctx: click.Context, param: click.Parameter, value: object) -> None:
    ctx.meta.setdefault("mlir", {})[param.name] = value


def _show_dialects(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from .ir.opdef import known_dialects

    click.echo("Available Dialects: " + ",".join(known_dialects()))
    ctx.exit(0)


def _hex_limit(value: int | None) -> int | None:
    """--mlir-print-elementsattrs-with-hex-if-larger: 100 when not given, -1 for never (None)."""
    if value is None:
        return 100
    return None if value == -1 else value


class _Choice(click.ParamType):
    """A ``cl::opt`` enum: mlir-opt's error text for a value it does not know."""

    name = "choice"

    def __init__(self, *values: str) -> None:
        self.values = values

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(self.values) + "]"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if value not in self.values:
            from .cli_options import ArgvError

            raise ArgvError(f"for the --{param.opts[0].lstrip('-') if param else '?'} option: Cannot find option "
                            f"named '{value}'!")
        return str(value)


def _mlir_options(f):
    """mlir-opt's printing, statistics, logging and reproducer options; their values go to
    ``ctx.meta['mlir']`` (keyed by the names below), not to ``cli()``'s parameters."""
    from .cli_options import Long, UInt

    def opt(*decls: str, **kw: object) -> None:
        kw.setdefault("is_flag", True)
        kw.setdefault("callback", _remember)
        click.option(*decls, expose_value=False, **kw)(f)

    # listed bottom-up (decorator order): --help shows them in this file's reverse order
    for name, what in (("--remarks-filter", "Show all remarks: passed, missed, failed, analysis"),
                       ("--remarks-filter-analyse", "Show analysis remarks"),
                       ("--remarks-filter-failed", "Show failed remarks"),
                       ("--remarks-filter-missed", "Show missed remarks"),
                       ("--remarks-filter-passed", "Show passed remarks")):
        opt(name, is_flag=False, default=None, metavar="<string>", help=what + " (no pass emits remarks)")
    opt("--remarks-output-file", is_flag=False, default=None, metavar="<string>",
        help="Output file for yaml and bitstream remark formats (default mlir-remarks.yaml or .bitstream)")
    opt("--remark-policy", is_flag=False, default="all", type=_Choice("all", "final"),
        help="Specify the policy for remark output")
    opt("--remark-format", is_flag=False, default="emitRemark", type=_Choice("emitRemark", "yaml", "bitstream"),
        help="Specify the format for remark output (yaml/bitstream: an empty file, no pass emits remarks)")
    opt("--verify-region-info", help="LLVM IR's region-info check, accepted for mlir-opt compatibility (no LLVM "
        "IR here)")
    opt("--mlir-print-assume-verified", help="Skip op verification when printing (we never verify to print)")
    opt("--mlir-enable-debugger-hook", help="Accepted for mlir-opt compatibility (no C++ debugger hook; run "
        "under python -m pdb instead)")
    opt("--load-pass-plugin", "pass_plugins", is_flag=False, multiple=True, metavar="<file.py>",
        help="Load passes from a Python file that registers them (asyncgpu_opt.register_pass)")
    opt("--load-dialect-plugin", "dialect_plugins", is_flag=False, multiple=True, metavar="<string>",
        help="Load dialects from plugin library (C++ plugins cannot load into a Python tool)")
    opt("--irdl-file", is_flag=False, default=None, metavar="<filename>",
        help="IRDL file to register before processing the input (not supported)")
    opt("--mlir-pass-pipeline-local-reproducer", help="Accepted: the crash reproducer holds the whole pipeline")
    opt("--mlir-generate-reproducer", "generate_reproducer", is_flag=False, default=None, metavar="<filename>",
        help="Generate an mlir reproducer at the provided filename (no crash required)")
    opt("--mlir-print-debug-counter", help="Print out debug counter information after all counters have been "
        "accumulated")
    opt("--mlir-debug-counter", "debug_counters", is_flag=False, multiple=True, metavar="<string>",
        help="Comma separated list of debug counter skip and count arguments (tag-skip=N, tag-count=N)")
    opt("--profile-actions-to", is_flag=False, default=None, metavar="<string>",
        help="Profile action execution to a file, or stderr if '-' is passed")
    opt("--log-mlir-actions-filter", "log_filter", is_flag=False, multiple=True, metavar="<string>",
        help="Comma separated list of locations to filter actions from logging")
    opt("--mlir-output-format", "timing_format", is_flag=False, default="text", type=_Choice("text", "json"),
        help="Output format for timing data")
    opt("--mlir-timing-display", "timing_display", is_flag=False, default="list", type=_Choice("list", "tree"),
        help="Display method for timing data")
    opt("--mlir-very-unsafe-disable-verifier-on-parsing", "no_verify_on_parse",
        help="Disable the verifier on parsing (very unsafe)")
    opt("--verify-roundtrip", help="Round-trip the IR after parsing and ensure it succeeds")
    opt("--mlir-disable-diagnostic-notes", "no_notes", help="Disable diagnostic notes (as in mlir-opt 22.1.8, "
        "the notes print all the same)")
    opt("--mlir-diagnostic-verbosity-level", "verbosity", is_flag=False, default="remarks",
        type=_Choice("errors", "warnings", "remarks"), help="Choose level of diagnostic information")
    opt("--color", help="Use colors in output (default=autodetect)")
    opt("--mlir-elide-resource-strings-if-larger", "elide_resource_strings", is_flag=False, default=None, type=UInt(),
        metavar="<uint>", help="Elide printing value of resources if string is too long in chars.")
    opt("--mlir-use-nameloc-as-prefix", "nameloc_prefix", help="Print SSA IDs using NameLocs as prefixes")
    opt("--mlir-print-unique-ssa-ids", "unique_ids", help="Print unique SSA ID numbers for values, block "
        "arguments and naming conflicts across all regions")
    opt("--mlir-print-skip-regions", "skip_regions", help="Skip regions when printing ops.")
    opt("--elide-resource-data-from-bytecode", "elide_resources", help="Elide resources when generating bytecode")
    opt("--emit-bytecode-version", "bytecode_version", is_flag=False, default=None, type=UInt(), metavar="<value>",
        help="Use specified bytecode when generating output")
    opt("--emit-bytecode", help="Emit bytecode when generating output")
    opt("--run-reproducer", help="Run the pipeline stored in the input's mlir_reproducer resource (before any "
        "pass flags)")
    opt("--mlir-pass-pipeline-crash-reproducer", "crash_reproducer", is_flag=False, default=None,
        metavar="<file>", help="Write the input IR and the pipeline to <file> when a pass fails")
    opt("--mlir-print-ir-tree-dir", "ir_tree_dir", is_flag=False, default=None, metavar="<dir>",
        help="Write the --mlir-print-ir-* dumps to a file tree under <dir> (one file per pass and op)")
    opt("--log-actions-to", is_flag=False, default=None, metavar="<file>",
        help="Log the pass-execution actions to <file> ('-' for stdout)")
    opt("--show-dialects", is_eager=True, callback=_show_dialects, help="Print the list of registered dialects "
        "and exit")
    opt("--mlir-pass-statistics-display", "pass_statistics_display", is_flag=False, default="pipeline",
        type=_Choice("list", "pipeline"), help="Display method for pass statistics: list (merged by pass) or "
        "pipeline (as nested)")
    opt("--mlir-pass-statistics", "pass_statistics", help="Display the statistics of each pass")
    opt("--mlir-print-stacktrace-on-diagnostic", help="Accepted for mlir-opt compatibility (no C++ stack "
        "trace to attach)")
    opt("--mlir-print-op-on-diagnostic/--no-mlir-print-op-on-diagnostic", "print_op_on_diagnostic", default=True,
        help="Attach the operation as a note to diagnostics emitted on it (=false to drop)")
    opt("--mlir-pretty-debuginfo", help="Print pretty debug info in MLIR output")
    opt("--mlir-print-elementsattrs-with-hex-if-larger", "hex_if_larger", is_flag=False, default=None,
        type=Long(), metavar="<long>", help="Print DenseElementsAttrs with a hex string that have more elements "
        "than the given upper limit (use -1 to disable)")
    opt("--mlir-elide-elementsattrs-if-larger", "elide_if_larger", is_flag=False, default=None, type=UInt(),
        metavar="<uint>", help="Elide ElementsAttrs with more elements than the given upper limit")
    opt("--mlir-print-value-users", help="Print users of operation results and block arguments as a comment")
    return f


def _help_list(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--help-list``, ``--help-hidden``, ``--help-list-hidden``: LLVM's other help views; every
    option here is listed, so they print ``--help``."""
    if not value or ctx.resilient_parsing:
        return
    click.echo(ctx.get_help())
    ctx.exit(0)


def _list_passes(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from .passes.registry import ALIAS_DEFAULTS, pass_class

    out = ["Passes:"]
    for name in sorted(available_passes() + list(ALIASES)):
        cls = pass_class(name)
        summary = cls.summary if name not in ALIASES else f"{cls.summary} (upstream spelling of --{ALIASES[name]})"
        out.append(f"  --{name:<40} -   {summary}")
        defaults = ALIAS_DEFAULTS.get(name, {})
        for f in cls.option_fields():
            default = defaults.get(f.name.replace("_", "-"), f.default)
            if isinstance(default, bool):
                default = "true" if default else "false"
            help_ = (f.metadata.get("help", "") if f.metadata else "") or f"default: {default}"
            kind = {bool: "bool", int: "int", "bool": "bool", "int": "int"}.get(f.type, "string")
            opt = f"--{f.name.replace('_', '-')}=<{kind}>"
            out.append(f"    {opt:<40} - {help_}")
    click.echo("\n".join(out))
    ctx.exit(0)


@click.command(context_settings={"help_option_names": ["--help", "-h"], "max_content_width": 110},
               epilog="Passes run in command-line order; each pass flag takes its options as --pass='opt=value ...' "
                      "(or use --pass-pipeline). Passes and their options: --list-passes and docs/passes.md; "
                      "the command line: docs/user-guide.md.")
@click.argument("input_file", default="-", required=False, metavar="<input file>", type=click.Path(allow_dash=True))
@click.option("-o", "output", default="-", metavar="<filename>", type=click.Path(allow_dash=True),
              help="Output filename")
@click.option("--split-input-file", is_flag=False, flag_value="", default=None, metavar="[=<marker>]",
              help="Split the input file into pieces and process each chunk independently (on '// -----', or "
              "on the given marker)")
@click.option("--output-split-marker", default="// -----", help="Split marker to use for merging the output")
@click.option("--verify-diagnostics", is_flag=True, help="Check that emitted diagnostics match expected-* "
              "lines on the corresponding line")
@click.option("--allow-unregistered-dialect", is_flag=True, help="Allow operation with no registered dialects")
@click.option("--mlir-print-op-generic", is_flag=True, help="Print the generic op form")
@click.option("--mlir-print-debuginfo", is_flag=True, help="Print debug info in MLIR output")
@click.option("--mlir-print-local-scope", is_flag=True, help="Print with local scope and inline information "
              "(eliding aliases for attributes, types, and locations)")
@click.option("--no-implicit-module", is_flag=True, help="Disable implicit addition of a top-level module op "
              "during parsing")
@click.option("--pass-pipeline", default=None, help="Textual description of the pass pipeline to run")
@click.option("--dump-pass-pipeline", is_flag=True, help="Print the pipeline that will be run")
@click.option("--mlir-print-ir-after-all", is_flag=True, help="Print IR after each pass")
@click.option("--mlir-print-ir-before-all", is_flag=True, help="Print IR before each pass")
@click.option("--mlir-print-ir-after", "print_ir_after", multiple=True, metavar="PASS[,PASS...]",
              help="Print IR after each run of these passes")
@click.option("--mlir-print-ir-before", "print_ir_before", multiple=True, metavar="PASS[,PASS...]",
              help="Print IR before each run of these passes")
@click.option("--mlir-print-ir-after-change", is_flag=True, help="When printing the IR after a pass, only "
              "print if the IR changed")
@click.option("--mlir-print-ir-after-failure", is_flag=True, help="Print IR after a pass fails (only)")
@click.option("--mlir-print-ir-module-scope", is_flag=True, help="When printing IR for print-ir-[before|after]"
              "{-all} always print the top-level operation")
@click.option("--mlir-disable-threading", is_flag=True, help="Disable multi-threading (accepted; we run "
              "single-threaded)")
@click.option("--mlir-timing", is_flag=True, help="Display execution times")
@click.option("--verify-each/--no-verify-each", default=True, help="Run the verifier after each transformation "
              "pass")
@click.option("--run", "run_", is_flag=True, help="Execute the program (after the passes) instead of printing IR")
@click.option("--backend", type=click.Choice(["auto", "sim", "cuda"]), default="sim",
              help="Device for --run: sim (the CPU simulator and its checks, the default), cuda (a GPU through "
                   "cuda-python), auto (cuda when a GPU is present, else sim)")
@click.option("-e", "--entry-point", "entry", default="main", help="Function to run with --run")
@click.option("--trace", default=None, metavar="FILE", help="With --run: write a Chrome/Perfetto trace")
@click.option("--timeline", default=None, metavar="FILE",
              help="With --run: draw the streams' timeline as an SVG file ('-': as text on stderr)")
@click.option("--run-stats", default=None, metavar="FILE", help="With --run: write JSON run statistics")
@click.option("--entry-point-result", type=click.Choice(["void", "i32", "i64", "f32"]), default=None,
              help="mlir-runner's flag, so RUN lines can swap mlir-runner for asyncgpu-opt --run: void (the "
                   "entry function must return nothing), or i32/i64/f32 (it must return one value of that "
                   "type, printed after the run as mlir-runner prints it)")
@click.option("--shared-libs", multiple=True, metavar="LIBS",
              help="mlir-runner's flag, accepted and ignored: the runner utils (printMemref*, print*) are built "
                   "in and no library is loaded")
@click.option("-O", "opt_level", type=click.Choice(["0", "1", "2", "3"]), default=None,
              help="mlir-runner's optimization level (-O0..-O3), accepted and ignored: the simulator interprets")
@click.option("--run-summary", is_flag=True,
              help="With --run: one line on stderr with streams, events, syncs, hazards and the (virtual) makespan")
@click.option("--run-leaks", type=click.Choice(["warning", "error"]), default="warning",
              help="With --run: device memory never freed at exit is a warning (default, as mlir-runner) or "
                   "an error (as LeakSanitizer); leaked streams and events are always errors")
@click.option("--run-kernel-steps", type=click.IntRange(min=1), default=1 << 16, metavar="N",
              help="With --run: loop iterations and branches one kernel launch may take before it is reported "
                   "as not terminating (a spin wait nothing satisfies)")
@click.option("--run-cost-model", default=None, metavar="FILE",
              help="With --run: the simulator's cost model, a JSON object of CostModel fields (docs/run.md)")
@click.option("--list-passes", is_flag=True, expose_value=False, is_eager=True, callback=_list_passes,
              help="List the registered passes and exit")
@click.option("--help-list", "--help-hidden", "--help-list-hidden", is_flag=True, expose_value=False,
              is_eager=True, callback=_help_list, help="Display the available options (as --help)")
@click.version_option(__version__, "--version", prog_name="asyncgpu-opt",
                      message="asyncgpu-opt version %(version)s (mlir-opt 22 compatible)")
@_mlir_options
@_pass_options
@click.pass_context
def cli(ctx: click.Context, input_file: str, output: str,  # noqa: C901 - one check per CLI flag, in mlir-opt order
        split_input_file: str | None, output_split_marker: str,
        verify_diagnostics: bool, allow_unregistered_dialect: bool, mlir_print_op_generic: bool,
        mlir_print_debuginfo: bool, mlir_print_local_scope: bool, no_implicit_module: bool, pass_pipeline: str | None,
        dump_pass_pipeline: bool, mlir_print_ir_after_all: bool, mlir_print_ir_before_all: bool,
        print_ir_after: tuple[str, ...], print_ir_before: tuple[str, ...], mlir_print_ir_after_change: bool,
        mlir_print_ir_after_failure: bool,
        mlir_print_ir_module_scope: bool, mlir_disable_threading: bool, mlir_timing: bool, verify_each: bool,
        run_: bool, backend: str, entry: str, trace: str | None, timeline: str | None, run_stats: str | None,
        entry_point_result: str | None, shared_libs: tuple[str, ...], opt_level: str | None, run_summary: bool,
        run_leaks: str, run_kernel_steps: int, run_cost_model: str | None) -> None:
    """asyncgpu-opt: an MLIR optimizer for asynchronous GPU code."""
    gc_was = gc.isenabled()
    gc.disable()  # no collections while the lazy imports below build their tables
    from .driver import Config, run_opt
    from .passes.pipeline import (
        Nest,
        PipelineError,
        add_flag_pass,
        canonical_name,
        check_nesting,
        parse_options,
        parse_pipeline,
        pipeline_text,
    )
    from .passes.registry import OptionError
    from .syntax import parser as _parser  # noqa: F401 - the reader is always needed

    gc.freeze()  # what the imports built stays out of every later collection
    if gc_was:
        gc.enable()
    flags = ctx.meta.get("passes", [])
    more = ctx.meta.get("mlir", {})  # the options of @_mlir_options
    _unsupported(ctx, more)
    if more.get("bytecode_version") is not None and not more.get("emit_bytecode"):
        click.echo("<unknown>:0: error: bytecode version while not emitting bytecode", err=True)
        ctx.exit(1)
    text = None
    repro_pipeline = None
    if more.get("run_reproducer"):  # the pipeline comes from the input
        from .reproducer import read_reproducer

        text = _read_input(ctx, input_file)
        repro_pipeline, repro_verify = read_reproducer(text)
        if repro_verify is not None:
            verify_each = repro_verify
    try:
        if repro_pipeline is not None:
            try:
                pipeline = parse_pipeline(repro_pipeline)
            except PipelineError as ex:
                click.echo(ex.diagnostic().message, err=True)
                ctx.exit(1)
            for name, opts in flags:
                add_flag_pass(pipeline, name, parse_options(opts))
        elif pass_pipeline is not None and flags:
            raise PipelineError("'--pass-pipeline' option can't be used with individual pass options",
                                kind="cli")
        elif pass_pipeline is not None:
            pipeline = parse_pipeline(pass_pipeline)
        else:
            pipeline = Nest("builtin.module")
            for name, opts in flags:
                try:
                    add_flag_pass(pipeline, name, parse_options(opts))
                except OptionError as ex:
                    raise PipelineError(f"<Pass-Options-Parser>: {ex}\nfailed to add `{name}` with options "
                                        f"`{opts}`", kind="option") from None
        check_nesting(pipeline)
    except PipelineError as ex:
        click.echo(f"<unknown>:0: error: {ex.diagnostic().message}", err=True)
        ctx.exit(1)
    if dump_pass_pipeline:
        click.echo("Pass Manager with " + str(_count(pipeline)) + " passes:", err=True)
        click.echo(pipeline_text(pipeline), err=True)
        click.echo("", err=True)
    selected: dict[str, tuple[str, ...]] = {}
    for opt, given in (("mlir-print-ir-after", print_ir_after), ("mlir-print-ir-before", print_ir_before)):
        names = tuple(canonical_name(n.strip()) for g in given for n in g.split(",") if n.strip())
        for n in names:
            if n not in available_passes():
                click.echo(f"asyncgpu-opt: for the --{opt} option: Cannot find option named '{n}'!", err=True)
                ctx.exit(1)
        selected[opt] = names
    if mlir_print_ir_module_scope and not mlir_disable_threading and (
            mlir_print_ir_after_all or mlir_print_ir_before_all or print_ir_after or print_ir_before
            or mlir_print_ir_after_failure):
        click.echo("<unknown>:0: error: IR print for module scope can't be setup on a pass-manager without "
                   "disabling multi-threading first.", err=True)
        ctx.exit(1)

    name = "<stdin>" if input_file == "-" else input_file
    if text is None:
        text = _read_input(ctx, input_file)
    for flag, value in (("--trace", trace), ("--run-stats", run_stats), ("--run-summary", run_summary),
                        ("--run-cost-model", run_cost_model), ("--entry-point-result", entry_point_result),
                        ("--timeline", timeline)):
        if value and not run_:
            click.echo(f"asyncgpu-opt: {flag} needs --run", err=True)
            ctx.exit(1)
    if run_ and backend == "cuda" and not _has_cuda_python():
        click.echo("asyncgpu-opt: --backend cuda needs cuda-python, which is not installed: pip install "
                   "'asyncgpu-opt[cuda]' (or --backend sim to simulate)", err=True)
        ctx.exit(1)
    if more.get("remark_format") in ("yaml", "bitstream"):  # no pass emits remarks: an empty file, as mlir-opt
        remarks = more.get("remarks_output_file") or f"mlir-remarks.{more['remark_format']}"
    else:
        remarks = None
    for path in (output, trace, timeline, run_stats, more.get("log_actions_to"), more.get("profile_actions_to"),
                 more.get("crash_reproducer"), remarks):  # as mlir-opt: before any work, no file half-written
        if path and path != "-":
            d = os.path.dirname(os.path.realpath(path))
            if not os.path.isdir(d):
                click.echo(f"cannot open output file '{path}': No such file or directory", err=True)
                ctx.exit(1)
            if not os.access(d, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
                click.echo(f"cannot open output file '{path}': Permission denied", err=True)
                ctx.exit(1)

    config = Config(split_input_file=split_input_file is not None, split_marker=split_input_file or "// -----",
                    output_split_marker=output_split_marker,
                    verify_diagnostics=verify_diagnostics, allow_unregistered=allow_unregistered_dialect,
                    generic=mlir_print_op_generic, debuginfo=mlir_print_debuginfo,
                    local_scope=mlir_print_local_scope,
                    no_implicit_module=no_implicit_module, pipeline=pipeline,
                    print_ir_before_all=mlir_print_ir_before_all, print_ir_after_all=mlir_print_ir_after_all,
                    print_ir_after=selected["mlir-print-ir-after"], print_ir_before=selected["mlir-print-ir-before"],
                    print_ir_after_change=mlir_print_ir_after_change,
                    print_ir_after_failure=mlir_print_ir_after_failure,
                    print_module_scope=mlir_print_ir_module_scope, timing=mlir_timing, verify_each=verify_each,
                    run=run_, backend=backend, entry=entry, trace=trace, timeline=timeline, run_stats=run_stats,
                    run_cost_model=run_cost_model, run_leaks=run_leaks, run_kernel_steps=run_kernel_steps,
                    entry_result=entry_point_result, run_summary=run_summary,
                    release_ir=not _as_program, print_op_on_diagnostic=more.get("print_op_on_diagnostic", True),
                    pass_statistics=more.get("pass_statistics_display") if more.get("pass_statistics") else None,
                    log_actions=more.get("log_actions_to") is not None, ir_tree_dir=more.get("ir_tree_dir"),
                    crash_reproducer=more.get("crash_reproducer"), elide_if_larger=more.get("elide_if_larger"),
                    hex_if_larger=_hex_limit(more.get("hex_if_larger")),
                    pretty_debuginfo=bool(more.get("mlir_pretty_debuginfo")),
                    value_users=bool(more.get("mlir_print_value_users")), spill_output_after=_SPILL_OUTPUT_AFTER,
                    **_general_options(more))
    if isinstance(text, bytes):  # bytecode: one buffer (mlir-opt finds no split marker in it either)
        config.split_input_file = False
    res = run_opt(text, name, config)
    sys.stderr.write(res.stderr_text)
    _write_diagnostics(res, more)
    if config.log_actions:
        _write_output(more["log_actions_to"], res.action_log, True)
    if config.profile_actions:
        _write_output(more["profile_actions_to"], res.profile, True)
    if remarks:
        _write_output(remarks, "", True)
    if res.exit_code == 0 or config.split_input_file or run_:
        _write_output(output, res.pieces, res.exit_code == 0 or output == "-")
    ctx.exit(res.exit_code)


def _general_options(more: dict) -> dict:
    """``driver.Config`` fields of mlir-opt's general options (``@_mlir_options``)."""
    return {"verify_on_parse": not more.get("no_verify_on_parse"),
            "verify_roundtrip": bool(more.get("verify_roundtrip")),
            "timing_display": more.get("timing_display", "list"), "timing_format": more.get("timing_format", "text"),
            "skip_regions": bool(more.get("skip_regions")), "unique_ids": bool(more.get("unique_ids")),
            "nameloc_prefix": bool(more.get("nameloc_prefix")), "debug_counters": more.get("debug_counters", ()),
            "print_debug_counters": bool(more.get("mlir_print_debug_counter")),
            "log_filter": more.get("log_filter", ()), "profile_actions": more.get("profile_actions_to") is not None,
            "generate_reproducer": more.get("generate_reproducer"), "emit_bytecode": bool(more.get("emit_bytecode")),
            "bytecode_version": more.get("bytecode_version"), "elide_resources": bool(more.get("elide_resources"))}


def _unsupported(ctx: click.Context, more: dict) -> None:
    """Options with no meaning in a Python tool: a one-line reason (exit 1 where going on would
    give another result than mlir-opt's)."""
    for plugin in more.get("dialect_plugins", ()):
        click.echo(f"Failed to load dialect plugin from '{plugin}'. Request ignored.", err=True)
        click.echo("asyncgpu-opt: C++ dialect plugins cannot load into asyncgpu-opt (a Python tool); its dialects "
                   "are built in (--show-dialects)", err=True)
        ctx.exit(1)
    irdl = more.get("irdl_file")
    if irdl is not None:
        if not os.path.exists(irdl):
            click.echo(f"error: cannot open input file '{irdl}': No such file or directory", err=True)
        else:
            click.echo(f"asyncgpu-opt: --irdl-file: IRDL dialects are not supported ('{irdl}' not registered; "
                       "--allow-unregistered-dialect reads such ops in generic form)", err=True)
        ctx.exit(1)
    if more.get("mlir_enable_debugger_hook"):
        click.echo("asyncgpu-opt: --mlir-enable-debugger-hook: no MLIR debugger hook in a Python tool (run it "
                   "under 'python -m pdb -m asyncgpu_opt' instead)", err=True)


def _write_diagnostics(res: object, more: dict) -> None:
    """The diagnostics on stderr: ``--mlir-diagnostic-verbosity-level`` drops the less severe,
    ``--color`` forces colors.  (``--mlir-disable-diagnostic-notes`` changes nothing: mlir-opt
    22.1.8 prints the notes all the same.)"""
    from .driver import Result

    assert isinstance(res, Result)
    level = {"errors": ("error",), "warnings": ("error", "warning")}.get(more.get("verbosity", "remarks"))
    diags = [d for d in res.diagnostics if level is None or d.severity in level]
    color = bool(more.get("color")) or _stderr_has_colors()
    sys.stderr.write("".join(d.render(color=color) for d in diags))


def _has_cuda_python() -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec("cuda.bindings") is not None
    except (ImportError, ValueError):
        return False


def _stderr_has_colors() -> bool:
    """As LLVM's ``raw_fd_ostream::has_colors``: a terminal that is not ``TERM=dumb``."""
    try:
        return sys.stderr.isatty() and os.environ.get("TERM", "") not in ("", "dumb")
    except (AttributeError, ValueError):
        return False


def _read_input(ctx: click.Context, input_file: str) -> str | bytes:
    """The input as text; invalid UTF-8 is kept byte for byte (as mlir-opt does): accepted in
    comments and strings, an "unexpected character" elsewhere.  MLIR bytecode (its magic number
    first) comes back as bytes."""
    try:
        if input_file == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(input_file, "rb") as fh:
                data = fh.read()
    except OSError as ex:
        click.echo(f"cannot open input file '{input_file}': {ex.strerror}", err=True)
        ctx.exit(1)
    if data.startswith(b"ML\xefR"):  # MLIR bytecode (syntax/bytecode_reader.py)
        return data
    return data.decode("utf-8", "surrogateescape")


def _count(n: object) -> int:
    from .passes.pipeline import Nest

    assert isinstance(n, Nest)
    return sum(_count(i) if isinstance(i, Nest) else 1 for i in n.items)


# printed output held in memory before the rest goes to a temporary file (then written from there):
# the lowered IR and its whole text are never both in memory (54 MB of text at 100k lowered ops)
_SPILL_OUTPUT_AFTER = 8 << 20


def _write_output(path: str, text: str | Iterable[str], ok: bool) -> None:
    """Write ``text`` (or its pieces, in order) to ``path`` (``-``: stdout).  A regular file is
    replaced atomically (a temporary file beside it, renamed over it: never half-written) and keeps
    its mode (a new one gets the umask's, as mlir-opt); through a symlink the target is replaced,
    the link stays; anything else (``/dev/null``, a FIFO, a terminal) is written in place."""
    if path == "-":
        if _is_binary(text):  # --emit-bytecode
            sys.stdout.flush()
            sys.stdout.buffer.write(_joined_bytes(text))
        else:
            _write_chunked(sys.stdout, text)
        sys.stdout.flush()
        return
    if not ok:
        return
    import stat

    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        if _is_binary(text):
            with open(real, "wb") as bfh:
                bfh.write(_joined_bytes(text))
            return
        with open(real, "w", encoding="utf-8", errors="surrogateescape") as fh:
            _write_chunked(fh, text)
        return
    import tempfile  # only for -o FILE, a regular file (not /dev/null): start-up cost

    if st is not None:
        mode = stat.S_IMODE(st.st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=".asyncgpu-opt-", dir=os.path.dirname(real))
    try:
        os.fchmod(fd, mode)
        if _is_binary(text):  # --emit-bytecode
            with os.fdopen(fd, "wb") as bfh:
                bfh.write(_joined_bytes(text))
            os.replace(tmp, real)
            return
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as fh:
            _write_chunked(fh, text)
        os.replace(tmp, real)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _is_binary(text: object) -> bool:
    """Output pieces holding bytecode (``--emit-bytecode``), written as bytes."""
    return isinstance(text, list) and any(isinstance(p, bytes) for p in text)


def _joined_bytes(pieces: list) -> bytes:
    return b"".join(p if isinstance(p, bytes) else p.encode("utf-8", "surrogateescape") for p in pieces)


def _write_chunked(fh: IO[str], text: str | Iterable[str], size: int = 1 << 20) -> None:
    """``fh.write(text)`` (each piece of it, in order) a MiB at a time: a text stream encodes what
    it is given in one piece, a second copy of the whole output (54 MB at 100k lowered ops)."""
    for piece in [text] if isinstance(text, str) else text:
        if len(piece) <= size:
            fh.write(piece)
            continue
        for i in range(0, len(piece), size):
            fh.write(piece[i:i + size])


def _normalize_argv(argv: list[str]) -> list[str]:
    """mlir-opt's spellings (``-split-input-file``, ``--verify-each=false``) in click's form;
    pass options and a split marker only ever come ``=``-joined: never eat the next argument."""
    from .cli_options import normalize_argv

    help_ = click.Option(["--help", "-h"], is_flag=True)  # click adds it when parsing
    return normalize_argv(argv, [*cli.params, help_], set(_PASS_FLAGS) | {"split-input-file"})


def _fast_exit(code: int) -> None:
    """End the process without tearing down the IR object by object (about 1 s at 100k ops);
    only when running as the program (``main()`` without ``argv``), after flushing the output."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - e.g. a closed pipe: let the normal exit report it
        sys.exit(code)
    os._exit(code)


_as_program = False  # main() without argv: the process ends with _fast_exit


class _Interrupted(BaseException):
    """Ctrl-C: unwinds (an ``-o`` temporary file is removed) past click, which would print."""


def _on_sigint(_signum: int, _frame: object) -> None:
    raise _Interrupted


def main(argv: list[str] | None = None) -> None:
    global _as_program

    _as_program = argv is None
    if _as_program:
        import signal

        # as a C++ tool: a closed pipe ends the process quietly (SIGPIPE), Ctrl-C exits 130 silently
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        signal.signal(signal.SIGINT, _on_sigint)
    try:
        _main(argv)
    except _Interrupted:
        os._exit(130)


def _load_pass_plugins(argv: list[str]) -> None:
    """``--load-pass-plugin=FILE.py`` (before the command line is parsed, so that the passes it
    registers through ``asyncgpu_opt.register_pass`` get their flags): the file is run as a module.
    Anything else (a C++ plugin) fails as mlir-opt fails to load it."""
    from .cli_options import ArgvError

    paths = []
    for i, a in enumerate(argv):
        body = a.lstrip("-")
        if a.startswith("-") and body.startswith("load-pass-plugin"):
            if body.startswith("load-pass-plugin="):
                paths.append(body.split("=", 1)[1])
            elif body == "load-pass-plugin" and i + 1 < len(argv):
                paths.append(argv[i + 1])
    for path in paths:
        if not path.endswith(".py") or not os.path.isfile(path):
            why = "no such file" if not os.path.exists(path) else "only Python plugins (a .py file registering " \
                  "passes with asyncgpu_opt.register_pass) load into asyncgpu-opt"
            raise ArgvError(f"Failed to load passes from '{path}'. Request ignored.\nasyncgpu-opt: {why}")
        import runpy

        before = set(available_passes())
        try:
            runpy.run_path(path, run_name="asyncgpu_opt_plugin")
        except Exception as ex:  # noqa: BLE001 - the plugin's own error, in one line
            raise ArgvError(f"Failed to load passes from '{path}'. Request ignored.\nasyncgpu-opt: "
                            f"{type(ex).__name__}: {ex}") from None
        for name in sorted(set(available_passes()) - before):
            _PASS_FLAGS.append(name)
            cli.params.append(_PassOption(name))


def _main(argv: list[str] | None) -> None:
    from .cli_options import ArgvError
    try:
        args = list(sys.argv[1:] if argv is None else argv)
        if any("load-pass-plugin" in a for a in args):
            _load_pass_plugins(args)
        args = _normalize_argv(args)
    except ArgvError as e:
        sys.stderr.write(f"asyncgpu-opt: {e}\n")
        sys.exit(1)
    for stream in (sys.stdout, sys.stderr):  # bytes of invalid UTF-8 in the input go out as they came
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="surrogateescape")
    try:
        rv = cli.main(args=args, prog_name="asyncgpu-opt", standalone_mode=False)
    except click.exceptions.Exit as e:
        if argv is None:
            _fast_exit(e.exit_code)
        sys.exit(e.exit_code)
    except ArgvError as e:
        sys.stderr.write(f"asyncgpu-opt: {e}\n")
        sys.exit(1)
    except click.NoSuchOption as e:
        sys.stderr.write(f"asyncgpu-opt: Unknown command line argument '{e.option_name}'.  Try: 'asyncgpu-opt "
                         "--help'\n")
        if e.possibilities:
            sys.stderr.write(f"asyncgpu-opt: Did you mean '{sorted(e.possibilities)[0]}'?\n")
        sys.exit(1)
    except click.UsageError as e:
        msg = e.format_message()
        sys.stderr.write(f"asyncgpu-opt: {msg}\nTry: 'asyncgpu-opt --help'\n")
        sys.exit(1)
    except click.Abort:
        sys.exit(1)
    except Exception as e:  # noqa: BLE001 - an internal bug is reported in one line, never as a traceback
        sys.stderr.write(f"<unknown>:0: error: internal error: {type(e).__name__}: {e}\n")
        sys.exit(1)
    if argv is None:  # click (standalone_mode=False) returns ctx.exit()'s code instead of raising
        _fast_exit(rv or 0)
    sys.exit(rv or 0)


if __name__ == "__main__":  # pragma: no cover
    main()
