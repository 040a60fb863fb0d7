import XCTest
@testable import TetherSolver

/// `add(batch:)` builds from the batch's structure (BatchPlan.swift): the same constraints give
/// the same tableau, the same values and the same cost in whatever order they are listed or made.
final class BatchPlanTests: XCTestCase {
    /// A constraint over variables by index, so that several solvers can make the same ones.
    private struct Spec {
        var terms: [(Int, Double)]
        var constant: Double
        var relation: Relation
        var priority: Double
    }

    private func spec(_ terms: [(Int, Double)], _ constant: Double, _ relation: Relation = .equal,
                      _ priority: Double = 1000) -> Spec {
        Spec(terms: terms, constant: constant, relation: relation, priority: priority)
    }

    /// The benchmark's feed (a vertical chain of cells with content sizes, a root that hugs them)
    /// and a form (rows of label + field, the labels' trailing edges aligned): variables by
    /// index, four per item (left, top, width, height), the root first.
    private func feedAndForm(cells: Int, rows: Int) -> (specs: [Spec], variables: Int) {
        var specs: [Spec] = []
        let root = 0
        func v(_ item: Int, _ k: Int) -> Int { item * 4 + k }  // 0 left, 1 top, 2 width, 3 height
        specs += [spec([(v(root, 0), 1)], 0), spec([(v(root, 1), 1)], 0), spec([(v(root, 2), 1)], -375)]
        var item = 1
        for i in 0..<cells {
            let c = item + i
            specs.append(i == 0 ? spec([(v(c, 1), 1), (v(root, 1), -1)], -4)
                                : spec([(v(c, 1), 1), (v(c - 1, 1), -1), (v(c - 1, 3), -1)], -4))
            specs.append(spec([(v(c, 0), 1), (v(root, 0), -1)], -16))
            specs.append(spec([(v(c, 0), 1), (v(c, 2), 1), (v(root, 0), -1), (v(root, 2), -1)], 16))
            specs.append(spec([(v(c, 3), 1)], -44, .greaterThanOrEqual))
            let intrinsic = 44 + Double((i * 37) % 100)
            specs.append(spec([(v(c, 3), 1)], -intrinsic, .lessThanOrEqual, 250))
            specs.append(spec([(v(c, 3), 1)], -intrinsic, .greaterThanOrEqual, 750))
        }
        let last = item + cells - 1
        specs.append(spec([(v(root, 1), 1), (v(root, 3), 1), (v(last, 1), -1), (v(last, 3), -1)], -4, .greaterThanOrEqual))
        specs.append(spec([(v(root, 3), 1)], 0, .equal, 50))
        item += cells
        for i in 0..<rows {
            let label = item + 2 * i, field = label + 1, first = item
            specs.append(spec([(v(label, 0), 1), (v(root, 0), -1)], -16))
            if i > 0 { specs.append(spec([(v(label, 0), 1), (v(label, 2), 1), (v(first, 0), -1), (v(first, 2), -1)], 0)) }
            specs.append(spec([(v(field, 0), 1), (v(label, 0), -1), (v(label, 2), -1)], -8))
            specs.append(spec([(v(field, 0), 1), (v(field, 2), 1), (v(root, 0), -1), (v(root, 2), -1)], 16))
            specs.append(i == 0 ? spec([(v(field, 1), 1), (v(root, 1), -1)], -16)
                                : spec([(v(field, 1), 1), (v(field - 2, 1), -1), (v(field - 2, 3), -1)], -8))
            specs.append(spec([(v(label, 1), 1), (v(label, 3), 0.5), (v(field, 1), -1), (v(field, 3), -0.5)], 0))
            let width = 40 + Double((i * 29) % 80)
            specs.append(spec([(v(label, 2), 1)], -width, .lessThanOrEqual, 251))
            specs.append(spec([(v(label, 2), 1)], -width, .greaterThanOrEqual, 750))
            specs.append(spec([(v(label, 3), 1)], -21, .lessThanOrEqual, 251))
            specs.append(spec([(v(label, 3), 1)], -21, .greaterThanOrEqual, 750))
            specs.append(spec([(v(field, 3), 1)], -34, .lessThanOrEqual, 250))
            specs.append(spec([(v(field, 3), 1)], -34, .greaterThanOrEqual, 750))
        }
        item += 2 * rows
        return (specs, item * 4)
    }

