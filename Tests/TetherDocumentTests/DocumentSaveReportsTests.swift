import XCTest
@testable import Tether
@testable import TetherDocument

/// What saving cannot keep as it is, said rather than dropped: measured views are saved with
/// their measured sizes, and renamed identifiers are reported.
final class DocumentSaveReportsTests: XCTestCase {
    /// A label measured by a callback (height for width: 600 points of text in lines of the
    /// proposed width, 20 points a line) beside a fixed-size icon.
    private func labelScreen(_ engine: LayoutEngine) throws -> (root: View, label: View) {
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 320, height: 200), identifier: "root")
        let label = try engine.makeSubview(of: root, identifier: "label")
        label.measure = { width in
            let lines = width.isNaN ? 1 : (600 / Swift.max(width, 1)).rounded(.up)
            return Measurement(width: width.isNaN ? 600 : Swift.min(600, width), height: 20 * lines,
                               firstBaseline: 15, lastBaseline: 5)
        }
        try activate([
            try label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            try label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            try label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        ])
        return (root, label)
    }

    func testAMeasuredViewIsSavedWithItsMeasuredSize() throws {
        let engine = LayoutEngine()
        let (root, label) = try labelScreen(engine)
        try root.layoutIfNeeded()
        XCTAssertEqual(label.frame, Rect(x: 20, y: 10, width: 280, height: 60))
        let json = try LayoutDocument.json([root])
        guard case .array(let roots)? = json["views"], case .array(let subs)? = roots[0]["subviews"] else { return XCTFail() }
        XCTAssertEqual(subs[0]["intrinsicContentSize"], .array([.number(280), .number(60)]))
        XCTAssertEqual(subs[0]["firstBaselineOffsetFromTop"], .number(15))
        XCTAssertEqual(subs[0]["lastBaselineOffsetFromBottom"], .number(5))
        // Loaded back without the callback, the label is not ambiguous and lays out the same.
        let back = try LayoutDocument.load(JSONWriter.string(json), into: LayoutEngine())
        try back.roots[0].layoutIfNeeded()
        let loaded = try XCTUnwrap(back["label"] as? View)
        XCTAssertEqual(loaded.frame, label.frame)
        XCTAssertFalse(loaded.hasAmbiguousLayout)
        // The live view keeps its callback and its unset property.
        XCTAssertNotNil(label.measure)
        XCTAssertEqual(label.intrinsicContentSize.width, View.noIntrinsicMetric)
    }

    func testAViewNeverLaidOutIsMeasuredWhenSaved() throws {
        let engine = LayoutEngine()
        let (root, _) = try labelScreen(engine)
        let json = try LayoutDocument.json([root])
        guard case .array(let roots)? = json["views"], case .array(let subs)? = roots[0]["subviews"] else { return XCTFail() }
        XCTAssertEqual(subs[0]["intrinsicContentSize"], .array([.number(600), .number(20)]))
    }

    func testAFailingMeasureFailsTheSave() throws {
        struct Failure: Error {}
        let engine = LayoutEngine()
        let (root, label) = try labelScreen(engine)
        label.measure = { _ in throw Failure() }
        XCTAssertThrowsError(try LayoutDocument.save(root)) { error in
            guard case .callbackFailed(let message) = error as? LayoutError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("while saving its document"), message)
        }
        label.measure = { _ in Measurement(width: .infinity, height: 1) }
        XCTAssertThrowsError(try LayoutDocument.save(root))
        // A negative width other than "none" is refused too: it was written as an intrinsic size
        // that loading refuses (found by fuzz-capi).
        label.measure = { _ in Measurement(width: -50, height: -1) }
        XCTAssertThrowsError(try LayoutDocument.save(root)) { error in
            XCTAssertTrue("\(error)".contains("a negative width (-50)"), "\(error)")
        }
        label.measure = { _ in Measurement(width: View.noIntrinsicMetric, height: 5) }
        XCTAssertNoThrow(try LayoutDocument.save(root))
    }

    func testRenamedIdentifiersAreReported() throws {
        let engine = LayoutEngine()
        var reports: [String] = []
        engine.diagnosticHandler = { reports.append($0) }
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100), identifier: "root")
        let email = try engine.makeSubview(of: root, identifier: "user.email")
        _ = try engine.makeSubview(of: root, identifier: "root")  // taken by the root
        _ = try engine.makeSubview(of: root)  // no identifier: named view1, not a rename
        _ = try LayoutDocument.save(root)
        XCTAssertEqual(reports.count, 1)
        let report = try XCTUnwrap(reports.first)
        XCTAssertTrue(report.hasPrefix("Saving a layout document renamed 2 items whose identifier cannot be a document name"), report)
        XCTAssertTrue(report.contains("\n    \"user.email\" -> \"user_email\" (\(email))"), report)
        XCTAssertTrue(report.contains("\n    \"root\" -> \"root_2\" ("), report)
        XCTAssertFalse(report.contains("view1"), report)
        // Nothing to report, no report; the hierarchy is unchanged either way.
        XCTAssertEqual(email.identifier, "user.email")
        reports = []
        email.identifier = "email"
        root.subviews[1].identifier = "other"
        _ = try LayoutDocument.save(root)
        XCTAssertEqual(reports, [])
    }
}
