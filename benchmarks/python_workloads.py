#!/usr/bin/env python3
"""The canonical workloads through Python: Tether's package (`tether.solver`) or kiwisolver.

    python3 benchmarks/python_workloads.py ENGINE WORKLOAD N
                                           [--order natural|reverse|edits-first]
                                           [--shuffle SEED] [--edits first|last]
                                           [--churn-budget SECONDS]

ENGINE is tether-python, kiwisolver or tether-kiwi (kiwisolver's own calls, one addConstraint
at a time, on `tether.kiwi`: issue 21); WORKLOAD is siblings, chain, stack, grid, grid2d or churn,
or aspect-grid, a solver shape of issue 18's zoo (benchmarks/swift/ZooWorkloads.swift). Prints
one JSON line, like the Swift bench (benchmarks/swift). The constraints and their order are the
same as in benchmarks/swift/Workloads.swift and ZooWorkloads.swift; keep them in step. --order
reverse adds the constraints last to first, --shuffle SEED in the seeded shuffle every bench
shares (benchmarks/shuffle.py); --edits first (or --order edits-first; grid2d and aspect-grid)
adds the root's edit variables and suggests their values before the constraints instead of after
them (--edits last, the default).

Every result is verified against the closed-form layout: a wrong layout exits 3 (an exception
from the engine exits 2), so a broken engine never posts a time.

Priorities: required is 1000 in Tether and kiwisolver's `required`; an optional priority p is p in
Tether and `strength.create(0, p, 0)` in kiwisolver; the root's edit variables are 999 in Tether
and `strong` in kiwisolver (shared docs, benchmarks.md).

Each constraint is given as data: `e.make(variables, coefficients, constant, relation, priority)`
stands for `sum(coefficients[k] * variables[k]) + constant RELATION 0` (the comment above each
call gives it in the usual form). tether-python builds in bulk, as the Swift bench's --batch
does: variables with one `Solver.variables` call per group, every constraint's numbers into flat
lists, then one `Solver.constraints` call to make them all and one `add_all` to add them
(tether_solver_variables_new, tether_solver_constraints_new_batch,
tether_solver_constraint_add_batch), and values are read with one `Solver.values` call.
kiwisolver makes each constraint from the same data (`Term`, `Expression`, `Constraint`) and adds
them one by one (it has no batch call).
"""

import sys

from bench_common import (expect, median, now, parse_workload_arguments, run_and_report,
                          time_resizes, workload_parser)
from shuffle import permutation

WORKLOADS = ("siblings", "chain", "stack", "grid", "grid2d", "churn", "aspect-grid")
# The workloads whose root edit variables --edits places.
EDIT_WORKLOADS = ("grid2d", "aspect-grid")
ENGINES = ("tether-python", "kiwisolver", "tether-kiwi")
REQUIRED = 1000
EDIT = 999
# Relations, with tether.Relation's (and NSLayoutRelation's) raw values.
LE, EQ, GE = -1, 0, 1
# Coefficient tuples used throughout (constants: no tuple is made per constraint).
ONE = (1.0,)
DIFF = (1.0, -1.0)  # a - b


class Order:
    """The insertion order: "natural", "reverse" or "shuffle" with `seed` (benchmarks/shuffle.py,
    the same orders as the Swift and C benches)."""

    def __init__(self, name="natural", seed=None):
        self.name, self.seed = name, seed

    def apply(self, items):
        """`items` (a sequence) in this order; natural and reverse by slicing, as before."""
        if self.name == "natural":
            return items
        if self.name == "reverse":
            return items[::-1]
        return [items[i] for i in permutation(len(items), "shuffle", self.seed)]


# ---------------------------------------------------------------------------------------------
# Engines: the same small surface over tether.solver and kiwisolver.


