"""What the binding refuses before anything crosses into C, and how (issue 20, items 5, 6, 7, 13):
copies of objects that refer to library objects, integers that ctypes would wrap around, and
priorities a C ``float`` would change. Each refusal is a specific exception, and the engine or
solver is exactly as it was."""

from __future__ import annotations

import copy
import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tether
from tether import (
    Attribute,
    Constraint,
    InvalidArgumentError,
    LayoutDirection,
    LayoutGuide,
    Relation,
    SemanticContentAttribute,
    StackView,
    View,
    solver,
)


@pytest.fixture
def screen(engine):
    root = View(frame=(0, 0, 200, 100), engine=engine)
    child = View(engine=engine)
    child.translates_autoresizing_mask_into_constraints = False
    root.add_subview(child)
    return root, child


# -- copies (item 5) -----------------------------------------------------------------------------

def test_engines_solvers_and_what_lives_in_them_cannot_be_copied(engine, screen) -> None:
    root, child = screen
    guide = LayoutGuide(engine=engine)
    root.add_layout_guide(guide)
    constraint = child.width == 40
    raw = solver.Solver()
    variable = raw.variable("x")
    for obj in (engine, raw, root, child, guide, constraint, variable):
        for attempt in (copy.copy, copy.deepcopy, pickle.dumps):
            with pytest.raises(TypeError, match="cannot be (copied|pickled)"):
                attempt(obj)
    # Nothing was freed by a copy going away: the engine and the solver still work.
    constraint.active = True
    root.layout_if_needed()
    assert child.frame.width == 40
    raw.add(variable == 3)
    raw.update()
    assert variable.value == 3
    raw.close()


# -- setters that raise change nothing (item 6) --------------------------------------------------

def test_a_direction_that_does_not_fit_changes_nothing(engine, screen) -> None:
    root, child = screen
    for bad in (2**32 + 1, 2**31, -(2**31) - 1, 2**64):
        with pytest.raises(InvalidArgumentError, match="out of range"):
            engine.default_direction = bad
        assert engine.default_direction == LayoutDirection.LEFT_TO_RIGHT
        assert child.effective_user_interface_layout_direction == LayoutDirection.LEFT_TO_RIGHT


def test_a_semantic_attribute_that_does_not_fit_changes_nothing(screen) -> None:
    root, _ = screen
    with pytest.raises(InvalidArgumentError, match="out of range"):
        root.semantic_content_attribute = 2**32 + SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
    assert root.semantic_content_attribute == SemanticContentAttribute.UNSPECIFIED
    assert root.effective_user_interface_layout_direction == LayoutDirection.LEFT_TO_RIGHT


# -- integers ctypes would wrap (item 7) ---------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2**63, max_value=2**70))
def test_huge_indexes_are_refused_and_insert_nothing(huge) -> None:
    with tether.Engine() as engine:
        root = View(frame=(0, 0, 10, 10), engine=engine)
        first, loner = View(engine=engine), View(engine=engine)
        root.add_subview(first)
        with pytest.raises(InvalidArgumentError, match=f"index {huge} is out of range"):
            root.insert_subview(loner, huge)
        assert root.subviews == [first] and loner.superview is None
        stack = StackView(engine=engine)
        with pytest.raises(InvalidArgumentError, match=f"index {huge} is out of range"):
            stack.insert_arranged_subview(loner, huge)
        assert stack.arranged_subviews == [] and loner.superview is None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([2**32, 2**32 + 1, 2**40 + 7, -(2**31) - 1]))
def test_enums_that_do_not_fit_an_int32_are_refused(bad) -> None:
    with tether.Engine() as engine:
        view = View(engine=engine)
        with pytest.raises(InvalidArgumentError, match="out of range"):
            Constraint(view, bad, Relation.EQUAL, constant=1)
        with pytest.raises(InvalidArgumentError, match="out of range"):
            Constraint(view, Attribute.WIDTH, bad, constant=1)


def test_counts_that_do_not_fit_a_size_t_are_refused() -> None:
    raw = solver.Solver()
    before = raw.dump()
    for bad in (2**63, 2**64, 2**64 + 3):
        with pytest.raises(InvalidArgumentError, match="out of range"):
            raw.variables(bad)
    assert raw.dump() == before
    raw.close()


# -- priorities a C float would change (item 13) -------------------------------------------------

@pytest.mark.parametrize("given_value, shown", [(1000.0001, "1000.0001"), (1e39, "1e+39"),
                                                (1001, "1001"), (float("inf"), "inf")])
def test_a_priority_message_shows_the_priority_as_given(screen, given_value, shown) -> None:
    _, child = screen
    with pytest.raises(InvalidArgumentError, match=re.escape(f"illegal to set priority:{shown}.")):
        Constraint(child, Attribute.WIDTH, Relation.EQUAL, constant=1, priority=given_value)
    constraint = child.width == 10
    with pytest.raises(InvalidArgumentError, match=re.escape(f"priority:{shown}.")):
        constraint.priority = given_value
    assert constraint.priority == 1000


def test_a_priority_a_float_would_change_is_refused(screen) -> None:
    _, child = screen
    for value, becomes in ((1e-50, "0.0"), (999.99999999, "1000.0")):
        with pytest.raises(InvalidArgumentError, match=f"would become {becomes}"):
            Constraint(child, Attribute.WIDTH, Relation.EQUAL, constant=1, priority=value)
        with pytest.raises(InvalidArgumentError, match=f"would become {becomes}"):
            child.set_content_hugging_priority(value, tether.Axis.HORIZONTAL)
    assert child.content_hugging_priority(tether.Axis.HORIZONTAL) == 250


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=0.001, max_value=1000, allow_nan=False).map(lambda x: round(x, 3)))
def test_a_priority_a_float_keeps_is_read_back_as_given(value) -> None:
    with tether.Engine() as engine:
        view = View(engine=engine)
        try:
            constraint = Constraint(view, Attribute.WIDTH, Relation.EQUAL, constant=1, priority=value)
        except InvalidArgumentError as error:
            assert "cannot be held" in str(error)  # more digits than a float keeps
            return
        assert constraint.priority == value
        view.set_content_compression_resistance_priority(value, tether.Axis.VERTICAL)
        assert view.content_compression_resistance_priority(tether.Axis.VERTICAL) == value
