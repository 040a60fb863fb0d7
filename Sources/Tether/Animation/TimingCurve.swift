/// The four timing curves of UIKit's block animations (`UIView.AnimationCurve`, whose raw
/// values these keep), each Core Animation's named cubic Bézier timing function.
public enum AnimationCurve: Int32, CaseIterable, Sendable {
    case easeInOut = 0
    case easeIn = 1
    case easeOut = 2
    case linear = 3

    /// Core Animation's control points: `kCAMediaTimingFunctionEaseIn` is (0.42, 0, 1, 1),
    /// `EaseOut` (0, 0, 0.58, 1), `EaseInEaseOut` (0.42, 0, 0.58, 1), `Linear` (0, 0, 1, 1).
    public var timingFunction: CubicTimingFunction {
        switch self {
        case .easeInOut: return CubicTimingFunction(0.42, 0, 0.58, 1)
        case .easeIn: return CubicTimingFunction(0.42, 0, 1, 1)
        case .easeOut: return CubicTimingFunction(0, 0, 0.58, 1)
        case .linear: return CubicTimingFunction(0, 0, 1, 1)
        }
    }

    /// The steepest slope of the curve (d progress / d elapsed fraction): 1 for linear; 1/0.58
    /// for the others, reached where they leave or meet their control point of x 0.42 or 0.58
    /// (the tangents from (0, 0) to (0.58, 1) and from (0.42, 0) to (1, 1)). It bounds how fast
    /// an animation on this curve moves (AnimationTiming.rateBound).
    public var steepestSlope: Double {
        self == .linear ? 1 : 1 / 0.58
    }
}

/// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), read as
/// progress y for elapsed fraction x (CAMediaTimingFunction). x(t) is monotonic for control
/// x values in [0, 1], so each x has one t.
public struct CubicTimingFunction: Equatable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// Progress at elapsed fraction `x` (clamped to [0, 1]).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.bezier(parameter(for: x), y1, y2)
    }

    /// d(progress)/d(elapsed fraction) at `x`: how fast the curve moves there, for continuity.
    public func slope(at x: Double) -> Double {
        let t = parameter(for: Swift.min(Swift.max(x, 0), 1))
        let dx = Self.derivative(t, x1, x2)
        let dy = Self.derivative(t, y1, y2)
        if dx > 1e-12 { return dy / dx }
        // At an end where x'(t) vanishes (x1 = 0 or x2 = 1): where y'(t) vanishes with it (y1 = 0,
        // y2 = 1, as in every curve of AnimationCurve) the slope's limit is that of y''/x''
        // (taking dy/dx there would give rounding noise over rounding noise, or infinity); else
        // the tangent is vertical.
        let ddx = Self.secondDerivative(t, x1, x2), ddy = Self.secondDerivative(t, y1, y2)
        if Swift.abs(dy) <= 1e-12, ddx != 0 { return ddy / ddx }
        return dy == 0 ? 0 : .infinity
    }

    /// The curve parameter t whose x is `x`: Newton's method from t = x, then bisection
    /// wherever Newton's step leaves [lo, hi] or stalls (where x'(t) vanishes).
    func parameter(for x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        var t = x
        for _ in 0..<64 {
            let error = Self.bezier(t, x1, x2) - x
            if Swift.abs(error) < 1e-14 { return t }
            if error > 0 { hi = t } else { lo = t }
            let d = Self.derivative(t, x1, x2)
            let next = d > 1e-9 ? t - error / d : .nan
            t = next > lo && next < hi ? next : (lo + hi) / 2
        }
        return t
    }

    /// One coordinate of the curve at t, for control values a, b (ends 0 and 1).
    static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    static func derivative(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }

    static func secondDerivative(_ t: Double, _ a: Double, _ b: Double) -> Double {
        6 * (1 - t) * (b - 2 * a) + 6 * t * (1 - 2 * b + a)
    }
}
