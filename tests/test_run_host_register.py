"""--run of lowered gpu.host_register/host_unregister: mgpuMemHostRegisterMemRef(rank, descriptor,
element size) registers the memref's buffer, whether the descriptor pointer comes from our
gpu-to-runtime (the memref cast to the unranked descriptor) or, as in upstream's -gpu-to-llvm output,
points at an llvm.alloca holding the ranked descriptor."""

from __future__ import annotations

import pytest

from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.passes.pipeline import parse_pipeline

KERNEL = """
  gpu.module @kernels {
    gpu.func @inc(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      memref.store %y, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  llvm.func @mgpuMemHostRegisterMemRef(i64, !llvm.ptr, i64)
  llvm.func @mgpuMemHostUnregisterMemRef(i64, !llvm.ptr, i64)
"""

# upstream's -gpu-to-llvm shape: the ranked descriptor stored in an alloca, {rank, alloca} passed
UPSTREAM_SHAPE = """module attributes {gpu.container_module} {""" + KERNEL + """
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %f = arith.constant 2.0 : f32
    %h = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %f, %h[%i] : memref<4xf32>
    }
    %d = builtin.unrealized_conversion_cast %h : memref<4xf32> to DESC
    %one = llvm.mlir.constant(1 : index) : i64
    %a = llvm.alloca %one x DESC : (i64) -> !llvm.ptr
    llvm.store %d, %a : DESC, !llvm.ptr
    %p = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %u0 = llvm.insertvalue %one, %p[0] : !llvm.struct<(i64, ptr)>
    %u1 = llvm.insertvalue %a, %u0[1] : !llvm.struct<(i64, ptr)>
    %z = llvm.mlir.zero : !llvm.ptr
    %g = llvm.getelementptr %z[1] : (!llvm.ptr) -> !llvm.ptr, f32
    %sz = llvm.ptrtoint %g : !llvm.ptr to i64
    %r = llvm.extractvalue %u1[0] : !llvm.struct<(i64, ptr)>
    %q = llvm.extractvalue %u1[1] : !llvm.struct<(i64, ptr)>
    REGISTER
    gpu.launch_func @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%h : memref<4xf32>)
    UNREGISTER
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
""".replace("DESC", "!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>")
REG = "llvm.call @mgpuMemHostRegisterMemRef(%r, %q, %sz) : (i64, !llvm.ptr, i64) -> ()"
UNREG = "llvm.call @mgpuMemHostUnregisterMemRef(%r, %q, %sz) : (i64, !llvm.ptr, i64) -> ()"


def run(text: str, passes: tuple[str, ...] = ()):
    pipe = parse_pipeline(f"builtin.module({','.join(passes)})") if passes else None
    res = run_opt(text, "t.mlir", Config(run=True, backend="sim", pipeline=pipe))
    return res.output, res.rendered_diagnostics() + res.stderr_text, res.exit_code


def test_upstream_shaped_register_call_makes_the_buffer_device_visible() -> None:
    out, err, rc = run(UPSTREAM_SHAPE.replace("REGISTER", REG, 1).replace("UNREGISTER", UNREG))
    assert rc == 0, err
    assert "[3,  3,  3,  3]" in out


def test_without_the_register_call_the_kernel_access_is_a_hazard() -> None:
    out, err, rc = run(UPSTREAM_SHAPE.replace("UNREGISTER", "").replace("REGISTER", ""))
    assert rc != 0
    assert "device access to host memory" in err


def test_unregister_without_register_is_reported() -> None:
    _, err, rc = run(UPSTREAM_SHAPE.replace("UNREGISTER", UNREG).replace("REGISTER", "", 1))
    assert rc != 0
    assert "invalid unregister: mgpuMemHostUnregister" in err


SOURCE = """module attributes {gpu.container_module} {""" + KERNEL + """
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %f = arith.constant 5.0 : f32
    %h = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %f, %h[%i] : memref<4xf32>
    }
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    gpu.launch_func @kernels::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%h : memref<4xf32>)
    gpu.host_unregister %u : memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    gpu.host_unregister %u : memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<4xf32>
    return
  }
}
"""


@pytest.mark.parametrize("passes", [(), ("gpu-to-runtime",), ("async-region", "wait-insertion", "gpu-to-runtime")])
def test_register_unregister_register_again_runs_the_same_before_and_after_lowering(passes) -> None:
    out, err, rc = run(SOURCE, passes)
    assert rc == 0, err
    assert "[6,  6,  6,  6]" in out
