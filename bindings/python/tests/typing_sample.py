"""Correct code using tether, for test_typing.py: it must pass ``mypy --strict`` (so the
package's types accept what works) and run (so what it does is valid at run time too).

A settings screen: a header, a column of rows (a title and a switch each) in a stack view, a
footer pinned to the safe area; then the raw solver and the kiwisolver-compatible API.
"""

from typing import Dict, List, Tuple

import tether
import tether.kiwi as kiwi
from tether.geometry import EdgeInsets, Rect, Size
from tether.solver import REQUIRED, Solver


def settings_screen(engine: tether.Engine) -> Dict[str, Rect]:
    root = tether.View(frame=(0, 0, 375, 667), engine=engine)
    root.identifier = "root"
    root.safe_area_insets = EdgeInsets(44, 0, 34, 0)
    root.layout_margins = (16, 20, 16, 20)

    header = root.new_subview("header")
    header.intrinsic_content_size = Size(tether.NO_INTRINSIC_METRIC, 44)
    rows = tether.StackView(engine=engine, axis=tether.Axis.VERTICAL, spacing=8)
    rows.translates_autoresizing_mask_into_constraints = False
    rows.layout_margins_relative_arrangement = True
    rows.layout_margins = [4, 0, 4, 0]
    root.add_subview(rows)
    for title in ("Wi-Fi", "Bluetooth", "Airplane mode"):
        row = tether.View(engine=engine)
        row.identifier = title
        label = row.new_subview(title + " label")
        switch = row.new_subview(title + " switch")
        label.intrinsic_content_size = (120, 20)
        switch.intrinsic_content_size = [51, 31]
        label.set_content_hugging_priority(tether.LayoutPriority.DEFAULT_LOW,
                                           tether.Axis.HORIZONTAL)
        tether.activate([
            label.leading == row.leading_margin,
            label.center_y == row.center_y,
            switch.leading >= label.trailing + 8,
            switch.trailing == row.trailing_margin,
            switch.top == row.top + 6,
            row.bottom == switch.bottom + 6,
        ])
        rows.add_arranged_subview(row)
    footer = root.new_subview("footer")
    spacer = tether.LayoutGuide(engine)
    root.add_layout_guide(spacer)

    safe = root.safe_area_layout_guide
    constraints: List[tether.Constraint] = [
        header.top == safe.top,
        header.leading == root.leading,
        header.trailing == root.trailing,
        rows.top == header.bottom + 12,
        rows.leading == root.leading_margin,
        rows.trailing == root.trailing_margin,
        spacer.top == rows.bottom,
        spacer.height >= 20,
        footer.top == spacer.bottom,
        footer.bottom == safe.bottom,
        footer.center_x == root.center_x,
        footer.width == root.width * 0.5,
        footer.height == footer.width / 4,
        footer.height == 0.25 * footer.width + 0,
        root.bottom - 30 >= footer.top,
    ]
    breathing_room = (footer.height >= 60).with_priority(tether.LayoutPriority.DEFAULT_LOW)
    breathing_room.identifier = "breathing room"
    constraints.append(breathing_room)
    constraints[0].priority = 999
    constraints[3].constant = 16
    tether.activate(constraints)

    root.layout_if_needed()
    assert not root.broken_constraints()
    for constraint in rows.arrangement_constraints():
        assert constraint.identifier.startswith("UISV-")
    frames = {view.identifier: frame for view, frame in root.subtree_frames().items()}
    frames["spacer"] = spacer.layout_frame
    compressed = rows.system_layout_size_fitting(tether.LAYOUT_FITTING_COMPRESSED_SIZE)
    assert compressed.width >= 0
    root.frame = Rect(0, 0, 667, 375).inset_by((0, 0, 0, 0))
    root.bounds = (0, 0, 667, 375)
    root.center = (333.5, 187.5)
    return frames


def raw_solver() -> Tuple[float, float]:
    with Solver() as solver:
        left = solver.variable("left")
        width = solver.variable("width")
        solver.add(left >= 0)
        solver.add(left + width <= 400)
        solver.add(width == 500, priority=750)
        xs = solver.variables(2)
        solver.add(xs[0] + xs[1] == 10, priority=REQUIRED)
        solver.update()
        assert len(xs[0:1]) == 1
        return left.value, width.value


def kiwi_basics() -> float:
    x = kiwi.Variable("x")
    y = kiwi.Variable("y")
    solver = kiwi.Solver()
    solver.addConstraint(x + y == 20)
    solver.addConstraint((x >= 15) | "strong")
    solver.addEditVariable(y, "medium")
    solver.suggestValue(y, 1)
    solver.updateVariables()
    return x.value()


def main() -> None:
    engine = tether.Engine()
    try:
        frames = settings_screen(engine)
        assert frames["header"] == (0, 44, 375, 44)
    finally:
        engine.close()
    assert raw_solver() == (0.0, 400.0)
    assert kiwi_basics() == 19.0


if __name__ == "__main__":
    main()
