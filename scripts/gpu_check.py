#!/usr/bin/env python3
"""``make gpu-check``: ``--run --backend cuda`` against the simulator on a real GPU, in one go.

    python scripts/gpu_check.py [--report FILE] [--budget 480] [--upstream DIR] [--programs 6]

On a machine with a CUDA GPU (at most ``--budget`` seconds, 8 minutes by default):

1. setup: the ``cuda`` extra's packages are imported, else installed from the project's own
   pyproject (``pip install -e '.[cuda]'``; a machine without a network uses what it has);
2. the ``cuda``-gated pytest tests (``-m cuda``) and lit tests (``lit_tests/CUDA``, when lit and
   filecheck are installed);
3. every program ``--run`` executes in ``lit_tests/Run``, ``lit_tests/Integration``, ``examples/`` (each
   RUN line's ``asyncgpu-opt ... --run`` command) and, with ``--upstream DIR`` (a checkout of upstream's
   ``mlir/test/Integration/GPU/CUDA``), upstream's runnable programs (``benchmarks/upstream_integration.py``'s
   classification), once with ``--backend sim`` and once with ``--backend cuda``: stdout and the exit
   status must be the same byte for byte (stderr, where hazards are reported, is not compared);
4. the cost model: micro-benchmarks timed with CUDA events (kernels of 1 to 2^24 threads, host-to-
   device and device-to-device copies of 4 KiB to 64 MiB) and host API calls timed on the host,
   fitted by least squares to ``CostModel``'s fields (``run/model.py``), written as JSON;
5. ``benchmarks/schedule.py``'s programs under each of its pipelines: every command timed by CUDA events
   on its stream (the GPU span, busy time per stream) and the host wall clock, next to the simulated
   makespan under the fitted model, and the Spearman rank correlation of span and simulated makespan;
6. one Markdown report (``--report``) with every figure and every mismatch.

Without a GPU it says so in one line, compiles every kernel of those programs with NVRTC for
``sm_90`` (a CUBIN, as the backend does for an H200) and reports each that fails, and exits 0.
Exit status: 0 when every part that ran found no mismatch and no failure, 1 otherwise.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib.util
import json
import os
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
LOCAL_DIRS = ("lit_tests/Run", "lit_tests/Integration", "examples")
# RUN-line options that name output files: dropped (the comparison is of stdout and the exit status)
_FILE_OPTS = {"-o", "--trace", "--timeline", "--run-stats"}
ASYNC_PIPELINE = ["--gpu-kernel-outlining", "--async-region", "--wait-insertion", "--gpu-to-runtime"]


class Report:
    """Collects the report's sections; prints each line as it comes."""

    def __init__(self) -> None:
        self.lines: list[str] = ["# make gpu-check", ""]
        self.failed = False

    def say(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def section(self, title: str) -> None:
        self.say()
        self.say(f"## {title}")
        self.say()

    def write(self, path: Path) -> None:
        path.write_text("\n".join(self.lines) + "\n")


# --------------------------------------------------------------------------- 1. setup
def setup(rep: Report, install: bool = True) -> None:
    missing = [m for m in ("cuda.bindings", "numpy", "click", "pyparsing") if not _importable(m)]
    if missing and install:
        rep.say(f"setup: missing {', '.join(missing)}: pip install -e '.[cuda]'")
        p = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--retries", "0", "--timeout", "10",
                            "-e", f"{ROOT}[cuda]"], capture_output=True, text=True)
        rep.say("setup: installed" if p.returncode == 0 else
                f"setup: pip failed (no network?): {p.stderr.strip().splitlines()[-1:] or ''}")
    versions = []
    for dist in ("cuda-bindings", "nvidia-cuda-nvrtc-cu12", "nvidia-cuda-nvrtc", "numpy", "lit", "filecheck"):
        try:
            from importlib.metadata import version

            versions.append(f"{dist} {version(dist)}")
        except Exception:
            pass
    rep.say(f"python {sys.version.split()[0]}; " + ", ".join(versions))
    try:
        from asyncgpu_opt.run.nvrtc import nvrtc_version

        rep.say(f"NVRTC {'.'.join(map(str, nvrtc_version()))}")
    except Exception as e:
        rep.say(f"NVRTC not available: {e}")


