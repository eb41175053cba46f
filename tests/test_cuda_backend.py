"""``--run --backend cuda`` without a GPU: the order of driver calls our runtime makes (a recording
stand-in for ``cuda.bindings.driver``, tests/cuda_fake_driver.py: it runs nothing, so no test here
asserts what a GPU computes), NVRTC's real compiles of what we emit, and every failure of the CUDA
path as a located diagnostic.  Issue 26's items are named where they are tested."""

from __future__ import annotations

import ctypes
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest
from cuda_fake_driver import FakeDriver

from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.run import cuda as cuda_mod
from asyncgpu_opt.run import nvrtc
from asyncgpu_opt.run.cuda import CudaDevice, DeviceStdout, pack_kernel_args
from asyncgpu_opt.run.runtime import Runtime

needs_nvrtc = pytest.mark.skipif(not nvrtc.is_nvrtc_available(), reason="NVRTC library not available")


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))


@pytest.fixture
def fake(monkeypatch):
    """The stand-in driver behind ``--backend cuda``; host loads/stores are logged into its log."""
    drv = FakeDriver()
    monkeypatch.setattr(cuda_mod, "_driver", lambda: drv)
    real = Runtime.host_access

    def host_access(self, buffer, lo, hi, is_write, *a, **kw):
        drv.log.append(("host store" if is_write else "host load", (buffer.kind,)))
        return real(self, buffer, lo, hi, is_write, *a, **kw)

    monkeypatch.setattr(Runtime, "host_access", host_access)
    return drv


def run(text: str, backend: str = "cuda", **kw):
    res = run_opt(text, "t.mlir", Config(run=True, backend=backend, **kw))
    return res.output, res.rendered_diagnostics() + res.stderr_text, res.exit_code


KERNEL_MOD = """
  gpu.module @k {
    gpu.func @fill(%m: memref<4xi32>) kernel {
      %t = gpu.thread_id x
      %c7 = arith.constant 7 : i32
      memref.store %c7, %m[%t] : memref<4xi32>
      gpu.return
    }
  }
"""


def program(body: str, kernels: str = KERNEL_MOD) -> str:
    return f"""module attributes {{gpu.container_module}} {{
  func.func private @printMemrefI32(memref<*xi32>)
  {kernels}
  func.func @main() {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %m = gpu.alloc host_shared () : memref<4xi32>
    %u = memref.cast %m : memref<4xi32> to memref<*xi32>
{body}
    gpu.dealloc %m : memref<4xi32>
    return
  }}
}}
"""


SYNC_LAUNCH = program("""
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
""")


def _first(log: list, name: str, after: int = 0) -> int:
    return next(i for i, (n, _) in enumerate(log) if i >= after and n == name)


# ------------------------------------------------------------------------- item 2: the default
def test_the_default_backend_is_the_simulator_even_with_a_gpu_present(fake) -> None:
    assert Config().backend == "sim"
    assert cuda_mod.is_cuda_available()  # the stand-in says a GPU is there
    fake.log.clear()
    out, err, rc = run(SYNC_LAUNCH, backend=Config().backend)
    assert rc == 0, err
    assert "[7,  7,  7,  7]" in out  # the simulator ran the kernel
    assert not [n for n in fake.names() if n.startswith("cu")]  # and no driver call was made


def test_backend_auto_takes_the_gpu_when_present(fake) -> None:
    run(SYNC_LAUNCH, backend="auto")
    assert "cuLaunchKernel" in fake.names()


