import XCTest
@testable import Tether
import TetherViewTestSupport

final class ViewModelTests: XCTestCase {
    private func assertFrame(_ v: View, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        let f = v.frame
        for (got, want, name) in [(f.minX, x, "x"), (f.minY, y, "y"), (f.width, w, "width"), (f.height, h, "height")] {
            XCTAssertEqual(got, want, accuracy: 1e-6, "\(name) of \(v): \(f)", file: file, line: line)
        }
    }

    private func screen() throws -> (LayoutEngine, View) {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
        return (engine, root)
    }

    private func child(_ engine: LayoutEngine, _ parent: View) throws -> View {
        let v = try engine.makeConstrainedSubview(of: parent)
        return v
    }

    func testPinnedHeaderAndContent() throws {
        let (engine, root) = try screen()
        let header = try child(engine, root), body = try child(engine, root)
        try activate([
            header.topAnchor.constraint(equalTo: root.topAnchor),
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            header.heightAnchor.constraint(equalToConstant: 64),
            body.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            body.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            body.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        try root.layoutIfNeeded()
        assertFrame(header, 0, 0, 400, 64)
        assertFrame(body, 16, 72, 368, 728)
        root.frame = Rect(x: 0, y: 0, width: 800, height: 400)
        try root.layoutIfNeeded()
        assertFrame(header, 0, 0, 800, 64)
        assertFrame(body, 16, 72, 768, 328)
    }

    func testNothingIsSolvedUntilThePass() throws {
        let (engine, root) = try screen()
        let v = try child(engine, root)
        v.frame = Rect(x: 1, y: 2, width: 3, height: 4)
        let c = try v.widthAnchor.constraint(equalToConstant: 50)
        try activate([c, try v.heightAnchor.constraint(equalToConstant: 60),
                      try v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5),
                      try v.topAnchor.constraint(equalTo: root.topAnchor, constant: 6)])
        assertFrame(v, 1, 2, 3, 4)
        try root.layoutIfNeeded()
        assertFrame(v, 5, 6, 50, 60)
        c.constant = 70
        assertFrame(v, 5, 6, 50, 60)
        let solverBefore = engine.rootLayouts[ObjectIdentifier(root)]!.solver
        try root.layoutIfNeeded()
        assertFrame(v, 5, 6, 70, 60)
        XCTAssertTrue(engine.rootLayouts[ObjectIdentifier(root)]!.solver === solverBefore,
                      "a constant change must not rebuild the solver")
    }

    func testViewsWithoutConstraintsKeepTheirFrames() throws {
        let (engine, root) = try screen()
        let loose = try child(engine, root)
        loose.frame = Rect(x: 10, y: 20, width: 30, height: 40)
        let constrained = try child(engine, root)
        try activate([constrained.widthAnchor.constraint(equalToConstant: 10),
                      constrained.heightAnchor.constraint(equalToConstant: 10),
                      constrained.centerXAnchor.constraint(equalTo: root.centerXAnchor),
                      constrained.centerYAnchor.constraint(equalTo: root.centerYAnchor)])
        try root.layoutIfNeeded()
        assertFrame(loose, 10, 20, 30, 40)
        assertFrame(constrained, 195, 395, 10, 10)
    }

    func testIntrinsicSizeHuggingAndCompression() throws {
        let (engine, root) = try screen()
        let label = try child(engine, root), field = try child(engine, root)
        label.intrinsicContentSize = Size(width: 80, height: 20)
        field.intrinsicContentSize = Size(width: 100, height: 20)
        try label.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
        try activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
            field.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            field.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        try root.layoutIfNeeded()
        assertFrame(label, 20, 20, 80, 20)  // hugs harder (251 > 250): the field stretches
        assertFrame(field, 108, 20, 272, 20)
        // Too narrow: compression resistance 750 on both; the label keeps 80 at 751.
        try label.setContentCompressionResistancePriority(LayoutPriority(751), for: .horizontal)
        root.frame = Rect(x: 0, y: 0, width: 150, height: 800)
        try root.layoutIfNeeded()
        assertFrame(label, 20, 20, 80, 20)
        XCTAssertEqual(field.frame.width, 150 - 20 - 80 - 8 - 20, accuracy: 1e-6)
        // Intrinsic size changes apply at the next pass.
        label.intrinsicContentSize = Size(width: 60, height: 20)
        try root.layoutIfNeeded()
        assertFrame(label, 20, 20, 60, 20)
    }

    func testRightToLeft() throws {
        let (engine, root) = try screen()
        root.semanticContentAttribute = .forceRightToLeft
        let a = try child(engine, root), b = try child(engine, root)
        try activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            a.widthAnchor.constraint(equalToConstant: 100),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.widthAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        try root.layoutIfNeeded()
        assertFrame(a, 290, 0, 100, 10)  // leading = right edge, +10 moves left
        assertFrame(b, 232, 0, 50, 10)
        root.semanticContentAttribute = .forceLeftToRight
        try root.layoutIfNeeded()
        assertFrame(a, 10, 0, 100, 10)
        assertFrame(b, 118, 0, 50, 10)
    }

    func testMarginsAndAlignmentInsets() throws {
        let (engine, root) = try screen()
        root.layoutMargins = EdgeInsets(top: 20, left: 16, bottom: 20, right: 16)
        let v = try child(engine, root)
        v.alignmentRectInsets = EdgeInsets(top: 0, left: 2, bottom: 4, right: 2)
        let guide = root.layoutMarginsGuide
        try activate([
            v.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            v.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            v.topAnchor.constraint(equalTo: guide.topAnchor),
            v.heightAnchor.constraint(equalToConstant: 40),
        ])
        try root.layoutIfNeeded()
        // The alignment rect fills the margins; the frame is outset by the insets.
        assertFrame(v, 14, 20, 372, 44)
        XCTAssertEqual(guide.layoutFrame, Rect(x: 16, y: 20, width: 368, height: 760))
        // Margin attributes are the same edges.
        let w = try child(engine, root)
        try activate([
            LayoutConstraint(item: w, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leadingMargin),
            LayoutConstraint(item: w, attribute: .bottom, relatedBy: .equal, toItem: root, attribute: .bottomMargin),
            w.widthAnchor.constraint(equalToConstant: 10), w.heightAnchor.constraint(equalToConstant: 10),
        ])
        try root.layoutIfNeeded()
        assertFrame(w, 16, 770, 10, 10)
    }

    func testTranslatedViewsMatchFrameMode() throws {
        // Same hierarchy twice: one root in frame mode, one constraint-based; the translating
        // view must get identical frames at every root size.
        var results: [[Rect]] = []
        for constraintBased in [false, true] {
            let engine = LayoutEngine()
            let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
            let v = try engine.makeView(frame: Rect(x: 160, y: 120, width: 80, height: 80))
            v.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleBottomMargin]
            try root.addSubview(v)
            if constraintBased {
                let pinned = try child(engine, root)
                try activate([pinned.widthAnchor.constraint(equalToConstant: 1),
                              pinned.heightAnchor.constraint(equalToConstant: 1),
                              pinned.leftAnchor.constraint(equalTo: root.leftAnchor),
                              pinned.topAnchor.constraint(equalTo: root.topAnchor)])
            }
            var frames: [Rect] = []
            for size in [Size(width: 640, height: 480), Size(width: 200, height: 900), Size(width: 320, height: 480)] {
                root.frame = Rect(origin: .zero, size: size)
                try root.layoutIfNeeded()
                frames.append(v.frame)
            }
            results.append(frames)
        }
        for (a, b) in zip(results[0], results[1]) {
            XCTAssertEqual(a.minX, b.minX, accuracy: 1e-9)
            XCTAssertEqual(a.width, b.width, accuracy: 1e-9)
            XCTAssertEqual(a.minY, b.minY, accuracy: 1e-9)
            XCTAssertEqual(a.height, b.height, accuracy: 1e-9)
        }
        // Proportional: left margin 160 and width 80 share +320 in the ratio 2:1.
        XCTAssertEqual(results[0][0].rounded6, Rect(x: 373.333333, y: 120, width: 186.666667, height: 80))
    }

