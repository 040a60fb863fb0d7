"""Constraints written as equations::

    import tether
    views = {"root": root, "title": title, "email": email}
    tether.activate(tether.constraints_with_equations('''
        title.top == root.safeAreaLayoutGuide.top + 20
        email.top == title.bottom + 8; email.width == 0.5 * root.width @ 750
        email.height >= h
    ''', views=views, metrics={"h": 44}))

One equation per line or several separated by ``;``: ``item.attribute RELATION side [@ priority]``
where an anchor is ``name.attribute`` (or ``name.layoutMarginsGuide.attribute``,
``name.safeAreaLayoutGuide.attribute``), RELATION is ``==``, ``<=`` or ``>=``, the side is
``multiplier * anchor + constant`` in any arrangement (``b.width / 2 - 4``, ``8 + 2 * b.width``)
or a constant, and the priority a number, a metric or a UIKit name (``required``, ``defaultHigh``,
``defaultLow``, ``fittingSizeLevel``...), optionally ``+ n``. Layout documents accept the same
text as a constraint. The grammar in full: ``tether/equations.h``.

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._name_tables`,
:mod:`tether._validate`, :mod:`tether.constraint`, :mod:`tether.errors`, :mod:`tether.items`.
"""

from __future__ import annotations

from ctypes import byref, c_size_t, c_uint64
from typing import TYPE_CHECKING, List, Mapping, Optional

from . import _ffi
from ._buffers import call_with_buffers
from ._ffi import _dll
from ._name_tables import name_tables
from ._validate import c_string
from .errors import EquationError

if TYPE_CHECKING:
    from .constraint import Constraint
    from .items import LayoutItem

__all__ = ["constraints_with_equations"]


def constraints_with_equations(
    text: str,
    views: Mapping[str, "LayoutItem"],
    metrics: Optional[Mapping[str, float]] = None,
) -> List["Constraint"]:
    """The constraints equation text describes (e.g. ``"email.top == title.bottom + 8"``), inactive,
    in the order the text gives them.

    Args:
        text: one equation per line, or several separated by ``;`` (blank entries are skipped).
        views: name -> :class:`tether.View` or :class:`tether.LayoutGuide`, all of one engine.
        metrics: name -> number (finite) usable as a constant, a multiplier or a priority.

    Returns:
        a new list of inactive :class:`tether.Constraint` (activate them with
        :func:`tether.activate`).

    Raises:
        EquationError: text that cannot be parsed, a name not in ``views`` or ``metrics``, or an
            equation Auto Layout rejects (``a.top == 8``, ``a.top == b.width``); nothing is made.
            The column is in ``.position``, the text in ``.text``.
        InvalidArgumentError: a non-finite metric.
        InvalidIdError: views of different engines, or a freed view.
        TypeError: text that is not a ``str``, a name that is not a ``str``, an item that is not a
            view or guide, a metric that is not a number.
    """
    if not isinstance(text, str):
        raise TypeError(f"equation text must be str, not {type(text).__name__}")
    tables = name_tables(views, metrics)
    encoded = c_string(text, "equation text")
    engine = tables.engine
    with engine._lock:
        position = c_size_t()
        status, out, count = call_with_buffers(
            lambda out, capacity, needed: engine._invoke(
                _dll.tether_layout_constraints_with_equations,
                encoded,
                tables.metric_names, tables.metric_values, tables.metric_count,
                tables.view_names, tables.items, tables.item_count,
                out, capacity, needed, byref(position),
            ),
            lambda capacity: (c_uint64 * capacity)(), 16)
        if status == _ffi.E_PARSE:
            raw = _dll.tether_last_error()
            message = raw.decode("utf-8", "replace") if raw else _ffi.status_name(status)
            raise EquationError(message, status, position=position.value, text=text)
        if status != _ffi.OK:
            raise _ffi.error_for(status)
        return [engine._constraint_for(i) for i in out[:count]]
