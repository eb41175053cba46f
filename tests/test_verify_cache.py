"""The verifier's shortcuts for repeated op shapes never hide an error: shapes that passed are
skipped only when they are the same shape (shared attribute dicts by their serial number, the
same block and symbol table for ``llvm.call``), and every ``verify`` run looks at the IR as it is."""

from __future__ import annotations

import pytest

import asyncgpu_opt as a
from asyncgpu_opt.ir import attributes as A
from asyncgpu_opt.ir import types as T
from asyncgpu_opt.ir.core import Operation, SharedAttributes
from asyncgpu_opt.ir.verifier import verify

CALLS = """
llvm.func @f(i64)
llvm.func @g(i64)
func.func @h(%x: i64) {
  llvm.call @f(%x) : (i64) -> ()
  llvm.call @f(%x) : (i64) -> ()
  llvm.call @g(%x) : (i64) -> ()
  return
}
"""


def _calls(m: Operation) -> list:
    return [o for o in m.walk() if o.name == "llvm.call"]


def _share(calls: list) -> SharedAttributes:
    shared = SharedAttributes(calls[0].attributes)
    for c in calls:
        c.attributes = shared
    return shared


def test_calls_sharing_attributes_are_checked_again_after_the_callee_changes() -> None:
    m = a.parse(CALLS)
    calls = _calls(m)
    _share(calls[:2])
    verify(m)  # both calls to @f pass (the second as a repeat of the first)
    f = next(o for o in m.walk() if o.name == "llvm.func" and o.attributes["sym_name"].value == "f")
    f.attributes["function_type"] = A.TypeAttr(T.LLVMFunctionType(T.llvm_void, [T.i32]))
    with pytest.raises(a.MLIRError, match="operand type mismatch for operand 0: 'i64' != 'i32'"):
        verify(m)


def test_a_call_to_another_callee_is_not_taken_for_a_repeat() -> None:
    m = a.parse(CALLS)
    g = next(o for o in m.walk() if o.name == "llvm.func" and o.attributes["sym_name"].value == "g")
    g.attributes["function_type"] = A.TypeAttr(T.LLVMFunctionType(T.llvm_void, [T.i32]))
    with pytest.raises(a.MLIRError, match="operand type mismatch for operand 0: 'i64' != 'i32'"):
        verify(m)


def test_shared_attribute_dicts_are_told_apart() -> None:
    """Two shared dicts with different contents never stand for each other, even when one was
    built after the other was dropped (a serial number is never reused, unlike ``id``)."""
    assert SharedAttributes({"a": A.UNIT}).serial != SharedAttributes({"a": A.UNIT}).serial
    m = a.parse("""
func.func @k() {
  %0 = llvm.mlir.constant(1 : i64) : i64
  %1 = llvm.mlir.constant(2 : i64) : i64
  return
}
""")
    c0, c1 = [o for o in m.walk() if o.name == "llvm.mlir.constant"]
    c0.attributes = SharedAttributes(c0.attributes)
    verify(m)
    c1.attributes = SharedAttributes({**c1.attributes, "value": A.StringAttr("ab")})
    with pytest.raises(a.MLIRError, match="expected array type of 2 i8 elements for the string constant"):
        verify(m)


def test_a_class_without_its_own_verifier_still_checks_each_new_shape() -> None:
    m = a.parse("""
func.func @k(%p: !llvm.ptr) {
  %0 = llvm.mlir.zero : !llvm.ptr
  return
}
""")
    verify(m)
    block = m.regions[0].blocks[0].ops[0].regions[0].blocks[0]
    bad = Operation.create("llvm.mlir.zero", [block.args[0]], [T.llvm_ptr])  # same op, one operand
    block.insert(1, bad)
    with pytest.raises(a.MLIRError, match="'llvm.mlir.zero' op requires zero operands"):
        verify(m)


def test_ops_sharing_attributes_and_type_objects_are_told_apart_by_their_types() -> None:
    """Within one ``verify`` run ops are remembered by definition, shared attribute dict and the
    identity of their types: an op that differs from passed ones only in one type is checked."""
    m = a.parse("""
func.func @k() {
  %0 = llvm.mlir.constant(1 : i64) : i64
  %1 = llvm.mlir.constant(2 : i64) : i64
  %2 = llvm.mlir.constant(3 : i64) : i64
  return
}
""")
    c0, c1, c2 = [o for o in m.walk() if o.name == "llvm.mlir.constant"]
    shared = SharedAttributes(c0.attributes)
    for c in (c0, c1, c2):
        c.attributes = shared
    c1.results[0].type = T.IntegerType(64)  # another object with the same text: the same shape
    verify(m)
    c2.results[0].type = T.f32
    with pytest.raises(a.MLIRError, match="'llvm.mlir.constant' op"):
        verify(m)
