import Tether
import XCTest
@testable import TetherInterfaceBuilder

/// Constraints, the safe area, margins and view controller layout guides of imported documents.
final class InterfaceBuilderImportConstraintTests: XCTestCase {
    func importAndLayOut(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> ImportedDocument {
        let document = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        try document.layout()
        return document
    }

    func testConstraintAttributesRelationsMultipliersPrioritiesAndOwners() throws {
        let text = ImportTestDocuments.storyboard(rootView: """
            <view key="view" contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <label opaque="NO" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="lbl">
                        <rect key="frame" x="20" y="30" width="42" height="21"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <nil key="textColor"/>
                    </label>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                        <rect key="frame" x="0.0" y="59" width="187.5" height="44"/>
                        <color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="44" id="c6"/>
                            <constraint firstAttribute="height" constant="100" placeholder="YES" id="c7"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="lbl" firstAttribute="leading" secondItem="safe" secondAttribute="leading" constant="20" id="c1"/>
                    <constraint firstItem="lbl" firstAttribute="top" secondItem="safe" secondAttribute="top" constant="10" id="c2"/>
                    <constraint firstItem="box" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="1:2" id="c3"/>
                    <constraint firstItem="box" firstAttribute="top" relation="greaterThanOrEqual" secondItem="lbl" secondAttribute="bottom" constant="8" id="c4"/>
                    <constraint firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top" priority="250" id="c5"/>
                    <constraint firstItem="root" firstAttribute="leading" secondItem="box" secondAttribute="leading" id="c8"/>
                    <constraint firstItem="box" firstAttribute="width" relation="lessThanOrEqual" secondItem="root" secondAttribute="width" multiplier="0.75" id="c9"/>
                </constraints>
                <viewLayoutGuide key="safeArea" id="safe"/>
            </view>
            """)
        let document = try importAndLayOut(text)
        XCTAssertEqual(document.reports, [])
        XCTAssertEqual(document.deviceID, "retina4_7")
        XCTAssertFalse(document.isLandscape)
        XCTAssertEqual(document.roots.map(\.id), ["root"])
        XCTAssertEqual(document.roots[0].kind, .controllerView)
        XCTAssertEqual(document.roots[0].sceneID, "scn")
        XCTAssertEqual(document.roots[0].controllerID, "vc")
        let root = try XCTUnwrap(document.view(withID: "root"))
        let label = try XCTUnwrap(document.view(withID: "lbl"))
        let box = try XCTUnwrap(document.view(withID: "box"))
        XCTAssertTrue(document.items["safe"] === root.safeAreaLayoutGuide)
        XCTAssertEqual(label.identifier, "lbl")
        XCTAssertEqual(root.safeAreaInsets, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(label.frame, Rect(x: 20, y: 30, width: 42, height: 21))
        XCTAssertEqual(box.frame, Rect(x: 0, y: 59, width: 187.5, height: 44))
        let constraints = document.engine.activeConstraints.filter { !$0.isGenerated }
        XCTAssertEqual(Set(constraints.map(\.identifier)), ["c1", "c2", "c3", "c4", "c5", "c6", "c8", "c9"])
        let c3 = try XCTUnwrap(constraints.first { $0.identifier == "c3" })
        XCTAssertEqual(c3.multiplier, 0.5)
        let c4 = try XCTUnwrap(constraints.first { $0.identifier == "c4" })
        XCTAssertEqual(c4.relation, .greaterThanOrEqual)
        XCTAssertEqual(c4.constant, 8)
        XCTAssertEqual(constraints.first { $0.identifier == "c5" }?.priority, LayoutPriority(250))
        XCTAssertEqual(constraints.first { $0.identifier == "c9" }?.relation, .lessThanOrEqual)
        let c6 = try XCTUnwrap(constraints.first { $0.identifier == "c6" })
        XCTAssertTrue(c6.firstItem === box, "an absent firstItem is the view owning the constraints element")
        XCTAssertNil(c6.secondItem)
    }

    func testMultiplierSpellings() throws {
        for (spelling, value) in [("2:1", 2.0), ("1/4", 0.25), ("0.3", 0.3), ("271:152", 271.0 / 152)] {
            let text = ImportTestDocuments.xib(objects: """
                <view contentMode="scaleToFill" id="top">
                    <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                    <subviews>
                        <view translatesAutoresizingMaskIntoConstraints="NO" id="v">
                            <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="v" firstAttribute="width" secondItem="top" secondAttribute="width" multiplier="\(spelling)" id="m"/>
                    </constraints>
                </view>
                """)
            let document = try importAndLayOut(text)
            let constraint = document.engine.activeConstraints.first { $0.identifier == "m" }
            XCTAssertEqual(constraint?.multiplier ?? 0, value, accuracy: 1e-12, spelling)
            XCTAssertEqual(document.view(withID: "v")?.unroundedFrame.width ?? 0, 100 * value, accuracy: 1e-9, spelling)
            // The engine rounds to the document's device's pixels (retina4_7: halves of points).
            XCTAssertEqual(document.engine.displayScale, 2)
            XCTAssertEqual(document.view(withID: "v")?.frame.width ?? 0, (200 * value).rounded() / 2, accuracy: 1e-9, spelling)
        }
    }

    func testMarginAttributesAndMarginSettings() throws {
        let text = ImportTestDocuments.storyboard(rootView: """
            <view key="view" contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view translatesAutoresizingMaskIntoConstraints="NO" id="m">
                        <rect key="frame" x="16" y="20" width="50" height="50"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="50" id="mw"/>
                            <constraint firstAttribute="height" constant="50" id="mh"/>
                        </constraints>
                    </view>
                    <view translatesAutoresizingMaskIntoConstraints="NO" id="n">
                        <rect key="frame" x="259" y="617" width="100" height="50"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="100" id="nw"/>
                            <constraint firstAttribute="height" constant="50" id="nh"/>
                        </constraints>
                    </view>
                    <view insetsLayoutMarginsFromSafeArea="NO" translatesAutoresizingMaskIntoConstraints="NO" id="p">
                        <rect key="frame" x="0.0" y="100" width="200" height="200"/>
                        <subviews>
                            <view translatesAutoresizingMaskIntoConstraints="NO" id="q">
                                <rect key="frame" x="2" y="1" width="10" height="10"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="q" firstAttribute="leading" secondItem="p" secondAttribute="leadingMargin" id="q1"/>
                            <constraint firstItem="q" firstAttribute="top" secondItem="p" secondAttribute="topMargin" id="q2"/>
                            <constraint firstAttribute="trailingMargin" secondItem="q" secondAttribute="trailing" constant="10" id="q3"/>
                            <constraint firstItem="q" firstAttribute="centerY" secondItem="p" secondAttribute="centerYWithinMargins" id="q4"/>
                        </constraints>
                        <edgeInsets key="layoutMargins" top="1" left="2" bottom="3" right="4"/>
                    </view>
                    <view translatesAutoresizingMaskIntoConstraints="NO" id="r">
                        <rect key="frame" x="0.0" y="400" width="10" height="10"/>
                        <directionalEdgeInsets key="directionalLayoutMargins" top="5" leading="6" bottom="7" trailing="8"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="m" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="c1"/>
                    <constraint firstItem="m" firstAttribute="top" secondItem="root" secondAttribute="topMargin" id="c2"/>
                    <constraint firstAttribute="trailingMargin" secondItem="n" secondAttribute="trailing" id="c3"/>
                    <constraint firstAttribute="bottomMargin" secondItem="n" secondAttribute="bottom" id="c4"/>
                    <constraint firstItem="p" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c5"/>
                    <constraint firstItem="p" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c6"/>
                    <constraint firstItem="p" firstAttribute="width" constant="200" id="c7"/>
                    <constraint firstItem="p" firstAttribute="height" constant="200" id="c8"/>
                    <constraint firstItem="r" firstAttribute="centerX" secondItem="root" secondAttribute="centerXWithinMargins" id="c9"/>
                    <constraint firstItem="r" firstAttribute="top" secondItem="root" secondAttribute="top" constant="400" id="c10"/>
                    <constraint firstItem="r" firstAttribute="width" constant="10" id="c11"/>
                    <constraint firstItem="r" firstAttribute="height" constant="10" id="c12"/>
                </constraints>
                <viewLayoutGuide key="safeArea" id="safe"/>
            </view>
            """)
        let document = try importAndLayOut(text)
        XCTAssertEqual(document.reports, [])
        let root = try XCTUnwrap(document.view(withID: "root"))
        // A view controller's view: UIKit's system minimum margins, 16 on a 375-point phone.
        XCTAssertEqual(root.layoutMargins, EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
        XCTAssertEqual(document.view(withID: "m")?.frame, Rect(x: 16, y: 20, width: 50, height: 50))
        XCTAssertEqual(document.view(withID: "n")?.frame, Rect(x: 259, y: 617, width: 100, height: 50))
        let p = try XCTUnwrap(document.view(withID: "p"))
        XCTAssertFalse(p.insetsLayoutMarginsFromSafeArea)
        XCTAssertEqual(p.layoutMargins, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        // q: leading 2, trailing 200 − 4 − 10 = 186, centered in the margins' height (1...197).
        XCTAssertEqual(document.view(withID: "q")?.frame, Rect(x: 2, y: 1, width: 184, height: 196))
        XCTAssertEqual(document.view(withID: "r")?.layoutMargins, EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        XCTAssertEqual(document.view(withID: "r")?.frame.midX, 187.5)
    }

    func testViewControllerLayoutGuidesAndSimulatedBars() throws {
        let text = ImportTestDocuments.storyboard(controllerExtras: """
            <layoutGuides>
                <viewControllerLayoutGuide type="top" id="tg"/>
                <viewControllerLayoutGuide type="bottom" id="bg"/>
            </layoutGuides>
            <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
            <simulatedTabBarMetrics key="simulatedBottomBarMetrics"/>
            """, rootView: """
            <view key="view" contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view translatesAutoresizingMaskIntoConstraints="NO" id="v">
                        <rect key="frame" x="0.0" y="64" width="375" height="554"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="v" firstAttribute="top" secondItem="tg" secondAttribute="bottom" id="c1"/>
                    <constraint firstItem="bg" firstAttribute="top" secondItem="v" secondAttribute="bottom" id="c2"/>
                    <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
                    <constraint firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="c4"/>
                </constraints>
            </view>
            """)
        let document = try importAndLayOut(text)
        XCTAssertEqual(document.reports, [])
        // Status bar 20 + navigation bar 44 on top, tab bar 49 below.
        XCTAssertEqual(document.view(withID: "root")?.safeAreaInsets, EdgeInsets(top: 64, left: 0, bottom: 49, right: 0))
        XCTAssertEqual(document.view(withID: "v")?.frame, Rect(x: 0, y: 64, width: 375, height: 554))
        XCTAssertTrue(document.items["tg"] is LayoutGuide)
        XCTAssertEqual((document.items["bg"] as? LayoutGuide)?.layoutFrame, Rect(x: 0, y: 618, width: 375, height: 49))
    }

    func testPreservesSuperviewLayoutMargins() throws {
        func document(preserving: Bool) -> String {
            ImportTestDocuments.storyboard(rootView: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews>
                        <view preservesSuperviewLayoutMargins="\(preserving ? "YES" : "NO")" translatesAutoresizingMaskIntoConstraints="NO" id="outer">
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
                """)
        }
        // The root's side margins (16) reach into `outer`, which spans the root's width.
        let preserved = try importAndLayOut(document(preserving: true))
        XCTAssertEqual(preserved.view(withID: "inner")?.frame, Rect(x: 16, y: 8, width: 343, height: 84))
        // The importer sets the view's property; the layout pass applies it, and the margins as
        // set stay the view's own.
        let outer = try XCTUnwrap(preserved.view(withID: "outer"))
        XCTAssertTrue(outer.preservesSuperviewLayoutMargins)
        XCTAssertEqual(outer.layoutMargins, EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        XCTAssertEqual(outer.effectiveLayoutMargins, EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        let own = try importAndLayOut(document(preserving: false))
        XCTAssertEqual(own.view(withID: "inner")?.frame, Rect(x: 8, y: 8, width: 359, height: 84))
    }
}
