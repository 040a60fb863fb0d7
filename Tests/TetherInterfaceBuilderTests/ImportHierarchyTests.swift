import Tether
import XCTest
@testable import TetherInterfaceBuilder

/// Views, autoresizing, stack views, priorities, intrinsic sizes, cells and the device table.
final class InterfaceBuilderImportHierarchyTests: XCTestCase {
    func importAndLayOut(_ text: String, importer: InterfaceBuilderImporter = InterfaceBuilderImporter()) throws
        -> ImportedDocument {
        let document = try importer.importDocument(text, into: LayoutEngine())
        try document.layout()
        return document
    }

    func testAutoresizingMasksAndTranslation() throws {
        let text = ImportTestDocuments.xib(objects: """
            <view contentMode="scaleToFill" misplaced="YES" id="top">
                <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" id="a">
                        <rect key="frame" x="10" y="10" width="180" height="20"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                    </view>
                    <view contentMode="scaleToFill" id="b">
                        <rect key="frame" x="5" y="50" width="30" height="30"/>
                    </view>
                    <view contentMode="scaleToFill" ambiguous="YES" id="c">
                        <rect key="frame" x="150" y="40" width="40" height="20"/>
                        <autoresizingMask key="autoresizingMask" flexibleMinX="YES" heightSizable="YES" flexibleMinY="YES"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="b" firstAttribute="leading" secondItem="top" secondAttribute="leading" constant="5" id="b1"/>
                    <constraint firstItem="b" firstAttribute="top" secondItem="top" secondAttribute="top" constant="50" id="b2"/>
                    <constraint firstItem="b" firstAttribute="width" constant="30" id="b3"/>
                    <constraint firstItem="b" firstAttribute="height" constant="30" id="b4"/>
                </constraints>
            </view>
            """)
        let document = try importAndLayOut(text)
        XCTAssertEqual(document.roots.map(\.kind), [.topLevelView])
        let top = try XCTUnwrap(document.view(withID: "top"))
        XCTAssertEqual(top.autoresizingMask, [.flexibleRightMargin, .flexibleBottomMargin])
        // Xcode lays a xib's top-level view out as a view controller's view on the device, with
        // the system's side margins; in a document without safe-area guides it simulates no
        // status bar over it (ImportEnvironmentTests has the other cases).
        XCTAssertEqual(top.safeAreaInsets, .zero)
        XCTAssertEqual(top.layoutMargins, EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
        let a = try XCTUnwrap(document.view(withID: "a"))
        let b = try XCTUnwrap(document.view(withID: "b"))
        let c = try XCTUnwrap(document.view(withID: "c"))
        XCTAssertTrue(a.translatesAutoresizingMaskIntoConstraints)
        XCTAssertEqual(a.autoresizingMask, [.flexibleWidth, .flexibleBottomMargin])
        XCTAssertFalse(b.translatesAutoresizingMaskIntoConstraints, "a view constraints name does not translate")
        XCTAssertEqual(c.autoresizingMask, [.flexibleLeftMargin, .flexibleHeight, .flexibleTopMargin])
        top.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        try document.layout()
        XCTAssertEqual(a.frame, Rect(x: 10, y: 10, width: 280, height: 20))
        XCTAssertEqual(b.frame, Rect(x: 5, y: 50, width: 30, height: 30))
        XCTAssertEqual(c.frame.maxX, 290)
        let records = Dictionary(uniqueKeysWithValues: document.views.compactMap { v in v.id.map { ($0, v) } })
        XCTAssertEqual(records["top"]?.isMisplaced, true)
        XCTAssertEqual(records["top"]?.isRoot, true)
        XCTAssertEqual(records["c"]?.isAmbiguous, true)
        XCTAssertEqual(records["b"]?.isPlacedByConstraints, true)
        XCTAssertEqual(records["a"]?.isPlacedByConstraints, false)
        XCTAssertEqual(records["a"]?.savedFrame, Rect(x: 10, y: 10, width: 180, height: 20))
        XCTAssertEqual(records["b"]?.className, "view")
    }

    func testStackViews() throws {
        let text = ImportTestDocuments.xib(objects: """
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="200" height="200"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="fillEqually" alignment="center" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="st">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="70"/>
                        <subviews>
                            <label opaque="NO" text="One" translatesAutoresizingMaskIntoConstraints="NO" id="l1">
                                <rect key="frame" x="30" y="0.0" width="40" height="30"/>
                            </label>
                            <label opaque="NO" text="Two" translatesAutoresizingMaskIntoConstraints="NO" id="l2">
                                <rect key="frame" x="20" y="40" width="60" height="30"/>
                            </label>
                            <view hidden="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="gone">
                                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                            </view>
                        </subviews>
                    </stackView>
                    <stackView opaque="NO" contentMode="scaleToFill" alignment="top" baselineRelativeArrangement="YES" translatesAutoresizingMaskIntoConstraints="NO" id="h">
                        <rect key="frame" x="0.0" y="100" width="100" height="10"/>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="st" firstAttribute="leading" secondItem="top" secondAttribute="leading" id="s1"/>
                    <constraint firstItem="st" firstAttribute="top" secondItem="top" secondAttribute="top" id="s2"/>
                    <constraint firstItem="st" firstAttribute="width" constant="100" id="s3"/>
                    <constraint firstItem="st" firstAttribute="height" constant="70" id="s4"/>
                </constraints>
            </view>
            """)
        let document = try importAndLayOut(text)
        let stack = try XCTUnwrap(document.view(withID: "st") as? StackView)
        XCTAssertEqual(stack.axis, .vertical)
        XCTAssertEqual(stack.distribution, .fillEqually)
        XCTAssertEqual(stack.alignment, .center)
        XCTAssertEqual(stack.spacing, 10)
        XCTAssertFalse(stack.isBaselineRelativeArrangement)
        XCTAssertEqual(stack.arrangedSubviews.map(\.identifier), ["l1", "l2", "gone"])
        XCTAssertEqual(document.view(withID: "gone")?.isHidden, true)
        XCTAssertEqual(document.view(withID: "l1")?.frame, Rect(x: 30, y: 0, width: 40, height: 30))
        XCTAssertEqual(document.view(withID: "l2")?.frame, Rect(x: 20, y: 40, width: 60, height: 30))
        let horizontal = try XCTUnwrap(document.view(withID: "h") as? StackView)
        XCTAssertEqual(horizontal.axis, .horizontal)
        XCTAssertEqual(horizontal.distribution, .fill)
        XCTAssertEqual(horizontal.alignment, .top)
        XCTAssertEqual(horizontal.spacing, 0)
        XCTAssertTrue(horizontal.isBaselineRelativeArrangement)
    }

    func testHuggingAndCompressionPriorities() throws {
        let text = ImportTestDocuments.xib(objects: """
            <view contentMode="scaleToFill" id="top">
                <rect key="frame" x="0.0" y="0.0" width="200" height="200"/>
                <subviews>
                    <label opaque="NO" horizontalHuggingPriority="251" verticalHuggingPriority="252" horizontalCompressionResistancePriority="749" verticalCompressionResistancePriority="1000" text="A" translatesAutoresizingMaskIntoConstraints="NO" id="set">
                        <rect key="frame" x="0.0" y="0.0" width="10" height="21"/>
                    </label>
                    <label opaque="NO" text="B" translatesAutoresizingMaskIntoConstraints="NO" id="unset">
                        <rect key="frame" x="0.0" y="30" width="10" height="21"/>
                    </label>
                </subviews>
            </view>
            """)
        let document = try importAndLayOut(text)
        let set = try XCTUnwrap(document.view(withID: "set"))
        XCTAssertEqual(set.contentHuggingPriority(for: .horizontal), LayoutPriority(251))
        XCTAssertEqual(set.contentHuggingPriority(for: .vertical), LayoutPriority(252))
        XCTAssertEqual(set.contentCompressionResistancePriority(for: .horizontal), LayoutPriority(749))
        XCTAssertEqual(set.contentCompressionResistancePriority(for: .vertical), .required)
        let unset = try XCTUnwrap(document.view(withID: "unset"))
        XCTAssertEqual(unset.contentHuggingPriority(for: .horizontal), .defaultLow)
        XCTAssertEqual(unset.contentCompressionResistancePriority(for: .vertical), .defaultHigh)
    }

    private let controls = ImportTestDocuments.xib(objects: """
        <view contentMode="scaleToFill" id="top">
            <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
            <subviews>
                <label opaque="NO" text="L" translatesAutoresizingMaskIntoConstraints="NO" id="label">
                    <rect key="frame" x="0.0" y="0.0" width="42" height="21"/>
                </label>
                <slider opaque="NO" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="slider">
                    <rect key="frame" x="0.0" y="30" width="118" height="31"/>
                </slider>
                <imageView clipsSubviews="YES" translatesAutoresizingMaskIntoConstraints="NO" id="blank">
                    <rect key="frame" x="0.0" y="70" width="20" height="20"/>
                </imageView>
                <imageView clipsSubviews="YES" image="star" translatesAutoresizingMaskIntoConstraints="NO" id="star">
                    <rect key="frame" x="0.0" y="100" width="24" height="24"/>
                </imageView>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="plain">
                    <rect key="frame" x="0.0" y="130" width="50" height="50"/>
                </view>
                <switch opaque="NO" contentHorizontalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="toggle">
                    <rect key="frame" x="0.0" y="190" width="51" height="31"/>
                </switch>
            </subviews>
        </view>
        """)

    func testDefaultIntrinsicSizesAreSavedFrameSizes() throws {
        let document = try importAndLayOut(controls)
        let none = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        XCTAssertEqual(document.view(withID: "label")?.intrinsicContentSize, Size(width: 42, height: 21))
        // A slider's intrinsic height is its alignment rectangle's: the frame less 1 point below.
        XCTAssertEqual(document.view(withID: "slider")?.intrinsicContentSize, Size(width: View.noIntrinsicMetric, height: 30))
        XCTAssertEqual(document.view(withID: "slider")?.alignmentRectInsets, EdgeInsets(top: 0, left: 2, bottom: 1, right: 2))
        XCTAssertEqual(document.view(withID: "blank")?.intrinsicContentSize, none)
        XCTAssertEqual(document.view(withID: "star")?.intrinsicContentSize, Size(width: 24, height: 24))
        XCTAssertEqual(document.view(withID: "plain")?.intrinsicContentSize, none)
        // A switch's is its alignment rectangle's: 2 points narrower than its frame.
        XCTAssertEqual(document.view(withID: "toggle")?.intrinsicContentSize, Size(width: 49, height: 31))
        // Content sizes alone place them where Xcode saved them.
        XCTAssertEqual(document.view(withID: "label")?.frame.size, Size(width: 42, height: 21))
    }

    func testIntrinsicSizeHookOverridesTheDefault() throws {
        var asked: [String] = []
        let importer = InterfaceBuilderImporter { request in
            asked.append(request.id ?? "")
            if request.className == "label" {
                XCTAssertEqual(request.element["text"], "L")
                XCTAssertEqual(request.savedSize, Size(width: 42, height: 21))
                return Size(width: 77, height: 11)
            }
            return SavedFrameIntrinsicSize.size(for: request)
        }
        let document = try importAndLayOut(controls, importer: importer)
        XCTAssertEqual(document.view(withID: "label")?.intrinsicContentSize, Size(width: 77, height: 11))
        XCTAssertEqual(document.view(withID: "toggle")?.intrinsicContentSize, Size(width: 49, height: 31))
        XCTAssertEqual(asked, ["top", "label", "slider", "blank", "star", "plain", "toggle"])
    }

    func testCellsAndContentViewsAreRoots() throws {
        let text = ImportTestDocuments.xib(objects: """
            <tableViewCell opaque="NO" clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="cell">
                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                <autoresizingMask key="autoresizingMask"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cell" id="cv">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <label opaque="NO" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="title">
                            <rect key="frame" x="16" y="11.5" width="35" height="21"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="title" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="t1"/>
                        <constraint firstItem="title" firstAttribute="centerY" secondItem="cv" secondAttribute="centerY" id="t2"/>
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            <collectionViewCell opaque="NO" clipsSubviews="YES" contentMode="center" id="grid">
                <rect key="frame" x="0.0" y="0.0" width="50" height="50"/>
                <view key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center">
                    <rect key="frame" x="0.0" y="0.0" width="50" height="50"/>
                    <autoresizingMask key="autoresizingMask"/>
                </view>
            </collectionViewCell>
            """)
        let document = try importAndLayOut(text)
        XCTAssertEqual(document.reports, [])
        XCTAssertEqual(document.roots.map(\.id), ["cell", "grid"])
        XCTAssertEqual(document.roots.map(\.kind), [.cell, .cell])
        let content = try XCTUnwrap(document.view(withID: "cv"))
        XCTAssertTrue(content.superview === document.view(withID: "cell"))
        XCTAssertEqual(content.layoutMargins, EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
        XCTAssertEqual(document.view(withID: "title")?.frame, Rect(x: 16, y: 11.5, width: 35, height: 21))
        // Cells keep their content view filling them.
        let cell = try XCTUnwrap(document.view(withID: "cell"))
        cell.frame = Rect(x: 0, y: 0, width: 400, height: 60)
        try document.layout()
        XCTAssertEqual(content.frame, Rect(x: 0, y: 0, width: 400, height: 60))
        let grid = try XCTUnwrap(document.view(withID: "grid"))
        XCTAssertEqual(grid.subviews.count, 1)
        XCTAssertEqual(grid.subviews[0].identifier, "", "a content view saved without an id")
    }

    func testDeviceTableGivesRootsTheirSafeAreas() throws {
        func rootInsets(device: String, width: Double, height: Double) throws -> (EdgeInsets, ImportedDocument) {
            let text = ImportTestDocuments.storyboard(device: device, rootView: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
                </view>
                """)
            let document = try importAndLayOut(text)
            return (try XCTUnwrap(document.view(withID: "root")).safeAreaInsets, document)
        }
        XCTAssertEqual(try rootInsets(device: #"<device id="retina6_1" orientation="portrait"/>"#, width: 414, height: 896).0,
                       EdgeInsets(top: 48, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(try rootInsets(device: #"<device id="retina5_9" orientation="landscape"/>"#, width: 812, height: 375).0,
                       EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        XCTAssertEqual(try rootInsets(device: #"<device id="ipad12_9rounded" orientation="portrait"/>"#, width: 1024, height: 1366).0,
                       EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        // A view controller below an opaque bar starts under it: the bar covers none of it.
        XCTAssertEqual(try rootInsets(device: #"<device id="retina4_7" orientation="portrait"/>"#, width: 375, height: 667).0.top, 20)
        let (unknown, document) = try rootInsets(device: #"<device id="retina9_9" orientation="portrait"/>"#, width: 400, height: 900)
        XCTAssertEqual(unknown, .zero)
        XCTAssertEqual(document.reports.map(\.element), ["device"])
        XCTAssertNil(document.device)
        // Documents saved before Xcode 9 name the device in their default simulated metrics.
        let old = ImportTestDocuments.storyboard(device: """
            <simulatedMetricsContainer key="defaultSimulatedMetrics">
                <simulatedStatusBarMetrics key="statusBar"/>
                <simulatedOrientationMetrics key="orientation"/>
                <simulatedScreenMetrics key="destination" type="retina5_5.fullscreen"/>
            </simulatedMetricsContainer>
            """, rootView: #"<view key="view" contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="414" height="736"/></view>"#)
        let oldDocument = try importAndLayOut(old)
        XCTAssertEqual(oldDocument.deviceID, "retina5_5")
        XCTAssertEqual(oldDocument.view(withID: "root")?.safeAreaInsets.top, 20)
        XCTAssertEqual(oldDocument.view(withID: "root")?.layoutMargins.left, 20, "20-point margins at 414 points")
    }
}
