import XCTest
@testable import TetherSolver

/// Numerically hard inputs with answers known in closed form (docs/numerics.md): coefficients
/// and constants from 1e-9 to 1e9, required constraints scaled by such factors, nearly parallel
/// constraints, and 10^4 constraints on a single variable at mixed priorities. Every solve is
/// followed by the solver's own invariant check.
final class AdversarialTests: XCTestCase {
    private func solved(_ s: Solver, file: StaticString = #filePath, line: UInt = #line) {
        do { try s.checkInvariants() } catch { XCTFail("\(error)", file: file, line: line) }
        s.updateVariables()
    }

    private func value(_ s: Solver, _ v: Variable) -> Double { try! s.value(of: v) }

    // MARK: Huge and tiny coefficients

    func testScaledEqualitiesKeepTheirSolution() throws {
        for exponent in stride(from: -9, through: 9, by: 1) {
            let k = pow10(exponent)
            let s = Solver()
            let x = s.makeVariable(), y = s.makeVariable()
            try s.add(k * x == 3.7 * k)                               // x = 3.7
            try s.add(k * y - k * x >= 2 * k)                         // y >= x + 2
            try s.add(y == 0, priority: try Priority(750))            // pulls y down to 5.7
            solved(s)
            XCTAssertEqual(value(s, x), 3.7, accuracy: 1e-12, "scale 1e\(exponent)")
            XCTAssertEqual(value(s, y), 5.7, accuracy: 1e-12, "scale 1e\(exponent)")
        }
    }

    func testLargeAndSmallCoefficientsInOneRow() throws {
        // x is in units of 1e-9, y in units of 1e9: 1e9·x + 1e-9·y == 5 with x == 2e-9 gives y = 3e9.
        let s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(1e9 * x + 1e-9 * y == 5)
        try s.add(x == 2e-9)
        solved(s)
        XCTAssertEqual(value(s, x), 2e-9, accuracy: 1e-21)
        XCTAssertEqual(value(s, y), 3e9, accuracy: 1e-3)
    }

    func testLargeCoordinates() throws {
        // Positions near 1e9 points, differences of a quarter point: still exact.
        for base in [1e6, 1e9, 1e12] {
            let s = Solver()
            let left = s.makeVariable(), right = s.makeVariable()
            try s.add(left == base)
            try s.add(right - left >= 0.25)
            try s.add(right == base, priority: try Priority(500))
            solved(s)
            XCTAssertEqual(value(s, right) - value(s, left), 0.25, "base \(base)")
        }
    }

    /// The same system with each required constraint multiplied by a factor from 1e-9 to 1e9
    /// (a required constraint means the same at any scale) has the same solution. Before the
    /// solver scaled required rows (Solver.rowScale), factors near 1e9 left their slacks' reduced
    /// costs below the optimality tolerance, so a lower level's optimum was missed, and factors
    /// near 1e-9 put whole rows inside the feasibility tolerance, so violations went unseen.
    func testRequiredConstraintsAtAnyScaleGiveTheSameSolution() throws {
        // A row of five views: x0 = 0, each at least 10 after the previous, x4 <= 100, each
        // pulled to 30·i at 250 (too far apart: the row is squeezed to the optimum below).
        func solve(_ factor: (Int) -> Double) throws -> [Double] {
            let s = Solver()
            let x = (0..<5).map { s.makeVariable(name: "x\($0)") }
            var n = 0
            func required(_ c: LinearConstraint) throws {
                let k = factor(n)
                n += 1
                try s.add(LinearConstraint(c.expression * k, c.relation))
            }
            try required(x[0] == 0)
            for i in 1..<5 { try required(x[i] - x[i - 1] >= 10) }
            try required(x[4] <= 100)
            for i in 0..<5 { try s.add(x[i] == Double(30 * i), priority: try Priority(250)) }
            solved(s)
            return try s.values(of: x)
        }
        let reference = try solve { _ in 1 }
        // Level 250: Σ|x_i - 30i| is minimised with x4 = 100; the errors are forced to sum to 20.
        XCTAssertEqual(zip(reference, [0, 30, 60, 90, 120]).map { abs($0 - $1) }.reduce(0, +), 20,
                       accuracy: 1e-9)
        for exponent in [-9, -6, -3, 3, 6, 9] {
            for pattern in 0..<3 {
                let got = try solve { i in
                    switch pattern {
                    case 0: return pow10(exponent)
                    case 1: return i % 2 == 0 ? pow10(exponent) : pow10(-exponent)
                    default: return pow10(exponent * ((i % 3) - 1))
                    }
                }
                for (a, b) in zip(got, reference) {
                    XCTAssertEqual(a, b, accuracy: 1e-7, "factor 1e\(exponent), pattern \(pattern): \(got)")
                }
            }
        }
    }

