"""Pictures of a laid-out hierarchy: SVG documents and PNG images (``docs/rendering.md``).

:func:`svg` draws a view's subtree as a standalone SVG document (``tether_view_render_svg``):
one rect per view in the view's own coordinates (for a root, its root coordinates), labelled with
its identifier or debug name, and on request the constraints, layout margins and layout guides.
Ambiguous items and broken constraints are marked by default. The same hierarchy always gives the
same document, so tests can compare or parse it (every element is on its own line)::

    import tether
    import tether.render

    root = tether.View(frame=(0, 0, 400, 300))
    ...
    text = tether.render.svg(root, constraints=True)       # the document, a str
    tether.render.svg(root, path="screen.svg")             # also written to a file
    tether.render.png(root, "screen.png", scale=2)         # needs rsvg-convert or cairosvg

Running animations (``docs/animation.md``) are drawn from their presentation frames:
``svg(view, time=t)`` is a still at clock time ``t``; :func:`animated_svg` is one document that
plays the animation with SMIL ``<animate>`` elements in any browser; :func:`svg_frames` and
:func:`write_frames` give one still per frame at a frame rate (SVG or PNG). They sample from the
engine's clock to the end of the subtree's last animation (:func:`sample_times`) and never move
the clock::

    with tether.animate(0.4):
        raise_pencil.constant = 24
        root.layout_if_needed()
    tether.render.animated_svg(root, fps=30, path="picker.svg")
    tether.render.write_frames(root, "frames", fps=12, format="png")

:func:`png` converts the document with the first converter it finds: the ``rsvg-convert``
program (Debian's ``librsvg2-bin``), then the ``cairosvg`` package. Without either it raises
:class:`~tether.ConverterNotFoundError` (a ``RuntimeError``) naming what to install.

:meth:`tether.View.svg` is :func:`svg` as a method, so :mod:`tether.view` imports this module; the
view type is checked through the class the view module registers with the engine.

May import: :mod:`tether._ffi`, :mod:`tether._buffers`, :mod:`tether._validate`,
:mod:`tether.engine`, :mod:`tether.errors`; ``cairosvg`` (optional) where it is used.
"""

from __future__ import annotations

import ctypes
import math
import os
import shutil
import subprocess
from ctypes import byref
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union, cast

from . import _ffi
from ._buffers import call_for_string, call_with_buffers
from ._ffi import _dll
# The TETHER_SVG_* bits of tether_svg_options.flags (tether.h), as generated from the header.
from ._ffi import SVG_ALL_FLAGS, SVG_AMBIGUITY, SVG_BROKEN, SVG_CONSTRAINTS, SVG_DEFAULT_FLAGS
from ._ffi import SVG_GUIDES, SVG_MARGINS, SVG_PRESENTATION, SVG_ANIMATION_REPEAT_FOREVER
from ._validate import to_real
from .engine import wrapper_class
from .errors import ConverterError, ConverterNotFoundError

if TYPE_CHECKING:  # pragma: no cover - annotations only: view.py builds on this module
    from .view import View

__all__ = ["svg", "png", "converters", "animated_svg", "sample_times", "svg_frames", "write_frames",
           "SVG_CONSTRAINTS", "SVG_AMBIGUITY", "SVG_BROKEN", "SVG_MARGINS", "SVG_GUIDES",
           "SVG_PRESENTATION", "SVG_ALL_FLAGS", "SVG_DEFAULT_FLAGS", "SVG_ANIMATION_REPEAT_FOREVER"]


#: The converters :func:`png` knows, in the order it tries them.
CONVERTERS = ("rsvg-convert", "cairosvg")

PathArgument = Union[str, bytes, "os.PathLike[Any]"]


def _options(
    constraints: bool, ambiguity: bool, broken: bool, margins: bool, guides: bool,
    scale: float, padding: float, time: Optional[float] = None,
) -> _ffi.CSVGOptions:
    flags = 0
    for on, bit in (
        (constraints, SVG_CONSTRAINTS),
        (ambiguity, SVG_AMBIGUITY),
        (broken, SVG_BROKEN),
        (margins, SVG_MARGINS),
        (guides, SVG_GUIDES),
    ):
        if on:
            flags |= bit
    if time is not None:
        flags |= SVG_PRESENTATION
    # The ranges (scale > 0, padding >= 0, both finite) are the library's to check.
    return _ffi.CSVGOptions(
        ctypes.sizeof(_ffi.CSVGOptions), flags, to_real(scale, "scale"), to_real(padding, "padding"),
        0.0 if time is None else to_real(time, "time"),
    )


