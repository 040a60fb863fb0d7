/// The primal simplex: moves from a feasible basis to an optimal one.
extension Tableau {
    /// Consecutive degenerate pivots (no progress) after which `optimize` falls back from
    /// Dantzig's rule to Bland's, which cannot cycle: one per live row, at least
    /// `minimumDegeneratePivotLimit`. Degenerate runs that end are common and grow with the
    /// layout: an optional trailing edge added to a row of s views whose widths are equal @500
    /// takes about s/2 degenerate pivots by Dantzig's rule before it is optimal, and Bland's rule
    /// after a fixed 32 took about 63·s instead (grid2d through one batch: 4,004 pivots per edge
    /// from 64×64 on; at 100×100, 1.33 M pivots and 210 s against 20,000 and 5.5 s). A cycle, which
    /// Dantzig's rule can fall into in theory, costs at most one pivot per row before Bland's
    /// rule ends it.
    var degeneratePivotLimit: Int { Swift.max(Tableau.minimumDegeneratePivotLimit, liveRowCount) }

    /// The least `degeneratePivotLimit`.
    static let minimumDegeneratePivotLimit = 32

    /// Optimises the lexicographic objective (every priority level, highest first).
    /// Entering: the eligible symbol with the steepest weight at the highest level (Dantzig's
    /// rule, lexicographically; ties to the shortest column), which needs far fewer pivots than the lowest id when many
    /// errors compete (a form's aligned labels: 9,761 pivots for 100 rows with Bland's rule
    /// alone); after `degeneratePivotLimit` pivots in a row that move nothing, the lowest id
    /// (Bland's rule), so that it terminates. Leaving: the minimum ratio over the rows of the
    /// entering symbol's column; on a tie a row whose basic symbol is an error, then the lowest
    /// basic id (only the lowest id under Bland's rule). An error that leaves at 0 becomes
    /// parametric with its positive weight; one that stays basic at 0 keeps its row in the
    /// objective, whose symbols then want a degenerate pivot of their own (a feed's cell whose
    /// height grows to its intrinsic size took 2 pivots, now 1: the feed at 10,000, 19,800
    /// pivots → 9,900, 704 M → 637 M instructions for the build and 100 resizes).
    mutating func optimize() throws(SolverError) {
        var degenerate = 0
        while true {
            let dantzig = degenerate < degeneratePivotLimit
            guard let e = dantzig ? steepestEligible() : lowestEligible() else { return }
            let increasing = kind(e).isRestricted || objectiveIsNegative(e)
            guard let r = leavingRow(for: e, increasing: increasing, errorsFirstOnTies: dantzig) else {
                throw .internalError("the objective is unbounded along symbol \(e)")
            }
            degenerate = Swift.abs(rowConst[Int(r)]) <= Tolerance.feasibility ? degenerate + 1 : 0
            pivot(row: r, entering: e)
        }
    }

    /// The eligible symbol whose objective weight improves fastest: highest leading level first,
    /// then the largest leading magnitude, then the shortest column (the pivot that rewrites the
    /// fewest rows), then the lowest id. Weights tie often (every error weighs 1 at its level);
    /// taking the lowest id on a tie entered the oldest errors, which the rows of a 2-D grid all
    /// mention: grid2d 32×32 with its edit variables first took 34,881 pivots and 12.8 M cells
    /// rewritten instead of 5,953 and 1.0 M.
    mutating func steepestEligible() -> Int32? {
        guard let first = lowestEligible() else { return nil }
        var best = first
        var bestKey = objKey[Int(objStart[Int(first)])]
        var bestValue = Swift.abs(objVal[Int(objStart[Int(first)])])
        var w = Int(first) >> 6
        var bits = eligible[w] & ~((UInt64(2) << UInt64(Int(first) & 63)) &- 1)
        while true {
            while bits != 0 {
                let s = w << 6 + bits.trailingZeroBitCount
                bits &= bits &- 1
                let start = Int(objStart[s])
                let key = objKey[start], value = Swift.abs(objVal[start])
                if key > bestKey || (key == bestKey
                    && (value > bestValue || (value == bestValue && colLen[s] < colLen[Int(best)]))) {
                    best = Int32(s)
                    bestKey = key
                    bestValue = value
                }
            }
            w += 1
            guard w < eligible.count else { break }
            bits = eligible[w]
        }
        return best
    }

    /// Phase 1: minimises the artificial objective held in row `objectiveRow` (a scalar row whose
    /// basic symbol is of kind `.objective`).
    /// Entering as in `optimize`: the steepest cell (largest improvement per unit), after
    /// `degeneratePivotLimit` degenerate pivots in a row the first one (lowest id).
    mutating func optimizeArtificial(_ objectiveRow: Int32) throws(SolverError) {
        var degenerate = 0
        while true {
            var entering: Int32 = -1
            var increasing = true
            var steepest = 0.0
            let bland = degenerate >= degeneratePivotLimit
            let start = Int(rowStart[Int(objectiveRow)])
            for k in start..<(start + Int(rowLen[Int(objectiveRow)])) {
                let s = cellSym[k]
                let c = cellCoef[k]
                let sk = kind(s)
                let improves = (sk.isRestricted && c < -Tolerance.pivot) || (sk == .external && Swift.abs(c) > Tolerance.pivot)
                guard improves, Swift.abs(c) > steepest else { continue }
                entering = s
                increasing = sk.isRestricted || c < 0
                steepest = Swift.abs(c)
                if bland { break }
            }
            if entering < 0 { return }
            guard let r = leavingRow(for: entering, increasing: increasing) else {
                throw .internalError("the artificial objective is unbounded along symbol \(entering)")
            }
            degenerate = Swift.abs(rowConst[Int(r)]) <= Tolerance.feasibility ? degenerate + 1 : 0
            pivot(row: r, entering: entering)
        }
    }

    /// The restricted row that first hits zero when `e` moves (up when `increasing`); ties to the
    /// lowest basic id, and before that to an error's row when `errorsFirstOnTies`.
    func leavingRow(for e: Int32, increasing: Bool, errorsFirstOnTies: Bool = false) -> Int32? {
        var best: Int32 = -1
        var bestRatio = Double.infinity
        var bestBasic = Int32.max
        var bestRank = 1
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
            let rank = errorsFirstOnTies && kind(b) == .error ? 0 : 1
            if ratio < bestRatio - tie
                || (Swift.abs(ratio - bestRatio) <= tie && (rank < bestRank || (rank == bestRank && b < bestBasic))) {
                best = r
                bestRatio = ratio
                bestBasic = b
                bestRank = rank
            }
        }
        return best >= 0 ? best : nil
    }
}
