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

    /// The path and value of the first number that is not finite (JSON has no NaN or infinity:
    /// the writer writes it as `null`, which does not read back as a number), depth first.
    public var firstNonFiniteNumber: (path: JSONPath, value: Double)? {
        var pending: [(JSONValue, JSONPath)] = [(self, .root)]
        while let (value, path) = pending.popLast() {
            switch value {
            case .number(let x) where !x.isFinite: return (path, x)
            case .array(let items):
                for (i, item) in items.enumerated().reversed() { pending.append((item, path.appending(i))) }
            case .object(let members):
                for m in members.reversed() { pending.append((m.value, path.appending(m.key))) }
            default: break
            }
        }
        return nil
    }

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
