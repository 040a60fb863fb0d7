import CTether
import Tether
import TetherSolver

/// What a `tether_engine *` points at: the Swift engine plus the host's C callbacks and their
/// context pointers. Views hold closures that reach their engine's box weakly (the box owns the
/// engine, the engine owns the views), so a callback changed here takes effect at once and no
/// closure keeps a freed engine alive.
final class EngineBox {
    let engine = LayoutEngine()

    var measureFn: tether_measure_fn?
    /// The measure callback that also receives the view's user data (at most one of the two is set).
    var measureDataFn: tether_measure_data_fn?
    var measureContext: UnsafeMutableRawPointer?
    var updateConstraintsFn: tether_view_hook_fn?
    var layoutSubviewsFn: tether_view_hook_fn?
    var hookContext: UnsafeMutableRawPointer?
    var diagnosticFn: tether_diagnostic_fn?
    var diagnosticContext: UnsafeMutableRawPointer?
    /// Set by tether_engine_free. A callback may free its engine; the pass running then goes on
    /// without calling the host again (a measure fails the pass, hooks and diagnostics are
    /// skipped), so no callback receives an id of a freed engine.
    var isFreed = false

    /// Freeing the engine frees its views, whose subviews would otherwise be released one inside
    /// another's deinit: a chain of views tens of thousands deep overflowed the stack
    /// (issue 18). Every handle dies with the box, so no caller sees the hierarchy taken apart.
    deinit { engine.dismantleHierarchies() }

    // MARK: Callbacks as Swift closures

    /// The closure installed as `view.measure` for a measured view: calls the engine's measure
    /// callback with the view's id. A non-zero return, or no callback at pass time, throws (the
    /// pass fails with `LayoutError.callbackFailed`, i.e. TETHER_E_CALLBACK_FAILED).
    func measureClosure(for view: tether_view) -> (Double) throws -> Measurement {
        { [weak self] proposedWidth in
            guard let self, !self.isFreed else {
                throw CallbackFailure(message: "a callback freed the engine during this pass (tether_engine_free)")
            }
            var out = tether_measurement(width: .nan, height: .nan, first_baseline: .nan, last_baseline: .nan)
            let rc: Int32
            if let fn = self.measureFn {
                rc = fn(self.measureContext, view, proposedWidth, &out)
            } else if let fn = self.measureDataFn {
                let data = (self.engine.item(withID: view) as? View)?.hostData
                rc = fn(self.measureContext, view, data, proposedWidth, &out)
            } else {
                throw CallbackFailure(message: "measuring is on but the engine has no measure callback (tether_engine_set_measure_callback)")
            }
            guard rc == 0 else {
                throw CallbackFailure(message: "it returned \(rc) for proposed width \(proposedWidth)")
            }
            return Measurement(width: out.width, height: out.height, firstBaseline: out.first_baseline,
                               lastBaseline: out.last_baseline)
        }
    }

    /// The `updateConstraintsHook` of a view whose hooks are on.
    func updateConstraintsClosure() -> (View) -> Void {
        { [weak self] view in
            guard let self, !self.isFreed, let fn = self.updateConstraintsFn else { return }
            fn(self.hookContext, view.id)
        }
    }

    /// The `layoutSubviewsHook` of a view whose hooks are on.
    func layoutSubviewsClosure() -> (View) -> Void {
        { [weak self] view in
            guard let self, !self.isFreed, let fn = self.layoutSubviewsFn else { return }
            fn(self.hookContext, view.id)
        }
    }

    /// Routes the engine's diagnostics to `fn` (NULL: back to the default, standard error).
    func setDiagnosticHandler(_ fn: tether_diagnostic_fn?, _ context: UnsafeMutableRawPointer?) {
        diagnosticFn = fn
        diagnosticContext = context
        guard fn != nil else {
            engine.diagnosticHandler = nil
            return
        }
        engine.diagnosticHandler = { [weak self] message in
            guard let self, !self.isFreed, let fn = self.diagnosticFn else { return }
            message.withCString { fn(self.diagnosticContext, $0) }
        }
    }

    // MARK: Ids

    /// The live view with this id; TETHER_E_INVALID_ID for a dead id or a guide's id.
    func view(_ id: tether_view, _ name: String = "view") throws(StatusFailure) -> View {
        let item = try self.item(id, name, noun: "view")
        guard let view = item as? View else {
            throw StatusFailure(status: TETHER_E_INVALID_ID,
                                message: "\(name) id \(describeID(id)) is a layout guide (\(item)), not a view")
        }
        return view
    }

