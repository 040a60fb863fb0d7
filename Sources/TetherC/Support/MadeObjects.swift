import CTether
import Tether

// What the calls that make objects share: the name tables of those that make constraints from
// text (the Visual Format Language, equation text) in, and the made objects' ids out with the
// two-call pattern (constraints from text, a layout document's or an IB document's roots).

/// Decodes a table of `count` (name, value) pairs into a dictionary: names non-NULL, UTF-8 and
/// unique; `value(i)` validates and converts the i-th value.
func nameTable<T>(_ names: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ what: String,
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

/// `metric_names[i]` -> `metric_values[i]` (finite) for `i < count`.
func metricTable(_ names: UnsafePointer<UnsafePointer<CChar>?>?, _ values: UnsafePointer<Double>?,
                 _ count: Int) throws(StatusFailure) -> [String: Double] {
    let values: UnsafePointer<Double>? = count > 0 ? try require(values, "metric_values") : nil
    return try nameTable(names, count, "metric", countName: "metric_count") { i throws(StatusFailure) in
        try finite(values![i], "metric_values[\(i)]")
    }
}

/// `<names>_names[i]` -> the item `items[i]` of the engine for `i < count`.
func itemTable(_ names: UnsafePointer<UnsafePointer<CChar>?>?, _ items: UnsafePointer<tether_item>?, _ count: Int,
               in box: EngineBox, names what: String) throws(StatusFailure) -> [String: LayoutItem] {
    let ids: UnsafePointer<tether_item>? = count > 0 ? try require(items, "items") : nil
    return try nameTable(names, count, what, countName: "item_count") { i throws(StatusFailure) -> LayoutItem in
        try box.item(ids![i], "items[\(i)]")
    }
}

/// The two-call pattern for constraints made from text: their ids into `out`, or, when the
/// buffer is too small, TETHER_E_BUFFER_TOO_SMALL with `*needed` and the constraints freed again.
func handOut(_ made: [LayoutConstraint], of box: EngineBox, _ out: UnsafeMutablePointer<tether_layout_constraint>?,
             capacity: Int, needed: UnsafeMutablePointer<Int>?) throws(StatusFailure) {
    try handOutMade(made.map(\.id), to: out, capacity: capacity, needed: needed, unit: "constraints") {
        for c in made { box.engine.free(c) }
    }
}

/// The two-call pattern for objects a call has just made (constraints from text, a document's
/// roots): their ids into `out`, or, when the buffer is too small, TETHER_E_BUFFER_TOO_SMALL with
/// `*needed` after `undo` frees them (the caller has no id to free them by). Nothing made: OK
/// with `*needed` = 0 and `out` untouched (it may be NULL).
func handOutMade(_ ids: [UInt64], to out: UnsafeMutablePointer<UInt64>?, capacity: Int,
                 needed: UnsafeMutablePointer<Int>?, unit: String, undo: () -> Void) throws(StatusFailure) {
    if ids.isEmpty {
        needed?.pointee = 0
        return
    }
    let buffer: UnsafeMutablePointer<UInt64>
    do throws(StatusFailure) {
        buffer = try checkCapacity(ids.count, capacity: capacity, buffer: out, needed: needed, unit: unit)
    } catch {
        undo()
        throw error
    }
    for (i, id) in ids.enumerated() { buffer[i] = id }
}
