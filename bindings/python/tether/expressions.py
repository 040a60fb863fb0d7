"""The raw solver's linear expressions: :class:`Variable`, :class:`Term`, :class:`Expression`
and the unadded :class:`LinearConstraint` they build, with :data:`REQUIRED`.

Expressions are built with ``+``, ``-``, unary ``-``, and ``*`` and ``/`` by numbers, on
:class:`Variable`, :class:`Term` and :class:`Expression`; ``==``, ``<=`` and ``>=`` between them
(or with numbers) give a :class:`LinearConstraint`, a plain description that
:meth:`tether.Solver.constraint` turns into a constraint of the solver. The operators themselves
are :class:`tether.algebra.LinearAlgebra`'s (shared with :mod:`tether.kiwi`); this module says
what they make. A :class:`Variable` belongs to one solver and reads its value through it (an
attribute, not an import: the solver is a module above this one).

May import: :mod:`tether._ffi` (constants), :mod:`tether._handle`, :mod:`tether._validate`,
:mod:`tether.enums`, :mod:`tether.algebra`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional, Tuple, Union

from . import _ffi
from ._handle import HandleItem
from ._validate import check_finite_constant, to_float
from .algebra import LinearAlgebra, checked_terms
from .enums import Relation

if TYPE_CHECKING:  # pragma: no cover - annotations only: solver.py imports this module
    from .solver import Solver

__all__ = ["REQUIRED", "Number", "Variable", "Term", "Expression", "LinearConstraint"]

#: The required priority. Anything in (0, 1000) is optional.
REQUIRED: float = _ffi.PRIORITY_REQUIRED

Number = Union[int, float]


def _format_number(value: float) -> str:
    """Shortest round-tripping text, without a trailing ``.0`` for whole numbers."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


_REFUSALS = {
    "!=": "'!=' is not a linear relation; use ==, <= or >=",
    "<": "'<' is not supported in constraints; use <= (constraints are not strict)",
    ">": "'>' is not supported in constraints; use >= (constraints are not strict)",
}


class _Linear(LinearAlgebra):
    """The family of :class:`Variable`, :class:`Term` and :class:`Expression`: the hooks of
    :class:`tether.algebra.LinearAlgebra`, and :attr:`value`."""

    __slots__ = ()

    _ZERO_DIVISION = "division of a linear expression by zero"

    @staticmethod
    def _sum(lhs: "_Linear", rhs: "_Linear") -> "Expression":
        left = lhs._expression()
        right = rhs._expression()
        return Expression(left.terms + right.terms, left.constant + right.constant)

    def _negated(self) -> "_Linear":
        expression: Expression = self._expression()
        return expression._scaled(-1.0)

    def __pos__(self) -> "_Linear":
        return self

    def _scaled(self, factor: float) -> "_Linear":
        expression = self._expression()
        return Expression(
            tuple(Term(t.variable, t.coefficient * factor) for t in expression.terms),
            expression.constant * factor,
        )

    def _relation(self, other: Any, relation: Relation) -> "LinearConstraint":
        rhs = self._operand(other)
        if rhs is None:
            # mypy 2 counts NotImplemented as Any here, mypy 1 does not: the ignore fits both.
            return NotImplemented  # type: ignore[no-any-return, unused-ignore]
        # Checked here, where each side still has the sign it was written with (`x == inf`
        # would otherwise be refused, when made, as "got -inf").
        check_finite_constant(self._expression().constant)
        check_finite_constant(rhs._expression().constant)
        made = LinearConstraint(self - rhs, relation)
        if relation is Relation.EQUAL:
            made._identical = self is other
        return made

    def _refused(self, op: str, other: Any) -> TypeError:
        return TypeError(_REFUSALS[op])

    @property
    def value(self) -> float:
        """The value with the variables' values as of the last :meth:`Solver.update`."""
        expression: Expression = self._expression()
        return expression.constant + sum(
            t.coefficient * t.variable.value for t in expression.terms
        )


class SolverObject(HandleItem):
    """What variables and solver constraints share: a solver and an id in it."""

    __slots__ = ()

    _solver: "Solver"

    @property
    def solver(self) -> "Solver":
        """The solver that owns it."""
        return self._solver


class Variable(_Linear, SolverObject):
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

    # mypy 2 refuses object.__hash__ after LinearAlgebra's None, mypy 1 does not.
    __hash__ = object.__hash__  # type: ignore[assignment, unused-ignore]

    def _expression(self) -> "Expression":
        return Expression((Term(self, 1.0),), 0.0)

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
        self.coefficient: float = to_float(coefficient, "a coefficient")
        self.variable: Variable = variable

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
        self.terms: Tuple[Term, ...] = checked_terms(terms, Term, lambda item: TypeError(
            f"Expression terms must be Terms, not {type(item).__name__}"))
        self.constant: float = to_float(constant, "a constant")

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


_Linear._FAMILY, _Linear._EXPRESSION = _Linear, Expression


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