    /// Found by the scaled-system cross-check against the LP reference (docs/numerics.md): a
    /// random system whose required constraints were multiplied by factors up to 6e8. Their
    /// slacks' reduced costs were then of order 1e-9 and read as zero, so level 250 stopped at a
    /// sum of errors of 12.7 where 0 is reachable (as it is with the unscaled constraints).
    func testLowerLevelsStayOptimalWithRequiredRowsScaledUp() throws {
        let s = Solver()
        let x = (0..<3).map { s.makeVariable(name: "x\($0)") }
        let low = try Priority(1), mid = try Priority(250)
        try s.add(2 * x[1] + x[2] + 3 * x[0] - 19 == 0, priority: low)
        try s.add(-1021857.29448002 * x[0] + 510928.64724001 * x[1] >= 0)
        try s.add(x[1] + 2 * x[0] + 3 <= 0, priority: mid)
        try s.add(-2 * x[2] - 2 * x[1] + 13 <= 0, priority: mid)
        try s.add(563546601.7172291 * x[2] - 375697734.47815275 <= 0)          // x2 <= 2/3
        XCTAssertThrowsError(try s.add(93866144.9688663 * x[2] - 234665362.42216575 == 0))  // x2 == 2.5
        try s.add(-1 * x[0] + 8 >= 0, priority: low)
        try s.add(81.17463958675128 * x[2] - 81.17463958675128 * x[1] - 243.52391876025385 * x[0]
                  + 892.9210354542641 == 0)
        solved(s)
        let v = try s.values(of: x)
        let level250 = Swift.max(0, v[1] + 2 * v[0] + 3) + Swift.max(0, -2 * v[2] - 2 * v[1] + 13)
        let level1 = Swift.abs(2 * v[1] + v[2] + 3 * v[0] - 19) + Swift.max(0, v[0] - 8)
        XCTAssertEqual(level250, 0, accuracy: 1e-7, "\(v)")
        XCTAssertEqual(level1, 39, accuracy: 1e-6, "\(v)")
    }

    /// Found by the scaled-system cross-check against the LP reference (docs/numerics.md): the
    /// required x1 == 2, multiplied by about 1e-8, conflicts with the required x1 <= 5/3. It was
    /// accepted (its residual, in its own tiny units, was inside the tolerance) and phase 1 then
    /// pivoted that residual into another row, leaving x1 <= 5/3 violated by 1/3 and the tableau
    /// infeasible; the solver's check failed afterwards.
    func testTinyRequiredEqualityConflictIsRejected() throws {
        let s = Solver()
        let x0 = s.makeVariable(name: "x0"), x1 = s.makeVariable(name: "x1"), x2 = s.makeVariable(name: "x2")
        try s.add(-3 * x0 - 15 <= 0, priority: try Priority(500))
        try s.add(-3 * x0 - 17 == 0, priority: try Priority(750))
        try s.add(x1 - 2 == 0, priority: try Priority(750))
        try s.add(-0.011572598888053573 * x2 + 0.011572598888053573 * x0 + 0.023145197776107147 * x1
                  + 0.15044378554469645 == 0)
        try s.add(x1 - 3 * x0 - 8 >= 0, priority: try Priority(250))
        try s.add(-1 * x1 + 1 <= 0, priority: try Priority(750))
        let cap = try s.add(-32.66159276229766 * x1 + 54.435987937162764 >= 0)  // x1 <= 5/3
        try s.add(-1 * x1 - x2 + 2 * x0 + 19 == 0, priority: try Priority(250))
        XCTAssertThrowsError(try s.add(-9.923092797035155e-09 * x1 + 1.984618559407031e-08 == 0)) { error in
            guard case SolverError.unsatisfiable(_, let conflicts) = error else {
                return XCTFail("expected unsatisfiable, got \(error)")
            }
            XCTAssertEqual(conflicts, [cap])
        }
        solved(s)
        XCTAssertEqual(value(s, x1), 54.435987937162764 / 32.66159276229766, accuracy: 1e-12)
    }

    // MARK: Nearly parallel constraints

    /// x + y == 1 and x + (1 + ε)·y == 1 + 3ε meet at (-2, 3) for every ε. The intersection is
    /// ill-conditioned: rounding of order 1e-16 moves it by about 1e-16 / ε, which is the bound
    /// checked. Below ε ≈ 1e-12 the two rows differ by less than the cancellation tolerance and
    /// the second is taken as a restatement of the first: any point of x + y == 1 then satisfies
    /// both to within 3ε, inside the required-constraint tolerance (1e-8).
    func testNearlyParallelEqualities() throws {
        for k in 1...16 {
            let eps = pow10(-k)
            let s = Solver()
            let x = s.makeVariable(), y = s.makeVariable()
            try s.add(x + y == 1)
            try s.add(x + (1 + eps) * y == 1 + 3 * eps)
            solved(s)
            let (vx, vy) = (value(s, x), value(s, y))
            XCTAssertEqual(vx + vy, 1, accuracy: 1e-12, "ε = 1e-\(k)")
            XCTAssertEqual(vx + (1 + eps) * vy, 1 + 3 * eps, accuracy: 1e-8, "ε = 1e-\(k)")
            if k <= 12 {
                XCTAssertEqual(vy, 3, accuracy: 1e-15 / eps, "ε = 1e-\(k)")
            }
        }
    }

