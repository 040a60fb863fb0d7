"""Layout constraints through the binding: anchor operators, tether.Constraint, properties,
activation, Apple's validation errors, conflicts and diagnostics."""

from __future__ import annotations

import logging
import math
from typing import List

import pytest

from helpers import shown_id
import tether
from tether.diagnostics import Diagnostic
from tether import (
    Attribute,
    Constraint,
    DimensionAnchor,
    Engine,
    InvalidArgumentError,
    InvalidPairingError,
    InvalidStateError,
    LayoutGuide,
    Relation,
    View,
    XAnchor,
    YAnchor,
)


@pytest.fixture
def views(engine: Engine):
    """A root (320 x 480) with two constrained subviews a and b."""
    root = View(frame=(0, 0, 320, 480), engine=engine)
    a, b = View(engine=engine), View(engine=engine)
    for view in (a, b):
        view.translates_autoresizing_mask_into_constraints = False
        root.add_subview(view)
    a.identifier, b.identifier = "a", "b"
    return root, a, b


# ------------------------------------------------------------------------------------------------
# Anchors and operators
# ------------------------------------------------------------------------------------------------


def test_anchor_types(views) -> None:
    root, a, b = views
    for name in ("left", "right", "leading", "trailing", "center_x", "left_margin",
                 "right_margin", "leading_margin", "trailing_margin", "center_x_within_margins"):
        assert type(getattr(a, name)) is XAnchor, name
    for name in ("top", "bottom", "center_y", "first_baseline", "last_baseline", "top_margin",
                 "bottom_margin", "center_y_within_margins"):
        assert type(getattr(a, name)) is YAnchor, name
    assert type(a.width) is DimensionAnchor and type(a.height) is DimensionAnchor
    assert a.center_x_within_margins.attribute is Attribute.CENTER_X_WITHIN_MARGINS
    assert a.leading.item is a
    assert repr(a.leading) == f"<tether.XAnchor View:{shown_id(a)}'a'.leading>"
    assert a.leading.name == f"{a.debug_name}.leading"
    guide = LayoutGuide(engine=root.engine)
    for name in ("left", "right", "leading", "trailing", "center_x", "top", "bottom",
                 "center_y", "width", "height"):
        assert getattr(guide, name).item is guide
    for name in ("left_margin", "first_baseline", "last_baseline", "center_x_within_margins"):
        assert not hasattr(guide, name), name  # guides have edge, center and size anchors only


def test_operators_build_inactive_constraints(views) -> None:
    root, a, b = views
    c = a.left == b.right + 8
    assert isinstance(c, Constraint) and not c.active
    assert (c.first_item, c.first_attribute, c.relation) == (a, Attribute.LEFT, Relation.EQUAL)
    assert (c.second_item, c.second_attribute) == (b, Attribute.RIGHT)
    assert (c.multiplier, c.constant, c.priority) == (1, 8, 1000)
    A, B = a.debug_name, b.debug_name
    assert (A, B) == (f"View:{shown_id(a)}'a'", f"View:{shown_id(b)}'b'")
    assert str(c) == f"<NSLayoutConstraint:{shown_id(c)} H:[{B}]-(8)-[{A}](LTR)   (inactive)>"

    c = a.width >= b.width * 0.5 + 10
    assert c.relation is Relation.GREATER_THAN_OR_EQUAL
    assert (c.multiplier, c.constant) == (0.5, 10)
    assert str(c) == f"<NSLayoutConstraint:{shown_id(c)} {A}.width >= 0.5*{B}.width + 10   (inactive)>"

    c = a.height == 100
    assert c.second_item is None and c.second_attribute is Attribute.NOT_AN_ATTRIBUTE
    assert c.constant == 100 and c.multiplier == 1  # as UIKit reports it
    assert str(c) == f"<NSLayoutConstraint:{shown_id(c)} V:[{A}(100)]   (inactive)>"

    c = a.left <= b.left - 3
    assert c.relation is Relation.LESS_THAN_OR_EQUAL and c.constant == -3
    assert str(c) == f"<NSLayoutConstraint:{shown_id(c)} {A}.left <= {B}.left - 3   (inactive)>"

    c = a.width == (b.width + 10) * 2
    assert (c.multiplier, c.constant) == (2, 20)
    c = a.height == b.height / 4 - 1
    assert (c.multiplier, c.constant) == (0.25, -1)
    c = a.width == 3 * b.width
    assert c.multiplier == 3
    c = a.width == 5 + b.width
    assert c.constant == 5
    c = a.height >= 44
    assert c.relation is Relation.GREATER_THAN_OR_EQUAL
    c = 44 <= a.height  # mirrored by Python
    assert c.relation is Relation.GREATER_THAN_OR_EQUAL and c.first_item is a
    c = b.right + 8 <= a.left  # an expression on the left is mirrored too
    assert (c.first_item, c.relation, c.second_item, c.constant) == (
        a, Relation.GREATER_THAN_OR_EQUAL, b, 8)
    c = b.right + 8 == a.left
    assert (c.first_item, c.relation, c.constant) == (a, Relation.EQUAL, 8)


