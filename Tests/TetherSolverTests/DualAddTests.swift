import XCTest
@testable import TetherSolver

/// A required constraint the current solution violates, with nothing to solve it for, enters
/// by the dual simplex (its marker basic at the violating value): from the optimum before, a
/// pivot or a few reach the optimum after, where phase 1 and then the primal simplex used to walk
/// through every error the change touches.
final class DualAddTests: XCTestCase {
    /// The form workload's label column: labels hug (251) and resist compression (750) at their
    /// intrinsic widths, and all are made equally wide, one equality at a time. The column is the
    /// widest label.
    func testAligningLabelsTakesAFewPivotsPerLabel() throws {
        let n = 120
        let s = Solver()
        let column = try LabelColumn(s, count: n)
        let widths = column.widths, intrinsic = column.intrinsic
        let before = s.statistics.pivots
        for i in 1..<n {
            try s.add(widths[i].equals(widths[0]))
            try s.checkInvariants()
        }
        s.updateVariables()
        for w in widths { XCTAssertEqual(try s.value(of: w), intrinsic.max()!, accuracy: 1e-9) }
        // About one pivot per equality (the phase-1 route took ~n²/4 here).
        XCTAssertLessThan(s.statistics.pivots - before, 3 * n)
    }

    /// Labels as wide as the widest one come back every 80 rows here. Aligning one is a
    /// degenerate pivot (its equality already holds), and raising would enter by the widest
    /// label's slack, which every aligned label's rows mention; lowering enters by the label's
    /// own error. The shorter column is taken: 2,064 rows rewritten for 1,000 labels, where
    /// raising rewrote all of them every 80 labels (21,144; counted when the choice was added).
    func testATieWithTheWidestLabelRewritesOnlyItsOwnRows() throws {
        let n = 1_000
        let s = Solver()
        let widths = try LabelColumn(s, count: n).widths
        let before = s.tableau.rowsRewritten
        for i in 1..<n { try s.add(widths[i].equals(widths[0])) }
        try s.checkInvariants()
        XCTAssertLessThan(s.tableau.rowsRewritten - before, 5 * n)
        s.updateVariables()
        for w in widths { XCTAssertEqual(try s.value(of: w), 119, accuracy: 1e-9) }
    }

    /// The dual route's refusals: an equality that cannot hold is rejected with a minimal
    /// conflict, and the solver is as before.
    func testAViolatedEqualityThatCannotHoldIsRefused() throws {
        let s = Solver()
        let a = s.makeVariable(name: "a"), b = s.makeVariable(name: "b")
        let low = try s.add(a >= 10)
        let high = try s.add(b <= 5)
        try s.add(a == 20, priority: .defaultLow)
        try s.add(b == 0, priority: .defaultLow)
        let before = s.dump()
        XCTAssertThrowsError(try s.add(a.equals(b))) { error in
            guard case SolverError.unsatisfiable(_, let conflicts) = error else {
                return XCTFail("expected unsatisfiable, got \(error)")
            }
            XCTAssertEqual(Set(conflicts), [low, high])
        }
        XCTAssertEqual(s.dump(), before)
        // One that can: the optional constraints give way, the required ones hold.
        try s.add(a <= b + 6)
        s.updateVariables()
        XCTAssertGreaterThanOrEqual(try s.value(of: a), 10 - 1e-9)
        XCTAssertLessThanOrEqual(try s.value(of: b), 5 + 1e-9)
        XCTAssertLessThanOrEqual(try s.value(of: a) - s.value(of: b), 6 + 1e-9)
        try s.checkInvariants()
    }
}
