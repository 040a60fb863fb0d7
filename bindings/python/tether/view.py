"""Views and layout guides (``UIView`` without drawing or events, ``UILayoutGuide``).

A :class:`View` is a rectangle in a hierarchy. A view without a superview is a *root*; each root's
hierarchy is laid out independently, and nothing is solved until :meth:`View.layout_if_needed`
(or :meth:`tether.Engine.layout_all`). Coordinates are UIKit's: y grows downward and a frame is in
its superview's coordinates. Every layout attribute refers to the view's alignment rectangle (its
frame inset by :attr:`View.alignment_rect_insets`).

New views translate their autoresizing mask into constraints, as UIKit views made in code do:
turn :attr:`View.translates_autoresizing_mask_into_constraints` off on the views you constrain::

    import tether

    root = tether.View(frame=(0, 0, 320, 480))
    header = tether.View()
    header.translates_autoresizing_mask_into_constraints = False
    root.add_subview(header)
    tether.activate([
        header.top == root.top,
        header.leading == root.leading,
        header.trailing == root.trailing,
        header.height == 44,
    ])
    root.layout_if_needed()
    assert header.frame == (0, 0, 320, 44)

A :class:`LayoutGuide` (:mod:`tether.items`, re-exported here with :class:`LayoutItem` and
:class:`Ambiguity`) is a rectangle that takes part in layout without being a view; it has the
edge, center and size anchors only. Every view has a layout-margins guide and a safe-area guide.

:class:`View` is built from :class:`tether.items.LayoutItem` (id, identifier, descriptions, the
anchors every item has, ambiguity) and :class:`tether.view_geometry.ViewGeometry` (frame,
autoresizing, content size, insets and margins); this module holds the hierarchy, the layout
pass, the hooks and the anchors only views have.

Lifetime and identity: see :mod:`tether.engine` (views and guides live until ``free()`` or the
engine's end; the same id always gives the same Python object).

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._validate`,
:mod:`tether.engine`, :mod:`tether.enums`, :mod:`tether.geometry`, :mod:`tether.solver_items`,
:mod:`tether.constraint`, :mod:`tether.anchors`, :mod:`tether.items`,
:mod:`tether.view_geometry`, :mod:`tether.render`.
"""

from __future__ import annotations

from ctypes import byref, c_double, c_int32, c_size_t, c_uint64
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from . import _ffi
from ._buffers import call_with_buffers
from ._ffi import _dll
from ._validate import c_string, to_index, to_layout_priority, to_real
from .anchors import XAnchor, YAnchor
from .constraint import Constraint
from .engine import Engine, register_wrapper
from .enums import Attribute, LayoutPriority
from .geometry import Rect, RectLike, Size, SizeLike, c_rect, c_size, from_c_rect, from_c_size
from .items import Ambiguity, LayoutGuide, LayoutItem
from .render import svg as _svg
from .solver_items import SolverStats
from .view_geometry import MeasureFunction, Number, ViewGeometry

__all__ = ["Ambiguity", "LayoutItem", "View", "LayoutGuide"]

#: ``hook(view)``.
ViewHook = Callable[["View"], Any]


#: ``View()``'s default frame, and the same as the C struct it crosses as.
_DEFAULT_FRAME = (0.0, 0.0, 0.0, 0.0)
_ZERO_RECT = c_rect(_DEFAULT_FRAME)


