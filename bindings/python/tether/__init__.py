"""Tether: Auto Layout for every platform — Python bindings (ctypes over ``libtether.so``).

* :class:`Solver` and friends (:mod:`tether.solver`): the raw incremental simplex solver with
  strict priorities.
* :mod:`tether.kiwi`: a drop-in for kiwisolver's public API on top of the same solver.
* The exceptions of :mod:`tether.errors`, all derived from :class:`TetherError`.

The library is found as described in :mod:`tether._ffi` (``TETHER_LIBRARY``, the package
directory, then the repository's ``.build`` folder).
"""

from __future__ import annotations

from ._ffi import ABI_VERSION, loaded_path as library_path, version_string as _version_string
from .errors import (
    BufferTooSmallError,
    DuplicateError,
    InternalError,
    InUseError,
    InvalidArgumentError,
    InvalidHandleError,
    InvalidIdError,
    InvalidStateError,
    InvalidUTF8Error,
    NotFoundError,
    TetherError,
    UnsatisfiableConstraintError,
)
from .solver import (
    REQUIRED,
    Constraint,
    Expression,
    LinearConstraint,
    Relation,
    Solver,
    SolverStats,
    Term,
    Variable,
)

#: The version of this Python package.
__version__ = "0.1.0"


def library_version() -> str:
    """The version string of the loaded ``libtether.so`` (``tether_version_string()``)."""
    return _version_string()


__all__ = [
    "__version__",
    "ABI_VERSION",
    "library_path",
    "library_version",
    # solver
    "REQUIRED",
    "Constraint",
    "Expression",
    "LinearConstraint",
    "Relation",
    "Solver",
    "SolverStats",
    "Term",
    "Variable",
    # errors
    "TetherError",
    "InvalidHandleError",
    "InvalidIdError",
    "InvalidArgumentError",
    "BufferTooSmallError",
    "UnsatisfiableConstraintError",
    "DuplicateError",
    "NotFoundError",
    "InvalidUTF8Error",
    "InUseError",
    "InvalidStateError",
    "InternalError",
]
