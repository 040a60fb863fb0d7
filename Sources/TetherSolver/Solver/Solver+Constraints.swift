/// Constraints: making, adding one (batches: Solver+Batches.swift), removing and changing them.
extension Solver {
    // MARK: - Constraints

    /// Makes a constraint (not added). Terms of the same variable are summed.
    public func makeConstraint(_ c: LinearConstraint, priority: Priority = .required) throws(SolverError) -> Constraint {
        try makeConstraint(c.expression, c.relation, priority: priority)
    }

    /// Makes `expression relation 0` at `priority` (not added).
    public func makeConstraint(_ expression: LinearExpression, _ relation: Relation,
                               priority: Priority = .required) throws(SolverError) -> Constraint {
        let terms = expression.terms
        return try makeConstraint(termCount: terms.count, variable: { terms[$0].variable },
                                  coefficient: { terms[$0].coefficient }, constant: expression.constant,
                                  relation, priority: priority)
    }

    /// Makes `Σ coefficient(i)·variable(i) + constant relation 0`, i in `0..<termCount`, at
    /// `priority` (not added). The batch entry points of the C API read their flat arrays through
    /// this, instead of building a `LinearExpression` (an array) per constraint.
    @inline(__always)
    package func makeConstraint(termCount: Int, variable: (Int) -> Variable, coefficient: (Int) -> Double,
                                constant: Double, _ relation: Relation,
                                priority: Priority) throws(SolverError) -> Constraint {
        guard constant.isFinite else { throw .nonFinite(what: "constant", value: constant) }
        noteMagnitude(constant)
        // Terms go straight into the pool, those of one variable summed; on an error they are
        // taken back out.
        let start = termVariables.count
        do throws(SolverError) {
            for i in 0..<termCount {
                let slot = Int32(try variableSlot(variable(i)))
                let c = coefficient(i)
                guard c.isFinite else {
                    throw .nonFinite(what: "coefficient", value: c)
                }
                guard Solver.isSupportedCoefficient(c) else { throw .coefficientOutOfRange(c) }
                noteCoefficient(c)
                var merged = false
                for k in start..<termVariables.count where termVariables[k] == slot {
                    termCoefficients[k] += c
                    merged = true
                    break
                }
                if !merged {
                    termVariables.append(slot)
                    termCoefficients.append(c)
                }
            }
            for k in start..<termVariables.count where !Solver.isSupportedCoefficient(termCoefficients[k]) {
                throw .coefficientOutOfRange(termCoefficients[k])
            }
        } catch {
            termVariables.removeSubrange(start...)
            termCoefficients.removeSubrange(start...)
            throw error
        }
        let slot: Int32
        if let recycled = freeConstraintSlots.popLast() {
            slot = recycled
        } else {
            slot = Int32(constraintRecords.count)
            constraintRecords.append(ConstraintRecord())
        }
        let generation = constraintRecords[Int(slot)].generation
        constraintRecords[Int(slot)] = ConstraintRecord(
            constant: constant, priority: priority.value,
            termStart: Int32(start), termCount: Int32(termVariables.count - start),
            generation: generation, relation: relation, isLive: true)
        for k in start..<termVariables.count { variableRecords[Int(termVariables[k])].references += 1 }
        liveConstraintCount += 1
        return Constraint(index: slot, generation: generation, tag: idTag)
    }

    /// Makes room for `count` more constraints with `terms` terms in all, so that making them
    /// one after another does not reallocate the records and term pools as it goes (the C API's
    /// batch, which knows both numbers before it starts).
    package func reserveForConstraints(_ count: Int, terms: Int) {
        let newSlots = Swift.max(0, count - freeConstraintSlots.count)
        constraintRecords.reserveGrowing(toHold: constraintRecords.count + newSlots)
        termVariables.reserveGrowing(toHold: termVariables.count + terms)
        termCoefficients.reserveGrowing(toHold: termCoefficients.count + terms)
    }

