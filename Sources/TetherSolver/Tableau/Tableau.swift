/// The simplex tableau in dictionary form: every basic symbol has a row
/// `basic = constant + Σ coefficient · parametric symbol`.
///
/// Storage (see docs/solver-design.md):
/// - per-symbol arrays indexed by symbol id (`kind`, `rowOf`, column and objective extents);
/// - rows as extents into one struct-of-arrays cell pool (`cellSym`, `cellCoef`, `cellColPos`),
///   cells sorted by symbol id inside a row, each row with spare capacity;
/// - a column index: for every parametric symbol, the rows that mention it, in a second pool;
///   `cellColPos` is the position of the cell's row inside its symbol's column, so a cell can be
///   removed from its column in O(1);
/// - the objective as one sparse vector of (priority level, weight) pairs per symbol
///   (`Tableau+Objective.swift`).
///
/// Every mutation goes through the primitives in this file and in the `+Objective`/`+Columns`
/// extensions, which record the previous state in the journal while a transaction is open, so a
/// failed operation can be undone exactly (`Tableau+Journal.swift`).
struct Tableau {
    // MARK: Symbols (indexed by symbol id; id 0 is a sentinel)
    var symKind: [SymbolKind] = [.free]
    var rowOf: [Int32] = [-1]
    /// The constraint slot that made a marker/error/slack symbol, or -1.
    var symOwner: [Int32] = [-1]
    var colStart: [Int32] = [0]
    var colLen: [Int32] = [0]
    var colCap: [Int32] = [0]
    var objStart: [Int32] = [0]
    var objLen: [Int32] = [0]
    var objCap: [Int32] = [0]
    var freeSymbols: [Int32] = []
    var liveSymbolCount = 0

    // MARK: Rows (indexed by row slot)
    var rowBasic: [Int32] = []
    var rowStart: [Int32] = []
    var rowLen: [Int32] = []
    var rowCap: [Int32] = []
    var rowConst: [Double] = []
    var rowQueued: [Bool] = []
    var freeRows: [Int32] = []
    var liveRowCount = 0

    // MARK: Cell pool
    var cellSym: [Int32] = []
    var cellCoef: [Double] = []
    var cellColPos: [Int32] = []
    var cellGarbage = 0
    var liveCellCount = 0

    // MARK: Column pool (row slots)
    var colRows: [Int32] = []
    var colGarbage = 0

    // MARK: Objective pool (per symbol: levels in decreasing priority, and weights)
    var objKey: [Double] = []
    var objVal: [Double] = []
    var objGarbage = 0
    /// Released extents of the objective pool, by capacity class (`objFreeExtents[k]` holds
    /// starts of extents of 2 << k slots), reused before the pool grows.
    var objFreeExtents: [[Int32]] = []
    /// Bit s set ⇔ symbol s may enter the basis in the primal simplex (see `+Objective`).
    var eligible: [UInt64] = [0]
    var eligibleHint = 0

    // MARK: Dual simplex queue of rows that may be infeasible
    var infeasibleQueue: [Int32] = []

    // MARK: Scratch buffers, reused so that no pivot allocates
    var scratchSym: [Int32] = []
    var scratchCoef: [Double] = []
    var scratchColPos: [Int32] = []
    var columnSnapshot: [Int32] = []
    var pendingRemovals: [(sym: Int32, pos: Int32)] = []
    /// Symbols whose value may have changed since `Solver.updateVariables` last looked
    /// (`noteValueChange`), and whether anything untracked happened (then every value is read).
    var valueChanged: [Bool] = [false]
    var changedSymbols: [Int32] = []
    var valuesStale = true
    /// The dense accumulator that builds a new row from an expression.
    var accumulator: [Double] = [0]
    var accumulatorTouched: [Int32] = []
    var accumulatorMarked: [Bool] = [false]
    /// Largest magnitude added to each accumulator entry (its cancellation scale).
    var accumulatorScale: [Double] = [0]

    // MARK: Journal (undo log of an open transaction)
    var journal = Journal()
    var rowEpoch: [UInt32] = []
    var symObjEpoch: [UInt32] = [0]
    var symMetaEpoch: [UInt32] = [0]
    /// The number of column operations a transaction logs before it copies the column index
    /// instead (`Journal.columnLogLimit`); nil: the index's size, at least `columnLogMinimum`.
    /// Tests set a small one to take the copy on small tableaux.
    var columnLogLimitOverride: Int?

