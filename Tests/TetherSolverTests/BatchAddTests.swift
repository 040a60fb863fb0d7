import XCTest
@testable import TetherSolver

/// `add(batch:)` adds a batch that cannot fail without a journal, as `add(_:)` adds such
/// constraints one at a time; any batch that might fail still goes in one transaction and is
/// undone exactly.
final class BatchAddTests: XCTestCase {
    /// A feed of `n` cells (the benchmark's grid): every required constraint has a variable of
    /// its own that no earlier constraint mentions.
    private func feed(_ s: Solver, _ n: Int) throws -> (constraints: [Constraint], variables: [Variable]) {
        let rootLeft = s.makeVariable(), rootTop = s.makeVariable()
        let rootWidth = s.makeVariable(), rootHeight = s.makeVariable()
        var made = [try s.makeConstraint(rootLeft == 0), try s.makeConstraint(rootTop == 0)]
        var variables = [rootLeft, rootTop, rootWidth, rootHeight]
        var previous: (top: Variable, height: Variable)?
        for i in 0..<n {
            let left = s.makeVariable(), width = s.makeVariable()
            let top = s.makeVariable(), height = s.makeVariable()
            variables += [left, width, top, height]
            let intrinsic = 44 + Double((i * 37) % 100)
            made.append(try s.makeConstraint(previous.map { top == $0.top + $0.height + 4 } ?? (top == rootTop + 4)))
            made.append(try s.makeConstraint(left == rootLeft + 16))
            made.append(try s.makeConstraint(left + width == rootLeft + rootWidth - 16))
            made.append(try s.makeConstraint(height >= 44))
            made.append(try s.makeConstraint(height <= intrinsic, priority: try Priority(250)))
            made.append(try s.makeConstraint(height >= intrinsic, priority: try Priority(750)))
            previous = (top, height)
        }
        made.append(try s.makeConstraint(rootTop + rootHeight >= previous!.top + previous!.height + 4))
        made.append(try s.makeConstraint(rootHeight == 0, priority: try Priority(50)))
        return (made, variables)
    }

    func testABatchThatCannotFailEndsAsOneByOne() throws {
        let batched = Solver(), single = Solver()
        let (all, batchedVariables) = try feed(batched, 40)
        let (each, singleVariables) = try feed(single, 40)
        XCTAssertGreaterThanOrEqual(all.count, Solver.unjournaledBatchMinimum)
        try batched.add(batch: all)
        for c in each { try single.add(c) }
        try batched.checkInvariants()
        XCTAssertEqual(batched.statistics.definitions, single.statistics.definitions)
        batched.updateVariables()
        single.updateVariables()
        XCTAssertEqual(try batched.values(of: batchedVariables), try single.values(of: singleVariables))
        XCTAssertEqual(batched.statistics.addedConstraints, all.count)
        // A later batch that fails is still undone exactly.
        let before = batched.dump()
        let rootHeight = batchedVariables[3]
        XCTAssertThrowsError(try batched.add(batch: [try batched.makeConstraint(rootHeight == 1)]))
        XCTAssertEqual(batched.dump(), before)
    }

    /// `x` is fresh when the batch starts, but an earlier constraint of the batch brings it into
    /// the tableau: the batch can fail, so it must be journaled and undone whole.
    func testAVariableMadeStaleByAnEarlierConstraintOfTheBatchKeepsTheJournal() throws {
        let s = Solver()
        let kept = s.makeVariable()
        try s.add(kept == 3)
        s.updateVariables()
        let before = s.dump()
        let x = s.makeVariable()
        var batch = [try s.makeConstraint(x >= 10)]
        var fillers: [Variable] = []
        for i in 0..<Solver.unjournaledBatchMinimum {
            let v = s.makeVariable()
            fillers.append(v)
            batch.append(try s.makeConstraint(v == kept + Double(i)))
        }
        let conflict = try s.makeConstraint(x <= 5)
        batch.append(conflict)
        XCTAssertThrowsError(try s.add(batch: batch)) { error in
            guard case .unsatisfiable(let rejected, _)? = error as? SolverError else { return XCTFail("\(error)") }
            // Reported in the caller's order: the first that cannot follow those before it.
            XCTAssertEqual(rejected, conflict)
        }
        XCTAssertEqual(s.dump(), before)
        try s.checkInvariants()
        for c in batch { XCTAssertFalse(try s.isAdded(c)) }
        XCTAssertEqual(s.statistics.addedConstraints, 1)
        // Without the conflict the same constraints go in.
        try s.add(batch: Array(batch.dropLast()))
        s.updateVariables()
        XCTAssertEqual(try s.value(of: x), 10, accuracy: 1e-9)
        XCTAssertEqual(try s.value(of: fillers[5]), 8, accuracy: 1e-9)
    }
}
