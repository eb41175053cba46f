// RUN: asyncgpu-opt %s | filecheck %s
// RUN: asyncgpu-opt %s | asyncgpu-opt | filecheck %s
// RUN: asyncgpu-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: asyncgpu-opt %s --mlir-print-local-scope | filecheck %s --check-prefix=LOCAL

// Loop metadata attributes print through aliases named by their mnemonic, defined
// at the top in upstream's order: by nesting depth first (an alias's definition
// only refers to earlier ones), then by name, then by first use; each name is
// numbered in that order. Parameters come out in declaration order whatever order
// they were written in, and i64 counts keep their type.

// CHECK:      #access_group = #llvm.access_group<id = distinct[0]<>>
// CHECK-NEXT: #access_group1 = #llvm.access_group<id = distinct[1]<>>
// CHECK-NEXT: #loop_annotation = #llvm.loop_annotation<disableNonforced = true>
// CHECK-NEXT: #loop_annotation1 = #llvm.loop_annotation<mustProgress = true>
// CHECK-NEXT: #loop_interleave = #llvm.loop_interleave<count = 4 : i64>
// CHECK-NEXT: #loop_peeled = #llvm.loop_peeled<count = 2 : i32>
// CHECK-NEXT: #loop_unswitch = #llvm.loop_unswitch<partialDisable = false>
// CHECK-NEXT: #loop_unroll = #llvm.loop_unroll<count = 8 : i32, full = false, followupAll = #loop_annotation>
// CHECK-NEXT: #loop_vectorize = #llvm.loop_vectorize<disable = false, width = 4 : i32, followupAll = #loop_annotation>
// CHECK-NEXT: #loop_annotation2 = #llvm.loop_annotation<vectorize = #loop_vectorize, unroll = #loop_unroll, peeled = #loop_peeled, mustProgress = false, parallelAccesses = #access_group, #access_group1>
// CHECK-NEXT: #loop_annotation3 = #llvm.loop_annotation<unroll = #loop_unroll, unswitch = #loop_unswitch>
// CHECK-NOT:  #
// CHECK:      module {

// GENERIC: #loop_annotation2 = #llvm.loop_annotation<vectorize = #loop_vectorize, unroll = #loop_unroll, peeled = #loop_peeled, mustProgress = false, parallelAccesses = #access_group, #access_group1>
// GENERIC: "llvm.br"()[^bb1] <{loop_annotation = #loop_annotation2}> : () -> ()
// GENERIC: "llvm.cond_br"(%{{.*}})[^bb1, ^bb2] <{loop_annotation = #loop_annotation3, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()

// Under --mlir-print-local-scope there are no aliases; a nested attribute of a
// known class drops its `#llvm.<mnemonic>` prefix, an `Attribute` parameter keeps it.
// LOCAL-NOT: #loop
// LOCAL: llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<vectorize = <disable = false, width = 4 : i32, followupAll = <disableNonforced = true>>, unroll = <count = 8 : i32, full = false, followupAll = <disableNonforced = true>>, peeled = <count = 2 : i32>, mustProgress = false, parallelAccesses = <id = distinct[0]<>>, <id = distinct[1]<>>>}
// LOCAL: llvm.return {tags = [#llvm.loop_annotation<mustProgress = true>, #llvm.loop_interleave<count = 4 : i64>]}

#done = #llvm.loop_annotation<disableNonforced = true>
#unroll = #llvm.loop_unroll<followupAll = #done, full = false, count = 8 : i32>
#g0 = #llvm.access_group<id = distinct[0]<>>
#g1 = #llvm.access_group<id = distinct[1]<>>

// CHECK-LABEL: llvm.func @latches
llvm.func @latches(%c: i1) {
  // CHECK: llvm.br ^bb1 {loop_annotation = #loop_annotation2}
  llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<
      mustProgress = false,
      peeled = #llvm.loop_peeled<count = 2 : i32>,
      unroll = #unroll,
      vectorize = #llvm.loop_vectorize<width = 4 : i32, disable = false, followupAll = #done>,
      parallelAccesses = #g0, #g1>}
^bb1:
  // CHECK: llvm.cond_br %{{.*}}, ^bb1, ^bb2 {loop_annotation = #loop_annotation3}
  llvm.cond_br %c, ^bb1, ^bb2 {loop_annotation = #llvm.loop_annotation<unswitch = #llvm.loop_unswitch<partialDisable = false>, unroll = #unroll>}
^bb2:
  // Aliases apply inside arrays and discardable attributes too.
  // CHECK: llvm.return {tags = [#loop_annotation1, #loop_interleave]}
  llvm.return {tags = [#llvm.loop_annotation<mustProgress = true>, #llvm.loop_interleave<count = 4>]}
}
