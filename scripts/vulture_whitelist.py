"""Names vulture (``make lint``'s dead-code check) cannot see used: click passes every CLI option to
``cli.main`` by keyword, including options accepted for mlir-opt / mlir-runner compatibility that
change nothing."""

opt_level  # noqa: B018, F821  (-O0..-O3, accepted and ignored)
shared_libs  # noqa: B018, F821  (--shared-libs, accepted and ignored)
