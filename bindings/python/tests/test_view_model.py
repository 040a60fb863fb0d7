"""Engines, views and guides through the binding: hierarchy, identity, lifetime, properties,
batch frames, the default engine, threads."""

from __future__ import annotations

import gc
import math
import weakref
from ctypes import byref

import pytest

import tether
from c_header import header_text
from helpers import run_in_threads, shown_id
from tether import Engine, LayoutGuide, Rect, View, _ffi


def constrained(engine: Engine, parent: View = None, frame=(0, 0, 0, 0)) -> View:
    view = View(frame=frame, engine=engine)
    view.translates_autoresizing_mask_into_constraints = False
    if parent is not None:
        parent.add_subview(view)
    return view


# ------------------------------------------------------------------------------------------------
# Geometry values
# ------------------------------------------------------------------------------------------------


def test_rect_is_a_named_tuple_with_helpers() -> None:
    r = tether.Rect(10, 20, 30, 40)
    assert r == (10, 20, 30, 40)
    x, y, w, h = r
    assert (x, y, w, h) == (10, 20, 30, 40)
    assert r.width == 30 and r.height == 40
    assert (r.min_x, r.max_x, r.mid_x) == (10, 40, 25)
    assert (r.min_y, r.max_y, r.mid_y) == (20, 60, 40)
    assert r.origin == tether.Point(10, 20) and r.size == tether.Size(30, 40)
    assert r.inset_by((1, 2, 3, 4)) == (12, 21, 24, 36)
    assert r.offset_by(1, 1) == (11, 21, 30, 40)
    assert tether.EdgeInsets(1, 2, 3, 4).left == 2
    assert repr(r) == "Rect(x=10, y=20, width=30, height=40)"


def test_frames_are_settable_from_tuples_and_lists(engine: Engine) -> None:
    view = View(frame=[1, 2, 3, 4], engine=engine)
    assert view.frame == Rect(1.0, 2.0, 3.0, 4.0)
    assert isinstance(view.frame, Rect)
    view.frame = (5, 6, 7.5, 8)
    assert view.frame == (5, 6, 7.5, 8)
    assert view.bounds == (0, 0, 7.5, 8)
    view.bounds = (0, 0, 17.5, 18)  # keeps the center
    assert view.frame == (0, 1, 17.5, 18)
    assert view.center == (8.75, 10)
    view.center = (100, 100)
    assert view.frame == (91.25, 91, 17.5, 18)
    with pytest.raises(tether.InvalidArgumentError):
        view.bounds = (1, 0, 10, 10)
    with pytest.raises(TypeError):
        view.frame = (1, 2, 3)
    with pytest.raises(TypeError):
        view.frame = ("a", 2, 3, 4)
    with pytest.raises(TypeError):
        view.frame = 12
    with pytest.raises(tether.InvalidArgumentError):
        view.frame = (math.nan, 0, 10, 10)
    with pytest.raises(tether.InvalidArgumentError):
        View(frame=(0, 0, math.inf, 1), engine=engine)
    assert view.frame == (91.25, 91, 17.5, 18)  # failed calls change nothing


# ------------------------------------------------------------------------------------------------
# Hierarchy and identity
# ------------------------------------------------------------------------------------------------


def test_hierarchy_operations(engine: Engine) -> None:
    root = View(engine=engine)
    a, b, c = View(engine=engine), View(engine=engine), View(engine=engine)
    assert root.superview is None and root.subviews == []
    root.add_subview(a)
    root.add_subview(b)
    root.insert_subview(c, 1)
    assert root.subviews == [a, c, b]
    root.insert_subview(b, 0)  # moves it
    assert root.subviews == [b, a, c]
    a.add_subview(c)  # moves it to another superview
    assert root.subviews == [b, a] and a.subviews == [c]
    assert c.superview is a and a.superview is root
    assert c.is_descendant_of(root) and c.is_descendant_of(c) and not root.is_descendant_of(c)
    c.remove_from_superview()
    assert c.superview is None and a.subviews == []
    c.remove_from_superview()  # harmless for a root
    with pytest.raises(tether.InvalidArgumentError):
        root.insert_subview(c, 5)
    with pytest.raises(tether.InvalidArgumentError):
        root.insert_subview(c, -1)
    with pytest.raises(tether.InvalidStateError, match="cycle"):
        a.add_subview(root)
    with pytest.raises(tether.InvalidStateError, match="cycle"):
        a.add_subview(a)
    with pytest.raises(TypeError):
        root.add_subview("view")  # type: ignore[arg-type]
    assert root.subviews == [b, a]


