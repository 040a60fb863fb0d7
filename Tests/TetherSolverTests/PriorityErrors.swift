import TetherSolver

/// A constraint of the randomized differential tests, over variables by index.
typealias ConstraintSpec = (terms: [(Int, Double)], constant: Double, relation: Relation, priority: Double)

/// What the lexicographic objective sees at a solution: the largest error of a required
/// constraint (it should be within the tolerance) and the summed errors per optional priority.
/// Two solvers at the same optimum have the same sums at every level, whichever vertex they chose.
func priorityErrors(_ specs: [ConstraintSpec], values: [Double]) -> (required: Double, perLevel: [Double: Double]) {
    var required = 0.0
    var perLevel: [Double: Double] = [:]
    for spec in specs {
        let residual = spec.terms.reduce(spec.constant) { $0 + $1.1 * values[$1.0] }
        let error: Double
        switch spec.relation {
        case .equal: error = Swift.abs(residual)
        case .lessThanOrEqual: error = Swift.max(0, residual)
        case .greaterThanOrEqual: error = Swift.max(0, -residual)
        }
        if spec.priority >= 1000 {
            required = Swift.max(required, error)
        } else {
            perLevel[spec.priority, default: 0] += error
        }
    }
    return (required, perLevel)
}
