"""Minimal reproducers of pass bugs found by the property tests, kept as regression tests."""

from __future__ import annotations

import os
import re

import pytest

from asyncgpu_opt.driver import Config, run_opt  # type: ignore[attr-defined]

HERE = os.path.dirname(os.path.abspath(__file__))


def _wait_insertion(path: str) -> str:
    from asyncgpu_opt.passes.pipeline import parse_pipeline

    with open(path) as f:
        text = f.read()
    r = run_opt(text, path, Config(pipeline=parse_pipeline("builtin.module(wait-insertion)")))
    assert r.exit_code == 0, r.rendered_diagnostics()
    return r.output


def test_wait_insertion_zero_dep_async_op_has_a_root() -> None:
    out = _wait_insertion(os.path.join(HERE, "wait_insertion_zero_dep_async_op.mlir"))
    for line in out.splitlines():
        if re.search(r"gpu\.(memset|memcpy|alloc|dealloc) async", line):
            assert "async [" in line, line


@pytest.mark.oracle
def test_wait_insertion_zero_dep_async_op_upstream(mlir_opt_ref) -> None:
    out = _wait_insertion(os.path.join(HERE, "wait_insertion_zero_dep_async_op.mlir"))
    up = mlir_opt_ref(out, "-gpu-to-llvm")
    assert up.returncode == 0, up.stderr
    assert not re.search(r"gpu\.(memset|memcpy|alloc)", up.stdout), up.stdout
