"""Buffers across the C ABI in one place: the two-call pattern, and arrays passed in place.

A function that fills a caller's buffer takes ``(buffer…, capacity, size_t *needed)``: it sets
``*needed`` to the count it has and returns ``TETHER_E_BUFFER_TOO_SMALL`` (writing nothing) when
``capacity`` is smaller. :func:`call_with_buffers` makes buffers of a first guess, calls, and
calls once more with buffers of the size the library asked for.

Arrays of numbers go to the library without a copy: :func:`pointer` passes an ``array.array``'s
buffer, and :data:`U32`/:data:`I32` are the array typecodes of the C ``uint32_t``/``int32_t``.

May import: :mod:`tether._ffi` only.
"""

from __future__ import annotations

from array import array
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


# array typecodes of the C types (array's own sizes are the platform's C sizes).
U32 = next(code for code in ("I", "L") if array(code).itemsize == 4)
I32 = next(code for code in ("i", "l") if array(code).itemsize == 4)


def pointer(ctype: Any, values: "array[Any]") -> Any:
    """A pointer argument to the elements of the array ``values``, without copying (``None``
    when empty): ``byref`` of a ``ctype`` over the array's first element. That object holds the
    array's buffer until the call returns, so the array cannot be resized meanwhile (ctypes
    releases the GIL during the call).

    Not ``(ctype * n).from_buffer``: making an array type of a new length costs tens of
    microseconds, more than reading thousands of values."""
    if len(values) == 0:
        return None
    return byref(ctype.from_buffer(values))
