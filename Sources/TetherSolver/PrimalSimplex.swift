/// The primal simplex: moves from a feasible basis to an optimal one.
extension Tableau {
    /// Optimises the lexicographic objective (every priority level, highest first).
    /// Entering: the lowest-id eligible symbol (Bland's rule). Leaving: the minimum ratio over the
    /// rows of the entering symbol's column, ties to the lowest basic id.
    mutating func optimize() throws(SolverError) {
        while let e = lowestEligible() {
            let increasing = kind(e).isRestricted || objectiveIsNegative(e)
            guard let r = leavingRow(for: e, increasing: increasing) else {
                throw .internalError("the objective is unbounded along symbol \(e)")
            }
            pivot(row: r, entering: e)
        }
    }

    /// Phase 1: minimises the artificial objective held in row `objectiveRow` (a scalar row whose
    /// basic symbol is of kind `.objective`).
    mutating func optimizeArtificial(_ objectiveRow: Int32) throws(SolverError) {
        while true {
            var entering: Int32 = -1
            var increasing = true
            let start = Int(rowStart[Int(objectiveRow)])
            for k in start..<(start + Int(rowLen[Int(objectiveRow)])) {
                let s = cellSym[k]
                let c = cellCoef[k]
                let sk = kind(s)
                if sk.isRestricted && c < -Tolerance.pivot {
                    entering = s
                    break
                }
                if sk == .external && Swift.abs(c) > Tolerance.pivot {
                    entering = s
                    increasing = c < 0
                    break
                }
            }
            if entering < 0 { return }
            guard let r = leavingRow(for: entering, increasing: increasing) else {
                throw .internalError("the artificial objective is unbounded along symbol \(entering)")
            }
            pivot(row: r, entering: entering)
        }
    }

    /// The restricted row that first hits zero when `e` moves (up when `increasing`).
    func leavingRow(for e: Int32, increasing: Bool) -> Int32? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        for r in column(e) {
            let b = rowBasic[Int(r)]
            guard kind(b).isRestricted else { continue }
            let a = coefficient(row: r, symbol: e)
            let ratio: Double
            if increasing {
                guard a < -Tolerance.pivot else { continue }
                ratio = rowConst[Int(r)] / -a
            } else {
                guard a > Tolerance.pivot else { continue }
                ratio = rowConst[Int(r)] / a
            }
            let tie = 1e-12 * Swift.max(1, Swift.abs(bestRatio.isFinite ? bestRatio : 1))
            if ratio < bestRatio - tie || (Swift.abs(ratio - bestRatio) <= tie && b < bestBasic) {
                best = r
                bestRatio = ratio
                bestBasic = b
            }
        }
        return best >= 0 ? best : nil
    }
}
