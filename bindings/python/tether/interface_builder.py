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
    ib.save(ib.roots[0], "screen.json")  # a root as a Tether layout document

``load_interface_builder(source, device="retina6_12", landscape=True, size=(500, 700))`` lays the
document out for another device, orientation or freeform screen size than the one it names.

A document that cannot be imported raises :class:`tether.InterfaceBuilderError` with its
``.line`` and ``.column``; the engine is then left as it was.

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._named_items`,
:mod:`tether._validate`, :mod:`tether.document`, :mod:`tether.engine`, :mod:`tether.errors`,
:mod:`tether.geometry`, :mod:`tether.view`.
"""

from __future__ import annotations

import ctypes
import json
import math
import os
import re
from ctypes import byref, c_uint64
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union, cast

from . import _ffi
from ._buffers import call_for_string, call_with_buffers
from ._ffi import _dll
from ._named_items import items_named
from ._validate import to_real
from .document import PathArgument, save_document
from .engine import Engine, resolve_engine
from .errors import InterfaceBuilderError, InvalidArgumentError
from .geometry import Rect, Size
from .view import View

__all__ = [
    "InterfaceBuilderDocument",
    "InterfaceBuilderError",
    "ImportedRoot",
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
    #: The name the designer gave it in Xcode's outline (``userLabel``), or None.
    user_label: Optional[str] = None


class ImportedRoot(NamedTuple):
    """One root of the import and where it comes from."""

    view: View
    #: The root view's IB id.
    id: Optional[str]
    #: ``controllerView``, ``topLevelView`` (a xib's) or ``cell``.
    kind: str
    #: The storyboard scene and view controller it belongs to (None in xibs).
    scene: Optional[str]
    controller: Optional[str]


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


def _options(device: Optional[str], landscape: Optional[bool],
             size: Optional[Sequence[float]]) -> Optional[_ffi.CIbOptions]:
    """The C options for the keyword arguments (None when none is given)."""
    if device is None and landscape is None and size is None:
        return None
    if device is not None and not isinstance(device, str):
        raise TypeError(f"device must be a str (a device id such as 'retina6_12'), not {type(device).__name__}")
    if landscape is not None and not isinstance(landscape, bool):
        raise TypeError(f"landscape must be a bool or None, not {type(landscape).__name__}")
    width = height = 0.0
    if size is not None:
        if isinstance(size, (str, bytes)) or len(size) != 2:
            raise TypeError("size must be a (width, height) pair")
        width, height = to_real(size[0], "size width"), to_real(size[1], "size height")
        if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
            raise InvalidArgumentError(f"the screen size {width:g} x {height:g} is not finite and positive")
    orientation = (_ffi.IB_ORIENTATION_DOCUMENT if landscape is None
                   else _ffi.IB_ORIENTATION_LANDSCAPE if landscape else _ffi.IB_ORIENTATION_PORTRAIT)
    return _ffi.CIbOptions(ctypes.sizeof(_ffi.CIbOptions), orientation,
                           None if device is None else device.encode("utf-8"), width, height)


def _options_pointer(options: Optional[_ffi.CIbOptions]) -> Any:
    return None if options is None else byref(options)


def _describe(data: bytes, options: Optional[_ffi.CIbOptions] = None) -> Dict[str, Any]:
    """The library's description of the document (tether_ib_describe_with_options: JSON)."""
    pointer = _options_pointer(options)
    status, text = call_for_string(
        lambda buffer, capacity, needed: _dll.tether_ib_describe_with_options(
            data, len(data), pointer, buffer, capacity, needed),
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
        #: The device the roots are laid out for: the ``<device id=…>`` the document names, or
        #: the ``device`` given to :func:`load_interface_builder` (None when there is none, or
        #: for a freeform ``size`` without a device).
        self.device: Optional[str] = description["device"]
        self.landscape: bool = description["landscape"]
        #: The screen the roots are laid out for (the device's in that orientation, or the
        #: freeform ``size``); None without a device.
        self.screen: Optional[Size] = None if description["screen"] is None else Size(*description["screen"])
        #: Every root with its kind, scene and view controller, in document order.
        self.imported_roots: List[ImportedRoot] = [
            ImportedRoot(view, r["id"], r["kind"], r["scene"], r["controller"])
            for view, r in zip(roots, description["roots"])]
        #: Every view made, in document order (a view before its subviews).
        self.views: List[ImportedView] = [
            ImportedView(v["id"], v["class"], v["line"], _rect(v["savedFrame"]), v["misplaced"],
                         v["ambiguous"], v["placedByConstraints"], v["root"], v["userLabel"])
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

    def scene_ids(self) -> List[str]:
        """The storyboard's scene ids, in document order (none for a xib)."""
        ids: List[str] = []
        for root in self.imported_roots:
            if root.scene is not None and root.scene not in ids:
                ids.append(root.scene)
        return ids

    def roots_of(self, scene: str) -> List[View]:
        """The roots of one scene, named by its scene id, its view controller's id or a root
        view's IB id (the controller's view, then its prototype cells); empty when none matches."""
        return [r.view for r in self.imported_roots if scene in (r.scene, r.controller, r.id)]

    def save(self, root: Union[View, str], path: Optional[PathArgument] = None) -> str:
        """``root`` (a root view or its IB id) as a Tether layout document: the text
        :func:`tether.save_document` writes, also written to ``path`` when given. Lay the root out
        first to save its solved frames; the document keeps its safe-area insets, margins,
        intrinsic sizes and constraints, so :func:`tether.load_document` loads it back and lays
        it out to the same frames. IB ids that are not valid document names are saved with
        underscores for their dashes (``xwu-Hy-ntD`` as ``xwu_Hy_ntD``), reported as a
        diagnostic.

        Raises:
            KeyError: no view has that IB id.
        """
        view = self[root] if isinstance(root, str) else root
        return save_document(view, path)

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


def load_interface_builder(
    source: Source,
    engine: Optional[Engine] = None,
    *,
    device: Optional[str] = None,
    landscape: Optional[bool] = None,
    size: Optional[Union[Size, Tuple[float, float]]] = None,
) -> InterfaceBuilderDocument:
    """Imports an Interface Builder document into ``engine`` (default: the default engine).

    Args:
        source: the document: ``bytes``, a ``str`` holding the XML (it starts with ``<``), or a
            path (``str`` or ``os.PathLike``) to read.
        engine: the :class:`tether.Engine` to make the views in.
        device: a device id of the table (``"retina6_12"``, ``"ipad9_7"``;
            docs/interface-builder.md lists them) to lay the document out for instead of the one
            it names: its screen, safe-area insets and margins.
        landscape: True or False to lay it out in that orientation instead of the document's.
        size: a freeform screen ``(width, height)`` in points, as laid out, instead of the
            device's screen; without ``device`` it has no safe-area insets.

    Roots sized to the document's screen are resized to the new one: a view controller's view
    that spans it takes the new width and height, a xib's top-level view or a cell keeps its
    height and takes the new width when it spanned the old one. Nothing is laid out yet: call
    ``layout_if_needed()`` on each root.

    Raises:
        InterfaceBuilderError: the document cannot be imported (``.line``, ``.column``); the
            engine is left as it was.
        InvalidArgumentError: ``device`` is not in the table (the message lists the known ids),
            or ``size`` is not finite and positive.
        OSError: the path cannot be read.
        TypeError: ``source`` or an option is of another type.
    """
    options = _options(device, landscape, size)
    data = _read_source(source)
    # Described first: a document that cannot be imported fails here, before the engine changes.
    description = _describe(data, options)
    pointer = _options_pointer(options)
    engine = resolve_engine(engine)
    with engine._lock:
        status, roots, count = call_with_buffers(
            lambda out, capacity, needed: engine._invoke(_dll.tether_ib_import_with_options, data, len(data),
                                                         pointer, out, capacity, needed),
            lambda capacity: (c_uint64 * capacity)(), 4)
        if status == _ffi.E_PARSE:
            raise _import_error(status)
        if status != _ffi.OK:
            raise _ffi.error_for(status)
        # An import's roots are views (the library makes nothing else at the top).
        views = [cast(View, engine._item_for(i)) for i in roots[:count]]
    return InterfaceBuilderDocument(engine, views, description)
