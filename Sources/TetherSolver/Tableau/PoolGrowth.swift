/// Growing the tableau's pools (cells, columns, objective weights) by one extent at a time.
extension Array {
    /// Appends `count` copies of `value`. A row, column or weight that outgrows its extent moves
    /// to its pool's tail with a few slots; the generic `append(contentsOf: repeatElement(…))`
    /// cost about 120 instructions per call there (callgrind, the feed at 10,000), this loop a
    /// few per slot. (No `reserveCapacity`: an exact reservation would defeat the geometric
    /// growth that keeps appending linear.)
    @inline(__always)
    mutating func appendFill(_ value: Element, count: Int) {
        for _ in 0..<count { append(value) }
    }
}

extension Array {
    /// Makes room for `count` elements in all, growing at least geometrically: a batch that
    /// knows its size reserves once instead of reallocating as it appends (the C batch makes
    /// 20,000 constraints with 1.9 M instructions of reallocation otherwise), while a run of small
    /// batches still grows the array by doubling, not by one batch at a time.
    @inline(__always)
    mutating func reserveGrowing(toHold count: Int) {
        if count > capacity { reserveCapacity(Swift.max(count, 2 * capacity)) }
    }
}
