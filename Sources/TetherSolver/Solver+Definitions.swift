/// Definitions: required equalities kept outside the tableau (see `DefinitionStore` for why).
///
/// Life of a definition:
/// - made by `addToTableau` when a required equality has a fresh variable (`freshSubject`);
/// - expanded into a tableau row when a tableau constraint first mentions its subject
///   (`materialize`): from then on it is an ordinary row, with the same dummy marker, exactly the
///   row the tableau would have held, so everything downstream of the tableau is unchanged;
/// - removed by `removeDefinition`: without a trace in the tableau (no row holds its dummy) it is
///   simply dropped and its subject becomes free (0, as for any undetermined variable); otherwise
///   it is materialized first and removed like any row;
/// - evaluated after the tableau, in id order, by `updateVariables` and `currentValues`.
extension Solver {
    // MARK: - Transactions over the tableau and the definitions

    func beginTransaction() {
        tableau.beginTransaction()
        definitions.log.removeAll(keepingCapacity: true)
    }

    func commitTransaction() {
        tableau.commitTransaction()
        definitions.log.removeAll(keepingCapacity: true)
    }

    /// Undoes the tableau (its journal) and every definition made or materialized since
    /// `beginTransaction`.
    func rollbackTransaction() {
        tableau.rollbackTransaction()
        while let change = definitions.log.popLast() {
            switch change {
            case .created(let id):
                unlinkDefinition(id)
                precondition(Int(id) == definitions.count - 1, "definitions roll back newest first")
                definitions.removeLast()
            case .materialized(let id):
                linkDefinition(id)
            case .dummyAllocated(let id):
                // The tableau's rollback freed the symbol.
                definitions.dummy[Int(id)] = -1
                constraintRecords[Int(definitions.owner[Int(id)])].marker = -1
            }
        }
    }

    /// Marks definition `id` as in force: its subject is defined by it and its terms count it
    /// as a reference.
    private func linkDefinition(_ id: Int32) {
        definitions.setLive(id, true)
        let x = Int(definitions.subject[Int(id)])
        markVariableChanged(Int32(x))
        variableRecords[x].definition = id
        constraintRecords[Int(definitions.owner[Int(id)])].definition = id
        forEachTerm(of: id) { v, _ in variableRecords[Int(v)].definitionReferences += 1 }
    }

    /// The opposite of `linkDefinition`.
    private func unlinkDefinition(_ id: Int32) {
        definitions.setLive(id, false)
        let x = Int(definitions.subject[Int(id)])
        markVariableChanged(Int32(x))
        if variableRecords[x].definition == id { variableRecords[x].definition = -1 }
        let owner = Int(definitions.owner[Int(id)])
        if constraintRecords[owner].definition == id { constraintRecords[owner].definition = -1 }
        forEachTerm(of: id) { v, _ in variableRecords[Int(v)].definitionReferences -= 1 }
    }

    /// Calls `body(variable, coefficient)` for each term of definition `id`: the owner
    /// constraint's terms but the subject's, times the definition's inverse.
    @inline(__always)
    func forEachTerm(of id: Int32, _ body: (Int32, Double) -> Void) {
        let range = termRange(Int(definitions.owner[Int(id)]))
        let skip = range.lowerBound + Int(definitions.subjectTerm[Int(id)])
        let inverse = definitions.inverse[Int(id)]
        for k in range where k != skip {
            let c = termCoefficients[k] * inverse
            if c != 0 { body(termVariables[k], c) }
        }
    }

    /// The definition's constant: its constraint's, times the inverse.
    @inline(__always)
    func definitionConstant(_ id: Int32) -> Double {
        constraintRecords[Int(definitions.owner[Int(id)])].constant * definitions.inverse[Int(id)]
    }

    /// The definition's dummy, allocated now if it has none (it becomes the constraint's marker).
    func ensureDummy(_ id: Int32) -> Int32 {
        let d = definitions.dummy[Int(id)]
        if d >= 0 { return d }
        let owner = definitions.owner[Int(id)]
        let made = tableau.allocSymbol(.dummy, owner: owner)
        definitions.dummy[Int(id)] = made
        constraintRecords[Int(owner)].marker = made
        if tableau.journal.isActive { definitions.log.append(.dummyAllocated(id)) }
        return made
    }

    // MARK: - Making a definition

    /// The offset (in constraint `slot`'s terms) of a variable the required equality can define
    /// without touching the tableau: in no row and no column, in no definition, not an edit
    /// variable, with a coefficient the others can be divided by without overflow. The first in
    /// term order.
    func freshSubject(_ slot: Int32) -> Int? {
        let record = constraintRecords[Int(slot)]
        guard eliminatesDefinitions, record.isRequired, record.relation == .equal, !record.isEdit else { return nil }
        let range = termRange(Int(slot))
        var largest = Swift.abs(record.constant)
        for k in range { largest = Swift.max(largest, Swift.abs(termCoefficients[k])) }
        guard largest.isFinite else { return nil }
        for k in range {
            let a = Swift.abs(termCoefficients[k])
            guard a > 0, largest < a * Double.greatestFiniteMagnitude else { continue }
            let v = variableRecords[Int(termVariables[k])]
            let s = Int(v.symbol)
            // Mentioned by definitions already: only by a constant (`x == k`), evaluated first.
            let unreferenced = v.definitionReferences == 0 || range.count == 1
            if v.definition < 0 && unreferenced && v.editConstraint < 0
                && tableau.rowOf[s] < 0 && tableau.colLen[s] == 0 && tableau.objLen[s] == 0 {
                return k - range.lowerBound
            }
        }
        return nil
    }