# ------------------------------------------------------------------------- items 1, 3, 15
@needs_nvrtc
def test_a_synchronous_launch_is_waited_for_before_the_host_reads(fake) -> None:
    out, err, rc = run(SYNC_LAUNCH)
    assert rc == 0, err
    log = fake.log
    launch = _first(log, "cuLaunchKernel")
    read = _first(log, "host load")
    assert launch < read
    assert any(n in ("cuStreamSynchronize", "cuCtxSynchronize") for n, _ in log[launch:read])
    # item 1: a CUBIN for the device's own architecture (9.0 here), not PTX the driver may refuse
    (image,) = fake.images
    assert image[:4] == b"\x7fELF"
    # item 15: the allocation is zeroed (and waited for) before the kernel can use it
    alloc = _first(log, "cuMemAllocManaged")
    memset = _first(log, "cuMemsetD8", alloc)
    assert memset < _first(log, "cuCtxSynchronize", memset) < launch
    # the run ends by releasing the primary context
    assert log[-1][0] == "cuDevicePrimaryCtxRelease"


@needs_nvrtc
def test_an_old_driver_refusing_the_kernel_is_a_located_error_naming_both_versions(fake) -> None:
    fake.fail["cuModuleLoadData"] = "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"
    out, err, rc = run(SYNC_LAUNCH)
    assert rc == 1
    assert "t.mlir:20:5: error: --run --backend cuda: in kernel @k::@fill: the CUDA driver 12.4 cannot load" in err
    assert f"by NVRTC {'.'.join(map(str, nvrtc.nvrtc_version()))}" in err
    assert "internal error" not in err and "Traceback" not in err
    assert fake.names()[-1] == "cuDevicePrimaryCtxRelease"  # item 7: cleaned up


def test_a_driver_that_does_not_fit_is_one_located_line_naming_the_versions(fake) -> None:
    fake.always["cuInit"] = "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"
    out, err, rc = run(SYNC_LAUNCH)
    assert rc == 1
    (line,) = err.splitlines()
    assert line.startswith("t.mlir:1:1: error: --backend cuda: 'cuInit(0)' failed with "
                           "'CUDA_ERROR_SYSTEM_DRIVER_MISMATCH' (CUDA driver 12.4")


@needs_nvrtc
def test_ptx_is_the_fallback_for_an_architecture_nvrtc_does_not_know() -> None:
    src = 'extern "C" __global__ void k(int *a) { a[0] = 1; }'
    kind, image = nvrtc.compile_for_device(src, "k", (9, 9))
    assert kind == "ptx" and b".target sm_9" in image
    kind, image = nvrtc.compile_for_device(src, "k", (8, 0))
    assert kind == "cubin" and image[:4] == b"\x7fELF"


# ------------------------------------------------------------------------- item 4
@needs_nvrtc
def test_an_inline_gpu_launch_runs_on_the_gpu(fake) -> None:
    text = program("""
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %c14 = arith.constant 14 : i32
      memref.store %c14, %m[%tx] : memref<4xi32>
      gpu.terminator
    }
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
""", kernels="")
    out, err, rc = run(text)
    assert rc == 0, err
    assert fake.names().count("cuLaunchKernel") == 1
    assert _first(fake.log, "cuLaunchKernel") < _first(fake.log, "host load")


# ------------------------------------------------------------------------- item 6
def test_device_stdout_is_captured_and_restored(capfd) -> None:
    libc = ctypes.CDLL(None)
    cap = DeviceStdout()
    libc.printf(b"from the device %d\n", 7)
    assert cap.drain() == "from the device 7\n"
    assert cap.drain() == ""
    libc.printf(b"late\n")
    assert cap.close() == "late\n"
    libc.printf(b"after\n")
    libc.fflush(None)
    assert capfd.readouterr().out == "after\n"


@needs_nvrtc
def test_kernel_printf_flushed_at_a_sync_lands_in_the_program_output_in_order(fake) -> None:
    libc = ctypes.CDLL(None)
    fake.on_sync = lambda: libc.printf(b"device line\n")  # what the driver does with printf's buffer
    out, err, rc = run(SYNC_LAUNCH)
    assert rc == 0, err
    assert out.index("device line") < out.index("Unranked Memref")


