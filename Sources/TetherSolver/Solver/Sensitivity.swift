extension Solver {
    /// The constraints whose constants the current value of `expression` depends on: those whose
    /// constant, changed a little, would move it (first-order sensitivity at the current basis).
    ///
    /// Written over the parametric (non-basic) symbols, the expression is `c + Σ aₛ·s` (with
    /// the dummies of definitions, which the rows do not hold, from `DefinitionReach`). A
    /// constant change of a constraint shifts its marker (the slack of an inequality, the dummy
    /// of a required equality, the first error of an optional one; see `applyConstantChange`):
    /// when the marker is basic the change stays in the marker's own row, otherwise every row
    /// holding the marker moves by its coefficient. So a constraint determines the expression
    /// exactly when its marker is parametric and has a coefficient in it. Slack inequalities
    /// (basic slack) and optional constraints that lose (basic error) are left out; constraints
    /// that act through others (a chain) are in. Edit constraints are not reported. Ordered by
    /// constraint id; the solver is not changed. Call after `updateVariables()` or any solve.
    public func constraintsDetermining(_ expression: LinearExpression) throws(SolverError) -> [Constraint] {
        try settleEditMoves()
        return try determiningSlots(expression).sorted().map(handle(_:))
    }

    /// The union of `constraintsDetermining` over several expressions, ordered by constraint id.
    public func constraintsDetermining(any expressions: [LinearExpression]) throws(SolverError) -> [Constraint] {
        try settleEditMoves()
        var slots = Set<Int32>()
        for e in expressions { slots.formUnion(try determiningSlots(e)) }
        return slots.sorted().map(handle(_:))
    }

    private func determiningSlots(_ expression: LinearExpression) throws(SolverError) -> [Int32] {
        var variables: [Int32] = []
        for term in expression.terms { variables.append(Int32(try variableSlot(term.variable))) }
        // Defined variables are written through their definitions, whose dummies then name them
        // (they are never basic: a definition determines the expression when its dummy's
        // coefficient, through the expression's own walk and the rows', is not zero).
        var own: [(Int32, Double)] = []
        for (term, slot) in zip(expression.terms, variables) {
            _ = accumulateOrQueue(variable: slot, term.coefficient)
        }
        _ = expandQueued(reaching: nil) { id, c in own.append((id, c)) }
        let n = tableau.gatherAccumulator(sign: 1)
        let scale = expression.terms.reduce(0.0) { Swift.max($0, Swift.abs($1.coefficient)) }
        var slots: [Int32] = []
        for k in 0..<n where Swift.abs(tableau.scratchCoef[k]) > Tolerance.dropRelative * scale {
            let symbol = tableau.scratchSym[k]
            let owner = tableau.symOwner[Int(symbol)]
            guard owner >= 0, tableau.kind(symbol) != .external else { continue }
            let record = constraintRecords[Int(owner)]
            guard record.isLive, record.isAdded, !record.isEdit else { continue }
            if record.marker == symbol {
                slots.append(owner)
            } else if let guest = pairedBound(of: owner), constraintRecords[Int(guest)].marker == symbol {
                // A paired guest's marker is its host's error (Solver+PairedBounds.swift).
                slots.append(guest)
            }
        }
        var cells: [(symbol: Int32, coefficient: Double)] = []
        for k in 0..<n { cells.append((tableau.scratchSym[k], tableau.scratchCoef[k])) }
        slots.append(contentsOf: reachedDefinitionOwners(cells: cells, own: own))
        return slots
    }
}
