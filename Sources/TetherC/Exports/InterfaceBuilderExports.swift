import CTether
import Tether
import TetherDocument
import TetherInterfaceBuilder

// Interface Builder documents through the C ABI: the bytes go to the importer as they are (it
// checks the UTF-8 itself, with positions), its errors become TETHER_E_PARSE with
// "line L, column C: <message>", and the two-call patterns are applied. No logic lives here.

extension ImportError {
    /// The C failure for a document that cannot be imported.
    var statusFailure: StatusFailure {
        // Line 0: options that cannot be honoured, checked before the document is read.
        StatusFailure(status: line == 0 ? TETHER_E_INVALID_ARGUMENT : TETHER_E_PARSE, message: description)
    }
}

/// The `length` bytes at `xml`, checked as tether_document_load checks its text.
private func xmlBytes(_ xml: UnsafePointer<CChar>?, _ length: Int) throws(StatusFailure) -> [UInt8] {
    guard try checkedCount(length, "length") > 0 else { return [] }
    let text = try require(xml, "xml")
    // The copy, and the element tree (a few times the text at most).
    try ensureAllocatable(length, bytesPerElement: 16, "length")
    return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(text), count: length))
}

/// Imports `bytes` into `engine` with `options`, its errors as C failures.
private func importDocument(_ bytes: [UInt8], into engine: LayoutEngine,
                            options: ImportOptions = ImportOptions()) throws(StatusFailure) -> ImportedDocument {
    do throws(ImportError) {
        return try InterfaceBuilderImporter(options: options).importDocument(bytes: bytes, into: engine)
    } catch {
        throw error.statusFailure
    }
}

@c @implementation
public func tether_ib_import(_ engine: OpaquePointer!, _ xml: UnsafePointer<CChar>!, _ length: Int,
                             _ roots: UnsafeMutablePointer<tether_view>!, _ capacity: Int,
                             _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let document = try importDocument(try xmlBytes(xml, length), into: box.engine)
        try handOutMade(document.roots.map(\.view.id), to: roots, capacity: capacity, needed: needed, unit: "roots") {
            // Freeing a root frees its subtree, its guides and every constraint naming them.
            for root in document.roots { box.engine.free(root.view) }
        }
    }
}

@c @implementation
public func tether_ib_describe(_ xml: UnsafePointer<CChar>!, _ length: Int, _ buffer: UnsafeMutablePointer<CChar>!,
                               _ capacity: Int, _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    do throws(StatusFailure) {
        // An engine of its own: the description needs an import, and no caller's engine may change.
        let document = try importDocument(try xmlBytes(xml, length), into: LayoutEngine())
        let text = JSONWriter.string(InterfaceBuilderDescription.json(of: document), style: .compact)
        try copyString(text, to: buffer, capacity: capacity, needed: needed)
        return TETHER_OK
    } catch {
        return failure(error.status, error.message)
    }
}

@c @implementation
public func tether_ib_import_with_options(_ engine: OpaquePointer!, _ xml: UnsafePointer<CChar>!, _ length: Int,
                                          _ options: UnsafePointer<tether_ib_options>!,
                                          _ roots: UnsafeMutablePointer<tether_view>!, _ capacity: Int,
                                          _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let options = try ibOptions(options)
        let document = try importDocument(try xmlBytes(xml, length), into: box.engine, options: options)
        try handOutMade(document.roots.map(\.view.id), to: roots, capacity: capacity, needed: needed, unit: "roots") {
            for root in document.roots { box.engine.free(root.view) }
        }
    }
}

@c @implementation
public func tether_ib_describe_with_options(_ xml: UnsafePointer<CChar>!, _ length: Int,
                                            _ options: UnsafePointer<tether_ib_options>!,
                                            _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                            _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    do throws(StatusFailure) {
        let options = try ibOptions(options)
        let document = try importDocument(try xmlBytes(xml, length), into: LayoutEngine(), options: options)
        let text = JSONWriter.string(InterfaceBuilderDescription.json(of: document), style: .compact)
        try copyString(text, to: buffer, capacity: capacity, needed: needed)
        return TETHER_OK
    } catch {
        return failure(error.status, error.message)
    }
}