# ------------------------------------------------------------------------- item 7
@needs_nvrtc
def test_a_kernel_the_emitter_refuses_is_a_located_error(fake) -> None:
    kernels = """
  gpu.module @k {
    gpu.func @fill(%m: memref<4xi32>) kernel {
      %t = gpu.thread_id x
      scf.execute_region {
        %c7 = arith.constant 7 : i32
        memref.store %c7, %m[%t] : memref<4xi32>
        scf.yield
      }
      gpu.return
    }
  }"""
    out, err, rc = run(program("""
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>)
""", kernels))
    assert rc == 1
    assert "t.mlir:7:7: error: --run --backend cuda: in kernel @k::@fill: scf.execute_region is not supported" in err
    assert "internal error" not in err


def test_a_driver_error_in_a_host_op_is_located_at_the_op(fake) -> None:
    fake.fail["cuMemsetD32Async"] = "CUDA_ERROR_INVALID_VALUE"
    c = "%c7 = arith.constant 7 : i32\n    gpu.memset %m, %c7 : memref<4xi32>, i32"
    out, err, rc = run(program("    " + c))
    assert rc == 1
    assert "t.mlir:20:5: error: --run --backend cuda: 'cuMemsetD32Async' failed with 'CUDA_ERROR_INVALID_VALUE'" in err


# ------------------------------------------------------------------------- item 8
def test_an_empty_launch_never_reaches_the_driver(fake) -> None:
    out, err, rc = run(program("""
    gpu.launch_func @k::@fill blocks in (%c0, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>)
"""))
    assert rc == 0, err
    assert "cuLaunchKernel" not in fake.names()


# ------------------------------------------------------------------------- item 9
@needs_nvrtc
def test_f16_and_bf16_kernels_compile_and_their_arguments_keep_their_value(fake) -> None:
    from asyncgpu_opt.api import parse
    from asyncgpu_opt.run.cuda_codegen import emit_cuda, kernel_arg_kinds

    m = parse("""gpu.module @k {
  gpu.func @h(%a: memref<4xf16>, %b: memref<4xbf16>, %x: f16, %y: bf16) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<4xf16>
    %s = arith.addf %v, %x : f16
    %p = arith.mulf %s, %s : f16
    memref.store %p, %a[%c0] : memref<4xf16>
    %w = memref.load %b[%c0] : memref<4xbf16>
    %q = arith.addf %w, %y : bf16
    memref.store %q, %b[%c0] : memref<4xbf16>
    gpu.return
  }
}""")
    (fn,) = [op for op in m.walk() if op.name == "gpu.func"]
    src = emit_cuda(fn)
    assert src.startswith("#include <cuda_fp16.h>")
    for arch in ("sm_80", "sm_90"):
        assert nvrtc.compile_cuda(src, "h", arch, output="cubin")[:4] == b"\x7fELF"
    assert "#include <cuda_bf16.h>" in src and "__nv_bfloat16" in src  # bf16 in memory is 2 bytes
    assert [k for k, _ in kernel_arg_kinds(fn)] == ["ptr", "ptr", "f16", "bf16"]
    packed = pack_kernel_args([("f16", 1.5), ("f32", 2.25), ("i16", -2), ("i8", 300), ("i1", 1),
                               ("bf16", 1.00390625), ("bf16", -2.5)])
    # bf16 arguments are the value rounded to bf16 (nearest, ties to even): 1 + 2**-8 -> 1.0
    assert [packed.read_back(i) for i in range(7)] == [1.5, 2.25, -2, 44, 1, 1.0, -2.5]
    assert [v.itemsize for v in packed.values] == [2, 4, 2, 1, 1, 2, 2]


