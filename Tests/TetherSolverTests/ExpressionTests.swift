import XCTest
@testable import TetherSolver

/// The arithmetic operators write each result into one array; their results must be those of
/// the spelled-out arithmetic on one-term expressions (term order, coefficients, and constants
/// bit for bit, signed zeros included).
final class ExpressionTests: XCTestCase {
    private func e(_ v: Variable) -> LinearExpression { LinearExpression([Term(v)]) }
    private func k(_ c: Double) -> LinearExpression { LinearExpression([], constant: c) }
    /// The reference: concatenation for +, negation by scaling every term and the constant.
    private func plus(_ a: LinearExpression, _ b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }
    private func neg(_ a: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms.map { Term($0.variable, $0.coefficient * -1) }, constant: a.constant * -1)
    }

    private func assertSame(_ x: LinearExpression, _ y: LinearExpression, _ what: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(x.terms.map(\.variable), y.terms.map(\.variable), what, file: file, line: line)
        XCTAssertEqual(x.terms.map(\.coefficient.bitPattern), y.terms.map(\.coefficient.bitPattern), what, file: file, line: line)
        XCTAssertEqual(x.constant.bitPattern, y.constant.bitPattern, "\(what): \(x.constant) vs \(y.constant)", file: file, line: line)
    }

    func testOperatorsMatchTheSpelledOutArithmetic() {
        let s = Solver()
        let a = s.makeVariable(), b = s.makeVariable(), c = s.makeVariable()
        let ab = LinearExpression([Term(a, 2), Term(b, -0.5)], constant: 3)
        for q in [0.0, -0.0, 2.5, -7] {
            assertSame(a + q, plus(e(a), k(q)), "a + \(q)")
            assertSame(q + a, plus(e(a), k(q)), "\(q) + a")
            assertSame(a - q, plus(e(a), k(-q)), "a - \(q)")
            assertSame(q - a, plus(neg(e(a)), k(q)), "\(q) - a")
            assertSame(ab + q, plus(ab, k(q)), "ab + \(q)")
            assertSame(ab - q, plus(ab, k(-q)), "ab - \(q)")
            assertSame((a == q).expression, plus(e(a), neg(k(q))), "a == \(q)")
            assertSame((ab <= q).expression, plus(ab, neg(k(q))), "ab <= \(q)")
            let shifted = LinearExpression(ab.terms, constant: q)
            assertSame(c + shifted, plus(e(c), shifted), "c + (ab, \(q))")
            assertSame(c - shifted, plus(e(c), neg(shifted)), "c - (ab, \(q))")
            assertSame((c >= shifted).expression, plus(e(c), neg(shifted)), "c >= (ab, \(q))")
            assertSame((shifted == c).expression, plus(shifted, neg(e(c))), "(ab, \(q)) == c")
        }
        assertSame(-a, neg(e(a)), "-a")
        assertSame(a + b, plus(e(a), e(b)), "a + b")
        assertSame(a - b, plus(e(a), neg(e(b))), "a - b")
        assertSame(a.equals(b).expression, plus(e(a), neg(e(b))), "a == b")
        assertSame(ab + c, plus(ab, e(c)), "ab + c")
        assertSame(ab - c, plus(ab, neg(e(c))), "ab - c")
        assertSame(ab + ab, plus(ab, ab), "ab + ab")
        assertSame(ab - ab, plus(ab, neg(ab)), "ab - ab")
        assertSame((ab == a + b).expression, plus(ab, neg(plus(e(a), e(b)))), "ab == a + b")
    }
}
