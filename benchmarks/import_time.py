#!/usr/bin/env python3
"""What importing a module costs a fresh interpreter, and what a short script costs in all.

    python3 benchmarks/import_time.py [--runs N] [--python PYTHON] [--package DIR] MODULE...

For each MODULE (e.g. ``tether.kiwi``, ``kiwisolver``, ``tether``) it starts N fresh
interpreters, one after another, alternating the modules so that a drift of the machine
spreads over all of them. Each interpreter times ``import MODULE`` with ``time.perf_counter``
around it (the interpreter's own start-up is not counted), then a first layout: 100 sibling
views through kiwisolver's calls when MODULE is a kiwisolver (``tether.kiwi`` or
``kiwisolver``), so that the two can be compared as a short script meets them. It prints one
JSON line per module with the median and the best of the runs, in milliseconds, and the
``tether`` submodules the import loaded (to see what an import pulls in).

``--package DIR`` puts DIR first on ``sys.path`` (a tree's ``bindings/python``, to compare two
versions of the package on one library).
"""

import argparse
import json
import subprocess
import sys

PROBE = r"""
import json, sys, time
module = sys.argv[1]
t0 = time.perf_counter()
m = __import__(module, fromlist=["_"])
t1 = time.perf_counter()
first = None
if module in ("tether.kiwi", "kiwisolver"):
    # 100 siblings as kiwisolver users add them: the benchmarks' siblings workload, shortened.
    s = m.Solver()
    root = m.Variable("root")
    s.addConstraint(root == 0)
    for i in range(100):
        left, width = m.Variable(), m.Variable()
        s.addConstraint(left == root + 8 * i)
        s.addConstraint(width == 40)
    s.updateVariables()
    first = (time.perf_counter() - t1) * 1e3
loaded = sorted(k for k in sys.modules if k == "tether" or k.startswith("tether."))
print(json.dumps({"import_ms": (t1 - t0) * 1e3, "first_layout_ms": first, "loaded": loaded}))
"""


def median(values):
    s = sorted(values)
    m = len(s) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--package", default=None)
    args = parser.parse_args()
    env = None
    if args.package:
        import os

        env = dict(os.environ)
        env["PYTHONPATH"] = args.package + os.pathsep + env.get("PYTHONPATH", "")
    results = {m: [] for m in args.modules}
    for _ in range(args.runs):
        for module in args.modules:
            out = subprocess.run([args.python, "-c", PROBE, module], check=True, env=env,
                                 capture_output=True, text=True).stdout
            results[module].append(json.loads(out))
    for module, runs in results.items():
        imports = [r["import_ms"] for r in runs]
        firsts = [r["first_layout_ms"] for r in runs if r["first_layout_ms"] is not None]
        line = {"module": module, "runs": len(runs), "import_ms_median": round(median(imports), 2),
                "import_ms_best": round(min(imports), 2)}
        if firsts:
            line["first_layout_ms_median"] = round(median(firsts), 2)
            line["first_layout_ms_best"] = round(min(firsts), 2)
        line["tether_modules_loaded"] = runs[-1]["loaded"]
        print(json.dumps(line))


if __name__ == "__main__":
    main()
