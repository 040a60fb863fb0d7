/// The column index: for each parametric symbol, the row slots whose rows mention it. A cell's
/// `cellColPos` is the position of its row in its symbol's column, so removal is a swap-remove
/// plus one back-pointer fix (found by binary search in the moved row).
extension Tableau {
    /// Appends row `r` to `column(s)`; returns its position.
    mutating func columnAppend(_ s: Int32, row r: Int32) -> Int32 {
        journalColumnAppend(s)
        let si = Int(s)
        let len = Int(colLen[si])
        if len == Int(colCap[si]) {
            // The full extent is about to become garbage: compact first if that tips the pool.
            if colGarbage + len > 1024 && colGarbage + len > liveCellCount { compactColumns() }
            reserveColumn(s, len + 1)
        }
        colRows[Int(colStart[si]) + len] = r
        colLen[si] = Int32(len + 1)
        return Int32(len)
    }

    /// Removes the entry at `pos` of `column(s)`, moving the last entry into the hole and fixing
    /// that row's back-pointer.
    mutating func columnRemove(_ s: Int32, at pos: Int32) {
        journalColumnRemove(s, at: pos)
        let si = Int(s)
        let start = Int(colStart[si])
        let last = Int(colLen[si]) - 1
        if Int(pos) != last {
            let moved = colRows[start + last]
            colRows[start + Int(pos)] = moved
            let k = cellIndex(row: moved, symbol: s)
            journalRow(moved)
            cellColPos[k] = pos
        }
        colLen[si] = Int32(last)
    }

    /// Empties `column(s)` without touching the rows (they are being rewritten by the caller).
    /// The symbol is entering the basis or leaving the tableau, so a large extent is released: a
    /// column that once spanned the tableau (the symbol a form's new widest label enters by,
    /// which every label's rows mention) kept its capacity for good, and every compaction copied
    /// it (the pool held 11 M slots for 300 k live cells at 10,000 rows). A small one is kept for
    /// the symbol's next cells: releasing those too cost 1 % more instructions on a feed.
    mutating func columnClear(_ s: Int32) {
        journalColumnClear(s)
        let si = Int(s)
        colLen[si] = 0
        if colCap[si] > Tableau.keptColumnCapacity {
            colGarbage += Int(colCap[si])
            colCap[si] = 0
            colStart[si] = 0
        }
    }

    /// The largest extent a cleared column keeps.
    static let keptColumnCapacity: Int32 = 32

    /// Makes room for `n` entries in `column(s)`, moving it to the pool's tail in a power-of-two
    /// extent if needed (its entries move with it). Appends use it, and so do rollbacks: a
    /// compaction or a clear in the transaction may have shrunk the extent below what the undone
    /// operations put back.
    mutating func reserveColumn(_ s: Int32, _ n: Int) {
        let si = Int(s)
        let cap = Int(colCap[si])
        guard n > cap else { return }
        let newCap = Tableau.columnCapacity(n)
        let oldStart = Int(colStart[si])
        let len = Int(colLen[si])
        let newStart = colRows.count
        colRows.appendFill(-1, count: newCap)
        for k in 0..<len { colRows[newStart + k] = colRows[oldStart + k] }
        colGarbage += cap
        colStart[si] = Int32(newStart)
        colCap[si] = Int32(newCap)
    }

    /// The rows of `column(s)`, for read-only iteration.
    func column(_ s: Int32) -> ArraySlice<Int32> {
        let start = Int(colStart[Int(s)])
        return colRows[start..<(start + Int(colLen[Int(s)]))]
    }

    /// Rewrites the column pool with only live entries, each column's extent cut to the power of
    /// two (at least 4) that holds it, empty columns to none.
    mutating func compactColumns() {
        var total = 0
        for si in 0..<colStart.count {
            let len = Int(colLen[si])
            if len > 0 { total += Tableau.columnCapacity(len) }
        }
        var rows = [Int32](repeating: -1, count: total)
        var next = 0
        rows.withUnsafeMutableBufferPointer { out in
            colRows.withUnsafeBufferPointer { old in
                for si in 0..<colStart.count {
                    let len = Int(colLen[si])
                    guard len > 0 else {
                        colStart[si] = 0
                        colCap[si] = 0
                        continue
                    }
                    let start = Int(colStart[si])
                    for k in 0..<len { out[next + k] = old[start + k] }
                    colStart[si] = Int32(next)
                    let cap = Tableau.columnCapacity(len)
                    colCap[si] = Int32(cap)
                    next += cap
                }
            }
        }
        colRows = rows
        colGarbage = 0
    }

    @inline(__always)
    static func columnCapacity(_ len: Int) -> Int {
        var cap = 4
        while cap < len { cap <<= 1 }
        return cap
    }
}
