import XCTest
@testable import Tether

final class AmbiguityTests: XCTestCase {
    /// The engine owns its views (they hold it weakly): keep it alive for the whole test.
    private var engine: LayoutEngine?

    private func setUp2() throws -> (LayoutEngine, View, View, View) {
        let engine = LayoutEngine()
        self.engine = engine
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let a = try engine.makeView(), b = try engine.makeView()
        for v in [a, b] {
            v.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(v)
        }
        // a and b share the row: 20 + a + 10 + b + 20 = 300, heights fixed; the split is free.
        try activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 10),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            a.widthAnchor.constraint(greaterThanOrEqualToConstant: 0),
            b.widthAnchor.constraint(greaterThanOrEqualToConstant: 0),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        return (engine, root, a, b)
    }

    func testAmbiguousSplitIsDetectedWithItsRange() throws {
        let (_, root, a, b) = try setUp2()
        XCTAssertTrue(a.hasAmbiguousLayout)
        XCTAssertTrue(b.hasAmbiguousLayout)
        XCTAssertFalse(root.hasAmbiguousLayout)
        let reasons = try a.ambiguities()
        XCTAssertEqual(reasons.map(\.attribute), [.width])
        XCTAssertEqual(reasons[0].axis, .horizontal)
        XCTAssertEqual(reasons[0].lower, 0, accuracy: 1e-9)
        XCTAssertEqual(reasons[0].upper, 250, accuracy: 1e-9)
        XCTAssertEqual(try b.ambiguities().map(\.attribute), [.left, .width])
    }

    func testResolvingTheAmbiguity() throws {
        let (_, _, a, b) = try setUp2()
        try activate([a.widthAnchor.constraint(equalTo: b.widthAnchor)])
        XCTAssertFalse(a.hasAmbiguousLayout)
        XCTAssertFalse(b.hasAmbiguousLayout)
        XCTAssertEqual(a.frame.width, 125, accuracy: 1e-9)
        // Equal hugging on both would be ambiguous again (the guide's warning), 251 is not.
    }

    func testExerciseMovesToAnotherOptimalSolutionUntilTheNextPass() throws {
        let (_, root, a, b) = try setUp2()
        try root.layoutIfNeeded()
        let before = (a.frame, b.frame)
        XCTAssertTrue(try a.exerciseAmbiguityInLayout())
        XCTAssertNotEqual(a.frame.width, before.0.width)
        // Still a valid layout: the row adds up.
        XCTAssertEqual(20 + a.frame.width + 10 + b.frame.width + 20, 300, accuracy: 1e-9)
        XCTAssertEqual(b.frame.minX, a.frame.maxX + 10, accuracy: 1e-9)
        // Unambiguous views do not move.
        XCTAssertFalse(try root.exerciseAmbiguityInLayout())
        // The next pass brings the solver's solution back.
        root.setNeedsLayout()
        try root.layoutIfNeeded()
        XCTAssertEqual(a.frame, before.0)
    }

    func testFrameModeAndLooseViewsAreNotAmbiguous() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = try engine.makeView(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        try root.addSubview(v)
        XCTAssertFalse(v.hasAmbiguousLayout)
        let guide = engine.makeLayoutGuide()
        try root.addLayoutGuide(guide)
        try activate([guide.leftAnchor.constraint(equalTo: root.leftAnchor)])
        // The guide's width, y and height are free: a guide can be ambiguous too.
        XCTAssertEqual(try guide.ambiguities().map(\.attribute), [.top, .width, .height])
    }
}
