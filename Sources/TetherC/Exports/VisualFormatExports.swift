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

/// Decodes a table of `count` (name, value) pairs into a dictionary: names non-NULL, UTF-8 and
/// unique; `value(i)` validates and converts the i-th value.
private func nameTable<T>(_ names: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ what: String,
                          countName: String,
                          _ value: (Int) throws(StatusFailure) -> T) throws(StatusFailure) -> [String: T] {
    guard try checkedCount(count, countName) > 0 else { return [:] }
    let names = try require(names, "\(what)_names")
    try ensureAllocatable(count, bytesPerElement: 128, countName)
    var table: [String: T] = [:]
    table.reserveCapacity(count)
    for i in 0..<count {
        let raw = try require(names[i], "\(what)_names[\(i)]")
        let name = try decodeString(raw, "\(what)_names[\(i)]")
        guard table[name] == nil else {
            throw invalidArgument("\(what)_names[\(i)] \"\(name)\" appears more than once")
        }
        table[name] = try value(i)
    }
    return table
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
        let values: UnsafePointer<Double>? = metricCount > 0 ? try require(metricValues, "metric_values") : nil
        let metrics = try nameTable(metricNames, metricCount, "metric", countName: "metric_count") { i throws(StatusFailure) in
            try finite(values![i], "metric_values[\(i)]")
        }
        let ids: UnsafePointer<tether_item>? = itemCount > 0 ? try require(items, "items") : nil
        let views = try nameTable(viewNames, itemCount, "view", countName: "item_count") { i throws(StatusFailure) -> LayoutItem in
            try box.item(ids![i], "items[\(i)]")
        }
        let made: [LayoutConstraint]
        do throws(VisualFormatError) {
            made = try LayoutConstraint.constraints(withVisualFormat: text,
                                                    options: FormatOptions(rawValue: UInt(options)),
                                                    metrics: metrics, views: views)
        } catch {
            errorPosition?.pointee = error.position
            throw error.statusFailure
        }
        if made.isEmpty {
            needed?.pointee = 0
            return
        }
        let buffer: UnsafeMutablePointer<tether_layout_constraint>
        do throws(StatusFailure) {
            buffer = try checkCapacity(made.count, capacity: capacity, buffer: out, needed: needed,
                                       unit: "constraints")
        } catch {
            for c in made { box.engine.free(c) }
            throw error
        }
        for (i, c) in made.enumerated() { buffer[i] = c.id }
    }
}
