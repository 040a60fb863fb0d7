/// How constraints enter and leave the tableau (Cassowary's add/remove, kiwi-style row
/// construction, with a journal so that failures undo exactly).
extension Solver {
    /// The error symbols of added optional constraint `slot` (weighted in the objective at its
    /// priority). A paired guest's error is its host's slack (Solver+PairedBounds.swift).
    func errorSymbols(_ slot: Int32) -> [Int32] {
        let record = constraintRecords[Int(slot)]
        if isPairedGuest(slot) { return [record.other] }
        var out: [Int32] = []
        if record.marker >= 0 && tableau.kind(record.marker) == .error { out.append(record.marker) }
        if record.other >= 0 && tableau.kind(record.other) == .error { out.append(record.other) }
        return out
    }

    /// After a rollback, forgets the symbols a constraint was given inside the transaction.
    func forgetTableauSymbols(_ slot: Int32) {
        forgetPairing(slot)
        constraintRecords[Int(slot)].isAdded = false
        constraintRecords[Int(slot)].marker = -1
        constraintRecords[Int(slot)].other = -1
        constraintRecords[Int(slot)].definition = -1
    }

    /// The power of two by which a required constraint's row is scaled when it enters the
    /// tableau: the one nearest to 1 / sqrt(largest · smallest), over the magnitudes of its
    /// non-zero coefficients and its constant, which centres their binary exponents on zero
    /// (geometric scaling).
    ///
    /// A required constraint means the same at any scale, but the tableau's tolerances do not:
    /// they assume slack values and objective weights of order one. Unscaled, a constraint such
    /// as 1e9·x <= 1e9·y gives its slack reduced costs near 1e-9, which the optimality test reads
    /// as zero (the optimum of lower levels is missed), and one such as 1e-8·x == 2e-8 has rows
    /// whose constants and coefficients sit inside the absolute feasibility and pivot tolerances
    /// (violations go unseen). The constant takes part because the feasibility tolerance applies
    /// to row constants: 7e8·x + 8 >= 0 (a variable of tiny natural scale) is best left as it is,
    /// not brought to x + 1e-8 >= 0 where the whole constant is within the tolerance. Centring
    /// rather than bringing the largest magnitude to 1 likewise keeps a row whose coefficients are
    /// spread out (1e9·x + 1e-9·y) from pushing its small ones below the pivot tolerance.
    ///
    /// A power of two scales exactly. Optional constraints are not scaled: their row's scale is
    /// the weight of their error in the objective. Clamped to 2^±64, beyond which constants would
    /// over- or underflow sooner than help.
    static func rowScale(_ coefficients: ArraySlice<Double>, constant: Double) -> Double {
        var largest = Swift.abs(constant)
        var smallest = constant == 0 ? Double.infinity : Swift.abs(constant)
        for coefficient in coefficients where coefficient != 0 {
            largest = Swift.max(largest, Swift.abs(coefficient))
            smallest = Swift.min(smallest, Swift.abs(coefficient))
        }
        guard largest > 0, largest.isFinite else { return 1 }
        let centre = Int((Double(largest.exponent + smallest.exponent) / 2).rounded(.down))
        let exponent = Swift.min(64, Swift.max(-64, centre))
        return Double(sign: .plus, exponent: -exponent, significand: 1)
    }

