/// Rebuilding the tableau from the constraint records after a change that cancelled most of the
/// digits of the rows it shifted.
///
/// Constant changes (suggestions, `setConstant`) and removals are incremental: they add a
/// multiple of the change to the constants of the rows that depend on the constraint. A row
/// constant is a sum over every constraint's constant, so after a change from a huge value to a
/// small one (a suggestion of 8e107 followed by 121) the huge parts cancel and what is left is
/// rounding noise of the huge value: the smaller constants it had absorbed are gone, and required
/// constraints stopped holding (fuzz-capi found `window == left + width + 20` off by 120, the
/// values wrong). The records always hold the exact current constants, so when a change shrinks a
/// constant by more than `Solver.cancellationRatio`, or removes a constraint whose constant is
/// that large, the tableau is built again from them. A required constraint that was accepted
/// within the tolerance can miss it when added again in another order (fuzz-capi found that too);
/// the change is then made incrementally, as before.
extension Solver {
    /// 2^20 (about 1e6): rounding of a value v leaves errors near v·2^-52 in the rows; after a
    /// drop by this ratio they are still about 2^-32 (2e-10) of the new magnitude, inside the
    /// 1e-8 the required constraints are held to. Points in a layout stay far below 1e6, so
    /// ordinary use never rebuilds.
    static let cancellationRatio: Double = 0x1p20

    /// Whether changing a constant from `old` to `new` cancels enough digits to rebuild.
    static func cancels(from old: Double, to new: Double) -> Bool {
        Swift.abs(old) > cancellationRatio * Swift.max(1, Swift.abs(new))
    }

    /// Whether removing a constraint with this constant leaves rows made mostly of its cancelled
    /// parts.
    static func removalCancels(constant: Double) -> Bool {
        Swift.abs(constant) > cancellationRatio
    }

    /// Builds the tableau again from the records: every added constraint, edit constraints at
    /// their current suggestions included, in slot order with `last` (if any) added last, so that
    /// if the constraints cannot all hold it is `last` that fails, as an incremental change of
    /// `last` would. On failure the solver is exactly as before the call and the error is the
    /// one adding `last` gave (`.unsatisfiable` with its certificate). Values published by
    /// `updateVariables()` are kept; the pivot counter keeps counting.
    func rebuildTableau(last: Int32? = nil, requiredFirst: Bool = false) throws(SolverError) {
        let savedTableau = tableau
        let savedDefinitions = definitions
        let savedReach = reach
        let savedConstraints = constraintRecords
        let savedTerms = (termVariables, termCoefficients, termGarbage, freeConstraintSlots)
        let savedVariables = variableRecords
        let savedPairs = (boundPartner, unpairedHosts)
        let pivots = tableau.pivotCount
        tableauRebuilds += 1

        tableau = Tableau()
        definitions = DefinitionStore()
        reach = DefinitionReach()
        clearPairedBounds()
        // Released definitions are not constraints: they do not come back.
        freeHiddenRecords()
        for i in variableRecords.indices where variableRecords[i].symbol != -1 {
            variableRecords[i].symbol = Solver.noSymbol
            variableRecords[i].definition = -1
            variableRecords[i].definitionReferences = 0
        }
        // With `requiredFirst`, required constraints go first, then optional ones (edit
        // variables among them): after an add that cancelled a huge optional constant (an edit
        // suggested at -1e300, then `20·window + 20 == 0`), slot order would add that row before
        // the required constraint that pins its variable and cancel it again. Optional
        // constraints cannot fail, so `last`, if required, is still the one that fails.
        var required: [Int32] = [], optional: [Int32] = []
        for i in constraintRecords.indices where constraintRecords[i].isLive && constraintRecords[i].isAdded {
            constraintRecords[i].isAdded = false
            constraintRecords[i].marker = -1
            constraintRecords[i].other = -1
            constraintRecords[i].definition = -1
            guard Int32(i) != last else { continue }
            if !requiredFirst || constraintRecords[i].isRequired { required.append(Int32(i)) } else { optional.append(Int32(i)) }
        }
        if let last, savedConstraints[Int(last)].isAdded {
            if !requiredFirst || savedConstraints[Int(last)].isRequired { required.append(last) } else { optional.append(last) }
        }
        let order = required + optional

        beginTransaction()
        do throws(SolverError) {
            for slot in order { try addToTableau(slot) }
            // After a cancelled add the rebuilt solution must be finite, or the add's own stands.
            if requiredFirst && (tableauHoldsNonFiniteNumbers() || currentValues().contains { !$0.isFinite }) {
                throw .internalError("the rebuilt tableau overflowed")
            }
            commitTransaction()
        } catch {
            tableau = savedTableau
            definitions = savedDefinitions
            reach = savedReach
            constraintRecords = savedConstraints
            (termVariables, termCoefficients, termGarbage, freeConstraintSlots) = savedTerms
            variableRecords = savedVariables
            (boundPartner, unpairedHosts) = savedPairs
            throw error
        }
        tableau.pivotCount += pivots
    }

    /// Re-optimises after a change the records already describe. Every objective level is a
    /// weighted sum of non-negative errors, so in exact arithmetic it is bounded below and the
    /// simplex cannot fail; rounding can still make it report an unbounded direction or meet a
    /// non-finite number, when optional constraints of very different scales (`1e-7·width == 1`
    /// beside `width == 100`) leave reduced costs of 1e9 next to 1e-7 (fuzz-capi's random
    /// programs found this at coefficients of 1e-7). A numerical dead end is not the user's
    /// error: outside a transaction the tableau is built again from the records, which hold the
    /// exact state, as LP solvers refactor their basis when it loses accuracy. Inside one, the
    /// caller rolls back. A change that left a number that is not finite in the tableau is
    /// such a dead end too (looked for only when a row constant passed 1e100 since the
    /// operation began: `beginWatchingConstants`).
    func optimizeOrRebuild() throws(SolverError) {
        do throws(SolverError) {
            try tableau.optimize()
            if !tableau.journal.isActive && constantChangeOverflowed() { throw .internalError("a number overflowed") }
        } catch {
            guard case .internalError = error, !tableau.journal.isActive else { throw error }
            try rebuildAfterNumericalFailure()
        }
    }

    /// Builds the tableau again after a numerical dead end outside a transaction (see
    /// `optimizeOrRebuild`), from records that already hold the change.
    func rebuildAfterNumericalFailure() throws(SolverError) {
        numericalRebuilds += 1
        do throws(SolverError) {
            try rebuildTableau()
        } catch {
            throw .internalError("the tableau lost accuracy and could not be built again: \(error)")
        }
    }

    /// After a removal whose constant was huge. If a required constraint, accepted within the
    /// tolerance when it was added, misses it when added again in slot order, the incremental
    /// result stands (`rebuildTableau` leaves the solver as it was).
    func rebuildAfterCancellation() {
        try? rebuildTableau()
    }
}
