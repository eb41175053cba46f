#!/usr/bin/env python3
"""Differential test of the simulator's scalar semantics against upstream's mlir-runner.

    .venv/bin/python benchmarks/semantics_diff.py [--programs 50] [--ops 60] [--seed 1] [--show 3]

Generates random host programs of ``arith`` ops over i1/i3/i8/i12/i16/i32/i64/index/f32/f64 values
(i3 and i12: widths numpy has no type for; integer division, remainders and shifts get operands
that cannot be undefined: positive divisors in 1..7 (1..3 in i3), shift amounts below the width;
no float-to-int conversion of out-of-range values), stores every result into one
``memref<Nxi64>`` / ``memref<Nxf64>`` and prints them with ``printMemrefI64`` /
``printMemrefF64``.  Each program runs with ``asyncgpu-opt --run`` and, lowered by upstream
mlir-opt (``-convert-arith-to-llvm -finalize-memref-to-llvm -convert-func-to-llvm
-reconcile-unrealized-casts``), under upstream's ``mlir-runner``; the two outputs must be the same
(a NaN's sign aside: it is unspecified).
Prints how many programs agree and, for those that do not, the first differing values with the
ops that made them.
"""
from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
INT_TYPES = {"i3": 3, "i8": 8, "i12": 12, "i16": 16, "i32": 32, "i64": 64}
FLOAT_TYPES = ("f32", "f64")
INT_BIN = ("addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui")
DIV = ("divsi", "divui", "remsi", "remui", "ceildivsi", "floordivsi", "ceildivui")
SHIFT = ("shli", "shrsi", "shrui")
FLOAT_BIN = ("addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf", "remf")
CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
# not log1p/expm1: upstream's CPU lowering expands them to log(1 + x) / exp(x) - 1, which loses
# precision near 0 and the sign of -0.0; the simulator computes them as the ops define them
MATH_UNARY = ("sqrt", "exp", "exp2", "log", "log2", "log10", "sin", "cos", "tan", "tanh", "atan",
              "absf", "ceil", "floor", "trunc", "roundeven", "round", "rsqrt", "erf", "sinh", "cosh", "asin",
              "acos")
MATH_BINARY = ("atan2", "copysign", "powf")
MATH_INT = ("absi", "ctpop", "ctlz", "cttz")
CMPF = ("oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno")


