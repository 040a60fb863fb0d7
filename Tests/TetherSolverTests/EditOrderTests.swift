import Foundation
import XCTest
@testable import TetherSolver

/// Edit variables added after the constraints they drive cost what they cost added first, and
/// mean what they meant: `v == 0` until a suggestion, whenever the solution is read.
final class EditOrderTests: XCTestCase {
    /// grid2d at side `s` (benchmarks/swift/Workloads.swift, `runGrid2D`): views in rows and
    /// columns, equal widths per row and heights per column @500, the last of each row and
    /// column pinned to the root's far edge @750, the root's width and height edit variables
    /// suggested so that every view is 100 × 44.
    private struct Grid {
        let solver = Solver()
        let rootWidth: Variable, rootHeight: Variable
        var widths: [Variable] = [], heights: [Variable] = []
        var constraints: [Constraint] = []

        init(side s: Int) throws {
            let solver = self.solver
            let rootLeft = solver.makeVariable(), rootTop = solver.makeVariable()
            rootWidth = solver.makeVariable()
            rootHeight = solver.makeVariable()
            var list: [(LinearConstraint, Priority)] = [(rootLeft == 0, .required), (rootTop == 0, .required)]
            var lefts: [Variable] = [], tops: [Variable] = []
            let low = try Priority(250), edge = try Priority(750), equal = try Priority(500)
            for r in 0..<s {
                for c in 0..<s {
                    let left = solver.makeVariable(), top = solver.makeVariable()
                    let w = solver.makeVariable(), h = solver.makeVariable()
                    list.append((w >= 20, .required))
                    list.append((h >= 20, .required))
                    list.append((w == 100, low))
                    list.append((h == 44, low))
                    if c == 0 {
                        list.append((left == rootLeft + 8, .required))
                    } else {
                        let k = r * s + c - 1
                        let right: LinearExpression = lefts[k] + widths[k]
                        list.append((left == right + 8, .required))
                    }
                    if r == 0 {
                        list.append((top == rootTop + 8, .required))
                    } else {
                        let k = (r - 1) * s + c
                        let bottom: LinearExpression = tops[k] + heights[k]
                        list.append((top == bottom + 8, .required))
                    }
                    if c > 0 { list.append((w.equals(widths[r * s]), equal)) }
                    if r > 0 { list.append((h.equals(heights[c]), equal)) }
                    if c == s - 1 {
                        let far: LinearExpression = rootLeft + rootWidth
                        list.append((left + w == far - 8, edge))
                    }
                    if r == s - 1 {
                        let far: LinearExpression = rootTop + rootHeight
                        list.append((top + h == far - 8, edge))
                    }
                    lefts.append(left); tops.append(top); widths.append(w); heights.append(h)
                }
            }
            constraints = try list.map { try solver.makeConstraint($0.0, priority: $0.1) }
        }

        func addEdits(side s: Int) throws {
            let strong = try Priority(999)
            try solver.addEditVariable(rootWidth, priority: strong)
            try solver.addEditVariable(rootHeight, priority: strong)
            try solver.suggestValue(Double(s) * 108 + 8, for: rootWidth)
            try solver.suggestValue(Double(s) * 52 + 8, for: rootHeight)
        }

        func values() throws -> [Double] {
            solver.updateVariables()
            return try solver.values(of: widths + heights + [rootWidth, rootHeight])
        }
    }

    func testEditVariablesAfterABatchBuildWhatTheyBuildFirst() throws {
        let s = 12
        let first = try Grid(side: s)
        try first.addEdits(side: s)
        try first.solver.add(batch: first.constraints)
        let last = try Grid(side: s)
        try last.solver.add(batch: last.constraints)
        try last.addEdits(side: s)
        XCTAssertEqual(try last.values(), try first.values())
        for w in try last.values().prefix(s * s) { XCTAssertEqual(w, 100, accuracy: 1e-9) }
        // With the root's size free while the rows were added, each bottom edge's row took
        // about one degenerate pivot per row of the grid, and the edits walked the layout to a
        // size of 0 and back (12 × 12: hundreds of pivots); now neither pivots at all.
        XCTAssertEqual(last.solver.statistics.pivots, first.solver.statistics.pivots)
        XCTAssertEqual(last.solver.statistics.pivots, 0)
        XCTAssertEqual(last.solver.statistics.cells, first.solver.statistics.cells)
        try last.solver.checkInvariants()
    }

