"""A pencil picker: a row of pencils in which the selected one stands raised, and a change of
selection animated as UIKit animates a constraint change (docs/animation.md).

The same picker as examples/c/pencil_picker.c, printing the same frames::

             +----+                        root: 336 x 200
             |tip |                        five pencils, 16 apart and 16 from the root's sides,
      +----+ +----+ +----+ +----+ +----+   of equal width (48) and 120 high; each a tip 24 high
      |tip | |    | |tip | |tip | |tip |   on a base that stretches over the rest of the pencil;
      +----+ |base| +----+ +----+ +----+   pencil.bottom == root.bottom + lift: lift is 0, or
      |base| |    | |base| |base| |base|   -32 for the selected pencil
      +----+ +----+ +----+ +----+ +----+

Pencil 1 starts selected; selecting pencil 3 inside ``tether.animate(0.5)`` (ease-in-out) moves
both over half a second of the engine's clock. The script samples the animation at 10 frames per
second, prints and checks the two pencils' presentation frames, and writes the animated SVG.

Run:  python examples/python/pencil_picker.py [OUT.svg]   (default: out/pencil-picker.svg in the
repository)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import tether  # noqa: E402
import tether.render  # noqa: E402
from tether import Constraint, View  # noqa: E402

PENCILS, WIDTH, HEIGHT, TIP, GAP, LIFT = 5, 48, 120, 24, 16, 32


class Picker:
    def __init__(self) -> None:
        self.engine = tether.Engine()
        self.root = View(frame=(0, 0, 336, 200), engine=self.engine)
        self.root.identifier = "picker"
        self.pencils: List[View] = []
        self.bottoms: List[Constraint] = []
        for index in range(PENCILS):
            self._add_pencil(index)
        first = self.pencils[0]
        row = [first.leading == self.root.leading + GAP,
               self.pencils[-1].trailing == self.root.trailing - GAP]
        for left, right in zip(self.pencils, self.pencils[1:]):
            row += [right.leading == left.trailing + GAP, right.width == first.width]
        tether.activate(row)

    def _view(self, parent: View, name: str) -> View:
        view = View(engine=self.engine)
        view.identifier = name
        view.translates_autoresizing_mask_into_constraints = False
        parent.add_subview(view)
        return view

    def _add_pencil(self, index: int) -> None:
        pencil = self._view(self.root, f"pencil_{index}")
        tip = self._view(pencil, f"tip_{index}")
        base = self._view(pencil, f"base_{index}")
        bottom = pencil.bottom == self.root.bottom
        tether.activate([
            tip.top == pencil.top, tip.leading == pencil.leading, tip.trailing == pencil.trailing,
            tip.height == TIP,
            base.top == tip.bottom, base.leading == pencil.leading, base.trailing == pencil.trailing,
            base.bottom == pencil.bottom,
            pencil.height == HEIGHT, bottom,
        ])
        self.pencils.append(pencil)
        self.bottoms.append(bottom)

    def select(self, index: int) -> None:
        """Raises pencil ``index`` and lowers the others by their bottom constraints' constants."""
        for i, bottom in enumerate(self.bottoms):
            bottom.constant = -LIFT if i == index else 0
        self.root.layout_if_needed()


def frames(picker: Picker) -> List[Tuple[float, Tuple[float, ...], Tuple[float, ...]]]:
    """(time, pencil 1's frame, pencil 3's frame) at each sample of 10 frames per second."""
    one, three = picker.pencils[1], picker.pencils[3]
    return [(t, tuple(one.presentation_frame_at(t)), tuple(three.presentation_frame_at(t)))
            for t in tether.render.sample_times(picker.root, fps=10)]


def shown(frame: Tuple[float, ...]) -> str:
    return "(" + ", ".join(f"{v:.3f}" for v in frame) + ")"


def main() -> int:
    out = Path(__file__).resolve().parents[2] / "out"
    path = sys.argv[1] if len(sys.argv) > 1 else str(out / "pencil-picker.svg")
    picker = Picker()
    picker.select(1)  # outside any block: at once
    with tether.animate(0.5, curve=tether.AnimationCurve.EASE_IN_OUT):
        picker.select(3)

    rest, raised = 200 - HEIGHT, 200 - HEIGHT - LIFT
    wrong = []
    sampled = frames(picker)
    print("selecting pencil-3 (0.5 s, ease-in-out), sampled at 10 frames per second:")
    for t, one, three in sampled:
        print(f"t={t:.3f} pencil_1 {shown(one)} pencil_3 {shown(three)}")
    # The ends are the old and new frames; ease-in-out is symmetric, so halfway in time (0.25 s,
    # between two samples) is halfway in distance.
    middle = (0.25, tuple(picker.pencils[1].presentation_frame_at(0.25)),
              tuple(picker.pencils[3].presentation_frame_at(0.25)))
    checks = [(sampled[0], raised, rest), (middle, (rest + raised) / 2, (rest + raised) / 2),
              (sampled[-1], rest, raised)]
    for (t, one, three), y1, y3 in checks:
        if one != (80, y1, WIDTH, HEIGHT) or three != (208, y3, WIDTH, HEIGHT):
            wrong.append(f"at t={t}: {one}, {three}; expected y {y1} and {y3}")
    if len(sampled) != 6:
        wrong.append(f"{len(sampled)} samples, expected 6")

    if len(sys.argv) <= 1:
        os.makedirs(out, exist_ok=True)
    tether.render.animated_svg(picker.root, fps=30, path=path)
    print(f"wrote {path}")
    if wrong:
        print("WRONG:", *wrong, sep="\n  ")
        return 1
    print("pencil_picker: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
