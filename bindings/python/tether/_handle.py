"""The lifetime shared by objects that own a library handle (``Engine``, ``Solver``)."""

from __future__ import annotations

from typing import Any, Optional

from ._ffi import _dll


class OwnedHandle:
    """Owns one library handle: ``close()`` frees it (subclasses define what else closing
    does), ``closed`` tells, ``with`` closes on exit, and garbage collection frees a handle
    that was never closed.

    Subclasses set ``_FREE_FUNCTION`` to the name of the C function that frees the handle.
    """

    _FREE_FUNCTION = ""
    _handle: Optional[int] = None

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