def test_operator_misuse_raises_type_error(views) -> None:
    root, a, b = views
    with pytest.raises(TypeError):
        a.left != b.left
    with pytest.raises(TypeError):
        a.left < b.left
    with pytest.raises(TypeError):
        a.width > 10
    with pytest.raises(TypeError):
        a.left == "b.left"
    with pytest.raises(TypeError):
        a.left - b.left  # offset anchors are not supported
    with pytest.raises(TypeError):
        (a.width + 1) == 10
    with pytest.raises(TypeError):
        (a.width + 1) == (b.width + 1)
    with pytest.raises(TypeError):
        bool(a.left)
    with pytest.raises(TypeError):
        {a.left}
    with pytest.raises(ZeroDivisionError):
        a.width / 0


def test_constraint_constructor(views) -> None:
    root, a, b = views
    c = Constraint(a, Attribute.WIDTH, Relation.EQUAL, b, Attribute.WIDTH,
                   multiplier=0.5, constant=10, priority=750)
    assert (c.multiplier, c.constant, c.priority) == (0.5, 10, 750)
    assert not c.active
    c = Constraint(a, Attribute.HEIGHT, "<=", constant=50)
    assert c.relation is Relation.LESS_THAN_OR_EQUAL and c.second_item is None
    c = Constraint(a, 9, 0, root, 9)  # plain ints are Apple's raw values
    assert c.first_attribute is Attribute.CENTER_X
    c = Constraint(a, Attribute.LEFT, Relation.EQUAL, root, Attribute.RIGHT, multiplier=0.5)
    assert c.multiplier == 0.5  # a multiplier on locations is accepted, as Apple does
    with pytest.raises(ValueError):
        Constraint(a, Attribute.LEFT, "=", root, Attribute.LEFT)
    with pytest.raises(TypeError):
        Constraint("a", Attribute.LEFT, Relation.EQUAL, root, Attribute.LEFT)  # type: ignore
    with pytest.raises(TypeError):
        Constraint(a, Attribute.LEFT, Relation.EQUAL, root, Attribute.LEFT, constant="1")


def test_mutable_properties(views) -> None:
    root, a, b = views
    c = a.width == 100
    c.constant = 120.5
    c.priority = 999.5
    c.identifier = "w"
    assert (c.constant, c.priority, c.identifier) == (120.5, 999.5, "w")
    assert str(c) == (f"<NSLayoutConstraint:{shown_id(c)} 'w' H:[{a.debug_name}(120.5@999.5)] "
                      "priority:999.5   (inactive)>")
    assert c.description == str(c)
    assert c.with_priority(250) is c and c.priority == 250
    assert c.with_identifier("x") is c and c.identifier == "x"
    assert "inactive" in repr(c)
    c.active = True
    assert c.active and "(active)" in repr(c)
    c.active = False
    assert not c.active


