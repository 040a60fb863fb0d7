import XCTest
@testable import Tether
import TetherTestSupport

/// One axis of a frame in its superview, as the three parts of springs and struts.
private struct Span: CustomStringConvertible {
    var position: Double
    var length: Double
    var superview: Double
    var minMargin: Double { position }
    var maxMargin: Double { superview - (position + length) }
    var description: String { "(pos \(position), len \(length), in \(superview))" }

    init(position: Double, length: Double, superview: Double) {
        self.position = position; self.length = length; self.superview = superview
    }
    init(_ frame: Rect, _ size: Size, _ axis: Axis) {
        switch axis {
        case .horizontal: self.init(position: frame.minX, length: frame.width, superview: size.width)
        case .vertical: self.init(position: frame.minY, length: frame.height, superview: size.height)
        }
    }

    /// The flexible parts' current lengths, in the order min margin, size, max margin.
    func flexibleParts(_ f: AutoresizingMask.AxisFlexibility) -> [Double] {
        var parts: [Double] = []
        if f.minMargin { parts.append(minMargin) }
        if f.size { parts.append(length) }
        if f.maxMargin { parts.append(maxMargin) }
        return parts
    }
}

final class AutoresizingTests: XCTestCase {
    private static let allMasks = (UInt32(0)...63).map { AutoresizingMask(rawValue: $0) }

    /// The superview of §4.3's worked example (320 wide; the height is our choice).
    private static let exampleSuperview = Size(width: 320, height: 480)
    /// §4.3's worked example frame.
    private static let exampleFrame = Rect(x: 160, y: 120, width: 80, height: 80)

    /// Child frames in `exampleSuperview`: centred, flush top-left, flush bottom-right, filling,
    /// degenerate, overflowing (negative margins) and odd values.
    private static let frames: [Rect] = [
        exampleFrame,
        Rect(x: 0, y: 0, width: 100, height: 50),
        Rect(x: 20, y: 30, width: 300, height: 450),
        Rect(x: 0, y: 0, width: 320, height: 480),
        Rect(x: 0, y: 0, width: 0, height: 0),
        Rect(x: -40, y: -20, width: 400, height: 100),
        Rect(x: 100.25, y: 33.125, width: 17.5, height: 222.75),
    ]

    /// Bigger, smaller, back, an odd size.
    private static let resizes: [Size] = [
        Size(width: 480, height: 720),
        Size(width: 280, height: 400),
        exampleSuperview,
        Size(width: 333.7, height: 517.25),
    ]

    // MARK: Helpers

    private func assertClose(_ actual: Double, _ expected: Double, scale: Double = 1, relative: Double = 1e-9,
                             _ message: @autoclosure () -> String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        let tolerance = relative * max(1, abs(scale), abs(expected))
        XCTAssert(abs(actual - expected) <= tolerance,
                  "\(actual) is not \(expected) (±\(tolerance)) \(message())", file: file, line: line)
    }

    private func assertClose(_ actual: Rect, _ expected: Rect, scale: Double = 1, relative: Double = 1e-9,
                             _ message: @autoclosure () -> String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        let m = message()
        assertClose(actual.minX, expected.minX, scale: scale, relative: relative, "minX \(m)", file: file, line: line)
        assertClose(actual.minY, expected.minY, scale: scale, relative: relative, "minY \(m)", file: file, line: line)
        assertClose(actual.width, expected.width, scale: scale, relative: relative, "width \(m)", file: file, line: line)
        assertClose(actual.height, expected.height, scale: scale, relative: relative, "height \(m)", file: file, line: line)
    }

    private func resize(_ frame: Rect, _ mask: AutoresizingMask, from old: Size, to new: Size) -> Rect {
        AutoresizingRule.resizedFrame(frame, mask: mask, oldSuperviewSize: old, newSuperviewSize: new)
    }

