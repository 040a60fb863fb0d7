#!/usr/bin/env python3
"""Side-by-side benchmark runner: Tether (Swift API, C API, Python package) against kiwisolver
and the floor.

    python3 benchmarks/run.py [--sizes 100,1000,10000,100000] [--workloads ...] [--engines ...]
                              [--timeout 60] [--repeat 3] [--orders] [--edits-first]
                              [--orders-zoo [SHUFFLES]] [--zoo-sizes ...] [--zoo-workloads ...]
                              [--no-build] [--plot [PATH]]

Builds the release bench and library (`swift build -c release --product tether-bench` and
`--product tether`, each only when an engine needs it) and compiles the C engines
(benchmarks/c: tether_bench.c over the library, floor_bench.c with no solver) with `cc` into
.build/bench-c, then runs every (engine, workload, N) in its own process with a time limit,
smallest N first, then again in rounds (--repeat) that interleave the sizes. A run that hits the
limit is reported as "> 60 s" and the larger sizes of that (engine, workload) are skipped. Each
process prints one JSON line (benchmarks/swift, benchmarks/python_workloads.py,
benchmarks/python_view_workloads.py) and verifies its layout; a run that fails verification
posts no time.

--orders also runs chain and stack with their constraints added in reverse order (sizes:
--order-sizes), each reverse run next to a natural one in the same round; --edits-first also
runs grid2d with the root's two edit variables added and suggested before the constraints
instead of after them (`--order edits-first`; sizes: --edits-first-sizes), reported next to the
natural order. Neither runs on the floor, which has no constraints.

--orders-zoo [SHUFFLES] runs the shape zoo (benchmarks/zoo.py, issue 18): each shape of
--zoo-workloads at each of --zoo-sizes in the natural order, in reverse and in SHUFFLES seeded
shuffles (default 10), the shapes with edit variables also with the root's edits added first;
on tether-swift, and on tether-c and tether-python for the shapes they build (zoo.ZOO_SUPPORT;
tether-c builds the view-model shapes but random-screen through the C ABI's view model). Only
the orders that finished at a size run at the next one, and once --zoo-give-up orders of one
placement of the edits hit a limit at a size, its remaining orders there are skipped. Its report
section gives, per shape, the best and worst order, their ratio, cells per constraint, pivots,
peak memory and the worst order's growth exponent.
`--workloads ''` runs the zoo alone.

The view-model workloads (form, vgrid: views and anchors laid out by the view model; form-raw,
vgrid-raw: the same constraints built directly on the solver) run only on tether-swift and
tether-python; the other engines have no view model and skip them ("n/a" in the tables). The
report's "View model ÷ raw solver" section divides each view workload by its raw twin.

Writes a Markdown report to stdout and to benchmarks/results/latest.md (raw results to
latest.json next to it); --plot also draws build + solve time against N, log-log, one panel
per workload (matplotlib). The workloads are defined in the shared docs (benchmarks.md) and in
docs/benchmarks.md. Never turn these timings into tests: the machines are shared and noisy.
"""

import argparse
import datetime
import hashlib
import json
import math
import os
import platform
import resource
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from hierarchy_report import DEFAULT_SIZES as HIERARCHY_SIZES
from hierarchy_report import HIERARCHY_ENGINES, HIERARCHY_WORKLOADS
from hierarchy_report import TIMED as HIERARCHY_TIMED
from hierarchy_report import render as render_hierarchy
from zoo import (ZOO_ENGINES, ZOO_VIEW_WORKLOADS, ZOO_WORKLOADS, edits_group, order_args, supports,
                 zoo_orders, zoo_section)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY_WORKLOADS = os.path.join(ROOT, "benchmarks", "python_workloads.py")
PY_VIEW_WORKLOADS = os.path.join(ROOT, "benchmarks", "python_view_workloads.py")
RESULTS = os.path.join(ROOT, "benchmarks", "results")


def use_scratch_path(path):
    """Points the build and every binary at the scratch path `path` (relative to the repository):
    SCRATCH, the bench and the library built there (BENCH, LIBRARY), and the C engines that
    compile_c() builds in it (C_BUILD, C_BENCH, FLOOR_BENCH, C_SOURCES; tether_bench links the
    library)."""
    global SCRATCH, BENCH, LIBRARY, C_BUILD, C_BENCH, FLOOR_BENCH, C_SOURCES
    SCRATCH = os.path.join(ROOT, path)
    BENCH = os.path.join(SCRATCH, "release", "tether-bench")
    LIBRARY = os.path.join(SCRATCH, "release", "libtether.so")
    C_BUILD = os.path.join(SCRATCH, "bench-c")
    C_BENCH = os.path.join(C_BUILD, "tether_bench")
    FLOOR_BENCH = os.path.join(C_BUILD, "floor_bench")
    C_SOURCES = {C_BENCH: os.path.join(ROOT, "benchmarks", "c", "tether_bench.c"),
                 FLOOR_BENCH: os.path.join(ROOT, "benchmarks", "c", "floor_bench.c")}


# The Swift scratch path: .build unless --scratch-path or $TETHER_SCRATCH_PATH names another
# (a worktree that shares the machine builds in its own folder); see use_scratch_path().
use_scratch_path(os.environ.get("TETHER_SCRATCH_PATH") or ".build")
DEFAULT_PLOT = os.path.join(ROOT, "docs", "benchmarks-scaling.png")
# The runs use copies of the bench and the library taken right after the build (see snapshot()),
# so that a rebuild in the shared .build folder during a long run cannot change them.
RUN_COPIES = {}

SOLVER_WORKLOADS = ["siblings", "chain", "stack", "grid", "grid2d", "churn"]
# The view-model workloads and their raw twins (benchmarks/swift/ViewWorkloads.swift,
# benchmarks/python_view_workloads.py): view ÷ raw is the cost of the view model.
VIEW_PAIRS = [("form", "form-raw"), ("vgrid", "vgrid-raw")]
VIEW_WORKLOADS = [w for pair in VIEW_PAIRS for w in pair]
ALL_WORKLOADS = SOLVER_WORKLOADS + VIEW_WORKLOADS
ALL_ENGINES = ["tether-swift", "tether-c", "tether-python", "kiwisolver", "floor"]
# Not run unless asked for: the Swift bench adding everything with one add(batch:) (--batch),
# and kiwisolver's own calls, one addConstraint at a time, on tether.kiwi (issue 21).
EXTRA_ENGINES = ["tether-swift-batch", "tether-kiwi"]
TETHER_ENGINES = ["tether-swift", "tether-swift-batch", "tether-c", "tether-python", "tether-kiwi"]
# The engines whose runs depend on the insertion order (--orders); the floor has no constraints.
ORDER_ENGINES = TETHER_ENGINES + ["kiwisolver"]
ORDER_WORKLOADS = ["chain", "stack"]
# --orders runs the natural order again, round by round next to the reverse one (`run_matrix`),
# under this name; the bench is given `--order natural`.
PAIRED_NATURAL = "natural (paired)"
# --edits-first: the workloads whose root edit variables can be added before the constraints
# (`--order edits-first` of the benches), run on ORDER_ENGINES.
EDITS_FIRST_WORKLOADS = ["grid2d"]
RESIZE_WORKLOADS = ["chain", "grid", "grid2d"] + VIEW_WORKLOADS
# The engines that have a view model; the others skip the view workloads (not applicable).
VIEW_ENGINES = ["tether-swift", "tether-python"]


def applicable(engine, workload):
    """Whether `engine` runs `workload`: the view and hierarchy workloads need a view model."""
    if workload in HIERARCHY_WORKLOADS:
        return engine in HIERARCHY_ENGINES
    return workload not in VIEW_WORKLOADS or engine in VIEW_ENGINES


