/// Definitions: required equalities kept outside the tableau (see `DefinitionStore` for why).
///
/// Life of a definition:
/// - made by `addToTableau` when a required equality has a fresh variable (`freshSubject`);
/// - expanded into a tableau row when a tableau constraint first mentions its subject
///   (`materialize`), unless a tableau constraint already reached it: from then on it is an
///   ordinary row, with its dummy as its marker;
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
            case .symbolMade(let slot):
                // The tableau's rollback freed the symbol.
                variableRecords[Int(slot)].symbol = Solver.noSymbol
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
        var users = DefinitionUsers()
        users.isBuilt = true
        users.head = head
        users.base = base
        users.definition = definition
        users.next = next
        users.previous = previous
        users.liveEntries = total
        users.queued = store.users.queued
        definitions.users = users
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

    /// The definition's constant: its constraint's, times the inverse.
    @inline(__always)
    func definitionConstant(_ id: Int32) -> Double {
        constraintRecords[Int(definitions.owner[Int(id)])].constant * definitions.inverse[Int(id)]
    }

    // MARK: - Making a definition

    /// The offset (in constraint `slot`'s terms) of a variable the required equality can define
    /// without touching the tableau: in no row and no column, in no definition, not an edit
    /// variable, with a coefficient the others can be divided by without overflow. The first in
    /// term order.
    func freshSubject(_ slot: Int32) -> Int? {
        guard canHoldDefinition(slot) else { return nil }
        let range = termRange(Int(slot))
        let largest = largestMagnitude(slot)
        guard largest.isFinite else { return nil }
        for k in range where canBeSubject(term: k, of: range, largest: largest) { return k - range.lowerBound }
        return nil
    }

    /// Whether constraint `slot` is of the kind a definition holds: a required equality, not an
    /// edit constraint, in a solver that keeps definitions.
    @inline(__always)
    func canHoldDefinition(_ slot: Int32) -> Bool {
        let record = constraintRecords[Int(slot)]
        return eliminatesDefinitions && record.isRequired && record.relation == .equal && !record.isEdit
    }

    /// Whether the variable of term `k` (of a constraint with terms `range` and largest
    /// magnitude `largest`, finite) can be that constraint's definition's subject now: in no row
    /// and no column, in no definition, not an edit variable, with a coefficient the others can
    /// be divided by without overflow.
    @inline(__always)
    func canBeSubject(term k: Int, of range: Range<Int>, largest: Double) -> Bool {
        let a = Swift.abs(termCoefficients[k])
        guard a > 0, largest < a * Double.greatestFiniteMagnitude else { return false }
        let v = variableRecords[Int(termVariables[k])]
        // Mentioned by definitions already: only by a constant (`x == k`), evaluated first.
        let unreferenced = v.definitionReferences == 0 || range.count == 1
        return v.definition < 0 && unreferenced && v.editConstraint < 0 && isOutsideTableau(termVariables[k])
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
        constraintRecords[Int(slot)].marker = -1  // a definition has no tableau symbol
        constraintRecords[Int(slot)].other = -1
        constraintRecords[Int(slot)].markerSign = 1
        constraintRecords[Int(slot)].isAdded = true
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

    /// Materializes the definitions constraint `slot` mentions that nothing reached yet, so that
    /// it can be written over their rows.
    func materializeDefinitions(of slot: Int32) {
        for k in termRange(Int(slot)) {
            let id = variableRecords[Int(termVariables[k])].definition
            if id >= 0 && !definitions.isReleased[Int(id)] && !reach.isReached(id) { materialize(id) }
        }
    }

    // MARK: - Dummy columns

    /// The column the dummy of definition `id` would have in the tableau (`DefinitionReach`):
    /// per row, `Σⱼ λⱼ·σⱼ` over the constraints `j` that reached it, `λⱼ` being the coefficient
    /// of `j`'s marker in the row (-1 in the row where the marker is basic). Cells that cancel
    /// (relative to their parts) are left out.
    func dummyColumn(of id: Int32) -> [(row: Int32, coefficient: Double)] {
        var sums: [Int32: (value: Double, scale: Double)] = [:]
        func add(_ r: Int32, _ v: Double) {
            let old = sums[r] ?? (0, 0)
            sums[r] = (old.value + v, Swift.max(old.scale, Swift.abs(v)))
        }
        reach.forEachReacher(of: id) { j, sigma in
            let marker = constraintRecords[Int(j)].marker
            guard marker >= 0 else { return }
            let basicRow = tableau.rowOf[Int(marker)]
            if basicRow >= 0 { add(basicRow, -sigma) }
            for r in tableau.column(marker) { add(r, tableau.coefficient(row: r, symbol: marker) * sigma) }
        }
        return sums.filter { Swift.abs($0.value.value) > Tolerance.dropRelative * $0.value.scale }
            .map { (row: $0.key, coefficient: $0.value.value) }
            .sorted { $0.row < $1.row }
    }

    /// The definitions (by id) whose dummies have a non-zero coefficient in a row given by its
    /// cells (and the basic symbol, which stands at -1): `Σⱼ λⱼ·σⱼₖ` over the markers in it, plus
    /// `own` (entries of an expression not in the tableau). For certificates and explanations.
    func reachedDefinitions(cells: [(symbol: Int32, coefficient: Double)], own: [(Int32, Double)] = []) -> [Int32] {
        var sums: [Int32: (value: Double, scale: Double)] = [:]
        func add(_ id: Int32, _ v: Double) {
            let old = sums[id] ?? (0, 0)
            sums[id] = (old.value + v, Swift.max(old.scale, Swift.abs(v)))
        }
        for (id, v) in own { add(id, v) }
        for (symbol, lambda) in cells {
            let owner = tableau.symOwner[Int(symbol)]
            guard owner >= 0, tableau.kind(symbol) != .external,
                  constraintRecords[Int(owner)].marker == symbol else { continue }
            for e in reach.entries(of: owner) where reach.definition[e] >= 0 {
                add(reach.definition[e], lambda * reach.coefficient[e])
            }
        }
        return sums.filter { Swift.abs($0.value.value) > Tolerance.dropRelative * $0.value.scale }
            .map(\.key).sorted()
    }

    /// The constraint slots of `reachedDefinitions` (live definitions only: a released one is no
    /// constraint).
    func reachedDefinitionOwners(cells: [(symbol: Int32, coefficient: Double)], own: [(Int32, Double)] = []) -> [Int32] {
        reachedDefinitions(cells: cells, own: own).compactMap { id in
            definitions.isLive[Int(id)] && !definitions.isReleased[Int(id)] ? definitions.owner[Int(id)] : nil
        }
    }

    /// The cells of row `r` with its basic symbol at -1, for `reachedDefinitions`.
    func rowCells(_ r: Int32) -> [(symbol: Int32, coefficient: Double)] {
        var cells: [(symbol: Int32, coefficient: Double)] = [(tableau.rowBasic[Int(r)], -1)]
        let start = Int(tableau.rowStart[Int(r)])
        for k in start..<(start + Int(tableau.rowLen[Int(r)])) { cells.append((tableau.cellSym[k], tableau.cellCoef[k])) }
        return cells
    }

    // MARK: - Removal

    /// Removes the definition that constraint `slot` holds: dropped if no tableau constraint
    /// reached it, released otherwise.
    func removeDefinition(_ slot: Int32) throws(SolverError) {
        let id = constraintRecords[Int(slot)].definition
        if reach.isReached(id) {
            try releaseDefinition(id, of: slot)
            return
        }
        unlinkDefinition(id)
        constraintRecords[Int(slot)].isAdded = false
        constraintRecords[Int(slot)].marker = -1
        constraintRecords[Int(slot)].other = -1
    }

    /// Removes the constraint behind a reached definition by freeing its dummy: a new
    /// unrestricted symbol gets the dummy's column (`dummyColumn`) and its objective weight (the
    /// errors' weights through their rows), then enters the basis in the row the removal of a
    /// marker would choose (`markerLeavingRow`: no restricted row becomes infeasible, and a row
    /// restating the equality keeps holding it) and stays there, defining the dummy. This is what
    /// Cassowary's removal does, but the row is kept rather than dropped, so that the node stays
    /// and nothing expanded through it changes. The constraint's terms move to a hidden record,
    /// the node's own.
    private func releaseDefinition(_ id: Int32, of slot: Int32) throws(SolverError) {
        let column = dummyColumn(of: id)
        let hidden = hiddenCopy(of: slot)
        let d = tableau.allocSymbol(.external, owner: hidden)
        for (r, a) in column { insertCell(row: r, symbol: d, coefficient: a) }
        // The objective is the errors' weights with basic errors replaced by their rows, so the
        // weight of a new parametric symbol is the sum of its coefficients in error rows.
        var levels: [Double: Double] = [:]
        for (r, a) in column {
            let basic = tableau.rowBasic[Int(r)]
            if tableau.kind(basic) == .error {
                levels[constraintRecords[Int(tableau.symOwner[Int(basic)])].priority, default: 0] += a
            }
        }
        let keys = levels.keys.sorted(by: >)
        let values = keys.map { levels[$0]! }
        if keys.contains(where: { levels[$0] != 0 }) {
            keys.withUnsafeBufferPointer { k in
                values.withUnsafeBufferPointer { v in tableau.objectiveAdd(d, keys: k, values: v, scale: 1) }
            }
        }
        if let r = markerLeavingRow(d) { tableau.pivot(row: r, entering: d) }

        reach.forgetDefinition(id)
        // The node now reads the hidden copy; the user's constraint is no longer added.
        let x = definitions.subject[Int(id)]
        constraintRecords[Int(slot)].definition = -1
        constraintRecords[Int(slot)].isAdded = false
        constraintRecords[Int(slot)].marker = -1
        constraintRecords[Int(slot)].other = -1
        constraintRecords[Int(hidden)].definition = id
        definitions.owner[Int(id)] = hidden
        definitions.dummy[Int(id)] = d
        definitions.isReleased[Int(id)] = true
        definitions.releasedCount += 1
        markVariableChanged(x)
        try tableau.optimize()
    }

    /// A hidden constraint record with `slot`'s terms and constant (not a constraint of the
    /// user's: no handle reaches it, it counts no references and is not added).
    private func hiddenCopy(of slot: Int32) -> Int32 {
        let record = constraintRecords[Int(slot)]
        let start = termVariables.count
        for k in termRange(Int(slot)) {
            termVariables.append(termVariables[k])
            termCoefficients.append(termCoefficients[k])
        }
        let hidden: Int32
        if let recycled = freeConstraintSlots.popLast() {
            hidden = recycled
        } else {
            hidden = Int32(constraintRecords.count)
            constraintRecords.append(ConstraintRecord())
        }
        constraintRecords[Int(hidden)] = ConstraintRecord(
            constant: record.constant, priority: record.priority,
            termStart: Int32(start), termCount: record.termCount,
            generation: PackedID.nextGeneration(constraintRecords[Int(hidden)].generation),
            relation: record.relation, isLive: true, isHidden: true)
        return hidden
    }

    /// Drops every released node (and its hidden record), after the tableau was made anew.
    func freeHiddenRecords() {
        for i in constraintRecords.indices where constraintRecords[i].isHidden {
            termGarbage += Int(constraintRecords[i].termCount)
            constraintRecords[i] = ConstraintRecord(generation: PackedID.nextGeneration(constraintRecords[i].generation))
            freeConstraintSlots.append(Int32(i))
        }
    }

    /// Adds the cell `coefficient · symbol` to row `r` (which must not hold `symbol`).
    private func insertCell(row r: Int32, symbol: Int32, coefficient: Double) {
        let start = Int(tableau.rowStart[Int(r)])
        let len = Int(tableau.rowLen[Int(r)])
        tableau.reserveScratch(len + 1)
        var n = 0
        var placed = false
        for k in start..<(start + len) {
            if !placed && tableau.cellSym[k] > symbol {
                tableau.scratchSym[n] = symbol; tableau.scratchCoef[n] = coefficient; tableau.scratchColPos[n] = -1
                n += 1
                placed = true
            }
            tableau.scratchSym[n] = tableau.cellSym[k]
            tableau.scratchCoef[n] = tableau.cellCoef[k]
            tableau.scratchColPos[n] = tableau.cellColPos[k]
            n += 1
        }
        if !placed {
            tableau.scratchSym[n] = symbol; tableau.scratchCoef[n] = coefficient; tableau.scratchColPos[n] = -1
            n += 1
        }
        tableau.writeRowFromScratch(r, count: n)
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
                if d >= 0 { sum += symbolValue(d) }
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
            let useIndex = definitions.users.isBuilt
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
                    let record = records[Int(owner[id])]
                    let start = Int(record.termStart), end = start + Int(record.termCount)
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
                        if useIndex { pushUsers(of: x, after: id) }
                    }
                }
                // The flag scan: the definitions from `from` on, each evaluated if its subject or
                // a term is marked (the definitions before it are done).
                func scan(from: Int) {
                    for id in from..<count where isLive[id] && !isConstant[id] {
                        let x = Int(subject[id])
                        var dirty = changed[x]
                        if !dirty {
                            let record = records[Int(owner[id])]
                            let start = Int(record.termStart)
                            for k in start..<(start + Int(record.termCount)) where changed[Int(termVariable[k])] {
                                dirty = true
                                break
                            }
                        }
                        if dirty { evaluate(id) }
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
                        break
                    }
                }
            } } } } } } } } } } } } } } } } } } }
            definitions.users.queued = queued
            changedVariables = newlyChanged
            variableChanged = changed
            published = values
            // A flag scan that found few definitions dirty (a change in one part of a large
            // layout): the next publications go through the index.
            if !useIndex && 2 * changedVariables.count < definitions.liveCount { buildDefinitionUsers() }
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
