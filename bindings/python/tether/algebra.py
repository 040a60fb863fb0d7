"""The operator algebra of linear expressions, written once for both expression families.

Two families of classes build linear expressions with Python operators: the raw solver's
(:mod:`tether.expressions`: :class:`~tether.Variable`, :class:`~tether.Term`,
:class:`~tether.Expression`, giving :class:`~tether.LinearConstraint`) and kiwisolver's
(:mod:`tether.kiwi`, whose variables belong to no solver). :class:`LinearAlgebra` holds their
operators: ``+``, ``-`` (both reflected), ``*`` and ``/`` by numbers, unary ``-``, the relations
``==``, ``<=`` and ``>=``, and the refusal of ``!=``, ``<`` and ``>``. A family subclasses it
once (its base class sets :attr:`LinearAlgebra._FAMILY` to itself, so that the two families never
mix) and fills in the few hooks below, which is where the families differ: what a sum's constant
is (kiwisolver keeps a ``-0.0``), how a constraint is made, which messages errors carry.

May import: :mod:`tether._validate` and :mod:`tether.enums` only.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, Tuple

from ._validate import is_number
from .enums import Relation

__all__ = ["LinearAlgebra", "checked_terms"]


class LinearAlgebra:
    """The operators of a family of linear-expression classes (see the module doc).

    Hooks a family defines:

    * ``_FAMILY``: the family's base class: only its instances (and numbers) are operands;
    * ``_EXPRESSION``: the family's expression class, made as ``_EXPRESSION(terms, constant)``;
    * ``_expression()``: ``self`` as an expression of the family (a term's by default);
    * ``_sum(lhs, rhs)``: ``lhs + rhs``, both operands of the family;
    * ``_scaled(factor)``: ``self * factor`` (a term for a variable or a term);
    * ``_negated()``: what subtracting ``self`` adds;
    * ``_relation(other, relation)``: ``self RELATION other`` for a :class:`tether.Relation`,
      or ``NotImplemented``;
    * ``_refused(op, other)``: the ``TypeError`` of ``!=``, ``<`` or ``>``;
    * ``_ZERO_DIVISION``: the message of a division by zero.
    """

    __slots__ = ()

    _FAMILY: type = object
    _EXPRESSION: Any = None
    _ZERO_DIVISION = "division by zero"

    # -- hooks ------------------------------------------------------------------------------

    def _expression(self) -> Any:
        """``self`` as an expression of the family. This default is a term's, ``self + 0``;
        variables and expressions define their own."""
        return self._EXPRESSION((self,), 0.0)

    @staticmethod
    def _sum(lhs: Any, rhs: Any) -> Any:  # pragma: no cover - every family defines it
        raise NotImplementedError

    def _scaled(self, factor: float) -> Any:  # pragma: no cover - every family defines it
        raise NotImplementedError

    def _negated(self) -> Any:  # pragma: no cover - every family defines it
        raise NotImplementedError

    def _relation(self, other: Any, relation: Relation) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _refused(self, op: str, other: Any) -> TypeError:  # pragma: no cover
        raise NotImplementedError

    # -- operands ---------------------------------------------------------------------------

    def _operand(self, other: Any) -> Optional[Any]:
        """``other`` as an operand of the family: itself, a number as a constant expression,
        or ``None`` when it is neither (the operator then returns ``NotImplemented``)."""
        if isinstance(other, self._FAMILY):
            return other
        if is_number(other):
            return self._EXPRESSION((), float(other))
        return None

    # -- arithmetic -------------------------------------------------------------------------

    def __add__(self, other: Any) -> Any:
        rhs = self._operand(other)
        if rhs is None:
            return NotImplemented
        return self._sum(self, rhs)

    def __radd__(self, other: Any) -> Any:
        lhs = self._operand(other)
        if lhs is None:
            return NotImplemented
        return self._sum(lhs, self)

    def __sub__(self, other: Any) -> Any:
        rhs = self._operand(other)
        if rhs is None:
            return NotImplemented
        return self._sum(self, rhs._negated())

    def __rsub__(self, other: Any) -> Any:
        lhs = self._operand(other)
        if lhs is None:
            return NotImplemented
        return self._sum(lhs, self._negated())

    def __mul__(self, other: Any) -> Any:
        if not is_number(other):
            return NotImplemented
        return self._scaled(float(other))

    def __rmul__(self, other: Any) -> Any:
        if not is_number(other):
            return NotImplemented
        return self._scaled(float(other))

    def __truediv__(self, other: Any) -> Any:
        if not is_number(other):
            return NotImplemented
        divisor = float(other)
        if divisor == 0.0:
            raise ZeroDivisionError(self._ZERO_DIVISION)
        return self._scaled(1.0 / divisor)

    def __neg__(self) -> Any:
        return self._scaled(-1.0)

    # -- relations --------------------------------------------------------------------------

    def __eq__(self, other: Any) -> Any:
        return self._relation(other, Relation.EQUAL)

    def __le__(self, other: Any) -> Any:
        return self._relation(other, Relation.LESS_THAN_OR_EQUAL)

    def __ge__(self, other: Any) -> Any:
        return self._relation(other, Relation.GREATER_THAN_OR_EQUAL)

    def __ne__(self, other: Any) -> bool:
        raise self._refused("!=", other)

    def __lt__(self, other: Any) -> bool:
        raise self._refused("<", other)

    def __gt__(self, other: Any) -> bool:
        raise self._refused(">", other)

    __hash__ = None  # type: ignore[assignment]


def checked_terms(terms: Iterable[Any], term_class: type,
                  error: Callable[[Any], Exception]) -> Tuple[Any, ...]:
    """The terms of a new expression as a tuple; ``error(item)`` is raised for the first item
    that is not a ``term_class``."""
    items = tuple(terms)
    for item in items:
        if not isinstance(item, term_class):
            raise error(item)
    return items
