/// Paired bounds: two optional inequalities over one expression with opposite relations and the
/// same constant (`h <= 44 @250` and `h >= 44 @750`: Auto Layout's content hugging and
/// compression resistance) share one tableau row.
///
/// Why. Added as two rows, the pair is degenerate wherever both hold, which is where a layout
/// puts them: `h − 44 = s₁ − e₁` and `44 − h = s₂ − e₂` are tight together, one of their four
/// symbols is basic at 0, and one of the slacks is parametric with no weight in the objective
/// though moving it breaks the other constraint of the pair. The dual simplex reads such a slack
/// as free (ratio 0) and the primal one as a move of length 0, so a required row that one cell
/// cannot absorb walks the whole column of cells one degenerate pivot at a time, each over the
/// long rows a shuffled order leaves: a feed of 10,000 cells added one constraint at a time in a
/// shuffled order took 67–74 s, about 600 times its natural order (docs/solver-design.md,
/// "Paired bounds"; docs/benchmarks.md).
///
/// How. The first inequality (the host) is added as usual: `expr = s − e` for `>=`. The second
/// (the guest) needs no row of its own: its error is the host's slack (how far `expr` is above
/// the bound) and its slack the host's error, so it only adds the host's slack to the objective
/// at its own priority. The two programs have the same optimal values: an optimum never holds
/// both `s` and `e` above 0 (lowering both by the smaller lowers both weights and keeps `expr`),
/// so `s` is `max(0, expr)` and `e` is `max(0, −expr)`, the two errors of the separate rows.
/// Each cell then has one row and no degenerate twin, and the same feed takes 0.31–0.46 s.
///
/// What changes with the pair. Removing the guest takes its weight away; removing the host, or
/// changing either constant, first detaches the guest (its weight goes and it is added again on
/// its own, which an optional constraint always can be), then acts as before. The pairing is an
/// optimisation only: everything a caller sees is as with two rows (values, errors, priorities,
/// sensitivity), and `init(pairingBounds: false)` turns it off for differential tests.
extension Solver {
    /// Adds optional inequality `slot` as the guest of an added host with the same terms, the
    /// same constant and the opposite relation, if there is one. Returns whether it did (then
    /// the tableau has been re-optimised). Otherwise `slot` is offered as a host to later ones.
    func addAsPairedBound(_ slot: Int32) throws(SolverError) -> Bool {
        guard pairsBounds else { return false }
        let record = constraintRecords[Int(slot)]
        guard !record.isRequired, record.relation != .equal else { return false }
        let own = boundKey(slot, relation: record.relation)
        let opposite = boundKey(slot, relation: record.relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual)
        guard let host = unpairedHosts[opposite], canHost(host, guest: slot) else {
            unpairedHosts[own] = slot
            return false
        }
        unpairedHosts[opposite] = nil
        let hostRecord = constraintRecords[Int(host)]
        // The guest's slack is the host's error and its error the host's slack; its marker
        // sign is its own relation's (Solver+Tableau.swift, addToTableau).
        constraintRecords[Int(slot)].marker = hostRecord.other
        constraintRecords[Int(slot)].other = hostRecord.marker
        constraintRecords[Int(slot)].markerSign = record.relation == .lessThanOrEqual ? 1 : -1
        constraintRecords[Int(slot)].isAdded = true
        boundPartner[slot] = host
        boundPartner[host] = slot
        tableau.objectiveAddSymbolOrRow(hostRecord.marker, key: record.priority, scale: 1)
        try optimizeOrRebuild()
        return true
    }

    /// Whether `host` can take `guest` as its paired bound: added to the tableau as an optional
    /// inequality of its own row (not a guest, with no guest yet), with the opposite relation,
    /// the same constant and the same terms in the same order. The index is keyed by a hash, so
    /// every entry is checked here: a stale one (removed, changed, reused slot) or a collision
    /// just pairs nothing.
    private func canHost(_ host: Int32, guest: Int32) -> Bool {
        guard host != guest, boundPartner[host] == nil else { return false }
        let h = constraintRecords[Int(host)], g = constraintRecords[Int(guest)]
        guard h.isLive, h.isAdded, !h.isEdit, !h.isRequired, h.definition < 0, h.marker >= 0, h.other >= 0,
              h.relation != .equal, h.relation != g.relation, h.constant == g.constant,
              h.termCount == g.termCount else { return false }
        let hTerms = termRange(Int(host)), gTerms = termRange(Int(guest))
        for (i, j) in zip(hTerms, gTerms)
        where termVariables[i] != termVariables[j] || termCoefficients[i] != termCoefficients[j] {
            return false
        }
        return true
    }

