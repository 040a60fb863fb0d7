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

public func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
    LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
}
public func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b.scaled(by: -1) }
public prefix func - (a: LinearExpression) -> LinearExpression { a.scaled(by: -1) }
public func * (a: LinearExpression, k: Double) -> LinearExpression { a.scaled(by: k) }
public func * (k: Double, a: LinearExpression) -> LinearExpression { a.scaled(by: k) }
public func / (a: LinearExpression, k: Double) -> LinearExpression { a.scaled(by: 1 / k) }

public func + (a: LinearExpression, k: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant + k) }
public func + (k: Double, a: LinearExpression) -> LinearExpression { a + k }
public func - (a: LinearExpression, k: Double) -> LinearExpression { a + (-k) }
public func - (k: Double, a: LinearExpression) -> LinearExpression { -a + k }

public func + (a: Variable, b: Variable) -> LinearExpression { LinearExpression(a) + LinearExpression(b) }
public func - (a: Variable, b: Variable) -> LinearExpression { LinearExpression(a) - LinearExpression(b) }
public func + (a: Variable, b: LinearExpression) -> LinearExpression { LinearExpression(a) + b }
public func + (a: LinearExpression, b: Variable) -> LinearExpression { a + LinearExpression(b) }
public func - (a: Variable, b: LinearExpression) -> LinearExpression { LinearExpression(a) - b }
public func - (a: LinearExpression, b: Variable) -> LinearExpression { a - LinearExpression(b) }
public func + (a: Variable, k: Double) -> LinearExpression { LinearExpression(a) + k }
public func + (k: Double, a: Variable) -> LinearExpression { LinearExpression(a) + k }
public func - (a: Variable, k: Double) -> LinearExpression { LinearExpression(a) - k }
public func - (k: Double, a: Variable) -> LinearExpression { k - LinearExpression(a) }
public prefix func - (a: Variable) -> LinearExpression { -LinearExpression(a) }
public func * (a: Variable, k: Double) -> LinearExpression { LinearExpression([Term(a, k)]) }
public func * (k: Double, a: Variable) -> LinearExpression { LinearExpression([Term(a, k)]) }
public func / (a: Variable, k: Double) -> LinearExpression { LinearExpression([Term(a, 1 / k)]) }

// MARK: - Comparisons build constraints

public func == (a: LinearExpression, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .equal) }
public func <= (a: LinearExpression, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .lessThanOrEqual) }
public func >= (a: LinearExpression, b: LinearExpression) -> LinearConstraint { LinearConstraint(a - b, .greaterThanOrEqual) }

public func == (a: LinearExpression, k: Double) -> LinearConstraint { a == LinearExpression(constant: k) }
public func <= (a: LinearExpression, k: Double) -> LinearConstraint { a <= LinearExpression(constant: k) }
public func >= (a: LinearExpression, k: Double) -> LinearConstraint { a >= LinearExpression(constant: k) }
public func == (a: Variable, k: Double) -> LinearConstraint { LinearExpression(a) == LinearExpression(constant: k) }
public func <= (a: Variable, k: Double) -> LinearConstraint { LinearExpression(a) <= LinearExpression(constant: k) }
public func >= (a: Variable, k: Double) -> LinearConstraint { LinearExpression(a) >= LinearExpression(constant: k) }
public func == (a: Variable, b: LinearExpression) -> LinearConstraint { LinearExpression(a) == b }
public func <= (a: Variable, b: LinearExpression) -> LinearConstraint { LinearExpression(a) <= b }
public func >= (a: Variable, b: LinearExpression) -> LinearConstraint { LinearExpression(a) >= b }
public func == (a: LinearExpression, b: Variable) -> LinearConstraint { a == LinearExpression(b) }
public func <= (a: LinearExpression, b: Variable) -> LinearConstraint { a <= LinearExpression(b) }
public func >= (a: LinearExpression, b: Variable) -> LinearConstraint { a >= LinearExpression(b) }
public func <= (a: Variable, b: Variable) -> LinearConstraint { LinearExpression(a) <= LinearExpression(b) }
public func >= (a: Variable, b: Variable) -> LinearConstraint { LinearExpression(a) >= LinearExpression(b) }
/// `Variable == Variable` would collide with `Equatable`'s `==`; spell it `x.equals(y)`.
extension Variable {
    public func equals(_ other: Variable) -> LinearConstraint { LinearExpression(self) == LinearExpression(other) }
}