    // MARK: Counters
    /// Transactions that copied the column index instead of logging its operations.
    var columnIndexCopies = 0
    var pivotCount = 0
    /// Set when a row constant is written beyond `Tolerance.largeConstant` (or NaN); the solver
    /// clears it before a constant change and looks for overflow only if it is set afterwards.
    var sawLargeConstant = false
    /// The rows whose constant was written beyond `Tolerance.largeRowConstant` since the solver
    /// last cleared the list, with the magnitude written (a row may appear more than once).
    var largeRows: [(row: Int32, magnitude: Double)] = []
    /// Set while an add runs in a solver that has seen huge numbers: a row constant that was
    /// huge before a rewrite is noted too, so that an add that cancels it (a required constraint
    /// pinning a variable suggested at -1e300) is found by `Solver.constantChangeLostDigits`.
    var watchesCancelledConstants = false
    /// Rows rewritten by substitutions since the tableau was made: the work of pivots, which
    /// their count alone does not show (one pivot may rewrite one row or all of them). Not
    /// restored by a rollback; the tests read it to check which pivots were taken.
    var rowsRewritten = 0


    // MARK: - Symbols

    /// A new symbol of `kind` (recycled ids first, so the id space stays dense under churn).
    mutating func allocSymbol(_ kind: SymbolKind, owner: Int32 = -1) -> Int32 {
        if freeSymbols.isEmpty { addFreeSymbols(symbolsToAdd()) }
        let s = freeSymbols.removeLast()
        journalLogAlloc(symbol: s)
        journalSymbolMeta(s)
        symKind[Int(s)] = kind
        symOwner[Int(s)] = owner
        rowOf[Int(s)] = -1
        liveSymbolCount += 1
        return s
    }

    /// How many symbols `allocSymbol` adds to the per-symbol arrays when none is free.
    static let symbolChunk = 256

    /// How many free symbols to add: a chunk, but no more than every per-symbol array holds
    /// without reallocating; one symbol when the fullest array is full (it doubles, as it would
    /// have anyway). A chunk past an array's capacity would double arrays that appending one at a
    /// time never fills (the reverse stack at 10,000 went from 299 to 300 bytes per constraint
    /// with fixed chunks).
    private func symbolsToAdd() -> Int {
        var capacity = Swift.min(symKind.capacity, rowOf.capacity, symOwner.capacity, colStart.capacity,
                                 colLen.capacity, colCap.capacity, objStart.capacity, objLen.capacity)
        capacity = Swift.min(capacity, objCap.capacity, accumulator.capacity, accumulatorMarked.capacity,
                             accumulatorScale.capacity, valueChanged.capacity, symObjEpoch.capacity,
                             symMetaEpoch.capacity)
        let room = capacity - symKind.count
        return room > 0 ? Swift.min(room, Tableau.symbolChunk) : 1
    }

    /// Appends `count` free symbols to every per-symbol array and puts them on the free list,
    /// lowest id on top, so that they are handed out in the order appending one at a time would
    /// give (the ids, and so every tie-break, stay the same). Why: appending to the fifteen
    /// per-symbol arrays one symbol at a time cost about 950 instructions per symbol (callgrind,
    /// the feed at 10,000: 57 M of its 584 M); a rollback puts a symbol it took back on the free
    /// list, where it is just as free as before.
    private mutating func addFreeSymbols(_ count: Int) {
        let first = symKind.count
        symKind.append(contentsOf: repeatElement(.free, count: count))
        rowOf.append(contentsOf: repeatElement(-1, count: count))
        symOwner.append(contentsOf: repeatElement(-1, count: count))
        colStart.append(contentsOf: repeatElement(0, count: count))
        colLen.append(contentsOf: repeatElement(0, count: count))
        colCap.append(contentsOf: repeatElement(0, count: count))
        objStart.append(contentsOf: repeatElement(0, count: count))
        objLen.append(contentsOf: repeatElement(0, count: count))
        objCap.append(contentsOf: repeatElement(0, count: count))
        accumulator.append(contentsOf: repeatElement(0, count: count))
        accumulatorMarked.append(contentsOf: repeatElement(false, count: count))
        accumulatorScale.append(contentsOf: repeatElement(0, count: count))
        valueChanged.append(contentsOf: repeatElement(false, count: count))
        symObjEpoch.append(contentsOf: repeatElement(0, count: count))
        symMetaEpoch.append(contentsOf: repeatElement(0, count: count))
        let words = (symKind.count + 63) >> 6
        if words > eligible.count { eligible.append(contentsOf: repeatElement(0, count: words - eligible.count)) }
        freeSymbols.append(contentsOf: (first..<(first + count)).reversed().lazy.map { Int32($0) })
    }

