#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// UIKit's duration-based spring (`animate(withDuration:delay:usingSpringWithDamping:
/// initialSpringVelocity:…)`): a damped harmonic oscillator of unit mass that starts at progress
/// 0 with velocity `initialVelocity` (in whole animation distances per second, as UIKit's
/// `initialSpringVelocity`: 1 covers the distance in one second) and is pulled to progress 1.
///
/// UIKit documents the damping ratio and the velocity, not how it picks the spring's stiffness
/// from the duration. Tether picks the natural frequency ω₀ so that the motion's envelope has
/// decayed to 1/10,000 at the end of the duration: ω₀ = ln(10⁴) / (ζ·T) for ζ ≤ 1, and with the
/// slower of the two decay rates, ω₀·(ζ − √(ζ² − 1)), for an overdamped ζ > 1. At the end of the
/// duration the progress is exactly 1 (the remaining step is under 0.1 % of the distance).
public struct SpringTiming: Equatable, Sendable {
    public let dampingRatio: Double
    public let initialVelocity: Double
    public let duration: Double
    /// ω₀, radians per second.
    public let naturalFrequency: Double

    static let settleLog = log(10_000.0)

    /// `dampingRatio` > 0 and `duration` > 0, both finite (checked by `AnimationOptions`).
    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        self.duration = duration
        let z = dampingRatio
        let decayPerOmega = z <= 1 ? z : z - (z * z - 1).squareRoot()
        naturalFrequency = Self.settleLog / (decayPerOmega * duration)
    }

    /// Progress at `time` seconds after the spring started (0 before, 1 from the duration on).
    public func value(at time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= duration { return 1 }
        return 1 - displacement(time).position
    }

    /// d(progress)/dt at `time` (0 from the duration on, `initialVelocity` at 0).
    public func velocity(at time: Double) -> Double {
        if time >= duration { return 0 }
        // The initial condition exactly: the closed form sums terms of size ω₀ that cancel (an
        // overdamped spring of 1 ns has ω₀ ≈ 5e10), which would leave a velocity of rounding
        // noise where an animation from rest starts (a jump the interruption oracle sees).
        if time <= 0 { return initialVelocity }
        return -displacement(time).velocity
    }

    /// Bounds on |e(t)| and |e'(t)| over every t ≥ 0 (e = 1 − progress, 1 before the start), from
    /// the closed forms below: with decay ≤ 1, |c + b·s| and |−s + b·c| are at most √(1 + b²)
    /// (underdamped); t·e^(−ω₀t) is at most 1/(e·ω₀) (critical); each exponential is at most 1
    /// (overdamped).
    var bounds: (remaining: Double, rate: Double) {
        let z = dampingRatio, w = naturalFrequency, v0 = initialVelocity
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let amplitude = (1 + ((z * w - v0) / wd) * ((z * w - v0) / wd)).squareRoot()
            return (Swift.max(1, amplitude), Swift.max(Swift.abs(v0), (z * w + wd) * amplitude))
        } else if z == 1 {
            let b = w - v0
            return (1 + Swift.abs(b) / w, Swift.max(Swift.abs(v0), Swift.abs(b - w) + Swift.abs(b)))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let c1 = (-v0 - r2) / (r1 - r2)
            let c2 = 1 - c1
            return (Swift.max(1, Swift.abs(c1) + Swift.abs(c2)),
                    Swift.max(Swift.abs(v0), Swift.abs(c1 * r1) + Swift.abs(c2 * r2)))
        }
    }

    /// e(t) = 1 − progress and its derivative, the closed-form solution of
    /// e'' + 2ζω₀e' + ω₀²e = 0 with e(0) = 1, e'(0) = −v₀.
    func displacement(_ t: Double) -> (position: Double, velocity: Double) {
        let z = dampingRatio, w = naturalFrequency, v0 = initialVelocity
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (z * w - v0) / wd
            let decay = exp(-z * w * t)
            let c = cos(wd * t), s = sin(wd * t)
            let position = decay * (c + b * s)
            let velocity = decay * ((-z * w) * (c + b * s) + (-wd * s + b * wd * c))
            return (position, velocity)
        } else if z == 1 {
            let b = w - v0
            let decay = exp(-w * t)
            return (decay * (1 + b * t), decay * (b - w * (1 + b * t)))
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let c1 = (-v0 - r2) / (r1 - r2)
            let c2 = 1 - c1
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}
