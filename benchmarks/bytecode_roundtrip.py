"""MLIR bytecode round trips with upstream mlir-opt over every lit test input and example.

For each input (each chunk of a ``--split-input-file`` test) that upstream mlir-opt accepts:

  out   asyncgpu-opt --emit-bytecode x | mlir-opt          prints what `mlir-opt x` prints
  in    mlir-opt --emit-bytecode[-version=V] x | asyncgpu-opt   prints what `mlir-opt x` prints
  self  asyncgpu-opt --verify-roundtrip x                   succeeds (custom, generic, bytecode)

    .venv/bin/python benchmarks/bytecode_roundtrip.py [--version V] [--show N] [paths...]

Prints the counts (and the first N failures of each kind).  Needs ``scripts/mlir-opt-ref``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = [sys.executable, "-m", "asyncgpu_opt"]
REF = [str(ROOT / "scripts" / "mlir-opt-ref")]


def _run(cmd: list[str], data: bytes | None = None) -> tuple[int, bytes, bytes]:
    try:
        p = subprocess.run(cmd, input=data, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return 124, b"", b"timeout"
    return p.returncode, p.stdout, p.stderr


def _chunks(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="surrogateescape")
    if "// -----" not in text:
        return [text]
    return [c for c in text.split("// -----") if c.strip()]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--version", type=int, default=None, help="bytecode version mlir-opt writes (default: its own)")
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("paths", nargs="*")
    args = ap.parse_args()
    paths = [Path(p) for p in args.paths] or sorted([*ROOT.glob("lit_tests/**/*.mlir"), *ROOT.glob("examples/*.mlir")])
    counts = {"inputs": 0, "out_ok": 0, "in_ok": 0, "self_ok": 0}
    fails: dict[str, list[str]] = {"out": [], "in": [], "self": []}
    extra = ["--allow-unregistered-dialect"]
    vflag = [] if args.version is None else [f"--emit-bytecode-version={args.version}"]
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            for k, chunk in enumerate(_chunks(path)):
                src = Path(tmp) / f"in{k}.mlir"
                src.write_text(chunk, encoding="utf-8", errors="surrogateescape")
                rc, want, _ = _run([*REF, str(src), *extra])
                if rc != 0:
                    continue
                rc2, _, _ = _run([*OURS, str(src), *extra])
                if rc2 != 0:
                    continue
                counts["inputs"] += 1
                name = f"{path.relative_to(ROOT)}#{k}"
                rc, bc, err = _run([*OURS, str(src), *extra, "--emit-bytecode"])
                rc, got, err2 = _run([*REF, "-", *extra], bc) if rc == 0 else (rc, b"", err)
                if rc == 0 and got == want:
                    counts["out_ok"] += 1
                else:
                    fails["out"].append(f"{name}: {(err + err2).decode(errors='replace')[:300]}")
                rc, bc, err = _run([*REF, str(src), *extra, "--emit-bytecode", *vflag])
                rc, got, err2 = _run([*OURS, "-", *extra], bc)
                if rc == 0 and got == want:
                    counts["in_ok"] += 1
                else:
                    fails["in"].append(f"{name}: {(err + err2).decode(errors='replace')[:300]}")
                rc, _, err = _run([*OURS, str(src), *extra, "--verify-roundtrip", "-o", "/dev/null"])
                if rc == 0:
                    counts["self_ok"] += 1
                else:
                    fails["self"].append(f"{name}: {err.decode(errors='replace')[:300]}")
            print(f"... {path.relative_to(ROOT)}: {counts}", file=sys.stderr, flush=True)
    n = counts["inputs"]
    print(f"inputs both tools accept: {n}")
    print(f"asyncgpu-opt --emit-bytecode | mlir-opt      identical: {counts['out_ok']}/{n}")
    print(f"mlir-opt --emit-bytecode{' v' + str(args.version) if args.version is not None else ''} | asyncgpu-opt   "
          f"identical: {counts['in_ok']}/{n}")
    print(f"asyncgpu-opt --verify-roundtrip                ok: {counts['self_ok']}/{n}")
    for kind, items in fails.items():
        for f in items[:args.show]:
            print(f"  {kind} FAIL {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
