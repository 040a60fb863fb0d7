"""Ambiguity checks: has_ambiguous_layout, ambiguities(), exercise_ambiguity_in_layout()."""

import math

import tether
from tether import Ambiguity, Attribute, Axis


def ambiguous_row(engine):
    """a and b share a 300-point row (20 + a + 10 + b + 20); the split between them is free."""
    root = tether.View(frame=(0, 0, 300, 100), engine=engine)
    a, b = tether.View(engine=engine), tether.View(engine=engine)
    for v in (a, b):
        v.translates_autoresizing_mask_into_constraints = False
        root.add_subview(v)
    views = {"a": a, "b": b}
    cs = []
    for fmt in ["H:|-20-[a(>=0)]-10-[b(>=0)]-20-|", "V:|[a(10)]", "V:|[b(10)]"]:
        cs += tether.constraints_with_visual_format(fmt, views=views)
    tether.activate(cs)
    return root, a, b


def test_detects_the_free_split(engine):
    root, a, b = ambiguous_row(engine)
    assert a.has_ambiguous_layout and b.has_ambiguous_layout
    assert not root.has_ambiguous_layout
    (only,) = a.ambiguities()
    assert isinstance(only, Ambiguity) and isinstance(only, tuple)
    assert only.attribute is Attribute.WIDTH and only.axis is Axis.HORIZONTAL
    assert math.isclose(only.lower, 0, abs_tol=1e-9) and math.isclose(only.upper, 250)
    assert [x.attribute for x in b.ambiguities()] == [Attribute.LEFT, Attribute.WIDTH]
    assert root.ambiguities() == []


def test_resolving_removes_the_ambiguity(engine):
    root, a, b = ambiguous_row(engine)
    assert a.has_ambiguous_layout
    tether.activate([a.width == b.width])
    assert not a.has_ambiguous_layout and not b.has_ambiguous_layout
    assert a.ambiguities() == [] and b.ambiguities() == []
    assert a.frame == (20, 0, 125, 10) and b.frame == (155, 0, 125, 10)


def test_hugging_resolves_it_too(engine):
    root, a, b = ambiguous_row(engine)
    a.intrinsic_content_size = (50, tether.NO_INTRINSIC_METRIC)
    b.intrinsic_content_size = (50, tether.NO_INTRINSIC_METRIC)
    # Equal hugging on both: still ambiguous (which one stretches is free).
    assert a.has_ambiguous_layout
    a.set_content_hugging_priority(251, Axis.HORIZONTAL)
    assert not a.has_ambiguous_layout
    root.layout_if_needed()
    assert a.frame.width == 50 and b.frame.width == 200


def test_exercise_moves_to_another_solution_until_the_next_pass(engine):
    root, a, b = ambiguous_row(engine)
    root.layout_if_needed()
    before = a.frame
    assert a.exercise_ambiguity_in_layout() is True
    after = a.frame
    assert after.width != before.width
    assert math.isclose(20 + after.width + 10 + b.frame.width + 20, 300)
    assert math.isclose(b.frame.x, after.x + after.width + 10)
    assert root.exercise_ambiguity_in_layout() is False
    root.set_needs_layout()
    root.layout_if_needed()
    assert a.frame == before


def test_unbounded_ranges_and_guides(engine):
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    guide = tether.LayoutGuide(engine=engine)
    root.add_layout_guide(guide)
    tether.activate([guide.left == root.left])
    found = guide.ambiguities()
    assert [x.attribute for x in found] == [Attribute.TOP, Attribute.WIDTH, Attribute.HEIGHT]
    assert [x.axis for x in found] == [Axis.VERTICAL, Axis.HORIZONTAL, Axis.VERTICAL]
    assert found[0].lower == -math.inf and found[0].upper == math.inf
    assert guide.has_ambiguous_layout


def test_frame_mode_is_never_ambiguous(engine):
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    child = tether.View(frame=(1, 2, 3, 4), engine=engine)
    root.add_subview(child)
    assert not child.has_ambiguous_layout
    assert child.ambiguities() == []
    assert child.exercise_ambiguity_in_layout() is False
    assert child.frame == (1, 2, 3, 4)


def test_freed_view_raises(engine):
    v = tether.View(engine=engine)
    v.free()
    for call in (lambda: v.has_ambiguous_layout, v.ambiguities, v.exercise_ambiguity_in_layout):
        try:
            call()
        except tether.TetherError:
            pass
        else:  # pragma: no cover
            raise AssertionError("a freed view must raise")
