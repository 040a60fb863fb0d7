"""Animations drawn (tether.render, docs/animation.md): stills at a clock time, the animated SVG
document parsed with xml.etree (its <animate> values against the presentation frames the library
reports), the sample times, and frame sequences written as SVG or PNG.

Blocks are opened here through the C functions of tether/animation.h, so that these tests need
nothing of the Python animation API but the library.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import shutil
from pathlib import Path
from typing import Dict, Iterator, List, Tuple
from xml.etree import ElementTree

import pytest

import tether
import tether.render
from tether import Engine, View, _ffi
from tether._ffi import _dll

NS = "{http://www.w3.org/2000/svg}"


@contextlib.contextmanager
def block(duration: float, curve: int = 3) -> Iterator[None]:
    """An animation block (linear by default) around the body."""
    options = _ffi.CAnimationOptions()
    options.struct_size = ctypes.sizeof(_ffi.CAnimationOptions)
    options.duration = duration
    options.spring_damping = 1.0
    options.curve = curve
    assert _dll.tether_animation_begin(ctypes.byref(options)) == _ffi.OK
    try:
        yield
    finally:
        assert _dll.tether_animation_commit() == _ffi.OK


def presentation_in_root(engine: Engine, view: View, root: View, time: float) -> Tuple[float, ...]:
    """The view's presentation frame at ``time`` in root coordinates, summed from the C API."""
    x = y = 0.0
    v = view
    size = (0.0, 0.0)
    while True:
        rect = _ffi.CRect()
        assert engine._invoke(_dll.tether_view_presentation_frame_at, v._id, time, ctypes.byref(rect)) == _ffi.OK
        if v.id == view.id:
            size = (rect.width, rect.height)
        if v.id == root.id:
            break
        x += rect.x
        y += rect.y
        parent = v.superview
        assert parent is not None
        v = parent
    return (x, y, size[0], size[1])


class Scene:
    """root 200 x 100; box (10, 60, 40, 20) whose top constraint moves it; still never moves."""

    def __init__(self) -> None:
        self.engine = Engine()
        self.root = View(frame=(0, 0, 200, 100), engine=self.engine)
        self.box, self.still = View(engine=self.engine), View(engine=self.engine)
        self.root.identifier, self.box.identifier, self.still.identifier = "root", "box", "still"
        for v in (self.box, self.still):
            v.translates_autoresizing_mask_into_constraints = False
            self.root.add_subview(v)
        self.top = self.box.top == self.root.top + 60
        constraints = [
            self.top, self.box.leading == self.root.leading + 10, self.box.width == 40,
            self.box.height == 20, self.still.top == self.root.top + 4,
            self.still.leading == self.root.leading + 150, self.still.width == 30,
            self.still.height == 30,
        ]
        tether.activate(constraints)
        self.root.layout_if_needed()

    def raise_box(self, duration: float = 0.5, curve: int = 3) -> None:
        with block(duration, curve):
            self.top.constant = 10
            self.root.layout_if_needed()

    def advance(self, seconds: float) -> None:
        assert self.engine._invoke(_dll.tether_engine_advance, seconds) == _ffi.OK


def rects(document: str) -> Dict[str, ElementTree.Element]:
    tree = ElementTree.fromstring(document)
    return {r.get("data-id"): r for r in tree.iter(NS + "rect") if r.get("class", "").startswith("view")}


def animations(element: ElementTree.Element) -> Dict[str, ElementTree.Element]:
    return {a.get("attributeName"): a for a in element.findall(NS + "animate")}


def numbers(text: str) -> List[float]:
    return [float(x) for x in text.split(";")]


def shown(view: View) -> str:
    return hex(view.id & (2**52 - 1))


def test_sample_times() -> None:
    scene = Scene()
    assert tether.render.sample_times(scene.root) == [0.0]
    scene.raise_box(0.25)
    assert tether.render.sample_times(scene.root, fps=10) == pytest.approx([0, 0.1, 0.2, 0.25])
    scene.advance(0.05)
    assert tether.render.sample_times(scene.box, 10) == pytest.approx([0.05, 0.15, 0.25])


