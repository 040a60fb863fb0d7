#!/usr/bin/env python3
"""The view-model workloads through Python: Tether's package (views, anchors, layout_if_needed).

    python3 benchmarks/python_view_workloads.py tether-python WORKLOAD N [--order natural|reverse]
                                                [--shuffle SEED] [--screen-seed SEED]

WORKLOAD is form or vgrid (views and anchors, laid out by `View.layout_if_needed`), or form-raw
or vgrid-raw: the same solver constraints, in the same order and at the same priorities, built
in bulk on `tether.solver.Solver`, so that view ÷ raw is the cost of the view model through the
binding. Definitions: benchmarks/swift/ViewWorkloads.swift (the Swift bench builds the same) and
docs/benchmarks.md. Prints one JSON line like the Swift bench.

Insertion orders (benchmarks/shuffle.py, the same orders as the Swift and C benches): the view
workloads make every view first, then activate their constraints one `activate` each in the
natural order, in reverse (--order reverse) or in a seeded shuffle (--shuffle SEED); the raw
twins add the same user constraints in the same order after the root's pins and the content
sizes (as the view model does). The zoo's view-model shapes aligned-feed, nested-stacks and
random-screen (--screen-seed SEED: the screen to build, default 1) are in
benchmarks/python_zoo_workloads.py and python_random_screen.py.

Every result is verified against the closed-form layout (every frame after the build and after
the last resize, a spot check after each resize, every frame after the relayout): a wrong layout
exits 3, an exception from the engine exits 2, so a broken engine never posts a time.

Measured: build + first layout (engine, views, intrinsic sizes, priorities, constraints, the
first pass; frames are then set); the median of 100 resizes of the root's width (set the frame,
lay out); the median of 20 relayouts after one constant change (form: one row's top spacing 8 ->
20 and back; vgrid: one cell's intrinsic height +10 and back), with the number of frames that
changed against the number the change affects. The raw twins time the same steps as the solver
does them, including one read of every value (what a pass needs to write frames).
"""

import sys

from python_hierarchy_workloads import RUNS as HIERARCHY_RUNS  # issue 18's hierarchy paths
import python_zoo_workloads
from bench_common import (Failure, close, expect_rect, median, now, parse_workload_arguments,
                          run_and_report, time_resizes, workload_parser)
from shuffle import permutation

WORKLOADS = (("form", "form-raw", "vgrid", "vgrid-raw") + python_zoo_workloads.WORKLOADS
             + tuple(HIERARCHY_RUNS))
ENGINES = ("tether-python",)
RESIZES = 100
RELAYOUTS = 20


# ---------------------------------------------------------------------------------------------
# Closed forms (the same as ViewWorkloads.swift)


def form_label_width(i):
    return 40 + (i * 29) % 80


def form_label_column(n):
    return max(form_label_width(i) for i in range(n))


LABEL_HEIGHT = 21.0
FIELD_HEIGHT = 34.0


def form_row_top(i, extra=0.0, start=None):
    return 16 + 42 * i + (extra if start is not None and i >= start else 0.0)


def form_root_height(n):
    return 16 + 42 * n + 8


def form_frames(i, column, width, extra=0.0, start=None):
    """(label, field) frames of row i at root width `width`."""
    top = form_row_top(i, extra, start)
    return ((16.0, top + (FIELD_HEIGHT - LABEL_HEIGHT) / 2, column, LABEL_HEIGHT),
            (24.0 + column, top, width - 40 - column, FIELD_HEIGHT))


def feed_intrinsic(i):
    return 44 + (i * 37) % 100


def feed_root_width(k):
    return 320 + 20 * (k % 9)


VGRID_ROOT_HEIGHT = 800.0


def vgrid_frames(n, width, changed=-1, delta=0.0):
    """(cell frames, content frame) at root width `width`."""
    cells = []
    y = 4.0
    for i in range(n):
        h = feed_intrinsic(i) + (delta if i == changed else 0.0)
        cells.append((16.0, y, width - 32, h))
        y += h + 4
    return cells, (0.0, 0.0, width, y)


