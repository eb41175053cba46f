"""Reader and printer: round trips, mlir-opt's naming and spacing, located errors."""

from __future__ import annotations

import pytest

from asyncgpu_opt.driver import Config, run_opt
from asyncgpu_opt.ir import types as T
from asyncgpu_opt.ir.attributes import FloatAttr

GPU_PROGRAM = """\
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: memref<?xf32>) kernel {
      %t = gpu.thread_id x
      gpu.return
    }
  }
  func.func @main(%n: index, %h: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %m, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %t2 = gpu.memcpy async [%t1] %m, %h : memref<?xf32>, memref<?xf32>
    %t3 = gpu.launch_func async [%t2] @k::@f blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
        args(%m : memref<?xf32>)
    %t4 = gpu.dealloc async [%t3] %m : memref<?xf32>
    gpu.wait [%t4]
    %s = gpu.alloc host_shared () : memref<4xf32>
    gpu.memcpy %h, %h : memref<?xf32>, memref<?xf32>
    gpu.wait
    return
  }
}
"""


def opt(text: str, **kw) -> str:
    res = run_opt(text, "t.mlir", Config(**kw))
    assert res.exit_code == 0, res.rendered_diagnostics()
    return res.output


def test_gpu_program_prints_like_mlir_opt() -> None:
    out = opt(GPU_PROGRAM)
    assert "%memref, %asyncToken = gpu.alloc async [%0] (%arg0) : memref<?xf32>" in out
    assert "%thread_id_x = gpu.thread_id  x" in out
    assert "%memref_0 = gpu.alloc  host_shared () : memref<4xf32>" in out
    assert "    gpu.memcpy  %arg1, %arg1 : memref<?xf32>, memref<?xf32>\n" in out
    assert "    gpu.wait \n" in out  # upstream's trailing space
    assert out.endswith("}\n\n")


def test_round_trip_is_a_fixed_point_in_both_forms() -> None:
    once = opt(GPU_PROGRAM)
    assert opt(once) == once
    generic = opt(GPU_PROGRAM, generic=True)
    assert '"gpu.alloc"(%1, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0>}>' in generic
    assert opt(generic) == once


def test_sibling_regions_reuse_numbers_and_conflict_counter() -> None:
    text = """func.func @a(%x: index) -> index {
      %c0 = arith.constant 0 : index
      %c0_1 = arith.constant 0 : index
      %r = scf.for %i = %c0 to %x step %c0 iter_args(%acc = %c0) -> (index) {
        %k = arith.constant 0 : index
        scf.yield %k : index
      }
      return %r : index
    }"""
    pytest.importorskip("asyncgpu_opt.dialects.scf")
    out = opt(text)
    assert "%c0_0 = arith.constant 0 : index" in out
    assert "%c0_1 = arith.constant 0 : index" in out  # inside the loop: next conflict id
    assert "scf.for %arg1 = %c0 to %arg0" in out


@pytest.mark.parametrize("value,ftype,text", [
    (1e-7, "f64", "9.9999999999999995E-8"), (1e-7, "f32", "1.000000e-07"), (0.7, "f64", "0.69999999999999996"),
    (12345.678, "f32", "12345.6777"), (3.14159265, "f64", "3.1415926500000002"), (1.5, "f32", "1.500000e+00"),
    (float("inf"), "f32", "0x7F800000"), (123456.7, "f32", "123456.703"),
])
def test_float_format_matches_apfloat(value: float, ftype: str, text: str) -> None:
    # expected strings were printed by upstream mlir-opt 22.1.8
    assert FloatAttr(value, T.FloatType(ftype)).value_text() == text


@pytest.mark.parametrize("src,where,msg", [
    ("func.func @f(%a: index) {\n  %0 = arith.addi %a, %a index\n  return\n}", "t.mlir:2:25", "expected ':'"),
    ("func.func @f() {\n  gpu.wait [%x]\n  return\n}", "t.mlir:2:13", "use of undeclared SSA value name"),
    ('func.func @f() {\n  "foo.bar"() : () -> ()\n  return\n}', "t.mlir:2:12",
     "operation being parsed with an unregistered dialect"),
    ("func.func @f() {\n  %c = arith.constant 0 : index\n  %c = arith.constant 1 : index\n  return\n}",
     "t.mlir:3:3", "redefinition of SSA value '%c'"),
])
def test_errors_are_located(src: str, where: str, msg: str) -> None:
    res = run_opt(src, "t.mlir", Config())
    assert res.exit_code == 1
    text = res.rendered_diagnostics()
    assert text.startswith(f"{where}: error: {msg}"), text
    assert "Traceback" not in text


