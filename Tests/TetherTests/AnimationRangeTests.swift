import XCTest
@testable import Tether

/// Presentation frames and velocities stay finite whatever the frames and timings: motion that
/// doubles cannot hold (frames near ±1.8e308, springs thrown at 1e306 distances a second,
/// durations of 5e-324 s) is not animated; the view jumps to its model frame
/// (docs/animation.md, "How Tether differs from UIKit"). Found by the C-API fuzzer.
final class AnimationRangeTests: XCTestCase {
    private var engine: LayoutEngine!
    private var root: View!
    private var box: View!

    override func setUpWithError() throws {
        engine = LayoutEngine()
        root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        box = try engine.makeView(frame: Rect(x: 10, y: 10, width: 100, height: 50))
        try root.addSubview(box)
    }

    override func tearDown() {
        XCTAssertEqual(Animation.openBlockCount, 0, "a test left a block open")
    }

    private func assertFinite(_ r: Rect, _ message: String = "", line: UInt = #line) {
        XCTAssertTrue(r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite,
                      "\(r) \(message)", line: line)
    }

    /// Sets the box's frame to `frame` in a block of `options`; what the completion got.
    private func setFrame(_ frame: Rect, _ options: AnimationOptions) throws -> [Bool] {
        var calls: [Bool] = []
        var options = options
        options.completion = { calls.append($0) }
        try Animation.animate(options) { box.frame = frame }
        return calls
    }

    func testAChangeBeyondTheDoublesJumps() throws {
        box.frame = Rect(x: 1.7e308, y: 10, width: 100, height: 50)
        let calls = try setFrame(Rect(x: -1.7e308, y: 10, width: 100, height: 50), AnimationOptions(duration: 1))
        XCTAssertFalse(box.isAnimating, "a change of -3.4e308 is not a double")
        XCTAssertEqual(box.presentationFrame, box.frame)
        XCTAssertEqual(box.presentationVelocity, .zero)
        XCTAssertEqual(calls, [true], "the block animated nothing: it completes at commit")
    }

    func testMotionTooFastForTheDoublesJumps() throws {
        // The shortest duration, 5e-324 s: a speed of 100 / 5e-324 points a second is infinite.
        _ = try setFrame(Rect(x: 110, y: 10, width: 100, height: 50),
                         AnimationOptions(duration: .leastNonzeroMagnitude, curve: .linear))
        XCTAssertFalse(box.isAnimating)
        // A spring thrown at 1e306 distances a second over 100 points.
        _ = try setFrame(Rect(x: 10, y: 10, width: 100, height: 50),
                         AnimationOptions(duration: 1, springDamping: 1, initialSpringVelocity: 1e306))
        XCTAssertFalse(box.isAnimating)
        XCTAssertEqual(box.presentationFrame, box.frame)
        // The same spring at 1e290 distances a second animates, and stays finite all the way.
        _ = try setFrame(Rect(x: 110, y: 10, width: 100, height: 50),
                         AnimationOptions(duration: 1, springDamping: 1, initialSpringVelocity: 1e290))
        XCTAssertTrue(box.isAnimating)
        for _ in 0..<100 {
            assertFinite(box.presentationFrame)
            assertFinite(box.presentationVelocity)
            try engine.advance(by: 0.01)
        }
    }

