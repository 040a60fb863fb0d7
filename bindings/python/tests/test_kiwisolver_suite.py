"""kiwisolver's own test suite, unchanged, on tether.kiwi (issue 21).

The suite is not in this repository: the test fetches kiwisolver's sdist from PyPI with pip
(``pip download --no-binary :all: --no-deps kiwisolver==1.5.1``), checks its SHA-256, keeps it in
``.build/kiwisolver-sdist/`` (git-ignored, so later runs do not download it again), extracts only
its ``py/tests/*.py`` into a temporary folder, and runs them with pytest in a subprocess started as
``python -m tether.kiwi``, where ``import kiwisolver`` gives tether.kiwi. It fails if any of
kiwisolver's tests fails, errors or is skipped, if fewer than :data:`EXPECTED_TESTS` run, or if the
sdist cannot be had (CI has PyPI; no silent skip).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

import tether
from tether import _ffi

from helpers import junit_counts

VERSION = "1.5.1"
SDIST = f"kiwisolver-{VERSION}.tar.gz"
#: The SHA-256 of kiwisolver 1.5.1's sdist on PyPI.
SDIST_SHA256 = "f1303ef2eec81262a4b708c3e858afe58d7c75ad91c1c05266eda7673369859a"
#: How many tests kiwisolver 1.5.1's py/tests hold.
EXPECTED_TESTS = 50

BINDINGS = Path(tether.__file__).resolve().parents[1]
CACHE = BINDINGS.parents[1] / ".build" / "kiwisolver-sdist"


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kiwisolver_sdist() -> Path:
    """The cached sdist, downloaded with pip first if it is missing or not the expected file."""
    path = CACHE / SDIST
    if path.is_file() and _sha256(path) == SDIST_SHA256:
        return path
    CACHE.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    command = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
               "--no-binary", ":all:", "--no-deps", f"kiwisolver=={VERSION}", "-d", str(CACHE)]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as error:
        pytest.fail(f"could not download kiwisolver {VERSION}'s sdist ({error}); this test needs "
                    f"PyPI (or the sdist at {path})", pytrace=False)
    if result.returncode != 0 or not path.is_file():
        pytest.fail(f"could not download kiwisolver {VERSION}'s sdist with `{' '.join(command)}` "
                    f"(exit status {result.returncode}); this test needs PyPI, or the sdist at "
                    f"{path}.\n{result.stdout}{result.stderr}", pytrace=False)
    digest = _sha256(path)
    if digest != SDIST_SHA256:
        path.unlink()
        pytest.fail(f"{SDIST} from PyPI has SHA-256 {digest}, not {SDIST_SHA256}", pytrace=False)
    return path


def extract_tests(sdist: Path, folder: Path) -> Path:
    """Copies the sdist's py/tests/*.py (and nothing else) into ``folder``/tests."""
    prefix = f"kiwisolver-{VERSION}/py/tests/"
    tests = folder / "tests"
    tests.mkdir()
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            name = member.name[len(prefix):]
            if (not member.name.startswith(prefix) or not member.isfile() or "/" in name
                    or not name.endswith(".py")):
                continue
            source = archive.extractfile(member)
            assert source is not None
            (tests / name).write_bytes(source.read())
    return tests


#: Run by ``python -m tether.kiwi -c``: checks that kiwisolver is tether.kiwi, then runs pytest.
RUNNER = """\
import sys
import kiwisolver
import pytest
assert kiwisolver.__name__ == "tether.kiwi", kiwisolver
raise SystemExit(pytest.main(sys.argv[1:]))
"""


def test_kiwisolver_suite_passes_unchanged(tmp_path: Path) -> None:
    tests = extract_tests(kiwisolver_sdist(), tmp_path)
    files = sorted(p.name for p in tests.glob("test_*.py"))
    assert files, f"no test files under py/tests in {SDIST}"
    # An ini file of its own, so that no configuration above the temporary folder applies.
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    report = tmp_path / "report.xml"
    env = dict(os.environ)
    env["PYTHONPATH"] = str(BINDINGS)
    env["TETHER_LIBRARY"] = str(_ffi.loaded_path)
    result = subprocess.run(
        [sys.executable, "-m", "tether.kiwi", "-c", RUNNER, "-q", "-p", "no:cacheprovider",
         "--rootdir", str(tmp_path), f"--junitxml={report}", str(tests)],
        cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=600,
    )
    output = result.stdout + result.stderr
    counts = junit_counts(report, f"exit status {result.returncode}:\n{output}")
    passed = counts["passed"]
    print(f"kiwisolver {VERSION}'s suite on tether.kiwi: {passed} passed of {counts['tests']} "
          f"({', '.join(files)})")
    assert result.returncode == 0, f"kiwisolver's tests failed on tether.kiwi:\n{output}"
    assert counts["failures"] == counts["errors"] == counts["skipped"] == 0, output
    assert counts["tests"] >= EXPECTED_TESTS, (
        f"only {counts['tests']} of kiwisolver's tests ran (expected {EXPECTED_TESTS}):\n{output}")
    assert passed == counts["tests"]
