/// Definitions: required equalities kept outside the tableau (see `DefinitionStore` for why).
///
/// Life of a definition:
/// - made by `addToTableau` when a required equality has a variable it can define
///   (`definitionSubject`);
/// - expanded into a tableau row when a tableau constraint first mentions its subject
///   (`materialize`), if that row is short (`materializesShort`: it mentions no defined
///   variable and its terms' rows are short) and no tableau constraint already reached it: from
///   then on it is an ordinary row, with its dummy as its marker;
/// - reached when a tableau constraint is written through it (`expandQueued`):
///   `DefinitionReach` records the dummy coefficient the constraint's row would have had;
/// - removed by `removeDefinition`: one that no tableau constraint reached is simply dropped
///   (its subject becomes free: 0, as for any undetermined variable); one that was reached is
///   released (`releaseDefinition`);
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

    /// Undoes the tableau (its journal), every definition made and every reach recorded since
    /// `beginTransaction`.
    func rollbackTransaction() {
        tableau.rollbackTransaction()
        while let change = definitions.log.popLast() {
            switch change {
            case .created(let id):
                unlinkDefinition(id)
                precondition(Int(id) == definitions.count - 1, "definitions roll back newest first")
                if definitions.users.isBuilt {
                    definitions.users.dropEntries(of: id, count: Int(constraintRecords[Int(definitions.owner[Int(id)])].termCount) - 1)
                }
                definitions.removeLast()
            case .materialized(let id):
                // The tableau's rollback dropped the row and the dummy.
                constraintRecords[Int(definitions.owner[Int(id)])].marker = -1
                linkDefinition(id)
            case .reached(let slot):
                reach.forget(slot)
            case .moved(let old, let id):
                undoMove(from: old, to: id)
            case .symbolMade(let slot):
                // The tableau's rollback freed the symbol.
                variableRecords[Int(slot)].symbol = Solver.noSymbol
            }
        }
    }

    /// Marks definition `id` as in force: its subject is defined by it and its terms count it
    /// as a reference.
    func linkDefinition(_ id: Int32) {
        definitions.setLive(id, true)
        let x = Int(definitions.subject[Int(id)])
        markVariableChanged(Int32(x))
        variableRecords[x].definition = id
        constraintRecords[Int(definitions.owner[Int(id)])].definition = id
        forEachTerm(of: id) { v, _ in variableRecords[Int(v)].definitionReferences += 1 }
        if definitions.users.isBuilt { indexUses(of: id) }
    }

    /// Links definition `id`'s entries in `DefinitionUsers`: every term but the subject's, zero
    /// coefficients included (the publication's dirty test reads every term).
    private func indexUses(of id: Int32) {
        let range = termRange(Int(definitions.owner[Int(id)]))
        let skip = Int(definitions.subjectTerm[Int(id)])
        let first = definitions.users.entries(of: id, count: range.count - 1)
        for o in 0..<(range.count - 1) {
            let k = range.lowerBound + DefinitionUsers.term(o, skip: skip)
            definitions.users.link(first + Int32(o), variable: termVariables[k])
        }
    }

    /// Builds `DefinitionUsers` anew from the live definitions: entries in id order, each
    /// variable's list in id order. One pass over flat arrays (it runs on the first resize):
    /// it repeats `DefinitionUsers.link` inline because building through `indexUses` took 25 M
    /// instead of 4 M instructions for the feed at 10,000 and its first resize 2.8 ms, not 1.2.
    func buildDefinitionUsers() {
        let store = definitions
        let n = store.count
        var base = [Int32](repeating: -1, count: n)
        var total = 0
        for id in store.firstLive..<n where store.isLive[id] {
            base[id] = Int32(total)
            total += Int(constraintRecords[Int(store.owner[id])].termCount) - 1
        }
        var definition = [Int32](repeating: 0, count: total)
        var next = [Int32](repeating: -1, count: total)
        var previous = [Int32](repeating: -1, count: total)
        var head = [Int32](repeating: -1, count: variableRecords.count)
        base.withUnsafeBufferPointer { base in
        definition.withUnsafeMutableBufferPointer { definition in
        next.withUnsafeMutableBufferPointer { next in
        previous.withUnsafeMutableBufferPointer { previous in
        head.withUnsafeMutableBufferPointer { head in
        constraintRecords.withUnsafeBufferPointer { records in
        termVariables.withUnsafeBufferPointer { termVariable in
        store.isLive.withUnsafeBufferPointer { isLive in
        store.owner.withUnsafeBufferPointer { owner in
        store.subjectTerm.withUnsafeBufferPointer { subjectTerm in
            for id in store.firstLive..<n where isLive[id] {
                let record = records[Int(owner[id])]
                let start = Int(record.termStart), skip = Int(subjectTerm[id])
                let first = Int(base[id])
                for o in 0..<(Int(record.termCount) - 1) {
                    let e = first + o
                    definition[e] = Int32(id)
                    let v = Int(termVariable[start + DefinitionUsers.term(o, skip: skip)])
                    let h = Int(head[v])
                    if h < 0 {
                        head[v] = Int32(e)
                        next[e] = Int32(e)
                        previous[e] = Int32(e)
                    } else {
                        let tail = Int(previous[h])
                        next[tail] = Int32(e)
                        previous[e] = Int32(tail)
                        next[e] = Int32(h)
                        previous[h] = Int32(e)
                    }
                }
            }
        } } } } } } } } } }
        definitions.users = DefinitionUsers(isBuilt: true, head: head, base: base, definition: definition, next: next,
                                            previous: previous, liveEntries: total, queued: store.users.queued)
    }

    /// The opposite of `linkDefinition`.
    func unlinkDefinition(_ id: Int32) {
        definitions.setLive(id, false)
        let x = Int(definitions.subject[Int(id)])
        markVariableChanged(Int32(x))
        if variableRecords[x].definition == id { variableRecords[x].definition = -1 }
        let owner = Int(definitions.owner[Int(id)])
        if constraintRecords[owner].definition == id { constraintRecords[owner].definition = -1 }
        forEachTerm(of: id) { v, _ in variableRecords[Int(v)].definitionReferences -= 1 }
        if definitions.users.isBuilt, Int(id) < definitions.users.base.count {
            let first = definitions.users.base[Int(id)]
            if first >= 0 {
                let range = termRange(owner)
                let skip = Int(definitions.subjectTerm[Int(id)])
                for o in 0..<(range.count - 1) {
                    let k = range.lowerBound + DefinitionUsers.term(o, skip: skip)
                    definitions.users.unlink(first + Int32(o), variable: termVariables[k])
                }
            }
        }
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

    /// Copies the terms of the definitions made since the last copy into the store, in id order
    /// (`DefinitionStore.termStart`): each definition once, dead ones too (a rollback may bring
    /// one back). Only once no definition was made since the last publication: values published
    /// again and again over the same definitions (resizes, animations) read the copy, and a
    /// build published once, or a client publishing after each add, does not pay for it.
    func copyDefinitionTerms() {
        let count = definitions.count
        defer { definitions.countAtLastPublication = count }
        guard definitions.copiedTerms < count, definitions.countAtLastPublication == count else { return }
        for id in definitions.copiedTerms..<count {
            let range = termRange(Int(definitions.owner[id]))
            let skip = range.lowerBound + Int(definitions.subjectTerm[id])
            definitions.termStart.append(Int32(definitions.termVariable.count))
            definitions.termCount.append(Int32(range.count - 1))
            for k in range where k != skip {
                definitions.termVariable.append(termVariables[k])
                definitions.termCoefficient.append(termCoefficients[k])
            }
        }
        definitions.copiedTerms = count
    }

    /// Gives constraint `slot` the constant `k`, and its definition's copy too.
    func setRecordConstant(_ slot: Int, _ k: Double) {
        constraintRecords[slot].constant = k
        let id = constraintRecords[slot].definition
        if id >= 0 && definitions.owner[Int(id)] == Int32(slot) { definitions.constant[Int(id)] = k }
    }

    /// The definition's constant: its constraint's, times the inverse.
    @inline(__always)
    func definitionConstant(_ id: Int32) -> Double {
        constraintRecords[Int(definitions.owner[Int(id)])].constant * definitions.inverse[Int(id)]
    }

    // MARK: - Making a definition

    /// Whether constraint `slot` is of the kind a definition holds: a required equality, not an
    /// edit constraint, in a solver that keeps definitions.
    @inline(__always)
    func canHoldDefinition(_ slot: Int32) -> Bool {
        let record = constraintRecords[Int(slot)]
        // With numbers beyond 1e100 around, definitions are not made: their values are computed
        // outside the tableau, where the overflow check (Solver+Overflow.swift) does not look.
        return eliminatesDefinitions && !magnitudesAreLarge && record.isRequired && record.relation == .equal
            && !record.isEdit
    }

    /// Whether the variable of term `k` (of a constraint with terms `range` and largest
    /// magnitude `largest`, finite) can be that constraint's definition's subject now without
    /// moving any definition: `subjectEligibility` is `.fresh`.
    @inline(__always)
    func canBeSubject(term k: Int, of range: Range<Int>, largest: Double) -> Bool {
        subjectEligibility(term: k, of: range, largest: largest) == .fresh
    }

    /// How the variable of term `k` could be its constraint's definition's subject: it must be
    /// in no row and no column, undefined, not an edit variable, with a coefficient the others
    /// can be divided by without overflow. Then it is `.fresh` if no definition mentions it (or
    /// the constraint is a constant, `x == k`, evaluated first), else `.mentioned`: a subject
    /// only if the definitions that mention it can move (`Solver+DefinitionOrder.swift`).
    @inline(__always)
    func subjectEligibility(term k: Int, of range: Range<Int>, largest: Double) -> SubjectEligibility {
        let a = Swift.abs(termCoefficients[k])
        guard a > 0, largest < a * Double.greatestFiniteMagnitude else { return .none }
        let v = variableRecords[Int(termVariables[k])]
        guard v.definition < 0 && v.editConstraint < 0 && isOutsideTableau(termVariables[k]) else { return .none }
        return v.definitionReferences == 0 || range.count == 1 ? .fresh : .mentioned
    }

    enum SubjectEligibility { case none, fresh, mentioned }

    /// Adds constraint `slot` as a definition of its term `subjectTerm`:
    /// `Σ aᵢ·vᵢ + k + d = 0` solved for the subject. The definitions `users` (those that mention
    /// the subject, in id order: `definitionSubject`) are made again after it.
    func define(_ slot: Int32, subjectTerm: Int, users: [Int32] = []) {
        let k = termRange(Int(slot)).lowerBound + subjectTerm
        let id = definitions.append(subject: termVariables[k], owner: slot, subjectTerm: Int32(subjectTerm),
                                    coefficient: termCoefficients[k],
                                    isConstant: constraintRecords[Int(slot)].termCount == 1,
                                    constant: constraintRecords[Int(slot)].constant)
        linkDefinition(id)
        if tableau.journal.isActive { definitions.log.append(.created(id)) }
        constraintRecords[Int(slot)].marker = -1  // a definition has no tableau symbol
        constraintRecords[Int(slot)].other = -1
        constraintRecords[Int(slot)].markerSign = 1
        constraintRecords[Int(slot)].isAdded = true
        definitions.moveBudget += Solver.moveBudgetPerDefinition
        if !users.isEmpty { moveAfterNewest(users) }
    }

    // MARK: - Expansion

    /// Adds `coefficient · v` to the tableau's accumulator, or queues its definition for
    /// `expandQueued` (which must follow). Returns the constant contributed by a basic symbol's row.
    @inline(__always)
    func accumulateOrQueue(variable v: Int32, _ coefficient: Double) -> Double {
        let id = variableRecords[Int(v)].definition
        guard id >= 0 else {
            return tableau.accumulate(symbol: symbol(of: v), coefficient)
        }
        definitions.push(id, coefficient)
        return 0
    }

    /// Adds `coefficient · v` to the tableau's accumulator with every definition on the way
    /// expanded (and basic symbols replaced by their rows). Returns the constant contributed.
    func accumulateExpanded(variable v: Int32, _ coefficient: Double) -> Double {
        accumulateOrQueue(variable: v, coefficient) + expandQueued(reaching: nil)
    }

    /// Expands the definitions queued in `definitions`' heap into the accumulator, newest first,
    /// each once whatever the number of paths (coefficients that cancel stop the walk there: a
    /// constraint that restates a definition costs O(1)). A released definition's dummy is a
    /// tableau symbol and is accumulated; the others' dummies are not, and with `reaching` set
    /// their coefficients are recorded for that constraint slot (`DefinitionReach`), or with
    /// `collect` set, handed to it.
    func expandQueued(reaching slot: Int32?, collect: ((Int32, Double) -> Void)? = nil) -> Double {
        var constant = 0.0
        if let slot {
            reach.begin(slot)
            if tableau.journal.isActive { definitions.log.append(.reached(slot)) }
        }
        while let (id, c) = definitions.popLargest() {
            if c == 0 { continue }
            constant += c * definitionConstant(id)
            let dummyCoefficient = c * definitions.inverse[Int(id)]
            if definitions.isReleased[Int(id)] {
                constant += tableau.accumulate(symbol: definitions.dummy[Int(id)], dummyCoefficient)
            } else if let slot {
                reach.append(slot, definition: id, coefficient: dummyCoefficient)
            } else if let collect {
                collect(id, dummyCoefficient)
            }
            forEachTerm(of: id) { u, cu in
                let du = variableRecords[Int(u)].definition
                if du >= 0 {
                    definitions.push(du, c * cu)
                } else {
                    constant += tableau.accumulate(symbol: symbol(of: u), c * cu)
                }
            }
        }
        return constant
    }

    /// Turns definition `id`, which no tableau constraint reached, into the tableau row it
    /// stands for: subject basic, the definition's dummy as the constraint's marker, the
    /// definitions below it expanded (and recorded as reached by it). Its subject appears in no
    /// row and no objective (it was fresh, and expansions never write it), and no row holds its
    /// dummy, so nothing else changes: no substitution, no pivot.
    func materialize(_ id: Int32) {
        let x = definitions.subject[Int(id)]
        let owner = definitions.owner[Int(id)]
        let inverse = definitions.inverse[Int(id)]
        unlinkDefinition(id)
        if tableau.journal.isActive { definitions.log.append(.materialized(id)) }
        let d = tableau.allocSymbol(.dummy, owner: owner)
        constraintRecords[Int(owner)].marker = d
        constraintRecords[Int(owner)].other = -1
        constraintRecords[Int(owner)].markerSign = 1
        var constant = definitionConstant(id)
        tableau.accumulateRaw(d, inverse)
        forEachTerm(of: id) { v, c in constant += accumulateOrQueue(variable: v, c) }
        constant += expandQueued(reaching: owner)
        reach.divide(owner, by: inverse)
        let n = tableau.gatherAccumulator(sign: 1)
        _ = tableau.installRow(basic: symbol(of: x), constant: constant, scratchCount: n)
    }

    /// Materializes the short leaf definitions constraint `slot` mentions that nothing reached
    /// yet, so that it can be written over their rows; the constraint is expanded through the
    /// others.
    ///
    /// Only a definition whose row would be short becomes one (`materializesShort`): its subject's
    /// value is then read off the tableau rather than summed from its inputs, which keeps it exact
    /// when those inputs are huge and cancel (`window := left + width + 20` with `left` at 1e250:
    /// CancellationTests). A definition that rests on other definitions would write the whole
    /// chain below it into a row that stays in the tableau: a view's top in a screen of stacked
    /// sections, mentioned by `icon.top >= section.top + p`, became a basic row over every height
    /// above it, Θ(n) cells for each such view. Expanded into the constraint instead, `icon.top`
    /// and `section.top` cancel through their definitions and the row keeps a few cells.
    func materializeDefinitions(of slot: Int32) {
        for k in termRange(Int(slot)) {
            let id = variableRecords[Int(termVariables[k])].definition
            if id >= 0 && !definitions.isReleased[Int(id)] && !reach.isReached(id) && materializesShort(id) {
                materialize(id)
            }
        }
    }

    /// The most cells a materialized definition's row may have.
    static let shortMaterializedRow = 8

    /// Whether definition `id` is a leaf (it mentions no defined variable) whose row would hold
    /// at most `shortMaterializedRow` cells (its dummy, and each term's row or symbol). A leaf
    /// alone is not enough: once a chain's first definition is materialized, the next one is a
    /// leaf over its row, and materialized in turn its row is longer by a link; such a cascade
    /// stops at the bound.
    func materializesShort(_ id: Int32) -> Bool {
        var cells = 1
        var leaf = true
        forEachTerm(of: id) { v, _ in
            let record = variableRecords[Int(v)]
            if record.definition >= 0 {
                leaf = false
            } else if record.symbol >= 0, case let r = tableau.rowOf[Int(record.symbol)], r >= 0 {
                cells += Int(tableau.rowLen[Int(r)])
            } else {
                cells += 1
            }
        }
        return leaf && cells <= Solver.shortMaterializedRow
    }

}
