"""Layout constraints (``NSLayoutConstraint``) and :func:`activate` / :func:`deactivate`.

A constraint is ``item1.attribute1 RELATION multiplier * item2.attribute2 + constant`` at a
priority in (0, 1000] (1000 is required). It is made inactive, either with the typed anchors
(``a.left == b.right + 8``) or directly::

    c = tether.Constraint(a, tether.Attribute.WIDTH, tether.Relation.EQUAL,
                          b, tether.Attribute.WIDTH, multiplier=0.5, constant=10)
    c.active = True

Only ``constant``, ``priority``, ``identifier``, ``should_be_archived`` and ``active`` change
after creation. Everything is read from the library on access. A required constraint that cannot hold with the others is not
rejected: the engine *breaks* it (``broken`` becomes true; it stays ``active``), reports it once
through the diagnostic handler, and tries it again whenever a constraint it conflicted with
changes.

Lifetime: see :mod:`tether.engine` (an inactive constraint whose wrapper is collected is freed;
``free()`` frees one at once).

May import: :mod:`tether._ffi`, :mod:`tether._validate`, :mod:`tether.engine`,
:mod:`tether.enums`, :mod:`tether.errors` (views and guides are checked through the engine, as
:mod:`tether.items` builds on this module).
"""

from __future__ import annotations

from ctypes import byref, c_size_t, c_uint64
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Union

from . import _ffi
from ._ffi import _dll
from ._validate import layout_priority_value, to_float, to_int32, to_layout_priority
from .engine import Engine, EngineObject, engine_of, register_wrapper
from .enums import Attribute, Relation
from .errors import InvalidArgumentError, InvalidPairingError, TetherError

if TYPE_CHECKING:  # pragma: no cover - annotations only: items.py builds on this module
    from .items import LayoutItem

__all__ = ["Constraint", "activate", "deactivate"]

Number = Union[int, float]

_RELATION_TEXT = {"==": Relation.EQUAL, "<=": Relation.LESS_THAN_OR_EQUAL,
                  ">=": Relation.GREATER_THAN_OR_EQUAL}


#: Enum classes whose members are int32 values by construction: they cross as they are.
_INT32_ENUMS = (Attribute, Relation)


def _enum_value(value: Any, what: str) -> int:
    """An enum argument as an int32 (which values are known is the library's to say)."""
    # A member of the package's enums needs no check (the messages below were formatted for
    # every argument, and the ABC checks ran, before: issue 21's activation path).
    if type(value) in _INT32_ENUMS:
        return int(value)
    return to_int32(value, f"{what} must be an int enum value", f"{what} {value} is out of range")


def _relation_value(value: Any) -> int:
    if isinstance(value, str):
        try:
            return int(_RELATION_TEXT[value])
        except KeyError:
            raise ValueError(f"a relation must be '==', '<=' or '>=', not {value!r}") from None
    return _enum_value(value, "a relation")


#: A required priority, as the constraints anchors' operators make have.
_REQUIRED = 1000.0


def _pairing_mismatch(attribute1: int, attribute2: int) -> bool:
    """Whether both attributes are known and of different kinds (x / y / size)."""
    try:
        first, second = Attribute(attribute1), Attribute(attribute2)
    except ValueError:
        return False
    if first is Attribute.NOT_AN_ATTRIBUTE or second is Attribute.NOT_AN_ATTRIBUTE:
        return False
    return first.kind != second.kind