# ------------------------------------------------------------------------- item 10
@needs_nvrtc
def test_a_sticky_assert_is_the_documented_warning_and_the_next_chunk_gets_a_fresh_context(fake) -> None:
    fake.fail["cuStreamSynchronize"] = "CUDA_ERROR_ASSERT"
    text = SYNC_LAUNCH + "// -----\n" + SYNC_LAUNCH
    out, err, rc = run(text, split_input_file=True)
    assert rc == 0, err
    assert err.count("device-side assert triggered") == 1
    assert "internal error" not in err
    names = fake.names()
    reset = names.index("cuDevicePrimaryCtxReset")
    assert names[reset + 1:].count("cuDevicePrimaryCtxRetain") == 1  # chunk 2 starts over
    assert names[reset + 1:].count("cuLaunchKernel") == 1
    # after the failure, chunk 1 made no driver call but the reset
    fail = names.index("cuStreamSynchronize")
    assert set(names[fail + 1:reset]) <= {"host load", "host store"}


# ------------------------------------------------------------------------- item 11
def test_freed_managed_memory_is_copied_out_before_cuMemFree(fake) -> None:
    dev = CudaDevice()
    rt = Runtime(dev)
    p = rt.mgpuMemAlloc(16, None, True)
    buf = p.buffer
    dptr = int(buf.device_handle)
    assert buf.data.ctypes.data == dptr  # numpy sees the managed memory itself
    buf.data.view(np.int32)[:] = [1, 2, 3, 4]
    rt.mgpuMemFree(p, None)
    names = fake.names()
    assert names.index("cuCtxSynchronize", names.index("cuMemsetD8") + 2) < names.index("cuMemFree")
    assert buf.data.ctypes.data != dptr  # no view of unmapped memory survives the free
    assert buf.data.view(np.int32).tolist() == [1, 2, 3, 4]


# ------------------------------------------------------------------------- item 12
def test_destroyed_streams_and_events_never_reach_the_driver_again(fake) -> None:
    dev = CudaDevice()
    rt = Runtime(dev)
    a, b = rt.mgpuMemAlloc(16, None, False), rt.mgpuMemAlloc(16, None, False)
    s = rt.mgpuStreamCreate()
    e = rt.mgpuEventCreate()
    stream, event = s.handle.value, e.handle.value
    rt.mgpuStreamDestroy(s)
    rt.mgpuEventDestroy(e)
    start = len(fake.log)
    rt.mgpuMemcpy(a, b, 16, s)
    rt.mgpuEventRecord(e, s)
    rt.mgpuStreamWaitEvent(s, e)
    rt.mgpuStreamSynchronize(s)
    rt.mgpuEventSynchronize(e)
    later = fake.log[start:]
    assert all(stream not in args and event not in args for _, args in later)
    kinds = [h.kind for h in rt.hazards]
    assert kinds.count("use-after-destroy") >= 5
    # the copy still happens, after a device sync, on the legacy stream, and is waited for
    i = [n for n, _ in later].index("cuMemcpyAsync")
    assert later[i - 1][0] == "cuCtxSynchronize" and later[i][1][3].id == 0
    assert later[i + 1][0] == "cuStreamSynchronize"


# ------------------------------------------------------------------------- item 13
@needs_nvrtc
def test_more_than_48_kib_of_dynamic_shared_memory_is_opted_into(fake) -> None:
    body = """
    %smem = arith.constant 65536 : i32
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) dynamic_shared_memory_size %smem
      args(%m : memref<4xi32>)
"""
    out, err, rc = run(program(body))
    assert rc == 0, err
    names = fake.names()
    i = names.index("cuFuncSetAttribute")
    assert fake.log[i][1][1:] == ("max_dyn_smem", 65536) and names.index("cuLaunchKernel") > i


def test_dynamic_shared_memory_beyond_any_gpu_is_a_located_error_on_the_simulator_too() -> None:
    body = """
    %smem = arith.constant 300000 : i32
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) dynamic_shared_memory_size %smem
      args(%m : memref<4xi32>)
"""
    out, err, rc = run(program(body), backend="sim")
    assert rc == 1
    assert "t.mlir:21:5: error: --run: dynamic_shared_memory_size 300000 exceeds the 232448 bytes" in err


