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
    CFUNCTYPE,
    c_char_p,
    c_double,
    c_float,
    c_int32,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Tuple, Type

from . import errors

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
E_CALLBACK_FAILED = 13
E_PARSE = 14
E_IO = 15

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
    E_CALLBACK_FAILED: errors.CallbackFailedError,
    E_PARSE: errors.VisualFormatError,
    E_IO: errors.FileError,
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


class CSolverStorage(Structure):
    """``tether_solver_storage``: what a solver's storage holds (0.6)."""

    _fields_ = [
        ("bytes", c_uint64),
        ("definitions", c_uint64),
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


class CRect(Structure):
    """``tether_rect``: origin (top-left, y grows downward) and size."""

    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class CSize(Structure):
    """``tether_size``."""

    _fields_ = [("width", c_double), ("height", c_double)]


class CInsets(Structure):
    """``tether_insets``, in UIKit's order."""

    _fields_ = [("top", c_double), ("left", c_double), ("bottom", c_double), ("right", c_double)]


class CMeasurement(Structure):
    """``tether_measurement``: what a measure callback writes (baselines NaN = none)."""

    _fields_ = [
        ("width", c_double),
        ("height", c_double),
        ("first_baseline", c_double),
        ("last_baseline", c_double),
    ]


class CLayoutConstraintInfo(Structure):
    """``tether_layout_constraint_info``: a layout constraint's properties."""

    _fields_ = [
        ("first_item", c_uint64),
        ("second_item", c_uint64),
        ("first_attribute", c_int32),
        ("second_attribute", c_int32),
        ("relation", c_int32),
        ("priority", c_float),
        ("multiplier", c_double),
        ("constant", c_double),
        ("is_active", c_int32),
        ("is_broken", c_int32),
    ]


class CAmbiguity(Structure):
    """``tether_ambiguity``: one ambiguous quantity of an item (x as LEFT, y as TOP, WIDTH,
    HEIGHT) with the range of values it takes (bounds may be infinite)."""

    _fields_ = [
        ("attribute", c_int32),
        ("axis", c_int32),
        ("lower", c_double),
        ("upper", c_double),
    ]


class CSVGOptions(Structure):
    """``tether_svg_options``: what ``tether_view_render_svg`` draws (``struct_size`` first, so
    that later versions can add fields; ``flags`` are the ``TETHER_SVG_*`` bits)."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("flags", c_uint32),
        ("scale", c_double),
        ("padding", c_double),
    ]


#: ``tether_diagnostic_fn``: ``void (*)(void *context, const char *message)``.
DIAGNOSTIC_FN = CFUNCTYPE(None, c_void_p, c_char_p)
#: ``tether_measure_fn``: ``int32_t (*)(void *context, tether_view, double, tether_measurement *)``.
MEASURE_FN = CFUNCTYPE(c_int32, c_void_p, c_uint64, c_double, POINTER(CMeasurement))
#: ``tether_view_hook_fn``: ``void (*)(void *context, tether_view view)``.
HOOK_FN = CFUNCTYPE(None, c_void_p, c_uint64)


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
    "tether_solver_variables_new": (
        c_int32,
        [c_void_p, POINTER(c_char_p), c_size_t, _p_uint64, _p_size_t],
    ),
    "tether_solver_variable_free": (c_int32, [c_void_p, c_uint64]),
    "tether_solver_variable_name": (
        c_int32,
        [c_void_p, c_uint64, c_char_p, c_size_t, _p_size_t],
    ),
    "tether_solver_variable_value": (c_int32, [c_void_p, c_uint64, _p_double]),
    "tether_solver_variable_values": (c_int32, [c_void_p, _p_uint64, c_size_t, _p_double]),
    "tether_solver_variable_range": (c_int32, [c_void_p, c_uint64, _p_double, _p_double]),
    "tether_solver_variable_ranges": (
        c_int32,
        [c_void_p, _p_uint64, c_size_t, _p_double, _p_double],
    ),
    # Constraints
    "tether_solver_constraint_new": (
        c_int32,
        [c_void_p, _p_uint64, _p_double, c_size_t, c_double, c_int32, c_double, _p_uint64],
    ),
    "tether_solver_constraints_new_batch": (
        c_int32,
        [c_void_p, c_size_t, POINTER(c_uint32), _p_uint64, _p_double, _p_double, _p_int32,
         _p_double, _p_uint64, _p_size_t],
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
    "tether_solver_storage_get": (c_int32, [c_void_p, POINTER(CSolverStorage)]),
    "tether_solver_dump": (c_int32, [c_void_p, c_char_p, c_size_t, _p_size_t]),
    "tether_solver_check": (c_int32, [c_void_p]),
}

_p_rect = POINTER(CRect)
_p_size = POINTER(CSize)
_p_insets = POINTER(CInsets)
_p_float = POINTER(c_float)
_p_uint32 = POINTER(c_uint32)
_E = c_void_p  # tether_engine *
_ID = c_uint64  # tether_view, tether_guide, tether_item, tether_layout_constraint

#: The view model (ABI 1.x addition): name -> (restype, argtypes).
_VIEW_SIGNATURES = {
    # Engines
    "tether_engine_new": (c_int32, [POINTER(c_void_p)]),
    "tether_engine_free": (c_int32, [_E]),
    "tether_engine_set_default_direction": (c_int32, [_E, c_int32]),
    "tether_engine_set_diagnostic_handler": (c_int32, [_E, DIAGNOSTIC_FN, c_void_p]),
    "tether_engine_set_measure_callback": (c_int32, [_E, MEASURE_FN, c_void_p]),
    "tether_engine_set_layout_hooks": (c_int32, [_E, HOOK_FN, HOOK_FN, c_void_p]),
    "tether_engine_layout_all": (c_int32, [_E]),
    # Views: hierarchy and frames
    "tether_view_new": (c_int32, [_E, CRect, _p_uint64]),
    "tether_view_free": (c_int32, [_E, _ID]),
    "tether_view_add_subview": (c_int32, [_E, _ID, _ID]),
    "tether_view_insert_subview": (c_int32, [_E, _ID, _ID, c_size_t]),
    "tether_view_remove_from_superview": (c_int32, [_E, _ID]),
    "tether_view_superview": (c_int32, [_E, _ID, _p_uint64]),
    "tether_view_subviews": (c_int32, [_E, _ID, _p_uint64, c_size_t, _p_size_t]),
    "tether_view_constraints_equivalent_to_autoresizing_mask": (
        c_int32, [_E, _ID, _p_uint64, c_size_t, _p_size_t]),
    "tether_view_set_frame": (c_int32, [_E, _ID, CRect]),
    "tether_view_frame": (c_int32, [_E, _ID, _p_rect]),
    "tether_view_subtree_frames": (c_int32, [_E, _ID, _p_uint64, _p_rect, c_size_t, _p_size_t]),
    # Views: autoresizing
    "tether_view_set_translates_autoresizing_mask": (c_int32, [_E, _ID, c_int32]),
    "tether_view_translates_autoresizing_mask": (c_int32, [_E, _ID, _p_int32]),
    "tether_view_set_autoresizing_mask": (c_int32, [_E, _ID, c_uint32]),
    "tether_view_autoresizing_mask": (c_int32, [_E, _ID, _p_uint32]),
    "tether_view_set_autoresizes_subviews": (c_int32, [_E, _ID, c_int32]),
    "tether_view_autoresizes_subviews": (c_int32, [_E, _ID, _p_int32]),
    # Views: content size and priorities
    "tether_view_set_intrinsic_content_size": (c_int32, [_E, _ID, CSize]),
    "tether_view_intrinsic_content_size": (c_int32, [_E, _ID, _p_size]),
    "tether_view_invalidate_intrinsic_content_size": (c_int32, [_E, _ID]),
    "tether_view_set_measured": (c_int32, [_E, _ID, c_int32]),
    "tether_view_set_content_hugging_priority": (c_int32, [_E, _ID, c_int32, c_float]),
    "tether_view_content_hugging_priority": (c_int32, [_E, _ID, c_int32, _p_float]),
    "tether_view_set_compression_resistance_priority": (c_int32, [_E, _ID, c_int32, c_float]),
    "tether_view_compression_resistance_priority": (c_int32, [_E, _ID, c_int32, _p_float]),
    # Views: insets, margins, direction, baselines
    "tether_view_set_alignment_rect_insets": (c_int32, [_E, _ID, CInsets]),
    "tether_view_alignment_rect_insets": (c_int32, [_E, _ID, _p_insets]),
    "tether_view_set_layout_margins": (c_int32, [_E, _ID, CInsets]),
    "tether_view_layout_margins": (c_int32, [_E, _ID, _p_insets]),
    "tether_view_set_safe_area_insets": (c_int32, [_E, _ID, CInsets]),
    "tether_view_safe_area_insets": (c_int32, [_E, _ID, _p_insets]),
    "tether_view_set_semantic_content_attribute": (c_int32, [_E, _ID, c_int32]),
    "tether_view_semantic_content_attribute": (c_int32, [_E, _ID, _p_int32]),
    "tether_view_effective_layout_direction": (c_int32, [_E, _ID, _p_int32]),
    "tether_view_set_baselines": (c_int32, [_E, _ID, c_double, c_double]),
    "tether_view_baselines": (c_int32, [_E, _ID, POINTER(c_double), POINTER(c_double)]),
    "tether_view_measured": (c_int32, [_E, _ID, POINTER(c_int32)]),
    "tether_view_layout_guides": (c_int32, [_E, _ID, _p_uint64, c_size_t, _p_size_t]),
    "tether_view_layout_margins_guide": (c_int32, [_E, _ID, _p_uint64]),
    "tether_view_safe_area_layout_guide": (c_int32, [_E, _ID, _p_uint64]),
    # Views: the layout pass
    "tether_view_set_hooks_enabled": (c_int32, [_E, _ID, c_int32]),
    "tether_view_set_needs_layout": (c_int32, [_E, _ID]),
    "tether_view_set_needs_update_constraints": (c_int32, [_E, _ID]),
    "tether_view_layout_if_needed": (c_int32, [_E, _ID]),
    "tether_view_system_layout_size_fitting": (
        c_int32,
        [_E, _ID, CSize, c_float, c_float, _p_size],
    ),
    # Layout guides and identifiers
    "tether_guide_new": (c_int32, [_E, _p_uint64]),
    "tether_guide_free": (c_int32, [_E, _ID]),
    "tether_view_add_layout_guide": (c_int32, [_E, _ID, _ID]),
    "tether_view_remove_layout_guide": (c_int32, [_E, _ID, _ID]),
    "tether_guide_owning_view": (c_int32, [_E, _ID, _p_uint64]),
    "tether_guide_layout_frame": (c_int32, [_E, _ID, _p_rect]),
    "tether_item_set_identifier": (c_int32, [_E, _ID, c_char_p]),
    "tether_item_identifier": (c_int32, [_E, _ID, c_char_p, c_size_t, _p_size_t]),
    # Layout constraints
    "tether_layout_constraint_new": (
        c_int32,
        [_E, _ID, c_int32, c_int32, _ID, c_int32, c_double, c_double, c_float, _p_uint64],
    ),
    "tether_layout_constraint_free": (c_int32, [_E, _ID]),
    "tether_layout_constraint_set_active": (c_int32, [_E, _ID, c_int32]),
    "tether_layout_constraint_activate": (c_int32, [_E, _p_uint64, c_size_t, _p_size_t]),
    "tether_layout_constraint_deactivate": (c_int32, [_E, _p_uint64, c_size_t]),
    "tether_layout_constraint_set_constant": (c_int32, [_E, _ID, c_double]),
    "tether_layout_constraint_set_priority": (c_int32, [_E, _ID, c_float]),
    "tether_layout_constraint_set_identifier": (c_int32, [_E, _ID, c_char_p]),
    "tether_layout_constraint_info_get": (c_int32, [_E, _ID, POINTER(CLayoutConstraintInfo)]),
    "tether_layout_constraint_identifier": (
        c_int32,
        [_E, _ID, c_char_p, c_size_t, _p_size_t],
    ),
    "tether_layout_constraint_description": (
        c_int32,
        [_E, _ID, c_char_p, c_size_t, _p_size_t],
    ),
    # The Visual Format Language
    "tether_layout_constraints_with_visual_format": (
        c_int32,
        [_E, c_char_p, c_uint32, POINTER(c_char_p), _p_double, c_size_t, POINTER(c_char_p),
         _p_uint64, c_size_t, _p_uint64, c_size_t, _p_size_t, _p_size_t],
    ),
    # Ambiguity
    "tether_item_has_ambiguous_layout": (c_int32, [_E, _ID, _p_int32]),
    "tether_item_ambiguities": (c_int32, [_E, _ID, POINTER(CAmbiguity), c_size_t, _p_size_t]),
    "tether_view_exercise_ambiguity_in_layout": (c_int32, [_E, _ID, _p_int32]),
    # Descriptions and inspection
    "tether_item_debug_name": (c_int32, [_E, _ID, c_char_p, c_size_t, _p_size_t]),
    "tether_item_description": (c_int32, [_E, _ID, c_char_p, c_size_t, _p_size_t]),
    "tether_item_constraints_affecting_layout": (
        c_int32, [_E, _ID, c_int32, _p_uint64, c_size_t, _p_size_t]),
    "tether_view_autolayout_trace": (c_int32, [_E, _ID, c_char_p, c_size_t, _p_size_t]),
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

# Topic tables, each kept beside the others so that a topic's functions are found in one place;
# they are part of the view model (declared and checked with it).
_STACK_SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    "tether_stack_view_new": (c_int32, [_E, CRect, _p_uint64]),
    "tether_stack_view_add_arranged_subview": (c_int32, [_E, _ID, _ID]),
    "tether_stack_view_insert_arranged_subview": (c_int32, [_E, _ID, _ID, c_size_t]),
    "tether_stack_view_remove_arranged_subview": (c_int32, [_E, _ID, _ID]),
    "tether_stack_view_arranged_subviews": (c_int32, [_E, _ID, _p_uint64, c_size_t, _p_size_t]),
    "tether_stack_view_set_axis": (c_int32, [_E, _ID, c_int32]),
    "tether_stack_view_axis": (c_int32, [_E, _ID, _p_int32]),
    "tether_stack_view_set_distribution": (c_int32, [_E, _ID, c_int32]),
    "tether_stack_view_distribution": (c_int32, [_E, _ID, _p_int32]),
    "tether_stack_view_set_alignment": (c_int32, [_E, _ID, c_int32]),
    "tether_stack_view_alignment": (c_int32, [_E, _ID, _p_int32]),
    "tether_stack_view_set_spacing": (c_int32, [_E, _ID, c_double]),
    "tether_stack_view_spacing": (c_int32, [_E, _ID, _p_double]),
    "tether_stack_view_set_custom_spacing": (c_int32, [_E, _ID, c_double, _ID]),
    "tether_stack_view_custom_spacing": (c_int32, [_E, _ID, _ID, _p_double]),
    "tether_stack_view_set_baseline_relative_arrangement": (c_int32, [_E, _ID, c_int32]),
    "tether_stack_view_baseline_relative_arrangement": (c_int32, [_E, _ID, _p_int32]),
    "tether_stack_view_set_layout_margins_relative_arrangement": (c_int32, [_E, _ID, c_int32]),
    "tether_stack_view_layout_margins_relative_arrangement": (c_int32, [_E, _ID, _p_int32]),
    "tether_stack_view_arrangement_constraints": (
        c_int32, [_E, _ID, _p_uint64, c_size_t, _p_size_t]),
    "tether_view_set_hidden": (c_int32, [_E, _ID, c_int32]),
    "tether_view_is_hidden": (c_int32, [_E, _ID, _p_int32]),
}
_RENDER_SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    "tether_view_render_svg": (
        c_int32, [_E, _ID, POINTER(CSVGOptions), c_char_p, c_size_t, _p_size_t]),
    "tether_view_write_svg": (c_int32, [_E, _ID, POINTER(CSVGOptions), c_char_p]),
}
_DOCUMENT_SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    "tether_document_load": (c_int32, [_E, c_char_p, c_size_t, _p_uint64, c_size_t, _p_size_t]),
    "tether_document_item_named": (c_int32, [_E, _ID, c_char_p, _p_uint64]),
    "tether_document_constraints_with_identifier": (
        c_int32, [_E, _ID, c_char_p, _p_uint64, c_size_t, _p_size_t]),
    "tether_document_save": (c_int32, [_E, _ID, c_char_p, c_size_t, _p_size_t]),
}
for _topic in (_STACK_SIGNATURES, _RENDER_SIGNATURES, _DOCUMENT_SIGNATURES):
    _VIEW_SIGNATURES.update(_topic)


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
    """The library's version string, e.g. ``"0.6.0"`` (``tether_version_string``)."""
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
