"""The command line: ``python -m tether solve|check|resize|render DOC`` on layout documents.

::

    python -m tether solve examples/documents/screen.json            # every frame, as a table
    python -m tether solve screen.json --size 480x320 --json         # ... as JSON
    python -m tether check screen.json                               # conflicts, ambiguity, trace
    python -m tether resize screen.json --sizes 320x480,480x320      # a table per root size
    python -m tether render screen.json -o screen.svg --constraints  # a picture (.svg or .png)
    python -m tether animate picker.json --set lift_3=-32 --duration 0.5 --svg picker.svg  # animated
    python -m tether ib Main.storyboard --json --check               # an Interface Builder file
    python -m tether ib Main.xib --svg out.svg                       # ... drawn, one picture a root
    python -m tether ib Main.storyboard --scene vc1 --device retina6_12 --save out.json  # as a layout document

``animate`` (``_cli_animate.py``) makes changes inside an animation block and draws the animation
as an animated SVG or a frame sequence. ``ib`` (``_cli_interface_builder.py``) reads a .storyboard or .xib instead of a layout document.

Tables list every view and layout guide depth-first, names indented by depth, guides in
[brackets] after their owning view. Frames are in the superview's coordinates (a guide's in its
owning view's), as ``View.frame`` gives them; ``--coordinates root`` gives all of them in the
root's coordinates instead. ``--json`` gives both for each item (``frame`` and ``rootFrame``).

Exit status: 0 on success; 1 when ``check`` finds a conflict or an ambiguous layout, or a
command cannot finish (e.g. no PNG converter); 2 for a document that cannot be read or is not
valid (``tether: error: <JSON path>: <message>`` on standard error) and for usage errors.

May import: :mod:`tether._cli_animate`, :mod:`tether._cli_interface_builder`, :mod:`tether.document`, :mod:`tether.engine`, :mod:`tether.enums`,
:mod:`tether.errors`, :mod:`tether.render`, :mod:`tether.view`.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any, Dict, Iterator, List, Optional, Sequence, TextIO, Tuple

from . import _cli_animate, _cli_interface_builder, render
from .document import Document, load_document
from .engine import Engine
from .enums import Axis
from .errors import DocumentError, TetherError
from .view import LayoutItem, View

__all__ = ["main"]

PROG = "python -m tether"


# ------------------------------------------------------------------------------------------------
# Arguments
# ------------------------------------------------------------------------------------------------


def _size(text: str) -> Tuple[float, float]:
    """``WxH`` (finite numbers >= 0), for argparse."""
    parts = text.lower().split("x")
    try:
        if len(parts) != 2:
            raise ValueError
        width, height = float(parts[0]), float(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size WxH (e.g. 320x480)") from None
    if not (math.isfinite(width) and math.isfinite(height)) or width < 0 or height < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: width and height must be finite and >= 0")
    return width, height


def _sizes(text: str) -> List[Tuple[float, float]]:
    """``WxH,WxH,...`` for argparse."""
    items = [part.strip() for part in text.split(",")]
    if not items or any(not part for part in items):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of sizes WxH,WxH,...")
    return [_size(part) for part in items]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Lay out Tether layout documents (docs/layout-documents.md) from the command line.",
        epilog="Exit status: 0 success; 1 check found problems or a command failed; "
               "2 usage error or a document that cannot be read or is not valid.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    def table_options(command: argparse.ArgumentParser) -> None:
        command.add_argument("--json", action="store_true",
                             help="print JSON (frame and rootFrame of every item) instead of a table")
        command.add_argument("--coordinates", choices=("superview", "root"), default="superview",
                             help="the coordinate space of the table's frames (default: superview)")

    solve = commands.add_parser("solve", help="lay the document out and print every frame")
    solve.add_argument("document", metavar="DOC", help="the layout document (a JSON file)")
    solve.add_argument("--size", type=_size, metavar="WxH", help="resize the roots first")
    table_options(solve)

    check = commands.add_parser(
        "check", help="report conflicts and ambiguous layouts, print the autolayout trace; "
                      "exit status 1 when there is a problem")
    check.add_argument("document", metavar="DOC", help="the layout document (a JSON file)")
    check.add_argument("--size", type=_size, metavar="WxH", help="resize the roots first")

    resize = commands.add_parser("resize", help="lay the document out at several root sizes")
    resize.add_argument("document", metavar="DOC", help="the layout document (a JSON file)")
    resize.add_argument("--sizes", type=_sizes, required=True, metavar="WxH,WxH,...",
                        help="the root sizes, e.g. 320x480,480x320")
    table_options(resize)

    render = commands.add_parser("render", help="draw the laid-out document as SVG or PNG")
    render.add_argument("document", metavar="DOC", help="the layout document (a JSON file)")
    render.add_argument("-o", "--output", required=True, metavar="OUT",
                        help="the picture to write: a .svg or .png file")
    render.add_argument("--size", type=_size, metavar="WxH", help="resize the roots first")
    render.add_argument("--root", metavar="NAME", help="the view to draw (default: the first root)")
    render.add_argument("--constraints", action="store_true", help="draw the constraints")
    render.add_argument("--margins", action="store_true", help="draw the layout margins")
    render.add_argument("--guides", action="store_true", help="draw the layout guides")
    render.add_argument("--scale", type=float, default=1.0, help="pixels per point (default 1)")
    _cli_animate.add_command(commands, _size)
    _cli_interface_builder.add_command(commands)
    return parser


# ------------------------------------------------------------------------------------------------
# Frames
# ------------------------------------------------------------------------------------------------


def _name(item: LayoutItem) -> str:
    return item.identifier or item.debug_name


class _Row:
    """One item of a table: its name, depth, kind, frame and frame in root coordinates."""

    def __init__(self, item: Any, depth: int, kind: str, parent: Optional[str],
                 frame: Tuple[float, float, float, float],
                 root_frame: Tuple[float, float, float, float]) -> None:
        self.name = _name(item)
        self.depth = depth
        self.kind = kind
        self.parent = parent
        self.frame = frame
        self.root_frame = root_frame


def _rows(doc: Document) -> Iterator[_Row]:
    """Every view and guide of the document's roots, depth-first (a view, its guides, its
    subviews), with frames in superview and in root coordinates (a root's own bounds: the root is
    at (0, 0))."""
    for root in doc.roots:
        # (view, depth, the origin of its superview's bounds in root coordinates)
        stack: List[Tuple[Any, int, Tuple[float, float]]] = [(root, 0, (0.0, 0.0))]
        while stack:
            view, depth, offset = stack.pop()
            f = view.frame
            if depth == 0:
                in_root = (0.0, 0.0, f.width, f.height)
            else:
                in_root = (f.x + offset[0], f.y + offset[1], f.width, f.height)
            parent = view.superview if depth else None
            yield _Row(view, depth, "view", _name(parent) if parent is not None else None,
                       (f.x, f.y, f.width, f.height), in_root)
            for guide in view.layout_guides:
                g = guide.layout_frame
                yield _Row(guide, depth + 1, "guide", _name(view), (g.x, g.y, g.width, g.height),
                           (g.x + in_root[0], g.y + in_root[1], g.width, g.height))
            for subview in reversed(view.subviews):
                stack.append((subview, depth + 1, (in_root[0], in_root[1])))


def _number(x: float) -> str:
    """A table number: integers without a point, others rounded to 4 decimals."""
    if x == 0:
        return "0"
    if math.isinf(x) or math.isnan(x):
        return str(x)
    if x == round(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.4f}".rstrip("0").rstrip(".")


def _print_table(rows: List[_Row], coordinates: str, out: TextIO) -> None:
    header = ("view", "x", "y", "width", "height")
    lines = []
    for row in rows:
        label = "  " * row.depth + (f"[{row.name}]" if row.kind == "guide" else row.name)
        frame = row.root_frame if coordinates == "root" else row.frame
        lines.append((label,) + tuple(_number(v) for v in frame))
    widths = [max(len(line[i]) for line in [header] + lines) for i in range(5)]
    for line in [header] + lines:
        cells = [line[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(line[1:], widths[1:])]
        out.write("  ".join(cells).rstrip() + "\n")
    if coordinates == "root":
        out.write("(frames in root coordinates; guides in [brackets])\n")
    else:
        out.write("(frames in superview coordinates; guides in [brackets], in their owning view's)\n")


def _json_rows(rows: List[_Row]) -> List[Dict[str, Any]]:
    return [
        {"name": row.name, "kind": row.kind, "parent": row.parent, "depth": row.depth,
         "frame": list(row.frame), "rootFrame": list(row.root_frame)}
        for row in rows
    ]


# ------------------------------------------------------------------------------------------------
# Commands
# ------------------------------------------------------------------------------------------------


def _load(path: str, engine: Engine) -> Document:
    """Loads ``path`` (any text is read from the file: a DOC argument is always a path)."""
    with open(path, "rb") as file:
        data = file.read()
    return load_document(data, engine)


def _lay_out(doc: Document, size: Optional[Tuple[float, float]]) -> None:
    for root in doc.roots:
        if size is not None:
            f = root.frame
            root.frame = (f.x, f.y, size[0], size[1])
        root.layout_if_needed()


def _write_json(value: object, out: TextIO) -> None:
    """Writes ``value`` as JSON. JSON has no infinity or NaN (Python's ``Infinity`` is not
    JSON): such a number is an error (exit status 1) rather than output no reader accepts."""
    try:
        text = json.dumps(value, indent=2, allow_nan=False)
    except ValueError:
        raise _NotJSONError("the layout holds a number that is not finite, which JSON cannot hold "
                            "(run without --json to see it)") from None
    out.write(text + "\n")


def _solve(args: argparse.Namespace, doc: Document, out: TextIO) -> int:
    _lay_out(doc, args.size)
    rows = list(_rows(doc))
    if args.json:
        size = None if args.size is None else list(args.size)
        _write_json({"size": size, "items": _json_rows(rows)}, out)
    else:
        _print_table(rows, args.coordinates, out)
    return 0


def _resize(args: argparse.Namespace, doc: Document, out: TextIO) -> int:
    results = []
    for i, size in enumerate(args.sizes):
        _lay_out(doc, size)
        rows = list(_rows(doc))
        if args.json:
            results.append({"size": list(size), "items": _json_rows(rows)})
            continue
        if i:
            out.write("\n")
        out.write(f"== {_number(size[0])} x {_number(size[1])} ==\n")
        _print_table(rows, args.coordinates, out)
    if args.json:
        _write_json(results, out)
    return 0


def _axis_name(axis: Axis) -> str:
    return "horizontal" if axis == Axis.HORIZONTAL else "vertical"


_QUANTITY = {"LEFT": "x", "TOP": "y", "WIDTH": "width", "HEIGHT": "height"}


def _check(args: argparse.Namespace, doc: Document, reports: List[str], out: TextIO) -> int:
    _lay_out(doc, args.size)
    out.write(f"conflicts: {len(reports) or 'none'}\n")
    for report in reports:
        out.write(report.rstrip("\n") + "\n")
    ambiguous = []
    for row_item in doc._items():  # the document's walk (document.py)
        found = row_item.ambiguities()
        if found:
            ambiguous.append((row_item, found))
    out.write(f"ambiguous layouts: {len(ambiguous) or 'none'}\n")
    for item, found in ambiguous:
        out.write(f"  {_name(item)} ({item.debug_name})\n")
        for axis in (Axis.HORIZONTAL, Axis.VERTICAL):
            quantities = [a for a in found if a.axis == axis]
            if not quantities:
                continue
            ranges = ", ".join(
                f"{_QUANTITY.get(a.attribute.name, a.attribute.name.lower())} in "
                f"[{_number(a.lower)}, {_number(a.upper)}]" for a in quantities)
            # What does hold the item along the axis shows what is missing.
            affecting = item.constraints_affecting_layout(axis)
            out.write(f"    {_axis_name(axis)}: {ranges}; constraints affecting this axis: "
                      f"{len(affecting) or 'none'}\n")
            for constraint in affecting:
                out.write(f"      {constraint}\n")
    for root in doc.roots:
        out.write(f"autolayout trace of {_name(root)}:\n")
        out.write(root.autolayout_trace().rstrip("\n") + "\n")
    return 1 if reports or ambiguous else 0


def _render(args: argparse.Namespace, doc: Document, parser: argparse.ArgumentParser) -> int:
    target = args.output.lower()
    if not (target.endswith(".svg") or target.endswith(".png")):
        parser.error(f"the output {args.output!r} must end in .svg or .png")
    _lay_out(doc, args.size)
    view = doc.root
    if args.root is not None:
        named = doc.get(args.root)
        if not isinstance(named, View):
            raise _UsageError(f"the document has no view named {args.root!r}")
        view = named
    options = dict(constraints=args.constraints, margins=args.margins, guides=args.guides,
                   scale=args.scale)
    if target.endswith(".svg"):
        render.svg(view, path=args.output, **options)
    else:
        render.png(view, args.output, **options)
    return 0


class _UsageError(Exception):
    """A request the document cannot satisfy (exit status 2)."""


class _NotJSONError(RuntimeError):
    """Output asked for as JSON that JSON cannot hold (exit status 1)."""


# ------------------------------------------------------------------------------------------------
# Entry point
# ------------------------------------------------------------------------------------------------


def main(argv: Optional[Sequence[str]] = None, out: Optional[TextIO] = None,
         err: Optional[TextIO] = None) -> int:
    """Runs the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "ib":
        return _cli_interface_builder.run(args, out, err)
    if args.command == "animate":
        return _cli_animate.run(args, parser, out, err)
    reports: List[str] = []
    with Engine() as engine:
        if args.command == "check":
            engine.set_diagnostic_handler(reports.append)
        try:
            doc = _load(args.document, engine)
        except DocumentError as error:
            err.write(f"tether: error: {error}\n")
            return 2
        except OSError as error:
            err.write(f"tether: error: cannot read {args.document!r}: {error.strerror or error}\n")
            return 2
        try:
            if args.command == "solve":
                return _solve(args, doc, out)
            if args.command == "resize":
                return _resize(args, doc, out)
            if args.command == "check":
                return _check(args, doc, reports, out)
            return _render(args, doc, parser)
        except _UsageError as error:
            err.write(f"tether: error: {error}\n")
            return 2
        except (TetherError, OSError, RuntimeError) as error:
            err.write(f"tether: error: {error}\n")
            return 1
