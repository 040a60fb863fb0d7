"""The geometry half of :class:`tether.View`: frame, bounds and center, autoresizing, content
size and measuring, content priorities, baselines, insets and margins, layout direction.

:class:`ViewGeometry` is a base class of :class:`tether.View` (see :mod:`tether.view` for the
view itself); its properties read and write the view's state in the library, and changes take
effect in the next layout pass unless said otherwise.

May import: :mod:`tether._ffi`, :mod:`tether._validate`, :mod:`tether.engine`,
:mod:`tether.enums`, :mod:`tether.errors`, :mod:`tether.geometry`, :mod:`tether.items`.
"""

from __future__ import annotations

import math
from ctypes import byref, c_double, c_float, c_uint32
from typing import Any, Callable, Optional, Sequence, Tuple, Union

from . import _ffi
from ._ffi import _dll
from ._validate import (
    UINT32_RANGE,
    check_range,
    layout_priority_value,
    to_floats,
    to_int,
    to_int32,
    to_layout_priority,
    to_real,
)
from .enums import Autoresizing, Axis, LayoutDirection, SemanticContentAttribute
from .errors import InvalidArgumentError
from .geometry import (
    EdgeInsets,
    InsetsLike,
    Point,
    PointLike,
    Rect,
    RectLike,
    Size,
    SizeLike,
    c_insets,
    c_rect,
    c_size,
    from_c_insets,
    from_c_rect,
    from_c_size,
    to_rect,
)
from .items import LayoutGuide, LayoutItem, _axis

__all__ = ["ViewGeometry", "MeasureFunction"]

Number = Union[int, float]
#: ``measure(proposed_width) -> (w, h)`` or ``(w, h, first_baseline, last_baseline)``.
MeasureFunction = Callable[[float], Sequence[Optional[float]]]


