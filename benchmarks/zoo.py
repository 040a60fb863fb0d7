"""The shape zoo of benchmarks/run.py (issue 18): how each layout shape's cost depends on the
order its constraints are added in. Users do not choose that order, so each shape runs in the
natural order, in reverse and in N seeded shuffles (`--orders-zoo N`), and the shapes with edit
variables also with the root's edits added before the constraints. The report gives, per shape,
engine and size, the best and the worst order, their ratio, the tableau's cells per constraint
and the pivots (both independent of the machine's speed), and the peak memory; and the growth
exponent from the smallest to the largest size of the worst order.

Imported by run.py, which runs the processes; nothing here starts one.
"""

import math

# The shapes of the zoo, per engine that can build them (the others show nothing).
# tether-swift: benchmarks/swift (Workloads, ViewWorkloads, ZooWorkloads, NestedStacks,
# RandomScreen), one add per constraint; tether-swift-batch: the same with --batch;
# tether-c: benchmarks/c/tether_bench.c, the solver shapes through the solver functions (one add
# per constraint; tether_bench_zoo.c) and the view-model shapes but random-screen through the
# view-model functions (one activate per constraint; tether_bench_views.c,
# tether_bench_zoo_views.c); tether-python: the view-model shapes through the package's views
# (benchmarks/python_view_workloads.py, python_zoo_workloads.py, python_random_screen.py), and
# form-raw and aspect-grid through tether.solver's one add_all (python_view_workloads.py,
# python_workloads.py), which plans its order as add(batch:) does.
ZOO_WORKLOADS = ["siblings", "chain", "stack", "grid", "grid2d", "grid2d-req", "aspect-grid",
                 "form", "form-raw", "vgrid", "aligned-feed", "nested-stacks", "random-screen"]
ZOO_SUPPORT = {
    "tether-swift": set(ZOO_WORKLOADS),
    "tether-c": {"siblings", "chain", "stack", "grid", "grid2d", "grid2d-req", "aspect-grid",
                 "form", "form-raw", "vgrid", "aligned-feed", "nested-stacks"},
    # The solver shapes through one add(batch:), which plans its order (BatchPlan.swift).
    "tether-swift-batch": {"siblings", "chain", "stack", "grid", "grid2d", "grid2d-req",
                           "aspect-grid", "form-raw"},
    "tether-python": {"aspect-grid", "form", "form-raw", "vgrid", "aligned-feed", "nested-stacks",
                      "random-screen"},
}
ZOO_ENGINES = list(ZOO_SUPPORT)
# The shapes whose root has edit variables: also run with the edits added first.
ZOO_EDIT_WORKLOADS = {"chain", "grid", "grid2d", "grid2d-req", "aspect-grid"}
# The view-model shapes (and form-raw, the twin of form): their bench takes no churn budget.
ZOO_VIEW_WORKLOADS = {"form", "form-raw", "vgrid", "aligned-feed", "nested-stacks",
                      "random-screen"}
# What N counts, for the report (the exponent uses the views a run reports).
ZOO_N_MEANS = {"form": "rows (2 views each)", "form-raw": "rows (2 views each)",
               "grid2d": "views (s² with s = round √N)", "grid2d-req": "views (s², s = round √N)",
               "aspect-grid": "views (whole rows of 4)",
               "nested-stacks": "leaves (whole rows of 16; + 1.3 stacks per 16)",
               "random-screen": "views (whole sections)"}


def zoo_orders(workload, shuffles):
    """The order keys of one shape: natural, reverse, `shuffle 1`..`shuffle N`, and for the
    shapes with edit variables each followed by the same with `, edits first` (edits last is
    the default), so that both placements of the edits run before a limit stops a size."""
    base = ["natural", "reverse"] + [f"shuffle {k}" for k in range(1, shuffles + 1)]
    if workload in ZOO_EDIT_WORKLOADS:
        return [o for b in base for o in (b, b + ", edits first")]
    return base


def edits_group(order):
    """The placement of the edits an order key names ("" for edits last, the default): the
    zoo gives up on each placement separately."""
    return order.partition(", edits ")[2]


def order_args(order):
    """The bench options for an order key of run.py: `natural`, `reverse`, `edits-first`,
    `shuffle SEED`, each optionally followed by `, edits first` or `, edits last`."""
    base, _, edits = order.partition(", edits ")
    if base == "edits-first":
        return ["--order", "edits-first"]
    if base.startswith("shuffle "):
        args = ["--shuffle", base.split()[1]]
    else:
        args = ["--order", base]
    if edits:
        args += ["--edits", edits]
    return args


def supports(engine, workload):
    return workload in ZOO_SUPPORT.get(engine, set())


def _best_worst(cells, time_key):
    """The quickest and the slowest order among `cells` ({order: cell}), an order that hit a
    limit being the slowest; and how many hit one."""
    done = [(c.median(time_key), o) for o, c in cells.items() if c.status == "ok"]
    limited = [o for o, c in cells.items() if c.status in ("timeout", "oom")]
    best = min(done) if done else None
    worst = max(done) if done else None
    return best, worst, limited


