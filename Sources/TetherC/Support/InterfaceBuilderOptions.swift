import CTether
import Tether
import TetherInterfaceBuilder

// tether_ib_options, checked as its header comment says (the versioning of tether_svg_options).


/// The options a caller passed (NULL: the defaults), checked; a device the table lacks is
/// TETHER_E_INVALID_ARGUMENT naming the known ones.
func ibOptions(_ pointer: UnsafePointer<tether_ib_options>?) throws(StatusFailure) -> ImportOptions {
    guard let pointer else { return ImportOptions() }
    try VersionedOptions.check(UnsafeRawPointer(pointer), size: Int(pointer.pointee.struct_size),
                               knownSize: MemoryLayout<tether_ib_options>.size, name: "tether_ib_options",
                               initializer: "TETHER_IB_OPTIONS_INIT")
    let o = pointer.pointee
    var options = ImportOptions()
    switch o.orientation {
    case Int32(TETHER_IB_ORIENTATION_DOCUMENT): break
    case Int32(TETHER_IB_ORIENTATION_PORTRAIT): options.landscape = false
    case Int32(TETHER_IB_ORIENTATION_LANDSCAPE): options.landscape = true
    default:
        throw invalidArgument("options->orientation is \(o.orientation): it must be TETHER_IB_ORIENTATION_DOCUMENT (0), "
            + "TETHER_IB_ORIENTATION_PORTRAIT (1) or TETHER_IB_ORIENTATION_LANDSCAPE (2)")
    }
    if let device = o.device { options.device = try decodeString(device, "options->device") }
    if o.width != 0 || o.height != 0 {
        guard o.width.isFinite, o.height.isFinite, o.width > 0, o.height > 0 else {
            throw invalidArgument("options->width and options->height are \(o.width) and \(o.height): "
                + "both 0 (no freeform size) or both finite and > 0")
        }
        options.size = Size(width: o.width, height: o.height)
    }
    do throws(ImportError) {
        try options.validate()
    } catch {
        throw invalidArgument(error.message)
    }
    return options
}
