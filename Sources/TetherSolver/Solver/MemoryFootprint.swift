/// What a solver's storage takes: every array's capacity times its element's stride (heap
/// object headers, allocator overhead and variable names are not counted). Reported by
/// `SolverStatistics.bytes`, so that "bytes per constraint" can be measured exactly and
/// repeatably (docs/benchmarks.md), apart from what a process's peak RSS also holds.
@inline(__always)
private func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }

extension Tableau {
    var footprint: Int {
        var n = bytes(symKind) + bytes(rowOf) + bytes(symOwner) + bytes(colStart) + bytes(colLen)
        n += bytes(colCap) + bytes(objStart) + bytes(objLen) + bytes(objCap) + bytes(freeSymbols)
        n += bytes(rowBasic) + bytes(rowStart) + bytes(rowLen) + bytes(rowCap) + bytes(rowConst)
        n += bytes(rowQueued) + bytes(freeRows) + bytes(cellSym) + bytes(cellCoef) + bytes(cellColPos)
        n += bytes(colRows) + bytes(objKey) + bytes(objVal) + bytes(eligible) + bytes(infeasibleQueue)
        n += bytes(scratchSym) + bytes(scratchCoef) + bytes(scratchColPos) + bytes(columnSnapshot)
        n += bytes(pendingRemovals)
        n += bytes(accumulator) + bytes(accumulatorTouched) + bytes(accumulatorMarked)
        n += bytes(accumulatorScale) + bytes(rowEpoch) + bytes(symObjEpoch) + bytes(symMetaEpoch)
        n += bytes(valueChanged) + bytes(changedSymbols) + bytes(objFreeExtents)
        for list in objFreeExtents { n += bytes(list) }
        return n + journal.footprint
    }
}

extension Journal {
    var footprint: Int {
        var n = bytes(idLog) + bytes(rows) + bytes(cellSym) + bytes(cellCoef) + bytes(cellColPos)
        n += bytes(columnOperations) + bytes(columnRows) + bytes(objectives) + bytes(objectiveKeys)
        n += bytes(objectiveValues) + bytes(symbols)
        if let saved = savedColumns {
            n += bytes(saved.start) + bytes(saved.length) + bytes(saved.capacity) + bytes(saved.rows)
        }
        return n
    }
}

extension DefinitionStore {
    var footprint: Int {
        var n = bytes(subject) + bytes(owner) + bytes(subjectTerm) + bytes(inverse) + bytes(dummy)
        n += bytes(termStart) + bytes(termCount) + bytes(termVariable) + bytes(termCoefficient) + bytes(constant)
        n += bytes(isLive) + bytes(isReleased) + bytes(isConstant) + bytes(constantIds) + bytes(isListed) + bytes(heapIds) + bytes(heapCoefficients)
        return n + bytes(log) + users.footprint
    }
}

extension DefinitionUsers {
    var footprint: Int {
        bytes(head) + bytes(base) + bytes(definition) + bytes(next) + bytes(previous) + bytes(queued)
    }
}

extension Solver {
    /// Bytes held by this solver's arrays (see the file's comment for what is not counted).
    var footprint: Int {
        var n = tableau.footprint + definitions.footprint + reach.footprint
        n += bytes(variableRecords) + bytes(published) + bytes(freeVariableSlots)
        n += bytes(variableChanged) + bytes(changedVariables)
        n += bytes(constraintRecords) + bytes(termVariables) + bytes(termCoefficients)
        n += variableNames.capacity * (MemoryLayout<Int32>.stride + MemoryLayout<String>.stride)
        n += boundPartner.capacity * 2 * MemoryLayout<Int32>.stride
        n += unpairedHosts.capacity * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)
        return n + bytes(freeConstraintSlots)
    }
}
