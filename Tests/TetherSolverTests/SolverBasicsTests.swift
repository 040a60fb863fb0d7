import XCTest
@testable import TetherSolver

/// A solver that checks its invariants after every operation the tests perform through it.
final class CheckedSolver {
    let solver = Solver()

    func variable(_ name: String = "") -> Variable { solver.makeVariable(name: name) }

    @discardableResult
    func add(_ c: LinearConstraint, _ p: Double = 1000, file: StaticString = #filePath, line: UInt = #line) throws -> Constraint {
        defer { assertInvariants(file: file, line: line) }
        return try solver.add(c, priority: try Priority(p))
    }

    func value(_ v: Variable) -> Double {
        solver.updateVariables()
        return try! solver.value(of: v)
    }

    func assertInvariants(file: StaticString = #filePath, line: UInt = #line) {
        do { try solver.checkInvariants() } catch {
            XCTFail("\(error)\n\(solver.dump())", file: file, line: line)
        }
    }
}

final class SolverBasicsTests: XCTestCase {
    func testSimpleEquality() throws {
        let s = CheckedSolver()
        let x = s.variable("x"), y = s.variable("y")
        try s.add(x == 10)
        try s.add(y == x + 5)
        XCTAssertEqual(s.value(x), 10, accuracy: 1e-9)
        XCTAssertEqual(s.value(y), 15, accuracy: 1e-9)
    }

    func testMakeVariablesInOneStepReusesFreedSlotsFirst() throws {
        let s = CheckedSolver()
        let kept = s.variable("kept"), freed = [s.variable("a"), s.variable("b")]
        try s.add(kept == 3)
        for v in freed { try s.solver.freeVariable(v) }
        var made: [Int: Variable] = [:]
        s.solver.makeVariables(count: 5) { i, v in made[i] = v }
        XCTAssertEqual(made.keys.sorted(), Array(0..<5))
        let all = (0..<5).map { made[$0]! }
        XCTAssertEqual(Set(all.map(\.rawValue)).count, 5)
        // The two freed slots come back first (new generations: the old ids stay invalid).
        XCTAssertEqual(Set(all[0..<2].map(\.index)), Set(freed.map(\.index)))
        for v in freed { XCTAssertFalse(s.solver.contains(variable: v)) }
        for v in all {
            XCTAssertTrue(s.solver.contains(variable: v))
            XCTAssertEqual(try s.solver.name(of: v), "")
        }
        try s.add(all[4] == kept + all[0])
        try s.add(all[0] == 2)
        XCTAssertEqual(s.value(all[4]), 5, accuracy: 1e-9)
        XCTAssertEqual(s.solver.statistics.variables, 6)
    }

    func testUnconstrainedVariablesAreZero() throws {
        let s = CheckedSolver()
        let x = s.variable(), y = s.variable()
        try s.add(x + y >= 0)
        XCTAssertEqual(s.value(x), 0)
        XCTAssertEqual(s.value(y), 0)
        let z = s.variable()
        XCTAssertEqual(s.value(z), 0)
    }

    func testInequalitiesAndOptionalPull() throws {
        let s = CheckedSolver()
        let x = s.variable("x")
        try s.add(x >= 10)
        try s.add(x <= 20)
        try s.add(x == 50, 500)
        XCTAssertEqual(s.value(x), 20, accuracy: 1e-9)
        let weak = try s.add(x == 0, 250)
        XCTAssertEqual(s.value(x), 20, accuracy: 1e-9, "priority 500 beats 250")
        try s.solver.remove(weak)
        s.assertInvariants()
        XCTAssertEqual(s.value(x), 20, accuracy: 1e-9)
    }

    /// autolayout-semantics.md §2.2: one constraint at 251 beats three at 250 (kiwi gets 100).
    func testStrictPriorityOrder() throws {
        let s = CheckedSolver()
        let x = s.variable("x")
        try s.add(x == 0, 251)
        for _ in 0..<3 { try s.add(x == 100, 250) }
        XCTAssertEqual(s.value(x), 0, accuracy: 1e-9)
    }

    func testFractionalPrioritiesAreDistinctLevels() throws {
        let s = CheckedSolver()
        let x = s.variable()
        for _ in 0..<5 { try s.add(x == 10, 999) }
        try s.add(x == 20, 999.5)
        XCTAssertEqual(s.value(x), 20, accuracy: 1e-9)
    }

