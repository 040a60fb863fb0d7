#!/usr/bin/env python3
"""Draws the progress of Tether's timing curves and of a few springs over one animation as an SVG
chart (docs/images/animation-curves.svg, shown in docs/animation.md).

Every point is the library's own value: a view's frame is moved 1,000 points inside an animation
block with the curve or spring, and its presentation frame is read at each time, so the chart
shows what the library does, not a formula next to it.

    make release
    TETHER_LIBRARY=$PWD/.build/release/libtether.so PYTHONPATH=bindings/python \\
        python3 scripts/plot_animation_curves.py docs/images/animation-curves.svg
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bindings" / "python"))

import tether  # noqa: E402

DISTANCE = 1000.0
SAMPLES = 200
#: (label, colour, curve, spring damping, spring velocity)
SERIES: Sequence[Tuple[str, str, tether.AnimationCurve, Optional[float], float]] = (
    ("linear", "#868e96", tether.AnimationCurve.LINEAR, None, 0.0),
    ("ease-in", "#1c7ed6", tether.AnimationCurve.EASE_IN, None, 0.0),
    ("ease-out", "#2f9e44", tether.AnimationCurve.EASE_OUT, None, 0.0),
    ("ease-in-out", "#7048e8", tether.AnimationCurve.EASE_IN_OUT, None, 0.0),
    ("spring, damping 1", "#e67700", tether.AnimationCurve.EASE_IN_OUT, 1.0, 0.0),
    ("spring, damping 0.5", "#e03131", tether.AnimationCurve.EASE_IN_OUT, 0.5, 0.0),
    ("spring, damping 0.3, velocity 4", "#0c8599", tether.AnimationCurve.EASE_IN_OUT, 0.3, 4.0),
)

# The chart: time 0..1 across, progress -0.25..1.5 up.
LEFT, TOP, WIDTH, HEIGHT = 56.0, 24.0, 480.0, 300.0
LOW, HIGH = -0.25, 1.5


def progress(curve: tether.AnimationCurve, damping: Optional[float], velocity: float) -> List[float]:
    """The fraction of the distance a view is shown to have covered at SAMPLES + 1 times."""
    with tether.Engine() as engine:
        view = tether.View(frame=(0, 0, 10, 10), engine=engine)
        with tether.animate(1.0, curve=curve, spring_damping=damping, initial_velocity=velocity):
            view.frame = (DISTANCE, 0, 10, 10)
        return [view.presentation_frame_at(k / SAMPLES).x / DISTANCE for k in range(SAMPLES + 1)]


def x_of(t: float) -> float:
    return LEFT + t * WIDTH


def y_of(p: float) -> float:
    return TOP + (HIGH - p) / (HIGH - LOW) * HEIGHT


def number(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def chart() -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{number(LEFT + WIDTH + 250)}" '
        f'height="{number(TOP + HEIGHT + 48)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="11">',
        "<title>Tether's timing curves and springs: progress against time (one-second animations)</title>",
        f'<rect x="0" y="0" width="{number(LEFT + WIDTH + 250)}" height="{number(TOP + HEIGHT + 48)}" fill="#ffffff"/>',
    ]
    # Grid: progress 0, 0.5, 1 and time quarters.
    for p in (-0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5):
        colour = "#adb5bd" if p in (0, 1) else "#e9ecef"
        lines.append(f'<line x1="{number(LEFT)}" y1="{number(y_of(p))}" x2="{number(LEFT + WIDTH)}" '
                     f'y2="{number(y_of(p))}" stroke="{colour}"/>')
        lines.append(f'<text x="{number(LEFT - 6)}" y="{number(y_of(p) + 4)}" text-anchor="end">{number(p)}</text>')
    for t in (0, 0.25, 0.5, 0.75, 1):
        lines.append(f'<line x1="{number(x_of(t))}" y1="{number(TOP)}" x2="{number(x_of(t))}" '
                     f'y2="{number(TOP + HEIGHT)}" stroke="#e9ecef"/>')
        lines.append(f'<text x="{number(x_of(t))}" y="{number(TOP + HEIGHT + 16)}" text-anchor="middle">{number(t)}</text>')
    lines.append(f'<text x="{number(LEFT + WIDTH / 2)}" y="{number(TOP + HEIGHT + 36)}" text-anchor="middle">'
                 "time (fraction of the duration)</text>")
    lines.append(f'<text x="14" y="{number(TOP + HEIGHT / 2)}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {number(TOP + HEIGHT / 2)})">progress</text>')
    for index, (label, colour, curve, damping, velocity) in enumerate(SERIES):
        values = progress(curve, damping, velocity)
        points = " ".join(f"{number(x_of(k / SAMPLES))},{number(y_of(v))}" for k, v in enumerate(values))
        dash = ' stroke-dasharray="6 3"' if damping is not None else ""
        lines.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash} points="{points}">'
                     f"<title>{label}</title></polyline>")
        y = TOP + 12 + index * 20
        lines.append(f'<line x1="{number(LEFT + WIDTH + 16)}" y1="{number(y)}" x2="{number(LEFT + WIDTH + 40)}" '
                     f'y2="{number(y)}" stroke="{colour}" stroke-width="2"{dash}/>')
        lines.append(f'<text x="{number(LEFT + WIDTH + 46)}" y="{number(y + 4)}">{label}</text>')
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def main() -> int:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images/animation-curves.svg")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(chart(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