def zoo_section(args, engines, cell_of, add, fmt_ms, fmt_kb, timeout, mem_limit_mb):
    """The report's "Shape zoo" section: one table of orders per (shape, engine, N) and one of
    growth exponents. `cell_of(engine, workload, n, order)` gives run.py's Cell."""
    shuffles = args.orders_zoo
    add("## Shape zoo: cost against insertion order (issue 18)")
    add("")
    add(f"Each shape runs in the natural order, in reverse and in {shuffles} seeded shuffles "
        "(`--shuffle SEED`, splitmix64 + Fisher–Yates, the same order in every engine); the "
        "shapes with edit variables (" + ", ".join(sorted(ZOO_EDIT_WORKLOADS)) + ") run each "
        "order with the root's edits added after the constraints and again before them "
        "(`--edits first`). View-model shapes activate their constraints one `activate` each, "
        "in the order, after making every view (nested-stacks: arranges its views in it). Every "
        "run verifies its layout (closed form; random-screen: against its natural-order build), "
        "so a shuffle posts no time unless its frames are right. Best and worst are over the "
        "orders that finished (build + first solve, median of the process's repeats); cells per "
        "constraint (tableau cells ÷ the solver's constraints) and pivots are the range over "
        "those orders, and do not depend on the machine's speed (for the view-model shapes, "
        "the root's solver: `tether_view_layout_solver_stats`, `View.layout_solver_stats`); "
        "peak memory is the largest VmHWM.")
    add("")
    head = ["shape", "engine", "N", "views", "orders (ok / limit)", "best order", "worst order",
            "worst ÷ best", "cells per constraint", "pivots (build)", "peak memory"]
    add("| " + " | ".join(head) + " |")
    add("|" + " --- |" * len(head))
    growth = []
    for w in args.zoo_workloads:
        for e in engines:
            if not supports(e, w):
                continue
            orders = zoo_orders(w, shuffles)
            worst_by_size = []
            for n in args.zoo_sizes:
                cells = {o: cell_of(e, w, n, o) for o in orders}
                cells = {o: c for o, c in cells.items() if c.status != "skipped"}
                if not cells:
                    continue
                best, worst, limited = _best_worst(cells, "build_solve_ms")
                oks = [c for c in cells.values() if c.status == "ok"]
                views = max((c.last("views") or 0) for c in oks) if oks else None
                cpc = [c.last("cells_per_constraint") for c in oks if c.last("cells_per_constraint") is not None]
                piv = [c.last("pivots") for c in oks if c.last("pivots") is not None]
                peaks = [c.median("peak_hwm_kb") or c.median("max_rss_kb") for c in oks]
                peaks = [p for p in peaks if p is not None]
                failed = [o for o, c in cells.items() if c.status in ("failed", "error", "crashed")]
                limit_text = f"> {timeout:g} s or {mem_limit_mb / 1024:g} GiB"
                best_text = f"{fmt_ms(best[0])} ({best[1]})" if best else ""
                if limited:
                    worst_text = f"{limit_text} ({', '.join(limited[:3])}{'…' if len(limited) > 3 else ''})"
                    ratio = f"> {timeout * 1000 / best[0]:.3g}" if best else ""
                else:
                    worst_text = f"{fmt_ms(worst[0])} ({worst[1]})" if worst else ""
                    ratio = f"{worst[0] / best[0]:.3g}" if best and best[0] else ""
                if failed:
                    worst_text += f"; **{len(failed)} failed: {', '.join(failed[:3])}**"
                row = [w, e, f"{n:,}", f"{views:,}" if views else "",
                       f"{len(oks)} / {len(limited)}" + (f" / {len(failed)} failed" if failed else ""),
                       best_text, worst_text, ratio,
                       f"{min(cpc):.3g}–{max(cpc):.3g}" if cpc else "",
                       f"{min(piv):,}–{max(piv):,}" if piv else "",
                       fmt_kb(max(peaks)) if peaks else ""]
                add("| " + " | ".join(row) + " |")
                # The worst order of a size counts for growth only if every order of the
                # smallest size ran and finished here (not a subset left after limits).
                complete = not limited and len(oks) == len(orders)
                worst_by_size.append((n, views, best, worst if complete else None, bool(limited)))
            if len(worst_by_size) >= 2:
                growth.append((w, e, worst_by_size))
    add("")
    if growth:
        add("Growth of the worst order from the smallest size to the largest at which every "
            "order ran and finished (past it the worst order hit a limit, so its growth there is "
            "steeper still), and of the best order to the largest size it finished at: "
            "k = log(t2/t1) / log(views2/views1). The last column is the first size at which an "
            "order hit a limit.")
        add("")
        add("| shape | engine | worst: sizes | worst: orders | worst: times | worst: k | best: sizes "
            "| best: times | best: k | first size with an order at a limit |")
        add("|" + " --- |" * 10)
        for w, e, sizes in growth:
            first = sizes[0]
            clean = []
            for x in sizes:  # the leading run of complete sizes
                if x[3] is None:
                    break
                clean.append(x)
            last = clean[-1] if clean else None
            limited_at = next((x[0] for x in sizes if x[4]), None)
            row = [w, e]
            if first[3] is not None and last is not None and last[0] != first[0]:
                (n1, v1, _, w1, _), (n2, v2, _, w2, _) = first, last
                row += [f"{n1:,} → {n2:,}", f"{w1[1]} → {w2[1]}",
                        f"{fmt_ms(w1[0])} → {fmt_ms(w2[0])}", _k(w1[0], w2[0], v1, v2)]
            else:
                row += ["", "", "", ""]
            bests = [x for x in sizes if x[2] is not None]
            if len(bests) >= 2:
                (n1, v1, b1, _, _), (n2, v2, b2, _, _) = bests[0], bests[-1]
                row += [f"{n1:,} → {n2:,}", f"{fmt_ms(b1[0])} → {fmt_ms(b2[0])}",
                        _k(b1[0], b2[0], v1, v2)]
            else:
                row += ["", "", ""]
            row.append(f"{limited_at:,}" if limited_at else "none")
            add("| " + " | ".join(row) + " |")
        add("")


def _k(t1, t2, v1, v2):
    """The growth exponent between two times at two view counts ("" when it is undefined)."""
    if not (t1 and t2 and v1 and v2) or v1 == v2:
        return ""
    return f"{math.log(t2 / t1) / math.log(v2 / v1):.2f}"
