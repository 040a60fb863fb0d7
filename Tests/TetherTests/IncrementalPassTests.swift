import XCTest
@testable import Tether
import TetherViewTestSupport

/// A pass without a rebuild costs what changed (docs/view-model.md, "The pass"): it reads the
/// content sizes of invalidated views only, writes the frames of the views whose solved rects
/// changed and of the subviews of views that moved, and still calls every `layoutSubviews` hook.
/// Observed through the root layout's pass counts (`RootLayout.lastPass`), which the old pass (it
/// read every content size and wrote every frame) fails.
final class IncrementalPassTests: XCTestCase {
    private typealias Feed = FeedFixture
    private static let count = FeedFixture.count
    private static func intrinsic(_ i: Int) -> Double { FeedFixture.intrinsic(i) }

    private func feed() throws -> Feed { try FeedFixture.make() }

    /// The cells' frames by the closed form, with `heights` and 4 apart from y = 4.
    private func expectedCells(_ heights: [Double], width: Double = 375) -> [Rect] {
        var y = 4.0
        return heights.map { h in
            defer { y += h + 4 }
            return Rect(x: 16, y: y, width: width - 32, height: h)
        }
    }

    func testTheFirstPassWritesEveryFrame() throws {
        let f = try feed()
        XCTAssertTrue(f.layout.lastPass.wroteEveryFrame)
        XCTAssertEqual(f.layout.lastPass.framesWritten, Self.count + 1, "every view but the root")
        XCTAssertEqual(f.layout.lastPass.contentSizesRead, Self.count + 2, "a rebuild reads every participant")
    }

    func testAConstantChangeWritesOnlyTheFramesItMoves() throws {
        let f = try feed()
        let solver = f.layout.solver
        f.tops[8].constant = 12
        try f.root.layoutIfNeeded()
        XCTAssertTrue(f.layout.solver === solver, "no rebuild")
        XCTAssertEqual(f.layout.lastPass, RootLayout.PassCounts(framesWritten: (Self.count - 8) + 1, contentSizesRead: 0),
                       "cells 8 and below, and the content view that hugs them; no content size is read")
        var want = expectedCells((0..<Self.count).map(Self.intrinsic))
        for i in 8..<Self.count { want[i].origin.y += 8 }
        XCTAssertEqual(f.cells.map(\.frame), want)

        // A change that moves nothing writes nothing.
        f.tops[8].constant = 12
        f.root.setNeedsLayout()
        try f.root.layoutIfNeeded()
        XCTAssertEqual(f.layout.lastPass, RootLayout.PassCounts())
        XCTAssertEqual(f.cells.map(\.frame), want)
    }

