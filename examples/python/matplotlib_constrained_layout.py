#!/usr/bin/env python3
"""A matplotlib figure with constrained layout, laid out by Tether (tether.kiwi for kiwisolver).

    python3 examples/python/matplotlib_constrained_layout.py [--out DIR]

Needs matplotlib (and a built library: `make release`, or TETHER_LIBRARY=/path/to/libtether.so).
matplotlib's constrained layout imports kiwisolver; ``tether.kiwi.install()``, called before
matplotlib is imported, makes that import give tether.kiwi. (An unchanged program gets the same
with ``python -m tether.kiwi program.py``; docs/kiwi.md.) The figure has a grid of plots, a
shared colorbar, a suptitle and a subfigure; it is drawn with the Agg backend to
DIR/matplotlib-constrained-layout.png (DIR defaults to the repository's out/), and the script
prints where. It exits non-zero if kiwisolver was not Tether's or two axes overlap.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Use the binding from this checkout without installing it.
sys.path.insert(0, str(ROOT / "bindings" / "python"))

import tether.kiwi  # noqa: E402

tether.kiwi.install()  # before matplotlib imports kiwisolver

import kiwisolver  # noqa: E402
import matplotlib  # noqa: E402

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def build() -> "plt.Figure":
    fig = plt.figure(layout="constrained", figsize=(10, 5))
    left, right = fig.subfigures(1, 2, width_ratios=[2, 1], wspace=0.05)
    x = np.linspace(0, 2 * np.pi, 200)
    axs = left.subplots(2, 2, sharex=True)
    for k, ax in enumerate(axs.flat):
        ax.plot(x, np.sin((k + 1) * x), label=f"sin({k + 1}x)")
        ax.set_title(f"harmonic {k + 1}")
        ax.legend(loc="upper right", fontsize=7)
    for ax in axs[1, :]:
        ax.set_xlabel("x")
    for ax in axs[:, 0]:
        ax.set_ylabel("amplitude")
    left.suptitle("a grid of plots")
    grid = np.add.outer(np.sin(x[::10]), np.cos(x[::10]))
    ax = right.subplots()
    image = ax.pcolormesh(grid, cmap="viridis")
    ax.set_title("a field")
    right.colorbar(image, ax=ax, location="bottom", label="value")
    fig.suptitle("matplotlib constrained layout, solved by Tether", fontsize=14)
    return fig


def overlapping(fig) -> list:
    """Pairs of axes (colorbars included) whose boxes overlap, in pixels."""
    boxes = []
    for sub in [fig] + list(fig.subfigs):
        boxes += [(ax, ax.get_window_extent()) for ax in sub.axes if ax not in [a for a, _ in boxes]]
    found = []
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1:]:
            width = min(box_a.x1, box_b.x1) - max(box_a.x0, box_b.x0)
            height = min(box_a.y1, box_b.y1) - max(box_a.y0, box_b.y0)
            if width > 0.5 and height > 0.5:
                found.append((a.get_title(), b.get_title()))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out", help="folder for the PNG")
    args = parser.parse_args()
    if kiwisolver.__name__ != "tether.kiwi":
        print(f"kiwisolver is {kiwisolver.__name__}, not tether.kiwi", file=sys.stderr)
        return 1
    fig = build()
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "matplotlib-constrained-layout.png"
    fig.savefig(path, dpi=100)
    bad = overlapping(fig)
    plt.close(fig)
    if bad:
        print(f"overlapping axes: {bad}", file=sys.stderr)
        return 1
    print(f"kiwisolver {kiwisolver.__version__} API: {kiwisolver.__name__} "
          f"(Tether {tether.__version__}); matplotlib {matplotlib.__version__}")
    print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
