#!/usr/bin/env python3
"""check-layers.py: the folders import and reach only what docs/architecture.md says they may.

SwiftPM already refuses an import of a module a target does not depend on, so the layers between
modules hold by construction. Inside a module nothing stops a file from reaching into another
folder's state; these rules do:

  Sources/Tether/Model          reaches the layout pass only through the methods of
                                Pass/LayoutEngine+ModelEvents.swift, never the pass's fields
  Sources/Tether/VisualFormat   knows the model only (no pass types)
  Sources/TetherSolver/Model    knows no other folder of the solver
  Sources/TetherC/Exports       reach engines and solvers through Support (no raw handle casts)

Each rule is a list of words a folder's Swift files must not contain outside comments. Exits 1,
naming each file, line and word, when one does.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The pass's state: the fields of LayoutEngine and RootLayout that a pass reads and writes.
PASS_STATE = ["rootLayouts", "dirtyRoots", "formerRoots", "brokenConstraintCount", "needsRebuild",
              "hooksStale", "pendingContentSizes", "updateConstraintsPending", "stackConstraints",
              "inspectionConstraints["]

RULES = [
    ("Sources/Tether/Model", PASS_STATE + ["RootLayout("]),
    ("Sources/Tether/VisualFormat", PASS_STATE + ["RootLayout"]),
    ("Sources/TetherSolver/Model", ["Tableau", "DefinitionStore", "DefinitionUsers", "BatchPlan"]),
    ("Sources/TetherC/Exports", ["Unmanaged<", "HandleRegistry.shared"]),
]


def code_lines(path):
    """The lines of a Swift file with `//` comments cut off (string contents are kept)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        yield number, re.sub(r"^\s*///?.*$|\s//(?!/).*$", "", line)


def main():
    failures = []
    for folder, words in RULES:
        files = sorted((ROOT / folder).rglob("*.swift"))
        if not files:
            failures.append(f"{folder}: no Swift files (the rule names a folder that moved)")
        for path in files:
            for number, line in code_lines(path):
                for word in words:
                    if word in line:
                        failures.append(f"{path.relative_to(ROOT)}:{number}: {word!r} is not "
                                        f"for {folder} (docs/architecture.md)")
    for failure in failures:
        print(failure, file=sys.stderr)
    if failures:
        return 1
    print(f"check-layers: {sum(len(w) for _, w in RULES)} rules over {len(RULES)} folders hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