def count_changed(before, after):
    return sum(1 for a, b in zip(before, after) if tuple(a) != tuple(b))


# ---------------------------------------------------------------------------------------------
# View model


def measure_view_resizes(root, height, check, out):
    def resize(frame):
        root.frame = frame
        root.layout_if_needed()

    time_resizes(RESIZES, lambda k: (0.0, 0.0, feed_root_width(k), height), resize, check, out)


def measure_relayouts(change, check, out):
    """change(k) for k = 1..RELAYOUTS applies the change (odd k) or undoes it (even k) and lays
    out; each is timed. check(k) runs untimed."""
    samples = []
    for k in range(1, RELAYOUTS + 1):
        t0 = now()
        change(k)
        t1 = now()
        check(k)
        samples.append((t1 - t0) * 1e6)
    out["relayout_us_median"] = median(samples)
    out["relayouts"] = RELAYOUTS


def activate_in_order(constraints, order):
    """Activates `constraints` one `activate` call each, in `order` (a permutation)."""
    import tether

    for i in order(len(constraints)):
        tether.activate([constraints[i]])


def solver_fields(root):
    """The root's solver after the build, as the Swift bench reports it: rows, cells, pivots,
    cells per constraint the solver holds (``View.layout_solver_stats``)."""
    st = root.layout_solver_stats
    if st is None:
        return {}
    return dict(rows=st.rows, cells=st.cells, pivots=st.pivots, definitions_held=st.definitions,
                solver_constraints=st.constraints,
                cells_per_constraint=st.cells / st.constraints if st.constraints else 0.0)


def run_form(n, out, order):
    import tether
    from tether import Axis

    t0 = now()
    engine = tether.Engine()
    height = form_root_height(n)
    root = tether.View(frame=(0, 0, 375, height), engine=engine)
    labels, fields, spacings = [], [], []
    for i in range(n):
        label, field = tether.View(engine=engine), tether.View(engine=engine)
        label.translates_autoresizing_mask_into_constraints = False
        field.translates_autoresizing_mask_into_constraints = False
        label.intrinsic_content_size = (form_label_width(i), LABEL_HEIGHT)
        label.set_content_hugging_priority(251, Axis.HORIZONTAL)
        label.set_content_hugging_priority(251, Axis.VERTICAL)
        field.intrinsic_content_size = (tether.NO_INTRINSIC_METRIC, FIELD_HEIGHT)
        root.add_subview(label)
        root.add_subview(field)
        labels.append(label)
        fields.append(field)
    constraints = []
    for i in range(n):
        label, field = labels[i], fields[i]
        top = (field.top == root.top + 16) if i == 0 else (field.top == fields[i - 1].bottom + 8)
        constraints.append(label.leading == root.leading + 16)
        if i > 0:
            constraints.append(label.trailing == labels[0].trailing)
        constraints += [field.leading == label.trailing + 8, field.trailing == root.trailing - 16,
                        top, label.center_y == field.center_y]
        spacings.append(top)
    activate_in_order(constraints, order)
    count = len(constraints)
    root.layout_if_needed()
    t1 = now()
    out.update(build_solve_ms=(t1 - t0) * 1e3, views=2 * n, constraints=count,
               layout_constraints=count, frames=2 * n, level="view-model", **solver_fields(root))

    column = form_label_column(n)

    def frames():
        """Every frame but the root's, in subview order (label 0, field 0, label 1, ...)."""
        return list(root.subtree_frames().values())[1:]

    def verify(width, extra=0.0, start=None):
        got = frames()
        for i in range(n):
            label, field = form_frames(i, column, width, extra, start)
            expect_rect(got[2 * i], label, f"label[{i}].frame")
            expect_rect(got[2 * i + 1], field, f"field[{i}].frame")

    verify(375)

    def check(k):
        w = feed_root_width(k)
        expect_rect(fields[0].frame, form_frames(0, column, w)[1], "field[0].frame")
        expect_rect(fields[-1].frame, form_frames(n - 1, column, w)[1], f"field[{n - 1}].frame")

    measure_view_resizes(root, height, check, out)
    w = feed_root_width(RESIZES + 1)
    verify(w)

    changed = n // 2
    before = frames()

    def change(k):
        spacings[changed].constant = 20 if k % 2 else 8
        root.layout_if_needed()

    def check_relayout(k):
        if k == 1:
            out["relayout_frames_changed"] = count_changed(before, frames())
            verify(w, 12.0, changed)

    measure_relayouts(change, check_relayout, out)
    verify(w)
    out.update(relayout=f"row {changed} top spacing 8 -> 20",
               relayout_frames_expected=2 * (n - changed))


