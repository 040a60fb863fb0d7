import XCTest
@testable import TetherSolver

/// An edit variable added after the constraints it drives enters pinned at its current value
/// and moves to its target by the dual simplex (`addToTableau(_:pinned:)`). These tests check
/// that it reaches the same optimum as an edit variable added first, suggested or not.
final class LateEditTests: XCTestCase {
    typealias Edit = (variable: Int, priority: Double, value: Double?)

    /// `x`'s row holds only restricted symbols (an error pair and a slack), so the pinned row's
    /// subject comes from the dual ratio test, not from an external.
    func testAnEditOnAVariableSetByOptionalConstraintsReachesItsTarget() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(x >= 10)
        try s.add(x == 50, priority: try Priority(500))
        try s.add(y == x + 5)
        try s.add(y <= 90, priority: try Priority(750))
        s.updateVariables()
        XCTAssertEqual(try s.value(of: x), 50)
        try s.addEditVariable(x, priority: try Priority(999))
        // Unsuggested, the edit wants x == 0: the required x >= 10 stops it.
        try assertSolved(s, [x: 10, y: 15])
        try s.suggestValue(120, for: x)
        try assertSolved(s, [x: 120, y: 125])
        try s.removeEditVariable(x)
        try assertSolved(s, [x: 50])
    }

    /// A row that already holds needs no pivot: its subject keeps the tableau optimal. (With any
    /// other subject the primal simplex would have to pivot to repair the objective.)
    func testAPinnedRowThatHoldsTakesNoPivot() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(x >= -10)
        try s.add(x == 0, priority: try Priority(500))
        try s.add(y == 2 * x + 7, priority: try Priority(250))
        try s.add(y >= 3, priority: try Priority(750))
        let before = s.statistics.pivots
        try s.addEditVariable(x, priority: try Priority(999))
        XCTAssertEqual(s.statistics.pivots, before)
        try assertSolved(s, [x: 0], accuracy: 0)
    }

    /// Random programs: the edit variables (some suggested, some not) added after every
    /// constraint reach the same objective, level by level, as when added before them.
    func testEditsLastReachTheOptimumOfEditsFirst() throws {
        var rng = SplitMix64(seed: 2026)
        let priorities: [Double] = [1000, 1000, 900, 750, 500, 250, 1]
        var compared = 0
        for trial in 0..<300 {
            let n = Int.random(in: 3...7, using: &rng)
            var specs: [ConstraintSpec] = []
            for _ in 0..<Int.random(in: 3...12, using: &rng) {
                var terms: [(Int, Double)] = []
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let c = Double(Int.random(in: -3...3, using: &rng))
                    terms.append((Int.random(in: 0..<n, using: &rng), c == 0 ? 1 : c))
                }
                let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
                specs.append((terms, Double(Int.random(in: -50...50, using: &rng)),
                              relations[Int.random(in: 0..<3, using: &rng)],
                              priorities[Int.random(in: 0..<priorities.count, using: &rng)]))
            }
            // Bound every variable so that no optimum runs off to infinity.
            for v in 0..<n { specs.append(([(v, 1)], -200, .lessThanOrEqual, 1000)) }
            for v in 0..<n { specs.append(([(v, 1)], 200, .greaterThanOrEqual, 1000)) }
            var edits: [Edit] = []
            for v in 0..<n where Int.random(in: 0..<3, using: &rng) == 0 {
                let suggested: Double? = Bool.random(using: &rng) ? Double(Int.random(in: -150...150, using: &rng)) : nil
                edits.append((v, Double(Int.random(in: 2...999, using: &rng)), suggested))
            }
            if edits.isEmpty { edits.append((0, 999, trial % 2 == 0 ? 75 : nil)) }

            let first = try solve(n: n, specs: specs, edits: edits, editsFirst: true)
            let last = try solve(n: n, specs: specs, edits: edits, editsFirst: false)
            // Edits are optional: they never change which required constraints are accepted.
            XCTAssertEqual(first.accepted.count, last.accepted.count)
            let editSpecs: [ConstraintSpec] = edits.map { ([($0.variable, 1)], -($0.value ?? 0), .equal, $0.priority) }
            let all = first.accepted + editSpecs
            let a = priorityErrors(all, values: first.values)
            let b = priorityErrors(all, values: last.values)
            XCTAssertLessThan(a.required, 1e-6)
            XCTAssertLessThan(b.required, 1e-6)
            for level in Set(a.perLevel.keys).union(b.perLevel.keys) {
                XCTAssertEqual(a.perLevel[level] ?? 0, b.perLevel[level] ?? 0, accuracy: 1e-6,
                               "trial \(trial), level \(level)")
            }
            compared += 1
        }
        XCTAssertEqual(compared, 300)
    }

        /// Solves `specs` over `n` variables with `edits` added before or after them; returns the
    /// values and the constraints accepted (in order).
    private func solve(n: Int, specs: [ConstraintSpec], edits: [Edit], editsFirst: Bool) throws -> (values: [Double], accepted: [ConstraintSpec]) {
            let s = Solver()
            let vars = (0..<n).map { _ in s.makeVariable() }
            func addEdits() throws {
                for e in edits {
                    try s.addEditVariable(vars[e.variable], priority: try Priority(e.priority))
                    if let value = e.value { try s.suggestValue(value, for: vars[e.variable]) }
                    try s.checkInvariants()
                }
            }
            if editsFirst { try addEdits() }
            var accepted: [ConstraintSpec] = []
            for spec in specs {
                let e = LinearExpression(spec.terms.map { Term(vars[$0.0], $0.1) }, constant: spec.constant)
                let priority = spec.priority >= 1000 ? Priority.required : try Priority(spec.priority)
                let result = Result { () throws(SolverError) in try s.add(LinearConstraint(e, spec.relation), priority: priority) }
                switch result {
                case .success: accepted.append(spec)
                case .failure(let error):
                    guard case .unsatisfiable = error else { throw error }
                }
            }
            if !editsFirst { try addEdits() }
            try s.checkInvariants()
            s.updateVariables()
            return (try s.values(of: vars), accepted)
        }
}
