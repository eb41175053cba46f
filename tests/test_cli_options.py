"""mlir-opt's (LLVM cl::opt) command-line conventions as cli_options rewrites them for click."""

from __future__ import annotations

import pytest

from asyncgpu_opt.cli import _normalize_argv
from asyncgpu_opt.cli_options import ArgvError, edit_distance, nearest, parse_bool


@pytest.mark.parametrize("text,value", [("", True), ("true", True), ("TRUE", True), ("True", True), ("1", True),
                                        ("false", False), ("FALSE", False), ("False", False), ("0", False)])
def test_bool_values(text: str, value: bool) -> None:
    assert parse_bool("x", text) is value


def test_bad_bool_value() -> None:
    with pytest.raises(ArgvError, match="for the --x option: 'yes' is invalid value for boolean argument! Try 0 or 1"):
        parse_bool("x", "yes")


def test_edit_distance_and_nearest() -> None:
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance("", "abc") == 3
    assert nearest("mlir-print-op-genric", ["mlir-print-debuginfo", "mlir-print-op-generic"]) == \
        "--mlir-print-op-generic"
    assert nearest("q", ["o", "help"]) == "-o"


def test_single_dash_and_booleans() -> None:
    assert _normalize_argv(["-split-input-file", "f.mlir", "-o", "-x.mlir"]) == \
        ["--split-input-file=", "f.mlir", "-o", "-x.mlir"]
    assert _normalize_argv(["--mlir-print-op-generic=1"]) == ["--mlir-print-op-generic"]
    assert _normalize_argv(["--mlir-print-op-generic", "-mlir-print-op-generic=false"]) == []
    assert _normalize_argv(["--verify-each=0"]) == ["--no-verify-each"]
    assert _normalize_argv(["-async-region", "-gpu-to-runtime=stream-pool=false"]) == \
        ["--async-region=", "--gpu-to-runtime=stream-pool=false"]
    assert _normalize_argv(["-O3", "-e", "main", "--", "-weird-file"]) == ["-O3", "-e", "main", "--", "-weird-file"]


def test_unknown_options_suggest_the_nearest() -> None:
    with pytest.raises(ArgvError) as e:
        _normalize_argv(["-mlir-print-op-genric"])
    assert str(e.value) == ("Unknown command line argument '-mlir-print-op-genric'.  Try: 'asyncgpu-opt --help'\n"
                            "asyncgpu-opt: Did you mean '--mlir-print-op-generic'?")