    /// x + y <= 10 and x + (1 + ε)·y >= 10 + 3ε force y >= 3; y is pulled to 0 at 750 and x to
    /// 100 at 500, so (7, 3) for every ε down to 1e-12, within the same conditioning bound.
    func testNearlyParallelInequalities() throws {
        for k in 1...12 {
            let eps = pow10(-k)
            let s = Solver()
            let x = s.makeVariable(), y = s.makeVariable()
            try s.add(x + y <= 10)
            try s.add(x + (1 + eps) * y >= 10 + 3 * eps)
            try s.add(y == 0, priority: try Priority(750))
            try s.add(x == 100, priority: try Priority(500))
            solved(s)
            XCTAssertEqual(value(s, y), 3, accuracy: 1e-15 / eps, "ε = 1e-\(k)")
            XCTAssertEqual(value(s, x), 7, accuracy: 1e-15 / eps, "ε = 1e-\(k)")
        }
    }

    // MARK: 10^4 constraints on one variable

    /// A bound on one variable: `x >= bound`, `x <= bound` or `x == bound` at a priority.
    private struct Bound {
        enum Kind { case atLeast, atMost, equal }
        var kind: Kind
        var value: Double
        var priority: Double

        /// The error of x against it (what a level sums).
        func error(_ x: Double) -> Double {
            switch kind {
            case .atLeast: return Swift.max(0, value - x)
            case .atMost: return Swift.max(0, x - value)
            case .equal: return Swift.abs(x - value)
            }
        }
    }

    /// The lexicographic optimum over one variable in closed form: the required bounds give an
    /// interval; at each optional level (highest first) the sum of errors is convex and piecewise
    /// linear, so its minimisers over the interval are again an interval, found from the slopes
    /// between sorted breakpoints. Returns the final interval and each level's minimum.
    private func analyticOptimum(_ bounds: [Bound]) -> (lower: Double, upper: Double, minima: [Double: Double]) {
        var lo = -Double.infinity, hi = Double.infinity
        for b in bounds where b.priority >= 1000 {
            if b.kind != .atMost { lo = Swift.max(lo, b.value) }
            if b.kind != .atLeast { hi = Swift.min(hi, b.value) }
        }
        var minima: [Double: Double] = [:]
        let levels = Set(bounds.filter { $0.priority < 1000 }.map(\.priority)).sorted(by: >)
        for level in levels {
            let members = bounds.filter { $0.priority == level }
            // Slope of the level's sum just right of t: -(#atLeast/equal above t) + (#atMost/equal
            // at or below t). `points` are sorted breakpoints; slopes change only there.
            let points = Array(Set(members.map(\.value))).sorted()
            func slopeRight(of t: Double) -> Int {
                var slope = 0
                for b in members {
                    switch b.kind {
                    case .atLeast: if b.value > t { slope -= 1 }
                    case .atMost: if b.value <= t { slope += 1 }
                    case .equal: slope += b.value <= t ? 1 : -1
                    }
                }
                return slope
            }
            func slopeLeft(of t: Double) -> Int {
                var slope = 0
                for b in members {
                    switch b.kind {
                    case .atLeast: if b.value >= t { slope -= 1 }
                    case .atMost: if b.value < t { slope += 1 }
                    case .equal: slope += b.value < t ? 1 : -1
                    }
                }
                return slope
            }
            // Left end: the first point (from lo) where the slope to the right is >= 0.
            var a = lo
            if slopeRight(of: lo) < 0 {
                a = hi
                for t in points where t > lo && t < hi && slopeRight(of: t) >= 0 { a = t; break }
            }
            // Right end: the last point (towards hi) where the slope to the left is <= 0.
            var b = hi
            if slopeLeft(of: hi) > 0 {
                b = lo
                for t in points.reversed() where t > lo && t < hi && slopeLeft(of: t) <= 0 { b = t; break }
            }
            b = Swift.max(a, b)
            lo = a
            hi = b
            let at = lo.isFinite ? lo : hi
            minima[level] = members.reduce(0) { $0 + $1.error(at) }
        }
        return (lo, hi, minima)
    }

