/// Errors of the view model. Messages follow Apple's wording where Apple has one
/// (see shared/docs/autolayout-semantics.md §1.3, §2.2, §7.4).
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A size attribute related to a location attribute (or vice versa), or an x-axis location
    /// related to a y-axis one.
    case invalidPairing(String)
    /// A location attribute set equal to a constant (no second item, or multiplier 0).
    case locationEqualToConstant(String)
    /// Leading/trailing related to left/right.
    case mixedDirectionality(String)
    /// An attribute the item does not have (margins or baselines on a layout guide,
    /// `notAnAttribute` on the first item, a second attribute without a second item).
    case invalidAttribute(String)
    /// A non-finite multiplier, constant, frame, size or inset.
    case nonFinite(String)
    /// A priority outside (0, 1000].
    case invalidPriority(Float)
    /// Changing between required and optional on an active constraint.
    case priorityMutation(from: Float, to: Float)
    /// Activating a constraint whose items are in different hierarchies.
    case noCommonAncestor(String)
    /// Items of different engines, or an object already freed.
    case wrongEngine(String)
    /// A hierarchy operation that would make a cycle or is otherwise impossible.
    case invalidHierarchy(String)
    /// An object already freed.
    case freed(String)
    /// An argument out of range (an enum raw value, an index).
    case invalidArgument(String)
    /// A measure callback or hook reported a failure.
    case callbackFailed(String)
    /// A generated constraint (handed out for inspection) cannot be changed.
    case readOnly(String)
    /// A call out of sequence (committing an animation block when none is open).
    case invalidState(String)

    public var description: String {
        switch self {
        case .invalidPairing(let m), .locationEqualToConstant(let m), .mixedDirectionality(let m),
             .invalidAttribute(let m), .nonFinite(let m), .noCommonAncestor(let m), .wrongEngine(let m),
             .invalidHierarchy(let m), .freed(let m), .invalidArgument(let m), .callbackFailed(let m),
             .readOnly(let m), .invalidState(let m):
            return m
        case .invalidPriority(let p):
            return "It's illegal to set priority:\(formatPriority(p)).  Priorities must be greater than 0 and less or equal to NSLayoutPriorityRequired, which is 1000.000000."
        case .priorityMutation(let from, let to):
            return "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.  You passed priority \(formatPriority(to)) and the existing priority was \(formatPriority(from))."
        }
    }
}

/// Numbers as Apple prints them in messages and descriptions: integers without a decimal
/// point, others with up to six significant decimals (`0.333333`, `-26.6667`).
/// A priority as given, for messages: a whole number without a fraction (`1001`), any other as
/// the shortest decimal of its `Float` (`1000.0001`, which six significant digits would show as
/// `1000`, the one priority it is not).
package func formatPriority(_ p: Float) -> String {
    guard p.isFinite else { return formatNumber(Double(p)) }
    if p == p.rounded() && Swift.abs(p) < 1e15 { return String(Int64(p)) }
    return p.description
}

package func formatNumber(_ x: Double) -> String {
    if x.isNaN { return "nan" }
    if x.isInfinite { return x > 0 ? "inf" : "-inf" }
    if x == x.rounded() && Swift.abs(x) < 1e15 { return String(Int64(x)) }
    // %g with 6 significant digits, without Foundation.
    let magnitude = Swift.abs(x)
    var exponent = 0
    var m = magnitude
    while m >= 10 { m /= 10; exponent += 1 }
    while m < 1 { m *= 10; exponent -= 1 }
    let decimals = Swift.max(0, 5 - exponent)
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (magnitude * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let fraction = text[text.index(after: dot)...]
        if fraction.count > decimals { text = String(text[..<text.index(dot, offsetBy: decimals + 1)]) }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return x < 0 ? "-" + text : text
}
