import XCTest
@testable import TetherSolver

/// Definitions whose subject older definitions already mention (Solver+DefinitionOrder.swift):
/// a chain added one constraint at a time is held as definitions in any order, the definitions
/// that mention the subject move after it, a cycle is never made, and a rollback undoes the
/// moves.
final class DefinitionOrderTests: XCTestCase {
    /// `t[i] == t[i-1] + 44` for i in 1..<n and `t[0] == 10`, added in the order `order` gives
    /// (indices into the links, link 0 being the pin).
    private func chain(_ s: Solver, _ n: Int, order: [Int]) throws -> [Variable] {
        let tops = (0..<n).map { s.makeVariable(name: "t\($0)") }
        for i in order {
            try s.add(i == 0 ? tops[0] == 10 : tops[i] == tops[i - 1] + 44)
        }
        return tops
    }

    func testAChainInAnyOrderIsAllDefinitions() throws {
        let n = 400
        var orders: [[Int]] = [Array(0..<n), Array((0..<n).reversed())]
        var rng = SplitMix64(seed: 0x0D1E_0001)
        for _ in 0..<6 { orders.append(Array(0..<n).shuffled(using: &rng)) }
        for (k, order) in orders.enumerated() {
            let s = Solver()
            let tops = try chain(s, n, order: order)
            s.updateVariables()
            try s.checkInvariants()
            if k == 1 {
                // Bottom-up, the budget of moves runs out: the links then define the top above
                // them, and the pin, arriving last, finds t0 defined through the chain below it.
                // t0's definition is no leaf, so it is not materialized: the pin is expanded
                // through the chain into one row of the last top: linear.
                XCTAssertEqual(s.statistics.rows, 1, "order \(k)")
                XCTAssertLessThanOrEqual(s.statistics.cells, 4, "order \(k)")
            } else {
                // Every link is a definition: no row, no cell.
                XCTAssertEqual(s.statistics.definitions, n, "order \(k)")
                XCTAssertEqual(s.statistics.rows, 0, "order \(k)")
            }
            for i in stride(from: 0, to: n, by: 37) {
                XCTAssertEqual(try s.value(of: tops[i]), 10 + 44 * Double(i), "order \(k), t\(i)")
            }
            XCTAssertEqual(s.published, s.currentValues())
        }
    }

    func testBottomUpMovesStayBoundedByTheBudget() throws {
        // Added bottom-up, link i would move every link below it (Θ(n²) moves); the budget
        // stops the moves once the run below outgrows what the definitions so far paid for,
        // and the links then define the top above them, at no loss (one row: the pin's). The
        // moves made stay within what a budget of p per definition allows, whatever n is: with
        // p = 32 the stack of 10,000 added bottom-up moved 8,001 definitions for nothing.
        let n = 4000
        let s = Solver()
        _ = try chain(s, n, order: Array((0..<n).reversed()))
        s.updateVariables()
        try s.checkInvariants()
        XCTAssertEqual(s.statistics.rows, 1)
        let perDefinition = Solver.moveBudgetPerDefinition
        // Link k moves the k links below it while the budget lasts: it lasts while
        // k(k+1)/2 ≤ perDefinition · k, so for k below 2 · perDefinition, p(2p − 1) moves.
        let bound = perDefinition * (2 * perDefinition + 1)
        XCTAssertGreaterThan(s.definitions.moves, 0)
        XCTAssertLessThanOrEqual(s.definitions.moves, bound, "bottom-up moves: \(s.definitions.moves)")
    }

    func testDeadIdsAreDroppedAndTheOrderKept() throws {
        // Enough moves leave most ids dead, and the store is renumbered: with reach entries
        // (the inequality and the optional pull reach into the chain) and a removal after it.
        let s = Solver()
        let n = 1500
        let tops = (0..<n).map { s.makeVariable(name: "t\($0)") }
        var rng = SplitMix64(seed: 0x0D1E_0003)
        let order = Array(1..<n).shuffled(using: &rng)
        var links: [Int: Constraint] = [:]
        for i in order[..<(n / 2)] { links[i] = try s.add(tops[i] == tops[i - 1] + 44) }
        try s.add(tops[n / 2] <= 1e9)
        try s.add(tops[n - 1] == 0, priority: Priority(250))
        for i in order[(n / 2)...] { links[i] = try s.add(tops[i] == tops[i - 1] + 44) }
        try s.add(tops[0] == 10)
        s.updateVariables()
        try s.checkInvariants()
        XCTAssertGreaterThan(s.definitions.moves, 0)
        XCTAssertLessThan(s.definitions.count, n + s.definitions.moves, "no id was dropped")
        XCTAssertEqual(s.published, s.currentValues())
        for i in stride(from: 0, to: n, by: 101) { XCTAssertEqual(try s.value(of: tops[i]), 10 + 44 * Double(i)) }
        // Without link k, the tops from k on follow the pull of the last one to 0.
        let k = 700
        try s.remove(links[k]!)
        s.updateVariables()
        try s.checkInvariants()
        XCTAssertEqual(s.published, s.currentValues())
        XCTAssertEqual(try s.value(of: tops[k - 1]), 10 + 44 * Double(k - 1))
        XCTAssertEqual(try s.value(of: tops[k]), -44 * Double(n - 1 - k), accuracy: 1e-9)
        XCTAssertEqual(try s.value(of: tops[n - 1]), 0, accuracy: 1e-9)
    }

