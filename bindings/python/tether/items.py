"""What views and layout guides share (:class:`LayoutItem`), and layout guides
(:class:`LayoutGuide`, ``UILayoutGuide``).

A :class:`LayoutItem` is a rectangle of an engine that takes part in layout: it has an id, an
identifier, descriptions, the edge, center and size anchors, and the ambiguity checks. A
:class:`LayoutGuide` is an item without being a view; it has those anchors only. Every view has
a layout-margins guide and a safe-area guide. Views are in :mod:`tether.view`.

Lifetime and identity: see :mod:`tether.engine` (items live until ``free()`` or the engine's end;
the same id always gives the same Python object).

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._validate`,
:mod:`tether.engine`, :mod:`tether.enums`, :mod:`tether.errors`, :mod:`tether.geometry`,
:mod:`tether.constraint`, :mod:`tether.anchors` (views, a module above, are reached through the
engine).
"""

from __future__ import annotations

from ctypes import byref, c_uint64
from typing import TYPE_CHECKING, Any, List, NamedTuple, Optional, Union

from . import _ffi
from ._buffers import call_with_buffers
from ._ffi import _dll
from ._validate import to_int32
from .anchors import DimensionAnchor, XAnchor, YAnchor
from .constraint import Constraint
from .engine import Engine, EngineObject, register_wrapper, resolve_engine
from .enums import Attribute, Axis
from .errors import TetherError
from .geometry import Rect, from_c_rect

if TYPE_CHECKING:  # pragma: no cover - annotations only: view.py builds on this module
    from .view import View

__all__ = ["Ambiguity", "LayoutItem", "LayoutGuide"]


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



def _axis(value: Any) -> int:
    return to_int32(value, "an axis must be a tether.Axis",
                    f"axis {value} is not 0 (horizontal) or 1 (vertical)")


class LayoutItem(EngineObject):
    """What views and layout guides have in common: an engine, an id, an identifier, anchors.

    Items hash and compare by identity (``==`` between *anchors* builds constraints; items
    themselves are plain objects).
    """

    _kind_name = "LayoutItem"
    _IDENTIFIER = ("tether_item_identifier", "tether_item_set_identifier")

    def _make(self, engine: Optional[Engine], function: Any, *args: Any) -> Engine:
        """Makes the library item with ``function(handle, *args, &id)`` in ``engine`` (the
        default engine for ``None``) and attaches this wrapper to it; returns the engine."""
        if engine is None or type(engine) is not Engine:
            engine = resolve_engine(engine)
        engine._new_item(self, function, *args)
        return engine

    @classmethod
    def _wrap(cls, engine: Engine, item_id: int) -> Any:
        """Internal: the wrapper of an existing id (use :meth:`Engine._item_for`)."""
        item = cls.__new__(cls)
        item._attach(engine, item_id)
        return item

    def _attach(self, engine: Engine, item_id: int) -> None:
        self._engine = engine
        self._id = item_id
        engine._items[item_id] = self

    def _item_from(self, function: Any) -> Optional["LayoutItem"]:
        """The item ``function(handle, id, &item)`` names (a superview, an owner, a guide), or
        ``None`` for none."""
        out = c_uint64()
        with self._engine._lock:
            self._engine._call(function, self._id, byref(out))
            return self._engine._item_for(out.value)

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
            return f"{self._kind_name}:{self._display_id}"

    def __repr__(self) -> str:
        return f"<tether.{type(self).__name__} {self._safe_debug_name()}>"

    # -- ambiguity (debugging aids) ---------------------------------------------------------

    @property
    def has_ambiguous_layout(self) -> bool:
        """Whether some optimal solution of the root's active constraints gives the item another
        x, y, width or height (UIKit's ``hasAmbiguousLayout``). Lays the root out first if
        needed."""
        return bool(self._get(_dll.tether_item_has_ambiguous_layout))

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

    def referring_constraints(self) -> List["Constraint"]:
        """Your layout constraints that name this item as their first or second item, active or
        not, in the order they were made (id order). Generated constraints (autoresizing,
        content size, stack views) are not listed: :meth:`constraints_affecting_layout` lists
        what decides the frame."""
        with self._engine._lock:
            ids = self._engine._read_ids(_dll.tether_item_referring_constraints, self._id)
            return [self._engine._constraint_for(i) for i in ids]

    def constraints_affecting_layout(self, axis: Union[Axis, int]) -> List["Constraint"]:
        """The constraints that affect the item's position in its parent and its size along
        ``axis`` (UIKit's ``constraintsAffectingLayout(for:)``), including ones that do not name
        the item: those whose constant, changed a little, would move it at the current solution.
        Slack inequalities, optional constraints that lose and broken constraints are not
        listed. Lays the root out first if needed.

        Generated constraints (autoresizing, content size, the root's size pins, system guides)
        are listed too: they are read-only (changing or activating them raises InvalidStateError)
        and valid until the next layout pass. The root's origin pins ('Tether-Root-MinX' and
        '-MinY') never are: UIKit's engine has no such constraint. Oldest first (generated ones, then yours in activation
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


register_wrapper("item", LayoutItem)


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
        self._make(engine, _dll.tether_guide_new)

    @property
    def owning_view(self) -> Optional["View"]:
        """The view that owns the guide, or ``None``."""
        return self._item_from(_dll.tether_guide_owning_view)  # type: ignore[return-value]

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


register_wrapper("guide", LayoutGuide)