    /// Adds constraint `slot` to the tableau (inside an open transaction) and re-optimises.
    /// Throws `.unsatisfiable(conflicts:)` with the certificate's constraints (not yet minimal).
    ///
    /// `pinned` (optional equalities only: an edit variable's constraint) adds the row as if its
    /// constant were the one the current solution already satisfies, and returns by how much the
    /// constant was moved for that (the record's constant is not changed; the caller moves it
    /// back with the dual simplex, `applyConstantChange`). A row that holds at the current
    /// vertex needs no primal walk: its subject is chosen by the dual ratio test, so one pivot
    /// keeps the tableau optimal (`pinnedSubject`). Added unpinned after the constraints it
    /// drives, an edit variable's `v == 0` made the primal simplex walk the whole layout to 0
    /// (grid2d-req 20×20: 440 pivots and 1.1 s for the two edit variables).
    @discardableResult
    func addToTableau(_ slot: Int32, pinned: Bool = false, pairing: Bool = true) throws(SolverError) -> Double {
        // A required equality with a fresh variable becomes a definition, outside the tableau.
        if let subject = definitionSubject(slot) {
            define(slot, subjectTerm: subject.term, users: subject.users)
            return 0
        }
        if !pinned, pairing, try addAsPairedBound(slot) { return 0 }
        materializeDefinitions(of: slot)
        beginWatchingConstants()
        let record = constraintRecords[Int(slot)]
        let required = record.isRequired
        let terms = termRange(Int(slot))
        let scale = required ? Solver.rowScale(termCoefficients[terms], constant: record.constant) : 1

        // 1. The expression (a required one scaled by `scale`) with every basic variable replaced
        //    by its row and every defined one by its definition (all queued first, so that terms
        //    that cancel through the definitions stop the walk early).
        var constant = record.constant * scale
        for k in terms {
            constant += accumulateOrQueue(variable: termVariables[k], termCoefficients[k] * scale)
        }
        constant += expandQueued(reaching: slot)
        let pinnedRow = pinned && !required && record.relation == .equal
        let pinnedShift = pinnedRow ? constant : 0
        constant -= pinnedShift

        // 2. Slack, error and dummy symbols (as in kiwi's createRow).
        var marker: Int32 = -1
        var other: Int32 = -1
        var markerSign = 1.0
        switch record.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            markerSign = record.relation == .lessThanOrEqual ? 1 : -1
            marker = tableau.allocSymbol(.slack, owner: slot)
            tableau.accumulateRaw(marker, markerSign)
            if !required {
                other = tableau.allocSymbol(.error, owner: slot)
                tableau.accumulateRaw(other, -markerSign)
                tableau.objectiveAdd(other, key: record.priority, value: 1)
            }
        case .equal:
            if required {
                marker = tableau.allocSymbol(.dummy, owner: slot)
                tableau.accumulateRaw(marker, 1)
            } else {
                marker = tableau.allocSymbol(.error, owner: slot)
                other = tableau.allocSymbol(.error, owner: slot)
                markerSign = -1
                tableau.accumulateRaw(marker, -1)
                tableau.accumulateRaw(other, 1)
                tableau.objectiveAdd(marker, key: record.priority, value: 1)
                tableau.objectiveAdd(other, key: record.priority, value: 1)
            }
        }
        constraintRecords[Int(slot)].marker = marker
        constraintRecords[Int(slot)].other = other
        // The reach entries are relative to the marker's coefficient in this row.
        reach.divide(slot, by: required && record.relation == .equal ? 1 : (record.relation == .equal ? -1 : markerSign))
        // The marker's coefficient in the unscaled `expression + markerSign·marker = 0`, which is
        // what a constant change shifts (applyConstantChange).
        constraintRecords[Int(slot)].markerSign = markerSign / scale
        constraintRecords[Int(slot)].isAdded = true

        // 3. A row with a non-negative constant.
        let sign: Double = constant < 0 ? -1 : 1
        constant *= sign
        let n = tableau.gatherAccumulator(sign: sign)

