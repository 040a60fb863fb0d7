import XCTest
@testable import Tether

/// Animation blocks on the view model: model frames change at once, presentation frames move on
/// the engine's clock, with UIKit's rules for interruption, nesting, opting out, completions,
/// views added and removed during an animation, and hierarchies.
final class AnimationBlockTests: XCTestCase {
    private var engine: LayoutEngine!
    private var root: View!
    private var box: View!
    /// box.leading == root.leading + constant
    private var leading: LayoutConstraint!

    override func setUpWithError() throws {
        engine = LayoutEngine()
        root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        box = try engine.makeSubview(of: root, identifier: "box")
        leading = try box.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        try activate([leading, try box.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                      try box.widthAnchor.constraint(equalToConstant: 100),
                      try box.heightAnchor.constraint(equalToConstant: 50)])
        try root.layoutIfNeeded()
    }

    override func tearDown() {
        XCTAssertEqual(Animation.openBlockCount, 0, "a test left a block open")
    }

    /// Moves the box to `x` inside a block with `options`.
    private func move(to x: Double, _ options: AnimationOptions) throws {
        try Animation.animate(options) {
            try leading.setConstant(x)
            try root.layoutIfNeeded()
        }
    }

    func testTheModelFrameChangesAtOnceAndThePresentationMovesOnTheClock() throws {
        try move(to: 200, AnimationOptions(duration: 1, curve: .linear))
        XCTAssertEqual(box.frame, Rect(x: 200, y: 10, width: 100, height: 50))
        XCTAssertEqual(box.presentationFrame, Rect(x: 0, y: 10, width: 100, height: 50))
        XCTAssertTrue(box.isAnimating)
        XCTAssertTrue(engine.hasRunningAnimations)
        try engine.advance(by: 0.25)
        XCTAssertEqual(box.presentationFrame.minX, 50, accuracy: 1e-9)
        XCTAssertEqual(box.presentationVelocity.minX, 200, accuracy: 1e-9)
        XCTAssertEqual(box.presentationFrame(at: 0.75).minX, 150, accuracy: 1e-9)
        XCTAssertEqual(box.animationEndTime, 1)
        try engine.advance(by: 0.75)
        XCTAssertEqual(box.presentationFrame, box.frame)
        XCTAssertFalse(box.isAnimating)
        XCTAssertFalse(engine.hasRunningAnimations)
    }

    func testEaseInOutSamplesItsCurve() throws {
        try move(to: 100, AnimationOptions(duration: 2))
        for step in 1...8 {
            try engine.advance(by: 0.2)
            let expected = 100 * AnimationCurve.easeInOut.timingFunction.value(at: Double(step) * 0.2 / 2)
            XCTAssertEqual(box.presentationFrame.minX, expected, accuracy: 1e-9)
        }
    }

    func testZeroDurationChangesAtOnceAndCompletesAtCommit() throws {
        var calls: [Bool] = []
        try move(to: 120, AnimationOptions(duration: 0, completion: { calls.append($0) }))
        XCTAssertEqual(calls, [true])
        XCTAssertFalse(box.isAnimating)
        XCTAssertEqual(box.presentationFrame.minX, 120)
    }

    func testTheOldFrameShowsThroughTheDelay() throws {
        try move(to: 100, AnimationOptions(duration: 1, delay: 0.5, curve: .linear))
        try engine.advance(by: 0.4)
        XCTAssertEqual(box.presentationFrame.minX, 0)
        try engine.advance(by: 0.6)
        XCTAssertEqual(box.presentationFrame.minX, 50, accuracy: 1e-9)
        XCTAssertEqual(box.animationEndTime, 1.5)
    }

    func testAnInterruptionStartsWhereTheViewIsShownWithoutAJump() throws {
        try move(to: 200, AnimationOptions(duration: 1))
        try engine.advance(by: 0.4)
        let before = box.presentationFrame, velocityBefore = box.presentationVelocity
        try move(to: -50, AnimationOptions(duration: 1))
        XCTAssertEqual(box.frame.minX, -50)
        XCTAssertEqual(box.presentationFrame.minX, before.minX, accuracy: 1e-9, "no jump in position")
        // Ease-in-out starts with zero velocity, so the running animation's velocity carries on.
        XCTAssertEqual(box.presentationVelocity.minX, velocityBefore.minX, accuracy: 1e-9, "no jump in velocity")
        // And the motion stays continuous on the clock: small steps make small moves.
        var last = box.presentationFrame.minX
        for _ in 0..<200 {
            try engine.advance(by: 0.01)
            let x = box.presentationFrame.minX
            XCTAssertLessThan(Swift.abs(x - last), 6, "a jump at clock \(engine.animationClock)")
            last = x
        }
        XCTAssertEqual(box.presentationFrame.minX, -50)
    }

