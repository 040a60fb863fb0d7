/// Values of defined variables: every live definition evaluated after the tableau, in a
/// topological order (constants, then ids increasing).
extension Solver {
    // MARK: - Values

    /// Evaluates every live definition, in id order, into `values` (by variable slot), which
    /// must already hold the values of every other variable. `symbolValue` gives the dummies'
    /// values (0 unless basic); with `constants: false` the definitions' constants are left out
    /// (a direction rather than a point).
    func evaluateDefinitions(_ values: inout [Double], constants: Bool = true,
                             symbolValue: (Int32) -> Double) {
        guard definitions.liveCount > 0 else { return }
        copyDefinitionTerms()
        let constantIds = definitions.liveConstants()
        let store = definitions
        let first = store.firstLive, count = store.count
        // One pass over flat arrays: this runs on every update, over every definition.
        values.withUnsafeMutableBufferPointer { out in
        withDefinitionTerms { terms in
        store.isLive.withUnsafeBufferPointer { isLive in
        store.inverse.withUnsafeBufferPointer { inverse in
        store.subject.withUnsafeBufferPointer { subject in
            // Constants first (they may define what older definitions mention), then id order.
            func evaluate(_ id: Int) {
                var sum = constants ? store.constant[id] : 0
                let d = store.dummy[id]
                if d >= 0 { sum += symbolValue(d) }
                sum += terms.weightedSum(id, out)
                out[Int(subject[id])] = inverse[id] * sum
            }
            for id in constantIds { evaluate(Int(id)) }
            for id in first..<count where isLive[id] && !store.isConstant[id] { evaluate(id) }
        } } } } }
    }

    /// Writes the current solution for every variable slot into `values` (resized to the slot
    /// count; free slots get 0): tableau values first, then the definitions in id order.
    func writeCurrentValues(into values: inout [Double]) {
        let n = variableRecords.count
        if values.count != n { values = [Double](repeating: 0, count: n) }
        values.withUnsafeMutableBufferPointer { out in
        variableRecords.withUnsafeBufferPointer { records in
        tableau.rowOf.withUnsafeBufferPointer { rowOf in
        tableau.rowConst.withUnsafeBufferPointer { rowConst in
            for i in 0..<n {
                let s = records[i].symbol
                guard s >= 0 else { out[i] = 0; continue }
                let r = rowOf[Int(s)]
                out[i] = r >= 0 ? rowConst[Int(r)] : 0
            }
        } } } }
        evaluateDefinitions(&values) { tableau.value(ofSymbol: $0) }
    }

    @inline(__always)
    func markVariableChanged(_ slot: Int32) {
        if !variableChanged[Int(slot)] {
            variableChanged[Int(slot)] = true
            changedVariables.append(slot)
        }
    }

