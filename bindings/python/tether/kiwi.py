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
"""

from __future__ import annotations

import math
import numbers
import threading
from array import array
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import solver as _raw
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

#: kiwisolver's required strength.
_REQUIRED = 1001001000.0
#: 2**-20: optional strengths map to priorities exactly by this factor.
_SCALE = 1.0 / 1048576.0
#: |value| below this counts as zero in Constraint.violated() for "==" (kiwisolver's 1e-8).
_EPSILON = 1.0e-8

Number = Union[int, float]


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
# Helpers
# ------------------------------------------------------------------------------------------------


def _expected(kind: str, value: Any) -> TypeError:
    return TypeError(
        f"Expected object of type `{kind}`. Got object of type `{type(value).__name__}` instead."
    )


def _number(value: Any) -> float:
    if not isinstance(value, numbers.Real):
        raise _expected("float, int, or long", value)
    return float(value)


def _fmt(value: float) -> str:
    """kiwisolver's number format (C++ stream default: 6 significant digits)."""
    return "%g" % value


_STRENGTH_NAMES = ("required", "strong", "medium", "weak")


def _strength(value: Any) -> float:
    """Validates a strength given as a number or one of the four names."""
    if isinstance(value, str):
        if value not in _STRENGTH_NAMES:
            raise ValueError(
                "string strength must be 'required', 'strong', 'medium', or 'weak', "
                f"not '{value}'"
            )
        return float(getattr(strength, value))
    number = _number(value)
    if math.isnan(number) or number <= 0.0 or number > _REQUIRED:
        raise ValueError(
            f"a strength must be in (0, {_REQUIRED:.1f}] (strength.required); got {number!r}. "
            "tether.kiwi never clips strengths."
        )
    return number


def _priority(strength_value: float) -> float:
    """The Tether priority of a validated strength: required → 1000, else s * 2**-20."""
    if strength_value == _REQUIRED:
        return _raw.REQUIRED
    priority = strength_value * _SCALE
    if priority <= 0.0 or priority / _SCALE != strength_value:
        raise ValueError(
            f"the strength {strength_value!r} is too small to map exactly to a Tether priority"
        )
    return priority


class _Strength:
    """kiwisolver's ``strength`` namespace: ``weak``, ``medium``, ``strong``, ``required`` and
    :meth:`create`."""

    __slots__ = ()

    @property
    def weak(self) -> float:
        """1.0"""
        return 1.0

    @property
    def medium(self) -> float:
        """1000.0"""
        return 1000.0

    @property
    def strong(self) -> float:
        """1000000.0"""
        return 1000000.0

    @property
    def required(self) -> float:
        """1001001000.0; mapped to Tether's required priority (1000)."""
        return _REQUIRED

    @staticmethod
    def create(a: Number, b: Number, c: Number, w: Number = 1.0) -> float:
        """kiwisolver's strength formula: each of ``a*w``, ``b*w``, ``c*w`` is limited to
        [0, 1000], then ``1e6 * a + 1e3 * b + c``. (This limits the components, as kiwisolver
        documents; the strength itself is never clipped when used.)"""
        weight = _number(w)
        parts = [min(max(_number(x) * weight, 0.0), 1000.0) for x in (a, b, c)]
        return parts[0] * 1000000.0 + parts[1] * 1000.0 + parts[2]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"attribute '{name}' of 'strength' objects is not writable")

    def __repr__(self) -> str:
        return "<tether.kiwi.strength>"


#: The strength namespace: ``strength.weak``, ``.medium``, ``.strong``, ``.required``,
#: ``.create(a, b, c, w=1.0)``.
strength = _Strength()


def _unsupported(op: str, left: Any, right: Any) -> TypeError:
    return TypeError(
        f"unsupported operand type(s) for {op}: "
        f"'{type(left).__name__}' and '{type(right).__name__}'"
    )


# ------------------------------------------------------------------------------------------------
# Variables, terms, expressions
# ------------------------------------------------------------------------------------------------