class Constraint(EngineObject):
    """A layout constraint (``NSLayoutConstraint``), made inactive.

    Args:
        item1: the first :class:`tether.View` or :class:`tether.LayoutGuide`.
        attribute1: its :class:`tether.Attribute`.
        relation: a :class:`tether.Relation` (or ``"=="``, ``"<="``, ``">="``).
        item2: the second item, or ``None`` for a constant (sizes only).
        attribute2: its attribute (``Attribute.NOT_AN_ATTRIBUTE`` without a second item).
        multiplier: the factor of the second attribute.
        constant: the constant.
        priority: in (0, 1000]; 1000 (the default) is required.

    Raises:
        InvalidPairingError: the attributes are of different kinds (x / y / size); Apple's
            message.
        InvalidArgumentError: a location equal to a constant, leading/trailing with left/right,
            margins or baselines on a layout guide, a non-finite number, a priority outside
            (0, 1000], an enum out of range (Apple's messages).
        InvalidIdError: an item is freed or the items belong to different engines.
    """

    # _truth: what `bool()` gives, for a constraint an anchor's operator made (see __bool__);
    # unset for every other constraint.
    __slots__ = ("_engine", "_id", "_freed", "_truth", "__weakref__")
    _truth: Optional[bool]

    _IDENTIFIER = ("tether_layout_constraint_identifier", "tether_layout_constraint_set_identifier")

    def __init__(
        self,
        item1: "LayoutItem",
        attribute1: Union[Attribute, int],
        relation: Union[Relation, int, str],
        item2: Optional["LayoutItem"] = None,
        attribute2: Union[Attribute, int] = Attribute.NOT_AN_ATTRIBUTE,
        multiplier: Number = 1.0,
        constant: Number = 0.0,
        priority: Number = 1000.0,
    ) -> None:
        """Makes an inactive constraint (see the class doc)."""
        self._freed = True  # until made (so that __del__ of a failed init does nothing)
        engine = engine_of(item1, "item1")
        first_attribute = _enum_value(attribute1, "attribute1")
        relation_value = _relation_value(relation)
        second_attribute = _enum_value(attribute2, "attribute2")
        multiplier_value = to_float(multiplier, "a multiplier")
        constant_value = to_float(constant, "a constant")
        priority_value = to_layout_priority(priority)
        out = c_uint64()
        with engine._lock:
            first_id = engine._own(item1, "item1")
            second_id = 0 if item2 is None else engine._own(item2, "item2")
            try:
                engine._call(
                    _dll.tether_layout_constraint_new,
                    first_id,
                    first_attribute,
                    relation_value,
                    second_id,
                    second_attribute,
                    multiplier_value,
                    constant_value,
                    priority_value,
                    byref(out),
                )
            except InvalidArgumentError as error:
                if item2 is not None and _pairing_mismatch(first_attribute, second_attribute):
                    raise InvalidPairingError(error.message, error.status) from None
                raise
            self._attach(engine, out.value)

    @classmethod
    def _relating(
        cls,
        item1: "LayoutItem",
        attribute1: Attribute,
        relation: Relation,
        item2: Optional["LayoutItem"],
        attribute2: Attribute,
        multiplier: float,
        constant: float,
    ) -> "Constraint":
        """What an anchor's operator makes: the constructor's work for arguments whose types the
        operator already knows (items, members of the enums, floats, a required priority), made
        as any item is (:meth:`Engine._new_item`: one acquisition of the engine's lock; making an
        inactive constraint runs no callback). Anchors are how constraints are written one at a
        time, and the constructor's checks were half of this call (issue 21). Anything but two
        items of one engine takes the constructor, which raises as it always did; a failing
        status raises what the constructor raises for it."""
        engine = getattr(item1, "_engine", None)
        if engine is None or (item2 is not None and getattr(item2, "_engine", None) is not engine):
            return cls(item1, attribute1, relation, item2, attribute2, multiplier, constant)
        made = cls.__new__(cls)
        made._freed = True
        try:
            engine._new_item(made, _dll.tether_layout_constraint_new, item1._id, attribute1,
                             relation, 0 if item2 is None else item2._id, attribute2, multiplier,
                             constant, _REQUIRED)
        except InvalidArgumentError as error:
            if item2 is not None and _pairing_mismatch(attribute1, attribute2):
                raise InvalidPairingError(error.message, error.status) from None
            raise
        return made

    @classmethod
    def _wrap(cls, engine: Engine, constraint_id: int) -> "Constraint":
        """Internal: the wrapper of an existing id (use :meth:`Engine._constraint_for`)."""
        constraint = cls.__new__(cls)
        constraint._freed = True
        constraint._attach(engine, constraint_id)
        return constraint

    def _attach(self, engine: Engine, constraint_id: int) -> None:
        self._engine = engine
        self._id = constraint_id
        self._freed = False
        engine._constraints[constraint_id] = self

    def __bool__(self) -> bool:
        """A constraint made by ``anchor == anchor`` is true only when both sides are the same
        anchor (so ``if a.width == b.width:`` and ``a.width in [b.width]`` compare anchors, as
        :class:`tether.solver` expressions do); one made by another relation or with a
        multiplier or a constant (``a.width == 40``, ``a.top >= b.bottom + 8``) has no truth
        value and raises TypeError; any other constraint is true.

        Raises:
            TypeError: an operator made it and it is not a plain ``anchor == anchor``.
        """
        truth = getattr(self, "_truth", True)
        if truth is None:
            raise TypeError(
                f"{self.description} has no truth value: only `anchor == anchor` has one (whether "
                "the two are the same anchor); compare anchors' items and attributes instead"
            )
        return truth

    def __del__(self) -> None:
        if not getattr(self, "_freed", True):
            engine = getattr(self, "_engine", None)
            if engine is not None and engine._handle is not None:
                engine._orphans.append(self._id)  # freed at the engine's next call if inactive

    def _info(self) -> _ffi.CLayoutConstraintInfo:
        info = _ffi.CLayoutConstraintInfo()
        self._engine._call(_dll.tether_layout_constraint_info_get, self._id, byref(info))
        return info

    # -- read-only properties ---------------------------------------------------------------

    @property
    def first_item(self) -> "LayoutItem":
        """The first view or guide."""
        with self._engine._lock:
            item = self._engine._item_for(self._info().first_item)
        assert item is not None
        return item

    @property
    def second_item(self) -> Optional["LayoutItem"]:
        """The second view or guide, or ``None`` for a constant constraint."""
        with self._engine._lock:
            return self._engine._item_for(self._info().second_item)

    @property
    def first_attribute(self) -> Attribute:
        """The first :class:`tether.Attribute`."""
        return Attribute(self._info().first_attribute)

    @property
    def second_attribute(self) -> Attribute:
        """The second attribute (``NOT_AN_ATTRIBUTE`` for a constant constraint)."""
        return Attribute(self._info().second_attribute)

    @property
    def relation(self) -> Relation:
        """The :class:`tether.Relation`."""
        return Relation(self._info().relation)

    @property
    def multiplier(self) -> float:
        """The multiplier (1 for a constraint without a second item, as UIKit and AppKit report)."""
        return float(self._info().multiplier)

    @property
    def broken(self) -> bool:
        """Whether the constraint is active but not enforced because it conflicted with other
        required constraints (see the module doc)."""
        return bool(self._info().is_broken)

    # -- mutable properties -----------------------------------------------------------------

    @property
    def constant(self) -> float:
        """The constant. Setting it on an active constraint updates its layout in place (no
        rebuild); the new value takes effect at the next layout pass.

        Raises (setting): :class:`~tether.InvalidArgumentError` for a non-finite value.
        """
        return float(self._info().constant)

    @constant.setter
    def constant(self, value: Number) -> None:
        number = to_float(value, "a constant")
        self._engine._call(_dll.tether_layout_constraint_set_constant, self._id, number)

    @property
    def priority(self) -> float:
        """The priority in (0, 1000], as it was given (``999.9``, not the C ``float``'s
        ``999.9000244140625``).

        Raises (setting): :class:`~tether.InvalidArgumentError` outside (0, 1000] or NaN;
        :class:`~tether.InvalidStateError` for required↔optional while active (Apple's rule and
        message).
        """
        return layout_priority_value(self._info().priority)

    @priority.setter
    def priority(self, value: Number) -> None:
        number = to_layout_priority(value)
        self._engine._call(_dll.tether_layout_constraint_set_priority, self._id, number)

    @property
    def active(self) -> bool:
        """Whether the constraint takes part in layout (``isActive``).

        Raises (setting ``True``): :class:`~tether.InvalidStateError` when the items have no
        common ancestor (Apple's message).
        """
        return bool(self._info().is_active)

    @active.setter
    def active(self, value: bool) -> None:
        self._engine._call(_dll.tether_layout_constraint_set_active, self._id, 1 if value else 0)

    @property
    def should_be_archived(self) -> bool:
        """Apple's ``shouldBeArchived`` (default ``False``): whether an archiver should keep the
        constraint. Tether stores it for programs and ported tests but does not act on it: no
        document or layout pass reads it."""
        return self._flag(_dll.tether_layout_constraint_should_be_archived)

    @should_be_archived.setter
    def should_be_archived(self, value: bool) -> None:
        self._set_flag(_dll.tether_layout_constraint_set_should_be_archived, value)

    def with_priority(self, priority: Number) -> "Constraint":
        """Sets :attr:`priority` and returns the constraint:
        ``(a.width == 100).with_priority(750)``."""
        self.priority = priority
        return self

    def with_identifier(self, identifier: str) -> "Constraint":
        """Sets :attr:`identifier` and returns the constraint."""
        self.identifier = identifier
        return self

    # -- lifetime ---------------------------------------------------------------------------

    def free(self) -> None:
        """Frees the constraint (deactivating it). Later use raises
        :class:`~tether.InvalidIdError`; freeing twice raises it too."""
        engine = self._engine
        with engine._lock:
            engine._call(_dll.tether_layout_constraint_free, self._id)
            self._freed = True
            if engine._constraints.get(self._id) is self:
                del engine._constraints[self._id]

    # -- text -------------------------------------------------------------------------------

    @property
    def description(self) -> str:
        """Apple's description of the constraint (also ``str(c)``)::

            <NSLayoutConstraint:0x100000001 H:[View:0x100000002'a'(100)] priority:750   (inactive)>

        The body is VFL-like for sizes and spacings (``H:[View:0x100000002'a'(100)]``,
        ``V:[View:0x100000002'a'(>=44)]``, ``H:[View:0x100000002'a']-(8)-[View:0x100000003'b']``,
        ``H:|-(NSSpace(20))-[View:0x100000002'a']`` for VFL's standard spacing, ``(LTR)`` after
        left/right spacings) and the equation otherwise (``View:0x100000002'a'.width ==
        0.5*View:0x100000003'b'.width - 4``); a ``|`` is named after the state
        (``(active, names: '|':View:0x100000001 )``). Generated constraints print as
        ``NSAutoresizingMaskLayoutConstraint`` (``h=--& v=--& ...``) or
        ``NSContentSizeLayoutConstraint`` (``... Hug:250 CompressionResistance:750``). Items
        print as :attr:`tether.View.debug_name` does; the hex numbers are the ids.
        """
        return self._engine._read_string(_dll.tether_layout_constraint_description, self._id)

    def __str__(self) -> str:
        return self.description

    def __repr__(self) -> str:
        """The description, and ``(broken)`` for an active constraint the engine broke."""
        try:
            with self._engine._lock:
                text = self.description
                broken = bool(self._info().is_broken)
            return f"<tether.Constraint {text}{' (broken)' if broken else ''}>"
        except TetherError:
            return f"<tether.Constraint {self._display_id} (freed)>"


