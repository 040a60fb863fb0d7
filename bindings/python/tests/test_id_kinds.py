"""Ids carry their kind (issue 24, item 1): where Python takes raw ids, a constraint's id given for
a variable raises InvalidIdError naming both kinds, and nothing is read or made.

A solver's first variable and first constraint share a slot; before 0.9 their ids were equal, so
``values([constraint.id])`` read the variable in that slot.
"""

from __future__ import annotations

import pytest

from tether import InvalidIdError, Solver


@pytest.fixture
def solver():
    with Solver() as s:
        yield s


def test_a_constraint_id_is_not_a_variable_id(solver):
    x = solver.variable("x")
    c = solver.constraint(x == 5)
    solver.add(c)
    solver.update()
    assert x.id != c.id
    assert x.id & 0x3FFFFFFF == c.id & 0x3FFFFFFF  # the same slot: only the kind tells them apart
    assert solver.values([x.id]) == [5.0]
    with pytest.raises(InvalidIdError, match="solver constraint id, not a solver variable id"):
        solver.values([c.id])
    # One id format (issue 24, item 13): hex in messages and reprs, as in descriptions.
    assert repr(c) == f"<tether.solver.Constraint {c.id:#x}: {c}>"
    with pytest.raises(InvalidIdError, match=f"invalid variable id {c.id:#x}:"):
        solver.values([c.id])


def test_a_constraint_id_in_a_batch_of_terms_makes_nothing(solver):
    x = solver.variable("x")
    c = solver.constraint(x == 5)
    before = solver.stats.constraints
    with pytest.raises(InvalidIdError, match="which is a solver constraint id, not a solver variable id"):
        solver.constraints([1], [c.id], [1.0], [0.0])
    assert solver.stats.constraints == before


def test_ids_of_each_kind_differ_in_an_engine():
    import tether

    engine = tether.Engine()
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    child = tether.View(engine=engine)
    root.add_subview(child)
    width = child.width == 40
    # The first view and the first constraint share slot 1; their ids differ only by the kind.
    assert root.id & 0x3FFFFFFF == width.id & 0x3FFFFFFF
    assert root.id != width.id
    assert str(width).startswith(f"<NSLayoutConstraint:{width.id & (2**52 - 1):#x} ")
    engine.close()