def _view(view: Any) -> "View":
    if not isinstance(view, wrapper_class("view")):
        raise TypeError(f"the view must be a tether.View, not {type(view).__name__}")
    return cast("View", view)


def svg(
    view: "View",
    *,
    constraints: bool = False,
    ambiguity: bool = True,
    broken: bool = True,
    margins: bool = False,
    guides: bool = False,
    scale: float = 1.0,
    padding: float = 8.0,
    time: Optional[float] = None,
    path: Optional[PathArgument] = None,
) -> str:
    """The view's subtree drawn as an SVG document, after a layout pass.

    Args:
        view: the view to draw with its subviews; it is drawn at (0, 0).
        constraints: draw the active constraints between items of the subtree (a spacing as a
            line across the gap, a size as a dimension line, anything else as a dashed line
            between the two anchors; classes ``spacing``, ``size``, ``equation``).
        ambiguity: mark views and guides whose layout is ambiguous (class ``ambiguous``).
        broken: draw broken constraints red and dashed, even without ``constraints`` (class
            ``broken``; the constraint's description is its ``<title>``).
        margins: draw each view's layout margins, dashed (class ``margins``).
        guides: draw the layout guides, dashed (class ``guide``).
        scale: pixels per point (the document's ``width``/``height``); finite and > 0.
        padding: points of room around the view; finite and >= 0.
        time: ``None`` draws the model frames; a clock time (finite) draws every view at its
            presentation frame then (``View.presentation_frame_at``): a still of an animation.
        path: when given, the document is also written to this file (created or replaced).

    Returns:
        The document (UTF-8 text, ending with a newline).

    Raises:
        InvalidArgumentError: a scale or padding out of range, a time not finite (``ValueError``).
        FileError: the file cannot be written (an ``OSError``); nothing is left behind.
        TypeError: ``view`` is not a :class:`tether.View`, or a number is not a number.
    """
    view = _view(view)
    options = _options(constraints, ambiguity, broken, margins, guides, scale, padding, time)
    engine = view._engine
    with engine._lock:
        status, document = call_for_string(
            lambda buffer, capacity, needed: engine._invoke(
                _dll.tether_view_render_svg, view._id, byref(options), buffer, capacity, needed),
            4096)
        if status != _ffi.OK:
            raise _ffi.error_for(status)
        if path is not None:
            engine._call(_dll.tether_view_write_svg, view._id, byref(options), os.fsencode(path))
    return document


def converters() -> List[str]:
    """The SVG to PNG converters installed here, in the order :func:`png` tries them."""
    return [name for name in CONVERTERS if _available(name)]


def _available(name: str) -> bool:
    if name == "rsvg-convert":
        return shutil.which("rsvg-convert") is not None
    try:
        import cairosvg  # noqa: F401  (loading it also loads the cairo library it needs)
    except (ImportError, OSError):
        return False
    return True


def _missing_message(wanted: Optional[str]) -> str:
    install = (
        "install rsvg-convert (Debian/Ubuntu: `apt-get install librsvg2-bin`) "
        "or the cairosvg package (`pip install cairosvg`)"
    )
    if wanted is None:
        return f"no SVG to PNG converter found: {install}"
    return f"the SVG to PNG converter {wanted!r} is not installed: {install}"


