"""``--timeline``: a picture of a finished run (SVG file, or plain text with ``-``).

Built from what the runtime recorded (the data ``--trace`` exports): stream commands with their
virtual start/end (``Runtime.commands``), host synchronizations (``Runtime.host_slices``), event
record → wait edges (``Runtime.flows``) and hazards.  One lane per host thread, then the legacy
default stream (if used) and streams 1..N.  Times are virtual microseconds (docs/run.md).

The SVG is hand-written: a title, lanes with their names, one box per command labelled with its
op and source line (``gpu.launch_func @m::@k  f.mlir:12``; the full text is the box's
``<title>`` tooltip), host syncs as hatched boxes on the host lane, event edges as arrows, hazards
as red outlines with a numbered badge and listed under the time axis, and a legend.  Elements carry
``class`` attributes (``lane``, ``box kernel``, ``sync``, ``arrow``, ``hazard``) for tests and CSS.
"""

from __future__ import annotations

import math
import os
import textwrap
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .hazards import Hazard
    from .runtime import Runtime

#: Ops a command of each kind can come from (first: the name used when the module is unknown).
_OPS = {
    "kernel": ("gpu.launch_func",),
    "memcpy": ("gpu.memcpy", "mgpuMemcpy"),
    "memset": ("gpu.memset", "mgpuMemset32", "mgpuMemset16"),
    "free": ("gpu.dealloc", "mgpuMemFree"),
}
_COLORS = {"kernel": "#4e79a7", "memcpy": "#f28e2b", "memset": "#59a14f", "free": "#b07aa1"}
_SYNC_COLOR, _ARROW_COLOR, _HAZARD_COLOR = "#8c8c8c", "#3b3b3b", "#d62728"


@dataclass
class Box:
    """One stream command (or, with ``kind == "sync"``, one host synchronization)."""

    lane: int
    start: float
    end: float
    kind: str
    op: str  # "gpu.launch_func @m::@k", "gpu.memcpy", "sync stream 2"
    loc: str | None
    hazards: list[int] = field(default_factory=list)  # numbers (1-based) of the hazards it is part of

    @property
    def where(self) -> str:
        """``file.mlir:LINE`` (basename, no column) or ``?``."""
        return short_loc(self.loc)


@dataclass
class Arrow:
    """An event edge: recorded after box ``src``, waited for before box ``dst``."""

    event: str
    src: int
    dst: int


@dataclass
class Timeline:
    """Lanes, boxes, arrows and hazards of one run, in virtual microseconds."""

    title: str
    lanes: list[str]
    boxes: list[Box]
    arrows: list[Arrow]
    hazards: list[tuple[str, str]]  # (severity, "loc: message")
    makespan: float


def short_loc(loc: str | None) -> str:
    """``dir/f.mlir:12:5`` → ``f.mlir:12``; other locations unchanged, ``None`` → ``?``."""
    if not loc:
        return "?"
    parts = loc.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return f"{os.path.basename(parts[0])}:{parts[1]}"
    return loc


def _ops_by_loc(module: Any) -> dict[str, list[str]]:
    """Op names (the callee's name for calls) by printed location, for labelling commands."""
    found: dict[str, list[str]] = {}
    if module is None or not hasattr(module, "walk"):
        return found
    for op in module.walk():
        if op.loc is None:
            continue
        name = op.name
        callee = op.attributes.get("callee")
        if callee is not None and name in ("llvm.call", "func.call"):
            name = str(getattr(callee, "leaf", callee)).lstrip("@")
        found.setdefault(str(op.loc), []).append(name)
    return found


def pass_names(pipeline: Any) -> list[str]:
    """The pass arguments of a pass pipeline (``driver.Config.pipeline``), in order."""
    names: list[str] = []
    for it in getattr(pipeline, "items", ()):
        names += pass_names(it) if hasattr(it, "items") else [str(getattr(it, "argument", it))]
    return names


