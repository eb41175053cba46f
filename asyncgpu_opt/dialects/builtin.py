"""builtin dialect: ``module`` and ``unrealized_conversion_cast``."""

from __future__ import annotations

from typing import Any

from ..ir import attributes as A
from ..ir.core import Operation
from ..ir.opdef import OpDef, variadic


class ModuleOp(OpDef):
    """module ::= `module` symbol-name? (`attributes` dict)? region"""

    name = "builtin.module"
    props = ("sym_name", "sym_visibility")
    regions = ("bodyRegion",)
    traits = frozenset({"IsolatedFromAbove", "SymbolTable", "NoTerminator", "SingleBlock", "HasOnlyGraphRegion"})
    summary = "A top level container operation"

    @classmethod
    def parse_custom(cls, p: Any, results: list) -> Operation:
        attrs: dict[str, A.Attribute] = {}
        name = p.parse_optional_symbol_name()
        if name is not None:
            attrs["sym_name"] = A.StringAttr(name)
        attrs.update(p.parse_optional_attr_dict_with_keyword())
        region = p.parse_region(isolated=True)
        if not region.blocks:
            from ..ir.core import Block

            region.add_block(Block())
        return Operation.create(cls.name, (), (), attrs, [region], opdef=cls)

    @classmethod
    def print_custom(cls, pr: Any, op: Operation) -> str:
        s = ""
        if "sym_name" in op.attributes:
            s += " " + A.symbol_text(op.attributes["sym_name"].value)
        s += pr.attr_dict_text(op.attributes, ("sym_name",), with_keyword=True)
        return s + " " + pr.region_text(op.regions[0], False, False)

    @classmethod
    def verify(cls, op: Operation) -> None:
        from ..ir.opdef import VerifyError

        blocks = op.regions[0].blocks
        if len(blocks) > 1:  # the traits (SingleBlock, NoRegionArguments), then ODS's SizedRegion<1>
            raise VerifyError("expects region #0 to have 0 or 1 blocks", op)
        if blocks and blocks[0].args:
            raise VerifyError("region should have no arguments", op)
        if not blocks:
            raise VerifyError("region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks", op)
        for name in sorted(op.attributes):  # the dictionary's (sorted) order
            if "." not in name and name not in ("sym_name", "sym_visibility"):
                raise VerifyError(f"can only contain attributes with dialect-prefixed names, found: '{name}'", op)
        layout = op.attributes.get("llvm.data_layout")
        if isinstance(layout, A.StringAttr):  # LLVMDialect::verifyOperationAttribute
            from .llvm_common import data_layout_error

            err = data_layout_error(layout.value)
            if err is not None:
                raise VerifyError(f"invalid data layout descriptor: {err}\n", op)  # upstream's text ends in a newline


class UnrealizedConversionCastOp(OpDef):
    name = "builtin.unrealized_conversion_cast"
    operands = (variadic("inputs"),)
    results = (variadic("outputs"),)
    traits = frozenset({"Pure"})
    assembly_format = "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict"


def new_module() -> Operation:
    from ..ir.core import Block, Region

    r = Region([Block()])
    return Operation.create("builtin.module", (), (), {}, [r], opdef=ModuleOp)
