/// The order in which `add(batch:)` adds a batch, chosen from the batch's structure alone, so
/// that the same constraints build the same tableau at the same cost in whatever order the
/// caller lists them (docs/solver-design.md, "Order independence").
///
/// Added one by one, a required equality becomes a definition (held outside the tableau) only
/// if one of its variables is still fresh when it arrives: that depends on what came before it.
/// A shuffled form sent most of its vertical chain into the tableau, where each link wrote every
/// position below it: Θ(n²) cells against 2.6 per constraint in its natural order.
///
/// The plan:
/// 1. Edit constraints, in the caller's order (there are rarely any in a batch).
/// 2. The required equalities that can be definitions, each with a subject chosen by
///    peeling: repeatedly take a variable that is eligible (no definition, outside the tableau,
///    not an edit variable, mentioned by no existing definition) and that only one remaining
///    equality mentions; that equality defines it and leaves the remaining set. Adding the
///    peeled equalities in the reverse order of peeling means that no definition ever mentions
///    a later subject, which is the condition for a definition that moves nothing
///    (`definitionSubject`). Among the
///    candidates, one that no constraint on it alone bounds goes first (a position rather than
///    a size that content-size rows mention, so those rows do not walk a chain of
///    definitions), then the newest variable. When no candidate is left while
///    equalities remain (a cycle), the first remaining equality in canonical order goes to the
///    tableau instead, and peeling goes on.
/// 3. The rest in canonical order: first by depth, the longest chain of planned definitions
///    behind any of their variables (a constraint on the last cell of a feed, expanded through
///    the chain of tops, makes a row as long as the feed: added before the cells' own rows have
///    settled, every pivot on a cell rewrote it, Θ(n²)); then by the newest variable they name,
///    so that each view's constraints go in together, after those of the views it refers to, as
///    a layout built view by view adds them (grouped by kind instead, an aligned feed's optional
///    pull-ups all went in before any of the inequalities that hold the cells apart, and 1,000
///    cells took 11–20 s against 0.34 s); within a view, required equalities left over, optional
///    constraints from the highest priority down, then required inequalities (optional rows go
///    in satisfied, and a bound that the preferred sizes already meet costs no pivot; the other
///    way round, every content-size row of a feed met its height held at its bound and
///    pivoted); then by their terms (variable ids and coefficients), relation and constant. Only
///    constraints that are equal in all of these keep the caller's order between them, and
///    those are interchangeable.
///
/// Variable ids (the order in which variables were made) are the only input order the plan
/// reads: a view model makes them in hierarchy order, whatever the order of the constraints.
struct BatchPlan {
    /// The constraint slots in the order to add them.
    var order: [Int32] = []
    /// For each entry of `order`, the term offset of its planned subject, or -1 (add it to the
    /// tableau, or as a definition if a fresh variable is still found then).
    var subjects: [Int32] = []
}

extension Solver {
    /// Plans the order of a batch (see `BatchPlan`). `slots` are live constraints not yet added.
    func plan(batch slots: [Int32]) -> BatchPlan {
        var plan = BatchPlan()
        plan.order.reserveCapacity(slots.count)
        plan.subjects.reserveCapacity(slots.count)
        var equalities: [Int32] = []
        var others: [Int32] = []
        for slot in slots {
            let record = constraintRecords[Int(slot)]
            if record.isEdit {
                plan.order.append(slot)
                plan.subjects.append(-1)
            } else if eliminatesDefinitions && record.isRequired && record.relation == .equal {
                equalities.append(slot)
            } else {
                others.append(slot)
            }
        }
        var peeling = Peeling(solver: self, equalities: equalities, others: others)
        let leftOver = peeling.run()
        for (slot, subject) in peeling.peeled.reversed() {
            plan.order.append(slot)
            plan.subjects.append(subject)
        }
        var rest = leftOver + others
        sortCanonically(&rest, depth: { peeling.depth(of: $0) })
        plan.order.append(contentsOf: rest)
        plan.subjects.append(contentsOf: repeatElement(-1, count: rest.count))
        return plan
    }

    /// Whether constraint `slot`'s term at `offset` can be its definition's subject now: the
    /// same test as `definitionSubject`, for one chosen term.
    func canDefine(_ slot: Int32, subjectTerm offset: Int) -> Bool {
        guard canHoldDefinition(slot) else { return false }
        let range = termRange(Int(slot))
        let largest = largestMagnitude(slot)
        return largest.isFinite && canBeSubject(term: range.lowerBound + offset, of: range, largest: largest)
    }

