"""The zoo's view-model shapes through Python (issue 18): aligned-feed and nested-stacks, the
same views and constraints as benchmarks/swift/ZooWorkloads.swift and NestedStacks.swift, built
in the insertion order given and verified against the same closed forms; and random-screen
(benchmarks/python_random_screen.py, a port of RandomScreen.swift, verified against its own
natural-order build). Run through benchmarks/python_view_workloads.py, which passes its helpers
(`h`: Failure, expect_rect, feed_intrinsic, feed_root_width, now, median) so that a wrong layout
is its Failure (exit 3).
"""

import python_random_screen

WORKLOADS = ("aligned-feed", "nested-stacks", "random-screen")
# Resizes per run (tether-bench's zooResizes): the zoo compares builds, not resizes.
RESIZES = 10


def run(workload, n, out, order, h, screen_seed=1):
    """Runs `workload`; `screen_seed` is random-screen's (--screen-seed)."""
    if workload == "random-screen":
        python_random_screen.run(n, out, order, h, screen_seed)
        return
    {"aligned-feed": run_aligned_feed, "nested-stacks": run_nested_stacks}[workload](n, out, order, h)


def measure_resizes(root, height, check, out, h):
    samples = []
    for k in range(1, RESIZES + 2):
        w = h.feed_root_width(k)
        t0 = h.now()
        root.frame = (0.0, 0.0, w, height)
        root.layout_if_needed()
        t1 = h.now()
        check(k)
        if k == 1:
            out["resize_first_us"] = (t1 - t0) * 1e6
        else:
            samples.append((t1 - t0) * 1e6)
    out.update(resize_us_median=h.median(samples), resizes=RESIZES)


# ---------------------------------------------------------------------------------------------
# aligned-feed


def aligned_feed_frames(n, width, h):
    """Cell i in column i % 2, as high as its inequalities allow (runAlignedFeed's closed form)."""
    frames = []
    cell_width = width / 2 - 20
    for i in range(n):
        top = 8.0
        for back in (2, 3):
            if i >= back:
                x, y, w, hh = frames[i - back]
                top = max(top, y + hh + 8)
        frames.append((16.0 if i % 2 == 0 else width / 2 + 4, top, cell_width, h.feed_intrinsic(i)))
    return frames


def run_aligned_feed(n, out, order, h):
    import tether

    t0 = h.now()
    engine = tether.Engine()
    root = tether.View(frame=(0, 0, 375, 800), engine=engine)
    cells = []
    for i in range(n):
        cell = tether.View(engine=engine)
        cell.translates_autoresizing_mask_into_constraints = False
        cell.intrinsic_content_size = (tether.NO_INTRINSIC_METRIC, h.feed_intrinsic(i))
        root.add_subview(cell)
        cells.append(cell)
    constraints = []
    for i, cell in enumerate(cells):
        constraints.append(cell.leading == root.leading + 16 if i % 2 == 0
                           else cell.leading == root.center_x + 4)
        constraints.append(cell.width == root.width * 0.5 - 20)
        constraints.append(cell.top >= root.top + 8)
        if i >= 2:
            constraints.append(cell.top >= cells[i - 2].bottom + 8)
        if i >= 3:
            constraints.append(cell.top >= cells[i - 3].bottom + 8)
        constraints.append((cell.top == root.top + 8).with_priority(240))
    for i in order(len(constraints)):
        tether.activate([constraints[i]])
    root.layout_if_needed()
    t1 = h.now()
    out.update(build_solve_ms=(t1 - t0) * 1e3, views=n, constraints=len(constraints),
               layout_constraints=len(constraints), frames=n, level="view-model", **h.solver_fields(root))

    def verify(width):
        want = aligned_feed_frames(n, width, h)
        for i in range(n):
            h.expect_rect(cells[i].frame, want[i], f"cell[{i}].frame")

    verify(375)

    def check(k):
        w = h.feed_root_width(k)
        last = aligned_feed_frames(n, w, h)[-1]
        h.expect_rect(cells[-1].frame, last, f"cell[{n - 1}].frame")

    measure_resizes(root, 800, check, out, h)
    verify(h.feed_root_width(RESIZES + 1))


# ---------------------------------------------------------------------------------------------
# nested-stacks

LEAVES, COLUMNS = 4, 4


