"""Interface Builder documents through the binding: tether.load_interface_builder (issue 22)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tether

#: One scene on a 375 x 667 phone (20-point status bar): a label pinned to the safe area, a box
#: half the root's width 8 below it, a view marked misplaced whose saved frame is stale, and an
#: element the importer does not know (reported by line).
STORYBOARD = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="vc">
    <device id="retina4_7" orientation="portrait" appearance="light"/>
    <scenes>
        <scene sceneID="scn">
            <objects>
                <viewController id="vc" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                        <subviews>
                            <label text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="lbl">
                                <rect key="frame" x="20" y="30" width="42" height="21"/>
                            </label>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box" userLabel="Half box">
                                <rect key="frame" x="0.0" y="59" width="187.5" height="44"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="44" id="c1"/>
                                </constraints>
                            </view>
                            <view contentMode="scaleToFill" misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="off">
                                <rect key="frame" x="1" y="2" width="3" height="4"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="10" id="c7"/>
                                    <constraint firstAttribute="height" constant="10" id="c8"/>
                                </constraints>
                            </view>
                        </subviews>
                        <gadget id="g1"/>
                        <constraints>
                            <constraint firstItem="lbl" firstAttribute="leading" secondItem="safe" secondAttribute="leading" constant="20" id="c2"/>
                            <constraint firstItem="lbl" firstAttribute="top" secondItem="safe" secondAttribute="top" constant="10" id="c3"/>
                            <constraint firstItem="box" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="1:2" id="c4"/>
                            <constraint firstItem="box" firstAttribute="top" secondItem="lbl" secondAttribute="bottom" constant="8" id="c5"/>
                            <constraint firstItem="root" firstAttribute="leading" secondItem="box" secondAttribute="leading" id="c6"/>
                            <constraint firstItem="off" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="100" id="c9"/>
                            <constraint firstItem="off" firstAttribute="top" secondItem="root" secondAttribute="top" constant="200" id="c10"/>
                        </constraints>
                        <viewLayoutGuide key="safeArea" id="safe"/>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
"""

#: The line of <gadget> in STORYBOARD.
GADGET_LINE = 1 + STORYBOARD.splitlines().index('                        <gadget id="g1"/>')