    /// Sorts constraint slots into the canonical order of step 3 of `BatchPlan`, shallowest
    /// first by `depth` (0 for all when nil).
    func sortCanonically(_ slots: inout [Int32], depth: ((Int32) -> Int)? = nil) {
        guard slots.count > 1 else { return }
        // A packed key decides almost every comparison with two integer compares; equal keys
        // fall back to comparing the terms in full.
        var keys: [(rank: UInt64, priority: UInt64, slot: Int32)] = []
        keys.reserveCapacity(slots.count)
        for slot in slots {
            let record = constraintRecords[Int(slot)]
            let level = UInt64(Swift.min(depth?(slot) ?? 0, (1 << 20) - 1))
            var newest: Int32 = 0
            for k in termRange(Int(slot)) { newest = Swift.max(newest, termVariables[k]) }
            let rankClass: UInt64 = record.isRequired ? (record.relation == .equal ? 0 : 2) : 1  // see step 3
            // Positive doubles order as their bit patterns: 1000 − priority puts the highest
            // priority first.
            let priorityBits = record.isRequired ? 0 : (1000 - record.priority).bitPattern
            keys.append((level << 42 | UInt64(UInt32(bitPattern: newest)) << 8 | rankClass, priorityBits, slot))
        }
        keys.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.priority != b.priority { return a.priority < b.priority }
            return canonicallyBefore(a.slot, b.slot)
        }
        for (k, key) in keys.enumerated() { slots[k] = key.slot }
    }

    /// The full comparison behind `sortCanonically`: priority, relation, term count, terms
    /// (variable, then coefficient), constant, and the slot last.
    private func canonicallyBefore(_ a: Int32, _ b: Int32) -> Bool {
        let ra = constraintRecords[Int(a)], rb = constraintRecords[Int(b)]
        if ra.priority != rb.priority { return ra.priority > rb.priority }
        if ra.relation != rb.relation { return ra.relation.rawValue < rb.relation.rawValue }
        if ra.termCount != rb.termCount { return ra.termCount < rb.termCount }
        let sa = Int(ra.termStart), sb = Int(rb.termStart)
        for k in 0..<Int(ra.termCount) {
            let va = termVariables[sa + k], vb = termVariables[sb + k]
            if va != vb { return va < vb }
            let ca = termCoefficients[sa + k], cb = termCoefficients[sb + k]
            if ca != cb { return ca < cb }
        }
        if ra.constant != rb.constant { return ra.constant < rb.constant }
        return a < b
    }
}

/// Step 2 of `BatchPlan`: peels the required equalities of a batch into definitions.
private struct Peeling {
    let equalities: [Int32]
    /// The peeled equalities with their subjects' term offsets, in peeling order (add reversed).
    var peeled: [(slot: Int32, subject: Int32)] = []

    /// Per local variable (numbered as first met): its solver slot, how many remaining
    /// equalities mention it, whether a constraint of the batch on it alone bounds or sizes it
    /// (see `key`), and whether it may be a subject at all.
    private var variables: [Int32] = []
    private var degree: [Int32] = []
    private var bounded: [Bool] = []
    private var eligible: [Bool] = []
    /// Equality → its local variables (with term offsets), and local variable → its equalities:
    /// compressed rows.
    private var termStart: [Int32] = []
    private var termLocal: [Int32] = []
    private var userStart: [Int32] = []
    private var users: [Int32] = []
    private var removed: [Bool]
    /// Candidates: `key(_:)`, the smallest first.
    private var heap = MinHeap()
    private var local: LocalNumbering
    private let solver: Solver

    init(solver: Solver, equalities: [Int32], others: [Int32]) {
        self.solver = solver
        self.equalities = equalities
        removed = [Bool](repeating: false, count: equalities.count)
        local = LocalNumbering(variableCount: solver.variableRecords.count, expected: equalities.count * 3)
        guard !equalities.isEmpty else { return }
        termStart.reserveCapacity(equalities.count + 1)
        termLocal.reserveCapacity(equalities.count * 3)
        variables.reserveCapacity(equalities.count * 2)
        degree.reserveCapacity(equalities.count * 2)
        bounded.reserveCapacity(equalities.count * 2)
        termStart.append(0)
        for slot in equalities {
            for k in solver.termRange(Int(slot)) {
                let (index, isNew) = local.index(of: solver.termVariables[k])
                if isNew {
                    variables.append(solver.termVariables[k])
                    degree.append(0)
                    bounded.append(false)
                }
                degree[Int(index)] += 1
                termLocal.append(index)
            }
            termStart.append(Int32(termLocal.count))
        }
        for slot in others {
            let terms = solver.termRange(Int(slot))
            if terms.count == 1, let index = local.existingIndex(of: solver.termVariables[terms.lowerBound]) {
                bounded[Int(index)] = true
            }
        }
        eligible.reserveCapacity(variables.count)
        for v in variables {
            let record = solver.variableRecords[Int(v)]
            eligible.append(record.definition < 0 && record.editConstraint < 0 && solver.isOutsideTableau(v))
        }
        // Each variable's equalities, by counting then filling.
        userStart = [Int32](repeating: 0, count: variables.count + 1)
        for index in termLocal { userStart[Int(index) + 1] += 1 }
        for i in 0..<variables.count { userStart[i + 1] += userStart[i] }
        users = [Int32](repeating: 0, count: termLocal.count)
        var fill = Array(userStart.dropLast())
        for e in 0..<equalities.count {
            for t in Int(termStart[e])..<Int(termStart[e + 1]) {
                let index = Int(termLocal[t])
                users[Int(fill[index])] = Int32(e)
                fill[index] += 1
            }
        }
    }