def run_vgrid(n, out, order):
    import tether

    t0 = now()
    engine = tether.Engine()
    root = tether.View(frame=(0, 0, 375, VGRID_ROOT_HEIGHT), engine=engine)
    content = tether.View(engine=engine)
    content.translates_autoresizing_mask_into_constraints = False
    root.add_subview(content)
    cells = []
    for i in range(n):
        cell = tether.View(engine=engine)
        cell.translates_autoresizing_mask_into_constraints = False
        cell.intrinsic_content_size = (tether.NO_INTRINSIC_METRIC, feed_intrinsic(i))
        content.add_subview(cell)
        cells.append(cell)
    constraints = [content.left == root.left, content.top == root.top,
                   content.width == root.width]
    for i in range(n):
        cell = cells[i]
        top = (cell.top == content.top + 4) if i == 0 else (cell.top == cells[i - 1].bottom + 4)
        constraints += [top, cell.left == content.left + 16, cell.right == content.right - 16,
                        cell.height >= 44]
    constraints += [content.bottom >= cells[-1].bottom + 4,
                    (content.height == 0).with_priority(50)]
    activate_in_order(constraints, order)
    count = len(constraints)
    root.layout_if_needed()
    t1 = now()
    out.update(build_solve_ms=(t1 - t0) * 1e3, views=n + 1, constraints=count,
               layout_constraints=count, frames=n + 1, level="view-model", **solver_fields(root))

    def frames():
        """The content view's frame, then every cell's."""
        return list(root.subtree_frames().values())[1:]

    def verify(width, changed=-1, delta=0.0):
        got = frames()
        want_cells, want_content = vgrid_frames(n, width, changed, delta)
        expect_rect(got[0], want_content, "content.frame")
        for i in range(n):
            expect_rect(got[1 + i], want_cells[i], f"cell[{i}].frame")

    verify(375)

    def check(k):
        w = feed_root_width(k)
        for i in (0, n - 1):
            f = cells[i].frame
            if not close(f.width, w - 32):
                raise Failure(f"cell[{i}].width = {f.width}, expected {w - 32}")

    measure_view_resizes(root, VGRID_ROOT_HEIGHT, check, out)
    w = feed_root_width(RESIZES + 1)
    verify(w)

    changed = n // 2
    h = feed_intrinsic(changed)
    before = frames()

    def change(k):
        cells[changed].intrinsic_content_size = (tether.NO_INTRINSIC_METRIC,
                                                 h + 10 if k % 2 else h)
        root.layout_if_needed()

    def check_relayout(k):
        if k == 1:
            out["relayout_frames_changed"] = count_changed(before, frames())
            verify(w, changed, 10.0)

    measure_relayouts(change, check_relayout, out)
    verify(w)
    out.update(relayout=f"cell {changed} intrinsic height +10",
               relayout_frames_expected=n - changed + 1)


# ---------------------------------------------------------------------------------------------
# Raw twins: the view model's solver constraints, built in bulk on tether.solver.Solver.

LEFT, RIGHT, TOP, BOTTOM, WIDTH, HEIGHT, CENTER_Y = range(7)
# An attribute as terms over (left, top, width, height): (slot, coefficient) pairs.
ATTRIBUTE_TERMS = {
    LEFT: ((0, 1.0),),
    RIGHT: ((0, 1.0), (2, 1.0)),
    TOP: ((1, 1.0),),
    BOTTOM: ((1, 1.0), (3, 1.0)),
    WIDTH: ((2, 1.0),),
    HEIGHT: ((3, 1.0),),
    CENTER_Y: ((1, 1.0), (3, 0.5)),
}
LE, EQ, GE = -1, 0, 1


