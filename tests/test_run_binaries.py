"""Kernels of a gpu.binary under --run: which object, its image, the packed operands; and, on a GPU,
an upstream-compiled binary launched with --backend cuda printing what the simulator prints for the
same program from source."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from asyncgpu_opt.api import parse
from asyncgpu_opt.diagnostics import MLIRError
from asyncgpu_opt.run.binaries import object_image, pack_binary_args, select_object
from asyncgpu_opt.run.cuda import is_cuda_available
from asyncgpu_opt.run.memory import Memory, Ptr
from asyncgpu_opt.run.values import MemRef

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _binary(handler: str, objects: str):
    m = parse(f"module attributes {{gpu.container_module}} {{ gpu.binary @k {handler} [{objects}] }}")
    return m.regions[0].blocks[0].ops[0]


OBJS = ('#gpu.object<#nvvm.target<chip = "sm_70">, bin = "\\7FELF">, '
        '#gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".version 8.0">, '
        '#gpu.object<#nvvm.target<chip = "sm_80">, offload = "BC">')


def test_select_object_by_index_target_and_default() -> None:
    assert select_object(_binary("", OBJS), None).format == "bin"
    assert select_object(_binary("<#gpu.select_object<1>>", OBJS), None).format == "assembly"
    assert select_object(_binary('<#gpu.select_object<#nvvm.target<chip = "sm_80">>>', OBJS), None).format == "offload"
    with pytest.raises(MLIRError, match=r"select_object<5> of a gpu.binary with 3 objects"):
        select_object(_binary("<#gpu.select_object<5>>", OBJS), None)
    with pytest.raises(MLIRError, match="no object for the target"):
        select_object(_binary('<#gpu.select_object<#nvvm.target<chip = "sm_100">>>', OBJS), None)


def test_object_images_as_cuModuleLoadData_takes_them() -> None:
    objs = list(_binary("", OBJS).attributes["objects"].elements)
    assert object_image(objs[0], None) == b"\x7fELF"  # bytes kept as they are
    assert object_image(objs[1], None) == b".version 8.0\0"  # PTX NUL-terminated
    with pytest.raises(MLIRError, match="'offload' format"):
        object_image(objs[2], None)


def test_operands_packed_as_upstream_passes_them() -> None:
    buf = Memory().allocate(64, "device")
    p = Ptr(buf, 0)
    m = MemRef(p, p + 8, 2, (3, 4), (4, 1), np.dtype(np.float32))
    packed = pack_binary_args([m, Ptr(buf, 16), np.int32(-1), np.int64(7), np.float32(1.5), np.float64(2.0)], None)
    assert [k for k, _ in packed] == ["ptr", "ptr", "i64", "i64", "i64", "i64", "i64",
                                      "ptr", "i32", "i64", "f32", "f64"]
    assert [v for k, v in packed if k == "i64"] == [2, 3, 4, 4, 1, 7]
    assert packed[1][1] == p + 8
    with pytest.raises(MLIRError, match="passing a struct to a gpu.binary kernel"):
        pack_binary_args([(np.int32(1), np.float64(2.0))], None)


def _ref(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([os.path.join(ROOT, "scripts", "mlir-opt-ref"), *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.cuda
@pytest.mark.skipif(not is_cuda_available(), reason="no CUDA driver/device")
def test_upstream_compiled_binary_runs_on_the_gpu(mlir_opt_ref) -> None:
    src = os.path.join(ROOT, "examples", "vector_add.mlir")
    pipe = ("builtin.module(gpu.module(convert-gpu-to-nvvm),nvvm-attach-target{chip=sm_70},"
            "gpu-module-to-binary{format=isa},convert-scf-to-cf,finalize-memref-to-llvm,"
            "convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)")
    lowered = _ref(src, f"--pass-pipeline={pipe}")
    assert lowered.returncode == 0, lowered.stderr
    cli = [sys.executable, "-m", "asyncgpu_opt"]
    want = subprocess.run([*cli, src, "--run", "--backend", "sim"], capture_output=True, text=True, timeout=300)
    got = subprocess.run([*cli, "-", "--run", "--backend", "cuda"], input=lowered.stdout, capture_output=True,
                         text=True, timeout=300)
    assert got.returncode == 0, got.stderr
    data = lambda out: out.split("data =", 1)[1]  # noqa: E731 - the base address differs
    assert data(got.stdout) == data(want.stdout)
