import CTether
import Tether

// The shapes most exports share, written once: read or write one property of the object an id
// names, and copy a list of ids out through the two-call buffer pattern. Each export keeps its
// own C signature (the header's contract) and says in one line which property it reaches.

/// One kind of id the exports take: how to resolve it in an engine, and the argument name its
/// messages use when the export does not name it otherwise.
struct IDKind<Object> {
    let name: String
    let resolve: (EngineBox, UInt64, String) throws(StatusFailure) -> Object
}

extension IDKind where Object == View {
    static var view: IDKind { IDKind(name: "view") { box, id, name throws(StatusFailure) in try box.view(id, name) } }
}

extension IDKind where Object == StackView {
    static var stack: IDKind {
        IDKind(name: "stack") { box, id, name throws(StatusFailure) in try box.stackView(id, name) }
    }
}

extension IDKind where Object == LayoutGuide {
    static var guide: IDKind { IDKind(name: "guide") { box, id, name throws(StatusFailure) in try box.guide(id, name) } }
}

extension IDKind where Object == LayoutItem {
    static var item: IDKind { IDKind(name: "item") { box, id, name throws(StatusFailure) in try box.item(id, name) } }
}

extension IDKind where Object == LayoutConstraint {
    static var constraint: IDKind {
        IDKind(name: "constraint") { box, id, name throws(StatusFailure) in try box.constraint(id, name) }
    }
}

/// Runs `assign` on the object `id` names (an export that sets one property). The id is checked
/// before `assign` converts the value, so a call with both wrong reports the id, as every export
/// does. (A closure, not a key path: key paths made at run time are cached by the Swift runtime
/// for the life of the process, which valgrind reports as memory still reachable at exit.)
func setProperty<Object>(_ engine: OpaquePointer?, _ kind: IDKind<Object>, _ id: UInt64,
                         _ assign: (Object) throws(StatusFailure) -> Void) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        try assign(try kind.resolve(box, id, kind.name))
    }
}

/// Writes `read(object)` to `out` for the object `id` names: the id first, then what `read`
/// checks, then `out`.
func readProperty<Object, CValue>(_ engine: OpaquePointer?, _ kind: IDKind<Object>, _ id: UInt64,
                                  _ out: UnsafeMutablePointer<CValue>?,
                                  _ read: (Object) throws(StatusFailure) -> CValue) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let value = try read(try kind.resolve(box, id, kind.name))
        try require(out, "out").pointee = value
    }
}

/// Copies `read(object)` out through the two-call string pattern, for the object `id` names.
func readString<Object>(_ engine: OpaquePointer?, _ kind: IDKind<Object>, _ id: UInt64,
                        _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                        _ needed: UnsafeMutablePointer<Int>?,
                        _ read: (Object) throws(StatusFailure) -> String) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let text = try read(try kind.resolve(box, id, kind.name))
        try copyString(text, to: buffer, capacity: capacity, needed: needed)
    }
}

/// Runs `body` on the object `id` names (an export whose work is one call of the view model),
/// with the view model's errors as statuses.
func withObject<Object, E: StatusError>(_ engine: OpaquePointer?, _ kind: IDKind<Object>, _ id: UInt64,
                                        _ body: (Object) throws(E) -> Void) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let object = try kind.resolve(box, id, kind.name)
        try check { () throws(E) in try body(object) }
    }
}

/// The two-call pattern for a list of ids. An empty list needs no buffer: `needed` is 0 and a
/// NULL buffer is fine, so a first call with capacity 0 succeeds.
func copyIDs<Items: Collection>(_ items: Items, _ id: (Items.Element) -> UInt64,
                                to out: UnsafeMutablePointer<UInt64>?, capacity: Int,
                                needed: UnsafeMutablePointer<Int>?, unit: String) throws(StatusFailure) {
    if items.isEmpty {
        needed?.pointee = 0
        return
    }
    let out = try checkCapacity(items.count, capacity: capacity, buffer: out, needed: needed, unit: unit)
    for (i, item) in items.enumerated() { out[i] = id(item) }
}
