"""``python -m tether animate DOC``: a change to a layout document, animated and drawn.

::

    python -m tether animate examples/documents/pencil-picker.json \\
        --set lift_1=0 --set lift_3=-32 --duration 0.5 --svg picker.svg
    python -m tether animate doc.json --deactivate tall --spring 0.6 --duration 0.8 \\
        --frames frames/ --fps 12 --format png

The document is loaded and laid out as it is; then, inside one animation block
(``tether.animate``, UIKit's ``UIView.animate``) with the given duration, delay and curve or
spring, the changes are made (constants, deactivations, activations, size) and every root is
laid out. What a layout document names can change: a constraint's constant (``--set ID=CONSTANT``, every constraint with
that identifier), whether it is active (``--activate ID``, ``--deactivate ID``), and the roots'
size (``--size WxH``). The animation is then drawn from the engine's clock (0) to its end:
``--svg OUT`` writes one animated SVG document (SMIL, plays in a browser), ``--frames DIR``
writes one still per frame (``frame-0000.svg``... or ``.png``) at ``--fps`` frames per second.
A line per moving view summarises what moved.

May import: :mod:`tether.animation`, :mod:`tether.document`, :mod:`tether.engine`,
:mod:`tether.errors`, :mod:`tether.render`, :mod:`tether.view`.
"""

from __future__ import annotations

import argparse
import math
from typing import Any, List, TextIO, Tuple

from . import render
from .animation import AnimationCurve, animate
from .document import Document, load_document
from .engine import Engine
from .errors import DocumentError, TetherError
from .view import View

#: ``--curve`` names -> UIKit's curves.
CURVES = {
    "ease-in-out": AnimationCurve.EASE_IN_OUT,
    "ease-in": AnimationCurve.EASE_IN,
    "ease-out": AnimationCurve.EASE_OUT,
    "linear": AnimationCurve.LINEAR,
}


class _UsageError(Exception):
    """A request the document cannot satisfy (exit status 2)."""


def _seconds(text: str) -> float:
    """A time in seconds, finite and >= 0 (UIKit would take a negative duration as 0; Tether
    refuses it)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: seconds must be finite and >= 0")
    return value


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be finite and > 0")
    return value


def _finite(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} must be finite")
    return value


def _assignment(text: str) -> Tuple[str, float]:
    """``ID=CONSTANT`` for ``--set``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not ID=CONSTANT (e.g. lift_3=-32)")
    return name.strip(), _finite(value.strip())


def _repeat(text: str) -> float:
    if text == "forever":
        return math.inf
    return _positive(text)


def add_command(commands: Any, size_type: Any) -> None:
    """Adds the ``animate`` command to the command line's subparsers."""
    command = commands.add_parser(
        "animate", help="animate changes to the document (constants, activation, root size) and "
                        "write an animated SVG or a frame sequence")
    command.add_argument("document", metavar="DOC", help="the layout document (a JSON file)")
    changes = command.add_argument_group("changes, made inside the animation block (constants, deactivations, activations, size)")
    changes.add_argument("--set", dest="sets", action="append", type=_assignment, default=[],
                         metavar="ID=CONSTANT", help="set the constant of the constraints with this identifier")
    changes.add_argument("--activate", action="append", default=[], metavar="ID",
                         help="activate the constraints with this identifier")
    changes.add_argument("--deactivate", action="append", default=[], metavar="ID",
                         help="deactivate the constraints with this identifier")
    changes.add_argument("--size", type=size_type, metavar="WxH", help="resize the roots")
    timing = command.add_argument_group("the animation block (UIKit's UIView.animate)")
    timing.add_argument("--duration", type=_seconds, default=0.3, help="seconds (default 0.3)")
    timing.add_argument("--delay", type=_seconds, default=0.0, help="seconds before moving (default 0)")
    timing.add_argument("--curve", choices=sorted(CURVES), default="ease-in-out",
                        help="the timing curve (default ease-in-out)")
    timing.add_argument("--spring", type=_positive, metavar="DAMPING",
                        help="move as a spring with this damping ratio (1: no overshoot) instead of the curve")
    timing.add_argument("--velocity", type=_finite, default=0.0,
                        help="the spring's initial velocity, in distances per second (default 0)")
    output = command.add_argument_group("output (at least one of --svg and --frames)")
    output.add_argument("--svg", metavar="OUT", help="write the animated SVG document to OUT")
    output.add_argument("--frames", metavar="DIR", help="write one still per frame into DIR")
    output.add_argument("--fps", type=_positive, default=60.0, help="frames per second (default 60)")
    output.add_argument("--format", choices=("svg", "png"), default="svg",
                        help="the format of --frames (default svg; png needs rsvg-convert or cairosvg)")
    output.add_argument("--repeat", type=_repeat, metavar="N|forever",
                        help="repeat the animated SVG N times or forever (default: once)")
    output.add_argument("--root", metavar="NAME", help="the view to draw (default: the first root)")
    output.add_argument("--constraints", action="store_true", help="draw the constraints (at the start)")
    output.add_argument("--scale", type=_positive, default=1.0, help="pixels per point (default 1)")


