"""Animation blocks, the engine's clock and presentation frames (tether.animation).

The expected motion is computed here from its definitions, independently of the library: each
timing curve as the cubic Bézier UIKit names, solved for its parameter by bisection on x(t), and
the spring as the closed form of a damped oscillator whose natural frequency makes its envelope
decay to 1/10,000 over the duration.
"""

from __future__ import annotations

import gc
import math
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tether
from tether import _completions
from tether.animation import inherited_duration, open_block_count

CURVE_POINTS = {
    tether.AnimationCurve.EASE_IN_OUT: (0.42, 0.0, 0.58, 1.0),
    tether.AnimationCurve.EASE_IN: (0.42, 0.0, 1.0, 1.0),
    tether.AnimationCurve.EASE_OUT: (0.0, 0.0, 0.58, 1.0),
    tether.AnimationCurve.LINEAR: (0.0, 0.0, 1.0, 1.0),
}


def _bezier(s, a, b):
    u = 1 - s
    return 3 * u * u * s * a + 3 * u * s * s * b + s ** 3


def curve_progress(curve, x):
    """Progress at elapsed fraction x: bisection for the parameter, then y."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    x1, y1, x2, y2 = CURVE_POINTS[curve]
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if _bezier(mid, x1, x2) < x:
            lo = mid
        else:
            hi = mid
    return _bezier((lo + hi) / 2, y1, y2)


def spring_progress(z, v0, duration, t):
    """1 - e(t), e'' + 2 z w e' + w^2 e = 0, e(0) = 1, e'(0) = -v0; exactly 1 from the duration."""
    if t <= 0:
        return 0.0
    if t >= duration:
        return 1.0
    w = math.log(10000) / (z * duration) if z <= 1 else math.log(10000) / ((z - math.sqrt(z * z - 1)) * duration)
    if z < 1:
        wd = w * math.sqrt(1 - z * z)
        e = math.exp(-z * w * t) * (math.cos(wd * t) + (z * w - v0) / wd * math.sin(wd * t))
    elif z == 1:
        e = (1 + (w - v0) * t) * math.exp(-w * t)
    else:
        root = math.sqrt(z * z - 1)
        r1, r2 = -w * (z - root), -w * (z + root)
        c1 = (-v0 - r2) / (r1 - r2)
        e = c1 * math.exp(r1 * t) + (1 - c1) * math.exp(r2 * t)
    return 1 - e


def lerp(a, b, p):
    return tuple(x + (y - x) * p for x, y in zip(a, b))


def close(rect, want, tolerance=1e-9):
    return all(abs(g - w) <= tolerance * max(1.0, abs(w)) for g, w in zip(tuple(rect), tuple(want)))


@pytest.fixture(autouse=True)
def no_block_left_open():
    yield
    assert open_block_count() == 0


# -- curves and springs ------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(curve=st.sampled_from(list(tether.AnimationCurve)),
       start=st.floats(0, 100), duration=st.floats(0.01, 10),
       dx=st.floats(-1000, 1000), dh=st.floats(-100, 100),
       fraction=st.floats(0, 1.2))
def test_curves_follow_their_cubic_bezier(curve, start, duration, dx, dh, fraction):
    with tether.Engine() as engine:
        engine.clock = start
        view = tether.View(frame=(5, 6, 200, 150), engine=engine)
        new = (5 + dx, 6, 200, 150 + dh)
        with tether.animate(duration, curve=curve):
            view.frame = new
        assert close(view.frame, new)
        engine.advance(duration * fraction)
        want = lerp((5, 6, 200, 150), new, curve_progress(curve, min(fraction, 1.0)))
        assert close(view.presentation_frame, want, 1e-8)
        assert close(view.presentation_frame_at(engine.clock), want, 1e-8)


@pytest.mark.parametrize("curve", list(tether.AnimationCurve))
def test_curve_velocity_is_the_slope(engine, curve):
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    with tether.animate(2.0, curve=curve):
        view.frame = (400, 0, 10, 10)
    engine.advance(0.7)
    h = 1e-6
    slope = (curve_progress(curve, (0.7 + h) / 2) - curve_progress(curve, (0.7 - h) / 2)) / (2 * h)
    assert view.presentation_velocity.x == pytest.approx(400 * slope, rel=1e-4)


@settings(max_examples=120, deadline=None)
@given(damping=st.sampled_from([0.15, 0.5, 0.8, 1.0, 1.3, 3.0]), velocity=st.floats(-3, 3),
       duration=st.floats(0.1, 3), fraction=st.floats(0, 1.1), distance=st.floats(-500, 500))
def test_springs_follow_the_damped_oscillator(damping, velocity, duration, fraction, distance):
    with tether.Engine() as engine:
        view = tether.View(frame=(0, 0, 10, 10), engine=engine)
        with tether.animate(duration, spring_damping=damping, initial_velocity=velocity):
            view.frame = (distance, 0, 10, 10)
        t = duration * fraction
        engine.advance(t)
        want = distance * spring_progress(damping, velocity, duration, t)
        assert view.presentation_frame.x == pytest.approx(want, rel=1e-7, abs=1e-7)
        if fraction >= 1:
            assert view.presentation_frame.x == distance and not view.is_animating


# -- timing --------------------------------------------------------------------------------------


def test_zero_duration_is_immediate_and_completes_in_the_block(engine):
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    calls = []
    with tether.animate(0, on_complete=calls.append):
        assert inherited_duration() == 0
        view.frame = (50, 0, 10, 10)
        assert calls == []
    assert calls == [True]
    assert view.presentation_frame == view.frame == (50, 0, 10, 10)
    assert not view.is_animating and not engine.has_running_animations


def test_delay_shows_the_old_frame_until_it_passes(engine):
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    calls = []
    with tether.animate(1.0, delay=0.5, curve=tether.AnimationCurve.LINEAR, on_complete=calls.append):
        view.frame = (100, 0, 10, 10)
    assert view.animation_end_time == pytest.approx(1.5)
    engine.advance(0.4)
    assert view.presentation_frame == (0, 0, 10, 10) and view.is_animating
    engine.advance(0.6)
    assert view.presentation_frame.x == pytest.approx(50)
    assert calls == []
    engine.advance(0.5)
    assert calls == [True] and view.presentation_frame == (100, 0, 10, 10)


def test_interruption_keeps_position_and_velocity(engine):
    view = tether.View(frame=(0, 0, 40, 40), engine=engine)
    with tether.animate(1.0):
        view.frame = (300, 100, 80, 40)
    engine.advance(0.35)
    shown, moving = view.presentation_frame, view.presentation_velocity
    with tether.animate(1.0):
        view.frame = (-100, 400, 20, 60)
    assert close(view.presentation_frame, shown, 1e-9)
    assert close(view.presentation_velocity, moving, 1e-6)
    step = 1e-5
    ahead = view.presentation_frame_at(engine.clock + step)
    assert close(ahead, [s + v * step for s, v in zip(shown, moving)], 1e-4)
    engine.advance(1.0)
    assert view.presentation_frame == (-100, 400, 20, 60)


# -- nesting -----------------------------------------------------------------------------------


def test_nested_blocks_inherit_unless_overridden(engine):
    inherit, own_duration, own_curve = (tether.View(frame=(0, 0, 10, 10), engine=engine) for _ in range(3))
    linear, ease_in = tether.AnimationCurve.LINEAR, tether.AnimationCurve.EASE_IN
    with tether.animate(2.0, curve=linear):
        assert inherited_duration() == 2.0 and open_block_count() == 1
        with tether.animate(0.5, curve=ease_in):
            assert inherited_duration() == 2.0 and open_block_count() == 2
            inherit.frame = (100, 0, 10, 10)
        with tether.animate(0.5, curve=ease_in, override_inherited_duration=True):
            assert inherited_duration() == 0.5
            own_duration.frame = (100, 0, 10, 10)
        with tether.animate(0.5, curve=ease_in, override_inherited_curve=True):
            assert inherited_duration() == 2.0
            own_curve.frame = (100, 0, 10, 10)
    for t in (0.2, 0.45, 1.1, 1.7):
        engine.clock = t
        assert inherit.presentation_frame.x == pytest.approx(100 * t / 2)
        assert own_duration.presentation_frame.x == pytest.approx(100 * min(t / 0.5, 1))
        assert own_curve.presentation_frame.x == pytest.approx(100 * curve_progress(ease_in, t / 2))


def test_perform_without_animation(engine):
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    with tether.animate(1.0):
        with tether.perform_without_animation():
            assert inherited_duration() == 0 and open_block_count() == 2
            view.frame = (10, 0, 10, 10)
        assert not view.is_animating

        def move():
            view.frame = (20, 0, 10, 10)
            return "result"

        assert tether.perform_without_animation(move) == "result"
        assert not view.is_animating and view.presentation_frame.x == 20
    with pytest.raises(TypeError):
        tether.perform_without_animation(3)  # type: ignore[call-overload]


# -- completions ------------------------------------------------------------------------------


def test_completions_run_once_in_the_order_the_animations_end(engine):
    views = [tether.View(frame=(0, 0, 10, 10), engine=engine) for _ in range(3)]
    calls = []
    for name, duration, delay, view in (("a", 3, 0, views[0]), ("b", 1, 0, views[1]), ("c", 1, 1, views[2])):
        with tether.animate(duration, delay=delay, on_complete=lambda finished, name=name: calls.append((name, finished))):
            view.frame = (10, 0, 10, 10)
    assert engine.has_running_animations
    engine.advance(10)
    assert calls == [("b", True), ("c", True), ("a", True)]
    engine.advance(10)
    engine.clock = 100
    assert len(calls) == 3 and not engine.has_running_animations


def test_completion_callables_are_kept_until_called_then_released(engine):
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    before = len(_completions._registry)
    with tether.animate(1, on_complete=lambda finished: None):
        view.frame = (5, 0, 10, 10)
    assert len(_completions._registry) == before + 1
    engine.advance(1)
    assert len(_completions._registry) == before


def test_view_freed_mid_animation_completes_unfinished_at_next_advance(engine):
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    child = tether.View(frame=(0, 0, 10, 10), engine=engine)
    root.add_subview(child)
    calls = []
    with tether.animate(1.0, on_complete=calls.append):
        child.frame = (50, 0, 10, 10)
    engine.advance(0.5)
    child.free()
    assert calls == [] and engine.has_running_animations
    engine.advance(0)
    assert calls == [False] and not engine.has_running_animations


def test_remove_all_animations(engine):
    a = tether.View(frame=(0, 0, 10, 10), engine=engine)
    b = tether.View(frame=(0, 0, 10, 10), engine=engine)
    calls = []
    with tether.animate(1.0, on_complete=calls.append):
        a.frame = (50, 0, 10, 10)
    with tether.animate(1.0, on_complete=calls.append):
        b.frame = (50, 0, 10, 10)
    a.remove_all_animations()
    assert not a.is_animating and b.is_animating and a.presentation_frame == a.frame
    engine.remove_all_animations()
    assert not b.is_animating and calls == []
    engine.advance(0)
    assert calls == [False, False]


def test_closing_the_engine_completes_unfinished():
    engine = tether.Engine()
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    calls = []
    with tether.animate(1.0, on_complete=calls.append):
        view.frame = (50, 0, 10, 10)
    engine.close()
    assert calls == [False]


def test_a_completion_may_close_its_engine_during_advance():
    engine = tether.Engine()
    a = tether.View(frame=(0, 0, 10, 10), engine=engine)
    b = tether.View(frame=(0, 0, 10, 10), engine=engine)
    calls = []

    def first(finished):
        calls.append(("first", finished))
        engine.close()

    with tether.animate(1.0, on_complete=first):
        a.frame = (50, 0, 10, 10)
    with tether.animate(2.0, on_complete=lambda finished: calls.append(("second", finished))):
        b.frame = (50, 0, 10, 10)
    engine.advance(1.5)
    assert calls == [("first", True), ("second", False)]
    assert engine.closed
    with pytest.raises(tether.InvalidHandleError):
        engine.advance(1)


def test_a_completion_may_advance_its_engine(engine):
    views = [tether.View(frame=(0, 0, 10, 10), engine=engine) for _ in range(3)]
    calls = []

    def first(finished):
        calls.append(1)
        engine.advance(5)

    for duration, view, done in ((1, views[0], first), (2, views[1], lambda f: calls.append(2)),
                                 (3, views[2], lambda f: calls.append(3))):
        with tether.animate(duration, on_complete=done):
            view.frame = (9, 0, 10, 10)
    engine.advance(1)
    assert calls == [1, 2, 3] and engine.clock == 6


class Boom(Exception):
    pass


def test_an_exception_in_on_complete_surfaces_from_advance_after_every_completion(engine):
    a = tether.View(frame=(0, 0, 10, 10), engine=engine)
    b = tether.View(frame=(0, 0, 10, 10), engine=engine)
    calls = []

    def boom(finished):
        calls.append("boom")
        raise Boom("from on_complete")

    with tether.animate(1.0, on_complete=boom):
        a.frame = (50, 0, 10, 10)
    with tether.animate(1.0, on_complete=lambda finished: calls.append("after")):
        b.frame = (50, 0, 10, 10)
    with pytest.raises(Boom, match="from on_complete"):
        engine.advance(1)
    assert calls == ["boom", "after"]
    engine.advance(1)  # nothing pending: the engine goes on
    assert calls == ["boom", "after"]


def test_an_exception_in_on_complete_surfaces_from_the_block_and_from_close():
    def boom(finished):
        raise Boom(f"finished={finished}")

    engine = tether.Engine()
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    with pytest.raises(Boom, match="finished=True"):
        with tether.animate(0, on_complete=boom):
            view.frame = (1, 0, 10, 10)
    assert open_block_count() == 0
    with tether.animate(1, on_complete=boom):
        view.frame = (2, 0, 10, 10)
    with pytest.raises(Boom, match="finished=False"):
        engine.close()
    assert engine.closed


def test_an_exception_in_the_body_commits_the_block_and_propagates(engine):
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    calls = []
    with pytest.raises(KeyError):
        with tether.animate(1.0, on_complete=calls.append):
            view.frame = (10, 0, 10, 10)
            raise KeyError("body")
    assert open_block_count() == 0 and view.is_animating
    engine.advance(1)
    assert calls == [True]


# -- hierarchy -------------------------------------------------------------------------------


def _pinned(engine):
    root = tether.View(frame=(0, 0, 400, 400), engine=engine)
    parent, child = tether.View(engine=engine), tether.View(engine=engine)
    for view in (parent, child):
        view.translates_autoresizing_mask_into_constraints = False
    root.add_subview(parent)
    parent.add_subview(child)
    left = parent.left == root.left + 20
    tether.activate([left, parent.top == root.top + 30, parent.width == 100, parent.height == 100,
                     child.left == parent.left + 10, child.top == parent.top + 10,
                     child.width == 20, child.height == 20])
    return root, parent, child, left


def test_a_pinned_child_moves_with_its_parent_without_lag(engine):
    root, parent, child, left = _pinned(engine)
    root.layout_if_needed()
    left.constant = 220
    with tether.animate(1.0, curve=tether.AnimationCurve.EASE_IN_OUT):
        root.layout_if_needed()
    assert parent.is_animating and not child.is_animating
    for t in (0.1, 0.3, 0.5, 0.8, 1.0):
        engine.clock = t
        x = 20 + 200 * curve_progress(tether.AnimationCurve.EASE_IN_OUT, t)
        assert close(child.presentation_frame_in(root), (x + 10, 40, 20, 20))
        assert close(parent.presentation_frame_in(root), (x, 30, 100, 100))
        frames = root.subtree_presentation_frames()
        assert list(frames) == [root, parent, child]
        assert frames[parent] == parent.presentation_frame and frames[child] == (10, 10, 20, 20)
    assert child.presentation_frame_in(child) == (0, 0, 20, 20)


def test_views_added_in_a_block_appear_unless_they_had_a_frame(engine):
    root, parent, child, left = _pinned(engine)
    root.layout_if_needed()
    fresh = tether.View(engine=engine)  # never had a frame
    framed = tether.View(frame=(0, 300, 5, 5), engine=engine)
    for view in (fresh, framed):
        view.translates_autoresizing_mask_into_constraints = False
        root.add_subview(view)
        tether.activate([view.left == root.left + 200, view.top == root.top + 200,
                         view.width == 50, view.height == 50])
    with tether.animate(1.0, curve=tether.AnimationCurve.LINEAR):
        root.layout_if_needed()
    assert not fresh.is_animating and fresh.presentation_frame == (200, 200, 50, 50)
    assert framed.is_animating and framed.presentation_frame == (0, 300, 5, 5)
    engine.advance(0.5)
    assert close(framed.presentation_frame, (100, 250, 27.5, 27.5))


# -- errors --------------------------------------------------------------------------------------


def test_bad_options_open_nothing_and_leave_the_engine_usable(engine):
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    for kwargs, field in (({"duration": -1}, "duration"), ({"duration": math.nan}, "duration"),
                          ({"duration": 1, "delay": math.inf}, "delay"),
                          ({"duration": 1, "curve": 7}, "curve"),
                          ({"duration": 1, "spring_damping": 0}, "spring_damping"),
                          ({"duration": 1, "spring_damping": 1, "initial_velocity": math.nan}, "initial_velocity")):
        ran = []
        with pytest.raises(tether.InvalidArgumentError, match=field) as info:
            with tether.animate(**kwargs, on_complete=ran.append):
                ran.append("body")
        assert isinstance(info.value, ValueError)
        assert ran == [] and open_block_count() == 0
    for kwargs in ({"duration": "1"}, {"duration": 1, "delay": None}, {"duration": 1, "curve": "linear"},
                   {"duration": 1, "curve": True}, {"duration": 1, "spring_damping": "x"},
                   {"duration": 1, "on_complete": 3}):
        with pytest.raises(TypeError):
            tether.animate(**kwargs)
    before = len(_completions._registry)
    with pytest.raises(tether.InvalidArgumentError):
        with tether.animate(-1, on_complete=lambda finished: None):
            pass
    assert len(_completions._registry) == before
    with tether.animate(1, curve=tether.AnimationCurve.LINEAR):
        view.frame = (10, 0, 10, 10)
    engine.advance(0.5)
    assert view.presentation_frame.x == pytest.approx(5)


def test_clock_errors(engine):
    engine.advance(2)
    for bad in (-0.1, math.nan, math.inf):
        with pytest.raises(tether.InvalidArgumentError):
            engine.advance(bad)
    with pytest.raises(ValueError, match="before the current time"):
        engine.clock = 1.5
    with pytest.raises(TypeError):
        engine.advance("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        engine.clock = None  # type: ignore[assignment]
    assert engine.clock == 2
    engine.clock = 2
    engine.clock = 3.5
    assert engine.clock == 3.5


def test_presentation_frame_errors(engine):
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    a, b = tether.View(engine=engine), tether.View(engine=engine)
    root.add_subview(a)
    root.add_subview(b)
    with pytest.raises(tether.InvalidStateError):
        a.presentation_frame_in(b)
    with pytest.raises(TypeError):
        a.presentation_frame_in(root.layout_margins_guide)  # type: ignore[arg-type]
    with pytest.raises(tether.InvalidArgumentError):
        a.presentation_frame_at(math.nan)
    with tether.Engine() as other:
        with pytest.raises(tether.InvalidIdError):
            a.presentation_frame_in(tether.View(engine=other))
    assert a.presentation_frame_in(root) == a.frame


def test_motion_beyond_the_doubles_jumps_instead_of_showing_infinity(engine):
    # Found by the C-API fuzzer: from x = 1.7e308 to -1.7e308 the change itself is not a double.
    view = tether.View(frame=(1.7e308, 1, 10, 10), engine=engine)
    done = []
    with tether.animate(1.0, on_complete=done.append):
        view.frame = (-1.7e308, 1, 10, 10)
    assert not view.is_animating
    assert view.presentation_frame == view.frame
    assert all(math.isfinite(x) for x in view.presentation_velocity)
    assert done == [True]
    # Nested near the largest double, the origins in an ancestor add up past it: an error.
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    far = tether.View(frame=(1.7e308, 0, 10, 10), engine=engine)
    farther = tether.View(frame=(1.7e308, 0, 1, 1), engine=engine)
    root.add_subview(far)
    far.add_subview(farther)
    with pytest.raises(tether.InvalidStateError, match="beyond the range of doubles"):
        farther.presentation_frame_in(root)


@settings(max_examples=60, deadline=None)
@given(
    start=st.floats(-1.7e308, 1.7e308),
    end=st.floats(-1.7e308, 1.7e308),
    duration=st.sampled_from([1e-300, 1e-9, 0.5, 1e6]),
    spring=st.one_of(st.none(), st.tuples(st.floats(0.05, 5), st.floats(-1e306, 1e306))),
    steps=st.lists(st.floats(0, 2), max_size=6),
)
def test_presentation_stays_finite_for_any_frames_and_timing(start, end, duration, spring, steps):
    with tether.Engine() as engine:
        view = tether.View(frame=(start, 0, 10, 10), engine=engine)
        kwargs = {} if spring is None else {"spring_damping": spring[0], "initial_velocity": spring[1]}
        with tether.animate(duration, **kwargs):
            view.frame = (end, 0, 10, 10)
        for step in steps:
            engine.advance(step)
            assert all(math.isfinite(x) for x in view.presentation_frame), view.presentation_frame
            assert all(math.isfinite(x) for x in view.presentation_velocity), view.presentation_velocity


def test_curve_enum_matches_the_header():
    assert [(c.name, int(c)) for c in tether.AnimationCurve] == [
        ("EASE_IN_OUT", 0), ("EASE_IN", 1), ("EASE_OUT", 2), ("LINEAR", 3)]
    assert str(tether.AnimationCurve.LINEAR) == "AnimationCurve.LINEAR"


def test_an_exception_in_on_complete_of_a_collected_engine_goes_to_unraisablehook(monkeypatch):
    seen = []
    monkeypatch.setattr(sys, "unraisablehook", lambda unraisable: seen.append(unraisable.exc_value))

    def make_and_drop():
        engine = tether.Engine()
        view = tether.View(frame=(0, 0, 1, 1), engine=engine)

        def boom(finished):
            raise Boom(f"collected, finished={finished}")

        with tether.animate(1, on_complete=boom):
            view.frame = (5, 0, 1, 1)

    make_and_drop()
    gc.collect()
    assert [str(error) for error in seen] == ["collected, finished=False"]
