/// Removing definitions, and the dummy columns that removal and constant changes need (see
/// `DefinitionReach`).
extension Solver {
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
            if let priority = objectivePriority(of: tableau.rowBasic[Int(r)]) {
                levels[priority, default: 0] += a
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
        try optimizeOrRebuild()
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

}
