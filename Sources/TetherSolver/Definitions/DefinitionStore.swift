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
/// A tableau constraint that mentions a defined variable turns that definition into the row it
/// stands for (materializes it: its dummy is then the constraint's marker, as for any required
/// equality), so that later mentions substitute the row instead of walking the DAG again and the
/// variable's value is read off the tableau. Below the mentioned variables, the constraint is
/// written through the definitions it reaches (expanded), and its row holds none of their
/// dummies: which constraint reached which definition, and with what coefficient, is kept in
/// `DefinitionReach`, from which a dummy's column is computed when it is needed. A definition
/// some constraint reached that way stays a definition (materializing it would mean writing its
/// dummy's column into every row that went through it).
///
/// The dummy `d` stays 0 while the definition is a constraint. Removing a definition that a
/// tableau constraint reached *releases* it: `d` becomes a free tableau symbol (its column
/// written out, as the removed constraint's marker would be in plain Cassowary) and the node
/// stays, as `x := Σ cᵢ·vᵢ + k + d` with nothing holding `d`, so nothing that was expanded
/// through it changes. Re-adding the same equality then cancels against the node in the
/// expansion, and costs O(1) instead of rewriting every row that went through it. A released
/// node keeps its own copy of its terms (a hidden constraint record: the user's constraint may be
/// freed or changed); released nodes vanish when the tableau is rebuilt.
///
/// Definitions only ever reference older definitions (a subject is fresh when it is defined, so
/// nothing references it yet, or the definitions that reference it are made again after it:
/// `Solver+DefinitionOrder.swift`) or constant ones (`x == k`, which may define a variable older
/// definitions mention, as when a stack is built bottom-up): constants first, then ids in
/// increasing order, is a topological order, the evaluation order; expansions walk ids backwards
/// (a constant reached out of order is only expanded twice, which linearity allows). Storage is
/// struct-of-arrays; the terms are read from the constraint term pool (`Solver.termVariables`)
/// but where values are published, which reads a copy kept here in id order (`termStart`).
struct DefinitionStore {
    /// Each definition's terms but its subject's, copied here in id order (its constraint's own
    /// terms lie in the constraint pool in the order constraints were added). Publishing values
    /// evaluates definitions in id order: read through the constraints, a shuffled chain's terms
    /// were a cache miss each, and its resizes took 10× the natural order's (100,000 links:
    /// 23.8 ms against 2.3 ms). Filled for ids `0..<copiedTerms` by `Solver.copyDefinitionTerms`
    /// when values are published again over the same definitions (a definition's terms never
    /// change), not when definitions are made or moved: copying them there cost a shuffled stack
    /// 17% more instructions to build. Ids from `copiedTerms` on read their constraint's terms.
    var termStart: [Int32] = []
    var termCount: [Int32] = []
    var termVariable: [Int32] = []
    var termCoefficient: [Double] = []
    var copiedTerms = 0
    var countAtLastPublication = -1
    /// Each definition's constraint constant, for the same reason (`Solver.setRecordConstant`
    /// keeps it).
    var constant: [Double] = []
    /// Per definition id (never reused until the store is reset). A definition reads its terms
    /// from its constraint (`owner`; its constant too, kept in step in `constant`), skipping the subject's term (`subjectTerm`,
    /// an offset into the constraint's terms): `x = inverse · (Σᵢ≠ₓ aᵢ·vᵢ + k + d)` with
    /// `inverse = −1/aₓ`. The dummy `d` has a tableau symbol only once the definition is
    /// released (-1 until then).
    var subject: [Int32] = []        // variable slot
    var owner: [Int32] = []          // constraint slot
    var subjectTerm: [Int32] = []
    var inverse: [Double] = []
    var dummy: [Int32] = []          // tableau symbol, or -1
    var isLive: [Bool] = []
    /// Released: no longer a constraint, its dummy a free tableau symbol (see above).
    var isReleased: [Bool] = []
    var releasedCount = 0
    /// A definition by a constant (`x == k`, no other variable): it may define a variable that
    /// older definitions already mention, so constants are evaluated before everything else.
    var isConstant: [Bool] = []
    /// The ids of constant definitions (some may no longer be live: `liveConstants` drops them),
    /// so that evaluating them first does not take a pass over every definition.
    var constantIds: [Int32] = []
    /// Whether a definition's id is in `constantIds` (so that listing is O(1)).
    var isListed: [Bool] = []
    var liveCount = 0
    /// Live definitions have ids at or after this (evaluation starts here).
    var firstLive = 0

