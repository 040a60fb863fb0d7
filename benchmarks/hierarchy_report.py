"""The hierarchy workloads of issue 18 (benchmarks/swift/HierarchyWorkloads.swift and
benchmarks/python_view_workloads.py) and their report: one table with each timed path per N and
engine, and its growth exponent between successive sizes (1 is linear, 2 quadratic).

    python3 benchmarks/run.py --hierarchy [--hierarchy-sizes 1000,10000,100000]

run.py runs them (`--hierarchy`: these workloads only, on tether-swift and tether-python) and
renders the report with `render`; the runner's cells, rounds and time limits are the same as for
the other workloads. Definitions: docs/benchmarks.md ("Hierarchy paths (issue 18, bullet 3)").
"""

import math
import statistics

HIERARCHY_WORKLOADS = ["free-root", "ambiguity-trace", "many-roots", "deep-chain", "stack-arrange"]
HIERARCHY_ENGINES = ["tether-swift", "tether-python"]
DEFAULT_SIZES = [1000, 10000, 100000]

# The timed paths each workload prints, in milliseconds (keys ending in _us: microseconds), the
# one the issue is about first.
TIMED = {
    "free-root": ["free_ms"],
    "ambiguity-trace": ["trace_ms", "svg_ms", "has_ambiguous_all_ms", "has_ambiguous_cold_ms"],
    "many-roots": ["layout_all_ms", "relayout_one_us_median"],
    "deep-chain": ["add_all_ms"],
    "stack-arrange": ["arrange_layout_ms"],
}


def _median(cell, key):
    values = [r["data"][key] for r in cell.records if r["status"] == "ok" and r["data"].get(key) is not None]
    return statistics.median(values) if values else None


def _time_text(value, key):
    if value is None:
        return ""
    ms = value / 1000 if key.endswith("_us") or key.endswith("_us_median") else value
    if ms >= 1000:
        return f"{ms / 1000:.3g} s"
    if ms >= 1:
        return f"{ms:.3g} ms"
    return f"{ms * 1000:.3g} µs"


def _growth(a, b, n1, n2):
    if not a or not b or n1 == n2:
        return None
    return math.log(b / a) / math.log(n2 / n1)


def render(results, engines, sizes, timeout_s, started, info):
    """The Markdown report of the hierarchy cells in `results` ((engine, workload, N, order) ->
    run.py's Cell)."""
    lines = [
        "# Hierarchy paths (issue 18)",
        "",
        f"- Run {started:%Y-%m-%d %H:%M} UTC; Tether at {info.get('git', '?')}; {info.get('cpu', '?')}.",
        f"- Each cell: the median of its processes; a process over {timeout_s:g} s is \"> {timeout_s:g} s\""
        " and skips the larger sizes. Growth: log(t2 / t1) / log(N2 / N1) between successive sizes.",
        "",
    ]
    header = "| workload | path | engine | " + " | ".join(f"N = {n:,}" for n in sizes)
    header += " | " + " | ".join(f"growth {a:,}→{b:,}" for a, b in zip(sizes, sizes[1:])) + " |"
    lines.append(header)
    lines.append("|" + "---|" * (3 + len(sizes) + max(0, len(sizes) - 1)))
    for workload in HIERARCHY_WORKLOADS:
        for key in TIMED[workload]:
            for engine in engines:
                cells = [results.get((engine, workload, n, "natural")) for n in sizes]
                if all(c is None for c in cells):
                    continue
                texts, values = [], []
                for c in cells:
                    value = _median(c, key) if c is not None else None
                    values.append(value)
                    if c is None or not c.records:
                        texts.append("")
                    elif c.status == "ok":
                        texts.append(_time_text(value, key))
                    elif c.status == "timeout":
                        texts.append(f"> {timeout_s:g} s")
                    else:
                        texts.append(c.status)
                growths = []
                for (n1, v1), (n2, v2) in zip(zip(sizes, values), list(zip(sizes, values))[1:]):
                    g = _growth(v1, v2, n1, n2)
                    growths.append("" if g is None else f"{g:.2f}")
                lines.append(f"| {workload} | {key} | {engine} | " + " | ".join(texts) + " | "
                             + " | ".join(growths) + " |")
    return "\n".join(lines)
