import XCTest
@testable import TetherSolver

/// Checks `s`'s invariants, publishes its values (`updateVariables`) and asserts that each
/// variable of `expected` has its value, within `accuracy` (0: exactly).
func assertSolved(_ s: Solver, _ expected: KeyValuePairs<Variable, Double>, accuracy: Double = 1e-9,
                  file: StaticString = #filePath, line: UInt = #line) throws {
    try s.checkInvariants()
    s.updateVariables()
    for (variable, value) in expected {
        XCTAssertEqual(try s.value(of: variable), value, accuracy: accuracy, "\(variable)", file: file, line: line)
    }
}

/// Two views sharing 100 points: a.left == 0 (implicit), a.right + 10 == b.left,
/// b.right == 100, both widths >= 0 and otherwise free, so the split is ambiguous. Returns
/// a's width, b's left and b's width.
func makeTwoViewsSharingSpace(_ s: Solver) throws -> (aw: Variable, bl: Variable, bw: Variable) {
    let aw = s.makeVariable(), bl = s.makeVariable(), bw = s.makeVariable()
    try s.add(aw >= 0)
    try s.add(bw >= 0)
    try s.add(bl == aw + 10)
    try s.add(bl + bw == 100)
    return (aw, bl, bw)
}
