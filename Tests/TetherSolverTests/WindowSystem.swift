@testable import TetherSolver

/// fuzz-capi's starting system, which the numeric tests build on: `window == left + width + 20`
/// (required), `width == 100` at 250, and `window` an edit variable at 999.
struct WindowSystem {
    let solver: Solver
    let left: Variable, width: Variable, window: Variable
    /// `window == left + width + 20` and `width == 100`.
    let frame: Constraint, preferred: Constraint

    init() throws {
        solver = Solver()
        left = solver.makeVariable(name: "left")
        width = solver.makeVariable(name: "width")
        window = solver.makeVariable(name: "window")
        frame = try solver.add(window == left + width + 20)
        preferred = try solver.add(width == 100, priority: try Priority(250))
        try solver.addEditVariable(window, priority: try Priority(999))
    }
}
