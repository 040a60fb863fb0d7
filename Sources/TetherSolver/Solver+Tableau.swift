/// How constraints enter and leave the tableau (Cassowary's add/remove, kiwi-style row
/// construction, with a journal so that failures undo exactly).
extension Solver {
    /// The error symbols of an added optional constraint (weighted in the objective).
    func errorSymbols(_ record: ConstraintRecord) -> [Int32] {
        var out: [Int32] = []
        if record.marker >= 0 && tableau.kind(record.marker) == .error { out.append(record.marker) }
        if record.other >= 0 && tableau.kind(record.other) == .error { out.append(record.other) }
        return out
    }

    /// After a rollback, forgets the symbols a constraint was given inside the transaction.
    func forgetTableauSymbols(_ slot: Int32) {
        constraintRecords[Int(slot)].isAdded = false
        constraintRecords[Int(slot)].marker = -1
        constraintRecords[Int(slot)].other = -1
    }

    /// Adds constraint `slot` to the tableau (inside an open transaction) and re-optimises.
    /// Throws `.unsatisfiable(conflicts:)` with the certificate's constraints (not yet minimal).
    func addToTableau(_ slot: Int32) throws(SolverError) {
        let t = tableau
        let record = constraintRecords[Int(slot)]
        let required = record.isRequired

        // 1. The expression with every basic variable replaced by its row.
        var constant = record.constant
        for term in record.terms {
            constant += t.accumulate(symbol: variableRecords[Int(term.variable)].symbol, term.coefficient)
        }

        // 2. Slack, error and dummy symbols (as in kiwi's createRow).
        var marker: Int32 = -1
        var other: Int32 = -1
        var markerSign = 1.0
        switch record.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            markerSign = record.relation == .lessThanOrEqual ? 1 : -1
            marker = t.allocSymbol(.slack, owner: slot)
            t.accumulateRaw(marker, markerSign)
            if !required {
                other = t.allocSymbol(.error, owner: slot)
                t.accumulateRaw(other, -markerSign)
                t.objectiveAdd(other, key: record.priority, value: 1)
            }
        case .equal:
            if required {
                marker = t.allocSymbol(.dummy, owner: slot)
                t.accumulateRaw(marker, 1)
            } else {
                marker = t.allocSymbol(.error, owner: slot)
                other = t.allocSymbol(.error, owner: slot)
                markerSign = -1
                t.accumulateRaw(marker, -1)
                t.accumulateRaw(other, 1)
                t.objectiveAdd(marker, key: record.priority, value: 1)
                t.objectiveAdd(other, key: record.priority, value: 1)
            }
        }
        constraintRecords[Int(slot)].marker = marker
        constraintRecords[Int(slot)].other = other
        constraintRecords[Int(slot)].markerSign = markerSign
        constraintRecords[Int(slot)].isAdded = true

        // 3. A row with a non-negative constant.
        let sign: Double = constant < 0 ? -1 : 1
        constant *= sign
        let n = t.gatherAccumulator(sign: sign)

        // 4. The subject: a parametric external (fresh ones first: no substitution at all),
        //    else the marker or the other error when it can enter with a non-negative value.
        var subject: Int32 = -1
        var bestColumn = Int32.max
        var allDummies = true
        var markerCoef = 0.0
        var otherCoef = 0.0
        for k in 0..<n {
            let s = t.scratchSym[k]
            let sk = t.kind(s)
            if sk != .dummy { allDummies = false }
            if s == marker { markerCoef = t.scratchCoef[k] }
            if s == other { otherCoef = t.scratchCoef[k] }
            if sk == .external && t.colLen[Int(s)] < bestColumn {
                subject = s
                bestColumn = t.colLen[Int(s)]
            }
        }
        if subject < 0 {
            if t.kind(marker).isRestricted && markerCoef < 0 {
                subject = marker
            } else if other >= 0 && t.kind(other).isRestricted && otherCoef < 0 {
                subject = other
            }
        }
        if subject < 0 && allDummies {
            let scale = Swift.max(1, Swift.abs(record.constant))
            guard constant <= Tolerance.feasibility * scale else {
                var owners: [Int32] = []
                for k in 0..<n { owners.append(t.symOwner[Int(t.scratchSym[k])]) }
                throw .unsatisfiable(constraint: handle(slot), conflicts: certificate(owners, excluding: slot))
            }
            subject = marker  // redundant: the dummy is basic in an all-dummy row
        }

