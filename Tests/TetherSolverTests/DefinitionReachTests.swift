import XCTest
@testable import TetherSolver

/// Definitions that tableau constraints were written through (DefinitionReach): their dummies are
/// not in the rows, yet removing them, changing their constants, explaining conflicts and
/// sensitivities through them give what plain Cassowary (every dummy in its rows) gives, and a
/// change to one link of a long chain touches O(1) cells.
final class DefinitionReachTests: XCTestCase {
    /// The harness's chain: `n` views between the root's edges, equal widths, 8 apart, the root's
    /// width an edit variable at `rootWidth`. Returns the variables and the link constraints
    /// (`left[i] == left[i-1] + width[i-1] + 8`, index i-1).
    private struct Chain {
        let rootWidth: Variable
        let lefts: [Variable]
        let widths: [Variable]
        var links: [Constraint]
    }

    private func chain(_ s: Solver, _ n: Int, rootWidth width: Double) throws -> Chain {
        let rootLeft = s.makeVariable(name: "root.left"), rootWidth = s.makeVariable(name: "root.width")
        var lefts: [Variable] = [], widths: [Variable] = [], links: [Constraint] = []
        try s.add(rootLeft == 0)
        for i in 0..<n {
            let left = s.makeVariable(name: "left\(i)"), w = s.makeVariable(name: "width\(i)")
            if i == 0 {
                try s.add(left == rootLeft + 20)
            } else {
                links.append(try s.add(left == lefts[i - 1] + widths[i - 1] + 8))
                try s.add(w.equals(widths[i - 1]))
            }
            lefts.append(left)
            widths.append(w)
        }
        try s.add(lefts[n - 1] + widths[n - 1] == rootLeft + rootWidth - 20)
        try s.addEditVariable(rootWidth, priority: try Priority(999))
        try s.suggestValue(width, for: rootWidth)
        return Chain(rootWidth: rootWidth, lefts: lefts, widths: widths, links: links)
    }

    /// Values of `vs` after publishing, with the published values checked against a full
    /// evaluation.
    private func values(_ s: Solver, _ vs: [Variable]) throws -> [Double] {
        s.updateVariables()
        XCTAssertEqual(s.published, s.currentValues())
        return try s.values(of: vs)
    }

