"""The README's C programs compile against tether.h, run against the loaded library, and print
what their comments say (issue 24, item 9: a new user copies them first).

Each ```c block of README.md is compiled with plain ``cc`` and run; every ``printf`` line ending in
a comment ``/* TEXT */`` promises that TEXT is printed, in that order.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tether import _ffi

ROOT = Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
_BLOCK = re.compile(r"```c\n(.*?)```", re.S)
_PROMISE = re.compile(r'printf\(.*;\s*/\*\s*(.*?)\s*\*/\s*$', re.M)


def _blocks():
    return _BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_a_solver_and_a_view_model_program_in_c() -> None:
    blocks = _blocks()
    assert any("tether_solver_new" in b for b in blocks)
    assert any("tether_engine_new" in b and "tether_view_layout_if_needed" in b for b in blocks)


@pytest.mark.parametrize("index", range(len(_BLOCK.findall(README.read_text(encoding="utf-8")))))
def test_a_readme_c_program_prints_what_it_says(index: int, tmp_path: Path) -> None:
    if shutil.which("cc") is None:
        pytest.skip("no C compiler")
    source = _blocks()[index]
    promised = _PROMISE.findall(source)
    assert promised, "each program states what it prints"
    (tmp_path / "example.c").write_text(source)
    library = Path(_ffi.loaded_path)
    subprocess.run(["cc", "-std=c99", "-Wall", "-Werror", "-I", str(ROOT / "Include"),
                    str(tmp_path / "example.c"), "-L", str(library.parent), "-l:" + library.name,
                    "-Wl,-rpath," + str(library.parent), "-o", str(tmp_path / "example")],
                   check=True)
    run = subprocess.run([str(tmp_path / "example")], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == promised
