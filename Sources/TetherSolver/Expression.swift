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
public struct Expression: Hashable, Sendable {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init([Term(variable)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    func scaled(by k: Double) -> Expression {
        Expression(terms.map { Term($0.variable, $0.coefficient * k) }, constant: constant * k)
    }
}

/// `expression RELATION 0`, made by the comparison operators on expressions
/// (`x + 10 <= y` becomes `x + 10 - y <= 0`).
public struct LinearConstraint: Hashable, Sendable {
    public var expression: Expression
    public var relation: Relation

    public init(_ expression: Expression, _ relation: Relation) {
        self.expression = expression
        self.relation = relation
    }
}

// MARK: - Arithmetic

public func + (a: Expression, b: Expression) -> Expression {
    Expression(a.terms + b.terms, constant: a.constant + b.constant)
}
public func - (a: Expression, b: Expression) -> Expression { a + b.scaled(by: -1) }
public prefix func - (a: Expression) -> Expression { a.scaled(by: -1) }
public func * (a: Expression, k: Double) -> Expression { a.scaled(by: k) }
public func * (k: Double, a: Expression) -> Expression { a.scaled(by: k) }
public func / (a: Expression, k: Double) -> Expression { a.scaled(by: 1 / k) }

public func + (a: Expression, k: Double) -> Expression { Expression(a.terms, constant: a.constant + k) }
public func + (k: Double, a: Expression) -> Expression { a + k }
public func - (a: Expression, k: Double) -> Expression { a + (-k) }
public func - (k: Double, a: Expression) -> Expression { -a + k }

public func + (a: Variable, b: Variable) -> Expression { Expression(a) + Expression(b) }
public func - (a: Variable, b: Variable) -> Expression { Expression(a) - Expression(b) }
public func + (a: Variable, b: Expression) -> Expression { Expression(a) + b }
public func + (a: Expression, b: Variable) -> Expression { a + Expression(b) }
public func - (a: Variable, b: Expression) -> Expression { Expression(a) - b }
public func - (a: Expression, b: Variable) -> Expression { a - Expression(b) }
public func + (a: Variable, k: Double) -> Expression { Expression(a) + k }
public func + (k: Double, a: Variable) -> Expression { Expression(a) + k }
public func - (a: Variable, k: Double) -> Expression { Expression(a) - k }
public func - (k: Double, a: Variable) -> Expression { k - Expression(a) }
public prefix func - (a: Variable) -> Expression { -Expression(a) }
public func * (a: Variable, k: Double) -> Expression { Expression([Term(a, k)]) }
public func * (k: Double, a: Variable) -> Expression { Expression([Term(a, k)]) }
public func / (a: Variable, k: Double) -> Expression { Expression([Term(a, 1 / k)]) }

// MARK: - Comparisons build constraints

public func == (a: Expression, b: Expression) -> LinearConstraint { LinearConstraint(a - b, .equal) }
public func <= (a: Expression, b: Expression) -> LinearConstraint { LinearConstraint(a - b, .lessThanOrEqual) }
public func >= (a: Expression, b: Expression) -> LinearConstraint { LinearConstraint(a - b, .greaterThanOrEqual) }

public func == (a: Expression, k: Double) -> LinearConstraint { a == Expression(constant: k) }
public func <= (a: Expression, k: Double) -> LinearConstraint { a <= Expression(constant: k) }
public func >= (a: Expression, k: Double) -> LinearConstraint { a >= Expression(constant: k) }
public func == (a: Variable, k: Double) -> LinearConstraint { Expression(a) == Expression(constant: k) }
public func <= (a: Variable, k: Double) -> LinearConstraint { Expression(a) <= Expression(constant: k) }
public func >= (a: Variable, k: Double) -> LinearConstraint { Expression(a) >= Expression(constant: k) }
public func == (a: Variable, b: Expression) -> LinearConstraint { Expression(a) == b }
public func <= (a: Variable, b: Expression) -> LinearConstraint { Expression(a) <= b }
public func >= (a: Variable, b: Expression) -> LinearConstraint { Expression(a) >= b }
public func == (a: Expression, b: Variable) -> LinearConstraint { a == Expression(b) }
public func <= (a: Expression, b: Variable) -> LinearConstraint { a <= Expression(b) }
public func >= (a: Expression, b: Variable) -> LinearConstraint { a >= Expression(b) }
public func <= (a: Variable, b: Variable) -> LinearConstraint { Expression(a) <= Expression(b) }
public func >= (a: Variable, b: Variable) -> LinearConstraint { Expression(a) >= Expression(b) }
/// `Variable == Variable` would collide with `Equatable`'s `==`; spell it `x.equals(y)`.
extension Variable {
    public func equals(_ other: Variable) -> LinearConstraint { Expression(self) == Expression(other) }
}