def _importable(mod: str) -> bool:
    try:
        return importlib.util.find_spec(mod) is not None
    except (ImportError, ValueError):
        return False


def gpu_present() -> str | None:
    """A description of the GPU, or None."""
    from asyncgpu_opt.run.cuda import CudaDevice, CudaError, is_cuda_available

    if not is_cuda_available():
        return None
    try:
        dev = CudaDevice()
    except CudaError:
        return None
    err, name = dev._d.cuDeviceGetName(128, dev.device)
    text = (f"{name.decode(errors='replace').rstrip(chr(0))}, sm_{dev.capability[0]}{dev.capability[1]}, "
            f"driver {dev.driver_version_text()}")
    dev.close()
    return text


# --------------------------------------------------------------------------- programs
def local_commands() -> list[tuple[str, list[str]]]:
    """``(label, argv after asyncgpu-opt)`` of every RUN line that runs a program (``--run``)."""
    from benchmarks.upstream_integration import run_commands

    out = []
    for d in LOCAL_DIRS:
        for path in sorted((ROOT / d).glob("*.mlir")):
            label = str(path.relative_to(ROOT))
            cmds = run_commands(path.read_text())
            if not cmds:  # an example: as written, and through the whole async lowering
                out += [(f"{label} --run", [str(path), "--run"]),
                        (f"{label} lowered", [str(path), *ASYNC_PIPELINE, "--run"])]
            for i, cmd in enumerate(cmds):
                argv = _asyncgpu_opt_argv(cmd, path)
                if argv is not None:
                    out.append((f"{label}#{i + 1}", argv))
    return out


def _asyncgpu_opt_argv(cmd: str, path: Path) -> list[str] | None:
    first = cmd.split("|")[0].replace("2>&1", " ")
    try:
        words = shlex.split(first)
    except ValueError:
        return None
    if words[:1] == ["not"]:
        words = words[1:]
    if words[:1] != ["asyncgpu-opt"] or "--run" not in words:
        return None
    argv: list[str] = []
    it = iter(words[1:])
    for w in it:
        if w in _FILE_OPTS or w == ">":  # a file of its own, or stdout sent to one
            next(it, None)
            continue
        if w.split("=")[0] in _FILE_OPTS or w == "--backend":
            if w == "--backend":
                next(it, None)
            continue
        if w.startswith("--backend="):
            continue
        w = w.replace("%s", str(path)).replace("%S", str(path.parent))
        if "%" in w:
            return None  # another lit substitution: not a self-contained program run
        argv.append(w)
    return argv


def upstream_commands(dirs: list[Path]) -> list[tuple[str, list[str]]]:
    from benchmarks.upstream_integration import PIPELINES, _programs, parse_pipeline, run_commands, runner_flags

    out = []
    for label, path in _programs(dirs):
        for cmd in run_commands(path.read_text()):
            pipe = parse_pipeline(cmd, path)
            if pipe.kind == "run":
                out.append((f"upstream {label}", [str(path), *PIPELINES["sync"], *runner_flags(pipe.runner)]))
                break
    return out


def _run_cli(argv: list[str], backend: str, timeout: float) -> tuple[int, str]:
    cmd = [sys.executable, "-m", "asyncgpu_opt", *argv, "--backend", backend]
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return -1, "(timed out)"
    return p.returncode, p.stdout.decode(errors="replace")


def compare_outputs(rep: Report, commands: list[tuple[str, list[str]]], deadline: float) -> None:
    rep.section(f"Outputs: --backend cuda vs --backend sim ({len(commands)} runs)")
    rows: list[tuple[str, str]] = []
    same = 0

    def one(item: tuple[str, list[str]]) -> tuple[str, str]:
        label, argv = item
        left = deadline - time.monotonic()
        if left < 5:
            return label, "not run (out of time)"
        rc_s, out_s = _run_cli(argv, "sim", min(60.0, left))
        rc_c, out_c = _run_cli(argv, "cuda", min(60.0, left))
        if (rc_s, out_s) == (rc_c, out_c):
            return label, "same"
        diff = _first_difference(out_s, out_c)
        return label, f"DIFF: exit {rc_s} vs {rc_c}; {diff}"

    with concurrent.futures.ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 2)) as pool:
        for label, verdict in pool.map(one, commands):
            rows.append((label, verdict))
            same += verdict == "same"
    rep.say(f"{same} of {len(rows)} runs print the same on the GPU as on the simulator")
    rep.say()
    rep.say("| run | result |")
    rep.say("| --- | --- |")
    for label, verdict in rows:
        rep.say(f"| {label} | {verdict} |")
    if same != len(rows):
        rep.failed = True


