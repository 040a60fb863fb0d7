import Tether
import XCTest
@testable import TetherInterfaceBuilder

/// What UIKit and Xcode compute that the XML leaves out: controls' alignment insets, the
/// device as the saving Xcode simulates it, freeform roots, the status bar over xibs and iPads,
/// cells' margins before iOS 11, and size-class variations.
final class InterfaceBuilderImportEnvironmentTests: XCTestCase {
    func importAndLayOut(_ text: String) throws -> ImportedDocument {
        let document = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        try document.layout()
        return document
    }

    /// A xib whose 375 × 667 top-level view `root` holds `subviews` with `constraints`.
    func xibRoot(_ subviews: String, _ constraints: String, device: String = "retina4_7",
                 toolsVersion: String = "21701", useSafeAreas: Bool = false, frame: String = #"width="375" height="667""#,
                 extras: String = "") -> String {
        ImportTestDocuments.xib(device: #"<device id="\#(device)" orientation="portrait"/>"#, toolsVersion: toolsVersion,
                                useSafeAreas: useSafeAreas, objects: """
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" \(frame)/>
                <subviews>\(subviews)</subviews>
                <constraints>\(constraints)</constraints>
                \(extras)
            </view>
            """)
    }

    func testSwitchesAndSegmentedControlsAlignByTheirAlignmentRectangles() throws {
        let text = xibRoot("""
            <switch opaque="NO" contentMode="scaleToFill" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="sw" userLabel="Dark mode">
                <rect key="frame" x="308" y="20" width="51" height="31"/>
            </switch>
            <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="seg">
                <rect key="frame" x="16" y="60" width="200" height="32"/>
            </segmentedControl>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="below">
                <rect key="frame" x="16" y="96" width="10" height="10"/>
            </view>
            """, """
            <constraint firstAttribute="trailing" secondItem="sw" secondAttribute="trailing" constant="18" id="c1"/>
            <constraint firstItem="sw" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="c2"/>
            <constraint firstItem="seg" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c3"/>
            <constraint firstItem="seg" firstAttribute="top" secondItem="root" secondAttribute="top" constant="60" id="c4"/>
            <constraint firstItem="below" firstAttribute="top" secondItem="seg" secondAttribute="bottom" constant="5" id="c5"/>
            <constraint firstItem="below" firstAttribute="leading" secondItem="seg" secondAttribute="leading" id="c6"/>
            <constraint firstItem="below" firstAttribute="width" constant="10" id="c7"/>
            <constraint firstItem="below" firstAttribute="height" constant="10" id="c8"/>
            """)
        let document = try importAndLayOut(text)
        // The switch's frame reaches 2 points past its alignment rectangle on the trailing side:
        // pinned 18 points from the edge, its frame ends 16 from it, at its saved frame.
        XCTAssertEqual(document.view(withID: "sw")?.frame, Rect(x: 308, y: 20, width: 51, height: 31))
        XCTAssertEqual(document.view(withID: "sw")?.alignmentRectInsets, EdgeInsets(top: 0, left: 0, bottom: 0, right: 2))
        // The designer's outline name is kept beside the id.
        XCTAssertEqual(document.views.first { $0.id == "sw" }?.userLabel, "Dark mode")
        XCTAssertNil(document.views.first { $0.id == "seg" }?.userLabel)
        // A segmented control's frame reaches 1 point below its alignment rectangle.
        XCTAssertEqual(document.view(withID: "seg")?.frame, Rect(x: 16, y: 60, width: 200, height: 32))
        XCTAssertEqual(document.view(withID: "below")?.frame.minY, 96, "60 + 31 + 5")
    }