        if subject >= 0 {
            let solved = t.solveScratch(count: n, constant: constant, for: subject)
            let row = t.installRow(basic: subject, constant: solved.constant, scratchCount: solved.count)
            t.substitute(subject, using: row)
        } else {
            try addWithArtificialVariable(slot: slot, cellCount: n, constant: constant)
        }
        try t.optimize()
    }

    /// Phase 1 for a row with no usable subject: minimise an artificial variable equal to the row;
    /// the constraint can hold exactly when its minimum is 0.
    private func addWithArtificialVariable(slot: Int32, cellCount n: Int, constant: Double) throws(SolverError) {
        let t = tableau
        let art = t.allocSymbol(.slack, owner: slot)
        _ = t.installRow(basic: art, constant: constant, scratchCount: n)
        let objectiveSymbol = t.allocSymbol(.objective)
        // installRow leaves the scratch cells untouched, so the same cells make the objective row.
        let objectiveRow = t.installRow(basic: objectiveSymbol, constant: constant, scratchCount: n)
        try t.optimizeArtificial(objectiveRow)
        let residual = t.rowConst[Int(objectiveRow)]
        if Swift.abs(residual) > Tolerance.feasibility * Swift.max(1, Swift.abs(constant)) {
            var owners: [Int32] = []
            let start = Int(t.rowStart[Int(objectiveRow)])
            for k in start..<(start + Int(t.rowLen[Int(objectiveRow)])) {
                owners.append(t.symOwner[Int(t.cellSym[k])])
            }
            throw .unsatisfiable(constraint: handle(slot), conflicts: certificate(owners, excluding: slot))
        }
        t.freeRow(objectiveRow)
        t.freeSymbol(objectiveSymbol)
        let artRow = t.rowOf[Int(art)]
        if artRow >= 0 {
            if t.rowLen[Int(artRow)] == 0 {
                t.freeRow(artRow)
            } else {
                var entering: Int32 = -1
                let start = Int(t.rowStart[Int(artRow)])
                for k in start..<(start + Int(t.rowLen[Int(artRow)])) {
                    let s = t.cellSym[k]
                    if t.kind(s).isRestricted { entering = s; break }
                    if entering < 0 && t.kind(s) == .external { entering = s }
                }
                if entering >= 0 {
                    t.pivot(row: artRow, entering: entering)
                } else {
                    // Only dummies remain: the row restates required equalities at value 0.
                    t.freeRow(artRow)
                }
            }
        }
        t.dropSymbolEverywhere(art)
        t.freeSymbol(art)
    }

    /// Constraint handles of the required constraints among `owners` (certificate symbols),
    /// without `excluded` and without duplicates.
    func certificate(_ owners: [Int32], excluding excluded: Int32) -> [Constraint] {
        var seen = Set<Int32>()
        var out: [Constraint] = []
        for owner in owners where owner >= 0 && owner != excluded && !seen.contains(owner) {
            seen.insert(owner)
            let record = constraintRecords[Int(owner)]
            if record.isLive && record.isRequired && !record.isEdit { out.append(handle(owner)) }
        }
        return out.sorted()
    }

    /// Removes constraint `slot` from the tableau and re-optimises.
    func removeFromTableau(_ slot: Int32) throws(SolverError) {
        let t = tableau
        let record = constraintRecords[Int(slot)]
        for error in errorSymbols(record) {
            t.objectiveAddSymbolOrRow(error, key: record.priority, scale: -1)
        }
        let marker = record.marker
        let markerRow = t.rowOf[Int(marker)]
        if markerRow >= 0 {
            t.freeRow(markerRow)
        } else if let r = markerLeavingRow(marker) {
            t.pivot(row: r, entering: marker)
            t.freeRow(r)
        }
        t.dropSymbolEverywhere(marker)
        t.freeSymbol(marker)
        if record.other >= 0 {
            t.dropSymbolEverywhere(record.other)
            t.freeSymbol(record.other)
        }
        constraintRecords[Int(slot)].isAdded = false
        constraintRecords[Int(slot)].marker = -1
        constraintRecords[Int(slot)].other = -1
        try t.optimize()
    }

    /// The row to pivot a parametric marker into before dropping it (kiwi's three tiers, over the
    /// marker's column only): a restricted row it would make go to zero first (negative
    /// coefficient, minimum ratio), else any restricted row (minimum ratio), else an
    /// unrestricted row. Ties go to the lowest basic id.
    func markerLeavingRow(_ marker: Int32) -> Int32? {
        let t = tableau
        var first: Int32 = -1, second: Int32 = -1, third: Int32 = -1
        var r1 = Double.infinity, r2 = Double.infinity
        var b1 = Int32.max, b2 = Int32.max, b3 = Int32.max
        for r in t.column(marker) {
            let b = t.rowBasic[Int(r)]
            let c = t.coefficient(row: r, symbol: marker)
            if c == 0 { continue }
            if t.kind(b) == .external {
                if b < b3 { third = r; b3 = b }
            } else if c < 0 {
                let ratio = -t.rowConst[Int(r)] / c
                if ratio < r1 || (ratio == r1 && b < b1) { first = r; r1 = ratio; b1 = b }
            } else {
                let ratio = t.rowConst[Int(r)] / c
                if ratio < r2 || (ratio == r2 && b < b2) { second = r; r2 = ratio; b2 = b }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    /// Shifts an added constraint's constant by `delta` through its marker's column, then
    /// restores feasibility with the dual simplex. Returns nil on success, or the certificate
    /// constraints of the row that cannot be made feasible.
    func applyConstantChange(slot: Int32, delta: Double) -> [Constraint]? {
        let t = tableau
        let record = constraintRecords[Int(slot)]
        // expression + Δ + μ·m' = 0 with m = m' + Δ/μ: substitute m' for the marker.
        let shift = delta / record.markerSign
        let marker = record.marker
        let markerRow = t.rowOf[Int(marker)]
        if markerRow >= 0 {
            t.setRowConstant(markerRow, t.rowConst[Int(markerRow)] - shift)
            if let failure = checkShiftedRow(markerRow, slot: slot) { return failure }
        } else {
            for r in Array(t.column(marker)) {
                let a = t.coefficient(row: r, symbol: marker)
                t.setRowConstant(r, t.rowConst[Int(r)] + a * shift)
                if let failure = checkShiftedRow(r, slot: slot) { return failure }
            }
        }
        if let failed = t.dualOptimize() {
            return rowCertificate(failed, slot: slot)
        }
        return nil
    }

    /// Queues a row whose constant moved; an all-dummy row that moved off zero cannot be fixed.
    private func checkShiftedRow(_ r: Int32, slot: Int32) -> [Constraint]? {
        let t = tableau
        let basicKind = t.kind(t.rowBasic[Int(r)])
        if basicKind.isRestricted && t.rowConst[Int(r)] < -Tolerance.feasibility {
            t.enqueueInfeasible(r)
        } else if basicKind == .dummy && Swift.abs(t.rowConst[Int(r)]) > Tolerance.feasibility {
            return rowCertificate(r, slot: slot)
        }
        return nil
    }

    /// The required constraints named by an infeasible row: its basic symbol's and its cells'.
    private func rowCertificate(_ r: Int32, slot: Int32) -> [Constraint] {
        let t = tableau
        var owners: [Int32] = [t.symOwner[Int(t.rowBasic[Int(r)])]]
        let start = Int(t.rowStart[Int(r)])
        for k in start..<(start + Int(t.rowLen[Int(r)])) { owners.append(t.symOwner[Int(t.cellSym[k])]) }
        return certificate(owners, excluding: slot)
    }
}

extension Tableau {
    /// Removes symbol `s` from the tableau entirely: its row (if basic), its cells in other rows,
    /// and its objective weight — i.e. fixes it at 0 and forgets it.
    func dropSymbolEverywhere(_ s: Int32) {
        let r = rowOf[Int(s)]
        if r >= 0 { freeRow(r) }
        if colLen[Int(s)] > 0 {
            let rows = Array(column(s))
            columnClear(s)
            for row in rows {
                let start = Int(rowStart[Int(row)])
                let len = Int(rowLen[Int(row)])
                reserveScratch(len)
                var n = 0
                for k in start..<(start + len) where cellSym[k] != s {
                    scratchSym[n] = cellSym[k]
                    scratchCoef[n] = cellCoef[k]
                    scratchColPos[n] = cellColPos[k]
                    n += 1
                }
                writeRowFromScratch(row, count: n)
            }
        }
        if objLen[Int(s)] > 0 { objectiveClear(s) }
    }
}