def _first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: sim `{x[:80]}` cuda `{y[:80]}`"
    return f"sim {len(la)} lines, cuda {len(lb)} lines"


# --------------------------------------------------------------------------- NVRTC (no GPU needed)
def compile_kernels(rep: Report, files: list[Path], arch: tuple[int, int] = (9, 0)) -> None:
    """Emit and NVRTC-compile every kernel (inline launches outlined) of ``files``."""
    from asyncgpu_opt.api import parse
    from asyncgpu_opt.run.cuda_codegen import emit_cuda
    from asyncgpu_opt.run.cuda_launch import prepare_module
    from asyncgpu_opt.run.nvrtc import NvrtcError, compile_for_device
    from asyncgpu_opt.run.registry import CudaCodegenError

    rep.section(f"NVRTC: every kernel compiled for sm_{arch[0]}{arch[1]}")
    ok, refused, failed = 0, [], []
    for path in files:
        for n, chunk in enumerate(path.read_text().split("\n// -----\n")):
            try:
                m = parse(chunk, str(path))
                prepare_module(m)
            except Exception:
                continue  # a chunk that does not parse is an error test of the parser, not a program
            for op in m.walk():
                if op.name != "gpu.func" or "gpu.kernel" not in op.attributes:
                    continue
                name = op.attributes["sym_name"].value
                rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                where = f"{rel}" + (f" chunk {n + 1}" if n else "")
                try:
                    compile_for_device(emit_cuda(op), name, arch)
                    ok += 1
                except CudaCodegenError as e:
                    refused.append(f"{where} @{name}: {e.loc}: {e}")
                except NvrtcError as e:
                    failed.append(f"{where} @{name}: {str(e).splitlines()[0]} {e.log[:300]}")
    rep.say(f"{ok} kernels compiled, {len(refused)} refused by the emitter (a located error at --run), "
            f"{len(failed)} failed in NVRTC")
    for line in failed:
        rep.say(f"- NVRTC FAILED: {line}")
    for line in refused:
        rep.say(f"- refused: {line}")
    if failed:
        rep.failed = True


# --------------------------------------------------------------------------- gated tests
def gated_tests(rep: Report, deadline: float) -> None:
    rep.section("cuda-gated tests")
    left = max(10.0, deadline - time.monotonic())
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-m", "cuda", "tests"], capture_output=True,
                       text=True, cwd=ROOT, timeout=left)
    tail = (p.stdout.strip().splitlines() or ["(no output)"])[-1]
    rep.say(f"pytest -m cuda: {tail}")
    if p.returncode not in (0, 5):
        rep.failed = True
        rep.say("```\n" + p.stdout[-3000:] + "\n```")
    if not (_importable("lit") and _importable("filecheck")):
        rep.say("lit tests: skipped (lit or filecheck is not installed: carry their wheels, docs/gpu-check.md)")
        return
    env = dict(os.environ, PATH=f"{_shim_dir()}{os.pathsep}{os.environ.get('PATH', '')}")
    p = subprocess.run([sys.executable, "-m", "lit", "-s", "lit_tests/CUDA"], capture_output=True, text=True,
                       cwd=ROOT, env=env, timeout=max(10.0, deadline - time.monotonic()))
    rep.say(f"lit lit_tests/CUDA: {(p.stdout.strip().splitlines() or ['(no output)'])[-1].strip()}")
    if p.returncode != 0:
        rep.failed = True
        rep.say("```\n" + (p.stdout + p.stderr)[-3000:] + "\n```")


def _shim_dir() -> str:
    """A folder with ``asyncgpu-opt`` and ``filecheck`` commands of this interpreter (for lit)."""
    d = tempfile.mkdtemp(prefix="gpu-check-bin-")
    for name, mod in (("asyncgpu-opt", "asyncgpu_opt"), ("filecheck", "filecheck")):
        path = os.path.join(d, name)
        with open(path, "w") as f:
            f.write(f"#!/bin/sh\nPYTHONPATH={ROOT}${{PYTHONPATH:+:$PYTHONPATH}} "
                    f"exec {sys.executable} -m {mod} \"$@\"\n")
        os.chmod(path, 0o755)
    return d


