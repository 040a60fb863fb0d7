"""The callback contract (issue 20, items 10, 11, 12; docs/threads.md): what a measure callable,
a layout hook or a diagnostic handler may do, and the specific error for what it may not."""

from __future__ import annotations

import re
import threading

import pytest

import tether
from tether import CallbackFailedError, Engine, InvalidStateError, View


def measured_screen(engine: Engine, measure) -> tuple:
    """A root 100 wide with one constrained subview measured by ``measure``."""
    root = View(frame=(0, 0, 100, 100), engine=engine)
    text = View(engine=engine)
    text.translates_autoresizing_mask_into_constraints = False
    root.add_subview(text)
    tether.activate([text.leading == root.leading, text.trailing == root.trailing, text.top == root.top])
    text.measure = measure
    return root, text


def test_two_engines_whose_callbacks_call_each_other_do_not_deadlock() -> None:
    """Thread 1 lays out engine A, whose measure callable reads engine B; thread 2 lays out B,
    whose measure callable reads A. Each engine's lock is held across its pass, so they used to
    wait for each other forever. Now the thread that would close the cycle gets
    InvalidStateError inside its callable, its pass fails, and the other thread finishes."""
    engines = [Engine(), Engine()]
    both_measuring = threading.Barrier(2, timeout=10)
    screens = []
    outcomes: list = [None, None]

    def callable_for(k: int):
        first = [True]

        def measure(width: float):
            if first[0]:
                first[0] = False
                both_measuring.wait()  # both threads are inside their pass now
                _ = screens[1 - k][0].frame  # takes the other engine's lock
            return (10.0, 20.0)
        return measure

    for k in range(2):
        screens.append(measured_screen(engines[k], callable_for(k)))

    def run(k: int) -> None:
        try:
            screens[k][0].layout_if_needed()
            outcomes[k] = "ok"
        except BaseException as error:  # noqa: B902 - reported below
            outcomes[k] = error

    threads = [threading.Thread(target=run, args=(k,), daemon=True) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads), "deadlocked"
    failed = [o for o in outcomes if o != "ok"]
    assert len(failed) == 1, outcomes
    error = failed[0]
    assert isinstance(error, InvalidStateError), repr(error)
    assert "would deadlock" in str(error)
    # Both engines still work.
    for root, text in screens:
        root.layout_if_needed()
        assert text.frame.height == 20
    for engine in engines:
        engine.close()


def test_closing_an_engine_inside_its_own_callback_is_refused(engine: Engine) -> None:
    def measure(width: float):
        engine.close()
        return (10.0, 10.0)

    root, text = measured_screen(engine, measure)
    with pytest.raises(InvalidStateError, match=r"Engine.close\(\) was called from inside one of the engine's callbacks"):
        root.layout_if_needed()
    assert not engine.closed
    text.measure = lambda width: (10.0, 12.0)
    root.layout_if_needed()
    assert text.frame.height == 12


def test_a_view_freed_by_a_callback_is_not_measured_again(engine: Engine) -> None:
    """The first view's callable frees the second, measured view during the pass: the second's
    callable is never called after that (it used to be, with the freed id)."""
    measured_after_free = []
    freed = []

    def second(width: float):
        if freed:
            measured_after_free.append(width)
        return (5.0, 5.0)

    def first(width: float):
        if not freed:
            other.free()
            freed.append(True)
        return (10.0, 10.0)

    root, text = measured_screen(engine, first)
    other = View(engine=engine)
    other.translates_autoresizing_mask_into_constraints = False
    root.add_subview(other)
    tether.activate([other.leading == root.leading, other.trailing == root.trailing,
                     other.top == text.bottom])
    other.measure = second
    try:
        root.layout_if_needed()
    except CallbackFailedError:
        pass  # the pass may stop where the hierarchy changed under it; the next one runs clean
    root.layout_if_needed()
    assert freed and measured_after_free == []
    assert text.frame.height == 10


@pytest.mark.parametrize("size, named", [((-50.0, 20.0), "a negative width (-50)"),
                                         ((40.0, -0.5), "a negative height (-0.5)"),
                                         ((float("nan"), 20.0), "a non-finite size (nan, 20)")])
def test_a_measured_size_outside_the_intrinsic_rule_fails_the_pass(engine: Engine, size, named) -> None:
    """A measured width or height is finite and at least 0, or NO_INTRINSIC_METRIC: anything else
    fails the pass with CallbackFailedError naming the value, never clamped or taken for none."""
    root, text = measured_screen(engine, lambda width: size)
    with pytest.raises(CallbackFailedError, match=re.escape(named)):
        root.layout_if_needed()
    text.measure = lambda width: (tether.NO_INTRINSIC_METRIC, 12.0)
    root.layout_if_needed()
    assert text.frame.height == 12
