import Tether

/// Imports Interface Builder documents (.storyboard and .xib, Xcode 8 and later) as Tether
/// hierarchies: every scene's view controller view, every top-level view or cell of a xib, and
/// every prototype or static cell roots one; every view keeps its IB id as its identifier.
/// See docs/interface-builder.md for what is read and what is reported instead.
public struct InterfaceBuilderImporter {
    /// Gives each view its intrinsic content size; by default the saved frame's size for the
    /// classes that have one in UIKit (`SavedFrameIntrinsicSize`).
    public var intrinsicSize: IntrinsicSizeProvider
    /// The device, orientation or screen size to lay the document out for instead of the one it
    /// names (ImportOptions.swift); none by default.
    public var options: ImportOptions

    public init(intrinsicSize: @escaping IntrinsicSizeProvider = SavedFrameIntrinsicSize.size(for:),
                options: ImportOptions = ImportOptions()) {
        self.intrinsicSize = intrinsicSize
        self.options = options
    }

    /// Reads `text` and builds its hierarchies in `engine`. Throws, with a line and column, for
    /// XML that is not well-formed, a document that is not Interface Builder's, a value that
    /// cannot be read, or a reference to an id no element has, and (line 0) for `options` naming a
    /// device the table lacks or a size that is not finite and positive; the engine is then
    /// unchanged. Call `layout()` on the result to lay every root out.
    public func importDocument(_ text: String, into engine: LayoutEngine) throws(ImportError) -> ImportedDocument {
        try options.validate()
        let xml: XMLElement
        do {
            xml = try XMLReader.parse(text)
        } catch {
            throw ImportError(error)
        }
        var model = try DocumentReader.read(xml, options: options)
        model.apply(options)
        var builder = HierarchyBuilder(model: model, engine: engine, intrinsicSize: intrinsicSize)
        return try builder.build()
    }

    /// `importDocument(_:into:)` for UTF-8 bytes (a file, the C ABI): bytes that are not valid
    /// UTF-8 are an error with the line and column of the first one.
    public func importDocument(bytes: [UInt8], into engine: LayoutEngine) throws(ImportError) -> ImportedDocument {
        let text: String
        do {
            text = try UTF8Text.decode(bytes)
        } catch {
            throw ImportError(error)
        }
        return try importDocument(text, into: engine)
    }
}
