import Tether

/// Interface Builder's spellings of values, read from an element's attributes: booleans as
/// `YES`/`NO`, numbers in Swift's `Double` syntax, multipliers as ratios, attribute and relation
/// names as UIKit's case names. A value that is present but cannot be read is an `ImportError`
/// naming the element (a hand-edited or damaged document), never a silent default.
extension XMLElement {
    /// `YES` → true, `NO` → false, absent → nil.
    func bool(_ name: String) throws(ImportError) -> Bool? {
        guard let text = self[name] else { return nil }
        switch text {
        case "YES": return true
        case "NO": return false
        default: throw ImportError("\(name)=\"\(text)\" is neither YES nor NO", at: self)
        }
    }

    /// A finite number, or nil when absent.
    func number(_ name: String) throws(ImportError) -> Double? {
        guard let text = self[name] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw ImportError("\(name)=\"\(text)\" is not a finite number", at: self)
        }
        return value
    }

    /// A number that must be present.
    func requiredNumber(_ name: String) throws(ImportError) -> Double {
        guard let value = try number(name) else {
            throw ImportError("<\(self.name)> has no \(name) attribute", at: self)
        }
        return value
    }

    /// `<rect key="frame" x=… y=… width=… height=…/>` as a rectangle.
    func rect() throws(ImportError) -> Rect {
        Rect(x: try requiredNumber("x"), y: try requiredNumber("y"),
             width: try requiredNumber("width"), height: try requiredNumber("height"))
    }

    /// A priority between 1 and 1000, or nil when absent.
    func priority(_ name: String) throws(ImportError) -> LayoutPriority? {
        guard let value = try number(name) else { return nil }
        let priority = LayoutPriority(Float(value))
        guard priority.isValid else {
            throw ImportError("\(name)=\"\(self[name]!)\" is not a priority (1 to 1000)", at: self)
        }
        return priority
    }

    /// A constraint's multiplier: a decimal (`0.25`), or a ratio `a:b` or `a/b` (IB writes the
    /// ratio the designer typed: `1:2` is 0.5).
    func multiplier() throws(ImportError) -> Double {
        guard let text = self["multiplier"] else { return 1 }
        let separator = text.firstIndex(where: { $0 == ":" || $0 == "/" })
        let value: Double?
        if let separator {
            let numerator = Double(text[..<separator])
            let denominator = Double(text[text.index(after: separator)...])
            value = numerator.flatMap { n in denominator.flatMap { d in d == 0 ? nil : n / d } }
        } else {
            value = Double(text)
        }
        guard let value, value.isFinite else {
            throw ImportError("multiplier=\"\(text)\" is neither a number nor a ratio like 1:2", at: self)
        }
        return value
    }
}

/// Interface Builder's attribute names are UIKit's `NSLayoutAttribute` case names.
enum AttributeNames {
    static func attribute(_ name: String) -> LayoutAttribute? {
        switch name {
        case "left": return .left
        case "right": return .right
        case "top": return .top
        case "bottom": return .bottom
        case "leading": return .leading
        case "trailing": return .trailing
        case "width": return .width
        case "height": return .height
        case "centerX": return .centerX
        case "centerY": return .centerY
        case "baseline", "lastBaseline": return .lastBaseline
        case "firstBaseline": return .firstBaseline
        case "leftMargin": return .leftMargin
        case "rightMargin": return .rightMargin
        case "topMargin": return .topMargin
        case "bottomMargin": return .bottomMargin
        case "leadingMargin": return .leadingMargin
        case "trailingMargin": return .trailingMargin
        case "centerXWithinMargins": return .centerXWithinMargins
        case "centerYWithinMargins": return .centerYWithinMargins
        default: return nil
        }
    }

    /// Absent means equal, as in IB's files.
    static func relation(_ name: String?) -> LayoutRelation? {
        switch name {
        case nil: return .equal
        case "greaterThanOrEqual": return .greaterThanOrEqual
        case "lessThanOrEqual": return .lessThanOrEqual
        default: return nil
        }
    }
}

/// `<autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxX="YES" …/>`: IB
/// names the flexible margins by the edge of the frame that moves (`flexibleMinX` is UIKit's
/// flexibleLeftMargin) and the sizes by the dimension.
enum AutoresizingNames {
    static let flags: [(name: String, mask: AutoresizingMask)] = [
        ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth),
        ("flexibleMaxX", .flexibleRightMargin), ("flexibleMinY", .flexibleTopMargin),
        ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
    ]

    static func mask(of element: XMLElement) throws(ImportError) -> AutoresizingMask {
        var mask: AutoresizingMask = []
        for attribute in element.attributes where attribute.name != "key" {
            guard let flag = flags.first(where: { $0.name == attribute.name }) else {
                throw ImportError("<autoresizingMask> has an unknown flag '\(attribute.name)'", at: element)
            }
            if try element.bool(attribute.name) == true { mask.insert(flag.mask) }
        }
        return mask
    }
}

/// Spellings of view properties: stack views' and the semantic content attribute.
enum ViewPropertyNames {
    static func semanticContentAttribute(_ name: String) -> SemanticContentAttribute? {
        switch name {
        case "unspecified": return .unspecified
        case "playback": return .playback
        case "spatial": return .spatial
        case "forceLeftToRight": return .forceLeftToRight
        case "forceRightToLeft": return .forceRightToLeft
        default: return nil
        }
    }

    /// `<stackView axis="vertical" distribution="fillEqually" alignment="center" spacing="8"
    /// baselineRelativeArrangement="YES" layoutMarginsRelativeArrangement="YES">`; absent
    /// attributes are UIKit's defaults (horizontal, fill, fill, 0, NO, NO).
    static func stack(_ element: XMLElement) throws(ImportError) -> StackSpec {
        var spec = StackSpec()
        switch element["axis"] {
        case nil, "horizontal": spec.axis = .horizontal
        case "vertical": spec.axis = .vertical
        case let other?: throw ImportError("axis=\"\(other)\" is neither horizontal nor vertical", at: element)
        }
        if let name = element["distribution"] {
            guard let value = StackView.Distribution.allCases.first(where: { $0.name == name }) else {
                throw ImportError("distribution=\"\(name)\" is not one of UIStackView's", at: element)
            }
            spec.distribution = value
        }
        if let name = element["alignment"] {
            // IB writes `top` and `bottom` for vertical alignment in a horizontal stack: UIKit's
            // aliases of leading and trailing.
            let aliases = ["top": "leading", "bottom": "trailing", "baseline": "lastBaseline"]
            let canonical = aliases[name] ?? name
            guard let value = StackView.Alignment.allCases.first(where: { $0.name == canonical }) else {
                throw ImportError("alignment=\"\(name)\" is not one of UIStackView's", at: element)
            }
            spec.alignment = value
        }
        spec.spacing = try element.number("spacing") ?? 0
        spec.isBaselineRelativeArrangement = try element.bool("baselineRelativeArrangement") ?? false
        spec.isLayoutMarginsRelativeArrangement = try element.bool("layoutMarginsRelativeArrangement") ?? false
        return spec
    }
}
