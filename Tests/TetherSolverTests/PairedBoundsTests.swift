import XCTest
@testable import TetherSolver

/// Paired bounds (Solver+PairedBounds.swift): an optional inequality with the same terms and
/// constant as an added one of the opposite relation shares its row; everything a caller sees
/// is as with two rows.
final class PairedBoundsTests: XCTestCase {
    /// A view's height with content hugging (250) and compression resistance (750) at 44, as the
    /// view model and matplotlib's constrained layout add them.
    private func addContentHeight(_ s: Solver, _ h: Variable, _ size: Double) throws -> (hug: Constraint, resist: Constraint) {
        let hug = try s.add(h <= size, priority: Priority(250))
        let resist = try s.add(h >= size, priority: Priority(750))
        return (hug, resist)
    }

    func testTheSecondBoundAddsNoRow() throws {
        let paired = Solver(), separate = Solver(pairingBounds: false)
        for s in [paired, separate] {
            let h = s.makeVariable()
            _ = try addContentHeight(s, h, 44)
            s.updateVariables()
            XCTAssertEqual(try s.value(of: h), 44)
            try s.checkInvariants()
        }
        XCTAssertEqual(paired.statistics.rows + 1, separate.statistics.rows)
        XCTAssertEqual(paired.boundPartner.count, 2)
        XCTAssertTrue(separate.boundPartner.isEmpty)
    }

    func testOnlyTheSameTermsAndConstantWithTheOppositeRelationPair() throws {
        let s = Solver()
        let h = s.makeVariable(), w = s.makeVariable()
        _ = try s.add(h <= 44, priority: Priority(250))
        _ = try s.add(h <= 44, priority: Priority(750))     // the same relation
        _ = try s.add(h >= 45, priority: Priority(750))     // another constant
        _ = try s.add(2 * h >= 88, priority: Priority(750)) // another coefficient
        _ = try s.add(w >= 44, priority: Priority(750))     // another variable
        _ = try s.add(h >= 44)                              // required
        XCTAssertTrue(s.boundPartner.isEmpty)
        _ = try s.add(h >= 44, priority: Priority(100))
        XCTAssertEqual(s.boundPartner.count, 2)
        try s.checkInvariants()
    }

    /// The pair pulls both ways at its two priorities: a stronger push beats the weaker bound
    /// only, and each bound's error is its own.
    func testEachBoundKeepsItsPriority() throws {
        let s = Solver()
        let h = s.makeVariable()
        _ = try addContentHeight(s, h, 44)
        let push = try s.add(h == 60, priority: Priority(500))
        s.updateVariables()
        XCTAssertEqual(try s.value(of: h), 60)  // beats hugging (250), not compression
        try s.setConstant(-30, of: push)          // h == 30 @500 now loses to compression (750)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: h), 44)
        try s.checkInvariants()
    }

    func testRemovingEitherBoundLeavesTheOther() throws {
        for removeHost in [true, false] {
            let s = Solver()
            let h = s.makeVariable()
            let (hug, resist) = try addContentHeight(s, h, 44)
            _ = try s.add(h == 60, priority: Priority(500))
            try s.remove(removeHost ? hug : resist)
            s.updateVariables()
            // Without hugging, the push wins (60); without compression, hugging still loses (60).
            XCTAssertEqual(try s.value(of: h), 60)
            try s.checkInvariants()
            XCTAssertTrue(s.boundPartner.isEmpty)
            try s.setConstant(-20, of: removeHost ? resist : hug)  // the one left moves to 20
            s.updateVariables()
            XCTAssertEqual(try s.value(of: h), 60)  // the push (500) beats either bound at 20
            try s.add(removeHost ? hug : resist)
            try s.checkInvariants()
        }
    }

    func testChangingEitherConstantPartsThePair() throws {
        // `addContentHeight` adds hug first: hug is the host, resist the guest.
        for changeGuest in [true, false] {
            let s = Solver()
            let h = s.makeVariable()
            let (hug, resist) = try addContentHeight(s, h, 44)
            // Compression at 50 (the guest), hugging at 44: compression wins, h = 50.
            // Or hugging at 30 (the host), compression at 44: compression wins, h = 44.
            try s.setConstant(changeGuest ? -50 : -30, of: changeGuest ? resist : hug)
            XCTAssertTrue(s.boundPartner.isEmpty)
            s.updateVariables()
            XCTAssertEqual(try s.value(of: h), changeGuest ? 50 : 44)
            try s.checkInvariants()
            // Back to one constant: they pair again when one of them is added anew.
            try s.setConstant(-44, of: changeGuest ? resist : hug)
            try s.remove(resist)
            try s.add(resist)
            XCTAssertEqual(s.boundPartner.count, 2)
            s.updateVariables()
            XCTAssertEqual(try s.value(of: h), 44)
            try s.checkInvariants()
        }
    }

