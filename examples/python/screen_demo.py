#!/usr/bin/env python3
"""A small app screen laid out with Tether's view model (Auto Layout anchors) from Python.

    python3 examples/python/screen_demo.py

Needs a built library (`swift build --product tether` at the repository root, or
TETHER_LIBRARY=/path/to/libtether.so); nothing has to be installed. The screen has a header
(below the safe area) with a back button and a centred title, a sidebar and a main panel with a
paragraph of wrapping text (measured by a Python callable, height-for-width), and a footer with
two buttons that keep their intrinsic size. It is laid out at 480 x 240, resized to 640 x 240,
then shown right-to-left. Each layout is printed as a table of frames (in the screen's
coordinates) and drawn as ASCII art; the script checks every frame against values computed by
hand and exits non-zero if one is wrong.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Dict, List, Tuple

# Use the binding from this checkout without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import tether  # noqa: E402
from tether import Axis, Rect, View  # noqa: E402

SCREEN_HEIGHT = 240.0
PIXELS_PER_COLUMN = 8.0
PIXELS_PER_ROW = 8.0
TEXT_LENGTH = 900.0  # the paragraph is 900 points wide on one line
LINE_HEIGHT = 16.0


def paragraph(proposed_width: float) -> Tuple[float, float]:
    """Measures the paragraph: one line when the width is unknown (NaN), else wrapped."""
    if math.isnan(proposed_width):
        return TEXT_LENGTH, LINE_HEIGHT
    lines = max(1, math.ceil(TEXT_LENGTH / proposed_width - 1e-9))
    return min(proposed_width, TEXT_LENGTH), lines * LINE_HEIGHT


class Screen:
    """The views and constraints of the screen (one engine, one root)."""

    def __init__(self, engine: tether.Engine) -> None:
        def view(name: str, parent: View) -> View:
            made = View(engine=engine)
            made.identifier = name
            made.translates_autoresizing_mask_into_constraints = False
            parent.add_subview(made)
            return made

        root = self.root = View(frame=(0, 0, 480, SCREEN_HEIGHT), engine=engine)
        root.identifier = "screen"
        root.safe_area_insets = (16, 0, 0, 0)  # a status bar
        safe = root.safe_area_layout_guide
        header = self.header = view("header", root)
        back = self.back = view("back", header)
        title = self.title = view("title", header)
        sidebar = self.sidebar = view("sidebar", root)
        main = self.main = view("main", root)
        text = self.text = view("text", main)
        footer = self.footer = view("footer", root)
        cancel = self.cancel = view("cancel", footer)
        ok = self.ok = view("ok", footer)

        back.intrinsic_content_size = (48, 16)
        title.intrinsic_content_size = (160, 16)
        for button in (cancel, ok):
            button.intrinsic_content_size = (80, 32)
            button.set_content_hugging_priority(251, Axis.HORIZONTAL)
        text.measure = paragraph

        tether.activate([
            # Header: under the safe area, full width, 32 high; content centred vertically.
            header.top == safe.top, header.leading == root.leading,
            header.trailing == root.trailing, header.height == 32,
            back.leading == header.leading_margin, back.center_y == header.center_y,
            title.center_x == header.center_x, title.center_y == header.center_y,
            title.leading >= back.trailing + 8,
            # Footer: at the bottom, 48 high, buttons at the trailing margin.
            footer.bottom == root.bottom, footer.leading == root.leading,
            footer.trailing == root.trailing, footer.height == 48,
            ok.trailing == footer.trailing_margin, ok.center_y == footer.center_y,
            cancel.trailing == ok.leading - 8, cancel.center_y == footer.center_y,
            # Sidebar and main panel between them, inside the root's margins.
            sidebar.leading == root.leading_margin, sidebar.width == 120,
            sidebar.top == header.bottom + 8, sidebar.bottom == footer.top - 8,
            main.leading == sidebar.trailing + 8, main.trailing == root.trailing_margin,
            main.top == sidebar.top, main.bottom == sidebar.bottom,
            # The paragraph fills the main panel's margins horizontally (height from measuring).
            text.leading == main.leading_margin, text.trailing == main.trailing_margin,
            text.top == main.top_margin,
        ])

    def views(self) -> List[View]:
        return [self.root, self.header, self.back, self.title, self.sidebar, self.main,
                self.text, self.footer, self.cancel, self.ok]


def absolute_frames(root: View) -> Dict[View, Rect]:
    """Every frame of the subtree in the root's coordinates (one library call for the frames)."""
    frames = root.subtree_frames()
    absolute: Dict[View, Rect] = {}
    for view, frame in frames.items():  # parents come before their subviews
        parent = view.superview
        dx, dy = (absolute[parent].x, absolute[parent].y) if parent is not None else (0.0, 0.0)
        absolute[view] = frame.offset_by(dx, dy)
    return absolute


