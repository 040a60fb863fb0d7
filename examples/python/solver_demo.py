#!/usr/bin/env python3
"""A row of three equal boxes in a window, laid out with Tether's raw solver.

    python3 examples/python/solver_demo.py

Needs a built library (`swift build --product tether` at the repository root, or
TETHER_LIBRARY=/path/to/libtether.so); nothing has to be installed. The window width is an edit
variable: the row is laid out at 400, then the window is resized to 600. The script prints the
values, draws each layout as ASCII art, and exits non-zero if a result is wrong.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Use the binding from this checkout without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import tether  # noqa: E402

GAP = 8.0
COUNT = 3
PIXELS_PER_CHARACTER = 8.0


def draw(window: float, lefts: list, widths: list) -> str:
    """One line of ASCII art: the window as spaces, each box as ``[####]``."""
    line = [" "] * int(round(window / PIXELS_PER_CHARACTER))
    for left, width in zip(lefts, widths):
        start = int(round(left / PIXELS_PER_CHARACTER))
        end = int(round((left + width) / PIXELS_PER_CHARACTER))
        for i in range(start, end):
            line[i] = "#"
        line[start] = "["
        line[end - 1] = "]"
    return "|" + "".join(line) + "|"


def main() -> int:
    failures = []
    rendered = []
    with tether.Solver() as solver:
        window = solver.variable("window.width")
        lefts = [solver.variable(f"box{i}.left") for i in range(COUNT)]
        widths = [solver.variable(f"box{i}.width") for i in range(COUNT)]

        # One batch: the gaps, equal widths, a minimum width, and the right edge.
        constraints = [lefts[0] == GAP, lefts[-1] + widths[-1] + GAP == window]
        for i in range(1, COUNT):
            constraints.append(lefts[i] == lefts[i - 1] + widths[i - 1] + GAP)
            constraints.append(widths[i] == widths[0])
        constraints.append(widths[0] >= 20)
        solver.add_all(constraints)

        solver.add_edit_variable(window, 999)  # strong, but not required

        print(f"{'window':>8} | " + " | ".join(f"box{i} left  width" for i in range(COUNT)))
        for size in (400.0, 600.0):
            solver.suggest(window, size)
            solver.update()
            values = solver.values([window, *lefts, *widths])
            w, ls, ws = values[0], values[1 : 1 + COUNT], values[1 + COUNT :]
            print(f"{w:8.2f} | " + " | ".join(f"{l:9.2f} {x:6.2f}" for l, x in zip(ls, ws)))

            # Check the layout against what it must be.
            expected_width = (size - (COUNT + 1) * GAP) / COUNT
            checks = [
                ("window width", w, size),
                ("first left", ls[0], GAP),
                ("right edge", ls[-1] + ws[-1] + GAP, size),
            ]
            for i in range(COUNT):
                checks.append((f"box{i} width", ws[i], expected_width))
                checks.append((f"box{i} left", ls[i], GAP + i * (expected_width + GAP)))
            for name, got, want in checks:
                if abs(got - want) > 1e-9 * max(1.0, abs(want)):
                    failures.append(f"at {size:g}: {name} is {got!r}, expected {want!r}")
            rendered.append(draw(w, ls, ws))
        solver.check()

    print()
    for line in rendered:
        print(line)
    if failures:
        print("\nWRONG RESULTS:", *failures, sep="\n  ", file=sys.stderr)
        return 1
    print("\nall checks passed")
    return 0

if __name__ == "__main__":
    sys.exit(main())