class View(ViewGeometry, LayoutItem):
    """A view: a rectangle in a hierarchy, laid out by constraints or by autoresizing.

    Args:
        frame: ``(x, y, width, height)`` in the superview's coordinates (finite).
        engine: the owning :class:`tether.Engine`; ``None`` for the default engine.

    Hooks: assign ``view.update_constraints = fn`` and/or ``view.layout_subviews = fn``
    (``fn(view)``) to run code in the layout pass (UIKit's ``updateConstraints``, bottom-up, and
    ``layoutSubviews``, top-down); a subclass may instead define methods of those names
    (``def layout_subviews(self): ...``) in its class statement: they are looked for when the
    class makes its first view, not again.

    Lifetime: a view lives in its engine until :meth:`free` (which frees its subtree, their
    guides and every constraint naming them) or until the engine is closed. Dropping the last
    Python reference does **not** free it (a view in a hierarchy must outlive Python's interest
    in it), so a program that makes and drops many roots in the default engine grows. Free them,
    use a root as a context manager (``with tether.View(frame=...) as root:`` frees it, with its
    subtree, on leaving the block), or make them in a private :class:`tether.Engine` and close it.
    """

    _kind_name = "View"

    def __enter__(self) -> "View":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        """Frees the view with its subtree (see the class's Lifetime), unless it is already freed
        or its engine closed; an exception from the block propagates."""
        engine = self._engine
        if engine._handle is None:
            return
        with engine._lock:
            if engine._items.get(self._id) is self:
                self.free()

    def __init__(self, frame: RectLike = _DEFAULT_FRAME, engine: Optional[Engine] = None) -> None:
        """Makes a root view with ``frame``."""
        # The default frame (most views: constraints place them) crosses as a ready value; a
        # struct argument is passed by value, so sharing it is safe.
        raw = _ZERO_RECT if frame is _DEFAULT_FRAME else c_rect(frame, "a frame")
        self._make(engine, _dll.tether_view_new, raw)

    #: The measure function (the ``measure`` property), on the class until one is set: most
    #: views have none, and an attribute written per view was a tenth of making one.
    _measure: Optional[MeasureFunction] = None
    #: The hook functions set through the properties, by name; made when the first is set.
    _hooks: Optional[Dict[str, Optional[ViewHook]]] = None

    def _attach(self, engine: Engine, item_id: int) -> None:
        super()._attach(engine, item_id)
        hooks = type(self).__dict__.get("_tether_overridden_hooks")
        if hooks is None:
            hooks = self._overridden_hooks()
        if hooks:
            self._sync_hooks()

    # -- lifetime ---------------------------------------------------------------------------

    def free(self) -> None:
        """Frees the view with its subtree, their layout guides and every constraint that refers
        to them. The Python objects stay; any later use raises :class:`~tether.InvalidIdError`.
        """
        engine = self._engine
        with engine._lock:
            handle = engine._h()
            doomed = set(self._subtree_ids())
            owner = c_uint64()
            for item_id, item in list(engine._items.items()):
                if isinstance(item, LayoutGuide):
                    status = _dll.tether_guide_owning_view(handle, item_id, byref(owner))
                    if status == _ffi.OK and owner.value in doomed:
                        doomed.add(item_id)
            engine._call(_dll.tether_view_free, self._id)
            for item_id in doomed:
                engine._items.pop(item_id, None)

    # -- hierarchy --------------------------------------------------------------------------

    @property
    def superview(self) -> Optional["View"]:
        """The superview, or ``None`` for a root."""
        return self._item_from(_dll.tether_view_superview)  # type: ignore[return-value]

    @property
    def subviews(self) -> List["View"]:
        """The subviews, back to front (a new list)."""
        with self._engine._lock:
            ids = self._engine._read_ids(_dll.tether_view_subviews, self._id)
            return [self._engine._item_for(i) for i in ids]  # type: ignore[misc]

    def constraints_equivalent_to_autoresizing_mask(self) -> List["Constraint"]:
        """The generated constraints that reproduce this view's autoresizing mask in its
        superview: ``minX``/``width``/``minY``/``height`` as affine functions of the superview's
        size, printed with Apple's ``h=--& v=--&`` prefix. They are read-only (changing or
        activating them raises InvalidStateError) and valid until the next layout pass. A root
        has none."""
        with self._engine._lock:
            ids = self._engine._read_ids(
                _dll.tether_view_constraints_equivalent_to_autoresizing_mask, self._id)
            return [self._engine._constraint_for(i) for i in ids]

    def autolayout_trace(self) -> str:
        """A dump of the view's subtree like UIKit's private ``_autolayoutTrace``, after a
        layout pass: a legend, then one line per view and layout guide, indented by ``|   ``
        per level and marked ``•`` (the root: layout engine host), ``*`` (laid out by
        constraints) or ``+`` (represented in the solve by its autoresizing mask); unmarked
        items take no part in the solve. Ambiguous items end with ``- AMBIGUOUS LAYOUT for``
        their free quantities and ranges, e.g. ``View:0x100000003.minX{range: [-inf, inf]}``.
        """
        return self._engine._read_string(_dll.tether_view_autolayout_trace, self._id)

    @property
    def layout_solver_stats(self) -> Optional[SolverStats]:
        """The counters of the solver that lays out this view's root (variables, constraints,
        tableau rows and cells, pivots, bytes, definitions), as they are now: no layout pass is
        run. ``None`` while the root is not laid out by constraints (frame mode, or before its
        first pass). A rebuild makes a new solver, so ``pivots`` counts from the last rebuild;
        the difference across an in-place change (a constant, the root's size) is the work
        that change cost."""
        laid_out = c_int32()
        raw = _ffi.CSolverStats()
        storage = _ffi.CSolverStorage()
        self._engine._call(_dll.tether_view_layout_solver_stats, self._id, byref(laid_out),
                           byref(raw), byref(storage))
        if not laid_out.value:
            return None
        return SolverStats._from_c(raw, storage)

    def svg(self, **options: Any) -> str:
        """The view's subtree drawn as an SVG document, after a layout pass:
        :func:`tether.render.svg` with the same keyword options (``constraints``, ``ambiguity``,
        ``broken``, ``margins``, ``guides``, ``scale``, ``padding``, ``path``)."""
        return _svg(self, **options)

    def add_subview(self, view: "View") -> None:
        """Adds ``view`` as the last subview (moving it from its old superview).

        Raises:
            InvalidStateError: ``view`` is this view or one of its ancestors (a cycle).
        """
        # No lock around both: the id check reads what never changes, and the call takes the
        # engine's lock itself (a view freed in between gives the library's invalid-id error).
        self._engine._call(_dll.tether_view_add_subview, self._id, self._own_view(view))

    def new_subview(self, identifier: Optional[str] = None) -> "View":
        """Makes a subview laid out by constraints, in one library call, and returns it: what
        UIKit code writes as ``v = UIView()``, ``v.translatesAutoresizingMaskIntoConstraints =
        false``, ``addSubview(v)``. Its frame is zero until a layout pass, it is the last
        subview, and ``identifier`` (when given) names it. Nothing is made on error.

        Raises:
            TypeError: ``identifier`` is not a str.
            InvalidArgumentError: ``identifier`` contains NUL.
        """
        name = c_string(identifier, "an identifier")
        made = c_uint64()
        engine = self._engine
        with engine._lock:
            engine._call(_dll.tether_view_new_subview, self._id, name, byref(made))
            return engine._item_for(made.value)  # type: ignore[return-value]

    def broken_constraints(self) -> List[Constraint]:
        """The active constraints of this view's hierarchy (all of its root's) that the last
        layout pass broke, in activation order: each conflicted with required constraints
        activated before it and is not enforced. A pass that breaks a constraint does not raise
        (as in UIKit): it reports it to the diagnostic handler, and this is the list to check
        after :meth:`layout_if_needed`. Runs no pass (empty before the first one)."""
        engine = self._engine
        with engine._lock:
            ids = engine._read_ids(_dll.tether_view_broken_constraints, self._id)
            return [engine._constraint_for(i) for i in ids]

    # -- the owner-based constraint API (UIKit before iOS 8) ---------------------------------

    @property
    def constraints(self) -> List[Constraint]:
        """The active constraints this view holds (UIKit's ``constraints``): yours whose items'
        nearest common ancestor is this view, oldest activation first. UIKit holds an active
        constraint on that ancestor; Tether keeps no owner and derives it the same way."""
        engine = self._engine
        with engine._lock:
            ids = engine._read_ids(_dll.tether_view_constraints, self._id)
            return [engine._constraint_for(i) for i in ids]

    def add_constraint(self, constraint: Constraint) -> None:
        """Activates ``constraint`` (UIKit's ``addConstraint``); see :meth:`add_constraints`."""
        self.add_constraints([constraint])

    def add_constraints(self, constraints: Iterable[Constraint]) -> None:
        """Activates ``constraints`` as one batch (UIKit's ``addConstraints``). As in UIKit, this
        view must be each one's items' common ancestor or one of its ancestors; all are checked
        before any is activated.

        Raises:
            InvalidStateError: the view is not the common ancestor or one of its ancestors (the
                message names both), or the items have none; ``error.index`` and
                ``error.constraint`` name the culprit.
            InvalidIdError: a constraint was freed or belongs to another engine.
        """
        batch = self._constraint_batch(constraints)
        count = len(batch)
        ids = (c_uint64 * count)(*[c._id for c in batch])
        failed = c_size_t(count)
        engine = self._engine
        with engine._lock:
            status = engine._invoke(_dll.tether_view_add_constraints, self._id, ids, count, byref(failed))
            if status != _ffi.OK:
                error = _ffi.error_for(status)
                if failed.value < count:
                    error.index = failed.value
                    error.constraint = batch[failed.value]  # type: ignore[attr-defined]
                raise error

    def remove_constraint(self, constraint: Constraint) -> None:
        """Deactivates ``constraint`` if this view holds it (UIKit's ``removeConstraint``); see
        :meth:`remove_constraints`."""
        self.remove_constraints([constraint])

    def remove_constraints(self, constraints: Iterable[Constraint]) -> None:
        """Deactivates those of ``constraints`` this view holds (UIKit's ``removeConstraints``).
        As in UIKit, a constraint held by another view, inactive or generated is left alone.

        Raises:
            InvalidIdError: a constraint was freed or belongs to another engine (none changed).
        """
        batch = self._constraint_batch(constraints)
        count = len(batch)
        ids = (c_uint64 * count)(*[c._id for c in batch])
        self._engine._call(_dll.tether_view_remove_constraints, self._id, ids, count)

    @staticmethod
    def _constraint_batch(constraints: Iterable[Constraint]) -> List[Constraint]:
        """The constraints as a list, refusing anything else before the library is called."""
        batch = list(constraints)
        for index, item in enumerate(batch):
            if not isinstance(item, Constraint):
                raise TypeError(f"expected tether.Constraint objects, not {type(item).__name__} "
                                f"(at index {index})")
        return batch

    def insert_subview(self, view: "View", index: int) -> None:
        """Inserts ``view`` at ``index`` (0 ... number of subviews) among the subviews."""
        position = to_index(index)
        with self._engine._lock:
            child = self._own_view(view)
            self._engine._call(_dll.tether_view_insert_subview, self._id, child, position)

    def remove_from_superview(self) -> None:
        """Makes the view a root again. Active constraints left without a common ancestor are
        deactivated (as UIKit does)."""
        self._engine._call(_dll.tether_view_remove_from_superview, self._id)

    def is_descendant_of(self, view: "View") -> bool:
        """Whether this view is ``view`` or lies in its subtree."""
        current: Optional[View] = self
        while current is not None:
            if current is view:
                return True
            current = current.superview
        return False

    def _own_view(self, view: Any) -> int:
        if not isinstance(view, View):
            raise TypeError(f"expected a tether.View, not {type(view).__name__}")
        return self._engine._own(view, "a view")

    def _subtree_ids(self) -> List[int]:
        return [i for i, _ in self._subtree(with_frames=False)]

    def _subtree(self, with_frames: bool, function: Any = None) -> List[Tuple[int, Optional[Rect]]]:
        engine = self._engine
        read = _dll.tether_view_subtree_frames if function is None else function
        with engine._lock:
            status, (ids, frames), count = call_with_buffers(
                lambda out, capacity, needed: engine._invoke(
                    read, self._id, out[0], out[1], capacity, needed),
                lambda capacity: ((c_uint64 * capacity)(),
                                  (_ffi.CRect * capacity)() if with_frames else None), 32)
            if status != _ffi.OK:
                raise _ffi.error_for(status)
            if frames is None:
                return [(ids[i], None) for i in range(count)]
            return [(ids[i], from_c_rect(frames[i])) for i in range(count)]

    def subtree_frames(self) -> Dict["View", Rect]:
        """The frames of this view's whole subtree in one library call: ``{view: frame}``, this
        view first, then depth-first in subview order. Frames are each in their superview's
        coordinates (as :attr:`frame`)."""
        engine = self._engine
        with engine._lock:
            pairs = self._subtree(with_frames=True)
            return {engine._item_for(i): frame for i, frame in pairs}  # type: ignore[misc]

    # -- animation (tether.animation) -------------------------------------------------------

    def _read_rect(self, function: Any, *args: Any) -> Rect:
        out = _ffi.CRect()
        self._engine._call(function, self._id, *args, byref(out))
        return from_c_rect(out)

    @property
    def presentation_frame(self) -> Rect:
        """Where the view is shown at its engine's clock (:attr:`tether.Engine.clock`), in its
        superview's coordinates: :attr:`frame` while it does not animate. A subview's is relative
        to its superview's presentation frame, so a view pinned inside a moving superview moves
        with it; :meth:`presentation_frame_in` gives it in an ancestor's coordinates, for
        drawing."""
        return self._read_rect(_dll.tether_view_presentation_frame)

    def presentation_frame_at(self, time: float) -> Rect:
        """The presentation frame at clock time ``time`` (finite) if nothing changes meanwhile:
        for drawing ahead of the clock."""
        return self._read_rect(_dll.tether_view_presentation_frame_at, to_real(time, "time"))

    def presentation_frame_in(self, ancestor: "View") -> Rect:
        """The presentation frame at the engine's clock in the coordinates of ``ancestor``'s
        bounds, ``ancestor`` being this view or one of its superviews
        (:class:`tether.InvalidStateError` otherwise)."""
        with self._engine._lock:
            ancestor_id = self._own_view(ancestor)
            return self._read_rect(_dll.tether_view_presentation_frame_in, ancestor_id)

    @property
    def presentation_velocity(self) -> Rect:
        """How fast :attr:`presentation_frame` changes at the engine's clock: points per second
        for each of x, y, width and height (all 0 while the view does not animate)."""
        return self._read_rect(_dll.tether_view_presentation_velocity)

    @property
    def is_animating(self) -> bool:
        """Whether a frame animation of this view runs."""
        return self._flag(_dll.tether_view_is_animating)

    @property
    def animation_end_time(self) -> float:
        """The clock time at which this view's running animations have all ended (the clock
        when it has none)."""
        return float(self._get(_dll.tether_view_animation_end_time, ctype=c_double))

    def remove_all_animations(self) -> None:
        """Stops this view's own frame animations (not its subviews'): it shows its model frame;
        the ``on_complete`` callbacks of blocks left without animations run at the engine's next
        :meth:`tether.Engine.advance` with ``finished=False``."""
        self._engine._call(_dll.tether_view_remove_all_animations, self._id)

    def subtree_presentation_frames(self) -> Dict["View", Rect]:
        """The presentation frames of this view's whole subtree in one library call, as
        :meth:`subtree_frames` reads the model frames (same order, each in its superview's
        coordinates)."""
        engine = self._engine
        with engine._lock:
            pairs = self._subtree(with_frames=True, function=_dll.tether_view_subtree_presentation_frames)
            return {engine._item_for(i): frame for i, frame in pairs}  # type: ignore[misc]

    # -- layout guides ----------------------------------------------------------------------

    @property
    def layout_guides(self) -> List["LayoutGuide"]:
        """The guides this view owns, in the order they were added (system guides excluded)."""
        with self._engine._lock:
            ids = self._engine._read_ids(_dll.tether_view_layout_guides, self._id)
            return [self._engine._item_for(i) for i in ids]  # type: ignore[misc]

    def add_layout_guide(self, guide: "LayoutGuide") -> None:
        """Makes the view own ``guide`` (moving it from its old owner)."""
        if not isinstance(guide, LayoutGuide):
            raise TypeError(f"expected a tether.LayoutGuide, not {type(guide).__name__}")
        with self._engine._lock:
            guide_id = self._engine._own(guide, "a guide")
            self._engine._call(_dll.tether_view_add_layout_guide, self._id, guide_id)

    def remove_layout_guide(self, guide: "LayoutGuide") -> None:
        """Stops owning ``guide`` (its constraints left without a common ancestor are
        deactivated)."""
        if not isinstance(guide, LayoutGuide):
            raise TypeError(f"expected a tether.LayoutGuide, not {type(guide).__name__}")
        with self._engine._lock:
            guide_id = self._engine._own(guide, "a guide")
            self._engine._call(_dll.tether_view_remove_layout_guide, self._id, guide_id)

    # -- the layout pass --------------------------------------------------------------------

    def set_needs_layout(self) -> None:
        """Marks the view's hierarchy as needing a layout pass."""
        self._engine._call(_dll.tether_view_set_needs_layout, self._id)

    def set_needs_update_constraints(self) -> None:
        """Asks for the ``update_constraints`` hook to run in the next pass."""
        self._engine._call(_dll.tether_view_set_needs_update_constraints, self._id)

    @property
    def needs_update_constraints(self) -> bool:
        """Whether the view's ``update_constraints`` hook is due (UIKit's
        ``needsUpdateConstraints()``): true for a new view and after
        :meth:`set_needs_update_constraints`, false once the hook ran."""
        return self._flag(_dll.tether_view_needs_update_constraints)

    def update_constraints_if_needed(self) -> None:
        """Runs the ``update_constraints`` hooks that are due in this view's subtree, bottom-up
        as a layout pass does, without laying out (UIKit's ``updateConstraintsIfNeeded()``).

        Raises whatever a hook raised (the original exception).
        """
        self._engine._call(_dll.tether_view_update_constraints_if_needed, self._id)

    def layout_if_needed(self) -> None:
        """Runs the layout pass of the view's root now if anything changed since the last one.

        Raises whatever a ``measure`` callable, hook or diagnostic handler raised during the
        pass (the original exception).
        """
        self._engine._call(_dll.tether_view_layout_if_needed, self._id)

    def exercise_ambiguity_in_layout(self) -> bool:
        """Moves an ambiguous view to another optimal solution (UIKit's
        ``exerciseAmbiguityInLayout``): its first ambiguous quantity goes to the far end of its
        range, and the hierarchy's frames follow until the next layout pass. Returns whether
        anything moved (``False`` when the layout is unambiguous)."""
        return bool(self._get(_dll.tether_view_exercise_ambiguity_in_layout))

    def system_layout_size_fitting(
        self,
        target: SizeLike,
        horizontal_priority: Number = LayoutPriority.FITTING_SIZE_LEVEL,
        vertical_priority: Number = LayoutPriority.FITTING_SIZE_LEVEL,
    ) -> Size:
        """The size closest to ``target`` that the view's subtree allows, the target pulling at
        the given priorities (``systemLayoutSizeFitting``). Use
        :data:`tether.LAYOUT_FITTING_COMPRESSED_SIZE` for the smallest size,
        :data:`tether.LAYOUT_FITTING_EXPANDED_SIZE` for the largest, and a required horizontal
        priority to fix the width (height for a given width). Frames are not changed.
        """
        out = _ffi.CSize()
        self._engine._call(
            _dll.tether_view_system_layout_size_fitting,
            self._id,
            c_size(target, "a target size"),
            to_layout_priority(horizontal_priority, "horizontal_priority"),
            to_layout_priority(vertical_priority, "vertical_priority"),
            byref(out),
        )
        return from_c_size(out)

    # -- hooks ------------------------------------------------------------------------------

    @property
    def update_constraints(self) -> Optional[ViewHook]:
        """``fn(view)`` run in the pass's update-constraints phase (bottom-up) when the view
        needs it (see :meth:`set_needs_update_constraints`); ``None`` for none. It may activate
        and deactivate constraints."""
        return self._hooks["update_constraints"] if self._hooks else None

    @update_constraints.setter
    def update_constraints(self, function: Optional[ViewHook]) -> None:
        self._set_hook("update_constraints", function)

    @property
    def layout_subviews(self) -> Optional[ViewHook]:
        """``fn(view)`` run in the pass after the view's frame is set (top-down), UIKit's
        ``layoutSubviews``; ``None`` for none."""
        return self._hooks["layout_subviews"] if self._hooks else None

    @layout_subviews.setter
    def layout_subviews(self, function: Optional[ViewHook]) -> None:
        self._set_hook("layout_subviews", function)

    def _set_hook(self, name: str, function: Optional[ViewHook]) -> None:
        if function is not None and not callable(function):
            raise TypeError(f"{name} must be callable or None, not {type(function).__name__}")
        with self._engine._lock:
            if self._hooks is None:
                self._hooks = {"update_constraints": None, "layout_subviews": None}
            self._hooks[name] = function
            self._sync_hooks()

    def _overridden_hooks(self) -> Tuple[str, ...]:
        """Hook names a subclass defines as methods (instead of the properties). The answer
        depends on the class only: it is found when the class makes its first view and kept in
        the class's own namespace (not inherited by subclasses, gone with the class), which took
        a fifth of making a view before."""
        kind = type(self)
        hooks = kind.__dict__.get("_tether_overridden_hooks")
        if hooks is None:
            hooks = tuple(
                name
                for name in ("update_constraints", "layout_subviews")
                if not isinstance(getattr(kind, name), property)
            )
            type.__setattr__(kind, "_tether_overridden_hooks", hooks)
        return hooks

    def _sync_hooks(self) -> None:
        enabled = any((self._hooks or {}).values()) or bool(self._overridden_hooks())
        self._engine._call(_dll.tether_view_set_hooks_enabled, self._id, 1 if enabled else 0)

    def _run_hook(self, name: str) -> None:
        """Called by the engine's trampolines."""
        if not isinstance(getattr(type(self), name), property):
            getattr(self, name)()
        else:
            function = self._hooks[name] if self._hooks else None
            if function is not None:
                function(self)

    # -- anchors only views have ------------------------------------------------------------

    @property
    def first_baseline(self) -> YAnchor:
        """The baseline of the first line of content (the bottom edge without baselines)."""
        return YAnchor(self, Attribute.FIRST_BASELINE)

    @property
    def last_baseline(self) -> YAnchor:
        """The baseline of the last line of content (the bottom edge without baselines)."""
        return YAnchor(self, Attribute.LAST_BASELINE)

    @property
    def left_margin(self) -> XAnchor:
        """The left edge of the layout margins."""
        return XAnchor(self, Attribute.LEFT_MARGIN)

    @property
    def right_margin(self) -> XAnchor:
        """The right edge of the layout margins."""
        return XAnchor(self, Attribute.RIGHT_MARGIN)

    @property
    def top_margin(self) -> YAnchor:
        """The top edge of the layout margins."""
        return YAnchor(self, Attribute.TOP_MARGIN)

    @property
    def bottom_margin(self) -> YAnchor:
        """The bottom edge of the layout margins."""
        return YAnchor(self, Attribute.BOTTOM_MARGIN)

    @property
    def leading_margin(self) -> XAnchor:
        """The leading edge of the layout margins."""
        return XAnchor(self, Attribute.LEADING_MARGIN)

    @property
    def trailing_margin(self) -> XAnchor:
        """The trailing edge of the layout margins."""
        return XAnchor(self, Attribute.TRAILING_MARGIN)

    @property
    def center_x_within_margins(self) -> XAnchor:
        """The horizontal center of the layout margins."""
        return XAnchor(self, Attribute.CENTER_X_WITHIN_MARGINS)

    @property
    def center_y_within_margins(self) -> YAnchor:
        """The vertical center of the layout margins."""
        return YAnchor(self, Attribute.CENTER_Y_WITHIN_MARGINS)


register_wrapper("view", View)
