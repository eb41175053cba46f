"""Real-world gpu-dialect files from other projects, read, lowered and run (issue 21).

Not a CI test: the files are other projects' and are never copied into this repository.  Build a
corpus outside it (``DIR/<project>/<file>.mlir``, any layout: every ``*.mlir`` below DIR is taken)
and measure it:

    .venv/bin/python benchmarks/realworld.py DIR [--ours CMD] [--jobs N] [-v]

Per file (with ``--split-input-file`` / ``--allow-unregistered-dialect`` when the file's first
RUN line passes them; ``--verify-diagnostics`` files are skipped):

* accept: upstream ``scripts/mlir-opt-ref FILE`` and ours exit 0 (reported: upstream, ours, both,
  we accept where upstream rejects);
* identical: where both accept, our custom and ``--mlir-print-op-generic`` outputs are
  byte-identical to upstream's;
* lowers: where both accept and the file has host gpu ops (``gpu.launch``, ``gpu.launch_func``,
  ``gpu.wait``, ``gpu.alloc``, ``gpu.memcpy`` ... outside a ``gpu.module``; approximated by text),
  ours ``--gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime`` exits 0 and
  upstream reads and verifies the output;
* run: files with a no-argument entry (``-e NAME`` of a RUN line, else ``@main``): ``--run`` of
  the file and of its lowering both exit 0 with the same stdout.

Then the first error line of each failing file, counted by kind (the message with SSA names,
numbers and locations dropped), so what stops most files is on top.
"""
from __future__ import annotations

import argparse
import collections
import concurrent.futures as cf
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REF = [str(REPO / "scripts/mlir-opt-ref")]
LOWER = ["--gpu-kernel-outlining", "--async-region", "--wait-insertion", "--gpu-to-runtime"]
TIMEOUT = 120
_RUN = re.compile(r"^\s*//\s*RUN:(.*)$", re.M)
_HOST_GPU = re.compile(r"\bgpu\.(launch|launch_func|wait|alloc|memcpy|memset|dealloc|host_register)\b")
_ENTRY = re.compile(r"(?:^|\s)-e[ =](\S+)")


@dataclass
class Outcome:
    path: str
    flags: list[str] = field(default_factory=list)
    ref_ok: bool = False
    ours_ok: bool = False
    ours_err: str = ""
    same: bool | None = None
    diff_kind: str = ""
    lowers: bool | None = None
    lower_err: str = ""
    runs: bool | None = None
    run_err: str = ""


def _call(argv: list[str], text: str) -> tuple[int, str, str]:
    try:
        p = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"
    return p.returncode, p.stdout, p.stderr


def _flags(text: str) -> tuple[list[str], str | None, bool]:
    """(the reader flags of the first RUN line, its entry point, whether it checks diagnostics)."""
    m = _RUN.search(text)
    line = m.group(1) if m else ""
    flags = [f for f in ("--split-input-file", "--allow-unregistered-dialect")
             if f in line or f[1:] in line]
    e = _ENTRY.search(line)
    return flags, e.group(1) if e else None, "verify-diagnostics" in line


def first_error(stderr: str) -> str:
    """The first ``error:`` message of ``stderr`` (or its first line), without location."""
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return (stderr.strip().splitlines() or ["(no message)"])[0][:160]


def kind(msg: str) -> str:
    """A failure's kind: the message with SSA names, numbers and quoted types shortened."""
    msg = re.sub(r"%[\w.$-]+", "%v", msg)
    msg = re.sub(r"\b\d+\b", "N", msg)
    return msg[:140]


def _entry(text: str, named: str | None) -> str | None:
    name = named or "main"
    m = re.search(r"func\.func\s+(?:public\s+)?@" + re.escape(name) + r"\s*\(\s*\)", text)
    return name if m else None


