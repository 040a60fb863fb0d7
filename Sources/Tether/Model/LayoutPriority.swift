import TetherSolver

/// Auto Layout's named priorities (`UILayoutPriority` / `NSLayoutConstraint.Priority`), as
/// `Float` values in (0, 1000]. The view model passes them to the solver as strict levels.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: must hold; a conflict is reported and one constraint is broken.
    public static let required = LayoutPriority(1000)
    /// 750: a button's compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 510: a drag that may resize the window.
    public static let dragThatCanResizeScene = LayoutPriority(510)
    /// 500: the window prefers to keep its size.
    public static let sceneSizeStayPut = LayoutPriority(500)
    /// 490: a drag that may not resize the window (a split-view divider).
    public static let dragThatCannotResizeScene = LayoutPriority(490)
    /// 250: a button's hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: the pull of the target size in fitting-size computations.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether Apple's Auto Layout accepts the value: greater than 0 and at most 1000.
    public var isValid: Bool { Priority.isValid(Double(rawValue)) }

    /// The solver priority for this value; throws for values outside (0, 1000].
    public func solverPriority() throws(SolverError) -> Priority { try Priority(Double(rawValue)) }

    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
}