    func testAnIntrinsicSizeChangeReadsThatViewOnly() throws {
        let f = try feed()
        var heights = (0..<Self.count).map(Self.intrinsic)
        heights[5] += 10
        f.cells[5].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: heights[5])
        try f.root.layoutIfNeeded()
        XCTAssertEqual(f.layout.lastPass, RootLayout.PassCounts(framesWritten: (Self.count - 5) + 1, contentSizesRead: 1))
        XCTAssertEqual(f.cells.map(\.frame), expectedCells(heights))
        XCTAssertEqual(f.content.frame, Rect(x: 0, y: 0, width: 375, height: expectedCells(heights).last!.maxY + 4))
    }

    /// `invalidateIntrinsicContentSize` is what makes a pass read a view's content size again (as
    /// in UIKit): the stored size changed behind the engine's back is read only once invalidated.
    func testInvalidatingOneViewRelayoutsIt() throws {
        let f = try feed()
        var heights = (0..<Self.count).map(Self.intrinsic)
        f.cells[3].storedIntrinsicSize = Size(width: View.noIntrinsicMetric, height: 100)
        f.cells[7].storedIntrinsicSize = Size(width: View.noIntrinsicMetric, height: 60)
        f.cells[7].invalidateIntrinsicContentSize()
        try f.root.layoutIfNeeded()
        heights[7] = 60
        XCTAssertEqual(f.layout.lastPass.contentSizesRead, 1, "only the invalidated view")
        XCTAssertEqual(f.cells.map(\.frame), expectedCells(heights))

        f.cells[3].invalidateIntrinsicContentSize()
        f.cells[3].invalidateIntrinsicContentSize()  // queued once
        try f.root.layoutIfNeeded()
        heights[3] = 100
        XCTAssertEqual(f.layout.lastPass.contentSizesRead, 1)
        XCTAssertEqual(f.cells.map(\.frame), expectedCells(heights))
        XCTAssertFalse(f.layout.lastPass.wroteEveryFrame)
    }

    /// Losing or gaining a metric changes the shape of the problem: the pass rebuilds.
    func testLosingAndGainingAMetricRebuilds() throws {
        let f = try feed()
        var heights = (0..<Self.count).map(Self.intrinsic)
        var solver = f.layout.solver
        f.cells[2].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        try f.root.layoutIfNeeded()
        XCTAssertFalse(f.layout.solver === solver, "rebuilt")
        XCTAssertTrue(f.layout.lastPass.wroteEveryFrame)
        heights[2] = 44  // only height >= 44 is left
        XCTAssertEqual(f.cells.map(\.frame), expectedCells(heights))

        solver = f.layout.solver
        f.cells[2].intrinsicContentSize = Size(width: View.noIntrinsicMetric, height: 70)
        try f.root.layoutIfNeeded()
        XCTAssertFalse(f.layout.solver === solver, "rebuilt")
        heights[2] = 70
        XCTAssertEqual(f.cells.map(\.frame), expectedCells(heights))
    }

    func testAResizeWritesTheFramesItChanges() throws {
        let f = try feed()
        f.root.frame = Rect(x: 0, y: 0, width: 320, height: 800)
        try f.root.layoutIfNeeded()
        XCTAssertEqual(f.layout.lastPass, RootLayout.PassCounts(framesWritten: Self.count + 1, contentSizesRead: 0))
        XCTAssertEqual(f.cells.map(\.frame), expectedCells((0..<Self.count).map(Self.intrinsic), width: 320))
        // Only the height: nothing in the feed depends on it.
        f.root.frame = Rect(x: 0, y: 0, width: 320, height: 900)
        try f.root.layoutIfNeeded()
        XCTAssertEqual(f.layout.lastPass, RootLayout.PassCounts())
    }

    /// Every view's `layoutSubviews` hook is still called in every pass, top-down, after its
    /// subviews got their frames, whether or not anything of it changed.
    func testEveryHookRunsInEveryPassAfterItsSubviewsFrames() throws {
        let f = try feed()
        var events: [String] = []
        f.root.layoutSubviewsHook = { _ in events.append("root") }
        f.content.layoutSubviewsHook = { [cells = f.cells] _ in events.append("content:\(cells[9].frame.minY)") }
        f.cells[1].layoutSubviewsHook = { _ in events.append("cell1") }
        let y9 = f.cells[9].frame.minY
        f.tops[8].constant = 10
        try f.root.layoutIfNeeded()
        XCTAssertEqual(events, ["root", "content:\(y9 + 6)", "cell1"], "cell 1 did not change, its hook runs")
        XCTAssertEqual(f.layout.lastPass.framesWritten, (Self.count - 8) + 1)
        events = []
        f.cells[1].layoutSubviewsHook = nil
        f.root.setNeedsLayout()
        try f.root.layoutIfNeeded()
        XCTAssertEqual(events, ["root", "content:\(y9 + 6)"])
        events = []
        try f.root.layoutIfNeeded()
        XCTAssertEqual(events, [], "no pass without changes")
    }

    /// A view that keeps its frame (no constraint names it) moves with its superview: when the
    /// superview moves, the constrained subviews inside it get new frames (relative to it) though
    /// their solved rects did not change.
    func testSubviewsOfAViewThatKeepsItsFrameFollowWhenItsSuperviewMoves() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let panel = try engine.makeConstrainedSubview(of: root)
        let plain = try engine.makeConstrainedSubview(of: panel, frame: Rect(x: 5, y: 7, width: 100, height: 100))  // keeps its frame: nothing names it
        let badge = try engine.makeConstrainedSubview(of: plain)
        let panelLeft = try panel.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
        try activate([
            panelLeft, panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            panel.widthAnchor.constraint(equalToConstant: 200), panel.heightAnchor.constraint(equalToConstant: 200),
            badge.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 50),
            badge.topAnchor.constraint(equalTo: root.topAnchor, constant: 60),
            badge.widthAnchor.constraint(equalToConstant: 10), badge.heightAnchor.constraint(equalToConstant: 10),
        ])
        try root.layoutIfNeeded()
        XCTAssertEqual(plain.frame, Rect(x: 5, y: 7, width: 100, height: 100))
        XCTAssertEqual(badge.frame, Rect(x: 50 - 15, y: 60 - 27, width: 10, height: 10))
        panelLeft.constant = 30
        try root.layoutIfNeeded()
        let layout = engine.rootLayouts[ObjectIdentifier(root)]!
        XCTAssertFalse(layout.lastPass.wroteEveryFrame)
        XCTAssertEqual(layout.lastPass.framesWritten, 2, "the panel, and the badge inside the plain view")
        XCTAssertEqual(panel.frame, Rect(x: 30, y: 20, width: 200, height: 200))
        XCTAssertEqual(plain.frame, Rect(x: 5, y: 7, width: 100, height: 100))
        XCTAssertEqual(badge.frame, Rect(x: 50 - 35, y: 60 - 27, width: 10, height: 10))
    }

    /// Guides follow their owners: a user guide when its owner moves, the margins guide when its
    /// owner's size changes.
    func testGuidesFollowTheirOwners() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let card = try engine.makeConstrainedSubview(of: root)
        let guide = engine.makeLayoutGuide()
        try card.addLayoutGuide(guide)
        let margins = card.layoutMarginsGuide
        let cardLeft = try card.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
        let cardWidth = try card.widthAnchor.constraint(equalToConstant: 100)
        try activate([
            cardLeft, cardWidth, card.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            card.heightAnchor.constraint(equalToConstant: 50),
            guide.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 40),
            guide.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            guide.widthAnchor.constraint(equalToConstant: 5), guide.heightAnchor.constraint(equalToConstant: 5),
        ])
        try root.layoutIfNeeded()
        XCTAssertEqual(guide.layoutFrame, Rect(x: 30, y: 10, width: 5, height: 5))
        XCTAssertEqual(margins.layoutFrame, Rect(x: 8, y: 8, width: 84, height: 34))
        cardLeft.constant = 20
        try root.layoutIfNeeded()
        XCTAssertFalse(engine.rootLayouts[ObjectIdentifier(root)]!.lastPass.wroteEveryFrame)
        XCTAssertEqual(guide.layoutFrame, Rect(x: 20, y: 10, width: 5, height: 5), "its solved rect did not change")
        cardWidth.constant = 120
        try root.layoutIfNeeded()
        XCTAssertEqual(margins.layoutFrame, Rect(x: 8, y: 8, width: 104, height: 34))
    }

    /// An exercised ambiguity shows frames of another solution until the next pass, which writes
    /// every frame again.
    func testThePassAfterAnExercisedAmbiguityWritesEveryFrame() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let loose = try engine.makeConstrainedSubview(of: root)
        let other = try engine.makeConstrainedSubview(of: root)
        let otherTop = try other.topAnchor.constraint(equalTo: root.topAnchor, constant: 5)
        try activate([
            loose.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor, constant: 10),
            loose.topAnchor.constraint(equalTo: root.topAnchor), loose.widthAnchor.constraint(equalToConstant: 10),
            loose.heightAnchor.constraint(equalToConstant: 10),
            other.leftAnchor.constraint(equalTo: root.leftAnchor), otherTop,
            other.widthAnchor.constraint(equalToConstant: 10), other.heightAnchor.constraint(equalToConstant: 10),
        ])
        try root.layoutIfNeeded()
        let solved = loose.frame
        XCTAssertTrue(try loose.exerciseAmbiguityInLayout())
        XCTAssertNotEqual(loose.frame, solved)
        otherTop.constant = 6  // does not touch `loose`
        try root.layoutIfNeeded()
        XCTAssertTrue(engine.rootLayouts[ObjectIdentifier(root)]!.lastPass.wroteEveryFrame)
        XCTAssertEqual(loose.frame, solved, "back to the solver's solution")
        XCTAssertEqual(other.frame.minY, 6)
    }

    func testUpdateConstraintsHooksRunWhenAsked() throws {
        let f = try feed()
        var calls = 0
        f.cells[4].updateConstraintsHook = { _ in calls += 1 }
        f.tops[2].constant = 5
        try f.root.layoutIfNeeded()
        XCTAssertEqual(calls, 0, "not asked")
        f.cells[4].setNeedsUpdateConstraints()
        try f.root.layoutIfNeeded()
        XCTAssertEqual(calls, 1)
        // A hook that asks again during the pass is called in the next pass, rebuild or not.
        f.cells[4].updateConstraintsHook = { view in
            calls += 1
            if calls == 2 { view.setNeedsUpdateConstraints() }
        }
        f.cells[4].setNeedsUpdateConstraints()
        try f.root.layoutIfNeeded()
        XCTAssertEqual(calls, 2)
        f.tops[2].constant = 6
        try f.root.layoutIfNeeded()
        XCTAssertEqual(calls, 3)
    }

    /// A hook that changes the hierarchy and lays it out again from inside a pass (found by
    /// fuzz-capi): the inner pass rebuilds the tables, and the outer one stops walking the old
    /// ones instead of indexing past them.
    func testAHookThatRemovesViewsAndLaysOutAgain() throws {
        for full in [true, false] {
            let f = try feed()
            if !full { try f.tops[3].setConstant(12); try f.root.layoutIfNeeded() }
            var fired = false
            f.cells[0].layoutSubviewsHook = { [root = f.root, cells = f.cells] _ in
                guard !fired else { return }
                fired = true
                for cell in cells[6...] { cell.removeFromSuperview() }
                try? root.layoutIfNeeded()
            }
            // A full pass (a resize changes every width) or a changed-frames pass (one constant).
            if full { f.root.frame = Rect(x: 0, y: 0, width: 320, height: 800) } else { try f.tops[3].setConstant(20) }
            try f.root.layoutIfNeeded()
            XCTAssertTrue(fired)
            XCTAssertEqual(f.content.subviews.count, 6)
            let width: Double = full ? 320 : 375
            for cell in f.content.subviews { XCTAssertEqual(cell.frame.width, width - 32, accuracy: 1e-9) }
            // The content view hugged the last cell, which is gone: only its height == 0 is left.
            XCTAssertEqual(f.content.frame.height, 0)
        }
    }
}
