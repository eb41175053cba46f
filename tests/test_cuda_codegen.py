"""The CUDA C emitter covers every kernel of examples/ and lit_tests/Run, and NVRTC compiles each one
to PTX (no GPU needed; skipped only where NVRTC itself is missing)."""

from pathlib import Path

import numpy as np
import pytest

from asyncgpu_opt.diagnostics import Source
from asyncgpu_opt.driver import Config, _ChunkRun
from asyncgpu_opt.run.cuda_codegen import emit_cuda, pack_launch_args
from asyncgpu_opt.run.interpreter import MemRef
from asyncgpu_opt.run.memory import Memory, Ptr
from asyncgpu_opt.run.nvrtc import compile_cuda, is_nvrtc_available

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(ROOT.glob("examples/*.mlir")) + sorted(ROOT.glob("lit_tests/Run/*.mlir"))


def _parse(text: str, name: str = "t.mlir"):
    return _ChunkRun(Source(text, name), Config()).parse()


def _kernels(module):
    return [op for op in module.walk() if op.name == "gpu.func" and "gpu.kernel" in op.attributes]


KERNELS = [pytest.param(path, k.attributes["sym_name"].value, id=f"{path.name}:{k.attributes['sym_name'].value}")
           for path in FILES for k in _kernels(_parse(path.read_text(), str(path)))]


def _kernel(path: Path, name: str):
    (k,) = [k for k in _kernels(_parse(path.read_text(), str(path)))
            if k.attributes["sym_name"].value == name][:1]
    return k


def test_every_file_has_kernels():
    assert {p.name for p, *_ in (x.values for x in KERNELS)} >= {"two_matmuls.mlir", "vector_add.mlir"}


@pytest.mark.parametrize(("path", "name"), KERNELS)
def test_emit(path, name):
    src = emit_cuda(_kernel(path, name))
    assert f'extern "C" __global__ void {name}(' in src


needs_nvrtc = pytest.mark.skipif(not is_nvrtc_available(), reason="NVRTC not available")


@needs_nvrtc
@pytest.mark.parametrize(("path", "name"), KERNELS)
def test_nvrtc_compiles(path, name):
    ptx = compile_cuda(emit_cuda(_kernel(path, name)), name, use_cache=False)
    assert b".entry" in ptx and name.encode() in ptx


DYN = """
gpu.module @m {
  gpu.func @k(%a: memref<?x?xf32>, %b: memref<4x?xf32, strided<[?, 1], offset: ?>>, %o: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i = gpu.thread_id x
    %j = gpu.thread_id y
    %n = memref.dim %a, %c1 : memref<?x?xf32>
    %r = memref.dim %b, %c0 : memref<4x?xf32, strided<[?, 1], offset: ?>>
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
    %y = memref.load %b[%i, %j] : memref<4x?xf32, strided<[?, 1], offset: ?>>
    %s = arith.addf %x, %y : f32
    %l = arith.muli %i, %n : index
    %q = arith.addi %l, %j : index
    %w = arith.addi %q, %r : index
    memref.store %s, %o[%w] : memref<?xf32>
    gpu.return
  }
}
"""


def test_dynamic_memrefs_are_descriptors():
    (k,) = _kernels(_parse(DYN))
    src = emit_cuda(k)
    sig = src.split("{")[0]
    assert sig.count("long long") == 2 + 2 + 2 + 2 + 1 + 1  # sizes + strides of a, b, o
    assert "v0[" in src and "* v0_stride0 +" in src and "v0_stride1" in src
    assert "= v0_size1;" in src and "= v1_size0;" in src  # memref.dim reads the descriptor
    mem = Memory()
    buf = mem.allocate(256, "device", "t")
    m = MemRef(Ptr(buf, 0), Ptr(buf, 0), 3, (4, 5), (8, 1), np.dtype(np.float32))
    packed = pack_launch_args(k, [m, m, MemRef(Ptr(buf, 0), Ptr(buf, 0), 0, (16,), (1,), np.dtype(np.float32))])
    assert [kind for kind, _ in packed] == ["ptr"] + ["index"] * 4 + ["ptr"] + ["index"] * 4 + ["ptr", "index", "index"]
    assert packed[0][1] == Ptr(buf, 12) and [v for _, v in packed[1:5]] == [4, 5, 8, 1]


@needs_nvrtc
def test_dynamic_memrefs_compile():
    (k,) = _kernels(_parse(DYN))
    assert b".entry" in compile_cuda(emit_cuda(k), "k", use_cache=False)


def test_backend_cuda_without_gpu_is_one_error_line():
    from asyncgpu_opt.driver import run_opt
    from asyncgpu_opt.run.cuda import is_cuda_available

    if is_cuda_available():
        pytest.skip("a CUDA device is present")
    res = run_opt((ROOT / "examples/vector_add.mlir").read_text(), "v.mlir", Config(run=True, backend="cuda"))
    err = res.rendered_diagnostics() + res.stderr_text
    assert (res.exit_code, res.output) == (1, "")
    assert err == ("v.mlir:3:1: error: --backend cuda: no CUDA device or driver is available "
                   "(use --backend sim to simulate)\n")
