"""Layout documents: hierarchies of views, layout guides and constraints as JSON.

A document (``{"tether": 1, "views": [...]}``, described with an example in
``docs/layout-documents.md``) is loaded into an engine with :func:`load_document` and written from
a live hierarchy with :func:`save_document`::

    import tether

    doc = tether.load_document("examples/documents/screen.json")
    doc.root.layout_if_needed()
    print(doc["header"].frame)                      # items by name (their identifiers)
    doc.root.frame = (0, 0, 480, 320)
    text = tether.save_document(doc.root)           # the hierarchy as a document again

A document that is not valid raises :class:`tether.DocumentError` with the JSON path of the
culprit in ``.path``; the engine is then left as it was.

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._named_items`,
:mod:`tether._validate`, :mod:`tether.engine`, :mod:`tether.errors`, :mod:`tether.view`.
"""

from __future__ import annotations

import os
import re
from ctypes import c_uint64
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    Iterator,
    List,
    Optional,
    TypeVar,
    Union,
    cast,
    overload,
)

from . import _ffi
from ._buffers import call_with_buffers
from ._ffi import _dll
from ._named_items import items_named
from ._validate import c_string
from .engine import Engine, resolve_engine
from .errors import DocumentError
from .view import LayoutGuide, View

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from .constraint import Constraint

__all__ = ["Document", "load_document", "save_document", "DocumentError"]

PathArgument = Union[str, "os.PathLike[Any]"]
Source = Union[str, bytes, bytearray, "os.PathLike[Any]"]
#: What a document names: a view or a layout guide.
NamedItem = Union[View, LayoutGuide]
_Default = TypeVar("_Default")

# "$", then ".key", "[index]" or ["key"] (a JSON string) any number of times: the library's paths.
_PATH = re.compile(r'\$(?:\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]+\]|\["(?:[^"\\]|\\.)*"\])*')
_POSITION = re.compile(r"line ([0-9]+), column ([0-9]+): ")


def _document_error(message: str, status: int) -> DocumentError:
    """A :class:`DocumentError` from the library's ``<path>: <message>``."""
    match = _PATH.match(message)
    if match is None or not message.startswith(": ", match.end()):
        return DocumentError(message, status, reason=message)
    path, reason = match.group(0), message[match.end() + 2:]
    position = _POSITION.match(reason)
    line = int(position.group(1)) if position else None
    column = int(position.group(2)) if position else None
    return DocumentError(message, status, path=path, reason=reason, line=line, column=column)


def _read_source(source: Source) -> bytes:
    """The document bytes: ``bytes`` as they are, a ``str`` that starts (after white space) with
    ``{`` or ``[``, or is blank, as text, anything else as a path to read."""
    if isinstance(source, (bytes, bytearray)):
        return bytes(source)
    if isinstance(source, str):
        stripped = source.lstrip()
        if not stripped or stripped[0] in "{[":
            return source.encode("utf-8")
        with open(source, "rb") as file:
            return file.read()
    if isinstance(source, os.PathLike):
        with open(source, "rb") as file:
            return file.read()
    raise TypeError(f"a document must be str, bytes or a path, not {type(source).__name__}")