    func testASpringKeepsItsVelocityWhenInterrupted() throws {
        try move(to: 200, AnimationOptions(duration: 1, springDamping: 0.5, initialSpringVelocity: 1))
        try engine.advance(by: 0.1)
        let velocity = box.presentationVelocity.minX
        XCTAssertGreaterThan(velocity, 0)
        try move(to: 0, AnimationOptions(duration: 1, springDamping: 0.8))
        XCTAssertEqual(box.presentationVelocity.minX, velocity, accuracy: 1e-9)
        try engine.advance(by: 1.5)
        XCTAssertEqual(box.presentationFrame.minX, 0)
    }

    func testNestedBlocksInheritDurationAndCurveUnlessTheyOverrideThem() throws {
        let other = try engine.makeSubview(of: root)
        let otherTop = try other.topAnchor.constraint(equalTo: root.topAnchor)
        try activate([otherTop, try other.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                      try other.widthAnchor.constraint(equalToConstant: 10),
                      try other.heightAnchor.constraint(equalToConstant: 10)])
        try root.layoutIfNeeded()
        try Animation.animate(AnimationOptions(duration: 2, curve: .linear)) {
            try Animation.animate(AnimationOptions(duration: 0.1, curve: .easeIn)) {
                XCTAssertEqual(Animation.inheritedDuration, 2)
                try leading.setConstant(100)
                try root.layoutIfNeeded()
            }
            try Animation.animate(AnimationOptions(duration: 0.5, curve: .linear, overridesInheritedDuration: true)) {
                try otherTop.setConstant(100)
                try root.layoutIfNeeded()
            }
        }
        try engine.advance(by: 0.25)
        XCTAssertEqual(box.presentationFrame.minX, 12.5, accuracy: 1e-9, "the outer block's 2 s, linear")
        XCTAssertEqual(other.presentationFrame.minY, 50, accuracy: 1e-9, "its own 0.5 s")
        XCTAssertEqual(box.animationEndTime, 2)
        XCTAssertEqual(other.animationEndTime, 0.5)
        try engine.advance(by: 2)
    }

    func testACurveOverrideKeepsTheInheritedDuration() throws {
        try Animation.animate(AnimationOptions(duration: 2, curve: .easeIn)) {
            try Animation.animate(AnimationOptions(duration: 9, curve: .linear, overridesInheritedCurve: true)) {
                try leading.setConstant(100)
                try root.layoutIfNeeded()
            }
        }
        try engine.advance(by: 1)
        XCTAssertEqual(box.presentationFrame.minX, 50, accuracy: 1e-9)
        XCTAssertEqual(box.animationEndTime, 2)
        try engine.advance(by: 1)
    }

    func testNothingAnimatesWithoutAnimationEvenInsideABlock() throws {
        var finished: Bool?
        try Animation.animate(AnimationOptions(duration: 1, completion: { finished = $0 })) {
            Animation.performWithoutAnimation {
                XCTAssertFalse(Animation.isAnimating)
                try? leading.setConstant(80)
                try? root.layoutIfNeeded()
                // A block opened inside does not animate either (UIKit's setAnimationsEnabled(false)).
                try? Animation.animate(AnimationOptions(duration: 1)) { XCTAssertFalse(Animation.isAnimating) }
            }
            XCTAssertTrue(Animation.isAnimating)
        }
        XCTAssertFalse(box.isAnimating)
        XCTAssertEqual(box.presentationFrame.minX, 80)
        XCTAssertEqual(finished, true, "a block that animated nothing completes at commit")
    }

