import CTether
import Tether
import TetherDocument

// Layout documents through the C ABI: the bytes are handed to `LayoutDocument` as they are
// (it checks the UTF-8 itself, with positions), its errors become TETHER_E_PARSE with
// "<JSON path>: <message>", and the two-call patterns are applied. No logic lives here.

extension LayoutDocumentError {
    /// The C failure for a document that is not valid.
    var statusFailure: StatusFailure {
        StatusFailure(status: TETHER_E_PARSE, message: description)
    }
}

@c @implementation
public func tether_document_load(_ engine: OpaquePointer!, _ json: UnsafePointer<CChar>!, _ length: Int,
                                 _ roots: UnsafeMutablePointer<tether_view>!, _ capacity: Int,
                                 _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        var bytes: [UInt8] = []
        if try checkedCount(length, "length") > 0 {
            let text = try require(json, "json")
            // The copy, and the parsed values (a few times the text at most).
            try ensureAllocatable(length, bytesPerElement: 16, "length")
            bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(text), count: length))
        }
        let document: LayoutDocument
        do throws(LayoutDocumentError) {
            document = try LayoutDocument.load(bytes: bytes, into: box.engine)
        } catch {
            throw error.statusFailure
        }
        try handOutMade(document.roots.map(\.id), to: roots, capacity: capacity, needed: needed, unit: "roots") {
            document.discard()
        }
    }
}

@c @implementation
public func tether_document_item_named(_ engine: OpaquePointer!, _ root: tether_view,
                                       _ name: UnsafePointer<CChar>!,
                                       _ out: UnsafeMutablePointer<tether_item>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let view = try box.view(root, "root")
        let text = try decodeString(try require(name, "name"), "name")
        let out = try require(out, "out")
        guard let item = LayoutDocument.item(named: text, in: view) else {
            throw StatusFailure(status: TETHER_E_NOT_FOUND,
                                message: "no view or layout guide in the subtree of \(view.debugName) has the identifier \(text.debugDescription)")
        }
        out.pointee = item.id
    }
}

@c @implementation
public func tether_document_constraints_with_identifier(
    _ engine: OpaquePointer!, _ root: tether_view, _ identifier: UnsafePointer<CChar>!,
    _ out: UnsafeMutablePointer<tether_layout_constraint>!, _ capacity: Int,
    _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let view = try box.view(root, "root")
        let text = try decodeString(try require(identifier, "identifier"), "identifier")
        let list = LayoutDocument.constraints(withIdentifier: text, in: view)
        try copyIDs(list, { $0.id }, to: out, capacity: capacity, needed: needed, unit: "constraints")
    }
}

@c @implementation
public func tether_document_save(_ engine: OpaquePointer!, _ root: tether_view,
                                 _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                 _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let view = try box.view(root, "root")
        let (document, reportRenames) = try checkLayout { () throws(LayoutError) in try LayoutDocument.saved([view]) }
        try copyString(JSONWriter.string(document, style: .pretty), to: buffer, capacity: capacity, needed: needed)
        // Once, when the text is handed over (not for the call that only asks for the size).
        reportRenames()
    }
}
