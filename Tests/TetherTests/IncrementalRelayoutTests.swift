import XCTest
import TetherSolver
@testable import Tether

/// A relayout after one constant change touches only what it affects: in a stacked feed, a
/// change on one cell moves that cell and the cells below it (and the content view that hugs
/// them), and leaves the frames above it exactly as they were, without rebuilding the solver.
///
/// "Untouched" is asserted on the frames themselves: bit-for-bit equal above the change (which
/// frames a pass writes at all is counted in IncrementalPassTests).
final class IncrementalRelayoutTests: XCTestCase {
    private static let count = FeedFixture.count

    private static func intrinsic(_ i: Int) -> Double { FeedFixture.intrinsic(i) }

    /// The vgrid workload (docs/benchmarks.md) at 12 cells: a root 375 wide, a content view
    /// pinned to its left, top and width whose height hugs the cells, cells stacked with 4
    /// spacing, 16 insets, height >= 44 and an intrinsic height each.
    /// Keep the engine: views hold it weakly.
    private func feed() throws -> (LayoutEngine, View, View, [View], [LayoutConstraint]) {
        let f = try FeedFixture.make()
        return (f.engine, f.root, f.content, f.cells, f.tops)
    }

    /// The closed form: cell i at (16, y_i, 343, h_i), y_0 = 4, y_{i+1} = y_i + h_i + 4 (+ `shift`
    /// from cell `from` on); the content view as tall as the cells plus 4.
    private func expectedFrames(heights: [Double], shift: Double = 0, from: Int = .max) -> ([Rect], Rect) {
        var y = 4.0
        var out: [Rect] = []
        for (i, h) in heights.enumerated() {
            if i == from { y += shift }
            out.append(Rect(x: 16, y: y, width: 343, height: h))
            y += h + 4
        }
        return (out, Rect(x: 0, y: 0, width: 375, height: y))
    }

    private func assertFrames(_ views: [View], _ expected: [Rect], file: StaticString = #filePath, line: UInt = #line) {
        for (i, (v, want)) in zip(views, expected).enumerated() {
            let f = v.frame
            for (got, w, name) in [(f.minX, want.minX, "x"), (f.minY, want.minY, "y"),
                                   (f.width, want.width, "width"), (f.height, want.height, "height")] {
                XCTAssertEqual(got, w, accuracy: 1e-9, "\(name) of cell \(i)", file: file, line: line)
            }
        }
    }

    /// Runs `change`, lays out, and checks which frames changed: exactly the cells from
    /// `firstAffected` on and the content view; the others are identical (==, not approximately).
    private func checkOnlyAffectedChange(_ engine: LayoutEngine, _ root: View, _ content: View, _ cells: [View],
                                         firstAffected: Int, change: () throws -> Void,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let solverBefore = engine.rootLayouts[ObjectIdentifier(root)]!.solver
        let before = cells.map(\.frame), contentBefore = content.frame
        try change()
        try root.layoutIfNeeded()
        XCTAssertTrue(engine.rootLayouts[ObjectIdentifier(root)]!.solver === solverBefore,
                      "a constant change is applied in place, without a rebuild", file: file, line: line)
        let after = cells.map(\.frame)
        for i in 0..<firstAffected {
            XCTAssertEqual(after[i], before[i], "cell \(i) is above the change: its frame must be untouched",
                           file: file, line: line)
        }
        for i in firstAffected..<cells.count {
            XCTAssertNotEqual(after[i], before[i], "cell \(i) is at or below the change", file: file, line: line)
        }
        XCTAssertNotEqual(content.frame, contentBefore, "the content view hugs the cells", file: file, line: line)
        XCTAssertEqual(root.frame, Rect(x: 0, y: 0, width: 375, height: 800), "the root keeps its frame",
                       file: file, line: line)
    }

    func testIntrinsicHeightChangeMovesOnlyThatCellAndTheOnesBelow() throws {
        let (engine, root, content, cells, _) = try feed()
        var heights = (0..<Self.count).map(Self.intrinsic)
        let (start, startContent) = expectedFrames(heights: heights)
        assertFrames(cells, start)
        XCTAssertEqual(content.frame.height, startContent.height, accuracy: 1e-9)

        let changed = 5
        try checkOnlyAffectedChange(engine, root, content, cells, firstAffected: changed) {
            cells[changed].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: heights[changed] + 10)
        }
        heights[changed] += 10
        let (moved, movedContent) = expectedFrames(heights: heights)
        assertFrames(cells, moved)
        XCTAssertEqual(content.frame.height, movedContent.height, accuracy: 1e-9)
        XCTAssertEqual(cells[changed].frame.height, Self.intrinsic(changed) + 10, accuracy: 1e-9)
    }

    func testSpacingConstantChangeMovesOnlyTheCellsBelow() throws {
        let (engine, root, content, cells, tops) = try feed()
        let heights = (0..<Self.count).map(Self.intrinsic)
        let changed = 8
        try checkOnlyAffectedChange(engine, root, content, cells, firstAffected: changed) {
            tops[changed].constant = 12
        }
        let (moved, movedContent) = expectedFrames(heights: heights, shift: 8, from: changed)
        assertFrames(cells, moved)
        XCTAssertEqual(content.frame.height, movedContent.height, accuracy: 1e-9)
        // The cell whose spacing changed keeps its size; only its position moves.
        XCTAssertEqual(cells[changed].frame.height, heights[changed], accuracy: 1e-9)

        // And back: every frame returns to the closed form.
        try checkOnlyAffectedChange(engine, root, content, cells, firstAffected: changed) {
            tops[changed].constant = 4
        }
        assertFrames(cells, expectedFrames(heights: heights).0)
    }

    func testLayoutSolverStatisticsCountTheRootSolver() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertNil(root.layoutSolverStatistics, "no pass yet")
        try root.layoutIfNeeded()
        XCTAssertNil(root.layoutSolverStatistics, "frame mode: nothing is solved")

        let (feedEngine, feedRoot, content, cells, tops) = try feed()
        let stats = try XCTUnwrap(feedRoot.layoutSolverStatistics)
        XCTAssertEqual(stats.variables, 4 * (Self.count + 2), "four per view: root, content, cells")
        // Root pins (4), content size (2 per cell), the user's constraints (3 + 4 per cell + 2).
        XCTAssertEqual(stats.constraints, 4 + 2 * Self.count + 3 + 4 * Self.count + 2)
        XCTAssertEqual(cells[0].layoutSolverStatistics, stats, "any view of the hierarchy reports its root's")
        XCTAssertEqual(content.layoutSolverStatistics, stats)
        tops[3].constant = 10
        try feedRoot.layoutIfNeeded()
        XCTAssertEqual(feedRoot.layoutSolverStatistics?.constraints, stats.constraints, "changed in place")
        withExtendedLifetime(feedEngine) {}  // views hold their engine weakly
    }
}