class TetherEngine:
    """tether.solver in bulk: variables made per group in one call, constraints collected as
    flat lists and made in one call, added in one call; values read in one call."""

    name = "tether-python"

    def __init__(self):
        from tether.solver import Solver

        self._solver_type = Solver
        self.s = None

    def new_solver(self):
        self.s = self._solver_type()
        self._variable_blocks = []
        self._pending = ([], [], [], [], [], [])  # term counts, ids, coefficients, constants, ...
        self._made = None  # the Constraints block of the last flush
        self._made_from = 0  # the handle of its first constraint
        self._next = 0

    def variables(self, count, names=None):
        """Handles of `count` new variables (their ids, ints)."""
        block = self.s.variables(count, names)
        self._variable_blocks.append(block)
        return block.ids

    def _variable(self, handle):
        for block in self._variable_blocks:
            try:
                return block[block.ids.index(handle)]
            except ValueError:
                continue
        raise KeyError(handle)

    def make(self, variables, coefficients, constant=0.0, relation=EQ, priority=REQUIRED):
        counts, ids, coefs, constants, relations, priorities = self._pending
        counts.append(len(variables))
        ids.extend(variables)
        coefs.extend(coefficients)
        constants.append(constant)
        relations.append(relation)
        priorities.append(priority)
        handle = self._next
        self._next += 1
        return handle

    def _flush(self):
        """Makes every pending constraint in one call."""
        counts, ids, coefs, constants, relations, priorities = self._pending
        if counts:
            self._made_from = self._next - len(counts)
            self._made = self.s.constraints(counts, ids, coefs, constants, relations, priorities)
            self._pending = ([], [], [], [], [], [])

    def _constraint(self, handle):
        self._flush()
        return self._made[handle - self._made_from]

    def add_all(self, constraints, order):
        """Adds the constraints made since the last flush, all of them, in one call, in `order`."""
        self._flush()
        assert len(constraints) == len(self._made), "add_all takes every constraint made"
        made = self._made
        if order.name == "shuffle":
            # A block of the same ids in the shuffled order (one array, no per-constraint wrapper
            # objects: the same path as natural and reverse, whose slices are blocks too).
            from array import array

            ids = made.ids
            made = type(made)(self.s, array(ids.typecode, order.apply(ids)))
        else:
            made = order.apply(made)
        self.s.add_all(made)

    def add(self, c):
        self.s.add(self._constraint(c))

    def remove(self, c):
        self.s.remove(self._constraint(c))

    def edit(self, v):
        self.s.add_edit_variable(self._variable(v), EDIT)

    def suggest(self, v, value):
        self.s.suggest(self._variable(v), value)

    def update(self):
        self.s.update()

    def values(self, variables):
        return self.s.values(variables, as_array=True)

    def stats(self):
        st = self.s.stats  # a property (a method in early versions)
        st = st() if callable(st) else st
        return {"rows": st.rows, "cells": st.cells, "pivots": st.pivots}


class KiwiEngine:
    """kiwisolver: each constraint made from the same data, one addConstraint each (it has no
    batch call)."""

    name = "kiwisolver"

    def __init__(self, module="kiwisolver"):
        import importlib

        self.k = importlib.import_module(module)
        self.name = "tether-kiwi" if module == "tether.kiwi" else "kiwisolver"
        self.s = None
        self._strengths = {}
        self._ops = {LE: "<=", EQ: "==", GE: ">="}

    def new_solver(self):
        self.s = self.k.Solver()

    def variables(self, count, names=None):
        Variable = self.k.Variable
        if names is None:
            return [Variable() for _ in range(count)]
        return [Variable(name or "") for name in names]

    def make(self, variables, coefficients, constant=0.0, relation=EQ, priority=REQUIRED):
        Term = self.k.Term
        expression = self.k.Expression(
            [Term(v, c) for v, c in zip(variables, coefficients)], constant
        )
        if priority >= REQUIRED:
            return self.k.Constraint(expression, self._ops[relation])
        strength = self._strengths.get(priority)
        if strength is None:
            strength = self._strengths[priority] = self.k.strength.create(0, priority, 0)
        return self.k.Constraint(expression, self._ops[relation], strength)

    def add_all(self, constraints, order):
        add = self.s.addConstraint
        for c in order.apply(constraints):
            add(c)

    def add(self, c):
        self.s.addConstraint(c)

    def remove(self, c):
        self.s.removeConstraint(c)

    def edit(self, v):
        self.s.addEditVariable(v, "strong")

    def suggest(self, v, value):
        self.s.suggestValue(v, value)

    def update(self):
        self.s.updateVariables()

    def values(self, variables):
        return [v.value() for v in variables]

    def stats(self):
        return {}


