#!/usr/bin/env python3
"""A phone screen written in Apple's Visual Format Language, from Python.

    python3 examples/python/vfl_screen.py

Needs a built library (`swift build --product tether` at the repository root, or
TETHER_LIBRARY=/path/to/libtether.so); nothing has to be installed. The same screen as
examples/c/vfl_example.c, so the two can be read side by side:

    H:|[header]|                                 the header spans the screen
    H:|-[title(120)]-(>=8)-[action(60)]-|        inside the header, aligned on their centres
    H:|-[content]-|, H:|-[footer]-|              inside the standard spacing (20)
    V:|[header(64)]-[content]-[footer(footerHeight)]-(bottom)-|
    V:[title(24)], V:|-(20)-[action(24)]

tether.constraints_with_visual_format makes inactive constraints; they are printed in Apple's
description form and activated in one batch. The screen is laid out at 390 x 844, turned to
844 x 390 (landscape), and each layout is printed as a table and drawn as ASCII art. Then a
misspelt format shows tether.VisualFormatError: Apple's message, with a caret under the column.
The script checks every frame against values worked out by hand and exits non-zero on a
difference.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Dict, List, Tuple

# Use the binding from this checkout without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import tether  # noqa: E402
from tether import FormatOptions, Rect, View  # noqa: E402

NAMES = ("header", "title", "action", "content", "footer")
METRICS = {"footerHeight": 49, "bottom": 34}
FORMATS: List[Tuple[str, FormatOptions]] = [
    ("H:|[header]|", FormatOptions(0)),
    ("H:|-[title(120)]-(>=8)-[action(60)]-|", FormatOptions.ALIGN_ALL_CENTER_Y),
    ("H:|-[content]-|", FormatOptions(0)),
    ("H:|-[footer]-|", FormatOptions(0)),
    ("V:|[header(64)]-[content]-[footer(footerHeight)]-(bottom)-|", FormatOptions(0)),
    ("V:[title(24)]", FormatOptions(0)),
    ("V:|-(20)-[action(24)]", FormatOptions(0)),
]
COLUMN, ROW = 10.0, 20.0  # points per character cell of the drawing


def expected(width: float, height: float) -> Dict[str, Rect]:
    """Worked out by hand: `|-` and `-|` are 20 to the superview, `-` between siblings 8."""
    footer_y = height - METRICS["bottom"] - METRICS["footerHeight"]
    return {
        "header": Rect(0, 0, width, 64),
        "title": Rect(20, 20, 120, 24),
        "action": Rect(width - 20 - 60, 20, 60, 24),
        "content": Rect(20, 72, width - 40, footer_y - 8 - 72),
        "footer": Rect(20, footer_y, width - 40, METRICS["footerHeight"]),
    }


def draw(root: View, views: Dict[str, View]) -> str:
    """Each view as a box labelled with its name, in the root's coordinates."""
    columns, rows = int(root.frame.width / COLUMN), int(root.frame.height / ROW)
    grid = [[" "] * columns for _ in range(rows)]
    for name, view in views.items():
        frame = view.frame
        if view.superview is not root:
            frame = frame.offset_by(view.superview.frame.x, view.superview.frame.y)
        left, right = int(frame.min_x / COLUMN), min(int(frame.max_x / COLUMN) - 1, columns - 1)
        top, bottom = int(frame.min_y / ROW), min(int(frame.max_y / ROW) - 1, rows - 1)
        if right <= left:
            continue
        for x in range(left, right + 1):
            grid[top][x] = grid[bottom][x] = "-"
        for y in range(top, bottom + 1):
            grid[y][left], grid[y][right] = ("|", "|") if bottom > top else ("[", "]")
        for i, character in enumerate(name[: max(right - left - 1, 0)]):
            grid[top + 1 if bottom > top + 1 else top][left + 1 + i] = character
    return "\n".join("".join(line).rstrip() for line in grid)


def lay_out(root: View, views: Dict[str, View], width: float, height: float) -> List[str]:
    root.frame = (0, 0, width, height)
    root.layout_if_needed()
    print(f"\nframes at {width:g} x {height:g}:")
    problems = []
    for name, want in expected(width, height).items():
        got = views[name].frame
        ok = all(abs(a - b) < 1e-9 for a, b in zip(got, want))
        print(f"  {name:<8} x {got.x:6.1f}  y {got.y:6.1f}  w {got.width:6.1f}  "
              f"h {got.height:6.1f}  {'ok' if ok else 'MISMATCH, expected ' + str(tuple(want))}")
        if not ok:
            problems.append(f"{name} at {width:g} x {height:g}: {tuple(got)} != {tuple(want)}")
    print(draw(root, views))
    return problems


def main() -> int:
    problems: List[str] = []
    with tether.Engine() as engine:
        root = View(frame=(0, 0, 390, 844), engine=engine)
        root.identifier = "screen"
        views: Dict[str, View] = {}
        for name in NAMES:
            view = View(engine=engine)
            view.identifier = name
            view.translates_autoresizing_mask_into_constraints = False
            views[name] = view
        header = views["header"]
        for name in NAMES:
            (header if name in ("title", "action") else root).add_subview(views[name])

        made: List[tether.Constraint] = []
        print("formats:")
        for fmt, options in FORMATS:
            constraints = tether.constraints_with_visual_format(
                fmt, views=views, metrics=METRICS, options=options)
            print(f"  {fmt:<58} {len(constraints)} constraints")
            made += constraints
        if any(c.active for c in made):
            problems.append("visual-format constraints must be made inactive")
        print("\nthe first three, as Apple describes them:")
        for constraint in made[:3]:
            print(f"  {constraint}")
        tether.activate(made)

        problems += lay_out(root, views, 390, 844)   # portrait
        problems += lay_out(root, views, 844, 390)   # landscape

        broken = "V:|[header(64)]-[contnet]|"
        try:
            tether.constraints_with_visual_format(broken, views=views)
            problems.append(f"{broken!r} parsed")
        except tether.VisualFormatError as error:
            print(f"\nparse error at column {error.position}:\n{error}")
            if error.position != 24 or "contnet is not a key in the views dictionary." not in str(
                    error):
                problems.append(f"unexpected parse error: {error} at {error.position}")

    for problem in problems:
        print(f"FAIL: {problem}")
    print("vfl_screen: " + ("all frames match" if not problems else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
