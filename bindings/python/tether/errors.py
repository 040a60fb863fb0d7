"""Exceptions raised by the Tether binding.

Every failing C call returns a ``tether_status``; :func:`tether._ffi.check` turns it into one of
the exceptions below, with the message from ``tether_last_error()``. All of them derive from
:class:`TetherError`, which carries the numeric status in ``.status``.

=============================  ==========================  =====================================
status                         exception                   also a
=============================  ==========================  =====================================
TETHER_E_NULL_ARGUMENT (1)     :class:`InvalidArgumentError`  ``ValueError``
TETHER_E_INVALID_HANDLE (2)    :class:`InvalidHandleError`
TETHER_E_INVALID_ID (3)        :class:`InvalidIdError`
TETHER_E_INVALID_ARGUMENT (4)  :class:`InvalidArgumentError`  ``ValueError``
TETHER_E_BUFFER_TOO_SMALL (5)  :class:`BufferTooSmallError`
TETHER_E_UNSATISFIABLE (6)     :class:`UnsatisfiableConstraintError`
TETHER_E_DUPLICATE (7)         :class:`DuplicateError`
TETHER_E_NOT_FOUND (8)         :class:`NotFoundError`      ``LookupError``
TETHER_E_INVALID_UTF8 (9)      :class:`InvalidUTF8Error`
TETHER_E_IN_USE (10)           :class:`InUseError`
TETHER_E_INVALID_STATE (11)    :class:`InvalidStateError`
TETHER_E_INTERNAL (12)         :class:`InternalError`
TETHER_E_CALLBACK_FAILED (13)  :class:`CallbackFailedError`
TETHER_E_PARSE (14)            :class:`VisualFormatError`   ``ValueError``
TETHER_E_IO (15)               :class:`FileError`           ``OSError``
TETHER_E_NO_MEMORY (16)        :class:`OutOfMemoryError`    ``MemoryError``
=============================  ==========================  =====================================

A status the binding does not know raises the base :class:`TetherError`.

:class:`DocumentError` (also a ``ValueError``) is raised instead of :class:`VisualFormatError` for
``TETHER_E_PARSE`` from a layout document (:func:`tether.load_document`), with the JSON path, and
:class:`EquationError` (also a ``ValueError``) for ``TETHER_E_PARSE`` from equation text
(:func:`tether.constraints_with_equations`), with the column.

:class:`ConverterNotFoundError` and :class:`ConverterError` (both also ``RuntimeError``) come from
:func:`tether.render.png`, not from the library: no program to turn SVG into PNG is installed, or
the one used failed.

:class:`InvalidPairingError` (an :class:`InvalidArgumentError` that is also a ``TypeError``) is
raised instead of :class:`InvalidArgumentError` when a layout constraint relates attributes of
different kinds (an x-axis location with a y-axis one, a size with a location): the typed anchors
(:class:`tether.XAnchor`, :class:`tether.YAnchor`, :class:`tether.DimensionAnchor`) make such
pairings a type error, and the message is still Apple's, from the library.

An exception raised by a Python callback (a view's ``measure`` callable, a layout hook, a
diagnostic handler) is not wrapped: it propagates unchanged out of the call that ran the layout
pass (see :class:`tether.Engine`).

May import: nothing of the package: every module may raise these.
"""

from __future__ import annotations

from typing import Any, List, Optional

__all__ = [
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
    "CallbackFailedError",
    "InvalidPairingError",
    "VisualFormatError",
    "EquationError",
    "FileError",
    "OutOfMemoryError",
    "ConverterError",
    "ConverterNotFoundError",
    "DocumentError",
    "InterfaceBuilderError",
]


