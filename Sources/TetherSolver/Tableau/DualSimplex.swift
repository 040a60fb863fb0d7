/// The dual simplex: restores feasibility after constants change (suggested values, constant
/// edits) while keeping optimality. Only rows that actually went negative are visited, and each
/// pivot touches only the entering symbol's column.
extension Tableau {
    /// Returns nil when every row is feasible again, or the row that cannot be made feasible
    /// (its required constraints conflict).
    mutating func dualOptimize() -> Int32? {
        while let r = infeasibleQueue.popLast() {
            let ri = Int(r)
            rowQueued[ri] = false
            guard isLiveRow(r), kind(rowBasic[ri]).isRestricted, rowConst[ri] < -Tolerance.feasibility else {
                continue
            }
            guard let e = dualEntering(row: r) else {
                for q in infeasibleQueue { rowQueued[Int(q)] = false }
                infeasibleQueue.removeAll(keepingCapacity: true)
                return r
            }
            pivot(row: r, entering: e)
        }
        return nil
    }

    /// Over the cells of an infeasible row that can raise its basic symbol (or, with `raising`
    /// false, lower it), the lexicographic minimum of `objective / |coefficient|` (so optimality
    /// is kept), ties to the lowest id.
    func dualEntering(row r: Int32, raising: Bool = true) -> Int32? {
        var entering: Int32 = -1
        var enteringCoef = 0.0
        let start = Int(rowStart[Int(r)])
        for k in start..<(start + Int(rowLen[Int(r)])) {
            let s = cellSym[k]
            let a = cellCoef[k]
            let sk = kind(s)
            if sk.isRestricted {
                guard raising ? a > Tolerance.pivot : a < -Tolerance.pivot else { continue }
            } else if sk == .external {
                guard Swift.abs(a) > Tolerance.pivot else { continue }
            } else {
                continue
            }
            if entering < 0 || compareRatio(s, Swift.abs(a), entering, Swift.abs(enteringCoef)) < 0 {
                entering = s
                enteringCoef = a
            }
        }
        return entering >= 0 ? entering : nil
    }
}