    /// Makes and adds a constraint. On failure nothing is left behind.
    @discardableResult
    public func add(_ c: LinearConstraint, priority: Priority = .required) throws(SolverError) -> Constraint {
        let constraint = try makeConstraint(c, priority: priority)
        do {
            try add(constraint)
        } catch {
            try? freeConstraint(constraint)
            throw error
        }
        return constraint
    }

    /// Frees a constraint, removing it first if it is added.
    public func freeConstraint(_ c: Constraint) throws(SolverError) {
        try settleEditMoves()
        let slot = try constraintSlot(c)
        if constraintRecords[slot].isAdded { try remove(c) }
        for k in termRange(slot) { variableRecords[Int(termVariables[k])].references -= 1 }
        termGarbage += Int(constraintRecords[slot].termCount)
        constraintRecords[slot] = ConstraintRecord(
            generation: PackedID.nextGeneration(constraintRecords[slot].generation))
        if termGarbage > 1024 && termGarbage > termVariables.count / 2 { compactTerms() }
        freeConstraintSlots.append(Int32(slot))
        liveConstraintCount -= 1
    }

    /// Whether `c` is live and added.
    public func contains(_ c: Constraint) -> Bool {
        guard let slot = try? constraintSlot(c) else { return false }
        return constraintRecords[slot].isAdded
    }

    /// Whether `c` is added; throws for an invalid id.
    public func isAdded(_ c: Constraint) throws(SolverError) -> Bool {
        constraintRecords[try constraintSlot(c)].isAdded
    }

    /// Adds a constraint and solves.
    /// - Throws: `.duplicateConstraint`; `.unsatisfiable` (the solver is unchanged).
    public func add(_ c: Constraint) throws(SolverError) {
        try settleEditMoves()
        let slot = try constraintSlot(c)
        guard !constraintRecords[slot].isAdded else { throw .duplicateConstraint(c) }
        // A constraint that cannot be rejected needs no journal to undo it (most constraints of
        // a layout: an optional one, a definition, or one with a fresh variable to solve for).
        // Journaling every change was a sixth of the cost of adding such constraints.
        // A definition is made here at once, so that its fresh variable is looked for only once.
        if magnitudesAreLarge {
            // Numbers this large can overflow on the way: journaled, so that a failure undoes it.
            try add(batch: [c])
            return
        }
        if let subject = definitionSubject(Int32(slot)) {
            define(Int32(slot), subjectTerm: subject.term, users: subject.users)
            addedConstraintCount += 1
            return
        }
        guard cannotBeRejected(Int32(slot)) else {
            try add(batch: [c])
            return
        }
        try addToTableau(Int32(slot))
        if !constraintRecords[slot].isEdit { addedConstraintCount += 1 }
    }

    /// Whether adding constraint `slot` always succeeds: optional constraints can always be
    /// violated; a required one holds as soon as one of its variables is fresh for the tableau
    /// (a parametric external in no row, which becomes its row's subject). Definitions are made
    /// before this is asked.
    /// Only the primal simplex runs afterwards, and it cannot fail on a feasible tableau.
    private func cannotBeRejected(_ slot: Int32) -> Bool {
        if !constraintRecords[Int(slot)].isRequired { return true }
        let largest = largestMagnitude(slot)
        for k in termRange(Int(slot)) where isFresh(termVariables[k], coefficient: termCoefficients[k], largest: largest) {
            return true
        }
        return false
    }

    /// The largest magnitude among constraint `slot`'s coefficients and constant.
    @inline(__always)
    func largestMagnitude(_ slot: Int32) -> Double {
        var largest = Swift.abs(constraintRecords[Int(slot)].constant)
        for k in termRange(Int(slot)) { largest = Swift.max(largest, Swift.abs(termCoefficients[k])) }
        return largest
    }

