/// The relation of a constraint, with Apple's `NSLayoutRelation` raw values.
public enum Relation: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case lessThanOrEqual = -1
    case equal = 0
    case greaterThanOrEqual = 1

    public var description: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }
}