    /// A solver with `variables` variables, the specs made in `makeOrder` and added with one
    /// batch listed in `batchOrder` (both permutations of the specs' indices).
    private func build(_ specs: [Spec], variables: Int, makeOrder: [Int], batchOrder: [Int]) throws
        -> (solver: Solver, variables: [Variable], constraints: [Constraint?]) {
        let s = Solver()
        let vars = (0..<variables).map { _ in s.makeVariable() }
        var made = [Constraint?](repeating: nil, count: specs.count)
        for k in makeOrder {
            let sp = specs[k]
            let e = LinearExpression(sp.terms.map { Term(vars[$0.0], $0.1) }, constant: sp.constant)
            made[k] = try s.makeConstraint(e, sp.relation, priority: try Priority(sp.priority))
        }
        try s.add(batch: batchOrder.map { made[$0]! })
        s.updateVariables()
        return (s, vars, made)
    }

    private func shuffled(_ count: Int, seed: UInt64) -> [Int] {
        var rng = SplitMix64(seed: seed)
        return Array(0..<count).shuffled(using: &rng)
    }

    func testABatchListedInAnyOrderBuildsTheSameTableau() throws {
        let (specs, variables) = feedAndForm(cells: 30, rows: 30)
        let natural = Array(specs.indices)
        let reference = try build(specs, variables: variables, makeOrder: natural, batchOrder: natural).solver.dump()
        for seed in 1...6 {
            let other = try build(specs, variables: variables, makeOrder: natural,
                                  batchOrder: seed == 1 ? natural.reversed() : shuffled(specs.count, seed: UInt64(seed)))
            XCTAssertEqual(other.solver.dump(), reference, "seed \(seed)")
            try other.solver.checkInvariants()
        }
    }

    /// Constraints made in another order have other ids; the layout is still the same, bit for
    /// bit, and it is the optimum that adding them one by one finds.
    func testConstraintsMadeInAnyOrderGiveTheSameValues() throws {
        let (specs, variables) = feedAndForm(cells: 25, rows: 25)
        let natural = Array(specs.indices)
        let reference = try build(specs, variables: variables, makeOrder: natural, batchOrder: natural)
        let expected = try reference.solver.values(of: reference.variables)
        for seed in 10...15 {
            let order = shuffled(specs.count, seed: UInt64(seed))
            let other = try build(specs, variables: variables, makeOrder: order, batchOrder: shuffled(specs.count, seed: UInt64(seed + 100)))
            XCTAssertEqual(try other.solver.values(of: other.variables), expected, "seed \(seed)")
        }
        let single = Solver()
        let vars = (0..<variables).map { _ in single.makeVariable() }
        for sp in specs {
            let e = LinearExpression(sp.terms.map { Term(vars[$0.0], $0.1) }, constant: sp.constant)
            try single.add(LinearConstraint(e, sp.relation), priority: try Priority(sp.priority))
        }
        single.updateVariables()
        for (a, b) in zip(try single.values(of: vars), expected) { XCTAssertEqual(a, b, accuracy: 1e-9) }
    }

