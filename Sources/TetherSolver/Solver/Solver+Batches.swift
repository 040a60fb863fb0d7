/// Batches: `add(batch:)` adds constraints as one step, in the order its plan gives
/// (BatchPlan.swift), with a journal unless nothing in it can be rejected.
extension Solver {
    /// Adds constraints as one step: all of them, or (on any error) none.
    public func add(batch: [Constraint]) throws(SolverError) {
        try add(batch: batch, explaining: true)
    }

    /// `add(batch:)`; without `explaining`, a rejected batch throws `.unsatisfiable` naming the
    /// constraint that failed in the planned order, with no conflicting set (for a caller that
    /// then adds the constraints one by one to decide what to break: the view model's rebuild).
    package func add(batch: [Constraint], explaining: Bool) throws(SolverError) {
        try settleEditMoves()
        var slots: [Int32] = []
        slots.reserveCapacity(batch.count)
        for c in batch {
            let slot = try constraintSlot(c)
            guard !constraintRecords[slot].isAdded else { throw .duplicateConstraint(c) }
            slots.append(Int32(slot))
        }
        if slots.count > 1 {
            // A constraint named twice: each record is flagged as it is met, then every flag is
            // cleared again (a `Set` of the slots cost about 360 instructions per constraint).
            var repeated = -1
            for (k, slot) in slots.enumerated() {
                if constraintRecords[Int(slot)].isBatched {
                    repeated = k
                    break
                }
                constraintRecords[Int(slot)].isBatched = true
            }
            for slot in slots { constraintRecords[Int(slot)].isBatched = false }
            if repeated >= 0 { throw .duplicateConstraint(batch[repeated]) }
        }
        // The order and the definitions come from the batch's structure, not from its order
        // (BatchPlan.swift).
        func listed() -> BatchPlan { BatchPlan(order: slots, subjects: Array(repeating: -1, count: slots.count)) }
        let plan = slots.count > 1 ? plan(batch: slots) : listed()
        if !magnitudesAreLarge && plan.order.count >= Solver.unjournaledBatchMinimum && noneCanBeRejected(plan.order) {
            // Nothing to undo can arise: add them as `add(_:)` adds such constraints, without a
            // journal (a transaction over a whole layout journals every row, symbol and column
            // operation it makes: the feed at 10,000 took 80 ms through one batch against 66 ms
            // one by one, 11 MB more at its peak).
            try add(plan)
            for slot in slots where !constraintRecords[Int(slot)].isEdit { addedConstraintCount += 1 }
            return
        }
        tableau.watchesCancelledConstants = magnitudesAreLarge
        defer { tableau.watchesCancelledConstants = false }
        do {
            try addInTransaction(plan, explaining: explaining && slots.count <= 1)
        } catch .unsatisfiable where explaining && slots.count > 1 {
            // The batch is all or nothing, but which constraint is reported is not: the one the
            // caller would expect is the first, in the caller's order, that cannot be added after
            // those before it, with its minimal conflict among them. Finding it takes the
            // caller's order again (only on this error path).
            try addInTransaction(listed(), explaining: true)
        }
        for slot in slots where !constraintRecords[Int(slot)].isEdit { addedConstraintCount += 1 }
        // An add can cancel a huge constant as a constant change can (a required constraint
        // that pins a variable suggested at -1e300): the rows keep rounding noise of the huge
        // value, so they are built again from the records (Solver+Rebuild.swift).
        if magnitudesAreLarge && constantChangeLostDigits() { try? rebuildTableau(requiredFirst: true) }
    }

    /// Adds `plan` in one transaction: all of it, or (on any error) none. With `explaining`, a
    /// rejection names the constraint that failed and its minimal conflict among the plan's
    /// earlier constraints and the added ones; without, the error is bare.
    private func addInTransaction(_ plan: BatchPlan, explaining: Bool) throws(SolverError) {
        let slots = plan.order
        beginTransaction()
        var done = 0
        // Only a tableau that is finite before the add can blame the add for an infinity.
        let checksOverflow = magnitudesAreLarge && !tableauHoldsNonFiniteNumbers()
        do {
            try add(plan) { () throws(SolverError) in
                if checksOverflow { try checkForOverflow(adding: slots[done]) }
                done += 1
            }
            commitTransaction()
        } catch {
            rollbackTransaction()
            for slot in slots[0..<Swift.min(done + 1, slots.count)] { forgetTableauSymbols(slot) }
            if magnitudesAreLarge, case .internalError = error {
                // Infinities in the tableau break the simplex (an unbounded objective, say).
                throw .overflow(handle(slots[Swift.min(done, slots.count - 1)]))
            }
            if case .unsatisfiable(_, let candidates) = error {
                let rejected = slots[done]
                let earlier = Array(slots[0..<done])
                let conflict = explainsConflicts && explaining
                    ? minimalConflict(rejected: rejected, constant: nil, certificate: candidates, pending: earlier)
                    : []
                lastConflict = conflict
                throw .unsatisfiable(constraint: handle(rejected), conflicts: conflict)
            }
            throw error
        }
    }

