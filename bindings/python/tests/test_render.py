"""Pictures (tether.render, docs/rendering.md): the SVG document's structure parsed with
xml.etree (elements, classes, ids, coordinates in root space, labels, escaping), the options,
file writing, and PNG images through an installed converter.

Ids are deterministic in a fresh engine: items and constraints are numbered from slot 1,
generation 1 (``0x100000001``, ``0x100000002``, ...).
"""

from __future__ import annotations

import ctypes
import re
import struct
import zlib
from pathlib import Path
from typing import Dict, List, NamedTuple, Tuple
from xml.etree import ElementTree

import pytest

import tether
import tether.render
from c_header import header_text
from tether import Constraint, Engine, LayoutGuide, View, _ffi

from helpers import root_with_three_views


def svg_id(item_id: int) -> str:
    """How drawings show an id (as descriptions do, helpers.shown_id)."""
    return hex(item_id & (2**52 - 1))

NS = "{http://www.w3.org/2000/svg}"
HEADER_FILE = Path(__file__).resolve().parents[3] / "Include" / "tether.h"


class Screen(NamedTuple):
    engine: Engine
    root: View
    header: View
    body: View
    badge: View
    constraints: List[Constraint]


def make_screen(engine: Engine) -> Screen:
    """root (400 x 300): header at the top (44 high), body 8 below it within the root's margins
    and 8 above the bottom, and badge (100 x 20) centered in body, 10 below its top."""
    # root 0x100000001, header, body, badge 0x...2, 3, 4
    root, header, body, badge = root_with_three_views(
        engine, (0, 0, 400, 300), ("root", "header", "body"), inner_in=1)
    constraints = [
        header.top == root.top,
        header.leading == root.leading,
        header.trailing == root.trailing,
        header.height == 44,
        body.top == header.bottom + 8,
        body.leading == root.leading_margin,
        body.trailing == root.trailing_margin,
        body.bottom == root.bottom - 8,
        badge.center_x == body.center_x,
        badge.top == body.top + 10,
        badge.width == 100,
        badge.height == 20,
    ]
    tether.activate(constraints)
    return Screen(engine, root, header, body, badge, constraints)


@pytest.fixture
def s(engine: Engine) -> Screen:
    return make_screen(engine)


def parse(document: str) -> ElementTree.Element:
    """The document as XML (it must be well-formed)."""
    assert document.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    assert document.endswith("</svg>\n")
    return ElementTree.fromstring(document.encode("utf-8"))


def classes(element: ElementTree.Element) -> List[str]:
    return element.get("class", "").split()


def elements(svg: ElementTree.Element, tag: str, cls: str) -> List[ElementTree.Element]:
    return [e for e in svg.iter(NS + tag) if cls in classes(e)]


def box(element: ElementTree.Element) -> Tuple[float, ...]:
    return tuple(float(element.get(k)) for k in ("x", "y", "width", "height"))


def view_rects(svg: ElementTree.Element) -> Dict[str, Tuple[float, ...]]:
    return {e.get("data-id"): box(e) for e in elements(svg, "rect", "view")}


def root_space_frames(view: View, origin: Tuple[float, float] = (0.0, 0.0)) -> Dict[str, Tuple[float, ...]]:
    """Every view's frame in ``view``'s coordinates, from the frames the binding reads (each in
    its superview's coordinates): the drawing must agree."""
    frame = view.frame
    out = {svg_id(view.id): (origin[0], origin[1], frame.width, frame.height)}
    for sub in view.subviews:
        f = sub.frame
        out.update(root_space_frames(sub, (origin[0] + f.x, origin[1] + f.y)))
    return out


def constraint_groups(svg: ElementTree.Element) -> Dict[str, ElementTree.Element]:
    return {g.get("data-id"): g for g in elements(svg, "g", "constraint")}


def line_of(group: ElementTree.Element) -> Tuple[float, ...]:
    line = group.find(NS + "line")
    assert line is not None
    return tuple(float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))


def label_of(group: ElementTree.Element) -> str:
    text = group.find(NS + "text")
    return "" if text is None else text.text or ""


# ------------------------------------------------------------------------------------------------
# Views and labels
# ------------------------------------------------------------------------------------------------


