/// A readable dump of the tableau and an invariant checker that tests run after every operation.
extension Solver {
    /// The tableau as text: one line per row (`basic = constant + coefficient·symbol …`), then
    /// the objective weights per symbol (`level:weight` pairs) and the queued infeasible rows.
    /// Symbols print as `x:name` (variables), `s7` (slack), `e7` (error), `d7` (dummy).
    public func dump() -> String {
        settleEditMovesQuietly()
        let t = tableau
        var names: [Int32: String] = [:]
        for (slot, record) in variableRecords.enumerated() where record.symbol >= 0 {
            names[record.symbol] = "x:" + (variableNames[Int32(slot)] ?? "v\(record.symbol)")
        }
        func variableLabel(_ slot: Int32) -> String {
            let s = variableRecords[Int(slot)].symbol
            return s >= 0 ? label(s) : "x:" + (variableNames[slot] ?? "slot\(slot)")
        }
        func label(_ s: Int32) -> String {
            if let name = names[s] { return name }
            switch t.kind(s) {
            case .slack: return "s\(s)"
            case .error: return "e\(s)"
            case .dummy: return "d\(s)"
            case .objective: return "objective\(s)"
            case .external: return "x\(s)"
            case .free: return "free\(s)"
            }
        }
        var lines: [String] = ["Tableau: \(t.liveRowCount) rows, \(t.liveCellCount) cells, \(t.pivotCount) pivots"]
        var rows: [(Int32, Int32)] = []
        for r in 0..<t.rowBasic.count where t.rowBasic[r] >= 0 { rows.append((t.rowBasic[r], Int32(r))) }
        rows.sort { $0.0 < $1.0 }
        for (basic, r) in rows {
            var line = "\(label(basic)) = \(t.rowConst[Int(r)])"
            let start = Int(t.rowStart[Int(r)])
            for k in start..<(start + Int(t.rowLen[Int(r)])) {
                line += " + \(t.cellCoef[k])*\(label(t.cellSym[k]))"
            }
            lines.append(line)
        }
        lines.append("Objective:")
        for s in 1..<t.symKind.count where t.objLen[s] > 0 {
            let start = Int(t.objStart[s])
            let parts = (start..<(start + Int(t.objLen[s]))).map { "\(t.objKey[$0]):\(t.objVal[$0])" }
            lines.append("  \(label(Int32(s))): [\(parts.joined(separator: ", "))]")
        }
        lines.append("Infeasible rows: \(t.infeasibleQueue.map { label(t.rowBasic[Int($0)]) })")
        if definitions.liveCount > 0 {
            lines.append("Definitions:")
            let store = definitions
            for id in store.firstLive..<store.count where store.isLive[id] {
                var line = "  \(variableLabel(store.subject[id])) := \(definitionConstant(Int32(id)))"
                forEachTerm(of: Int32(id)) { v, c in line += " + \(c)*\(variableLabel(v))" }
                if store.dummy[id] >= 0 { line += " + \(store.inverse[id])*\(label(store.dummy[id])) (released)" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Verifies the tableau's invariants; throws `.internalError` naming the first violation:
    /// rows sorted and free of basic symbols and cancelled cells, a basic dummy's row of dummies
    /// only; the column index equal to the
    /// true row membership; restricted rows feasible; the objective optimal (no eligible entering
    /// symbol) and only on parametric symbols; the eligibility bitset consistent; every added
    /// required constraint satisfied by the current solution.
    public func checkInvariants() throws(SolverError) {
        try settleEditMoves()
        let t = tableau
        func fail(_ message: String) -> SolverError { .internalError("invariant violated: " + message) }
        var cellCount = 0
        var liveRows = 0
        for r in 0..<t.rowBasic.count {
            let basic = t.rowBasic[r]
            guard basic >= 0 else { continue }
            liveRows += 1
            guard t.rowOf[Int(basic)] == Int32(r) else { throw fail("rowOf of basic \(basic) is not row \(r)") }
            if t.kind(basic).isRestricted && t.rowConst[r] < -Tolerance.feasibility {
                throw fail("restricted row \(r) (basic \(basic)) is infeasible: \(t.rowConst[r])")
            }
            let start = Int(t.rowStart[r])
            var previous: Int32 = 0
            for k in start..<(start + Int(t.rowLen[r])) {
                let s = t.cellSym[k]
                cellCount += 1
                guard s > previous else { throw fail("row \(r) is not sorted by symbol") }
                previous = s
                guard t.kind(s) != .free else { throw fail("row \(r) mentions freed symbol \(s)") }
                guard t.rowOf[Int(s)] < 0 else { throw fail("basic symbol \(s) appears in row \(r)") }
                guard t.cellCoef[k] != 0 else { throw fail("row \(r) keeps a zero cell for \(s)") }
                // A basic dummy (a redundant equality) must not move: its row holds only dummies.
                guard t.kind(basic) != .dummy || t.kind(s) == .dummy else {
                    throw fail("row \(r) of dummy \(basic) mentions non-dummy symbol \(s)")
                }
                let pos = Int(t.cellColPos[k])
                guard pos >= 0, pos < Int(t.colLen[Int(s)]),
                      t.colRows[Int(t.colStart[Int(s)]) + pos] == Int32(r)
                else { throw fail("column index of symbol \(s) does not point back to row \(r)") }
            }
        }
        guard liveRows == t.liveRowCount else { throw fail("live row count \(t.liveRowCount) != \(liveRows)") }
        guard cellCount == t.liveCellCount else { throw fail("live cell count \(t.liveCellCount) != \(cellCount)") }
        var columnEntries = 0
        for s in 1..<t.symKind.count {
            columnEntries += Int(t.colLen[s])
            let eligibleBit = t.eligible[s >> 6] & (UInt64(1) << UInt64(s & 63)) != 0
            let len = Int(t.objLen[s])
            if len > 0 {
                guard t.rowOf[s] < 0 else { throw fail("basic symbol \(s) has an objective weight") }
                let start = Int(t.objStart[s])
                for k in start..<(start + len) where k > start {
                    guard t.objKey[k] < t.objKey[k - 1] else { throw fail("objective weight of \(s) not sorted") }
                }
            }
            let shouldBeEligible = t.rowOf[s] < 0 && len > 0
                && Tableau.improves(kind: t.symKind[s], leadingWeight: t.objVal[Int(t.objStart[s])])
            guard eligibleBit == shouldBeEligible else { throw fail("eligibility bit of symbol \(s) is stale") }
            guard !shouldBeEligible else { throw fail("not optimal: symbol \(s) can still improve the objective") }
        }
        guard columnEntries == cellCount else {
            throw fail("column index holds \(columnEntries) entries for \(cellCount) cells")
        }
        guard t.infeasibleQueue.isEmpty else { throw fail("infeasible rows left in the queue") }
        guard !t.journal.isActive else { throw fail("a transaction is still open") }
        try checkObjective(fail)

        // Definitions: in force for their subject only; the subject is in no row, and every
        // definition mentions older definitions only (the evaluation order).
        var definitionCount = 0
        for (slot, record) in variableRecords.enumerated() where record.symbol != -1 {
            if record.symbol >= 0 {
                guard t.kind(record.symbol) == .external, t.symOwner[Int(record.symbol)] == Solver.externalOwner(Int32(slot)) else {
                    throw fail("variable \(slot) has symbol \(record.symbol), which is not its own")
                }
            }
            let id = record.definition
            guard id >= 0 else { continue }
            definitionCount += 1
            guard definitions.isLive[Int(id)], definitions.subject[Int(id)] == Int32(slot) else {
                throw fail("variable \(slot) names definition \(id), which does not define it")
            }
            guard isOutsideTableau(Int32(slot)) else {
                throw fail("defined variable \(slot) appears in the tableau")
            }
            var newer: Int32 = -1
            forEachTerm(of: id) { v, _ in
                let other = variableRecords[Int(v)].definition
                if other >= 0 && !definitions.isConstant[Int(other)] { newer = Swift.max(newer, other) }
            }
            guard newer < id else { throw fail("definition \(id) mentions a newer definition \(newer)") }
            // The copy of its terms that publishing reads (`DefinitionStore.termStart`).
            let range = termRange(Int(definitions.owner[Int(id)]))
            let skip = range.lowerBound + Int(definitions.subjectTerm[Int(id)])
            let copied = range.filter { $0 != skip }.map { (termVariables[$0], termCoefficients[$0]) }
            if Int(id) < definitions.copiedTerms {
                let start = Int(definitions.termStart[Int(id)])
                let count = Int(definitions.termCount[Int(id)])
                guard count == copied.count, start + count <= definitions.termVariable.count,
                      zip(definitions.termVariable[start..<(start + count)],
                          definitions.termCoefficient[start..<(start + count)])
                          .elementsEqual(copied, by: { $0.0 == $1.0 && $0.1 == $1.1 }) else {
                    throw fail("definition \(id)'s copied terms differ from its constraint's")
                }
            }
            guard definitions.constant[Int(id)] == constraintRecords[Int(definitions.owner[Int(id)])].constant else {
                throw fail("definition \(id)'s copied constant differs from its constraint's")
            }
        }
        guard definitionCount == definitions.liveCount else {
            throw fail("\(definitions.liveCount) live definitions for \(definitionCount) defined variables")
        }
        try checkDefinitionUsers()
        // Released definitions read a hidden record and have a free dummy; reach entries link
        // added tableau constraints to live, unreleased definitions, both ways.
        for id in 0..<definitions.count where definitions.isLive[id] && definitions.isReleased[id] {
            let owner = Int(definitions.owner[id])
            guard constraintRecords[owner].isHidden, constraintRecords[owner].definition == Int32(id),
                  definitions.dummy[id] >= 0, t.kind(definitions.dummy[id]) == .external else {
                throw fail("released definition \(id) lost its hidden record or its dummy")
            }
        }
        var linked = 0
        for id in 0..<reach.head.count {
            var e = reach.head[id]
            var previous: Int32 = -1
            while e >= 0 {
                linked += 1
                guard reach.definition[Int(e)] == Int32(id), reach.previous[Int(e)] == previous else {
                    throw fail("reach list of definition \(id) is broken at entry \(e)")
                }
                guard id < definitions.count, definitions.isLive[id], !definitions.isReleased[id] else {
                    throw fail("reach entry \(e) names definition \(id), which is not in force")
                }
                let j = Int(reach.constraint[Int(e)])
                guard reach.entries(of: Int32(j)).contains(Int(e)) else {
                    throw fail("reach entry \(e) is outside the range of constraint \(j)")
                }
                let record = constraintRecords[j]
                guard record.isLive, record.isAdded, record.definition < 0, record.marker >= 0 else {
                    throw fail("reach entry \(e) names constraint \(j), which is not in the tableau")
                }
                previous = e
                e = reach.next[Int(e)]
            }
        }
        guard linked == reach.liveEntries else {
            throw fail("\(reach.liveEntries) live reach entries, \(linked) linked")
        }

        let values = currentValues()
        for (i, record) in constraintRecords.enumerated() where record.isLive && record.isAdded && record.isRequired {
            var residual = record.constant
            var scale = Swift.abs(record.constant)
            for k in termRange(i) {
                let value = values[Int(termVariables[k])]
                residual += termCoefficients[k] * value
                scale += Swift.abs(termCoefficients[k] * value)
            }
            let tolerance = Tolerance.requiredResidual * Swift.max(1, scale)
            let holds: Bool
            switch record.relation {
            case .equal: holds = Swift.abs(residual) <= tolerance
            case .lessThanOrEqual: holds = residual <= tolerance
            case .greaterThanOrEqual: holds = residual >= -tolerance
            }
            guard holds else {
                throw fail("required constraint \(handle(Int32(i)).rawValue) does not hold (residual \(residual))")
            }
        }
        for (slot, partner) in boundPartner.sorted(by: { $0.key < $1.key }) {
            let a = constraintRecords[Int(slot)], b = constraintRecords[Int(partner)]
            guard boundPartner[partner] == slot, a.isLive, a.isAdded, b.isLive, b.isAdded,
                  a.marker == b.other, a.other == b.marker, a.relation != b.relation,
                  a.constant == b.constant else {
                throw fail("paired bounds \(slot) and \(partner) do not share one row")
            }
        }
    }
}

extension Solver {
    /// The objective against the records: every added optional constraint's errors weighted 1 at
    /// its priority, a basic error replaced by its row. Catches a weight left behind or missing
    /// (a removal or a paired bound's detachment that took the wrong symbol or priority).
    func checkObjective(_ fail: (String) -> SolverError) throws(SolverError) {
        let t = tableau
        // Each weight with the sum of the magnitudes it was summed from: the rounding of a sum is
        // relative to that, not to the sum (rows of 1e±100 coefficients meet in fuzz-capi).
        var expected: [Int32: [Double: (sum: Double, magnitude: Double)]] = [:]
        func add(_ s: Int32, _ level: Double, _ a: Double) {
            let old = expected[s, default: [:]][level] ?? (0, 0)
            expected[s, default: [:]][level] = (old.sum + a, old.magnitude + Swift.abs(a))
        }
        for (i, record) in constraintRecords.enumerated() where record.isLive && record.isAdded && !record.isRequired {
            for e in errorSymbols(Int32(i)) {
                let r = t.rowOf[Int(e)]
                if r < 0 {
                    add(e, record.priority, 1)
                    continue
                }
                let start = Int(t.rowStart[Int(r)])
                for k in start..<(start + Int(t.rowLen[Int(r)])) { add(t.cellSym[k], record.priority, t.cellCoef[k]) }
            }
        }
        for s in 1..<t.symKind.count {
            var stored: [Double: Double] = [:]
            let start = Int(t.objStart[s])
            for k in start..<(start + Int(t.objLen[s])) { stored[t.objKey[k]] = t.objVal[k] }
            let want = expected[Int32(s)] ?? [:]
            for level in Set(stored.keys).union(want.keys) {
                let a = stored[level] ?? 0, (b, magnitude) = want[level] ?? (0, 0)
                guard Swift.abs(a - b) <= 1e-7 * Swift.max(1, magnitude, Swift.abs(a)) else {
                    throw fail("objective weight of symbol \(s) at priority \(level) is \(a), the records give \(b)")
                }
            }
        }
    }

    /// `DefinitionUsers`, if built, against the definitions' terms: each live definition's
    /// entries linked, each in the list of its term's variable (the subject's has none), the
    /// others unlinked, the lists well formed, and the worklist empty.
    func checkDefinitionUsers() throws(SolverError) {
        let users = definitions.users
        func fail(_ message: String) -> SolverError { .internalError("invariant violated: " + message) }
        guard users.isBuilt else { return }
        guard users.queued.allSatisfy({ $0 == 0 }) else { throw fail("definition worklist is not empty") }
        guard users.definition.count == users.next.count, users.next.count == users.previous.count,
              users.base.count <= definitions.count else {
            throw fail("definition users' arrays disagree in size")
        }
        var expected = 0
        for id in 0..<definitions.count {
            let first = id < users.base.count ? Int(users.base[id]) : -1
            guard definitions.isLive[id] else {
                // A removed definition's owner record may hold another constraint by now: its
                // entries are those that name it, all unlinked.
                var e = Swift.max(first, 0)
                while first >= 0 && e < users.definition.count && users.definition[e] == Int32(id) {
                    guard users.next[e] < 0 else { throw fail("users' entry \(e) of removed definition \(id) is linked") }
                    e += 1
                }
                continue
            }
            let range = termRange(Int(definitions.owner[id]))
            guard first >= 0, first + range.count - 1 <= users.definition.count else {
                throw fail("live definition \(id) has no entries in the users' index")
            }
            for e in first..<(first + range.count - 1) {
                guard users.definition[e] == Int32(id) else {
                    throw fail("users' entry \(e) does not name definition \(id)")
                }
                guard users.next[e] >= 0 else { throw fail("users' entry \(e) of definition \(id) is not linked") }
                expected += 1
            }
        }
        var listed = 0
        for v in 0..<users.head.count {
            let h = users.head[v]
            guard h >= 0 else { continue }
            var e = Int(h)
            repeat {
                listed += 1
                guard listed <= users.liveEntries else { throw fail("users' list of variable \(v) does not close") }
                let n = Int(users.next[e])
                guard n >= 0, users.previous[n] == Int32(e) else { throw fail("users' list of variable \(v) is broken at entry \(e)") }
                let id = Int(users.definition[e])
                let skip = Int(definitions.subjectTerm[id])
                let k = termRange(Int(definitions.owner[id])).lowerBound
                    + DefinitionUsers.term(e - Int(users.base[id]), skip: skip)
                guard termVariables[k] == Int32(v) else {
                    throw fail("users' entry \(e) is in the list of variable \(v), its term's is \(termVariables[k])")
                }
                e = n
            } while e != Int(h)
        }
        guard listed == expected, expected == users.liveEntries else {
            throw fail("\(users.liveEntries) live users' entries, \(expected) expected, \(listed) listed")
        }
    }
}
