"""Stack views (UIKit's ``UIStackView``): a row or a column of views laid out by constraints the
stack generates, identified as Apple's are (``'UISV-canvas-connection'``, ``'UISV-spacing'``, ...).

::

    import tether

    row = tether.StackView(frame=(0, 0, 400, 100), spacing=10)
    for width in (100, 50, 30):
        label = tether.View()
        label.intrinsic_content_size = (width, 20)
        row.add_arranged_subview(label)
    row.layout_if_needed()
    # The first view stretches when hugging priorities tie: 300, 50, 30 wide at x 0, 310, 370.

A :class:`StackView` is a :class:`tether.View`: everything a view has applies to it.
``arranged_subviews`` are subviews: arranging a view adds it as a subview when it is not one and
turns its ``translates_autoresizing_mask_into_constraints`` off; ``remove_from_superview()`` also
un-arranges it, :meth:`StackView.remove_arranged_subview` keeps it as a subview. A hidden arranged
view (``view.hidden = True``) collapses along the axis. Changes take effect in the next layout pass.
docs/stack-views.md has the finer decisions.

May import: :mod:`tether._ffi`, :mod:`tether._validate`, :mod:`tether.engine`,
:mod:`tether.enums`, :mod:`tether.geometry`, :mod:`tether.constraint` (what
:meth:`StackView.arrangement_constraints` gives), :mod:`tether.view`.
"""

from __future__ import annotations

from ctypes import byref, c_double
from enum import IntEnum
from typing import Any, Iterable, List, Optional, Union

from ._ffi import _dll
from ._validate import to_index, to_int32, to_real
from .engine import Engine, register_wrapper, resolve_engine
from .enums import Axis
from .geometry import RectLike, c_rect
from .constraint import Constraint
from .view import View

__all__ = [
    "StackView",
    "StackViewDistribution",
    "StackViewAlignment",
    "SPACING_USE_DEFAULT",
    "SPACING_USE_SYSTEM",
]

#: ``UIStackView.spacingUseDefault`` (FLT_MAX): as the spacing, 0; as a custom spacing, "use the
#: stack's spacing" (what :meth:`StackView.custom_spacing` answers when none is set).
SPACING_USE_DEFAULT = 3.4028234663852886e38
#: ``UIStackView.spacingUseSystem`` (FLT_MIN): the standard spacing between siblings, 8.
SPACING_USE_SYSTEM = 1.1754943508222875e-38


class StackViewDistribution(IntEnum):
    """``UIStackView.Distribution``: how the arranged views share the stack's length."""

    #: Views keep their intrinsic lengths; the lowest hugging (compression resistance) priority
    #: stretches (shrinks), the first view of equals first. Gaps are exactly ``spacing``.
    FILL = 0
    #: Equal lengths.
    FILL_EQUALLY = 1
    #: Lengths in proportion to the intrinsic lengths.
    FILL_PROPORTIONALLY = 2
    #: Intrinsic lengths; the extra space split equally between the gaps (at least ``spacing``).
    EQUAL_SPACING = 3
    #: Equal distances between the views' centers (gaps at least ``spacing``).
    EQUAL_CENTERING = 4


class StackViewAlignment(IntEnum):
    """``UIStackView.Alignment``: how the arranged views sit across the axis (``TOP`` is
    ``LEADING``, ``BOTTOM`` is ``TRAILING``; the baseline alignments are for horizontal stacks, a
    vertical stack fills instead)."""

    FILL = 0
    LEADING = 1
    TOP = 1
    FIRST_BASELINE = 2
    CENTER = 3
    TRAILING = 4
    BOTTOM = 4
    LAST_BASELINE = 5


def _enum_value(value: Any, cls: type, what: str) -> int:
    """The raw value of an enum argument (an int the library rejects if out of range)."""
    return to_int32(value, f"{what} must be a tether.{cls.__name__}",
                    f"{what} {value} is not a {cls.__name__} value")