    func testSumOfAbsoluteErrorsWithinALevel() throws {
        // Three pulls at one level: the L1 optimum is the median.
        let s = CheckedSolver()
        let x = s.variable()
        try s.add(x == 0, 500)
        try s.add(x == 10, 500)
        try s.add(x == 30, 500)
        XCTAssertEqual(s.value(x), 10, accuracy: 1e-9)
    }

    func testRemoveAndReAdd() throws {
        let s = CheckedSolver()
        let x = s.variable(), y = s.variable()
        let c1 = try s.add(x == 10)
        let c2 = try s.add(y == 2 * x)
        XCTAssertEqual(s.value(y), 20, accuracy: 1e-9)
        try s.solver.remove(c1)
        s.assertInvariants()
        XCTAssertFalse(s.solver.contains(c1))
        XCTAssertTrue(s.solver.contains(c2))
        try s.solver.add(c1)
        s.assertInvariants()
        XCTAssertEqual(s.value(y), 20, accuracy: 1e-9)
        XCTAssertThrowsError(try s.solver.add(c1)) { XCTAssertEqual($0 as? SolverError, .duplicateConstraint(c1)) }
        try s.solver.remove(c2)
        XCTAssertThrowsError(try s.solver.remove(c2)) { XCTAssertEqual($0 as? SolverError, .unknownConstraint(c2)) }
        s.assertInvariants()
    }

    func testBatchAddIsAtomic() throws {
        let s = CheckedSolver()
        let x = s.variable(), y = s.variable()
        try s.add(x == 1)
        let a = try s.solver.makeConstraint(y == 5)
        let b = try s.solver.makeConstraint(x == 2)  // conflicts with x == 1
        XCTAssertThrowsError(try s.solver.add(batch: [a, b])) { error in
            guard case .unsatisfiable(let rejected, _)? = error as? SolverError else { return XCTFail("\(error)") }
            XCTAssertEqual(rejected, b)
        }
        s.assertInvariants()
        XCTAssertFalse(s.solver.contains(a))
        XCTAssertEqual(s.value(y), 0)
        try s.solver.add(batch: [a])
        XCTAssertEqual(s.value(y), 5, accuracy: 1e-9)
        XCTAssertThrowsError(try s.solver.add(batch: [b, b])) { XCTAssertEqual($0 as? SolverError, .duplicateConstraint(b)) }
        // The second mention is the one reported, and the search leaves no mark behind: the same
        // constraints, each named once, go in afterwards.
        let c = try s.solver.makeConstraint(y >= 0), d = try s.solver.makeConstraint(y <= 10)
        XCTAssertThrowsError(try s.solver.add(batch: [c, d, d, c])) {
            XCTAssertEqual($0 as? SolverError, .duplicateConstraint(d))
        }
        try s.solver.add(batch: [d, c])
        s.assertInvariants()
        XCTAssertTrue(try s.solver.isAdded(c))
        XCTAssertTrue(try s.solver.isAdded(d))
    }

    func testSetConstantInPlace() throws {
        let s = CheckedSolver()
        let x = s.variable(), y = s.variable()
        let c = try s.add(x == 10)
        try s.add(y == x + 1)
        try s.add(y <= 100)
        try s.solver.setConstant(-30, of: c)  // x - 30 == 0
        s.assertInvariants()
        XCTAssertEqual(s.value(x), 30, accuracy: 1e-9)
        XCTAssertEqual(s.value(y), 31, accuracy: 1e-9)
        XCTAssertThrowsError(try s.solver.setConstant(-200, of: c)) { error in
            guard case .unsatisfiable(_, let conflicts)? = error as? SolverError else { return XCTFail("\(error)") }
            XCTAssertEqual(conflicts.count, 2)
        }
        s.assertInvariants()
        XCTAssertEqual(try s.solver.constant(of: c), -30)
        XCTAssertEqual(s.value(y), 31, accuracy: 1e-9)
    }

    func testSetConstantOfOptionalAndInequality() throws {
        let s = CheckedSolver()
        let x = s.variable()
        let lower = try s.add(x >= 0)
        let pull = try s.add(x == 40, 300)
        try s.solver.setConstant(-70, of: pull)
        s.assertInvariants()
        XCTAssertEqual(s.value(x), 70, accuracy: 1e-9)
        try s.solver.setConstant(-100, of: lower)  // x >= 100
        s.assertInvariants()
        XCTAssertEqual(s.value(x), 100, accuracy: 1e-9)
        try s.solver.setConstant(0, of: lower)
        s.assertInvariants()
        XCTAssertEqual(s.value(x), 70, accuracy: 1e-9)
    }