    /// Adds a planned batch in its order: each planned definition as one if its subject is still
    /// fresh, the rest through the tableau, re-optimising after each. (Optimising once after the
    /// optional constraints instead was tried: a form's labels aligned to the widest one then
    /// took 1,961 pivots over the column that every label width shares, 2.99 s at 1,000 rows
    /// against 0.19 s; each add's few pivots keep that column short.) `added` is called after
    /// each constraint.
    ///
    /// In a batch that joins older structure (fewer than `plannedSubjectMinimum` constraints,
    /// or fewer than the definitions already held), a planned equality whose planned subject is
    /// not its first term goes in by its own rule (`definitionSubject`) when that rule finds a
    /// subject that older definitions mention and that can move. The plan does not see the
    /// older structure: for a link into an older run of definitions its subject was the far top,
    /// which defines the run against its direction. A shuffled feed sent in small batches
    /// (tether.kiwi's) then held runs defined both ways, and each join wrote a run into the
    /// rows: 620,000 cells at 1,000 cells against 26,000 one by one. A batch that is most of
    /// what it builds (a view model's pass) keeps its planned subjects, the better ones there:
    /// with moves, the view model's random screen of 1,000 views cost 11% more instructions.
    private func add(_ plan: BatchPlan, added: () throws(SolverError) -> Void = {}) throws(SolverError) {
        let joinsOlderStructure = plan.order.count < Solver.plannedSubjectMinimum
            || plan.order.count < definitions.liveCount
        for (k, slot) in plan.order.enumerated() {
            let subject = plan.subjects[k]
            if subject > 0, joinsOlderStructure, let moving = definitionSubject(slot), !moving.users.isEmpty {
                define(slot, subjectTerm: moving.term, users: moving.users)
            } else if subject >= 0 && canDefine(slot, subjectTerm: Int(subject)) {
                define(slot, subjectTerm: Int(subject))
            } else {
                try addToTableau(slot)
            }
            try added()
        }
    }

    /// From this many constraints on, a batch that is larger than the definitions already held
    /// keeps its planned subjects even where a definition could move instead (`add(_ plan:)`).
    static let plannedSubjectMinimum = 32

    /// From this many constraints on, `add(batch:)` looks for a batch that cannot fail (below it,
    /// the bitmap over every variable that the look takes costs more than the journal).
    static let unjournaledBatchMinimum = 32

    /// Whether no constraint of `slots`, added in that order, can be rejected, judged before any
    /// is added: each required one has a variable that is outside the tableau now, mentioned by
    /// no definition and by no earlier constraint of the batch. Nothing else can bring such a
    /// variable into the tableau, so it is still fresh when the constraint's turn comes, and
    /// `cannotBeRejected` (or `definitionSubject`) holds then.
    func noneCanBeRejected(_ slots: [Int32]) -> Bool {
        var seen = [UInt64](repeating: 0, count: (variableRecords.count + 63) >> 6)
        for slot in slots {
            let terms = termRange(Int(slot))
            if constraintRecords[Int(slot)].isRequired {
                let largest = largestMagnitude(slot)
                var fresh = false
                for k in terms {
                    let v = termVariables[k]
                    guard seen[Int(v) >> 6] & (UInt64(1) << UInt64(v & 63)) == 0 else { continue }
                    if isFresh(v, coefficient: termCoefficients[k], largest: largest) {
                        fresh = true
                        break
                    }
                }
                if !fresh { return false }
            }
            for k in terms {
                let v = termVariables[k]
                seen[Int(v) >> 6] |= UInt64(1) << UInt64(v & 63)
            }
        }
        return true
    }
}
