/// What the XML reader (XMLReader.swift) gives back: a tree of elements with their attributes
/// and where each starts. Text, comments, processing instructions, CDATA sections and the
/// document type declaration are read and dropped: Interface Builder documents keep everything
/// layout needs in elements and attributes.

/// One attribute, its value with entity and character references replaced.
public struct XMLAttribute: Equatable, Sendable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One element: its name, its attributes in document order, its child elements in document
/// order, and the line and column (both from 1, columns counted in Unicode scalars) of its `<`.
public struct XMLElement: Equatable, Sendable {
    public let name: String
    public let attributes: [XMLAttribute]
    public internal(set) var children: [XMLElement]
    public let line: Int
    public let column: Int

    public init(name: String, attributes: [XMLAttribute], children: [XMLElement], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.line = line
        self.column = column
    }

    /// The value of the attribute named `name`, or nil. Interface Builder elements carry a
    /// dozen attributes at most, so a linear search beats building a dictionary per element.
    public subscript(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements named `name`, in order.
    public func children(named name: String) -> [XMLElement] {
        children.filter { $0.name == name }
    }

    /// The first child named `name` whose `key` attribute is `key` (Interface Builder's way of
    /// saying which property of the parent an element sets: `<rect key="frame" …/>`).
    public func child(named name: String, key: String) -> XMLElement? {
        children.first { $0.name == name && $0["key"] == key }
    }

    /// `line:column`, for messages.
    public var location: String { "\(line):\(column)" }
}

/// Why a text is not well-formed XML, and where: the line and column (both from 1, columns in
/// Unicode scalars) of the character the reader could not accept.
public struct XMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let line: Int
    public let column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line 3, column 7: expected '>' …`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
