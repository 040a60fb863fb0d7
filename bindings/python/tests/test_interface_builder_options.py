"""Interface Builder import options (another device, orientation or screen size), the roots of a
scene, saving an imported root as a layout document, and the ``ib`` command's flags for them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import tether
from test_cli_interface_builder import run
from test_interface_builder import STORYBOARD

#: Two scenes on a 375 x 667 phone, with ids in IB's shape (dashes, not valid document names):
#: scene one has a bar pinned to the safe area's top and sides, scene two a footer pinned to its
#: bottom and a view that keeps its saved frame by its autoresizing mask.
SCENES = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="vc-1">
    <device id="retina4_7" orientation="portrait" appearance="light"/>
    <scenes>
        <scene sceneID="scn-1">
            <objects>
                <viewController id="vc-1" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root-1">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar-1">
                                <rect key="frame" x="0.0" y="20" width="375" height="50"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="bar-1" firstAttribute="top" secondItem="safe-1" secondAttribute="top" id="k1"/>
                            <constraint firstItem="bar-1" firstAttribute="leading" secondItem="safe-1" secondAttribute="leading" id="k2"/>
                            <constraint firstItem="safe-1" firstAttribute="trailing" secondItem="bar-1" secondAttribute="trailing" id="k3"/>
                            <constraint firstItem="bar-1" firstAttribute="height" constant="50" id="k4"/>
                        </constraints>
                        <viewLayoutGuide key="safeArea" id="safe-1"/>
                    </view>
                </viewController>
            </objects>
        </scene>
        <scene sceneID="scn-2">
            <objects>
                <viewController id="vc-2" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root-2">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="foot-2">
                                <rect key="frame" x="16" y="627" width="343" height="40"/>
                            </view>
                            <view contentMode="scaleToFill" id="fixed-2">
                                <rect key="frame" x="10" y="100" width="50" height="50"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="foot-2" firstAttribute="leading" secondItem="root-2" secondAttribute="leadingMargin" id="m1"/>
                            <constraint firstItem="root-2" firstAttribute="trailingMargin" secondItem="foot-2" secondAttribute="trailing" id="m2"/>
                            <constraint firstItem="safe-2" firstAttribute="bottom" secondItem="foot-2" secondAttribute="bottom" id="m3"/>
                            <constraint firstItem="foot-2" firstAttribute="height" constant="40" id="m4"/>
                        </constraints>
                        <viewLayoutGuide key="safeArea" id="safe-2"/>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
"""

Frame = Tuple[float, float, float, float]


def frames(ib: tether.InterfaceBuilderDocument) -> Dict[str, Frame]:
    for root in ib.roots:
        root.layout_if_needed()
    return {v.id: tuple(ib[v.id].frame) for v in ib.views if v.id is not None}  # type: ignore[misc]


# -- load_interface_builder(device=, landscape=, size=) -------------------------------------------

