import XCTest
@testable import Tether

/// Pixel-grid rounding (`LayoutEngine.displayScale`, docs/view-model.md "Pixel-grid rounding"):
/// edges rounded in root coordinates to multiples of 1/scale, neighbours flush, no view below its
/// intrinsic size by rounding, the exact frames still readable, and nothing changed at scale 0.
final class PixelGridTests: XCTestCase {
    private var engine: LayoutEngine!

    override func setUp() { engine = LayoutEngine() }

    /// A root 100 wide with three views side by side, each a third of it, `top` from the top.
    private struct Row {
        let root: View
        let views: [View]
    }

    private func makeRow(top: Double = 0.25) throws -> Row {
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        var views: [View] = []
        var constraints: [LayoutConstraint] = []
        for i in 0..<3 {
            let v = try engine.makeSubview(of: root)
            constraints += [
                try v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 1.0 / 3),
                try v.topAnchor.constraint(equalTo: root.topAnchor, constant: top),
                try v.heightAnchor.constraint(equalToConstant: 10.4),
                try v.leftAnchor.constraint(equalTo: i == 0 ? root.leftAnchor : views[i - 1].rightAnchor),
            ]
            views.append(v)
        }
        try activate(constraints)
        try root.layoutIfNeeded()
        return Row(root: root, views: views)
    }

    private func assertOnGrid(_ value: Double, _ scale: Double, _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let pixels = value * scale
        XCTAssertEqual(pixels, pixels.rounded(), accuracy: 1e-9, "\(what) = \(value) is off the 1/\(scale) grid",
                       file: file, line: line)
    }

    func testTheDefaultIsNoRoundingAndFramesAreExact() throws {
        XCTAssertEqual(engine.displayScale, 0)
        let row = try makeRow()
        for (i, v) in row.views.enumerated() {
            XCTAssertEqual(v.frame, v.unroundedFrame)
            XCTAssertEqual(v.frame.minX, Double(i) * 100 / 3, accuracy: 1e-9)
            XCTAssertEqual(v.frame.width, 100.0 / 3, accuracy: 1e-9)
            XCTAssertNil(v.roundedFrame)
        }
    }

    func testThirdsAtScalesTwoAndThreeStayFlushOnTheGrid() throws {
        let row = try makeRow()
        let exact = row.views.map(\.frame)
        for scale in [2.0, 3.0, 1.0] {
            engine.displayScale = scale
            try row.root.layoutIfNeeded()
            for (i, v) in row.views.enumerated() {
                let f = v.frame
                XCTAssertEqual(v.unroundedFrame, exact[i], "the solver's values are still readable")
                for (value, name) in [(f.minX, "minX"), (f.maxX, "maxX"), (f.minY, "minY"), (f.maxY, "maxY"),
                                      (f.width, "width"), (f.height, "height")] {
                    assertOnGrid(value, scale, "view \(i) \(name) at scale \(scale)")
                }
                XCTAssertLessThanOrEqual(abs(f.minX - exact[i].minX), 0.5 / scale + 1e-9)
                XCTAssertLessThanOrEqual(abs(f.maxX - exact[i].maxX), 0.5 / scale + 1e-9)
                XCTAssertEqual(v.bounds, Rect(x: 0, y: 0, width: f.width, height: f.height), "bounds follow the frame")
            }
            XCTAssertEqual(row.views[0].frame.minX, 0)
            XCTAssertEqual(row.views[0].frame.maxX, row.views[1].frame.minX, accuracy: 1e-9, "flush")
            XCTAssertEqual(row.views[1].frame.maxX, row.views[2].frame.minX, accuracy: 1e-9, "flush")
            XCTAssertEqual(row.views[2].frame.maxX, 100, accuracy: 1e-9)
        }
        // Scale 2: 33.33 -> 33.5, 66.67 -> 66.5; the y edges 0.25 -> 0.5 and 10.65 -> 10.5.
        engine.displayScale = 2
        try row.root.layoutIfNeeded()
        XCTAssertEqual(row.views.map(\.frame), [Rect(x: 0, y: 0.5, width: 33.5, height: 10),
                                                 Rect(x: 33.5, y: 0.5, width: 33, height: 10),
                                                 Rect(x: 66.5, y: 0.5, width: 33.5, height: 10)])
        XCTAssertNil(row.root.roundedFrame, "a root keeps its user's frame")
    }

    func testScaleZeroAgainGivesTheExactFramesBack() throws {
        let row = try makeRow()
        let exact = row.views.map(\.frame)
        engine.displayScale = 3
        try row.root.layoutIfNeeded()
        XCTAssertNotEqual(row.views.map(\.frame), exact)
        engine.displayScale = 0
        try row.root.layoutIfNeeded()
        XCTAssertEqual(row.views.map(\.frame), exact)
        XCTAssertEqual(row.views.map(\.unroundedFrame), exact)
    }

    func testBadScalesAreRefusedAndLeaveTheScale() {
        engine.displayScale = 2
        XCTAssertThrowsError(try engine.setDisplayScale(.nan)) { XCTAssertEqual($0 as? LayoutError, .nonFinite("display scale nan is not finite")) }
        XCTAssertThrowsError(try engine.setDisplayScale(.infinity))
        XCTAssertThrowsError(try engine.setDisplayScale(-1)) {
            guard case .invalidArgument = $0 as? LayoutError else { return XCTFail("\($0)") }
        }
        engine.displayScale = -3  // the property ignores it, as StackView.spacing does
        XCTAssertEqual(engine.displayScale, 2)
        XCTAssertNoThrow(try engine.setDisplayScale(0))
        XCTAssertEqual(engine.displayScale, 0)
    }

    func testRoundingNeverTakesAViewBelowItsIntrinsicSize() throws {
        // Two views of intrinsic size 10.25 side by side from (0.125, 0.125): exactly
        // 0.125..10.375 and 10.375..20.625. At scale 2 the x edges round to 0, 10.5 and 20.5:
        // the second would be 10 wide, below its 10.25, so its max edge moves out to 21.
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = try engine.makeSubview(of: root), b = try engine.makeSubview(of: root)
        for v in [a, b] { v.intrinsicContentSize = Size(width: 10.25, height: 10.25) }
        try activate([
            try a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 0.125),
            try b.leftAnchor.constraint(equalTo: a.rightAnchor),
            try a.topAnchor.constraint(equalTo: root.topAnchor, constant: 0.125),
            try b.topAnchor.constraint(equalTo: root.topAnchor, constant: 0.125),
        ])
        engine.displayScale = 2
        try root.layoutIfNeeded()
        XCTAssertEqual(b.unroundedFrame, Rect(x: 10.375, y: 0.125, width: 10.25, height: 10.25))
        XCTAssertEqual(a.frame, Rect(x: 0, y: 0, width: 10.5, height: 10.5))
        XCTAssertEqual(b.frame, Rect(x: 10.5, y: 0, width: 10.5, height: 10.5), "grown from 10 at its max edge")

        // A view that the exact layout already makes smaller than its intrinsic size is not grown:
        // 40.125..49.625 rounds to 40..49.5.
        let c = try engine.makeSubview(of: root)
        c.intrinsicContentSize = Size(width: 10.25, height: View.noIntrinsicMetric)
        try activate([
            try c.widthAnchor.constraint(equalToConstant: 9.5),
            try c.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 40.125),
            try c.topAnchor.constraint(equalTo: root.topAnchor, constant: 50),
            try c.heightAnchor.constraint(equalToConstant: 5),
        ])
        try root.layoutIfNeeded()
        XCTAssertEqual(c.frame, Rect(x: 40, y: 50, width: 9.5, height: 5))
    }

    func testAnIntrinsicSizeChangeThatMovesNothingStillProtects() throws {
        // 0.375..10.625 rounds to 0.5..10.5 at scale 2: 10 wide, enough for 9, not for 10.25.
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = try engine.makeSubview(of: root)
        v.intrinsicContentSize = Size(width: 9, height: View.noIntrinsicMetric)
        try activate([
            try v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 0.375),
            try v.widthAnchor.constraint(equalToConstant: 10.25),  // required: the content size cannot move it
            try v.topAnchor.constraint(equalTo: root.topAnchor),
            try v.heightAnchor.constraint(equalToConstant: 4),
        ])
        engine.displayScale = 2
        try root.layoutIfNeeded()
        XCTAssertEqual(v.frame, Rect(x: 0.5, y: 0, width: 10, height: 4))
        let layout = engine.rootLayout(root)
        let solver = layout.solver
        v.intrinsicContentSize = Size(width: 10.25, height: View.noIntrinsicMetric)
        try root.layoutIfNeeded()
        XCTAssertTrue(layout.solver === solver, "no rebuild")
        XCTAssertFalse(layout.lastPass.wroteEveryFrame)
        XCTAssertEqual(v.frame, Rect(x: 0.5, y: 0, width: 10.5, height: 4), "no solved value changed; the frame grew")
        v.intrinsicContentSize = Size(width: 9, height: View.noIntrinsicMetric)
        try root.layoutIfNeeded()
        XCTAssertEqual(v.frame, Rect(x: 0.5, y: 0, width: 10, height: 4))
    }

    func testAViewThatKeepsItsFrameIsRoundedWhenItsSuperviewMoves() throws {
        // `k` is not placed by constraints (it keeps its frame) inside `p`, which is.
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let p = try engine.makeSubview(of: root)
        let k = try engine.makeView(frame: Rect(x: 0.4, y: 0, width: 5, height: 5))
        k.translatesAutoresizingMaskIntoConstraints = false
        try p.addSubview(k)
        let left = try p.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 0.3)
        try activate([left, try p.topAnchor.constraint(equalTo: root.topAnchor),
                      try p.widthAnchor.constraint(equalToConstant: 20), try p.heightAnchor.constraint(equalToConstant: 20)])
        engine.displayScale = 1
        try root.layoutIfNeeded()
        XCTAssertEqual(p.frame, Rect(x: 0, y: 0, width: 20, height: 20), "0.3..20.3 rounds to 0..20")
        XCTAssertEqual(k.frame, Rect(x: 1, y: 0, width: 5, height: 5), "0.7..5.7 in the root rounds to 1..6")
        left.constant = 0.05
        try root.layoutIfNeeded()
        XCTAssertFalse(engine.rootLayout(root).lastPass.wroteEveryFrame)
        XCTAssertEqual(p.frame, Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(k.frame, Rect(x: 0, y: 0, width: 5, height: 5), "0.45..5.45 rounds to 0..5")
        XCTAssertEqual(k.unroundedFrame, Rect(x: 0.4, y: 0, width: 5, height: 5))
    }

    func testAutoresizingFramesAreRoundedAndAutoresizeFromTheExactOnes() throws {
        // Frame mode (no constraints): the host's frames, rounded by the pass.
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = try engine.makeView(frame: Rect(x: 0.3, y: 0.3, width: 10.3, height: 10.3))
        a.autoresizingMask = [.flexibleWidth]
        let b = try engine.makeView(frame: Rect(x: 0.4, y: 0.4, width: 5, height: 5))
        try root.addSubview(a)
        try a.addSubview(b)
        engine.displayScale = 1
        try root.layoutIfNeeded()
        XCTAssertEqual(a.frame, Rect(x: 0, y: 0, width: 11, height: 11), "0.3..10.6")
        XCTAssertEqual(b.frame, Rect(x: 1, y: 1, width: 5, height: 5), "0.7..5.7 in the root, from a's 0")
        // Setting a frame: it reads back as set until the next pass rounds it.
        b.frame = Rect(x: 1.2, y: 0.4, width: 5, height: 5)
        XCTAssertEqual(b.frame, Rect(x: 1.2, y: 0.4, width: 5, height: 5))
        try root.layoutIfNeeded()
        XCTAssertEqual(b.frame, Rect(x: 2, y: 1, width: 5, height: 5), "1.5..6.5 rounds to 2..7")
        // Autoresizing works from the exact frames: a grows by exactly what the root grew.
        root.frame = Rect(x: 0, y: 0, width: 100.5, height: 100)
        try root.layoutIfNeeded()
        XCTAssertEqual(a.unroundedFrame.width, 10.8, accuracy: 1e-12)
        XCTAssertEqual(a.frame, Rect(x: 0, y: 0, width: 11, height: 11), "0.3..11.1")
        XCTAssertNil(root.roundedFrame)
        engine.displayScale = 0
        try root.layoutIfNeeded()
        XCTAssertEqual(b.frame, Rect(x: 1.2, y: 0.4, width: 5, height: 5))
        XCTAssertNil(a.roundedFrame)
    }

    func testDescriptionsPrintTheRoundedFrame() throws {
        let row = try makeRow()
        engine.displayScale = 2
        try row.root.layoutIfNeeded()
        XCTAssertTrue(row.views[1].description.contains("frame = (33.5 0.5; 33 10)"), row.views[1].description)
    }

    func testAViewThatBecomesARootShowsItsExactFrame() throws {
        let row = try makeRow()
        engine.displayScale = 2
        try row.root.layoutIfNeeded()
        let v = row.views[1]
        XCTAssertNotEqual(v.frame, v.unroundedFrame)
        v.removeFromSuperview()
        XCTAssertEqual(v.frame, v.unroundedFrame)
    }
}
