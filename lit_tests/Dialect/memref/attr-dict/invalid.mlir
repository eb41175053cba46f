// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

// Parse-time checks of memref ops (checked against mlir-opt 22.1.8): the inherent attributes of
// a declarative format's attr-dict are verified as soon as it is parsed (located at the
// dictionary, before the op's operands are resolved), memref.global's own parse errors.

func.func @load_alignment(%m: memref<4xi32>) {
  // expected-error @+1 {{custom op 'memref.load' 'memref.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %v = memref.load %m[%undefined] {alignment = 0} : memref<4xi32>
  return
}

// -----

func.func @store_alignment(%m: memref<4xi32>, %v: i32, %i: index) {
  // expected-error @+1 {{custom op 'memref.store' 'memref.store' op attribute 'alignment' failed to satisfy constraint}}
  memref.store %v, %m[%i] {alignment = 12} : memref<4xi32>
  return
}

// -----

func.func @alloc_alignment() {
  // expected-error @+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint}}
  %0 = memref.alloc() {alignment = -8} : memref<4xf32>
  return
}

// -----

// expected-error @+1 {{custom op 'memref.global' 'memref.global' op attribute 'alignment' failed to satisfy constraint}}
memref.global @aligned : memref<4xf32> = uninitialized {alignment = 6}

// -----

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @dynamic : memref<?xf32>

// -----

// expected-error @+1 {{custom op 'memref.global' expected valid '@'-identifier for symbol name}}
memref.global "private" 7 @numbered : memref<4xf32>

// -----

// expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([4])}}
memref.global constant @short : memref<4xf32> = dense<[1.0, 2.0, 3.0]>

// -----

// The initial value's type is the memref's: a `: type` after it is not part of the op.
// expected-error @+1 {{expected operation name in quotes}}
memref.global @typed : memref<2xf32> = dense<1.0> : tensor<2xf32>

// -----

// expected-error @+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "scalar", type = f32}> : () -> ()
