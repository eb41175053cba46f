// Device memory the program never frees is a warning (exit 0, as mlir-runner and CUDA leave it to
// the process exit: many upstream integration programs never free); --run-leaks=error makes it an
// error (as LeakSanitizer).  Streams and events left alive stay errors (hazard-leak.mlir).
// RUN: asyncgpu-opt %s --run --backend sim 2>%t.err | filecheck %s --check-prefix=OUT
// RUN: filecheck %s --check-prefix=WARN --input-file %t.err
// RUN: not asyncgpu-opt %s --run --backend sim --run-leaks=error 2>&1 | filecheck %s --check-prefix=ERR
// OUT: [5,  5,  5,  5]
// WARN: leak-policy.mlir:18:15: warning: leak: device allocation #{{[0-9]+}} (16 bytes) made at {{.*}}leak-policy.mlir:18:15 is never freed
// WARN-NOT: hazards detected
// ERR: leak-policy.mlir:18:15: error: leak: device allocation
// ERR: asyncgpu-opt: 1 hazard detected
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c5 = arith.constant 5 : i32
    %h = memref.alloc() : memref<4xi32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<4xi32>
    %t2 = gpu.memset async [%t1] %d, %c5 : memref<4xi32>, i32
    %t3 = gpu.memcpy async [%t2] %h, %d : memref<4xi32>, memref<4xi32>
    gpu.wait [%t3]
    %u = memref.cast %h : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %h : memref<4xi32>
    return
  }
}
