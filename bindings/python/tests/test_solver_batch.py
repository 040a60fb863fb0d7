"""Building in bulk: Solver.variables, Solver.constraints, add_all of a block, values by id.

Each of these is one library call (tether_solver_variables_new, tether_solver_constraints_new_batch,
tether_solver_constraint_add_batch, tether_solver_variable_values), all or nothing.
"""

from __future__ import annotations

import math
from array import array

import pytest

import tether
from tether import (
    REQUIRED,
    DuplicateError,
    InvalidArgumentError,
    InvalidIdError,
    InvalidUTF8Error,
    Relation,
    Solver,
    SolverConstraints,
    UnsatisfiableConstraintError,
    Variable,
    Variables,
)
from tether import _ffi
from tether.solver import Constraint


@pytest.fixture
def solver():
    with Solver() as s:
        yield s


# -- variables -----------------------------------------------------------------------------------


def test_variables_makes_a_block_of_distinct_variables(solver: Solver) -> None:
    block = solver.variables(4)
    assert isinstance(block, Variables) and len(block) == 4
    assert block.solver is solver
    assert isinstance(block.ids, array) and block.ids.typecode == "Q"
    assert len(set(block.ids)) == 4 and 0 not in block.ids
    first = block[0]
    assert isinstance(first, Variable) and first.id == block.ids[0] and first.name == ""
    assert block[0] is first, "the same id gives the same object"
    assert block[-1].id == block.ids[3]
    middle = block[1:3]
    assert isinstance(middle, Variables) and middle.ids == block.ids[1:3]
    assert middle[0] is block[1]
    assert [v.id for v in block] == list(block.ids)
    assert first in block and solver.variable() not in block
    assert solver.stats.variables == 4 + 1
    assert block.values() == [0.0] * 4


def test_variables_with_names(solver: Solver) -> None:
    block = solver.variables(3, names=["left", None, "été".encode()])
    assert [v.name for v in block] == ["left", "", "été"]
    assert [v.name for v in block[::2]] == ["left", "été"]
    # Names come from the library too (a variable made elsewhere, looked up by id).
    assert solver._variable_name(block.ids[2]) == "été"
    assert str(block[0]) == "left"


