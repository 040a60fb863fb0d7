import CTether
import Tether

// Equation text through the C ABI: the same name tables as the Visual Format Language, the
// Swift parser makes the constraints, and the two-call pattern hands their ids back. No logic
// lives here.

extension EquationTextError {
    /// The C failure for text that could not be parsed: TETHER_E_PARSE with the message and caret.
    var statusFailure: StatusFailure {
        StatusFailure(status: TETHER_E_PARSE, message: message)
    }
}

@c @implementation
public func tether_layout_constraints_with_equations(
    _ engine: OpaquePointer!, _ text: UnsafePointer<CChar>!,
    _ metricNames: UnsafePointer<UnsafePointer<CChar>?>!, _ metricValues: UnsafePointer<Double>!,
    _ metricCount: Int, _ viewNames: UnsafePointer<UnsafePointer<CChar>?>!,
    _ items: UnsafePointer<tether_item>!, _ itemCount: Int,
    _ out: UnsafeMutablePointer<tether_layout_constraint>!, _ capacity: Int,
    _ needed: UnsafeMutablePointer<Int>!, _ errorPosition: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let equations = try decodeString(try require(text, "text"), "text")
        let metrics = try metricTable(metricNames, metricValues, metricCount)
        let views = try itemTable(viewNames, items, itemCount, in: box, names: "view")
        let made: [LayoutConstraint]
        do throws(EquationTextError) {
            made = try LayoutConstraint.constraints(withEquations: equations, metrics: metrics, views: views)
        } catch {
            errorPosition?.pointee = error.position
            throw error.statusFailure
        }
        try handOut(made, of: box, out, capacity: capacity, needed: needed)
    }
}
