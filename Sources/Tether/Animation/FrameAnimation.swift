/// One running animation of a view's frame, additive as UIKit's since iOS 8: the view is shown
/// at its model frame plus `delta` (old shown frame − new one) times what is left of the
/// track's progress. Animations of one view add up, so a new one starts exactly where the view
/// is shown and the ones already running keep their motion.
struct FrameAnimation {
    /// The track's slot in its engine's `AnimationStore`.
    let track: Int32
    let dx: Double, dy: Double, dw: Double, dh: Double
}

/// The frames an animating layout pass (or a frame set inside a block) changes: each view once,
/// with the frame it showed before its first write.
final class FrameCapture {
    let timing: AnimationTiming
    let group: AnimationGroup
    let stamp: UInt64
    private(set) var views: [View] = []
    private(set) var oldFrames: [Rect] = []

    private init(timing: AnimationTiming, group: AnimationGroup, stamp: UInt64) {
        self.timing = timing
        self.group = group
        self.stamp = stamp
    }

    /// A capture for the block open on this thread, if it animates.
    static func forCurrentBlock(in engine: LayoutEngine) -> FrameCapture? {
        guard let context = AnimationContext.existing, let top = context.frames.last,
              let timing = top.timing, let group = top.group else { return nil }
        engine.captureCounter += 1
        return FrameCapture(timing: timing, group: group, stamp: engine.captureCounter)
    }

    /// Notes `view` before its frame is written. A view that never had a frame is not animated:
    /// it appears at its first frame (see docs/animation.md for how UIKit differs).
    func note(_ view: View) {
        guard view.captureStamp != stamp else { return }
        view.captureStamp = stamp
        guard view.hasGivenFrame else { return }
        views.append(view)
        oldFrames.append(view.frame)
    }
}