def test_identity_same_object_back(engine: Engine) -> None:
    root = View(engine=engine)
    child = View(engine=engine)
    root.add_subview(child)
    assert child.superview is root
    assert root.subviews[0] is child
    assert root.layout_margins_guide is root.layout_margins_guide
    assert root.layout_margins_guide.owning_view is root
    c = child.width == root.width
    assert c.first_item is child and c.second_item is root
    assert list(root.subtree_frames()) == [root, child]
    # Views hash by identity (they can be dict keys and set members).
    assert {root: 1, child: 2}[child] == 2
    assert len({root, child, root}) == 2


def test_a_view_in_a_hierarchy_survives_python_dropping_it(engine: Engine) -> None:
    root = View(engine=engine)
    child = View(frame=(1, 2, 3, 4), engine=engine)
    child.note = "python state"  # type: ignore[attr-defined]
    child.measure = lambda width: (10, 10)
    root.add_subview(child)
    child_id = child.id
    ref = weakref.ref(child)
    del child
    gc.collect()
    assert ref() is not None  # the engine keeps the wrapper of a live view
    again = root.subviews[0]
    assert again is ref() and again.id == child_id
    assert again.note == "python state"  # type: ignore[attr-defined]
    assert again.measure is not None
    assert again.frame == (1, 2, 3, 4)


def test_a_dropped_root_stays_until_freed_or_the_engine_ends(engine: Engine) -> None:
    view = View(frame=(0, 0, 5, 5), engine=engine)
    view_id = view.id
    del view
    gc.collect()
    item = engine._item_for(view_id)
    assert item is not None and item.frame == (0, 0, 5, 5)


def test_free_frees_the_subtree_guides_and_constraints(engine: Engine) -> None:
    root = View(engine=engine)
    child = constrained(engine, root)
    grandchild = constrained(engine, child)
    guide = LayoutGuide(engine=engine)
    child.add_layout_guide(guide)
    margins = child.layout_margins_guide
    c = grandchild.width == child.width
    c.active = True
    keep = child.width == 10
    child.free()
    assert root.subviews == []
    for item in (child, grandchild, guide, margins):
        assert item.id not in engine._items
    with pytest.raises(tether.InvalidIdError):
        grandchild.frame
    with pytest.raises(tether.InvalidIdError):
        guide.layout_frame
    with pytest.raises(tether.InvalidIdError):
        c.active
    with pytest.raises(tether.InvalidIdError):
        keep.constant
    assert "freed" in repr(c)
    with pytest.raises(tether.InvalidIdError):
        child.free()
    assert root.frame == (0, 0, 0, 0)  # the rest still works


def test_system_guides_cannot_be_freed(engine: Engine) -> None:
    view = View(engine=engine)
    with pytest.raises(tether.InvalidStateError, match="system guide"):
        view.layout_margins_guide.free()
    with pytest.raises(tether.InvalidStateError):
        View(engine=engine).add_layout_guide(view.layout_margins_guide)
    assert view.layout_margins_guide.owning_view is view
    guide = LayoutGuide(engine=engine)
    guide.free()
    with pytest.raises(tether.InvalidIdError):
        guide.owning_view


def test_items_of_different_engines_cannot_be_related() -> None:
    with Engine() as first, Engine() as second:
        a, b = View(engine=first), View(engine=second)
        with pytest.raises(tether.InvalidIdError):
            a.add_subview(b)
        with pytest.raises(tether.InvalidIdError):
            a.width == b.width
        with pytest.raises(tether.InvalidIdError):
            a.add_layout_guide(LayoutGuide(engine=second))