def test_each_view_is_a_rect_in_root_coordinates(s: Screen) -> None:
    svg = parse(tether.render.svg(s.root))
    rects = view_rects(svg)
    assert rects == {
        "0x100000001": (0, 0, 400, 300),
        "0x100000002": (0, 0, 400, 44),
        "0x100000003": (8, 52, 384, 240),
        "0x100000004": (150, 62, 100, 20),  # its frame is (142, 10, ...) in body's coordinates
    }
    assert rects == root_space_frames(s.root)
    assert s.badge.frame == (142, 10, 100, 20)
    # Depth-first, superviews first, with their depth.
    order = [(e.get("data-id"), e.get("data-depth")) for e in elements(svg, "rect", "view")]
    assert order == [("0x100000001", "0"), ("0x100000002", "1"), ("0x100000003", "1"),
                     ("0x100000004", "2")]
    titles = {e.get("data-id"): e.find(NS + "title").text for e in elements(svg, "rect", "view")}
    assert titles["0x100000003"] == str(s.body)


def test_the_document_box_and_its_groups(s: Screen) -> None:
    svg = parse(tether.render.svg(s.root))
    assert svg.tag == NS + "svg"
    assert (svg.get("width"), svg.get("height"), svg.get("viewBox")) == ("416", "316", "-8 -8 416 316")
    assert svg.get("data-view") == svg_id(s.root.id)
    assert svg.find(NS + "title").text == s.root.debug_name
    groups = [g.get("class") for g in svg.findall(NS + "g")]
    assert groups == ["views", "constraints", "labels"]
    scaled = parse(tether.render.svg(s.root, scale=1.5, padding=0))
    assert (scaled.get("width"), scaled.get("height"), scaled.get("viewBox")) == ("600", "450", "0 0 400 300")
    assert view_rects(scaled) == view_rects(svg), "coordinates stay in points"


def test_labels_name_each_view(s: Screen) -> None:
    svg = parse(tether.render.svg(s.root))
    labels = {e.get("data-id"): e for e in elements(svg, "text", "label")}
    assert {k: e.text for k, e in labels.items()} == {
        "0x100000001": "root",
        "0x100000002": "header",
        "0x100000003": "body",
        # No identifier: the debug name, 16 characters in a view with room for 15, so
        # abbreviated, the whole name kept as the label's title (its tooltip).
        "0x100000004": s.badge.debug_name[:14] + "\u2026",
    }
    assert labels["0x100000004"].find(NS + "title").text == s.badge.debug_name
    assert labels["0x100000003"].find(NS + "title") is None, "a label shown in full has no title"
    assert (labels["0x100000003"].get("x"), labels["0x100000003"].get("y")) == ("10", "62.5")
    # header's corner is root's: its label goes one line down instead of over "root".
    assert (labels["0x100000001"].get("y"), labels["0x100000002"].get("y")) == ("10.5", "23")


def test_identifiers_are_escaped(s: Screen) -> None:
    s.header.identifier = 'a<b&c"d\'e>'
    document = tether.render.svg(s.root)
    assert "a&lt;b&amp;c&quot;d&apos;e&gt;" in document
    assert 'a<b&c"d' not in document
    svg = parse(document)
    labels = {e.get("data-id"): e.text for e in elements(svg, "text", "label")}
    assert labels[svg_id(s.header.id)] == 'a<b&c"d\'e>'
    titles = {e.get("data-id"): e.find(NS + "title").text for e in elements(svg, "rect", "view")}
    assert titles[svg_id(s.header.id)] == str(s.header)


def test_characters_xml_forbids_are_replaced(s: Screen) -> None:
    s.body.identifier = "bell\x07 tab\t"
    svg = parse(tether.render.svg(s.root))
    labels = {e.get("data-id"): e.text for e in elements(svg, "text", "label")}
    assert labels[svg_id(s.body.id)] == "bell\ufffd tab\t"


def test_a_subtree_is_drawn_in_its_own_coordinates(s: Screen) -> None:
    svg = parse(s.body.svg(constraints=True))
    assert view_rects(svg) == {"0x100000003": (0, 0, 384, 240), "0x100000004": (142, 10, 100, 20)}
    assert view_rects(svg) == root_space_frames(s.body)
    drawn = constraint_groups(svg)
    assert sorted(drawn) == sorted(svg_id(c.id) for c in s.constraints[8:])
    assert {g.get("data-first") for g in drawn.values()} == {svg_id(s.badge.id)}


