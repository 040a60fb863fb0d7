"""Threads through the binding (docs/threads.md).

ctypes releases the GIL during every library call, so Python threads really run the library at
the same time. The library allows one thread per object at a time; the binding therefore holds
one lock per Engine (and per Solver) around every call. These tests check that

* several engines (and solvers) driven from several threads at once all give exact layouts;
* several threads sharing ONE engine (each with its own views, and all on one hierarchy) still get
  exactly their own results, because every call into the engine is serialised by its lock;
* the error message an exception carries is its own thread's (``tether_last_error`` is per
  thread), while other threads fail at the same moment.

The interpreter is told to switch threads as often as it can, and the threads start together at a
barrier, so calls from different threads interleave as much as possible.
"""

from __future__ import annotations

import sys
import threading
from typing import Callable, List

import pytest

import tether
from tether import Engine, Solver, View

THREADS = 4
ROUNDS = 12


@pytest.fixture(autouse=True)
def frequent_switches():
    """Switch between Python threads every microsecond instead of every 5 ms."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(previous)


def run_threads(count: int, body: Callable[[int, threading.Barrier], None]) -> None:
    """Runs ``body(index, barrier)`` on ``count`` threads at once; re-raises the first failure
    (an assertion or any exception) after every thread has ended."""
    barrier = threading.Barrier(count)
    failures: List[BaseException] = []
    lock = threading.Lock()

    def target(index: int) -> None:
        try:
            body(index, barrier)
        except BaseException as error:  # noqa: B902 - reported on the main thread
            with lock:
                failures.append(error)
            barrier.abort()  # the others must not wait for this thread forever

    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    real = [f for f in failures if not isinstance(f, threading.BrokenBarrierError)]
    if real or failures:
        raise (real or failures)[0]


def constrained(engine: Engine, parent: View) -> View:
    view = View(engine=engine)
    view.translates_autoresizing_mask_into_constraints = False
    parent.add_subview(view)
    return view


def build_screen(engine: Engine, width: float, height: float):
    """The README's screen: a 44-point header across the top, the body below it inside the
    margins."""
    root = View(frame=(0, 0, width, height), engine=engine)
    header, body = constrained(engine, root), constrained(engine, root)
    tether.activate([
        header.top == root.top, header.leading == root.leading, header.trailing == root.trailing,
        header.height == 44,
        body.top == header.bottom + 8, body.bottom == root.bottom,
        body.leading == root.leading_margin, body.trailing == root.trailing_margin,
    ])
    return root, header, body


def check_screen(root: View, header: View, body: View, width: float, height: float) -> None:
    root.layout_if_needed()
    assert tuple(header.frame) == (0, 0, width, 44)
    assert tuple(body.frame) == (8, 52, width - 16, height - 52)


def test_engines_in_parallel():
    """Each thread owns an engine and a solver: screens built, laid out, resized and checked,
    windows dragged in the solver, while the other threads do the same."""

    def body(index: int, barrier: threading.Barrier) -> None:
        with Engine() as engine, Solver() as solver:
            window = solver.variable("window")
            left, width = solver.variable("left"), solver.variable("width")
            solver.add(left == 20)
            solver.add(window == left + width + 20)
            solver.add(width >= 50)
            solver.add_edit_variable(window, 999)
            barrier.wait()
            for round_ in range(ROUNDS):
                w, h = 320 + 10 * index + round_, 480 + round_
                root, header, content = build_screen(engine, w, h)
                check_screen(root, header, content, w, h)
                root.frame = (0, 0, w + 100, h - 40)
                check_screen(root, header, content, w + 100, h - 40)
                root.free()

                target = 200 + 13 * index + round_
                solver.suggest(window, target)
                solver.update()
                assert (window.value, left.value, width.value) == (target, 20, target - 40)

    run_threads(THREADS, body)


def test_threads_share_one_engine_with_separate_roots():
    """One engine, several threads, each with its own hierarchy in it: the engine's lock
    serialises the calls and every thread gets its own exact frames."""
    engine = Engine()

    def body(index: int, barrier: threading.Barrier) -> None:
        barrier.wait()
        for round_ in range(ROUNDS):
            w, h = 300 + 7 * index + round_, 400 + 3 * index
            root, header, content = build_screen(engine, w, h)
            check_screen(root, header, content, w, h)
            root.frame = (0, 0, w + 50, h + 50)
            check_screen(root, header, content, w + 50, h + 50)
            root.free()

    try:
        run_threads(THREADS, body)
        assert len(engine._items) == 0  # every view made by the threads was freed
    finally:
        engine.close()


def test_threads_share_one_hierarchy():
    """One root shared by every thread; each thread owns a column: a subview whose height only
    its own constraint decides, and a chain of boxes below it. Threads change their constants,
    switch a width constraint (a rebuild of the shared root's solver) and lay out the shared root
    at the same time: each must read back exactly its own frames, every time."""
    engine = Engine()
    try:
        root = View(frame=(0, 0, 800, 600), engine=engine)
        columns = []
        for index in range(THREADS):
            view = constrained(engine, root)
            height = view.height == 10
            narrow = view.width == 50 + index
            wide = view.width == 150 + index
            tether.activate([view.top == root.top, view.leading == root.leading + 200 * index,
                             height, narrow])
            # The chain makes every pass do real work: 20 boxes stacked under the view.
            above = view
            for _ in range(20):
                box = constrained(engine, root)
                tether.activate([box.top == above.bottom + 1, box.leading == view.leading,
                                 box.width == view.width, box.height == 5])
                above = box
            columns.append((view, height, narrow, wide, above))

        def body(index: int, barrier: threading.Barrier) -> None:
            view, height, narrow, wide, last = columns[index]
            barrier.wait()
            for round_ in range(ROUNDS * 4):
                value = 10 + index + round_
                height.constant = value
                is_wide = round_ % 2 == 1
                (narrow if is_wide else wide).active = False
                (wide if is_wide else narrow).active = True
                width = (150 if is_wide else 50) + index
                root.layout_if_needed()
                assert tuple(view.frame) == (200 * index, 0, width, value)
                assert tuple(last.frame) == (200 * index, value + 20 * 6 - 5, width, 5)

        run_threads(THREADS, body)
    finally:
        engine.close()


@pytest.mark.parametrize("shared", [False, True], ids=["own engines", "one engine"])
def test_error_messages_stay_with_their_thread(shared: bool):
    """Every thread fails on purpose with a priority only it uses, again and again, while the
    others do the same: each exception names its own thread's priority."""
    common = Engine() if shared else None

    def body(index: int, barrier: threading.Barrier) -> None:
        engine = common if shared else Engine()
        try:
            root = View(frame=(0, 0, 100, 100), engine=engine)
            view = constrained(engine, root)
            constraint = view.width == 10
            illegal = 1001 + index
            barrier.wait()
            for _ in range(ROUNDS * 4):
                with pytest.raises(tether.InvalidArgumentError) as raised:
                    constraint.priority = illegal
                assert f"priority:{illegal}." in str(raised.value)
                for other in range(THREADS):
                    if other != index:
                        assert f"priority:{1001 + other}." not in str(raised.value)
            root.free()
        finally:
            if not shared:
                engine.close()

    try:
        run_threads(THREADS, body)
    finally:
        if common is not None:
            common.close()
