"""Loader and ctypes declarations for ``libtether.so`` (the C ABI in ``Include/tether.h``).

Search order for the library (the first hit wins):

1. the environment variable ``TETHER_LIBRARY``: a path to ``libtether.so`` (an error if it does
   not exist, so that a typo is not silently replaced by another build);
2. the package directory: ``tether/libtether.so`` (a regular install, see ``make python``);
3. the repository build tree: walk up from the package directory to the folder holding
   ``Package.swift`` and use ``.build/release/libtether.so`` or ``.build/debug/libtether.so``;
   when both exist, the newer one (by modification time).

After loading, ``tether_abi_version()`` must equal :data:`ABI_VERSION`, otherwise importing
:mod:`tether` raises :class:`ImportError`.

Every function of the header gets ``argtypes`` and ``restype`` here: without them ctypes
truncates 64-bit results and passes Python ints as C ``int``. Handles are ``c_void_p``, ids
``c_uint64``, statuses ``c_int32``, sizes ``c_size_t``.

The CDLL object is called ``_dll`` (not ``_lib``, which would shadow a submodule of that name).

ctypes releases the GIL during every call; the library requires one object to be used from one
thread at a time, so :class:`tether.Solver` serialises its calls with a lock.
"""

from __future__ import annotations

import ctypes
import os
from ctypes import (
    POINTER,
    Structure,
    c_char_p,
    c_double,
    c_int32,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import Dict, List, Optional, Type

from . import errors

__all__ = [
    "ABI_VERSION",
    "CConstraintInfo",
    "CSolverStats",
    "check",
    "error_for",
    "library_path",
    "status_name",
    "version_string",
]

#: The ABI version this binding was written against (TETHER_ABI_VERSION in tether.h).
ABI_VERSION = 1

# Status codes (tether.h).
OK = 0
E_NULL_ARGUMENT = 1
E_INVALID_HANDLE = 2
E_INVALID_ID = 3
E_INVALID_ARGUMENT = 4
E_BUFFER_TOO_SMALL = 5
E_UNSATISFIABLE = 6
E_DUPLICATE = 7
E_NOT_FOUND = 8
E_INVALID_UTF8 = 9
E_IN_USE = 10
E_INVALID_STATE = 11
E_INTERNAL = 12

# Relations (tether.h; Apple's NSLayoutRelation raw values).
RELATION_LESS_THAN_OR_EQUAL = -1
RELATION_EQUAL = 0
RELATION_GREATER_THAN_OR_EQUAL = 1

#: The required priority (TETHER_PRIORITY_REQUIRED).
PRIORITY_REQUIRED = 1000.0

_LIBRARY_NAME = "libtether.so"

_STATUS_TO_ERROR: Dict[int, Type[errors.TetherError]] = {
    E_NULL_ARGUMENT: errors.InvalidArgumentError,
    E_INVALID_HANDLE: errors.InvalidHandleError,
    E_INVALID_ID: errors.InvalidIdError,
    E_INVALID_ARGUMENT: errors.InvalidArgumentError,
    E_BUFFER_TOO_SMALL: errors.BufferTooSmallError,
    E_UNSATISFIABLE: errors.UnsatisfiableConstraintError,
    E_DUPLICATE: errors.DuplicateError,
    E_NOT_FOUND: errors.NotFoundError,
    E_INVALID_UTF8: errors.InvalidUTF8Error,
    E_IN_USE: errors.InUseError,
    E_INVALID_STATE: errors.InvalidStateError,
    E_INTERNAL: errors.InternalError,
}


class CConstraintInfo(Structure):
    """``tether_constraint_info``: a constraint's scalar properties."""

    _fields_ = [
        ("constant", c_double),
        ("priority", c_double),
        ("relation", c_int32),
        ("is_added", c_int32),
        ("term_count", c_uint64),
    ]


class CSolverStats(Structure):
    """``tether_solver_stats``: a snapshot of a solver's size."""

    _fields_ = [
        ("variables", c_uint64),
        ("constraints", c_uint64),
        ("added", c_uint64),
        ("edits", c_uint64),
        ("rows", c_uint64),
        ("cells", c_uint64),
        ("pivots", c_uint64),
    ]


# ------------------------------------------------------------------------------------------------
# Finding the library
# ------------------------------------------------------------------------------------------------


def _find_repository_root(start: Path) -> Optional[Path]:
    """The nearest folder at or above ``start`` that holds ``Package.swift``, or ``None``."""
    for folder in [start, *start.parents]:
        if (folder / "Package.swift").is_file():
            return folder
    return None


def _candidate_paths() -> List[Path]:
    """Every place the loader looks, in order (used for the error message)."""
    package_dir = Path(__file__).resolve().parent
    paths = [package_dir / _LIBRARY_NAME]
    root = _find_repository_root(package_dir)
    if root is not None:
        paths.append(root / ".build" / "release" / _LIBRARY_NAME)
        paths.append(root / ".build" / "debug" / _LIBRARY_NAME)
    return paths


def library_path() -> Path:
    """The path of the library the loader picks (see the module docstring for the order).

    Raises:
        ImportError: when ``TETHER_LIBRARY`` names a missing file or nothing is found.
    """
    override = os.environ.get("TETHER_LIBRARY")
    if override:
        path = Path(override).absolute()  # dlopen would search the system paths for a bare name
        if not path.is_file():
            raise ImportError(
                f"TETHER_LIBRARY is set to {override!r}, but no such file exists; "
                "point it to a built libtether.so or unset it"
            )
        return path

    package_dir = Path(__file__).resolve().parent
    in_package = package_dir / _LIBRARY_NAME
    if in_package.is_file():
        return in_package

    root = _find_repository_root(package_dir)
    if root is not None:
        builds = [
            p
            for p in (
                root / ".build" / "release" / _LIBRARY_NAME,
                root / ".build" / "debug" / _LIBRARY_NAME,
            )
            if p.is_file()
        ]
        if builds:
            # Prefer the newer build; on a tie keep release (listed first).
            return max(builds, key=lambda p: p.stat().st_mtime)

    searched = "\n  ".join(str(p) for p in _candidate_paths())
    raise ImportError(
        "cannot find libtether.so. Build it with `swift build --product tether` at the "
        "repository root (or `make`), or set TETHER_LIBRARY=/path/to/libtether.so. Searched:\n  "
        + searched
    )


# ------------------------------------------------------------------------------------------------
# Declarations
# ------------------------------------------------------------------------------------------------

_p_uint64 = POINTER(c_uint64)
_p_double = POINTER(c_double)
_p_size_t = POINTER(c_size_t)
_p_int32 = POINTER(c_int32)

#: name -> (restype, argtypes) for every function in tether.h.
_SIGNATURES = {
    # Versions and errors
    "tether_abi_version": (c_uint32, []),
    "tether_version_string": (c_char_p, []),
    "tether_last_error": (c_char_p, []),
    "tether_status_name": (c_char_p, [c_int32]),
    # Solver lifetime
    "tether_solver_new": (c_int32, [POINTER(c_void_p)]),
    "tether_solver_free": (c_int32, [c_void_p]),
    "tether_solver_reset": (c_int32, [c_void_p]),
    # Variables
    "tether_solver_variable_new": (c_int32, [c_void_p, c_char_p, _p_uint64]),
    "tether_solver_variable_free": (c_int32, [c_void_p, c_uint64]),
    "tether_solver_variable_name": (
        c_int32,
        [c_void_p, c_uint64, c_char_p, c_size_t, _p_size_t],
    ),
    "tether_solver_variable_value": (c_int32, [c_void_p, c_uint64, _p_double]),
    "tether_solver_variable_values": (c_int32, [c_void_p, _p_uint64, c_size_t, _p_double]),
    # Constraints
    "tether_solver_constraint_new": (
        c_int32,
        [c_void_p, _p_uint64, _p_double, c_size_t, c_double, c_int32, c_double, _p_uint64],
    ),
    "tether_solver_constraint_free": (c_int32, [c_void_p, c_uint64]),
    "tether_solver_constraint_add": (c_int32, [c_void_p, c_uint64]),
    "tether_solver_constraint_add_batch": (c_int32, [c_void_p, _p_uint64, c_size_t, _p_size_t]),
    "tether_solver_constraint_remove": (c_int32, [c_void_p, c_uint64]),
    "tether_solver_constraint_is_added": (c_int32, [c_void_p, c_uint64, _p_int32]),
    "tether_solver_constraint_set_constant": (c_int32, [c_void_p, c_uint64, c_double]),
    "tether_solver_constraint_set_priority": (c_int32, [c_void_p, c_uint64, c_double]),
    "tether_solver_constraint_info": (c_int32, [c_void_p, c_uint64, POINTER(CConstraintInfo)]),
    "tether_solver_constraint_terms": (
        c_int32,
        [c_void_p, c_uint64, _p_uint64, _p_double, c_size_t, _p_size_t],
    ),
    "tether_solver_conflict": (c_int32, [c_void_p, _p_uint64, c_size_t, _p_size_t]),
    # Edit variables
    "tether_solver_edit_add": (c_int32, [c_void_p, c_uint64, c_double]),
    "tether_solver_edit_remove": (c_int32, [c_void_p, c_uint64]),
    "tether_solver_edit_has": (c_int32, [c_void_p, c_uint64, _p_int32]),
    "tether_solver_edit_suggest": (c_int32, [c_void_p, c_uint64, c_double]),
    "tether_solver_edit_suggest_batch": (c_int32, [c_void_p, _p_uint64, _p_double, c_size_t]),
    # Solving and inspection
    "tether_solver_update": (c_int32, [c_void_p]),
    "tether_solver_stats_get": (c_int32, [c_void_p, POINTER(CSolverStats)]),
    "tether_solver_dump": (c_int32, [c_void_p, c_char_p, c_size_t, _p_size_t]),
    "tether_solver_check": (c_int32, [c_void_p]),
}


def _load(path: Path) -> ctypes.CDLL:
    """Loads the library at ``path``, declares every function, and checks the ABI version."""
    try:
        dll = ctypes.CDLL(str(path))
    except OSError as exc:
        raise ImportError(f"cannot load the Tether library {str(path)!r}: {exc}") from exc

    missing = []
    for name, (restype, argtypes) in _SIGNATURES.items():
        try:
            function = getattr(dll, name)
        except AttributeError:
            missing.append(name)
            continue
        function.restype = restype
        function.argtypes = argtypes
    if missing:
        raise ImportError(
            f"the Tether library {str(path)!r} does not export {', '.join(missing)}; "
            "it was built from another version of tether.h"
        )

    found = dll.tether_abi_version()
    if found != ABI_VERSION:
        raise ImportError(
            f"the Tether library {str(path)!r} has ABI version {found}, but this Python "
            f"binding needs ABI version {ABI_VERSION}; rebuild the library or install the "
            "matching binding"
        )
    return dll


#: The path of the loaded library.
loaded_path: Path = library_path()
_dll: ctypes.CDLL = _load(loaded_path)


# ------------------------------------------------------------------------------------------------
# Errors
# ------------------------------------------------------------------------------------------------


def status_name(status: int) -> str:
    """The symbolic name of a status, e.g. ``"TETHER_E_INVALID_ID"`` (``tether_status_name``)."""
    raw: bytes = _dll.tether_status_name(int(status))
    return raw.decode("utf-8", "replace")


def version_string() -> str:
    """The library's version string, e.g. ``"0.1.0"`` (``tether_version_string``)."""
    raw: bytes = _dll.tether_version_string()
    return raw.decode("utf-8", "replace")


def error_for(status: int) -> errors.TetherError:
    """The exception for a failing ``status``, with the message of ``tether_last_error()``.

    Call it right after the failing call, on the same thread: the message is per thread and is
    replaced by the next failing call.
    """
    raw = _dll.tether_last_error()
    message = raw.decode("utf-8", "replace") if raw else ""
    cls = _STATUS_TO_ERROR.get(status, errors.TetherError)
    if not message:
        message = status_name(status)
    return cls(message, status)


def check(status: int) -> None:
    """Raises the exception matching ``status`` unless it is ``TETHER_OK``.

    Must be called right after the C call that returned ``status``, on the same thread (the
    message comes from ``tether_last_error()``, which the next failing call replaces).
    """
    if status != OK:
        raise error_for(status)
