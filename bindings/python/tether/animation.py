"""Animating constraint changes, with UIKit's block animations (``UIView.animate``).

Change constraints (or frames), then lay out inside an :func:`animate` block: every frame that
changes there takes its new value at once (:attr:`tether.View.frame`, the *model* frame) and is
*shown* moving to it from where it was shown (:attr:`tether.View.presentation_frame`), along the
block's curve or spring::

    import tether

    with tether.Engine() as engine:
        root = tether.View(frame=(0, 0, 400, 400), engine=engine)
        box = tether.View(engine=engine)
        box.translates_autoresizing_mask_into_constraints = False
        root.add_subview(box)
        left = box.left == root.left + 20
        tether.activate([left, box.top == root.top, box.width == 50, box.height == 50])
        root.layout_if_needed()                 # views never laid out appear, not animated

        left.constant = 300
        with tether.animate(0.5, curve=tether.AnimationCurve.EASE_OUT,
                            on_complete=lambda finished: print("done", finished)):
            root.layout_if_needed()             # box.frame.x is 300 now ...
        engine.advance(0.25)                    # ... and it is shown part of the way there
        print(box.presentation_frame)
        engine.advance(0.25)                    # prints "done True"

Time is the host's: each engine has a clock (:attr:`tether.Engine.clock`, 0 when made) that only
moves forward, by :meth:`tether.Engine.advance` (once a display frame, say). Animations are
additive (UIKit's since iOS 8): animating a view that is still moving starts from where it is
shown, with no jump. Blocks belong to the calling thread and nest: a nested block takes the
duration and curve of the block around it unless its ``override_inherited_*`` flags say
otherwise; :func:`perform_without_animation` turns animation off inside.

``on_complete(finished)`` runs once, when every animation the block made has ended: ``True`` if
all ran to their end, ``False`` if one was stopped (its view removed or freed,
``remove_all_animations()``, its engine closed). It runs inside the call that passes the end
(:meth:`tether.Engine.advance`, setting :attr:`tether.Engine.clock`), inside the exit of the
``with`` block for a block that animated nothing (a zero duration, nothing changed), or inside
:meth:`tether.Engine.close` for the animations that closes stop. An exception it raises is raised
again by that call once every completion due has run (see :mod:`tether._completions`).

May import: :mod:`tether._completions`, :mod:`tether._ffi`, :mod:`tether._validate`,
:mod:`tether.enums`, :mod:`tether.errors`.
"""

from __future__ import annotations

import ctypes
from ctypes import byref, c_double, c_uint32
from typing import Any, Callable, Optional, TypeVar, Union, overload

from . import _completions, _ffi
from ._ffi import _dll
from ._validate import INT32_RANGE, check_range, to_int, to_real
from .enums import _NamedIntEnum

__all__ = [
    "AnimationCurve",
    "AnimationBlock",
    "WithoutAnimation",
    "animate",
    "perform_without_animation",
    "inherited_duration",
    "open_block_count",
]

_T = TypeVar("_T")

#: ``on_complete(finished)``.
CompletionFunction = Callable[[bool], Any]


class AnimationCurve(_NamedIntEnum):
    """The timing curves (UIKit's ``UIView.AnimationCurve`` raw values), each Core Animation's
    cubic Bézier: ease-in-out (0.42, 0, 0.58, 1), ease-in (0.42, 0, 1, 1), ease-out
    (0, 0, 0.58, 1), linear (0, 0, 1, 1)."""

    EASE_IN_OUT = _ffi.ANIMATION_CURVE_EASE_IN_OUT
    EASE_IN = _ffi.ANIMATION_CURVE_EASE_IN
    EASE_OUT = _ffi.ANIMATION_CURVE_EASE_OUT
    LINEAR = _ffi.ANIMATION_CURVE_LINEAR


class AnimationBlock:
    """The context manager :func:`animate` returns: ``tether_animation_begin()`` on entry,
    ``tether_animation_commit()`` on exit (also when the body raises; the body's exception then
    propagates). It may be entered again after it exits; each entry is a block of its own."""

    __slots__ = ("_duration", "_delay", "_curve", "_flags", "_damping", "_velocity", "_on_complete")

    def __init__(self, duration: float, delay: float, curve: Union[AnimationCurve, int],
                 spring_damping: Optional[float], initial_velocity: float,
                 on_complete: Optional[CompletionFunction], override_inherited_duration: bool,
                 override_inherited_curve: bool) -> None:
        self._duration = to_real(duration, "duration")
        self._delay = to_real(delay, "delay")
        self._curve = to_int(curve, "curve must be a tether.AnimationCurve", allow_bool=False)
        check_range(self._curve, INT32_RANGE, f"curve {self._curve} is not a tether.AnimationCurve")
        flags = 0
        self._damping = 1.0
        self._velocity = to_real(initial_velocity, "initial_velocity")
        if spring_damping is not None:
            self._damping = to_real(spring_damping, "spring_damping")
            flags |= _ffi.ANIMATION_SPRING
        if override_inherited_duration:
            flags |= _ffi.ANIMATION_OVERRIDE_INHERITED_DURATION
        if override_inherited_curve:
            flags |= _ffi.ANIMATION_OVERRIDE_INHERITED_CURVE
        self._flags = flags
        if on_complete is not None and not callable(on_complete):
            raise TypeError(f"on_complete must be callable or None, not {type(on_complete).__name__}")
        self._on_complete = on_complete

    def __enter__(self) -> "AnimationBlock":
        options = _ffi.CAnimationOptions()
        options.struct_size = ctypes.sizeof(_ffi.CAnimationOptions)
        options.flags = self._flags
        options.duration = self._duration
        options.delay = self._delay
        options.spring_damping = self._damping
        options.initial_velocity = self._velocity
        options.curve = self._curve
        token = 0
        if self._on_complete is not None:
            token = _completions.register(self._on_complete)
            options.completion = _completions.TRAMPOLINE
            options.completion_context = token
        status = _dll.tether_animation_begin(byref(options))
        if status != _ffi.OK:
            error = _ffi.error_for(status)
            if token:
                _completions.unregister(token)
            raise error
        return self

    def __exit__(self, exc_type: Any, exc: Any, traceback: Any) -> None:
        if exc is None:
            _commit()
            return
        # The body's exception wins; what a completion raised meanwhile is noted on it.
        try:
            _commit()
        except BaseException as completion_error:  # noqa: B902
            add_note = getattr(exc, "add_note", None)
            if add_note is not None:
                add_note(f"on_complete raised {type(completion_error).__name__}: {completion_error}")


