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

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._name_tables`,
:mod:`tether._validate`, :mod:`tether.errors`, :mod:`tether.constraint`, :mod:`tether.items`.
"""

from __future__ import annotations

import enum
from ctypes import byref, c_size_t, c_uint64
from typing import List, Mapping, Optional, Union

from . import _ffi
from ._buffers import call_with_buffers
from ._ffi import _dll
from ._name_tables import name_tables
from ._validate import UINT32_RANGE, c_string, check_range, to_int
from .constraint import Constraint
from .errors import VisualFormatError
from .items import LayoutItem

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
    if not isinstance(fmt, str):
        raise TypeError(f"a visual format must be str, not {type(fmt).__name__}")
    option_bits = to_int(options, "options must be FormatOptions or int")
    check_range(option_bits, UINT32_RANGE, f"options {option_bits} do not fit in 32 bits")
    tables = name_tables(views, metrics)
    engine = tables.engine
    encoded = c_string(fmt, "a visual format")

    with engine._lock:
        position = c_size_t()
        status, out, count = call_with_buffers(
            lambda out, capacity, needed: engine._invoke(
                _dll.tether_layout_constraints_with_visual_format,
                encoded, option_bits,
                tables.metric_names, tables.metric_values, tables.metric_count,
                tables.view_names, tables.items, tables.item_count,
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