    func testTheUsersIndexIsRenumberedWithTheDefinitions() throws {
        // A shuffled chain long enough for several renumberings while moves still have budget:
        // the index built for the moves is renumbered with the store, not dropped, and stays
        // what building it again would give (checkInvariants compares it with the terms).
        let s = Solver()
        let n = 4000
        let tops = (0..<n).map { s.makeVariable(name: "t\($0)") }
        var rng = SplitMix64(seed: 0x0D1E_0006)
        var renumberedWithIndex = 0
        for (k, i) in Array(1..<n).shuffled(using: &rng).enumerated() {
            let before = s.definitions.count
            let indexed = s.definitions.users.isBuilt
            try s.add(tops[i] == tops[i - 1] + 44)
            if s.definitions.count < before {
                if indexed && s.definitions.users.isBuilt { renumberedWithIndex += 1 }
                try s.checkInvariants()
            }
            if k % 500 == 0 { try s.checkInvariants() }
        }
        try s.add(tops[0] == 10)
        s.updateVariables()
        try s.checkInvariants()
        XCTAssertGreaterThan(renumberedWithIndex, 0, "no renumbering kept the index")
        XCTAssertEqual(s.statistics.rows, 0)
        XCTAssertEqual(s.published, s.currentValues())
        for i in stride(from: 0, to: n, by: 97) { XCTAssertEqual(try s.value(of: tops[i]), 10 + 44 * Double(i)) }
    }

    func testTheDefinitionsThatMentionTheSubjectMoveAfterIt() throws {
        let s = Solver()
        let a = s.makeVariable(name: "a"), b = s.makeVariable(name: "b"), c = s.makeVariable(name: "c")
        try s.add(b == a + 10)  // b := a + 10: a is mentioned now
        try s.add(a == c + 5)   // a := c + 5, and b's definition is made again after it
        try s.add(c == 1)       // a constant
        s.updateVariables()
        try s.checkInvariants()
        XCTAssertEqual(s.statistics.definitions, 3)
        XCTAssertEqual(s.statistics.rows, 0)
        XCTAssertEqual(try s.values(of: [a, b, c]), [6, 16, 1])
        XCTAssertEqual(s.published, s.currentValues())
    }

    func testACycleGoesToTheTableau() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x"), y = s.makeVariable(name: "y")
        try s.add(y == x + 1)
        // Defining x here would make x depend on y, which depends on x.
        try s.add(x == 2 * y - 1)
        s.updateVariables()
        try s.checkInvariants()
        // y's definition became the row it stands for, x is written over it.
        XCTAssertEqual(s.statistics.definitions, 0)
        XCTAssertEqual(s.statistics.rows, 2)
        XCTAssertEqual(try s.value(of: x), -1, accuracy: 1e-12)
        XCTAssertEqual(try s.value(of: y), 0, accuracy: 1e-12)
    }

    func testARejectedBatchUndoesTheMoves() throws {
        let s = Solver()
        let a = s.makeVariable(name: "a"), b = s.makeVariable(name: "b")
        let c = s.makeVariable(name: "c"), z = s.makeVariable(name: "z")
        try s.add(b == a + 10)
        try s.add(c >= 0)  // c is in the tableau: the link can only define a
        try s.add(z == 5)
        s.updateVariables()
        let dumpBefore = s.dump(), valuesBefore = s.currentValues()
        let link = try s.makeConstraint(a == c + 5)
        let bad = try s.makeConstraint(z == 6)
        XCTAssertThrowsError(try s.add(batch: [link, bad]))
        try s.checkInvariants()
        XCTAssertEqual(s.dump(), dumpBefore)
        XCTAssertEqual(s.currentValues(), valuesBefore)
        // The same link alone moves b's definition and holds.
        try s.add(link)
        s.updateVariables()
        try s.checkInvariants()
        XCTAssertEqual(s.statistics.definitions, 3)
        XCTAssertEqual(try s.value(of: b), try s.value(of: c) + 15)
        XCTAssertEqual(s.published, s.currentValues())
    }

    /// Random forests of links (a variable tied to another plus a constant) with optional sizes
    /// and random extra constraints, added in shuffled orders with removals and re-adds: the
    /// same optimum as plain Cassowary at every priority, and every invariant (topological ids
    /// included) after every round.
    func testShuffledLinksReachTheOptimumOfPlainCassowary() throws {
        var rng = SplitMix64(seed: 0x0D1E_0002)
        let priorities: [Double] = [1000, 1000, 750, 500, 250]
        var moves = 0
        for round in 0..<150 {
            let twins = DefinitionTwins(variableCounts: 6...16, using: &rng)
            let n = twins.variableCount
            var specs: [ConstraintSpec] = []
            // A random forest: each variable but the first tied to an earlier one.
            for v in 1..<n where Int.random(in: 0..<5, using: &rng) > 0 {
                let parent = Int.random(in: 0..<v, using: &rng)
                specs.append(([(v, 1), (parent, -1)], Double(Int.random(in: -20...20, using: &rng)), .equal, 1000))
            }
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                let terms = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    (Int.random(in: 0..<n, using: &rng), Double(Int.random(in: -2...3, using: &rng)))
                }.filter { $0.1 != 0 }
                guard !terms.isEmpty else { continue }
                let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                specs.append((terms, Double(Int.random(in: -40...40, using: &rng)), relation,
                              priorities.randomElement(using: &rng)!))
            }
            specs.shuffle(using: &rng)
            for (step, spec) in specs.enumerated() {
                twins.addToBoth(spec)
                if Bool.random(using: &rng) { twins.assertIncrementalPublication(round: round) }
                try twins.solvers[0].checkInvariants()
                if step % 5 == 4, let victim = twins.handles[0].indices.randomElement(using: &rng) {
                    try twins.removeFromBoth(victim, readding: Bool.random(using: &rng))
                }
            }
            try twins.assertSameOptimumOfHeld(round: round)
            moves += twins.solvers[0].definitions.moves
        }
        // The programs did exercise the moves.
        XCTAssertGreaterThan(moves, 100)
    }
}
