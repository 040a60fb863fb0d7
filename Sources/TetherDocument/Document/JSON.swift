import Tether
/// A small, strict JSON (RFC 8259) reader and a deterministic writer, without Foundation. Layout
/// documents (`LayoutDocument`) are read and written with them; nothing else in the view model
/// depends on them.
///
/// Reading is strict so that a typo in a hand-written document is reported rather than guessed
/// at: no comments, no trailing commas, no single quotes, no `NaN`/`Infinity`, no leading zeros,
/// no unescaped control characters, no lone surrogates, no duplicate keys, valid UTF-8 only, and
/// at most `JSONParser.defaultMaximumDepth` nested arrays and objects (deeper input is an error
/// instead of a stack overflow). Every error names where it happened: its line and column and its
/// JSON path (`$.views[0].frame`).
///
/// Writing is deterministic: object members keep their order (or are sorted by their UTF-8
/// bytes), numbers are the shortest text that reads back as the same `Double`, and the pretty
/// form breaks lines by a fixed rule.

/// A JSON value. Numbers are `Double`s; objects keep their members in order.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The value of the first member named `key` of an object (nil for other values).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What the value is, in words, for messages (`a string`, `an array`, …).
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

// MARK: - Paths

/// A JSONPath to a value: `$` for the top, then `.key` for a member whose key is an identifier
/// (`[A-Za-z_][A-Za-z0-9_]*`), `["key"]` (a JSON string) for any other key, and `[i]` for an
/// array element (0-based). `$.views[2].constraints[0].first`, `$.metrics["row height"]`.
///
/// The written form never contains `": "` outside a quoted key, so a message `"<path>: <text>"`
/// can be split at its first `": "` that follows the path.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    /// The top of the document, `$`.
    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let i):
                text += "[\(i)]"
            case .key(let key):
                if JSONPath.isIdentifier(key) {
                    text += "." + key
                } else {
                    text += "["
                    JSONWriter.appendString(key, to: &text)
                    text += "]"
                }
            }
        }
        return text
    }

    /// Whether `text` is `[A-Za-z_][A-Za-z0-9_]*` (written after a dot in paths).
    public static func isIdentifier(_ text: String) -> Bool {
        var first = true
        for byte in text.utf8 {
            let letter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
            let digit = byte >= 48 && byte <= 57
            guard letter || (!first && digit) else { return false }
            first = false
        }
        return !first
    }
}

// MARK: - Errors

/// Text that is not JSON, with where: the byte offset, the line and column (1-based; columns
/// count Unicode scalars) and the path of the value being read.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong (`expected ',' or ']' after an array element, found '}'`).
    public let message: String
    /// The 0-based byte offset in the UTF-8 text.
    public let offset: Int
    public let line: Int
    public let column: Int
    /// The path of the value being read when the error was found.
    public let path: JSONPath

    public init(message: String, offset: Int, line: Int, column: Int, path: JSONPath) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
        self.path = path
    }

    /// `$.views[0]: line 3, column 7: expected ...`.
    public var description: String { "\(path): line \(line), column \(column): \(message)" }
}

// MARK: - Reading

