import CTether
import TetherSolver

// The raw solver through the C ABI. Each function validates its handle, pointers and numbers,
// calls the Swift solver, and maps errors to a status + thread-local message. No logic lives here.


private func priority(_ raw: Double) throws(StatusFailure) -> Priority {
    try check { () throws(SolverError) in try Priority(raw) }
}

@c @implementation
public func tether_solver_new(_ out: UnsafeMutablePointer<OpaquePointer?>!) -> tether_status {
    makeHandle(Solver(), kind: .solver, out: out)
}

@c @implementation
public func tether_solver_free(_ solver: OpaquePointer!) -> tether_status {
    freeHandle(solver, as: Solver.self, kind: .solver, name: "solver")
}

@c @implementation
public func tether_solver_reset(_ solver: OpaquePointer!) -> tether_status {
    withSolver(solver) { s in s.reset() }
}

@c @implementation
public func tether_solver_variable_new(_ solver: OpaquePointer!, _ name: UnsafePointer<CChar>!,
                                       _ out: UnsafeMutablePointer<tether_variable>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let out = try require(out, "out")
        let text = try decodeString(name, "name")
        out.pointee = s.makeVariable(name: text).rawValue
    }
}

@c @implementation
public func tether_solver_variable_free(_ solver: OpaquePointer!, _ variable: tether_variable) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try check { () throws(SolverError) in try s.freeVariable(Variable(rawValue: variable)) }
    }
}

@c @implementation
public func tether_solver_variable_name(_ solver: OpaquePointer!, _ variable: tether_variable,
                                        _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                        _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let name = try check { () throws(SolverError) in try s.name(of: Variable(rawValue: variable)) }
        try copyString(name, to: buffer, capacity: capacity, needed: needed)
    }
}

@c @implementation
public func tether_solver_variable_value(_ solver: OpaquePointer!, _ variable: tether_variable,
                                         _ out: UnsafeMutablePointer<Double>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let out = try require(out, "out")
        out.pointee = try check { () throws(SolverError) in try s.value(of: Variable(rawValue: variable)) }
    }
}

@c @implementation
public func tether_solver_variable_values(_ solver: OpaquePointer!, _ variables: UnsafePointer<tether_variable>!,
                                          _ count: Int, _ out: UnsafeMutablePointer<Double>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        if try checkedCount(count, "count") == 0 { return }
        let variables = try require(variables, "variables")
        let out = try require(out, "out")
        // One solver call, which checks every id before it writes any value: nothing is written
        // unless all are valid. (Per-id calls into the solver cost several times more.)
        let ids = UnsafeBufferPointer(start: variables, count: count)
        try check { () throws(SolverError) in try s.writeValues(ids: ids, into: out) }
    }
}

@c @implementation
public func tether_solver_constraint_new(_ solver: OpaquePointer!, _ variables: UnsafePointer<tether_variable>!,
                                         _ coefficients: UnsafePointer<Double>!, _ count: Int,
                                         _ constant: Double, _ relationRaw: tether_relation,
                                         _ priorityRaw: Double,
                                         _ out: UnsafeMutablePointer<tether_constraint>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let out = try require(out, "out")
        let count = try checkedCount(count, "count")
        var terms: [Term] = []
        if count > 0 {
            try ensureAllocatable(count, bytesPerElement: MemoryLayout<Term>.stride * 2, "count")
            let variables = try require(variables, "variables")
            let coefficients = try require(coefficients, "coefficients")
            terms.reserveCapacity(count)
            for i in 0..<count { terms.append(Term(Variable(rawValue: variables[i]), coefficients[i])) }
        }
        let r = try relation(relationRaw)
        let p = try priority(priorityRaw)
        let c = try check { () throws(SolverError) in
            try s.makeConstraint(LinearExpression(terms, constant: constant), r, priority: p)
        }
        out.pointee = c.rawValue
    }
}

@c @implementation
public func tether_solver_constraint_free(_ solver: OpaquePointer!, _ constraint: tether_constraint) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try check { () throws(SolverError) in try s.freeConstraint(Constraint(rawValue: constraint)) }
    }
}

@c @implementation
public func tether_solver_constraint_add(_ solver: OpaquePointer!, _ constraint: tether_constraint) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try check { () throws(SolverError) in try s.add(Constraint(rawValue: constraint)) }
    }
}

