/// Explaining a rejected required constraint with a minimal conflicting set.
///
/// The simplex leaves a certificate of infeasibility behind: the row that could not be made
/// feasible (or the phase-1 objective row) is a combination of constraints, and the markers in it
/// name them. That set is small but need not be minimal, so it is then reduced by a deletion
/// filter on a private solver holding only those required constraints: drop a member, and if the
/// rejected constraint still cannot be added the member was not needed. Every member left is
/// necessary, so the set is minimal (irreducible). If the certificate does not reproduce the
/// conflict on its own (numerical corner cases), the filter starts from every added required
/// constraint connected to the rejected one through shared variables.
extension Solver {
    /// - Parameters:
    ///   - rejected: the constraint that failed (with `constant` overriding its constant when the
    ///     failure was a constant change).
    ///   - certificate: the constraints named by the simplex.
    ///   - pending: constraints of the same batch added before the rejected one (they count as
    ///     added for the explanation).
    func minimalConflict(rejected: Int32, constant: Double?, certificate: [Constraint],
                         pending: [Int32]) -> [Constraint] {
        var candidates = certificate.map(\.index).filter { $0 != rejected }
        if let reduced = deletionFilter(rejected: rejected, constant: constant, candidates: candidates) {
            return reduced
        }
        candidates = connectedRequiredConstraints(to: rejected, pending: pending)
        if let reduced = deletionFilter(rejected: rejected, constant: constant, candidates: candidates) {
            return reduced
        }
        return certificate
    }

    /// The minimal subset of `candidates` that still rejects `rejected`, or nil when all of
    /// `candidates` together do not reject it.
    private func deletionFilter(rejected: Int32, constant: Double?, candidates: [Int32]) -> [Constraint]? {
        let probe = Solver(explainsConflicts: false)
        var variableMap: [Int32: Variable] = [:]
        func copy(_ slot: Int32, constant override: Double? = nil) -> Constraint? {
            let record = constraintRecords[Int(slot)]
            var terms: [Term] = []
            for term in termRecords(Int(slot)) {
                let v: Variable
                if let known = variableMap[term.variable] {
                    v = known
                } else {
                    v = probe.makeVariable()
                    variableMap[term.variable] = v
                }
                terms.append(Term(v, term.coefficient))
            }
            let expression = LinearExpression(terms, constant: override ?? record.constant)
            return try? probe.makeConstraint(expression, record.relation, priority: .required)
        }
        let sorted = candidates.sorted()
        var copies: [Int32: Constraint] = [:]
        for slot in sorted {
            guard let c = copy(slot) else { return nil }
            copies[slot] = c
            do { try probe.add(c) } catch { return nil }
        }
        guard let target = copy(rejected, constant: constant) else { return nil }
        if (try? probe.add(target)) != nil { return nil }  // no conflict among these: not a certificate

        var kept: [Int32] = []
        for slot in sorted {
            guard let c = copies[slot] else { return nil }
            do { try probe.remove(c) } catch { return nil }
            if (try? probe.add(target)) != nil {
                // Without this member the rejected constraint fits: the member is necessary.
                do {
                    try probe.remove(target)
                    try probe.add(c)
                } catch { return nil }
                kept.append(slot)
            }
        }
        return kept.map { handle($0) }.sorted()
    }

    /// Added required constraints (and `pending` ones) that share variables, directly or through
    /// others, with `rejected`.
    private func connectedRequiredConstraints(to rejected: Int32, pending: [Int32]) -> [Int32] {
        var parent = Array(0..<Int32(variableRecords.count))
        func find(_ x: Int32) -> Int32 {
            var x = x
            while parent[Int(x)] != x {
                parent[Int(x)] = parent[Int(parent[Int(x)])]
                x = parent[Int(x)]
            }
            return x
        }
        let pendingSet = Set(pending)
        var members: [Int32] = []
        for i in constraintRecords.indices {
            let record = constraintRecords[i]
            guard record.isLive, !record.isEdit, record.isRequired,
                  record.isAdded || pendingSet.contains(Int32(i)) || Int32(i) == rejected else { continue }
            if Int32(i) != rejected { members.append(Int32(i)) }
            let terms = termRange(i)
            if let first = terms.first {
                for k in terms.dropFirst() {
                    let a = find(termVariables[first]), b = find(termVariables[k])
                    if a != b { parent[Int(a)] = b }
                }
            }
        }
        guard let anchor = termRecords(Int(rejected)).first else {
            return []  // a constant-only constraint conflicts with nothing but itself
        }
        let root = find(anchor.variable)
        return members.filter { slot in
            guard let first = termRecords(Int(slot)).first else { return false }
            return find(first.variable) == root
        }
    }
}
