"""The stream plan of one block for gpu-to-runtime: a minimum chain cover of the block's ordering.

The ordering is the partial order the lowered block cannot avoid: an async op runs after its token
dependencies, and after everything the host has already waited for when it is issued (a host
``gpu.wait``, a synchronous gpu op).  The ops that enqueue work on a stream (``nodes``: not the
tokens complete when the host reaches them, not joins, not frees) are covered by the fewest chains
(Dilworth: nodes - a maximum matching of the bipartite graph "u before v"), and of those covers by
one with the most chain steps along direct dependencies (such a step needs no event): a maximum
matching of the direct steps first (Kuhn), then cheapest augmenting paths over all steps
(``_cheapest_augment``, a direct step costing -1), which keep the matching the one with the most
direct steps for its size.  One stream per chain gives at most the width of the order (an
antichain needs that many streams in any schedule without false dependencies).  A join
(``gpu.wait async`` with dependencies) goes on a chain of one of its users (through joins) or
dependencies where it adds no ordering: the chain's op after it is after it, and the op before it
is before it or before every user of the join; a free (``gpu.dealloc async``) on a chain of one of
its dependencies whose op after it is after it (it may follow unrelated work: that costs it
nothing, as in the greedy rule); else each on a chain of its own.

A block gets a plan only when the whole token graph is visible in it: no token block arguments, no
token through a region op, call, branch or terminator, no nested host gpu op, at most ``MAX_NODES``
async ops (the closure is quadratic); ``None`` otherwise (the greedy rule of ``schedule`` applies).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...analysis.interfaces import dialect_of
from ...analysis.tokens import async_ops
from ...ir.core import Block, Operation, Value

MAX_NODES = 400


@dataclass
class Plan:
    """Chains of one block.  Ops are numbered in block order (``index``: id(op) -> number)."""

    index: dict[int, int] = field(default_factory=dict)  # id(async op) -> its number
    pos: list[int] = field(default_factory=list)  # number -> position in the block
    anc: list[int] = field(default_factory=list)  # number -> bitset of the numbers ordered before it
    waits: list[bool] = field(default_factory=list)  # number -> whether it waits (False: complete/synchronous)
    work: list[bool] = field(default_factory=list)  # number -> whether it enqueues work (not a join)
    chain: dict[int, int] = field(default_factory=dict)  # id(op) -> chain (ops that take a stream)
    elems: list[list[tuple[int, int]]] = field(default_factory=list)  # chain -> [(position, number)] ascending

    def before(self, a: int, b: int) -> bool:
        """Whether op number ``a`` is ordered before op number ``b``."""
        return bool((self.anc[b] >> a) & 1)

    def covers(self, a: int, b: int) -> bool:
        """Whether op ``b`` is ordered after everything a stream holds once op ``a`` is on it (``a``
        and what ``a`` is ordered after; a join holds no work of its own)."""
        return not ((self.anc[a] | (1 << a if self.work[a] else 0)) & ~self.anc[b])

    def chain_before(self, c: int, pos: int) -> int | None:
        """The number of the last op of chain ``c`` at a block position before ``pos``."""
        e = self.elems[c]
        i = bisect_left(e, (pos, -1))
        return e[i - 1][1] if i else None

    def finished(self, c: int, pos: int) -> bool:
        """Whether chain ``c`` has no op after block position ``pos``."""
        return self.elems[c][-1][0] <= pos


def plan_block(block: Block, is_tok: Callable[[Value], bool],
               cache: dict[tuple, tuple[list[list[tuple[int, int]]], dict[int, int]]] | None = None,
               graph: dict[int, list[Any]] | None = None) -> Plan | None:
    """The chains of ``block`` (see the module docstring), or ``None`` when it gets none.
    ``cache``: plans of blocks already planned, by what the planning reads (the ops' kinds,
    dependencies, ordering and positions): a block with the same graph gets the same chains
    without the search (generated code repeats blocks: one function per kernel shape...).
    ``graph``: the block's ``analysis.tokens.async_ops``, else read here."""
    from ...dialects.gpu import AllocOp, DeallocOp, LaunchFuncOp, WaitOp

    if any(is_tok(a) for a in block.args):
        return None
    if graph is None:
        graph = async_ops(block)
    P = Plan()
    tok_def: dict[int, int] = {}  # id(token of this block) -> number of its op
    deps_of: list[list[int]] = []  # number -> its dependencies in this block the host has not waited for
    kind: list[str] = []  # number -> "node" | "join" | "host" | "skip"
    host = 0  # what the host has waited for when it reaches the current op
    pending = 0  # the nodes so far
    index, pos, ancs = P.index, P.pos, P.anc
    for p, op in enumerate(block.ops):
        if op.regions:
            if _carries_inside(op, is_tok):
                return None
            continue
        entry = graph.get(id(op))
        if entry is None:  # (not an async op)
            if any(is_tok(v) for v in op.operands) or any(is_tok(r) for r in op.results):
                return None
            continue
        _, deps, tok = entry
        if op.opdef is LaunchFuncOp and op.operand_group("asyncObject") and not deps and tok is None:
            continue  # already lowered
        k = len(pos)
        if k >= MAX_NODES:
            return None
        index[id(op)] = k
        pos.append(p)
        local = [tok_def[id(d)] for d in deps if id(d) in tok_def]
        mask = 0  # of the local dependencies
        anc = host
        for j in local:
            mask |= 1 << j
            anc |= ancs[j]
        anc |= mask
        covered = len(local) == len(deps) and host & mask == mask  # (no external dependency)
        if op.opdef is WaitOp:
            kd = "host" if tok is None else ("skip" if covered else "join")
        elif (op.opdef is AllocOp or op.opdef is DeallocOp) and not deps and (tok is None or not tok.uses):
            kd = "skip"  # the null stream
        elif op.opdef is AllocOp and not deps:
            kd = "skip"  # complete when the host has it
        elif op.opdef is DeallocOp and tok is not None and covered and not (pending & ~host):
            kd = "skip"  # a synchronous free
        elif op.opdef is DeallocOp:
            kd = "free"
        else:
            kd = "node"
        ancs.append(anc)
        P.waits.append(kd != "skip")
        P.work.append(kd != "join")
        # (the host has waited for the others)
        deps_of.append([j for j in local if not (host >> j) & 1] if host & mask else local)
        kind.append(kd)
        if kd in ("node", "free"):
            pending |= 1 << k
        if kd == "host" or (kd in ("node", "free") and tok is None):  # the host waits for it
            host |= anc | (1 << k if kd != "host" else 0)
        if tok is not None:
            tok_def[id(tok)] = k
    key = (tuple(kind), tuple(map(tuple, deps_of)), tuple(P.anc), tuple(P.pos)) if cache is not None else None
    got = cache.get(key) if cache is not None else None
    if got is None:
        _cover(P, kind, deps_of)
        _place_joins(P, kind, deps_of)
        if cache is not None:
            cache[key] = (P.elems, P.chain)  # (never changed once planned)
    else:
        P.elems, P.chain = got
    ops = block.ops
    P.chain = {id(ops[P.pos[k]]): c for k, c in P.chain.items()}
    return P