def test_activate_and_deactivate_batches(views) -> None:
    root, a, b = views
    batch = [a.left == root.left, a.top == root.top, a.width == 10, a.height == 10]
    tether.activate(batch)
    assert all(c.active for c in batch)
    tether.activate(batch)  # already active: harmless
    tether.deactivate(batch[:2])
    assert [c.active for c in batch] == [False, False, True, True]
    tether.activate(iter(batch))
    tether.activate([])
    tether.deactivate([])
    with pytest.raises(TypeError):
        tether.activate([batch[0], "c"])  # type: ignore[list-item]


def test_activate_across_engines_uses_one_call_each(views) -> None:
    root, a, b = views
    with Engine() as other:
        x = View(engine=other)
        batch = [a.width == 1, x.width == 2, b.width == 3]
        tether.activate(batch)
        assert all(c.active for c in batch)
        tether.deactivate(batch)
        assert not any(c.active for c in batch)


# ------------------------------------------------------------------------------------------------
# Validation: Apple's rules and messages
# ------------------------------------------------------------------------------------------------


def test_mixing_axes_is_an_invalid_pairing(views) -> None:
    root, a, b = views
    for make in (lambda: a.left == b.top, lambda: a.top >= b.center_x + 2,
                 lambda: a.width == b.left, lambda: a.left == b.height * 2,
                 lambda: a.first_baseline == b.leading):
        with pytest.raises(InvalidPairingError) as info:
            make()
        assert isinstance(info.value, TypeError)
        assert isinstance(info.value, InvalidArgumentError)
        assert isinstance(info.value, tether.TetherError)
        assert "Invalid pairing of layout attributes" in str(info.value)
        assert info.value.status == tether._ffi.E_INVALID_ARGUMENT
    with pytest.raises(InvalidPairingError):
        Constraint(a, Attribute.LEFT, Relation.EQUAL, b, Attribute.TOP)


def _outcome(make):
    """What ``make()`` gives: its constraint's fields, or its exception's class and message."""
    try:
        made = make()
    except Exception as error:  # noqa: BLE001 - the outcome is what is compared
        return type(error), str(error)
    return (made.first_item, made.first_attribute, made.relation, made.second_item,
            made.second_attribute, made.multiplier, made.constant, made.priority, made.active)