def test_variables_zero_and_bad_counts(solver: Solver) -> None:
    assert len(solver.variables(0)) == 0
    assert len(solver.variables(0, names=[])) == 0
    with pytest.raises(InvalidArgumentError):
        solver.variables(-1)
    with pytest.raises(TypeError):
        solver.variables(2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        solver.variables(True)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        solver.variables(2, names=["only one"])
    assert solver.stats.variables == 0


def test_variables_bad_names_make_nothing(solver: Solver) -> None:
    with pytest.raises(InvalidUTF8Error) as caught:
        solver.variables(3, names=["a", "b", b"\xff"])
    assert caught.value.index == 2
    with pytest.raises(InvalidArgumentError) as caught:
        solver.variables(2, names=["ok", "nul\0inside"])
    assert caught.value.index == 1
    with pytest.raises(TypeError):
        solver.variables(1, names=[42])  # type: ignore[list-item]
    assert solver.stats.variables == 0


# -- constraints ---------------------------------------------------------------------------------


def test_constraints_from_flat_lists_solve(solver: Solver) -> None:
    xs = solver.variables(3)
    a, b, c = xs.ids
    # x0 == 10, x1 == x0 + 5, x2 >= x1 @500 (the example of tether.solver's doc)
    block = solver.constraints(
        term_counts=[1, 2, 2], variables=[a, b, a, c, b], coefficients=[1, 1, -1, 1, -1],
        constants=[-10, -5, 0], priorities=[REQUIRED, REQUIRED, 500],
        relations=[Relation.EQUAL, Relation.EQUAL, Relation.GREATER_THAN_OR_EQUAL],
    )
    assert isinstance(block, SolverConstraints) and len(block) == 3
    assert all(not c.added for c in block)
    assert solver.add_all(block) is block
    assert all(c.added for c in block) and block[0] in solver
    solver.update()
    assert xs.values() == [10.0, 15.0, 15.0]
    assert solver.values(xs) == [10.0, 15.0, 15.0]
    assert solver.values([c, a]) == [15.0, 10.0], "ids are accepted"
    assert solver.values([xs[1], a]) == [15.0, 10.0], "and mixed with Variable objects"
    assert solver.values(array("Q", [b])) == [15.0]


def test_constraints_match_one_by_one_constraints(solver: Solver) -> None:
    x, y = solver.variables(2)
    block = solver.constraints([2, 0, 3], [x, y, y, x, y], [1, -1, 2, 3, 4], [5, -6, 7],
                               [-1, 0, 1], [1000, 250, 0.5])
    first, empty, last = block
    assert str(first) == str(solver.constraint(x - y + 5 <= 0))
    assert first.relation is Relation.LESS_THAN_OR_EQUAL and first.required
    assert empty.terms == () and empty.constant == -6 and empty.priority == 250
    assert [(t.variable, t.coefficient) for t in last.terms] == [(y, 6.0), (x, 3.0)]
    assert last.relation is Relation.GREATER_THAN_OR_EQUAL and last.priority == 0.5
    assert block[0] is first and first in block


def test_constraints_scalar_relation_and_priority(solver: Solver) -> None:
    xs = solver.variables(2)
    block = solver.constraints([1, 1], xs.ids, array("d", [1, 1]), array("d", [-3, -4]),
                               relations=Relation.LESS_THAN_OR_EQUAL, priorities=300)
    assert all(c.relation is Relation.LESS_THAN_OR_EQUAL and c.priority == 300 for c in block)
    defaults = solver.constraints(array("I", [1]), xs.ids[:1], [2], [0])
    assert defaults[0].relation is Relation.EQUAL and defaults[0].required


def test_constraints_with_one_repeated_relation_and_priority(solver: Solver, monkeypatch) -> None:
    """A list that repeats one relation or priority is passed as that one value (no array of
    copies), with the same constraints and the same errors as the array would give."""
    xs = solver.variables(3)
    arrays = []
    original = _ffi._dll.tether_solver_constraints_new_batch

    def recording(*args):
        arrays.append((args[6], args[7]))  # the relations and priorities pointers
        return original(*args)

    monkeypatch.setattr(_ffi._dll, "tether_solver_constraints_new_batch", recording)
    block = solver.constraints([1, 1, 1], xs, [1, 1, 1], [-1, -2, -3],
                               relations=[Relation.GREATER_THAN_OR_EQUAL] * 3, priorities=[300.0] * 3)
    assert [(c.relation, c.priority) for c in block] == [(Relation.GREATER_THAN_OR_EQUAL, 300)] * 3
    assert arrays[-1][0] is not None and arrays[-1][1] is not None, "other values reach the library as an array"
    defaults = solver.constraints([1, 1], xs[:2], [1, 1], [0, 0], relations=(0, 0),
                                  priorities=[REQUIRED, REQUIRED])
    assert all(c.relation is Relation.EQUAL and c.required for c in defaults)
    assert arrays[-1] == (None, None), "the defaults need no array at all"
    mixed = solver.constraints([1, 1], xs[:2], [1, 1], [0, 0], relations=[1, -1],
                               priorities=[1000, 250])
    assert [(c.relation, c.priority) for c in mixed] == [
        (Relation.GREATER_THAN_OR_EQUAL, 1000), (Relation.LESS_THAN_OR_EQUAL, 250)]
    made = solver.stats.constraints
    for change, index in [(dict(relations=[2, 2]), 0), (dict(priorities=[0, 0]), 0),
                          (dict(priorities=[5000, 5000]), 0), (dict(relations=[2**40] * 2), None)]:
        with pytest.raises(InvalidArgumentError) as caught:
            solver.constraints([1, 1], xs[:2], [1, 1], [0, 0], **change)
        assert caught.value.index == index, change
    with pytest.raises(InvalidArgumentError):  # the length is checked, repeated values or not
        solver.constraints([1, 1], xs[:2], [1, 1], [0, 0], relations=[0, 0, 0])
    with pytest.raises(InvalidArgumentError):
        solver.constraints([1, 1], xs[:2], [1, 1], [0, 0], priorities=[500.0])
    with pytest.raises(TypeError):  # floats are no relations, repeated or not
        solver.constraints([1, 1], xs[:2], [1, 1], [0, 0], relations=[0.0, 0.0])
    with pytest.raises(TypeError):
        solver.constraints([1, 1], xs[:2], [1, 1], [0, 0], priorities=["high", "high"])
    assert solver.stats.constraints == made


def test_constraints_empty(solver: Solver) -> None:
    block = solver.constraints([], [], [], [])
    assert len(block) == 0
    assert solver.add_all(block) is block
    assert solver.stats.constraints == 0


def test_constraints_bad_input_makes_nothing(solver: Solver) -> None:
    x, y = solver.variables(2)
    # The message names the constraint and, for a term, which one.
    cases = [
        (dict(coefficients=[1, math.nan]), InvalidArgumentError, 1,
         "constraint 1: coefficient 0 is nan, not finite"),
        (dict(constants=[math.inf, 0]), InvalidArgumentError, 0,
         "constraint 0: the constant is inf, not finite"),
        (dict(relations=[0, 2]), InvalidArgumentError, 1,
         "constraint 1: relation 2 is not one of"),
        (dict(priorities=[500, 0]), InvalidArgumentError, 1,
         "constraint 1: priority 0.0 is not in (0, 1000]"),
        (dict(priorities=[math.nan, 500]), InvalidArgumentError, 0,
         "constraint 0: priority nan is not in (0, 1000]"),
        (dict(variables=[x, 0]), InvalidIdError, 1,
         "constraint 1: term 0 names variable 0, which is not live in this solver"),
        (dict(term_counts=[1, 2], variables=[x, y, 0], coefficients=[1, 1, 1]), InvalidIdError, 1,
         "constraint 1: term 1 names variable 0"),
        (dict(term_counts=[1, 2], variables=[x, y, y], coefficients=[1, 1, math.inf]),
         InvalidArgumentError, 1, "constraint 1: coefficient 1 is inf, not finite"),
    ]
    for change, error_type, index, message in cases:
        arguments = dict(term_counts=[1, 1], variables=[x, y], coefficients=[1, 1],
                         constants=[0, 0])
        arguments.update(change)
        with pytest.raises(error_type) as caught:
            solver.constraints(**arguments)
        assert caught.value.index == index, change
        assert message in str(caught.value), (change, str(caught.value))
    with Solver() as other:
        foreign = other.variable()
        with pytest.raises(InvalidIdError):
            solver.constraints([1], [foreign], [1], [0])
        with pytest.raises(InvalidIdError) as caught:
            solver.constraints([1, 1], [x, foreign.id], [1, 1], [0, 0])
        assert caught.value.index == 1
        with pytest.raises(InvalidIdError):
            solver.constraints([1], other.variables(1), [1], [0])
    # A coefficient out of range (beyond 1e100): found while making.
    with pytest.raises(InvalidArgumentError) as caught:
        solver.constraints([1, 2], [x, y, y], [1, 1e308, 1e308], [0, 0])
    assert caught.value.index == 1
    assert solver.stats.constraints == 0


def test_constraints_length_mismatches(solver: Solver) -> None:
    x, y = solver.variables(2)
    with pytest.raises(InvalidArgumentError):
        solver.constraints([1, 1], [x, y], [1, 1], [0])  # constants
    with pytest.raises(InvalidArgumentError):
        solver.constraints([1, 2], [x, y], [1, 1], [0, 0])  # terms
    with pytest.raises(InvalidArgumentError):
        solver.constraints([1, 1], [x, y], [1], [0, 0])  # coefficients
    with pytest.raises(InvalidArgumentError):
        solver.constraints([1, 1], [x, y], [1, 1], [0, 0], relations=[0])
    with pytest.raises(InvalidArgumentError):
        solver.constraints([1, 1], [x, y], [1, 1], [0, 0], priorities=[1000])
    with pytest.raises(InvalidArgumentError):
        solver.constraints([-1], [], [], [0])  # a negative term count
    with pytest.raises(InvalidIdError):
        solver.constraints([1], [-5], [1], [0])
    with pytest.raises(TypeError):
        solver.constraints([1], ["x"], [1], [0])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        solver.constraints([1], [x], ["one"], [0])  # type: ignore[list-item]
    assert solver.stats.constraints == 0


def test_add_all_of_a_reversed_block(solver: Solver) -> None:
    x = solver.variable("x")
    block = solver.constraints([1, 1], [x, x], [1, 1], [-20, -5],
                               relations=[Relation.EQUAL, Relation.LESS_THAN_OR_EQUAL])
    backwards = block[::-1]
    assert isinstance(backwards, SolverConstraints) and list(backwards) == [block[1], block[0]]
    with pytest.raises(UnsatisfiableConstraintError) as caught:
        solver.add_all(backwards)  # x <= 5, then x == 20: the second one fails
    assert caught.value.index == 1 and caught.value.constraint is block[0]
    solver.add_all(block[1:])
    solver.update()
    assert x.value <= 5.0 and block[1].added and not block[0].added


def test_add_all_of_a_block_is_all_or_nothing(solver: Solver) -> None:
    x = solver.variable("x")
    base = solver.add(x >= 10)
    block = solver.constraints([1, 1], [x, x], [1, 1], [-20, -5],
                               relations=[Relation.EQUAL, Relation.LESS_THAN_OR_EQUAL])
    with pytest.raises(UnsatisfiableConstraintError) as caught:
        solver.add_all(block)  # x == 20, then x <= 5
    assert caught.value.index == 1
    assert caught.value.constraint is block[1]
    assert caught.value.conflicts == [block[0]], "minimal: x == 20 alone rules out x <= 5"
    assert base.added
    assert not block[0].added and not block[1].added
    solver.add(block[0])
    with pytest.raises(DuplicateError) as caught:
        solver.add_all(block)
    assert caught.value.index == 0
    with Solver() as other:
        with pytest.raises(InvalidIdError):
            other.add_all(block)


def test_add_all_makes_linear_constraints_in_one_call(solver: Solver, monkeypatch) -> None:
    x, y = solver.variables(2, names=["x", "y"])
    calls = []
    original = _ffi._dll.tether_solver_constraints_new_batch

    def counting(*args):
        calls.append(args[1])
        return original(*args)

    monkeypatch.setattr(_ffi._dll, "tether_solver_constraints_new_batch", counting)
    made_before = solver.constraint(y >= 0)
    added = solver.add_all([x == 3, made_before, y == x + 4, x <= 100], priority=REQUIRED)
    assert calls == [3], "the three LinearConstraints are made in one call"
    assert added[1] is made_before
    assert all(isinstance(c, Constraint) and c.added for c in added)
    solver.update()
    assert solver.values([x, y]) == [3.0, 7.0]
    # A LinearConstraint that cannot be made: nothing made, nothing added; .index is its index.
    count = solver.stats.constraints
    with pytest.raises(InvalidArgumentError) as caught:
        solver.add_all([x == 1, y == x * 1e-200])  # a coefficient out of range
    assert caught.value.index == 1
    with pytest.raises(InvalidArgumentError) as caught:
        solver.add_all([x == 1, y == 2], priority=0)
    assert caught.value.index == 0
    assert solver.stats.constraints == count


def test_blocks_keep_their_solver_alive() -> None:
    block = Solver().variables(2)
    constraints = block.solver.constraints([1], block.ids[:1], [1], [-2])
    block.solver.add_all(constraints)
    block.solver.update()
    assert block.values() == [2.0, 0.0]
    assert repr(block) == "<tether.Variables of 2>"
    assert repr(constraints) == "<tether.Constraints of 1>"


def test_large_block_round_trip(solver: Solver) -> None:
    n = 2000
    xs = solver.variables(n)
    ids = xs.ids
    block = solver.constraints([1] * n, ids, [1.0] * n, [-float(i) for i in range(n)])
    solver.add_all(block)
    solver.update()
    assert xs.values() == [float(i) for i in range(n)]
    assert tether.Variables is Variables


def _form_rows(solver: Solver, rows: int):
    """A form on the raw solver (rows of label + field, labels' trailing edges aligned to the
    first, fields stacked 8 apart): its variables and its constraints in the natural order."""
    root = solver.variables(4)  # left, top, width, height
    items = [solver.variables(4) for _ in range(2 * rows)]
    cs = [(root[0] == 0), (root[1] == 0), (root[2] == 375)]
    for i in range(rows):
        label, field = items[2 * i], items[2 * i + 1]
        cs.append(label[0] == root[0] + 16)
        if i:
            cs.append(label[0] + label[2] == items[0][0] + items[0][2])
        cs.append(field[0] == label[0] + label[2] + 8)
        cs.append(field[0] + field[2] == root[0] + root[2] - 16)
        above = root[1] + 8 if i == 0 else items[2 * i - 1][1] + items[2 * i - 1][3] + 8
        cs.append(field[1] == above)
        cs.append(label[1] + label[3] * 0.5 == field[1] + field[3] * 0.5)
    made = [solver.constraint(c) for c in cs]
    for i in range(rows):
        label, field = items[2 * i], items[2 * i + 1]
        width = 40 + (i * 29) % 80
        made += [solver.constraint(label[2] >= width, 750), solver.constraint(label[2] <= width, 251),
                 solver.constraint(label[3] == 21, 750), solver.constraint(field[3] == 34, 750)]
    return [v for item in [root] + items for v in item], made


def test_add_all_in_any_order_builds_the_same_layout_at_the_same_cost() -> None:
    """add_all plans its order from the constraints' structure: a shuffled list gives the same
    values, bit for bit, and the same tableau (a shuffled form sent its chain into the tableau
    one constraint at a time: Θ(n²) cells)."""
    import random

    results = []
    for seed in (None, 1, 2, 3):
        with Solver() as solver:
            variables, made = _form_rows(solver, 60)
            if seed is not None:
                random.Random(seed).shuffle(made)
            solver.add_all(made)
            solver.update()
            stats = solver.stats
            results.append(([v.value for v in variables], stats.cells, stats.definitions))
    reference = results[0]
    assert reference[0][4 * 1] == 16.0 and reference[1] < 20 * 60
    for other in results[1:]:
        assert other == reference


# -- a large optional grid in one batch ------------------------------------------------------------


def test_a_grid_of_equal_widths_builds_in_one_batch_with_few_pivots(solver):
    """grid2d's rows from 64 views on, in one add_all: each row's trailing edge @750 is optimal
    after about s/2 degenerate pivots. Bland's rule after a fixed 32 of them took about 63 pivots
    per view per edge (this test before the change: 274,758 pivots and 20 s; grid2d at 100 x 100
    then grew the batch's journal until the process aborted), where the whole build now takes
    at most 3 s**2 (0.7 s)."""
    s = 66
    root_width = solver.variable("root.width")
    solver.add_edit_variable(root_width, 999)
    solver.suggest(root_width, 8 + s * 108)
    views = solver.variables(2 * s * s)
    lefts, widths = views.ids[0::2], views.ids[1::2]
    counts, ids, coefficients, constants, relations, priorities = [], [], [], [], [], []

    def make(terms, constant, relation=Relation.EQUAL, priority=REQUIRED):
        counts.append(len(terms))
        for variable, coefficient in terms:
            ids.append(variable)
            coefficients.append(coefficient)
        constants.append(constant)
        relations.append(relation)
        priorities.append(priority)

    for r in range(s):
        for c in range(s):
            k = r * s + c
            make([(widths[k], 1.0)], -20.0, Relation.GREATER_THAN_OR_EQUAL)  # w >= 20
            make([(widths[k], 1.0)], -100.0, priority=250)  # w == 100 @250
            if c == 0:
                make([(lefts[k], 1.0)], -8.0)  # left == 8
            else:  # left == left[k-1] + w[k-1] + 8; w == w[row start] @500
                make([(lefts[k], 1.0), (lefts[k - 1], -1.0), (widths[k - 1], -1.0)], -8.0)
                make([(widths[k], 1.0), (widths[r * s], -1.0)], 0.0, priority=500)
            if c == s - 1:  # left + w == root.width - 8 @750
                make([(lefts[k], 1.0), (widths[k], 1.0), (root_width, -1.0)], 8.0, priority=750)
    block = solver.constraints(counts, ids, coefficients, constants, relations, priorities)
    pivots = solver.stats.pivots
    solver.add_all(block)
    assert solver.stats.pivots - pivots <= 3 * s * s
    solver.update()
    assert all(abs(w - 100) < 1e-9 for w in solver.values(widths))
    solver.suggest(root_width, 8 + s * 90)
    solver.update()
    assert all(abs(w - 82) < 1e-9 for w in solver.values(widths))