def add_in_order(e, constraints, order):
    e.add_all(constraints, order)


def add_with_edits(e, constraints, order, edits_first, add_edits):
    """Adds `constraints` in `order` with `add_edits()` (the root's edit variables and their
    suggestions) before or after them, then updates the values."""
    if edits_first:
        add_edits()
    add_in_order(e, constraints, order)
    if not edits_first:
        add_edits()
    e.update()


def measure_readout(e, variables, out):
    """Times reading the values of `variables` (every view variable) in one call: the median of
    5 reads (the first one pays for cold caches and fresh pages)."""
    samples = []
    for _ in range(5):
        t0 = now()
        values = e.values(variables)
        t1 = now()
        assert len(values) == len(variables)
        samples.append((t1 - t0) * 1e6)
    out["readout_us"] = median(samples)
    out["readout_values"] = len(variables)


def record_build(e, t0, count, constraints, views, out):
    """Stops the build's clock started at t0 (after the solve) and records it with the number of
    views and constraints, the solver's statistics and, for `views`, the readout time."""
    t1 = now()
    out.update(build_solve_ms=(t1 - t0) * 1e3, views=count, constraints=constraints)
    out.update(e.stats())
    if views is not None:
        measure_readout(e, views, out)


def measure_resizes(e, edit_var, count, value, check, out):
    """A first resize, then `count` more; each suggests value(k) and updates (only that is
    timed); check(k) verifies the layout after resize k (untimed)."""
    def resize(target):
        e.suggest(edit_var, target)
        e.update()

    time_resizes(count, value, resize, check, out)


# ---------------------------------------------------------------------------------------------
# Workloads (definitions: docs/benchmarks.md, and the doc comments in Workloads.swift).


def run_siblings(e, n, order, out):
    t0 = now()
    e.new_solver()
    root_x, root_y = e.variables(2, ["root.x", "root.y"])
    views = e.variables(4 * n)  # x, y, w, h per view
    xs, ys, ws, hs = views[0::4], views[1::4], views[2::4], views[3::4]
    make = e.make
    cs = [make((root_x,), ONE), make((root_y,), ONE)]  # root.x == 0, root.y == 0
    for i in range(n):
        cs.append(make((xs[i], root_x), DIFF, -i))  # x == root.x + i
        cs.append(make((ys[i], root_y), DIFF, -i))  # y == root.y + i
        cs.append(make((ws[i],), ONE, -10.0))  # w == 10
        cs.append(make((hs[i],), ONE, -10.0))  # h == 10
    add_in_order(e, cs, order)
    e.update()
    record_build(e, t0, n, len(cs), views, out)
    for i, (x, y, w, h) in enumerate(zip(e.values(xs), e.values(ys), e.values(ws), e.values(hs))):
        expect(x, i, f"x[{i}]")
        expect(y, i, f"y[{i}]")
        expect(w, 10, f"w[{i}]")
        expect(h, 10, f"h[{i}]")


def chain_root_width(n, view_width):
    return 40 + 8 * (n - 1) + view_width * n


def chain_view_width(k):
    return 11 + k % 7


