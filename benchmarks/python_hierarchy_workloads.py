"""The hierarchy workloads of issue 18 through the Python package: free-root, ambiguity-trace,
many-roots, deep-chain and stack-arrange, built and verified as
benchmarks/swift/HierarchyWorkloads.swift builds and verifies them (keep the two in step; the
definitions are there and in docs/benchmarks.md). Run by benchmarks/python_view_workloads.py:

    python3 benchmarks/python_view_workloads.py tether-python free-root N

Each `run_*` fills `out` with the timed paths in milliseconds (keys ending in _us:
microseconds) and raises Failure (from python_view_workloads) on a wrong result.
"""

import time


def now():
    return time.perf_counter()


def _expect_frame(view, want, what, failure):
    got = tuple(view.frame)
    if any(abs(a - b) > 1e-6 * max(1.0, abs(b)) for a, b in zip(got, want)):
        raise failure(f"{what} = {got}, expected {want}")


def _grid_frame(i):
    return ((i % 100) * 10.0, (i // 100) * 10.0, 10.0, 10.0)


def _pin(view, parent, frame):
    x, y, w, h = frame
    return [view.left == parent.left + x, view.top == parent.top + y, view.width == w, view.height == h]


def run_free_root(n, out, failure):
    import tether

    engine = tether.Engine()
    root = tether.View(frame=(0, 0, 1000, 10.0 * (n // 100 + 1)), engine=engine)
    views, constraints = [], []
    t0 = now()
    for i in range(n):
        v = tether.View(engine=engine)
        v.translates_autoresizing_mask_into_constraints = False
        root.add_subview(v)
        cs = _pin(v, root, _grid_frame(i))
        tether.activate(cs)
        views.append(v)
        constraints += cs
    root.layout_if_needed()
    t1 = now()
    for k in list(range(0, n, 97)) + [n - 1]:
        _expect_frame(views[k], _grid_frame(k), f"subview[{k}].frame", failure)
    root.free()
    t2 = now()
    for k in list(range(0, n, 97)) + [n - 1]:
        try:
            views[k].frame
        except tether.InvalidIdError:
            continue
        raise failure(f"subview[{k}] is still live")
    if any(c.active for c in constraints[:: max(1, n // 50)] if _live(c, tether)):
        raise failure("a constraint is still active")
    out.update(views=n + 1, constraints=len(constraints), build_layout_ms=(t1 - t0) * 1e3,
               free_ms=(t2 - t1) * 1e3)


def _live(constraint, tether):
    try:
        constraint.active
    except tether.InvalidIdError:
        return False
    return True


def run_ambiguity_trace(n, out, failure):
    import tether

    engine = tether.Engine()
    root = tether.View(frame=(0, 0, 1000, 100), engine=engine)
    views = []
    count = 0
    t0 = now()
    for i in range(n):
        v = tether.View(engine=engine)
        v.translates_autoresizing_mask_into_constraints = False
        root.add_subview(v)
        cs = [v.top == root.top, v.width == 10, v.height == 10,
              (v.left >= root.left) if i == 0 else (v.left == views[i - 1].right + 1)]
        tether.activate(cs)
        count += len(cs)
        views.append(v)
    root.layout_if_needed()
    t1 = now()
    trace = root.autolayout_trace()
    t2 = now()
    svg = root.svg()
    t3 = now()
    ambiguous = sum(1 for v in views if v.has_ambiguous_layout)
    t4 = now()
    # Again after a pass (which drops what the trace found): each view asked on its own.
    root.frame = tether.Rect(0, 0, 1001, 100)
    root.layout_if_needed()
    t5 = now()
    cold = sum(1 for v in views if v.has_ambiguous_layout)
    t6 = now()
    marked = [line for line in trace.split("\n") if "- AMBIGUOUS LAYOUT for" in line]
    if len(marked) != n:
        raise failure(f"trace marks {len(marked)} views, expected {n}")
    for k in (0, n // 2, n - 1):
        want = f"{views[k].debug_name}.minX{{range: [{11 * k}, inf]}}"
        if not any(line.endswith("- AMBIGUOUS LAYOUT for " + want) for line in marked):
            raise failure(f"trace has no line ending with {want}")
    svg_marks = sum(1 for line in svg.split("\n") if line.startswith('<rect class="view ambiguous"'))
    if svg_marks != n:
        raise failure(f"SVG marks {svg_marks} views, expected {n}")
    if ambiguous != n or cold != n:
        raise failure(f"{ambiguous}, then {cold} views report has_ambiguous_layout, expected {n}")
    out.update(views=n + 1, constraints=count, build_layout_ms=(t1 - t0) * 1e3,
               trace_ms=(t2 - t1) * 1e3, svg_ms=(t3 - t2) * 1e3, has_ambiguous_all_ms=(t4 - t3) * 1e3,
               has_ambiguous_cold_ms=(t6 - t5) * 1e3)


def run_many_roots(n, out, failure):
    import tether

    engine = tether.Engine()
    roots, children, lefts = [], [], []
    frame = (1.0, 2.0, 10.0, 10.0)
    for _ in range(n):
        root = tether.View(frame=(0, 0, 100, 100), engine=engine)
        child = tether.View(engine=engine)
        child.translates_autoresizing_mask_into_constraints = False
        root.add_subview(child)
        cs = _pin(child, root, frame)
        tether.activate(cs)
        roots.append(root)
        children.append(child)
        lefts.append(cs[0])
    t0 = now()
    engine.layout_all()
    t1 = now()
    for k in range(0, n, max(1, n // 200)):
        _expect_frame(children[k], frame, f"root[{k}].child.frame", failure)
    target = n // 2
    visits = [0]

    def count(_view):
        visits[0] += 1

    sample = [roots[k] for k in range(0, n, max(1, n // 50)) if k != target]
    for r in sample:
        r.layout_subviews = count
    samples = []
    for k in range(1, 21):
        t = now()
        lefts[target].constant = 5 if k % 2 else 1
        roots[target].layout_if_needed()
        samples.append((now() - t) * 1e6)
        _expect_frame(children[target], (5.0 if k % 2 else 1.0, 2.0, 10.0, 10.0), f"relayout {k}", failure)
    if visits[0]:
        raise failure(f"relayouts ran {visits[0]} hooks of other roots")
    samples.sort()
    out.update(views=2 * n, constraints=4 * n, layout_all_ms=(t1 - t0) * 1e3,
               relayout_one_us_median=(samples[9] + samples[10]) / 2)


def run_deep_chain(n, out, failure):
    import tether

    engine = tether.Engine()
    root = tether.View(frame=(0, 0, 100, 100), engine=engine)
    chain = [root] + [tether.View(engine=engine) for _ in range(n)]
    t0 = now()
    for k in range(1, n + 1):
        chain[k - 1].add_subview(chain[k])
    t1 = now()
    leaf, middle = chain[n], chain[n // 2]
    for ancestor in (root, middle):
        try:
            leaf.add_subview(ancestor)
        except tether.InvalidStateError:
            continue
        raise failure("adding an ancestor under the leaf was accepted")
    if middle.superview is not chain[n // 2 - 1]:
        raise failure("a rejected add moved the view")
    out.update(views=n + 1, add_all_ms=(t1 - t0) * 1e3)


def run_stack_arrange(n, out, failure):
    import tether

    engine = tether.Engine()
    stack = tether.StackView(frame=(0, 0, 300, 20.0 * n), engine=engine, axis=tether.Axis.VERTICAL)
    views = []
    for i in range(n):
        v = tether.View(engine=engine)
        v.intrinsic_content_size = (10 + i % 7, 20)
        views.append(v)
    t0 = now()
    for v in views:
        stack.add_arranged_subview(v)
    stack.layout_if_needed()
    t1 = now()
    for k in list(range(0, n, 97)) + [n - 1]:
        _expect_frame(views[k], (0.0, 20.0 * k, 300.0, 20.0), f"arranged[{k}].frame", failure)
    out.update(views=n + 1, arrange_layout_ms=(t1 - t0) * 1e3)


RUNS = {"free-root": run_free_root, "ambiguity-trace": run_ambiguity_trace,
        "many-roots": run_many_roots, "deep-chain": run_deep_chain, "stack-arrange": run_stack_arrange}