    private func ruleFrame(_ frame: Rect, _ mask: AutoresizingMask, in size: Size, at later: Size) -> Rect {
        let rules = AutoresizingRule.translationRules(frame: frame, mask: mask, superviewSize: size)
        return AutoresizingRule.frame(horizontal: rules.horizontal, vertical: rules.vertical, superviewSize: later)
    }

    /// How badly cancellation can amplify rounding on an axis: Σ|flexible parts| / |F| (≥ 1).
    private func conditioning(_ span: Span, _ f: AutoresizingMask.AxisFlexibility) -> Double {
        let parts = span.flexibleParts(f)
        let total = parts.reduce(0, +)
        guard total != 0 else { return 1 }
        return max(1, parts.reduce(0) { $0 + abs($1) } / abs(total))
    }

    private func magnitude(_ frame: Rect, _ sizes: Size...) -> Double {
        var m = max(abs(frame.minX), abs(frame.minY), abs(frame.width), abs(frame.height))
        for s in sizes { m = max(m, abs(s.width), abs(s.height)) }
        return m
    }

    // MARK: Bits

    func testBitValuesAreUIKits() {
        XCTAssertEqual(AutoresizingMask.none.rawValue, 0)
        XCTAssertEqual(AutoresizingMask.flexibleLeftMargin.rawValue, 1)
        XCTAssertEqual(AutoresizingMask.flexibleWidth.rawValue, 2)
        XCTAssertEqual(AutoresizingMask.flexibleRightMargin.rawValue, 4)
        XCTAssertEqual(AutoresizingMask.flexibleTopMargin.rawValue, 8)
        XCTAssertEqual(AutoresizingMask.flexibleHeight.rawValue, 16)
        XCTAssertEqual(AutoresizingMask.flexibleBottomMargin.rawValue, 32)
        XCTAssertEqual(AutoresizingMask.all.rawValue, 63)
        XCTAssertEqual(AutoresizingMask.none, [])
        XCTAssertEqual([.flexibleWidth, .flexibleBottomMargin] as AutoresizingMask, AutoresizingMask(rawValue: 34))
    }

    func testValidatingInitRejectsBitsAbove63() {
        for raw in UInt32(0)...63 {
            XCTAssertEqual(AutoresizingMask(validating: raw)?.rawValue, raw)
        }
        for raw: UInt32 in [64, 65, 127, 128, 0x100, 0x8000_0000, 0xFFFF_FFFF, 64 | 2] {
            XCTAssertNil(AutoresizingMask(validating: raw), "\(raw)")
        }
    }

    /// UIKit meaning: 8 is the top (min-y) margin, 32 the bottom (max-y) margin.
    func testAxisFlexibilityMapsBitsToParts() {
        let top = AutoresizingMask.flexibleTopMargin.flexibility(along: .vertical)
        XCTAssertEqual(top, .init(minMargin: true, size: false, maxMargin: false))
        let bottom = AutoresizingMask.flexibleBottomMargin.flexibility(along: .vertical)
        XCTAssertEqual(bottom, .init(minMargin: false, size: false, maxMargin: true))
        XCTAssertEqual(AutoresizingMask.flexibleHeight.flexibility(along: .vertical),
                       .init(minMargin: false, size: true, maxMargin: false))
        XCTAssertEqual(AutoresizingMask.flexibleLeftMargin.flexibility(along: .horizontal),
                       .init(minMargin: true, size: false, maxMargin: false))
        XCTAssertEqual(AutoresizingMask.flexibleRightMargin.flexibility(along: .horizontal),
                       .init(minMargin: false, size: false, maxMargin: true))
        for mask in Self.allMasks {
            let h = mask.flexibility(along: .horizontal), v = mask.flexibility(along: .vertical)
            XCTAssertEqual(h.flexibleCount + v.flexibleCount, mask.rawValue.nonzeroBitCount)
            // Vertical bits never leak into the horizontal axis and vice versa.
            XCTAssertEqual(AutoresizingMask(rawValue: mask.rawValue & 7).flexibility(along: .horizontal), h)
            XCTAssertEqual(AutoresizingMask(rawValue: mask.rawValue & 56).flexibility(along: .vertical), v)
        }
    }

