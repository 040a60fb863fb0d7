/// The solver's numeric tolerances, in one place. All arithmetic is `Double`; coordinates are in
/// points, so anything below these thresholds is invisible in a layout.
///
/// | name | value | used for |
/// |---|---|---|
/// | `drop` | 1e-12 relative or 1e-9 absolute | a merged cell that cancels is removed |
/// | `pivot` | 1e-9 | smallest coefficient a pivot may use |
/// | `feasibility` | 1e-8 | a restricted row below `-feasibility` is infeasible |
/// | `optimality` | 1e-9 | an objective component below it counts as zero |
/// | `requiredResidual` | 1e-8 relative | how exactly an added required constraint holds |
enum Tolerance {
    static let dropRelative = 1e-12
    static let dropAbsolute = 1e-9
    static let pivot = 1e-9
    static let feasibility = 1e-8
    static let optimality = 1e-9
    static let requiredResidual = 1e-8

    /// Whether `sum = a + b` cancelled: tiny relative to its inputs, or tiny in absolute terms.
    @inline(__always)
    static func cancels(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
        let m = Swift.max(1, Swift.max(Swift.abs(a), Swift.abs(b)))
        return Swift.abs(sum) <= dropRelative * m || Swift.abs(sum) <= dropAbsolute
    }

    @inline(__always)
    static func isZero(_ x: Double) -> Bool { Swift.abs(x) <= dropAbsolute }
}
