"""The command line, run as users run it: ``python -m tether solve|check|resize|render DOC``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

import tether
import tether.render
from tether import _ffi

BINDINGS = Path(tether.__file__).resolve().parents[1]
SCREEN = BINDINGS.parents[1] / "examples" / "documents" / "screen.json"

#: A document with a conflict (a is 50 wide between the edges of a 100-wide root) and an
#: ambiguous view (b has no x and no height).
PROBLEMS = {
    "tether": 1,
    "views": [{
        "identifier": "root", "frame": [0, 0, 100, 100],
        "subviews": [{"identifier": "a", "translatesAutoresizingMaskIntoConstraints": False},
                     {"identifier": "b", "translatesAutoresizingMaskIntoConstraints": False}],
        "constraints": [{"visualFormat": "H:|[a(50)]|"}, {"visualFormat": "V:|[a]|"},
                        {"first": "b.width", "constant": 10},
                        {"first": "b.top", "second": "root.top"}],
    }],
}


def run(*args: str, cwd: Path = BINDINGS.parents[1]) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(BINDINGS)
    env["TETHER_LIBRARY"] = str(_ffi.loaded_path)
    return subprocess.run([sys.executable, "-m", "tether", *args], cwd=str(cwd), env=env,
                          capture_output=True, text=True)


@pytest.fixture
def problems(tmp_path: Path) -> Path:
    path = tmp_path / "problems.json"
    path.write_text(json.dumps(PROBLEMS), encoding="utf-8")
    return path


def test_solve_prints_every_frame_as_a_table() -> None:
    result = run("solve", str(SCREEN))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout == (
        "view         x    y  width  height\n"
        "root         0    0    320     480\n"
        "  [gap]      0  408    160       8\n"
        "  header     0   20    320      44\n"
        "    title  100   10    120      24\n"
        "  content   20   72    280     336\n"
        "  cancel    20  416    136      44\n"
        "  ok       164  416    136      44\n"
        "(frames in superview coordinates; guides in [brackets], in their owning view's)\n"
    )


def test_solve_at_a_size_in_root_coordinates() -> None:
    result = run("solve", str(SCREEN), "--size", "480x320", "--coordinates", "root")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].split() == ["root", "0", "0", "480", "320"]
    assert lines[4].split() == ["title", "180", "30", "120", "24"]  # 10 below the header's top
    assert lines[-1] == "(frames in root coordinates; guides in [brackets])"


def test_solve_json() -> None:
    result = run("solve", str(SCREEN), "--json", "--size", "320x400.5")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["size"] == [320, 400.5]
    items = {item["name"]: item for item in data["items"]}
    assert list(items) == ["root", "gap", "header", "title", "content", "cancel", "ok"]
    assert items["title"] == {"name": "title", "kind": "view", "parent": "header", "depth": 2,
                              "frame": [100, 10, 120, 24], "rootFrame": [100, 30, 120, 24]}
    assert items["gap"]["kind"] == "guide" and items["gap"]["parent"] == "root"
    assert items["root"]["parent"] is None
    assert items["cancel"]["frame"] == [20, 400.5 - 64, 136, 44]


def test_resize_prints_a_table_per_size() -> None:
    result = run("resize", str(SCREEN), "--sizes", "320x480,480x320")
    assert result.returncode == 0, result.stderr
    sections = result.stdout.split("\n\n")
    assert [s.splitlines()[0] for s in sections] == ["== 320 x 480 ==", "== 480 x 320 =="]
    assert sections[0].splitlines()[8].split() == ["ok", "164", "416", "136", "44"]
    assert sections[1].splitlines()[8].split() == ["ok", "244", "256", "216", "44"]
    as_json = json.loads(run("resize", str(SCREEN), "--sizes", "200x300, 300x200", "--json").stdout)
    assert [entry["size"] for entry in as_json] == [[200, 300], [300, 200]]
    assert as_json[1]["items"][0]["frame"] == [0, 0, 300, 200]


def test_check_of_a_sound_document() -> None:
    result = run("check", str(SCREEN))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("conflicts: none\nambiguous layouts: none\nautolayout trace of root:\n")
    assert "•View:0x" in result.stdout and "*View:0x" in result.stdout
    assert "AMBIGUOUS" not in result.stdout


def test_check_reports_conflicts_and_ambiguity(problems: Path) -> None:
    result = run("check", str(problems))
    assert result.returncode == 1
    out = result.stdout
    assert out.startswith("conflicts: 1\nUnable to simultaneously satisfy constraints.")
    assert "Will attempt to recover by breaking constraint" in out
    assert "ambiguous layouts: 1\n  b (View:0x" in out
    # Only b's width: the root's origin pin, which an ambiguous x used to reach, is never listed.
    assert "    horizontal: x in [-inf, inf]; constraints affecting this axis: 1\n" in out
    assert "Tether-Root-Min" not in out
    assert "    vertical: height in [-inf, inf]; constraints affecting this axis: 1\n" in out
    assert "- AMBIGUOUS LAYOUT for View:0x" in out
    assert result.stderr == ""  # the report goes to the output, not to the default handler


def test_render_svg(tmp_path: Path) -> None:
    plain, annotated = tmp_path / "plain.svg", tmp_path / "annotated.svg"
    assert run("render", str(SCREEN), "-o", str(plain)).returncode == 0
    result = run("render", str(SCREEN), "-o", str(annotated), "--constraints", "--size", "480x320")
    assert result.returncode == 0, result.stderr
    text = annotated.read_text(encoding="utf-8")
    assert text.startswith("<?xml") and '<g class="constraint spacing"' in text
    assert '<g class="constraint ' not in plain.read_text(encoding="utf-8")
    assert 'width="496" height="336"' in text  # 480 x 320 with 8 points of padding
    header = tmp_path / "header.svg"
    assert run("render", str(SCREEN), "-o", str(header), "--root", "header").returncode == 0
    assert ">title</text>" in header.read_text(encoding="utf-8")


@pytest.mark.skipif(not tether.render.converters(), reason="no SVG to PNG converter installed")
def test_render_png(tmp_path: Path) -> None:
    target = tmp_path / "screen.png"
    result = run("render", str(SCREEN), "-o", str(target), "--scale", "2")
    assert result.returncode == 0, result.stderr
    assert target.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("command", [["solve"], ["check"], ["resize", "--sizes", "1x1"],
                                     ["render", "-o", "out.svg"]])
def test_a_bad_document_exits_2_with_its_json_path(tmp_path: Path, command: List[str]) -> None:
    path = tmp_path / "typo.json"
    path.write_text('{"tether": 1, "views": [{"identifier": "r", "subviews": [{"identifier": "header"}],'
                    ' "constraints": [{"first": "hedaer.top", "second": "r.top"}]}]}', encoding="utf-8")
    result = run(command[0], str(path), *command[1:], cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == ('tether: error: $.views[0].constraints[0].first: unknown item "hedaer" '
                             '(did you mean "header"?)\n')
    assert not (tmp_path / "out.svg").exists()


def test_syntax_errors_and_missing_files_exit_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"tether": 1,\n "views": [}\n', encoding="utf-8")
    result = run("solve", str(broken))
    assert result.returncode == 2
    assert result.stderr == "tether: error: $.views[0]: line 2, column 12: expected a JSON value, found '}'\n"
    missing = run("solve", str(tmp_path / "missing.json"))
    assert missing.returncode == 2
    assert missing.stderr.startswith("tether: error: cannot read ") and "missing.json" in missing.stderr


@pytest.mark.parametrize("args", [
    [],
    ["solve"],
    ["solve", "x.json", "--size", "12"],
    ["solve", "x.json", "--size", "-1x5"],
    ["resize", "x.json"],
    ["resize", "x.json", "--sizes", "1x1,,2x2"],
    ["render", "x.json"],
    ["frobnicate", "x.json"],
])
def test_usage_errors_exit_2(args: List[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "usage: python -m tether" in result.stderr


def test_render_usage_errors_need_the_document(tmp_path: Path) -> None:
    result = run("render", str(SCREEN), "-o", str(tmp_path / "screen.gif"))
    assert result.returncode == 2 and "must end in .svg or .png" in result.stderr
    result = run("render", str(SCREEN), "-o", str(tmp_path / "x.svg"), "--root", "gap")
    assert result.returncode == 2
    assert result.stderr == "tether: error: the document has no view named 'gap'\n"
    assert not (tmp_path / "x.svg").exists()


def test_json_output_never_holds_infinity(tmp_path: Path) -> None:
    """Frames in root coordinates are sums of frames: two views at 1.7e308 inside one another
    sum to infinity, which JSON cannot hold (Python's json wrote ``Infinity``). The command
    fails instead; the table still shows it."""
    doc = tmp_path / "far.json"
    doc.write_text(json.dumps({"tether": 1, "views": [{
        "identifier": "root", "frame": [0, 0, 10, 10], "subviews": [{
            "identifier": "a", "frame": [1.7e308, 0, 10, 10],
            "subviews": [{"identifier": "b", "frame": [1.7e308, 0, 5, 5]}]}]}]}))
    for command in (["solve", str(doc), "--json"], ["resize", str(doc), "--sizes", "10x10", "--json"]):
        result = run(*command)
        assert result.returncode == 1, result.stdout
        assert "not finite, which JSON cannot hold" in result.stderr
        assert "Infinity" not in result.stdout
    table = run("solve", str(doc), "--coordinates", "root")
    assert table.returncode == 0 and "inf" in table.stdout
