"""Legible pictures (docs/rendering.md, "Labels"; issue 24): on three screens built through the
view model (the demo's feed screen, a settings screen of six rows, a dense screen of 200
cells) no two labels of the drawing overlap, every view label lies inside its view, labels that
do not fit are abbreviated with their full text as their title or left out, and the PNG a real
renderer (rsvg-convert) makes shows every label inside its box and no ink outside the boxes:
the width the renderer estimates for its monospaced font is an upper bound of the real one.

Label boxes are computed here from the document alone: a text's x and y (its baseline), its
text-anchor, its font size (10 for view labels, 8 for constraint labels, as the style sheet
says), 0.625 em per character (two for characters past Cyrillic), 0.95 em above the baseline
and 0.3 em below it.
"""

from __future__ import annotations

import importlib.util
import math
import shutil
import subprocess
from pathlib import Path
from typing import Dict, Iterator, List, NamedTuple, Optional, Tuple
from xml.etree import ElementTree

import pytest
from PIL import Image

import tether
import tether.render
from tether import Axis, Engine, StackView, StackViewAlignment, View

SVG = "http://www.w3.org/2000/svg"
NS = "{" + SVG + "}"
ELLIPSIS = "\u2026"
FEED_DEMO = Path(tether.__file__).resolve().parents[3] / "examples" / "python" / "feed_demo.py"

Box = Tuple[float, float, float, float]  # x0, y0, x1, y1


class Label(NamedTuple):
    view_id: Optional[str]  # the view a view label names; None for a constraint's label
    text: str
    title: Optional[str]  # the full text of an abbreviated label
    box: Box


def classes(element: ElementTree.Element) -> List[str]:
    return element.get("class", "").split()


def cells(text: str) -> int:
    return sum(1 if ord(c) < 0x530 or c == ELLIPSIS else 2 for c in text)


def labels(svg: ElementTree.Element) -> List[Label]:
    """Every text of the drawing with its box."""
    found = []
    for group in svg.iter(NS + "g"):
        for element in group.findall(NS + "text"):
            view_label = "label" in classes(element)
            size = 10.0 if view_label else 8.0
            text = element.text or ""
            width = cells(text) * 0.625 * size
            x, y = float(element.get("x")), float(element.get("y"))
            anchor = element.get("text-anchor", "start")
            x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            title = element.find(NS + "title")
            found.append(Label(element.get("data-id") if view_label else None, text,
                               None if title is None else title.text,
                               (x0, y - 0.95 * size, x0 + width, y + 0.3 * size)))
    return found


# The document writes coordinates with 3 decimals: boxes computed back from them may be off by
# that rounding, so boxes that touch may seem to overlap by a hair, and fitting ones to stick out.
EPS = 0.002


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - EPS and b[0] < a[2] - EPS and a[1] < b[3] - EPS and b[1] < a[3] - EPS


def inside(a: Box, b: Box) -> bool:
    return a[0] >= b[0] - EPS and a[2] <= b[2] + EPS and a[1] >= b[1] - EPS and a[3] <= b[3] + EPS


def overlapping_pairs(found: List[Label]) -> Iterator[Tuple[Label, Label]]:
    """Pairs of labels whose boxes overlap (a sweep along x: linear for a legible drawing)."""
    ordered = sorted(found, key=lambda label: label.box[0])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.box[0] >= a.box[2] - EPS:
                break
            if overlap(a.box, b.box):
                yield a, b


def view_rects(svg: ElementTree.Element) -> Dict[str, Tuple[Box, str]]:
    """Each view's rect (as a box) and title, by id."""
    out = {}
    for e in svg.iter(NS + "rect"):
        if "view" in classes(e):
            x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
            out[e.get("data-id")] = ((x, y, x + w, y + h), e.find(NS + "title").text)
    return out


