"""Frames rounded to the display's pixel grid (``Engine.display_scale``, docs/view-model.md
"Pixel-grid rounding"): the setting, ``View.unrounded_frame``, and a property test over random
rows of views with fractional constraints at random scales, checked against the rule computed
here independently."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tether


def thirds(engine, top=0.25):
    root = tether.View(frame=(0, 0, 100, 50), engine=engine)
    views = [root.new_subview(f"v{i}") for i in range(3)]
    constraints = []
    for i, v in enumerate(views):
        constraints += [v.width == root.width * (1 / 3), v.top == root.top + top, v.height == 10.4,
                        v.left == (root.left if i == 0 else views[i - 1].right)]
    tether.activate(constraints)
    root.layout_if_needed()
    return root, views


def on_grid(value, scale):
    pixels = value * scale
    return abs(pixels - round(pixels)) < 1e-9


def test_no_rounding_by_default(engine):
    assert engine.display_scale == 0.0
    _, views = thirds(engine)
    for i, v in enumerate(views):
        assert v.frame == v.unrounded_frame
        assert v.frame.x == pytest.approx(i * 100 / 3)


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_thirds_stay_flush_on_the_grid(engine, scale):
    root, views = thirds(engine)
    exact = [v.frame for v in views]
    engine.display_scale = scale
    assert engine.display_scale == scale
    root.layout_if_needed()
    for v, e in zip(views, exact):
        f = v.frame
        assert v.unrounded_frame == e
        assert all(on_grid(x, scale) for x in (f.x, f.y, f.width, f.height))
        assert v.bounds == (0, 0, f.width, f.height)
        assert v.center == (f.x + f.width / 2, f.y + f.height / 2)
    assert views[0].frame.x == 0
    assert views[0].frame.x + views[0].frame.width == pytest.approx(views[1].frame.x, abs=1e-9)
    assert views[1].frame.x + views[1].frame.width == pytest.approx(views[2].frame.x, abs=1e-9)
    assert views[2].frame.x + views[2].frame.width == pytest.approx(100, abs=1e-9)
    assert root.frame == (0, 0, 100, 50)
    assert root.subtree_frames()[views[1]] == views[1].frame


def test_scale_two_exactly(engine):
    root, views = thirds(engine)
    engine.display_scale = 2
    root.layout_if_needed()
    assert [v.frame for v in views] == [(0, 0.5, 33.5, 10), (33.5, 0.5, 33, 10), (66.5, 0.5, 33.5, 10)]
    engine.display_scale = 0
    root.layout_if_needed()
    assert [v.frame for v in views] == [v.unrounded_frame for v in views]


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, -1, -0.5])
def test_bad_scales_raise_value_error_and_change_nothing(engine, bad):
    engine.display_scale = 2
    with pytest.raises(ValueError):
        engine.display_scale = bad
    assert engine.display_scale == 2


def test_a_scale_must_be_a_number(engine):
    with pytest.raises(TypeError):
        engine.display_scale = "2"  # type: ignore[assignment]


def test_intrinsic_size_is_kept(engine):
    # Exactly 0.125..10.375 and 10.375..20.625 at scale 2: the second would round to 10 wide,
    # below its intrinsic 10.25, so its max edge moves out by one pixel.
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    a, b = root.new_subview("a"), root.new_subview("b")
    for v in (a, b):
        v.intrinsic_content_size = (10.25, 10.25)
    tether.activate([a.left == root.left + 0.125, b.left == a.right,
                     a.top == root.top + 0.125, b.top == root.top + 0.125])
    engine.display_scale = 2
    root.layout_if_needed()
    assert b.unrounded_frame == (10.375, 0.125, 10.25, 10.25)
    assert a.frame == (0, 0, 10.5, 10.5)
    assert b.frame == (10.5, 0, 10.5, 10.5)


def test_autoresizing_views_are_rounded(engine):
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    a = tether.View(frame=(0.3, 0.3, 10.3, 10.3), engine=engine)
    root.add_subview(a)
    engine.display_scale = 1
    root.layout_if_needed()
    assert a.frame == (0, 0, 11, 11)
    assert a.unrounded_frame == (0.3, 0.3, 10.3, 10.3)


# -- the property ---------------------------------------------------------------------------

fraction = st.floats(min_value=0, max_value=1, allow_nan=False).map(lambda x: round(x, 3))
scales = st.one_of(st.sampled_from([1.0, 2.0, 3.0]), st.floats(min_value=0.5, max_value=4).map(lambda x: round(x, 2)))
cell = st.tuples(
    st.floats(min_value=0.5, max_value=40).map(lambda x: round(x, 3)),  # width
    st.floats(min_value=0.5, max_value=40).map(lambda x: round(x, 3)),  # height
    fraction,  # top
    st.one_of(st.none(), fraction),  # intrinsic: this much (of at most one pixel) below the exact size
)


@settings(max_examples=120, deadline=None)
@given(scale=scales, origin=st.tuples(fraction, fraction), lead=fraction,
       cells=st.lists(cell, min_size=1, max_size=7))
def test_rounded_rows_are_on_the_grid_flush_and_never_below_their_intrinsic_size(scale, origin, lead, cells):
    with tether.Engine() as engine:
        engine.display_scale = scale
        root = tether.View(frame=(0, 0, 500, 200), engine=engine)
        # The row lies in a container at a fractional offset: rounding is in root coordinates.
        box = root.new_subview("box")
        tether.activate([box.left == root.left + 3 + origin[0], box.top == root.top + 5 + origin[1],
                         box.width == 400.5, box.height == 100.25])
        views, constraints = [], []
        for i, (width, height, top, intrinsic) in enumerate(cells):
            v = box.new_subview(f"v{i}")
            if intrinsic is not None:
                px = 1 / scale
                v.intrinsic_content_size = (max(0.0, width - intrinsic * px), max(0.0, height - intrinsic * px))
            constraints += [v.width == width, v.height == height, v.top == box.top + top,
                            v.left == (box.left + lead if i == 0 else views[-1].right)]
            views.append(v)
        tether.activate(constraints)
        root.layout_if_needed()

        bx, by = box.frame.x, box.frame.y
        ux, uy = box.unrounded_frame.x, box.unrounded_frame.y
        assert on_grid(bx, scale) and on_grid(by, scale)
        half, pixel, tol = 0.5 / scale, 1 / scale, 1e-9
        previous = None
        for v, (width, height, _, _) in zip(views, cells):
            f, u = v.frame, v.unrounded_frame
            assert u.width == pytest.approx(width) and u.height == pytest.approx(height)
            # Edges in root coordinates, rounded and exact.
            x0, y0, x1, y1 = bx + f.x, by + f.y, bx + f.x + f.width, by + f.y + f.height
            e0, f0, e1, f1 = ux + u.x, uy + u.y, ux + u.x + u.width, uy + u.y + u.height
            for rounded in (x0, y0, x1, y1):
                assert on_grid(rounded, scale)
            assert abs(x0 - e0) <= half + tol and abs(y0 - f0) <= half + tol
            content = v.intrinsic_content_size
            grew = []
            for lo, hi, exact_hi, need, exact_len in ((x0, x1, e1, content.width, width),
                                                      (y0, y1, f1, content.height, height)):
                over = hi - exact_hi
                if over > half + tol:
                    # Grown by one pixel, only to keep the intrinsic size the exact layout met.
                    assert need >= 0 and exact_len >= need - tol
                    assert hi - lo - pixel < need + tol
                    assert over <= 3 * half + tol
                else:
                    assert abs(over) <= half + tol
                if need >= 0 and exact_len >= need:
                    assert hi - lo >= need - tol, "never below the intrinsic size by rounding"
                grew.append(over > half + tol)
            if previous is not None:
                # Flush with the view before, unless that one grew to keep its intrinsic width.
                end, previous_grew = previous
                assert abs(x0 - end) <= tol or (previous_grew and abs(x0 - (end - pixel)) <= tol)
            previous = (x1, grew[0])
