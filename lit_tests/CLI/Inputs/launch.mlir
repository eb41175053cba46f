func.func @has_launch(%sz: index) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%lx = %sz, %ly = %sz, %lz = %sz) {
    gpu.terminator
  }
  return
}
