"""The completion callbacks of animation blocks (``on_complete`` of :func:`tether.animate`).

The library calls a block's completion once, later than the block: inside the
``tether_engine_advance()`` or ``tether_engine_set_animation_clock()`` that passes its end, inside
``tether_animation_commit()`` for a block that animated nothing, or inside ``tether_engine_free()``
for blocks it stops. Each callable waits in a registry, under an integer token that crosses as the
C context pointer, until it has been called; one C trampoline, alive as long as the module, serves
them all.

An exception raised by a callable must not cross into the library, nor be lost: the trampoline
hands it to the *collector* of the calling thread, which the Python call that entered the library
(:func:`call_collecting`: ``Engine.advance``, setting ``Engine.clock``, leaving an ``animate``
block, ``Engine.close``) set up; that call raises the first one after the library returned, every
due completion having run (the others are added to it as notes, on Pythons that have them). With
no collector (an engine freed by the garbage collector), the exception goes to
:func:`sys.unraisablehook`, as an exception in a ``__del__`` does.

May import: :mod:`tether._ffi` only.
"""

from __future__ import annotations

import itertools
import threading
from typing import Any, Callable, Dict, List, Optional, TypeVar

from . import _ffi

__all__ = ["TRAMPOLINE", "call_collecting", "register", "unregister"]

_T = TypeVar("_T")

#: token -> the callable, until the library calls it (or the block that would have was refused).
_registry: Dict[int, Callable[[bool], Any]] = {}
#: Guards the registry: completions run on the thread that advances an engine, which may not be
#: the thread that made the block.
_registry_lock = threading.Lock()
_tokens = itertools.count(1)
#: ``collector``: the list the current call_collecting of this thread gathers exceptions into.
_state = threading.local()


def register(function: Callable[[bool], Any]) -> int:
    """Keeps ``function`` until the library calls it; returns the token to pass as its context."""
    with _registry_lock:
        token = next(_tokens)
        _registry[token] = function
    return token


def unregister(token: int) -> None:
    """Drops a callable the library will never call (its block was refused)."""
    with _registry_lock:
        _registry.pop(token, None)


def _complete(context: Optional[int], finished: int) -> None:
    """The C completion: runs the callable of ``context`` once, and forgets it."""
    with _registry_lock:
        function = _registry.pop(context or 0, None)
    if function is None:
        return
    try:
        function(bool(finished))
    except BaseException as error:  # noqa: B902 - kept for the Python call that entered the library
        collector: Optional[List[BaseException]] = getattr(_state, "collector", None)
        if collector is None:
            raise  # ctypes reports it through sys.unraisablehook
        collector.append(error)


#: The ``tether_animation_completion_fn`` every block is given (the context is the token).
TRAMPOLINE = _ffi.ANIMATION_COMPLETION_FN(_complete)


def _note(error: BaseException, others: List[BaseException]) -> None:
    """Adds the exceptions ``error`` stands for to its notes (Python 3.11 and later)."""
    add_note = getattr(error, "add_note", None)
    if add_note is None:
        return
    for other in others:
        add_note(f"an on_complete callback also raised {type(other).__name__}: {other}")


def call_collecting(call: Callable[[], _T]) -> _T:
    """Runs ``call`` (which enters the library) and then raises the first exception an
    ``on_complete`` callback raised meanwhile, the later ones noted on it. When ``call`` itself
    raises, its exception propagates with the callbacks' noted on it."""
    outer = getattr(_state, "collector", None)
    errors: List[BaseException] = []
    _state.collector = errors
    try:
        result = call()
    except BaseException as error:
        _state.collector = outer
        _note(error, errors)
        raise
    _state.collector = outer
    if errors:
        first = errors[0]
        _note(first, errors[1:])
        raise first
    return result
