"""Views and layout guides (``UIView`` without drawing or events, ``UILayoutGuide``).

A :class:`View` is a rectangle in a hierarchy. A view without a superview is a *root*; each root's
hierarchy is laid out independently, and nothing is solved until :meth:`View.layout_if_needed`
(or :meth:`tether.Engine.layout_all`). Coordinates are UIKit's: y grows downward and a frame is in
its superview's coordinates. Every layout attribute refers to the view's alignment rectangle (its
frame inset by :attr:`View.alignment_rect_insets`).

New views translate their autoresizing mask into constraints, as UIKit views made in code do:
turn :attr:`View.translates_autoresizing_mask_into_constraints` off on the views you constrain::

    import tether

    root = tether.View(frame=(0, 0, 320, 480))
    header = tether.View()
    header.translates_autoresizing_mask_into_constraints = False
    root.add_subview(header)
    tether.activate([
        header.top == root.top,
        header.leading == root.leading,
        header.trailing == root.trailing,
        header.height == 44,
    ])
    root.layout_if_needed()
    assert header.frame == (0, 0, 320, 44)

A :class:`LayoutGuide` is a rectangle that takes part in layout without being a view; it has the
edge, center and size anchors only. Every view has a layout-margins guide and a safe-area guide.

Lifetime and identity: see :mod:`tether.engine` (views and guides live until ``free()`` or the
engine's end; the same id always gives the same Python object).
"""

from __future__ import annotations

import math
import numbers
from ctypes import byref, c_double, c_float, c_int32, c_uint32, c_uint64
from typing import TYPE_CHECKING, Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _ffi
from ._buffers import call_with_buffers
from ._ffi import _dll
from .anchors import DimensionAnchor, XAnchor, YAnchor
from .engine import Engine, _encode, resolve_engine
from .enums import (
    Attribute,
    Autoresizing,
    Axis,
    LayoutDirection,
    LayoutPriority,
    SemanticContentAttribute,
)
from .errors import InvalidArgumentError, TetherError
from .solver import SolverStats
from .geometry import (
    EdgeInsets,
    Point,
    Rect,
    Size,
    c_insets,
    c_rect,
    c_size,
    from_c_insets,
    from_c_rect,
    from_c_size,
    to_rect,
)
from .geometry import _numbers

if TYPE_CHECKING:  # only for annotations: constraint.py imports this module
    from .constraint import Constraint

__all__ = ["Ambiguity", "LayoutItem", "View", "LayoutGuide"]


class Ambiguity(NamedTuple):
    """One ambiguous quantity of an item's layout (:meth:`LayoutItem.ambiguities`).

    ``attribute`` is ``Attribute.LEFT`` for x (the alignment rect's min x), ``Attribute.TOP`` for
    y, ``Attribute.WIDTH`` or ``Attribute.HEIGHT``; ``axis`` the matching :class:`tether.Axis`;
    ``lower``/``upper`` the range of values it takes among the optimal solutions (positions in the
    root's coordinates; either may be ``-math.inf``/``math.inf``).
    """

    attribute: Attribute
    axis: Axis
    lower: float
    upper: float

Number = Union[int, float]
#: ``measure(proposed_width) -> (w, h)`` or ``(w, h, first_baseline, last_baseline)``.
MeasureFunction = Callable[[float], Sequence[Optional[float]]]
#: ``hook(view)``.
ViewHook = Callable[["View"], Any]


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a number, not {type(value).__name__}")
    return float(value)


def _priority(value: Any) -> float:
    return _number(value, "a priority")


def _axis(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"an axis must be a tether.Axis, not {type(value).__name__}")
    if not -(2**31) <= int(value) < 2**31:  # ctypes would wrap it into range
        raise InvalidArgumentError(f"axis {int(value)} is not 0 (horizontal) or 1 (vertical)",
                                   _ffi.E_INVALID_ARGUMENT)
    return int(value)