    func testChangingAGuestsPriorityMovesOnlyItsWeight() throws {
        let s = Solver()
        let h = s.makeVariable()
        let (_, resist) = try addContentHeight(s, h, 44)
        let push = try s.add(h == 30, priority: Priority(500))
        s.updateVariables()
        XCTAssertEqual(try s.value(of: h), 44)
        try s.setPriority(Priority(400), of: resist)  // the guest now loses to the push
        s.updateVariables()
        XCTAssertEqual(try s.value(of: h), 30)
        XCTAssertEqual(s.boundPartner.count, 2)
        try s.remove(push)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: h), 44)
        try s.checkInvariants()
    }

    /// A guest's constant change that would overflow is refused, and the values stay.
    func testAGuestsOverflowingConstantIsRefused() throws {
        let s = Solver()
        let h = s.makeVariable(), k = s.makeVariable()
        let (_, resist) = try addContentHeight(s, h, 44)
        try s.add(k == h + 1.5e308)
        XCTAssertThrowsError(try s.setConstant(-1.7e308, of: resist)) { error in
            guard case SolverError.changeOverflows = error else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(try s.constant(of: resist), -44)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: h), 44)
        try s.checkInvariants()
    }

    /// A batch that fails after pairing a guest with an older host undoes the pairing.
    func testAFailedBatchUndoesItsPairing() throws {
        let s = Solver()
        let h = s.makeVariable(), x = s.makeVariable()
        let hug = try s.add(h <= 44, priority: Priority(250))
        try s.add(x == 5)
        let resist = try s.makeConstraint(h >= 44, priority: Priority(750))
        let bad = try s.makeConstraint(x == 6)
        XCTAssertThrowsError(try s.add(batch: [resist, bad]))
        XCTAssertFalse(try s.isAdded(resist))
        XCTAssertTrue(s.boundPartner.isEmpty)
        try s.checkInvariants()
        try s.add(resist)
        XCTAssertEqual(s.boundPartner.count, 2)
        try s.remove(hug)
        try s.checkInvariants()
        _ = try s.add(h == 10, priority: Priority(500))
        s.updateVariables()
        XCTAssertEqual(try s.value(of: h), 44)
    }

    /// UIKit lists a view's content-size constraint (hugging and compression in one) among the
    /// constraints affecting its size; a pair that holds names both.
    func testSensitivityNamesBothBoundsOfAHoldingPair() throws {
        let s = Solver()
        let h = s.makeVariable()
        let (hug, resist) = try addContentHeight(s, h, 44)
        s.updateVariables()
        let found = try s.constraintsDetermining(LinearExpression(h))
        XCTAssertEqual(Set(found), Set([hug, resist]))
    }

    /// A column of cells tied top to bottom, each with hugging and compression at its height,
    /// added one constraint at a time in a shuffled order. Where two runs of links meet, the
    /// required link is violated by the heights above it. As two rows a pair leaves a slack the
    /// dual simplex reads as free, and it walked the cells one pivot at a time over rows as long
    /// as the column; paired, the root's height takes the difference at once.
    func testAShuffledColumnRewritesFewRows() throws {
        var counts: [Int] = []
        for pairing in [true, false] {
            let s = Solver(pairingBounds: pairing)
            let rootTop = s.makeVariable(), rootHeight = s.makeVariable()
            let n = 120
            let tops = (0..<n).map { _ in s.makeVariable() }, heights = (0..<n).map { _ in s.makeVariable() }
            var list: [(LinearConstraint, Double)] = [(rootTop == 0, 1000)]
            for i in 0..<n {
                list.append(i == 0 ? (tops[0] == rootTop + 4, 1000) : (tops[i] == tops[i - 1] + heights[i - 1] + 4, 1000))
                let size = 44 + Double(37 * i % 100)
                list.append((heights[i] >= 44, 1000))
                list.append((heights[i] <= size, 250))
                list.append((heights[i] >= size, 750))
            }
            list.append((rootTop + rootHeight >= tops[n - 1] + heights[n - 1] + 4, 1000))
            list.append((rootHeight == 0, 50))
            var rng = SplitMix64(seed: 7)
            list.shuffle(using: &rng)
            for (c, p) in list { _ = try s.add(c, priority: Priority(p)) }
            s.updateVariables()
            var y = 4.0
            for i in 0..<n {
                XCTAssertEqual(try s.value(of: tops[i]), y, accuracy: 1e-6)
                y += 44 + Double(37 * i % 100) + 4
            }
            XCTAssertEqual(try s.value(of: rootHeight), y, accuracy: 1e-6)
            try s.checkInvariants()
            counts.append(s.tableau.rowsRewritten)
        }
        // Measured: 120 rows rewritten paired, 542 as separate rows (the walk over the cells).
        XCTAssertLessThan(counts[0] * 3, counts[1], "rows rewritten paired / separate: \(counts)")
    }

    /// Random programs rich in opposite bounds, changed at random (adds, removals, re-adds,
    /// constant and priority changes), have the same optimum paired and as separate rows.
    func testRandomProgramsHaveTheSameOptimumPairedAndSeparate() throws {
        var rng = SplitMix64(seed: 0xB0_0D5)
        let priorities: [Double] = [1000, 900, 750, 500, 250, 100]
        for round in 0..<150 {
            let twins = DefinitionTwins(variableCounts: 2...6, using: &rng,
                                        solvers: [Solver(), Solver(pairingBounds: false)])
            let n = twins.variableCount
            func randomTerms() -> [(Int, Double)] {
                let a = Int.random(in: 0..<n, using: &rng)
                if n > 1 && Bool.random(using: &rng) {
                    var b = Int.random(in: 0..<n, using: &rng)
                    if b == a { b = (a + 1) % n }
                    return [(a, 1), (b, [-1.0, 1, 2].randomElement(using: &rng)!)]
                }
                return [(a, [1.0, 2, -1].randomElement(using: &rng)!)]
            }
            let constants: [Double] = [-10, -44, 0, 20]
            for _ in 0..<Int.random(in: 6...30, using: &rng) {
                let roll = Int.random(in: 0..<10, using: &rng)
                if roll < 5 || twins.specs.isEmpty {
                    // An opposite bound of an earlier spec, or a fresh one.
                    if roll < 3, let earlier = twins.specs.filter({ $0.relation != .equal && $0.priority < 1000 }).randomElement(using: &rng) {
                        let relation: Relation = earlier.relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
                        twins.addToBoth((earlier.terms, earlier.constant, relation, priorities[Int.random(in: 1..<6, using: &rng)]))
                    } else {
                        let relation = [Relation.lessThanOrEqual, .greaterThanOrEqual, .equal].randomElement(using: &rng)!
                        twins.addToBoth((randomTerms(), constants.randomElement(using: &rng)!, relation,
                                         priorities.randomElement(using: &rng)!))
                    }
                } else if roll < 7 {
                    try twins.removeFromBoth(Int.random(in: 0..<twins.specs.count, using: &rng),
                                             readding: Bool.random(using: &rng))
                } else if roll < 9 {
                    let i = Int.random(in: 0..<twins.specs.count, using: &rng)
                    guard let c0 = twins.handles[0][i], let c1 = twins.handles[1][i], twins.specs[i].priority < 1000 else { continue }
                    let constant = constants.randomElement(using: &rng)!
                    try twins.solvers[0].setConstant(constant, of: c0)
                    try twins.solvers[1].setConstant(constant, of: c1)
                    twins.specs[i].constant = constant
                } else {
                    let i = Int.random(in: 0..<twins.specs.count, using: &rng)
                    guard let c0 = twins.handles[0][i], let c1 = twins.handles[1][i], twins.specs[i].priority < 1000 else { continue }
                    let p = priorities[Int.random(in: 1..<6, using: &rng)]
                    try twins.solvers[0].setPriority(Priority(p), of: c0)
                    try twins.solvers[1].setPriority(Priority(p), of: c1)
                    twins.specs[i].priority = p
                }
                try twins.assertSameOptimumOfHeld(round: round)
            }
        }
    }
}
