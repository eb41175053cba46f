// --run with --verify-diagnostics matches hazards and leaks against expected-error/-warning lines
// (a lit suite can check a program's hazards as it checks a pass's diagnostics); all matched: exit 0.
// RUN: asyncgpu-opt %s --run --backend sim --verify-diagnostics --split-input-file
// A missing annotation and an annotation nothing produced both fail, located.
// RUN: sed -e 's/expected-[w]arning@+1 {{leak: device allocation}}//' -e 's/{{use after free}}/{{double free}}/' %s \
// RUN:   | not asyncgpu-opt - --run --backend sim --verify-diagnostics --split-input-file 2>&1 | filecheck %s --check-prefix=FAIL
// FAIL-DAG: <stdin>:26:10: error: unexpected warning: leak: device allocation
// FAIL-DAG: <stdin>:31:11: error: unexpected error: use after free: kernel @k::@get
// FAIL-DAG: error: expected error "double free" was not produced

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @get(%m: memref<16xf32>, %o: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<16xf32>
      memref.store %v, %o[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c1f = arith.constant 1.0 : f32
    %m = gpu.alloc () : memref<16xf32>
    // expected-warning@+1 {{leak: device allocation}}
    %o = gpu.alloc () : memref<16xf32>
    %t0 = gpu.wait async
    %t1 = gpu.memset async [%t0] %m, %c1f : memref<16xf32>, f32
    %t2 = gpu.dealloc async [%t1] %m : memref<16xf32>
    // expected-error@+1 {{use after free}}
    %t3 = gpu.launch_func async [%t2] @k::@get blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%m : memref<16xf32>, %o : memref<16xf32>)
    gpu.wait [%t3]
    return
  }
}

// -----

// A program without hazards needs no annotation.
func.func @main() {
  %m = memref.alloc() : memref<4xf32>
  memref.dealloc %m : memref<4xf32>
  return
}
