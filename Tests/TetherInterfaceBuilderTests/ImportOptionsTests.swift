import Tether
import XCTest
@testable import TetherInterfaceBuilder

/// Import options: another device, orientation or a freeform screen size than the document's.
final class InterfaceBuilderImportOptionsTests: XCTestCase {
    /// A retina4_7 (375 × 667) scene: a bar pinned to the safe area's top and sides, a footer to
    /// its bottom, and a view that stretches by its autoresizing mask.
    static let scene = ImportTestDocuments.storyboard(rootView: """
        <view key="view" contentMode="scaleToFill" id="root">
            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            <subviews>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
                    <rect key="frame" x="0.0" y="20" width="375" height="50"/>
                </view>
                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="footer">
                    <rect key="frame" x="0.0" y="627" width="375" height="40"/>
                </view>
                <view contentMode="scaleToFill" id="stretch">
                    <rect key="frame" x="10" y="100" width="355" height="100"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                </view>
            </subviews>
            <constraints>
                <constraint firstItem="bar" firstAttribute="top" secondItem="safe" secondAttribute="top" id="c1"/>
                <constraint firstItem="bar" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="c2"/>
                <constraint firstItem="safe" firstAttribute="trailing" secondItem="bar" secondAttribute="trailing" id="c3"/>
                <constraint firstItem="bar" firstAttribute="height" constant="50" id="c4"/>
                <constraint firstItem="footer" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="c5"/>
                <constraint firstItem="safe" firstAttribute="trailing" secondItem="footer" secondAttribute="trailing" id="c6"/>
                <constraint firstItem="safe" firstAttribute="bottom" secondItem="footer" secondAttribute="bottom" id="c7"/>
                <constraint firstItem="footer" firstAttribute="height" constant="40" id="c8"/>
            </constraints>
            <viewLayoutGuide key="safeArea" id="safe"/>
        </view>
        """)

    func importAndLayOut(_ text: String, _ options: ImportOptions) throws -> ImportedDocument {
        let document = try InterfaceBuilderImporter(options: options).importDocument(text, into: LayoutEngine())
        try document.layout()
        return document
    }

    func frame(_ document: ImportedDocument, _ id: String) throws -> Rect {
        try XCTUnwrap(document.view(withID: id)).frame
    }