def _carries_inside(op: Operation, is_tok: Callable[[Value], bool]) -> bool:
    """Whether a region op holds host gpu ops or token values (its blocks are lowered apart)."""
    for o in op.walk():
        if o is op:
            continue
        if dialect_of(o) == "gpu" or any(is_tok(v) for v in o.operands) or any(is_tok(r) for r in o.results):
            return True
        if any(is_tok(a) for r in o.regions for b in r.blocks for a in b.args):
            return True
    return any(is_tok(a) for r in op.regions for b in r.blocks for a in b.args)


def _direct(k: int, kind: list[str], deps_of: list[list[int]], depth: int = 0) -> list[int]:
    """The nodes op ``k`` depends on directly (through joins)."""
    out: list[int] = []
    for j in deps_of[k]:
        if kind[j] == "node":
            out.append(j)
        elif kind[j] == "join" and depth < 8:
            out.extend(_direct(j, kind, deps_of, depth + 1))
    return out


def _cover(P: Plan, kind: list[str], deps_of: list[list[int]]) -> None:
    """A minimum chain cover of the nodes (maximum matching "u is followed by v on its chain")."""
    nodes = [k for k, kd in enumerate(kind) if kd == "node"]
    num = {k: i for i, k in enumerate(nodes)}
    mask = 0
    for k in nodes:
        mask |= 1 << k
    n = len(nodes)
    # node -> the nodes after it, in increasing number (the order the searches visit them in): one
    # list append per ordered pair (no bitset per node built, then decoded again)
    steps: list[list[int]] = [[] for _ in range(n)]
    for i, k in enumerate(nodes):
        for j in _bits(P.anc[k] & mask):
            steps[num[j]].append(i)
    direct = [[num[j] for j in dict.fromkeys(_direct(k, kind, deps_of))] for k in nodes]
    match_l = [-1] * n  # u -> the node after it on its chain
    match_r = [-1] * n
    pref: list[list[int]] = [[] for _ in range(n)]  # u -> the nodes that depend on it directly
    for v in range(n):
        for u in direct[v]:
            pref[u].append(v)
    dmask = [0] * n
    for u in range(n):
        for v in pref[u]:
            dmask[u] |= 1 << v

    def augment(u: int, seen: list[int]) -> bool:
        """Kuhn's augmenting path from ``u`` along direct dependencies (in ``pref`` order)."""
        rest = dmask[u] & ~seen[0]
        for v in [v for v in pref[u] if (rest >> v) & 1]:
            if (seen[0] >> v) & 1:
                continue
            seen[0] |= 1 << v
            if match_r[v] == -1 or augment(match_r[v], seen):
                match_l[u], match_r[v] = v, u
                return True
        return False

    # most chain steps along direct dependencies (a maximum matching of those: no event for them),
    # then the fewest chains: cheapest augmenting paths (cost -1 per direct step) keep the matching
    # the one with the most direct steps among those of its size
    for u in range(n):
        if match_l[u] == -1:
            augment(u, [0])
    direct_of = [set(pref[u]) for u in range(n)]
    while _cheapest_augment(n, steps, direct_of, dmask, match_l, match_r):
        pass
    for i in range(n):
        if match_r[i] != -1:
            continue
        c = len(P.elems)
        chain: list[tuple[int, int]] = []
        while i != -1:
            k = nodes[i]
            chain.append((P.pos[k], k))
            i = match_l[i]
        P.elems.append(chain)
        for _, k in chain:
            P.chain[k] = c  # (by number here; by op id once joins are placed)


