"""UIKit's safe-area rules from Python: insets derived from the ancestors, margins measured from
the safe area, the host's override, and a property test of the derivation against the rule
computed here independently (a random hierarchy of frames under random root insets)."""

from hypothesis import given, settings
from hypothesis import strategies as st

import tether


def screen(engine):
    root = tether.View(frame=(0, 0, 375, 812), engine=engine)
    root.safe_area_insets = (44, 0, 34, 0)
    container = root.new_subview("container")
    tether.activate([container.top == root.top, container.bottom == root.bottom,
                     container.leading == root.leading, container.trailing == root.trailing])
    return root, container


def test_a_container_pinned_to_the_screen_gets_the_screens_insets(engine):
    root, container = screen(engine)
    content = container.new_subview("content")
    guide = container.safe_area_layout_guide
    tether.activate([content.top == guide.top, content.bottom == guide.bottom,
                     content.leading == container.leading_margin, content.trailing == container.trailing_margin])
    root.layout_if_needed()
    assert container.safe_area_insets == (44, 0, 34, 0)
    assert container.safe_area_insets_are_derived and not root.safe_area_insets_are_derived
    assert content.frame == (8, 44, 359, 734)
    assert container.layout_margins == (8, 8, 8, 8)
    assert container.effective_layout_margins == (52, 8, 42, 8)

    container.insets_layout_margins_from_safe_area = False
    assert container.effective_layout_margins == (8, 8, 8, 8)
    container.safe_area_insets = (0, 0, 0, 0)  # the host's word wins
    root.layout_if_needed()
    assert content.frame == (8, 0, 359, 812)
    container.reset_safe_area_insets()
    root.layout_if_needed()
    assert content.frame == (8, 44, 359, 734)


INF = float("inf")


def safe_bounds(rect, insets):
    """A safe area (min x, min y, max x, max y): the rect moved in by its insets, unbounded on an
    edge whose inset is zero (unsafe areas come from insets only)."""
    x, y, w, h = rect
    top, left, bottom, right = insets
    return (x + left if left else -INF, y + top if top else -INF,
            x + w - right if right else INF, y + h - bottom if bottom else INF)


def expected_insets(rect, safe):
    """The rule, written out: the part of ``rect`` outside ``safe``, clamped to ``rect``."""
    x, y, w, h = rect
    min_x, min_y, max_x, max_y = safe
    top = min(max(min_y, y), y + h) - y
    bottom = (y + h) - min(max(max_y, y + top), y + h)
    left = min(max(min_x, x), x + w) - x
    right = (x + w) - min(max(max_x, x + left), x + w)
    return (top, left, bottom, right)


FRAMES = st.tuples(st.integers(-50, 300), st.integers(-50, 300), st.integers(0, 300), st.integers(0, 300))


@settings(max_examples=80, deadline=None)
@given(insets=st.tuples(*[st.integers(0, 60)] * 4), frames=st.lists(st.tuples(st.integers(0, 20), FRAMES), max_size=12))
def test_derived_insets_follow_the_rule(insets, frames):
    with tether.Engine() as engine:
        root = tether.View(frame=(0, 0, 320, 480), engine=engine)
        root.safe_area_insets = insets
        views = [root]
        for parent, frame in frames:  # frame-based views (autoresizing), any nesting
            v = tether.View(frame=frame, engine=engine)
            views[parent % len(views)].add_subview(v)
            views.append(v)
        root.layout_if_needed()
        # Each view's rect and safe rect in root coordinates, top-down.
        rects = {root: (0.0, 0.0, 320.0, 480.0)}
        safe = {root: safe_bounds(rects[root], insets)}
        pending = list(root.subviews)
        while pending:
            v = pending.pop(0)
            px, py, _, _ = rects[v.superview]
            fx, fy, fw, fh = v.frame
            rects[v] = (px + fx, py + fy, fw, fh)
            want = expected_insets(rects[v], safe[v.superview])
            assert tuple(v.safe_area_insets) == want, (v, rects[v], safe[v.superview])
            safe[v] = safe_bounds(rects[v], want)
            pending.extend(v.subviews)
