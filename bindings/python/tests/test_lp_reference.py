"""Property tests: tether.Solver against an independent LP reference (scipy.optimize.linprog).

Random small systems (<= 6 variables, small integer coefficients, mixed relations, priorities from
{1000, 750, 500, 250, 1}) are solved by Tether, then checked against the lexicographic optimum
computed with one LP per priority level, highest first:

* required constraints are hard constraints;
* at each optional level the sum of absolute errors is minimised (error variables e+ and e-);
* that level's optimum is then fixed (sum of its errors <= optimum + tolerance) before the next.

Checked: Tether's required constraints hold; its per-level error sums equal the reference optima;
every rejected required constraint was really infeasible with the required constraints added
before it, and the conflict Tether reported is infeasible together with it and minimal.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple

import pytest

hypothesis = pytest.importorskip("hypothesis")
np = pytest.importorskip("numpy")
optimize = pytest.importorskip("scipy.optimize")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tether import (  # noqa: E402
    REQUIRED,
    Expression,
    LinearConstraint,
    Relation,
    Solver,
    Term,
    UnsatisfiableConstraintError,
)

PRIORITIES = [1000.0, 750.0, 500.0, 250.0, 1.0]
OPTIONAL_PRIORITIES = [p for p in PRIORITIES if p != REQUIRED]


@dataclass(frozen=True)
class Spec:
    """``sum(coefficients[i] * x[variables[i]]) + constant  relation  0`` at ``priority``."""

    variables: Tuple[int, ...]
    coefficients: Tuple[int, ...]
    constant: float
    relation: int
    priority: float

    @property
    def required(self) -> bool:
        return self.priority == REQUIRED

    def residual(self, x: Sequence[float]) -> float:
        return sum(c * x[v] for v, c in zip(self.variables, self.coefficients)) + self.constant

    def scale(self, x: Sequence[float]) -> float:
        return 1.0 + abs(self.constant) + sum(
            abs(c * x[v]) for v, c in zip(self.variables, self.coefficients)
        )

    def error(self, x: Sequence[float]) -> float:
        r = self.residual(x)
        if self.relation == 0:
            return abs(r)
        if self.relation < 0:
            return max(0.0, r)
        return max(0.0, -r)

    def with_constant(self, constant: float) -> "Spec":
        return Spec(self.variables, self.coefficients, constant, self.relation, self.priority)


# ------------------------------------------------------------------------------------------------
# Strategies
# ------------------------------------------------------------------------------------------------


@st.composite
def specs(draw, n: int, priorities: Sequence[float] = PRIORITIES) -> Spec:
    count = draw(st.integers(1, min(3, n)))
    variables = draw(st.lists(st.integers(0, n - 1), min_size=count, max_size=count, unique=True))
    coefficients = draw(
        st.lists(st.sampled_from([-3, -2, -1, 1, 2, 3]), min_size=count, max_size=count)
    )
    return Spec(
        tuple(variables),
        tuple(coefficients),
        float(draw(st.integers(-20, 20))),
        draw(st.sampled_from([-1, 0, 1])),
        draw(st.sampled_from(list(priorities))),
    )


@st.composite
def systems(draw, max_constraints: int = 10) -> Tuple[int, List[Spec]]:
    n = draw(st.integers(1, 6))
    constraints = draw(st.lists(specs(n), min_size=1, max_size=max_constraints))
    return n, constraints


@st.composite
def linked_systems(draw) -> Tuple[int, List[Spec]]:
    """A forest of required links (``x[v] == x[parent] + k``, as views placed from their
    neighbours) with a few random constraints, in a drawn order: links arrive after the
    definitions that mention their variables, so the solver must move definitions to keep
    them out of the tableau."""
    n = draw(st.integers(2, 8))
    links = []
    for v in range(1, n):
        if draw(st.booleans()) or v == 1:
            parent = draw(st.integers(0, v - 1))
            links.append(Spec((v, parent), (1, -1), float(draw(st.integers(-20, 20))), 0, REQUIRED))
    extra = draw(st.lists(specs(n), max_size=4))
    return n, draw(st.permutations(links + extra))


def draw_system(rng: random.Random, max_constraints: int = 10) -> Tuple[int, List[Spec]]:
    """The distribution of systems() drawn from a plain random.Random, outside hypothesis
    (test_adversarial.py, benchmarks/lp_crosscheck.py)."""
    n = rng.randint(1, 6)
    drawn = []
    for _ in range(rng.randint(1, max_constraints)):
        count = rng.randint(1, min(3, n))
        variables = tuple(rng.sample(range(n), count))
        coefficients = tuple(rng.choice([-3, -2, -1, 1, 2, 3]) for _ in range(count))
        drawn.append(Spec(variables, coefficients, float(rng.randint(-20, 20)),
                          rng.choice([-1, 0, 1]), rng.choice(PRIORITIES)))
    return n, drawn


# ------------------------------------------------------------------------------------------------
# The LP reference
# ------------------------------------------------------------------------------------------------


def _rows(constraints: Sequence[Spec], n: int, width: int):
    """A_ub, b_ub, A_eq, b_eq for hard constraints over the first n of `width` LP columns."""
    a_ub, b_ub, a_eq, b_eq = [], [], [], []
    for spec in constraints:
        _append_row(spec, _coefficient_row(spec, width), a_ub, b_ub, a_eq, b_eq)
    return a_ub, b_ub, a_eq, b_eq


def _coefficient_row(spec: Spec, width: int):
    """The spec's coefficients over `width` LP columns (its variables are the first ones)."""
    row = np.zeros(width)
    for v, c in zip(spec.variables, spec.coefficients):
        row[v] += c
    return row


