"""Stack views through the binding: every distribution and alignment on both axes, spacing,
hidden views, margins- and baseline-relative arrangement, the generated constraints, and errors.

The usual row holds a (60 x 30), b (40 x 10) and c (20 x 50) in a stack 300 long and 80 deep; the
usual column holds the same views turned a quarter, so that its frames are the row's with x/y and
width/height swapped. Expected frames are computed by hand in each test; when priorities tie, the
first view stretches and shrinks first (docs/stack-views.md)."""

from __future__ import annotations

import math

import pytest

from helpers import shown_id
import tether
from tether import (
    Axis,
    Engine,
    InvalidArgumentError,
    InvalidIdError,
    InvalidStateError,
    StackView,
    StackViewAlignment,
    StackViewDistribution,
    View,
)

SIZES = [(60, 30), (40, 10), (20, 50)]


def approx(rect) -> object:
    return pytest.approx(tuple(rect), abs=1e-6)


def turned(frames, axis):
    """The row's frames for ``axis`` (swapped for a column)."""
    if axis == Axis.HORIZONTAL:
        return frames
    return [(y, x, h, w) for (x, y, w, h) in frames]


def row(engine: Engine, axis=Axis.HORIZONTAL, length=300, **options):
    """A root stack ``length`` along ``axis`` and 80 across, with a, b, c arranged."""
    frame = (0, 0, length, 80) if axis == Axis.HORIZONTAL else (0, 0, 80, length)
    stack = StackView(frame=frame, engine=engine, axis=axis, **options)
    views = []
    for w, h in SIZES:
        view = View(engine=engine)
        view.intrinsic_content_size = (w, h) if axis == Axis.HORIZONTAL else (h, w)
        stack.add_arranged_subview(view)
        views.append(view)
    return stack, views


def frames(views):
    return [tuple(v.frame) for v in views]


def assert_frames(views, expected, axis=Axis.HORIZONTAL):
    assert [approx(f) for f in frames(views)] == turned(expected, axis)


def nested(engine: Engine, stack: StackView, width=None) -> View:
    """``stack`` inside a 500 x 300 root, pinned at its top-left, sized by its content (and
    ``width`` when given)."""
    root = View(frame=(0, 0, 500, 300), engine=engine)
    root.add_subview(stack)
    stack.translates_autoresizing_mask_into_constraints = False
    constraints = [stack.leading == root.leading, stack.top == root.top]
    if width is not None:
        constraints.append(stack.width == width)
    tether.activate(constraints)
    return root


# ------------------------------------------------------------------------------------------------
# Distributions and alignments, both axes
# ------------------------------------------------------------------------------------------------

DISTRIBUTIONS = [
    # 300 - 120 - 2 x 10 = 160 more for a.
    (StackViewDistribution.FILL, 300, 10, [(0, 0, 220, 80), (230, 0, 40, 80), (280, 0, 20, 80)]),
    # (300 - 2 x 15) / 3 = 90 each.
    (StackViewDistribution.FILL_EQUALLY, 300, 15,
     [(0, 0, 90, 80), (105, 0, 90, 80), (210, 0, 90, 80)]),
    # Shares 60 : 40 : 20 of 240.
    (StackViewDistribution.FILL_PROPORTIONALLY, 240, 0,
     [(0, 0, 120, 80), (120, 0, 80, 80), (200, 0, 40, 80)]),
    # 300 - 120 = 180 of space: two gaps of 90.
    (StackViewDistribution.EQUAL_SPACING, 300, 5,
     [(0, 0, 60, 80), (150, 0, 40, 80), (280, 0, 20, 80)]),
    # Centers 30 and 290: b's halfway, at 160.
    (StackViewDistribution.EQUAL_CENTERING, 300, 0,
     [(0, 0, 60, 80), (140, 0, 40, 80), (280, 0, 20, 80)]),
]


@pytest.mark.parametrize("axis", [Axis.HORIZONTAL, Axis.VERTICAL])
@pytest.mark.parametrize("distribution, length, spacing, expected", DISTRIBUTIONS)
def test_distributions(engine, axis, distribution, length, spacing, expected) -> None:
    stack, views = row(engine, axis, length, distribution=distribution, spacing=spacing)
    stack.layout_if_needed()
    assert_frames(views, expected, axis)
    assert stack.distribution is distribution


