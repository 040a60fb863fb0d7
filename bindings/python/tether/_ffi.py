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

The view model (``tether_engine_*``, ``tether_view_*``, ``tether_guide_*``, ``tether_item_*``,
``tether_layout_constraint_*``) is an addition of ABI 1.x: a library that exports none of it still
loads (the raw solver works) and :data:`HAS_VIEW_MODEL` is false; :func:`require_view_model` then
raises :class:`ImportError` on first use. A library that exports only part of it is a mismatched
build and fails to load.

Every function of the headers gets ``argtypes`` and ``restype`` here: without them ctypes
truncates 64-bit results and passes Python ints as C ``int``. Handles are ``c_void_p``, ids
``c_uint64``, statuses ``c_int32``, sizes ``c_size_t``. The declarations (the signature table,
the structures, the callback types, the status codes and every other ``TETHER_*`` value, with
``TETHER_`` dropped) are generated from ``Include/tether.h`` and its parts by
``scripts/generate_ffi.py`` into :mod:`tether._ffi_generated`; this module re-exports them, so
``_ffi.E_INVALID_ID``, ``_ffi.CRect`` and the others keep working. Change the headers, then run
``make generate-ffi``; ``make check-generated`` (part of ``make test``) fails until then.

The CDLL object is called ``_dll`` (not ``_lib``, which would shadow a submodule of that name).

ctypes releases the GIL during every call; the library requires one object to be used from one
thread at a time, so :class:`tether.Solver` serialises its calls with a lock.

May import: :mod:`tether._ffi_generated` and :mod:`tether.errors` only.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Tuple, Type

from . import errors

# Everything the headers declare: every TETHER_* number (versions, status codes, enum values,
# flags) without its TETHER_ prefix, the structures (CRect, ...), the callback types and the
# signature table. Re-exported: other modules and the tests use them as _ffi.<name>.
from ._ffi_generated import *  # noqa: F401,F403
from ._ffi_generated import (
    ABI_VERSION,
    E_BUFFER_TOO_SMALL,
    E_CALLBACK_FAILED,
    E_DUPLICATE,
    E_IN_USE,
    E_INTERNAL,
    E_INVALID_ARGUMENT,
    E_INVALID_HANDLE,
    E_INVALID_ID,
    E_INVALID_STATE,
    E_INVALID_UTF8,
    E_IO,
    E_NO_MEMORY,
    E_NOT_FOUND,
    E_NULL_ARGUMENT,
    E_PARSE,
    E_UNSATISFIABLE,
    OK,
    SIGNATURES,
    VIEW_HOOK_FN,
)

__all__ = [
    "ABI_VERSION",
    "CConstraintInfo",
    "CInsets",
    "CAmbiguity",
    "CLayoutConstraintInfo",
    "CMeasurement",
    "CRect",
    "CSize",
    "CSolverStats",
    "CSVGOptions",
    "DIAGNOSTIC_FN",
    "HAS_VIEW_MODEL",
    "HOOK_FN",
    "MEASURE_FN",
    "check",
    "error_for",
    "library_path",
    "require_view_model",
    "status_name",
    "version_string",
]

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
    E_CALLBACK_FAILED: errors.CallbackFailedError,
    E_PARSE: errors.VisualFormatError,
    E_IO: errors.FileError,
    E_NO_MEMORY: errors.OutOfMemoryError,
}


#: ``tether_view_hook_fn`` under the name the binding has always used.
HOOK_FN = VIEW_HOOK_FN


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

#: The parts of the headers (tether/<part>.h) that every library exports: versions, errors and
#: the raw solver. The functions of every other part are the view model.
_CORE_PARTS = ("base", "solver")

#: name -> (restype, argtypes) for every function of the core parts.
_SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    name: signature for part in _CORE_PARTS for name, signature in SIGNATURES[part].items()
}
#: The view model (ABI 1.x addition): name -> (restype, argtypes).
_VIEW_SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    name: signature
    for part, table in SIGNATURES.items()
    if part not in _CORE_PARTS
    for name, signature in table.items()
}


def _declare(dll: ctypes.CDLL, signatures: Mapping[str, Tuple[Any, Any]]) -> List[str]:
    """Sets ``restype``/``argtypes`` of every function in ``signatures``; returns the missing."""
    missing = []
    for name, (restype, argtypes) in signatures.items():
        try:
            function = getattr(dll, name)
        except AttributeError:
            missing.append(name)
            continue
        function.restype = restype
        function.argtypes = argtypes
    return missing


def _load(path: Path) -> Tuple[ctypes.CDLL, bool]:
    """Loads the library at ``path``, declares every function, and checks the ABI version.

    Returns the library and whether it has the view model.
    """
    try:
        dll = ctypes.CDLL(str(path))
    except OSError as exc:
        raise ImportError(f"cannot load the Tether library {str(path)!r}: {exc}") from exc

    missing = _declare(dll, _SIGNATURES)
    missing_view = _declare(dll, _VIEW_SIGNATURES)
    has_view_model = len(missing_view) < len(_VIEW_SIGNATURES)
    if has_view_model:
        missing += missing_view
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
    return dll, has_view_model


#: The path of the loaded library.
loaded_path: Path = library_path()
_dll: ctypes.CDLL
#: Whether the loaded library exports the view model (engines, views, layout constraints).
HAS_VIEW_MODEL: bool
_dll, HAS_VIEW_MODEL = _load(loaded_path)


def require_view_model() -> None:
    """Raises :class:`ImportError` unless the loaded library exports the view model."""
    if not HAS_VIEW_MODEL:
        raise ImportError(
            f"the Tether library {str(loaded_path)!r} has no view model (it does not export "
            "tether_engine_new and the other view functions of tether.h); rebuild it with "
            "`swift build --product tether`"
        )


# ------------------------------------------------------------------------------------------------
# Errors
# ------------------------------------------------------------------------------------------------


def status_name(status: int) -> str:
    """The symbolic name of a status, e.g. ``"TETHER_E_INVALID_ID"`` (``tether_status_name``)."""
    raw: bytes = _dll.tether_status_name(int(status))
    return raw.decode("utf-8", "replace")


def version_string() -> str:
    """The library's version string, e.g. ``"0.7.0"`` (``tether_version_string``)."""
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
