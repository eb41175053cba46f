// Written for the fuzzer: an outlined kernel module with a helper function, shared memory,
// a launch in a host function and one nested in scf.if, unsigned and narrow integer constants.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @helper(%a: f32, %b: f32) -> f32 {
      %0 = arith.addf %a, %b : f32
      return %0 : f32
    }
    gpu.func @reduce(%in: memref<256xf32>, %out: memref<1xf32>) workgroup(%tile: memref<32xf32, #gpu.address_space<workgroup>>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xf32>
      memref.store %v, %tile[%tid] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %s = gpu.all_reduce add %v uniform {
      } : (f32) -> f32
      %c0 = arith.constant 0 : index
      %t = func.call @helper(%s, %v) : (f32, f32) -> f32
      memref.store %t, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
  func.func @main(%flag: i1) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %m255 = arith.constant 255 : i8
    %k = arith.constant dense<[1, 0, 1, 1]> : vector<4xi1>
    %u = arith.constant dense<[200, 7]> : vector<2xi8>
    %in = gpu.alloc () : memref<256xf32>
    %out = gpu.alloc () : memref<1xf32>
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@reduce blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%in : memref<256xf32>, %out : memref<1xf32>)
    scf.if %flag {
      gpu.launch_func @kernels::@reduce blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%in : memref<256xf32>, %out : memref<1xf32>)
    }
    gpu.wait [%t1]
    gpu.dealloc %in : memref<256xf32>
    gpu.dealloc %out : memref<1xf32>
    return
  }
}
