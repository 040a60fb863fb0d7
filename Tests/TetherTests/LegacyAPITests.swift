import XCTest
@testable import Tether

/// Apple API that peers' test suites use (issue 22, item 4): `shouldBeArchived`, the
/// update-constraints calls and the owner-based constraint API, through the Swift API.
final class LegacyAPITests: XCTestCase {
    func testShouldBeArchivedIsAStoredFlagThatDefaultsToFalse() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let c = try root.widthAnchor.constraint(equalToConstant: 50)
        XCTAssertFalse(c.shouldBeArchived)
        c.shouldBeArchived = true
        XCTAssertTrue(c.shouldBeArchived)
        // Not acted on: activating and laying out neither reads nor resets it.
        try c.setActive(true)
        try root.layoutIfNeeded()
        XCTAssertTrue(c.shouldBeArchived)
        c.shouldBeArchived = false
        XCTAssertFalse(c.shouldBeArchived)
    }

    func testUpdateConstraintsIfNeededRunsDueHooksBottomUpWithoutLayingOut() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let a = try engine.makeSubview(of: root, identifier: "a")
        let b = try engine.makeSubview(of: a, identifier: "b")
        var ran: [String] = []
        for v in [root, a, b] { v.updateConstraintsHook = { ran.append($0.identifier) } }
        root.identifier = "root"
        XCTAssertTrue(root.needsUpdateConstraints(), "a new view needs it")
        let width = try b.widthAnchor.constraint(equalToConstant: 40)
        b.updateConstraintsHook = { v in
            ran.append(v.identifier)
            try? width.setActive(true)
        }
        a.updateConstraintsIfNeeded()
        XCTAssertEqual(ran, ["b", "a"], "the subtree only, bottom-up")
        XCTAssertFalse(a.needsUpdateConstraints())
        XCTAssertFalse(b.needsUpdateConstraints())
        XCTAssertTrue(root.needsUpdateConstraints())
        XCTAssertTrue(width.isActive)
        XCTAssertEqual(b.frame.width, 0, "no layout pass ran")

        a.updateConstraintsIfNeeded()
        XCTAssertEqual(ran, ["b", "a"], "nothing is due any more")
        try root.layoutIfNeeded()
        XCTAssertEqual(ran, ["b", "a", "root"], "the pass runs only what is still due")
        XCTAssertEqual(b.frame.width, 40)

        b.setNeedsUpdateConstraints()
        XCTAssertTrue(b.needsUpdateConstraints())
        root.updateConstraintsIfNeeded()
        XCTAssertEqual(ran, ["b", "a", "root", "b"])
        XCTAssertFalse(b.needsUpdateConstraints())
    }

    func testConstraintsAreHeldByTheNearestCommonAncestor() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let card = try engine.makeSubview(of: root)
        let label = try engine.makeSubview(of: card)
        let width = try label.widthAnchor.constraint(equalToConstant: 40)
        let inset = try label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8)
        let pin = try card.topAnchor.constraint(equalTo: root.topAnchor)
        let guide = engine.makeLayoutGuide()
        try card.addLayoutGuide(guide)
        let guided = try guide.widthAnchor.constraint(equalTo: label.widthAnchor)
        XCTAssertTrue(root.constraints.isEmpty, "inactive constraints are held by no view")
        try activate([pin, inset, width, guided])
        XCTAssertEqual(root.constraints.map(\.id), [pin.id])
        XCTAssertEqual(card.constraints.map(\.id), [inset.id, guided.id], "a guide counts as its view; oldest first")
        XCTAssertEqual(label.constraints.map(\.id), [width.id])
        XCTAssertFalse(root.constraints.contains { $0.isGenerated }, "generated constraints are not listed")
        engine.free(root)
        XCTAssertTrue(root.constraints.isEmpty, "freeing deactivates what the view held")
    }

    func testAddConstraintsNeedsTheHolderOrAnAncestor() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let card = try engine.makeSubview(of: root, identifier: "card")
        let label = try engine.makeSubview(of: card, identifier: "label")
        let width = try label.widthAnchor.constraint(equalToConstant: 40)
        let inset = try label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8)
        XCTAssertThrowsError(try label.addConstraints([width, inset])) { error in
            guard case LayoutError.invalidHierarchy(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("\(inset)"), message)
            XCTAssertTrue(message.contains("\(label)"), message)
        }
        XCTAssertFalse(width.isActive, "nothing is activated on error")
        try root.addConstraints([width, inset])
        XCTAssertTrue(width.isActive && inset.isActive)
        XCTAssertEqual(card.constraints.map(\.id), [inset.id], "held by the common ancestor, not the adder")
        XCTAssertTrue(root.constraints.isEmpty)

        let stray = try engine.makeView()
        let apart = try stray.widthAnchor.constraint(equalTo: label.widthAnchor)
        XCTAssertThrowsError(try root.addConstraint(apart)) { error in
            guard case LayoutError.noCommonAncestor = error else { return XCTFail("\(error)") }
        }
        let own = try stray.widthAnchor.constraint(equalToConstant: 10)
        try stray.addConstraint(own)
        XCTAssertTrue(own.isActive)
    }

    func testRemoveConstraintsLeavesConstraintsHeldElsewhere() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let card = try engine.makeSubview(of: root)
        let label = try engine.makeSubview(of: card)
        let width = try label.widthAnchor.constraint(equalToConstant: 40)
        let inset = try label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8)
        try activate([width, inset])
        root.removeConstraints([width, inset])
        XCTAssertTrue(width.isActive && inset.isActive, "root holds neither")
        card.removeConstraint(inset)
        XCTAssertFalse(inset.isActive)
        XCTAssertTrue(width.isActive)
        label.removeConstraints([width, inset])
        XCTAssertFalse(width.isActive)
        XCTAssertTrue(label.constraints.isEmpty && card.constraints.isEmpty)
    }
}
