"""``--trace`` (Chrome trace-event JSON for Perfetto), ``--run-stats`` JSON and an SVG timeline.

Trace layout: one process per run; thread tracks ``tid`` 1.. for host threads, 100 for the
legacy default stream and ``100 + n`` for stream ``n``; ``"ph": "X"`` complete events per
command (named after the kernel symbol, ``memcpy`` or ``memset``) and per host synchronization;
flow arrows (``"ph": "s"`` / ``"f"`` with ``"bp": "e"``) from an event record to its waits.
Times are virtual microseconds.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .runtime import Command, HostSlice, HostThread, Runtime, Stream

PID = 1
STREAM_TID_BASE = 100


def _stream_tid(s: Stream) -> int:
    return STREAM_TID_BASE + s.id


def _host_tid(rt: Runtime, h: HostThread) -> int:
    return rt.hosts.index(h) + 1


def _inside(start: float, end: float, at_end: bool) -> float:
    """A timestamp strictly inside a slice (flow endpoints bind to enclosing slices)."""
    eps = min((end - start) / 2, 1e-3)
    return end - eps if at_end else start + eps


def build_trace(rt: Runtime, name: str = "asyncgpu-opt run") -> dict[str, Any]:
    """The Chrome trace-event JSON object for a finished (or running) :class:`Runtime`."""
    from .runtime import Command

    ev: list[dict[str, Any]] = [
        {"ph": "M", "name": "process_name", "pid": PID, "tid": 0, "args": {"name": name}}
    ]

    def track(tid: int, tname: str) -> None:
        ev.append({"ph": "M", "name": "thread_name", "pid": PID, "tid": tid, "args": {"name": tname}})
        ev.append(
            {"ph": "M", "name": "thread_sort_index", "pid": PID, "tid": tid, "args": {"sort_index": tid}}
        )

    for h in rt.hosts:
        track(_host_tid(rt, h), h.name)
    used_default = any(c.stream.id == 0 for c in rt.commands)
    for s in ([rt.default_stream] if used_default else []) + rt.streams:
        track(_stream_tid(s), s.name)

    for c in rt.commands:
        args: dict[str, Any] = {"loc": c.loc or "?"}
        if c.kind == "kernel":
            args.update(grid=list(c.grid or ()), block=list(c.block or ()), threads=c.threads)
        else:
            args["bytes"] = c.nbytes
        ev.append(
            {
                "name": c.name,
                "cat": c.kind,
                "ph": "X",
                "ts": c.start,
                "dur": c.end - c.start,
                "pid": PID,
                "tid": _stream_tid(c.stream),
                "args": args,
            }
        )
    for sl in rt.host_slices:
        ev.append(
            {
                "name": sl.name,
                "cat": "host-sync",
                "ph": "X",
                "ts": sl.start,
                "dur": sl.end - sl.start,
                "pid": PID,
                "tid": _host_tid(rt, sl.host),
                "args": {"loc": sl.loc or "?"},
            }
        )
    for fl in rt.flows:
        if fl.dst is None:
            continue
        src: Command = fl.src
        dst: Command | HostSlice = fl.dst
        dst_tid = _stream_tid(dst.stream) if isinstance(dst, Command) else _host_tid(rt, dst.host)
        common = {"name": fl.event.name, "cat": "event", "id": fl.id, "pid": PID}
        ev.append(
            {**common, "ph": "s", "tid": _stream_tid(src.stream), "ts": _inside(src.start, src.end, True)}
        )
        ev.append({**common, "ph": "f", "bp": "e", "tid": dst_tid, "ts": _inside(dst.start, dst.end, False)})
    return {"traceEvents": ev, "displayTimeUnit": "ns", "otherData": {"time_unit": "virtual microseconds"}}


def write_trace(rt: Runtime, path: str | Path, name: str = "asyncgpu-opt run") -> None:
    """Write :func:`build_trace` to ``path`` (``--trace FILE``)."""
    Path(path).write_text(json.dumps(build_trace(rt, name), indent=1) + "\n")


def write_run_stats(rt: Runtime, path: str | Path) -> None:
    """Write :meth:`Runtime.run_stats` to ``path`` (``--run-stats FILE``)."""
    Path(path).write_text(json.dumps(rt.run_stats(), indent=2) + "\n")


_COLORS = {"kernel": "#4e79a7", "memcpy": "#f28e2b", "memset": "#59a14f", "host-sync": "#bab0ac"}


def render_timeline_svg(trace: dict[str, Any] | str, width: int = 900, lane_height: int = 26) -> str:
    """A small SVG timeline of a trace (JSON object or text): one lane per thread track."""
    data = json.loads(trace) if isinstance(trace, str) else trace
    events = data["traceEvents"] if isinstance(data, dict) else data
    names: dict[int, str] = {}
    slices: dict[int, list[dict[str, Any]]] = {}
    flows: dict[Any, dict[str, tuple[int, float]]] = {}
    for e in events:
        ph, tid = e.get("ph"), e.get("tid", 0)
        if ph == "M" and e.get("name") == "thread_name":
            names[tid] = e["args"]["name"]
        elif ph == "X":
            slices.setdefault(tid, []).append(e)
        elif ph in ("s", "f"):
            flows.setdefault(e.get("id"), {})[ph] = (tid, float(e["ts"]))
    tids = sorted(set(names) | set(slices))
    label_w, pad = 110, 6
    t_end = (
        max((float(e["ts"]) + float(e.get("dur", 0)) for v in slices.values() for e in v), default=1.0) or 1.0
    )
    scale = (width - label_w - 2 * pad) / t_end
    height = lane_height * len(tids) + 24
    lane = {tid: i for i, tid in enumerate(tids)}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="monospace" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for tid in tids:
        y = lane[tid] * lane_height + 4
        out.append(
            f'<text x="{pad}" y="{y + lane_height / 2 + 4:.1f}">{escape(names.get(tid, str(tid)))}</text>'
        )
        out.append(
            f'<line x1="{label_w}" y1="{y + lane_height - 2}" x2="{width - pad}" '
            f'y2="{y + lane_height - 2}" stroke="#ddd"/>'
        )
        for e in slices.get(tid, []):
            x = label_w + float(e["ts"]) * scale
            w = max(float(e.get("dur", 0)) * scale, 1.0)
            color = _COLORS.get(e.get("cat", ""), "#9c755f")
            title = escape(
                f"{e['name']} [{float(e['ts']):.3f}, {float(e['ts']) + float(e.get('dur', 0)):.3f}] us"
            )
            out.append(
                f'<rect x="{x:.2f}" y="{y}" width="{w:.2f}" height="{lane_height - 8}" fill="{color}">'
                f"<title>{title}</title></rect>"
            )
            label = str(e["name"])
            if w > 7 * len(label):
                ty = y + lane_height / 2 + 1
                out.append(f'<text x="{x + 3:.2f}" y="{ty:.1f}" fill="white">{escape(label)}</text>')
    for f in flows.values():
        if "s" in f and "f" in f and f["s"][0] in lane and f["f"][0] in lane:
            (t0, s0), (t1, s1) = f["s"], f["f"]
            y0 = lane[t0] * lane_height + lane_height / 2
            y1 = lane[t1] * lane_height + lane_height / 2
            out.append(
                f'<line x1="{label_w + s0 * scale:.2f}" y1="{y0:.1f}" x2="{label_w + s1 * scale:.2f}" '
                f'y2="{y1:.1f}" stroke="#e15759" stroke-width="1.5"/>'
            )
    axis_y = height - 6
    out.append(f'<text x="{label_w}" y="{axis_y}">0 us</text>')
    out.append(f'<text x="{width - pad}" y="{axis_y}" text-anchor="end">{t_end:.3f} us</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