    /// Releases a symbol that appears nowhere (no row, no column entry, no objective weight).
    mutating func freeSymbol(_ s: Int32) {
        let i = Int(s)
        precondition(rowOf[i] < 0 && colLen[i] == 0 && objLen[i] == 0, "freeing a symbol in use")
        journalSymbolMeta(s)
        symKind[i] = .free
        symOwner[i] = -1
        liveSymbolCount -= 1
        freeSymbols.append(s)
        journalLogFree(symbol: s)
    }

    @inline(__always) func kind(_ s: Int32) -> SymbolKind { symKind[Int(s)] }

    /// The symbol's current value: its row's constant when basic, else 0.
    @inline(__always) func value(ofSymbol s: Int32) -> Double {
        let r = rowOf[Int(s)]
        return r >= 0 ? rowConst[Int(r)] : 0
    }

    // MARK: - Rows

    /// A new, empty row whose basic symbol is `basic`.
    mutating func allocRow(basic: Int32, constant: Double) -> Int32 {
        let r: Int32
        if let recycled = freeRows.popLast() {
            r = recycled
            journalLogAlloc(row: r, appended: false)
        } else {
            r = Int32(rowBasic.count)
            rowBasic.append(-1)
            rowStart.append(0)
            rowLen.append(0)
            rowCap.append(0)
            rowConst.append(0)
            rowQueued.append(false)
            rowEpoch.append(0)
            journalLogAlloc(row: r, appended: true)
        }
        journalRow(r)
        rowBasic[Int(r)] = basic
        rowLen[Int(r)] = 0
        rowConst[Int(r)] = constant
        watchConstant(constant, row: r)
        rowQueued[Int(r)] = false
        setRowOf(basic, r)
        liveRowCount += 1
        return r
    }

    /// Drops a row: its cells leave their columns and its basic symbol becomes parametric.
    mutating func freeRow(_ r: Int32) {
        journalRow(r)
        let ri = Int(r)
        let start = Int(rowStart[ri])
        for k in start..<(start + Int(rowLen[ri])) {
            columnRemove(cellSym[k], at: cellColPos[k])
        }
        liveCellCount -= Int(rowLen[ri])
        cellGarbage += Int(rowCap[ri])
        rowCap[ri] = 0
        rowLen[ri] = 0
        rowStart[ri] = 0
        setRowOf(rowBasic[ri], -1)
        rowBasic[ri] = -1
        rowQueued[ri] = false
        liveRowCount -= 1
        freeRows.append(r)
        journalLogFree(row: r)
    }

    @inline(__always) func isLiveRow(_ r: Int32) -> Bool { rowBasic[Int(r)] >= 0 }

    mutating func setRowOf(_ s: Int32, _ r: Int32) {
        journalSymbolMeta(s)
        rowOf[Int(s)] = r
        noteValueChange(s)
    }

    mutating func setRowConstant(_ r: Int32, _ c: Double) {
        journalRow(r)
        if watchesCancelledConstants { watchConstant(rowConst[Int(r)], row: r) }
        rowConst[Int(r)] = c
        watchConstant(c, row: r)
        noteValueChange(rowBasic[Int(r)])
    }

    /// Notes a row constant beyond `Tolerance.largeConstant`, or NaN, and a row constant beyond
    /// `Tolerance.largeRowConstant` in `largeRows` (one comparison when neither).
    @inline(__always)
    mutating func watchConstant(_ c: Double, row r: Int32) {
        let magnitude = Swift.abs(c)
        guard magnitude > Tolerance.largeRowConstant || magnitude.isNaN else { return }
        if !(magnitude <= Tolerance.largeConstant) { sawLargeConstant = true }
        largeRows.append((r, magnitude))
    }