    /// Adds constraint `slot` as a definition of its term `subjectTerm`:
    /// `Σ aᵢ·vᵢ + k + d = 0` solved for the subject.
    func define(_ slot: Int32, subjectTerm: Int) {
        let k = termRange(Int(slot)).lowerBound + subjectTerm
        let id = definitions.append(subject: termVariables[k], owner: slot, subjectTerm: Int32(subjectTerm),
                                    coefficient: termCoefficients[k],
                                    isConstant: constraintRecords[Int(slot)].termCount == 1)
        linkDefinition(id)
        if tableau.journal.isActive { definitions.log.append(.created(id)) }
        constraintRecords[Int(slot)].marker = -1  // the dummy, once needed (ensureDummy)
        constraintRecords[Int(slot)].other = -1
        constraintRecords[Int(slot)].markerSign = 1
        constraintRecords[Int(slot)].isAdded = true
    }

    // MARK: - Expansion

    /// Adds `coefficient · v` to the tableau's accumulator with every definition on the way
    /// expanded (and basic symbols replaced by their rows). Returns the constant contributed.
    /// Walks the definitions reached newest first, each once, whatever the number of paths.
    func accumulateExpanded(variable v: Int32, _ coefficient: Double) -> Double {
        let id = variableRecords[Int(v)].definition
        guard id >= 0 else {
            return tableau.accumulate(symbol: variableRecords[Int(v)].symbol, coefficient)
        }
        definitions.push(id, coefficient)
        return expandQueued()
    }

    /// Expands the definitions queued in `definitions`' heap into the accumulator.
    private func expandQueued() -> Double {
        var constant = 0.0
        while let (id, c) = definitions.popLargest() {
            if c == 0 { continue }
            constant += c * definitionConstant(id)
            constant += tableau.accumulate(symbol: ensureDummy(id), c * definitions.inverse[Int(id)])
            forEachTerm(of: id) { u, cu in
                let du = variableRecords[Int(u)].definition
                if du >= 0 {
                    definitions.push(du, c * cu)
                } else {
                    constant += tableau.accumulate(symbol: variableRecords[Int(u)].symbol, c * cu)
                }
            }
        }
        return constant
    }

    /// Turns definition `id` into the tableau row it stands for (subject basic, the definition's
    /// dummy as its marker). Its subject appears in no row and no objective (it was fresh, and
    /// expansions never write it), so nothing else changes: no substitution, no pivot.
    func materialize(_ id: Int32) {
        let x = definitions.subject[Int(id)]
        let d = ensureDummy(id)
        unlinkDefinition(id)
        if tableau.journal.isActive { definitions.log.append(.materialized(id)) }
        var constant = definitionConstant(id)
        constant += tableau.accumulate(symbol: d, definitions.inverse[Int(id)])
        forEachTerm(of: id) { v, c in constant += accumulateExpanded(variable: v, c) }
        let n = tableau.gatherAccumulator(sign: 1)
        _ = tableau.installRow(basic: variableRecords[Int(x)].symbol, constant: constant, scratchCount: n)
    }

    /// Materializes the definitions of the variables constraint `slot` mentions, so that it can
    /// be written over the tableau's symbols.
    func materializeDefinitions(of slot: Int32) {
        for k in termRange(Int(slot)) {
            let id = variableRecords[Int(termVariables[k])].definition
            if id >= 0 { materialize(id) }
        }
    }

    // MARK: - Removal

    /// Removes the definition that constraint `slot` holds. Returns false when the tableau holds
    /// expansions of it: it is then materialized, and the caller removes its row as usual.
    func removeDefinition(_ slot: Int32) -> Bool {
        let id = constraintRecords[Int(slot)].definition
        let d = definitions.dummy[Int(id)]
        guard d < 0 || (tableau.colLen[Int(d)] == 0 && tableau.rowOf[Int(d)] < 0) else {
            materialize(id)
            return false
        }
        unlinkDefinition(id)
        if d >= 0 { tableau.freeSymbol(d) }
        constraintRecords[Int(slot)].isAdded = false
        constraintRecords[Int(slot)].marker = -1
        constraintRecords[Int(slot)].other = -1
        return true
    }

    // MARK: - Values