        // 4. The subject: a parametric external (fresh ones first: no substitution at all),
        //    else the marker or the other error when it can enter with a non-negative value.
        //    An external qualifies only if solving for it keeps the row finite: dividing by a
        //    subnormal coefficient (5e-324·x) turns the others into infinities, then NaN (found
        //    by fuzz-capi); such a row goes to the artificial variable, whose pivots are checked.
        //    (Solving for it also gives the row's old basic the coefficient 1/a: hence the 1.)
        var largest = Swift.max(1, Swift.abs(constant))
        for k in 0..<n { largest = Swift.max(largest, Swift.abs(tableau.scratchCoef[k])) }
        var subject: Int32 = -1
        var bestColumn = Int32.max
        var hasExternal = false
        var allDummies = true
        var markerCoef = 0.0
        var otherCoef = 0.0
        for k in 0..<n {
            let s = tableau.scratchSym[k]
            let sk = tableau.kind(s)
            if sk != .dummy { allDummies = false }
            if s == marker { markerCoef = tableau.scratchCoef[k] }
            if s == other { otherCoef = tableau.scratchCoef[k] }
            if sk == .external { hasExternal = true }
            if sk == .external && tableau.colLen[Int(s)] < bestColumn
                && largest < Swift.abs(tableau.scratchCoef[k]) * Double.greatestFiniteMagnitude {
                subject = s
                bestColumn = tableau.colLen[Int(s)]
            }
        }
        if subject < 0 && (pinnedRow || (constant == 0 && !hasExternal && !required && record.relation == .equal)) {
            // A row the current solution satisfies exactly (an edit pinned at its variable's
            // value, or an optional equality that already holds) takes the subject that keeps
            // the tableau optimal: nothing to re-optimise. Solving for the marker instead left
            // the objective with negative weights and the primal simplex made degenerate pivots
            // to restore it: about one per row of the grid for each bottom edge of grid2d with
            // the root's height free (30×30 through one batch: 2,636 pivots and 4.8 s, now
            // none). Only optional equalities: taking such subjects for inequalities and
            // required rows too left more symbols basic at 0, and the optimal-face walks of the
            // ambiguity check on random-screen 1,000 went from 0.1 s to over two minutes.
            subject = pinnedSubject(count: n)
        }
        if subject < 0 {
            if tableau.kind(marker).isRestricted && markerCoef < 0 {
                subject = marker
            } else if other >= 0 && tableau.kind(other).isRestricted && otherCoef < 0 {
                subject = other
            }
        }
        if subject < 0 && allDummies {
            guard constant <= Tolerance.feasibility * Swift.max(1, Swift.abs(record.constant * scale)) else {
                var cells: [(symbol: Int32, coefficient: Double)] = []
                for k in 0..<n { cells.append((tableau.scratchSym[k], tableau.scratchCoef[k])) }
                throw .unsatisfiable(constraint: handle(slot), conflicts: certificate(cells: cells, excluding: slot))
            }
            subject = marker  // redundant: the dummy is basic in an all-dummy row
        }

