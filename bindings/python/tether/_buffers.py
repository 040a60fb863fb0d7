"""The two-call pattern of the C ABI in one place.

A function that fills a caller's buffer takes ``(buffer…, capacity, size_t *needed)``: it sets
``*needed`` to the count it has and returns ``TETHER_E_BUFFER_TOO_SMALL`` (writing nothing) when
``capacity`` is smaller. :func:`call_with_buffers` makes buffers of a first guess, calls, and
calls once more with buffers of the size the library asked for.
"""

from __future__ import annotations

from ctypes import byref, c_size_t, create_string_buffer
from typing import Any, Callable, Tuple

from ._ffi import E_BUFFER_TOO_SMALL


def call_with_buffers(
    invoke: Callable[[Any, int, Any], int],
    make: Callable[[int], Any],
    capacity: int,
) -> Tuple[int, Any, int]:
    """``(status, buffers, needed)``: ``invoke(buffers, capacity, byref(needed))`` with
    ``buffers = make(capacity)``, again with the capacity the library reported if the first
    guess was too small. The caller checks the status (some read extra details on failure)."""
    while True:
        buffers = make(capacity)
        needed = c_size_t()
        status = invoke(buffers, capacity, byref(needed))
        if status == E_BUFFER_TOO_SMALL and needed.value > capacity:
            capacity = needed.value
            continue
        return status, buffers, needed.value


def call_for_string(invoke: Callable[[Any, int, Any], int], capacity: int = 64) -> Tuple[int, str]:
    """``(status, text)``: :func:`call_with_buffers` over a ``char`` buffer, decoded as UTF-8
    (undecodable bytes replaced)."""
    status, buffer, _ = call_with_buffers(invoke, create_string_buffer, capacity)
    return status, buffer.value.decode("utf-8", "replace")
