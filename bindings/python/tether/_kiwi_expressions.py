"""kiwisolver's expressions for :mod:`tether.kiwi`: :class:`Variable`, :class:`Term`,
:class:`Expression`, :class:`Constraint`, the :data:`strength` namespace, and how strengths map to
Tether priorities (see :mod:`tether.kiwi`, which re-exports all of it).

The operators are :class:`tether.algebra.LinearAlgebra`'s, shared with the raw solver's
expressions; the hooks here give them kiwisolver's semantics (a sum's constant, the messages of
its errors). A kiwi :class:`Variable` belongs to no solver: it holds the value the last
:meth:`tether.kiwi.Solver.updateVariables` stored on it.

May import: :mod:`tether._validate`, :mod:`tether.algebra`, :mod:`tether.enums`,
:mod:`tether.expressions`.
"""

from __future__ import annotations

import math
from typing import Any, Dict, Iterable, List, Tuple, Union

from ._validate import is_number
from .algebra import LinearAlgebra
from .enums import Relation
from .expressions import REQUIRED

__all__ = ["Variable", "Term", "Expression", "Constraint", "strength"]

#: kiwisolver's required strength.
_REQUIRED = 1001001000.0
#: 2**-20: optional strengths map to priorities exactly by this factor.
_SCALE = 1.0 / 1048576.0
#: |value| below this counts as zero in Constraint.violated() for "==" (kiwisolver's 1e-8).
_EPSILON = 1.0e-8

Number = Union[int, float]


# ------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------


#: The classes that stand for kiwisolver's own types, and the names kiwisolver gives those
#: types in its messages (their C ``tp_name``); :mod:`tether.kiwi` adds its Solver.
_KIWI_TYPE_NAMES: Dict[type, str] = {}


def _type_name(value: Any) -> str:
    """The name of ``value``'s type as kiwisolver's messages print it (CPython's ``tp_name``):
    ``kiwisolver.Variable`` for tether.kiwi's own classes, ``numpy.float64`` for a type of an
    extension module, the bare class name for a class defined in Python (a subclass of Variable
    too) or a builtin."""
    kind = type(value)
    name = _KIWI_TYPE_NAMES.get(kind)
    if name is not None:
        return name
    module = getattr(kind, "__module__", "builtins")
    if kind.__flags__ & _HEAP_TYPE or module == "builtins":
        return kind.__name__
    return f"{module}.{kind.__name__}"


#: Py_TPFLAGS_HEAPTYPE: a class made by a class statement (its tp_name is its bare name).
_HEAP_TYPE = 1 << 9


def _expected(kind: str, value: Any) -> TypeError:
    """kiwisolver's (cppy's) TypeError for an argument of the wrong type."""
    return TypeError(
        f"Expected object of type `{kind}`. Got object of type `{_type_name(value)}` instead."
    )


def _number(value: Any) -> float:
    if type(value) is float:  # the common case first: no call, no ABC check
        return value
    if not is_number(value):
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
        return REQUIRED
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
        raise AttributeError(f"attribute '{name}' of 'kiwisolver.Strength' objects is not writable")

    def __repr__(self) -> str:
        return "<tether.kiwi.strength>"


#: The strength namespace: ``strength.weak``, ``.medium``, ``.strong``, ``.required``,
#: ``.create(a, b, c, w=1.0)``.
strength = _Strength()


def _unsupported(op: str, left: Any, right: Any) -> TypeError:
    """kiwisolver's TypeError for ``!=``, ``<`` and ``>``."""
    return TypeError(
        f"unsupported operand type(s) for {op}: '{_type_name(left)}' and '{_type_name(right)}'"
    )


# ------------------------------------------------------------------------------------------------
# Variables, terms, expressions
# ------------------------------------------------------------------------------------------------


_new = object.__new__


def _term(variable: "Variable", coefficient: float) -> "Term":
    """``coefficient * variable`` without the checks of ``Term(...)``: for the operators, whose
    operands are already of the family (an operator builds several terms and expressions, and
    the constructors' checks were most of its cost: issue 21)."""
    term = _new(Term)
    term._variable = variable
    term._coefficient = coefficient
    return term


def _expression_of(terms: Tuple["Term", ...], constant: float) -> "Expression":
    """``sum(terms) + constant`` without the checks of ``Expression(...)`` (see :func:`_term`)."""
    expression = _new(Expression)
    expression._terms = terms
    expression._constant = constant
    return expression


def _parts(value: Any) -> Tuple[Tuple["Term", ...], float]:
    """The terms and constant of a Variable, Term or Expression."""
    kind = type(value)
    if kind is Variable:
        return (_term(value, 1.0),), 0.0
    if kind is Term:
        return (value,), 0.0
    return value._terms, value._constant


