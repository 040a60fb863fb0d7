/// The reverse index of the definitions' terms: for each variable, the live definitions whose
/// terms mention it (the subject's own term left out), so that `Solver.publishChangedValues`
/// visits only the definitions a change can reach instead of every definition.
///
/// Each definition gets one entry per term of its owner constraint but the subject's, contiguous
/// from `base[id]` and in term order (`term(_:skip:)`). A linked entry sits in its variable's circular doubly linked list (`head`, `next`,
/// `previous`), so that a definition leaves the index in O(its terms), however many definitions
/// mention the same variable. Terms are read through the owner record, never copied: a released
/// definition's hidden copy and the term pool's compaction keep each record's terms in order, so
/// the entries stay valid through both.
///
/// The index is built (`isBuilt`, from the live definitions) only after an incremental
/// publication's flag scan found fewer than half of the definitions dirty: where changes move
/// most definitions (a chain), the scan is cheaper and the index would only cost memory. It is
/// dropped with the store (a reset or a rebuild makes a new one). A
/// definition's entries stay allocated after it is removed (ids are never reused either): once
/// they are mostly garbage the index is built again (`needsRebuild`). While it is built, every
/// link and unlink of a definition (`Solver.linkDefinition`, `unlinkDefinition`) goes through it,
/// rollbacks included, which undo in reverse order and so leave the same lists.
///
/// `queued` is the worklist of one publication: a bit per definition id, popped in increasing
/// id order; every bit is clear between publications.
struct DefinitionUsers {
    var isBuilt = false
    /// Per variable slot: an entry of the list of its uses, or -1 (slots past the end: none).
    var head: [Int32] = []
    /// Per definition id: its first entry, or -1 if it has none (ids past the end: none).
    var base: [Int32] = []
    /// Per entry: its definition, and its links (-1 while the entry is not linked).
    var definition: [Int32] = []
    var next: [Int32] = []
    var previous: [Int32] = []
    /// Linked entries.
    var liveEntries = 0
    var queued: [UInt64] = []
    /// Whether the last publication found at least half of the definitions dirty: the next one
    /// starts with the flag scan (`Solver.publishChangedValues`).
    var lastWasDense = false
    /// Built to find the definitions to move rather than for a publication: dropped when the
    /// budget of moves runs out (`Solver.definitionSubject`).
    var builtForMoves = false

    /// The offset, in its definition's owner's terms, of the term an entry `offset` entries past
    /// the definition's `base` stands for (`skip`: the subject's term offset).
    @inline(__always)
    static func term(_ offset: Int, skip: Int) -> Int { offset < skip ? offset : offset + 1 }

    /// Whether the garbage entries of removed definitions outnumber the live ones.
    var needsRebuild: Bool { definition.count > 1024 && definition.count > 2 * liveEntries }

    /// The entries of definition `id` (`count`: its owner's term count less one), allocated now
    /// if it has none.
    mutating func entries(of id: Int32, count: Int) -> Int32 {
        if Int(id) >= base.count { base.append(contentsOf: repeatElement(-1, count: Int(id) + 1 - base.count)) }
        if base[Int(id)] >= 0 { return base[Int(id)] }
        let first = Int32(definition.count)
        base[Int(id)] = first
        definition.append(contentsOf: repeatElement(id, count: count))
        next.append(contentsOf: repeatElement(-1, count: count))
        previous.append(contentsOf: repeatElement(-1, count: count))
        return first
    }

    /// Appends entry `e` to variable `v`'s list.
    mutating func link(_ e: Int32, variable v: Int32) {
        if Int(v) >= head.count { head.append(contentsOf: repeatElement(-1, count: Int(v) + 1 - head.count)) }
        let h = head[Int(v)]
        if h < 0 {
            head[Int(v)] = e
            next[Int(e)] = e
            previous[Int(e)] = e
        } else {
            let tail = previous[Int(h)]
            next[Int(tail)] = e
            previous[Int(e)] = tail
            next[Int(e)] = h
            previous[Int(h)] = e
        }
        liveEntries += 1
    }

