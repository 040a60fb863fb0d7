/// Edit variables: optional `v == suggested` constraints whose constant the caller moves.
extension Solver {
    // MARK: - Edit variables

    /// Makes `v` an edit variable: an optional constraint `v == suggested` at `priority`
    /// (the suggestion starts at 0).
    ///
    /// Performance: through `add(batch:)`, edit variables added after the constraints they
    /// drive cost about what they cost added first (grid2d 32×32: 0.26 s against 0.13 s). One
    /// `add` at a time, a variable that many constraints share, left free while they are added,
    /// couples them through its row: add its edit variable first there (grid2d 32×32 one by one:
    /// 0.12 s first, 1.25 s last; docs/solver-design.md, "Known limits").
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
            // The move to `v == 0` waits for the first call that needs it (`settleEditMoves`):
            // a suggestion that comes first moves the edit straight from where it is pinned to
            // the suggested value. Edit variables added after the constraints they drive, then
            // suggested, walked the whole layout to 0 and back: grid2d
            // 30×30 through one batch spent 9,292 dual pivots and 0.38 s in its two edits.
            let target = constraintRecords[Int(c.index)].constant
            constraintRecords[Int(c.index)].constant = target - shift
            deferEditMove(c.index, to: target)
        }
    }

    /// Moves every edit still pinned where `addEditVariable` found its variable to its
    /// suggested value (0, or the last suggestion). Called first by every call that reads the
    /// solution or changes the constraints; a suggestion for a pinned edit moves it itself.
    @inline(__always)
    func settleEditMoves() throws(SolverError) {
        if editMovesWait { try settleEditMovesNow() }
    }

    private func settleEditMovesNow() throws(SolverError) {
        if let failure = deferredEditFailure {
            deferredEditFailure = nil
            editMovesWait = !deferredEditMoves.isEmpty
            throw failure
        }
        try applyEditMoves()
    }

    /// `settleEditMoves` for the calls that cannot throw (`updateVariables()`, `statistics`,
    /// `dump()`): a move refused as an overflow (the only way one fails, and only from a pinned
    /// value beyond `largeMagnitude`) leaves that edit where it is pinned, and the next call
    /// that can throw throws the error.
    @inline(__always)
    func settleEditMovesQuietly() {
        guard editMovesWait, !deferredEditMoves.isEmpty else { return }
        do {
            try applyEditMoves()
        } catch {
            deferredEditFailure = error
            editMovesWait = true
        }
    }

    private func applyEditMoves() throws(SolverError) {
        defer { editMovesWait = !deferredEditMoves.isEmpty || deferredEditFailure != nil }
        while let (edit, target) = deferredEditMoves.first {
            deferredEditMoves.removeFirst()
            try moveEditConstant(edit, to: target)
        }
    }

    /// Waits to move edit constraint `edit` to `target` (see `settleEditMoves`).
    private func deferEditMove(_ edit: Int32, to target: Double) {
        deferredEditMoves.append((edit, target))
        editMovesWait = true
    }

    /// Takes edit constraint `edit` out of the deferred moves, returning its target (nil when
    /// it has none waiting).
    private func takeDeferredMove(of edit: Int32) -> Double? {
        guard editMovesWait, let k = deferredEditMoves.firstIndex(where: { $0.edit == edit }) else { return nil }
        defer { editMovesWait = !deferredEditMoves.isEmpty || deferredEditFailure != nil }
        return deferredEditMoves.remove(at: k).target
    }

    /// Stops editing `v`.
    public func removeEditVariable(_ v: Variable) throws(SolverError) {
        let slot = try variableSlot(v)
        let edit = variableRecords[slot].editConstraint
        guard edit >= 0 else { throw .unknownEditVariable(v) }
        // The edit goes: where it would have moved no longer matters. The other edits' moves
        // come first; if one of those throws, this edit is left as it was, its move included.
        let pendingTarget = takeDeferredMove(of: edit)
        do {
            try settleEditMoves()
        } catch {
            if let pendingTarget { deferEditMove(edit, to: pendingTarget) }
            throw error
        }
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
        let pendingTarget = takeDeferredMove(of: edit)
        do {
            try moveEditConstant(edit, to: -value) {
                .changeOverflows(what: "suggested value for variable \(v.rawValue)", value: value)
            }
        } catch {
            // Refused, with nothing changed: the edit still waits to move where it was going.
            if let pendingTarget { deferEditMove(edit, to: pendingTarget) }
            throw error
        }
    }

    /// The value last suggested for edit variable `v` (0 before any suggestion).
    public func suggestedValue(of v: Variable) throws(SolverError) -> Double {
        let edit = variableRecords[try variableSlot(v)].editConstraint
        guard edit >= 0 else { throw .unknownEditVariable(v) }
        let constant = deferredEditMoves.first(where: { $0.edit == edit })?.target ?? constraintRecords[Int(edit)].constant
        return -constant + 0  // + 0: never -0 for a suggestion of 0
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
