"""No memory leak when engines and solvers are made, used and dropped many times.

The library has no count of live handles, so the test watches the process's resident set size
(/proc/self/statm): it makes and drops a batch of engines (views, guides, constraints from
anchors and from the visual format, measure callbacks, layout passes, inspection) and solvers
(variables, constraints, edits, conflicts) per round, warms up for a few rounds (allocator
arenas, caches, the interpreter's free lists settle), then requires the RSS to stay flat over
the measured rounds. A real per-object leak is far larger than the bound: every round makes
ENGINES_PER_ROUND engines and SOLVERS_PER_ROUND solvers, and
``test_the_detector_sees_a_leak`` checks that keeping them (a deliberate leak) does exceed it,
so the bound is known to catch one.

It also checks that dropped wrappers are collected (weak references die), i.e. that the
binding's own reference graph lets the handles be freed, both by ``close()`` and by garbage
collection.
"""

from __future__ import annotations

import gc
import os
import weakref
from typing import Any, Callable, List, Optional

import pytest

import tether
from tether import Solver

pytestmark = pytest.mark.skipif(
    not os.path.exists("/proc/self/statm"), reason="needs /proc/self/statm (Linux)"
)

ENGINES_PER_ROUND = 60
SOLVERS_PER_ROUND = 60
WARMUP_ROUNDS = 3
MEASURED_ROUNDS = 6
# Allowed RSS growth over all measured rounds. Keeping one round's objects costs several times
# this (test_the_detector_sees_a_leak measures it), so a leak of anything made per engine or per
# solver is caught within the first measured round.
GROWTH_BOUND = 2 * 1024 * 1024


def rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        resident_pages = int(statm.read().split()[1])
    return resident_pages * os.sysconf("SC_PAGE_SIZE")


def use_an_engine(close: bool) -> tether.Engine:
    """An engine with a small screen, laid out twice and inspected; closed if `close`."""
    engine = tether.Engine()
    engine.set_diagnostic_handler(lambda message: None)
    root = tether.View(frame=(0, 0, 400, 800), engine=engine)
    header, body, footer, label = (tether.View(engine=engine) for _ in range(4))
    for view in (header, body, footer):
        view.translates_autoresizing_mask_into_constraints = False
        root.add_subview(view)
    label.translates_autoresizing_mask_into_constraints = False
    body.add_subview(label)
    label.measure = lambda width: (min(120.0, width) if width == width else 120.0, 20.0)
    header.intrinsic_content_size = (tether.NO_INTRINSIC_METRIC, 44)
    guide = tether.LayoutGuide(engine=engine)
    root.add_layout_guide(guide)
    views = {"header": header, "body": body, "footer": footer}
    made = tether.constraints_with_visual_format("V:|-[header]-[body]-[footer(==50)]-|", views=views)
    made += tether.constraints_with_visual_format("H:|-[header]-|", views=views)
    made += [
        body.leading == root.leading_margin,
        body.trailing == root.trailing_margin,
        footer.leading == root.leading,
        footer.trailing == root.trailing,
        label.leading == body.leading + 8,
        label.top == body.top + 8,
        guide.left == root.left,
        guide.width == root.width * 0.5,
        footer.height == 60,  # conflicts with (==50): one of them is broken and reported
    ]
    tether.activate(made)
    root.layout_if_needed()
    assert header.frame.height == 44
    made[0].constant = 12
    root.frame = (0, 0, 320, 480)
    root.layout_if_needed()
    label.has_ambiguous_layout
    label.constraints_affecting_layout(tether.Axis.HORIZONTAL)
    root.autolayout_trace()
    str(made[-1])
    tether.deactivate(made[:2])
    made[0].free()
    if close:
        engine.close()
    return engine


def use_a_solver(close: bool) -> Solver:
    """A solver with a chain of variables, edits, a rejected constraint; closed if `close`."""
    solver = Solver()
    xs = [solver.variable(f"x{i}") for i in range(12)]
    solver.add(xs[0] == 0)
    for a, b in zip(xs, xs[1:]):
        solver.add(b >= a + 10)
        solver.add(b == a + 15, priority=250)
    solver.add_edit_variable(xs[-1], 500)
    for value in (100.0, 300.0, 50.0):
        solver.suggest(xs[-1], value)
    try:
        solver.add(xs[-1] <= -1)
    except tether.UnsatisfiableConstraintError:
        pass
    solver.update()
    assert solver.values(xs[:2]) == [0.0, 10.0]
    solver.dump()
    solver.check()
    if close:
        solver.close()
    return solver


def one_round(keep: Optional[List[Any]] = None) -> None:
    """Makes and drops ENGINES_PER_ROUND engines and SOLVERS_PER_ROUND solvers, half closed
    explicitly and half left to garbage collection; `keep` (the deliberate leak) retains them."""
    for i in range(ENGINES_PER_ROUND):
        engine = use_an_engine(close=i % 2 == 0)
        if keep is not None:
            keep.append(engine)
    for i in range(SOLVERS_PER_ROUND):
        solver = use_a_solver(close=i % 2 == 0)
        if keep is not None:
            keep.append(solver)
    del engine, solver
    gc.collect()


def growth_over_rounds(round_function: Callable[[], None]) -> int:
    for _ in range(WARMUP_ROUNDS):
        round_function()
    start = rss_bytes()
    for _ in range(MEASURED_ROUNDS):
        round_function()
    return rss_bytes() - start


def test_dropped_wrappers_are_collected() -> None:
    engines = [weakref.ref(use_an_engine(close=close)) for close in (True, False)]
    solvers = [weakref.ref(use_a_solver(close=close)) for close in (True, False)]
    gc.collect()
    assert [ref() for ref in engines + solvers] == [None] * 4, (
        "a dropped engine or solver is still referenced, so its handle is never freed"
    )


def test_making_and_dropping_engines_and_solvers_does_not_grow_memory() -> None:
    growth = growth_over_rounds(one_round)
    assert growth < GROWTH_BOUND, (
        f"RSS grew by {growth / 1024:.0f} KiB over {MEASURED_ROUNDS} rounds of "
        f"{ENGINES_PER_ROUND} engines and {SOLVERS_PER_ROUND} solvers "
        f"(bound {GROWTH_BOUND / 1024:.0f} KiB)"
    )


def test_the_detector_sees_a_leak() -> None:
    """Keeping every round's engines and solvers alive (what a leak in the library or the
    binding would amount to) exceeds the bound: the test above can fail."""
    kept: List[Any] = []
    try:
        growth = growth_over_rounds(lambda: one_round(keep=kept))
    finally:
        for item in kept:
            item.close()
        kept.clear()
        gc.collect()
    assert growth > GROWTH_BOUND, (
        f"keeping {len(kept)} objects grew RSS by only {growth / 1024:.0f} KiB: the bound "
        "would not catch a leak"
    )
