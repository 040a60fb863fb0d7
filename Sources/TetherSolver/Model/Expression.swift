/// `coefficient * variable`.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient·variable + constant`. Terms may repeat a variable; the
/// solver sums them.
public struct LinearExpression: Hashable, Sendable {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init([Term(variable)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    func scaled(by k: Double) -> LinearExpression {
        LinearExpression(terms.map { Term($0.variable, $0.coefficient * k) }, constant: constant * k)
    }
}

/// `expression RELATION 0`, made by the comparison operators on expressions
/// (`x + 10 <= y` becomes `x + 10 - y <= 0`).
public struct LinearConstraint: Hashable, Sendable {
    public var expression: LinearExpression
    public var relation: Relation

    public init(_ expression: LinearExpression, _ relation: Relation) {
        self.expression = expression
        self.relation = relation
    }
}

// MARK: - Arithmetic
//
// Each operator writes its result's terms into one array reserved at its final size: a layout
// makes a constraint or several per view from these, and the naive spelling (`a + b.scaled(by:
// -1)` for `a - b`, a one-term array per variable) made 6–8 short-lived arrays for a four-term
// constraint, a fifth of a feed's build.

extension LinearExpression {
    /// `a + k·b`, the terms of `a` first, then those of `b`.
    @inline(__always)
    static func combining(_ a: LinearExpression, _ b: LinearExpression, _ k: Double) -> LinearExpression {
        var terms: [Term] = []
        terms.reserveCapacity(a.terms.count + b.terms.count)
        terms.append(contentsOf: a.terms)
        if k == 1 {
            terms.append(contentsOf: b.terms)
        } else {
            for t in b.terms { terms.append(Term(t.variable, t.coefficient * k)) }
        }
        return LinearExpression(terms, constant: a.constant + b.constant * k)
    }

    /// `c·v + k·b`, the term of `v` first. (Constants are computed as the spelled-out arithmetic
    /// on one-term expressions computed them, signed zeros included.)
    @inline(__always)
    static func combining(_ v: Variable, _ c: Double, _ b: LinearExpression, _ k: Double) -> LinearExpression {
        var terms: [Term] = []
        terms.reserveCapacity(1 + b.terms.count)
        terms.append(Term(v, c))
        for t in b.terms { terms.append(Term(t.variable, t.coefficient * k)) }
        return LinearExpression(terms, constant: 0 + b.constant * k)
    }
}

public func + (a: LinearExpression, b: LinearExpression) -> LinearExpression { .combining(a, b, 1) }
public func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { .combining(a, b, -1) }
public prefix func - (a: LinearExpression) -> LinearExpression { a.scaled(by: -1) }
public func * (a: LinearExpression, k: Double) -> LinearExpression { a.scaled(by: k) }
public func * (k: Double, a: LinearExpression) -> LinearExpression { a.scaled(by: k) }
public func / (a: LinearExpression, k: Double) -> LinearExpression { a.scaled(by: 1 / k) }

public func + (a: LinearExpression, k: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant + k) }
public func + (k: Double, a: LinearExpression) -> LinearExpression { a + k }
public func - (a: LinearExpression, k: Double) -> LinearExpression { a + (-k) }
public func - (k: Double, a: LinearExpression) -> LinearExpression { -a + k }

public func + (a: Variable, b: Variable) -> LinearExpression { LinearExpression([Term(a), Term(b)]) }
public func - (a: Variable, b: Variable) -> LinearExpression { LinearExpression([Term(a), Term(b, -1)]) }
public func + (a: Variable, b: LinearExpression) -> LinearExpression { .combining(a, 1, b, 1) }
public func + (a: LinearExpression, b: Variable) -> LinearExpression { .combining(a, LinearExpression(b), 1) }
public func - (a: Variable, b: LinearExpression) -> LinearExpression { .combining(a, 1, b, -1) }
public func - (a: LinearExpression, b: Variable) -> LinearExpression { .combining(a, LinearExpression(b), -1) }
public func + (a: Variable, k: Double) -> LinearExpression { LinearExpression([Term(a)], constant: 0 + k) }
public func + (k: Double, a: Variable) -> LinearExpression { LinearExpression([Term(a)], constant: 0 + k) }
public func - (a: Variable, k: Double) -> LinearExpression { LinearExpression([Term(a)], constant: 0 - k) }
public func - (k: Double, a: Variable) -> LinearExpression { LinearExpression([Term(a, -1)], constant: -0.0 + k) }
public prefix func - (a: Variable) -> LinearExpression { LinearExpression([Term(a, -1)], constant: -0.0) }
public func * (a: Variable, k: Double) -> LinearExpression { LinearExpression([Term(a, k)]) }
public func * (k: Double, a: Variable) -> LinearExpression { LinearExpression([Term(a, k)]) }
public func / (a: Variable, k: Double) -> LinearExpression { LinearExpression([Term(a, 1 / k)]) }

// MARK: - Comparisons build constraints

public func == (a: LinearExpression, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .equal) }
public func <= (a: LinearExpression, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .lessThanOrEqual) }
public func >= (a: LinearExpression, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .greaterThanOrEqual) }

public func == (a: LinearExpression, k: Double) -> LinearConstraint { LinearConstraint(a - k, .equal) }
public func <= (a: LinearExpression, k: Double) -> LinearConstraint { LinearConstraint(a - k, .lessThanOrEqual) }
public func >= (a: LinearExpression, k: Double) -> LinearConstraint { LinearConstraint(a - k, .greaterThanOrEqual) }
public func == (a: Variable, k: Double) -> LinearConstraint { LinearConstraint(a - k, .equal) }
public func <= (a: Variable, k: Double) -> LinearConstraint { LinearConstraint(a - k, .lessThanOrEqual) }
public func >= (a: Variable, k: Double) -> LinearConstraint { LinearConstraint(a - k, .greaterThanOrEqual) }
public func == (a: Variable, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .equal) }
public func <= (a: Variable, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .lessThanOrEqual) }
public func >= (a: Variable, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .greaterThanOrEqual) }
public func == (a: LinearExpression, b: Variable) -> LinearConstraint { LinearConstraint(a - b, .equal) }
public func <= (a: LinearExpression, b: Variable) -> LinearConstraint { LinearConstraint(a - b, .lessThanOrEqual) }
public func >= (a: LinearExpression, b: Variable) -> LinearConstraint { LinearConstraint(a - b, .greaterThanOrEqual) }
public func <= (a: Variable, b: Variable) -> LinearConstraint { LinearConstraint(a - b, .lessThanOrEqual) }
public func >= (a: Variable, b: Variable) -> LinearConstraint { LinearConstraint(a - b, .greaterThanOrEqual) }
/// `Variable == Variable` would collide with `Equatable`'s `==`; spell it `x.equals(y)`.
extension Variable {
    public func equals(_ other: Variable) -> LinearConstraint { LinearConstraint(self - other, .equal) }
}
