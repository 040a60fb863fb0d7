import XCTest
@testable import TetherSolver

/// Subnormal coefficients (5e-324, the smallest Double) are finite and accepted; the tableau must
/// not divide by them into infinities (then NaN values) nor keep cells that underflowed to 0.
/// fuzz-capi found both (Fuzz/regressions/capi/capi-crash-650683ac…: "row 8 keeps a zero cell").
final class SubnormalCoefficientTests: XCTestCase {
    private func values(_ s: Solver, _ vs: [Variable]) throws -> [Double] {
        s.updateVariables()
        return try s.values(of: vs)
    }

    /// A cell scaled by 1/2 when its row is solved underflows to 0: it must leave the row.
    func testUnderflowedCellsLeaveTheRow() throws {
        let s = Solver()
        let left = s.makeVariable(name: "left"), width = s.makeVariable(name: "width")
        let window = s.makeVariable(name: "window")
        try s.add(window == left + width + 20)
        try s.add(width == 100, priority: try Priority(250))
        try s.addEditVariable(window, priority: try Priority(999))
        try s.add(5e-324 * window + 2 * width == 55, priority: try Priority(999))
        XCTAssertNoThrow(try s.checkInvariants())
        try s.suggestValue(300, for: window)
        XCTAssertEqual(try values(s, [window, width, left]), [300, 27.5, 252.5])
        XCTAssertNoThrow(try s.checkInvariants())
    }

    /// A subnormal coefficient is never the one a row is solved for.
    func testNoSubjectWithASubnormalCoefficient() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y")
        try s.add(5e-324 * x + y == 1)
        try s.add(y == 1)
        XCTAssertEqual(try values(s, [x, y]), [0, 1])
        XCTAssertNoThrow(try s.checkInvariants())
        try s.add(1e-300 * x == 1)  // small but normal: x = 1e300 is representable
        let after = try values(s, [x, y])
        XCTAssertEqual(after[0], 1e300, accuracy: 1e286)
        XCTAssertEqual(after[1], 1)
        XCTAssertNoThrow(try s.checkInvariants())
    }

    /// x would have to be 2e323, beyond Double: refused (nothing else to say about it), and the
    /// solver stays as it was.
    func testUnrepresentableSolutionIsRefused() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y")
        try s.add(y == 3)
        XCTAssertThrowsError(try s.add(5e-324 * x == 1))
        XCTAssertEqual(try values(s, [x, y]), [0, 3])
        XCTAssertNoThrow(try s.checkInvariants())
    }
}