class Chain:
    def __init__(self, e, n):
        if n < 2:
            raise SystemExit("a chain needs at least 2 views")
        self.e, self.n = e, n
        root_left, root_width = e.variables(2, ["root.left", "root.width"])
        self.root_left, self.root_width = root_left, root_width
        views = e.variables(2 * n)  # left, width per view
        self.lefts, self.widths = lefts, widths = views[0::2], views[1::2]
        make = e.make
        # root.left == 0; left[0] == root.left + 20
        cs = [make((root_left,), ONE), make((lefts[0], root_left), DIFF, -20.0)]
        self.middle_link = None
        for i in range(1, n):
            # left[i] == left[i-1] + width[i-1] + 8
            link = make((lefts[i], lefts[i - 1], widths[i - 1]), (1.0, -1.0, -1.0), -8.0)
            if i == n // 2:
                self.middle_link = link
            cs.append(link)
            cs.append(make((widths[i], widths[i - 1]), DIFF))  # width[i] == width[i-1]
        # left[n-1] + width[n-1] == root.left + root.width - 20
        cs.append(make((lefts[n - 1], widths[n - 1], root_left, root_width),
                       (1.0, 1.0, -1.0, -1.0), 20.0))
        self.constraints = cs
        self.views = views

    def verify(self, view_width):
        e = self.e
        for i, (left, width) in enumerate(zip(e.values(self.lefts), e.values(self.widths))):
            expect(left, 20 + i * (view_width + 8), f"left[{i}]")
            expect(width, view_width, f"width[{i}]")
        expect(e.values([self.root_left])[0], 0, "root.left")

    def spot_check(self, view_width):
        n = self.n
        first, last_left, last_width = self.e.values(
            [self.lefts[0], self.lefts[n - 1], self.widths[n - 1]]
        )
        expect(first, 20, "left[0]")
        expect(last_width, view_width, f"width[{n - 1}]")
        expect(last_left, 20 + (n - 1) * (view_width + 8), f"left[{n - 1}]")


def build_chain(e, n, order, out):
    t0 = now()
    e.new_solver()
    chain = Chain(e, n)
    add_in_order(e, chain.constraints, order)
    e.edit(chain.root_width)
    e.suggest(chain.root_width, chain_root_width(n, 10))
    e.update()
    record_build(e, t0, n, len(chain.constraints), chain.views, out)
    chain.verify(10)
    return chain


def run_chain(e, n, order, out):
    chain = build_chain(e, n, order, out)
    measure_resizes(
        e, chain.root_width, 100,
        lambda k: chain_root_width(n, chain_view_width(k)),
        lambda k: chain.spot_check(chain_view_width(k)),
        out,
    )
    chain.verify(chain_view_width(101))


def run_churn(e, n, order, out, budget):
    chain = build_chain(e, n, order, out)
    link = chain.middle_link
    removes, adds = [], []
    start = now()
    for _ in range(1000):
        t0 = now()
        e.remove(link)
        t1 = now()
        e.add(link)
        t2 = now()
        removes.append((t1 - t0) * 1e6)
        adds.append((t2 - t1) * 1e6)
        if t2 - start > budget:
            break
    out.update(
        op_us_median=median(removes + adds),
        remove_us_median=median(removes),
        add_us_median=median(adds),
        churn_cycles=len(removes),
    )
    e.update()
    chain.verify(10)


