"""Pass registry: lazy factories by name, aliases, options as dataclass fields.

A pass is a frozen dataclass with ClassVars ``name``, ``anchor`` (``builtin.module`` or
``func.func``), ``summary``, ``cpp_name`` and ``apply(op) -> bool`` (whether the IR changed);
failures raise ``MLIRError``.  Options are fields; ``stream_pool`` is spelled ``stream-pool``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import dataclasses  # imported where used: a run without passes needs none (start-up)

# name -> (module, class name); aliases map to canonical names
_PASSES: dict[str, tuple[str, str]] = {
    "async-region": ("asyncgpu_opt.passes.async_region", "AsyncRegionPass"),
    "wait-insertion": ("asyncgpu_opt.passes.wait_insertion", "WaitInsertionPass"),
    "gpu-to-runtime": ("asyncgpu_opt.passes.gpu_to_runtime", "GpuToRuntimePass"),
    "gpu-kernel-outlining": ("asyncgpu_opt.passes.kernel_outlining", "GpuKernelOutliningPass"),
    "canonicalize": ("asyncgpu_opt.passes.canonicalize", "CanonicalizePass"),
    "async-hazards": ("asyncgpu_opt.passes.async_hazards", "AsyncHazardsPass"),
}
ALIASES: dict[str, str] = {"gpu-async-region": "async-region", "gpu-wait-insertion": "wait-insertion",
                           "gpu-async-hazards": "async-hazards"}
# Upstream spellings keep upstream's shape where it is right: `gpu-async-region` threads one chain
# (but never gives an op a second dependency and leaves host_shared allocs synchronous).
ALIAS_DEFAULTS: dict[str, dict[str, str]] = {"gpu-async-region": {"single-chain": "true", "carry-tokens": "false"}}


class Pass:
    """Base class (subclasses are frozen dataclasses)."""

    name: ClassVar[str] = ""
    anchor: ClassVar[str] = "builtin.module"
    summary: ClassVar[str] = ""
    cpp_name: ClassVar[str] = ""
    # counters the pass reports under --mlir-pass-statistics: (name, description), as upstream's
    # ``Statistic`` members; a pass adds to them with ``self.count(name, n)``
    statistics: ClassVar[tuple[tuple[str, str], ...]] = ()

    def apply(self, op: Any) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    # ----- statistics (--mlir-pass-statistics) ----------------------------------------------------
    def count(self, stat: str, n: int = 1) -> None:
        """Add ``n`` to the counter ``stat`` (declared in ``statistics``); summed over every op the
        pass instance runs on."""
        values = self.__dict__.setdefault("_stat_values", {})  # frozen dataclass: no setattr
        values[stat] = values.get(stat, 0) + n

    def stat_values(self) -> list[tuple[str, str, int]]:
        """(name, description, value) of each declared counter, in declaration order."""
        values = self.__dict__.get("_stat_values", {})
        return [(n, d, values.get(n, 0)) for n, d in self.statistics]

    # ----- options ------------------------------------------------------------------------------
    @classmethod
    def option_fields(cls) -> list[dataclasses.Field]:
        import dataclasses

        return list(dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else []

    def options_text(self) -> str:
        parts = []
        for f in sorted(self.option_fields(), key=lambda f: f.name.replace("_", "-")):
            v = getattr(self, f.name)
            if isinstance(v, bool):
                v = "true" if v else "false"
            parts.append(f" {f.name.replace('_', '-')}={v}")
        return "".join(parts)


_USER_PASSES: dict[str, type[Pass]] = {}  # registered through the Python API


def register_class(cls: type[Pass]) -> None:
    """Register a pass class by its ``name`` (user passes; a built-in name cannot be replaced)."""
    import dataclasses

    if not (isinstance(cls, type) and issubclass(cls, Pass) and dataclasses.is_dataclass(cls)):
        raise TypeError("a pass is a dataclass subclassing asyncgpu_opt.Pass")
    if not cls.name or cls.name in _PASSES or cls.name in ALIASES:
        raise ValueError(f"cannot register a pass named {cls.name!r}: empty or already a built-in pass")
    if cls.anchor not in ("builtin.module", "func.func", "any"):
        raise ValueError(f"pass {cls.name!r}: anchor must be builtin.module, func.func or any")
    _USER_PASSES[cls.name] = cls


def available_passes() -> list[str]:
    return sorted([*_PASSES, *_USER_PASSES])


def is_registered(name: str) -> bool:
    return name in _PASSES or name in ALIASES or name in _USER_PASSES


def pass_class(name: str) -> type[Pass]:
    if name in _USER_PASSES:
        return _USER_PASSES[name]
    canonical = ALIASES.get(name, name)
    mod, cls = _PASSES[canonical]
    return getattr(importlib.import_module(mod), cls)


class OptionError(Exception):
    pass


# where a pass's diagnostics that do not fail it go (warnings: ``async-hazards``): the driver
# installs a collector per chunk (``--verify-diagnostics`` matches them; otherwise stderr)
DIAGNOSTIC_SINKS: list[Any] = []


def emit_diagnostic(diag: Any) -> None:
    """Report ``diag`` (a ``diagnostics.Diagnostic``) without failing the pass."""
    if DIAGNOSTIC_SINKS:
        DIAGNOSTIC_SINKS[-1](diag)
    else:
        import sys

        sys.stderr.write(diag.render())


def make_pass(name: str, options: dict[str, str]) -> Pass:
    cls = pass_class(name)
    options = {**ALIAS_DEFAULTS.get(name, {}), **options}
    fields = {f.name.replace("_", "-"): f for f in cls.option_fields()}
    kwargs: dict[str, Any] = {}
    for k, v in options.items():
        f = fields.get(k)
        if f is None:
            raise OptionError(f"no such option {k}")
        t = f.type if not isinstance(f.type, str) else f.type
        if t in (bool, "bool"):
            if v.lower() in ("true", "1", ""):
                kwargs[f.name] = True
            elif v.lower() in ("false", "0"):
                kwargs[f.name] = False
            else:
                raise OptionError(f"Invalid value '{v}' for option {k}: expected true or false")
        elif t in (int, "int"):
            try:
                kwargs[f.name] = int(v)
            except ValueError:
                raise OptionError(f"Invalid value '{v}' for option {k}: expected an integer") from None
        else:
            kwargs[f.name] = v
    return cls(**kwargs)