def test_closed_engine_raises_invalid_handle() -> None:
    engine = Engine()
    view = View(engine=engine)
    c = view.width == 10
    engine.close()
    assert engine.closed
    engine.close()  # harmless
    with pytest.raises(tether.InvalidHandleError):
        view.frame
    with pytest.raises(tether.InvalidHandleError):
        c.active = True
    with pytest.raises(tether.InvalidHandleError):
        View(engine=engine)
    assert "closed" in repr(engine)


def test_engine_as_context_manager_and_repr() -> None:
    with Engine() as engine:
        View(engine=engine)
        assert "items=1" in repr(engine)
    assert engine.closed


def test_engine_is_collected_with_its_views() -> None:
    engine = Engine()
    root = View(engine=engine)
    root.add_subview(View(engine=engine))
    ref = weakref.ref(engine)
    del engine, root
    gc.collect()
    assert ref() is None


# ------------------------------------------------------------------------------------------------
# Constraint wrappers: lifetime
# ------------------------------------------------------------------------------------------------


def _constraint_is_live(engine: Engine, constraint_id: int) -> bool:
    info = _ffi.CLayoutConstraintInfo()
    status = _ffi._dll.tether_layout_constraint_info_get(engine._h(), constraint_id, byref(info))
    return status == _ffi.OK


def test_an_inactive_constraint_is_freed_when_collected(engine: Engine) -> None:
    view = View(engine=engine)
    c = view.width == 10
    cid = c.id
    assert _constraint_is_live(engine, cid)
    del c
    gc.collect()
    view.frame  # any call frees the collected ones
    assert not _constraint_is_live(engine, cid)


def test_an_active_constraint_outlives_its_wrapper(engine: Engine) -> None:
    root = View(frame=(0, 0, 100, 100), engine=engine)
    child = constrained(engine, root)
    tether.activate([child.left == root.left, child.top == root.top, child.height == 5])
    c = child.width == 42
    c.active = True
    cid = c.id
    del c
    gc.collect()
    root.layout_if_needed()
    assert _constraint_is_live(engine, cid)
    assert child.frame == (0, 0, 42, 5)
    again = engine._constraint_for(cid)
    assert again.active and again.constant == 42


def test_free_a_constraint(engine: Engine) -> None:
    view = View(engine=engine)
    c = view.width == 10
    c.free()
    with pytest.raises(tether.InvalidIdError):
        c.constant
    with pytest.raises(tether.InvalidIdError):
        c.free()
    del c
    gc.collect()
    view.frame  # the freed wrapper's collection does nothing


# ------------------------------------------------------------------------------------------------
# Batch frames
# ------------------------------------------------------------------------------------------------


def test_subtree_frames_in_one_call(engine: Engine) -> None:
    root = View(frame=(0, 0, 300, 300), engine=engine)
    views = [root]
    # A tree wider than the first buffer (32) to exercise the two-call pattern.
    for i in range(5):
        branch = View(frame=(i, 0, 10, 10), engine=engine)
        root.add_subview(branch)
        views.append(branch)
        for j in range(10):
            leaf = View(frame=(i, j, 1, 1), engine=engine)
            branch.add_subview(leaf)
            views.append(leaf)
    frames = root.subtree_frames()
    assert list(frames) == views  # root first, then depth-first in subview order
    for view, frame in frames.items():
        assert isinstance(frame, Rect)
        assert frame == view.frame
    leaf = views[-1]
    assert leaf.subtree_frames() == {leaf: leaf.frame}


# ------------------------------------------------------------------------------------------------
# Properties
# ------------------------------------------------------------------------------------------------