def _sum_parts(lhs: Any, rhs: Any, sign: float) -> "Expression":
    """``lhs + sign * rhs`` for two operands of the family, with kiwisolver's constant (a
    Variable or Term has none, so the other side's is kept as is)."""
    left_terms, left_constant = _parts(lhs)
    kind = type(rhs)
    right_terms: Tuple["Term", ...]
    if kind is Variable:
        right_terms, right_constant = (_term(rhs, sign),), 0.0
    elif kind is Term:
        right_terms = (rhs if sign == 1.0 else _term(rhs._variable, -rhs._coefficient),)
        right_constant = 0.0
    else:
        right_terms = rhs._terms if sign == 1.0 else tuple(
            [_term(t._variable, -t._coefficient) for t in rhs._terms])
        right_constant = rhs._constant if sign == 1.0 else -rhs._constant
    # kiwisolver's term order: a Variable or Term combined with an Expression lists the
    # Expression's terms first (``x - (y + 1)`` is ``-1 * y + 1 * x + -1``).
    if type(lhs) is Expression:
        if kind is Expression:
            return _expression_of(left_terms + right_terms, left_constant + right_constant)
        return _expression_of(left_terms + right_terms, left_constant)
    if kind is Expression:
        return _expression_of(right_terms + left_terms, right_constant)
    return _expression_of(left_terms + right_terms, right_constant)


class _Arithmetic(LinearAlgebra):
    """The family of kiwi's Variable, Term and Expression: the hooks of
    :class:`tether.algebra.LinearAlgebra` with kiwisolver's semantics."""

    __slots__ = ()

    _ZERO_DIVISION = "float division by zero"

    @staticmethod
    def _sum(lhs: Any, rhs: Any) -> "Expression":
        """``lhs + rhs`` (and ``lhs - other`` with ``rhs`` the negated other) in kiwisolver's
        term order: a Variable or Term plus an Expression lists the Expression's terms first
        (``x - (y + 1)`` is ``-1 * y + 1 * x + -1``); every other sum lists the left operand's
        terms first. A Variable or Term has no constant, so the other side's is kept as is
        (kiwisolver's behaviour, visible for -0.0: ``x - 0`` prints ``1 * x + -0``)."""
        left = lhs._expression()
        right = rhs._expression()
        if type(lhs) is Expression:
            if type(rhs) is Expression:
                return _expression_of(left._terms + right._terms, left._constant + right._constant)
            return _expression_of(left._terms + right._terms, left._constant)
        if type(rhs) is Expression:
            return _expression_of(right._terms + left._terms, right._constant)
        return _expression_of(left._terms + right._terms, right._constant)

    def _operand(self, other: Any) -> Any:
        # LinearAlgebra's, with plain floats and ints first and no constructor checks.
        if isinstance(other, _Arithmetic):
            return other
        if type(other) is float or type(other) is int or is_number(other):
            return _expression_of((), float(other))
        return None

    # Sums and differences, specialised: the generic operators (LinearAlgebra's) made each
    # operand an expression first, four objects for ``x + 1`` where two do.

    def __add__(self, other: Any) -> Any:
        if type(other) is float or type(other) is int:
            terms, constant = _parts(self)
            return _expression_of(terms, constant + other if type(self) is Expression else float(other))
        if isinstance(other, _Arithmetic):
            return _sum_parts(self, other, 1.0)
        return LinearAlgebra.__add__(self, other)

    def __radd__(self, other: Any) -> Any:
        if type(other) is float or type(other) is int:
            terms, constant = _parts(self)
            return _expression_of(terms, other + constant if type(self) is Expression else float(other))
        return LinearAlgebra.__radd__(self, other)

    def __sub__(self, other: Any) -> Any:
        if type(other) is float or type(other) is int:
            terms, constant = _parts(self)
            return _expression_of(terms, constant - other if type(self) is Expression else -float(other))
        if isinstance(other, _Arithmetic):
            return _sum_parts(self, other, -1.0)
        return LinearAlgebra.__sub__(self, other)

    def _negated(self) -> Union["Term", "Expression"]:
        # Every class of the family defines _scaled as a Term or an Expression (the base's
        # hook is untyped, shared with tether.expressions).
        negated: Union[Term, Expression] = self._scaled(-1.0)
        return negated

    def _relation(self, other: Any, relation: Relation) -> "Constraint":
        return self._constraint(other, relation.symbol)

    def _constraint(self, other: Any, op: str) -> "Constraint":
        """``self - other  op  0``, required (``NotImplemented`` for an operand of no family)."""
        rhs = self._operand(other)
        if rhs is None:
            # mypy 2 counts NotImplemented as Any here, mypy 1 does not: the ignore fits both.
            return NotImplemented  # type: ignore[no-any-return, unused-ignore]
        constraint = _new(Constraint)
        constraint._expression = _reduced(_sum_parts(self, rhs, -1.0))
        constraint._op = op
        constraint._strength, constraint._priority = _REQUIRED, REQUIRED
        return constraint

    # The relations with their symbols at hand (LinearAlgebra's go through tether.Relation,
    # whose symbol lookup cost half a microsecond).
    def __eq__(self, other: Any) -> Any:
        return self._constraint(other, "==")

    def __le__(self, other: Any) -> Any:
        return self._constraint(other, "<=")

    def __ge__(self, other: Any) -> Any:
        return self._constraint(other, ">=")

    # mypy 1 refuses None for object's __hash__, mypy 2 accepts it: the ignore fits both.
    __hash__ = None  # type: ignore[assignment, unused-ignore]

    def _refused(self, op: str, other: Any) -> TypeError:
        return _unsupported(op, self, other)


