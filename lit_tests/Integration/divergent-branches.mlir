// Unstructured control flow that differs between the threads of a kernel (cf.cond_br on a
// per-thread condition, a cf.switch on a per-thread value): the threads take different paths under
// masks and meet again at the join block, each with the block argument of the edge it came by.
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --run --backend sim | filecheck %s
// RUN: asyncgpu-opt %s --gpu-kernel-outlining --async-region --wait-insertion --gpu-to-runtime --run --backend sim | filecheck %s

// CHECK: [0,  -1,  20,  -3,  40,  -5,  60,  -7]
// CHECK: [100,  201,  302,  100,  201,  302,  100,  201]

func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<8xi32>
  %b = memref.alloc() : memref<8xi32>
  %ua = memref.cast %a : memref<8xi32> to memref<*xi32>
  %ub = memref.cast %b : memref<8xi32> to memref<*xi32>
  gpu.host_register %ua : memref<*xi32>
  gpu.host_register %ub : memref<*xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %zero = arith.constant 0 : i32
    %r = arith.remui %t, %two : i32
    %even = arith.cmpi eq, %r, %zero : i32
    cf.cond_br %even, ^even, ^odd
  ^even:
    %ten = arith.constant 10 : i32
    %e = arith.muli %t, %ten : i32
    cf.br ^join(%e : i32)
  ^odd:
    %o = arith.subi %zero, %t : i32
    cf.br ^join(%o : i32)
  ^join(%v: i32):
    memref.store %v, %a[%tx] : memref<8xi32>
    %k = arith.remui %t, %three : i32
    cf.switch %k : i32, [
      default: ^other(%t : i32),
      0: ^zero,
      1: ^one(%t : i32)
    ]
  ^zero:
    %h = arith.constant 100 : i32
    cf.br ^done(%h : i32)
  ^one(%x: i32):
    %h2 = arith.constant 200 : i32
    %y = arith.addi %h2, %k : i32
    cf.br ^done(%y : i32)
  ^other(%z: i32):
    %h3 = arith.constant 300 : i32
    %w = arith.addi %h3, %k : i32
    cf.br ^done(%w : i32)
  ^done(%res: i32):
    memref.store %res, %b[%tx] : memref<8xi32>
    gpu.terminator
  }
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
  gpu.host_unregister %ua : memref<*xi32>
  gpu.host_unregister %ub : memref<*xi32>
  memref.dealloc %a : memref<8xi32>
  memref.dealloc %b : memref<8xi32>
  return
}

func.func private @printMemrefI32(memref<*xi32>)