def expected_frames(s: Screen, width: float, rtl: bool) -> Dict[View, Rect]:
    """The frames computed by hand, in the screen's coordinates."""
    height = SCREEN_HEIGHT

    def mirrored(x: float, w: float) -> float:
        return width - x - w if rtl else x

    header_y = 16.0
    footer_y = height - 48
    content_y = header_y + 32 + 8
    content_h = footer_y - 8 - content_y
    main_x = 8 + 120 + 8
    main_w = width - 8 - main_x
    text_w = main_w - 16
    _, text_h = paragraph(text_w)
    ok_x = width - 8 - 80
    return {
        s.root: Rect(0, 0, width, height),
        s.header: Rect(0, header_y, width, 32),
        s.back: Rect(mirrored(8, 48), header_y + 8, 48, 16),
        s.title: Rect(width / 2 - 80, header_y + 8, 160, 16),
        s.sidebar: Rect(mirrored(8, 120), content_y, 120, content_h),
        s.main: Rect(mirrored(main_x, main_w), content_y, main_w, content_h),
        s.text: Rect(mirrored(main_x + 8, text_w), content_y + 8, text_w, text_h),
        s.footer: Rect(0, footer_y, width, 48),
        s.cancel: Rect(mirrored(ok_x - 8 - 80, 80), footer_y + 8, 80, 32),
        s.ok: Rect(mirrored(ok_x, 80), footer_y + 8, 80, 32),
    }


def table(frames: Dict[View, Rect]) -> str:
    lines = [f"{'view':<8} {'x':>7} {'y':>7} {'width':>7} {'height':>7}"]
    for view, f in frames.items():
        lines.append(
            f"{view.identifier:<8} {f.x + 0.0:7.1f} {f.y + 0.0:7.1f} {f.width:7.1f} "
            f"{f.height:7.1f}"
        )
    return "\n".join(lines)


def draw(frames: Dict[View, Rect], width: float, height: float) -> str:
    """ASCII art: each view as a box named by its identifier, outer views first."""
    columns = int(round(width / PIXELS_PER_COLUMN))
    rows = int(round(height / PIXELS_PER_ROW))
    grid = [[" "] * columns for _ in range(rows)]
    for view, frame in frames.items():
        left = int(round(frame.min_x / PIXELS_PER_COLUMN))
        right = int(round(frame.max_x / PIXELS_PER_COLUMN)) - 1
        top = int(round(frame.min_y / PIXELS_PER_ROW))
        bottom = int(round(frame.max_y / PIXELS_PER_ROW)) - 1
        left, top = max(left, 0), max(top, 0)
        right, bottom = min(right, columns - 1), min(bottom, rows - 1)
        if right <= left or bottom < top:
            continue
        for x in range(left, right + 1):
            grid[top][x] = "-"
            grid[bottom][x] = "-" if bottom > top else grid[top][x]
        for y in range(top, bottom + 1):
            grid[y][left] = "|" if bottom > top else "["
            grid[y][right] = "|" if bottom > top else "]"
        for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
            if bottom > top:
                grid[y][x] = "+"
        label = view.identifier[: max(right - left - 1, 0)]
        row = top + 1 if bottom > top + 1 else top
        for i, character in enumerate(label):
            grid[row][left + 1 + i] = character
    return "\n".join("".join(line) for line in grid)


def check(frames: Dict[View, Rect], expected: Dict[View, Rect]) -> List[str]:
    problems = []
    for view, want in expected.items():
        got = frames[view]
        if any(abs(a - b) > 1e-6 for a, b in zip(got, want)):
            problems.append(f"{view.identifier}: got {tuple(got)}, expected {tuple(want)}")
    return problems


def main() -> int:
    problems: List[str] = []
    with tether.Engine() as engine:
        screen = Screen(engine)
        steps = [("480 wide, left-to-right", 480.0, False),
                 ("640 wide (resized)", 640.0, False),
                 ("640 wide, right-to-left", 640.0, True)]
        for title, width, rtl in steps:
            screen.root.frame = (0, 0, width, SCREEN_HEIGHT)
            if rtl:
                screen.root.semantic_content_attribute = (
                    tether.SemanticContentAttribute.FORCE_RIGHT_TO_LEFT
                )
            screen.root.layout_if_needed()
            frames = absolute_frames(screen.root)
            print(f"== {title} ==")
            print(table(frames))
            print(draw(frames, width, SCREEN_HEIGHT))
            print()
            expected = expected_frames(screen, width, rtl)
            problems += [f"{title}: {problem}" for problem in check(frames, expected)]
    if problems:
        print("WRONG FRAMES:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print("all frames as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