def csv(kind):
    def parse(text):
        items = [t.strip() for t in text.split(",") if t.strip()]
        return [kind(t) for t in items]
    return parse


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", type=csv(int), default=[100, 1000, 10000, 100000],
                   help="comma-separated N (default 100,1000,10000,100000)")
    p.add_argument("--workloads", type=csv(str), default=list(ALL_WORKLOADS),
                   help="comma-separated, from " + ",".join(ALL_WORKLOADS))
    p.add_argument("--engines", type=csv(str), default=list(ALL_ENGINES),
                   help="comma-separated, from " + ",".join(ALL_ENGINES + EXTRA_ENGINES)
                   + " (default: all but tether-swift-batch)")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per process (default 60)")
    p.add_argument("--repeat", type=int, default=3,
                   help="processes per (engine, workload, N), run in rounds; the report shows "
                        "medians and within-round ratios (default 3)")
    p.add_argument("--repeat-below", type=float, default=10.0, metavar="SECONDS",
                   help="only repeat runs whose first process took less than this (default 10)")
    p.add_argument("--orders", action="store_true",
                   help="also run chain and stack with the constraints added in reverse order")
    p.add_argument("--order-sizes", type=csv(int), default=None,
                   help="sizes for --orders (default: --sizes)")
    p.add_argument("--edits-first", action="store_true",
                   help="also run grid2d with the root's edit variables added and suggested "
                        "before the constraints (--order edits-first), next to the natural order")
    p.add_argument("--edits-first-sizes", type=csv(int), default=None,
                   help="sizes for --edits-first (default: --sizes)")
    p.add_argument("--hierarchy", action="store_true",
                   help="run only the hierarchy workloads of issue 18 (" + ",".join(HIERARCHY_WORKLOADS)
                        + ") on tether-swift and tether-python, and report them alone "
                        "(benchmarks/hierarchy_report.py; default output results/hierarchy.md)")
    p.add_argument("--hierarchy-sizes", type=csv(int), default=list(HIERARCHY_SIZES),
                   help="sizes for --hierarchy (default 1000,10000,100000)")
    p.add_argument("--orders-zoo", type=int, nargs="?", const=10, default=0, metavar="SHUFFLES",
                   help="also run the shape zoo in natural, reverse and SHUFFLES seeded shuffles "
                        "(default 10) of the insertion order, edits first and last where the "
                        "shape has edit variables (benchmarks/zoo.py)")
    p.add_argument("--zoo-sizes", type=csv(int), default=None,
                   help="sizes for --orders-zoo (default: --sizes)")
    p.add_argument("--zoo-workloads", type=csv(str), default=list(ZOO_WORKLOADS),
                   help="comma-separated zoo shapes, from " + ",".join(ZOO_WORKLOADS))
    p.add_argument("--zoo-give-up", type=int, default=2, metavar="K",
                   help="skip a zoo shape's remaining orders at a size once K of them (with the "
                        "same placement of the edits) hit a limit there; only the orders that "
                        "finished at a size run at the next (default 2)")
    p.add_argument("--zoo-repeat", type=int, default=1,
                   help="processes per zoo (shape, engine, N, order); the shuffles already "
                        "sample the orders (default 1)")
    p.add_argument("--mem-limit-mb", type=int, default=6144,
                   help="address-space limit per process, so fill-in cannot take the shared "
                        "machine down (default 6144)")
    p.add_argument("--churn-budget", type=float, default=20.0, metavar="SECONDS",
                   help="churn stops before 1,000 cycles once its loop took this long (default 20)")
    p.add_argument("--no-build", action="store_true",
                   help="use the existing release build (the C engines are compiled only if "
                        "missing or older than their sources)")
    p.add_argument("--scratch-path", default=None, metavar="PATH",
                   help="the Swift scratch path to build in and run from, relative to the "
                        "repository (default $TETHER_SCRATCH_PATH or .build)")
    p.add_argument("--output", default=None,
                   help="the report (default results/latest.md, or results/hierarchy.md with --hierarchy)")
    p.add_argument("--report-only", metavar="JSON",
                   help="run nothing: rewrite the report (and --plot) from a saved latest.json")
    p.add_argument("--plot", nargs="?", const=DEFAULT_PLOT, default=None, metavar="PATH",
                   help="also write a log-log PNG of build + solve time against N, one panel per "
                        "workload (needs matplotlib; PATH defaults to docs/benchmarks-scaling.png)")
    a = p.parse_args(argv)
    if a.output is None:
        a.output = os.path.join(RESULTS, "hierarchy.md" if a.hierarchy else "latest.md")
    if a.hierarchy:
        a.hierarchy_sizes = sorted(set(a.hierarchy_sizes))
    for w in a.workloads:
        if w not in ALL_WORKLOADS:
            p.error(f"unknown workload {w!r}")
    for e in a.engines:
        if e not in ALL_ENGINES + EXTRA_ENGINES:
            p.error(f"unknown engine {e!r}")
    for w in a.zoo_workloads:
        if w not in ZOO_WORKLOADS:
            p.error(f"unknown zoo shape {w!r}")
    a.zoo_sizes = sorted(set(a.zoo_sizes)) if a.zoo_sizes else list(a.sizes)
    a.sizes = sorted(set(a.sizes))
    a.order_sizes = sorted(set(a.order_sizes)) if a.order_sizes else list(a.sizes)
    a.edits_first_sizes = (sorted(set(a.edits_first_sizes)) if a.edits_first_sizes
                           else list(a.sizes))
    if any(n < 2 for n in a.sizes + a.order_sizes + a.edits_first_sizes + a.zoo_sizes):
        p.error("sizes must be at least 2")
    return a


# ---------------------------------------------------------------------------------------------
# Environment


