"""Dialect attributes whose one parameter is an enum keyword, checked as they are parsed (the
attribute stays opaque text): ``#gpu.thread<x>`` and the other device mapping attributes
(GPUDeviceMappingAttr.td), ``#gpu.memory_space<global>``.  A bad keyword is two errors, as the
generated attribute parser reports it: ``expected <Enum> to be one of: ...`` at the keyword, then
``failed to parse <Attr> parameter '<param>' which is to be a `<Enum>``` just after it."""

from __future__ import annotations

MAPPING_IDS = ("x", "y", "z") + tuple(f"linear_dim_{i}" for i in range(10))
_MAPPING_ID = "::mlir::gpu::MappingId"

#: attribute name -> (attribute class, parameter, enum C++ name, keywords)
ENUM_PARAMS: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "gpu.block": ("GPUBlockMappingAttr", "block", _MAPPING_ID, MAPPING_IDS),
    "gpu.warpgroup": ("GPUWarpgroupMappingAttr", "warpgroup", _MAPPING_ID, MAPPING_IDS),
    "gpu.warp": ("GPUWarpMappingAttr", "warp", _MAPPING_ID, MAPPING_IDS),
    "gpu.thread": ("GPUThreadMappingAttr", "thread", _MAPPING_ID, MAPPING_IDS),
    "gpu.lane": ("GPULaneMappingAttr", "lane", _MAPPING_ID, MAPPING_IDS),
    "gpu.memory_space": ("GPUMemorySpaceMappingAttr", "address_space", "::mlir::gpu::AddressSpace",
                         ("global", "workgroup", "private")),
}


def check_enum_param(name: str, text: str, start: int) -> tuple[str, list[tuple[str, int]]] | None:
    """For ``#name<...>`` whose body ``text[start:]`` (up to the closing ``>``) is a bad keyword:
    (the canonical keyword or "", [(message, offset), ...]); None when ``name`` is not listed.  A
    valid keyword gives ("keyword", [])."""
    spec = ENUM_PARAMS.get(name)
    if spec is None:
        return None
    cls, param, cpp, keywords = spec
    i = start
    while i < len(text) and text[i] in " \t\n\r":
        i += 1
    j = i
    if j < len(text) and text[j] == '"':
        k = text.find('"', j + 1)
        word, j = (text[j + 1:k], k + 1) if k > 0 else ("", j)
    else:
        while j < len(text) and (text[j].isalnum() or text[j] in "_$."):
            j += 1
        word = text[i:j]
    fail = (f"failed to parse {cls} parameter '{param}' which is to be a `{cpp}`", j)
    if not word:
        return "", [("expected valid keyword or string", i), fail]
    if word not in keywords:
        return "", [(f"expected {cpp} to be one of: {', '.join(keywords)}", i), fail]
    while j < len(text) and text[j] in " \t\n\r":
        j += 1
    if j < len(text):
        return "", [("expected '>'", j)]
    return word, []
