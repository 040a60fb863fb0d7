import XCTest
@testable import Tether

/// Stack views against hand-computed frames. The usual row holds a (100 × 40), b (50 × 20) and
/// c (30 × 60), all with the default priorities (hugging 250, compression resistance 750); the
/// usual column holds the same views turned a quarter (a 40 × 100, b 20 × 50, c 60 × 30) so that
/// its frames are the row's with x↔y and width↔height swapped. Ties between equal priorities go
/// to the first view (it stretches and shrinks first), as docs/stack-views.md says.
final class StackViewTests: XCTestCase {
    private struct Fixture {
        let engine: LayoutEngine
        let stack: StackView
        let a: View, b: View, c: View
        var views: [View] { [a, b, c] }
    }

    /// A root stack of `length` along `axis` and 100 across, with a, b, c arranged.
    private func fixture(_ axis: Axis, length: Double = 400, spacing: Double = 0,
                         distribution: StackView.Distribution = .fill,
                         alignment: StackView.Alignment = .fill) throws -> Fixture {
        let engine = LayoutEngine()
        let size = axis == .horizontal ? Size(width: length, height: 100) : Size(width: 100, height: length)
        let stack = try engine.makeStackView(frame: Rect(origin: .zero, size: size))
        stack.axis = axis
        stack.spacing = spacing
        stack.distribution = distribution
        stack.alignment = alignment
        var views: [View] = []
        for (w, h) in [(100.0, 40.0), (50, 20), (30, 60)] {
            let v = try engine.makeView()
            v.intrinsicContentSize = axis == .horizontal ? Size(width: w, height: h) : Size(width: h, height: w)
            try stack.addArrangedSubview(v)
            views.append(v)
        }
        return Fixture(engine: engine, stack: stack, a: views[0], b: views[1], c: views[2])
    }

