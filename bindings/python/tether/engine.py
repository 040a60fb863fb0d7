"""The layout engine (a ``tether_engine`` handle) and the default engine.

An :class:`Engine` owns every view, layout guide and layout constraint made in it. Items of
different engines can never be related. ``engine=None`` (the default everywhere) means the
:func:`default_engine`, made on first use::

    import tether

    root = tether.View(frame=(0, 0, 320, 480))        # in the default engine
    with tether.Engine() as engine:                   # a private engine, freed at the end
        other = tether.View(frame=(0, 0, 100, 100), engine=engine)

Threads: ctypes releases the GIL during every C call and the library allows an engine to be used
from one thread at a time, so every engine holds a :class:`threading.RLock` that serialises all
calls into the library for that engine and its items. Different engines run in parallel.

Identity: the same view, guide or constraint id always gives the same Python object. The engine
keeps a strong reference to the wrapper of every live view and layout guide (so Python state such
as a view's ``measure`` callable or hooks can never be lost while the C view lives). Constraints
are held weakly: an active constraint lives in the engine without a Python wrapper.

Lifetime (the rule, kept simple on purpose):

* Views and layout guides are freed in the library only by an explicit ``free()`` (a view frees
  its whole subtree with it) or when their engine is closed or collected. Dropping the last Python
  reference does *not* free them: a view in a hierarchy must stay alive even if Python forgets it.
  Long-running programs that make and drop many views in the default engine should ``free()``
  them (or use a private :class:`Engine` and close it).
* Layout constraints are freed by ``free()``, with their items, or with the engine; in addition an
  *inactive* constraint whose Python wrapper is collected is freed (at the engine's next call): it
  can never be reached again. An active one stays in the layout.

Callbacks: a view's ``measure`` callable, its ``update_constraints``/``layout_subviews`` hooks and
the diagnostic handler run inside library calls (mostly ``layout_if_needed()``). An exception they
raise never crosses into the library: it is kept, the library is told (the measure callback returns
non-zero, which abandons the pass with ``TETHER_E_CALLBACK_FAILED``), and the original exception is
raised again from the Python call that ran the pass once the library returns. Hooks and handlers
cannot stop a pass: the pass finishes and their first exception is raised afterwards.

Wrappers: the engine makes the Python object of an id it meets (a subview, a constraint of a
list) with the class that the defining module registered (:func:`register_wrapper`), since those
modules (:mod:`tether.items`, :mod:`tether.view`, :mod:`tether.stack_view`,
:mod:`tether.constraint`) build on this one.

Animation: each engine has an animation clock (:attr:`Engine.clock`, :meth:`Engine.advance`);
the blocks themselves are :mod:`tether.animation`'s. Completions of animation blocks run inside
:meth:`Engine.advance`, the :attr:`Engine.clock` setter and :meth:`Engine.close`, which raise what
an ``on_complete`` callback raised once every completion due has run.

May import: :mod:`tether._completions`, :mod:`tether._ffi`, :mod:`tether._buffers`,
:mod:`tether._handle`, :mod:`tether._locks`, :mod:`tether._validate`, :mod:`tether.diagnostics`,
:mod:`tether.enums`, :mod:`tether.errors`, :mod:`tether.geometry`.
"""

from __future__ import annotations

import math
import threading
import weakref
from ctypes import byref, c_double, c_int32, c_uint64, c_void_p
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, Type, Union

from . import _completions, _ffi
from ._buffers import call_for_string, call_with_buffers
from ._ffi import _dll
from ._handle import HandleItem, OwnedHandle
from ._locks import CallLock
from ._validate import INT32_RANGE, c_string, check_range, is_number, to_int, to_real
from .diagnostics import report
from .enums import LayoutDirection
from .errors import InvalidHandleError, InvalidIdError, InvalidStateError, TetherError
from .geometry import Rect

if TYPE_CHECKING:  # pragma: no cover - annotations only: these modules import this one
    from .constraint import Constraint
    from .items import LayoutItem

