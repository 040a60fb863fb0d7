"""A drop-in for kiwisolver 1.5.1's public API, solved by Tether.

It matches kiwisolver **1.5.1** (``__version__`` and ``__kiwi_version__`` are ``"1.5.1"``, as
kiwisolver 1.5.1 gives them; matplotlib checks ``kiwisolver.__version__`` at import), and
kiwisolver 1.5.1's own test suite passes on it unchanged
(``bindings/python/tests/test_kiwisolver_suite.py`` runs it). :class:`Variable`, :class:`Term`,
:class:`Expression`, :class:`Constraint`, :class:`Solver`, the :data:`strength` namespace and the
six exceptions behave like kiwisolver's, including the text of ``str()``/``repr()``, the term
order of sums and differences, the exception arguments, and the messages of the TypeErrors this
module raises (which name kiwisolver's types: ``kiwisolver.Expression``...).

Three ways to use it (docs/kiwi.md):

* ``import tether.kiwi as kiwisolver`` in code you write;
* :func:`install` before anything imports kiwisolver: ``import kiwisolver`` then gives this
  module (it raises ``RuntimeError`` if the real kiwisolver is already imported);
* ``python -m tether.kiwi SCRIPT|-m MODULE|-c CODE [ARG ...]`` runs an unchanged program (and
  the Python processes it starts, through ``PYTHONPATH``) with kiwisolver resolved to this
  module; ``PYTHONPATH=$(python -m tether.kiwi --path)`` is the same switch as an environment
  setting.

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
* Since Tether 0.8, :meth:`Solver.addConstraint` also refuses a non-zero coefficient (as given,
  and summed over one variable's terms) whose magnitude is outside 1e-100..1e100
  (``tether.InvalidArgumentError``, a ``ValueError``; docs/numerics.md), where kiwisolver goes on
  with the loss of precision that brings.
* A constraint lists the terms of its variables in first-seen order; kiwisolver orders them by
  the variables' memory addresses, which differs from run to run.
* TypeErrors that Python itself raises name tether.kiwi's classes by their bare names
  (``unsupported operand type(s) for *: 'Variable' and 'Variable'``, ``unhashable type:
  'Variable'``), where kiwisolver's C types print ``kiwisolver.Variable``; the classes'
  ``__module__`` is tether's. Constructor argument-count errors are Python's, not kiwisolver's.
* :meth:`Solver.dump`/:meth:`Solver.dumps` print Tether's tableau, not kiwisolver's.
* Variables, Terms and Expressions are unhashable, as in kiwisolver; Constraints hash by
  identity.

Variables are independent of solvers: each :class:`Solver` maps a :class:`Variable` to a Tether
variable of its own the first time it sees it (in a constraint or as an edit variable), and
:meth:`Solver.updateVariables` reads all of them with one library call and stores the values on
the Variable objects (as kiwisolver does, the last solver to update a variable sets its value).

Modules: the expressions, constraints and strengths are in :mod:`tether._kiwi_expressions` (their
operators are :class:`tether.algebra.LinearAlgebra`'s, shared with the raw solver's expressions);
this module holds the exceptions and the :class:`Solver` and re-exports the rest, and the means of
running programs written for kiwisolver (:func:`install`, :func:`uninstall`, :func:`main`).

May import: :mod:`tether._kiwi_expressions`, :mod:`tether.solver`, :mod:`tether.errors`,
:mod:`tether._ffi`, :mod:`tether._buffers`.
"""

from __future__ import annotations

import os
import sys
import threading
import types
from array import array
from ctypes import byref, c_double, c_int32, c_uint32, c_uint64
from typing import Dict, List, Optional, Sequence, Tuple, Union

