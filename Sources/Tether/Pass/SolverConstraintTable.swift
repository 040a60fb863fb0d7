import TetherSolver

/// A value per solver constraint, in arrays indexed by the constraint's slot.
///
/// Why: a root's rebuild records the owner of every solver constraint it makes, and the form of
/// 100,000 rows makes 1.2 M of them; as a `Dictionary` keyed by `Constraint`, the hashing, the
/// probing and the rehashing as it grew took about a tenth of the layout pass. Slots are dense
/// from 0 in each solver, so arrays hold the same table with one store per entry. The id kept
/// beside each value makes a stale constraint (its slot reused by a newer one) find nothing, as
/// it would in a dictionary.
struct SolverConstraintTable<Value> {
    private var ids: [UInt64] = []
    private var values: [Value?] = []

    subscript(_ c: TetherSolver.Constraint) -> Value? {
        get {
            let slot = c.slot
            guard slot >= 0, slot < ids.count, ids[slot] == c.rawValue else { return nil }
            return values[slot]
        }
        set {
            let slot = c.slot
            guard slot >= 0 else { return }
            if slot >= ids.count {
                guard newValue != nil else { return }
                let grown = Swift.max(slot + 1, 2 * ids.count)
                ids.append(contentsOf: repeatElement(0, count: grown - ids.count))
                values.append(contentsOf: repeatElement(nil, count: grown - values.count))
            }
            if let newValue {
                ids[slot] = c.rawValue
                values[slot] = newValue
            } else if ids[slot] == c.rawValue {
                ids[slot] = 0
                values[slot] = nil
            }
        }
    }

    /// Empties the table (a rebuild makes a new solver, whose slots start from 0 again).
    mutating func removeAll() {
        ids = []
        values = []
    }
}