__all__ = ["Engine", "default_engine", "set_diagnostic_handler"]

# The wrapper classes, registered by the modules that define them when they are imported (they
# import this module, so it cannot import them): "item" (LayoutItem, the base of views and
# guides), "view", "guide", "stack_view" and "constraint". The package imports those modules on
# first use of one of their names (tether/__init__.py), so a program that never touches them
# never loads them; for one that reaches the engine another way (`from tether.engine import
# Engine`, a view made in C), the package gives `_load_wrappers`, which imports them all.
_WRAPPERS: Dict[str, type] = {}
_load_wrappers: Optional[Callable[[], None]] = None


def register_wrapper(role: str, cls: type) -> None:
    """Internal: makes ``cls`` the wrapper class of ``role`` (see ``_WRAPPERS``)."""
    _WRAPPERS[role] = cls


def set_wrapper_loader(loader: Callable[[], None]) -> None:
    """Internal: ``loader`` imports every module that registers a wrapper (the package's)."""
    global _load_wrappers
    _load_wrappers = loader


def wrapper_class(role: str) -> Type[Any]:
    """Internal: the wrapper class registered for ``role`` (its modules imported if need be)."""
    cls = _WRAPPERS.get(role)
    if cls is None:
        if _load_wrappers is not None:
            _load_wrappers()
        cls = _WRAPPERS[role]
    return cls


def engine_of(item: Any, what: str = "an item") -> "Engine":
    """The engine of ``item``, which must be a view or a layout guide (``TypeError`` naming
    ``what`` otherwise)."""
    if not isinstance(item, wrapper_class("item")):
        raise TypeError(f"{what} must be a tether.View or tether.LayoutGuide, "
                        f"not {type(item).__name__}")
    return item._engine  # type: ignore[no-any-return]


class EngineObject(HandleItem):
    """What views, layout guides and layout constraints share: an engine, an id in it, an
    identifier. ``_IDENTIFIER`` names the C functions that get and set the identifier."""

    __slots__ = ()

    _engine: "Engine"
    _IDENTIFIER = ("", "")

    @property
    def engine(self) -> "Engine":
        """The engine that owns it."""
        return self._engine

    def _flag(self, function: Any) -> bool:
        """A bool property's value: ``function(handle, id, &out)`` for an ``int32_t``."""
        return bool(self._get(function))

    def _set_flag(self, function: Any, value: bool) -> None:
        """Sets a bool property with ``function(handle, id, 0 or 1)`` (any truthy value is 1)."""
        self._engine._call(function, self._id, 1 if value else 0)

    def _get(self, function: Any, *args: Any, ctype: Any = c_int32) -> Any:
        """``function(handle, id, *args, &out)`` for a ``ctype`` out-value; returns its value."""
        out = ctype()
        self._engine._call(function, self._id, *args, byref(out))
        return out.value

    @property
    def identifier(self) -> str:
        """A name used in descriptions and diagnostics (``""`` when none)."""
        return self._engine._read_string(getattr(_dll, self._IDENTIFIER[0]), self._id)

    @identifier.setter
    def identifier(self, value: Optional[str]) -> None:
        encoded = c_string(value, "an identifier")
        self._engine._call(getattr(_dll, self._IDENTIFIER[1]), self._id, encoded)

#: A diagnostic handler receives one message (e.g. a broken-constraint report, Apple's text).
DiagnosticHandler = Callable[[str], Any]


def _measurement(result: Any) -> Tuple[float, float, float, float]:
    """``(w, h)`` or ``(w, h, first_baseline, last_baseline)`` from a measure callable."""
    if isinstance(result, (str, bytes)) or not hasattr(result, "__len__"):
        raise TypeError(
            "a measure callable must return (width, height) or (width, height, first_baseline, "
            f"last_baseline), not {type(result).__name__}"
        )
    values = list(result)
    if len(values) == 2:
        values += [math.nan, math.nan]
    if len(values) != 4:
        raise TypeError(
            "a measure callable must return 2 or 4 numbers (width, height[, first_baseline, "
            f"last_baseline]), not {len(values)}"
        )
    out = []
    for value in values:
        if value is None:
            out.append(math.nan)  # no baseline
        elif is_number(value):
            out.append(float(value))
        else:
            raise TypeError(f"a measure callable must return numbers, not {type(value).__name__}")
    return out[0], out[1], out[2], out[3]