    func testTheEngineRoundsToTheDevicesPixelsUnlessItHasAScale() throws {
        let text = xibRoot(#"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v"><rect key="frame" x="0" y="0" width="10" height="10"/></view>"#, """
            <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10.4" id="c1"/>
            <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
            <constraint firstItem="v" firstAttribute="width" constant="10" id="c3"/>
            <constraint firstItem="v" firstAttribute="height" constant="10" id="c4"/>
            """, device: "retina5_9")
        let document = try importAndLayOut(text)
        XCTAssertEqual(document.device?.scale, 3)
        XCTAssertEqual(document.engine.displayScale, 3)
        XCTAssertEqual(document.view(withID: "v")?.frame.minX ?? 0, 31.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(document.view(withID: "v")?.unroundedFrame.minX ?? 0, 10.4, accuracy: 1e-12)
        // A host's own scale stays.
        let engine = LayoutEngine()
        engine.displayScale = 1
        let own = try InterfaceBuilderImporter().importDocument(text, into: engine)
        try own.layout()
        XCTAssertEqual(engine.displayScale, 1)
        XCTAssertEqual(own.view(withID: "v")?.frame.minX, 10)
        XCTAssertEqual(Device.all["retina4_7"]?.scale, 2)
        XCTAssertEqual(Device.all["appleTV"]?.scale, 1)
    }

    func testDevicesAreSimulatedAsTheXcodeThatSavedTheDocumentDid() throws {
        func top(_ device: String, toolsVersion: String) throws -> Double {
            let text = ImportTestDocuments.storyboard(device: #"<device id="\#(device)" orientation="portrait"/>"#,
                                                      toolsVersion: toolsVersion, rootView: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="812"/>
                    <viewLayoutGuide key="safeArea" id="safe"/>
                </view>
                """)
            return try XCTUnwrap(importAndLayOut(text).view(withID: "root")).safeAreaInsets.top
        }
        XCTAssertEqual(try top("retina5_9", toolsVersion: "19455"), 44, "iPhone X-class phones before iOS 16")
        XCTAssertEqual(try top("retina5_9", toolsVersion: "22505"), 50, "and since")
        XCTAssertEqual(try top("retina6_1", toolsVersion: "17506"), 44, "iPhone XR and 11 before iOS 14")
        XCTAssertEqual(try top("retina6_1", toolsVersion: "7528.3"), 44, "Xcode 6's dotted versions")
        XCTAssertEqual(try top("retina6_1", toolsVersion: "22154"), 48)
        XCTAssertEqual(try top("retina4_7", toolsVersion: "15702"), 0, "Xcode 11 drew no status bar on an iPhone 8")
        XCTAssertEqual(try top("retina4_7", toolsVersion: "14113"), 20)
        XCTAssertEqual(try top("retina4_7", toolsVersion: "17701"), 20)
        XCTAssertEqual(Device.simulated(id: "retina6_1", toolsVersion: nil), Device.all["retina6_1"])
        XCTAssertEqual(Device.simulated(id: "retina5_9", toolsVersion: 15505)?.portraitInsets.top, 44)
        XCTAssertNil(Device.simulated(id: "retina9_9", toolsVersion: 15505))
    }

    func testAFreeformRootIsSimulatedAsTheWholeScreen() throws {
        let label = """
            <label opaque="NO" text="Saved" translatesAutoresizingMaskIntoConstraints="NO" id="label">
                <rect key="frame" x="20" y="44" width="560" height="18"/>
            </label>
            """
        let pins = """
            <constraint firstItem="label" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="p1"/>
            <constraint firstItem="label" firstAttribute="top" secondItem="root" secondAttribute="topMargin" id="p2"/>
            <constraint firstAttribute="bottomMargin" secondItem="label" secondAttribute="bottom" id="p3"/>
            <constraint firstAttribute="trailingMargin" secondItem="label" secondAttribute="trailing" id="p4"/>
            """
        let freeform = #"<freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>"#
        // 96 points tall on a phone with a sensor housing: the device's insets, top and bottom,
        // and side margins of 20 for its 600-point width.
        let document = try importAndLayOut(xibRoot(label, pins, device: "retina6_1", toolsVersion: "17156",
                                                   frame: #"width="600" height="96""#, extras: freeform))
        XCTAssertEqual(document.view(withID: "root")?.safeAreaInsets, EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(document.view(withID: "label")?.frame, Rect(x: 20, y: 44, width: 560, height: 18))
        // Without the freeform mark, a root shorter than the screen ends above the home indicator.
        let fixed = try importAndLayOut(xibRoot(label, pins, device: "retina6_1", toolsVersion: "17156",
                                                frame: #"width="600" height="96""#))
        XCTAssertEqual(fixed.view(withID: "root")?.safeAreaInsets.bottom, 0)
        XCTAssertEqual(fixed.view(withID: "root")?.layoutMargins.left, 20, "retina6_1 is 414 points wide")
        let narrow = try importAndLayOut(xibRoot(label, pins, device: "retina4_7", useSafeAreas: true,
                                                 frame: #"width="300" height="96""#, extras: freeform))
        XCTAssertEqual(narrow.view(withID: "root")?.layoutMargins.left, 16, "a 300-point freeform root on a 375-point phone")
    }

    func testNoStatusBarOverAXibWithoutSafeAreasAndAlwaysOneOnAnIPad() throws {
        let view = #"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v"><rect key="frame" x="0" y="0" width="10" height="10"/></view>"#
        let pins = """
            <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="topMargin" id="p1"/>
            <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="p2"/>
            <constraint firstItem="v" firstAttribute="width" constant="10" id="p3"/>
            <constraint firstItem="v" firstAttribute="height" constant="10" id="p4"/>
            """
        XCTAssertEqual(try importAndLayOut(xibRoot(view, pins)).view(withID: "v")?.frame.minY, 0)
        XCTAssertEqual(try importAndLayOut(xibRoot(view, pins, useSafeAreas: true)).view(withID: "v")?.frame.minY, 20)
        XCTAssertEqual(try importAndLayOut(xibRoot(view, pins, device: "retina5_9")).view(withID: "v")?.frame.minY, 50,
                       "a sensor housing insets the view whether or not a status bar shows")
        func hiddenStatusBarTop(_ device: String, width: Int, height: Int) throws -> Double {
            let text = ImportTestDocuments.storyboard(device: #"<device id="\#(device)" orientation="portrait"/>"#,
                                                      controllerExtras: #"<nil key="simulatedStatusBarMetrics"/>"#, rootView: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                </view>
                """)
            return try XCTUnwrap(importAndLayOut(text).view(withID: "root")).safeAreaInsets.top
        }
        XCTAssertEqual(try hiddenStatusBarTop("retina4_7", width: 375, height: 667), 0)
        XCTAssertEqual(try hiddenStatusBarTop("ipad9_7", width: 768, height: 1024), 20)
    }

    func testTableCellContentMarginsBeforeIOS11AndContentViewsSavedWithoutAFrame() throws {
        func cell(toolsVersion: String, contentFrame: String) -> String {
            ImportTestDocuments.xib(toolsVersion: toolsVersion, objects: """
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="cell">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="61"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell" id="cv">
                        \(contentFrame)
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                                <rect key="frame" x="8" y="8" width="10" height="10"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="v" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="c1"/>
                            <constraint firstItem="v" firstAttribute="top" secondItem="cv" secondAttribute="topMargin" id="c2"/>
                            <constraint firstAttribute="bottomMargin" secondItem="v" secondAttribute="bottom" id="c3"/>
                            <constraint firstItem="v" firstAttribute="width" constant="10" id="c4"/>
                        </constraints>
                    </tableViewCellContentView>
                </tableViewCell>
                """)
        }
        let frame = #"<rect key="frame" x="0.0" y="0.0" width="320" height="60"/>"#
        let old = try importAndLayOut(cell(toolsVersion: "11762", contentFrame: frame))
        XCTAssertEqual(old.view(withID: "cv")?.layoutMargins, EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        XCTAssertEqual(old.view(withID: "v")?.frame, Rect(x: 8, y: 8, width: 10, height: 44))
        let new = try importAndLayOut(cell(toolsVersion: "21701", contentFrame: frame))
        XCTAssertEqual(new.view(withID: "v")?.frame, Rect(x: 16, y: 11, width: 10, height: 38))
        // Xcode 6 saved no frame for the content view: the cell's, less its 1-point separator.
        let unsaved = try importAndLayOut(cell(toolsVersion: "7528.3", contentFrame: ""))
        XCTAssertEqual(unsaved.view(withID: "cv")?.frame, Rect(x: 0, y: 0, width: 320, height: 60))
        XCTAssertEqual(unsaved.view(withID: "v")?.frame, Rect(x: 8, y: 8, width: 10, height: 44))
    }

    func testSizeClassVariationsOfTheDocumentsDevice() throws {
        func document(_ device: String, orientation: String = "portrait", width: Int, height: Int,
                      options: ImportOptions = ImportOptions()) throws -> ImportedDocument {
            let text = ImportTestDocuments.storyboard(device: #"<device id="\#(device)" orientation="\#(orientation)"/>"#, rootView: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
                            <rect key="frame" x="10" y="10" width="10" height="10"/>
                        </view>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="padOnly">
                            <rect key="frame" x="0" y="0" width="5" height="5"/>
                        </view>
                        <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                            <rect key="frame" x="0" y="100" width="10" height="10"/>
                            <variation key="heightClass=compact" axis="horizontal"/>
                        </stackView>
                    </subviews>
                    <constraints>
                        <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="lead">
                            <variation key="widthClass=regular" constant="30"/>
                            <variation key="heightClass=regular-widthClass=regular" constant="40"/>
                        </constraint>
                        <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="phoneTop"/>
                        <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" constant="50" id="padTop"/>
                        <constraint firstItem="v" firstAttribute="width" constant="10" id="w"/>
                        <constraint firstItem="v" firstAttribute="height" constant="10" id="h"/>
                    </constraints>
                    <variation key="default">
                        <mask key="subviews">
                            <exclude reference="padOnly"/>
                        </mask>
                        <mask key="constraints">
                            <exclude reference="padTop"/>
                        </mask>
                    </variation>
                    <variation key="heightClass=regular-widthClass=regular">
                        <mask key="subviews">
                            <include reference="padOnly"/>
                        </mask>
                        <mask key="constraints">
                            <include reference="padTop"/>
                            <exclude reference="phoneTop"/>
                        </mask>
                    </variation>
                    <variation key="userInterfaceIdiom=mac">
                        <mask key="constraints">
                            <exclude reference="w"/>
                        </mask>
                    </variation>
                    <variation key="displayGamut=P3"/>
                </view>
                """)
            let document = try InterfaceBuilderImporter(options: options).importDocument(text, into: LayoutEngine())
            try document.layout()
            return document
        }
        // An iPhone in portrait is compact wide: the default class, and a report only for the key
        // no size class has.
        let phone = try document("retina4_7", width: 375, height: 667)
        XCTAssertEqual(phone.view(withID: "v")?.frame, Rect(x: 10, y: 10, width: 10, height: 10))
        XCTAssertTrue(phone.views.first { $0.id == "padOnly" }.map { $0.view.superview == nil } ?? true,
                      "the default class excludes padOnly")
        XCTAssertEqual(phone.reports.map(\.element), ["variation", "view"], phone.reports.map(\.message).joined(separator: "; "))
        XCTAssertTrue(phone.reports[0].message.contains("displayGamut=P3"))
        XCTAssertEqual((phone.view(withID: "stack") as? StackView)?.axis, .vertical)
        // An iPad is regular both ways: the more specific variation applies after the wider one,
        // and its masks include what the default class excludes.
        let pad = try document("ipad9_7", width: 768, height: 1024)
        XCTAssertEqual(pad.view(withID: "v")?.frame, Rect(x: 40, y: 50, width: 10, height: 10))
        XCTAssertNotNil(pad.view(withID: "padOnly")?.superview)
        XCTAssertFalse(pad.reports.contains { $0.element == "view" })
        // An iPhone 8 Plus in landscape is regular wide and compact tall.
        let plus = try document("retina5_5", orientation: "landscape", width: 736, height: 414)
        XCTAssertEqual(plus.view(withID: "v")?.frame.minX, 30)
        XCTAssertEqual((plus.view(withID: "stack") as? StackView)?.axis, .horizontal)
        // Laid out for another device, the document gets that device's size classes.
        let asPad = try document("retina4_7", width: 375, height: 667, options: ImportOptions(device: "ipad9_7"))
        XCTAssertEqual(asPad.view(withID: "v")?.frame, Rect(x: 40, y: 50, width: 10, height: 10))
        let small = try document("retina4_7", orientation: "landscape", width: 667, height: 375)
        XCTAssertEqual(small.view(withID: "v")?.frame.minX, 10, "an iPhone 8 in landscape is compact wide")
        XCTAssertEqual(SizeClassTraits.parts(of: "heightClass=compact-widthClass=regular")?.map(\.1), ["compact", "regular"])
        XCTAssertNil(SizeClassTraits.parts(of: "nonsense"))
    }

    func testOpaqueNavigationBarsAndTableHeadersAndBars() throws {
        // A navigation controller with an opaque bar, its root controller's view saved misplaced.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav">
                <device id="retina5_5" orientation="portrait" appearance="light"/>
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <navigationController id="nav" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" translucent="NO" id="bar">
                                    <rect key="frame" x="0.0" y="20" width="414" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                </navigationBar>
                                <connections>
                                    <segue destination="vc" kind="relationship" relationship="rootViewController" id="root"/>
                                </connections>
                            </navigationController>
                        </objects>
                    </scene>
                    <scene sceneID="s2">
                        <objects>
                            <viewController id="vc" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" misplaced="YES" id="main">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="666"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="fill">
                                            <rect key="frame" x="0.0" y="0.0" width="414" height="672"/>
                                        </view>
                                        <navigationBar contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="ownBar">
                                            <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                        </navigationBar>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="safe"/>
                                    <constraints>
                                        <constraint firstItem="fill" firstAttribute="top" secondItem="safe" secondAttribute="top" id="c1"/>
                                        <constraint firstItem="fill" firstAttribute="leading" secondItem="main" secondAttribute="leading" id="c2"/>
                                        <constraint firstAttribute="trailing" secondItem="fill" secondAttribute="trailing" id="c3"/>
                                        <constraint firstAttribute="bottom" secondItem="fill" secondAttribute="bottom" id="c4"/>
                                        <constraint firstItem="ownBar" firstAttribute="top" secondItem="main" secondAttribute="top" id="c5"/>
                                        <constraint firstItem="ownBar" firstAttribute="leading" secondItem="main" secondAttribute="leading" id="c6"/>
                                        <constraint firstAttribute="trailing" secondItem="ownBar" secondAttribute="trailing" id="c7"/>
                                    </constraints>
                                </view>
                                <connections>
                                    <segue destination="pushed" kind="show" id="push"/>
                                </connections>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="s4">
                        <objects>
                            <viewController id="pushed" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="pushedView">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="736"/>
                                </view>
                                <simulatedToolbarMetrics key="simulatedBottomBarMetrics" translucent="NO"/>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="s3">
                        <objects>
                            <tableViewController id="tvc" sceneMemberID="viewController">
                                <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" rowHeight="44" id="table">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="736"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <view key="tableHeaderView" contentMode="scaleToFill" id="header">
                                        <rect key="frame" x="0.0" y="0.0" width="300" height="170"/>
                                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                        <subviews>
                                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="inHeader">
                                                <rect key="frame" x="100" y="10" width="100" height="60"/>
                                            </view>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="inHeader" firstAttribute="centerX" secondItem="header" secondAttribute="centerX" id="h1"/>
                                            <constraint firstItem="inHeader" firstAttribute="top" secondItem="header" secondAttribute="top" constant="10" id="h2"/>
                                            <constraint firstItem="inHeader" firstAttribute="width" constant="100" id="h3"/>
                                            <constraint firstItem="inHeader" firstAttribute="height" constant="60" id="h4"/>
                                        </constraints>
                                    </view>
                                    <view key="tableFooterView" contentMode="scaleToFill" id="footer">
                                        <rect key="frame" x="0.0" y="300" width="414" height="40"/>
                                    </view>
                                </tableView>
                            </tableViewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let document = try importAndLayOut(text)
        // Below the opaque bar: from 64 points down to the screen's bottom, no top inset.
        let main = try XCTUnwrap(document.view(withID: "main"))
        XCTAssertEqual(main.frame, Rect(x: 0, y: 64, width: 414, height: 672))
        XCTAssertEqual(main.safeAreaInsets.top, 0)
        XCTAssertEqual(document.view(withID: "fill")?.frame, Rect(x: 0, y: 0, width: 414, height: 672))
        // A controller pushed onto the stack, saved in place: it keeps its frame, and the opaque
        // bars above and below it inset none of it.
        let pushed = try XCTUnwrap(document.view(withID: "pushedView"))
        XCTAssertEqual(pushed.frame, Rect(x: 0, y: 0, width: 414, height: 736))
        XCTAssertEqual(pushed.safeAreaInsets, .zero)
        // A bar placed by constraints is as tall as saved.
        XCTAssertEqual(document.view(withID: "ownBar")?.frame, Rect(x: 0, y: 0, width: 414, height: 44))
        // The table's header is as wide as the table, whatever its saved width; its content is
        // laid out in it. The footer's place depends on the rows: reported.
        XCTAssertEqual(document.view(withID: "header")?.frame, Rect(x: 0, y: 0, width: 414, height: 170))
        XCTAssertEqual(document.view(withID: "inHeader")?.frame.minX, 157)
        XCTAssertEqual(document.view(withID: "footer")?.frame, Rect(x: 0, y: 300, width: 414, height: 40))
        XCTAssertEqual(document.reports.map(\.element), ["navigationController", "view"])
        XCTAssertTrue(document.reports[1].message.contains("tableFooterView"))
        XCTAssertFalse(document.views.first { $0.id == "header" }?.isPlacedByConstraints ?? true)
    }
}
