// --timeline - draws the run as text on stderr (stdout carries the program's output only): one row
// per lane (host, then the streams) of a fixed width scaled to the makespan, a box [N===] per command,
// ~ where the host waits; then the commands (op and source line), the event edges and the hazards.
// RUN: asyncgpu-opt %s --gpu-to-runtime --run --backend sim --timeline - 2> %t.err | filecheck %s --check-prefix=OUT
// RUN: filecheck %s --input-file %t.err
// RUN: asyncgpu-opt %s --run --backend sim --timeline - 2>&1 > /dev/null | filecheck %s --check-prefix=TOKENS
// OUT: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [16] strides = [1] data =
// OUT-NEXT: [2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2]
// OUT-NOT: {{.}}

// CHECK: timeline.mlir after gpu-to-runtime: 4 commands on 2 streams, makespan {{[0-9.]+}} us (virtual)
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}host     |{{([ ~]{72})}}|
// The memset and the first kernel share stream 1, the other kernel runs beside them on stream 2,
// and the copy back waits for both.
// CHECK-NEXT: {{^}}stream 1 | {{ *}}[1={{=*}}][3={{=*}}] {{ *}}|
// CHECK-NEXT: {{^}}stream 2 | {{ *}}[2={{=*}}] {{ *}}[4={{=*}}] {{ *}}|
// CHECK-NEXT: {{^}}          0 {{ +}}{{[0-9.]+}} us
// CHECK-EMPTY:

// TOKENS: timeline.mlir (no passes): 4 commands on 3 streams
// TOKENS: {{^}}stream 3 |{{([ =\[\]0-9]{72})}}|

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @set(%m: memref<16xf32>, %v: f32) kernel {
      %i = gpu.thread_id x
      memref.store %v, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %f1 = arith.constant 1.0 : f32
    %f2 = arith.constant 2.0 : f32
    %h = memref.alloc() : memref<16xf32>
    %d = gpu.alloc () : memref<16xf32>
    %e = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    // CHECK-NEXT: 1 stream 1 {{[0-9.]+ +[0-9.]+}} mgpuMemset32 timeline.mlir:44
    // TOKENS: 1 stream 1 {{[0-9.]+ +[0-9.]+}} gpu.memset timeline.mlir:44
    %s = gpu.memset async [%t0] %e, %f1 : memref<16xf32>, f32
    // CHECK-NEXT: 2 stream 2 {{[0-9.]+ +[0-9.]+}} gpu.launch_func @k::@set timeline.mlir:46
    %a = gpu.launch_func async [%t0] @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%d : memref<16xf32>, %f2 : f32)
    // CHECK-NEXT: 3 stream 1 {{[0-9.]+ +[0-9.]+}} gpu.launch_func @k::@set timeline.mlir:48
    %b = gpu.launch_func async [%s] @k::@set blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%e : memref<16xf32>, %f1 : f32)
    %j = gpu.wait async [%a, %b]
    // CHECK-NEXT: ~ host {{[0-9.]+ +[0-9.]+}} sync stream 2 timeline.mlir:53
    // CHECK-NEXT: 4 stream 2 {{[0-9.]+ +[0-9.]+}} mgpuMemcpy timeline.mlir:52
    %c = gpu.memcpy async [%j] %h, %d : memref<16xf32>, memref<16xf32>
    gpu.wait [%c]
    // CHECK-NEXT: event 1: 3 (stream 1) -> 4 (stream 2)
    // CHECK-NOT: {{.}}
    // TOKENS: event {{[0-9]+}}: 4 (stream 3) -> host sync timeline.mlir:53
    %u = memref.cast %h : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.dealloc %d : memref<16xf32>
    gpu.dealloc %e : memref<16xf32>
    memref.dealloc %h : memref<16xf32>
    return
  }
}