@c @implementation
public func tether_solver_constraint_add_batch(_ solver: OpaquePointer!, _ constraints: UnsafePointer<tether_constraint>!,
                                               _ count: Int, _ failedIndex: UnsafeMutablePointer<Int>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        if try checkedCount(count, "count") == 0 { return }
        let constraints = try require(constraints, "constraints")
        try ensureAllocatable(count, bytesPerElement: 64, "count")
        let batch = (0..<count).map { Constraint(rawValue: constraints[$0]) }
        do throws(SolverError) {
            try s.add(batch: batch)
        } catch {
            let culprit: Constraint?
            switch error {
            case .invalidConstraint(let c), .duplicateConstraint(let c), .unsatisfiable(let c, _):
                culprit = c
            default:
                culprit = nil
            }
            if let culprit, let k = batch.firstIndex(of: culprit) {
                // A duplicate inside the batch is reported at its second occurrence.
                if case .duplicateConstraint = error, s.contains(culprit) == false,
                   let second = batch[(k + 1)...].firstIndex(of: culprit) {
                    failedIndex?.pointee = second
                } else {
                    failedIndex?.pointee = k
                }
            }
            throw StatusFailure(status: error.status, message: error.description)
        }
    }
}

@c @implementation
public func tether_solver_constraint_remove(_ solver: OpaquePointer!, _ constraint: tether_constraint) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try check { () throws(SolverError) in try s.remove(Constraint(rawValue: constraint)) }
    }
}

@c @implementation
public func tether_solver_constraint_is_added(_ solver: OpaquePointer!, _ constraint: tether_constraint,
                                              _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let out = try require(out, "out")
        out.pointee = try check { () throws(SolverError) in try s.isAdded(Constraint(rawValue: constraint)) } ? 1 : 0
    }
}

@c @implementation
public func tether_solver_constraint_set_constant(_ solver: OpaquePointer!, _ constraint: tether_constraint,
                                                  _ constant: Double) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try check { () throws(SolverError) in try s.setConstant(constant, of: Constraint(rawValue: constraint)) }
    }
}

@c @implementation
public func tether_solver_constraint_set_priority(_ solver: OpaquePointer!, _ constraint: tether_constraint,
                                                  _ priorityRaw: Double) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let c = Constraint(rawValue: constraint)
        _ = try check { () throws(SolverError) in try s.isAdded(c) }
        let p = try priority(priorityRaw)
        try check { () throws(SolverError) in try s.setPriority(p, of: c) }
    }
}

@c @implementation
public func tether_solver_constraint_info(_ solver: OpaquePointer!, _ constraint: tether_constraint,
                                          _ out: UnsafeMutablePointer<tether_constraint_info>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let out = try require(out, "out")
        let c = Constraint(rawValue: constraint)
        let info = try check { () throws(SolverError) in
            tether_constraint_info(constant: try s.constant(of: c), priority: try s.priority(of: c).value,
                                   relation: try s.relation(of: c).rawValue, is_added: try s.isAdded(c) ? 1 : 0,
                                   term_count: UInt64(try s.terms(of: c).count))
        }
        out.pointee = info
    }
}

@c @implementation
public func tether_solver_constraint_terms(_ solver: OpaquePointer!, _ constraint: tether_constraint,
                                           _ variables: UnsafeMutablePointer<tether_variable>!,
                                           _ coefficients: UnsafeMutablePointer<Double>!, _ capacity: Int,
                                           _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let terms = try check { () throws(SolverError) in try s.terms(of: Constraint(rawValue: constraint)) }
        if terms.isEmpty {
            needed?.pointee = 0
            return
        }
        guard checkedCapacity(capacity) < terms.count || coefficients != nil else {
            throw StatusFailure(status: TETHER_E_NULL_ARGUMENT, message: "coefficients is NULL")
        }
        let variables = try checkCapacity(terms.count, capacity: capacity, buffer: variables, needed: needed,
                                          unit: "terms")
        let coefficients = try require(coefficients, "coefficients")
        for (i, term) in terms.enumerated() {
            variables[i] = term.variable.rawValue
            coefficients[i] = term.coefficient
        }
    }
}

@c @implementation
public func tether_solver_conflict(_ solver: OpaquePointer!, _ out: UnsafeMutablePointer<tether_constraint>!,
                                   _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try copyIDs(s.lastConflict, { $0.rawValue }, to: out, capacity: capacity, needed: needed, unit: "constraints")
    }
}

@c @implementation
public func tether_solver_edit_add(_ solver: OpaquePointer!, _ variable: tether_variable,
                                   _ priorityRaw: Double) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let v = Variable(rawValue: variable)
        _ = try check { () throws(SolverError) in try s.name(of: v) }
        let p = try priority(priorityRaw)
        try check { () throws(SolverError) in try s.addEditVariable(v, priority: p) }
    }
}

@c @implementation
public func tether_solver_edit_remove(_ solver: OpaquePointer!, _ variable: tether_variable) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try check { () throws(SolverError) in try s.removeEditVariable(Variable(rawValue: variable)) }
    }
}

@c @implementation
public func tether_solver_edit_has(_ solver: OpaquePointer!, _ variable: tether_variable,
                                   _ out: UnsafeMutablePointer<Int32>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let out = try require(out, "out")
        let v = Variable(rawValue: variable)
        _ = try check { () throws(SolverError) in try s.name(of: v) }
        out.pointee = s.hasEditVariable(v) ? 1 : 0
    }
}

