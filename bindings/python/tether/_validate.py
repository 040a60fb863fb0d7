"""Argument checks, in one place: what a value must be before it crosses into ctypes.

ctypes converts silently (a float where an ``int`` is declared raises an unhelpful error, an int
outside the C type's range wraps around, a ``str`` with a NUL ends early), so every module
checks its arguments with these functions first and raises the binding's exceptions:

* ``TypeError`` for a value of the wrong type, with the text ``"<what> must be ..., not <type>"``;
* :class:`~tether.InvalidArgumentError` (``TETHER_E_INVALID_ARGUMENT``) for a value of the right
  type that no C argument can carry (out of range, a NUL in a string).

Ranges and finiteness that the library checks itself (a NaN priority, an enum value it does not
know) are left to it, so that its message is the one users see.

May import: :mod:`tether.errors` and the status codes of :mod:`tether._ffi` only.
"""

from __future__ import annotations

import math
import numbers
import struct
from array import array
from typing import Any, Dict, List, Optional, Sequence, Union

from ._ffi import E_INVALID_ARGUMENT
from .errors import InvalidArgumentError

#: The range of a C ``int32_t`` (enum arguments): a larger int would be wrapped by ctypes.
INT32_RANGE = (-(2**31), 2**31 - 1)
#: The range of a C ``uint32_t`` (bit masks, option sets).
UINT32_RANGE = (0, 0xFFFFFFFF)
#: The counts and indexes a C ``size_t`` argument may carry: the library refuses 2**63 and more
#: (base.h), and ctypes would wrap 2**64 and more around to small numbers.
SIZE_RANGE = (0, 2**63 - 1)

_PLAIN_NUMBERS = (float, int)


def type_name(value: Any) -> str:
    """The name of ``value``'s type, as the messages show it."""
    return type(value).__name__


def is_number(value: Any) -> bool:
    """Whether ``value`` is a real number (``int``, ``float``, any ``numbers.Real``; bools
    included, as Python counts them)."""
    # Plain floats and ints first: an ABC isinstance check costs about ten times more, and
    # expressions check every operand.
    return type(value) in _PLAIN_NUMBERS or isinstance(value, numbers.Real)


def is_real(value: Any) -> bool:
    """Whether ``value`` is a real number that is not a bool."""
    # Plain floats and ints first (an ABC check costs about ten times more; bool is not int).
    return type(value) in _PLAIN_NUMBERS or (isinstance(value, numbers.Real) and not isinstance(value, bool))


def to_float(value: Any, what: str) -> float:
    """``value`` as a float; ``TypeError`` ``"<what> must be a number, not <type>"`` unless
    :func:`is_number` (bools pass, as ``1.0``/``0.0``)."""
    if type(value) is float:
        return value
    if not is_number(value):
        raise TypeError(f"{what} must be a number, not {type_name(value)}")
    return float(value)


def to_real(value: Any, what: str) -> float:
    """:func:`to_float`, but a bool is a ``TypeError`` too (a number the user meant)."""
    if not is_real(value):
        raise TypeError(f"{what} must be a number, not {type_name(value)}")
    return float(value)


def to_int(value: Any, expected: str, *, allow_bool: bool = False) -> int:
    """``value`` as an int; ``TypeError`` ``"<expected>, not <type>"`` for anything that is not
    an integral number (or a bool, unless ``allow_bool``)."""
    if type(value) is int:
        return value
    if not isinstance(value, numbers.Integral) or (isinstance(value, bool) and not allow_bool):
        raise TypeError(f"{expected}, not {type_name(value)}")
    return int(value)


def check_finite_constant(value: float) -> None:
    """Raises the library's "constant must be finite" refusal for a NaN or infinite ``value``,
    with ``value`` as the caller wrote it (the library sees the constant after the right-hand
    side moved to the left, with its sign flipped)."""
    if value - value != 0.0:  # NaN or infinite
        raise InvalidArgumentError(f"constant must be finite, got {value!r}", E_INVALID_ARGUMENT)


def check_range(value: Any, bounds: Sequence[int], message: str) -> None:
    """:class:`~tether.InvalidArgumentError` with ``message`` unless ``low <= value <= high``."""
    low, high = bounds
    if not low <= value <= high:
        raise InvalidArgumentError(message, E_INVALID_ARGUMENT)


def to_int32(value: Any, expected: str, message: str) -> int:
    """An enum argument: :func:`to_int`, then ``message`` as an
    :class:`~tether.InvalidArgumentError` outside the C ``int32_t`` range (the library rejects
    the values it does not know inside it)."""
    number = to_int(value, expected)
    check_range(number, INT32_RANGE, message)
    return number


def _to_size(value: Any, what: str, expected: str) -> int:
    """An int (not a bool) for a ``size_t`` argument: not negative, and below 2**63 (ctypes
    would wrap ``2**64`` around to 0; the library refuses 2**63 and more). The messages are
    only built for a value that fails (indexes and counts cross on every insert and batch)."""
    number = to_int(value, expected)
    if number < 0:
        raise InvalidArgumentError(f"{what} {number} is negative", E_INVALID_ARGUMENT)
    if number > SIZE_RANGE[1]:
        raise InvalidArgumentError(f"{what} {number} is out of range (the largest is 2**63 - 1)",
                                   E_INVALID_ARGUMENT)
    return number


