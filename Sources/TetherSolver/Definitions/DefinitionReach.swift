/// Which tableau constraints were written through which definitions, and with what coefficient:
/// the definitions' dummy columns, kept outside the tableau.
///
/// Why: a tableau constraint that mentions a defined variable is written over the tableau's
/// symbols by expanding the definitions it reaches (`Solver.expandQueued`). In plain Cassowary
/// each of those is a row `x = … + d` whose dummy `d` then lands in the new row: a constraint
/// closing a chain of n links gets n dummies, every row it is combined with gets them too, and a
/// change to one link (removal, re-adding) rewrites all of those rows (2 ms per change on a
/// 10,000-view chain). The dummies never enter the basis and never take a value, so nothing in
/// the simplex needs them; only three things do: a removal or a constant change of a definition
/// (which rows move, and by how much), and the explanations (conflict certificates,
/// `constraintsDetermining`). So the rows hold none, and each tableau constraint `j` records here
/// `σⱼₖ`, the coefficient the dummy of each definition `k` it reached would have had in its row,
/// divided by the coefficient of `j`'s own marker there. Every tableau row is a combination
/// `Σⱼ λⱼ·Eⱼ` of the constraints' expanded equations, and `λⱼ` can be read off the row as the
/// coefficient of `j`'s marker (which no other equation contains), so the dummy column a row
/// would hold is `Σⱼ λⱼ·σⱼₖ`, computed when needed (`Solver.dummyColumn`).
///
/// Entries of one constraint are contiguous (appended when it is added, dropped when it is
/// removed); entries of one definition are a doubly linked list, so both are found without a
/// search. Storage is struct-of-arrays with integer ids.
struct DefinitionReach {
    /// Per entry: the definition reached, the tableau constraint (slot), σ, and the links of the
    /// definition's list (-1 at the ends). A dead entry has definition -1.
    var definition: [Int32] = []
    var constraint: [Int32] = []
    var coefficient: [Double] = []
    var next: [Int32] = []
    var previous: [Int32] = []
    /// Per definition id: its first entry, or -1.
    var head: [Int32] = []
    /// Per constraint slot: its entries `start ..< start + count` (count 0: none).
    var start: [Int32] = []
    var count: [Int32] = []
    var liveEntries = 0
    var deadEntries = 0

    /// Whether any added tableau constraint was written through definition `id`.
    @inline(__always)
    func isReached(_ id: Int32) -> Bool { Int(id) < head.count && head[Int(id)] >= 0 }

    /// Renames the definitions after `Solver.compactDefinitions`: definition `id` is now
    /// `newId[id]` (`count` of them; every reached one is kept).
    mutating func renumberDefinitions(_ newId: [Int32], count: Int) {
        var renamed = [Int32](repeating: -1, count: count)
        for id in head.indices where head[id] >= 0 {
            precondition(newId[id] >= 0, "a reached definition is live")
            renamed[Int(newId[id])] = head[id]
        }
        head = renamed
        for e in definition.indices where definition[e] >= 0 { definition[e] = newId[Int(definition[e])] }
    }

    /// The live entries of constraint `slot`.
    @inline(__always)
    func entries(of slot: Int32) -> Range<Int> {
        guard Int(slot) < count.count else { return 0..<0 }
        let s = Int(start[Int(slot)])
        return s..<(s + Int(count[Int(slot)]))
    }

    /// Opens the entry range of constraint `slot` (it must have none): `append` adds to it.
    mutating func begin(_ slot: Int32) {
        if Int(slot) >= start.count {
            let n = Swift.max(Int(slot) + 1, start.count * 2)
            start.append(contentsOf: repeatElement(0, count: n - start.count))
            count.append(contentsOf: repeatElement(0, count: n - count.count))
        }
        start[Int(slot)] = Int32(definition.count)
        count[Int(slot)] = 0
    }

    /// Adds the entry (definition `id`, σ) to the range `begin` opened for `slot`.
    mutating func append(_ slot: Int32, definition id: Int32, coefficient sigma: Double) {
        if Int(id) >= head.count {
            head.append(contentsOf: repeatElement(-1, count: Swift.max(Int(id) + 1, head.count * 2) - head.count))
        }
        let e = Int32(definition.count)
        definition.append(id)
        constraint.append(slot)
        coefficient.append(sigma)
        let first = head[Int(id)]
        next.append(first)
        previous.append(-1)
        if first >= 0 { previous[Int(first)] = e }
        head[Int(id)] = e
        count[Int(slot)] += 1
        liveEntries += 1
    }

    /// Divides the entries of `slot` by its marker's coefficient in its row (σ's definition).
    mutating func divide(_ slot: Int32, by markerCoefficient: Double) {
        for e in entries(of: slot) { coefficient[e] /= markerCoefficient }
    }

    /// Unlinks entry `e` from its definition's list and marks it dead.
    private mutating func unlink(_ e: Int) {
        let id = Int(definition[e])
        guard id >= 0 else { return }
        let p = previous[e], n = next[e]
        if p >= 0 { next[Int(p)] = n } else { head[id] = n }
        if n >= 0 { previous[Int(n)] = p }
        definition[e] = -1
        liveEntries -= 1
        deadEntries += 1
    }

    /// Drops every entry of constraint `slot` (removed from the tableau, or rolled back).
    mutating func forget(_ slot: Int32) {
        let range = entries(of: slot)
        guard !range.isEmpty else { return }
        for e in range { unlink(e) }
        count[Int(slot)] = 0
        if deadEntries > 1024 && deadEntries > liveEntries { compact() }
    }

    /// Drops every entry of definition `id` (it stopped being a constraint: released).
    mutating func forgetDefinition(_ id: Int32) {
        guard Int(id) < head.count else { return }
        var e = head[Int(id)]
        while e >= 0 {
            let n = next[Int(e)]
            unlink(Int(e))
            e = n
        }
    }

    /// Calls `body(constraint slot, σ)` for each entry of definition `id`.
    @inline(__always)
    func forEachReacher(of id: Int32, _ body: (Int32, Double) -> Void) {
        guard Int(id) < head.count else { return }
        var e = head[Int(id)]
        while e >= 0 {
            body(constraint[Int(e)], coefficient[Int(e)])
            e = next[Int(e)]
        }
    }

    /// Rewrites the pool with the live entries only, constraint by constraint.
    private mutating func compact() {
        var order: [Int32] = []
        for slot in start.indices where count[slot] > 0 { order.append(Int32(slot)) }
        order.sort { start[Int($0)] < start[Int($1)] }
        let oldDefinition = definition, oldCoefficient = coefficient
        definition = []; constraint = []; coefficient = []; next = []; previous = []
        for i in head.indices { head[i] = -1 }
        liveEntries = 0
        deadEntries = 0
        for slot in order {
            let range = Int(start[Int(slot)])..<(Int(start[Int(slot)]) + Int(count[Int(slot)]))
            begin(slot)
            for e in range where oldDefinition[e] >= 0 {
                append(slot, definition: oldDefinition[e], coefficient: oldCoefficient[e])
            }
        }
    }

    var footprint: Int {
        func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
        return bytes(definition) + bytes(constraint) + bytes(coefficient) + bytes(next) + bytes(previous)
            + bytes(head) + bytes(start) + bytes(count)
    }
}