    /// 10^4 bounds on one variable at six priorities: 5,000 required ones (all hold on
    /// [-2000, 3000]), 4,900 optional ones that some point satisfies at every level, and 100
    /// optional ones of every kind spread over [-4000, 4000] that conflict with each other and
    /// with the rest. The version with 8,000 conflicting optional bounds is in
    /// bindings/python/tests/test_adversarial.py, against the release library: each conflicting
    /// bound costs pivots over all of the variable's rows, which a debug build runs about fifteen
    /// times slower.
    func testTenThousandBoundsOnOneVariable() throws {
        var rng = SplitMix64(seed: 10_000)
        let priorities: [Double] = [999, 750, 500, 250, 1]
        var bounds: [Bound] = []
        for _ in 0..<2499 { bounds.append(Bound(kind: .atLeast, value: rng.uniform(-9000, -2000), priority: 1000)) }
        for _ in 0..<2499 { bounds.append(Bound(kind: .atMost, value: rng.uniform(3000, 9000), priority: 1000)) }
        bounds.append(Bound(kind: .atLeast, value: -2000, priority: 1000))
        bounds.append(Bound(kind: .atMost, value: 3000, priority: 1000))
        for i in 0..<4900 {
            let atLeast = i % 2 == 0
            bounds.append(Bound(kind: atLeast ? .atLeast : .atMost,
                                value: atLeast ? rng.uniform(-3000, -1000) : rng.uniform(1000, 4000),
                                priority: priorities[i % 5]))
        }
        for i in 0..<100 {
            let kind: Bound.Kind = [.atLeast, .atMost, .equal][i % 3]
            bounds.append(Bound(kind: kind, value: rng.uniform(-4000, 4000), priority: priorities[i % 5]))
        }
        XCTAssertEqual(bounds.count, 10_000)

        let s = Solver()
        let x = s.makeVariable(name: "x")
        for b in bounds {
            let relation: Relation = b.kind == .atLeast ? .greaterThanOrEqual : b.kind == .atMost ? .lessThanOrEqual : .equal
            _ = try s.add(LinearConstraint(LinearExpression(x) - b.value, relation), priority: try Priority(b.priority))
        }
        solved(s)
        let got = value(s, x)
        let want = analyticOptimum(bounds)
        XCTAssertGreaterThanOrEqual(got, want.lower - 1e-9 * Swift.max(1, Swift.abs(want.lower)))
        XCTAssertLessThanOrEqual(got, want.upper + 1e-9 * Swift.max(1, Swift.abs(want.upper)))
        for (level, minimum) in want.minima {
            let sum = bounds.filter { $0.priority == level }.reduce(0) { $0 + $1.error(got) }
            XCTAssertEqual(sum, minimum, accuracy: 1e-9 * Swift.max(1, minimum), "level \(level)")
        }
    }

    /// 10^4 required lower bounds and 10^3 optional upper bounds below them: x is the largest
    /// lower bound. Then 1,001 equalities at one level alone: x is their median (the L1 optimum).
    func testManyBoundsAndAMedian() throws {
        var rng = SplitMix64(seed: 42)
        let s = Solver()
        let x = s.makeVariable()
        var floors: [Double] = []
        for _ in 0..<10_000 {
            floors.append(rng.uniform(-1e4, 1e4))
            try s.add(x >= floors.last!)
        }
        for _ in 0..<1000 { try s.add(x <= rng.uniform(-2e4, -1e4), priority: try Priority(750)) }
        solved(s)
        XCTAssertEqual(value(s, x), floors.max()!)

        let t = Solver()
        let y = t.makeVariable()
        var targets: [Double] = []
        for _ in 0..<1001 {
            targets.append(rng.uniform(-1e3, 1e3))
            try t.add(y == targets.last!, priority: try Priority(500))
        }
        solved(t)
        XCTAssertEqual(value(t, y), targets.sorted()[500])
    }

    /// The analytic reference is not a tautology: a wrong value fails it.
    func testAnalyticOptimumDetectsAWrongAnswer() {
        let bounds = [Bound(kind: .atLeast, value: 1, priority: 1000), Bound(kind: .equal, value: 5, priority: 500),
                      Bound(kind: .equal, value: 7, priority: 500), Bound(kind: .equal, value: 6, priority: 250)]
        let want = analyticOptimum(bounds)
        XCTAssertEqual(want.lower, 6)
        XCTAssertEqual(want.upper, 6)
        XCTAssertEqual(want.minima[500], 2)
        XCTAssertEqual(want.minima[250], 0)
        let wrong = bounds.filter { $0.priority == 250 }.reduce(0) { $0 + $1.error(5) }
        XCTAssertNotEqual(wrong, want.minima[250])
    }
}

private func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<Swift.abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
}

/// Uniform doubles from the suite's deterministic generator (RandomizedSolverTests.swift), so
/// the inputs are the same on every platform.
private extension SplitMix64 {
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * Double(next() >> 11) / Double(1 << 53)
    }
}