@c @implementation
public func tether_solver_edit_suggest(_ solver: OpaquePointer!, _ variable: tether_variable,
                                       _ value: Double) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try check { () throws(SolverError) in try s.suggestValue(value, for: Variable(rawValue: variable)) }
    }
}

@c @implementation
public func tether_solver_edit_suggest_batch(_ solver: OpaquePointer!, _ variables: UnsafePointer<tether_variable>!,
                                             _ values: UnsafePointer<Double>!, _ count: Int) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        if try checkedCount(count, "count") == 0 { return }
        let variables = try require(variables, "variables")
        let values = try require(values, "values")
        for i in 0..<count {
            let v = Variable(rawValue: variables[i])
            _ = try check { () throws(SolverError) in try s.name(of: v) }
            guard s.hasEditVariable(v) else {
                throw StatusFailure(status: TETHER_E_NOT_FOUND,
                                    message: "variable \(variables[i]) (index \(i)) is not an edit variable")
            }
            guard values[i].isFinite else {
                throw StatusFailure(status: TETHER_E_INVALID_ARGUMENT,
                                    message: "suggested value at index \(i) must be finite, got \(values[i])")
            }
        }
        // A suggestion can still be refused (its solution overflows): the ones before it are
        // then suggested back, so that the batch is applied whole or not at all.
        var previous: [Double] = []
        previous.reserveCapacity(count)
        for i in 0..<count {
            let v = Variable(rawValue: variables[i])
            do throws(SolverError) {
                previous.append(try s.suggestedValue(of: v))
                try s.suggestValue(values[i], for: v)
            } catch {
                for j in (0..<i).reversed() {
                    try? s.suggestValue(previous[j], for: Variable(rawValue: variables[j]))
                }
                throw StatusFailure(status: error.status, message: "index \(i): \(error)")
            }
        }
    }
}

@c @implementation
public func tether_solver_update(_ solver: OpaquePointer!) -> tether_status {
    withSolver(solver) { s in s.updateVariables() }
}

@c @implementation
public func tether_solver_stats_get(_ solver: OpaquePointer!, _ out: UnsafeMutablePointer<tether_solver_stats>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let out = try require(out, "out")
        let st = s.statistics
        out.pointee = tether_solver_stats(
            variables: UInt64(st.variables), constraints: UInt64(st.constraints),
            added: UInt64(st.addedConstraints), edits: UInt64(st.editVariables), rows: UInt64(st.rows),
            cells: UInt64(st.cells), pivots: UInt64(st.pivots))
    }
}

@c @implementation
public func tether_solver_storage_get(_ solver: OpaquePointer!, _ out: UnsafeMutablePointer<tether_solver_storage>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let out = try require(out, "out")
        let st = s.statistics
        out.pointee = tether_solver_storage(bytes: UInt64(st.bytes), definitions: UInt64(st.definitions))
    }
}

@c @implementation
public func tether_solver_dump(_ solver: OpaquePointer!, _ buffer: UnsafeMutablePointer<CChar>!,
                               _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try copyString(s.dump(), to: buffer, capacity: capacity, needed: needed)
    }
}

@c @implementation
public func tether_solver_check(_ solver: OpaquePointer!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        try check { () throws(SolverError) in try s.checkInvariants() }
    }
}

@c @implementation
public func tether_solver_variable_ranges(_ solver: OpaquePointer!, _ variables: UnsafePointer<tether_variable>!,
                                          _ count: Int, _ lowers: UnsafeMutablePointer<Double>!,
                                          _ uppers: UnsafeMutablePointer<Double>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        if try checkedCount(count, "count") == 0 { return }
        let variables = try require(variables, "variables")
        let lowers = try require(lowers, "lowers")
        let uppers = try require(uppers, "uppers")
        try ensureAllocatable(count, bytesPerElement: 64, "count")
        let ids = UnsafeBufferPointer(start: variables, count: count).map { Variable(rawValue: $0) }
        let ranges = try check { () throws(SolverError) in try s.valueRanges(of: ids) }
        for (k, range) in ranges.enumerated() {
            lowers[k] = range.lower
            uppers[k] = range.upper
        }
    }
}

@c @implementation
public func tether_solver_variable_range(_ solver: OpaquePointer!, _ variable: tether_variable,
                                         _ lower: UnsafeMutablePointer<Double>!,
                                         _ upper: UnsafeMutablePointer<Double>!) -> tether_status {
    withSolver(solver) { s throws(StatusFailure) in
        let lower = try require(lower, "lower")
        let upper = try require(upper, "upper")
        let range = try check { () throws(SolverError) in try s.valueRange(of: Variable(rawValue: variable)) }
        lower.pointee = range.lower
        upper.pointee = range.upper
    }
}
