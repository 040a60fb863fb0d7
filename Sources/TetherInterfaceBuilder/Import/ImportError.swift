/// Why a document could not be imported, and where (line and column from 1). Nothing was added
/// to the engine when an import throws one: every check that can fail runs before the first
/// view is made.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let line: Int
    public let column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    init(_ message: String, at element: XMLElement) {
        self.init(message: message, line: element.line, column: element.column)
    }

    init(_ error: XMLError) {
        self.init(message: "not well-formed XML: \(error.message)", line: error.line, column: error.column)
    }

    /// `line 12, column 5: …`, or the message alone for an error outside the document (line 0:
    /// import options that cannot be honoured).
    public var description: String { line == 0 ? message : "line \(line), column \(column): \(message)" }
}

/// Something in the document the importer did not turn into layout: an element it does not
/// know, a feature it does not model yet, a constraint it had to leave out. The import goes on;
/// the report says what was left out and where, so that nothing is dropped silently.
public struct ImportReport: Equatable, Sendable, CustomStringConvertible {
    /// The element's name (`variation`, `constraint`).
    public let element: String
    public let line: Int
    public let column: Int
    /// What was left out, and why.
    public let message: String

    public init(element: String, line: Int, column: Int, message: String) {
        self.element = element
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ element: XMLElement, _ message: String) {
        self.init(element: element.name, line: element.line, column: element.column, message: message)
    }

    /// `line 12: <variation>: …`.
    public var description: String { "line \(line): <\(element)>: \(message)" }
}
