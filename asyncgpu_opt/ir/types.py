"""Builtin and dialect types.  Every type is immutable, hashable, and prints as mlir-opt does.

Types are structural values: a type's parameters (``_key``, set once by its constructor) are its
identity.  Two types are equal when they are of the same class with equal parameters, and hash from
their parameters (cached).  ``text``, the canonical spelling, is rendered once from the parameters
when the type is built (printing reads it in hot loops).  ``OpaqueType`` (a dialect type we do not
model) has its text as its one parameter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..diagnostics import quote_string


class Type:
    """Base: ``_key`` is the parameter tuple (identity), ``text`` the canonical spelling rendered from it."""

    __slots__ = ("text", "_key", "_hash")
    _key: tuple[Any, ...]

    def _init(self, key: tuple[Any, ...], text: str) -> None:
        """Called once by each constructor: the parameters and the spelling derived from them."""
        self._key = key
        self.text = text
        self._hash: int | None = None

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is type(self) and other._key == self._key)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash((type(self), self._key))
        return h

    def llvm_body(self) -> str:
        """Spelling inside an LLVM type (``!llvm.`` prefix dropped)."""
        return self.text


class IntegerType(Type):
    __slots__ = ("width", "signedness")

    def __init__(self, width: int, signedness: str = "") -> None:  # "", "s", "u"
        self.width = width
        self.signedness = signedness
        self._init((width, signedness), f"{signedness}i{width}")


class IndexType(Type):
    __slots__ = ()

    def __init__(self) -> None:
        self._init((), "index")


class FloatType(Type):
    __slots__ = ("width",)
    WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19,
              "f8E4M3FN": 8, "f8E5M2": 8}

    def __init__(self, name: str) -> None:
        self._init((name,), name)
        self.width = self.WIDTHS.get(name, 0)


class NoneType(Type):
    __slots__ = ()

    def __init__(self) -> None:
        self._init((), "none")


def _type_list(ts: Sequence[Type]) -> str:
    return ", ".join(t.text for t in ts)


class FunctionType(Type):
    __slots__ = ("inputs", "results")

    def __init__(self, inputs: Sequence[Type], results: Sequence[Type]) -> None:
        self.inputs = tuple(inputs)
        self.results = tuple(results)
        if len(self.results) == 1 and not isinstance(self.results[0], FunctionType):
            res = self.results[0].text
        else:
            res = f"({_type_list(self.results)})"
        self._init((self.inputs, self.results), f"({_type_list(self.inputs)}) -> {res}")


DYNAMIC = -(2**63)  # ShapedType::kDynamic


def _dims(shape: Sequence[int]) -> str:
    return "".join(("?" if d == DYNAMIC else str(d)) + "x" for d in shape)


class ShapedType(Type):
    __slots__ = ("shape", "element_type")
    shape: tuple[int, ...]
    element_type: Type

    @property
    def rank(self) -> int:
        return len(self.shape)

    def has_static_shape(self) -> bool:
        return all(d != DYNAMIC for d in self.shape)

    def num_elements(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    def num_dynamic_dims(self) -> int:
        return sum(d == DYNAMIC for d in self.shape)


class MemRefType(ShapedType):
    """``memref<4x?xf32, layout, memspace>``; layout/memory space are attributes or None."""

    __slots__ = ("layout", "memory_space")

    def __init__(self, shape: Sequence[int], element_type: Type, layout: Any = None,
                 memory_space: Any = None) -> None:
        self.shape = tuple(shape)
        self.element_type = element_type
        # an identity affine map layout is dropped, as MLIR does
        if layout is not None and getattr(layout, "is_identity_layout", lambda: False)():
            layout = None
        self.layout = layout
        if memory_space is not None and _is_default_space(memory_space):
            memory_space = None
        self.memory_space = memory_space
        s = f"memref<{_dims(self.shape)}{element_type.text}"
        if layout is not None:
            s += f", {layout}"
        if memory_space is not None:
            s += f", {_short_attr(memory_space)}"
        self._init((self.shape, element_type, layout, memory_space), s + ">")

    def has_identity_layout(self) -> bool:
        return self.layout is None


def _is_default_space(a: Any) -> bool:
    """``0 : i64`` is the default memory space (dropped, as MLIR does)."""
    f = getattr(a, "is_default_memory_space", None)
    return f is not None and f()


def _short_attr(a: Any) -> str:
    """Memory spaces print integer attributes without `: i64`."""
    short = getattr(a, "short_text", None)
    return short() if short is not None else str(a)


class UnrankedMemRefType(Type):
    __slots__ = ("element_type", "memory_space")

    def __init__(self, element_type: Type, memory_space: Any = None) -> None:
        self.element_type = element_type
        if memory_space is not None and _is_default_space(memory_space):  # as MemRefType: 0 is the default
            memory_space = None
        self.memory_space = memory_space
        s = f"memref<*x{element_type.text}"
        if memory_space is not None:
            s += f", {_short_attr(memory_space)}"
        self._init((element_type, memory_space), s + ">")


class TensorType(ShapedType):
    __slots__ = ("encoding",)

    def __init__(self, shape: Sequence[int], element_type: Type, encoding: Any = None) -> None:
        self.shape = tuple(shape)
        self.element_type = element_type
        self.encoding = encoding
        s = f"tensor<{_dims(self.shape)}{element_type.text}"
        if encoding is not None:
            s += f", {encoding}"
        self._init((self.shape, element_type, encoding), s + ">")


class UnrankedTensorType(Type):
    __slots__ = ("element_type",)

    def __init__(self, element_type: Type) -> None:
        self.element_type = element_type
        self._init((element_type,), f"tensor<*x{element_type.text}>")


class VectorType(ShapedType):
    __slots__ = ("scalable",)

    def __init__(self, shape: Sequence[int], element_type: Type, scalable: Sequence[bool] = ()) -> None:
        self.shape = tuple(shape)
        self.element_type = element_type
        self.scalable = tuple(scalable) or (False,) * len(self.shape)
        dims = "".join((f"[{d}]" if sc else str(d)) + "x" for d, sc in zip(self.shape, self.scalable))
        self._init((self.shape, element_type, self.scalable), f"vector<{dims}{element_type.text}>")


class TupleType(Type):
    __slots__ = ("types",)

    def __init__(self, types: Sequence[Type]) -> None:
        self.types = tuple(types)
        self._init(self.types, f"tuple<{_type_list(self.types)}>")


class ComplexType(Type):
    __slots__ = ("element_type",)

    def __init__(self, element_type: Type) -> None:
        self.element_type = element_type
        self._init((element_type,), f"complex<{element_type.text}>")


class OpaqueType(Type):
    """A dialect type we do not model (``!gpu.async.token``, ``!foo.bar<...>``): its full spelling is
    its one parameter, so two opaque types are equal exactly when they are spelled the same."""

    __slots__ = ()

    def __init__(self, text: str) -> None:
        self._init((text,), text)


class AsyncValueType(Type):
    __slots__ = ("value_type",)

    def __init__(self, value_type: Type) -> None:
        self.value_type = value_type
        self._init((value_type,), f"!async.value<{value_type.text}>")


class MMAMatrixType(Type):
    """``!gpu.mma_matrix<MxNxelt, "AOp"|"BOp"|"COp">`` (a warp's fragment of a matrix)."""

    __slots__ = ("shape", "element_type", "operand")

    def __init__(self, shape: Sequence[int], element_type: Type, operand: str) -> None:
        self.shape = tuple(shape)
        self.element_type = element_type
        self.operand = operand
        self._init((self.shape, element_type, operand),
                   f'!gpu.mma_matrix<{_dims(self.shape)}{element_type.text}, "{operand}">')


# ----- LLVM dialect types -------------------------------------------------------------------
class LLVMType(Type):
    """LLVM dialect types print with ``!llvm.`` outside and bare inside other LLVM types.  This base
    class is also the type we do not model (``!llvm.label``, ``!llvm.target<...>``): its body text
    is then its one parameter."""

    __slots__ = ("body",)

    def __init__(self, body: str) -> None:
        self._llvm((body,), body)

    def _llvm(self, key: tuple[Any, ...], body: str) -> None:
        self.body = body
        self._init(key, f"!llvm.{body}")

    def llvm_body(self) -> str:
        return self.body


class LLVMPointerType(LLVMType):
    __slots__ = ("address_space",)

    def __init__(self, address_space: int = 0) -> None:
        self.address_space = address_space
        self._llvm((address_space,), "ptr" if address_space == 0 else f"ptr<{address_space}>")


class LLVMArrayType(LLVMType):
    __slots__ = ("size", "element_type")

    def __init__(self, size: int, element_type: Type) -> None:
        self.size = size
        self.element_type = element_type
        self._llvm((size, element_type), f"array<{size} x {element_type.llvm_body()}>")


class LLVMStructType(LLVMType):
    """``struct<(elems)>``, ``struct<packed (elems)>``, ``struct<"name", (elems)>``, ``struct<"name", opaque>``."""

    __slots__ = ("name", "elements", "packed", "opaque")

    def __init__(self, elements: Sequence[Type] | None, packed: bool = False, name: str | None = None,
                 opaque: bool = False) -> None:
        self.name = name
        self.elements = tuple(elements) if elements is not None else ()
        self.packed = packed
        self.opaque = opaque = opaque or elements is None
        inner = ", ".join(e.llvm_body() for e in self.elements)
        body = "" if opaque else (f"packed ({inner})" if packed else f"({inner})")
        key = (name, self.elements, packed, opaque)
        if name is None:
            self._llvm(key, f"struct<{body}>")
        else:
            self._llvm(key, f"struct<{quote_string(name)}, {'opaque' if opaque else body}>")


class LLVMFunctionType(LLVMType):
    __slots__ = ("result", "params", "vararg")

    def __init__(self, result: Type, params: Sequence[Type], vararg: bool = False) -> None:
        self.result = result
        self.params = tuple(params)
        self.vararg = vararg
        ps = [p.llvm_body() for p in self.params] + (["..."] if vararg else [])
        self._llvm((result, self.params, vararg), f"func<{result.llvm_body()} ({', '.join(ps)})>")


class LLVMVoidType(LLVMType):
    __slots__ = ()

    def __init__(self) -> None:
        self._llvm((), "void")


# ----- common singletons ------------------------------------------------------------------------
index = IndexType()
i1 = IntegerType(1)
i8 = IntegerType(8)
i16 = IntegerType(16)
i32 = IntegerType(32)
i64 = IntegerType(64)
f16 = FloatType("f16")
bf16 = FloatType("bf16")
f32 = FloatType("f32")
f64 = FloatType("f64")
none = NoneType()
gpu_async_token = OpaqueType("!gpu.async.token")
async_token = OpaqueType("!async.token")
async_group = OpaqueType("!async.group")
llvm_ptr = LLVMPointerType(0)
llvm_void = LLVMVoidType()


def is_int_or_index(t: Type) -> bool:
    return isinstance(t, IntegerType | IndexType)


def is_float(t: Type) -> bool:
    return isinstance(t, FloatType)


def element_type_or_self(t: Type) -> Type:
    return t.element_type if isinstance(t, VectorType | TensorType) else t


def bit_width(t: Type) -> int:
    if isinstance(t, IntegerType | FloatType):
        return t.width
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, LLVMPointerType):
        return 64
    if isinstance(t, ComplexType):
        return 2 * bit_width(t.element_type)
    raise ValueError(f"no bit width for {t}")


DIALECT_TYPE_PARSERS: dict[str, Any] = {}
"""``dialect.mnemonic`` -> ``fn(parser, after_name_pos) -> Type`` for the dialect types with
parameters a dialect module reads itself (``!xegpu.tensor_desc<...>``): registered when the module
loads, called by the reader (which loads the dialect first) with the position just after the name."""


def register_type_parser(name: str, fn: Any) -> None:
    DIALECT_TYPE_PARSERS[name] = fn
