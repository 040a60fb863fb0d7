"""Whole-tree operations through the binding on hierarchies 100,000 levels deep (each view the only
subview of the previous one): laying out, the update-constraints and layout-subviews hooks, the
direction inherited from the root, the SVG, the subtree's frames, resizing by autoresizing masks,
freeing. The library's walks over the hierarchy recursed once per level and overflowed the stack
(a crash of the whole interpreter) tens of thousands of levels down; they are loops now.

The trace cannot run 100,000 levels deep (its indentation makes it quadratic: 20 GB), so it runs
a few thousand levels deep on a thread with a small stack, which a walk that takes stack per
level overflows.

Each scenario runs in a child interpreter (this file run as a script): a crash fails its test
instead of ending the test run, and the memory of 100,000 views goes with the child (in this
process it would hide growth from test_leaks.py's detector).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Callable, List, Tuple

import pytest

import tether
from tether import Autoresizing, Engine, LayoutDirection, SemanticContentAttribute, View, _ffi

DEPTH = 100_000


def chain_with_a_constrained_leaf(engine: Engine, n: int) -> Tuple[List[View], tether.Constraint]:
    """Views 1..n under a root 3n square, view k at (1, 1, 3n - 2k, 3n - 2k): views 1..n-1 take
    part in the solve by their autoresizing masks (flexible width and height: each is 1 inside its
    superview on every side), the leaf by constraints, 1 inside its superview at the top and
    bottom, leading 2 in and trailing 1 in (its leading constraint is returned). Constraints made
    by the library for the masks, not by Python for every view: the binding's own cost per
    constraint would be most of the test's time."""
    side = 3 * n
    root = View(frame=(0, 0, side, side), engine=engine)
    chain = [root]
    mask = Autoresizing.FLEXIBLE_WIDTH | Autoresizing.FLEXIBLE_HEIGHT
    for k in range(1, n):
        v = View(frame=(1, 1, side - 2 * k, side - 2 * k), engine=engine)
        v.autoresizing_mask = mask
        chain[-1].add_subview(v)
        chain.append(v)
    parent = chain[-1]
    leaf = View(engine=engine)
    leaf.translates_autoresizing_mask_into_constraints = False
    parent.add_subview(leaf)
    chain.append(leaf)
    leading = leaf.leading == parent.leading + 2
    tether.activate([leaf.top == parent.top + 1, leaf.bottom == parent.bottom - 1, leading,
                     leaf.trailing == parent.trailing - 1])
    return chain, leading


