/// The Visual Format Language (shared/docs/autolayout-semantics.md §5): `H:|-[a]-[b(==a)]-|`.
///
/// The parser is a single forward pass over the format's characters (no recursion, every loop
/// consumes input), producing constraint specifications; constraints are only made once the whole
/// format has been understood, so a failing format leaves nothing behind in the engine.

/// `NSLayoutFormatOptions`, with Apple's bit values (§5.4). Each alignAll bit is
/// `1 << attribute raw value`.
public struct FormatOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    /// Alias of `alignAllLastBaseline`.
    public static let alignAllBaseline = FormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
    public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)

    public static let directionLeadingToTrailing = FormatOptions(rawValue: 0 << 16)
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
    public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    public static let directionMask = FormatOptions(rawValue: 0x3 << 16)

    public static let spacingEdgeToEdge = FormatOptions(rawValue: 0 << 19)
    public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    public static let spacingMask = FormatOptions(rawValue: 0x1 << 19)
}

/// A format the parser could not understand, with Apple's message shape (§5.5).
public struct VisualFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bare reason (`a is not a key in the views dictionary.`).
    public let description: String
    /// The format string that failed.
    public let format: String
    /// The 0-based column (in characters) of the failure, in `0...format.count`.
    public let position: Int

    public init(_ description: String, format: String, position: Int) {
        self.description = description
        self.format = format
        self.position = Swift.max(0, Swift.min(position, format.count))
    }

    /// `Unable to parse constraint format: \n<reason>\n<format>\n<spaces>^`; for the empty
    /// string just the reason, as Apple reports it.
    public var message: String {
        if format.isEmpty { return description }
        return "Unable to parse constraint format: \n\(description)\n\(format)\n"
            + String(repeating: " ", count: position) + "^"
    }
}

/// Standard spacing (the engine model's binding): between siblings and to the superview's edge
/// (unless `LayoutEngine.superviewSpacingUsesLayoutMargins` makes the latter the margins).
public enum StandardSpacing {
    public static let sibling: Double = 8
    public static let superview: Double = 20
}

extension LayoutConstraint {
    /// Apple's `constraints(withVisualFormat:options:metrics:views:)`. The constraints come back
    /// inactive, in Apple's order: for each view its leading connection then its own predicates,
    /// then the closing connection, then the alignment constraints.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: Double] = [:],
                                   views: [String: LayoutItem]) throws(VisualFormatError) -> [LayoutConstraint] {
        var parser = VisualFormatParser(format: format, options: options, metrics: metrics, views: views)
        return try parser.run()
    }
}

/// Free-function form of `LayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`.
public func constraints(withVisualFormat format: String, options: FormatOptions = [],
                        metrics: [String: Double] = [:],
                        views: [String: LayoutItem]) throws(VisualFormatError) -> [LayoutConstraint] {
    var parser = VisualFormatParser(format: format, options: options, metrics: metrics, views: views)
    return try parser.run()
}

// MARK: - Parser

/// One constraint to make, with the column to blame if making it fails.
struct VisualFormatSpec {
    var equation: ConstraintEquation<LayoutItem>
    var position: Int
    /// Standard spacing (`-`): described as `NSSpace(c)`.
    var isStandardSpacing = false
}

struct VisualFormatParser {
    enum Object { case constant(Double), item(LayoutItem) }

    struct Predicate {
        var relation: LayoutRelation
        var object: Object
        var priority: LayoutPriority
        var position: Int
    }

    /// The spacing between two elements of a line: nil = flush (0); `standard`; or predicates.
    enum Connection {
        case flush
        case standard(position: Int)
        case predicates([Predicate])
    }

    struct ViewElement {
        var item: LayoutItem
        var predicates: [Predicate]
        var position: Int  // of the name
    }

    let format: String
    let chars: [Character]
    let options: FormatOptions
    let metrics: [String: Double]
    let views: [String: LayoutItem]
    var pos = 0

    init(format: String, options: FormatOptions, metrics: [String: Double], views: [String: LayoutItem]) {
        self.format = format
        self.chars = Array(format)
        self.options = options
        self.metrics = metrics
        self.views = views
    }

    func fail(_ reason: String, at position: Int) -> VisualFormatError {
        VisualFormatError(reason, format: format, position: position)
    }

