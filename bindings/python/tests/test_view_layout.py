"""The view model's layout through the binding: screens, resizing, RTL, margins, alignment insets,
intrinsic sizes, measuring, autoresizing, fitting sizes, hooks. Expected frames are computed by
hand in each test."""

from __future__ import annotations

import math
from typing import List, Optional

import pytest

from helpers import shown_id
import tether
from tether import Autoresizing, Axis, Engine, LayoutDirection, Rect, View

SCREEN = (0, 0, 320, 480)


def make(
    engine: Engine,
    parent: Optional[View] = None,
    frame=(0, 0, 0, 0),
    constrained: bool = True,
    name: str = "",
) -> View:
    """A view in ``engine`` (under ``parent``), constrained unless told otherwise."""
    view = View(frame=frame, engine=engine)
    if constrained:
        view.translates_autoresizing_mask_into_constraints = False
    if parent is not None:
        parent.add_subview(view)
    if name:
        view.identifier = name
    return view


def pinned_text(engine: Engine):
    """``(root, text)``: a root of the screen's size (frame mode) and a constrained view in it,
    its leading and top edges pinned to the root's (its size is left to its content)."""
    root = make(engine, frame=SCREEN, constrained=False)
    text = make(engine, root)
    tether.activate([text.leading == root.leading, text.top == root.top])
    return root, text


def approx(rect) -> object:
    return pytest.approx(tuple(rect), abs=1e-6)


# ------------------------------------------------------------------------------------------------
# A screen: header, content, footer
# ------------------------------------------------------------------------------------------------


class Screen:
    def __init__(self, engine: Engine) -> None:
        self.root = make(engine, frame=SCREEN, constrained=False, name="root")
        self.header = make(engine, self.root, name="header")
        self.content = make(engine, self.root, name="content")
        self.footer = make(engine, self.root, name="footer")
        root, header, content, footer = self.root, self.header, self.content, self.footer
        self.header_height = header.height == 44
        self.constraints = [
            header.top == root.top,
            header.leading == root.leading,
            header.trailing == root.trailing,
            self.header_height,
            footer.bottom == root.bottom,
            footer.leading == root.leading,
            footer.trailing == root.trailing,
            footer.height == 49,
            content.top == header.bottom + 8,
            content.bottom == footer.top - 8,
            content.leading == root.leading + 16,
            content.trailing == root.trailing - 16,
        ]
        tether.activate(self.constraints)


def test_screen_with_header_content_and_footer(engine: Engine) -> None:
    s = Screen(engine)
    assert all(c.active for c in s.constraints) and not any(c.broken for c in s.constraints)
    s.root.layout_if_needed()
    assert s.header.frame == approx((0, 0, 320, 44))
    assert s.footer.frame == approx((0, 431, 320, 49))
    assert s.content.frame == approx((16, 52, 288, 371))
    assert s.root.frame == SCREEN
    assert s.content.bounds == approx((0, 0, 288, 371))


def test_resizing_the_root_lays_out_again(engine: Engine) -> None:
    s = Screen(engine)
    s.root.layout_if_needed()
    s.root.frame = (0, 0, 600, 800)
    s.root.layout_if_needed()
    assert s.header.frame == approx((0, 0, 600, 44))
    assert s.footer.frame == approx((0, 751, 600, 49))
    assert s.content.frame == approx((16, 52, 568, 691))
    s.root.frame = tether.Rect(0, 0, 320, 480)
    s.root.layout_if_needed()
    assert s.content.frame == approx((16, 52, 288, 371))


def test_changing_a_constant_moves_the_dependent_views(engine: Engine) -> None:
    s = Screen(engine)
    s.root.layout_if_needed()
    s.header_height.constant = 60
    assert s.header_height.constant == 60
    s.root.layout_if_needed()
    assert s.header.frame == approx((0, 0, 320, 60))
    assert s.content.frame == approx((16, 68, 288, 355))
    assert s.footer.frame == approx((0, 431, 320, 49))


def test_deactivating_and_reactivating(engine: Engine) -> None:
    s = Screen(engine)
    s.root.layout_if_needed()
    tether.deactivate([s.header_height])
    assert not s.header_height.active
    taller = (s.header.height == 100)
    taller.active = True
    s.root.layout_if_needed()
    assert s.content.frame == approx((16, 108, 288, 315))
    taller.active = False
    s.header_height.active = True
    s.root.layout_if_needed()
    assert s.content.frame == approx((16, 52, 288, 371))


def test_layout_all_lays_out_every_dirty_root(engine: Engine) -> None:
    first, second = Screen(engine), Screen(engine)
    second.root.frame = (0, 0, 100, 200)
    engine.layout_all()
    assert first.content.frame == approx((16, 52, 288, 371))
    assert second.content.frame == approx((16, 52, 68, 91))


# ------------------------------------------------------------------------------------------------
# Direction
# ------------------------------------------------------------------------------------------------


def _row(engine: Engine, root: View):
    a, b, c = make(engine, root), make(engine, root), make(engine, root)
    tether.activate([
        a.leading == root.leading + 10, a.top == root.top, a.width == 50, a.height == 20,
        b.leading == a.trailing + 8, b.top == root.top, b.width == 30, b.height == 20,
        c.left == root.left + 5, c.top == a.bottom, c.width == 10, c.height == 10,
    ])
    return a, b, c


