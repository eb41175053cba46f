"""Locations and diagnostics, rendered as mlir-opt does::

    file.mlir:3:5: error: message
        gpu.wait [%t0
        ^

Columns count a tab as one column; the echoed line has tabs expanded to 8-column stops and the
caret follows that expansion.  Diagnostics without a location print ``<unknown>:0: error: ...``.
"""

from __future__ import annotations

import bisect
from typing import Any

from .records import Record


class Source:
    """A buffer (or a ``--split-input-file`` chunk of one) with its file name and line offset;
    ``first_prefix`` is the text of the file's line before a chunk that starts mid-line (its
    columns count from the line's start, as upstream keeps a chunk's position in the file)."""

    __slots__ = ("text", "filename", "line_offset", "_starts", "full_text", "first_prefix")

    def __init__(self, text: str, filename: str, line_offset: int = 0, full_text: str | None = None,
                 first_prefix: str = "") -> None:
        self.text = text
        self.filename = filename
        self.line_offset = line_offset
        self._starts: list[int] | None = None
        self.full_text = full_text
        self.first_prefix = first_prefix

    def line_col(self, offset: int) -> tuple[int, int]:
        if self._starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._starts = starts
        ln = bisect.bisect_right(self._starts, offset) - 1
        col = offset - self._starts[ln] + 1
        return ln + 1 + self.line_offset, col + len(self.first_prefix) if ln == 0 else col

    def line_text(self, offset: int) -> str:
        s = self.text.rfind("\n", 0, offset) + 1
        e = self.text.find("\n", offset)
        line = self.text[s: e if e >= 0 else len(self.text)]
        return self.first_prefix + line if s == 0 else line


def quote_string(s: str) -> str:
    """MLIR's string literal: ``\\``, ``\\22`` and hex escapes for bytes outside printable ASCII."""
    out = ['"']
    for ch in s.encode("utf-8", "surrogateescape"):  # bytes of invalid UTF-8 kept as read
        c = chr(ch)
        if c == "\\":
            out.append("\\\\")
        elif c == '"':
            out.append("\\22")
        elif 0x20 <= ch < 0x7F:
            out.append(c)
        else:
            out.append("\\" + format(ch, "02X"))
    out.append('"')
    return "".join(out)


class FileLoc:
    """``file:line:col`` of an offset in a source; line/col computed on demand."""

    __slots__ = ("source", "offset")

    def __init__(self, source: Source, offset: int) -> None:
        self.source = source
        self.offset = offset

    @property
    def line_col(self) -> tuple[int, int]:
        return self.source.line_col(self.offset)

    def __str__(self) -> str:
        ln, col = self.line_col
        return f"{self.source.filename}:{ln}:{col}"

    def mlir_text(self) -> str:
        ln, col = self.line_col
        return f"{quote_string(self.source.filename)}:{ln}:{col}"


class TextLoc:
    """A location written in the input (``loc(...)``), kept as its text."""

    __slots__ = ("text", "fallback", "node")

    def __init__(self, text: str, fallback: Any = None, node: Any = None) -> None:
        self.text = text
        self.fallback = fallback
        self.node = node  # syntax.locations node (structure for printing and aliases)

    def __str__(self) -> str:
        import re

        m = re.match(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)', self.text)
        if m:
            return f"{m.group(1)}:{m.group(2)}:{m.group(3)}"
        return str(self.fallback) if self.fallback is not None else "<unknown>:0"

    def mlir_text(self) -> str:
        return self.text


def loc_str(loc: Any) -> str:
    return "<unknown>:0" if loc is None else str(loc)


class Diagnostic(Record):
    __slots__ = ("severity", "message", "loc", "notes", "show_source", "range_len", "summary", "op",
                 "op_in_message", "current_op_note")

    def __init__(self, severity: str, message: str, loc: Any = None, notes: list[Diagnostic] | None = None,
                 show_source: bool = True, range_len: int = 1, summary: bool = False, op: Any = None,
                 op_in_message: bool = False, current_op_note: bool = False) -> None:
        self.severity = severity  # error | warning | note | remark
        self.message = message
        self.loc = loc
        self.notes: list[Diagnostic] = [] if notes is None else notes
        self.show_source = show_source
        self.range_len = range_len  # caret plus ``~`` underline length
        self.summary = summary  # a closing line of the tool's own (``asyncgpu-opt: 2 hazards detected``)
        # the op the diagnostic is about: ``syntax.op_notes.complete`` renders it as the first note,
        # ``see current operation: <generic form>`` (and, when ``op_in_message``, at the message's end)
        self.op = op
        self.op_in_message = op_in_message
        self.current_op_note = current_op_note  # this note is that rendering (--verify-diagnostics skips it)

    def render(self, show_source: bool = True, color: bool = False) -> str:
        """mlir-opt's text; ``color``: its terminal colours (LLVM's ``SMDiagnostic::print``: bold
        location and message, the severity in bold red/magenta/black/blue, a bold green caret)."""
        if self.summary:
            return f"asyncgpu-opt: {self.message}\n"
        if color:
            out = [f"{_BOLD}{loc_str(self.loc)}: {_RESET}{_SEVERITY_COLOR.get(self.severity, _BOLD)}{self.severity}: "
                   f"{_RESET}{_BOLD}{self.message}\n{_RESET}"]
        else:
            out = [f"{loc_str(self.loc)}: {self.severity}: {self.message}\n"]
        if show_source and self.show_source and isinstance(self.loc, FileLoc):
            line = self.loc.source.line_text(self.loc.offset)
            _, col = self.loc.line_col
            prefix = line[: col - 1].expandtabs(8)
            out.append(line.expandtabs(8) + "\n")
            caret = " " * len(prefix) + "^" + "~" * (self.range_len - 1) + "\n"
            out.append(f"{_GREEN}{caret}{_RESET}" if color else caret)
        text = "".join(out)
        # Like SourceMgrDiagnosticHandler, a note echoes its source line only when its location
        # differs from the previous one (the diagnostic's or the previous note's).
        prev = loc_key(self.loc)
        for n in self.notes:
            key = loc_key(n.loc)
            text += n.render(key != prev, color)
            prev = key
        return text


_BOLD, _RESET, _GREEN = "\x1b[1m", "\x1b[0m", "\x1b[0;1;32m"
_SEVERITY_COLOR = {"error": "\x1b[0;1;31m", "warning": "\x1b[0;1;35m", "note": "\x1b[0;1;30m",
                   "remark": "\x1b[0;1;34m"}


def loc_key(loc: Any) -> Any:
    """Identity of a location for "same location" comparisons (file, line, column)."""
    if isinstance(loc, FileLoc):
        return (loc.source.filename, *loc.line_col)
    if loc is None:
        return None
    return str(getattr(loc, "text", loc))


class MLIRError(Exception):
    """A located error that ends the current chunk (parse, verify, pass failure)."""

    def __init__(self, message: str, loc: Any = None, notes: list[Diagnostic] | None = None, op: Any = None,
                 op_in_message: bool = False) -> None:
        super().__init__(message)
        # ``op``: the failing op, shown in a "see current operation" note (``syntax.op_notes``)
        self.diagnostic = Diagnostic("error", message, loc, notes or [], op=op, op_in_message=op_in_message)
        # errors reported before this one by the same failing step (a nested parse that failed and
        # an op parser that then reported its own error): shown first, in order
        self.preceding: list[Diagnostic] = []

    @property
    def op(self) -> Any:
        return self.diagnostic.op