    var current: Character? { pos < chars.count ? chars[pos] : nil }

    func peek(_ offset: Int) -> Character? {
        let i = pos + offset
        return i >= 0 && i < chars.count ? chars[i] : nil
    }

    static func isIdentifierStart(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return (a >= 65 && a <= 90) || (a >= 97 && a <= 122) || a == 95
    }

    static func isIdentifierPart(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return isIdentifierStart(c) || (a >= 48 && a <= 57)
    }

    static func isDigit(_ c: Character?) -> Bool {
        guard let a = c?.asciiValue else { return false }
        return a >= 48 && a <= 57
    }

    func expectedMore() -> VisualFormatError { fail("Expected more input", at: pos) }

    // MARK: Lexical pieces

    mutating func identifier() -> String? {
        guard let c = current, Self.isIdentifierStart(c) else { return nil }
        let start = pos
        while let c = current, Self.isIdentifierPart(c) { pos += 1 }
        return String(chars[start..<pos])
    }

    /// A number as strtod reads it in the C locale (decimal, optional fraction and exponent),
    /// with an optional sign when `signed`.
    mutating func number(signed: Bool) throws(VisualFormatError) -> Double? {
        let start = pos
        if signed, let c = current, c == "-" || c == "+" { pos += 1 }
        let digitsStart = pos
        while Self.isDigit(current) { pos += 1 }
        var sawDigits = pos > digitsStart
        if current == ".", Self.isDigit(peek(1)) || sawDigits {
            pos += 1
            while Self.isDigit(current) { pos += 1; sawDigits = true }
        }
        guard sawDigits else { pos = start; return nil }
        if let e = current, e == "e" || e == "E" {
            var look = 1
            if let s = peek(1), s == "+" || s == "-" { look = 2 }
            if Self.isDigit(peek(look)) {
                pos += look
                while Self.isDigit(current) { pos += 1 }
            }
        }
        let text = String(chars[start..<pos])
        guard let value = Double(text), value.isFinite else {
            throw fail("The number \(text) is not finite", at: start)
        }
        return value
    }

    func metric(_ name: String, at position: Int) throws(VisualFormatError) -> Double {
        guard let value = metrics[name] else {
            throw fail("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries",
                       at: position)
        }
        guard value.isFinite else { throw fail("The metric \"\(name)\" is not finite", at: position) }
        return value
    }

    /// `number | metricName` (a constant or a priority).
    mutating func constantOrMetric(signed: Bool) throws(VisualFormatError) -> Double {
        if let value = try number(signed: signed) { return value }
        let start = pos
        if let name = identifier() { return try metric(name, at: pos) }
        pos = start
        if current == nil { throw expectedMore() }
        throw fail("Expected a number or key from the metrics dictionary, but encountered something else", at: pos)
    }

    // MARK: Predicates