# ------------------------------------------------------------------------- items 5 and 14: the emitted C
SWAP = """gpu.module @k {
  gpu.func @swap(%o: memref<2xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %one, %b = %two) -> (i32, i32) {
      scf.yield %b, %a : i32, i32
    }
    memref.store %r#0, %o[%c0] : memref<2xi32>
    memref.store %r#1, %o[%c1] : memref<2xi32>
    gpu.return
  }
}"""

HOST_PRELUDE = """
#include <cstdio>
#define __global__
struct Dim { unsigned x, y, z; };
static Dim threadIdx = {0, 0, 0}, blockIdx = {0, 0, 0}, blockDim = {1, 1, 1}, gridDim = {1, 1, 1};
"""


@pytest.mark.skipif(not os.path.exists("/usr/bin/g++"), reason="no host C++ compiler")
def test_loop_carried_values_are_copied_in_parallel(tmp_path: Path) -> None:
    """The emitted C, compiled for the host (one thread), swaps as the simulator does: [2, 1]
    after 3 iterations (one after another, ``v6 = v7; v7 = v6`` gave [2, 2])."""
    from asyncgpu_opt.api import parse
    from asyncgpu_opt.run.cuda_codegen import emit_cuda

    (fn,) = [op for op in parse(SWAP).walk() if op.name == "gpu.func"]
    src = HOST_PRELUDE + emit_cuda(fn) + """
int main() { int o[2] = {0, 0}; swap(o); std::printf("[%d, %d]\\n", o[0], o[1]); return 0; }
"""
    (tmp_path / "k.cpp").write_text(src)
    subprocess.run(["g++", "-std=c++17", "-o", str(tmp_path / "k"), str(tmp_path / "k.cpp")], check=True)
    got = subprocess.run([str(tmp_path / "k")], capture_output=True, text=True, check=True).stdout
    out, err, rc = run(f"""module attributes {{gpu.container_module}} {{
  func.func private @printMemrefI32(memref<*xi32>)
  {SWAP}
  func.func @main() {{
    %c1 = arith.constant 1 : index
    %m = gpu.alloc host_shared () : memref<2xi32>
    gpu.launch_func @k::@swap blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<2xi32>)
    %u = memref.cast %m : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %m : memref<2xi32>
    return
  }}
}}""", backend="sim")
    assert rc == 0, err
    assert got == "[2, 1]\n" and "[2,  1]" in out


@needs_nvrtc
def test_shuffles_and_subgroup_reductions_use_the_active_mask() -> None:
    from asyncgpu_opt.api import parse
    from asyncgpu_opt.run.cuda_codegen import emit_cuda

    (fn,) = [op for op in parse("""gpu.module @k {
  gpu.func @r(%o: memref<64xf32>) kernel {
    %t = gpu.thread_id x
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %f = arith.constant 1.0 : f32
    %s = gpu.subgroup_reduce add %f : (f32) -> f32
    %v, %ok = gpu.shuffle xor %s, %c1, %c32 : f32
    memref.store %v, %o[%t] : memref<64xf32>
    gpu.return
  }
}""").walk() if op.name == "gpu.func"]
    src = emit_cuda(fn)
    assert "0xffffffff" not in src and src.count("__activemask()") == 2
    assert nvrtc.compile_cuda(src, "r", "sm_90", output="cubin")[:4] == b"\x7fELF"


# ------------------------------------------------------------------------- on a real GPU (make gpu-check)
ROOT = Path(__file__).resolve().parent.parent
GPU_PROGRAMS = {
    "sync launch": (SYNC_LAUNCH, {}),
    "inline launch": (program("""
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %v = memref.load %m[%tx] : memref<4xi32>
      %c14 = arith.constant 14 : i32
      %w = arith.addi %v, %c14 : i32
      memref.store %w, %m[%tx] : memref<4xi32>
      gpu.terminator
    }
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
""", kernels=""), {}),
    "printf": ((ROOT / "lit_tests/Integration/printf.mlir").read_text(), {}),
    "assert": ((ROOT / "lit_tests/Integration/assert.mlir").read_text(), {"split_input_file": True}),
    "two matmuls": ((ROOT / "examples/two_matmuls.mlir").read_text(), {}),
}


