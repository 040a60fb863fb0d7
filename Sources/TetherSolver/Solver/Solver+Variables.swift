/// Variables: making, naming, freeing and reading them.
extension Solver {
    // MARK: - Variables

    /// Makes a variable named `name` (used in dumps and messages). Its value is 0 until solved.
    public func makeVariable(name: String = "") -> Variable {
        // Each record is written whole, once: a write per field costs an array uniqueness check
        // each, which made up most of making a variable (callgrind, the C batch).
        let slot: Int32
        if let recycled = freeVariableSlots.popLast() {
            slot = recycled
            let generation = variableRecords[Int(slot)].generation
            variableRecords[Int(slot)] = VariableRecord(symbol: Solver.noSymbol, generation: generation)
            published[Int(slot)] = 0
        } else {
            slot = Int32(variableRecords.count)
            variableRecords.append(VariableRecord(symbol: Solver.noSymbol))
            published.append(0)
            variableChanged.append(false)
        }
        // A slot comes new or from `freeVariable`, which drops its name: only a given name is
        // stored (a dictionary write for every unnamed variable was half of making one).
        if !name.isEmpty { variableNames[slot] = name }
        liveVariableCount += 1
        return Variable(index: slot, generation: variableRecords[Int(slot)].generation, tag: idTag)
    }

    /// Makes `count` unnamed variables and hands each to `body` with its index in the batch (the
    /// C API's batch): freed slots are reused first, the rest are appended in one step per array
    /// (one `makeVariable()` per variable cost about 170 instructions, callgrind).
    package func makeVariables(count: Int, _ body: (Int, Variable) -> Void) {
        var made = 0
        while made < count && !freeVariableSlots.isEmpty {
            body(made, makeVariable())
            made += 1
        }
        let rest = count - made, first = variableRecords.count
        variableRecords.append(contentsOf: repeatElement(VariableRecord(symbol: Solver.noSymbol), count: rest))
        published.append(contentsOf: repeatElement(0, count: rest))
        variableChanged.append(contentsOf: repeatElement(false, count: rest))
        liveVariableCount += rest
        for k in 0..<rest {
            body(made + k, Variable(index: Int32(first + k), generation: variableRecords[first + k].generation, tag: idTag))
        }
    }

    /// Frees a variable; fails with `.variableInUse` while a live constraint or an edit uses it.
    public func freeVariable(_ v: Variable) throws(SolverError) {
        try settleEditMoves()
        let slot = try variableSlot(v)
        var record = variableRecords[slot]
        guard record.references == 0, record.editConstraint < 0 else { throw .variableInUse(v) }
        if record.definition >= 0 || record.definitionReferences > 0 {
            // No constraint mentions it, but a released definition does (DefinitionStore):
            // building the tableau again from the constraints drops those.
            do throws(SolverError) { try rebuildTableau() } catch { throw .variableInUse(v) }
            record = variableRecords[slot]
        }
        let s = record.symbol
        // With no constraint left that mentions it, the variable can only linger as a definition
        // or as numerically negligible cells; drop both.
        if s >= 0 {
            tableau.dropSymbolEverywhere(s)
            tableau.freeSymbol(s)
        }
        variableRecords[slot].symbol = -1
        published[slot] = 0
        variableRecords[slot].generation = PackedID.nextGeneration(variableRecords[slot].generation)
        variableNames[Int32(slot)] = nil
        freeVariableSlots.append(Int32(slot))
        liveVariableCount -= 1
    }

    /// Whether `v` is a live variable of this solver.
    public func contains(variable v: Variable) -> Bool { (try? variableSlot(v)) != nil }

    public func name(of v: Variable) throws(SolverError) -> String {
        variableNames[Int32(try variableSlot(v))] ?? ""
    }

    /// The variable's value as of the last `updateVariables()` (0 before the first).
    public func value(of v: Variable) throws(SolverError) -> Double {
        published[try variableSlot(v)]
    }