    /// A deterministic hash of constraint `slot`'s terms and constant with `relation` (FNV-1a
    /// over the bit patterns: Swift's `Hasher` is seeded per process, and a collision must pair
    /// the same constraints in every run).
    private func boundKey(_ slot: Int32, relation: Relation) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01b3 }
        mix(relation == .lessThanOrEqual ? 1 : 2)
        mix(constraintRecords[Int(slot)].constant.bitPattern)
        for k in termRange(Int(slot)) {
            mix(UInt64(UInt32(bitPattern: termVariables[k])))
            mix(termCoefficients[k].bitPattern)
        }
        return h
    }

    /// Whether added constraint `slot` is a guest: a paired bound without a row of its own. Its
    /// marker is its host's error, where a host's (an inequality's) marker is its slack.
    func isPairedGuest(_ slot: Int32) -> Bool {
        guard boundPartner[slot] != nil else { return false }
        return tableau.kind(constraintRecords[Int(slot)].marker) == .error
    }

    /// Takes the guest of the pair `slot` belongs to out of the tableau (its weight goes; the
    /// host keeps its row) and re-optimises. Returns the guest, now not added, or nil when
    /// `slot` is not paired. The caller adds the guest again once it has changed the host.
    func detachPairedGuest(of slot: Int32) throws(SolverError) -> Int32? {
        guard let partner = boundPartner[slot] else { return nil }
        let guest = isPairedGuest(slot) ? slot : partner
        let host = guest == slot ? partner : slot
        let record = constraintRecords[Int(guest)]
        tableau.objectiveAddSymbolOrRow(record.other, key: record.priority, scale: -1)
        boundPartner[guest] = nil
        boundPartner[host] = nil
        constraintRecords[Int(guest)].isAdded = false
        constraintRecords[Int(guest)].marker = -1
        constraintRecords[Int(guest)].other = -1
        unpairedHosts[boundKey(host, relation: constraintRecords[Int(host)].relation)] = host
        try optimizeOrRebuild()
        return guest
    }

    /// Forgets the pairing of `slot` after a rollback undid it (the journal restores the
    /// objective; the records are cleared by `forgetTableauSymbols`).
    func forgetPairing(_ slot: Int32) {
        guard let partner = boundPartner[slot] else { return }
        boundPartner[slot] = nil
        if boundPartner[partner] == slot { boundPartner[partner] = nil }
        // The pairing took the host out of the index; it may host again (checked on use).
        offerAsPairedHost(partner)
    }

    /// Offers added optional inequality `slot` as a host under its current constant (after a
    /// constant change: the index holds it under the old one).
    func offerAsPairedHost(_ slot: Int32) {
        guard pairsBounds, boundPartner[slot] == nil else { return }
        let record = constraintRecords[Int(slot)]
        guard record.isAdded, !record.isRequired, record.relation != .equal, !record.isEdit else { return }
        unpairedHosts[boundKey(slot, relation: record.relation)] = slot
    }

    /// Drops removed constraint `slot` from the index of hosts, so that churn does not grow it.
    func forgetUnpairedHost(_ slot: Int32) {
        guard pairsBounds else { return }
        let record = constraintRecords[Int(slot)]
        guard !record.isRequired, record.relation != .equal else { return }
        let key = boundKey(slot, relation: record.relation)
        if unpairedHosts[key] == slot { unpairedHosts[key] = nil }
    }

    /// Forgets every pairing and the index of hosts (the tableau is being built again).
    func clearPairedBounds() {
        boundPartner.removeAll()
        unpairedHosts.removeAll()
    }

    /// The priority at which symbol `s` is weighted in the objective, or nil: an error weighs at
    /// its constraint's priority, and a host's slack at its paired guest's.
    func objectivePriority(of s: Int32) -> Double? {
        let owner = tableau.symOwner[Int(s)]
        guard owner >= 0 else { return nil }
        switch tableau.kind(s) {
        case .error:
            return constraintRecords[Int(owner)].priority
        case .slack:
            guard let guest = boundPartner[owner], constraintRecords[Int(guest)].other == s else { return nil }
            return constraintRecords[Int(guest)].priority
        default:
            return nil
        }
    }

    /// The constraint that shares `slot`'s row, if any (for diagnostics that name constraints
    /// by their symbols: a guest has none of its own).
    func pairedBound(of slot: Int32) -> Int32? { boundPartner[slot] }
}