    /// The feed and the form keep as many definitions and cells in every order as in their
    /// natural one, and the tableau grows linearly (a shuffled form used to send its chain of
    /// rows into the tableau: Θ(n²) cells).
    func testShuffledLayoutsKeepTheirEqualitiesOutOfTheTableau() throws {
        var cellsAt: [Int: Int] = [:]
        for n in [40, 160] {
            let (specs, variables) = feedAndForm(cells: n, rows: n)
            let natural = Array(specs.indices)
            let reference = try build(specs, variables: variables, makeOrder: natural, batchOrder: natural).solver.statistics
            // Some definitions become rows (a content-size row names a defined width directly:
            // `materialize`), one per form row and the feed's last top; the rest stay out.
            let equalities = specs.filter { $0.relation == .equal && $0.priority >= 1000 }.count
            XCTAssertGreaterThanOrEqual(reference.definitions, equalities - n - 2, "n \(n)")
            for seed in 20...22 {
                let order = shuffled(specs.count, seed: UInt64(seed))
                let stats = try build(specs, variables: variables, makeOrder: order, batchOrder: order).solver.statistics
                XCTAssertEqual(stats.definitions, reference.definitions, "n \(n), seed \(seed)")
                XCTAssertEqual(stats.cells, reference.cells, "n \(n), seed \(seed)")
            }
            cellsAt[n] = reference.cells
        }
        XCTAssertLessThanOrEqual(cellsAt[160]!, 5 * cellsAt[40]!, "cells should grow linearly: \(cellsAt)")
    }

    /// A column of list-row sections, as a scroll view's content stacks them (random-screen's
    /// `rowSection`, vertically): each section follows the one above it by a gap, its height
    /// hugs @49 down to its tallest child plus 2p (`child.top >= section.top + p`,
    /// `section.bottom >= child.bottom + p`), its children are centred on each other and on it,
    /// and their heights are content sizes. Variables by index, four per item (only top 1 and
    /// height 3 are used), the content first.
    private func stackedSections(_ n: Int) -> (specs: [Spec], variables: Int, heights: [Double]) {
        var specs: [Spec] = []
        func v(_ item: Int, _ k: Int) -> Int { item * 4 + k }
        let content = 0
        specs.append(spec([(v(content, 1), 1)], 0))
        var heights: [Double] = []
        for i in 0..<n {
            let section = 1 + 4 * i, p = Double(4 + i % 5)
            specs.append(i == 0 ? spec([(v(section, 1), 1), (v(content, 1), -1)], -8)
                                : spec([(v(section, 1), 1), (v(section - 4, 1), -1), (v(section - 4, 3), -1)], -Double(4 + i % 7)))
            specs.append(spec([(v(section, 3), 1)], 0, .equal, 49))
            var tallest = 0.0
            for c in 1...3 {
                let child = section + c
                let h = Double(14 + (i * 7 + c * 5) % 19)
                tallest = max(tallest, h)
                // Centred: on the section for the first child, on the previous child for the others.
                let other = c == 1 ? section : child - 1
                specs.append(spec([(v(child, 1), 1), (v(child, 3), 0.5), (v(other, 1), -1), (v(other, 3), -0.5)], 0))
                specs.append(spec([(v(child, 1), 1), (v(section, 1), -1)], -p, .greaterThanOrEqual))
                specs.append(spec([(v(section, 1), 1), (v(section, 3), 1), (v(child, 1), -1), (v(child, 3), -1)], -p, .greaterThanOrEqual))
                specs.append(spec([(v(child, 3), 1)], -h, .lessThanOrEqual, 250))
                specs.append(spec([(v(child, 3), 1)], -h, .greaterThanOrEqual, 750))
            }
            heights.append(tallest + 2 * p)
        }
        let last = 1 + 4 * (n - 1)
        specs.append(spec([(v(content, 3), 1), (v(content, 1), 1), (v(last, 1), -1), (v(last, 3), -1)], -8))
        return (specs, 4 * (1 + 4 * n), heights)
    }