    /// `updateVariables` when only tracked changes happened: the variables whose tableau symbol
    /// changed (`Tableau.noteValueChange`), then, in id order, the definitions that mention a
    /// changed variable (or whose subject was marked: a constant changed or its dummy moved),
    /// whose subjects change in turn. Output-sensitive: the definitions come from the changed
    /// variables through `DefinitionUsers` and a worklist of ids, so the ones no change reaches
    /// are not visited.
    func publishChangedValues() {
        for s in tableau.changedSymbols {
            let si = Int(s)
            guard si < tableau.valueChanged.count else { continue }  // dropped by a rollback
            tableau.valueChanged[si] = false
            let owner = tableau.symOwner[si]
            if owner <= -2 {
                let slot = -2 - owner
                guard variableRecords[Int(slot)].symbol == s else { continue }
                if variableRecords[Int(slot)].definition < 0 { published[Int(slot)] = tableau.value(ofSymbol: s) }
                markVariableChanged(slot)
            } else if owner >= 0 && tableau.kind(s) == .external {
                // The dummy of a released definition (owned by its hidden record).
                let id = constraintRecords[Int(owner)].definition
                if id >= 0 { markVariableChanged(definitions.subject[Int(id)]) }
            }
        }
        tableau.changedSymbols.removeAll(keepingCapacity: true)
        guard !changedVariables.isEmpty else { return }
        // A variable marked by a definition change that is no longer defined (its definition
        // was removed or became a row) reads the tableau.
        for v in changedVariables where variableRecords[Int(v)].definition < 0 && variableRecords[Int(v)].symbol != -1 {
            let s = variableRecords[Int(v)].symbol
            published[Int(v)] = s >= 0 ? tableau.value(ofSymbol: s) : 0
        }
        if definitions.liveCount > 0 {
            if definitions.users.isBuilt && definitions.users.needsRebuild { buildDefinitionUsers() }
            copyDefinitionTerms()
            // After a publication that found most definitions dirty (a chain moved as a whole),
            // the flag scan goes first even where the index is built (for moves, say): the
            // worklist then only adds its own cost (the chain at 10,000 added bottom-up,
            // 269 M → 351 M instructions in its 100 resizes with the worklist).
            let useIndex = definitions.users.isBuilt && !definitions.users.lastWasDense
            // The flags, values and worklist are moved out of `self` for the loop, so that it
            // runs over plain buffers (the worklist before `store` shares the store's arrays).
            // Without the index there is no worklist (no memory for it either).
            var queued = definitions.users.queued
            definitions.users.queued = []
            let words = (definitions.count + 63) >> 6
            if useIndex && queued.count < words { queued.append(contentsOf: repeatElement(0, count: words - queued.count)) }
            var changed = variableChanged
            var values = published
            var newlyChanged = changedVariables
            variableChanged = []
            published = []
            changedVariables = []
            let constants = definitions.liveConstants()
            let store = definitions
            let users = store.users
            let first = store.firstLive, count = store.count
            let marked = newlyChanged.count
            var lowWord = words, highWord = -1
            queued.withUnsafeMutableBufferPointer { queued in
            changed.withUnsafeMutableBufferPointer { changed in
            values.withUnsafeMutableBufferPointer { out in
            variableRecords.withUnsafeBufferPointer { variableRecords in
            tableau.rowOf.withUnsafeBufferPointer { rowOf in
            tableau.rowConst.withUnsafeBufferPointer { rowConst in
            store.isLive.withUnsafeBufferPointer { isLive in
            store.isConstant.withUnsafeBufferPointer { isConstant in
            store.subject.withUnsafeBufferPointer { subject in
            store.inverse.withUnsafeBufferPointer { inverse in
            withDefinitionTerms { terms in
            store.constant.withUnsafeBufferPointer { definitionConstant in
            store.dummy.withUnsafeBufferPointer { dummy in
            users.head.withUnsafeBufferPointer { head in
            users.definition.withUnsafeBufferPointer { entryDefinition in
            users.next.withUnsafeBufferPointer { next in
                @inline(__always) func push(_ id: Int) {
                    let w = id >> 6
                    queued[w] |= 1 &<< UInt64(id & 63)
                    if w < lowWord { lowWord = w }
                    if w > highWord { highWord = w }
                }
                // Queues the definitions that mention `v`, newer than `after` (a definition
                // mentions only older ones, but for constants, which are not queued).
                func pushUsers(of v: Int, after: Int) {
                    guard v < head.count else { return }
                    let h = head[v]
                    guard h >= 0 else { return }
                    var e = Int(h)
                    repeat {
                        let id = Int(entryDefinition[e])
                        if id > after { push(id) }
                        e = Int(next[e])
                    } while e != Int(h)
                }
                func evaluate(_ id: Int) {
                    let x = Int(subject[id])
                    var sum = definitionConstant[id]
                    let d = Int(dummy[id])
                    if d >= 0 && rowOf[d] >= 0 { sum += rowConst[Int(rowOf[d])] }
                    sum += terms.weightedSum(id, out)
                    out[x] = inverse[id] * sum
                    if !changed[x] {
                        changed[x] = true
                        newlyChanged.append(Int32(x))
                        if useIndex { pushUsers(of: x, after: id) }
                    }
                }
                // The flag scan: the definitions from `from` on, each evaluated if its subject or
                // a term is marked (the definitions before it are done).
                func scan(from: Int) {
                    for id in from..<count where isLive[id] && !isConstant[id] {
                        let x = Int(subject[id])
                        if changed[x] || terms.mentionsChanged(id, changed) { evaluate(id) }
                    }
                }
                // Seeds: the definitions of the marked variables and those mentioning them.
                if useIndex {
                    for k in 0..<marked {
                        let v = Int(newlyChanged[k])
                        let id = Int(variableRecords[v].definition)
                        if id >= 0 && !isConstant[id] { push(id) }
                        pushUsers(of: v, after: -1)
                    }
                }
                // Constants first (they may define what older definitions mention; they have no
                // other term, so only a marked subject makes one dirty), then the others in id
                // order: each one queued is dirty, and queues only newer ones. Where most of the
                // ids passed were dirty (a chain moving as a whole), the flag scan is cheaper than
                // the worklist, and takes over: both evaluate the same definitions, in order.
                for id in constants where changed[Int(subject[Int(id)])] { evaluate(Int(id)) }
                guard useIndex else {
                    scan(from: first)
                    return
                }
                var w = lowWord
                while w <= highWord {
                    while true {
                        let word = queued[w]
                        if word == 0 { break }
                        queued[w] = word & (word &- 1)
                        evaluate(w << 6 | word.trailingZeroBitCount)
                    }
                    w += 1
                    // The subjects newly changed: one per definition evaluated, but for those
                    // whose subject was marked already.
                    if 2 * (newlyChanged.count - marked) > (w - lowWord) << 6 && w <= highWord {
                        for rest in w...highWord { queued[rest] = 0 }
                        scan(from: w << 6)
                        // The scan evaluated what its own evaluations queued (newer ids, in
                        // words from w on): left behind, they were evaluated again by the next
                        // publication, and reported changed though their values were not.
                        for rest in w...highWord { queued[rest] = 0 }
                        break
                    }
                }
            } } } } } } } } } } } } } } } }
            definitions.users.queued = queued
            changedVariables = newlyChanged
            variableChanged = changed
            published = values
            // A flag scan that found few definitions dirty (a change in one part of a large
            // layout): the next publications go through the index.
            let dense = 2 * changedVariables.count >= definitions.liveCount
            if !definitions.users.isBuilt && !dense { buildDefinitionUsers() }
            definitions.users.lastWasDense = dense
        }
        recordChangedVariables()
        for v in changedVariables { variableChanged[Int(v)] = false }
        changedVariables.removeAll(keepingCapacity: true)
    }

