"""The semantics registries (run/registry.py): every op the simulator runs in a kernel has a CUDA
emitter or an explicit located refusal, the CUDA C of arith ops computes what the simulator's
table computes (checked by compiling the emitted expressions with the host C++ compiler), and
NVRTC compiles a kernel using every emitted arith/math op and compare predicate."""

from __future__ import annotations

import math
import shutil
import subprocess

import numpy as np
import pytest

from asyncgpu_opt.diagnostics import Source
from asyncgpu_opt.driver import Config, _ChunkRun
from asyncgpu_opt.ir import types as T
from asyncgpu_opt.ir.opdef import lookup_opdef
from asyncgpu_opt.run import semantics
from asyncgpu_opt.run.cuda_codegen import CudaCodegenError, emit_cuda
from asyncgpu_opt.run.nvrtc import compile_cuda, is_nvrtc_available
from asyncgpu_opt.run.registry import CUDA, HOST, KERNEL
from asyncgpu_opt.run.semantics import arith as ar

semantics.load()

#: terminators the region walk runs in kernels (not in the KERNEL table: control.run_region)
KERNEL_TERMINATORS = ("gpu.return", "gpu.terminator", "scf.yield", "affine.yield", "cf.br", "cf.cond_br",
                      "cf.switch")


def _parse(text: str):
    return _ChunkRun(Source(text, "t.mlir"), Config()).parse()


def _kernel(module):
    return next(op for op in module.walk() if op.name == "gpu.func")


@pytest.mark.parametrize("name", sorted({*KERNEL.names(), *KERNEL_TERMINATORS}))
def test_every_kernel_op_has_a_cuda_emitter_or_refusal(name):
    assert name in CUDA.table, f"'{name}' runs in kernels but has no CUDA emitter nor refusal"


def test_name_registrations_only_for_ops_without_a_class():
    for reg in (HOST, KERNEL, CUDA):
        with_class = sorted(n for n in reg.by_name if lookup_opdef(n) is not None)
        assert not with_class, f"{reg.consumer}: register {with_class} by their op class"


def test_registering_twice_is_an_error():
    with pytest.raises(ValueError, match="registered twice"):
        HOST.register(lookup_opdef("arith.addi"), lambda it, op: None)


def test_refusal_is_located():
    module = _parse("""gpu.module @m {
  gpu.func @k(%a: memref<4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<4xf32>
    %d = memref.alloca() : memref<4xf32>
    gpu.return
  }
}
""")
    with pytest.raises(CudaCodegenError, match="memref.alloca") as e:
        emit_cuda(_kernel(module))
    assert str(e.value.loc).startswith("t.mlir:5:10")


# --------------------------------------------------------------------------- C agrees with numpy
INTS = {"i8": [-128, -7, -1, 0, 1, 3, 127], "i32": [-2147483648, -7, -1, 0, 1, 5, 2147483647],
        "i64": [-(1 << 63), -9, -1, 0, 1, 7, (1 << 63) - 1]}
CT = {"i8": "signed char", "i32": "int", "i64": "long long"}
NP = {"i8": np.int8, "i32": np.int32, "i64": np.int64}
FLOATS = [float("nan"), float("-inf"), -2.5, -0.0, 0.0, 1.0, 3.25, float("inf")]


def _int_cases():
    for cls in ar.INT_BINARY:
        mn = cls.name.split(".")[1]
        for t, vals in INTS.items():
            for a in vals:
                for b in vals:
                    if mn in ("divsi", "remsi", "ceildivsi", "floordivsi") and (b == 0 or (b == -1 and a == vals[0])):
                        continue  # undefined in MLIR
                    if mn in ("divui", "remui", "ceildivui") and b == 0:
                        continue
                    yield (f"arith.{mn} {t}", ar.int_binary_c(mn, T.IntegerType(int(t[1:])), "a", "b"), t, t, a, b,
                           ar.INT_BINARY[cls])
    for p in ar.CMPI_PREDICATES:
        for t, vals in INTS.items():
            for a in vals:
                for b in vals:
                    yield (f"cmpi {p} {t}", ar.cmpi_c(p, T.IntegerType(int(t[1:])), "a", "b"), t, "i1", a, b,
                           lambda x, y, p=p: ar.cmpi(p, x, y))


def _float_cases():
    for p in ar.CMPF_PREDICATES:
        for a in FLOATS:
            for b in FLOATS:
                yield f"cmpf {p}", ar.cmpf_c(p, "a", "b"), "i1", a, b, lambda x, y, p=p: ar.cmpf(p, x, y)
    for cls in ar.FLOAT_BINARY:
        mn = cls.name.split(".")[1]
        for a in FLOATS:
            for b in FLOATS:
                yield f"arith.{mn}", ar.float_binary_c(mn, "a", "b"), "f64", a, b, ar.FLOAT_BINARY[cls]


def _c_lit(v: float) -> str:
    if np.isnan(v):
        return "NAN"
    if np.isinf(v):
        return "INFINITY" if v > 0 else "-INFINITY"
    return repr(v)