def test_identifiers_round_trip_and_show_in_descriptions(engine: Engine) -> None:
    root = View(engine=engine)
    child = View(engine=engine)
    root.add_subview(child)
    assert child.identifier == ""
    child.identifier = "moteur été"
    root.identifier = "r" * 300  # longer than the first buffer
    assert child.identifier == "moteur été"
    assert root.identifier == "r" * 300
    c = child.width == root.width * 0.5
    child_name = f"View:{shown_id(child)}'moteur été'"
    root_name = f"View:{shown_id(root)}'{'r' * 300}'"
    assert child.debug_name == child_name and root.debug_name == root_name
    assert str(c) == (f"<NSLayoutConstraint:{shown_id(c)} {child_name}.width == 0.5*{root_name}.width"
                      "   (inactive)>")
    c.identifier = "half"
    assert c.identifier == "half"
    assert str(c).startswith(f"<NSLayoutConstraint:{shown_id(c)} 'half' {child_name}.width")
    assert repr(child) == f"<tether.View {child_name}>"
    assert str(child) == f"<View: {shown_id(child)}; frame = (0 0; 0 0); identifier = 'moteur été'>"
    child.identifier = None
    assert child.identifier == ""
    with pytest.raises(tether.InvalidArgumentError):
        child.identifier = "a\0b"
    with pytest.raises(TypeError):
        child.identifier = 12  # type: ignore[assignment]


def test_semantic_content_attribute_values(engine: Engine) -> None:
    view = View(engine=engine)
    for value in tether.SemanticContentAttribute:
        view.semantic_content_attribute = value
        assert view.semantic_content_attribute is value
    with pytest.raises(tether.InvalidArgumentError):
        view.semantic_content_attribute = 9


def test_priorities_and_axes_are_validated(engine: Engine) -> None:
    view = View(engine=engine)
    for bad in (0, -1, 1000.5, math.nan):
        with pytest.raises(tether.InvalidArgumentError):
            view.set_content_hugging_priority(bad, tether.Axis.HORIZONTAL)
        with pytest.raises(tether.InvalidArgumentError):
            view.set_content_compression_resistance_priority(bad, tether.Axis.VERTICAL)
    with pytest.raises(tether.InvalidArgumentError):
        view.set_content_hugging_priority(500, 2)
    with pytest.raises(TypeError):
        view.content_hugging_priority("horizontal")  # type: ignore[arg-type]
    assert view.content_hugging_priority(tether.Axis.HORIZONTAL) == 250


def test_insets_are_validated(engine: Engine) -> None:
    view = View(engine=engine)
    with pytest.raises(tether.InvalidArgumentError):
        view.layout_margins = (math.nan, 0, 0, 0)
    with pytest.raises(tether.InvalidArgumentError):
        view.alignment_rect_insets = (0, math.inf, 0, 0)
    with pytest.raises(TypeError):
        view.safe_area_insets = (1, 2)
    assert view.layout_margins == (8, 8, 8, 8)
    with pytest.raises(tether.InvalidArgumentError):
        view.intrinsic_content_size = (-2, 10)
    with pytest.raises(tether.InvalidArgumentError):
        view.intrinsic_content_size = (math.nan, 10)


def test_enum_raw_values_are_apples() -> None:
    A = tether.Attribute
    assert [A.LEFT, A.RIGHT, A.TOP, A.BOTTOM, A.LEADING, A.TRAILING, A.WIDTH, A.HEIGHT,
            A.CENTER_X, A.CENTER_Y, A.LAST_BASELINE, A.FIRST_BASELINE] == list(range(1, 13))
    assert [A.LEFT_MARGIN, A.RIGHT_MARGIN, A.TOP_MARGIN, A.BOTTOM_MARGIN, A.LEADING_MARGIN,
            A.TRAILING_MARGIN, A.CENTER_X_WITHIN_MARGINS,
            A.CENTER_Y_WITHIN_MARGINS] == list(range(13, 21))
    assert A.NOT_AN_ATTRIBUTE == 0
    assert A.CENTER_X.apple_name == "centerX" and A.LEADING_MARGIN.apple_name == "leadingMargin"
    assert (A.LEFT.kind, A.TOP.kind, A.WIDTH.kind) == ("x", "y", "size")
    R = tether.Relation
    assert (R.LESS_THAN_OR_EQUAL, R.EQUAL, R.GREATER_THAN_OR_EQUAL) == (-1, 0, 1)
    assert (tether.Axis.HORIZONTAL, tether.Axis.VERTICAL) == (0, 1)
    S = tether.SemanticContentAttribute
    assert [S.UNSPECIFIED, S.PLAYBACK, S.SPATIAL, S.FORCE_LEFT_TO_RIGHT,
            S.FORCE_RIGHT_TO_LEFT] == [0, 1, 2, 3, 4]
    M = tether.Autoresizing
    assert [M.NONE, M.FLEXIBLE_LEFT_MARGIN, M.FLEXIBLE_WIDTH, M.FLEXIBLE_RIGHT_MARGIN,
            M.FLEXIBLE_TOP_MARGIN, M.FLEXIBLE_HEIGHT, M.FLEXIBLE_BOTTOM_MARGIN] == [
        0, 1, 2, 4, 8, 16, 32]
    P = tether.LayoutPriority
    assert (P.REQUIRED, P.DEFAULT_HIGH, P.DEFAULT_LOW, P.FITTING_SIZE_LEVEL) == (
        1000, 750, 250, 50)


