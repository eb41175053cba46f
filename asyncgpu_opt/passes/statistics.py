"""``--mlir-pass-statistics``: the counters of a pipeline's passes, in mlir-opt's report format.

    report  ::= rule title rule entries "\\n"
    entries ::= (pipeline mode) the pipeline's shape: "'func.func' Pipeline" heads nested passes
                (list mode) one entry per pass name, counters summed, passes without any left out
    entry   ::= indent pass-cpp-name "\\n" (indent "  (S) " value name " - " description "\\n")*

Values are right-aligned and names left-aligned to the widest in the entry, counters sorted by
name, as upstream's ``printPassEntry``.  A pass declares its counters in ``Pass.statistics`` and
adds to them with ``self.count(name, n)``.
"""

from __future__ import annotations

from typing import Any

_TITLE = "... Pass statistics report ..."


def _entry(indent: int, name: str, stats: list[tuple[str, str, int]]) -> list[str]:
    out = [" " * indent + name]
    if not stats:
        return out
    wname = max(len(n) for n, _, _ in stats)
    wval = max(len(str(v)) for _, _, v in stats)
    for n, d, v in sorted(stats, key=lambda s: s[0]):
        out.append(" " * (indent + 2) + f"(S) {v:>{wval}} {n:<{wname}} - {d}")
    return out


def _cpp(p: Any) -> str:
    return type(p).cpp_name or type(p).__name__


def _pipeline(nest: Any, indent: int, out: list[str]) -> None:
    from .pipeline import Nest

    for it in nest.items:
        if isinstance(it, Nest):
            out.append(" " * indent + f"'{it.op_name}' Pipeline")
            _pipeline(it, indent + 2, out)
        else:
            out.extend(_entry(indent, _cpp(it.pass_), it.pass_.stat_values()))


def _list(nest: Any, merged: dict[str, list[tuple[str, str, int]]]) -> None:
    from .pipeline import Nest

    for it in nest.items:
        if isinstance(it, Nest):
            _list(it, merged)
            continue
        stats = it.pass_.stat_values()
        if not stats:
            continue
        name = _cpp(it.pass_)
        if name not in merged:
            merged[name] = stats
        else:
            merged[name] = [(n, d, v + w) for (n, d, v), (_, _, w) in zip(merged[name], stats)]


def statistics_report(nest: Any, mode: str = "pipeline") -> str:
    """The report for the pipeline ``nest`` (a ``passes.pipeline.Nest``) after it ran;
    ``mode`` is ``pipeline`` or ``list``."""
    rule = "===" + "-" * 73 + "==="
    out = [rule, " " * ((80 - len(_TITLE)) // 2) + _TITLE, rule]
    if mode == "list":
        merged: dict[str, list[tuple[str, str, int]]] = {}
        _list(nest, merged)
        for name in sorted(merged):
            out.extend(_entry(2, name, merged[name]))
    else:
        _pipeline(nest, 0, out)
    return "\n".join(out) + "\n\n"


def reset(nest: Any) -> None:
    """Zero every pass's counters (each ``--split-input-file`` chunk reports its own)."""
    from .pipeline import Nest

    for it in nest.items:
        if isinstance(it, Nest):
            reset(it)
        else:
            it.pass_.__dict__.pop("_stat_values", None)