class _Arithmetic:
    """Operators shared by Variable, Term and Expression (kiwisolver's semantics)."""

    __slots__ = ()

    def _as_expression(self) -> "Expression":
        raise NotImplementedError

    def _times(self, factor: float) -> Union["Term", "Expression"]:
        raise NotImplementedError

    @staticmethod
    def _operand(other: Any) -> Optional["Expression"]:
        if isinstance(other, _Arithmetic):
            return other._as_expression()
        if isinstance(other, numbers.Real):
            return Expression((), float(other))
        return None

    @staticmethod
    def _sum(lhs: Any, rhs: Any) -> "Expression":
        """``lhs + rhs``; a Variable or Term has no constant, so the other side's is kept as is
        (kiwisolver's behaviour, visible for -0.0: ``x - 0`` prints ``1 * x + -0``)."""
        left = lhs._as_expression()
        right = rhs._as_expression()
        if isinstance(lhs, Expression) and isinstance(rhs, Expression):
            constant = left._constant + right._constant
        elif isinstance(lhs, Expression):
            constant = left._constant
        else:
            constant = right._constant
        return Expression(left._terms + right._terms, constant)

    def __add__(self, other: Any) -> "Expression":
        rhs = self._operand(other)
        if rhs is None:
            return NotImplemented
        return self._sum(self, other if isinstance(other, _Arithmetic) else rhs)

    def __radd__(self, other: Any) -> "Expression":
        lhs = self._operand(other)
        if lhs is None:
            return NotImplemented
        return self._sum(other if isinstance(other, _Arithmetic) else lhs, self)

    def __sub__(self, other: Any) -> "Expression":
        rhs = self._operand(other)
        if rhs is None:
            return NotImplemented
        negated = (other if isinstance(other, _Arithmetic) else rhs)._times(-1.0)
        return self._sum(self, negated)

    def __rsub__(self, other: Any) -> "Expression":
        lhs = self._operand(other)
        if lhs is None:
            return NotImplemented
        return self._sum(other if isinstance(other, _Arithmetic) else lhs, self._times(-1.0))

    def __mul__(self, other: Any) -> Union["Term", "Expression"]:
        if not isinstance(other, numbers.Real):
            return NotImplemented
        return self._times(float(other))

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> Union["Term", "Expression"]:
        if not isinstance(other, numbers.Real):
            return NotImplemented
        divisor = float(other)
        if divisor == 0.0:
            raise ZeroDivisionError("float division by zero")
        return self._times(1.0 / divisor)

    def __neg__(self) -> Union["Term", "Expression"]:
        return self._times(-1.0)

    def _compare(self, other: Any, op: str) -> "Constraint":
        if self._operand(other) is None:
            return NotImplemented  # type: ignore[no-any-return]
        return Constraint(self - other, op)

    def __eq__(self, other: Any) -> "Constraint":  # type: ignore[override]
        return self._compare(other, "==")

    def __le__(self, other: Any) -> "Constraint":
        return self._compare(other, "<=")

    def __ge__(self, other: Any) -> "Constraint":
        return self._compare(other, ">=")

    def __ne__(self, other: Any) -> bool:
        raise _unsupported("!=", self, other)

    def __lt__(self, other: Any) -> bool:
        raise _unsupported("<", self, other)

    def __gt__(self, other: Any) -> bool:
        raise _unsupported(">", self, other)

    __hash__ = None  # type: ignore[assignment]


class Variable(_Arithmetic):
    """A kiwisolver variable: a name, a user context, and the value of the last update."""

    __slots__ = ("_name", "_context", "_value")

    def __init__(self, name: str = "", context: Any = None) -> None:
        """Makes a variable called ``name`` (a str) with an arbitrary ``context`` object."""
        if not isinstance(name, str):
            raise _expected("str", name)
        self._name = name
        self._context = context
        self._value = 0.0

    def name(self) -> str:
        """The variable's name."""
        return self._name

    def setName(self, name: str) -> None:  # noqa: N802 - kiwisolver's name
        """Renames the variable."""
        if not isinstance(name, str):
            raise _expected("str", name)
        self._name = name

    def context(self) -> Any:
        """The user context object (``None`` by default)."""
        return self._context

    def setContext(self, context: Any) -> None:  # noqa: N802 - kiwisolver's name
        """Replaces the user context object."""
        self._context = context

    def value(self) -> float:
        """The value stored by the last :meth:`Solver.updateVariables` that knew the variable."""
        return self._value

    def _as_expression(self) -> "Expression":
        return Expression((Term(self),), 0.0)

    def _times(self, factor: float) -> "Term":
        return Term(self, factor)

    def __repr__(self) -> str:
        return self._name


class Term(_Arithmetic):
    """``coefficient * variable``."""

    __slots__ = ("_variable", "_coefficient")

    def __init__(self, variable: Variable, coefficient: Number = 1.0) -> None:
        """Makes ``coefficient * variable``."""
        if not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        self._variable = variable
        self._coefficient = _number(coefficient)

    def variable(self) -> Variable:
        """The variable."""
        return self._variable

    def coefficient(self) -> float:
        """The coefficient."""
        return self._coefficient

    def value(self) -> float:
        """``coefficient * variable.value()``."""
        return self._coefficient * self._variable._value

    def _as_expression(self) -> "Expression":
        return Expression((self,), 0.0)

    def _times(self, factor: float) -> "Term":
        return Term(self._variable, self._coefficient * factor)

    def __repr__(self) -> str:
        return f"{_fmt(self._coefficient)} * {self._variable._name}"