class LayoutItem:
    """What views and layout guides have in common: an engine, an id, an identifier, anchors.

    Items hash and compare by identity (``==`` between *anchors* builds constraints; items
    themselves are plain objects).
    """

    _engine: Engine
    _id: int
    _kind_name = "LayoutItem"

    def _attach(self, engine: Engine, item_id: int) -> None:
        self._engine = engine
        self._id = item_id
        engine._items[item_id] = self

    @property
    def id(self) -> int:
        """The item's ``tether_item`` id (views and guides share one id space)."""
        return self._id

    @property
    def engine(self) -> Engine:
        """The engine that owns the item."""
        return self._engine

    @property
    def identifier(self) -> str:
        """A name used in descriptions and diagnostics (``""`` when none)."""
        return self._engine._read_string(_dll.tether_item_identifier, self._id)

    @identifier.setter
    def identifier(self, value: Optional[str]) -> None:
        encoded = _encode(value, "an identifier")
        self._engine._call(_dll.tether_item_set_identifier, self._id, encoded)

    @property
    def debug_name(self) -> str:
        """The item as constraint descriptions and messages name it: ``View:0x100000002`` or
        ``LayoutGuide:0x100000007`` (the id in hex), followed by ``'identifier'`` when one is
        set, e.g. ``View:0x100000002'header'``."""
        return self._engine._read_string(_dll.tether_item_debug_name, self._id)

    @property
    def description(self) -> str:
        """UIKit's description of the item (also ``str(item)``): ``<View: 0x100000001; frame =
        (0 0; 320 480); autoresize = W+H; identifier = 'root'>`` for a view (the mask part only
        when a flexible bit is set), ``<LayoutGuide: 0x100000005 - "spacer", layoutFrame =
        {{0, 0}, {0, 0}}, owningView = <View: ...>>`` for a guide."""
        return self._engine._read_string(_dll.tether_item_description, self._id)

    def __str__(self) -> str:
        return self.description

    def _safe_debug_name(self) -> str:
        """:attr:`debug_name`, or ``Kind:0x...`` when the item is freed or its engine closed
        (reprs stay printable)."""
        try:
            return self.debug_name
        except TetherError:
            return f"{self._kind_name}:{self._id:#x}"

    def __repr__(self) -> str:
        return f"<tether.{type(self).__name__} {self._safe_debug_name()}>"

    # -- ambiguity (debugging aids) ---------------------------------------------------------

    @property
    def has_ambiguous_layout(self) -> bool:
        """Whether some optimal solution of the root's active constraints gives the item another
        x, y, width or height (UIKit's ``hasAmbiguousLayout``). Lays the root out first if
        needed."""
        out = c_int32()
        self._engine._call(_dll.tether_item_has_ambiguous_layout, self._id, byref(out))
        return bool(out.value)

    def ambiguities(self) -> List[Ambiguity]:
        """The item's ambiguous quantities (x, y, width, height order; only those that are
        ambiguous), each with the range of values it takes. Empty when the layout is unique.
        Lays the root out first if needed."""
        engine = self._engine
        with engine._lock:
            status, out, count = call_with_buffers(
                lambda out, capacity, needed: engine._invoke(_dll.tether_item_ambiguities, self._id,
                                                             out, capacity, needed),
                lambda capacity: (_ffi.CAmbiguity * capacity)(), 4)
            if status != _ffi.OK:
                raise _ffi.error_for(status)
            return [Ambiguity(Attribute(a.attribute), Axis(a.axis), a.lower, a.upper) for a in out[:count]]

    # -- inspection (debugging aids) --------------------------------------------------------

    def constraints_affecting_layout(self, axis: Union[Axis, int]) -> List["Constraint"]:
        """The constraints that affect the item's position in its parent and its size along
        ``axis`` (UIKit's ``constraintsAffectingLayout(for:)``), including ones that do not name
        the item: those whose constant, changed a little, would move it at the current solution.
        Slack inequalities, optional constraints that lose and broken constraints are not
        listed. Lays the root out first if needed.

        Generated constraints (autoresizing, content size, root pins, system guides) are listed
        too: they are read-only (changing or activating them raises InvalidStateError) and valid
        until the next layout pass. Oldest first (generated ones, then yours in activation
        order). Empty for items that take no part in a solve (frame mode, unconstrained views).

        Raises:
            InvalidArgumentError: ``axis`` is an int that is not a :class:`tether.Axis` value.
            TypeError: ``axis`` is not an int.
        """
        axis_value = _axis(axis)
        with self._engine._lock:
            ids = self._engine._read_ids(
                _dll.tether_item_constraints_affecting_layout, self._id, axis_value)
            return [self._engine._constraint_for(i) for i in ids]

    # -- anchors every item has -------------------------------------------------------------

    @property
    def left(self) -> XAnchor:
        """The left edge."""
        return XAnchor(self, Attribute.LEFT)

    @property
    def right(self) -> XAnchor:
        """The right edge."""
        return XAnchor(self, Attribute.RIGHT)

    @property
    def leading(self) -> XAnchor:
        """The leading edge: left in left-to-right, right in right-to-left."""
        return XAnchor(self, Attribute.LEADING)

    @property
    def trailing(self) -> XAnchor:
        """The trailing edge: right in left-to-right, left in right-to-left."""
        return XAnchor(self, Attribute.TRAILING)

    @property
    def center_x(self) -> XAnchor:
        """The horizontal center."""
        return XAnchor(self, Attribute.CENTER_X)

    @property
    def top(self) -> YAnchor:
        """The top edge."""
        return YAnchor(self, Attribute.TOP)

    @property
    def bottom(self) -> YAnchor:
        """The bottom edge."""
        return YAnchor(self, Attribute.BOTTOM)

    @property
    def center_y(self) -> YAnchor:
        """The vertical center."""
        return YAnchor(self, Attribute.CENTER_Y)

    @property
    def width(self) -> DimensionAnchor:
        """The width."""
        return DimensionAnchor(self, Attribute.WIDTH)

    @property
    def height(self) -> DimensionAnchor:
        """The height."""
        return DimensionAnchor(self, Attribute.HEIGHT)