    /// Whether variable `v`, with `coefficient` in a constraint whose largest magnitude (terms
    /// and constant) is `largest`, can take whatever value the constraint needs: it is in no row,
    /// column or objective and mentioned by no definition (expanding the constraint's other
    /// variables could otherwise bring it into the row with a cancelled coefficient), and its
    /// coefficient is not negligible next to the rest.
    @inline(__always)
    func isFresh(_ v: Int32, coefficient: Double, largest: Double) -> Bool {
        let variable = variableRecords[Int(v)]
        let a = Swift.abs(coefficient)
        return variable.definition < 0 && variable.definitionReferences == 0 && isOutsideTableau(v)
            && a > 0 && largest < a * Double.greatestFiniteMagnitude
    }

    /// Removes an added constraint (it stays live and can be added again).
    public func remove(_ c: Constraint) throws(SolverError) {
        try settleEditMoves()
        let slot = try constraintSlot(c)
        guard constraintRecords[slot].isAdded else { throw .unknownConstraint(c) }
        try removeFromTableau(Int32(slot))
        if !constraintRecords[slot].isEdit { addedConstraintCount -= 1 }
        if Solver.removalCancels(constant: constraintRecords[slot].constant) || constantChangeLostDigits() {
            rebuildAfterCancellation()
        }
    }

    /// Changes the constant of `c` in place. For an added constraint only the rows that depend on
    /// it are touched (dual simplex). An added required constraint that can no longer hold
    /// throws `.unsatisfiable` and changes nothing.
    public func setConstant(_ constant: Double, of c: Constraint) throws(SolverError) {
        try settleEditMoves()
        let slot = try constraintSlot(c)
        guard constant.isFinite else { throw .nonFinite(what: "constant", value: constant) }
        noteMagnitude(constant)
        let record = constraintRecords[slot]
        guard record.isAdded else {
            constraintRecords[slot].constant = constant
            return
        }
        let delta = constant - record.constant
        if delta == 0 { return }
        if Solver.cancels(from: record.constant, to: constant) {
            // The incremental change would leave rows of rounding noise (Solver+Rebuild.swift).
            setRecordConstant(slot, constant)
            do throws(SolverError) {
                try rebuildTableau(last: Int32(slot))
                return
            } catch {
                setRecordConstant(slot, record.constant)
                if record.isRequired, case .unsatisfiable(let failing, let candidates) = error, failing == c {
                    let conflict = explainsConflicts
                        ? minimalConflict(rejected: Int32(slot), constant: constant, certificate: candidates, pending: [])
                        : []
                    lastConflict = conflict
                    throw .unsatisfiable(constraint: c, conflicts: conflict)
                }
                // Another required constraint, accepted within the tolerance when it was added,
                // missed it when added again in slot order: keep the tableau and change it
                // incrementally, as without the rebuild.
            }
        }
        let refusal = SolverError.changeOverflows(what: "constant of constraint \(c.rawValue)", value: constant)
        if !record.isRequired {
            // A paired bound's row holds its partner's constant too: the pair parts first.
            if let guest = try detachPairedGuest(of: Int32(slot)) {
                if guest == Int32(slot) {
                    // Back in a row of its own at its old constant, then changed as any other
                    // (so that a change that overflows is refused and undone).
                    _ = try addToTableau(guest, pairing: false)
                    try shiftOptionalConstant(guest, to: constant) { refusal }
                    offerAsPairedHost(guest)
                    return
                }
                do throws(SolverError) {
                    try shiftOptionalConstant(Int32(slot), to: constant) { refusal }
                } catch {
                    _ = try? addToTableau(guest)  // refused: the pair as it was
                    throw error
                }
                offerAsPairedHost(Int32(slot))
                _ = try addToTableau(guest)
                return
            }
            try shiftOptionalConstant(Int32(slot), to: constant) { refusal }
            offerAsPairedHost(Int32(slot))
            return
        }
        beginTransaction()
        beginWatchingConstants()
        let candidates = applyConstantChange(slot: Int32(slot), delta: delta)
        // A definition's value reads its record's constant.
        setRecordConstant(slot, constant)
        let overflowed = constantChangeOverflowed(to: constant)
        setRecordConstant(slot, record.constant)
        if overflowed {
            rollbackTransaction()
            throw refusal
        }
        if let candidates {
            rollbackTransaction()
            let conflict = explainsConflicts
                ? minimalConflict(rejected: Int32(slot), constant: constant, certificate: candidates, pending: [])
                : []
            lastConflict = conflict
            throw .unsatisfiable(constraint: c, conflicts: conflict)
        }
        commitTransaction()
        setRecordConstant(slot, constant)
        if record.definition >= 0 { markVariableChanged(definitions.subject[Int(record.definition)]) }
        if constantChangeLostDigits() { rebuildAfterCancellation() }
    }

