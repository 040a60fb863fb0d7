/// Which variables `updateVariables()` gave new values: a client that mirrors the values (a view
/// model writing frames) updates only those instead of reading every variable after each solve.
///
/// Off until `recordsChangedVariables` is set. While on, every `updateVariables()` adds the
/// variables whose published value it changed (a superset: a variable may be listed with its old
/// value, never left out) until `takeChangedVariables(into:)` hands them over. An update that
/// republishes every value at once (the first after building, after a rollback, after `reset`)
/// does not list them: the record is then incomplete and the client reads everything.
struct ChangedVariableRecord {
    var isOn = false
    /// Whether an update since the last take republished everything without listing it.
    var isIncomplete = false
    var slots: [Int32] = []
}

extension Variable {
    /// A small index, unique among the live variables of one solver (a freed variable's index
    /// may be given to a later one): for tables indexed by variable.
    public var denseIndex: Int { Int(index) }
}

extension Solver {
    /// Whether `updateVariables()` records the variables it changes (see
    /// `takeChangedVariables(into:)`). Turning it on or off forgets what was recorded; turning it
    /// on starts with an incomplete record (nothing before it was recorded).
    public var recordsChangedVariables: Bool {
        get { changedVariableRecord.isOn }
        set {
            changedVariableRecord = ChangedVariableRecord()
            changedVariableRecord.isOn = newValue
            changedVariableRecord.isIncomplete = newValue
        }
    }

    /// Hands over the variables whose published values changed in the `updateVariables()` calls
    /// since the last take (replacing `out`'s contents; a variable may appear more than once) and
    /// starts a new record. Returns false, with `out` empty, when the record is incomplete
    /// (recording is off, was just turned on, or an update republished every value): the caller
    /// must then treat every variable as changed.
    public func takeChangedVariables(into out: inout [Variable]) -> Bool {
        out.removeAll(keepingCapacity: true)
        defer {
            changedVariableRecord.slots.removeAll(keepingCapacity: true)
            changedVariableRecord.isIncomplete = false
        }
        guard changedVariableRecord.isOn, !changedVariableRecord.isIncomplete else { return false }
        for slot in changedVariableRecord.slots {
            let record = variableRecords[Int(slot)]
            guard record.symbol != -1 else { continue }  // freed since
            out.append(Variable(index: slot, generation: record.generation, tag: idTag))
        }
        return true
    }

    /// `takeChangedVariables(into:)` as dense indices (`Variable.denseIndex`), for clients whose
    /// tables are indexed by them: hands over the record itself (no copy; `out`'s storage is kept
    /// for the next record). An index may appear more than once, and may be that of a variable
    /// freed since (or of a later variable given its index).
    public func takeChangedDenseIndices(into out: inout [Int32]) -> Bool {
        out.removeAll(keepingCapacity: true)
        defer { changedVariableRecord.isIncomplete = false }
        guard changedVariableRecord.isOn, !changedVariableRecord.isIncomplete else {
            changedVariableRecord.slots.removeAll(keepingCapacity: true)
            return false
        }
        swap(&out, &changedVariableRecord.slots)
        return true
    }

    /// Calls `body` with the published values (as `value(of:)` returns them) indexed by
    /// `Variable.denseIndex` (entries of free indices mean nothing). The buffer is valid during the
    /// call only.
    public func withPublishedValues<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try published.withUnsafeBufferPointer(body)
    }

    /// Called by `publishChangedValues` with the variables it published, before it clears them.
    func recordChangedVariables() {
        guard changedVariableRecord.isOn, !changedVariableRecord.isIncomplete else { return }
        changedVariableRecord.slots.append(contentsOf: changedVariables)
    }

    /// Called by `updateVariables` when it republishes every value without listing them.
    func recordEveryVariableChanged() {
        guard changedVariableRecord.isOn else { return }
        changedVariableRecord.isIncomplete = true
        changedVariableRecord.slots.removeAll(keepingCapacity: true)
    }
}