def _append_row(spec: Spec, row, a_ub, b_ub, a_eq, b_eq) -> None:
    """Appends `row · x + constant  relation  0` to the equalities or the upper bounds."""
    if spec.relation == 0:
        a_eq.append(row)
        b_eq.append(-spec.constant)
    elif spec.relation < 0:
        a_ub.append(row)
        b_ub.append(-spec.constant)
    else:
        a_ub.append(-row)
        b_ub.append(spec.constant)


def _linprog(cost, a_ub, b_ub, a_eq, b_eq, bounds, presolve: bool = True):
    return optimize.linprog(
        cost,
        A_ub=np.array(a_ub) if a_ub else None,
        b_ub=np.array(b_ub) if b_ub else None,
        A_eq=np.array(a_eq) if a_eq else None,
        b_eq=np.array(b_eq) if b_eq else None,
        bounds=bounds,
        method="highs",
        options={"presolve": presolve, "primal_feasibility_tolerance": 1e-10,
                 "dual_feasibility_tolerance": 1e-10},
    )


def feasible(constraints: Sequence[Spec], n: int) -> bool:
    """Whether the constraints (all taken as hard) have a common solution."""
    if not constraints:
        return True
    a_ub, b_ub, a_eq, b_eq = _rows(constraints, n, n)
    result = _linprog(np.zeros(n), a_ub, b_ub, a_eq, b_eq, [(None, None)] * n)
    assert result.status in (0, 2), result.message
    return result.status == 0


def _error_program(required: Sequence[Spec], optional: Sequence[Spec], n: int):
    """The LP over x and the errors (e+, e-) of each optional constraint: required constraints
    hard, each optional one as `residual - e+ + e-  RELATION  0`. Returns the rows, the bounds
    and the column count."""
    width = n + 2 * len(optional)  # x, then e+ and e- of each optional constraint
    a_ub, b_ub, a_eq, b_eq = _rows(required, n, width)
    for i, spec in enumerate(optional):
        row = _coefficient_row(spec, width)
        row[n + 2 * i] = -1.0  # e+
        row[n + 2 * i + 1] = 1.0  # e-
        _append_row(spec, row, a_ub, b_ub, a_eq, b_eq)
    bounds = [(None, None)] * n + [(0, None)] * (2 * len(optional))
    return a_ub, b_ub, a_eq, b_eq, bounds, width


def _level_mask(optional: Sequence[Spec], n: int, width: int, level: float):
    """The cost vector summing the errors of the optional constraints at `level`."""
    mask = np.zeros(width)
    for i, spec in enumerate(optional):
        if spec.priority == level:
            mask[n + 2 * i] = mask[n + 2 * i + 1] = 1.0
    return mask