    // MARK: Notation

    func testNotationExamples() {
        let cases: [(AutoresizingMask, String)] = [
            (.none, "h=--& v=--&"),
            (.all, "h=&&& v=&&&"),
            ([.flexibleWidth, .flexibleBottomMargin], "h=-&- v=--&"),
            ([.flexibleWidth, .flexibleHeight], "h=-&- v=-&-"),
            ([.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin], "h=&-& v=&-&"),
            (.flexibleWidth, "h=-&- v=--&"),
            (.flexibleTopMargin, "h=--& v=&--"),
            (.flexibleLeftMargin, "h=&-- v=--&"),
            (.flexibleRightMargin, "h=--& v=--&"),
            ([.flexibleLeftMargin, .flexibleWidth, .flexibleHeight, .flexibleBottomMargin], "h=&&- v=-&&"),
            ([.flexibleRightMargin, .flexibleTopMargin, .flexibleHeight], "h=--& v=&&-"),
        ]
        for (mask, expected) in cases {
            XCTAssertEqual(mask.notation, expected, "mask \(mask.rawValue)")
        }
    }

    /// Every mask: `h=XYZ v=XYZ`; an axis with any flexible bit shows exactly its bits; an axis
    /// with none shows `--&`; `---` never appears.
    func testNotationForAllMasks() {
        for mask in Self.allMasks {
            let s = mask.notation
            XCTAssertEqual(s.count, 11, s)
            XCTAssertTrue(s.hasPrefix("h="), s)
            let chars = Array(s)
            XCTAssertEqual(String(chars[5...7]), " v=", s)
            for (axis, range) in [(Axis.horizontal, 2...4), (Axis.vertical, 8...10)] {
                let part = String(chars[range])
                XCTAssertNotEqual(part, "---", s)
                let f = mask.flexibility(along: axis)
                if f.flexibleCount == 0 {
                    XCTAssertEqual(part, "--&", "mask \(mask.rawValue)")
                } else {
                    XCTAssertEqual(Array(part).map { $0 == "&" }, [f.minMargin, f.size, f.maxMargin], "mask \(mask.rawValue)")
                }
            }
        }
        // Exactly 4 masks print the default `h=--& v=--&`: each axis empty or only its max margin.
        let defaults = Self.allMasks.filter { $0.notation == "h=--& v=--&" }.map(\.rawValue).sorted()
        XCTAssertEqual(defaults, [0, 4, 32, 36])
    }

    /// Backs the `--&` reading: no flexibility and "only the max margin flexible" resize alike.
    func testNoFlexibilityResizesLikeFlexibleMaxMargin() {
        for frame in Self.frames {
            var old = Self.exampleSuperview
            var a = frame, b = frame
            for new in Self.resizes {
                a = resize(a, .none, from: old, to: new)
                b = resize(b, [.flexibleRightMargin, .flexibleBottomMargin], from: old, to: new)
                XCTAssertEqual(a, frame)
                assertClose(b, a, scale: magnitude(frame, old, new), "frame \(frame)")
                old = new
            }
        }
    }

    // MARK: Frame mode, hand-derived

