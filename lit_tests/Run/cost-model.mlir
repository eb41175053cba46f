// --run-cost-model sets the simulator's costs (docs/run.md): with host API calls ten times dearer
// the same program takes longer in virtual time; a bad file is a plain error.
// RUN: asyncgpu-opt %s --run --backend sim --run-stats %t.default.json > /dev/null
// RUN: %python -c "import json; json.dump({'host_api_us': 5.0}, open('%t.cm.json', 'w'))"
// RUN: asyncgpu-opt %s --run --backend sim --run-cost-model %t.cm.json --run-stats %t.slow.json > /dev/null
// RUN: %python -c "import json, sys; a, b = (json.load(open(f)) for f in sys.argv[1:]); print('slower', b['makespan_us'] > a['makespan_us'] + 10, 'bound', b['data_critical_path_us'] > a['data_critical_path_us'])" %t.default.json %t.slow.json | filecheck %s
// CHECK: slower True bound True
// RUN: %python -c "import json; json.dump({'host_api': 5.0}, open('%t.bad.json', 'w'))"
// RUN: not asyncgpu-opt %s --run --backend sim --run-cost-model %t.bad.json 2>&1 | filecheck %s --check-prefix=BAD
// BAD: error: --run-cost-model: cost model file '{{.*}}': unknown key 'host_api' (expected one of copy_latency_us,
// RUN: %python -c "import json; json.dump({'pcie_bytes_per_us': 0}, open('%t.zero.json', 'w'))"
// RUN: not asyncgpu-opt %s --run --backend sim --run-cost-model %t.zero.json 2>&1 | filecheck %s --check-prefix=ZERO
// ZERO: error: --run-cost-model: cost model file '{{.*}}': 'pcie_bytes_per_us' must be a positive number
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @inc(%a: memref<16xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xi32>
      %one = arith.constant 1 : i32
      %y = arith.addi %x, %one : i32
      memref.store %y, %a[%i] : memref<16xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %d = gpu.alloc () : memref<16xi32>
    %zero = arith.constant 0 : i32
    gpu.memset %d, %zero : memref<16xi32>, i32
    gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%d : memref<16xi32>)
    gpu.launch_func @k::@inc blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%d : memref<16xi32>)
    gpu.dealloc %d : memref<16xi32>
    return
  }
}
