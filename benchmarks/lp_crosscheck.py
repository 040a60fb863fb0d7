#!/usr/bin/env python3
"""Long randomized cross-check of tether.Solver against the per-priority-level LP reference.

    TETHER_LIBRARY=.build/release/libtether.so .venv/bin/python benchmarks/lp_crosscheck.py \\
        [--systems 100000] [--seed 1] [--chunk 1000] [--start 0] [--json results.json]
        [--only INDEX ...]

The reference is the one bindings/python/tests/test_lp_reference.py uses (scipy's HiGHS, one LP
per priority level, highest first, each level fixed at its optimum before the next); pytest runs
a few hundred hypothesis examples of it on every `make test`. This script runs the same check
on many more systems, outside pytest. Each system i is drawn from its own generator seeded with
(seed, i), so any reported system can be replayed alone with `--only i`.

A system (the distribution of test_lp_reference.systems(): 1-6 variables, 1-10 constraints of 1-3
terms with coefficients in ±{1,2,3}, integer constants in [-20, 20], relations <=, ==, >=,
priorities 1000/750/500/250/1) is added constraint by constraint and checked; then up to 6
random operations (remove, re-add, change a constant, change an optional priority) and up to 3
edit variables with suggestions are applied and the result is checked again. Checked each time:
the required constraints hold (1e-7 relative); each optional level's sum of errors equals the
reference optimum (1e-6 relative); every rejected required constraint really was infeasible
with the required constraints added before it, and its reported conflict is infeasible with it
and minimal; the solver's own invariant check passes.

Counts, printed after every chunk and at the end:
  systems      checked systems
  agreements   systems where every check held
  infeasible   systems with at least one required constraint rejected (as it must be); they
               count as agreements when the rejection, its conflict and the rest agree
  mismatches   systems where a check failed (each printed with its index and details)
  reference    systems the reference could not decide (HiGHS failed); not counted as either
Exit status 1 if any mismatch.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import traceback
from typing import List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
BINDINGS = os.path.join(HERE, "..", "bindings", "python")
sys.path.insert(0, BINDINGS)
sys.path.insert(0, os.path.join(BINDINGS, "tests"))

import test_lp_reference as ref  # noqa: E402  (the reference, shared with pytest)

Spec = ref.Spec


class ReferenceFailure(Exception):
    """The reference LP could not be solved (not a verdict on Tether)."""


def draw_changes(rng: random.Random, n: int, count: int):
    edits = []
    for variable in rng.sample(range(n), rng.randint(0, min(3, n))):
        values = [rng.randint(-30, 30) for _ in range(rng.randint(1, 3))]
        edits.append((variable, rng.choice(ref.OPTIONAL_PRIORITIES), values))
    operations = [
        (rng.choice(["remove", "constant", "readd", "priority"]), rng.randint(0, count - 1),
         rng.randint(-25, 25), rng.choice(ref.OPTIONAL_PRIORITIES))
        for _ in range(rng.randint(0, 6))
    ]
    return edits, operations


def reference_call(function, *args):
    """Runs a reference helper; an assertion about HiGHS's own status becomes ReferenceFailure."""
    try:
        return function(*args)
    except AssertionError as error:
        message = str(error)
        if "status" in message or "HiGHS" in message or "infeasible at every slack" in message:
            raise ReferenceFailure(message) from error
        raise


def check_system(index: int, seed: int) -> Tuple[bool, int]:
    """Checks system `index`; returns (had a rejection, number of reference LP checks).
    Raises AssertionError on a mismatch, ReferenceFailure if the reference failed."""
    rng = random.Random(f"{seed}:{index}")
    n, constraints = ref.draw_system(rng)
    edits, operations = draw_changes(rng, n, len(constraints))

    solver, variables, required, optional, spec_of, rejections = ref.add_one_by_one(n, constraints)
    try:
        all_required = [s for s in constraints if s.required]
        if reference_call(ref.feasible, all_required, n):
            assert rejections == 0, "a feasible set of required constraints had a rejection"
        else:
            assert rejections > 0, "infeasible required constraints were all accepted"
        reference_call(ref.check_solution, solver, variables, n, required, optional)

        rejections += ref.apply_edits_and_changes(solver, variables, n, spec_of, edits,
                                                  operations, reference_call)
    finally:
        solver.close()
    return rejections > 0, 2


def describe(index: int, seed: int) -> str:
    rng = random.Random(f"{seed}:{index}")
    n, constraints = ref.draw_system(rng)
    edits, operations = draw_changes(rng, n, len(constraints))
    lines = [f"  variables: {n}"]
    lines += [f"  {s}" for s in constraints]
    lines.append(f"  edits: {edits}")
    lines.append(f"  operations: {operations}")
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--systems", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="first system index")
    parser.add_argument("--chunk", type=int, default=1000, help="systems per progress line")
    parser.add_argument("--json", help="write the final counts (and mismatches) here")
    parser.add_argument("--only", type=int, nargs="*", help="check just these system indices")
    args = parser.parse_args(argv)

    indices = args.only if args.only else range(args.start, args.start + args.systems)
    counts = {"systems": 0, "agreements": 0, "infeasible": 0, "mismatches": 0, "reference": 0}
    mismatches = []
    began = time.monotonic()
    print(f"lp_crosscheck: seed {args.seed}, systems {indices[0]}..{indices[-1]}, "
          f"library {os.environ.get('TETHER_LIBRARY', '(default search)')}", flush=True)
    for done, index in enumerate(indices, 1):
        counts["systems"] += 1
        try:
            infeasible, _ = check_system(index, args.seed)
        except ReferenceFailure as error:
            counts["reference"] += 1
            print(f"reference failed on system {index}: {error}", flush=True)
        except Exception as error:  # noqa: BLE001 - every failure is a reported mismatch
            counts["mismatches"] += 1
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            mismatches.append({"index": index, "error": detail})
            print(f"MISMATCH system {index} (seed {args.seed}): {detail}\n{describe(index, args.seed)}",
                  flush=True)
        else:
            counts["agreements"] += 1
            counts["infeasible"] += int(infeasible)
        if done % args.chunk == 0 or done == len(indices):
            elapsed = time.monotonic() - began
            print(f"{done:>7} systems  {counts['agreements']} agree  {counts['infeasible']} "
                  f"infeasible  {counts['mismatches']} mismatches  {counts['reference']} "
                  f"reference failures  {elapsed:8.1f} s  {done / elapsed:6.1f} systems/s",
                  flush=True)
    elapsed = time.monotonic() - began
    summary = dict(counts, seed=args.seed, first=indices[0], last=indices[-1],
                   seconds=round(elapsed, 1), rate=round(counts["systems"] / elapsed, 2),
                   mismatch_details=mismatches)
    print(json.dumps({k: v for k, v in summary.items() if k != "mismatch_details"}), flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(summary, out, indent=2)
    return 1 if counts["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
