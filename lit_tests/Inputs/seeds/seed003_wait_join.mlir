// Seed 003 (review of D89938): the stream-leak example `%t3 = gpu.wait async
// [%t1, %t2]` (the post's "aysnc" typo fixed), made a complete program.
module attributes {gpu.container_module} {
  func.func @join(%t1: !gpu.async.token, %t2: !gpu.async.token) {
    %t3 = gpu.wait async [%t1, %t2] // last use of %t1 and %t2
    gpu.wait [%t3]
    return
  }
  func.func @fork() {
    %t0 = gpu.wait async
    %t1 = gpu.wait async [%t0]
    %t2 = gpu.wait async [%t0]
    %t3 = gpu.wait async [%t1, %t2]
    gpu.wait [%t3]
    return
  }
}