class _Gen:
    """One random program: values by type, the ops that made them, the stored results."""

    def __init__(self, rng: random.Random, math: bool = False) -> None:
        self.rng = rng
        self.math = math
        self.lines: list[str] = []
        self.vals: dict[str, list[str]] = {}
        self.n = 0
        self.int_out: list[tuple[str, str, str]] = []  # (value, type, op text)
        self.float_out: list[tuple[str, str, str]] = []

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def emit(self, text: str, ty: str, op: str) -> str:
        v = self.fresh()
        self.lines.append(f"    {v} = {text}")
        self.vals.setdefault(ty, []).append(v)
        (self.float_out if ty in FLOAT_TYPES else self.int_out).append((v, ty, op))
        return v

    def pick(self, ty: str) -> str:
        return self.rng.choice(self.vals[ty])

    def constants(self) -> None:
        r = self.rng
        for ty, w in INT_TYPES.items():
            lo, hi = -(1 << (w - 1)), (1 << (w - 1)) - 1
            for c in (0, 1, -1, lo, hi, r.randint(lo, hi), r.randint(max(lo, -100), min(hi, 100))):
                self.emit(f"arith.constant {c} : {ty}", ty, "constant")
        for c in (0, 1, -1, 7, r.randint(-1000, 1000)):
            self.emit(f"arith.constant {c} : index", "index", "constant")
        for c in ("true", "false"):
            self.emit(f"arith.constant {c}", "i1", "constant")
        for ty in FLOAT_TYPES:
            for c in ("0.0", "-0.0", "1.5", "-2.25", "1.0e+30", "3.0e-05", f"{r.uniform(-100, 100):.3f}",
                      "0x7FC00000" if ty == "f32" else "0x7FF8000000000000",
                      "0x7F800000" if ty == "f32" else "0x7FF0000000000000"):
                self.emit(f"arith.constant {c} : {ty}", ty, "constant")

    def safe_divisor(self, ty: str) -> str:
        """(x & 7) | 1: in 1..7 whatever x is ((x & 3) | 1 in i3, where 7 is -1: no signed overflow)."""
        m = 3 if INT_TYPES.get(ty) == 3 else 7
        seven = self.emit(f"arith.constant {m} : {ty}", ty, "constant")
        one = self.emit(f"arith.constant 1 : {ty}", ty, "constant")
        m = self.emit(f"arith.andi {self.pick(ty)}, {seven} : {ty}", ty, "andi")
        return self.emit(f"arith.ori {m}, {one} : {ty}", ty, "ori")

    def step(self) -> None:
        r = self.rng
        kind = r.choice(("int", "int", "div", "shift", "cmpi", "select", "cast", "float", "float", "cmpf",
                         "fcast", *(("math", "math", "math") if self.math else ())))
        ity = r.choice([*INT_TYPES, "index"])
        fty = r.choice(FLOAT_TYPES)
        if kind == "int":
            op = r.choice(INT_BIN)
            self.emit(f"arith.{op} {self.pick(ity)}, {self.pick(ity)} : {ity}", ity, op)
        elif kind == "div":
            op = r.choice(DIV)
            d = self.safe_divisor(ity)
            self.emit(f"arith.{op} {self.pick(ity)}, {d} : {ity}", ity, op)
        elif kind == "shift" and ity != "index":
            op = r.choice(SHIFT)
            w = INT_TYPES[ity]
            mask = self.emit(f"arith.constant {w - 1} : {ity}", ity, "constant")
            amt = self.emit(f"arith.andi {self.pick(ity)}, {mask} : {ity}", ity, "andi")
            self.emit(f"arith.{op} {self.pick(ity)}, {amt} : {ity}", ity, op)
        elif kind == "cmpi":
            p = r.choice(CMPI)
            self.emit(f"arith.cmpi {p}, {self.pick(ity)}, {self.pick(ity)} : {ity}", "i1", f"cmpi {p}")
        elif kind == "select":
            ty = r.choice((ity, fty))
            self.emit(f"arith.select {self.pick('i1')}, {self.pick(ty)}, {self.pick(ty)} : {ty}", ty, "select")
        elif kind == "cast":
            self.int_cast(ity)
        elif kind == "float":
            if r.random() < 0.2:
                self.emit(f"arith.negf {self.pick(fty)} : {fty}", fty, "negf")
            else:
                op = r.choice(FLOAT_BIN)
                self.emit(f"arith.{op} {self.pick(fty)}, {self.pick(fty)} : {fty}", fty, op)
        elif kind == "cmpf":
            p = r.choice(CMPF)
            self.emit(f"arith.cmpf {p}, {self.pick(fty)}, {self.pick(fty)} : {fty}", "i1", f"cmpf {p}")
        elif kind == "fcast":
            self.float_cast(ity, fty)
        elif kind == "math":
            self.math_op(ity, fty)

    def math_op(self, ity: str, fty: str) -> None:
        r = self.rng
        c = r.random()
        if c < 0.6:
            op = r.choice(MATH_UNARY)
            self.emit(f"math.{op} {self.pick(fty)} : {fty}", fty, f"math.{op}")
        elif c < 0.8:
            op = r.choice(MATH_BINARY)
            self.emit(f"math.{op} {self.pick(fty)}, {self.pick(fty)} : {fty}", fty, f"math.{op}")
        elif c < 0.9:
            self.emit(f"math.fma {self.pick(fty)}, {self.pick(fty)}, {self.pick(fty)} : {fty}", fty, "math.fma")
        elif ity != "index":
            op = r.choice(MATH_INT)
            self.emit(f"math.{op} {self.pick(ity)} : {ity}", ity, f"math.{op}")

    def int_cast(self, ity: str) -> None:
        r = self.rng
        src = r.choice(["i1", *INT_TYPES, "index"])
        if src == "index" or ity == "index":
            if src == ity:
                return
            op = r.choice(("index_cast", "index_castui"))
            self.emit(f"arith.{op} {self.pick(src)} : {src} to {ity}", ity, f"{op} {src}->{ity}")
            return
        ws = 1 if src == "i1" else INT_TYPES[src]
        wd = INT_TYPES[ity]
        if ws < wd:
            op = r.choice(("extsi", "extui"))
        elif ws > wd:
            op = "trunci"
        else:
            return
        self.emit(f"arith.{op} {self.pick(src)} : {src} to {ity}", ity, f"{op} {src}->{ity}")

    def float_cast(self, ity: str, fty: str) -> None:
        r = self.rng
        c = r.choice(("sitofp", "uitofp", "ext_trunc", "fptosi"))
        if c in ("sitofp", "uitofp") and ity != "index":
            src = r.choice(["i1", *INT_TYPES])
            self.emit(f"arith.{c} {self.pick(src)} : {src} to {fty}", fty, f"{c} {src}->{fty}")
        elif c == "ext_trunc":
            if fty == "f32":
                self.emit(f"arith.extf {self.pick('f32')} : f32 to f64", "f64", "extf")
            else:
                self.emit(f"arith.truncf {self.pick('f64')} : f64 to f32", "f32", "truncf")
        elif c == "fptosi" and ity in ("i32", "i64"):
            # in range by construction: a small integer converted to float and back
            small = self.emit(f"arith.constant {r.randint(-50, 50)} : i8", "i8", "constant")
            f = self.emit(f"arith.sitofp {small} : i8 to {fty}", fty, "sitofp i8")
            self.emit(f"arith.fptosi {f} : {fty} to {ity}", ity, f"fptosi {fty}->{ity}")

    def program(self, n_ops: int) -> str:
        self.constants()
        for _ in range(n_ops):
            self.step()
        body = list(self.lines)
        body.append(f"    %ibuf = memref.alloc() : memref<{len(self.int_out)}xi64>")
        body.append(f"    %fbuf = memref.alloc() : memref<{len(self.float_out)}xf64>")
        body += _stores("i", self.int_out, "i64", {"index": "arith.index_cast", "i64": None}, "arith.extsi")
        body += _stores("f", self.float_out, "f64", {"f64": None}, "arith.extf")
        body.append(f"    %iu = memref.cast %ibuf : memref<{len(self.int_out)}xi64> to memref<*xi64>")
        body.append("    call @printMemrefI64(%iu) : (memref<*xi64>) -> ()")
        body.append(f"    %fu = memref.cast %fbuf : memref<{len(self.float_out)}xf64> to memref<*xf64>")
        body.append("    call @printMemrefF64(%fu) : (memref<*xf64>) -> ()")
        body.append(f"    memref.dealloc %ibuf : memref<{len(self.int_out)}xi64>")
        body.append(f"    memref.dealloc %fbuf : memref<{len(self.float_out)}xf64>")
        return ("module {\n  func.func private @printMemrefI64(memref<*xi64>)\n"
                "  func.func private @printMemrefF64(memref<*xf64>)\n  func.func @main() {\n"
                + "\n".join(body) + "\n    return\n  }\n}\n")


