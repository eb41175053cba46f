"""Shared benchmark helpers: tool discovery, paired whole-process timing, peak RSS, markdown tables.

Method (docs/shared perf-baselines.md): whole processes, wall clock, stdout to /dev/null,
N repetitions with the tools run in turn (A B C, B C A, ... rotated each repetition so no tool is
always first), a ratio "A vs B" is the median of the per-repetition ratios A_i / B_i from ONE call,
so slow drift of this noisy machine cancels.  Never divide medians taken in different calls.

Peak RSS is the child's own `ru_maxrss` from `os.wait4` (exact per process, no /usr/bin/time
process in the timed path).  `resource.getrusage(RUSAGE_CHILDREN)` cannot be used as a delta
for maxrss (it is a running maximum over all children), which is why wait4 is used instead.
"""
from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / "benchmarks"
OUT = BENCH / "out"
TIME = "/usr/bin/time"
RSS_VIA_TIME = False   # set by --rss-via-time: wrap each run in /usr/bin/time -f %M


# --------------------------------------------------------------------------- tool discovery
@dataclass
class Tool:
    name: str                      # short label: "asyncgpu-opt", "mlir-opt", "xdsl-opt"
    argv: list[str] | None         # command prefix; None when the tool is not found
    env: dict[str, str] | None = None
    note: str = ""                 # how it was found / why missing

    @property
    def available(self) -> bool:
        return self.argv is not None


def _next_to_python(name: str) -> str | None:
    p = Path(sys.executable).parent / name
    return str(p) if p.is_file() and os.access(p, os.X_OK) else None


def find_ours(override: str | None = None) -> Tool:
    """asyncgpu-opt: $ASYNCGPU_OPT / --ours, next to sys.executable, on PATH, `python -m asyncgpu_opt`."""
    name = "asyncgpu-opt"
    cmd = override or os.environ.get("ASYNCGPU_OPT")
    if cmd:
        return Tool(name, shlex.split(cmd), note="override")
    for cand, note in ((_next_to_python(name), "next to python"), (shutil.which(name), "PATH")):
        if cand:
            return Tool(name, [cand], note=note)
    try:
        if importlib.util.find_spec("asyncgpu_opt.__main__") is not None:
            return Tool(name, [sys.executable, "-m", "asyncgpu_opt"], note="python -m asyncgpu_opt")
    except Exception:  # noqa: BLE001 - package may be broken mid-development
        pass
    return Tool(name, None, note="not found (no asyncgpu-opt script, no asyncgpu_opt.__main__)")


def find_xdsl() -> Tool:
    for cand, note in ((_next_to_python("xdsl-opt"), "next to python"),
                       (shutil.which("xdsl-opt"), "PATH"),
                       (str(REPO / ".venv/bin/xdsl-opt") if (REPO / ".venv/bin/xdsl-opt").exists() else None,
                        "repo venv")):
        if cand:
            return Tool("xdsl-opt", [cand], note=note)
    return Tool("xdsl-opt", None, note="not found")


def find_mlir_opt() -> Tool:
    """Upstream mlir-opt.  The binary is exec'd directly with LD_LIBRARY_PATH set, because the
    scripts/mlir-opt-ref wrapper starts a Python interpreter (~15-25 ms) on every call, which would
    inflate mlir-opt's ~40 ms start-up.  Falls back to the wrapper."""
    pys = [sys.executable, str(REPO / ".venv/bin/python")]
    for py in pys:
        try:
            if py == sys.executable:
                sp = sysconfig.get_paths()["purelib"]
            else:
                sp = subprocess.run([py, "-c", "import sysconfig;print(sysconfig.get_paths()['purelib'])"],
                                    capture_output=True, text=True, timeout=30).stdout.strip()
        except Exception:  # noqa: BLE001
            continue
        b = Path(sp) / "mlir/bin/mlir-opt"
        if b.is_file():
            env = dict(os.environ)
            ld = f"{sp}/llvm/lib:{sp}/mlir/lib"
            env["LD_LIBRARY_PATH"] = ld + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
            return Tool("mlir-opt", [str(b)], env=env, note=f"{b}")
    w = REPO / "scripts/mlir-opt-ref"
    if w.exists():
        return Tool("mlir-opt", [str(w)], note="scripts/mlir-opt-ref wrapper (adds python start-up)")
    return Tool("mlir-opt", None, note="not found")


# --------------------------------------------------------------------------- running processes
@dataclass
class Run:
    seconds: float
    maxrss_kib: int
    returncode: int
    stderr: str = ""
    cpu_s: float = 0.0  # the child's user + system CPU time (less sensitive to other load than wall)

    @property
    def ok(self) -> bool:
        return self.returncode == 0