def level_optima(required: Sequence[Spec], optional: Sequence[Spec], n: int) -> Dict[float, float]:
    """The lexicographic optimum: per optional priority, the minimal sum of absolute errors."""
    a_ub, b_ub, a_eq, b_eq, bounds, width = _error_program(required, optional, n)
    optima: Dict[float, float] = {}
    for level in sorted({s.priority for s in optional}, reverse=True):
        mask = _level_mask(optional, n, width, level)
        result = _linprog(mask, a_ub, b_ub, a_eq, b_eq, bounds)
        assert result.status == 0, result.message
        optima[level] = float(result.fun)
        a_ub.append(mask)  # fix this level before the next
        b_ub.append(result.fun + 1e-9 * max(1.0, abs(result.fun)))
    return optima


def assert_conflict_is_minimal(conflict: Sequence[Spec], rejected: Spec, n: int) -> None:
    assert not feasible(list(conflict) + [rejected], n), "the reported conflict is feasible"
    for k in range(len(conflict)):
        rest = [c for j, c in enumerate(conflict) if j != k]
        assert feasible(rest + [rejected], n), f"the conflict is not minimal (member {k})"


# ------------------------------------------------------------------------------------------------
# Driving Tether
# ------------------------------------------------------------------------------------------------


def linear(spec: Spec, variables) -> LinearConstraint:
    expression = Expression(
        [Term(variables[v], c) for v, c in zip(spec.variables, spec.coefficients)], spec.constant
    )
    return LinearConstraint(expression, Relation(spec.relation))


def check_solution(
    solver: Solver, variables, n: int, required: List[Spec], optional: List[Spec]
) -> None:
    solver.update()
    solver.check()
    x = solver.values(variables)
    for spec in required:
        assert abs(spec.error(x)) <= 1e-7 * spec.scale(x), (spec, x)
    optima = level_optima(required, optional, n)
    for level, optimum in optima.items():
        got = sum(spec.error(x) for spec in optional if spec.priority == level)
        assert abs(got - optimum) <= 1e-6 * max(1.0, abs(optimum)), (level, got, optimum, x)


def add_one_by_one(n: int, constraints: List[Spec]):
    solver = Solver()
    variables = [solver.variable(f"x{i}") for i in range(n)]
    accepted_required: List[Spec] = []
    optional: List[Spec] = []
    spec_of: Dict[int, Spec] = {}
    rejections = 0
    for spec in constraints:
        try:
            made = solver.add(linear(spec, variables), priority=spec.priority)
        except UnsatisfiableConstraintError as error:
            rejections += 1
            assert spec.required, "an optional constraint was rejected"
            assert not feasible(accepted_required + [spec], n), "a feasible constraint was rejected"
            conflict = [spec_of[c.id] for c in error.conflicts]
            assert all(c.required and c.added for c in error.conflicts)
            assert_conflict_is_minimal(conflict, spec, n)
            solver.free(error.constraint)
            continue
        spec_of[made.id] = spec
        (accepted_required if spec.required else optional).append(spec)
    return solver, variables, accepted_required, optional, spec_of, rejections


# ------------------------------------------------------------------------------------------------
# Properties
# ------------------------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(systems())
def test_incremental_adds_match_the_lp_reference(system) -> None:
    n, constraints = system
    solver, variables, required, optional, _, rejections = add_one_by_one(n, constraints)
    all_required = [s for s in constraints if s.required]
    if not feasible(all_required, n):
        assert rejections > 0, "infeasible required constraints were all accepted"
    else:
        assert rejections == 0
    check_solution(solver, variables, n, required, optional)
    solver.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(linked_systems())
def test_links_in_any_order_match_the_lp_reference(system) -> None:
    n, constraints = system
    solver, variables, required, optional, _, rejections = add_one_by_one(n, constraints)
    if feasible([s for s in constraints if s.required], n):
        assert rejections == 0
    check_solution(solver, variables, n, required, optional)
    solver.check()
    solver.close()


def test_a_chain_in_a_shuffled_order_is_held_as_definitions() -> None:
    """Links added one at a time, each after the links on both sides of it: every one is
    still a definition (no tableau row), and the tops are where the chain puts them."""
    count = 300
    for seed in range(4):
        order = list(range(count))
        random.Random(seed).shuffle(order)
        solver = Solver()
        tops = [solver.variable(f"t{i}") for i in range(count)]
        for i in order:
            solver.add(tops[0] == 10 if i == 0 else tops[i] == tops[i - 1] + 44)
        solver.update()
        stats = solver.stats
        assert (stats.definitions, stats.rows) == (count, 0), f"seed {seed}"
        assert [t.value for t in tops[::50]] == [10 + 44 * i for i in range(0, count, 50)]
        solver.close()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(systems())