def test_the_document_is_a_function_of_the_hierarchy(s: Screen, engine: Engine) -> None:
    options = dict(constraints=True, margins=True, guides=True)
    first = tether.render.svg(s.root, **options)
    s.root.set_needs_layout()
    assert tether.render.svg(s.root, **options) == first
    assert s.root.svg(**options) == first
    with Engine() as other:
        assert tether.render.svg(make_screen(other).root, **options) == first
    s.root.frame = (0, 0, 500, 300)  # drawn after the pass it causes
    assert view_rects(parse(tether.render.svg(s.root)))["0x100000002"] == (0, 0, 500, 44)


# ------------------------------------------------------------------------------------------------
# Constraints
# ------------------------------------------------------------------------------------------------


def test_constraints_are_drawn_only_when_asked(s: Screen) -> None:
    assert constraint_groups(parse(tether.render.svg(s.root))) == {}
    svg = parse(tether.render.svg(s.root, constraints=True))
    drawn = constraint_groups(svg)
    assert list(drawn) == [svg_id(c.id) for c in s.constraints], "every one, in activation order"
    for c in s.constraints:
        group = drawn[svg_id(c.id)]
        assert group.find(NS + "title").text == str(c)
        assert group.get("data-first") == svg_id(c.first_item.id)
    kinds = {k: [c for c in classes(g) if c != "constraint"] for k, g in drawn.items()}

    height = drawn[svg_id(s.constraints[3].id)]  # header.height == 44: a dimension line
    assert kinds[svg_id(s.constraints[3].id)] == ["size"]
    assert (height.get("data-axis"), line_of(height), label_of(height)) == ("vertical", (200, 0, 200, 44), "44")
    assert height.find(NS + "path").get("d") == "M197 0H203M197 44H203"

    gap = drawn[svg_id(s.constraints[4].id)]  # body.top == header.bottom + 8: across the gap
    assert kinds[svg_id(s.constraints[4].id)] == ["spacing"]
    assert gap.get("data-second") == svg_id(s.header.id)
    assert (line_of(gap), label_of(gap)) == ((200, 44, 200, 52), "8")

    bottom = drawn[svg_id(s.constraints[7].id)]  # body.bottom == root.bottom - 8
    assert (line_of(bottom), label_of(bottom)) == ((200, 300, 200, 292), "8")

    margin = drawn[svg_id(s.constraints[5].id)]  # body.leading == root.leadingMargin: coincide
    assert (line_of(margin), label_of(margin)) == ((8, 172, 8, 172), "")

    center = drawn[svg_id(s.constraints[8].id)]  # badge.centerX == body.centerX: anchor to anchor
    assert kinds[svg_id(s.constraints[8].id)] == ["equation"]
    assert (line_of(center), label_of(center)) == ((200, 172, 200, 72), "centerX == centerX")

    width = drawn[svg_id(s.constraints[10].id)]
    assert (width.get("data-axis"), line_of(width), label_of(width)) == ("horizontal", (150, 72, 250, 72), "100")


def test_inequalities_and_optional_priorities_are_labelled_as_vfl(s: Screen) -> None:
    s.badge.identifier = "badge"  # a short name leaves the badge room for the label beside it
    tall = s.badge.height >= 10
    tall.priority = 250
    tether.activate([tall])
    drawn = constraint_groups(parse(tether.render.svg(s.root, constraints=True)))
    assert label_of(drawn[svg_id(tall.id)]) == ">=10@250"


# ------------------------------------------------------------------------------------------------
# Ambiguity and broken constraints
# ------------------------------------------------------------------------------------------------