/// Reads JSON text (see the top of this file for how strict it is).
public struct JSONParser {
    /// How many arrays and objects may be nested (the top-level one counts as 1).
    public static let defaultMaximumDepth = 512

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var position = 0
    private var depth = 0
    private var path: [JSONPath.Component] = []

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON value (surrounded by optional whitespace) from `text`.
    public static func parse(_ text: String,
                             maximumDepth: Int = defaultMaximumDepth) throws(JSONError) -> JSONValue {
        try parse(bytes: Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses one JSON value from UTF-8 bytes (which are checked to be valid UTF-8).
    public static func parse(bytes: [UInt8],
                             maximumDepth: Int = defaultMaximumDepth) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: Swift.max(1, maximumDepth))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw parser.error("a byte order mark is not allowed (save the file as UTF-8 without BOM)")
        }
        parser.skipWhitespace()
        guard parser.position < bytes.count else {
            throw parser.error("expected a JSON value, found the end of the text (the text is empty)")
        }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else {
            throw parser.error("expected the end of the text after the JSON value, found \(parser.describeCurrent())")
        }
        return value
    }

    // MARK: Positions and errors

    private func error(_ message: String, at offset: Int? = nil) -> JSONError {
        let offset = offset ?? position
        var line = 1
        var column = 1
        var i = 0
        while i < offset && i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte: a new scalar
                column += 1
            }
            i += 1
        }
        return JSONError(message: message, offset: offset, line: line, column: column,
                         path: JSONPath(path))
    }

    /// The byte at the current position, in words (`'}'`, `the end of the text`, `byte 0xFF`).
    private func describeCurrent() -> String {
        guard position < bytes.count else { return "the end of the text" }
        return JSONParser.describe(byte: bytes[position])
    }

    private static func describe(byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x20 || byte == 0x7F { return "control character U+\(hex(UInt32(byte), digits: 4))" }
        return "a non-ASCII character"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONError) -> JSONValue {
        guard position < bytes.count else {
            throw error("expected a JSON value, found the end of the text")
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "'"):
            throw error("strings must be in double quotes (\"), not single quotes")
        case UInt8(ascii: "/"):
            throw error("comments are not allowed in JSON")
        default:
            if startsWithWord("NaN") || startsWithWord("Infinity") {
                throw error("NaN and Infinity are not JSON numbers")
            }
            throw error("expected a JSON value, found \(describeCurrent())")
        }
    }

    private func startsWithWord(_ word: String) -> Bool {
        let w = Array(word.utf8)
        return position + w.count <= bytes.count && Array(bytes[position..<position + w.count]) == w
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONError) -> JSONValue {
        guard startsWithWord(word) else {
            throw error("expected a JSON value, found \(describeCurrent()) (did you mean \(word)?)")
        }
        position += word.utf8.count
        if position < bytes.count, JSONParser.isWordByte(bytes[position]) {
            throw error("unexpected \(describeCurrent()) after \(word)")
        }
        return value
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 95
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= maximumDepth else {
            throw error("arrays and objects are nested more than \(maximumDepth) levels deep")
        }
    }

    private mutating func parseArray() throws(JSONError) -> JSONValue {
        try enter()
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            path.append(.index(elements.count))
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                throw error("expected an array element after ',', found ']' (trailing commas are not allowed)")
            }
            elements.append(try parseValue())
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else {
                throw error("expected ',' or ']' after an array element, found the end of the text")
            }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "]") { break }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseObject() throws(JSONError) -> JSONValue {
        try enter()
        position += 1  // {
        var members: [JSONMember] = []
        var seen: Set<String> = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else {
                throw error("expected a member name in double quotes, found the end of the text")
            }
            guard bytes[position] == UInt8(ascii: "\"") else {
                if bytes[position] == UInt8(ascii: "}") && !members.isEmpty {
                    throw error("expected a member name after ',', found '}' (trailing commas are not allowed)")
                }
                throw error("expected a member name in double quotes, found \(describeCurrent())")
            }
            let keyOffset = position
            let key = try parseString()
            path.append(.key(key))
            guard seen.insert(key).inserted else {
                throw error("duplicate key \(JSONWriter.quoted(key))", at: keyOffset)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name, found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            members.append(JSONMember(key, try parseValue()))
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else {
                throw error("expected ',' or '}' after an object member, found the end of the text")
            }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "}") { break }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
            }
        }
        depth -= 1
        return .object(members)
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, converted to the nearest Double.
    private mutating func parseNumber() throws(JSONError) -> Double {
        let start = position
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 48 && bytes[i] <= 57 }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else {
            throw error("expected a digit after '-', found \(describeCurrent())")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw error("numbers cannot have leading zeros", at: start) }
        } else {
            while isDigit(position) { position += 1 }
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else {
                throw error("expected a digit after the decimal point, found \(describeCurrent())")
            }
            while isDigit(position) { position += 1 }
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                position += 1
            }
            guard isDigit(position) else {
                throw error("expected a digit in the exponent, found \(describeCurrent())")
            }
            while isDigit(position) { position += 1 }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is too large for a double", at: start)
        }
        return value
    }

    // MARK: Strings

    /// A string starting at the opening quote; escapes decoded, UTF-8 checked.
    private mutating func parseString() throws(JSONError) -> String {
        position += 1  // "
        var out: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw error("the string is not closed: expected '\"', found the end of the text")
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0x00..<0x20:
                throw error("control character U+\(JSONParser.hex(UInt32(byte), digits: 4)) must be escaped in a string")
            case 0x80...0xFF:
                let length = try validateUTF8Sequence()
                out.append(contentsOf: bytes[position..<position + length])
                position += length
            default:
                out.append(byte)
                position += 1
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONError) {
        let start = position
        position += 1  // backslash
        guard position < bytes.count else {
            throw error("expected an escape after '\\', found the end of the text")
        }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u") else {
                    throw error("lone high surrogate \\u\(JSONParser.hex(scalar, digits: 4)): it must be followed by a low surrogate (\\uDC00-\\uDFFF)", at: start)
                }
                position += 2
                let low = try parseHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw error("high surrogate \\u\(JSONParser.hex(scalar, digits: 4)) is followed by \\u\(JSONParser.hex(low, digits: 4)), not by a low surrogate (\\uDC00-\\uDFFF)", at: start)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw error("lone low surrogate \\u\(JSONParser.hex(scalar, digits: 4))", at: start)
            }
            out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
            position -= 1
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))' (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        }
    }

    private mutating func parseHex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else {
                throw error("expected 4 hexadecimal digits after \\u, found the end of the text")
            }
            let b = bytes[position]
            let digit: UInt32
            switch b {
            case 48...57: digit = UInt32(b - 48)
            case 65...70: digit = UInt32(b - 55)
            case 97...102: digit = UInt32(b - 87)
            default: throw error("expected 4 hexadecimal digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `position` (Unicode's Table 3-7: no
    /// overlong forms, no surrogates, nothing above U+10FFFF), or an error pointing at it.
    private func validateUTF8Sequence() throws(JSONError) -> Int {
        let b0 = bytes[position]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // allowed range of the second byte
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw error("invalid UTF-8 (byte 0x\(JSONParser.hex(UInt32(b0), digits: 2)))")
        }
        for k in 1..<length {
            let i = position + k
            guard i < bytes.count else { throw error("invalid UTF-8 (a sequence cut short by the end of the text)") }
            let b = bytes[i]
            let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard b >= lo && b <= hi else {
                throw error("invalid UTF-8 (byte 0x\(JSONParser.hex(UInt32(b), digits: 2)) after 0x\(JSONParser.hex(UInt32(b0), digits: 2)))")
            }
        }
        return length
    }
}

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