    /// §4.3's worked example, frame (160,120,80,80) in a 320-wide superview, compared with the
    /// iOS 7 width/centerX constraints wherever they agree with the proportional rule (all masks
    /// listed there except left+right margins, whose iOS 7 form keeps centerX at 0.625·W).
    func testWorkedExampleHorizontal() {
        let f = Self.exampleFrame, s = Self.exampleSuperview
        for w in [320.0, 480, 640, 200, 333.5, 1000] {
            let new = Size(width: w, height: s.height)
            func check(_ mask: AutoresizingMask, width: Double, centerX: Double, line: UInt = #line) {
                let r = resize(f, mask, from: s, to: new)
                assertClose(r.width, width, scale: w, "mask \(mask.rawValue) at \(w)", line: line)
                assertClose(r.midX, centerX, scale: w, "mask \(mask.rawValue) at \(w)", line: line)
                XCTAssertEqual(r.minY, f.minY, line: line)
                XCTAssertEqual(r.height, f.height, line: line)
            }
            // none → H:[v(80)], centerX == 200
            check(.none, width: 80, centerX: 200)
            // flexible width → width == W − 240, centerX == W/2 + 40
            check(.flexibleWidth, width: w - 240, centerX: w / 2 + 40)
            // left+width → width == W/3 − 80/3 (0.333333·W − 26.6667), centerX == (5/3)·(W/2) − 200/3
            check([.flexibleLeftMargin, .flexibleWidth], width: w / 3 - 80.0 / 3, centerX: 5.0 / 3 * (w / 2) - 200.0 / 3)
            // width+right → width == W/2 − 80, centerX == (W/2)/2 + 120
            check([.flexibleWidth, .flexibleRightMargin], width: w / 2 - 80, centerX: w / 4 + 120)
            // all three → width == 0.25·W, centerX == 0.625·W
            check([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], width: 0.25 * w, centerX: 0.625 * w)
            // left+right, proportional (GNUstep's / modern logs' form, not iOS 7's):
            // minX == (L/(W−w))·W′ − (L/(W−w))·w with L = 160, W − w = 240, w = 80.
            let r = resize(f, [.flexibleLeftMargin, .flexibleRightMargin], from: s, to: new)
            assertClose(r.minX, 160.0 / 240 * w - 160.0 / 240 * 80, scale: w)
            XCTAssertEqual(r.width, 80)
            // The margins keep their 2:1 ratio.
            assertClose(r.minX / (w - r.maxX), 2, relative: 1e-12)
        }
    }

    /// The translation rules of the worked example, against §4.3's printed iOS 7 coefficients
    /// (6 significant digits), converted from width/centerX form: centerX factor on
    /// superview.centerX = 2·(a + c/2), constant = b + d/2.
    func testWorkedExampleRulesMatchPrintedCoefficients() {
        let f = Self.exampleFrame, s = Self.exampleSuperview
        func check(_ mask: AutoresizingMask, c: Double, d: Double, centerFactor: Double, centerConstant: Double,
                   line: UInt = #line) {
            let h = AutoresizingRule.translationRules(frame: f, mask: mask, superviewSize: s).horizontal
            assertClose(h.lengthFactor, c, relative: 1e-5, "c, mask \(mask.rawValue)", line: line)
            assertClose(h.lengthConstant, d, relative: 1e-5, "d, mask \(mask.rawValue)", line: line)
            assertClose(2 * (h.positionFactor + h.lengthFactor / 2), centerFactor, relative: 1e-5,
                        "centerX factor, mask \(mask.rawValue)", line: line)
            assertClose(h.positionConstant + h.lengthConstant / 2, centerConstant, relative: 1e-5,
                        "centerX constant, mask \(mask.rawValue)", line: line)
        }
        check(.none, c: 0, d: 80, centerFactor: 0, centerConstant: 200)
        check(.flexibleWidth, c: 1, d: -240, centerFactor: 1, centerConstant: 40)
        check([.flexibleLeftMargin, .flexibleWidth], c: 0.333333, d: -26.6667, centerFactor: 1.66667, centerConstant: -66.6667)
        check([.flexibleWidth, .flexibleRightMargin], c: 0.5, d: -80, centerFactor: 0.5, centerConstant: 120)
        // all three: centerX == 0.625·superview.width, i.e. 1.25·superview.centerX
        check([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], c: 0.25, d: 0, centerFactor: 1.25, centerConstant: 0)

        // left+right: the modern/GNUstep shape minX == a·W − a·w with a = L/(W − w).
        let h = AutoresizingRule.translationRules(frame: f, mask: [.flexibleLeftMargin, .flexibleRightMargin],
                                                  superviewSize: s).horizontal
        assertClose(h.positionFactor, 160.0 / 240, relative: 1e-15)
        assertClose(h.positionConstant, -(160.0 / 240) * 80, relative: 1e-12)
        XCTAssertEqual(h.lengthFactor, 0)
        XCTAssertEqual(h.lengthConstant, 80)
    }

