"""Geometry values of the view model: :class:`Point`, :class:`Size`, :class:`Rect`,
:class:`EdgeInsets`.

They are immutable :class:`typing.NamedTuple` values in UIKit's coordinates (y grows downward,
a frame's origin is its top-left corner), so they compare equal to plain tuples and unpack::

    x, y, width, height = view.frame
    assert view.frame == (0, 0, 320, 480)

Every property that takes one of them (``View.frame``, ``View.layout_margins``, ...) also
accepts a plain tuple or list of numbers of the right length. Frames are exact doubles: there is no
pixel rounding.

May import: :mod:`tether._ffi` (the C structures) and :mod:`tether._validate`.
"""

from typing import Any, NamedTuple, Sequence, Union

from . import _ffi
from ._validate import to_floats

__all__ = [
    "Point",
    "Size",
    "Rect",
    "EdgeInsets",
    "PointLike",
    "SizeLike",
    "RectLike",
    "InsetsLike",
    "NO_INTRINSIC_METRIC",
    "LAYOUT_FITTING_COMPRESSED_SIZE",
    "LAYOUT_FITTING_EXPANDED_SIZE",
]


class Point(NamedTuple):
    """A point (y grows downward)."""

    x: float
    y: float


class Size(NamedTuple):
    """A size. In intrinsic content sizes a component may be :data:`NO_INTRINSIC_METRIC`."""

    width: float
    height: float


class EdgeInsets(NamedTuple):
    """Insets in UIKit's order: ``top, left, bottom, right`` (positive values shrink a rect)."""

    top: float
    left: float
    bottom: float
    right: float


class Rect(NamedTuple):
    """A rectangle: ``x, y`` (top-left corner, y grows downward), ``width, height``."""

    x: float
    y: float
    width: float
    height: float

    @property
    def origin(self) -> Point:
        """The top-left corner."""
        return Point(self.x, self.y)

    @property
    def size(self) -> Size:
        """``(width, height)``."""
        return Size(self.width, self.height)

    @property
    def min_x(self) -> float:
        """The left edge."""
        return self.x

    @property
    def min_y(self) -> float:
        """The top edge."""
        return self.y

    @property
    def max_x(self) -> float:
        """The right edge."""
        return self.x + self.width

    @property
    def max_y(self) -> float:
        """The bottom edge."""
        return self.y + self.height

    @property
    def mid_x(self) -> float:
        """The horizontal center."""
        return self.x + self.width / 2

    @property
    def mid_y(self) -> float:
        """The vertical center."""
        return self.y + self.height / 2

    def inset_by(self, insets: "InsetsLike") -> "Rect":
        """The rectangle shrunk by ``insets`` (an :class:`EdgeInsets` or a 4-tuple)."""
        top, left, bottom, right = to_insets(insets)
        return Rect(self.x + left, self.y + top, self.width - left - right,
                    self.height - top - bottom)

    def offset_by(self, dx: float, dy: float) -> "Rect":
        """The rectangle moved by ``(dx, dy)``."""
        return Rect(self.x + dx, self.y + dy, self.width, self.height)


# What the properties and arguments that take a geometry value accept, for type checkers: the
# value, or any sequence of that many numbers (a tuple or a list; at run time, anything with a
# length but a string, checked to hold numbers of the right count).

#: A :class:`Point` or ``(x, y)``.
PointLike = Union[Point, Sequence[float]]
#: A :class:`Size` or ``(width, height)``.
SizeLike = Union[Size, Sequence[float]]
#: A :class:`Rect` or ``(x, y, width, height)``.
RectLike = Union[Rect, Sequence[float]]
#: An :class:`EdgeInsets` or ``(top, left, bottom, right)``.
InsetsLike = Union[EdgeInsets, Sequence[float]]


#: ``UIViewNoIntrinsicMetric``: no intrinsic size along an axis.
NO_INTRINSIC_METRIC: float = -1.0
#: ``UILayoutFittingCompressedSize``: ask :meth:`tether.View.system_layout_size_fitting` for the
#: smallest size the constraints allow.
LAYOUT_FITTING_COMPRESSED_SIZE: Size = Size(0.0, 0.0)
#: ``UILayoutFittingExpandedSize``: ask for the largest size the constraints allow (UIKit's value
#: is 10000 × 10000 as well).
LAYOUT_FITTING_EXPANDED_SIZE: Size = Size(10000.0, 10000.0)


# ------------------------------------------------------------------------------------------------
# Conversions (internal)
# ------------------------------------------------------------------------------------------------


def to_rect(value: Any, what: str = "a rect") -> Rect:
    """A :class:`Rect` from a Rect or any 4-sequence ``(x, y, width, height)``."""
    if isinstance(value, Rect):
        return value
    return Rect(*to_floats(value, 4, what))


def to_size(value: Any, what: str = "a size") -> Size:
    """A :class:`Size` from a Size or any 2-sequence ``(width, height)``."""
    if isinstance(value, Size):
        return value
    return Size(*to_floats(value, 2, what))


def to_insets(value: Any, what: str = "insets") -> EdgeInsets:
    """An :class:`EdgeInsets` from EdgeInsets or any 4-sequence ``(top, left, bottom, right)``."""
    if isinstance(value, EdgeInsets):
        return value
    return EdgeInsets(*to_floats(value, 4, what))


def c_rect(value: Any, what: str = "a rect") -> _ffi.CRect:
    """A ``tether_rect`` from anything :func:`to_rect` accepts."""
    return _ffi.CRect(*to_rect(value, what))


def c_size(value: Any, what: str = "a size") -> _ffi.CSize:
    """A ``tether_size`` from anything :func:`to_size` accepts."""
    return _ffi.CSize(*to_size(value, what))


def c_insets(value: Any, what: str = "insets") -> _ffi.CInsets:
    """A ``tether_insets`` from anything :func:`to_insets` accepts."""
    return _ffi.CInsets(*to_insets(value, what))


def from_c_rect(raw: _ffi.CRect) -> Rect:
    """A :class:`Rect` from a ``tether_rect``."""
    return Rect(raw.x, raw.y, raw.width, raw.height)


def from_c_size(raw: _ffi.CSize) -> Size:
    """A :class:`Size` from a ``tether_size``."""
    return Size(raw.width, raw.height)


def from_c_insets(raw: _ffi.CInsets) -> EdgeInsets:
    """An :class:`EdgeInsets` from a ``tether_insets``."""
    return EdgeInsets(raw.top, raw.left, raw.bottom, raw.right)
