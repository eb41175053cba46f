"""``make gpu-check`` (scripts/gpu_check.py): its no-GPU part, which CI runs, and the pieces of its
GPU part that need no GPU (RUN-line parsing, the fit, the rank correlation)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from asyncgpu_opt.run.cuda import is_cuda_available
from asyncgpu_opt.run.nvrtc import is_nvrtc_available

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("gpu_check", ROOT / "scripts" / "gpu_check.py")
assert _spec is not None and _spec.loader is not None
gpu_check = importlib.util.module_from_spec(_spec)
sys.modules["gpu_check"] = gpu_check
_spec.loader.exec_module(gpu_check)


@pytest.mark.skipif(is_cuda_available() or not is_nvrtc_available(), reason="a GPU is present, or no NVRTC")
def test_without_a_gpu_it_says_so_compiles_every_kernel_and_exits_0(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    report = tmp_path / "r.md"
    assert gpu_check.main(["--report", str(report), "--no-install"]) == 0
    out = capsys.readouterr().out
    assert [ln for ln in out.splitlines() if ln.startswith("gpu-check: no CUDA GPU here")]
    text = report.read_text()
    assert "## NVRTC: every kernel compiled for sm_90" in text
    assert ", 0 failed in NVRTC" in text  # every emitted kernel of the corpus compiles to a CUBIN


def test_run_lines_become_cli_arguments_with_the_backend_and_output_files_dropped() -> None:
    p = ROOT / "lit_tests" / "Run" / "x.mlir"
    argv = gpu_check._asyncgpu_opt_argv(
        "not asyncgpu-opt %s --async-region --run --backend sim --run-stats %t.json 2>&1 | filecheck %s", p)
    assert argv == [str(p), "--async-region", "--run"]
    assert gpu_check._asyncgpu_opt_argv("asyncgpu-opt %s --run > %t.out", p) == [str(p), "--run"]
    assert gpu_check._asyncgpu_opt_argv("asyncgpu-opt %s --run --foo=%t", p) is None
    assert gpu_check._asyncgpu_opt_argv("asyncgpu-opt %s --async-region | filecheck %s", p) is None
    labels = [label for label, _ in gpu_check.local_commands()]
    assert {"examples/vector_add.mlir --run", "examples/vector_add.mlir lowered"} <= set(labels)
    assert len(labels) > 100


def test_least_squares_and_rank_correlation() -> None:
    a, b = gpu_check._fit([1.0, 2.0, 3.0, 4.0], [5.0, 7.0, 9.0, 11.0])
    assert (round(a, 9), round(b, 9)) == (3.0, 2.0)
    assert gpu_check.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert gpu_check.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert gpu_check.spearman([1, 2, 2, 3], [1, 2, 2, 3]) == pytest.approx(1.0)
