import XCTest
@testable import TetherSolver

import TetherTestSupport

/// The solver tests' name for the shared seeded generator (SplitMix64), so every randomized
/// test is reproducible from its seed.
typealias SplitMix64 = SeededGenerator

/// Random operation sequences: after every operation the tableau's invariants hold (column
/// index, feasibility, optimality, required constraints satisfied); a rejected operation leaves
/// the tableau byte-for-byte as it was; every reported conflict set is minimal.
final class RandomizedSolverTests: XCTestCase {
    private func randomConstraint(_ s: Solver, _ vars: [Variable], _ rng: inout SplitMix64) -> LinearConstraint {
        let count = Int.random(in: 1...3, using: &rng)
        var terms: [Term] = []
        for _ in 0..<count {
            let v = vars[Int.random(in: 0..<vars.count, using: &rng)]
            let coefficient = Double(Int.random(in: -3...3, using: &rng))
            terms.append(Term(v, coefficient == 0 ? 1 : coefficient))
        }
        let e = LinearExpression(terms, constant: Double(Int.random(in: -50...50, using: &rng)))
        let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        return LinearConstraint(e, relations[Int.random(in: 0..<3, using: &rng)])
    }

    private let priorities: [Double] = [1000, 1000, 1000, 900, 750, 500, 250, 1]

    /// Checks that `conflict ∪ {rejected}` cannot all hold, and that dropping any member of
    /// `conflict` makes it satisfiable — on a fresh solver.
    private func assertMinimal(_ owner: Solver, rejected: LinearConstraint, conflict: [Constraint],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        func feasible(_ members: [Constraint]) throws -> Bool {
            let probe = Solver()
            var map: [Variable: Variable] = [:]
            func copy(_ e: LinearExpression) -> LinearExpression {
                LinearExpression(e.terms.map { t in
                    if map[t.variable] == nil { map[t.variable] = probe.makeVariable() }
                    return Term(map[t.variable]!, t.coefficient)
                }, constant: e.constant)
            }
            for c in members {
                let e = LinearExpression(try owner.terms(of: c), constant: try owner.constant(of: c))
                try probe.add(LinearConstraint(copy(e), try owner.relation(of: c)))
            }
            switch Result(catching: { () throws(SolverError) in
                try probe.add(LinearConstraint(copy(rejected.expression), rejected.relation))
            }) {
            case .success: return true
            case .failure(let error):
                guard case .unsatisfiable = error else { throw error }
                return false
            }
        }
        XCTAssertFalse(try feasible(conflict), "conflict set does not reproduce the conflict", file: file, line: line)
        for k in conflict.indices {
            var smaller = conflict
            smaller.remove(at: k)
            XCTAssertTrue(try feasible(smaller), "conflict set is not minimal: \(conflict[k]) is not needed",
                          file: file, line: line)
        }
    }

    func testRandomOperationSequences() throws {
        var rng = SplitMix64(seed: 0x7E7E_4E12)
        var rejected = (adds: 0, constants: 0)
        for _ in 0..<150 {
            let s = Solver()
            let vars = (0..<Int.random(in: 2...6, using: &rng)).map { s.makeVariable(name: "v\($0)") }
            var added: [Constraint] = []
            var edits: [Variable] = []
            for _ in 0..<40 {
                let op = Int.random(in: 0..<10, using: &rng)
                let before = s.dump()
                switch op {
                case 0..<5:
                    var lc = randomConstraint(s, vars, &rng)
                    if op == 4, let copied = added.randomElement(using: &rng) {
                        // An exact copy of an added constraint (redundant rows, marker hand-over).
                        lc = LinearConstraint(LinearExpression(try s.terms(of: copied), constant: try s.constant(of: copied)),
                                              try s.relation(of: copied))
                    }
                    let p = try Priority(priorities[Int.random(in: 0..<priorities.count, using: &rng)])
                    let result = Result { () throws(SolverError) in try s.add(lc, priority: p) }
                    switch result {
                    case .success(let c):
                        added.append(c)
                    case .failure(let error):
                        guard case .unsatisfiable(_, let conflict) = error else { throw error }
                        rejected.adds += 1
                        XCTAssertEqual(s.dump(), before, "a rejected add changed the tableau")
                        XCTAssertEqual(s.lastConflict, conflict)
                        try assertMinimal(s, rejected: lc, conflict: conflict)
                    }
                case 5, 6:
                    guard !added.isEmpty else { continue }
                    let c = added.remove(at: Int.random(in: 0..<added.count, using: &rng))
                    try s.remove(c)
                    try s.freeConstraint(c)
                case 7:
                    guard !added.isEmpty else { continue }
                    let c = added[Int.random(in: 0..<added.count, using: &rng)]
                    let newConstant = Double(Int.random(in: -60...60, using: &rng))
                    let result = Result { () throws(SolverError) in try s.setConstant(newConstant, of: c) }
                    if case .failure(let error) = result {
                        guard case .unsatisfiable(_, let conflict) = error else { throw error }
                        rejected.constants += 1
                        XCTAssertEqual(s.dump(), before, "a rejected constant change changed the tableau")
                        let e = LinearExpression(try s.terms(of: c), constant: newConstant)
                        try assertMinimal(s, rejected: LinearConstraint(e, try s.relation(of: c)),
                                          conflict: conflict.filter { $0 != c })
                    }
                case 8:
                    let v = vars[Int.random(in: 0..<vars.count, using: &rng)]
                    if !s.hasEditVariable(v) {
                        try s.addEditVariable(v, priority: try Priority(Double(Int.random(in: 1...999, using: &rng))))
                        edits.append(v)
                    }
                default:
                    guard let v = edits.randomElement(using: &rng) else { continue }
                    try s.suggestValue(Double(Int.random(in: -100...100, using: &rng)), for: v)
                }
                do { try s.checkInvariants() } catch {
                    XCTFail("\(error)\n\(s.dump())")
                    return
                }
                // Publishing only what changed gives exactly the full evaluation.
                s.updateVariables()
                XCTAssertEqual(s.published, s.currentValues(), "incremental publication differs")
                // The current value lies in its range over the optimal solutions, and asking
                // for the range leaves the tableau as it was.
                let probe = vars[Int.random(in: 0..<vars.count, using: &rng)]
                let unchanged = s.dump()
                let range = try s.valueRange(of: probe)
                s.updateVariables()
                let value = try s.value(of: probe)
                XCTAssertLessThanOrEqual(range.lower, value + 1e-7)
                XCTAssertGreaterThanOrEqual(range.upper, value - 1e-7)
                XCTAssertEqual(s.dump(), unchanged)
            }
        }
        XCTAssertGreaterThan(rejected.adds, 20, "the generator should exercise conflicts")
        XCTAssertGreaterThan(rejected.constants, 1, "the generator should exercise constant conflicts")
    }

