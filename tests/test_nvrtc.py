"""NVRTC compilation to PTX (no GPU needed) and kernel-argument packing."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from asyncgpu_opt.run import nvrtc
from asyncgpu_opt.run.cuda import ARG_TYPES, pack_kernel_args
from asyncgpu_opt.run.memory import Memory, Ptr

pytestmark = pytest.mark.skipif(not nvrtc.is_nvrtc_available(), reason="NVRTC library not available")

SAXPY = r"""
extern "C" __global__ void saxpy(float a, const float *x, float *y, long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
"""


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "asyncgpu-opt" / "nvrtc"


def test_compiles_cuda_c_to_ptx_for_the_requested_arch(private_cache) -> None:
    ptx = nvrtc.compile_cuda(SAXPY, "saxpy", "compute_80").decode()
    assert ".target sm_80" in ptx
    assert ".visible .entry saxpy(" in ptx
    assert "fma.rn.f32" in ptx
    assert not ptx.endswith("\0")
    assert ".target sm_90" in nvrtc.compile_cuda(SAXPY, "saxpy", "sm_90").decode()


def test_results_are_cached_by_content_hash(private_cache) -> None:
    assert nvrtc.cache_dir() == private_cache
    first = nvrtc.compile_cuda(SAXPY, "saxpy")
    files = list(private_cache.glob("*.ptx"))
    assert len(files) == 1 and files[0].read_bytes() == first
    files[0].write_bytes(b"// cached\n")  # a cache hit does not recompile
    assert nvrtc.compile_cuda(SAXPY, "saxpy") == b"// cached\n"
    nvrtc.compile_cuda(SAXPY + "\n// changed\n", "saxpy")
    assert len(list(private_cache.glob("*.ptx"))) == 2
    assert nvrtc.compile_cuda(SAXPY, "saxpy", use_cache=False) == first


def test_compile_error_raises_with_the_log() -> None:
    with pytest.raises(nvrtc.NvrtcError) as info:
        nvrtc.compile_cuda('extern "C" __global__ void k() { undefined_fn(); }', "broken")
    msg = str(info.value)
    assert "broken.cu" in msg and "compute_80" in msg
    assert 'identifier "undefined_fn" is undefined' in info.value.log


def test_kernel_args_are_packed_as_void_pointer_array() -> None:
    packed = pack_kernel_args(
        [
            ("ptr", 0x7F00_0000_1000),
            ("index", -3),
            ("i64", 2**63 - 1),
            ("i32", -7),
            ("f32", 1.25),
            ("f64", -2.5),
        ]
    )
    assert len(packed) == 6 and packed.pointers.dtype == np.uint64
    assert [packed.read_back(i) for i in range(6)] == [0x7F00_0000_1000, -3, 2**63 - 1, -7, 1.25, -2.5]
    # The array the driver receives really holds the addresses of the values.
    first = ctypes.c_uint64.from_address(packed.address).value
    assert ctypes.c_uint64.from_address(first).value == 0x7F00_0000_1000
    sizes = [v.itemsize for v in packed.values]
    assert sizes == [8, 8, 8, 4, 4, 8]


def test_kernel_arg_integers_wrap_and_unknown_kinds_fail() -> None:
    packed = pack_kernel_args([("i32", 2**32 + 5), ("index", 2**64 - 1)])
    assert [packed.read_back(i) for i in range(2)] == [5, -1]
    with pytest.raises(ValueError, match="unknown kernel argument kind 'i128'"):
        pack_kernel_args([("i128", 1)])
    assert set(ARG_TYPES) >= {"ptr", "index", "i32", "i64", "f32", "f64"}


def test_host_pointer_args_use_stable_fake_addresses_in_sim() -> None:
    buf = Memory().allocate(16, "host")
    packed = pack_kernel_args([("ptr", (Ptr(buf, 0) + 8).as_int())])
    assert packed.read_back(0) == 0x1000_0000 + 8


def test_cubin_output_and_the_fp16_header_search(monkeypatch) -> None:
    cubin = nvrtc.compile_cuda(SAXPY, "saxpy", "compute_90", output="cubin")
    assert cubin[:4] == b"\x7fELF"  # a real-architecture image: sm_90, whatever arch spelling was given
    half = '#include <cuda_fp16.h>\nextern "C" __global__ void h(__half *a) { a[0] = a[0] + a[1]; }'
    assert nvrtc.include_options(half) and nvrtc.include_options(SAXPY) == []
    monkeypatch.setattr(nvrtc, "include_dirs", lambda: [])
    with pytest.raises(nvrtc.NvrtcError, match="need cuda_fp16.h: install the 'cuda' extra"):
        nvrtc.compile_cuda(half, "h")
