import Tether
import XCTest
@testable import TetherInterfaceBuilder

/// What the importer refuses (with a line and column, the engine untouched) and what it
/// reports and leaves out.
final class InterfaceBuilderImportErrorTests: XCTestCase {
    /// The 1-based line of the first line of `text` containing `fragment`.
    private func line(of fragment: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(fragment) } ?? -1) + 1
    }

    /// Imports `text` into an engine and checks that it throws and that the engine gained
    /// nothing: the next item made takes the slot right after one made before the import.
    private func assertImportFails(_ text: String, line expectedLine: Int, contains words: String,
                                   file: StaticString = #filePath, line testLine: UInt = #line) throws {
        let engine = LayoutEngine()
        let before = try engine.makeView()
        XCTAssertThrowsError(try InterfaceBuilderImporter().importDocument(text, into: engine), file: file, line: testLine) { error in
            guard let error = error as? ImportError else { return XCTFail("\(error)", file: file, line: testLine) }
            XCTAssertEqual(error.line, expectedLine, "\(error)", file: file, line: testLine)
            XCTAssertTrue(error.message.contains(words), "\(error)", file: file, line: testLine)
        }
        let after = try engine.makeView()
        XCTAssertEqual(after.id, before.id + 1, "the failed import made items", file: file, line: testLine)
        XCTAssertTrue(engine.activeConstraints.isEmpty, file: file, line: testLine)
    }

    private func rootWith(_ body: String) -> String {
        ImportTestDocuments.storyboard(rootView: """
            <view key="view" contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <subviews>
                    <view translatesAutoresizingMaskIntoConstraints="NO" id="v">
                        <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    </view>
                </subviews>
                \(body)
            </view>
            """)
    }

    func testMalformedXMLNamesTheLineAndColumn() throws {
        let text = "<?xml version=\"1.0\"?>\n<document>\n    <objects>\n</document>\n"
        try assertImportFails(text, line: 4, contains: "</document> does not close <objects> (opened at line 3, column 5)")
        do {
            _ = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        } catch {
            XCTAssertEqual(error.column, 1)
            XCTAssertTrue(error.description.hasPrefix("line 4, column 1: not well-formed XML"))
        }
    }

    func testBytesThatAreNotUTF8AreAnErrorAtTheFirstInvalidByte() throws {
        // "é" (two bytes, one column) before the invalid byte: columns count characters.
        let bytes = Array("<document>\n <a b=\"é".utf8) + [0xFF] + Array("\"/></document>".utf8)
        XCTAssertThrowsError(try InterfaceBuilderImporter().importDocument(bytes: bytes, into: LayoutEngine())) { error in
            XCTAssertEqual(error as? ImportError,
                           ImportError(message: "not well-formed XML: invalid UTF-8", line: 2, column: 9))
        }
        let cut = Array("<document>\n é".utf8).dropLast()
        XCTAssertThrowsError(try InterfaceBuilderImporter().importDocument(bytes: Array(cut), into: LayoutEngine())) { error in
            XCTAssertEqual((error as? ImportError)?.line, 2)
            XCTAssertEqual((error as? ImportError)?.column, 2)
        }
        let document = try InterfaceBuilderImporter().importDocument(
            bytes: Array("<document><objects/></document>".utf8), into: LayoutEngine())
        XCTAssertTrue(document.roots.isEmpty)
    }

    func testMissingIDsAreErrorsAndNothingIsBuilt() throws {
        let text = rootWith("""
            <constraints>
                <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" id="ok"/>
                <constraint firstItem="v" firstAttribute="leading" secondItem="nope" secondAttribute="leading" id="bad"/>
            </constraints>
            """)
        try assertImportFails(text, line: line(of: "id=\"bad\"", in: text), contains: "'nope', which no element of the document has")
        let missingFirst = rootWith("""
            <constraints>
                <constraint firstItem="gone" firstAttribute="width" constant="10" id="bad"/>
            </constraints>
            """)
        try assertImportFails(missingFirst, line: line(of: "id=\"bad\"", in: missingFirst), contains: "'gone'")
    }

    func testUnreadableValuesAreErrors() throws {
        let multiplier = rootWith(#"<constraints><constraint firstItem="v" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="a:b" id="m"/></constraints>"#)
        try assertImportFails(multiplier, line: line(of: "multiplier=", in: multiplier), contains: "multiplier=\"a:b\"")
        let zero = rootWith(#"<constraints><constraint firstItem="v" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="1:0" id="m"/></constraints>"#)
        try assertImportFails(zero, line: line(of: "multiplier=", in: zero), contains: "ratio")
        let priority = rootWith(#"<constraints><constraint firstItem="v" firstAttribute="width" constant="3" priority="1500" id="p"/></constraints>"#)
        try assertImportFails(priority, line: line(of: "priority=", in: priority), contains: "not a priority")
        let relation = rootWith(#"<constraints><constraint firstItem="v" firstAttribute="width" relation="about" constant="3" id="r"/></constraints>"#)
        try assertImportFails(relation, line: line(of: "relation=", in: relation), contains: "relation=\"about\"")
        let flag = ImportTestDocuments.xib(objects: #"<view id="t" hidden="maybe"><rect key="frame" x="0" y="0" width="1" height="1"/></view>"#)
        try assertImportFails(flag, line: line(of: "hidden=", in: flag), contains: "neither YES nor NO")
        let frame = ImportTestDocuments.xib(objects: #"<view id="t"><rect key="frame" x="0" y="zero" width="1" height="1"/></view>"#)
        try assertImportFails(frame, line: line(of: "y=\"zero\"", in: frame), contains: "y=\"zero\"")
        let duplicate = ImportTestDocuments.xib(objects: #"<view id="t"><rect key="frame" x="0" y="0" width="1" height="1"/><subviews><view id="t"/></subviews></view>"#)
        try assertImportFails(duplicate, line: line(of: "id=\"t\"", in: duplicate), contains: "used twice")
        try assertImportFails("<plist version=\"1.0\"/>", line: 1, contains: "not an Interface Builder <document>")
    }

    func testUnknownElementsAndLeftOutFeaturesAreReportedWithTheirLines() throws {
        let text = rootWith("""
            <sparkle intensity="11"/>
            <variation key="displayGamut=P3">
                <mask key="constraints">
                    <include reference="wide"/>
                </mask>
            </variation>
            <viewLayoutGuide key="contentLayoutGuide" id="content"/>
            <constraints>
                <constraint firstItem="v" firstAttribute="top" secondItem="content" secondAttribute="top" id="toContent"/>
                <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" constant="5" id="kept"/>
                <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" constant="99" id="excluded"/>
                <constraint firstItem="v" firstAttribute="width" secondItem="root" secondAttribute="top" id="mixed"/>
            </constraints>
            <variation key="default">
                <mask key="constraints">
                    <exclude reference="excluded"/>
                </mask>
            </variation>
            """)
        let document = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        try document.layout()
        let reports = document.reports.map { "\($0.element)@\($0.line)" }
        XCTAssertEqual(reports, [
            "sparkle@\(line(of: "<sparkle", in: text))",
            "variation@\(line(of: "displayGamut=P3", in: text))",
            "viewLayoutGuide@\(line(of: "contentLayoutGuide", in: text))",
            "constraint@\(line(of: "toContent", in: text))",
            "constraint@\(line(of: "\"mixed\"", in: text))",
        ])
        XCTAssertTrue(document.reports[0].description.contains("not understood in <view>"))
        XCTAssertTrue(document.reports[3].message.contains("<viewLayoutGuide> 'content'"))
        XCTAssertTrue(document.reports[4].message.hasPrefix("left out: "), document.reports[4].message)
        // The excluded constraint is not built, the kept one is.
        XCTAssertEqual(document.view(withID: "v")?.frame.minY, 5)
        let identifiers = Set(document.engine.activeConstraints.map(\.identifier))
        XCTAssertTrue(identifiers.contains("kept"))
        XCTAssertFalse(identifiers.contains("excluded"))
        XCTAssertFalse(identifiers.contains("mixed"))
    }

    func testAppKitDocumentsAreReportedNotImported() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="21701" targetRuntime="MacOSX.Cocoa">
                <objects>
                    <customView id="c"><rect key="frame" x="0" y="0" width="10" height="10"/></customView>
                </objects>
            </document>
            """
        let document = try InterfaceBuilderImporter().importDocument(text, into: LayoutEngine())
        XCTAssertTrue(document.roots.isEmpty)
        XCTAssertEqual(document.reports.map(\.line), [2])
        XCTAssertTrue(document.reports[0].message.contains("AppKit"))
    }
}