    /// Batches are atomic: a failing batch leaves the tableau exactly as before.
    func testRandomBatches() throws {
        var rng = SplitMix64(seed: 42)
        var failures = 0
        for _ in 0..<100 {
            let s = Solver()
            let vars = (0..<4).map { _ in s.makeVariable() }
            for _ in 0..<5 { _ = try? s.add(randomConstraint(s, vars, &rng)) }
            let before = s.dump()
            let batch = try (0..<4).map { _ in try s.makeConstraint(randomConstraint(s, vars, &rng)) }
            switch Result(catching: { () throws(SolverError) in try s.add(batch: batch) }) {
            case .success:
                for c in batch { XCTAssertTrue(s.contains(c)) }
            case .failure(let error):
                guard case .unsatisfiable(let rejected, _) = error else { throw error }
                failures += 1
                XCTAssertTrue(batch.contains(rejected))
                XCTAssertEqual(s.dump(), before)
                for c in batch { XCTAssertFalse(s.contains(c)) }
            }
            try s.checkInvariants()
        }
        XCTAssertGreaterThan(failures, 10)
    }

    /// Large batches over many variables, so that some cannot fail (each required constraint
    /// brings a variable of its own) and go in without a journal, and others can and do fail:
    /// a batch that succeeds reaches the optimum that adding its constraints one by one reaches
    /// (the same errors at every priority level; the batch adds them in an order of its own,
    /// BatchPlan.swift), and one that fails leaves the tableau exactly as it was.
    func testRandomLargeBatchesMatchOneByOne() throws {
        var unjournaled = 0, failures = 0
        for trial in 0..<120 {
            let batched = Solver(), single = Solver()
            let (batch, before) = try largeRandomBatch(batched, trial: trial)
            let (each, _) = try largeRandomBatch(single, trial: trial)
            if batched.noneCanBeRejected(batched.plan(batch: batch.map(\.index)).order) { unjournaled += 1 }
            switch Result(catching: { () throws(SolverError) in try batched.add(batch: batch) }) {
            case .success:
                for c in each { try single.add(c) }
                try assertSameOptimum(batched, single, trial: trial)
            case .failure(let error):
                guard case .unsatisfiable(let rejected, _) = error else { throw error }
                failures += 1
                XCTAssertTrue(batch.contains(rejected))
                XCTAssertEqual(batched.dump(), before, "trial \(trial)")
                for c in batch { XCTAssertFalse(try batched.isAdded(c)) }
            }
            try batched.checkInvariants()
        }
        XCTAssertGreaterThan(unjournaled, 5, "the generator should make batches that cannot fail")
        XCTAssertGreaterThan(failures, 5, "the generator should make batches that fail")
    }

