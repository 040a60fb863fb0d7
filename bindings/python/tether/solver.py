"""The raw Tether solver, Pythonic.

A :class:`Solver` owns variables and constraints. A constraint is a linear relation
``sum(coefficient * variable) + constant  RELATION  0`` at a priority in (0, 1000]; 1000
(:data:`REQUIRED`) is required. Optional constraints are satisfied in strict priority order (one
constraint at priority q beats any number of constraints at p < q); within one priority the sum of
absolute errors is minimised. Variables that no constraint determines come out 0.

Example::

    from tether import Solver

    with Solver() as solver:
        left = solver.variable("left")
        width = solver.variable("width")
        solver.add(left >= 0)
        solver.add(left + width <= 400)
        solver.add(width == 500, priority=750)   # optional: as close as possible
        solver.update()
        print(left.value, width.value)           # 0.0 400.0

Expressions are built with ``+``, ``-``, unary ``-``, and ``*`` and ``/`` by numbers, on
:class:`Variable`, :class:`Term` and :class:`Expression`; ``==``, ``<=`` and ``>=`` between them
(or with numbers) give a :class:`LinearConstraint`, a plain description that
:meth:`Solver.constraint` turns into a :class:`Constraint` of the solver and :meth:`Solver.add`
adds.

Building in bulk: each library call costs a few microseconds through ctypes, more than the solver
spends on a small constraint. For large layouts, :meth:`Solver.variables` makes many variables in
one call, :meth:`Solver.constraints` makes many constraints from flat lists of numbers in one
call, and :meth:`Solver.add_all` adds them in one more; :meth:`Solver.values` reads the solution
back in one call::

    with Solver() as solver:
        xs = solver.variables(3)                       # x0, x1, x2
        a, b, c = xs.ids                               # their ids (ints)
        block = solver.constraints(                    # x0 == 10, x1 == x0 + 5, x2 >= x1 @500
            term_counts=[1, 2, 2],
            variables=[a, b, a, c, b],
            coefficients=[1, 1, -1, 1, -1],
            constants=[-10, -5, 0],
            relations=[Relation.EQUAL, Relation.EQUAL, Relation.GREATER_THAN_OR_EQUAL],
            priorities=[REQUIRED, REQUIRED, 500],
        )
        solver.add_all(block)
        solver.update()
        print(xs.values())                             # [10.0, 15.0, 15.0]

Threads: ctypes releases the GIL during every C call, and the library allows one object to be
used from one thread at a time. Each :class:`Solver` therefore holds a :class:`threading.RLock`
that serialises every call into the library for that solver, including the properties of its
variables and constraints. Different solvers run in parallel.

Lifetime: variables and constraints live in the solver until :meth:`Solver.free` frees them or the
solver is closed. Python objects keep their solver alive; the same id always maps to the same
Python object while that object is alive.
"""

from __future__ import annotations