    /// The live layout guide with this id; TETHER_E_INVALID_ID for a dead id or a view's id.
    func guide(_ id: tether_guide, _ name: String = "guide") throws(StatusFailure) -> LayoutGuide {
        let item = try self.item(id, name, noun: "layout guide")
        guard let guide = item as? LayoutGuide else {
            throw StatusFailure(status: TETHER_E_INVALID_ID,
                                message: "\(name) id \(describeID(id)) is a view (\(item)), not a layout guide")
        }
        return guide
    }

    /// The live view or guide with this id (`noun`: what the caller expects, for messages).
    func item(_ id: tether_item, _ name: String = "item", noun: String? = nil) throws(StatusFailure) -> LayoutItem {
        guard let item = engine.item(withID: id) else {
            try refuseWrongKind(id, name, expected: .item, noun: noun)
            try refuseForeign(id, name)
            throw StatusFailure(status: TETHER_E_INVALID_ID,
                                message: "\(name) id \(describeID(id)) is not live in this engine (0, freed, stale, or made by another engine)")
        }
        return item
    }

    /// The live layout constraint with this id.
    func constraint(_ id: tether_layout_constraint, _ name: String = "constraint") throws(StatusFailure) -> LayoutConstraint {
        guard let c = engine.constraint(withID: id) else {
            try refuseWrongKind(id, name, expected: .layoutConstraint)
            try refuseForeign(id, name)
            throw StatusFailure(status: TETHER_E_INVALID_ID,
                                message: "\(name) id \(describeID(id)) is not a live layout constraint of this engine (0, freed, stale, or made by another engine)")
        }
        return c
    }
}

extension EngineBox {
    /// TETHER_E_INVALID_ID naming both kinds when `id` is another kind's (a layout constraint's
    /// id given for a view, a solver variable's for a constraint): its slot may hold an object of
    /// the expected kind, which must not be reached. When the id is live in this engine, the
    /// message also says what it names.
    func refuseWrongKind(_ id: UInt64, _ name: String, expected: IdentifierKind,
                         noun: String? = nil) throws(StatusFailure) {
        let kind = IdentifierKind(rawID: id)
        guard IdentifierKind.looksHandedOut(id), kind != expected else { return }
        var named = ""
        switch kind {
        case .item: if let item = engine.item(withID: id) { named = " (\(item))" }
        case .layoutConstraint: if let c = engine.constraint(withID: id) { named = " (\(c))" }
        case .variable, .constraint: break
        }
        throw StatusFailure(status: TETHER_E_INVALID_ID,
                            message: "\(name) id \(describeID(id)) is a \(kind.name) id\(named), not a \(noun ?? expected.name) id")
    }

    /// TETHER_E_INVALID_ID saying so when `id` was made by another engine (its tag differs).
    func refuseForeign(_ id: UInt64, _ name: String) throws(StatusFailure) {
        guard engine.isForeign(id) else { return }
        throw StatusFailure(status: TETHER_E_INVALID_ID,
                            message: "\(name) id \(describeID(id)) is not live in this engine: it was made by another engine (engine tag \(id >> 52); this engine's tag is \(engine.idTag))")
    }
}

/// A host callback's failure, as the error a measure closure throws.
struct CallbackFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// An id with its slot and generation spelled out, for messages (in hexadecimal, as descriptions
/// and C programs print ids).
func describeID(_ id: UInt64) -> String {
    id == 0 ? "0" : "\(hexID(id)) (slot \(id & (1 << 30 - 1)), kind \(IdentifierKind(rawID: id).name), generation \((id >> 32) & 0xF_FFFF), engine tag \(id >> 52))"
}

// MARK: Errors

extension LayoutError {
    /// The C status for this error.
    var status: tether_status {
        switch self {
        case .invalidPairing, .locationEqualToConstant, .mixedDirectionality, .invalidAttribute, .nonFinite,
             .invalidPriority, .invalidArgument:
            return TETHER_E_INVALID_ARGUMENT
        case .priorityMutation, .noCommonAncestor, .invalidHierarchy, .readOnly, .invalidState:
            return TETHER_E_INVALID_STATE
        case .wrongEngine, .freed:
            return TETHER_E_INVALID_ID
        case .callbackFailed:
            return TETHER_E_CALLBACK_FAILED
        }
    }
}

