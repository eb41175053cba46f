// async-region builds the dependence DAG from the alias model: distinct allocations never alias
// (escaped or not), views resolve to their root, function arguments may alias each other, and a
// call with unknown effects conflicts only with what it can reach.  Each op depends on exactly
// its last conflicting ops (RAW, WAR, WAW), transitively reduced and joined by one gpu.wait.
// RUN: asyncgpu-opt %s -async-region | filecheck %s
// RUN: asyncgpu-opt %s -async-region | filecheck %s --check-prefix=ONEDEP
// ONEDEP-NOT: {{gpu\.(launch_func|alloc|dealloc|memcpy|memset) async \[%[^],]*, }}

module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @ext(memref<4xi32>)

  // Buffers that escape through printMemref calls keep independent device chains: each copy
  // follows only the memset of its own buffer, and each print (a runner-utils call that only
  // reads its operand) waits only for the copy it prints.
  // CHECK-LABEL: func.func @escaped_independent(
  // CHECK:      %[[A:.*]], %[[TA:.*]] = gpu.alloc async
  // CHECK:      %[[B:.*]], %[[TB:.*]] = gpu.alloc async
  // CHECK-NEXT: %[[SA:.*]] = gpu.memset async [%[[TA]]] %[[A]]
  // CHECK-NEXT: %[[SB:.*]] = gpu.memset async [%[[TB]]] %[[B]]
  // CHECK:      %[[CA:.*]] = gpu.memcpy async [%[[SA]]] %{{.*}}, %[[A]]
  // CHECK-NEXT: %[[CB:.*]] = gpu.memcpy async [%[[SB]]] %{{.*}}, %[[B]]
  // CHECK:      gpu.wait [%[[CA]]]
  // CHECK-NEXT: call @printMemrefI32
  // CHECK-NEXT: gpu.wait [%[[CB]]]
  // CHECK-NEXT: call @printMemrefI32
  func.func @escaped_independent(%v : i32) {
    %a = gpu.alloc () : memref<4xi32>
    %b = gpu.alloc () : memref<4xi32>
    gpu.memset %a, %v : memref<4xi32>, i32
    gpu.memset %b, %v : memref<4xi32>, i32
    %ha = memref.alloc () : memref<4xi32>
    %hb = memref.alloc () : memref<4xi32>
    gpu.memcpy %ha, %a : memref<4xi32>, memref<4xi32>
    gpu.memcpy %hb, %b : memref<4xi32>, memref<4xi32>
    %ca = memref.cast %ha : memref<4xi32> to memref<*xi32>
    %cb = memref.cast %hb : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%ca) : (memref<*xi32>) -> ()
    call @printMemrefI32(%cb) : (memref<*xi32>) -> ()
    return
  }

  // After the copy joins the chains of %a and %b, the memset of %b (WAR) and the memset of %a
  // (WAW) each follow the copy only, not each other.
  // CHECK-LABEL: func.func @merged_no_overserialize(
  // CHECK:      %[[J:.*]] = gpu.wait async [%[[SA:.*]], %[[SB:.*]]]
  // CHECK-NEXT: %[[C:.*]] = gpu.memcpy async [%[[J]]]
  // CHECK-NEXT: %[[S1:.*]] = gpu.memset async [%[[C]]]
  // CHECK-NEXT: %[[S2:.*]] = gpu.memset async [%[[C]]]
  // CHECK-NEXT: gpu.wait [%[[S1]], %[[S2]]]
  func.func @merged_no_overserialize(%v : i32, %w : i32) {
    %a = gpu.alloc () : memref<4xi32>
    %b = gpu.alloc () : memref<4xi32>
    gpu.memset %a, %v : memref<4xi32>, i32
    gpu.memset %b, %v : memref<4xi32>, i32
    gpu.memcpy %a, %b : memref<4xi32>, memref<4xi32>
    gpu.memset %b, %w : memref<4xi32>, i32
    gpu.memset %a, %w : memref<4xi32>, i32
    return
  }

  // Two readers of %b are independent; the write of %b waits for both (WAR, one join), the next
  // write of %b follows only the previous one (WAW; the readers are implied).
  // CHECK-LABEL: func.func @war_waw(
  // CHECK:      %[[R1:.*]] = gpu.memcpy async
  // CHECK:      %[[R2:.*]] = gpu.memcpy async
  // CHECK-NEXT: %[[J:.*]] = gpu.wait async [%[[R1]], %[[R2]]]
  // CHECK-NEXT: %[[W1:.*]] = gpu.memset async [%[[J]]]
  // CHECK-NEXT: %[[W2:.*]] = gpu.memset async [%[[W1]]]
  // CHECK-NEXT: gpu.wait [%[[W2]]]
  func.func @war_waw(%v : i32) {
    %a = gpu.alloc () : memref<4xi32>
    %b = gpu.alloc () : memref<4xi32>
    %c = gpu.alloc () : memref<4xi32>
    gpu.memcpy %a, %b : memref<4xi32>, memref<4xi32>
    gpu.memcpy %c, %b : memref<4xi32>, memref<4xi32>
    gpu.memset %b, %v : memref<4xi32>, i32
    gpu.memset %b, %v : memref<4xi32>, i32
    return
  }

  // A view resolves to its root: the memset through the cast follows the memset of %a, not %b.
  // CHECK-LABEL: func.func @views(
  // CHECK:      %[[SA:.*]] = gpu.memset async
  // CHECK-NEXT: %[[SB:.*]] = gpu.memset async
  // CHECK-NEXT: %[[SV:.*]] = gpu.memset async [%[[SA]]] %{{.*}} : memref<?xi32>
  // CHECK-NEXT: gpu.wait [%[[SB]], %[[SV]]]
  func.func @views(%v : i32) {
    %a = gpu.alloc () : memref<4xi32>
    %b = gpu.alloc () : memref<4xi32>
    %va = memref.cast %a : memref<4xi32> to memref<?xi32>
    gpu.memset %a, %v : memref<4xi32>, i32
    gpu.memset %b, %v : memref<4xi32>, i32
    gpu.memset %va, %v : memref<?xi32>, i32
    return
  }

  // Function arguments may alias each other (ordered), never a local allocation.
  // CHECK-LABEL: func.func @arguments(
  // CHECK:      %[[X:.*]] = gpu.memset async [%{{.*}}] %arg0
  // CHECK-NEXT: %[[A:.*]] = gpu.memset async [%asyncToken] %memref
  // CHECK-NEXT: %[[Y:.*]] = gpu.memset async [%[[X]]] %arg1
  // CHECK-NEXT: gpu.wait [%[[A]], %[[Y]]]
  func.func @arguments(%x : memref<4xi32>, %y : memref<4xi32>, %v : i32) {
    %a = gpu.alloc () : memref<4xi32>
    gpu.memset %x, %v : memref<4xi32>, i32
    gpu.memset %a, %v : memref<4xi32>, i32
    gpu.memset %y, %v : memref<4xi32>, i32
    return
  }

  // A call with unknown effects syncs only what it can reach (the argument, the escaped %e), not
  // the private %a, whose next memset follows its previous one without a host sync.
  // CHECK-LABEL: func.func @unknown_call(
  // CHECK:      %[[A:.*]], %[[TA:.*]] = gpu.alloc async
  // CHECK:      %[[X:.*]] = gpu.memset async [%{{.*}}] %arg0
  // CHECK-NEXT: %[[SA:.*]] = gpu.memset async [%[[TA]]] %[[A]]
  // CHECK-NEXT: %[[E:.*]] = gpu.memset async [%[[X]]]
  // CHECK-NEXT: gpu.wait [%[[E]]]
  // CHECK-NEXT: call @ext
  // CHECK-NEXT: %[[A2:.*]] = gpu.memset async [%[[SA]]] %[[A]]
  // CHECK-NEXT: gpu.wait [%[[A2]]]
  func.func @unknown_call(%x : memref<4xi32>, %v : i32) {
    %a = gpu.alloc () : memref<4xi32>
    %e = gpu.alloc () : memref<4xi32>
    gpu.memset %x, %v : memref<4xi32>, i32
    gpu.memset %a, %v : memref<4xi32>, i32
    gpu.memset %e, %v : memref<4xi32>, i32
    call @ext(%e) : (memref<4xi32>) -> ()
    gpu.memset %a, %v : memref<4xi32>, i32
    return
  }
}
