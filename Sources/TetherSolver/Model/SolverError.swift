/// How messages write an id: hexadecimal, as descriptions and C programs print ids (`"0x%llx"`),
/// and "0" for no id.
public func hexID(_ raw: UInt64) -> String { raw == 0 ? "0" : "0x" + String(raw, radix: 16) }

/// Every way a solver call can fail. The solver is unchanged after any of them.
public enum SolverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The variable id is not live in this solver (freed, stale, or from another solver).
    case invalidVariable(Variable)
    /// The constraint id is not live in this solver.
    case invalidConstraint(Constraint)
    /// A coefficient, constant or suggested value is NaN or infinite.
    case nonFinite(what: String, value: Double)
    /// A priority outside (0, 1000].
    case invalidPriority(Double)
    /// The constraint is already added.
    case duplicateConstraint(Constraint)
    /// The constraint is not added.
    case unknownConstraint(Constraint)
    /// A required constraint cannot hold; `conflicts` is a minimal set of added constraints that,
    /// with it, cannot all hold (in increasing id order). `constraint` is the rejected one.
    case unsatisfiable(constraint: Constraint, conflicts: [Constraint])
    /// The variable already is an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables must be optional (priority below 1000).
    case requiredEditVariable(Variable)
    /// The variable is still used by a live constraint or edit.
    case variableInUse(Variable)
    /// Changing between required and optional while the constraint is added.
    case priorityMutation(Constraint, from: Double, to: Double)
    /// Adding the constraint would make a value or a coefficient of the solution overflow
    /// (beyond ±1.8e308): it was not added. Only solvers given numbers beyond 1e100 check this.
    case overflow(Constraint)
    /// A non-zero coefficient (as given, or summed over the terms of one variable) outside
    /// 1e-100 … 1e100 in magnitude (`Solver.coefficientMagnitudes`).
    case coefficientOutOfRange(Double)
    /// Changing a constant or suggesting a value would make a value of the solution overflow:
    /// the change was not made. `what` names the constant or the edit variable.
    case changeOverflows(what: String, value: Double)
    /// An internal invariant failed (a bug: please report the message).
    case internalError(String)

    /// Why an id is refused: another kind's id (both kinds named, so that the caller sees which
    /// argument got which id), or not live in this solver.
    static func whyNotLive(_ raw: UInt64, expected: IdentifierKind) -> String {
        IdentifierKind.mismatch(raw, expected: expected).map { "it is \($0)" } ?? "not live in this solver"
    }

    public var description: String {
        switch self {
        case .invalidVariable(let v): return "invalid variable id \(hexID(v.rawValue)): \(Self.whyNotLive(v.rawValue, expected: .variable))"
        case .invalidConstraint(let c): return "invalid constraint id \(hexID(c.rawValue)): \(Self.whyNotLive(c.rawValue, expected: .constraint))"
        case .nonFinite(let what, let value): return "\(what) must be finite, got \(value)"
        case .invalidPriority(let p):
            return "invalid priority \(p): priorities must be greater than 0 and at most 1000 (required)"
        case .duplicateConstraint(let c): return "constraint \(hexID(c.rawValue)) is already added"
        case .unknownConstraint(let c): return "constraint \(hexID(c.rawValue)) is not added"
        case .unsatisfiable(let c, let conflicts):
            let list = conflicts.map { hexID($0.rawValue) }.joined(separator: ", ")
            return "required constraint \(hexID(c.rawValue)) cannot be satisfied; it conflicts with [\(list)]"
        case .duplicateEditVariable(let v): return "variable \(hexID(v.rawValue)) already is an edit variable"
        case .unknownEditVariable(let v): return "variable \(hexID(v.rawValue)) is not an edit variable"
        case .requiredEditVariable(let v):
            return "edit variable \(hexID(v.rawValue)) needs an optional priority (below 1000)"
        case .variableInUse(let v): return "variable \(hexID(v.rawValue)) is still used by a live constraint or edit"
        case .priorityMutation(_, let from, let to):
            return "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.  You passed priority \(to) and the existing priority was \(from)."
        case .overflow(let c):
            return "constraint \(hexID(c.rawValue)) was not added: with it the solution overflows (a value or coefficient beyond ±1.8e308)"
        case .coefficientOutOfRange(let c):
            return "coefficient \(c) is out of range: a coefficient must be 0 or between 1e-100 and 1e100 in magnitude"
        case .changeOverflows(let what, let value):
            return "\(what) \(value) was not applied: with it the solution overflows (a value beyond ±1.8e308)"
        case .internalError(let message): return "internal solver error: \(message)"
        }
    }
}