    /// The current solution for every variable slot (free slots hold 0).
    func currentValues() -> [Double] {
        var values: [Double] = []
        writeCurrentValues(into: &values)
        return values
    }

    /// Fills the accumulator with `sign · v`, expanded over the tableau's parametric symbols, and
    /// moves it into the scratch cells. Returns the cell count and the constant.
    func expansionIntoScratch(variable v: Int32, sign: Double) -> (count: Int, constant: Double) {
        let constant = accumulateExpanded(variable: v, sign)
        let n = tableau.gatherAccumulator(sign: 1)
        return (n, constant)
    }
}

/// A definition's terms (its subject's left out), read from the store's copy in id order where
/// it has one (`DefinitionStore.termStart`), else from its constraint: the buffers of one
/// publication or evaluation.
struct DefinitionTerms {
    let copied: Int
    let copiedStart: UnsafeBufferPointer<Int32>
    let copiedCount: UnsafeBufferPointer<Int32>
    let copiedVariable: UnsafeBufferPointer<Int32>
    let copiedCoefficient: UnsafeBufferPointer<Double>
    let records: UnsafeBufferPointer<Solver.ConstraintRecord>
    let owner: UnsafeBufferPointer<Int32>
    let subjectTerm: UnsafeBufferPointer<Int32>
    let poolVariable: UnsafeBufferPointer<Int32>
    let poolCoefficient: UnsafeBufferPointer<Double>

    /// Σ coefficient · value over definition `id`'s terms.
    @inline(__always)
    func weightedSum(_ id: Int, _ values: UnsafeMutableBufferPointer<Double>) -> Double {
        var sum = 0.0
        if id < copied {
            let start = Int(copiedStart[id])
            for k in start..<(start + Int(copiedCount[id])) {
                sum += copiedCoefficient[k] * values[Int(copiedVariable[k])]
            }
        } else {
            let record = records[Int(owner[id])]
            let start = Int(record.termStart)
            let skip = start + Int(subjectTerm[id])
            for k in start..<(start + Int(record.termCount)) where k != skip {
                sum += poolCoefficient[k] * values[Int(poolVariable[k])]
            }
        }
        return sum
    }

    /// Whether a term of definition `id` names a variable flagged in `changed`.
    @inline(__always)
    func mentionsChanged(_ id: Int, _ changed: UnsafeMutableBufferPointer<Bool>) -> Bool {
        if id < copied {
            let start = Int(copiedStart[id])
            for k in start..<(start + Int(copiedCount[id])) where changed[Int(copiedVariable[k])] { return true }
        } else {
            let record = records[Int(owner[id])]
            let start = Int(record.termStart)
            for k in start..<(start + Int(record.termCount)) where changed[Int(poolVariable[k])] { return true }
        }
        return false
    }
}

extension Solver {
    /// Runs `body` over the definitions' terms (`DefinitionTerms`), through one set of buffers.
    func withDefinitionTerms<R>(_ body: (DefinitionTerms) -> R) -> R {
        let store = definitions
        return store.termStart.withUnsafeBufferPointer { copiedStart in
        store.termCount.withUnsafeBufferPointer { copiedCount in
        store.termVariable.withUnsafeBufferPointer { copiedVariable in
        store.termCoefficient.withUnsafeBufferPointer { copiedCoefficient in
        constraintRecords.withUnsafeBufferPointer { records in
        store.owner.withUnsafeBufferPointer { owner in
        store.subjectTerm.withUnsafeBufferPointer { subjectTerm in
        termVariables.withUnsafeBufferPointer { poolVariable in
        termCoefficients.withUnsafeBufferPointer { poolCoefficient in
            body(DefinitionTerms(copied: store.copiedTerms, copiedStart: copiedStart, copiedCount: copiedCount,
                                 copiedVariable: copiedVariable, copiedCoefficient: copiedCoefficient,
                                 records: records, owner: owner, subjectTerm: subjectTerm,
                                 poolVariable: poolVariable, poolCoefficient: poolCoefficient))
        } } } } } } } } }
    }
}
