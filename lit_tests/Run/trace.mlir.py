import json
import sys

tr = json.load(open(sys.argv[1]))
ev = tr["traceEvents"] if isinstance(tr, dict) else tr
ks = {}
for e in ev:
    if e.get("ph") == "X" and "@test_parallel_kernel" in e.get("name", "") and "_1" not in e["name"]:
        ks[e["name"].split("::")[0].lstrip("@")] = e
a, b = ks["test_parallel_kernel"], ks["test_parallel_kernel_0"]
assert a["tid"] != b["tid"], (a, b)
assert a["ts"] < b["ts"] + b["dur"] and b["ts"] < a["ts"] + a["dur"], (a, b)
print("overlap: test_parallel_kernel test_parallel_kernel_0 on 2 tracks")