def test_imports_lays_out_and_finds_views_by_ib_id(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(STORYBOARD, engine)
    assert [root.identifier for root in ib.roots] == ["root"]
    ib.roots[0].layout_if_needed()
    assert tuple(ib["root"].frame) == (0, 0, 375, 667)
    assert tuple(ib["lbl"].frame) == (20, 30, 42, 21)
    assert tuple(ib["box"].frame) == (0, 59, 187.5, 44)
    assert tuple(ib["off"].frame) == (100, 200, 10, 10)
    assert ib["box"].superview == ib.roots[0]
    assert "lbl" in ib and "nowhere" not in ib
    assert ib.get("nowhere") is None
    with pytest.raises(KeyError):
        ib["nowhere"]


def test_what_the_document_says_about_each_view(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(STORYBOARD.encode("utf-8"), engine)
    assert ib.device == "retina4_7" and ib.landscape is False
    by_id = {view.id: view for view in ib.views}
    assert [view.id for view in ib.views] == ["root", "lbl", "box", "off"]
    assert by_id["root"].root and not by_id["root"].placed_by_constraints
    assert by_id["box"].class_name == "view" and by_id["lbl"].class_name == "label"
    assert by_id["box"].placed_by_constraints and not by_id["box"].misplaced
    assert by_id["off"].misplaced and not by_id["off"].ambiguous
    assert by_id["lbl"].line == 1 + STORYBOARD.splitlines().index(
        '                            <label text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="lbl">')
    assert tuple(by_id["box"].saved_frame or ()) == (0, 59, 187.5, 44)
    assert tuple(ib.saved_frames()["off"]) == (1, 2, 3, 4)
    # The designer's name for a view, where the document has one.
    assert by_id["box"].user_label == "Half box" and by_id["lbl"].user_label is None


def test_reports_name_what_was_left_out_by_line(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(STORYBOARD, engine)
    gadgets = [r for r in ib.reports if r.element == "gadget"]
    assert len(gadgets) == 1
    assert gadgets[0].line == GADGET_LINE
    assert str(gadgets[0]).startswith(f"line {GADGET_LINE}: <gadget>: ")


def test_reads_a_path(tmp_path: Path, engine: tether.Engine) -> None:
    path = tmp_path / "Main.storyboard"
    path.write_text(STORYBOARD, encoding="utf-8")
    for source in (path, str(path)):
        assert [r.identifier for r in tether.load_interface_builder(source, engine).roots] == ["root"]


@pytest.mark.parametrize("text, line, column_text", [
    ("<document>\n  <objects>\n</document>\n", 3, "not well-formed XML"),
    ("", 1, "not well-formed XML"),
])
def test_malformed_documents_raise_with_the_position(engine: tether.Engine, text: str, line: int,
                                                     column_text: str) -> None:
    with pytest.raises(tether.InterfaceBuilderError) as caught:
        tether.load_interface_builder(text, engine)
    assert caught.value.line == line and caught.value.column >= 1
    assert column_text in caught.value.reason
    assert str(caught.value).startswith(f"line {line}, column {caught.value.column}: ")
    assert isinstance(caught.value, ValueError)


def test_a_missing_id_leaves_the_engine_unchanged(engine: tether.Engine) -> None:
    broken = STORYBOARD.replace('secondItem="lbl"', 'secondItem="lbel"')
    with pytest.raises(tether.InterfaceBuilderError) as caught:
        tether.load_interface_builder(broken, engine)
    assert "lbel" in str(caught.value)
    # Nothing was made: the next import's views are the engine's only ones.
    ib = tether.load_interface_builder(STORYBOARD, engine)
    assert len(ib.roots) == 1


def test_invalid_utf8_names_its_line_and_column(engine: tether.Engine) -> None:
    with pytest.raises(tether.InterfaceBuilderError) as caught:
        tether.load_interface_builder(b'<document>\n <a b="\xff"/></document>', engine)
    assert (caught.value.line, caught.value.column) == (2, 8)
    assert "invalid UTF-8" in str(caught.value)


def test_other_sources_are_refused() -> None:
    with pytest.raises(TypeError):
        tether.load_interface_builder(42)  # type: ignore[arg-type]


#: A scroll view filling a 375 x 667 root, its content view pinned to its edges (UIKit: the
#: content area) and as wide as its frame, 1000 points tall: taller than the scroll view.
SCROLLING = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
    <device id="retina4_7" orientation="portrait" appearance="light"/>
    <objects>
        <view contentMode="scaleToFill" id="root">
            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
            <subviews>
                <scrollView contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sv">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="content">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="1000"/>
                            <constraints>
                                <constraint firstAttribute="height" constant="1000" id="h"/>
                            </constraints>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="content" firstAttribute="top" secondItem="sv" secondAttribute="top" id="t"/>
                        <constraint firstItem="content" firstAttribute="leading" secondItem="sv" secondAttribute="leading" id="l"/>
                        <constraint firstAttribute="trailing" secondItem="content" secondAttribute="trailing" id="r"/>
                        <constraint firstAttribute="bottom" secondItem="content" secondAttribute="bottom" id="b"/>
                        <constraint firstItem="content" firstAttribute="width" secondItem="sv" secondAttribute="width" id="w"/>
                    </constraints>
                </scrollView>
            </subviews>
            <constraints>
                <constraint firstItem="sv" firstAttribute="top" secondItem="root" secondAttribute="top" id="o1"/>
                <constraint firstItem="sv" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="o2"/>
                <constraint firstAttribute="trailing" secondItem="sv" secondAttribute="trailing" id="o3"/>
                <constraint firstAttribute="bottom" secondItem="sv" secondAttribute="bottom" id="o4"/>
            </constraints>
        </view>
    </objects>
</document>
"""


def test_scroll_view_content_is_sized_by_its_constraints(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(SCROLLING, engine)
    assert list(ib.reports) == []
    ib.roots[0].layout_if_needed()
    # The edges size the content (taller than the scroll view), which keeps its frame.
    assert tuple(ib["sv"].frame) == (0, 0, 375, 667)
    assert tuple(ib["content"].frame) == (0, 0, 375, 1000)
    assert ib.saved_frames()["content"] == ib["content"].frame