class RawRoot:
    """One root's solver as RootLayout builds it: 4 variables per view (left, top, width,
    height) in hierarchy order, the root's pins, content sizes, then the user's constraints as
    `first - second - constant RELATION 0`."""

    def __init__(self, view_count):
        from tether.solver import Solver  # imported before the clock starts (main)

        self.s = Solver()
        self.block = self.s.variables(4 * view_count)
        self.ids = self.block.ids
        self.lists = ([], [], [], [], [], [])  # term counts, ids, coefficients, constants, ...
        self.user_start = None  # index of the first user constraint (begin_user)

    def add(self, v, a, relation, w=None, b=None, constant=0.0, priority=1000.0):
        """Appends `v.a RELATION w.b + constant` (or `v.a RELATION constant`); returns its
        index."""
        counts, ids, coefs, constants, relations, priorities = self.lists
        n = 0
        for slot, k in ATTRIBUTE_TERMS[a]:
            ids.append(self.ids[4 * v + slot])
            coefs.append(k)
            n += 1
        if w is not None:
            for slot, k in ATTRIBUTE_TERMS[b]:
                ids.append(self.ids[4 * w + slot])
                coefs.append(-k)
                n += 1
        counts.append(n)
        constants.append(-constant)
        relations.append(relation)
        priorities.append(priority)
        return len(counts) - 1

    def pin_root(self, width, height):
        """root.left == 0, root.top == 0, root.width == width, root.height == height."""
        self.add(0, LEFT, EQ)
        self.add(0, TOP, EQ)
        self.width_pin = self.add(0, WIDTH, EQ, constant=width)
        self.add(0, HEIGHT, EQ, constant=height)

    def content_size(self, v, vertical, metric, hugging, compression):
        """size >= metric @compression, size <= metric @hugging; returns both indexes."""
        a = HEIGHT if vertical else WIDTH
        return (self.add(v, a, GE, constant=metric, priority=compression),
                self.add(v, a, LE, constant=metric, priority=hugging))

    def begin_user(self):
        """Marks where the user's constraints start (after the pins and content sizes): they
        are the ones the insertion order reorders."""
        self.user_start = len(self.lists[0])

    def build(self, order):
        """Makes every constraint (one call) and adds them (one call): the root's pins and the
        content sizes first, then the user's constraints in `order`; solves, reads every value."""
        self.constraints = self.s.constraints(*self.lists)
        start = self.user_start
        user = self.constraints[start:]
        self.s.add_all(list(self.constraints[:start]) + [user[i] for i in order(len(user))])
        self.s.update()
        return self.rects()

    def record_stats(self, out):
        """The tableau's size after the build (the view model's is not exposed to Python)."""
        st = self.s.stats
        out.update(rows=st.rows, cells=st.cells, pivots=st.pivots,
                   cells_per_constraint=st.cells / max(1, st.added))

    def rects(self):
        """Every view's rect (root coordinates) from one read of every value."""
        v = self.s.values(self.block, as_array=True)
        return [(v[i], v[i + 1], v[i + 2], v[i + 3]) for i in range(0, len(v), 4)]

    def set_constant(self, index, constant):
        self.constraints[index].constant = constant


