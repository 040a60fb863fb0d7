import CTether
import TetherSolver

// Making many variables or constraints in one call (tether.h, added in 0.5): bindings whose
// per-call cost dominates (ctypes) build large layouts from flat arrays. Each function checks all
// of its input before it makes anything, so a failure leaves the solver as it was.

/// A failure at element `index` of a batch: reported through `failed_index`.
private func failure(at index: Int, _ failedIndex: UnsafeMutablePointer<Int>?, _ status: tether_status,
                     _ message: String) -> StatusFailure {
    failedIndex?.pointee = index
    return StatusFailure(status: status, message: message)
}

private func checkCount(_ count: Int) throws(StatusFailure) {
    guard count >= 0 else {
        throw StatusFailure(status: TETHER_E_INVALID_ARGUMENT, message: "count \(UInt(bitPattern: count)) is too large")
    }
}

@c @implementation
public func tether_solver_variables_new(_ solver: OpaquePointer!, _ names: UnsafePointer<UnsafePointer<CChar>?>!,
                                        _ count: Int, _ out: UnsafeMutablePointer<tether_variable>!,
                                        _ failedIndex: UnsafeMutablePointer<Int>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try checkCount(count)
        if count == 0 { return }
        let out = try require(out, "out")
        guard let names else {
            for i in 0..<count { out[i] = s.makeVariable().rawValue }
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
        try checkCount(count)
        if count == 0 { return }
        let termCounts = try require(termCounts, "term_counts")
        let constants = try require(constants, "constants")
        let out = try require(out, "out")
        var total = 0
        for k in 0..<count { total += Int(termCounts[k]) }
        var variablePointer: UnsafePointer<tether_variable>?
        var coefficientPointer: UnsafePointer<Double>?
        if total > 0 {
            variablePointer = try require(variables, "variables")
            coefficientPointer = try require(coefficients, "coefficients")
        }

        // Check everything first: nothing is made unless every constraint can be.
        var offset = 0
        for k in 0..<count {
            let n = Int(termCounts[k])
            for j in offset..<(offset + n) {
                let v = Variable(rawValue: variablePointer![j])
                guard s.contains(variable: v) else {
                    throw failure(at: k, failedIndex, TETHER_E_INVALID_ID,
                                  "constraint \(k): term \(j - offset) names variable \(variablePointer![j]), which is not live in this solver")
                }
                guard coefficientPointer![j].isFinite else {
                    throw failure(at: k, failedIndex, TETHER_E_INVALID_ARGUMENT,
                                  "constraint \(k): coefficient \(j - offset) is \(coefficientPointer![j]), not finite")
                }
            }
            guard constants[k].isFinite else {
                throw failure(at: k, failedIndex, TETHER_E_INVALID_ARGUMENT,
                              "constraint \(k): the constant is \(constants[k]), not finite")
            }
            if let relations, Relation(rawValue: relations[k]) == nil {
                throw failure(at: k, failedIndex, TETHER_E_INVALID_ARGUMENT,
                              "constraint \(k): relation \(relations[k]) is not one of -1 (<=), 0 (==), 1 (>=)")
            }
            if let priorities, !Priority.isValid(priorities[k]) {
                throw failure(at: k, failedIndex, TETHER_E_INVALID_ARGUMENT,
                              "constraint \(k): priority \(priorities[k]) is not in (0, 1000]")
            }
            offset += n
        }

        // Make them. What the checks cannot see (coefficients of a repeated variable whose sum
        // overflows) still fails cleanly: the constraints made so far are freed again.
        var made: [Constraint] = []
        made.reserveCapacity(count)
        offset = 0
        for k in 0..<count {
            let n = Int(termCounts[k])
            let first = offset
            offset += n
            let relation = relations.flatMap { Relation(rawValue: $0[k]) } ?? .equal
            do throws(SolverError) {
                let priority = try priorities.map { p throws(SolverError) in try Priority(p[k]) } ?? .required
                made.append(try s.makeConstraint(
                    termCount: n, variable: { Variable(rawValue: variablePointer![first + $0]) },
                    coefficient: { coefficientPointer![first + $0] }, constant: constants[k], relation,
                    priority: priority))
            } catch {
                for c in made.reversed() { try? s.freeConstraint(c) }
                throw failure(at: k, failedIndex, error.status, "constraint \(k): \(error.description)")
            }
        }
        for k in 0..<count { out[k] = made[k].rawValue }
    }
}
