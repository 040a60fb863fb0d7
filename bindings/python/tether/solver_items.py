"""What a :class:`tether.Solver` hands out besides variables: its :class:`Constraint` objects,
:class:`SolverStats` snapshots, and the :class:`Variables` and :class:`Constraints` blocks made in
one call, with the helpers that pass arrays of ids to the library without copying them.

These objects read everything through their solver (an attribute: the solver module is above
this one), so the same id always gives the same Python object.

May import: :mod:`tether._ffi`, :mod:`tether.enums`, :mod:`tether.expressions`,
:mod:`tether.errors`.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple, TypeVar, Union, overload

from .enums import Relation
from .errors import TetherError
from .expressions import (
    REQUIRED,
    Expression,
    Number,
    SolverObject,
    Term,
    Variable,
    _format_number,
)

if TYPE_CHECKING:  # pragma: no cover - annotations only: solver.py imports this module
    from .solver import Solver

__all__ = ["Constraint", "SolverStats", "Variables", "Constraints"]


class Constraint(SolverObject):
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
            return f"<freed constraint {self._id:#x}>"
        text = f"{expression} {Relation(info.relation).symbol} 0"
        if info.priority != REQUIRED:
            text += f" @{_format_number(info.priority)}"
        return text

    def __repr__(self) -> str:
        return f"<tether.solver.Constraint {self._id:#x}: {self}>"


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


_Item = TypeVar("_Item", Variable, "Constraint")


class _IdBlock(Sequence[_Item]):
    """What :class:`Variables` and :class:`Constraints` share: the solver, the ``array('Q')``
    of ids, the length, ``in`` and ``repr``. ``_ITEM`` is the class of the items."""

    __slots__ = ("_solver", "_ids")

    _ITEM: type = object

    def __init__(self, solver: "Solver", ids: "array[int]") -> None:
        self._solver = solver
        self._ids = ids

    @property
    def solver(self) -> "Solver":
        """The solver that owns the variables or constraints."""
        return self._solver

    @property
    def ids(self) -> "array[int]":
        """The ids of the variables or constraints, an ``array('Q')`` in order (do not modify
        it)."""
        return self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, item: object) -> bool:
        return (
            isinstance(item, self._ITEM)
            and item._solver is self._solver  # type: ignore[attr-defined]
            and item._id in self._ids  # type: ignore[attr-defined]
        )

    def __repr__(self) -> str:
        return f"<tether.{type(self).__name__} of {len(self._ids)}>"


class Variables(_IdBlock[Variable]):
    """Variables made together by :meth:`Solver.variables`: a read-only sequence of
    :class:`Variable`, kept as an array of ids.

    ``block[i]`` is the :class:`Variable` of the i-th id (made on first access; the same object
    each time while it lives); a slice is a block of those variables (no copy of Python objects,
    e.g. ``block[0::4]``). :attr:`ids` is the array of ids itself, which
    :meth:`Solver.constraints` and :meth:`Solver.values` take without any per-variable Python
    work; :meth:`values` reads every value in one call.
    """

    __slots__ = ("_names",)

    _ITEM = Variable

    def __init__(self, solver: "Solver", ids: "array[int]", names: Optional[List[str]]) -> None:
        """Internal: use :meth:`Solver.variables`."""
        super().__init__(solver, ids)
        self._names = names

    @overload
    def __getitem__(self, index: int) -> Variable: ...

    @overload
    def __getitem__(self, index: slice) -> "Variables": ...

    def __getitem__(self, index: Union[int, slice]) -> Union[Variable, "Variables"]:
        if isinstance(index, slice):
            names = self._names[index] if self._names is not None else None
            return Variables(self._solver, self._ids[index], names)
        variable_id = self._ids[index]
        if index < 0:
            index += len(self._ids)
        name = self._names[index] if self._names is not None else ""
        return self._solver._variable_for(variable_id, name)

    def values(self, *, as_array: bool = False) -> Union[List[float], "array[float]"]:
        """The values of every variable of the block as of the last :meth:`Solver.update`, in
        order, in one library call (an ``array('d')`` with ``as_array=True``, see
        :meth:`Solver.values`)."""
        return self._solver.values(self, as_array=as_array)


class Constraints(_IdBlock["Constraint"]):
    """Constraints made together by :meth:`Solver.constraints`: a read-only sequence of
    :class:`Constraint`, kept as an array of ids. Add them all with :meth:`Solver.add_all` (one
    library call). ``block[i]`` is the :class:`Constraint` of the i-th id; a slice is a block of
    those constraints (``block[::-1]`` adds them in reverse order); :attr:`ids` the array of ids.
    """

    __slots__ = ()

    _ITEM = Constraint

    def __init__(self, solver: "Solver", ids: "array[int]") -> None:
        """Internal: use :meth:`Solver.constraints`."""
        super().__init__(solver, ids)

    @overload
    def __getitem__(self, index: int) -> "Constraint": ...

    @overload
    def __getitem__(self, index: slice) -> "Constraints": ...

    def __getitem__(self, index: Union[int, slice]) -> Union["Constraint", "Constraints"]:
        if isinstance(index, slice):
            return Constraints(self._solver, self._ids[index])
        return self._solver._constraint_for(self._ids[index])
