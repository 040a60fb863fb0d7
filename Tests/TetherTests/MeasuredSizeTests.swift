import XCTest
@testable import Tether

/// A measure callback's size is held to the rule `intrinsicContentSize` is held to: each of width
/// and height finite and at least 0, or `noIntrinsicMetric` for none. Anything else fails the
/// pass with `callbackFailed` and leaves the frames as they were; it is never clamped.
final class MeasuredSizeTests: XCTestCase {
    /// The engine is returned too: views hold it weakly.
    private func measuredLabel() throws -> (LayoutEngine, View, View) {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let label = try engine.makeView(frame: Rect(x: 5, y: 5, width: 7, height: 7))
        label.translatesAutoresizingMaskIntoConstraints = false
        try root.addSubview(label)
        try activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                      label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)])
        return (engine, root, label)
    }

    func testANegativeMeasuredWidthFailsThePassNamingIt() throws {
        let (engine, root, label) = try measuredLabel()
        defer { withExtendedLifetime(engine) {} }
        label.measure = { _ in Measurement(width: -50, height: 20) }
        XCTAssertThrowsError(try root.layoutIfNeeded()) { error in
            guard case LayoutError.callbackFailed(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("a negative width (-50)"), message)
        }
        XCTAssertEqual(label.frame, Rect(x: 5, y: 5, width: 7, height: 7), "a failed pass moves nothing")
    }

    func testANegativeMeasuredHeightFailsToo() throws {
        let (engine, root, label) = try measuredLabel()
        defer { withExtendedLifetime(engine) {} }
        label.measure = { _ in Measurement(width: 40, height: -0.5) }
        XCTAssertThrowsError(try root.layoutIfNeeded()) { error in
            XCTAssertTrue("\(error)".contains("a negative height (-0.5)"), "\(error)")
        }
    }

    func testANonFiniteMeasuredSizeFails() throws {
        let (engine, root, label) = try measuredLabel()
        defer { withExtendedLifetime(engine) {} }
        label.measure = { _ in Measurement(width: .infinity, height: 20) }
        XCTAssertThrowsError(try root.layoutIfNeeded()) { error in
            XCTAssertTrue("\(error)".contains("a non-finite size (inf, 20)"), "\(error)")
        }
    }

    func testNoIntrinsicMetricMeansNoneOnThatAxisAndTheNextPassRecovers() throws {
        let (engine, root, label) = try measuredLabel()
        defer { withExtendedLifetime(engine) {} }
        var width = -50.0
        label.measure = { _ in Measurement(width: width, height: 20) }
        XCTAssertThrowsError(try root.layoutIfNeeded())
        width = View.noIntrinsicMetric
        try activate([label.widthAnchor.constraint(equalToConstant: 33)])
        try root.layoutIfNeeded()
        XCTAssertEqual(label.frame, Rect(x: 10, y: 20, width: 33, height: 20))
        width = 0
        label.invalidateIntrinsicContentSize()
        try root.layoutIfNeeded()
        XCTAssertEqual(label.frame, Rect(x: 10, y: 20, width: 33, height: 20), "0 is a size: the required width wins")
    }
}
