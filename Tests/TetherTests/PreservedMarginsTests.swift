import XCTest
@testable import Tether
import TetherViewTestSupport

/// UIKit's `preservesSuperviewLayoutMargins`: a preserving view's effective margins are, per edge,
/// the larger of its own and how far its superview's margin area reaches into it; derived from
/// the frames in the same fixed-point walk as the safe-area insets (RootLayout+SafeArea.swift).
final class PreservedMarginsTests: XCTestCase {
    private var engine = LayoutEngine()
    private var reports: [String] = []
    private var root: View!

    override func setUpWithError() throws {
        engine = LayoutEngine()
        reports = []
        engine.diagnosticHandler = { [unowned self] in reports.append($0) }
        root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 300, height: 200), identifier: "root")
        root.layoutMargins = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
    }

    private func pin(_ v: View, to other: LayoutItem, insets: EdgeInsets = .zero) throws -> [LayoutConstraint] {
        [try v.topAnchor.constraint(equalTo: other.topAnchor, constant: insets.top),
         try v.leftAnchor.constraint(equalTo: other.leftAnchor, constant: insets.left),
         try v.bottomAnchor.constraint(equalTo: other.bottomAnchor, constant: -insets.bottom),
         try v.rightAnchor.constraint(equalTo: other.rightAnchor, constant: -insets.right)]
    }

    func testAChildInsetInItsParentsMarginsPreservesTheirReach() throws {
        // The child sits 5 in from the left and right, flush at the top and bottom: the root's
        // 20-point margins reach 15 into it at the sides and 20 at the top and bottom.
        let child = try engine.makeSubview(of: root, identifier: "child")
        let content = try engine.makeSubview(of: child, identifier: "content")
        XCTAssertFalse(child.preservesSuperviewLayoutMargins)
        child.preservesSuperviewLayoutMargins = true
        try activate(try pin(child, to: root, insets: EdgeInsets(top: 0, left: 5, bottom: 0, right: 5))
                     + pin(content, to: child.layoutMarginsGuide))
        try root.layoutIfNeeded()
        XCTAssertEqual(child.frame, Rect(x: 5, y: 0, width: 290, height: 200))
        XCTAssertEqual(child.layoutMargins, EdgeInsets(top: 8, left: 8, bottom: 8, right: 8), "its own, as set")
        XCTAssertEqual(child.effectiveLayoutMargins, EdgeInsets(top: 20, left: 15, bottom: 20, right: 15))
        XCTAssertEqual(content.frame, Rect(x: 15, y: 20, width: 260, height: 160))
        XCTAssertEqual(child.layoutMarginsGuide.layoutFrame, content.frame)
        XCTAssertEqual(reports, [])

        // Its own margins win where they are larger.
        child.layoutMargins = EdgeInsets(top: 4, left: 30, bottom: 4, right: 10)
        try root.layoutIfNeeded()
        XCTAssertEqual(child.effectiveLayoutMargins, EdgeInsets(top: 20, left: 30, bottom: 20, right: 15))
        XCTAssertEqual(content.frame, Rect(x: 30, y: 20, width: 245, height: 160))

        // Turning it off restores its own margins at the next pass.
        child.preservesSuperviewLayoutMargins = false
        XCTAssertEqual(child.effectiveLayoutMargins, child.layoutMargins)
        try root.layoutIfNeeded()
        XCTAssertEqual(content.frame, Rect(x: 30, y: 4, width: 250, height: 192))
        XCTAssertEqual(reports, [])
    }

    func testAViewInsideItsSuperviewsMarginAreaKeepsItsOwnMargins() throws {
        let child = try engine.makeSubview(of: root, identifier: "child")
        child.preservesSuperviewLayoutMargins = true
        try activate(try pin(child, to: root, insets: EdgeInsets(top: 40, left: 40, bottom: 40, right: 40)))
        try root.layoutIfNeeded()
        XCTAssertEqual(child.effectiveLayoutMargins, child.layoutMargins)
    }

    func testNestedPreservingViewsSettleTopDown() throws {
        // root margins 20 → a, 5 in, preserves 15 → b, 3 into a, preserves 15 − 3 = 12.
        let a = try engine.makeSubview(of: root, identifier: "a")
        let b = try engine.makeSubview(of: a, identifier: "b")
        let content = try engine.makeSubview(of: b, identifier: "content")
        a.preservesSuperviewLayoutMargins = true
        b.preservesSuperviewLayoutMargins = true
        let five = EdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
        let three = EdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
        try activate(try pin(a, to: root, insets: five) + pin(b, to: a, insets: three) + pin(content, to: b.layoutMarginsGuide))
        try root.layoutIfNeeded()
        XCTAssertEqual(a.effectiveLayoutMargins, EdgeInsets(top: 15, left: 15, bottom: 15, right: 15))
        XCTAssertEqual(b.effectiveLayoutMargins, EdgeInsets(top: 12, left: 12, bottom: 12, right: 12))
        XCTAssertEqual(content.frame, Rect(x: 12, y: 12, width: 284 - 24, height: 184 - 24))
        // In root coordinates the content lines up with the root's margins.
        XCTAssertEqual(5 + 3 + content.frame.minX, 20)

        // b no longer preserving: its own 8; a keeps 15.
        b.preservesSuperviewLayoutMargins = false
        try root.layoutIfNeeded()
        XCTAssertEqual(a.effectiveLayoutMargins.left, 15)
        XCTAssertEqual(content.frame.minX, 8)
        XCTAssertEqual(reports, [])
    }

    func testThePreservedReachIncludesTheSuperviewsSafeArea() throws {
        // The root measures its margins from its safe area (44 at the top): its margin area
        // reaches 64 into a child flush with its top; the child's own margins add its own
        // derived safe area (44) to 8, 52, so the superview's reach wins.
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        let child = try engine.makeSubview(of: root, identifier: "child")
        child.preservesSuperviewLayoutMargins = true
        let guide = child.layoutMarginsGuide
        try activate(try pin(child, to: root))
        try root.layoutIfNeeded()
        XCTAssertEqual(child.safeAreaInsets.top, 44)
        XCTAssertEqual(child.effectiveLayoutMargins, EdgeInsets(top: 64, left: 20, bottom: 20, right: 20))
        XCTAssertEqual(guide.layoutFrame, Rect(x: 20, y: 64, width: 260, height: 116))
        XCTAssertEqual(reports, [])
    }

    func testFrameModeViewsPreserveToo() throws {
        // No constraints: the frames are the host's, the margins guide follows them.
        let child = try engine.makeSubview(of: root, identifier: "child")
        child.frame = Rect(x: 10, y: 0, width: 100, height: 100)
        let guide = child.layoutMarginsGuide
        child.preservesSuperviewLayoutMargins = true
        try root.layoutIfNeeded()
        XCTAssertEqual(child.effectiveLayoutMargins, EdgeInsets(top: 20, left: 10, bottom: 8, right: 8))
        XCTAssertEqual(guide.layoutFrame, Rect(x: 10, y: 20, width: 82, height: 72))
        child.frame = Rect(x: 2, y: 0, width: 100, height: 100)
        try root.layoutIfNeeded()
        XCTAssertEqual(guide.layoutFrame, Rect(x: 18, y: 20, width: 74, height: 72))
    }

    func testAViewThatLeavesTheHierarchyLosesThePreservedReach() throws {
        let child = try engine.makeSubview(of: root, identifier: "child")
        child.preservesSuperviewLayoutMargins = true
        try activate(try pin(child, to: root))
        try root.layoutIfNeeded()
        XCTAssertEqual(child.effectiveLayoutMargins.top, 20)
        child.removeFromSuperview()
        try child.layoutIfNeeded()
        XCTAssertEqual(child.effectiveLayoutMargins, child.layoutMargins)
        XCTAssertTrue(child.preservesSuperviewLayoutMargins)
    }

    func testTheWalkRunsOnlyWhileAViewPreserves() throws {
        let child = try engine.makeSubview(of: root, identifier: "child")
        try activate(try pin(child, to: root, insets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5)))
        try root.layoutIfNeeded()
        let layout = engine.rootLayout(root)
        XCTAssertFalse(layout.insetsWalkNeeded, "no inset and no preserving view: no walk")
        child.preservesSuperviewLayoutMargins = true
        try root.layoutIfNeeded()
        XCTAssertTrue(layout.insetsWalkNeeded)
        child.preservesSuperviewLayoutMargins = false
        try root.layoutIfNeeded()
        XCTAssertFalse(layout.insetsWalkNeeded)
        // Setting the same value is no change: no pass is needed.
        child.preservesSuperviewLayoutMargins = false
        XCTAssertNil(engine.dirtyRoots[ObjectIdentifier(root)])
    }

    func testMarginsThatKeepMovingTheViewStopWithADiagnostic() throws {
        // v's margin guide top is pinned 20 below the root's top, so v moves up by its own
        // preserved margin, which grows as it moves up into the root's margin area.
        let v = try engine.makeSubview(of: root, identifier: "v")
        v.preservesSuperviewLayoutMargins = true
        root.layoutMargins = EdgeInsets(top: 100, left: 20, bottom: 20, right: 20)
        try activate([
            try v.layoutMarginsGuide.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            try v.heightAnchor.constraint(equalToConstant: 50),
            try v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 50),
            try v.widthAnchor.constraint(equalToConstant: 100),
        ])
        try root.layoutIfNeeded()
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("preserved layout margins") ?? false, "\(reports)")
        XCTAssertTrue(reports.first?.contains("still changed after \(RootLayout.maximumInsetRounds) layouts") ?? false,
                      "\(reports)")
    }
}
