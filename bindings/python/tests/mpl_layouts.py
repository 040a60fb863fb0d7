"""Constrained-layout figures for test_matplotlib.py: builds each figure, lays it out, and prints
every axes' position in figure fraction as JSON (``{figure: [[x0, y0, x1, y1], ...]}``).

Run as a script (``python mpl_layouts.py`` or ``python -m tether.kiwi mpl_layouts.py``): which
kiwisolver it lays out with is the caller's choice. Prints ``kiwisolver.__name__`` too, so the
caller can check which one ran.
"""

from __future__ import annotations

import json
import sys
from typing import Callable, Dict, List

import matplotlib

matplotlib.use("Agg")

import kiwisolver  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402


def _decorate(ax, title: str = "Title", big: bool = False) -> None:
    ax.plot([1, 2, 3], [3, 1, 2])
    size = 16 if big else 10
    ax.set_title(title, fontsize=size)
    ax.set_xlabel("x label", fontsize=size)
    ax.set_ylabel("y label", fontsize=size)


def _image(ax):
    data = np.arange(48.0).reshape(6, 8)
    return ax.pcolormesh(data)


def grid_2x2() -> Figure:
    fig, axs = plt.subplots(2, 2, layout="constrained", figsize=(6, 4))
    for ax in axs.flat:
        _decorate(ax)
    return fig


def grid_3x4_shared() -> Figure:
    fig, axs = plt.subplots(3, 4, layout="constrained", sharex=True, sharey="row",
                            figsize=(8, 6))
    for i, ax in enumerate(axs.flat):
        _decorate(ax, f"axes {i}", big=(i % 5 == 0))
    return fig


def colorbar_each() -> Figure:
    fig, axs = plt.subplots(2, 2, layout="constrained", figsize=(6, 5))
    for ax in axs.flat:
        fig.colorbar(_image(ax), ax=ax, shrink=0.8)
    return fig


def colorbar_shared_right_and_bottom() -> Figure:
    fig, axs = plt.subplots(2, 3, layout="constrained", figsize=(7, 5))
    images = [_image(ax) for ax in axs.flat]
    fig.colorbar(images[0], ax=axs, location="right")
    fig.colorbar(images[1], ax=axs[1, :], location="bottom", shrink=0.6)
    return fig


def suptitle_and_suplabels() -> Figure:
    fig, axs = plt.subplots(2, 3, layout="constrained", figsize=(7, 4))
    for ax in axs.flat:
        _decorate(ax)
    fig.suptitle("A big suptitle", fontsize=20)
    fig.supxlabel("shared x")
    fig.supylabel("shared y")
    return fig


def nested_gridspec() -> Figure:
    fig = plt.figure(layout="constrained", figsize=(8, 5))
    outer = fig.add_gridspec(1, 2, width_ratios=[2, 1])
    left = outer[0].subgridspec(2, 2)
    right = outer[1].subgridspec(3, 1)
    for spec in list(left) + list(right):
        _decorate(fig.add_subplot(spec))
    return fig


def spanning_axes() -> Figure:
    fig = plt.figure(layout="constrained", figsize=(6, 6))
    gs = fig.add_gridspec(3, 3)
    _decorate(fig.add_subplot(gs[0, :]), "top, full width")
    _decorate(fig.add_subplot(gs[1, :-1]))
    _decorate(fig.add_subplot(gs[1:, -1]), "tall", big=True)
    _decorate(fig.add_subplot(gs[-1, 0]))
    _decorate(fig.add_subplot(gs[-1, -2]))
    return fig


def subfigures() -> Figure:
    fig = plt.figure(layout="constrained", figsize=(9, 4))
    left, right = fig.subfigures(1, 2, wspace=0.07, width_ratios=[2, 1])
    for ax in left.subplots(2, 2).flat:
        _decorate(ax)
    left.suptitle("left subfigure")
    left.colorbar(_image(left.axes[0]), ax=left.axes, location="bottom")
    for ax in right.subplots(3, 1, sharex=True):
        _decorate(ax)
    right.suptitle("right subfigure", fontsize=14)
    right.supylabel("right y")
    return fig