    /// Changes the priority of `c`. Required↔optional changes are refused while it is added.
    public func setPriority(_ priority: Priority, of c: Constraint) throws(SolverError) {
        try settleEditMoves()
        let slot = try constraintSlot(c)
        let record = constraintRecords[slot]
        guard record.isAdded, record.priority != priority.value else {
            constraintRecords[slot].priority = priority.value
            return
        }
        guard record.isRequired == priority.isRequired else {
            throw .priorityMutation(c, from: record.priority, to: priority.value)
        }
        for error in errorSymbols(Int32(slot)) {
            tableau.objectiveAddSymbolOrRow(error, key: record.priority, scale: -1)
            tableau.objectiveAddSymbolOrRow(error, key: priority.value, scale: 1)
        }
        constraintRecords[slot].priority = priority.value
        try optimizeOrRebuild()
    }

    public func constant(of c: Constraint) throws(SolverError) -> Double {
        constraintRecords[try constraintSlot(c)].constant
    }

    public func priority(of c: Constraint) throws(SolverError) -> Priority {
        let p = constraintRecords[try constraintSlot(c)].priority
        return try Priority(p)
    }

    public func relation(of c: Constraint) throws(SolverError) -> Relation {
        constraintRecords[try constraintSlot(c)].relation
    }

    /// The constraint's terms (duplicates summed, in first-seen order).
    public func terms(of c: Constraint) throws(SolverError) -> [Term] {
        termRange(try constraintSlot(c)).map { k in
            let v = termVariables[k]
            return Term(Variable(index: v, generation: variableRecords[Int(v)].generation, tag: idTag),
                        termCoefficients[k])
        }
    }

    func constraintSlot(_ c: Constraint) throws(SolverError) -> Int {
        let i = Int(c.index)
        guard c.rawValue != 0, c.hasOwnKind, c.tag == idTag, i >= 0, i < constraintRecords.count, constraintRecords[i].isLive,
              !constraintRecords[i].isEdit, !constraintRecords[i].isHidden, constraintRecords[i].generation == c.generation
        else { throw .invalidConstraint(c) }
        return i
    }

    /// Where constraint `slot`'s terms are in the term pool.
    @inline(__always) func termRange(_ slot: Int) -> Range<Int> {
        let start = Int(constraintRecords[slot].termStart)
        return start..<(start + Int(constraintRecords[slot].termCount))
    }

    /// The terms of constraint `slot` as records (for the paths that are not hot).
    func termRecords(_ slot: Int) -> [TermRecord] {
        termRange(slot).map { TermRecord(variable: termVariables[$0], coefficient: termCoefficients[$0]) }
    }

    /// Rewrites the term pool with the live constraints' terms only, in slot order.
    func compactTerms() {
        var variables: [Int32] = []
        var coefficients: [Double] = []
        variables.reserveCapacity(termVariables.count - termGarbage)
        coefficients.reserveCapacity(termVariables.count - termGarbage)
        for i in constraintRecords.indices where constraintRecords[i].isLive {
            let range = termRange(i)
            constraintRecords[i].termStart = Int32(variables.count)
            variables.append(contentsOf: termVariables[range])
            coefficients.append(contentsOf: termCoefficients[range])
        }
        termVariables = variables
        termCoefficients = coefficients
        termGarbage = 0
    }

    func handle(_ slot: Int32) -> Constraint {
        Constraint(index: slot, generation: constraintRecords[Int(slot)].generation, tag: idTag)
    }

}
