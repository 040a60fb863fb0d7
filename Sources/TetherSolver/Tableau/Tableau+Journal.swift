/// Transactions over the tableau: `begin`, then `commit` or `rollback` (see `Journal`).
extension Tableau {
    mutating func beginTransaction() {
        precondition(!journal.isActive, "nested tableau transaction")
        journal.clear()
        journal.epoch &+= 1
        if journal.epoch == 0 {
            // The epoch wrapped: forget every stale stamp so none can match by accident.
            for i in rowEpoch.indices { rowEpoch[i] = 0 }
            for i in symObjEpoch.indices { symObjEpoch[i] = 0; symMetaEpoch[i] = 0 }
            journal.epoch = 1
        }
        journal.counters = .init(liveSymbols: liveSymbolCount, liveRows: liveRowCount,
                                 liveCells: liveCellCount, pivots: pivotCount)
        journal.columnLogLimit = columnLogLimitOverride
            ?? Swift.max(Tableau.columnLogMinimum, colRows.count + 3 * colStart.count)
        journal.isActive = true
    }

    mutating func commitTransaction() {
        journal.isActive = false
        // A large batch may have journaled much of the tableau: give that memory back.
        if journal.footprint > 1 << 16 {
            journal = Journal(epoch: journal.epoch)
        } else {
            journal.clear()
        }
    }

    // MARK: Recording (called by the mutation primitives)

    @inline(__always)
    mutating func journalRow(_ r: Int32) {
        guard journal.isActive, rowEpoch[Int(r)] != journal.epoch else { return }
        rowEpoch[Int(r)] = journal.epoch
        let ri = Int(r)
        let start = Int(rowStart[ri])
        let len = rowBasic[ri] >= 0 ? Int(rowLen[ri]) : 0
        journal.rows.append(.init(slot: r, basic: rowBasic[ri], constant: rowConst[ri],
                                  cellStart: journal.cellSym.count, cellCount: len))
        // Most rows a batch journals are new and empty: an empty `append(contentsOf:)` of a
        // slice still costs about 150 instructions (callgrind, the feed through one batch).
        guard len > 0 else { return }
        journal.cellSym.append(contentsOf: cellSym[start..<(start + len)])
        journal.cellCoef.append(contentsOf: cellCoef[start..<(start + len)])
        journal.cellColPos.append(contentsOf: cellColPos[start..<(start + len)])
    }

    @inline(__always)
    mutating func journalColumnAppend(_ s: Int32) {
        guard journal.isActive, journal.savedColumns == nil else { return }
        if journal.columnOperations.count >= journal.columnLogLimit { return saveColumnsWhole() }
        journal.columnOperations.append(.append(symbol: s))
    }

    @inline(__always)
    mutating func journalColumnRemove(_ s: Int32, at pos: Int32) {
        guard journal.isActive, journal.savedColumns == nil else { return }
        if journal.columnOperations.count >= journal.columnLogLimit { return saveColumnsWhole() }
        let row = colRows[Int(colStart[Int(s)]) + Int(pos)]
        journal.columnOperations.append(.remove(symbol: s, position: pos, row: row))
    }

    mutating func journalColumnClear(_ s: Int32) {
        guard journal.isActive, journal.savedColumns == nil else { return }
        let start = Int(colStart[Int(s)])
        let len = Int(colLen[Int(s)])
        if journal.columnOperations.count + journal.columnRows.count + len >= journal.columnLogLimit {
            return saveColumnsWhole()
        }
        journal.columnOperations.append(.clear(symbol: s, start: journal.columnRows.count, count: len))
        journal.columnRows.append(contentsOf: colRows[start..<(start + len)])
    }

    /// The least `Journal.columnLogLimit`: below it a copy would not pay for itself.
    static let columnLogMinimum = 1 << 16

