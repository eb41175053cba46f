// The two independent matmul kernels of seed 002 overlap on two stream tracks.
// RUN: asyncgpu-opt %S/../../examples/two_matmuls.mlir --run --backend sim --trace %t.json --run-stats %t.stats.json > /dev/null
// RUN: %python %s.py %t.json | filecheck %s
// CHECK: overlap: test_parallel_kernel test_parallel_kernel_0 on 2 tracks
