"""A drop-in for kiwisolver's public API, solved by Tether.

Replace ``import kiwisolver`` with ``import tether.kiwi as kiwisolver`` (or
``from tether.kiwi import Variable, Solver, strength``): :class:`Variable`, :class:`Term`,
:class:`Expression`, :class:`Constraint`, :class:`Solver`, the :data:`strength` namespace and the
six exceptions behave like kiwisolver's, including the text of ``str()``/``repr()`` and the
exception arguments.

How strengths become Tether priorities
--------------------------------------
* kiwi's ``required`` (1001001000.0) is Tether's required priority (1000).
* Every other strength ``s`` in (0, required) is an optional Tether priority
  ``p = s * 2**-20``. Multiplying by a power of two is exact, so the map is strictly increasing
  and injective (distinct strengths stay distinct levels), and ``p`` stays in (0, 954.6], below
  required. weak → 9.5e-7, medium → 9.5e-4, strong → 0.95.
* Strengths are **never silently clipped** (kiwisolver clips them into [0, required]): a strength
  that is NaN, <= 0 or > required raises ``ValueError`` where it is given (``Constraint(...)``,
  ``constraint | strength``, ``addEditVariable``). So does a positive strength too small to
  scale exactly (below about 1e-301).

Differences from kiwisolver (by design)
---------------------------------------
* Priorities are strict levels: one constraint at a stronger strength beats any number of
  constraints at weaker strengths (kiwisolver adds weighted errors, so e.g. 1001 ``medium``
  errors of 1 outweigh one ``strong`` error of 1). Within one strength the sum of absolute
  errors is minimised, as in kiwisolver.
* A required constraint that cannot hold raises :class:`UnsatisfiableConstraint` and leaves the
  solver exactly as it was. The exception also carries ``.conflicts``: the kiwi constraints of a
  minimal conflicting set (an extension; kiwisolver has only ``.constraint``).
* Non-finite numbers (a NaN or infinite constant, coefficient or suggested value) raise
  ``ValueError`` (kiwisolver accepts them and produces NaN or infinite values).
* :meth:`Solver.dump`/:meth:`Solver.dumps` print Tether's tableau, not kiwisolver's.
* Variables, Terms and Expressions are unhashable, as in kiwisolver; Constraints hash by
  identity.

Variables are independent of solvers: each :class:`Solver` maps a :class:`Variable` to a Tether
variable of its own the first time it sees it (in a constraint or as an edit variable), and
:meth:`Solver.updateVariables` reads all of them with one library call and stores the values on
the Variable objects (as kiwisolver does, the last solver to update a variable sets its value).

Modules: the expressions, constraints and strengths are in :mod:`tether._kiwi_expressions` (their
operators are :class:`tether.algebra.LinearAlgebra`'s, shared with the raw solver's expressions);
this module holds the exceptions and the :class:`Solver` and re-exports the rest.

May import: :mod:`tether._kiwi_expressions`, :mod:`tether.solver`, :mod:`tether.errors`.
"""

from __future__ import annotations

import threading
from array import array
from typing import Dict, List, Tuple, Union

from . import solver as _raw
from ._kiwi_expressions import (
    _REQUIRED,
    _RELATIONS,
    Constraint,
    Expression,
    Number,
    Term,
    Variable,
    _expected,
    _number,
    _priority,
    _strength,
    strength,
)
from .errors import DuplicateError, NotFoundError, UnsatisfiableConstraintError

__all__ = [
    "Variable",
    "Term",
    "Expression",
    "Constraint",
    "Solver",
    "strength",
    "BadRequiredStrength",
    "DuplicateConstraint",
    "DuplicateEditVariable",
    "UnknownConstraint",
    "UnknownEditVariable",
    "UnsatisfiableConstraint",
]

# ------------------------------------------------------------------------------------------------
# Exceptions (kiwisolver's names, arguments and str() forms)
# ------------------------------------------------------------------------------------------------


class BadRequiredStrength(Exception):
    """A required strength was given where only optional ones are allowed (edit variables)."""