def proportional(engine: Engine, axis, length, spacing, lengths, hidden=()):
    """A fill-proportionally stack ``length`` along ``axis`` (80 across) arranging views of the
    given intrinsic lengths along the axis, those at the indexes in ``hidden`` hidden."""
    frame = (0, 0, length, 80) if axis == Axis.HORIZONTAL else (0, 0, 80, length)
    stack = StackView(frame=frame, engine=engine, axis=axis, spacing=spacing,
                      distribution=StackViewDistribution.FILL_PROPORTIONALLY)
    views = []
    for k, along in enumerate(lengths):
        view = View(engine=engine)
        view.intrinsic_content_size = (along, 20) if axis == Axis.HORIZONTAL else (20, along)
        view.hidden = k in hidden
        stack.add_arranged_subview(view)
        views.append(view)
    stack.layout_if_needed()
    return views


def test_fill_proportionally_shares_what_the_spacing_leaves(engine) -> None:
    # UIKit's and AppKit's example: intrinsic widths 40/60/20 in 200 with spacing 10 give
    # 60/90/30 (the 180 left after two gaps, shared 40 : 60 : 20).
    views = proportional(engine, Axis.HORIZONTAL, 200, 10, [40, 60, 20])
    assert_frames(views, [(0, 0, 60, 80), (70, 0, 90, 80), (170, 0, 30, 80)])


def test_fill_proportionally_column_skips_hidden_views(engine) -> None:
    # Heights 30, (hidden 100), 50, 20 in 220 with spacing 10: the hidden view takes neither a
    # share nor a gap, so 220 - 2 x 10 = 200 is shared 30 : 50 : 20.
    a, b, c, d = proportional(engine, Axis.VERTICAL, 220, 10, [30, 100, 50, 20], hidden={1})
    assert_frames([a, c, d], [(0, 0, 60, 80), (70, 0, 100, 80), (180, 0, 40, 80)], Axis.VERTICAL)
    assert b.frame[3] == pytest.approx(0, abs=1e-6)


ALIGNMENTS = [
    # Fill distribution, no spacing: a 240, b 40, c 20 along; a 30, b 10, c 50 across, 80 deep.
    (StackViewAlignment.FILL, [(0, 0, 240, 80), (240, 0, 40, 80), (280, 0, 20, 80)]),
    (StackViewAlignment.LEADING, [(0, 0, 240, 30), (240, 0, 40, 10), (280, 0, 20, 50)]),
    (StackViewAlignment.CENTER, [(0, 25, 240, 30), (240, 35, 40, 10), (280, 15, 20, 50)]),
    (StackViewAlignment.TRAILING, [(0, 50, 240, 30), (240, 70, 40, 10), (280, 30, 20, 50)]),
]


@pytest.mark.parametrize("axis", [Axis.HORIZONTAL, Axis.VERTICAL])
@pytest.mark.parametrize("alignment, expected", ALIGNMENTS)
def test_alignments(engine, axis, alignment, expected) -> None:
    stack, views = row(engine, axis, alignment=alignment)
    stack.layout_if_needed()
    assert_frames(views, expected, axis)
    assert not any(v.has_ambiguous_layout for v in views)


def test_alignment_aliases() -> None:
    assert StackViewAlignment.TOP is StackViewAlignment.LEADING
    assert StackViewAlignment.BOTTOM is StackViewAlignment.TRAILING
    assert [int(a) for a in (StackViewAlignment.FILL, StackViewAlignment.LEADING,
                             StackViewAlignment.FIRST_BASELINE, StackViewAlignment.CENTER,
                             StackViewAlignment.TRAILING, StackViewAlignment.LAST_BASELINE)] == [
        0, 1, 2, 3, 4, 5]
    assert [int(d) for d in StackViewDistribution] == [0, 1, 2, 3, 4]


def baseline_row(engine, alignment):
    """Baselines: a first 20 from its top and last 4 from its bottom, b 8 and 2, c 40 and 6."""
    stack, views = row(engine, alignment=alignment)
    for view, first, last in zip(views, (20, 8, 40), (4, 2, 6)):
        view.set_baselines(first, last)
    root = nested(engine, stack, width=300)
    return stack, views, root


def test_first_baseline_alignment(engine) -> None:
    # First baselines meet at y 40, where c's top is at the stack's top; the stack spans 0...50.
    stack, views, root = baseline_row(engine, StackViewAlignment.FIRST_BASELINE)
    root.layout_if_needed()
    assert_frames(views, [(0, 20, 240, 30), (240, 32, 40, 10), (280, 0, 20, 50)])
    assert stack.frame == approx((0, 0, 300, 50))


