/// Value ranges of many variables at once (an ambiguity check of a whole tree).
///
/// `valueRange(of:)` writes its variable over the parametric symbols by walking every definition
/// behind it, so asking it of each view in a row of n siblings pinned to their neighbours walks
/// chains of 1, 2, … n definitions: Θ(n²) (issue 18: 6,000 siblings took 4.4 s, 100,000 more than
/// 5 minutes). Here each definition reached is written over the parametric symbols once, from the
/// expansions of the definitions it mentions, and every range reuses them.
extension Solver {
    /// The expansions of definitions over parametric symbols, in one pool. A term whose variable
    /// has no tableau symbol yet (nothing constrains it but definitions) is kept as `-1 - slot`,
    /// so that making the expansions changes nothing in the tableau. Indexed by definition id in a
    /// table over every definition when the call reaches many of them, in a dictionary otherwise:
    /// a call costs what it reaches (a view of a deep chain asked on its own reaches few), and a
    /// whole tree is not slowed by hashing (the dictionary alone made the trace of 100,000
    /// siblings 1.5× slower).
    private struct Expansions {
        private var dense: [(start: Int32, count: Int32, constant: Double)] = []
        private var sparse: [Int32: (start: Int32, count: Int32, constant: Double)] = [:]
        private let isDense: Bool
        var symbols: [Int32] = []
        var coefficients: [Double] = []

        init(reached: Int, definitions: Int) {
            isDense = reached * 8 >= definitions
            if isDense { dense = Array(repeating: (0, 0, 0), count: definitions) }
        }

        /// Where definition `id`'s expansion lies in the pool, and its constant.
        func of(_ id: Int32) -> (range: Range<Int>, constant: Double) {
            let e = isDense ? dense[Int(id)] : sparse[id]!
            return (Int(e.start)..<Int(e.start + e.count), e.constant)
        }

        /// Records that the pool's entries from `start` on are definition `id`'s expansion.
        mutating func close(_ id: Int32, from start: Int, constant: Double) {
            let e = (Int32(start), Int32(symbols.count - start), constant)
            if isDense { dense[Int(id)] = e } else { sparse[id] = e }
        }
    }

    /// The range of values each variable takes over all optimal solutions, as `valueRange(of:)`
    /// gives it for one (same order as `variables`). The solver is left exactly as it was.
    /// - Complexity: the expansions of the definitions reached, once each, then per variable two
    ///   short simplex runs over its own expansion.
    public func valueRanges(of variables: [Variable]) throws(SolverError) -> [(lower: Double, upper: Double)] {
        try settleEditMoves()
        var slots: [Int32] = []
        slots.reserveCapacity(variables.count)
        for v in variables { slots.append(Int32(try variableSlot(v))) }
        let expansions = expandDefinitions(reachedFrom: slots)

        var out: [(lower: Double, upper: Double)] = []
        out.reserveCapacity(slots.count)
        var unsymbolized: [Int32: Double] = [:]
        for slot in slots {
            // The variable over the parametric symbols: its definition's expansion, or itself.
            var terms: ArraySlice<Int32> = []
            var coefficients: ArraySlice<Double> = []
            var constant = 0.0
            var single: (symbols: [Int32], coefficients: [Double]) = ([], [])
            let id = variableRecords[Int(slot)].definition
            if id >= 0 {
                let (range, c) = expansions.of(id)
                terms = expansions.symbols[range]
                coefficients = expansions.coefficients[range]
                constant = c
            } else {
                let s = variableRecords[Int(slot)].symbol
                if s >= 0 {
                    // A basic symbol by its row.
                    constant = tableau.accumulate(symbol: s, 1)
                    let n = tableau.gatherAccumulator(sign: 1)
                    single = (Array(tableau.scratchSym[0..<n]), Array(tableau.scratchCoef[0..<n]))
                } else {
                    single = ([-1 - slot], [1])
                }
                terms = single.symbols[...]
                coefficients = single.coefficients[...]
            }
            // A variable nothing but definitions mentions moves freely either way (as
            // `valueRange` finds when it gives it a symbol: the face is unbounded along it).
            unsymbolized.removeAll(keepingCapacity: true)
            for (s, c) in zip(terms, coefficients) where s < 0 { unsymbolized[s, default: 0] += c }
            if unsymbolized.values.contains(where: { $0 != 0 }) {
                out.append((-.infinity, .infinity))
                continue
            }
            let upper = extreme(terms: terms, coefficients: coefficients, constant: constant, sign: -1)
            let lower = extreme(terms: terms, coefficients: coefficients, constant: constant, sign: 1)
            out.append((lower, upper))
        }
        return out
    }

