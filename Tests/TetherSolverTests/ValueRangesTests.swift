import XCTest
@testable import TetherSolver

/// `valueRanges(of:)` answers for many variables what `valueRange(of:)` answers for one, and
/// leaves the solver as it was.
final class ValueRangesTests: XCTestCase {
    private func assertSameRanges(_ s: Solver, _ vars: [Variable], file: StaticString = #filePath, line: UInt = #line) throws {
        let before = s.dump()
        // Kept expansions of the default length, and none kept (every defined variable walked).
        for kept in [Solver.keptExpansionLength, 0] {
            let together = try s.valueRanges(of: vars, keeping: kept)
            XCTAssertEqual(s.dump(), before, "valueRanges changed the solver", file: file, line: line)
            XCTAssertEqual(together.count, vars.count, file: file, line: line)
            for (k, v) in vars.enumerated() {
                let alone = try s.valueRange(of: v)
                for (a, b) in [(together[k].lower, alone.lower), (together[k].upper, alone.upper)] {
                    if a.isInfinite || b.isInfinite {
                        XCTAssertEqual(a, b, "variable \(k), kept \(kept)", file: file, line: line)
                    } else {
                        XCTAssertEqual(a, b, accuracy: 1e-7 * Swift.max(1, Swift.abs(b)),
                                       "variable \(k), kept \(kept)", file: file, line: line)
                    }
                }
            }
        }
        try s.checkInvariants()
    }

    /// 200 siblings in a row from a root at 0, each 1 after the one before, the first only at or
    /// after the root; `width` gives each width's constraint.
    private func siblings(_ width: (Variable) -> LinearConstraint) throws
        -> (solver: Solver, root: Variable, lefts: [Variable], widths: [Variable]) {
        let s = Solver()
        let root = s.makeVariable()
        try s.add(root == 0)
        var lefts: [Variable] = [], widths: [Variable] = []
        for i in 0..<200 {
            let l = s.makeVariable(), w = s.makeVariable()
            try s.add(width(w))
            try s.add(i == 0 ? l >= root : l == lefts[i - 1] + widths[i - 1] + 1)
            lefts.append(l); widths.append(w)
        }
        return (s, root, lefts, widths)
    }

    /// Siblings in a row, each pinned to the one before, the first only bounded below: every
    /// position is ambiguous, [11·i, ∞), and every width fixed.
    func testAChainOfSiblings() throws {
        let (s, root, lefts, widths) = try siblings { $0 == 10 }
        let ranges = try s.valueRanges(of: lefts + widths)
        for i in 0..<200 {
            XCTAssertEqual(ranges[i].lower, 11 * Double(i), accuracy: 1e-9)
            XCTAssertEqual(ranges[i].upper, .infinity)
            XCTAssertEqual(ranges[200 + i].lower, 10)
            XCTAssertEqual(ranges[200 + i].upper, 10)
        }
        try assertSameRanges(s, lefts + widths + [root])
    }

    /// Siblings whose widths are only bounded below: the k-th left is written over k free widths,
    /// longer than the expansions kept, so every left past the first 64 is walked on its own
    /// down the chain. Lower bounds 6·i, upper bounds infinite.
    func testAChainOfFreeWidthsIsWalked() throws {
        let (s, root, lefts, widths) = try siblings { $0 >= 5 }
        let ranges = try s.valueRanges(of: lefts)
        for i in 0..<200 {
            XCTAssertEqual(ranges[i].lower, 6 * Double(i), accuracy: 1e-9)
            XCTAssertEqual(ranges[i].upper, .infinity)
        }
        // The last one alone, and every one with all of them.
        XCTAssertEqual(try s.valueRanges(of: [lefts[199]])[0].lower, 6 * 199, accuracy: 1e-9)
        try assertSameRanges(s, lefts + widths + [root])
    }

    /// A variable that only definitions mention (no tableau symbol) is free either way, and so
    /// is every variable defined through it.
    func testAVariableOnlyDefinitionsMentionIsFree() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable(), unused = s.makeVariable()
        try s.add(y == x + 5)
        try s.add(z == y - x)
        let ranges = try s.valueRanges(of: [x, y, z, unused])
        XCTAssertEqual(ranges[0].lower, -.infinity)
        XCTAssertEqual(ranges[0].upper, .infinity)
        XCTAssertEqual(ranges[1].upper, .infinity)
        // z = (x + 5) − x: the free variable cancels.
        XCTAssertEqual(ranges[2].lower, 5, accuracy: 1e-12)
        XCTAssertEqual(ranges[2].upper, 5, accuracy: 1e-12)
        XCTAssertEqual(ranges[3].lower, -.infinity)
        try assertSameRanges(s, [x, y, z, unused])
    }

    /// Random programs with removals (released definitions), edits and suggestions.
    func testRandomProgramsAgreeWithOneAtATime() throws {
        var rng = SplitMix64(seed: 18)
        for _ in 0..<150 {
            let s = Solver()
            let vars = (0..<Int.random(in: 3...8, using: &rng)).map { _ in s.makeVariable() }
            var added: [Constraint] = []
            for _ in 0..<Int.random(in: 4...20, using: &rng) {
                let a = vars[Int.random(in: 0..<vars.count, using: &rng)]
                let b = vars[Int.random(in: 0..<vars.count, using: &rng)]
                let k = Double(Int.random(in: -20...20, using: &rng))
                let priorities: [Priority] = [.required, .required, try Priority(750), try Priority(250)]
                let priority = priorities[Int.random(in: 0..<priorities.count, using: &rng)]
                let constraint: LinearConstraint
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: constraint = a == b + k
                case 1: constraint = a >= b + k
                case 2: constraint = a <= k
                default: constraint = a == 2 * b - k
                }
                switch Result(catching: { () throws(SolverError) in try s.add(constraint, priority: priority) }) {
                case .success(let c): added.append(c)
                case .failure(let error):
                    guard case .unsatisfiable = error else { throw error }
                }
                if !added.isEmpty && Int.random(in: 0..<5, using: &rng) == 0 {
                    try s.remove(added.remove(at: Int.random(in: 0..<added.count, using: &rng)))
                }
            }
            if Bool.random(using: &rng) {
                let v = vars[Int.random(in: 0..<vars.count, using: &rng)]
                try s.addEditVariable(v, priority: try Priority(500))
                try s.suggestValue(Double(Int.random(in: -50...50, using: &rng)), for: v)
            }
            try assertSameRanges(s, vars)
        }
    }
}