def run_once(tool: Tool, args: list[str], timeout: float | None = None) -> Run:
    """Run `tool args`, stdout to /dev/null, stderr to a temp file; return wall time + peak RSS.

    Peak RSS caveat: Python spawns children with vfork, and Linux carries the pre-exec address
    space's high-water mark into the child's ru_maxrss, so a value never reads below this harness's
    own RSS (~15 MiB; keep the harness small).  With RSS_VIA_TIME the tool runs under /usr/bin/time,
    which reports its own child's peak (clean) at the cost of ~1 ms wall time per run."""
    assert tool.argv is not None
    argv = tool.argv + args
    rss_file = None
    if RSS_VIA_TIME:
        fd, rss_file = tempfile.mkstemp(prefix="bench-rss-")
        os.close(fd)
        argv = [TIME, "-f", "%M", "-o", rss_file] + argv
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        try:
            p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=err, env=tool.env, start_new_session=True)
        except OSError as e:
            return Run(0.0, 0, 127, f"{type(e).__name__}: {e}")
        timer = None
        if timeout is not None:
            timer = threading.Timer(timeout, _kill_group, (p.pid,))
            timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)   # blocking: exact wall time and the child's own rusage
        finally:
            if timer is not None:
                timer.cancel()
        dt = time.perf_counter() - t0
        rc = os.waitstatus_to_exitcode(status)
        p.returncode = rc  # already reaped; keep Popen from waiting again
        msg = ""
        if rc == -9 and timeout is not None and dt >= timeout:
            msg = f"timeout after {timeout:.0f} s"
        elif rc != 0:
            err.seek(0)
            msg = err.read()[-4000:].decode(errors="replace")
        maxrss = ru.ru_maxrss
        if rss_file:
            try:
                maxrss = int(Path(rss_file).read_text().split()[-1])
            except (OSError, ValueError, IndexError):
                pass
            os.unlink(rss_file)
            if rc != 0 and msg.startswith("Command exited with non-zero status"):
                msg = msg.split("\n", 1)[-1]
        return Run(dt, maxrss, rc, msg, ru.ru_utime + ru.ru_stime)


def _kill_group(pid: int) -> None:
    """Kill the process group this harness created for one run (the tool and any children)."""
    try:
        os.killpg(pid, 9)
    except OSError:
        pass


def first_line(msg: str, limit: int = 100) -> str:
    lines = [ln.strip() for ln in msg.strip().splitlines() if ln.strip()]
    # Python tracebacks: the last line is the informative one.
    s = lines[-1] if lines and lines[0].startswith("Traceback") else (lines[0] if lines else "")
    return s if len(s) <= limit else s[: limit - 1] + "…"


@dataclass
class Series:
    """Results of one tool on one input within a paired call."""
    tool: Tool
    args: list[str]
    runs: list[Run] = field(default_factory=list)
    error: str | None = None       # set when the tool is missing or failed
    max_runs: int | None = None    # fewer repetitions for a slow tool (e.g. xdsl-opt at 100k)
    label: str = ""                # e.g. which input file this tool got, if it differs

    @property
    def times(self) -> list[float]:
        return [r.seconds for r in self.runs]

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.runs and not self.error else None

    @property
    def peak_mib(self) -> float | None:
        return max(r.maxrss_kib for r in self.runs) / 1024 if self.runs and not self.error else None


def paired(entries: list[Series], reps: int, warmup: int = 1,
           timeout: float | None = None, progress=None) -> list[Series]:
    """Run each Series' (tool, args) `reps` times, interleaved and rotated per repetition.

    A tool that is missing, or fails (nonzero exit / timeout) on its warm-up or any run, gets
    `error` set and is not run again; the other tools carry on.  `warmup` untimed runs per tool
    fill the OS page cache (and are where failures are usually detected)."""
    series = entries
    for s in series:
        if not s.tool.available:
            s.error = "n/a (not found)"
    for _ in range(warmup):
        for s in series:
            if s.error is None:
                r = run_once(s.tool, s.args, timeout)
                if not r.ok:
                    s.error = f"error (exit {r.returncode}): {first_line(r.stderr)}"
    live = [s for s in series if s.error is None]
    for i in range(reps):
        k = i % len(live) if live else 0
        for s in live[k:] + live[:k]:
            if s.error is not None or (s.max_runs is not None and len(s.runs) >= s.max_runs):
                continue
            r = run_once(s.tool, s.args, timeout)
            if not r.ok:
                s.error = f"error (exit {r.returncode}): {first_line(r.stderr)}"
                continue
            s.runs.append(r)
            if progress:
                progress(s, r)
    return series


def paired_ratio(a: Series, b: Series) -> float | None:
    """Median over repetitions of a_i / b_i (both series from the same `paired` call)."""
    if a.error or b.error or not a.runs or not b.runs:
        return None
    n = min(len(a.runs), len(b.runs))
    return statistics.median(a.runs[i].seconds / b.runs[i].seconds for i in range(n))


# --------------------------------------------------------------------------- formatting
def fmt_s(x: float | None) -> str:
    if x is None:
        return "n/a"
    return f"{x:.4f}" if x < 0.01 else f"{x:.3f}" if x < 10 else f"{x:.2f}"


def fmt_rate(x: float | None) -> str:
    if x is None:
        return "n/a"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e4:
        return f"{x / 1e3:.0f}k"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}"


def fmt_ratio(x: float | None) -> str:
    if x is None:
        return "–"
    return f"{x:.3f}" if x < 0.1 else (f"{x:.2f}" if x < 10 else f"{x:.1f}")


def fmt_mib(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.0f}"


def md_table(headers: list[str], rows: list[list[str]]) -> str:
    def esc(c: str) -> str:
        return str(c).replace("|", "\\|")
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(esc(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def machine_info() -> str:
    import platform
    cpu = ""
    try:
        with open("/proc/cpuinfo") as fh:
            for ln in fh:
                if ln.startswith("model name"):
                    cpu = ln.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"{time.strftime('%Y-%m-%d %H:%M')}, {cpu or platform.machine()}, {os.cpu_count()} CPUs, "
            f"Python {platform.python_version()}")