def to_index(value: Any) -> int:
    """A position in a list (a ``size_t`` argument)."""
    return _to_size(value, "index", "an index must be an int")


def to_count(value: Any) -> int:
    """A number of things to make (a ``size_t`` argument)."""
    return _to_size(value, "count", "a count must be an int")


def _float32(number: float) -> float:
    """``number`` rounded to a C ``float``."""
    rounded: float = struct.unpack("f", struct.pack("f", number))[0]
    return rounded


def layout_priority_value(single: float) -> float:
    """The shortest decimal that rounds to the C ``float`` ``single`` (how the library prints
    it: ``999.9`` for the float nearest 999.9)."""
    for digits in range(1, 10):
        candidate = float(f"{single:.{digits}g}")
        if _float32(candidate) == single:
            return candidate
    return single  # pragma: no cover - 9 significant digits always round-trip a float


#: Priorities already found to cross unchanged (plain ints and floats only: a bool is refused
#: above, though ``True == 1``), up to a bound, so that a program that makes many distinct
#: priorities does not grow the table without end.
_HELD_PRIORITIES: Dict[float, float] = {}
_HELD_PRIORITIES_LIMIT = 1024


def to_layout_priority(value: Any, what: str = "a priority") -> float:
    """A layout priority, which crosses as a C ``float``. A number the float keeps as the user
    wrote it (``999.9``: its float prints as 999.9) crosses, and the library checks the range
    with Apple's message; a number the float would change is refused here with the value as the
    user gave it: ``1000.0001`` would otherwise become 1000 (required), ``1e39`` infinity,
    ``1e-50`` zero, and the library's message would show those.

    Raises:
        TypeError: not a number (or a bool).
        InvalidArgumentError: a number the float cannot hold.
    """
    if type(value) in _PLAIN_NUMBERS:
        # A program uses a handful of priorities; each was checked once (the float rounding
        # and the shortest-decimal search cost about 4 us a constraint before).
        known = _HELD_PRIORITIES.get(value)
        if known is not None:
            return known
    number = to_real(value, what)
    if not math.isfinite(number):
        return number  # the library refuses it, naming it as given
    held = layout_priority_value(_float32(number))
    if held == number:
        if len(_HELD_PRIORITIES) < _HELD_PRIORITIES_LIMIT:
            _HELD_PRIORITIES[value] = number
        return number
    if not 0 < number <= 1000:
        raise InvalidArgumentError(
            f"It's illegal to set priority:{number!r}.  Priorities must be greater than 0 and less or "
            "equal to NSLayoutPriorityRequired, which is 1000.000000.", E_INVALID_ARGUMENT)
    raise InvalidArgumentError(
        f"{what} {number!r} cannot be held by a layout priority (a 32-bit float): it would become {held!r}",
        E_INVALID_ARGUMENT)


def to_utf8(text: Any) -> Optional[bytes]:
    """A ``str`` encoded as UTF-8, ``bytes``/``bytearray`` as bytes, ``None`` for anything else
    (the caller words the ``TypeError``)."""
    if isinstance(text, str):
        return text.encode("utf-8")
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    return None


def c_string(text: Union[str, bytes, None], what: str, *, allow_none: bool = True) -> bytes:
    """UTF-8 bytes for a C string argument (``None`` is ``""`` when ``allow_none``).

    Raises:
        TypeError: ``"<what> must be str, not <type>"``.
        InvalidArgumentError: ``"<what> cannot contain NUL"`` (a C string would silently end
            there).
    """
    if text is None and allow_none:
        return b""
    encoded = to_utf8(text)
    if encoded is None:
        raise TypeError(f"{what} must be str, not {type_name(text)}")
    if b"\0" in encoded:
        raise InvalidArgumentError(f"{what} cannot contain NUL", E_INVALID_ARGUMENT)
    return encoded


def to_floats(value: Any, count: int, what: str) -> List[float]:
    """``value`` as ``count`` floats (a tuple, list, or any sized sequence but a string);
    ``TypeError`` for anything else (NaN is left to the library)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
        raise TypeError(f"{what} must be a sequence of {count} numbers, not {type_name(value)}")
    if len(value) != count:
        raise TypeError(f"{what} must have {count} numbers, not {len(value)}")
    result = []
    for item in value:
        if type(item) is float:
            result.append(item)
            continue
        if type(item) is int:  # not a bool: type() is exact; skips the ABC check below
            result.append(float(item))
            continue
        if not isinstance(item, numbers.Real):
            raise TypeError(f"{what} must contain numbers, not {type_name(item)}")
        result.append(float(item))
    return result


def to_array(typecode: str, values: Any, what: str) -> "array[Any]":
    """``values`` as an ``array(typecode)`` (an array of that typecode as it is): a value the C
    type cannot hold is an :class:`~tether.InvalidArgumentError`, a value that is not a number
    a ``TypeError``."""
    if isinstance(values, array) and values.typecode == typecode:
        return values
    try:
        return array(typecode, values if isinstance(values, (list, tuple)) else list(values))
    except OverflowError:
        raise InvalidArgumentError(f"{what}: a value is out of range", E_INVALID_ARGUMENT) from None
    except TypeError as error:
        raise TypeError(f"{what} must be numbers: {error}") from None
