"""The CUDA backend on a real GPU (skipped when there is no driver or device)."""

from __future__ import annotations

import numpy as np
import pytest

from asyncgpu_opt.run.cuda import CudaDevice, CudaError, is_cuda_available
from asyncgpu_opt.run.runtime import Access, Runtime

KERNEL = r"""
extern "C" __global__ void add_one(int *a, long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += 1;
}
"""


def test_no_driver_is_a_clean_false_or_a_clear_error() -> None:
    if is_cuda_available():
        pytest.skip("a CUDA device is present")
    assert is_cuda_available() is False
    with pytest.raises(CudaError):
        CudaDevice()


@pytest.mark.cuda
@pytest.mark.skipif(not is_cuda_available(), reason="no CUDA driver/device")
def test_copy_memset_and_kernel_on_two_streams() -> None:
    from asyncgpu_opt.run.nvrtc import compile_cuda

    dev = CudaDevice()
    rt = Runtime(dev)
    s1, s2 = rt.mgpuStreamCreate(), rt.mgpuStreamCreate()
    n = 256
    h = rt.host_alloc(4 * n)
    h.view("int32")[:] = np.arange(n)
    d = rt.mgpuMemAlloc(4 * n, s1, False)
    rt.mgpuMemcpy(d, h, 4 * n, s1)
    e = rt.mgpuEventCreate()
    rt.mgpuEventRecord(e, s1)
    rt.mgpuStreamWaitEvent(s2, e)
    module = dev.load_module(compile_cuda(KERNEL, "add_one"))
    fn = dev.get_function(module, "add_one")

    def run() -> list[Access]:
        dev.launch(fn, (n // 128,), (128,), dev.pack_args([("ptr", d), ("i64", n)]), stream=s2.handle)
        return [Access(d.buffer, 0, 4 * n, True)]

    rt.launch_kernel(s2, "@m::@add_one", (n // 128,), (128,), run)
    shared = rt.mgpuMemAlloc(4 * n, None, True)
    rt.mgpuMemcpy(shared, d, 4 * n, s2)
    rt.mgpuMemset16(d, 0x0101, 2 * n, s2)
    rt.mgpuStreamSynchronize(s2)
    rt.host_access(shared.buffer, 0, 4 * n, False)
    assert list(shared.view("int32")) == list(range(1, n + 1))
    back = rt.host_alloc(4 * n)
    rt.mgpuMemcpy(back, d, 4 * n, None)
    assert set(back.view("uint32").tolist()) == {0x01010101}
    rt.mgpuEventDestroy(e)
    for s in (s1, s2):
        rt.mgpuStreamDestroy(s)
    rt.mgpuMemFree(d, None)
    rt.mgpuMemFree(shared, None)
    dev.unload_module(module)
    assert rt.finish() == []