class View(LayoutItem):
    """A view: a rectangle in a hierarchy, laid out by constraints or by autoresizing.

    Args:
        frame: ``(x, y, width, height)`` in the superview's coordinates (finite).
        engine: the owning :class:`tether.Engine`; ``None`` for the default engine.

    Hooks: assign ``view.update_constraints = fn`` and/or ``view.layout_subviews = fn``
    (``fn(view)``) to run code in the layout pass (UIKit's ``updateConstraints``, bottom-up, and
    ``layoutSubviews``, top-down); a subclass may instead define methods of those names
    (``def layout_subviews(self): ...``).
    """

    _kind_name = "View"

    def __init__(self, frame: Any = (0.0, 0.0, 0.0, 0.0), engine: Optional[Engine] = None) -> None:
        """Makes a root view with ``frame``."""
        engine = resolve_engine(engine)
        raw = c_rect(frame, "a frame")
        out = c_uint64()
        with engine._lock:
            engine._call(_dll.tether_view_new, raw, byref(out))
            self._attach(engine, out.value)

    @classmethod
    def _wrap(cls, engine: Engine, view_id: int) -> "View":
        """Internal: the wrapper of an existing id (use :meth:`Engine._item_for`)."""
        view = cls.__new__(cls)
        view._attach(engine, view_id)
        return view

    def _attach(self, engine: Engine, item_id: int) -> None:
        self._measure: Optional[MeasureFunction] = None
        self._hooks: Dict[str, Optional[ViewHook]] = {
            "update_constraints": None,
            "layout_subviews": None,
        }
        super()._attach(engine, item_id)
        if self._overridden_hooks():
            self._sync_hooks()

    # -- lifetime ---------------------------------------------------------------------------

    def free(self) -> None:
        """Frees the view with its subtree, their layout guides and every constraint that refers
        to them. The Python objects stay; any later use raises :class:`~tether.InvalidIdError`.
        """
        engine = self._engine
        with engine._lock:
            handle = engine._h()
            doomed = set(self._subtree_ids())
            owner = c_uint64()
            for item_id, item in list(engine._items.items()):
                if isinstance(item, LayoutGuide):
                    status = _dll.tether_guide_owning_view(handle, item_id, byref(owner))
                    if status == _ffi.OK and owner.value in doomed:
                        doomed.add(item_id)
            engine._call(_dll.tether_view_free, self._id)
            for item_id in doomed:
                engine._items.pop(item_id, None)

    # -- hierarchy --------------------------------------------------------------------------

    @property
    def superview(self) -> Optional["View"]:
        """The superview, or ``None`` for a root."""
        out = c_uint64()
        with self._engine._lock:
            self._engine._call(_dll.tether_view_superview, self._id, byref(out))
            return self._engine._item_for(out.value)  # type: ignore[return-value]

    @property
    def subviews(self) -> List["View"]:
        """The subviews, back to front (a new list)."""
        with self._engine._lock:
            ids = self._engine._read_ids(_dll.tether_view_subviews, self._id)
            return [self._engine._item_for(i) for i in ids]  # type: ignore[misc]

    def constraints_equivalent_to_autoresizing_mask(self) -> List["Constraint"]:
        """The generated constraints that reproduce this view's autoresizing mask in its
        superview: ``minX``/``width``/``minY``/``height`` as affine functions of the superview's
        size, printed with Apple's ``h=--& v=--&`` prefix. They are read-only (changing or
        activating them raises InvalidStateError) and valid until the next layout pass. A root
        has none."""
        with self._engine._lock:
            ids = self._engine._read_ids(
                _dll.tether_view_constraints_equivalent_to_autoresizing_mask, self._id)
            return [self._engine._constraint_for(i) for i in ids]

    def autolayout_trace(self) -> str:
        """A dump of the view's subtree like UIKit's private ``_autolayoutTrace``, after a
        layout pass: a legend, then one line per view and layout guide, indented by ``|   ``
        per level and marked ``•`` (the root: layout engine host), ``*`` (laid out by
        constraints) or ``+`` (represented in the solve by its autoresizing mask); unmarked
        items take no part in the solve. Ambiguous items end with ``- AMBIGUOUS LAYOUT for``
        their free quantities and ranges, e.g. ``View:0x100000003.minX{range: [-inf, inf]}``.
        """
        return self._engine._read_string(_dll.tether_view_autolayout_trace, self._id)

    @property
    def layout_solver_stats(self) -> Optional[SolverStats]:
        """The counters of the solver that lays out this view's root (variables, constraints,
        tableau rows and cells, pivots, bytes, definitions), as they are now: no layout pass is
        run. ``None`` while the root is not laid out by constraints (frame mode, or before its
        first pass). A rebuild makes a new solver, so ``pivots`` counts from the last rebuild;
        the difference across an in-place change (a constant, the root's size) is the work
        that change cost."""
        laid_out = c_int32()
        raw = _ffi.CSolverStats()
        storage = _ffi.CSolverStorage()
        self._engine._call(_dll.tether_view_layout_solver_stats, self._id, byref(laid_out),
                           byref(raw), byref(storage))
        if not laid_out.value:
            return None
        return SolverStats._from_c(raw, storage)

    def svg(self, **options: Any) -> str:
        """The view's subtree drawn as an SVG document, after a layout pass:
        :func:`tether.render.svg` with the same keyword options (``constraints``, ``ambiguity``,
        ``broken``, ``margins``, ``guides``, ``scale``, ``padding``, ``path``)."""
        from .render import svg  # render.py builds on this module

        return svg(self, **options)

    def add_subview(self, view: "View") -> None:
        """Adds ``view`` as the last subview (moving it from its old superview).

        Raises:
            InvalidStateError: ``view`` is this view or one of its ancestors (a cycle).
        """
        with self._engine._lock:
            child = self._own_view(view)
            self._engine._call(_dll.tether_view_add_subview, self._id, child)

    def insert_subview(self, view: "View", index: int) -> None:
        """Inserts ``view`` at ``index`` (0 ... number of subviews) among the subviews."""
        if isinstance(index, bool) or not isinstance(index, numbers.Integral):
            raise TypeError(f"an index must be an int, not {type(index).__name__}")
        if index < 0:
            raise InvalidArgumentError(f"index {index} is negative", _ffi.E_INVALID_ARGUMENT)
        with self._engine._lock:
            child = self._own_view(view)
            self._engine._call(_dll.tether_view_insert_subview, self._id, child, int(index))

    def remove_from_superview(self) -> None:
        """Makes the view a root again. Active constraints left without a common ancestor are
        deactivated (as UIKit does)."""
        self._engine._call(_dll.tether_view_remove_from_superview, self._id)

    def is_descendant_of(self, view: "View") -> bool:
        """Whether this view is ``view`` or lies in its subtree."""
        current: Optional[View] = self
        while current is not None:
            if current is view:
                return True
            current = current.superview
        return False

    def _own_view(self, view: Any) -> int:
        if not isinstance(view, View):
            raise TypeError(f"expected a tether.View, not {type(view).__name__}")
        return self._engine._own(view, "a view")

    def _subtree_ids(self) -> List[int]:
        return [i for i, _ in self._subtree(with_frames=False)]

    def _subtree(self, with_frames: bool) -> List[Tuple[int, Optional[Rect]]]:
        engine = self._engine
        with engine._lock:
            status, (ids, frames), count = call_with_buffers(
                lambda out, capacity, needed: engine._invoke(
                    _dll.tether_view_subtree_frames, self._id, out[0], out[1], capacity, needed),
                lambda capacity: ((c_uint64 * capacity)(),
                                  (_ffi.CRect * capacity)() if with_frames else None), 32)
            if status != _ffi.OK:
                raise _ffi.error_for(status)
            if frames is None:
                return [(ids[i], None) for i in range(count)]
            return [(ids[i], from_c_rect(frames[i])) for i in range(count)]

    def subtree_frames(self) -> Dict["View", Rect]:
        """The frames of this view's whole subtree in one library call: ``{view: frame}``, this
        view first, then depth-first in subview order. Frames are each in their superview's
        coordinates (as :attr:`frame`)."""
        engine = self._engine
        with engine._lock:
            pairs = self._subtree(with_frames=True)
            return {engine._item_for(i): frame for i, frame in pairs}  # type: ignore[misc]

    # -- geometry ---------------------------------------------------------------------------

    @property
    def frame(self) -> Rect:
        """The frame in the superview's coordinates, as of the last layout pass or assignment.

        Setting it (from a :class:`tether.Rect` or any 4-tuple) resizes the subviews that
        translate their autoresizing masks at once (when :attr:`autoresizes_subviews`), and marks
        the layout dirty; a root's frame is its size in the solve.
        """
        out = _ffi.CRect()
        self._engine._call(_dll.tether_view_frame, self._id, byref(out))
        return from_c_rect(out)

    @frame.setter
    def frame(self, value: Any) -> None:
        self._engine._call(_dll.tether_view_set_frame, self._id, c_rect(value, "a frame"))

    @property
    def bounds(self) -> Rect:
        """``(0, 0, width, height)``: the view's own coordinate space (no scrolling offsets).

        Setting it changes the size and keeps the center (as UIKit does); the origin must be
        ``(0, 0)``.
        """
        frame = self.frame
        return Rect(0.0, 0.0, frame.width, frame.height)

    @bounds.setter
    def bounds(self, value: Any) -> None:
        bounds = to_rect(value, "bounds")
        if bounds.x != 0.0 or bounds.y != 0.0:
            raise InvalidArgumentError(
                "a bounds origin other than (0, 0) is not supported (no scrolling offsets)",
                _ffi.E_INVALID_ARGUMENT,
            )
        with self._engine._lock:
            frame = self.frame
            self.frame = Rect(frame.mid_x - bounds.width / 2, frame.mid_y - bounds.height / 2,
                              bounds.width, bounds.height)

    @property
    def center(self) -> Point:
        """The frame's center in the superview's coordinates; setting it moves the frame."""
        frame = self.frame
        return Point(frame.mid_x, frame.mid_y)

    @center.setter
    def center(self, value: Any) -> None:
        x, y = _numbers(value, 2, "a center")
        with self._engine._lock:
            frame = self.frame
            self.frame = Rect(x - frame.width / 2, y - frame.height / 2, frame.width, frame.height)

    # -- autoresizing -----------------------------------------------------------------------

    @property
    def translates_autoresizing_mask_into_constraints(self) -> bool:
        """Whether the view's frame and autoresizing mask become constraints when its hierarchy
        uses constraints (default ``True``, as for UIKit views made in code). No effect on a
        root."""
        out = c_int32()
        self._engine._call(_dll.tether_view_translates_autoresizing_mask, self._id, byref(out))
        return bool(out.value)

    @translates_autoresizing_mask_into_constraints.setter
    def translates_autoresizing_mask_into_constraints(self, value: bool) -> None:
        self._engine._call(
            _dll.tether_view_set_translates_autoresizing_mask, self._id, 1 if value else 0
        )

    @property
    def autoresizing_mask(self) -> Autoresizing:
        """Which parts of the frame stretch when the superview is resized
        (:class:`tether.Autoresizing`, default ``NONE``)."""
        out = c_uint32()
        self._engine._call(_dll.tether_view_autoresizing_mask, self._id, byref(out))
        return Autoresizing(out.value)

    @autoresizing_mask.setter
    def autoresizing_mask(self, value: Union[Autoresizing, int]) -> None:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"a mask must be a tether.Autoresizing, not {type(value).__name__}")
        if value < 0 or value > 0xFFFFFFFF:
            raise InvalidArgumentError(f"autoresizing mask {value} is out of range",
                                       _ffi.E_INVALID_ARGUMENT)
        self._engine._call(_dll.tether_view_set_autoresizing_mask, self._id, int(value))

    @property
    def autoresizes_subviews(self) -> bool:
        """Whether setting the frame resizes translating subviews by their masks (default
        ``True``)."""
        out = c_int32()
        self._engine._call(_dll.tether_view_autoresizes_subviews, self._id, byref(out))
        return bool(out.value)

    @autoresizes_subviews.setter
    def autoresizes_subviews(self, value: bool) -> None:
        self._engine._call(_dll.tether_view_set_autoresizes_subviews, self._id, 1 if value else 0)

    @property
    def hidden(self) -> bool:
        """UIKit's ``isHidden`` (default ``False``). For layout it matters only to an arranged
        subview of a :class:`tether.StackView`, which collapses it; any other hidden view is laid
        out as before."""
        out = c_int32()
        self._engine._call(_dll.tether_view_is_hidden, self._id, byref(out))
        return bool(out.value)

    @hidden.setter
    def hidden(self, value: bool) -> None:
        self._engine._call(_dll.tether_view_set_hidden, self._id, 1 if value else 0)

    # -- content size -----------------------------------------------------------------------

    @property
    def intrinsic_content_size(self) -> Size:
        """The natural content size of the alignment rect; a component of
        :data:`tether.NO_INTRINSIC_METRIC` (-1, the default) means none on that axis. Settable
        from ``(width, height)``."""
        out = _ffi.CSize()
        self._engine._call(_dll.tether_view_intrinsic_content_size, self._id, byref(out))
        return from_c_size(out)

    @intrinsic_content_size.setter
    def intrinsic_content_size(self, value: Any) -> None:
        raw = c_size(value, "an intrinsic content size")
        self._engine._call(_dll.tether_view_set_intrinsic_content_size, self._id, raw)

    def invalidate_intrinsic_content_size(self) -> None:
        """Marks the content as changed: it is measured again in the next pass."""
        self._engine._call(_dll.tether_view_invalidate_intrinsic_content_size, self._id)

    @property
    def measure(self) -> Optional[MeasureFunction]:
        """A callable measuring the content, used instead of :attr:`intrinsic_content_size`.

        ``measure(proposed_width)`` returns ``(width, height)`` or ``(width, height,
        first_baseline, last_baseline)`` (baselines: first from the top, last from the bottom;
        ``None`` or NaN for none). ``proposed_width`` is NaN when unknown; for height-for-width
        content the pass measures again with the resolved width. An exception it raises
        abandons the pass and propagates out of :meth:`layout_if_needed` unchanged (the pass
        runs again next time). ``None`` turns measuring off.
        """
        return self._measure

    @measure.setter
    def measure(self, function: Optional[MeasureFunction]) -> None:
        if function is not None and not callable(function):
            raise TypeError(f"measure must be callable or None, not {type(function).__name__}")
        with self._engine._lock:
            self._engine._call(_dll.tether_view_set_measured, self._id,
                               0 if function is None else 1)
            self._measure = function

    def set_content_hugging_priority(self, priority: Number, axis: Union[Axis, int]) -> None:
        """How strongly the view resists growing beyond its intrinsic size along ``axis``
        (default 250)."""
        self._engine._call(_dll.tether_view_set_content_hugging_priority, self._id, _axis(axis),
                           _priority(priority))

    def content_hugging_priority(self, axis: Union[Axis, int]) -> float:
        """The hugging priority along ``axis``."""
        out = c_float()
        self._engine._call(_dll.tether_view_content_hugging_priority, self._id, _axis(axis),
                           byref(out))
        return float(out.value)

    def set_content_compression_resistance_priority(
        self, priority: Number, axis: Union[Axis, int]
    ) -> None:
        """How strongly the view resists shrinking below its intrinsic size along ``axis``
        (default 750)."""
        self._engine._call(_dll.tether_view_set_compression_resistance_priority, self._id,
                           _axis(axis), _priority(priority))

    def content_compression_resistance_priority(self, axis: Union[Axis, int]) -> float:
        """The compression-resistance priority along ``axis``."""
        out = c_float()
        self._engine._call(_dll.tether_view_compression_resistance_priority, self._id,
                           _axis(axis), byref(out))
        return float(out.value)

    def set_baselines(
        self, first_from_top: Optional[Number] = None, last_from_bottom: Optional[Number] = None
    ) -> None:
        """Baselines without a measure callable: the first from the alignment rect's top, the
        last from its bottom (``None``: none, the bottom edge is used)."""
        first = math.nan if first_from_top is None else _number(first_from_top, "a baseline")
        last = math.nan if last_from_bottom is None else _number(last_from_bottom, "a baseline")
        self._engine._call(_dll.tether_view_set_baselines, self._id, first, last)

    @property
    def baselines(self) -> Tuple[Optional[float], Optional[float]]:
        """The baselines set by :meth:`set_baselines` as ``(first_from_top, last_from_bottom)``
        (``None`` where unset)."""
        first, last = c_double(), c_double()
        self._engine._call(_dll.tether_view_baselines, self._id, byref(first), byref(last))
        return (None if math.isnan(first.value) else first.value,
                None if math.isnan(last.value) else last.value)

    # -- insets, margins, direction ---------------------------------------------------------

    def _insets(self, getter: Any) -> EdgeInsets:
        out = _ffi.CInsets()
        self._engine._call(getter, self._id, byref(out))
        return from_c_insets(out)

    @property
    def alignment_rect_insets(self) -> EdgeInsets:
        """Insets from the frame to the alignment rect, which every layout attribute refers to:
        ``(top, left, bottom, right)``, default zero."""
        return self._insets(_dll.tether_view_alignment_rect_insets)

    @alignment_rect_insets.setter
    def alignment_rect_insets(self, value: Any) -> None:
        self._engine._call(_dll.tether_view_set_alignment_rect_insets, self._id, c_insets(value))

    @property
    def layout_margins(self) -> EdgeInsets:
        """The layout margins ``(top, left, bottom, right)``, default 8 on every side; the
        margin anchors and :attr:`layout_margins_guide` are the bounds inset by them."""
        return self._insets(_dll.tether_view_layout_margins)

    @layout_margins.setter
    def layout_margins(self, value: Any) -> None:
        self._engine._call(_dll.tether_view_set_layout_margins, self._id, c_insets(value))

    @property
    def safe_area_insets(self) -> EdgeInsets:
        """Insets of the safe area (set by the host); :attr:`safe_area_layout_guide` is the
        bounds inset by them. Default zero."""
        return self._insets(_dll.tether_view_safe_area_insets)

    @safe_area_insets.setter
    def safe_area_insets(self, value: Any) -> None:
        self._engine._call(_dll.tether_view_set_safe_area_insets, self._id, c_insets(value))

    @property
    def semantic_content_attribute(self) -> SemanticContentAttribute:
        """Whether the view forces a layout direction (default ``UNSPECIFIED``: inherited)."""
        out = c_int32()
        self._engine._call(_dll.tether_view_semantic_content_attribute, self._id, byref(out))
        return SemanticContentAttribute(out.value)

    @semantic_content_attribute.setter
    def semantic_content_attribute(self, value: Union[SemanticContentAttribute, int]) -> None:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(
                f"expected a tether.SemanticContentAttribute, not {type(value).__name__}"
            )
        self._engine._call(_dll.tether_view_set_semantic_content_attribute, self._id, int(value))

    @property
    def effective_user_interface_layout_direction(self) -> LayoutDirection:
        """The direction leading/trailing resolve with for this view: forced by its semantic
        content attribute, else its superview's, else the engine's default."""
        out = c_int32()
        self._engine._call(_dll.tether_view_effective_layout_direction, self._id, byref(out))
        return LayoutDirection(out.value)

    @property
    def layout_margins_guide(self) -> "LayoutGuide":
        """The guide whose edges are the bounds inset by :attr:`layout_margins` (made on first
        use; always the same object)."""
        out = c_uint64()
        with self._engine._lock:
            self._engine._call(_dll.tether_view_layout_margins_guide, self._id, byref(out))
            return self._engine._item_for(out.value)  # type: ignore[return-value]

    @property
    def safe_area_layout_guide(self) -> "LayoutGuide":
        """The guide whose edges are the bounds inset by :attr:`safe_area_insets` (made on first
        use; always the same object)."""
        out = c_uint64()
        with self._engine._lock:
            self._engine._call(_dll.tether_view_safe_area_layout_guide, self._id, byref(out))
            return self._engine._item_for(out.value)  # type: ignore[return-value]

    # -- layout guides ----------------------------------------------------------------------

    @property
    def layout_guides(self) -> List["LayoutGuide"]:
        """The guides this view owns, in the order they were added (system guides excluded)."""
        with self._engine._lock:
            ids = self._engine._read_ids(_dll.tether_view_layout_guides, self._id)
            return [self._engine._item_for(i) for i in ids]  # type: ignore[misc]

    def add_layout_guide(self, guide: "LayoutGuide") -> None:
        """Makes the view own ``guide`` (moving it from its old owner)."""
        if not isinstance(guide, LayoutGuide):
            raise TypeError(f"expected a tether.LayoutGuide, not {type(guide).__name__}")
        with self._engine._lock:
            guide_id = self._engine._own(guide, "a guide")
            self._engine._call(_dll.tether_view_add_layout_guide, self._id, guide_id)

    def remove_layout_guide(self, guide: "LayoutGuide") -> None:
        """Stops owning ``guide`` (its constraints left without a common ancestor are
        deactivated)."""
        if not isinstance(guide, LayoutGuide):
            raise TypeError(f"expected a tether.LayoutGuide, not {type(guide).__name__}")
        with self._engine._lock:
            guide_id = self._engine._own(guide, "a guide")
            self._engine._call(_dll.tether_view_remove_layout_guide, self._id, guide_id)

    # -- the layout pass --------------------------------------------------------------------

    def set_needs_layout(self) -> None:
        """Marks the view's hierarchy as needing a layout pass."""
        self._engine._call(_dll.tether_view_set_needs_layout, self._id)

    def set_needs_update_constraints(self) -> None:
        """Asks for the ``update_constraints`` hook to run in the next pass."""
        self._engine._call(_dll.tether_view_set_needs_update_constraints, self._id)

    def layout_if_needed(self) -> None:
        """Runs the layout pass of the view's root now if anything changed since the last one.

        Raises whatever a ``measure`` callable, hook or diagnostic handler raised during the
        pass (the original exception).
        """
        self._engine._call(_dll.tether_view_layout_if_needed, self._id)

    def exercise_ambiguity_in_layout(self) -> bool:
        """Moves an ambiguous view to another optimal solution (UIKit's
        ``exerciseAmbiguityInLayout``): its first ambiguous quantity goes to the far end of its
        range, and the hierarchy's frames follow until the next layout pass. Returns whether
        anything moved (``False`` when the layout is unambiguous)."""
        out = c_int32()
        self._engine._call(_dll.tether_view_exercise_ambiguity_in_layout, self._id, byref(out))
        return bool(out.value)

    def system_layout_size_fitting(
        self,
        target: Any,
        horizontal_priority: Number = LayoutPriority.FITTING_SIZE_LEVEL,
        vertical_priority: Number = LayoutPriority.FITTING_SIZE_LEVEL,
    ) -> Size:
        """The size closest to ``target`` that the view's subtree allows, the target pulling at
        the given priorities (``systemLayoutSizeFitting``). Use
        :data:`tether.LAYOUT_FITTING_COMPRESSED_SIZE` for the smallest size,
        :data:`tether.LAYOUT_FITTING_EXPANDED_SIZE` for the largest, and a required horizontal
        priority to fix the width (height for a given width). Frames are not changed.
        """
        out = _ffi.CSize()
        self._engine._call(
            _dll.tether_view_system_layout_size_fitting,
            self._id,
            c_size(target, "a target size"),
            _priority(horizontal_priority),
            _priority(vertical_priority),
            byref(out),
        )
        return from_c_size(out)

    # -- hooks ------------------------------------------------------------------------------

    @property
    def update_constraints(self) -> Optional[ViewHook]:
        """``fn(view)`` run in the pass's update-constraints phase (bottom-up) when the view
        needs it (see :meth:`set_needs_update_constraints`); ``None`` for none. It may activate
        and deactivate constraints."""
        return self._hooks["update_constraints"]

    @update_constraints.setter
    def update_constraints(self, function: Optional[ViewHook]) -> None:
        self._set_hook("update_constraints", function)

    @property
    def layout_subviews(self) -> Optional[ViewHook]:
        """``fn(view)`` run in the pass after the view's frame is set (top-down), UIKit's
        ``layoutSubviews``; ``None`` for none."""
        return self._hooks["layout_subviews"]

    @layout_subviews.setter
    def layout_subviews(self, function: Optional[ViewHook]) -> None:
        self._set_hook("layout_subviews", function)

    def _set_hook(self, name: str, function: Optional[ViewHook]) -> None:
        if function is not None and not callable(function):
            raise TypeError(f"{name} must be callable or None, not {type(function).__name__}")
        with self._engine._lock:
            self._hooks[name] = function
            self._sync_hooks()

    def _overridden_hooks(self) -> List[str]:
        """Hook names a subclass defines as methods (instead of the properties)."""
        return [
            name
            for name in ("update_constraints", "layout_subviews")
            if not isinstance(getattr(type(self), name), property)
        ]

    def _sync_hooks(self) -> None:
        enabled = any(self._hooks.values()) or bool(self._overridden_hooks())
        self._engine._call(_dll.tether_view_set_hooks_enabled, self._id, 1 if enabled else 0)

    def _run_hook(self, name: str) -> None:
        """Called by the engine's trampolines."""
        if not isinstance(getattr(type(self), name), property):
            getattr(self, name)()
        else:
            function = self._hooks[name]
            if function is not None:
                function(self)

    # -- anchors only views have ------------------------------------------------------------

    @property
    def first_baseline(self) -> YAnchor:
        """The baseline of the first line of content (the bottom edge without baselines)."""
        return YAnchor(self, Attribute.FIRST_BASELINE)

    @property
    def last_baseline(self) -> YAnchor:
        """The baseline of the last line of content (the bottom edge without baselines)."""
        return YAnchor(self, Attribute.LAST_BASELINE)

    @property
    def left_margin(self) -> XAnchor:
        """The left edge of the layout margins."""
        return XAnchor(self, Attribute.LEFT_MARGIN)

    @property
    def right_margin(self) -> XAnchor:
        """The right edge of the layout margins."""
        return XAnchor(self, Attribute.RIGHT_MARGIN)

    @property
    def top_margin(self) -> YAnchor:
        """The top edge of the layout margins."""
        return YAnchor(self, Attribute.TOP_MARGIN)

    @property
    def bottom_margin(self) -> YAnchor:
        """The bottom edge of the layout margins."""
        return YAnchor(self, Attribute.BOTTOM_MARGIN)

    @property
    def leading_margin(self) -> XAnchor:
        """The leading edge of the layout margins."""
        return XAnchor(self, Attribute.LEADING_MARGIN)

    @property
    def trailing_margin(self) -> XAnchor:
        """The trailing edge of the layout margins."""
        return XAnchor(self, Attribute.TRAILING_MARGIN)

    @property
    def center_x_within_margins(self) -> XAnchor:
        """The horizontal center of the layout margins."""
        return XAnchor(self, Attribute.CENTER_X_WITHIN_MARGINS)

    @property
    def center_y_within_margins(self) -> YAnchor:
        """The vertical center of the layout margins."""
        return YAnchor(self, Attribute.CENTER_Y_WITHIN_MARGINS)


