import XCTest
@testable import Tether

/// A constraint-based subview in one call, the constraints a pass broke, and the constraints that
/// name an item (issue 24, items 3 and 4), through the Swift API.
final class ConstraintListTests: XCTestCase {
    func testMakeSubviewMakesAConstraintBasedLastSubview() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let card = try engine.makeSubview(of: root, identifier: "card")
        let badge = try engine.makeSubview(of: root)
        XCTAssertTrue(card.superview === root)
        XCTAssertEqual(root.subviews.map(ObjectIdentifier.init), [card, badge].map(ObjectIdentifier.init))
        XCTAssertFalse(card.translatesAutoresizingMaskIntoConstraints)
        XCTAssertEqual(card.identifier, "card")
        XCTAssertEqual(badge.identifier, "")
        XCTAssertEqual(card.frame, .zero)

        let other = LayoutEngine()
        let foreign = try other.makeView()
        let before = engine.items.compactMap { $0 }.count
        XCTAssertThrowsError(try engine.makeSubview(of: foreign)) { error in
            guard case LayoutError.wrongEngine = error else { return XCTFail("\(error)") }
        }
        engine.free(badge)
        XCTAssertThrowsError(try engine.makeSubview(of: badge))
        XCTAssertEqual(engine.items.compactMap { $0 }.count, before - 1, "nothing made on error")
    }

    func testBrokenConstraintsListsWhatTheLastPassBroke() throws {
        let engine = LayoutEngine()
        var reports = 0
        engine.diagnosticHandler = { _ in reports += 1 }
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let card = try engine.makeSubview(of: root)
        let badge = try engine.makeSubview(of: root)
        let pins = [try card.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                    try card.topAnchor.constraint(equalTo: root.topAnchor)]
        let wide = try card.widthAnchor.constraint(equalToConstant: 200)
        let narrow = try card.widthAnchor.constraint(equalToConstant: 100)
        let tall = try card.heightAnchor.constraint(equalToConstant: 50)
        XCTAssertTrue(try root.brokenConstraints().isEmpty, "nothing before a pass")
        try activate(pins + [wide, narrow, tall])
        try engine.layoutIfNeeded(root)
        XCTAssertEqual(reports, 1)
        XCTAssertEqual(try badge.brokenConstraints().map(\.id), [narrow.id], "asked from any view of the hierarchy")
        XCTAssertEqual(card.frame.width, 200)
        try narrow.setActive(false)
        try engine.layoutIfNeeded(root)
        XCTAssertTrue(try root.brokenConstraints().isEmpty)

        XCTAssertEqual(try card.referringConstraints().map(\.id), (pins + [wide, narrow, tall]).map(\.id))
        XCTAssertEqual(try root.referringConstraints().map(\.id), pins.map(\.id), "no generated root pins")
        XCTAssertTrue(try badge.referringConstraints().isEmpty)
    }
}
