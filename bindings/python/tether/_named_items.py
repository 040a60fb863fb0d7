"""Finding an item by name (its identifier) in the subtrees of some roots, as layout documents
and Interface Builder imports look their items up (``tether_document_item_named``).

May import: :mod:`tether._ffi`, :mod:`tether._validate`, :mod:`tether.engine`.
"""

from __future__ import annotations

from ctypes import byref, c_uint64
from typing import TYPE_CHECKING, Iterator, Sequence

from . import _ffi
from ._ffi import _dll
from ._validate import c_string

if TYPE_CHECKING:
    from .engine import Engine
    from .items import LayoutItem
    from .view import View

__all__ = ["items_named"]


def items_named(engine: "Engine", roots: Sequence["View"], name: str, what: str) -> Iterator["LayoutItem"]:
    """For each root in turn, the first item of its subtree (document order: a view, its guides,
    its subviews) whose identifier is ``name``; roots without one are skipped. ``what`` names the
    argument in the error for a name that is not text."""
    encoded = c_string(name, what)
    with engine._lock:
        for root in roots:
            out = c_uint64()
            status = engine._invoke(_dll.tether_document_item_named, root._id, encoded, byref(out))
            if status == _ffi.E_NOT_FOUND:
                continue
            if status != _ffi.OK:
                raise _ffi.error_for(status)
            item = engine._item_for(out.value)
            # OK gives a live item's id, never 0 (the only id without a wrapper).
            if item is not None:
                yield item
