/// Edit variables: optional `v == suggested` constraints whose constant the caller moves.
extension Solver {
    // MARK: - Edit variables

    /// Makes `v` an edit variable: an optional constraint `v == suggested` at `priority`
    /// (the suggestion starts at 0).
    ///
    /// Performance: add (and suggest) edit variables before the constraints they drive. A
    /// variable that many optional constraints share, left free while they are added, couples
    /// them all through its row (grid2d at 32×32: 134 ms with the root's size edited first, 33 s
    /// with it added last; docs/solver-design.md, "Known limits").
    public func addEditVariable(_ v: Variable, priority: Priority) throws(SolverError) {
        let slot = try variableSlot(v)
        guard variableRecords[slot].editConstraint < 0 else { throw .duplicateEditVariable(v) }
        guard !priority.isRequired else { throw .requiredEditVariable(v) }
        let c = try makeConstraint(LinearExpression(v), .equal, priority: priority)
        constraintRecords[Int(c.index)].isEdit = true
        // An optional constraint cannot be rejected (`cannotBeRejected`): no journal, which for
        // an edit variable added after the constraints it drives logged every pivot of the
        // re-optimisation (grid2d 20×20: a 270 MB column log for one call).
        // The row enters pinned at the variable's current value and then moves to `v == 0` as a
        // suggestion does, by the dual simplex (addToTableau's `pinned`). The optimum is the one
        // `v == 0` gives; a suggestion that follows moves on from there.
        let shift = try addToTableau(c.index, pinned: true)
        variableRecords[slot].editConstraint = c.index
        editVariableCount += 1
        if shift != 0 {
            let target = constraintRecords[Int(c.index)].constant
            constraintRecords[Int(c.index)].constant = target - shift
            try moveEditConstant(c.index, to: target)
        }
    }

    /// Stops editing `v`.
    public func removeEditVariable(_ v: Variable) throws(SolverError) {
        let slot = try variableSlot(v)
        let edit = variableRecords[slot].editConstraint
        guard edit >= 0 else { throw .unknownEditVariable(v) }
        try removeFromTableau(edit)
        if Solver.removalCancels(constant: constraintRecords[Int(edit)].constant) || constantChangeLostDigits() {
            rebuildAfterCancellation()
        }
        constraintRecords[Int(edit)].isEdit = false
        try freeConstraint(handle(edit))
        variableRecords[slot].editConstraint = -1
        editVariableCount -= 1
    }

    public func hasEditVariable(_ v: Variable) -> Bool {
        guard let slot = try? variableSlot(v) else { return false }
        return variableRecords[slot].editConstraint >= 0
    }

    /// Suggests a value for an edit variable; re-solves with the dual simplex.
    public func suggestValue(_ value: Double, for v: Variable) throws(SolverError) {
        let slot = try variableSlot(v)
        guard value.isFinite else { throw .nonFinite(what: "suggested value", value: value) }
        noteMagnitude(value)
        let edit = variableRecords[slot].editConstraint
        guard edit >= 0 else { throw .unknownEditVariable(v) }
        try moveEditConstant(edit, to: -value) {
            .changeOverflows(what: "suggested value for variable \(v.rawValue)", value: value)
        }
    }

    /// The value last suggested for edit variable `v` (0 before any suggestion).
    public func suggestedValue(of v: Variable) throws(SolverError) -> Double {
        let edit = variableRecords[try variableSlot(v)].editConstraint
        guard edit >= 0 else { throw .unknownEditVariable(v) }
        return -constraintRecords[Int(edit)].constant + 0  // + 0: never -0 for a suggestion of 0
    }

    /// Gives edit constraint `edit` the constant `new` (−suggested value), re-solving with the
    /// dual simplex.
    /// `refusal` is thrown, with nothing changed, if the solution would overflow.
    private func moveEditConstant(_ edit: Int32, to new: Double,
                                  refusal: () -> SolverError = { .internalError("an edit's constant overflowed") }) throws(SolverError) {
        let old = constraintRecords[Int(edit)].constant
        let delta = new - old
        if delta == 0 { return }
        if Solver.cancels(from: old, to: new) {
            // The incremental change would leave rows of rounding noise (Solver+Rebuild.swift).
            constraintRecords[Int(edit)].constant = new
            do throws(SolverError) {
                try rebuildTableau()
                return
            } catch {
                // A required constraint accepted within the tolerance when it was added missed it
                // when added again in slot order: keep the tableau and shift it incrementally.
                constraintRecords[Int(edit)].constant = old
            }
        }
        try shiftOptionalConstant(edit, to: new, refusal: refusal)
    }

}