register_wrapper("constraint", Constraint)


# ------------------------------------------------------------------------------------------------
# Batches
# ------------------------------------------------------------------------------------------------


def activate(constraints: Iterable[Constraint]) -> None:
    """Activates constraints as one batch (``NSLayoutConstraint.activate``): one library call per
    engine (normally one). Every constraint is checked first; on an error none of that engine's
    batch is activated.

    Raises:
        InvalidStateError: a constraint's items have no common ancestor (Apple's message);
            ``.index`` is its position in ``constraints`` and ``.constraint`` the constraint.
        InvalidIdError: a constraint was freed (``.index`` and ``.constraint`` as above).
    """
    _batch(list(constraints), on=True)


def deactivate(constraints: Iterable[Constraint]) -> None:
    """Deactivates constraints as one batch (one library call per engine).

    Raises:
        InvalidIdError: a constraint was freed (nothing of its engine's batch changed).
    """
    _batch(list(constraints), on=False)


def _batch(items: List[Constraint], on: bool) -> None:
    """One activate/deactivate call per engine, in order of first appearance."""
    if len(items) == 1 and isinstance(items[0], Constraint):
        _batch_of_one(items[0], on)
        return
    groups: Dict[Engine, List[int]] = {}
    for index, item in enumerate(items):
        if not isinstance(item, Constraint):
            raise TypeError(f"expected tether.Constraint objects, not {type(item).__name__} "
                            f"(at index {index})")
        groups.setdefault(item._engine, []).append(index)
    for engine, positions in groups.items():
        count = len(positions)
        ids = (c_uint64 * count)(*[items[i]._id for i in positions])
        failed = c_size_t(count)  # deactivation names no culprit (its message does)
        with engine._lock:
            if on:
                status = engine._invoke(
                    _dll.tether_layout_constraint_activate, ids, count, byref(failed)
                )
            else:
                status = engine._invoke(_dll.tether_layout_constraint_deactivate, ids, count)
            if status != _ffi.OK:
                error = _ffi.error_for(status)
                if failed.value < count:
                    error.index = positions[failed.value]
                    error.constraint = items[error.index]  # type: ignore[attr-defined]
                raise error


def _batch_of_one(item: Constraint, on: bool) -> None:
    """:func:`_batch` of one constraint, the call a program that activates constraints one at a
    time makes: the same library call, status and message (``constraints[0]: …``), without the
    grouping by engine and the array (``activate([c])`` cost twice ``c.active = True``)."""
    engine = item._engine
    one = c_uint64(item._id)
    failed = c_size_t(1)
    # One lock acquisition, _invoke's: the message is the calling thread's last error, which no
    # other thread's call can replace.
    if on:
        status = engine._invoke(
            _dll.tether_layout_constraint_activate, byref(one), 1, byref(failed))
    else:
        status = engine._invoke(_dll.tether_layout_constraint_deactivate, byref(one), 1)
    if status != _ffi.OK:
        error = _ffi.error_for(status)
        if failed.value < 1:
            error.index = 0
            error.constraint = item  # type: ignore[attr-defined]
        raise error