def check_legible(document: str, views: List[View]) -> List[Label]:
    """The promises of docs/rendering.md about labels, checked on one document."""
    svg = ElementTree.fromstring(document.encode("utf-8"))
    style = svg.find(NS + "style").text
    assert "text { font-family: 'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace; }" in style
    assert ".constraint text { font-size: 8px;" in style and ".label { font-size: 10px;" in style
    x, y, w, h = (float(v) for v in svg.get("viewBox").split())
    canvas = (x, y, x + w, y + h)
    found = labels(svg)
    assert found, "the drawing has labels"
    pairs = [(a.text, a.box, b.text, b.box) for a, b in overlapping_pairs(found)]
    assert pairs == [], f"{len(pairs)} overlapping labels, e.g. {pairs[:3]}"
    rects = view_rects(svg)
    for label in found:
        assert inside(label.box, canvas), f"{label.text!r} {label.box} leaves the picture"
        if label.view_id is not None:
            frame = rects[label.view_id][0]
            assert inside(label.box, frame), f"{label.text!r} {label.box} leaves its view {frame}"
        if label.title is not None:
            assert label.text.endswith(ELLIPSIS) and label.title.startswith(label.text[:-1])
            assert len(label.text) >= 4 and cells(label.text) < cells(label.title)
    # Every view keeps its name: in its label, its label's title, or its rect's title.
    named = {label.view_id: label.title or label.text for label in found if label.view_id}
    for view in views:
        view_id = hex(view.id & (2**52 - 1))
        name = view.identifier or view.debug_name
        if view_id in named:
            assert named[view_id] == name
        else:
            assert (f"identifier = '{view.identifier}'" if view.identifier else view_id) in rects[view_id][1]
    return found


# ------------------------------------------------------------------------------------------------
# The screens
# ------------------------------------------------------------------------------------------------


def subtree(root: View) -> List[View]:
    out, pending = [], [root]
    while pending:
        view = pending.pop()
        out.append(view)
        pending.extend(reversed(view.subviews))
    return out


def demo_screen(engine: Engine, orientation: str) -> View:
    """The README's demo (examples/python/feed_demo.py), laid out as the demo lays it out."""
    spec = importlib.util.spec_from_file_location("feed_demo", FEED_DEMO)
    assert spec is not None and spec.loader is not None
    demo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(demo)
    screen = demo.FeedScreen(engine)
    [(_, width, height, insets)] = [size for size in demo.SIZES if size[0] == orientation]
    screen.root.frame = (0, 0, width, height)
    screen.root.safe_area_insets = insets
    return screen.root


SETTINGS = [("airplaneMode", "switch"), ("wifiNetwork", "field"), ("bluetooth", "switch"),
            ("personalHotspot", "switch"), ("notificationsSummary", "field"), ("doNotDisturb", "switch")]


def settings_screen(engine: Engine) -> View:
    """Six rows in a vertical stack view, each a title (centred vertically, at least 8 from the
    row's top) and a switch or a text field at the trailing edge, with a hairline separator
    under each row: thin views and the "centerY == centerY" beside ">=8" that ran together."""
    def view(name: str, parent: View, cls=View) -> View:
        made = cls(engine=engine)
        made.identifier = name
        made.translates_autoresizing_mask_into_constraints = False
        parent.add_subview(made)
        return made

    root = View(frame=(0, 0, 390, 420), engine=engine)
    root.identifier = "settingsScreen"
    rows = view("settingsRows", root, StackView)
    rows.axis = Axis.VERTICAL
    rows.alignment = StackViewAlignment.FILL
    constraints = [rows.top == root.top + 24, rows.leading == root.leading + 16,
                   rows.trailing == root.trailing - 16]
    for name, kind in SETTINGS:
        row = View(engine=engine)
        row.identifier = f"{name}Row"
        rows.add_arranged_subview(row)
        title = view(f"{name}Title", row)
        title.intrinsic_content_size = (len(name) * 8.0, 20)
        control = view(f"{name}{kind.capitalize()}", row)
        separator = view(f"{name}Separator", row)
        constraints += [
            row.height == 52,
            title.leading == row.leading + 16, title.center_y == row.center_y,
            title.top >= row.top + 8,
            control.trailing == row.trailing - 16, control.center_y == row.center_y,
            control.width == (51 if kind == "switch" else 140), control.height == 31,
            control.leading >= title.trailing + 8,
            separator.leading == row.leading + 16, separator.trailing == row.trailing,
            separator.bottom == row.bottom, separator.height == 1,
        ]
    tether.activate(constraints)
    return root


