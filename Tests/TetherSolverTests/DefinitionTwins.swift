import XCTest
@testable import TetherSolver

/// Two solvers fed the same random constraints for differential tests: by default the first
/// eliminates definitions and the second keeps every constraint in the tableau (plain
/// Cassowary); `PairedBoundsTests` compares a solver that pairs bounds with one that does not.
/// Index 0 or 1 in `solvers`, `variables` and `handles` picks one of them.
final class DefinitionTwins {
    let solvers: [Solver]
    /// `variableCount` variables per solver, named v0, v1, … and made in the same order in both.
    let variables: [[Variable]]
    /// The constraints fed to both, in order (the tests keep them as the solvers' constraints
    /// change), and `handles[k][i]`, solver k's handle of `specs[i]` (nil where the test has none).
    var specs: [ConstraintSpec] = []
    var handles: [[Constraint?]] = [[], []]

    init(variableCount: Int, solvers: [Solver] = [Solver(), Solver(eliminatingDefinitions: false)]) {
        self.solvers = solvers
        variables = solvers.map { s in (0..<variableCount).map { s.makeVariable(name: "v\($0)") } }
    }

    /// Twins with a number of variables drawn from `counts` by `rng`.
    convenience init(variableCounts counts: ClosedRange<Int>, using rng: inout SplitMix64,
                     solvers: [Solver] = [Solver(), Solver(eliminatingDefinitions: false)]) {
        self.init(variableCount: Int.random(in: counts, using: &rng), solvers: solvers)
    }

    /// How many variables each solver has.
    var variableCount: Int { variables[0].count }

    /// Records `spec` and adds it to both solvers; a solver that rejects it gets a nil handle.
    func addToBoth(_ spec: ConstraintSpec) {
        specs.append(spec)
        for k in 0..<2 {
            handles[k].append(try? solvers[k].add(constraint(spec, in: k), priority: Priority(spec.priority)))
        }
    }

    /// `spec` over solver `k`'s variables, as a constraint of its own (not added).
    func constraint(_ spec: ConstraintSpec, in k: Int) -> LinearConstraint {
        let e = LinearExpression(spec.terms.map { Term(variables[k][$0.0], $0.1) }, constant: spec.constant)
        return LinearConstraint(e, spec.relation)
    }

    /// Removes the constraint of `specs[index]` from both solvers, if both have it; with
    /// `readding`, adds it back to both, else forgets both handles.
    func removeFromBoth(_ index: Int, readding: Bool = false) throws {
        guard let c0 = handles[0][index], let c1 = handles[1][index] else { return }
        try solvers[0].remove(c0)
        try solvers[1].remove(c1)
        if readding {
            try solvers[0].add(c0)
            try solvers[1].add(c1)
        } else {
            handles[0][index] = nil
            handles[1][index] = nil
        }
    }

    /// `assertSameOptimum` over the specs each solver holds a handle for, after asserting that
    /// both solvers accepted the same ones.
    func assertSameOptimumOfHeld(round: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(handles[0].map { $0 != nil }, handles[1].map { $0 != nil },
                       "round \(round): the two solvers accepted different constraints", file: file, line: line)
        try assertSameOptimum(round: round, accepted: { k in
            zip(self.specs, self.handles[k]).filter { $0.1 != nil }.map(\.0)
        }, file: file, line: line)
    }

    /// Publishes both solvers' values and asserts that what `updateVariables` published
    /// incrementally is exactly the full evaluation.
    func assertIncrementalPublication(round: Int, file: StaticString = #filePath, line: UInt = #line) {
        for s in solvers {
            s.updateVariables()
            XCTAssertEqual(s.published, s.currentValues(), "round \(round): incremental publication differs",
                           file: file, line: line)
        }
    }

    /// The end of a round: both solvers pass `checkInvariants`, publish exactly the full
    /// evaluation and hold every required constraint among `accepted(k)` (the specs solver k
    /// accepted), and their summed errors are the same at every optional priority.
    func assertSameOptimum(round: Int, accepted: (Int) -> [ConstraintSpec],
                           file: StaticString = #filePath, line: UInt = #line) throws {
        var errors: [[Double: Double]] = []
        for k in 0..<2 {
            let s = solvers[k]
            try s.checkInvariants()
            s.updateVariables()
            XCTAssertEqual(s.published, s.currentValues(), "round \(round): incremental publication differs",
                           file: file, line: line)
            let values = try s.values(of: variables[k])
            let (required, perLevel) = priorityErrors(accepted(k), values: values)
            XCTAssertLessThan(required, 1e-6, "round \(round): required constraint broken (solver \(k))",
                              file: file, line: line)
            errors.append(perLevel)
        }
        for level in Set(errors[0].keys).union(errors[1].keys) {
            XCTAssertEqual(errors[0][level] ?? 0, errors[1][level] ?? 0, accuracy: 1e-6,
                           "round \(round): error at priority \(level) differs", file: file, line: line)
        }
    }
}
