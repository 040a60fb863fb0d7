"""tether.kiwi sends constraints that cannot fail in batches (issue 21): an optional constraint,
or a required one with a variable new to the solver, waits; a required one over known variables
goes at once, with the waiting batch. These tests check that nothing of that shows: errors are
raised by the call that kiwisolver raises them from, with the same conflicts, and the solution is
the one adding the constraints one by one gives."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tether import solver as raw
from tether.kiwi import (
    Constraint,
    DuplicateConstraint,
    Solver,
    UnknownConstraint,
    UnsatisfiableConstraint,
    Variable,
)


def test_an_unsatisfiable_constraint_raises_from_add_constraint_with_waiting_ones() -> None:
    x, y = Variable("x"), Variable("y")
    solver = Solver()
    first = x == 1  # x is new: waits
    solver.addConstraint(first)
    solver.addConstraint(y >= x + 2)  # y is new: waits
    clash = x == 2  # over known variables: sent with the batch, refused, then raised
    with pytest.raises(UnsatisfiableConstraint) as caught:
        solver.addConstraint(clash)
    assert caught.value.constraint is clash
    assert caught.value.conflicts == [first]
    assert not solver.hasConstraint(clash)
    assert solver.hasConstraint(first)
    solver.updateVariables()
    assert (x.value(), y.value()) == (1, 3)
    # The solver goes on: the refused constraint can be fixed and added later.
    solver.removeConstraint(first)
    solver.addConstraint(clash)
    solver.updateVariables()
    assert x.value() == 2


def test_waiting_constraints_are_added_for_every_other_call() -> None:
    x = Variable("x")
    solver = Solver()
    waiting = x >= 10
    solver.addConstraint(waiting)
    assert solver.hasConstraint(waiting)
    with pytest.raises(DuplicateConstraint):
        solver.addConstraint(waiting)
    solver.removeConstraint(waiting)  # removed before it ever reached the library
    assert not solver.hasConstraint(waiting)
    with pytest.raises(UnknownConstraint):
        solver.removeConstraint(waiting)
    solver.addConstraint(waiting)
    solver.addEditVariable(x, "strong")
    solver.suggestValue(x, 3)
    solver.updateVariables()
    assert x.value() == 10
    assert "x" in solver.dumps()


@pytest.mark.parametrize("coefficient", [math.nan, math.inf, 1e-200, 1e200])
def test_a_refused_number_raises_from_add_constraint_and_leaves_nothing_waiting(coefficient) -> None:
    x, y = Variable("x"), Variable("y")
    solver = Solver()
    solver.addConstraint(x == 5)
    bad = coefficient * y + x + 1 == 0  # y is new: it would have waited
    with pytest.raises(ValueError):
        solver.addConstraint(bad)
    assert not solver.hasConstraint(bad)
    with pytest.raises(ValueError):
        solver.addConstraint(x == math.nan)
    solver.addConstraint(y == x + 1)
    solver.updateVariables()
    assert (x.value(), y.value()) == (5, 6)


# -- random programs against the raw solver, one constraint at a time ---------------------------

operations = st.lists(
    st.tuples(
        st.sampled_from(["add", "add", "add", "remove", "update"]),
        st.lists(st.tuples(st.integers(0, 4), st.sampled_from([-2.0, -1.0, 1.0, 3.0])), min_size=1, max_size=3),
        st.integers(-20, 20),
        st.sampled_from(["==", "<=", ">="]),
        st.sampled_from(["required", "required", "strong", "weak"]),
    ),
    max_size=25,
)

_RAW_PRIORITY = {"required": raw.REQUIRED, "strong": 1000000.0 / 1048576.0, "weak": 1.0 / 1048576.0}


@settings(max_examples=150, deadline=None)
@given(operations)
def test_random_programs_raise_where_one_at_a_time_raises(program) -> None:
    kiwi = Solver()
    variables = [Variable(f"v{i}") for i in range(5)]
    reference = raw.Solver()
    mirrors = reference.variables(5)
    added = []  # (kiwi constraint, raw constraint)
    for op, terms, constant, relation, strength in program:
        if op == "remove" and added:
            k, r = added.pop(0)
            kiwi.removeConstraint(k)
            reference.remove(r)
            continue
        if op == "update":
            kiwi.updateVariables()
            continue
        expression = sum((c * variables[i] for i, c in terms), 0.0) + constant
        made = Constraint(expression, relation, strength)
        mirrored = sum((c * mirrors[i] for i, c in terms), 0.0) + constant
        description = {"==": mirrored == 0, "<=": mirrored <= 0, ">=": mirrored >= 0}[relation]
        try:
            r = reference.add(description, priority=_RAW_PRIORITY[strength])
            refused = False
        except raw.UnsatisfiableConstraintError:
            refused = True
        if refused:
            with pytest.raises(UnsatisfiableConstraint):
                kiwi.addConstraint(made)
        else:
            kiwi.addConstraint(made)
            added.append((made, r))
    kiwi.updateVariables()
    for k, _ in added:
        if k.strength() >= 1001001000.0:
            assert not k.violated() or abs(k.expression().value()) < 1e-7, k
    reference.close()


def _feed(cells: int, seed: int) -> tuple[Solver, list[list[Variable]], int]:
    """The benchmarks' feed (cells stacked below each other, content heights, a root that hugs
    them), its constraints added one by one in a seeded shuffle, the root's width edited."""
    import random

    solver = Solver()
    left, top, width, height = (Variable(name) for name in ("left", "top", "width", "height"))
    views = [[Variable() for _ in range(4)] for _ in range(cells)]
    constraints = [left == 0, top == 0]
    for i, (l, t, w, h) in enumerate(views):
        above = views[i - 1]
        constraints.append(t == top + 4 if i == 0 else t == above[1] + above[3] + 4)
        intrinsic = 44 + (i * 37) % 100
        constraints += [l == left + 16, l + w == left + width - 16, h >= 44,
                        (h <= intrinsic) | "medium", (h >= intrinsic) | "strong"]
    constraints += [top + height >= views[-1][1] + views[-1][3] + 4, (height == 0) | "weak"]
    random.Random(seed).shuffle(constraints)
    for constraint in constraints:
        solver.addConstraint(constraint)
    solver.addEditVariable(width, "strong")
    solver.suggestValue(width, 375)
    solver.updateVariables()
    return solver, views, len(constraints)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_shuffled_feed_sent_in_small_batches_keeps_a_sparse_tableau(seed: int) -> None:
    # Each required constraint over known variables sends the waiting ones: hundreds of small
    # batches. With variables numbered in first-seen order, the plan defined the links up or
    # down at random and the joins wrote whole runs into the rows (about 32 cells per
    # constraint at 300 cells, and 25 s at 1,000); the first seen is now the newest.
    solver, views, count = _feed(300, seed)
    y = 4.0
    for i, (l, t, w, h) in enumerate(views):
        intrinsic = 44 + (i * 37) % 100
        assert (l.value(), w.value(), t.value(), h.value()) == (16, 343, y, intrinsic)
        y += intrinsic + 4
    assert solver._raw.stats.cells <= 10 * count