def test_batch_add_is_all_or_nothing(system) -> None:
    n, constraints = system
    solver = Solver()
    variables = [solver.variable(f"x{i}") for i in range(n)]
    required = [s for s in constraints if s.required]
    optional = [s for s in constraints if not s.required]
    items = [solver.constraint(linear(s, variables), s.priority) for s in constraints]
    spec_of = {c.id: s for c, s in zip(items, constraints)}
    try:
        solver.add_all(items)
    except UnsatisfiableConstraintError as error:
        assert not feasible(required, n), "a feasible batch was rejected"
        assert error.index is not None and constraints[error.index].required
        assert error.constraint is items[error.index]
        conflict = [spec_of[c.id] for c in error.conflicts]
        assert all(s.required for s in conflict)
        assert_conflict_is_minimal(conflict, constraints[error.index], n)
        assert not any(c.added for c in items)
        assert solver.stats.added == 0
        solver.update()
        assert solver.values(variables) == [0.0] * n
        solver.check()
        return
    assert feasible(required, n), "an infeasible batch was accepted"
    assert all(c.added for c in items)
    check_solution(solver, variables, n, required, optional)


@st.composite
def edited_systems(draw):
    n, constraints = draw(systems(max_constraints=8))
    edits = draw(
        st.lists(
            st.tuples(
                st.integers(0, n - 1),
                st.sampled_from(OPTIONAL_PRIORITIES),
                st.lists(st.integers(-30, 30), min_size=1, max_size=3),
            ),
            max_size=3,
            unique_by=lambda e: e[0],
        )
    )
    operations = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["remove", "constant", "readd", "priority"]),
                st.integers(0, len(constraints) - 1),
                st.integers(-25, 25),
                st.sampled_from(OPTIONAL_PRIORITIES),
            ),
            max_size=6,
        )
    )
    return n, constraints, edits, operations


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited_systems())
def test_edits_and_changes_match_the_lp_reference(case) -> None:
    """Edit variables with suggestions, constant and priority changes, removals and re-adds."""
    n, constraints, edits, operations = case
    solver, variables, _, _, spec_of, _ = add_one_by_one(n, constraints)
    apply_edits_and_changes(solver, variables, n, spec_of, edits, operations)


def _direct(function, *args):
    return function(*args)


def apply_edits_and_changes(solver, variables, n: int, spec_of, edits, operations,
                            reference=_direct) -> int:
    """Applies `edits` (edit variables and their suggestions) and `operations` (remove, re-add,
    change a constant, change an optional priority) to a solver from add_one_by_one, checks
    every rejection against the reference (it was infeasible, its conflict is minimal, nothing
    changed), then checks the solution. Returns the number of rejections.

    `reference(function, *args)` runs the reference's helpers (benchmarks/lp_crosscheck.py turns
    a failure of HiGHS itself into its own exception)."""
    rejections = 0
    live = {c_id: spec for c_id, spec in spec_of.items()}  # added constraints -> current spec
    handles = {c_id: solver._constraint_for(c_id) for c_id in live}
    removed: Dict[int, Spec] = {}

    for variable, priority, values in edits:
        solver.add_edit_variable(variables[variable], priority)
        for value in values:
            solver.suggest(variables[variable], value)

    for kind, index, number, priority in operations:
        ids = sorted(live) if kind != "readd" else sorted(removed)
        if not ids:
            continue
        c_id = ids[index % len(ids)]
        constraint = handles[c_id]
        if kind == "remove":
            solver.remove(constraint)
            removed[c_id] = live.pop(c_id)
        elif kind == "readd":
            spec = removed.pop(c_id)
            try:
                solver.add(constraint)
            except UnsatisfiableConstraintError as error:
                rejections += 1
                required_now = [s for s in live.values() if s.required]
                assert spec.required, "an optional constraint was rejected on re-add"
                assert not reference(feasible, required_now + [spec], n), \
                    "a feasible re-add was rejected"
                reference(assert_conflict_is_minimal, [live[c.id] for c in error.conflicts],
                          spec, n)
                removed[c_id] = spec
                continue
            live[c_id] = spec
        elif kind == "constant":
            spec = live[c_id]
            changed = spec.with_constant(float(number))
            try:
                constraint.constant = number
            except UnsatisfiableConstraintError as error:
                rejections += 1
                others = [s for k, s in live.items() if k != c_id and s.required]
                assert spec.required, "an optional constant change was rejected"
                assert not reference(feasible, others + [changed], n), \
                    "a feasible constant change was rejected"
                assert c_id not in {c.id for c in error.conflicts}
                reference(assert_conflict_is_minimal, [live[c.id] for c in error.conflicts],
                          changed, n)
                assert constraint.constant == spec.constant, "a rejected change was kept"
                continue
            live[c_id] = changed
        else:  # priority: optional -> optional only while added
            spec = live[c_id]
            if spec.required:
                continue
            constraint.priority = priority
            live[c_id] = Spec(spec.variables, spec.coefficients, spec.constant, spec.relation, priority)

    optional = [s for s in live.values() if not s.required]
    for variable, priority, values in edits:
        optional.append(Spec((variable,), (1,), -float(values[-1]), 0, priority))
    required = [s for s in live.values() if s.required]
    reference(check_solution, solver, variables, n, required, optional)
    return rejections


