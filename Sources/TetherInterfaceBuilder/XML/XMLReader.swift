/// A small XML 1.0 reader for well-formed documents such as Interface Builder's, without
/// Foundation: FoundationXML would bring libxml2 and Foundation into a library that is otherwise
/// self-contained (the JSON reader of TetherDocument is written in the same spirit).
///
/// It accepts: an optional byte order mark and XML declaration; elements with attributes in
/// single or double quotes; the five predefined entities (`&lt;` `&gt;` `&amp;` `&apos;`
/// `&quot;`) and decimal or hexadecimal character references in attribute values and text;
/// comments, processing instructions, CDATA sections and a document type declaration (with an
/// internal subset), all skipped; text, checked and dropped. It rejects, with the line and
/// column: a missing or mismatched end tag, an unterminated construct, a duplicate attribute,
/// `<` in an attribute value, an unknown entity, a character reference to a character XML does
/// not allow, `--` inside a comment, and anything after the root element but comments,
/// processing instructions and white space. It does not read external entities or validate
/// against a DTD (a well-formed subset: Interface Builder writes neither).
///
/// Elements are read with an explicit stack, not recursion: any nesting depth reads without
/// overflowing the thread's stack.
public struct XMLReader {
    private let bytes: [UInt8]
    private var position = 0
    /// Offsets where each line starts, for turning an offset into a line and column.
    private let lineStarts: [Int]

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    /// Reads the document in `text` and returns its root element.
    public static func parse(_ text: String) throws(XMLError) -> XMLElement {
        var reader = XMLReader(bytes: Array(text.utf8))
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        try reader.skipMisc(allowDoctype: true)
        guard reader.peek == UInt8(ascii: "<") else {
            throw reader.error(reader.atEnd ? "the document has no root element"
                                            : "expected the root element, found \(reader.describeCurrent())")
        }
        let root = try reader.readElementTree()
        try reader.skipMisc(allowDoctype: false)
        guard reader.atEnd else {
            throw reader.error("expected the end of the document after the root element </\(root.name)>, "
                               + "found \(reader.describeCurrent())")
        }
        return root
    }

    // MARK: Positions and errors

