func.func @tab(%t0: !gpu.async.token) {
	gpu.wait [%t0
	return
}