def _stores(p: str, outs: list[tuple[str, str, str]], wide: str, casts: dict[str, str | None],
            widen: str) -> list[str]:
    """Lines storing each of ``outs`` (widened to ``wide``: ``casts`` by type, else ``widen``) at
    its index of ``%<p>buf``."""
    mt = f"memref<{len(outs)}x{wide}>"
    lines = []
    for i, (v, ty, _) in enumerate(outs):
        lines.append(f"    %{p}c{i} = arith.constant {i} : index")
        cast = casts.get(ty, widen)
        w = v
        if cast is not None:
            w = f"%{p}w{i}"
            lines.append(f"    {w} = {cast} {v} : {ty} to {wide}")
        lines.append(f"    memref.store {w}, %{p}buf[%{p}c{i}] : {mt}")
    return lines


def _values(out: str) -> list[list[str]]:
    """The printed data rows, as lists of value texts (the descriptor header lines dropped)."""
    rows = []
    for line in out.splitlines():
        if line.startswith("["):
            # the sign of a NaN made by an invalid operation is unspecified (IEEE 754, LLVM's
            # APFloat folding and x86 hardware differ): compare NaNs by being NaN
            rows.append([x.strip().replace("-nan", "nan") for x in line.strip("[] ").split(",")])
    return rows


def _upstream(path: Path) -> subprocess.CompletedProcess[str]:
    ref = REPO / "scripts" / "mlir-opt-ref"
    sp = subprocess.run([sys.executable, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        capture_output=True, text=True, check=True).stdout.strip()
    lowered = subprocess.run([str(ref), str(path), "-convert-math-to-llvm", "-convert-math-to-libm",
                              "-convert-arith-to-llvm", "-finalize-memref-to-llvm",
                              "-convert-func-to-llvm", "-reconcile-unrealized-casts"],
                             capture_output=True, text=True)
    if lowered.returncode:
        return lowered
    libs = f"{sp}/mlir/lib/libmlir_runner_utils.so,{sp}/mlir/lib/libmlir_c_runner_utils.so"
    return subprocess.run([str(ref), "-e", "main", "-entry-point-result=void", f"-shared-libs={libs}"],
                          input=lowered.stdout, capture_output=True, text=True,
                          env={**__import__("os").environ, "TOOL": "mlir-runner"})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--programs", type=int, default=50)
    ap.add_argument("--ops", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=3, help="differing values shown per program")
    ap.add_argument("--math", action="store_true", help="also math dialect ops (libm through upstream)")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="semdiff-"))
    agree = 0
    by_op: dict[str, int] = {}
    for k in range(a.programs):
        g = _Gen(random.Random(a.seed * 100_003 + k), a.math)
        path = tmp / f"p{k}.mlir"
        path.write_text(g.program(a.ops))
        ours = subprocess.run([sys.executable, "-m", "asyncgpu_opt", str(path), "--run"],
                              capture_output=True, text=True)
        up = _upstream(path)
        if ours.returncode or up.returncode:
            print(f"{path}: exit ours {ours.returncode}, upstream {up.returncode}: "
                  f"{(ours.stderr or up.stderr).strip().splitlines()[:1]}")
            continue
        o, u = _values(ours.stdout), _values(up.stdout)
        if o == u:
            agree += 1
            continue
        shown = 0
        for row, outs in ((0, g.int_out), (1, g.float_out)):
            for i, (mine, theirs) in enumerate(zip(o[row], u[row], strict=False)):
                if mine != theirs:
                    op = outs[i][2]
                    by_op[op] = by_op.get(op, 0) + 1
                    if shown < a.show:
                        print(f"{path}: {outs[i][0]} ({op}, {outs[i][1]}): ours {mine}, upstream {theirs}")
                        shown += 1
    print(f"\n{agree} of {a.programs} programs print the same values as mlir-runner")
    if by_op:
        print("differing values by op: " + ", ".join(f"{k} {v}" for k, v in sorted(by_op.items(),
                                                                                   key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