    /// The sections' tops stay definitions, each through the link above it, in every order:
    /// the tableau holds the sizes, a few cells a constraint, linear in the number of sections.
    /// A top left in the tableau is a row over every height above it (Θ(n²) cells): when the
    /// plan counted a top's inequalities against it, the link defined the height above instead
    /// (random-screen at 10,000 views: 8.5 M cells, 62 k since).
    func testStackedSectionsKeepTheirTopsAsDefinitions() throws {
        var cellsAt: [Int: Int] = [:]
        for n in [40, 160] {
            let (specs, variables, heights) = stackedSections(n)
            for seed in 0...3 {
                let order = seed == 0 ? Array(specs.indices) : shuffled(specs.count, seed: UInt64(seed))
                let built = try build(specs, variables: variables, makeOrder: order, batchOrder: order)
                let s = built.solver
                try s.checkInvariants()
                var top = 8.0
                for i in 0..<n {
                    let section = 1 + 4 * i
                    XCTAssertEqual(try s.value(of: built.variables[section * 4 + 1]), top, "n \(n), seed \(seed), section \(i)")
                    XCTAssertEqual(try s.value(of: built.variables[section * 4 + 3]), heights[i], "n \(n), seed \(seed), section \(i)")
                    top += heights[i] + Double(4 + (i + 1) % 7)
                }
                XCTAssertLessThanOrEqual(s.statistics.cells, 8 * specs.count, "n \(n), seed \(seed)")
                cellsAt[n] = max(cellsAt[n] ?? 0, s.statistics.cells)
            }
        }
        XCTAssertLessThanOrEqual(cellsAt[160]!, 5 * cellsAt[40]!, "cells should grow linearly: \(cellsAt)")
    }

    /// Equalities that form a cycle cannot all be definitions: one goes to the tableau, and the
    /// solution is right in any order.
    func testEqualitiesInACycle() throws {
        let specs = [spec([(0, 1), (1, 1)], -10), spec([(0, 1), (1, -1)], -2), spec([(1, 1), (2, 1)], -7),
                     spec([(2, 1)], -100, .equal, 10)]
        for seed in 0...5 {
            let order = seed == 0 ? Array(specs.indices) : shuffled(specs.count, seed: UInt64(seed))
            let built = try build(specs, variables: 3, makeOrder: order, batchOrder: order)
            XCTAssertEqual(try built.solver.values(of: built.variables), [6, 4, 3], "order \(order)")
            XCTAssertLessThan(built.solver.statistics.definitions, 3)
            try built.solver.checkInvariants()
        }
    }