    func testConflictIsBrokenAndReported() throws {
        let (engine, root) = try screen()
        var messages: [String] = []
        engine.diagnosticHandler = { messages.append($0) }
        let v = try child(engine, root)
        let keep = try v.widthAnchor.constraint(equalToConstant: 100)
        let clash = try v.widthAnchor.constraint(equalToConstant: 200)
        clash.identifier = "too-wide"
        try activate([v.leftAnchor.constraint(equalTo: root.leftAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
                      v.heightAnchor.constraint(equalToConstant: 10), keep])
        try activate([clash])
        try root.layoutIfNeeded()
        assertFrame(v, 0, 0, 100, 10)
        XCTAssertTrue(clash.isActive)
        XCTAssertTrue(clash.isBroken)
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages[0].hasPrefix("Unable to simultaneously satisfy constraints."), messages[0])
        XCTAssertTrue(messages[0].contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:\(displayID(clash.id)) 'too-wide' H:["), messages[0])
        // Another rebuild does not report the same conflict again.
        root.frame = Rect(x: 0, y: 0, width: 500, height: 800)
        try activate([try child(engine, root).widthAnchor.constraint(equalToConstant: 1)])
        try root.layoutIfNeeded()
        XCTAssertEqual(messages.count, 1, "reported once")
        // Changing a constant of the set retries the broken constraint.
        keep.constant = 200
        try root.layoutIfNeeded()
        XCTAssertFalse(clash.isBroken)
        assertFrame(v, 0, 0, 200, 10)
        // A constant change that cannot hold breaks the changed constraint (the one that
        // cannot hold), and the recurrence is reported again.
        keep.constant = 100
        try root.layoutIfNeeded()
        XCTAssertTrue(keep.isBroken)
        XCTAssertFalse(clash.isBroken)
        assertFrame(v, 0, 0, 200, 10)
        XCTAssertEqual(messages.count, 2, "a recurrence after it was resolved is reported again")
        // Removing the other side of the conflict lets the broken one hold.
        keep.isActive = false
        try root.layoutIfNeeded()
        XCTAssertFalse(clash.isBroken)
        assertFrame(v, 0, 0, 200, 10)
    }

    func testValidationMessages() throws {
        let (engine, root) = try screen()
        let v = try child(engine, root)
        XCTAssertThrowsError(try LayoutConstraint(item: v, attribute: .width, relatedBy: .equal, toItem: root, attribute: .left)) {
            XCTAssertTrue("\($0)".hasSuffix("Invalid pairing of layout attributes."), "\($0)")
        }
        XCTAssertThrowsError(try LayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, constant: 5)) {
            XCTAssertTrue("\($0)".contains("creates an illegal constraint of a location equal to a constant"), "\($0)")
        }
        XCTAssertThrowsError(try LayoutConstraint(item: v, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .left)) {
            XCTAssertEqual("\($0)", "A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither.")
        }
        XCTAssertThrowsError(try LayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: root, attribute: .left))
        XCTAssertThrowsError(try v.widthAnchor.constraint(equalToConstant: .infinity))
        // Multipliers the solver cannot combine (its coefficients are 1e-100 ... 1e100).
        for multiplier in [1e-200, 5e-324, 1e95, -1e300] {
            XCTAssertThrowsError(try v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: multiplier)) {
                XCTAssertTrue("\($0)".contains("a multiplier must be 0 or between 1e-90 and 1e90"), "\($0)")
            }
        }
        XCTAssertNoThrow(try v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 1e-90))
        XCTAssertNoThrow(try v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0))
        // Without a second item the multiplier reads 1, as UIKit and AppKit report it, whatever
        // was passed (it scales nothing), and the description shows none.
        let fixed = try v.widthAnchor.constraint(equalToConstant: 44)
        XCTAssertEqual(fixed.multiplier, 1)
        XCTAssertFalse("\(fixed)".contains("*"), "\(fixed)")
        for passed in [0.0, 2.5] {
            let c = try LayoutConstraint(item: v, attribute: .height, relatedBy: .greaterThanOrEqual, toItem: nil,
                                         attribute: .notAnAttribute, multiplier: passed, constant: 10)
            XCTAssertEqual(c.multiplier, 1, "passed \(passed)")
        }
        XCTAssertThrowsError(try v.widthAnchor.constraint(equalToConstant: 1).setPriority(LayoutPriority(0)))
        let active = try v.widthAnchor.constraint(equalToConstant: 1)
        try activate([active])
        XCTAssertThrowsError(try active.setPriority(LayoutPriority(250))) {
            XCTAssertTrue("\($0)".hasPrefix("Mutating a priority from required to not on an installed constraint"), "\($0)")
        }
        try active.setPriority(LayoutPriority(1000))
        let other = try engine.makeView()
        XCTAssertThrowsError(try activate([v.widthAnchor.constraint(equalTo: other.widthAnchor)])) {
            XCTAssertTrue("\($0)".contains("because they have no common ancestor"), "\($0)")
        }
        // Location attributes with multipliers are accepted, as Apple does.
        XCTAssertNoThrow(try LayoutConstraint(item: v, attribute: .centerX, relatedBy: .equal, toItem: root, attribute: .centerX, multiplier: 1.5))
    }

    func testHeightForWidthMeasuring() throws {
        let (engine, root) = try screen()
        let text = try child(engine, root)
        var proposals: [Double] = []
        // 1000 points of text in lines of the proposed width, 20 points per line.
        text.measure = { width in
            proposals.append(width)
            if width.isNaN { return Measurement(width: 1000, height: 20, firstBaseline: 15) }
            let lines = (1000 / width).rounded(.up)
            return Measurement(width: Swift.min(1000, width), height: 20 * lines, firstBaseline: 15)
        }
        let below = try child(engine, root)
        try activate([
            text.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            text.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            text.topAnchor.constraint(equalTo: root.topAnchor),
            below.topAnchor.constraint(equalTo: text.bottomAnchor),
            below.leftAnchor.constraint(equalTo: root.leftAnchor),
            below.widthAnchor.constraint(equalToConstant: 10),
            below.heightAnchor.constraint(equalToConstant: 10),
        ])
        try root.layoutIfNeeded()
        XCTAssertTrue(proposals.first!.isNaN)
        XCTAssertTrue(proposals.contains(360))
        assertFrame(text, 20, 0, 360, 60)  // ceil(1000/360) = 3 lines
        assertFrame(below, 0, 60, 10, 10)
        let baselineBuddy = try child(engine, root)
        try activate([baselineBuddy.firstBaselineAnchor.constraint(equalTo: text.firstBaselineAnchor),
                      baselineBuddy.leftAnchor.constraint(equalTo: root.leftAnchor),
                      baselineBuddy.widthAnchor.constraint(equalToConstant: 5),
                      baselineBuddy.heightAnchor.constraint(equalToConstant: 5)])
        try root.layoutIfNeeded()
        assertFrame(baselineBuddy, 0, 10, 5, 5)  // its baseline is its bottom (10 + 5 = 15)
    }

    func testSystemLayoutSizeFitting() throws {
        let engine = LayoutEngine()
        let cell = try engine.makeView(frame: Rect(x: 0, y: 0, width: 1, height: 1))
        let label = try child(engine, cell)
        label.intrinsicContentSize = Size(width: 120, height: 30)
        try activate([
            label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: cell.topAnchor, constant: 5),
            label.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -5),
        ])
        XCTAssertEqual(try cell.systemLayoutSizeFitting(Size(width: 0, height: 0)), Size(width: 140, height: 40))
        XCTAssertEqual(try cell.systemLayoutSizeFitting(Size(width: 10000, height: 10000)), Size(width: 140, height: 40))
        let pinned = try cell.systemLayoutSizeFitting(Size(width: 300, height: 0), horizontalPriority: .required,
                                                     verticalPriority: .fittingSizeLevel)
        XCTAssertEqual(pinned, Size(width: 300, height: 40))
        XCTAssertEqual(cell.frame.size, Size(width: 1, height: 1), "fitting does not change frames")
    }

    func testFrameModeAutoresizesAtOnce() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = try engine.makeView(frame: Rect(x: 10, y: 10, width: 80, height: 80))
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try root.addSubview(v)
        let inner = try engine.makeView(frame: Rect(x: 0, y: 0, width: 80, height: 20))
        inner.autoresizingMask = [.flexibleWidth]
        try v.addSubview(inner)
        root.frame = Rect(x: 0, y: 0, width: 200, height: 150)
        assertFrame(v, 10, 10, 180, 130)
        assertFrame(inner, 0, 0, 180, 20)
        root.autoresizesSubviews = false
        root.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        assertFrame(v, 10, 10, 180, 130)
    }

    func testLayoutHooks() throws {
        let (engine, root) = try screen()
        let v = try child(engine, root)
        var events: [String] = []
        v.updateConstraintsHook = { view in
            events.append("update")
            try? activate([view.widthAnchor.constraint(equalToConstant: 42), view.heightAnchor.constraint(equalToConstant: 1),
                           view.leftAnchor.constraint(equalTo: root.leftAnchor), view.topAnchor.constraint(equalTo: root.topAnchor)])
        }
        root.layoutSubviewsHook = { _ in events.append("layout-root:\(v.frame.width)") }
        try root.layoutIfNeeded()
        XCTAssertEqual(events, ["update", "layout-root:42.0"])
        try root.layoutIfNeeded()
        XCTAssertEqual(events.count, 2, "no pass without changes")
    }
}