def dense_screen(engine: Engine) -> View:
    """200 cells, 10 columns of 20 rows, each 36 x 21 (22, 23) points with a long identifier,
    chained to its neighbours by constraints: far more names than room."""
    root = View(frame=(0, 0, 404, 504), engine=engine)
    root.identifier = "denseCollectionScreen"
    constraints = []
    previous_row: List[View] = []
    for r in range(20):
        row: List[View] = []
        for c in range(10):
            cell = View(engine=engine)
            cell.identifier = f"collectionViewCell_section0_item{r * 10 + c}"
            cell.translates_autoresizing_mask_into_constraints = False
            root.add_subview(cell)
            constraints += [cell.width == 36, cell.height == 21 + (r + c) % 3]
            constraints.append(cell.leading == (row[-1].trailing if row else root.leading) + 4)
            constraints.append(cell.top == (previous_row[c].bottom if previous_row else root.top) + 4)
            row.append(cell)
        previous_row = row
    tether.activate(constraints)
    return root


SCREENS = {
    "demo-portrait": lambda engine: demo_screen(engine, "portrait"),
    "demo-landscape": lambda engine: demo_screen(engine, "landscape"),
    "settings": settings_screen,
    "dense": dense_screen,
}


@pytest.fixture(params=sorted(SCREENS))
def screen(request: pytest.FixtureRequest, engine: Engine) -> View:
    root = SCREENS[request.param](engine)
    root.layout_if_needed()
    assert not any(v.has_ambiguous_layout for v in subtree(root)), "the screens are well defined"
    return root


# ------------------------------------------------------------------------------------------------
# The document
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("constraints", [False, True], ids=["views", "constraints"])
def test_labels_neither_overlap_nor_leave_their_views(screen: View, constraints: bool) -> None:
    document = tether.render.svg(screen, constraints=constraints, margins=True)
    found = check_legible(document, subtree(screen))
    if constraints:
        assert any(label.view_id is None for label in found), "constraint labels are drawn"


def test_the_dense_screen_abbreviates_and_drops_but_names_every_view(engine: Engine) -> None:
    root = dense_screen(engine)
    found = check_legible(tether.render.svg(root, constraints=True), subtree(root))
    shown = [label for label in found if label.view_id is not None]
    abbreviated = [label for label in shown if label.title is not None]
    # 36 wide, 33 inside: "coll…" and its title; the root's name covers the first cells' corners.
    assert len(abbreviated) >= 190 and {label.text for label in abbreviated} <= {"coll" + ELLIPSIS, "col" + ELLIPSIS}
    assert {label.title for label in abbreviated} <= {v.identifier for v in subtree(root)}
    assert len(shown) < 201, "some cells have no room left: their rects' titles name them"
    assert sum(1 for label in found if label.view_id is None) > 100, "constraint labels find room too"


def test_settings_rows_keep_title_and_constraint_labels_apart(engine: Engine) -> None:
    root = settings_screen(engine)
    svg = ElementTree.fromstring(tether.render.svg(root, constraints=True).encode("utf-8"))
    found = labels(svg)
    constraint_texts = [label.title or label.text for label in found if label.view_id is None]
    # Both of each title's vertical constraints are labelled, and apart (check_legible).
    assert constraint_texts.count("centerY == centerY") >= 6 and constraint_texts.count(">=8") >= 6
    check_legible(tether.render.svg(root, constraints=True), subtree(root))
    # Separators (1 point high) have no label; their rects' titles name them.
    separators = {hex(v.id & (2**52 - 1)) for v in subtree(root) if v.identifier.endswith("Separator")}
    assert len(separators) == 6 and not separators & {label.view_id for label in found}


