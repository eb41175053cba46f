"""``--timeline``: the SVG's lanes, boxes, arrows and hazard marks, and the text form's rows."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.passes.pipeline import parse_pipeline
from asyncgpu_opt.run.timeline import Arrow, Box, Timeline, render_svg, render_text, short_loc

ROOT = Path(__file__).resolve().parent.parent
SYNC_EXAMPLE = ROOT / "examples" / "two_matmuls_sync.mlir"
NS = {"s": "http://www.w3.org/2000/svg"}


def _run_svg(path: Path, tmp_path: Path, pipeline: str | None = None) -> tuple[ET.Element, int]:
    """Run ``path`` (after ``pipeline``) with ``--timeline`` into a file; the parsed SVG and exit code."""
    out = tmp_path / "t.svg"
    cfg = Config(run=True, backend="sim", timeline=str(out))
    if pipeline:
        cfg.pipeline = parse_pipeline(pipeline)
    res = run_opt(path.read_text(), str(path), cfg)
    return ET.fromstring(out.read_text()), res.exit_code


def _lanes(svg: ET.Element) -> list[tuple[str, float, float]]:
    """(name, top, bottom) of each lane, top to bottom."""
    lanes = []
    for g in svg.findall("s:g[@class='lane']", NS):
        r = g.find("s:rect", NS)
        assert r is not None
        y, h = float(r.get("y", 0)), float(r.get("height", 0))
        lanes.append((g.get("data-name", ""), y, y + h))
    return lanes


def _boxes(svg: ET.Element, kind: str = "") -> list[dict[str, object]]:
    """Command boxes: class, op, loc, lane name and [x0, x1) of their rectangle."""
    lanes = _lanes(svg)
    boxes = []
    for g in svg.findall("s:g", NS):
        cls = (g.get("class") or "").split()
        if not cls or cls[0] != "box" or (kind and kind not in cls):
            continue
        r = g.find("s:rect", NS)
        assert r is not None
        x, y, w = float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0))
        lane = next(name for name, top, bottom in lanes if top <= y < bottom)
        boxes.append({"class": cls, "op": g.get("data-op"), "loc": g.get("data-loc"), "lane": lane,
                      "x0": x, "x1": x + w})
    return boxes


def _launches(path: Path) -> list[tuple[str, int]]:
    """``(@module::@func, line)`` of each ``gpu.launch_func`` in ``path``, read from the source."""
    found = []
    for n, text in enumerate(path.read_text().splitlines(), 1):
        m = re.search(r"gpu\.launch_func\s+(?:async\s+\[[^]]*\]\s+)?(@[\w$.]+::@[\w$.]+)", text)
        if m and not text.lstrip().startswith("//"):
            found.append((m.group(1), n))
    return found


def _overlap(a: dict[str, object], b: dict[str, object]) -> bool:
    """Rectangles overlap in time (more than the rounding of their coordinates)."""
    return float(a["x0"]) < float(b["x1"]) - 0.05 and float(b["x0"]) < float(a["x1"]) - 0.05  # type: ignore[arg-type]


def test_async_region_puts_the_two_matmuls_on_overlapping_lanes(tmp_path: Path) -> None:
    svg, code = _run_svg(SYNC_EXAMPLE, tmp_path, "builtin.module(func.func(async-region),gpu-to-runtime)")
    assert code == 0
    lanes = [name for name, _, _ in _lanes(svg)]
    assert lanes[0] == "host" and lanes[1:] == [f"stream {i}" for i in range(1, len(lanes))]
    assert len(lanes) >= 3
    kernels = _boxes(svg, "kernel")
    # one box per launch, labelled with its op and its source line
    expected = sorted((f"gpu.launch_func {sym}", f"two_matmuls_sync.mlir:{n}") for sym, n in _launches(SYNC_EXAMPLE))
    assert len(expected) == 5 and sorted((k["op"], k["loc"]) for k in kernels) == expected
    fills = [k for k in kernels if "@fill_kernels" in str(k["op"])]
    mm = [k for k in kernels if str(k["op"]).endswith("@test_parallel_kernel::@test_parallel_kernel")]
    mm0 = [k for k in kernels if "@test_parallel_kernel_0::" in str(k["op"])]
    assert len(fills) == 2 and len(mm) == len(mm0) == 1
    # the independent work overlaps on different lanes
    assert fills[0]["lane"] != fills[1]["lane"] and _overlap(fills[0], fills[1])
    assert mm[0]["lane"] != mm0[0]["lane"] and _overlap(mm[0], mm0[0])
    # the add waits for the other stream's matmul through an event: an arrow per event edge
    arrows = svg.findall("s:path[@class='arrow']", NS)
    assert arrows and all(a.get("data-event", "").startswith("event ") for a in arrows)
    assert all(a.get("marker-end") == "url(#arrowhead)" for a in arrows)
    # the host's waits are on the host lane
    host_top, host_bottom = _lanes(svg)[0][1:]
    syncs = [g for g in svg.findall("s:g", NS) if (g.get("class") or "").split()[:1] == ["sync"]]
    assert syncs and all(str(g.get("data-op")).startswith("sync stream ") for g in syncs)
    for g in syncs:
        shape = g.find("s:path", NS)
        assert shape is not None
        y = float(re.match(r"M[\d.]+,([\d.]+)", shape.get("d", "")).group(1))  # type: ignore[union-attr]
        assert host_top <= y < host_bottom
    assert svg.find("s:g[@class='legend']", NS) is not None
    assert "after async-region, gpu-to-runtime" in "".join(svg.find("s:text[@class='title']", NS).itertext())  # type: ignore[union-attr]


def test_the_synchronous_program_runs_on_one_lane(tmp_path: Path) -> None:
    svg, code = _run_svg(SYNC_EXAMPLE, tmp_path)
    assert code == 0
    assert [name for name, _, _ in _lanes(svg)] == ["host", "default stream"]
    kernels = _boxes(svg, "kernel")
    assert len(kernels) == 5 and {k["lane"] for k in kernels} == {"default stream"}
    assert not any(_overlap(a, b) for i, a in enumerate(kernels) for b in kernels[i + 1:])
    assert svg.findall("s:path[@class='arrow']", NS) == []


def test_hazards_outline_both_commands_and_are_listed(tmp_path: Path) -> None:
    race = ROOT / "lit_tests" / "Run" / "hazard-race.mlir"
    svg, code = _run_svg(race, tmp_path)
    assert code == 1  # the race is still an error; the picture is written anyway
    marked = [b for b in _boxes(svg) if "hazard" in b["class"]]  # type: ignore[operator]
    assert sorted(str(b["loc"]) for b in marked) == [f"hazard-race.mlir:{n}" for _, n in _launches(race)]
    assert len(marked) == 2 and marked[0]["lane"] != marked[1]["lane"]
    notes = ["".join(t.itertext()) for t in svg.findall("s:text[@class='hazard-note']", NS)]
    assert len(notes) == 1 and notes[0].startswith("1. error: ") and "data race" in notes[0]


def _tl() -> Timeline:
    boxes = [
        Box(1, 0.0, 50.0, "kernel", "gpu.launch_func @m::@a", "d/f.mlir:3:5"),
        Box(1, 50.0, 100.0, "memcpy", "gpu.memcpy", "d/f.mlir:4:5"),
        Box(2, 25.0, 75.0, "kernel", "gpu.launch_func @m::@b", "d/f.mlir:5:5"),
        Box(0, 75.0, 100.0, "sync", "sync stream 1", "d/f.mlir:6:5"),
    ]
    return Timeline("f.mlir", ["host", "stream 1", "stream 2"], boxes, [Arrow("event 1", 2, 1)], [], 100.0)


def test_text_rows_are_a_fixed_width_scaled_to_the_makespan() -> None:
    text = render_text(_tl(), width=20)
    rows = {line.split("|")[0].strip(): line.split("|")[1] for line in text.splitlines() if line.count("|") == 2}
    assert rows == {
        "host": " " * 15 + "~" * 5,
        "stream 1": "[1=======][3=======]",
        "stream 2": " " * 5 + "[2=======]" + " " * 5,
    }
    assert "event 1: 2 (stream 2) -> 3 (stream 1)" in text
    listing = [line.split() for line in text.splitlines() if re.match(r"^ +(\d+|~)  \S", line)]
    assert [row[0] for row in listing] == ["1", "2", "3", "~"]  # numbered by start time
    assert listing[0][-2:] == ["@m::@a", "f.mlir:3"]


def test_svg_of_a_hand_built_timeline_scales_boxes_to_the_makespan() -> None:
    svg = ET.fromstring(render_svg(_tl()))
    boxes = {str(b["op"]): b for b in _boxes(svg)}
    a, c, b = boxes["gpu.launch_func @m::@a"], boxes["gpu.memcpy"], boxes["gpu.launch_func @m::@b"]
    assert a["x1"] == pytest.approx(c["x0"]) and float(c["x1"]) - float(c["x0"]) == pytest.approx(
        float(a["x1"]) - float(a["x0"]))  # type: ignore[arg-type]
    assert float(b["x0"]) == pytest.approx((float(a["x0"]) + float(a["x1"])) / 2)  # type: ignore[arg-type]
    assert a["lane"] == c["lane"] == "stream 1" and b["lane"] == "stream 2"
    assert len(svg.findall("s:path[@class='arrow']", NS)) == 1


@pytest.mark.parametrize(("loc", "short"), [("a/b/f.mlir:12:5", "f.mlir:12"), (None, "?"), ("<unknown>", "<unknown>")])
def test_short_loc(loc: str | None, short: str) -> None:
    assert short_loc(loc) == short