class Engine(OwnedHandle):
    """An Auto Layout engine: owns views, layout guides and layout constraints.

    Use it as a context manager or call :meth:`close` to free it (with everything it owns) at
    once; otherwise it is freed when garbage collected. Its views keep it alive.

    Args:
        default_direction: the direction of views whose semantic content attribute forces none
            (and whose ancestors force none): left-to-right unless given.
    """

    _FREE_FUNCTION = "tether_engine_free"

    def __init__(
        self, default_direction: Union[LayoutDirection, int] = LayoutDirection.LEFT_TO_RIGHT
    ) -> None:
        """Makes an empty engine."""
        _ffi.require_view_model()
        self._handle: Optional[c_void_p] = None
        # Held while a call is in the library, callbacks included; refuses to deadlock (_locks.py).
        self._lock = CallLock("an engine")
        # How many of this engine's callbacks are running (on the thread holding the lock).
        self._in_callback = 0
        # id -> wrapper: strong for views and guides, weak for constraints (see the module doc).
        self._items: Dict[int, "LayoutItem"] = {}
        self._constraints: "weakref.WeakValueDictionary[int, Constraint]" = (
            weakref.WeakValueDictionary()
        )
        # Ids of constraints whose wrapper was collected; freed at the next call if inactive.
        self._orphans: List[int] = []
        # The out-parameters of _read_rect and _new_item, and their pointers, made once (the
        # lock guards them: each is read before the lock is released).
        self._rect_out = _ffi.CRect()
        self._rect_out_ref = byref(self._rect_out)
        self._id_out = c_uint64()
        self._id_out_ref = byref(self._id_out)
        self._depth = 0  # nesting of library calls (callbacks may call back in)
        self._callback_error: Optional[BaseException] = None
        self._diagnostic_handler: Optional[DiagnosticHandler] = None
        self._default_direction = LayoutDirection.LEFT_TO_RIGHT
        handle = c_void_p()
        _ffi.check(_dll.tether_engine_new(byref(handle)))
        self._handle = handle
        self._install_callbacks()
        if int(default_direction) != LayoutDirection.LEFT_TO_RIGHT:
            self.default_direction = default_direction

    # -- lifetime ---------------------------------------------------------------------------

    def close(self) -> None:
        """Frees the engine with every view, guide and constraint it owns.

        Their Python objects stay, but any use raises :class:`~tether.InvalidHandleError`.
        Closing twice is harmless. Running animations stop: their blocks' ``on_complete``
        callbacks run now with ``finished=False`` (the first exception one raises is raised
        here, after the engine is freed). An ``on_complete`` callback may close its engine.
        """
        with self._lock:
            if self._in_callback:
                raise InvalidStateError(
                    "Engine.close() was called from inside one of the engine's callbacks (a measure "
                    "callable, a layout hook or the diagnostic handler): close it after the call that "
                    "laid it out returns", _ffi.E_INVALID_STATE)
            handle, self._handle = self._handle, None
            self._items.clear()
            self._orphans.clear()
            if handle is not None:
                # Freeing stops the running animations: their blocks' completions run now
                # (finished False), and what they raise is raised here.
                _completions.call_collecting(lambda: _ffi.check(_dll.tether_engine_free(handle)))

    def __repr__(self) -> str:
        if self._handle is None:
            return "<tether.Engine closed>"
        return f"<tether.Engine handle=0x{self._handle.value or 0:x} items={len(self._items)}>"

    # -- settings ---------------------------------------------------------------------------

    @property
    def default_direction(self) -> LayoutDirection:
        """The direction of views whose semantic content attribute (and their ancestors') forces
        none. Changing it marks every root for layout."""
        return self._default_direction

    @default_direction.setter
    def default_direction(self, direction: Union[LayoutDirection, int]) -> None:
        value = to_int(direction, "a direction must be a LayoutDirection", allow_bool=True)
        # Checked before it crosses: ctypes would wrap 2**32 + 1 around to 1 (right-to-left).
        check_range(value, INT32_RANGE, f"layout direction {value} is out of range")
        with self._lock:
            self._call(_dll.tether_engine_set_default_direction, value)
            self._default_direction = LayoutDirection(value)

    @property
    def superview_spacing_uses_layout_margins(self) -> bool:
        """How Visual Format's standard spacing to the superview (``|-[v]``, ``[v]-|``) is made
        by the formats parsed afterwards. ``False`` (the default): AppKit's, 20 points from the
        superview's edge (``v.leading == superview.leading + 20``). ``True``: UIKit's since
        iOS 8, the superview's layout margins (``v.leading == superview.leading_margin``, 8 by
        default). Constraints already made keep their form."""
        out = c_int32()
        self._call(_dll.tether_engine_superview_spacing_uses_layout_margins, byref(out))
        return bool(out.value)

    @superview_spacing_uses_layout_margins.setter
    def superview_spacing_uses_layout_margins(self, value: bool) -> None:
        # Any truthy value is 1, as for every flag of the view model.
        self._call(_dll.tether_engine_set_superview_spacing_uses_layout_margins, 1 if value else 0)

    @property
    def display_scale(self) -> float:
        """The display's scale (pixels per point) that layout passes round frames to, as UIKit
        rounds to its screen's scale. ``0.0`` (the default): frames are exact. Above 0 (1, 2, 3,
        ...): each edge of every subview's frame is rounded, in its root's coordinates, to the
        nearest multiple of ``1 / display_scale``, so views that share an edge stay flush; a view
        that rounding took below its intrinsic content size grows by one pixel at its max edge.
        :attr:`tether.View.frame` is then the rounded frame and
        :attr:`tether.View.unrounded_frame` the exact one; a root's frame is never rounded. A
        change takes effect at each root's next layout pass. NaN, infinities and negative values
        raise :class:`tether.InvalidArgumentError` (a ``ValueError``) and change nothing."""
        out = c_double()
        self._call(_dll.tether_engine_display_scale, byref(out))
        return out.value

    @display_scale.setter
    def display_scale(self, value: float) -> None:
        self._call(_dll.tether_engine_set_display_scale, to_real(value, "a display scale"))

    @property
    def diagnostic_handler(self) -> Optional[DiagnosticHandler]:
        """The handler set by :meth:`set_diagnostic_handler` (``None``: the ``"tether"``
        logger)."""
        return self._diagnostic_handler

    def set_diagnostic_handler(self, handler: Optional[DiagnosticHandler]) -> None:
        """Sends the engine's diagnostics (broken-constraint reports, Apple's text) to
        ``handler(message)``; ``None`` restores the default, a WARNING on the ``"tether"``
        logger (which, with logging not configured, prints to ``sys.stderr``).

        ``message`` is a :class:`tether.diagnostics.Diagnostic`: the text (a ``str``) with the
        :class:`tether.Constraint` objects it names (``constraints``) and the one the pass broke
        (``broken``). The handler runs inside layout calls; an exception it raises is re-raised
        by that call once the library returns (the layout itself completes).
        """
        if handler is not None and not callable(handler):
            raise TypeError(f"a diagnostic handler must be callable, not {type(handler).__name__}")
        with self._lock:
            self._diagnostic_handler = handler

    # -- animation --------------------------------------------------------------------------

    @property
    def clock(self) -> float:
        """The engine's animation clock, in seconds (0 when made): presentation frames are
        computed at this time, and animations start at the clock time their frames change.

        Setting it moves the clock to that time as :meth:`advance` does; a time before the current
        one, NaN or an infinity raises :class:`tether.InvalidArgumentError` (a ``ValueError``),
        something not a number ``TypeError``."""
        out = c_double()
        self._call(_dll.tether_engine_animation_clock, byref(out))
        return out.value

    @clock.setter
    def clock(self, time: float) -> None:
        value = to_real(time, "the clock")
        _completions.call_collecting(lambda: self._call(_dll.tether_engine_set_animation_clock, value))

    def advance(self, seconds: float) -> None:
        """Moves the clock forward by ``seconds`` (finite, >= 0; 0 runs the completions already
        due) and runs the ``on_complete`` callbacks of the blocks whose animations ended by then,
        in the order they ended. The first exception a callback raised is raised here once they
        have all run. A negative or non-finite step raises :class:`tether.InvalidArgumentError`
        (a ``ValueError``) and leaves the clock."""
        value = to_real(seconds, "seconds")
        _completions.call_collecting(lambda: self._call(_dll.tether_engine_advance, value))

    @property
    def has_running_animations(self) -> bool:
        """Whether an animation of the engine runs (or was stopped and awaits its completion at
        the next :meth:`advance`)."""
        out = c_int32()
        self._call(_dll.tether_engine_has_running_animations, byref(out))
        return bool(out.value)

    def remove_all_animations(self) -> None:
        """Stops every animation of the engine: views show their model frames; the blocks'
        ``on_complete`` callbacks run at the next :meth:`advance` with ``finished=False``."""
        self._call(_dll.tether_engine_remove_all_animations)

    # -- layout -----------------------------------------------------------------------------

    def layout_all(self) -> None:
        """Runs the layout pass of every root whose hierarchy changed since its last pass."""
        self._call(_dll.tether_engine_layout_all)

    # -- calls into the library (internal) --------------------------------------------------

    def _h(self) -> c_void_p:
        """The live handle (call with the lock held)."""
        handle = self._handle
        if handle is None:
            raise InvalidHandleError("the engine is closed", _ffi.E_INVALID_HANDLE)
        return handle

    def _ready(self) -> c_void_p:
        """The live handle for a call about to be made, after freeing the constraints whose
        wrappers were collected (at the outermost call only: a callback's nested call must not
        free what the outer call may use). Call with the lock held."""
        handle = self._handle
        if handle is None:
            raise InvalidHandleError("the engine is closed", _ffi.E_INVALID_HANDLE)
        if self._depth == 0 and self._orphans:
            self._free_orphans(handle)
        return handle

    def _invoke(self, function: Any, *args: Any) -> int:
        """Calls ``function(handle, *args)`` under the lock and returns its status.

        Re-raises the first exception a Python callback raised during this very call (each call,
        nested ones made by callbacks included, has its own slot: an exception a hook caught
        from a nested call is not raised again by the outer one). The caller must turn any other
        failing status into an exception at once (:func:`tether._ffi.check`), before calling the
        library again.
        """
        return self._call(function, *args, status_only=True)

    def _call(self, function: Any, *args: Any, status_only: bool = False) -> int:
        """Calls ``function(handle, *args)`` as :meth:`_invoke` does and raises the exception
        of a failing status (after the lock is released: the message is the calling thread's);
        with ``status_only``, returns the status instead. Every property read and write of the
        view model comes through here, so the body is written out once, here: a second call
        level cost a tenth of a frame read."""
        with self._lock:
            handle = self._ready()
            outer_error, self._callback_error = self._callback_error, None
            self._depth += 1
            try:
                status = function(handle, *args)
            finally:
                self._depth -= 1
                error, self._callback_error = self._callback_error, outer_error
            if error is not None:
                raise error
        if status != _ffi.OK and not status_only:
            raise _ffi.error_for(status)
        return status  # type: ignore[no-any-return]

    def _read_rect(self, function: Any, item_id: int) -> Rect:
        """The rectangle ``function(handle, item_id, &rect)`` writes (a frame), as a
        :class:`tether.Rect`: :meth:`_call`'s body without its callback bookkeeping (reading a
        frame runs no callback), into the engine's one out-struct, which the lock guards. Frames
        are read one at a time after every layout, and the bookkeeping and a struct made per
        read were a third of it (issue 21)."""
        with self._lock:
            handle = self._ready()
            out = self._rect_out
            status = function(handle, item_id, self._rect_out_ref)
            if status == _ffi.OK:
                return Rect(out.x, out.y, out.width, out.height)
        raise _ffi.error_for(status)

    def _new_item(self, wrapper: Any, function: Any, *args: Any) -> None:
        """Makes a library item with ``function(handle, *args, &id)`` and attaches ``wrapper`` to
        its id, under one acquisition of the lock (:meth:`_call`'s body without its callback
        bookkeeping: making a view, a stack view, a guide or an inactive constraint runs no
        callback), through the engine's one id out-parameter. Making views one at a time is the
        commonest call a program makes, and a second, reentrant acquisition cost a tenth of it."""
        with self._lock:
            handle = self._ready()
            status = function(handle, *args, self._id_out_ref)
            if status == _ffi.OK:
                wrapper._attach(self, self._id_out.value)
                return
        raise _ffi.error_for(status)

    def _read_string(self, function: Any, item_id: int) -> str:
        """A string through the two-call pattern (identifiers, descriptions)."""
        with self._lock:
            status, text = call_for_string(
                lambda buffer, capacity, needed: self._invoke(function, item_id, buffer, capacity, needed))
            if status != _ffi.OK:
                raise _ffi.error_for(status)
            return text

    def _read_ids(self, function: Any, item_id: int, *args: Any, guess: int = 16) -> List[int]:
        """Ids through the two-call pattern (subviews, constraint lists); ``args`` go between
        the id and the buffer (an axis)."""
        with self._lock:
            status, out, count = call_with_buffers(
                lambda out, capacity, needed: self._invoke(function, item_id, *args, out, capacity, needed),
                lambda capacity: (c_uint64 * capacity)(), guess)
            if status != _ffi.OK:
                raise _ffi.error_for(status)
            return list(out[:count])

    def _free_orphans(self, handle: c_void_p) -> None:
        """Frees the inactive constraints whose Python wrappers were collected."""
        ids, self._orphans = self._orphans, []
        info = _ffi.CLayoutConstraintInfo()
        for constraint_id in ids:
            if constraint_id in self._constraints:
                continue
            status = _dll.tether_layout_constraint_info_get(handle, constraint_id, byref(info))
            if status == _ffi.OK and not info.is_active:
                _dll.tether_layout_constraint_free(handle, constraint_id)

    # -- id <-> object (internal) -----------------------------------------------------------

    def _own(self, item: Any, what: str = "an item") -> int:
        """The id of ``item``, which must be a view or guide of this engine."""
        if engine_of(item, what) is not self:
            raise InvalidIdError(f"{item!r} belongs to another engine", _ffi.E_INVALID_ID)
        return item._id  # type: ignore[no-any-return]

    def _item_for(self, item_id: int) -> Optional["LayoutItem"]:
        """The wrapper of a view or guide id (made if missing), or ``None`` for 0."""
        if item_id == 0:
            return None
        with self._lock:
            item = self._items.get(item_id)
            if item is None:
                owner = c_uint64()
                status = _dll.tether_guide_owning_view(self._h(), item_id, byref(owner))
                role = "guide" if status == _ffi.OK else "view"
                if role == "view":
                    # A view made outside Python may be a stack view: only those have an axis.
                    axis = c_int32()
                    if _dll.tether_stack_view_axis(self._h(), item_id, byref(axis)) == _ffi.OK:
                        role = "stack_view"
                item = wrapper_class(role)._wrap(self, item_id)
            return item

    def _constraint_for(self, constraint_id: int) -> "Constraint":
        """The wrapper of a constraint id (made if missing)."""
        with self._lock:
            constraint = self._constraints.get(constraint_id)
            if constraint is None:
                wrapper: Any = wrapper_class("constraint")
                constraint = wrapper._wrap(self, constraint_id)
            return constraint

    # -- callbacks (internal) ---------------------------------------------------------------

    def _callback_failed(self, error: BaseException) -> None:
        """Keeps the first exception raised by a callback during the current call."""
        if self._callback_error is None:
            self._callback_error = error

    def _install_callbacks(self) -> None:
        """Makes the C trampolines (kept alive by the engine) and installs measure and hooks."""
        ref = weakref.ref(self)

        def measure(_context: Any, view_id: int, proposed_width: float, out: Any) -> int:
            engine = ref()
            if engine is None:
                return 1
            engine._in_callback += 1
            try:
                view = engine._items.get(view_id)
                function = getattr(view, "_measure", None)
                if function is None:
                    raise TetherError(f"the library measured view {view_id:#x}, which has no measure "
                                      "callable")
                width, height, first, last = _measurement(function(proposed_width))
                result = out.contents
                result.width = width
                result.height = height
                result.first_baseline = first
                result.last_baseline = last
                return 0
            except BaseException as error:  # noqa: B902 - nothing may cross into the library
                engine._callback_failed(error)
                return 1
            finally:
                engine._in_callback -= 1

        def hook(name: str) -> Callable[[Any, int], None]:
            def trampoline(_context: Any, view_id: int) -> None:
                engine = ref()
                if engine is None:
                    return
                engine._in_callback += 1
                try:
                    view = engine._items.get(view_id)
                    if view is not None:
                        view._run_hook(name)  # type: ignore[attr-defined]
                except BaseException as error:  # noqa: B902
                    engine._callback_failed(error)
                finally:
                    engine._in_callback -= 1

            return trampoline

        def diagnostic(_context: Any, message: Optional[bytes]) -> None:
            engine = ref()
            if engine is None:
                return
            engine._in_callback += 1
            try:
                report(engine, (message or b"").decode("utf-8", "replace"))
            except BaseException as error:  # noqa: B902
                engine._callback_failed(error)
            finally:
                engine._in_callback -= 1

        # The CFUNCTYPE objects must live as long as the library may call them.
        self._measure_fn = _ffi.MEASURE_FN(measure)
        self._update_constraints_fn = _ffi.HOOK_FN(hook("update_constraints"))
        self._layout_subviews_fn = _ffi.HOOK_FN(hook("layout_subviews"))
        self._diagnostic_fn = _ffi.DIAGNOSTIC_FN(diagnostic)
        self._call(_dll.tether_engine_set_measure_callback, self._measure_fn, None)
        # Always the binding's: with no handler, reports go to logging (tether.diagnostics).
        self._call(_dll.tether_engine_set_diagnostic_handler, self._diagnostic_fn, None)
        self._call(
            _dll.tether_engine_set_layout_hooks,
            self._update_constraints_fn,
            self._layout_subviews_fn,
            None,
        )


# ------------------------------------------------------------------------------------------------
# The default engine
# ------------------------------------------------------------------------------------------------

_default: Optional[Engine] = None
_default_lock = threading.Lock()


def default_engine() -> Engine:
    """The engine used when ``engine=None``: made on first use (again if it was closed)."""
    global _default
    with _default_lock:
        if _default is None or _default.closed:
            _default = Engine()
        return _default


def set_diagnostic_handler(handler: Optional[DiagnosticHandler]) -> None:
    """:meth:`Engine.set_diagnostic_handler` of the :func:`default_engine`."""
    default_engine().set_diagnostic_handler(handler)


def resolve_engine(engine: Optional[Engine]) -> Engine:
    """``engine``, or the default engine for ``None`` (internal)."""
    if engine is None:
        return default_engine()
    if not isinstance(engine, Engine):
        raise TypeError(f"engine must be a tether.Engine or None, not {type(engine).__name__}")
    return engine
