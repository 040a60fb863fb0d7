import Tether

/// UIKit's size classes, which decide which of a document's size-class variations apply.
///
/// Interface Builder saves what differs in a size class as `<variation key="…">` children:
/// `key="default"` masks what the any-width, any-height class leaves out; a key such as
/// `widthClass=regular` or `heightClass=compact-widthClass=compact` names the traits it is for,
/// and either overrides the parent element's attributes (`<variation key="widthClass=regular"
/// constant="30"/>` inside a constraint, `axis="horizontal"` inside a stack view) or holds masks
/// that `include` or `exclude` constraints and views. A variation applies when every trait its
/// key names matches the window's; the more traits a key names, the later it applies.
struct SizeClassTraits: Equatable {
    var horizontal: String
    var vertical: String
    /// `phone`, `pad` or `tv`: `userInterfaceIdiom` in keys.
    var idiom: String

    /// The traits of a full-screen window on the device (Apple's Human Interface Guidelines,
    /// "Layout", size classes): an iPhone is compact wide and regular tall in portrait, compact
    /// tall in landscape, where the phones 414 points wide and more in portrait (Plus, Max, XR and
    /// 11) are regular wide; an iPad is regular both ways in either orientation, as is a TV.
    static func of(_ device: Device, landscape: Bool) -> SizeClassTraits {
        if device.id == "appleTV" { return SizeClassTraits(horizontal: "regular", vertical: "regular", idiom: "tv") }
        if device.isPad { return SizeClassTraits(horizontal: "regular", vertical: "regular", idiom: "pad") }
        guard landscape else { return SizeClassTraits(horizontal: "compact", vertical: "regular", idiom: "phone") }
        let wide = device.portraitSize.width >= 414
        return SizeClassTraits(horizontal: wide ? "regular" : "compact", vertical: "compact", idiom: "phone")
    }

    /// Whether a variation's key applies: true or false, nil for a key that names a trait this
    /// reader does not know (reported by the caller).
    func matches(_ key: String) -> Bool? {
        guard let parts = SizeClassTraits.parts(of: key) else { return nil }
        for (trait, value) in parts {
            switch trait {
            case "widthClass": if value != horizontal { return false }
            case "heightClass": if value != vertical { return false }
            case "userInterfaceIdiom": if value != idiom { return false }
            default: return nil
            }
        }
        return true
    }

    /// `heightClass=compact-widthClass=regular` → [("heightClass", "compact"), ("widthClass", "regular")].
    static func parts(of key: String) -> [(String, String)]? {
        var parts: [(String, String)] = []
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            parts.append((String(pair[0]), String(pair[1])))
        }
        return parts.isEmpty ? nil : parts
    }
}

/// The size-class variations of a document, resolved for one window's traits.
struct SizeClassVariations {
    /// nil when the document names no device the table knows: only the default class applies.
    var traits: SizeClassTraits?

    /// The variation children of `element` that apply, least specific first.
    func applying(to element: XMLElement) -> [XMLElement] {
        guard let traits else { return [] }
        let matching = element.children.filter { child in
            guard child.name == "variation", let key = child["key"], key != "default" else { return false }
            return traits.matches(key) == true
        }
        return matching.sorted { (SizeClassTraits.parts(of: $0["key"]!)?.count ?? 0) < (SizeClassTraits.parts(of: $1["key"]!)?.count ?? 0) }
    }

    /// `element` with the attributes its applying variations set.
    func merged(_ element: XMLElement) -> XMLElement {
        let variations = applying(to: element)
        guard !variations.isEmpty else { return element }
        var attributes = element.attributes
        for variation in variations {
            for attribute in variation.attributes where attribute.name != "key" {
                if let index = attributes.firstIndex(where: { $0.name == attribute.name }) {
                    attributes[index] = attribute
                } else {
                    attributes.append(attribute)
                }
            }
        }
        return XMLElement(name: element.name, attributes: attributes, children: element.children,
                          line: element.line, column: element.column)
    }

    /// Why a variation is left out, or nil when it applies (or is the default one).
    func reasonLeftOut(_ variation: XMLElement) -> String? {
        guard let key = variation["key"], key != "default" else { return nil }
        guard let traits else {
            return "size-class variation \(key) not applied: the document names no device, so only the any-width, any-height class is laid out"
        }
        switch traits.matches(key) {
        case nil: return "size-class variation \(key) not understood: only widthClass, heightClass and userInterfaceIdiom are"
        case false?: return ""
        case true?: return nil
        }
    }
}