    /// Scratch of an expansion: a max-heap of (definition id, coefficient) entries. A definition
    /// reached along several paths has several entries, which sit together at the top when its
    /// turn comes and are summed then (no per-definition scratch array).
    var heapIds: [Int32] = []
    var heapCoefficients: [Double] = []

    /// How many more definitions may be moved (`Solver.moveBudgetPerDefinition`). Not rolled
    /// back: it only bounds the work.
    var moveBudget = 0
    /// Definitions moved so far (for the tests and the benchmarks).
    var moves = 0

    /// Per definition id: the walk that last visited it (`visit`).
    var visitMark: [UInt32] = []
    var visitStamp: UInt32 = 0

    /// Which definitions mention each variable (built on demand: see `DefinitionUsers`).
    var users = DefinitionUsers()

    /// Changes made inside an open transaction, undone in reverse on rollback.
    /// `reached`: constraint slot whose `DefinitionReach` entries were made; `symbolMade`:
    /// variable slot that got its tableau symbol.
    /// `moved`: a definition made again with a newer id (`Solver.moveAfterNewest`).
    enum Change { case created(Int32), materialized(Int32), reached(Int32), symbolMade(Int32), moved(from: Int32, to: Int32) }
    var log: [Change] = []

    var count: Int { subject.count }

    /// Whether the budget of moves pays for building the users index, which only moves need
    /// (`Solver.definitionSubject` builds it only then; a renumbering keeps it only then).
    var budgetBuildsUsersIndex: Bool { moveBudget >= liveCount / 4 }

    /// Appends a definition of variable `x` by constraint `owner`'s term `subjectTerm`, whose
    /// coefficient is `a`. It is not in force until `Solver.linkDefinition`.
    mutating func append(subject x: Int32, owner: Int32, subjectTerm: Int32, coefficient a: Double,
                         isConstant: Bool, constant k: Double) -> Int32 {
        let id = Int32(subject.count)
        constant.append(k)
        subject.append(x)
        self.owner.append(owner)
        self.subjectTerm.append(subjectTerm)
        inverse.append(-1 / a)
        dummy.append(-1)
        isLive.append(false)
        isReleased.append(false)
        self.isConstant.append(isConstant)
        isListed.append(false)
        return id
    }

    /// Appends a copy of each definition of `ids` in that order (its subject, constraint and
    /// subject term: the same definition under a newer id), not in force until linked, and returns the id of the first copy. One pass per array: a move copies
    /// about 25 definitions per link in a shuffled chain, and nine appends per copy, each
    /// checking its array's uniqueness and capacity, were 320 instructions of a move's 1,260.
    mutating func appendCopies(of ids: [Int32]) -> Int32 {
        let first = subject.count
        Self.appendCopies(&subject, ids)
        Self.appendCopies(&owner, ids)
        Self.appendCopies(&subjectTerm, ids)
        Self.appendCopies(&inverse, ids)
        Self.appendCopies(&constant, ids)
        Self.appendCopies(&isConstant, ids)
        dummy.append(contentsOf: repeatElement(-1, count: ids.count))
        isLive.append(contentsOf: repeatElement(false, count: ids.count))
        isReleased.append(contentsOf: repeatElement(false, count: ids.count))
        isListed.append(contentsOf: repeatElement(false, count: ids.count))
        return Int32(first)
    }

