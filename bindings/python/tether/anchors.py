"""Typed layout anchors (``NSLayoutAnchor``): ``view.left == other.right + 8``.

Every view and layout guide has anchors for its edges, centers and size; views also have the
baselines and the margin variants. The class says what an anchor can be related to:

* :class:`XAnchor` — horizontal locations (``left``, ``right``, ``leading``, ``trailing``,
  ``center_x`` and the margin variants);
* :class:`YAnchor` — vertical locations (``top``, ``bottom``, ``center_y``, the baselines and the
  margin variants);
* :class:`DimensionAnchor` — ``width`` and ``height``.

``==``, ``<=`` and ``>=`` build an *inactive* :class:`tether.Constraint` at the required priority;
activate it with ``c.active = True`` or :func:`tether.activate`::

    tether.activate([
        label.leading == root.leading_margin,
        label.top == header.bottom + 8,
        image.width >= root.width * 0.5 + 10,
        image.height == 100,
        (image.width == 200).with_priority(tether.LayoutPriority.DEFAULT_HIGH),
    ])

The right side is an anchor, optionally multiplied or divided by a number and offset by one
(``anchor * m + c``), or a plain number (a constant: legal for sizes only). The library validates
every constraint as Apple does and its message is kept: relating anchors of different kinds
(``a.left == b.top``, ``a.left == b.width``) raises :class:`tether.InvalidPairingError` (a
``TypeError``), a location equal to a constant (``a.left == 10``) or leading/trailing with
left/right raise :class:`tether.InvalidArgumentError`.

The operators are typed for the same rules, so that a type checker (``mypy --strict``) finds most
of these mistakes before the code runs: an anchor relates to an anchor of its own class, or to an
:class:`AnchorExpression` of it (``AnchorExpression[XAnchor]`` for ``b.right + 8``); only a
:class:`DimensionAnchor` relates to a number; arithmetic takes numbers only. So ``a.left ==
b.top``, ``a.left == b.width``, ``a.top >= 10`` and ``a.width + b.left`` are type errors, while
``a.width == b.height * 0.5`` is not (any two sizes relate). Two mistakes are left to the run-time
checks: leading/trailing with left/right (both are x anchors), and ``a.left == 10``, which a type
checker reads as ``int.__eq__`` (a ``bool``, so ``tether.activate([a.left == 10])`` is still a
type error).

May import: :mod:`tether._validate`, :mod:`tether.constraint`, :mod:`tether.enums` (the items
that have anchors, :mod:`tether.items`, build on this module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Optional, Tuple, TypeVar, Union

from ._validate import is_real
from .constraint import Constraint
from .enums import Attribute, Relation

if TYPE_CHECKING:  # pragma: no cover - annotations only: items.py builds on this module
    from .items import LayoutItem

__all__ = ["Anchor", "XAnchor", "YAnchor", "DimensionAnchor", "AnchorExpression"]

#: The class of an anchor, for the types: ``self`` in :class:`Anchor`'s operators, so that an x
#: anchor takes x anchors only, and the anchor of an :class:`AnchorExpression`.
_A = TypeVar("_A", bound="Anchor")


class Anchor:
    """One attribute of one item: the building block of constraints (see the module doc)."""

    __slots__ = ("item", "attribute")

    def __init__(self, item: "LayoutItem", attribute: Attribute) -> None:
        """Internal: use the item's properties (``view.left``, ``guide.width``, ...)."""
        self.item: "LayoutItem" = item
        # The items' properties pass members already: the enum lookup is for other callers.
        self.attribute: Attribute = attribute if type(attribute) is Attribute else Attribute(attribute)

    # -- arithmetic: anchor * multiplier + constant -----------------------------------------

    # The operands are typed as what works (numbers); anything else still reaches the checks of
    # AnchorExpression at run time, as before.

    def _expression(self: _A) -> "AnchorExpression[_A]":
        return AnchorExpression(self, 1.0, 0.0)

    def __add__(self: _A, other: float) -> "AnchorExpression[_A]":
        if type(other) is float or type(other) is int:
            # ``anchor + 8``, the common case, as one object instead of two.
            return _anchor_expression(self, 1.0, float(other))
        return self._expression().__add__(other)

    def __radd__(self: _A, other: float) -> "AnchorExpression[_A]":
        return self._expression().__add__(other)

    def __sub__(self: _A, other: float) -> "AnchorExpression[_A]":
        return self._expression().__sub__(other)

    def __mul__(self: _A, other: float) -> "AnchorExpression[_A]":
        return self._expression().__mul__(other)

    def __rmul__(self: _A, other: float) -> "AnchorExpression[_A]":
        return self._expression().__mul__(other)

    def __truediv__(self: _A, other: float) -> "AnchorExpression[_A]":
        return self._expression().__truediv__(other)

    # -- relations: build an inactive constraint --------------------------------------------

    # Typed with ``self: _A``: a location relates to an anchor or an expression of its own class
    # (DimensionAnchor widens them to numbers). Any operand still reaches _relate at run time,
    # whose checks and the library's raise for the wrong ones.

    def _relate(self, other: Any, relation: Relation) -> "Constraint":
        second: Optional["LayoutItem"]
        if isinstance(other, Anchor):
            second, attribute, multiplier, constant = other.item, other.attribute, 1.0, 0.0
        elif isinstance(other, AnchorExpression):
            second, attribute = other.anchor.item, other.anchor.attribute
            multiplier, constant = other.multiplier, other.constant
        elif is_real(other):
            second, attribute, multiplier, constant = (
                None, Attribute.NOT_AN_ATTRIBUTE, 1.0, float(other)
            )
        else:
            raise TypeError(
                f"cannot relate {self!r} to {type(other).__name__}; use an anchor, "
                "anchor * multiplier + constant, or a number"
            )
        made = Constraint._relating(
            self.item, self.attribute, relation, second, attribute, multiplier, constant
        )
        # Its truth value (Constraint.__bool__): only `anchor == anchor` has one.
        if relation is Relation.EQUAL and isinstance(other, Anchor):
            made._truth = other.item is self.item and other.attribute == self.attribute
        else:
            made._truth = None
        return made

    # object.__eq__ takes any object and returns a bool; a relation takes an anchor of the same
    # class and returns a constraint, on purpose.
    def __eq__(  # type: ignore[override]
        self: _A, other: "Union[_A, AnchorExpression[_A]]"
    ) -> "Constraint":
        return self._relate(other, Relation.EQUAL)

    def __le__(self: _A, other: "Union[_A, AnchorExpression[_A]]") -> "Constraint":
        return self._relate(other, Relation.LESS_THAN_OR_EQUAL)

    def __ge__(self: _A, other: "Union[_A, AnchorExpression[_A]]") -> "Constraint":
        return self._relate(other, Relation.GREATER_THAN_OR_EQUAL)

    def __ne__(self, other: Any) -> bool:
        raise TypeError("'!=' is not a layout relation; use ==, <= or >=")

    def __lt__(self, other: Any) -> bool:
        raise TypeError("'<' is not a layout relation; use <= (constraints are not strict)")

    def __gt__(self, other: Any) -> bool:
        raise TypeError("'>' is not a layout relation; use >= (constraints are not strict)")

    __hash__ = None  # type: ignore[assignment]

    def __bool__(self) -> bool:
        raise TypeError("an anchor has no truth value (did you mean a constraint?)")

    @property
    def name(self) -> str:
        """``item.attribute`` as in descriptions, e.g. ``"View:0x100000002'a'.leading"``."""
        return f"{self.item._safe_debug_name()}.{self.attribute.apple_name}"

    def __repr__(self) -> str:
        return f"<tether.{type(self).__name__} {self.name}>"


