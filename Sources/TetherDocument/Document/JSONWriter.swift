import Tether

// MARK: - Writing

/// Writes JSON text deterministically.
///
/// - `compact`: no whitespace at all (`{"a":[1,2]}`).
/// - `pretty`: two-space indentation; an array or object is written on one line when that line
///   stays within `width` columns and it holds no object and no array of containers (so an
///   equation or a frame stays on one line, a view with subviews does not); otherwise one
///   member or element per line.
///
/// Numbers: integers below 2^53 in magnitude without a fraction (`8`, `-0`), every other finite
/// value as Swift's shortest round-tripping form (`0.1`, `1e-05`, `1.5e+20`), so reading the text
/// gives back exactly the same `Double`. JSON has no NaN or infinity: they are written as `null`.
public enum JSONWriter {
    public enum Style: Equatable, Sendable {
        case compact
        case pretty(width: Int)

        /// Pretty with lines of at most 120 columns where the rule allows.
        public static let pretty = Style.pretty(width: 120)
    }

    /// The text of `value` in `style`, with object members in their order or, when `sortKeys`,
    /// sorted by their UTF-8 bytes. Pretty text ends with a newline; compact text does not.
    public static func string(_ value: JSONValue, style: Style = .pretty, sortKeys: Bool = false) -> String {
        var out = ""
        switch style {
        case .compact:
            writeCompact(value, sortKeys: sortKeys, to: &out)
        case .pretty(let width):
            writePretty(value, indent: 0, column: 0, width: width, sortKeys: sortKeys, to: &out)
            out += "\n"
        }
        return out
    }

    /// The JSON text of a number (see the type's documentation).
    public static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == 0 { return x.sign == .minus ? "-0" : "0" }
        if x == x.rounded(.towardZero) && Swift.abs(x) < 9_007_199_254_740_992 { return String(Int64(x)) }
        return x.description
    }

    /// `text` as a JSON string literal: `"`, `\` and control characters escaped (the short forms
    /// where JSON has one, `\u00XX` otherwise); everything else as is (UTF-8).
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendString(text, to: &out)
        return out
    }

    static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private static func ordered(_ members: [JSONMember], _ sortKeys: Bool) -> [JSONMember] {
        guard sortKeys else { return members }
        return members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private static func writeCompact(_ value: JSONValue, sortKeys: Bool, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += number(x)
        case .string(let s): appendString(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                writeCompact(element, sortKeys: sortKeys, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in ordered(members, sortKeys).enumerated() {
                if i > 0 { out += "," }
                appendString(member.key, to: &out)
                out += ":"
                writeCompact(member.value, sortKeys: sortKeys, to: &out)
            }
            out += "}"
        }
    }

    /// The one-line form used by the pretty style (`", "` and `": "` separators).
    private static func oneLine(_ value: JSONValue, sortKeys: Bool, to out: inout String) {
        switch value {
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += ", " }
                oneLine(element, sortKeys: sortKeys, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in ordered(members, sortKeys).enumerated() {
                if i > 0 { out += ", " }
                appendString(member.key, to: &out)
                out += ": "
                oneLine(member.value, sortKeys: sortKeys, to: &out)
            }
            out += "}"
        default:
            writeCompact(value, sortKeys: sortKeys, to: &out)
        }
    }

    /// Whether the rule lets a container be written on one line (before measuring its width):
    /// its elements or member values are scalars or arrays of scalars.
    private static func mayBeOneLine(_ value: JSONValue) -> Bool {
        func isScalar(_ v: JSONValue) -> Bool {
            switch v {
            case .array, .object: return false
            default: return true
            }
        }
        func isFlat(_ v: JSONValue) -> Bool {
            switch v {
            case .object: return false
            case .array(let inner): return inner.allSatisfy(isScalar)
            default: return true
            }
        }
        switch value {
        case .array(let elements): return elements.allSatisfy(isFlat)
        case .object(let members): return members.allSatisfy { isFlat($0.value) }
        default: return true
        }
    }

    /// Writes `value` whose first character lands at `column`; nested lines are indented by
    /// `indent + 2`.
    private static func writePretty(_ value: JSONValue, indent: Int, column: Int, width: Int,
                                    sortKeys: Bool, to out: inout String) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            if let line = fittingLine(value, column: column, width: width, sortKeys: sortKeys) {
                out += line
                return
            }
            let pad = String(repeating: " ", count: indent + 2)
            out += "[\n"
            for (i, element) in elements.enumerated() {
                out += pad
                writePretty(element, indent: indent + 2, column: indent + 2, width: width,
                            sortKeys: sortKeys, to: &out)
                out += i + 1 < elements.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members) where !members.isEmpty:
            if let line = fittingLine(value, column: column, width: width, sortKeys: sortKeys) {
                out += line
                return
            }
            let pad = String(repeating: " ", count: indent + 2)
            out += "{\n"
            let list = ordered(members, sortKeys)
            for (i, member) in list.enumerated() {
                var key = ""
                appendString(member.key, to: &key)
                out += pad + key + ": "
                writePretty(member.value, indent: indent + 2, column: indent + 2 + key.unicodeScalars.count + 2,
                            width: width, sortKeys: sortKeys, to: &out)
                out += i + 1 < list.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        default:
            oneLine(value, sortKeys: sortKeys, to: &out)
        }
    }

    /// The one-line text of a container when the rule allows it and it fits (a trailing comma
    /// counted), else nil.
    private static func fittingLine(_ value: JSONValue, column: Int, width: Int, sortKeys: Bool) -> String? {
        guard mayBeOneLine(value) else { return nil }
        var line = ""
        oneLine(value, sortKeys: sortKeys, to: &line)
        return column + line.unicodeScalars.count + 1 <= width ? line : nil
    }
}