    func testSetPriority() throws {
        let s = CheckedSolver()
        let x = s.variable()
        let a = try s.add(x == 10, 300)
        let b = try s.add(x == 20, 200)
        XCTAssertEqual(s.value(x), 10, accuracy: 1e-9)
        try s.solver.setPriority(try Priority(400), of: b)
        s.assertInvariants()
        XCTAssertEqual(s.value(x), 20, accuracy: 1e-9)
        XCTAssertThrowsError(try s.solver.setPriority(.required, of: a)) { error in
            guard case .priorityMutation? = error as? SolverError else { return XCTFail("\(error)") }
        }
        try s.solver.remove(a)
        try s.solver.setPriority(.required, of: a)
        try s.solver.add(a)
        s.assertInvariants()
        XCTAssertEqual(s.value(x), 10, accuracy: 1e-9)
    }

    func testEditVariables() throws {
        let s = CheckedSolver()
        let width = s.variable("width"), left = s.variable("left"), right = s.variable("right")
        try s.add(left == 20)
        try s.add(right == width - 20)
        try s.add(right >= left)
        try s.solver.addEditVariable(width, priority: try Priority(999))
        XCTAssertThrowsError(try s.solver.addEditVariable(width, priority: try Priority(999)))
        XCTAssertThrowsError(try s.solver.addEditVariable(left, priority: .required)) {
            XCTAssertEqual($0 as? SolverError, .requiredEditVariable(left))
        }
        try s.solver.suggestValue(400, for: width)
        s.assertInvariants()
        XCTAssertEqual(s.value(right), 380, accuracy: 1e-9)
        try s.solver.suggestValue(10, for: width)  // too narrow: right >= left wins
        s.assertInvariants()
        XCTAssertEqual(s.value(right), 20, accuracy: 1e-9)
        XCTAssertEqual(s.value(width), 40, accuracy: 1e-9)
        try s.solver.suggestValue(1000, for: width)
        s.assertInvariants()
        XCTAssertEqual(s.value(right), 980, accuracy: 1e-9)
        XCTAssertThrowsError(try s.solver.suggestValue(.nan, for: width))
        XCTAssertThrowsError(try s.solver.suggestValue(1, for: left)) {
            XCTAssertEqual($0 as? SolverError, .unknownEditVariable(left))
        }
        try s.solver.removeEditVariable(width)
        s.assertInvariants()
        XCTAssertFalse(s.solver.hasEditVariable(width))
        XCTAssertThrowsError(try s.solver.removeEditVariable(width))
    }

    func testValuesPublishedOnlyOnUpdate() throws {
        let s = Solver()
        let x = s.makeVariable()
        try s.add(x == 7)
        XCTAssertEqual(try s.value(of: x), 0)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: x), 7)
        XCTAssertEqual(try s.values(of: [x, x]), [7, 7])
    }

    func testResetKeepsIds() throws {
        let s = CheckedSolver()
        let x = s.variable()
        let c = try s.add(x == 3)
        try s.solver.addEditVariable(x, priority: .defaultLow)
        s.solver.reset()
        s.assertInvariants()
        XCTAssertEqual(s.value(x), 0)
        XCTAssertFalse(s.solver.contains(c))
        XCTAssertFalse(s.solver.hasEditVariable(x))
        try s.solver.add(c)
        XCTAssertEqual(s.value(x), 3, accuracy: 1e-9)
        XCTAssertEqual(s.solver.statistics.addedConstraints, 1)
    }

    func testDeterminism() throws {
        func run() throws -> [Double] {
            let s = Solver()
            let vs = (0..<6).map { _ in s.makeVariable() }
            for i in 1..<6 { try s.add(vs[i] >= vs[i - 1] + 10, priority: try Priority(Double(100 + i))) }
            try s.add(vs[5] <= 30)
            try s.add(vs[0] >= 0)
            try s.add(vs[2] == 100, priority: .defaultLow)
            s.updateVariables()
            return try s.values(of: vs)
        }
        XCTAssertEqual(try run(), try run())
    }

    func testDumpMentionsRows() throws {
        let s = Solver()
        let x = s.makeVariable(name: "left")
        let y = s.makeVariable(name: "right")
        try s.add(x == 4)
        // `left` is fresh: its equality is a definition; the inequality puts `right` in a row.
        try s.add(y >= 10)
        XCTAssertTrue(s.dump().contains("x:left := 4.0"), s.dump())
        XCTAssertTrue(s.dump().contains("x:right = 10.0"), s.dump())
        // Mentioned by a tableau constraint, a definition becomes the row it stands for.
        try s.add(y >= x + 10)
        XCTAssertTrue(s.dump().contains("x:left = 4.0"), s.dump())
    }

    func testStatistics() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(x == 1)
        let c = try s.makeConstraint(y.equals(x))
        XCTAssertEqual(s.statistics.variables, 2)
        XCTAssertEqual(s.statistics.constraints, 2)
        XCTAssertEqual(s.statistics.addedConstraints, 1)
        try s.add(c)
        XCTAssertEqual(s.statistics.addedConstraints, 2)
        // Both are required equalities with a fresh variable: definitions, no rows.
        XCTAssertEqual(s.statistics.definitions, 2)
        XCTAssertEqual(s.statistics.rows, 0)
        try s.add(x + y <= 10)
        // The inequality mentions both: both definitions became rows, and it has its own.
        XCTAssertEqual(s.statistics.definitions, 0)
        XCTAssertEqual(s.statistics.rows, 3)
    }
}

