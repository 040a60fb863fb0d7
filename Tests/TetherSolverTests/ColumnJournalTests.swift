import XCTest
@testable import TetherSolver

/// A transaction logs the column index's operations one by one until there are more of them than
/// the index holds; from then on it keeps a copy of the index as it was when it began (a batch
/// of grid2d at 100×100 had logged over 17 GB of operations and then failed to allocate 34 GB).
/// Either way a rollback restores the tableau exactly, and a commit keeps what was done.
final class ColumnJournalTests: XCTestCase {
    /// Rows `rows` of an s-wide grid as in the grid2d workload: each view's width `>= 20` and
    /// `== 100 @250`, its left edge 8 after its neighbour's right edge (the first 8 after the
    /// root's), its width equal to its row's first @500, and the last one's right edge 8 before
    /// the root's @750. The root is 0 … `rootWidth`.
    private struct Grid {
        let solver: Solver
        let side: Int
        let rootWidth: Variable
        var widths: [[Variable]] = []

        init(_ solver: Solver, side: Int) throws {
            self.solver = solver
            self.side = side
            rootWidth = solver.makeVariable(name: "root.width")
            try solver.addEditVariable(rootWidth, priority: try Priority(999))
            try solver.suggestValue(Double(side) * 108 + 8, for: rootWidth)
        }

        mutating func constraints(rows: Range<Int>) throws -> [Constraint] {
            var made: [Constraint] = []
            let low = try Priority(250), equal = try Priority(500), edge = try Priority(750)
            for r in rows {
                var lefts: [Variable] = []
                var row: [Variable] = []
                for c in 0..<side {
                    let left = solver.makeVariable(name: "left[\(r),\(c)]")
                    let w = solver.makeVariable(name: "w[\(r),\(c)]")
                    made.append(try solver.makeConstraint(w >= 20))
                    made.append(try solver.makeConstraint(w == 100, priority: low))
                    if c == 0 {
                        made.append(try solver.makeConstraint(left == 8))
                    } else {
                        made.append(try solver.makeConstraint(left == lefts[c - 1] + row[c - 1] + 8))
                        made.append(try solver.makeConstraint(w.equals(row[0]), priority: equal))
                    }
                    if c == side - 1 {
                        made.append(try solver.makeConstraint(left + w == rootWidth - 8, priority: edge))
                    }
                    lefts.append(left)
                    row.append(w)
                }
                widths.append(row)
            }
            return made
        }
    }

    /// A batch that pivots, then meets a constraint it cannot hold, is undone exactly whether
    /// the column log was kept whole, copied at once (limit 0) or copied part-way; the same
    /// batch without the conflict then gives the grid's layout.
    func testARejectedBatchIsUndoneExactlyWhereverTheLogWasCopied() throws {
        for limit in [nil, 0, 1, 7, 60, 400] as [Int?] {
            let solver = Solver()
            solver.tableau.columnLogLimitOverride = limit
            var grid = try Grid(solver, side: 6)
            try solver.add(batch: try grid.constraints(rows: 0..<3))
            let before = solver.dump()
            let copies = solver.tableau.columnIndexCopies
            let rest = try grid.constraints(rows: 3..<6)
            let conflict = try solver.makeConstraint(grid.widths[5][5] <= 10)
            XCTAssertThrowsError(try solver.add(batch: rest + [conflict]), "limit \(String(describing: limit))")
            XCTAssertEqual(solver.dump(), before, "limit \(String(describing: limit))")
            try solver.checkInvariants()
            if let limit, limit <= 1 {
                XCTAssertGreaterThan(solver.tableau.columnIndexCopies, copies, "limit \(limit)")
            }
            try solver.add(batch: rest)
            try solver.checkInvariants()
            solver.updateVariables()
            for row in grid.widths {
                for w in row { XCTAssertEqual(try solver.value(of: w), 100, accuracy: 1e-9) }
            }
            try solver.suggestValue(6 * 90 + 8, for: grid.rootWidth)
            solver.updateVariables()
            for row in grid.widths {
                for w in row { XCTAssertEqual(try solver.value(of: w), 82, accuracy: 1e-9) }
            }
        }
    }

    /// The same program with the log copied at once and never copied leaves the same tableau:
    /// committed transactions are not changed by where their column log went.
    func testCommittedTransactionsDoNotDependOnTheLogLimit() throws {
        func run(_ limit: Int?) throws -> String {
            let solver = Solver()
            solver.tableau.columnLogLimitOverride = limit
            var grid = try Grid(solver, side: 5)
            for rows in [0..<2, 2..<4, 4..<5] {
                let batch = try grid.constraints(rows: rows)
                try solver.add(batch: batch)
                try solver.remove(batch[3])
                try solver.add(batch[3])
            }
            try solver.suggestValue(5 * 120 + 8, for: grid.rootWidth)
            try solver.checkInvariants()
            return solver.dump()
        }
        XCTAssertEqual(try run(0), try run(nil))
    }
}