class Document:
    """What :func:`load_document` made: the roots, in document order, and the named items.

    ``doc["name"]`` is the view or layout guide the document named so (its identifier), looked up
    in the roots' subtrees; :meth:`constraints` finds constraints by identifier (e.g. inactive
    alternatives to activate).
    """

    def __init__(self, engine: Engine, roots: List[View]) -> None:
        self.engine: Engine = engine
        #: The root views, in document order.
        self.roots: List[View] = roots

    @property
    def root(self) -> View:
        """The first root view (documents usually have one)."""
        if not self.roots:
            raise LookupError("the document has no root view")
        return self.roots[0]

    @overload
    def get(self, name: str) -> Optional[NamedItem]: ...

    @overload
    def get(self, name: str, default: _Default) -> Union[NamedItem, _Default]: ...

    def get(self, name: str, default: Any = None) -> Any:
        """The view or guide named ``name``, or ``default``."""
        for item in items_named(self.engine, self.roots, name, "a name"):
            return item
        return default

    def __getitem__(self, name: str) -> NamedItem:
        item = self.get(name)
        if item is None:
            raise KeyError(name)
        return item

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def names(self) -> Dict[str, NamedItem]:
        """Every named view and guide of the roots' subtrees, by name (document order)."""
        found: Dict[str, NamedItem] = {}
        for item in self._items():
            name = item.identifier
            if name and name not in found:
                found[name] = item
        return found

    def _items(self) -> Iterator[NamedItem]:
        """Every view and layout guide of the roots' subtrees, in document order (a view, then
        its guides, then its subviews' subtrees); also used by the command line (cli.py)."""
        stack: List[View] = list(reversed(self.roots))
        while stack:
            view = stack.pop()
            yield view
            yield from view.layout_guides
            stack.extend(reversed(view.subviews))

    def constraints(self, identifier: str) -> List["Constraint"]:
        """The layout constraints (active or not) whose identifier is ``identifier`` and whose
        items are in the roots' subtrees."""
        encoded = c_string(identifier, "an identifier")
        engine = self.engine
        found: List["Constraint"] = []
        for root in self.roots:
            ids = engine._read_ids(_dll.tether_document_constraints_with_identifier, root._id, encoded)
            found.extend(engine._constraint_for(i) for i in ids)
        return found

    def free(self) -> None:
        """Frees the roots with their subtrees, guides and every constraint that refers to them."""
        for root in self.roots:
            root.free()

    def __repr__(self) -> str:
        names = ", ".join(repr(r.identifier) for r in self.roots)
        return f"<tether.Document roots=[{names}]>"


def load_document(source: Source, engine: Optional[Engine] = None) -> Document:
    """Loads a layout document into ``engine`` (the default engine when ``None``).

    Makes the document's views (with their properties, subviews and layout guides) and
    constraints, and activates the active constraints in one batch; nothing is laid out yet (call
    ``layout_if_needed()`` on a root).

    Args:
        source: the document as text (a ``str`` starting with ``{``) or UTF-8 ``bytes``, or the
            path of a file holding it (any other ``str``, or a path object).
        engine: the engine to load into.

    Raises:
        DocumentError: the document is not valid; ``.path`` is the JSON path of the culprit and
            the engine is unchanged.
        OSError: the file cannot be read.
        TypeError: ``source`` is neither text, bytes nor a path.
    """
    data = _read_source(source)
    engine = resolve_engine(engine)
    with engine._lock:
        status, roots, count = call_with_buffers(
            lambda out, capacity, needed: engine._invoke(_dll.tether_document_load, data, len(data),
                                                         out, capacity, needed),
            lambda capacity: (c_uint64 * capacity)(), 4)
        if status == _ffi.E_PARSE:
            raw = _dll.tether_last_error()
            raise _document_error(raw.decode("utf-8", "replace") if raw else "", status)
        if status != _ffi.OK:
            raise _ffi.error_for(status)
        # A document's roots are views (the library makes nothing else at the top).
        return Document(engine, [cast(View, engine._item_for(i)) for i in roots[:count]])


def save_document(root: View, path: Optional[PathArgument] = None) -> str:
    """The layout document of ``root``'s subtree (pretty JSON ending with a newline).

    Views are written with their current frames (lay the root out first for solved frames) and
    the properties that differ from a new view's; the user's active constraints as equations
    (generated and inactive ones are left out). A view with a ``measure`` callable is written with
    what it measured in the last layout pass (measured now if never laid out) as its intrinsic
    size and baselines: the callable itself cannot be saved, and the loaded document lays out as
    this hierarchy did at its size. Items keep their identifiers as names where those are valid,
    unique names; others are named in the text only (``view1``, ``Side_Bar``), and an identifier
    that had to change is reported as a diagnostic (the ``"tether"`` logger's warning, or the
    engine's diagnostic handler). A view that is not a root is written as the document's root.
    Nothing in the hierarchy changes.

    Args:
        root: the :class:`tether.View` whose subtree to write.
        path: when given, the document is also written to this file (UTF-8).

    Raises:
        InvalidStateError: views are nested deeper than a document holds (253 levels).
        TypeError: ``root`` is not a :class:`tether.View`.
        Exception: whatever a ``measure`` callable raised while measuring for the save.
    """
    if not isinstance(root, View):
        raise TypeError(f"the root must be a tether.View, not {type(root).__name__}")
    text = root._engine._read_string(_dll.tether_document_save, root._id)
    if path is not None:
        with open(path, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
    return text
