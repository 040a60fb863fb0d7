"""tether.Solver: every operation and every error of the raw solver through the binding."""

from __future__ import annotations

import gc
import math
import threading
from typing import List

import pytest

import tether
from tether import (
    REQUIRED,
    DuplicateError,
    Expression,
    InternalError,
    InUseError,
    InvalidArgumentError,
    InvalidHandleError,
    InvalidIdError,
    InvalidStateError,
    InvalidUTF8Error,
    LinearConstraint,
    NotFoundError,
    Relation,
    Solver,
    SolverStats,
    Term,
    TetherError,
    UnsatisfiableConstraintError,
    Variable,
)
from tether.solver import Constraint  # tether.Constraint is the layout constraint

from helpers import run_in_threads


@pytest.fixture
def solver():
    with Solver() as s:
        yield s


def solved(solver: Solver, *variables: Variable) -> List[float]:
    solver.update()
    return solver.values(variables)


# ------------------------------------------------------------------------------------------------
# Variables
# ------------------------------------------------------------------------------------------------


def test_variable_names_round_trip(solver: Solver) -> None:
    plain = solver.variable("left")
    accented = solver.variable("moteur été")
    anonymous = solver.variable()
    long_name = solver.variable("n" * 500)  # longer than the first 32-byte buffer
    assert plain.name == "left"
    assert accented.name == "moteur été"
    assert anonymous.name == ""
    # Names read back from the library (the two-call buffer pattern).
    assert solver._variable_name(accented.id) == "moteur été"
    assert solver._variable_name(long_name.id) == "n" * 500
    assert solver._variable_name(anonymous.id) == ""
    assert str(plain) == "left" and "left" in repr(plain)


def test_variable_name_must_be_utf8(solver: Solver) -> None:
    with pytest.raises(InvalidUTF8Error) as info:
        solver.variable(b"\xff\xfe")
    assert info.value.status == 9
    assert solver.variable(b"ok").name == "ok"
    with pytest.raises(InvalidArgumentError):
        solver.variable("a\0b")
    with pytest.raises(TypeError):
        solver.variable(3)  # type: ignore[arg-type]


def test_values_start_at_zero_and_follow_update(solver: Solver) -> None:
    x = solver.variable("x")
    free = solver.variable("free")
    assert x.value == 0.0
    solver.add(x == 5)
    assert x.value == 0.0  # not published before update()
    solver.update()
    assert x.value == 5.0
    assert free.value == 0.0  # no constraint determines it
    assert solver.values([x, free, x]) == [5.0, 0.0, 5.0]
    assert solver.values([]) == []


def test_value_ranges_of_a_row_of_siblings(solver: Solver) -> None:
    """Every left of a row pinned to its neighbour, the first only bounded below, is free
    upwards from its lowest place; the ranges asked together equal those asked one by one."""
    root = solver.variable("root")
    solver.add(root == 0)
    lefts, widths = [], []
    for i in range(300):
        left, width = solver.variable(f"l{i}"), solver.variable(f"w{i}")
        solver.add(width == 10)
        solver.add(left >= root if i == 0 else left == lefts[-1] + widths[-1] + 1)
        lefts.append(left)
        widths.append(width)
    ranges = solver.value_ranges(lefts + widths)
    assert ranges[:3] == [(0.0, math.inf), (11.0, math.inf), (22.0, math.inf)]
    assert ranges[299] == (pytest.approx(11 * 299), math.inf)
    assert all(r == (10.0, 10.0) for r in ranges[300:])
    assert ranges == [solver.value_range(v) for v in lefts + widths]
    assert solver.value_ranges([]) == []
    solver.check()


def test_value_ranges_reject_a_bad_id_whole(solver: Solver) -> None:
    x = solver.variable("x")
    gone = solver.variable("gone")
    solver.free(gone)
    with pytest.raises(InvalidIdError):
        solver.value_ranges([x, gone])
    with pytest.raises(InvalidIdError):
        solver.value_ranges([x, Solver().variable("foreign")])


