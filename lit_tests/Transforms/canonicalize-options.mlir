// canonicalize's options: region-simplify (normal: dead block arguments go; disabled: they stay;
// unreachable blocks go in both, as upstream), top-down (worklist order, visible with one rewrite
// per iteration), test-convergence; values it cannot honour are refused, never ignored.
// RUN: asyncgpu-opt %s -split-input-file -canonicalize | filecheck %s --check-prefix=NORMAL
// RUN: asyncgpu-opt %s -split-input-file --pass-pipeline='builtin.module(canonicalize{region-simplify=disabled})' | filecheck %s --check-prefix=DISABLED
// RUN: asyncgpu-opt %s -split-input-file --pass-pipeline='builtin.module(canonicalize{max-num-rewrites=1 max-iterations=1 region-simplify=disabled top-down=true})' | filecheck %s --check-prefix=TOPDOWN
// RUN: asyncgpu-opt %s -split-input-file --pass-pipeline='builtin.module(canonicalize{max-num-rewrites=1 max-iterations=1 region-simplify=disabled top-down=false})' | filecheck %s --check-prefix=BOTTOMUP
// RUN: not asyncgpu-opt %s --pass-pipeline='builtin.module(canonicalize{region-simplify=aggressive})' 2>&1 | filecheck %s --check-prefix=AGGRESSIVE
// RUN: not asyncgpu-opt %s --canonicalize=region-simplify=sometimes 2>&1 | filecheck %s --check-prefix=BADLEVEL
// RUN: not asyncgpu-opt %s -split-input-file --pass-pipeline='builtin.module(canonicalize{max-iterations=1 test-convergence=true})' 2>&1 | filecheck %s --check-prefix=CONVERGE
// RUN: asyncgpu-opt %s -split-input-file --pass-pipeline='builtin.module(canonicalize{test-convergence=true})' | filecheck %s --check-prefix=NORMAL

// AGGRESSIVE: error: <Pass-Options-Parser>: region-simplify=aggressive (merging identical blocks) is not supported
// BADLEVEL: error: <Pass-Options-Parser>: Invalid value 'sometimes' for option region-simplify: expected disabled, normal or aggressive
// CONVERGE: error: canonicalize did not converge after 1 iterations (test-convergence)

// NORMAL-LABEL: func.func @args(
// NORMAL: cf.cond_br %{{.*}}, ^bb1, ^bb2(%{{.*}} : index)
// NORMAL: ^bb1:
// NORMAL: ^bb2(%{{.*}}: index):
// NORMAL-NOT: ^bb3
// DISABLED-LABEL: func.func @args(
// DISABLED: cf.cond_br %{{.*}}, ^bb1(%{{.*}} : index), ^bb2(%{{.*}}, %{{.*}} : index, index)
// DISABLED: ^bb1(%{{.*}}: index):
// DISABLED: ^bb2(%{{.*}}: index, %{{.*}}: index):
// DISABLED-NOT: ^bb3
func.func @args(%c: i1, %x: index, %m: memref<4xf32>) -> f32 {
  cf.cond_br %c, ^bb1(%x : index), ^bb2(%x, %x : index, index)
^bb1(%a: index):
  %v = memref.load %m[%x] : memref<4xf32>
  return %v : f32
^bb2(%b: index, %d: index):
  %w = memref.load %m[%d] : memref<4xf32>
  return %w : f32
^bb3(%y: index):
  %u = memref.load %m[%y] : memref<4xf32>
  return %u : f32
}

// -----

// One rewrite per iteration: top-down folds the first wait chain, bottom-up the last one.
// TOPDOWN-LABEL: func.func @order(
// TOPDOWN-NEXT: %[[A:.*]] = gpu.wait async [%arg0]
// TOPDOWN-NEXT: gpu.wait [%[[A]]]
// TOPDOWN-NEXT: %[[B:.*]] = gpu.wait async
// TOPDOWN-NEXT: gpu.wait [%[[B]]]
// BOTTOMUP-LABEL: func.func @order(
// BOTTOMUP-NEXT: %[[A:.*]] = gpu.wait async [%arg0]
// BOTTOMUP-NEXT: %[[A2:.*]] = gpu.wait async [%[[A]]]
// BOTTOMUP-NEXT: gpu.wait [%[[A2]]]
// BOTTOMUP-NEXT: %[[B:.*]] = gpu.wait async
// BOTTOMUP-NEXT: gpu.wait{{ *$}}
// NORMAL-LABEL: func.func @order(
// NORMAL-NEXT: gpu.wait [%arg0]
// NORMAL-NEXT: return
func.func @order(%t: !gpu.async.token) {
  %0 = gpu.wait async [%t]
  %1 = gpu.wait async [%0]
  gpu.wait [%1]
  %2 = gpu.wait async
  gpu.wait [%2]
  return
}