    func testEditVariablesAfterOneByOneAddsBuildWhatTheyBuildFirst() throws {
        let s = 8
        let first = try Grid(side: s)
        try first.addEdits(side: s)
        for c in first.constraints { try first.solver.add(c) }
        let last = try Grid(side: s)
        for c in last.constraints { try last.solver.add(c) }
        try last.addEdits(side: s)
        let a = try first.values(), b = try last.values()
        for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: 1e-9) }
        XCTAssertLessThanOrEqual(last.solver.statistics.pivots, first.solver.statistics.pivots)
    }

    /// An optional equality the current solution satisfies exactly enters with no pivot: its
    /// row's subject is chosen to keep the tableau optimal.
    func testAnOptionalEqualityThatHoldsEntersWithoutAPivot() throws {
        let s = Solver()
        let widths = try LabelColumn(s, count: 100).widths
        try s.add(widths[0] >= 30)
        for i in 1..<100 { try s.add(widths[i].equals(widths[0])) }
        let extra = s.makeVariable()
        try s.add(extra >= 119, priority: try Priority(750))
        try s.add(extra <= 119, priority: try Priority(251))
        s.updateVariables()
        XCTAssertEqual(try s.value(of: widths[0]), 119, accuracy: 1e-9)
        let pivots = s.statistics.pivots
        try s.add(extra.equals(widths[0]), priority: try Priority(900))
        XCTAssertEqual(s.statistics.pivots, pivots)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: extra), 119, accuracy: 1e-9)
        try s.checkInvariants()
        // A row that does not hold still moves the solution, by pivots: a label that needs 125
        // widens the column.
        let wide = s.makeVariable()
        try s.add(wide >= 125, priority: try Priority(750))
        try s.add(wide == widths[0] + 0)
        XCTAssertGreaterThan(s.statistics.pivots, pivots)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: widths[99]), 125, accuracy: 1e-9)
        XCTAssertEqual(try s.value(of: extra), 125, accuracy: 1e-9)
        try s.checkInvariants()
    }

    /// An edit variable without a suggestion still means `v == 0` at its priority, however its
    /// move there is scheduled: read by `updateVariables`, `suggestedValue`, `dump` and
    /// `statistics` alike, and undone by removing the edit.
    func testAnEditVariableWithoutASuggestionHoldsItsVariableAtZero() throws {
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(x == 40, priority: try Priority(500))
        try s.add(y == x + 10)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: y), 50, accuracy: 1e-9)
        // The dump without its count of pivots (moving an edit there and back pivots).
        func tableau() -> String { s.dump().replacingOccurrences(of: #"\d+ pivots"#, with: "", options: .regularExpression) }
        let before = tableau()

        try s.addEditVariable(x, priority: try Priority(999))
        XCTAssertEqual(try s.suggestedValue(of: x), 0)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: x), 0, accuracy: 1e-9)
        XCTAssertEqual(try s.value(of: y), 10, accuracy: 1e-9)
        try s.checkInvariants()

        try s.removeEditVariable(x)
        XCTAssertEqual(tableau(), before)
        try s.addEditVariable(x, priority: try Priority(999))
        try s.removeEditVariable(x)  // removed before it ever moved
        XCTAssertEqual(tableau(), before)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: y), 50, accuracy: 1e-9)

        // Added, then another constraint: the edit moves first, as if it had moved when added.
        try s.addEditVariable(x, priority: try Priority(999))
        let z = s.makeVariable()
        try s.add(z == x + 1)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: z), 1, accuracy: 1e-9)
        try s.suggestValue(7, for: x)
        s.updateVariables()
        XCTAssertEqual(try s.value(of: z), 8, accuracy: 1e-9)
        XCTAssertEqual(try s.suggestedValue(of: x), 7)
        try s.checkInvariants()
    }

    /// `dump()` and `statistics` describe the solver the edit's move has reached.
    func testDumpAndStatisticsSeeTheEditMoved() throws {
        let build = { () throws -> Solver in
            let s = Solver()
            let x = s.makeVariable(name: "x")
            try s.add(x == 40, priority: try Priority(500))
            try s.addEditVariable(x, priority: try Priority(999))
            return s
        }
        let a = try build(), b = try build()
        b.updateVariables()  // moves b's edit; a's waits
        XCTAssertEqual(a.dump(), b.dump())
        XCTAssertEqual(a.statistics.pivots, b.statistics.pivots)
    }
}
