/// Exploring the set of optimal solutions (for ambiguity checks): how far can one variable move
/// while every priority level stays at its optimum and every constraint holds?
extension Tableau {
    /// Minimises the scalar objective held in row `objectiveRow` over the optimal face: only
    /// parametric symbols whose main objective weight is zero at every level may enter, so the
    /// lexicographic optimum never changes. Returns false when the objective is unbounded below
    /// (the face is unbounded in that direction); `unboundedRay` then names the symbol that can
    /// move forever and its direction. Entering: lowest id (Bland), so it terminates.
    mutating func minimizeOverOptimalFace(_ objectiveRow: Int32) -> Bool {
        var ray: (symbol: Int32, increasing: Bool)?
        return minimizeOverOptimalFace(objectiveRow, unboundedRay: &ray)
    }

    mutating func minimizeOverOptimalFace(_ objectiveRow: Int32,
                                          unboundedRay: inout (symbol: Int32, increasing: Bool)?) -> Bool {
        while true {
            var entering: Int32 = -1
            var increasing = true
            let start = Int(rowStart[Int(objectiveRow)])
            for k in start..<(start + Int(rowLen[Int(objectiveRow)])) {
                let s = cellSym[k]
                let c = cellCoef[k]
                let sk = kind(s)
                guard hasZeroObjectiveWeight(s) else { continue }
                if sk.isRestricted && c < -Tolerance.pivot {
                    entering = s
                    break
                }
                if sk == .external && Swift.abs(c) > Tolerance.pivot {
                    entering = s
                    increasing = c < 0
                    break
                }
            }
            if entering < 0 { return true }
            guard let r = leavingRow(for: entering, increasing: increasing) else {
                unboundedRay = (entering, increasing)
                return false
            }
            pivot(row: r, entering: entering)
        }
    }

    /// Whether moving `s` leaves every priority level's objective unchanged.
    func hasZeroObjectiveWeight(_ s: Int32) -> Bool {
        let start = Int(objStart[Int(s)])
        for k in start..<(start + Int(objLen[Int(s)])) where Swift.abs(objVal[k]) > Tolerance.optimality {
            return false
        }
        return true
    }
}

extension Solver {
    /// The range of values `v` takes over all optimal solutions of the added constraints (every
    /// required constraint holding, every priority level at its optimum). A range wider than a
    /// tolerance means the solution is not unique in `v`: the layout is ambiguous there.
    /// Bounds may be infinite. The solver is left exactly as it was.
    /// - Complexity: two short simplex runs over a journaled copy of the touched rows.
    public func valueRange(of v: Variable) throws(SolverError) -> (lower: Double, upper: Double) {
        try settleEditMoves()
        let slot = Int32(try variableSlot(v))
        let upper = extreme(of: slot, sign: -1)
        let lower = extreme(of: slot, sign: 1)
        return (lower, upper)
    }

    /// Another optimal solution: the values of every live variable where `v` is as low (or, with
    /// `maximizing`, as high) as the optimal solutions allow. When that side is unbounded, the
    /// solution `step` units further along the free direction than the last vertex reached.
    /// Used to exercise ambiguity; the solver is left exactly as it was.
    public func extremeSolution(of v: Variable, maximizing: Bool,
                                step: Double = 100) throws(SolverError) -> [Variable: Double] {
        try settleEditMoves()
        let target = Int32(try variableSlot(v))
        guard step.isFinite else { throw .nonFinite(what: "step", value: step) }
        var out: [Variable: Double] = [:]
        withExtreme(of: target, sign: maximizing ? -1 : 1) { bounded, _, ray in
            var values = currentValues()
            if !bounded, let ray {
                // Along the free direction: the ray symbol moves by `delta`, basic symbols by
                // their coefficient of it, defined variables through their definitions.
                let delta = ray.increasing ? step : -step
                func direction(_ s: Int32) -> Double {
                    if s == ray.symbol { return 1 }
                    let r = tableau.rowOf[Int(s)]
                    return r >= 0 ? tableau.coefficient(row: r, symbol: ray.symbol) : 0
                }
                var moves = [Double](repeating: 0, count: variableRecords.count)
                for (slot, record) in variableRecords.enumerated() where record.symbol >= 0 && record.definition < 0 {
                    // (A variable without a tableau symbol does not move.)
                    moves[slot] = direction(record.symbol)
                }
                evaluateDefinitions(&moves, constants: false, symbolValue: direction)
                for slot in values.indices { values[slot] += moves[slot] * delta }
            }
            for (slot, record) in variableRecords.enumerated() where record.symbol != -1 {
                out[Variable(index: Int32(slot), generation: record.generation, tag: idTag)] = values[slot]
            }
        }
        return out
    }

    /// min (sign · v) over the optimal face, returned as the value of v there.
    private func extreme(of variable: Int32, sign: Double) -> Double {
        var result = 0.0
        withExtreme(of: variable, sign: sign) { bounded, objective, _ in
            result = bounded ? sign * objective : -sign * .infinity
        }
        return result
    }

    /// Moves the tableau (inside a transaction) to where sign · v is minimal over the optimal
    /// face, runs `body` there, and rolls back.
    /// The objective is `sign · v` written over the parametric symbols (basic symbols by their
    /// rows, defined variables through their definitions); `body` gets its minimum.
    private func withExtreme(of variable: Int32, sign: Double,
                             _ body: (_ bounded: Bool, _ objective: Double,
                                      _ ray: (symbol: Int32, increasing: Bool)?) -> Void) {
        // The solver's transaction (the objective row is temporary).
        beginTransaction()
        defer { rollbackTransaction() }
        let (n, constant) = expansionIntoScratch(variable: variable, sign: sign)
        let objective = tableau.allocSymbol(.objective)
        let objectiveRow = tableau.installRow(basic: objective, constant: constant, scratchCount: n)
        var ray: (symbol: Int32, increasing: Bool)?
        let bounded = tableau.minimizeOverOptimalFace(objectiveRow, unboundedRay: &ray)
        body(bounded, tableau.rowConst[Int(objectiveRow)], ray)
    }
}