    func testCompletionsRunOnceInTheOrderTheirAnimationsEnd() throws {
        var log: [String] = []
        try move(to: 100, AnimationOptions(duration: 1, completion: { log.append("long \($0)") }))
        let other = try engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try Animation.animate(AnimationOptions(duration: 0.5, completion: { log.append("short \($0)") })) {
            other.frame = Rect(x: 5, y: 0, width: 10, height: 10)
        }
        try Animation.animate(AnimationOptions(duration: 0.5, completion: { log.append("second short \($0)") })) {
            other.frame = Rect(x: 9, y: 0, width: 10, height: 10)
        }
        try engine.advance(by: 0.49)
        XCTAssertEqual(log, [])
        try engine.advance(by: 0.01)
        XCTAssertEqual(log, ["short true", "second short true"])
        try engine.setAnimationClock(3)
        try engine.advance(by: 1)
        XCTAssertEqual(log, ["short true", "second short true", "long true"])
    }

    func testAViewFreedMidAnimationStopsAndItsBlockCompletesUnfinished() throws {
        var calls: [Bool] = []
        try move(to: 100, AnimationOptions(duration: 1, completion: { calls.append($0) }))
        try engine.advance(by: 0.5)
        engine.free(box)
        XCTAssertEqual(calls, [], "completions run on the clock, not inside free")
        XCTAssertTrue(engine.hasRunningAnimations)
        try engine.advance(by: 0)
        XCTAssertEqual(calls, [false])
        try engine.advance(by: 1)
        XCTAssertEqual(calls, [false])
        XCTAssertFalse(engine.hasRunningAnimations)
    }

    func testARemovedViewStopsAnimating() throws {
        let child = try engine.makeView(frame: Rect(x: 1, y: 1, width: 5, height: 5))
        try box.addSubview(child)
        var finished: Bool?
        try Animation.animate(AnimationOptions(duration: 1, completion: { finished = $0 })) {
            try leading.setConstant(100)
            try root.layoutIfNeeded()
            child.frame = Rect(x: 20, y: 1, width: 5, height: 5)
        }
        XCTAssertTrue(child.isAnimating)
        box.removeFromSuperview()
        XCTAssertFalse(box.isAnimating)
        XCTAssertFalse(child.isAnimating, "the subtree stops with it")
        XCTAssertEqual(child.presentationFrame, child.frame)
        try engine.advance(by: 0)
        XCTAssertEqual(finished, false)
    }

