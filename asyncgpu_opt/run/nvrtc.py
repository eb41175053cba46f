"""CUDA C → PTX with NVRTC (``cuda.bindings.nvrtc``), cached by content hash.

The cache lives in ``$XDG_CACHE_HOME/asyncgpu-opt/nvrtc`` (default ``~/.cache/...``); the key
covers the source, program name, target architecture, options and the NVRTC version.  No GPU or
driver is needed.  ``cuda.bindings`` is imported lazily.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path


class NvrtcError(RuntimeError):
    """NVRTC is missing or a compilation failed; ``log`` holds the compiler log."""

    def __init__(self, message: str, log: str = "") -> None:
        super().__init__(message + (f"\n{log}" if log else ""))
        self.log = log


def cache_dir() -> Path:
    """The PTX cache directory (not created)."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "asyncgpu-opt" / "nvrtc"


def _nvrtc():
    try:
        from cuda.bindings import nvrtc
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise NvrtcError("NVRTC is not available: install cuda-python and nvidia-cuda-nvrtc") from exc
    return nvrtc


def _ok(nvrtc, result: tuple, what: str) -> tuple:
    err = result[0]
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        raise NvrtcError(f"{what} failed with {err.name}")
    return result[1:]


def nvrtc_version() -> tuple[int, int]:
    """(major, minor) of the loaded NVRTC; raises :class:`NvrtcError` if it cannot be loaded."""
    nvrtc = _nvrtc()
    try:
        major, minor = _ok(nvrtc, nvrtc.nvrtcVersion(), "nvrtcVersion")
    except NvrtcError:
        raise
    except Exception as exc:  # library not loadable
        raise NvrtcError(f"NVRTC is not available: {exc}") from exc
    return int(major), int(minor)


def is_nvrtc_available() -> bool:
    try:
        nvrtc_version()
    except NvrtcError:
        return False
    return True


def _normalize_arch(arch: str) -> str:
    # PTX is only produced for virtual architectures.
    return "compute_" + arch[3:] if arch.startswith("sm_") else arch


def _program_log(nvrtc, prog) -> str:
    (size,) = _ok(nvrtc, nvrtc.nvrtcGetProgramLogSize(prog), "nvrtcGetProgramLogSize")
    buf = b" " * int(size)
    _ok(nvrtc, nvrtc.nvrtcGetProgramLog(prog, buf), "nvrtcGetProgramLog")
    return buf.rstrip(b"\0").decode(errors="replace").strip()


def _compile(source: str, name: str, arch: str, options: Sequence[str]) -> bytes:
    nvrtc = _nvrtc()
    (prog,) = _ok(
        nvrtc, nvrtc.nvrtcCreateProgram(source.encode(), name.encode(), 0, [], []), "nvrtcCreateProgram"
    )
    try:
        opts = [f"--gpu-architecture={arch}".encode(), *(o.encode() for o in options)]
        (err,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
        if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            log = _program_log(nvrtc, prog)
            raise NvrtcError(f"NVRTC failed to compile {name} for {arch} ({err.name}):", log)
        (size,) = _ok(nvrtc, nvrtc.nvrtcGetPTXSize(prog), "nvrtcGetPTXSize")
        buf = b" " * int(size)
        _ok(nvrtc, nvrtc.nvrtcGetPTX(prog, buf), "nvrtcGetPTX")
        return buf.rstrip(b"\0")
    finally:
        nvrtc.nvrtcDestroyProgram(prog)


def compile_cuda(
    source: str,
    name: str = "kernel.cu",
    arch: str = "compute_80",
    options: Sequence[str] = (),
    *,
    use_cache: bool = True,
) -> bytes:
    """Compile CUDA C ``source`` (program ``name``) to PTX text (bytes, no trailing NUL).

    ``arch`` is a virtual architecture (``compute_80``; ``sm_80`` is mapped to it).  Results are
    cached on disk by content hash.  Raises :class:`NvrtcError` with the compile log on failure.
    """
    arch = _normalize_arch(arch)
    if not name.endswith((".cu", ".cuh")):
        name += ".cu"
    version = nvrtc_version()
    key = hashlib.sha256(
        "\0".join([f"{version[0]}.{version[1]}", arch, name, *options, source]).encode()
    ).hexdigest()
    path = cache_dir() / f"{key}.ptx"
    if use_cache and path.is_file():
        return path.read_bytes()
    ptx = _compile(source, name, arch, options)
    if use_cache:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(ptx)
            os.replace(tmp, path)
        except OSError:
            pass  # an unwritable cache only costs a recompile
    return ptx
