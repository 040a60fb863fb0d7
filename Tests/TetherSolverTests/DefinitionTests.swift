import XCTest
@testable import TetherSolver

/// Required equalities kept outside the tableau as definitions (DefinitionStore): the layouts
/// they make are linear in size, every operation on them (removal, constant changes, conflicts,
/// ambiguity queries) behaves as if they were rows, and a solver with them finds the same optimum
/// as one without.
final class DefinitionTests: XCTestCase {
    /// A stack of `n` views 44 high, each top on the previous bottom.
    private func stack(_ s: Solver, _ n: Int) throws -> (tops: [Variable], heights: [Variable], links: [Constraint]) {
        var tops: [Variable] = [], heights: [Variable] = [], links: [Constraint] = []
        for i in 0..<n {
            let top = s.makeVariable(name: "top\(i)"), h = s.makeVariable(name: "h\(i)")
            try s.add(h == 44)
            if i == 0 {
                links.append(try s.add(top == 0))
            } else {
                links.append(try s.add(top == tops[i - 1] + heights[i - 1]))
            }
            tops.append(top)
            heights.append(h)
        }
        return (tops, heights, links)
    }

    func testStackIsAllDefinitionsAndLinear() throws {
        let s = Solver()
        let (tops, _, _) = try stack(s, 2000)
        s.updateVariables()
        XCTAssertEqual(s.statistics.definitions, 4000)
        XCTAssertEqual(s.statistics.rows, 0)
        XCTAssertEqual(s.statistics.cells, 0)
        XCTAssertEqual(try s.value(of: tops[1999]), 1999 * 44)
        try s.checkInvariants()

        // Without definitions the same stack fills in: row i holds the dummies above it.
        let plain = Solver(eliminatingDefinitions: false)
        let p = try stack(plain, 200)
        plain.updateVariables()
        XCTAssertEqual(try plain.value(of: p.tops[199]), 199 * 44)
        XCTAssertGreaterThan(plain.statistics.cells, 200 * 100)
    }

    func testStackBuiltBottomUpIsAllDefinitions() throws {
        // Links first, from the bottom: the heights are mentioned before their `h == 44`
        // arrives, which then defines them as constants, evaluated before everything else.
        let s = Solver()
        let n = 500
        let tops = (0..<n).map { s.makeVariable(name: "top\($0)") }
        let heights = (0..<n).map { s.makeVariable(name: "h\($0)") }
        for i in stride(from: n - 1, through: 1, by: -1) {
            try s.add(tops[i] == tops[i - 1] + heights[i - 1])
            try s.add(heights[i] == 44)
        }
        try s.add(heights[0] == 44)
        try s.add(tops[0] == 10)
        s.updateVariables()
        try s.checkInvariants()
        // All but the pin are definitions: tops[0] is defined through the links below it, so
        // the pin is expanded through them into one row, of one cell per link: linear, not n².
        XCTAssertEqual(s.statistics.definitions, 2 * n - 1)
        XCTAssertEqual(s.statistics.rows, 1)
        XCTAssertLessThanOrEqual(s.statistics.cells, 2 * n)
        XCTAssertEqual(try s.value(of: tops[n - 1]), 10 + Double(n - 1) * 44)
        XCTAssertEqual(s.published, s.currentValues())
    }