def measure_raw_resizes(raw, check, out, verify):
    """Resizes through the root's width pin: set its constant, update, read every value; then
    ``verify(rects, width)`` checks the whole layout of the last resize, whose ``(rects,
    width)`` it returns."""
    samples, solve_samples = [], []
    pin = raw.constraints[raw.width_pin]
    rects = None
    for k in range(1, RESIZES + 2):
        w = feed_root_width(k)
        t0 = now()
        pin.constant = -w
        raw.s.update()
        t1 = now()
        values = raw.s.values(raw.block, as_array=True)
        t2 = now()
        rects = [(values[i], values[i + 1], values[i + 2], values[i + 3])
                 for i in range(0, len(values), 4)]
        check(k, rects)
        if k == 1:
            out["resize_first_us"] = (t2 - t0) * 1e6
        else:
            samples.append((t2 - t0) * 1e6)
            solve_samples.append((t1 - t0) * 1e6)
    out.update(resize_us_median=median(samples), resize_solve_us_median=median(solve_samples),
               resizes=RESIZES)
    w = feed_root_width(RESIZES + 1)
    verify(rects, w)
    return rects, w


def run_form_raw(n, out, order):
    t0 = now()
    raw = RawRoot(1 + 2 * n)
    root, labels, fields = 0, list(range(1, 2 * n, 2)), list(range(2, 2 * n + 1, 2))
    raw.pin_root(375, form_root_height(n))
    for i in range(n):
        raw.content_size(labels[i], False, form_label_width(i), 251, 750)
        raw.content_size(labels[i], True, LABEL_HEIGHT, 251, 750)
        raw.content_size(fields[i], True, FIELD_HEIGHT, 250, 750)
    raw.begin_user()
    spacings = []
    for i in range(n):
        label, field = labels[i], fields[i]
        raw.add(label, LEFT, EQ, root, LEFT, 16)
        if i > 0:
            raw.add(label, RIGHT, EQ, labels[0], RIGHT)
        raw.add(field, LEFT, EQ, label, RIGHT, 8)
        raw.add(field, RIGHT, EQ, root, RIGHT, -16)
        spacings.append(raw.add(field, TOP, EQ, root, TOP, 16) if i == 0
                        else raw.add(field, TOP, EQ, fields[i - 1], BOTTOM, 8))
        raw.add(label, CENTER_Y, EQ, field, CENTER_Y)
    rects = raw.build(order)
    t1 = now()
    out.update(build_solve_ms=(t1 - t0) * 1e3, views=2 * n, constraints=len(raw.constraints),
               solver_constraints=len(raw.constraints), frames=2 * n, level="raw")
    raw.record_stats(out)

    column = form_label_column(n)

    def verify(rects, width, extra=0.0, start=None):
        for i in range(n):
            label, field = form_frames(i, column, width, extra, start)
            expect_rect(rects[labels[i]], label, f"label[{i}]")
            expect_rect(rects[fields[i]], field, f"field[{i}]")

    verify(rects, 375)

    def check(k, rects):
        w = feed_root_width(k)
        expect_rect(rects[fields[0]], form_frames(0, column, w)[1], "field[0]")
        expect_rect(rects[fields[-1]], form_frames(n - 1, column, w)[1], f"field[{n - 1}]")

    rects, w = measure_raw_resizes(raw, check, out, verify)

    changed = n // 2
    state = {}

    def change(k):
        raw.set_constant(spacings[changed], -20.0 if k % 2 else -8.0)
        raw.s.update()
        state["rects"] = raw.rects()

    def check_relayout(k):
        if k == 1:
            out["relayout_frames_changed"] = count_changed(rects[1:], state["rects"][1:])
            verify(state["rects"], w, 12.0, changed)

    measure_relayouts(change, check_relayout, out)
    verify(state["rects"], w)
    out.update(relayout=f"row {changed} top spacing 8 -> 20",
               relayout_frames_expected=2 * (n - changed))