    /// Records that the value of `s` may have changed since the last publication, so that
    /// `Solver.updateVariables` revisits only those symbols (valuesStale covers what is not
    /// tracked this way: a new tableau, a rollback).
    @inline(__always)
    mutating func noteValueChange(_ s: Int32) {
        let i = Int(s)
        if i > 0 && !valueChanged[i] {
            valueChanged[i] = true
            changedSymbols.append(s)
        }
    }

    /// The index in the cell pool of symbol `s` in row `r`, or -1 (binary search: cells are
    /// sorted by symbol id).
    @inline(__always)
    func cellIndex(row r: Int32, symbol s: Int32) -> Int {
        var lo = Int(rowStart[Int(r)])
        var hi = lo + Int(rowLen[Int(r)])
        while lo < hi {
            let mid = (lo + hi) >> 1
            let m = cellSym[mid]
            if m == s { return mid }
            if m < s { lo = mid + 1 } else { hi = mid }
        }
        return -1
    }

    @inline(__always)
    func coefficient(row r: Int32, symbol s: Int32) -> Double {
        let k = cellIndex(row: r, symbol: s)
        return k >= 0 ? cellCoef[k] : 0
    }

    /// Makes sure the scratch buffers hold at least `n` cells.
    @inline(__always)
    mutating func reserveScratch(_ n: Int) {
        if scratchSym.count < n {
            let m = Swift.max(n, scratchSym.count * 2, 16)
            scratchSym = [Int32](repeating: 0, count: m)
            scratchCoef = [Double](repeating: 0, count: m)
            scratchColPos = [Int32](repeating: 0, count: m)
        }
    }

    /// Copies the first `n` scratch cells into row `r` (moving it to the pool's tail when it has
    /// outgrown its capacity). Column positions travel with the cells, so moving a row needs no
    /// column fix-ups. Cells whose scratch column position is -1 are new: they are appended to
    /// their columns here.
    mutating func writeRowFromScratch(_ r: Int32, count n: Int) {
        journalRow(r)
        let ri = Int(r)
        liveCellCount += n - Int(rowLen[ri])
        if n > Int(rowCap[ri]) {
            cellGarbage += Int(rowCap[ri])
            rowCap[ri] = 0
            if cellGarbage > 1024 && cellGarbage > liveCellCount { compactCells() }
            var cap = 4
            while cap < n { cap <<= 1 }
            rowStart[ri] = Int32(cellSym.count)
            rowCap[ri] = Int32(cap)
            cellSym.appendFill(0, count: cap)
            cellCoef.appendFill(0, count: cap)
            cellColPos.appendFill(-1, count: cap)
        }
        let start = Int(rowStart[ri])
        for k in 0..<n {
            cellSym[start + k] = scratchSym[k]
            cellCoef[start + k] = scratchCoef[k]
            cellColPos[start + k] = scratchColPos[k]
        }
        rowLen[ri] = Int32(n)
        for k in 0..<n where scratchColPos[k] < 0 {
            cellColPos[start + k] = columnAppend(scratchSym[k], row: r)
        }
    }

    /// Rewrites the cell pool with only live rows, in slot order.
    mutating func compactCells() {
        var sym: [Int32] = []
        var coef: [Double] = []
        var pos: [Int32] = []
        sym.reserveCapacity(liveCellCount * 2)
        coef.reserveCapacity(liveCellCount * 2)
        pos.reserveCapacity(liveCellCount * 2)
        for ri in 0..<rowBasic.count {
            guard rowBasic[ri] >= 0 && rowCap[ri] > 0 else {
                rowStart[ri] = 0
                rowCap[ri] = 0
                rowLen[ri] = 0
                continue
            }
            let start = Int(rowStart[ri])
            let cap = Int(rowCap[ri])
            rowStart[ri] = Int32(sym.count)
            sym.append(contentsOf: cellSym[start..<(start + cap)])
            coef.append(contentsOf: cellCoef[start..<(start + cap)])
            pos.append(contentsOf: cellColPos[start..<(start + cap)])
        }
        cellSym = sym
        cellCoef = coef
        cellColPos = pos
        cellGarbage = 0
    }

    // MARK: - Row algebra

    /// Installs a brand-new row `basic = constant + Σ cells` from the first `n` scratch cells
    /// (sorted, none of them `basic`, all with scratch column position -1).
    mutating func installRow(basic: Int32, constant: Double, scratchCount n: Int) -> Int32 {
        let r = allocRow(basic: basic, constant: constant)
        writeRowFromScratch(r, count: n)
        return r
    }

