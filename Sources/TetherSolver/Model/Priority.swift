/// A constraint priority: a number in (0, 1000]. 1000 is required; anything lower is optional.
///
/// Optional priorities are *strict levels*: one constraint at priority q outweighs any number of
/// constraints at p < q. Fractions (999.5) are distinct levels. Within one level the solver
/// minimises the sum of absolute errors.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Double

    /// Validates `value`; throws `SolverError.invalidPriority` outside (0, 1000] or when not finite.
    public init(_ value: Double) throws(SolverError) {
        guard Priority.isValid(value) else { throw .invalidPriority(value) }
        self.value = value
    }

    private init(unchecked value: Double) { self.value = value }

    public static func isValid(_ value: Double) -> Bool { value.isFinite && value > 0 && value <= 1000 }

    public static let required = Priority(unchecked: 1000)
    public static let defaultHigh = Priority(unchecked: 750)
    public static let medium = Priority(unchecked: 500)
    public static let defaultLow = Priority(unchecked: 250)
    public static let fittingSizeLevel = Priority(unchecked: 50)

    public var isRequired: Bool { value >= 1000 }

    public static func < (a: Priority, b: Priority) -> Bool { a.value < b.value }

    public var description: String { isRequired ? "required" : "\(value)" }
}