def test_header_constants_match_the_binding() -> None:
    import re
    from pathlib import Path

    header = header_text(Path(tether.__file__).resolve().parents[3] / "Include" / "tether.h")
    defines = dict(re.findall(r"#define (TETHER_\w+)\s+(\S+)", header))

    def value(name: str) -> float:
        return float(defines[name].strip("()").rstrip("fu"))

    for attribute in tether.Attribute:
        assert value(f"TETHER_ATTRIBUTE_{attribute.name}") == attribute
    for flag in tether.Autoresizing:
        assert value(f"TETHER_AUTORESIZING_{flag.name}") == flag
    for attribute in tether.SemanticContentAttribute:
        assert value(f"TETHER_SEMANTIC_CONTENT_{attribute.name}") == attribute
    for direction in tether.LayoutDirection:
        assert value(f"TETHER_LAYOUT_DIRECTION_{direction.name}") == direction
    assert value("TETHER_NO_INTRINSIC_METRIC") == tether.NO_INTRINSIC_METRIC
    assert value("TETHER_LAYOUT_PRIORITY_FITTING_SIZE") == tether.LayoutPriority.FITTING_SIZE_LEVEL
    assert value("TETHER_LAYOUT_PRIORITY_DEFAULT_LOW") == tether.LayoutPriority.DEFAULT_LOW
    assert value("TETHER_LAYOUT_PRIORITY_DEFAULT_HIGH") == tether.LayoutPriority.DEFAULT_HIGH


# ------------------------------------------------------------------------------------------------
# The default engine
# ------------------------------------------------------------------------------------------------


def test_default_engine_is_made_once_and_used_for_none() -> None:
    engine = tether.default_engine()
    assert engine is tether.default_engine()
    view = View(frame=(0, 0, 1, 1))
    guide = LayoutGuide()
    try:
        assert view.engine is engine and guide.engine is engine
    finally:
        view.free()
        guide.free()
    with pytest.raises(TypeError):
        View(engine="default")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------
# Threads
# ------------------------------------------------------------------------------------------------


def test_engines_on_threads() -> None:
    """Two engines lay out on two threads at once; one engine is shared by two threads."""
    shared = Engine()
    shared_root = View(frame=(0, 0, 100, 100), engine=shared)

    def work(index: int) -> None:
        with Engine() as engine:
            root = View(frame=(0, 0, 100 + index, 50), engine=engine)
            child = constrained(engine, root)
            tether.activate([child.leading == root.leading + 1,
                             child.trailing == root.trailing - 1,
                             child.top == root.top, child.height == 3])
            for step in range(50):
                root.frame = (0, 0, 100 + index + step, 50)
                root.layout_if_needed()
                assert child.frame == (1, 0, 98 + index + step, 3)
                # The shared engine: serialised by its lock.
                extra = View(frame=(step, index, 1, 1), engine=shared)
                shared_root.add_subview(extra)
                assert extra.superview is shared_root

    errors = run_in_threads(work, 4)
    assert not errors, errors
    assert len(shared_root.subviews) == 200
    shared.close()


