/// The solver's numeric tolerances, in one place. All arithmetic is `Double`.
///
/// Zero tests are *relative*: a cell or weight is dropped only when a sum cancels to within
/// `dropRelative` of the terms that produced it (or is exactly zero), never because it is small
/// in absolute terms — coefficients such as 1e-9 (a row solved for a variable with coefficient
/// 1e9) are legitimate. Coordinates are in points, so the feasibility tolerance is absolute.
///
/// | name | value | used for |
/// |---|---|---|
/// | `dropRelative` | 1e-12 | a merged cell (or accumulated term) that cancels is removed |
/// | `pivot` | 1e-11 | smallest coefficient a pivot may use |
/// | `feasibility` | 1e-8 | a restricted row below `-feasibility` is infeasible |
/// | `optimality` | 1e-9 | relative tie in lexicographic ratio comparisons |
/// | `requiredResidual` | 1e-8 relative | how exactly an added required constraint holds |
/// | `largeConstant` | 1e100 | a row constant beyond it makes a constant change look for overflow |
/// | `largeRowConstant` | 2^20 | a row constant beyond it is checked for lost digits after a constant change |
enum Tolerance {
    static let dropRelative = 1e-12
    static let pivot = 1e-11
    static let feasibility = 1e-8
    static let optimality = 1e-9
    static let requiredResidual = 1e-8
    static let largeConstant = 1e100
    static let largeRowConstant: Double = 0x1p20

    /// Whether `sum = a + b` cancelled: zero, or tiny relative to its inputs.
    @inline(__always)
    static func cancels(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
        Swift.abs(sum) <= dropRelative * Swift.max(Swift.abs(a), Swift.abs(b))
    }
}
