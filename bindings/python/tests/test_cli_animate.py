"""``python -m tether animate DOC``: changes made inside an animation block, drawn as an animated
SVG or a frame sequence (run in-process through ``tether.cli.main``, and once as users run it)."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Tuple
from xml.etree import ElementTree

import pytest

import tether
from tether import cli

BINDINGS = Path(tether.__file__).resolve().parents[1]
PICKER = BINDINGS.parents[1] / "examples" / "documents" / "pencil-picker.json"
NS = "{http://www.w3.org/2000/svg}"
SELECT_3 = ("--set", "lift_1=0", "--set", "lift_3=-32")


def main(*args: str) -> Tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        status = cli.main(list(args), out, err)
    except SystemExit as exit:  # argparse's usage errors
        status = int(exit.code or 0)
    return status, out.getvalue(), err.getvalue()


def moving(svg: str) -> dict:
    """identifier-less: data-id -> the <animate> elements' attribute names, for moving rects."""
    tree = ElementTree.fromstring(svg)
    return {r.get("data-id"): sorted(a.get("attributeName") for a in r.findall(NS + "animate"))
            for r in tree.iter(NS + "rect") if r.find(NS + "animate") is not None}


def test_animate_writes_an_animated_svg(tmp_path: Path) -> None:
    out = tmp_path / "picker.svg"
    status, text, err = main("animate", str(PICKER), *SELECT_3, "--duration", "0.5", "--fps", "10",
                             "--svg", str(out))
    assert (status, err) == (0, "")
    assert text.splitlines() == [
        "animation: 6 samples from 0 s to 0.5 s",
        "  pencil_1: (80, 48, 48, 120) -> (80, 80, 48, 120)",
        "  pencil_3: (208, 80, 48, 120) -> (208, 48, 48, 120)",
        f"wrote {out}",
    ]
    svg = out.read_text(encoding="utf-8")
    assert len(moving(svg)) == 6 and all(names == ["y"] for names in moving(svg).values())
    tree = ElementTree.fromstring(svg)
    assert tree.get("data-animation-samples") == "6"
    y = next(a for a in tree.iter(NS + "animate"))
    assert (y.get("dur"), y.get("calcMode"), y.get("fill")) == ("0.5s", "linear", "freeze")


def test_spring_delay_repeat_and_frames(tmp_path: Path) -> None:
    out = tmp_path / "spring.svg"
    status, text, err = main("animate", str(PICKER), *SELECT_3, "--duration", "0.6", "--delay", "0.1",
                             "--spring", "0.5", "--velocity", "1", "--fps", "20", "--repeat", "forever",
                             "--svg", str(out), "--frames", str(tmp_path / "frames"))
    assert (status, err) == (0, ""), err
    assert "animation: 15 samples from 0 s to 0.7 s" in text
    svg = out.read_text(encoding="utf-8")
    assert 'repeatCount="indefinite"' in svg
    # A spring of damping 0.5 overshoots: pencil_3 rises past 48 before it settles.
    values = [float(v) for a in ElementTree.fromstring(svg).iter(NS + "animate")
              for v in a.get("values").split(";")]
    assert min(values) < 48
    frames = sorted((tmp_path / "frames").iterdir())
    assert [f.name for f in frames][:2] == ["frame-0000.svg", "frame-0001.svg"] and len(frames) == 15


def test_curve_size_activation_and_deactivation(tmp_path: Path) -> None:
    out = tmp_path / "size.svg"
    status, text, err = main("animate", str(PICKER), "--size", "400x200", "--curve", "linear",
                             "--deactivate", "lift_1", "--activate", "lift_1", "--svg", str(out))
    assert (status, err) == (0, ""), err
    # 400 wide: the pencils are (400 - 96) / 5 = 60.8 wide; the root grows too.
    assert "  picker: (0, 0, 336, 200) -> (0, 0, 400, 200)" in text
    assert "  pencil_4: (272, 48, 48, 120) -> (323.2, 48, 60.8, 120)" not in text  # pencil_4 is at rest
    assert "  pencil_4: (272, 80, 48, 120) -> (323.2, 80, 60.8, 120)" in text


def test_no_animation_gives_one_sample(tmp_path: Path) -> None:
    status, text, _ = main("animate", str(PICKER), "--duration", "0", *SELECT_3, "--svg", str(tmp_path / "a.svg"))
    assert status == 0 and text.startswith("animation: 1 samples from 0 s to 0 s\n")
    assert "<animate" not in (tmp_path / "a.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (("--set", "nowhere=3"), "--set nowhere: the document has no constraint"),
    (("--deactivate", "nowhere"), "--deactivate nowhere"),
    (("--root", "nowhere"), "no view named 'nowhere'"),
])
def test_unknown_names_are_usage_errors(tmp_path: Path, args: Tuple[str, ...], message: str) -> None:
    status, _, err = main("animate", str(PICKER), *args, "--svg", str(tmp_path / "x.svg"))
    assert status == 2 and message in err


@pytest.mark.parametrize("args", [
    ("--duration", "-1"), ("--duration", "nan"), ("--delay", "-0.5"), ("--spring", "0"),
    ("--fps", "0"), ("--repeat", "0"), ("--set", "lift_1"), ("--set", "lift_1=inf"), ("--curve", "bouncy"),
    ("--format", "gif"),
])
def test_bad_options_are_usage_errors(tmp_path: Path, args: Tuple[str, ...],
                                     capsys: pytest.CaptureFixture) -> None:
    status, _, _ = main("animate", str(PICKER), *args, "--svg", str(tmp_path / "x.svg"))
    assert status == 2 and args[0] in capsys.readouterr().err  # argparse names the option
    assert not (tmp_path / "x.svg").exists()


def test_an_output_is_required_and_documents_are_checked(tmp_path: Path) -> None:
    assert main("animate", str(PICKER))[0] == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    status, _, err = main("animate", str(bad), "--svg", str(tmp_path / "x.svg"))
    assert status == 2 and err.startswith("tether: error:")
    status, _, err = main("animate", str(tmp_path / "missing.json"), "--svg", str(tmp_path / "x.svg"))
    assert status == 2 and "cannot read" in err
    status, _, err = main("animate", str(PICKER), "--fps", "1e7", "--svg", str(tmp_path / "x.svg"), *SELECT_3)
    assert status == 1 and "samples" in err


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_png_frames_as_users_run_it(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(BINDINGS)
    result = subprocess.run([sys.executable, "-m", "tether", "animate", str(PICKER), *SELECT_3,
                             "--duration", "0.25", "--fps", "4", "--frames", str(tmp_path), "--format", "png"],
                            env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) == 2 and all(p.read_bytes()[:4] == b"\x89PNG" for p in pngs)
