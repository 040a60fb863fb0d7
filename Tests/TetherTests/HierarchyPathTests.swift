import XCTest
@testable import Tether
import TetherDocument
import TetherTestSupport
import TetherViewTestSupport

/// The hierarchy paths of issue 18 keep their behaviour now that they cost what they touch:
/// freeing a subtree (what it frees, the order ids are recycled in, the state it leaves), removals
/// (which constraints they deactivate, which roots they mark), passes (only dirty roots, former
/// roots dropped), ambiguity (kept only until the next pass), SVG labels (placed as by checking
/// every label before), and stack arrangements (order, constraints, priority bumps).
final class HierarchyPathTests: XCTestCase {
    // MARK: Freeing

    private struct Screen {
        let engine: LayoutEngine
        let root: View
        let other: View
        let otherChild: View
        let views: [View]
        let stack: StackView
        let guide: LayoutGuide
    }

    /// A root with nested subviews, a user guide, a margins guide, a stack view arranging three
    /// views, constraints among them; and another root with a constrained child.
    private func makeScreen() throws -> Screen {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = try engine.makeView(), b = try engine.makeView(), c = try engine.makeView()
        let stack = try engine.makeStackView()
        let arranged = try (0..<3).map { _ in try engine.makeView() }
        for v in [a, b, c, stack] + arranged { v.translatesAutoresizingMaskIntoConstraints = false }
        try root.addSubview(a)
        try a.addSubview(b)
        try root.addSubview(c)
        try root.addSubview(stack)
        for v in arranged {
            v.intrinsicContentSize = Size(width: 20, height: 20)
            try stack.addArrangedSubview(v)
        }
        let guide = engine.makeLayoutGuide()
        try root.addLayoutGuide(guide)
        try activate([
            a.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            a.widthAnchor.constraint(equalToConstant: 100), a.heightAnchor.constraint(equalToConstant: 100),
            b.leadingAnchor.constraint(equalTo: a.leadingAnchor, constant: 5), b.topAnchor.constraint(equalTo: a.topAnchor),
            b.widthAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
            guide.leadingAnchor.constraint(equalTo: a.trailingAnchor), guide.widthAnchor.constraint(equalToConstant: 8),
            guide.topAnchor.constraint(equalTo: root.topAnchor), guide.heightAnchor.constraint(equalToConstant: 1),
            c.leadingAnchor.constraint(equalTo: guide.trailingAnchor), c.topAnchor.constraint(equalTo: b.bottomAnchor),
            c.widthAnchor.constraint(equalTo: a.widthAnchor), c.heightAnchor.constraint(equalToConstant: 30),
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor), stack.topAnchor.constraint(equalTo: c.bottomAnchor),
        ])
        let other = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let otherChild = try engine.makeConstrainedSubview(of: other)
        try activate([otherChild.leftAnchor.constraint(equalTo: other.leftAnchor, constant: 3),
                      otherChild.topAnchor.constraint(equalTo: other.topAnchor, constant: 4),
                      otherChild.widthAnchor.constraint(equalToConstant: 5),
                      otherChild.heightAnchor.constraint(equalToConstant: 6)])
        try engine.layoutAll()
        _ = try root.autolayoutTrace()
        _ = b.constraintsEquivalentToAutoresizingMask()
        return Screen(engine: engine, root: root, other: other, otherChild: otherChild,
                      views: [root, a, b, c, stack] + arranged, stack: stack, guide: guide)
    }

    /// The slots freeing `top` recycles, computed as the engine did before issue 18: views after
    /// their subviews, each after its guides; per item, the registered constraints naming it in
    /// the order of their slots.
    private func expectedRecycling(of top: View, in engine: LayoutEngine) -> (items: [Int], constraints: [Int]) {
        var itemSlots: [Int] = [], constraintSlots: [Int] = []
        var freed = Set<ObjectIdentifier>()
        func slot(_ id: UInt64) -> Int { Int(id & 0x3FFF_FFFF) - 1 }  // bits 0–29 (30–31: the kind)
        func free(_ item: LayoutItem) {
            for c in engine.constraints.compactMap({ $0 }) where (c.firstItem === item || c.secondItem === item)
                && freed.insert(ObjectIdentifier(c)).inserted {
                constraintSlots.append(slot(c.id))
            }
            itemSlots.append(slot(item.id))
        }
        func visit(_ v: View) {
            for s in v.subviews { visit(s) }
            for g in v.layoutGuides { free(g) }
            if v.hasMarginsGuide { free(v.marginsGuideStorage) }
            if v.hasSafeAreaGuide { free(v.safeAreaGuideStorage) }
            if let stack = v as? StackView { for g in stack.arrangementGuides { free(g) } }
            free(v)
        }
        visit(top)
        return (itemSlots, constraintSlots)
    }

    func testFreeingARootFreesItsSubtreeInTheOldOrderAndLeavesTheOtherRoot() throws {
        let s = try makeScreen()
        let expected = expectedRecycling(of: s.root, in: s.engine)
        let itemsBefore = s.engine.freeItemSlots.count, constraintsBefore = s.engine.freeConstraintSlots.count
        let ids = s.views.map(\.id) + [s.guide.id]
        let otherFrame = s.otherChild.frame

        s.engine.free(s.root)

        // The other root is neither dirty nor rebuilt (freeing once marked every root's layout).
        XCTAssertFalse(s.engine.rootLayouts[ObjectIdentifier(s.other)]!.needsRebuild)
        XCTAssertNil(s.engine.dirtyRoots[ObjectIdentifier(s.other)])
        XCTAssertEqual(Array(s.engine.freeItemSlots.dropFirst(itemsBefore)), expected.items)
        XCTAssertEqual(Array(s.engine.freeConstraintSlots.dropFirst(constraintsBefore)), expected.constraints)
        for id in ids { XCTAssertNil(s.engine.item(withID: id)) }
        XCTAssertEqual(s.engine.activeConstraints.count, 4, "only the other root's constraints stay active")
        XCTAssertTrue(s.engine.activeConstraints.allSatisfy { $0.firstItem === s.otherChild })
        for v in s.views {
            XCTAssertNil(v.superview)
            XCTAssertTrue(v.subviews.isEmpty)
            XCTAssertNil(v.engine)
            XCTAssertNil(s.engine.rootLayouts[ObjectIdentifier(v)])
            XCTAssertNil(s.engine.dirtyRoots[ObjectIdentifier(v)])
        }
        XCTAssertTrue(s.stack.arrangedSubviews.isEmpty)
        XCTAssertNil(s.guide.owningView)
        XCTAssertTrue(s.root.layoutGuides.isEmpty)
        // Every list of the constraint index belongs to a live item of the other root.
        let live = Set([ObjectIdentifier(s.other), ObjectIdentifier(s.otherChild)])
        XCTAssertTrue(Set(s.engine.constraintsByItem.keys).isSubset(of: live))
        try s.engine.layoutAll()
        XCTAssertEqual(s.otherChild.frame, otherFrame)
    }

    func testFreeingASubviewDeactivatesItsConstraintsToTheRestAndRelaysOut() throws {
        let s = try makeScreen()
        let a = s.views[1], b = s.views[2], c = s.views[3]
        let expected = expectedRecycling(of: a, in: s.engine)
        let constraintsBefore = s.engine.freeConstraintSlots.count
        s.engine.free(a)
        XCTAssertEqual(Array(s.engine.freeConstraintSlots.dropFirst(constraintsBefore)), expected.constraints)
        XCTAssertNil(s.engine.item(withID: b.id))
        XCTAssertFalse(s.engine.activeConstraints.contains { $0.firstItem === a || $0.secondItem === a || $0.firstItem === b })
        XCTAssertTrue(s.root.subviews.allSatisfy { $0 !== a })
        try s.root.layoutIfNeeded()
        XCTAssertEqual(c.frame.height, 30)
    }

    func testARemovalDeactivatesOnlyConstraintsLeftWithoutAncestorAndMarksOnlyItsRoot() throws {
        let s = try makeScreen()
        let a = s.views[1], b = s.views[2]
        let inside = s.engine.activeConstraints.filter { $0.firstItem === b && $0.secondItem === a }
        let toRoot = s.engine.activeConstraints.filter { $0.firstItem === a }
        XCTAssertFalse(inside.isEmpty)
        XCTAssertFalse(s.engine.rootLayouts[ObjectIdentifier(s.other)]!.needsRebuild)
        a.removeFromSuperview()
        XCTAssertTrue(inside.allSatisfy(\.isActive), "constraints within the removed subtree stay active")
        XCTAssertTrue(toRoot.filter { $0.secondItem != nil }.allSatisfy { !$0.isActive })
        XCTAssertFalse(s.engine.rootLayouts[ObjectIdentifier(s.other)]!.needsRebuild, "another root is not rebuilt")
        XCTAssertTrue(s.engine.rootLayouts[ObjectIdentifier(s.root)]!.needsRebuild)
        try s.engine.layoutAll()
        XCTAssertEqual(b.frame.minX, 5)
    }

    // MARK: Passes

    func testAPassRunsOnlyTheDirtyRootAndDropsFormerRoots() throws {
        let engine = LayoutEngine()
        var roots: [View] = [], lefts: [LayoutConstraint] = [], children: [View] = []
        var hookCalls = [Int](repeating: 0, count: 50)
        for k in 0..<50 {
            let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let child = try engine.makeConstrainedSubview(of: root)
            let left = try child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: Double(k))
            try activate([left, child.topAnchor.constraint(equalTo: root.topAnchor),
                          child.widthAnchor.constraint(equalToConstant: 10), child.heightAnchor.constraint(equalToConstant: 10)])
            root.layoutSubviewsHook = { _ in hookCalls[k] += 1 }
            roots.append(root); lefts.append(left); children.append(child)
        }
        try engine.layoutAll()
        XCTAssertEqual(hookCalls, [Int](repeating: 1, count: 50))
        // Only roots are listed as dirty: the children (dirty when made, as roots) left the
        // list when they were added, so a layoutAll after one change looks at one root.
        lefts[7].constant = 70
        XCTAssertEqual(engine.dirtyRoots.count, 1)
        try engine.layoutAll()
        var expected = [Int](repeating: 1, count: 50)
        expected[7] = 2
        XCTAssertEqual(hookCalls, expected)
        for (k, child) in children.enumerated() { XCTAssertEqual(child.frame.minX, k == 7 ? 70 : Double(k)) }

        // A laid-out root added under another loses its layout at the next pass of any root.
        try roots[1].addSubview(roots[2])
        XCTAssertNotNil(engine.rootLayouts[ObjectIdentifier(roots[2])])
        lefts[9].constant = 9.5
        try roots[9].layoutIfNeeded()
        XCTAssertNil(engine.rootLayouts[ObjectIdentifier(roots[2])])
        XCTAssertTrue(engine.formerRoots.isEmpty)
        try engine.layoutAll()
        XCTAssertEqual(children[2].frame.minX, 2)
        // Added and removed again before a pass: still a root, its layout kept.
        try roots[3].addSubview(roots[4])
        roots[4].removeFromSuperview()
        try engine.layoutAll()
        XCTAssertNotNil(engine.rootLayouts[ObjectIdentifier(roots[4])])
        XCTAssertEqual(children[4].frame.minX, 4)
    }

    // MARK: Ambiguity

    func testAmbiguityIsKeptOnlyUntilTheNextPass() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = try engine.makeConstrainedSubview(of: root)
        let floor = try v.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor, constant: 5)
        try activate([floor, v.topAnchor.constraint(equalTo: root.topAnchor),
                      v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10)])
        XCTAssertEqual(try v.ambiguities(), [Ambiguity(attribute: .left, lower: 5, upper: .infinity)])
        XCTAssertTrue(try root.autolayoutTrace().contains("minX{range: [5, inf]}"))
        floor.constant = 9
        XCTAssertEqual(try v.ambiguities(), [Ambiguity(attribute: .left, lower: 9, upper: .infinity)])
        XCTAssertTrue(try root.svg().contains("minX can be anywhere in [9, inf]"))
        let pin = try v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 20)
        try activate([pin])
        XCTAssertFalse(v.hasAmbiguousLayout)
        XCTAssertFalse(try root.autolayoutTrace().contains("AMBIGUOUS"))
        deactivate([pin])
        XCTAssertTrue(v.hasAmbiguousLayout)
        XCTAssertTrue(try v.exerciseAmbiguityInLayout())
        XCTAssertEqual(try v.ambiguities(), [Ambiguity(attribute: .left, lower: 9, upper: .infinity)])
    }

    // MARK: SVG labels

    func testLabelsArePlacedAsByCheckingEveryLabelBefore() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        root.identifier = "root"
        var rng = SeededGenerator(seed: 7)
        for i in 0..<120 {
            // Crowded: many views share a corner or sit a few points apart, with names of
            // different lengths, so labels collide, move down or right, shorten or are left out.
            let x = Double(rng.int(0...6) * 9), y = Double(rng.int(0...5) * 5)
            let v = try engine.makeView(frame: Rect(x: x, y: y, width: 40, height: 40))
            v.identifier = String(repeating: "v", count: 1 + i % 9)
            try root.addSubview(v)
        }
        let svg = try root.svg()
        // The placement docs/rendering.md describes, each box checked against every label placed
        // before it: the first free row of the view (8 at most, 12.5 points apart; its left edge,
        // then its right), in full, else abbreviated, 6.25 points a character.
        var placed: [Rect] = []
        var expected: [(text: String, x: Double, y: Double)] = []
        for v in [root] + root.subviews {
            let area = Rect(x: v.frame.minX + 2, y: v.frame.minY + 1, width: v.frame.width - 3, height: v.frame.height - 2)
            let name = v.identifier
            var forms = Double(name.count) * 6.25 <= area.width ? [name] : []
            if name.count > 4 {
                var k = Swift.min(Int((area.width / 6.25).rounded(.down)) - 1, name.count - 2)
                while k >= 3 {
                    forms.append(String(name.prefix(k)) + "\u{2026}")
                    if k == 3 { break }
                    k = Swift.max(3, k / 2)
                }
            }
            search: for text in forms {
                let width = Double(text.count) * 6.25
                for left in width < area.width ? [area.minX, area.maxX - width] : [area.minX] {
                    for row in 0..<8 {
                        let box = Rect(x: left, y: area.minY + Double(row) * 12.5, width: width, height: 12.5)
                        guard box.maxY <= area.maxY else { break }
                        if placed.contains(where: {
                            $0.minX < box.maxX && box.minX < $0.maxX && $0.minY < box.maxY && box.minY < $0.maxY
                        }) { continue }
                        placed.append(box)
                        expected.append((text, box.minX, box.minY + 9.5))
                        break search
                    }
                }
            }
        }
        let labels = svg.split(separator: "\n").filter { $0.hasPrefix("<text class=\"label") }
        XCTAssertEqual(labels.count, expected.count)
        XCTAssertGreaterThan(expected.filter { $0.text.hasSuffix("\u{2026}") }.count, 0, "crowded enough to abbreviate")
        XCTAssertLessThan(expected.count, 121, "crowded enough to leave some out")
        func attribute(_ name: String, _ line: Substring) -> Double? {
            guard let start = line.range(of: " \(name)=\"") else { return nil }
            let rest = line[start.upperBound...]
            return Double(rest[..<rest.firstIndex(of: "\"")!])
        }
        for (line, want) in zip(labels, expected) {
            XCTAssertEqual(attribute("x", line), want.x)
            XCTAssertEqual(attribute("y", line), want.y)
            XCTAssertTrue(line.contains(">\(want.text)<"), "\(line) shows \(want.text)")
        }
    }

    // MARK: Stack views

    /// The arrangement's constraints as comparable text: identifier, items by their position
    /// among `views`, attributes, relation, multiplier, constant, priority.
    private func shape(_ constraints: [LayoutConstraint], _ views: [LayoutItem]) -> [String] {
        func name(_ item: LayoutItem?) -> String {
            guard let item else { return "nil" }
            return views.firstIndex { $0 === item }.map { "#\($0)" } ?? item.kindName
        }
        return constraints.map {
            "\($0.identifier) \(name($0.firstItem)).\($0.firstAttribute) \($0.relation) "
                + "\(name($0.secondItem)).\($0.secondAttribute) x\($0.multiplier) + \($0.constant) @\($0.priority.rawValue)"
        }
    }

    func testRearrangingGivesTheArrangementOfTheFinalOrder() throws {
        let engine = LayoutEngine()
        func make() throws -> (StackView, [View]) {
            let stack = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 100, height: 30))
            stack.alignment = .center
            let views = try (0..<6).map { i -> View in
                let v = try engine.makeView()
                v.intrinsicContentSize = Size(width: 30 + Double(i), height: 10 + Double(i))
                return v
            }
            return (stack, views)
        }
        // Arranged, moved, hidden, removed and arranged again...
        let (stack, views) = try make()
        for v in views { try stack.addArrangedSubview(v) }
        try stack.insertArrangedSubview(views[4], at: 0)
        try stack.addArrangedSubview(views[1])
        views[2].isHidden = true
        views[3].removeFromSuperview()
        XCTAssertFalse(stack.isArranged(views[3]))
        try stack.addArrangedSubview(views[3])
        stack.removeArrangedSubview(views[5])
        XCTAssertTrue(stack.isArranged(views[1]) && !stack.isArranged(views[5]))
        let order = [4, 0, 2, 1, 3]
        XCTAssertTrue(stack.arrangedSubviews.elementsEqual(order.map { views[$0] }, by: ===))
        try stack.layoutIfNeeded()

        // ...equals arranging the final order at once (the stack compresses its views: the
        // priority bump by visible position decides which ones shrink).
        let (fresh, freshViews) = try make()
        for k in order { try fresh.addArrangedSubview(freshViews[k]) }
        try fresh.addSubview(freshViews[5])
        freshViews[2].isHidden = true
        try fresh.layoutIfNeeded()
        XCTAssertEqual(shape(try stack.arrangementConstraints(), [stack] + views),
                       shape(try fresh.arrangementConstraints(), [fresh] + freshViews))
        for k in order { XCTAssertEqual(views[k].frame, freshViews[k].frame, "view \(k)") }
        views[2].isHidden = false
        freshViews[2].isHidden = false
        try stack.layoutIfNeeded()
        try fresh.layoutIfNeeded()
        for k in order { XCTAssertEqual(views[k].frame, freshViews[k].frame, "view \(k) shown again") }
    }
}
