import XCTest
@testable import Tether
import TetherViewTestSupport

/// UIKit's safe-area rules: insets derived from the ancestors, margins measured from the safe
/// area (`insetsLayoutMarginsFromSafeArea`), the host's override, and the bound on layouts that
/// keep moving views across a safe area.
final class SafeAreaTests: XCTestCase {
    private var engine = LayoutEngine()
    private var reports: [String] = []
    /// An iPhone-sized root with the host's insets: status bar and notch on top, home indicator.
    private var root: View!

    override func setUpWithError() throws {
        engine = LayoutEngine()
        reports = []
        engine.diagnosticHandler = { [unowned self] in reports.append($0) }
        root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 375, height: 812), identifier: "root")
        root.safeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
    }

    private func pin(_ v: View, to other: LayoutItem, insets: EdgeInsets = .zero) throws -> [LayoutConstraint] {
        [try v.topAnchor.constraint(equalTo: other.topAnchor, constant: insets.top),
         try v.leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: insets.left),
         try v.bottomAnchor.constraint(equalTo: other.bottomAnchor, constant: -insets.bottom),
         try v.trailingAnchor.constraint(equalTo: other.trailingAnchor, constant: -insets.right)]
    }

    func testInsetsAreThePartOfTheViewUnderItsAncestorsUnsafeArea() throws {
        let container = try engine.makeSubview(of: root, identifier: "container")
        let header = try engine.makeSubview(of: container, identifier: "header")
        let middle = try engine.makeSubview(of: container, identifier: "middle")
        let footer = try engine.makeSubview(of: container, identifier: "footer")
        try activate(try pin(container, to: root) + [
            try header.topAnchor.constraint(equalTo: container.topAnchor),
            try header.heightAnchor.constraint(equalToConstant: 30),
            try middle.topAnchor.constraint(equalTo: container.topAnchor, constant: 100),
            try middle.heightAnchor.constraint(equalToConstant: 100),
            try footer.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -10),
            try footer.heightAnchor.constraint(equalToConstant: 50),
        ] + [header, middle, footer].flatMap { v in
            [try v.leadingAnchor.constraint(equalTo: container.leadingAnchor),
             try v.trailingAnchor.constraint(equalTo: container.trailingAnchor)]
        })
        try root.layoutIfNeeded()
        XCTAssertEqual(container.safeAreaInsets, EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        XCTAssertTrue(container.safeAreaInsetsAreDerived)
        // Wholly under the bar: its whole height, never more.
        XCTAssertEqual(header.safeAreaInsets, EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(middle.safeAreaInsets, .zero)
        XCTAssertEqual(footer.safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 24, right: 0))
        XCTAssertFalse(root.safeAreaInsetsAreDerived)
        XCTAssertEqual(reports, [])

        // Landscape: the notch moves to the left, the bar goes away.
        root.frame = Rect(x: 0, y: 0, width: 812, height: 375)
        root.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)
        try root.layoutIfNeeded()
        XCTAssertEqual(container.safeAreaInsets, EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        XCTAssertEqual(header.safeAreaInsets, EdgeInsets(top: 0, left: 44, bottom: 0, right: 44))
        XCTAssertEqual(footer.safeAreaInsets, EdgeInsets(top: 0, left: 44, bottom: 11, right: 44))
    }

    func testASubviewPinnedToItsSuperviewsSafeAreaGuideAvoidsTheRootsUnsafeArea() throws {
        // A full-screen container that knows nothing of the screen; its content follows its own
        // safe-area guide, which the layout derives from the root's.
        let container = try engine.makeSubview(of: root, identifier: "container")
        let content = try engine.makeSubview(of: container, identifier: "content")
        try activate(try pin(container, to: root) + pin(content, to: container.safeAreaLayoutGuide))
        try root.layoutIfNeeded()
        XCTAssertEqual(content.frame, Rect(x: 0, y: 44, width: 375, height: 734))
        XCTAssertEqual(container.safeAreaLayoutGuide.layoutFrame, Rect(x: 0, y: 44, width: 375, height: 734))
        XCTAssertEqual(reports, [])
        // No insets: nothing is derived.
        root.safeAreaInsets = .zero
        try root.layoutIfNeeded()
        XCTAssertEqual(content.frame, Rect(x: 0, y: 0, width: 375, height: 812))
        XCTAssertEqual(container.safeAreaInsets, .zero)
    }

    func testMarginsAreMeasuredFromTheSafeArea() throws {
        root.frame = Rect(x: 0, y: 0, width: 812, height: 375)
        root.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)
        let row = try engine.makeSubview(of: root, identifier: "row")
        let label = try engine.makeSubview(of: row, identifier: "label")
        try activate([
            try row.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            try row.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            try row.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            try row.heightAnchor.constraint(equalToConstant: 44),
            try LayoutConstraint(item: label, attribute: .leading, relatedBy: .equal, toItem: row, attribute: .leadingMargin),
            try label.trailingAnchor.constraint(equalTo: row.layoutMarginsGuide.trailingAnchor),
            try label.topAnchor.constraint(equalTo: row.topAnchor),
            try label.bottomAnchor.constraint(equalTo: row.bottomAnchor),
        ])
        try root.layoutIfNeeded()
        XCTAssertEqual(row.layoutMargins, EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        XCTAssertEqual(row.effectiveLayoutMargins, EdgeInsets(top: 8, left: 52, bottom: 8, right: 52))
        XCTAssertEqual(label.frame, Rect(x: 52, y: 0, width: 708, height: 44))
        // UIKit's switch: margins from the bounds, under the notch.
        row.insetsLayoutMarginsFromSafeArea = false
        try root.layoutIfNeeded()
        XCTAssertEqual(label.frame, Rect(x: 8, y: 0, width: 796, height: 44))
        XCTAssertEqual(row.layoutMarginsGuide.layoutFrame, Rect(x: 8, y: 8, width: 796, height: 28))
    }

    func testTheHostsInsetsOverrideTheDerivedOnesUntilReset() throws {
        let container = try engine.makeSubview(of: root, identifier: "container")
        let content = try engine.makeSubview(of: container, identifier: "content")
        try activate(try pin(container, to: root) + pin(content, to: container.safeAreaLayoutGuide))
        container.safeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        try root.layoutIfNeeded()
        XCTAssertFalse(container.safeAreaInsetsAreDerived)
        XCTAssertEqual(content.frame, Rect(x: 0, y: 10, width: 375, height: 802))
        container.resetSafeAreaInsets()
        XCTAssertTrue(container.safeAreaInsetsAreDerived)
        try root.layoutIfNeeded()
        XCTAssertEqual(content.frame, Rect(x: 0, y: 44, width: 375, height: 734))
    }

    func testAViewThatLeavesTheHierarchyLosesItsDerivedInsets() throws {
        let container = try engine.makeSubview(of: root, identifier: "container")
        try activate(try pin(container, to: root))
        try root.layoutIfNeeded()
        XCTAssertEqual(container.safeAreaInsets.top, 44)
        container.removeFromSuperview()
        try container.layoutIfNeeded()
        XCTAssertEqual(container.safeAreaInsets, .zero)
    }

    func testALayoutThatKeepsMovingAcrossTheSafeAreaStopsWithADiagnostic() throws {
        // v's safe-area top is pinned 20 below the root's top, so v moves up by its own inset,
        // which grows as it moves up: the insets change five times before they settle.
        let v = try engine.makeSubview(of: root, identifier: "v")
        try activate([
            try v.safeAreaLayoutGuide.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            try v.heightAnchor.constraint(equalToConstant: 100),
            try v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            try v.widthAnchor.constraint(equalToConstant: 100),
        ])
        try root.layoutIfNeeded()
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.contains("still changed after \(RootLayout.maximumInsetRounds) layouts") ?? false,
                      "\(reports)")
    }

    func testInsetsOfARectOutsideASafeArea() {
        typealias Safe = RootLayout.SafeBounds
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        XCTAssertEqual(RootLayout.insets(of: r, outside: Safe(minX: 10, minY: 20, maxX: 210, maxY: 220)),
                       EdgeInsets(top: 20, left: 10, bottom: 0, right: 0))
        XCTAssertEqual(RootLayout.insets(of: r, outside: Safe(minX: -5, minY: -5, maxX: 45, maxY: 15)),
                       EdgeInsets(top: 0, left: 0, bottom: 35, right: 55))
        // A safe area that misses the view: the whole view is inset, never more than its size.
        XCTAssertEqual(RootLayout.insets(of: r, outside: Safe(minX: 0, minY: 80, maxX: 100, maxY: 90)),
                       EdgeInsets(top: 50, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(RootLayout.insets(of: r, outside: Safe(minX: 0, minY: 10, maxX: 100, maxY: -20)),
                       EdgeInsets(top: 10, left: 0, bottom: 40, right: 0))
        // Zero insets bound nothing: a view sticking out past such an edge is not inset there.
        let safe = Safe(Rect(x: 0, y: 0, width: 320, height: 480), EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(RootLayout.insets(of: Rect(x: -30, y: 20, width: 400, height: 500), outside: safe),
                       EdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
    }
}