def build_timeline(rt: Runtime, module: Any = None, pipeline: Any = None, title: str | None = None) -> Timeline:
    """The :class:`Timeline` of a finished run; ``module`` (the IR that ran) names the ops, the
    ``pipeline`` that produced it goes into the title."""
    ops = _ops_by_loc(module)
    lanes: list[str] = [h.name for h in rt.hosts]
    lane_of: dict[int, int] = {}
    used_default = any(c.stream.id == 0 for c in rt.commands)
    for s in ([rt.default_stream] if used_default else []) + rt.streams:
        lane_of[id(s)] = len(lanes)
        lanes.append(s.name)
    boxes: list[Box] = []
    box_of: dict[int, int] = {}
    for c in rt.commands:
        cands = _OPS.get(c.kind, (c.kind,))
        op = next((n for n in ops.get(c.loc or "", ()) if n in cands), cands[0])
        if c.kind == "kernel":
            op = f"{op} {c.name}"
        box_of[id(c)] = len(boxes)
        boxes.append(Box(lane_of[id(c.stream)], c.start, c.end, c.kind, op, c.loc))
    for sl in rt.host_slices:
        box_of[id(sl)] = len(boxes)
        boxes.append(Box(rt.hosts.index(sl.host), sl.start, sl.end, "sync", sl.name, sl.loc))
    arrows = [
        Arrow(fl.event.name, box_of[id(fl.src)], box_of[id(fl.dst)])
        for fl in rt.flows
        if fl.dst is not None and id(fl.src) in box_of and id(fl.dst) in box_of
    ]
    hazards = _attach_hazards(rt.hazards, boxes)
    makespan = max([rt.makespan] + [b.end for b in boxes]) if boxes else rt.makespan
    if title is None:
        mod_loc = getattr(module, "loc", None)
        where = os.path.basename(str(mod_loc).rsplit(":", 2)[0]) if mod_loc is not None else "run"
        passes = pass_names(pipeline)
        title = f"{where} after {', '.join(passes)}" if passes else f"{where} (no passes)"
    n_streams = len(lanes) - len(rt.hosts)
    title = (
        f"{title}: {sum(b.kind != 'sync' for b in boxes)} commands on {n_streams} "
        f"stream{'s' if n_streams != 1 else ''}, makespan {makespan:.1f} us (virtual)"
    )
    return Timeline(title, lanes, boxes, arrows, hazards, makespan)


def _attach_hazards(hazards: list[Hazard], boxes: list[Box]) -> list[tuple[str, str]]:
    """Number the hazards and mark the commands at their locations (syncs only if no command)."""
    out: list[tuple[str, str]] = []
    for h in hazards:
        out.append((h.severity, str(h).replace(f": {h.severity}: ", ": ", 1)))
        n = len(out)
        locs = {h.loc, h.other_loc} - {None}
        hit = [b for b in boxes if b.kind != "sync" and b.loc in locs]
        for b in hit or [b for b in boxes if b.kind == "sync" and b.loc in locs]:
            b.hazards.append(n)
    return out


# --------------------------------------------------------------------------------------- SVG
_W, _PAD_R = 1100, 16
_TOP, _LANE_H, _BOX_H = 34, 46, 34
_CHAR_W = 6.6  # 11px monospace


def _nice_step(span: float, target: int = 8) -> float:
    """A 1/2/5 × 10^k tick step giving about ``target`` ticks over ``span``."""
    raw = max(span, 1e-9) / target
    mag = 10 ** math.floor(math.log10(raw))
    return next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)


def _fit(lines: list[list[str]], width: float) -> list[str]:
    """The first candidate (a list of text lines) whose longest line fits ``width`` pixels, else
    the last one cut to fit with an ellipsis (nothing when not even four characters fit)."""
    for cand in lines:
        if max(len(t) for t in cand) * _CHAR_W + 6 <= width:
            return cand
    n = int((width - 6) / _CHAR_W)
    return [t if len(t) <= n else t[: n - 1] + "…" for t in lines[-1]] if n >= 4 else []


def _box_labels(b: Box, width: float) -> list[str]:
    """One or two lines for a command box: op (or symbol) and source line, as many as fit."""
    op, where = b.op, b.where
    line = ":" + where.rsplit(":", 1)[-1]
    if b.kind == "kernel":
        sym = op.partition(" ")[2]
        module_sym = sym.split("::")[0]
        return _fit([[op, where], [sym, where], [module_sym, where], [module_sym, line]], width)
    return _fit([[op, where], [b.kind, line]], width)


