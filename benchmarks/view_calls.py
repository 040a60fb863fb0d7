#!/usr/bin/env python3
"""What one view-model call costs through the Python package, beside the same call through the
C ABI (issue 21, item 4), in one run.

    python3 benchmarks/view_calls.py [--count N] [--rounds R]

Builds benchmarks/c/view_calls.c with cc against the library the package loads, runs it, then
makes the same calls from Python, N of each, in the same order on one engine: make a view; add it
as a subview of a root; make and activate a constraint from anchors
(``child.leading == root.leading + 8``, ``.active = True``); change that
constraint's constant; set the root's frame; lay out the root after a constant change (the change
itself not counted); read a frame. Prints a Markdown table of microseconds per call (the median of
R rounds, each on a fresh engine) and the difference, Python minus C.

Not a test: timings never become pass/fail.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import tether  # noqa: E402
from tether import View, _ffi  # noqa: E402

CALLS = ["make a view", "add a subview", "activate a constraint from anchors", "change a constant",
         "set a frame", "lay out", "read a frame"]


def python_round(count):
    clock = time.perf_counter
    out = {}
    with tether.Engine() as engine:
        root = View(frame=(0, 0, 400, 300), engine=engine)
        t = clock()
        views = [View(engine=engine) for _ in range(count)]
        out["make a view"] = clock() - t
        t = clock()
        for v in views:
            root.add_subview(v)
        out["add a subview"] = clock() - t
        for v in views:
            v.translates_autoresizing_mask_into_constraints = False
        leading = root.leading
        t = clock()
        constraints = []
        for v in views:
            c = v.leading == leading + 8
            c.active = True
            constraints.append(c)
        out["activate a constraint from anchors"] = clock() - t
        root.layout_if_needed()
        t = clock()
        for i, c in enumerate(constraints):
            c.constant = i % 17
        out["change a constant"] = clock() - t
        t = clock()
        for i in range(count):
            root.frame = (0, 0, 400 + i % 2, 300)
        out["set a frame"] = clock() - t
        first = constraints[0]
        t = clock()
        for i in range(count):
            first.constant = i % 5
            root.layout_if_needed()
        out["lay out"] = clock() - t - out["change a constant"]
        t = clock()
        for v in views:
            v.frame
        out["read a frame"] = clock() - t
    return {name: seconds / count * 1e6 for name, seconds in out.items()}


def c_times(count, rounds):
    library = Path(_ffi.loaded_path)
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "view_calls"
        subprocess.run([os.environ.get("CC", "cc"), "-O2", "-std=c11", f"-I{ROOT / 'Include'}",
                        str(ROOT / "benchmarks" / "c" / "view_calls.c"), str(library),
                        f"-Wl,-rpath,{library.parent}", "-o", str(binary)], check=True)
        runs = [json.loads(subprocess.run([str(binary), str(count)], check=True, capture_output=True,
                                          text=True).stdout) for _ in range(max(1, rounds // 5))]
    return {name: statistics.median(r[name] for r in runs) for name in CALLS}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=5)
    a = p.parse_args()
    c = c_times(a.count, a.rounds)
    py = [python_round(a.count) for _ in range(a.rounds)]
    print("| call | C (µs) | Python (µs) | Python − C (µs) |")
    print("| --- | --- | --- | --- |")
    for name in CALLS:
        value = statistics.median(r[name] for r in py)
        print(f"| {name} | {c[name]:.2f} | {value:.2f} | {value - c[name]:+.2f} |")


if __name__ == "__main__":
    main()
