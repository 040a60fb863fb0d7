#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CTether
import Tether
import TetherDocument

// Rendering through the C ABI: the versioned options struct, the SVG document through the
// two-call pattern or into a file. The drawing itself is Tether's SVGRenderer.


/// The options a caller passed (NULL: the defaults), checked as the header says.
func svgOptions(_ pointer: UnsafePointer<tether_svg_options>?) throws(StatusFailure) -> SVGOptions {
    guard let pointer else { return SVGOptions() }
    // A newer header's fields: only their zero (default) values can be honoured here.
    try VersionedOptions.check(UnsafeRawPointer(pointer), size: Int(pointer.pointee.struct_size),
                               knownSize: MemoryLayout<tether_svg_options>.size, name: "tether_svg_options",
                               initializer: "TETHER_SVG_OPTIONS_INIT")
    let o = pointer.pointee
    guard o.flags & ~UInt32(TETHER_SVG_ALL_FLAGS) == 0 else {
        throw invalidArgument("options->flags 0x\(String(o.flags, radix: 16)) has bits this library does not know "
            + "(TETHER_SVG_ALL_FLAGS is 0x\(String(UInt32(TETHER_SVG_ALL_FLAGS), radix: 16)))")
    }
    func on(_ bit: some BinaryInteger) -> Bool { o.flags & UInt32(bit) != 0 }
    let options = SVGOptions(showsConstraints: on(TETHER_SVG_CONSTRAINTS),
                             highlightsAmbiguity: on(TETHER_SVG_AMBIGUITY),
                             marksBrokenConstraints: on(TETHER_SVG_BROKEN),
                             showsLayoutMargins: on(TETHER_SVG_MARGINS),
                             showsLayoutGuides: on(TETHER_SVG_GUIDES),
                             scale: o.scale, padding: o.padding,
                             presentationTime: on(TETHER_SVG_PRESENTATION) ? o.presentation_time : nil)
    try checkLayout { () throws(LayoutError) in try options.validate() }
    return options
}

@c @implementation
public func tether_view_render_svg(_ engine: OpaquePointer!, _ view: tether_view,
                                   _ options: UnsafePointer<tether_svg_options>!,
                                   _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                   _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let o = try svgOptions(options)
        let document = try checkLayout { () throws(LayoutError) in try SVGRenderer(o).render(v) }
        try copyString(document, to: buffer, capacity: capacity, needed: needed)
    }
}

@c @implementation
public func tether_view_write_svg(_ engine: OpaquePointer!, _ view: tether_view,
                                  _ options: UnsafePointer<tether_svg_options>!,
                                  _ path: UnsafePointer<CChar>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let o = try svgOptions(options)
        let path = try require(path, "path")
        let document = try checkLayout { () throws(LayoutError) in try SVGRenderer(o).render(v) }
        try writeFile(path, Array(document.utf8))
    }
}

/// The animation options a caller passed (NULL: the defaults), checked as the header says.
func svgAnimationOptions(_ svg: UnsafePointer<tether_svg_options>?,
                         _ pointer: UnsafePointer<tether_svg_animation_options>?) throws(StatusFailure) -> SVGAnimationOptions {
    var drawing = try svgOptions(svg)
    drawing.presentationTime = nil
    guard let pointer else { return SVGAnimationOptions(svg: drawing) }
    try VersionedOptions.check(UnsafeRawPointer(pointer), size: Int(pointer.pointee.struct_size),
                               knownSize: MemoryLayout<tether_svg_animation_options>.size,
                               name: "tether_svg_animation_options", initializer: "TETHER_SVG_ANIMATION_OPTIONS_INIT")
    let o = pointer.pointee
    guard o.flags & ~UInt32(TETHER_SVG_ANIMATION_ALL_FLAGS) == 0 else {
        throw invalidArgument("animation->flags 0x\(String(o.flags, radix: 16)) has bits this library does not know "
            + "(TETHER_SVG_ANIMATION_ALL_FLAGS is 0x\(String(UInt32(TETHER_SVG_ANIMATION_ALL_FLAGS), radix: 16)))")
    }
    var repeatCount: Double?
    if o.flags & UInt32(TETHER_SVG_ANIMATION_REPEAT_FOREVER) != 0 {
        repeatCount = .infinity
    } else if o.repeat_count != 0 {
        guard o.repeat_count.isFinite, o.repeat_count > 0 else {
            throw invalidArgument("animation->repeat_count must be 0 (once) or finite and greater than 0, got \(formatNumber(o.repeat_count))")
        }
        repeatCount = o.repeat_count
    }
    let options = SVGAnimationOptions(svg: drawing, framesPerSecond: o.frames_per_second, repeatCount: repeatCount)
    try checkLayout { () throws(LayoutError) in try options.validate() }
    return options
}