    private func assertClose(_ a: [Double], _ b: [Double], _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, message, line: line)
        for (x, y) in zip(a, b) where Swift.abs(x - y) > 1e-9 * Swift.max(1, Swift.abs(y)) {
            return XCTFail("\(message): \(x) != \(y)", line: line)
        }
    }

    func testChurnOnAChainTouchesConstantlyManyCells() throws {
        let n = 400
        let s = Solver()
        let plain = Solver(eliminatingDefinitions: false)
        var c = try chain(s, n, rootWidth: 40 + 18 * Double(n) - 8)
        var p = try chain(plain, n, rootWidth: 40 + 18 * Double(n) - 8)
        assertClose(try values(s, c.widths), Array(repeating: 10, count: n))
        let cellsAfterBuild = s.statistics.cells
        XCTAssertLessThan(cellsAfterBuild, 20, "the rows closing the chain hold no dummies")
        let middle = n / 2 - 1
        for cycle in 0..<5 {
            try s.remove(c.links[middle])
            try plain.remove(p.links[middle])
            try s.checkInvariants()
            XCTAssertLessThan(s.statistics.cells, 20, "cycle \(cycle): the removal wrote a column")
            // Cut: the part after the gap is free to move (the widths too: nothing fixes them
            // now, so the two solvers may pick different ones); every constraint left holds.
            let widths = try values(s, c.widths)
            assertClose(widths, Array(repeating: widths[0], count: n), "cycle \(cycle)")
            let lefts = try values(s, c.lefts)
            for i in 1..<n where i != middle + 1 {
                XCTAssertEqual(lefts[i], lefts[i - 1] + widths[i - 1] + 8, accuracy: 1e-9)
            }
            if cycle % 2 == 0 {
                try s.add(c.links[middle])
                try plain.add(p.links[middle])
            } else {
                // A new constraint restating the link (the harness's churn makes new ones).
                let link = try s.add(c.lefts[middle + 1] == c.lefts[middle] + c.widths[middle] + 8)
                let plainLink = try plain.add(p.lefts[middle + 1] == p.lefts[middle] + p.widths[middle] + 8)
                try s.freeConstraint(c.links[middle])
                try plain.freeConstraint(p.links[middle])
                c.links[middle] = link
                p.links[middle] = plainLink
            }
            try s.checkInvariants()
            XCTAssertLessThan(s.statistics.cells, 20, "cycle \(cycle): re-adding rewrote rows")
            assertClose(try values(s, c.lefts), try values(plain, p.lefts), "cycle \(cycle)")
            assertClose(try values(s, c.widths), Array(repeating: 10, count: n), "cycle \(cycle)")
        }
        // A resize still reaches every view through the released link.
        try s.suggestValue(40 + 20 * Double(n) - 8, for: c.rootWidth)
        try plain.suggestValue(40 + 20 * Double(n) - 8, for: p.rootWidth)
        assertClose(try values(s, c.widths), Array(repeating: 12, count: n))
        assertClose(try values(s, c.lefts), try values(plain, p.lefts))
        try s.checkInvariants()
    }

    func testConstantChangeOfAReachedDefinitionMovesTheRowsThroughIt() throws {
        let n = 50
        let s = Solver()
        let c = try chain(s, n, rootWidth: 40 + 18 * Double(n) - 8)
        XCTAssertEqual(try values(s, c.widths)[0], 10, accuracy: 1e-9)
        // One gap 8 → 58: the root width stays, so every view loses 50 / n.
        try s.setConstant(-58, of: c.links[20])
        let widths = try values(s, c.widths)
        for w in widths { XCTAssertEqual(w, 10 - 50 / Double(n), accuracy: 1e-9) }
        let lefts = try values(s, c.lefts)
        XCTAssertEqual(lefts[21] - lefts[20] - widths[20], 58, accuracy: 1e-9)
        try s.checkInvariants()
        // Pinned widths and a required bound on the last view: a gap that pushes the last view
        // past the bound is refused, and the conflict names the bound, the pin and the links.
        let pin = try s.add(c.widths[0] == 9)
        let bound = try s.add(c.lefts[n - 1] <= 950)
        XCTAssertEqual(try values(s, c.lefts)[n - 1], 20 + Double(n - 1) * 17 + 50, accuracy: 1e-9)
        XCTAssertThrowsError(try s.setConstant(-108, of: c.links[20])) { error in
            guard case SolverError.unsatisfiable(let rejected, let conflicts) = error else {
                return XCTFail("expected unsatisfiable, got \(error)")
            }
            XCTAssertEqual(rejected, c.links[20])
            XCTAssertTrue(conflicts.contains(pin) && conflicts.contains(bound), "\(conflicts)")
            XCTAssertTrue(conflicts.contains(c.links[40]), "\(conflicts)")
            XCTAssertFalse(conflicts.contains(c.links[20]), "\(conflicts)")
        }
        XCTAssertEqual(try s.constant(of: c.links[20]), -58)
        XCTAssertEqual(try values(s, c.lefts)[n - 1], 20 + Double(n - 1) * 17 + 50, accuracy: 1e-9)
        try s.checkInvariants()
    }

    func testConflictThroughReachedDefinitionsMatchesPlainCassowary() throws {
        for eliminating in [true, false] {
            let s = Solver(eliminatingDefinitions: eliminating)
            let top = s.makeVariable(name: "top"), bottom = s.makeVariable(name: "bottom")
            var tops = [top], heights: [Variable] = []
            var links: [Constraint] = []
            var sizes: [Constraint] = []
            for i in 0..<6 {
                let h = s.makeVariable(name: "h\(i)"), next = s.makeVariable(name: "top\(i + 1)")
                sizes.append(try s.add(h == 44))
                links.append(try s.add(next == tops[i] + h))
                tops.append(next)
                heights.append(h)
            }
            let pin = try s.add(top == 0)
            // The bottom closes the stack (it reaches every link), then a required bottom that
            // cannot hold: the conflict is the whole chain.
            let close = try s.add(bottom.equals(tops[6]))
            XCTAssertThrowsError(try s.add(bottom == 100)) { error in
                guard case SolverError.unsatisfiable(_, let conflicts) = error else {
                    return XCTFail("expected unsatisfiable, got \(error)")
                }
                XCTAssertEqual(Set(conflicts), Set(links + sizes + [pin, close]), "eliminating: \(eliminating)")
            }
            try s.checkInvariants()
            // Sensitivities through the definitions: everything above the bottom.
            let determining = try s.constraintsDetermining(LinearExpression(bottom))
            XCTAssertEqual(Set(determining), Set(links + sizes + [pin, close]), "eliminating: \(eliminating)")
            let middle = try s.constraintsDetermining(LinearExpression(tops[3]))
            XCTAssertEqual(Set(middle), Set(links[0..<3] + sizes[0..<3] + [pin]), "eliminating: \(eliminating)")
        }
    }

    func testFreeingAVariableOnlyAReleasedDefinitionMentions() throws {
        let s = Solver()
        let a = s.makeVariable(name: "a"), b = s.makeVariable(name: "b"), total = s.makeVariable(name: "total")
        let link = try s.add(b == a + 10)
        let close = try s.add(total >= b + 5)
        try s.add(total == 0, priority: .defaultLow)
        try s.add(a == 3)
        XCTAssertEqual(try values(s, [total]), [18])
        try s.remove(link)  // reached by `close`: released
        try s.checkInvariants()
        try s.remove(close)
        try s.freeConstraint(link)
        try s.freeConstraint(close)
        // No constraint mentions b any more; only the released node does.
        try s.freeVariable(b)
        try s.checkInvariants()
        XCTAssertEqual(try values(s, [a, total]), [3, 0])
    }

    func testFailedBatchRollsBackReachAndMaterialization() throws {
        let s = Solver()
        let c = try chain(s, 30, rootWidth: 40 + 18 * 30 - 8)
        let before = try values(s, c.lefts)
        let hug = try s.makeConstraint(c.lefts[10] >= c.lefts[5] + 1)
        let bad = try s.makeConstraint(c.widths[3] == -1000)  // widths are equal and determined
        let x = s.makeVariable(name: "x")
        let extra = try s.makeConstraint(x >= c.lefts[29])
        XCTAssertThrowsError(try s.add(batch: [hug, extra, bad]))
        try s.checkInvariants()
        XCTAssertEqual(try values(s, c.lefts), before)
        // The links still work as before: remove one and put it back.
        try s.remove(c.links[12])
        try s.add(c.links[12])
        try s.checkInvariants()
        XCTAssertEqual(try values(s, c.lefts), before)
    }

    /// Random chains and stacks with churn (removing and re-adding constraints, including ones
    /// other constraints were written through), constant changes and edits, with and without
    /// definitions: the same constraints are accepted, the required ones hold, and the errors
    /// at every priority are the same.
    func testRandomChurnMatchesPlainCassowary() throws {
        var rng = SplitMix64(seed: 0x5EED_C4A1)
        let priorities: [Double] = [1000, 1000, 1000, 1000, 750, 250]
        for round in 0..<150 {
            let twins = DefinitionTwins(variableCounts: 4...12, using: &rng)
            var added: [Bool] = []
            func make(_ spec: ConstraintSpec) throws {
                twins.specs.append(spec)
                var ok: [Bool] = []
                for k in 0..<2 {
                    let c = try twins.solvers[k].makeConstraint(twins.constraint(spec, in: k),
                                                                priority: Priority(spec.priority))
                    twins.handles[k].append(c)
                    ok.append((try? twins.solvers[k].add(c)) != nil)
                }
                XCTAssertEqual(ok[0], ok[1], "round \(round): the solvers disagree on adding \(spec)")
                added.append(ok[0] && ok[1])
            }
            // A chain over the variables (links of fresh variables), then random constraints and
            // operations.
            for i in 1..<twins.variableCount where Bool.random(using: &rng) {
                try make(([(i, 1), (i - 1, -1)], Double(Int.random(in: -20...20, using: &rng)), .equal, 1000))
            }
            for _ in 0..<Int.random(in: 8...30, using: &rng) {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0...3:
                    let terms = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                        (Int.random(in: 0..<twins.variableCount, using: &rng),
                         Double(Int.random(in: -3...3, using: &rng) | 1))
                    }
                    let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                    try make((terms, Double(Int.random(in: -50...50, using: &rng)), relation,
                              priorities.randomElement(using: &rng)!))
                case 4...6:
                    // Remove or re-add an existing constraint, the same in both.
                    guard let i = twins.specs.indices.randomElement(using: &rng) else { break }
                    if added[i] {
                        for k in 0..<2 { try twins.solvers[k].remove(twins.handles[k][i]!) }
                        added[i] = false
                    } else {
                        var ok: [Bool] = []
                        for k in 0..<2 { ok.append((try? twins.solvers[k].add(twins.handles[k][i]!)) != nil) }
                        XCTAssertEqual(ok[0], ok[1], "round \(round): the solvers disagree on re-adding \(twins.specs[i])")
                        added[i] = ok[0] && ok[1]
                    }
                case 7...8:
                    // A constant change of an added constraint.
                    guard let i = twins.specs.indices.filter({ added[$0] }).randomElement(using: &rng) else { break }
                    let constant = Double(Int.random(in: -50...50, using: &rng))
                    var ok: [Bool] = []
                    for k in 0..<2 {
                        ok.append((try? twins.solvers[k].setConstant(constant, of: twins.handles[k][i]!)) != nil)
                    }
                    XCTAssertEqual(ok[0], ok[1], "round \(round): the solvers disagree on a constant change of \(twins.specs[i])")
                    if ok[0] { twins.specs[i].constant = constant }
                default:
                    twins.assertIncrementalPublication(round: round)
                }
                try twins.solvers[0].checkInvariants()
            }
            let addedSpecs = twins.specs.indices.filter { added[$0] }.map { twins.specs[$0] }
            try twins.assertSameOptimum(round: round) { _ in addedSpecs }
        }
    }
}
