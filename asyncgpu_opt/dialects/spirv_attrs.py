"""spirv dialect attributes a gpu-targeted file carries (SPIRVAttributes.td), read and printed as
upstream does; loaded with the gpu dialect (``ir.registry._EXTRA_MODULES``) because the reader
takes ``#spirv.*`` attributes with it (we have no spirv ops: ``spirv.module`` is not modelled).

    #spirv.entry_point_abi<(workgroup_size = [x, y, z])? (, subgroup_size = N)? (, target_width = N)?>
    #spirv.resource_limits<struct(params)>        (defaults left out in print)
    #spirv.target_env<#spirv.vce<...>, (api=API,)? (vendor:device-type(:id)?,)? #spirv.resource_limits<...>>

Parameters are checked as upstream's struct parser checks them: ``#spirv.entry_point_abi<bogus =
3>`` is ``duplicate or unknown struct parameter name: bogus``.
"""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from . import _param_attrs as PA

ENTRY_POINT_ABI = PA.ParamSpec("spirv.entry_point_abi", (
    ("workgroup_size", "attr", None), ("subgroup_size", "bare", None), ("target_width", "bare", None)))
RESOURCE_LIMITS = PA.ParamSpec("spirv.resource_limits", (
    ("max_compute_shared_memory_size", "bare", "16384"), ("max_compute_workgroup_invocations", "bare", "128"),
    ("max_compute_workgroup_size", "attr", "[128 : i32, 128 : i32, 64 : i32]"), ("subgroup_size", "bare", "32"),
    ("min_subgroup_size", "bare", None), ("max_subgroup_size", "bare", None),
    ("cooperative_matrix_properties_khr", "attr", None), ("cooperative_matrix_properties_nv", "attr", None)))
for _spec in (ENTRY_POINT_ABI, RESOURCE_LIMITS):
    PA.register(_spec)

CLIENT_APIS = ("Metal", "OpenCL", "Vulkan", "WebGPU", "Unknown")


class TargetEnvAttr(A.Attribute):
    """``#spirv.target_env<...>``: the triple, the client API, the device and the limits."""

    __slots__ = ("triple", "api", "device", "limits")

    def __init__(self, triple: A.Attribute, api: str | None, device: str | None, limits: A.Attribute) -> None:
        A.Attribute.__init__(self)
        self.triple = triple
        self.api = api
        self.device = device
        self.limits = limits

    def _key(self) -> Any:
        return str(self)

    def render(self, p: Any = None) -> str:
        parts = [self.triple.render(None) if p is None else p.attr_text(self.triple)]
        if self.api is not None and self.api != "Unknown":
            parts.append(f"api={self.api}")
        if self.device is not None:
            parts.append(self.device)
        parts.append(self.limits.render(None) if p is None else p.attr_text(self.limits))
        return "#spirv.target_env<" + ", ".join(parts) + ">"


def _parse_target_env(p: Any, after_name: int) -> A.Attribute:
    p.pos = p.last_end = after_name
    p.parse_punct("<")
    triple = p.parse_attribute()
    p.parse_punct(",")
    api = device = None
    if p.parse_optional_keyword("api"):
        p.parse_punct("=")
        pos = p.skip()
        api = p.parse_optional_bare_id()
        if api not in CLIENT_APIS:
            raise p.error(f"unknown client API: {api}", pos)
        p.parse_punct(",")
    pos = p.skip()
    vendor = p.parse_optional_bare_id()
    if vendor is not None:
        p.parse_punct(":")
        kind = p.parse_optional_bare_id()
        if kind is None:
            raise p.error("expected device type", p.skip())
        device = f"{vendor}:{kind}"
        if p.parse_optional_punct(":"):
            device += f":{p.parse_integer()}"
        p.parse_punct(",")
    del pos
    limits = p.parse_attribute()
    p.parse_punct(">")
    return TargetEnvAttr(triple, api, device, limits)


A.register_attr_parser("spirv.target_env", _parse_target_env)
