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
            }
        }
    }

    /// Marks definition `id` as in force: its subject is defined by it and its terms count it
    /// as a reference.
    private func linkDefinition(_ id: Int32) {
        definitions.setLive(id, true)
        let x = Int(definitions.subject[Int(id)])
        variableRecords[x].definition = id
        constraintRecords[Int(definitions.owner[Int(id)])].definition = id
        for k in definitions.terms(id) {
            variableRecords[Int(definitions.termVariable[k])].definitionReferences += 1
        }
    }

    /// The opposite of `linkDefinition`.
    private func unlinkDefinition(_ id: Int32) {
        definitions.setLive(id, false)
        let x = Int(definitions.subject[Int(id)])
        if variableRecords[x].definition == id { variableRecords[x].definition = -1 }
        let owner = Int(definitions.owner[Int(id)])
        if constraintRecords[owner].definition == id { constraintRecords[owner].definition = -1 }
        for k in definitions.terms(id) {
            variableRecords[Int(definitions.termVariable[k])].definitionReferences -= 1
        }
    }

    // MARK: - Making a definition

    /// The index (in `record.terms`) of a variable the required equality can define without
    /// touching the tableau: in no row and no column, in no definition, not an edit variable,
    /// with a coefficient the others can be divided by without overflow. The first in term order.
    func freshSubject(_ record: ConstraintRecord) -> Int? {
        guard eliminatesDefinitions, record.isRequired, record.relation == .equal, !record.isEdit else { return nil }
        var largest = Swift.abs(record.constant)
        for term in record.terms { largest = Swift.max(largest, Swift.abs(term.coefficient)) }
        guard largest.isFinite else { return nil }
        for (k, term) in record.terms.enumerated() {
            let a = Swift.abs(term.coefficient)
            guard a > 0, largest < a * Double.greatestFiniteMagnitude else { continue }
            let v = variableRecords[Int(term.variable)]
            let s = Int(v.symbol)
            if v.definition < 0 && v.definitionReferences == 0 && v.editConstraint < 0
                && tableau.rowOf[s] < 0 && tableau.colLen[s] == 0 && tableau.objLen[s] == 0 {
                return k
            }
        }
        return nil
    }

    /// Adds constraint `slot` as a definition of its term `subjectIndex`:
    /// `Σ aᵢ·vᵢ + k + d = 0` solved for the subject.
    func define(_ slot: Int32, subjectIndex: Int) {
        let d = tableau.allocSymbol(.dummy, owner: slot)
        let id = definitions.append(subject: constraintRecords[Int(slot)].terms[subjectIndex].variable,
                                    owner: slot, terms: constraintRecords[Int(slot)].terms,
                                    subjectIndex: subjectIndex, constant: constraintRecords[Int(slot)].constant,
                                    dummy: d)
        linkDefinition(id)
        if tableau.journal.isActive { definitions.log.append(.created(id)) }
        constraintRecords[Int(slot)].marker = d
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
            constant += c * definitions.constant[Int(id)]
            constant += tableau.accumulate(symbol: definitions.dummy[Int(id)], c * definitions.dummyCoefficient[Int(id)])
            for k in definitions.terms(id) {
                let u = definitions.termVariable[k]
                let cu = c * definitions.termCoefficient[k]
                let du = variableRecords[Int(u)].definition
                if du >= 0 {
                    definitions.push(du, cu)
                } else {
                    constant += tableau.accumulate(symbol: variableRecords[Int(u)].symbol, cu)
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
        unlinkDefinition(id)
        if tableau.journal.isActive { definitions.log.append(.materialized(id)) }
        var constant = definitions.constant[Int(id)]
        constant += tableau.accumulate(symbol: definitions.dummy[Int(id)], definitions.dummyCoefficient[Int(id)])
        for k in definitions.terms(id) {
            constant += accumulateExpanded(variable: definitions.termVariable[k], definitions.termCoefficient[k])
        }
        let n = tableau.gatherAccumulator(sign: 1)
        _ = tableau.installRow(basic: variableRecords[Int(x)].symbol, constant: constant, scratchCount: n)
    }

    /// Materializes the definitions of the variables `record` mentions, so that it can be written
    /// over the tableau's symbols.
    func materializeDefinitions(of record: ConstraintRecord) {
        for term in record.terms {
            let id = variableRecords[Int(term.variable)].definition
            if id >= 0 { materialize(id) }
        }
    }

    // MARK: - Removal

    /// Removes the definition that constraint `slot` holds. Returns false when the tableau holds
    /// expansions of it: it is then materialized, and the caller removes its row as usual.
    func removeDefinition(_ slot: Int32) -> Bool {
        let id = constraintRecords[Int(slot)].definition
        let d = definitions.dummy[Int(id)]
        guard tableau.colLen[Int(d)] == 0 && tableau.rowOf[Int(d)] < 0 else {
            materialize(id)
            return false
        }
        unlinkDefinition(id)
        tableau.freeSymbol(d)
        constraintRecords[Int(slot)].isAdded = false
        constraintRecords[Int(slot)].marker = -1
        constraintRecords[Int(slot)].other = -1
        return true
    }

    /// A definition's constant after its constraint's constant changed by `delta`
    /// (`Σ aᵢ·vᵢ + k + d = 0`: the definition's constant is −k/a, its dummy's coefficient −1/a).
    func shiftDefinitionConstant(_ slot: Int32, by delta: Double) {
        let id = Int(constraintRecords[Int(slot)].definition)
        definitions.constant[id] += delta * definitions.dummyCoefficient[id]
    }

    // MARK: - Values

    /// Evaluates every live definition, in id order, into `values` (by variable slot), which
    /// must already hold the values of every other variable. `symbolValue` gives the dummies'
    /// values (0 unless basic); with `constants: false` the definitions' constants are left out
    /// (a direction rather than a point).
    func evaluateDefinitions(_ values: inout [Double], constants: Bool = true,
                             symbolValue: (Int32) -> Double) {
        guard definitions.liveCount > 0 else { return }
        let store = definitions
        let first = store.firstLive, count = store.count
        // One pass over flat arrays: this runs on every update, over every definition.
        values.withUnsafeMutableBufferPointer { out in
        tableau.rowOf.withUnsafeBufferPointer { rowOf in
        store.isLive.withUnsafeBufferPointer { isLive in
        store.constant.withUnsafeBufferPointer { constant in
        store.dummy.withUnsafeBufferPointer { dummy in
        store.termStart.withUnsafeBufferPointer { termStart in
        store.termCount.withUnsafeBufferPointer { termCount in
        store.subject.withUnsafeBufferPointer { subject in
        store.termVariable.withUnsafeBufferPointer { termVariable in
        store.termCoefficient.withUnsafeBufferPointer { termCoefficient in
            for id in first..<count where isLive[id] {
                var v = constants ? constant[id] : 0
                let d = dummy[id]
                if rowOf[Int(d)] >= 0 { v += store.dummyCoefficient[id] * symbolValue(d) }
                let start = Int(termStart[id])
                for k in start..<(start + Int(termCount[id])) {
                    v += termCoefficient[k] * out[Int(termVariable[k])]
                }
                out[Int(subject[id])] = v
            }
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
