"""UIKit's ``preservesSuperviewLayoutMargins`` from Python: a preserving view's effective margins
are, per edge, the larger of its own and how far its superview's margin area reaches into it;
an Interface Builder import laid out through the C library applies it; and a property test
compares random hierarchies with the rule computed here independently."""

from __future__ import annotations

from typing import Dict, List, Tuple

from hypothesis import given, settings
from hypothesis import strategies as st

import tether

Insets = Tuple[float, float, float, float]
Rect = Tuple[float, float, float, float]


def pin(view: tether.View, other: tether.LayoutItem, insets: Insets = (0, 0, 0, 0)) -> None:
    top, left, bottom, right = insets
    tether.activate([view.top == other.top + top, view.left == other.left + left,
                     view.bottom == other.bottom - bottom, view.right == other.right - right])


def test_a_card_inset_in_the_screens_margins_preserves_their_reach(engine: tether.Engine) -> None:
    screen = tether.View(frame=(0, 0, 300, 200), engine=engine)
    screen.layout_margins = (20, 20, 20, 20)
    card = screen.new_subview("card")
    content = card.new_subview("content")
    assert card.preserves_superview_layout_margins is False
    card.preserves_superview_layout_margins = True
    assert card.preserves_superview_layout_margins is True
    pin(card, screen, (0, 5, 0, 5))
    pin(content, card.layout_margins_guide)
    screen.layout_if_needed()
    assert tuple(card.effective_layout_margins) == (20, 15, 20, 15)
    assert tuple(card.layout_margins) == (8, 8, 8, 8)
    assert tuple(content.frame) == (15, 20, 260, 160)

    card.preserves_superview_layout_margins = False
    screen.layout_if_needed()
    assert tuple(card.effective_layout_margins) == (8, 8, 8, 8)
    assert tuple(content.frame) == (8, 8, 274, 184)


def test_the_flag_takes_truth_values_like_its_siblings(engine: tether.Engine) -> None:
    view = tether.View(frame=(0, 0, 10, 10), engine=engine)
    for value, want in [(1, True), (0, False), ("yes", True), ([], False)]:
        view.preserves_superview_layout_margins = value  # type: ignore[assignment]
        view.insets_layout_margins_from_safe_area = value  # type: ignore[assignment]
        assert view.preserves_superview_layout_margins is want
        assert view.insets_layout_margins_from_safe_area is want


STORYBOARD = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="vc">
    <device id="retina4_7" orientation="portrait" appearance="light"/>
    <scenes>
        <scene sceneID="scn">
            <objects>
                <viewController id="vc" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <subviews>
                            <view preservesSuperviewLayoutMargins="YES" translatesAutoresizingMaskIntoConstraints="NO" id="outer">
                                <rect key="frame" x="0.0" y="100" width="375" height="100"/>
                                <subviews>
                                    <view translatesAutoresizingMaskIntoConstraints="NO" id="inner">
                                        <rect key="frame" x="16" y="8" width="343" height="84"/>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="inner" firstAttribute="leading" secondItem="outer" secondAttribute="leadingMargin" id="i1"/>
                                    <constraint firstAttribute="trailingMargin" secondItem="inner" secondAttribute="trailing" id="i2"/>
                                    <constraint firstItem="inner" firstAttribute="top" secondItem="outer" secondAttribute="topMargin" id="i3"/>
                                    <constraint firstAttribute="bottomMargin" secondItem="inner" secondAttribute="bottom" id="i4"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="outer" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="o1"/>
                            <constraint firstAttribute="trailing" secondItem="outer" secondAttribute="trailing" id="o2"/>
                            <constraint firstItem="outer" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="o3"/>
                            <constraint firstItem="outer" firstAttribute="height" constant="100" id="o4"/>
                        </constraints>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