def run_vgrid_raw(n, out, order):
    t0 = now()
    raw = RawRoot(2 + n)
    root, content, cells = 0, 1, list(range(2, n + 2))
    raw.pin_root(375, VGRID_ROOT_HEIGHT)
    sizes = [raw.content_size(cells[i], True, feed_intrinsic(i), 250, 750) for i in range(n)]
    raw.begin_user()
    raw.add(content, LEFT, EQ, root, LEFT)
    raw.add(content, TOP, EQ, root, TOP)
    raw.add(content, WIDTH, EQ, root, WIDTH)
    for i in range(n):
        cell = cells[i]
        if i == 0:
            raw.add(cell, TOP, EQ, content, TOP, 4)
        else:
            raw.add(cell, TOP, EQ, cells[i - 1], BOTTOM, 4)
        raw.add(cell, LEFT, EQ, content, LEFT, 16)
        raw.add(cell, RIGHT, EQ, content, RIGHT, -16)
        raw.add(cell, HEIGHT, GE, constant=44)
    raw.add(content, BOTTOM, GE, cells[-1], BOTTOM, 4)
    raw.add(content, HEIGHT, EQ, constant=0, priority=50)
    rects = raw.build(order)
    t1 = now()
    out.update(build_solve_ms=(t1 - t0) * 1e3, views=n + 1, constraints=len(raw.constraints),
               solver_constraints=len(raw.constraints), frames=n + 1, level="raw")
    raw.record_stats(out)

    def verify(rects, width, changed=-1, delta=0.0):
        want_cells, want_content = vgrid_frames(n, width, changed, delta)
        expect_rect(rects[content], want_content, "content")
        for i in range(n):
            expect_rect(rects[cells[i]], want_cells[i], f"cell[{i}]")

    verify(rects, 375)

    def check(k, rects):
        w = feed_root_width(k)
        for i in (0, n - 1):
            if not close(rects[cells[i]][2], w - 32):
                raise Failure(f"cell[{i}].width = {rects[cells[i]][2]}, expected {w - 32}")

    rects, w = measure_raw_resizes(raw, check, out, verify)

    changed = n // 2
    state = {}

    def change(k):
        height = feed_intrinsic(changed) + (10 if k % 2 else 0)
        for index in sizes[changed]:
            raw.set_constant(index, -height)
        raw.s.update()
        state["rects"] = raw.rects()

    def check_relayout(k):
        if k == 1:
            out["relayout_frames_changed"] = count_changed(rects[1:], state["rects"][1:])
            verify(state["rects"], w, changed, 10.0)

    measure_relayouts(change, check_relayout, out)
    verify(state["rects"], w)
    out.update(relayout=f"cell {changed} intrinsic height +10",
               relayout_frames_expected=n - changed + 1)


# ---------------------------------------------------------------------------------------------


def main(argv=None):
    p = workload_parser(__doc__, ENGINES, WORKLOADS, ("natural", "reverse"), None, "activation")
    p.add_argument("--screen-seed", type=int, default=None, metavar="SEED",
                   help="random-screen only: the screen to build (default 1)")
    a = parse_workload_arguments(p, argv)
    if a.screen_seed is not None and a.workload != "random-screen":
        p.error("--screen-seed applies to random-screen only")
    if any(seed is not None and seed < 0 for seed in (a.shuffle, a.screen_seed)):
        p.error("a seed is a non-negative integer")
    name = "shuffle" if a.shuffle is not None else (a.order or "natural")
    out = {"engine": a.engine, "workload": a.workload, "n": a.n, "order": name}
    if a.shuffle is not None:
        out["seed"] = a.shuffle
    screen_seed = 1 if a.screen_seed is None else a.screen_seed
    if a.workload == "random-screen":
        out["screen_seed"] = screen_seed

    def order(count):
        return permutation(count, name, a.shuffle)

    import tether  # noqa: F401  (loading the library is not part of any timing)

    run = {"form": run_form, "form-raw": run_form_raw, "vgrid": run_vgrid,
           "vgrid-raw": run_vgrid_raw}.get(a.workload)
    if run is None and a.workload in HIERARCHY_RUNS:
        def run(n, out, order):
            HIERARCHY_RUNS[a.workload](n, out, Failure)
    elif run is None:  # a zoo shape, given these helpers (Failure, the closed forms, timing)
        def run(n, out, order):
            python_zoo_workloads.run(a.workload, n, out, order, sys.modules[__name__],
                                     screen_seed)
    return run_and_report(f"python_view_workloads: {a.workload} N={a.n}",
                          lambda: run(a.n, out, order), out)


if __name__ == "__main__":
    sys.exit(main())
