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
    public internal(set) var lastConflict: [Constraint] = []

    /// Tag carried by this solver's ids (see `PackedID`).
    private(set) var idTag: UInt64 = 0

    /// Edit constraints pinned where `addEditVariable` found their variable, with the constant
    /// each is to move to, and the error of a move that failed where the call could not throw
    /// (Solver+EditVariables.swift, `settleEditMoves`).
    var deferredEditMoves: [(edit: Int32, target: Double)] = []
    var deferredEditFailure: SolverError?
    /// Whether either of the two above holds anything (the one test every call makes).
    var editMovesWait = false

    /// Set once a number beyond `Solver.largeMagnitude` reaches the solver (Solver+Overflow.swift):
    /// from then on every add is journaled and checked for overflow.
    var magnitudesAreLarge = false

    /// Set once a coefficient beyond 1e±10 reaches the solver (`noteCoefficient`): from then on
    /// constant changes are journaled, so that one whose solution overflows is undone exactly.
    var extremeCoefficients = false

    /// How many times the tableau was built again from the records (Solver+Rebuild.swift), and
    /// how many of those resolved a numerical dead end of the simplex (`optimizeOrRebuild`); for
    /// tests and diagnostics.
    public internal(set) var tableauRebuilds = 0
    public internal(set) var numericalRebuilds = 0

    /// Whether required equalities with a fresh variable are kept as definitions outside the
    /// tableau (`DefinitionStore`). Always on but for comparisons: the tests check that both
    /// settings find the same optimum, and `tether-bench --no-definitions` measures the gain.
    let eliminatesDefinitions: Bool

    /// Whether an optional inequality shares the row of an added one with the same terms and
    /// constant and the opposite relation (Solver+PairedBounds.swift). Always on but for
    /// differential tests.
    let pairsBounds: Bool
    /// Both constraints of every pair, each to the other.
    var boundPartner: [Int32: Int32] = [:]
    /// Optional inequalities that could host a paired bound, by `boundKey` (checked on use).
    var unpairedHosts: [UInt64: Int32] = [:]

    public init() {
        explainsConflicts = true
        eliminatesDefinitions = true
        pairsBounds = true
        idTag = Solver.makeTag(self)
    }

    /// A solver that gives every optional inequality a row of its own (`pairingBounds: false`):
    /// for differential tests of Solver+PairedBounds.swift.
    init(pairingBounds: Bool) {
        explainsConflicts = true
        eliminatesDefinitions = true
        pairsBounds = pairingBounds
        idTag = Solver.makeTag(self)
    }

    /// A solver that keeps every constraint in the tableau (`eliminatingDefinitions: false`), as
    /// plain Cassowary does: for measurements and differential tests.
    public init(eliminatingDefinitions: Bool) {
        explainsConflicts = true
        eliminatesDefinitions = eliminatingDefinitions
        pairsBounds = true
        idTag = Solver.makeTag(self)
    }

    init(explainsConflicts: Bool) {
        self.explainsConflicts = explainsConflicts
        eliminatesDefinitions = true
        pairsBounds = true
        idTag = Solver.makeTag(self)
    }

    private static func makeTag(_ solver: Solver) -> UInt64 {
        var h = UInt64(UInt(bitPattern: ObjectIdentifier(solver).hashValue))
        h = (h ^ (h >> 33)) &* 0xff51afd7ed558ccd
        h ^= h >> 29
        return h & PackedID.tagMask
    }

    // MARK: - Whole solver

    /// Removes every constraint and edit variable. Ids stay valid; values become 0.
    public func reset() {
        deferredEditMoves = []
        deferredEditFailure = nil
        editMovesWait = false
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
        clearPairedBounds()
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
        settleEditMovesQuietly()
        return SolverStatistics(variables: liveVariableCount, constraints: liveConstraintCount - editVariableCount,
                         addedConstraints: addedConstraintCount, editVariables: editVariableCount,
                         rows: tableau.liveRowCount, cells: tableau.liveCellCount,
                         pivots: tableau.pivotCount,
                         definitions: definitions.liveCount - definitions.releasedCount,
                         bytes: footprint)
    }
}