class Expression(_Arithmetic):
    """``sum(terms) + constant``; the terms are kept as given."""

    __slots__ = ("_terms", "_constant")

    def __init__(self, terms: Iterable[Term], constant: Number = 0.0) -> None:
        """Makes ``sum(terms) + constant`` from an iterable of :class:`Term`."""
        items = tuple(terms)
        for item in items:
            if not isinstance(item, Term):
                raise _expected("Term", item)
        self._terms: Tuple[Term, ...] = items
        self._constant = _number(constant)

    def terms(self) -> Tuple[Term, ...]:
        """The terms, as a tuple."""
        return self._terms

    def constant(self) -> float:
        """The constant."""
        return self._constant

    def value(self) -> float:
        """The value with the variables' current values."""
        return self._constant + sum(t.value() for t in self._terms)

    def _as_expression(self) -> "Expression":
        return self

    def _times(self, factor: float) -> "Expression":
        return Expression(
            tuple(Term(t._variable, t._coefficient * factor) for t in self._terms),
            self._constant * factor,
        )

    def __repr__(self) -> str:
        parts = [repr(t) for t in self._terms]
        parts.append(_fmt(self._constant))
        return " + ".join(parts)


def _reduced(expression: Expression) -> Expression:
    """The expression with the terms of one variable summed (first-seen order, zeros kept)."""
    order: List[Variable] = []
    sums: Dict[int, float] = {}
    for term in expression._terms:
        key = id(term._variable)
        if key not in sums:
            sums[key] = 0.0
            order.append(term._variable)
        sums[key] += term._coefficient
    return Expression(tuple(Term(v, sums[id(v)]) for v in order), expression._constant)


# ------------------------------------------------------------------------------------------------
# Constraints
# ------------------------------------------------------------------------------------------------

_OPS = ("==", "<=", ">=")
_RELATIONS = {
    "==": _raw.Relation.EQUAL,
    "<=": _raw.Relation.LESS_THAN_OR_EQUAL,
    ">=": _raw.Relation.GREATER_THAN_OR_EQUAL,
}


class Constraint:
    """An immutable constraint ``expression op 0`` at a strength.

    ``Constraint(expression, op="==", strength="required")``; ``constraint | strength`` gives a
    copy at another strength (a number or ``"weak"``, ``"medium"``, ``"strong"``,
    ``"required"``).

    Raises:
        TypeError: ``expression`` is not an :class:`Expression` or ``op`` not a str.
        ValueError: ``op`` is not ``"=="``, ``"<="`` or ``">="``, or the strength is unknown,
            NaN, <= 0 or greater than ``strength.required`` (never clipped).
    """

    __slots__ = ("_expression", "_op", "_strength", "__weakref__")

    def __init__(
        self, expression: Expression, op: str = "==", strength: Union[str, Number] = "required"
    ) -> None:
        if not isinstance(expression, Expression):
            raise _expected("Expression", expression)
        if not isinstance(op, str):
            raise _expected("str", op)
        if op not in _OPS:
            raise ValueError(f"relational operator must be '==', '<=', or '>=', not '{op}'")
        self._expression = _reduced(expression)
        self._op = op
        self._strength = _strength(strength)

    def expression(self) -> Expression:
        """The expression (terms of one variable summed)."""
        return self._expression

    def op(self) -> str:
        """``"=="``, ``"<="`` or ``">="``."""
        return self._op

    def strength(self) -> float:
        """The strength, a number in (0, strength.required]."""
        return self._strength

    def violated(self) -> bool:
        """Whether the constraint fails with the variables' current values (``==`` with a
        tolerance of 1e-8, inequalities exactly)."""
        value = self._expression.value()
        if self._op == "==":
            return not abs(value) < _EPSILON
        if self._op == "<=":
            return value > 0.0
        return value < 0.0

    def __or__(self, other: Any) -> "Constraint":
        copy = Constraint.__new__(Constraint)
        copy._expression = self._expression  # already reduced; expressions are immutable
        copy._op = self._op
        copy._strength = _strength(other)
        return copy

    __ror__ = __or__

    def __repr__(self) -> str:
        text = f"{self._expression!r} {self._op} 0 | strength = {_fmt(self._strength)}"
        if self.violated():
            text += " (VIOLATED)"
        return text


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
