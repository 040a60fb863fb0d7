import XCTest
@testable import TetherSolver

/// A constant that goes from huge to small cancels the huge parts of the rows it shifted; the
/// solver must then rebuild them from the exact constants (Solver+Rebuild.swift) instead of
/// keeping rounding noise. fuzz-capi found the first case: window == left + width + 20 stopped
/// holding by 120 after a suggestion of 8e107 and one of 121
/// (Fuzz/regressions/capi/capi-crash-8342213b…).
final class CancellationTests: XCTestCase {
    /// window == left + width + 20 (required), width == 100 at 250, window an edit variable.
    private func windowSystem() throws -> (Solver, window: Variable, left: Variable, width: Variable) {
        let s = Solver()
        let window = s.makeVariable(name: "window"), left = s.makeVariable(name: "left")
        let width = s.makeVariable(name: "width")
        try s.add(window == left + width + 20)
        try s.add(width == 100, priority: try Priority(250))
        try s.addEditVariable(window, priority: try Priority(999))
        return (s, window, left, width)
    }

    private func values(_ s: Solver, _ vs: [Variable]) throws -> [Double] {
        s.updateVariables()
        return try s.values(of: vs)
    }

    func testSuggestionBackFromHugeValue() throws {
        let (s, window, left, width) = try windowSystem()
        for value in [22102, 8.10321729761992e+107, 121] { try s.suggestValue(value, for: window) }
        XCTAssertEqual(try values(s, [window, left, width]), [121, 1, 100])
        XCTAssertNoThrow(try s.checkInvariants())
        // And on from there, incrementally.
        try s.suggestValue(300, for: window)
        XCTAssertEqual(try values(s, [window, left, width]), [300, 180, 100])
        XCTAssertNoThrow(try s.checkInvariants())
    }

    func testConstantBackFromHugeValue() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y")
        let pin = try s.add(x == 5)
        try s.add(y == x + 7)
        let optional = try s.add(y == 1e300, priority: try Priority(10))
        try s.setConstant(-1e300, of: pin)  // x == 1e300
        try s.setConstant(-3, of: pin)      // x == 3
        try s.setConstant(-1e-300, of: optional)
        XCTAssertEqual(try values(s, [x, y]), [3, 10])
        XCTAssertNoThrow(try s.checkInvariants())
    }

    func testRequiredConstantThatConflictsAfterHugeValue() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x")
        let pin = try s.add(x == 1e200)
        let floor = try s.add(x >= 10)
        // x == 3 cannot hold with x >= 10: refused, nothing changes, the conflict names the floor.
        XCTAssertThrowsError(try s.setConstant(-3, of: pin)) { error in
            guard case SolverError.unsatisfiable(let c, let conflicts) = error else {
                return XCTFail("expected unsatisfiable, got \(error)")
            }
            XCTAssertEqual(c, pin)
            XCTAssertEqual(conflicts, [floor])
        }
        XCTAssertEqual(try s.constant(of: pin), -1e200)
        XCTAssertEqual(try values(s, [x]), [1e200])
        try s.setConstant(-12, of: pin)
        XCTAssertEqual(try values(s, [x]), [12])
        XCTAssertNoThrow(try s.checkInvariants())
    }

    func testRemovingHugeConstraints() throws {
        let (s, window, left, width) = try windowSystem()
        try s.suggestValue(500, for: window)
        let huge = try s.add(left == 1e250, priority: try Priority(999.5))
        XCTAssertEqual(try values(s, [window, left, width]), [500, 1e250, -1e250])
        try s.remove(huge)
        XCTAssertEqual(try values(s, [window, left, width]), [500, 380, 100])
        XCTAssertNoThrow(try s.checkInvariants())

        try s.suggestValue(-7e220, for: window)
        try s.removeEditVariable(window)
        try s.add(window == 320)
        XCTAssertEqual(try values(s, [window, left, width]), [320, 200, 100])
        XCTAssertNoThrow(try s.checkInvariants())
    }

    /// An add that cancels a huge suggestion: with window suggested at -1e300, the required
    /// 20·window + 20 == 0 wrote rows of -1e300 + 1e300 and left window == left + width + 23
    /// broken by 123 (fuzz-capi, Fuzz/regressions/capi/capi-crash-1df8fdb8…, found when the
    /// paired bounds changed the fuzzer's path).
    func testAddingARequiredConstraintBackFromAHugeSuggestion() throws {
        let s = Solver()
        let window = s.makeVariable(name: "window"), left = s.makeVariable(name: "left")
        let width = s.makeVariable(name: "width")
        let link = try s.add(window == left + width + 20)
        try s.add(width == 100, priority: try Priority(250))
        try s.addEditVariable(window, priority: try Priority(999))
        try s.setConstant(-23, of: link)
        for value in [100, 33, -1e300] { try s.suggestValue(value, for: window) }
        try s.add(20 * window + 20 == 0)
        XCTAssertNoThrow(try s.checkInvariants())
        XCTAssertEqual(try values(s, [window, left, width]), [-1, -124, 100])
    }
}
