import Tether

// MARK: - Reading

/// Reads JSON text (see JSON.swift for how strict it is).
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
