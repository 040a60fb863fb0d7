/// Counters describing a solver's size.
public struct SolverStatistics: Equatable, Sendable {
    public var variables = 0
    public var constraints = 0
    public var addedConstraints = 0
    public var editVariables = 0
    public var rows = 0
    public var cells = 0
    public var pivots = 0
    /// Required equalities held as definitions outside the tableau (`DefinitionStore`).
    public var definitions = 0
    /// Bytes held by the solver's arrays (capacity × element size; MemoryFootprint.swift).
    public var bytes = 0
}

/// An incremental linear-constraint solver with strict priorities (Cassowary's dictionary
/// simplex over a sparse tableau, with a lexicographic objective).
///
/// Semantics:
/// - A constraint is `Σ coefficient·variable + constant  RELATION  0` at a priority in (0, 1000].
/// - Required (1000) constraints hold to within `1e-8` relative to the size of their terms, or
///   are rejected with `SolverError.unsatisfiable`, naming a minimal conflicting set; the solver
///   is then exactly as before the call.
/// - Optional constraints are satisfied in strict priority order; within one priority the sum of
///   absolute errors is minimised.
/// - Variables nothing determines are 0. Identical call sequences give identical values (every
///   choice is made by symbol id, never by hash order).
///
/// Variables and constraints are ids owned by the solver (index + generation); every call
/// validates them. A solver is not thread-safe: use one from one thread at a time.
public final class Solver {
    struct VariableRecord {
        /// The variable's tableau symbol; `Solver.noSymbol` while it has none (most defined
        /// variables never get one: the symbol is made when the tableau first needs it), -1
        /// while the slot is free.
        var symbol: Int32 = -1
        var generation: UInt32 = 1
        var references: Int32 = 0
        var editConstraint: Int32 = -1
        /// The definition that defines this variable outside the tableau, or -1.
        var definition: Int32 = -1
        /// How many definitions mention this variable in their terms.
        var definitionReferences: Int32 = 0
    }

    struct TermRecord {
        var variable: Int32
        var coefficient: Double
    }

    /// Fields ordered widest first, so that the record packs into 56 bytes.
    struct ConstraintRecord {
        var constant: Double = 0
        var priority: Double = 1000
        /// The marker's coefficient in `expression + markerSign·marker + … = 0` (a required row
        /// enters the tableau scaled by `Solver.rowScale`, so this is ±1 / that scale).
        var markerSign: Double = 1
        /// The terms: `termVariables`/`termCoefficients[termStart ..< termStart + termCount]`
        /// (one pool for every constraint, so a record holds no heap object of its own).
        var termStart: Int32 = 0
        var termCount: Int32 = 0
        var generation: UInt32 = 1
        /// Tableau symbols while added: the marker (slack, dummy or first error) and the second
        /// error of an optional constraint.
        var marker: Int32 = -1
        var other: Int32 = -1
        /// The definition this constraint is held as, or -1 (in the tableau, or not added).
        var definition: Int32 = -1
        var relation: Relation = .equal
        var isLive = false
        var isAdded = false
        var isEdit = false
        /// The terms of a released definition (`DefinitionStore`): no handle reaches it.
        var isHidden = false
        /// Set only inside `add(batch:)`, while it looks for a constraint named twice.
        var isBatched = false

        var isRequired: Bool { priority >= 1000 }
    }