@dataclass
class _Frame:
    """Where things go in the SVG: the lane-name column, the time scale, the rows below the lanes."""

    tl: Timeline
    label_w: int
    scale: float
    axis_y: int
    legend_y: int
    notes_y: int

    @classmethod
    def of(cls, tl: Timeline) -> _Frame:
        label_w = 16 + round(7.5 * max((len(n) for n in tl.lanes), default=4))  # bold 11px names
        axis_y = _TOP + _LANE_H * len(tl.lanes)
        return cls(tl, label_w, (_W - label_w - _PAD_R) / (tl.makespan or 1.0), axis_y, axis_y + 34, axis_y + 60)

    def x(self, t: float) -> float:
        return self.label_w + t * self.scale

    def box_top(self, lane: int) -> float:
        return _TOP + lane * _LANE_H + (_LANE_H - _BOX_H) / 2


def _svg_head(f: _Frame, height: int) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{height}" '
        f'viewBox="0 0 {_W} {height}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" '
        f'font-size="11">',
        "<defs>",
        f'<marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{_ARROW_COLOR}"/></marker>',
        '<pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<rect width="6" height="6" fill="#e4e4e4"/><line x1="0" y1="0" x2="0" y2="6" '
        f'stroke="{_SYNC_COLOR}" stroke-width="2"/></pattern>',
        "</defs>",
        f'<rect width="{_W}" height="{height}" fill="white"/>',
        f'<text class="title" x="{f.label_w}" y="20" font-size="13" font-weight="bold">{escape(f.tl.title)}</text>',
    ]


def _svg_lanes_and_axis(f: _Frame) -> list[str]:
    """Shaded lanes with their names; the time axis with 1/2/5 ticks and faint grid lines."""
    o = []
    for i, name in enumerate(f.tl.lanes):
        y = _TOP + i * _LANE_H
        fill = "#f6f6f6" if i % 2 == 0 else "#ffffff"
        o.append(f'<g class="lane" data-name="{escape(name)}">'
                 f'<rect x="0" y="{y}" width="{_W}" height="{_LANE_H}" fill="{fill}"/>'
                 f'<text x="8" y="{y + _LANE_H / 2 + 4:.1f}" font-weight="bold">{escape(name)}</text></g>')
    span = f.tl.makespan or 1.0
    step, ay = _nice_step(span), f.axis_y
    o.append(f'<line x1="{f.label_w}" y1="{ay}" x2="{_W - _PAD_R}" y2="{ay}" stroke="#555"/>')
    k = 0
    while k * step <= span * 1.0001:
        xt = f.x(k * step)
        o.append(f'<line x1="{xt:.1f}" y1="{_TOP}" x2="{xt:.1f}" y2="{ay}" stroke="#e0e0e0"/>'
                 f'<line x1="{xt:.1f}" y1="{ay}" x2="{xt:.1f}" y2="{ay + 4}" stroke="#555"/>'
                 f'<text x="{xt:.1f}" y="{ay + 15}" text-anchor="middle" fill="#333">{k * step:g}</text>')
        k += 1
    o.append(f'<text x="{f.label_w - 6}" y="{ay + 15}" text-anchor="end" fill="#333">us</text>')
    return o


def _svg_box(f: _Frame, b: Box) -> list[str]:
    """A command box (colour by kind, label, tooltip) or a host sync (hatched, resume marker)."""
    y = f.box_top(b.lane)
    x0, w = f.x(b.start), max((b.end - b.start) * f.scale, 2.5)
    tip = f"{b.op}  {b.loc or '?'}  [{b.start:.3f}, {b.end:.3f}] us"
    for n in b.hazards:
        tip += f"\nhazard {n}: {f.tl.hazards[n - 1][1]}"
    haz = " hazard" if b.hazards else ""
    if b.kind == "sync":
        o = [f'<g class="sync{haz}" data-op="{escape(b.op)}" data-loc="{escape(b.where)}"><title>{escape(tip)}</title>']
        if b.end > b.start:
            o.append(f'<rect x="{x0:.2f}" y="{y + 6}" width="{w:.2f}" height="{_BOX_H - 12}" '
                     f'fill="url(#hatch)" stroke="{_SYNC_COLOR}"/>')
        h = _BOX_H / 2 - 2  # a diamond where the host resumes
        o.append(f'<path d="M{f.x(b.end):.2f},{y + 2} l4,{h} l-4,{h} l-4,{-h} z" fill="{_SYNC_COLOR}"/>')
        o += [f'<text x="{x0 + 3:.2f}" y="{y + _BOX_H / 2 + 4:.1f}" fill="#222">{escape(t)}</text>'
              for t in _fit([[b.op], ["sync"]], w - 6)]
    else:
        stroke = f' stroke="{_HAZARD_COLOR}" stroke-width="3"' if b.hazards else ' stroke="white"'
        o = [f'<g class="box {b.kind}{haz}" data-op="{escape(b.op)}" data-loc="{escape(b.where)}">'
             f"<title>{escape(tip)}</title>"
             f'<rect x="{x0:.2f}" y="{y}" width="{w:.2f}" height="{_BOX_H}" rx="3" '
             f'fill="{_COLORS.get(b.kind, "#9c755f")}"{stroke}/>']
        lines = _box_labels(b, w)
        top = y + _BOX_H / 2 - 6.5 * (len(lines) - 1) + 4
        o += [f'<text x="{x0 + 4:.2f}" y="{top + 13 * j:.1f}" fill="white">{escape(t)}</text>'
              for j, t in enumerate(lines)]
    for j, n in enumerate(b.hazards):  # numbered badges
        cx = x0 + 8 + 16 * j
        o.append(f'<circle cx="{cx:.2f}" cy="{y - 1}" r="7" fill="{_HAZARD_COLOR}"/>'
                 f'<text x="{cx:.2f}" y="{y + 3}" text-anchor="middle" fill="white" font-size="10" '
                 f'font-weight="bold">{n}</text>')
    o.append("</g>")
    return o