def _convert(document: str, path: PathArgument, converter: Optional[str]) -> None:
    if converter is not None and converter not in CONVERTERS:
        raise ValueError(f"unknown converter {converter!r}: use one of {', '.join(CONVERTERS)}")
    candidates = [converter] if converter is not None else list(CONVERTERS)
    chosen = next((name for name in candidates if _available(name)), None)
    if chosen is None:
        raise ConverterNotFoundError(_missing_message(converter))
    data = document.encode("utf-8")
    if chosen == "rsvg-convert":
        program = shutil.which("rsvg-convert")
        assert program is not None  # _available() just found it
        result = subprocess.run(
            [program, "--format", "png", "--output", os.fsdecode(path)],
            input=data, capture_output=True, check=False,
        )
        if result.returncode != 0:
            reason = result.stderr.decode("utf-8", "replace").strip() or f"exit status {result.returncode}"
            raise ConverterError(f"rsvg-convert could not write {os.fsdecode(path)!r}: {reason}")
        return
    import cairosvg

    try:
        cairosvg.svg2png(bytestring=data, write_to=os.fsdecode(path))
    except Exception as exc:  # cairosvg raises whatever its parser or cairo raises
        raise ConverterError(f"cairosvg could not write {os.fsdecode(path)!r}: {exc}") from exc


def png(view: "View", path: PathArgument, *, converter: Optional[str] = None,
        **options: Any) -> None:
    """Draws the view's subtree as :func:`svg` does and writes it to ``path`` as a PNG image of
    ``(width + 2 * padding) * scale`` by ``(height + 2 * padding) * scale`` pixels.

    Args:
        converter: ``"rsvg-convert"`` or ``"cairosvg"`` to use that one; ``None`` for the first
            installed (see :func:`converters`).
        options: the drawing options of :func:`svg` (``constraints``, ``ambiguity``, ``broken``,
            ``margins``, ``guides``, ``scale``, ``padding``), with its defaults.

    Raises:
        ConverterNotFoundError: no converter (or not the one asked for) is installed; the
            message names what to install (a ``RuntimeError``).
        ConverterError: the converter failed, e.g. it cannot write ``path``.
        InvalidArgumentError, TypeError: as for :func:`svg`.
    """
    _convert(svg(view, **options), path, converter)


# ---- Animations ----------------------------------------------------------------------------

#: The drawing options :func:`animated_svg`, :func:`svg_frames` and :func:`write_frames` pass on.
_DRAWING = ("constraints", "ambiguity", "broken", "margins", "guides", "scale", "padding")


def _drawing_options(options: Dict[str, Any], time: Optional[float] = None) -> _ffi.CSVGOptions:
    unknown = sorted(set(options) - set(_DRAWING))
    if unknown:
        raise TypeError(f"unknown drawing option {unknown[0]!r}: use {', '.join(_DRAWING)}")
    values: Dict[str, Any] = {"constraints": False, "ambiguity": True, "broken": True, "margins": False,
                              "guides": False, "scale": 1.0, "padding": 8.0}
    values.update(options)
    return _options(values["constraints"], values["ambiguity"], values["broken"], values["margins"],
                    values["guides"], values["scale"], values["padding"], time)


def _animation_options(fps: float, repeat: Optional[float]) -> _ffi.CSVGAnimationOptions:
    flags, count = 0, 0.0
    if repeat is not None:
        count = to_real(repeat, "repeat")
        if math.isinf(count) and count > 0:
            flags, count = SVG_ANIMATION_REPEAT_FOREVER, 0.0
        elif not count > 0:  # 0 would mean "once" in C: here that is repeat=None
            raise ValueError(f"repeat must be greater than 0 (math.inf: forever), not {count!r}")
    # The frame rate's range (finite, > 0) is the library's to check.
    return _ffi.CSVGAnimationOptions(ctypes.sizeof(_ffi.CSVGAnimationOptions), flags,
                                     to_real(fps, "fps"), count)


def sample_times(view: "View", fps: float = 60.0) -> List[float]:
    """The clock times :func:`animated_svg` and :func:`svg_frames` sample at ``fps`` frames per
    second: the engine's clock, every ``1/fps`` seconds after it, and the time the subtree's last
    running animation ends (so the last sample shows the model frames). ``[clock]`` when nothing
    in the subtree animates. Lays out first.

    Raises:
        InvalidArgumentError: ``fps`` not finite and > 0, or more than 100,000 samples.
        TypeError: ``view`` is not a :class:`tether.View`, or ``fps`` is not a number.
    """
    view = _view(view)
    rate = to_real(fps, "fps")
    engine = view._engine
    with engine._lock:
        status, times, count = call_with_buffers(
            lambda buffer, capacity, needed: engine._invoke(
                _dll.tether_view_animation_sample_times, view._id, rate, buffer, capacity, needed),
            lambda capacity: (ctypes.c_double * max(capacity, 1))(), 64)
        if status != _ffi.OK:
            raise _ffi.error_for(status)
    return [float(times[i]) for i in range(count)]