class XAnchor(Anchor):
    """A horizontal location (``NSLayoutXAxisAnchor``): related only to other x anchors."""

    __slots__ = ()


class YAnchor(Anchor):
    """A vertical location (``NSLayoutYAxisAnchor``): related only to other y anchors."""

    __slots__ = ()


#: The right side of a size's relation: a size (of either axis), a size times a number plus one,
#: or a number.
DimensionOperand = Union["DimensionAnchor", "AnchorExpression[DimensionAnchor]", float]


class DimensionAnchor(Anchor):
    """A width or height (``NSLayoutDimension``): related to another dimension (with a
    multiplier) or to a constant."""

    __slots__ = ()

    # Anchor's relations with a number allowed on the right, which only sizes take (the same
    # code: these exist for their types).
    def __eq__(self, other: DimensionOperand) -> "Constraint":  # type: ignore[override]
        return self._relate(other, Relation.EQUAL)

    def __le__(self, other: DimensionOperand) -> "Constraint":
        return self._relate(other, Relation.LESS_THAN_OR_EQUAL)

    def __ge__(self, other: DimensionOperand) -> "Constraint":
        return self._relate(other, Relation.GREATER_THAN_OR_EQUAL)


def _anchor_expression(anchor: _A, multiplier: float, constant: float) -> "AnchorExpression[_A]":
    """``anchor * multiplier + constant`` from an anchor and two floats, without the checks of
    ``AnchorExpression(...)`` (for the operators, whose operands are known)."""
    expression: AnchorExpression[_A] = object.__new__(AnchorExpression)
    expression.anchor = anchor
    expression.multiplier = multiplier
    expression.constant = constant
    return expression


