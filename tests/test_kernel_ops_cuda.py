"""The kernel-side ops in the CUDA emitter: every op the simulator runs in kernels has a CUDA entry
(C code or a located refusal), and every kernel of the lit_tests/Integration programs is either
emitted and compiled by NVRTC or refused with a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from asyncgpu_opt.api import parse, run_passes
from asyncgpu_opt.run import nvrtc, semantics
from asyncgpu_opt.run.cuda_codegen import emit_cuda
from asyncgpu_opt.run.registry import CUDA, KERNEL, CudaCodegenError

INTEGRATION = sorted((Path(__file__).parent.parent / "lit_tests" / "Integration").glob("*.mlir"))
# the kernel-side ops this suite's programs exercise; each must be emitted (not refused)
EMITTED = ("gpu.all_reduce", "gpu.subgroup_reduce", "gpu.shuffle", "gpu.printf", "gpu.subgroup_id",
           "gpu.num_subgroups", "gpu.subgroup_size", "memref.atomic_rmw", "llvm.intr.fma", "llvm.intr.ctpop",
           "math.fpowi", "math.isnan", "math.clampf", "cf.assert", "scf.while", "scf.index_switch",
           "gpu.dynamic_shared_memory", "memref.view", "memref.generic_atomic_rmw")



def test_every_kernel_op_has_a_cuda_entry() -> None:
    semantics.load()
    missing = sorted(n for n in KERNEL.table if n not in CUDA.table)
    assert missing == []


@pytest.mark.parametrize("name", EMITTED)
def test_kernel_ops_are_emitted_not_refused(name: str) -> None:
    semantics.load()
    assert name in KERNEL.table and name in CUDA.table and name not in CUDA.refused


@pytest.mark.skipif(not nvrtc.is_nvrtc_available(), reason="NVRTC library not available")
@pytest.mark.parametrize("path", INTEGRATION, ids=lambda p: p.name)
def test_integration_kernels_compile_or_are_refused_with_a_location(path: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    text = path.read_text()
    for chunk in text.split("\n// -----\n"):
        m = parse(chunk, str(path))
        run_passes(m, ["gpu-kernel-outlining"])
        for op in m.walk():
            if op.name != "gpu.func":
                continue
            name = op.attributes["sym_name"].value
            try:
                src = emit_cuda(op)
            except CudaCodegenError as e:
                assert e.loc is not None, f"{path.name}: @{name}: refusal without a location: {e}"
                continue
            assert b".entry" in nvrtc.compile_cuda(src, name, use_cache=False)