# ------------------------------------------------------------------------------------------------
# The example
# ------------------------------------------------------------------------------------------------


def test_screen_demo_checks_itself() -> None:
    """examples/python/screen_demo.py runs from anywhere with nothing installed and passes."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = Path(tether.__file__).resolve().parents[3] / "examples" / "python" / "screen_demo.py"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["TETHER_LIBRARY"] = str(_ffi.loaded_path)
    result = subprocess.run([sys.executable, str(script)], cwd="/", env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "all frames as expected" in result.stdout
    assert "right-to-left" in result.stdout


def test_layout_guides_baselines_and_measuring_are_readable(engine) -> None:
    view = tether.View(engine=engine)
    a, b = tether.LayoutGuide(engine=engine), tether.LayoutGuide(engine=engine)
    view.add_layout_guide(a)
    view.add_layout_guide(b)
    _ = view.layout_margins_guide
    assert view.layout_guides == [a, b]
    view.remove_layout_guide(a)
    assert view.layout_guides == [b]
    assert view.baselines == (None, None)
    view.set_baselines(first_from_top=12)
    assert view.baselines == (12.0, None)


def test_layout_solver_stats_follow_the_roots_solver(engine: Engine) -> None:
    """``View.layout_solver_stats``: None for a root in frame mode or before its first pass, the
    solver's counters after it, the same object from any view of the tree, and pivots that
    count the work of an in-place change."""
    root = View(engine=engine, frame=(0, 0, 320, 480))
    assert root.layout_solver_stats is None  # no pass yet
    rows = []
    for i in range(20):
        v = View(engine=engine)
        v.translates_autoresizing_mask_into_constraints = False
        root.add_subview(v)
        tether.activate([v.left == root.left + 8, v.width == 100, v.height == 20,
                         (v.top == root.top + 8) if i == 0 else (v.top == rows[-1].bottom + 4)])
        rows.append(v)
    assert root.layout_solver_stats is None  # still no pass: nothing is run by asking
    root.layout_if_needed()
    stats = root.layout_solver_stats
    assert stats is not None
    assert stats.constraints >= 80 and stats.bytes > 0
    assert stats.rows + stats.definitions > 0
    assert rows[7].layout_solver_stats == stats  # any view of the tree reads its root's solver
    loner = View(engine=engine, frame=(0, 0, 10, 10))
    loner.layout_if_needed()
    assert loner.layout_solver_stats is None  # frame mode: no solver
    root.frame = (0, 0, 400, 480)
    root.layout_if_needed()
    after = root.layout_solver_stats
    assert after is not None and after.constraints == stats.constraints


def test_a_root_as_a_context_manager_frees_its_hierarchy() -> None:
    # Issue 24, item 10: dropping a view never frees it; a `with` block does.
    engine = tether.Engine()
    before = len(engine._items)
    with tether.View(frame=(0, 0, 100, 100), engine=engine) as root:
        child = root.new_subview("child")
        tether.activate([child.width == 10, child.height == 10, child.top == root.top,
                         child.leading == root.leading])
        root.layout_if_needed()
        assert child.frame.width == 10
    assert len(engine._items) == before
    with pytest.raises(tether.InvalidIdError):
        child.frame
    # An exception in the block propagates, and the view is freed all the same.
    with pytest.raises(ZeroDivisionError):
        with tether.View(engine=engine) as other:
            1 / 0
    with pytest.raises(tether.InvalidIdError):
        other.frame
    # A view freed in the block, or one of a closed engine, is left alone.
    with tether.View(engine=engine) as freed:
        freed.free()
    with tether.View(engine=engine) as last:
        engine.close()
    assert last is not None


def test_help_shows_the_geometry_types() -> None:
    # Issue 24, item 17: help() showed ForwardRef('float') in the geometry tuples.
    import pydoc

    for cls in (tether.Rect, tether.geometry.Size, tether.geometry.Point, tether.geometry.EdgeInsets):
        text = pydoc.render_doc(cls)
        assert "ForwardRef" not in text, cls
    assert "Rect(x: float, y: float, width: float, height: float)" in pydoc.render_doc(tether.Rect)