def test_operators_make_and_refuse_what_the_constructor_does(engine: Engine) -> None:
    """Anchors' operators take a shorter path into the library than Constraint(...) (issue 21):
    each operator below gives the same constraint, or raises the same exception with the same
    message, as the constructor with the same arguments."""
    root = View(frame=(0, 0, 320, 480), engine=engine)
    a, b, gone = View(engine=engine), View(engine=engine), View(engine=engine)
    for view in (a, b, gone):
        root.add_subview(view)
    gone.free()
    guide = LayoutGuide(engine=engine)
    other = Engine()
    stranger = View(engine=other)
    A, EQ, GE, LE = Attribute, Relation.EQUAL, Relation.GREATER_THAN_OR_EQUAL, Relation.LESS_THAN_OR_EQUAL
    cases = [
        (lambda: a.leading == b.trailing + 8, (a, A.LEADING, EQ, b, A.TRAILING, 1.0, 8.0)),
        (lambda: a.width == b.height * 0.5 - 2, (a, A.WIDTH, EQ, b, A.HEIGHT, 0.5, -2.0)),
        (lambda: a.width >= 44, (a, A.WIDTH, GE, None, A.NOT_AN_ATTRIBUTE, 1.0, 44.0)),
        (lambda: a.top <= guide.bottom, (a, A.TOP, LE, guide, A.BOTTOM, 1.0, 0.0)),
        (lambda: a.left == b.top, (a, A.LEFT, EQ, b, A.TOP, 1.0, 0.0)),
        (lambda: a.left == 10, (a, A.LEFT, EQ, None, A.NOT_AN_ATTRIBUTE, 1.0, 10.0)),
        (lambda: a.leading == b.left, (a, A.LEADING, EQ, b, A.LEFT, 1.0, 0.0)),
        (lambda: a.left == b.left + math.inf, (a, A.LEFT, EQ, b, A.LEFT, 1.0, math.inf)),
        (lambda: a.width == b.width * math.nan, (a, A.WIDTH, EQ, b, A.WIDTH, math.nan, math.nan)),
        (lambda: gone.top == a.top, (gone, A.TOP, EQ, a, A.TOP, 1.0, 0.0)),
        (lambda: a.top == gone.bottom + 1, (a, A.TOP, EQ, gone, A.BOTTOM, 1.0, 1.0)),
        (lambda: a.top == stranger.top, (a, A.TOP, EQ, stranger, A.TOP, 1.0, 0.0)),
    ]
    for operator, arguments in cases:
        by_operator = _outcome(operator)
        by_constructor = _outcome(lambda: Constraint(*arguments))
        if isinstance(by_operator[0], type):
            assert by_operator == by_constructor, arguments
        else:
            assert by_operator[:5] == by_constructor[:5] and by_operator[7:] == by_constructor[7:]
            assert by_operator[5:7] == pytest.approx(by_constructor[5:7]), arguments
    assert sum(isinstance(_outcome(operator)[0], type) for operator, _ in cases) == 8
    other.close()
    with pytest.raises(tether.InvalidHandleError):
        stranger.top == stranger.bottom  # noqa: B015 - an engine closed since
    engine.close()
    with pytest.raises(tether.InvalidHandleError) as closed:
        a.top == b.top  # noqa: B015
    with pytest.raises(type(closed.value), match=str(closed.value)):
        Constraint(a, A.TOP, EQ, b, A.TOP)


def _all_rejected(makes, message: str, not_a: type) -> None:
    """Each ``make()`` raises InvalidArgumentError (not also a ``not_a``) with ``message``."""
    for make in makes:
        with pytest.raises(InvalidArgumentError) as info:
            make()
        assert not isinstance(info.value, not_a)
        assert message in str(info.value)


def test_location_equal_to_a_constant(views) -> None:
    root, a, b = views
    _all_rejected((lambda: a.left == 10, lambda: a.center_y >= 5,
                   lambda: a.left == b.left * 0 + 5,
                   lambda: Constraint(a, Attribute.TOP, Relation.EQUAL, constant=3)),
                  "location equal to a constant", InvalidPairingError)


def test_leading_with_left_is_rejected(views) -> None:
    root, a, b = views
    _all_rejected((lambda: a.leading == b.left, lambda: a.right == b.trailing_margin,
                   lambda: a.leading_margin <= root.right),
                  "leading/trailing attribute and a right/left attribute", TypeError)


def test_non_finite_numbers_are_rejected(views) -> None:
    root, a, b = views
    for make in (lambda: a.width == math.nan, lambda: a.left == b.left + math.inf,
                 lambda: a.width == b.width * math.nan):
        with pytest.raises(InvalidArgumentError, match="not finite"):
            make()
    c = a.width == 10
    with pytest.raises(InvalidArgumentError, match="not finite"):
        c.constant = math.nan
    assert c.constant == 10


def test_priorities_outside_the_range_are_rejected(views) -> None:
    root, a, b = views
    for bad in (0, -5, 1000.5, math.nan):
        with pytest.raises(InvalidArgumentError, match="illegal to set priority"):
            Constraint(a, Attribute.WIDTH, Relation.EQUAL, constant=1, priority=bad)
    c = a.width == 10
    with pytest.raises(InvalidArgumentError) as info:
        c.priority = 0
    assert str(info.value) == (
        "It's illegal to set priority:0.  Priorities must be greater than 0 and less or equal "
        "to NSLayoutPriorityRequired, which is 1000.000000."
    )
    assert c.priority == 1000