class TetherError(Exception):
    """Base class of every error reported by the Tether library.

    Attributes:
        status: the ``tether_status`` code of the failing call (``None`` when the error was
            detected by the binding before any call, e.g. on a closed solver).
        message: the library's message (``tether_last_error()``), also ``str(error)``.
        index: for batch operations (:meth:`tether.Solver.add_all`), the index of the item that
            failed; ``None`` otherwise.
    """

    #: The default status of the class, used when none is given.
    default_status: Optional[int] = None

    def __init__(self, message: str = "", status: Optional[int] = None) -> None:
        super().__init__(message)
        self.message: str = message
        self.status: Optional[int] = self.default_status if status is None else status
        self.index: Optional[int] = None

    def __str__(self) -> str:
        return self.message


class InvalidHandleError(TetherError):
    """The solver handle is not live (the solver was closed or freed)."""

    default_status = 2


class InvalidIdError(TetherError):
    """A variable or constraint id is not live in this solver: freed, stale, or foreign."""

    default_status = 3


class InvalidArgumentError(TetherError, ValueError):
    """A number is NaN or infinite, an enum is out of range, or a priority is outside (0, 1000].

    Also raised for ``TETHER_E_NULL_ARGUMENT`` (a required pointer was NULL), which the binding
    never causes on purpose.
    """

    default_status = 4


class BufferTooSmallError(TetherError):
    """A caller buffer was too small. The binding retries internally, so seeing this is a bug."""

    default_status = 5


class UnsatisfiableConstraintError(TetherError):
    """A required constraint cannot hold together with the other required constraints.

    The solver is exactly as it was before the failing call.

    Attributes:
        conflicts: the minimal list of added :class:`tether.solver.Constraint` objects the rejected
            constraint conflicts with (from ``tether_solver_conflict``), in increasing id order.
            Removing any one of them would let the rejected constraint be added.
        constraint: the rejected constraint (a :class:`tether.solver.Constraint`), when known.
    """

    default_status = 6

    def __init__(self, message: str = "", status: Optional[int] = None) -> None:
        super().__init__(message, status)
        self.conflicts: List[Any] = []
        self.constraint: Any = None


class DuplicateError(TetherError):
    """The constraint is already added, or the variable already is an edit variable."""

    default_status = 7


class NotFoundError(TetherError, LookupError):
    """The constraint is not added, or the variable is not an edit variable."""

    default_status = 8


class InvalidUTF8Error(TetherError):
    """A string argument is not valid UTF-8."""

    default_status = 9


class InUseError(TetherError):
    """The object is still referenced (e.g. a variable used by a live constraint)."""

    default_status = 10


class InvalidStateError(TetherError):
    """The operation is not allowed in the object's current state.

    For example changing a priority between required and optional while the constraint is added.
    """

    default_status = 11


class InternalError(TetherError):
    """An internal invariant of the library failed; please report it with the message."""

    default_status = 12


class CallbackFailedError(TetherError):
    """A host callback reported a failure and the layout pass was abandoned.

    The binding re-raises the Python callback's own exception instead, so this is only seen when
    the library reports a failure that no Python callback raised.
    """

    default_status = 13


class InvalidPairingError(InvalidArgumentError, TypeError):
    """A layout constraint relates attributes of different kinds (Apple's "Invalid pairing").

    An x-axis location with a y-axis one, or a size with a location. Also a ``TypeError`` (the
    typed anchors make such a pairing a type error) and an :class:`InvalidArgumentError`, the
    status the library returned (``TETHER_E_INVALID_ARGUMENT``); the message is the library's.
    """

    default_status = 4


class VisualFormatError(TetherError, ValueError):
    """A visual format could not be parsed (``TETHER_E_PARSE``).

    ``str(error)`` is Apple's message: ``Unable to parse constraint format:`` then the reason, the
    format and a caret under the failing column (for the empty format, just the reason).

    Attributes:
        position: the 0-based column of the caret in the format, counted in characters (user-
            perceived characters; the same as the ``str`` index for ASCII formats), or ``None``
            when not known.
        format: the format that failed (``None`` when not known).
    """

    default_status = 14

    def __init__(
        self,
        message: str = "",
        status: Optional[int] = None,
        position: Optional[int] = None,
        format: Optional[str] = None,  # noqa: A002 - Apple's name
    ) -> None:
        super().__init__(message, status)
        self.position: Optional[int] = position
        self.format: Optional[str] = format