    /// Values of many variables (as of the last `updateVariables()`); fails if any id is invalid.
    public func values(of vs: [Variable]) throws(SolverError) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(vs.count)
        for v in vs { out.append(published[try variableSlot(v)]) }
        return out
    }

    /// Writes the values of the variables whose ids are `ids` to `out[0..<ids.count]`, as of the
    /// last `updateVariables()`. Every id is checked before any value is written, so on an
    /// error `out` is untouched. The C API's read-out: it writes into the caller's buffer, where
    /// going through `values(of:)` would build an array of ids and one of values and copy both.
    package func writeValues(ids: UnsafeBufferPointer<UInt64>,
                             into out: UnsafeMutablePointer<Double>) throws(SolverError) {
        for id in ids { _ = try variableSlot(Variable(rawValue: id)) }
        published.withUnsafeBufferPointer { values in
            for (k, id) in ids.enumerated() { out[k] = values[Int(Variable(rawValue: id).index)] }
        }
    }

    /// Publishes the current solution to `value(of:)`.
    public func updateVariables() {
        settleEditMovesQuietly()
        if tableau.valuesStale {
            recordEveryVariableChanged()
            writeCurrentValues(into: &published)
            for s in tableau.changedSymbols where Int(s) < tableau.valueChanged.count { tableau.valueChanged[Int(s)] = false }
            Solver.clearChangeList(&tableau.changedSymbols)
            for v in changedVariables { variableChanged[Int(v)] = false }
            Solver.clearChangeList(&changedVariables)
            tableau.valuesStale = false
            return
        }
        publishChangedValues()
    }

    /// Empties a list of changed ids after a full publication (a build or a rebuild, whose burst
    /// listed every symbol), giving a large capacity back: later changes are usually small, and
    /// an incremental publication keeps whatever capacity its own bursts (a resize moving every
    /// width) need instead of growing it again each time.
    @inline(__always) static func clearChangeList(_ list: inout [Int32]) {
        if list.capacity > 4096 { list = [] } else { list.removeAll(keepingCapacity: true) }
    }

    /// The owner recorded for a variable's tableau symbol: negative (constraint owners are
    /// slots, >= 0), so that the symbol leads back to its variable (`publishChangedValues`).
    @inline(__always) static func externalOwner(_ slot: Int32) -> Int32 { -2 - slot }

    /// `VariableRecord.symbol` of a live variable the tableau never needed (no memory in the
    /// tableau's per-symbol arrays: at 59 bytes a symbol, this is most of what a chain of
    /// definitions would otherwise cost).
    static let noSymbol: Int32 = -2

    /// Whether variable `slot` is in no row, no column and no objective (true without a symbol).
    @inline(__always) func isOutsideTableau(_ slot: Int32) -> Bool {
        let s = Int(variableRecords[Int(slot)].symbol)
        return s < 0 || (tableau.rowOf[s] < 0 && tableau.colLen[s] == 0 && tableau.objLen[s] == 0)
    }

    /// The variable's tableau symbol, made now if it has none (logged inside a transaction, so
    /// that a rollback, which frees the symbol, forgets it too).
    @inline(__always) func symbol(of slot: Int32) -> Int32 {
        let s = variableRecords[Int(slot)].symbol
        if s >= 0 { return s }
        let made = tableau.allocSymbol(.external, owner: Solver.externalOwner(slot))
        variableRecords[Int(slot)].symbol = made
        if tableau.journal.isActive { definitions.log.append(.symbolMade(slot)) }
        return made
    }

    func variableSlot(_ v: Variable) throws(SolverError) -> Int {
        let i = Int(v.index)
        guard v.rawValue != 0, v.hasOwnKind, v.tag == idTag, i >= 0, i < variableRecords.count,
              variableRecords[i].symbol != -1, variableRecords[i].generation == v.generation
        else { throw .invalidVariable(v) }
        return i
    }

}
