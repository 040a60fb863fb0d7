"""The Visual Format Language (Apple's ``constraintsWithVisualFormat:options:metrics:views:``).

::

    import tether

    root = tether.View(frame=(0, 0, 400, 800))
    header, content = tether.View(), tether.View()
    for v in (header, content):
        root.add_subview(v)
        v.translates_autoresizing_mask_into_constraints = False
    views = {"header": header, "content": content}
    tether.activate(tether.constraints_with_visual_format("H:|[header]|", views=views))
    tether.activate(tether.constraints_with_visual_format(
        "V:|[header(h)]-[content]|", views=views, metrics={"h": 64}))

The constraints come back inactive, in Apple's order. A format that cannot be parsed raises
:class:`tether.VisualFormatError` with Apple's message and the failing column in ``.position``.
"""

from __future__ import annotations

import enum
import math
import numbers
from ctypes import POINTER, byref, c_char_p, c_double, c_size_t, c_uint64
from typing import TYPE_CHECKING, Any, List, Mapping, Optional, Union

from . import _ffi
from ._buffers import call_with_buffers
from ._ffi import _dll
from .engine import _encode, resolve_engine
from .errors import InvalidArgumentError, InvalidIdError, VisualFormatError

if TYPE_CHECKING:  # pragma: no cover
    from .constraint import Constraint
    from .view import LayoutItem

__all__ = ["FormatOptions", "constraints_with_visual_format"]


class FormatOptions(enum.IntFlag):
    """``NSLayoutFormatOptions`` (``TETHER_FORMAT_*``), Apple's bit values."""

    ALIGN_ALL_LEFT = 1 << 1
    ALIGN_ALL_RIGHT = 1 << 2
    ALIGN_ALL_TOP = 1 << 3
    ALIGN_ALL_BOTTOM = 1 << 4
    ALIGN_ALL_LEADING = 1 << 5
    ALIGN_ALL_TRAILING = 1 << 6
    ALIGN_ALL_CENTER_X = 1 << 9
    ALIGN_ALL_CENTER_Y = 1 << 10
    ALIGN_ALL_LAST_BASELINE = 1 << 11
    #: Alias of ALIGN_ALL_LAST_BASELINE.
    ALIGN_ALL_BASELINE = 1 << 11
    ALIGN_ALL_FIRST_BASELINE = 1 << 12
    ALIGNMENT_MASK = 0xFFFF
    DIRECTION_LEADING_TO_TRAILING = 0
    DIRECTION_LEFT_TO_RIGHT = 1 << 16
    DIRECTION_RIGHT_TO_LEFT = 2 << 16
    DIRECTION_MASK = 0x3 << 16
    SPACING_EDGE_TO_EDGE = 0
    SPACING_BASELINE_TO_BASELINE = 1 << 19
    SPACING_MASK = 0x1 << 19


def constraints_with_visual_format(
    fmt: str,
    views: Mapping[str, "LayoutItem"],
    metrics: Optional[Mapping[str, float]] = None,
    options: Union[FormatOptions, int] = 0,
) -> List["Constraint"]:
    """The constraints a visual format describes (e.g. ``"H:|-[a]-[b(==a)]-|"``), inactive.

    Args:
        fmt: the format (``H:`` or ``V:`` optional; horizontal by default).
        views: name -> :class:`tether.View` or :class:`tether.LayoutGuide`, all of one engine.
        metrics: name -> number (finite) usable in place of numbers.
        options: :class:`FormatOptions` bits (alignment of all views, direction, spacing).

    Returns:
        a new list of inactive :class:`tether.Constraint` (activate them with
        :func:`tether.activate`).

    Raises:
        VisualFormatError: the format (or the options) cannot be parsed; Apple's message, the
            column in ``.position``, the format in ``.format``.
        InvalidArgumentError: a non-finite metric.
        InvalidIdError: views of different engines, or a freed view.
        TypeError: a name that is not a ``str``, an item that is not a view or guide, a metric
            that is not a number.
    """
    from .view import LayoutItem

    if not isinstance(fmt, str):
        raise TypeError(f"a visual format must be str, not {type(fmt).__name__}")
    if not isinstance(views, Mapping):
        raise TypeError(f"views must be a mapping of names to views, not {type(views).__name__}")
    metrics = {} if metrics is None else metrics
    if not isinstance(metrics, Mapping):
        raise TypeError(f"metrics must be a mapping of names to numbers, not {type(metrics).__name__}")
    if not isinstance(options, numbers.Integral) or isinstance(options, bool):
        raise TypeError(f"options must be FormatOptions or int, not {type(options).__name__}")
    if not 0 <= int(options) <= 0xFFFFFFFF:
        raise InvalidArgumentError(f"options {int(options)} do not fit in 32 bits",
                                   _ffi.E_INVALID_ARGUMENT)

    engine = None
    for name, item in views.items():
        if not isinstance(name, str):
            raise TypeError(f"view names must be str, not {type(name).__name__}")
        if not isinstance(item, LayoutItem):
            raise TypeError(f"views[{name!r}] must be a tether.View or tether.LayoutGuide, "
                            f"not {type(item).__name__}")
        if engine is None:
            engine = item._engine
        elif item._engine is not engine:
            raise InvalidIdError(f"views[{name!r}] belongs to another engine than the other views",
                                 _ffi.E_INVALID_ID)
    engine = resolve_engine(engine)

    view_names = [_encode(name, "a view name") for name in views]
    items = [engine._own(item, f"views[{name!r}]") for name, item in views.items()]
    metric_names = []
    metric_values = []
    for name, value in metrics.items():
        if not isinstance(name, str):
            raise TypeError(f"metric names must be str, not {type(name).__name__}")
        if not isinstance(value, numbers.Real) or isinstance(value, bool):
            raise TypeError(f"metrics[{name!r}] must be a number, not {type(value).__name__}")
        metric_names.append(_encode(name, "a metric name"))
        metric_values.append(float(value))
    encoded = _encode(fmt, "a visual format")

    c_view_names = (c_char_p * max(len(view_names), 1))(*view_names)
    c_items = (c_uint64 * max(len(items), 1))(*items)
    c_metric_names = (c_char_p * max(len(metric_names), 1))(*metric_names)
    c_metric_values = (c_double * max(len(metric_values), 1))(*metric_values)

    with engine._lock:
        position = c_size_t()
        status, out, count = call_with_buffers(
            lambda out, capacity, needed: engine._invoke(
                _dll.tether_layout_constraints_with_visual_format,
                encoded, int(options),
                c_metric_names, c_metric_values, len(metric_values),
                c_view_names, c_items, len(items),
                out, capacity, needed, byref(position),
            ),
            lambda capacity: (c_uint64 * capacity)(), 16)
        if status == _ffi.E_PARSE:
            error = _ffi.error_for(status)
            assert isinstance(error, VisualFormatError)
            error.position = position.value
            error.format = fmt
            raise error
        if status != _ffi.OK:
            raise _ffi.error_for(status)
        return [engine._constraint_for(i) for i in out[:count]]