class DuplicateConstraint(Exception):
    """The constraint is already in the solver. ``.constraint`` is it; ``str()`` shows it."""

    def __init__(self, constraint: "Constraint") -> None:
        super().__init__(constraint)
        self.constraint = constraint


class DuplicateEditVariable(Exception):
    """The variable already is an edit variable. ``.edit_variable`` is it."""

    def __init__(self, edit_variable: "Variable") -> None:
        super().__init__(edit_variable)
        self.edit_variable = edit_variable


class UnknownConstraint(Exception):
    """The constraint is not in the solver. ``.constraint`` is it."""

    def __init__(self, constraint: "Constraint") -> None:
        super().__init__(constraint)
        self.constraint = constraint


class UnknownEditVariable(Exception):
    """The variable is not an edit variable. ``.edit_variable`` is it."""

    def __init__(self, edit_variable: "Variable") -> None:
        super().__init__(edit_variable)
        self.edit_variable = edit_variable


class UnsatisfiableConstraint(Exception):
    """A required constraint cannot hold; the solver is unchanged.

    ``.constraint`` is the rejected constraint. ``.conflicts`` (a Tether extension) lists the
    added kiwi constraints of a minimal conflicting set.
    """

    def __init__(self, constraint: "Constraint") -> None:
        super().__init__(constraint)
        self.constraint = constraint
        self.conflicts: List["Constraint"] = []


# ------------------------------------------------------------------------------------------------
# Solver
# ------------------------------------------------------------------------------------------------


