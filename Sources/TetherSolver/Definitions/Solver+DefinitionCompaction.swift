/// Renumbering the live definitions 0, 1, 2, … when dead ids dominate the store.
///
/// Why: ids are never reused, and a moved definition (`Solver+DefinitionOrder.swift`) or a
/// removed one leaves its old id dead. Every evaluation pass and the publication's flag scan walk
/// the ids in order, dead ones included, so a chain of 10,000 views added in a shuffled order,
/// whose links moved about six times each, evaluated its definitions over seven times as many
/// ids as it had definitions. Renumbering keeps the order (a topological order) and costs one
/// pass over the store and the reach entries; it runs when more than half of the ids are dead,
/// so its cost is amortized over the definitions that died.
extension Solver {
    /// Whether enough ids are dead for `compactDefinitions` to pay.
    var definitionsAreSparse: Bool {
        definitions.count >= 1024 && definitions.count > 2 * definitions.liveCount
    }

    /// Renumbers the live definitions in their order, dropping the dead ones. Only outside a
    /// transaction: a rollback names definitions by their ids.
    func compactDefinitions() {
        precondition(!tableau.journal.isActive, "definitions are renumbered only outside a transaction")
        let count = definitions.count
        var newId = [Int32](repeating: -1, count: count)
        var live: Int32 = 0
        for id in 0..<count where definitions.isLive[id] {
            newId[id] = live
            live += 1
        }
        definitions.keep(renumbered: newId, count: Int(live))
        reach.renumberDefinitions(newId, count: Int(live))
        for id in 0..<Int(live) {
            variableRecords[Int(definitions.subject[id])].definition = Int32(id)
            constraintRecords[Int(definitions.owner[id])].definition = Int32(id)
        }
    }
}
