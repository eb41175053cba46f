"""Dialect attributes whose one parameter is an enum keyword, checked as they are parsed (the
attribute stays opaque text): ``#gpu.thread<x>`` and the other device mapping attributes
(GPUDeviceMappingAttr.td), ``#gpu.memory_space<global>``, ``#llvm.cconv<ccc>``,
``#llvm.tailcallkind<tail>``, ``#llvm.linkage<weak>`` (the LLVM ones read a string too).  A bad
keyword is two errors, as the generated attribute parser reports it: the enum's own (``expected
<Enum> to be one of: ...`` or, for the LLVM enums, ``expected one of [...] for <summary>, got:
<word>``) at the keyword, then ``failed to parse <Attr> parameter '<param>' which is to be a
`<Enum>``` after it."""

from __future__ import annotations

MAPPING_IDS = ("x", "y", "z") + tuple(f"linear_dim_{i}" for i in range(10))
_MAPPING_ID = "::mlir::gpu::MappingId"
# LLVM::cconv::CConv, in declaration order (the keywords of `llvm.func`'s calling convention too)
CCONVS = ("ccc", "fastcc", "coldcc", "cc_10", "cc_11", "anyregcc", "preserve_mostcc", "preserve_allcc", "swiftcc",
          "cxx_fast_tlscc", "tailcc", "cfguard_checkcc", "swifttailcc", "x86_stdcallcc", "x86_fastcallcc",
          "arm_apcscc", "arm_aapcscc", "arm_aapcs_vfpcc", "msp430_intrcc", "x86_thiscallcc", "ptx_kernelcc",
          "ptx_devicecc", "spir_funccc", "spir_kernelcc", "intel_ocl_bicc", "x86_64_sysvcc", "win64cc",
          "x86_vectorcallcc", "hhvmcc", "hhvm_ccc", "x86_intrcc", "avr_intrcc", "avr_builtincc", "amdgpu_vscc",
          "amdgpu_gscc", "amdgpu_cscc", "amdgpu_kernelcc", "x86_regcallcc", "amdgpu_hscc", "msp430_builtincc",
          "amdgpu_lscc", "amdgpu_escc", "aarch64_vectorcallcc", "aarch64_sve_vectorcallcc",
          "wasm_emscripten_invokecc", "amdgpu_gfxcc", "m68k_intrcc")
# LLVM::linkage::Linkage, in declaration order
LINKAGES = ("external", "available_externally", "linkonce", "linkonce_odr", "weak", "weak_odr", "appending",
            "internal", "private", "extern_weak", "common")
TAIL_CALL_KINDS = ("none", "notail", "musttail", "tail")
_GPU_BAD = ("expected {cpp} to be one of: {keywords}", "expected valid keyword or string")
_LLVM_CCONV_BAD = ("expected one of [{keywords}] for Calling Conventions, got: {word}",
                   "expected keyword for Calling Conventions")
_LLVM_TAIL_BAD = ("expected one of [{keywords}] for Tail Call Kind, got: {word}", "expected keyword for Tail Call Kind")
_LLVM_LINKAGE_BAD = ("expected one of [{keywords}] for LLVM linkage types, got: {word}",
                     "expected keyword for LLVM linkage types")

#: attribute name -> (attribute class, parameter, enum C++ name, keywords, (bad keyword, no keyword) texts)
ENUM_PARAMS: dict[str, tuple[str, str, str, tuple[str, ...], tuple[str, str]]] = {
    "gpu.block": ("GPUBlockMappingAttr", "block", _MAPPING_ID, MAPPING_IDS, _GPU_BAD),
    "gpu.warpgroup": ("GPUWarpgroupMappingAttr", "warpgroup", _MAPPING_ID, MAPPING_IDS, _GPU_BAD),
    "gpu.warp": ("GPUWarpMappingAttr", "warp", _MAPPING_ID, MAPPING_IDS, _GPU_BAD),
    "gpu.thread": ("GPUThreadMappingAttr", "thread", _MAPPING_ID, MAPPING_IDS, _GPU_BAD),
    "gpu.lane": ("GPULaneMappingAttr", "lane", _MAPPING_ID, MAPPING_IDS, _GPU_BAD),
    "gpu.memory_space": ("GPUMemorySpaceMappingAttr", "address_space", "::mlir::gpu::AddressSpace",
                         ("global", "workgroup", "private"), _GPU_BAD),
    "llvm.cconv": ("CConvAttr", "CallingConv", "CConv", CCONVS, _LLVM_CCONV_BAD),
    "llvm.tailcallkind": ("TailCallKindAttr", "tailCallKind", "TailCallKind", TAIL_CALL_KINDS, _LLVM_TAIL_BAD),
    "llvm.linkage": ("LinkageAttr", "linkage", "linkage::Linkage", LINKAGES, _LLVM_LINKAGE_BAD),
}


def check_enum_param(name: str, text: str, start: int) -> tuple[str, list[tuple[str, int]]] | None:
    """For ``#name<...>`` whose body ``text[start:]`` (up to the closing ``>``) is a bad keyword:
    (the canonical keyword or "", [(message, offset), ...]); None when ``name`` is not listed.  A
    valid keyword gives ("keyword", [])."""
    spec = ENUM_PARAMS.get(name)
    if spec is None:
        return None
    cls, param, cpp, keywords, (bad, missing) = spec
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
        return "", [(missing, i), fail]
    if word not in keywords:
        return "", [(bad.format(cpp=cpp, keywords=", ".join(keywords), word=word), i), fail]
    while j < len(text) and text[j] in " \t\n\r":
        j += 1
    if j < len(text):
        return "", [("expected '>'", j)]
    return word, []
