// async-region: a host loop's effects are those of the ops it holds, so a loop that only writes a
// local buffer no device chain touches runs while the device works (no host sync before it); the
// host waits only before the store into the buffer the device copies back.  Same output as the
// synchronous program, no hazards or leaks (either would make the run exit non-zero).
// RUN: asyncgpu-opt %s --run --backend sim > %t.sync
// RUN: asyncgpu-opt %s --async-region --wait-insertion --gpu-to-runtime --run --backend sim > %t.async
// RUN: diff %t.sync %t.async
// RUN: filecheck %s --input-file %t.async
// RUN: asyncgpu-opt %s --async-region | filecheck %s --check-prefix=IR
// CHECK: [1,  3,  3,  3]
// IR:      gpu.launch_func async
// IR-NOT:  gpu.wait [
// IR:      scf.for
// IR-NEXT:   arith.index_cast
// IR-NOT:  gpu.wait [
// IR:      memref.load %alloca
// IR:      gpu.wait [
// IR-NEXT: memref.store
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @inc(%a: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<4xf32>
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      memref.store %y, %a[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %two = arith.constant 2.0 : f32
    %h = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %two, %h[%i] : memref<4xf32>
    }
    %d = gpu.alloc () : memref<4xf32>
    gpu.memcpy %d, %h : memref<4xf32>, memref<4xf32>
    gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    %s = memref.alloca() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %f = arith.index_cast %i : index to i32
      %g = arith.sitofp %f : i32 to f32
      memref.store %g, %s[%i] : memref<4xf32>
    }
    %v = memref.load %s[%c1] : memref<4xf32>
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    gpu.dealloc %d : memref<4xf32>
    memref.store %v, %h[%c0] : memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
