/// What an animation block asks for (UIKit's `animate(withDuration:delay:options:animations:
/// completion:)` and its spring variant). Frames that change inside the block move from where
/// they were shown to their new frames along this timing.
public struct AnimationOptions {
    /// Seconds; 0 makes the changes at once, without animating, as UIKit does.
    public var duration: Double
    /// Seconds before the views start moving (they show their old frames meanwhile).
    public var delay: Double
    /// The timing curve (ignored with a spring).
    public var curve: AnimationCurve
    /// A damping ratio in (0, ∞) makes the block a spring (1: no overshoot; toward 0: more
    /// oscillation); nil uses `curve`.
    public var springDamping: Double?
    /// The spring's initial velocity in whole distances per second (UIKit's
    /// `initialSpringVelocity`); ignored without a spring.
    public var initialSpringVelocity: Double
    /// Nested blocks inherit the duration and the curve (or spring) of the block around them,
    /// as UIKit's do, unless these are set (`UIView.AnimationOptions.overrideInheritedDuration`,
    /// `.overrideInheritedCurve`). The delay and the completion are always the block's own.
    public var overridesInheritedDuration: Bool
    public var overridesInheritedCurve: Bool
    /// Called once when every animation the block made has ended: `true` if all ran to their
    /// end, `false` if any was stopped (its view removed or freed, `removeAllAnimations`, its
    /// engine freed). A block that animates nothing completes when it is committed.
    public var completion: ((Bool) -> Void)?

    public init(duration: Double, delay: Double = 0, curve: AnimationCurve = .easeInOut,
                springDamping: Double? = nil, initialSpringVelocity: Double = 0,
                overridesInheritedDuration: Bool = false, overridesInheritedCurve: Bool = false,
                completion: ((Bool) -> Void)? = nil) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.springDamping = springDamping
        self.initialSpringVelocity = initialSpringVelocity
        self.overridesInheritedDuration = overridesInheritedDuration
        self.overridesInheritedCurve = overridesInheritedCurve
        self.completion = completion
    }

    /// Throws for a value UIKit would take but that has no sensible meaning: negative or
    /// non-finite times, a damping ratio that is not positive and finite, a non-finite velocity.
    /// (UIKit treats a negative duration as 0; Tether reports it instead of guessing.)
    public func validate() throws(LayoutError) {
        guard duration.isFinite else { throw .nonFinite("duration \(formatNumber(duration)) is not finite") }
        guard duration >= 0 else { throw .invalidArgument("duration \(formatNumber(duration)) is negative") }
        guard delay.isFinite else { throw .nonFinite("delay \(formatNumber(delay)) is not finite") }
        guard delay >= 0 else { throw .invalidArgument("delay \(formatNumber(delay)) is negative") }
        if let damping = springDamping {
            guard damping.isFinite else { throw .nonFinite("spring damping \(formatNumber(damping)) is not finite") }
            guard damping > 0 else {
                throw .invalidArgument("spring damping \(formatNumber(damping)) must be greater than 0 (1 for no overshoot)")
            }
        }
        guard initialSpringVelocity.isFinite else {
            throw .nonFinite("initial spring velocity \(formatNumber(initialSpringVelocity)) is not finite")
        }
    }

    /// The block's own timing (before inheritance); nil when it does not animate (duration 0).
    func ownTiming() -> AnimationTiming? {
        guard duration > 0 else { return nil }
        if let damping = springDamping {
            let spring = SpringTiming(dampingRatio: damping, initialVelocity: initialSpringVelocity, duration: duration)
            return AnimationTiming(duration: duration, delay: delay, motion: .spring(spring))
        }
        return AnimationTiming(duration: duration, delay: delay, motion: .curve(curve))
    }
}