def test_a_priority_checked_once_is_checked_the_same_way_again(views) -> None:
    # Priorities that crossed once are remembered (tether._validate): the second use must give
    # the same value, and a bool, equal to 1 as a dict key, must still be refused.
    root, a, b = views
    for _ in range(2):
        c = Constraint(a, Attribute.WIDTH, Relation.EQUAL, constant=1, priority=1)
        assert c.priority == 1.0 and type(c.priority) is float
        assert Constraint(a, Attribute.WIDTH, Relation.EQUAL, constant=1, priority=999.9).priority == 999.9
        with pytest.raises(TypeError):
            Constraint(a, Attribute.WIDTH, Relation.EQUAL, constant=1, priority=True)
        with pytest.raises(InvalidArgumentError, match="cannot be held by a layout priority"):
            Constraint(a, Attribute.WIDTH, Relation.EQUAL, constant=1, priority=999.99999999)


def test_a_constraint_from_anchors_has_the_truth_value_of_the_comparison(views) -> None:
    # Issue 24, item 11: ``if a.width == b.width:`` and ``a.width in [b.width]`` were always
    # true (a constraint object is truthy). Now ``anchor == anchor`` is true only for the same
    # anchor, as solver expressions' ``x == y`` is, and other operator-made constraints refuse.
    root, a, b = views
    assert not (a.width == b.width)
    assert a.width == a.width
    assert bool(a.leading == a.leading) and not bool(a.leading == root.leading)
    assert a.width not in [b.width, b.height]
    assert a.width in [b.width, a.width]
    assert not (a.top == a.bottom)  # same item, another attribute
    for made in (a.width == 40, a.width == b.width * 2, a.top == b.bottom + 8, a.width >= b.width,
                 a.width <= 10, 40 == a.width):
        with pytest.raises(TypeError, match="has no truth value"):
            bool(made)
        with pytest.raises(TypeError, match="has no truth value"):
            if made:
                pass
    # A constraint the engine hands back, or one made with Constraint(), is an ordinary object.
    c = Constraint(a, Attribute.WIDTH, Relation.EQUAL, b, Attribute.WIDTH)
    assert bool(c)
    c.active = True
    root.layout_if_needed()
    assert all(bool(k) for k in a.constraints_affecting_layout(tether.Axis.HORIZONTAL))
    # Activation and every other use are unchanged.
    made = a.width == b.width
    made.active = True
    assert made.active


def test_anchor_plus_a_number_is_the_same_expression_in_every_spelling(views) -> None:
    # ``anchor + 8`` has a fast path (tether.anchors); it must agree with the general one.
    root, a, b = views
    fast = b.left + 8
    general = (b.left * 1) + 8
    assert (fast.anchor.item, fast.anchor.attribute, fast.multiplier, fast.constant) == (
        general.anchor.item, general.anchor.attribute, general.multiplier, general.constant)
    assert type(fast.constant) is float and (b.left + 8.5).constant == 8.5
    for c in (a.left == b.left + 8, a.left == 8 + b.left):
        assert (c.first_attribute, c.second_item, c.multiplier, c.constant) == (
            Attribute.LEFT, b, 1.0, 8.0)
    with pytest.raises(TypeError):
        b.left + True
    with pytest.raises(TypeError):
        b.left + "8"


def test_required_to_optional_on_an_active_constraint(views) -> None:
    root, a, b = views
    required = a.width == 10
    required.priority = 999  # anything goes while inactive
    required.priority = 1000
    required.active = True
    with pytest.raises(InvalidStateError) as info:
        required.priority = 999
    assert str(info.value).startswith(
        "Mutating a priority from required to not on an installed constraint (or vice-versa) "
        "is not supported.  You passed priority 999 and the existing priority was 1000."
    )
    assert required.priority == 1000
    optional = (a.height == 10).with_priority(500)
    optional.active = True
    optional.priority = 750  # optional -> optional is fine
    with pytest.raises(InvalidStateError):
        optional.priority = 1000
    assert optional.priority == 750