def measure(path: Path, ours: list[str]) -> Outcome | None:
    text = path.read_text(errors="replace")
    flags, named, verify = _flags(text)
    if verify:
        return None
    out = Outcome(str(path), flags)
    rc, ref_out, _ = _call(REF + ["-"] + flags, text)
    out.ref_ok = rc == 0
    rc, our_out, err = _call(ours + ["-"] + flags, text)
    out.ours_ok = rc == 0
    if not out.ours_ok:
        out.ours_err = first_error(err)
    if not (out.ref_ok and out.ours_ok):
        return out
    out.same = our_out == ref_out
    if out.same:
        _, ref_gen, _ = _call(REF + ["-", "--mlir-print-op-generic"] + flags, text)
        _, our_gen, _ = _call(ours + ["-", "--mlir-print-op-generic"] + flags, text)
        out.same = ref_gen == our_gen
        out.diff_kind = "" if out.same else "generic form differs"
    else:
        out.diff_kind = "custom form differs"
    if "--split-input-file" in flags:
        return out
    host = _HOST_GPU.search(re.sub(r"gpu\.module\b.*", "", text, flags=re.S)) is not None
    lowered = ""
    if host:
        rc, lowered, err = _call(ours + ["-"] + flags + LOWER, text)
        if rc != 0:
            out.lowers, out.lower_err = False, "ours: " + first_error(err)
        else:
            rc, _, err = _call(REF + ["-"] + flags, lowered)
            out.lowers = rc == 0
            out.lower_err = "" if rc == 0 else "upstream rejects: " + first_error(err)
    entry = _entry(text, named)
    if entry is not None:
        run = ["--run", "-e", entry]
        rc, before, err = _call(ours + ["-"] + flags + run, text)
        if rc != 0:
            out.runs, out.run_err = False, "before: " + first_error(err)
        elif host and not out.lowers:
            out.runs, out.run_err = False, "not lowered"
        else:
            rc2, after, err2 = _call(ours + ["-"] + flags + run, lowered if host else text)
            out.runs = rc2 == 0 and after == before
            out.run_err = "" if out.runs else ("after: " + first_error(err2) if rc2 else "output differs")
    return out


def report(outs: list[Outcome], verbose: bool) -> None:
    n = len(outs)
    ref = sum(o.ref_ok for o in outs)
    ours = sum(o.ours_ok for o in outs)
    both = [o for o in outs if o.ref_ok and o.ours_ok]
    extra = [o for o in outs if o.ours_ok and not o.ref_ok]
    lower = [o for o in both if o.lowers is not None]
    run = [o for o in both if o.runs is not None]
    print(f"files: {n}")
    print(f"accept: upstream {ref}, ours {ours}, both {len(both)}, we accept / upstream rejects {len(extra)}")
    print(f"identical (custom and generic) where both accept: {sum(bool(o.same) for o in both)} of {len(both)}")
    print(f"lowers (upstream verifies the output): {sum(bool(o.lowers) for o in lower)} of {len(lower)} "
          "with host gpu ops")
    print(f"run (same output before and after lowering): {sum(bool(o.runs) for o in run)} of {len(run)} "
          "with a no-argument entry")
    groups = (("rejected (upstream accepts)", [o for o in outs if o.ref_ok and not o.ours_ok], "ours_err"),
              ("accepted (upstream rejects)", extra, "path"),
              ("printed differently", [o for o in both if not o.same], "diff_kind"),
              ("not lowered", [o for o in lower if not o.lowers], "lower_err"),
              ("not run", [o for o in run if not o.runs], "run_err"))
    for title, items, attr in groups:
        if not items:
            continue
        print(f"\n{title}: {len(items)}")
        counts = collections.Counter(kind(getattr(o, attr)) if attr != "path" else "" for o in items)
        if attr != "path":
            for k, c in counts.most_common():
                print(f"  {c:4d}  {k}")
        if verbose or attr == "path":
            for o in items:
                print(f"        {o.path}: {getattr(o, attr) if attr != 'path' else ''}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--ours", default=str(REPO / ".venv/bin/asyncgpu-opt"), help="our tool (a command)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    files = sorted(a.corpus.rglob("*.mlir"))
    ours = a.ours.split()
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        outs = [o for o in ex.map(lambda p: measure(p, ours), files) if o is not None]
    report(outs, a.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
