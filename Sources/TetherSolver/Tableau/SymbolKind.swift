/// What a tableau symbol stands for. Symbols are dense `Int32` ids (0 is never used); the kind
/// lives in a side array so ids stay dense for indexing.
enum SymbolKind: UInt8 {
    /// A recycled id.
    case free = 0
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality (or the artificial variable of phase 1): restricted to ≥ 0.
    case slack
    /// An error of an optional constraint: ≥ 0, weighted in the objective at its priority level.
    case error
    /// The marker of a required equality: always 0, never enters the basis.
    case dummy
    /// The basic symbol of the phase-1 objective row (never a real unknown).
    case objective

    /// Restricted symbols must stay ≥ 0; their rows take part in ratio tests.
    var isRestricted: Bool { self == .slack || self == .error }
}
