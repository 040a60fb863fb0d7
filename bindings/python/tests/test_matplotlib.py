"""matplotlib's constrained layout on tether.kiwi, with kiwisolver resolved to it the supported
way (``python -m tether.kiwi``), each run in a subprocess of its own.

(a) matplotlib's own ``tests/test_constrainedlayout.py``, from the installed matplotlib, passes.
    The wheel ships the test modules but not their baseline images (and its
    ``matplotlib/tests/__init__.py`` refuses to import without them), so the module is copied to
    a temporary folder at test time and run with matplotlib's test fixtures as a plugin
    (``-p matplotlib.testing.conftest``, what the package's conftest.py imports); the tests
    decorated with ``image_comparison`` (they compare with baseline images) or
    ``check_figures_equal`` are deselected, found by reading the module.
(b) The figures of ``mpl_layouts.py`` (grids, colorbars, suptitles and suplabels, nested
    gridspecs, subfigures, mosaics, compressed layout...) laid out by the real kiwisolver and by
    tether.kiwi put every axes at the same place, within 1e-9 of the figure.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List, Set

import pytest

import tether
from tether import _ffi

from helpers import junit_counts

matplotlib = pytest.importorskip("matplotlib")  # a test requirement: absent only outside make

BINDINGS = Path(tether.__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
#: The largest difference allowed between the two layouts, in figure fraction.
TOLERANCE = 1e-9
#: Decorators whose tests need baseline images or compare rendered figures.
IMAGE_DECORATORS = {"image_comparison", "check_figures_equal"}


def run_python(*args: str, cwd: Path, on_tether: bool) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(BINDINGS)
    env["TETHER_LIBRARY"] = str(_ffi.loaded_path)
    env["MPLBACKEND"] = "Agg"
    prefix = ["-m", "tether.kiwi"] if on_tether else []
    return subprocess.run([sys.executable, *prefix, *args], cwd=str(cwd), env=env,
                          capture_output=True, text=True, timeout=1800)


def image_tests(module: Path) -> Set[str]:
    """The test functions of ``module`` decorated with one of :data:`IMAGE_DECORATORS`."""
    names = set()
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for decorator in node.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if name in IMAGE_DECORATORS:
                names.add(node.name)
    return names


#: Run by ``python -m tether.kiwi -c``: checks that kiwisolver is tether.kiwi, deselects the
#: tests named in argv[1] (JSON), runs pytest with the rest of argv.
RUNNER = """\
import json, sys
import kiwisolver
import pytest
assert kiwisolver.__name__ == "tether.kiwi", kiwisolver
skip = set(json.loads(sys.argv[1]))

class Deselect:
    def pytest_collection_modifyitems(self, config, items):
        gone = [i for i in items if getattr(i, "originalname", i.name) in skip]
        items[:] = [i for i in items if i not in gone]
        config.hook.pytest_deselected(items=gone)

raise SystemExit(pytest.main(sys.argv[2:], plugins=[Deselect()]))
"""


def test_matplotlib_constrained_layout_tests_pass(tmp_path: Path) -> None:
    source = Path(matplotlib.__file__).parent / "tests" / "test_constrainedlayout.py"
    assert source.is_file(), f"the installed matplotlib has no {source}"
    module = tmp_path / source.name
    shutil.copyfile(source, module)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    deselected = image_tests(module)
    report = tmp_path / "report.xml"
    result = run_python(
        "-c", RUNNER, json.dumps(sorted(deselected)), "-q", "-p", "no:cacheprovider",
        "-p", "matplotlib.testing.conftest", "--rootdir", str(tmp_path),
        f"--junitxml={report}", str(module), cwd=tmp_path, on_tether=True)
    output = result.stdout + result.stderr
    counts = junit_counts(report, f"exit status {result.returncode}:\n{output}")
    passed = counts["passed"]
    print(f"matplotlib {matplotlib.__version__} test_constrainedlayout.py on tether.kiwi: "
          f"{passed} passed of {counts['tests']} run, {counts['skipped']} skipped; "
          f"{len(deselected)} image tests deselected")
    assert result.returncode == 0, output
    assert counts["failures"] == counts["errors"] == 0, output
    assert passed >= 20, f"only {passed} of matplotlib's constrained-layout tests passed:\n{output}"


def test_same_axes_positions_as_kiwisolver(tmp_path: Path) -> None:
    pytest.importorskip("kiwisolver")  # the real one, a test requirement
    runs = []
    for on_tether in (False, True):
        result = run_python(str(HERE / "mpl_layouts.py"), cwd=tmp_path, on_tether=on_tether)
        assert result.returncode == 0, result.stderr
        runs.append(json.loads(result.stdout))
    real, ours = runs
    assert real["kiwisolver"] == "kiwisolver" and ours["kiwisolver"] == "tether.kiwi"
    assert len(real["figures"]) >= 10 and real["figures"].keys() == ours["figures"].keys()
    worst = 0.0
    failures: List[str] = []
    for name, boxes in real["figures"].items():
        got = ours["figures"][name]
        assert len(got) == len(boxes) > 0, name
        for k, (a, b) in enumerate(zip(boxes, got)):
            difference = max(abs(x - y) for x, y in zip(a, b))
            worst = max(worst, difference)
            if difference > TOLERANCE:
                failures.append(f"{name} axes {k}: kiwisolver {a}, tether.kiwi {b}")
    count = sum(len(b) for b in real["figures"].values())
    print(f"{len(real['figures'])} figures, {count} axes: worst difference {worst:.3g}")
    assert not failures, "\n".join(failures)
