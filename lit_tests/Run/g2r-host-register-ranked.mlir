// gpu.host_register / host_unregister of a RANKED memref (accepted since upstream llvm-project PR
// 170085; 22.1.8 takes unranked only): the lowering passes the static rank and a pointer to a stack
// copy of the ranked descriptor to mgpuMemHostRegisterMemRef, which the simulated runtime reads.
// A kernel then updates the registered 3-D host buffer in place; run(before) == run(after).
// RUN: asyncgpu-opt %s --run --backend sim > %t.before
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim --run-stats %t.stats > %t.after
// RUN: diff %t.before %t.after
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim > %t.async
// RUN: diff %t.before %t.async
// RUN: filecheck %s --input-file %t.after
// RUN: filecheck %s --check-prefix=STATS --input-file %t.stats
// RUN: asyncgpu-opt %s --gpu-to-runtime | filecheck %s --check-prefix=IR
// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s --check-prefix=ROUND
// Registering the same buffer twice is an error of the program, reported before and after lowering.
// RUN: sed 's/gpu.host_unregister/gpu.host_register/' %s > %t.twice.mlir
// RUN: not asyncgpu-opt %t.twice.mlir --run --backend sim 2>&1 | filecheck %s --check-prefix=TWICE
// RUN: not asyncgpu-opt %t.twice.mlir --gpu-to-runtime --run --backend sim 2>&1 | filecheck %s --check-prefix=TWICE
// CHECK: [10,   11,   12,   13,   14,   15,   16,   17]
// STATS: "allocations_leaked": 0
// STATS: "hazards": 0
// IR: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<1x1x8xi32> to !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// IR: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// IR: %[[SLOT:.*]] = llvm.alloca %[[ONE]] x !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> : (i64) -> !llvm.ptr
// IR: llvm.store %[[D]], %[[SLOT]] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>, !llvm.ptr
// IR: %[[RANK:.*]] = llvm.mlir.constant(3 : index) : i64
// IR: %[[G:.*]] = llvm.getelementptr %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, i32
// IR: %[[SZ:.*]] = llvm.ptrtoint %[[G]] : !llvm.ptr to i64
// IR: llvm.call @mgpuMemHostRegisterMemRef(%[[RANK]], %[[SLOT]], %[[SZ]]) : (i64, !llvm.ptr, i64) -> ()
// IR: llvm.call @mgpuMemHostUnregisterMemRef(
// IR-NOT: gpu.host_
// ROUND: gpu.host_register %{{.*}} : memref<1x1x8xi32>
// ROUND: gpu.host_unregister %{{.*}} : memref<1x1x8xi32>
// TWICE: error: invalid register: mgpuMemHostRegister at {{.*}}: already registered

module attributes {gpu.container_module} {
  gpu.module @dev {
    gpu.func @add_ten(%buf: memref<1x1x8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %v = memref.load %buf[%c0, %c0, %t] : memref<1x1x8xi32>
      %ten = arith.constant 10 : i32
      %w = arith.addi %v, %ten : i32
      memref.store %w, %buf[%c0, %c0, %t] : memref<1x1x8xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %host = memref.alloc() : memref<1x1x8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %host[%c0, %c0, %i] : memref<1x1x8xi32>
    }
    gpu.host_register %host : memref<1x1x8xi32>
    gpu.launch_func @dev::@add_ten blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%host : memref<1x1x8xi32>)
    gpu.host_unregister %host : memref<1x1x8xi32>
    %u = memref.cast %host : memref<1x1x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %host : memref<1x1x8xi32>
    return
  }
}
