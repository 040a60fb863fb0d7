"""Edit variables added after the constraints they drive build what they build added first.

The benchmarks' grid2d (views in rows and columns, equal sizes per row and column @500, the far
edges @750, the root's size as two edit variables) with the edit variables added after the
constraints: that order used to cost one degenerate pivot per grid row for each far edge, then
a walk of the whole layout to a size of 0 and back (docs/solver-design.md, "An optional
equality that already holds enters without a pivot"). The counts of pivots guard that cost
without a clock.
"""

import pytest

import tether.kiwi as kiwi
from tether import Solver

SIDE = 8


def _grid(solver, side):
    """The grid's constraints as (LinearConstraint, priority), and its variables."""
    root_left, root_top = solver.variable("left"), solver.variable("top")
    width, height = solver.variable("width"), solver.variable("height")
    items = [(root_left == 0, 1000), (root_top == 0, 1000)]
    lefts, tops, widths, heights = [], [], [], []
    for r in range(side):
        for c in range(side):
            left, top, w, h = (solver.variable() for _ in range(4))
            items += [(w >= 20, 1000), (h >= 20, 1000), (w == 100, 250), (h == 44, 250)]
            if c == 0:
                items.append((left == root_left + 8, 1000))
            else:
                k = r * side + c - 1
                items.append((left == lefts[k] + widths[k] + 8, 1000))
            if r == 0:
                items.append((top == root_top + 8, 1000))
            else:
                k = (r - 1) * side + c
                items.append((top == tops[k] + heights[k] + 8, 1000))
            if c > 0:
                items.append((w == widths[r * side], 500))
            if r > 0:
                items.append((h == heights[c], 500))
            if c == side - 1:
                items.append((left + w == root_left + width - 8, 750))
            if r == side - 1:
                items.append((top + h == root_top + height - 8, 750))
            lefts.append(left), tops.append(top), widths.append(w), heights.append(h)
    return items, width, height, widths + heights


def _build(edits_first):
    solver = Solver()
    items, width, height, sizes = _grid(solver, SIDE)

    def edits():
        solver.add_edit_variable(width, 999)
        solver.add_edit_variable(height, 999)
        solver.suggest(width, SIDE * 108 + 8)
        solver.suggest(height, SIDE * 52 + 8)

    if edits_first:
        edits()
    solver.add_all([solver.constraint(lc, priority) for lc, priority in items])
    if not edits_first:
        edits()
    solver.update()
    return solver, [v.value for v in sizes]


def test_edit_variables_after_a_batch_give_the_same_layout_for_the_same_pivots():
    first, first_sizes = _build(edits_first=True)
    last, last_sizes = _build(edits_first=False)
    assert last_sizes == pytest.approx(first_sizes, abs=1e-9)
    assert last_sizes[: SIDE * SIDE] == pytest.approx([100.0] * SIDE * SIDE)
    assert last_sizes[SIDE * SIDE:] == pytest.approx([44.0] * SIDE * SIDE)
    assert last.stats.pivots == first.stats.pivots == 0
    assert last.stats.cells == first.stats.cells


def test_an_edit_variable_without_a_suggestion_still_holds_its_variable_at_zero():
    solver = Solver()
    x, y = solver.variable("x"), solver.variable("y")
    solver.add(x == 40, 500)
    solver.add(y == x + 10)
    solver.add_edit_variable(x, 999)
    solver.update()
    assert (x.value, y.value) == (0.0, 10.0)
    solver.suggest(x, 7)
    solver.update()
    assert (x.value, y.value) == (7.0, 17.0)


def test_kiwi_edit_variables_after_the_constraints():
    solver = kiwi.Solver()
    width = kiwi.Variable("width")
    lefts = [kiwi.Variable(f"left{i}") for i in range(4)]
    ws = [kiwi.Variable(f"w{i}") for i in range(4)]
    solver.addConstraint(lefts[0] == 8)
    for i in range(4):
        solver.addConstraint(ws[i] >= 20)
        if i > 0:
            solver.addConstraint(lefts[i] == lefts[i - 1] + ws[i - 1] + 8)
            solver.addConstraint((ws[i] == ws[0]) | "medium")
    solver.addConstraint((lefts[3] + ws[3] == width - 8) | "strong")
    solver.addEditVariable(width, "strong")
    solver.updateVariables()
    assert width.value() == pytest.approx(0.0)  # kiwisolver: the edit holds width at 0 @strong
    solver.suggestValue(width, 440)  # 8 + 4 × 100 + 3 × 8 + 8
    solver.updateVariables()
    assert [w.value() for w in ws] == pytest.approx([100.0] * 4)
