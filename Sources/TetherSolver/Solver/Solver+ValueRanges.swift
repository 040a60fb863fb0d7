/// Value ranges of many variables at once (an ambiguity check of a whole tree).
///
/// `valueRange(of:)` writes its variable over the parametric symbols by walking every definition
/// behind it, so asking it of each view in a row of n siblings pinned to their neighbours walks
/// chains of 1, 2, … n definitions: Θ(n²) (issue 18: 6,000 siblings took 4.4 s, 100,000 more than
/// 5 minutes). Here each definition reached whose expansion is short is written over the
/// parametric symbols once, from the expansions of the definitions it mentions, and every range
/// reuses them. A long expansion is not kept: in a column of sections whose tops are defined
/// one through the next over free heights, the k-th top's expansion holds k heights, so keeping
/// every one costs Θ(depth²) for a query about one view. A variable with a long expansion is
/// walked instead, on its own, down to the short expansions below it (`accumulateWalk`). And
/// before any of that, a variable that no optimal solution moves takes its value as its range
/// without an expansion (`Solver+FixedOnOptimalFace.swift`).
extension Solver {
    /// The longest expansion kept for reuse. Longer ones are walked per asked variable, which
    /// costs about their own length (what the range query itself costs: its objective row).
    static let keptExpansionLength = 64

    /// The expansions of definitions over parametric symbols, in one pool. A term whose variable
    /// has no tableau symbol yet (nothing constrains it but definitions) is kept as `-1 - slot`,
    /// so that making the expansions changes nothing in the tableau. A long definition is
    /// recorded with a count of -1.
    private struct Expansions {
        private var entries: DefinitionTable<(start: Int32, count: Int32, constant: Double)>
        var symbols: [Int32] = []
        var coefficients: [Double] = []

        init(reached: Int, definitions: Int) {
            entries = DefinitionTable(reached: reached, definitions: definitions, filler: (0, -1, 0))
        }

        /// Definition `id`'s expansion in the pool and its constant, or nil when it is long.
        func of(_ id: Int32) -> (range: Range<Int>, constant: Double)? {
            let e = entries[id]
            return e.count < 0 ? nil : (Int(e.start)..<Int(e.start + e.count), e.constant)
        }

        /// The length of definition `id`'s expansion, or nil when it is long.
        func length(_ id: Int32) -> Int? {
            let count = entries[id].count
            return count < 0 ? nil : Int(count)
        }

        /// Records that the pool's entries from `start` on are definition `id`'s expansion.
        mutating func close(_ id: Int32, from start: Int, constant: Double) {
            entries[id] = (Int32(start), Int32(symbols.count - start), constant)
        }

        /// Records that definition `id`'s expansion is long and not kept.
        mutating func markLong(_ id: Int32) { entries[id] = (0, -1, 0) }
    }

    /// The range of values each variable takes over all optimal solutions, as `valueRange(of:)`
    /// gives it for one (same order as `variables`). The solver is left exactly as it was.
    /// - Complexity: the short expansions of the definitions reached, once each; then per
    ///   variable its own expansion (walked when long) and two short simplex runs over it.
    public func valueRanges(of variables: [Variable]) throws(SolverError) -> [(lower: Double, upper: Double)] {
        try valueRanges(of: variables, keeping: Solver.keptExpansionLength)
    }

    /// `valueRanges(of:)`, keeping expansions of at most `kept` terms (tests ask for 0, which
    /// walks every defined variable).
    func valueRanges(of variables: [Variable], keeping kept: Int) throws(SolverError)
        -> [(lower: Double, upper: Double)] {
        try settleEditMoves()
        var slots: [Int32] = []
        slots.reserveCapacity(variables.count)
        for v in variables { slots.append(Int32(try variableSlot(v))) }
        // Those fixed on the optimal face first (`definitionsOnFace`); the others over their
        // expansions.
        let onFace = definitionsOnFace(definitionsReached(from: slots))
        var out = [(lower: Double, upper: Double)](repeating: (0, 0), count: slots.count)
        var moving: [Int] = []
        for (i, slot) in slots.enumerated() {
            if let value = fixedValue(of: slot, onFace) { out[i] = (value, value) } else { moving.append(i) }
        }
        guard !moving.isEmpty else { return out }
        let expansions = expandDefinitions(reachedFrom: moving.map { slots[$0] }, keeping: kept)

        var unsymbolized: [Int32: Double] = [:]
        var walked: (symbols: [Int32], coefficients: [Double]) = ([], [])
        for i in moving {
            let slot = slots[i]
            // The variable over the parametric symbols: its definition's expansion, or itself
            // (a basic symbol by its row), or its definition walked when long.
            var terms: ArraySlice<Int32> = []
            var coefficients: ArraySlice<Double> = []
            var constant = 0.0
            let id = variableRecords[Int(slot)].definition
            if id >= 0, let (range, c) = expansions.of(id) {
                terms = expansions.symbols[range]
                coefficients = expansions.coefficients[range]
                constant = c
            } else {
                unsymbolized.removeAll(keepingCapacity: true)
                if id >= 0 {
                    definitions.push(id, 1)
                    constant = accumulateWalk(expansions, unsymbolized: &unsymbolized)
                } else {
                    constant = accumulateVariable(slot, 1, unsymbolized: &unsymbolized)
                }
                let n = tableau.gatherAccumulator(sign: 1)
                walked = (Array(tableau.scratchSym[0..<n]), Array(tableau.scratchCoef[0..<n]))
                for (s, c) in unsymbolized where c != 0 {
                    walked.symbols.append(s)
                    walked.coefficients.append(c)
                }
                terms = walked.symbols[...]
                coefficients = walked.coefficients[...]
            }
            // A variable nothing but definitions mentions moves freely either way (as
            // `valueRange` finds when it gives it a symbol: the face is unbounded along it).
            unsymbolized.removeAll(keepingCapacity: true)
            for (s, c) in zip(terms, coefficients) where s < 0 { unsymbolized[s, default: 0] += c }
            if unsymbolized.values.contains(where: { $0 != 0 }) {
                out[i] = (-.infinity, .infinity)
                continue
            }
            let upper = extreme(terms: terms, coefficients: coefficients, constant: constant, sign: -1)
            let lower = extreme(terms: terms, coefficients: coefficients, constant: constant, sign: 1)
            out[i] = (lower, upper)
        }
        return out
    }