    func testViewsAddedDuringAnAnimationAppearAtTheirFinalFramesUnlessTheyHadOne() throws {
        var fresh: View!, framed: View!
        try Animation.animate(AnimationOptions(duration: 1)) {
            fresh = try engine.makeSubview(of: root)
            framed = try engine.makeView(frame: Rect(x: 300, y: 200, width: 20, height: 20))
            framed.translatesAutoresizingMaskIntoConstraints = false
            try root.addSubview(framed)
            try activate([try fresh.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
                          try fresh.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 30),
                          try fresh.widthAnchor.constraint(equalToConstant: 40),
                          try fresh.heightAnchor.constraint(equalToConstant: 40),
                          try framed.topAnchor.constraint(equalTo: root.topAnchor),
                          try framed.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                          try framed.widthAnchor.constraint(equalToConstant: 20),
                          try framed.heightAnchor.constraint(equalToConstant: 20)])
            try root.layoutIfNeeded()
        }
        XCTAssertFalse(fresh.isAnimating, "a view that never had a frame does not grow from zero")
        XCTAssertEqual(fresh.presentationFrame, Rect(x: 30, y: 100, width: 40, height: 40))
        XCTAssertTrue(framed.isAnimating, "a view made with a frame moves from it")
        XCTAssertEqual(framed.presentationFrame, Rect(x: 300, y: 200, width: 20, height: 20))
        try engine.advance(by: 1)
    }

    func testASubviewMovesWithItsMovingSuperviewWithoutLag() throws {
        let child = try engine.makeSubview(of: box)
        try activate([try child.topAnchor.constraint(equalTo: box.topAnchor, constant: 5),
                      try child.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: -5),
                      try child.widthAnchor.constraint(equalToConstant: 20),
                      try child.heightAnchor.constraint(equalToConstant: 20)])
        try root.layoutIfNeeded()
        try move(to: 200, AnimationOptions(duration: 1, curve: .linear))
        XCTAssertFalse(child.isAnimating, "its frame in the superview did not change")
        for _ in 0..<4 {
            try engine.advance(by: 0.25)
            let parent = box.presentationFrame
            XCTAssertEqual(try child.presentationFrame(in: root),
                           Rect(x: parent.minX + 75, y: parent.minY + 5, width: 20, height: 20))
        }
        XCTAssertEqual(try child.presentationFrame(in: child), Rect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertThrowsError(try root.presentationFrame(in: child))
    }

    func testAFrameSetInsideABlockAnimatesWithTheSubviewsItAutoresizes() throws {
        let host = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let bar = try engine.makeView(frame: Rect(x: 0, y: 90, width: 100, height: 10))
        bar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        try host.addSubview(bar)
        try Animation.animate(AnimationOptions(duration: 1, curve: .linear)) {
            host.frame = Rect(x: 0, y: 0, width: 200, height: 300)
        }
        XCTAssertEqual(bar.frame, Rect(x: 0, y: 290, width: 200, height: 10))
        try engine.advance(by: 0.5)
        XCTAssertEqual(host.presentationFrame, Rect(x: 0, y: 0, width: 150, height: 200))
        XCTAssertEqual(bar.presentationFrame, Rect(x: 0, y: 190, width: 150, height: 10))
        try engine.advance(by: 0.5)
    }

    func testABlockOverTwoEnginesCompletesOnceWhenBothHaveEnded() throws {
        let second = LayoutEngine()
        let view = try second.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var calls: [Bool] = []
        try Animation.animate(AnimationOptions(duration: 1, completion: { calls.append($0) })) {
            try leading.setConstant(50)
            try root.layoutIfNeeded()
            view.frame = Rect(x: 10, y: 0, width: 10, height: 10)
        }
        try engine.advance(by: 2)
        XCTAssertEqual(calls, [])
        try second.advance(by: 2)
        XCTAssertEqual(calls, [true])
    }

    func testFreeingAnEngineCompletesItsBlocksUnfinished() throws {
        var calls: [Bool] = []
        var other: LayoutEngine? = LayoutEngine()
        let view = try other!.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try Animation.animate(AnimationOptions(duration: 1, completion: { calls.append($0) })) {
            view.frame = Rect(x: 10, y: 0, width: 10, height: 10)
        }
        other = nil
        XCTAssertEqual(calls, [false])
    }

    func testTheClockOnlyMovesForwardAndCommitNeedsABlock() throws {
        try engine.advance(by: 1)
        XCTAssertThrowsError(try engine.advance(by: -0.1)) {
            XCTAssertEqual(($0 as? LayoutError)?.description, "advance of -0.1 seconds is negative: the clock only moves forward")
        }
        XCTAssertThrowsError(try engine.advance(by: .nan))
        XCTAssertThrowsError(try engine.setAnimationClock(0.5)) {
            XCTAssertEqual(($0 as? LayoutError)?.description,
                           "clock time 0.5 is before the current time 1: the clock only moves forward")
        }
        XCTAssertEqual(engine.animationClock, 1)
        XCTAssertThrowsError(try Animation.commit()) {
            XCTAssertEqual($0 as? LayoutError, .invalidState("no animation block is open on this thread to commit"))
        }
    }

    func testRemoveAllAnimationsShowsModelFrames() throws {
        var finished: Bool?
        try move(to: 100, AnimationOptions(duration: 1, completion: { finished = $0 }))
        try engine.advance(by: 0.5)
        engine.removeAllAnimations()
        XCTAssertEqual(box.presentationFrame, box.frame)
        try engine.advance(by: 0)
        XCTAssertEqual(finished, false)
    }

    func testThousandsOfViewsAnimateTogether() throws {
        let wide = try engine.makeView(frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        var views: [View] = []
        for i in 0..<5_000 {
            views.append(try engine.makeView(frame: Rect(x: Double(i % 100), y: Double(i / 100), width: 1, height: 1)))
            try wide.addSubview(views[i])
        }
        try Animation.animate(AnimationOptions(duration: 1, curve: .linear)) {
            for v in views { v.frame = v.frame.offsetBy(dx: 10, dy: 0) }
        }
        try engine.advance(by: 0.5)
        for (i, v) in views.enumerated() {
            XCTAssertEqual(v.presentationFrame.minX, Double(i % 100) + 5, accuracy: 1e-9)
        }
        try engine.advance(by: 0.5)
        XCTAssertFalse(engine.hasRunningAnimations)
    }
}