import numbers
import threading
import weakref
from array import array
from collections.abc import Sequence as _SequenceABC
from ctypes import byref, c_char_p, c_double, c_int32, c_size_t, c_uint32, c_uint64, c_void_p
from dataclasses import dataclass
from enum import IntEnum
from typing import (
    Any,
    Iterable,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from . import _ffi
from ._buffers import call_for_string, call_with_buffers
from ._ffi import _dll, check
from ._handle import OwnedHandle
from .errors import (
    InvalidArgumentError,
    InvalidHandleError,
    InvalidIdError,
    TetherError,
    UnsatisfiableConstraintError,
)

__all__ = [
    "REQUIRED",
    "Relation",
    "Variable",
    "Term",
    "Expression",
    "LinearConstraint",
    "Constraint",
    "SolverStats",
    "Solver",
    "Variables",
    "Constraints",
]

#: The required priority. Anything in (0, 1000) is optional.
REQUIRED: float = _ffi.PRIORITY_REQUIRED

Number = Union[int, float]


class Relation(IntEnum):
    """The relation of a constraint (raw values as Apple's ``NSLayoutRelation``)."""

    LESS_THAN_OR_EQUAL = -1
    EQUAL = 0
    GREATER_THAN_OR_EQUAL = 1

    @property
    def symbol(self) -> str:
        """``"<="``, ``"=="`` or ``">="``."""
        return _RELATION_SYMBOLS[self]


_RELATION_SYMBOLS = {
    Relation.LESS_THAN_OR_EQUAL: "<=",
    Relation.EQUAL: "==",
    Relation.GREATER_THAN_OR_EQUAL: ">=",
}


_PLAIN_NUMBERS = (float, int)


def _is_number(value: Any) -> bool:
    # Plain floats and ints first: an ABC isinstance check costs about ten times more, and
    # expressions check every operand.
    return type(value) in _PLAIN_NUMBERS or isinstance(value, numbers.Real)


def _format_number(value: float) -> str:
    """Shortest round-tripping text, without a trailing ``.0`` for whole numbers."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


# ------------------------------------------------------------------------------------------------
# Linear expressions
# ------------------------------------------------------------------------------------------------


class _Linear:
    """Arithmetic shared by :class:`Variable`, :class:`Term` and :class:`Expression`."""

    __slots__ = ()

    def _expression(self) -> "Expression":
        raise NotImplementedError

    @staticmethod
    def _coerce(other: Any) -> Optional["Expression"]:
        if isinstance(other, _Linear):
            return other._expression()
        if _is_number(other):
            return Expression((), float(other))
        return None

    def __add__(self, other: Any) -> "Expression":
        rhs = self._coerce(other)
        if rhs is None:
            return NotImplemented
        lhs = self._expression()
        return Expression(lhs.terms + rhs.terms, lhs.constant + rhs.constant)

    def __radd__(self, other: Any) -> "Expression":
        lhs = self._coerce(other)
        if lhs is None:
            return NotImplemented
        rhs = self._expression()
        return Expression(lhs.terms + rhs.terms, lhs.constant + rhs.constant)

    def __sub__(self, other: Any) -> "Expression":
        rhs = self._coerce(other)
        if rhs is None:
            return NotImplemented
        return self + (-rhs)

    def __rsub__(self, other: Any) -> "Expression":
        lhs = self._coerce(other)
        if lhs is None:
            return NotImplemented
        return lhs + (-self._expression())

    def __mul__(self, other: Any) -> "_Linear":
        if not _is_number(other):
            return NotImplemented
        return self._scaled(float(other))

    def __rmul__(self, other: Any) -> "_Linear":
        if not _is_number(other):
            return NotImplemented
        return self._scaled(float(other))

    def __truediv__(self, other: Any) -> "_Linear":
        if not _is_number(other):
            return NotImplemented
        divisor = float(other)
        if divisor == 0.0:
            raise ZeroDivisionError("division of a linear expression by zero")
        return self._scaled(1.0 / divisor)

    def __neg__(self) -> "_Linear":
        return self._scaled(-1.0)

    def __pos__(self) -> "_Linear":
        return self

    def _scaled(self, factor: float) -> "_Linear":
        expression = self._expression()
        return Expression(
            tuple(Term(t.variable, t.coefficient * factor) for t in expression.terms),
            expression.constant * factor,
        )

    def _relation(self, other: Any, relation: Relation) -> "LinearConstraint":
        rhs = self._coerce(other)
        if rhs is None:
            return NotImplemented  # type: ignore[no-any-return]
        made = LinearConstraint(self - rhs, relation)
        if relation is Relation.EQUAL:
            made._identical = self is other
        return made

    def __eq__(self, other: Any) -> "LinearConstraint":  # type: ignore[override]
        return self._relation(other, Relation.EQUAL)

    def __le__(self, other: Any) -> "LinearConstraint":
        return self._relation(other, Relation.LESS_THAN_OR_EQUAL)

    def __ge__(self, other: Any) -> "LinearConstraint":
        return self._relation(other, Relation.GREATER_THAN_OR_EQUAL)

    def __ne__(self, other: Any) -> bool:
        raise TypeError("'!=' is not a linear relation; use ==, <= or >=")

    def __lt__(self, other: Any) -> bool:
        raise TypeError("'<' is not supported in constraints; use <= (constraints are not strict)")

    def __gt__(self, other: Any) -> bool:
        raise TypeError("'>' is not supported in constraints; use >= (constraints are not strict)")

    __hash__ = None  # type: ignore[assignment]

    @property
    def value(self) -> float:
        """The value with the variables' values as of the last :meth:`Solver.update`."""
        expression = self._expression()
        return expression.constant + sum(
            t.coefficient * t.variable.value for t in expression.terms
        )


class Variable(_Linear):
    """A variable of one :class:`Solver` (make it with :meth:`Solver.variable`).

    ``value`` is the value as of the last :meth:`Solver.update` (0 before the first).
    Variables hash by identity, so they can be dictionary keys even though ``==`` builds a
    :class:`LinearConstraint`.
    """

    __slots__ = ("_solver", "_id", "_name", "__weakref__")

    def __init__(self, solver: "Solver", variable_id: int, name: str) -> None:
        """Internal: use :meth:`Solver.variable`."""
        self._solver = solver
        self._id = variable_id
        self._name = name

    __hash__ = object.__hash__  # type: ignore[assignment]

    def _expression(self) -> "Expression":
        return Expression((Term(self, 1.0),), 0.0)

    @property
    def id(self) -> int:
        """The variable's ``tether_variable`` id."""
        return self._id

    @property
    def solver(self) -> "Solver":
        """The solver that owns the variable."""
        return self._solver

    @property
    def name(self) -> str:
        """The name given at creation (``""`` when none)."""
        return self._name

    @property
    def value(self) -> float:
        """The value as of the last :meth:`Solver.update` (0 before the first)."""
        return self._solver._variable_value(self)

    def _scaled(self, factor: float) -> "Term":
        return Term(self, factor)

    def __str__(self) -> str:
        return self._name or f"v{self._id}"

    def __repr__(self) -> str:
        return f"<tether.Variable {str(self)!r}>"


class Term(_Linear):
    """``coefficient * variable``."""

    __slots__ = ("variable", "coefficient")

    def __init__(self, variable: Variable, coefficient: Number = 1.0) -> None:
        """Makes ``coefficient * variable``."""
        if not isinstance(variable, Variable):
            raise TypeError(f"a Term needs a tether.Variable, not {type(variable).__name__}")
        if not _is_number(coefficient):
            raise TypeError(f"a coefficient must be a number, not {type(coefficient).__name__}")
        self.variable: Variable = variable
        self.coefficient: float = float(coefficient)

    def _expression(self) -> "Expression":
        return Expression((self,), 0.0)

    def _scaled(self, factor: float) -> "Term":
        return Term(self.variable, self.coefficient * factor)

    def __str__(self) -> str:
        return f"{_format_number(self.coefficient)} * {self.variable}"

    def __repr__(self) -> str:
        return f"<tether.Term {self}>"


class Expression(_Linear):
    """``sum(terms) + constant``. Terms are kept as given (duplicates are summed by the solver)."""

    __slots__ = ("terms", "constant")

    def __init__(self, terms: Iterable[Term] = (), constant: Number = 0.0) -> None:
        """Makes ``sum(terms) + constant``."""
        terms = tuple(terms)
        for term in terms:
            if not isinstance(term, Term):
                raise TypeError(f"Expression terms must be Terms, not {type(term).__name__}")
        if not _is_number(constant):
            raise TypeError(f"a constant must be a number, not {type(constant).__name__}")
        self.terms: Tuple[Term, ...] = terms
        self.constant: float = float(constant)

    def _expression(self) -> "Expression":
        return self

    def __str__(self) -> str:
        text = ""
        for term in self.terms:
            coefficient = term.coefficient
            magnitude = abs(coefficient)
            factor = "" if magnitude == 1.0 else f"{_format_number(magnitude)} * "
            if not text:
                text = ("-" if coefficient < 0 else "") + factor + str(term.variable)
            else:
                text += (" - " if coefficient < 0 else " + ") + factor + str(term.variable)
        if not text:
            return _format_number(self.constant)
        if self.constant != 0.0:
            sign = " - " if self.constant < 0 else " + "
            text += sign + _format_number(abs(self.constant))
        return text

    def __repr__(self) -> str:
        return f"<tether.Expression {self}>"


class LinearConstraint:
    """An unadded description ``expression RELATION 0``, made by ``==``, ``<=`` or ``>=``.

    Turn it into a solver :class:`Constraint` with :meth:`Solver.constraint` or
    :meth:`Solver.add`.

    Truth value: ``bool(a == b)`` is ``a is b`` (identity), so that ``in``, ``list.index`` and
    ``list.remove`` work on lists of variables as they do for plain objects. Other constraints
    (``<=``, ``>=``, or made directly) have no truth value: ``bool()`` raises ``TypeError``.
    """

    __slots__ = ("expression", "relation", "_identical")

    def __init__(self, expression: Union[Expression, Variable, Term], relation: Relation) -> None:
        """Makes ``expression relation 0``."""
        if not isinstance(expression, _Linear):
            raise TypeError(f"expected a linear expression, not {type(expression).__name__}")
        self.expression: Expression = expression._expression()
        self.relation: Relation = Relation(relation)
        self._identical: Optional[bool] = None

    def __bool__(self) -> bool:
        if self._identical is None:
            raise TypeError(
                "this LinearConstraint has no truth value; only `a == b` has one (a is b)"
            )
        return self._identical

    def __str__(self) -> str:
        return f"{self.expression} {self.relation.symbol} 0"

    def __repr__(self) -> str:
        return f"<tether.LinearConstraint {self}>"


# ------------------------------------------------------------------------------------------------
# Solver-owned constraints
# ------------------------------------------------------------------------------------------------


class Constraint:
    """A constraint owned by a :class:`Solver` (from :meth:`Solver.constraint`/:meth:`Solver.add`).

    Everything is read from the library on access; a freed constraint raises
    :class:`~tether.InvalidIdError`. The same constraint id always gives the same Python object.
    """

    __slots__ = ("_solver", "_id", "__weakref__")

    def __init__(self, solver: "Solver", constraint_id: int) -> None:
        """Internal: use :meth:`Solver.constraint` or :meth:`Solver.add`."""
        self._solver = solver
        self._id = constraint_id

    @property
    def id(self) -> int:
        """The constraint's ``tether_constraint`` id."""
        return self._id

    @property
    def solver(self) -> "Solver":
        """The solver that owns the constraint."""
        return self._solver

    @property
    def added(self) -> bool:
        """Whether the constraint is added to its solver (same as ``c in solver``)."""
        return self._solver._is_added(self)

    @property
    def constant(self) -> float:
        """The constant term. Setting it changes the constraint in place and re-solves.

        Setting raises :class:`~tether.UnsatisfiableConstraintError` (and changes nothing) when
        an added required constraint could no longer hold.
        """
        return float(self._solver._info(self).constant)

    @constant.setter
    def constant(self, value: Number) -> None:
        self._solver._set_constant(self, value)

    @property
    def priority(self) -> float:
        """The priority in (0, 1000]. Any change is allowed while the constraint is not added;
        while added, optional↔optional changes are allowed and required↔optional ones raise
        :class:`~tether.InvalidStateError`."""
        return float(self._solver._info(self).priority)

    @priority.setter
    def priority(self, value: Number) -> None:
        self._solver._set_priority(self, value)

    @property
    def required(self) -> bool:
        """Whether the priority is :data:`REQUIRED`."""
        return self.priority == REQUIRED

    @property
    def relation(self) -> Relation:
        """The :class:`Relation`."""
        return Relation(self._solver._info(self).relation)

    @property
    def terms(self) -> Tuple[Term, ...]:
        """The terms, duplicates summed, in the order first seen."""
        return self._solver._terms(self)

    @property
    def expression(self) -> Expression:
        """``sum(terms) + constant`` as an :class:`Expression`."""
        with self._solver._lock:
            return Expression(self.terms, self.constant)

    def __str__(self) -> str:
        try:
            with self._solver._lock:
                info = self._solver._info(self)
                expression = Expression(self._solver._terms(self), info.constant)
        except TetherError:
            return f"<freed constraint {self._id}>"
        text = f"{expression} {Relation(info.relation).symbol} 0"
        if info.priority != REQUIRED:
            text += f" @{_format_number(info.priority)}"
        return text

    def __repr__(self) -> str:
        return f"<tether.solver.Constraint {self._id}: {self}>"


@dataclass(frozen=True)
class SolverStats:
    """A snapshot of a solver's size (``tether_solver_stats``)."""

    variables: int  #: live variables
    constraints: int  #: live constraints (added or not)
    added: int  #: added constraints, edit constraints excluded
    edits: int  #: edit variables
    rows: int  #: tableau rows
    cells: int  #: non-zero tableau cells
    pivots: int  #: simplex pivots since the solver was made
    #: bytes held by the solver's arrays (capacity × element size, doubling slack included;
    #: ``tether_solver_storage``, 0.6)
    bytes: int
    definitions: int  #: required equalities kept outside the tableau as definitions

    @classmethod
    def _from_c(cls, raw: Any, storage: Any) -> "SolverStats":
        """Internal: from a ``tether_solver_stats`` and a ``tether_solver_storage``."""
        return cls(variables=raw.variables, constraints=raw.constraints, added=raw.added,
                   edits=raw.edits, rows=raw.rows, cells=raw.cells, pivots=raw.pivots,
                   bytes=storage.bytes, definitions=storage.definitions)


# ------------------------------------------------------------------------------------------------
# Blocks: many variables or constraints made in one call
# ------------------------------------------------------------------------------------------------

# array typecodes of the C types (array's own sizes are the platform's C sizes).
_U32 = next(code for code in ("I", "L") if array(code).itemsize == 4)
_I32 = next(code for code in ("i", "l") if array(code).itemsize == 4)


def _pointer(ctype: Any, values: "array[Any]") -> Any:
    """A pointer argument to the elements of the array ``values``, without copying (``None``
    when empty): ``byref`` of a ``ctype`` over the array's first element. That object holds the
    array's buffer until the call returns, so the array cannot be resized meanwhile (ctypes
    releases the GIL during the call).

    Not ``(ctype * n).from_buffer``: making an array type of a new length costs tens of
    microseconds, more than reading thousands of values."""
    if len(values) == 0:
        return None
    return byref(ctype.from_buffer(values))


class Variables(_SequenceABC):
    """Variables made together by :meth:`Solver.variables`: a read-only sequence of
    :class:`Variable`, kept as an array of ids.

    ``block[i]`` is the :class:`Variable` of the i-th id (made on first access; the same object
    each time while it lives); a slice is a block of those variables (no copy of Python objects,
    e.g. ``block[0::4]``). :attr:`ids` is the array of ids itself, which
    :meth:`Solver.constraints` and :meth:`Solver.values` take without any per-variable Python
    work; :meth:`values` reads every value in one call.
    """

    __slots__ = ("_solver", "_ids", "_names")

    def __init__(self, solver: "Solver", ids: "array[int]", names: Optional[List[str]]) -> None:
        """Internal: use :meth:`Solver.variables`."""
        self._solver = solver
        self._ids = ids
        self._names = names

    @property
    def solver(self) -> "Solver":
        """The solver that owns the variables."""
        return self._solver

    @property
    def ids(self) -> "array[int]":
        """The variables' ids, an ``array('Q')`` in order (do not modify it)."""
        return self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            names = self._names[index] if self._names is not None else None
            return Variables(self._solver, self._ids[index], names)
        variable_id = self._ids[index]
        if index < 0:
            index += len(self._ids)
        name = self._names[index] if self._names is not None else ""
        return self._solver._variable_for(variable_id, name)

    def __contains__(self, item: object) -> bool:
        return isinstance(item, Variable) and item._solver is self._solver and item._id in self._ids

    def values(self, *, as_array: bool = False) -> Union[List[float], "array[float]"]:
        """The values of every variable of the block as of the last :meth:`Solver.update`, in
        order, in one library call (an ``array('d')`` with ``as_array=True``, see
        :meth:`Solver.values`)."""
        return self._solver.values(self, as_array=as_array)

    def __repr__(self) -> str:
        return f"<tether.Variables of {len(self._ids)}>"


class Constraints(_SequenceABC):
    """Constraints made together by :meth:`Solver.constraints`: a read-only sequence of
    :class:`Constraint`, kept as an array of ids. Add them all with :meth:`Solver.add_all` (one
    library call). ``block[i]`` is the :class:`Constraint` of the i-th id; a slice is a block of
    those constraints (``block[::-1]`` adds them in reverse order); :attr:`ids` the array of ids.
    """

    __slots__ = ("_solver", "_ids")

    def __init__(self, solver: "Solver", ids: "array[int]") -> None:
        """Internal: use :meth:`Solver.constraints`."""
        self._solver = solver
        self._ids = ids

    @property
    def solver(self) -> "Solver":
        """The solver that owns the constraints."""
        return self._solver

    @property
    def ids(self) -> "array[int]":
        """The constraints' ids, an ``array('Q')`` in order (do not modify it)."""
        return self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return Constraints(self._solver, self._ids[index])
        return self._solver._constraint_for(self._ids[index])

    def __contains__(self, item: object) -> bool:
        return (
            isinstance(item, Constraint) and item._solver is self._solver and item._id in self._ids
        )

    def __repr__(self) -> str:
        return f"<tether.Constraints of {len(self._ids)}>"


# ------------------------------------------------------------------------------------------------
# The solver
# ------------------------------------------------------------------------------------------------


def _numbers_array(typecode: str, values: Any, what: str) -> "array[Any]":
    """``values`` as an ``array(typecode)`` (an array of that typecode as it is)."""
    if isinstance(values, array) and values.typecode == typecode:
        return values
    try:
        return array(typecode, values if isinstance(values, (list, tuple)) else list(values))
    except OverflowError:
        raise InvalidArgumentError(f"{what}: a value is out of range",
                                   _ffi.E_INVALID_ARGUMENT) from None
    except TypeError as error:
        raise TypeError(f"{what} must be numbers: {error}") from None


# The item types `_common_value` passes on as one value: ints (Relation is an IntEnum) for
# relations, ints and floats for priorities, as the one-value paths of `Solver.constraints` take.
_RELATION_TYPES = (int,)
_PRIORITY_TYPES = (int, float)


def _common_value(values: Any, count: int, kinds: "tuple[type, ...]") -> Any:
    """The first item of a list or tuple of ``count`` items that all equal it (``==``), when it
    is one of ``kinds`` and not a bool; else ``values`` as given (a wrong length is left for the
    caller to report).

    Why: a workload that gives every constraint the same relation or priority would otherwise
    pay a conversion per item (about 50 ns each: a twentieth of a 100,000-view build through
    the batch) and hand the library an array of copies; one value goes through the one-value
    path, which checks it as the array path checks each item. ``list.count`` compares in C, so
    an item that equals the first but is another number type (``0.0`` among ``0`` relations)
    is taken as the first, where the array path would have rejected a float relation.
    """
    if type(values) not in (list, tuple) or len(values) != count or not values:
        return values
    first = values[0]
    if type(first) is bool or not isinstance(first, kinds) or values.count(first) != len(values):
        return values
    return first


def _to_float(value: Any, what: str) -> float:
    if not _is_number(value):
        raise TypeError(f"{what} must be a number, not {type(value).__name__}")
    return float(value)


class Solver(OwnedHandle):
    """An incremental simplex solver with strict priorities (a ``tether_solver`` handle).

    Use it as a context manager or call :meth:`close` to free the library object at once;
    otherwise it is freed when garbage collected (its variables and constraints keep it alive).

    Every call into the library is serialised by a per-solver :class:`threading.RLock`, because
    ctypes releases the GIL and the library allows one thread per object at a time.
    """

    _FREE_FUNCTION = "tether_solver_free"

    def __init__(self) -> None:
        """Makes an empty solver."""
        self._handle: Optional[int] = None
        self._lock = threading.RLock()
        self._variables: "weakref.WeakValueDictionary[int, Variable]" = (
            weakref.WeakValueDictionary()
        )
        self._constraints: "weakref.WeakValueDictionary[int, Constraint]" = (
            weakref.WeakValueDictionary()
        )
        handle = c_void_p()
        check(_dll.tether_solver_new(byref(handle)))
        self._handle = handle.value

    # -- lifetime ---------------------------------------------------------------------------

    def close(self) -> None:
        """Frees the library object. Later calls raise :class:`~tether.InvalidHandleError`.

        Closing twice is harmless.
        """
        with self._lock:
            handle, self._handle = self._handle, None
            if handle is not None:
                check(_dll.tether_solver_free(handle))

    def __repr__(self) -> str:
        state = "closed" if self._handle is None else f"handle=0x{self._handle:x}"
        return f"<tether.Solver {state}>"

    def _h(self) -> int:
        """The live handle (call with the lock held)."""
        handle = self._handle
        if handle is None:
            raise InvalidHandleError("the solver is closed", _ffi.E_INVALID_HANDLE)
        return handle

    # -- id <-> object ----------------------------------------------------------------------

    def _variable_for(self, variable_id: int, name: Optional[str] = None) -> Variable:
        variable = self._variables.get(variable_id)
        if variable is None:
            if name is None:
                name = self._variable_name(variable_id)
            variable = Variable(self, variable_id, name)
            self._variables[variable_id] = variable
        return variable

    def _constraint_for(self, constraint_id: int) -> Constraint:
        constraint = self._constraints.get(constraint_id)
        if constraint is None:
            constraint = Constraint(self, constraint_id)
            self._constraints[constraint_id] = constraint
        return constraint

    def _own_variable(self, variable: Any) -> int:
        if not isinstance(variable, Variable):
            raise TypeError(f"expected a tether.Variable, not {type(variable).__name__}")
        if variable._solver is not self:
            raise InvalidIdError(
                f"variable {str(variable)!r} belongs to another solver", _ffi.E_INVALID_ID
            )
        return variable._id

    def _own_constraint(self, constraint: Any) -> int:
        if not isinstance(constraint, Constraint):
            raise TypeError(f"expected a tether.solver.Constraint, not {type(constraint).__name__}")
        if constraint._solver is not self:
            raise InvalidIdError("the constraint belongs to another solver", _ffi.E_INVALID_ID)
        return constraint._id

    def _check(self, status: int, rejected: Any = None) -> None:
        """:func:`tether._ffi.check`, plus the conflict list for an unsatisfiable constraint."""
        if status == _ffi.OK:
            return
        try:
            check(status)
        except UnsatisfiableConstraintError as error:
            error.constraint = rejected
            error.conflicts = self._read_conflict()
            raise

    # -- variables --------------------------------------------------------------------------

    def variable(self, name: Union[str, bytes] = "") -> Variable:
        """Makes a variable. ``name`` (str, or UTF-8 bytes) is used in dumps and messages.

        Raises:
            InvalidUTF8Error: ``name`` is bytes that are not valid UTF-8.
            InvalidArgumentError: ``name`` contains a NUL character.
        """
        if isinstance(name, str):
            encoded = name.encode("utf-8")
        elif isinstance(name, (bytes, bytearray)):
            encoded = bytes(name)
        else:
            raise TypeError(f"a variable name must be str, not {type(name).__name__}")
        if b"\0" in encoded:  # a C string would silently end there
            raise InvalidArgumentError("a variable name cannot contain NUL", _ffi.E_INVALID_ARGUMENT)
        out = c_uint64()
        with self._lock:
            self._check(_dll.tether_solver_variable_new(self._h(), encoded, byref(out)))
            variable = Variable(self, out.value, encoded.decode("utf-8", "replace"))
            self._variables[out.value] = variable
        return variable

    def variables(
        self, count: int, names: Optional[Sequence[Union[str, bytes, None]]] = None
    ) -> Variables:
        """Makes ``count`` variables in one library call and returns them as a
        :class:`Variables` block (a sequence of :class:`Variable`).

        ``names``, when given, holds one name per variable (str, UTF-8 bytes, or ``None`` for
        none). Either all variables are made or none is.

        Raises:
            InvalidUTF8Error: a name is bytes that are not valid UTF-8 (``.index`` says which).
            InvalidArgumentError: ``count`` is negative, ``names`` has another length, or a name
                contains a NUL character (``.index`` says which).
        """
        if isinstance(count, bool) or not isinstance(count, numbers.Integral):
            raise TypeError(f"a count must be an int, not {type(count).__name__}")
        count = int(count)
        if count < 0:
            raise InvalidArgumentError(f"count {count} is negative", _ffi.E_INVALID_ARGUMENT)
        table = None
        decoded: Optional[List[str]] = None
        if names is not None:
            names = list(names)
            if len(names) != count:
                raise InvalidArgumentError(
                    f"{len(names)} names for {count} variables", _ffi.E_INVALID_ARGUMENT
                )
            encoded: List[Optional[bytes]] = []
            decoded = []
            for index, name in enumerate(names):
                if name is None:
                    encoded.append(None)
                    decoded.append("")
                    continue
                if isinstance(name, str):
                    raw = name.encode("utf-8")
                elif isinstance(name, (bytes, bytearray)):
                    raw = bytes(name)
                else:
                    raise TypeError(
                        f"a variable name must be str, not {type(name).__name__} (index {index})"
                    )
                if b"\0" in raw:
                    error = InvalidArgumentError(
                        f"variable name {index} contains NUL", _ffi.E_INVALID_ARGUMENT
                    )
                    error.index = index
                    raise error
                encoded.append(raw)
                decoded.append(raw.decode("utf-8", "replace"))
            table = (c_char_p * count)(*encoded) if count else None
        ids = array("Q", [0]) * count
        failed = c_size_t(count)
        with self._lock:
            status = _dll.tether_solver_variables_new(
                self._h(), table, count, _pointer(c_uint64, ids), byref(failed)
            )
            if status != _ffi.OK:
                error = _ffi.error_for(status)
                if failed.value < count:
                    error.index = failed.value
                raise error
        return Variables(self, ids, decoded)

    def _id_array(self, variables: Any) -> "array[int]":
        """The ids of ``variables`` (a :class:`Variables` block of this solver, an
        ``array('Q')`` of ids, or an iterable of :class:`Variable` objects and ints) as an
        ``array('Q')``, without copying a block's or an array's ids."""
        if isinstance(variables, Variables):
            if variables._solver is not self:
                raise InvalidIdError("the variables belong to another solver", _ffi.E_INVALID_ID)
            return variables._ids
        if isinstance(variables, array) and variables.typecode == "Q":
            return variables
        items = variables if isinstance(variables, (list, tuple)) else list(variables)
        try:
            return array("Q", items)  # ints only: one C loop
        except TypeError:
            pass
        except OverflowError:
            raise InvalidIdError("a variable id must be a positive 64-bit int",
                                 _ffi.E_INVALID_ID) from None
        out = array("Q")
        for item in items:
            if isinstance(item, Variable):
                out.append(self._own_variable(item))
            elif isinstance(item, numbers.Integral) and not isinstance(item, bool):
                if not 0 <= int(item) < 2**64:
                    raise InvalidIdError(f"{item} is not a variable id", _ffi.E_INVALID_ID)
                out.append(int(item))
            else:
                raise TypeError(f"expected a tether.Variable or an id, not {type(item).__name__}")
        return out

    def _variable_name(self, variable_id: int) -> str:
        with self._lock:
            status, name = call_for_string(
                lambda buffer, capacity, needed: _dll.tether_solver_variable_name(
                    self._h(), variable_id, buffer, capacity, needed), 32)
            self._check(status)
            return name

    def _variable_value(self, variable: Variable) -> float:
        out = c_double()
        with self._lock:
            variable_id = self._own_variable(variable)
            self._check(_dll.tether_solver_variable_value(self._h(), variable_id, byref(out)))
        return out.value

    def values(
        self,
        variables: Union[Variables, Iterable[Union[Variable, int]]],
        *,
        as_array: bool = False,
    ) -> Union[List[float], "array[float]"]:
        """The values of ``variables`` as of the last :meth:`update`, in one library call.

        ``variables`` is an iterable of :class:`Variable` objects or their ids (ints), an
        ``array('Q')`` of ids, or a :class:`Variables` block (read without per-variable Python
        work). With ``as_array=True`` the values come as an ``array('d')`` (indexable and
        iterable like the list, without making a float object per value: the fast way to read a
        large layout).

        Raises:
            InvalidIdError: a variable is freed or belongs to another solver (nothing is read).
        """
        with self._lock:
            values = self._values_for_ids(self._id_array(variables))
        return values if as_array else values.tolist()

    def value_range(self, variable: Variable) -> Tuple[float, float]:
        """``(lower, upper)``: the values ``variable`` takes over all optimal solutions (required
        constraints holding, every priority level at its optimum), from the current state (no
        :meth:`update` needed). Equal bounds mean the solution is unique in it; an unbounded side
        is infinite. The basis of ambiguity checks."""
        lower, upper = c_double(), c_double()
        with self._lock:
            check(_dll.tether_solver_variable_range(self._h(), self._own_variable(variable),
                                                    byref(lower), byref(upper)))
        return lower.value, upper.value

    def value_ranges(self, variables: Iterable[Variable]) -> List[Tuple[float, float]]:
        """``[(lower, upper), ...]``: :meth:`value_range` of each variable, in one call. Asked
        together, the definitions behind the variables are expanded once each, so the ranges of
        every view of a long row or chain cost time proportional to their number (asked one by
        one, the chain is walked again for each).

        Raises:
            InvalidIdError: a variable is freed or belongs to another solver (nothing is read).
        """
        with self._lock:
            ids = self._id_array(variables)
            count = len(ids)
            lowers = array("d", [0.0]) * count
            uppers = array("d", [0.0]) * count
            if count:
                self._check(
                    _dll.tether_solver_variable_ranges(
                        self._h(), _pointer(c_uint64, ids), count,
                        _pointer(c_double, lowers), _pointer(c_double, uppers),
                    )
                )
        return list(zip(lowers, uppers))

    def _values_for_ids(self, ids: "array[int]") -> "array[float]":
        """Internal: one ``tether_solver_variable_values`` call for an ``array('Q')`` of ids."""
        count = len(ids)
        out = array("d", [0.0]) * count
        if count == 0:
            return out
        with self._lock:
            self._check(
                _dll.tether_solver_variable_values(
                    self._h(), _pointer(c_uint64, ids), count, _pointer(c_double, out)
                )
            )
        return out

    # -- constraints ------------------------------------------------------------------------

    def constraint(self, description: LinearConstraint, priority: Number = REQUIRED) -> Constraint:
        """Makes a constraint from ``description`` at ``priority``, not yet added.

        Raises:
            InvalidArgumentError: a coefficient or the constant is not finite, or the priority is
                outside (0, 1000] or NaN.
            InvalidIdError: a variable is freed or belongs to another solver.
        """
        if not isinstance(description, LinearConstraint):
            raise TypeError(
                "expected a LinearConstraint (e.g. x + y <= 10), "
                f"not {type(description).__name__}"
            )
        priority_value = _to_float(priority, "a priority")
        terms = description.expression.terms
        with self._lock:
            return self._new_constraint(
                [self._own_variable(t.variable) for t in terms],
                [t.coefficient for t in terms],
                description.expression.constant,
                int(description.relation),
                priority_value,
            )

    def _new_constraint(
        self,
        variable_ids: Sequence[int],
        coefficients: Sequence[float],
        constant: float,
        relation: int,
        priority: float,
    ) -> Constraint:
        """Internal: ``tether_solver_constraint_new`` on raw ids (ids must be this solver's)."""
        count = len(variable_ids)
        with self._lock:
            out = c_uint64()
            self._check(
                _dll.tether_solver_constraint_new(
                    self._h(),
                    (c_uint64 * count)(*variable_ids),
                    (c_double * count)(*coefficients),
                    count,
                    constant,
                    relation,
                    priority,
                    byref(out),
                )
            )
            return self._constraint_for(out.value)

    def constraints(
        self,
        term_counts: Sequence[int],
        variables: Union[Variables, Sequence[Union[Variable, int]]],
        coefficients: Sequence[float],
        constants: Sequence[float],
        relations: Union[Relation, int, Sequence[Union[Relation, int]]] = Relation.EQUAL,
        priorities: Union[Number, Sequence[Number]] = REQUIRED,
    ) -> Constraints:
        """Makes many constraints in one library call, not yet added, from flat lists.

        Constraint ``k`` is ``sum(coefficient * variable for its terms) + constants[k]
        relations[k] 0`` at ``priorities[k]``; its terms are the next ``term_counts[k]`` entries
        of ``variables`` and ``coefficients`` (constraint 0 takes the first ones), so both hold
        ``sum(term_counts)`` entries. ``variables`` holds :class:`Variable` objects or their ids
        (ints; e.g. from :attr:`Variables.ids`); a :class:`Variables` block or an
        ``array('Q')`` of ids, and ``array('d')``/``array('I')`` for the numbers, are used as
        they are. ``relations`` and ``priorities`` are one value for all or one per constraint (a
        list that repeats one value is passed as that value).
        Either all constraints are made or none is. Add them with :meth:`add_all` (one more
        call); ``block[k]`` is the :class:`Constraint` of constraint k.

        Raises:
            InvalidArgumentError: the lengths do not match, or (``.index`` says which constraint)
                a coefficient or constant is not finite, or a relation or priority is out of
                range.
            InvalidIdError: a variable is freed or belongs to another solver (``.index`` says
                which constraint).
        """
        count = len(term_counts)
        counts = term_counts if isinstance(term_counts, array) and term_counts.typecode == _U32 \
            else _numbers_array(_U32, term_counts, "term counts")
        relations = _common_value(relations, count, _RELATION_TYPES)
        priorities = _common_value(priorities, count, _PRIORITY_TYPES)
        with self._lock:
            ids = self._id_array(variables)
            coefs = _numbers_array("d", coefficients, "coefficients")
            consts = _numbers_array("d", constants, "constants")
            total = sum(counts)
            if len(consts) != count:
                raise InvalidArgumentError(
                    f"{len(consts)} constants for {count} constraints", _ffi.E_INVALID_ARGUMENT
                )
            if len(ids) != total or len(coefs) != total:
                raise InvalidArgumentError(
                    f"the term counts add up to {total} terms, but there are {len(ids)} "
                    f"variables and {len(coefs)} coefficients",
                    _ffi.E_INVALID_ARGUMENT,
                )
            relation_array = None
            if isinstance(relations, numbers.Integral):
                if int(relations) != Relation.EQUAL:
                    relation_array = _numbers_array(_I32, [int(relations)], "relations") * count
            else:
                relation_array = _numbers_array(_I32, relations, "relations")
                if len(relation_array) != count:
                    raise InvalidArgumentError(
                        f"{len(relation_array)} relations for {count} constraints",
                        _ffi.E_INVALID_ARGUMENT,
                    )
            priority_array = None
            if _is_number(priorities):
                if float(priorities) != REQUIRED:  # type: ignore[arg-type]
                    priority_array = array("d", [float(priorities)]) * count  # type: ignore[arg-type]
            else:
                priority_array = _numbers_array("d", priorities, "priorities")  # type: ignore[arg-type]
                if len(priority_array) != count:
                    raise InvalidArgumentError(
                        f"{len(priority_array)} priorities for {count} constraints",
                        _ffi.E_INVALID_ARGUMENT,
                    )
            out = array("Q", [0]) * count
            failed = c_size_t(count)
            status = _dll.tether_solver_constraints_new_batch(
                self._h(),
                count,
                _pointer(c_uint32, counts),
                _pointer(c_uint64, ids),
                _pointer(c_double, coefs),
                _pointer(c_double, consts),
                None if relation_array is None else _pointer(c_int32, relation_array),
                None if priority_array is None else _pointer(c_double, priority_array),
                _pointer(c_uint64, out),
                byref(failed),
            )
            if status != _ffi.OK:
                error = _ffi.error_for(status)
                if failed.value < count:
                    error.index = failed.value
                raise error
        return Constraints(self, out)

    def add(
        self,
        constraint: Union[LinearConstraint, Constraint],
        priority: Optional[Number] = None,
    ) -> Constraint:
        """Adds a constraint (making it first from a :class:`LinearConstraint`) and solves.

        ``priority`` defaults to :data:`REQUIRED` for a new constraint. For an existing
        :class:`Constraint` that is not added, a given ``priority`` replaces its priority first.

        Returns the added :class:`Constraint`.

        Raises:
            UnsatisfiableConstraintError: a required constraint cannot hold with the others; the
                solver is exactly as before, ``.conflicts`` lists the minimal conflicting set of
                added constraints and ``.constraint`` the rejected one (a constraint made by this
                call stays in the solver, not added: free it or add it later).
            DuplicateError: the constraint is already added.
            InvalidArgumentError, InvalidIdError: as for :meth:`constraint`.
        """
        with self._lock:
            if isinstance(constraint, LinearConstraint):
                made = self.constraint(
                    constraint, REQUIRED if priority is None else priority
                )
            else:
                made = constraint
                self._own_constraint(made)
                if priority is not None and not self._is_added(made):
                    self._set_priority(made, priority)
            self._check(_dll.tether_solver_constraint_add(self._h(), made._id), rejected=made)
            return made

    def add_all(
        self,
        constraints: Union[Constraints, Iterable[Union[LinearConstraint, Constraint]]],
        priority: Number = REQUIRED,
    ) -> Sequence[Constraint]:
        """Adds several constraints as one step (one library call): all or none.

        :class:`LinearConstraint` items are made at ``priority`` (all in one more call);
        :class:`Constraint` items are added as they are. Returns the constraints in order. A
        :class:`Constraints` block (from :meth:`constraints`) is added as it is, without any
        per-constraint Python work, and returned. The order of the items changes neither the
        cost nor the solution: the solver plans the order from their structure (unlike a
        sequence of :meth:`add` calls).

        Raises:
            UnsatisfiableConstraintError, DuplicateError, InvalidIdError: nothing was added (the
                solver is exactly as before); ``.index`` is the index of the failing item (the
                first, in the given order, that cannot be added after those before it) and,
                for an unsatisfiable one, ``.constraint`` is it and ``.conflicts`` what it
                conflicts with (possibly items of this batch). Constraints made by this call and
                not mentioned by the exception are freed again.
            InvalidArgumentError: an item could not be made (``.index`` says which); nothing
                made by this call remains.
        """
        if isinstance(constraints, Constraints):
            return self._add_block(constraints)
        items = list(constraints)
        with self._lock:
            made = self._make_all(items, priority)
            fresh = [c for c, item in zip(made, items) if item is not c]
            count = len(made)
            if count == 0:
                return []
            ids = (c_uint64 * count)(*[c._id for c in made])
            failed = c_size_t(count)
            status = _dll.tether_solver_constraint_add_batch(self._h(), ids, count, byref(failed))
            if status != _ffi.OK:
                index = failed.value
                rejected = made[index] if index < count else None
                try:
                    self._check(status, rejected=rejected)
                except TetherError as error:
                    error.index = index if index < count else None
                    keep = {id(rejected)}
                    keep.update(id(c) for c in getattr(error, "conflicts", ()))
                    self._free_quietly([c for c in fresh if id(c) not in keep])
                    raise
            return made

    def _make_all(self, items: List[Any], priority: Number) -> List[Constraint]:
        """The constraints of ``items`` in order: :class:`Constraint` items as they are (checked),
        :class:`LinearConstraint` items made at ``priority`` in one library call (all or none;
        a failure's ``.index`` is its index in ``items``)."""
        made: List[Any] = list(items)
        fresh_at: List[int] = []
        term_counts = array(_U32)
        variable_ids = array("Q")
        coefficients = array("d")
        constants = array("d")
        relations = array(_I32)
        for index, item in enumerate(items):
            try:
                if isinstance(item, LinearConstraint):
                    terms = item.expression.terms
                    term_counts.append(len(terms))
                    for term in terms:
                        variable_ids.append(self._own_variable(term.variable))
                        coefficients.append(term.coefficient)
                    constants.append(item.expression.constant)
                    relations.append(int(item.relation))
                    fresh_at.append(index)
                else:
                    self._own_constraint(item)
            except Exception as error:  # TetherError, or TypeError for a foreign item
                if isinstance(error, TetherError):
                    error.index = index
                raise
        if fresh_at:
            priority_value = _to_float(priority, "a priority")
            try:
                block = self.constraints(term_counts, variable_ids, coefficients, constants,
                                         relations, priority_value)
            except TetherError as error:
                if error.index is not None:
                    error.index = fresh_at[error.index]
                raise
            for index, constraint_id in zip(fresh_at, block.ids):
                made[index] = self._constraint_for(constraint_id)
        return made

    def _add_block(self, block: Constraints) -> Constraints:
        """Adds every constraint of ``block`` in one call (see :meth:`add_all`)."""
        if block._solver is not self:
            raise InvalidIdError("the constraints belong to another solver", _ffi.E_INVALID_ID)
        count = len(block._ids)
        if count == 0:
            return block
        with self._lock:
            failed = c_size_t(count)
            status = _dll.tether_solver_constraint_add_batch(
                self._h(), _pointer(c_uint64, block._ids), count, byref(failed)
            )
            if status != _ffi.OK:
                index = failed.value
                rejected = block[index] if index < count else None
                try:
                    self._check(status, rejected=rejected)
                except TetherError as error:
                    error.index = index if index < count else None
                    raise
        return block

    def _free_quietly(self, constraints: Sequence[Constraint]) -> None:
        for constraint in constraints:
            _dll.tether_solver_constraint_free(self._h(), constraint._id)
            self._constraints.pop(constraint._id, None)

    def remove(self, constraint: Constraint) -> None:
        """Removes an added constraint (it stays valid and can be added again).

        Raises:
            NotFoundError: the constraint is not added.
            InvalidIdError: the constraint is freed or belongs to another solver.
        """
        with self._lock:
            constraint_id = self._own_constraint(constraint)
            self._check(_dll.tether_solver_constraint_remove(self._h(), constraint_id))

    def free(self, item: Union[Constraint, Variable]) -> None:
        """Frees a constraint (removing it first if added) or a variable.

        Raises:
            InUseError: the variable is used by a live constraint or is an edit variable.
            InvalidIdError: already freed, or of another solver.
        """
        with self._lock:
            if isinstance(item, Variable):
                variable_id = self._own_variable(item)
                self._check(_dll.tether_solver_variable_free(self._h(), variable_id))
                self._variables.pop(variable_id, None)
            else:
                constraint_id = self._own_constraint(item)
                self._check(_dll.tether_solver_constraint_free(self._h(), constraint_id))
                self._constraints.pop(constraint_id, None)

    def __contains__(self, constraint: object) -> bool:
        """``c in solver``: whether ``c`` is a constraint of this solver that is added.

        False for anything else, including freed constraints (``c.added`` raises for those).
        """
        if not isinstance(constraint, Constraint) or constraint._solver is not self:
            return False
        try:
            return self._is_added(constraint)
        except InvalidIdError:
            return False

    def _is_added(self, constraint: Constraint) -> bool:
        out = c_int32()
        with self._lock:
            constraint_id = self._own_constraint(constraint)
            self._check(
                _dll.tether_solver_constraint_is_added(self._h(), constraint_id, byref(out))
            )
        return bool(out.value)

    def _info(self, constraint: Constraint) -> _ffi.CConstraintInfo:
        info = _ffi.CConstraintInfo()
        with self._lock:
            constraint_id = self._own_constraint(constraint)
            self._check(_dll.tether_solver_constraint_info(self._h(), constraint_id, byref(info)))
        return info

    def _terms(self, constraint: Constraint) -> Tuple[Term, ...]:
        with self._lock:
            constraint_id = self._own_constraint(constraint)
            status, (ids, coefficients), count = call_with_buffers(
                lambda out, capacity, needed: _dll.tether_solver_constraint_terms(
                    self._h(), constraint_id, out[0], out[1], capacity, needed),
                lambda capacity: ((c_uint64 * capacity)(), (c_double * capacity)()),
                max(int(self._info(constraint).term_count), 1))
            self._check(status)
            return tuple(Term(self._variable_for(ids[i]), coefficients[i]) for i in range(count))

    def _set_constant(self, constraint: Constraint, value: Number) -> None:
        constant = _to_float(value, "a constant")
        with self._lock:
            constraint_id = self._own_constraint(constraint)
            self._check(
                _dll.tether_solver_constraint_set_constant(self._h(), constraint_id, constant),
                rejected=constraint,
            )

    def _set_priority(self, constraint: Constraint, value: Number) -> None:
        priority = _to_float(value, "a priority")
        with self._lock:
            constraint_id = self._own_constraint(constraint)
            self._check(
                _dll.tether_solver_constraint_set_priority(self._h(), constraint_id, priority)
            )

    def _read_conflict(self) -> List[Constraint]:
        with self._lock:
            status, out, count = call_with_buffers(
                lambda out, capacity, needed: _dll.tether_solver_conflict(self._h(), out, capacity, needed),
                lambda capacity: (c_uint64 * capacity)(), 16)
            check(status)
            return [self._constraint_for(out[i]) for i in range(count)]

    @property
    def conflict(self) -> List[Constraint]:
        """The constraints the last unsatisfiable required constraint conflicted with.

        A minimal set: with the rejected constraint they cannot all hold, and removing any one
        would let it be added. Empty before the first failure.
        """
        return self._read_conflict()

    # -- edit variables ---------------------------------------------------------------------

    def add_edit_variable(self, variable: Variable, priority: Number) -> None:
        """Makes ``variable`` an edit variable at an optional ``priority`` in (0, 1000).

        Its suggested value starts at 0 (an optional constraint ``variable == suggestion``).
        Add (and suggest) edit variables before the constraints they drive: a variable that
        many optional constraints share, left free while they are added, couples them all
        (a 32×32 grid whose root size is edited builds in 0.26 s edited first, in 24 s
        edited last).

        Raises:
            DuplicateError: it already is an edit variable.
            InvalidArgumentError: the priority is required, outside (0, 1000) or NaN.
        """
        priority_value = _to_float(priority, "a priority")
        with self._lock:
            variable_id = self._own_variable(variable)
            self._check(_dll.tether_solver_edit_add(self._h(), variable_id, priority_value))

    def remove_edit_variable(self, variable: Variable) -> None:
        """Stops editing ``variable``.

        Raises:
            NotFoundError: it is not an edit variable.
        """
        with self._lock:
            variable_id = self._own_variable(variable)
            self._check(_dll.tether_solver_edit_remove(self._h(), variable_id))

    def has_edit_variable(self, variable: Variable) -> bool:
        """Whether ``variable`` is an edit variable."""
        out = c_int32()
        with self._lock:
            variable_id = self._own_variable(variable)
            self._check(_dll.tether_solver_edit_has(self._h(), variable_id, byref(out)))
        return bool(out.value)

    def suggest(self, variable: Variable, value: Number) -> None:
        """Suggests a value for an edit variable and re-solves.

        Raises:
            NotFoundError: it is not an edit variable.
            InvalidArgumentError: the value is NaN or infinite.
        """
        number = _to_float(value, "a suggested value")
        with self._lock:
            variable_id = self._own_variable(variable)
            self._check(_dll.tether_solver_edit_suggest(self._h(), variable_id, number))

    def suggest_many(
        self,
        suggestions: Union[Mapping[Variable, Number], Iterable[Tuple[Variable, Number]]],
    ) -> None:
        """Suggests several values in one library call (all are checked before any applies).

        ``suggestions`` is a mapping ``{variable: value}`` or an iterable of pairs.
        """
        pairs = list(suggestions.items() if isinstance(suggestions, Mapping) else suggestions)
        count = len(pairs)
        with self._lock:
            ids = (c_uint64 * count)(*[self._own_variable(v) for v, _ in pairs])
            values = (c_double * count)(*[_to_float(x, "a suggested value") for _, x in pairs])
            self._check(_dll.tether_solver_edit_suggest_batch(self._h(), ids, values, count))

    # -- solving and inspection -------------------------------------------------------------

    def update(self) -> None:
        """Publishes the current solution: afterwards ``Variable.value`` and :meth:`values`
        return it."""
        with self._lock:
            self._check(_dll.tether_solver_update(self._h()))

    def reset(self) -> None:
        """Removes every constraint and edit variable.

        Variables and constraints stay valid (the constraints are no longer added), and every
        variable's value becomes 0.
        """
        with self._lock:
            self._check(_dll.tether_solver_reset(self._h()))

    def dump(self) -> str:
        """A human-readable dump of the tableau (rows, objective, infeasible rows)."""
        with self._lock:
            status, text = call_for_string(
                lambda buffer, capacity, needed: _dll.tether_solver_dump(self._h(), buffer, capacity, needed),
                4096)
            self._check(status)
            return text

    def check(self) -> None:
        """Verifies the tableau's invariants.

        Raises:
            InternalError: naming the first violated invariant.
        """
        with self._lock:
            self._check(_dll.tether_solver_check(self._h()))

    @property
    def stats(self) -> SolverStats:
        """A :class:`SolverStats` snapshot of the solver's counters."""
        raw = _ffi.CSolverStats()
        storage = _ffi.CSolverStorage()
        with self._lock:
            self._check(_dll.tether_solver_stats_get(self._h(), byref(raw)))
            self._check(_dll.tether_solver_storage_get(self._h(), byref(storage)))
        return SolverStats._from_c(raw, storage)

