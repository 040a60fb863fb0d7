import CTether
import TetherSolver

// Making many variables or constraints in one call (tether.h, added in 0.5): bindings whose
// per-call cost dominates (ctypes) build large layouts from flat arrays. Each function makes all
// of its elements or none: a failure leaves the solver's contents as they were.

/// A failure at element `index` of a batch: reported through `failed_index`.
private func failure(at index: Int, _ failedIndex: UnsafeMutablePointer<Int>?, _ status: tether_status,
                     _ message: String) -> StatusFailure {
    failedIndex?.pointee = index
    return StatusFailure(status: status, message: message)
}

/// Why constraint `k` of a batch could not be made, naming the term at fault (the solver's error
/// names only the value).
private func batchFailure(_ error: SolverError, constraint k: Int, terms: Range<Int>, _ s: Solver,
                          _ variables: UnsafePointer<tether_variable>?, _ coefficients: UnsafePointer<Double>?,
                          _ priorities: UnsafePointer<Double>?,
                          _ failedIndex: UnsafeMutablePointer<Int>?) -> StatusFailure {
    let message: String
    switch error {
    case .invalidVariable:
        let j = terms.first { !s.contains(variable: Variable(rawValue: variables![$0])) } ?? terms.lowerBound
        let why = IdentifierKind.mismatch(variables![j], expected: .variable) ?? "not live in this solver"
        message = "term \(j - terms.lowerBound) names variable \(hexID(variables![j])), which is \(why)"
    case .nonFinite(what: "coefficient", _):
        let j = terms.first { !coefficients![$0].isFinite } ?? terms.lowerBound
        message = "coefficient \(j - terms.lowerBound) is \(coefficients![j]), not finite"
    case .nonFinite(what: "constant", let value):
        message = "the constant is \(value), not finite"
    case .invalidPriority:
        message = "priority \(priorities![k]) is not in (0, 1000]"
    default:
        message = error.description
    }
    return failure(at: k, failedIndex, error.status, "constraint \(k): " + message)
}

@c @implementation
public func tether_solver_variables_new(_ solver: OpaquePointer!, _ names: UnsafePointer<UnsafePointer<CChar>?>!,
                                        _ count: Int, _ out: UnsafeMutablePointer<tether_variable>!,
                                        _ failedIndex: UnsafeMutablePointer<Int>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        if try checkedCount(count, "count") == 0 { return }
        let out = try require(out, "out")
        // A variable's storage in the solver (its record, value, columns and name) is about this.
        try ensureAllocatable(count, bytesPerElement: 256, "count")
        guard let names else {
            s.makeVariables(count: count) { i, v in out[i] = v.rawValue }
            return
        }
        var texts: [String] = []
        texts.reserveCapacity(count)
        for i in 0..<count {
            guard let pointer = names[i] else {
                texts.append("")
                continue
            }
            guard let text = String(validatingCString: pointer) else {
                throw failure(at: i, failedIndex, TETHER_E_INVALID_UTF8, "names[\(i)] is not valid UTF-8")
            }
            texts.append(text)
        }
        for i in 0..<count { out[i] = s.makeVariable(name: texts[i]).rawValue }
    }
}

@c @implementation
public func tether_solver_constraints_new_batch(_ solver: OpaquePointer!, _ count: Int,
                                                _ termCounts: UnsafePointer<UInt32>!,
                                                _ variables: UnsafePointer<tether_variable>!,
                                                _ coefficients: UnsafePointer<Double>!,
                                                _ constants: UnsafePointer<Double>!,
                                                _ relations: UnsafePointer<tether_relation>!,
                                                _ priorities: UnsafePointer<Double>!,
                                                _ out: UnsafeMutablePointer<tether_constraint>!,
                                                _ failedIndex: UnsafeMutablePointer<Int>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        if try checkedCount(count, "count") == 0 { return }
        let termCounts = try require(termCounts, "term_counts")
        let constants = try require(constants, "constants")
        let out = try require(out, "out")
        var total = 0
        for k in 0..<count { total += Int(termCounts[k]) }
        // Each constraint's record and row, and each term's slot (at most 2^32 terms a constraint,
        // 2^63 in all, so the sum cannot overflow).
        try ensureAllocatable(count, bytesPerElement: 256, "count")
        try ensureAllocatable(total, bytesPerElement: 64, "the sum of term_counts")
        var variablePointer: UnsafePointer<tether_variable>?
        var coefficientPointer: UnsafePointer<Double>?
        if total > 0 {
            variablePointer = try require(variables, "variables")
            coefficientPointer = try require(coefficients, "coefficients")
        }

        // One pass: each constraint is checked as it is made, and a failure frees the ones made
        // before it, so either all are made or none is. (A separate checking pass first cost as
        // much as the making: a third of the call's instructions, callgrind.)
        s.reserveForConstraints(count, terms: total)
        var made: [Constraint] = []
        made.reserveCapacity(count)
        var offset = 0
        do throws(StatusFailure) {
            for k in 0..<count {
                let first = offset, n = Int(termCounts[k])
                offset += n
                var relation = Relation.equal
                if let relations {
                    guard let r = Relation(rawValue: relations[k]) else {
                        throw failure(at: k, failedIndex, TETHER_E_INVALID_ARGUMENT,
                                      "constraint \(k): relation \(relations[k]) is not one of -1 (<=), 0 (==), 1 (>=)")
                    }
                    relation = r
                }
                do throws(SolverError) {
                    let priority = try priorities.map { p throws(SolverError) in try Priority(p[k]) } ?? .required
                    made.append(try s.makeConstraint(
                        termCount: n, variable: { Variable(rawValue: variablePointer![first + $0]) },
                        coefficient: { coefficientPointer![first + $0] }, constant: constants[k], relation,
                        priority: priority))
                } catch {
                    throw batchFailure(error, constraint: k, terms: first..<(first + n), s, variablePointer,
                                       coefficientPointer, priorities, failedIndex)
                }
            }
        } catch {
            for c in made.reversed() { try? s.freeConstraint(c) }
            throw error
        }
        for k in 0..<count { out[k] = made[k].rawValue }
    }
}
