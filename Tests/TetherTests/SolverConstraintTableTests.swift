import XCTest
@testable import Tether
import TetherSolver

/// The per-solver-constraint table a root's rebuild keeps its owners in (SolverConstraintTable):
/// it must answer as the dictionary it replaced did, including for ids whose slot a newer
/// constraint took.
final class SolverConstraintTableTests: XCTestCase {
    func testValuesFollowIdsNotSlots() throws {
        let s = Solver()
        let x = s.makeVariable(name: "x")
        var table = SolverConstraintTable<String>()
        let a = try s.makeConstraint(x >= 1)
        let b = try s.makeConstraint(x <= 9)
        table[a] = "a"
        table[b] = "b"
        XCTAssertEqual(table[a], "a")
        XCTAssertEqual(table[b], "b")
        // a's slot goes to c: a finds nothing, and clearing a leaves c alone.
        try s.freeConstraint(a)
        let c = try s.makeConstraint(x == 5)
        XCTAssertEqual(c.slot, a.slot, "the freed slot is reused")
        XCTAssertNil(table[c])
        table[c] = "c"
        XCTAssertNil(table[a])
        table[a] = nil
        XCTAssertEqual(table[c], "c")
        table[c] = nil
        XCTAssertNil(table[c])
        XCTAssertEqual(table[b], "b")
        // Another solver's constraint in the same slot finds nothing either (c's generation
        // differs from a fresh solver's first, whatever the two solvers' tags).
        table[c] = "c"
        let other = Solver()
        let y = other.makeVariable(name: "y")
        let d = try other.makeConstraint(y >= 0)
        XCTAssertEqual(d.slot, a.slot)
        XCTAssertNil(table[d])
        table.removeAll()
        XCTAssertNil(table[b])
    }
}
