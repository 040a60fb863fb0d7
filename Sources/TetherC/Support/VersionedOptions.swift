import CTether

/// The check every versioned options struct of the C API gets (tether_svg_options,
/// tether_ib_options): its first field, `struct_size`, says which version of the struct the
/// caller compiled against. A struct smaller than this library's first version, or absurdly
/// large, is garbage; a newer, larger one is accepted while every byte this library does not
/// know is 0 (the default of every field added later), so older libraries keep working with
/// newer headers as long as the new fields are not used.
enum VersionedOptions {
    /// No version of a struct will come near this: a larger `struct_size` is garbage, and
    /// scanning that far past the caller's struct could leave its memory.
    static let largestSize = 1024

    /// Checks the struct at `pointer` of C type `name` (`tether_svg_options`) whose `struct_size`
    /// is `size`, against `knownSize` (this library's `MemoryLayout<…>.size`); `initializer`
    /// names the macro callers start from.
    static func check(_ pointer: UnsafeRawPointer, size: Int, knownSize: Int, name: String,
                      initializer: String) throws(StatusFailure) {
        guard size >= knownSize, size <= largestSize else {
            throw invalidArgument("options->struct_size is \(size): it must be sizeof(\(name)) "
                + "(at least \(knownSize), at most \(largestSize)); start from \(initializer)")
        }
        for offset in knownSize..<size where pointer.load(fromByteOffset: offset, as: UInt8.self) != 0 {
            throw invalidArgument("options->struct_size is \(size) and byte \(offset) is not 0: this library "
                + "knows only the first \(knownSize) bytes of \(name) (version \(TETHER_VERSION_MAJOR).\(TETHER_VERSION_MINOR))")
        }
    }
}