def test_left_to_right_leading_is_the_left_edge(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    a, b, c = _row(engine, root)
    root.layout_if_needed()
    assert a.frame == approx((10, 0, 50, 20))
    assert b.frame == approx((68, 0, 30, 20))
    assert c.frame == approx((5, 20, 10, 10))
    assert a.effective_user_interface_layout_direction is LayoutDirection.LEFT_TO_RIGHT


def test_force_right_to_left_makes_leading_the_right_edge(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    root.semantic_content_attribute = tether.SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
    a, b, c = _row(engine, root)
    root.layout_if_needed()
    # leading == root.leading + 10: the right edge 10 from the right; + moves toward trailing.
    assert a.frame == approx((260, 0, 50, 20))
    assert b.frame == approx((222, 0, 30, 20))
    assert c.frame == approx((5, 20, 10, 10))  # left stays left
    assert root.semantic_content_attribute is tether.SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
    assert a.semantic_content_attribute is tether.SemanticContentAttribute.UNSPECIFIED
    assert a.effective_user_interface_layout_direction is LayoutDirection.RIGHT_TO_LEFT
    # A subview forcing left-to-right does not change constraints held by the root.
    a.semantic_content_attribute = tether.SemanticContentAttribute.FORCE_LEFT_TO_RIGHT
    assert a.effective_user_interface_layout_direction is LayoutDirection.LEFT_TO_RIGHT
    root.layout_if_needed()
    assert a.frame == approx((260, 0, 50, 20))


def test_engine_default_direction() -> None:
    with Engine(default_direction=LayoutDirection.RIGHT_TO_LEFT) as engine:
        assert engine.default_direction is LayoutDirection.RIGHT_TO_LEFT
        root = make(engine, frame=SCREEN, constrained=False)
        a, b, _ = _row(engine, root)
        root.layout_if_needed()
        assert a.frame == approx((260, 0, 50, 20))
        engine.default_direction = LayoutDirection.LEFT_TO_RIGHT
        assert root.effective_user_interface_layout_direction is LayoutDirection.LEFT_TO_RIGHT
        root.set_needs_layout()
        root.layout_if_needed()
        assert a.frame == approx((10, 0, 50, 20))


# ------------------------------------------------------------------------------------------------
# Margins, safe area, alignment insets
# ------------------------------------------------------------------------------------------------


def test_margin_anchors_and_the_margins_guide(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    assert root.layout_margins == (8, 8, 8, 8)
    root.layout_margins = (10, 20, 30, 40)
    assert root.layout_margins == tether.EdgeInsets(top=10, left=20, bottom=30, right=40)
    child, other, centered = make(engine, root), make(engine, root), make(engine, root)
    guide = root.layout_margins_guide
    assert guide is root.layout_margins_guide
    assert isinstance(guide, tether.LayoutGuide)
    assert guide.owning_view is root
    tether.activate([
        child.leading == root.leading_margin,
        child.trailing == root.trailing_margin,
        child.top == root.top_margin,
        child.bottom == root.bottom_margin,
        other.left == guide.left, other.right == guide.right,
        other.top == guide.top, other.height == 10,
        centered.center_x == root.center_x_within_margins,
        centered.center_y == root.center_y_within_margins,
        centered.width == 10, centered.height == 10,
    ])
    root.layout_if_needed()
    assert child.frame == approx((20, 10, 260, 440))
    assert other.frame == approx((20, 10, 260, 10))
    assert guide.layout_frame == approx((20, 10, 260, 440))
    assert centered.frame == approx((145, 225, 10, 10))
    root.layout_margins = (0, 0, 0, 0)
    root.layout_if_needed()
    assert child.frame == approx(SCREEN)


def test_margins_of_a_subview_are_in_its_own_coordinates(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    card = make(engine, root)
    inner = make(engine, card)
    tether.activate([
        card.left == root.left + 100, card.top == root.top + 50,
        card.width == 100, card.height == 100,
        inner.leading == card.leading_margin, inner.trailing == card.trailing_margin,
        inner.top == card.top_margin, inner.bottom == card.bottom_margin,
    ])
    root.layout_if_needed()
    assert inner.frame == approx((8, 8, 84, 84))
    guide = card.layout_margins_guide  # made now: its frame comes with the next pass
    root.layout_if_needed()
    assert guide.layout_frame == approx((8, 8, 84, 84))


def test_safe_area_guide(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    root.safe_area_insets = (44, 0, 34, 0)
    assert root.safe_area_insets == (44, 0, 34, 0)
    guide = root.safe_area_layout_guide
    assert guide is root.safe_area_layout_guide and guide is not root.layout_margins_guide
    content = make(engine, root)
    tether.activate([
        content.top == guide.top, content.bottom == guide.bottom,
        content.leading == guide.leading, content.trailing == guide.trailing,
    ])
    root.layout_if_needed()
    assert content.frame == approx((0, 44, 320, 402))
    assert guide.layout_frame == approx((0, 44, 320, 402))


def test_alignment_rect_insets_position_the_alignment_rect(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    view = make(engine, root)
    assert view.alignment_rect_insets == (0, 0, 0, 0)
    view.alignment_rect_insets = tether.EdgeInsets(top=5, left=10, bottom=15, right=20)
    assert view.alignment_rect_insets == (5, 10, 15, 20)
    neighbour = make(engine, root)
    tether.activate([
        view.leading == root.leading, view.top == root.top,
        view.width == 100, view.height == 50,
        neighbour.leading == view.trailing, neighbour.top == view.bottom,
        neighbour.width == 10, neighbour.height == 10,
    ])
    root.layout_if_needed()
    # Frame = alignment rect (0, 0, 100, 50) outset by the insets.
    assert view.frame == approx((-10, -5, 130, 70))
    assert neighbour.frame == approx((100, 50, 10, 10))


# ------------------------------------------------------------------------------------------------
# Intrinsic content size: hugging and compression resistance
# ------------------------------------------------------------------------------------------------


def _label_and_field(engine: Engine, width: float):
    root = make(engine, frame=(0, 0, width, 100), constrained=False)
    label, field = make(engine, root, name="label"), make(engine, root, name="field")
    label.intrinsic_content_size = (100, 20)
    field.intrinsic_content_size = tether.Size(50, 20)
    tether.activate([
        label.leading == root.leading, field.leading == label.trailing + 8,
        field.trailing == root.trailing,
        label.top == root.top, field.top == root.top,
    ])
    return root, label, field


def test_intrinsic_size_defaults(engine: Engine) -> None:
    view = make(engine)
    assert view.intrinsic_content_size == (tether.NO_INTRINSIC_METRIC, tether.NO_INTRINSIC_METRIC)
    assert tether.NO_INTRINSIC_METRIC == -1.0
    for axis in (Axis.HORIZONTAL, Axis.VERTICAL):
        assert view.content_hugging_priority(axis) == 250
        assert view.content_compression_resistance_priority(axis) == 750
    view.set_content_hugging_priority(251, Axis.HORIZONTAL)
    view.set_content_compression_resistance_priority(999.5, Axis.VERTICAL)
    assert view.content_hugging_priority(Axis.HORIZONTAL) == 251
    assert view.content_hugging_priority(Axis.VERTICAL) == 250
    assert view.content_compression_resistance_priority(Axis.VERTICAL) == 999.5
    view.intrinsic_content_size = (tether.NO_INTRINSIC_METRIC, 30)
    assert view.intrinsic_content_size == (-1, 30)


def _lay_out_in_steps(engine: Engine, width: float, steps) -> None:
    """_label_and_field at ``width``; each step is ``(change, label frame, field frame)``:
    ``change(label, field)``, a layout pass, then both frames are as given."""
    root, label, field = _label_and_field(engine, width)
    for change, label_frame, field_frame in steps:
        change(label, field)
        root.layout_if_needed()
        assert label.frame == approx(label_frame)
        assert field.frame == approx(field_frame)


def test_higher_hugging_keeps_its_intrinsic_width(engine: Engine) -> None:
    def swap(label: View, field: View) -> None:
        """Now the field hugs harder and the label stretches."""
        label.set_content_hugging_priority(250, Axis.HORIZONTAL)
        field.set_content_hugging_priority(251, Axis.HORIZONTAL)

    _lay_out_in_steps(engine, 320, [
        (lambda label, _: label.set_content_hugging_priority(251, Axis.HORIZONTAL),
         (0, 0, 100, 20), (108, 0, 212, 20)),
        (swap, (0, 0, 262, 20), (270, 0, 50, 20)),
    ])


def test_higher_compression_resistance_keeps_its_intrinsic_width(engine: Engine) -> None:
    _lay_out_in_steps(engine, 120, [
        (lambda label, _: label.set_content_compression_resistance_priority(751, Axis.HORIZONTAL),
         (0, 0, 100, 20), (108, 0, 12, 20)),
        (lambda _, field: field.set_content_compression_resistance_priority(752, Axis.HORIZONTAL),
         (0, 0, 62, 20), (70, 0, 50, 20)),
    ])


def test_changing_the_intrinsic_size_lays_out_again(engine: Engine) -> None:
    root, label, field = _label_and_field(engine, 320)
    label.set_content_hugging_priority(251, Axis.HORIZONTAL)
    root.layout_if_needed()
    label.intrinsic_content_size = (150, 30)
    root.layout_if_needed()
    assert label.frame == approx((0, 0, 150, 30))
    assert field.frame == approx((158, 0, 162, 20))


# ------------------------------------------------------------------------------------------------
# Measuring
# ------------------------------------------------------------------------------------------------


class Text:
    """Wrapping text: 200 points on one line, 20 per line; records the proposed widths."""

    def __init__(self, length: float = 200, line: float = 20, baselines: bool = False) -> None:
        self.length = length
        self.line = line
        self.baselines = baselines
        self.proposed: List[float] = []

    def __call__(self, proposed_width: float):
        self.proposed.append(proposed_width)
        if math.isnan(proposed_width):
            width, lines = self.length, 1
        else:
            width = min(proposed_width, self.length)
            lines = max(1, math.ceil(self.length / max(proposed_width, 1e-9) - 1e-9))
        if self.baselines:
            return (width, lines * self.line, 15, 5)
        return (width, lines * self.line)


def test_measure_gives_height_for_width(engine: Engine) -> None:
    root = make(engine, frame=(0, 0, 120, 300), constrained=False)
    text = make(engine, root)
    below = make(engine, root)
    measure = Text()
    text.measure = measure
    assert text.measure is measure
    tether.activate([
        text.leading == root.leading + 10, text.trailing == root.trailing - 10,
        text.top == root.top,
        below.top == text.bottom + 4, below.leading == root.leading,
        below.width == 10, below.height == 10,
    ])
    root.layout_if_needed()
    assert text.frame == approx((10, 0, 100, 40))  # two lines at 100
    assert below.frame == approx((0, 44, 10, 10))
    assert 100 in measure.proposed
    root.frame = (0, 0, 60, 300)
    root.layout_if_needed()
    assert text.frame == approx((10, 0, 40, 100))  # five lines at 40
    assert below.frame == approx((0, 104, 10, 10))


def test_measure_without_a_width_constraint_gets_nan(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    text = make(engine, root)
    measure = Text()
    text.measure = measure
    tether.activate([text.leading == root.leading, text.top == root.top])
    root.layout_if_needed()
    assert any(math.isnan(w) for w in measure.proposed)
    assert text.frame == approx((0, 0, 200, 20))


def test_measured_baselines(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    text = make(engine, root)
    text.measure = Text(baselines=True)
    first, last = make(engine, root), make(engine, root)
    tether.activate([
        text.leading == root.leading, text.trailing == root.trailing - 220,  # width 100
        text.top == root.top + 10,
        first.top == text.first_baseline, last.top == text.last_baseline,
        first.left == root.left, last.left == root.left,
        first.width == 1, first.height == 1, last.width == 1, last.height == 1,
    ])
    root.layout_if_needed()
    assert text.frame == approx((0, 10, 100, 40))
    assert first.frame.y == pytest.approx(25)  # 15 from the top
    assert last.frame.y == pytest.approx(45)  # 5 from the bottom (50)


def test_set_baselines_without_a_measure_callable(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    label = make(engine, root)
    label.intrinsic_content_size = (80, 30)
    label.set_baselines(first_from_top=12, last_from_bottom=6)
    other = make(engine, root)
    tether.activate([
        label.leading == root.leading, label.top == root.top + 100,
        other.leading == label.trailing + 8, other.first_baseline == label.first_baseline,
        other.width == 10, other.height == 10,
    ])
    root.layout_if_needed()
    # other has no baselines: its first baseline is its bottom edge.
    assert other.frame == approx((88, 102, 10, 10))
    label.set_baselines(None, None)  # both baselines are the bottom edge again
    root.layout_if_needed()
    assert other.frame == approx((88, 120, 10, 10))


def test_invalidate_intrinsic_content_size_measures_again(engine: Engine) -> None:
    root = make(engine, frame=(0, 0, 120, 300), constrained=False)
    text = make(engine, root)
    measure = Text()
    text.measure = measure
    tether.activate([
        text.leading == root.leading + 10, text.trailing == root.trailing - 10,
        text.top == root.top,
    ])
    root.layout_if_needed()
    calls = len(measure.proposed)
    measure.length = 500  # the content changed: five lines at 100
    text.invalidate_intrinsic_content_size()
    root.layout_if_needed()
    assert len(measure.proposed) > calls
    assert text.frame == approx((10, 0, 100, 100))


def test_an_exception_in_measure_propagates_and_the_pass_runs_again(engine: Engine) -> None:
    root = make(engine, frame=(0, 0, 120, 300), constrained=False)
    text = make(engine, root)
    tether.activate([
        text.leading == root.leading + 10, text.trailing == root.trailing - 10,
        text.top == root.top,
    ])
    raised = []

    def broken(width: float):
        raised.append(ZeroDivisionError("bad font"))
        raise raised[-1]

    text.measure = broken
    with pytest.raises(ZeroDivisionError) as info:
        root.layout_if_needed()
    assert info.value is raised[0]  # the original exception object
    # The engine is still usable and the next pass runs again.
    assert text.frame == approx((0, 0, 0, 0))
    text.measure = Text()
    root.layout_if_needed()
    assert text.frame == approx((10, 0, 100, 40))


def test_a_measure_callable_returning_garbage_raises_type_error(engine: Engine) -> None:
    root, text = pinned_text(engine)
    text.measure = lambda width: "wide"
    with pytest.raises(TypeError, match="measure callable"):
        root.layout_if_needed()
    text.measure = lambda width: (1, 2, 3)
    with pytest.raises(TypeError, match="2 or 4 numbers"):
        root.layout_if_needed()
    text.measure = lambda width: (30, 10, None, None)
    root.layout_if_needed()
    assert text.frame == approx((0, 0, 30, 10))


def test_measure_none_turns_measuring_off(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    text = make(engine, root)
    text.intrinsic_content_size = (70, 7)
    tether.activate([text.leading == root.leading, text.top == root.top])
    text.measure = Text()
    root.layout_if_needed()
    assert text.frame == approx((0, 0, 200, 20))
    text.measure = None
    assert text.measure is None
    root.layout_if_needed()
    assert text.frame == approx((0, 0, 70, 7))
    with pytest.raises(TypeError):
        text.measure = 42  # type: ignore[assignment]


# ------------------------------------------------------------------------------------------------
# Autoresizing
# ------------------------------------------------------------------------------------------------

MASKS = {
    "a": ((10, 10, 100, 50), Autoresizing.FLEXIBLE_WIDTH | Autoresizing.FLEXIBLE_BOTTOM_MARGIN),
    "b": ((200, 150, 90, 40), Autoresizing.FLEXIBLE_LEFT_MARGIN | Autoresizing.FLEXIBLE_TOP_MARGIN),
    "c": (
        (50, 60, 100, 80),
        Autoresizing.FLEXIBLE_LEFT_MARGIN | Autoresizing.FLEXIBLE_WIDTH
        | Autoresizing.FLEXIBLE_RIGHT_MARGIN | Autoresizing.FLEXIBLE_TOP_MARGIN
        | Autoresizing.FLEXIBLE_HEIGHT | Autoresizing.FLEXIBLE_BOTTOM_MARGIN,
    ),
    "d": ((50, 100, 20, 20), Autoresizing.NONE),
}
#: After the container goes from 300 x 200 to 400 x 300 (changes split in proportion).
RESIZED = {
    "a": (10, 10, 200, 50),
    "b": (300, 250, 90, 40),
    "c": (50 + 50 * 100 / 300, 60 + 60 * 100 / 200, 100 + 100 * 100 / 300, 80 + 80 * 100 / 200),
    "d": (50, 100, 20, 20),
}


def _masked_subviews(engine: Engine, container: View):
    views = {}
    for name, (frame, mask) in MASKS.items():
        view = make(engine, container, frame=frame, constrained=False, name=name)
        view.autoresizing_mask = mask
        views[name] = view
    return views


def test_autoresizing_properties(engine: Engine) -> None:
    view = make(engine, constrained=False)
    assert view.translates_autoresizing_mask_into_constraints
    assert view.autoresizing_mask is Autoresizing.NONE
    assert view.autoresizes_subviews
    view.autoresizing_mask = Autoresizing.FLEXIBLE_WIDTH | Autoresizing.FLEXIBLE_HEIGHT
    assert view.autoresizing_mask == 18 and isinstance(view.autoresizing_mask, Autoresizing)
    view.autoresizes_subviews = False
    assert not view.autoresizes_subviews
    view.translates_autoresizing_mask_into_constraints = False
    assert not view.translates_autoresizing_mask_into_constraints
    with pytest.raises(tether.InvalidArgumentError):
        view.autoresizing_mask = 64


def test_frame_mode_subviews_follow_their_masks(engine: Engine) -> None:
    window = make(engine, frame=(0, 0, 300, 200), constrained=False)
    views = _masked_subviews(engine, window)
    window.frame = (0, 0, 400, 300)
    for name, view in views.items():  # at once, before any pass
        assert view.frame == approx(RESIZED[name]), name
    window.layout_if_needed()
    for name, view in views.items():
        assert view.frame == approx(RESIZED[name]), name
    window.frame = (0, 0, 300, 200)  # and back
    for name, view in views.items():
        assert view.frame == approx(MASKS[name][0]), name


def test_frame_mode_without_autoresizes_subviews(engine: Engine) -> None:
    window = make(engine, frame=(0, 0, 300, 200), constrained=False)
    views = _masked_subviews(engine, window)
    window.autoresizes_subviews = False
    window.frame = (0, 0, 400, 300)
    for name, view in views.items():
        assert view.frame == approx(MASKS[name][0]), name


def test_constraint_based_root_gives_the_same_frames_as_frame_mode(engine: Engine) -> None:
    root = make(engine, frame=(0, 0, 300, 200), constrained=False)
    container = make(engine, root, name="container")
    tether.activate([
        container.leading == root.leading, container.trailing == root.trailing,
        container.top == root.top, container.bottom == root.bottom,
    ])
    root.layout_if_needed()
    assert container.frame == approx((0, 0, 300, 200))
    views = _masked_subviews(engine, container)
    root.layout_if_needed()
    for name, view in views.items():
        assert view.frame == approx(MASKS[name][0]), name
    # The container is resized by the solve (not by a frame assignment): the translating
    # subviews follow through their generated constraints.
    root.frame = (0, 0, 400, 300)
    root.layout_if_needed()
    assert container.frame == approx((0, 0, 400, 300))
    for name, view in views.items():
        assert view.frame == approx(RESIZED[name]), name


def test_constraint_based_root_respects_autoresizes_subviews(engine: Engine) -> None:
    """A superview that does not autoresize its subviews pins them in both modes."""
    def window(with_constraints: bool) -> View:
        root = make(engine, frame=(0, 0, 300, 200), constrained=False)
        root.autoresizes_subviews = False
        view = make(engine, root, frame=(10, 10, 100, 50), constrained=False)
        view.autoresizing_mask = Autoresizing.FLEXIBLE_WIDTH
        if with_constraints:  # an unrelated constrained view makes the root constraint-based
            other = make(engine, root)
            tether.activate([other.left == root.left, other.top == root.top,
                             other.width == 5, other.height == 5])
        root.layout_if_needed()
        root.frame = (0, 0, 400, 200)
        root.layout_if_needed()
        return view

    assert window(with_constraints=False).frame == approx((10, 10, 100, 50))  # frame mode
    assert window(with_constraints=True).frame == approx((10, 10, 100, 50))


def test_translating_view_next_to_constrained_views(engine: Engine) -> None:
    """A translating view keeps its frame and can be a constraint's target."""
    root = make(engine, frame=SCREEN, constrained=False)
    badge = make(engine, root, frame=(100, 100, 40, 40), constrained=False)
    label = make(engine, root)
    tether.activate([
        label.leading == badge.trailing + 8, label.center_y == badge.center_y,
        label.width == 50, label.height == 20,
    ])
    root.layout_if_needed()
    assert badge.frame == approx((100, 100, 40, 40))
    assert label.frame == approx((148, 110, 50, 20))


# ------------------------------------------------------------------------------------------------
# Fitting sizes
# ------------------------------------------------------------------------------------------------


def test_fitting_sizes_compressed_and_expanded(engine: Engine) -> None:
    card = make(engine, frame=(0, 0, 1, 1), constrained=False)
    label = make(engine, card)
    label.intrinsic_content_size = (100, 20)
    label.set_content_hugging_priority(40, Axis.HORIZONTAL)  # below the fitting level (50)
    tether.activate([
        label.leading == card.leading + 10, card.trailing == label.trailing + 10,
        label.top == card.top + 10, card.bottom == label.bottom + 10,
        card.width <= 300,
    ])
    assert tether.LAYOUT_FITTING_COMPRESSED_SIZE == tether.Size(0, 0)
    assert tether.LAYOUT_FITTING_EXPANDED_SIZE == tether.Size(10000, 10000)
    compressed = card.system_layout_size_fitting(tether.LAYOUT_FITTING_COMPRESSED_SIZE)
    assert isinstance(compressed, tether.Size)
    assert compressed == pytest.approx((120, 40))
    expanded = card.system_layout_size_fitting(tether.LAYOUT_FITTING_EXPANDED_SIZE)
    assert expanded == pytest.approx((300, 40))
    assert card.frame == (0, 0, 1, 1)  # frames are not changed
    assert label.frame == (0, 0, 0, 0)


def test_fitting_size_for_a_required_width(engine: Engine) -> None:
    card = make(engine, frame=(0, 0, 1, 1), constrained=False)
    text = make(engine, card)
    text.measure = Text()
    tether.activate([
        text.leading == card.leading + 10, card.trailing == text.trailing + 10,
        text.top == card.top + 10, card.bottom == text.bottom + 10,
    ])
    size = card.system_layout_size_fitting(
        (200, 0), horizontal_priority=tether.LayoutPriority.REQUIRED,
        vertical_priority=tether.LayoutPriority.FITTING_SIZE_LEVEL,
    )
    assert size == pytest.approx((200, 60))  # 180 wide: two lines of 20, plus 10 + 10
    narrow = card.system_layout_size_fitting((60, 0), 1000, 50)
    assert narrow == pytest.approx((60, 20 + 20 * 5))  # 40 wide: five lines
    compressed = card.system_layout_size_fitting(tether.LAYOUT_FITTING_COMPRESSED_SIZE)
    assert compressed == pytest.approx((220, 40))  # one line at its natural width


def test_fitting_size_errors(engine: Engine) -> None:
    view = make(engine)
    with pytest.raises(tether.InvalidArgumentError):
        view.system_layout_size_fitting((math.nan, 0))
    with pytest.raises(tether.InvalidArgumentError):
        view.system_layout_size_fitting((0, 0), horizontal_priority=0)
    with pytest.raises(TypeError):
        view.system_layout_size_fitting((1, 2, 3))


# ------------------------------------------------------------------------------------------------
# Layout guides as spacers
# ------------------------------------------------------------------------------------------------


def test_layout_guides_as_equal_spacers(engine: Engine) -> None:
    root = make(engine, frame=(0, 0, 300, 100), constrained=False)
    a, b = make(engine, root), make(engine, root)
    g1, g2 = tether.LayoutGuide(engine=engine), tether.LayoutGuide(engine=engine)
    assert g1.owning_view is None
    root.add_layout_guide(g1)
    root.add_layout_guide(g2)
    assert g1.owning_view is root
    g1.identifier = "spacer-1"
    assert g1.identifier == "spacer-1"
    tether.activate([
        a.leading == root.leading, a.width == 50, b.width == 50,
        g1.leading == a.trailing, b.leading == g1.trailing,
        g2.leading == b.trailing, g2.trailing == root.trailing,
        g1.width == g2.width,
        a.top == root.top, b.top == root.top, a.height == 10, b.height == 10,
        g1.top == root.top, g1.height == 10, g2.top == root.top, g2.height == 10,
    ])
    root.layout_if_needed()
    assert a.frame == approx((0, 0, 50, 10))
    assert b.frame == approx((150, 0, 50, 10))
    assert g1.layout_frame == approx((50, 0, 100, 10))
    assert g2.layout_frame == approx((200, 0, 100, 10))


def test_guide_frames_are_in_the_owners_coordinates(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    card = make(engine, root)
    guide = tether.LayoutGuide(engine=engine)
    card.add_layout_guide(guide)
    tether.activate([
        card.left == root.left + 100, card.top == root.top + 100,
        card.width == 100, card.height == 100,
        guide.center_x == card.center_x, guide.center_y == card.center_y,
        guide.width == card.width * 0.5, guide.height == 10,
    ])
    root.layout_if_needed()
    assert guide.layout_frame == approx((25, 45, 50, 10))


def test_removing_a_guide_deactivates_its_constraints(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    guide = tether.LayoutGuide(engine=engine)
    root.add_layout_guide(guide)
    c = guide.width == root.width
    c.active = True
    root.remove_layout_guide(guide)
    assert guide.owning_view is None
    assert not c.active


# ------------------------------------------------------------------------------------------------
# Hooks
# ------------------------------------------------------------------------------------------------


def test_layout_subviews_hook_sees_the_new_frames(engine: Engine) -> None:
    s = Screen(engine)
    seen = []
    s.root.layout_subviews = lambda view: seen.append((view, view.frame, s.content.frame))
    assert s.root.layout_subviews is not None
    s.root.layout_if_needed()
    assert seen and seen[-1][0] is s.root
    assert seen[-1][2] == approx((16, 52, 288, 371))
    s.root.layout_subviews = None
    count = len(seen)
    s.root.set_needs_layout()
    s.root.layout_if_needed()
    assert len(seen) == count


def test_update_constraints_hook_may_activate_constraints(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    child = make(engine, root)
    made = []

    def update(view: View) -> None:
        if not made:
            made.extend([child.leading == view.leading + 5, child.top == view.top + 6,
                         child.width == 7, child.height == 8])
            tether.activate(made)

    root.update_constraints = update
    root.set_needs_update_constraints()
    root.layout_if_needed()
    assert made and all(c.active for c in made)
    assert child.frame == approx((5, 6, 7, 8))


def test_an_exception_in_a_hook_propagates_after_the_pass(engine: Engine) -> None:
    s = Screen(engine)

    def hook(view: View) -> None:
        raise KeyError("from the hook")

    s.root.layout_subviews = hook
    with pytest.raises(KeyError, match="from the hook"):
        s.root.layout_if_needed()
    assert s.content.frame == approx((16, 52, 288, 371))  # the pass itself completed
    s.root.layout_subviews = None
    s.root.set_needs_layout()
    s.root.layout_if_needed()


def test_hooks_as_subclass_methods(engine: Engine) -> None:
    class Card(View):
        def __init__(self, engine: Engine) -> None:
            super().__init__(frame=(0, 0, 200, 100), engine=engine)
            self.calls: List[object] = []

        def update_constraints(self) -> None:  # type: ignore[override]
            self.calls.append("update")

        def layout_subviews(self) -> None:  # type: ignore[override]
            self.calls.append(self.frame)

    card = Card(engine)
    inner = make(engine, card)
    tether.activate([inner.leading == card.leading, inner.top == card.top,
                     inner.width == 10, inner.height == 10])
    card.set_needs_update_constraints()
    card.layout_if_needed()
    assert "update" in card.calls
    assert Rect(0, 0, 200, 100) in card.calls
    assert card.superview is None and card.subviews == [inner]
    assert card.subviews[0].superview is card


def test_hook_methods_are_found_per_class_not_inherited_from_a_cache(engine: Engine) -> None:
    # Which hooks a class defines as methods is found once per class (tether.view): a plain
    # View made first must not make its subclasses look hookless, nor a subclass's hooks leak
    # to its base or to a sibling.
    calls: List[str] = []

    class Plain(View):
        pass

    class Laid(Plain):
        def layout_subviews(self) -> None:  # type: ignore[override]
            calls.append("laid")

    class Sibling(Plain):
        def update_constraints(self) -> None:  # type: ignore[override]
            calls.append("sibling")

    for _ in range(2):  # the second round reads what the first found
        plain, laid, sibling = (Plain(frame=(0, 0, 10, 10), engine=engine),
                                Laid(frame=(0, 0, 10, 10), engine=engine),
                                Sibling(frame=(0, 0, 10, 10), engine=engine))
        assert plain._overridden_hooks() == ()
        assert laid._overridden_hooks() == ("layout_subviews",)
        assert sibling._overridden_hooks() == ("update_constraints",)
        assert View(engine=engine)._overridden_hooks() == ()
        calls.clear()
        for view in (plain, laid, sibling):
            view.set_needs_update_constraints()
            view.set_needs_layout()
            view.layout_if_needed()
        assert calls == ["laid", "sibling"]


# ------------------------------------------------------------------------------------------------
# Combinations
# ------------------------------------------------------------------------------------------------


def test_right_to_left_margins(engine: Engine) -> None:
    root = make(engine, frame=(0, 0, 320, 100), constrained=False)
    root.semantic_content_attribute = tether.SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
    root.layout_margins = (0, 20, 0, 40)  # left 20, right 40
    first, second = make(engine, root), make(engine, root)
    guide = root.layout_margins_guide
    tether.activate([
        first.leading == root.leading_margin, first.width == 10,
        second.trailing == guide.trailing, second.width == 10,
        first.top == root.top, second.top == root.top, first.height == 10, second.height == 10,
    ])
    root.layout_if_needed()
    assert first.frame == approx((270, 0, 10, 10))  # leading margin: 40 from the right
    assert second.frame == approx((20, 0, 10, 10))  # trailing: the left margin
    assert guide.layout_frame == approx((20, 0, 260, 100))


def test_intrinsic_size_describes_the_alignment_rect(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    label = make(engine, root)
    label.intrinsic_content_size = (100, 20)
    label.alignment_rect_insets = (5, 10, 15, 20)
    tether.activate([label.leading == root.leading, label.top == root.top])
    root.layout_if_needed()
    assert label.frame == approx((-10, -5, 130, 40))


def test_measure_is_proposed_the_alignment_width(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    text = make(engine, root)
    text.alignment_rect_insets = (0, 10, 0, 20)
    measure = Text()
    text.measure = measure
    tether.activate([text.leading == root.leading, text.width == 100, text.top == root.top])
    root.layout_if_needed()
    assert measure.proposed[-1] == 100
    assert text.frame == approx((-10, 0, 130, 40))


def test_fitting_size_of_a_subview_ignores_its_frame_and_superview(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    card = make(engine, root)
    label = make(engine, card)
    label.intrinsic_content_size = (100, 20)
    tether.activate([
        card.leading == root.leading, card.trailing == root.trailing, card.top == root.top,
        label.leading == card.leading + 10, card.trailing == label.trailing + 10,
        label.top == card.top + 10, card.bottom == label.bottom + 10,
    ])
    root.layout_if_needed()
    assert card.frame == approx((0, 0, 320, 40))
    fitting = card.system_layout_size_fitting(tether.LAYOUT_FITTING_COMPRESSED_SIZE)
    assert fitting == pytest.approx((120, 40))
    assert card.frame == approx((0, 0, 320, 40))


def test_a_user_constraint_conflicting_with_autoresizing_is_the_one_broken(engine: Engine) -> None:
    messages: List[str] = []
    engine.set_diagnostic_handler(messages.append)
    root = make(engine, frame=SCREEN, constrained=False)
    translating = make(engine, root, frame=(10, 10, 50, 50), constrained=False)
    wider = translating.width == 80
    wider.active = True
    root.layout_if_needed()
    assert wider.broken
    assert translating.frame == approx((10, 10, 50, 50))
    assert len(messages) == 1 and "h=--& v=--&" in messages[0]
    # Turning translation off lets it hold (the view then needs a full set of constraints).
    translating.translates_autoresizing_mask_into_constraints = False
    tether.activate([translating.left == root.left + 10, translating.top == root.top + 10,
                     translating.height == 50])
    root.layout_if_needed()
    assert not wider.broken
    assert translating.frame == approx((10, 10, 80, 50))


def test_callbacks_may_read_the_engine_during_a_pass(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    text = make(engine, root)
    reads = []

    def measure(width: float):
        reads.append((text.identifier, len(root.subviews), text.superview is root))
        return (10, 10)

    text.measure = measure
    tether.activate([text.leading == root.leading, text.top == root.top])
    root.layout_if_needed()
    assert reads and reads[-1] == ("", 1, True)
    assert text.frame == approx((0, 0, 10, 10))


def test_an_exception_in_measure_propagates_from_fitting(engine: Engine) -> None:
    card = make(engine, frame=(0, 0, 1, 1), constrained=False)
    text = make(engine, card)
    tether.activate([text.leading == card.leading, text.top == card.top,
                     card.trailing == text.trailing, card.bottom == text.bottom])

    def measure(width: float):
        raise LookupError("no font")

    text.measure = measure
    with pytest.raises(LookupError, match="no font"):
        card.system_layout_size_fitting(tether.LAYOUT_FITTING_COMPRESSED_SIZE)
    text.measure = lambda width: (30, 12)
    assert card.system_layout_size_fitting((0, 0)) == pytest.approx((30, 12))


def test_a_hook_may_change_constraints_for_the_next_pass(engine: Engine) -> None:
    root = make(engine, frame=SCREEN, constrained=False)
    child = make(engine, root)
    height = child.height == 5
    tether.activate([child.leading == root.leading, child.top == root.top, child.width == 5,
                     height])

    def grow(view: View) -> None:
        height.constant = 7

    root.layout_subviews = grow
    root.layout_if_needed()
    assert child.frame == approx((0, 0, 5, 5))
    root.layout_subviews = None
    root.layout_if_needed()
    assert child.frame == approx((0, 0, 5, 7))


def test_an_exception_caught_inside_a_hook_is_not_raised_again(engine: Engine) -> None:
    """A hook lays out another root whose measure fails and handles the error itself."""
    other, text = pinned_text(engine)

    def failing(width: float):
        raise ValueError("measure failed")

    text.measure = failing
    s = Screen(engine)
    caught = []

    def hook(view: View) -> None:
        try:
            other.layout_if_needed()
        except ValueError as error:
            caught.append(error)

    s.root.layout_subviews = hook
    s.root.layout_if_needed()  # does not raise: the hook handled it
    assert len(caught) == 1 and str(caught[0]) == "measure failed"
    assert s.content.frame == approx((16, 52, 288, 371))
    with pytest.raises(ValueError, match="measure failed"):
        other.layout_if_needed()  # still failing on its own


def test_constraints_equivalent_to_autoresizing_mask(engine: Engine) -> None:
    root = tether.View(frame=(0, 0, 320, 480), engine=engine)
    root.identifier = "root"
    view = tether.View(frame=(160, 120, 80, 80), engine=engine)
    view.identifier = "v"
    root.add_subview(view)
    assert root.constraints_equivalent_to_autoresizing_mask() == []
    view.autoresizing_mask = tether.Autoresizing.FLEXIBLE_LEFT_MARGIN | tether.Autoresizing.FLEXIBLE_RIGHT_MARGIN
    generated = view.constraints_equivalent_to_autoresizing_mask()
    v, r = f"View:{shown_id(view)}'v'", f"View:{shown_id(root)}'root'"
    assert [str(c) for c in generated] == [
        f"<NSAutoresizingMaskLayoutConstraint:{shown_id(c)} {body}   (inactive)>"  # not in a solve
        for c, body in zip(generated, [
            f"h=&-& v=--& {v}.minX == 0.666667*{r}.width - 53.3333",
            f"h=&-& v=--& {v}.width == 80",
            f"h=&-& v=--& {v}.minY == 120",
            f"h=&-& v=--& {v}.height == 80",
        ])
    ]
    assert generated[0].first_attribute == tether.Attribute.MIN_X
    assert generated[0].second_item is root
    assert view.constraints_equivalent_to_autoresizing_mask()[0] is generated[0]
    with pytest.raises(tether.InvalidStateError):
        generated[0].constant = 5
    with pytest.raises(tether.InvalidStateError):
        tether.activate([generated[0]])
    root.layout_if_needed()  # the pass frees them; new ones are made on request
    assert view.constraints_equivalent_to_autoresizing_mask()[0] is not generated[0]
