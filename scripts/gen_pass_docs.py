#!/usr/bin/env python3
"""Generate docs/passes.md from the pass registry (summaries, options, module docstrings, and
examples whose outputs come from running the tool on them, so they are always true).  Passes whose
module does not exist yet are skipped.

Usage: .venv/bin/python scripts/gen_pass_docs.py [-o docs/passes.md] [--check]
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import os
import subprocess
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, _ROOT)

from asyncgpu_opt.passes import registry  # noqa: E402

_KERNELS = """  gpu.module @k {
    gpu.func @fill(%m: memref<16xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
"""

DIAGNOSTICS = "<diagnostics>"  # as the function to show: the example's diagnostics instead

# pass -> [(title, flags, input module, function to show from the output)]; the outputs in the
# generated doc are produced by running the tool, so they are always what it does.
EXAMPLES: dict[str, list[tuple[str, list[str], str, str]]] = {
    "async-hazards": [
        ("Each kind of hazard, at the later op with a note at the other", ["--async-hazards"],
         "module attributes {gpu.container_module} {\n" + _KERNELS + """  func.func @f(%h: memref<16xf32>, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %m = gpu.alloc host_shared () : memref<16xf32>
    %d = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %a = gpu.launch_func async [%t0] @k::@fill blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %v : f32)
    %b = gpu.memset async [%t0] %m, %v : memref<16xf32>, f32
    %x = memref.load %m[%c0] : memref<16xf32>
    %c = gpu.memset async [%t0] %d, %v : memref<16xf32>, f32
    %e = gpu.dealloc async [%t0] %d : memref<16xf32>
    %g = gpu.memcpy async [%e] %h, %d : memref<16xf32>, memref<16xf32>
    gpu.wait [%a, %b, %e]
    gpu.dealloc %m : memref<16xf32>
    gpu.dealloc %m : memref<16xf32>
    return %x : f32
  }
}""", DIAGNOSTICS),
        ("After lowering: streams and events never destroyed", ["--async-hazards"],
         """module {
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuEventCreate() -> !llvm.ptr
  llvm.func @mgpuEventRecord(!llvm.ptr, !llvm.ptr)
  func.func @f() {
    %s = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
    %e = llvm.call @mgpuEventCreate() : () -> !llvm.ptr
    llvm.call @mgpuEventRecord(%e, %s) : (!llvm.ptr, !llvm.ptr) -> ()
    return
  }
}""", DIAGNOSTICS),
    ],
    "async-region": [
        ("Independent buffers go on independent chains, joined where both are needed",
         ["--async-region"],
         "module attributes {gpu.container_module} {\n" + _KERNELS + """  func.func @f(%v: f32) -> memref<16xf32> {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %a = gpu.alloc () : memref<16xf32>
    %b = gpu.alloc () : memref<16xf32>
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%a : memref<16xf32>, %v : f32)
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%b : memref<16xf32>, %v : f32)
    gpu.memcpy %a, %b : memref<16xf32>, memref<16xf32>
    gpu.dealloc %b : memref<16xf32>
    return %a : memref<16xf32>
  }
}""", "f"),
        ("The upstream spelling keeps upstream's single chain",
         ["--gpu-async-region"], "@same", "f"),
        ("Tokens across async.execute: the host wait moves to the user, one value per use",
         ["--gpu-async-region"],
         "module attributes {gpu.container_module} {\n" + _KERNELS + """  func.func @g(%m: memref<16xf32>, %v: f32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %e0 = async.execute {
      gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
          args(%m : memref<16xf32>, %v : f32)
      async.yield
    }
    %e1 = async.execute [%e0] {
      gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
          args(%m : memref<16xf32>, %v : f32)
      async.yield
    }
    async.await %e0 : !async.token
    async.await %e1 : !async.token
    return
  }
}""", "g"),
    ],
    "wait-insertion": [
        ("A second dependency becomes an explicit join",
         ["--wait-insertion"],
         """module attributes {gpu.container_module} {
  func.func @f() {
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %m, %t2 = gpu.alloc async [%t0, %t1] () : memref<16xf32>
    %t3 = gpu.dealloc async [%t2] %m : memref<16xf32>
    gpu.wait [%t3]
    return
  }
}""", "f"),
    ],
    "gpu-to-runtime": [
        ("Streams for chains, events for joins (upstream's runtime ABI)",
         ["--gpu-to-runtime"],
         """module attributes {gpu.container_module} {
  func.func @f() {
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %m, %t2 = gpu.alloc async [%t0] () : memref<16xf32>
    %j = gpu.wait async [%t2, %t1]
    %t3 = gpu.dealloc async [%j] %m : memref<16xf32>
    gpu.wait [%t3]
    return
  }
}""", "f"),
    ],
    "gpu-kernel-outlining": [
        ("gpu.launch becomes a gpu.module and a gpu.launch_func",
         ["--gpu-kernel-outlining"],
         """module {
  func.func @f(%m: memref<16xf32>, %v: f32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
      memref.store %v, %m[%tx] : memref<16xf32>
      gpu.terminator
    }
    return
  }
}""", ""),
    ],
    "canonicalize": [
        ("Redundant waits fold",
         ["--canonicalize"],
         """module {
  func.func @f() {
    %0 = gpu.wait async
    %1 = gpu.wait async [%0]
    gpu.wait [%1]
    return
  }
}""", "f"),
    ],
}


def _run(flags: list[str], text: str, diagnostics: bool = False) -> str:
    """The output (``diagnostics``: what the tool reports on stderr, whatever its exit status)."""
    res = subprocess.run([sys.executable, "-m", "asyncgpu_opt", *flags, "-"], input=text, capture_output=True,
                         text=True, cwd=_ROOT)
    if diagnostics:
        return res.stderr
    if res.returncode != 0:
        raise SystemExit(f"gen_pass_docs: example failed ({' '.join(flags)}):\n{res.stderr}")
    return res.stdout


def _function(text: str, name: str) -> str:
    """The ``func.func @name`` of a printed module, dedented."""
    if not name:
        return text.rstrip()
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith(f"func.func @{name}("))
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = next(i for i in range(start + 1, len(lines)) if lines[i] == " " * indent + "}")
    return "\n".join(ln[indent:] for ln in lines[start:end + 1])


def _examples(name: str) -> list[str]:
    out: list[str] = []
    prev = ""
    for title, flags, text, fn in EXAMPLES.get(name, []):
        cmd = "asyncgpu-opt " + " ".join(flags)
        out += [f"Example: {title} (`{cmd}`).", ""]
        if text == "@same":
            text = prev
            out += ["Same input as above.", ""]
        else:
            out += ["```mlir", text, "```", ""]
        prev = text
        if fn == DIAGNOSTICS:
            out += ["Diagnostics (stderr):", "", "```", _run(flags, text, diagnostics=True).rstrip(), "```", ""]
            continue
        what = f"`@{fn}` of the output" if fn else "Output"
        out += [f"{what}:", "", "```mlir", _function(_run(flags, text), fn), "```", ""]
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", default=os.path.join(_ROOT, "docs", "passes.md"))
    ap.add_argument("--check", action="store_true", help="fail if the file differs from what would be generated")
    args = ap.parse_args()
    aliases: dict[str, list[str]] = {}
    for a, n in registry.ALIASES.items():
        aliases.setdefault(n, []).append(a)
    out = ["# Passes", "", "Generated by `scripts/gen_pass_docs.py` from the pass registry; do not edit.", ""]
    for name in registry.available_passes():
        try:
            cls = registry.pass_class(name)
        except (ImportError, AttributeError):
            continue
        out.append(f"## `{name}`")
        out.append("")
        meta = [f"anchor `{cls.anchor}`"]
        if cls.cpp_name:
            meta.append(f"upstream class `{cls.cpp_name}`")
        if aliases.get(name):
            meta.append("alias " + ", ".join(f"`{a}`" for a in aliases[name]))
        out.append(f"{cls.summary}. ({'; '.join(meta)})")
        out.append("")
        fields = cls.option_fields()
        if fields:
            out.append("Options:")
            out.append("")
            for f in fields:
                default = f.default if f.default is not dataclasses.MISSING else ""
                if isinstance(default, bool):
                    default = "true" if default else "false"
                out.append(f"- `{f.name.replace('_', '-')}` ({f.type}, default `{default}`)")
            out.append("")
        doc = inspect.getdoc(sys.modules[cls.__module__]) or ""
        if doc:
            out.append(doc)
            out.append("")
        out += _examples(name)
    text = "\n".join(out).rstrip() + "\n"
    if args.check:
        with open(args.o) as fh:
            if fh.read() != text:
                print(f"{args.o} is out of date: rerun scripts/gen_pass_docs.py", file=sys.stderr)
                return 1
        return 0
    os.makedirs(os.path.dirname(args.o) or ".", exist_ok=True)
    with open(args.o, "w") as fh:
        fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
