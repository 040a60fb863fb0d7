/// Variables that every optimal solution gives the same value, found without writing them over
/// the parametric symbols.
///
/// A range query minimises and maximises a variable over the optimal face from the current
/// vertex, and only a parametric symbol that no priority level weighs, and that may move (a
/// slack or error symbol, or an external variable), can enter (`minimizeOverOptimalFace`). A
/// variable whose expansion names none of them stays where it is: the simplex stops before its
/// first pivot, and its range is its current value. Whether the expansion names one follows from
/// the definitions' terms and the rows of the basic symbols they reach, without building it: a
/// definition is fixed when everything it mentions is (a conservative test: terms that would
/// cancel count as naming the symbol, and the query then runs the simplex as before).
///
/// In a layout without ambiguity nearly every variable is fixed. A query about a view in a
/// column of sections whose tops are defined one through the next, each over the free heights
/// above it, then costs the column's length, not its square (random-screen at 10,000 views: the
/// expansions and simplex runs of 400 views' queries took 6 s).
extension Solver {
    /// Whether the optimal face can move parametric symbol `s`.
    private func faceMoves(_ s: Int32) -> Bool {
        let kind = tableau.kind(s)
        return (kind.isRestricted || kind == .external) && tableau.hasZeroObjectiveWeight(s)
    }

    /// Tableau symbol `s` at the current vertex: whether the optimal face leaves it fixed (a
    /// basic symbol is fixed when its row names no symbol the face moves), and its value.
    private func symbolOnFace(_ s: Int32) -> (fixed: Bool, value: Double) {
        let r = Int(tableau.rowOf[Int(s)])
        guard r >= 0 else { return (!faceMoves(s), 0) }
        let start = Int(tableau.rowStart[r])
        for k in start..<(start + Int(tableau.rowLen[r])) where faceMoves(tableau.cellSym[k]) {
            return (false, tableau.rowConst[r])
        }
        return (true, tableau.rowConst[r])
    }

    /// Variable `u` at the current vertex, as `symbolOnFace`, given the definitions it may name
    /// already in `table`. A variable with neither a definition nor a tableau symbol moves freely.
    private func variableOnFace(_ u: Int32, _ table: DefinitionTable<(fixed: Bool, value: Double)>)
        -> (fixed: Bool, value: Double) {
        let record = variableRecords[Int(u)]
        if record.definition >= 0 { return table[record.definition] }
        if record.symbol >= 0 { return symbolOnFace(record.symbol) }
        return (false, 0)
    }

    /// For each definition of `reached` (in an order where a definition comes after those it
    /// mentions: `definitionsReached(from:)`), whether its subject is fixed on the optimal face,
    /// and its value at the current vertex.
    func definitionsOnFace(_ reached: [Int32]) -> DefinitionTable<(fixed: Bool, value: Double)> {
        var table = DefinitionTable<(fixed: Bool, value: Double)>(reached: reached.count,
                                                                    definitions: definitions.count,
                                                                    filler: (false, 0))
        for id in reached {
            var fixed = true
            var value = definitionConstant(id)
            if definitions.isReleased[Int(id)] {
                let dummy = symbolOnFace(definitions.dummy[Int(id)])
                fixed = dummy.fixed
                value += definitions.inverse[Int(id)] * dummy.value
            }
            forEachTerm(of: id) { u, c in
                let term = variableOnFace(u, table)
                fixed = fixed && term.fixed
                value += c * term.value
            }
            table[id] = (fixed, value)
        }
        return table
    }

    /// The value of variable `slot` when every optimal solution gives it that value (as far as
    /// `definitionsOnFace` tells), else nil.
    func fixedValue(of slot: Int32, _ table: DefinitionTable<(fixed: Bool, value: Double)>) -> Double? {
        let onFace = variableOnFace(slot, table)
        return onFace.fixed ? onFace.value : nil
    }
}
