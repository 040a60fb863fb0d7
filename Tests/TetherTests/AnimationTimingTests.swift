import XCTest
@testable import Tether

/// The timing of animations against independent computations: Core Animation's cubic Béziers
/// solved by bisection here, and the spring integrated numerically (RK4) from its differential
/// equation rather than read from the closed form the library uses.
final class AnimationTimingTests: XCTestCase {
    /// y at x on the Bézier with control points (x1, y1), (x2, y2), by bisection on t.
    private func bezierByBisection(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return coordinate((lo + hi) / 2, y1, y2)
    }

    func testEveryCurveMatchesItsBezierSolvedByBisection() {
        let points: [AnimationCurve: (Double, Double, Double, Double)] = [
            .linear: (0, 0, 1, 1), .easeIn: (0.42, 0, 1, 1), .easeOut: (0, 0, 0.58, 1),
            .easeInOut: (0.42, 0, 0.58, 1),
        ]
        for curve in AnimationCurve.allCases {
            let (x1, y1, x2, y2) = points[curve]!
            for i in 0...200 {
                let x = Double(i) / 200
                XCTAssertEqual(curve.timingFunction.value(at: x), bezierByBisection(x, x1, y1, x2, y2),
                               accuracy: 1e-12, "\(curve) at \(x)")
            }
        }
        XCTAssertEqual(AnimationCurve.easeInOut.timingFunction.value(at: 0.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(AnimationCurve.linear.timingFunction.value(at: 0.3), 0.3, accuracy: 1e-12)
    }

    func testCurvesThatStartSlowlyStartWithZeroSlope() {
        XCTAssertEqual(AnimationCurve.easeIn.timingFunction.slope(at: 0), 0, accuracy: 1e-9)
        XCTAssertEqual(AnimationCurve.easeInOut.timingFunction.slope(at: 0), 0, accuracy: 1e-9)
        XCTAssertEqual(AnimationCurve.easeInOut.timingFunction.slope(at: 1), 0, accuracy: 1e-9)
        XCTAssertEqual(AnimationCurve.linear.timingFunction.slope(at: 0.4), 1, accuracy: 1e-9)
        // The slope against a central difference.
        let f = AnimationCurve.easeOut.timingFunction
        for x in stride(from: 0.05, to: 0.95, by: 0.1) {
            let h = 1e-6
            XCTAssertEqual(f.slope(at: x), (f.value(at: x + h) - f.value(at: x - h)) / (2 * h), accuracy: 1e-5)
        }
    }

    /// e'' = −2ζω e' − ω² e from e(0) = 1, e'(0) = −v0, integrated with RK4; progress is 1 − e.
    private func springByIntegration(damping z: Double, velocity v0: Double, omega w: Double,
                                     at time: Double) -> (progress: Double, velocity: Double) {
        let steps = 20_000
        let h = time / Double(steps)
        var e = 1.0, de = -v0
        func accel(_ e: Double, _ de: Double) -> Double { -2 * z * w * de - w * w * e }
        for _ in 0..<steps {
            let k1e = de, k1v = accel(e, de)
            let k2e = de + h / 2 * k1v, k2v = accel(e + h / 2 * k1e, de + h / 2 * k1v)
            let k3e = de + h / 2 * k2v, k3v = accel(e + h / 2 * k2e, de + h / 2 * k2v)
            let k4e = de + h * k3v, k4v = accel(e + h * k3e, de + h * k3v)
            e += h / 6 * (k1e + 2 * k2e + 2 * k3e + k4e)
            de += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (1 - e, -de)
    }

    func testSpringsMatchTheirDifferentialEquation() {
        for (damping, velocity) in [(0.3, 0.0), (0.7, 2.0), (1.0, 0.0), (1.0, -1.5), (2.5, 0.5)] {
            let spring = SpringTiming(dampingRatio: damping, initialVelocity: velocity, duration: 0.8)
            let root = (damping * damping - 1).squareRoot()
            let decay = damping <= 1 ? damping : damping - root
            XCTAssertEqual(spring.naturalFrequency, log(10_000) / (decay * 0.8), accuracy: 1e-9)
            for t in [0.01, 0.1, 0.25, 0.5, 0.79] {
                let expected = springByIntegration(damping: damping, velocity: velocity,
                                                   omega: spring.naturalFrequency, at: t)
                XCTAssertEqual(spring.value(at: t), expected.progress, accuracy: 1e-7, "ζ \(damping) v \(velocity) t \(t)")
                XCTAssertEqual(spring.velocity(at: t), expected.velocity, accuracy: 1e-5, "ζ \(damping) v \(velocity) t \(t)")
            }
            XCTAssertEqual(spring.value(at: 0), 0)
            XCTAssertEqual(spring.velocity(at: 0), velocity, accuracy: 1e-9)
            XCTAssertEqual(spring.value(at: 0.8), 1)
            // Settled: what is left at the end is small, so snapping to 1 is not seen.
            XCTAssertLessThan(Swift.abs(1 - spring.value(at: 0.8 - 1e-9)), 2e-3)
        }
        // Short stiff springs start exactly at their initial velocity (ω₀ ≈ 5e10 here: the closed
        // form's terms cancel to rounding noise, which an animation from rest must not show).
        for damping in [0.2, 1.0, 3.0] {
            XCTAssertEqual(SpringTiming(dampingRatio: damping, initialVelocity: 0, duration: 1e-9).velocity(at: 0), 0)
        }
        // Underdamped springs overshoot; critically damped ones from rest do not.
        let bouncy = SpringTiming(dampingRatio: 0.3, initialVelocity: 0, duration: 1)
        XCTAssertGreaterThan(stride(from: 0.0, to: 1, by: 0.01).map { bouncy.value(at: $0) }.max()!, 1.2)
        let critical = SpringTiming(dampingRatio: 1, initialVelocity: 0, duration: 1)
        XCTAssertLessThanOrEqual(stride(from: 0.0, to: 1, by: 0.01).map { critical.value(at: $0) }.max()!, 1)
    }

    func testCurveSlopesAreFiniteAndBoundedUpToTheirEnds() {
        for curve in AnimationCurve.allCases {
            let f = curve.timingFunction
            var steepest = 0.0
            let xs = stride(from: 0.0, through: 1, by: 1e-4).map { $0 } + [1e-16, 1e-300, 1 - 1e-16, 1 - 0x1p-53]
            for x in xs {
                let slope = f.slope(at: x)
                XCTAssertTrue(slope.isFinite && slope >= 0, "\(curve) at \(x): \(slope)")
                XCTAssertLessThanOrEqual(slope, curve.steepestSlope * (1 + 1e-9), "\(curve) at \(x)")
                steepest = Swift.max(steepest, slope)
            }
            XCTAssertGreaterThan(steepest, curve.steepestSlope * 0.999, "\(curve): the bound is reached")
        }
        // Where x' and y' vanish together the slope is their limit, not rounding noise.
        XCTAssertEqual(AnimationCurve.easeIn.timingFunction.slope(at: 1 - 1e-16), 1 / 0.58, accuracy: 1e-6)
        XCTAssertEqual(AnimationCurve.easeOut.timingFunction.slope(at: 1e-17), 1 / 0.58, accuracy: 1e-6)
    }

    func testSpringBoundsHoldAlongTheMotion() {
        for (damping, velocity, duration) in [(0.2, 0.0, 1.0), (0.5, 30.0, 0.3), (1.0, -8.0, 1.0), (1.0, 0.0, 2.0),
                                              (3.0, 5.0, 0.5), (3.0, -40.0, 1.0)] {
            let spring = SpringTiming(dampingRatio: damping, initialVelocity: velocity, duration: duration)
            let timing = AnimationTiming(duration: duration, delay: 0, motion: .spring(spring))
            var largest = (remaining: 1.0, rate: 0.0)
            for i in 0...4000 {
                let t = duration * Double(i) / 4000
                largest.remaining = Swift.max(largest.remaining, Swift.abs(1 - timing.progress(elapsed: t)))
                largest.rate = Swift.max(largest.rate, Swift.abs(timing.velocity(elapsed: t)))
            }
            XCTAssertLessThanOrEqual(largest.remaining, timing.remainingBound, "ζ \(damping) v \(velocity)")
            XCTAssertLessThanOrEqual(largest.rate, timing.rateBound, "ζ \(damping) v \(velocity)")
            // Bounds, not guesses: within a small factor of what the motion reaches.
            XCTAssertLessThan(timing.remainingBound, 4 * largest.remaining, "ζ \(damping) v \(velocity)")
            XCTAssertLessThan(timing.rateBound, 8 * largest.rate, "ζ \(damping) v \(velocity)")
        }
    }

    func testTimingHoldsTheOldValueThroughItsDelay() {
        let timing = AnimationTiming(duration: 2, delay: 0.5, motion: .curve(.linear))
        XCTAssertEqual(timing.progress(elapsed: 0.4), 0)
        XCTAssertEqual(timing.progress(elapsed: 1.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(timing.progress(elapsed: 2.5), 1)
        XCTAssertEqual(timing.velocity(elapsed: 1.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(timing.totalTime, 2.5)
    }

    func testOptionsRefuseTimesAndSpringsWithoutMeaning() {
        func message(_ options: AnimationOptions) -> String? {
            do { try options.validate(); return nil } catch { return error.description }
        }
        XCTAssertEqual(message(AnimationOptions(duration: -1)), "duration -1 is negative")
        XCTAssertEqual(message(AnimationOptions(duration: .nan)), "duration nan is not finite")
        XCTAssertEqual(message(AnimationOptions(duration: 1, delay: -0.5)), "delay -0.5 is negative")
        XCTAssertEqual(message(AnimationOptions(duration: 1, springDamping: 0)),
                       "spring damping 0 must be greater than 0 (1 for no overshoot)")
        XCTAssertEqual(message(AnimationOptions(duration: 1, springDamping: 1, initialSpringVelocity: .infinity)),
                       "initial spring velocity inf is not finite")
        XCTAssertNil(message(AnimationOptions(duration: 0)))
        XCTAssertThrowsError(try Animation.begin(AnimationOptions(duration: -1)))
        XCTAssertEqual(Animation.openBlockCount, 0, "a refused block is not opened")
    }
}
