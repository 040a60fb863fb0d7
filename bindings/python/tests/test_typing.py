"""The package's type information, checked with ``mypy --strict`` (mypy is in
requirements-test.txt; without it these tests are skipped).

Three checks, one mypy run each: the package itself has no errors; correct user code
(typing_sample.py, which also runs) has none; and each wrong snippet below has an error on the
line that is wrong (and nowhere else), so that the types keep refusing what fails at run time.
"""

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

import tether

pytest.importorskip("mypy", reason="mypy is not installed (pip install -r requirements-test.txt)")

PACKAGE_ROOT = Path(__file__).resolve().parents[1]  # bindings/python: tether/ and pyproject.toml
SAMPLE = Path(__file__).with_name("typing_sample.py")

# "file.py:12: error: message  [code]"
_ERROR = re.compile(
    r"^(?P<path>[^:]+):(?P<line>\d+): error: (?P<message>.*?)\s+\[(?P<code>[a-z-]+)\]$"
)


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache for the module's runs: the package is analysed once, not three times."""
    return tmp_path_factory.mktemp("mypy_cache")


def _mypy(cache: Path, cwd: Path, *args: str) -> Tuple[int, str]:
    """``mypy --strict`` with the package's settings, finding this tether (not an installed one)
    first; returns the exit status and the output."""
    env = dict(os.environ, MYPYPATH=str(PACKAGE_ROOT))
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file",
         str(PACKAGE_ROOT / "pyproject.toml"), "--cache-dir", str(cache),
         "--no-error-summary", "--show-error-codes", "--no-color-output", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
    )
    return run.returncode, run.stdout + run.stderr


def test_the_package_passes_mypy_strict(mypy_cache: Path) -> None:
    status, output = _mypy(mypy_cache, PACKAGE_ROOT, "-p", "tether")
    assert status == 0, output
    assert (PACKAGE_ROOT / "tether" / "py.typed").is_file()


def test_the_names_tether_exports_are_all_listed_literally() -> None:
    # __all__ spells the geometry and error names out for type checkers; it must list them all.
    assert set(tether._GEOMETRY_NAMES) <= set(tether.__all__)
    assert set(tether._ERROR_NAMES) <= set(tether.__all__)


def test_correct_code_passes_mypy_strict_and_runs(mypy_cache: Path) -> None:
    status, output = _mypy(mypy_cache, SAMPLE.parent, SAMPLE.name)
    assert status == 0, output
    # What type-checks is also valid: the sample runs (in an engine of its own).
    namespace: Dict[str, object] = {"__name__": "typing_sample"}
    exec(compile(SAMPLE.read_text(encoding="utf-8"), str(SAMPLE), "exec"), namespace)
    main = namespace["main"]
    assert callable(main)
    main()


# Every snippet starts with these lines (never run: mypy only reads them).
_PREAMBLE = """\
import tether
import tether.kiwi
from tether.solver import Solver

root = tether.View(frame=(0, 0, 320, 480))
a = root.new_subview("a")
b = root.new_subview("b")
stack = tether.StackView([a, b])
guide = tether.LayoutGuide()
"""

# (the wrong line, the error code mypy gives it). Each is a mistake the run-time checks refuse.
_WRONG: List[Tuple[str, str]] = [
    # Anchors of different axes or kinds.
    ("c = a.top == b.width", "operator"),
    ("c = a.left == b.top", "operator"),
    ("c = a.width == b.left", "operator"),
    ("c = a.center_x <= guide.center_y", "operator"),
    ("c = a.leading >= b.bottom + 8", "operator"),
    ("c = a.width == b.left * 2", "operator"),
    ("c = b.right + 8 <= a.top", "operator"),
    ("c = b.right + 8 == a.width", "operator"),
    # A location related to a number (only sizes take one).
    ("c = a.top >= 10", "operator"),
    ("c = a.left <= 0.5", "operator"),
    ("tether.activate([a.top == 10])", "list-item"),
    # Arithmetic takes numbers only.
    ("e = a.left + b.top", "operator"),
    ("e = a.width + a.left", "operator"),
    ("e = a.width * b.width", "operator"),
    ("e = (a.width + 8) - b.height", "operator"),
    # Geometry setters take the value or a sequence of numbers.
    ('a.frame = "x"', "assignment"),
    ("a.layout_margins = 3", "assignment"),
    ('a.safe_area_insets = ("1", 2, 3, 4)', "assignment"),
    ("a.center = None", "assignment"),
    ("a.intrinsic_content_size = 40", "assignment"),
    ('a.hidden = "yes"', "assignment"),
    ("tether.StackView(frame=3)", "arg-type"),
    ("size = a.system_layout_size_fitting(10)", "arg-type"),
    # What comes back is typed, not Any.
    ("stack.arrangement_constraints()[0].nonexistent", "attr-defined"),
    ("a.frame.nonexistent", "attr-defined"),
    ("Solver().variables(2)[0].nonexistent", "attr-defined"),
    ("tether.load_document('{}').root.nonexistent", "attr-defined"),
    ("tether.Veiw()", "attr-defined"),
]


def test_wrong_code_fails_mypy_strict_on_the_wrong_line(tmp_path: Path, mypy_cache: Path) -> None:
    wrong_line = _PREAMBLE.count("\n") + 1
    files = []
    for index, (line, _code) in enumerate(_WRONG):
        name = f"wrong_{index:02d}.py"
        (tmp_path / name).write_text(_PREAMBLE + line + "\n", encoding="utf-8")
        files.append(name)
    _status, output = _mypy(mypy_cache, tmp_path, *files)
    found: Dict[str, Set[Tuple[int, str]]] = {name: set() for name in files}
    for text in output.splitlines():
        match = _ERROR.match(text)
        if match is not None and match["path"] in found:
            found[match["path"]].add((int(match["line"]), match["code"]))
    problems = []
    for name, (line, code) in zip(files, _WRONG):
        if found[name] != {(wrong_line, code)}:
            problems.append(f"{line!r}: expected [{code}] on line {wrong_line}, "
                            f"got {sorted(found[name])}")
    assert not problems, "\n".join(problems) + "\n\nmypy said:\n" + output