    /// Replaces the column log by a copy of the index as it was at `beginTransaction()`: the
    /// index as it is now, with the logged operations undone (then the index as it is now is put
    /// back). Called before the operation that would pass the limit is made or logged. The copy
    /// is at most the index's size at the start plus what the logged operations added, so the
    /// journal stays within a few times the tableau however many pivots follow.
    private mutating func saveColumnsWhole() {
        let now = Journal.ColumnIndex(start: colStart, length: colLen, capacity: colCap, rows: colRows,
                                      garbage: colGarbage)
        undoColumnOperations()
        journal.savedColumns = .init(start: colStart, length: colLen, capacity: colCap, rows: colRows,
                                     garbage: colGarbage)
        colStart = now.start
        colLen = now.length
        colCap = now.capacity
        colRows = now.rows
        colGarbage = now.garbage
        journal.columnOperations = []
        journal.columnRows = []
        columnIndexCopies += 1
    }

    /// Undoes the logged column operations, newest first.
    private mutating func undoColumnOperations() {
        for op in journal.columnOperations.reversed() {
            switch op {
            case .append(let sym):
                colLen[Int(sym)] -= 1
            case .remove(let sym, let pos, let row):
                let si = Int(sym)
                reserveColumn(sym, Int(colLen[si]) + 1)
                let start = Int(colStart[si])
                let len = Int(colLen[si])
                if Int(pos) != len { colRows[start + len] = colRows[start + Int(pos)] }
                colRows[start + Int(pos)] = row
                colLen[si] = Int32(len + 1)
            case .clear(let sym, let savedStart, let n):
                let si = Int(sym)
                reserveColumn(sym, n)
                let start = Int(colStart[si])
                for k in 0..<n { colRows[start + k] = journal.columnRows[savedStart + k] }
                colLen[si] = Int32(n)
            }
        }
    }

    /// Puts back the column index saved by `saveColumnsWhole()`. Symbols the transaction added
    /// to the arrays stay there, free, with empty columns.
    private mutating func restoreSavedColumns(_ saved: Journal.ColumnIndex) {
        let symbols = colStart.count
        colStart = saved.start
        colLen = saved.length
        colCap = saved.capacity
        colRows = saved.rows
        colGarbage = saved.garbage
        let added = symbols - colStart.count
        if added > 0 {
            colStart.append(contentsOf: repeatElement(0, count: added))
            colLen.append(contentsOf: repeatElement(0, count: added))
            colCap.append(contentsOf: repeatElement(0, count: added))
        }
    }

    @inline(__always)
    mutating func journalObjective(_ s: Int32) {
        guard journal.isActive, symObjEpoch[Int(s)] != journal.epoch else { return }
        symObjEpoch[Int(s)] = journal.epoch
        let start = Int(objStart[Int(s)])
        let len = Int(objLen[Int(s)])
        journal.objectives.append(.init(symbol: s, start: journal.objectiveKeys.count, count: len))
        guard len > 0 else { return }  // a new symbol's weights: nothing to copy (as for rows)
        journal.objectiveKeys.append(contentsOf: objKey[start..<(start + len)])
        journal.objectiveValues.append(contentsOf: objVal[start..<(start + len)])
    }

    @inline(__always)
    mutating func journalSymbolMeta(_ s: Int32) {
        guard journal.isActive, symMetaEpoch[Int(s)] != journal.epoch else { return }
        symMetaEpoch[Int(s)] = journal.epoch
        let i = Int(s)
        journal.symbols.append(.init(symbol: s, kind: symKind[i], owner: symOwner[i], rowOf: rowOf[i]))
    }

    mutating func journalLogAlloc(symbol s: Int32) {
        guard journal.isActive else { return }
        journal.idLog.append(.recycleSymbol(s))
    }

    mutating func journalLogFree(symbol s: Int32) {
        guard journal.isActive else { return }
        journal.idLog.append(.freeSymbol(s))
    }

    mutating func journalLogAlloc(row r: Int32, appended: Bool) {
        guard journal.isActive else { return }
        journal.idLog.append(appended ? .appendRow : .recycleRow(r))
    }