def test_an_ambiguous_view_is_highlighted(s: Screen) -> None:
    loose = View(engine=s.engine)
    loose.identifier = "loose"
    loose.translates_autoresizing_mask_into_constraints = False
    s.root.add_subview(loose)
    tether.activate([loose.left == s.root.left + 5, loose.top == s.root.top + 5])
    assert loose.has_ambiguous_layout and not s.header.has_ambiguous_layout
    svg = parse(tether.render.svg(s.root))
    marked = elements(svg, "rect", "ambiguous")
    assert [e.get("data-id") for e in marked] == [svg_id(loose.id)]
    assert classes(marked[0]) == ["view", "ambiguous"]
    assert marked[0].get("data-ambiguous") == "width height"
    assert "AMBIGUOUS LAYOUT" in marked[0].find(NS + "title").text
    # Of size zero it has no room for a label (its rect's title names it); a view with a size
    # and an ambiguous position has its label marked too.
    assert elements(svg, "text", "ambiguous") == []
    drift = View(engine=s.engine)
    drift.identifier = "drift"
    drift.translates_autoresizing_mask_into_constraints = False
    s.root.add_subview(drift)
    tether.activate([drift.top == s.root.top + 100, drift.width == 80, drift.height == 30])
    svg = parse(tether.render.svg(s.root))
    assert [(e.get("data-id"), e.text) for e in elements(svg, "text", "ambiguous")] == [
        (svg_id(drift.id), "drift")]
    plain = parse(tether.render.svg(s.root, ambiguity=False))
    assert elements(plain, "rect", "ambiguous") == [] and elements(plain, "text", "ambiguous") == []


def test_a_broken_constraint_is_marked(s: Screen) -> None:
    reports: List[str] = []
    s.engine.set_diagnostic_handler(reports.append)
    wide = s.badge.width == 200
    wide.identifier = "too <wide>"
    tether.activate([wide])
    svg = parse(tether.render.svg(s.root))
    assert wide.broken and len(reports) == 1
    drawn = constraint_groups(svg)
    assert list(drawn) == [svg_id(wide.id)], "only the broken one without constraints=True"
    group = drawn[svg_id(wide.id)]
    assert classes(group) == ["constraint", "size", "broken"]
    assert group.find(NS + "title").text == str(wide)  # Apple's description, escaped and back
    assert "'too <wide>'" in group.find(NS + "title").text
    assert (line_of(group), label_of(group)) == ((150, 72, 250, 72), "200")
    # The style sheet draws it red and dashed.
    style = svg.find(NS + "style").text
    rule = next(line for line in style.splitlines() if line.startswith(".constraint.broken line"))
    assert "stroke: #e03131" in rule and "stroke-dasharray" in rule
    # Unmarked: an ordinary constraint among the others, or not drawn at all.
    plain = constraint_groups(parse(tether.render.svg(s.root, constraints=True, broken=False)))
    assert classes(plain[svg_id(wide.id)]) == ["constraint", "size"]
    assert constraint_groups(parse(tether.render.svg(s.root, broken=False))) == {}


# ------------------------------------------------------------------------------------------------
# Margins and guides
# ------------------------------------------------------------------------------------------------


def test_margins_and_guides_are_dashed(s: Screen) -> None:
    s.body.layout_margins = (1, 2, 3, 4)
    spacer = LayoutGuide(engine=s.engine)
    s.body.add_layout_guide(spacer)
    tether.activate([spacer.leading == s.body.leading + 20, spacer.top == s.body.top + 100,
                     spacer.width == 30, spacer.height == 40])
    plain = parse(tether.render.svg(s.root))
    assert elements(plain, "rect", "margins") == [] and elements(plain, "rect", "guide") == []

    svg = parse(tether.render.svg(s.root, margins=True, guides=True))
    margins = {e.get("data-id"): box(e) for e in elements(svg, "rect", "margins")}
    assert margins == {
        "0x100000001": (8, 8, 384, 284),
        "0x100000002": (8, 8, 384, 28),
        "0x100000003": (10, 53, 378, 236),  # body's own margins: top 1, left 2, bottom 3, right 4
        "0x100000004": (158, 70, 84, 4),
    }
    guides = elements(svg, "rect", "guide")
    assert [(g.get("data-id"), g.get("data-owner")) for g in guides] == [(svg_id(spacer.id), svg_id(s.body.id))]
    assert box(guides[0]) == (28, 152, 30, 40)
    assert box(guides[0])[:2] == (s.body.frame.x + spacer.layout_frame.x, s.body.frame.y + spacer.layout_frame.y)
    style = svg.find(NS + "style").text
    for selector in (".margins ", ".guide "):
        rule = next(line for line in style.splitlines() if line.startswith(selector))
        assert "stroke-dasharray" in rule, rule
    order = [g.get("class") for g in svg.findall(NS + "g")]
    assert order == ["views", "margins", "guides", "constraints", "labels"]