def nested_subfigures() -> Figure:
    fig = plt.figure(layout="constrained", figsize=(8, 6))
    top, bottom = fig.subfigures(2, 1, height_ratios=[1, 2])
    _decorate(top.subplots(1, 1), "top")
    inner = bottom.subfigures(1, 2)
    for k, sub in enumerate(inner):
        for ax in sub.subplots(2, 1 + k).flat:
            _decorate(ax)
        sub.suptitle(f"inner {k}")
    fig.suptitle("nested subfigures")
    return fig


def mosaic_with_ratios() -> Figure:
    fig, axd = plt.subplot_mosaic(
        [["a", "a", "b"], ["c", "d", "b"], ["c", "e", "e"]],
        layout="constrained", figsize=(7, 6),
        width_ratios=[1, 2, 1], height_ratios=[1, 1, 2],
    )
    for label, ax in axd.items():
        _decorate(ax, label, big=label in "be")
    fig.colorbar(_image(axd["d"]), ax=axd["d"])
    return fig


def compressed_images() -> Figure:
    fig, axs = plt.subplots(2, 2, layout="compressed", figsize=(5, 5))
    for ax in axs.flat:
        ax.imshow(np.arange(100.0).reshape(10, 10))
        ax.set_title("img")
    fig.colorbar(axs[0, 0].images[0], ax=axs)
    fig.suptitle("compressed")
    return fig


def pads_and_aspect() -> Figure:
    fig, axs = plt.subplots(2, 3, layout="constrained", figsize=(7, 4))
    fig.get_layout_engine().set(w_pad=0.2, h_pad=0.1, wspace=0.05, hspace=0.08)
    for ax in axs.flat:
        _decorate(ax)
    axs[0, 1].set_box_aspect(1)
    axs[1, 2].set_aspect("equal")
    fig.legend(["line"], loc="outside right upper")
    return fig


def wide_labels_and_ticks() -> Figure:
    fig, axs = plt.subplots(1, 3, layout="constrained", figsize=(8, 3))
    for k, ax in enumerate(axs):
        ax.plot(np.linspace(0, 1e5 * (k + 1), 10))
        ax.set_ylabel("a rather long y label " * (k + 1), fontsize=8)
        ax.tick_params(axis="x", labelrotation=45 * k)
    return fig


FIGURES: Dict[str, Callable[[], Figure]] = {
    f.__name__: f for f in (
        grid_2x2, grid_3x4_shared, colorbar_each, colorbar_shared_right_and_bottom,
        suptitle_and_suplabels, nested_gridspec, spanning_axes, subfigures, nested_subfigures,
        mosaic_with_ratios, compressed_images, pads_and_aspect, wide_labels_and_ticks,
    )
}


def positions(fig: Figure) -> List[List[float]]:
    """Every axes of the figure and its subfigures (colorbars too), in root-figure fraction."""
    to_fraction = fig.transFigure.inverted()
    boxes, seen = [], set()
    for ax in fig.get_axes() + [a for sub in _subfigures(fig) for a in sub.axes]:
        if id(ax) in seen:
            continue
        seen.add(id(ax))
        box = to_fraction.transform_bbox(ax.get_position().transformed(ax.figure.transSubfigure))
        boxes.append([float(v) for v in box.extents])
    return boxes


def _subfigures(fig) -> list:
    found = []
    for sub in getattr(fig, "subfigs", []):
        found.append(sub)
        found.extend(_subfigures(sub))
    return found


def main() -> int:
    result = {}
    for name, make in FIGURES.items():
        fig = make()
        fig.canvas.draw()
        result[name] = positions(fig)
        plt.close(fig)
    json.dump({"kiwisolver": kiwisolver.__name__, "figures": result}, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
