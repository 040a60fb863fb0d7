import FuzzSupport
import Tether

/// The Visual Format Language parser through the Swift API, and the same bytes as equation text
/// (EquationHarness.swift): both parsers read names and metrics from the same tables.
///
/// Input: an options word, which metrics and which views the dictionaries hold, whether to
/// activate and lay out what was made, then the format string (any bytes, decoded as UTF-8 with
/// replacement characters, so multi-byte and combining characters reach the parser).
///
/// Every input must either return constraints (inactive, live in the engine, on the named items
/// or the bars' superview) or throw VisualFormatError for this very format with a position in
/// 0...format.count (in characters) and Apple's message shape. Anything else, a trap or a hang
/// (libFuzzer's -timeout), is a failure.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVisualFormat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = readOptions(&input)
    let metricBits = input.byte()
    let viewBits = input.byte()
    let layoutFlags = input.byte()
    var formatBytes: [UInt8] = []
    while !input.isExhausted { formatBytes.append(input.byte()) }
    let format = String(decoding: formatBytes, as: UTF8.self)

    let scene = Scene()
    var metrics: [String: Double] = [:]
    for (bit, entry) in metricTable.enumerated() where metricBits & (1 << UInt8(bit)) != 0 {
        metrics[entry.name] = entry.value
    }
    var views: [String: LayoutItem] = [:]
    for (bit, entry) in scene.items.enumerated() where viewBits & (1 << UInt8(bit)) != 0 {
        views[entry.name] = entry.item
    }

    checkEquations(format, metrics: metrics, views: views, in: scene)

    let made: [LayoutConstraint]
    do throws(VisualFormatError) {
        made = try LayoutConstraint.constraints(withVisualFormat: format, options: options,
                                                metrics: metrics, views: views)
    } catch {
        checkError(error, format: format)
        return 0
    }

    let allowed = Set(views.values.map { ObjectIdentifier($0) } + [ObjectIdentifier(scene.root)])
    for c in made {
        if c.isActive { fuzzFailure("constraint \(c) of \"\(format)\" came back active") }
        if scene.engine.constraint(withID: c.id) !== c {
            fuzzFailure("constraint \(c) of \"\(format)\" is not live in the engine")
        }
        for item in [c.firstItem, c.secondItem].compactMap({ $0 })
        where !allowed.contains(ObjectIdentifier(item)) {
            fuzzFailure("constraint \(c) of \"\(format)\" names \(item), which is neither a view of the dictionary nor the superview")
        }
        _ = c.description  // Apple's description form: must not trap on anything the parser makes
    }

    // Activating may fail (items in two hierarchies); a pass over whatever was activated must
    // not trap, however odd the numbers.
    if layoutFlags & 1 == 1, !made.isEmpty {
        do throws(LayoutError) {
            try activate(made)
            try scene.root.layoutIfNeeded()
            try scene.orphan.layoutIfNeeded()
        } catch {
            _ = error.description
        }
    }
    if layoutFlags & 2 == 2 {
        for c in made { scene.engine.free(c) }
        if made.contains(where: { scene.engine.constraint(withID: $0.id) != nil }) {
            fuzzFailure("a freed constraint of \"\(format)\" is still live")
        }
    }
    return 0
}

private func checkError(_ error: VisualFormatError, format: String) {
    if error.format != format { fuzzFailure("error for \"\(error.format)\" thrown for \"\(format)\"") }
    let count = format.count
    if error.position < 0 || error.position > count {
        fuzzFailure("error position \(error.position) outside 0...\(count) for \"\(format)\"")
    }
    if error.description.isEmpty { fuzzFailure("empty error reason for \"\(format)\"") }
    let message = error.message
    if format.isEmpty {
        if message != error.description { fuzzFailure("empty format: message is not the bare reason") }
    } else {
        let caret = String(repeating: " ", count: error.position) + "^"
        if !message.hasPrefix("Unable to parse constraint format: \n") || !message.hasSuffix("\n" + format + "\n" + caret) {
            fuzzFailure("message of \"\(format)\" is not Apple's shape: \(message)")
        }
    }
}

/// Mostly the option words people write (each alignment, each direction, baseline spacing, and
/// the combinations Apple rejects), sometimes any 32 bits.
private func readOptions(_ input: inout FuzzInput) -> FormatOptions {
    let selector = input.byte()
    if selector >= 200 { return FormatOptions(rawValue: UInt(input.u32())) }
    let alignments: [UInt] = [0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7, 1 << 8,
                              1 << 9, 1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 15,
                              (1 << 3) | (1 << 4), (1 << 1) | (1 << 9)]
    let directions: [UInt] = [0, 1 << 16, 2 << 16, 3 << 16]
    let spacing: UInt = selector & 0x80 != 0 ? 1 << 19 : 0
    return FormatOptions(rawValue: alignments[Int(selector) % alignments.count]
                         | directions[Int(selector >> 5) % directions.count] | spacing)
}

private let metricTable: [(name: String, value: Double)] = [
    ("m", 10), ("p", 750), ("neg", -5), ("big", 1e308), ("nan", .nan), ("inf", .infinity),
    ("prio", 2000), ("a", 4),  // a metric named like a view: metrics win in predicates
]

/// A hierarchy with every kind of item a format can name: subviews of one root, a text view
/// (baselines), a layout guide, a view in another hierarchy and the root itself (no superview).
final class Scene {
    let engine = LayoutEngine()
    let root: View
    let orphan: View
    var items: [(name: String, item: LayoutItem)] = []

    init() {
        // Broken-constraint reports of odd formats are expected; each must list the conflicting
        // constraints (Apple's report names at least the one it breaks).
        engine.diagnosticHandler = { message in
            if message.hasPrefix("Unable to simultaneously satisfy constraints."),
               !message.contains("(\n    \"<NS") {
                fuzzFailure("a broken-constraint report lists no constraint:\n\(message)")
            }
        }
        do throws(LayoutError) {
            root = try engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
            orphan = try engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            var subviews: [(String, View)] = []
            for name in ["a", "b", "c", "label"] {
                let v = try engine.makeView()
                v.translatesAutoresizingMaskIntoConstraints = false
                try root.addSubview(v)
                subviews.append((name, v))
            }
            subviews[3].1.firstBaselineOffsetFromTop = 12
            subviews[3].1.lastBaselineOffsetFromBottom = 4
            subviews[3].1.intrinsicContentSize = Size(width: 60, height: 20)
            let guide = engine.makeLayoutGuide()
            try root.addLayoutGuide(guide)
            items = subviews.map { ($0.0, $0.1 as LayoutItem) }
            items += [("g", guide), ("o", orphan), ("r", root), ("_x1", root.layoutMarginsGuide)]
        } catch {
            fuzzFailure("the fixed scene could not be built: \(error)")
        }
    }
}
