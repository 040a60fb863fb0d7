"""The batch half of :class:`tether.Solver`: many variables, constraints, values or suggestions
in one library call each.

Each library call costs a few microseconds through ctypes, more than the solver spends on a
small constraint, so large layouts go through these methods: :meth:`Solver.variables`,
:meth:`Solver.constraints` (flat lists of numbers), :meth:`Solver.add_all`, :meth:`Solver.values`,
:meth:`Solver.value_ranges` and :meth:`Solver.suggest_many`. They are defined on
:class:`SolverBatches`, a base class of :class:`tether.Solver` that uses the solver's lock, handle
and id maps (``self._lock``, ``self._h()``, ``self._check``, ``self._own_variable``, ...).

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._validate`,
:mod:`tether.enums`, :mod:`tether.errors`, :mod:`tether.expressions`, :mod:`tether.solver_items`.
"""

from __future__ import annotations

import numbers
import threading
import weakref
from array import array
from ctypes import byref, c_char_p, c_double, c_int32, c_size_t, c_uint32, c_uint64
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Iterable,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
    cast,
)

from . import _ffi
from ._buffers import I32, U32, pointer
from ._ffi import _dll
from ._validate import is_number, to_array, to_count, to_float, to_utf8
from .enums import Relation
from .errors import InvalidArgumentError, InvalidIdError, TetherError
from .expressions import REQUIRED, LinearConstraint, Number, Variable
from .solver_items import Constraint, Constraints, Variables

if TYPE_CHECKING:  # pragma: no cover - annotations only: solver.py builds on this module
    from .solver import Solver

__all__ = ["SolverBatches"]

# The item types `_common_value` passes on as one value: ints (Relation is an IntEnum) for
# relations, ints and floats for priorities, as the one-value paths of `Solver.constraints` take.
_RELATION_TYPES = (int,)
_PRIORITY_TYPES = (int, float)


def _common_value(values: Any, count: int, kinds: "tuple[type, ...]") -> Any:
    """The first item of a list or tuple of ``count`` items that all equal it (``==``), when it
    is one of ``kinds`` and not a bool; else ``values`` as given (a wrong length is left for the
    caller to report).

    Why: a workload that gives every constraint the same relation or priority would otherwise
    pay a conversion per item (about 50 ns each: a twentieth of a 100,000-view build through
    the batch) and hand the library an array of copies; one value goes through the one-value
    path, which checks it as the array path checks each item. ``list.count`` compares in C, so
    an item that equals the first but is another number type (``0.0`` among ``0`` relations)
    is taken as the first, where the array path would have rejected a float relation.
    """
    if type(values) not in (list, tuple) or len(values) != count or not values:
        return values
    first = values[0]
    if type(first) is bool or not isinstance(first, kinds) or values.count(first) != len(values):
        return values
    return first