    /// Appends `array[id]` for each id of `ids`: one growth, then copies in place.
    private static func appendCopies<T>(_ array: inout [T], _ ids: [Int32]) {
        guard let filler = array.first else { return }
        let start = array.count
        array.append(contentsOf: repeatElement(filler, count: ids.count))
        array.withUnsafeMutableBufferPointer { p in
            for (k, id) in ids.enumerated() { p[start + k] = p[Int(id)] }
        }
    }

    /// Keeps the definitions `newId` gives an id (`count` of them, numbered in their order)
    /// and drops the others (`Solver.compactDefinitions`); the log must be empty. The users
    /// index is renumbered with them where the next move would build it again anyway (built
    /// for moves, with budget enough to build it: `Solver.definitionSubject`), and dropped
    /// otherwise, to be built again when it is next needed: while it is not built, a
    /// definition moves only if the budget is large, which is what brakes moves late in a
    /// shuffled build.
    mutating func keep(renumbered newId: [Int32], count live: Int) {
        precondition(log.isEmpty && heapIds.isEmpty, "renumbered only between operations")
        // In place, through one buffer per array: ids only decrease, so each kept element moves
        // down over a dropped one (a copy appended element by element cost 8 instructions an
        // element, 39 M of the shuffled chain's 389 M at 10,000).
        func keep<T>(_ array: inout [T]) {
            array.withUnsafeMutableBufferPointer { p in
                newId.withUnsafeBufferPointer { ids in
                    for id in 0..<p.count where ids[id] >= 0 { p[Int(ids[id])] = p[id] }
                }
            }
            array.removeLast(array.count - live)
        }
        // The copied terms are copied again, in the new id order, at the next publication.
        termStart = []; termCount = []; termVariable = []; termCoefficient = []
        copiedTerms = 0
        keep(&constant)
        keep(&subject); keep(&owner); keep(&subjectTerm)
        keep(&inverse); keep(&dummy); keep(&isLive)
        keep(&isReleased); keep(&isConstant)
        constantIds = constantIds.compactMap { newId[Int($0)] >= 0 ? newId[Int($0)] : nil }
        isListed = [Bool](repeating: false, count: live)
        for id in constantIds { isListed[Int(id)] = true }
        firstLive = 0
        visitMark = []
        visitStamp = 0
        if !(users.isBuilt && users.builtForMoves && budgetBuildsUsersIndex && users.renumber(newId, count: live)) {
            users = DefinitionUsers()
        }
    }

    // MARK: - Visit marks (a walk over definitions that sees each once)

    /// Starts a walk: no definition is visited yet.
    mutating func beginVisit() {
        if visitStamp == UInt32.max {
            visitStamp = 0
            for i in visitMark.indices { visitMark[i] = 0 }
        }
        visitStamp += 1
    }

    /// Marks definition `id` visited in this walk; false if it already was.
    @inline(__always)
    mutating func visit(_ id: Int32) -> Bool {
        if Int(id) >= visitMark.count {
            visitMark.append(contentsOf: repeatElement(0, count: Swift.max(Int(id) + 1, 2 * visitMark.count) - visitMark.count))
        }
        guard visitMark[Int(id)] != visitStamp else { return false }
        visitMark[Int(id)] = visitStamp
        return true
    }

    /// Drops the most recent definition entirely (rollback of its creation).
    mutating func removeLast() {
        if isLive[subject.count - 1] { liveCount -= 1 }
        let id = Int32(subject.count - 1)
        if isListed[Int(id)] {
            if constantIds.last == id { constantIds.removeLast() } else { constantIds.removeAll { $0 == id } }
        }
        isListed.removeLast()
        if Int(id) < copiedTerms {
            termVariable.removeSubrange(Int(termStart[Int(id)])...)
            termCoefficient.removeSubrange(Int(termStart[Int(id)])...)
            termStart.removeLast(); termCount.removeLast()
            copiedTerms = Int(id)
        }
        constant.removeLast()
        subject.removeLast(); owner.removeLast(); subjectTerm.removeLast(); inverse.removeLast()
        dummy.removeLast(); isLive.removeLast(); isReleased.removeLast(); isConstant.removeLast()
        firstLive = Swift.min(firstLive, subject.count)
    }

