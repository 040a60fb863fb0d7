/// Equation text: constraints written as the equations they are, one per line or separated by
/// `;`, e.g.
///
///     email.top == title.bottom + 8
///     email.width == 0.5 * root.width @ 750; button.width >= 44
///     content.top == root.safeAreaLayoutGuide.top + pad
///
/// Grammar (spaces anywhere between tokens; numbers as C's strtod reads them):
///
///     equation := anchor relation side ('@' priority)?
///     anchor   := name ('.' ('layoutMarginsGuide' | 'safeAreaLayoutGuide'))? '.' attribute
///     relation := '==' | '<=' | '>='
///     side     := term (('+' | '-') term)*          (at most one term holds an anchor)
///     term     := '-'? factor (('*' | '/') factor)* (an anchor is never a divisor)
///     factor   := number | metric | anchor
///     priority := (number | metric | priority name) (('+' | '-') (number | metric))?
///
/// `attribute` is a layout attribute's name as descriptions print it (`top`, `leadingMargin`,
/// `centerY`...); a priority name is one of `LayoutPriority`'s (`required`, `defaultHigh`,
/// `defaultLow`, `fittingSizeLevel`...). The right side says `multiplier × anchor + constant`
/// in any arrangement (`8 + 2 * b.width`, `b.width / 2 - 4`); without an anchor it is a
/// constant. Layout documents accept the same text as a constraint (docs/layout-documents.md).
///
/// This file turns text into equations over names; resolving the names to items is the
/// caller's (`LayoutConstraint.constraints(withEquations:metrics:views:)`, the document reader).

/// Equation text the parser could not understand, or an equation Auto Layout rejects.
public struct EquationTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bare reason (`email is not a key in the views dictionary.`).
    public let description: String
    /// The text that failed, whole.
    public let text: String
    /// The 0-based column (in characters, counted from the start of `text`) of the failure,
    /// in `0...text.count`.
    public let position: Int

    public init(_ description: String, text: String, position: Int) {
        self.description = description
        self.text = text
        self.position = Swift.max(0, Swift.min(position, text.count))
    }

    /// `Unable to parse constraint equation: <reason>`, then the line holding the failure and a
    /// caret under it, as Apple's Visual Format messages show the format.
    public var message: String {
        let chars = Array(text)
        var lineStart = position
        while lineStart > 0 && !chars[lineStart - 1].isNewline { lineStart -= 1 }
        var lineEnd = position
        while lineEnd < chars.count && !chars[lineEnd].isNewline { lineEnd += 1 }
        return "Unable to parse constraint equation: \(description)\n" + String(chars[lineStart..<lineEnd]) + "\n"
            + String(repeating: " ", count: position - lineStart) + "^"
    }
}

/// One anchor as equation text names it: `email.top`, `root.safeAreaLayoutGuide.top`.
package struct AnchorName: Equatable, Sendable {
    /// A view's own guide, named after the item: `root.layoutMarginsGuide.leading`.
    package enum SystemGuide: String, Sendable {
        case layoutMarginsGuide, safeAreaLayoutGuide
    }

    package var item: String
    package var guide: SystemGuide?
    package var attribute: LayoutAttribute
    /// The column of the item's name, for messages.
    package var position: Int
}

/// One equation of a text, with the columns a caller blames when resolving or making it fails.
package struct ParsedEquation {
    package var equation: ConstraintEquation<AnchorName>
    /// The column where the equation starts.
    package var position: Int
    /// The column of the priority after `@` (the equation's start when it has none).
    package var priorityPosition: Int
}