def _svg_arrow(f: _Frame, a: Arrow) -> str:
    """From the end of the command the event was recorded after to the start of the command that
    waited for it (for a host sync: to where the host resumes)."""
    src, dst = f.tl.boxes[a.src], f.tl.boxes[a.dst]
    sx = f.x(src.start) + max((src.end - src.start) * f.scale, 2.5)
    dx = f.x(dst.end if dst.kind == "sync" else dst.start)
    sy, dy = f.box_top(src.lane) + _BOX_H / 2, f.box_top(dst.lane) + _BOX_H / 2
    up = -1 if dy < sy else 1
    y0, y1 = sy + up * _BOX_H / 2, dy - up * _BOX_H / 2
    mid = (y0 + y1) / 2
    return (f'<path class="arrow" data-event="{escape(a.event)}" d="M{sx:.2f},{y0:.1f} '
            f'C{sx:.2f},{mid:.1f} {dx:.2f},{mid:.1f} {dx:.2f},{y1:.1f}" fill="none" '
            f'stroke="{_ARROW_COLOR}" stroke-width="1.4" marker-end="url(#arrowhead)">'
            f"<title>{escape(a.event)}: recorded after {escape(src.op)}, waited for by {escape(dst.op)}"
            "</title></path>")


def _svg_legend(f: _Frame) -> list[str]:
    ly, lx = f.legend_y, f.label_w
    o = ['<g class="legend">']
    for kind in ("kernel", "memcpy", "memset", "free"):
        o.append(f'<rect x="{lx}" y="{ly - 9}" width="14" height="11" rx="2" fill="{_COLORS[kind]}"/>'
                 f'<text x="{lx + 18}" y="{ly}">{kind}</text>')
        lx += 30 + 7 * len(kind)
    o.append(f'<rect x="{lx}" y="{ly - 9}" width="14" height="11" fill="url(#hatch)" stroke="{_SYNC_COLOR}"/>'
             f'<text x="{lx + 18}" y="{ly}">host waits (sync)</text>')
    lx += 30 + 7 * 17
    o.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 22}" y2="{ly - 4}" stroke="{_ARROW_COLOR}" '
             f'stroke-width="1.4" marker-end="url(#arrowhead)"/>'
             f'<text x="{lx + 28}" y="{ly}">event record → wait</text>')
    lx += 34 + 7 * 20
    o.append(f'<rect x="{lx}" y="{ly - 9}" width="14" height="11" fill="white" stroke="{_HAZARD_COLOR}" '
             f'stroke-width="3"/><text x="{lx + 18}" y="{ly}">hazard</text>')
    o.append(f'<text x="{_W - _PAD_R}" y="{ly}" text-anchor="end" fill="#555">virtual time '
             "(cost model, docs/run.md)</text>")
    o.append("</g>")
    return o


