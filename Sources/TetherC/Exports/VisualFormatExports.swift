import CTether
import Tether

// The Visual Format Language through the C ABI: the name tables are decoded and checked, the
// Swift parser makes the constraints, and the two-call pattern hands their ids back (freeing
// them again when the caller's buffer is too small). No logic lives here.

extension VisualFormatError {
    /// The C failure for a format that could not be parsed: TETHER_E_PARSE with Apple's message.
    var statusFailure: StatusFailure {
        StatusFailure(status: TETHER_E_PARSE, message: message)
    }
}

@c @implementation
public func tether_layout_constraints_with_visual_format(
    _ engine: OpaquePointer!, _ format: UnsafePointer<CChar>!, _ options: tether_format_options,
    _ metricNames: UnsafePointer<UnsafePointer<CChar>?>!, _ metricValues: UnsafePointer<Double>!,
    _ metricCount: Int, _ viewNames: UnsafePointer<UnsafePointer<CChar>?>!,
    _ items: UnsafePointer<tether_item>!, _ itemCount: Int,
    _ out: UnsafeMutablePointer<tether_layout_constraint>!, _ capacity: Int,
    _ needed: UnsafeMutablePointer<Int>!, _ errorPosition: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let text = try decodeString(try require(format, "format"), "format")
        let metrics = try metricTable(metricNames, metricValues, metricCount)
        let views = try itemTable(viewNames, items, itemCount, in: box, names: "view")
        let made: [LayoutConstraint]
        do throws(VisualFormatError) {
            made = try LayoutConstraint.constraints(withVisualFormat: text,
                                                    options: FormatOptions(rawValue: UInt(options)),
                                                    metrics: metrics, views: views)
        } catch {
            errorPosition?.pointee = error.position
            throw error.statusFailure
        }
        try handOut(made, of: box, out, capacity: capacity, needed: needed)
    }
}
