import XCTest
import TetherTestSupport
@testable import TetherSolver

/// Finite inputs whose solution is not finite (issue 20, item 8): the add fails with
/// `.overflow` and the solver is exactly as it was (its dump), so later calls work.
final class OverflowTests: XCTestCase {
    private func expectOverflow(_ s: Solver, _ c: Constraint, file: StaticString = #filePath, line: UInt = #line) {
        let before = s.dump()
        XCTAssertThrowsError(try s.add(c), file: file, line: line) { error in
            XCTAssertEqual(error as? SolverError, .overflow(c), file: file, line: line)
        }
        XCTAssertEqual(s.dump(), before, "the failed add changed the solver", file: file, line: line)
        XCTAssertFalse(s.contains(c), file: file, line: line)
        XCTAssertNoThrow(try s.checkInvariants(), file: file, line: line)
    }

    /// The issue's case: `x == 1.7e308`, then `y == x + x` at priority 500 (it raised an
    /// internal error and stayed added; every later add failed).
    func testAnOptionalConstraintThatOverflowsIsNotAdded() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y")
        try s.add(try s.makeConstraint(LinearExpression([Term(x, 1)], constant: -1.7e308), .equal))
        let doubled = try s.makeConstraint(LinearExpression([Term(y, 1), Term(x, -2)]), .equal, priority: Priority(500))
        expectOverflow(s, doubled)
        // The solver still works: another constraint is added and solved.
        let z = s.makeVariable(name: "z")
        try s.add(try s.makeConstraint(LinearExpression([Term(z, 1)], constant: -3), .equal))
        s.updateVariables()
        XCTAssertEqual(try s.value(of: z), 3)
        XCTAssertEqual(try s.value(of: x), 1.7e308)
    }

    /// The same as a required constraint whose `y` is fresh (it became a definition whose
    /// value was infinite).
    func testARequiredConstraintThatOverflowsIsNotAdded() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y")
        try s.add(try s.makeConstraint(LinearExpression([Term(x, 1)], constant: -1.7e308), .equal))
        expectOverflow(s, try s.makeConstraint(LinearExpression([Term(y, 1), Term(x, -2)]), .equal))
        // In a batch with others, none of the batch is added.
        let z = s.makeVariable(name: "z")
        let fine = try s.makeConstraint(LinearExpression([Term(z, 1)], constant: -3), .equal)
        let bad = try s.makeConstraint(LinearExpression([Term(y, 1), Term(x, 4)]), .greaterThanOrEqual)
        let before = s.dump()
        XCTAssertThrowsError(try s.add(batch: [fine, bad]))
        XCTAssertEqual(s.dump(), before)
        XCTAssertFalse(s.contains(fine))
    }

    /// Random systems over numbers up to 1e308: every add either succeeds, leaving every value
    /// finite, or fails (unsatisfiable or overflowing, never an internal error) leaving the dump
    /// as it was. (The invariant check is not asked: with 1 and 1e300 in one constraint its
    /// absolute tolerance cannot hold, while the solution is as exact as doubles allow.)
    func testRandomLargeSystemsNeverLeaveAFailedAddBehind() throws {
        var rng = SeededGenerator(seed: 0x0F10_2020)
        let magnitudes: [Double] = [1, 1e3, 1e150, 1e300, 1.7e308]
        // Coefficients are refused beyond 1e100 (CoefficientRangeTests): the large ones go to
        // the constants.
        let coefficientMagnitudes: [Double] = [1, 1e3, 1e50, 1e99, 1e100]
        for round in 0..<120 {
            let s = Solver()
            let vars = (0..<4).map { s.makeVariable(name: "v\($0)") }
            for _ in 0..<8 {
                let count = rng.int(1...3)
                let terms = (0..<count).map { _ in
                    Term(vars[rng.int(0...3)], (rng.chance(0.5) ? -1 : 1) * coefficientMagnitudes[rng.int(0...4)])
                }
                let constant = (rng.chance(0.5) ? -1 : 1) * magnitudes[rng.int(0...4)]
                let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.int(0...2)]
                let priority = try Priority([1000, 1000, 750, 250][rng.int(0...3)])
                // Two terms of one variable may sum beyond ±1.8e308: refused when made (a test elsewhere).
                guard let c = try? s.makeConstraint(LinearExpression(terms, constant: constant), relation,
                                                    priority: priority) else { continue }
                let before = s.dump()
                let failure: SolverError?
                do throws(SolverError) {
                    try s.add(c)
                    failure = nil
                } catch {
                    failure = error
                }
                switch failure {
                case nil:
                    s.updateVariables()
                    for v in vars {
                        XCTAssertTrue(try s.value(of: v).isFinite, "round \(round): \(v) is not finite")
                    }
                case .overflow?, .unsatisfiable?:
                    XCTAssertEqual(s.dump(), before, "round \(round): a failed add changed the solver")
                case let other?:
                    XCTFail("round \(round): \(other)")
                }
            }
        }
    }

    // MARK: Constant changes and suggestions

    /// A change that overflows is refused with `.changeOverflows` and changes nothing; the solver
    /// answers as before and goes on working.
    private func expectChangeRefused(_ s: Solver, _ what: String, _ change: () throws -> Void,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        s.updateVariables()
        let before = s.dump()
        XCTAssertThrowsError(try change(), file: file, line: line) { error in
            guard case .changeOverflows(let described, _)? = error as? SolverError else {
                return XCTFail("\(error)", file: file, line: line)
            }
            XCTAssertTrue(described.contains(what), described, file: file, line: line)
        }
        XCTAssertEqual(s.dump().replacingOccurrences(of: #"\d+ pivots"#, with: "", options: .regularExpression),
                       before.replacingOccurrences(of: #"\d+ pivots"#, with: "", options: .regularExpression),
                       file: file, line: line)
        XCTAssertNoThrow(try s.checkInvariants(), file: file, line: line)
    }

    /// The case the first version left open: after `y == 2x`, suggesting x = 1.7e308 made y
    /// infinite.
    func testASuggestionThatOverflowsIsRefused() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y"), z = s.makeVariable(name: "z")
        try s.add(y == 2 * x)
        try s.addEditVariable(x, priority: Priority(500))
        try s.suggestValue(7, for: x)
        try expectChangeRefused(s, "suggested value for variable") { try s.suggestValue(1.7e308, for: x) }
        s.updateVariables()
        XCTAssertEqual(try s.values(of: [x, y]), [7, 14])
        try s.suggestValue(8, for: x)
        try s.add(z == 3)
        s.updateVariables()
        XCTAssertEqual(try s.values(of: [x, y, z]), [8, 16, 3])
    }

    /// A constant that overflows through a large coefficient, for a required and for an
    /// optional constraint.
    func testAConstantThatOverflowsIsRefused() throws {
        for priority in [Priority.required, try Priority(750)] {
            let s = Solver()
            let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y")
            try s.add(y == 1e100 * x)
            let pin = try s.add(x == 2, priority: priority)
            try expectChangeRefused(s, "constant of constraint") { try s.setConstant(-1e250, of: pin) }
            s.updateVariables()
            XCTAssertEqual(try s.values(of: [x, y]), [2, 2e100])
            try s.setConstant(-3, of: pin)
            s.updateVariables()
            XCTAssertEqual(try s.value(of: x), 3)
            XCTAssertEqual(try s.value(of: y), 3e100, accuracy: 1e86)
        }
    }
}
