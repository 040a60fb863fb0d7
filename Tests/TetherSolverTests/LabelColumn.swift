@testable import TetherSolver

/// The form workload's label column at the solver level: `count` label widths, each hugging (251)
/// and resisting compression (750) at an intrinsic width of 40 + (29·i mod 80), so the widest
/// (119) comes back every 80 labels. The widths are not aligned yet.
struct LabelColumn {
    let widths: [Variable]
    let intrinsic: [Double]

    init(_ solver: Solver, count: Int) throws {
        widths = (0..<count).map { solver.makeVariable(name: "w\($0)") }
        intrinsic = (0..<count).map { 40 + Double(($0 * 29) % 80) }
        for i in 0..<count {
            try solver.add(widths[i] >= intrinsic[i], priority: try Priority(750))
            try solver.add(widths[i] <= intrinsic[i], priority: try Priority(251))
        }
    }
}