def test_reference_detects_a_wrong_solution() -> None:
    """The checker is not a tautology: a deliberately wrong level sum fails it."""
    n = 1
    required = [Spec((0,), (1,), -10.0, 1, REQUIRED)]  # x >= 10
    optional = [Spec((0,), (1,), 0.0, 0, 500.0)]  # x == 0 @500
    assert level_optima(required, optional, n) == {500.0: pytest.approx(10.0)}
    assert not feasible(required + [Spec((0,), (1,), -5.0, -1, REQUIRED)], n)  # x <= 5
    with pytest.raises(AssertionError):
        assert_conflict_is_minimal(required + [Spec((0,), (1,), 0.0, 1, REQUIRED)],
                                   Spec((0,), (1,), -5.0, -1, REQUIRED), n)


def reference_range(required: Sequence[Spec], optional: Sequence[Spec], n: int, var: int) -> Tuple[float, float]:
    """min and max of x[var] over the lexicographically optimal solutions (every level fixed at
    its optimum), with scipy; ±inf when unbounded.

    Fixing every level at once is ill-conditioned: HiGHS's presolve sometimes calls an exactly
    optimal instance infeasible, and a loose bound lets the range drift. So presolve is off and
    the bound starts tight (1e-9), loosening only if HiGHS still finds it infeasible."""
    a_ub0, b_ub0, a_eq, b_eq, bounds, width = _error_program(required, optional, n)
    optima = level_optima(required, optional, n)
    for slack in (1e-9, 1e-8, 1e-7):
        a_ub, b_ub = list(a_ub0), list(b_ub0)
        for level, optimum in optima.items():
            a_ub.append(_level_mask(optional, n, width, level))
            b_ub.append(optimum + slack * max(1.0, abs(optimum)))
        ends = []
        for sign in (1.0, -1.0):
            cost = np.zeros(width)
            cost[var] = sign
            result = _linprog(cost, a_ub, b_ub, a_eq, b_eq, bounds, presolve=False)
            if result.status == 2:
                break
            assert result.status in (0, 3), result.message
            ends.append(sign * float(result.fun) if result.status == 0 else -sign * math.inf)
        if len(ends) == 2:
            return ends[0], ends[1]
    raise AssertionError("the reference could not fix the levels (infeasible at every slack)")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(systems(max_constraints=8))
def test_value_ranges_match_the_lp_reference(system) -> None:
    """The range of each variable over the optimal solutions (what ambiguity checks use), asked
    one at a time and all at once, equals the reference's min and max over the optimal face."""
    n, constraints = system
    solver, variables, required, optional, _, _ = add_one_by_one(n, constraints)
    together = solver.value_ranges(variables)  # all at once: the definitions expanded once
    for i, variable in enumerate(variables):
        lower, upper = solver.value_range(variable)
        want_lower, want_upper = reference_range(required, optional, n, i)
        for got, want in ((lower, want_lower), (upper, want_upper),
                          (together[i][0], want_lower), (together[i][1], want_upper)):
            if math.isinf(want):
                assert got == want, (i, lower, upper, want_lower, want_upper)
            else:
                assert got == pytest.approx(want, rel=1e-5, abs=1e-5), (i, lower, upper, want_lower, want_upper)
    solver.check()
