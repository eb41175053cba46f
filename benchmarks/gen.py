#!/usr/bin/env python3
"""Generate synthetic MLIR modules of about N ops (benchmark inputs).

This is the generator of docs/shared perf-baselines.md, Appendix A, made importable, plus one kind.

    python benchmarks/gen.py KIND FORM N OUT

kinds:
  arith     arith.constant/addi/muli chains, memref.alloc/load/store, 2-deep scf.for with iter_args
  gpu       6-op gpu async token chains (wait/alloc/memcpy x2/dealloc/wait); gpu ops are ALWAYS
            generic (Appendix A), so `gpu custom` == `gpu mixed` minus custom func/memref ops
  gpuasync  10-op gpu async groups with forks and 2-dependency joins.  In `custom` form the gpu ops
            use the real custom syntax (`%t = gpu.wait async`, `gpu.alloc async [%t] ()`, ...);
            in `generic`/`mixed` form the same IR is written generically, with the
            `operandSegmentSizes` attribute xDSL needs on gpu.memcpy / gpu.dealloc.
forms:  custom | generic | mixed (arith ops custom, everything else generic)

Each file holds ~209-op `func.func`s until N ops exist.  The op count includes func.func / scf.for /
yield / return ops, not the implicit module.  Output for kinds arith and gpu is byte-identical to
Appendix A.
"""
from __future__ import annotations

import sys

KINDS = ("arith", "gpu", "gpuasync")
FORMS = ("custom", "generic", "mixed")

_TOK = "!gpu.async.token"
_M = "memref<16xi32>"