    private var atEnd: Bool { position >= bytes.count }
    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func starts(with literal: String, at offset: Int? = nil) -> Bool {
        var i = offset ?? position
        for byte in literal.utf8 {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    /// The line and column (from 1; columns count Unicode scalars) of `offset`. Elements are
    /// met in increasing order, so the count goes on from the last one asked about (a document
    /// on one long line costs its length once, not once per element); an earlier offset (an
    /// error naming where an element opened) counts from its line's start.
    private func location(of offset: Int) -> (line: Int, column: Int) {
        let cursor = self.cursor
        if offset < cursor.offset {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {  // the last line start at or before offset
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            cursor.offset = lineStarts[low]
            cursor.line = low + 1
            cursor.column = 1
        }
        var i = cursor.offset
        while i < offset && i < bytes.count {
            if bytes[i] == 0x0A {
                cursor.line += 1
                cursor.column = 1
            } else if bytes[i] & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                cursor.column += 1
            }
            i += 1
        }
        cursor.offset = i
        return (cursor.line, cursor.column)
    }

    /// Where `location(of:)` counted up to (a class: the count moves on in non-mutating code).
    private final class Cursor {
        var offset = 0
        var line = 1
        var column = 1
    }

    private let cursor = Cursor()

    private func error(_ message: String, at offset: Int? = nil) -> XMLError {
        let (line, column) = location(of: offset ?? position)
        return XMLError(message: message, line: line, column: column)
    }

    private func describeCurrent() -> String {
        guard let byte = peek else { return "the end of the document" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return "white space" }
        if byte < 0x20 || byte == 0x7F { return "control character 0x\(String(byte, radix: 16, uppercase: true))" }
        return "a non-ASCII character"
    }

    // MARK: Markup outside the root element

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func skipSpace() {
        while let byte = peek, XMLReader.isSpace(byte) { position += 1 }
    }

    /// Skips white space, comments, processing instructions (the XML declaration is one for
    /// this purpose) and, before the root element, one document type declaration.
    private mutating func skipMisc(allowDoctype: Bool) throws(XMLError) {
        var sawDoctype = false
        while true {
            skipSpace()
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<?") {
                try skipProcessingInstruction()
            } else if starts(with: "<!DOCTYPE") {
                guard allowDoctype && !sawDoctype else {
                    throw error(sawDoctype ? "a second document type declaration"
                                           : "a document type declaration after the root element")
                }
                try skipDoctype()
                sawDoctype = true
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(XMLError) {
        let start = position
        position += 4
        while position < bytes.count {
            if starts(with: "--") {
                guard starts(with: "-->") else { throw error("'--' is not allowed inside a comment") }
                position += 3
                return
            }
            position += 1
        }
        throw error("the comment that starts here never ends (expected '-->')", at: start)
    }

    private mutating func skipProcessingInstruction() throws(XMLError) {
        let start = position
        position += 2
        guard let byte = peek, XMLReader.isNameStart(byte) else {
            throw error("expected a processing instruction's target after '<?', found \(describeCurrent())")
        }
        while position < bytes.count {
            if starts(with: "?>") {
                position += 2
                return
            }
            position += 1
        }
        throw error("the processing instruction that starts here never ends (expected '?>')", at: start)
    }

    private mutating func skipCDATA() throws(XMLError) {
        let start = position
        position += 9  // <![CDATA[
        while position < bytes.count {
            if starts(with: "]]>") {
                position += 3
                return
            }
            position += 1
        }
        throw error("the CDATA section that starts here never ends (expected ']]>')", at: start)
    }

    /// Skips `<!DOCTYPE …>`, including an internal subset in brackets, with quoted strings and
    /// comments inside it (where `>` and `]` do not end anything).
    private mutating func skipDoctype() throws(XMLError) {
        let start = position
        position += 9
        var inSubset = false
        while let byte = peek {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let quoteStart = position
                position += 1
                while let b = peek, b != byte { position += 1 }
                guard !atEnd else { throw error("the quoted string that starts here never ends", at: quoteStart) }
                position += 1
            } else if starts(with: "<!--") {
                try skipComment()
            } else if byte == UInt8(ascii: "[") && !inSubset {
                inSubset = true
                position += 1
            } else if byte == UInt8(ascii: "]") && inSubset {
                inSubset = false
                position += 1
            } else if byte == UInt8(ascii: ">") && !inSubset {
                position += 1
                return
            } else {
                position += 1
            }
        }
        throw error("the document type declaration that starts here never ends (expected '>')", at: start)
    }

    // MARK: Elements

    /// An element being read: its start tag is done, its children are collected.
    private struct OpenElement {
        var element: XMLElement
        let offset: Int
    }

    /// Reads the element that starts at `<` and everything inside it.
    private mutating func readElementTree() throws(XMLError) -> XMLElement {
        var open: [OpenElement] = []
        while true {
            if open.isEmpty || peek == UInt8(ascii: "<") && !starts(with: "</") && !starts(with: "<!") && !starts(with: "<?") {
                let offset = position
                let (element, isEmpty) = try readStartTag()
                if isEmpty {
                    if open.isEmpty { return element }
                    open[open.count - 1].element.children.append(element)
                } else {
                    open.append(OpenElement(element: element, offset: offset))
                }
            } else if starts(with: "</") {
                let closed = open.removeLast()
                try readEndTag(of: closed)
                if open.isEmpty { return closed.element }
                open[open.count - 1].element.children.append(closed.element)
            } else if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<![CDATA[") {
                try skipCDATA()
            } else if starts(with: "<?") {
                try skipProcessingInstruction()
            } else if starts(with: "<!") {
                throw error("expected a comment or a CDATA section after '<!', found \(describeCurrent())")
            }
            try skipText(inside: open.last!)
        }
    }

    /// Skips character data up to the next `<`, checking its references; ends at `<`.
    private mutating func skipText(inside open: OpenElement) throws(XMLError) {
        while let byte = peek, byte != UInt8(ascii: "<") {
            if byte == UInt8(ascii: "&") {
                var sink = ""
                try readReference(into: &sink)
            } else {
                position += 1
            }
        }
        if atEnd {
            let (line, column) = location(of: open.offset)
            throw error("the document ends inside <\(open.element.name)> (opened at line \(line), column \(column))")
        }
    }

    /// Reads `<name attr="value" …>` or `<name … />`.
    private mutating func readStartTag() throws(XMLError) -> (XMLElement, isEmpty: Bool) {
        let offset = position
        position += 1
        let name = try readName(what: "an element name after '<'")
        var attributes: [XMLAttribute] = []
        while true {
            let beforeSpace = position
            skipSpace()
            if starts(with: "/>") {
                position += 2
                return (makeElement(name, attributes, at: offset), true)
            }
            if peek == UInt8(ascii: ">") {
                position += 1
                return (makeElement(name, attributes, at: offset), false)
            }
            guard !atEnd else { throw error("the start tag <\(name)> never ends (expected '>' or '/>')", at: offset) }
            guard position > beforeSpace else {
                throw error("expected white space, '>' or '/>' in <\(name)>, found \(describeCurrent())")
            }
            let attributeOffset = position
            let attributeName = try readName(what: "an attribute name, '>' or '/>' in <\(name)>")
            if attributes.contains(where: { $0.name == attributeName }) {
                throw error("attribute '\(attributeName)' appears twice in <\(name)>", at: attributeOffset)
            }
            skipSpace()
            guard peek == UInt8(ascii: "=") else {
                throw error("expected '=' after attribute '\(attributeName)', found \(describeCurrent())")
            }
            position += 1
            skipSpace()
            let value = try readAttributeValue(named: attributeName)
            attributes.append(XMLAttribute(name: attributeName, value: value))
        }
    }

    private func makeElement(_ name: String, _ attributes: [XMLAttribute], at offset: Int) -> XMLElement {
        let (line, column) = location(of: offset)
        return XMLElement(name: name, attributes: attributes, children: [], line: line, column: column)
    }

    private mutating func readEndTag(of open: OpenElement) throws(XMLError) {
        let offset = position
        position += 2
        let name = try readName(what: "an element name after '</'")
        skipSpace()
        guard peek == UInt8(ascii: ">") else {
            throw error("expected '>' to end </\(name)>, found \(describeCurrent())")
        }
        position += 1
        guard name == open.element.name else {
            let (line, column) = location(of: open.offset)
            throw error("</\(name)> does not close <\(open.element.name)> (opened at line \(line), column \(column))",
                        at: offset)
        }
    }

    // MARK: Names, values, references

    /// Name start characters: ASCII letters, `_`, `:` and any non-ASCII character (XML allows
    /// most of them; Interface Builder writes ASCII names only).
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    private mutating func readName(what: String) throws(XMLError) -> String {
        let start = position
        guard let first = peek, XMLReader.isNameStart(first) else {
            throw error("expected \(what), found \(describeCurrent())")
        }
        position += 1
        while let byte = peek, XMLReader.isNameCharacter(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A quoted value with references replaced; white space characters become spaces, as the
    /// XML specification's attribute-value normalization says (character references keep theirs).
    private mutating func readAttributeValue(named name: String) throws(XMLError) -> String {
        guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("expected a quoted value for attribute '\(name)', found \(describeCurrent())")
        }
        let start = position
        position += 1
        var value = ""
        var runStart = position
        while true {
            guard let byte = peek else {
                throw error("the value of attribute '\(name)' that starts here never ends", at: start)
            }
            if byte == quote || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || XMLReader.isSpace(byte) {
                value += String(decoding: bytes[runStart..<position], as: UTF8.self)
                if byte == quote {
                    position += 1
                    return value
                }
                if byte == UInt8(ascii: "<") { throw error("'<' is not allowed in the value of attribute '\(name)'") }
                if byte == UInt8(ascii: "&") {
                    try readReference(into: &value)
                } else {
                    value += " "
                    // A CR LF pair is one line break: one space.
                    if byte == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A { position += 1 }
                    position += 1
                }
                runStart = position
            } else {
                position += 1
            }
        }
    }

    /// Reads `&name;`, `&#123;` or `&#x7B;` and appends the character it stands for.
    private mutating func readReference(into text: inout String) throws(XMLError) {
        let start = position
        position += 1
        var body: [UInt8] = []
        while let byte = peek, byte != UInt8(ascii: ";") {
            guard body.count < 16, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&"), !XMLReader.isSpace(byte) else {
                throw error("'&' must start a reference ending with ';' (write '&amp;' for '&')", at: start)
            }
            body.append(byte)
            position += 1
        }
        guard !atEnd else { throw error("the reference that starts here never ends (expected ';')", at: start) }
        position += 1
        let name = String(decoding: body, as: UTF8.self)
        switch name {
        case "lt": text += "<"
        case "gt": text += ">"
        case "amp": text += "&"
        case "apos": text += "'"
        case "quot": text += "\""
        default:
            guard body.first == UInt8(ascii: "#") else {
                throw error("unknown entity '&\(name);' (XML predefines only lt, gt, amp, apos and quot)", at: start)
            }
            let hex = body.count > 1 && body[1] == UInt8(ascii: "x")
            let digits = String(decoding: body.dropFirst(hex ? 2 : 1), as: UTF8.self)
            guard !digits.isEmpty, let value = UInt32(digits, radix: hex ? 16 : 10),
                  let scalar = Unicode.Scalar(value), XMLReader.isAllowedCharacter(value) else {
                throw error("'&\(name);' is not a reference to a character XML allows", at: start)
            }
            text.unicodeScalars.append(scalar)
        }
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, and U+0020 up, without surrogates,
    /// U+FFFE and U+FFFF.
    private static func isAllowedCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
