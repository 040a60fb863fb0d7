import XCTest
@testable import TetherSolver

/// The primal simplex's choices on ties. Entering: the steepest weight at the highest level, and
/// on a tie the symbol with the shortest column. Weights tie all the time in layouts (every error
/// weighs 1 at its level); the lowest id, the old tie-break, kept entering the oldest errors,
/// which every row of a 2-D grid mentions. Leaving: on a ratio tie, a row whose basic symbol is
/// an error, which then leaves the objective's rows instead of taking them a degenerate pivot
/// later.
final class PricingTests: XCTestCase {
    /// A feed's cell: at least 44 high, hugging (250) and resisting compression (750) at its
    /// intrinsic height. Adding the compression constraint leaves its error basic at the
    /// violation; growing the height takes it to 0 together with the hugging slack. Letting the
    /// slack leave (the lower id) left the error basic at 0 and cost a second, degenerate pivot.
    func testRatioTiesLetTheErrorLeave() throws {
        let solver = Solver()
        let n = 200
        var heights: [Variable] = []
        var tall = 0
        for i in 0..<n {
            let h = solver.makeVariable()
            heights.append(h)
            let intrinsic = 44 + Double((i * 37) % 100)
            if intrinsic > 44 { tall += 1 }
            try solver.add(h >= 44)
            try solver.add(h <= intrinsic, priority: try Priority(250))
            try solver.add(h >= intrinsic, priority: try Priority(750))
        }
        try solver.checkInvariants()
        XCTAssertEqual(solver.statistics.pivots, tall)
        solver.updateVariables()
        for i in 0..<n {
            XCTAssertEqual(try solver.value(of: heights[i]), 44 + Double((i * 37) % 100), accuracy: 1e-9)
        }
    }

    /// The grid2d workload (docs/benchmarks.md) at s×s, its root's size edited first: views at
    /// least 20×20, 100×44 at 250, equal widths per row and heights per column at 500, trailing
    /// and bottom edges to the root at 750.
    private func buildGrid2D(side s: Int) throws -> (Solver, widths: [Variable], lefts: [Variable]) {
        let solver = Solver()
        let low = try Priority(250), equal = try Priority(500), edge = try Priority(750)
        let rootLeft = solver.makeVariable(), rootTop = solver.makeVariable()
        let rootWidth = solver.makeVariable(), rootHeight = solver.makeVariable()
        try solver.addEditVariable(rootWidth, priority: try Priority(999))
        try solver.addEditVariable(rootHeight, priority: try Priority(999))
        try solver.suggestValue(8 + Double(s) * 108, for: rootWidth)
        try solver.suggestValue(8 + Double(s) * 52, for: rootHeight)
        try solver.add(rootLeft == 0)
        try solver.add(rootTop == 0)
        var lefts: [Variable] = [], tops: [Variable] = [], widths: [Variable] = [], heights: [Variable] = []
        for r in 0..<s {
            for c in 0..<s {
                let left = solver.makeVariable(), top = solver.makeVariable()
                let w = solver.makeVariable(), h = solver.makeVariable()
                lefts.append(left); tops.append(top); widths.append(w); heights.append(h)
                try solver.add(w >= 20)
                try solver.add(h >= 20)
                try solver.add(w == 100, priority: low)
                try solver.add(h == 44, priority: low)
                if c == 0 {
                    try solver.add(left == rootLeft + 8)
                } else {
                    try solver.add(left == lefts[r * s + c - 1] + widths[r * s + c - 1] + 8)
                }
                if r == 0 {
                    try solver.add(top == rootTop + 8)
                } else {
                    try solver.add(top == tops[(r - 1) * s + c] + heights[(r - 1) * s + c] + 8)
                }
                if c > 0 { try solver.add(w.equals(widths[r * s]), priority: equal) }
                if r > 0 { try solver.add(h.equals(heights[c]), priority: equal) }
                if c == s - 1 { try solver.add(left + w == rootLeft + rootWidth - 8, priority: edge) }
                if r == s - 1 { try solver.add(top + h == rootTop + rootHeight - 8, priority: edge) }
            }
        }
        return (solver, widths, lefts)
    }

    /// 12×12: 792 pivots with the shortest column on ties, 2,040 with the lowest id (counted when
    /// the rule changed). The bound sits between the two.
    func testTiesEnterTheShortestColumn() throws {
        let s = 12
        let (solver, widths, lefts) = try buildGrid2D(side: s)
        try solver.checkInvariants()
        XCTAssertLessThan(solver.statistics.pivots, 1_100)
        solver.updateVariables()
        for r in 0..<s {
            for c in 0..<s {
                XCTAssertEqual(try solver.value(of: widths[r * s + c]), 100, accuracy: 1e-9)
                XCTAssertEqual(try solver.value(of: lefts[r * s + c]), 8 + Double(c) * 108, accuracy: 1e-9)
            }
        }
    }

    /// One grid row of n views whose widths are equal @500, added as a batch, then its trailing
    /// edge @750: the edge's row is optimal after a run of degenerate pivots that grows with n
    /// (76 at n = 150, by Dantzig's rule). Falling back to Bland's rule after a fixed 32 of them
    /// took 11,271 (grid2d at 100×100 through one batch: 1.33 M pivots, 210 s).
    func testALongDegenerateRunStaysWithDantzigsRule() throws {
        let n = 150
        let solver = Solver()
        let rootWidth = solver.makeVariable()
        try solver.addEditVariable(rootWidth, priority: try Priority(999))
        try solver.suggestValue(8 + Double(n) * 108, for: rootWidth)
        var lefts: [Variable] = [], widths: [Variable] = [], batch: [Constraint] = []
        for c in 0..<n {
            let left = solver.makeVariable(), w = solver.makeVariable()
            batch.append(try solver.makeConstraint(w >= 20))
            batch.append(try solver.makeConstraint(w == 100, priority: try Priority(250)))
            batch.append(try solver.makeConstraint(c == 0 ? left == 8 : left == lefts[c - 1] + widths[c - 1] + 8))
            if c > 0 { batch.append(try solver.makeConstraint(w.equals(widths[0]), priority: try Priority(500))) }
            lefts.append(left)
            widths.append(w)
        }
        try solver.add(batch: batch)
        let before = solver.statistics.pivots
        try solver.add(lefts[n - 1] + widths[n - 1] == rootWidth - 8, priority: try Priority(750))
        try solver.checkInvariants()
        XCTAssertLessThanOrEqual(solver.statistics.pivots - before, n)
        try solver.suggestValue(8 + Double(n) * 90, for: rootWidth)
        solver.updateVariables()
        for w in widths { XCTAssertEqual(try solver.value(of: w), 82, accuracy: 1e-9) }
    }
}
