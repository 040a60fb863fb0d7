import XCTest
@testable import Tether
import TetherViewTestSupport

/// Equation text (`email.top == title.bottom + 8`): what each form makes, the errors and their
/// columns, and that a failure makes nothing.
final class EquationTextTests: XCTestCase {
    private var engine = LayoutEngine()
    private var root: View!
    private var a: View!, b: View!
    private var spacer: LayoutGuide!

    override func setUpWithError() throws {
        engine = LayoutEngine()
        root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 800), identifier: "root")
        a = try engine.makeConstrainedSubview(of: root, identifier: "a")
        b = try engine.makeConstrainedSubview(of: root, identifier: "b")
        spacer = engine.makeLayoutGuide()
        spacer.identifier = "spacer"
        try root.addLayoutGuide(spacer)
    }

    private var views: [String: LayoutItem] { ["root": root, "a": a, "b": b, "spacer": spacer] }

    private func make(_ text: String, metrics: [String: Double] = [:]) throws(EquationTextError) -> [LayoutConstraint] {
        try LayoutConstraint.constraints(withEquations: text, metrics: metrics, views: views)
    }

    private func one(_ text: String, metrics: [String: Double] = [:],
                     file: StaticString = #filePath, line: UInt = #line) throws -> LayoutConstraint {
        let made = try make(text, metrics: metrics)
        XCTAssertEqual(made.count, 1, text, file: file, line: line)
        return try XCTUnwrap(made.first, file: file, line: line)
    }

    private var liveConstraints: Int { engine.constraints.lazy.compactMap { $0 }.count }

    private func assertError(_ text: String, _ reason: String, at position: Int, metrics: [String: Double] = [:],
                             file: StaticString = #filePath, line: UInt = #line) {
        let before = liveConstraints
        do {
            let made = try make(text, metrics: metrics)
            XCTFail("\(text) made \(made.count) constraints", file: file, line: line)
        } catch {
            XCTAssertEqual(error.description, reason, text, file: file, line: line)
            XCTAssertEqual(error.position, position, "caret of \(text)", file: file, line: line)
            XCTAssertEqual(error.text, text, file: file, line: line)
        }
        XCTAssertEqual(liveConstraints, before, "a failed text made constraints", file: file, line: line)
    }

    func testTheIssuesExample() throws {
        let c = try one("a.top == b.bottom + 8")
        XCTAssertTrue(c.firstItem === a)
        XCTAssertEqual(c.firstAttribute, .top)
        XCTAssertEqual(c.relation, .equal)
        XCTAssertTrue(c.secondItem === b)
        XCTAssertEqual(c.secondAttribute, .bottom)
        XCTAssertEqual(c.multiplier, 1)
        XCTAssertEqual(c.constant, 8)
        XCTAssertEqual(c.priority, .required)
        XCTAssertFalse(c.isActive)
    }

    func testMultiplierAndConstantInAnyArrangement() throws {
        let forms: [(String, Double, Double)] = [
            ("a.width == 0.5 * b.width", 0.5, 0), ("a.width == b.width / 2 - 4", 0.5, -4),
            ("a.width == 8 + 2 * b.width", 2, 8), ("a.width == -b.height + 10", -1, 10),
            ("a.width == b.width * 3 / 4 + 1 - 2", 0.75, -1), ("a.width==b.width*2e1", 20, 0),
            ("a.width == k * b.width + pad", 1.5, 6),
        ]
        for (text, m, k) in forms {
            let c = try one(text, metrics: ["k": 1.5, "pad": 6])
            XCTAssertEqual(c.multiplier, m, accuracy: 1e-12, text)
            XCTAssertEqual(c.constant, k, accuracy: 1e-12, text)
            XCTAssertTrue(c.secondItem === (text.contains("height") ? b : b), text)
        }
    }

    func testConstantsRelationsAndPriorities() throws {
        let c = try one("a.width >= 100 @ 750")
        XCTAssertNil(c.secondItem)
        XCTAssertEqual(c.secondAttribute, .notAnAttribute)
        XCTAssertEqual(c.relation, .greaterThanOrEqual)
        XCTAssertEqual(c.constant, 100)
        XCTAssertEqual(c.priority.rawValue, 750)
        XCTAssertEqual(try one("a.height <= 2 * h - 1", metrics: ["h": 22]).constant, 43)
        XCTAssertEqual(try one("a.height <= 10 @ defaultLow + 1").priority.rawValue, 251)
        XCTAssertEqual(try one("a.height <= 10 @ required").priority, .required)
        XCTAssertEqual(try one("a.height <= 10 @ p - 0.5", metrics: ["p": 500]).priority.rawValue, 499.5)
        XCTAssertEqual(try one("a.height <= 10 @fittingSizeLevel").priority.rawValue, 50)
    }

    func testSeveralEquationsKeepTheirOrder() throws {
        let made = try make("""

            a.leading == root.leading + 20; a.trailing == root.trailing - 20
            a.top == root.top + 20 ;; a.height == 44

            b.top == a.bottom + 8
            """)
        XCTAssertEqual(made.map(\.firstAttribute), [.leading, .trailing, .top, .height, .top])
        XCTAssertEqual(made.map(\.constant), [20, -20, 20, 44, 8])
        XCTAssertEqual(try make("").count, 0)
        XCTAssertEqual(try make(" ;\n ; ").count, 0)
    }

    func testGuidesByNameAndThroughTheirView() throws {
        root.layoutMargins = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
        let made = try make("""
            spacer.top == root.safeAreaLayoutGuide.top; spacer.height == 30
            a.leading == root.layoutMarginsGuide.leading; a.top == spacer.bottom
            a.width == 100; a.height == 20
            b.leadingMargin == a.trailing; b.top == a.top; b.width == a.width; b.height == a.height
            """)
        XCTAssertTrue(made[0].secondItem === root.safeAreaLayoutGuide)
        XCTAssertTrue(made[2].secondItem === root.layoutMarginsGuide)
        try activate(made)
        try root.layoutIfNeeded()
        XCTAssertEqual(a.frame, Rect(x: 16, y: 30, width: 100, height: 20))
        XCTAssertEqual(b.frame.minX, 116 - b.layoutMargins.left)
    }

    func testTheLayoutTheyDescribe() throws {
        try activate(try make("""
            a.top == root.top + 20; a.leading == root.leading + 20; a.trailing == root.trailing - 20
            a.height == 44
            b.top == a.bottom + 8; b.leading == a.leading; b.width == 0.5 * a.width; b.height == a.height
            """))
        try root.layoutIfNeeded()
        XCTAssertEqual(a.frame, Rect(x: 20, y: 20, width: 360, height: 44))
        XCTAssertEqual(b.frame, Rect(x: 20, y: 72, width: 180, height: 44))
    }

    func testErrorsNameTheReasonAndTheColumn() {
        assertError("c.top == a.top", "c is not a key in the views dictionary.", at: 0)
        assertError("a.top == c.top", "c is not a key in the views dictionary.", at: 9)
        assertError("a.tip == b.top", "Unknown attribute tip; expected one of "
                    + EquationTextParser.attributes.keys.sorted().joined(separator: ", "), at: 2)
        assertError("a.top = b.top", "Unknown relation. Must be ==, >=, or <=", at: 6)
        assertError("a.top b.top", "Expected a relation (==, >=, or <=)", at: 6)
        assertError("a.top ==", "Expected a number, a metric or an anchor but reached the end of the equation", at: 8)
        assertError("a.top == b.top + ", "Expected a number, a metric or an anchor but reached the end of the equation", at: 17)
        assertError("a.width == b.width + a.width", "A constraint relates at most two anchors: the right side may hold only one", at: 21)
        assertError("a.width == b.width * a.width", "Two anchors multiplied: a constraint is linear (multiplier × anchor + constant)", at: 21)
        assertError("a.width == 2 / b.width", "An anchor cannot be a divisor", at: 15)
        assertError("a.width == b.width / 0", "Division by zero", at: 21)
        assertError("a.width == b.width / z", "Division by zero", at: 21, metrics: ["z": 0])
        assertError("a.width == pad", "pad is not a key in the metrics dictionary (an anchor is item.attribute)", at: 11)
        assertError("a.width == 10 @ 0", LayoutError.invalidPriority(0).description, at: 16)
        assertError("a.width == 10 @ 1001", LayoutError.invalidPriority(1001).description, at: 16)
        assertError("a.width == 10 @ high", "Unknown priority high: expected a number, a metric or one of required, "
                    + "defaultHigh, dragThatCanResizeScene, sceneSizeStayPut, dragThatCannotResizeScene, defaultLow, fittingSizeLevel",
                    at: 16)
        assertError("a.width == 10 )", "Expected '+', '-', '*', '/', '@', ';' or the end of the line, found ')'", at: 14)
        assertError("8 == a.width", "An equation starts with an anchor (item.attribute, e.g. email.top)", at: 0)
        assertError("a == b.width", "Expected an anchor (a.attribute, e.g. a.top)", at: 1)
        assertError("a.width == spacer.layoutMarginsGuide.width",
                    "spacer is a layout guide: only views have a layoutMarginsGuide", at: 11)
        assertError("a.width == 1e999", "The number 1e999 is not finite", at: 11)
    }

    func testAutoLayoutsRulesAreCheckedAtTheirEquation() {
        // The second equation breaks a rule: the first, made already, is freed again.
        let first = "a.width == 10\n"
        let bad = "a.top == 20"
        do {
            _ = try make(first + bad)
            XCTFail("a location equal to a constant was made")
        } catch {
            XCTAssertEqual(error.position, first.count)
            XCTAssertTrue(error.description.contains("location equal to a constant"), error.description)
        }
        XCTAssertEqual(liveConstraints, 0)
        assertError("a.top == b.width", invalidPairing("a.top == b.width"), at: 0)
    }

    private func invalidPairing(_ text: String) -> String {
        do {
            _ = try LayoutConstraint(item: a, attribute: .top, relatedBy: .equal, toItem: b, attribute: .width)
            return "no error"
        } catch {
            return error.description
        }
    }

    func testTheMessageShowsTheLineWithACaret() {
        let text = "a.width == 10\na.height == q\nb.top == a.top"
        do {
            _ = try make(text)
            XCTFail("parsed")
        } catch {
            XCTAssertEqual(error.position, 26)
            XCTAssertEqual(error.message, "Unable to parse constraint equation: q is not a key in the metrics dictionary "
                           + "(an anchor is item.attribute)\na.height == q\n            ^")
        }
    }

    func testItemsOfAnotherEngineAreRefused() throws {
        let other = try LayoutEngine().makeView(frame: .zero, identifier: "x")
        XCTAssertThrowsError(try LayoutConstraint.constraints(withEquations: "a.width == x.width",
                                                             views: ["a": a, "x": other]))
        XCTAssertEqual(liveConstraints, 0)
    }
}