def test_last_baseline_alignment(engine) -> None:
    # Last baselines meet at y 44; Apple's V:[a]-(>=0)-| ends the stack at a's bottom (48) while
    # c reaches 50.
    stack, views, root = baseline_row(engine, StackViewAlignment.LAST_BASELINE)
    root.layout_if_needed()
    assert_frames(views, [(0, 18, 240, 30), (240, 36, 40, 10), (280, 0, 20, 50)])
    assert stack.frame == approx((0, 0, 300, 48))


def test_baseline_alignment_fills_a_column(engine) -> None:
    stack, views = row(engine, Axis.VERTICAL, alignment=StackViewAlignment.FIRST_BASELINE)
    stack.layout_if_needed()
    assert_frames(views, ALIGNMENTS[0][1], Axis.VERTICAL)


def test_right_to_left_row(engine) -> None:
    stack, views = row(engine, spacing=10)
    stack.semantic_content_attribute = tether.SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
    stack.layout_if_needed()
    assert_frames(views, [(80, 0, 220, 80), (30, 0, 40, 80), (0, 0, 20, 80)])


# ------------------------------------------------------------------------------------------------
# Overflow and underflow by priorities
# ------------------------------------------------------------------------------------------------


def test_lowest_hugging_priority_stretches(engine) -> None:
    stack, (a, b, c) = row(engine, spacing=10)
    c.set_content_hugging_priority(200, Axis.HORIZONTAL)
    stack.layout_if_needed()
    assert_frames([a, b, c], [(0, 0, 60, 80), (70, 0, 40, 80), (120, 0, 180, 80)])


def test_lowest_compression_resistance_shrinks(engine) -> None:
    # 100 - 20 = 80 for 120 of content: b (resistance 700) gives up all of its 40.
    stack, (a, b, c) = row(engine, length=100, spacing=10)
    b.set_content_compression_resistance_priority(700, Axis.HORIZONTAL)
    stack.layout_if_needed()
    assert_frames([a, b, c], [(0, 0, 60, 80), (70, 0, 0, 80), (80, 0, 20, 80)])


def test_overflow_shrinks_the_first_view_of_equals(engine) -> None:
    stack, views = row(engine, length=130, spacing=5)
    stack.layout_if_needed()
    # 130 holds the 120 of content and two gaps of 5 exactly; at 110, a (the first of equal
    # priorities) gives up 20.
    assert_frames(views, [(0, 0, 60, 80), (65, 0, 40, 80), (110, 0, 20, 80)])
    stack.frame = (0, 0, 110, 80)
    stack.layout_if_needed()
    assert_frames(views, [(0, 0, 40, 80), (45, 0, 40, 80), (90, 0, 20, 80)])


# ------------------------------------------------------------------------------------------------
# Spacing, hidden views, arrangement options
# ------------------------------------------------------------------------------------------------


def test_custom_spacing(engine) -> None:
    stack, (a, b, c) = row(engine, spacing=10)
    stack.set_custom_spacing(30, after=a)
    assert stack.custom_spacing(a) == 30
    assert stack.custom_spacing(b) == tether.SPACING_USE_DEFAULT
    stack.layout_if_needed()
    assert_frames([a, b, c], [(0, 0, 200, 80), (230, 0, 40, 80), (280, 0, 20, 80)])
    stack.set_custom_spacing(tether.SPACING_USE_DEFAULT, after=a)
    assert stack.custom_spacing(a) == tether.SPACING_USE_DEFAULT
    # Ignored for a view that is not arranged.
    stack.set_custom_spacing(5, after=View(engine=engine))


def test_system_spacing(engine) -> None:
    stack, views = row(engine, spacing=tether.SPACING_USE_SYSTEM)
    stack.layout_if_needed()
    # 8 between siblings: a gets 300 - 120 - 16 = 164 more.
    assert_frames(views, [(0, 0, 224, 80), (232, 0, 40, 80), (280, 0, 20, 80)])
    spacing = [c for c in stack.arrangement_constraints() if c.identifier == "UISV-spacing"]
    assert "-(NSSpace(8))-" in str(spacing[0])


def test_hidden_views_collapse(engine) -> None:
    stack, (a, b, c) = row(engine, spacing=10)
    assert b.hidden is False
    b.hidden = True
    assert b.hidden is True
    stack.layout_if_needed()
    assert_frames([a, b, c], [(0, 0, 270, 80), (270, 0, 0, 80), (280, 0, 20, 80)])
    hiding = [c for c in stack.arrangement_constraints() if c.identifier == "UISV-hiding"]
    assert [h.first_item for h in hiding] == [b]
    b.hidden = False
    stack.layout_if_needed()
    assert_frames([a, b, c], [(0, 0, 220, 80), (230, 0, 40, 80), (280, 0, 20, 80)])