def _commit() -> None:
    """``tether_animation_commit()``, raising what it or a completion it ran raised."""
    def call() -> None:
        _ffi.check(_dll.tether_animation_commit())

    _completions.call_collecting(call)


def animate(duration: float, delay: float = 0.0,
            curve: Union[AnimationCurve, int] = AnimationCurve.EASE_IN_OUT,
            spring_damping: Optional[float] = None, initial_velocity: float = 0.0,
            on_complete: Optional[CompletionFunction] = None, *,
            override_inherited_duration: bool = False,
            override_inherited_curve: bool = False) -> AnimationBlock:
    """An animation block, used as ``with tether.animate(0.3): root.layout_if_needed()``.

    Frames that change inside the block (by a layout pass, or by setting ``frame``) are shown
    moving from where they were shown to their new frames, on each engine's clock.

    Args:
        duration: seconds, finite and >= 0; 0 makes the changes at once, without animating.
        delay: seconds before the views start moving (they show their old frames meanwhile).
        curve: the timing curve (an :class:`AnimationCurve`); not used with a spring.
        spring_damping: a damping ratio > 0 makes the block a damped spring instead of a curve
            (1: no overshoot; toward 0: more oscillation; above 1: overdamped).
        initial_velocity: the spring's initial velocity, in whole distances per second (1 covers
            the animation's distance in one second).
        on_complete: ``on_complete(finished)``, called once when the block's animations have all
            ended (see the module's documentation for when, and for its exceptions).
        override_inherited_duration: in a nested block, use this ``duration`` rather than the
            enclosing block's.
        override_inherited_curve: in a nested block, use this curve or spring rather than the
            enclosing block's.

    Raises:
        TypeError: an argument of the wrong type (at the call).
        tether.InvalidArgumentError: (a ``ValueError``) a negative or non-finite time, a damping
            that is not positive, a curve that is not an :class:`AnimationCurve`, when the block
            is entered (nothing is opened then, and the body does not run).
    """
    return AnimationBlock(duration, delay, curve, spring_damping, initial_velocity, on_complete,
                          override_inherited_duration, override_inherited_curve)


class WithoutAnimation:
    """The context manager :func:`perform_without_animation` returns: a block in which no frame
    change animates (``tether_animation_begin_without_animation()``, closed on exit)."""

    __slots__ = ()

    def __enter__(self) -> None:
        _ffi.check(_dll.tether_animation_begin_without_animation())

    def __exit__(self, exc_type: Any, exc: Any, traceback: Any) -> None:
        if exc is None:
            _commit()
            return
        try:
            _commit()
        except BaseException as completion_error:  # noqa: B902
            add_note = getattr(exc, "add_note", None)
            if add_note is not None:
                add_note(f"on_complete raised {type(completion_error).__name__}: {completion_error}")


@overload
def perform_without_animation() -> WithoutAnimation: ...
@overload
def perform_without_animation(function: Callable[[], _T]) -> _T: ...


def perform_without_animation(function: Optional[Callable[[], Any]] = None) -> Any:
    """Makes frame changes at once, even inside an :func:`animate` block (UIKit's
    ``performWithoutAnimation``): ``with tether.perform_without_animation(): ...``, or
    ``perform_without_animation(fn)``, which calls ``fn()`` so and returns its result."""
    if function is None:
        return WithoutAnimation()
    if not callable(function):
        raise TypeError(f"perform_without_animation takes a callable, not {type(function).__name__}")
    with WithoutAnimation():
        return function()


def inherited_duration() -> float:
    """The duration frame changes made now on this thread animate with; 0 when they do not
    animate (UIKit's ``inheritedAnimationDuration``)."""
    out = c_double()
    _ffi.check(_dll.tether_animation_inherited_duration(byref(out)))
    return out.value


def open_block_count() -> int:
    """How many blocks (of :func:`animate` and :func:`perform_without_animation`) are open on
    this thread."""
    out = c_uint32()
    _ffi.check(_dll.tether_animation_open_blocks(byref(out)))
    return out.value