extension Rect {
    var rounded6: Rect {
        func r(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
        return Rect(x: r(minX), y: r(minY), width: r(width), height: r(height))
    }
}

final class AutoresizingInspectionTests: XCTestCase {
    func testConstraintsEquivalentToAutoresizingMask() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let v = try engine.makeView(frame: Rect(x: 160, y: 120, width: 80, height: 80))
        v.identifier = "v"
        root.identifier = "root"
        try root.addSubview(v)
        XCTAssertEqual(root.constraintsEquivalentToAutoresizingMask().count, 0, "a root has none")
        var list = v.constraintsEquivalentToAutoresizingMask()
        XCTAssertEqual(list.map(\.bodyDescription), [
            "h=--& v=--& View:0x100000002'v'.minX == 160", "h=--& v=--& View:0x100000002'v'.width == 80",
            "h=--& v=--& View:0x100000002'v'.minY == 120", "h=--& v=--& View:0x100000002'v'.height == 80",
        ])
        XCTAssertEqual(list[0].description,
                       "<NSAutoresizingMaskLayoutConstraint:\(displayID(list[0].id)) h=--& v=--& View:0x100000002'v'.minX == 160   (inactive)>")
        XCTAssertTrue(list.allSatisfy { $0.isGenerated && !$0.isActive })
        XCTAssertThrowsError(try list[0].setConstant(3))
        XCTAssertThrowsError(try activate([list[0]]))
        XCTAssertTrue(v.constraintsEquivalentToAutoresizingMask().elementsEqual(list, by: ===), "same objects until the next pass")
        // §4.3: both margins flexible -> minX == (L/(W-w))·W' - (L/(W-w))·w; width fixed.
        v.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleHeight]
        try root.layoutIfNeeded()
        XCTAssertNil(engine.constraint(withID: list[0].id), "freed at the pass")
        list = v.constraintsEquivalentToAutoresizingMask()
        XCTAssertEqual(list[0].bodyDescription, "h=&-& v=-&- View:0x100000002'v'.minX == 0.666667*View:0x100000001'root'.width - 53.3333")
        XCTAssertEqual(list[1].bodyDescription, "h=&-& v=-&- View:0x100000002'v'.width == 80")
        XCTAssertEqual(list[3].bodyDescription, "h=&-& v=-&- View:0x100000002'v'.height == View:0x100000001'root'.height - 400")
        XCTAssertEqual(list[0].firstAttribute, .minX)
        XCTAssertTrue(list[0].secondItem === root)
        XCTAssertThrowsError(try LayoutConstraint(item: v, attribute: .minX, relatedBy: .equal, toItem: root, attribute: .left))
    }
}
