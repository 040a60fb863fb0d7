#!/usr/bin/env python3
"""Two builds of tether-bench side by side in one run: is anything slower after a change?

    python3 benchmarks/before_after.py BEFORE_BIN AFTER_BIN [--cases CASES] [--rounds 3]
                                       [--callgrind] [--timeout 300]

BEFORE_BIN and AFTER_BIN are tether-bench executables built from two commits (for example the
tree at the commit before a change, built in a `git worktree` with its own scratch path, and
this tree's `.build/release/tether-bench`). Each case ("WORKLOAD N [flags]", the flags both
builds accept) runs in rounds, before then after then after then before and so on, so that both
builds see the same load; the report gives the median of each timed field per build and
after ÷ before. With --callgrind each case also runs once per build under
`valgrind --tool=callgrind`, whose instruction count (the whole process: build, resizes,
verification) does not depend on the machine's load: the figure to trust on a shared machine.
A ratio above 1.10 is marked "slower" (issue 18's bound for existing workloads).

Prints a Markdown table to stdout. Not a test: timings are never turned into pass/fail here.
"""

import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

DEFAULT_CASES = [
    "siblings 10000", "siblings 10000 --batch",
    "chain 10000", "chain 10000 --batch",
    "stack 10000",
    "grid 10000", "grid 10000 --batch",
    "churn 1000",
    "grid2d 100", "grid2d 100 --batch",
    "form-raw 10000", "form-raw 10000 --batch",
    "form 1000", "form 10000",
    "vgrid 10000", "vgrid-raw 10000",
]
FIELDS = ["build_solve_ms", "resize_first_us", "resize_us_median", "readout_us"]
SLOWER = 1.10


def run_json(binary, case, timeout):
    """One process of `binary` on `case`: its JSON line, or None when it failed."""
    try:
        done = subprocess.run([binary] + shlex.split(case), capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return None
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    return None


def instructions(binary, case, timeout):
    """Instructions executed by one run of `binary` on `case` under callgrind, or None."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        try:
            done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary]
                                  + shlex.split(case), capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        if done.returncode != 0 or not os.path.exists(out):
            return None
        with open(out) as f:
            for line in f:
                m = re.match(r"summary:\s+(\d+)", line) or re.match(r"totals:\s+(\d+)", line)
                if m:
                    return int(m.group(1))
    return None


def ratio_text(before, after):
    if not before or after is None:
        return ""
    r = after / before
    return f"{r:.2f}" + (" slower" if r > SLOWER else "")


def count_text(value):
    """Instructions: 1.23 G, 456 M."""
    if value is None:
        return "failed"
    return f"{value / 1e9:.3g} G" if value >= 1e9 else f"{value / 1e6:.3g} M"


def time_text(value, unit):
    """A time in `unit` ("ms" or "µs"), shown in the largest unit that keeps it at least 1."""
    if value is None:
        return ""
    scale = {"µs": 1e-6, "ms": 1e-3}[unit]
    seconds = value * scale
    if seconds >= 1:
        return f"{seconds:.3g} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("before")
    p.add_argument("after")
    p.add_argument("--cases", type=lambda s: [c.strip() for c in s.split(",") if c.strip()],
                   default=DEFAULT_CASES, help="comma-separated 'WORKLOAD N [flags]' cases")
    p.add_argument("--rounds", type=int, default=3, help="runs per build and case (default 3)")
    p.add_argument("--callgrind", action="store_true", help="also count instructions (one run each)")
    p.add_argument("--timeout", type=float, default=300)
    a = p.parse_args()

    rows = []
    for case in a.cases:
        runs = {"before": [], "after": []}
        for k in range(a.rounds):
            order = ["before", "after"] if k % 2 == 0 else ["after", "before"]
            for which in order:
                record = run_json(getattr(a, which), case, a.timeout)
                if record is not None:
                    runs[which].append(record)
        medians = {}
        for which in ("before", "after"):
            medians[which] = {f: statistics.median([r[f] for r in runs[which] if r.get(f) is not None])
                              if any(r.get(f) is not None for r in runs[which]) else None for f in FIELDS}
        counts = {}
        if a.callgrind:
            for which in ("before", "after"):
                counts[which] = instructions(getattr(a, which), case, a.timeout * 60)
        rows.append((case, medians, counts))
        print(f"done: {case}", file=sys.stderr, flush=True)

    head = ["case"]
    if a.callgrind:
        head += ["instructions before", "after", "after ÷ before"]
    head += ["build + solve before", "after", "after ÷ before", "resize median before", "after", "after ÷ before"]
    print("| " + " | ".join(head) + " |")
    print("| " + " | ".join("---" for _ in head) + " |")
    for case, medians, counts in rows:
        cells = [f"`{case}`"]
        if a.callgrind:
            cells += [count_text(counts.get("before")), count_text(counts.get("after")),
                      ratio_text(counts.get("before"), counts.get("after"))]
        b, f = medians["before"], medians["after"]
        cells += [time_text(b["build_solve_ms"], "ms") or "failed", time_text(f["build_solve_ms"], "ms") or "failed",
                  ratio_text(b["build_solve_ms"], f["build_solve_ms"]),
                  time_text(b["resize_us_median"], "µs"), time_text(f["resize_us_median"], "µs"),
                  ratio_text(b["resize_us_median"], f["resize_us_median"])]
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
