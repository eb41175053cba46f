"""CUDA C → CUBIN or PTX with NVRTC (``cuda.bindings.nvrtc``), cached by content hash.

The cache lives in ``$XDG_CACHE_HOME/asyncgpu-opt/nvrtc`` (default ``~/.cache/...``); the key
covers the source, program name, target architecture, output kind, options and the NVRTC
version.  No GPU or driver is needed.  ``cuda.bindings`` is imported lazily.

A kernel for a device is a CUBIN for that device's own architecture (``sm_XY``, see
:func:`compile_for_device`): a CUBIN loads on any driver of the toolkit's major version, while
PTX of a newer toolkit is refused by an older driver (``CUDA_ERROR_UNSUPPORTED_PTX_VERSION``).
PTX is only the fallback for an architecture this NVRTC cannot produce code for.  ``__half``
and ``__nv_bfloat16`` come from ``cuda_fp16.h``/``cuda_bf16.h``, which NVRTC does not embed:
:func:`include_options` finds them in the CUDA runtime wheel (``nvidia-cuda-runtime-cu12``) or a
local toolkit.
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
    """The compiled-image cache directory (not created)."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "asyncgpu-opt" / "nvrtc"


def _nvrtc():
    try:
        from cuda.bindings import nvrtc
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise NvrtcError("NVRTC is not available: install the 'cuda' extra (pip install 'asyncgpu-opt[cuda]')") \
            from exc
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


def supported_archs() -> list[int]:
    """The SM versions this NVRTC compiles for (``[75, 80, ..., 90, ...]``)."""
    nvrtc = _nvrtc()
    (archs,) = _ok(nvrtc, nvrtc.nvrtcGetSupportedArchs(), "nvrtcGetSupportedArchs")
    return [int(a) for a in archs]


def include_dirs() -> list[str]:
    """Directories holding ``cuda_fp16.h``: the CUDA runtime wheel's, ``$CUDA_HOME``'s, /usr/local/cuda's."""
    cands: list[str] = []
    try:
        import nvidia

        for root in nvidia.__path__:
            cands += [os.path.join(root, sub, "include") for sub in ("cuda_runtime", "cu13", "cu12")]
    except ImportError:
        pass
    for home in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if home:
            cands.append(os.path.join(home, "include"))
    return [d for d in dict.fromkeys(cands) if os.path.isfile(os.path.join(d, "cuda_fp16.h"))][:1]


def include_options(source: str) -> list[str]:
    """``-I`` options a source needs (only when it includes ``cuda_fp16.h``/``cuda_bf16.h``)."""
    if "#include <cuda_" not in source:
        return []
    dirs = include_dirs()
    if not dirs:
        raise NvrtcError("f16/bf16 kernels need cuda_fp16.h: install the 'cuda' extra (nvidia-cuda-runtime-cu12) "
                         "or set CUDA_HOME to a CUDA toolkit")
    return [f"-I{d}" for d in dirs]


def _normalize_arch(arch: str, output: str) -> str:
    # PTX is produced for virtual architectures, CUBIN for real ones.
    if output == "ptx":
        return "compute_" + arch[3:] if arch.startswith("sm_") else arch
    return "sm_" + arch[8:] if arch.startswith("compute_") else arch


def _program_log(nvrtc, prog) -> str:
    (size,) = _ok(nvrtc, nvrtc.nvrtcGetProgramLogSize(prog), "nvrtcGetProgramLogSize")
    buf = b" " * int(size)
    _ok(nvrtc, nvrtc.nvrtcGetProgramLog(prog, buf), "nvrtcGetProgramLog")
    return buf.rstrip(b"\0").decode(errors="replace").strip()


def _compile(source: str, name: str, arch: str, options: Sequence[str], output: str) -> bytes:
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
        if output == "cubin":
            (size,) = _ok(nvrtc, nvrtc.nvrtcGetCUBINSize(prog), "nvrtcGetCUBINSize")
            buf = b" " * int(size)
            _ok(nvrtc, nvrtc.nvrtcGetCUBIN(prog, buf), "nvrtcGetCUBIN")
            return buf
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
    output: str = "ptx",
) -> bytes:
    """Compile CUDA C ``source`` (program ``name``) to PTX text (bytes, no trailing NUL) or, with
    ``output="cubin"``, to a CUBIN for a real architecture.

    ``arch``: ``compute_80``/``sm_80`` (mapped to the kind ``output`` needs).  Results are cached on
    disk by content hash.  Raises :class:`NvrtcError` with the compile log on failure.
    """
    if output not in ("ptx", "cubin"):
        raise ValueError(f"unknown NVRTC output {output!r} (expected 'ptx' or 'cubin')")
    arch = _normalize_arch(arch, output)
    if not name.endswith((".cu", ".cuh")):
        name += ".cu"
    options = [*options, *include_options(source)]
    version = nvrtc_version()
    key = hashlib.sha256(
        "\0".join([f"{version[0]}.{version[1]}", arch, output, name, *options, source]).encode()
    ).hexdigest()
    path = cache_dir() / f"{key}.{output}"
    if use_cache and path.is_file():
        return path.read_bytes()
    image = _compile(source, name, arch, options, output)
    if use_cache:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(image)
            os.replace(tmp, path)
        except OSError:
            pass  # an unwritable cache only costs a recompile
    return image


def compile_for_device(source: str, name: str, capability: tuple[int, int], *,
                       use_cache: bool = True) -> tuple[str, bytes]:
    """``("cubin", image)`` for a device of compute ``capability`` (major, minor) when this NVRTC
    targets its architecture; else ``("ptx", text)`` for the newest architecture below it that NVRTC
    knows (the driver JIT-compiles it; it needs a driver at least as new as NVRTC)."""
    sm = capability[0] * 10 + capability[1]
    archs = supported_archs()
    if sm in archs:
        return "cubin", compile_cuda(source, name, f"sm_{sm}", use_cache=use_cache, output="cubin")
    lower = [a for a in archs if a <= sm]
    if not lower:
        raise NvrtcError(f"NVRTC {'.'.join(map(str, nvrtc_version()))} cannot compile for sm_{sm} "
                         f"(it supports sm_{archs[0]} to sm_{archs[-1]})")
    return "ptx", compile_cuda(source, name, f"compute_{max(lower)}", use_cache=use_cache)