def test_tabs_count_as_one_column() -> None:
    res = run_opt("func.func @f() {\n\tgpu.wait [%t0\n}", "t.mlir", Config())
    first = res.rendered_diagnostics().splitlines()[0]
    assert first.startswith("t.mlir:2:")
    assert first.startswith("t.mlir:2:15: error: expected ']'")  # as upstream: just past `%t0`, tab = 1 col


def test_split_input_file_joins_and_keeps_failed_separator() -> None:
    text = "func.func @a() {\n  return\n}\n// -----\nfunc.func @b( {\n// -----\nfunc.func @c() {\n  return\n}\n"
    res = run_opt(text, "t.mlir", Config(split_input_file=True))
    assert res.exit_code == 1
    assert "}\n\n// -----\n// -----\nmodule {" in res.output
    assert res.rendered_diagnostics().startswith("t.mlir:5:")  # file-relative line


def test_verify_diagnostics_success_and_failure() -> None:
    ok = ("func.func @f(%a: i32) -> f32 {\n  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match "
          "function result type ('f32')}}\n  return %a : i32\n}\n")
    assert run_opt(ok, "t.mlir", Config(verify_diagnostics=True)).exit_code == 0
    bad = "func.func @f() {\n  // expected-error @+1 {{never}}\n  return\n}\n"
    res = run_opt(bad, "t.mlir", Config(verify_diagnostics=True))
    assert res.exit_code == 1
    assert 'expected error "never" was not produced' in res.rendered_diagnostics()


def test_deep_nesting_is_not_a_crash() -> None:
    pytest.importorskip("asyncgpu_opt.dialects.scf")
    depth = 2000
    body = "".join("scf.execute_region {\n" for _ in range(depth)) + "".join("scf.yield\n}\n" for _ in range(depth))
    from asyncgpu_opt.diagnostics import Source
    from asyncgpu_opt.driver import _ChunkRun, _run_with_big_stack

    # parse + verify only: printing 2000 levels is O(depth^2) characters of indentation, as upstream
    run = _ChunkRun(Source("func.func @f() {\n" + body + "return\n}\n", "t.mlir"), Config())
    run.run = run.parse  # type: ignore[method-assign]
    module = _run_with_big_stack(run)
    assert not run.diags, run.diags[0].render()
    assert module is not None


def test_oracle_agrees_on_gpu_program(mlir_opt_ref) -> None:
    ref = mlir_opt_ref(GPU_PROGRAM)
    assert ref.returncode == 0, ref.stderr
    assert opt(GPU_PROGRAM) == ref.stdout
    refg = mlir_opt_ref(GPU_PROGRAM, "--mlir-print-op-generic")
    assert opt(GPU_PROGRAM, generic=True) == refg.stdout


@pytest.mark.parametrize("form", ["custom", "generic"])
def test_dialect_enum_attributes_are_structured(form: str) -> None:
    """``#gpu<dim y>`` is read as an EnumAttr whose keyword the simulator uses, in either form."""
    from asyncgpu_opt import parse
    from asyncgpu_opt.ir.attributes import EnumAttr

    src = ('func.func @f() { %t = gpu.thread_id y\n return }' if form == "custom" else
           'func.func @f() { %t = "gpu.thread_id"() <{dimension = #gpu<dim  y>}> : () -> index\n return }')
    module = parse(src)
    (op,) = [o for o in module.walk() if o.name == "gpu.thread_id"]
    attr = op.attributes["dimension"]
    assert isinstance(attr, EnumAttr) and (attr.dialect, attr.mnemonic, attr.value) == ("gpu", "dim", "y")
    assert attr == EnumAttr("gpu", "dim", "y") and attr != EnumAttr("gpu", "dim", "x")
    assert "gpu.thread_id  y" in opt(src)


@pytest.mark.parametrize("body, col, msg", [
    ("#gpu<dim w>", 64, "expected ::mlir::gpu::Dimension to be one of: x, y, z"),
    ("#gpu<dim>", 63, "expected valid keyword or string"),
])
def test_bad_dialect_enum_keyword_is_located(body: str, col: int, msg: str) -> None:
    """An unknown keyword in a registered dialect enum is upstream's (first) located error."""
    src = f'func.func @f() {{ %t = "gpu.thread_id"() <{{dimension = {body}}}> : () -> index\n return }}'
    res = run_opt(src, "t.mlir", Config())
    assert res.exit_code == 1
    assert res.rendered_diagnostics().startswith(f"t.mlir:1:{col}: error: {msg}")