from . import _ffi
from . import solver as _raw
from ._buffers import I32, U32, pointer
from ._ffi import _dll
from ._kiwi_expressions import (
    _KIWI_TYPE_NAMES,
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
from .errors import InvalidArgumentError, UnsatisfiableConstraintError



def _refused_coefficient(coefficient: float) -> InvalidArgumentError:
    """What the library says of a coefficient it does not take (checked here for constraints
    that wait for the next batch, so that the error comes from ``addConstraint``)."""
    if coefficient - coefficient != 0.0:
        message = f"coefficient must be finite, got {coefficient!r}"
    else:
        message = (f"coefficient {coefficient!r} is out of range: a coefficient must be 0 or "
                   "between 1e-100 and 1e100 in magnitude")
    return InvalidArgumentError(message, _ffi.E_INVALID_ARGUMENT)


#: Tether's required priority.
_REQUIRED_PRIORITY = _raw.REQUIRED
#: ``"=="``, ``"<="``, ``">="`` -> the C relation values.
_RELATION_VALUES = {op: int(relation) for op, relation in _RELATIONS.items()}

#: The kiwisolver release whose API, messages and test suite this module matches (kiwisolver's
#: ``__version__``; matplotlib checks it at import).
__version__ = "1.5.1"
#: The version of the kiwi C++ library inside that kiwisolver release (kiwisolver's
#: ``__kiwi_version__``).
__kiwi_version__ = "1.5.1"

# kiwisolver's __all__, name for name (install, uninstall and main are Tether's additions and
# stay out of ``from kiwisolver import *``).
__all__ = [
    "__version__",
    "__kiwi_version__",
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

    How it is fast one call at a time: kiwisolver raises where it raises, but a constraint that
    cannot fail is not sent to the library at once. An optional constraint can always be
    violated, and a required one holds as soon as one of its variables is new to this solver
    (that variable takes up the difference), so such constraints wait in flat arrays (their
    variables' indexes, coefficients, constant, relation, priority) and reach the library in one
    batch: one call makes the variables they need, one makes the constraints, one adds them.
    Anything else (a required constraint over known variables, edit variables, suggestions,
    removals, ``updateVariables``, ``dump``) sends the waiting batch first, so the library always
    sees the constraints in the order they were given. The batch is added as one step, which
    cannot fail: each waiting constraint holds whatever the others do.

    Thread safety: every method holds a per-solver :class:`threading.RLock` (and the underlying
    :class:`tether.Solver` serialises its library calls with its own lock).
    """

    def __init__(self) -> None:
        """Makes an empty solver."""
        self._lock = threading.RLock()
        self._init_state()

    def _init_state(self) -> None:
        self._raw = _raw.Solver()
        # Every kiwi Variable this solver has seen, by id(), as an index into _var_objects (the
        # objects are kept alive there, so their ids stay theirs). _raw_ids[i] is variable i's
        # Tether id once it is made; variables past len(_raw_ids) are made by the next flush.
        self._index: Dict[int, int] = {}
        self._var_objects: List[Variable] = []
        self._raw_ids: "array[int]" = array("Q")
        # id(kiwi Constraint) -> (kiwi Constraint, Tether constraint id, or -1 while waiting)
        self._constraints: Dict[int, Tuple[Constraint, int]] = {}
        # Tether constraint id -> kiwi Constraint (for conflict reports)
        self._by_raw_id: Dict[int, Constraint] = {}
        # id(kiwi Variable) -> kiwi Variable, for edit variables
        self._edits: Dict[int, Variable] = {}
        # The waiting batch: constraints, and their numbers as the batch call takes them.
        self._waiting: List[Constraint] = []
        self._w_counts: "array[int]" = array(U32)
        self._w_vars: List[int] = []  # variable indexes, translated to Tether ids when sent
        self._w_coefficients: "array[float]" = array("d")
        self._w_constants: "array[float]" = array("d")
        self._w_relations: "array[int]" = array(I32)
        self._w_priorities: "array[float]" = array("d")

    # -- sending ------------------------------------------------------------------------------

    def _make_variables(self) -> None:
        """Makes the Tether variables of every variable seen since the last call (one call).

        The first seen gets the newest id. A batch's plan defines, among equal candidates, the
        newest variable (a view model makes a child's variables after its parent's); a
        kiwisolver constraint names what it places first (``top == above.bottom + 8``), so
        that is the variable to give the newest id. In first-seen order, a shuffled feed's links
        were defined up or down at random and the runs wrote each other into the rows where they
        met: 1,000 cells took 25 s (kiwisolver 9 s), a stack of 10,000 added bottom-up 75 s.
        """
        missing = len(self._var_objects) - len(self._raw_ids)
        if missing == 0:
            return
        out = array("Q", bytes(8 * missing))
        raw = self._raw
        with raw._lock:
            raw._check(_dll.tether_solver_variables_new(
                raw._h(), None, missing, pointer(c_uint64, out), None))
        self._raw_ids.extend(reversed(out))

    def _flush(self, last_may_fail: bool = False) -> None:
        """Sends the waiting batch (lock held). With ``last_may_fail`` the last waiting
        constraint is a required one that may not hold: if the batch is refused, the others
        are sent without it and it is added alone, which raises
        :class:`UnsatisfiableConstraint` (one batch instead of a batch and two more calls in the
        common case, where it holds)."""
        waiting = self._waiting
        if not waiting:
            return
        self._make_variables()
        count = len(waiting)
        raw_ids = self._raw_ids
        variables = array("Q", [raw_ids[i] for i in self._w_vars])
        out = array("Q", bytes(8 * count))
        raw = self._raw
        with raw._lock:
            handle = raw._h()
            raw._check(_dll.tether_solver_constraints_new_batch(
                handle, count, pointer(c_uint32, self._w_counts), pointer(c_uint64, variables),
                pointer(c_double, self._w_coefficients), pointer(c_double, self._w_constants),
                pointer(c_int32, self._w_relations), pointer(c_double, self._w_priorities),
                pointer(c_uint64, out), None))
            status = _dll.tether_solver_constraint_add_batch(handle, pointer(c_uint64, out), count, None)
            if status != _ffi.OK:
                for made in out:
                    _dll.tether_solver_constraint_free(handle, made)
                if not last_may_fail:  # pragma: no cover - such a batch cannot be rejected
                    raw._check(status)
        if status != _ffi.OK:
            self._retry_without_last()
            return
        constraints, by_raw_id = self._constraints, self._by_raw_id
        for constraint, made in zip(waiting, out):
            constraints[id(constraint)] = (constraint, made)
            by_raw_id[made] = constraint
        self._waiting = []
        self._w_counts = array(U32)
        self._w_vars = []
        self._w_coefficients = array("d")
        self._w_constants = array("d")
        self._w_relations = array(I32)
        self._w_priorities = array("d")

    def _retry_without_last(self) -> None:
        """After a refused batch whose last constraint may fail: the others, then it alone."""
        last = self._waiting.pop()
        terms = self._w_counts.pop()
        start = len(self._w_vars) - terms
        indexes, coefficients = self._w_vars[start:], self._w_coefficients[start:].tolist()
        del self._w_vars[start:], self._w_coefficients[start:]
        self._w_constants.pop()
        self._w_relations.pop()
        priority = self._w_priorities.pop()
        del self._constraints[id(last)]
        self._flush()
        self._add_now(last, indexes, coefficients, priority)

    # -- constraints --------------------------------------------------------------------------

    def addConstraint(self, constraint: Constraint) -> None:  # noqa: N802
        """Adds a constraint.

        Raises:
            DuplicateConstraint: it is already added.
            UnsatisfiableConstraint: it is required and cannot hold (nothing changed).
        """
        if type(constraint) is not Constraint and not isinstance(constraint, Constraint):
            raise _expected("Constraint", constraint)
        with self._lock:
            key = id(constraint)
            if key in self._constraints:
                raise DuplicateConstraint(constraint)
            expression = constraint._expression
            constant = expression._constant
            if constant - constant != 0.0:  # NaN or infinite
                raise InvalidArgumentError(f"constant must be finite, got {constant!r}",
                                           _ffi.E_INVALID_ARGUMENT)
            index = self._index
            objects = self._var_objects
            w_vars = self._w_vars
            w_coefficients = self._w_coefficients
            start = len(w_vars)
            fresh = False
            for term in expression._terms:
                variable = term._variable
                coefficient = term._coefficient
                if not 1e-100 <= abs(coefficient) <= 1e100 and coefficient != 0.0:
                    del w_vars[start:], w_coefficients[start:]
                    raise _refused_coefficient(coefficient)
                i = index.get(id(variable))
                if i is None:
                    i = index[id(variable)] = len(objects)
                    objects.append(variable)
                    if coefficient != 0.0:
                        fresh = True
                w_vars.append(i)
                w_coefficients.append(coefficient)
            priority = constraint._priority
            self._waiting.append(constraint)
            self._w_counts.append(len(w_vars) - start)
            self._w_constants.append(constant)
            self._w_relations.append(_RELATION_VALUES[constraint._op])
            self._w_priorities.append(priority)
            self._constraints[key] = (constraint, -1)
            if not fresh and priority >= _REQUIRED_PRIORITY:
                # It may not hold: sent now, with the batch, so that it raises here.
                self._flush(last_may_fail=True)

    def _add_now(self, constraint: Constraint, indexes: List[int], coefficients: List[float],
                 priority: float) -> None:
        """Makes and adds one constraint in the library (lock held, batch sent)."""
        self._make_variables()
        raw_ids = self._raw_ids
        count = len(indexes)
        variables = array("Q", [raw_ids[i] for i in indexes])
        numbers = array("d", coefficients)
        made = c_uint64()
        raw = self._raw
        with raw._lock:
            handle = raw._h()
            raw._check(_dll.tether_solver_constraint_new(
                handle, pointer(c_uint64, variables), pointer(c_double, numbers), count,
                constraint._expression._constant, _RELATION_VALUES[constraint._op], priority,
                byref(made)))
            status = _dll.tether_solver_constraint_add(handle, made.value)
            if status != _ffi.OK:
                try:
                    raw._check(status)
                except UnsatisfiableConstraintError as error:
                    conflicts = [self._by_raw_id[c.id] for c in error.conflicts
                                 if c.id in self._by_raw_id]
                    _dll.tether_solver_constraint_free(handle, made.value)
                    failure = UnsatisfiableConstraint(constraint)
                    failure.conflicts = conflicts
                    raise failure from None
                except BaseException:
                    _dll.tether_solver_constraint_free(handle, made.value)
                    raise
        self._constraints[id(constraint)] = (constraint, made.value)
        self._by_raw_id[made.value] = constraint

    def removeConstraint(self, constraint: Constraint) -> None:  # noqa: N802
        """Removes a constraint.

        Raises:
            UnknownConstraint: it is not added.
        """
        if type(constraint) is not Constraint and not isinstance(constraint, Constraint):
            raise _expected("Constraint", constraint)
        with self._lock:
            if id(constraint) not in self._constraints:
                raise UnknownConstraint(constraint)
            self._flush()
            made = self._constraints.pop(id(constraint))[1]
            del self._by_raw_id[made]
            raw = self._raw
            with raw._lock:
                raw._check(_dll.tether_solver_constraint_free(raw._h(), made))  # removes it first

    def hasConstraint(self, constraint: Constraint) -> bool:  # noqa: N802
        """Whether the constraint is added."""
        if type(constraint) is not Constraint and not isinstance(constraint, Constraint):
            raise _expected("Constraint", constraint)
        with self._lock:
            return id(constraint) in self._constraints

    # -- edit variables -----------------------------------------------------------------------

    def _raw_variable(self, variable: Variable) -> int:
        """The Tether id of ``variable`` in this solver, made on first use (lock held)."""
        i = self._index.get(id(variable))
        if i is None:
            i = self._index[id(variable)] = len(self._var_objects)
            self._var_objects.append(variable)
        self._make_variables()
        return self._raw_ids[i]

    def addEditVariable(self, variable: Variable, strength: Union[str, Number]) -> None:  # noqa: N802
        """Makes ``variable`` an edit variable at an optional ``strength``.

        Raises:
            DuplicateEditVariable: it already is one.
            BadRequiredStrength: ``strength`` is required.
            ValueError: the strength is unknown, NaN, <= 0 or > required.
        """
        if type(variable) is not Variable and not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        value = _strength(strength)
        with self._lock:
            if id(variable) in self._edits:
                raise DuplicateEditVariable(variable)
            if value >= _REQUIRED:
                raise BadRequiredStrength("A required strength cannot be used in this context.")
            self._flush()
            raw = self._raw
            with raw._lock:
                raw._check(_dll.tether_solver_edit_add(
                    raw._h(), self._raw_variable(variable), _priority(value)))
            self._edits[id(variable)] = variable

    def removeEditVariable(self, variable: Variable) -> None:  # noqa: N802
        """Stops editing ``variable``.

        Raises:
            UnknownEditVariable: it is not an edit variable.
        """
        if type(variable) is not Variable and not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        with self._lock:
            if id(variable) not in self._edits:
                raise UnknownEditVariable(variable)
            self._flush()
            raw = self._raw
            with raw._lock:
                raw._check(_dll.tether_solver_edit_remove(raw._h(), self._raw_variable(variable)))
            del self._edits[id(variable)]

    def hasEditVariable(self, variable: Variable) -> bool:  # noqa: N802
        """Whether ``variable`` is an edit variable."""
        if type(variable) is not Variable and not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        with self._lock:
            return id(variable) in self._edits

    def suggestValue(self, variable: Variable, value: Number) -> None:  # noqa: N802
        """Suggests a value for an edit variable.

        Raises:
            UnknownEditVariable: it is not an edit variable.
            ValueError: the value is NaN or infinite, or its solution overflows.
        """
        if type(variable) is not Variable and not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        number = _number(value)
        with self._lock:
            if id(variable) not in self._edits:
                raise UnknownEditVariable(variable)
            self._flush()
            raw = self._raw
            with raw._lock:
                raw._check(_dll.tether_solver_edit_suggest(
                    raw._h(), self._raw_ids[self._index[id(variable)]], number))

    # -- solving ------------------------------------------------------------------------------

    def updateVariables(self) -> None:  # noqa: N802
        """Solves and stores the value of every variable this solver knows on the Variable
        objects (one library call for all values)."""
        with self._lock:
            self._flush()
            self._make_variables()
            self._raw.update()
            values = self._raw._values_for_ids(self._raw_ids)
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
            self._flush()
            self._make_variables()
            lines = [self._raw.dump().rstrip("\n"), "", "Variables", "---------"]
            lines += [
                f"{v._name} = v{raw_id}" for v, raw_id in zip(self._var_objects, self._raw_ids)
            ]
            lines += ["", "Edit Variables", "--------------"]
            lines += [v._name for v in self._edits.values()]
            lines += ["", "Constraints", "-----------"]
            lines += [repr(c) for c, _ in self._constraints.values()]
            return "\n".join(lines) + "\n"

    def dump(self) -> None:
        """Prints :meth:`dumps`."""
        print(self.dumps(), end="")


_KIWI_TYPE_NAMES[Solver] = "kiwisolver.Solver"


# ------------------------------------------------------------------------------------------------
# Running programs written for kiwisolver (docs/kiwi.md)
# ------------------------------------------------------------------------------------------------

#: The module names :func:`install` points at this module.
_ALIASES = ("kiwisolver", "kiwisolver.exceptions")

#: A folder holding a package ``kiwisolver`` whose import installs this module in its place: put
#: it on ``PYTHONPATH`` (ahead of site-packages) and every Python process started with that
#: environment gets tether.kiwi for ``import kiwisolver``. ``python -m tether.kiwi --path``
#: prints it.
SHIM_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_kiwisolver_shim")


def install() -> types.ModuleType:
    """Makes ``import kiwisolver`` (and ``import kiwisolver.exceptions``) give this module, by
    entering it in :data:`sys.modules`. Call it before anything imports kiwisolver.

    Idempotent: a second call changes nothing. Returns this module.

    Raises:
        RuntimeError: the real kiwisolver is already imported. Replacing it then would leave two
            solvers in one program (modules that imported it keep the real one, and the two
            libraries' variables and constraints do not mix), so nothing is changed.
    """
    this = sys.modules[__name__]
    for name in _ALIASES:
        present = sys.modules.get(name)
        if present is None or present is this or getattr(present, "_TETHER_KIWI_SHIM", False):
            continue
        raise RuntimeError(
            f"tether.kiwi.install(): {name!r} is already imported "
            f"({getattr(present, '__file__', None) or present!r}); install tether.kiwi before "
            "anything imports kiwisolver (or run the program with `python -m tether.kiwi`)"
        )
    for name in _ALIASES:
        sys.modules[name] = this
    return this


def uninstall() -> None:
    """Undoes :func:`install`: ``import kiwisolver`` imports whatever is installed again. Modules
    that already imported it keep tether.kiwi."""
    this = sys.modules[__name__]
    for name in _ALIASES:
        if sys.modules.get(name) is this:
            del sys.modules[name]


_USAGE = """\
usage: python -m tether.kiwi SCRIPT [ARG ...]
       python -m tether.kiwi -m MODULE [ARG ...]
       python -m tether.kiwi -c CODE [ARG ...]
       python -m tether.kiwi --path

Runs a Python program with `import kiwisolver` resolved to tether.kiwi (kiwisolver %s's API,
solved by Tether), the way `python SCRIPT`, `python -m MODULE` or `python -c CODE` would run it.
Python processes the program starts get tether.kiwi too: the folder printed by --path, which
holds a stand-in `kiwisolver` package, is put first on PYTHONPATH.
""" % __version__


def _with_shim_on_pythonpath(value: Optional[str]) -> str:
    parts = [p for p in (value or "").split(os.pathsep) if p and p != SHIM_PATH]
    return os.pathsep.join([SHIM_PATH] + parts)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m tether.kiwi``: runs a script, a module (``-m``) or code (``-c``) with
    :func:`install` done and the stand-in on ``PYTHONPATH`` for child processes; ``--path``
    prints :data:`SHIM_PATH`. Returns the exit status (the program's own ``SystemExit``
    propagates)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(_USAGE, end="", file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    if args[0] == "--path":
        print(SHIM_PATH)
        return 0
    if args[0] in ("-m", "-c") and len(args) < 2:
        print(f"python -m tether.kiwi: {args[0]} needs an argument\n\n" + _USAGE, end="",
              file=sys.stderr)
        return 2
    import runpy  # here, not at the top: a program that only imports this module never needs it

    install()
    os.environ["PYTHONPATH"] = _with_shim_on_pythonpath(os.environ.get("PYTHONPATH"))
    if args[0] == "-m":
        sys.argv = [args[1]] + args[2:]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    elif args[0] == "-c":
        sys.argv = ["-c"] + args[2:]
        module = types.ModuleType("__main__")
        sys.modules["__main__"] = module
        exec(compile(args[1], "<string>", "exec"), module.__dict__)  # noqa: S102
    else:
        sys.argv = args
        if sys.path:
            sys.path[0] = os.path.dirname(os.path.abspath(args[0]))
        runpy.run_path(args[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    # Run as `python -m tether.kiwi`, this file is `__main__`; install the module under its real
    # name, tether.kiwi, the one `import kiwisolver` must give.
    import tether.kiwi as _kiwi

    raise SystemExit(_kiwi.main())
