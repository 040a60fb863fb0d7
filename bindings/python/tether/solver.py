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

The pieces live in modules of their own, all re-exported here: :mod:`tether.expressions`
(:class:`Variable`, :class:`Term`, :class:`Expression`, :class:`LinearConstraint`,
:data:`REQUIRED`), :mod:`tether.enums` (:class:`Relation`), :mod:`tether.solver_items`
(:class:`Constraint`, :class:`SolverStats`, :class:`Variables`, :class:`Constraints`) and
:mod:`tether._solver_batch` (the batch methods of :class:`Solver`).

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._handle`,
:mod:`tether._validate`, :mod:`tether._solver_batch`, :mod:`tether.enums`, :mod:`tether.errors`,
:mod:`tether.expressions`, :mod:`tether.solver_items`.
"""

from __future__ import annotations

import threading
import weakref
from ctypes import byref, c_double, c_int32, c_uint64, c_void_p
from typing import Any, List, Optional, Sequence, Tuple, Union

from . import _ffi
from ._buffers import call_for_string, call_with_buffers
from ._ffi import _dll, check
from ._handle import OwnedHandle
from ._solver_batch import SolverBatches
from ._validate import c_string, to_float
from .enums import Relation
from .errors import InvalidHandleError, InvalidIdError, UnsatisfiableConstraintError
from .expressions import REQUIRED, Expression, LinearConstraint, Number, Term, Variable
from .solver_items import Constraint, Constraints, SolverStats, Variables

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


class Solver(SolverBatches, OwnedHandle):
    """An incremental simplex solver with strict priorities (a ``tether_solver`` handle).

    Use it as a context manager or call :meth:`close` to free the library object at once;
    otherwise it is freed when garbage collected (its variables and constraints keep it alive).

    Every call into the library is serialised by a per-solver :class:`threading.RLock`, because
    ctypes releases the GIL and the library allows one thread per object at a time.
    """

    _FREE_FUNCTION = "tether_solver_free"

    def __init__(self) -> None:
        """Makes an empty solver."""
        self._handle: Optional[c_void_p] = None
        self._lock = threading.RLock()
        self._variables: "weakref.WeakValueDictionary[int, Variable]" = (
            weakref.WeakValueDictionary()
        )
        self._constraints: "weakref.WeakValueDictionary[int, Constraint]" = (
            weakref.WeakValueDictionary()
        )
        handle = c_void_p()
        check(_dll.tether_solver_new(byref(handle)))
        self._handle = handle

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
        state = "closed" if self._handle is None else f"handle=0x{self._handle.value or 0:x}"
        return f"<tether.Solver {state}>"

    def _h(self) -> c_void_p:
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
            # The library's text names constraints by id; the objects say what they are.
            if rejected is not None:
                error.message = (f"required constraint {rejected} cannot be satisfied; it conflicts "
                                 f"with [{', '.join(str(c) for c in error.conflicts)}]")
                error.args = (error.message,)
            raise

    # -- variables --------------------------------------------------------------------------

    def variable(self, name: Union[str, bytes] = "") -> Variable:
        """Makes a variable. ``name`` (str, or UTF-8 bytes) is used in dumps and messages.

        Raises:
            InvalidUTF8Error: ``name`` is bytes that are not valid UTF-8.
            InvalidArgumentError: ``name`` contains a NUL character.
        """
        encoded = c_string(name, "a variable name", allow_none=False)
        out = c_uint64()
        with self._lock:
            self._check(_dll.tether_solver_variable_new(self._h(), encoded, byref(out)))
            variable = Variable(self, out.value, encoded.decode("utf-8", "replace"))
            self._variables[out.value] = variable
        return variable

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
        priority_value = to_float(priority, "a priority")
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
        constant = to_float(value, "a constant")
        with self._lock:
            constraint_id = self._own_constraint(constraint)
            self._check(
                _dll.tether_solver_constraint_set_constant(self._h(), constraint_id, constant),
                rejected=constraint,
            )

    def _set_priority(self, constraint: Constraint, value: Number) -> None:
        priority = to_float(value, "a priority")
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
        priority_value = to_float(priority, "a priority")
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
        number = to_float(value, "a suggested value")
        with self._lock:
            variable_id = self._own_variable(variable)
            self._check(_dll.tether_solver_edit_suggest(self._h(), variable_id, number))

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