def a_chain_100000_deep_laid_out_by_constraints(engine: Engine) -> None:
    n = DEPTH
    chain, leading = chain_with_a_constrained_leaf(engine, n)
    root, middle, parent, leaf = chain[0], chain[n // 2], chain[n - 1], chain[n]
    # Right to left from the root: the leaf's leading/trailing constraints ask the direction of
    # its superview, 99,999 levels down.
    root.semantic_content_attribute = SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
    updated: List[int] = []
    laid_out: List[int] = []
    for k, v in ((0, root), (n // 2, middle), (n, leaf)):
        v.update_constraints = lambda _view, k=k: updated.append(k)
        v.layout_subviews = lambda _view, k=k: laid_out.append(k)

    root.layout_if_needed()
    assert updated == [n, n // 2, 0]  # bottom-up
    assert laid_out == [0, n // 2, n]  # top-down
    assert parent.frame == (1, 1, n + 2, n + 2)
    assert leaf.frame == (1, 1, n - 1, n)  # 1 from the left (trailing), 2 from the right
    assert middle.frame == (1, 1, 2 * n, 2 * n)
    assert leaf.effective_user_interface_layout_direction == LayoutDirection.RIGHT_TO_LEFT

    frames = root.subtree_frames()
    assert len(frames) == n + 1 and frames[leaf] == (1, 1, n - 1, n)
    svg = root.svg()
    assert svg.count('<rect class="view') == n + 1
    assert f'data-depth="{n}" x="{n}" y="{n}" width="{n - 1}" height="{n}">' in svg

    # The leaf's hook, asked for, moves it 3 further from the leading edge.
    updated.clear()
    laid_out.clear()
    leaf.update_constraints = lambda _view: (updated.append(n), setattr(leading, "constant", 5))
    leaf.set_needs_update_constraints()
    root.layout_if_needed()
    assert updated == [n]
    assert leaf.frame == (1, 1, n - 4, n)

    root.free()
    with pytest.raises(tether.InvalidIdError):
        leaf.frame


def an_autoresizing_chain_100000_deep(engine: Engine) -> None:
    n = DEPTH
    side = 3 * n
    root = View(frame=(0, 0, side, side), engine=engine)
    chain = [root]
    for k in range(1, n + 1):
        v = View(frame=(1, 1, side - 2 * k, side - 2 * k), engine=engine)
        v.autoresizing_mask = Autoresizing.FLEXIBLE_WIDTH | Autoresizing.FLEXIBLE_HEIGHT
        chain[-1].add_subview(v)
        chain.append(v)
    middle, leaf = chain[n // 2], chain[n]
    root.layout_if_needed()
    # Growing the root grows every view by as much.
    root.frame = (0, 0, side + 10, side + 20)
    assert leaf.frame == (1, 1, n + 10, n + 20)
    assert middle.frame == (1, 1, 2 * n + 10, 2 * n + 20)

    # Frame mode (nothing to solve): the hooks run over every view.
    updated: List[int] = []
    laid_out: List[int] = []
    for k, v in ((0, root), (n // 2, middle), (n, leaf)):
        v.update_constraints = lambda _view, k=k: updated.append(k)
        v.layout_subviews = lambda _view, k=k: laid_out.append(k)
        v.set_needs_update_constraints()
    root.layout_if_needed()
    assert updated == [n, n // 2, 0]
    assert laid_out == [0, n // 2, n]

    assert leaf.effective_user_interface_layout_direction == LayoutDirection.LEFT_TO_RIGHT
    root.semantic_content_attribute = SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
    assert leaf.effective_user_interface_layout_direction == LayoutDirection.RIGHT_TO_LEFT
    root.free()


def on_small_stack(body: Callable[[], str], size: int = 256 * 1024) -> str:
    """``body()`` on a thread with a stack of ``size`` bytes."""
    result: List[str] = []
    errors: List[BaseException] = []

    def run() -> None:
        try:
            result.append(body())
        except BaseException as error:  # handed to the caller's thread
            errors.append(error)

    previous = threading.stack_size(size)
    try:
        thread = threading.Thread(target=run)
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    if errors:
        raise errors[0]
    return result[0]


def the_trace_of_a_deep_chain_on_a_small_stack(engine: Engine) -> None:
    n = 3_000
    chain, _ = chain_with_a_constrained_leaf(engine, n)
    root, leaf = chain[0], chain[n]
    leaf.identifier = "leaf"
    root.layout_if_needed()
    trace = on_small_stack(root.autolayout_trace)
    lines = trace.split("\n")
    # The legend (a blank line and four), a line per view, and the final newline.
    assert len(lines) == 5 + (n + 1) + 1
    assert lines[5] == "•" + root.debug_name
    assert lines[5 + n] == "|   " * n + "*" + leaf.debug_name


SCENARIOS = {
    f.__name__: f
    for f in (
        a_chain_100000_deep_laid_out_by_constraints,
        an_autoresizing_chain_100000_deep,
        the_trace_of_a_deep_chain_on_a_small_stack,
    )
}


def run_in_child(name: str) -> None:
    """Runs scenario ``name`` in a child interpreter with this process's library; fails with the
    child's output unless it exits 0 (a SIGSEGV exits -11)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(Path(tether.__file__).resolve().parents[1])
    env["TETHER_LIBRARY"] = str(_ffi.loaded_path)
    result = subprocess.run([sys.executable, "-X", "faulthandler", __file__, name], env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, (
        f"{name} exited with {result.returncode}:\n{result.stdout[-2000:]}{result.stderr[-4000:]}"
    )
    assert result.stdout == f"{name}: ok\n"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_deep_hierarchy(name: str) -> None:
    run_in_child(name)


if __name__ == "__main__":
    with Engine() as child_engine:
        SCENARIOS[sys.argv[1]](child_engine)
    print(f"{sys.argv[1]}: ok")
