#!/usr/bin/env python3
"""check-layers.py: the folders import and reach only what docs/architecture.md says they may.

SwiftPM already refuses an import of a module a target does not depend on, so the layers between
modules hold by construction. Inside a module nothing stops a file from reaching into another
folder's state; these rules do:

  Sources/Tether/Model          reaches the layout pass only through the methods of
                                Pass/LayoutEngine+ModelEvents.swift, never the pass's fields
  Sources/Tether/VisualFormat   knows the model only (no pass types)
  Sources/Tether/Equations      knows the model only (no pass types)
  Sources/TetherSolver/Model    knows no other folder of the solver
  Sources/TetherC/Exports       reach engines and solvers through Support (no raw handle casts)
  Sources/TetherInterfaceBuilder  imports Tether (and TetherSolver) only: no layer above it, and
                                no Foundation (its XML reader keeps the library self-contained)
  bindings/python/tether        no import cycle among its modules, and no module imports a sibling
                                inside a function (only at the top, or for annotations under
                                typing.TYPE_CHECKING); __init__.py, the top, loads the modules
                                behind its public names on first use (importlib, not checked here)

Each rule is a list of words a folder's Swift files must not contain outside comments. Exits 1,
naming each file, line and word, when one does.
"""
import ast
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
    ("Sources/Tether/Equations", PASS_STATE + ["RootLayout"]),
    ("Sources/TetherSolver/Model", ["Tableau", "DefinitionStore", "DefinitionUsers", "BatchPlan"]),
    ("Sources/TetherC/Exports", ["Unmanaged<", "HandleRegistry.shared"]),
    ("Sources/TetherInterfaceBuilder", ["import TetherDocument", "import TetherC", "import CTether",
                                        "import Foundation", "import Glibc", "import Darwin"]),
]


def code_lines(path):
    """The lines of a Swift file with `//` comments cut off (string contents are kept)."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        yield number, re.sub(r"^\s*///?.*$|\s//(?!/).*$", "", line)


def python_imports(package):
    """The sibling modules each module of `package` imports at run time, and the failures: an
    import inside a function, or a cycle."""
    modules = {p.stem: p for p in sorted(package.glob("*.py"))}
    edges = {m: set() for m in modules}
    failures = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        annotations_only = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                annotations_only.update(id(n) for n in ast.walk(node))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level != 1 or id(node) in annotations_only:
                continue
            targets = [node.module] if node.module else [alias.name for alias in node.names]
            for target in (t.split(".")[0] for t in targets):
                if target not in modules:
                    continue
                edges[name].add(target)
                if node.col_offset > 0:
                    failures.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports .{target} inside a "
                                    "function (import it at the top, or register with the lower module)")
    state = {}

    def visit(module, path):
        state[module] = "open"
        for target in sorted(edges[module]):
            if state.get(target) == "open":
                cycle = path[path.index(target):] + [target]
                failures.append(f"{package.relative_to(ROOT)}: import cycle " + " -> ".join(cycle))
            elif target not in state:
                visit(target, path + [target])
        state[module] = "done"

    for module in modules:
        if module not in state:
            visit(module, [module])
    return failures


def main():
    failures = python_imports(ROOT / "bindings/python/tether")
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
    print(f"check-layers: {sum(len(w) for _, w in RULES)} rules over {len(RULES)} folders hold; "
          "the Python package has no import cycle and no import inside a function")
    return 0


if __name__ == "__main__":
    sys.exit(main())