    func testAModelFrameSetFarAwayStopsTheRunningAnimation() throws {
        box.frame = Rect(x: 1e307, y: 10, width: 100, height: 50)
        var finished: Bool?
        try Animation.animate(AnimationOptions(duration: 1, curve: .linear, completion: { finished = $0 })) {
            box.frame = Rect(x: 0, y: 10, width: 100, height: 50)
        }
        XCTAssertTrue(box.isAnimating, "a change of 1e307 is well within the doubles: it animates")
        try engine.advance(by: 0.25)
        XCTAssertEqual(box.presentationFrame.minX, 7.5e306, accuracy: 1e292)
        // Without animation, back to 1e307: the running change of 1e307 on top of it could pass
        // the bound. The view jumps; its block completes unfinished at the next advance.
        box.frame = Rect(x: 1e307, y: 10, width: 100, height: 50)
        XCTAssertFalse(box.isAnimating)
        XCTAssertEqual(box.presentationFrame, box.frame)
        XCTAssertNil(finished)
        try engine.advance(by: 0)
        XCTAssertEqual(finished, false)
        // Everyday frames keep their animations when set without animation (additive).
        box.frame = Rect(x: 0, y: 10, width: 100, height: 50)
        _ = try setFrame(Rect(x: 100, y: 10, width: 100, height: 50), AnimationOptions(duration: 1, curve: .linear))
        box.frame = Rect(x: 300, y: 10, width: 100, height: 50)
        XCTAssertTrue(box.isAnimating)
        XCTAssertEqual(box.presentationFrame.minX, 200, accuracy: 1e-9)
    }

    func testALayoutPassThatMovesAnAnimatingViewFarStopsItsAnimation() throws {
        box.translatesAutoresizingMaskIntoConstraints = false
        let left = try box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 1e307)
        try activate([left, try box.topAnchor.constraint(equalTo: root.topAnchor),
                      try box.widthAnchor.constraint(equalToConstant: 10),
                      try box.heightAnchor.constraint(equalToConstant: 10)])
        try root.layoutIfNeeded()
        try Animation.animate(AnimationOptions(duration: 1, curve: .linear)) {
            try left.setConstant(0)
            try root.layoutIfNeeded()
        }
        XCTAssertTrue(box.isAnimating)
        // Back out to 1e307 by a pass outside any block: 1e307 plus the running change of 1e307.
        try left.setConstant(1e307)
        try root.layoutIfNeeded()
        XCTAssertFalse(box.isAnimating)
        XCTAssertEqual(box.presentationFrame, box.frame)
        // Ordinary passes outside a block leave running animations alone (additive).
        try Animation.animate(AnimationOptions(duration: 1, curve: .linear)) {
            try left.setConstant(0)
            try root.layoutIfNeeded()
        }
        try left.setConstant(50)
        try root.layoutIfNeeded()
        XCTAssertTrue(box.isAnimating)
        XCTAssertEqual(box.presentationFrame.minX, 50 + 1e307, accuracy: 1e292)
    }

    func testAnAnimationThatWouldEndPastTheLargestDoubleJumps() throws {
        try engine.setAnimationClock(1.7e308)
        _ = try setFrame(Rect(x: 200, y: 10, width: 100, height: 50), AnimationOptions(duration: 1e308))
        XCTAssertFalse(box.isAnimating, "1.7e308 + 1e308 s is not a time")
        XCTAssertEqual(box.animationEndTime, 1.7e308)
        // A duration that ends within the doubles still animates at that clock.
        _ = try setFrame(Rect(x: 10, y: 10, width: 100, height: 50), AnimationOptions(duration: 1e306))
        XCTAssertTrue(box.isAnimating)
        XCTAssertTrue(box.animationEndTime.isFinite)
    }

    func testAPresentationFrameInAnAncestorBeyondTheDoublesIsAnError() throws {
        let far = try engine.makeView(frame: Rect(x: 1.7e308, y: 0, width: 10, height: 10))
        let farther = try engine.makeView(frame: Rect(x: 1.7e308, y: 0, width: 1, height: 1))
        try box.addSubview(far)
        try far.addSubview(farther)
        XCTAssertThrowsError(try farther.presentationFrame(in: root)) {
            guard case .invalidState(let message)? = $0 as? LayoutError else { return XCTFail("\($0)") }
            XCTAssertTrue(message.contains("beyond the range of doubles"), message)
        }
        XCTAssertEqual(try farther.presentationFrame(in: far).minX, 1.7e308)
    }
}