"""


def test_an_interface_builder_import_laid_out_through_c_preserves_margins(engine: tether.Engine) -> None:
    ib = tether.load_interface_builder(STORYBOARD, engine)
    ib.roots[0].layout_if_needed()
    outer = ib["outer"]
    assert outer.preserves_superview_layout_margins
    # The root's side margins (16) reach into `outer`, which spans the root's width.
    assert tuple(ib["inner"].frame) == (16, 8, 343, 84)
    assert tuple(outer.layout_margins) == (8, 8, 8, 8)


# -- the rule, written out ---------------------------------------------------------------------


def own_margins(view: tether.View) -> Insets:
    """The view's margins before preservation: as set, plus the safe area when measured from it."""
    m = tuple(view.layout_margins)
    if view.insets_layout_margins_from_safe_area:
        s = tuple(view.safe_area_insets)
        return (m[0] + s[0], m[1] + s[1], m[2] + s[2], m[3] + s[3])
    return (m[0], m[1], m[2], m[3])


def expected_margins(root: tether.View) -> Dict[tether.View, Insets]:
    """Each view's effective margins, top-down: a preserving view with a superview takes, per
    edge, the larger of its own and the reach of its superview's (expected) effective margin
    area into its frame."""
    result: Dict[tether.View, Insets] = {root: own_margins(root)}
    pending = list(root.subviews)
    while pending:
        v = pending.pop(0)
        own = own_margins(v)
        if v.preserves_superview_layout_margins:
            outer = result[v.superview]
            _, _, width, height = v.superview.frame
            x, y, w, h = v.frame
            reach = (outer[0] - y, outer[1] - x, y + h - (height - outer[2]), x + w - (width - outer[3]))
            own = (max(own[0], reach[0]), max(own[1], reach[1]), max(own[2], reach[2]), max(own[3], reach[3]))
        result[v] = own
        pending.extend(v.subviews)
    return result


MARGINS = st.tuples(*[st.integers(0, 40)] * 4)
FRAMES = st.tuples(st.integers(-50, 300), st.integers(-50, 300), st.integers(0, 300), st.integers(0, 300))


@settings(max_examples=80, deadline=None)
@given(root_margins=MARGINS, safe=st.tuples(*[st.integers(0, 60)] * 4),
       views=st.lists(st.tuples(st.integers(0, 20), FRAMES, MARGINS, st.booleans(), st.booleans()), max_size=12))
def test_frame_based_views_follow_the_rule(root_margins: Insets, safe: Insets,
                                           views: List[Tuple[int, Rect, Insets, bool, bool]]) -> None:
    with tether.Engine() as engine:
        root = tether.View(frame=(0, 0, 320, 480), engine=engine)
        root.layout_margins = root_margins
        root.safe_area_insets = safe
        made = [root]
        own: Dict[tether.View, Insets] = {root: root_margins}
        for parent, frame, margins, preserves, from_safe_area in views:  # any nesting
            v = tether.View(frame=frame, engine=engine)
            v.layout_margins = margins
            own[v] = margins
            v.preserves_superview_layout_margins = preserves
            v.insets_layout_margins_from_safe_area = from_safe_area
            made[parent % len(made)].add_subview(v)
            made.append(v)
        root.layout_if_needed()
        for v, want in expected_margins(root).items():
            assert tuple(v.effective_layout_margins) == want, (v, v.frame, want)
            assert tuple(v.layout_margins) == own[v], "the margins as set stay the view's own"


@settings(max_examples=60, deadline=None)
@given(root_margins=MARGINS,
       chain=st.lists(st.tuples(st.tuples(*[st.integers(0, 30)] * 4), MARGINS, st.booleans()), min_size=1, max_size=5))
def test_constrained_nested_views_follow_the_rule(root_margins: Insets,
                                                  chain: List[Tuple[Insets, Insets, bool]]) -> None:
    """A chain of views each pinned inside its superview by random insets, its content pinned to
    the deepest view's margins guide: the content lies at that view's expected margins."""
    with tether.Engine() as engine:
        root = tether.View(frame=(0, 0, 400, 400), engine=engine)
        root.layout_margins = root_margins
        parent = root
        for inset, margins, preserves in chain:
            v = parent.new_subview()
            v.layout_margins = margins
            v.preserves_superview_layout_margins = preserves
            pin(v, parent, inset)
            parent = v
        content = parent.new_subview("content")
        pin(content, parent.layout_margins_guide)
        root.layout_if_needed()
        expected = expected_margins(root)
        top, left, bottom, right = expected[parent]
        _, _, width, height = parent.frame
        assert tuple(parent.effective_layout_margins) == expected[parent]
        assert tuple(content.frame) == (left, top, width - left - right, height - top - bottom)
