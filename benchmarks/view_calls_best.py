#!/usr/bin/env python3
"""Per-call costs of the Python view model, best of N repeats, for comparing two trees.

`view_calls.py` reports medians beside the C calls; on a machine whose speed drifts (the same
call measured 9.5 and 14 µs an hour apart here) a before/after comparison needs alternating
runs and the best of several repeats instead. This times six calls of the package found at
`--package` (a tree's `bindings/python`) and prints them as one JSON line:

    TETHER_LIBRARY=.build/release/libtether.so \\
        python3 benchmarks/view_calls_best.py --package /path/to/before/bindings/python
    TETHER_LIBRARY=.build/release/libtether.so \\
        python3 benchmarks/view_calls_best.py --package bindings/python

Run the two alternately, a few times each.
"""

import argparse
import json
import sys
import timeit


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--package", required=True, help="the bindings/python folder to import tether from")
    p.add_argument("--repeat", type=int, default=7)
    a = p.parse_args()
    sys.path.insert(0, a.package)
    import tether  # noqa: E402 - from the tree asked for
    from tether import View  # noqa: E402

    engine = tether.Engine()
    root = View(frame=(0, 0, 400, 300), engine=engine)
    pool = [View(engine=engine) for _ in range(25000)]
    for v in pool:
        v.translates_autoresizing_mask_into_constraints = False

    def best(stmt: str, names: dict, number: int) -> float:
        return min(timeit.repeat(stmt, globals=names, number=number, repeat=a.repeat)) / number * 1e6

    out = {"make a view": best("View(engine=e)", {"View": View, "e": engine}, 3000),
           "add a subview": best("root.add_subview(next(it))", {"root": root, "it": iter(pool)}, 3000)}
    leading = root.leading
    out["make a constraint from anchors"] = best(
        "next(it).leading == leading + 8", {"it": iter(pool), "leading": leading}, 3000)
    constraints = [pool[i].leading == leading + 8 for i in range(21000)]
    out["activate it"] = best("next(it).active = True", {"it": iter(constraints)}, 3000)
    out["change a constant"] = best("c.constant = 5", {"c": constraints[0]}, 5000)
    out["read a frame"] = best("v.frame", {"v": pool[0]}, 5000)
    print(json.dumps({"package": a.package, **{k: round(v, 2) for k, v in out.items()}}))


if __name__ == "__main__":
    main()
