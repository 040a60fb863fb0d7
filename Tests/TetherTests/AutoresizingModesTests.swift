import XCTest
@testable import Tether
import TetherViewTestSupport

/// Frame mode and translation into constraints must give the same frames: every mask, a
/// superview resized several times, and random masks/frames/sizes.
final class AutoresizingModesTests: XCTestCase {
    /// Lays out `frame` with `mask` in a 320×480 root resized through `sizes`, either in frame mode
    /// or in a constraint-based root (one unrelated constrained view switches the mode on).
    private func frames(mask: AutoresizingMask, frame: Rect, rootSize: Size, sizes: [Size],
                        constraintBased: Bool) throws -> [Rect] {
        let engine = LayoutEngine()
        let root = try engine.makeView(frame: Rect(origin: .zero, size: rootSize))
        let container = try engine.makeView(frame: Rect(origin: .zero, size: rootSize))
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try root.addSubview(container)
        let v = try engine.makeView(frame: frame)
        v.autoresizingMask = mask
        try container.addSubview(v)
        if constraintBased {
            let pin = try engine.makeConstrainedSubview(of: root)
            try activate([pin.leftAnchor.constraint(equalTo: root.leftAnchor), pin.topAnchor.constraint(equalTo: root.topAnchor),
                          pin.widthAnchor.constraint(equalToConstant: 1), pin.heightAnchor.constraint(equalToConstant: 1)])
        }
        try root.layoutIfNeeded()
        var out: [Rect] = []
        for size in sizes {
            root.frame = Rect(origin: .zero, size: size)
            try root.layoutIfNeeded()
            out.append(v.frame)
        }
        return out
    }

    private func assertSame(_ a: [Rect], _ b: [Rect], _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a, b) {
            let scale = Swift.max(1, Swift.abs(x.width), Swift.abs(x.height), Swift.abs(x.minX), Swift.abs(x.minY))
            let ok = Swift.abs(x.minX - y.minX) <= 1e-9 * scale && Swift.abs(x.minY - y.minY) <= 1e-9 * scale
                && Swift.abs(x.width - y.width) <= 1e-9 * scale && Swift.abs(x.height - y.height) <= 1e-9 * scale
            XCTAssertTrue(ok, "\(context): frame mode \(x) vs constraints \(y)", file: file, line: line)
        }
    }

    func testAll64MasksAgree() throws {
        let sizes = [Size(width: 640, height: 960), Size(width: 200, height: 300), Size(width: 320, height: 480),
                     Size(width: 333.5, height: 1000)]
        let frame = Rect(x: 40, y: 60, width: 120, height: 90)
        for bits in 0..<64 {
            let mask = AutoresizingMask(rawValue: UInt32(bits))
            let a = try frames(mask: mask, frame: frame, rootSize: Size(width: 320, height: 480), sizes: sizes, constraintBased: false)
            let b = try frames(mask: mask, frame: frame, rootSize: Size(width: 320, height: 480), sizes: sizes, constraintBased: true)
            assertSame(a, b, "mask \(bits) \(mask.notation)")
            if bits == 0 { XCTAssertEqual(a.last, frame, "a fixed mask keeps the frame") }
        }
    }

    func testRandomCombinationsAgree() throws {
        var seed: UInt64 = 0x5EED
        func next() -> Double {  // deterministic: an LCG over [0, 1)
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for case_ in 0..<150 {
            let rootSize = Size(width: 100 + 900 * next(), height: 100 + 900 * next())
            let w = rootSize.width * next(), h = rootSize.height * next()
            let frame = Rect(x: (rootSize.width - w) * next(), y: (rootSize.height - h) * next(), width: w, height: h)
            let mask = AutoresizingMask(rawValue: UInt32(next() * 64))
            let sizes = (0..<3).map { _ in Size(width: 50 + 1500 * next(), height: 50 + 1500 * next()) }
            let a = try frames(mask: mask, frame: frame, rootSize: rootSize, sizes: sizes, constraintBased: false)
            let b = try frames(mask: mask, frame: frame, rootSize: rootSize, sizes: sizes, constraintBased: true)
            assertSame(a, b, "case \(case_) mask \(mask.rawValue) frame \(frame) root \(rootSize)")
        }
    }
}
