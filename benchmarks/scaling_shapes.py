"""Program shapes for the pass scaling benchmark (issue 20): N units of synchronous gpu work.

    text = SHAPES["chain"](n, launch=False)

Every shape is one module.  ``launch=False`` writes kernel launches as ``gpu.launch_func`` of the
kernel module ``@k`` (input for async-region, canonicalize, the lowering); ``launch=True`` writes
them as ``gpu.launch`` bodies (input for gpu-kernel-outlining and the whole pipeline).

  chain     N launches on one buffer
  fan       N x (two allocs, a launch, a device copy), then the 2N frees
  nest      N launches on N buffers, each in its own ``scf.if``, in one ``scf.for``
  copies    N x (``gpu.alloc``, ``gpu.memcpy`` from the host argument)
  funcs     N small functions (alloc, copy in, launch, copy out, free)
  ladder    N copies through distinct buffers (b[i] <- b[i-1]), then the N frees
  diamonds  N ``cf.cond_br`` diamonds (a launch on one side, a copy on the other)
  blocks    N blocks chained by ``cf.br``, one launch each
  deep      N nested ``scf.execute_region``, a launch innermost (issue 25)
"""

from __future__ import annotations

from collections.abc import Callable

_T = "memref<16xf32>"
_KERNEL = f"""  gpu.module @k {{
    gpu.func @k(%a: {_T}) kernel {{
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : {_T}
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%c0] : {_T}
      gpu.return
    }}
  }}
"""


def _launch(buf: str, launch: bool, ind: str = "    ") -> str:
    if not launch:
        return (f"{ind}gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) "
                f"args({buf} : {_T})\n")
    return (f"{ind}gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) "
            f"threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {{\n"
            f"{ind}  %v = memref.load {buf}[%c0] : {_T}\n"
            f"{ind}  %w = arith.addf %v, %v : f32\n"
            f"{ind}  memref.store %w, {buf}[%c0] : {_T}\n"
            f"{ind}  gpu.terminator\n{ind}}}\n")


def _module(funcs: str, launch: bool) -> str:
    return "module attributes {gpu.container_module} {\n" + funcs + ("" if launch else _KERNEL) + "}\n"


_CONSTS = "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"


def chain(n: int, launch: bool = False) -> str:
    body = [_CONSTS, f"    %m = gpu.alloc () : {_T}\n"]
    body += [_launch("%m", launch)] * n
    body.append(f"    gpu.dealloc %m : {_T}\n    return\n")
    return _module("  func.func @f() {\n" + "".join(body) + "  }\n", launch)


def fan(n: int, launch: bool = False) -> str:
    body = [_CONSTS]
    for i in range(n):
        body.append(f"    %a{i} = gpu.alloc () : {_T}\n    %b{i} = gpu.alloc () : {_T}\n")
        body.append(_launch(f"%a{i}", launch))
        body.append(f"    gpu.memcpy %b{i}, %a{i} : {_T}, {_T}\n")
    for i in range(n):
        body.append(f"    gpu.dealloc %a{i} : {_T}\n    gpu.dealloc %b{i} : {_T}\n")
    body.append("    return\n")
    return _module("  func.func @f() {\n" + "".join(body) + "  }\n", launch)


def nest(n: int, launch: bool = False) -> str:
    body = [_CONSTS, "    %c10 = arith.constant 10 : index\n"]
    body += [f"    %m{i} = gpu.alloc () : {_T}\n" for i in range(n)]
    body.append("    scf.for %i = %c0 to %c10 step %c1 {\n")
    for i in range(n):
        body.append("      scf.if %p {\n" + _launch(f"%m{i}", launch, "        ") + "      }\n")
    body.append("    }\n")
    body += [f"    gpu.dealloc %m{i} : {_T}\n" for i in range(n)]
    body.append("    return\n")
    return _module("  func.func @f(%p: i1) {\n" + "".join(body) + "  }\n", launch)


def copies(n: int, launch: bool = False) -> str:
    body = [f"    %d{i} = gpu.alloc () : {_T}\n    gpu.memcpy %d{i}, %h : {_T}, {_T}\n" for i in range(n)]
    return _module(f"  func.func @f(%h: {_T}) {{\n" + "".join(body) + "    return\n  }\n", launch)


def funcs(n: int, launch: bool = False) -> str:
    out = []
    for i in range(n):
        out.append(f"  func.func @f{i}(%h: {_T}) {{\n{_CONSTS}    %d = gpu.alloc () : {_T}\n"
                   f"    gpu.memcpy %d, %h : {_T}, {_T}\n" + _launch("%d", launch)
                   + f"    gpu.memcpy %h, %d : {_T}, {_T}\n    gpu.dealloc %d : {_T}\n    return\n  }}\n")
    return _module("".join(out), launch)


def ladder(n: int, launch: bool = False) -> str:
    body = [f"    %b0 = gpu.alloc () : {_T}\n    gpu.memcpy %b0, %h : {_T}, {_T}\n"]
    for i in range(1, n + 1):
        body.append(f"    %b{i} = gpu.alloc () : {_T}\n    gpu.memcpy %b{i}, %b{i - 1} : {_T}, {_T}\n")
    body.append(f"    gpu.memcpy %h, %b{n} : {_T}, {_T}\n")
    body += [f"    gpu.dealloc %b{i} : {_T}\n" for i in range(n + 1)]
    return _module(f"  func.func @f(%h: {_T}) {{\n" + "".join(body) + "    return\n  }\n", launch)


def diamonds(n: int, launch: bool = False) -> str:
    body = [_CONSTS, f"    %m = gpu.alloc () : {_T}\n    cf.br ^a0\n"]
    for i in range(n):
        body.append(f"  ^a{i}:\n    cf.cond_br %p, ^l{i}, ^r{i}\n  ^l{i}:\n" + _launch("%m", launch)
                    + f"    cf.br ^a{i + 1}\n  ^r{i}:\n    gpu.memcpy %m, %h : {_T}, {_T}\n    cf.br ^a{i + 1}\n")
    body.append(f"  ^a{n}:\n    gpu.dealloc %m : {_T}\n    return\n")
    return _module(f"  func.func @f(%p: i1, %h: {_T}) {{\n" + "".join(body) + "  }\n", launch)


def blocks(n: int, launch: bool = False) -> str:
    body = [_CONSTS, f"    %m = gpu.alloc () : {_T}\n    cf.br ^b0\n"]
    for i in range(n):
        body.append(f"  ^b{i}:\n" + _launch("%m", launch) + f"    cf.br ^b{i + 1}\n")
    body.append(f"  ^b{n}:\n    gpu.dealloc %m : {_T}\n    return\n")
    return _module("  func.func @f() {\n" + "".join(body) + "  }\n", launch)


def deep(n: int, launch: bool = False) -> str:
    body = [_CONSTS, f"    %m = gpu.alloc () : {_T}\n", "    scf.execute_region {\n" * n,
            _launch("%m", launch), "    scf.yield\n    }\n" * n, f"    gpu.dealloc %m : {_T}\n    return\n"]
    return _module("  func.func @f() {\n" + "".join(body) + "  }\n", launch)


SHAPES: dict[str, Callable[..., str]] = {
    "chain": chain, "fan": fan, "nest": nest, "copies": copies, "funcs": funcs,
    "ladder": ladder, "diamonds": diamonds, "blocks": blocks, "deep": deep,
}