class ViewGeometry(LayoutItem):
    """The geometry properties and methods of :class:`tether.View` (see the module doc). A
    :class:`tether.items.LayoutItem` itself, so that what it uses of the item (the engine, the
    id, ``_get``) is declared where it is defined."""

    _measure: Optional[MeasureFunction]

    def _insets(self, function: Any) -> EdgeInsets:
        """An insets property's value, read by ``function(handle, id, &out)``."""
        out = _ffi.CInsets()
        self._engine._call(function, self._id, byref(out))
        return from_c_insets(out)

    def _set_insets(self, function: Any, value: InsetsLike) -> None:
        """Sets an insets property with ``function(handle, id, insets)``."""
        self._engine._call(function, self._id, c_insets(value))

    # -- geometry ---------------------------------------------------------------------------

    @property
    def frame(self) -> Rect:
        """The frame in the superview's coordinates, as of the last layout pass or assignment.

        Setting it (from a :class:`tether.Rect` or any 4-tuple) resizes the subviews that
        translate their autoresizing masks at once (when :attr:`autoresizes_subviews`), and marks
        the layout dirty; a root's frame is its size in the solve. With the engine's
        :attr:`tether.Engine.display_scale` above 0 it is the frame the last pass rounded to the
        pixel grid (:attr:`unrounded_frame` is the exact one); a frame just set reads back as set
        until the next pass.
        """
        return self._engine._read_rect(_dll.tether_view_frame, self._id)

    @frame.setter
    def frame(self, value: RectLike) -> None:
        self._engine._call(_dll.tether_view_set_frame, self._id, c_rect(value, "a frame"))

    @property
    def unrounded_frame(self) -> Rect:
        """The frame before pixel-grid rounding (:attr:`tether.Engine.display_scale`): the
        solver's exact values, or the frame as set or autoresized. Equal to :attr:`frame` while
        the display scale is 0. Read-only."""
        out = _ffi.CRect()
        self._engine._call(_dll.tether_view_unrounded_frame, self._id, byref(out))
        return from_c_rect(out)

    @property
    def bounds(self) -> Rect:
        """``(0, 0, width, height)``: the view's own coordinate space (no scrolling offsets),
        the size of :attr:`frame` (rounded when the engine rounds frames).

        Setting it changes the size and keeps the center (as UIKit does); the origin must be
        ``(0, 0)``.
        """
        frame = self.frame
        return Rect(0.0, 0.0, frame.width, frame.height)

    @bounds.setter
    def bounds(self, value: RectLike) -> None:
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
    def center(self, value: PointLike) -> None:
        x, y = to_floats(value, 2, "a center")
        with self._engine._lock:
            frame = self.frame
            self.frame = Rect(x - frame.width / 2, y - frame.height / 2, frame.width, frame.height)

    # -- autoresizing -----------------------------------------------------------------------

    @property
    def translates_autoresizing_mask_into_constraints(self) -> bool:
        """Whether the view's frame and autoresizing mask become constraints when its hierarchy
        uses constraints (default ``True``, as for UIKit views made in code). No effect on a
        root."""
        return self._flag(_dll.tether_view_translates_autoresizing_mask)

    @translates_autoresizing_mask_into_constraints.setter
    def translates_autoresizing_mask_into_constraints(self, value: bool) -> None:
        self._set_flag(_dll.tether_view_set_translates_autoresizing_mask, value)

    @property
    def autoresizing_mask(self) -> Autoresizing:
        """Which parts of the frame stretch when the superview is resized
        (:class:`tether.Autoresizing`, default ``NONE``)."""
        return Autoresizing(self._get(_dll.tether_view_autoresizing_mask, ctype=c_uint32))

    @autoresizing_mask.setter
    def autoresizing_mask(self, value: Union[Autoresizing, int]) -> None:
        mask = to_int(value, "a mask must be a tether.Autoresizing")
        check_range(value, UINT32_RANGE, f"autoresizing mask {value} is out of range")
        self._engine._call(_dll.tether_view_set_autoresizing_mask, self._id, mask)

    @property
    def autoresizes_subviews(self) -> bool:
        """Whether setting the frame resizes translating subviews by their masks (default
        ``True``)."""
        return self._flag(_dll.tether_view_autoresizes_subviews)

    @autoresizes_subviews.setter
    def autoresizes_subviews(self, value: bool) -> None:
        self._set_flag(_dll.tether_view_set_autoresizes_subviews, value)

    @property
    def hidden(self) -> bool:
        """UIKit's ``isHidden`` (default ``False``). For layout it matters only to an arranged
        subview of a :class:`tether.StackView`, which collapses it; any other hidden view is laid
        out as before."""
        return self._flag(_dll.tether_view_is_hidden)

    @hidden.setter
    def hidden(self, value: bool) -> None:
        self._set_flag(_dll.tether_view_set_hidden, value)

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
    def intrinsic_content_size(self, value: SizeLike) -> None:
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
        ``None`` or NaN for none). Width and height are each finite and at least 0, or
        :data:`NO_INTRINSIC_METRIC` (-1) for none on that axis, as for
        :attr:`intrinsic_content_size`; any other value fails the pass with
        :class:`CallbackFailedError` naming the value. ``proposed_width`` is NaN when unknown;
        for height-for-width content the pass measures again with the resolved width. An
        exception it raises abandons the pass and propagates out of :meth:`layout_if_needed`
        unchanged (the pass runs again next time). ``None`` turns measuring off.
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
                           to_layout_priority(priority))

    def content_hugging_priority(self, axis: Union[Axis, int]) -> float:
        """The hugging priority along ``axis``."""
        return layout_priority_value(self._get(_dll.tether_view_content_hugging_priority, _axis(axis),
                                               ctype=c_float))

    def set_content_compression_resistance_priority(
        self, priority: Number, axis: Union[Axis, int]
    ) -> None:
        """How strongly the view resists shrinking below its intrinsic size along ``axis``
        (default 750)."""
        self._engine._call(_dll.tether_view_set_compression_resistance_priority, self._id,
                           _axis(axis), to_layout_priority(priority))

    def content_compression_resistance_priority(self, axis: Union[Axis, int]) -> float:
        """The compression-resistance priority along ``axis``."""
        return layout_priority_value(self._get(_dll.tether_view_compression_resistance_priority, _axis(axis),
                                               ctype=c_float))

    def set_baselines(
        self, first_from_top: Optional[Number] = None, last_from_bottom: Optional[Number] = None
    ) -> None:
        """Baselines without a measure callable: the first from the alignment rect's top, the
        last from its bottom (``None``: none, the bottom edge is used)."""
        first = math.nan if first_from_top is None else to_real(first_from_top, "a baseline")
        last = math.nan if last_from_bottom is None else to_real(last_from_bottom, "a baseline")
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

    @property
    def alignment_rect_insets(self) -> EdgeInsets:
        """Insets from the frame to the alignment rect, which every layout attribute refers to:
        ``(top, left, bottom, right)``, default zero."""
        return self._insets(_dll.tether_view_alignment_rect_insets)

    @alignment_rect_insets.setter
    def alignment_rect_insets(self, value: InsetsLike) -> None:
        self._set_insets(_dll.tether_view_set_alignment_rect_insets, value)

    @property
    def layout_margins(self) -> EdgeInsets:
        """The layout margins ``(top, left, bottom, right)`` as set, default 8 on every side.
        The margin anchors and :attr:`layout_margins_guide` use :attr:`effective_layout_margins`,
        which adds the safe area (UIKit's ``insetsLayoutMarginsFromSafeArea``)."""
        return self._insets(_dll.tether_view_layout_margins)

    @layout_margins.setter
    def layout_margins(self, value: InsetsLike) -> None:
        self._set_insets(_dll.tether_view_set_layout_margins, value)

    @property
    def effective_layout_margins(self) -> EdgeInsets:
        """The margins the layout uses: :attr:`layout_margins`, plus :attr:`safe_area_insets` on
        every edge while :attr:`insets_layout_margins_from_safe_area`; while
        :attr:`preserves_superview_layout_margins`, each edge at least as far as the superview's
        margin area reached into the view at the last layout (read-only)."""
        return self._insets(_dll.tether_view_effective_layout_margins)

    @property
    def insets_layout_margins_from_safe_area(self) -> bool:
        """UIKit's ``insetsLayoutMarginsFromSafeArea`` (default ``True``): the margins are
        measured from the safe area's edges, so content at the margins never lies under a status
        bar or notch; ``False`` measures them from the bounds."""
        return self._flag(_dll.tether_view_insets_layout_margins_from_safe_area)

    @insets_layout_margins_from_safe_area.setter
    def insets_layout_margins_from_safe_area(self, value: bool) -> None:
        self._set_flag(_dll.tether_view_set_insets_layout_margins_from_safe_area, value)

    @property
    def preserves_superview_layout_margins(self) -> bool:
        """UIKit's ``preservesSuperviewLayoutMargins`` (default ``False``): while ``True``, each
        edge of :attr:`effective_layout_margins` is the larger of the view's own (its
        :attr:`layout_margins`, plus the safe area as above) and how far the superview's
        effective margin area reaches into the view's frame. :attr:`layout_margins` keeps the
        view's own value. The reach follows the frames: each layout derives it again, and lays out
        again while it changes (at most 4 times, then it reports a diagnostic)."""
        return self._flag(_dll.tether_view_preserves_superview_layout_margins)

    @preserves_superview_layout_margins.setter
    def preserves_superview_layout_margins(self, value: bool) -> None:
        self._set_flag(_dll.tether_view_set_preserves_superview_layout_margins, value)

    @property
    def safe_area_insets(self) -> EdgeInsets:
        """The safe area's insets from the bounds; :attr:`safe_area_layout_guide` is the bounds
        inset by them.

        Set them on a root for the screen (status bar, notch, home indicator). A view whose insets
        were never set derives them in each layout pass as UIKit does: the part of its bounds
        outside its superview's safe area (zero for a root, and before the first pass). Setting
        them overrides that (see :attr:`safe_area_insets_are_derived`,
        :meth:`reset_safe_area_insets`)."""
        return self._insets(_dll.tether_view_safe_area_insets)

    @safe_area_insets.setter
    def safe_area_insets(self, value: InsetsLike) -> None:
        self._set_insets(_dll.tether_view_set_safe_area_insets, value)

    @property
    def safe_area_insets_are_derived(self) -> bool:
        """``True`` while the view's safe-area insets come from its ancestors (never set, or
        reset), ``False`` once they are set."""
        return self._flag(_dll.tether_view_safe_area_insets_are_derived)

    def reset_safe_area_insets(self) -> None:
        """Makes :attr:`safe_area_insets` derived from the ancestors again, from the next pass."""
        self._engine._call(_dll.tether_view_reset_safe_area_insets, self._id)

    @property
    def semantic_content_attribute(self) -> SemanticContentAttribute:
        """Whether the view forces a layout direction (default ``UNSPECIFIED``: inherited)."""
        return SemanticContentAttribute(self._get(_dll.tether_view_semantic_content_attribute))

    @semantic_content_attribute.setter
    def semantic_content_attribute(self, value: Union[SemanticContentAttribute, int]) -> None:
        attribute = to_int32(value, "expected a tether.SemanticContentAttribute",
                             f"semantic content attribute {value} is out of range")
        self._engine._call(_dll.tether_view_set_semantic_content_attribute, self._id, attribute)

    @property
    def effective_user_interface_layout_direction(self) -> LayoutDirection:
        """The direction leading/trailing resolve with for this view: forced by its semantic
        content attribute, else its superview's, else the engine's default."""
        return LayoutDirection(self._get(_dll.tether_view_effective_layout_direction))

    @property
    def layout_margins_guide(self) -> "LayoutGuide":
        """The guide whose edges are the bounds inset by :attr:`layout_margins` (made on first
        use; always the same object)."""
        return self._item_from(_dll.tether_view_layout_margins_guide)  # type: ignore[return-value]

    @property
    def safe_area_layout_guide(self) -> "LayoutGuide":
        """The guide whose edges are the bounds inset by :attr:`safe_area_insets` (made on first
        use; always the same object)."""
        return self._item_from(_dll.tether_view_safe_area_layout_guide)  # type: ignore[return-value]
