import XCTest
@testable import TetherSolver

/// `DefinitionUsers`, the reverse index through which `publishChangedValues` finds the
/// definitions a change reaches: kept exact through every way a definition is made, removed,
/// released, materialized, rolled back or rebuilt, and publishing through it gives exactly the
/// full evaluation.
final class DefinitionUsersTests: XCTestCase {
    /// Views pinned to a shared root (its left is mentioned by most definitions, so removals hit
    /// the middle of long lists), chains between them, constants, and random changes: after
    /// every operation and update, the published values equal a full evaluation bit for bit and
    /// `checkInvariants` (which checks the index against the definitions' terms) passes.
    func testRandomDefinitionChurnPublishesLikeAFullEvaluation() throws {
        var rng = SplitMix64(seed: 0xD5E1_7A11)
        var incrementalUpdates = 0
        var rejected = 0
        for round in 0..<12 {
            let s = Solver()
            let rootLeft = s.makeVariable(name: "rootLeft")
            let rootWidth = s.makeVariable(name: "rootWidth")
            _ = try s.add(rootLeft == 0)
            try s.addEditVariable(rootWidth, priority: try Priority(999))
            try s.suggestValue(375, for: rootWidth)
            var vars = [rootLeft, rootWidth]
            var added: [Constraint] = []
            s.updateVariables()

            func fresh() -> Variable {
                let v = s.makeVariable()
                vars.append(v)
                return v
            }
            func old() -> Variable { vars[Int.random(in: 0..<vars.count, using: &rng)] }
            func constant() -> Double { Double(Int.random(in: -40...40, using: &rng)) }

            for step in 0..<120 {
                let op = Int.random(in: 0..<14, using: &rng)
                switch op {
                case 0..<4:
                    // A definition of a fresh variable over the root and older variables.
                    var e = LinearExpression(rootLeft) + Double(Int.random(in: 1...3, using: &rng)) * old()
                    if Bool.random(using: &rng) { e = e + 0.5 * rootWidth }
                    added.append(try s.add(fresh() == e + constant()))
                case 4:
                    // A constant definition (evaluated before the others).
                    added.append(try s.add(fresh() == constant()))
                case 5:
                    // An optional or inequality constraint over defined variables: materializes
                    // or reaches their definitions.
                    let lc = LinearConstraint(old() - old() + constant(),
                                              Bool.random(using: &rng) ? .lessThanOrEqual : .equal)
                    let p = try Priority([1000, 500, 1][Int.random(in: 0..<3, using: &rng)])
                    do { added.append(try s.add(lc, priority: p)) } catch { rejected += 1 }
                case 6, 7:
                    guard !added.isEmpty else { continue }
                    let c = added.remove(at: Int.random(in: 0..<added.count, using: &rng))
                    try s.remove(c)
                    try s.freeConstraint(c)
                case 8:
                    guard let c = added.randomElement(using: &rng) else { continue }
                    do { try s.setConstant(constant(), of: c) } catch { rejected += 1 }
                case 9:
                    // A batch whose last member contradicts the first: every definition the
                    // batch made is rolled back.
                    let x = fresh(), y = fresh()
                    let batch = [try s.makeConstraint(x == rootLeft + 5), try s.makeConstraint(y == x + 1),
                                 try s.makeConstraint(x == rootLeft + 6)]
                    do {
                        try s.add(batch: batch)
                        added.append(contentsOf: batch)
                    } catch {
                        rejected += 1
                        for c in batch { try s.freeConstraint(c) }
                    }
                case 10:
                    if step % 40 == 39 { s.reset(); added.removeAll(); _ = try s.add(rootLeft == 0)
                        try s.addEditVariable(rootWidth, priority: try Priority(999)) }
                default:
                    try s.suggestValue(Double(Int.random(in: 200...500, using: &rng)), for: rootWidth)
                }
                do { try s.checkInvariants() } catch {
                    XCTFail("round \(round) step \(step): \(error)\n\(s.dump())")
                    return
                }
                let incremental = !s.tableau.valuesStale
                s.updateVariables()
                if incremental && s.definitions.users.isBuilt { incrementalUpdates += 1 }
                XCTAssertEqual(s.published, s.currentValues(), "round \(round) step \(step): incremental publication differs")
                do { try s.checkInvariants() } catch {
                    XCTFail("round \(round) step \(step), after the update: \(error)\n\(s.dump())")
                    return
                }
            }
        }
        XCTAssertGreaterThan(incrementalUpdates, 500, "the generator should publish through the index")
        XCTAssertGreaterThan(rejected, 5, "the generator should exercise rollbacks")
    }

    /// One variable mentioned by many definitions: removing them one by one, in an order that
    /// hits the middle of its list, keeps the index exact, and a change of the variable then
    /// reaches exactly the definitions left.
    ///
    /// Also: a change that dirties most definitions (a chain moving as a whole) is published by
    /// the flag scan and builds no index; one that dirties few builds it.
    func testRemovingFromALongListKeepsTheIndexExact() throws {
        let s = Solver()
        let root = s.makeVariable()
        try s.addEditVariable(root, priority: try Priority(999))
        try s.suggestValue(1, for: root)
        var xs: [Variable] = []
        var links: [Constraint] = []
        for i in 0..<200 {
            let x = s.makeVariable()
            xs.append(x)
            links.append(try s.add(x == root + Double(i)))
        }
        // Definitions the root's changes do not reach: a change of the root dirties a third
        // of them, few enough that publication builds the index.
        let other = s.makeVariable()
        try s.addEditVariable(other, priority: try Priority(999))
        for i in 0..<400 { _ = try s.add(s.makeVariable() == other - Double(i)) }
        s.updateVariables()
        XCTAssertFalse(s.definitions.users.isBuilt, "built on demand only")
        try s.suggestValue(2, for: root)
        s.updateVariables()
        XCTAssertTrue(s.definitions.users.isBuilt)
        try s.suggestValue(3, for: root)
        s.updateVariables()
        XCTAssertEqual(s.published, s.currentValues())
        var rng = SplitMix64(seed: 7)
        var order = Array(links.indices)
        order.shuffle(using: &rng)
        for (n, k) in order.enumerated() {
            try s.remove(links[k])
            try s.checkInvariants()
            if n % 17 == 0 {
                try s.suggestValue(Double(n + 3), for: root)
                s.updateVariables()
                XCTAssertEqual(s.published, s.currentValues())
                try s.checkInvariants()
            }
        }
        XCTAssertEqual(s.definitions.users.liveEntries, 400, "the definitions over the other variable")
    }
}

extension DefinitionUsersTests {
    /// A chain moving as a whole dirties every definition: the flag scan publishes it and no
    /// index is built (no memory, no build on the first resize).
    func testDenseChangesBuildNoIndex() throws {
        let s = Solver()
        let width = s.makeVariable()
        try s.addEditVariable(width, priority: try Priority(999))
        try s.suggestValue(10, for: width)
        var previous = s.makeVariable()
        _ = try s.add(previous == 0)
        for _ in 0..<300 {
            let x = s.makeVariable()
            _ = try s.add(x == previous + width)
            previous = x
        }
        s.updateVariables()
        for k in 0..<5 {
            try s.suggestValue(Double(11 + k), for: width)
            s.updateVariables()
            XCTAssertEqual(s.published, s.currentValues())
        }
        XCTAssertFalse(s.definitions.users.isBuilt)
        XCTAssertEqual(try s.value(of: previous), 300 * 15)
    }
}
