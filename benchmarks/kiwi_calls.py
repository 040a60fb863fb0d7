#!/usr/bin/env python3
"""What one kiwisolver call costs, on kiwisolver and on tether.kiwi, side by side in one run.

    python3 benchmarks/kiwi_calls.py [--count N] [--rounds R] [--modules kiwisolver,tether.kiwi]

For each call kiwisolver users make one at a time (issue 21): ``Variable()``, building an
expression with operators (``x == y + 10``, ``2*x + 3*y <= 10``) and with the constructors
(``Term``, ``Expression``, ``Constraint``), ``addConstraint`` of a constraint with a new variable
(a sibling's ``x == root + i``) and of a required one over known variables (a bound that does
not bind, ``v <= 1000 + i``),
``removeConstraint``, ``addEditVariable``, ``suggestValue``, ``updateVariables`` and
``Variable.value()``: the time of N calls divided by N, in microseconds, the median of R rounds.
The modules alternate round by round, so both see the same load. Each round starts from a fresh
solver with the same work; ``updateVariables`` is timed after a suggestion (so there is something
to publish), over a solver of N variables.

Prints a Markdown table. Not a test: timings never become pass/fail.
"""

import argparse
import importlib
import statistics
import time


def per_call(k, count):
    """{call: microseconds per call} for module ``k``, one round."""
    out = {}
    clock = time.perf_counter

    t = clock()
    variables = [k.Variable() for _ in range(count)]
    out["Variable()"] = clock() - t

    x, y = k.Variable("x"), k.Variable("y")
    t = clock()
    for _ in range(count):
        x == y + 10
    out["x == y + 10"] = clock() - t

    t = clock()
    for _ in range(count):
        2 * x + 3 * y <= 10
    out["2*x + 3*y <= 10"] = clock() - t

    Term, Expression, Constraint = k.Term, k.Expression, k.Constraint
    t = clock()
    for v in variables:
        Constraint(Expression([Term(v, 1.0), Term(x, -1.0)], -5.0), "==")
    out["Constraint(Expression([Term, Term]), '==')"] = clock() - t

    solver = k.Solver()
    root = k.Variable("root")
    solver.addConstraint(root == 0)
    siblings = [Constraint(Expression([Term(v, 1.0), Term(root, -1.0)], -float(i)), "==")
                for i, v in enumerate(variables)]
    t = clock()
    for c in siblings:
        solver.addConstraint(c)
    out["addConstraint (a new variable)"] = clock() - t

    # Required bounds on variables the solver already knows (each has a weak preference), none
    # of them binding: the cost of the call, not of a re-optimisation.
    others = [k.Variable() for _ in range(count)]
    for v in others:
        solver.addConstraint(Constraint(Expression([Term(v, 1.0)], 0.0), "==", "weak"))
    solver.updateVariables()
    chain = [Constraint(Expression([Term(others[i], 1.0)], -1000.0 - i), "<=")
             for i in range(count - 1)]
    t = clock()
    for c in chain:
        solver.addConstraint(c)
    out["addConstraint (known variables)"] = (clock() - t) * count / max(1, count - 1)

    t = clock()
    for c in chain:
        solver.removeConstraint(c)
    out["removeConstraint"] = (clock() - t) * count / max(1, count - 1)

    edits = variables[: min(count, 200)]
    for c in siblings[: len(edits)]:
        solver.removeConstraint(c)
    t = clock()
    for v in edits:
        solver.addEditVariable(v, "strong")
    out["addEditVariable"] = (clock() - t) * count / len(edits)

    t = clock()
    for i, v in enumerate(edits):
        solver.suggestValue(v, float(i))
    out["suggestValue"] = (clock() - t) * count / len(edits)

    rounds = 20
    t = clock()
    for i in range(rounds):
        solver.suggestValue(edits[0], float(i))
        solver.updateVariables()
    out[f"suggestValue + updateVariables ({count} variables)"] = (clock() - t) * count / rounds

    t = clock()
    for v in variables:
        v.value()
    out["Variable.value()"] = clock() - t
    return {name: seconds / count * 1e6 for name, seconds in out.items()}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--modules", default="kiwisolver,tether.kiwi")
    a = p.parse_args()
    modules = [importlib.import_module(name) for name in a.modules.split(",")]
    samples = {m.__name__: [] for m in modules}
    for _ in range(a.rounds):
        for m in modules:
            samples[m.__name__].append(per_call(m, a.count))
    names = list(samples[modules[0].__name__][0])
    header = ["call"] + [f"{m.__name__} (µs)" for m in modules]
    if len(modules) == 2:
        header.append(f"{modules[1].__name__} ÷ {modules[0].__name__}")
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for name in names:
        medians = [statistics.median(r[name] for r in samples[m.__name__]) for m in modules]
        row = [name] + [f"{v:.2f}" for v in medians]
        if len(modules) == 2:
            row.append(f"{medians[1] / medians[0]:.2f}")
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