    /// Both solvers, made by the same calls, have added the same constraints: their solutions
    /// have the same errors at every priority level (whichever optimal vertex each chose).
    private func assertSameOptimum(_ a: Solver, _ b: Solver, trial: Int) throws {
        a.updateVariables()
        b.updateVariables()
        var specs: [ConstraintSpec] = []
        var count = 0
        for slot in a.constraintRecords.indices where a.constraintRecords[slot].isAdded && !a.constraintRecords[slot].isEdit {
            let r = a.constraintRecords[slot]
            let terms = a.termRange(slot).map { (Int(a.termVariables[$0]), a.termCoefficients[$0]) }
            specs.append((terms, r.constant, r.relation, r.priority))
            count += 1
        }
        XCTAssertEqual(count, b.statistics.addedConstraints, "trial \(trial)")
        let values = { (s: Solver) in s.published }
        let errorsA = priorityErrors(specs, values: values(a)), errorsB = priorityErrors(specs, values: values(b))
        XCTAssertLessThanOrEqual(errorsA.required, 1e-7, "trial \(trial)")
        XCTAssertLessThanOrEqual(errorsB.required, 1e-7, "trial \(trial)")
        for (level, error) in errorsB.perLevel {
            XCTAssertEqual(errorsA.perLevel[level] ?? 0, error, accuracy: 1e-6, "trial \(trial), level \(level)")
        }
    }

    /// Trial `trial`'s solver, the same for every solver given the same trial: three random
    /// constraints added over 8 variables, then a batch made over 40 others, where constraint i
    /// mostly brings variable i of its own (with up to two variables met before), and now and
    /// then names only variables that earlier constraints of the batch met (those were fresh when
    /// the batch started, but no longer are when its turn comes). Returns the batch and the dump
    /// before it.
    private func largeRandomBatch(_ s: Solver, trial: Int) throws -> (batch: [Constraint], before: String) {
        var rng = SplitMix64(seed: UInt64(1000 + trial))
        let fresh = (0..<40).map { _ in s.makeVariable() }
        let old = (0..<8).map { _ in s.makeVariable() }
        for _ in 0..<3 { _ = try? s.add(randomConstraint(s, old, &rng)) }
        let before = s.dump()
        let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        var batch: [Constraint] = []
        // Every third trial, each constraint mentions only its own fresh variable and old ones:
        // a batch adds in an order of its own (BatchPlan.swift), in which a variable that a
        // later constraint of the list mentions may come up earlier, so these are the batches
        // that go in without a journal whatever that order.
        let separate = trial % 3 == 0
        for i in 0..<fresh.count {
            let met = separate ? old : Array(fresh[0..<i]) + old
            var picked: [Variable]
            if i > 0 && Int.random(in: 0..<8, using: &rng) == 0 && !separate {
                picked = (0..<Int.random(in: 1...2, using: &rng)).map { _ in fresh[Int.random(in: 0..<i, using: &rng)] }
            } else {
                picked = [fresh[i]] + (0..<Int.random(in: 0...2, using: &rng)).map { _ in met[Int.random(in: 0..<met.count, using: &rng)] }
            }
            let terms = picked.map { Term($0, Double([-3, -2, -1, 1, 2, 3][Int.random(in: 0..<6, using: &rng)])) }
            let e = LinearExpression(terms, constant: Double(Int.random(in: -50...50, using: &rng)))
            let c = LinearConstraint(e, relations[Int.random(in: 0..<3, using: &rng)])
            let p = priorities[Int.random(in: 0..<priorities.count, using: &rng)]
            batch.append(try s.makeConstraint(c, priority: try Priority(p)))
        }
        return (batch, before)
    }

    /// Long chains and stacks (the fill-in workloads) solve to the hand-computed layout.
    func testChainLayout() throws {
        let s = Solver()
        let n = 200
        let root = s.makeVariable(name: "rootWidth")
        var lefts: [Variable] = [], widths: [Variable] = []
        for i in 0..<n {
            let l = s.makeVariable(), w = s.makeVariable()
            if i == 0 {
                try s.add(l == 20)
            } else {
                try s.add(l == lefts[i - 1] + widths[i - 1] + 8)
                try s.add(w.equals(widths[i - 1]))
            }
            lefts.append(l)
            widths.append(w)
        }
        try s.add(lefts[n - 1] + widths[n - 1] == root - 20)
        try s.addEditVariable(root, priority: try Priority(999))
        for width in [10_000.0, 12_345.0, 4_000.0] {
            try s.suggestValue(width, for: root)
            s.updateVariables()
            let w = (width - 40 - 8 * Double(n - 1)) / Double(n)
            XCTAssertEqual(try s.value(of: widths[n / 2]), w, accuracy: 1e-6)
            XCTAssertEqual(try s.value(of: lefts[n - 1]), 20 + Double(n - 1) * (w + 8), accuracy: 1e-6)
        }
        try s.checkInvariants()
    }

    /// Removing a constraint whose marker is parametric in many rows, then re-adding it.
    func testChurnKeepsInvariants() throws {
        let s = Solver()
        let n = 50
        let xs = (0..<n).map { _ in s.makeVariable() }
        try s.add(xs[0] == 0)
        var links: [Constraint] = []
        for i in 1..<n { links.append(try s.add(xs[i] == xs[i - 1] + 10)) }
        for _ in 0..<20 {
            let mid = links[n / 2]
            try s.remove(mid)
            try s.checkInvariants()
            try s.add(mid)
            try s.checkInvariants()
        }
        s.updateVariables()
        XCTAssertEqual(try s.value(of: xs[n - 1]), Double(n - 1) * 10, accuracy: 1e-9)
    }
}