extension LayoutError: StatusError {}

/// Runs a shim body against a validated engine, mapping every error to a status + message.
@inline(__always)
func withEngine(_ handle: OpaquePointer?, _ body: (EngineBox) throws(StatusFailure) -> Void) -> tether_status {
    withHandle(handle, as: EngineBox.self, kind: .engine, name: "engine", body)
}

/// Converts a view-model error into a shim failure.
@inline(__always)
func checkLayout<T>(_ body: () throws(LayoutError) -> T) throws(StatusFailure) -> T {
    try check(body)
}

// MARK: Argument validation

@inline(__always)
func invalidArgument(_ message: String) -> StatusFailure {
    StatusFailure(status: TETHER_E_INVALID_ARGUMENT, message: message)
}

/// A C boolean: exactly 0 or 1 (anything else is probably garbage, and rejecting it now keeps
/// the door open to give other values a meaning later).
func flag(_ raw: Int32, _ name: String) throws(StatusFailure) -> Bool {
    switch raw {
    case 0: return false
    case 1: return true
    default: throw invalidArgument("\(name) must be 0 or 1, got \(raw)")
    }
}

func finite(_ x: Double, _ name: String) throws(StatusFailure) -> Double {
    guard x.isFinite else { throw invalidArgument("\(name) must be finite, got \(x)") }
    return x
}

/// The enum case with raw value `raw`; otherwise INVALID_ARGUMENT with "`name` `raw` is not
/// `expected`", which lists the values the header allows.
func enumCase<E: RawRepresentable>(_ raw: E.RawValue, _ name: String,
                                   isNot expected: String) throws(StatusFailure) -> E {
    guard let value = E(rawValue: raw) else { throw invalidArgument("\(name) \(raw) is not \(expected)") }
    return value
}

func attribute(_ raw: tether_attribute, _ name: String) throws(StatusFailure) -> LayoutAttribute {
    try enumCase(raw, name, isNot: "a layout attribute (0...20)")
}

/// A relation of either layer (the view model's `LayoutRelation` is the solver's `Relation`).
func relation(_ raw: tether_relation) throws(StatusFailure) -> Relation {
    try enumCase(raw, "relation", isNot: "one of -1 (<=), 0 (==), 1 (>=)")
}

func axis(_ raw: tether_axis) throws(StatusFailure) -> Axis {
    try enumCase(raw, "axis", isNot: "0 (horizontal) or 1 (vertical)")
}

func layoutDirection(_ raw: tether_layout_direction) throws(StatusFailure) -> LayoutDirection {
    try enumCase(raw, "layout direction", isNot: "0 (left-to-right) or 1 (right-to-left)")
}

func semanticContentAttribute(_ raw: tether_semantic_content_attribute) throws(StatusFailure) -> SemanticContentAttribute {
    try enumCase(raw, "semantic content attribute", isNot: "in 0...4")
}

/// A priority in (0, 1000], with Apple's message otherwise.
func layoutPriority(_ raw: Float) throws(StatusFailure) -> LayoutPriority {
    let p = LayoutPriority(raw)
    guard p.isValid else { throw invalidArgument(LayoutError.invalidPriority(raw).description) }
    return p
}

// MARK: Geometry conversions

extension Rect {
    init(validating r: tether_rect, _ name: String) throws(StatusFailure) {
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite else {
            throw invalidArgument("\(name) (\(r.x), \(r.y), \(r.width), \(r.height)) must be finite")
        }
        self.init(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    var cValue: tether_rect { tether_rect(x: minX, y: minY, width: width, height: height) }
}

extension EdgeInsets {
    init(validating i: tether_insets, _ name: String) throws(StatusFailure) {
        guard i.top.isFinite, i.left.isFinite, i.bottom.isFinite, i.right.isFinite else {
            throw invalidArgument("\(name) (top \(i.top), left \(i.left), bottom \(i.bottom), right \(i.right)) must be finite")
        }
        self.init(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    }

    var cValue: tether_insets { tether_insets(top: top, left: left, bottom: bottom, right: right) }
}

extension Size {
    var cValue: tether_size { tether_size(width: width, height: height) }
}