def generate_lines(kind: str, form: str, n: int) -> tuple[list[str], int]:  # noqa: C901 - one branch per generated op kind
    """Return (lines, op_count) of a module of about `n` ops."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r} (expected one of {KINDS})")
    if form not in FORMS:
        raise ValueError(f"unknown form {form!r} (expected one of {FORMS})")
    arith_custom = form in ("custom", "mixed")
    other_custom = form == "custom"
    L: list[str] = []
    w = L.append
    cnt = 0
    fidx = 0
    while cnt < n:
        vid = [0]

        def v(vid=vid):
            vid[0] += 1
            return f"%v{vid[0]}"

        ind = "  "
        if other_custom:
            w(f"func.func @f{fidx}(%arg0: i32, %arg1: memref<16xi32>) -> i32 {{")
        else:
            w(f'"func.func"() <{{function_type = (i32, memref<16xi32>) -> i32, sym_name = "f{fidx}"}}> ({{')
            w("^bb0(%arg0: i32, %arg1: memref<16xi32>):")
        cnt += 1
        fidx += 1

        def const(val, ty, ind):
            r = v()
            if arith_custom:
                w(f"{ind}{r} = arith.constant {val} : {ty}")
            else:
                w(f'{ind}{r} = "arith.constant"() <{{value = {val} : {ty}}}> : () -> {ty}')
            return r

        def binop(op, a, b, ind):
            r = v()
            if arith_custom:
                w(f"{ind}{r} = arith.{op} {a}, {b} : i32")
            else:
                w(f'{ind}{r} = "arith.{op}"({a}, {b}) : (i32, i32) -> i32')
            return r

        def load(m, i, ind):
            r = v()
            if other_custom:
                w(f"{ind}{r} = memref.load {m}[{i}] : memref<16xi32>")
            else:
                w(f'{ind}{r} = "memref.load"({m}, {i}) : (memref<16xi32>, index) -> i32')
            return r

        def store(x, m, i, ind):
            if other_custom:
                w(f"{ind}memref.store {x}, {m}[{i}] : memref<16xi32>")
            else:
                w(f'{ind}"memref.store"({x}, {m}, {i}) : (i32, memref<16xi32>, index) -> ()')

        def yld(x, ind):
            if other_custom:
                w(f"{ind}scf.yield {x} : i32")
            else:
                w(f'{ind}"scf.yield"({x}) : (i32) -> ()')

        def for_open(lb, ub, st, init, ind):
            r, iv, acc = v(), v(), v()
            if other_custom:
                w(f"{ind}{r} = scf.for {iv} = {lb} to {ub} step {st} iter_args({acc} = {init}) -> (i32) {{")
            else:
                w(f'{ind}{r} = "scf.for"({lb}, {ub}, {st}, {init}) ({{')
                w(f"{ind}^bb0({iv}: index, {acc}: i32):")
            return r, iv, acc

        def for_close(ind):
            if other_custom:
                w(f"{ind}}}")
            else:
                w(f"{ind}}}) : (index, index, index, i32) -> i32")

        # --- gpuasync helpers (custom syntax when other_custom, else generic) ---
        def g_wait_async(deps, ind):
            t = v()
            if other_custom:
                w(f"{ind}{t} = gpu.wait async" + (f" [{', '.join(deps)}]" if deps else ""))
            else:
                tys = ", ".join([_TOK] * len(deps))
                w(f'{ind}{t} = "gpu.wait"({", ".join(deps)}) : ({tys}) -> {_TOK}')
            return t

        def g_wait(deps, ind):
            if other_custom:
                w(f"{ind}gpu.wait [{', '.join(deps)}]")
            else:
                tys = ", ".join([_TOK] * len(deps))
                w(f'{ind}"gpu.wait"({", ".join(deps)}) : ({tys}) -> ()')

        def g_alloc(deps, ind):
            m, t = v(), v()
            if other_custom:
                w(f"{ind}{m}, {t} = gpu.alloc async [{', '.join(deps)}] () : {_M}")
            else:
                tys = ", ".join([_TOK] * len(deps))
                w(f'{ind}{m}, {t} = "gpu.alloc"({", ".join(deps)}) '
                  f'<{{operandSegmentSizes = array<i32: {len(deps)}, 0, 0>}}> : ({tys}) -> ({_M}, {_TOK})')
            return m, t

        def g_memcpy(deps, dst, src, ind):
            t = v()
            if other_custom:
                w(f"{ind}{t} = gpu.memcpy async [{', '.join(deps)}] {dst}, {src} : {_M}, {_M}")
            else:
                tys = ", ".join([_TOK] * len(deps))
                w(f'{ind}{t} = "gpu.memcpy"({", ".join(deps)}, {dst}, {src}) '
                  f'{{operandSegmentSizes = array<i32: {len(deps)}, 1, 1>}} : ({tys}, {_M}, {_M}) -> {_TOK}')
            return t

        def g_dealloc(deps, m, ind):
            t = v()
            if other_custom:
                w(f"{ind}{t} = gpu.dealloc async [{', '.join(deps)}] {m} : {_M}")
            else:
                tys = ", ".join([_TOK] * len(deps))
                w(f'{ind}{t} = "gpu.dealloc"({", ".join(deps)}, {m}) '
                  f'{{operandSegmentSizes = array<i32: {len(deps)}, 1>}} : ({tys}, {_M}) -> {_TOK}')
            return t

        c0 = const(0, "index", ind)
        c1 = const(1, "index", ind)
        c16 = const(16, "index", ind)
        cnt += 3
        if other_custom:
            buf = v()
            w(f"{ind}{buf} = memref.alloc() : memref<16xi32>")
        else:
            buf = v()
            w(f'{ind}{buf} = "memref.alloc"() <{{operandSegmentSizes = array<i32: 0, 0>}}> '
              ': () -> memref<16xi32>')
        cnt += 1
        prev = "%arg0"
        body = 0
        while body < 200 and cnt < n:
            if kind == "arith":
                k = const(7 + body % 13, "i32", ind)
                a = binop("addi", prev, k, ind)
                m = binop("muli", a, "%arg0", ind)
                store(m, buf, c1, ind)
                prev = load(buf, c0, ind)
                body += 5
                cnt += 5
                if body % 25 == 0:  # 2-deep scf.for nest: 8 ops
                    r, i, acc = for_open(c0, c16, c1, prev, ind)
                    r2, j, acc2 = for_open(c0, c16, c1, acc, ind + "  ")
                    i3 = ind + "    "
                    ld = load(buf, j, i3)
                    s = binop("addi", acc2, ld, i3)
                    p = binop("muli", s, "%arg0", i3)
                    store(p, buf, i, i3)
                    yld(p, i3)
                    for_close(ind + "  ")
                    yld(r2, ind + "  ")
                    for_close(ind)
                    prev = r
                    body += 8
                    cnt += 8
            elif kind == "gpu":  # 6-op async chain, generic gpu ops (Appendix A)
                t0 = v()
                w(f'{ind}{t0} = "gpu.wait"() : () -> !gpu.async.token')
                a, t1 = v(), v()
                w(f'{ind}{a}, {t1} = "gpu.alloc"({t0}) <{{operandSegmentSizes = array<i32: 1, 0, 0>}}> : '
                  f'(!gpu.async.token) -> (memref<16xi32>, !gpu.async.token)')
                t2 = v()
                w(f'{ind}{t2} = "gpu.memcpy"({t1}, {a}, %arg1) '
                  '{operandSegmentSizes = array<i32: 1, 1, 1>} : '
                  f'(!gpu.async.token, memref<16xi32>, memref<16xi32>) -> !gpu.async.token')
                t3 = v()
                w(f'{ind}{t3} = "gpu.memcpy"({t2}, %arg1, {a}) '
                  '{operandSegmentSizes = array<i32: 1, 1, 1>} : '
                  f'(!gpu.async.token, memref<16xi32>, memref<16xi32>) -> !gpu.async.token')
                t4 = v()
                w(f'{ind}{t4} = "gpu.dealloc"({t3}, {a}) {{operandSegmentSizes = array<i32: 1, 1>}} : '
                  f'(!gpu.async.token, memref<16xi32>) -> !gpu.async.token')
                w(f'{ind}"gpu.wait"({t4}) : (!gpu.async.token) -> ()')
                body += 6
                cnt += 6
            else:  # gpuasync: 10 ops, fork at t0 and t5, joins of 2 dependencies
                t0 = g_wait_async([], ind)                  # root token
                ma, ta = g_alloc([t0], ind)                 # fork: t0 -> two allocs
                mb, tb = g_alloc([t0], ind)
                t1 = g_memcpy([ta], ma, "%arg1", ind)       # H2D into a
                t2 = g_memcpy([t1, tb], mb, ma, ind)        # 2-dependency join: a -> b
                t3 = g_memcpy([t2], buf, mb, ind)           # b -> host buffer
                t4 = g_dealloc([t3], ma, ind)               # fork: t3 -> two deallocs
                t5 = g_dealloc([t3], mb, ind)
                t6 = g_wait_async([t4, t5], ind)            # 2-dependency join
                g_wait([t6], ind)                           # synchronous wait
                body += 10
                cnt += 10
        if kind == "gpuasync":  # 2 more ops (a fire-and-forget token, then a join) -> 209 per func
            t = g_wait_async([], ind)
            g_wait([t], ind)
            cnt += 2
        if other_custom:
            w(f"{ind}return {prev} : i32")
            w("}")
        else:
            w(f'{ind}"func.return"({prev}) : (i32) -> ()')
            w("}) : () -> ()")
        cnt += 1
    return L, cnt


def generate(kind: str, form: str, n: int) -> tuple[str, int]:
    """Return (module_text, op_count)."""
    lines, cnt = generate_lines(kind, form, n)
    return "\n".join(lines) + "\n", cnt


def write(kind: str, form: str, n: int, out: str) -> int:
    """Write the module to `out`; return the op count."""
    text, cnt = generate(kind, form, n)
    with open(out, "w") as f:
        f.write(text)
    return cnt


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 4 or argv[0] not in KINDS or argv[1] not in FORMS:
        print(f"usage: gen.py {{{'|'.join(KINDS)}}} {{{'|'.join(FORMS)}}} N OUT", file=sys.stderr)
        return 2
    kind, form, n, out = argv[0], argv[1], int(argv[2]), argv[3]
    text, cnt = generate(kind, form, n)
    with open(out, "w") as f:
        f.write(text)
    print(f"{out}: {cnt} ops, {text.count(chr(10))} lines", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
