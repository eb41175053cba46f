"""Adding an async gpu op end to end is its class with a runtime binding (``RuntimeCall``), plus the
simulated semantics of its callee when the callee is new (docs/design.md, "Adding an op"): the op
below is defined here and nowhere else, and it parses and prints, async-region makes it async,
gpu-to-runtime lowers it to its call (the callee declared with the signature its recipes give), and
``--run`` runs it before and after lowering with the same result."""

from __future__ import annotations

from typing import Any

import pytest

import asyncgpu_opt as a
from asyncgpu_opt.dialects.gpu import ASYNC_DEPS, TOKEN, AsyncOp
from asyncgpu_opt.dialects.gpu_runtime import RuntimeCall, nbytes, ptr
from asyncgpu_opt.ir.opdef import optional, single, variadic
from asyncgpu_opt.run.runtime import Runtime


class ZeroBytesOp(AsyncOp):
    """``gpu.test_zero_bytes %m : memref<...>``: sets every byte of ``%m`` to 0 (a throwaway op)."""

    name = "gpu.test_zero_bytes"
    effects = (("write", "dst"),)
    operands = (variadic("asyncDependencies", TOKEN), single("dst"))
    results = (optional("asyncToken", TOKEN),)
    assembly_format = f"{ASYNC_DEPS} $dst attr-dict `:` type($dst)"
    runtime_call = RuntimeCall("mgpuTestZeroBytes", (ptr("dst"), nbytes("dst")))


def _zero_bytes(rt: Runtime, dst: Any, n: int, stream: Any = None, *, loc: str | None = None,
                agent: Any = None) -> Any:
    """The new callee's simulated semantics (what run/runtime.py would get): 16-bit zeros."""
    return rt.mgpuMemset16(dst, 0, n // 2, stream, loc=loc, agent=agent)


@pytest.fixture
def zero_callee(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Runtime, "mgpuTestZeroBytes", _zero_bytes, raising=False)


PROGRAM = """module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.5 : f32
    %h = memref.alloc() : memref<4xf32>
    %g = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %one, %h[%i] : memref<4xf32>
      memref.store %one, %g[%i] : memref<4xf32>
    }
    %d = gpu.alloc () : memref<4xf32>
    gpu.memcpy %d, %h : memref<4xf32>, memref<4xf32>
    gpu.test_zero_bytes %d : memref<4xf32>
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    gpu.dealloc %d : memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %v = memref.cast %g : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%v) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    memref.dealloc %g : memref<4xf32>
    return
  }
}
"""


def test_round_trip() -> None:
    text = "func.func @f(%m: memref<4xf32>, %t: !gpu.async.token) {\n" \
           "  %0 = gpu.test_zero_bytes async [%t] %m : memref<4xf32>\n  return\n}\n"
    printed = a.print_ir(a.parse(text))
    assert "%0 = gpu.test_zero_bytes async [%arg1] %arg0 : memref<4xf32>" in printed
    assert a.print_ir(a.parse(printed)) == printed


def test_async_region_makes_it_async() -> None:
    out = a.print_ir(a.run_passes(a.parse(PROGRAM), ["async-region"]))
    assert "= gpu.test_zero_bytes async [" in out


@pytest.mark.parametrize("passes", [["gpu-to-runtime"], ["async-region", "gpu-to-runtime"]])
def test_lowers_to_its_call_and_runs_the_same(zero_callee: None, passes: list[str]) -> None:
    before = a.execute(a.parse(PROGRAM), backend="sim")
    assert before.output.count("[0,  0,  0,  0]") == 1  # the device copy was zeroed: h
    assert before.output.count("[1.5,  1.5,  1.5,  1.5]") == 1  # g untouched
    assert before.hazards == []
    lowered = a.run_passes(a.parse(PROGRAM), passes)
    text = a.print_ir(lowered)
    assert "gpu.test_zero_bytes" not in text
    assert "llvm.func @mgpuTestZeroBytes(!llvm.ptr, i64, !llvm.ptr)" in text
    calls = [ln for ln in text.splitlines() if "llvm.call @mgpuTestZeroBytes(" in ln]
    assert len(calls) == 1 and calls[0].rstrip().endswith(": (!llvm.ptr, i64, !llvm.ptr) -> ()")
    after = a.execute(lowered, backend="sim")
    assert after.output == before.output
    assert after.hazards == []


def test_an_unordered_use_is_a_race_before_lowering(zero_callee: None) -> None:
    """Its ``write`` effect and its stream are real: the zeroing, async and not ordered before the
    copy back, races with it."""
    racy = PROGRAM.replace("    gpu.test_zero_bytes %d : memref<4xf32>\n",
                           "    %t = gpu.test_zero_bytes async %d : memref<4xf32>\n")
    r = a.execute(a.parse(racy), backend="sim")
    assert any("race" in h for h in r.hazards), r.hazards


def test_identity_layout_is_checked_when_lowering() -> None:
    text = ("func.func @f(%m: memref<4xf32, strided<[2]>>) {\n"
            "  gpu.test_zero_bytes %m : memref<4xf32, strided<[2]>>\n  return\n}\n")
    with pytest.raises(a.MLIRError, match="'gpu.test_zero_bytes' op: only memrefs with identity layout"):
        a.run_passes(a.parse(text, "z.mlir"), ["gpu-to-runtime"])