    /// Takes entry `e` out of variable `v`'s list (nothing if it is not linked).
    mutating func unlink(_ e: Int32, variable v: Int32) {
        let n = next[Int(e)]
        guard n >= 0 else { return }
        if n == e {
            head[Int(v)] = -1
        } else {
            let p = previous[Int(e)]
            next[Int(p)] = n
            previous[Int(n)] = p
            if head[Int(v)] == e { head[Int(v)] = n }
        }
        next[Int(e)] = -1
        previous[Int(e)] = -1
        liveEntries -= 1
    }

    /// Frees definition `id`'s `count` entries, all unlinked (the rollback of its creation): they
    /// are dropped if they are the last ones allocated, and left as garbage otherwise (the index
    /// may have been built after the definition was made, inside the same transaction); either
    /// way `id` has no entries any more, so that a definition made later with the same id gets
    /// entries of its own.
    mutating func dropEntries(of id: Int32, count: Int) {
        guard Int(id) < base.count else { return }
        let first = Int(base[Int(id)])
        if first >= 0 && first + count == definition.count {
            definition.removeLast(count)
            next.removeLast(count)
            previous.removeLast(count)
        }
        base[Int(id)] = -1
        if Int(id) == base.count - 1 { base.removeLast() }
    }

    /// Renames the definitions after `Solver.compactDefinitions`: definition `id` is now
    /// `newId[id]` (`count` of them), and dropped where that is -1. The lists keep their links:
    /// one pass over the entries, where building the index again walks every live
    /// definition's terms through its constraint record (30 M instructions of the shuffled
    /// chain at 10,000). Returns false, changing nothing, if a linked entry belongs to a
    /// dropped definition (then the index must be built again).
    mutating func renumber(_ newId: [Int32], count: Int) -> Bool {
        var consistent = true
        definition.withUnsafeBufferPointer { definition in
            next.withUnsafeBufferPointer { next in
                for e in definition.indices where next[e] >= 0 && newId[Int(definition[e])] < 0 {
                    consistent = false
                    break
                }
            }
        }
        guard consistent else { return false }
        definition.withUnsafeMutableBufferPointer { definition in
            for e in definition.indices {
                let id = Int(definition[e])
                definition[e] = id >= 0 && id < newId.count ? newId[id] : -1
            }
        }
        var renamed = [Int32](repeating: -1, count: count)
        for id in base.indices where base[id] >= 0 && newId[id] >= 0 { renamed[Int(newId[id])] = base[id] }
        while let last = renamed.last, last < 0 { renamed.removeLast() }
        base = renamed
        return true
    }

    /// Gives each definition `olds[k]`'s `counts[k]` entries (if it has any) to definition
    /// `first + k`, which has none: the same definition under another id (a run of moves,
    /// `Solver.moveAfterNewest`, or one move rolled back), through one buffer per array. The
    /// lists keep their links; only the entries' definition changes.
    mutating func transfer(from olds: [Int32], toFirst first: Int32, counts: [Int]) {
        let end = Int(first) + olds.count
        if base.count < end { base.append(contentsOf: repeatElement(-1, count: end - base.count)) }
        base.withUnsafeMutableBufferPointer { base in
            definition.withUnsafeMutableBufferPointer { definition in
                for (k, old) in olds.enumerated() {
                    let id = Int(first) + k
                    // A rolled-back move's newer id may lie past the end (it had no entries).
                    let owned = Int(old) < base.count
                    let entries = owned ? base[Int(old)] : -1
                    base[id] = entries
                    if owned { base[Int(old)] = -1 }
                    if entries >= 0 {
                        for e in Int(entries)..<(Int(entries) + counts[k]) { definition[e] = Int32(id) }
                    }
                }
            }
        }
        while let last = base.last, last < 0 { base.removeLast() }
    }
}
