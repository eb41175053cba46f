"""llvm dialect: ``llvm.comdat`` and ``llvm.comdat_selector`` (LLVMOps.td: LLVM_ComdatOp,
LLVM_ComdatSelectorOp), the comdat table that ``llvm.func``/``llvm.mlir.global`` name with
``comdat(@table::@selector)``.

    llvm.comdat @__llvm_comdat {
      llvm.comdat_selector @any any      // any | exactmatch | largest | nodeduplicate | samesize
    }
"""

from __future__ import annotations

from typing import Any

from ..ir.opdef import OpDef
from ._common import keyword_enum
from .gpu import _sym_parser, _sym_printer

_SELECTION = keyword_enum("i64", ("any", "exactmatch", "largest", "nodeduplicate", "samesize"),
                          attr_name="comdat")


class ComdatOp(OpDef):
    name = "llvm.comdat"
    props = ("sym_name",)
    regions = ("body",)
    traits = frozenset({"SymbolTable", "Symbol", "NoTerminator", "SingleBlock"})
    attr_printers = {"sym_name": _sym_printer}
    attr_parsers = {"sym_name": _sym_parser}
    assembly_format = "$sym_name $body attr-dict"


class ComdatSelectorOp(OpDef):
    name = "llvm.comdat_selector"
    props = ("sym_name", "comdat")
    traits = frozenset({"Symbol", "HasParent"})
    attr_printers: dict[str, Any] = {"sym_name": _sym_printer, "comdat": _SELECTION[0]}
    attr_parsers: dict[str, Any] = {"sym_name": _sym_parser, "comdat": _SELECTION[1]}
    assembly_format = "$sym_name $comdat attr-dict"
