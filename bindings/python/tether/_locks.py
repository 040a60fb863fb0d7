"""The lock each engine and solver holds while a call is in the library, which refuses to deadlock.

An engine's lock is held across a layout pass, and the pass calls the program's callbacks
(measure, layout hooks, diagnostics). A callback may call another engine, which takes that
engine's lock. Two threads whose callbacks each call the other's engine would then wait for each
other forever. :class:`CallLock` keeps, for every lock, the thread holding it, and for every
thread, the lock it waits for; a thread about to wait for a lock whose holder waits (directly or
through others) for a lock this thread holds would close a cycle, so it raises
:class:`~tether.InvalidStateError` instead of waiting. The callback that made the call sees the
exception, and its pass fails with :class:`~tether.CallbackFailedError`; the other thread goes on.

May import: :mod:`tether._ffi` and :mod:`tether.errors` only.
"""

from __future__ import annotations

import threading
from typing import Any, Dict, Optional

from ._ffi import E_INVALID_STATE
from .errors import InvalidStateError

#: Guards the table below (held only for a few dictionary operations, never while waiting).
_graph = threading.Lock()
#: The CallLock each waiting thread waits for (each lock knows the thread holding it).
_waiting_for: Dict[int, "CallLock"] = {}

_get_ident = threading.get_ident

#: How long a waiting thread sleeps before it looks for a cycle again (a cycle can close after it
#: started waiting, when the other thread starts waiting for it).
_RECHECK_SECONDS = 0.05


class CallLock:
    """A reentrant lock that raises :class:`~tether.InvalidStateError` rather than deadlock.

    Used as ``with lock:``. ``what`` names the owner in the message (``"engine 0x55…"``).
    """

    __slots__ = ("_lock", "_owner", "_depth", "what")

    def __init__(self, what: str) -> None:
        self._lock = threading.Lock()
        self._owner: Optional[int] = None
        self._depth = 0
        self.what = what

    def __enter__(self) -> "CallLock":
        # The common case, a lock nobody holds, costs one acquire: the wait-for table is only
        # written by a thread that has to wait.
        if self._lock.acquire(False):
            self._owner = _get_ident()
            self._depth = 1
            return self
        me = _get_ident()
        if self._owner == me:
            self._depth += 1
            return self
        self._wait(me)
        self._owner = me
        self._depth = 1
        return self

    def __exit__(self, *exc_info: Any) -> None:
        if self._depth == 1:
            self._depth = 0
            self._owner = None
            self._lock.release()
        else:
            self._depth -= 1

    def _wait(self, me: int) -> None:
        """Waits for the lock, raising instead when waiting would close a cycle."""
        try:
            while True:
                with _graph:
                    self._refuse_cycle(me)
                    _waiting_for[me] = self
                if self._lock.acquire(timeout=_RECHECK_SECONDS):
                    return
        finally:
            with _graph:
                _waiting_for.pop(me, None)

    def _refuse_cycle(self, me: int) -> None:
        """Raises when the thread holding this lock waits, through others, for a lock ``me``
        holds (called with ``_graph`` held)."""
        lock: Optional[CallLock] = self
        seen = 0
        while lock is not None and seen <= len(_waiting_for):
            holder = lock._owner
            if holder is None:
                return
            if holder == me:
                raise InvalidStateError(
                    f"calling {self.what} here would deadlock: another thread holds it and waits "
                    f"for an engine or solver this thread holds (a callback of one calling the "
                    f"other while the other's callback calls the first)", E_INVALID_STATE)
            lock = _waiting_for.get(holder)
            seen += 1
