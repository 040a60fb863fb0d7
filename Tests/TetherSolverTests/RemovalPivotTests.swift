import XCTest
@testable import TetherSolver

/// Removing a constraint pivots its marker into the basis over a row that keeps every restricted
/// row feasible (`markerLeavingRow`).
final class RemovalPivotTests: XCTestCase {
    /// `1.98e79·window == 0` is beyond the row scale's clamp (2^±64), so its marker's column is
    /// about 9e-61 in every row. Taken for rounding noise, the restricted row was passed over,
    /// the pivot went through `left`'s row and left the edit's error row at -120, queued and
    /// infeasible, under a primal optimisation (fuzz-capi, seed 7 of `make test-fuzz`; input
    /// `Fuzz/regressions/capi/capi-crash-ae0fb61f…`).
    func testAMarkerColumnSmallThroughoutIsNotTakenForNoise() throws {
        let w = try WindowSystem()
        let s = w.solver
        try s.suggestValue(300, for: w.window)
        let pin = try s.add(1.9823538870378737e+79 * w.window == 0)
        try s.checkInvariants()
        s.updateVariables()
        XCTAssertEqual(try s.value(of: w.window), 0, accuracy: 1e-9)
        try s.remove(pin)
        XCTAssertNoThrow(try s.checkInvariants())
        s.updateVariables()
        XCTAssertEqual(try s.value(of: w.window), 300, accuracy: 1e-9, "the edit holds the window again")
        XCTAssertEqual(try s.value(of: w.width), 100, accuracy: 1e-9)
        XCTAssertEqual(try s.value(of: w.left), 180, accuracy: 1e-9)
    }

    /// As fuzz-capi met it: the window never suggested, so the edit holds it at 0.
    func testRemovingTheHugePinWithoutASuggestion() throws {
        let w = try WindowSystem()
        let pin = try w.solver.add(1.9823538870378737e+79 * w.window == 0)
        try w.solver.remove(pin)
        XCTAssertNoThrow(try w.solver.checkInvariants())
    }
}