    /// The depth of each local variable once `run` has peeled: 1 + the deepest of the other
    /// variables of its definition (0 when it has none).
    private var depths: [Int32] = []

    /// The deepest planned definition behind any variable of constraint `slot`, after `run`.
    func depth(of slot: Int32) -> Int {
        var deepest: Int32 = 0
        for k in solver.termRange(Int(slot)) {
            if let i = local.existingIndex(of: solver.termVariables[k]) { deepest = Swift.max(deepest, depths[Int(i)]) }
        }
        return Int(deepest)
    }

    /// Peels until no equality remains; returns the equalities left for the tableau.
    mutating func run() -> [Int32] {
        guard !equalities.isEmpty else { return [] }
        defer { measureDepths() }
        var initial: [UInt64] = []
        for i in 0..<variables.count where degree[i] == 1 && eligible[i] { initial.append(key(i)) }
        heap = MinHeap(initial)
        // Made at the first cycle (most batches have none).
        var byKey: [Int32] = []
        var position: [Int32: Int32] = [:]
        var nextStalled = 0
        var leftOver: [Int32] = []
        var remaining = equalities.count
        while remaining > 0 {
            if let key = heap.pop() {
                let i = Int(local.existingIndex(of: Int32(bitPattern: UInt32.max - UInt32(truncatingIfNeeded: key)))!)
                guard degree[i] == 1 else { continue }
                guard let e = remainingUser(of: i), let offset = subjectOffset(equality: e, local: i) else { continue }
                peeled.append((equalities[e], offset))
                remove(e)
                remaining -= 1
            } else {
                // A cycle: the first remaining equality in canonical order goes to the tableau.
                if byKey.isEmpty {
                    byKey = equalities
                    solver.sortCanonically(&byKey)
                    position.reserveCapacity(equalities.count)
                    for (e, slot) in equalities.enumerated() { position[slot] = Int32(e) }
                }
                while removed[Int(position[byKey[nextStalled]]!)] { nextStalled += 1 }
                let e = Int(position[byKey[nextStalled]]!)
                leftOver.append(equalities[e])
                remove(e)
                remaining -= 1
            }
        }
        return leftOver
    }

    /// Fills `depths`, walking the definitions in the order they will be added.
    private mutating func measureDepths() {
        depths = [Int32](repeating: 0, count: variables.count)
        for (slot, subject) in peeled.reversed() {
            let range = solver.termRange(Int(slot))
            var deepest: Int32 = 0
            for k in range where k != range.lowerBound + Int(subject) {
                if let i = local.existingIndex(of: solver.termVariables[k]) { deepest = Swift.max(deepest, depths[Int(i)]) }
            }
            depths[Int(local.existingIndex(of: solver.termVariables[range.lowerBound + Int(subject)])!)] = deepest + 1
        }
    }

