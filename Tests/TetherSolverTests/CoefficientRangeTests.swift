import XCTest
@testable import TetherSolver

/// Coefficients are 0 or between 1e-100 and 1e100 in magnitude (`Solver.coefficientMagnitudes`).
/// Beyond them the tableau's own factors leave what a Double can combine: fuzz-capi found
/// `5e-324·x` rows whose division made infinities and then NaN values, and a subnormal
/// coefficient given a new constant (`5e-324·left - 5e-324 == 0`, then 170) made every value NaN.
final class CoefficientRangeTests: XCTestCase {
    private func expectRefused(_ s: Solver, _ c: LinearConstraint, _ coefficient: Double,
                               file: StaticString = #filePath, line: UInt = #line) {
        let before = s.dump()
        XCTAssertThrowsError(try s.add(c), file: file, line: line) { error in
            XCTAssertEqual(error as? SolverError, .coefficientOutOfRange(coefficient), file: file, line: line)
            XCTAssertTrue("\(error)".contains("between 1e-100 and 1e100"), "\(error)", file: file, line: line)
        }
        XCTAssertEqual(s.dump(), before, file: file, line: line)
    }

    func testCoefficientsOutsideTheRangeAreRefused() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y")
        try s.add(y == 3)
        for c in [5e-324, -1e-310, 9.9e-101, 1.01e100, -1e200, 1.7e308] {
            expectRefused(s, c * x + y == 1, c)
        }
        // Two terms of one variable are summed first: the sum is what must be in range.
        expectRefused(s, 6e99 * x + 6e99 * x == 1, 1.2e100)
        expectRefused(s, 2e-100 * x - 1.995e-100 * x == 1, 2e-100 - 1.995e-100)
        XCTAssertNoThrow(try s.checkInvariants())
    }

    func testTheEdgesOfTheRangeAndZeroAreAccepted() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y"), z = s.makeVariable(name: "z")
        try s.add(1e-100 * x == 1)
        try s.add(1e100 * y == 2)
        try s.add(0 * x + z == 4)
        try s.add(x - x + z == 4)  // cancels to 0: the term goes
        s.updateVariables()
        XCTAssertEqual(try s.value(of: x), 1e100, accuracy: 1e86)
        XCTAssertEqual(try s.value(of: y), 2e-100, accuracy: 1e-114)
        XCTAssertEqual(try s.value(of: z), 4)
        XCTAssertNoThrow(try s.checkInvariants())
    }

    /// The smallest coefficient allowed, given a constant that puts its variable beyond any
    /// layout, still gives a finite, exact answer after later constant changes.
    func testTheSmallestCoefficientWithChangingConstants() throws {
        let system = try WindowSystem()
        let (s, left, width, window) = (system.solver, system.left, system.width, system.window)
        let (frame, preferred) = (system.frame, system.preferred)
        let tiny = try s.add(1e-100 * left - 1e-100 == 0)
        for k in [170.0, -61, 3] {
            try s.setConstant(k, of: tiny)
            try s.setConstant(-k, of: frame)
            try s.setConstant(-49, of: preferred)
            try s.suggestValue(k, for: window)
            s.updateVariables()
            XCTAssertEqual(try s.value(of: left), -k * 1e100, accuracy: 1e88)
            XCTAssertTrue(try s.value(of: width).isFinite)
            XCTAssertNoThrow(try s.checkInvariants())
        }
    }
}