def test_margins_and_baselines_on_a_guide_are_rejected(views) -> None:
    root, a, b = views
    guide = LayoutGuide(engine=root.engine)
    root.add_layout_guide(guide)
    for attribute in (Attribute.LEFT_MARGIN, Attribute.FIRST_BASELINE, Attribute.LAST_BASELINE):
        with pytest.raises(InvalidArgumentError):
            Constraint(guide, attribute, Relation.EQUAL, a, attribute)
        with pytest.raises(InvalidArgumentError):
            Constraint(a, attribute, Relation.EQUAL, guide, attribute)


def test_out_of_range_enums_are_rejected(views) -> None:
    root, a, b = views
    with pytest.raises(InvalidArgumentError):
        Constraint(a, 21, Relation.EQUAL, b, Attribute.LEFT)
    with pytest.raises(InvalidArgumentError):
        Constraint(a, Attribute.WIDTH, 2, constant=1)
    with pytest.raises(InvalidArgumentError):
        Constraint(a, Attribute.NOT_AN_ATTRIBUTE, Relation.EQUAL, constant=1)
    with pytest.raises(InvalidArgumentError):
        Constraint(a, Attribute.WIDTH, Relation.EQUAL, None, Attribute.WIDTH, constant=1)


def test_no_common_ancestor(engine: Engine) -> None:
    first, second = View(engine=engine), View(engine=engine)
    good = first.width == 10
    bad = first.left == second.left
    with pytest.raises(InvalidStateError) as info:
        bad.active = True
    message = str(info.value)
    assert message.startswith("Unable to activate constraint with anchors")
    assert "because they have no common ancestor." in message
    with pytest.raises(InvalidStateError) as info:
        tether.activate([good, bad])
    assert info.value.index == 1 and info.value.constraint is bad
    assert not good.active  # the batch is all or nothing
    # A batch of one (its own shorter path) fails as the same batch with a second constraint:
    # the same class, message, index and culprit.
    with pytest.raises(InvalidStateError) as alone:
        tether.activate([bad])
    with pytest.raises(InvalidStateError) as first_of_two:
        tether.activate([bad, good])
    assert str(alone.value) == str(first_of_two.value)
    assert (alone.value.index, alone.value.constraint) == (0, bad)
    assert (first_of_two.value.index, first_of_two.value.constraint) == (0, bad)
    assert not bad.active and not good.active
    tether.activate([good])
    assert good.active
    tether.deactivate([good])
    assert not good.active
    good.free()
    with pytest.raises(tether.InvalidIdError) as freed:
        tether.activate([good])
    with pytest.raises(tether.InvalidIdError) as freed_of_two:
        tether.activate([good, bad])
    assert str(freed.value) == str(freed_of_two.value)
    assert freed.value.index == freed_of_two.value.index == 0
    with pytest.raises(tether.InvalidIdError):
        tether.deactivate([good])
    with pytest.raises(TypeError):
        tether.activate([first])  # type: ignore[list-item]


def test_removing_a_subview_deactivates_constraints_without_a_common_ancestor(views) -> None:
    root, a, b = views
    across = a.left == b.right
    own = a.width == 10
    tether.activate([across, own])
    a.remove_from_superview()
    assert not across.active
    assert own.active


# ------------------------------------------------------------------------------------------------
# Conflicts: broken constraints and diagnostics
# ------------------------------------------------------------------------------------------------


def _pinned(root: View, view: View) -> None:
    tether.activate([view.left == root.left, view.top == root.top, view.height == 10])


