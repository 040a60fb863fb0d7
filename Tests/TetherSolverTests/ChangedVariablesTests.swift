import XCTest
@testable import TetherSolver

/// `takeChangedVariables(into:)`: what `updateVariables()` changed, for clients that mirror values.
final class ChangedVariablesTests: XCTestCase {
    func testOffUntilAskedAndIncompleteAtFirst() throws {
        let s = Solver()
        let x = s.makeVariable()
        _ = try s.add(x == 1)
        s.updateVariables()
        var out: [Variable] = [x]
        XCTAssertFalse(s.takeChangedVariables(into: &out), "not recording")
        XCTAssertEqual(out, [])
        s.recordsChangedVariables = true
        XCTAssertFalse(s.takeChangedVariables(into: &out), "nothing before the start was recorded")
        XCTAssertTrue(s.takeChangedVariables(into: &out))
        XCTAssertEqual(out, [], "no update since the last take")
    }

    /// A chain x0 = 0, x_{i+1} = x_i + 10: a constant change in the middle changes the variables
    /// from there on, and the record lists at least those (each set of listed variables is checked
    /// against a full read: none that changed is left out).
    func testListsEveryVariableWhoseValueChanged() throws {
        for eliminating in [false, true] {
            let s = Solver(eliminatingDefinitions: eliminating)
            s.recordsChangedVariables = true
            let xs = (0..<20).map { _ in s.makeVariable() }
            _ = try s.add(xs[0] == 0)
            var links: [Constraint] = []
            for i in 1..<xs.count { links.append(try s.add(xs[i] == xs[i - 1] + 10)) }
            s.updateVariables()
            var out: [Variable] = []
            XCTAssertFalse(s.takeChangedVariables(into: &out), "the first update publishes everything")
            var before = try s.values(of: xs)
            for (step, link) in [(12, links[11]), (3, links[2]), (19, links[18])] {
                try s.setConstant(-Double(step), of: link)
                s.updateVariables()
                XCTAssertTrue(s.takeChangedVariables(into: &out))
                let after = try s.values(of: xs)
                let listed = Set(out)
                for (i, x) in xs.enumerated() where after[i] != before[i] {
                    XCTAssertTrue(listed.contains(x), "x\(i) changed but is not listed (eliminating: \(eliminating))")
                }
                XCTAssertTrue(Set(xs.map(\.denseIndex)).count == xs.count, "dense indices are distinct")
                before = after
            }
            // Two updates between takes: both are handed over.
            try s.setConstant(-25, of: links[4])
            s.updateVariables()
            try s.setConstant(-25, of: links[14])
            s.updateVariables()
            XCTAssertTrue(s.takeChangedVariables(into: &out))
            XCTAssertTrue(Set(out).isSuperset(of: xs[15...]), "changes of the first update are kept")
            XCTAssertTrue(Set(out).isSuperset(of: xs[5..<12]))
        }
    }

    func testDenseIndicesAndPublishedValues() throws {
        let s = Solver()
        s.recordsChangedVariables = true
        let xs = (0..<6).map { _ in s.makeVariable() }
        _ = try s.add(xs[0] == 1)
        var links: [Constraint] = []
        for i in 1..<xs.count { links.append(try s.add(xs[i] == xs[i - 1] + 2)) }
        s.updateVariables()
        var indices: [Int32] = [99]
        XCTAssertFalse(s.takeChangedDenseIndices(into: &indices))
        XCTAssertEqual(indices, [])
        try s.setConstant(-5, of: links[2])  // x3 = x2 + 5: x3, x4, x5 move by 3
        s.updateVariables()
        XCTAssertTrue(s.takeChangedDenseIndices(into: &indices))
        XCTAssertTrue(Set(indices.map(Int.init)).isSuperset(of: xs[3...].map(\.denseIndex)))
        let values = s.withPublishedValues { published in xs.map { published[$0.denseIndex] } }
        XCTAssertEqual(values, try s.values(of: xs))
        XCTAssertEqual(values, [1, 3, 5, 10, 12, 14])
        XCTAssertTrue(s.takeChangedDenseIndices(into: &indices))
        XCTAssertEqual(indices, [], "taken")
    }

    func testTurningRecordingOffForgets() throws {
        let s = Solver()
        s.recordsChangedVariables = true
        let x = s.makeVariable()
        let c = try s.add(x == 1)
        s.updateVariables()
        var out: [Variable] = []
        _ = s.takeChangedVariables(into: &out)
        try s.setConstant(-2, of: c)
        s.updateVariables()
        s.recordsChangedVariables = false
        XCTAssertFalse(s.takeChangedVariables(into: &out))
        XCTAssertEqual(out, [])
    }
}