    /// `row[r] += k · row[p]`, dropping the cell of `dropped` from `r` (its column entry is the
    /// caller's business: `substitute` clears the whole column at the end). Cancelled cells leave
    /// their columns; new cells join them.
    mutating func addScaledRow(_ r: Int32, _ p: Int32, _ k: Double, dropping dropped: Int32) {
        let ri = Int(r), pi = Int(p)
        var i = Int(rowStart[ri])
        let iEnd = i + Int(rowLen[ri])
        var j = Int(rowStart[pi])
        let jEnd = j + Int(rowLen[pi])
        reserveScratch(Int(rowLen[ri]) + Int(rowLen[pi]))
        pendingRemovals.removeAll(keepingCapacity: true)
        var n = 0
        while i < iEnd || j < jEnd {
            let si = i < iEnd ? cellSym[i] : Int32.max
            let sj = j < jEnd ? cellSym[j] : Int32.max
            if si == dropped {
                i += 1
                continue
            }
            if si < sj {
                scratchSym[n] = si
                scratchCoef[n] = cellCoef[i]
                scratchColPos[n] = cellColPos[i]
                n += 1
                i += 1
            } else if sj < si {
                let v = k * cellCoef[j]
                if v != 0 {
                    scratchSym[n] = sj
                    scratchCoef[n] = v
                    scratchColPos[n] = -1
                    n += 1
                }
                j += 1
            } else {
                let a = cellCoef[i]
                let b = k * cellCoef[j]
                let v = a + b
                if Tolerance.cancels(v, a, b) {
                    pendingRemovals.append((si, cellColPos[i]))
                } else {
                    scratchSym[n] = si
                    scratchCoef[n] = v
                    scratchColPos[n] = cellColPos[i]
                    n += 1
                }
                i += 1
                j += 1
            }
        }
        journalRow(r)
        let shift = k * rowConst[pi]
        if shift != 0 {
            if watchesCancelledConstants { watchConstant(rowConst[ri], row: r) }
            rowConst[ri] += shift
            watchConstant(rowConst[ri], row: r)
            noteValueChange(rowBasic[ri])
        }
        writeRowFromScratch(r, count: n)
        for removal in pendingRemovals {
            columnRemove(removal.sym, at: removal.pos)
        }
    }

    /// Rewrites row `r` (basic `b = c + a_e·e + Σ…`) as a row for `e`:
    /// `e = (b − c − Σ…) / a_e`. Afterwards `e` is basic in `r` and `b` is parametric.
    mutating func solveRow(_ r: Int32, for e: Int32) {
        let ri = Int(r)
        let b = rowBasic[ri]
        let ke = cellIndex(row: r, symbol: e)
        precondition(ke >= 0, "entering symbol not in row")
        let ae = cellCoef[ke]
        let scale = -1 / ae
        let start = Int(rowStart[ri])
        let len = Int(rowLen[ri])
        reserveScratch(len + 1)
        pendingRemovals.removeAll(keepingCapacity: true)
        var n = 0
        var insertedBasic = kind(b) == .objective  // an objective row's basic is not an unknown
        for k in start..<(start + len) {
            let s = cellSym[k]
            if s == e { continue }
            if !insertedBasic && b < s {
                scratchSym[n] = b
                scratchCoef[n] = 1 / ae
                scratchColPos[n] = -1
                n += 1
                insertedBasic = true
            }
            let v = cellCoef[k] * scale
            if v == 0 {
                // Underflow (a subnormal coefficient divided by a larger one): the cell leaves
                // the row and its column, as a cancelled one does in addScaledRow.
                pendingRemovals.append((s, cellColPos[k]))
                continue
            }
            scratchSym[n] = s
            scratchCoef[n] = v
            scratchColPos[n] = cellColPos[k]
            n += 1
        }
        if !insertedBasic {
            scratchSym[n] = b
            scratchCoef[n] = 1 / ae
            scratchColPos[n] = -1
            n += 1
        }
        let ePos = cellColPos[ke]
        journalRow(r)
        rowConst[ri] *= scale
        watchConstant(rowConst[ri], row: r)
        writeRowFromScratch(r, count: n)
        columnRemove(e, at: ePos)
        for removal in pendingRemovals {
            columnRemove(removal.sym, at: removal.pos)
        }
        setRowOf(b, -1)
        rowBasic[ri] = e
        setRowOf(e, r)
    }