def test_conflict_breaks_the_newest_constraint_and_reports_it(views) -> None:
    root, a, b = views
    messages: List[str] = []
    root.engine.set_diagnostic_handler(messages.append)
    assert root.engine.diagnostic_handler is not None
    _pinned(root, a)
    old = (a.width == 100).with_identifier("old")
    new = (a.width == 200).with_identifier("new")
    tether.activate([old])
    tether.activate([new])
    root.layout_if_needed()
    assert new.active and new.broken
    assert old.active and not old.broken
    assert "broken" in repr(new)
    assert a.frame == (0, 0, 100, 10)
    assert len(messages) == 1
    assert "Unable to simultaneously satisfy constraints" in messages[0]
    assert "'old'" in messages[0] and "'new'" in messages[0]
    # Reported once.
    root.set_needs_layout()
    root.layout_if_needed()
    assert len(messages) == 1
    # Removing the conflict lets the broken constraint hold again.
    old.active = False
    root.layout_if_needed()
    assert not new.broken
    assert a.frame == (0, 0, 200, 10)
    root.engine.set_diagnostic_handler(None)
    assert root.engine.diagnostic_handler is None


def test_reports_go_to_logging_by_default_and_name_their_constraints(views, caplog, capfd) -> None:
    # Issue 24, item 12: the default wrote to file descriptor 2, which sys.stderr redirection,
    # pytest's capture and logging could not see; handlers got only text.
    root, a, b = views
    _pinned(root, a)
    wide, narrow = a.width == 100, a.width == 200
    tether.activate([wide, narrow])
    with caplog.at_level(logging.WARNING, logger="tether"):
        root.layout_if_needed()
    assert capfd.readouterr().err == "", "nothing written to file descriptor 2"
    [record] = [r for r in caplog.records if r.name == "tether"]
    assert record.levelno == logging.WARNING
    assert "Unable to simultaneously satisfy constraints" in record.getMessage()
    report = record.tether_diagnostic
    assert isinstance(report, Diagnostic) and isinstance(report, str)
    assert report.constraints == (wide, narrow) and report.broken is narrow
    # A handler gets the same Diagnostic; text handlers keep working (it is a str).
    received: List[Diagnostic] = []
    root.engine.set_diagnostic_handler(received.append)
    narrow.active = False
    root.layout_if_needed()
    widest = a.width == 300  # a new conflict
    widest.active = True
    caplog.clear()
    root.layout_if_needed()
    assert not [r for r in caplog.records if r.name == "tether"], "the handler, not the log"
    assert received and received[0].broken is widest and received[0].constraints == (wide, widest)
    assert received[0].startswith("Unable to simultaneously satisfy constraints")


def test_conflict_through_a_constant_change(views) -> None:
    root, a, b = views
    messages: List[str] = []
    root.engine.set_diagnostic_handler(messages.append)
    _pinned(root, a)
    at_least = a.width >= 50
    exact = a.width == 80
    tether.activate([at_least, exact])
    root.layout_if_needed()
    assert a.frame.width == 80 and not messages
    at_least.constant = 100
    root.layout_if_needed()
    assert messages
    broken = [c for c in (at_least, exact) if c.broken]
    assert len(broken) == 1
    at_least.constant = 60
    root.layout_if_needed()
    assert not at_least.broken and not exact.broken
    assert a.frame.width == 80


def test_module_level_diagnostic_handler_uses_the_default_engine() -> None:
    messages: List[str] = []
    tether.set_diagnostic_handler(messages.append)
    root = View(frame=(0, 0, 100, 100))
    child = View()
    try:
        assert tether.default_engine().diagnostic_handler is not None
        child.translates_autoresizing_mask_into_constraints = False
        root.add_subview(child)
        tether.activate([child.left == root.left, child.top == root.top, child.height == 1,
                         child.width == 10, child.width == 20])
        root.layout_if_needed()
        assert len(messages) == 1
    finally:
        tether.set_diagnostic_handler(None)
        root.free()
    assert tether.default_engine().diagnostic_handler is None


def test_an_exception_in_the_diagnostic_handler_propagates(views) -> None:
    root, a, b = views

    def handler(message: str) -> None:
        raise RuntimeError("handler failed: " + message[:20])

    root.engine.set_diagnostic_handler(handler)
    _pinned(root, a)
    tether.activate([a.width == 1, a.width == 2])
    with pytest.raises(RuntimeError, match="handler failed"):
        root.layout_if_needed()
    assert a.frame == (0, 0, 1, 10)  # the layout itself completed
    with pytest.raises(TypeError):
        root.engine.set_diagnostic_handler("stderr")  # type: ignore[arg-type]
    root.engine.set_diagnostic_handler(None)


