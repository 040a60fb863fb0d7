"""Interface Builder documents (``.storyboard``, ``.xib``) as Tether hierarchies.

The importer lives in the library (docs/interface-builder.md says what it reads and which
run-time environment each root gets); this module hands it the document and wraps what it made::

    import tether
    ib = tether.load_interface_builder("Main.storyboard")
    for root in ib.roots:
        root.layout_if_needed()
    print(ib["xwu-Hy-ntD"].frame)        # views by IB id (every view's identifier)
    for report in ib.reports:            # what the import left out, by line
        print(report)

A document that cannot be imported raises :class:`tether.InterfaceBuilderError` with its
``.line`` and ``.column``; the engine is then left as it was.

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._named_items`,
:mod:`tether.engine`, :mod:`tether.errors`, :mod:`tether.geometry`,
:mod:`tether.view`.
"""

from __future__ import annotations

import json
import os
import re
from ctypes import c_uint64
from typing import Any, Dict, List, NamedTuple, Optional, Union, cast

from . import _ffi
from ._buffers import call_for_string, call_with_buffers
from ._ffi import _dll
from ._named_items import items_named
from .engine import Engine, resolve_engine
from .errors import InterfaceBuilderError
from .geometry import Rect
from .view import View

__all__ = [
    "InterfaceBuilderDocument",
    "InterfaceBuilderError",
    "ImportedView",
    "ImportReport",
    "load_interface_builder",
]

Source = Union[str, bytes, bytearray, "os.PathLike[Any]"]

_POSITION = re.compile(r"line ([0-9]+), column ([0-9]+): ")


class ImportedView(NamedTuple):
    """What the document says about one view the import made."""

    #: The IB id (the view's identifier); None for the few views saved without one.
    id: Optional[str]
    #: The element's name: ``view``, ``label``, ``stackView``, ...
    class_name: str
    line: int
    #: The frame Xcode saved, in the superview's coordinates (None when none is saved).
    saved_frame: Optional[Rect]
    misplaced: bool
    ambiguous: bool
    #: Whether constraints place it (not a root, not translating its autoresizing mask).
    placed_by_constraints: bool
    root: bool


class ImportReport(NamedTuple):
    """Something the import did not turn into layout, and where."""

    element: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: <{self.element}>: {self.message}"


def _import_error(status: int) -> InterfaceBuilderError:
    """An :class:`InterfaceBuilderError` from the library's ``line L, column C: <message>``."""
    raw = _dll.tether_last_error()
    message = raw.decode("utf-8", "replace") if raw else ""
    match = _POSITION.match(message)
    if match is None:
        return InterfaceBuilderError(message, status)
    return InterfaceBuilderError(message, status, line=int(match.group(1)), column=int(match.group(2)),
                                 reason=message[match.end():])


def _read_source(source: Source) -> bytes:
    """The document bytes: ``bytes`` as they are, a ``str`` that starts (after white space) with
    ``<``, or is blank, as text, anything else as a path to read."""
    if isinstance(source, (bytes, bytearray)):
        return bytes(source)
    if isinstance(source, str):
        stripped = source.lstrip()
        if not stripped or stripped[0] == "<":
            return source.encode("utf-8")
        with open(source, "rb") as file:
            return file.read()
    if isinstance(source, os.PathLike):
        with open(source, "rb") as file:
            return file.read()
    raise TypeError(f"a document must be str, bytes or a path, not {type(source).__name__}")


def _describe(data: bytes) -> Dict[str, Any]:
    """The library's description of the document (tether_ib_describe: JSON)."""
    status, text = call_for_string(
        lambda buffer, capacity, needed: _dll.tether_ib_describe(data, len(data), buffer, capacity, needed),
        4096)
    if status == _ffi.E_PARSE:
        raise _import_error(status)
    if status != _ffi.OK:
        raise _ffi.error_for(status)
    return cast(Dict[str, Any], json.loads(text))


def _rect(value: Optional[List[float]]) -> Optional[Rect]:
    return None if value is None else Rect(*value)


class InterfaceBuilderDocument:
    """What :func:`load_interface_builder` made: the roots, in document order, every view with
    what the document says about it, and the import's reports. ``ib["id"]`` is the view with
    that IB id (looked up in the roots' subtrees)."""

    def __init__(self, engine: Engine, roots: List[View], description: Dict[str, Any]) -> None:
        self.engine: Engine = engine
        #: The root views, in document order.
        self.roots: List[View] = roots
        #: The ``<device id=…>`` the document names (None when it names none).
        self.device: Optional[str] = description["device"]
        self.landscape: bool = description["landscape"]
        #: Every view made, in document order (a view before its subviews).
        self.views: List[ImportedView] = [
            ImportedView(v["id"], v["class"], v["line"], _rect(v["savedFrame"]), v["misplaced"],
                         v["ambiguous"], v["placedByConstraints"], v["root"])
            for v in description["views"]]
        #: What the import left out, by element and line.
        self.reports: List[ImportReport] = [
            ImportReport(r["element"], r["line"], r["column"], r["message"]) for r in description["reports"]]

    def get(self, ib_id: str) -> Optional[View]:
        """The view with IB id ``ib_id`` (its identifier), or None."""
        for item in items_named(self.engine, self.roots, ib_id, "an IB id"):
            # A guide can carry an IB id too (a safe area): only views are looked up here.
            if isinstance(item, View):
                return item
        return None

    def __getitem__(self, ib_id: str) -> View:
        view = self.get(ib_id)
        if view is None:
            raise KeyError(ib_id)
        return view

    def __contains__(self, ib_id: object) -> bool:
        return isinstance(ib_id, str) and self.get(ib_id) is not None

    def saved_frames(self) -> Dict[str, Rect]:
        """The frame Xcode saved for each view that has an id and a saved frame, by IB id."""
        return {v.id: v.saved_frame for v in self.views if v.id is not None and v.saved_frame is not None}

    def free(self) -> None:
        """Frees the roots with their subtrees, guides and every constraint that refers to them."""
        for root in self.roots:
            root.free()

    def __repr__(self) -> str:
        ids = ", ".join(repr(r.identifier) for r in self.roots)
        return f"<tether.InterfaceBuilderDocument roots=[{ids}]>"


def load_interface_builder(source: Source, engine: Optional[Engine] = None) -> InterfaceBuilderDocument:
    """Imports an Interface Builder document into ``engine`` (default: the default engine).

    Args:
        source: the document: ``bytes``, a ``str`` holding the XML (it starts with ``<``), or a
            path (``str`` or ``os.PathLike``) to read.
        engine: the :class:`tether.Engine` to make the views in.

    Nothing is laid out yet: call ``layout_if_needed()`` on each root.

    Raises:
        InterfaceBuilderError: the document cannot be imported (``.line``, ``.column``); the
            engine is left as it was.
        OSError: the path cannot be read.
        TypeError: ``source`` is of another type.
    """
    data = _read_source(source)
    # Described first: a document that cannot be imported fails here, before the engine changes.
    description = _describe(data)
    engine = resolve_engine(engine)
    with engine._lock:
        status, roots, count = call_with_buffers(
            lambda out, capacity, needed: engine._invoke(_dll.tether_ib_import, data, len(data),
                                                         out, capacity, needed),
            lambda capacity: (c_uint64 * capacity)(), 4)
        if status == _ffi.E_PARSE:
            raise _import_error(status)
        if status != _ffi.OK:
            raise _ffi.error_for(status)
        # An import's roots are views (the library makes nothing else at the top).
        views = [cast(View, engine._item_for(i)) for i in roots[:count]]
    return InterfaceBuilderDocument(engine, views, description)
