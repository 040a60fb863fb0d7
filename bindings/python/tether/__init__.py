"""Tether: Auto Layout for every platform — Python bindings (ctypes over ``libtether.so``).

* The view model (Apple's Auto Layout): :class:`Engine`, :class:`View`, :class:`LayoutGuide`,
  typed anchors (:class:`XAnchor`, :class:`YAnchor`, :class:`DimensionAnchor`), layout
  :class:`Constraint` objects, :func:`activate` / :func:`deactivate`,
  :func:`constraints_with_visual_format` (:class:`FormatOptions`, :class:`VisualFormatError`),
  :func:`constraints_with_equations` (``"email.top == title.bottom + 8"``, :class:`EquationError`),
  ambiguity checks (:attr:`LayoutItem.has_ambiguous_layout`, :class:`Ambiguity`), debugging
  aids in Apple's forms (``str()`` of views, guides and constraints,
  :meth:`LayoutItem.constraints_affecting_layout`, :meth:`View.autolayout_trace`), geometry values
  (:class:`Rect`, :class:`Size`, :class:`EdgeInsets`, :class:`Point`) and the enums
  (:class:`Attribute`, :class:`Relation`, :class:`Axis`, :class:`SemanticContentAttribute`,
  :class:`LayoutDirection`, :class:`Autoresizing`, :class:`LayoutPriority`), stack views
  (:class:`StackView`, :class:`StackViewDistribution`, :class:`StackViewAlignment`). Modules:
  :mod:`tether.engine`, :mod:`tether.items`, :mod:`tether.view` (with
  :mod:`tether.view_geometry`), :mod:`tether.stack_view`, :mod:`tether.anchors`,
  :mod:`tether.constraint`, :mod:`tether.visual_format`, :mod:`tether.equations`, :mod:`tether.geometry`,
  :mod:`tether.enums`.
* :class:`Solver` and friends (:mod:`tether.solver`, which re-exports :mod:`tether.expressions`
  and :mod:`tether.solver_items`): the raw incremental simplex solver with strict priorities.
  Its constraint class is :class:`tether.solver.Constraint` (also exported as
  :class:`SolverConstraint`); ``tether.Constraint`` is the layout constraint. The operators of
  its expressions are :mod:`tether.algebra`'s, shared with :mod:`tether.kiwi`.
* :mod:`tether.kiwi`: a drop-in for kiwisolver's public API on top of the same solver.
* :mod:`tether.animation`: UIKit's block animations of constraint changes
  (``with tether.animate(0.3): root.layout_if_needed()``, :class:`AnimationCurve`,
  :func:`perform_without_animation`), on each engine's clock (:meth:`Engine.advance`), shown
  through :attr:`View.presentation_frame`.
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

# TYPE_CHECKING read as a module attribute: mypy knows `_typing.TYPE_CHECKING` by its name, not an
# alias such as `_TYPE_CHECKING` (the run-time-only block below would then be read as well).
import typing as _typing

# Loading the library (and checking its ABI version) is what `import tether` must do at once:
# a mismatched build fails the import, not a later call.
from ._ffi import ABI_VERSION, loaded_path as library_path, version_string as _version_string
from . import engine as _engine

# Everything else is imported on first use (PEP 562): `import tether.kiwi` (what a matplotlib
# user's kiwisolver becomes) or `from tether import Solver` then loads the solver's modules
# only, not the view model, the renderer and the document reader as well (importing them all made
# `import tether` twice as slow; benchmarks/import_time.py, docs/benchmarks.md "Import time").
# Name -> (module, attribute in it; None for the module itself).
_LAZY = {
    "AnchorExpression": (".anchors", "AnchorExpression"),
    "Anchor": (".anchors", "Anchor"),
    "DimensionAnchor": (".anchors", "DimensionAnchor"),
    "XAnchor": (".anchors", "XAnchor"),
    "YAnchor": (".anchors", "YAnchor"),
    "Constraint": (".constraint", "Constraint"),
    "activate": (".constraint", "activate"),
    "deactivate": (".constraint", "deactivate"),
    "Engine": (".engine", "Engine"),
    "default_engine": (".engine", "default_engine"),
    "set_diagnostic_handler": (".engine", "set_diagnostic_handler"),
    "Attribute": (".enums", "Attribute"),
    "Autoresizing": (".enums", "Autoresizing"),
    "Axis": (".enums", "Axis"),
    "LayoutDirection": (".enums", "LayoutDirection"),
    "LayoutPriority": (".enums", "LayoutPriority"),
    "SemanticContentAttribute": (".enums", "SemanticContentAttribute"),
    "REQUIRED": (".solver", "REQUIRED"),
    "Expression": (".solver", "Expression"),
    "LinearConstraint": (".solver", "LinearConstraint"),
    "Relation": (".solver", "Relation"),
    "Solver": (".solver", "Solver"),
    "SolverStats": (".solver", "SolverStats"),
    "Term": (".solver", "Term"),
    "Variable": (".solver", "Variable"),
    "Variables": (".solver", "Variables"),
    "SolverConstraint": (".solver", "Constraint"),
    "SolverConstraints": (".solver", "Constraints"),
    "Ambiguity": (".view", "Ambiguity"),
    "LayoutGuide": (".view", "LayoutGuide"),
    "LayoutItem": (".view", "LayoutItem"),
    "View": (".view", "View"),
    "SPACING_USE_DEFAULT": (".stack_view", "SPACING_USE_DEFAULT"),
    "SPACING_USE_SYSTEM": (".stack_view", "SPACING_USE_SYSTEM"),
    "StackView": (".stack_view", "StackView"),
    "StackViewAlignment": (".stack_view", "StackViewAlignment"),
    "StackViewDistribution": (".stack_view", "StackViewDistribution"),
    "FormatOptions": (".visual_format", "FormatOptions"),
    "constraints_with_visual_format": (".visual_format", "constraints_with_visual_format"),
    "constraints_with_equations": (".equations", "constraints_with_equations"),
    "Document": (".document", "Document"),
    "load_document": (".document", "load_document"),
    "save_document": (".document", "save_document"),
    "InterfaceBuilderDocument": (".interface_builder", "InterfaceBuilderDocument"),
    "load_interface_builder": (".interface_builder", "load_interface_builder"),
    "AnimationCurve": (".animation", "AnimationCurve"),
    "animate": (".animation", "animate"),
    "perform_without_animation": (".animation", "perform_without_animation"),
    "errors": (".errors", None),
    "geometry": (".geometry", None),
    "render": (".render", None),
}
_ERROR_NAMES = (
    "BufferTooSmallError", "CallbackFailedError", "ConverterError", "ConverterNotFoundError",
    "DocumentError", "DuplicateError", "EquationError", "FileError", "InternalError", "InUseError",
    "InvalidArgumentError", "InvalidHandleError", "InvalidIdError", "InvalidPairingError",
    "InterfaceBuilderError", "InvalidStateError", "InvalidUTF8Error", "NotFoundError", "OutOfMemoryError", "TetherError",
    "UnsatisfiableConstraintError", "VisualFormatError",
)
_GEOMETRY_NAMES = (
    "LAYOUT_FITTING_COMPRESSED_SIZE", "LAYOUT_FITTING_EXPANDED_SIZE", "NO_INTRINSIC_METRIC",
    "EdgeInsets", "Point", "Rect", "Size",
)
_LAZY.update({name: (".errors", name) for name in _ERROR_NAMES})
_LAZY.update({name: (".geometry", name) for name in _GEOMETRY_NAMES})
# The submodules `import tether` used to load, reachable as attributes as before.
_LAZY.update({name: ("." + name, None) for name in (
    "algebra", "anchors", "animation", "constraint", "document", "engine", "enums", "equations", "expressions", "interface_builder",
    "items", "solver", "solver_items", "stack_view", "view", "view_geometry", "visual_format",
)})


def _load_view_model() -> None:
    """Imports the modules that register the view model's wrapper classes with the engine (it
    calls this when it meets a view, guide or constraint id before they are loaded)."""
    from importlib import import_module

    for module in (".view", ".stack_view"):  # view imports items, anchors and constraint
        import_module(module, __name__)


_engine.set_wrapper_loader(_load_view_model)


# At run time only: a type checker reads the imports of the TYPE_CHECKING block below, so that a
# misspelt name (`tether.Veiw`) is an error there instead of the Any this function would give.
if not _typing.TYPE_CHECKING:

    def __getattr__(name: str) -> _typing.Any:
        """Imports the module behind a public name on first use and keeps the value here."""
        try:
            module_name, attribute = _LAZY[name]
        except KeyError:
            raise AttributeError(f"module 'tether' has no attribute {name!r}") from None
        from importlib import import_module

        module = import_module(module_name, __name__)
        value = module if attribute is None else getattr(module, attribute)
        globals()[name] = value
        return value


def __dir__() -> _typing.List[str]:
    return sorted(set(globals()) | set(_LAZY))


# What a type checker or an editor reads: the same names, imported at once.
if _typing.TYPE_CHECKING:
    from .anchors import AnchorExpression, Anchor, DimensionAnchor, XAnchor, YAnchor
    from .animation import AnimationCurve, animate, perform_without_animation
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
        EquationError,
        FileError,
        InterfaceBuilderError,
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
    from .equations import constraints_with_equations
    from . import errors, geometry, render
    # The submodules reachable as attributes (the last entries of _LAZY).
    from . import (
        algebra,
        anchors,
        animation,
        constraint,
        document,
        engine,
        enums,
        expressions,
        interface_builder,
        items,
        solver,
        solver_items,
        stack_view,
        view,
        view_geometry,
        visual_format,
    )
    from .document import Document, load_document, save_document
    from .interface_builder import InterfaceBuilderDocument, load_interface_builder


#: The version of this Python package.
__version__ = "0.12.0"


class _LibraryVersion(str):
    """The version string of the loaded ``libtether.so`` (``tether_version_string()``): a value,
    like ``__version__``, ``ABI_VERSION`` and ``library_path`` beside it. Until 0.9 it was a
    function; calling it still returns the same string, so such code keeps working."""

    def __call__(self) -> str:
        return str(self)


#: The version string of the loaded ``libtether.so`` (``tether_version_string()``), e.g. "0.10.0".
library_version: str = _LibraryVersion(_version_string())


# Spelt out (not `*_GEOMETRY_NAMES`, `*_ERROR_NAMES`): a type checker reads a literal list only, and
# takes the names it lists as the ones `tether` exports.
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
    "constraints_with_equations",
    "FormatOptions",
    "Ambiguity",
    "Attribute",
    "Axis",
    "LayoutDirection",
    "SemanticContentAttribute",
    "Autoresizing",
    "LayoutPriority",
    "LAYOUT_FITTING_COMPRESSED_SIZE",
    "LAYOUT_FITTING_EXPANDED_SIZE",
    "NO_INTRINSIC_METRIC",
    "EdgeInsets",
    "Point",
    "Rect",
    "Size",
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
    "BufferTooSmallError",
    "CallbackFailedError",
    "ConverterError",
    "ConverterNotFoundError",
    "DocumentError",
    "DuplicateError",
    "EquationError",
    "FileError",
    "InterfaceBuilderError",
    "InternalError",
    "InUseError",
    "InvalidArgumentError",
    "InvalidHandleError",
    "InvalidIdError",
    "InvalidPairingError",
    "InvalidStateError",
    "InvalidUTF8Error",
    "NotFoundError",
    "OutOfMemoryError",
    "TetherError",
    "UnsatisfiableConstraintError",
    "VisualFormatError",
    # pictures
    "render",
    # layout documents
    "Document",
    "load_document",
    "save_document",
    # Interface Builder documents
    "InterfaceBuilderDocument",
    "load_interface_builder",
    # animation
    "AnimationCurve",
    "animate",
    "perform_without_animation",
]