    mutating func journalLogFree(row r: Int32) {
        guard journal.isActive else { return }
        journal.idLog.append(.freeRow(r))
    }

    // MARK: Rollback

    /// Restores the tableau exactly as it was at `beginTransaction()`.
    mutating func rollbackTransaction() {
        precondition(journal.isActive, "rollback without a transaction")
        journal.isActive = false  // restoring must not journal itself
        valuesStale = true  // restored rows are not tracked one by one

        for q in infeasibleQueue { if Int(q) < rowQueued.count { rowQueued[Int(q)] = false } }
        infeasibleQueue.removeAll(keepingCapacity: true)

        for saved in journal.rows {
            let ri = Int(saved.slot)
            rowBasic[ri] = saved.basic
            rowConst[ri] = saved.constant
            rowQueued[ri] = false
            let n = saved.cellCount
            if n > Int(rowCap[ri]) {
                cellGarbage += Int(rowCap[ri])
                var cap = 4
                while cap < n { cap <<= 1 }
                rowStart[ri] = Int32(cellSym.count)
                rowCap[ri] = Int32(cap)
                cellSym.append(contentsOf: repeatElement(0, count: cap))
                cellCoef.append(contentsOf: repeatElement(0, count: cap))
                cellColPos.append(contentsOf: repeatElement(-1, count: cap))
            }
            let start = Int(rowStart[ri])
            for k in 0..<n {
                cellSym[start + k] = journal.cellSym[saved.cellStart + k]
                cellCoef[start + k] = journal.cellCoef[saved.cellStart + k]
                cellColPos[start + k] = journal.cellColPos[saved.cellStart + k]
            }
            rowLen[ri] = Int32(n)
        }
        if let saved = journal.savedColumns {
            restoreSavedColumns(saved)
        } else {
            undoColumnOperations()
        }
        for saved in journal.objectives {
            let si = Int(saved.symbol)
            let n = saved.count
            if n > Int(objCap[si]) { moveObjectiveExtent(of: saved.symbol, toHold: n) }
            let start = Int(objStart[si])
            for k in 0..<n {
                objKey[start + k] = journal.objectiveKeys[saved.start + k]
                objVal[start + k] = journal.objectiveValues[saved.start + k]
            }
            objLen[si] = Int32(n)
        }
        for saved in journal.symbols {
            let i = Int(saved.symbol)
            symKind[i] = saved.kind
            symOwner[i] = saved.owner
            rowOf[i] = saved.rowOf
        }

        for op in journal.idLog.reversed() {
            switch op {
            case .recycleSymbol(let s):
                freeSymbols.append(s)
            case .freeSymbol(let s):
                let popped = freeSymbols.popLast()
                precondition(popped == s, "journal symbol free-list mismatch")
            case .appendRow:
                shrinkRows(to: rowBasic.count - 1)
            case .recycleRow(let r):
                freeRows.append(r)
            case .freeRow(let r):
                let popped = freeRows.popLast()
                precondition(popped == r, "journal row free-list mismatch")
            }
        }

        for saved in journal.objectives where Int(saved.symbol) < symKind.count {
            updateEligibility(saved.symbol)
        }
        for saved in journal.symbols where Int(saved.symbol) < symKind.count {
            updateEligibility(saved.symbol)
        }
        eligibleHint = 0
        liveSymbolCount = journal.counters.liveSymbols
        liveRowCount = journal.counters.liveRows
        liveCellCount = journal.counters.liveCells
        pivotCount = journal.counters.pivots
        journal.clear()
    }

    private mutating func shrinkRows(to n: Int) {
        cellGarbage += Int(rowCap[n])
        rowBasic.removeLast(); rowStart.removeLast(); rowLen.removeLast(); rowCap.removeLast()
        rowConst.removeLast(); rowQueued.removeLast(); rowEpoch.removeLast()
    }
}