    /// Writes every definition reached from `slots` over the parametric symbols, each once, in
    /// an order where a definition comes after those it mentions (constants, then ids
    /// increasing: `DefinitionStore`).
    private func expandDefinitions(reachedFrom slots: [Int32]) -> Expansions {
        var reached: [Int32] = []
        var stack: [Int32] = []
        var seen = Set<Int32>()
        for slot in slots {
            let id = variableRecords[Int(slot)].definition
            if id >= 0 && seen.insert(id).inserted { stack.append(id) }
        }
        while let id = stack.popLast() {
            reached.append(id)
            forEachTerm(of: id) { u, _ in
                let du = variableRecords[Int(u)].definition
                if du >= 0 && seen.insert(du).inserted { stack.append(du) }
            }
        }
        reached.sort { (definitions.isConstant[Int($0)] ? 0 : 1, $0) < (definitions.isConstant[Int($1)] ? 0 : 1, $1) }
        var e = Expansions(reached: reached.count, definitions: definitions.count)

        var unsymbolized: [Int32: Double] = [:]
        for id in reached {
            var constant = definitionConstant(id)
            unsymbolized.removeAll(keepingCapacity: true)
            if definitions.isReleased[Int(id)] {
                constant += tableau.accumulate(symbol: definitions.dummy[Int(id)], definitions.inverse[Int(id)])
            }
            forEachTerm(of: id) { u, c in
                let du = variableRecords[Int(u)].definition
                if du >= 0 {
                    let (range, duConstant) = e.of(du)
                    constant += c * duConstant
                    for k in range {
                        let s = e.symbols[k]
                        if s < 0 {
                            unsymbolized[s, default: 0] += c * e.coefficients[k]
                        } else {
                            tableau.accumulateRaw(s, c * e.coefficients[k])
                        }
                    }
                } else if variableRecords[Int(u)].symbol >= 0 {
                    constant += tableau.accumulate(symbol: variableRecords[Int(u)].symbol, c)
                } else {
                    unsymbolized[-1 - u, default: 0] += c
                }
            }
            let n = tableau.gatherAccumulator(sign: 1)
            let start = e.symbols.count
            for k in 0..<n {
                e.symbols.append(tableau.scratchSym[k])
                e.coefficients.append(tableau.scratchCoef[k])
            }
            for (s, c) in unsymbolized where c != 0 {
                e.symbols.append(s)
                e.coefficients.append(c)
            }
            e.close(id, from: start, constant: constant)
        }
        return e
    }

    /// min (sign · v) over the optimal face, where v = constant + Σ coefficient·symbol over
    /// parametric symbols, returned as the value of v there (±infinity when unbounded). The
    /// tableau is rolled back.
    private func extreme(terms: ArraySlice<Int32>, coefficients: ArraySlice<Double>,
                         constant: Double, sign: Double) -> Double {
        beginTransaction()
        defer { rollbackTransaction() }
        tableau.reserveScratch(terms.count)
        var n = 0
        for (s, c) in zip(terms, coefficients) {
            tableau.scratchSym[n] = s
            tableau.scratchCoef[n] = sign * c
            tableau.scratchColPos[n] = -1
            n += 1
        }
        let objective = tableau.allocSymbol(.objective)
        let objectiveRow = tableau.installRow(basic: objective, constant: sign * constant, scratchCount: n)
        var ray: (symbol: Int32, increasing: Bool)?
        let bounded = tableau.minimizeOverOptimalFace(objectiveRow, unboundedRay: &ray)
        return bounded ? sign * tableau.rowConst[Int(objectiveRow)] : -sign * .infinity
    }
}