def run_stack(e, n, order, out):
    t0 = now()
    e.new_solver()
    root_top, root_height = e.variables(2, ["root.top", "root.height"])
    views = e.variables(2 * n)  # top, height per view
    tops, heights = views[0::2], views[1::2]
    make = e.make
    cs = [make((root_top,), ONE)]  # root.top == 0
    for i in range(n):
        cs.append(make((heights[i],), ONE, -44.0))  # height == 44
        if i == 0:
            cs.append(make((tops[0], root_top), DIFF))  # top[0] == root.top
        else:
            # top[i] == top[i-1] + height[i-1]
            cs.append(make((tops[i], tops[i - 1], heights[i - 1]), (1.0, -1.0, -1.0)))
    # root.top + root.height == top[n-1] + height[n-1]
    cs.append(make((root_top, root_height, tops[n - 1], heights[n - 1]), (1.0, 1.0, -1.0, -1.0)))
    add_in_order(e, cs, order)
    e.update()
    record_build(e, t0, n, len(cs), views, out)
    for i, (top, height) in enumerate(zip(e.values(tops), e.values(heights))):
        expect(top, 44 * i, f"top[{i}]")
        expect(height, 44, f"height[{i}]")
    expect(e.values([root_height])[0], 44 * n, "root.height")


def feed_intrinsic(i):
    return 44 + (i * 37) % 100


def feed_root_width(k):
    return 320 + 20 * (k % 9)


def new_root(e, count):
    """A new solver with the root's left, top, width and height and ``count`` more variables
    (four per view): ``(root variables, the others, the others' four columns (every fourth from
    0, 1, 2 and 3), [root.left == 0, root.top == 0])``."""
    e.new_solver()
    root = e.variables(4, ["root.left", "root.top", "root.width", "root.height"])
    views = e.variables(count)
    columns = (views[0::4], views[1::4], views[2::4], views[3::4])
    return root, views, columns, [e.make((root[0],), ONE), e.make((root[1],), ONE)]


def run_grid(e, n, order, out):
    t0 = now()
    # left, width, top, height per cell
    root, cells, (lefts, widths, tops, heights), cs = new_root(e, 4 * n)
    root_left, root_top, root_width, root_height = root
    make = e.make
    for i in range(n):
        left, width, top, height = lefts[i], widths[i], tops[i], heights[i]
        if i == 0:
            cs.append(make((top, root_top), DIFF, -4.0))  # top[0] == root.top + 4
        else:
            # top[i] == top[i-1] + height[i-1] + 4
            cs.append(make((top, tops[i - 1], heights[i - 1]), (1.0, -1.0, -1.0), -4.0))
        cs.append(make((left, root_left), DIFF, -16.0))  # left == root.left + 16
        # left + width == root.left + root.width - 16
        cs.append(make((left, width, root_left, root_width), (1.0, 1.0, -1.0, -1.0), 16.0))
        intrinsic = feed_intrinsic(i)
        cs.append(make((height,), ONE, -44.0, GE))  # height >= 44
        cs.append(make((height,), ONE, -intrinsic, LE, 250))  # height <= intrinsic @250
        cs.append(make((height,), ONE, -intrinsic, GE, 750))  # height >= intrinsic @750
    # root.top + root.height >= top[n-1] + height[n-1] + 4
    cs.append(make((root_top, root_height, tops[n - 1], heights[n - 1]), (1.0, 1.0, -1.0, -1.0),
                   -4.0, GE))
    cs.append(make((root_height,), ONE, 0.0, EQ, 50))  # root.height == 0 @50
    add_in_order(e, cs, order)
    e.edit(root_width)
    e.suggest(root_width, 375)
    e.update()
    record_build(e, t0, n, len(cs), cells, out)

    def verify(root_w):
        y = 4
        vals = zip(e.values(tops), e.values(heights), e.values(lefts), e.values(widths))
        for i, (top, height, left, width) in enumerate(vals):
            expect(top, y, f"top[{i}]")
            expect(height, feed_intrinsic(i), f"height[{i}]")
            expect(left, 16, f"left[{i}]")
            expect(width, root_w - 32, f"width[{i}]")
            y += feed_intrinsic(i) + 4
        expect(e.values([root_height])[0], y, "root.height")

    def check(k):
        first, last = e.values([widths[0], widths[n - 1]])
        expect(first, feed_root_width(k) - 32, "width[0]")
        expect(last, feed_root_width(k) - 32, f"width[{n - 1}]")

    verify(375)
    measure_resizes(e, root_width, 100, feed_root_width, check, out)
    verify(feed_root_width(101))