class LayoutGuide(LayoutItem):
    """A rectangle that takes part in layout without being a view (``UILayoutGuide``).

    Add it to a view with :meth:`View.add_layout_guide`; its :attr:`layout_frame` is then in the
    owner's coordinates. Guides have the edge, center and size anchors only (no margins, no
    baselines).

    Args:
        engine: the owning :class:`tether.Engine`; ``None`` for the default engine.
    """

    _kind_name = "LayoutGuide"

    def __init__(self, engine: Optional[Engine] = None) -> None:
        """Makes a guide, not yet owned by a view."""
        engine = resolve_engine(engine)
        out = c_uint64()
        with engine._lock:
            engine._call(_dll.tether_guide_new, byref(out))
            self._attach(engine, out.value)

    @classmethod
    def _wrap(cls, engine: Engine, guide_id: int) -> "LayoutGuide":
        """Internal: the wrapper of an existing id (use :meth:`Engine._item_for`)."""
        guide = cls.__new__(cls)
        guide._attach(engine, guide_id)
        return guide

    @property
    def owning_view(self) -> Optional[View]:
        """The view that owns the guide, or ``None``."""
        out = c_uint64()
        with self._engine._lock:
            self._engine._call(_dll.tether_guide_owning_view, self._id, byref(out))
            return self._engine._item_for(out.value)  # type: ignore[return-value]

    @property
    def layout_frame(self) -> Rect:
        """The guide's frame from the last layout pass, in its owner's coordinates."""
        out = _ffi.CRect()
        self._engine._call(_dll.tether_guide_layout_frame, self._id, byref(out))
        return from_c_rect(out)

    def free(self) -> None:
        """Frees the guide (removing it from its owner, freeing its constraints). The margins
        and safe-area guides of a view cannot be freed (:class:`~tether.InvalidStateError`)."""
        engine = self._engine
        with engine._lock:
            engine._call(_dll.tether_guide_free, self._id)
            engine._items.pop(self._id, None)
