import XCTest
import TetherTestSupport
@testable import Tether
@testable import TetherDocument

/// Numbers written as text are read back as the same numbers, or not written at all (issue 20,
/// item 9): a document never holds `null` for a number it could not write, negative zero stays
/// negative, and an SVG never says "inf".
final class DocumentNumbersTests: XCTestCase {
    /// A view's properties that a document holds, as bit patterns (so -0 differs from 0).
    private func bits(_ v: View) -> [UInt64] {
        let f = v.frame, m = v.layoutMargins, s = v.safeAreaInsets, a = v.alignmentRectInsets
        return [f.minX, f.minY, f.width, f.height, m.top, m.left, m.bottom, m.right, s.top, s.left, s.bottom,
                s.right, a.top, a.left, a.bottom, a.right].map(\.bitPattern)
    }

    private func subtree(_ root: View) -> [View] {
        var out: [View] = [], stack = [root]
        while let v = stack.popLast() {
            out.append(v)
            stack.append(contentsOf: v.subviews.reversed())
        }
        return out
    }

    /// Random documents over awkward numbers (negative zero, the smallest subnormal, numbers near
    /// the largest double, long fractions): saving, loading and saving again gives the same text,
    /// and every view and constraint the same values to the bit.
    func testRandomDocumentsRoundTripToTheBit() throws {
        var rng = SeededGenerator(seed: 0xD0C_2026)
        let awkward: [Double] = [-0.0, 0, 5e-324, -5e-324, 1e300, -1.5e300, 0.1, 1.0 / 3, 123456.789, 2.5e-7]
        func value() -> Double { awkward[rng.int(0...(awkward.count - 1))] }
        func size() -> Double { [0, -0.0, 1e300, 5e-324, 0.1, 44][rng.int(0...5)] }
        func insets() -> EdgeInsets { EdgeInsets(top: value(), left: value(), bottom: value(), right: value()) }
        for trial in 0..<80 {
            let engine = LayoutEngine()
            let root = try engine.makeView(frame: Rect(x: value(), y: value(), width: size(), height: size()))
            var views = [root]
            for _ in 0..<rng.int(1...5) {
                let v = try engine.makeView(frame: Rect(x: value(), y: value(), width: size(), height: size()))
                v.layoutMargins = insets()
                v.safeAreaInsets = insets()
                v.alignmentRectInsets = insets()
                try views[rng.int(0...(views.count - 1))].addSubview(v)
                views.append(v)
            }
            // Active constraints are saved (with their constants); nothing is laid out.
            var constraints: [LayoutConstraint] = []
            for v in views.dropFirst() where rng.chance(0.5) {
                constraints.append(try v.widthAnchor.constraint(equalToConstant: value()))
            }
            try activate(constraints)
            let text = try LayoutDocument.save(root)
            let other = LayoutEngine()
            let loaded = try LayoutDocument.load(text, into: other).roots[0]
            XCTAssertEqual(try LayoutDocument.save(loaded), text, "trial \(trial)")
            let reloaded = subtree(loaded)
            XCTAssertEqual(reloaded.count, views.count, "trial \(trial)")
            for (a, b) in zip(subtree(root), reloaded) {
                XCTAssertEqual(bits(a), bits(b), "trial \(trial): \(a) and \(b) differ\n\(text)")
            }
            let constants = { (e: LayoutEngine) in e.activeConstraints.map(\.constant.bitPattern).sorted() }
            XCTAssertEqual(constants(other), constants(engine), "trial \(trial)")
        }
    }

    func testNegativeZeroIsWrittenAsItIs() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: -0.0, y: 0, width: 10, height: 10))
        root.safeAreaInsets = EdgeInsets(top: -0.0, left: 0, bottom: 0, right: 0)
        let text = try LayoutDocument.save(root)
        XCTAssertTrue(text.contains("-0"), text)
        let loaded = try LayoutDocument.load(text, into: LayoutEngine()).roots[0]
        XCTAssertEqual(loaded.frame.minX.sign, .minus)
        XCTAssertEqual(loaded.safeAreaInsets.top.sign, .minus)
    }

    /// A frame that is not finite (only a solve gone wrong could make one) is not written as
    /// `null`: the save fails and names where.
    func testANonFiniteNumberIsNotSaved() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let child = try engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try root.addSubview(child)
        child.storedFrame = Rect(x: 0, y: 0, width: .infinity, height: 10)
        XCTAssertThrowsError(try LayoutDocument.save(root)) { error in
            guard case .nonFinite(let message) = error as? LayoutError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("$.views[0].subviews[0].frame[2]"), message)
            XCTAssertTrue(message.contains("inf"), message)
        }
    }

    /// An SVG whose size overflows at its scale is refused instead of saying width="inf".
    func testAnSVGThatOverflowsAtItsScaleIsRefused() throws {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertThrowsError(try root.svg(SVGOptions(scale: 1e308))) { error in
            guard case .invalidArgument(let message) = error as? LayoutError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("not finite"), message)
        }
        let svg = try root.svg(SVGOptions(scale: 1e300))
        XCTAssertFalse(svg.contains("inf"), svg)
        XCTAssertFalse(svg.contains("nan"), svg)
    }
}