    /// y grows downward: a flexible top margin moves the view down by the whole change, a flexible
    /// bottom margin leaves it in place.
    func testVerticalBitsUseUIKitMeaning() {
        let f = Self.exampleFrame, s = Self.exampleSuperview, new = Size(width: 320, height: 600)
        XCTAssertEqual(resize(f, .flexibleTopMargin, from: s, to: new), Rect(x: 160, y: 240, width: 80, height: 80))
        XCTAssertEqual(resize(f, .flexibleBottomMargin, from: s, to: new), f)
        XCTAssertEqual(resize(f, .flexibleHeight, from: s, to: new), Rect(x: 160, y: 120, width: 80, height: 200))
        XCTAssertEqual(resize(f, .flexibleLeftMargin, from: s, to: Size(width: 400, height: 480)),
                       Rect(x: 240, y: 120, width: 80, height: 80))
    }

    func testHandDerivedMixedMask() {
        // h: all three flexible, F = 200 = W, so everything scales by 1.5.
        // v: top fixed (50); height 100 and bottom 150 flexible, F = 250, +150 → ×1.6.
        let mask: AutoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin,
                                      .flexibleHeight, .flexibleBottomMargin]
        let r = resize(Rect(x: 20, y: 50, width: 100, height: 100), mask,
                       from: Size(width: 200, height: 300), to: Size(width: 300, height: 450))
        XCTAssertEqual(r, Rect(x: 30, y: 50, width: 150, height: 160))
        // Proportional, not equal: width+right with width 100, right 20 (+60 → +50 / +10).
        let p = resize(Rect(x: 0, y: 0, width: 100, height: 10), [.flexibleWidth, .flexibleRightMargin],
                       from: Size(width: 120, height: 10), to: Size(width: 180, height: 10))
        XCTAssertEqual(p, Rect(x: 0, y: 0, width: 150, height: 10))
        // Shrinking works the same way.
        let q = resize(Rect(x: 30, y: 0, width: 60, height: 10), [.flexibleLeftMargin, .flexibleWidth],
                       from: Size(width: 100, height: 10), to: Size(width: 55, height: 10))
        XCTAssertEqual(q, Rect(x: 15, y: 0, width: 30, height: 10))
    }

    // MARK: Frame mode, all 64 masks

    /// For every mask, frame and step of bigger → smaller → back → odd: fixed parts keep their
    /// length, flexible parts change in proportion (or equally when F == 0), and the parts add
    /// up to the new superview size; "back" restores the frame when F never became 0.
    func testAllMasksInvariantsUnderRepeatedResizes() {
        for mask in Self.allMasks {
            for frame in Self.frames {
                var old = Self.exampleSuperview
                var current = frame
                var flexibleTotalHitZero = false
                for new in Self.resizes {
                    let next = resize(current, mask, from: old, to: new)
                    for axis in Axis.allCases {
                        let f = mask.flexibility(along: axis)
                        let a = Span(current, old, axis), b = Span(next, new, axis)
                        let change = b.superview - a.superview
                        let scale = max(abs(a.position), abs(a.length), abs(a.superview), abs(b.superview))
                            * conditioning(a, f)
                        let what = "mask \(mask.rawValue) \(axis) \(a) → \(b)"
                        if f.flexibleCount == 0 {
                            // Nothing changes; the far margin silently absorbs the change (`--&`).
                            XCTAssertEqual(b.position, a.position, what)
                            XCTAssertEqual(b.length, a.length, what)
                            continue
                        }
                        if !f.minMargin { XCTAssertEqual(b.minMargin, a.minMargin, what) }
                        if !f.size { XCTAssertEqual(b.length, a.length, what) }
                        if !f.maxMargin { assertClose(b.maxMargin, a.maxMargin, scale: scale, what) }
                        let total = a.flexibleParts(f).reduce(0, +)
                        let expected: [Double]
                        if total != 0 {
                            expected = a.flexibleParts(f).map { $0 * ((total + change) / total) }
                        } else {
                            expected = a.flexibleParts(f).map { $0 + change / Double(f.flexibleCount) }
                            if f.flexibleCount > 1 { flexibleTotalHitZero = true }
                        }
                        for (got, want) in zip(b.flexibleParts(f), expected) {
                            assertClose(got, want, scale: scale, what)
                        }
                        // Fixed + flexible parts = the new superview length.
                        let fixed = (f.minMargin ? 0 : a.minMargin) + (f.size ? 0 : a.length)
                            + (f.maxMargin ? 0 : a.maxMargin)
                        assertClose(fixed + expected.reduce(0, +), b.superview, scale: scale, what)
                        assertClose(b.minMargin + b.length + (f.maxMargin ? expected.last! : a.maxMargin),
                                    b.superview, scale: scale, what)
                    }
                    if new == Self.exampleSuperview && !flexibleTotalHitZero {
                        assertClose(next, frame, scale: magnitude(frame, old, new) * 4,
                                    "back to the start, mask \(mask.rawValue), frame \(frame)")
                    }
                    current = next
                    old = new
                }
            }
        }
    }

    // MARK: F == 0

    func testEqualSplitWhenFlexibleTotalIsZero() {
        // Zero-size view at the origin, left+width flexible: both parts are 0, +100 → +50 each.
        XCTAssertEqual(resize(.zero, [.flexibleLeftMargin, .flexibleWidth, .flexibleTopMargin, .flexibleHeight],
                              from: Size(width: 320, height: 480), to: Size(width: 420, height: 420)),
                       Rect(x: 50, y: -30, width: 50, height: -30))
        // Empty superview, everything flexible: thirds.
        XCTAssertEqual(resize(.zero, .all, from: .zero, to: Size(width: 300, height: 90)),
                       Rect(x: 100, y: 30, width: 100, height: 30))
        // Flush right, left fixed, width 0 and right 0 flexible: the width gets half... of +40.
        XCTAssertEqual(resize(Rect(x: 100, y: 0, width: 0, height: 10), [.flexibleWidth, .flexibleRightMargin],
                              from: Size(width: 100, height: 10), to: Size(width: 140, height: 10)),
                       Rect(x: 100, y: 0, width: 20, height: 10))
        // Nonzero parts that cancel (left −10, width 10) also count as F == 0.
        XCTAssertEqual(resize(Rect(x: -10, y: 0, width: 10, height: 10), [.flexibleLeftMargin, .flexibleWidth],
                              from: Size(width: 100, height: 10), to: Size(width: 200, height: 10)),
                       Rect(x: 40, y: 0, width: 60, height: 10))
        // The rules split equally too: factor 1/k for each flexible part.
        let rules = AutoresizingRule.translationRules(frame: .zero, mask: .all, superviewSize: .zero)
        XCTAssertEqual(rules.horizontal, AutoresizingRule(positionFactor: 1.0 / 3, positionConstant: 0,
                                                          lengthFactor: 1.0 / 3, lengthConstant: 0))
        let two = AutoresizingRule.translationRules(frame: Rect(x: 100, y: 0, width: 0, height: 10),
                                                    mask: [.flexibleWidth, .flexibleRightMargin],
                                                    superviewSize: Size(width: 100, height: 10)).horizontal
        XCTAssertEqual(two, AutoresizingRule(positionFactor: 0, positionConstant: 100, lengthFactor: 0.5, lengthConstant: -50))
    }

    /// Once F reaches 0 the history is lost: later growth is split equally, not in the old ratio.
    func testFlexibleTotalReachingZeroMakesFrameModePathDependent() {
        let mask: AutoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        let f = Rect(x: 10, y: 0, width: 30, height: 10)
        let s = Size(width: 100, height: 10), shrunk = Size(width: 60, height: 10)
        let squeezed = resize(f, mask, from: s, to: shrunk)
        XCTAssertEqual(squeezed, Rect(x: 0, y: 0, width: 0, height: 10))
        XCTAssertEqual(resize(squeezed, mask, from: shrunk, to: s), Rect(x: 20, y: 0, width: 20, height: 10))
        XCTAssertEqual(resize(f, mask, from: s, to: s), f)
    }

    // MARK: Path independence

    /// While F stays nonzero (here: positive), a chain of resizes gives the direct resize's frame,
    /// and the rules built from the original frame give it too.
    func testPathIndependenceWhileFlexibleTotalStaysPositive() {
        var rng = SeededGenerator(seed: 0xA17_0512)
        var checkedChains = 0
        for mask in Self.allMasks {
            for frame in Self.frames {
                for _ in 0..<4 {
                    var sizes: [Size] = []
                    for _ in 0..<5 {
                        sizes.append(Size(width: Double(Int.random(in: 200...900, using: &rng)) + 0.5 * Double(Int.random(in: 0...1, using: &rng)),
                                          height: Double.random(in: 250...1200, using: &rng)))
                    }
                    var old = Self.exampleSuperview
                    var current = frame
                    var stayedPositive = true
                    for new in sizes {
                        for axis in Axis.allCases {
                            let f = mask.flexibility(along: axis)
                            if f.flexibleCount > 0 && !(Span(current, old, axis).flexibleParts(f).reduce(0, +) > 0) {
                                stayedPositive = false
                            }
                        }
                        current = resize(current, mask, from: old, to: new)
                        old = new
                    }
                    guard stayedPositive else { continue }
                    checkedChains += 1
                    let scale = magnitude(frame, Self.exampleSuperview, old) * 8
                    let direct = resize(frame, mask, from: Self.exampleSuperview, to: old)
                    assertClose(current, direct, scale: scale, "chain vs direct, mask \(mask.rawValue), frame \(frame)")
                    assertClose(ruleFrame(frame, mask, in: Self.exampleSuperview, at: old), current, scale: scale,
                                "rules vs chain, mask \(mask.rawValue), frame \(frame)")
                }
            }
        }
        XCTAssertGreaterThan(checkedChains, 64 * 4 * 3)  // most chains qualify; the test is not vacuous
    }

    // MARK: Translation rules

    /// All 64 masks, all frames, every later size: the rules built once from the original frame
    /// give frame mode's one-step result, reproduce the original frame at the original size, and
    /// keep fixed parts as exact constants.
    func testTranslationRulesMatchFrameModeForAllMasks() {
        let s = Self.exampleSuperview
        for mask in Self.allMasks {
            for frame in Self.frames {
                let rules = AutoresizingRule.translationRules(frame: frame, mask: mask, superviewSize: s)
                let h = mask.flexibility(along: .horizontal), v = mask.flexibility(along: .vertical)
                if !h.minMargin { XCTAssertEqual(rules.horizontal.positionFactor, 0); XCTAssertEqual(rules.horizontal.positionConstant, frame.minX) }
                if !h.size { XCTAssertEqual(rules.horizontal.lengthFactor, 0); XCTAssertEqual(rules.horizontal.lengthConstant, frame.width) }
                if !v.minMargin { XCTAssertEqual(rules.vertical.positionFactor, 0); XCTAssertEqual(rules.vertical.positionConstant, frame.minY) }
                if !v.size { XCTAssertEqual(rules.vertical.lengthFactor, 0); XCTAssertEqual(rules.vertical.lengthConstant, frame.height) }
                if !h.minMargin && !h.size { XCTAssertTrue(rules.horizontal.isConstant) }
                if !v.minMargin && !v.size { XCTAssertTrue(rules.vertical.isConstant) }
                assertClose(ruleFrame(frame, mask, in: s, at: s), frame, scale: magnitude(frame, s),
                            "at the original size, mask \(mask.rawValue)")
                for later in Self.resizes + [Size(width: 0, height: 0), Size(width: 1e4, height: 3), Size(width: 320, height: 480.5)] {
                    let scale = magnitude(frame, s, later)
                        * max(conditioning(Span(frame, s, .horizontal), h), conditioning(Span(frame, s, .vertical), v))
                    assertClose(ruleFrame(frame, mask, in: s, at: later), resize(frame, mask, from: s, to: later),
                                scale: scale, "mask \(mask.rawValue), frame \(frame), at \(later)")
                }
            }
        }
    }

    /// 1000 seeded random cases: random mask, superview, frame (inside, flush, filling, empty or
    /// overflowing per axis) and three later sizes.
    func testTranslationRulesMatchFrameModeRandomized() {
        var rng = SeededGenerator(seed: 20_250_611)
        func length() -> Double {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return 0
            case 1...4: return Double(Int.random(in: 1...1000, using: &rng))
            case 5, 6: return Double(Int.random(in: 0...4000, using: &rng)) * 0.25
            default: return Double.random(in: 0..<1000, using: &rng)
            }
        }
        /// (position, length) of one axis in a superview of `superview`.
        func span(in superview: Double) -> (Double, Double) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: // inside
                let p = Double.random(in: 0...superview, using: &rng)
                return (p, Double.random(in: 0...(superview - p), using: &rng))
            case 1: // flush with the min edge
                return (0, Double.random(in: 0...superview, using: &rng))
            case 2: // flush with the max edge
                let w = Double.random(in: 0...superview, using: &rng)
                return (superview - w, w)
            case 3: return (0, superview)
            case 4: return (0, 0)
            default: // anywhere, possibly overflowing
                return (Double.random(in: -300...(superview + 300), using: &rng), length())
            }
        }
        var zeroTotals = 0
        for i in 0..<1000 {
            let mask = AutoresizingMask(rawValue: UInt32.random(in: 0...63, using: &rng))
            let s = Size(width: length(), height: length())
            let (x, w) = span(in: s.width), (y, h) = span(in: s.height)
            let frame = Rect(x: x, y: y, width: w, height: h)
            let hf = mask.flexibility(along: .horizontal), vf = mask.flexibility(along: .vertical)
            for (sp, f) in [(Span(frame, s, .horizontal), hf), (Span(frame, s, .vertical), vf)]
                where f.flexibleCount > 0 && sp.flexibleParts(f).reduce(0, +) == 0 { zeroTotals += 1 }
            let cond = max(conditioning(Span(frame, s, .horizontal), hf), conditioning(Span(frame, s, .vertical), vf))
            assertClose(ruleFrame(frame, mask, in: s, at: s), frame, scale: magnitude(frame, s) * cond,
                        "case \(i): at the original size")
            for _ in 0..<3 {
                let later = Size(width: length(), height: length())
                let expected = resize(frame, mask, from: s, to: later)
                assertClose(ruleFrame(frame, mask, in: s, at: later), expected, scale: magnitude(frame, s, later) * cond,
                            "case \(i): mask \(mask.rawValue), frame \(frame) in \(s), at \(later)")
            }
        }
        XCTAssertGreaterThan(zeroTotals, 20)  // the F == 0 branch is exercised
    }

    /// The forwarding entry points on `AutoresizingMask` agree with `AutoresizingRule`'s.
    func testMaskEntryPointsForward() {
        let mask: AutoresizingMask = [.flexibleLeftMargin, .flexibleHeight]
        let f = Self.exampleFrame, s = Self.exampleSuperview, new = Size(width: 500, height: 100)
        XCTAssertEqual(AutoresizingMask.resizedFrame(f, mask: mask, oldSuperviewSize: s, newSuperviewSize: new),
                       resize(f, mask, from: s, to: new))
        let a = AutoresizingMask.translationRules(frame: f, mask: mask, superviewSize: s)
        let b = AutoresizingRule.translationRules(frame: f, mask: mask, superviewSize: s)
        XCTAssertEqual(a.horizontal, b.horizontal)
        XCTAssertEqual(a.vertical, b.vertical)
    }
}
