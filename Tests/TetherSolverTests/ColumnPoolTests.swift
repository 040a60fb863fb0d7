import XCTest
@testable import TetherSolver

/// The column index's pool: a column cleared by a symbol entering the basis gives a large extent
/// back, and a compaction cuts every extent to what its column holds. A rollback may then need
/// more room than a column has; it makes room (`reserveColumn`) before putting entries back.
final class ColumnPoolTests: XCTestCase {
    /// The form's label column: every label hugs (251) and resists compression (750) at its
    /// intrinsic width, and all are aligned to the first, so that the widest label's symbols sit
    /// in every label's rows.
    private func alignedLabels(_ n: Int) throws -> (Solver, [Variable]) {
        let s = Solver()
        let widths = try LabelColumn(s, count: n).widths
        try s.add(widths[0] >= 30)
        for i in 1..<n { try s.add(widths[i].equals(widths[0])) }
        return (s, widths)
    }

    /// A batch whose first constraint pivots on a long column (a label as wide as the widest one
    /// enters by the widest label's slack, in every label's rows) and whose last one cannot hold:
    /// the rollback restores the tableau exactly, and the solver goes on.
    func testRollbackAfterALongColumnWasCleared() throws {
        let (s, widths) = try alignedLabels(150)
        let extra = s.makeVariable(name: "extra")
        try s.add(extra >= 119, priority: try Priority(750))
        try s.add(extra <= 119, priority: try Priority(251))
        let before = s.dump()
        let align = extra.equals(widths[0])
        let conflict = widths[0] <= 20
        let batch = [try s.makeConstraint(align), try s.makeConstraint(conflict)]
        XCTAssertThrowsError(try s.add(batch: batch))
        XCTAssertEqual(s.dump(), before)
        try s.checkInvariants()
        // The batch's first add, alone, pivots (so the batch did too, from the same tableau).
        // With `reserveColumn` made a no-op the rollback above breaks the column index.
        let pivots = s.statistics.pivots
        try s.add(batch[0])
        XCTAssertGreaterThan(s.statistics.pivots, pivots)
        try s.checkInvariants()
        s.updateVariables()
        XCTAssertEqual(try s.value(of: extra), 119, accuracy: 1e-9)
        XCTAssertEqual(try s.value(of: widths[149]), 119, accuracy: 1e-9)
    }

    /// Aligning many labels pivots on the widest label's long columns again and again; the pool
    /// stays within a small multiple of the live cells.
    func testPoolStaysProportionalToLiveCells() throws {
        let (s, _) = try alignedLabels(2_000)
        try s.checkInvariants()
        let t = s.tableau
        XCTAssertLessThan(t.colRows.count, 4 * t.liveCellCount + 8 * t.colStart.count)
    }
}
