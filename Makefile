# asyncgpu-opt developer tasks.  `make test` is what CI runs.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export PATH := $(abspath $(BIN)):$(PATH)

.PHONY: all venv install install-test demo test pytest lit lint bench bench-schedule bench-scaling fuzz timeline-images gpu-check clean

all: test

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install -q -e . --config-settings editable_mode=compat
	$(BIN)/python -m compileall -q asyncgpu_opt

install-test: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]' --config-settings editable_mode=compat
	$(BIN)/python -m compileall -q asyncgpu_opt

demo: install
	$(BIN)/asyncgpu-opt examples/two_matmuls.mlir --async-region --wait-insertion --gpu-to-runtime --run --timeline -

# ruff (pyproject: incl. SIM and C90 complexity), dead code (vulture), types of ir/ and syntax/ (mypy)
LINT = $(BIN)/ruff check asyncgpu_opt tests benchmarks && \
	$(BIN)/vulture asyncgpu_opt scripts/vulture_whitelist.py --min-confidence 80 && \
	$(BIN)/mypy

lint: install-test
	$(LINT)

pytest: install-test
	$(BIN)/python -m pytest -q -x tests

lit: install-test
	$(BIN)/lit -sv lit_tests

test: install-test
	$(LINT)
	$(BIN)/python -m pytest -q tests
	$(BIN)/lit -s lit_tests

bench: install-test
	$(BIN)/python -m pip install -q 'xdsl==0.74.0'
	$(BIN)/python benchmarks/parse_print.py --sizes 1000,10000

bench-schedule: install-test  # makespan vs data-dependence critical path (docs/performance.md)
	$(BIN)/python benchmarks/schedule.py --programs 20

bench-scaling: install-test  # each pass and the pipeline on 9 program shapes at N = 500, 2,000, 10,000 (docs/performance.md)
	$(BIN)/python benchmarks/pass_scaling.py $${QUICK:+--quick}

fuzz: install-test  # the mutation fuzzer, longer than the CI run (tests/test_fuzz.py); SEED_DIRS="dir ..." adds seeds
	$(BIN)/python benchmarks/fuzz.py --mutants 5000 --seed $${SEED:-1} --verify-upstream --stage-limit 20 \
	  $(foreach d,$(SEED_DIRS),--seed-dir $(d)) --save benchmarks/out/fuzz
	$(BIN)/python benchmarks/fuzz.py --mutants 5000 --seed $${SEED:-1} --against-upstream \
	  $(foreach d,$(SEED_DIRS),--seed-dir $(d)) --save benchmarks/out/fuzz-upstream

timeline-images: install  # docs/img: the two-matmul example before and after --async-region (README)
	$(BIN)/asyncgpu-opt examples/two_matmuls_sync.mlir --run --timeline docs/img/two_matmuls_before.svg > /dev/null
	$(BIN)/asyncgpu-opt examples/two_matmuls_sync.mlir --async-region --gpu-to-runtime --run \
		--timeline docs/img/two_matmuls_after.svg > /dev/null

# --backend cuda against the simulator on a GPU, in at most 8 minutes (docs/gpu-check.md); without a GPU it
# says so, compiles every kernel with NVRTC and exits 0.  The project venv's python where there is one
# (the device machine has none: its python3 and packages are used).
GPU_CHECK_PY = $(if $(wildcard $(BIN)/python),$(BIN)/python,python3)
gpu-check:
	$(GPU_CHECK_PY) scripts/gpu_check.py $(GPU_CHECK_ARGS)

clean:
	rm -rf $(VENV) build *.egg-info lit_tests/**/Output