def grid_side(n):
    return max(1, round(n ** 0.5))


def grid2d_root_width(s, view_width):
    return s * view_width + 8 * (s + 1)


def grid2d_view_width(k):
    return 100 + 8 * (k % 7 - 3)


def run_grid2d(e, n, order, out, edits_first=False):
    """The root's edit variables are added and suggested after the constraints, or before them
    with edits_first (--order edits-first or --edits first)."""
    s = grid_side(n)
    count = s * s
    t0 = now()
    # left, top, w, h per view
    root, views, (lefts, tops, widths, heights), cs = new_root(e, 4 * count)
    root_left, root_top, root_width, root_height = root
    make = e.make
    for r in range(s):
        for c in range(s):
            i = r * s + c
            left, top, w, h = lefts[i], tops[i], widths[i], heights[i]
            cs.append(make((w,), ONE, -20.0, GE))  # w >= 20
            cs.append(make((h,), ONE, -20.0, GE))  # h >= 20
            cs.append(make((w,), ONE, -100.0, EQ, 250))  # w == 100 @250
            cs.append(make((h,), ONE, -44.0, EQ, 250))  # h == 44 @250
            if c == 0:
                cs.append(make((left, root_left), DIFF, -8.0))  # left == root.left + 8
            else:
                k = i - 1  # left == left[k] + width[k] + 8
                cs.append(make((left, lefts[k], widths[k]), (1.0, -1.0, -1.0), -8.0))
            if r == 0:
                cs.append(make((top, root_top), DIFF, -8.0))  # top == root.top + 8
            else:
                k = i - s  # top == top[k] + height[k] + 8
                cs.append(make((top, tops[k], heights[k]), (1.0, -1.0, -1.0), -8.0))
            if c > 0:
                cs.append(make((w, widths[r * s]), DIFF, 0.0, EQ, 500))  # w == w[row start] @500
            if r > 0:
                cs.append(make((h, heights[c]), DIFF, 0.0, EQ, 500))  # h == h[column top] @500
            if c == s - 1:
                # left + w == root.left + root.width - 8 @750
                cs.append(make((left, w, root_left, root_width), (1.0, 1.0, -1.0, -1.0), 8.0,
                               EQ, 750))
            if r == s - 1:
                # top + h == root.top + root.height - 8 @750
                cs.append(make((top, h, root_top, root_height), (1.0, 1.0, -1.0, -1.0), 8.0,
                               EQ, 750))

    def add_edits():
        e.edit(root_width)
        e.edit(root_height)
        e.suggest(root_width, grid2d_root_width(s, 100))
        e.suggest(root_height, grid2d_root_width(s, 44))

    add_with_edits(e, cs, order, edits_first, add_edits)
    record_build(e, t0, count, len(cs), views, out)

    def verify(view_width):
        vals = zip(e.values(widths), e.values(heights), e.values(lefts), e.values(tops))
        for k, (w, h, left, top) in enumerate(vals):
            r, c = divmod(k, s)
            expect(w, view_width, f"w[{r},{c}]")
            expect(h, 44, f"h[{r},{c}]")
            expect(left, 8 + c * (view_width + 8), f"left[{r},{c}]")
            expect(top, 8 + r * 52, f"top[{r},{c}]")

    # kiwisolver's strengths are weights, not strict levels: its `strong` edit (1e6) loses to the
    # s rows' worth of `w == 100` at create(0, 250, 0) (s x 250e3 per point) once s > 4 (s == 4
    # is a tie: either layout is optimal), so there the optimum keeps every view 100 wide and
    # leaves the edit unsatisfied. Verify that instead and say so: such a resize is not the same
    # computation as Tether's.
    kiwi = e.name == "kiwisolver"
    edit_loses = kiwi and s > 4

    def expected_width(k, actual=None):
        if edit_loses or (kiwi and s == 4 and actual == 100):
            return 100
        return grid2d_view_width(k)

    def check(k):
        first, last = e.values([widths[0], widths[count - 1]])
        expect(first, expected_width(k, first), "w[0,0]")
        expect(last, expected_width(k, first), "w[last]")

    verify(100)
    measure_resizes(
        e, root_width, 100, lambda k: grid2d_root_width(s, grid2d_view_width(k)), check, out
    )
    verify(expected_width(101, e.values([widths[0]])[0]))
    if edit_loses:
        out["resize_note"] = "edit loses to weighted @250 widths; layout unchanged"


