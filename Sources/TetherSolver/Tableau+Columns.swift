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
            let newCap = Swift.max(4, len * 2)
            colGarbage += len
            if colGarbage > 1024 && colGarbage > liveCellCount { compactColumns() }
            let oldStart = Int(colStart[si])
            let newStart = colRows.count
            colRows.appendFill(-1, count: newCap)
            for k in 0..<len { colRows[newStart + k] = colRows[oldStart + k] }
            colStart[si] = Int32(newStart)
            colCap[si] = Int32(newCap)
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
    mutating func columnClear(_ s: Int32) {
        journalColumnClear(s)
        colLen[Int(s)] = 0
    }

    /// The rows of `column(s)`, for read-only iteration.
    func column(_ s: Int32) -> ArraySlice<Int32> {
        let start = Int(colStart[Int(s)])
        return colRows[start..<(start + Int(colLen[Int(s)]))]
    }

    /// Rewrites the column pool with only live entries.
    mutating func compactColumns() {
        var rows: [Int32] = []
        rows.reserveCapacity(liveCellCount * 2)
        for si in 0..<colStart.count {
            guard colCap[si] > 0 else { colStart[si] = 0; continue }
            let start = Int(colStart[si])
            let cap = Int(colCap[si])
            colStart[si] = Int32(rows.count)
            rows.append(contentsOf: colRows[start..<(start + cap)])
        }
        colRows = rows
        colGarbage = 0
    }
}
