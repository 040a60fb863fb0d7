import TetherSolver

/// `NSLayoutAttribute`, with Apple's raw values.
public enum LayoutAttribute: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case notAnAttribute = 0
    case left = 1, right = 2, top = 3, bottom = 4
    case leading = 5, trailing = 6
    case width = 7, height = 8
    case centerX = 9, centerY = 10
    case lastBaseline = 11, firstBaseline = 12
    case leftMargin = 13, rightMargin = 14, topMargin = 15, bottomMargin = 16
    case leadingMargin = 17, trailingMargin = 18
    case centerXWithinMargins = 19, centerYWithinMargins = 20
    /// Private attributes of generated autoresizing constraints (the frame's min edge in the
    /// superview's coordinates, as Apple's logs print them). Never accepted by the public API.
    case minX = 32, minY = 33

    /// The kind of quantity, for the pairing rules.
    public enum Kind: Sendable { case none, xLocation, yLocation, size }

    public var kind: Kind {
        switch self {
        case .notAnAttribute: return .none
        case .width, .height: return .size
        case .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin,
             .leadingMargin, .trailingMargin, .centerXWithinMargins, .minX:
            return .xLocation
        case .top, .bottom, .centerY, .lastBaseline, .firstBaseline, .topMargin, .bottomMargin,
             .centerYWithinMargins, .minY:
            return .yLocation
        }
    }

    /// The axis the attribute measures along (nil for `notAnAttribute`).
    public var axis: Axis? {
        switch self {
        case .notAnAttribute: return nil
        case .width: return .horizontal
        case .height: return .vertical
        default: return kind == .xLocation ? .horizontal : .vertical
        }
    }

    /// Leading/trailing and their margin variants (resolved by layout direction).
    public var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: return true
        default: return false
        }
    }

    /// Left/right and their margin variants (absolute).
    public var isAbsoluteHorizontalEdge: Bool {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: return true
        default: return false
        }
    }

    public var isMarginRelative: Bool { rawValue >= 13 && rawValue <= 20 }

    /// Whether the public API accepts the attribute (`minX`/`minY` are generated-only).
    public var isPublic: Bool { rawValue <= 20 }

    /// Apple's spelling in descriptions (`centerX`, `lastBaseline`, `leadingMargin`, …).
    public var description: String {
        switch self {
        case .notAnAttribute: return "notAnAttribute"
        case .left: return "left"
        case .right: return "right"
        case .top: return "top"
        case .bottom: return "bottom"
        case .leading: return "leading"
        case .trailing: return "trailing"
        case .width: return "width"
        case .height: return "height"
        case .centerX: return "centerX"
        case .centerY: return "centerY"
        case .lastBaseline: return "lastBaseline"
        case .firstBaseline: return "firstBaseline"
        case .leftMargin: return "leftMargin"
        case .rightMargin: return "rightMargin"
        case .topMargin: return "topMargin"
        case .bottomMargin: return "bottomMargin"
        case .leadingMargin: return "leadingMargin"
        case .trailingMargin: return "trailingMargin"
        case .centerXWithinMargins: return "centerXWithinMargins"
        case .centerYWithinMargins: return "centerYWithinMargins"
        case .minX: return "minX"
        case .minY: return "minY"
        }
    }
}

/// `NSLayoutRelation`, with Apple's raw values: the solver's own relation, so a constraint's
/// relation reaches the tableau as it is.
public typealias LayoutRelation = Relation

/// `UISemanticContentAttribute`, with Apple's raw values.
public enum SemanticContentAttribute: Int32, Sendable, CaseIterable {
    case unspecified = 0, playback = 1, spatial = 2, forceLeftToRight = 3, forceRightToLeft = 4
}

/// `UIUserInterfaceLayoutDirection`.
public enum LayoutDirection: Int32, Sendable, CaseIterable {
    case leftToRight = 0, rightToLeft = 1
}
