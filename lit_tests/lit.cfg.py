# -*- Python -*-
# lit configuration for the asyncgpu-opt test corpus.
#
# Run with:  .venv/bin/lit -sv lit_tests
import os
import subprocess
import sys

import lit.formats

config.name = "asyncgpu-opt"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "Output", "lit.cfg.py", "lit.local.cfg"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.test_source_root, "Output")

_repo_root = os.path.dirname(config.test_source_root)
_venv_bin = os.path.dirname(sys.executable)

# PATH: the invoking environment first, then the bin dir of the python running lit
# (the project venv: asyncgpu-opt, filecheck).
_path = os.environ.get("PATH", "")
config.environment["PATH"] = os.pathsep.join(p for p in (_path, _venv_bin) if p)
for _var in ("LD_LIBRARY_PATH", "HOME", "XDG_CACHE_HOME"):
    if _var in os.environ:
        config.environment[_var] = os.environ[_var]

# %python: the interpreter running lit (the project venv).
config.substitutions.append(("%python", sys.executable))

# Upstream oracle: only when the wrapper actually runs.
_ref = os.path.join(_repo_root, "scripts", "mlir-opt-ref")


def _probe_ref():
    if not os.access(_ref, os.X_OK):
        return False
    env = dict(os.environ)
    env.setdefault("PYTHON", sys.executable)
    try:
        res = subprocess.run(
            [_ref, "--version"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=30,
            env=env,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return res.returncode == 0


if _probe_ref():
    config.substitutions.append(("%{mlir-opt-ref}", _ref))
    config.available_features.add("mlir-opt-ref")


# CUDA: only when the driver initialises (lazy import, never fatal).
def _probe_cuda():
    try:
        from cuda.bindings import driver  # noqa: PLC0415

        (err,) = driver.cuInit(0)
        return int(err) == 0
    except Exception:
        return False


if _probe_cuda():
    config.available_features.add("cuda")