/// Numerical regressions: zero tests used to be absolute, so legitimate small coefficients were
/// dropped (a row solved for a variable with coefficient 1e9, products of 0.01 and 100).
final class SolverNumericsTests: XCTestCase {
    func testLargeCoefficientKeepsSmallCells() throws {
        let s = Solver()
        let x = s.makeVariable()
        try s.add(1e9 * x == 1)
        try assertSolved(s, [x: 1e-9], accuracy: 1e-20)
    }

    func testSmallCoefficientIsNotZero() throws {
        let s = Solver()
        let y = s.makeVariable()
        try s.add(1e-9 * y >= 1)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: y), 1e9, accuracy: 1e-3)
        try s.checkInvariants()
    }

    /// Removing one of two identical required equalities while an optional constraint pulls the
    /// other way: the copy must stay in force (found by the Python LP-reference test).
    func testRemovingOneOfTwoIdenticalRequiredConstraints() throws {
        let s = Solver()
        let x = s.makeVariable()
        let c0 = try s.add(x == 1)
        try s.add(x <= 0, priority: try Priority(750))
        try s.add(x == 1)
        try s.remove(c0)
        try assertSolved(s, [x: 1], accuracy: 1e-12)
    }

    func testMixedScalesKeepRequiredConstraints() throws {
        let s = Solver()
        let x = (0..<5).map { s.makeVariable(name: "x\($0)") }
        try s.add(0.01 * x[4] - x[0] <= 0)
        try s.add(-100 * x[1] <= 0)
        try s.add(0.01 * x[1] - x[2] <= 0)
        try s.add(-1 * x[2] - x[3] - 100 * x[4] + 1 <= 0)
        try s.add(-1 * x[0] - 100 * x[3] <= 0)
        try s.add(-1 * x[0] == 0)
        try s.checkInvariants()
        s.updateVariables()
        let v = try s.values(of: x)
        XCTAssertLessThanOrEqual(-v[0] - 100 * v[3], 1e-9)
    }
}

/// Every bad input is a clear error that leaves the solver usable.
final class SolverErrorTests: XCTestCase {
    func testBadInputs() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x")
        let other = Solver()
        let foreign = other.makeVariable()
        XCTAssertThrowsError(try s.add(foreign == 1)) { XCTAssertEqual($0 as? SolverError, .invalidVariable(foreign)) }
        XCTAssertThrowsError(try s.add(LinearConstraint(LinearExpression([Term(x, .nan)]), .equal))) {
            guard case .nonFinite? = $0 as? SolverError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try s.add(x == .infinity)) {
            guard case .nonFinite? = $0 as? SolverError else { return XCTFail("\($0)") }
        }
        for p in [0.0, -1, 1000.5, .nan, .infinity] {
            XCTAssertThrowsError(try Priority(p)) { error in
                guard case .invalidPriority(let got)? = error as? SolverError else { return XCTFail("\(error)") }
                XCTAssertTrue(got == p || (got.isNaN && p.isNaN))
            }
        }
        let c = try s.makeConstraint(x >= 3)
        XCTAssertThrowsError(try s.freeVariable(x)) { XCTAssertEqual($0 as? SolverError, .variableInUse(x)) }
        try s.freeConstraint(c)
        XCTAssertThrowsError(try s.add(c)) { XCTAssertEqual($0 as? SolverError, .invalidConstraint(c)) }
        XCTAssertThrowsError(try s.setConstant(1, of: c)) { XCTAssertEqual($0 as? SolverError, .invalidConstraint(c)) }
        try s.freeVariable(x)
        XCTAssertThrowsError(try s.value(of: x)) { XCTAssertEqual($0 as? SolverError, .invalidVariable(x)) }
        let y = s.makeVariable()  // reuses x's slot with a new generation
        XCTAssertNotEqual(x, y)
        XCTAssertThrowsError(try s.value(of: x))
        try s.add(y == 4)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: y), 4)
        try s.checkInvariants()
        XCTAssertEqual(SolverError.invalidPriority(0).description,
                       "invalid priority 0.0: priorities must be greater than 0 and at most 1000 (required)")
    }
}