class StackView(View):
    """A view that lays out its arranged subviews in a row or a column (``UIStackView``).

    Args:
        arranged_subviews: views to arrange, in order.
        frame: ``(x, y, width, height)`` in the superview's coordinates (finite).
        engine: the owning :class:`tether.Engine`; ``None`` for the default engine.
        axis: :class:`tether.Axis` (``HORIZONTAL``, a row, by default).
        distribution: :class:`StackViewDistribution` (``FILL`` by default).
        alignment: :class:`StackViewAlignment` (``FILL`` by default).
        spacing: the gap between views (0 by default).
    """

    _kind_name = "StackView"

    def __init__(
        self,
        arranged_subviews: Iterable[View] = (),
        *,
        frame: RectLike = (0.0, 0.0, 0.0, 0.0),
        engine: Optional[Engine] = None,
        axis: Union[Axis, int] = Axis.HORIZONTAL,
        distribution: Union[StackViewDistribution, int] = StackViewDistribution.FILL,
        alignment: Union[StackViewAlignment, int] = StackViewAlignment.FILL,
        spacing: float = 0.0,
    ) -> None:
        """Makes a root stack view with ``frame`` and arranges ``arranged_subviews``."""
        engine = resolve_engine(engine)
        raw = c_rect(frame, "a frame")
        views = list(arranged_subviews)
        for view in views:
            if not isinstance(view, View):
                raise TypeError(f"expected a tether.View, not {type(view).__name__}")
            engine._own(view, "a view")
        with engine._lock:
            self._make(engine, _dll.tether_stack_view_new, raw)
            try:
                self.axis = axis
                self.distribution = distribution
                self.alignment = alignment
                self.spacing = spacing
            except BaseException:
                self.free()  # a bad argument makes nothing (nothing is arranged yet)
                raise
            for view in views:
                self.add_arranged_subview(view)

    # -- arranged subviews ------------------------------------------------------------------

    @property
    def arranged_subviews(self) -> List[View]:
        """The arranged subviews in order (a new list); a subset of :attr:`subviews`, whose order
        is independent."""
        with self._engine._lock:
            ids = self._engine._read_ids(_dll.tether_stack_view_arranged_subviews, self._id)
            return [self._engine._item_for(i) for i in ids]  # type: ignore[misc]

    def add_arranged_subview(self, view: View) -> None:
        """Arranges ``view`` last (an arranged view moves to the end). It becomes a subview if it
        is not one, and stops translating its autoresizing mask.

        Raises:
            InvalidStateError: ``view`` is this stack or one of its ancestors (a cycle).
        """
        with self._engine._lock:
            view_id = self._own_view(view)
            self._engine._call(_dll.tether_stack_view_add_arranged_subview, self._id, view_id)

    def insert_arranged_subview(self, view: View, index: int) -> None:
        """Arranges ``view`` at ``index`` (0 ... number of arranged views) of the arrangement; an
        arranged view is moved there (``len(arranged_subviews)`` moves it to the end).

        Raises:
            InvalidArgumentError: ``index`` is out of range.
        """
        position = to_index(index)
        with self._engine._lock:
            view_id = self._own_view(view)
            self._engine._call(_dll.tether_stack_view_insert_arranged_subview, self._id, view_id,
                               position)

    def remove_arranged_subview(self, view: View) -> None:
        """Stops arranging ``view``; it stays a subview. Nothing happens if it is not arranged."""
        with self._engine._lock:
            view_id = self._own_view(view)
            self._engine._call(_dll.tether_stack_view_remove_arranged_subview, self._id, view_id)

    # -- properties -------------------------------------------------------------------------

    @property
    def axis(self) -> Axis:
        """``Axis.HORIZONTAL`` (a row, the default) or ``Axis.VERTICAL`` (a column)."""
        return Axis(self._get(_dll.tether_stack_view_axis))

    @axis.setter
    def axis(self, value: Union[Axis, int]) -> None:
        self._engine._call(_dll.tether_stack_view_set_axis, self._id,
                           _enum_value(value, Axis, "axis"))

    @property
    def distribution(self) -> StackViewDistribution:
        """How the views share the stack's length (:class:`StackViewDistribution`)."""
        return StackViewDistribution(self._get(_dll.tether_stack_view_distribution))

    @distribution.setter
    def distribution(self, value: Union[StackViewDistribution, int]) -> None:
        self._engine._call(_dll.tether_stack_view_set_distribution, self._id,
                           _enum_value(value, StackViewDistribution, "distribution"))

    @property
    def alignment(self) -> StackViewAlignment:
        """How the views sit across the axis (:class:`StackViewAlignment`)."""
        return StackViewAlignment(self._get(_dll.tether_stack_view_alignment))

    @alignment.setter
    def alignment(self, value: Union[StackViewAlignment, int]) -> None:
        self._engine._call(_dll.tether_stack_view_set_alignment, self._id,
                           _enum_value(value, StackViewAlignment, "alignment"))

    @property
    def spacing(self) -> float:
        """The gap between views: exact for the fill distributions, a minimum for the spacing
        ones. Negative values overlap the views; :data:`SPACING_USE_SYSTEM` is the standard 8,
        :data:`SPACING_USE_DEFAULT` is 0. NaN and infinities raise InvalidArgumentError."""
        spacing: float = self._get(_dll.tether_stack_view_spacing, ctype=c_double)
        return spacing

    @spacing.setter
    def spacing(self, value: float) -> None:
        self._engine._call(_dll.tether_stack_view_set_spacing, self._id,
                           to_real(value, "spacing"))

    def set_custom_spacing(self, spacing: float, after: View) -> None:
        """Sets the gap after the arranged view ``after`` (UIKit's ``setCustomSpacing(_:after:)``);
        :data:`SPACING_USE_DEFAULT` removes it. It moves with the view when the arrangement is
        reordered and is dropped when the view leaves it; ignored for a view that is not
        arranged, as in UIKit."""
        value = to_real(spacing, "a custom spacing")
        with self._engine._lock:
            view_id = self._own_view(after)
            self._engine._call(_dll.tether_stack_view_set_custom_spacing, self._id, value, view_id)

    def custom_spacing(self, after: View) -> float:
        """The custom gap after ``after``, or :data:`SPACING_USE_DEFAULT` when none is set."""
        out = c_double()
        with self._engine._lock:
            view_id = self._own_view(after)
            self._engine._call(_dll.tether_stack_view_custom_spacing, self._id, view_id,
                               byref(out))
        return out.value

    @property
    def baseline_relative_arrangement(self) -> bool:
        """Vertical stacks: gaps measured from a view's last baseline to the next view's first
        baseline (default ``False``)."""
        return self._flag(_dll.tether_stack_view_baseline_relative_arrangement)

    @baseline_relative_arrangement.setter
    def baseline_relative_arrangement(self, value: bool) -> None:
        self._set_flag(_dll.tether_stack_view_set_baseline_relative_arrangement, value)

    @property
    def layout_margins_relative_arrangement(self) -> bool:
        """Whether the arrangement is pinned to the layout margins instead of the bounds
        (default ``False``)."""
        return self._flag(_dll.tether_stack_view_layout_margins_relative_arrangement)

    @layout_margins_relative_arrangement.setter
    def layout_margins_relative_arrangement(self, value: bool) -> None:
        self._set_flag(_dll.tether_stack_view_set_layout_margins_relative_arrangement, value)

    # -- inspection -------------------------------------------------------------------------

    def arrangement_constraints(self) -> List[Constraint]:
        """The constraints the stack generates (UIKit lists them in the stack's
        ``constraints``), after laying out the root if needed: read-only
        :class:`tether.Constraint` objects identified ``'UISV-...'``, valid until the next
        layout pass. Empty when nothing is arranged."""
        with self._engine._lock:
            ids = self._engine._read_ids(_dll.tether_stack_view_arrangement_constraints, self._id)
            return [self._engine._constraint_for(i) for i in ids]


register_wrapper("stack_view", StackView)