class AnchorExpression(Generic[_A]):
    """``anchor * multiplier + constant``: the right side of a constraint.

    Made by arithmetic on anchors (``b.right + 8``, ``b.width * 0.5 + 10``, ``b.height / 2``);
    it cannot be the left side of a relation except against a plain anchor, in which case the
    relation is mirrored (``b.right + 8 <= a.left`` is ``a.left >= b.right + 8``).

    For type checkers it is generic in the class of its anchor: ``b.right + 8`` is an
    ``AnchorExpression[XAnchor]``, which only x anchors relate to.
    """

    __slots__ = ("anchor", "multiplier", "constant")

    def __init__(self, anchor: _A, multiplier: float = 1.0, constant: float = 0.0) -> None:
        """Makes ``anchor * multiplier + constant``."""
        if not isinstance(anchor, Anchor):
            raise TypeError(f"expected an anchor, not {type(anchor).__name__}")
        self.anchor: _A = anchor
        self.multiplier: float = float(multiplier)
        self.constant: float = float(constant)

    def _parts(self) -> Tuple[_A, float, float]:
        return self.anchor, self.multiplier, self.constant

    def __add__(self, other: float) -> "AnchorExpression[_A]":
        if not is_real(other):
            return NotImplemented
        return AnchorExpression(self.anchor, self.multiplier, self.constant + float(other))

    __radd__ = __add__

    def __sub__(self, other: float) -> "AnchorExpression[_A]":
        if not is_real(other):
            return NotImplemented
        return AnchorExpression(self.anchor, self.multiplier, self.constant - float(other))

    def __mul__(self, other: float) -> "AnchorExpression[_A]":
        if not is_real(other):
            return NotImplemented
        factor = float(other)
        return AnchorExpression(self.anchor, self.multiplier * factor, self.constant * factor)

    __rmul__ = __mul__

    def __truediv__(self, other: float) -> "AnchorExpression[_A]":
        if not is_real(other):
            return NotImplemented
        divisor = float(other)
        if divisor == 0.0:
            raise ZeroDivisionError("division of an anchor by zero")
        return AnchorExpression(self.anchor, self.multiplier / divisor, self.constant / divisor)

    # A relation with the expression on the left: against an anchor, NotImplemented, and Python
    # then asks the anchor with the mirrored relation; so for the types these take an anchor of
    # the expression's class and give what the anchor gives, a constraint.

    def _check_mirrored(self, other: object) -> None:
        """Raises the TypeError of an expression related to anything but an anchor."""
        if not isinstance(other, Anchor):
            raise TypeError(
                "the left side of a layout relation must be a plain anchor (e.g. a.left == "
                f"b.right + 8), not {self!r}"
            )

    # object.__eq__ takes any object and returns a bool; this one is a relation, on purpose.
    def __eq__(self, other: _A) -> "Constraint":  # type: ignore[override]
        self._check_mirrored(other)
        return NotImplemented

    def __le__(self, other: _A) -> "Constraint":
        self._check_mirrored(other)
        return NotImplemented

    def __ge__(self, other: _A) -> "Constraint":
        self._check_mirrored(other)
        return NotImplemented

    def __ne__(self, other: Any) -> bool:
        raise TypeError("'!=' is not a layout relation; use ==, <= or >=")

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        text = self.anchor.name
        if self.multiplier != 1.0:
            text = f"{self.multiplier:g}*{text}"
        if self.constant > 0:
            text += f" + {self.constant:g}"
        elif self.constant < 0:
            text += f" - {-self.constant:g}"
        return f"<tether.AnchorExpression {text}>"