class SolverBatches:
    """The batch methods of :class:`tether.Solver` (see the module doc); not used on its own."""

    __slots__ = ()

    # What the methods use of the solver they are part of, as tether.Solver defines it (declared
    # for type checkers only: an annotation makes no class attribute, so Solver's own are found).
    _lock: "threading.RLock"
    _constraints: "weakref.WeakValueDictionary[int, Constraint]"
    _h: Callable[[], Any]
    _check: Callable[..., None]
    _own_variable: Callable[[Any], int]
    _own_constraint: Callable[[Any], int]
    _constraint_for: Callable[[int], Constraint]

    def variables(
        self, count: int, names: Optional[Sequence[Union[str, bytes, None]]] = None
    ) -> Variables:
        """Makes ``count`` variables in one library call and returns them as a
        :class:`Variables` block (a sequence of :class:`Variable`).

        ``names``, when given, holds one name per variable (str, UTF-8 bytes, or ``None`` for
        none). Either all variables are made or none is.

        Raises:
            InvalidUTF8Error: a name is bytes that are not valid UTF-8 (``.index`` says which).
            InvalidArgumentError: ``count`` is negative, ``names`` has another length, or a name
                contains a NUL character (``.index`` says which).
        """
        count = to_count(count)
        table = None
        decoded: Optional[List[str]] = None
        if names is not None:
            names = list(names)
            if len(names) != count:
                raise InvalidArgumentError(
                    f"{len(names)} names for {count} variables", _ffi.E_INVALID_ARGUMENT
                )
            encoded: List[Optional[bytes]] = []
            decoded = []
            for index, name in enumerate(names):
                if name is None:
                    encoded.append(None)
                    decoded.append("")
                    continue
                raw = to_utf8(name)
                if raw is None:
                    raise TypeError(
                        f"a variable name must be str, not {type(name).__name__} (index {index})"
                    )
                if b"\0" in raw:
                    error = InvalidArgumentError(
                        f"variable name {index} contains NUL", _ffi.E_INVALID_ARGUMENT
                    )
                    error.index = index
                    raise error
                encoded.append(raw)
                decoded.append(raw.decode("utf-8", "replace"))
            table = (c_char_p * count)(*encoded) if count else None
        ids = array("Q", [0]) * count
        failed = c_size_t(count)
        with self._lock:
            status = _dll.tether_solver_variables_new(
                self._h(), table, count, pointer(c_uint64, ids), byref(failed)
            )
            if status != _ffi.OK:
                failure = _ffi.error_for(status)
                if failed.value < count:
                    failure.index = failed.value
                raise failure
        return Variables(cast("Solver", self), ids, decoded)

    def _id_array(self, variables: Any) -> "array[int]":
        """The ids of ``variables`` (a :class:`Variables` block of this solver, an
        ``array('Q')`` of ids, or an iterable of :class:`Variable` objects and ints) as an
        ``array('Q')``, without copying a block's or an array's ids."""
        if isinstance(variables, Variables):
            if variables._solver is not self:
                raise InvalidIdError("the variables belong to another solver", _ffi.E_INVALID_ID)
            return variables._ids
        if isinstance(variables, array) and variables.typecode == "Q":
            return variables
        items = variables if isinstance(variables, (list, tuple)) else list(variables)
        try:
            return array("Q", items)  # ints only: one C loop
        except TypeError:
            pass
        except OverflowError:
            raise InvalidIdError("a variable id must be a positive 64-bit int",
                                 _ffi.E_INVALID_ID) from None
        out = array("Q")
        for item in items:
            if isinstance(item, Variable):
                out.append(self._own_variable(item))
            elif isinstance(item, numbers.Integral) and not isinstance(item, bool):
                if not 0 <= int(item) < 2**64:
                    raise InvalidIdError(f"{item} is not a variable id", _ffi.E_INVALID_ID)
                out.append(int(item))
            else:
                raise TypeError(f"expected a tether.Variable or an id, not {type(item).__name__}")
        return out

    def values(
        self,
        variables: Union[Variables, Iterable[Union[Variable, int]]],
        *,
        as_array: bool = False,
    ) -> Union[List[float], "array[float]"]:
        """The values of ``variables`` as of the last :meth:`update`, in one library call.

        ``variables`` is an iterable of :class:`Variable` objects or their ids (ints), an
        ``array('Q')`` of ids, or a :class:`Variables` block (read without per-variable Python
        work). With ``as_array=True`` the values come as an ``array('d')`` (indexable and
        iterable like the list, without making a float object per value: the fast way to read a
        large layout).

        Raises:
            InvalidIdError: a variable is freed or belongs to another solver (nothing is read).
        """
        with self._lock:
            values = self._values_for_ids(self._id_array(variables))
        return values if as_array else values.tolist()

    def value_ranges(self, variables: Iterable[Variable]) -> List[Tuple[float, float]]:
        """``[(lower, upper), ...]``: :meth:`value_range` of each variable, in one call. Asked
        together, the definitions behind the variables are expanded once each, so the ranges of
        every view of a long row or chain cost time proportional to their number (asked one by
        one, the chain is walked again for each).

        Raises:
            InvalidIdError: a variable is freed or belongs to another solver (nothing is read).
        """
        with self._lock:
            ids = self._id_array(variables)
            count = len(ids)
            lowers = array("d", [0.0]) * count
            uppers = array("d", [0.0]) * count
            if count:
                self._check(
                    _dll.tether_solver_variable_ranges(
                        self._h(), pointer(c_uint64, ids), count,
                        pointer(c_double, lowers), pointer(c_double, uppers),
                    )
                )
        return list(zip(lowers, uppers))

    def _values_for_ids(self, ids: "array[int]") -> "array[float]":
        """Internal: one ``tether_solver_variable_values`` call for an ``array('Q')`` of ids."""
        count = len(ids)
        out = array("d", [0.0]) * count
        if count == 0:
            return out
        with self._lock:
            self._check(
                _dll.tether_solver_variable_values(
                    self._h(), pointer(c_uint64, ids), count, pointer(c_double, out)
                )
            )
        return out

    def constraints(
        self,
        term_counts: Sequence[int],
        variables: Union[Variables, Sequence[Union[Variable, int]]],
        coefficients: Sequence[float],
        constants: Sequence[float],
        relations: Union[Relation, int, Sequence[Union[Relation, int]]] = Relation.EQUAL,
        priorities: Union[Number, Sequence[Number]] = REQUIRED,
    ) -> Constraints:
        """Makes many constraints in one library call, not yet added, from flat lists.

        Constraint ``k`` is ``sum(coefficient * variable for its terms) + constants[k]
        relations[k] 0`` at ``priorities[k]``; its terms are the next ``term_counts[k]`` entries
        of ``variables`` and ``coefficients`` (constraint 0 takes the first ones), so both hold
        ``sum(term_counts)`` entries. ``variables`` holds :class:`Variable` objects or their ids
        (ints; e.g. from :attr:`Variables.ids`); a :class:`Variables` block or an
        ``array('Q')`` of ids, and ``array('d')``/``array('I')`` for the numbers, are used as
        they are. ``relations`` and ``priorities`` are one value for all or one per constraint (a
        list that repeats one value is passed as that value).
        Either all constraints are made or none is. Add them with :meth:`add_all` (one more
        call); ``block[k]`` is the :class:`Constraint` of constraint k.

        Raises:
            InvalidArgumentError: the lengths do not match, or (``.index`` says which constraint)
                a coefficient or constant is not finite, or a relation or priority is out of
                range.
            InvalidIdError: a variable is freed or belongs to another solver (``.index`` says
                which constraint).
        """
        count = len(term_counts)
        counts = term_counts if isinstance(term_counts, array) and term_counts.typecode == U32 \
            else to_array(U32, term_counts, "term counts")
        relations = _common_value(relations, count, _RELATION_TYPES)
        priorities = _common_value(priorities, count, _PRIORITY_TYPES)
        with self._lock:
            ids = self._id_array(variables)
            coefs = to_array("d", coefficients, "coefficients")
            consts = to_array("d", constants, "constants")
            total = sum(counts)
            if len(consts) != count:
                raise InvalidArgumentError(
                    f"{len(consts)} constants for {count} constraints", _ffi.E_INVALID_ARGUMENT
                )
            if len(ids) != total or len(coefs) != total:
                raise InvalidArgumentError(
                    f"the term counts add up to {total} terms, but there are {len(ids)} "
                    f"variables and {len(coefs)} coefficients",
                    _ffi.E_INVALID_ARGUMENT,
                )
            relation_array = None
            if isinstance(relations, numbers.Integral):
                if int(relations) != Relation.EQUAL:
                    relation_array = to_array(I32, [int(relations)], "relations") * count
            else:
                relation_array = to_array(I32, relations, "relations")
                if len(relation_array) != count:
                    raise InvalidArgumentError(
                        f"{len(relation_array)} relations for {count} constraints",
                        _ffi.E_INVALID_ARGUMENT,
                    )
            priority_array = None
            if is_number(priorities):
                if float(priorities) != REQUIRED:  # type: ignore[arg-type]
                    priority_array = array("d", [float(priorities)]) * count  # type: ignore[arg-type]
            else:
                priority_array = to_array("d", priorities, "priorities")
                if len(priority_array) != count:
                    raise InvalidArgumentError(
                        f"{len(priority_array)} priorities for {count} constraints",
                        _ffi.E_INVALID_ARGUMENT,
                    )
            out = array("Q", [0]) * count
            failed = c_size_t(count)
            status = _dll.tether_solver_constraints_new_batch(
                self._h(),
                count,
                pointer(c_uint32, counts),
                pointer(c_uint64, ids),
                pointer(c_double, coefs),
                pointer(c_double, consts),
                None if relation_array is None else pointer(c_int32, relation_array),
                None if priority_array is None else pointer(c_double, priority_array),
                pointer(c_uint64, out),
                byref(failed),
            )
            if status != _ffi.OK:
                error = _ffi.error_for(status)
                if failed.value < count:
                    error.index = failed.value
                raise error
        return Constraints(cast("Solver", self), out)

    def add_all(
        self,
        constraints: Union[Constraints, Iterable[Union[LinearConstraint, Constraint]]],
        priority: Number = REQUIRED,
    ) -> Sequence[Constraint]:
        """Adds several constraints as one step (one library call): all or none.

        :class:`LinearConstraint` items are made at ``priority`` (all in one more call);
        :class:`Constraint` items are added as they are. Returns the constraints in order. A
        :class:`Constraints` block (from :meth:`constraints`) is added as it is, without any
        per-constraint Python work, and returned. The order of the items changes neither the
        cost nor the solution: the solver plans the order from their structure (unlike a
        sequence of :meth:`add` calls).

        Raises:
            UnsatisfiableConstraintError, DuplicateError, InvalidIdError: nothing was added (the
                solver is exactly as before); ``.index`` is the index of the failing item (the
                first, in the given order, that cannot be added after those before it) and,
                for an unsatisfiable one, ``.constraint`` is it and ``.conflicts`` what it
                conflicts with (possibly items of this batch). Constraints made by this call and
                not mentioned by the exception are freed again.
            InvalidArgumentError: an item could not be made (``.index`` says which); nothing
                made by this call remains.
        """
        if isinstance(constraints, Constraints):
            return self._add_block(constraints)
        items = list(constraints)
        with self._lock:
            made = self._make_all(items, priority)
            fresh = [c for c, item in zip(made, items) if item is not c]
            count = len(made)
            if count == 0:
                return []
            ids = (c_uint64 * count)(*[c._id for c in made])
            try:
                self._add_ids(ids, count, made)
            except TetherError as error:
                keep = {id(made[error.index]) if error.index is not None else id(None)}
                keep.update(id(c) for c in getattr(error, "conflicts", ()))
                self._free_quietly([c for c in fresh if id(c) not in keep])
                raise
            return made

    def _make_all(self, items: List[Any], priority: Number) -> List[Constraint]:
        """The constraints of ``items`` in order: :class:`Constraint` items as they are (checked),
        :class:`LinearConstraint` items made at ``priority`` in one library call (all or none;
        a failure's ``.index`` is its index in ``items``)."""
        made: List[Any] = list(items)
        fresh_at: List[int] = []
        term_counts = array(U32)
        variable_ids = array("Q")
        coefficients = array("d")
        constants = array("d")
        relations = array(I32)
        for index, item in enumerate(items):
            try:
                if isinstance(item, LinearConstraint):
                    terms = item.expression.terms
                    term_counts.append(len(terms))
                    for term in terms:
                        variable_ids.append(self._own_variable(term.variable))
                        coefficients.append(term.coefficient)
                    constants.append(item.expression.constant)
                    relations.append(int(item.relation))
                    fresh_at.append(index)
                else:
                    self._own_constraint(item)
            except Exception as error:  # TetherError, or TypeError for a foreign item
                if isinstance(error, TetherError):
                    error.index = index
                raise
        if fresh_at:
            priority_value = to_float(priority, "a priority")
            try:
                block = self.constraints(term_counts, variable_ids, coefficients, constants,
                                         relations, priority_value)
            except TetherError as error:
                if error.index is not None:
                    error.index = fresh_at[error.index]
                raise
            for index, constraint_id in zip(fresh_at, block.ids):
                made[index] = self._constraint_for(constraint_id)
        return made

    def _add_block(self, block: Constraints) -> Constraints:
        """Adds every constraint of ``block`` in one call (see :meth:`add_all`)."""
        if block._solver is not self:
            raise InvalidIdError("the constraints belong to another solver", _ffi.E_INVALID_ID)
        count = len(block._ids)
        if count == 0:
            return block
        with self._lock:
            self._add_ids(pointer(c_uint64, block._ids), count, block)
        return block

    def _add_ids(self, ids: Any, count: int, constraints: Sequence[Constraint]) -> None:
        """``tether_solver_constraint_add_batch`` on ``count`` ids (a C array or a pointer), the
        constraints being ``constraints``; a failure raises with ``.index`` set to the failing
        item (``None`` when the library names none) and, for an unsatisfiable one,
        ``.constraint`` and ``.conflicts``."""
        failed = c_size_t(count)
        status = _dll.tether_solver_constraint_add_batch(self._h(), ids, count, byref(failed))
        if status != _ffi.OK:
            index = failed.value
            try:
                self._check(status, rejected=constraints[index] if index < count else None)
            except TetherError as error:
                error.index = index if index < count else None
                raise

    def _free_quietly(self, constraints: Sequence[Constraint]) -> None:
        for constraint in constraints:
            _dll.tether_solver_constraint_free(self._h(), constraint._id)
            self._constraints.pop(constraint._id, None)

    def suggest_many(
        self,
        suggestions: Union[Mapping[Variable, Number], Iterable[Tuple[Variable, Number]]],
    ) -> None:
        """Suggests several values in one library call (all are checked before any applies).

        ``suggestions`` is a mapping ``{variable: value}`` or an iterable of pairs.
        """
        pairs = list(suggestions.items() if isinstance(suggestions, Mapping) else suggestions)
        count = len(pairs)
        with self._lock:
            ids = (c_uint64 * count)(*[self._own_variable(v) for v, _ in pairs])
            values = (c_double * count)(*[to_float(x, "a suggested value") for _, x in pairs])
            self._check(_dll.tether_solver_edit_suggest_batch(self._h(), ids, values, count))
