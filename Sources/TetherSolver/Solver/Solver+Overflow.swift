/// Overflow: finite inputs whose solution is not finite (`x == 1.7e308` and then `y == x + x`).
///
/// Layouts use numbers far below 1e100, so the common path pays one comparison per number it is
/// given. Once a constant or suggested value beyond `largeMagnitude` reaches the solver, adds
/// take the journaled path
/// (no definitions made outside the tableau, no unjournaled batches) and every constraint added
/// is followed by a scan of the tableau for infinities and NaNs: a constraint that brings one is
/// rolled back with `.overflow`, and the solver is exactly as it was.
extension Solver {
    /// Numbers up to this can be multiplied together and summed a few times without overflow.
    static let largeMagnitude = 1e100

    /// The magnitudes a non-zero coefficient may have: 1e-100 … 1e100. Beyond them the tableau's
    /// factors themselves leave what a Double can combine: solving `5e-324·x + … == 0` for x
    /// multiplies the row by 2e323, and fuzz-capi's random programs over coefficients of 1e-310
    /// or 1e150 beside ordinary ones met NaN values, dual simplex dead ends and rebuilds that
    /// refused a satisfiable required constraint. Programs over 1e-99 … 1e99 met none. (Layouts
    /// use multipliers near 1; docs/numerics.md gives the range accuracy is checked for.)
    static let coefficientMagnitudes: ClosedRange<Double> = 1e-100...1e100

    /// Records that coefficient `c` reached the solver: beyond 1e±10, products along pivots can
    /// approach the largest Double, so constant changes are journaled (`shiftOptionalConstant`).
    @inline(__always)
    func noteCoefficient(_ c: Double) {
        let magnitude = Swift.abs(c)
        if magnitude > 1e10 || (magnitude < 1e-10 && magnitude != 0) { extremeCoefficients = true }
    }

    /// Whether `c` is 0 or within `coefficientMagnitudes` (NaN and infinities are not).
    @inline(__always)
    static func isSupportedCoefficient(_ c: Double) -> Bool {
        c == 0 || coefficientMagnitudes.contains(Swift.abs(c))
    }

    /// Records that `value` reached the solver (a constant, coefficient or suggested value).
    @inline(__always)
    func noteMagnitude(_ value: Double) {
        if Swift.abs(value) > Solver.largeMagnitude { magnitudesAreLarge = true }
    }


    /// Throws `.overflow` for constraint `slot` when a live row or the objective holds a number
    /// that is not finite (inside a transaction, which the caller rolls back).
    func checkForOverflow(adding slot: Int32) throws(SolverError) {
        if tableauHoldsNonFiniteNumbers() { throw .overflow(handle(slot)) }
    }

    /// Whether a live row or the objective holds a number that is not finite. A suggested value
    /// or a changed constant can bring one (`y == 2x`, then x suggested at 1.7e308): adds are then
    /// not checked, since the tableau cannot tell which constraint brought it.
    func tableauHoldsNonFiniteNumbers() -> Bool {
        let t = tableau
        for r in 0..<t.rowBasic.count where t.rowBasic[r] >= 0 {
            guard t.rowConst[r].isFinite else { return true }
            let start = Int(t.rowStart[r])
            for k in start..<(start + Int(t.rowLen[r])) where !t.cellCoef[k].isFinite { return true }
        }
        for s in 0..<t.objLen.count {
            let start = Int(t.objStart[s])
            for k in start..<(start + Int(t.objLen[s])) where !t.objVal[k].isFinite { return true }
        }
        return false
    }
}