    func testWithoutOptionsTheDocumentsDevice() throws {
        let document = try importAndLayOut(Self.scene, ImportOptions())
        XCTAssertEqual(document.deviceID, "retina4_7")
        XCTAssertEqual(document.screenSize, Size(width: 375, height: 667))
        XCTAssertEqual(try frame(document, "root"), Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(try frame(document, "bar"), Rect(x: 0, y: 20, width: 375, height: 50))
        XCTAssertEqual(try frame(document, "footer"), Rect(x: 0, y: 627, width: 375, height: 40))
    }

    func testAnotherDeviceResizesTheScreenAndItsSafeArea() throws {
        let document = try importAndLayOut(Self.scene, ImportOptions(device: "retina6_12"))
        XCTAssertEqual(document.deviceID, "retina6_12")
        XCTAssertEqual(document.device?.name, "iPhone 14 Pro")
        XCTAssertEqual(document.screenSize, Size(width: 393, height: 852))
        let root = try XCTUnwrap(document.view(withID: "root"))
        XCTAssertEqual(root.frame, Rect(x: 0, y: 0, width: 393, height: 852))
        XCTAssertEqual(root.safeAreaInsets, EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(try frame(document, "bar"), Rect(x: 0, y: 59, width: 393, height: 50))
        XCTAssertEqual(try frame(document, "footer"), Rect(x: 0, y: 852 - 34 - 40, width: 393, height: 40))
        // Autoresizing: 18 points wider, as the root.
        XCTAssertEqual(try frame(document, "stretch"), Rect(x: 10, y: 100, width: 373, height: 100))
        // The saved frames are still the document's.
        XCTAssertEqual(document.views.first { $0.id == "root" }?.savedFrame, Rect(x: 0, y: 0, width: 375, height: 667))
    }

    func testLandscapeSwapsTheScreen() throws {
        let document = try importAndLayOut(Self.scene, ImportOptions(landscape: true))
        XCTAssertEqual(document.deviceID, "retina4_7")
        XCTAssertTrue(document.isLandscape)
        // No status bar on a phone in landscape.
        XCTAssertEqual(try frame(document, "root"), Rect(x: 0, y: 0, width: 667, height: 375))
        XCTAssertEqual(try frame(document, "bar"), Rect(x: 0, y: 0, width: 667, height: 50))
        XCTAssertEqual(try frame(document, "footer"), Rect(x: 0, y: 335, width: 667, height: 40))

        let notched = try importAndLayOut(Self.scene, ImportOptions(device: "retina6_12", landscape: true))
        XCTAssertEqual(try frame(notched, "root"), Rect(x: 0, y: 0, width: 852, height: 393))
        XCTAssertEqual(try frame(notched, "bar"), Rect(x: 59, y: 0, width: 852 - 118, height: 50))
    }

    func testFreeformSizeHasNoInsetsWithoutADevice() throws {
        let document = try importAndLayOut(Self.scene, ImportOptions(size: Size(width: 500, height: 700)))
        XCTAssertNil(document.deviceID)
        XCTAssertEqual(document.device?.id, "freeform")
        XCTAssertEqual(document.device?.name, "freeform 500 × 700")
        XCTAssertEqual(document.screenSize, Size(width: 500, height: 700))
        let root = try XCTUnwrap(document.view(withID: "root"))
        XCTAssertEqual(root.frame, Rect(x: 0, y: 0, width: 500, height: 700))
        XCTAssertEqual(root.safeAreaInsets, .zero)
        XCTAssertEqual(root.layoutMargins, EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), "20 on screens 414 wide and more")
        XCTAssertEqual(try frame(document, "bar"), Rect(x: 0, y: 0, width: 500, height: 50))
        XCTAssertEqual(try frame(document, "footer"), Rect(x: 0, y: 660, width: 500, height: 40))
    }

    func testFreeformSizeKeepsAGivenDevicesInsets() throws {
        let document = try importAndLayOut(Self.scene, ImportOptions(device: "retina6_12", size: Size(width: 500, height: 700)))
        XCTAssertEqual(document.deviceID, "retina6_12")
        XCTAssertEqual(document.screenSize, Size(width: 500, height: 700))
        XCTAssertEqual(try frame(document, "root"), Rect(x: 0, y: 0, width: 500, height: 700))
        XCTAssertEqual(try frame(document, "bar"), Rect(x: 0, y: 59, width: 500, height: 50))
        XCTAssertEqual(try frame(document, "footer"), Rect(x: 0, y: 700 - 34 - 40, width: 500, height: 40))
        // Landscape picks the device's landscape insets; the size is never swapped.
        let wide = try importAndLayOut(Self.scene, ImportOptions(device: "retina6_12", landscape: true,
                                                                 size: Size(width: 900, height: 400)))
        XCTAssertEqual(wide.screenSize, Size(width: 900, height: 400))
        XCTAssertEqual(try frame(wide, "root"), Rect(x: 0, y: 0, width: 900, height: 400))
        XCTAssertEqual(try frame(wide, "bar"), Rect(x: 59, y: 0, width: 900 - 118, height: 50))
    }

    func testOldDocumentsBelowABarEndAtTheNewScreensBottom() throws {
        let text = ImportTestDocuments.storyboard(
            device: #"<device id="retina4_7" orientation="portrait" appearance="light"/>"#,
            rootView: """
                <view key="view" contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="64" width="375" height="667"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                </view>
                """)
        let document = try importAndLayOut(text, ImportOptions(device: "retina6_12"))
        XCTAssertEqual(try frame(document, "root"), Rect(x: 0, y: 64, width: 393, height: 852 - 64))
        // Saved from y = 64 down to the screen's bottom: the same on the new screen.
        let newer = text.replacingOccurrences(of: #"height="667""#, with: #"height="603""#)
        let resized = try importAndLayOut(newer, ImportOptions(device: "retina6_12"))
        XCTAssertEqual(try frame(resized, "root"), Rect(x: 0, y: 64, width: 393, height: 852 - 64))
    }

    func testXibViewsAndCellsKeepTheirHeightAndTakeTheNewWidth() throws {
        let text = ImportTestDocuments.xib(objects: """
            <view contentMode="scaleToFill" id="wide">
                <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            </view>
            <view contentMode="scaleToFill" id="narrow">
                <rect key="frame" x="0.0" y="0.0" width="240" height="128"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            </view>
            <view contentMode="scaleToFill" id="screen">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            </view>
            <tableViewCell opaque="NO" clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="cell">
                <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                <autoresizingMask key="autoresizingMask"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cell" id="cv">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                </tableViewCellContentView>
            </tableViewCell>
            """)
        let document = try importAndLayOut(text, ImportOptions(device: "ipad9_7"))
        XCTAssertEqual(try frame(document, "wide"), Rect(x: 0, y: 0, width: 768, height: 200))
        XCTAssertEqual(try frame(document, "narrow"), Rect(x: 0, y: 0, width: 240, height: 128))
        XCTAssertEqual(try frame(document, "screen"), Rect(x: 0, y: 0, width: 768, height: 667))
        XCTAssertEqual(try frame(document, "cell"), Rect(x: 0, y: 0, width: 768, height: 44))
        XCTAssertEqual(try frame(document, "cv"), Rect(x: 0, y: 0, width: 768, height: 44))
        XCTAssertEqual(try XCTUnwrap(document.view(withID: "cv")).layoutMargins.left, 20, "the iPad's table margin")
    }

    func testADocumentWithoutAKnownDeviceKeepsItsFrames() throws {
        let text = ImportTestDocuments.storyboard(device: "", rootView: """
            <view key="view" contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
            </view>
            """)
        let document = try importAndLayOut(text, ImportOptions(device: "retina6_12"))
        XCTAssertEqual(document.deviceID, "retina6_12")
        XCTAssertEqual(try frame(document, "root"), Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(try XCTUnwrap(document.view(withID: "root")).safeAreaInsets.top, 59)
    }

    func testUnknownDeviceAndBadSizesAreErrorsThatChangeNothing() throws {
        let engine = LayoutEngine()
        let before = try engine.makeView()
        XCTAssertThrowsError(try InterfaceBuilderImporter(options: ImportOptions(device: "iphone99"))
            .importDocument(Self.scene, into: engine)) { error in
            let error = error as! ImportError
            XCTAssertEqual(error.line, 0)
            XCTAssertTrue(error.message.hasPrefix(#"unknown device "iphone99" (known devices: "#), error.message)
            for id in Device.all.keys { XCTAssertTrue(error.message.contains(id), id) }
            XCTAssertEqual(error.description, error.message, "no position: it is not in the document")
        }
        for size in [Size(width: 0, height: 100), Size(width: 100, height: -1), Size(width: .nan, height: 100),
                     Size(width: 100, height: .infinity)] {
            XCTAssertThrowsError(try InterfaceBuilderImporter(options: ImportOptions(size: size))
                .importDocument(Self.scene, into: engine)) { error in
                XCTAssertTrue((error as! ImportError).message.contains("not finite and positive"))
            }
        }
        XCTAssertEqual(try engine.makeView().id, before.id + 1, "a failed import made items")
    }
}
