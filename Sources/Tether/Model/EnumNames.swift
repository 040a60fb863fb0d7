/// Apple's spelling of each enumeration's values (UIKit's case names), as layout documents
/// write them and the C API's `tether_*_name` functions return them. `LayoutAttribute` and
/// `Relation` have theirs as their descriptions (`leadingMargin`, `<=`).

extension Axis {
    /// `horizontal`, `vertical`.
    public var name: String {
        switch self {
        case .horizontal: return "horizontal"
        case .vertical: return "vertical"
        }
    }
}

extension LayoutDirection {
    /// `leftToRight`, `rightToLeft`.
    public var name: String {
        switch self {
        case .leftToRight: return "leftToRight"
        case .rightToLeft: return "rightToLeft"
        }
    }
}

extension SemanticContentAttribute {
    /// `unspecified`, `playback`, `spatial`, `forceLeftToRight`, `forceRightToLeft`.
    public var name: String {
        switch self {
        case .unspecified: return "unspecified"
        case .playback: return "playback"
        case .spatial: return "spatial"
        case .forceLeftToRight: return "forceLeftToRight"
        case .forceRightToLeft: return "forceRightToLeft"
        }
    }
}

extension StackView.Distribution {
    /// `fill`, `fillEqually`, `fillProportionally`, `equalSpacing`, `equalCentering`.
    public var name: String {
        switch self {
        case .fill: return "fill"
        case .fillEqually: return "fillEqually"
        case .fillProportionally: return "fillProportionally"
        case .equalSpacing: return "equalSpacing"
        case .equalCentering: return "equalCentering"
        }
    }
}

extension StackView.Alignment {
    /// `fill`, `leading`, `firstBaseline`, `center`, `trailing`, `lastBaseline`: UIKit's `top`
    /// and `bottom` are the same values as `leading` and `trailing`, named here by the latter.
    public var name: String {
        switch self {
        case .fill: return "fill"
        case .leading: return "leading"
        case .firstBaseline: return "firstBaseline"
        case .center: return "center"
        case .trailing: return "trailing"
        case .lastBaseline: return "lastBaseline"
        }
    }
}