def test_optional_constraints_follow_strict_priorities(views) -> None:
    root, a, b = views
    _pinned(root, a)
    tether.activate([(a.width == 0).with_priority(251)])
    tether.activate([(a.width == 100).with_priority(250) for _ in range(3)])
    root.layout_if_needed()
    assert a.frame.width == 0  # one 251 beats any number of 250s


def test_deactivating_one_of_two_identical_required_constraints(views) -> None:
    root, a, b = views
    _pinned(root, a)
    first, pull, second = a.width == 100, (a.width <= 0).with_priority(750), a.width == 100
    tether.activate([first, pull, second])
    root.layout_if_needed()
    assert a.frame.width == 100
    first.active = False
    root.layout_if_needed()
    assert second.active and not second.broken
    assert a.frame.width == 100  # got 0: the remaining required constraint is not enforced


def test_enums_print_as_their_names() -> None:
    # Issue 24, item 17: Python 3.11 prints an IntEnum as its number (`str(Axis.VERTICAL)` was
    # "1"); the package's enums print their names, and still give their numbers where asked.
    assert str(tether.Axis.VERTICAL) == "Axis.VERTICAL" == f"{tether.Axis.VERTICAL}"
    assert str(Attribute.LEADING) == "Attribute.LEADING" and str(Relation.EQUAL) == "Relation.EQUAL"
    assert f"{Attribute.LEADING:d}" == "5" and int(Attribute.LEADING) == 5 and Attribute.LEADING == 5
    mask = tether.Autoresizing.FLEXIBLE_WIDTH | tether.Autoresizing.FLEXIBLE_HEIGHT
    assert str(mask) == "Autoresizing.FLEXIBLE_WIDTH|FLEXIBLE_HEIGHT" and f"{mask:d}" == "18"
    assert str(tether.Autoresizing.NONE) == "Autoresizing.NONE"


def test_a_constrained_subview_in_one_call(engine: Engine) -> None:
    # Issue 24, item 3: one call instead of four (and no autoresizing conflicts to forget).
    root = View(frame=(0, 0, 320, 200), engine=engine)
    card = root.new_subview("card")
    badge = root.new_subview()
    assert isinstance(card, View) and root.subviews == [card, badge]
    assert card.superview is root and card.identifier == "card" and badge.identifier == ""
    assert not card.translates_autoresizing_mask_into_constraints
    tether.activate([card.leading == root.leading + 10, card.top == root.top + 10,
                     card.width == 100, card.height == 40])
    root.layout_if_needed()
    assert tuple(card.frame) == (10, 10, 100, 40)
    assert not root.broken_constraints()
    with pytest.raises(TypeError):
        root.new_subview(7)  # type: ignore[arg-type]
    assert root.subviews == [card, badge], "nothing made on error"


def test_the_constraints_a_pass_broke_and_those_naming_an_item(engine: Engine) -> None:
    # Issue 24, item 4: a broken required constraint no longer goes only to the handler.
    root = View(frame=(0, 0, 320, 200), engine=engine)
    card, badge = root.new_subview("card"), root.new_subview("badge")
    reports: List[str] = []
    engine.set_diagnostic_handler(reports.append)
    pins = [card.leading == root.leading, card.top == root.top]
    wide, narrow, tall = card.width == 200, card.width == 100, card.height == 50
    assert root.broken_constraints() == []
    tether.activate(pins + [wide, narrow, tall])
    root.layout_if_needed()
    assert len(reports) == 1
    assert badge.broken_constraints() == [narrow] and narrow.broken
    assert card.frame.width == 200
    narrow.active = False
    root.layout_if_needed()
    assert root.broken_constraints() == []
    assert card.referring_constraints() == pins + [wide, narrow, tall]
    assert root.referring_constraints() == pins
    assert badge.referring_constraints() == []