class Variable(_Arithmetic):
    """A kiwisolver variable: a name, a user context, and the value of the last update."""

    __slots__ = ("_name", "_context", "_value")

    def __init__(self, name: str = "", context: Any = None) -> None:
        """Makes a variable called ``name`` (a str) with an arbitrary ``context`` object."""
        if type(name) is not str and not isinstance(name, str):
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

    def _expression(self) -> "Expression":
        return _expression_of((_term(self, 1.0),), 0.0)

    def _scaled(self, factor: float) -> "Term":
        return _term(self, factor)

    def __repr__(self) -> str:
        return self._name


class Term(_Arithmetic):
    """``coefficient * variable``."""

    __slots__ = ("_variable", "_coefficient")

    def __init__(self, variable: Variable, coefficient: Number = 1.0) -> None:
        """Makes ``coefficient * variable``."""
        if type(variable) is not Variable and not isinstance(variable, Variable):
            raise _expected("Variable", variable)
        self._variable = variable
        self._coefficient = coefficient if type(coefficient) is float else _number(coefficient)

    def variable(self) -> Variable:
        """The variable."""
        return self._variable

    def coefficient(self) -> float:
        """The coefficient."""
        return self._coefficient

    def value(self) -> float:
        """``coefficient * variable.value()``."""
        return self._coefficient * self._variable._value

    def _expression(self) -> "Expression":
        return _expression_of((self,), 0.0)

    def _scaled(self, factor: float) -> "Term":
        return _term(self._variable, self._coefficient * factor)

    def __repr__(self) -> str:
        return f"{_fmt(self._coefficient)} * {self._variable._name}"


class Expression(_Arithmetic):
    """``sum(terms) + constant``; the terms are kept as given."""

    __slots__ = ("_terms", "_constant")

    def __init__(self, terms: Iterable[Term], constant: Number = 0.0) -> None:
        """Makes ``sum(terms) + constant`` from an iterable of :class:`Term`."""
        items = tuple(terms)
        for item in items:
            if type(item) is not Term and not isinstance(item, Term):
                raise _expected("Term", item)
        self._terms: Tuple[Term, ...] = items
        self._constant = constant if type(constant) is float else _number(constant)

    def terms(self) -> Tuple[Term, ...]:
        """The terms, as a tuple."""
        return self._terms

    def constant(self) -> float:
        """The constant."""
        return self._constant

    def value(self) -> float:
        """The value with the variables' current values."""
        return self._constant + sum(t.value() for t in self._terms)

    def _expression(self) -> "Expression":
        return self

    def _scaled(self, factor: float) -> "Expression":
        return _expression_of(
            tuple([_term(t._variable, t._coefficient * factor) for t in self._terms]),
            self._constant * factor,
        )

    def __repr__(self) -> str:
        parts = [repr(t) for t in self._terms]
        parts.append(_fmt(self._constant))
        return " + ".join(parts)


_Arithmetic._FAMILY, _Arithmetic._EXPRESSION = _Arithmetic, Expression


def _reduced(expression: Expression) -> Expression:
    """The expression with the terms of one variable summed (first-seen order, zeros kept)."""
    terms = expression._terms
    count = len(terms)
    # Most constraints name each variable once: then the expression is already reduced (it is
    # immutable, so it is kept, not copied).
    if count < 2 or (count == 2 and terms[0]._variable is not terms[1]._variable):
        return expression
    if len({id(t._variable) for t in terms}) == count:
        return expression
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

#: ``"=="``, ``"<="``, ``">="`` -> :class:`tether.Relation`.
_RELATIONS = {relation.symbol: relation for relation in Relation}


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

    __slots__ = ("_expression", "_op", "_strength", "_priority", "__weakref__")

    def __init__(
        self, expression: Expression, op: str = "==", strength: Union[str, Number] = "required"
    ) -> None:
        if type(expression) is not Expression and not isinstance(expression, Expression):
            raise _expected("Expression", expression)
        if type(op) is not str and not isinstance(op, str):
            raise _expected("str", op)
        if op not in _RELATIONS:
            raise ValueError(f"relational operator must be '==', '<=', or '>=', not '{op}'")
        self._expression = _reduced(expression)
        self._op = op
        if strength == "required":
            self._strength, self._priority = _REQUIRED, REQUIRED
        else:
            self._strength = _strength(strength)
            self._priority = _priority(self._strength)

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
        copy._priority = _priority(copy._strength)
        return copy

    __ror__ = __or__

    def __repr__(self) -> str:
        text = f"{self._expression!r} {self._op} 0 | strength = {_fmt(self._strength)}"
        if self.violated():
            text += " (VIOLATED)"
        return text


_KIWI_TYPE_NAMES.update({
    Variable: "kiwisolver.Variable",
    Term: "kiwisolver.Term",
    Expression: "kiwisolver.Expression",
    Constraint: "kiwisolver.Constraint",
    _Strength: "kiwisolver.Strength",
})