    var tableau = Tableau()
    var definitions = DefinitionStore()
    var reach = DefinitionReach()
    var variableRecords: [VariableRecord] = []
    /// Values as of the last `updateVariables()`, by variable slot (kept apart from the records
    /// so that publishing is one tight loop over doubles).
    var published: [Double] = []
    /// Variables whose published value may be out of date (set by definition changes and by
    /// `publishChangedValues` while it propagates): one flag per slot and their list.
    var variableChanged: [Bool] = []
    var changedVariables: [Int32] = []
    /// What `updateVariables()` changed, for clients that ask (Solver+ChangedVariables.swift).
    var changedVariableRecord = ChangedVariableRecord()
    /// Names of the variables that have one (most are unnamed: kept apart from the records).
    var variableNames: [Int32: String] = [:]
    var freeVariableSlots: [Int32] = []
    var constraintRecords: [ConstraintRecord] = []
    /// The term pool of every live constraint (struct of arrays), and how many of its entries
    /// belong to freed constraints (compacted away once they outnumber the live ones).
    var termVariables: [Int32] = []
    var termCoefficients: [Double] = []
    var termGarbage = 0
    var freeConstraintSlots: [Int32] = []
    var liveVariableCount = 0
    var liveConstraintCount = 0
    var addedConstraintCount = 0
    var editVariableCount = 0
    /// Whether a rejected required constraint gets a minimal conflicting set (the helper solvers
    /// that compute those sets do not need one of their own).
    let explainsConflicts: Bool

    /// The minimal conflicting set of the last `SolverError.unsatisfiable` (empty before).
    public private(set) var lastConflict: [Constraint] = []

    /// Tag carried by this solver's ids (see `PackedID`).
    private(set) var idTag: UInt64 = 0

    /// Whether required equalities with a fresh variable are kept as definitions outside the
    /// tableau (`DefinitionStore`). Always on but for comparisons: the tests check that both
    /// settings find the same optimum, and `tether-bench --no-definitions` measures the gain.
    let eliminatesDefinitions: Bool

    public init() {
        explainsConflicts = true
        eliminatesDefinitions = true
        idTag = Solver.makeTag(self)
    }

    /// A solver that keeps every constraint in the tableau (`eliminatingDefinitions: false`), as
    /// plain Cassowary does: for measurements and differential tests.
    public init(eliminatingDefinitions: Bool) {
        explainsConflicts = true
        eliminatesDefinitions = eliminatingDefinitions
        idTag = Solver.makeTag(self)
    }

    init(explainsConflicts: Bool) {
        self.explainsConflicts = explainsConflicts
        eliminatesDefinitions = true
        idTag = Solver.makeTag(self)
    }