    /// Adds `coefficient · u` for a variable without a definition to the accumulator (a basic
    /// symbol by its row), or to `unsymbolized` when it has no tableau symbol. Returns the
    /// constant contributed.
    private func accumulateVariable(_ u: Int32, _ coefficient: Double,
                                    unsymbolized: inout [Int32: Double]) -> Double {
        let s = variableRecords[Int(u)].symbol
        if s >= 0 { return tableau.accumulate(symbol: s, coefficient) }
        unsymbolized[-1 - u, default: 0] += coefficient
        return 0
    }

    /// Adds the expansion kept for a definition, times `coefficient`, to the accumulator (and
    /// its unsymbolized terms to `unsymbolized`). Returns the constant contributed.
    private func accumulateKept(_ range: Range<Int>, _ constant: Double, _ coefficient: Double,
                                _ e: Expansions, unsymbolized: inout [Int32: Double]) -> Double {
        for k in range {
            let s = e.symbols[k]
            if s < 0 {
                unsymbolized[s, default: 0] += coefficient * e.coefficients[k]
            } else {
                tableau.accumulateRaw(s, coefficient * e.coefficients[k])
            }
        }
        return coefficient * constant
    }

    /// Expands the definitions queued in `definitions`' heap into the accumulator, newest first
    /// (each once whatever the number of paths, as `expandQueued` does), taking the expansions
    /// kept where there are and walking through the long ones. Returns the constant.
    private func accumulateWalk(_ e: Expansions, unsymbolized: inout [Int32: Double]) -> Double {
        var constant = 0.0
        while let (id, c) = definitions.popLargest() {
            if c == 0 { continue }
            if let (range, kept) = e.of(id) {
                constant += accumulateKept(range, kept, c, e, unsymbolized: &unsymbolized)
                continue
            }
            constant += c * definitionConstant(id)
            if definitions.isReleased[Int(id)] {
                constant += tableau.accumulate(symbol: definitions.dummy[Int(id)], c * definitions.inverse[Int(id)])
            }
            forEachTerm(of: id) { u, cu in
                let du = variableRecords[Int(u)].definition
                if du >= 0 {
                    definitions.push(du, c * cu)
                } else {
                    constant += accumulateVariable(u, c * cu, unsymbolized: &unsymbolized)
                }
            }
        }
        return constant
    }

    /// Writes every definition reached from `slots` whose expansion has at most `kept` terms
    /// over the parametric symbols, each once, after those it mentions. The others are marked
    /// long: one that mentions a long definition, or whose terms' rows add up to more than
    /// `kept` cells, is long (a bound, counted before expanding, so that nothing long is built).
    private func expandDefinitions(reachedFrom slots: [Int32], keeping kept: Int) -> Expansions {
        let reached = definitionsReached(from: slots)
        var e = Expansions(reached: reached.count, definitions: definitions.count)

        func cells(_ s: Int32) -> Int {
            let r = tableau.rowOf[Int(s)]
            return r >= 0 ? Int(tableau.rowLen[Int(r)]) : 1
        }
        var unsymbolized: [Int32: Double] = [:]
        for id in reached {
            // The bound on its length.
            var bound = definitions.isReleased[Int(id)] ? cells(definitions.dummy[Int(id)]) : 0
            forEachTerm(of: id) { u, _ in
                let du = variableRecords[Int(u)].definition
                if du >= 0 {
                    bound += e.length(du) ?? (kept + 1)
                } else {
                    let s = variableRecords[Int(u)].symbol
                    bound += s >= 0 ? cells(s) : 1
                }
            }
            guard bound <= kept else {
                e.markLong(id)
                continue
            }
            var constant = definitionConstant(id)
            unsymbolized.removeAll(keepingCapacity: true)
            if definitions.isReleased[Int(id)] {
                constant += tableau.accumulate(symbol: definitions.dummy[Int(id)], definitions.inverse[Int(id)])
            }
            forEachTerm(of: id) { u, c in
                let du = variableRecords[Int(u)].definition
                if du >= 0 {
                    let (range, duConstant) = e.of(du)!
                    constant += accumulateKept(range, duConstant, c, e, unsymbolized: &unsymbolized)
                } else {
                    constant += accumulateVariable(u, c, unsymbolized: &unsymbolized)
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

    /// The definitions behind variables `slots`, each once, in an order where a definition comes
    /// after those it mentions (constants, then ids increasing: `DefinitionStore`).
    func definitionsReached(from slots: [Int32]) -> [Int32] {
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
        return reached
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