def test_another_device(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(STORYBOARD, engine, device="retina6_12")
    assert ib.device == "retina6_12" and not ib.landscape
    assert tuple(ib.screen or ()) == (393, 852)
    f = frames(ib)
    assert f["root"] == (0, 0, 393, 852)
    assert f["lbl"] == (20, 69, 42, 21)       # 10 below the 59-point safe-area top
    # Half the new width, rounded to the device's thirds of a point (retina6_12 is 3x).
    assert ib["box"].unrounded_frame.width == 196.5
    assert f["box"] == (0, 98, pytest.approx(590 / 3), 44)
    assert engine.display_scale == 3
    # What the document saved is unchanged.
    assert tuple(ib.saved_frames()["root"]) == (0, 0, 375, 667)


def test_landscape(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(STORYBOARD, engine, landscape=True)
    assert ib.device == "retina4_7" and ib.landscape
    assert tuple(ib.screen or ()) == (667, 375)
    f = frames(ib)
    assert f["root"] == (0, 0, 667, 375)
    assert f["lbl"] == (20, 10, 42, 21)       # no status bar in landscape
    portrait = tether.load_interface_builder(STORYBOARD, engine, landscape=False)
    assert not portrait.landscape and frames(portrait)["root"] == (0, 0, 375, 667)


def test_freeform_size(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(STORYBOARD, engine, size=(600, 400))
    assert ib.device is None
    assert tuple(ib.screen or ()) == (600, 400)
    f = frames(ib)
    assert f["root"] == (0, 0, 600, 400)
    assert f["lbl"] == (20, 10, 42, 21)       # no safe-area insets
    assert f["box"] == (0, 39, 300, 44)
    with_device = tether.load_interface_builder(STORYBOARD, engine, device="retina6_12",
                                                size=tether.Size(600, 400))
    assert with_device.device == "retina6_12"
    assert frames(with_device)["lbl"] == (20, 69, 42, 21)


def test_unknown_device_and_bad_options(engine: tether.Engine) -> None:
    with pytest.raises(tether.InvalidArgumentError) as caught:
        tether.load_interface_builder(STORYBOARD, engine, device="iphone99")
    assert 'unknown device "iphone99"' in str(caught.value)
    assert "retina4_7" in str(caught.value) and "retina6_12" in str(caught.value)
    for size in [(0, 100), (100, -1), (float("nan"), 100), (100, float("inf"))]:
        with pytest.raises(tether.InvalidArgumentError):
            tether.load_interface_builder(STORYBOARD, engine, size=size)
    with pytest.raises(TypeError):
        tether.load_interface_builder(STORYBOARD, engine, device=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tether.load_interface_builder(STORYBOARD, engine, landscape="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tether.load_interface_builder(STORYBOARD, engine, size=(1, 2, 3))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tether.load_interface_builder(STORYBOARD, engine, size=("a", 2))  # type: ignore[arg-type]


def test_roots_by_scene(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(SCENES, engine)
    assert [(r.id, r.kind, r.scene, r.controller) for r in ib.imported_roots] == [
        ("root-1", "controllerView", "scn-1", "vc-1"), ("root-2", "controllerView", "scn-2", "vc-2")]
    assert [r.view for r in ib.imported_roots] == ib.roots
    assert ib.scene_ids() == ["scn-1", "scn-2"]
    for name in ("scn-2", "vc-2", "root-2"):
        assert ib.roots_of(name) == [ib["root-2"]]
    assert ib.roots_of("nowhere") == []


def test_save_an_imported_root_and_load_it_back(engine: tether.Engine, tmp_path: Path) -> None:
    ib = tether.load_interface_builder(SCENES, engine, device="retina6_12")
    before = frames(ib)
    path = tmp_path / "scene.json"
    text = ib.save("root-2", path)
    assert path.read_text(encoding="utf-8") == text
    assert ib.save(ib.roots[1]) == text
    # IB ids are not valid document names: their dashes become underscores.
    loaded = tether.load_document(path, engine)
    loaded.root.layout_if_needed()
    for ib_id in ("root-2", "foot-2", "fixed-2"):
        assert tuple(loaded[ib_id.replace("-", "_")].frame) == before[ib_id]
    assert before["foot-2"] == (16, 852 - 34 - 40, 361, 40)
    with pytest.raises(KeyError):
        ib.save("nowhere")


# -- python -m tether ib FILE --scene / --device / --size / --landscape / --save -----------------

@pytest.fixture
def scenes(tmp_path: Path) -> Path:
    path = tmp_path / "Scenes.storyboard"
    path.write_text(SCENES, encoding="utf-8")
    return path


def json_roots(*args: str) -> Dict[str, Dict[str, List[float]]]:
    result = run(*args, "--json")
    assert result.returncode == 0, result.stderr
    return {root["id"]: root["frames"] for root in json.loads(result.stdout)["roots"]}


def test_cli_device(scenes: Path) -> None:
    roots = json_roots(str(scenes), "--device", "retina6_12")
    assert roots["root-1"]["root-1"] == [0, 0, 393, 852]
    assert roots["root-1"]["bar-1"] == [0, 59, 393, 50]
    assert roots["root-2"]["fixed-2"] == [10, 100, 50, 50]


def test_cli_size_and_landscape(scenes: Path) -> None:
    roots = json_roots(str(scenes), "--size", "600x400")
    assert roots["root-1"]["root-1"] == [0, 0, 600, 400]
    assert roots["root-1"]["bar-1"] == [0, 0, 600, 50]
    roots = json_roots(str(scenes), "--size", "600.5X400")
    assert roots["root-1"]["root-1"] == [0, 0, 600.5, 400]
    roots = json_roots(str(scenes), "--landscape")
    assert roots["root-1"]["root-1"] == [0, 0, 667, 375]
    roots = json_roots(str(scenes), "--device", "retina6_12", "--landscape")
    assert roots["root-1"]["bar-1"] == [59, 0, 852 - 118, 50]


def test_cli_screen_errors(scenes: Path) -> None:
    result = run(str(scenes), "--device", "iphone99")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f'tether: error: {scenes}: unknown device "iphone99" (known devices: ')
    assert "retina6_12" in result.stderr
    for size in ("600", "0x400", "axb", "600x400x2", "infx400"):
        result = run(str(scenes), "--size", size)
        assert result.returncode == 2 and "--size" in result.stderr, size
    result = run(str(scenes), "--device", "retina6_12", "--size", "600x400")
    assert result.returncode == 2 and "not allowed with" in result.stderr


def test_cli_scene(scenes: Path) -> None:
    for name in ("scn-2", "vc-2", "root-2"):
        assert list(json_roots(str(scenes), "--scene", name)) == ["root-2"]
    result = run(str(scenes), "--scene", "scn-1")
    assert result.returncode == 0 and result.stdout.startswith("== root-1 ==\n")
    assert "root-2" not in result.stdout
    result = run(str(scenes), "--scene", "nope")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"tether: error: {scenes}: no scene, view controller or root view has the id "
                             "'nope' (its scenes are scn-1, scn-2)\n")


def test_cli_scene_with_check_checks_that_scene_only(scenes: Path) -> None:
    result = run(str(scenes), "--scene", "scn-2", "--check")
    assert result.returncode == 0, result.stdout
    assert "check: 1 of 1 views at their saved frames (100.0 %)" in result.stdout
    result = run(str(scenes), "--check")
    assert "check: 2 of 2 views" in result.stdout


def test_cli_save_one_document_per_root(scenes: Path, tmp_path: Path, engine: tether.Engine) -> None:
    out = tmp_path / "out.json"
    result = run(str(scenes), "--device", "retina6_12", "--save", str(out), "--json")
    assert result.returncode == 0, result.stderr
    laid_out = {root["id"]: root["frames"] for root in json.loads(result.stdout)["roots"]}
    for root_id in ("root-1", "root-2"):
        path = tmp_path / f"out-{root_id}.json"
        assert f"document: {path}" in result.stderr
        document = tether.load_document(path, engine)
        document.root.layout_if_needed()
        for ib_id, frame in laid_out[root_id].items():
            assert list(document[ib_id.replace("-", "_")].frame) == frame, ib_id
    assert not out.exists()


def test_cli_save_a_single_root_to_out_itself(scenes: Path, tmp_path: Path, engine: tether.Engine) -> None:
    out = tmp_path / "one.json"
    result = run(str(scenes), "--scene", "vc-1", "--size", "320x480", "--save", str(out))
    assert result.returncode == 0, result.stderr
    document = tether.load_document(out, engine)
    document.root.layout_if_needed()
    assert tuple(document["root_1"].frame) == (0, 0, 320, 480)
    assert tuple(document["bar_1"].frame) == (0, 0, 320, 50)


#: A retina4_7 scene under a navigation bar and above a tab bar, its view placed between the view
#: controller's top and bottom layout guides.
GUIDES = STORYBOARD.replace('<viewController id="vc" sceneMemberID="viewController">', """<viewController id="vc" sceneMemberID="viewController">
                    <layoutGuides>
                        <viewControllerLayoutGuide type="top" id="tg"/>
                        <viewControllerLayoutGuide type="bottom" id="bg"/>
                    </layoutGuides>
                    <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
                    <simulatedTabBarMetrics key="simulatedBottomBarMetrics"/>""").replace(
    '<constraint firstItem="lbl" firstAttribute="top" secondItem="safe" secondAttribute="top" constant="10" id="c3"/>',
    '<constraint firstItem="lbl" firstAttribute="top" secondItem="tg" secondAttribute="bottom" constant="10" id="c3"/>'
    '<constraint firstItem="bg" firstAttribute="top" secondItem="off" secondAttribute="bottom" id="c12"/>').replace(
    '<constraint firstItem="off" firstAttribute="top" secondItem="root" secondAttribute="top" constant="200" id="c10"/>', "")


def test_saved_layout_guides_load_back(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(GUIDES, engine, device="retina6_12")
    before = frames(ib)
    assert before["lbl"] == (20, 59 + 44 + 10, 42, 21)
    assert before["off"] == (100, 852 - 34 - 49 - 10, 10, 10)
    text = ib.save(ib.roots[0])
    assert '"topLayoutGuide"' in text and '"bottomLayoutGuide"' in text
    loaded = tether.load_document(text, engine)
    loaded.root.layout_if_needed()
    for name in ("root", "lbl", "box", "off"):
        assert tuple(loaded[name].frame) == before[name], name
