"""What the Python workload scripts share (python_workloads.py, python_view_workloads.py): the
Failure a wrong layout raises, the clock, the median, the memory readings, and the checks of
numbers and rectangles against their closed forms.

Imported as a sibling module (the scripts run with benchmarks/ first on sys.path); it imports
nothing of the package, so it costs nothing before the clock starts.
"""

import argparse
import json
import resource
import sys
import time


class Failure(Exception):
    """The layout is wrong."""


def now():
    return time.perf_counter()


def median(values):
    s = sorted(values)
    m = len(s) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2


def max_rss_kb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def peak_hwm_kb():
    """VmHWM of this process image (KiB), which starts afresh at exec; ru_maxrss keeps the
    high-water mark of the process that forked us when that is larger."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def expect(actual, expected, what):
    if abs(actual - expected) > 1e-6 * max(1.0, abs(expected)):
        raise Failure(f"{what} = {actual!r}, expected {expected!r}")


def close(actual, expected):
    return abs(actual - expected) <= 1e-6 * max(1.0, abs(expected))


def expect_rect(actual, expected, what):
    if not all(close(a, e) for a, e in zip(actual, expected)):
        raise Failure(f"{what} = {tuple(actual)!r}, expected {tuple(expected)!r}")


def run_and_report(label, run, out, after=None):
    """Runs ``run()`` (which fills ``out``) between memory readings and prints ``out`` as one
    JSON line: exit status 0. A Failure (a wrong layout) prints ``<label>: verification
    failed: ...`` and returns 3, any other exception (from the engine) ``<label>: engine error:
    ...`` and returns 2, so that a broken engine never posts a time. ``after(out)`` runs after a
    verified run, before the memory fields are added."""
    baseline = max_rss_kb()
    baseline_hwm = peak_hwm_kb()
    try:
        run()
    except Failure as failure:
        print(f"{label}: verification failed: {failure}", file=sys.stderr)
        return 3
    except Exception as error:  # an engine error: report it, post no time
        print(f"{label}: engine error: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    if after is not None:
        after(out)
    out["verified"] = True
    out["baseline_rss_kb"] = baseline
    out["max_rss_kb"] = max_rss_kb()
    peak = peak_hwm_kb()
    if baseline_hwm is not None and peak is not None:
        out["baseline_hwm_kb"] = baseline_hwm
        out["peak_hwm_kb"] = peak
    print(json.dumps(out))
    return 0


def time_resizes(count, value, resize, check, out):
    """A first resize, then ``count`` more (k = 1 .. count + 1): ``resize(value(k))`` is timed,
    ``value(k)`` and ``check(k)`` (the layout's verification) are not. Records
    ``resize_first_us``, ``resize_us_median`` and ``resizes`` in ``out``."""
    samples = []
    for k in range(1, count + 2):
        target = value(k)
        t0 = now()
        resize(target)
        t1 = now()
        check(k)
        if k == 1:
            out["resize_first_us"] = (t1 - t0) * 1e6
        else:
            samples.append((t1 - t0) * 1e6)
    out["resize_us_median"] = median(samples)
    out["resizes"] = count


def workload_parser(doc, engines, workloads, orders, order_help, what):
    """The command line both workload scripts start from: ``engine workload n`` and
    ``--order`` (one of ``orders``) or ``--shuffle SEED`` (of the ``what`` order);
    :func:`parse_workload_arguments` checks what they share."""
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    p.add_argument("engine", choices=engines)
    p.add_argument("workload", choices=workloads)
    p.add_argument("n", type=int)
    p.add_argument("--order", choices=orders, default=None, help=order_help)
    p.add_argument("--shuffle", type=int, default=None, metavar="SEED",
                   help=f"a seeded shuffle of the {what} order (benchmarks/shuffle.py)")
    return p


def parse_workload_arguments(p, argv):
    """``p.parse_args(argv)``, with N at least 2 and not both --order and --shuffle."""
    a = p.parse_args(argv)
    if a.n < 2:
        p.error("N must be at least 2")
    if a.order is not None and a.shuffle is not None:
        p.error("give --order or --shuffle, not both")
    return a
