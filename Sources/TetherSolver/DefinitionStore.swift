/// Required equalities kept outside the tableau as definitions `x := Σ cᵢ·vᵢ + c_d·d + k`
/// (tableau-design.md §B3.12 (3): definition elimination).
///
/// Why: in Cassowary's dictionary form every basic variable is written over the parametric
/// symbols, so a chain of required equalities (views stacked one below the other) gives row i the
/// dummy markers of all i equalities above it: Θ(n²) cells and time. A required equality whose
/// subject `x` is *fresh* — in no tableau row, in no other definition, not defined itself — needs
/// no substitution at all, so it is kept here instead, as a node of a DAG, and `x` is evaluated
/// after the tableau, in definition order. Layouts built from such equalities (stacks, chains,
/// views pinned to their neighbours) then cost O(n) in time and memory.
///
/// The dummy `d` is the constraint's marker, allocated in the tableau as for any required
/// equality: when a tableau constraint mentions a defined variable, the definition is expanded
/// with `d` in it, so the tableau still knows which constraints it depends on (constant changes,
/// conflict certificates, removal) exactly as if the definition were a row.
///
/// Definitions only ever reference older definitions (a subject is fresh when it is defined, so
/// nothing references it yet): ids increase in topological order, which is the evaluation order
/// and the order expansions walk backwards. Storage is struct-of-arrays with one pool of terms.
struct DefinitionStore {
    /// Per definition id (never reused until the store is reset).
    var subject: [Int32] = []        // variable slot
    var owner: [Int32] = []          // constraint slot
    var termStart: [Int32] = []
    var termCount: [Int32] = []
    var constant: [Double] = []
    var dummy: [Int32] = []          // tableau symbol (the constraint's marker)
    var dummyCoefficient: [Double] = []
    var isLive: [Bool] = []
    var liveCount = 0
    /// Live definitions with the smallest id at or after this (evaluation starts here).
    var firstLive = 0

    /// The term pool: variable slots and coefficients.
    var termVariable: [Int32] = []
    var termCoefficient: [Double] = []

    /// Scratch of an expansion (a max-heap of definition ids with their pending coefficients).
    var heap: [Int32] = []
    var pending: [Double] = []
    var queued: [Bool] = []

    /// Changes made inside an open transaction, undone in reverse on rollback.
    enum Change { case created(Int32), materialized(Int32) }
    var log: [Change] = []

    var count: Int { subject.count }

    /// Appends a definition of variable `x` held by constraint `owner`: the constraint's terms
    /// other than the subject's (index `subjectIndex`) divided by `-a` (the subject's
    /// coefficient), its constant likewise, and its dummy `d` with coefficient `-1/a`.
    mutating func append(subject x: Int32, owner: Int32, terms: [Solver.TermRecord], subjectIndex: Int,
                         constant k: Double, dummy d: Int32) -> Int32 {
        let id = Int32(subject.count)
        let scale = -1 / terms[subjectIndex].coefficient
        subject.append(x)
        self.owner.append(owner)
        termStart.append(Int32(termVariable.count))
        var n: Int32 = 0
        for (i, term) in terms.enumerated() where i != subjectIndex {
            let c = term.coefficient * scale
            if c == 0 { continue }
            termVariable.append(term.variable)
            termCoefficient.append(c)
            n += 1
        }
        termCount.append(n)
        constant.append(k * scale)
        dummy.append(d)
        dummyCoefficient.append(scale)
        isLive.append(false)  // `Solver.linkDefinition` puts it in force
        pending.append(0)
        queued.append(false)
        return id
    }

    /// Drops the most recent definition entirely (rollback of its creation).
    mutating func removeLast() {
        let id = subject.count - 1
        if isLive[id] { liveCount -= 1 }
        termVariable.removeLast(Int(termCount[id]))
        termCoefficient.removeLast(Int(termCount[id]))
        subject.removeLast(); owner.removeLast(); termStart.removeLast(); termCount.removeLast()
        constant.removeLast(); dummy.removeLast(); dummyCoefficient.removeLast(); isLive.removeLast()
        pending.removeLast(); queued.removeLast()
        firstLive = Swift.min(firstLive, subject.count)
    }

    mutating func setLive(_ id: Int32, _ live: Bool) {
        guard isLive[Int(id)] != live else { return }
        isLive[Int(id)] = live
        liveCount += live ? 1 : -1
        if live {
            firstLive = Swift.min(firstLive, Int(id))
        } else {
            while firstLive < subject.count && !isLive[firstLive] { firstLive += 1 }
        }
    }

    @inline(__always) func terms(_ id: Int32) -> Range<Int> {
        let start = Int(termStart[Int(id)])
        return start..<(start + Int(termCount[Int(id)]))
    }

    // MARK: - The expansion heap

    /// Adds `coefficient` to definition `id`'s pending coefficient, queueing it once.
    @inline(__always)
    mutating func push(_ id: Int32, _ coefficient: Double) {
        pending[Int(id)] += coefficient
        if queued[Int(id)] { return }
        queued[Int(id)] = true
        heap.append(id)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            if heap[parent] >= heap[i] { break }
            heap.swapAt(parent, i)
            i = parent
        }
    }

    /// The queued definition with the largest id and its pending coefficient.
    mutating func popLargest() -> (id: Int32, coefficient: Double)? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            let n = heap.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < n && heap[l] > heap[m] { m = l }
                if r < n && heap[r] > heap[m] { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        let c = pending[Int(top)]
        pending[Int(top)] = 0
        queued[Int(top)] = false
        return (top, c)
    }
}