package struct EquationTextParser {
    /// Attribute names as descriptions print them, excluding `notAnAttribute`.
    package static let attributes: [String: LayoutAttribute] = Dictionary(
        uniqueKeysWithValues: LayoutAttribute.allCases.filter { $0.isPublic && $0 != .notAnAttribute }
            .map { ($0.description, $0) })

    package static let priorities: [String: LayoutPriority] = [
        "required": .required, "defaultHigh": .defaultHigh,
        "dragThatCanResizeScene": .dragThatCanResizeScene, "sceneSizeStayPut": .sceneSizeStayPut,
        "dragThatCannotResizeScene": .dragThatCannotResizeScene, "defaultLow": .defaultLow,
        "fittingSizeLevel": .fittingSizeLevel,
    ]

    private let text: String
    private let chars: [Character]
    private let metrics: [String: Double]
    private var pos = 0

    package init(text: String, metrics: [String: Double]) {
        self.text = text
        self.chars = Array(text)
        self.metrics = metrics
    }

    /// Every equation of the text, in order. Empty entries (blank lines, `;;`) are skipped.
    package mutating func parseAll() throws(EquationTextError) -> [ParsedEquation] {
        var equations: [ParsedEquation] = []
        while true {
            skipSpaces()
            guard let c = current else { break }
            if isSeparator(c) { pos += 1; continue }
            equations.append(try equation())
            skipSpaces()
            if let c = current {
                guard isSeparator(c) else {
                    throw fail("Expected '+', '-', '*', '/', '@', ';' or the end of the line, found '\(c)'", at: pos)
                }
            }
        }
        return equations
    }

    package func fail(_ reason: String, at position: Int) -> EquationTextError {
        EquationTextError(reason, text: text, position: position)
    }

    // MARK: Grammar

    private mutating func equation() throws(EquationTextError) -> ParsedEquation {
        let start = pos
        guard let first = try anchorIfPresent() else {
            throw fail("An equation starts with an anchor (item.attribute, e.g. email.top)", at: pos)
        }
        skipSpaces()
        let relation = try self.relation()
        let side = try self.side()
        var priority = LayoutPriority.required
        var priorityPosition = start
        skipSpaces()
        if current == "@" {
            pos += 1
            skipSpaces()
            priorityPosition = pos
            priority = try self.priority()
        }
        let equation = ConstraintEquation(first, first.attribute, relation, side.anchor,
                                          side.anchor?.attribute ?? .notAnAttribute,
                                          multiplier: side.anchor == nil ? 1 : side.multiplier,
                                          constant: side.constant, priority: priority)
        return ParsedEquation(equation: equation, position: start, priorityPosition: priorityPosition)
    }

    private mutating func relation() throws(EquationTextError) -> LayoutRelation {
        let relations: [(String, LayoutRelation)] = [("==", .equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual)]
        for (spelling, relation) in relations where matches(spelling) {
            pos += spelling.count
            return relation
        }
        if current == "=" || current == "<" || current == ">" {
            throw fail("Unknown relation. Must be ==, >=, or <=", at: pos)
        }
        throw fail(current == nil ? "Expected a relation (==, >=, or <=) but reached the end" : "Expected a relation (==, >=, or <=)",
                   at: pos)
    }

    /// `multiplier × anchor + constant`, summed from the side's terms.
    private struct Side {
        var anchor: AnchorName?
        var multiplier = 1.0
        var constant = 0.0
    }

    private mutating func side() throws(EquationTextError) -> Side {
        var side = Side()
        var sign = 1.0
        while true {
            skipSpaces()
            let termStart = pos
            let (coefficient, anchor) = try term()
            if let anchor {
                guard side.anchor == nil else {
                    throw fail("A constraint relates at most two anchors: the right side may hold only one", at: termStart)
                }
                side.anchor = anchor
                side.multiplier = try finite(sign * coefficient, at: termStart)
            } else {
                side.constant = try finite(side.constant + sign * coefficient, at: termStart)
            }
            skipSpaces()
            if current == "+" { sign = 1 } else if current == "-" { sign = -1 } else { return side }
            pos += 1
        }
    }

    /// A product: its numeric coefficient and the anchor it holds, if any.
    private mutating func term() throws(EquationTextError) -> (Double, AnchorName?) {
        var coefficient = 1.0
        if current == "-" {
            coefficient = -1
            pos += 1
            skipSpaces()
        }
        var anchor: AnchorName?
        var divide = false
        while true {
            skipSpaces()
            let factorStart = pos
            if let value = try number() {
                guard !divide || value != 0 else { throw fail("Division by zero", at: factorStart) }
                coefficient = divide ? coefficient / value : coefficient * value
            } else if let name = identifier() {
                if current == "." {
                    pos = factorStart
                    let a = try anchorIfPresent()!
                    guard !divide else { throw fail("An anchor cannot be a divisor", at: factorStart) }
                    guard anchor == nil else {
                        throw fail("Two anchors multiplied: a constraint is linear (multiplier × anchor + constant)", at: factorStart)
                    }
                    anchor = a
                } else {
                    let value = try metric(name, at: factorStart)
                    guard !divide || value != 0 else { throw fail("Division by zero", at: factorStart) }
                    coefficient = divide ? coefficient / value : coefficient * value
                }
            } else if current == nil || current.map(isSeparator) == true {
                throw fail("Expected a number, a metric or an anchor but reached the end of the equation", at: pos)
            } else {
                throw fail("Expected a number, a metric or an anchor, found '\(current!)'", at: pos)
            }
            coefficient = try finite(coefficient, at: factorStart)
            skipSpaces()
            if current == "*" { divide = false } else if current == "/" { divide = true } else { return (coefficient, anchor) }
            pos += 1
        }
    }

    private mutating func priority() throws(EquationTextError) -> LayoutPriority {
        let start = pos
        var value: Double
        if let n = try number() {
            value = n
        } else if let name = identifier() {
            if let named = Self.priorities[name] {
                value = Double(named.rawValue)
            } else if metrics[name] != nil {
                value = try metric(name, at: start)
            } else {
                throw fail("Unknown priority \(name): expected a number, a metric or one of "
                           + Self.priorities.sorted { $0.value.rawValue > $1.value.rawValue }.map(\.key).joined(separator: ", "),
                           at: start)
            }
        } else {
            throw fail("Expected a priority after '@'", at: pos)
        }
        skipSpaces()
        if current == "+" || current == "-" {
            let sign: Double = current == "+" ? 1 : -1
            pos += 1
            skipSpaces()
            let offsetStart = pos
            if let n = try number() {
                value += sign * n
            } else if let name = identifier() {
                value += sign * (try metric(name, at: offsetStart))
            } else {
                throw fail("Expected a number or a metric", at: pos)
            }
        }
        guard value > 0 && value <= 1000 else {
            throw fail(LayoutError.invalidPriority(Float(value)).description, at: start)
        }
        return LayoutPriority(Float(value))
    }

    /// `name(.guide)?.attribute`, or nil (nothing consumed) when no name starts here.
    private mutating func anchorIfPresent() throws(EquationTextError) -> AnchorName? {
        let start = pos
        guard let name = identifier() else { return nil }
        guard current == "." else {
            throw fail("Expected an anchor (\(name).attribute, e.g. \(name).top)", at: pos)
        }
        pos += 1
        let partStart = pos
        guard var part = identifier() else { throw fail("Expected an attribute name after '.'", at: pos) }
        var guide: AnchorName.SystemGuide?
        if let g = AnchorName.SystemGuide(rawValue: part) {
            guide = g
            guard current == "." else { throw fail("Expected .attribute after \(part)", at: pos) }
            pos += 1
            guard let attributePart = identifier() else { throw fail("Expected an attribute name after '.'", at: pos) }
            part = attributePart
        }
        guard let attribute = Self.attributes[part] else {
            let known = Self.attributes.keys.sorted()
            throw fail("Unknown attribute \(part)" + (guide == nil && current == "." ?
                       " (a view's own guides are layoutMarginsGuide and safeAreaLayoutGuide)" : "")
                       + "; expected one of " + known.joined(separator: ", "),
                       at: guide == nil ? partStart : pos - part.count)
        }
        return AnchorName(item: name, guide: guide, attribute: attribute, position: start)
    }

    // MARK: Lexical pieces

    private var current: Character? { pos < chars.count ? chars[pos] : nil }

    private func matches(_ s: String) -> Bool {
        var i = pos
        for c in s {
            guard i < chars.count, chars[i] == c else { return false }
            i += 1
        }
        return true
    }

    private func isSeparator(_ c: Character) -> Bool { c == ";" || c.isNewline }

    private mutating func skipSpaces() {
        while let c = current, c == " " || c == "\t" { pos += 1 }
    }

    private mutating func identifier() -> String? {
        guard let c = current, VisualFormatParser.isIdentifierStart(c) else { return nil }
        let start = pos
        while let c = current, VisualFormatParser.isIdentifierPart(c) { pos += 1 }
        return String(chars[start..<pos])
    }

    /// An unsigned decimal number (signs are the grammar's): digits, fraction, exponent.
    private mutating func number() throws(EquationTextError) -> Double? {
        let start = pos
        while VisualFormatParser.isDigit(current) { pos += 1 }
        var sawDigits = pos > start
        if current == ".", sawDigits || VisualFormatParser.isDigit(pos + 1 < chars.count ? chars[pos + 1] : nil) {
            pos += 1
            while VisualFormatParser.isDigit(current) { pos += 1; sawDigits = true }
        }
        guard sawDigits else { pos = start; return nil }
        if let e = current, e == "e" || e == "E" {
            var look = pos + 1
            if look < chars.count, chars[look] == "+" || chars[look] == "-" { look += 1 }
            if look < chars.count, VisualFormatParser.isDigit(chars[look]) {
                pos = look
                while VisualFormatParser.isDigit(current) { pos += 1 }
            }
        }
        let spelled = String(chars[start..<pos])
        guard let value = Double(spelled), value.isFinite else { throw fail("The number \(spelled) is not finite", at: start) }
        return value
    }

    private func metric(_ name: String, at position: Int) throws(EquationTextError) -> Double {
        guard let value = metrics[name] else {
            throw fail("\(name) is not a key in the metrics dictionary (an anchor is item.attribute)", at: position)
        }
        guard value.isFinite else { throw fail("The metric \(name) is not finite", at: position) }
        return value
    }

    private func finite(_ value: Double, at position: Int) throws(EquationTextError) -> Double {
        guard value.isFinite else { throw fail("The arithmetic overflows (the result is not finite)", at: position) }
        return value
    }
}