        if subject >= 0 {
            let solved = tableau.solveScratch(count: n, constant: constant, for: subject)
            let row = tableau.installRow(basic: subject, constant: solved.constant, scratchCount: solved.count)
            tableau.substitute(subject, using: row)
        } else if try !addByDualSimplex(slot: slot, cellCount: n, constant: constant, marker: marker) {
            try addWithArtificialVariable(slot: slot, cellCount: n, constant: constant)
        }
        try optimizeOrRebuild()
        return pinnedShift
    }

    /// The subject for a row `0 = Σ a·s` (constant 0) that keeps an optimal tableau optimal: the
    /// restricted symbol with a > 0 whose weight / a is lexicographically least (ties to the
    /// shorter column, then the lower id). Solving for it subtracts (weight / a)·a_k from every
    /// other symbol's weight, which leaves each one non-negative: those with a_k > 0 by the
    /// choice, those with a_k < 0 because the ratio is non-negative. The row's errors have
    /// opposite signs, so a candidate always exists. Unrestricted symbols are taken before this
    /// is asked (their weights are 0 at an optimum, so any of them keeps it).
    private func pinnedSubject(count n: Int) -> Int32 {
        var best: Int32 = -1
        var bestCoef = 0.0
        for k in 0..<n {
            let s = tableau.scratchSym[k]
            let a = tableau.scratchCoef[k]
            guard tableau.kind(s).isRestricted, a > Tolerance.pivot else { continue }
            if best < 0 {
                best = s; bestCoef = a
                continue
            }
            let order = tableau.compareRatio(s, a, best, bestCoef)
            if order < 0 || (order == 0 && (tableau.colLen[Int(s)], s) < (tableau.colLen[Int(best)], best)) {
                best = s; bestCoef = a
            }
        }
        return best
    }

    /// A required constraint the current solution violates, with no symbol to solve its row for
    /// at a feasible value: its marker becomes the row's basic symbol, at the violating value
    /// (a slack below 0, or a dummy off 0), and the dual simplex moves to the new optimum. The
    /// tableau is optimal before (every operation ends optimal), so optimality is kept at every
    /// pivot and only feasibility is restored: a pivot or a few, where phase 1 would first walk
    /// to any feasible point and the primal simplex then walk back to the optimum (a form whose
    /// labels are aligned took a number of pivots proportional to the rows above each new one).
    /// Returns false, changing nothing, when no symbol can take the marker's place (then the
    /// artificial variable decides, with its certificate).
    private func addByDualSimplex(slot: Int32, cellCount n: Int, constant: Double, marker: Int32) throws(SolverError) -> Bool {
        let markerKind = tableau.kind(marker)
        guard markerKind == .slack || markerKind == .dummy else { return false }
        // 0 = constant + a_m·marker + Σ a·s  ⇒  marker = −constant/a_m − Σ (a/a_m)·s.
        var a = 0.0
        for k in 0..<n where tableau.scratchSym[k] == marker { a = tableau.scratchCoef[k] }
        guard Swift.abs(a) > Tolerance.pivot else { return false }
        let value = -constant / a
        // Which way symbols can move the marker (the row's cells after solving are −a_s/a_m).
        var canRaise = false, canLower = false
        for k in 0..<n where tableau.scratchSym[k] != marker {
            let c = -tableau.scratchCoef[k] / a
            switch tableau.kind(tableau.scratchSym[k]) {
            case .slack, .error:
                if c > Tolerance.pivot { canRaise = true } else if c < -Tolerance.pivot { canLower = true }
            case .external:
                if Swift.abs(c) > Tolerance.pivot { canRaise = true; canLower = true }
            default: break
            }
        }
        // A dummy must leave the basis even at 0 (a basic dummy's row must hold only dummies, or
        // later pivots would move it off 0): either way then, as a degenerate pivot.
        let nearZero = Swift.abs(value) <= Tolerance.feasibility * Swift.max(1, Swift.abs(constant))
        let raising: Bool
        if markerKind == .slack {
            // A slack at (or within the tolerance of) 0 is feasible as it is; below, it must rise.
            raising = true
            guard nearZero || canRaise else { return false }
        } else if nearZero {
            guard canRaise || canLower else { return false }
            raising = canRaise
        } else {
            raising = value < 0
            guard raising ? canRaise : canLower else { return false }
        }
        let solved = tableau.solveScratch(count: n, constant: constant, for: marker)
        let row = tableau.installRow(basic: marker, constant: solved.constant, scratchCount: solved.count)
        if markerKind == .dummy {
            guard let e = dummyEntering(row: row, raising: raising, degenerate: nearZero) else {
                throw .unsatisfiable(constraint: handle(slot), conflicts: certificate(cells: rowCells(row), excluding: slot))
            }
            tableau.pivot(row: row, entering: e)
        } else if solved.constant < -Tolerance.feasibility {
            tableau.enqueueInfeasible(row)
        }
        if let failed = tableau.dualOptimize() {
            throw .unsatisfiable(constraint: handle(slot), conflicts: certificate(cells: rowCells(failed), excluding: slot))
        }
        return true
    }

    /// The symbol that replaces a new required equality's dummy in the basis. Off 0 the dummy
    /// must move one way (`raising`); at 0 the pivot moves nothing, so either way keeps the
    /// solution, and the dual ratio test of each keeps it optimal: the one whose column is
    /// shorter rewrites fewer rows. A form's label as wide as the widest one entered by the
    /// widest label's slack, which every label's rows mention, one such pivot every 80 rows
    /// (O(n²) at 10,000 rows); lowering enters by the new label's own error.
    private func dummyEntering(row: Int32, raising: Bool, degenerate: Bool) -> Int32? {
        let first = tableau.dualEntering(row: row, raising: raising)
        guard degenerate, let e = first, let other = tableau.dualEntering(row: row, raising: !raising) else { return first }
        return tableau.colLen[Int(other)] < tableau.colLen[Int(e)] ? other : e
    }

    /// Phase 1 for a row with no usable subject: minimise an artificial variable equal to the row;
    /// the constraint can hold exactly when its minimum is 0.
    private func addWithArtificialVariable(slot: Int32, cellCount n: Int, constant: Double) throws(SolverError) {
        let art = tableau.allocSymbol(.slack, owner: slot)
        _ = tableau.installRow(basic: art, constant: constant, scratchCount: n)
        let objectiveSymbol = tableau.allocSymbol(.objective)
        // installRow leaves the scratch cells untouched, so the same cells make the objective row.
        let objectiveRow = tableau.installRow(basic: objectiveSymbol, constant: constant, scratchCount: n)
        try tableau.optimizeArtificial(objectiveRow)
        let residual = tableau.rowConst[Int(objectiveRow)]
        if Swift.abs(residual) > Tolerance.feasibility * Swift.max(1, Swift.abs(constant)) {
            var cells = rowCells(objectiveRow)
            cells.removeFirst()  // the phase-1 objective symbol
            throw .unsatisfiable(constraint: handle(slot), conflicts: certificate(cells: cells, excluding: slot))
        }
        tableau.freeRow(objectiveRow)
        tableau.freeSymbol(objectiveSymbol)
        let artRow = tableau.rowOf[Int(art)]
        if artRow >= 0 {
            // The constraint was accepted as holding to within `residual`, which is the artificial
            // variable's row constant. Pivoting it out with that constant would give the entering
            // symbol the value -residual / coefficient: when that coefficient is small (it is a
            // product of substitutions), a residual inside the tolerance becomes a large violation
            // of another required constraint, left in the tableau unnoticed. The residual is what
            // the tolerance allows this constraint, so the row is taken at zero.
            tableau.setRowConstant(artRow, 0)
            if tableau.rowLen[Int(artRow)] == 0 {
                tableau.freeRow(artRow)
            } else {
                var entering: Int32 = -1
                let start = Int(tableau.rowStart[Int(artRow)])
                let end = start + Int(tableau.rowLen[Int(artRow)])
                // Only a symbol the row can be solved for without overflow: pivoting on a
                // subnormal coefficient (5e-324) gives infinite cells, then NaN (found by
                // fuzz-capi). A row of nothing else holds at every finite value, like an
                // all-dummy row.
                var largest = 1.0
                for k in start..<end { largest = Swift.max(largest, Swift.abs(tableau.cellCoef[k])) }
                for k in start..<end where largest < Swift.abs(tableau.cellCoef[k]) * Double.greatestFiniteMagnitude {
                    let s = tableau.cellSym[k]
                    if tableau.kind(s).isRestricted { entering = s; break }
                    if entering < 0 && tableau.kind(s) == .external { entering = s }
                }
                if entering >= 0 {
                    tableau.pivot(row: artRow, entering: entering)
                } else {
                    // Only dummies (the row restates required equalities at value 0) or
                    // subnormal coefficients remain.
                    tableau.freeRow(artRow)
                }
            }
        }
        tableau.dropSymbolEverywhere(art)
        tableau.freeSymbol(art)
    }

    /// Constraint handles of the required constraints a certificate row names: the owners of the
    /// markers in it, and the definitions whose dummies it holds (`reachedDefinitions`), without
    /// `excluded` and without duplicates.
    func certificate(cells: [(symbol: Int32, coefficient: Double)], excluding excluded: Int32) -> [Constraint] {
        var owners: [Int32] = []
        for (symbol, _) in cells where tableau.kind(symbol) != .external { owners.append(tableau.symOwner[Int(symbol)]) }
        owners.append(contentsOf: reachedDefinitionOwners(cells: cells))
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
        if constraintRecords[Int(slot)].definition >= 0 {
            try removeDefinition(slot)
            return
        }
        if isPairedGuest(slot) {
            _ = try detachPairedGuest(of: slot)
            return
        }
        let guest = try detachPairedGuest(of: slot)
        reach.forget(slot)
        beginWatchingConstants()
        let record = constraintRecords[Int(slot)]
        for error in errorSymbols(slot) {
            tableau.objectiveAddSymbolOrRow(error, key: record.priority, scale: -1)
        }
        let marker = record.marker
        let markerRow = tableau.rowOf[Int(marker)]
        if markerRow >= 0 {
            tableau.freeRow(markerRow)
        } else if let r = markerLeavingRow(marker) {
            tableau.pivot(row: r, entering: marker)
            tableau.freeRow(r)
        }
        tableau.dropSymbolEverywhere(marker)
        tableau.freeSymbol(marker)
        if record.other >= 0 {
            tableau.dropSymbolEverywhere(record.other)
            tableau.freeSymbol(record.other)
        }
        constraintRecords[Int(slot)].isAdded = false
        constraintRecords[Int(slot)].marker = -1
        constraintRecords[Int(slot)].other = -1
        try optimizeOrRebuild()
        forgetUnpairedHost(slot)
        // The guest stays: it takes a row of its own (or pairs with another host).
        if let guest { _ = try addToTableau(guest) }
    }

    /// The row to pivot a parametric marker into before dropping it (kiwi's three tiers, over the
    /// marker's column only): a restricted row it would make go to zero first (negative
    /// coefficient, minimum ratio), else any restricted row (minimum ratio), else an
    /// unrestricted row. Ties go to the lowest basic id.
    ///
    /// A restricted row whose coefficient is within the pivot tolerance comes last, after all
    /// three: such a cell is rounding left over from cancellation (fuzz-capi's random programs
    /// met 2.6e-14 where 0 was meant), and pivoting on it multiplies every other row by 4e13,
    /// which broke `window == left + width + 20` by 212 at coefficients of 1e±3. The tolerance
    /// is relative to the column's largest coefficient when that is below 1: a constraint whose
    /// row scale is clamped (`1.98e79·window == 0`) has a marker column of about 9e-61
    /// throughout, and taking all of it for noise made the removal pivot on an unrestricted row
    /// and leave a restricted one infeasible (fuzz-capi; `RemovalPivotTests`).
    ///
    /// Before all three: a row whose basic symbol is a dummy (a redundant required equality that
    /// restates the one being removed). Pivoting there hands the definition over to the redundant
    /// copy; its row has only dummies and a zero constant, so no value moves. Pivoting anywhere
    /// else would substitute non-dummy symbols into that all-dummy row and silently drop the copy.
    func markerLeavingRow(_ marker: Int32) -> Int32? {
        var first: Int32 = -1, second: Int32 = -1, third: Int32 = -1, redundant: Int32 = -1
        var tiny: Int32 = -1, tinyMagnitude = 0.0
        var r1 = Double.infinity, r2 = Double.infinity
        var b1 = Int32.max, b2 = Int32.max, b3 = Int32.max, b0 = Int32.max
        func restricted(_ r: Int32, _ b: Int32, _ c: Double) {
            if c < 0 {
                let ratio = -tableau.rowConst[Int(r)] / c
                if ratio < r1 || (ratio == r1 && b < b1) { first = r; r1 = ratio; b1 = b }
            } else {
                let ratio = tableau.rowConst[Int(r)] / c
                if ratio < r2 || (ratio == r2 && b < b2) { second = r; r2 = ratio; b2 = b }
            }
        }
        // Restricted cells under the absolute tolerance wait until the column's largest
        // coefficient is known (there are rarely any).
        var largest = 0.0
        var small: [(row: Int32, basic: Int32, coefficient: Double)] = []
        for r in tableau.column(marker) {
            let b = tableau.rowBasic[Int(r)]
            let c = tableau.coefficient(row: r, symbol: marker)
            if c == 0 { continue }
            largest = Swift.max(largest, Swift.abs(c))
            if tableau.kind(b) == .dummy {
                if b < b0 { redundant = r; b0 = b }
            } else if tableau.kind(b) == .external {
                if b < b3 { third = r; b3 = b }
            } else if Swift.abs(c) <= Tolerance.pivot {
                small.append((r, b, c))
            } else {
                restricted(r, b, c)
            }
        }
        // Absolute as long as the column holds a coefficient of 1 or more (as it does at every
        // well-scaled size), scaled down with a column that is small throughout.
        let noise = Tolerance.pivot * Swift.min(1, largest)
        for (r, b, c) in small {
            if Swift.abs(c) > noise {
                restricted(r, b, c)
            } else if Swift.abs(c) > tinyMagnitude {
                tiny = r
                tinyMagnitude = Swift.abs(c)
            }
        }
        if redundant >= 0 { return redundant }
        if first >= 0 { return first }
        if second >= 0 { return second }
        if third >= 0 { return third }
        return tiny >= 0 ? tiny : nil
    }

    /// Shifts an added constraint's constant by `delta` through its marker's column, then
    /// restores feasibility with the dual simplex. Returns nil on success, or the certificate
    /// constraints of the row that cannot be made feasible.
    func applyConstantChange(slot: Int32, delta: Double) -> [Constraint]? {
        let record = constraintRecords[Int(slot)]
        // expression + Δ + μ·m' = 0 with m = m' + Δ/μ: substitute m' for the marker.
        let shift = delta / record.markerSign
        let marker = record.marker
        if record.definition >= 0 {
            // A definition: its constant lives in its record (the caller updates it); the rows
            // that were written through it move along its dummy's column.
            for (r, a) in dummyColumn(of: record.definition) {
                tableau.setRowConstant(r, tableau.rowConst[Int(r)] + a * shift)
                if let failure = checkShiftedRow(r, slot: slot) { return failure }
            }
        } else if tableau.rowOf[Int(marker)] >= 0 {
            let markerRow = tableau.rowOf[Int(marker)]
            tableau.setRowConstant(markerRow, tableau.rowConst[Int(markerRow)] - shift)
            if let failure = checkShiftedRow(markerRow, slot: slot) { return failure }
        } else {
            for r in Array(tableau.column(marker)) {
                let a = tableau.coefficient(row: r, symbol: marker)
                tableau.setRowConstant(r, tableau.rowConst[Int(r)] + a * shift)
                if let failure = checkShiftedRow(r, slot: slot) { return failure }
            }
        }
        if let failed = tableau.dualOptimize() {
            return rowCertificate(failed, slot: slot)
        }
        return nil
    }

    /// Queues a row whose constant moved; an all-dummy row that moved off zero cannot be fixed.
    private func checkShiftedRow(_ r: Int32, slot: Int32) -> [Constraint]? {
        let basicKind = tableau.kind(tableau.rowBasic[Int(r)])
        if basicKind.isRestricted && tableau.rowConst[Int(r)] < -Tolerance.feasibility {
            tableau.enqueueInfeasible(r)
        } else if basicKind == .dummy && Swift.abs(tableau.rowConst[Int(r)]) > Tolerance.feasibility {
            return rowCertificate(r, slot: slot)
        }
        return nil
    }

    /// The required constraints named by an infeasible row: its basic symbol's and its cells'.
    private func rowCertificate(_ r: Int32, slot: Int32) -> [Constraint] {
        certificate(cells: rowCells(r), excluding: slot)
    }
}

extension Tableau {
    /// Removes symbol `s` from the tableau entirely: its row (if basic), its cells in other rows,
    /// and its objective weight — i.e. fixes it at 0 and forgets it.
    mutating func dropSymbolEverywhere(_ s: Int32) {
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