    private static func makeTag(_ solver: Solver) -> UInt64 {
        var h = UInt64(UInt(bitPattern: ObjectIdentifier(solver).hashValue))
        h = (h ^ (h >> 33)) &* 0xff51afd7ed558ccd
        h ^= h >> 29
        return h & PackedID.tagMask
    }

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
        guard v.rawValue != 0, v.tag == idTag, i >= 0, i < variableRecords.count,
              variableRecords[i].symbol != -1, variableRecords[i].generation == v.generation
        else { throw .invalidVariable(v) }
        return i
    }

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
            for k in start..<termVariables.count where !termCoefficients[k].isFinite {
                throw .nonFinite(what: "summed coefficient", value: termCoefficients[k])
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
        let slot = try constraintSlot(c)
        guard !constraintRecords[slot].isAdded else { throw .duplicateConstraint(c) }
        // A constraint that cannot be rejected needs no journal to undo it (most constraints of
        // a layout: an optional one, a definition, or one with a fresh variable to solve for).
        // Journaling every change was a sixth of the cost of adding such constraints.
        // A definition is made here at once, so that its fresh variable is looked for only once.
        if let subject = freshSubject(Int32(slot)) {
            define(Int32(slot), subjectTerm: subject)
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
    private func isFresh(_ v: Int32, coefficient: Double, largest: Double) -> Bool {
        let variable = variableRecords[Int(v)]
        let a = Swift.abs(coefficient)
        return variable.definition < 0 && variable.definitionReferences == 0 && isOutsideTableau(v)
            && a > 0 && largest < a * Double.greatestFiniteMagnitude
    }

    /// Adds constraints as one step: all of them, or (on any error) none.
    public func add(batch: [Constraint]) throws(SolverError) {
        try add(batch: batch, explaining: true)
    }

    /// `add(batch:)`; without `explaining`, a rejected batch throws `.unsatisfiable` naming the
    /// constraint that failed in the planned order, with no conflicting set (for a caller that
    /// then adds the constraints one by one to decide what to break: the view model's rebuild).
    package func add(batch: [Constraint], explaining: Bool) throws(SolverError) {
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
        if plan.order.count >= Solver.unjournaledBatchMinimum && noneCanBeRejected(plan.order) {
            // Nothing to undo can arise: add them as `add(_:)` adds such constraints, without a
            // journal (a transaction over a whole layout journals every row, symbol and column
            // operation it makes: the feed at 10,000 took 80 ms through one batch against 66 ms
            // one by one, 11 MB more at its peak).
            try add(plan)
            for slot in slots where !constraintRecords[Int(slot)].isEdit { addedConstraintCount += 1 }
            return
        }
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
    }

    /// Adds `plan` in one transaction: all of it, or (on any error) none. With `explaining`, a
    /// rejection names the constraint that failed and its minimal conflict among the plan's
    /// earlier constraints and the added ones; without, the error is bare.
    private func addInTransaction(_ plan: BatchPlan, explaining: Bool) throws(SolverError) {
        let slots = plan.order
        beginTransaction()
        var done = 0
        do {
            try add(plan) { done += 1 }
            commitTransaction()
        } catch {
            rollbackTransaction()
            for slot in slots[0..<Swift.min(done + 1, slots.count)] { forgetTableauSymbols(slot) }
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
    private func add(_ plan: BatchPlan, added: () -> Void = {}) throws(SolverError) {
        for (k, slot) in plan.order.enumerated() {
            let subject = plan.subjects[k]
            if subject >= 0 && canDefine(slot, subjectTerm: Int(subject)) {
                define(slot, subjectTerm: Int(subject))
            } else {
                try addToTableau(slot)
            }
            added()
        }
    }

    /// From this many constraints on, `add(batch:)` looks for a batch that cannot fail (below it,
    /// the bitmap over every variable that the look takes costs more than the journal).
    static let unjournaledBatchMinimum = 32

    /// Whether no constraint of `slots`, added in that order, can be rejected, judged before any
    /// is added: each required one has a variable that is outside the tableau now, mentioned by
    /// no definition and by no earlier constraint of the batch. Nothing else can bring such a
    /// variable into the tableau, so it is still fresh when the constraint's turn comes, and
    /// `cannotBeRejected` (or `freshSubject`) holds then.
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

    /// Removes an added constraint (it stays live and can be added again).
    public func remove(_ c: Constraint) throws(SolverError) {
        let slot = try constraintSlot(c)
        guard constraintRecords[slot].isAdded else { throw .unknownConstraint(c) }
        try removeFromTableau(Int32(slot))
        if !constraintRecords[slot].isEdit { addedConstraintCount -= 1 }
        if Solver.removalCancels(constant: constraintRecords[slot].constant) { rebuildAfterCancellation() }
    }

    /// Changes the constant of `c` in place. For an added constraint only the rows that depend on
    /// it are touched (dual simplex). An added required constraint that can no longer hold
    /// throws `.unsatisfiable` and changes nothing.
    public func setConstant(_ constant: Double, of c: Constraint) throws(SolverError) {
        let slot = try constraintSlot(c)
        guard constant.isFinite else { throw .nonFinite(what: "constant", value: constant) }
        let record = constraintRecords[slot]
        guard record.isAdded else {
            constraintRecords[slot].constant = constant
            return
        }
        let delta = constant - record.constant
        if delta == 0 { return }
        if Solver.cancels(from: record.constant, to: constant) {
            // The incremental change would leave rows of rounding noise (Solver+Rebuild.swift).
            constraintRecords[slot].constant = constant
            do throws(SolverError) {
                try rebuildTableau(last: Int32(slot))
                return
            } catch {
                constraintRecords[slot].constant = record.constant
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
        if !record.isRequired {
            if let failed = applyConstantChange(slot: Int32(slot), delta: delta) {
                _ = failed
                throw .internalError("an optional constant change left row \(failed) infeasible")
            }
            constraintRecords[slot].constant = constant
            return
        }
        beginTransaction()
        if let candidates = applyConstantChange(slot: Int32(slot), delta: delta) {
            rollbackTransaction()
            let conflict = explainsConflicts
                ? minimalConflict(rejected: Int32(slot), constant: constant, certificate: candidates, pending: [])
                : []
            lastConflict = conflict
            throw .unsatisfiable(constraint: c, conflicts: conflict)
        }
        commitTransaction()
        constraintRecords[slot].constant = constant
        if record.definition >= 0 { markVariableChanged(definitions.subject[Int(record.definition)]) }
    }

    /// Changes the priority of `c`. Required↔optional changes are refused while it is added.
    public func setPriority(_ priority: Priority, of c: Constraint) throws(SolverError) {
        let slot = try constraintSlot(c)
        let record = constraintRecords[slot]
        guard record.isAdded, record.priority != priority.value else {
            constraintRecords[slot].priority = priority.value
            return
        }
        guard record.isRequired == priority.isRequired else {
            throw .priorityMutation(c, from: record.priority, to: priority.value)
        }
        for error in errorSymbols(record) {
            tableau.objectiveAddSymbolOrRow(error, key: record.priority, scale: -1)
            tableau.objectiveAddSymbolOrRow(error, key: priority.value, scale: 1)
        }
        constraintRecords[slot].priority = priority.value
        try tableau.optimize()
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
        guard c.rawValue != 0, c.tag == idTag, i >= 0, i < constraintRecords.count, constraintRecords[i].isLive,
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
        if Solver.removalCancels(constant: constraintRecords[Int(edit)].constant) { rebuildAfterCancellation() }
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
        let edit = variableRecords[slot].editConstraint
        guard edit >= 0 else { throw .unknownEditVariable(v) }
        try moveEditConstant(edit, to: -value)
    }

    /// Gives edit constraint `edit` the constant `new` (−suggested value), re-solving with the
    /// dual simplex.
    private func moveEditConstant(_ edit: Int32, to new: Double) throws(SolverError) {
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
        if let failed = applyConstantChange(slot: edit, delta: delta) {
            throw .internalError("a suggestion left rows infeasible: \(failed)")
        }
        constraintRecords[Int(edit)].constant = new
    }

    // MARK: - Whole solver

    /// Removes every constraint and edit variable. Ids stay valid; values become 0.
    public func reset() {
        freeHiddenRecords()
        for i in constraintRecords.indices where constraintRecords[i].isLive {
            if constraintRecords[i].isEdit {
                for k in termRange(i) {
                    variableRecords[Int(termVariables[k])].references -= 1
                    variableRecords[Int(termVariables[k])].editConstraint = -1
                }
                termGarbage += Int(constraintRecords[i].termCount)
                constraintRecords[i] = ConstraintRecord(
                    generation: PackedID.nextGeneration(constraintRecords[i].generation))
                freeConstraintSlots.append(Int32(i))
                liveConstraintCount -= 1
            } else {
                constraintRecords[i].isAdded = false
                constraintRecords[i].marker = -1
                constraintRecords[i].other = -1
                constraintRecords[i].definition = -1
            }
        }
        tableau = Tableau()
        definitions = DefinitionStore()
        reach = DefinitionReach()
        for i in variableRecords.indices where variableRecords[i].symbol != -1 {
            variableRecords[i].symbol = Solver.noSymbol
            published[i] = 0
            variableRecords[i].definition = -1
            variableRecords[i].definitionReferences = 0
        }
        addedConstraintCount = 0
        editVariableCount = 0
        lastConflict = []
    }

    public var statistics: SolverStatistics {
        SolverStatistics(variables: liveVariableCount, constraints: liveConstraintCount - editVariableCount,
                         addedConstraints: addedConstraintCount, editVariables: editVariableCount,
                         rows: tableau.liveRowCount, cells: tableau.liveCellCount,
                         pivots: tableau.pivotCount,
                         definitions: definitions.liveCount - definitions.releasedCount,
                         bytes: footprint)
    }
}