class Solver:
    """kiwisolver's Solver API over one Tether solver.

    Thread safety: every method holds a per-solver :class:`threading.RLock` (and the underlying
    :class:`tether.Solver` serialises its library calls with its own lock).
    """

    def __init__(self) -> None:
        """Makes an empty solver."""
        self._lock = threading.RLock()
        self._init_state()

    def _init_state(self) -> None:
        self._raw = _raw.Solver()
        # id(kiwi Variable) -> its Tether variable; the kiwi objects are kept alive in lists.
        self._raw_vars: Dict[int, _raw.Variable] = {}
        self._var_objects: List[Variable] = []
        self._var_raw_ids: "array[int]" = array("Q")
        # id(kiwi Constraint) -> (kiwi Constraint, Tether Constraint)
        self._constraints: Dict[int, Tuple[Constraint, _raw.Constraint]] = {}
        # Tether constraint id -> kiwi Constraint (for conflict reports)
        self._by_raw_id: Dict[int, Constraint] = {}
        # id(kiwi Variable) -> kiwi Variable, for edit variables
        self._edits: Dict[int, Variable] = {}

    def _raw_variable(self, variable: Variable) -> _raw.Variable:
        """The Tether variable for ``variable`` in this solver, made on first use."""
        key = id(variable)
        raw = self._raw_vars.get(key)
        if raw is None:
            raw = self._raw.variable(variable._name)
            self._raw_vars[key] = raw
            self._var_objects.append(variable)
            self._var_raw_ids.append(raw.id)
        return raw

    def addConstraint(self, constraint: Constraint) -> None:  # noqa: N802
        """Adds a constraint.

        Raises:
            DuplicateConstraint: it is already added.
            UnsatisfiableConstraint: it is required and cannot hold (nothing changed).
            ValueError: a coefficient or the constant is not finite.
        """
        if not isinstance(constraint, Constraint):
            raise _expected("Constraint", constraint)
        with self._lock:
            if id(constraint) in self._constraints:
                raise DuplicateConstraint(constraint)
            expression = constraint._expression
            raw_ids = [self._raw_variable(t._variable).id for t in expression._terms]
            made = self._raw._new_constraint(
                raw_ids,
                [t._coefficient for t in expression._terms],
                expression._constant,
                int(_RELATIONS[constraint._op]),
                _priority(constraint._strength),
            )
            try:
                self._raw.add(made)
            except UnsatisfiableConstraintError as error:
                conflicts = [
                    self._by_raw_id[c.id] for c in error.conflicts if c.id in self._by_raw_id
                ]
                self._raw.free(made)
                failure = UnsatisfiableConstraint(constraint)
                failure.conflicts = conflicts
                raise failure from None
            except BaseException:
                self._raw.free(made)
                raise
            self._constraints[id(constraint)] = (constraint, made)
            self._by_raw_id[made.id] = constraint

    def removeConstraint(self, constraint: Constraint) -> None:  # noqa: N802
        """Removes a constraint.

        Raises:
            UnknownConstraint: it is not added.
        """
        if not isinstance(constraint, Constraint):
            raise _expected("Constraint", constraint)
        with self._lock:
            entry = self._constraints.pop(id(constraint), None)
            if entry is None:
                raise UnknownConstraint(constraint)
            made = entry[1]
            del self._by_raw_id[made.id]
            self._raw.free(made)  # removes it first

    def hasConstraint(self, constraint: Constraint) -> bool:  # noqa: N802
        """Whether the constraint is added."""
        if not isinstance(constraint, Constraint):
            raise _expected("Constraint", constraint)
        with self._lock:
            return id(constraint) in self._constraints

    def addEditVariable(self, variable: Variable, strength: Union[str, Number]) -> None:  # noqa: N802
        """Makes ``variable`` an edit variable at an optional ``strength``.

        Raises:
            DuplicateEditVariable: it already is one.
            BadRequiredStrength: ``strength`` is required.
            ValueError: the strength is unknown, NaN, <= 0 or > required.
        """
        if not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        value = _strength(strength)
        with self._lock:
            if id(variable) in self._edits:
                raise DuplicateEditVariable(variable)
            if value >= _REQUIRED:
                raise BadRequiredStrength("A required strength cannot be used in this context.")
            try:
                self._raw.add_edit_variable(self._raw_variable(variable), _priority(value))
            except DuplicateError:  # pragma: no cover - the map above prevents it
                raise DuplicateEditVariable(variable) from None
            self._edits[id(variable)] = variable

    def removeEditVariable(self, variable: Variable) -> None:  # noqa: N802
        """Stops editing ``variable``.

        Raises:
            UnknownEditVariable: it is not an edit variable.
        """
        if not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        with self._lock:
            if id(variable) not in self._edits:
                raise UnknownEditVariable(variable)
            try:
                self._raw.remove_edit_variable(self._raw_vars[id(variable)])
            except NotFoundError:  # pragma: no cover - the map above prevents it
                raise UnknownEditVariable(variable) from None
            del self._edits[id(variable)]

    def hasEditVariable(self, variable: Variable) -> bool:  # noqa: N802
        """Whether ``variable`` is an edit variable."""
        if not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        with self._lock:
            return id(variable) in self._edits

    def suggestValue(self, variable: Variable, value: Number) -> None:  # noqa: N802
        """Suggests a value for an edit variable.

        Raises:
            UnknownEditVariable: it is not an edit variable.
            ValueError: the value is NaN or infinite.
        """
        if not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        number = _number(value)
        with self._lock:
            if id(variable) not in self._edits:
                raise UnknownEditVariable(variable)
            self._raw.suggest(self._raw_vars[id(variable)], number)

    def updateVariables(self) -> None:  # noqa: N802
        """Solves and stores the value of every variable this solver knows on the Variable
        objects (one library call for all values)."""
        with self._lock:
            self._raw.update()
            values = self._raw._values_for_ids(self._var_raw_ids)
            for variable, value in zip(self._var_objects, values):
                variable._value = value

    def reset(self) -> None:
        """Forgets every constraint, edit variable and variable (values stay as they are)."""
        with self._lock:
            old = self._raw
            self._init_state()
            old.close()

    def dumps(self) -> str:
        """Tether's tableau dump, then the variables, edit variables and constraints."""
        with self._lock:
            lines = [self._raw.dump().rstrip("\n"), "", "Variables", "---------"]
            lines += [
                f"{v._name} = v{raw_id}" for v, raw_id in zip(self._var_objects, self._var_raw_ids)
            ]
            lines += ["", "Edit Variables", "--------------"]
            lines += [v._name for v in self._edits.values()]
            lines += ["", "Constraints", "-----------"]
            lines += [repr(c) for c, _ in self._constraints.values()]
            return "\n".join(lines) + "\n"

    def dump(self) -> None:
        """Prints :meth:`dumps`."""
        print(self.dumps(), end="")