# ------------------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    dict(scale=0), dict(scale=-1), dict(scale=float("nan")), dict(scale=float("inf")),
    dict(padding=-0.5), dict(padding=float("nan")), dict(padding=float("inf")),
])
def test_bad_numbers_are_invalid_arguments(s: Screen, options: dict) -> None:
    with pytest.raises(tether.InvalidArgumentError) as info:
        tether.render.svg(s.root, **options)
    assert isinstance(info.value, ValueError)
    assert ("scale" if "scale" in options else "padding") in str(info.value)


def test_wrong_types_are_type_errors(s: Screen) -> None:
    with pytest.raises(TypeError):
        tether.render.svg(s.root, scale="2")
    with pytest.raises(TypeError):
        tether.render.svg(s.root.layout_margins_guide)
    with pytest.raises(TypeError):
        tether.render.png("root", "x.png")


def test_a_freed_view_cannot_be_drawn(s: Screen) -> None:
    s.badge.free()
    with pytest.raises(tether.InvalidIdError):
        tether.render.svg(s.badge)


def test_flags_and_struct_match_the_header() -> None:
    text = header_text(HEADER_FILE)
    defines = dict(re.findall(r"#define (TETHER_SVG_\w+)\s+(\w+)", text))
    assert {k: int(v.rstrip("u"), 16) for k, v in defines.items() if v.startswith("0x")} == {
        "TETHER_SVG_CONSTRAINTS": tether.render.SVG_CONSTRAINTS,
        "TETHER_SVG_AMBIGUITY": tether.render.SVG_AMBIGUITY,
        "TETHER_SVG_BROKEN": tether.render.SVG_BROKEN,
        "TETHER_SVG_MARGINS": tether.render.SVG_MARGINS,
        "TETHER_SVG_GUIDES": tether.render.SVG_GUIDES,
        "TETHER_SVG_PRESENTATION": tether.render.SVG_PRESENTATION,
        "TETHER_SVG_ALL_FLAGS": tether.render.SVG_ALL_FLAGS,
        "TETHER_SVG_DEFAULT_FLAGS": tether.render.SVG_DEFAULT_FLAGS,
        "TETHER_SVG_ANIMATION_REPEAT_FOREVER": tether.render.SVG_ANIMATION_REPEAT_FOREVER,
        "TETHER_SVG_ANIMATION_ALL_FLAGS": _ffi.SVG_ANIMATION_ALL_FLAGS,
    }
    assert "#define TETHER_SVG_OPTIONS_INIT {sizeof(tether_svg_options), TETHER_SVG_DEFAULT_FLAGS, 1.0, 8.0, 0.0}" in text
    # 0.12 added presentation_time at the end: 24 bytes before, 32 since.
    assert struct.calcsize("=IIddd") == 32 == ctypes.sizeof(_ffi.CSVGOptions)


def test_a_newer_options_struct_with_unknown_fields_is_refused(s: Screen) -> None:
    """The struct_size rule of the header, through the raw ABI."""

    class Next(ctypes.Structure):
        _fields_ = [("first", _ffi.CSVGOptions), ("future", ctypes.c_double)]

    def render(future: float) -> int:
        options = Next()
        options.first = _ffi.CSVGOptions(ctypes.sizeof(Next), tether.render.SVG_DEFAULT_FLAGS, 1.0, 8.0)
        options.future = future
        needed = ctypes.c_size_t()
        pointer = ctypes.cast(ctypes.byref(options), ctypes.POINTER(_ffi.CSVGOptions))
        return s.engine._invoke(_ffi._dll.tether_view_render_svg, s.root.id, pointer, None, 0,
                                ctypes.byref(needed))

    assert render(0.0) == _ffi.E_BUFFER_TOO_SMALL  # zero: the default, understood
    assert render(1.0) == _ffi.E_INVALID_ARGUMENT


# ------------------------------------------------------------------------------------------------
# Files
# ------------------------------------------------------------------------------------------------


def test_the_document_is_written_to_a_path(s: Screen, tmp_path: Path) -> None:
    target = tmp_path / "screen.svg"
    document = tether.render.svg(s.root, constraints=True, path=target)
    assert target.read_text(encoding="utf-8") == document
    parse(target.read_text(encoding="utf-8"))
    # Replaced, not appended; str paths work too.
    smaller = tether.render.svg(s.header, path=str(target))
    assert target.read_text(encoding="utf-8") == smaller