@c @implementation
public func tether_view_animation_sample_times(_ engine: OpaquePointer!, _ view: tether_view, _ framesPerSecond: Double,
                                               _ times: UnsafeMutablePointer<Double>!, _ capacity: Int,
                                               _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let samples = try checkLayout { () throws(LayoutError) in
            try SVGAnimation.sampleTimes(of: v, framesPerSecond: framesPerSecond)
        }
        let out = try checkCapacity(samples.count, capacity: capacity, buffer: times, needed: needed, unit: "times")
        for (i, t) in samples.enumerated() { out[i] = t }
    }
}

@c @implementation
public func tether_view_render_animated_svg(_ engine: OpaquePointer!, _ view: tether_view,
                                           _ svg: UnsafePointer<tether_svg_options>!,
                                           _ animation: UnsafePointer<tether_svg_animation_options>!,
                                           _ buffer: UnsafeMutablePointer<CChar>!, _ capacity: Int,
                                           _ needed: UnsafeMutablePointer<Int>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let o = try svgAnimationOptions(svg, animation)
        let document = try checkLayout { () throws(LayoutError) in try SVGAnimation.animatedDocument(of: v, o) }
        try copyString(document, to: buffer, capacity: capacity, needed: needed)
    }
}

@c @implementation
public func tether_view_write_animated_svg(_ engine: OpaquePointer!, _ view: tether_view,
                                          _ svg: UnsafePointer<tether_svg_options>!,
                                          _ animation: UnsafePointer<tether_svg_animation_options>!,
                                          _ path: UnsafePointer<CChar>!) -> tether_status {
    withEngine(engine) { box throws(StatusFailure) in
        let v = try box.view(view)
        let o = try svgAnimationOptions(svg, animation)
        let path = try require(path, "path")
        let document = try checkLayout { () throws(LayoutError) in try SVGAnimation.animatedDocument(of: v, o) }
        try writeFile(path, Array(document.utf8))
    }
}

/// Writes `bytes` to the file at `path` (created or replaced). Failures are TETHER_E_IO with
/// the path and the system's reason; a file left incomplete is removed, so that no caller
/// mistakes half a document for a drawing.
func writeFile(_ path: UnsafePointer<CChar>, _ bytes: [UInt8]) throws(StatusFailure) {
    // For messages only: the path goes to the system as the caller's bytes.
    let shown = String(decoding: UnsafeRawBufferPointer(start: path, count: strlen(path)), as: UTF8.self)
    guard let file = fopen(path, "wb") else {
        throw StatusFailure(status: TETHER_E_IO, message: "cannot open '\(shown)' for writing: \(systemReason(errno))")
    }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let writeError = written == bytes.count ? 0 : errno
    let closed = fclose(file) == 0
    let closeError = closed ? 0 : errno
    guard written == bytes.count, closed else {
        remove(path)
        throw StatusFailure(status: TETHER_E_IO,
                            message: "cannot write '\(shown)': \(systemReason(writeError != 0 ? writeError : closeError))")
    }
}

/// The C library's text for an `errno` value.
private func systemReason(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