def _constraints(doc: Document, identifier: str, option: str) -> List[Any]:
    found = doc.constraints(identifier)
    if not found:
        raise _UsageError(f"{option} {identifier}: the document has no constraint with this identifier")
    return found


def _apply(args: argparse.Namespace, doc: Document) -> None:
    """The changes: constants, deactivations, activations, then the roots' size."""
    for identifier, constant in args.sets:
        for constraint in _constraints(doc, identifier, "--set"):
            constraint.constant = constant
    # Deactivations first, so that swapping one constraint for another never has both active.
    for identifier in args.deactivate:
        for constraint in _constraints(doc, identifier, "--deactivate"):
            constraint.active = False
    for identifier in args.activate:
        for constraint in _constraints(doc, identifier, "--activate"):
            constraint.active = True
    for root in doc.roots:
        if args.size is not None:
            f = root.frame
            root.frame = (f.x, f.y, args.size[0], args.size[1])
        root.layout_if_needed()


def _target(args: argparse.Namespace, doc: Document) -> View:
    if args.root is None:
        return doc.root
    named = doc.get(args.root)
    if not isinstance(named, View):
        raise _UsageError(f"the document has no view named {args.root!r}")
    return named


def _summary(view: View, times: List[float], out: TextIO) -> None:
    """A line per view that moves in its superview: its presentation frame at the start and at
    the end, in the superview's coordinates."""
    end = times[-1]
    out.write(f"animation: {len(times)} samples from {times[0]:g} s to {end:g} s\n")
    pending = [view]
    while pending:
        v = pending.pop()
        pending.extend(reversed(v.subviews))
        first, last = v.presentation_frame_at(times[0]), v.presentation_frame_at(end)
        if tuple(first) != tuple(last):
            name = v.identifier or v.debug_name
            out.write(f"  {name}: {_rect(first)} -> {_rect(last)}\n")


def _rect(r: Any) -> str:
    return "(" + ", ".join(f"{x:g}" for x in tuple(r)) + ")"


def run(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO, err: TextIO) -> int:
    """Runs ``animate``: 0 on success; 1 when the library or a converter fails; 2 for a document
    that cannot be read, an identifier it does not have, or a usage error."""
    if args.svg is None and args.frames is None:
        parser.error("animate needs --svg OUT or --frames DIR (or both)")
    with Engine() as engine:
        try:
            with open(args.document, "rb") as file:
                doc = load_document(file.read(), engine)
        except DocumentError as error:
            err.write(f"tether: error: {error}\n")
            return 2
        except OSError as error:
            err.write(f"tether: error: cannot read {args.document!r}: {error.strerror or error}\n")
            return 2
        try:
            for root in doc.roots:
                root.layout_if_needed()
            view = _target(args, doc)
            with animate(args.duration, delay=args.delay, curve=CURVES[args.curve],
                         spring_damping=args.spring, initial_velocity=args.velocity):
                _apply(args, doc)
            options = dict(constraints=args.constraints, scale=args.scale)
            times = render.sample_times(view, args.fps)
            _summary(view, times, out)
            if args.svg is not None:
                render.animated_svg(view, args.fps, repeat=args.repeat, path=args.svg, **options)
                out.write(f"wrote {args.svg}\n")
            if args.frames is not None:
                paths = render.write_frames(view, args.frames, args.fps, format=args.format, **options)
                out.write(f"wrote {len(paths)} frames to {args.frames}\n")
            return 0
        except _UsageError as error:
            err.write(f"tether: error: {error}\n")
            return 2
        except (TetherError, OSError, RuntimeError) as error:
            err.write(f"tether: error: {error}\n")
            return 1