/// The range of a variable over all optimal solutions (the basis of ambiguity checks).
final class OptimalFaceTests: XCTestCase {
    func testDeterminedVariableHasAPointRange() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(x == 10)
        try s.add(y == x + 5)
        let before = s.dump()
        let r = try s.valueRange(of: y)
        XCTAssertEqual(r.lower, 15, accuracy: 1e-9)
        XCTAssertEqual(r.upper, 15, accuracy: 1e-9)
        XCTAssertEqual(s.dump(), before, "the solver is left exactly as it was")
    }

    func testFreeAndBoundedRanges() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(x >= 10)
        try s.add(x <= 30)
        XCTAssertEqual(try s.valueRange(of: x).lower, 10, accuracy: 1e-9)
        XCTAssertEqual(try s.valueRange(of: x).upper, 30, accuracy: 1e-9)
        let free = try s.valueRange(of: y)
        XCTAssertEqual(free.lower, -.infinity)
        XCTAssertEqual(free.upper, .infinity)
        try s.checkInvariants()
    }

    func testOptionalLevelsNarrowTheRange() throws {
        let s = Solver()
        let x = s.makeVariable()
        try s.add(x >= 0)
        try s.add(x <= 100)
        try s.add(x == 40, priority: try Priority(250))
        XCTAssertEqual(try s.valueRange(of: x).lower, 40, accuracy: 1e-9)
        XCTAssertEqual(try s.valueRange(of: x).upper, 40, accuracy: 1e-9)
        // Two equal pulls: every value between them is optimal (L1), so x is ambiguous.
        try s.add(x == 60, priority: try Priority(250))
        let r = try s.valueRange(of: x)
        XCTAssertEqual(r.lower, 40, accuracy: 1e-9)
        XCTAssertEqual(r.upper, 60, accuracy: 1e-9)
        try s.checkInvariants()
    }

    func testTwoViewsSharingSpace() throws {
        // a.left = 0, b.right = 100, a.right + 10 = b.left, widths free but >= 0: ambiguous split.
        let s = Solver()
        let (aw, _, bw) = try makeTwoViewsSharingSpace(s)
        let r = try s.valueRange(of: aw)
        XCTAssertEqual(r.lower, 0, accuracy: 1e-9)
        XCTAssertEqual(r.upper, 90, accuracy: 1e-9)
        try s.add(aw.equals(bw))
        XCTAssertEqual(try s.valueRange(of: aw).upper - (try s.valueRange(of: aw).lower), 0, accuracy: 1e-9)
    }
}

final class ExtremeSolutionTests: XCTestCase {
    func testExtremeSolutionsStayOptimalAndFeasible() throws {
        let s = Solver()
        let (aw, bl, bw) = try makeTwoViewsSharingSpace(s)
        let before = s.dump()
        let high = try s.extremeSolution(of: aw, maximizing: true)
        XCTAssertEqual(high[aw]!, 90, accuracy: 1e-9)
        XCTAssertEqual(high[bl]!, 100, accuracy: 1e-9)
        XCTAssertEqual(high[bw]!, 0, accuracy: 1e-9)
        let low = try s.extremeSolution(of: aw, maximizing: false)
        XCTAssertEqual(low[aw]!, 0, accuracy: 1e-9)
        XCTAssertEqual(low[bw]!, 90, accuracy: 1e-9)
        XCTAssertEqual(s.dump(), before)
    }

    func testUnboundedSideStepsAlongTheFreeDirection() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(y == x + 5)
        let up = try s.extremeSolution(of: x, maximizing: true, step: 100)
        XCTAssertEqual(up[y]! - up[x]!, 5, accuracy: 1e-9, "the constraint still holds")
        XCTAssertNotEqual(up[x]!, 0)
        XCTAssertThrowsError(try s.extremeSolution(of: x, maximizing: true, step: .nan))
    }
}