    /// The live constant definitions, dropping dead ids from `constantIds` on the way. A
    /// definition that is made live again (a rollback of its materialization) is re-listed by
    /// `setLive`.
    mutating func liveConstants() -> [Int32] {
        var kept = 0
        for k in constantIds.indices {
            let id = constantIds[k]
            if isLive[Int(id)] {
                constantIds[kept] = id
                kept += 1
            } else {
                isListed[Int(id)] = false
            }
        }
        constantIds.removeSubrange(kept...)
        return constantIds
    }

    mutating func setLive(_ id: Int32, _ live: Bool) {
        guard isLive[Int(id)] != live else { return }
        isLive[Int(id)] = live
        liveCount += live ? 1 : -1
        if live {
            firstLive = Swift.min(firstLive, Int(id))
            if isConstant[Int(id)] && !isListed[Int(id)] {
                isListed[Int(id)] = true
                constantIds.append(id)
            }
        } else {
            while firstLive < subject.count && !isLive[firstLive] { firstLive += 1 }
        }
    }

    /// `setLive(olds[k], false)` and `setLive(first + k, true)` for each k (a run of moves,
    /// `Solver.moveAfterNewest`, or one rolled back), the flags written through one buffer.
    mutating func moveLiveness(from olds: [Int32], toFirst first: Int32) {
        var delta = 0
        isLive.withUnsafeMutableBufferPointer { live in
            for (k, old) in olds.enumerated() {
                if live[Int(old)] { live[Int(old)] = false; delta -= 1 }
                let id = Int(first) + k
                if !live[id] { live[id] = true; delta += 1 }
            }
        }
        liveCount += delta
        for k in olds.indices {
            let id = Int(first) + k
            if isConstant[id] && !isListed[id] {
                isListed[id] = true
                constantIds.append(Int32(id))
            }
        }
        firstLive = Swift.min(firstLive, Int(first))
        while firstLive < subject.count && !isLive[firstLive] { firstLive += 1 }
    }

    // MARK: - The expansion heap

    /// Queues `coefficient` for definition `id`.
    @inline(__always)
    mutating func push(_ id: Int32, _ coefficient: Double) {
        heapIds.append(id)
        heapCoefficients.append(coefficient)
        var i = heapIds.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            if heapIds[parent] >= heapIds[i] { break }
            heapIds.swapAt(parent, i)
            heapCoefficients.swapAt(parent, i)
            i = parent
        }
    }

    /// Removes the heap's top entry.
    private mutating func removeTop() {
        let lastId = heapIds.removeLast()
        let lastCoefficient = heapCoefficients.removeLast()
        guard !heapIds.isEmpty else { return }
        heapIds[0] = lastId
        heapCoefficients[0] = lastCoefficient
        var i = 0
        let n = heapIds.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < n && heapIds[l] > heapIds[m] { m = l }
            if r < n && heapIds[r] > heapIds[m] { m = r }
            if m == i { break }
            heapIds.swapAt(i, m)
            heapCoefficients.swapAt(i, m)
            i = m
        }
    }

    /// The queued definition with the largest id and the sum of its queued coefficients.
    mutating func popLargest() -> (id: Int32, coefficient: Double)? {
        guard let top = heapIds.first else { return nil }
        var sum = 0.0
        while let id = heapIds.first, id == top {
            sum += heapCoefficients[0]
            removeTop()
        }
        return (top, sum)
    }
}