    /// A stack inside a 500 × 300 root, pinned at the root's top-left, its size left to its
    /// content (or to the constraints `size` adds).
    private func nested(_ engine: LayoutEngine, _ stack: StackView,
                        size: (StackView) throws -> [LayoutConstraint] = { _ in [] }) throws -> View {
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 500, height: 300))
        try root.addSubview(stack)
        stack.translatesAutoresizingMaskIntoConstraints = false
        try activate([try stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                      try stack.topAnchor.constraint(equalTo: root.topAnchor)] + (try size(stack)))
        return root
    }

    /// Checks frames given for a row; for a column the same frames with the axes swapped.
    private func assertFrames(_ views: [View], _ expected: [(Double, Double, Double, Double)], axis: Axis = .horizontal,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(views.count, expected.count, file: file, line: line)
        for (v, e) in zip(views, expected) {
            let want = axis == .horizontal ? Rect(x: e.0, y: e.1, width: e.2, height: e.3)
                                           : Rect(x: e.1, y: e.0, width: e.3, height: e.2)
            let f = v.frame
            for (got, expected, name) in [(f.minX, want.minX, "x"), (f.minY, want.minY, "y"),
                                          (f.width, want.width, "width"), (f.height, want.height, "height")] {
                XCTAssertEqual(got, expected, accuracy: 1e-6, "\(name) of \(v) (expected \(want))", file: file, line: line)
            }
        }
    }

    private func layout(_ f: Fixture) throws { try f.stack.layoutIfNeeded() }

    // MARK: Distributions, both axes

    func testFillStretchesTheFirstViewWhenPrioritiesTie() throws {
        for axis in Axis.allCases {
            // 400 - (100 + 50 + 30) - 2 × 10 = 200 more for a.
            let f = try fixture(axis, spacing: 10)
            try layout(f)
            assertFrames(f.views, [(0, 0, 300, 100), (310, 0, 50, 100), (370, 0, 30, 100)], axis: axis)
        }
    }

    func testFillShrinksTheFirstViewWhenPrioritiesTie() throws {
        for axis in Axis.allCases {
            // 150 - 20 = 130 for 180 of content: a gives up 50.
            let f = try fixture(axis, length: 150, spacing: 10)
            try layout(f)
            assertFrames(f.views, [(0, 0, 50, 100), (60, 0, 50, 100), (120, 0, 30, 100)], axis: axis)
        }
    }

    func testFillStretchesTheLowestHuggingPriority() throws {
        for axis in Axis.allCases {
            let f = try fixture(axis, spacing: 10)
            try f.b.setContentHuggingPriority(LayoutPriority(200), for: axis)
            try layout(f)
            assertFrames(f.views, [(0, 0, 100, 100), (110, 0, 250, 100), (370, 0, 30, 100)], axis: axis)
        }
    }

    func testFillShrinksTheLowestCompressionResistance() throws {
        for axis in Axis.allCases {
            // 180 - 20 = 160 for 180: c (resistance 700) gives up 20.
            let f = try fixture(axis, length: 180, spacing: 10)
            try f.c.setContentCompressionResistancePriority(LayoutPriority(700), for: axis)
            try layout(f)
            assertFrames(f.views, [(0, 0, 100, 100), (110, 0, 50, 100), (170, 0, 10, 100)], axis: axis)
        }
    }

    func testFillEqually() throws {
        for axis in Axis.allCases {
            // (400 - 2 × 20) / 3 = 120 each.
            let f = try fixture(axis, spacing: 20, distribution: .fillEqually)
            try layout(f)
            assertFrames(f.views, [(0, 0, 120, 100), (140, 0, 120, 100), (280, 0, 120, 100)], axis: axis)
        }
    }

    func testFillEquallyWithoutALengthTakesTheLargestView() throws {
        let f = try fixture(.horizontal, spacing: 20, distribution: .fillEqually)
        let root = try nested(f.engine, f.stack) { [try $0.heightAnchor.constraint(equalToConstant: 100)] }
        try root.layoutIfNeeded()
        assertFrames(f.views, [(0, 0, 100, 100), (120, 0, 100, 100), (240, 0, 100, 100)])
        assertFrames([f.stack], [(0, 0, 340, 100)])
    }

    func testFillProportionally() throws {
        for axis in Axis.allCases {
            // Shares 100 : 50 : 30 of 360.
            let f = try fixture(axis, length: 360, distribution: .fillProportionally)
            try layout(f)
            assertFrames(f.views, [(0, 0, 200, 100), (200, 0, 100, 100), (300, 0, 60, 100)], axis: axis)
        }
    }

    func testFillProportionallySharesWhatTheSpacingLeaves() throws {
        for axis in Axis.allCases {
            // 400 - 2 × 10 = 380 shared 100 : 50 : 30, as UIKit does: every share holds.
            let f = try fixture(axis, spacing: 10, distribution: .fillProportionally)
            try layout(f)
            let a = 380.0 * 100 / 180, b = 380.0 * 50 / 180, c = 380.0 * 30 / 180
            assertFrames(f.views, [(0, 0, a, 100), (a + 10, 0, b, 100), (a + b + 20, 0, c, 100)], axis: axis)
        }
    }

    /// A stack of `length` along `axis` (100 across) arranging views of the given intrinsic
    /// lengths along the axis, the ones at `hidden` hidden.
    private func proportionalStack(_ axis: Axis, length: Double, spacing: Double, lengths: [Double],
                                   hidden: Set<Int> = []) throws -> (StackView, [View]) {
        let engine = LayoutEngine()
        let size = axis == .horizontal ? Size(width: length, height: 100) : Size(width: 100, height: length)
        let stack = try engine.makeStackView(frame: Rect(origin: .zero, size: size))
        stack.axis = axis
        stack.spacing = spacing
        stack.distribution = .fillProportionally
        var views: [View] = []
        for (k, l) in lengths.enumerated() {
            let v = try engine.makeView()
            v.intrinsicContentSize = axis == .horizontal ? Size(width: l, height: 20) : Size(width: 20, height: l)
            v.isHidden = hidden.contains(k)
            try stack.addArrangedSubview(v)
            views.append(v)
        }
        try stack.layoutIfNeeded()
        return (stack, views)
    }

    func testFillProportionallyMatchesUIKitsExample() throws {
        // Intrinsic widths 40/60/20 in 200 with spacing 10: UIKit and AppKit give 60/90/30.
        let (_, views) = try proportionalStack(.horizontal, length: 200, spacing: 10, lengths: [40, 60, 20])
        assertFrames(views, [(0, 0, 60, 100), (70, 0, 90, 100), (170, 0, 30, 100)])
    }

    func testFillProportionallyColumnWithHiddenViews() throws {
        // Heights 30, (hidden 100), 50, 20 in 220 with spacing 10: the hidden view takes neither
        // a share nor a gap; 220 - 2 × 10 = 200 shared 30 : 50 : 20 gives 60, 100, 40.
        let (_, views) = try proportionalStack(.vertical, length: 220, spacing: 10, lengths: [30, 100, 50, 20],
                                               hidden: [1])
        assertFrames([views[0], views[2], views[3]], [(0, 0, 60, 100), (70, 0, 100, 100), (180, 0, 40, 100)],
                     axis: .vertical)
        XCTAssertEqual(views[1].frame.height, 0, accuracy: 1e-6)
    }

    func testFillProportionallyWithoutALengthKeepsIntrinsicSizes() throws {
        let f = try fixture(.horizontal, spacing: 10, distribution: .fillProportionally)
        let root = try nested(f.engine, f.stack) { [try $0.heightAnchor.constraint(equalToConstant: 100)] }
        try root.layoutIfNeeded()
        assertFrames(f.views, [(0, 0, 100, 100), (110, 0, 50, 100), (170, 0, 30, 100)])
        assertFrames([f.stack], [(0, 0, 200, 100)])
    }

    func testFillProportionallyFollowsIntrinsicSizeChanges() throws {
        let f = try fixture(.horizontal, length: 360, distribution: .fillProportionally)
        try layout(f)
        let solver = f.engine.rootLayouts[ObjectIdentifier(f.stack)]!.solver
        // 220 : 50 : 30 of 360 → 264, 60, 36.
        f.a.intrinsicContentSize = Size(width: 220, height: 40)
        try layout(f)
        assertFrames(f.views, [(0, 0, 264, 100), (264, 0, 60, 100), (324, 0, 36, 100)])
        XCTAssertFalse(f.engine.rootLayouts[ObjectIdentifier(f.stack)]!.solver === solver,
                       "new proportions need new multipliers: a rebuild")
    }

    func testFillProportionallyWithNoLengthsFillsEqually() throws {
        let engine = LayoutEngine()
        let stack = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 300, height: 50))
        stack.distribution = .fillProportionally
        let views = try (0..<3).map { _ in try engine.makeView() }
        for v in views { try stack.addArrangedSubview(v) }
        try stack.layoutIfNeeded()
        assertFrames(views, [(0, 0, 100, 50), (100, 0, 100, 50), (200, 0, 100, 50)])
        XCTAssertEqual(try stack.arrangementConstraints().filter { $0.identifier == "UISV-fill-equally" }.count, 2)
    }

    func testEqualSpacing() throws {
        for axis in Axis.allCases {
            // 400 - 180 = 220 of space: two gaps of 110.
            let f = try fixture(axis, spacing: 10, distribution: .equalSpacing)
            try layout(f)
            assertFrames(f.views, [(0, 0, 100, 100), (210, 0, 50, 100), (370, 0, 30, 100)], axis: axis)
        }
    }

    func testEqualSpacingOverflowKeepsTheMinimumSpacing() throws {
        for axis in Axis.allCases {
            let f = try fixture(axis, length: 150, spacing: 10, distribution: .equalSpacing)
            try layout(f)
            assertFrames(f.views, [(0, 0, 50, 100), (60, 0, 50, 100), (120, 0, 30, 100)], axis: axis)
        }
    }

    func testEqualSpacingWithoutALengthHugsAtTheMinimumSpacing() throws {
        let f = try fixture(.horizontal, spacing: 10, distribution: .equalSpacing)
        let root = try nested(f.engine, f.stack) { [try $0.heightAnchor.constraint(equalToConstant: 100)] }
        try root.layoutIfNeeded()
        assertFrames(f.views, [(0, 0, 100, 100), (110, 0, 50, 100), (170, 0, 30, 100)])
        assertFrames([f.stack], [(0, 0, 200, 100)])
    }

    func testEqualCentering() throws {
        for axis in Axis.allCases {
            // Centers 50 and 385: b's center halfway, 217.5.
            let f = try fixture(axis, distribution: .equalCentering)
            try layout(f)
            assertFrames(f.views, [(0, 0, 100, 100), (192.5, 0, 50, 100), (370, 0, 30, 100)], axis: axis)
        }
    }

    func testEqualCenteringGivesUpEqualCentersForTheMinimumSpacing() throws {
        for axis in Axis.allCases {
            // Centers 50 and 185 would put b's at 117.5, 7.5 from a; spacing 10 on both sides
            // leaves b exactly one place: x 110 (center 135).
            let f = try fixture(axis, length: 200, spacing: 10, distribution: .equalCentering)
            try layout(f)
            assertFrames(f.views, [(0, 0, 100, 100), (110, 0, 50, 100), (170, 0, 30, 100)], axis: axis)
        }
    }

    // MARK: Alignments, both axes

    func testAlignments() throws {
        // Fill distribution, no spacing: a 320, b 50, c 30 along the axis; across, a 40, b 20,
        // c 60 in a stack 100 deep.
        let cases: [(StackView.Alignment, [(Double, Double, Double, Double)])] = [
            (.fill, [(0, 0, 320, 100), (320, 0, 50, 100), (370, 0, 30, 100)]),
            (.leading, [(0, 0, 320, 40), (320, 0, 50, 20), (370, 0, 30, 60)]),
            (.center, [(0, 30, 320, 40), (320, 40, 50, 20), (370, 20, 30, 60)]),
            (.trailing, [(0, 60, 320, 40), (320, 80, 50, 20), (370, 40, 30, 60)]),
        ]
        for axis in Axis.allCases {
            for (alignment, frames) in cases {
                let f = try fixture(axis, alignment: alignment)
                try layout(f)
                assertFrames(f.views, frames, axis: axis)
                XCTAssertFalse(f.views.contains { $0.hasAmbiguousLayout }, "\(alignment) \(axis)")
            }
        }
        XCTAssertEqual(StackView.Alignment.top, .leading)
        XCTAssertEqual(StackView.Alignment.bottom, .trailing)
    }

    func testLeadingAndTrailingFollowTheLayoutDirection() throws {
        let f = try fixture(.vertical, alignment: .leading)
        f.stack.semanticContentAttribute = .forceRightToLeft
        try layout(f)
        // Leading is the right edge: each view's right edge at 100.
        assertFrames(f.views, [(0, 60, 320, 40), (320, 80, 50, 20), (370, 40, 30, 60)], axis: .vertical)
    }

    func testRightToLeftRowStartsAtTheRight() throws {
        let f = try fixture(.horizontal, spacing: 10)
        f.stack.semanticContentAttribute = .forceRightToLeft
        try layout(f)
        assertFrames(f.views, [(100, 0, 300, 100), (40, 0, 50, 100), (0, 0, 30, 100)])
    }

    /// Baselines: a first 30 from its top and last 5 from its bottom, b 15 and 3, c 45 and 10.
    private func baselineFixture(_ alignment: StackView.Alignment) throws -> (Fixture, View) {
        let f = try fixture(.horizontal, alignment: alignment)
        for (v, first, last) in [(f.a, 30.0, 5.0), (f.b, 15, 3), (f.c, 45, 10)] {
            v.firstBaselineOffsetFromTop = first
            v.lastBaselineOffsetFromBottom = last
        }
        let root = try nested(f.engine, f.stack) { [try $0.widthAnchor.constraint(equalToConstant: 400)] }
        return (f, root)
    }

    func testFirstBaselineAlignment() throws {
        // The baselines meet at y 45 (c's top at the stack's top); the stack spans c: 60.
        let (f, root) = try baselineFixture(.firstBaseline)
        try root.layoutIfNeeded()
        assertFrames(f.views, [(0, 15, 320, 40), (320, 30, 50, 20), (370, 0, 30, 60)])
        assertFrames([f.stack], [(0, 0, 400, 60)])
    }

    func testLastBaselineAlignmentEndsTheStackAtTheFirstView() throws {
        // Last baselines meet at y 50 (c's top at the stack's top); Apple's `V:[a]-(>=0)-|`
        // and the canvas fit end the stack at a's bottom, 55, while c reaches 60.
        let (f, root) = try baselineFixture(.lastBaseline)
        try root.layoutIfNeeded()
        assertFrames(f.views, [(0, 15, 320, 40), (320, 33, 50, 20), (370, 0, 30, 60)])
        assertFrames([f.stack], [(0, 0, 400, 55)])
    }

    func testBaselineAlignmentInAColumnFills() throws {
        for alignment in [StackView.Alignment.firstBaseline, .lastBaseline] {
            let f = try fixture(.vertical, alignment: alignment)
            try layout(f)
            assertFrames(f.views, [(0, 0, 320, 100), (320, 0, 50, 100), (370, 0, 30, 100)], axis: .vertical)
        }
    }

    func testTextWidthDisambiguationGivesMeasuredViewsAShare() throws {
        let engine = LayoutEngine()
        let stack = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 300, height: 80))
        stack.alignment = .firstBaseline
        let text = try engine.makeView()
        // Wrapping text: 10 points per character, 20 per line, first baseline 15.
        text.measure = { width in
            let natural = 250.0
            let lines = width.isNaN || width >= natural ? 1 : (natural / width).rounded(.up)
            return Measurement(width: width.isNaN ? natural : Swift.min(width, natural), height: 20 * lines,
                               firstBaseline: 15)
        }
        let b = try engine.makeView(), c = try engine.makeView()
        b.intrinsicContentSize = Size(width: 50, height: 20)
        c.intrinsicContentSize = Size(width: 30, height: 20)
        for v in [text, b, c] { try stack.addArrangedSubview(v) }
        try stack.layoutIfNeeded()
        // The text's share: 300 / 3 = 100 at 760, above its compression resistance (750), so it
        // wraps onto three lines; b (the first view left to stretch) takes the rest.
        XCTAssertEqual(text.frame.width, 100, accuracy: 1e-6)
        XCTAssertEqual(text.frame.height, 60, accuracy: 1e-6)
        XCTAssertEqual(b.frame.width, 170, accuracy: 1e-6)
        XCTAssertEqual(c.frame.width, 30, accuracy: 1e-6)
        let disambiguation = try stack.arrangementConstraints().filter { $0.identifier == "UISV-text-width-disambiguation" }
        XCTAssertEqual(disambiguation.count, 1)
        XCTAssertEqual(disambiguation.first?.multiplier ?? 0, 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(disambiguation.first?.priority, LayoutPriority(760))
    }

    // MARK: Spacing

    func testCustomSpacing() throws {
        let f = try fixture(.horizontal, spacing: 10)
        try f.stack.setCustomSpacing(30, after: f.b)
        XCTAssertEqual(f.stack.customSpacing(after: f.b), 30)
        XCTAssertEqual(f.stack.customSpacing(after: f.a), StackView.spacingUseDefault)
        try layout(f)
        assertFrames(f.views, [(0, 0, 280, 100), (290, 0, 50, 100), (370, 0, 30, 100)])

        // Reordering keeps it with b: a, c, b → gaps 10 (after a) and 10 (after c).
        try f.stack.insertArrangedSubview(f.b, at: 2)
        XCTAssertEqual(f.stack.arrangedSubviews.map(\.id), [f.a.id, f.c.id, f.b.id])
        try f.stack.setCustomSpacing(25, after: f.c)
        try layout(f)
        // a 100 + 10 + c 30 + 25 + b 50 = 215: a takes 185 more.
        assertFrames([f.a, f.c, f.b], [(0, 0, 285, 100), (295, 0, 30, 100), (350, 0, 50, 100)])

        // spacingUseDefault removes a custom spacing; leaving the arrangement drops it.
        try f.stack.setCustomSpacing(StackView.spacingUseDefault, after: f.c)
        XCTAssertEqual(f.stack.customSpacing(after: f.c), StackView.spacingUseDefault)
        f.stack.removeArrangedSubview(f.b)
        XCTAssertEqual(f.stack.customSpacing(after: f.b), StackView.spacingUseDefault)
        // Ignored for a view that is not arranged.
        try f.stack.setCustomSpacing(40, after: f.b)
        XCTAssertEqual(f.stack.customSpacing(after: f.b), StackView.spacingUseDefault)
        XCTAssertThrowsError(try f.stack.setCustomSpacing(.nan, after: f.a))
        XCTAssertThrowsError(try f.stack.setCustomSpacing(.infinity, after: f.a))
    }

    func testNegativeSpacingOverlaps() throws {
        let f = try fixture(.horizontal, spacing: -10)
        try layout(f)
        assertFrames(f.views, [(0, 0, 340, 100), (330, 0, 50, 100), (370, 0, 30, 100)])
    }

    func testSystemAndDefaultSpacing() throws {
        let f = try fixture(.horizontal, spacing: StackView.spacingUseSystem)
        try layout(f)
        // The standard sibling spacing, 8: a gets 400 - 180 - 16 = 204 more.
        assertFrames(f.views, [(0, 0, 304, 100), (312, 0, 50, 100), (370, 0, 30, 100)])
        let spacing = try f.stack.arrangementConstraints().first { $0.identifier == "UISV-spacing" }!
        XCTAssertEqual(spacing.bodyDescription, "'UISV-spacing' H:[\(f.a.debugName)]-(NSSpace(8))-[\(f.b.debugName)]")
        f.stack.spacing = StackView.spacingUseDefault
        try layout(f)
        assertFrames(f.views, [(0, 0, 320, 100), (320, 0, 50, 100), (370, 0, 30, 100)])
        XCTAssertThrowsError(try f.stack.setSpacing(.nan))
        f.stack.spacing = .infinity
        XCTAssertEqual(f.stack.spacing, StackView.spacingUseDefault, "a non-finite spacing is ignored")
    }

    // MARK: Hidden views

    func testHiddenViewsDropOut() throws {
        let f = try fixture(.horizontal, spacing: 10)
        f.b.isHidden = true
        try layout(f)
        // a 360 + 10 + c 30; b collapsed at a's trailing edge.
        assertFrames(f.views, [(0, 0, 360, 100), (360, 0, 0, 100), (370, 0, 30, 100)])

        f.b.isHidden = false
        f.a.isHidden = true
        try layout(f)
        // The first view hidden: b starts the row and stretches.
        assertFrames(f.views, [(0, 0, 0, 100), (0, 0, 360, 100), (370, 0, 30, 100)])

        f.a.isHidden = false
        f.c.isHidden = true
        try layout(f)
        assertFrames(f.views, [(0, 0, 340, 100), (350, 0, 50, 100), (400, 0, 0, 100)])
        XCTAssertEqual(try f.stack.arrangementConstraints().filter { $0.identifier == "UISV-hiding" }.map(\.firstItem.id),
                       [f.c.id])
    }

    func testHiddenViewHandsItsGapToThePreviousVisibleView() throws {
        let f = try fixture(.horizontal, spacing: 10)
        try f.stack.setCustomSpacing(25, after: f.a)
        try f.stack.setCustomSpacing(40, after: f.b)
        f.b.isHidden = true
        try layout(f)
        // a → c takes a's 25; b's 40 is not used.
        assertFrames([f.a, f.c], [(0, 0, 345, 100), (370, 0, 30, 100)])
    }

    func testHiddenViewInEqualSpacing() throws {
        let f = try fixture(.horizontal, spacing: 10, distribution: .equalSpacing)
        f.b.isHidden = true
        try layout(f)
        assertFrames(f.views, [(0, 0, 100, 100), (100, 0, 0, 100), (370, 0, 30, 100)])
        XCTAssertEqual(f.stack.gapGuides.count, 1)
    }

    func testHiddenViewsOutsideStacksStillLayOut() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = try engine.makeView()
        try root.addSubview(v)
        v.translatesAutoresizingMaskIntoConstraints = false
        v.isHidden = true
        try activate([try v.widthAnchor.constraint(equalToConstant: 20), try v.heightAnchor.constraint(equalToConstant: 30),
                      try v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5),
                      try v.topAnchor.constraint(equalTo: root.topAnchor, constant: 6)])
        try root.layoutIfNeeded()
        assertFrames([v], [(5, 6, 20, 30)])
        // A stack's subview that is not arranged is not collapsed either.
        let stack = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let loose = try engine.makeView(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        try stack.addSubview(loose)
        loose.isHidden = true
        try stack.layoutIfNeeded()
        assertFrames([loose], [(1, 2, 3, 4)])
    }

    func testHidingARequiredlySizedViewBreaksTheUserConstraint() throws {
        let f = try fixture(.horizontal, spacing: 10)
        var messages: [String] = []
        f.engine.diagnosticHandler = { messages.append($0) }
        let width = try f.b.widthAnchor.constraint(equalToConstant: 50)
        try activate([width])
        f.b.isHidden = true
        try layout(f)
        XCTAssertTrue(width.isBroken)
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages.first?.contains("'UISV-hiding' H:[\(f.b.debugName)(0)]") ?? false, messages.first ?? "")
        assertFrames(f.views, [(0, 0, 360, 100), (360, 0, 0, 100), (370, 0, 30, 100)])
    }

    // MARK: Arrangement options

    func testLayoutMarginsRelativeArrangement() throws {
        let f = try fixture(.horizontal, spacing: 10)
        f.stack.layoutMargins = EdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
        f.stack.isLayoutMarginsRelativeArrangement = true
        try layout(f)
        // The canvas is x 10...380, y 5...85: a gets 370 - 200 = 170 more.
        assertFrames(f.views, [(10, 5, 270, 80), (290, 5, 50, 80), (350, 5, 30, 80)])
        let canvas = try f.stack.arrangementConstraints().filter { $0.identifier == "UISV-canvas-connection" }
        XCTAssertTrue(canvas.allSatisfy {
            $0.firstItem === f.stack.layoutMarginsGuide || $0.secondItem === f.stack.layoutMarginsGuide
        })
    }

    func testBaselineRelativeArrangement() throws {
        let engine = LayoutEngine()
        let stack = try engine.makeStackView()
        stack.axis = .vertical
        stack.spacing = 20
        stack.isBaselineRelativeArrangement = true
        var views: [View] = []
        for (h, first, last) in [(40.0, 30.0, 5.0), (20, 15, 3), (60, 45, 10)] {
            let v = try engine.makeView()
            v.intrinsicContentSize = Size(width: 100, height: h)
            v.firstBaselineOffsetFromTop = first
            v.lastBaselineOffsetFromBottom = last
            try stack.addArrangedSubview(v)
            views.append(v)
        }
        let root = try nested(engine, stack)
        try root.layoutIfNeeded()
        // a's last baseline at 35; b's first 20 below, at 55 (top 40); b's last at 57; c's first
        // at 77 (top 32: baselines, not edges, are 20 apart).
        assertFrames(views, [(0, 0, 100, 40), (0, 40, 100, 20), (0, 32, 100, 60)])
        assertFrames([stack], [(0, 0, 100, 92)])
        // A row ignores it.
        stack.axis = .horizontal
        try root.layoutIfNeeded()
        XCTAssertFalse(try stack.arrangementConstraints().contains { $0.firstAttribute == .firstBaseline })
    }

    func testNestedStacks() throws {
        let engine = LayoutEngine()
        let column = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        column.axis = .vertical
        column.spacing = 10
        let row = try engine.makeStackView()
        let a = try engine.makeView(), b = try engine.makeView(), c = try engine.makeView()
        a.intrinsicContentSize = Size(width: 100, height: 40)
        b.intrinsicContentSize = Size(width: 50, height: 20)
        c.intrinsicContentSize = Size(width: 30, height: 60)
        try row.addArrangedSubview(a)
        try row.addArrangedSubview(b)
        try column.addArrangedSubview(row)
        try column.addArrangedSubview(c)
        try column.layoutIfNeeded()
        // The row has no intrinsic height: it takes the column's extra space (c hugs at its
        // arrangement-order priority), and a and b fill it.
        assertFrames([row, c], [(0, 0, 400, 230), (0, 240, 400, 60)])
        assertFrames([a, b], [(0, 0, 350, 230), (350, 0, 50, 230)])
    }

    func testAStackViewsBaselinesAreItsArrangedViews() throws {
        let engine = LayoutEngine()
        let row = try engine.makeStackView()
        row.alignment = .firstBaseline
        let x = try engine.makeView()
        x.intrinsicContentSize = Size(width: 100, height: 40)
        x.firstBaselineOffsetFromTop = 30
        let column = try engine.makeStackView()
        column.axis = .vertical
        let y = try engine.makeView(), z = try engine.makeView()
        y.intrinsicContentSize = Size(width: 60, height: 20)
        y.firstBaselineOffsetFromTop = 10
        z.intrinsicContentSize = Size(width: 80, height: 30)
        try column.addArrangedSubview(y)
        try column.addArrangedSubview(z)
        try row.addArrangedSubview(x)
        try row.addArrangedSubview(column)
        let root = try nested(engine, row)
        try root.layoutIfNeeded()
        // The column's first baseline is y's: 10 below the column's top, level with x's at 30.
        assertFrames([x, column], [(0, 0, 100, 40), (100, 20, 80, 50)])
        assertFrames([y, z], [(0, 0, 80, 20), (0, 20, 80, 30)])
        assertFrames([row], [(0, 0, 180, 70)])
    }

    func testSingleCenteredViewNeedsNoSpanner() throws {
        let engine = LayoutEngine()
        let stack = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        stack.alignment = .center
        let v = try engine.makeView()
        v.intrinsicContentSize = Size(width: 50, height: 20)
        try stack.addArrangedSubview(v)
        try stack.layoutIfNeeded()
        assertFrames([v], [(0, 40, 200, 20)])
        XCTAssertNil(stack.alignmentSpacer)
        let bodies = try stack.arrangementConstraints().map(\.bodyDescription)
        XCTAssertEqual(bodies, [
            "'UISV-canvas-connection' H:|-(0)-[\(v.debugName)]",
            "'UISV-canvas-connection' H:[\(v.debugName)]-(0)-|",
            "'UISV-canvas-connection' V:|-(>=0)-[\(v.debugName)]",
            "'UISV-canvas-connection' V:[\(v.debugName)]-(>=0)-|",
            "'UISV-canvas-connection' \(stack.debugName).centerY == \(v.debugName).centerY",
            "'UISV-canvas-fit' V:[\(stack.debugName)(0@49)] priority:49",
            "'UISV-ambiguity-suppression' V:[\(v.debugName)(0@25)] priority:25",
        ])
        // A second view brings the spanner.
        try stack.addArrangedSubview(try engine.makeView())
        try stack.layoutIfNeeded()
        XCTAssertNotNil(stack.alignmentSpacer)
    }

    // MARK: The generated constraints

    func testGeneratedConstraintsOfAFillRow() throws {
        let engine = LayoutEngine()
        let stack = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        stack.spacing = 8
        let a = try engine.makeView(), b = try engine.makeView()
        a.intrinsicContentSize = Size(width: 100, height: 40)
        b.intrinsicContentSize = Size(width: 50, height: 20)
        try stack.addArrangedSubview(a)
        try stack.addArrangedSubview(b)
        let list = try stack.arrangementConstraints()
        let (s, an, bn) = (stack.debugName, a.debugName, b.debugName)
        XCTAssertEqual(list.map(\.bodyDescription), [
            "'UISV-canvas-connection' H:|-(0)-[\(an)]",
            "'UISV-canvas-connection' H:[\(bn)]-(0)-|",
            "'UISV-spacing' H:[\(an)]-(8)-[\(bn)]",
            "'UISV-alignment' \(an).top == \(bn).top",
            "'UISV-alignment' \(an).bottom == \(bn).bottom",
            "'UISV-canvas-connection' V:|-(0)-[\(an)]",
            "'UISV-canvas-connection' V:[\(an)]-(0)-|",
        ])
        XCTAssertEqual(list[2].description,
                       "<NSLayoutConstraint:\(displayID(list[2].id)) 'UISV-spacing' H:[\(an)]-(8)-[\(bn)]   (active)>")
        XCTAssertEqual(list[0].description,
                       "<NSLayoutConstraint:\(displayID(list[0].id)) 'UISV-canvas-connection' H:|-(0)-[\(an)]   (active, names: '|':\(s) )>")
        XCTAssertTrue(list.allSatisfy { $0.isGenerated && $0.isActive && $0.priority == .required })
        XCTAssertThrowsError(try list[2].setConstant(3)) { XCTAssertEqual($0 as? LayoutError, .readOnly("\(list[2]) is generated by the engine and cannot be changed")) }
        XCTAssertThrowsError(try list[2].setActive(false))
        XCTAssertTrue(engine.constraint(withID: list[2].id) === list[2])
        // Valid until the next pass that rebuilds: then freed.
        stack.spacing = 12
        try stack.layoutIfNeeded()
        XCTAssertNil(engine.constraint(withID: list[2].id))
        XCTAssertEqual(try stack.arrangementConstraints()[2].bodyDescription, "'UISV-spacing' H:[\(an)]-(12)-[\(bn)]")
        XCTAssertTrue(stack.description.hasPrefix("<StackView: 0x"))
        XCTAssertTrue(s.hasPrefix("StackView:0x"))
    }

    func testGeneratedConstraintsOfEveryAlignment() throws {
        func identifiers(_ alignment: StackView.Alignment) throws -> [String: Int] {
            let f = try fixture(.horizontal, alignment: alignment)
            var counts: [String: Int] = [:]
            for c in try f.stack.arrangementConstraints() { counts[c.identifier, default: 0] += 1 }
            return counts
        }
        XCTAssertEqual(try identifiers(.fill), ["UISV-canvas-connection": 4, "UISV-spacing": 2, "UISV-alignment": 4])
        XCTAssertEqual(try identifiers(.leading), ["UISV-canvas-connection": 4, "UISV-spacing": 2, "UISV-alignment": 2,
                                                   "UISV-spanning-boundary": 6, "UISV-spanning-fit": 1,
                                                   "UISV-ambiguity-suppression": 3])
        XCTAssertEqual(try identifiers(.center), ["UISV-canvas-connection": 5, "UISV-spacing": 2, "UISV-alignment": 2,
                                                  "UISV-spanning-boundary": 6, "UISV-spanning-fit": 1,
                                                  "UISV-ambiguity-suppression": 3])
        XCTAssertEqual(try identifiers(.firstBaseline), ["UISV-canvas-connection": 4, "UISV-spacing": 2,
                                                         "UISV-alignment": 2, "UISV-spanning-boundary": 6,
                                                         "UISV-spanning-fit": 1, "UISV-canvas-fit": 1,
                                                         "UISV-ambiguity-suppression": 3])

        let f = try fixture(.horizontal, alignment: .leading)
        let list = try f.stack.arrangementConstraints()
        let spacer = try XCTUnwrap(f.stack.alignmentSpacer)
        XCTAssertEqual(spacer.debugName, "_UILayoutSpacer:\(displayID(spacer.id))'UISV-alignment-spanner'")
        let boundary = list.filter { $0.identifier == "UISV-spanning-boundary" }.map(\.bodyDescription)
        XCTAssertEqual(boundary.prefix(2), [
            "'UISV-spanning-boundary' \(spacer.debugName).top == \(f.a.debugName).top priority:999.5",
            "'UISV-spanning-boundary' \(spacer.debugName).bottom >= \(f.a.debugName).bottom",
        ])
        XCTAssertEqual(list.first { $0.identifier == "UISV-spanning-fit" }?.bodyDescription,
                       "'UISV-spanning-fit' V:[\(spacer.debugName)(0@51)] priority:51")
        XCTAssertTrue(spacer.isSystemGuide)
        XCTAssertFalse(f.stack.layoutGuides.contains { $0 === spacer })
        XCTAssertThrowsError(try f.a.addLayoutGuide(spacer))
        // The pass sets the spanner's frame: pinned to the stack's bottom, it spans the stack's
        // whole depth.
        XCTAssertEqual(spacer.layoutFrame.minY, 0)
        XCTAssertEqual(spacer.layoutFrame.height, 100)
    }

    func testGeneratedConstraintsOfTheDistributions() throws {
        let equal = try fixture(.horizontal, spacing: 10, distribution: .fillEqually)
        XCTAssertEqual(try equal.stack.arrangementConstraints().filter { $0.identifier == "UISV-fill-equally" }
                        .map(\.bodyDescription),
                       ["'UISV-fill-equally' H:[\(equal.b.debugName)(==\(equal.a.debugName))]",
                        "'UISV-fill-equally' H:[\(equal.c.debugName)(==\(equal.a.debugName))]"])

        let proportional = try fixture(.horizontal, spacing: 10, distribution: .fillProportionally)
        let shares = try proportional.stack.arrangementConstraints().filter { $0.identifier == "UISV-fill-proportionally" }
        XCTAssertEqual(shares.map(\.priority), [LayoutPriority(999), LayoutPriority(998), LayoutPriority(997)])
        // Shares 100 : 50 : 30 of what the two gaps of 10 leave: (width - 20) × share.
        for (share, expected) in zip(shares, [100.0 / 180, 50.0 / 180, 30.0 / 180]) {
            XCTAssertEqual(share.multiplier, expected, accuracy: 1e-12)
            XCTAssertEqual(share.constant, -20 * expected, accuracy: 1e-12)
        }
        XCTAssertEqual(shares[0].bodyDescription,
                       "'UISV-fill-proportionally' \(proportional.a.debugName).width == 0.555556*\(proportional.stack.debugName).width - 11.1111 priority:999")

        let spacing = try fixture(.horizontal, spacing: 10, distribution: .equalSpacing)
        let list = try spacing.stack.arrangementConstraints()
        let gaps = spacing.stack.gapGuides
        XCTAssertEqual(gaps.count, 2)
        XCTAssertEqual(list.filter { $0.identifier == "UISV-spacing" }.map(\.bodyDescription),
                       ["'UISV-spacing' H:[\(spacing.a.debugName)]-(>=10)-[\(spacing.b.debugName)]",
                        "'UISV-spacing' H:[\(spacing.b.debugName)]-(>=10)-[\(spacing.c.debugName)]"])
        XCTAssertEqual(list.filter { $0.identifier == "UISV-distributing-edge" }.map(\.bodyDescription).prefix(2),
                       ["'UISV-distributing-edge' H:[\(spacing.a.debugName)]-(0)-[\(gaps[0].debugName)]",
                        "'UISV-distributing-edge' H:[\(gaps[0].debugName)]-(0)-[\(spacing.b.debugName)]"])
        XCTAssertEqual(list.filter { $0.identifier == "UISV-fill-equally" }.map(\.bodyDescription),
                       ["'UISV-fill-equally' H:[\(gaps[1].debugName)(==\(gaps[0].debugName))]"])
        XCTAssertTrue(gaps[0].debugName.hasPrefix("_UIOLAGapGuide:0x"))
        XCTAssertEqual(list.filter { $0.identifier == "UISV-canvas-fit" }.map(\.bodyDescription),
                       ["'UISV-canvas-fit' H:[\(spacing.stack.debugName)(0@49)] priority:49"])
        // The gap guides' frames: 110 wide, from a's trailing edge and from b's.
        XCTAssertEqual(gaps[0].layoutFrame.minX, 100)
        XCTAssertEqual(gaps[0].layoutFrame.width, 110)
        XCTAssertEqual(gaps[1].layoutFrame.minX, 260)

        let centering = try fixture(.horizontal, distribution: .equalCentering)
        let centeringList = try centering.stack.arrangementConstraints()
        let g = centering.stack.gapGuides
        XCTAssertEqual(centeringList.filter { $0.identifier == "UISV-distributing-edge" }.map(\.bodyDescription).prefix(2),
                       ["'UISV-distributing-edge' \(g[0].debugName).leading == \(centering.a.debugName).centerX",
                        "'UISV-distributing-edge' \(g[0].debugName).trailing == \(centering.b.debugName).centerX"])
        XCTAssertEqual(centeringList.first { $0.identifier == "UISV-fill-equally" }?.priority, LayoutPriority(149))

        // Leaving a spacing distribution frees its gap guides.
        let gapIDs = g.map(\.id)
        centering.stack.distribution = .fill
        try layout(centering)
        XCTAssertTrue(centering.stack.gapGuides.isEmpty)
        XCTAssertTrue(gapIDs.allSatisfy { centering.engine.item(withID: $0) == nil })
    }

    func testArrangedViewsUseTheContentSizeAtTheirArrangementOrder() throws {
        let f = try fixture(.horizontal)
        try layout(f)
        let generated = f.engine.rootLayouts[ObjectIdentifier(f.stack)]!.generatedConstraints
        func contentSize(_ v: View, _ attribute: LayoutAttribute) -> String? {
            generated.first { c in
                if case .contentSize = c.generatedKind { return c.firstItem === v && c.firstAttribute == attribute }
                return false
            }?.bodyDescription
        }
        XCTAssertEqual(contentSize(f.a, .width), "\(f.a.debugName).width == 100 Hug:250 CompressionResistance:750")
        XCTAssertEqual(contentSize(f.c, .width), "\(f.c.debugName).width == 30 Hug:250.002 CompressionResistance:750.002")
        // Across the axis the views' own priorities stand.
        XCTAssertEqual(contentSize(f.c, .height), "\(f.c.debugName).height == 60 Hug:250 CompressionResistance:750")
    }

    // MARK: Arranged subviews

    func testArrangedSubviewsAreSubviews() throws {
        let engine = LayoutEngine()
        let stack = try engine.makeStackView(frame: Rect(x: 0, y: 0, width: 300, height: 50))
        let a = try engine.makeView(), b = try engine.makeView(), c = try engine.makeView()
        XCTAssertTrue(a.translatesAutoresizingMaskIntoConstraints)
        try stack.addArrangedSubview(a)
        try stack.addArrangedSubview(b)
        XCTAssertFalse(a.translatesAutoresizingMaskIntoConstraints)
        XCTAssertTrue(a.superview === stack)
        XCTAssertEqual(stack.subviews.map(\.id), [a.id, b.id])
        // A subview already there keeps its subview index; insert changes only the arrangement.
        try stack.addSubview(c)
        try stack.insertArrangedSubview(c, at: 0)
        XCTAssertEqual(stack.arrangedSubviews.map(\.id), [c.id, a.id, b.id])
        XCTAssertEqual(stack.subviews.map(\.id), [a.id, b.id, c.id])
        // Moving an arranged view: it ends at the index (the count means the end).
        try stack.insertArrangedSubview(c, at: 1)
        XCTAssertEqual(stack.arrangedSubviews.map(\.id), [a.id, c.id, b.id])
        try stack.insertArrangedSubview(c, at: 3)
        XCTAssertEqual(stack.arrangedSubviews.map(\.id), [a.id, b.id, c.id])
        try stack.addArrangedSubview(a)
        XCTAssertEqual(stack.arrangedSubviews.map(\.id), [b.id, c.id, a.id])
        // removeArrangedSubview keeps the subview; removeFromSuperview un-arranges.
        stack.removeArrangedSubview(b)
        XCTAssertEqual(stack.arrangedSubviews.map(\.id), [c.id, a.id])
        XCTAssertTrue(b.superview === stack)
        stack.removeArrangedSubview(b)  // not arranged: nothing happens
        c.removeFromSuperview()
        XCTAssertEqual(stack.arrangedSubviews.map(\.id), [a.id])
        // Moving a view into another view un-arranges it too.
        let other = try engine.makeView()
        try other.addSubview(a)
        XCTAssertTrue(stack.arrangedSubviews.isEmpty)
        // Freeing an arranged view un-arranges it.
        try stack.addArrangedSubview(c)
        engine.free(c)
        XCTAssertTrue(stack.arrangedSubviews.isEmpty)
    }

    func testArrangingErrorsChangeNothing() throws {
        let engine = LayoutEngine()
        let stack = try engine.makeStackView()
        let a = try engine.makeView()
        try stack.addArrangedSubview(a)
        XCTAssertThrowsError(try stack.insertArrangedSubview(try engine.makeView(), at: 2)) {
            XCTAssertEqual(($0 as? LayoutError).map { if case .invalidArgument = $0 { return true } else { return false } }, true)
        }
        XCTAssertThrowsError(try stack.addArrangedSubview(stack))
        let parent = try engine.makeView()
        try parent.addSubview(stack)
        XCTAssertThrowsError(try stack.addArrangedSubview(parent))
        XCTAssertThrowsError(try stack.addArrangedSubview(try LayoutEngine().makeView()))
        XCTAssertEqual(stack.arrangedSubviews.map(\.id), [a.id])
        XCTAssertEqual(stack.subviews.map(\.id), [a.id])
    }

    func testChangesWaitForThePass() throws {
        let f = try fixture(.horizontal, spacing: 10)
        try layout(f)
        f.stack.spacing = 20
        f.stack.alignment = .center
        f.b.isHidden = true
        assertFrames(f.views, [(0, 0, 300, 100), (310, 0, 50, 100), (370, 0, 30, 100)])
        try layout(f)
        assertFrames(f.views, [(0, 30, 350, 40), (350, 40, 0, 20), (370, 20, 30, 60)])
    }

    func testFreeingAStackFreesItsGuides() throws {
        let f = try fixture(.horizontal, spacing: 10, distribution: .equalSpacing, alignment: .center)
        try layout(f)
        let guides = f.stack.arrangementGuides.map(\.id)
        XCTAssertEqual(guides.count, 3)
        f.engine.free(f.stack)
        XCTAssertTrue(guides.allSatisfy { f.engine.item(withID: $0) == nil })
        XCTAssertNil(f.engine.item(withID: f.a.id))
    }

    func testAStackInAFrameModeHierarchyKeepsItsFrame() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 500, height: 500))
        let stack = try engine.makeStackView(frame: Rect(x: 20, y: 30, width: 200, height: 50))
        try root.addSubview(stack)
        let a = try engine.makeView(), b = try engine.makeView()
        a.intrinsicContentSize = Size(width: 60, height: 10)
        b.intrinsicContentSize = Size(width: 40, height: 10)
        try stack.addArrangedSubview(a)
        try stack.addArrangedSubview(b)
        try root.layoutIfNeeded()
        assertFrames([stack], [(20, 30, 200, 50)])
        assertFrames([a, b], [(0, 0, 160, 50), (160, 0, 40, 50)])
    }

    func testSystemLayoutSizeFittingOfAStack() throws {
        let f = try fixture(.horizontal, spacing: 10, alignment: .center)
        let fitted = try f.stack.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        // 180 + 20 along the axis, the tallest view (c, 60) across.
        XCTAssertEqual(fitted.width, 200, accuracy: 1e-9)
        XCTAssertEqual(fitted.height, 60, accuracy: 1e-9)
    }
}