def leaf_height(row, j):
    return 20 + 6 * j + 2 * (row % 5)


def column_height(row):
    return sum(leaf_height(row, j) for j in range(LEAVES)) + 2 * (LEAVES - 1)


def run_nested_stacks(n, out, order, h):
    """An outer vertical stack of rows (horizontal, fillEqually) of columns (vertical) of leaves;
    the views are arranged in the insertion order, each at its rank among the siblings arranged
    before it (NestedStacks.swift)."""
    import bisect

    import tether
    from tether import Axis
    from tether.stack_view import StackViewDistribution

    rows = max(1, n // (LEAVES * COLUMNS))
    column_count = rows * COLUMNS
    leaf_count = column_count * LEAVES
    # Untimed: the arrangement steps (stack, child, rank) and each one's index in the order.
    steps = []
    for row in range(rows):
        steps.append((0, 1 + row, row))
        for c in range(COLUMNS):
            column = 1 + rows + row * COLUMNS + c
            steps.append((1 + row, column, c))
            for j in range(LEAVES):
                steps.append((column, 1 + rows + column_count + (column - 1 - rows) * LEAVES + j, j))
    perm = order(len(steps))
    ranks = [[] for _ in range(1 + rows + column_count)]
    at_index = [0] * len(steps)
    for k in perm:
        stack, _, rank = steps[k]
        at = bisect.bisect_left(ranks[stack], rank)
        ranks[stack].insert(at, rank)
        at_index[k] = at
    del ranks

    t0 = h.now()
    engine = tether.Engine()
    root = tether.View(frame=(0, 0, 375, 800), engine=engine)
    outer = tether.StackView(engine=engine, axis=Axis.VERTICAL, spacing=8)
    outer.translates_autoresizing_mask_into_constraints = False
    root.add_subview(outer)
    stacks = [outer]
    stacks += [tether.StackView(engine=engine, distribution=StackViewDistribution.FILL_EQUALLY,
                                spacing=4) for _ in range(rows)]
    stacks += [tether.StackView(engine=engine, axis=Axis.VERTICAL, spacing=2)
               for _ in range(column_count)]
    views = list(stacks)
    for column in range(column_count):
        for j in range(LEAVES):
            leaf = tether.View(engine=engine)
            leaf.intrinsic_content_size = (tether.NO_INTRINSIC_METRIC,
                                           leaf_height(column // COLUMNS, j))
            views.append(leaf)
    for k in perm:
        stack, child, _ = steps[k]
        stacks[stack].insert_arranged_subview(views[child], at_index[k])
    pins = [outer.leading == root.leading + 16, outer.trailing == root.trailing - 16,
            outer.top == root.top + 16]
    for i in order(len(pins)):
        tether.activate([pins[i]])
    root.layout_if_needed()
    t1 = h.now()
    out.update(build_solve_ms=(t1 - t0) * 1e3, views=len(views), constraints=len(pins),
               layout_constraints=len(pins), frames=len(views), level="view-model",
               leaves=leaf_count, **h.solver_fields(root))

    def verify(width, every):
        outer_width = width - 32
        column_width = (outer_width - 4 * (COLUMNS - 1)) / COLUMNS
        y = 0.0
        for row in range(rows):
            height = column_height(row)
            if every or row in (0, rows - 1):
                h.expect_rect(stacks[1 + row].frame, (0, y, outer_width, height), f"row[{row}]")
                for c in range(COLUMNS):
                    column = row * COLUMNS + c
                    h.expect_rect(stacks[1 + rows + column].frame,
                                  (c * (column_width + 4), 0, column_width, height),
                                  f"column[{row},{c}]")
                    leaf_y = 0.0
                    for j in range(LEAVES):
                        lh = leaf_height(row, j)
                        h.expect_rect(views[len(stacks) + column * LEAVES + j].frame,
                                      (0, leaf_y, column_width, lh), f"leaf[{row},{c},{j}]")
                        leaf_y += lh + 2
            y += height + 8
        h.expect_rect(outer.frame, (16, 16, outer_width, y - 8), "outer")

    verify(375, True)
    measure_resizes(root, 800, lambda k: verify(h.feed_root_width(k), False), out, h)
    verify(h.feed_root_width(RESIZES + 1), True)
