"""The pencil picker examples (examples/c/pencil_picker.c, examples/python/pencil_picker.py) lay
out and animate identically: the same printed frames and the same animated SVG, byte for byte.
Each example also checks its own frames against the constraints (test_examples.py runs the
Python one; `make test-c` the C one)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tether import _ffi

REPO = Path(__file__).resolve().parents[3]
C_PROGRAM = REPO / ".build" / "c" / "examples" / "pencil_picker"


def run(command: list, tmp_path: Path, name: str) -> tuple:
    out = tmp_path / name
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["TETHER_LIBRARY"] = str(_ffi.loaded_path)
    result = subprocess.run(command + [str(out)], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    frames = [line for line in result.stdout.splitlines() if line.startswith("t=")]
    return frames, out.read_text(encoding="utf-8")


def test_the_python_picker_animates_two_pencils(tmp_path: Path) -> None:
    frames, svg = run([sys.executable, str(REPO / "examples" / "python" / "pencil_picker.py")], tmp_path, "py.svg")
    assert len(frames) == 6
    assert frames[0] == "t=0.000 pencil_1 (80.000, 48.000, 48.000, 120.000) pencil_3 (208.000, 80.000, 48.000, 120.000)"
    assert frames[-1] == "t=0.500 pencil_1 (80.000, 80.000, 48.000, 120.000) pencil_3 (208.000, 48.000, 48.000, 120.000)"
    tree = ElementTree.fromstring(svg)
    moving = [r.get("data-id") for r in tree.iter("{http://www.w3.org/2000/svg}rect")
              if r.find("{http://www.w3.org/2000/svg}animate") is not None]
    assert len(moving) == 6  # two pencils, their tips and their bases
    assert tree.get("data-animation-duration") == "0.5"


@pytest.mark.skipif(not C_PROGRAM.exists(), reason="the C examples are not built (make c-examples)")
def test_the_c_and_python_pickers_agree(tmp_path: Path) -> None:
    c_frames, c_svg = run([str(C_PROGRAM)], tmp_path, "c.svg")
    py_frames, py_svg = run([sys.executable, str(REPO / "examples" / "python" / "pencil_picker.py")],
                            tmp_path, "py.svg")
    assert c_frames == py_frames
    assert c_svg == py_svg