# --------------------------------------------------------------------------- 4. cost model
TOUCH = r"""
extern "C" __global__ void touch(int *a, long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += 1;
}
"""


def _fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least squares ``y = a + b x``: (a, b)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
    return my - b * mx, b


def fit_cost_model(rep: Report) -> dict[str, float]:
    """Micro-benchmarks on the GPU (CUDA events) fitted to ``CostModel``'s fields."""
    import numpy as np

    from asyncgpu_opt.run.cuda import CudaDevice, pack_kernel_args
    from asyncgpu_opt.run.nvrtc import compile_for_device

    rep.section("Cost model fitted on this GPU")
    dev = CudaDevice()
    d = dev._d
    ck = dev._check
    stream = ck(d.cuStreamCreate(d.CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate")
    ev0 = ck(d.cuEventCreate(0), "cuEventCreate")
    ev1 = ck(d.cuEventCreate(0), "cuEventCreate")

    def timed(enqueue, reps: int = 5) -> float:
        """Median device time of ``enqueue()`` in microseconds (CUDA events around it)."""
        enqueue()  # warm-up
        ck(d.cuStreamSynchronize(stream), "cuStreamSynchronize")
        out = []
        for _ in range(reps):
            ck(d.cuEventRecord(ev0, stream), "cuEventRecord")
            enqueue()
            ck(d.cuEventRecord(ev1, stream), "cuEventRecord")
            ck(d.cuEventSynchronize(ev1), "cuEventSynchronize")
            out.append(1000.0 * float(ck(d.cuEventElapsedTime(ev0, ev1), "cuEventElapsedTime")))
        return statistics.median(out)

    _, image = compile_for_device(TOUCH, "touch", dev.capability)
    fn = dev.get_function(dev.load_module(image), "touch")
    big = 1 << 26
    dbuf = int(ck(d.cuMemAlloc(big * 4), "cuMemAlloc"))
    dbuf2 = int(ck(d.cuMemAlloc(big * 4), "cuMemAlloc"))
    host = np.zeros(big, dtype=np.int32)
    kx, ky = [], []
    for threads in (1, 1 << 10, 1 << 14, 1 << 18, 1 << 22, 1 << 24):
        args = pack_kernel_args([("ptr", dbuf), ("i64", threads)])
        blocks = -(-threads // 256)
        t = timed(lambda a=args, b=blocks: ck(d.cuLaunchKernel(fn, b, 1, 1, 256, 1, 1, 0, stream, a.address, 0),
                                              "cuLaunchKernel"))
        kx.append(float(threads))
        ky.append(t)
    px, py, dx, dy = [], [], [], []
    for size in (1 << 12, 1 << 16, 1 << 20, 1 << 24, 1 << 26):
        t = timed(lambda s=size: ck(d.cuMemcpyHtoDAsync(dbuf, host.ctypes.data, s, stream), "cuMemcpyHtoDAsync"))
        px.append(float(size))
        py.append(t)
        t = timed(lambda s=size: ck(d.cuMemcpyDtoDAsync(dbuf2, dbuf, s, stream), "cuMemcpyDtoDAsync"))
        dx.append(float(size))
        dy.append(t)
    n = 2000
    t0 = time.perf_counter()
    for _ in range(n):
        ck(d.cuEventRecord(ev0, stream), "cuEventRecord")
    host_api = (time.perf_counter() - t0) * 1e6 / n
    ck(d.cuStreamSynchronize(stream), "cuStreamSynchronize")
    k_lat, k_per = _fit(kx, ky)
    c_lat, c_inv = _fit(px, py)
    d_lat, d_inv = _fit(dx, dy)
    model = {
        "host_api_us": round(host_api, 4),
        "kernel_latency_us": round(max(k_lat, 0.0), 4),
        "kernel_per_thread_us": round(max(k_per, 0.0), 9),
        "copy_latency_us": round(max((c_lat + d_lat) / 2, 0.0), 4),
        "pcie_bytes_per_us": round(1 / c_inv, 1) if c_inv > 0 else 12000.0,
        "device_bytes_per_us": round(1 / d_inv, 1) if d_inv > 0 else 500000.0,
    }
    rep.say("| measurement | sizes | median µs (CUDA events) |")
    rep.say("| --- | --- | --- |")
    rep.say(f"| kernel (256-thread blocks) | {', '.join(str(int(x)) for x in kx)} threads | "
            f"{', '.join(f'{y:.2f}' for y in ky)} |")
    rep.say(f"| host-to-device copy (pageable) | {', '.join(str(int(x)) for x in px)} B | "
            f"{', '.join(f'{y:.2f}' for y in py)} |")
    rep.say(f"| device-to-device copy | {', '.join(str(int(x)) for x in dx)} B | {', '.join(f'{y:.2f}' for y in dy)} |")
    rep.say(f"| host API call (cuEventRecord, host clock) | {n} calls | {host_api:.3f} each |")
    rep.say()
    rep.say(f"copy latency: host-to-device {c_lat:.2f} µs, device-to-device {d_lat:.2f} µs (the model has one: "
            "their mean)")
    rep.say()
    rep.say("Fitted `--run-cost-model` (JSON):")
    rep.say()
    rep.say("```json\n" + json.dumps(model, indent=2) + "\n```")
    for p in (dbuf, dbuf2):
        d.cuMemFree(p)
    d.cuStreamDestroy(stream)
    d.cuEventDestroy(ev0)
    d.cuEventDestroy(ev1)
    dev.close()
    return model


# --------------------------------------------------------------------------- 5. makespans
def makespans(rep: Report, model: dict[str, float], n_programs: int, deadline: float, out_dir: Path) -> None:
    from asyncgpu_opt.api import parse, run_passes
    from asyncgpu_opt.diagnostics import MLIRError
    from asyncgpu_opt.driver import Config
    from asyncgpu_opt.run.interpreter import RunError, run_module
    from benchmarks.schedule import PIPELINES, generate

    rep.section(f"Makespans of benchmarks/schedule.py's programs ({n_programs} programs, seed 1)")
    cost_path = out_dir / "cost-model-fitted.json"
    cost_path.write_text(json.dumps(model, indent=2) + "\n")
    rng = random.Random(1)
    rows: list[tuple[str, str, float, float]] = []
    for p in range(n_programs):
        prog = generate(rng, 20, 6, 1024)  # 20 ops over 6 buffers, kernels of one 1024-thread block
        for variant, text in (("sync", prog.sync), ("async", prog.asyn)):
            for label, flags in PIPELINES[variant]:
                if time.monotonic() > deadline - 10:
                    rep.say("(out of time: the remaining programs were not timed)")
                    return _correlate(rep, rows)
                names = [f.lstrip("-") for f in flags]

                def module(t: str = text, ns: list[str] = names):
                    m = parse(t, "schedule.mlir")
                    run_passes(m, ns)
                    return m

                sim_stats = Path(tempfile.mkstemp(suffix=".json")[1])
                try:
                    run_module(module(), Config(run=True, backend="sim", run_cost_model=str(cost_path),
                                                run_stats=str(sim_stats)), [])
                    sim = json.loads(sim_stats.read_text())["makespan_us"]
                except RunError as e:
                    rep.say(f"- program {p + 1} {variant}, {label}: the simulator's run failed: {e}")
                    rep.failed = True
                    continue
                finally:
                    sim_stats.unlink(missing_ok=True)
                runs = []
                try:
                    for _ in range(3):  # the first run also compiles and loads the kernels
                        runs.append(_timed_gpu_run(module()))
                except MLIRError as e:
                    rep.say(f"- program {p + 1} {variant}, {label}: the GPU run failed: {e}")
                    rep.failed = True
                    continue
                best = min(runs[1:], key=lambda r: r[0])
                rows.append((f"program {p + 1} {variant}", label, best[0], sim, best[1], best[2]))
    _correlate(rep, rows)


def _timed_gpu_run(module) -> tuple[float, float, dict]:
    """Run ``module`` on the GPU with every command timed by CUDA events: (device span in µs, from the
    first command's start to the last one's end; host wall clock of the run in µs; busy µs per stream)."""
    import numpy as np

    from asyncgpu_opt.run.cuda_launch import prepare_module
    from asyncgpu_opt.run.interpreter import Interpreter, make_runtime

    t0 = time.perf_counter()
    rt, _ = make_runtime("cuda")
    dev = rt.device
    prepare_module(module)
    it = Interpreter(module, rt, "cuda")
    dev.enable_timing()
    dev.capture_printf(it.out.write)
    try:
        with np.errstate(all="ignore"):
            it.run_main("main")
            it.cleanup_implicit()
            rt.finish()
    finally:
        dev.close()
    wall = (time.perf_counter() - t0) * 1e6
    times = dev.command_times
    span = max(t for _, _, t in times) - min(t for _, t, _ in times) if times else 0.0
    busy: dict = {}
    for stream, a, b in times:
        busy[id(stream)] = busy.get(id(stream), 0.0) + (b - a)
    return span, wall, busy


def spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(v: list[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r

    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    num = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    den = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return num / den if den else 0.0


def _correlate(rep: Report, rows: list[tuple]) -> None:
    rep.say("| program | pipeline | GPU span µs (CUDA events) | simulated makespan µs (fitted model) | "
            "host wall µs | busy µs per stream (CUDA events) |")
    rep.say("| --- | --- | --- | --- | --- | --- |")
    for prog, label, meas, sim, wall, busy in rows:
        per_stream = ", ".join(f"{v:.0f}" for v in busy.values())
        rep.say(f"| {prog} | {label} | {meas:.1f} | {sim:.1f} | {wall:.0f} | {per_stream} |")
    if len(rows) >= 3:
        rep.say()
        rep.say(f"Spearman rank correlation of GPU span and simulated makespan, all runs: "
                f"{spearman([r[2] for r in rows], [r[3] for r in rows]):.3f}")
        per: dict = {}
        for prog, _label, meas, sim, *_ in rows:
            per.setdefault(prog, []).append((meas, sim))
        rhos = [spearman([m for m, _ in v], [s for _, s in v]) for v in per.values() if len(v) >= 3]
        if rhos:
            rep.say(f"Spearman per program (ordering of its pipelines), mean over {len(rhos)} programs: "
                    f"{statistics.mean(rhos):.3f}")
    rep.say()
    rep.say("GPU span: from the first command's start to the last one's end, each command between two CUDA "
            "events on its stream (best of two runs after a warm-up); the host's gaps between commands are "
            "the interpreter's own time per call, which the simulator's host_api_us stands for.")


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--report", type=Path, default=Path(os.environ.get("OUT", ".")) / "gpu-check.md")
    ap.add_argument("--budget", type=float, default=480.0, help="seconds for the whole check (default 8 min)")
    ap.add_argument("--upstream", type=Path, nargs="*", default=[],
                    help="folders of upstream's mlir/test/Integration/GPU/CUDA programs")
    ap.add_argument("--programs", type=int, default=6, help="schedule programs to time")
    ap.add_argument("--no-install", action="store_true", help="never pip-install a missing package")
    args = ap.parse_args(argv)
    deadline = time.monotonic() + args.budget
    rep = Report()
    setup(rep, install=not args.no_install)
    files = [p for d in LOCAL_DIRS for p in sorted((ROOT / d).glob("*.mlir"))]
    for d in args.upstream:
        files += sorted(d.rglob("*.mlir")) if d.is_dir() else [d]
    gpu = gpu_present()
    if gpu is None:
        rep.say("gpu-check: no CUDA GPU here: ran only the NVRTC compiles (skipped: cuda-gated tests, "
                "GPU-vs-simulator outputs, cost-model fit, makespans)")
        compile_kernels(rep, files)
        rep.failed = False  # the no-GPU part reports; it does not fail CI
    else:
        rep.say(f"GPU: {gpu}")
        compile_kernels(rep, files)
        gated_tests(rep, deadline)
        commands = local_commands() + upstream_commands(args.upstream)
        compare_outputs(rep, commands, deadline - 150)  # keep time for the cost model and the makespans
        model = fit_cost_model(rep)
        makespans(rep, model, args.programs, deadline, args.report.parent)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    rep.write(args.report)
    print(f"gpu-check: report written to {args.report}")
    return 1 if rep.failed else 0


if __name__ == "__main__":
    sys.exit(main())