    /// Evaluates every live definition, in id order, into `values` (by variable slot), which
    /// must already hold the values of every other variable. `symbolValue` gives the dummies'
    /// values (0 unless basic); with `constants: false` the definitions' constants are left out
    /// (a direction rather than a point).
    func evaluateDefinitions(_ values: inout [Double], constants: Bool = true,
                             symbolValue: (Int32) -> Double) {
        guard definitions.liveCount > 0 else { return }
        let constantIds = definitions.liveConstants()
        let store = definitions
        let first = store.firstLive, count = store.count
        // One pass over flat arrays: this runs on every update, over every definition.
        values.withUnsafeMutableBufferPointer { out in
        tableau.rowOf.withUnsafeBufferPointer { rowOf in
        constraintRecords.withUnsafeBufferPointer { records in
        termVariables.withUnsafeBufferPointer { termVariable in
        termCoefficients.withUnsafeBufferPointer { termCoefficient in
        store.isLive.withUnsafeBufferPointer { isLive in
        store.owner.withUnsafeBufferPointer { owner in
        store.subjectTerm.withUnsafeBufferPointer { subjectTerm in
        store.inverse.withUnsafeBufferPointer { inverse in
        store.subject.withUnsafeBufferPointer { subject in
            // Constants first (they may define what older definitions mention), then id order.
            func evaluate(_ id: Int) {
                let record = records[Int(owner[id])]
                var sum = constants ? record.constant : 0
                let d = store.dummy[id]
                if d >= 0 && rowOf[Int(d)] >= 0 { sum += symbolValue(d) }
                let start = Int(record.termStart)
                let skip = start + Int(subjectTerm[id])
                for k in start..<(start + Int(record.termCount)) where k != skip {
                    sum += termCoefficient[k] * out[Int(termVariable[k])]
                }
                out[Int(subject[id])] = inverse[id] * sum
            }
            for id in constantIds { evaluate(Int(id)) }
            for id in first..<count where isLive[id] && !store.isConstant[id] { evaluate(id) }
        } } } } } } } } } }
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
    /// changed variable (or whose dummy moved), whose subjects change in turn. Output-sensitive
    /// but for one pass of flag tests over the definitions, and only when something changed.
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
            } else if owner >= 0 && tableau.kind(s) == .dummy {
                let id = constraintRecords[Int(owner)].definition
                if id >= 0 { markVariableChanged(definitions.subject[Int(id)]) }
            }
        }
        tableau.changedSymbols.removeAll(keepingCapacity: true)
        guard !changedVariables.isEmpty else { return }
        // A variable marked by a definition change that is no longer defined (its definition
        // was removed or became a row) reads the tableau.
        for v in changedVariables where variableRecords[Int(v)].definition < 0 && variableRecords[Int(v)].symbol >= 0 {
            published[Int(v)] = tableau.value(ofSymbol: variableRecords[Int(v)].symbol)
        }
        if definitions.liveCount > 0 {
            // The flags and values are moved out of `self` for the loop, so that it runs over
            // plain buffers (it visits every definition).
            var changed = variableChanged
            var values = published
            var newlyChanged = changedVariables
            variableChanged = []
            published = []
            changedVariables = []
            let constants = definitions.liveConstants()
            let store = definitions
            let first = store.firstLive, count = store.count
            changed.withUnsafeMutableBufferPointer { changed in
            values.withUnsafeMutableBufferPointer { out in
            constraintRecords.withUnsafeBufferPointer { records in
            termVariables.withUnsafeBufferPointer { termVariable in
            termCoefficients.withUnsafeBufferPointer { termCoefficient in
            tableau.rowOf.withUnsafeBufferPointer { rowOf in
            tableau.rowConst.withUnsafeBufferPointer { rowConst in
            store.isLive.withUnsafeBufferPointer { isLive in
            store.isConstant.withUnsafeBufferPointer { isConstant in
            store.owner.withUnsafeBufferPointer { owner in
            store.subject.withUnsafeBufferPointer { subject in
            store.subjectTerm.withUnsafeBufferPointer { subjectTerm in
            store.inverse.withUnsafeBufferPointer { inverse in
            store.dummy.withUnsafeBufferPointer { dummy in
                // Constants first (they may define what older definitions mention), then the
                // others in id order.
                func visit(_ id: Int) {
                    let x = Int(subject[id])
                    let record = records[Int(owner[id])]
                    let start = Int(record.termStart), end = start + Int(record.termCount)
                    var dirty = changed[x]
                    if !dirty {
                        for k in start..<end where changed[Int(termVariable[k])] { dirty = true; break }
                    }
                    guard dirty else { return }
                    var sum = record.constant
                    let d = Int(dummy[id])
                    if d >= 0 && rowOf[d] >= 0 { sum += rowConst[Int(rowOf[d])] }
                    let skip = start + Int(subjectTerm[id])
                    for k in start..<end where k != skip {
                        sum += termCoefficient[k] * out[Int(termVariable[k])]
                    }
                    out[x] = inverse[id] * sum
                    if !changed[x] {
                        changed[x] = true
                        newlyChanged.append(Int32(x))
                    }
                }
                for id in constants { visit(Int(id)) }
                for id in first..<count where isLive[id] && !isConstant[id] { visit(id) }
            } } } } } } } } } } } } } }
            changedVariables = newlyChanged
            variableChanged = changed
            published = values
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