def test_variables_hash_by_identity(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("x")
    table = {x: 1, y: 2}
    assert table[x] == 1 and table[y] == 2
    assert len({x, y, x}) == 2


def test_free_variable(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    c = solver.constraint(x == 1)  # not added, still a live user of x
    with pytest.raises(InUseError):
        solver.free(x)
    solver.free(c)
    solver.free(x)
    with pytest.raises(InvalidIdError):
        _ = x.value
    with pytest.raises(InvalidIdError):
        solver.free(x)
    with pytest.raises(InvalidIdError):
        solver.constraint(x + y == 1)
    # values() checks every id before reading anything
    with pytest.raises(InvalidIdError):
        solver.values([y, x])
    assert solver.stats.variables == 1
    newer = solver.variable("newer")  # may reuse the slot: the old id must stay invalid
    assert newer.id != x.id and newer.value == 0.0
    with pytest.raises(InvalidIdError):
        _ = x.value
    solver.add_edit_variable(y, 500)
    with pytest.raises(InUseError):
        solver.free(y)


def test_foreign_variables_are_rejected(solver: Solver) -> None:
    with Solver() as other:
        foreign = other.variable("foreign")
        mine = solver.variable("mine")
        with pytest.raises(InvalidIdError):
            solver.constraint(mine + foreign == 1)
        with pytest.raises(InvalidIdError):
            solver.values([foreign])
        with pytest.raises(InvalidIdError):
            solver.add_edit_variable(foreign, 10)


# ------------------------------------------------------------------------------------------------
# Expressions
# ------------------------------------------------------------------------------------------------


def test_operators_build_expressions(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    term = 2 * x
    assert isinstance(term, Term) and term.coefficient == 2.0 and term.variable is x
    assert isinstance(x * 3, Term) and isinstance(x / 4, Term)
    assert (x / 4).coefficient == 0.25
    assert (-x).coefficient == -1.0
    e = 2 * x + 3 * y - 4
    assert isinstance(e, Expression)
    assert [(t.variable, t.coefficient) for t in e.terms] == [(x, 2.0), (y, 3.0)]
    assert e.constant == -4.0
    assert str(e) == "2 * x + 3 * y - 4"
    assert str(-(x - y) / 2 + 1.5) == "-0.5 * x + 0.5 * y + 1.5"
    assert str(10 - x) == "-x + 10"
    assert str(x + x) == "x + x"  # kept as written; the solver sums duplicates
    assert str(Expression((), 3)) == "3"
    with pytest.raises(ZeroDivisionError):
        x / 0
    with pytest.raises(TypeError):
        x * y  # type: ignore[operator]
    with pytest.raises(TypeError):
        1 / x  # type: ignore[operator]
    with pytest.raises(TypeError):
        x + "a"  # type: ignore[operator]


def test_comparisons_build_linear_constraints(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    c = x + 2 <= y
    assert isinstance(c, LinearConstraint)
    assert c.relation is Relation.LESS_THAN_OR_EQUAL
    assert str(c) == "x - y + 2 <= 0"
    assert (x == 3).relation is Relation.EQUAL
    assert (x >= y).relation is Relation.GREATER_THAN_OR_EQUAL
    assert str(5 <= x) == "x - 5 >= 0"  # reflected: x >= 5
    # `==` is identity as a truth value, so containers of variables work
    assert bool(x == x) and not bool(x == y) and not bool(x == 3)
    assert y in [x, y] and [x, y].index(y) == 1 and x not in [y]
    with pytest.raises(TypeError):
        bool(x <= y)
    with pytest.raises(TypeError):
        bool(LinearConstraint(x - y, Relation.EQUAL))
    with pytest.raises(TypeError):
        x != y  # noqa: B015
    with pytest.raises(TypeError):
        x < 3  # noqa: B015
    with pytest.raises(TypeError):
        x > 3  # noqa: B015
    assert (x == "a") is False  # unsupported operand: Python's identity fallback


def test_relation_enum() -> None:
    assert Relation.LESS_THAN_OR_EQUAL == -1
    assert Relation.EQUAL == 0
    assert Relation.GREATER_THAN_OR_EQUAL == 1
    assert [r.symbol for r in Relation] == ["<=", "==", ">="]
    assert REQUIRED == 1000.0


def test_expression_value(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    solver.add(x == 2)
    solver.add(y == 5)
    solver.update()
    assert (3 * x - y + 1).value == 2.0
    assert (2 * y).value == 10.0


# ------------------------------------------------------------------------------------------------
# Constraints
# ------------------------------------------------------------------------------------------------


def test_constraint_properties(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    c = solver.constraint(x + 2 * y + x - 7 >= 0, priority=250)
    assert isinstance(c, Constraint)
    assert not c.added and c not in solver
    assert c.relation is Relation.GREATER_THAN_OR_EQUAL
    assert c.priority == 250.0 and not c.required
    assert c.constant == -7.0
    terms = c.terms
    assert [(t.variable, t.coefficient) for t in terms] == [(x, 2.0), (y, 2.0)]
    assert terms[0].variable is x  # the same Python object for the same id
    assert str(c.expression) == "2 * x + 2 * y - 7"
    assert str(c) == "2 * x + 2 * y - 7 >= 0 @250"
    assert solver.add(c) is c
    assert c.added and c in solver
    required = solver.add(x <= 100)
    assert required.required and required.priority == REQUIRED
    assert str(required) == "x - 100 <= 0"
    assert "x - 100 <= 0" in repr(required)


def test_priorities_are_validated_by_the_library(solver: Solver) -> None:
    x = solver.variable("x")
    for bad in (0.0, -1.0, 1000.5, 1e9, math.nan, math.inf, -math.inf):
        with pytest.raises(InvalidArgumentError) as info:
            solver.constraint(x == 1, priority=bad)
        assert info.value.status == 4
        assert isinstance(info.value, ValueError)
    assert solver.constraint(x == 1, priority=1e-9).priority == 1e-9
    assert solver.constraint(x == 1, priority=999.5).priority == 999.5
    with pytest.raises(TypeError):
        solver.constraint(x == 1, priority="high")  # type: ignore[arg-type]


def test_non_finite_numbers_are_rejected(solver: Solver) -> None:
    x = solver.variable("x")
    with pytest.raises(InvalidArgumentError):
        solver.constraint(x == math.nan)
    with pytest.raises(InvalidArgumentError):
        solver.constraint(x * math.inf == 1)
    with pytest.raises(InvalidArgumentError):
        solver.add(x - math.inf >= 0)
    c = solver.add(x == 1)
    with pytest.raises(InvalidArgumentError):
        c.constant = math.nan
    assert c.constant == -1.0
    assert solver.stats.constraints == 1


def test_a_non_finite_constant_is_reported_as_written(solver: Solver) -> None:
    # Issue 24, item 17: `x == inf` was refused as "got -inf" (the constant after moving the
    # right-hand side to the left).
    x, y = solver.variable("x"), solver.variable("y")
    for written, value in ((lambda: x == math.inf, "inf"), (lambda: x >= -math.inf, "-inf"),
                           (lambda: x <= y + math.inf, "inf"), (lambda: x == y - math.inf, "-inf"),
                           (lambda: math.inf == x, "inf")):
        with pytest.raises(InvalidArgumentError, match=f"constant must be finite, got {value}$"):
            solver.constraint(written())
    # On the left it is the constant as written too, and either side is refused as it is
    # written, before a constraint is made.
    with pytest.raises(InvalidArgumentError, match="got inf$"):
        x + math.inf == y
    with pytest.raises(InvalidArgumentError, match="got nan$"):
        x - math.nan <= 2
    assert solver.stats.constraints == 0


@pytest.mark.parametrize("coefficient", [5e-324, -1e-310, 9e-101, 2e100, -1.7e308])
def test_coefficients_out_of_range_are_refused(solver: Solver, coefficient: float) -> None:
    """A coefficient must be 0 or between 1e-100 and 1e100 in magnitude (0.8)."""
    x = solver.variable("x")
    with pytest.raises(InvalidArgumentError, match="between 1e-100 and 1e100"):
        solver.add(coefficient * x == 1)
    assert solver.stats.constraints == 0
    solver.add(1e-100 * x == 1)  # the edges are accepted
    solver.add(0 * x + 1e100 * x >= 0)


def test_changes_whose_solution_overflows_are_refused(solver: Solver) -> None:
    """After ``y == 2x``, suggesting x = 1.7e308 made y infinite; a constant through a large
    coefficient likewise. Both raise and leave every value as it was."""
    x, y = solver.variable("x"), solver.variable("y")
    solver.add(y == 2 * x)
    solver.add_edit_variable(x, 500)
    solver.suggest(x, 7)
    with pytest.raises(InvalidArgumentError, match="overflows"):
        solver.suggest(x, 1.7e308)
    solver.update()
    assert (x.value, y.value) == (7, 14)
    z, w = solver.variable("z"), solver.variable("w")
    solver.add(w == 1e100 * z)
    pin = solver.add(z == 2)
    with pytest.raises(InvalidArgumentError, match="overflows"):
        pin.constant = -1e250
    solver.update()
    assert (z.value, w.value) == (2, 2e100)
    solver.check()


def test_duplicate_add_and_unknown_remove(solver: Solver) -> None:
    x = solver.variable("x")
    c = solver.add(x >= 1)
    with pytest.raises(DuplicateError) as info:
        solver.add(c)
    assert info.value.status == 7
    solver.remove(c)
    assert not c.added
    with pytest.raises(NotFoundError) as not_found:
        solver.remove(c)
    assert isinstance(not_found.value, LookupError) and not_found.value.status == 8
    solver.add(c)  # a removed constraint can be added again
    assert c in solver
    # add() with a priority on an added constraint does not change it
    with pytest.raises(DuplicateError):
        solver.add(c, priority=10)
    assert c.priority == REQUIRED


def test_add_existing_constraint_with_priority(solver: Solver) -> None:
    x = solver.variable("x")
    c = solver.constraint(x == 3)
    solver.add(c, priority=20)
    assert c.priority == 20.0 and c.added


def test_freed_and_stale_constraint_ids(solver: Solver) -> None:
    x = solver.variable("x")
    c = solver.add(x == 1)
    stale_id = c.id
    solver.free(c)  # removes it first
    assert solver.stats.added == 0
    for operation in (
        lambda: c.constant,
        lambda: c.priority,
        lambda: c.terms,
        lambda: c.added,
        lambda: solver.add(c),
        lambda: solver.remove(c),
        lambda: solver.free(c),
        lambda: setattr(c, "constant", 3),
        lambda: setattr(c, "priority", 3),
    ):
        with pytest.raises(InvalidIdError) as info:
            operation()
        assert info.value.status == 3
    assert c not in solver
    newer = solver.add(x == 2)  # may reuse the slot: the old id must stay invalid
    assert newer.id != stale_id
    with pytest.raises(InvalidIdError):
        _ = c.constant
    assert solved(solver, x) == [2.0]
    assert "freed" in str(c)


def test_constraint_objects_are_unique_per_id(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    c1 = solver.add(x >= 10)
    solver.add(y >= 0)
    with pytest.raises(UnsatisfiableConstraintError) as info:
        solver.add(x + y <= 5)
    assert any(c is c1 for c in info.value.conflicts)
    assert any(c is c1 for c in solver.conflict)
    # A dropped Python object is recreated on demand, then stays unique.
    del info
    first = solver.conflict
    second = solver.conflict
    assert [a is b for a, b in zip(first, second)] == [True, True]


def test_cross_solver_constraints(solver: Solver) -> None:
    with Solver() as other:
        c = other.add(other.variable("z") == 1)
        assert c not in solver
        with pytest.raises(InvalidIdError):
            solver.remove(c)
        with pytest.raises(TypeError):
            solver.remove("c")  # type: ignore[arg-type]
        assert "c" not in solver  # type: ignore[operator]


# ------------------------------------------------------------------------------------------------
# Unsatisfiable constraints
# ------------------------------------------------------------------------------------------------


def test_unsatisfiable_reports_the_minimal_conflict_and_changes_nothing(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    z = solver.variable("z")
    w = solver.variable("w")
    c1 = solver.add(x >= 10)
    c2 = solver.add(y >= 0)
    c3 = solver.add(z == 7)  # unrelated
    c4 = solver.add(x <= 50)  # related but not needed for the conflict
    c5 = solver.add(x + w == 30)  # related, not needed
    solver.add(x == 0, priority=500)  # optional
    solver.add(y == 40, priority=100)
    solver.add_edit_variable(w, 300)
    solver.suggest(w, 5)
    before_values = solved(solver, x, y, z, w)
    before_stats = solver.stats
    assert before_values == [10.0, 40.0, 7.0, 20.0]
    solver.check()

    rejected = x + y <= 5
    with pytest.raises(UnsatisfiableConstraintError) as info:
        solver.add(rejected)
    error = info.value
    assert error.status == 6
    assert {c.id for c in error.conflicts} == {c1.id, c2.id}
    assert [c.id for c in error.conflicts] == sorted(c.id for c in error.conflicts)
    assert error.conflicts[0] is min((c1, c2), key=lambda c: c.id)
    assert isinstance(error.constraint, Constraint) and not error.constraint.added
    assert str(error.constraint) == "x + y - 5 <= 0"
    assert [c.id for c in solver.conflict] == [c.id for c in error.conflicts]

    # The solver is exactly as before.
    assert solved(solver, x, y, z, w) == before_values
    stats = solver.stats
    assert (stats.added, stats.edits, stats.rows) == (
        before_stats.added,
        before_stats.edits,
        before_stats.rows,
    )
    solver.check()
    assert all(c.added for c in (c1, c2, c3, c4, c5))
    # It keeps working: edits, removal of a conflict member, then the rejected one fits.
    solver.remove(c5)
    solver.suggest(w, 8)
    assert solved(solver, w) == [8.0]
    solver.remove(c1)
    solver.add(error.constraint)
    solver.check()
    assert solved(solver, x, y) == [0.0, 5.0]


def test_conflict_is_empty_before_any_failure(solver: Solver) -> None:
    assert solver.conflict == []


def test_conflict_with_an_equality_chain(solver: Solver) -> None:
    a, b, c, d = (solver.variable(n) for n in "abcd")
    k1 = solver.add(a == 0)
    k2 = solver.add(b == a + 10)
    k3 = solver.add(c == b + 10)
    solver.add(d == 3)
    solver.add(d <= c)
    with pytest.raises(UnsatisfiableConstraintError) as info:
        solver.add(c <= 5)
    assert {k.id for k in info.value.conflicts} == {k1.id, k2.id, k3.id}


def test_set_constant(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    width = solver.add(x == 100)
    gap = solver.add(y >= x + 10)
    solver.add(y == 0, priority=10)
    assert solved(solver, x, y) == [100.0, 110.0]
    width.constant = -300  # x - 300 == 0
    assert width.constant == -300.0
    assert solved(solver, x, y) == [300.0, 310.0]
    cap = solver.add(y <= 400)
    with pytest.raises(UnsatisfiableConstraintError) as info:
        width.constant = -395
    assert {c.id for c in info.value.conflicts} == {cap.id, gap.id}
    assert info.value.constraint is width
    assert width.constant == -300.0
    assert solved(solver, x, y) == [300.0, 310.0]
    solver.check()
    # Not added: any constant goes.
    loose = solver.constraint(x >= 1000)
    loose.constant = -5000
    assert loose.constant == -5000.0


def test_set_priority(solver: Solver) -> None:
    x = solver.variable("x")
    low = solver.add(x == 10, priority=100)
    high = solver.add(x == 20, priority=200)
    assert solved(solver, x) == [20.0]
    low.priority = 300  # optional -> optional while added: allowed, re-solves
    assert low.priority == 300.0
    assert solved(solver, x) == [10.0]
    with pytest.raises(InvalidStateError) as info:
        high.priority = REQUIRED  # optional -> required while added
    assert info.value.status == 11
    assert high.priority == 200.0
    required = solver.add(x >= 0)
    with pytest.raises(InvalidStateError):
        required.priority = 999  # required -> optional while added
    assert required.required
    with pytest.raises(InvalidArgumentError):
        low.priority = math.nan
    with pytest.raises(InvalidArgumentError):
        low.priority = 0
    # Not added: any change.
    solver.remove(high)
    high.priority = REQUIRED
    solver.add(high)
    assert solved(solver, x) == [20.0]
    solver.remove(high)
    high.priority = 1
    assert high.priority == 1.0


# ------------------------------------------------------------------------------------------------
# Batches
# ------------------------------------------------------------------------------------------------


def test_add_all(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    existing = solver.constraint(y == 2 * x)
    added = solver.add_all([x >= 3, existing, y <= 100])
    assert len(added) == 3 and added[1] is existing
    assert all(c.added for c in added)
    assert solved(solver, x, y) == [3.0, 6.0]
    assert solver.add_all([]) == []
    optional = solver.add_all([x == 50], priority=10)
    assert optional[0].priority == 10.0
    assert solved(solver, x, y) == [50.0, 100.0]


def test_add_all_is_atomic_on_unsatisfiable(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    base = solver.add(x >= 10)
    solver.add(y == 1, priority=5)
    before = solved(solver, x, y)
    before_stats = solver.stats
    batch = [y == 3, x <= 100, x + y <= 14, x == 20]  # the last conflicts with items 0 and 2
    with pytest.raises(UnsatisfiableConstraintError) as info:
        solver.add_all(batch)
    error = info.value
    assert error.index == 3
    conflict_texts = sorted(str(c) for c in error.conflicts)
    assert conflict_texts == sorted(["y - 3 == 0", "x + y - 14 <= 0"])
    assert str(error.constraint) == "x - 20 == 0"
    assert not error.constraint.added
    assert all(not c.added for c in error.conflicts)
    assert base.added
    assert solver.stats.added == before_stats.added
    # constraints made by the call and not mentioned by the error were freed again
    assert solver.stats.constraints == before_stats.constraints + 3
    assert solved(solver, x, y) == before
    solver.check()
    # A conflict with an already added constraint, reported at its index.
    with pytest.raises(UnsatisfiableConstraintError) as info2:
        solver.add_all([y == 0, x <= 5])
    assert info2.value.index == 1
    assert [c.id for c in info2.value.conflicts] == [base.id]
    assert solved(solver, x, y) == before


def test_add_all_duplicates_and_invalid_items(solver: Solver) -> None:
    x = solver.variable("x")
    c = solver.add(x >= 0)
    fresh = solver.constraint(x <= 10)
    count = solver.stats.constraints
    with pytest.raises(DuplicateError) as info:
        solver.add_all([fresh, c])
    assert info.value.index == 1
    assert not fresh.added
    with pytest.raises(DuplicateError) as info:
        solver.add_all([fresh, fresh])
    assert info.value.index == 1 and not fresh.added
    with pytest.raises(InvalidArgumentError) as bad:
        solver.add_all([x <= 3, x * 1e-200 == 1])  # a coefficient out of range
    assert bad.value.index == 1
    assert solver.stats.constraints == count  # the made one was freed again
    solver.free(fresh)
    with pytest.raises(InvalidIdError) as stale:
        solver.add_all([x <= 3, fresh])
    assert stale.value.index == 1
    with pytest.raises(TypeError):
        solver.add_all([x <= 3, "x >= 1"])  # type: ignore[list-item]
    assert solver.stats.added == 1
    assert solver.stats.constraints == count - 1  # `fresh` was freed, nothing leaked


# ------------------------------------------------------------------------------------------------
# Priorities
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wishes, expected",
    [
        # strict priorities: one x == 0 @251 beats three x == 100 @250
        ([(0, 251), (100, 250), (100, 250), (100, 250)], 0.0),
        # the other way: one x == 100 @251 beats two x == 0 @250
        ([(0, 250), (0, 250), (100, 251)], 100.0),
        # within one priority the sum of errors is minimised
        ([(0, 500), (10, 500), (10, 500)], 10.0),
    ],
    ids=["strict_priorities", "strict_priorities_other_way", "sum_of_errors_within_a_priority"],
)
def test_optional_values_of_one_variable(solver: Solver, wishes, expected: float) -> None:
    """``x == value`` at each ``(value, priority)`` in order; x is solved to ``expected``."""
    x = solver.variable("x")
    for value, priority in wishes:
        solver.add(x == value, priority=priority)
    assert solved(solver, x) == [expected]


def test_inequalities_and_optional_bounds(solver: Solver) -> None:
    left = solver.variable("left")
    width = solver.variable("width")
    solver.add(left >= 0)
    solver.add(left + width <= 400)
    solver.add(width == 500, priority=750)
    solver.add(left == 20, priority=500)
    assert solved(solver, left, width) == [0.0, 400.0]


# ------------------------------------------------------------------------------------------------
# Edit variables
# ------------------------------------------------------------------------------------------------


def test_edit_variables(solver: Solver) -> None:
    x = solver.variable("x")
    y = solver.variable("y")
    solver.add(y == 2 * x + 1)
    assert not solver.has_edit_variable(x)
    solver.add_edit_variable(x, 500)
    assert solver.has_edit_variable(x)
    assert solver.stats.edits == 1
    assert solved(solver, x, y) == [0.0, 1.0]  # suggestion starts at 0
    solver.suggest(x, 10)
    assert solved(solver, x, y) == [10.0, 21.0]
    with pytest.raises(DuplicateError):
        solver.add_edit_variable(x, 400)
    with pytest.raises(NotFoundError):
        solver.suggest(y, 3)
    with pytest.raises(NotFoundError):
        solver.remove_edit_variable(y)
    with pytest.raises(InvalidArgumentError):
        solver.suggest(x, math.nan)
    with pytest.raises(InvalidArgumentError):
        solver.suggest(x, math.inf)
    assert solved(solver, x) == [10.0]
    solver.remove_edit_variable(x)
    assert not solver.has_edit_variable(x)
    with pytest.raises(NotFoundError):
        solver.suggest(x, 1)


@pytest.mark.parametrize("priority", [REQUIRED, 0, -5, 1001, math.nan])
def test_edit_priority_must_be_optional(solver: Solver, priority: float) -> None:
    x = solver.variable("x")
    with pytest.raises(InvalidArgumentError):
        solver.add_edit_variable(x, priority)
    assert not solver.has_edit_variable(x)


def test_edit_priority_competes_with_constraints(solver: Solver) -> None:
    x = solver.variable("x")
    solver.add(x <= 100)
    solver.add(x == 50, priority=600)
    solver.add_edit_variable(x, 500)
    solver.suggest(x, 80)
    assert solved(solver, x) == [50.0]  # 600 beats the edit at 500
    solver.suggest(x, 500)
    assert solved(solver, x) == [50.0]


def test_suggest_many(solver: Solver) -> None:
    a = solver.variable("a")
    b = solver.variable("b")
    total = solver.variable("total")
    solver.add(total == a + b)
    solver.add_edit_variable(a, 500)
    solver.add_edit_variable(b, 500)
    solver.suggest_many({a: 3, b: 4})
    assert solved(solver, total) == [7.0]
    solver.suggest_many([(a, 10), (b, -1)])
    assert solved(solver, a, b, total) == [10.0, -1.0, 9.0]
    # all are checked before any is applied
    with pytest.raises(NotFoundError):
        solver.suggest_many([(a, 100), (total, 1)])
    with pytest.raises(InvalidArgumentError):
        solver.suggest_many([(a, 100), (b, math.nan)])
    assert solved(solver, a, b, total) == [10.0, -1.0, 9.0]
    solver.suggest_many({})


# ------------------------------------------------------------------------------------------------
# Reset, dump, check, stats, lifetime
# ------------------------------------------------------------------------------------------------


def test_reset(solver: Solver) -> None:
    x = solver.variable("x")
    c = solver.add(x == 5)
    solver.add_edit_variable(x, 100)
    assert solved(solver, x) == [5.0]
    solver.reset()
    assert not c.added and not solver.has_edit_variable(x)
    assert solver.stats.added == 0 and solver.stats.edits == 0
    assert solver.stats.constraints == 1 and solver.stats.variables == 1
    assert x.value == 0.0
    solver.add(c)
    assert solved(solver, x) == [5.0]


def test_dump_and_check(solver: Solver) -> None:
    x = solver.variable("width_of_box")
    solver.add(x >= 10)
    solver.add(x == 3, priority=200)
    for i in range(200):  # long enough to need the second call of the buffer pattern
        solver.add(solver.variable(f"v{i}") == x + i)
    text = solver.dump()
    assert isinstance(text, str) and len(text) > 4096
    assert "width_of_box" in text
    solver.check()


def test_stats(solver: Solver) -> None:
    stats = solver.stats
    assert isinstance(stats, SolverStats)
    assert (stats.variables, stats.constraints, stats.added, stats.edits) == (0, 0, 0, 0)
    x = solver.variable("x")
    y = solver.variable("y")
    solver.constraint(x == 1)
    solver.add(y >= 1)
    solver.add_edit_variable(x, 10)
    stats = solver.stats
    assert (stats.variables, stats.constraints, stats.added, stats.edits) == (2, 2, 1, 1)
    assert stats.rows >= 1 and stats.pivots >= 0
    with pytest.raises(Exception):
        stats.added = 3  # type: ignore[misc]


def test_closed_solver() -> None:
    solver = Solver()
    x = solver.variable("x")
    c = solver.add(x == 1)
    solver.close()
    solver.close()  # harmless
    assert solver.closed
    for operation in (
        lambda: solver.variable("y"),
        lambda: solver.update(),
        lambda: x.value,
        lambda: c.constant,
        lambda: solver.add(x == 2),
        lambda: solver.stats,
        lambda: solver.dump(),
    ):
        with pytest.raises(InvalidHandleError):
            operation()
    assert "closed" in repr(solver)


def test_context_manager_and_garbage_collection() -> None:
    with Solver() as solver:
        solver.add(solver.variable("x") == 1)
    assert solver.closed
    for _ in range(50):
        s = Solver()
        s.add(s.variable() >= 1)
        del s
    gc.collect()


def test_error_messages_come_from_the_library(solver: Solver) -> None:
    x = solver.variable("x")
    c = solver.add(x >= 0)
    with pytest.raises(DuplicateError) as info:
        solver.add(c)
    assert str(c.id) in str(info.value) or "already" in str(info.value)
    assert info.value.message == str(info.value)
    assert isinstance(info.value, TetherError)


def test_threads_share_a_solver_safely(solver: Solver) -> None:
    """Several threads build into one solver at once; the lock serialises the library calls."""
    made: List[Variable] = []
    guard = threading.Lock()

    def work(k: int) -> None:
        for i in range(40):
            v = solver.variable(f"t{k}_{i}")
            solver.add(v == k * 100 + i)
            solver.update()
            assert v.value == k * 100 + i
            with guard:
                made.append(v)

    assert run_in_threads(work, 4) == []
    solver.update()
    values = solver.values(made)
    assert sorted(values) == sorted(k * 100 + i for k in range(4) for i in range(40))
    solver.check()


def test_internal_error_type_exists() -> None:
    assert issubclass(InternalError, TetherError)
    assert tether.Solver is Solver


def test_long_conflict_needs_the_second_buffer_call(solver: Solver) -> None:
    chain = [solver.variable(f"a{i}") for i in range(25)]
    links = [solver.add(chain[0] == 0)]
    for previous, current in zip(chain, chain[1:]):
        links.append(solver.add(current == previous + 1))
    solver.add(chain[3] >= 0)  # redundant, not part of a minimal conflict
    with pytest.raises(UnsatisfiableConstraintError) as info:
        solver.add(chain[-1] <= 5)
    assert [c.id for c in info.value.conflicts] == sorted(c.id for c in links)
    assert solved(solver, chain[-1]) == [24.0]


def test_c_buffer_contracts(solver: Solver) -> None:
    """The two-call pattern and 'out-parameters are written only on success', through ctypes."""
    import ctypes

    from tether import _ffi

    dll = _ffi._dll
    handle = solver._handle
    x = solver.variable("héllo")
    y = solver.variable("y")
    needed = ctypes.c_size_t(12345)
    assert dll.tether_solver_variable_name(handle, x.id, None, 0, ctypes.byref(needed)) == 5
    assert needed.value == len("héllo".encode()) + 1
    small = ctypes.create_string_buffer(b"\x7f" * 3)
    needed.value = 0
    assert dll.tether_solver_variable_name(handle, x.id, small, 3, ctypes.byref(needed)) == 5
    assert needed.value == 7
    exact = ctypes.create_string_buffer(7)
    assert dll.tether_solver_variable_name(handle, x.id, exact, 7, None) == 0
    assert exact.value.decode() == "héllo"

    c = solver.add(x + 2 * y + x <= 3)
    ids = (ctypes.c_uint64 * 1)()
    coefficients = (ctypes.c_double * 1)()
    needed.value = 0
    status = dll.tether_solver_constraint_terms(
        handle, c.id, ids, coefficients, 1, ctypes.byref(needed)
    )
    assert status == _ffi.E_BUFFER_TOO_SMALL and needed.value == 2
    assert ids[0] == 0 and coefficients[0] == 0.0  # nothing else written

    sentinel = ctypes.c_double(-7.5)
    assert dll.tether_solver_variable_value(handle, 0, ctypes.byref(sentinel)) == _ffi.E_INVALID_ID
    assert sentinel.value == -7.5
    solver.add(x == 1)
    solver.update()
    out = (ctypes.c_double * 3)(-1.0, -1.0, -1.0)
    bad = (ctypes.c_uint64 * 3)(x.id, y.id, 0)
    assert dll.tether_solver_variable_values(handle, bad, 3, out) == _ffi.E_INVALID_ID
    assert list(out) == [-1.0, -1.0, -1.0]

    needed.value = 99
    assert dll.tether_solver_conflict(handle, None, 0, ctypes.byref(needed)) == 0
    assert needed.value == 0  # no failure yet
    with pytest.raises(UnsatisfiableConstraintError):
        solver.add(x >= 2)
    assert dll.tether_solver_conflict(handle, None, 0, ctypes.byref(needed)) == _ffi.E_BUFFER_TOO_SMALL
    assert needed.value == 1


def test_solvers_on_different_threads() -> None:
    results: List[float] = [0.0] * 4
    errors: List[BaseException] = []

    def work(k: int) -> None:
        try:
            with Solver() as s:
                v = [s.variable(f"v{i}") for i in range(30)]
                s.add(v[0] == k)
                for a, b in zip(v, v[1:]):
                    s.add(b == a + 1)
                s.update()
                results[k] = v[-1].value
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert results == [29.0, 30.0, 31.0, 32.0]


# ------------------------------------------------------------------------------------------------
# Regressions: numerical cases these tests once found (zero tests were absolute, so legitimate
# small coefficients were dropped); the solver now only drops cells that cancel relatively.
# ------------------------------------------------------------------------------------------------


def test_regression_large_coefficient_leaves_a_zero_cell(solver: Solver) -> None:
    x = solver.variable("x")
    solver.add(1e9 * x == 1)  # row x = 1e-9 - 1e-9 * d
    solver.check()


def test_regression_small_products_leave_a_zero_cell(solver: Solver) -> None:
    x0, x2, x3, x4 = (solver.variable(n) for n in ("x0", "x2", "x3", "x4"))
    for c in (-100 * x0 <= 0, -100 * x3 <= 0, -100 * x4 - 0.01 * x2 <= 0,
              -100 * x2 - 100 * x3 - 0.01 * x0 <= 0):
        solver.add(c)
    solver.check()


def test_regression_required_constraints_violated(solver: Solver) -> None:
    x0, x1, x2, x3, x4 = (solver.variable(f"x{i}") for i in range(5))
    constraints = [
        0.01 * x4 - x0 <= 0,
        -100 * x1 <= 0,
        0.01 * x1 - x2 <= 0,
        -x2 - x3 - 100 * x4 + 1 <= 0,  # feasible: x2 = 1, everything else 0
        -x0 - 100 * x3 <= 0,
        -x0 == 0,
    ]
    for c in constraints:
        solver.add(c)
    solver.update()
    x = solver.values([x0, x1, x2, x3, x4])
    assert -x[0] - 100 * x[3] <= 1e-9, x  # x3 comes out -1e-6
    solver.check()


def test_regression_small_coefficient_rejected(solver: Solver) -> None:
    y = solver.variable("y")
    solver.add(1e-9 * y >= 1)  # y = 1e9 satisfies it; rejected with an empty conflict
    assert solved(solver, y) == [pytest.approx(1e9, rel=1e-12)]


def test_stats_report_storage_and_definitions(solver: Solver) -> None:
    """``stats.bytes`` and ``stats.definitions`` (``tether_solver_storage_get``): a chain of
    required equalities is held as definitions, and storage grows linearly with it."""
    assert solver.stats.definitions == 0
    empty = solver.stats.bytes
    assert empty >= 0
    tops = [solver.variable(f"top{i}") for i in range(2001)]
    solver.add(tops[0] == 0)
    for i in range(1, 1001):
        solver.add(tops[i] == tops[i - 1] + 44)
    small = solver.stats
    assert small.definitions == 1001
    assert small.rows == 0
    for i in range(1001, 2001):
        solver.add(tops[i] == tops[i - 1] + 44)
    large = solver.stats
    assert large.definitions == 2001
    # Linear, not quadratic: twice the constraints take well under four times the bytes.
    assert empty < small.bytes < large.bytes < 4 * small.bytes
    solver.update()
    assert tops[2000].value == 2000 * 44
