"""The gpu dialect's device mapping attributes (GPUDeviceMappingAttr.td), as ``scf.forall``'s
``mapping`` array carries them: ``#gpu.block<id>``, ``#gpu.warpgroup<id>``, ``#gpu.warp<id>``,
``#gpu.thread<id>``, ``#gpu.lane<id>`` with ``id`` one of ``x | y | z | linear_dim_0 ..
linear_dim_9``; ``#gpu.memory_space<global | workgroup | private>`` (also a mapping attribute);
``#gpu.mask<bits>`` (the device *masking* attribute, at most one per array).  The attributes stay
opaque text (the parser keeps dialect attributes as written); this module classifies that text."""

from __future__ import annotations

import re

from ..ir import attributes as A
from ..syntax.attr_params import MAPPING_IDS

_MAPPING = re.compile(r"#gpu\.(block|warpgroup|warp|thread|lane)<\s*(\w+)\s*>\Z")
_MEMORY_SPACE = re.compile(r"#gpu\.memory_space<\s*(global|workgroup|private)\s*>\Z")
_MASK = re.compile(r"#gpu\.mask<\s*\d+\s*>\Z")


def mapping_of(a: A.Attribute) -> tuple[str, str] | None:
    """(kind, id) of a processor mapping attribute (``("thread", "x")``), else None."""
    if not isinstance(a, A.OpaqueAttr):
        return None
    m = _MAPPING.match(a.text)
    return (m.group(1), m.group(2)) if m and m.group(2) in MAPPING_IDS else None


def is_mapping(a: A.Attribute) -> bool:
    """DeviceMappingAttrInterface: the processor mappings and ``#gpu.memory_space``."""
    return mapping_of(a) is not None or (isinstance(a, A.OpaqueAttr) and bool(_MEMORY_SPACE.match(a.text)))


def is_masking(a: A.Attribute) -> bool:
    """DeviceMaskingAttrInterface: ``#gpu.mask<bits>``."""
    return isinstance(a, A.OpaqueAttr) and bool(_MASK.match(a.text))