    /// `relation? objectOfPredicate ('@' priority)?`; view names only when `allowViews`.
    mutating func predicate(allowViews: Bool) throws(VisualFormatError) -> Predicate {
        let start = pos
        var relation = LayoutRelation.equal
        if let c = current, c == "=" || c == "<" || c == ">" {
            guard peek(1) == "=" else { throw fail("Unknown relation. Must be ==, >=, or <=", at: pos) }
            relation = c == "=" ? .equal : (c == "<" ? .lessThanOrEqual : .greaterThanOrEqual)
            pos += 2
        }
        let objectStart = pos
        let object: Object
        if let value = try number(signed: true) {
            object = .constant(value)
        } else if let name = identifier() {
            if let value = metrics[name] {
                guard value.isFinite else { throw fail("The metric \"\(name)\" is not finite", at: pos) }
                object = .constant(value)
            } else if allowViews, let item = views[name] {
                object = .item(item)
            } else {
                _ = try metric(name, at: pos)  // throws Apple's message
                object = .constant(0)
            }
        } else if current == nil {
            throw expectedMore()
        } else {
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else",
                       at: objectStart)
        }
        var priority = LayoutPriority.required
        if current == "@" {
            pos += 1
            let priorityStart = pos
            let value = try constantOrMetric(signed: false)
            priority = LayoutPriority(Float(value))
            guard priority.isValid else {
                throw fail(LayoutError.invalidPriority(priority.rawValue).description, at: priorityStart)
            }
        }
        return Predicate(relation: relation, object: object, priority: priority, position: start)
    }

    /// `'(' predicate (',' predicate)* ')'`, the '(' already current.
    mutating func predicateList(allowViews: Bool, unterminated: String) throws(VisualFormatError) -> [Predicate] {
        pos += 1  // '('
        var list: [Predicate] = []
        while true {
            list.append(try predicate(allowViews: allowViews))
            guard let c = current else { throw expectedMore() }
            if c == "," { pos += 1; continue }
            if c == ")" { pos += 1; return list }
            throw fail(unterminated, at: pos)
        }
    }

    // MARK: Elements

    /// `'[' viewName predicateListWithParens? ']'`, the '[' already current.
    mutating func view() throws(VisualFormatError) -> ViewElement {
        pos += 1  // '['
        let nameStart = pos
        guard let name = identifier() else {
            if current == nil { throw expectedMore() }
            throw fail("Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.",
                       at: pos)
        }
        guard let item = views[name] else {
            throw fail("\(name) is not a key in the views dictionary.", at: pos)
        }
        let thickness = "A predicate on a view's thickness must end with ')' and the view must end with ']'"
        var predicates: [Predicate] = []
        if current == "(" {
            predicates = try predicateList(allowViews: true, unterminated: thickness)
        }
        guard let c = current else { throw expectedMore() }
        guard c == "]" else { throw fail(thickness, at: pos) }
        pos += 1
        return ViewElement(item: item, predicates: predicates, position: nameStart)
    }

    /// What follows a view or a bar: flush, `-`, `-N-`, `-metric-` or `-(…)-`. Leaves `pos` at
    /// the next element.
    mutating func connection() throws(VisualFormatError) -> Connection {
        guard current == "-" else { return .flush }
        let dash = pos
        pos += 1
        guard let c = current else { throw expectedMore() }
        if c == "[" || c == "|" { return .standard(position: dash) }
        if c == "-" {
            throw fail("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.",
                       at: pos)
        }
        var predicates: [Predicate]
        if c == "(" {
            predicates = try predicateList(allowViews: false, unterminated: "Expected ')' or ','")
        } else {
            let start = pos
            let value = try constantOrMetric(signed: false)
            predicates = [Predicate(relation: .equal, object: .constant(value), priority: .required, position: start)]
        }
        guard let next = current else { throw expectedMore() }
        guard next == "-" else { throw fail("Expected a '-' here", at: pos) }
        pos += 1
        guard current != nil else { throw expectedMore() }
        return .predicates(predicates)
    }

    // MARK: The line

    /// The superview's margin edge standing for its edge `attribute` (UIKit's margin-relative
    /// standard spacing); the line's edges are the only attributes asked for.
    private static func marginAttribute(_ attribute: LayoutAttribute) -> LayoutAttribute {
        switch attribute {
        case .left: return .leftMargin
        case .right: return .rightMargin
        case .top: return .topMargin
        case .bottom: return .bottomMargin
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        default: return attribute
        }
    }

    mutating func run() throws(VisualFormatError) -> [LayoutConstraint] {
        let specs = try parse()
        var made: [LayoutConstraint] = []
        made.reserveCapacity(specs.count)
        for s in specs {
            do {
                made.append(try s.equation.makeConstraint())
                made[made.count - 1].isStandardSpacing = s.isStandardSpacing
            } catch {
                for c in made { c.firstItem.engine?.free(c) }
                throw fail(error.description, at: s.position)
            }
        }
        return made
    }

    mutating func parse() throws(VisualFormatError) -> [VisualFormatSpec] {
        guard !chars.isEmpty else { throw fail("It's an empty string.", at: 0) }
        var vertical = false
        if let c = current, c == "H" || c == "V" {
            guard peek(1) == ":" else {
                throw fail(c == "V" ? "Expected ':' after 'V' to specify vertical arrangement"
                                    : "Expected ':' after 'H' to specify horizontal arrangement", at: 1)
            }
            vertical = c == "V"
            pos = 2
        }

        // Elements of the line.
        var leadingBar: Int?
        var leadingConnection = Connection.flush
        var elements: [ViewElement] = []
        var connections: [Connection] = []  // connections[i] sits between elements[i] and [i+1]
        var trailingBar: Int?
        var trailingConnection = Connection.flush

        if current == "|" {
            leadingBar = pos
            pos += 1
            guard let c = current else { throw expectedMore() }
            guard c == "[" || c == "-" else { throw fail("Expected a connection after the '|' character", at: pos) }
            leadingConnection = try connection()
            guard current == "[" else { throw fail("Expected a view", at: pos) }
        }
        guard let first = current else { throw expectedMore() }
        guard first == "[" else { throw fail("Expected a view or '|'", at: pos) }
        // Each iteration consumes at least one view ('[' … ']'), so the loop ends.
        while true {
            elements.append(try view())
            guard let c = current else { break }
            if c == "|" {
                trailingBar = pos
                pos += 1
                break
            }
            guard c == "[" || c == "-" else { throw fail("Expected the end of the format string", at: pos) }
            let conn = try connection()
            guard let next = current else { throw expectedMore() }
            if next == "|" {
                trailingConnection = conn
                trailingBar = pos
                pos += 1
                break
            }
            guard next == "[" else { throw fail("Expected a view or '|'", at: pos) }
            connections.append(conn)
        }
        guard current == nil else { throw fail("Expected the end of the format string", at: pos) }

        // Superview for the bars: the nearest common ancestor of the items' parents.
        var superview: View?
        if let bar = leadingBar ?? trailingBar {
            let noSuperview = "Unable to interpret '|' character, because the related view doesn't have a superview"
            var common: View?
            for (i, e) in elements.enumerated() {
                guard let parent = e.item.parentView else { throw fail(noSuperview, at: bar) }
                if i == 0 { common = parent; continue }
                var x = common
                while let candidate = x, !parent.isDescendant(of: candidate) { x = candidate.superview }
                guard let found = x else { throw fail(noSuperview, at: bar) }
                common = found
            }
            superview = common
        }

        // Options.
        let direction = FormatOptions(rawValue: options.rawValue & FormatOptions.directionMask.rawValue)
        guard direction.rawValue <= FormatOptions.directionRightToLeft.rawValue else {
            throw fail("Options mask has an invalid layout direction", at: 0)
        }
        let baselineSpacing = options.contains(.spacingBaselineToBaseline)
        if baselineSpacing && !vertical {
            throw fail("Baseline-to-baseline spacing is only allowed for vertical layouts", at: 0)
        }
        var alignments: [LayoutAttribute] = []
        let alignBits = options.rawValue & FormatOptions.alignmentMask.rawValue
        for bit in 0..<16 where alignBits & (1 << UInt(bit)) != 0 {
            guard let attribute = LayoutAttribute(rawValue: Int32(bit)), attribute != .notAnAttribute,
                  attribute != .width, attribute != .height, attribute.rawValue <= 12 else {
                throw fail("Options mask has an alignment bit (1<<\(bit)) that is not an edge, center or baseline", at: 0)
            }
            // An x attribute (left/right/leading/trailing/centerX) is an edge along the horizontal
            // axis: it may only align the views of a vertical line, and vice versa.
            let alongVertical = attribute.kind == .yLocation
            if alongVertical == vertical {
                let axis = vertical ? "vertical" : "horizontal"
                throw fail("Options mask required views to be aligned on a \(axis) edge, which is not allowed for layout that is also \(axis).",
                           at: 0)
            }
            alignments.append(attribute)
        }

        // Attributes of the line.
        let leadingAttribute: LayoutAttribute, trailingAttribute: LayoutAttribute, size: LayoutAttribute
        var reversed = false  // right-to-left: spacing runs from the later view to the earlier one
        if vertical {
            (leadingAttribute, trailingAttribute, size) = (.top, .bottom, .height)
        } else if direction == .directionLeftToRight {
            (leadingAttribute, trailingAttribute, size) = (.left, .right, .width)
        } else if direction == .directionRightToLeft {
            (leadingAttribute, trailingAttribute, size) = (.right, .left, .width)
            reversed = true
        } else {
            (leadingAttribute, trailingAttribute, size) = (.leading, .trailing, .width)
        }

        func isTextView(_ item: LayoutItem) -> Bool {
            guard let v = item as? View else { return false }
            return v.firstBaselineOffsetFromTop != nil || v.lastBaselineOffsetFromBottom != nil || v.measure != nil
        }

        var specs: [VisualFormatSpec] = []

        /// Spacing `later.leadingEdge REL earlier.trailingEdge + c` (earlier nil = superview's
        /// leading edge; later nil = superview's trailing edge, written `super.trailing REL
        /// earlier.trailing + c`). Right-to-left swaps the items so the gap is still `c`.
        func spacing(_ conn: Connection, earlier: LayoutItem?, later: LayoutItem?) {
            let toSuperview = earlier == nil || later == nil
            var list: [Predicate]
            var standard = false
            var toMargins = false
            switch conn {
            case .flush:
                list = [Predicate(relation: .equal, object: .constant(0), priority: .required, position: 0)]
            case .standard(let p) where toSuperview && superview?.engine?.superviewSpacingUsesLayoutMargins == true:
                // UIKit's standard spacing to the superview: its margin edge, flush.
                list = [Predicate(relation: .equal, object: .constant(0), priority: .required, position: p)]
                toMargins = true
            case .standard(let p):
                let c = toSuperview ? StandardSpacing.superview : StandardSpacing.sibling
                list = [Predicate(relation: .equal, object: .constant(c), priority: .required, position: p)]
                standard = true
            case .predicates(let l):
                list = l
            }
            guard let before = earlier ?? superview, let after = later ?? superview else { return }
            var beforeAttribute = earlier == nil ? leadingAttribute : trailingAttribute
            var afterAttribute = later == nil ? trailingAttribute : leadingAttribute
            if toMargins {
                if earlier == nil { beforeAttribute = Self.marginAttribute(beforeAttribute) }
                if later == nil { afterAttribute = Self.marginAttribute(afterAttribute) }
            }
            if baselineSpacing, let e = earlier, let l = later {
                if isTextView(e) { beforeAttribute = .lastBaseline }
                if isTextView(l) { afterAttribute = .firstBaseline }
            }
            for p in list {
                guard case .constant(let c) = p.object else { continue }
                // The first item is the later element (the superview toward the trailing bar:
                // `super.trailing == b.trailing + c`); right-to-left swaps them.
                var first = (after, afterAttribute), second = (before, beforeAttribute)
                if reversed { swap(&first, &second) }
                let equation = ConstraintEquation(first.0, first.1, p.relation, second.0, second.1, multiplier: 1,
                                                  constant: c, priority: p.priority)
                specs.append(VisualFormatSpec(equation: equation, position: p.position, isStandardSpacing: standard))
            }
        }

        for (i, e) in elements.enumerated() {
            if i == 0 {
                if leadingBar != nil { spacing(leadingConnection, earlier: nil, later: e.item) }
            } else {
                spacing(connections[i - 1], earlier: elements[i - 1].item, later: e.item)
            }
            for p in e.predicates {
                switch p.object {
                case .constant(let c):
                    let equation = ConstraintEquation(e.item, size, p.relation, nil, .notAnAttribute, multiplier: 1,
                                                      constant: c, priority: p.priority)
                    specs.append(VisualFormatSpec(equation: equation, position: p.position))
                case .item(let other):
                    let equation = ConstraintEquation(e.item, size, p.relation, other, size, multiplier: 1,
                                                      constant: 0, priority: p.priority)
                    specs.append(VisualFormatSpec(equation: equation, position: p.position))
                }
            }
        }
        if trailingBar != nil, let last = elements.last {
            spacing(trailingConnection, earlier: last.item, later: nil)
        }
        if !alignments.isEmpty, elements.count > 1 {
            for i in 1..<elements.count {
                for attribute in alignments {
                    // Apple's order: the earlier view of the pair is the first item
                    // (`[a][b]` with alignAllTop makes `a.top == b.top`).
                    let equation = ConstraintEquation(elements[i - 1].item, attribute, .equal, elements[i].item,
                                                      attribute, multiplier: 1, constant: 0, priority: .required)
                    specs.append(VisualFormatSpec(equation: equation, position: elements[i].position))
                }
            }
        }
        return specs
    }
}