    /// Random batches over variables that earlier adds put in the tableau or in definitions: a
    /// batch listed in two orders builds the same tableau, and reaches the optimum that adding
    /// its constraints one by one reaches (the same errors at every priority level).
    func testRandomBatchesInAnyOrderReachTheOneByOneOptimum() throws {
        var rng = SplitMix64(seed: 77)
        var succeeded = 0
        for trial in 0..<80 {
            var specs: [Spec] = []
            let variables = 12
            for _ in 0..<30 {
                let count = Int.random(in: 1...3, using: &rng)
                let terms = (0..<count).map { _ in
                    (Int.random(in: 0..<variables, using: &rng), Double([-2, -1, 1, 2, 3][Int.random(in: 0..<5, using: &rng)]))
                }
                let relation: Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual][Int.random(in: 0..<4, using: &rng)]
                let priority = [1000, 1000, 750, 500, 250][Int.random(in: 0..<5, using: &rng)] as Double
                specs.append(spec(terms, Double(Int.random(in: -40...40, using: &rng)), relation, priority))
            }
            let prefix = 6  // added one by one before the batch
            func make(_ order: [Int]) throws -> (Solver, [Variable])? {
                let s = Solver()
                let vars = (0..<variables).map { _ in s.makeVariable() }
                func made(_ sp: Spec) throws -> Constraint {
                    try s.makeConstraint(LinearExpression(sp.terms.map { Term(vars[$0.0], $0.1) }, constant: sp.constant),
                                         sp.relation, priority: try Priority(sp.priority))
                }
                for sp in specs[0..<prefix] { _ = try? s.add(try made(sp)) }
                let batch = try specs[prefix...].map(made)
                do {
                    try s.add(batch: order.map { batch[$0] })
                } catch {
                    guard case .unsatisfiable = error as? SolverError else { throw error }
                    return nil
                }
                s.updateVariables()
                try s.checkInvariants()
                return (s, vars)
            }
            let count = specs.count - prefix
            guard let (a, varsA) = try make(Array(0..<count)) else { continue }
            guard let (b, _) = try make(shuffled(count, seed: UInt64(trial))) else {
                return XCTFail("trial \(trial): the batch failed in one order only")
            }
            XCTAssertEqual(a.dump(), b.dump(), "trial \(trial)")
            // One by one, skipping what the prefix rejected, as `make` did.
            let single = Solver()
            let vars = (0..<variables).map { _ in single.makeVariable() }
            var added: [ConstraintSpec] = []
            for (k, sp) in specs.enumerated() {
                let e = LinearExpression(sp.terms.map { Term(vars[$0.0], $0.1) }, constant: sp.constant)
                do {
                    try single.add(LinearConstraint(e, sp.relation), priority: try Priority(sp.priority))
                    added.append((sp.terms, sp.constant, sp.relation, sp.priority))
                } catch {
                    XCTAssertLessThan(k, prefix, "trial \(trial): one by one rejected a constraint the batch took")
                }
            }
            single.updateVariables()
            let batched = priorityErrors(added, values: try a.values(of: varsA))
            let oneByOne = priorityErrors(added, values: try single.values(of: vars))
            XCTAssertLessThanOrEqual(batched.required, 1e-7, "trial \(trial)")
            for (level, error) in oneByOne.perLevel {
                XCTAssertEqual(batched.perLevel[level] ?? 0, error, accuracy: 1e-6, "trial \(trial), level \(level)")
            }
            succeeded += 1
        }
        XCTAssertGreaterThan(succeeded, 20)
    }

    /// A client that adds one constraint at a time but sends them in small batches builds the
    /// tableau that adding them one by one builds. tether.kiwi does this: it holds back each
    /// constraint that cannot fail and sends them with the next one that can (a required
    /// constraint with no new variable). The plan named the far top of a link into an older run
    /// of definitions as its subject, so the feed's runs were defined both ways, and each join of
    /// two runs wrote a run into the rows: a shuffled feed of 1,000 cells held 620,000 cells
    /// against 26,000 one by one, and one add took 13 s.
    func testSmallBatchesAsAOneByOneClientSendsThemStaySparse() throws {
        let (specs, variables) = feedAndForm(cells: 300, rows: 0)
        for seed in [1, 2] as [UInt64] {
            let order = shuffled(specs.count, seed: seed)
            let batched = Solver(), single = Solver()
            let batchedVars = (0..<variables).map { _ in batched.makeVariable() }
            let singleVars = (0..<variables).map { _ in single.makeVariable() }
            func made(_ s: Solver, _ variable: (Int) -> Variable, _ sp: Spec) throws -> Constraint {
                try s.makeConstraint(LinearExpression(sp.terms.map { Term(variable($0.0), $0.1) }, constant: sp.constant),
                                     sp.relation, priority: try Priority(sp.priority))
            }
            var seen = Set<Int>()
            var waiting: [Constraint] = []
            var batches = 0
            for k in order {
                let sp = specs[k]
                try single.add(try made(single, { singleVars[$0] }, sp))
                var fresh = false
                for (v, a) in sp.terms where a != 0 && seen.insert(v).inserted { fresh = true }
                waiting.append(try made(batched, { batchedVars[$0] }, sp))
                if !fresh && sp.priority >= 1000 {
                    try batched.add(batch: waiting)
                    waiting.removeAll()
                    batches += 1
                }
            }
            try batched.add(batch: waiting)
            let label = "seed \(seed)"
            XCTAssertGreaterThan(batches, 200, "\(label): the batches should be small")
            batched.updateVariables()
            single.updateVariables()
            try batched.checkInvariants()
            for (a, b) in zip(try batched.values(of: batchedVars), try single.values(of: singleVars)) {
                XCTAssertEqual(a, b, accuracy: 1e-7, label)
            }
            let cells = batched.statistics.cells, oneByOne = single.statistics.cells
            XCTAssertLessThanOrEqual(cells, 2 * oneByOne + specs.count, "\(label): \(cells) cells against \(oneByOne) one by one")
        }
    }
}