def _bits(m: int) -> list[int]:
    """The set bits of ``m`` (not negative), lowest first: a dense set is read from its binary
    text (less per bit than isolating each bit in Python), a sparse one bit by bit."""
    if m.bit_count() * 6 > m.bit_length():
        return [i for i, c in enumerate(reversed(bin(m))) if c == "1"]
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _cheapest_augment(n: int, steps: list[list[int]], direct_of: list[set[int]], dmask: list[int],
                      match_l: list[int], match_r: list[int]) -> bool:
    """Augment the matching along a cheapest augmenting path (Bellman-Ford from every free left
    node; a step u -> v costs -1 when v depends on u directly, else 0; a matched step back costs
    the opposite).  Returns whether there was one."""
    INF = n + 1
    dist_l = [0 if match_l[u] == -1 else INF for u in range(n)]
    dist_r = [INF] * n
    from_l = [-1] * n  # right v -> the left node it was reached from
    queue = [u for u in range(n) if match_l[u] == -1]
    queued = [match_l[u] == -1 for u in range(n)]
    qi = 0
    while qi < len(queue):
        if qi > 4 * n * n + 64:
            return False  # (cannot happen without a negative cycle; a cover with more chains is still one)
        u = queue[qi]
        qi += 1
        queued[u] = False
        du = dist_l[u]
        mu = match_l[u]
        direct = direct_of[u]
        for v in steps[u]:
            if v == mu:
                continue
            nd = du - 1 if v in direct else du  # a direct step costs -1
            if nd < dist_r[v]:
                dist_r[v] = nd
                from_l[v] = u
                w = match_r[v]
                if w != -1:
                    back = 1 if (dmask[w] >> v) & 1 else 0
                    if dist_r[v] + back < dist_l[w]:
                        dist_l[w] = dist_r[v] + back
                        if not queued[w]:
                            queued[w] = True
                            queue.append(w)
    best = -1
    for v in range(n):
        if match_r[v] == -1 and dist_r[v] < INF and (best == -1 or dist_r[v] < dist_r[best]):
            best = v
    if best == -1:
        return False
    v = best
    while v != -1:
        u = from_l[v]
        nxt = match_l[u]
        match_l[u], match_r[v] = v, u
        v = nxt
    return True


def _place_joins(P: Plan, kind: list[str], deps_of: list[list[int]]) -> None:
    """Put each join and free (in block order) on a chain where it adds no ordering to the chain's later ops
    (see the module docstring; a free may follow unrelated work: it costs nothing, as the greedy
    rule has it), else on a chain of its own (``chain`` by op number)."""
    users: dict[int, list[int]] = {}
    for k, ds in enumerate(deps_of):
        for j in ds:
            users.setdefault(j, []).append(k)
    for k in [k for k in range(len(kind)) if kind[k] in ("join", "free")]:
        p = P.pos[k]
        cands = [P.chain[u] for u in _through_joins(k, users, kind) if u in P.chain] if kind[k] == "join" else []
        cands += [P.chain[j] for j in deps_of[k] if j in P.chain]
        chosen = None
        for c in dict.fromkeys(cands):
            e = P.elems[c]
            i = bisect_left(e, (p, -1))
            # a join may follow work it is not ordered after when each of its users is (or is a
            # free or a host wait, which the greedy rule lets follow unrelated work too)
            if kind[k] == "join" and i and not P.covers(e[i - 1][1], k) and any(
                    kind[u] not in ("host", "free", "skip") and not P.covers(e[i - 1][1], u)
                    for u in _through_joins(k, users, kind)):
                continue
            if i < len(e) and not P.covers(k, e[i][1]):
                continue
            chosen = c
            break
        if chosen is None:
            chosen = len(P.elems)
            P.elems.append([])
        insort(P.elems[chosen], (p, k))
        P.chain[k] = chosen


def _through_joins(k: int, users: dict[int, list[int]], kind: list[str], depth: int = 0) -> list[int]:
    """The users of op ``k``, a join's replaced by its own users (what waits for ``k`` in effect)."""
    out: list[int] = []
    for u in users.get(k, ()):
        if kind[u] == "join" and depth < 8:
            out.extend(_through_joins(u, users, kind, depth + 1))
        else:
            out.append(u)
    return out