# ---------------------------------------------------------------------------------------------
# aspect-grid: a solver shape of the zoo (issue 18; runAspectGrid in ZooWorkloads.swift)

ASPECT_COLUMNS = 4
# Resizes per zoo run (tether-bench's zooResizes): the zoo compares builds, not resizes.
ZOO_RESIZES = 10


def aspect_ratio(r):
    """The width / height ratio of the cells of row r."""
    return (1.0, 4.0 / 3.0, 1.5, 16.0 / 9.0, 0.75)[r % 5]


def aspect_root_width(k):
    """Root width after resize k (k >= 1); the build uses 375."""
    return 320 + 24 * (k % 7)


def run_aspect_grid(e, n, order, out, edits_first=False):
    """N views (whole rows of 4) in 4 columns of equal width that fill the root: left ==
    root.left + 8 (first column) or the left neighbour's right + 8; the last column's right ==
    root.right - 8; width == the row's first width; width == ratio(r) * height; top == root.top +
    8 (first row) or the cell above's bottom + 8; root.left == root.top == 0; root.bottom >= every
    last-row bottom + 8; root.height == 0 @50; root.width an edit variable @999 (375), added after
    the constraints or, with edits_first, before them."""
    columns = ASPECT_COLUMNS
    rows = max(1, n // columns)
    count = rows * columns
    t0 = now()
    # left, top, w, h per view (the Swift bench's creation order)
    root, views, (lefts, tops, widths, heights), cs = new_root(e, 4 * count)
    make = e.make
    root_left, root_top, root_width, root_height = root
    for r in range(rows):
        ratio = aspect_ratio(r)
        for c in range(columns):
            k = r * columns + c
            left, top, w, h = lefts[k], tops[k], widths[k], heights[k]
            if c == 0:
                cs.append(make((left, root_left), DIFF, -8.0))  # left == root.left + 8
            else:
                # left == left[k-1] + w[k-1] + 8; w == w[row start]
                cs.append(make((left, lefts[k - 1], widths[k - 1]), (1.0, -1.0, -1.0), -8.0))
                cs.append(make((w, widths[r * columns]), DIFF))
            if c == columns - 1:
                # left + w == root.left + root.width - 8
                cs.append(make((left, w, root_left, root_width), (1.0, 1.0, -1.0, -1.0), 8.0))
            cs.append(make((w, h), (1.0, -ratio)))  # w == h * ratio
            if r == 0:
                cs.append(make((top, root_top), DIFF, -8.0))  # top == root.top + 8
            else:
                a = k - columns  # top == top[a] + h[a] + 8
                cs.append(make((top, tops[a], heights[a]), (1.0, -1.0, -1.0), -8.0))
            if r == rows - 1:
                # root.top + root.height >= top + h + 8
                cs.append(make((root_top, root_height, top, h), (1.0, 1.0, -1.0, -1.0), -8.0, GE))
    cs.append(make((root_height,), ONE, 0.0, EQ, 50))  # root.height == 0 @50

    def add_edit():
        e.edit(root_width)
        e.suggest(root_width, 375)

    add_with_edits(e, cs, order, edits_first, add_edit)
    record_build(e, t0, count, len(cs), None, out)
    if "cells" in out:
        out["cells_per_constraint"] = out["cells"] / len(cs)
    measure_readout(e, views, out)

    def verify(root_w, every):
        w = (root_w - 8 * (columns + 1)) / columns
        vals = list(zip(e.values(lefts), e.values(tops), e.values(widths), e.values(heights)))
        y = 8.0
        for r in range(rows):
            h = w / aspect_ratio(r)
            if every or r in (0, rows - 1):
                for c in range(columns):
                    left, top, width, height = vals[r * columns + c]
                    expect(left, 8 + c * (w + 8), f"left[{r},{c}]")
                    expect(width, w, f"w[{r},{c}]")
                    expect(height, h, f"h[{r},{c}]")
                    expect(top, y, f"top[{r},{c}]")
            y += h + 8
        expect(e.values([root_height])[0], y, "root.height")

    verify(375, True)
    measure_resizes(e, root_width, ZOO_RESIZES, aspect_root_width,
                    lambda k: verify(aspect_root_width(k), False), out)
    verify(aspect_root_width(ZOO_RESIZES + 1), True)


# ---------------------------------------------------------------------------------------------


def main(argv=None):
    p = workload_parser(
        __doc__, ENGINES, WORKLOADS, ("natural", "reverse", "edits-first"),
        "edits-first: " + " and ".join(EDIT_WORKLOADS) + " only, = --edits first", "insertion")
    p.add_argument("--edits", choices=("first", "last"), default=None,
                   help="the root's edit variables before or after the constraints ("
                        + ", ".join(EDIT_WORKLOADS) + "; default last)")
    p.add_argument("--churn-budget", type=float, default=20.0, metavar="SECONDS",
                   help="churn stops early once its loop has taken this long (default 20)")
    a = parse_workload_arguments(p, argv)
    if a.shuffle is not None and a.shuffle < 0:
        p.error("a shuffle seed is a non-negative integer")
    edits_first = a.edits == "first" or a.order == "edits-first"
    if (a.edits is not None or a.order == "edits-first") and a.workload not in EDIT_WORKLOADS:
        p.error(f"--edits and --order edits-first apply to {' and '.join(EDIT_WORKLOADS)} only "
                f"(they place the root's edit variables); {a.workload} has no such order")

    if a.engine == "tether-python":
        engine = TetherEngine()
    else:
        engine = KiwiEngine("tether.kiwi" if a.engine == "tether-kiwi" else "kiwisolver")
    if a.shuffle is not None:
        order = Order("shuffle", a.shuffle)
    else:
        order = Order("reverse" if a.order == "reverse" else "natural")
    # The order's name as before: edits-first stays an order of grid2d's (--order edits-first).
    name = "edits-first" if a.order == "edits-first" and a.workload == "grid2d" else order.name
    out = {"engine": a.engine, "workload": a.workload, "n": a.n, "order": name}
    if a.shuffle is not None:
        out["seed"] = a.shuffle
    if a.workload == "aspect-grid" or a.edits is not None:
        out["edits"] = "first" if edits_first else "last"

    def run():
        if a.workload == "churn":
            run_churn(engine, a.n, order, out, a.churn_budget)
        elif a.workload == "grid2d":
            run_grid2d(engine, a.n, order, out, edits_first=edits_first)
        elif a.workload == "aspect-grid":
            run_aspect_grid(engine, a.n, order, out, edits_first=edits_first)
        else:
            {
                "siblings": run_siblings,
                "chain": run_chain,
                "stack": run_stack,
                "grid": run_grid,
            }[a.workload](engine, a.n, order, out)

    def pivots(out):
        if engine.name == "tether-python":
            out["pivots_total"] = engine.stats()["pivots"]

    return run_and_report(f"python_workloads: {a.engine} {a.workload} N={a.n}", run, out, pivots)


if __name__ == "__main__":
    sys.exit(main())
