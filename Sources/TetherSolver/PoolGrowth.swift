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