    /// Unbounded variables first, then the newest.
    ///
    /// A variable that a constraint on it alone bounds or sizes (`h >= 44`, `h == 30 @250`: a
    /// content size, a minimum) is a size, and defined through a chain it would make that
    /// constraint's row walk the chain; the others (positions) go first. Constraints on several
    /// variables do not count: `icon.top >= section.top + p` cancels through the definitions of
    /// the two tops, wherever they are defined. Counted, a section's top (named by a handful of
    /// such inequalities) lost to the height of the section above it (one @49 hug): the link
    /// between them defined that height, and the top stayed in the tableau with a row over
    /// every height above it. Nor does the number of bounds count: ranked by it, when no
    /// unbounded candidate was left, the least-bounded size anywhere in the layout went next,
    /// far from where peeling was, with the same effect (random-screen at 10,000 views, with
    /// leaf-only materialization: 6.3 M cells with every constraint counted, 0.94 M with
    /// one-variable ones counted, 62 k now).
    ///
    /// Then the newest: local indices follow the variables' first mention, which depends on the
    /// caller's order, so the key carries the variable's own id. A layout makes a parent's
    /// variables before its children's, and the child's attribute is the one to define (a
    /// root's width, which an edit will drive, stays a free variable). Among bounded variables
    /// too: when no unbounded candidate is left, peeling goes on where it is, among the newest
    /// views, not at the least-bounded size anywhere in the layout.
    private func key(_ i: Int) -> UInt64 {
        (bounded[i] ? 1 << 32 : 0) | UInt64(UInt32.max - UInt32(bitPattern: variables[i]))
    }

    private mutating func push(_ i: Int) { heap.push(key(i)) }

    private func remainingUser(of i: Int) -> Int? {
        for u in Int(userStart[i])..<Int(userStart[i + 1]) where !removed[Int(users[u])] { return Int(users[u]) }
        return nil
    }

    /// The offset of local variable `i` among equality `e`'s terms, if it can be the subject.
    private func subjectOffset(equality e: Int, local i: Int) -> Int32? {
        for t in Int(termStart[e])..<Int(termStart[e + 1]) where Int(termLocal[t]) == i {
            let offset = t - Int(termStart[e])
            return solver.canDefine(equalities[e], subjectTerm: offset) ? Int32(offset) : nil
        }
        return nil
    }

    private mutating func remove(_ e: Int) {
        removed[e] = true
        for t in Int(termStart[e])..<Int(termStart[e + 1]) {
            let i = Int(termLocal[t])
            degree[i] -= 1
            if degree[i] == 1 && eligible[i] { push(i) }
        }
    }
}

/// Solver variable slots numbered 0, 1, 2… in the order first met: a dense table over every
/// variable when the batch is large next to the solver, a dictionary otherwise (so that a small
/// batch on a large solver costs what the batch holds).
private struct LocalNumbering {
    private var dense: [Int32] = []
    private var sparse: [Int32: Int32] = [:]
    private let isDense: Bool
    private var count: Int32 = 0

    init(variableCount: Int, expected: Int) {
        isDense = expected * 8 >= variableCount
        if isDense { dense = [Int32](repeating: -1, count: variableCount) }
    }

    /// The variable's local index, numbering it now if it has none.
    mutating func index(of v: Int32) -> (Int32, isNew: Bool) {
        if isDense {
            let known = dense[Int(v)]
            if known >= 0 { return (known, false) }
            dense[Int(v)] = count
        } else {
            if let known = sparse[v] { return (known, false) }
            sparse[v] = count
        }
        count += 1
        return (count - 1, true)
    }

    func existingIndex(of v: Int32) -> Int32? {
        if isDense {
            let known = dense[Int(v)]
            return known >= 0 ? known : nil
        }
        return sparse[v]
    }

    mutating func clear() {
        dense = []
        sparse = [:]
    }
}

/// A binary min-heap of keys (sift loops on the buffer: with array subscripts, each swap
/// checked the array's uniqueness, and popping cost about 500 instructions).
struct MinHeap {
    private var keys: [UInt64] = []

    /// Makes a heap of `keys` at once (O(n)).
    init(_ initial: [UInt64] = []) {
        keys = initial
        guard keys.count > 1 else { return }
        let count = keys.count
        keys.withUnsafeMutableBufferPointer { h in
            for i in stride(from: count / 2 - 1, through: 0, by: -1) { MinHeap.siftDown(h, from: i, count: count) }
        }
    }

    mutating func push(_ key: UInt64) {
        keys.append(key)
        keys.withUnsafeMutableBufferPointer { h in
            var i = h.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard h[i] < h[parent] else { break }
                h.swapAt(i, parent)
                i = parent
            }
        }
    }

    mutating func pop() -> UInt64? {
        guard let top = keys.first else { return nil }
        let last = keys.removeLast()
        if !keys.isEmpty {
            keys.withUnsafeMutableBufferPointer { h in
                h[0] = last
                MinHeap.siftDown(h, from: 0, count: h.count)
            }
        }
        return top
    }

    private static func siftDown(_ h: UnsafeMutableBufferPointer<UInt64>, from start: Int, count: Int) {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var smallest = i
            if l < count && h[l] < h[smallest] { smallest = l }
            if r < count && h[r] < h[smallest] { smallest = r }
            if smallest == i { return }
            h.swapAt(i, smallest)
            i = smallest
        }
    }
}