def test_hidden_views_outside_stacks_lay_out(engine) -> None:
    root = View(frame=(0, 0, 100, 100), engine=engine)
    view = View(engine=engine)
    view.translates_autoresizing_mask_into_constraints = False
    root.add_subview(view)
    view.hidden = True
    tether.activate([view.left == root.left + 5, view.top == root.top + 6, view.width == 20,
                     view.height == 30])
    root.layout_if_needed()
    assert view.frame == approx((5, 6, 20, 30))


def test_layout_margins_relative_arrangement(engine) -> None:
    stack, views = row(engine)
    stack.layout_margins = (10, 20, 10, 20)
    assert stack.layout_margins_relative_arrangement is False
    stack.layout_margins_relative_arrangement = True
    assert stack.layout_margins_relative_arrangement is True
    stack.layout_if_needed()
    # The canvas: x 20...280, y 10...70.
    assert_frames(views, [(20, 10, 200, 60), (220, 10, 40, 60), (260, 10, 20, 60)])


def test_baseline_relative_arrangement(engine) -> None:
    stack = StackView(engine=engine, axis=Axis.VERTICAL, spacing=12)
    stack.baseline_relative_arrangement = True
    assert stack.baseline_relative_arrangement is True
    views = []
    for (w, h), first, last in zip(SIZES, (20, 8, 40), (4, 2, 6)):
        view = View(engine=engine)
        view.intrinsic_content_size = (w, h)
        view.set_baselines(first, last)
        stack.add_arranged_subview(view)
        views.append(view)
    root = nested(engine, stack)
    root.layout_if_needed()
    # a's last baseline at 26; b's first 12 below at 38 (top 30); b's last at 38; c's first at
    # 50 (top 10). The column is as wide as its widest view, 60, and ends at c's bottom, 60.
    assert_frames(views, [(0, 0, 60, 30), (0, 30, 60, 10), (0, 10, 60, 50)])
    assert stack.frame == approx((0, 0, 60, 60))


def test_nested_stacks_and_identity(engine) -> None:
    column = StackView(frame=(0, 0, 200, 100), engine=engine, axis=Axis.VERTICAL, spacing=10)
    inner = StackView(engine=engine)
    a, b = View(engine=engine), View(engine=engine)
    a.intrinsic_content_size = (50, 20)
    b.intrinsic_content_size = (30, 40)
    inner.add_arranged_subview(a)
    column.add_arranged_subview(inner)
    column.add_arranged_subview(b)
    column.layout_if_needed()
    # The row has no height of its own: it takes the extra space (b hugs at its arrangement-order
    # priority): 100 - 10 - 40 = 50.
    assert inner.frame == approx((0, 0, 200, 50))
    assert b.frame == approx((0, 60, 200, 40))
    assert a.frame == approx((0, 0, 200, 50))
    assert column.arranged_subviews == [inner, b]
    assert column.arranged_subviews[0] is inner
    # A stack view's wrapper made from its id alone (as for views made outside Python).
    del engine._items[inner.id]
    rewrapped = column.arranged_subviews[0]
    assert type(rewrapped) is StackView and rewrapped.id == inner.id
    assert rewrapped.axis is Axis.HORIZONTAL


# ------------------------------------------------------------------------------------------------
# Arranged subviews and the generated constraints
# ------------------------------------------------------------------------------------------------


def test_arranged_subviews_are_subviews(engine) -> None:
    stack = StackView(engine=engine)
    a, b, c = View(engine=engine), View(engine=engine), View(engine=engine)
    assert a.translates_autoresizing_mask_into_constraints
    stack.add_arranged_subview(a)
    stack.add_arranged_subview(b)
    assert not a.translates_autoresizing_mask_into_constraints
    assert stack.subviews == [a, b]
    stack.insert_arranged_subview(c, 0)
    assert stack.arranged_subviews == [c, a, b]
    assert stack.subviews == [a, b, c]
    stack.insert_arranged_subview(c, 3)
    assert stack.arranged_subviews == [a, b, c]
    stack.remove_arranged_subview(a)
    assert stack.arranged_subviews == [b, c]
    assert a.superview is stack
    b.remove_from_superview()
    assert stack.arranged_subviews == [c]
    assert StackView([a, b], engine=engine).arranged_subviews == [a, b]