def animated_svg(view: "View", fps: float = 60.0, *, repeat: Optional[float] = None,
                 path: Optional[PathArgument] = None, **options: Any) -> str:
    """The subtree's running animations as one SVG document that plays in any browser.

    The drawing at the engine's clock, in which every view whose rect moves or resizes carries a
    SMIL ``<animate>`` per changing attribute (``x``, ``y``, ``width``, ``height``; its label
    moves with it) with the presentation frames sampled at :func:`sample_times`, played linearly
    between samples and frozen at the end. Views that do not move get none; with nothing
    animating it is the still at the clock. The clock is not moved.

    Args:
        fps: samples per second of clock time; finite and > 0.
        repeat: ``None`` plays once; a count > 0 repeats (``math.inf``: forever).
        path: when given, the document is also written to this file.
        options: the drawing options of :func:`svg` (``constraints``, ``scale``, ...).

    Raises:
        InvalidArgumentError: a bad rate, too many samples, or a bad drawing option.
        ValueError: ``repeat`` is not > 0.
        FileError: the file cannot be written.
        TypeError: a bad argument type or an unknown option.
    """
    view = _view(view)
    drawing = _drawing_options(options)
    animation = _animation_options(fps, repeat)
    engine = view._engine
    with engine._lock:
        status, document = call_for_string(
            lambda buffer, capacity, needed: engine._invoke(
                _dll.tether_view_render_animated_svg, view._id, byref(drawing), byref(animation),
                buffer, capacity, needed),
            16384)
        if status != _ffi.OK:
            raise _ffi.error_for(status)
        if path is not None:
            engine._call(_dll.tether_view_write_animated_svg, view._id, byref(drawing), byref(animation),
                         os.fsencode(path))
    return document


def svg_frames(view: "View", fps: float = 60.0, **options: Any) -> List[Tuple[float, str]]:
    """One still per sample time (:func:`sample_times`): ``[(time, document), ...]``, each drawn
    at the views' presentation frames then (``svg(view, time=t)``), at the size the view has then
    (all the same size unless ``view`` itself changes size). The clock is not moved.

    Raises: as :func:`sample_times` and :func:`svg`.
    """
    view = _view(view)
    _drawing_options(options)  # unknown options fail before any drawing
    return [(t, svg(view, time=t, **options)) for t in sample_times(view, fps)]


def write_frames(view: "View", directory: PathArgument, fps: float = 60.0, *, format: str = "svg",
                 converter: Optional[str] = None, **options: Any) -> List[str]:
    """Writes :func:`svg_frames` into ``directory`` (made if missing) as ``frame-0000.svg``,
    ``frame-0001.svg``, ... (or ``.png`` through :func:`png`'s converters) and returns the paths
    in order. Frame ``k`` shows clock time ``sample_times(view, fps)[k]``.

    Raises:
        ValueError: ``format`` is neither ``"svg"`` nor ``"png"``.
        ConverterNotFoundError, ConverterError: for PNG, as :func:`png`.
        OSError: the directory or a file cannot be written.
        InvalidArgumentError, TypeError: as :func:`svg_frames`.
    """
    if format not in ("svg", "png"):
        raise ValueError(f"format must be 'svg' or 'png', not {format!r}")
    frames = svg_frames(view, fps, **options)
    folder = os.fsdecode(directory)
    os.makedirs(folder, exist_ok=True)
    digits = max(4, len(str(len(frames) - 1)))
    paths = []
    for k, (_, document) in enumerate(frames):
        path = os.path.join(folder, f"frame-{k:0{digits}d}.{format}")
        if format == "svg":
            with open(path, "w", encoding="utf-8", newline="\n") as file:
                file.write(document)
        else:
            _convert(document, path, converter)
        paths.append(path)
    return paths