def test_animated_svg_values_are_the_presentation_frames() -> None:
    scene = Scene()
    scene.raise_box(0.5, curve=0)
    document = tether.render.animated_svg(scene.root, fps=20)
    times = tether.render.sample_times(scene.root, 20)
    assert len(times) == 11
    found = rects(document)
    box = found[shown(scene.box)]
    moves = animations(box)
    assert set(moves) == {"y"}
    y = moves["y"]
    assert (y.get("dur"), y.get("calcMode"), y.get("fill"), y.get("repeatCount")) == ("0.5s", "linear", "freeze", None)
    key_times, values = numbers(y.get("keyTimes")), numbers(y.get("values"))
    assert key_times == pytest.approx([t / 0.5 for t in times], abs=1e-6)
    expected = [presentation_in_root(scene.engine, scene.box, scene.root, t)[1] for t in times]
    assert values == pytest.approx(expected, abs=0.0005)
    assert values[0] == 60 and values[-1] == 10
    # Ease-in-out: slow at both ends, so the middle sample is halfway.
    assert values[5] == pytest.approx(35, abs=0.001)
    assert animations(found[shown(scene.still)]) == {}
    assert animations(found[shown(scene.root)]) == {}


def test_animated_svg_repeat_path_and_idle(tmp_path: Path) -> None:
    scene = Scene()
    idle = tether.render.animated_svg(scene.root)
    assert "<animate" not in idle and idle == tether.render.svg(scene.root, time=0)
    scene.raise_box()
    path = tmp_path / "box.svg"
    forever = tether.render.animated_svg(scene.root, repeat=math.inf, path=path)
    assert 'repeatCount="indefinite"' in forever
    assert path.read_text(encoding="utf-8") == forever
    assert 'repeatCount="3"' in tether.render.animated_svg(scene.root, repeat=3)
    assert tether.render.animated_svg(scene.root) == tether.render.animated_svg(scene.root)


def test_still_at_a_time() -> None:
    scene = Scene()
    scene.raise_box()
    for t in (0.0, 0.125, 0.25, 1.0):
        box = rects(tether.render.svg(scene.root, time=t))[shown(scene.box)]
        assert float(box.get("y")) == pytest.approx(60 - 50 * min(t / 0.5, 1), abs=0.0005)
    assert rects(tether.render.svg(scene.root))[shown(scene.box)].get("y") == "10"


def test_svg_frames_and_write_frames(tmp_path: Path) -> None:
    scene = Scene()
    scene.raise_box()
    frames = tether.render.svg_frames(scene.root, fps=4)
    assert [t for t, _ in frames] == pytest.approx([0, 0.25, 0.5])
    assert [float(rects(d)[shown(scene.box)].get("y")) for _, d in frames] == [60, 35, 10]
    paths = tether.render.write_frames(scene.root, tmp_path / "frames", fps=4)
    assert [Path(p).name for p in paths] == ["frame-0000.svg", "frame-0001.svg", "frame-0002.svg"]
    assert [Path(p).read_text(encoding="utf-8") for p in paths] == [d for _, d in frames]


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_write_frames_as_png(tmp_path: Path) -> None:
    scene = Scene()
    scene.raise_box()
    paths = tether.render.write_frames(scene.root, tmp_path, fps=4, format="png", converter="rsvg-convert")
    assert len(paths) == 3
    for p in paths:
        assert Path(p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_arguments_are_refused(tmp_path: Path) -> None:
    scene = Scene()
    scene.raise_box()
    for fps in (0, -1, math.nan, math.inf):
        with pytest.raises(tether.InvalidArgumentError, match="frames per second"):
            tether.render.animated_svg(scene.root, fps=fps)
        with pytest.raises(tether.InvalidArgumentError, match="frames per second"):
            tether.render.sample_times(scene.root, fps)
    with pytest.raises(tether.InvalidArgumentError, match="samples"):
        tether.render.animated_svg(scene.root, fps=1e7)
    for repeat in (0, -2, math.nan, -math.inf):
        with pytest.raises(ValueError, match="repeat"):
            tether.render.animated_svg(scene.root, repeat=repeat)
    with pytest.raises(TypeError, match="fps"):
        tether.render.animated_svg(scene.root, fps="fast")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="unknown drawing option 'colour'"):
        tether.render.svg_frames(scene.root, colour="red")
    with pytest.raises(tether.InvalidArgumentError, match="presentation time"):
        tether.render.svg(scene.root, time=math.nan)
    with pytest.raises(ValueError, match="format"):
        tether.render.write_frames(scene.root, tmp_path, format="gif")
    with pytest.raises(TypeError, match="tether.View"):
        tether.render.animated_svg("root")  # type: ignore[arg-type]
