"""Tether: Auto Layout for every platform — Python bindings (ctypes over ``libtether.so``).

* The view model (Apple's Auto Layout): :class:`Engine`, :class:`View`, :class:`LayoutGuide`,
  typed anchors (:class:`XAnchor`, :class:`YAnchor`, :class:`DimensionAnchor`), layout
  :class:`Constraint` objects, :func:`activate` / :func:`deactivate`,
  :func:`constraints_with_visual_format` (:class:`FormatOptions`, :class:`VisualFormatError`),
  ambiguity checks (:attr:`LayoutItem.has_ambiguous_layout`, :class:`Ambiguity`), debugging
  aids in Apple's forms (``str()`` of views, guides and constraints,
  :meth:`LayoutItem.constraints_affecting_layout`, :meth:`View.autolayout_trace`), geometry values
  (:class:`Rect`, :class:`Size`, :class:`EdgeInsets`, :class:`Point`) and the enums
  (:class:`Attribute`, :class:`Relation`, :class:`Axis`, :class:`SemanticContentAttribute`,
  :class:`LayoutDirection`, :class:`Autoresizing`, :class:`LayoutPriority`), stack views
  (:class:`StackView`, :class:`StackViewDistribution`, :class:`StackViewAlignment`). Modules:
  :mod:`tether.engine`, :mod:`tether.items`, :mod:`tether.view` (with
  :mod:`tether.view_geometry`), :mod:`tether.stack_view`, :mod:`tether.anchors`,
  :mod:`tether.constraint`, :mod:`tether.visual_format`, :mod:`tether.geometry`,
  :mod:`tether.enums`.
* :class:`Solver` and friends (:mod:`tether.solver`, which re-exports :mod:`tether.expressions`
  and :mod:`tether.solver_items`): the raw incremental simplex solver with strict priorities.
  Its constraint class is :class:`tether.solver.Constraint` (also exported as
  :class:`SolverConstraint`); ``tether.Constraint`` is the layout constraint. The operators of
  its expressions are :mod:`tether.algebra`'s, shared with :mod:`tether.kiwi`.
* :mod:`tether.kiwi`: a drop-in for kiwisolver's public API on top of the same solver.
* :mod:`tether.render`: a laid-out hierarchy as an SVG document or a PNG image
  (:func:`tether.render.svg`, :func:`tether.render.png`, also :meth:`View.svg`).
* :mod:`tether.document`: layout documents (JSON): :func:`load_document` (a :class:`Document`),
  :func:`save_document`, :class:`DocumentError`; ``python -m tether`` solves, checks, resizes
  and renders them from the command line.
* The exceptions of :mod:`tether.errors`, all derived from :class:`TetherError`.

The library is found as described in :mod:`tether._ffi` (``TETHER_LIBRARY``, the package
directory, then the repository's ``.build`` folder). docs/architecture.md lists the modules and
what each may import.
"""

from ._ffi import ABI_VERSION, loaded_path as library_path, version_string as _version_string
from .anchors import AnchorExpression, Anchor, DimensionAnchor, XAnchor, YAnchor
from .constraint import Constraint, activate, deactivate
from .engine import Engine, default_engine, set_diagnostic_handler
from .enums import (
    Attribute,
    Autoresizing,
    Axis,
    LayoutDirection,
    LayoutPriority,
    SemanticContentAttribute,
)
from .errors import (
    BufferTooSmallError,
    CallbackFailedError,
    ConverterError,
    ConverterNotFoundError,
    DocumentError,
    DuplicateError,
    FileError,
    InternalError,
    InUseError,
    InvalidArgumentError,
    InvalidHandleError,
    InvalidIdError,
    InvalidPairingError,
    InvalidStateError,
    InvalidUTF8Error,
    NotFoundError,
    OutOfMemoryError,
    TetherError,
    UnsatisfiableConstraintError,
    VisualFormatError,
)
from .geometry import (
    LAYOUT_FITTING_COMPRESSED_SIZE,
    LAYOUT_FITTING_EXPANDED_SIZE,
    NO_INTRINSIC_METRIC,
    EdgeInsets,
    Point,
    Rect,
    Size,
)
from .solver import (
    REQUIRED,
    Expression,
    LinearConstraint,
    Relation,
    Solver,
    SolverStats,
    Term,
    Variable,
    Variables,
)
from .solver import Constraint as SolverConstraint
from .solver import Constraints as SolverConstraints
from .view import Ambiguity, LayoutGuide, LayoutItem, View
from .stack_view import (
    SPACING_USE_DEFAULT,
    SPACING_USE_SYSTEM,
    StackView,
    StackViewAlignment,
    StackViewDistribution,
)
from .visual_format import FormatOptions, constraints_with_visual_format
from . import errors, geometry, render
from .document import Document, load_document, save_document

#: The version of this Python package.
__version__ = "0.8.0"


def library_version() -> str:
    """The version string of the loaded ``libtether.so`` (``tether_version_string()``)."""
    return _version_string()


__all__ = [
    "__version__",
    "ABI_VERSION",
    "library_path",
    "library_version",
    # view model
    "Engine",
    "default_engine",
    "set_diagnostic_handler",
    "View",
    "LayoutGuide",
    "LayoutItem",
    "StackView",
    "StackViewDistribution",
    "StackViewAlignment",
    "SPACING_USE_DEFAULT",
    "SPACING_USE_SYSTEM",
    "Anchor",
    "XAnchor",
    "YAnchor",
    "DimensionAnchor",
    "AnchorExpression",
    "Constraint",
    "activate",
    "deactivate",
    "constraints_with_visual_format",
    "FormatOptions",
    "Ambiguity",
    "Attribute",
    "Axis",
    "LayoutDirection",
    "SemanticContentAttribute",
    "Autoresizing",
    "LayoutPriority",
    *geometry.__all__,
    # solver
    "REQUIRED",
    "SolverConstraint",
    "Expression",
    "LinearConstraint",
    "Relation",
    "Solver",
    "SolverStats",
    "Term",
    "Variable",
    "Variables",
    "SolverConstraints",
    # errors
    *errors.__all__,
    # pictures
    "render",
    # layout documents
    "Document",
    "load_document",
    "save_document",
]