@pytest.mark.skipif(shutil.which("g++") is None, reason="no host C++ compiler")
def test_cuda_expressions_agree_with_the_simulator(tmp_path):
    lines, expected, labels = [], [], []
    with np.errstate(all="ignore"):
        for label, expr, t, rt, a, b, fn in _int_cases():
            ct = "bool" if rt == "i1" else CT[rt]
            lines.append(f"{{ {CT[t]} a = ({CT[t]}){a}LL; {CT[t]} b = ({CT[t]}){b}LL; "
                         f"printf(\"%lld\\n\", (long long)({ct})({expr})); }}")
            expected.append(str(int(fn(NP[t](a), NP[t](b)))))
            labels.append(f"{label} ({a}, {b})")
        for label, expr, rt, a, b, fn in _float_cases():
            lines.append(f"{{ double a = {_c_lit(a)}; double b = {_c_lit(b)}; "
                         + (f"printf(\"%d\\n\", (int)({expr})); }}" if rt == "i1"
                            else f"double r = {expr}; printf(\"%s\\n\", isnan(r) ? \"nan\" : "
                                 f"(std::to_string(r) + (std::signbit(r) ? \"-\" : \"+\")).c_str()); }}"))
            r = fn(np.float64(a), np.float64(b))
            if rt == "i1":
                expected.append(str(int(r)))
            else:
                expected.append("nan" if np.isnan(r) else
                                f"{'inf' if np.isinf(r) and r > 0 else '-inf' if np.isinf(r) else f'{float(r):f}'}"
                                f"{'-' if math.copysign(1, r) < 0 else '+'}")
            labels.append(f"{label} ({a}, {b})")
    src = ("#include <cmath>\n#include <cstdio>\n#include <string>\nusing namespace std;\n"
           "int main() {\n" + "\n".join(lines) + "\nreturn 0;\n}\n")
    (tmp_path / "t.cpp").write_text(src)
    subprocess.run(["g++", "-O0", "-fwrapv", "-o", str(tmp_path / "t"), str(tmp_path / "t.cpp")], check=True,
                   capture_output=True)
    got = subprocess.run([str(tmp_path / "t")], check=True, capture_output=True, text=True).stdout.split("\n")
    def same(lab: str, g: str, e: str) -> bool:
        if lab.startswith(("arith.maxnumf", "arith.minnumf")):  # LLVM: the sign of an equal zero is either
            return g.lstrip("-").rstrip("+-") == e.lstrip("-").rstrip("+-")
        return g == e

    bad = [f"{lab}: C {g} != simulator {e}" for lab, g, e in zip(labels, got, expected) if not same(lab, g, e)]
    assert len(got) - 1 == len(expected)
    assert not bad, f"{len(bad)} disagreements: " + "\n".join(bad[:40])


# --------------------------------------------------------------------------- NVRTC
def _every_op_kernel() -> str:
    body = []
    n = 0

    def val(expr: str) -> str:
        nonlocal n
        n += 1
        body.append(f"    %v{n} = {expr}")
        return f"%v{n}"

    i = val("gpu.thread_id x")
    x = val(f"arith.index_cast {i} : index to i32")
    y = val("arith.constant 3 : i32")
    f = val(f"arith.sitofp {x} : i32 to f32")
    g = val("arith.constant 0x7FC00000 : f32")
    for cls in ar.INT_BINARY:
        val(f"{cls.name} {x}, {y} : i32")
    for cls in ar.FLOAT_BINARY:
        val(f"{cls.name} {f}, {g} : f32")
    for p in ar.CMPI_PREDICATES:
        val(f"arith.cmpi {p}, {x}, {y} : i32")
    for p in ar.CMPF_PREDICATES:
        val(f"arith.cmpf {p}, {f}, {g} : f32")
    for op in ("sqrt", "exp", "log", "sin", "cos", "tanh", "absf", "floor", "ceil", "rsqrt", "erf", "round",
               "roundeven", "trunc"):
        val(f"math.{op} {f} : f32")
    val(f"math.fma {f}, {f}, {g} : f32")
    val(f"math.ctpop {x} : i32")
    val(f"math.absi {x} : i32")
    val(f"arith.extui {x} : i32 to i64")
    val(f"arith.uitofp {x} : i32 to f32")
    val(f"arith.bitcast {f} : f32 to i32")
    val("arith.constant 0x7F800000 : f32")
    return ("gpu.module @m {\n  gpu.func @every_op(%o: memref<4xf32>) kernel {\n" + "\n".join(body)
            + "\n    gpu.return\n  }\n}\n")


@pytest.mark.skipif(not is_nvrtc_available(), reason="NVRTC not available")
def test_nvrtc_compiles_every_emitted_arith_op():
    src = emit_cuda(_kernel(_parse(_every_op_kernel())))
    assert "(unsigned int)" in src  # unsigned compares/divisions in the operand's width
    ptx = compile_cuda(src, "every_op", use_cache=False)
    assert b".entry every_op" in ptx