class EquationError(TetherError, ValueError):
    """Equation text could not be made into constraints (``TETHER_E_PARSE`` from
    :func:`tether.constraints_with_equations`): a syntax error, a name in neither ``views`` nor
    ``metrics``, or an equation Auto Layout rejects. Nothing was made.

    ``str(error)`` is ``Unable to parse constraint equation:`` then the reason, the failing line
    and a caret under the failing column.

    Attributes:
        position: the 0-based column of the caret, counted in characters from the start of the
            whole text, or ``None`` when not known.
        text: the text that failed (``None`` when not known).
    """

    default_status = 14

    def __init__(
        self,
        message: str = "",
        status: Optional[int] = None,
        position: Optional[int] = None,
        text: Optional[str] = None,
    ) -> None:
        super().__init__(message, status)
        self.position: Optional[int] = position
        self.text: Optional[str] = text


class FileError(TetherError, OSError):
    """A file could not be written or read (``TETHER_E_IO``), e.g. by
    :func:`tether.render.svg` with a ``path``. ``str(error)`` names the path and the system's
    reason. Also an ``OSError``, so ``except OSError`` catches it with Python's own I/O errors.
    """

    default_status = 15


class OutOfMemoryError(TetherError, MemoryError):
    """The memory a call needs could not be allocated (``TETHER_E_NO_MEMORY``): a count so
    large that what the library must allocate for it is more than the system gives. Nothing was
    changed. Also a ``MemoryError``.
    """

    default_status = 16


class ConverterError(TetherError, RuntimeError):
    """An SVG document could not be converted to PNG (:func:`tether.render.png`): the converter
    failed; ``str(error)`` holds what it reported. Detected by the binding (``status`` is None).
    """


class ConverterNotFoundError(ConverterError):
    """No SVG to PNG converter is installed (:func:`tether.render.png`). ``str(error)`` names what
    to install: ``rsvg-convert`` (Debian's ``librsvg2-bin``) or the ``cairosvg`` package.
    """


class DocumentError(TetherError, ValueError):
    """A layout document is not valid (``TETHER_E_PARSE`` from :func:`tether.load_document`).

    ``str(error)`` is the library's message, ``<JSON path>: <message>``, e.g.
    ``$.views[0].constraints[2].first: unknown item "hedaer" (did you mean "header"?)``.

    Attributes:
        path: the JSON path of the culprit (``"$"`` for the document itself).
        reason: the message without the path (for text that is not JSON it starts with
            ``line L, column C:``).
        line, column: where text that is not JSON (or not UTF-8) fails, 1-based (columns count
            characters); ``None`` for errors found after parsing.
    """

    default_status = 14

    def __init__(
        self,
        message: str = "",
        status: Optional[int] = None,
        path: str = "$",
        reason: str = "",
        line: Optional[int] = None,
        column: Optional[int] = None,
    ) -> None:
        super().__init__(message, status)
        self.path: str = path
        self.reason: str = reason or message
        self.line: Optional[int] = line
        self.column: Optional[int] = column


class InterfaceBuilderError(TetherError, ValueError):
    """An Interface Builder document cannot be imported (``TETHER_E_PARSE`` from
    :func:`tether.load_interface_builder`): XML that is not well-formed or not UTF-8, a root
    element other than ``<document>``, a value that cannot be read, a reference to an id no
    element has, an id used twice.

    ``str(error)`` is the library's message, ``line L, column C: <message>``.

    Attributes:
        line, column: where the import stopped, 1-based (columns count characters).
        reason: the message without the position.
    """

    default_status = 14

    def __init__(
        self,
        message: str = "",
        status: Optional[int] = None,
        line: int = 0,
        column: int = 0,
        reason: str = "",
    ) -> None:
        super().__init__(message, status)
        self.line: int = line
        self.column: int = column
        self.reason: str = reason or message
