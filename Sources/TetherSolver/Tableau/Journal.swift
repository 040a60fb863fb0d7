/// The undo log of one open tableau transaction.
///
/// An operation that may fail part-way (adding a required constraint, a batch, changing a
/// required constant) opens a transaction. Each row, column, objective weight and symbol record is
/// copied the first time the transaction changes it (an epoch number per object makes the check
/// O(1)); allocations and frees of ids are logged in order. Rolling back writes the copies back
/// and undoes the id log in reverse, which restores the tableau exactly, free lists included
/// (free symbols that a transaction added to the arrays stay there, free).
/// The cost is proportional to what the operation touched, not to the size of the tableau.
struct Journal {
    enum IdOperation {
        /// Symbols are only ever taken from the free list (`allocSymbol` adds free ones in
        /// chunks), so there is no append to undo.
        case recycleSymbol(Int32), freeSymbol(Int32)
        case appendRow, recycleRow(Int32), freeRow(Int32)
    }

    struct SavedRow {
        var slot: Int32
        var basic: Int32  // -1: the slot was free
        var constant: Double
        var cellStart: Int
        var cellCount: Int
    }

    /// Column changes are logged as operations (not copies), so appending one row to a long
    /// column costs O(1) to journal; they are undone in reverse order.
    enum ColumnOperation {
        case append(symbol: Int32)
        case remove(symbol: Int32, position: Int32, row: Int32)
        case clear(symbol: Int32, start: Int, count: Int)
    }

    /// The whole column index, as `Tableau` holds it (Tableau+Columns.swift).
    struct ColumnIndex {
        var start: [Int32]
        var length: [Int32]
        var capacity: [Int32]
        var rows: [Int32]
        var garbage: Int
    }

    struct SavedRange {
        var symbol: Int32
        var start: Int
        var count: Int
    }

    struct SavedSymbol {
        var symbol: Int32
        var kind: SymbolKind
        var owner: Int32
        var rowOf: Int32
    }

    struct Counters {
        var liveSymbols: Int
        var liveRows: Int
        var liveCells: Int
        var pivots: Int
    }

    var isActive = false
    var epoch: UInt32 = 0
    var counters = Counters(liveSymbols: 0, liveRows: 0, liveCells: 0, pivots: 0)
    var idLog: [IdOperation] = []
    var rows: [SavedRow] = []
    var cellSym: [Int32] = []
    var cellCoef: [Double] = []
    var cellColPos: [Int32] = []
    var columnOperations: [ColumnOperation] = []
    var columnRows: [Int32] = []
    /// Past this many column operations the log is replaced by a copy of the index as it was at
    /// `beginTransaction()` (`savedColumns`). Operations are cheap to log one by one, but their
    /// number grows with the pivots, not with the tableau: a batch of grid2d at 100×100 logged
    /// over 17 GB of them and then failed to allocate 34 GB. A copy costs about what the index
    /// holds, so the limit is that size (set when the transaction begins), and the log never
    /// holds more than about the index itself.
    var columnLogLimit = 0
    /// The column index at `beginTransaction()`, once the log passed `columnLogLimit`; nothing
    /// more is logged for columns after that.
    var savedColumns: ColumnIndex?
    var objectives: [SavedRange] = []
    var objectiveKeys: [Double] = []
    var objectiveValues: [Double] = []
    var symbols: [SavedSymbol] = []

    init() {}

    init(epoch: UInt32) { self.epoch = epoch }

    /// Empties the log. Most transactions touch little (a definition journals one symbol), so
    /// only the non-empty parts are cleared: this runs twice per added constraint.
    mutating func clear() {
        if !idLog.isEmpty { idLog.removeAll(keepingCapacity: true) }
        if !rows.isEmpty { rows.removeAll(keepingCapacity: true) }
        if !cellSym.isEmpty {
            cellSym.removeAll(keepingCapacity: true)
            cellCoef.removeAll(keepingCapacity: true)
            cellColPos.removeAll(keepingCapacity: true)
        }
        if !columnOperations.isEmpty { columnOperations.removeAll(keepingCapacity: true) }
        if !columnRows.isEmpty { columnRows.removeAll(keepingCapacity: true) }
        if savedColumns != nil { savedColumns = nil }
        if !objectives.isEmpty { objectives.removeAll(keepingCapacity: true) }
        if !objectiveKeys.isEmpty {
            objectiveKeys.removeAll(keepingCapacity: true)
            objectiveValues.removeAll(keepingCapacity: true)
        }
        if !symbols.isEmpty { symbols.removeAll(keepingCapacity: true) }
    }
}
