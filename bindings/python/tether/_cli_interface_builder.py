"""``python -m tether ib FILE [--scene ID] [--device NAME | --size WxH] [--landscape] [--json] [--check]
[--svg OUT] [--save OUT]``: an Interface Builder document laid out.

Every root is laid out on its own (one that fails is reported and the others still are), then
every view's frame is printed keyed by IB id, in its superview's coordinates as IB saves them.
Conflicts are the engine's broken-constraint reports while a root is laid out; ambiguous views
are those whose layout ``ambiguities()`` finds. ``--check`` compares every view constraints place
(not a root, not translating its autoresizing mask) that is not marked misplaced or ambiguous
with the frame Xcode saved for it, within half a point. ``--svg OUT`` draws each root laid out
(with its constraints) to OUT, or, for a document of several roots, to OUT's name with the
root's IB id before the suffix (``out.svg`` → ``out-BYZ-38-t0r.svg``). ``--save OUT`` writes each
root laid out as a Tether layout document, named as ``--svg`` names pictures.

``--scene ID`` keeps the roots of one scene (a storyboard scene id, a view controller id or a root
view's IB id); ``--device NAME`` (a device id of the table), ``--size WxH`` (a freeform screen
without safe-area insets) and ``--landscape`` lay the document out for another screen than the
one it names.

May import: :mod:`tether.engine`, :mod:`tether.errors`, :mod:`tether.geometry`,
:mod:`tether.interface_builder`, :mod:`tether.document`, :mod:`tether.render`,
:mod:`tether.view`.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any, Dict, List, Optional, TextIO, Tuple

from .document import save_document
from .engine import Engine
from .errors import TetherError
from .geometry import Rect
from .interface_builder import InterfaceBuilderDocument, load_interface_builder
from .render import svg
from .view import View

__all__ = ["add_command", "run"]

#: How far a frame may be from the saved one and still match (IB saves frames to 0.5 pt at best).
TOLERANCE = 0.5


def add_command(commands: Any) -> None:
    """Adds the ``ib`` command to the command line's subparsers."""
    ib = commands.add_parser("ib", help="lay out an Interface Builder storyboard or xib, print every frame")
    ib.add_argument("document", metavar="FILE", help="the .storyboard or .xib file")
    ib.add_argument("--json", action="store_true",
                    help='print {"roots": [{"id", "frames", "conflicts", "ambiguous"}], "unsupported"}')
    ib.add_argument("--check", action="store_true",
                    help="compare views placed by constraints with their saved frames (0.5 pt)")
    ib.add_argument("--svg", metavar="OUT",
                    help="draw each root to OUT (several roots: OUT with the root's id before the suffix)")
    ib.add_argument("--save", metavar="OUT",
                    help="write each root laid out as a Tether layout document (JSON) to OUT "
                         "(several roots: OUT with the root's id before the suffix)")
    ib.add_argument("--scene", metavar="ID",
                    help="only the roots of this scene: a storyboard scene id, a view controller id "
                         "or a root view's IB id")
    screen = ib.add_mutually_exclusive_group()
    screen.add_argument("--device", metavar="NAME",
                        help="lay out for this device of the table (retina4_7, retina6_12, ipad9_7, ...) "
                             "instead of the document's")
    screen.add_argument("--size", metavar="WxH", type=_size,
                        help="lay out for a freeform screen of WxH points (no safe-area insets)")
    ib.add_argument("--landscape", action="store_true", default=None,
                    help="lay out in landscape instead of the document's orientation")


