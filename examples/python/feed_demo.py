#!/usr/bin/env python3
"""The demo: a social-feed screen laid out by Tether, in portrait and landscape.

    python3 examples/python/feed_demo.py [--out DIRECTORY]

Needs a built library (`make release` at the repository root, or
TETHER_LIBRARY=/path/to/libtether.so); nothing has to be installed. The screen is the one
examples/c/feed_example.c builds through the C ABI:

- a header under the safe area with a centred title and a compose button at its trailing margin;
- a feed: a vertical stack view of cells, each an avatar beside a paragraph of wrapping text
  (measured by a Python callable: height-for-width), each cell as tall as its content;
- a toolbar: a horizontal stack view of four buttons of equal width (fillEqually), above the
  bottom of the safe area.

It is laid out at 390 x 844 (portrait), then turned to 844 x 390 (landscape, other safe-area
insets). Each layout is printed as a table of frames in screen coordinates, checked against
values worked out by hand, checked for conflicts (through the diagnostic handler) and ambiguity,
and drawn as SVG (and PNG when a converter is installed) into the output directory (default:
out/ at the repository's top). Exits non-zero when a frame is wrong or the layout has a conflict or an ambiguity.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Dict, List, Tuple

# Use the binding from this checkout without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import tether  # noqa: E402
from tether import Axis, Rect, StackView, StackViewDistribution, View  # noqa: E402

CHARACTER_WIDTH = 7.0   # the text's font: every character 7 points wide,
LINE_HEIGHT = 18.0      # lines 18 points apart
POSTS = [
    "Tether lays this screen out with constraints.",
    "Each cell is as tall as its text: the text is measured with the width the constraints give "
    "it, then the cells stack up.",
    "Turn the phone: the safe area moves to the sides, the text gets wider and wraps into fewer "
    "lines, the cells get shorter, and the toolbar's four buttons stay equally wide. Nothing "
    "here computes a frame by hand; the checks below do, to compare.",
]
BUTTONS = [("home", 60.0), ("search", 70.0), ("post", 50.0), ("profile", 70.0)]
SIZES = [  # (name, width, height, safe-area insets: top, left, bottom, right)
    ("portrait", 390.0, 844.0, (47.0, 0.0, 34.0, 0.0)),
    ("landscape", 844.0, 390.0, (0.0, 47.0, 21.0, 47.0)),
]


def text_lines(length: int, width: float) -> int:
    return max(1, math.ceil(length * CHARACTER_WIDTH / width - 1e-9))


def measure_text(length: int):
    """A measure callable for a paragraph of `length` characters: one line when the proposed
    width is unknown (NaN), else wrapped to the width."""
    def measure(proposed_width: float) -> Tuple[float, float]:
        natural = length * CHARACTER_WIDTH
        if math.isnan(proposed_width):
            return natural, LINE_HEIGHT
        return min(natural, proposed_width), text_lines(length, proposed_width) * LINE_HEIGHT
    return measure


class FeedScreen:
    """The views and constraints of the screen (one engine, one root)."""

    def __init__(self, engine: tether.Engine) -> None:
        def view(name: str, parent: View, cls=View) -> View:
            made = cls(engine=engine)
            made.identifier = name
            made.translates_autoresizing_mask_into_constraints = False
            parent.add_subview(made)
            return made

        root = self.root = View(frame=(0, 0, 390, 844), engine=engine)
        root.identifier = "screen"
        safe = root.safe_area_layout_guide

        header = self.header = view("header", root)
        title = self.title = view("title", header)
        compose = self.compose = view("compose", header)
        title.intrinsic_content_size = (120, 22)
        compose.intrinsic_content_size = (44, 44)

        feed = self.feed = view("feed", root)
        cells = self.cells = view("cells", feed, StackView)
        cells.axis = Axis.VERTICAL
        cells.spacing = 8
        self.posts: List[Tuple[View, View, View]] = []
        constraints = []
        for index, post in enumerate(POSTS):
            cell = View(engine=engine)
            cell.identifier = f"cell{index}"
            cells.add_arranged_subview(cell)
            avatar = view(f"avatar{index}", cell)
            text = view(f"text{index}", cell)
            text.measure = measure_text(len(post))
            self.posts.append((cell, avatar, text))
            constraints += [
                avatar.leading == cell.leading + 12, avatar.top == cell.top + 12,
                avatar.width == 40, avatar.height == 40,
                text.leading == avatar.trailing + 12, text.trailing == cell.trailing - 12,
                text.top == cell.top + 12,
                # As tall as the taller of avatar and text, plus padding: no taller.
                cell.bottom >= avatar.bottom + 12, cell.bottom >= text.bottom + 12,
                (cell.height == 0).with_priority(1),
            ]

        toolbar = self.toolbar = view("toolbar", root, StackView)
        toolbar.distribution = StackViewDistribution.FILL_EQUALLY
        toolbar.spacing = 8
        self.buttons: List[View] = []
        for name, width in BUTTONS:
            button = View(engine=engine)
            button.identifier = name
            button.intrinsic_content_size = (width, 36)
            toolbar.add_arranged_subview(button)
            self.buttons.append(button)

        tether.activate(constraints + [
            header.top == safe.top, header.leading == safe.leading,
            header.trailing == safe.trailing, header.height == 56,
            title.center_x == header.center_x, title.center_y == header.center_y,
            compose.trailing == header.trailing_margin, compose.center_y == header.center_y,
            toolbar.leading == safe.leading + 16, toolbar.trailing == safe.trailing - 16,
            toolbar.bottom == safe.bottom - 8, toolbar.height == 44,
            feed.top == header.bottom, feed.bottom == toolbar.top - 8,
            feed.leading == safe.leading, feed.trailing == safe.trailing,
            cells.top == feed.top + 8, cells.leading == feed.leading + 8,
            cells.trailing == feed.trailing - 8,
        ])

    def views(self) -> List[View]:
        found: List[View] = []

        def walk(view: View) -> None:
            found.append(view)
            for subview in view.subviews:
                walk(subview)
        walk(self.root)
        return found

    def expected(self, width: float, height: float, insets) -> Dict[View, Rect]:
        """Every frame worked out by hand, in screen coordinates."""
        top, left, bottom, right = insets
        safe_x, safe_w = left, width - left - right
        header = Rect(safe_x, top, safe_w, 56)
        toolbar_w = safe_w - 32
        toolbar = Rect(safe_x + 16, height - bottom - 8 - 44, toolbar_w, 44)
        feed = Rect(safe_x, header.max_y, safe_w, toolbar.y - 8 - header.max_y)
        frames = {
            self.root: Rect(0, 0, width, height),
            self.header: header,
            self.title: Rect(header.x + (safe_w - 120) / 2, header.y + 17, 120, 22),
            self.compose: Rect(header.max_x - 8 - 44, header.y + 6, 44, 44),
            self.feed: feed,
            self.toolbar: toolbar,
        }
        button_w = (toolbar_w - 3 * 8) / 4
        for i, button in enumerate(self.buttons):
            frames[button] = Rect(toolbar.x + i * (button_w + 8), toolbar.y, button_w, 44)
        cell_w = safe_w - 16
        y = feed.y + 8
        for (cell, avatar, text), post in zip(self.posts, POSTS):
            text_w = cell_w - 12 - 40 - 12 - 12
            text_h = text_lines(len(post), text_w) * LINE_HEIGHT
            cell_h = max(40, text_h) + 24
            frames[cell] = Rect(feed.x + 8, y, cell_w, cell_h)
            frames[avatar] = Rect(feed.x + 8 + 12, y + 12, 40, 40)
            frames[text] = Rect(feed.x + 8 + 64, y + 12, text_w, text_h)
            y += cell_h + 8
        frames[self.cells] = Rect(feed.x + 8, feed.y + 8, cell_w, y - 8 - (feed.y + 8))
        return frames


def screen_frames(root: View) -> Dict[View, Rect]:
    """Every frame of the subtree in the root's coordinates (one library call)."""
    absolute: Dict[View, Rect] = {}
    for view, frame in root.subtree_frames().items():  # parents come before subviews
        parent = view.superview
        dx, dy = (absolute[parent].x, absolute[parent].y) if parent is not None else (0.0, 0.0)
        absolute[view] = frame.offset_by(dx, dy)
    return absolute


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[2] / "out",
                        help="where the pictures go (default: out/ at the repository's top)")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    problems: List[str] = []
    reports: List[str] = []
    with tether.Engine() as engine:
        engine.set_diagnostic_handler(reports.append)
        screen = FeedScreen(engine)
        for name, width, height, insets in SIZES:
            screen.root.frame = (0, 0, width, height)
            screen.root.safe_area_insets = insets
            screen.root.layout_if_needed()
            frames = screen_frames(screen.root)
            expected = screen.expected(width, height, insets)
            print(f"\n{name}: {width:g} x {height:g}, safe area insets {insets}")
            print(f"  {'view':<14} {'x':>7} {'y':>7} {'width':>7} {'height':>7}")
            for view, frame in frames.items():
                want = expected.get(view)
                ok = want is None or all(abs(a - b) < 1e-6 for a, b in zip(frame, want))
                depth = 0
                parent = view.superview
                while parent is not None:
                    depth, parent = depth + 1, parent.superview
                label = "  " * depth + (view.identifier or view.debug_name)
                print(f"  {label:<14} {frame.x:7.1f} {frame.y:7.1f} {frame.width:7.1f} "
                      f"{frame.height:7.1f}{'' if ok else '  MISMATCH, expected ' + str(tuple(want))}")
                if not ok:
                    problems.append(f"{name}: {view.identifier} is {tuple(frame)}, "
                                    f"expected {tuple(want)}")
            missing = [v.identifier for v in expected if v not in frames]
            problems += [f"{name}: no frame for {m}" for m in missing]
            ambiguous = [v for v in screen.views() if v.has_ambiguous_layout]
            for view in ambiguous:
                problems.append(f"{name}: {view.debug_name} is ambiguous: {view.ambiguities()}")
            print(f"  conflicts: {len(reports)}, ambiguous views: {len(ambiguous)}")
            svg_path = out / f"feed-{name}.svg"
            tether.render.svg(screen.root, path=svg_path)
            print(f"  picture: {svg_path}")
            try:
                png_path = out / f"feed-{name}.png"
                tether.render.png(screen.root, png_path)
                print(f"  picture: {png_path}")
            except tether.ConverterNotFoundError as error:
                print(f"  (no PNG: {error})")
    for report in reports:
        print(report)
        problems.append("a constraint conflict was reported")
    for problem in problems:
        print(f"FAIL: {problem}")
    print("feed_demo: " + ("every frame matches; no conflict, no ambiguity" if not problems
                           else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