def test_the_picture_is_a_function_of_the_layout() -> None:
    documents = []
    for _ in range(2):
        with Engine() as engine:
            documents.append([tether.render.svg(SCREENS[name](engine), constraints=True) for name in sorted(SCREENS)])
    assert documents[0] == documents[1]


# ------------------------------------------------------------------------------------------------
# The PNG: what a real renderer draws
# ------------------------------------------------------------------------------------------------

RSVG = shutil.which("rsvg-convert")
needs_rsvg = pytest.mark.skipif(RSVG is None, reason="rsvg-convert is not installed (apt-get install librsvg2-bin)")
SCALE = 2


def rasterize(document: str, path: Path) -> Image.Image:
    """The document as an RGB image by rsvg-convert (whose fonts the width estimate bounds)."""
    subprocess.run([RSVG, "--format", "png", "--output", str(path)], input=document.encode("utf-8"), check=True)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(path) as image:
        return image.convert("RGB")


def text_only(document: str) -> str:
    """The document with everything but the white background and the texts taken out."""
    ElementTree.register_namespace("", SVG)
    svg = ElementTree.fromstring(document.encode("utf-8"))
    for parent in list(svg.iter()):
        for child in list(parent):
            keep = child.tag in (NS + "style", NS + "text", NS + "title", NS + "g") or "background" in classes(child)
            if not keep:
                parent.remove(child)
    return ElementTree.tostring(svg, encoding="unicode")


def pixel_box(box: Box, padding: float) -> Tuple[int, int, int, int]:
    """The pixels a box in points touches: x0, y0 inclusive, x1, y1 exclusive."""
    return (math.floor((box[0] + padding) * SCALE), math.floor((box[1] + padding) * SCALE),
            math.ceil((box[2] + padding) * SCALE), math.ceil((box[3] + padding) * SCALE))


def dark(pixel: Tuple[int, int, int]) -> bool:
    """Label text (#212529, constraint labels #343a40), not lines or fills (#495057 and lighter)."""
    return max(pixel) < 80


@needs_rsvg
def test_every_label_is_drawn_inside_its_box(screen: View, tmp_path: Path) -> None:
    padding = 8.0
    document = tether.render.svg(screen, constraints=True, scale=SCALE, padding=padding)
    found = check_legible(document, subtree(screen))
    frame = screen.frame

    # The whole picture: the image has its size, and text-coloured pixels in every label's box.
    picture = rasterize(document, tmp_path / "screen.png")
    assert picture.size == (round((frame.width + 2 * padding) * SCALE), round((frame.height + 2 * padding) * SCALE))
    pixels = picture.load()
    for label in found:
        x0, y0, x1, y1 = pixel_box(label.box, padding)
        assert any(dark(pixels[x, y]) for x in range(x0, x1) for y in range(y0, y1)), f"{label.text!r} is not drawn"

    # The texts alone: ink in every box, and none outside the boxes, so the real glyphs are no
    # wider (nor taller) than the boxes placement kept apart.
    texts = rasterize(text_only(document), tmp_path / "texts.png")
    width, height = texts.size
    ink = texts.load()
    covered = bytearray(width * height)
    for label in found:
        x0, y0, x1, y1 = pixel_box(label.box, padding)
        assert any(ink[x, y] != (255, 255, 255) for x in range(x0, x1) for y in range(y0, y1)), label.text
        for y in range(max(0, y0), min(height, y1)):
            covered[y * width + max(0, x0):y * width + min(width, x1)] = b"\x01" * (min(width, x1) - max(0, x0))
    data = texts.tobytes()
    stray = [(i % width, i // width) for i in range(width * height)
             if not covered[i] and data[3 * i:3 * i + 3] != b"\xff\xff\xff"]
    assert stray == [], f"{len(stray)} pixels of ink outside every label's box, e.g. {stray[:5]}"
