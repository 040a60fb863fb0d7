"""Enumerations of the view model, with Apple's raw values (as in ``tether.h``).

* :class:`Attribute` — ``NSLayoutAttribute`` (0–20);
* :class:`Relation` — ``NSLayoutRelation`` (-1, 0, 1), also the raw solver's
  (:mod:`tether.solver`);
* :class:`Axis` — ``UILayoutConstraintAxis``;
* :class:`LayoutDirection` — ``UIUserInterfaceLayoutDirection``;
* :class:`SemanticContentAttribute` — ``UISemanticContentAttribute``;
* :class:`Autoresizing` — ``UIViewAutoresizing`` bits, with UIKit's meaning (8 is the *top*
  margin: y grows downward);
* :class:`LayoutPriority` — the named priorities (plain floats; any value in (0, 1000] is legal).

May import: nothing of the package (every other module may import this one).
"""

from __future__ import annotations

from enum import Enum, Flag, IntEnum, IntFlag
from typing import Dict

__all__ = [
    "Attribute",
    "Relation",
    "Axis",
    "LayoutDirection",
    "SemanticContentAttribute",
    "Autoresizing",
    "LayoutPriority",
]


class _NamedIntEnum(IntEnum):
    """An IntEnum that prints as its name: ``str(Axis.VERTICAL)`` and ``f"{Axis.VERTICAL}"`` are
    ``"Axis.VERTICAL"`` (Python 3.11 made a plain IntEnum print as its number); a format spec
    (``f"{axis:d}"``) and ``int()`` still give the number."""

    def __str__(self) -> str:
        return Enum.__str__(self)

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else int.__format__(int(self), spec)


class Relation(_NamedIntEnum):
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


class Attribute(_NamedIntEnum):
    """A layout attribute (``NSLayoutAttribute`` raw values).

    Every attribute of an item refers to its alignment rectangle. Margin attributes exist on views
    only (the edges of the view's layout-margins guide), and so do the baselines.
    """

    NOT_AN_ATTRIBUTE = 0
    LEFT = 1
    RIGHT = 2
    TOP = 3
    BOTTOM = 4
    LEADING = 5
    TRAILING = 6
    WIDTH = 7
    HEIGHT = 8
    CENTER_X = 9
    CENTER_Y = 10
    LAST_BASELINE = 11
    FIRST_BASELINE = 12
    LEFT_MARGIN = 13
    RIGHT_MARGIN = 14
    TOP_MARGIN = 15
    BOTTOM_MARGIN = 16
    LEADING_MARGIN = 17
    TRAILING_MARGIN = 18
    CENTER_X_WITHIN_MARGINS = 19
    CENTER_Y_WITHIN_MARGINS = 20
    #: Private attributes of generated autoresizing constraints (the frame's min edge in the
    #: superview); seen when inspecting them, never accepted when making a constraint.
    MIN_X = 32
    MIN_Y = 33

    @property
    def kind(self) -> str:
        """``"x"`` (horizontal location), ``"y"`` (vertical location), ``"size"``, or ``""``
        for :attr:`NOT_AN_ATTRIBUTE`. Only attributes of the same kind can be related."""
        return _KINDS[self]

    @property
    def apple_name(self) -> str:
        """The name Apple's descriptions use, e.g. ``"centerX"`` or ``"leadingMargin"``."""
        parts = self.name.lower().split("_")
        return parts[0] + "".join(p.capitalize() for p in parts[1:])


_KINDS: Dict[Attribute, str] = {Attribute.NOT_AN_ATTRIBUTE: ""}
for _attribute in Attribute:
    if _attribute in (Attribute.WIDTH, Attribute.HEIGHT):
        _KINDS[_attribute] = "size"
    elif _attribute in (
        Attribute.LEFT,
        Attribute.RIGHT,
        Attribute.LEADING,
        Attribute.TRAILING,
        Attribute.CENTER_X,
        Attribute.LEFT_MARGIN,
        Attribute.RIGHT_MARGIN,
        Attribute.LEADING_MARGIN,
        Attribute.TRAILING_MARGIN,
        Attribute.CENTER_X_WITHIN_MARGINS,
        Attribute.MIN_X,
    ):
        _KINDS[_attribute] = "x"
    elif _attribute is not Attribute.NOT_AN_ATTRIBUTE:
        _KINDS[_attribute] = "y"
del _attribute


class Axis(_NamedIntEnum):
    """A layout axis (``UILayoutConstraintAxis``)."""

    HORIZONTAL = 0
    VERTICAL = 1


class LayoutDirection(_NamedIntEnum):
    """The direction leading/trailing resolve with (``UIUserInterfaceLayoutDirection``)."""

    LEFT_TO_RIGHT = 0
    RIGHT_TO_LEFT = 1


class SemanticContentAttribute(_NamedIntEnum):
    """How a view's content flips in right-to-left (``UISemanticContentAttribute``).

    ``FORCE_RIGHT_TO_LEFT`` makes the view (and the subviews that do not force a direction
    themselves) lay out right-to-left; ``PLAYBACK``, ``SPATIAL`` and ``FORCE_LEFT_TO_RIGHT``
    force left-to-right; ``UNSPECIFIED`` inherits the superview's direction.
    """

    UNSPECIFIED = 0
    PLAYBACK = 1
    SPATIAL = 2
    FORCE_LEFT_TO_RIGHT = 3
    FORCE_RIGHT_TO_LEFT = 4


class Autoresizing(IntFlag):
    """``UIViewAutoresizing``: which parts of a frame stretch when the superview is resized.

    Per axis the parts are the min margin (left/top), the size and the max margin (right/bottom).
    With several flexible parts the change is split in proportion to their current lengths (equally
    when they are all zero).
    """

    NONE = 0
    FLEXIBLE_LEFT_MARGIN = 1
    FLEXIBLE_WIDTH = 2
    FLEXIBLE_RIGHT_MARGIN = 4
    FLEXIBLE_TOP_MARGIN = 8
    FLEXIBLE_HEIGHT = 16
    FLEXIBLE_BOTTOM_MARGIN = 32

    def __str__(self) -> str:
        """``"Autoresizing.FLEXIBLE_WIDTH|FLEXIBLE_HEIGHT"`` (not the number Python 3.11 prints)."""
        return Flag.__str__(self)

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else int.__format__(int(self), spec)


class LayoutPriority:
    """Named layout priorities (``UILayoutPriority``). Priorities are floats in (0, 1000];
    fractions such as 999.5 are legal, and optional priorities are strict (one constraint at 251
    beats any number at 250)."""

    REQUIRED: float = 1000.0
    DEFAULT_HIGH: float = 750.0
    DEFAULT_LOW: float = 250.0
    FITTING_SIZE_LEVEL: float = 50.0
