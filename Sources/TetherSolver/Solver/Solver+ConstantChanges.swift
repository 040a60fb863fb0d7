/// Constant changes (suggestions and `setConstant`): they shift the rows that depend on the
/// constraint and restore feasibility with the dual simplex, without rebuilding anything. Two
/// things can go wrong with numbers far from a layout's, and both are watched for at the cost of
/// one comparison per row constant written (`Tableau.watchConstant`):
/// - the solution overflows: the change is refused with `.changeOverflows` and undone;
/// - a row passes through a magnitude far beyond where it ends, losing the digits that made its
///   required constraints hold: the tableau is built again from the records, which hold the
///   exact constants (Solver+Rebuild.swift).
extension Solver {
    /// Clears the tableau's large-constant flag before a constant change (a suggestion or
    /// `setConstant`).
    func beginWatchingConstants() {
        tableau.sawLargeConstant = false
        tableau.largeRows.removeAll(keepingCapacity: true)
    }

    /// Whether the change since `beginWatchingConstants` passed through a row constant more than
    /// 2^20 times larger than where that row ended: its digits below the rounding unit of the
    /// large value are lost, and with them the accuracy of required constraints. fuzz-capi's
    /// random programs found `1e-6·left == 0` (required) given the constant -64 shifting the
    /// window's row through 6.4e13 on its way to -64, which left a required
    /// `1e6·window + left - 69 <= 0` off by 4,027. The records hold the exact constants, so the
    /// caller builds the tableau again from them, as for a change that cancels (Solver+Rebuild).
    /// Only rows written beyond 2^20 (about 1e6 points) are looked at.
    func constantChangeLostDigits() -> Bool {
        // Inside a transaction the caller may still roll back; a rebuild would nest in it.
        guard !tableau.journal.isActive else { return false }
        let t = tableau
        // Rows a rolled-back transaction appended are gone from the arrays.
        for (r, magnitude) in t.largeRows where Int(r) < t.rowBasic.count && t.isLiveRow(r) {
            if Swift.abs(t.rowConst[Int(r)]) * Solver.cancellationRatio < magnitude { return true }
        }
        return false
    }

    /// Whether the constant change since `beginWatchingConstants` (to `constant`, if given) left
    /// a number that is not finite in the tableau or in a value: a row constant, a cell, or a
    /// defined variable (`y == 1e100·x` kept outside the tableau, then x given 1e250). Before
    /// coefficients were limited to 1e-100 … 1e100, small inputs overflowed too (fuzz-capi:
    /// `5e-324·left - 5e-324 == 0` given the constant 170 made every value NaN). The tableau and
    /// the values are scanned only when a row constant passed `Tolerance.largeConstant` on the
    /// way or the new constant is beyond `largeMagnitude`, so an ordinary change pays one
    /// comparison per row constant it writes.
    func constantChangeOverflowed(to constant: Double = 0) -> Bool {
        guard tableau.sawLargeConstant || Swift.abs(constant) > Solver.largeMagnitude else { return false }
        return tableauHoldsNonFiniteNumbers() || currentValues().contains { !$0.isFinite }
    }

    /// Undoes a change that overflowed outside a transaction (suggestions and optional
    /// constants are not journaled: journaling them would copy every row they shift). The
    /// records still hold the constants from before the change, so the tableau is built again
    /// from them; `.changeOverflows` describes the refused change.
    func undoOverflowedChange(_ refused: SolverError) throws(SolverError) -> Never {
        do throws(SolverError) {
            try rebuildTableau()
        } catch {
            throw .internalError("could not rebuild the tableau after refusing an overflowing change: \(error)")
        }
        throw refused
    }

    /// Gives optional constraint `slot` (an edit variable's, or one given a new constant) the
    /// constant `new`. An optional constant cannot make the system infeasible, so a failed dual
    /// simplex is a numerical dead end, resolved by a rebuild (`optimizeOrRebuild`).
    ///
    /// The change is journaled only in a solver given numbers that can overflow: a constant or
    /// value beyond `largeMagnitude`, or a coefficient beyond 1e±10 (`extremeCoefficients`).
    /// With coefficients within 1e±10 and constants within 1e100 no value comes near the largest
    /// Double, and journaling would copy every row the change shifts (most of a layout, for a
    /// root's size). An overflow in an unjournaled change, which those bounds rule out, is still
    /// undone, by a rebuild from the records.
    func shiftOptionalConstant(_ slot: Int32, to new: Double, refusal: () -> SolverError) throws(SolverError) {
        let delta = new - constraintRecords[Int(slot)].constant
        let journaled = magnitudesAreLarge || extremeCoefficients
        if journaled { beginTransaction() }
        beginWatchingConstants()
        let failed = applyConstantChange(slot: slot, delta: delta)
        if constantChangeOverflowed(to: new) {
            guard journaled else { try undoOverflowedChange(refusal()) }
            rollbackTransaction()
            throw refusal()
        }
        if journaled { commitTransaction() }
        constraintRecords[Int(slot)].constant = new
        if failed != nil {
            try rebuildAfterNumericalFailure()
        } else if constantChangeLostDigits() {
            rebuildAfterCancellation()
        }
    }
}
