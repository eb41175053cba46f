"""mlir-opt's action tracing options over the pass pipeline's hooks.

- ``--mlir-debug-counter=TAG-skip=N,TAG-count=M``: ``DebugCounter``. The k-th action of a tag
  (0-based) runs when ``skip <= k`` and (``count == -1`` or ``k < skip + count``). The only action
  here is ``pass-execution`` (a pass, or a nested pipeline's adaptor, on one op).
- ``--log-mlir-actions-filter=FILE[:LINE[:COL]],...``: only actions on an op whose location (or a
  location nested in it) is in FILE (at LINE, COL) are logged.
- ``--profile-actions-to=FILE``: a Chrome trace (``B``/``E`` events, microseconds).
"""

from __future__ import annotations

import threading
import time
from typing import Any


class CounterError(Exception):
    """A malformed ``--mlir-debug-counter`` argument, in mlir-opt's words."""


class DebugCounters:
    """Counter per tag: [hits, skip, count]."""

    def __init__(self, args: tuple[str, ...] | list[str]) -> None:
        self.counters: dict[str, list[int]] = {}
        for group in args:
            for arg in group.split(","):
                if not arg:
                    continue
                name, eq, value = arg.partition("=")
                if not eq:
                    raise CounterError("expected DebugCounter argument to have an `=` separating the counter "
                                       f"name and value, but the provided argument was: `{arg}`")
                try:
                    n = int(value)
                except ValueError:
                    raise CounterError(f"expected DebugCounter counter value to be numeric, but got `{value}`") \
                        from None
                if name.endswith("-skip"):
                    self.counters.setdefault(name[:-5], [0, 0, -1])[1] = n
                elif name.endswith("-count"):
                    self.counters.setdefault(name[:-6], [0, 0, -1])[2] = n
                else:
                    raise CounterError("expected DebugCounter counter name to end with either `-skip` or `-count`, "
                                       f"but got`{name}`")

    def should_execute(self, tag: str) -> bool:
        c = self.counters.get(tag)
        if c is None:
            return True
        k = c[0]
        c[0] += 1
        return k >= c[1] and (c[2] == -1 or k < c[1] + c[2])

    def report(self) -> str:
        """``--mlir-print-debug-counter``: every counter, sorted by tag."""
        lines = ["DebugCounter counters:"]
        lines += [f"{tag:<32}: {{{c[0]},{c[1]},{c[2]}}}" for tag, c in sorted(self.counters.items())]
        return "\n".join(lines) + "\n"


def parse_location_filters(args: tuple[str, ...] | list[str]) -> list[tuple[str, int, int]]:
    """``FILE[:LINE[:COL]]`` entries (comma separated) as (file, line or -1, col or -1)."""
    out: list[tuple[str, int, int]] = []
    for group in args:
        for entry in group.split(","):
            if not entry:
                continue
            parts = entry.split(":")
            nums: list[int] = []
            while len(parts) > 1 and len(nums) < 2 and parts[-1].isdigit():
                nums.insert(0, int(parts.pop()))
            line, col = (nums + [-1, -1])[:2]
            out.append((":".join(parts), line, col))
    return out


def location_matches(node: tuple, filters: list[tuple[str, int, int]]) -> bool:
    """True when ``node`` or a location nested in it is a file location one filter names."""
    from .syntax.locations import children

    if node[0] == "file":
        for file, line, col in filters:
            if node[1] == file and line in (-1, node[2]) and col in (-1, node[3]):
                return True
    return any(location_matches(c, filters) for c in children(node))


class Profile:
    """``--profile-actions-to``: Chrome trace events of the actions, as mlir-opt's ActionProfiler."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.start = time.perf_counter()
        self.tid = threading.get_native_id()

    def _event(self, ph: str, tail: str) -> None:
        ts = int((time.perf_counter() - self.start) * 1e6)
        self.events.append(f'{{"name": "pass-execution", "cat": "PERF", "ph": "{ph}", "pid": 0, "tid": {self.tid}, '
                           f'"ts": {ts}{tail}}}')

    def begin(self, pass_name: str, op_name: str) -> None:
        from .diagnostics import quote_string

        desc = quote_string(f"`pass-execution` running `{pass_name}` on Operation `{op_name}`")
        self._event("B", f', "args": {{"desc": {desc}}}')

    def end(self) -> None:
        self._event("E", "")

    def text(self) -> str:
        return "[" + ",\n".join(self.events) + "]"


def install(hooks: Any, counters: DebugCounters | None, filters: list[tuple[str, int, int]] | None,
            log: list[str] | None, profile: Profile | None, op_summary: Any) -> None:
    """Wrap ``hooks`` (passes.pipeline.PassHooks): skip actions the counters disable, and log
    (``--log-actions-to``, only what the filters let through) and profile the others."""
    from .syntax.locations import node_of

    head = "[thread asyncgpu-opt] "
    prev_before, prev_after, prev_failed = hooks.before, hooks.after, hooks.failed
    prev_nb, prev_na = hooks.nest_before, hooks.nest_after
    open_: list[bool] = []  # per running action: logged?

    def wanted(op: Any) -> bool:
        return filters is None or location_matches(node_of(op.loc), filters)

    def begins(name: str, op: Any) -> None:
        shown = wanted(op)
        open_.append(shown)
        if log is not None and shown:
            log.append(f"{head}begins (no breakpoint) Action `pass-execution` running `{name}` on Operation "
                       f"`{op.name}` ({op_summary(op)})`")
        if profile is not None:
            profile.begin(name, op.name)

    def completed() -> None:
        shown = open_.pop() if open_ else True
        if log is not None and shown:
            log.append(f"{head}completed `pass-execution`")
        if profile is not None:
            profile.end()

    def cpp(entry: Any) -> str:
        return type(entry.pass_).cpp_name or type(entry.pass_).__name__

    def before(entry: Any, op: Any) -> None:
        begins(cpp(entry), op)
        if prev_before:
            prev_before(entry, op)

    def after(entry: Any, op: Any, changed: bool) -> None:
        completed()
        if prev_after:
            prev_after(entry, op, changed)

    def failed(entry: Any, op: Any) -> None:
        completed()
        if prev_failed:
            prev_failed(entry, op)

    def nest_before(nest: Any, op: Any) -> None:
        begins("mlir::detail::OpToOpPassAdaptor", op)
        if prev_nb:
            prev_nb(nest, op)

    def nest_after(nest: Any, op: Any) -> None:
        completed()
        if prev_na:
            prev_na(nest, op)

    if log is not None or profile is not None:
        hooks.before, hooks.after, hooks.failed = before, after, failed
        hooks.nest_before, hooks.nest_after = nest_before, nest_after
    if counters is not None:
        hooks.should_run = lambda item, op: counters.should_execute("pass-execution")