    func testTableauConstraintMaterializesOnlyTheLeafDefinitionsItMentions() throws {
        let s = Solver()
        let (tops, heights, _) = try stack(s, 100)
        let bottom = s.makeVariable(name: "bottom")
        // Mentions the last definitions: `h99 == 44`, a leaf, becomes a row; `top99`, defined
        // through the chain above, does not (its row would hold the chain), and the constraint
        // is expanded through it instead.
        try s.add(bottom >= tops[99] + heights[99] + 8)
        try s.add(bottom == 0, priority: .defaultLow)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: bottom), 100 * 44 + 8)
        XCTAssertEqual(s.statistics.definitions, 199)
        XCTAssertLessThan(s.statistics.cells, 1000)
        try s.checkInvariants()
    }

    /// A column of list-row sections (random-screen's `rowSection`, vertically), added one by
    /// one top-down: each section's top is defined by the link above it, its height hugs @49
    /// down to its tallest child plus 2p, and each child's top is defined by its centring. The
    /// inequality `child.top >= section.top + p` names two defined tops: expanded through their
    /// definitions they cancel, and its row keeps a few cells. Materializing them made each a
    /// row over every section height above it (Θ(n²) cells), and so did materializing every
    /// leaf: the first top, then the next one over its row, and so on down the column.
    func testAConstraintOnTwoDefinedTopsOfAChainStaysShort() throws {
        var cellsAt: [Int: Int] = [:]
        for n in [40, 160] {
            let s = Solver()
            var top = 8.0, previous: (top: Variable, height: Variable)?
            var constraints = 0
            func add(_ c: LinearConstraint, _ priority: Priority = .required) throws {
                try s.add(c, priority: priority)
                constraints += 1
            }
            var expected: [(Variable, Double)] = []
            for i in 0..<n {
                let sectionTop = s.makeVariable(name: "top\(i)"), sectionHeight = s.makeVariable(name: "h\(i)")
                let gap = Double(4 + i % 7), p = Double(4 + i % 5)
                if let previous {
                    try add(sectionTop == previous.top + previous.height + gap)
                } else {
                    try add(sectionTop == 8)
                }
                try add(sectionHeight == 0, try Priority(49))
                var tallest = 0.0, centre: (top: Variable, height: Variable) = (sectionTop, sectionHeight)
                for c in 1...3 {
                    let childTop = s.makeVariable(), childHeight = s.makeVariable()
                    let h = Double(14 + (i * 7 + c * 5) % 19)
                    tallest = max(tallest, h)
                    try add(childTop + 0.5 * childHeight == centre.top + 0.5 * centre.height)
                    try add(childTop >= sectionTop + p)
                    try add(sectionTop + sectionHeight >= childTop + childHeight + p)
                    try add(childHeight <= h, .defaultLow)
                    try add(childHeight >= h, .defaultHigh)
                    centre = (childTop, childHeight)
                }
                expected.append((sectionTop, top))
                expected.append((sectionHeight, tallest + 2 * p))
                top += tallest + 2 * p + Double(4 + (i + 1) % 7)
                previous = (sectionTop, sectionHeight)
            }
            s.updateVariables()
            try s.checkInvariants()
            for (v, value) in expected { XCTAssertEqual(try s.value(of: v), value, accuracy: 1e-9, "n \(n)") }
            XCTAssertLessThanOrEqual(s.statistics.cells, 8 * constraints, "n \(n)")
            cellsAt[n] = s.statistics.cells
        }
        XCTAssertLessThanOrEqual(cellsAt[160]!, 5 * cellsAt[40]!, "cells should grow linearly: \(cellsAt)")
    }

    func testRemovingAFreeDefinitionFreesItsSubject() throws {
        let s = Solver()
        let (tops, _, links) = try stack(s, 10)
        try s.remove(links[5])
        s.updateVariables()
        // top5 is determined by nothing now: 0, and the views below follow it.
        XCTAssertEqual(try s.value(of: tops[5]), 0)
        XCTAssertEqual(try s.value(of: tops[6]), 44)
        XCTAssertEqual(try s.value(of: tops[4]), 4 * 44)
        try s.checkInvariants()
        try s.add(links[5])
        s.updateVariables()
        XCTAssertEqual(try s.value(of: tops[9]), 9 * 44)
        try s.checkInvariants()
    }

    func testRemovingADefinitionTheTableauDependsOn() throws {
        let s = Solver()
        let root = s.makeVariable(name: "root")
        let (tops, heights, links) = try stack(s, 20)
        try s.add(root >= tops[19] + heights[19])
        try s.add(root == 0, priority: .defaultLow)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: root), 20 * 44)
        try s.remove(links[10])
        s.updateVariables()
        try s.checkInvariants()
        // The stack is cut: the lower part can rise, and the root hugs what is left.
        let cutTop = try s.value(of: tops[10])
        XCTAssertEqual(try s.value(of: root), cutTop + 10 * 44, accuracy: 1e-9)
        XCTAssertEqual(try s.value(of: tops[19]), cutTop + 9 * 44, accuracy: 1e-9)
        try s.add(links[10])
        s.updateVariables()
        try s.checkInvariants()
        XCTAssertEqual(try s.value(of: root), 20 * 44, accuracy: 1e-9)
    }

    func testSetConstantOnDefinitions() throws {
        let s = Solver()
        let root = s.makeVariable(name: "root")
        let (tops, heights, links) = try stack(s, 10)
        // Outside the tableau: only the definition's constant moves.
        try s.setConstant(-8, of: links[3])  // top3 == top2 + h2 + 8
        s.updateVariables()
        XCTAssertEqual(try s.value(of: tops[9]), 9 * 44 + 8)
        // Expanded into a row: the row moves too.
        try s.add(root >= tops[9] + heights[9])
        try s.add(root == 0, priority: .defaultLow)
        try s.setConstant(-20, of: links[3])
        s.updateVariables()
        XCTAssertEqual(try s.value(of: root), 10 * 44 + 20, accuracy: 1e-9)
        try s.checkInvariants()
    }

    func testConflictNamesDefinitions() throws {
        let s = Solver()
        let (tops, _, links) = try stack(s, 5)
        XCTAssertThrowsError(try s.add(tops[4] == 100)) { error in
            guard case SolverError.unsatisfiable(_, let conflicts) = error else {
                return XCTFail("expected unsatisfiable, got \(error)")
            }
            // top4 = 4·44 through the links and the heights: all of them are the conflict.
            for link in links { XCTAssertTrue(conflicts.contains(link), "\(link) missing from \(conflicts)") }
            XCTAssertEqual(conflicts.count, 9)
        }
        XCTAssertEqual(s.statistics.definitions, 10)
        try s.checkInvariants()
    }

    func testFailedBatchRollsBackDefinitions() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable()
        try s.add(z == 5)
        let a = try s.makeConstraint(x == 10)
        let b = try s.makeConstraint(y == x + 1)
        let bad = try s.makeConstraint(z == 6)
        XCTAssertThrowsError(try s.add(batch: [a, b, bad]))
        XCTAssertEqual(s.statistics.definitions, 1)
        XCTAssertFalse(try s.isAdded(a))
        XCTAssertFalse(try s.isAdded(b))
        try s.checkInvariants()
        try s.add(batch: [a, b])
        s.updateVariables()
        XCTAssertEqual(try s.value(of: y), 11)
        try s.checkInvariants()
    }

    func testAmbiguityAndSensitivityOfDefinedVariables() throws {
        let s = Solver()
        let w0 = s.makeVariable(name: "w0")
        var widths = [w0]
        for i in 1..<5 {
            let w = s.makeVariable(name: "w\(i)")
            try s.add(w.equals(widths[i - 1]))
            widths.append(w)
        }
        // Nothing fixes w0: every width is free.
        let range = try s.valueRange(of: widths[4])
        XCTAssertEqual(range.lower, -.infinity)
        XCTAssertEqual(range.upper, .infinity)
        let fix = try s.add(w0 == 30)
        s.updateVariables()
        let fixed = try s.valueRange(of: widths[4])
        XCTAssertEqual(fixed.lower, 30, accuracy: 1e-9)
        XCTAssertEqual(fixed.upper, 30, accuracy: 1e-9)
        let determining = try s.constraintsDetermining(LinearExpression(widths[4]))
        XCTAssertTrue(determining.contains(fix))
        XCTAssertEqual(determining.count, 5)  // the four links and the fix
    }

    /// The lexicographic optimum does not depend on definitions: random systems solved with and
    /// without them hold every required constraint and have the same error at every priority.
    func testSameOptimumWithAndWithoutDefinitions() throws {
        var rng = SplitMix64(seed: 0xDEF1_2024)
        let priorities: [Double] = [1000, 1000, 1000, 750, 500, 250]
        for round in 0..<200 {
            let twins = DefinitionTwins(variableCounts: 3...10, using: &rng)
            for step in 0..<Int.random(in: 5...25, using: &rng) {
                // Chains (a fresh variable tied to an older one) and random constraints.
                var terms: [(Int, Double)]
                if step < twins.variableCount - 1 && Bool.random(using: &rng) {
                    terms = [(step + 1, 1), (step, -1)]
                } else {
                    terms = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                        (Int.random(in: 0..<twins.variableCount, using: &rng),
                         Double(Int.random(in: 1...3, using: &rng)))
                    }
                }
                let relation: Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                let spec = (terms, Double(Int.random(in: -40...40, using: &rng)), relation,
                            priorities.randomElement(using: &rng)!)
                twins.addToBoth(spec)
                // Publishing now and then: what updateVariables publishes incrementally is
                // exactly the full evaluation.
                if Bool.random(using: &rng) { twins.assertIncrementalPublication(round: round) }
                // Removals now and then, of the same constraint in both.
                if step % 7 == 6, let victim = twins.handles[0].indices.randomElement(using: &rng) {
                    try twins.removeFromBoth(victim)
                }
            }
            try twins.assertSameOptimumOfHeld(round: round)
        }
    }
}
