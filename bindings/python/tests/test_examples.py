"""Every Python example runs from anywhere with nothing installed and passes its own checks
(each exits non-zero when its results are wrong)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tether
from tether import _ffi

EXAMPLES = Path(tether.__file__).resolve().parents[3] / "examples" / "python"


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_example_runs_and_checks_itself(script: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["TETHER_LIBRARY"] = str(_ffi.loaded_path)
    result = subprocess.run([sys.executable, str(EXAMPLES / script)], cwd="/", env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip(), "an example prints what it did"


def test_examples_are_found() -> None:
    assert {"solver_demo.py", "screen_demo.py", "conflict_and_ambiguity.py", "vfl_screen.py"} <= {
        p.name for p in EXAMPLES.glob("*.py")
    }