def render_svg(tl: Timeline) -> str:
    """The SVG document of ``tl``: title, lanes, axis, boxes, arrows, legend, hazard notes."""
    f = _Frame.of(tl)
    cols = int((_W - f.label_w - _PAD_R) / _CHAR_W)
    notes = [(sev, textwrap.wrap(f"{i}. {sev}: {msg}", cols, subsequent_indent="   ",
                                 break_on_hyphens=False) or [""])
             for i, (sev, msg) in enumerate(tl.hazards, 1)]
    height = f.notes_y + 16 * sum(len(lines) for _, lines in notes) + (6 if notes else 0)
    o = _svg_head(f, height) + _svg_lanes_and_axis(f)
    for b in tl.boxes:
        o += _svg_box(f, b)
    o += [_svg_arrow(f, a) for a in tl.arrows]
    o += _svg_legend(f)
    row = 0
    for sev, lines in notes:
        spans = "".join(f'<tspan x="{f.label_w}" y="{f.notes_y + 16 * (row + j)}">{escape(t)}</tspan>'
                        for j, t in enumerate(lines))
        color = _HAZARD_COLOR if sev == "error" else "#b8860b"
        o.append(f'<text class="hazard-note" fill="{color}">{spans}</text>')
        row += len(lines)
    o.append("</svg>")
    return "\n".join(o) + "\n"


# -------------------------------------------------------------------------------------- text
TEXT_WIDTH = 72  # columns of the time axis


def render_text(tl: Timeline, width: int = TEXT_WIDTH) -> str:
    """Plain-text timeline: one row per lane, ``width`` columns scaled to the makespan.

    Commands are ``[N===]`` (N: their number in the list below; a narrow one is just its number,
    or ``#`` when even that does not fit), host syncs ``~``; then the numbered list of boxes,
    the event edges and the hazards.
    """
    span = tl.makespan or 1.0
    name_w = max(len(n) for n in tl.lanes) if tl.lanes else 4
    rows = [[" "] * width for _ in tl.lanes]

    def col(t: float) -> int:
        return min(width - 1, max(0, round(t / span * width)))

    numbers: dict[int, int] = {}  # box index -> its number (commands only, by start time)
    for i, b in sorted(enumerate(tl.boxes), key=lambda ib: (ib[1].start, ib[1].lane)):
        if b.kind != "sync":
            numbers[i] = len(numbers) + 1
    for i, b in enumerate(tl.boxes):
        row, a = rows[b.lane], col(b.start)
        e = max(a + 1, min(width, round(b.end / span * width)))
        if b.kind == "sync":
            for c in range(a, e):
                row[c] = "~"
            continue
        n, tag = e - a, str(numbers[i])
        cells = f"[{tag}{'=' * (n - len(tag) - 2)}]" if n >= len(tag) + 2 else tag.ljust(n, "=")
        row[a:a + len(cells)] = list(cells)
        del row[width:]
    out = [tl.title, ""]
    for name, row in zip(tl.lanes, rows):
        out.append(f"{name:<{name_w}} |{''.join(row)}|")
    end = f"{tl.makespan:.1f} us"
    out.append(f"{'':<{name_w}}  0{end:>{width - 1}}")
    out.append("")
    order = sorted(range(len(tl.boxes)), key=lambda i: (tl.boxes[i].start, tl.boxes[i].lane))
    for i in order:
        b = tl.boxes[i]
        mark = "".join(f" !{n}" for n in b.hazards)
        tag = "~" if b.kind == "sync" else str(numbers[i])
        out.append(f"{tag:>4}  {tl.lanes[b.lane]:<{name_w}}  {b.start:9.1f} {b.end:9.1f}  {b.op}  {b.where}{mark}")
    for a in tl.arrows:
        src, dst = tl.boxes[a.src], tl.boxes[a.dst]
        to = (f"host sync {b.where}" if (b := dst).kind == "sync" else f"{numbers[a.dst]} ({tl.lanes[dst.lane]})")
        out.append(f"{a.event}: {numbers[a.src]} ({tl.lanes[src.lane]}) -> {to}")
    for n, (sev, msg) in enumerate(tl.hazards, 1):
        out.append(f"!{n} {sev}: {msg}")
    return "\n".join(out) + "\n"


def write_timeline(
    rt: Runtime, dest: str, stderr_lines: list[str], module: Any = None, pipeline: Any = None
) -> None:
    """``--timeline DEST``: the SVG into file ``DEST``, or (``-``) the text form onto stderr."""
    tl = build_timeline(rt, module, pipeline)
    if dest == "-":
        stderr_lines.append(render_text(tl))
    else:
        with open(dest, "w", encoding="utf-8") as fh:
            fh.write(render_svg(tl))