def test_an_unwritable_path_is_a_file_error(s: Screen, tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "screen.svg"
    with pytest.raises(tether.FileError) as info:
        tether.render.svg(s.root, path=missing)
    assert isinstance(info.value, OSError)
    assert info.value.status == _ffi.E_IO
    assert str(missing) in str(info.value) and "No such file or directory" in str(info.value)
    with pytest.raises(tether.FileError):
        tether.render.svg(s.root, path=tmp_path)  # a folder
    assert list(tmp_path.iterdir()) == []
    # Bad options: nothing is written.
    with pytest.raises(tether.InvalidArgumentError):
        tether.render.svg(s.root, scale=0, path=tmp_path / "never.svg")
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------------------------------------
# PNG
# ------------------------------------------------------------------------------------------------


def read_png(path: Path) -> Tuple[int, int, List[bytes]]:
    """Width, height and RGBA rows of an 8-bit, non-interlaced RGB or RGBA PNG (what the
    converters write)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, idat, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        chunk = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        position += 12 + length
    assert header is not None
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0, header
    channels = 4 if color == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: List[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line) if channels == 4 else bytes(
            b for i in range(0, stride, 3) for b in (*line[i:i + 3], 255)))
        previous = line
    return width, height, rows


def count_pixels(rows: List[bytes], test) -> int:
    return sum(1 for row in rows for i in range(0, len(row), 4) if test(*row[i:i + 4]))


def red(r: int, g: int, b: int, a: int) -> bool:
    """The broken constraints' #e03131 (not the ambiguous outline's orange #e8590c)."""
    return a > 200 and r > 180 and g < 70 and 25 < b < 90


def orange(r: int, g: int, b: int, a: int) -> bool:
    """The ambiguous views' outline, #e8590c."""
    return a > 200 and r > 200 and 60 < g < 180 and b < 60


needs_converter = pytest.mark.skipif(
    not tether.render.converters(),
    reason="no SVG to PNG converter installed (apt-get install librsvg2-bin, or pip install cairosvg)",
)


@needs_converter
def test_png_pictures_the_screen(s: Screen, tmp_path: Path) -> None:
    reports: List[str] = []
    s.engine.set_diagnostic_handler(reports.append)
    loose = View(engine=s.engine)
    loose.translates_autoresizing_mask_into_constraints = False
    s.root.add_subview(loose)
    tether.activate([loose.left == s.root.left + 300, loose.top == s.root.top + 250,
                     loose.height == 30, loose.width >= 40])  # x, y, height fixed; width free
    wide = s.badge.width == 200
    tether.activate([wide])
    target = tmp_path / "screen.png"
    tether.render.png(s.root, target, constraints=True, margins=True, scale=2)
    width, height, rows = read_png(target)
    assert (width, height) == ((400 + 16) * 2, (300 + 16) * 2)
    assert rows[0][:4] == b"\xff\xff\xff\xff", "a white background"
    assert count_pixels(rows, red) > 50, "the broken constraint is red"
    assert count_pixels(rows, orange) > 50, "the ambiguous view is orange"

    plain = tmp_path / "plain.png"
    tether.render.png(s.root, plain, ambiguity=False, broken=False, padding=0)
    width, height, rows = read_png(plain)
    assert (width, height) == (400, 300)
    assert count_pixels(rows, red) == 0 and count_pixels(rows, orange) == 0


@needs_converter
def test_a_converter_that_fails_is_a_converter_error(s: Screen, tmp_path: Path) -> None:
    with pytest.raises(tether.ConverterError) as info:
        tether.render.png(s.root, tmp_path / "no such folder" / "screen.png")
    assert isinstance(info.value, RuntimeError)
    assert not isinstance(info.value, tether.ConverterNotFoundError)


def test_png_without_a_converter_says_what_to_install(s: Screen, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tether.render, "_available", lambda name: False)
    assert tether.render.converters() == []
    with pytest.raises(tether.ConverterNotFoundError) as info:
        tether.render.png(s.root, tmp_path / "screen.png")
    assert isinstance(info.value, RuntimeError) and isinstance(info.value, tether.TetherError)
    assert "librsvg2-bin" in str(info.value) and "cairosvg" in str(info.value)
    with pytest.raises(tether.ConverterNotFoundError) as info:
        tether.render.png(s.root, tmp_path / "screen.png", converter="cairosvg")
    assert "'cairosvg' is not installed" in str(info.value)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ValueError):
        tether.render.png(s.root, tmp_path / "screen.png", converter="inkscape")