def _size(text: str) -> Tuple[float, float]:
    """``--size WxH``: two finite numbers above 0."""
    parts = text.lower().split("x")
    try:
        if len(parts) != 2:
            raise ValueError
        width, height = float(parts[0]), float(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WxH (e.g. 390x844)") from None
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        raise argparse.ArgumentTypeError(f"{text!r}: the width and height must be finite and above 0")
    return (width, height)


class _RootResult:
    """One root laid out: its frames by IB id (document order), conflicts, ambiguous ids."""

    def __init__(self, root: View) -> None:
        self.root = root
        self.frames: Dict[str, Rect] = {}
        self.conflicts: List[str] = []
        self.ambiguous: List[str] = []
        self.error: Optional[str] = None


def _subtree(root: View) -> List[View]:
    """``root`` and its subtree, a view before its subviews, in document order."""
    found: List[View] = []
    stack = [root]
    while stack:
        view = stack.pop()
        found.append(view)
        stack.extend(reversed(view.subviews))
    return found


def _lay_out(roots: List[View], reports: List[str]) -> List[_RootResult]:
    results = []
    for root in roots:
        result = _RootResult(root)
        start = len(reports)
        try:
            root.layout_if_needed()
        except TetherError as error:
            # One root failing does not stop the others (the document's roots are independent).
            result.error = str(error)
        result.conflicts = [r.rstrip("\n") for r in reports[start:]]
        if result.error is None:
            for view in _subtree(root):
                ib_id = view.identifier
                if not ib_id:
                    continue
                result.frames[ib_id] = view.frame
                if view.ambiguities():
                    result.ambiguous.append(ib_id)
        results.append(result)
    return results


def _number(x: float) -> str:
    if math.isinf(x) or math.isnan(x):
        return str(x)
    if x == round(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.4f}".rstrip("0").rstrip(".")


def _rect_text(r: Rect) -> str:
    return " ".join(_number(v) for v in (r.x, r.y, r.width, r.height))


def _matches(a: Rect, b: Rect) -> bool:
    return all(abs(p - q) <= TOLERANCE for p, q in zip((a.x, a.y, a.width, a.height),
                                                        (b.x, b.y, b.width, b.height)))


def _check(ib: InterfaceBuilderDocument, results: List[_RootResult]) -> Tuple[int, List[str]]:
    """(views checked, mismatch lines) over the views the comparison covers, in the roots laid out."""
    frames: Dict[str, Rect] = {}
    for result in results:
        frames.update(result.frames)
    selected = {v.identifier for r in results for v in _subtree(r.root)}
    checked = 0
    mismatches: List[str] = []
    for view in ib.views:
        if (view.id is None or view.saved_frame is None or not view.placed_by_constraints
                or view.misplaced or view.ambiguous or view.id not in selected):
            continue
        checked += 1
        frame = frames.get(view.id)
        if frame is None:
            mismatches.append(f"{view.id} <{view.class_name}> line {view.line}: not laid out")
        elif not _matches(frame, view.saved_frame):
            mismatches.append(f"{view.id} <{view.class_name}> line {view.line}: "
                              f"{_rect_text(frame)}, saved {_rect_text(view.saved_frame)}")
    return checked, mismatches


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Runs ``ib``; 0 on success, 1 when a root fails or ``--check`` finds a mismatch, 2 for a
    document that cannot be read or imported."""
    reports: List[str] = []
    with Engine() as engine:
        engine.set_diagnostic_handler(reports.append)
        try:
            ib = load_interface_builder(_read(args.document), engine, device=args.device,
                                        landscape=args.landscape, size=args.size)
        except OSError as error:
            err.write(f"tether: error: cannot read {args.document!r}: {error.strerror or error}\n")
            return 2
        except TetherError as error:
            err.write(f"tether: error: {args.document}: {error}\n")
            return 2
        roots = ib.roots
        if args.scene is not None:
            roots = ib.roots_of(args.scene)
            if not roots:
                scenes = ib.scene_ids()
                known = (f"its scenes are {', '.join(scenes)}" if scenes
                         else f"its roots are {', '.join(str(r.id) for r in ib.imported_roots) or 'none'}")
                err.write(f"tether: error: {args.document}: no scene, view controller or root view "
                          f"has the id {args.scene!r} ({known})\n")
                return 2
        results = _lay_out(roots, reports)
        status = 1 if any(r.error is not None for r in results) else 0
        if args.json:
            value: Dict[str, Any] = {
                "roots": [{
                    "id": r.root.identifier,
                    "frames": {k: [f.x, f.y, f.width, f.height] for k, f in r.frames.items()},
                    "conflicts": r.conflicts,
                    "ambiguous": r.ambiguous,
                    **({"error": r.error} if r.error is not None else {}),
                } for r in results],
                "unsupported": [str(report) for report in ib.reports],
            }
        else:
            labels = {v.id: v.user_label for v in ib.views if v.id is not None and v.user_label}
            for r in results:
                out.write(f"== {r.root.identifier} ==\n")
                if r.error is not None:
                    out.write(f"error: {r.error}\n")
                for ib_id, frame in r.frames.items():
                    # The designer's name for a view, when it has one, after its frame.
                    label = f" ({labels[ib_id]})" if ib_id in labels else ""
                    out.write(f"{ib_id} {_rect_text(frame)}{label}\n")
                for conflict in r.conflicts:
                    out.write(f"conflict: {conflict}\n")
                if r.ambiguous:
                    out.write(f"ambiguous: {' '.join(r.ambiguous)}\n")
            for report in ib.reports:
                out.write(f"unsupported: {report}\n")
        if args.svg:
            for path, r in _out_paths(args.svg, results, ".svg"):
                if r.error is None:
                    svg(r.root, constraints=True, path=path)
                    err.write(f"picture: {path}\n")
        if args.save:
            for path, r in _out_paths(args.save, results, ".json"):
                if r.error is None:
                    save_document(r.root, path)
                    err.write(f"document: {path}\n")
        if args.check:
            checked, mismatches = _check(ib, results)
            matched = checked - len(mismatches)
            rate = 100.0 * matched / checked if checked else 100.0
            if args.json:
                value["check"] = {"checked": checked, "matched": matched, "mismatches": mismatches}
            else:
                out.write(f"check: {matched} of {checked} views at their saved frames ({rate:.1f} %)\n")
                for line in mismatches:
                    out.write(f"mismatch: {line}\n")
            if mismatches:
                status = 1
        if args.json:
            try:
                text = json.dumps(value, indent=2, allow_nan=False)
            except ValueError:
                # JSON has no infinity or NaN: an error rather than output no reader accepts.
                err.write("tether: error: the layout holds a number that is not finite, which JSON "
                          "cannot hold (run without --json to see it)\n")
                return 1
            out.write(text + "\n")
        return status


def _out_paths(out: str, results: List[_RootResult], suffix: str) -> List[Tuple[str, _RootResult]]:
    """Where each root's picture or document goes: OUT itself for one root, else OUT's stem, a
    dash and the root's IB id, then OUT's suffix (ids are made of letters, digits and dashes)."""
    if len(results) == 1:
        return [(out, results[0])]
    target = Path(out)
    return [(str(target.with_name(f"{target.stem}-{r.root.identifier}{target.suffix or suffix}")), r)
            for r in results]


def _read(path: str) -> bytes:
    """The file's bytes (FILE is always a path, whatever it starts with)."""
    with open(path, "rb") as file:
        return file.read()
