"""The lifetime shared by objects that own a library handle (``Engine``, ``Solver``), and the id
shared by the objects that live inside one (:class:`HandleItem`).

May import: :mod:`tether._ffi` only.
"""

from __future__ import annotations

from ctypes import c_void_p
from typing import Any, NoReturn, Optional

from ._ffi import _dll


def _refuse_copy(obj: Any, how: str) -> NoReturn:
    """Copying an object that owns or names a library object cannot copy that object: the copy
    would share it, and closing one would free the other's engine or solver. Refused instead."""
    raise TypeError(
        f"{type(obj).__name__} cannot be {how}: it refers to an object inside the Tether library, "
        "which a Python copy would share rather than copy (save and load a layout document to "
        "duplicate a layout)"
    )


class Uncopyable:
    """Refuses ``copy.copy``, ``copy.deepcopy`` and ``pickle`` with a ``TypeError`` (see
    :func:`_refuse_copy`)."""

    __slots__ = ()

    def __copy__(self) -> NoReturn:
        _refuse_copy(self, "copied")

    def __deepcopy__(self, memo: Any) -> NoReturn:
        _refuse_copy(self, "copied")

    def __reduce_ex__(self, protocol: Any) -> NoReturn:
        _refuse_copy(self, "pickled")


class OwnedHandle(Uncopyable):
    """Owns one library handle: ``close()`` frees it (subclasses define what else closing
    does), ``closed`` tells, ``with`` closes on exit, and garbage collection frees a handle
    that was never closed.

    Subclasses set ``_FREE_FUNCTION`` to the name of the C function that frees the handle.
    """

    _FREE_FUNCTION = ""
    #: The handle as a ``c_void_p``, ``None`` once closed. Passed to every call as it is: ctypes
    #: converts a Python int to ``c_void_p`` anew on each call, and for an address above 2**31
    #: that conversion cost about half of a frame read (issue 21).
    _handle: Optional[c_void_p] = None

    def close(self) -> None:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._handle is None

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None:
            self._handle = None
            try:
                getattr(_dll, self._FREE_FUNCTION)(handle)
            except Exception:  # pragma: no cover - interpreter shutdown
                pass


#: The bits of an id that descriptions show: all but the engine's tag (tether/engine.h, "Engine
#: ids").
_DISPLAYED_BITS = 2**52 - 1


class HandleItem(Uncopyable):
    """An object that lives inside a handle's library object: a variable or a constraint of a
    solver, a view, layout guide or layout constraint of an engine. Subclasses set ``_id``."""

    __slots__ = ()

    _id: int

    @property
    def _display_id(self) -> str:
        """The id as descriptions show it: hex of the id without the engine's tag (bits 52-63),
        as the library prints it (``0x100000004``)."""
        return hex(self._id & _DISPLAYED_BITS)

    @property
    def id(self) -> int:
        """The id in the owning solver or engine: a ``tether_variable`` or ``tether_constraint``
        of a solver; a ``tether_item`` (views and guides share one id space) or
        ``tether_layout_constraint`` of an engine."""
        return self._id
