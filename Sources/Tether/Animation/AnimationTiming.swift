/// When an animation runs and how it moves: a delay, a duration, and a curve or a spring.
/// Progress goes from 0 (the old frame) to 1 (the new one); before the delay has passed it is 0,
/// so a delayed view keeps showing where it was, as Core Animation's backwards fill does.
public struct AnimationTiming: Equatable, Sendable {
    public enum Motion: Equatable, Sendable {
        case curve(AnimationCurve)
        case spring(SpringTiming)
    }

    public let duration: Double
    public let delay: Double
    public let motion: Motion

    public init(duration: Double, delay: Double, motion: Motion) {
        self.duration = duration
        self.delay = delay
        self.motion = motion
    }

    /// Seconds from the start to the end, delay included.
    public var totalTime: Double { delay + duration }

    /// Progress `elapsed` seconds after the animation was made.
    public func progress(elapsed: Double) -> Double {
        let active = elapsed - delay
        if active <= 0 { return 0 }
        if active >= duration { return 1 }
        switch motion {
        case .curve(let curve): return curve.timingFunction.value(at: active / duration)
        case .spring(let spring): return spring.value(at: active)
        }
    }

    /// The most |1 − progress| (what is left of the change) reaches at any time: 1 for the curves,
    /// whose progress stays in [0, 1]; more for a spring that overshoots or is thrown backwards.
    public var remainingBound: Double {
        switch motion {
        case .curve: return 1
        case .spring(let spring): return spring.bounds.remaining
        }
    }

    /// The most |d(progress)/dt| reaches at any time, in 1/seconds (infinite for a duration so
    /// short that no double holds it).
    public var rateBound: Double {
        switch motion {
        case .curve(let curve): return curve.steepestSlope / duration
        case .spring(let spring): return spring.bounds.rate
        }
    }

    /// d(progress)/dt in 1/seconds, `elapsed` seconds after the animation was made.
    public func velocity(elapsed: Double) -> Double {
        let active = elapsed - delay
        if active < 0 || active >= duration { return 0 }
        switch motion {
        case .curve(let curve): return curve.timingFunction.slope(at: active / duration) / duration
        case .spring(let spring): return spring.velocity(at: active)
        }
    }
}
