import XCTest
@testable import TetherSolver

/// Publishing values reads a copy of the definitions' terms and constants kept in id order
/// (`DefinitionStore.termStart`), made once values are published again over the same
/// definitions. The copy must follow everything that changes definitions: new ones, moves and
/// the renumbering after them, removals, constant changes.
final class DefinitionTermCopyTests: XCTestCase {
    /// A chain `x[i+1] == x[i] + gap[i]` from an edited root, its links added in a shuffled order
    /// (moves and renumberings on the way). Each published value is checked against the sum.
    func testTheCopyFollowsEveryChangeOfTheDefinitions() throws {
        var rng = SplitMix64(seed: 2026)
        let s = Solver()
        let n = 400
        let x = (0...n).map { _ in s.makeVariable() }
        var gaps = (0..<n).map { Double($0 % 7) + 1 }
        var links: [Constraint?] = Array(repeating: nil, count: n)
        for i in (0..<n).shuffled(using: &rng) { links[i] = try s.add(x[i + 1] == x[i] + gaps[i]) }
        try s.addEditVariable(x[0], priority: .defaultHigh)

        func check(root: Double, _ label: String) throws {
            try s.suggestValue(root, for: x[0])
            s.updateVariables()
            var expected = root
            for i in 0...n {
                if i > 0 { expected += gaps[i - 1] }
                XCTAssertEqual(try s.value(of: x[i]), expected, accuracy: 1e-9, "\(label): x[\(i)]")
            }
            do { try s.checkInvariants() } catch { XCTFail("\(label): \(error)"); throw error }
        }
        try check(root: 10, "first publication")
        try check(root: 20, "published again: the copy is made")
        XCTAssertEqual(s.definitions.copiedTerms, s.definitions.count, "the terms are copied")
        try check(root: 30, "read from the copy")

        // A constant changed in place: the copy's constant follows.
        gaps[17] = 100
        try s.setConstant(-100, of: links[17]!)
        try check(root: 40, "a constant changed")

        // Links removed and added again in another order: new definitions, moves, renumbering.
        let removed = (0..<n).shuffled(using: &rng).prefix(60)
        for i in removed { try s.remove(links[i]!) }
        for i in removed { gaps[i] = Double(i % 3) + 2 }
        for i in removed.shuffled(using: &rng) { links[i] = try s.add(x[i + 1] == x[i] + gaps[i]) }
        try check(root: 50, "after removals and adds")
        try check(root: 60, "published again after them")
        XCTAssertEqual(s.definitions.copiedTerms, s.definitions.count, "the new terms are copied")
    }
}