def test_generated_constraints(engine) -> None:
    stack = StackView(frame=(0, 0, 200, 50), engine=engine, spacing=8)
    a, b = View(engine=engine), View(engine=engine)
    stack.add_arranged_subview(a)
    stack.add_arranged_subview(b)
    constraints = stack.arrangement_constraints()
    assert [c.identifier for c in constraints] == [
        "UISV-canvas-connection", "UISV-canvas-connection", "UISV-spacing", "UISV-alignment",
        "UISV-alignment", "UISV-canvas-connection", "UISV-canvas-connection"]
    spacing = constraints[2]
    assert str(spacing) == (f"<NSLayoutConstraint:{shown_id(spacing)} 'UISV-spacing' "
                            f"H:[{a.debug_name}]-(8)-[{b.debug_name}]   (active)>")
    assert spacing.active and spacing.first_item is b and spacing.second_item is a
    assert stack.debug_name.startswith("StackView:0x")
    with pytest.raises(InvalidStateError):
        spacing.constant = 3
    # Valid until the next layout pass that rebuilds the arrangement.
    stack.alignment = StackViewAlignment.CENTER
    identifiers = {c.identifier for c in stack.arrangement_constraints()}
    assert identifiers == {"UISV-canvas-connection", "UISV-spacing", "UISV-alignment",
                           "UISV-spanning-boundary", "UISV-spanning-fit",
                           "UISV-ambiguity-suppression"}
    with pytest.raises(InvalidIdError):
        spacing.constant  # noqa: B018 - the read itself must fail


def test_equal_spacing_gap_guides(engine) -> None:
    stack, views = row(engine, distribution=StackViewDistribution.EQUAL_SPACING)
    constraints = stack.arrangement_constraints()
    edges = [c for c in constraints if c.identifier == "UISV-distributing-edge"]
    assert len(edges) == 4
    gap = edges[0].first_item
    assert isinstance(gap, tether.LayoutGuide)
    assert gap.identifier == "UISV-distributing"
    assert gap.debug_name.startswith("_UIOLAGapGuide:0x")
    assert gap.owning_view is stack
    assert gap.layout_frame.x == pytest.approx(60) and gap.layout_frame.width == pytest.approx(90)
    with pytest.raises(InvalidStateError):
        gap.free()


# ------------------------------------------------------------------------------------------------
# Errors
# ------------------------------------------------------------------------------------------------


def test_errors(engine) -> None:
    stack, (a, b, c) = row(engine)
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(InvalidArgumentError):
            stack.spacing = bad
        with pytest.raises(InvalidArgumentError):
            stack.set_custom_spacing(bad, after=a)
    assert stack.spacing == 0
    with pytest.raises(TypeError):
        stack.spacing = "wide"
    with pytest.raises(InvalidArgumentError):
        stack.distribution = 5
    with pytest.raises(InvalidArgumentError):
        stack.alignment = 6
    with pytest.raises(InvalidArgumentError):
        stack.axis = 2
    with pytest.raises(InvalidArgumentError):
        stack.alignment = 2**40
    with pytest.raises(TypeError):
        stack.distribution = 1.5
    assert stack.distribution is StackViewDistribution.FILL
    assert stack.alignment is StackViewAlignment.FILL
    with pytest.raises(InvalidArgumentError):
        stack.insert_arranged_subview(View(engine=engine), 4)
    with pytest.raises(InvalidArgumentError):
        stack.insert_arranged_subview(View(engine=engine), -1)
    with pytest.raises(InvalidStateError):
        stack.add_arranged_subview(stack)
    with Engine() as other:
        with pytest.raises(InvalidIdError):
            stack.add_arranged_subview(View(engine=other))
    with pytest.raises(TypeError):
        stack.add_arranged_subview("a view")
    assert stack.arranged_subviews == [a, b, c]
    # A bad argument to the constructor makes no stack view.
    items = len(engine._items)
    with pytest.raises(InvalidArgumentError):
        StackView([a], engine=engine, alignment=9)
    with pytest.raises(InvalidArgumentError):
        StackView([a], engine=engine, spacing=math.nan)
    with pytest.raises(TypeError):
        StackView([a, "b"], engine=engine)
    assert len(engine._items) == items
    assert a.superview is stack
    a.free()
    assert stack.arranged_subviews == [b, c]
    stack.free()
    with pytest.raises(InvalidIdError):
        stack.spacing = 1
    with pytest.raises(InvalidIdError):
        b.hidden = True