@pytest.mark.cuda
@pytest.mark.skipif(not cuda_mod.is_cuda_available(), reason="no CUDA driver/device")
@pytest.mark.parametrize("name", sorted(GPU_PROGRAMS))
def test_the_gpu_prints_what_the_simulator_prints(name: str) -> None:
    text, kw = GPU_PROGRAMS[name]
    sim = run(text, backend="sim", **kw)
    gpu = run(text, backend="cuda", **kw)
    assert (gpu[0], gpu[2]) == (sim[0], sim[2]), gpu[1]


def test_an_all_reduce_in_divergent_code_is_a_located_error_on_the_simulator() -> None:
    """Item 14: the emitted all_reduce synchronizes the block (undefined in divergent code on a GPU),
    so the simulator reports it instead of padding the missing threads; a block-uniform branch is fine."""
    def kernel(cond: str) -> str:
        return f"""
  gpu.module @k {{
    gpu.func @fill(%m: memref<4xi32>) kernel {{
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c = arith.cmpi eq, {cond}, %c0 : index
      scf.if %c {{
        %one = arith.constant 1 : i32
        %s = gpu.all_reduce add %one {{}} : (i32) -> (i32)
        memref.store %s, %m[%t] : memref<4xi32>
      }}
      gpu.return
    }}
  }}"""
    body = """
    gpu.launch_func @k::@fill blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xi32>)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
"""
    out, err, rc = run(program(body, kernel("%t")), backend="sim")
    assert rc == 1
    assert ("t.mlir:12:14: error: --run: in kernel @k::@fill: gpu.all_reduce reached by only some threads of "
            "block (0, 0, 0): thread (1, 0, 0) does not reach it") in err
    out, err, rc = run(program(body, kernel("%b")), backend="sim")
    assert rc == 0, err
    assert "[4,  4,  4,  4]" in out


def test_timing_puts_each_command_between_two_events_on_its_stream(fake) -> None:
    """``make gpu-check`` times the schedule programs this way (CudaDevice.enable_timing)."""
    dev = CudaDevice()
    rt = Runtime(dev)
    a, b = rt.mgpuMemAlloc(16, None, False), rt.mgpuMemAlloc(16, None, False)
    s = rt.mgpuStreamCreate()
    dev.enable_timing()
    start = len(fake.log)
    rt.mgpuMemcpy(a, b, 16, s)
    names = [n for n, _ in fake.log[start:]]
    assert names == ["cuEventCreate", "cuEventCreate", "cuEventRecord", "cuMemcpyAsync", "cuEventRecord"]
    assert {args[1].id for n, args in fake.log[start:] if n == "cuEventRecord"} == {s.handle.value.id}
    rt.mgpuStreamDestroy(s)
    dev.close()
    assert [st for st, _, _ in dev.command_times] == [s.handle]
    assert "cuEventElapsedTime" in fake.names()


def test_a_host_read_of_device_memory_copies_what_the_device_holds_first(fake) -> None:
    """A hazard the checker reports; the printed values are the device's, as on the simulator."""
    text = program("""
    %d = gpu.alloc () : memref<4xi32>
    %du = memref.cast %d : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%du) : (memref<*xi32>) -> ()
    gpu.dealloc %d : memref<4xi32>
""")
    out, err, rc = run(text)
    assert rc == 1 and "error: host access to device memory: host load on host at t.mlir:22:5 reads %d" in err
    log = fake.log
    read = _first(log, "host load")
    copy = _first(log, "cuMemcpyDtoH", read)
    assert log[copy - 1][0] == "cuCtxSynchronize"