    /// Replaces parametric symbol `e` everywhere (other rows and the objective) by row `p`, in
    /// which `e` is now basic. Touches only the rows in `column(e)`.
    mutating func substitute(_ e: Int32, using p: Int32) {
        let ei = Int(e)
        let len = Int(colLen[ei])
        if len > 0 {
            columnSnapshot.removeAll(keepingCapacity: true)
            let start = Int(colStart[ei])
            columnSnapshot.append(contentsOf: colRows[start..<(start + len)])
            columnClear(e)
            rowsRewritten += len
            for r in columnSnapshot {
                let a = coefficient(row: r, symbol: e)
                addScaledRow(r, p, a, dropping: e)
                if kind(rowBasic[Int(r)]).isRestricted && rowConst[Int(r)] < -Tolerance.feasibility {
                    enqueueInfeasible(r)
                }
            }
        }
        substituteIntoObjective(e, using: p)
    }

    /// Pivots `e` into the basis in place of row `r`'s basic symbol.
    mutating func pivot(row r: Int32, entering e: Int32) {
        solveRow(r, for: e)
        substitute(e, using: r)
        pivotCount += 1
    }

    mutating func enqueueInfeasible(_ r: Int32) {
        if !rowQueued[Int(r)] {
            rowQueued[Int(r)] = true
            infeasibleQueue.append(r)
        }
    }

    // MARK: - Building a row from an expression

    /// Adds `coefficient · symbol` to the dense accumulator, expanding basic symbols by their
    /// rows. Returns the constant contributed by expanded rows.
    mutating func accumulate(symbol s: Int32, _ coefficient: Double) -> Double {
        let r = rowOf[Int(s)]
        if r >= 0 {
            let start = Int(rowStart[Int(r)])
            for k in start..<(start + Int(rowLen[Int(r)])) {
                accumulateRaw(cellSym[k], coefficient * cellCoef[k])
            }
            return coefficient * rowConst[Int(r)]
        }
        accumulateRaw(s, coefficient)
        return 0
    }

    @inline(__always)
    mutating func accumulateRaw(_ s: Int32, _ v: Double) {
        let i = Int(s)
        if !accumulatorMarked[i] {
            accumulatorMarked[i] = true
            accumulatorTouched.append(s)
            accumulatorScale[i] = 0
        }
        accumulator[i] += v
        accumulatorScale[i] = Swift.max(accumulatorScale[i], Swift.abs(v))
    }

    /// Moves the accumulator's non-zero entries into the scratch cells (sorted), clears it, and
    /// returns the cell count. `sign` multiplies every coefficient.
    mutating func gatherAccumulator(sign: Double) -> Int {
        accumulatorTouched.sort()
        reserveScratch(accumulatorTouched.count)
        var n = 0
        for s in accumulatorTouched {
            let v = accumulator[Int(s)]
            accumulator[Int(s)] = 0
            accumulatorMarked[Int(s)] = false
            // Dropped only when the terms cancelled (relative to the largest term).
            if Swift.abs(v) > Tolerance.dropRelative * accumulatorScale[Int(s)] {
                scratchSym[n] = s
                scratchCoef[n] = v * sign
                scratchColPos[n] = -1
                n += 1
            }
        }
        accumulatorTouched.removeAll(keepingCapacity: true)
        return n
    }

    /// Scratch cells `[0, n)`: rewrites `0 = c + a_s·subject + Σ…` as
    /// `subject = −c/a_s − Σ (a/a_s)·…`, removing the subject's cell. Returns the new constant.
    mutating func solveScratch(count n: Int, constant c: Double, for subject: Int32) -> (count: Int, constant: Double) {
        var a: Double = 0
        var m = 0
        for k in 0..<n {
            if scratchSym[k] == subject { a = scratchCoef[k]; continue }
            scratchSym[m] = scratchSym[k]
            scratchCoef[m] = scratchCoef[k]
            scratchColPos[m] = -1
            m += 1
        }
        let scale = -1 / a
        var kept = 0
        for k in 0..<m {
            let v = scratchCoef[k] * scale
            if v == 0 { continue }  // underflow: no cell (the row is not in any column yet)
            scratchSym[kept] = scratchSym[k]
            scratchCoef[kept] = v
            kept += 1
        }
        return (kept, c * scale)
    }
}
