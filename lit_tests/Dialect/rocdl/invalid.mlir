// RUN: asyncgpu-opt %s -split-input-file -verify-diagnostics

llvm.func @lds_not_shared(%src: !llvm.ptr<1>, %p: !llvm.ptr) {
  // expected-error @+1 {{operand #1 must be LLVM pointer in address space 3, but got '!llvm.ptr'}}
  "rocdl.load.to.lds"(%src, %p) <{aux = 0 : i32, offset = 0 : i32, size = 4 : i32}> : (!llvm.ptr<1>, !llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @no_size(%src: !llvm.ptr<1>, %tile: !llvm.ptr<3>) {
  // expected-error @+1 {{requires attribute 'size'}}
  "rocdl.load.to.lds"(%src, %tile) <{aux = 0 : i32, offset = 0 : i32}> : (!llvm.ptr<1>, !llvm.ptr<3>) -> ()
  llvm.return
}

// -----

llvm.func @not_a_pointer(%src: i64, %tile: !llvm.ptr<3>) {
  // expected-error @+1 {{operand #0 must be LLVM pointer type, but got 'i64'}}
  "rocdl.load.to.lds"(%src, %tile) <{aux = 0 : i32, offset = 0 : i32, size = 4 : i32}> : (i64, !llvm.ptr<3>) -> ()
  llvm.return
}
