// mlir-runner's --entry-point-result=i32|i64|f32: the entry returns one value of that type, printed
// when it returns (an integer, a float as "%e"); another result type is an error.
// RUN: asyncgpu-opt %s --run --backend sim -e seven --entry-point-result=i32 | filecheck %s --check-prefix=I32 --match-full-lines
// I32: -7
// RUN: asyncgpu-opt %s --run --backend sim -e big -entry-point-result=i64 | filecheck %s --check-prefix=I64 --match-full-lines
// I64: 9000000000
// RUN: asyncgpu-opt %s --run --backend sim -e half -entry-point-result=f32 | filecheck %s --check-prefix=F32 --match-full-lines
// F32: -2.500000e-01
// RUN: not asyncgpu-opt %s --run --backend sim -e seven --entry-point-result=i64 2>&1 | filecheck %s --check-prefix=BAD
// BAD: error: --run: entry point '@seven' must return a single i64 for --entry-point-result=i64
func.func @seven() -> i32 {
  %c = arith.constant -7 : i32
  return %c : i32
}
func.func @big() -> i64 {
  %c = arith.constant 9000000000 : i64
  return %c : i64
}
func.func @half() -> f32 {
  %c = arith.constant -0.25 : f32
  return %c : f32
}
