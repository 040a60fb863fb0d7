"""The command line's ``ib`` command, run as users run it: ``python -m tether ib FILE``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tether
from tether import _ffi
from tether._cli_interface_builder import _RootResult, _out_paths
from test_interface_builder import GADGET_LINE, STORYBOARD

BINDINGS = Path(tether.__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(BINDINGS)
    env["TETHER_LIBRARY"] = str(_ffi.loaded_path)
    return subprocess.run([sys.executable, "-m", "tether", "ib", *args], env=env,
                          capture_output=True, text=True)


@pytest.fixture
def storyboard(tmp_path: Path) -> Path:
    path = tmp_path / "Main.storyboard"
    path.write_text(STORYBOARD, encoding="utf-8")
    return path


def test_json_lists_every_frame_by_ib_id(storyboard: Path) -> None:
    result = run(str(storyboard), "--json")
    assert result.returncode == 0, result.stderr
    value = json.loads(result.stdout)
    assert [root["id"] for root in value["roots"]] == ["root"]
    root = value["roots"][0]
    assert root["frames"] == {"root": [0, 0, 375, 667], "lbl": [20, 30, 42, 21],
                              "box": [0, 59, 187.5, 44], "off": [100, 200, 10, 10]}
    assert root["conflicts"] == [] and root["ambiguous"] == []
    assert [u for u in value["unsupported"] if u.startswith(f"line {GADGET_LINE}: <gadget>")]


def test_the_table(storyboard: Path) -> None:
    result = run(str(storyboard))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # A view's user label (Xcode's outline name) follows its frame.
    assert lines[:5] == ["== root ==", "root 0 0 375 667", "lbl 20 30 42 21", "box 0 59 187.5 44 (Half box)",
                         "off 100 200 10 10"]
    assert any(line.startswith(f"unsupported: line {GADGET_LINE}: <gadget>") for line in lines)


def test_check_skips_misplaced_views_and_counts_matches(storyboard: Path) -> None:
    result = run(str(storyboard), "--check")
    assert result.returncode == 0, result.stderr
    # lbl and box are placed by constraints; off is marked misplaced (its saved frame is stale).
    assert "check: 2 of 2 views at their saved frames (100.0 %)" in result.stdout


def test_check_reports_each_mismatch(tmp_path: Path) -> None:
    path = tmp_path / "Wrong.storyboard"
    path.write_text(STORYBOARD.replace('x="20" y="30" width="42"', 'x="25" y="30" width="42"'), encoding="utf-8")
    result = run(str(path), "--check", "--json")
    assert result.returncode == 1, result.stderr
    check = json.loads(result.stdout)["check"]
    assert check["checked"] == 2 and check["matched"] == 1
    assert len(check["mismatches"]) == 1 and check["mismatches"][0].startswith("lbl <label> line ")
    assert "20 30 42 21, saved 25 30 42 21" in check["mismatches"][0]


def test_conflicts_and_ambiguous_views_per_root(tmp_path: Path) -> None:
    # box gets a second, contradicting height (a conflict); off loses its position (ambiguous).
    text = (STORYBOARD.replace('<constraint firstAttribute="height" constant="44" id="c1"/>',
                               '<constraint firstAttribute="height" constant="44" id="c1"/>'
                               '<constraint firstAttribute="height" constant="45" id="c11"/>')
            .replace('<constraint firstItem="off" firstAttribute="top" secondItem="root" '
                     'secondAttribute="top" constant="200" id="c10"/>', ""))
    path = tmp_path / "Problems.storyboard"
    path.write_text(text, encoding="utf-8")
    result = run(str(path), "--json")
    assert result.returncode == 0, result.stderr
    root = json.loads(result.stdout)["roots"][0]
    assert len(root["conflicts"]) == 1
    assert root["ambiguous"] == ["off"]


def test_a_malformed_document_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "Broken.xib"
    path.write_text("<document>\n  <objects>\n</document>\n", encoding="utf-8")
    result = run(str(path), "--json")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"tether: error: {path}: line 3, column ")


def test_a_missing_file(tmp_path: Path) -> None:
    result = run(str(tmp_path / "none.storyboard"))
    assert result.returncode == 2 and "cannot read" in result.stderr


def test_svg_draws_the_laid_out_root(storyboard: Path, tmp_path: Path) -> None:
    out = tmp_path / "screen.svg"
    result = run(str(storyboard), "--svg", str(out))
    assert result.returncode == 0, result.stderr
    assert f"picture: {out}" in result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<svg") or text.startswith("<?xml")
    assert 'data-id="' in text and "</svg>" in text


def test_svg_names_one_picture_per_root_when_there_are_several(engine: tether.Engine) -> None:
    roots = []
    for ib_id in ("BYZ-38-t0r", "a1b-2c-3d4"):
        view = tether.View(engine=engine)
        view.identifier = ib_id
        roots.append(_RootResult(view))
    assert [p for p, _ in _out_paths("out/screen.svg", roots, ".svg")] == [
        os.path.join("out", "screen-BYZ-38-t0r.svg"), os.path.join("out", "screen-a1b-2c-3d4.svg")]
    assert [p for p, _ in _out_paths("screen.svg", roots[:1], ".svg")] == ["screen.svg"]