def sh(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def load_average():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except OSError:
        return "?"


def machine_info():
    info = {"nproc": sh(["nproc"]), "uname": sh(["uname", "-srvmo"])}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal"):
                    info["memory"] = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                    break
    except OSError:
        pass
    info["swift"] = sh(["swift", "--version"]).splitlines()[0] if sh(["swift", "--version"]) else "?"
    info["python"] = platform.python_version()
    kiwi = sh([sys.executable, "-c", "import kiwisolver; print(kiwisolver.__version__)"])
    info["kiwisolver"] = kiwi or "not installed"
    rev = sh(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    dirty = sh(["git", "-C", ROOT, "status", "--porcelain"])
    info["git"] = (rev or "no commit") + (" + uncommitted changes" if dirty else "")
    info["sources"] = sources_digest()
    return info


def sources_digest():
    """A short digest of Sources/, Include/ and the benchmarks: which code was measured."""
    h = hashlib.sha256()
    for top in ("Sources", "Include", "benchmarks/swift", "benchmarks/c", "bindings/python/tether"):
        for folder, dirs, files in sorted(os.walk(os.path.join(ROOT, top))):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(folder, name)
                if "__pycache__" in path:
                    continue
                h.update(os.path.relpath(path, ROOT).encode())
                with open(path, "rb") as f:
                    h.update(f.read())
    return h.hexdigest()[:12]


def snapshot():
    """Copies the built benches and library to a private folder and runs those. The C bench
    finds the library next to itself first (rpath $ORIGIN), so it runs the copy too: it asks for
    the library's soname (libtether.so.1), so the links named libtether.so.* beside the library
    are made beside the copy as well."""
    folder = tempfile.mkdtemp(prefix="tether-bench-")
    for original in (BENCH, LIBRARY, C_BENCH, FLOOR_BENCH):
        if os.path.exists(original):
            copy = os.path.join(folder, os.path.basename(original))
            shutil.copy2(original, copy)
            RUN_COPIES[original] = copy
    if LIBRARY in RUN_COPIES:
        library_dir, name = os.path.split(LIBRARY)
        for entry in os.listdir(library_dir):
            if entry.startswith(name + ".") and os.path.islink(os.path.join(library_dir, entry)):
                os.symlink(name, os.path.join(folder, entry))
    return folder


def build(engines):
    """Builds the Swift products the engines need: the bench for tether-swift(-batch), the
    library for tether-c and tether-python."""
    products = []
    if any(e in ("tether-swift", "tether-swift-batch") for e in engines):
        products.append("tether-bench")
    if any(e in ("tether-c", "tether-python", "tether-kiwi") for e in engines):
        products.append("tether")
    for product in products:
        # The Makefile's release flags (SWIFT_SPEED_FLAGS there): no dynamic exclusivity checks.
        cmd = ["swift", "build", "-c", "release", "--product", product,
               "-Xswiftc", "-enforce-exclusivity=unchecked"]
        if os.path.normpath(SCRATCH) != os.path.join(ROOT, ".build"):
            cmd += ["--scratch-path", os.path.relpath(SCRATCH, ROOT)]
        print("$ " + " ".join(cmd), file=sys.stderr, flush=True)
        r = subprocess.run(cmd, cwd=ROOT)
        if r.returncode != 0:
            sys.exit(f"run.py: {' '.join(cmd)} failed (exit {r.returncode})")


def c_command(binary):
    """The cc command that makes one C engine (plain C11, -O2; $CC overrides cc)."""
    cmd = [os.environ.get("CC", "cc"), "-O2", "-std=c11"]
    if binary == C_BENCH:
        libdir = os.path.dirname(LIBRARY)
        cmd += ["-I", "Include", os.path.relpath(C_SOURCES[binary], ROOT), "-L" + libdir, "-ltether",
                # The library next to the binary first (the run's snapshot), then the build's.
                "-Wl,--disable-new-dtags", "-Wl,-rpath,$ORIGIN", "-Wl,-rpath," + libdir]
    else:
        cmd += [os.path.relpath(C_SOURCES[binary], ROOT)]
    return cmd + ["-lm", "-o", binary]


def c_sources_newer(binary):
    """Whether a C source is newer than `binary`: a file of benchmarks/c (the .c files that
    tether_bench.c includes, and bench_support.h and bench_workloads.h, which both benches
    include) or a header under Include/."""
    built = os.path.getmtime(binary)
    folders = [os.path.join(ROOT, "benchmarks", "c"), os.path.join(ROOT, "Include")]
    for folder in folders:
        for parent, _, files in os.walk(folder):
            for name in files:
                if name.endswith((".c", ".h")) and os.path.getmtime(os.path.join(parent, name)) > built:
                    return True
    return False


def compile_c(engines, only_missing=False):
    """Compiles the C engines that `engines` use into .build/bench-c (after the library's build).
    With only_missing (--no-build), keeps binaries that are already there and not older than
    their sources."""
    wanted = [b for e, b in (("tether-c", C_BENCH), ("floor", FLOOR_BENCH)) if e in engines]
    for binary in wanted:
        if only_missing and os.path.exists(binary) and not c_sources_newer(binary):
            continue
        if binary == C_BENCH and not os.path.exists(LIBRARY):
            sys.exit(f"run.py: tether-c needs {os.path.relpath(LIBRARY, ROOT)}: run without "
                     "--no-build, or `swift build -c release --product tether`")
        os.makedirs(C_BUILD, exist_ok=True)
        cmd = c_command(binary)
        print("$ " + " ".join(shlex.quote(c) for c in cmd), file=sys.stderr, flush=True)
        try:
            r = subprocess.run(cmd, cwd=ROOT)
        except OSError as error:
            sys.exit(f"run.py: cannot run {cmd[0]}: {error} (the C engines need a C11 compiler; "
                     "set CC)")
        if r.returncode != 0:
            sys.exit(f"run.py: compiling {os.path.relpath(C_SOURCES[binary], ROOT)} failed "
                     f"(exit {r.returncode})")


def child_env():
    env = dict(os.environ)
    env["TETHER_LIBRARY"] = RUN_COPIES.get(LIBRARY, LIBRARY)
    python_path = os.path.join(ROOT, "bindings", "python")
    env["PYTHONPATH"] = python_path + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


# ---------------------------------------------------------------------------------------------
# One process


def command(engine, workload, n, order, churn_budget):
    order = "natural" if order == PAIRED_NATURAL else order
    if workload in VIEW_WORKLOADS or workload in ZOO_VIEW_WORKLOADS or workload in HIERARCHY_WORKLOADS:
        # One add (activation) at a time, no churn: only the order, and none when natural (the
        # hierarchy workloads are always natural).
        extra = [] if order == "natural" else order_args(order)
        if engine == "tether-swift":
            return [BENCH, workload, str(n)] + extra
        if engine == "tether-swift-batch" and workload.endswith("-raw"):
            return [BENCH, workload, str(n), "--batch"] + extra
        if engine == "tether-python":
            return [sys.executable, PY_VIEW_WORKLOADS, engine, workload, str(n)] + extra
        if engine == "tether-c" and supports(engine, workload):  # the zoo's shapes in C
            return [C_BENCH, workload, str(n)] + extra
        raise ValueError(f"{engine} has no view model for {workload}")
    extra = order_args(order) + ["--churn-budget", f"{churn_budget:g}"]
    if engine == "tether-swift":
        return [BENCH, workload, str(n)] + extra
    if engine == "tether-swift-batch":
        return [BENCH, workload, str(n), "--batch"] + extra
    if engine == "tether-c":
        return [C_BENCH, workload, str(n)] + extra
    if engine == "floor":
        return [FLOOR_BENCH, workload, str(n)] + extra
    return [sys.executable, PY_WORKLOADS, engine, workload, str(n)] + extra


def display_path(arg):
    if arg == sys.executable:
        return "python3"
    return os.path.relpath(arg, ROOT) if arg.startswith(ROOT) else arg


def run_one(args, engine, workload, n, order="natural"):
    """Runs one process; returns a record with status ok / timeout / failed / error / crashed."""
    shown = command(engine, workload, n, order, args.churn_budget)
    cmd = [RUN_COPIES.get(c, c) for c in shown]
    limit = args.mem_limit_mb * 1024 * 1024

    def limit_memory():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    record = {"engine": engine, "workload": workload, "n": n, "order": order,
              "command": " ".join(shlex.quote(display_path(c)) for c in shown),
              "load": load_average()}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=child_env(), cwd=ROOT,
                                preexec_fn=limit_memory, start_new_session=True)
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid == proc.pid:
                break
            if time.monotonic() - start > args.timeout:
                timed_out = True
                try:
                    os.killpg(proc.pid, signal.SIGKILL)  # the process group this call started
                except ProcessLookupError:
                    pass
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        proc.returncode = os.waitstatus_to_exitcode(status)
        record["wall_s"] = time.monotonic() - start
        record["child_max_rss_kb"] = usage.ru_maxrss
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    code = proc.returncode
    record["exit"] = code
    record["stderr"] = stderr.strip()[-4000:]
    record["summary"] = summarize(stderr)
    if timed_out:
        record["status"] = "timeout"
    elif code == 0:
        try:
            record["data"] = json.loads(stdout.strip().splitlines()[-1])
            record["status"] = "ok"
        except (ValueError, IndexError):
            record["status"] = "error"
            record["stderr"] += "\n(no JSON line on stdout)"
    else:
        record["status"] = classify(code, stderr)
    return record


OOM_MARKERS = ("MemoryError", "failed to allocate", "bad_alloc", "Cannot allocate memory")


def classify(code, stderr):
    """The status of a process that exited non-zero without hitting the time limit."""
    if code == 3:
        return "failed"  # wrong layout (verification)
    if any(m in stderr for m in OOM_MARKERS):
        return "oom"  # hit the address-space limit
    if code < 0 or code in (132, 133, 134, 139):
        return "crashed"
    return "error"


def summarize(stderr):
    """The informative part of a failed run's stderr: our own message, or a Swift fatal error or
    crash with its first frame in the package's sources."""
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    picked = []
    for l in lines:
        if (l.startswith(("tether-bench:", "python_workloads:", "python_view_workloads:",
                          "tether_bench:", "floor_bench:"))
                or "Fatal error" in l
                or "Program crashed" in l or "MemoryError" in l):
            picked.append(l.strip("* "))
            break
    for l in lines:
        if "Sources/" in l and " at " in l and "[system]" not in l:
            picked.append("at " + l.split(" in ", 1)[-1][:200])
            break
    if not picked and lines:
        picked.append(lines[-1])
    return "; ".join(picked)


# ---------------------------------------------------------------------------------------------
# Aggregation


class Cell:
    """All processes of one (engine, workload, N, order)."""

    def __init__(self):
        self.records = []

    @property
    def oks(self):
        return [r["data"] for r in self.records if r["status"] == "ok"]

    @property
    def status(self):
        if not self.records:
            return "skipped"
        if self.oks:
            return "ok"
        return self.records[0]["status"]

    def median(self, key):
        vals = [d[key] for d in self.oks if d.get(key) is not None]
        return statistics.median(vals) if vals else None

    def last(self, key):
        vals = [d[key] for d in self.oks if d.get(key) is not None]
        return vals[-1] if vals else None

    def first_failure(self):
        for r in self.records:
            if r["status"] != "ok":
                return r
        return None


def fmt_ms(ms):
    if ms is None:
        return ""
    if ms >= 1000:
        return f"{ms / 1000:.3g} s"
    if ms >= 1:
        return f"{ms:.3g} ms"
    return f"{ms * 1000:.3g} µs"


def fmt_us(us):
    return "" if us is None else fmt_ms(us / 1000)


def fmt_kb(kb):
    if kb is None:
        return ""
    if kb >= 1024 * 1024:
        return f"{kb / 1024 / 1024:.2f} GiB"
    if kb >= 1024:
        return f"{kb / 1024:.1f} MiB"
    return f"{kb} KiB"


def status_text(cell, timeout, mem_limit_mb):
    s = cell.status
    return {
        "skipped": "—",
        "timeout": f"> {timeout:g} s",
        "failed": "**wrong layout**",
        "error": "**error**",
        "crashed": "**crashed**",
        "oom": f"> {mem_limit_mb / 1024:g} GiB",
    }.get(s, s)


def value_text(cell, key, fmt, args, note=None, engine=None, workload=None):
    if engine is not None and not applicable(engine, workload):
        return "n/a"
    if cell.status != "ok":
        return status_text(cell, args.timeout, args.mem_limit_mb)
    v = cell.median(key)
    if v is None:
        return "n/a" if cell.last("churn_note") and key == "op_us_median" else ""
    return fmt(v) + (note or "")


def ratio_text(peer, ours, key, timeout_ms=None):
    """peer ÷ ours, with bounds when the peer timed out."""
    if ours.status != "ok":
        return ""
    o = ours.median(key)
    if not o:
        return ""
    if peer.status == "ok":
        p = peer.median(key)
        return "" if p is None else fmt_ratio(p / o)
    if peer.status == "timeout" and timeout_ms is not None:
        return "> " + fmt_ratio(timeout_ms / o)
    return ""


def fmt_ratio(x):
    return f"{x:,.0f}×" if x >= 1000 else f"{x:.3g}×"


def view_count(workload, n):
    """The number of views a workload builds for N (grid2d: s×s with s = round(sqrt(N)))."""
    if workload == "grid2d":
        s = max(1, round(n ** 0.5))
        return s * s
    return n


def size_of(cell, n):
    v = cell.last("views")
    return v if v else n


def paired_ratio(c1, c2, key):
    """c2 ÷ c1 for `key`: the median of the ratios within each round both cells ran in (runs
    made seconds apart, see `run_matrix`); without a common round (a saved run from before the
    rounds), the ratio of the medians. None when either has no value."""
    def by_round(c):
        return {r["round"]: r["data"][key] for r in c.records
                if r["status"] == "ok" and r.get("round") and r["data"].get(key)}
    a, b = by_round(c1), by_round(c2)
    common = sorted(a.keys() & b.keys())
    if common:
        return statistics.median(b[k] / a[k] for k in common)
    t1, t2 = c1.median(key), c2.median(key)
    return t2 / t1 if t1 and t2 else None


def exponent(c1, c2, n1, n2, key):
    if c1.status != "ok" or c2.status != "ok":
        return None
    ratio = paired_ratio(c1, c2, key)
    x1, x2 = size_of(c1, n1), size_of(c2, n2)
    if not ratio or x1 == x2:
        return None
    return math.log(ratio) / math.log(x2 / x1)


# ---------------------------------------------------------------------------------------------
# The run


def run_matrix(args, results, workloads, sizes, engines, orders, log):
    """Runs every (workload, N, engine, order) in rounds. Round 1 goes smallest N first and skips
    the larger sizes of an (engine, order) that hit a limit; each further round runs again every
    cell whose runs so far were ok and quicker than --repeat-below, its sizes and orders
    interleaved (the orders take turns going first). The machine's speed drifts over minutes
    (docs/benchmarks.md), so a ratio between two sizes or two orders is taken within each round,
    between runs made seconds apart, and the report shows the median of those ratios
    (`paired_ratio`). A cell an earlier matrix already measured is not run again."""
    for workload in workloads:
        given_up = set()  # (engine, order) pairs that hit a limit at a smaller N
        repeatable = set()  # the cells this matrix ran in round 1
        wanted = [e for e in engines if applicable(e, workload)]
        for n in sizes:
            for engine in wanted:
                for order in orders:
                    key = (engine, workload, n, order)
                    done = results.get(key)
                    if done is not None:  # measured by an earlier matrix
                        if done.status in ("timeout", "oom"):
                            given_up.add((engine, order))
                        continue
                    if (engine, order) in given_up:
                        continue
                    rec = run_matrix_one(args, results, key, 1, log)
                    if rec["status"] in ("timeout", "oom"):
                        given_up.add((engine, order))
                    repeatable.add(key)
        for rnd in range(2, args.repeat + 1):
            turn = orders[rnd - 1:] + orders[:rnd - 1]
            for n in sizes:
                for engine in wanted:
                    for order in turn:
                        key = (engine, workload, n, order)
                        if key not in repeatable:
                            continue
                        records = results[key].records
                        if (any(r["status"] != "ok" for r in records)
                                or records[-1]["wall_s"] >= args.repeat_below):
                            continue
                        run_matrix_one(args, results, key, rnd, log)


def run_matrix_one(args, results, key, rnd, log):
    engine, workload, n, order = key
    rec = run_one(args, engine, workload, n, order)
    rec["round"] = rnd
    rec["finished_at"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds")
    results.setdefault(key, Cell()).records.append(rec)
    log(rec)
    return rec


def run_zoo(args, results, engines, log):
    """The shape zoo (--orders-zoo): every (shape, engine) in its orders, smallest N first.
    An order that hits a limit is skipped at the larger sizes; once --zoo-give-up orders hit
    one at a size, the shape's other orders there and its larger sizes are skipped. Then up to
    --zoo-repeat rounds repeat the runs quicker than --repeat-below, the orders interleaved."""
    ran = []
    for w in args.zoo_workloads:
        for e in [e for e in engines if supports(e, w)]:
            orders = zoo_orders(w, args.orders_zoo)
            finished = set(orders)  # the orders that finished at the previous size
            for n in args.zoo_sizes:
                limits = {}  # per edits placement, at this size
                done_here = set()
                for order in orders:
                    group = edits_group(order)
                    if order not in finished or limits.get(group, 0) >= args.zoo_give_up:
                        continue
                    key = (e, w, n, order)
                    done = results.get(key)
                    if done is None:
                        done = run_matrix_one(args, results, key, 1, log)
                        ran.append(key)
                    else:  # measured by the main matrix (the natural order)
                        done = done.records[-1]
                    if done["status"] in ("timeout", "oom"):
                        limits[group] = limits.get(group, 0) + 1
                    elif done["status"] == "ok":
                        done_here.add(order)
                finished = done_here
    for rnd in range(2, args.zoo_repeat + 1):
        for key in ran:
            records = results[key].records
            if all(r["status"] == "ok" for r in records) and records[-1]["wall_s"] < args.repeat_below:
                run_matrix_one(args, results, key, rnd, log)


def log_record(rec):
    d = rec.get("data") or {}
    what = f"{rec['engine']:>13} {rec['workload']:>13} N={rec['n']:<6} {rec['order']:<22}"
    if rec["status"] == "ok" and rec["workload"] in HIERARCHY_WORKLOADS:
        extra = ", ".join(f"{k} {d[k]:.4g}" for k in HIERARCHY_TIMED[rec["workload"]] if k in d)
    elif rec["status"] == "ok":
        extra = f"build+solve {fmt_ms(d.get('build_solve_ms'))}"
        if d.get("resize_us_median") is not None:
            extra += f", resize {fmt_us(d['resize_us_median'])}"
        if d.get("op_us_median") is not None:
            extra += f", churn op {fmt_us(d['op_us_median'])}"
        if d.get("relayout_us_median") is not None:
            extra += f", relayout {fmt_us(d['relayout_us_median'])}"
    else:
        extra = rec["status"].upper() + (": " + rec["summary"] if rec["summary"] else "")
    print(f"[{rec['wall_s']:6.1f} s, load {rec['load']}] {what} {extra}", file=sys.stderr, flush=True)


def report(args, results, info, started, finished, loads, argv=None):
    engines = [e for e in ALL_ENGINES + EXTRA_ENGINES if e in args.engines]
    tethers = [e for e in TETHER_ENGINES if e in engines]
    has_kiwi = "kiwisolver" in engines
    timeout_ms = args.timeout * 1000
    cell = lambda e, w, n, o="natural": results.get((e, w, n, o), Cell())
    lines = []
    add = lines.append

    add("# Tether benchmarks: side-by-side run")
    add("")
    add(f"- Date: {started:%Y-%m-%d %H:%M} UTC (took {(finished - started).total_seconds() / 60:.1f} min)")
    argv = sys.argv[1:] if argv is None else argv
    add("- Command: `" + " ".join(["python3", "benchmarks/run.py"] + [shlex.quote(a) for a in argv]) + "`")
    add(f"- Machine: {info.get('cpu', '?')}, {info['nproc']} cores (nproc), {info.get('memory', '?')}; "
        f"`{info['uname']}`")
    add(f"- Code measured: Tether at {info['git']}; digest of Sources/, Include/, benchmarks/swift, "
        f"benchmarks/c, bindings/python/tether: `{info['sources']}`")
    add(f"- Load average (1 min) seen between runs: {loads[0]}–{loads[1]} (other work shares this "
        "machine)")
    add(f"- {info['swift']}; Python {info['python']}; kiwisolver {info['kiwisolver']}")
    add(f"- Each (engine, workload, N) runs in its own process, limits {args.timeout:g} s and "
        f"{args.mem_limit_mb} MiB of address space; up to {args.repeat} processes each (only runs "
        f"under {args.repeat_below:g} s are repeated), medians shown. The repeats go in rounds, "
        "each round running every size (and order) once, so ratios between sizes and orders pair "
        "runs made seconds apart. After a limit is hit the larger "
        "sizes of that pair are skipped (—).")
    add("- Engines: **tether-swift** = the Swift API, release build, one `add` per constraint; "
        + ("**tether-swift-batch** = the same, every constraint made first and added with one "
           "`add(batch:)`; " if "tether-swift-batch" in engines else "")
        + ("**tether-c** = the C ABI's solver functions (`benchmarks/c/tether_bench.c`, cc -O2), "
           "one `tether_solver_constraint_new` + `_add` per constraint (the zoo's view-model "
           "shapes: its view-model functions, one `tether_layout_constraint_activate` each); "
           if "tether-c" in engines else "")
        + "**tether-python** = `tether.solver` through ctypes, constraints made one by one and added "
        "with one `add_all`; **kiwisolver** = one `addConstraint` per constraint"
        + ("; **tether-kiwi** = the same kiwisolver calls, one `addConstraint` per constraint, on "
           "`tether.kiwi`" if "tether-kiwi" in engines else "")
        + ("; **floor** = no solver: the same frames computed directly from the closed form "
           "(`benchmarks/c/floor_bench.c`), the least any layout engine must spend"
           if "floor" in engines else "") + ".")
    if any(w in VIEW_WORKLOADS and any(applicable(e, w) for e in engines) for w in args.workloads):
        add("- View-model workloads (" + ", ".join(w for w in VIEW_WORKLOADS if w in args.workloads)
            + "): form and vgrid are built with views and anchors and laid out by the view model "
            "(tether-swift: the Tether module, `benchmarks/swift/ViewWorkloads.swift`; "
            "tether-python: the package's views, `benchmarks/python_view_workloads.py`); the -raw "
            "twins build the same constraints directly on the solver. Their resize sets the root's "
            "frame and lays out (raw: the width pin's constant, update, one read of every value). "
            "Only these two engines have a view model: the others show n/a.")
    add("")

    # Build + solve
    add("## Build + first solve")
    add("")
    head = ["workload", "N"] + engines
    if has_kiwi:
        head += [f"kiwi ÷ {e}" for e in tethers]
    add("| " + " | ".join(head) + " |")
    add("|" + " --- |" * len(head))
    for w in args.workloads:
        for n in args.sizes:
            cells = [cell(e, w, n) for e in engines]
            if all(c.status == "skipped" for c in cells):
                continue
            row = [w, f"{n:,}" + (f" ({view_count(w, n):,} views)" if w == "grid2d" else "")]
            row += [value_text(c, "build_solve_ms", fmt_ms, args, None, e, w)
                    for e, c in zip(engines, cells)]
            if has_kiwi:
                row += [ratio_text(cell("kiwisolver", w, n), cell(e, w, n), "build_solve_ms", timeout_ms)
                        for e in tethers]
            add("| " + " | ".join(row) + " |")
    add("")

    # Resize
    ran = {k[1] for k, c in results.items() if c.records}  # workloads any engine ran
    resize_w = [w for w in args.workloads if w in RESIZE_WORKLOADS and w in ran]
    if resize_w:
        add("## Resize (suggest a new root width + update; view workloads: set the root's frame "
            "+ lay out), median of 100 in one process")
        add("")
        add("| " + " | ".join(head) + " |")
        add("|" + " --- |" * len(head))
        notes = set()
        for w in resize_w:
            for n in args.sizes:
                cells = [cell(e, w, n) for e in engines]
                if all(c.status == "skipped" for c in cells):
                    continue
                row = [w, f"{n:,}"]
                for e, c in zip(engines, cells):
                    note = None
                    if c.last("resize_note"):
                        note = " ¹"
                        notes.add(c.last("resize_note"))
                    row.append(value_text(c, "resize_us_median", fmt_us, args, note, e, w))
                if has_kiwi:
                    row += [ratio_text(cell("kiwisolver", w, n), cell(e, w, n), "resize_us_median")
                            for e in tethers]
                add("| " + " | ".join(row) + " |")
        if notes:
            add("")
            add("¹ kiwisolver's strengths are weights, not strict levels: on grid2d its `strong` edit "
                "(10⁶) loses to s × 250·10³ of the `w == 100 @250` constraints once s > 4, so the "
                "resize leaves the layout unchanged (verified as such). Not the same computation.")
        add("")
        add("First resize after the build (one sample per process, median over processes):")
        add("")
        add("| " + " | ".join(["workload", "N"] + engines) + " |")
        add("|" + " --- |" * (2 + len(engines)))
        for w in resize_w:
            for n in args.sizes:
                cells = [cell(e, w, n) for e in engines]
                if all(c.status == "skipped" for c in cells):
                    continue
                add("| " + " | ".join([w, f"{n:,}"]
                                      + [value_text(c, "resize_first_us", fmt_us, args, None, e, w)
                                         for e, c in zip(engines, cells)]) + " |")
        add("")

    # Churn
    if "churn" in args.workloads:
        add("## Churn: remove or re-add the middle link of a chain (median of one operation)")
        add("")
        add("| " + " | ".join(head + ["cycles run"]) + " |")
        add("|" + " --- |" * (len(head) + 1))
        for n in args.sizes:
            cells = [cell(e, "churn", n) for e in engines]
            if all(c.status == "skipped" for c in cells):
                continue
            row = ["churn", f"{n:,}"] + [value_text(c, "op_us_median", fmt_us, args) for c in cells]
            if has_kiwi:
                row += [ratio_text(cell("kiwisolver", "churn", n), cell(e, "churn", n), "op_us_median")
                        for e in tethers]
            row.append(" / ".join(str(c.last("churn_cycles") or "—") for c in cells))
            add("| " + " | ".join(row) + " |")
        add("")
        add(f"Churn runs 1,000 remove + add cycles, or fewer once its loop has taken "
            f"{args.churn_budget:g} s (the last column, per engine).")
        add("")

    # View model ÷ raw solver
    view_section(args, engines, cell, add)

    # The floor
    if "floor" in engines and tethers:
        floor_section(args, engines, tethers, cell, add, resize_w)

    # Exponents
    if len(args.sizes) > 1:
        add("## Growth exponents k = log(t2/t1) / log(N2/N1) between successive sizes")
        add("")
        add("Build + first solve (N is the views a run reports: grid2d s², form two per row, "
            "vgrid N + 1 with its content view):")
        add("")
        pairs = list(zip(args.sizes, args.sizes[1:]))
        add("| workload | engine | " + " | ".join(f"{a:,}→{b:,}" for a, b in pairs) + " |")
        add("|" + " --- |" * (2 + len(pairs)))
        for w in args.workloads:
            for e in engines:
                ks = [exponent(cell(e, w, a), cell(e, w, b), a, b, "build_solve_ms") for a, b in pairs]
                if all(k is None for k in ks):
                    continue
                add(f"| {w} | {e} | " + " | ".join("" if k is None else f"{k:.2f}" for k in ks) + " |")
        add("")
        add("The same as ratios t2 ÷ t1 (each the median of the ratios within a round; an exponent "
            "of 1.1 over a 10× step is a ratio of 12.6):")
        add("")
        add("| workload | engine | " + " | ".join(f"{a:,}→{b:,}" for a, b in pairs) + " |")
        add("|" + " --- |" * (2 + len(pairs)))
        for w in args.workloads:
            for e in engines:
                rs = [paired_ratio(cell(e, w, a), cell(e, w, b), "build_solve_ms")
                      if cell(e, w, a).status == "ok" and cell(e, w, b).status == "ok" else None
                      for a, b in pairs]
                if all(r is None for r in rs):
                    continue
                add(f"| {w} | {e} | " + " | ".join("" if r is None else f"{r:.1f}" for r in rs) + " |")
        add("")
        per_op = ([(w + (" resize" if w in VIEW_WORKLOADS else ""), w, "resize_us_median")
                   for w in resize_w]
                  + [(w + " relayout", w, "relayout_us_median")
                     for w in args.workloads if w in VIEW_WORKLOADS]
                  + ([("churn", "churn", "op_us_median")] if "churn" in args.workloads else []))
        rows = []
        for label, w, key in per_op:
            for e in engines:
                ks = [exponent(cell(e, w, a), cell(e, w, b), a, b, key) for a, b in pairs]
                if not all(k is None for k in ks):
                    rows.append(f"| {label} | {e} | "
                                + " | ".join("" if k is None else f"{k:.2f}" for k in ks) + " |")
        if rows:
            add("Per operation (resize median; view workloads: relayout median too; churn op "
                "median):")
            add("")
            add("| workload | engine | " + " | ".join(f"{a:,}→{b:,}" for a, b in pairs) + " |")
            add("|" + " --- |" * (2 + len(pairs)))
            lines.extend(rows)
            add("")

    # Memory
    add("## Peak memory at the largest N that finished")
    add("")
    add("Peak resident set of the process (VmHWM; getrusage's ru_maxrss would also count the "
        "runner that forked it), before building the workload and at the end of the run.")
    add("")
    add("| workload | engine | N | peak RSS | before building | growth | per view |")
    add("| --- | --- | --- | --- | --- | --- | --- |")
    for w in args.workloads:
        for e in engines:
            done = [n for n in args.sizes if cell(e, w, n).status == "ok"]
            if not done:
                continue
            n = done[-1]
            c = cell(e, w, n)
            peak, base = c.median("peak_hwm_kb"), c.median("baseline_hwm_kb")
            if peak is None:
                peak, base = c.median("max_rss_kb"), c.median("baseline_rss_kb")
            grow = peak - base if peak is not None and base is not None else None
            views = size_of(c, n)
            per = f"{grow * 1024 / views:,.0f} B" if grow is not None else ""
            add(f"| {w} | {e} | {n:,} | {fmt_kb(peak)} | {fmt_kb(base)} | {fmt_kb(grow)} | {per} |")
    add("")

    # Tableau statistics
    if "tether-swift" in engines:
        add("## Tableau after the build (tether-swift)")
        add("")
        add("| workload | N | constraints | rows | cells | cells per row | pivots (build) | pivots (whole run) |")
        add("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for w in args.workloads:
            for n in args.sizes:
                c = cell("tether-swift", w, n)
                if c.status != "ok":
                    continue
                rows, cells_ = c.last("rows"), c.last("cells")
                per = f"{cells_ / rows:.1f}" if rows else ""
                # The view model's solver constraints (content sizes and the root's pins too).
                made = c.last("solver_constraints") or c.last("constraints")
                add(f"| {w} | {n:,} | {made:,} | {rows:,} | {cells_:,} | {per} | "
                    f"{c.last('pivots'):,} | {c.last('pivots_total'):,} |")
        add("")

    # Orders
    if args.orders:
        add("## Insertion order: constraints added in reverse (build + first solve)")
        add("")
        if any(k[3] == PAIRED_NATURAL for k in results):
            add("Each round runs the natural order again next to the reverse one (the two take "
                "turns going first); the ratio is the median of the ratios within a round.")
            add("")
        add("| workload | N | engine | natural | reverse | reverse ÷ natural |")
        add("| --- | --- | --- | --- | --- | --- |")
        for w in ORDER_WORKLOADS:
            for n in args.order_sizes:
                for e in [e for e in engines if e in ORDER_ENGINES]:
                    nat, rev = cell(e, w, n, PAIRED_NATURAL), cell(e, w, n, "reverse")
                    if nat.status == "skipped":  # a saved run from before the paired runs
                        nat = cell(e, w, n)
                    if nat.status == "skipped" and rev.status == "skipped":
                        continue
                    r = ""
                    if nat.status == "ok" and rev.status == "ok":
                        r = f"{paired_ratio(nat, rev, 'build_solve_ms'):.3g}"
                    add(f"| {w} | {n:,} | {e} | {value_text(nat, 'build_solve_ms', fmt_ms, args)} | "
                        f"{value_text(rev, 'build_solve_ms', fmt_ms, args)} | {r} |")
        add("")

    if args.edits_first:
        edits_first_section(args, engines, cell, add)

    if args.orders_zoo:
        zoo_section(args, engines, cell, add, fmt_ms, fmt_kb, args.timeout, args.mem_limit_mb)

    # Limits and failures
    firsts = [(k, c.first_failure()) for k, c in sorted(results.items()) if c.first_failure()]
    ooms = [(k, r) for k, r in firsts if r["status"] == "oom"]
    bad = [(k, r) for k, r in firsts if r["status"] not in ("timeout", "oom")]
    if ooms:
        add(f"## Runs stopped by the {args.mem_limit_mb} MiB address-space limit")
        add("")
        add("| engine | workload | N | order | wall time | peak RSS | message |")
        add("| --- | --- | --- | --- | --- | --- | --- |")
        for (e, w, n, o), r in ooms:
            add(f"| {e} | {w} | {n:,} | {o} | {r['wall_s']:.1f} s | {fmt_kb(r['child_max_rss_kb'])} | "
                f"`{(r['summary'] or '').split(';')[0]}` |")
        add("")
    if bad:
        add("## Runs that posted no time: wrong layout, error or crash")
        add("")
        for (e, w, n, o), r in bad:
            msg = r["summary"] or f"exit {r['exit']}"
            add(f"- {e} {w} N={n:,} ({o}): {r['status']} (exit {r['exit']}): `{msg}`")
            add(f"  - reproduce: `{r['command']}`")
        add("")
    return "\n".join(lines)


def edits_first_section(args, engines, cell, add):
    """grid2d with the root's edit variables added before the constraints against the natural
    order (added after them), per engine and N: build + first solve and the resize median, with
    the ratio natural ÷ edits-first."""
    timeout_ms = args.timeout * 1000
    measures = [("build + first solve", "build_solve_ms", fmt_ms, timeout_ms),
                ("resize median", "resize_us_median", fmt_us, None)]
    add("## Edit variables added first (grid2d)")
    add("")
    add("grid2d with the root's two edit variables (width and height @999; kiwisolver `strong`) "
        "added and their values suggested before the constraints (`--order edits-first`) instead "
        "of after them (natural): the root's size is then held while the grid is built rather "
        "than left free, which couples every row's trailing edge. The constraints are added in "
        "list order either way. natural ÷ edits-first above 1 means adding the edits first is "
        "faster.")
    add("")
    head = ["workload", "N", "engine"]
    for label, _, _, _ in measures:
        head += [f"{label}: natural", "edits-first", "natural ÷ edits-first"]
    add("| " + " | ".join(head) + " |")
    add("|" + " --- |" * len(head))
    notes = False
    for w in EDITS_FIRST_WORKLOADS:
        for n in args.edits_first_sizes:
            for e in [e for e in engines if e in ORDER_ENGINES]:
                nat, first = cell(e, w, n), cell(e, w, n, "edits-first")
                if nat.status == "skipped" and first.status == "skipped":
                    continue
                row = [w, f"{n:,} ({view_count(w, n):,} views)", e]
                for _, key, fmt, limit in measures:
                    texts = []
                    for c in (nat, first):
                        note = None
                        if key == "resize_us_median" and c.last("resize_note"):
                            note, notes = " ¹", True
                        texts.append(value_text(c, key, fmt, args, note))
                    row += texts + [ratio_text(nat, first, key, limit)]
                add("| " + " | ".join(row) + " |")
    if notes:
        add("")
        add("¹ kiwisolver's strengths are weights, not strict levels: its `strong` edit (10⁶) "
            "loses to s × 250·10³ of the `w == 100 @250` constraints once s > 4, so its resize "
            "leaves the layout unchanged (verified as such) in either order.")
    add("")


def view_section(args, engines, cell, add):
    """Each view workload ÷ its raw twin (the same constraints on the solver alone), per engine
    and N: build + solve, resize median, relayout median; and the frames the relayout changed."""
    pairs = [(v, r) for v, r in VIEW_PAIRS if v in args.workloads and r in args.workloads]
    view_engines = [e for e in VIEW_ENGINES if e in engines]
    if not pairs or not view_engines:
        return
    timeout_ms = args.timeout * 1000
    measures = [("build + solve", "build_solve_ms", fmt_ms, timeout_ms),
                ("resize median", "resize_us_median", fmt_us, None),
                ("relayout median", "relayout_us_median", fmt_us, None)]
    add("## View model ÷ raw solver")
    add("")
    add("Each view-model workload against its raw twin, which builds the same solver constraints "
        "in the same order directly on the solver: view ÷ raw is the cost of the view model. "
        "Cells show view / raw and the ratio. The relayout changes one constant (form: row N/2's "
        "top spacing 8 → 20; vgrid: cell N/2's intrinsic height + 10) and back, median of 20; "
        "its frames changed should equal the frames the change affects (expected).")
    add("")
    head = ["engine", "workload", "N"]
    for label, _, _, _ in measures:
        head += [label + ": view / raw", "÷"]
    head += ["relayout frames changed / expected (view; raw)"]
    add("| " + " | ".join(head) + " |")
    add("|" + " --- |" * len(head))
    for e in view_engines:
        for v, r in pairs:
            for n in args.sizes:
                cv, cr = cell(e, v, n), cell(e, r, n)
                if cv.status == "skipped" and cr.status == "skipped":
                    continue
                row = [e, f"{v} ÷ {r}", f"{n:,}"]
                for i, (_, key, fmt, limit) in enumerate(measures):
                    if i > 0 and cv.status != "ok" and cr.status != "ok":
                        row += ["", ""]  # neither finished: the limits show under build + solve
                        continue
                    row.append(f"{value_text(cv, key, fmt, args)} / {value_text(cr, key, fmt, args)}")
                    row.append(ratio_text(cv, cr, key, limit))
                row.append(frames_text(cv, cr))
                add("| " + " | ".join(row) + " |")
    add("")


def frames_text(view, raw):
    """The relayout's frames changed / expected of a view run and its raw twin ("" if absent);
    a count that differs from the expected one is in bold."""
    def one(c):
        if c.status != "ok" or c.last("relayout_frames_changed") is None:
            return None
        changed, expected = c.last("relayout_frames_changed"), c.last("relayout_frames_expected")
        if expected is None:
            return f"{changed:,}"
        text = f"{changed:,} / {expected:,}"
        return text if changed == expected else f"**{text}**"
    a, b = one(view), one(raw)
    if a is None and b is None:
        return ""
    if a == b:
        return a + " (both)"
    return f"{a or '—'}; {b or '—'}"


def floor_section(args, engines, tethers, cell, add, resize_w):
    """Tether's times ÷ the floor's (direct frame arithmetic, no solver) in the same run."""
    timeout_ms = args.timeout * 1000
    short = lambda e: e.replace("tether-", "")

    def ratio(e, w, n, f, key, limit=None):
        c = cell(e, w, n)
        text = ratio_text(c, f, key, limit)
        if not text and f.status == "ok" and c.status not in ("ok", "skipped"):
            text = status_text(c, args.timeout, args.mem_limit_mb)  # a limit or a failure
        return text
    add("## Tether's ratio to the floor")
    add("")
    add("The floor computes the same frames directly from the closed form, with no solver "
        "(`benchmarks/c/floor_bench.c`): what a layout costs at the least. Ratios are Tether's time "
        "÷ the floor's in this run (how many floors one Tether layout costs); churn has no floor.")
    add("")
    add("Build + first solve:")
    add("")
    head = ["workload", "N", "floor"] + [f"{short(e)} ÷ floor" for e in tethers]
    add("| " + " | ".join(head) + " |")
    add("|" + " --- |" * len(head))
    for w in args.workloads:
        for n in args.sizes:
            f = cell("floor", w, n)
            if f.status == "skipped":
                continue
            row = [w, f"{n:,}", value_text(f, "build_solve_ms", fmt_ms, args)]
            row += [ratio(e, w, n, f, "build_solve_ms", timeout_ms) for e in tethers]
            add("| " + " | ".join(row) + " |")
    add("")
    resize_w = [w for w in resize_w if applicable("floor", w)]  # no view model in the floor
    if resize_w:
        add("Resize (median; the floor recomputes every frame for the new root size):")
        add("")
        add("| " + " | ".join(head) + " |")
        add("|" + " --- |" * len(head))
        for w in resize_w:
            for n in args.sizes:
                f = cell("floor", w, n)
                if f.status == "skipped":
                    continue
                row = [w, f"{n:,}", value_text(f, "resize_us_median", fmt_us, args)]
                row += [ratio(e, w, n, f, "resize_us_median") for e in tethers]
                add("| " + " | ".join(row) + " |")
        add("")


# ---------------------------------------------------------------------------------------------
# The plot

# Engines in the plot's order, with their colours and markers.
PLOT_STYLE = {
    "tether-swift": ("#1f77b4", "o"),
    "tether-swift-batch": ("#17becf", "v"),
    "tether-c": ("#2ca02c", "s"),
    "tether-python": ("#9467bd", "^"),
    "kiwisolver": ("#d62728", "D"),
    "tether-kiwi": ("#8c564b", "P"),
    "floor": ("#7f7f7f", "x"),
}


PLOT_TITLES = {"churn": " (build of the chain)", "form": " (view model)",
               "form-raw": " (form's constraints, raw solver)", "vgrid": " (view model)",
               "vgrid-raw": " (vgrid's constraints, raw solver)"}
PLOT_XLABELS = {"grid2d": "N (views; grid2d: s²)", "form": "views (2 per row)",
                "form-raw": "views (2 per row)", "vgrid": "views (N cells + content)",
                "vgrid-raw": "views (N cells + content)"}


def require_matplotlib():
    try:
        import matplotlib  # noqa: F401
    except ImportError as error:
        sys.exit(f"run.py: --plot needs matplotlib, which cannot be imported ({error}); install it "
                 f"with `{os.path.basename(sys.executable)} -m pip install matplotlib` or run "
                 "without --plot")


def write_plot(args, results, info, started, path):
    """A log-log PNG: build + first solve time against N (views), one panel per workload, one
    line per engine; runs that hit a limit or failed are left out."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    engines = [e for e in PLOT_STYLE if e in args.engines]
    # Only workloads with records (saved records from an older run lack the view workloads).
    workloads = [w for w in args.workloads
                 if any(k[1] == w and c.records for k, c in results.items())] or list(args.workloads)
    cols = min(3, len(workloads))
    rows = math.ceil(len(workloads) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.6 * cols, 3.8 * rows), squeeze=False)
    handles = {}
    for i, w in enumerate(workloads):
        ax = axes[i // cols][i % cols]
        for e in engines:
            points = []
            for n in args.sizes:
                c = results.get((e, w, n, "natural"))
                if c is None or c.status != "ok":
                    continue
                t = c.median("build_solve_ms")
                if t:
                    points.append((size_of(c, n), t))
            if not points:
                continue
            colour, marker = PLOT_STYLE[e]
            xs, ys = zip(*points)
            (line,) = ax.plot(xs, ys, color=colour, marker=marker, linewidth=1.4, markersize=5,
                              linestyle="--" if e == "floor" else "-", label=e)
            handles.setdefault(e, line)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(w + PLOT_TITLES.get(w, ""), fontsize=10)
        ax.set_xlabel(PLOT_XLABELS.get(w, "N (views)"), fontsize=8)
        ax.set_ylabel("build + first solve (ms)", fontsize=8)
        ax.tick_params(labelsize=8)
        ax.grid(True, which="major", linewidth=0.5, alpha=0.5)
        ax.grid(True, which="minor", linewidth=0.3, alpha=0.25)
    for j in range(len(workloads), rows * cols):
        axes[j // cols][j % cols].axis("off")
    fig.legend([handles[e] for e in engines if e in handles], [e for e in engines if e in handles],
               loc="lower center", ncol=len(handles) or 1, fontsize=9, frameon=False)
    fig.suptitle(f"Build + first solve against N, log-log (medians of up to {args.repeat} "
                 f"processes; runs past {args.timeout:g} s or {args.mem_limit_mb} MiB left out)\n"
                 f"{started:%Y-%m-%d %H:%M} UTC, Tether {info.get('git', '?')}, "
                 f"{info.get('nproc', '?')} cores, shared machine", fontsize=9)
    fig.tight_layout(rect=(0, 0.05, 1, 0.95))
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    shown = os.path.abspath(path)
    if shown.startswith(ROOT + os.sep):
        shown = os.path.relpath(shown, ROOT)
    print(f"wrote {shown}", file=sys.stderr)


def report_from_json(path, output, plot=None):
    with open(path) as f:
        saved = json.load(f)
    args = parse_args(saved["argv"])
    args.output = output
    # Only the engines that have records (an older run had fewer engines by default).
    args.engines = [e for e in args.engines if any(r["engine"] == e for r in saved["records"])]
    # Likewise the workloads (an older run had no view workloads).
    args.workloads = [w for w in args.workloads if any(r["workload"] == w for r in saved["records"])]
    results = {}
    for r in saved["records"]:
        if r["status"] not in ("ok", "timeout"):
            r["status"] = classify(r["exit"], r["stderr"] + "\n" + r.get("summary", ""))
        results.setdefault((r["engine"], r["workload"], r["n"], r["order"]), Cell()).records.append(r)
    started = datetime.datetime.fromisoformat(saved["started"])
    finished = datetime.datetime.fromisoformat(saved.get("finished", saved["started"]))
    loads = [float(r["load"]) for r in saved["records"] if r.get("load", "?") != "?"] or [0.0]
    argv = saved["argv"]
    text = report(args, results, saved["info"], started, finished,
                  [f"{min(loads):.2f}", f"{max(loads):.2f}"], argv)
    with open(output, "w") as f:
        f.write(text + "\n")
    print(text)
    if plot:
        write_plot(args, results, saved["info"], started, plot)
    return 0


def main(argv=None):
    argv = argv if argv is not None else sys.argv[1:]
    args = parse_args(argv)
    if args.scratch_path:
        use_scratch_path(args.scratch_path)
    if args.plot:
        require_matplotlib()  # before a long run, not after it
    if args.report_only:
        return report_from_json(args.report_only, args.output, args.plot)
    if not args.no_build:
        build(args.engines)
    compile_c(args.engines, only_missing=args.no_build)
    copies = snapshot()
    try:
        return measure_and_report(args)
    finally:
        shutil.rmtree(copies, ignore_errors=True)


def write_outputs(args, text, info, results, started, finished=None):
    """Writes the report `text` to --output and every record, with the machine and the run's
    times, to the .json beside it; prints the report, and on stderr what it wrote."""
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, "w") as f:
        f.write(text + "\n")
    raw = os.path.splitext(args.output)[0] + ".json"
    data = {"info": info, "argv": sys.argv[1:], "started": started.isoformat()}
    if finished is not None:
        data["finished"] = finished.isoformat()
    data["records"] = [r for c in results.values() for r in c.records]
    with open(raw, "w") as f:
        json.dump(data, f, indent=1)
    print(text)
    print(f"\nwrote {os.path.relpath(args.output, ROOT)} and {os.path.relpath(raw, ROOT)}",
          file=sys.stderr)


def measure_hierarchy(args):
    """--hierarchy: the hierarchy workloads alone, with their own report."""
    started = datetime.datetime.now(datetime.timezone.utc)
    info = machine_info()
    engines = [e for e in args.engines if e in HIERARCHY_ENGINES]
    results = {}
    run_matrix(args, results, HIERARCHY_WORKLOADS, args.hierarchy_sizes, engines, ["natural"], log_record)
    text = render_hierarchy(results, engines, args.hierarchy_sizes, args.timeout, started, info)
    write_outputs(args, text, info, results, started)
    return 1 if any(c.status in ("failed", "error", "crashed") for c in results.values()) else 0


def measure_and_report(args):
    if args.hierarchy:
        return measure_hierarchy(args)
    started = datetime.datetime.now(datetime.timezone.utc)
    info = machine_info()
    loads = [load_average()]

    def log(rec):
        loads.append(rec["load"])
        log_record(rec)

    results = {}
    run_matrix(args, results, args.workloads, args.sizes, args.engines, ["natural"], log)
    if args.orders:
        order_engines = [e for e in args.engines if e in ORDER_ENGINES]
        run_matrix(args, results, ORDER_WORKLOADS, args.order_sizes, order_engines,
                   [PAIRED_NATURAL, "reverse"], log)
    if args.edits_first:
        order_engines = [e for e in args.engines if e in ORDER_ENGINES]
        run_matrix(args, results, EDITS_FIRST_WORKLOADS, args.edits_first_sizes, order_engines,
                   ["natural", "edits-first"], log)
    if args.orders_zoo:
        run_zoo(args, results, [e for e in args.engines if e in ZOO_ENGINES], log)
    loads.append(load_average())
    finished = datetime.datetime.now(datetime.timezone.utc)

    loads_f = [float(x) for x in loads if x != "?"] or [0.0]
    text = report(args, results, info, started, finished, [f"{min(loads_f):.2f}", f"{max(loads_f):.2f}"])
    write_outputs(args, text, info, results, started, finished)
    if args.plot:
        write_plot(args, results, info, started, args.plot)
    failed = any(c.status in ("failed", "error", "crashed") for c in results.values())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
